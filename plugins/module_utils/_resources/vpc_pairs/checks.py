# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the checks of a vpc_pairs task's intent, before anything is written.

``VpcPairChecks`` is a part of ``legacy.VpcPairMapping``: it judges the task by what the mapping's reads hold (the
fabric's switches, their roles and pairs, the pairs' vPC interfaces), and asks the controller's recommendation (1 GET) only
for a new pair of switches in no pair now, of one role; the ports a port-channel or vPC holds only for a switch whose
peer-link gains ports, once per run (``port_holders``).
"""

from __future__ import annotations

import ipaddress

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.fabric_facts import PORT_HOLDERS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import PORT_CHANNEL, VPC, interface_name
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import check_bounds, check_template_keys
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import (
    MEMBER_POLICIES,
    PEER_LINK_MEMBER_POLICY,
    PEER_LINK_POLICY,
    VPC_MEMBER_POLICIES,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import (
    DOMAIN_BOUNDS,
    MEMBER_OPTIONS,
    PORT_CHANNEL_BOUNDS,
    port_list,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.nvpairs import SETTINGS


# What the run keeps of a fabric's switches' ports held by a port-channel or vPC (ControllerClient.keep_fabric_fact):
# {serial: {port: holder}}, read for the switches whose peer-link gains ports
RUN_PORT_HOLDERS = PORT_HOLDERS


class VpcPairChecks:
    """The intent checks of ``VpcPairMapping`` (its ``check_intent``)."""

    def check_intent(self, state, wants, changes, checks):
        """Refuse what cannot work, before anything is written: a switch the fabric does not have, a switch paired with
        itself or named in two pairs, a switch of a pair the task does not remove, switches of different roles, a pair
        the controller's recommendation blocks, an unpair of a pair that still has vPC interfaces, a peer-link member
        port that a port-channel or vPC holds, values out of bounds, template_params an option sets."""
        if state == 'deleted':
            # a pair of a switch the fabric does not have cannot exist: nothing to unpair
            self.check_unpairs(changes, checks)
            return
        self.refuse_absent(checks, self.unknown)
        for want in wants:
            self.check_input(want, checks)
        claims = {}
        for want in wants:
            for serial, label in zip(self.serials[want['name']], (want['peer1'], want['peer2'])):
                if serial in claims and claims[serial] != want['name']:
                    checks.refuse('switch %s is named in two pairs (%s and %s); a switch is in one vPC pair at most'
                                  % (label, self.pair_label(claims[serial]), self.pair_label(want['name'])))
                claims[serial] = want['name']
        if state == 'rendered':
            return
        leaving = {change.name for change in changes if change.action == 'delete'}
        self.check_unpairs(changes, checks)
        self.check_link_members(changes, checks)
        for change in changes:
            if change.action != 'create':
                continue
            one, two = self.serials[change.name]
            if one == two:
                continue
            # the controller's recommendation speaks of the fabric as it is: asked only for switches in no pair now, of one role
            ask = not any(serial in self.pair_of for serial in (one, two))
            for serial in (one, two):
                current = self.pair_of.get(serial)
                if current is not None and current not in leaving:
                    checks.refuse('vPC pair %s: switch %s is already paired, in vPC pair %s; unpair it first (state deleted '
                                  'for that pair, or state overridden)' % (self.pair_label(change.name), self.labels.get(serial, serial),
                                                                           self.pair_label(current)),
                                  depends_on='vPC pair %s' % self.pair_label(current))
            roles = [self.role(serial) for serial in (one, two)]
            if all(roles) and roles[0] != roles[1]:
                ask = False
                checks.refuse('vPC pair %s: switch %s is a %s and %s a %s; the controller pairs switches of one role only'
                              % (self.pair_label(change.name), change.after['peer1'], roles[0], change.after['peer2'], roles[1]),
                              depends_on='the roles of %s and %s' % (change.after['peer1'], change.after['peer2']))
            if ask and all(roles):
                self.check_recommendation(change, checks)

    def check_input(self, want, checks):
        name = self.pair_label(want['name'])
        serials = self.serials.get(want['name']) or [want['peer1'], want['peer2']]
        if serials[0] == serials[1]:
            checks.refuse('vPC pair %s: peer1 and peer2 name the same switch; a switch is paired with another switch' % name)
        check_bounds(checks, 'vPC pair', name, 'domain_id', want.get('domain_id'), DOMAIN_BOUNDS, 'vPC domain')
        for option in ('peer1_port_channel', 'peer2_port_channel'):
            check_bounds(checks, 'vPC pair', name, option, want.get(option), PORT_CHANNEL_BOUNDS, 'port-channel number')
        for option in ('peer1_keepalive_ip', 'peer2_keepalive_ip'):
            if want.get(option) is not None:
                try:
                    ipaddress.ip_address(want[option])
                except ValueError:
                    checks.refuse('vPC pair %s: %s %r is not an IP address; give the keep-alive address of that peer, such as '
                                  '192.0.2.1 (no prefix length)' % (name, option, want[option]))
        if want.get('use_virtual_peerlink') and any(want.get(option) for option in MEMBER_OPTIONS):
            checks.refuse('vPC pair %s: a virtual peer-link has no member ports; leave peer1_link_members and peer2_link_members '
                          'out, or set use_virtual_peerlink to false' % name)
        check_template_keys(checks, 'vPC pair', name, want.get('template_params'),
                            SETTINGS.keys())

    def check_unpairs(self, changes, checks):
        """The controller keeps a pair that has vPC interfaces [uncertain: its refusal]; say so before anything is sent."""
        for change in changes:
            if change.action == 'delete' and self.vpcs.get(change.name):
                one = self.vpcs[change.name] == 1
                checks.refuse('vPC pair %s has %d vPC interface%s; delete %s first (fabricops.dashboard.interfaces, state '
                              'deleted), then unpair' % (self.pair_label(change.name), self.vpcs[change.name],
                                                         '' if one else 's', 'it' if one else 'them'),
                              depends_on='the vPC interfaces of %s' % self.pair_label(change.name))

    def check_recommendation(self, change, checks):
        """Whether the controller recommends peer two for peer one (1 GET per new pair): its reason when it blocks it."""
        one, two = self.serials[change.name]
        candidates = self.recommendation(one, bool(change.after.get('use_virtual_peerlink')))
        found = [candidate for candidate in candidates or [] if isinstance(candidate, dict) and str(candidate.get('serialNumber')) == two]
        if not found:
            checks.refuse('vPC pair %s: the controller does not offer %s as a vPC peer of %s; pair switches it recommends '
                          '(same role, same fabric)' % (self.pair_label(change.name), change.after['peer2'], change.after['peer1']))
        elif found[0].get('blockSelection') is True:
            checks.refuse('vPC pair %s: the controller blocks this pairing: %s' % (
                self.pair_label(change.name), found[0].get('recommendationReason') or 'no reason given'))

    def check_link_members(self, changes, checks):
        """Refuse a peer-link member port that a port-channel or vPC of its switch holds: the controller would make it a
        member of both. Only the ports a change adds are looked at, on the switches the fabric has (``port_holders``: at
        most one read per switch and run). A warning in check mode: an earlier interfaces task of the play may free it."""
        added = []
        for change in changes:
            if change.after is None or change.after.get('use_virtual_peerlink'):
                continue
            for serial, option in zip(self.serials[change.name], MEMBER_OPTIONS):
                known = set((change.before or {}).get(option) or [])
                added.extend((change, serial, option, port) for port in change.after.get(option) or [] if port not in known)
        serials = sorted({serial for _change, serial, _option, _port in added if serial in self.labels})
        if not serials:
            return
        holders = self.port_holders(serials)
        for change, serial, option, port in added:
            holder = holders.get(serial, {}).get(port)
            if holder is None:
                continue
            switch = self.labels.get(serial, serial)
            checks.refuse('vPC pair %s: %s %s of switch %s is a member of %s, which holds it, and a port is a member of one '
                          'port-channel; give the peer-link ports in no port-channel or vPC, or take %s out of %s first '
                          '(fabricops.dashboard.interfaces, in an earlier task)'
                          % (self.pair_label(change.name), option, port, switch, holder, port, holder),
                          depends_on='%s of switch %s' % (holder, switch))

    def port_holders(self, serials):
        """{serial: {port: the port-channel or vPC holding it}} of ``serials``, from the run's copy (``RUN_PORT_HOLDERS``),
        each switch the copy lacks read once (``port_holders_of``, 1 GET) and kept for the run's later tasks."""
        kept = self.client.fabric_fact(RUN_PORT_HOLDERS, self.fabric)
        holders = dict(kept) if isinstance(kept, dict) else {}
        missing = [serial for serial in serials if serial not in holders]
        for serial in missing:
            holders[serial] = self.port_holders_of(serial)
        if missing:
            self.client.keep_fabric_fact(RUN_PORT_HOLDERS, self.fabric, holders)
        return holders


def holders_from_groups(groups, serial):
    """{port: holder} of a switch's interfaces as GET /interface lists them (policies, each with its interfaces): a member
    port of a port-channel (its PO_ID), a member port of a vPC (its member policy), the ports a port-channel or vPC lists
    as members (MEMBER_INTERFACES; a vPC's PEER1_ or PEER2_MEMBER_INTERFACES, by the switch's place in the pair). The
    peer-link and its ports are the pair's own: left out."""
    holders = {}
    for group in groups if isinstance(groups, list) else []:
        policy = group.get('policy') if isinstance(group, dict) else None
        if policy in (PEER_LINK_POLICY, PEER_LINK_MEMBER_POLICY):
            continue
        for entry in group.get('interfaces') or []:
            if not isinstance(entry, dict):
                continue
            pairs = entry.get('nvPairs') if isinstance(entry.get('nvPairs'), dict) else {}
            kind, name = interface_name(entry.get('ifName'))
            if policy in MEMBER_POLICIES or policy in VPC_MEMBER_POLICIES:
                holders[name] = interface_name(pairs.get('PO_ID') or '')[1] or ('a vPC' if policy in VPC_MEMBER_POLICIES else 'a port-channel')
                continue
            if kind == VPC:
                peers = str(entry.get('serialNumber') or '').split('~')
                key = 'PEER%d_MEMBER_INTERFACES' % (peers.index(serial) + 1) if serial in peers else None
            else:
                key = 'MEMBER_INTERFACES' if kind == PORT_CHANNEL else None
            for port in member_ports(pairs.get(key) if key else None):
                holders.setdefault(port, name)
    return holders


def member_ports(text):
    """The ports of a member list as the controller keeps it (a comma text); [] for none or a spelling not known."""
    try:
        return port_list(text or '', 'members')
    except ModelError:
        return []
