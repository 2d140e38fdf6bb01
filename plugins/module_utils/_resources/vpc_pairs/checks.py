# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the checks of a vpc_pairs task's intent, before anything is written.

``VpcPairChecks`` is a part of ``legacy.VpcPairMapping``: it judges the task by what the mapping's reads hold (the
fabric's switches, their roles and pairs, the pairs' vPC interfaces), and asks the controller's recommendation (1 GET) only
for a new pair of switches in no pair now, of one role.
"""

from __future__ import annotations

import ipaddress

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import check_bounds, check_template_keys
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import DOMAIN_BOUNDS, MEMBER_OPTIONS, PORT_CHANNEL_BOUNDS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.nvpairs import SETTINGS


class VpcPairChecks:
    """The intent checks of ``VpcPairMapping`` (its ``check_intent``)."""

    def check_intent(self, state, wants, changes, checks):
        """Refuse what cannot work, before anything is written: a switch the fabric does not have, a switch paired with
        itself or named in two pairs, a switch of a pair the task does not remove, switches of different roles, a pair
        the controller's recommendation blocks, an unpair of a pair that still has vPC interfaces, values out of
        bounds, template_params an option sets."""
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
        candidates = self.client.read('/vpcpair/recommendation', params={
            'serialNumber': one, 'useVirtualPeerlink': 'true' if change.after.get('use_virtual_peerlink') else 'false'})
        found = [candidate for candidate in candidates or [] if isinstance(candidate, dict) and str(candidate.get('serialNumber')) == two]
        if not found:
            checks.refuse('vPC pair %s: the controller does not offer %s as a vPC peer of %s; pair switches it recommends '
                          '(same role, same fabric)' % (self.pair_label(change.name), change.after['peer2'], change.after['peer1']))
        elif found[0].get('blockSelection') is True:
            checks.refuse('vPC pair %s: the controller blocks this pairing: %s' % (
                self.pair_label(change.name), found[0].get('recommendationReason') or 'no reason given'))
