# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Benchmark helper (not part of the collection): when each task of a play started, and when the play ended.

Enabled by benchmarks/task_cost.py only. Written as JSON to the file named by BENCH_CLOCK_FILE,
so the per-task cost can be taken inside the play, without the start-up and shut-down of
ansible-playbook, which vary by more than the cost measured.
"""

from __future__ import annotations

import json
import os
import time

from ansible.plugins.callback import CallbackBase

DOCUMENTATION = """
name: task_clock
type: aggregate
short_description: Times of task starts, for benchmarks/task_cost.py
description: Records when each task starts, when each loop item's result arrives, and when the play ends, to the file named by BENCH_CLOCK_FILE.
"""


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = 'aggregate'
    CALLBACK_NAME = 'task_clock'
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self):
        super().__init__()
        self.marks = []

    def v2_playbook_on_task_start(self, task, is_conditional):
        self.marks.append([task.get_name(), time.perf_counter()])

    def v2_runner_item_on_ok(self, result):
        # A loop's items, as their results reach the main process: ['item', task name, when].
        self.marks.append(['item', result.task_name, time.perf_counter()])

    def v2_playbook_on_stats(self, stats):
        self.marks.append(['end', time.perf_counter()])
        with open(os.environ['BENCH_CLOCK_FILE'], 'w', encoding='utf-8') as handle:
            json.dump(self.marks, handle)
