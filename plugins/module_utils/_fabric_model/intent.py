# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: our resources' intent checks across the whole model, before any request: what each resource's
own check would refuse one task at a time (a VNI, a VLAN on a switch, a port), found here for the whole fabric at once."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import reader

# NaC's interface modes that make a port routed (no VLAN can be carried on it).
ROUTED_MODES = ('routed', 'routed_po', 'routed_sub')


def check_vnis(vrfs, networks, problems):
    """A VNI is one segment of the fabric: two networks, two VRFs, or a VRF and a network, cannot share one."""
    owners = {}
    for kind, objects, key in (('VRF', vrfs, 'vrf_id'), ('network', networks, 'net_id')):
        for name, (path, item) in objects.items():
            vni = item.get(key)
            if vni is None:
                continue
            if vni in owners:
                problems.add('%s.%s' % (path, key), 'VNI %s is also %s\'s (%s): each VRF and network needs its own VNI; change one.'
                             % (vni, owners[vni][1], owners[vni][0]))
            else:
                owners[vni] = (path + '.' + key, '%s %s' % (kind, name))


def check_vlans(vrfs, networks, vrf_groups, network_groups, problems):
    """A VLAN on a switch carries one VRF or one network: two of them attached to the same switch with one VLAN collide there."""
    holders = {}
    for kind, objects, group_key, groups in (('VRF', vrfs, 'vrf_attach_group', vrf_groups),
                                              ('network', networks, 'network_attach_group', network_groups)):
        for name, (path, item) in objects.items():
            vlan = item.get('vlan_id')
            group = groups.get(item.get(group_key))
            if vlan is None or group is None:
                continue
            for member in group[1].get('switches') or ():
                hostname = member.get('hostname') if isinstance(member, dict) else None
                holder = holders.setdefault((hostname, vlan), '%s %s' % (kind, name))
                if holder != '%s %s' % (kind, name):
                    problems.add(path + '.vlan_id', 'VLAN %s on switch %s is also %s\'s: a VLAN carries one VRF or network on a switch; '
                                 'give one of them another VLAN, or attach them to different switches.' % (vlan, hostname, holder))
                    break


def switch_ports(model):
    """{hostname: {port: (kind, where)}} of the ports the model makes routed or members of a port-channel; with the problems
    of a port in two port-channels."""
    ports, duplicates = {}, []
    for path, switch in reader.items(model, 'topology.switches'):
        owned = ports.setdefault(switch.get('name'), {})
        for index, interface in enumerate(switch.get('interfaces') or ()):
            if not isinstance(interface, dict):
                continue
            name = reader.interface_name(interface.get('name', ''))
            where = '%s.interfaces[%d]' % (path, index)
            if interface.get('mode') in ROUTED_MODES and name.startswith('Ethernet'):
                owned.setdefault(name, ('routed', where))
            for member_index, member in enumerate(interface.get('members') or ()):
                member_name = reader.interface_name(member)
                member_where = '%s.members[%d]' % (where, member_index)
                if member_name in owned and owned[member_name][0].startswith('member of'):
                    duplicates.append((member_where, 'port %s is also a member of %s (%s): a port joins one port-channel; remove it '
                                       'from one of them.' % (member_name, owned[member_name][0][len('member of '):],
                                                              owned[member_name][1])))
                else:
                    owned[member_name] = ('member of ' + name, where)
    return ports, duplicates


def check_ports(model, network_groups, problems):
    """One port in two port-channels; a network carried on a port the model makes routed or a port-channel member."""
    ports, duplicates = switch_ports(model)
    for where, msg in duplicates:
        problems.add(where, msg)
    for group_path, group in network_groups.values():
        for index, member in enumerate(group.get('switches') or ()):
            if not isinstance(member, dict):
                continue
            owned = ports.get(member.get('hostname'), {})
            for port_index, port in enumerate(member.get('ports') or ()):
                name = reader.interface_name(port)
                if name in owned:
                    kind, where = owned[name]
                    problems.add('%s.switches[%d].ports[%d]' % (group_path, index, port_index),
                                 'port %s of %s is %s (%s): a network is carried on a layer-2 port, so attach the network to that '
                                 'port-channel instead, or make the port a layer-2 one.'
                                 % (name, member.get('hostname'), 'routed' if kind == 'routed' else 'a ' + kind, where))
