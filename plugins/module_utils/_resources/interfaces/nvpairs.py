# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the interface policies of the controller (templates such as ``int_access_host``) and an
interface's options as their ``nvPairs``, both ways.

Which policy each kind and mode of interface takes is the model's (``model.POLICIES``); which nvPair each option is, and the
policies the controller gives the ports it holds (port-channel and vPC members, the vPC peer-link), are here. The options
that are one nvPair each are rows of ``NV_ROWS`` (``_framework/nvpairs.py``); the addresses (two nvPairs, or one, by kind)
and a vPC's options (one nvPair per switch of the pair) are written out below.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nvpairs import FLAG, TEXT, NvKind, NvPairs, listing
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import ETHERNET, LOOPBACK, PORT_CHANNEL, SUBINTERFACE, SVI, VPC
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name, interface_order
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import (
    _TAKES,
    L2_MTUS,
    POLICIES,
    SPEEDS,
    kind_of,
    mode_key,
    vlan_list,
)

MODE_OF_POLICY = {policy: key for key, policy in POLICIES.items()}


MEMBER_POLICIES = ('int_port_channel_trunk_member_11_1', 'int_port_channel_access_member_11_1',
                   'int_port_channel_dot1q_tunnel_member_11_1', 'int_l3_port_channel_member')


# The policies the controller gives a vPC's member ports [client, cisco.dcnm]; such a port belongs to its vPC.
VPC_MEMBER_POLICIES = ('int_vpc_access_po_member_11_1', 'int_vpc_trunk_po_member_11_1', 'int_vpc_dot1q_tunnel_po_member_11_1')


# A vPC pair's peer-link: a port-channel on each switch of the pair, and the member policy of its ports [client, cisco.dcnm's
# dcnm_interface names both; docs/api/fabric-controller.yaml, tag vpc-pairs]. The pair holds them (fabricops.dashboard.vpc_pairs
# sets their ports): never free for a port-channel, a vPC or a setting of their own, never changed or removed here.
PEER_LINK_POLICY = 'int_vpc_peer_link_po'


PEER_LINK_MEMBER_POLICY = 'int_vpc_peer_link_po_member_11_1'


# A vPC's options that are one nvPair on each switch of the pair (the same value on both) [client, cisco.dcnm's vPC payloads;
# uncertain: the emulator does not check a vPC's nvPairs]; its port-channel number is PEER1_PCID and PEER2_PCID.
VPC_PEER_KEYS = {'description': 'PO_DESC', 'access_vlan': 'ACCESS_VLAN', 'allowed_vlans': 'ALLOWED_VLANS', 'native_vlan': 'NATIVE_VLAN'}


VPC_IDENTITY_KEYS = ('PEER1_PCID', 'PEER2_PCID')


INTERFACE_TYPES = {ETHERNET: 'INTERFACE_ETHERNET', PORT_CHANNEL: 'INTERFACE_PORT_CHANNEL', LOOPBACK: 'INTERFACE_LOOPBACK',
                   SUBINTERFACE: 'SUBINTERFACE', VPC: 'INTERFACE_VPC', SVI: 'INTERFACE_VLAN'}


def _read(parse):
    """A kind of this module's nvPairs read from their text stripped; ``parse`` gives None for a text it cannot read (the
    option is then left unset: the policy's own text has no meaning in the module's terms)."""
    return lambda text: parse(str(text).strip())


def _vlans(text):
    try:
        return vlan_list(text)[0]
    except ModelError:
        return text


WRITTEN = TEXT.to_text
VLAN = NvKind(WRITTEN, _read(lambda text: int(text) if text.isdigit() else None))
WORDS = NvKind(WRITTEN, _read(lambda text: text))
ADMIN_STATE = NvKind(FLAG.to_text, _read(lambda text: text.lower() != 'false'))
PORTS = listing(_read(lambda text: sorted({interface_name(part)[1] for part in text.split(',') if part.strip()}, key=interface_order)))


# The options that are one nvPair each: (option, nvPair, kind)
NV_ROWS = NvPairs((
    ('description', 'DESC', WORDS), ('enabled', 'ADMIN_STATE', ADMIN_STATE),
    ('mtu', 'MTU', NvKind(WRITTEN, _read(lambda text: text.lower() if text.lower() in ('jumbo', 'default') else text))),
    ('speed', 'SPEED', NvKind(WRITTEN, _read(lambda text: SPEEDS.get(text.lower(), text)))),
    ('access_vlan', 'ACCESS_VLAN', VLAN), ('allowed_vlans', 'ALLOWED_VLANS', NvKind(WRITTEN, _read(_vlans))),
    ('native_vlan', 'NATIVE_VLAN', VLAN), ('pc_mode', 'PC_MODE', WORDS), ('vrf', 'INTF_VRF', WORDS), ('dot1q_vlan', 'VLAN', VLAN),
    ('members', 'MEMBER_INTERFACES', PORTS), ('peer1_members', 'PEER1_MEMBER_INTERFACES', PORTS),
    ('peer2_members', 'PEER2_MEMBER_INTERFACES', PORTS),
))


NV_KEYS = {option: key for key, option in NV_ROWS.keys().items()}
KINDS = {option: kind for option, _key, kind in NV_ROWS.rows}


# ipv4_address is IP and PREFIX (a loopback's IP alone); ipv6_address is a sub-interface's IPv6 and IPv6_PREFIX, a loopback's
# V6IP alone (one address) [client, cisco.dcnm's sub-interface and loopback payloads; no IPv6 pair in its routed port's]
ADDRESS_KEYS = ('IP', 'PREFIX')


IPV6_KEYS = {SUBINTERFACE: ('IPv6', 'IPv6_PREFIX'), LOOPBACK: ('V6IP', None)}


# nvPairs the controller fills from the interface itself, or keeps of its own: never template_params, never sent back
IDENTITY_KEYS = ('INTF_NAME', 'PO_ID')


SERVER_KEYS = ('POLICY_ID', 'FABRIC_NAME')


def owned_keys(key):
    """{nvPair: option} of the nvPairs an option (or the interface's identity) sets for this kind and mode."""
    owned = {}
    for option in _TAKES.get(key, ()):
        if key[0] == VPC and option in VPC_PEER_KEYS:
            owned.update({'PEER%d_%s' % (peer, VPC_PEER_KEYS[option]): option for peer in (1, 2)})
        elif option in NV_KEYS:
            owned[NV_KEYS[option]] = option
    if key and key[0] == VPC:
        owned.update({name: 'name' for name in VPC_IDENTITY_KEYS})
    if 'ipv4_address' in _TAKES.get(key, ()):
        owned.update({'IP': 'ipv4_address', 'PREFIX': 'ipv4_address'})
    if 'ipv6_address' in _TAKES.get(key, ()):
        owned.update({name: 'ipv6_address' for name in IPV6_KEYS[key[0]] if name})
    owned.update({name: 'name' for name in IDENTITY_KEYS})
    return owned


def object_from_controller(entry, switch_label):
    """The model object of one interface as GET /interface lists it (``entry``: {ifName, nvPairs, ...} plus ``policy``)."""
    kind, interface = interface_name(entry.get('ifName'))
    pairs = {str(key): template_text(value) for key, value in (entry.get('nvPairs') or {}).items() if key not in SERVER_KEYS}
    policy = str(entry.get('policy') or '')
    obj = {'name': '%s %s' % (switch_label, interface), 'switch': switch_label, 'interface': interface, 'policy': policy}
    key = MODE_OF_POLICY.get(policy)
    if key is None or key[0] != kind:
        obj['template_params'] = {name: value for name, value in pairs.items() if name not in IDENTITY_KEYS}
        return obj
    if key[1] is not None:
        obj['mode'] = key[1]
    # the options that are one nvPair each; then a vPC's (peer 1's value stands for both: the module writes the same on
    # each) and the addresses
    peer_options = [option for option in _TAKES[key] if kind == VPC and option in VPC_PEER_KEYS]
    values, rest = NV_ROWS.from_controller(pairs, [option for option in _TAKES[key] if option not in peer_options])
    obj.update(values)
    consumed = set(IDENTITY_KEYS) | (set(VPC_IDENTITY_KEYS) if kind == VPC else set())
    for option in peer_options:
        consumed.update('PEER%d_%s' % (peer, VPC_PEER_KEYS[option]) for peer in (1, 2))
        value = pairs.get('PEER1_%s' % VPC_PEER_KEYS[option])
        obj_value = None if value is None else value_from_controller(option, value)
        if obj_value is not None:
            obj[option] = obj_value
    if 'ipv4_address' in _TAKES[key]:
        consumed.update(ADDRESS_KEYS)
        address, length = pairs.get('IP', ''), pairs.get('PREFIX') or ('32' if kind == LOOPBACK else '')
        if address:
            # an address that carries its length already (as a 4.2 controller may store one) keeps it
            obj['ipv4_address'] = '%s/%s' % (address, length) if length and '/' not in address else address
    if 'ipv6_address' in _TAKES[key]:
        address_key, length_key = IPV6_KEYS[kind]
        consumed.update(name for name in (address_key, length_key) if name)
        address = pairs.get(address_key, '')
        length = pairs.get(length_key, '') if length_key else '128'
        if address:
            obj['ipv6_address'] = ('%s/%s' % (address, length) if length else address).lower()
    obj['template_params'] = {name: value for name, value in rest.items() if name not in consumed}
    return obj


def value_from_controller(option, text):
    """The option's value of an nvPair's text, as ``NV_ROWS`` reads it."""
    return KINDS[option].from_text(text)


def nv_pairs(obj):
    """The nvPairs of ``obj`` as its policy takes them: its template_params, its options as text, its name."""
    kind = kind_of(obj)
    key = mode_key(obj)
    pairs = dict(obj.get('template_params') or {})
    pairs['INTF_NAME'] = obj['interface']
    if kind == PORT_CHANNEL:
        pairs['PO_ID'] = obj['interface']
    if kind == VPC:
        del pairs['INTF_NAME']
        number = obj['interface'][3:]
        pairs.update(PEER1_PCID=number, PEER2_PCID=number)
    if key is None or (obj.get('policy') and MODE_OF_POLICY.get(obj['policy']) not in (None, key)):
        return pairs
    takes = _TAKES[key]
    peer_options = [option for option in takes if kind == VPC and option in VPC_PEER_KEYS]
    # every option the policy takes is written, an unset one as its kind writes None
    pairs = NV_ROWS.to_controller(obj, pairs, unset=True, options=[option for option in takes if option not in peer_options])
    for option in peer_options:
        for peer in (1, 2):
            pairs['PEER%d_%s' % (peer, VPC_PEER_KEYS[option])] = KINDS[option].to_text(obj.get(option))
    if 'ipv4_address' in takes:
        address, _slash, length = str(obj.get('ipv4_address') or '').partition('/')
        pairs['IP'] = address
        if kind != LOOPBACK:
            pairs['PREFIX'] = length if obj.get('ipv4_address') else ''
    if 'ipv6_address' in takes:
        address, _slash, length = str(obj.get('ipv6_address') or '').partition('/')
        address_key, length_key = IPV6_KEYS[kind]
        pairs[address_key] = address
        if length_key:
            pairs[length_key] = length if obj.get('ipv6_address') else ''
    return pairs


def settle_mode(want, have):
    """The mode a want's options follow, written into it: the one given, the one its policy implies, or the interface's
    current one; and its mtu in that mode's spelling (9216 is jumbo on a layer-2 port)."""
    kind = kind_of(want)
    if kind in (ETHERNET, PORT_CHANNEL, VPC) and want.get('mode') is None:
        implied = MODE_OF_POLICY.get(want.get('policy'))
        if implied is not None and implied[0] == kind:
            want['mode'] = implied[1]
        elif want.get('policy') is None and have is not None and have.get('mode') is not None:
            want['mode'] = have['mode']
    if want.get('mtu') is not None and kind in (ETHERNET, PORT_CHANNEL, VPC) and want.get('mode') in ('access', 'trunk'):
        want['mtu'] = L2_MTUS.get(want['mtu'], want['mtu'])


def policy_of(obj):
    return obj.get('policy') or POLICIES.get(mode_key(obj))
