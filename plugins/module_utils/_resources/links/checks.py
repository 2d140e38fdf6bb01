# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the checks of a links task's intent, before anything is written.

``LinkChecks`` is a part of ``legacy.LinkMapping``: it costs no request, and judges the task's links by what the mapping's
reads hold (the ends resolved in each fabric's inventory, the interfaces other links hold), and their settings by what
their template takes (``check_settings``, ``check_addresses``). A new link's ends are also held to the vPC peer-link ports
of their switches (``check_peer_link``), which the mapping reads once per run (``peer_link_ports``).
"""

from __future__ import annotations

import ipaddress

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import MTU_BOUNDS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import check_template_keys
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.model import (
    ASN,
    FABRIC_LINK_PREFIX,
    INTER_FABRIC_TEMPLATES,
    INTRA_FABRIC_TEMPLATES,
    PREFIXED,
    REQUIRED,
    SETTINGS,
    SUBNET_CHECKED,
    TAKES,
    prefix_length,
    template_kind,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.nvpairs import owned_keys


class LinkChecks:
    """The intent checks of ``LinkMapping`` (its ``check_intent``)."""

    def check_intent(self, state, wants, changes, checks):
        """Refuse what cannot work, before anything is written: an end on a switch its fabric does not have (or a fabric
        that does not exist), a link from a switch to itself, an interface in two links of the task or held by another link
        of the fabric or (a new link's) by a vPC peer-link, a template the controller does not have for the kind of link,
        settings the template does not take, addresses, MTU and ASNs that cannot work. Costs no request but the peer-link ports' (once per run)."""
        del wants  # the changes hold the task's links as planned, their ends resolved
        if state == 'deleted':
            return
        for text, depends_on in self.problems:
            checks.refuse(text, depends_on=depends_on)
        claims = {}
        leaving = {change.name for change in changes if change.after is None}
        for change in changes:
            obj = change.after
            if obj is None:
                continue
            ends = self.ends.get(change.name) or []
            if len(ends) == 2 and ends[0][:2] == ends[1][:2]:
                checks.refuse('link %s: both ends are on switch %s; a link joins two switches' % (change.name, obj['src_switch']))
            for fabric, serial, interface in ends:
                port = (fabric, serial, interface.lower())
                if port in claims and claims[port] != change.name:
                    checks.refuse('interface %s of switch %s is an end of link %s and of link %s in this task; an interface has '
                                  'one link' % (interface, self.label_of(fabric, serial, serial), claims[port], change.name))
                claims[port] = change.name
                holder = self.ports.get(port)
                if holder and holder != change.name and holder not in leaving and change.before is None:
                    checks.refuse('link %s: interface %s of switch %s is already an end of %s; delete that link first (in this '
                                  'task or an earlier one), or choose another interface' % (
                                      change.name, interface, self.label_of(fabric, serial, serial), holder),
                                  depends_on=holder)
            if change.changed and change.before is None:
                self.check_peer_link(change.name, ends, checks)
            if change.changed:
                self.check_settings(change.name, obj, checks)

    def check_peer_link(self, name, ends, checks):
        """Refuse a new link on a port of a vPC peer-link, which the switch's vPC pair holds (``peer_link_ports``: read once
        per run). A warning in check mode: an earlier vpc_pairs task of the play may give the peer-link other ports."""
        for fabric, serial, interface in ends:
            if not self.managed(fabric, serial):
                continue
            channel = self.peer_link_ports(fabric, serial).get(interface.lower())
            if channel is None:
                continue
            switch = self.label_of(fabric, serial, serial)
            checks.refuse('link %s: interface %s of switch %s is a member of the vPC peer-link%s of the vPC pair of switch %s, '
                          'which that pair holds; give the link another interface, or give the peer-link other member ports '
                          'first (fabricops.dashboard.vpc_pairs, peer1_link_members and peer2_link_members, in an earlier task)'
                          % (name, interface, switch, ' %s' % channel if channel else '', switch),
                          depends_on='the peer-link of the vPC pair of switch %s' % switch)

    @staticmethod
    def check_settings(name, obj, checks):
        template = obj.get('template')
        kind = 'intra' if obj['src_fabric'] == obj['dst_fabric'] else 'inter'
        choices = INTRA_FABRIC_TEMPLATES if kind == 'intra' else INTER_FABRIC_TEMPLATES
        if template not in choices:
            other = template_kind(template)
            checks.refuse('link %s: template %s is %s; an %s-fabric link takes one of %s' % (
                name, template, 'for %s-fabric links' % other if other else 'not a link template the controller has',
                kind, ', '.join(sorted(choices))))
            return
        takes = TAKES[template]
        given = [option for option in SETTINGS if obj.get(option) is not None and option not in takes]
        if given:
            checks.refuse('link %s: template %s takes no %s%s; give its parameters in template_params by the template\'s own names'
                          % (name, template, ', '.join(given), ' (it takes %s)' % ', '.join(takes) if takes else ''))
        missing = [option for option in REQUIRED.get(template, ()) if obj.get(option) in (None, '')]
        if missing:
            checks.refuse('link %s: template %s needs %s; add %s to its config item'
                          % (name, template, ', '.join(missing), ' and '.join(missing)))
        check_template_keys(checks, 'link', name, obj.get('template_params'), owned_keys(template))
        if obj.get('mtu') is not None and not MTU_BOUNDS[0] <= obj['mtu'] <= MTU_BOUNDS[1]:
            checks.refuse('link %s: mtu %d must be from %d to %d' % (name, obj['mtu'], MTU_BOUNDS[0], MTU_BOUNDS[1]))
        for option in ('src_asn', 'dst_asn'):
            if obj.get(option) is not None and not ASN.match(obj[option]):
                checks.refuse('link %s: %s %r is not a BGP ASN; give a number such as 65001 (or 65001.100)' % (name, option, obj[option]))
        check_addresses(checks, name, obj)


def check_addresses(checks, name, obj):
    """The ends' addresses: IP addresses, with the link's prefix length where the template takes one (the same on both
    ends, in one subnet), without it where the fabric sets it (the IPv4 addresses of a numbered intra-fabric link then in
    one /30, ``FABRIC_LINK_PREFIX``); not the same address twice."""
    template = obj['template']
    parsed = {}
    for option in ('src_ip', 'dst_ip'):
        value = obj.get(option)
        if value in (None, ''):
            continue
        try:
            if template in PREFIXED and prefix_length(value) is None:
                raise ValueError(value)
            parsed[option] = ipaddress.ip_interface(value) if template in PREFIXED else ipaddress.ip_address(value)
        except ValueError:
            if template in PREFIXED:
                checks.refuse('link %s: %s %r is not an address with the link\'s prefix length; give it as address/length, such '
                              'as 192.168.60.1/30 (on either end)' % (name, option, value))
            else:
                checks.refuse('link %s: %s %r is not an IP address; give the address alone, such as 10.4.0.1%s' % (
                    name, option, value, ' (the fabric sets the prefix length)' if '/' in str(value) else ''))
    if len(parsed) < 2:
        return
    if template in PREFIXED:
        if parsed['src_ip'].network != parsed['dst_ip'].network:
            checks.refuse('link %s: src_ip %s and dst_ip %s are not in one subnet; give both ends addresses of the link\'s subnet'
                          % (name, obj['src_ip'], obj['dst_ip']))
        if parsed['src_ip'].ip == parsed['dst_ip'].ip:
            checks.refuse('link %s: both ends have address %s; give each end its own' % (name, parsed['src_ip'].ip))
    elif parsed['src_ip'] == parsed['dst_ip']:
        checks.refuse('link %s: both ends have address %s; give each end its own' % (name, parsed['src_ip']))
    elif template in SUBNET_CHECKED and parsed['src_ip'].version == parsed['dst_ip'].version == 4 and (
            ipaddress.ip_network('%s/%d' % (parsed['src_ip'], FABRIC_LINK_PREFIX), strict=False)
            != ipaddress.ip_network('%s/%d' % (parsed['dst_ip'], FABRIC_LINK_PREFIX), strict=False)):
        checks.refuse('link %s: src_ip %s and dst_ip %s are not in one /%d subnet, the subnet a fabric gives its numbered links; '
                      'give both ends addresses of one /%d, such as 10.4.0.1 and 10.4.0.2' % (
                          name, obj['src_ip'], obj['dst_ip'], FABRIC_LINK_PREFIX, FABRIC_LINK_PREFIX))
