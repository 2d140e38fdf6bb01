# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the one deploy-and-wait of the resource modules, and what ``deploy`` and ``wait_timeout`` mean.

Deploys are asynchronous on the controller: what a deploy pushes shows PENDING (or Out-of-Sync), IN PROGRESS, then
DEPLOYED or In-Sync (or FAILED). A task deploys what it touched and waits, bounded, until the controller reports it:

- **What is deployed.** The resource's own deploy request where the controller has one (VRFs and networks by name:
  ``.../vrfs/deployments`` on the legacy API, ``vrfActions/deploy`` on 4.2; interfaces by name), else the
  ``config-deploy`` of the switches the task touched (``SwitchSync.deploy_request``: ``config-deploy/{serials}`` on the
  legacy API, ``switchActions/deploy`` on 4.2), or of the fabric (the fabrics module).
- **deploy: true, one rule for every module** (``sync_plan``): the objects a task names are deployed when the task
  changes them *or* the controller shows them not in sync, changed by the task or not; one whose deploy an earlier run
  started and is still running is waited for, never deployed a second time. What a delete needs deployed (an
  undeploy before a VRF goes) is deployed whatever ``deploy`` says.
- **wait_timeout, one meaning for every module** (``wait_seconds``): the seconds the task waits, at most, for what it
  asked the controller to do (a deploy, the undeploy before a delete, a discovery); ``0`` does not wait, and neither does
  ``wait: false``, where a module has it. A wait that runs out fails the task naming what is not done yet.
- **One source of sync state per API** for a switch deploy (``SwitchSync``): on the legacy API the inventory's
  ``ccStatus`` (GET ``inventory/switchesByFabric``): one read answers for every switch of the fabric, and it is where the
  controller shows a switch deploy's outcome (docs/api/fabric-controller.yaml, POST ``control/fabrics/{f}/config-deploy/{serials}``);
  the config preview (``config-preview/{serials}``) gives the same In-Sync/Out-of-Sync but makes the controller compute
  each switch's pending config on every look. On 4.2 the same field of the switch list,
  ``additionalData.configSyncStatus`` (docs/api/platform.yaml, GET ``/api/v1/manage/fabrics/{f}/switches``). A resource deployed
  by its own request is read where that request's outcome shows: its attachment states (VRFs, networks) or its
  compliance (interfaces), as the controller has no switch-wide state for one object.
- **One waiter**: ``wait_for_deploy`` polls through ``_controller.poller.Poller``, whose clock and sleep tests replace.

The modules adopt it in a few lines: ``deploy_and_wait`` is the steps of one deploy and its wait (``yield from`` it in
``writes``), ``SwitchSync(...).deploy(...)`` the same for a switch deploy, ``sync_plan`` the rule, ``wait_seconds`` the bound.
"""

from __future__ import annotations

import time

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.poller import Poller
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.steps import Wait
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError

DEFAULT_WAIT_TIMEOUT = 300
# The options of every module that deploys and waits for what it deployed.
DEPLOY_OPTIONS = {
    'deploy': {'type': 'bool', 'default': False},
    'wait': {'type': 'bool', 'default': True},
    'wait_timeout': {'type': 'int', 'default': DEFAULT_WAIT_TIMEOUT},
}

DONE_ATTACHED = ('DEPLOYED', 'IN-SYNC')
DONE_DETACHED = ('NA',)
FAILED = ('FAILED',)
# What the attachments show while a deploy runs: waited for, never deployed again.
DEPLOYING = ('IN PROGRESS',)
# A switch's sync state on 4.2 (additionalData.configSyncStatus, lower camel case) as the legacy API spells it
MANAGE_SYNC_STATES = {'inSync': 'IN-SYNC', 'outOfSync': 'OUT-OF-SYNC', 'pending': 'PENDING', 'inProgress': 'IN PROGRESS',
                      'deploymentInProgress': 'IN PROGRESS', 'deployed': 'DEPLOYED', 'failed': 'FAILED', 'notApplicable': 'NA',
                      'success': 'IN-SYNC'}


# How a 4.2 mapping's messages name the API they refuse on
MANAGE_RELEASE = 'the /api/v1/manage API (ND 4.2 and later)'


def refuse_frozen(client, fabric, deploys, advice='leave deploy out'):
    """On /api/v1/manage (``client`` beside it): a fabric whose deployments are frozen refuses every deploy (500), so a
    task that deploys (``deploys``: what, as the message names it) is refused before any write, naming the fabric (1 GET
    ``/fabrics/{fabric}/deploymentFreeze`` in docs/api/platform.yaml; 404: not frozen)."""
    frozen = client.read('/fabrics/%s/deploymentFreeze' % segment(fabric), absent=lambda exc: exc.status == 404)
    if isinstance(frozen, dict) and frozen.get('deploymentFreeze') is True:
        raise ModelError('Fabric %s is frozen (its deploymentFreeze is true on %s), so it takes no deploy, and the task deploys '
                         '%s. Unfreeze the fabric first, or %s. Nothing was written.' % (fabric, MANAGE_RELEASE, deploys, advice))


class DeployFailed(DashboardError):
    """A deploy ended FAILED on some switches, or did not finish in time; ``states`` says where."""

    def __init__(self, message, states):
        super().__init__(message)
        self.states = states


def wait_seconds(params):
    """The one meaning of the wait options: the seconds the task waits, at most, for what it asked the controller to do;
    0 when it does not wait (``wait_timeout: 0``, or ``wait: false`` where the module has it)."""
    if params.get('wait') is False:
        return 0
    timeout = params.get('wait_timeout')
    return DEFAULT_WAIT_TIMEOUT if timeout is None else timeout


def with_wait_meaning(params):
    """The task's options with that meaning spelled out for code that reads ``wait`` itself: ``wait_timeout: 0`` is
    ``wait: false`` (a copy; the task's own are left as given)."""
    if params.get('wait_timeout') == 0 and params.get('wait') is not False:
        return dict(params, wait=False)
    return params


def check_wait_timeout(params):
    """Refuse a negative wait_timeout before anything is sent (ModelError)."""
    timeout = params.get('wait_timeout')
    if timeout is not None and timeout < 0:
        raise ModelError('wait_timeout is %s: give the seconds to wait, at most, for the deploy (0: do not wait; %d when not '
                         'set). Nothing was sent.' % (timeout, DEFAULT_WAIT_TIMEOUT))


def unsettled(states, attached):
    """The (name, switch, state) of attachments not yet where a deploy leaves them."""
    left = []
    for name, by_serial in states.items():
        for serial, (switch, state) in by_serial.items():
            done = DONE_ATTACHED if serial in attached.get(name, ()) else DONE_DETACHED
            if state not in done:
                left.append((name, switch, state))
    return left


def deploying(states, attached, running=DEPLOYING):
    """Whether a deploy an earlier run started is still running on these attachments, and nothing else is left to push:
    every attachment not yet where it should be shows one of ``running`` (IN PROGRESS; an interface's compliance PENDING)."""
    left = unsettled(states, attached)
    return bool(left) and all(state in running for _name, _switch, state in left)


def sync_plan(params, changes, touched, states_of, running=DEPLOYING):
    """deploy: true's one rule: ([names to deploy], [names only waited for]) of the objects the task names.

    ``touched(change)``: whether the task changes what a deploy pushes of it; ``states_of(change)``: ({key: (switch,
    state)}, {keys that should end deployed}) as the controller shows it now (its attachments, or its switches' sync
    state). A named object (not deleted) is deployed when it is touched or not in sync; one whose deploy is still running
    (every state left is one of ``running``) is waited for instead, when the task waits. Without deploy, neither.
    """
    if not params.get('deploy'):
        return [], []
    deploy, awaited = [], []
    for change in changes:
        if change.after is None:
            continue
        if touched(change):
            deploy.append(change.name)
            continue
        # read only for what the task does not change: a fabric's switches cost a GET
        states, attached = states_of(change)
        shown, wanted = {change.name: states}, {change.name: set(attached)}
        if deploying(shown, wanted, running):
            if wait_seconds(params):
                awaited.append(change.name)
        elif unsettled(shown, wanted):
            deploy.append(change.name)
    return deploy, awaited


def wait_for_deploy(read_states, names, attached, timeout, kind, clock=time.monotonic, sleep=time.sleep, poller=None):
    """Poll ``read_states(names)`` until every attachment is deployed (or detached), within ``timeout`` seconds.

    ``attached``: {name: serials that should end attached}. Returns {name: {switch: state}};
    raises DeployFailed naming the switches that failed or are still not done. ``poller``: the ``Poller`` to wait with
    (else one on ``clock`` and ``sleep``).
    """
    poller = poller or Poller(clock=clock, sleep=sleep)
    for last in poller.looks(timeout, pause_first=True):
        states = read_states(names)
        left = unsettled(states, attached)
        failed = [entry for entry in left if entry[2] in FAILED]
        report = {name: dict(by_serial.values()) for name, by_serial in states.items()}
        if failed:
            raise DeployFailed('The deploy failed on %s: %s. Look at the switches\' deployment history on the controller, '
                               'fix the cause and run the task again.' % (
                                   ', '.join(sorted(set(switch for _n, switch, _s in failed))),
                                   '; '.join('%s %s on %s: %s' % (kind, name, switch, state) for name, switch, state in failed)),
                               report)
        if not left:
            return report
        if last:
            raise DeployFailed('The deploy did not finish within wait_timeout (%d s) on %s: %s. It may still finish on the '
                               'controller; run the task again to check, or raise wait_timeout.' % (
                                   timeout, ', '.join(sorted(set(switch for _n, switch, _s in left))),
                                   '; '.join('%s %s on %s: %s' % (kind, name, switch, state) for name, switch, state in left)),
                               report)
    return None


def deploy_and_wait(requests, read_states, names, attached, params, kind, result=None, shape=None, poller=None):
    """The steps of one deploy and its wait, for ``yield from`` in a mapping's ``writes``; returns the report (or None).

    ``requests``: the deploy request(s) to send (none: only a deploy an earlier run started is waited for); then, unless
    the task does not wait (``wait_seconds``), one ``Wait`` polling ``read_states(names)`` until every one of ``names`` is
    where the deploy leaves it (``attached``: {name: keys that should end deployed}; the others detached), bounded by
    wait_timeout. ``shape``: how the report ({name: {switch: state}}) is shown, also in a DeployFailed's states; the
    report goes into ``result['deployment']`` when ``result`` is given.
    """
    # not ``yield from`` the list: the run sends each request's answer back in, which a list's iterator cannot take
    for request in requests or ():  # pylint: disable=use-yield-from
        yield request
    timeout = wait_seconds(params)
    if not names or not timeout:
        return None
    shape = shape or (lambda report: report)

    def until():
        try:
            return shape(wait_for_deploy(read_states, list(names), attached, timeout, kind, poller=poller))
        except DeployFailed as exc:
            raise DeployFailed(exc.message, shape(exc.states)) from None
    report = yield Wait(until)
    if report is not None and result is not None:
        result['deployment'] = report
    return report


class SwitchSync:
    """The switches of one fabric: their deploy request and their sync state, from the one source of the API spoken.

    ``client``: a ``ControllerClient`` of that API (its prefix: lan-fabric/rest, or /api/v1/manage); ``api``: the
    mapping's ``API``; ``labels``: {serial: the switch as results name it}; ``poller``: the waits' (tests give theirs).
    """

    def __init__(self, client, fabric, api, labels=None, poller=None):
        self.client = client
        self.fabric = fabric
        self.api = api
        self.labels = labels if labels is not None else {}
        self.poller = poller

    def deploy_request(self, serials):
        """The switch deploy: POST config-deploy/{serials} (legacy), switchActions/deploy (4.2)."""
        if self.api == MANAGE_API:
            return Request('POST', '/fabrics/%s/switchActions/deploy' % segment(self.fabric), {'switchIds': list(serials)})
        return Request('POST', '/control/fabrics/%s/config-deploy/%s' % (segment(self.fabric), ','.join(serials)),
                       query={'forceShowRun': 'false'})

    def listed(self):
        """[(serial, sync state as the legacy API spells it)] of every switch of the fabric, one GET."""
        if self.api == MANAGE_API:
            answer = self.client.read('/fabrics/%s/switches' % segment(self.fabric))
            switches = answer.get('switches') if isinstance(answer, dict) else None
            found = []
            for entry in switches or []:
                if isinstance(entry, dict):
                    data = entry.get('additionalData') if isinstance(entry.get('additionalData'), dict) else {}
                    state = data.get('configSyncStatus')
                    found.append((str(entry.get('switchId') or entry.get('serialNumber')), MANAGE_SYNC_STATES.get(state, state)))
            return [(serial, normal(state)) for serial, state in found]
        answer = self.client.read('/control/fabrics/%s/inventory/switchesByFabric' % segment(self.fabric))
        return [(str(entry.get('serialNumber')), normal(entry.get('ccStatus'))) for entry in answer or [] if isinstance(entry, dict)]

    def states(self, serials):
        """{serial: (switch, state)} of ``serials`` (UNKNOWN for a switch the fabric no longer lists)."""
        found = dict(self.listed())
        return {serial: (self.labels.get(serial, serial), found.get(serial, 'UNKNOWN')) for serial in serials}

    def deploy(self, serials, params, result=None, name='switches', kind='switch'):
        """The steps of deploying ``serials`` and waiting until each is in sync; the report {switch: state}."""
        serials = list(serials)
        report = yield from deploy_and_wait(
            [self.deploy_request(serials)], lambda names: {name: self.states(serials)}, [name], {name: set(serials)}, params,
            kind, result, shape=lambda report: (report or {}).get(name, {}), poller=self.poller)
        return report


def normal(state):
    """A sync or deploy state as the waits compare it: upper case, words joined by ``-`` (``In-Sync``, ``In Sync``: IN-SYNC)."""
    text = str(state or 'NA').strip().upper()
    return text if text in DEPLOYING else text.replace(' ', '-')
