# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: deploy what a task touched and wait, bounded, until the switches report it.

Deploys are asynchronous on the controller: the attachment states go PENDING, IN PROGRESS,
then DEPLOYED (or FAILED). The wait polls the attachments of the deployed objects, sooner at
first and then every few seconds, and reports the state of every switch it waited for.
"""

from __future__ import annotations

import time

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.poller import Poller
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError

DONE_ATTACHED = ('DEPLOYED', 'IN-SYNC')
DONE_DETACHED = ('NA',)
FAILED = ('FAILED',)
# What the attachments show while a deploy runs: waited for, never deployed again.
DEPLOYING = ('IN PROGRESS',)


class DeployFailed(DashboardError):
    """A deploy ended FAILED on some switches, or did not finish in time; ``states`` says where."""

    def __init__(self, message, states):
        super().__init__(message)
        self.states = states


def unsettled(states, attached):
    """The (name, switch, state) of attachments not yet where a deploy leaves them."""
    left = []
    for name, by_serial in states.items():
        for serial, (switch, state) in by_serial.items():
            done = DONE_ATTACHED if serial in attached.get(name, ()) else DONE_DETACHED
            if state not in done:
                left.append((name, switch, state))
    return left


def deploying(states, attached):
    """Whether a deploy an earlier run started is still running on these attachments, and nothing else is left to push:
    every attachment not yet where it should be shows IN PROGRESS."""
    left = unsettled(states, attached)
    return bool(left) and all(state in DEPLOYING for _name, _switch, state in left)


def wait_for_deploy(read_states, names, attached, timeout, kind, clock=time.monotonic, sleep=time.sleep):
    """Poll ``read_states(names)`` until every attachment is deployed (or detached), within ``timeout`` seconds.

    ``attached``: {name: serials that should end attached}. Returns {name: {switch: state}};
    raises DeployFailed naming the switches that failed or are still not done.
    """
    for last in Poller(clock=clock, sleep=sleep).looks(timeout, pause_first=True):
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
