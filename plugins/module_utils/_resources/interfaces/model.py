# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: an interface as the user writes it (the interfaces module's model).
"""

from __future__ import annotations

import copy
import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, ResourceModel, given_over, shown_params, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import ETHERNET, LOOPBACK, PORT_CHANNEL, SUBINTERFACE, SVI, VPC
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name, interface_order
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import bounded

MODES = ('access', 'trunk', 'routed')


PC_MODES = ('active', 'passive', 'on')


# Speeds as the controller's interface templates spell them, by the lower-case text a user may write.
SPEEDS = {text.lower(): text for text in ('Auto', '100Mb', '1Gb', '10Gb', '25Gb', '40Gb', '50Gb', '100Gb', '200Gb', '400Gb')}


# The MTU of a layer-2 port is a template choice; the numbers a user may mean by each.
L2_MTUS = {'jumbo': 'jumbo', '9216': 'jumbo', 'default': 'default', '1500': 'default'}


# allowed_vlans may hold VLAN 1, the switch's own default VLAN, which trunks carry unless told otherwise.
TRUNK_VLAN_BOUNDS = (1, 4094)


# The options every item may give, beside switch and name; and which of them each kind (and mode) takes.
OPTIONS = ('mode', 'policy', 'description', 'enabled', 'mtu', 'speed', 'access_vlan', 'allowed_vlans', 'native_vlan',
           'members', 'peer1_members', 'peer2_members', 'pc_mode', 'ipv4_address', 'ipv6_address', 'vrf', 'dot1q_vlan')


# The member options: a port-channel's ports, a vPC's ports on each switch of its pair (peer 1 first in the pair's name).
MEMBER_OPTIONS = ('members', 'peer1_members', 'peer2_members')


_TAKES = {
    (ETHERNET, 'access'): ('description', 'enabled', 'mtu', 'speed', 'access_vlan'),
    (ETHERNET, 'trunk'): ('description', 'enabled', 'mtu', 'speed', 'allowed_vlans', 'native_vlan'),
    (ETHERNET, 'routed'): ('description', 'enabled', 'mtu', 'speed', 'ipv4_address', 'vrf'),
    (PORT_CHANNEL, 'access'): ('description', 'enabled', 'mtu', 'members', 'pc_mode', 'access_vlan'),
    (PORT_CHANNEL, 'trunk'): ('description', 'enabled', 'mtu', 'members', 'pc_mode', 'allowed_vlans', 'native_vlan'),
    (PORT_CHANNEL, 'routed'): ('description', 'enabled', 'mtu', 'members', 'pc_mode', 'ipv4_address', 'vrf'),
    (VPC, 'access'): ('description', 'enabled', 'mtu', 'peer1_members', 'peer2_members', 'pc_mode', 'access_vlan'),
    (VPC, 'trunk'): ('description', 'enabled', 'mtu', 'peer1_members', 'peer2_members', 'pc_mode', 'allowed_vlans', 'native_vlan'),
    (LOOPBACK, None): ('description', 'enabled', 'ipv4_address', 'ipv6_address', 'vrf'),
    (SUBINTERFACE, None): ('description', 'enabled', 'mtu', 'ipv4_address', 'ipv6_address', 'vrf', 'dot1q_vlan'),
    (SVI, None): ('description', 'enabled', 'mtu', 'ipv4_address', 'vrf'),
}


# The kinds that are routed whatever their mode: their options follow the kind alone.
ROUTED_KINDS = (LOOPBACK, SUBINTERFACE, SVI)


# What a new interface (and replaced, for what it does not give) gets.
_DEFAULTS = {
    'description': '', 'enabled': True, 'speed': 'Auto', 'access_vlan': None, 'allowed_vlans': 'none', 'native_vlan': None,
    'members': [], 'peer1_members': [], 'peer2_members': [], 'pc_mode': 'active', 'ipv4_address': None, 'ipv6_address': None, 'vrf': '',
    'dot1q_vlan': None,
}


# Options that say the same on every kind that takes them: kept by merged when an interface changes its mode.
_CARRIED = ('description', 'enabled', 'speed')


# Each kind as a message names it, with its article ("an Ethernet port in mode trunk takes no access_vlan")
KIND_NAMES = {ETHERNET: 'an Ethernet port', PORT_CHANNEL: 'a port-channel', LOOPBACK: 'a loopback', SUBINTERFACE: 'a sub-interface',
              VPC: 'a vPC', SVI: 'an SVI'}


def a_kind(kind):
    return KIND_NAMES.get(kind, 'a %s' % kind)


def kind_of(obj):
    return interface_name(obj['interface'])[0]


def mode_key(obj):
    """The (kind, mode) the options of ``obj`` follow; None for an interface with a policy the module does not know."""
    kind = kind_of(obj)
    if kind in ROUTED_KINDS:
        return (kind, None)
    if kind in (ETHERNET, PORT_CHANNEL, VPC) and obj.get('mode') in MODES:
        return (kind, obj['mode'])
    return None


def vlan_list(text):
    """allowed_vlans in one spelling: ``none``, ``all`` or ranges (``10-12,20``); [(low, high)] for checks; ModelError else."""
    value = str(text).strip().lower().replace(' ', '')
    if value in ('none', 'all', ''):
        return value or 'none', []
    numbers = set()
    ranges = []
    for part in value.split(','):
        # nine digits at most: more is no VLAN, and a number of thousands of digits is never handed to int()
        match = re.match(r'^(\d{1,9})(?:-(\d{1,9}))?$', part)
        if not match:
            raise ModelError('allowed_vlans %s is not none, all or a list of VLANs (1 to 4094) and ranges such as 10,20-30'
                             % bounded(repr(str(text)), 80))
        low, high = int(match.group(1)), int(match.group(2) or match.group(1))
        if low > high:
            low, high = high, low
        ranges.append((low, high))
    if any(high > 4094 for _low, high in ranges):
        # no VLAN of any switch: left as given, for the checks to name
        return value, ranges
    for low, high in ranges:
        numbers.update(range(low, high + 1))
    spans = []
    for number in sorted(numbers):
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ','.join('%d' % low if low == high else '%d-%d' % (low, high) for low, high in spans), ranges


# The policy (template) of each kind and mode; a port-channel's members take the member policy.
POLICIES = {
    (ETHERNET, 'access'): 'int_access_host',
    (ETHERNET, 'trunk'): 'int_trunk_host',
    (ETHERNET, 'routed'): 'int_routed_host',
    (PORT_CHANNEL, 'access'): 'int_port_channel_access_host',
    (PORT_CHANNEL, 'trunk'): 'int_port_channel_trunk_host',
    (PORT_CHANNEL, 'routed'): 'int_l3_port_channel',
    (VPC, 'access'): 'int_vpc_access_host',
    (VPC, 'trunk'): 'int_vpc_trunk_host',
    (LOOPBACK, None): 'int_loopback',
    (SUBINTERFACE, None): 'int_subif',
    (SVI, None): 'int_vlan',
}


class InterfaceModel(ResourceModel):
    """An interface in the user's terms; the object's ``name`` is the plan's key (``"<switch> <interface>"``)."""

    KIND = 'interface'
    PLURAL = 'interfaces'
    EACH = 'each with its switch and name'

    # input

    def from_task(self, item, index):
        where = 'config[%d]' % index
        switch = str(item.get('switch') or '').strip()
        if not switch:
            raise ModelError('%s: give switch, the switch of the interface (its name, serial number or IP address).' % where)
        kind, interface = interface_name(item.get('name'))
        if kind is None:
            raise ModelError('%s: name %r is not an interface name this module knows; give it as the switch names it, such as '
                             'Ethernet1/10, port-channel10, Loopback0 or Ethernet1/1.10.' % (where, item.get('name')))
        partial = {'name': '%s %s' % (switch, interface), 'switch': switch, 'interface': interface}
        where = '%s (interface %s on %s)' % (where, interface, switch)
        for option in OPTIONS:
            value = item.get(option)
            if value is not None:
                partial[option] = self.coerce(option, value, kind, where)
        if item.get('template_params') is not None:
            partial['template_params'] = {str(key): template_text(value) for key, value in item['template_params'].items()}
        return partial

    @staticmethod
    def coerce(option, value, kind, where):
        """A task's value in the one spelling the model compares, or ModelError saying what to give."""
        if option in ('access_vlan', 'native_vlan', 'dot1q_vlan'):
            if isinstance(value, bool) or not re.match(r'^\d+$', str(value).strip()):
                raise ModelError('%s: %s must be a VLAN number, not %r' % (where, option, value))
            return int(str(value).strip())
        if option == 'enabled':
            return bool(value)
        if option in MEMBER_OPTIONS:
            members = []
            for member in value:
                member_kind, port = interface_name(member)
                if member_kind != ETHERNET:
                    raise ModelError('%s: members lists %r, which is no Ethernet port; give ports such as Ethernet1/20' % (where, member))
                if port not in members:
                    members.append(port)
            return sorted(members, key=interface_order)
        if option == 'allowed_vlans':
            try:
                return vlan_list(value)[0]
            except ModelError as exc:
                raise ModelError('%s: %s' % (where, exc)) from None
        if option == 'speed':
            text = str(value).strip().lower().replace(' ', '').replace('bps', 'b')
            if text not in SPEEDS:
                raise ModelError('%s: speed %r is not one the controller offers; give one of %s' % (where, value, ', '.join(SPEEDS.values())))
            return SPEEDS[text]
        if option == 'mtu':
            text = str(value).strip().lower()
            if kind in (ETHERNET, PORT_CHANNEL, VPC) and text in ('jumbo', 'default'):
                return text
            if not text.isdigit():
                raise ModelError('%s: mtu %r must be a number (or jumbo or default on a layer-2 port)' % (where, value))
            return text
        if option in ('ipv4_address', 'ipv6_address'):
            text = str(value).strip()
            if kind == LOOPBACK and '/' not in text:
                text += '/32' if option == 'ipv4_address' else '/128'
            return text.lower() if option == 'ipv6_address' else text
        if option in ('mode', 'pc_mode'):
            return str(value).strip().lower()
        return str(value)

    # states

    def defaults_for(self, obj):
        """The options a new ``obj`` (its kind and mode) gets, and what replaced resets the others to."""
        key = mode_key(obj)
        base = {'name': obj['name'], 'switch': obj['switch'], 'interface': obj['interface'], 'template_params': {}}
        if obj.get('mode') is not None:
            base['mode'] = obj['mode']
        if obj.get('policy') or POLICIES.get(key):
            base['policy'] = obj.get('policy') or POLICIES[key]
        if key is None:
            return base
        for option in _TAKES.get(key, ()):
            value = _DEFAULTS.get(option)
            if option == 'mtu':
                value = 'jumbo' if key[1] in ('access', 'trunk') else '9216'
            if option == 'dot1q_vlan':
                value = int(obj['interface'].rsplit('.', 1)[1])
            if value is not None:
                base[option] = copy.deepcopy(value)
        return base

    def merged(self, have, want):
        if have is None:
            result = self.defaults_for(want)
        elif self.changes_policy(have, want):
            # a new mode (or policy) is a new template: only what means the same in both stays
            result = self.defaults_for(dict(want, mode=want.get('mode', have.get('mode'))))
            for option in _CARRIED:
                if option in have and option in result:
                    result[option] = have[option]
        else:
            result = copy.deepcopy(have)
        given_over(result, want)
        return result

    def replaced(self, have, want):
        result = self.defaults_for(want)
        if have is not None and not self.changes_policy(have, result):
            result['template_params'] = dict(have.get('template_params') or {})
        given_over(result, want)
        return result

    @staticmethod
    def changes_policy(have, want):
        return ((want.get('mode') is not None and want['mode'] != have.get('mode'))
                or (want.get('policy') is not None and want['policy'] != have.get('policy')))

    def missing_on_create(self, obj):
        if kind_of(obj) in (ETHERNET, PORT_CHANNEL, VPC) and not obj.get('mode') and not obj.get('policy'):
            return ['mode']
        return []

    def reset_port(self, obj, role):
        """The port ``obj`` as the controller's default policy leaves it (a trunk on a leaf, routed elsewhere)."""
        mode = 'trunk' if role == 'leaf' else 'routed'
        return self.defaults_for({'name': obj['name'], 'switch': obj['switch'], 'interface': obj['interface'], 'mode': mode})

    @staticmethod
    def is_default(obj, role):
        """Whether a port is as the controller's default policy leaves it (what deleted and overridden return it to)."""
        if role == 'leaf':
            return (obj.get('mode') == 'trunk' and obj.get('allowed_vlans') == 'none' and obj.get('native_vlan') is None
                    and obj.get('description', '') == '' and obj.get('enabled', True) is True)
        return (obj.get('mode') == 'routed' and obj.get('ipv4_address') is None and obj.get('vrf', '') == ''
                and obj.get('description', '') == '' and obj.get('enabled', True) is True)

    # output

    def for_output(self, obj):
        out = {'switch': obj['switch'], 'name': obj['interface']}
        for option in OPTIONS:
            if obj.get(option) is not None:
                out[option] = copy.deepcopy(obj[option])
        out['template_params'] = shown_params(obj)
        return out
