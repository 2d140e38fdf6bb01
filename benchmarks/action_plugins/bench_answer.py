# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Benchmark helper (not part of the collection): the floor of benchmarks/task_cost.py.

Returns, as ``json``, the answer saved in the file named by its ``file`` option, parsed. No
request, no session, no check: what is left of a task that returns that answer is Ansible's own
cost of a task and of a result that size (the worker, the result's trip to the main process, the
registered variable and the callbacks), which no action plugin can go below.
"""

from __future__ import annotations

import json

from ansible.plugins.action import ActionBase


class ActionModule(ActionBase):

    TRANSFERS_FILES = False
    _requires_connection = False

    def run(self, tmp=None, task_vars=None):
        super().run(tmp, task_vars)
        with open(self._task.args['file'], 'rb') as handle:
            return {'changed': False, 'status': 200, 'json': json.loads(handle.read())}
