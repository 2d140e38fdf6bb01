# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the interfaces resource: a switch's interface as the user writes it, and its policy on the controller.

``InterfaceModel`` (``model.py``) knows the options in a network engineer's terms (a port's ``mode``, its VLANs, a
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

The resource's files: ``model.py`` (the options), ``nvpairs.py`` (the policies and their nvPairs), ``checks.py`` (the
intent checks), ``attachments.py`` (the ports networks' attachments list, for the checks), ``deploy.py`` (the deploy and
its wait) and this one, the mapping's reads, plan and writes.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.fabric_facts import PORT_HOLDERS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import ETHERNET, PORT_CHANNEL, SVI, VPC
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name, interface_order, name_in
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import Change, plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_scoped import SwitchScopedMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.attachments import NetworkPorts
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.checks import InterfaceChecks
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.deploy import NOTHING_TO_DEPLOY, InterfaceDeploy
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import kind_of
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import (
    INTERFACE_TYPES,
    MEMBER_POLICIES,
    MODE_OF_POLICY,
    PEER_LINK_MEMBER_POLICY,
    VPC_MEMBER_POLICIES,
    nv_pairs,
    object_from_controller,
    policy_of,
    settle_mode,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError


class SwitchPorts:
    """What one switch's interface read found (``InterfaceMapping.read_switch``): its Ethernet ports, and which of them
    another object describes: a port-channel (``channel_of``: {port: port-channel}), a vPC (``vpc_of``: {port: vPC}) or the
    vPC peer-link (``peer_link``: {port: the peer-link's port-channel, '' when the controller does not name it})."""

    def __init__(self):
        self.ethernet = set()
        self.channel_of = {}
        self.vpc_of = {}
        self.peer_link = {}


class InterfaceMapping(InterfaceChecks, InterfaceDeploy, NetworkPorts, SwitchScopedMapping):
    """Reads a fabric's switches' interfaces (one GET per switch), writes their policies, deploys what it touched."""

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {serial: SwitchPorts}: the ports each switch read has, and which of them are members of what (``ports_of``)
        self.switch_ports = {}
        # {key: object} as read
        self.have = {}
        # {serial: the pair's serial "SN1~SN2" (its own serial when in no pair)}, asked only for switches a vPC item names
        self.pairs = {}
        # the serials the config names
        self.named = set()
        # the serials of the switches a vPC names that are in no vPC pair: check_intent refuses them (a warning in check mode,
        # where an earlier vpc_pairs task of the play may pair them, and the vPC is then taken as new on that switch alone)
        self.unpaired = set()

    # reads

    def read(self, names=None):
        """{key: object} of every interface of the switches the config names (every switch of the fabric for gathered).

        1 GET of the fabric's inventory (none when the run's copy names every switch config names: ``read_directory``),
        then 1 GET /interface per switch; the pair of a switch a vPC item names is
        taken from the vPCs the switch lists (under the pair's serial number), and asked only when it lists none. Ports
        that are members of a port-channel are left out: their port-channel's ``members`` describes them."""
        del names  # the controller lists a switch's interfaces in one answer
        state = self.params.get('state')
        self.needs_config()
        switches = self.config_inventory()
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

    def ports_of(self, serial):
        """The switch's ``SwitchPorts`` as read (none, for a switch not read)."""
        return self.switch_ports.get(serial) or SwitchPorts()

    def read_switch(self, serial, have):
        """Read one switch's interfaces (1 GET /interface) into ``have`` and its ``SwitchPorts`` (read once per task; the vPC
        members the read of its pair's other switch found are kept)."""
        answer = self.interface_groups(serial)
        gathered = self.params.get('state') == 'gathered'
        ports = self.switch_ports.setdefault(serial, SwitchPorts())
        for group in answer or []:
            if not isinstance(group, dict):
                continue
            for entry in group.get('interfaces') or []:
                if not isinstance(entry, dict):
                    continue
                kind, interface = interface_name(entry.get('ifName'))
                if kind == ETHERNET:
                    ports.ethernet.add(interface)
                if group.get('policy') in MEMBER_POLICIES:
                    channel = interface_name((entry.get('nvPairs') or {}).get('PO_ID', ''))[1]
                    ports.channel_of[interface] = channel
                    continue
                if group.get('policy') in VPC_MEMBER_POLICIES:
                    ports.vpc_of.setdefault(interface, 'a vPC')
                    continue
                if group.get('policy') == PEER_LINK_MEMBER_POLICY:
                    # the pair's: described by its peer-link (vpc_pairs), so neither listed nor reset here, as other members
                    ports.peer_link[interface] = interface_name((entry.get('nvPairs') or {}).get('PO_ID') or '')[1]
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
                            self.switch_ports.setdefault(peer, SwitchPorts()).vpc_of[port] = obj['interface']
                have[obj['name']] = obj
                self.serials[obj['name']] = owner

    def interface_groups(self, serial):
        """The switch's interfaces as GET /interface lists them: [{policy, interfaces: [{ifName, nvPairs, ...}]}] (the hook
        where the 4.2 mapping reads its own path and answers in this shape)."""
        return self.client.read('/interface', params={'serialNumber': serial})

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
            self.switch_ports.setdefault(want['switch'], SwitchPorts())

    def rekey(self, wants):
        """Each want's switch as the fabric names it, and its key from that."""
        for index, want in enumerate(wants):
            serial = self.switch_serial(want, index)
            if serial is None:
                continue  # a switch the fabric does not list (a vPC's pair cannot be known then)
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
            for want in wants:
                why = None if want['name'] in have else self.described_elsewhere(want)
                if why:
                    self.left_alone[want['name']] = why
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

    def described_elsewhere(self, want):
        """Why a port the task deletes is not this module's to reset, when another object describes it; None otherwise."""
        ports, port = self.ports_of(self.serials.get(want['name'])), want['interface']
        channel = ports.channel_of.get(port)
        if channel:
            return ('it is a member of %s, whose members describe it; take it out of that port-channel\'s members (or '
                    'delete the port-channel) to free it' % channel)
        if port in ports.vpc_of:
            return ('it is a member of %s, whose members describe it; take it out of the vPC\'s members (or delete the vPC) to '
                    'free it' % ports.vpc_of[port])
        if port in ports.peer_link:
            return 'it is a member of the vPC peer-link %s, which fabricops.dashboard.vpc_pairs describes' % ports.peer_link[port]
        return None

    def removal(self, model, obj):
        """The Change that deletes ``obj``: a port back to the default policy (None when it is there), a logical one gone."""
        if kind_of(obj) != ETHERNET:
            return Change(obj['name'], obj, None)
        if obj['interface'] in self.ports_of(self.serials[obj['name']]).vpc_of:
            return None  # a vPC's member: its vPC describes it
        role = self.role(self.serials[obj['name']])
        if model.is_default(obj, role):
            return None
        change = Change(obj['name'], obj, model.reset_port(obj, role))
        change.reset = True
        return change

    # writes

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
        # the ports port-channels and vPCs hold, which the run's vpc_pairs tasks keep: they read them again
        self.client.forget_fabric_facts(self.fabric, PORT_HOLDERS)
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
