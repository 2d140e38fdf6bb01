# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the vpc_pairs resource on the /api/v1/manage API of a 4.2 dashboard.

The same model, plan and intent checks as ``legacy.VpcPairMapping`` (its subclass): what differs is the wire
(docs/api/platform.yaml, ``/api/v1/manage/fabrics/{f}/vpcPairs`` and ``.../switches/{sn}/vpcPair``). A 4.2 pair is
``{switchId, peerSwitchId, useVirtualPeerLink, vpcPairDetails}``; its settings are the typed fields of
``vpcPairDetails`` (type ``default``), each one nvPair of the legacy ``vpc_pair`` template (``DETAILS``, the ``x-legacy``
map of ManageVpcPairDetails). What is read is turned, at the edge, into those nvPairs, which the legacy mapping already
reads; what is written is the nvPairs turned back into the typed fields.

- **Reads**: the fabric's switches (the run's copy when it names every switch config names, else one GET
  ``/fabrics/{f}/switches``, which renews it), then ONE GET ``/fabrics/{f}/vpcPairs`` for every pair with its settings,
  where the legacy API takes three reads per pair. A pair the task unpairs: its vPC interfaces (one GET
  ``.../switches/{sn}/vpcPairOverview``). A new pair: the controller's recommendation (GET ``.../vpcPairRecommendation``),
  as on the legacy API.
- **Writes**: one PUT ``.../switches/{sn}/vpcPair`` per pair (the switch of the path its first peer): ``vpcAction``
  ``unPair`` to unpair, ``pair`` to pair or change, with the whole of the pair's settings (whether 4.2 merges a partial
  ``vpcPairDetails`` into the pair's is not recorded). Unpairs first, then changes, then new pairs, as on the legacy API.
  The platform has no bulk call for pairs and answers each PUT alone (204), so there is no per-item answer to read: a
  refused PUT fails the task naming its pair and those done before it.
- **Deploy**: ONE ``switchActions/deploy`` of every switch to deploy, and the wait on the switch list's
  ``additionalData.configSyncStatus`` (``deploy.SwitchSync``, through ``deploy.deploy_and_wait``); deploy: true's rule is
  ``deploy.sync_plan``'s, over that same field, read once when the task leaves a listed pair unchanged. Before it, the
  fabric's ``deploymentFreeze`` is read (one GET; 404: not frozen): a frozen fabric refuses a task that deploys before
  any write, naming the fabric (GET ``/api/v1/manage/fabrics/{f}/deploymentFreeze`` in platform.yaml).

What 4.2 cannot carry is refused before any request, naming the option and the release: a ``template_params`` key with
no field in ``vpcPairDetails`` (``DETAILS``), and a value the field's type cannot hold. A pair made without settings
shows no ``vpcPairDetails`` on 4.2, so its ``domain_id`` (the controller's choice, which the legacy inventory shows) is
not shown there.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import MANAGE_RELEASE, MANAGE_SYNC_STATES, refuse_frozen
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import manage_switch_list
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import MEMBER_POLICIES, VPC_MEMBER_POLICIES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.legacy import VpcPairMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import port_list
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.nvpairs import SETTINGS, nv_pairs, settings_from_controller

RELEASE = MANAGE_RELEASE
USE_LEGACY = 'or set controller_api: legacy on a dashboard that serves the legacy API. Nothing was written.'
# vpcPairDetails field: (vpc_pair nvPair, type): docs/api/platform.yaml, ManageVpcPairDetails and its x-legacy annotations
DETAILS = {
    'domainId': ('DOMAIN_ID', int), 'switchKeepAliveLocalIp': ('PEER1_KEEP_ALIVE_LOCAL_IP', str),
    'peerSwitchKeepAliveLocalIp': ('PEER2_KEEP_ALIVE_LOCAL_IP', str), 'keepAliveVrf': ('KEEP_ALIVE_VRF', str),
    'keepAliveHoldTimeout': ('KEEP_ALIVE_HOLD_TIMEOUT', int), 'switchPoId': ('PEER1_PCID', int), 'peerSwitchPoId': ('PEER2_PCID', int),
    'switchMemberInterfaces': ('PEER1_MEMBER_INTERFACES', list), 'peerSwitchMemberInterfaces': ('PEER2_MEMBER_INTERFACES', list),
    'poMode': ('PC_MODE', str), 'adminState': ('ADMIN_STATE', bool), 'allowedVlans': ('ALLOWED_VLANS', str),
    'switchPoDescription': ('PEER1_PO_DESC', str), 'peerSwitchPoDescription': ('PEER2_PO_DESC', str),
}
FIELD_OF = {key: (field, kind) for field, (key, kind) in DETAILS.items()}
# [client, cisco.nd vPC branch, its VpcActionEnum] the discriminator of a pair's PUT
PAIR, UNPAIR = 'pair', 'unPair'


def manage_value(text, kind, where):
    """A vpc_pair nvPair's text as its vpcPairDetails field types it; ModelError naming ``where`` when it is not one."""
    if kind is list:
        return port_list(text, where)
    if kind is int:
        if not text.strip().isdigit():
            raise ModelError('%s must be a whole number on %s, not %r; %s' % (where, RELEASE, text, USE_LEGACY))
        return int(text)
    if kind is bool:
        if text.lower() not in ('true', 'false'):
            raise ModelError('%s must be true or false on %s, not %r; %s' % (where, RELEASE, text, USE_LEGACY))
        return text.lower() == 'true'
    return text


def legacy_text(value):
    """A vpcPairDetails field's value as the vpc_pair nvPair holds it (a list as its comma text)."""
    if isinstance(value, list):
        return ','.join(str(item) for item in value)
    return template_text(value)


class VpcPairManageMapping(VpcPairMapping):
    """vPC pairs on /api/v1/manage: the legacy mapping's model, plan and checks; the 4.2 paths and vpcPairDetails."""

    API = MANAGE_API

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.base = '/fabrics/%s' % segment(self.fabric)

    # what 4.2 cannot carry

    def refuse_before_reading(self):
        """Refuse, from config alone and before any request, the settings no vpcPairDetails field holds."""
        refused = []
        for index, item in enumerate(self.params.get('config') or []):
            want = self.model.from_task(item, index)
            try:
                self.details(want, 'config[%d] (vPC pair %s and %s)' % (index, want['peer1'], want['peer2']))
            except ModelError as exc:
                refused.append(str(exc))
        if refused:
            raise ModelError(' '.join(refused))

    def details(self, obj, where):
        """The vpcPairDetails of ``obj``'s settings (None when it has none); ModelError for a setting with no field."""
        found = {}
        for key, text in nv_pairs(obj).items():
            option = SETTINGS.keys().get(key) or 'template_params %s' % key
            if key not in FIELD_OF:
                raise ModelError('%s: %s has no field in the vpcPairDetails of %s (its fields are the options and template_params '
                                 '%s); leave it out, %s' % (where, option, RELEASE, ', '.join(sorted(
                                     key for key in FIELD_OF if key not in SETTINGS.keys())), USE_LEGACY))
            field, kind = FIELD_OF[key]
            if text == '' and kind is not list:
                continue  # an empty setting: not sent, as a number left unset
            found[field] = manage_value(str(text), kind, '%s: %s' % (where, option))
        return dict(type='default', **found) if found else None

    # reads

    def read(self, names=None):
        """{key: pair} of the fabric's pairs that concern the task (as the legacy read): the switches, then ONE GET of the
        fabric's vPC pairs, settings included."""
        del names
        state = self.params.get('state')
        everything = state in ('gathered', 'overridden') or (state == 'deleted' and not self.params.get('config'))
        given = [str(item.get(option) or '').strip() for item in self.params.get('config') or [] for option in ('peer1', 'peer2')]
        self.inventory(None if everything else given)
        named = None if everything else self.named_switches()
        answer = self.client.read(self.base + '/vpcPairs')
        listed = answer.get('vpcPairs') if isinstance(answer, dict) else None
        have = {}
        for entry in listed or []:
            if not isinstance(entry, dict) or not entry.get('switchId') or not entry.get('peerSwitchId'):
                continue
            one, two = str(entry['switchId']), str(entry['peerSwitchId'])
            if one in self.pair_of:
                continue  # [uncertain] a pair listed once per switch: the first is kept
            key = '%s~%s' % (self.labels.get(one, one), self.labels.get(two, two))
            self.serials[key] = [one, two]
            self.pair_of[one] = self.pair_of[two] = key
            if named is not None and not {one, two} & named:
                continue
            have[key] = self.pair_object(key, entry)
        return dict(sorted(have.items(), key=lambda item: (item[1]['peer1'], item[1]['peer2'])))

    def pair_object(self, key, entry):
        """A 4.2 pair as the model holds it; ``useVirtualPeerlink`` is read too, as some releases spell it [client]."""
        one, two = self.serials[key]
        virtual = entry.get('useVirtualPeerLink', entry.get('useVirtualPeerlink'))
        obj = {'name': key, 'peer1': self.labels.get(one, one), 'peer2': self.labels.get(two, two),
               'use_virtual_peerlink': virtual is True or template_text(virtual) == 'true'}
        details = entry.get('vpcPairDetails') if isinstance(entry.get('vpcPairDetails'), dict) else {}
        pairs = {DETAILS[field][0]: legacy_text(value) for field, value in details.items() if field in DETAILS and value is not None}
        settings, rest = settings_from_controller(pairs)
        obj.update(settings)
        obj['template_params'] = rest
        return obj

    def inventory(self, named=None):
        """The fabric's switches as legacy inventory entries (``manage_inventory``: the run's copy, or one GET of the 4.2
        switch list, whose sync state is kept for the task's deploy rule)."""
        switches = self.manage_inventory(named)
        if self.switch_entries is not None:
            self.sync.update(self.sync_of(self.switch_entries))
        return switches

    @staticmethod
    def sync_of(listed):
        """{serial: sync state as the legacy ccStatus spells it} of the 4.2 switch list (``additionalData.configSyncStatus``)."""
        found = {}
        for entry in listed:
            data = entry.get('additionalData') if isinstance(entry.get('additionalData'), dict) else {}
            state = data.get('configSyncStatus')
            found[str(entry.get('switchId') or entry.get('serialNumber'))] = MANAGE_SYNC_STATES.get(state, state)
        return found

    def sync_states(self, change):
        """``sync_plan``'s ``states_of`` of a listed pair left unchanged: its switches' sync state, from one GET of the switch
        list when the run's copy spared the read."""
        if not self.sync:
            self.sync.update(self.sync_of(manage_switch_list(self.client, self.fabric)))
        return super().sync_states(change)

    def recommendation(self, serial, virtual):
        """The switches the controller offers as a vPC peer of ``serial`` (1 GET .../vpcPairRecommendation)."""
        return self.client.read('%s/switches/%s/vpcPairRecommendation' % (self.base, segment(serial)),
                                params={'useVirtualPeerLink': 'true' if virtual else 'false'})

    def port_holders_of(self, serial):
        """{port: the port-channel or vPC holding it} of the switch (1 GET .../switches/{sn}/interfaces): a port whose
        ``configTemplate`` is a member policy, held by ``port-channel{portChannelId}`` [client: the member's
        portChannelId]. [uncertain] whether 4.2 lists a vPC's member ports (the emulator shows none)."""
        answer = self.client.read('%s/switches/%s/interfaces' % (self.base, segment(serial)))
        holders = {}
        for item in (answer.get('interfaces') if isinstance(answer, dict) else None) or []:
            config = item.get('configData') if isinstance(item, dict) and isinstance(item.get('configData'), dict) else {}
            policy = (config.get('networkOS') or {}).get('policy') if isinstance(config.get('networkOS'), dict) else None
            template = policy.get('configTemplate') if isinstance(policy, dict) else None
            if template in MEMBER_POLICIES or template in VPC_MEMBER_POLICIES:
                channel = policy.get('portChannelId')
                holders[interface_name(item.get('interfaceName'))[1]] = (
                    'port-channel%s' % channel if channel is not None else 'a vPC' if template in VPC_MEMBER_POLICIES else 'a port-channel')
        return holders

    def check_intent(self, state, wants, changes, checks):
        """The legacy checks; a pair the task unpairs first has its vPC interfaces counted (1 GET .../vpcPairOverview each),
        which the 4.2 pair list does not show."""
        for change in changes:
            if change.action == 'delete' and change.changed:
                overview = self.client.read('%s/switches/%s/vpcPairOverview' % (self.base, segment(self.serials[change.name][0])),
                                            params={'componentType': 'overlay'})
                counts = ((overview or {}).get('overlay') or {}).get('vpcInterfaceCount') if isinstance(overview, dict) else None
                self.vpcs[change.name] = int((counts or {}).get('switch') or 0) if isinstance(counts, dict) else 0
        super().check_intent(state, wants, changes, checks)

    def check(self, changes):
        """What the plan makes of what was read that 4.2 cannot carry (a setting read that no field holds), refused before
        any write."""
        super().check(changes)
        refused = []
        for change in changes:
            if change.changed and change.after is not None:
                try:
                    self.details(change.after, 'vPC pair %s' % self.pair_label(change.name))
                except ModelError as exc:
                    refused.append(str(exc))
        if refused:
            raise ModelError(' '.join(refused))

    # writes

    def to_deploy(self, changes):
        """The legacy rule; a frozen fabric refuses a task that deploys, before any write."""
        names = super().to_deploy(changes)
        if names and not self.client.offline:
            refuse_frozen(self.client, self.fabric, ', '.join(names))
        return names

    def pair_request(self, change):
        """PUT .../switches/{first peer}/vpcPair: ``unPair``, or ``pair`` with the pair's link kind and whole settings."""
        one, two = self.serials[change.name]
        path = '%s/switches/%s/vpcPair' % (self.base, segment(one))
        if change.action == 'delete':
            return Request('PUT', path, {'vpcAction': UNPAIR, 'switchId': one, 'peerSwitchId': two})
        body = {'vpcAction': PAIR, 'switchId': one, 'peerSwitchId': two,
                'useVirtualPeerLink': bool(change.after.get('use_virtual_peerlink'))}
        details = self.details(change.after, 'vPC pair %s' % self.pair_label(change.name))
        if details is not None:
            body['vpcPairDetails'] = details
        return Request('PUT', path, body)
