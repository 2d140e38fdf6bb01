# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the checks of an interfaces task's intent, before anything is written.

``InterfaceChecks`` is a part of ``legacy.InterfaceMapping``: it reads nothing, and judges the task by what the mapping's
reads hold (every port of the switches named, their port-channel and vPC members, the vPC peer-link's ports).
"""

from __future__ import annotations

import ipaddress

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import ETHERNET, LOOPBACK, MTU_BOUNDS, PORT_CHANNEL, SUBINTERFACE, SVI, VPC
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_order
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_scoped import ADD_IT_FIRST
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import (
    VLAN_BOUNDS,
    check_bounds,
    check_interface_address,
    check_template_keys,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import (
    _TAKES,
    OPTIONS,
    ROUTED_KINDS,
    TRUNK_VLAN_BOUNDS,
    a_kind,
    kind_of,
    vlan_list,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import MODE_OF_POLICY, PEER_LINK_POLICY, owned_keys


def check_host_address(checks, name, value):
    """Refuse an IPv4 address that is its subnet's network address, or its broadcast address (a /31 and a /32 have
    neither: each of their addresses is a host's)."""
    try:
        interface = ipaddress.IPv4Interface(str(value).strip())
    except ValueError:
        return  # check_interface_address names what is wrong with it
    network = interface.network
    if network.prefixlen >= 31:
        return
    which = {network.network_address: 'network address', network.broadcast_address: 'broadcast address'}.get(interface.ip)
    if which:
        checks.refuse('interface %s: ipv4_address %s is the %s of its subnet %s, which no interface can take; give a host '
                      'address of the subnet (%s to %s), such as %s/%d' % (
                          name, value, which, network, network.network_address + 1, network.broadcast_address - 1,
                          network.network_address + 1, network.prefixlen))


class InterfaceChecks:
    """The intent checks of ``InterfaceMapping`` (its ``check_intent``), over what its reads found."""

    def check_intent(self, state, wants, changes, checks):
        """Refuse what cannot work, before anything is written: options the kind or mode does not take, VLANs outside 2 to
        4094, addresses without a prefix length, template_params an option sets, ports the switch does not have, a port in
        two port-channels or vPCs (or in one and configured on its own), the vPC peer-link and its ports (in every state),
        SVI interfaces. Costs no request: the reads of
        the run hold every port of the switches named (and of a named vPC's pair). A switch the fabric does not have is
        refused in every state; in check mode a warning, as an earlier task of the play (fabricops.dashboard.fabric_switches)
        may add it, and its interfaces are taken as new."""
        self.refuse_absent(checks, [(where, given) for given, where in sorted(self.absent.items())], advice=ADD_IT_FIRST)
        for serial in sorted(self.unpaired):
            checks.refuse('switch %s is in no vPC pair, and a vPC interface lives on a pair: pair it first (fabricops.dashboard.vpc_pairs, '
                          'in an earlier task), then run this task again' % self.labels.get(serial, serial),
                          depends_on='the vPC pairs of fabric %s' % self.fabric)
        for change in changes:
            if change.changed and (change.before or {}).get('policy') == PEER_LINK_POLICY:
                checks.refuse('interface %s is the vPC peer-link of switch %s\'s vPC pair, which the pair holds: leave it out of '
                              'config, and change the peer-link with fabricops.dashboard.vpc_pairs' % (change.name, change.before['switch']),
                              depends_on='the peer-link of switch %s\'s vPC pair' % change.before['switch'])
        if state != 'rendered':
            self.check_attachments(changes, checks)
        if state == 'deleted':
            return
        for want in wants:
            self.check_input(want, checks)
        after = {change.name: change.after for change in changes if change.after is not None}
        self.check_members(changes, after, checks, offline=state == 'rendered')

    def check_input(self, want, checks):
        kind = kind_of(want)
        name = want['name']
        if kind == SVI:
            check_bounds(checks, 'interface', name, 'the VLAN of its name', int(want['interface'][4:]), VLAN_BOUNDS, 'VLAN')
        mode = want.get('mode')
        if kind in ROUTED_KINDS and mode not in (None, 'routed'):
            checks.refuse('interface %s: %s is routed; leave mode out (or give routed)' % (name, a_kind(kind)))
        if kind == VPC and mode == 'routed':
            checks.refuse('interface %s: routed vPCs are not managed by this module; give mode access or trunk' % name)
            return
        known_policy = want.get('policy') is None or want['policy'] in MODE_OF_POLICY
        if want.get('policy') in MODE_OF_POLICY:
            implied = MODE_OF_POLICY[want['policy']]
            if implied[0] != kind or (mode is not None and implied[1] not in (None, mode)):
                checks.refuse('interface %s: policy %s is the policy of %s%s, not of this interface%s; leave policy out, or '
                              'give the mode it is for' % (name, want['policy'], a_kind(implied[0]), ' in mode %s' % implied[1]
                                                           if implied[1] else '', ' in mode %s' % mode if mode else ''))
        key = (kind, None) if kind in ROUTED_KINDS else (kind, mode or MODE_OF_POLICY.get(want.get('policy'), (0, None))[1])
        given = [option for option in OPTIONS if option not in ('mode', 'policy') and want.get(option) is not None]
        if not known_policy:
            if given:
                checks.refuse('interface %s: policy %s is not one whose parameters this module names, so it takes none of %s; '
                              'give its parameters in template_params by the policy\'s own names'
                              % (name, want['policy'], ', '.join(given)))
            return
        if key[1] is None and kind in (ETHERNET, PORT_CHANNEL, VPC):
            if given or want.get('policy') is None:
                checks.refuse('interface %s: give mode (access, trunk or routed): the options of %s follow its mode'
                              % (name, a_kind(kind)))
            return
        takes = _TAKES.get(key, ())
        wrong = [option for option in given if option not in takes]
        if wrong:
            # the mode that takes them, where one does: access_vlan given to a trunk is an access port meant
            modes = [other for (other_kind, other), options in _TAKES.items() if other_kind == kind and other not in (None, key[1])
                     and all(option in options for option in wrong)]
            checks.refuse('interface %s: %s%s takes no %s; it takes %s%s' % (
                name, a_kind(kind), ' in mode %s' % key[1] if key[1] else '', ', '.join(wrong), ', '.join(takes),
                '; or give mode: %s, which takes %s' % (modes[0], ', '.join(wrong)) if modes else ''))
        for option in ('access_vlan', 'native_vlan', 'dot1q_vlan'):
            check_bounds(checks, 'interface', name, option, want.get(option), VLAN_BOUNDS, 'VLAN')
        if want.get('allowed_vlans') is not None:
            for low, high in vlan_list(want['allowed_vlans'])[1]:
                for value in sorted({low, high}):
                    check_bounds(checks, 'interface', name, 'allowed_vlans', value, TRUNK_VLAN_BOUNDS, 'VLAN')
        if want.get('ipv4_address') is not None:
            check_interface_address(checks, 'interface', name, 'ipv4_address', want['ipv4_address'], 4)
            check_host_address(checks, name, want['ipv4_address'])
            if kind == LOOPBACK and not str(want['ipv4_address']).endswith('/32'):
                checks.refuse('interface %s: a loopback\'s ipv4_address is one address, /32; give %s/32'
                              % (name, str(want['ipv4_address']).partition('/')[0]))
        if want.get('ipv6_address') is not None:
            check_interface_address(checks, 'interface', name, 'ipv6_address', want['ipv6_address'], 6)
            if kind == LOOPBACK and not str(want['ipv6_address']).endswith('/128'):
                checks.refuse('interface %s: a loopback\'s ipv6_address is one address, /128; give %s/128'
                              % (name, str(want['ipv6_address']).partition('/')[0]))
        mtu = want.get('mtu')
        if mtu is not None and key[1] in ('access', 'trunk'):
            if mtu not in ('jumbo', 'default'):
                checks.refuse('interface %s: mtu %s is not one a layer-2 interface takes; give jumbo (9216) or default (1500)'
                              % (name, mtu))
        elif mtu is not None and not (mtu.isdigit() and MTU_BOUNDS[0] <= int(mtu) <= MTU_BOUNDS[1]):
            checks.refuse('interface %s: mtu %s must be a number from %d to %d' % (name, mtu, MTU_BOUNDS[0], MTU_BOUNDS[1]))
        check_template_keys(checks, 'interface', name, want.get('template_params'), owned_keys(key))

    def check_members(self, changes, after, checks, offline):
        """Interfaces the switch does not have; members: ports of the switch, in one port-channel each, not configured on
        their own."""
        claims = {}  # (serial, port) -> port-channel or vPC, as the task leaves them
        for name, obj in after.items():
            for serial, port in self.member_ports(name, obj):
                claim = (serial, port)
                if claim in claims:
                    checks.refuse('port %s of switch %s is given to %s and to %s; a port can be in one port-channel (or vPC) only'
                                  % (port, self.labels.get(serial, obj['switch']), claims[claim], obj['interface']))
                claims[claim] = obj['interface']
        if offline:
            return
        leaving = {}
        for change in changes:
            if change.before is not None and kind_of(change.before) in (PORT_CHANNEL, VPC):
                kept = set(self.member_ports(change.name, change.after)) if change.after is not None else set()
                for claim in self.member_ports(change.name, change.before):
                    if claim not in kept:
                        leaving[claim] = change.before['interface']
        for change in changes:
            if not change.changed or change.after is None:
                continue
            obj, serial = change.after, self.serials[change.name]
            if serial in self.absent:
                continue  # a switch the fabric does not have yet (refused, or in check mode warned about): no ports to check
            switch_ports = self.ports_of(serial)
            ports = switch_ports.ethernet
            kind = kind_of(obj)
            if kind == ETHERNET and obj['interface'] not in ports and obj['interface'] not in switch_ports.channel_of:
                checks.refuse('interface %s: switch %s has no port %s; give ports it has, such as %s' % (
                    change.name, obj['switch'], obj['interface'], ', '.join(sorted(ports, key=interface_order)[:2])))
            if kind == SUBINTERFACE:
                parent = obj['interface'].rsplit('.', 1)[0]
                if parent not in ports:
                    checks.refuse('interface %s: switch %s has no port %s to make a sub-interface of' % (
                        change.name, obj['switch'], parent))
                else:
                    self.check_parent(change.name, obj['switch'], serial, parent, after, claims, checks)
            if kind == ETHERNET:
                self.check_peer_link(change.name, serial, obj['interface'], obj['switch'], checks)
            if kind == ETHERNET and (serial, obj['interface']) in claims:
                checks.refuse('interface %s: port %s is a member of %s in this task; a member takes its settings from its '
                              'port-channel: leave the port out of config, or out of the port-channel\'s members'
                              % (change.name, obj['interface'], claims[(serial, obj['interface'])]))
            current = switch_ports.channel_of.get(obj['interface'])
            if kind == ETHERNET and current and (serial, obj['interface']) not in leaving and current not in self.task_channels(after, serial):
                checks.refuse('interface %s: port %s is a member of %s; remove it from %s\'s members first (in this task or '
                              'an earlier one)' % (change.name, obj['interface'], current, current),
                              depends_on='%s %s' % (obj['switch'], current))
            if kind == VPC:
                self.check_vpc_members(change, obj, leaving, checks)
            in_vpc = switch_ports.vpc_of.get(obj['interface'])
            if kind == ETHERNET and in_vpc and (serial, obj['interface']) not in leaving:
                checks.refuse('interface %s: port %s is a member of %s; a member takes its settings from its vPC: leave the '
                              'port out of config, or remove it from %s\'s members first' % (change.name, obj['interface'], in_vpc, in_vpc))
            if kind == PORT_CHANNEL:
                for port in obj.get('members') or []:
                    if port not in ports:
                        checks.refuse('interface %s: switch %s has no port %s for its members' % (change.name, obj['switch'], port))
                        continue
                    if self.check_peer_link(change.name, serial, port, self.labels.get(serial, obj['switch']), checks):
                        continue
                    if port in switch_ports.vpc_of and (serial, port) not in leaving:
                        checks.refuse('interface %s: port %s is already a member of %s; remove it from that vPC\'s members first'
                                      % (change.name, port, switch_ports.vpc_of[port]))
                        continue
                    owner = switch_ports.channel_of.get(port)
                    if owner and owner != obj['interface'] and (serial, port) not in leaving:
                        checks.refuse('interface %s: port %s is already a member of %s; remove it from %s\'s members first (in '
                                      'this task or an earlier one)' % (change.name, port, owner, owner),
                                      depends_on='%s %s' % (obj['switch'], owner))

    def check_peer_link(self, name, serial, port, switch, checks):
        """Refuse a port of the vPC peer-link to interface ``name`` (the port itself, or one taking it as a member); True when it
        is one. A warning in check mode: an earlier vpc_pairs task of the play may give the peer-link other ports."""
        peer_link = self.ports_of(serial).peer_link
        if port not in peer_link:
            return False
        channel = peer_link[port]
        interface = name.rsplit(' ', 1)[1]
        fix = 'leave the port out of config' if interface == port else 'give %s another port' % interface
        checks.refuse('interface %s: port %s of switch %s is a member of the vPC peer-link%s, which the switch\'s vPC pair holds; '
                      '%s, or give the peer-link other member ports first (fabricops.dashboard.vpc_pairs, peer1_link_members and '
                      'peer2_link_members, in an earlier task)' % (name, port, switch, ' %s' % channel if channel else '', fix),
                      depends_on='the peer-link of switch %s\'s vPC pair' % switch)
        return True

    def check_attachments(self, changes, checks):
        """Refuse a change that leaves a port a network's attachment lists unable to carry the network's VLAN: the port made
        a routed port (given mode routed, or reset to one by deleted or overridden on a switch that is not a leaf), made a
        member of a port-channel or a vPC, or made an access port of another VLAN (an access port carries one VLAN); the
        same for a port-channel made routed or access. A layer-2 port's other changes keep the attachment. In check mode a
        warning: an earlier networks task of the play may detach the port. Reads the attachments (``NetworkPorts``) only when
        a change is one of these, once per run."""
        claims = []  # (name, serial, port, what it becomes, the VLAN it keeps or None, how to keep it layer-2)
        for change in changes:
            if not change.changed or change.after is None or self.serials.get(change.name) in self.absent:
                continue
            obj, before, serial = change.after, change.before or {}, self.serials.get(change.name)
            kind = kind_of(obj)
            if kind in (ETHERNET, PORT_CHANNEL) and obj.get('mode') == 'routed' and before.get('mode') != 'routed':
                claims.append((change.name, serial, obj['interface'], 'a routed port', None,
                               'keep it a layer-2 port (mode access or trunk)'))
            elif (kind in (ETHERNET, PORT_CHANNEL) and obj.get('mode') == 'access' and obj.get('access_vlan') is not None
                  and (before.get('mode'), before.get('access_vlan')) != ('access', obj['access_vlan'])):
                claims.append((change.name, serial, obj['interface'], 'an access port of VLAN %d' % obj['access_vlan'],
                               obj['access_vlan'], 'give it the network\'s VLAN as access_vlan, or keep it a trunk (mode trunk)'))
            if kind in (PORT_CHANNEL, VPC):
                kept = set(self.member_ports(change.name, change.before)) if change.before is not None else set()
                for claim in self.member_ports(change.name, obj):
                    if claim not in kept:
                        claims.append((change.name, claim[0], claim[1], 'a member of %s' % obj['interface'], None,
                                       'leave it out of %s\'s members' % obj['interface']))
        if not claims:
            return
        carried = self.network_ports(sorted({claim[1] for claim in claims}))
        for name, serial, port, what, vlan, keep in claims:
            networks = [(network, network_vlan) for network, network_vlan in carried.get(serial, {}).get(port, ())
                        if vlan is None or network_vlan != vlan]
            if not networks:
                continue
            listed = ', '.join('%s%s' % (network, ' (VLAN %s)' % network_vlan if network_vlan else '') for network, network_vlan in networks)
            label = self.labels.get(serial, name.rsplit(' ', 1)[0])
            plural = 's' if len(networks) > 1 else ''
            checks.refuse('interface %s: port %s of switch %s is a port of network%s %s (the network%s attachment lists it), and '
                          'as %s it would not carry the network%s VLAN: its hosts would be cut off. Detach the port from the '
                          'network%s first (fabricops.dashboard.networks, the port out of the attach ports of switch %s, in an '
                          'earlier task), or %s' % (name, port, label, plural, listed, '\'s' if not plural else 's\'', what,
                                                    '\'s' if not plural else 's\'', plural, label, keep),
                          depends_on='the attachments of network%s %s' % (plural, ', '.join(network for network, _vlan in networks)))

    def member_ports(self, name, obj):
        """[(serial, port)] of the member ports of a port-channel or vPC (a vPC's on each switch of its pair)."""
        kind = kind_of(obj)
        if kind == PORT_CHANNEL:
            return [(self.serials[name], port) for port in obj.get('members') or []]
        if kind == VPC and '~' in self.serials.get(name, ''):
            peers = self.serials[name].split('~')
            return [(peers[index], port) for index, option in enumerate(('peer1_members', 'peer2_members'))
                    for port in obj.get(option) or []]
        return []

    def check_vpc_members(self, change, obj, leaving, checks):
        """A vPC's member ports: ports of their switch, in no port-channel and no other vPC (as read; the task's own claims
        are checked with the port-channels')."""
        peers = self.serials[change.name].split('~')
        for serial, option in zip(peers, ('peer1_members', 'peer2_members')):
            label, switch_ports = self.labels.get(serial, serial), self.ports_of(serial)
            for port in obj.get(option) or []:
                if port not in switch_ports.ethernet:
                    checks.refuse('interface %s: switch %s (%s) has no port %s; give ports it has' % (change.name, label, option, port))
                    continue
                if self.check_peer_link(change.name, serial, port, label, checks):
                    continue
                if (serial, port) in leaving:
                    continue
                channel = switch_ports.channel_of.get(port)
                other = switch_ports.vpc_of.get(port)
                if channel:
                    checks.refuse('interface %s: port %s of switch %s is already a member of %s; remove it from %s\'s members '
                                  'first' % (change.name, port, label, channel, channel), depends_on='%s %s' % (label, channel))
                elif other and other != obj['interface']:
                    checks.refuse('interface %s: port %s of switch %s is already a member of %s; remove it from %s\'s members '
                                  'first' % (change.name, port, label, other, other))

    def check_parent(self, name, switch, serial, parent, after, claims, checks):
        """A sub-interface needs a routed parent port (a layer-2 port or a port-channel member has no sub-interfaces), as
        the task leaves it or, when the task does not list the port, as the switch has it."""
        key = '%s %s' % (switch, parent)
        in_task = key in after
        port = after.get(key) or self.have.get(key)
        owner = claims.get((serial, parent)) or (None if in_task else self.ports_of(serial).channel_of.get(parent))
        if owner:
            problem = 'a member of %s' % owner
        elif port is not None and port.get('mode') in ('access', 'trunk'):
            problem = 'a%s %s port' % ('n' if port['mode'] == 'access' else '', port['mode'])
        else:
            return
        from_task = in_task or (serial, parent) in claims
        checks.refuse('interface %s: its parent port %s is %s, and only a routed port has sub-interfaces; make %s routed '
                      '(mode: routed) in this task or an earlier one' % (name, parent, problem, parent),
                      depends_on=None if from_task else '%s %s' % (switch, parent))

    def task_channels(self, after, serial):
        return [obj['interface'] for name, obj in after.items() if self.serials.get(name) == serial and kind_of(obj) == PORT_CHANNEL]
