# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the worker's side of the run's session keeper.

All a task's worker needs of the keeper (see ``_keeper`` for what it is): carrying a request
through it (``KeeperExchange``, after checking that whoever serves its socket is the keeper),
starting it (``ensure_keeper``; a keeper found dead is replaced), telling it of a new session, and
the marker files that stand for it and for a logout at the run's end.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import time
from urllib.parse import urlsplit

from ansible_collections.fabricops.dashboard.plugins.module_utils._session import exchange
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import TransportError

MAX_MESSAGE = 64 * 1024 * 1024


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        # A killed process not yet reaped (a container's init may never reap it) is a zombie: dead.
        # Read as bytes, as the marker is: a text read would make each task's worker import a codec.
        with open('/proc/%d/stat' % pid, 'rb') as handle:
            return handle.read().rsplit(b')', 1)[1].split()[0] != b'Z'
    except (OSError, IndexError):
        return True


# How many requests this process has handed to the keeper (see KeeperExchange), kept with the
# process's pid: a worker is forked from a process whose count is not its own.
_HANDED = {'pid': None, 'count': 0}


class KeeperExchange:
    """Carries one exchange through the keeper; connects directly when the keeper is not there.

    A task's requests go through the keeper, whose connection is already open. A worker that
    sends more than ``OWN_CONNECTION_AFTER`` (the items of a loop, which all run in one worker,
    or the retries of ``until:``) then keeps a connection of its own for the rest: one handshake
    instead of the hop through the keeper on every later request. Measured against the emulator,
    timed inside the workers: a task's request on a new connection of its own about 8 ms (the
    handshake in a freshly forked worker, its CA file loaded), through the keeper about 2 ms, of
    which the hop is about 1 ms over a kept-alive GET (benchmarks/task_profile.py); switching once
    the hops have cost about a handshake, a short loop never pays for a handshake it cannot win
    back, and a long one pays for one (loops of 8 and 30 items with the switch after 3, 5 or 10
    requests measured alike, within the noise).
    """

    OWN_CONNECTION_AFTER = 10

    def __init__(self, socket_path, keeper_pid=None):
        self.socket_path = socket_path
        self.keeper_pid = keeper_pid
        # Whether the keeper (checked to be the marker's process) answered a request of this task:
        # then it runs, and the task need not check its marker again (see ``ensure_keeper``).
        self.answered = False

    def __call__(self, client, method, url, headers, json_body=None, params=None, timeout=None):
        """``timeout``: this request's own (see HttpClient.request), None for the client's."""
        if _HANDED['pid'] != os.getpid():
            _HANDED.update(pid=os.getpid(), count=0)
        if _HANDED['count'] >= self.OWN_CONNECTION_AFTER:
            return exchange.carried_exchange(client, method, url, headers, json_body, params, timeout)
        _HANDED['count'] += 1
        request = {'method': method, 'url': url, 'headers': headers, 'json': json_body, 'params': params,
                   'timeout': client.timeout, 'own_timeout': timeout, 'validate_certs': bool(client.validate_certs),
                   'ca_path': client.ca_path, 'handed_at': time.time()}
        channel = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        channel.settimeout((timeout or client.timeout) + 5)
        try:
            try:
                _connect(channel, self.socket_path)
            except OSError:
                return exchange.direct_exchange(client, method, url, headers, json_body, params, timeout)
            if not _is_keeper(channel, self.keeper_pid):
                _warn_stranger(self.socket_path)
                return exchange.direct_exchange(client, method, url, headers, json_body, params, timeout)
            answer = _call(channel, request, client, method, url)
            self.answered = True
        finally:
            channel.close()
        if answer.get('fallback'):
            return exchange.direct_exchange(client, method, url, headers, json_body, params, timeout)
        if 'error' in answer:
            raise TransportError(answer['error'], **answer.get('details', {}))
        return exchange.Response(answer['status'], answer['headers'], url=url, cookies=answer.get('cookies'),
                                 content=answer['content'], encoding=answer.get('encoding'))


def _connect(channel, path):
    """Connect to a Unix socket whose path may be longer than the 107 bytes AF_UNIX takes.

    Ansible's temporary directory can be deep (a long home or TMPDIR); on Linux the directory
    is reached through /proc/self/fd instead, so the path stays short.
    """
    if len(os.fsencode(path)) < 100 or not os.path.isdir('/proc/self/fd'):
        channel.connect(path)
        return
    directory = os.open(os.path.dirname(path), os.O_RDONLY)
    try:
        channel.connect('/proc/self/fd/%d/%s' % (directory, os.path.basename(path)))
    finally:
        os.close(directory)


def _is_keeper(channel, keeper_pid):
    """Whether the process at the other end of ``channel`` is the run's keeper: ours, with the pid its marker names.

    The request carries the session cookie; it goes to no other listener, whatever its socket is called.
    """
    try:
        pid, uid, _gid = struct.unpack('3i', channel.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize('3i')))
    except (AttributeError, OSError):
        return False  # no way to tell who listens: the task sends its requests itself
    return uid == os.geteuid() and keeper_pid is not None and pid == keeper_pid


def _warn_stranger(path):
    # Imported here: the keeper process imports this module too, and has no one to warn.
    from ansible.utils.display import Display  # pylint: disable=import-outside-toplevel
    Display().warning('The session keeper\'s socket %s is served by another process than the run\'s keeper; this task sent '
                      'its requests directly instead. Check who can write to Ansible\'s local_tmp.' % path)


def keeper_pid(cache, key):
    """The pid the keeper marker of ``key`` names, None while the keeper starts (or without a marker)."""
    try:
        # Bytes, not text: a task's worker is forked from a process that never looked up the
        # ascii codec, and importing it (through Ansible's collection finder) cost each task
        # about 1.4 ms (cProfile of the workers of a 40-task play).
        with open(cache.keeper_marker(key), 'rb') as handle:
            digits = handle.read().strip()
    except OSError:
        return None
    return int(digits) if digits.isdigit() else None


def _call(channel, request, client, method, url):
    try:
        channel.sendall(json.dumps(request).encode('utf-8') + b'\n')
    except OSError:
        # The keeper closed before taking the whole request: it cannot have sent it.
        return {'fallback': True}
    try:
        stream = channel.makefile('rb')
        answer = json.loads(stream.readline(MAX_MESSAGE))
        if 'length' in answer:
            # The answer's body, after the line as the dashboard sent it (see _carrier).
            length = answer.pop('length')
            if not isinstance(length, int) or not 0 <= length <= MAX_MESSAGE:
                raise ValueError('no length')
            body = stream.read(length)
            if len(body) != length:
                raise ValueError('cut off')
            answer['content'] = body  # decoded once, when the task reads it (see exchange.Response)
        return answer
    except (OSError, ValueError):
        # The keeper went away mid-request: whether the dashboard got it is unknown.
        raise TransportError('The connection to the dashboard %s was lost during %s %s.'
                             % (client.base_url, method, urlsplit(url).path)) from None


def exchange_for(cache, session):
    """The exchange a task should use for ``session``: through its keeper if one runs."""
    path = cache.keeper_socket(session.cache_key())
    return KeeperExchange(path, keeper_pid(cache, session.cache_key())) if os.path.exists(path) else None


KEEPER_MODULE = 'ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper'
# What the keeper's environment keeps of the task's: enough to run Python and reach the
# dashboard through a proxy; nothing else, so no credential from the environment comes along.
_ENVIRONMENT_KEPT = ('PATH', 'HOME', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'SSL_CERT_FILE', 'SSL_CERT_DIR',
                     'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY', 'all_proxy', 'ALL_PROXY')


def _collections_root():
    """The directory that holds ``ansible_collections`` for this collection's files."""
    here = os.path.abspath(__file__)
    for _level in range(6):  # ansible_collections/fabricops/dashboard/plugins/plugin_utils/_keeper_client.py
        here = os.path.dirname(here)
    return here


def ensure_keeper(cache, session, owner=None):
    """Start the keeper of ``session`` for this run, unless one is already running.

    The keeper is a new Python process, not a fork of the worker: it inherits none of the
    worker's memory (task variables, the password) and no credential from its environment.
    It is told only where the run's cache is, which session to keep, and whose run it is
    (``owner``: the pid of the process that owns the run; by default the parent of this task's worker).
    """
    key = session.cache_key()
    marker = cache.keeper_marker(key)
    try:
        descriptor = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if not _keeper_is_gone(cache, key):
            return False
        with cache.entry(key):
            # Under the entry's lock, so that of the tasks that notice a dead keeper only one replaces it.
            if not _keeper_is_gone(cache, key):
                return False
            _clear_after_keeper(cache, key)
            descriptor = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    orders = {
        'directory': cache.directory,
        'owner': owner or os.getppid(),  # Ansible forks each task's worker from the process that owns the run
        'session': {'host': session.nodes, 'domain': session.domain, 'username': session.username,
                    'validate_certs': session.validate_certs, 'ca_path': session.ca_path, 'timeout': session.timeout,
                    'session_timeout': session.session_timeout},
        # What the run learned of the dashboard (its release: where to log out): a short run may be over before the
        # keeper reads the cache, and the keeper would otherwise ask again.
        'facts': session.facts.as_record(),
    }
    if session.uses_api_key:
        # Never the key itself: the keeper only clears the run's cache entry, which holds it, if the run is killed.
        orders['session']['auth'] = 'api_key'
    if os.path.exists(cache.logout_marker(key)):
        # A short run may be over before the keeper reads the cache: the token it is to end comes
        # along (through the pipe, never the command line or the environment).
        orders['end_at_run_end'] = True
        orders['session']['token'] = session.token
    elif session.token and not session.run_cache.handed:
        # The same for a session the run opened for itself: ended when the run is over (see keep).
        orders['unhanded'] = True
        orders['session']['token'] = session.token
    environment = {name: os.environ[name] for name in _ENVIRONMENT_KEPT if name in os.environ}
    environment['PYTHONPATH'] = _collections_root()
    try:
        # Not waited for: it outlives this worker by design and stops on its own.
        keeper = subprocess.Popen(  # pylint: disable=consider-using-with
            [sys.executable, '-m', KEEPER_MODULE], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=environment, close_fds=True, start_new_session=True, cwd='/')
        keeper.stdin.write(json.dumps(orders).encode('utf-8'))
        keeper.stdin.close()
    except OSError:
        os.close(descriptor)
        os.unlink(marker)
        return False
    # The marker names the keeper: tasks check that whoever serves its socket is that process, and a
    # later task that finds it dead (killed) starts another.
    os.write(descriptor, str(keeper.pid).encode('ascii'))
    os.close(descriptor)
    return True


# How long a marker may name no keeper (the moment between its creation and the keeper's start).
STARTING_AT_MOST = 30.0


def _keeper_is_gone(cache, key):
    """Whether the keeper the marker of ``key`` stands for is dead (killed, say), its marker left behind."""
    pid = keeper_pid(cache, key)
    if pid is None:
        try:
            return time.time() - os.stat(cache.keeper_marker(key)).st_mtime > STARTING_AT_MOST
        except OSError:
            return False
    return not _alive(pid)


def _clear_after_keeper(cache, key):
    """Remove what a dead keeper left: its socket, its relay's directory and pointer, its marker."""
    try:
        with open(cache.relay_pointer(key), encoding='utf-8') as handle:
            relay_socket = handle.read().strip()
    except OSError:
        relay_socket = ''
    directory = os.path.dirname(relay_socket)
    # Only a directory the relay made (see _relay.Relay.start), and only one of this user's.
    if os.path.basename(directory).startswith('dashboard-relay-') and not os.path.islink(directory):
        with contextlib.suppress(OSError):
            if os.lstat(directory).st_uid == os.geteuid():
                shutil.rmtree(directory, ignore_errors=True)
    for leftover in (cache.keeper_socket(key), cache.relay_pointer(key), cache.keeper_marker(key)):
        with contextlib.suppress(OSError):
            os.unlink(leftover)


def tell_keeper(cache, key):
    """Tell the run's keeper that the session of ``key`` changed (best effort; see ``_take_news``)."""
    path = cache.keeper_socket(key)
    if not os.path.exists(path):
        return
    channel = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    channel.settimeout(5)
    try:
        _connect(channel, path)
        if _is_keeper(channel, keeper_pid(cache, key)):
            channel.sendall(b'{"news": true}\n')
            channel.makefile('rb').readline(1024)
    except OSError:
        pass
    finally:
        channel.close()


def ask_logout_at_end(cache, key):
    """Have the keeper of ``key`` end the session when the run is over (dashboard_login logout_at_end)."""
    os.close(os.open(cache.logout_marker(key), os.O_WRONLY | os.O_CREAT, 0o600))


def drop_logout_at_end(cache, key):
    """The session was ended by a task: it is not the keeper's to end when the run is over."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(cache.logout_marker(key))
