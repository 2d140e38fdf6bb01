# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test harness (not part of the collection): the result of the task registered as ``outcome``, written to a file.

The resource tests read the result of the task under test. A task of the play writing it (``copy``)
would cost each run a module execution, about 0.7 s of CPU, more than the task under test often
costs; this callback writes it from ansible-playbook's own process. It writes the result of each
task whose ``register`` is ``outcome`` (the last one wins), as the callbacks receive it (no_log
honoured, Ansible's internal keys left out), to the play's extra variable ``result_file``.
tests/integration/conftest.py enables it for every play it runs.

A play of several steps (the ``resource`` fixture's ``steps``) registers them as ``outcome_1``, ``outcome_2``...:
with the extra variable ``results_file``, the result of each task whose ``register`` starts with ``outcome`` goes
there, in a JSON object by register name, with the emulator's counters read just before the task starts and
just after its result came (extra variables ``counters_url`` and ``counters_ca``: the emulator's test control
GET /_emulator/counters and its CA), so that a test sees the writes of each task of the play on the wire.
"""

from __future__ import annotations

import json
import ssl
import urllib.request

from ansible.module_utils.common.json import AnsibleJSONEncoder
from ansible.plugins.callback import CallbackBase

DOCUMENTATION = """
name: task_outcome
type: aggregate
short_description: The result of the task registered as outcome, to the file named by the extra variable result_file
description: Test harness of fabricops.dashboard's integration tests; writes from ansible-playbook's process.
"""


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = 'aggregate'
    CALLBACK_NAME = 'task_outcome'
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self):
        super().__init__()
        self.path = None
        self.results_path = None
        self.counters_url = None
        self.context = None
        self.results = {}
        self.before = {}

    def v2_playbook_on_play_start(self, play):
        extra_vars = play.get_variable_manager().extra_vars
        self.path = extra_vars.get('result_file')
        self.results_path = extra_vars.get('results_file')
        self.counters_url = extra_vars.get('counters_url')
        if self.counters_url and self.context is None:
            self.context = ssl.create_default_context(cafile=extra_vars['counters_ca'])

    def counters(self):
        if not self.counters_url:
            return None
        with urllib.request.urlopen(self.counters_url, context=self.context, timeout=10) as answer:
            return json.load(answer)

    def v2_playbook_on_task_start(self, task, is_conditional):
        register = getattr(task, 'register', None) or ''
        if self.results_path and register.startswith('outcome'):
            self.before[register] = self.counters()

    def write(self, result, failed=False):
        register = getattr(result._task, 'register', None) or ''
        if self.results_path and register.startswith('outcome'):
            self.results[register] = {'result': self.data(result, failed), 'before': self.before.get(register),
                                      'after': self.counters()}
            with open(self.results_path, 'w', encoding='utf-8') as handle:
                json.dump(self.results, handle, cls=AnsibleJSONEncoder)
        if not self.path or register != 'outcome':
            return
        with open(self.path, 'w', encoding='utf-8') as handle:
            json.dump(self.data(result, failed), handle, cls=AnsibleJSONEncoder)

    def data(self, result, failed):
        # ansible-core 2.19 hands callbacks a result whose ``result`` is the cleaned dict; older ones only ``_result``.
        data = getattr(result, 'result', None)
        if not isinstance(data, dict):
            data = self._clean_results_copy(result)
        # A registered result says whether the task failed; a callback's result need not (2.19 keeps it apart).
        return dict(data, failed=failed)

    def _clean_results_copy(self, result):
        data = dict(result._result)
        self._clean_results(data, result._task.action)
        return {key: value for key, value in data.items() if not key.startswith('_ansible')}

    def v2_runner_on_ok(self, result):
        self.write(result)

    def v2_runner_on_failed(self, result, ignore_errors=False):
        self.write(result, failed=True)

    def v2_runner_on_skipped(self, result):
        self.write(result)
