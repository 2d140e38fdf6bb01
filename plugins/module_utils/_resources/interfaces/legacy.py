# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the interfaces resource: a switch's interface as the user writes it, and its policy on the controller.

``InterfaceModel`` knows the options in a network engineer's terms (a port's ``mode``, its VLANs, a
port-channel's ``members``) and no controller field; ``InterfaceMapping`` is the one place that
knows the interface policies (templates such as ``int_access_host``), their ``nvPairs`` and the
paths (``/interface``, ``/globalInterface``, ``/interface/markdelete``, ``/globalInterface/deploy``
in docs/api/fabric-controller.yaml). Another API (ND 4.2's) would be another mapping beside it.

An interface is identified by its switch and its name: the plan's key is ``"<switch> <interface>"``
(the switch as the fabric inventory names it). Physical ports always exist: deleting one returns it
to the controller's default policy; logical interfaces (port-channels, loopbacks, sub-interfaces)
are created and removed. A port that is a member of a port-channel belongs to its port-channel: it
is described by the port-channel's ``members`` and never reset on its own.

A vPC lives on a vPC pair: the controller lists it on both switches under the pair's serial number
(``"SN1~SN2"``, from ``/interface/vpcpair_serial_number``); its key is the pair's first switch and its name,
and ``peer1_members``/``peer2_members`` are its ports on each switch.

Why one file of this size: the model and the mapping of seven interface kinds, and the plan of its own that ``deleted`` and
``overridden`` need (a port is reset, not deleted; members move with their port-channel), which the top-down resources get
from ``topdown.py``. The model (``InterfaceModel``) and the mapping (``InterfaceMapping``) are apart within it; moving the
model to a file of its own, as ``networks.py`` beside ``topdown.py`` is, is the next step when ND 4.2's mapping comes.
"""

from __future__ import annotations

import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DeployFailed, wait_for_deploy
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import Mapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import Change, plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import Wait
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import config_switches, read_directory
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import (
    VLAN_BOUNDS,
    check_bounds,
    check_interface_address,
    check_template_keys,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import (
    _TAKES,
    ETHERNET,
    L2_MTUS,
    LOOPBACK,
    MEMBER_OPTIONS,
    MTU_BOUNDS,
    OPTIONS,
    POLICIES,
    PORT_CHANNEL,
    ROUTED_KINDS,
    SPEEDS,
    SUBINTERFACE,
    SVI,
    TRUNK_VLAN_BOUNDS,
    VPC,
    interface_name,
    interface_order,
    kind_of,
    mode_key,
    vlan_list,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, server_message

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


# option -> nvPair, for the options that are one nvPair as text
NV_KEYS = {
    'description': 'DESC', 'enabled': 'ADMIN_STATE', 'mtu': 'MTU', 'speed': 'SPEED', 'access_vlan': 'ACCESS_VLAN',
    'allowed_vlans': 'ALLOWED_VLANS', 'native_vlan': 'NATIVE_VLAN', 'pc_mode': 'PC_MODE', 'vrf': 'INTF_VRF',
    'dot1q_vlan': 'VLAN', 'members': 'MEMBER_INTERFACES', 'peer1_members': 'PEER1_MEMBER_INTERFACES',
    'peer2_members': 'PEER2_MEMBER_INTERFACES',
}


# ipv4_address is IP and PREFIX (a loopback's IP alone); ipv6_address is a sub-interface's IPv6 and IPv6_PREFIX, a loopback's
# V6IP alone (one address) [client, cisco.dcnm's sub-interface and loopback payloads; no IPv6 pair in its routed port's]
ADDRESS_KEYS = ('IP', 'PREFIX')


IPV6_KEYS = {SUBINTERFACE: ('IPv6', 'IPv6_PREFIX'), LOOPBACK: ('V6IP', None)}


# nvPairs the controller fills from the interface itself, or keeps of its own: never template_params, never sent back
IDENTITY_KEYS = ('INTF_NAME', 'PO_ID')


SERVER_KEYS = ('POLICY_ID', 'FABRIC_NAME')


# What an interface's complianceStatus shows while its deploy runs (docs/api, interface/detail): waited for, not deployed again.
DEPLOYING_STATES = ('PENDING',)


# The controller's answer to a deploy of interfaces with nothing to push [client, cisco.dcnm].
NOTHING_TO_DEPLOY = 'No Commands to execute.'


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
    consumed = set(IDENTITY_KEYS) | (set(VPC_IDENTITY_KEYS) if kind == VPC else set())
    for option in _TAKES[key]:
        if kind == VPC and option in VPC_PEER_KEYS:
            # peer 1's value stands for both: the module writes the same on each
            nv_key = 'PEER1_%s' % VPC_PEER_KEYS[option]
            consumed.update({nv_key, 'PEER2_%s' % VPC_PEER_KEYS[option]})
            value = pairs.get(nv_key)
            obj_value = None if value is None else value_from_controller(option, value)
            if obj_value is not None:
                obj[option] = obj_value
            continue
        if option == 'ipv4_address':
            consumed.update(ADDRESS_KEYS)
            address, length = pairs.get('IP', ''), pairs.get('PREFIX') or ('32' if kind == LOOPBACK else '')
            if address:
                obj[option] = '%s/%s' % (address, length) if length else address
            continue
        if option == 'ipv6_address':
            address_key, length_key = IPV6_KEYS[kind]
            consumed.update(name for name in (address_key, length_key) if name)
            address = pairs.get(address_key, '')
            length = pairs.get(length_key, '') if length_key else '128'
            if address:
                obj[option] = ('%s/%s' % (address, length) if length else address).lower()
            continue
        nv_key = NV_KEYS[option]
        consumed.add(nv_key)
        value = pairs.get(nv_key)
        if value is None:
            continue
        obj_value = value_from_controller(option, value)
        if obj_value is not None:
            obj[option] = obj_value
    obj['template_params'] = {name: value for name, value in pairs.items() if name not in consumed}
    return obj


def value_from_controller(option, text):
    text = str(text).strip()
    if option in ('access_vlan', 'native_vlan', 'dot1q_vlan'):
        return int(text) if text.isdigit() else None
    if option == 'enabled':
        return text.lower() != 'false'
    if option in MEMBER_OPTIONS:
        return sorted({interface_name(part)[1] for part in text.split(',') if part.strip()}, key=interface_order)
    if option == 'allowed_vlans':
        try:
            return vlan_list(text)[0]
        except ModelError:
            return text
    if option == 'mtu':
        lowered = text.lower()
        return lowered if lowered in ('jumbo', 'default') else text
    if option == 'speed':
        return SPEEDS.get(text.lower(), text)
    return text


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
    for option in _TAKES[key]:
        value = obj.get(option)
        if option == 'ipv4_address':
            address, _slash, length = str(value or '').partition('/')
            pairs['IP'] = address
            if kind != LOOPBACK:
                pairs['PREFIX'] = length if value else ''
        elif option == 'ipv6_address':
            address, _slash, length = str(value or '').partition('/')
            address_key, length_key = IPV6_KEYS[kind]
            pairs[address_key] = address
            if length_key:
                pairs[length_key] = length if value else ''
        elif option in MEMBER_OPTIONS:
            pairs[NV_KEYS[option]] = ','.join(value or [])
        elif kind == VPC and option in VPC_PEER_KEYS:
            for peer in (1, 2):
                pairs['PEER%d_%s' % (peer, VPC_PEER_KEYS[option])] = '' if value is None else str(value)
        elif option == 'enabled':
            pairs['ADMIN_STATE'] = 'false' if value is False else 'true'
        else:
            pairs[NV_KEYS[option]] = '' if value is None else str(value)
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


def name_in(interface, text):
    """Whether ``text`` names ``interface`` (as a whole name: Ethernet1/1 is not named by Ethernet1/10), in any case."""
    return re.search(r'(?<![\w/.])%s(?![\w/]|\.\d)' % re.escape(interface), text, re.I) is not None


def policy_of(obj):
    return obj.get('policy') or POLICIES.get(mode_key(obj))


class InterfaceMapping(Mapping):
    """Reads a fabric's switches' interfaces (one GET per switch), writes their policies, deploys what it touched."""

    def __init__(self, model, client, params):
        self.model = model
        self.client = client
        self.params = params
        self.fabric = params.get('fabric')
        self.directory = None
        # {serial: the switch as results name it (its name, or its serial number when another switch has that name)}; {key: serial}
        self.labels = {}
        self.serials = {}
        # {serial: {port: port-channel}}: the ports that are members of a port-channel, read
        self.members = {}
        # {serial: set of its physical port names}: what the switch has
        self.ports = {}
        # {key: IN-SYNC, OUT-OF-SYNC or PENDING}, read only for a task that deploys
        self.compliance = {}
        # {key: object} as read
        self.have = {}
        # {serial: the pair's serial "SN1~SN2" (its own serial when in no pair)}, asked only for switches a vPC item names
        self.pairs = {}
        # {serial: {port: vPC}}: the ports that are members of a vPC, read; the serials the config names
        self.vpc_members = {}
        self.named = set()
        # {serial: {port: the peer-link's port-channel ('' when the controller does not name it)}}: the vPC peer-link's ports
        self.peer_link = {}
        # the serials of the switches a vPC names that are in no vPC pair: check_intent refuses them (a warning in check mode,
        # where an earlier vpc_pairs task of the play may pair them, and the vPC is then taken as new on that switch alone)
        self.unpaired = set()
        # {switch as given: where}: switches the fabric's inventory does not list; check_intent refuses them (a warning in
        # check mode, where an earlier task of the play may add them), and nothing of theirs is read
        self.absent = {}

    # reads

    def inventory(self, named=None):
        """The fabric's switches; ``named`` (the switches config names, as given): from the run's copy when it names them
        all (see ``read_directory``)."""
        switches, self.directory, labels = read_directory(self.client, self.fabric, named)
        self.labels.update(labels)
        return switches

    def listed(self, given, where):
        """Whether the fabric's inventory names the switch ``given`` (by name, serial number or IP address); one it does not is
        noted in ``absent``."""
        if any(given in (serial, str(entry.get('logicalName') or ''), str(entry.get('ipAddress') or ''))
               for serial, entry in self.directory.by_serial.items()):
            return True
        self.absent.setdefault(given, where)
        return False

    def named_switches(self):
        """The serials of the switches the task's config names that the fabric has (ModelError for a name several have)."""
        serials = []
        for index, item in enumerate(self.params.get('config') or []):
            given = str(item.get('switch') or '').strip()
            if not self.listed(given, 'config[%d]' % index):
                continue
            serial = self.directory.serial_of(given, 'config[%d]' % index)
            if serial not in serials:
                serials.append(serial)
        return serials

    def read(self, names=None):
        """{key: object} of every interface of the switches the config names (every switch of the fabric for gathered).

        1 GET of the fabric's inventory (none when the run's copy names every switch config names: ``read_directory``),
        then 1 GET /interface per switch; the pair of a switch a vPC item names is
        taken from the vPCs the switch lists (under the pair's serial number), and asked only when it lists none. Ports
        that are members of a port-channel are left out: their port-channel's ``members`` describes them."""
        del names  # the controller lists a switch's interfaces in one answer
        state = self.params.get('state')
        if state in ('deleted', 'overridden') and not self.params.get('config'):
            raise ModelError('state %s needs config: list the interfaces%s, each with its switch and name; nothing is %s on a '
                             'switch config does not name.' % (state, ' to keep' if state == 'overridden' else ' to delete',
                                                               'changed' if state == 'overridden' else 'deleted'))
        switches = self.inventory(config_switches(self.params))
        have = {}
        if state == 'gathered':
            for entry in switches:
                self.read_switch(str(entry['serialNumber']), have)
        else:
            serials = self.named_switches()
            self.named = set(serials)
            for serial in serials:
                self.read_switch(serial, have)
            # a vPC's pair: both switches are read (their ports and members), but only the named ones are changed unasked
            for serial in self.vpc_switches():
                for peer in self.pair_of(serial, required=state != 'deleted').split('~'):
                    if peer not in serials and peer in self.labels:
                        serials.append(peer)
                        self.read_switch(peer, have)
        return dict(sorted(have.items(), key=lambda item: (item[1]['switch'], interface_order(item[1]['interface']))))

    def read_switch(self, serial, have):
        """Read one switch's interfaces (1 GET /interface) into ``have`` and the mapping's tables of ports and members."""
        answer = self.client.read('/interface', params={'serialNumber': serial})
        gathered = self.params.get('state') == 'gathered'
        self.members[serial] = {}
        self.ports[serial] = set()
        self.vpc_members.setdefault(serial, {})
        self.peer_link[serial] = {}
        for group in answer or []:
            if not isinstance(group, dict):
                continue
            for entry in group.get('interfaces') or []:
                if not isinstance(entry, dict):
                    continue
                kind, interface = interface_name(entry.get('ifName'))
                if kind == ETHERNET:
                    self.ports[serial].add(interface)
                if group.get('policy') in MEMBER_POLICIES:
                    channel = interface_name((entry.get('nvPairs') or {}).get('PO_ID', ''))[1]
                    self.members[serial][interface] = channel
                    continue
                if group.get('policy') in VPC_MEMBER_POLICIES:
                    self.vpc_members[serial].setdefault(interface, 'a vPC')
                    continue
                if group.get('policy') == PEER_LINK_MEMBER_POLICY:
                    # the pair's: described by its peer-link (vpc_pairs), so neither listed nor reset here, as other members
                    self.peer_link[serial][interface] = interface_name((entry.get('nvPairs') or {}).get('PO_ID') or '')[1]
                    continue
                owner = serial
                if kind == VPC:
                    # listed on both switches of its pair, under the pair's serial: one object, by the pair's first switch
                    owner = str(entry.get('serialNumber') or serial)
                    if '~' in owner:
                        # the pair the controller would name for either switch [seen: vpcpair_serial_number's answer]
                        for peer in owner.split('~'):
                            self.pairs.setdefault(peer, owner)
                if kind != VPC and not gathered and serial not in self.named:
                    continue  # a vPC's peer the config does not name: read for its ports and vPCs only
                first = owner.split('~', maxsplit=1)[0]
                if kind == VPC and first not in self.labels:
                    continue
                obj = object_from_controller(dict(entry, policy=group.get('policy')), self.labels[first])
                if kind == VPC:
                    for peer, option in zip(owner.split('~'), ('peer1_members', 'peer2_members')):
                        for port in obj.get(option) or []:
                            self.vpc_members.setdefault(peer, {})[port] = obj['interface']
                have[obj['name']] = obj
                self.serials[obj['name']] = owner

    def vpc_switches(self):
        """The serials of the switches the config's vPC items name (those the fabric has)."""
        return [self.directory.serial_of(str(item.get('switch') or '').strip(), 'config[%d]' % index)
                for index, item in enumerate(self.params.get('config') or []) if interface_name(item.get('name'))[0] == VPC
                and str(item.get('switch') or '').strip() not in self.absent]

    def pair_of(self, serial, required=True):
        """The pair's serial ("SN1~SN2") of a switch, asked once (1 GET); for a switch in no pair its own serial, noted in
        ``unpaired`` when ``required`` (not for deleted, for which a vPC that cannot exist is already gone)."""
        if serial not in self.pairs:
            answer = self.client.read('/interface/vpcpair_serial_number', params={'serial_number': serial})
            self.pairs[serial] = str((answer or {}).get('vpc_pair_sn') or serial) if isinstance(answer, dict) else serial
        if '~' not in self.pairs[serial] and required:
            self.unpaired.add(serial)
        return self.pairs[serial]

    @staticmethod
    def config_hint(state):
        return 'list the interfaces to %s, each with its switch and name' % ('render' if state == 'rendered' else 'set')

    def prepare(self, wants, have):
        del wants, have  # the switches are resolved in plan, for every state

    def prepare_offline(self, wants):
        """For rendered: switches are taken to be named by serial number."""
        for index, want in enumerate(wants):
            if kind_of(want) == VPC:
                raise ModelError('config[%d]: rendered cannot tell a vPC\'s pair without the controller (the pair\'s serial '
                                 'numbers are the controller\'s); render the vPC\'s switches\' other interfaces, or run merged in '
                                 'check mode to see its changes' % index)
            settle_mode(want, None)
            self.serials[want['name']] = want['switch']
            self.labels[want['switch']] = want['switch']
            self.members.setdefault(want['switch'], {})

    def rekey(self, wants):
        """Each want's switch as the fabric names it, and its key from that."""
        for index, want in enumerate(wants):
            if want['switch'] in self.absent:
                # keyed by the switch as given, its own serial as far as the task can know (a vPC's pair cannot be known)
                self.serials[want['name']] = want['switch']
                continue
            serial = self.directory.serial_of(want['switch'], 'config[%d]' % index)
            self.named.add(serial)
            if kind_of(want) == VPC:
                # either switch of the pair names it; the pair's first switch is its switch in results
                serial = self.pair_of(serial, required=self.params.get('state') != 'deleted')
                want['switch'] = self.labels[serial.split('~')[0]]
                want['name'] = '%s %s' % (want['switch'], want['interface'])
                self.serials[want['name']] = serial
                continue
            want['switch'] = self.labels[serial]
            want['name'] = '%s %s' % (want['switch'], want['interface'])
            self.serials[want['name']] = serial

    def role(self, serial):
        return str((self.directory.by_serial.get(serial) or {}).get('switchRole') or '').lower() if self.directory else ''

    def plan(self, model, state, wants, have):
        """The changes of the state: merged and replaced as every resource; deleted and overridden return a physical port
        to the default policy (when it is not there already) and remove logical interfaces."""
        self.have = have
        if state != 'rendered':
            self.rekey(wants)
        if state != 'deleted':
            for want in wants:
                settle_mode(want, have.get(want['name']))
        if state in ('merged', 'replaced', 'rendered'):
            return plan(model, 'merged' if state == 'rendered' else state, wants, have)
        seen = set()
        for want in wants:
            if want['name'] in seen:
                raise ModelError('config lists interface %s twice; list each interface once.' % want['name'])
            seen.add(want['name'])
        if state == 'deleted':
            return [change for change in (self.removal(model, have[want['name']]) for want in wants if want['name'] in have)
                    if change is not None]
        changes = plan(model, 'replaced', wants, have)
        for name, obj in have.items():
            # Only interfaces with a policy of this module's: the fabric's own (underlay loopbacks and links, a vPC
            # peer-link, each with its fabric policy) and those of policies it does not know are never reset unasked; nor
            # SVIs, which a network's attachment may give a switch [uncertain: with which policy the controller lists them].
            if (name not in seen and obj.get('policy') in MODE_OF_POLICY and kind_of(obj) != SVI
                    and set(self.serials[name].split('~')) & self.named):
                change = self.removal(model, obj)
                if change is not None:
                    changes.append(change)
        return changes

    def removal(self, model, obj):
        """The Change that deletes ``obj``: a port back to the default policy (None when it is there), a logical one gone."""
        if kind_of(obj) != ETHERNET:
            return Change(obj['name'], obj, None)
        if obj['interface'] in self.vpc_members.get(self.serials[obj['name']], {}):
            return None  # a vPC's member: its vPC describes it
        role = self.role(self.serials[obj['name']])
        if model.is_default(obj, role):
            return None
        change = Change(obj['name'], obj, model.reset_port(obj, role))
        change.reset = True
        return change

    def check(self, changes):
        del changes

    # the checks of the task's intent

    def check_intent(self, state, wants, changes, checks):
        """Refuse what cannot work, before anything is written: options the kind or mode does not take, VLANs outside 2 to
        4094, addresses without a prefix length, template_params an option sets, ports the switch does not have, a port in
        two port-channels or vPCs (or in one and configured on its own), the vPC peer-link and its ports (in every state),
        SVI interfaces. Costs no request: the reads of
        the run hold every port of the switches named (and of a named vPC's pair). A switch the fabric does not have is
        refused in every state; in check mode a warning, as an earlier task of the play (fabricops.dashboard.fabric_switches)
        may add it, and its interfaces are taken as new."""
        for given, where in sorted(self.absent.items()):
            checks.refuse('%s: switch %s is not in fabric %s: add it to the fabric first (fabricops.dashboard.fabric_switches, in '
                          'an earlier task), or give its name, serial number or IP address as the fabric inventory lists it'
                          % (where, given, self.fabric), depends_on='the switches of fabric %s' % self.fabric)
        for serial in sorted(self.unpaired):
            checks.refuse('switch %s is in no vPC pair, and a vPC interface lives on a pair: pair it first (fabricops.dashboard.vpc_pairs, '
                          'in an earlier task), then run this task again' % self.labels.get(serial, serial),
                          depends_on='the vPC pairs of fabric %s' % self.fabric)
        for change in changes:
            if change.changed and (change.before or {}).get('policy') == PEER_LINK_POLICY:
                checks.refuse('interface %s is the vPC peer-link of switch %s\'s vPC pair, which the pair holds: leave it out of '
                              'config, and change the peer-link with fabricops.dashboard.vpc_pairs' % (change.name, change.before['switch']),
                              depends_on='the peer-link of switch %s\'s vPC pair' % change.before['switch'])
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
            checks.refuse('interface %s: a%s %s is routed; leave mode out (or give routed)' % (name, 'n' if kind == SVI else '', kind))
        if kind == VPC and mode == 'routed':
            checks.refuse('interface %s: routed vPCs are not managed by this module; give mode access or trunk' % name)
            return
        known_policy = want.get('policy') is None or want['policy'] in MODE_OF_POLICY
        if want.get('policy') in MODE_OF_POLICY:
            implied = MODE_OF_POLICY[want['policy']]
            if implied[0] != kind or (mode is not None and implied[1] not in (None, mode)):
                checks.refuse('interface %s: policy %s is the policy of a %s%s, not of this interface%s; leave policy out, or '
                              'give the mode it is for' % (name, want['policy'], implied[0], ' %s port' % implied[1] if implied[1]
                                                           else '', ' in mode %s' % mode if mode else ''))
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
                checks.refuse('interface %s: give mode (access, trunk or routed): the options of a %s follow its mode'
                              % (name, kind))
            return
        takes = _TAKES.get(key, ())
        wrong = [option for option in given if option not in takes]
        if wrong:
            checks.refuse('interface %s: a %s%s takes no %s; it takes %s' % (
                name, kind, ' in mode %s' % key[1] if key[1] else '', ', '.join(wrong), ', '.join(takes)))
        for option in ('access_vlan', 'native_vlan', 'dot1q_vlan'):
            check_bounds(checks, 'interface', name, option, want.get(option), VLAN_BOUNDS, 'VLAN')
        if want.get('allowed_vlans') is not None:
            for low, high in vlan_list(want['allowed_vlans'])[1]:
                for value in sorted({low, high}):
                    check_bounds(checks, 'interface', name, 'allowed_vlans', value, TRUNK_VLAN_BOUNDS, 'VLAN')
        if want.get('ipv4_address') is not None:
            check_interface_address(checks, 'interface', name, 'ipv4_address', want['ipv4_address'], 4)
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
            ports = self.ports.get(serial, set())
            kind = kind_of(obj)
            if kind == ETHERNET and obj['interface'] not in ports and obj['interface'] not in self.members.get(serial, {}):
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
            current = self.members.get(serial, {}).get(obj['interface'])
            if kind == ETHERNET and current and (serial, obj['interface']) not in leaving and current not in self.task_channels(after, serial):
                checks.refuse('interface %s: port %s is a member of %s; remove it from %s\'s members first (in this task or '
                              'an earlier one)' % (change.name, obj['interface'], current, current),
                              depends_on='%s %s' % (obj['switch'], current))
            if kind == VPC:
                self.check_vpc_members(change, obj, leaving, checks)
            in_vpc = self.vpc_members.get(serial, {}).get(obj['interface'])
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
                    if port in self.vpc_members.get(serial, {}) and (serial, port) not in leaving:
                        checks.refuse('interface %s: port %s is already a member of %s; remove it from that vPC\'s members first'
                                      % (change.name, port, self.vpc_members[serial][port]))
                        continue
                    owner = self.members.get(serial, {}).get(port)
                    if owner and owner != obj['interface'] and (serial, port) not in leaving:
                        checks.refuse('interface %s: port %s is already a member of %s; remove it from %s\'s members first (in '
                                      'this task or an earlier one)' % (change.name, port, owner, owner),
                                      depends_on='%s %s' % (obj['switch'], owner))

    def check_peer_link(self, name, serial, port, switch, checks):
        """Refuse a port of the vPC peer-link to interface ``name`` (the port itself, or one taking it as a member); True when it
        is one. A warning in check mode: an earlier vpc_pairs task of the play may give the peer-link other ports."""
        if port not in self.peer_link.get(serial, {}):
            return False
        channel = self.peer_link[serial][port]
        interface = name.rsplit(' ', 1)[1]
        fix = 'leave the port out of config' if interface == port else 'give %s another port' % interface
        checks.refuse('interface %s: port %s of switch %s is a member of the vPC peer-link%s, which the switch\'s vPC pair holds; '
                      '%s, or give the peer-link other member ports first (fabricops.dashboard.vpc_pairs, peer1_link_members and '
                      'peer2_link_members, in an earlier task)' % (name, port, switch, ' %s' % channel if channel else '', fix),
                      depends_on='the peer-link of switch %s\'s vPC pair' % switch)
        return True

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
            label = self.labels.get(serial, serial)
            for port in obj.get(option) or []:
                if port not in self.ports.get(serial, set()):
                    checks.refuse('interface %s: switch %s (%s) has no port %s; give ports it has' % (change.name, label, option, port))
                    continue
                if self.check_peer_link(change.name, serial, port, label, checks):
                    continue
                if (serial, port) in leaving:
                    continue
                channel = self.members.get(serial, {}).get(port)
                other = self.vpc_members.get(serial, {}).get(port)
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
        owner = claims.get((serial, parent)) or (None if in_task else self.members.get(serial, {}).get(parent))
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

    # deploy

    def member_changes(self, changes):
        """{key: (serial, released)} of the member ports whose policy a port-channel change sets or gives up (deployed
        with it); ``released``: the port-channel is removed, and its ports return to the default policy with it."""
        moved = {}
        for change in changes:
            if not change.changed:
                continue
            obj = change.after or change.before
            if kind_of(obj) != PORT_CHANNEL:
                continue
            old = set((change.before or {}).get('members') or [])
            new = set((change.after or {}).get('members') or [])
            serial = self.serials[change.name]
            for port in sorted(old ^ new, key=interface_order):
                key = '%s %s' % (obj['switch'], port)
                # released by a removed port-channel, also when another takes it in the same task (it is free only then)
                moved[key] = (serial, change.after is None or moved.get(key, (None, False))[1])
        listed = {change.name for change in changes if change.after is not None}
        return {key: value for key, value in moved.items() if key not in listed}

    def to_deploy(self, changes):
        """Keys of the interfaces a deploy pushes: what the task removed or reset (their delete needs it, and a removed
        port-channel's ports with it); with deploy, what it created or changed, the ports a port-channel change moved,
        and the listed interfaces the controller shows not deployed yet (not those deploying now: never sent twice)."""
        names = []
        deploy = self.params.get('deploy')
        if deploy:
            self.read_compliance([change.name for change in changes if change.after is not None and not change.changed])
        for change in changes:
            if change.changed and (change.action == 'delete' or getattr(change, 'reset', False) or deploy):
                names.append(change.name)
            elif deploy and change.after is not None and self.compliance.get(change.name) == 'OUT-OF-SYNC':
                names.append(change.name)
        for key, (serial, released) in self.member_changes(changes).items():
            if (deploy or released) and key not in names:
                names.append(key)
                self.serials[key] = serial
        return names

    def read_compliance(self, names):
        """The deploy state of the listed interfaces the task leaves as they are (1 GET /interface/detail per switch):
        those not deployed yet are deployed, those deploying now are waited for. None when every listed one changes."""
        if names and not self.client.offline:
            for key, found in self.read_states(names).items():
                if found:
                    self.compliance[key] = next(iter(found.values()))[1]

    def awaited(self, changes):
        """Keys of the listed interfaces the task leaves as they are whose deploy is still running (an earlier run's wait
        timed out, say): waited for when the task deploys and waits, and never deployed a second time."""
        if not self.params.get('deploy') or not self.params.get('wait', True):
            return []
        return [change.name for change in changes if change.after is not None and not change.changed
                and self.compliance.get(change.name) in DEPLOYING_STATES]

    # writes

    def item(self, key, with_fabric=True):
        interface = key.rsplit(' ', 1)[1]
        entry = {'serialNumber': self.serials[key], 'ifName': interface}
        if with_fabric:
            entry['fabricName'] = self.fabric
        return entry

    def policy_groups(self, objs):
        """[(policy, interface type, [objects])] in the order of the task: one create per policy."""
        groups = {}
        for obj in objs:
            groups.setdefault((policy_of(obj), INTERFACE_TYPES[kind_of(obj)]), []).append(obj)
        return [(policy, kind, members) for (policy, kind), members in groups.items()]

    def policy_body(self, policy, interface_type, objs):
        return {
            'policy': policy, 'interfaceType': interface_type, 'skipResourceCheck': 'false',
            'interfaces': [{'serialNumber': self.serials[obj['name']], 'ifName': obj['interface'], 'interfaceType': interface_type,
                            'fabricName': self.fabric, 'nvPairs': nv_pairs(obj)} for obj in objs],
        }

    def writes(self, changes, result):
        """Mark for delete (logical interfaces go at the deploy, ports return to the default policy at once, a removed
        port-channel's ports with it); the updates in one request (first those of port-channels that give up members
        another takes); the creates, one per policy; the deploy; one wait."""
        done = []
        removals = [change for change in changes if change.changed and (change.action == 'delete' or getattr(change, 'reset', False))]
        # A physical port always exists on its switch: setting one is an update, also when it was not read (a port leaving
        # a port-channel, or every port for rendered).
        updates = [change for change in changes if (change.action == 'update' and not getattr(change, 'reset', False))
                   or (change.action == 'create' and kind_of(change.after) == ETHERNET)]
        creates = [change for change in changes if change.action == 'create' and kind_of(change.after) != ETHERNET]
        deploy = list(result.get('deploy') or [])
        if removals:
            # A removed port-channel's ports return to the default policy in the same request, and deploy with it: they are
            # free at once, and deployed [uncertain: the controller's own clients reset them once the port-channel is gone].
            released = [key for key, (_serial, gone) in self.member_changes(changes).items() if gone]
            try:
                yield from self.mark_delete([change.name for change in removals] + released, done)
            except ItemsFailed as exc:
                # What it did mark goes only with a deploy, and a rerun cannot find it to send one (a marked interface
                # leaves GET /interface): deployed now, without waiting, then the task fails naming the others.
                marked = [name for name in deploy if name in exc.succeeded]
                if marked:
                    yield from self.deploy(marked, [], changes, result, wait=False)
                raise
            done.extend(change.name for change in removals)
        releasing, rest = self.release_first(updates)
        for batch in (releasing, rest):
            if batch:
                bodies = [self.policy_body(policy, kind, objs) for policy, kind, objs in self.policy_groups([c.after for c in batch])]
                yield from self.attempt(Request('POST', '/interface/modify', bodies), 'updating', [c.name for c in batch], done)
        for policy, kind, objs in self.policy_groups([change.after for change in creates]):
            yield from self.attempt(Request('POST', '/globalInterface', self.policy_body(policy, kind, objs)), 'creating',
                                    [obj['name'] for obj in objs], done)
        awaited = [name for name in self.awaited(changes) if name not in deploy]
        if deploy or awaited:
            yield from self.deploy(deploy, awaited, changes, result)

    def release_first(self, updates):
        """(updates of port-channels giving up ports another change of the task takes, the other updates)."""
        taken = set()
        for change in updates:
            if kind_of(change.after) == PORT_CHANNEL:
                taken.update((self.serials[change.name], port) for port in set(change.after.get('members') or [])
                             - set((change.before or {}).get('members') or []))
        first = [change for change in updates if kind_of(change.after) == PORT_CHANNEL and any(
            (self.serials[change.name], port) in taken for port in set((change.before or {}).get('members') or [])
            - set(change.after.get('members') or []))]
        return first, [change for change in updates if change not in first]

    def mark_delete(self, names, done):
        """Mark ``names`` (keys) for delete in one request. The controller marks what it can and answers each interface it
        could not as ``{entity, message}`` (the switch, and words naming the interface): the task fails naming those
        interfaces, and reports the others as done. A failure naming no interface of the request is reported as the
        controller gave it (which interfaces it marked is then unknown)."""
        request = Request('DELETE', '/interface/markdelete', [self.item(name, with_fabric=False) for name in names])
        try:
            yield request
        except ApiError as exc:
            entries = exc.body if isinstance(exc.body, list) and all(isinstance(entry, dict) for entry in exc.body) else None
            if not entries:
                raise
            # "nothing to do" for an interface is no failure [client, cisco.dcnm]
            messages = [str(entry.get('message') or '') for entry in entries if NOTHING_TO_DEPLOY not in str(entry.get('message'))]
            failed = {}
            for message in messages:
                named = [name for name in names if name_in(name.rsplit(' ', 1)[1], message)]
                if not named:
                    raise
                failed.update((name, message) for name in named if name not in failed)
            if failed:
                raise ItemsFailed('marking interfaces for delete (%s, HTTP %s)' % (request.label(), exc.status), failed,
                                  list(done) + [name for name in names if name not in failed]) from None

    @staticmethod
    def attempt(request, doing, names, done):
        """Send ``request``; a refusal fails the task naming its interfaces, and what the task's earlier requests did."""
        try:
            yield request
        except ApiError as exc:
            # the controller's own words, without the address and path every item would repeat
            reason = (server_message(exc.body) if isinstance(exc.body, (str, dict)) else None) or exc.message
            raise ItemsFailed('%s interfaces (%s, HTTP %s)' % (doing, request.label(), exc.status), {name: reason for name in names},
                              list(done)) from None
        done.extend(names)

    def deploy(self, names, awaited, changes, result, wait=True):
        """Deploy ``names`` (keys) and, with wait (the task's and ``wait``), wait once for them and for ``awaited`` (deploys
        an earlier run started); the report per switch."""
        if names:
            try:
                yield Request('POST', '/globalInterface/deploy', [self.item(name) for name in names])
            except ApiError as exc:
                if not (isinstance(exc.body, list) and exc.body and all(
                        isinstance(entry, dict) and entry.get('message') == NOTHING_TO_DEPLOY for entry in exc.body)):
                    raise
                names = []
        waited = list(names) + list(awaited)
        if not waited or not wait or not self.params.get('wait', True):
            return
        gone = {change.name for change in changes if change.after is None}
        attached = {name: set() if name in gone else {self.serials[name]} for name in waited}
        timeout = self.params.get('wait_timeout') or 300
        report = yield Wait(lambda: self.wait(waited, attached, timeout))
        if report is not None:
            result.setdefault('deployment', {})
            for switch, states in report.items():
                result['deployment'].setdefault(switch, {}).update(states)

    def wait(self, names, attached, timeout):
        try:
            return self.by_switch(wait_for_deploy(self.read_states, names, attached, timeout, 'interface'))
        except DeployFailed as exc:
            raise DeployFailed(exc.message, self.by_switch(exc.states)) from None

    @staticmethod
    def by_switch(report):
        """{key: {switch: state}} as {switch: {interface: state}}."""
        shaped = {}
        for key, states in (report or {}).items():
            switch, interface = key.rsplit(' ', 1)
            shaped.setdefault(switch, {})[interface] = next(iter(states.values()), 'NA') if states else 'NA'
        return shaped

    def read_states(self, names):
        """{key: {serial: (switch, state)}} from each switch's interface detail: IN-SYNC, OUT-OF-SYNC, PENDING; an interface
        gone has no state."""
        by_switch = {}
        for name in names:
            # a vPC's state: as its pair's first switch has it, in the same read as that switch's own interfaces
            by_switch.setdefault(self.serials[name].split('~')[0], []).append(name)
        states = {}
        for switch_serial, keys in by_switch.items():
            answer = self.client.read('/interface/detail', params={'serialNumber': switch_serial})
            found = {interface_name(entry.get('ifName'))[1]: entry for entry in answer or [] if isinstance(entry, dict)}
            for key in keys:
                entry = found.get(key.rsplit(' ', 1)[1])
                if entry is None:
                    states[key] = {}
                    continue
                serial = self.serials[key]
                state = str(entry.get('complianceStatus') or 'NA').upper().replace(' ', '-')
                states[key] = {serial: (self.labels.get(serial, serial), state)}
        return states
