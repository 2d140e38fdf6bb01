# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the session tokens one Ansible run shares between its workers.

Ansible runs every task of every host in a fresh forked worker, so nothing a task learns stays
in memory for the next one. To log in once per run instead of once per host, and to let a
token renewed by one task reach the tasks after it, workers share one small JSON file per
(dashboard, login domain, account):

- it lives in Ansible's own per-run local temporary directory (``DEFAULT_LOCAL_TMP``, created
  0700 by the main ``ansible-playbook`` process and deleted by it when the run ends), so it is
  private to this run and removed with it;
- the file is created 0600, written atomically (write + rename), and every read-decide-renew
  sequence holds an exclusive ``flock`` on a lock file beside it, so concurrent workers
  serialise their logins and refreshes instead of racing;
- it holds the session token and its timing, never a password; for an API-key session (which has
  no token) it holds the key, so that the run's later tasks need not be given it again.

The session fact may hold a *reference* to an entry instead of the token (see
``TokenCache.reference``): the fact can then be written to a persistent fact cache, and what
lands there is useless once this run's directory is gone.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import stat
import tempfile

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError, NoSessionGiven

# Short: the keeper's Unix socket lives here too, and socket paths are limited to 107 bytes.
CACHE_DIR_NAME = 'fabricops.dashboard'
# What a session fact holds in place of its token when facts may be persisted; the digest
# names the entry of this run that holds the token.
REFERENCE_PREFIX = 'fabricops.dashboard:run-private-session:'
_REFERENCE = re.compile(re.escape(REFERENCE_PREFIX) + r'([0-9a-f]{16})\Z')


def is_reference(value):
    return isinstance(value, str) and value.startswith(REFERENCE_PREFIX)


def _check_private(directory):
    """A directory found in place may have been made by someone else: it must be a directory of this user
    (not a symlink to one), which no one else can read or write."""
    try:
        info = os.lstat(directory)
    except OSError as exc:
        raise UnsafeDirectory('The token cache directory %s cannot be read (%s).' % (directory, exc.strerror)) from None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o077:
        raise UnsafeDirectory(
            'The token cache directory %s is not private to this user (a symlink, another owner, or open to others: mode '
            '%o); the session is not shared through it, so each task logs in itself. Check who can write to Ansible\'s '
            'local_tmp.' % (directory, stat.S_IMODE(info.st_mode)))


def find_session_fact(variables, fact_name):
    """The session fact among a host's variables: the variable itself, or under ``ansible_facts``.

    With INJECT_FACTS_AS_VARS off (its injected form is deprecated from ansible-core 2.20) the
    fact exists only under ``ansible_facts``.
    """
    if not variables:
        return None
    fact = variables.get(fact_name)
    if not fact:
        facts = variables.get('ansible_facts')
        fact = facts.get(fact_name) if isinstance(facts, dict) else None
    return fact


class _Entry:
    def __init__(self, path):
        self._path = path

    def load(self):
        try:
            with open(self._path, encoding='utf-8') as handle:
                record = json.load(handle)
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) else None

    def _ended_marker(self):
        return self._path + '.ended'

    def save(self, record):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._ended_marker())  # a session again, after a logout
        directory = os.path.dirname(self._path)
        descriptor, temporary = tempfile.mkstemp(dir=directory, prefix='.session-')
        try:
            with os.fdopen(descriptor, 'w', encoding='utf-8') as handle:
                json.dump(record, handle)
            os.replace(temporary, self._path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def clear(self):
        """Forget the session: a task ended it (or the run is killed). A marker says so to the keeper, which
        otherwise takes a vanished entry for the end of the run (Ansible removing the run's directory)."""
        with open(self._ended_marker(), 'w', encoding='utf-8'):
            pass
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._path)

    def was_ended(self):
        """Whether the entry is gone because a task ended its session (``clear``), not because the run is over."""
        return os.path.exists(self._ended_marker())


class UnsafeDirectory(DashboardError):
    """The cache directory exists and is not private to this user: it is not used."""


class TokenCache:
    """Per-run shared session tokens in ``directory`` (made 0700 if missing)."""

    def __init__(self, directory, create=True):
        self.directory = directory
        if create:
            # Only the last level: the run's own directory must exist already (Ansible made it 0700).
            try:
                os.mkdir(directory, 0o700)
            except FileExistsError:
                _check_private(directory)

    @classmethod
    def for_this_run(cls, local_tmp):
        return cls(os.path.join(local_tmp, CACHE_DIR_NAME))

    @staticmethod
    def _digest(key):
        return hashlib.sha256('\0'.join(key).encode('utf-8')).hexdigest()[:16]

    def _path(self, key):
        return os.path.join(self.directory, self._digest(key))

    def reference(self, key):
        """A stand-in for the token of ``key``: only a worker of this run can turn it back into the token."""
        return REFERENCE_PREFIX + self._digest(key)

    def resolve(self, reference):
        """The entry a reference stands for, or None once the session was ended or its run is over."""
        match = _REFERENCE.match(reference) if isinstance(reference, str) else None
        if not match:
            return None
        path = os.path.join(self.directory, match.group(1))
        descriptor = os.open(path + '.lock', os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH)
            return _Entry(path + '.json').load()
        finally:
            os.close(descriptor)

    def resolve_session(self, session, where, may_login):
        """A session dict whose token may be a reference, with this run's live token in its place.

        A reference to a session that is over (ended, or from a run that is over) leaves a session
        without a token when the task may log in; otherwise it is ``NoSessionGiven``, which
        dashboard_logout takes as nothing to end.
        """
        if not isinstance(session, dict) or not is_reference(session.get('token')):
            return session
        record = self.resolve(session['token'])
        if record and record.get('token'):
            return dict(session, **{name: record.get(name) for name in ('token', 'compat_token', 'received_at', 'lifetime')})
        if not may_login:
            raise NoSessionGiven(
                '%s refers to the session of a run that is over, or that was logged out: a fact cache that keeps facts between '
                'runs holds such a reference instead of the token. Run fabricops.dashboard.dashboard_login earlier in this play, '
                'or give username and password.' % where)
        return dict(session, token=None, compat_token=None)

    def entry_path(self, key):
        """The file that holds the record of ``key`` (see ``entry``)."""
        return self._path(key) + '.json'

    def keeper_marker(self, key):
        """Exists while the background keeper of ``key`` runs (see ``_keeper``)."""
        return self._path(key) + '.keeper'

    def relay_pointer(self, key):
        """Holds the path of the keeper's HTTP relay socket for ``key`` (see ``_relay``) while it serves."""
        return self._path(key) + '.relay'

    def logout_marker(self, key):
        """Exists when the session of ``key`` is to be ended when the run ends (dashboard_login logout_at_end)."""
        return self._path(key) + '.logout'

    def keeper_socket(self, key):
        """Where the keeper of ``key`` takes requests to carry over its open connections."""
        return self._path(key) + '.sock'

    def peek(self, key):
        """The record of ``key`` as it stands, read without the lock (entries are replaced whole), or None."""
        return _Entry(self.entry_path(key)).load()

    @contextlib.contextmanager
    def entry(self, key):
        """The entry for ``key``, held under an exclusive lock for the ``with`` block."""
        path = self._path(key)
        descriptor = os.open(path + '.lock', os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield _Entry(self.entry_path(key))
        finally:
            os.close(descriptor)
