# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the shape of the ``vxlan`` model (a mapping, a list, a single value where NaC's schema says),
checked first, so that the rules after it read a model of the right shape: a part of the wrong one is named as a problem
and left out of the copy they read (an item of a list becomes None, keeping the others' positions)."""

from __future__ import annotations

import copy

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import reader

LIST_OF_MAPS = frozenset((
    'global.ibgp.dns_servers', 'global.ibgp.ntp_servers', 'topology.switches', 'topology.switches[].interfaces',
    'overlay.vrfs', 'overlay.networks', 'overlay.vrf_attach_groups', 'overlay.vrf_attach_groups[].switches',
    'overlay.network_attach_groups', 'overlay.network_attach_groups[].switches', 'topology.vpc_peers',
    'topology.vpc_peers[].peer1_peerlink_interfaces', 'topology.vpc_peers[].peer2_peerlink_interfaces', 'topology.fabric_links',
    'topology.edge_connections', 'policy.policies', 'policy.groups', 'policy.groups[].policies', 'policy.switches',
))
LIST_OF_VALUES = frozenset(('overlay.network_attach_groups[].switches[].ports', 'topology.switches[].interfaces[].members',
                            'policy.switches[].groups'))
# Keys of a row whose value is a mapping the rules check themselves (a range's from and to, a policy's parameters).
MAP_VALUES = frozenset(('global.ibgp.layer2_vni_range', 'global.ibgp.layer3_vni_range', 'global.ibgp.layer2_vlan_range',
                        'global.ibgp.layer3_vlan_range', 'policy.policies[].template_vars'))
SCALAR = (str, int, float, bool)


def shaped(model, problems):
    """A copy of ``model`` without the parts of the wrong shape, each one a problem by its path."""
    accepted = reader.accepted_paths()
    work = copy.deepcopy(model)
    walk(work, 'vxlan', '', accepted, problems)
    return work


def expected(pattern, accepted):
    if pattern in LIST_OF_MAPS:
        return 'list of mappings'
    if pattern in LIST_OF_VALUES:
        return 'list of values'
    if pattern in MAP_VALUES:
        return None
    if pattern in accepted:
        return 'value'
    if pattern == '' or pattern in reader.sections(accepted | LIST_OF_MAPS | LIST_OF_VALUES):
        return 'mapping'
    return None  # a key no row takes: refused by the rules, whatever its shape


def walk(node, shown, pattern, accepted, problems):
    """False when ``node`` has the wrong shape (reported); the parts of the wrong shape inside it are left out."""
    want = expected(pattern, accepted)
    if node is None or want is None:
        return True
    if want == 'value':
        if isinstance(node, SCALAR):
            return True
        problems.add(shown, 'not a single value: give a text or a number here, not a %s.' % kind(node))
        return False
    if want == 'mapping':
        if not isinstance(node, dict):
            problems.add(shown, 'not a mapping: give the keys of this section here, not a %s.' % kind(node))
            return False
        for name in list(node):
            if not walk(node[name], '%s.%s' % (shown, name), '%s.%s' % (pattern, name) if pattern else str(name), accepted,
                        problems):
                del node[name]
        return True
    if not isinstance(node, list):
        problems.add(shown, 'not a list: give a %s here, not a %s.' % (want, kind(node)))
        return False
    for index, item in enumerate(node):
        where = '%s[%d]' % (shown, index)
        if want == 'list of values':
            if not isinstance(item, SCALAR):
                problems.add(where, 'not a single value: give a text or a number here, not a %s.' % kind(item))
                node[index] = None
        elif not isinstance(item, dict):
            problems.add(where, 'not a mapping: give the keys of this item here, not a %s.' % kind(item))
            node[index] = None
        else:
            walk(item, where, pattern + '[]', accepted, problems)
    return True


def kind(node):
    if node is None:
        return 'null'
    return {dict: 'mapping', list: 'list', str: 'text', bool: 'boolean'}.get(type(node), 'number')
