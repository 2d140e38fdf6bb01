# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: one run of the fabric_switches module.

The same want/have/compare as the other resource modules (``_resource_state``): the inventory
is read once, and a switch already in it is never tested or discovered again (cisco.dcnm's
dcnm_inventory re-adds switches on merged and overridden runs). Then, in the order the
controller needs: removals, the adds (test reachability, discover, per role and way of adding,
then wait until the new switches can be managed), and the role changes in one call.
"""

from __future__ import annotations

import time

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, DashboardError, bounded
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.run import Run
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.spec import DEFAULT_WAIT_TIMEOUT
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.plan import plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.switch_model import SwitchModel, split_add_options
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.switch_wire import PASSWORD_SHOWN, SwitchWire

AUTH_PROTOCOLS = {'md5': 0, 'sha': 1, 'md5_des': 2, 'md5_aes': 3, 'sha_des': 4, 'sha_aes': 5}
POLL_SECONDS = (0.5, 0.5, 1, 2, 3, 5)


class SwitchFailed(DashboardError):
    """The controller refused or could not add, change or remove switches; the message names them."""


def run_fabric_switches(controller, params, check_mode=False, diff=False):
    """The task's result for ``params``; ``controller`` as the other resource modules get it."""
    model = SwitchModel()
    return SwitchRun(model, SwitchWire(controller, params['fabric']), controller, params, check_mode, diff).result()


class SwitchRun(Run):

    def credentials(self, shown=False):
        """The discovery credentials; ``shown``: for output (rendered), the password masked and none required."""
        if not shown and not self.params.get('switch_username') or not self.params.get('switch_password'):
            raise ModelError('Adding switches needs the credentials the controller logs in to them with: give switch_username '
                             'and switch_password.')
        return {'username': self.params.get('switch_username') or '',
                'password': PASSWORD_SHOWN if shown else self.params['switch_password'],
                'auth_protocol': AUTH_PROTOCOLS[self.params.get('switch_auth_protocol') or 'md5'],
                'max_hops': self.params.get('max_hops') or 0}

    def config_hint(self, state):
        del state
        return 'list the switches by IP address'

    def run(self):
        state = self.params['state']
        wants = self.wants()
        adding = split_add_options(wants)
        if state == 'rendered':
            return self.rendered(wants, adding)
        have = self.wire.read()
        if state == 'gathered':
            return self.gathered(have)
        changes, result = self.planned(state, wants, have)
        if any(change.action == 'create' for change in changes):
            self.credentials()  # fail before anything is sent, in check mode too
        if self.check_mode or not result['changed']:
            return result
        try:
            self.apply(changes, adding)
        except SwitchFailed as exc:
            self.failed(result, exc.message)
        except ApiError as exc:
            self.failed(result, exc.message, status=exc.status)
        return self.with_requests(result)

    def apply(self, changes, adding):
        for change in changes:
            if change.action == 'delete':
                self.attempt('removing', [change.name], self.wire.remove, change.name)
        for (role, preserve), addresses in self.add_groups(changes, adding).items():
            self.add(addresses, role, preserve)
        roles = {change.name: change.after['role'] for change in changes if change.action == 'update'}
        if roles:
            self.attempt('setting the role of', sorted(roles), self.wire.set_roles, roles)

    @staticmethod
    def add_groups(changes, adding):
        """{(role, preserve_config): [IP, ...]}: one discovery per group, as the controller takes one role per call."""
        groups = {}
        for change in changes:
            if change.action == 'create':
                preserve = bool(adding.get(change.name, {}).get('preserve_config'))
                groups.setdefault((change.after['role'], preserve), []).append(change.name)
        return groups

    @staticmethod
    def attempt(doing, addresses, call, *args):
        try:
            return call(*args)
        except ApiError as exc:
            raise SwitchFailed('The controller refused %s switch %s (HTTP %s): %s' % (
                doing, ', '.join(addresses), exc.status, exc.message)) from None

    def add(self, addresses, role, preserve):
        body = self.wire.discovery_body(addresses, role, preserve, self.credentials())
        candidates = self.attempt('testing the reachability of', addresses, self.wire.test_reachability, body)
        refused = {}
        for address in addresses:
            candidate = candidates.get(address)
            if candidate is None:
                refused[address] = 'the controller found no switch there'
            elif not (candidate.get('reachable') and candidate.get('auth', True) and candidate.get('selectable')):
                refused[address] = str(candidate.get('statusReason') or 'not reachable or not selectable')
        if refused:
            raise SwitchFailed('Cannot add %s: %s. Nothing was discovered.' % (
                ', '.join(sorted(refused)), '; '.join('%s: %s' % (address, bounded(reason, 200))
                                                      for address, reason in sorted(refused.items()))))
        self.attempt('discovering', addresses, self.wire.discover, body, [candidates[address] for address in addresses])
        if self.params.get('wait', True):
            self.wait_manageable(addresses, greenfield=not preserve)

    def wait_manageable(self, addresses, greenfield):
        """Poll the inventory (bounded by wait_timeout) until every new switch can be managed."""
        timeout = self.params['wait_timeout'] if self.params.get('wait_timeout') is not None else DEFAULT_WAIT_TIMEOUT
        deadline = time.monotonic() + timeout
        seen_down = set()
        pauses = iter(POLL_SECONDS)
        while True:
            self.wire.read()
            waiting = []
            for address in addresses:
                entry = self.wire.entries.get(address)
                if entry is not None and entry.get('managable') is not True:
                    seen_down.add(address)
                if entry is None or not self.wire.ready(entry, greenfield, address in seen_down):
                    waiting.append(address)
            if not waiting:
                return
            if time.monotonic() >= deadline:
                raise SwitchFailed('Switches %s were discovered but could not be managed within %s seconds (greenfield switches '
                                   'reload first); raise wait_timeout, or check them in the controller.'
                                   % (', '.join(waiting), timeout))
            time.sleep(min(next(pauses, POLL_SECONDS[-1]), max(0.0, deadline - time.monotonic())))

    def rendered(self, wants, adding):
        """The test-reachability and discover requests a run would send to a fabric without these switches (the password
        shown masked, the candidates as the reachability test would name them)."""
        changes = plan(self.model, 'replaced', wants, {})
        prefix = self.controller.prefix + self.wire.base
        requests = []
        for (role, preserve), addresses in self.add_groups(changes, adding).items():
            body = self.wire.discovery_body(addresses, role, preserve, self.credentials(shown=True))
            requests.append({'method': 'POST', 'path': prefix + '/inventory/test-reachability', 'body': body})
            requests.append({'method': 'POST', 'path': prefix + '/inventory/discover?setAndUseDiscoveryCredForLan=true',
                             'body': dict(body, switches=[{'ipaddr': address} for address in addresses])})
        return {'changed': False, 'rendered': requests, 'before': [], 'after': [self.model.for_output(change.after) for change in changes]}
