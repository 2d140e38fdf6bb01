# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Benchmark helper (not part of the collection): the emulator's request counters at each task's start and at the play's end.

Enabled by benchmarks/resource_vs_dcnm.py --breakdown only, so that each task's requests can be told
apart. The counters are read from the emulator's test controls (BENCH_EMULATOR_URL, its CA in
BENCH_EMULATOR_CA), which the emulator does not count; written as JSON to BENCH_COUNTS_FILE.
Standard library only: it also runs in the environment of the cisco.dcnm plays.
"""

from __future__ import annotations

import json
import os
import ssl
import urllib.request

from ansible.plugins.callback import CallbackBase

DOCUMENTATION = """
name: task_counts
type: aggregate
short_description: Emulator request counters per task, for benchmarks/resource_vs_dcnm.py
description: Reads the emulator's request counters when each task starts and when the play ends, into the file named by BENCH_COUNTS_FILE.
"""


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = 'aggregate'
    CALLBACK_NAME = 'task_counts'
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self):
        super().__init__()
        self.marks = []
        self.context = ssl.create_default_context(cafile=os.environ['BENCH_EMULATOR_CA'])

    def counts(self):
        with urllib.request.urlopen(os.environ['BENCH_EMULATOR_URL'] + '/_emulator/counters', context=self.context,
                                    timeout=30) as answer:
            requests = json.load(answer)['requests']
        # keyed as resource_vs_dcnm.request_counts keys them
        return {'%s %s' % (key, status): count for key, by_status in requests.items() for status, count in by_status.items()}

    def v2_playbook_on_task_start(self, task, is_conditional):
        self.marks.append([task.get_name(), self.counts()])

    def v2_playbook_on_stats(self, stats):
        self.marks.append(['end', self.counts()])
        with open(os.environ['BENCH_COUNTS_FILE'], 'w', encoding='utf-8') as handle:
            json.dump(self.marks, handle)
