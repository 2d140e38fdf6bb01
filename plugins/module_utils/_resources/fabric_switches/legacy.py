# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabric_switches resource: a fabric's switch as the user writes it, and the inventory calls.

A switch is named by the IP address it is discovered at (its seed IP, which the inventory then
lists as its management address) and has a role. How it is added (``preserve_config``) is not a
property of the switch: it is kept apart from the object, so it never makes a switch differ.

``SwitchMapping`` is the one place that knows the inventory's paths and field names
(docs/api/fabric-controller.yaml): ``switchesByFabric`` to read, ``test-reachability`` then
``discover`` to add, ``control/switches/roles`` to change roles, ``control/fabrics/{f}/switches/{serial}``
to remove. The inventory is read once, and a switch already in it is never tested or discovered
again (cisco.dcnm's dcnm_inventory re-adds switches on merged and overridden runs). The writes,
in the order the controller needs: removals, the adds (test reachability, discover, per role and
way of adding, then wait until the new switches can be managed), and the role changes in one call.
The same model on the /api/v1/manage API of a 4.2 dashboard is ``fabric_switches_manage.SwitchManageMapping``.

A switch given a ``serial_number`` (with model, version, hostname and gateway) that the fabric does not have is
pre-provisioned (``inventory/poap``): it is in the inventory before it boots, and the controller cannot manage it until it
does. With ``poap: true``, a switch that asks the fabric for POAP (its serial number in the bootstrap list, ``GET
inventory/poap``) is imported (the same POST, with the key the switch offered), a pre-provisioned one of another serial
number swapped to it first (``swapSN``); then the task waits until it can be managed. ``maintenance`` is the switch's mode,
read from the inventory's ``mode`` and ``systemMode``, written per switch (``switches/{serial}/maintenance-mode``, then with
``deploy`` ``deploy-maintenance-mode``). What the two share with the 4.2 mapping is in
``life.py``. Over 400 lines: the inventory's calls for every stage of a switch's life are one mapping, which the 4.2
mapping subclasses; the pure parts are in ``life.py``.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.poller import Poller
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import Mapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import wait_seconds
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import role_from_controller, role_to_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import StepFailed, Wait
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import RUN_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.life import (
    LEGACY_FIELDS, bootstrap_entries, bootstrap_item, check_new, inventory_fields, legacy_bootstrap, legacy_intended_maintenance, legacy_maintenance,
    legacy_preprovision, legacy_rma, mark_poap, mark_rma, pin_managed, poap_problems, refuse_taken, reprovisions,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import (
    AUTH_PROTOCOLS, is_preprovisioned, split_add_options,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, bounded, server_message


class SwitchMapping(Mapping):
    # where an entry of the fabric's switch list holds the switch's address and serial number (the first given), and the
    # user's spelling of the role it holds (inventory/switchesByFabric in docs/api/fabric-controller.yaml)
    ADDRESS_FIELD = 'ipAddress'
    SERIAL_FIELDS = ('serialNumber',)
    ROLE_SPELLING = staticmethod(role_from_controller)
    # the entry's fields of a pre-provisioned switch, and its maintenance mode: deployed (the task deploys it), and intended
    # (the task only sets it; also what gathered shows)
    FIELDS = LEGACY_FIELDS
    MAINTENANCE = staticmethod(legacy_maintenance)
    INTENDED_MAINTENANCE = staticmethod(legacy_intended_maintenance)

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.base = '/control/fabrics/%s' % segment(self.fabric)
        # {IP: inventory entry} of the last read
        self.entries = {}
        # {IP: {option: value}}: how each listed switch is added
        self.adding = {}
        # {serial: bootstrap entry} of the switches asking the fabric for POAP (read only for a task that gives poap or rma)
        self.booting = {}
        # {IP: (old serial, new serial)} of the switches replaced (RMA)
        self.replacing = {}
        self.poller = Poller()

    def read(self, names=None):
        """{IP: switch object}, the fabric's switches keyed by management IP (the seed IP they were added at)."""
        del names  # the inventory lists the fabric's switches in one answer
        try:
            listed = self.read_list()
        except ApiError as exc:
            if exc.status not in (400, 404):
                raise
            if self.client.check_mode and exc.status == 404:
                # An earlier task of the play (fabricops.dashboard.fabrics) would have created it in a real run.
                self.client.warn('Fabric %s does not exist on the controller (HTTP 404), so check mode takes it to have no switches. '
                                 'If an earlier task of the play creates it, a real run finds it; otherwise this task fails '
                                 'there.' % self.fabric)
                self.entries = {}
                return {}
            raise ApiError('Cannot read the switches of fabric %s (HTTP %d: %s); check that the fabric exists and that your user '
                           'may read it.' % (self.fabric, exc.status, exc.message), exc.status) from None
        self.entries = {str(self.address_of(entry)): entry for entry in listed
                        if isinstance(entry, dict) and self.address_of(entry) and self.serial_of(entry)}
        return {address: self.object_of(address, entry) for address, entry in self.entries.items()}

    def object_of(self, address, entry):
        """A switch as the module shows it: its role and maintenance mode, and for a switch the controller cannot manage
        (pre-provisioned, not booted yet) what it was pre-provisioned with."""
        obj = {'name': address, 'role': self.role_of(entry) or 'leaf'}
        # with deploy, a mode intended but not yet on the switch is no mode (its deploy is still to come)
        maintenance = (self.MAINTENANCE if self.params.get('deploy') else self.INTENDED_MAINTENANCE)(entry)
        if maintenance is not None:
            obj['maintenance'] = maintenance
        if self.down(entry):
            obj.update(inventory_fields(entry, self.FIELDS))
        return obj

    def read_list(self):
        """The fabric's switches as the controller lists them (one request)."""
        return self.client.read(self.base + '/inventory/switchesByFabric') or []

    def address_of(self, entry):
        return entry.get(self.ADDRESS_FIELD)

    def serial_of(self, entry):
        return next((entry[field] for field in self.SERIAL_FIELDS if entry.get(field)), None)

    def role_of(self, entry):
        return self.ROLE_SPELLING(entry.get('switchRole'))

    @staticmethod
    def config_hint(state):
        del state
        return 'list the switches by IP address'

    def prepare(self, wants, have):
        self.adding = split_add_options(wants)
        if any(want.get('poap') or want.get('rma') for want in wants):
            self.booting = bootstrap_entries(self.bootstrap_list())
        self.replacing = mark_rma(wants, have, {address: self.serial(address) for address in self.entries}, self.booting,
                                  self.fabric)
        pin_managed(wants, self.entries, lambda entry: not self.down(entry), self.FIELDS)
        if any(want.get('poap') for want in wants):
            for warning in mark_poap(wants, have, self.booting, lambda address: not self.down(self.entries[address]), self.fabric):
                self.client.warn(warning)

    def gathered_beside(self):
        """The switches asking the fabric for POAP (none when its bootstrap is off), as config items would name them."""
        try:
            listed = self.read_bootstrap()
        except ApiError as exc:
            if exc.status == 404:
                raise
            listed = []  # bootstrap off: no switch can ask
        return {'bootstrap': [bootstrap_item(entry) for entry in bootstrap_entries(listed).values()]}

    # where a fabric's bootstrap is turned on (the refusal of a fabric with it off)
    BOOTSTRAP_SETTING = 'its bootstrap (the fabrics module, template_params BOOTSTRAP_ENABLE: true, with its DHCP settings)'

    def read_bootstrap(self):
        """The fabric's bootstrap list, its entries as the legacy API gives them (GET .../inventory/poap)."""
        return self.client.read(self.base + '/inventory/poap') or []

    def bootstrap_list(self):
        """The fabric's bootstrap list (one read); a fabric with bootstrap off is refused, naming the setting."""
        try:
            return self.read_bootstrap()
        except ApiError as exc:
            if exc.status == 404:
                raise
            raise ModelError('poap: the controller does not list the switches asking fabric %s for POAP (HTTP %s: %s). Turn on '
                             '%s, or leave poap out to pre-provision the switches only. Nothing was written.'
                             % (self.fabric, exc.status, bounded(server_message(exc.body) or exc.message, 200),
                                self.BOOTSTRAP_SETTING)) from None

    def prepare_offline(self, wants):
        self.adding = split_add_options(wants)
        for option, unread in (('poap', 'which switches ask for POAP; leave poap out to render their pre-provisioning'),
                               ('rma', 'the switch an RMA replaces; leave rma out, or run the task in check mode')):
            if any(want.get(option) for want in wants):
                raise ModelError('rendered computes the requests offline, so it cannot read %s.' % unread)

    def check_intent(self, state, wants, changes, checks):
        del state, wants, checks
        check_new(changes, self.adding)

    def check(self, changes):
        problems = poap_problems(changes, self.adding, self.booting, self.params.get('switch_password'))
        if problems:
            raise ModelError('Bringing switches in by POAP: %s. Nothing was written.' % '; '.join(problems))
        preprovisioning = [change.name for change in changes if change.action == 'create' and is_preprovisioned(change.after)
                           and not change.after.get('poap')]
        if preprovisioning and not self.params.get('switch_password'):
            raise ModelError('Pre-provisioning switches %s needs switch_password, the password their day-0 configuration gives '
                             'the admin user. Nothing was written.' % ', '.join(preprovisioning))
        if preprovisioning:
            try:
                refuse_taken(self.fabric, changes, self.everywhere())
            except ModelError as exc:
                if not self.client.check_mode:
                    raise
                # The other switch is there now; an earlier task of the play may remove it, which check mode cannot tell.
                self.client.warn('%s If an earlier task of the play removes that switch, a real run pre-provisions this one; '
                                 'otherwise it fails there.' % str(exc).replace(' Nothing was written.', ''))
        adding = [change.name for change in changes if change.action == 'create' and not is_preprovisioned(change.after)]
        if not adding:
            return
        if self.client.check_mode and not self.has_credentials():
            # The refusal rests on the inventory as it is now: an earlier task of the play may add these switches, and this
            # task (giving them a role, say) then needs no credentials. Check mode cannot tell, so it warns and reports the change.
            self.client.warn('Switches %s are not in fabric %s, and adding them needs switch_username and switch_password, which '
                             'this task does not give. If an earlier task of the play adds them, a real run of this task only '
                             'sets what it lists; otherwise it fails there.' % (', '.join(adding), self.fabric))
            return
        self.credentials()  # fail before anything is sent, in check mode too

    def everywhere(self):
        """[(fabric, address, serial)] of every switch the controller has, in any fabric (one read)."""
        listed = self.client.read('/inventory/allswitches') or []
        return [(entry.get('fabricName'), entry.get('ipAddress'), entry.get('serialNumber'))
                for entry in listed if isinstance(entry, dict)]

    def has_credentials(self):
        return bool(self.params.get('switch_username') and self.params.get('switch_password'))

    def to_deploy(self, changes):
        del changes  # a switch is ready once the controller can manage it (writes waits for that)
        return []

    def credentials(self):
        """The discovery credentials; a run that adds switches needs both (rendered shows the password masked)."""
        if not self.client.offline and not self.has_credentials():
            raise ModelError('Adding switches needs the credentials the controller logs in to them with: give switch_username '
                             'and switch_password.')
        return {'username': self.params.get('switch_username') or '',
                'password': self.params.get('switch_password') or '',
                'auth_protocol': AUTH_PROTOCOLS[self.params.get('switch_auth_protocol') or 'md5'],
                'max_hops': self.params.get('max_hops') or 0}

    def serial(self, address):
        return str(self.serial_of(self.entries[address]))

    def discovery_body(self, addresses, role, preserve_config, credentials):
        """The test-reachability body for switches added together (same role and way of adding)."""
        return {
            'seedIP': ','.join(addresses), 'role': role_to_controller(role), 'preserveConfig': bool(preserve_config),
            'maxHops': credentials['max_hops'], 'username': credentials['username'], 'password': credentials['password'],
            'snmpV3AuthProtocol': credentials['auth_protocol'], 'cdpSecondTimeout': '5', 'discoveryCredForLan': 'true',
        }

    def writes(self, changes, result):
        del result
        self.client.forget_fabric_facts(self.fabric, RUN_SWITCHES)
        for change in changes:
            if change.action == 'delete' or reprovisions(change):
                yield from self.attempt('removing', [change.name],
                                        Request('DELETE', '%s/switches/%s' % (self.base, segment(self.serial(change.name)))))
        for (role, preserve), addresses in self.add_groups(changes).items():
            yield from self.add(addresses, role, preserve)
        provisioned = self.preprovisioned(changes)
        if provisioned:
            yield from self.attempt('pre-provisioning', [change.name for change in provisioned], Request(
                'POST', self.base + '/inventory/poap',
                [legacy_preprovision(change, self.adding, self.params.get('switch_password') or '') for change in provisioned]))
            # the body has no role: the switch, in the inventory now, gets it with the role changes
            self.entries.update((change.name, {'serialNumber': change.after['serial_number']}) for change in provisioned)
        brought = yield from self.bring_in(changes)
        roles = {change.name: change.after['role'] for change in changes if self.role_changes(change)}
        if roles:
            body = [{'serialNumber': self.serial(address), 'role': role_to_controller(role)} for address, role in roles.items()]
            yield from self.attempt('setting the role of', sorted(roles), Request('POST', '/control/switches/roles', body))
        yield from self.maintenance_writes(changes)
        if brought and wait_seconds(self.params):
            # each boots with its day-0 configuration, as a greenfield add reloads
            yield Wait(lambda: self.wait_manageable({change.name: True for change in brought}, 'brought in by POAP'))

    def replace(self, change):
        """RMA of one switch: into maintenance mode first where it is not (its intended mode: the switch may be dead), then
        the replacement by the switch that booted."""
        old, new = self.replacing[change.name]
        entry = self.entries[change.name]
        if str(entry.get('mode')) != 'Maintenance':
            yield from self.attempt('putting into maintenance mode, before its RMA,', [change.name], Request(
                'POST', '%s/switches/%s/maintenance-mode' % (self.base, segment(old))))
        yield from self.attempt('replacing (RMA)', [change.name], Request('POST', self.base + '/rma', legacy_rma(
            change, self.adding, self.booting[new], entry.get('logicalName') or entry.get('hostName') or '', old,
            self.params.get('switch_password') or '')))
        self.entries[change.name] = dict(entry, serialNumber=new)

    def bring_in(self, changes):
        """The POAP imports (``bootstrap``) and RMAs (``replace``) of ``changes``, in this mapping's calls; returns their
        changes, whose switches the task then waits for."""
        imports = [change for change in changes if (change.after or {}).get('poap')]
        if imports:
            yield from self.bootstrap(imports)
        replaced = [change for change in changes if (change.after or {}).get('rma')]
        for change in replaced:
            yield from self.replace(change)
        return imports + replaced

    def bootstrap(self, imports):
        """Swap each pre-provisioned switch of another serial number to the switch that booted, then import them all."""
        for change in imports:
            old, new = (change.before or {}).get('serial_number'), change.after['serial_number']
            if change.action == 'update' and old and old != new:
                yield from self.attempt('swapping the serial number of', [change.name], Request(
                    'POST', '%s/swapSN/%s/%s' % (self.base, segment(old), segment(new))))
        password = self.params.get('switch_password') or ''
        yield from self.attempt('importing by POAP', [change.name for change in imports], Request(
            'POST', self.base + '/inventory/poap',
            [legacy_bootstrap(change, self.adding, self.booting[change.after['serial_number']], password) for change in imports]))
        self.entries.update((change.name, {'serialNumber': change.after['serial_number']}) for change in imports)

    @staticmethod
    def preprovisioned(changes):
        """The changes that pre-provision a switch: new ones given a serial number, and those pre-provisioned again."""
        return [change for change in changes
                if change.action == 'create' and is_preprovisioned(change.after) and not change.after.get('poap') or reprovisions(change)]

    def role_changes(self, change):
        """Whether the role write carries this switch: its role changes, or it is pre-provisioned (legacy: without a role)
        with a role other than the leaf it gets."""
        if change in self.preprovisioned(changes=[change]) or change.action == 'create' and change.after.get('poap'):
            return change.after['role'] != 'leaf'
        return change.action == 'update' and change.before.get('role') != change.after['role']

    def maintenance_writes(self, changes):
        """Per switch whose maintenance mode changes: its intended mode (when the inventory does not show it already), then,
        with deploy, for each the deploy of its mode, waited for by the controller when the task waits."""
        switching = [change for change in changes if change.action == 'update' and change.after.get('maintenance') is not None
                     and change.before.get('maintenance') != change.after['maintenance']]
        for change in switching:
            on = change.after['maintenance']
            if str(self.entries[change.name].get('mode')) != ('Maintenance' if on else 'Normal'):
                yield from self.attempt('changing the maintenance mode of', [change.name], Request(
                    'POST' if on else 'DELETE', '%s/switches/%s/maintenance-mode' % (self.base, segment(self.serial(change.name)))))
        if not self.params.get('deploy'):
            return
        query = {'waitForModeChange': 'true'} if wait_seconds(self.params) else None
        for change in switching:
            yield from self.attempt('deploying the maintenance mode of', [change.name], Request(
                'POST', '%s/switches/%s/deploy-maintenance-mode' % (self.base, segment(self.serial(change.name))), query=query))

    def add_groups(self, changes):
        """{(role, preserve_config): [IP, ...]}: one discovery per group, as the controller takes one role per call."""
        groups = {}
        for change in changes:
            if change.action == 'create' and not is_preprovisioned(change.after):
                preserve = bool(self.adding.get(change.name, {}).get('preserve_config'))
                groups.setdefault((change.after['role'], preserve), []).append(change.name)
        return groups

    @staticmethod
    def attempt(doing, addresses, request):
        """Send ``request``; a refusal names the switches. Its answer."""
        try:
            return (yield request)
        except ApiError as exc:
            raise StepFailed('The controller refused %s switch %s (HTTP %s): %s' % (
                doing, ', '.join(addresses), exc.status, exc.message)) from None

    def add(self, addresses, role, preserve):
        """Test reachability, then discover what it found (the discover needs the candidates as the test answered them)."""
        body = self.discovery_body(addresses, role, preserve, self.credentials())
        # offline (rendered), the test is taken to find each switch at its address
        answer = yield from self.attempt('testing the reachability of', addresses, Request(
            'POST', self.base + '/inventory/test-reachability', body, offline=[{'ipaddr': address} for address in addresses]))
        candidates = {str(candidate.get('ipaddr')): candidate for candidate in answer or [] if isinstance(candidate, dict)}
        refused = {}
        for address in addresses:
            candidate = candidates.get(address)
            if candidate is None:
                refused[address] = 'the controller found no switch there'
            elif not all(candidate.get(flag, True) for flag in ('reachable', 'auth', 'selectable')):
                refused[address] = str(candidate.get('statusReason') or 'not reachable or not selectable')
        if refused:
            raise StepFailed('Cannot add %s: %s. Nothing was discovered.' % (
                ', '.join(sorted(refused)), '; '.join('%s: %s' % (address, bounded(reason, 200))
                                                      for address, reason in sorted(refused.items()))))
        yield from self.attempt('discovering', addresses, Request(
            'POST', self.base + '/inventory/discover', dict(body, switches=[candidates[address] for address in addresses]),
            query={'setAndUseDiscoveryCredForLan': 'true'}))
        if wait_seconds(self.params):
            yield Wait(lambda: self.wait_manageable({address: not preserve for address in addresses}))

    def wait_manageable(self, greenfield, done='discovered'):
        """Poll the inventory (bounded by wait_timeout) until every new switch can be managed; ``greenfield``: {IP: whether
        it was added greenfield, and reloads first}; ``done``: how they came in, for the message."""
        timeout = wait_seconds(self.params)
        seen_down = set()
        for last in self.poller.looks(timeout):
            self.read()
            waiting = []
            for address, reloads in greenfield.items():
                entry = self.entries.get(address)
                if entry is not None and self.down(entry):
                    seen_down.add(address)
                if entry is None or not self.ready(entry, reloads, address in seen_down):
                    waiting.append(address)
            if not waiting:
                return
            if last:
                raise StepFailed('Switches %s were %s but could not be managed within %s seconds (greenfield switches '
                                 'reload first); raise wait_timeout, or check them in the controller. They are in the fabric '
                                 'and go on booting: a rerun sends nothing more for them.' % (', '.join(waiting), done, timeout))

    @staticmethod
    def down(entry):
        """Whether an inventory entry shows its switch not manageable (as a greenfield add does while it reloads)."""
        return entry.get('managable') is not True

    @staticmethod
    def ready(entry, greenfield, seen_down):
        """Whether a newly added switch can be managed: ``managable`` and ``ok``, out of migration, and for a greenfield add
        after its reload (it shows ``managable: false`` once first)."""
        up = entry.get('managable') is True and str(entry.get('status')).lower() == 'ok' and entry.get('mode') != 'Migration'
        return up and (seen_down or not greenfield)
