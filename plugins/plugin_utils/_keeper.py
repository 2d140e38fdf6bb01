# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: keeps a run's session alive between tasks.

Tasks renew a session that is close to expiry before they use it, but a play can spend longer
than a token's lifetime in tasks that never touch the dashboard (a long wait, a firmware
upgrade); the next dashboard task would then find the token expired. So, once per run and
session, a small background process refreshes the token in the run's token cache shortly
before it expires, under the cache lock, exactly as a task would.

It holds no password (refresh needs only the token), and it stops by itself as soon as the run
ends (Ansible deletes the run's temporary directory, which holds the cache), the
``ansible-playbook`` process that owns the run is gone, the session is logged out, a refresh is
refused, or after ``MAX_SECONDS``.
"""

from __future__ import annotations

import os
import time

from ansible_collections.fabricops.dashboard.plugins.module_utils import _transport
from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import DashboardError

MAX_SECONDS = 24 * 3600


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def ensure_keeper(cache, session):
    """Start the keeper of ``session`` for this run, unless one is already running."""
    marker = cache.keeper_marker(session.cache_key())
    owner = os.getppid()  # Ansible forks each task's worker from the process that owns the run
    try:
        descriptor = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    os.close(descriptor)
    child = os.fork()
    if child:
        os.waitpid(child, 0)
        return True
    # Double fork: the keeper is adopted by init and never becomes a zombie of the worker.
    try:
        os.setsid()
        if os.fork():
            os._exit(0)  # pylint: disable=protected-access
        _detach_stdio()
        _transport.forget_connections()  # the worker's TLS connections must stay the worker's
        keep(cache, session, owner)
    finally:
        try:
            os.unlink(marker)
        except OSError:
            pass
        os._exit(0)  # pylint: disable=protected-access


def _detach_stdio():
    null = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(null, descriptor)
    os.close(null)


def keep(cache, session, owner, clock=time.monotonic, sleep=time.sleep):
    """Refresh the cached session whenever a task would, until the run is over."""
    started = clock()
    key = session.cache_key()
    while clock() - started < MAX_SECONDS:
        if not os.path.isdir(cache.directory) or not _alive(owner):
            return
        with cache.entry(key) as entry:
            record = entry.load()
            if not record:
                return  # logged out
            session.adopt(record)
            if session.expires_in() <= session.refresh_margin():
                try:
                    session.refresh()
                except DashboardError:
                    return  # expired or ended on the server: the next task reports it
                entry.save(session.as_dict())
        # Poll often enough to notice the end of the run quickly, rarely enough to cost nothing.
        sleep(min(1.0, max(0.05, session.expires_in() - session.refresh_margin()), max(0.05, session.lifetime / 12.0)))
