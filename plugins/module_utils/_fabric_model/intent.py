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
    sides = (('VRF', vrfs, 'vrf_attach_group', vrf_groups), ('network', networks, 'network_attach_group', network_groups))
    for kind, objects, group_key, groups in sides:
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
    """{hostname: {port: (use, where)}} of the ports the model gives a use of their own (routed, a port-channel member, an end
    of a fabric link, a vPC peer-link or an edge connection); with the problems of a port given two of them."""
    ports, conflicts = {}, []

    def claim(hostname, port, use, where):
        owned = ports.setdefault(hostname, {})
        name = reader.interface_name(port)
        if name in owned:
            conflicts.append((where, 'port %s of %s is also %s (%s): a port has one use; remove it from one of them.'
                              % (name, hostname, owned[name][0], owned[name][1])))
        else:
            owned[name] = (use, where)

    for path, switch in reader.items(model, 'topology.switches'):
        for index, interface in enumerate(switch.get('interfaces') or ()):
            if not isinstance(interface, dict):
                continue
            where = '%s.interfaces[%d]' % (path, index)
            name = reader.interface_name(interface.get('name', ''))
            if interface.get('mode') in ROUTED_MODES and name.startswith('Ethernet') and '.' not in name:
                claim(switch.get('name'), name, 'routed', where)
            for member_index, member in enumerate(interface.get('members') or ()):
                if member is None:
                    continue
                claim(switch.get('name'), member, 'a member of ' + name, '%s.members[%d]' % (where, member_index))
    for path, link in reader.items(model, 'topology.fabric_links'):
        for end, key in (('source_device', 'source_interface'), ('dest_device', 'dest_interface')):
            if link.get(end) and link.get(key):
                claim(link[end], link[key], 'an end of a fabric link', '%s.%s' % (path, key))
    for path, pair in reader.items(model, 'topology.vpc_peers'):
        for peer in ('peer1', 'peer2'):
            for index, port in enumerate(pair.get(peer + '_peerlink_interfaces') or ()):
                if pair.get(peer) and isinstance(port, dict) and port.get('name'):
                    claim(pair[peer], port['name'], 'a vPC peer-link port', '%s.%s_peerlink_interfaces[%d]' % (path, peer, index))
    for path, edge in reader.items(model, 'topology.edge_connections'):
        if edge.get('source_device') and edge.get('source_interface'):
            claim(edge['source_device'], edge['source_interface'], 'an edge connection\'s routed port', path + '.source_interface')
    return ports, conflicts


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
                if port is None:
                    continue
                name = reader.interface_name(port)
                if name in owned:
                    kind, where = owned[name]
                    problems.add('%s.switches[%d].ports[%d]' % (group_path, index, port_index),
                                 'port %s of %s is %s (%s): a network is carried on a layer-2 port, so attach the network to that '
                                 'port-channel instead, or make the port a layer-2 one.'
                                 % (name, member.get('hostname'), kind, where))
