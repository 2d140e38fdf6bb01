# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Benchmark helper (not part of the collection): timers inside each task's worker, for benchmarks/task_profile.py.

Python imports a ``sitecustomize`` found on its path at start-up; benchmarks/task_profile.py puts
this directory on ``PYTHONPATH`` of ``ansible-playbook`` only, with ``BENCH_TIMERS`` naming a file.
Then every task's worker times, with ``time.perf_counter``, its whole run (``WorkerProcess._run``:
the task, its result's trip to the main process) and, in tasks of this collection, the parts of
``DashboardAction.run``: the options' validation, opening the session, and the request on the wire
(through the run's session keeper, or on a connection of the worker's own). The collection's code
is not changed: its functions are wrapped in the worker, after the fork, so the main process and
the keeper run as they always do. Each worker appends its figures to the file as JSON lines.
"""

from __future__ import annotations

import json
import os
import sys
import time

_PREFIX = 'ansible_collections.fabricops.dashboard.plugins.'


def _install():
    from ansible.executor.process import worker  # pylint: disable=import-outside-toplevel

    original = worker.WorkerProcess._run  # pylint: disable=protected-access

    def timed_run(self):
        task = self._task.get_name()  # pylint: disable=protected-access
        records = []
        _wrap_collection(task, records)
        started = time.perf_counter()
        try:
            return original(self)
        finally:
            records.append({'task': task, 'part': 'worker', 'ms': (time.perf_counter() - started) * 1000})
            with open(os.environ['BENCH_TIMERS'], 'a', encoding='utf-8') as handle:
                handle.write(''.join(json.dumps(record) + '\n' for record in records))

    worker.WorkerProcess._run = timed_run  # pylint: disable=protected-access


def _timer(task, part, records, function):
    def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            records.append({'task': task, 'part': part, 'ms': (time.perf_counter() - started) * 1000})
    return timed


def _wrap_collection(task, records):
    """Wrap the collection's parts in this worker, if the main process imported them (it does, for a task of the collection)."""
    action = sys.modules.get(_PREFIX + 'plugin_utils._action')
    keeper = sys.modules.get(_PREFIX + 'plugin_utils._keeper_client')
    exchange = sys.modules.get(_PREFIX + 'module_utils._session.exchange')
    if action is None or keeper is None or exchange is None:
        return
    action.DashboardAction.run = _timer(task, 'run', records, action.DashboardAction.run)
    action.validated = _timer(task, 'validate', records, action.validated)
    action.open_session = _timer(task, 'open', records, action.open_session)
    keeper.KeeperExchange.__call__ = _timer(task, 'request', records, keeper.KeeperExchange.__call__)
    # A request the worker sends itself: on its own connection after the keeper carried ten (carried_exchange),
    # or without a keeper (direct_exchange), in every module that took the name (HttpClient takes it from transport's
    # namespace; the session compares with its own).
    for name in ('direct_exchange', 'carried_exchange'):
        original = getattr(exchange, name)
        wrapped = _timer(task, 'own', records, original)
        for module in [module for module_name, module in sys.modules.items() if module_name.startswith(_PREFIX)]:
            if getattr(module, name, None) is original:
                setattr(module, name, wrapped)


if os.environ.get('BENCH_TIMERS'):
    _install()
