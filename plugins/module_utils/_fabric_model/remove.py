# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the policies and links the model no longer names, for the remove stage of the role, per
NaC's ``*_delete_mode`` flag of their kind, as NaC's remove role tells them from what the controller made itself:

- ``policy_delete_mode``: the switch policies described ``nac_<name>`` (NaC's policy groups name them so) that the model's
  policy groups no longer give the switch;
- ``edge_connections_delete_mode``: the policies described ``nace_...`` (and ``edge_...``, NaC's earlier prefix) that the
  model's edge connections no longer make;
- ``link_vpc_delete_mode``: the pre-provisioned intra-fabric links (``int_pre_provision_intra_fabric_link``, the template
  NaC makes a vPC peer-link's links with, which the controller does not use for the links it discovers) that the model's
  vPC peers no longer name.

The policies are those our policies module gathers (a user's, on the switch itself: never the controller's own), the links
those our links module gathers; each is known by what the module keys it by (a policy by its switch, template and
description, a link by its two ends), a switch by its name or its management address. Deleting them goes through the
modules' ``deleted``.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.topology import PRE_PROVISIONED_LINK

# How NaC's descriptions tell the policies it made, per flag (topology.policies: nac_<name>; topology.EDGE_PEER_TEMPLATE and
# EDGE_INTERFACE: nace_<template>_...)
POLICY_PREFIXES = {'policy_delete_mode': ('nac_',), 'edge_connections_delete_mode': ('nace_', 'edge_')}


def unnamed(resources, gathered, switch_names, modes):
    """{'policies': [...], 'links': [...]}: the config of the policies and links modules' ``deleted`` for what ``gathered``
    ({'policies': [...], 'links': [...]}, as those modules gather them) holds that ``resources`` (the model's config of each
    module) no longer names, of the kinds whose flag in ``modes`` is true. ``switch_names``: {address: name}."""
    def same_switch(label):
        return {str(label), str(switch_names.get(label, label))}

    prefixes = tuple(prefix for mode, kind_prefixes in POLICY_PREFIXES.items() if modes.get(mode) for prefix in kind_prefixes)
    named_policies = {(name, policy['template'], policy.get('description') or '')
                      for policy in resources.get('policies') or () for name in same_switch(policy['switch'])}
    policies = [{'switch': policy['switch'], 'template': policy['template'], 'description': policy['description']}
                for policy in gathered.get('policies') or ()
                if prefixes and str(policy.get('description') or '').startswith(prefixes)
                and (str(policy['switch']), policy['template'], policy['description']) not in named_policies]

    def ends(link):
        return frozenset(((switch, link['src_interface']) for switch in same_switch(link['src_switch']))) | frozenset(
            ((switch, link['dst_interface']) for switch in same_switch(link['dst_switch'])))

    named_links = [ends(link) for link in resources.get('links') or ()]
    links = []
    if modes.get('link_vpc_delete_mode'):
        for link in gathered.get('links') or ():
            if link.get('template') != PRE_PROVISIONED_LINK:
                continue
            mine = {(str(link['src_switch']), link['src_interface']), (str(link['dst_switch']), link['dst_interface'])}
            if not any(mine <= named for named in named_links):
                links.append({key: link[key] for key in ('src_fabric', 'src_switch', 'src_interface', 'dst_fabric', 'dst_switch',
                                                         'dst_interface') if link.get(key) is not None})
    return {'policies': policies, 'links': links}
