# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the whole ``vxlan`` model checked offline, every problem at once, each named by its path."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import intent, interfaces, rules, shape, topology_rules


def validate(model):
    """[{path, msg}] of every problem of ``model`` (the ``vxlan`` dict): the model's own rules, the keys this collection does
    not implement, then our resources' intent checks across the fabric. Empty when the model can be translated."""
    problems = rules.Problems()
    if not isinstance(model, dict):
        problems.add('vxlan', 'not a mapping: give the model\'s vxlan dict (the host variable vxlan of the fabric\'s inventory host).')
        return problems.found
    model = shape.shaped(model, problems)
    rules.check_fabric(model, problems)
    rules.check_keys(model, problems)
    switches = rules.check_switches(model, problems)
    interfaces.check(model, problems)
    vrf_groups = rules.check_attach_groups(model, 'overlay.vrf_attach_groups', 'VRF attach group', switches, problems)
    network_groups = rules.check_attach_groups(model, 'overlay.network_attach_groups', 'network attach group', switches, problems)
    vrfs = rules.check_vrfs(model, vrf_groups, problems)
    networks = rules.check_networks(model, vrfs, network_groups, problems)
    topology_rules.check_references(model, switches, problems)
    topology_rules.check_vpc_peers(model, problems)
    topology_rules.check_fabric_links(model, problems)
    topology_rules.check_edge_connections(model, problems)
    topology_rules.check_policies(model, problems)
    intent.check_vnis(vrfs, networks, problems)
    intent.check_vlans(vrfs, networks, vrf_groups, network_groups, problems)
    intent.check_ports(model, network_groups, problems)
    return problems.found
