# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the run's facts: what tasks learn of the controller and of a fabric, learned once per run.

A fact about the fabric controller that tasks need is learned once per run: the first task that
needs it asks the controller, and the answer travels with the run's session record (see
``run_cache``), so that the run's later tasks, each in a worker process of its own, have it
without a request. Kept here: whether the controller takes bulk updates of VRFs and networks
(``top_down_bulk_update``, learned by the run's first update), the dashboard's release (``platform_release``, learned
before the run's first login, which it decides the path of; see ``release``) and, per fabric, what a task read of it
that the run's later tasks would otherwise read again, until a task of the run changes it: its switches
(``fabric_switches/<fabric>``, see ``switch_directory``) and its VNI and VLAN ranges (``fabric_ranges/<fabric>``, see
``overlay.checks``), through ``ControllerClient.keep_fabric_fact``; None once a task forgot it. A caller reaches it as
``DashboardSession.facts``.

Values are JSON (strings, numbers, booleans, None, lists and dicts of them): the run's record is
a JSON file.
"""

from __future__ import annotations

import json


class RunFacts:
    """The run's fact cache: named facts about the fabric controller and the fabrics a task read, each learned at most once
    per run (see ``learn``) and renewed when a task of the run changes it (see ``renew``).

    ``on_learn`` is called with this object after each new value, so that the run's later tasks
    find it (the session shares it through the run's cache).
    """

    def __init__(self, known=None, on_learn=None):
        self._known = {}
        # The names this process learned or renewed, as opposed to taken from the run's record: the only ones it
        # writes back over the record's (see changes)
        self._changed = set()
        self._on_learn = on_learn
        self.take(known)

    def learn(self, name, compute):
        """The value of ``name``: the one learned earlier in this run, else what ``compute()`` returns, then kept.

        ``compute`` is called at most once per run for a name (several worker processes may
        race to be first; each gets the same answer from the controller). A value that is not
        JSON is a TypeError. The value is shared: a caller that wants to change it copies it.
        """
        if name not in self._known:
            # Through JSON at once: this task then uses what a later task reads back from the record.
            self._known[name] = json.loads(json.dumps(compute()))
            self._changed.add(name)
            if self._on_learn is not None:
                self._on_learn(self)
        return self._known[name]

    def renew(self, name, value):
        """Replace what the run learned under ``name`` by ``value`` (a fabric's facts read again, or None once a task
        changed them: ``ControllerClient.keep_fabric_fact``), and share it as ``learn`` does. A worker process that
        took the old value keeps it (see ``take``): only for what a run may take as it last read it."""
        self._known[name] = json.loads(json.dumps(value))
        self._changed.add(name)
        if self._on_learn is not None:
            self._on_learn(self)
        return self._known[name]

    def changes(self):
        """The values this process learned or renewed: what it writes over the run's record. A value it only took from
        the record may be older than the record's by now (a later task renewed it), so it is not written back."""
        return {name: self._known[name] for name in self._changed}

    def known(self, name):
        """The value learned for ``name`` in this run; None when it was not learned yet."""
        return self._known.get(name)

    def take(self, known):
        """Add the values of a run record's ``facts`` (absent from a record of an older version: nothing to add).

        A value this process already has stays: what a task used once does not change under it.
        """
        if isinstance(known, dict):
            for name, value in known.items():
                self._known.setdefault(name, value)

    def as_record(self):
        """What the run's record keeps: a JSON object of the values learned."""
        return dict(self._known)

    def __contains__(self, name):
        return name in self._known
