# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what an interfaces task deploys, the deploy (``/globalInterface/deploy``) and its wait.

``InterfaceDeploy`` is a part of ``legacy.InterfaceMapping``: which interfaces a deploy pushes (what the task removed or
reset, and with ``deploy`` what ``deploy.sync_plan`` names from their compliance), the deploy request, and one wait on
each switch's interface detail (``deploy.deploy_and_wait``).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import deploy_and_wait, sync_plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import PORT_CHANNEL, interface_name, interface_order
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import kind_of
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# What an interface's complianceStatus shows while its deploy runs (docs/api, interface/detail): waited for, not deployed again.
DEPLOYING_STATES = ('PENDING',)


# The controller's answer to a deploy of interfaces with nothing to push [client, cisco.dcnm].
NOTHING_TO_DEPLOY = 'No Commands to execute.'


class InterfaceDeploy:
    """The deploy of ``InterfaceMapping``: what to deploy, the request, the wait."""

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {key: IN-SYNC, OUT-OF-SYNC or PENDING}, read only for a task that deploys (``read_compliance``)
        self.compliance = {}

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
        port-channel's ports with it); with deploy, deploy's one rule (``deploy.sync_plan``): what it created or changed,
        the listed interfaces the controller shows not deployed yet (not those deploying now: never sent twice), and the
        ports a port-channel change moved."""
        deploy = self.params.get('deploy')
        if deploy:
            self.read_compliance([change.name for change in changes if change.after is not None and not change.changed])
        planned = set(self.deploy_plan(changes)[0])
        names = [change.name for change in changes if change.name in planned or (
            change.changed and (change.action == 'delete' or getattr(change, 'reset', False)))]
        for key, (serial, released) in self.member_changes(changes).items():
            if (deploy or released) and key not in names:
                names.append(key)
                self.serials[key] = serial
        return names

    def deploy_plan(self, changes):
        """deploy's one rule on the listed interfaces, from their compliance as ``read_compliance`` found it: (keys to
        deploy, keys whose deploy is running)."""
        return sync_plan(self.params, [change for change in changes if change.after is not None], lambda change: change.changed,
                         self.sync_state, running=DEPLOYING_STATES)

    def sync_state(self, change):
        """({serial: (switch, state)}, {serial}) of a listed interface the task leaves as it is: OUT-OF-SYNC or PENDING as
        its compliance shows, else IN-SYNC (an interface showing NA, or not read, has nothing to deploy)."""
        serial = self.serials[change.name]
        state = self.compliance.get(change.name)
        return {serial: (self.labels.get(serial, serial), state if state in ('OUT-OF-SYNC',) + DEPLOYING_STATES else 'IN-SYNC')}, {serial}

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
        return self.deploy_plan(changes)[1]

    def item(self, key, with_fabric=True):
        interface = key.rsplit(' ', 1)[1]
        entry = {'serialNumber': self.serials[key], 'ifName': interface}
        if with_fabric:
            entry['fabricName'] = self.fabric
        return entry

    def deploy(self, names, awaited, changes, result, wait=True):
        """Deploy ``names`` (keys) and, unless ``wait`` is false or the task does not wait (``deploy.wait_seconds``), wait
        once for them and for ``awaited`` (deploys an earlier run started); the report per switch."""
        if names:
            try:
                yield Request('POST', '/globalInterface/deploy', [self.item(name) for name in names])
            except ApiError as exc:
                if not (isinstance(exc.body, list) and exc.body and all(
                        isinstance(entry, dict) and entry.get('message') == NOTHING_TO_DEPLOY for entry in exc.body)):
                    raise
                names = []
        if not wait:
            return
        waited = list(names) + list(awaited)
        gone = {change.name for change in changes if change.after is None}
        attached = {name: set() if name in gone else {self.serials[name]} for name in waited}
        report = yield from deploy_and_wait([], self.read_states, waited, attached, self.params, 'interface', shape=self.by_switch)
        if report is not None:
            result.setdefault('deployment', {})
            for switch, states in report.items():
                result['deployment'].setdefault(switch, {}).update(states)

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
