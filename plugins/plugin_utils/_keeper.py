# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the run's session keeper, the process itself.

Ansible runs every task in a fresh forked worker, so without help each task would open a new
TLS connection, and a session would only be renewed when a task happens to run shortly before
it expires. Once per run and session, a small background process, the keeper, serves the run:

- it refreshes the token in the run's token cache shortly before it expires, under the cache
  lock, exactly as a task would, so a play can spend longer than a token's lifetime in tasks
  that never touch the dashboard (``keep``, here);
- it carries the tasks' requests over its own keep-alive connections (``_carrier``; a task's
  side is ``_keeper_client``), which spares each task a TLS handshake;
- it relays plain HTTP from modules of other collections (``ansible.builtin.uri`` with
  ``unix_socket``) to the dashboard with the session attached (``_relay``);
- when the run is over, it ends the session on the server if the run's dashboard_login asked
  for it (``logout_at_end``), or if the run opened the session for itself and never handed it
  to the user, also after a play that failed before its logout.

It is a fresh Python process that is never given a password (refresh needs only the token), and
it stops by itself as soon as the run ends (Ansible deletes the run's temporary directory, which
holds the cache and the socket), the ``ansible-playbook`` process that owns the run is gone, the
session is logged out, a refresh is refused, or after ``MAX_SECONDS``.
"""

from __future__ import annotations

import json
import os
import sys
import time

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError, SessionExpired
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._carrier import _Carrier
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import _alive
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache

MAX_SECONDS = 24 * 3600
TRANSIENT_PAUSE = 5.0
NAP_SECONDS = 0.05


def _run_keeper(cache, session, owner, end_at_run_end=False, unhanded=False):
    key = session.cache_key()
    socket_path = cache.keeper_socket(key)
    server = None
    try:
        # Bound by its name from inside the directory: AF_UNIX paths are limited to 107 bytes.
        os.chdir(cache.directory)
        old_mask = os.umask(0o177)
        try:
            server = _Carrier(os.path.basename(socket_path), session, on_news=lambda: _take_news(cache, session))
        finally:
            os.umask(old_mask)
    except OSError:
        server = None  # e.g. a socket path too long: tasks connect directly, refreshing still works
    # After the carrier: the first tasks after a login wait for that one, not for this. Imported
    # here, in the keeper only: every task imports this module, and http.server is not free.
    from ansible_collections.fabricops.dashboard.plugins.plugin_utils._relay import Relay  # pylint: disable=import-outside-toplevel
    relay = Relay(cache, session)
    try:
        relay.start(cache.relay_pointer(key))
    except OSError:
        relay.stop()  # ansible.builtin.uri cannot use the session then; the collection's own tasks can
    end_session = False
    try:
        end_session = keep(cache, session, owner, end_at_run_end=end_at_run_end, unhanded=unhanded)
    finally:
        # New requests connect directly from now on; those under way are finished first.
        for leftover in (socket_path, cache.keeper_marker(key), cache.relay_pointer(key)):
            try:
                os.unlink(leftover)
            except OSError:
                pass
        if server is not None:
            server.close()
        relay.stop()
    if end_session:
        _end_on_server(session)


def _take_news(cache, session):
    """A task opened a new session for the run: take it now, not at the next look, so that the run's end finds it."""
    with cache.entry(session.cache_key()) as entry:
        session.run_cache.adopt(entry.load())


def _end_on_server(session):
    """POST /logout for a run that is over (dashboard_login logout_at_end): its cache is gone, the token is not."""
    session.end(session.token)  # unreachable: the session expires on its own


def main():
    """Entry point of the keeper process (started by ``ensure_keeper``)."""
    orders = json.loads(sys.stdin.read())
    session = DashboardSession(**orders['session'])
    session.facts.take(orders.get('facts'))
    end_at_run_end = bool(orders.get('end_at_run_end'))
    if not os.path.isdir(orders['directory']):
        # The run ended before the keeper started.
        if end_at_run_end or orders.get('unhanded'):
            _end_on_server(session)
        return
    cache = TokenCache(orders['directory'], create=False)
    _run_keeper(cache, session, orders['owner'], end_at_run_end, unhanded=bool(orders.get('unhanded')))


def _refresh_if_due(session, entry, record):
    """Adopt the cached session and refresh it when a task would; the pause before the next look.

    False when the dashboard refused the refresh (the session expired or was ended there).
    """
    session.run_cache.adopt(record)
    if session.expires_in() > session.refresh_margin():
        return None
    try:
        session.refresh()
    except SessionExpired:
        return False
    except DashboardError:
        return TRANSIENT_PAUSE  # the dashboard busy or unreachable: try again a little later
    entry.save(session.run_cache.record())
    return None


def keep(cache, session, owner, clock=time.monotonic, sleep=time.sleep, end_at_run_end=False, unhanded=False):
    """Refresh the cached session whenever a task would, until the run is over.

    Returns whether the session is to be ended on the server now: the run is over (ended or
    killed) and its dashboard_login asked for it (``logout_at_end``), or the run opened it for itself
    (``unhanded``: as the task that started the keeper saw it, until the keeper reads the run's record).
    """
    started = clock()
    key = session.cache_key()
    # Whether the session the run holds was never handed to the user (see RunCache.hand_over): the run opened it
    # for its own tasks, and ends it when it is over. Before: False until the first look at the record, so a run over
    # while the keeper started (a rerun with nothing to do, 1 s) left its session live on the dashboard.
    while clock() - started < MAX_SECONDS:
        if not os.path.isdir(cache.directory):
            return end_at_run_end or unhanded  # the run ended and Ansible removed its directory
        if not _alive(owner):
            # The run was killed: Ansible could not remove its directory, so drop the token here.
            with cache.entry(key) as entry:
                entry.clear()
            return end_at_run_end or unhanded
        # Sticky: Ansible removes the run's directory file by file, the marker perhaps first. A
        # dashboard_logout task removes it too, but also the entry, which ends the keeper below.
        end_at_run_end = end_at_run_end or os.path.exists(cache.logout_marker(key))
        pause = None
        try:
            with cache.entry(key) as entry:
                record = entry.load()
                if not record and entry.was_ended():
                    return False  # a task logged out
                if not record:
                    # Ansible removes the run's directory file by file as the run ends: the entry went first.
                    return end_at_run_end or unhanded
                unhanded = not session.uses_api_key and not record.get('handed')
                if session.uses_api_key:
                    # A key does not expire; the keeper is here to clear the entry (it holds the key) if the run is killed.
                    pause = 1.0
                else:
                    pause = _refresh_if_due(session, entry, record)
                    if pause is False:
                        return False  # expired or ended on the server: the next task reports it
        except FileNotFoundError:
            return end_at_run_end or unhanded  # the directory went away under the lock: the run is over
        # Look at the record often enough to refresh in time, rarely enough to cost nothing. A session to end at the
        # run's end is looked at more often: the token to end is the one a task took last, perhaps a moment before the
        # run ended. In between, naps that notice the end of the run within NAP_SECONDS.
        _nap(cache, owner, pause or min(0.25 if unhanded else 1.0, max(0.05, session.expires_in() - session.refresh_margin()),
                                        max(0.05, session.lifetime / 12.0)), clock, sleep)


def _nap(cache, owner, seconds, clock, sleep):
    """Sleep ``seconds``, or less: until the run's directory is gone or its ``ansible-playbook`` is.

    A look every NAP_SECONDS costs a stat and a signal 0 (a few microseconds), so that the end of the run, and the
    logout of a session the run opened for itself, follow ``ansible-playbook``'s exit by a tenth of a second at most.
    """
    until = clock() + seconds
    while True:
        left = until - clock()
        if left <= 0:
            return
        sleep(min(NAP_SECONDS, left))
        if not os.path.isdir(cache.directory) or not _alive(owner):
            return


if __name__ == '__main__':
    main()
