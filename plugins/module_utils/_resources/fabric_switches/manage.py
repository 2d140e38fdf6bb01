# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabric_switches resource on the /api/v1/manage API of a 4.2 dashboard.

The same model as ``fabric_switches.SwitchMapping`` (a switch named by its seed IP, with a role),
mapped to the switch objects of ``/api/v1/manage/fabrics/{f}/switches`` as docs/api/platform.yaml
pairs them with the legacy inventory: ``fabricManagementIp`` for the address, ``switchId`` for the
serial number, ``switchRole`` in lower camel case (``borderGateway``), the discovery's progress in
``additionalData`` (``discoveryStatus``, ``systemMode``). The writes, in the legacy order:
removals (one ``switchActions/remove`` for them all), the adds (one ``actions/shallowDiscovery`` of
every new switch, then one ``POST .../switches`` per way of adding, each switch with its role, then
the wait until they can be managed), the role changes (one ``switchActions/changeRoles``). So a run
sends no more requests than on the legacy API, which tests and discovers per role. Like the legacy
mapping it neither saves nor deploys: a switch is ready once the controller can manage it.

Switches to pre-provision go in one ``switchActions/preProvision``, each with its role, after the adds. With ``poap``,
the bootstrap list is ``GET .../bootstrap``; a pre-provisioned switch is swapped to the switch that booted
(``switches/{serial}/actions/changeSwitchSerialNumber``), then all are imported in one ``switchActions/importBootstrap``,
each with its role (so no role change follows); ``rma`` is one ``switches/{old}/actions/provisionRMA`` per switch, with its
role. Then the task waits until they can be managed, as after an add.

What this mapping cannot carry it refuses before any write: ``max_hops`` above 7 (the discovery of
4.2 takes 0 to 7 hops), a change of a switch's maintenance mode, which no call of 4.2 known to us
writes (docs/api/platform.yaml, ManageSwitch ``additionalData``; the mode is read, ``systemMode``), and so
the RMA of a switch not in maintenance mode (the legacy mapping puts it there first).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import wait_seconds
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import role_from_manage, role_to_manage
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import StepFailed, Wait
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import RUN_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.legacy import SwitchMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.life import (
    MANAGE_FIELDS, manage_bootstrap, manage_bootstrap_entries, manage_maintenance, manage_preprovision,
    manage_rma, manage_rma_unready, reprovisions,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import is_preprovisioned
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import bounded

# maxHop of the shallow discovery (docs/api/platform.yaml, POST .../actions/shallowDiscovery)
MAX_HOPS = 7
# What the shallow discovery says of a switch that can be added (case-insensitive, as its clients read it)
ADDABLE = ('manageable', 'ok')
# The fields of a discovered switch that the add takes back (AddSwitchesRequest)
ADD_FIELDS = ('hostname', 'ip', 'serialNumber', 'model', 'softwareVersion', 'vdcId', 'vdcMac')
PLATFORM_TYPE = 'nx-os'


def auth_protocol_to_manage(protocol):
    """``md5_des`` -> ``md5-des``: snmpV3AuthProtocol of 4.2 is a name, where the legacy API takes a number."""
    return (protocol or 'md5').replace('_', '-')


def status_of(entry):
    """(discoveryStatus, systemMode) of a switch as listed, lower-cased."""
    data = entry.get('additionalData') if isinstance(entry.get('additionalData'), dict) else {}
    return str(data.get('discoveryStatus') or '').lower(), str(data.get('systemMode') or '').lower()


class SwitchManageMapping(SwitchMapping):
    """Switches on /api/v1/manage: the legacy mapping's checks and options, the 4.2 paths and fields."""

    API = MANAGE_API
    # GET /fabrics/{fabric}/switches in docs/api/platform.yaml
    ADDRESS_FIELD = 'fabricManagementIp'
    SERIAL_FIELDS = ('switchId', 'serialNumber')
    ROLE_SPELLING = staticmethod(role_from_manage)
    FIELDS = MANAGE_FIELDS
    MAINTENANCE = staticmethod(manage_maintenance)
    # 4.2's switch list shows the mode on the switch only
    INTENDED_MAINTENANCE = staticmethod(manage_maintenance)

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.base = '/fabrics/%s' % segment(self.fabric)

    def prepare(self, wants, have):
        super().prepare(wants, have)
        manage_rma_unready(self.replacing, self.entries, self.fabric)

    BOOTSTRAP_SETTING = ('its Day-0 bootstrap, with its DHCP settings, in the dashboard (the fabrics module carries it on the '
                         'legacy API only: template_params BOOTSTRAP_ENABLE: true)')

    def read_bootstrap(self):
        """The fabric's bootstrap list (GET .../bootstrap), its entries as the legacy API gives them."""
        return manage_bootstrap_entries(self.client.read(self.base + '/bootstrap'))

    def read_list(self):
        answer = self.client.read(self.base + '/switches') or {}
        switches = answer.get('switches') if isinstance(answer, dict) else None
        return switches or []

    def everywhere(self):
        """[(fabric, address, serial)] of every switch of every fabric (4.2 lists switches per fabric only)."""
        answer = self.client.read('/fabrics') or {}
        names = [item.get('name') for item in (answer.get('fabrics') if isinstance(answer, dict) else None) or []
                 if isinstance(item, dict) and item.get('name')]
        found = []
        for name in names:
            listed = self.client.read('/fabrics/%s/switches' % segment(name)) or {}
            for entry in (listed.get('switches') if isinstance(listed, dict) else None) or []:
                if isinstance(entry, dict):
                    found.append((name, entry.get('fabricManagementIp'), entry.get('serialNumber') or entry.get('switchId')))
        return found

    def check(self, changes):
        switching = [change.name for change in changes if change.action == 'update' and change.after.get('maintenance') is not None
                     and change.before.get('maintenance') != change.after['maintenance']]
        if switching:
            raise ModelError('maintenance: the /api/v1/manage API of Nexus Dashboard 4.2 has no call known to this collection '
                             'that changes a switch\'s maintenance mode, and switches %s would change. Change it in the dashboard, '
                             'or with controller_api: legacy on a dashboard that serves the legacy API; a task that lists the mode '
                             'a switch has is fine. Nothing was written.' % ', '.join(switching))
        super().check(changes)
        if any(change.action == 'create' for change in changes) and (self.params.get('max_hops') or 0) > MAX_HOPS:
            raise ModelError('max_hops is %s, but the switch discovery of the /api/v1/manage API goes at most %d hops from a seed '
                             'IP; give 0 to %d, or use controller_api: legacy on a dashboard that serves the legacy API. Nothing '
                             'was written.' % (self.params['max_hops'], MAX_HOPS, MAX_HOPS))

    def credentials_body(self, credentials):
        return {'platformType': PLATFORM_TYPE, 'snmpV3AuthProtocol': auth_protocol_to_manage(self.params.get('switch_auth_protocol')),
                'username': credentials['username'], 'password': credentials['password']}

    def writes(self, changes, result):
        del result
        self.client.forget_fabric_facts(self.fabric, RUN_SWITCHES)
        removed = [change.name for change in changes if change.action == 'delete' or reprovisions(change)]
        if removed:
            yield from self.attempt('removing', removed, Request(
                'POST', self.base + '/switchActions/remove', {'switchIds': [self.serial(address) for address in removed]}))
        adding = {change.name: change.after['role'] for change in changes
                  if change.action == 'create' and not is_preprovisioned(change.after)}
        if adding:
            yield from self.add_all(adding)
        provisioned = self.preprovisioned(changes)
        if provisioned:
            password = self.params.get('switch_password') or ''
            yield from self.attempt('pre-provisioning', [change.name for change in provisioned], Request(
                'POST', self.base + '/switchActions/preProvision',
                {'switches': [manage_preprovision(change, self.adding, password) for change in provisioned]}))
        brought = yield from self.bring_in(changes)
        roles = {change.name: change.after['role'] for change in changes if self.role_changes(change)}
        if roles:
            body = {'switchRoles': [{'switchId': self.serial(address), 'role': role_to_manage(role)} for address, role in roles.items()]}
            yield from self.attempt('setting the role of', sorted(roles), Request('POST', self.base + '/switchActions/changeRoles', body))
        if brought and wait_seconds(self.params):
            # each boots with its day-0 configuration, as a greenfield add reloads
            yield Wait(lambda: self.wait_manageable({change.name: True for change in brought}, 'brought in by POAP'))

    def bootstrap(self, imports):
        """Swap each pre-provisioned switch of another serial number to the switch that booted, then import them all, each
        with its role."""
        for change in imports:
            old, new = (change.before or {}).get('serial_number'), change.after['serial_number']
            if change.action == 'update' and old and old != new:
                yield from self.attempt('swapping the serial number of', [change.name], Request(
                    'POST', '%s/switches/%s/actions/changeSwitchSerialNumber' % (self.base, segment(old)), {'newSwitchId': new}))
        password = self.params.get('switch_password') or ''
        yield from self.attempt('importing by POAP', [change.name for change in imports], Request(
            'POST', self.base + '/switchActions/importBootstrap', {'switches': [
                manage_bootstrap(change, self.adding, self.booting[change.after['serial_number']], password) for change in imports]}))
        self.entries.update((change.name, {'serialNumber': change.after['serial_number']}) for change in imports)

    def replace(self, change):
        """RMA of one switch, in maintenance mode already (prepare refuses it otherwise), with its role."""
        old, new = self.replacing[change.name]
        entry = self.entries[change.name]
        yield from self.attempt('replacing (RMA)', [change.name], Request(
            'POST', '%s/switches/%s/actions/provisionRMA' % (self.base, segment(old)), manage_rma(
                change, self.adding, self.booting[new], entry.get('hostname') or '', old, self.params.get('switch_password') or '')))
        self.entries[change.name] = dict(entry, serialNumber=new, switchId=new)

    def add_all(self, roles):
        """Discover every new switch at once, add them per way of adding (each with its role), then wait for them all."""
        addresses = list(roles)
        credentials = self.credentials()
        discovery = dict(self.credentials_body(credentials), seedIpCollection=addresses, maxHop=credentials['max_hops'])
        # offline (rendered), the discovery is taken to find each switch at its address
        # refusals are worded as on the legacy API: the shallow discovery is its reachability test, the add its discovery
        answer = yield from self.attempt('testing the reachability of', addresses, Request(
            'POST', self.base + '/actions/shallowDiscovery', discovery,
            offline={'switches': [{'ip': address} for address in addresses]}))
        found = answer.get('switches') if isinstance(answer, dict) else None
        candidates = {str(item.get('ip')): item for item in found or [] if isinstance(item, dict)}
        refused = {}
        for address in addresses:
            candidate = candidates.get(address)
            if candidate is None:
                refused[address] = str((answer or {}).get('warning') or 'the controller found no switch there')
            elif candidate.get('status') is not None and str(candidate['status']).lower() not in ADDABLE:
                refused[address] = str(candidate.get('statusReason') or candidate['status'])
        if refused:
            raise StepFailed('Cannot add %s: %s. Nothing was discovered.' % (
                ', '.join(sorted(refused)), '; '.join('%s: %s' % (address, bounded(reason, 200))
                                                      for address, reason in sorted(refused.items()))))
        greenfield = {}
        for preserve in (False, True):
            group = [address for address in addresses if bool(self.adding.get(address, {}).get('preserve_config')) == preserve]
            if not group:
                continue
            switches = [dict({key: candidates[address][key] for key in ADD_FIELDS if key in candidates[address]},
                             switchRole=role_to_manage(roles[address])) for address in group]
            yield from self.attempt('discovering', group, Request(
                'POST', self.base + '/switches', dict(self.credentials_body(credentials), switches=switches, preserveConfig=preserve)))
            greenfield.update((address, not preserve) for address in group)
        if wait_seconds(self.params):
            yield Wait(lambda: self.wait_manageable(greenfield))

    @staticmethod
    def down(entry):
        """Whether a switch-list entry shows its switch not discovered (``discoveryStatus`` other than ``ok``)."""
        return status_of(entry)[0] != 'ok'

    @staticmethod
    def ready(entry, greenfield, seen_down):
        """Discovered (``ok``) and out of migration: ``normal``, or for a switch replaced by RMA, which keeps the old one's
        mode, ``maintenance`` (``inconsistent`` while that mode is intended and not yet deployed); a greenfield add only after
        its reload (4.4: it shows a ``discoveryStatus`` other than ``ok`` first)."""
        discovery, mode = status_of(entry)
        return discovery == 'ok' and mode in ('normal', 'maintenance', 'inconsistent') and (seen_down or not greenfield)

    def role_changes(self, change):
        """A pre-provisioned, imported or replaced switch has its role in that body: only a switch whose role alone changes."""
        after = change.after or {}
        return (change.action == 'update' and not reprovisions(change) and not (after.get('poap') or after.get('rma'))
                and change.before.get('role') != after['role'])
