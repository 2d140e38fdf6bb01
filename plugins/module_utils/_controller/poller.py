# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the one poller every wait of the collection uses, with a clock tests can replace.

A wait looks at the controller again and again until what it waits for is there, pausing between
looks (short pauses first, then longer ones), and never past its bound: the pause before a look is
cut so that the last look happens at the deadline, and that look is marked as the last one so
the caller can say what was still not done.
"""

from __future__ import annotations

import time

# The pauses of every wait of the collection: the first look a quarter of a second after what it waits for was
# asked (a deploy or a discovery the controller just accepted: done at once when it had little to do), then backing
# off to a look every 5 s.
BACKOFF = (0.25, 1, 2, 3, 5)


class Poller:
    """``pauses``: the seconds between looks, the last one repeated; ``clock`` and ``sleep`` as ``time``'s."""

    def __init__(self, pauses=BACKOFF, clock=time.monotonic, sleep=time.sleep):
        self.pauses = tuple(pauses)
        self.clock = clock
        self.sleep = sleep

    def looks(self, timeout, pause_first=False):
        """Yield once per look, ``True`` for the last one (the bound is reached); the caller stops when it is done.

        ``pause_first``: pause before the first look too (what is waited for cannot be there at once).
        """
        deadline = self.clock() + timeout
        count = 0
        while True:
            if count or pause_first:
                pause = self.pauses[min(count - (0 if pause_first else 1), len(self.pauses) - 1)]
                self.sleep(min(pause, max(0.0, deadline - self.clock())))
            count += 1
            yield self.clock() >= deadline
