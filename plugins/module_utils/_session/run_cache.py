# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a session's part in its run's token cache.

The many short-lived processes of one Ansible run share one session through a token cache (see
``plugin_utils/_token_cache``), one record per dashboard and account. This is what a session
keeps there and takes from there: the record (the session as tasks return it, and what only
the run needs), which record a session may take, and a record handed over to the user. When a
session logs in, renews or refuses is the session's (``session``); this only keeps the record.
"""

from __future__ import annotations

import contextlib

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import password_verifier, verifies


class _NoCacheEntry:
    def load(self):
        return None

    def save(self, record):
        pass

    def clear(self):
        pass


class RunCache:
    """What the run's cache holds of ``session``, and the session's way into it; no cache: nothing is shared.

    Beside the session itself, a record holds the password's verifier (see ``password_verifier``),
    whether the session was handed to the user (a task's result, a fact, an option given: one the
    run opened and did not hand out is the run's to end), and the run's facts (``facts``: see ``run_facts``). A record
    written by an older version, without them, is taken all the same.
    """

    def __init__(self, session, auth, token_cache=None, handed=False, keep=False):
        self._session = session
        # The session's way to authenticate (see auth): its password is what a record is checked against.
        self._auth = auth
        self._cache = token_cache
        self.verifier = None
        # keep_session: a session this object opens counts as handed out, so the run leaves it live.
        self._keep = keep
        self.handed = handed
        # The run's entry while this process holds its lock (see entry): its lock is not taken twice.
        self._held = None

    @property
    def shared(self):
        """Whether there is a run's cache to share the session through."""
        return self._cache is not None

    def record(self):
        """What the run's cache keeps of the session: ``as_dict`` and what only the run needs."""
        return dict(self._session.as_dict(), verifier=self.verifier, handed=self.handed, facts=self.facts_to_keep())

    def facts_to_keep(self):
        """The facts a record saved now holds: what this process has, under the record's as it stands (another task
        may have renewed a value since this one took it), under what this process learned or renewed itself. Called
        with the entry's lock held: every save of a record is."""
        facts = dict(self._session.facts.as_record())
        stored = (self._cache.peek(self._session.cache_key()) or {}).get('facts') if self._cache is not None else None
        if isinstance(stored, dict):
            facts.update(stored)
        facts.update(self._session.facts.changes())
        return facts

    def opened(self):
        """The session just logged in: the record names its password, and it is not handed out yet."""
        self.verifier = password_verifier(self._auth.password)
        self.handed = self._keep

    def hand_over(self):
        """The session goes to the user (a task's result): it is theirs to end, the run leaves it live."""
        if self.handed or not self._session.token:
            self.handed = True
            return
        self.handed = True
        with self.entry() as entry:
            record = entry.load()
            if record and record.get('token') == self._session.token:
                self._session.facts.take(record.get('facts'))
                entry.save(self.record())

    def trusts(self, record):
        """Whether this task may take the run's session of ``record``: without a password of its own, yes;
        with one, only when the session was opened with that very password."""
        password = self._auth.secret if self._auth.has_token else None
        return not password or verifies(password, (record or {}).get('verifier'))

    def adopt(self, record):
        """Take a newer token that another process of this run obtained, and what the run learned of the controller."""
        if not record or not self.trusts(record):
            return False
        self._session.facts.take(record.get('facts'))
        if not record.get('token'):
            return False
        if record['token'] == self._session.token:
            # The same session (a fact's token, one this process read before): what the run knows of it
            # holds, so that saving it again keeps its password's verifier and whether it was handed out.
            self.verifier = record.get('verifier')
            self.handed = bool(record.get('handed'))
        if self._session.token and (record.get('received_at') or 0) <= (self._session.received_at or 0):
            return False
        self.verifier = record.get('verifier')
        self.handed = bool(record.get('handed'))
        session = self._session
        session.token = record['token']
        session.compat_token = record.get('compat_token')
        session.received_at = float(record['received_at'])
        session.lifetime = int(record['lifetime'])
        session.usertype = record.get('usertype') or session.usertype
        session.rbac = record.get('rbac') or session.rbac
        return True

    def fresh(self):
        """Whether the run's cache holds this session with life left, read without its lock.

        The common case of every task: entries are replaced whole (written aside, then renamed),
        so a read without the lock sees one entry or the other, never half of one. Anything else
        (nothing cached, a token to renew, a newer one of our own to share) goes the locked way.
        """
        if self._cache is None:
            return False
        session = self._session
        record = self._cache.peek(session.cache_key())
        if not record or not record.get('token') or not self.trusts(record):
            return False
        if session.token and (record.get('received_at') or 0) < (session.received_at or 0):
            return False
        self.adopt(record)
        return session.token == record['token'] and session.expires_in() > session.refresh_margin()

    def take_facts(self):
        """Take what the run learned of the controller so far (its record's ``facts``), read without the lock."""
        if self._cache is None:
            return
        record = self._cache.peek(self._session.cache_key())
        if record and self.trusts(record):
            self._session.facts.take(record.get('facts'))

    def keep_key(self):
        """Keep a key session's key for this run's other tasks: in the run's private cache, never in the fact."""
        session = self._session
        with self.entry() as entry:
            entry.save({'auth': 'api_key', 'api_key': self._auth.key, 'username': session.username, 'nodes': session.nodes,
                        'facts': self.facts_to_keep()})

    def share_facts(self, facts):
        """Keep what was just learned of the controller in the run's record, for the run's later tasks."""
        if self._cache is None:
            return
        if self._held is not None:
            # Learned while this process holds the entry (the release, at a login): the lock is already ours.
            self._add_facts(self._held, facts)
            return
        with self.entry() as entry:
            self._add_facts(entry, facts)

    def _add_facts(self, entry, facts):
        record = entry.load()
        # Without a record there is nothing to add to: the session's next save carries the facts.
        if record and self.trusts(record):
            record['facts'] = dict(record.get('facts') or {}, **facts.changes())
            entry.save(record)

    def end_refused_login(self):
        """The session just opened to renew a refused one was refused as well: it serves the run no better, so it is
        ended now rather than left live on the dashboard (a task that fails this way starts no keeper to end it later).

        Only a session this task opened and never handed out; the run's record forgets it, so the next task logs in anew.
        """
        session = self._session
        if not session.token or self.handed:
            return
        refused = session.token
        with self.entry() as entry:
            record = entry.load()
            if record and record.get('token') == refused:
                entry.clear()
        session.end(refused)
        session.token = None
        session.compat_token = None

    @contextlib.contextmanager
    def entry(self):
        """The run's entry of the session, under its lock for the ``with`` block."""
        if self._cache is None:
            yield _NoCacheEntry()
            return
        with self._cache.entry(self._session.cache_key()) as entry:
            self._held = entry
            try:
                yield entry
            finally:
                self._held = None
