# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the ``vxlan`` model's own rules (NaC's schema and its validate rules, as this collection needs
them), each problem named by its path in the model with what is wrong and how to fix it."""

from __future__ import annotations

import ipaddress
import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import reader
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.keys import (
    CHOICES, FABRIC_KEYS, LISTS, NO_EFFECT, ONLY_DEFAULT)
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import NAME_PATTERN
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import ROLES

FABRIC_TYPE = 'VXLAN_EVPN'
NOT_IMPLEMENTED = ('not implemented by fabricops.dashboard: no resource of this collection takes this key yet; remove it from the '
                   'model (or keep this fabric on NaC\'s own roles), so that nothing the model says is silently dropped')
VNI_RANGE = (1, 16777214)
# VLAN 1 is the switches' default VLAN, 3968 and up are NX-OS's reserved ones (NaC's spanning-tree range ends at 3967).
VLAN_RANGE = (2, 3967)
SERIAL = re.compile(r'^[A-Za-z0-9_.:-]{1,16}$')
ASN = re.compile(r'^(\d+)(?:\.(\d+))?$')


class Problems:
    def __init__(self):
        self.found = []

    def add(self, path, msg):
        self.found.append({'path': path, 'msg': msg})


def check_fabric(model, problems):
    fabric_type = reader.lookup(model, 'fabric.type')
    if fabric_type is None:
        problems.add('vxlan.fabric.type', 'missing: give the fabric type; fabricops.dashboard runs %s fabrics.' % FABRIC_TYPE)
    elif fabric_type != FABRIC_TYPE:
        problems.add('vxlan.fabric.type', 'fabric type %r is not supported by fabricops.dashboard: it runs %s fabrics only (an iBGP '
                     'VXLAN EVPN fabric, template Easy_Fabric); keep this fabric on NaC\'s own roles.' % (str(fabric_type), FABRIC_TYPE))
    name = reader.lookup(model, 'fabric.name')
    if name is None:
        problems.add('vxlan.fabric.name', 'missing: give the fabric\'s name.')
    elif not NAME_PATTERN.match(str(name)):
        problems.add('vxlan.fabric.name', 'fabric name %r is not a valid name: use 1 to 64 letters, digits, _, ., : or -.' % str(name))
    asn = reader.lookup(model, 'global.ibgp.bgp_asn')
    if asn is None:
        problems.add('vxlan.global.ibgp.bgp_asn', 'missing: a VXLAN_EVPN fabric needs its BGP AS number, such as "65001".')
    elif not valid_asn(str(asn)):
        problems.add('vxlan.global.ibgp.bgp_asn', 'BGP AS number %r is not one: give 1 to 4294967295, or dotted such as "65001.100" '
                     '(quote it, so YAML reads it as text).' % str(asn))
    for name, kind in (('layer2_vni_range', 'VNI'), ('layer3_vni_range', 'VNI'), ('layer2_vlan_range', 'VLAN'),
                       ('layer3_vlan_range', 'VLAN')):
        check_range(reader.lookup(model, 'global.ibgp.' + name), 'vxlan.global.ibgp.' + name, kind, problems)
    for path in ('underlay.ipv4.underlay_routing_loopback_ip_range', 'underlay.ipv4.underlay_vtep_loopback_ip_range',
                 'underlay.ipv4.underlay_rp_loopback_ip_range', 'underlay.ipv4.underlay_subnet_ip_range',
                 'underlay.multicast.ipv4.group_subnet'):
        check_ipv4_network(reader.lookup(model, path), 'vxlan.' + path, problems)
    for name in ('dns_servers', 'ntp_servers'):
        for path, server in reader.items(model, 'global.ibgp.' + name):
            if not valid_ip(server.get('ip_address')):
                problems.add(path + '.ip_address', 'missing or not an IP address (%r): give the server\'s address.'
                             % server.get('ip_address'))
            if not server.get('vrf'):
                problems.add(path + '.vrf', 'missing: give the VRF the server is reached in, such as management.')
    mac = reader.lookup(model, 'global.ibgp.anycast_gateway_mac')
    if mac is not None and not re.match(r'^[0-9a-fA-F]{12}$', re.sub(r'[:.\-]', '', str(mac))):
        problems.add('vxlan.global.ibgp.anycast_gateway_mac', '%r is not a MAC address: write it as 20:20:00:00:00:aa.' % str(mac))


def check_keys(model, problems):
    """Every key of the model is one a row takes (at a value it can send), or a problem by its path."""
    accepted = reader.accepted_paths()
    reported = set()
    for shown, pattern in reader.leaves(model):
        if not reader.is_accepted(pattern, accepted):
            top = unaccepted_top(shown, pattern, accepted)
            if top not in reported:
                reported.add(top)
                problems.add(top, NOT_IMPLEMENTED + '.')
    for row in FABRIC_KEYS:
        check_row(model, row, 'vxlan.' + row.path, model, problems)
        given = reader.lookup(model, row.path)
        if row.path in CHOICES and given is not None and given not in CHOICES[row.path]:
            problems.add('vxlan.' + row.path, '%r is not one fabricops.dashboard runs: use %s.'
                         % (given, ' or '.join(str(choice) for choice in CHOICES[row.path])))
    for list_path, rows in LISTS.items():
        for path, item in reader.items(model, list_path):
            for row in rows:
                check_row(item, row, '%s.%s' % (path, row.path), model, problems)


def unaccepted_top(shown, pattern, accepted):
    """The shortest path above a leaf that no row takes: one problem for a whole section we do not implement."""
    shown_steps = re.findall(r'[^.\[]+|\[\d+\]', shown)[1:]
    pattern_steps = re.findall(r'[^.\[]+|\[\]', pattern)
    for length in range(1, len(pattern_steps) + 1):
        partial = ''.join(step if step == '[]' else ('.' + step) for step in pattern_steps[:length]).lstrip('.')
        if not reader.is_accepted(partial, accepted):
            return 'vxlan' + ''.join(step if step.startswith('[') else '.' + step for step in shown_steps[:length])
    return shown


def check_row(obj, row, path, model, problems):
    if '[]' in row.path or not reader.given(obj, row.path):
        return
    given = reader.lookup(obj, row.path)
    if not check_type(given, row.default, path, problems):
        return
    if row.target == ONLY_DEFAULT and given != row.default:
        problems.add(path, 'not implemented by fabricops.dashboard: only %r (NaC\'s default) is; remove the key, or keep this fabric '
                     'on NaC\'s own roles.' % (row.default,))
    elif row.when is not None and row.target != NO_EFFECT:
        actual = reader.fabric_value(model, row.when[0])
        if actual != row.when[1]:
            problems.add(path, 'NaC reads this key only when vxlan.%s is %s (it is %s here), so it would have no effect; remove it.'
                         % (row.when[0], str(row.when[1]).lower(), str(actual).lower()))


def check_type(given, default, path, problems):
    """A key whose NaC default is a boolean or a whole number takes one of the same kind."""
    if isinstance(default, bool) and not isinstance(given, bool):
        problems.add(path, '%r is not true or false: give a boolean (NaC\'s default is %s).' % (given, str(default).lower()))
        return False
    if isinstance(default, int) and not isinstance(default, bool) and not is_int(given):
        problems.add(path, '%r is not a whole number: give a number (NaC\'s default is %d).' % (given, default))
        return False
    return True


def check_range(given, path, kind, problems):
    if given is None:
        return
    low, high = VNI_RANGE if kind == 'VNI' else VLAN_RANGE
    if not isinstance(given, dict) or not is_int(given.get('from')) or not (given.get('to') is None or is_int(given['to'])):
        problems.add(path, 'not a range: give from and to, whole numbers, such as {from: %d, to: %d}.' % (low, high))
        return
    start, end = given['from'], given.get('to', given['from'])
    if not (low <= start <= high and low <= end <= high):
        problems.add(path, '%s range %s-%s is out of bounds: %ss run from %d to %d.' % (kind, start, end, kind, low, high))
    elif start > end:
        problems.add(path, '%s range from %d is above to %d: give from below to.' % (kind, start, end))


def check_ipv4_network(given, path, problems):
    if given is None:
        return
    try:
        ipaddress.IPv4Network(str(given), strict=True)
    except ValueError:
        problems.add(path, '%r is not an IPv4 prefix: give a network address and its length, such as 10.2.0.0/22.' % str(given))


def check_switches(model, problems):
    """{hostname: (path, switch)} of the model's switches, after their rules."""
    switches, serials, addresses = {}, {}, {}
    for path, switch in reader.items(model, 'topology.switches'):
        name = switch.get('name')
        if not name:
            problems.add(path + '.name', 'missing: give the switch\'s hostname, which the rest of the model names it by.')
        elif name in switches:
            problems.add(path + '.name', 'switch %s is named twice (also %s): give each switch its own hostname.'
                         % (name, switches[name][0]))
        else:
            switches[name] = (path, switch)
        serial = switch.get('serial_number')
        if serial is not None:
            if not SERIAL.match(str(serial)):
                problems.add(path + '.serial_number', 'serial number %r is not one: 1 to 16 letters, digits, _, ., : or -.' % str(serial))
            else:
                claim(serials, serial, name, path + '.serial_number', 'serial number', problems)
        role = switch.get('role')
        if role is None:
            problems.add(path + '.role', 'missing: give the switch\'s role (%s).' % ', '.join(ROLES))
        elif role not in ROLES:
            problems.add(path + '.role', 'role %r is not a switch role: use one of %s.' % (str(role), ', '.join(ROLES)))
        address = reader.lookup(switch, 'management.management_ipv4_address')
        if address is None:
            problems.add(path + '.management.management_ipv4_address', 'missing: give the switch\'s management IPv4 address, the '
                         'address the controller discovers it at.')
        elif not valid_ip(address, 4):
            problems.add(path + '.management.management_ipv4_address', '%r is not an IPv4 address.' % str(address))
        else:
            claim(addresses, address, name, path + '.management.management_ipv4_address', 'address', problems)
    return switches


def claim(owners, value, switch, path, what, problems):
    """``value`` (a serial number, an address) given to ``switch`` in ``owners`` ({value: switch}), or a problem at ``path``
    when another switch has it already."""
    if str(value) in owners:
        problems.add(path, '%s %s is also %s\'s: each switch has its own; fix one of them.' % (what, value, owners[str(value)]))
    else:
        owners[str(value)] = switch


def check_named(model, list_path, kind, problems, strict=True):
    """{name: (path, item)} of a list whose items are named, each name once; ``strict``: a name the controller takes as one."""
    named = {}
    for path, item in reader.items(model, list_path):
        name = item.get('name')
        if name is None:
            problems.add(path + '.name', 'missing: every %s needs a name.' % kind)
        elif strict and not NAME_PATTERN.match(str(name)):
            problems.add(path + '.name', '%s name %r is not a valid name: use 1 to 64 letters, digits, _, ., : or -.' % (kind, str(name)))
        elif name in named:
            problems.add(path + '.name', '%s %s is defined twice (also %s): give each its own name, or merge the two.'
                         % (kind, name, named[name][0]))
        else:
            named[name] = (path, item)
    return named


def check_attach_groups(model, list_path, kind, switches, problems):
    groups = check_named(model, list_path, kind, problems)
    for name, (path, group) in groups.items():
        seen = set()
        for index, member in enumerate(group.get('switches') or ()):
            if member is None:
                continue
            where = '%s.switches[%d].hostname' % (path, index)
            hostname = member.get('hostname') if isinstance(member, dict) else None
            if hostname not in switches:
                problems.add(where, 'switch %r is not in vxlan.topology.switches: add it there, or fix the hostname.' % (hostname,))
            elif hostname in seen:
                problems.add(where, 'switch %s is listed twice in %s %s: list it once.' % (hostname, kind, name))
            seen.add(hostname)
    return groups


def check_vrfs(model, groups, problems):
    vrfs = check_named(model, 'overlay.vrfs', 'VRF', problems)
    for path, vrf in vrfs.values():
        check_number(vrf.get('vrf_id'), path + '.vrf_id', 'VNI', VNI_RANGE, problems)
        check_number(vrf.get('vlan_id'), path + '.vlan_id', 'VLAN', VLAN_RANGE, problems)
        check_group_reference(vrf.get('vrf_attach_group'), path + '.vrf_attach_group', 'vrf_attach_groups', groups, problems)
    return vrfs


def check_networks(model, vrfs, groups, problems):
    networks = check_named(model, 'overlay.networks', 'network', problems)
    for path, network in networks.values():
        vrf = network.get('vrf_name')
        if network.get('is_l2_only'):
            if vrf is not None:
                problems.add(path + '.vrf_name', 'a layer-2-only network (is_l2_only: true) belongs to no VRF: remove vrf_name, or set '
                             'is_l2_only: false.')
        elif vrf is None:
            problems.add(path + '.vrf_name', 'missing: give the VRF the network belongs to, or is_l2_only: true.')
        elif vrf not in vrfs:
            problems.add(path + '.vrf_name', 'VRF %r is not in vxlan.overlay.vrfs: add it there, or fix the name.' % str(vrf))
        check_number(network.get('net_id'), path + '.net_id', 'VNI', VNI_RANGE, problems)
        check_number(network.get('vlan_id'), path + '.vlan_id', 'VLAN', VLAN_RANGE, problems)
        for key, version, example in (('gw_ip_address', 4, '10.1.1.1/24'), ('gw_ipv6_address', 6, '2001:db8::1/64')):
            if network.get(key) is not None and not valid_interface(network[key], version):
                problems.add('%s.%s' % (path, key), '%r is not an IPv%d gateway: give the address with its prefix length, such as %s.'
                             % (str(network[key]), version, example))
        group = network.get('multicast_group_address')
        if group is not None and not (valid_ip(group, 4) and ipaddress.ip_address(str(group)).is_multicast):
            problems.add(path + '.multicast_group_address', '%r is not an IPv4 multicast group: give one in 224.0.0.0/4.' % str(group))
        check_group_reference(network.get('network_attach_group'), path + '.network_attach_group', 'network_attach_groups', groups,
                              problems)
    return networks


def check_group_reference(name, path, kind, groups, problems):
    if name is not None and name not in groups:
        problems.add(path, 'attach group %r is not in vxlan.overlay.%s: add it there, or fix the name.' % (str(name), kind))


def check_number(given, path, kind, bounds, problems):
    if given is None:
        return
    if not is_int(given):
        problems.add(path, '%r is not a whole number: give the %s as a number.' % (given, kind))
    elif not bounds[0] <= given <= bounds[1]:
        problems.add(path, '%s %d is out of range: give %d to %d.' % (kind, given, bounds[0], bounds[1]))


def is_int(given):
    return isinstance(given, int) and not isinstance(given, bool)


def valid_asn(text):
    match = ASN.match(text)
    if not match:
        return False
    if match.group(2) is None:
        return 1 <= int(match.group(1)) <= 4294967295
    return 1 <= int(match.group(1)) <= 65535 and 0 <= int(match.group(2)) <= 65535


def valid_ip(given, version=None):
    try:
        address = ipaddress.ip_address(str(given))
    except ValueError:
        return False
    return version is None or address.version == version


def valid_interface(given, version):
    text = str(given)
    if '/' not in text:
        return False
    try:
        return ipaddress.ip_interface(text).version == version
    except ValueError:
        return False
