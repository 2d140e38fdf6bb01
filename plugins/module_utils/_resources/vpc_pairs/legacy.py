# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the vpc_pairs resource: two switches of a fabric paired, as the user writes it, and the
controller's vPC pair calls.

``VpcPairModel`` knows a pair in a network engineer's terms (its two peers, a virtual peer-link or a physical one with
its port-channel and member ports on each peer, the vPC domain, the keep-alive); ``VpcPairMapping`` is the one place that
knows the controller's paths (``/vpcpair``, ``/vpcpair/inventory``, ``/vpcpair/policy``, ``/vpcpair/recommendation``,
the fabric's ``config-deploy``; docs/api/fabric-controller.yaml, tag vpc-pairs) and the ``vpc_pair`` template's nvPairs.

A pair is identified by its two switches, whichever order the task names them in: its key is ``"leaf-1~leaf-2"``, the
switches as results name them, in the controller's own order (peer one first) for a pair it has, the task's for a new one. A task naming the peers the other
way round has its per-peer settings swapped to the controller's order, so it compares equal.

The settings (``domain_id`` and the others) are sent only when the task gives some, as the ``vpc_pair`` template's
nvPairs; a pair made without them takes what the controller chooses (the VXLAN fabrics' way), and its policy then reads
empty. The controller merges the settings an update gives into those the pair has and has no way to remove one, so a
setting is never reset by ``replaced``: only ``use_virtual_peerlink`` has a default.

This file holds the mapping to the controller's legacy API (reads, plan, writes, deploy); ``model.py`` the model,
``nvpairs.py`` the vpc_pair template's nvPairs, ``checks.py`` the intent checks.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import SwitchSync, sync_plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.fabric_facts import PEER_LINK_PORTS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_scoped import (
    SYNC_DEPLOYING,
    SwitchScopedMapping,
    refusal_reason,
    switch_states,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.checks import VpcPairChecks, holders_from_groups
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import swapped
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.nvpairs import PAIR_TEMPLATE, nv_pairs, settings_from_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# The controller's words for "the pair is already gone" on a delete [client: cisco.dcnm reads them so, in any case].
ALREADY_UNPAIRED = 'not a part of any vpc pair'


class VpcPairMapping(VpcPairChecks, SwitchScopedMapping):
    """Reads a fabric's vPC pairs (the inventory once, three reads per pair concerned), pairs, changes, unpairs, deploys.

    ``serials``: {key: [serial of peer one, serial of peer two]}, of the pairs read and the task's."""

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {key: number of vPC interfaces on the pair}, as read
        self.vpcs = {}
        # {serial: key of the pair it is in}, as read
        self.pair_of = {}
        # [(where, switch as given)] of switches the fabric does not list, each time config names one
        self.unknown = []
        # {serial: the switch's sync state (ccStatus)}, as the inventory read fresh shows it
        self.sync = {}

    # reads

    def named_switches(self):
        """The serials of the switches the task's config names that the fabric has."""
        serials = set()
        for item in self.params.get('config') or []:
            for option in ('peer1', 'peer2'):
                given = str(item.get(option) or '').strip()
                if self.directory.knows(given):
                    serials.add(self.directory.serial_of(given, ''))
        return serials

    def read(self, names=None):
        """{key: pair} of the fabric's pairs that concern the task: every pair for gathered, overridden and deleted without
        config, else the pairs of the switches config names.

        1 GET of the fabric inventory, read fresh (``inventory()``: whether a switch is paired, and with which peer, is never
        taken from the run's copy, see ``switch_directory.FRESH_FIELDS``), whose switches say whether they are paired and
        with which peer; then, per pair
        concerned, 3 GETs: its peer order and vPC interfaces (/vpcpair/inventory), its peer-link kind
        (/vpcpair/recommendation) and its settings (/vpcpair/policy). The controller has no fabric-wide read of them."""
        del names  # config names switches, not pairs: the pairs concerned are found from the inventory
        state = self.params.get('state')
        switches = self.inventory()
        self.sync = {str(entry['serialNumber']): entry.get('ccStatus') for entry in switches}
        everything = state in ('gathered', 'overridden') or (state == 'deleted' and not self.params.get('config'))
        named = None if everything else self.named_switches()
        have = {}
        done = set()
        for entry in switches:
            serial, peer = str(entry['serialNumber']), str(entry.get('peerSerialNumber') or '')
            if entry.get('isVpcConfigured') is not True or not peer or serial in done:
                continue
            done.update((serial, peer))
            if named is not None and not {serial, peer} & named:
                continue
            obj = self.read_pair(entry)
            if obj is not None:
                have[obj['name']] = obj
        return dict(sorted(have.items(), key=lambda item: (item[1]['peer1'], item[1]['peer2'])))

    def read_pair(self, entry):
        """The pair of the switch ``entry`` (an inventory entry), as the model holds it; None when it is gone meanwhile."""
        pair = self.client.read('/vpcpair/inventory', params={'switchId': entry.get('switchDbID')})
        one, two = (str((pair or {}).get(key) or '') for key in ('peerOneSerialNumber', 'peerTwoSerialNumber'))
        if not one or not two:
            return None
        key = '%s~%s' % (self.labels.get(one, one), self.labels.get(two, two))
        self.serials[key] = [one, two]
        self.pair_of[one] = self.pair_of[two] = key
        self.vpcs[key] = int(((pair or {}).get('logicalInterfaces') or {}).get('vPC') or 0)
        obj = {'name': key, 'peer1': self.labels.get(one, one), 'peer2': self.labels.get(two, two), 'template_params': {}}
        candidates = self.recommendation(one, False)
        current = [candidate for candidate in candidates or [] if isinstance(candidate, dict)
                   and str(candidate.get('serialNumber')) == two]
        obj['use_virtual_peerlink'] = bool(current) and template_text(current[0].get('useVirtualPeerlink')) == 'true'
        policy = self.client.read('/vpcpair/policy', params={'serialNumber': one})
        settings, rest = settings_from_controller((policy or {}).get('nv_pairs') if isinstance(policy, dict) else None)
        obj.update(settings)
        obj['template_params'] = rest
        if obj.get('domain_id') is None and entry.get('vpcDomain'):
            # the domain the controller chose, shown by the inventory
            obj['domain_id'] = int(entry['vpcDomain'])
        return obj

    def prepare_offline(self, wants):
        """For rendered: a switch is taken to be named by its serial number."""
        for want in wants:
            self.serials[want['name']] = [want['peer1'], want['peer2']]

    def rekey(self, wants, have):
        """Each want's switches resolved, named as the fabric names them, keyed as the controller keys the pair."""
        del have
        for index, want in enumerate(wants):
            serials = []
            for option in ('peer1', 'peer2'):
                given = want[option]
                if self.directory.lists(given):
                    # several switches of that name: serial_of says so, naming them
                    serials.append(self.directory.serial_of(given, 'config[%d] %s' % (index, option)))
                else:
                    # refused by check_intent (a warning in check mode: an earlier task may add the switch)
                    self.unknown.append(('config[%d] %s' % (index, option), given))
                    serials.append(given)
            known = self.pair_of.get(serials[0])
            if known is not None and self.serials[known] == serials[::-1]:
                # the pair, named the other way round: the controller's order, each peer's settings with its peer
                flipped = swapped(want)
                want.clear()
                want.update(flipped)
                serials.reverse()
            want['peer1'], want['peer2'] = (self.labels.get(serial, serial) for serial in serials)
            key = '%s~%s' % (want['peer1'], want['peer2'])
            want['name'] = key
            self.serials.setdefault(key, serials)

    def plan(self, model, state, wants, have):
        if state != 'rendered':
            self.rekey(wants, have)
        return plan(model, 'merged' if state == 'rendered' else state, wants, have)

    def pair_label(self, key):
        return ' and '.join(self.labels.get(serial, serial) for serial in self.serials.get(key, key.split('~')))

    # writes

    def to_deploy(self, changes):
        """The switches (their names) a deploy pushes, with deploy: those of the pairs the task removed, and deploy's one rule
        (``deploy.sync_plan``) on the listed pairs: those of the pairs it creates or changes, and of the ones it leaves
        whose switches the controller shows not in sync (not one deploying now: never sent twice)."""
        planned = set(sync_plan(self.params, changes, lambda change: change.changed, self.sync_states, running=SYNC_DEPLOYING)[0])
        names = []
        for change in changes:
            if change.name in planned or (self.params.get('deploy') and change.changed and change.after is None):
                for serial in self.serials[change.name]:
                    if self.labels.get(serial, serial) not in names:
                        names.append(self.labels.get(serial, serial))
        return names

    def sync_states(self, change):
        """``sync_plan``'s ``states_of`` of a listed pair: its switches' sync state, from the inventory ``read`` read fresh."""
        return switch_states(self.sync, self.serials[change.name], lambda serial: self.labels.get(serial, serial))

    def body(self, change):
        """A create's or an update's body: the settings go as the vpc_pair template's nvPairs, and only when the task gives
        some (a create) or changes some (an update: the controller merges them into the pair's)."""
        one, two = self.serials[change.name]
        after = change.after
        body = {'peerOneId': one, 'peerTwoId': two, 'useVirtualPeerlink': bool(after.get('use_virtual_peerlink'))}
        pairs = nv_pairs(after)
        if change.before is not None:
            old = nv_pairs(change.before)
            pairs = {key: value for key, value in pairs.items() if old.get(key) != value}
        if pairs:
            body.update(templateName=PAIR_TEMPLATE, nvPairs=pairs)
        return body

    def pair_request(self, change):
        """The one request of a change: DELETE /vpcpair (unpair), PUT /vpcpair (change), POST /vpcpair (pair)."""
        if change.action == 'delete':
            return Request('DELETE', '/vpcpair', query={'serialNumber': self.serials[change.name][0]})
        return Request('PUT' if change.action == 'update' else 'POST', '/vpcpair', self.body(change))

    def port_holders_of(self, serial):
        """{port: the port-channel or vPC holding it} of the switch (1 GET /interface): ``checks.port_holders`` keeps it
        for the run."""
        return holders_from_groups(self.client.read('/interface', params={'serialNumber': serial}), serial)

    def recommendation(self, serial, virtual):
        """The switches the controller offers as a vPC peer of ``serial`` (1 GET /vpcpair/recommendation)."""
        return self.client.read('/vpcpair/recommendation', params={'serialNumber': serial, 'useVirtualPeerlink': 'true' if virtual else 'false'})

    def writes(self, changes, result):
        """Unpair, then the changes of pairs, then the new pairs, one request each (the controller has no bulk call); the
        deploy of their switches; one wait. A refusal stops the task there, naming the pair and those done before it."""
        # the peer-link ports the run's links tasks keep: they read them again
        self.client.forget_fabric_facts(self.fabric, PEER_LINK_PORTS)
        done = []
        order = ([change for change in changes if change.action == 'delete'] + [change for change in changes if change.action == 'update']
                 + [change for change in changes if change.action == 'create'])
        for position, change in enumerate(order):
            label = self.pair_label(change.name)
            request = self.pair_request(change)
            try:
                yield request
            except ApiError as exc:
                reason = refusal_reason(exc)
                if change.action == 'delete' and ALREADY_UNPAIRED in str(reason).lower():
                    done.append(label)  # gone meanwhile: what the task asked for
                    continue
                rest = [self.pair_label(other.name) for other in order[position + 1:]]
                doing = '%s vPC pairs (%s, HTTP %s)%s' % (
                    {'delete': 'unpairing', 'update': 'changing', 'create': 'pairing'}[change.action], request.label(), exc.status,
                    '; not sent, after it: %s' % ', '.join(rest) if rest else '')
                raise ItemsFailed(doing, {label: reason}, list(done)) from None
            done.append(label)
        if result.get('deploy'):
            yield from self.deploy(result)

    def deploy(self, result):
        """Deploy the switches of the pairs the task touched (one request), then, unless the task does not wait, wait until
        each is In-Sync."""
        # offline (rendered) no switch has a name: each is its serial number
        by_name = {label: serial for serial, label in self.labels.items()}
        serials = [by_name.get(name, name) for name in result['deploy']]
        yield from SwitchSync(self.client, self.fabric, self.API, self.labels).deploy(serials, self.params, result)
