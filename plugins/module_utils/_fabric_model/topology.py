# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the model's vPC pairs, fabric links, edge connections and policies as the ``config`` of our
vpc_pairs, links and policies modules, as NaC's templates (ndfc_vpc, ndfc_fabric_links, ndfc_edge_connections, ndfc_policy)
make them."""

from __future__ import annotations

import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import reader
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.keys import (
    EDGE_CONNECTION_KEYS, FABRIC_LINK_KEYS, POLICY_PRIORITY, VPC_PEER_KEYS)

PRE_PROVISIONED_LINK = 'int_pre_provision_intra_fabric_link'
HOSTNAME_POLICY = 'host_11_1'
PARAMS = 'template_params.'
# NaC's two policies of an edge connection: (template, priority, the prefix of its description).
EDGE_PEER_TEMPLATE = ('bgp_peer_template_dci_underlay_jython', 475, 'nace_bgp_peer_template_dci_underlay_jython_')
EDGE_INTERFACE = ('ebgp_underlay_dci_template', 500, 'nace_ebgp_underlay_dci_template_')


def text(given):
    """A template parameter as the controller stores it; NaC's block scalars end without a line break."""
    if isinstance(given, bool):
        return 'true' if given else 'false'
    return str(given).rstrip('\n') if '\n' in str(given) else str(given).strip()


def rows_config(item, rows, addresses):
    """The options the rows of an item give (``switch:`` hostnames as addresses, interfaces as the switch names them)."""
    config = {'template_params': {}}
    for row in rows:
        given = reader.value(item, row)
        if given is None or '[]' in row.path:
            continue
        if row.target.startswith('switch:'):
            config[row.target[len('switch:'):]] = addresses[given]
        elif row.target.startswith('interface:'):
            config[row.target[len('interface:'):]] = reader.interface_name(given)
        elif row.target.startswith(PARAMS):
            config['template_params'][row.target[len(PARAMS):]] = text(given)
        else:
            config[row.target] = given
    if not config['template_params']:
        del config['template_params']
    return config


def vpc_pairs(model, addresses):
    return [rows_config(pair, VPC_PEER_KEYS, addresses) for _path, pair in reader.items(model, 'topology.vpc_peers')]


def links(model, addresses):
    """The peer-links' pre-provisioned links (their interfaces pairwise, in order), then the fabric links."""
    found = []
    for _path, pair in reader.items(model, 'topology.vpc_peers'):
        for one, two in zip(pair.get('peer1_peerlink_interfaces') or (), pair.get('peer2_peerlink_interfaces') or ()):
            found.append({'src_switch': addresses[pair['peer1']], 'src_interface': reader.interface_name(one['name']),
                          'dst_switch': addresses[pair['peer2']], 'dst_interface': reader.interface_name(two['name']),
                          'template': PRE_PROVISIONED_LINK})
    found.extend(rows_config(link, FABRIC_LINK_KEYS, addresses) for _path, link in reader.items(model, 'topology.fabric_links'))
    return found


def hostname_policies(model, addresses):
    """Each switch's hostname, as NaC sets it after discovery: the switch's host_11_1 policy (described "", priority 100), its
    SWITCH_NAME the model's name of the switch."""
    return [{'switch': addresses[switch['name']], 'template': HOSTNAME_POLICY, 'description': '', 'priority': 100,
             'template_params': {'SWITCH_NAME': str(switch['name'])}} for _path, switch in reader.items(model, 'topology.switches')]


def edge_policies(model, addresses):
    fabric = reader.lookup(model, 'fabric.name')
    asn = str(reader.lookup(model, 'global.ibgp.bgp_asn'))
    found = []
    for _path, edge in reader.items(model, 'topology.edge_connections'):
        given = {row.target: reader.value(edge, row) for row in EDGE_CONNECTION_KEYS}
        secret = given.pop('template_params.BGP_PASSWORD')
        source, port, device = edge['source_device'], edge['source_interface'], edge['dest_device']
        template = '%s-%s-IPV4-EBGP' % (fabric, edge['dest_fabric'])
        description = given['DESC'] if given['DESC'] is not None else 'Device %s to Device %s' % (source, device)
        suffix = '%s_%s_%s' % (source, port, device)
        peer = {'BGP_PASSWORD': secret, 'BGP_PASSWORD_ENABLE': given['BGP_PASSWORD_ENABLE'], 'TEMPLATE_NAME': template,
                'NEIGHBOR_ASN': given['NEIGHBOR_ASN'], 'OVERRIDE_LOCAL_ASN': False, 'CONF': given['CONF']}
        # NaC sends FABRIC_NAME and an empty POLICY_ID too: the controller sets both itself, and our policies module refuses them
        interface = {'INTF_NAME': port, 'DESC': description, 'IP_MASK': given['IP_MASK'], 'NEIGHBOR_IP': given['NEIGHBOR_IP'],
                     'FF_CONF': given['FF_CONF'], 'SPEED': 'Auto', 'ADMIN_STATE': given['ADMIN_STATE'], 'BGP_PASSWORD': '',
                     'BGP_PASSWORD_ENABLE': False, 'MTU': given['MTU'], 'OVERRIDE_LOCAL_ASN': False,
                     'ROUTING_TAG': given['ROUTING_TAG'], 'SERIAL_NUMBER': '', 'asn': asn, 'BGP_TEMPLATE_NAME': template,
                     'INTF_CONF': given['INTF_CONF']}
        for (name, priority, prefix), params in ((EDGE_PEER_TEMPLATE, peer), (EDGE_INTERFACE, interface)):
            found.append({'switch': addresses[source], 'template': name, 'description': prefix + suffix, 'priority': priority,
                          'template_params': {key: text(value) for key, value in params.items()}})
    return found


def policies(model, addresses):
    """The switches' hostname policies, the edge connections' policies, then each switch's groups' policies, as NaC's
    ndfc_policy template makes them: described ``nac_<name>``, the priority the group gives the policy, else the group's, else
    NaC's 500."""
    known = {policy['name']: policy for _path, policy in reader.items(model, 'policy.policies')}
    groups = {group['name']: group for _path, group in reader.items(model, 'policy.groups')}
    found = hostname_policies(model, addresses) + edge_policies(model, addresses)
    if not known:
        return found
    for _path, switch in reader.items(model, 'policy.switches'):
        for group_name in switch.get('groups') or ():
            group = groups[group_name]
            for entry in group.get('policies') or ():
                policy = known[entry['name']]
                priority = entry.get('priority', group.get('priority', POLICY_PRIORITY))
                found.append({'switch': addresses[switch['name']], 'template': policy.get('template_name') or 'switch_freeform',
                              'description': 'nac_' + re.sub(r'\s+', '_', policy['name']), 'priority': priority,
                              'template_params': {key: text(value) for key, value in (policy.get('template_vars') or {}).items()}})
    return found
