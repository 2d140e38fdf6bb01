# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: NX-OS words as every resource spells them: switch roles and interface names.

A switch role has three spellings: the user's snake_case (``border_gateway``), the legacy API's words with spaces
(``border gateway``, the inventory's ``switchRole``) and the /api/v1/manage API's lower camel case (``borderGateway``).
An interface name is written by users in any case and short form (``e1/10``, ``po10``); the controller spells it one way
(``Ethernet1/10``, ``port-channel10``). The interfaces, links, vPC pairs, fabric switches and overlay resources read
these from here, so a spelling is fixed in one place.
"""

from __future__ import annotations

import re


# Roles


def role_to_controller(role):
    """``border_gateway`` -> ``border gateway``: the legacy API's spelling (switchRole of the fabric inventory)."""
    return role.replace('_', ' ')


def role_from_controller(role):
    """``border gateway`` -> ``border_gateway``."""
    return str(role or '').strip().lower().replace(' ', '_')


def role_to_manage(role):
    """``border_gateway`` -> ``borderGateway``: 4.2 spells the roles in lower camel case."""
    first, *rest = role.split('_')
    return first + ''.join(word.title() for word in rest)


def role_from_manage(role):
    """``borderGateway`` -> ``border_gateway``."""
    return re.sub(r'([A-Z])', r'_\1', str(role or '').strip()).lower().lstrip('_')


def role_manage_to_controller(role):
    """``borderGateway`` -> ``border gateway``: a switch role of 4.2 as the legacy API spells it."""
    return ''.join(' ' + letter.lower() if letter.isupper() else letter for letter in str(role or '')).strip()


# Interface names


# The kinds of interface, from the name's type.
ETHERNET, PORT_CHANNEL, LOOPBACK, SUBINTERFACE, VPC, SVI = 'ethernet', 'port-channel', 'loopback', 'sub-interface', 'vpc', 'svi'


# (kind, pattern, spelling): the name as the user may write it (any case, short forms) and as the controller spells it.
_NAMES = (
    (SUBINTERFACE, re.compile(r'^(?:ethernet|eth|e)\s*(\d+/\d+(?:/\d+)?)\.(\d+)$', re.I), 'Ethernet%s.%s'),
    (ETHERNET, re.compile(r'^(?:ethernet|eth|e)\s*(\d+/\d+(?:/\d+)?)$', re.I), 'Ethernet%s'),
    (PORT_CHANNEL, re.compile(r'^(?:port-channel|portchannel|po)\s*(\d+)$', re.I), 'port-channel%s'),
    (LOOPBACK, re.compile(r'^(?:loopback|lo)\s*(\d+)$', re.I), 'Loopback%s'),
    (VPC, re.compile(r'^vpc\s*(\d+)$', re.I), 'vPC%s'),
    (SVI, re.compile(r'^(?:vlan|interface-vlan)\s*(\d+)$', re.I), 'vlan%s'),
)


# The MTUs an NX-OS interface (and a link's template) takes, in bytes.
MTU_BOUNDS = (576, 9216)


# An interface name as a switch's interface list spells it: a type, then numbers (Ethernet1/10, Ethernet1/1/2 for a
# breakout, port-channel10, Ethernet1/10.20 for a sub-interface). Anything else names no port of any switch.
INTERFACE_NAME = re.compile(r'^[A-Za-z][A-Za-z-]*\d+(?:/\d+)*(?:\.\d+)?$')


def interface_name(text):
    """(kind, the controller's spelling) of an interface name; (None, text) for a name of no kind this module knows."""
    text = str(text or '').strip()
    for kind, pattern, spelling in _NAMES:
        match = pattern.match(text)
        if match:
            return kind, spelling % match.groups()
    return None, text


def interface_order(name):
    """A sort key putting Ethernet1/2 before Ethernet1/10."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r'(\d+)', name)]


def is_interface_name(text):
    """Whether ``text`` is spelled as a switch's interface list spells a name (any type, not only the kinds above)."""
    return bool(INTERFACE_NAME.match(str(text)))


def name_in(interface, text):
    """Whether ``text`` names ``interface`` (as a whole name: Ethernet1/1 is not named by Ethernet1/10), in any case."""
    return re.search(r'(?<![\w/.])%s(?![\w/]|\.\d)' % re.escape(interface), text, re.I) is not None
