# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the rules of the model's vPC pairs, fabric links, edge connections and policies."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import reader
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.rules import (
    check_named, check_number, valid_asn, valid_interface, valid_ip)

VPC_DOMAIN_RANGE = (1, 1000)


def check_references(model, switches, problems):
    """Every switch hostname these sections name is one of vxlan.topology.switches."""
    for list_path, keys in (('topology.vpc_peers', ('peer1', 'peer2')), ('topology.fabric_links', ('source_device', 'dest_device')),
                            ('topology.edge_connections', ('source_device',)), ('policy.switches', ('name',))):
        for path, item in reader.items(model, list_path):
            for key in keys:
                if item.get(key) is None:
                    problems.add('%s.%s' % (path, key), 'missing: give the switch by its hostname in vxlan.topology.switches.')
                elif item[key] not in switches:
                    problems.add('%s.%s' % (path, key), 'switch %r is not in vxlan.topology.switches: add it there, or fix the hostname.'
                                 % str(item[key]))


def check_vpc_peers(model, problems):
    paired, domains = {}, {}
    for path, pair in reader.items(model, 'topology.vpc_peers'):
        if pair.get('peer1') is not None and pair.get('peer1') == pair.get('peer2'):
            problems.add(path + '.peer2', 'a switch cannot pair with itself: give the other switch of the pair.')
        for key in ('peer1', 'peer2') if pair.get('peer1') != pair.get('peer2') else ('peer1',):
            hostname = pair.get(key)
            if hostname in paired:
                problems.add('%s.%s' % (path, key), 'switch %s is already in the vPC pair %s: a switch is in one pair at most.'
                             % (hostname, paired[hostname]))
            elif hostname is not None:
                paired[hostname] = path
        domain = pair.get('domain_id')
        check_number(domain, path + '.domain_id', 'vPC domain', VPC_DOMAIN_RANGE, problems)
        if domain is not None and domain in domains:
            problems.add(path + '.domain_id', 'vPC domain %s is also %s\'s: each pair has its own domain.' % (domain, domains[domain]))
        elif domain is not None:
            domains[domain] = path
        ones, twos = pair.get('peer1_peerlink_interfaces') or [], pair.get('peer2_peerlink_interfaces') or []
        for peer, ports in (('peer1', ones), ('peer2', twos)):
            for index, port in enumerate(ports):
                if port is not None and not port.get('name'):
                    problems.add('%s.%s_peerlink_interfaces[%d].name' % (path, peer, index), 'missing: give the peer-link '
                                 'interface, such as Ethernet1/53.')
        if len(ones) != len(twos):
            problems.add(path + '.peer2_peerlink_interfaces', 'peer one has %d peer-link interfaces and peer two %d: NaC links them '
                         'pairwise, in order; give both the same number.' % (len(ones), len(twos)))


def check_fabric_links(model, problems):
    for path, link in reader.items(model, 'topology.fabric_links'):
        if not link.get('template'):
            problems.add(path + '.template', 'missing: NaC makes nothing of a fabric link without its template; give one, such as '
                         'int_intra_fabric_num_link, or remove the link.')
        for key in ('source_interface', 'dest_interface'):
            if not link.get(key):
                problems.add('%s.%s' % (path, key), 'missing: give the interface of that end, such as Ethernet1/49.')
        for key in ('source_ipv4', 'dest_ipv4'):
            address = reader.lookup(link, 'ipv4.' + key)
            if address is not None and not valid_ip(address, 4):
                problems.add('%s.ipv4.%s' % (path, key), '%r is not an IPv4 address.' % str(address))


def check_edge_connections(model, problems):
    for path, edge in reader.items(model, 'topology.edge_connections'):
        for key, what in (('source_interface', 'the interface of the source switch'), ('dest_device', 'the external device\'s name'),
                          ('dest_fabric', 'the external fabric\'s name'), ('local_ip', 'the source interface\'s address')):
            if not edge.get(key):
                problems.add('%s.%s' % (path, key), 'missing: give %s.' % what)
        if edge.get('local_ip') and not valid_interface(edge['local_ip'], 4):
            problems.add(path + '.local_ip', '%r is not an IPv4 address with its prefix length, such as 10.33.0.1/30.'
                         % str(edge['local_ip']))
        if not valid_ip(edge.get('neighbor_ip'), 4):
            problems.add(path + '.neighbor_ip', 'missing or not an IPv4 address (%r): give the external device\'s address.'
                         % edge.get('neighbor_ip'))
        asn = reader.lookup(edge, 'bgp_section.neighbor_asn')
        if asn is None or not valid_asn(str(asn)):
            problems.add(path + '.bgp_section.neighbor_asn', 'missing or not a BGP AS number (%r): give the external device\'s, '
                         'such as "65300".' % asn)


def check_policies(model, problems):
    # NaC's policy names may hold spaces (a policy's description is nac_ and its name, spaces made _)
    policies = check_named(model, 'policy.policies', 'policy', problems, strict=False)
    groups = check_named(model, 'policy.groups', 'policy group', problems, strict=False)
    for name, (path, policy) in policies.items():
        params = policy.get('template_vars')
        if params is not None and not isinstance(params, dict):
            problems.add(path + '.template_vars', 'not a mapping: give the template\'s parameters by name.')
    for name, (path, group) in groups.items():
        for index, entry in enumerate(group.get('policies') or ()):
            if entry is None:
                continue
            policy = entry.get('name')
            if policy not in policies:
                problems.add('%s.policies[%d].name' % (path, index), 'policy %r is not in vxlan.policy.policies: add it there, or fix '
                             'the name.' % (policy,))
    for path, switch in reader.items(model, 'policy.switches'):
        for index, group in enumerate(switch.get('groups') or ()):
            if group is not None and group not in groups:
                problems.add('%s.groups[%d]' % (path, index), 'policy group %r is not in vxlan.policy.groups: add it there, or fix '
                             'the name.' % (group,))
