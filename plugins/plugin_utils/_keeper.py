# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the run's session keeper.

Ansible runs every task in a fresh forked worker, so without help each task would open a new
TLS connection, and a session would only be renewed when a task happens to run shortly before
it expires. Once per run and session, a small background process, the keeper, does two things:

- it refreshes the token in the run's token cache shortly before it expires, under the cache
  lock, exactly as a task would, so a play can spend longer than a token's lifetime in tasks
  that never touch the dashboard;
- it carries the tasks' requests over its own keep-alive connections: a task hands one
  request to it over a Unix socket in the run's private directory and gets the answer back,
  which spares each task a TLS handshake. Everything else (retries, renewal after a refusal,
  errors) stays in the task; when the keeper cannot be reached the task connects itself;
- it relays plain HTTP from modules of other collections (``ansible.builtin.uri`` with
  ``unix_socket``) to the dashboard with the session attached (see ``_relay``);
- when the run is over and its dashboard_login asked for it (``logout_at_end``), it ends the
  session on the server, also after a play that failed before its logout.

It is a fresh Python process that is never given a password (refresh needs only the token),
and it stops by itself as soon as the run
ends (Ansible deletes the run's temporary directory, which holds the cache and the socket), the
``ansible-playbook`` process that owns the run is gone, the session is logged out, a refresh is
refused, or after ``MAX_SECONDS``.
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
import threading
import time

from ansible_collections.fabricops.dashboard.plugins.module_utils import _transport
from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import DashboardError, SessionExpired, TransportError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session import LOGOUT_PATH, DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache

MAX_SECONDS = 24 * 3600
TRANSIENT_PAUSE = 5.0
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
        with open('/proc/%d/stat' % pid, encoding='ascii', errors='replace') as handle:
            return handle.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except (OSError, IndexError):
        return True


# ----- the task's side -----------------------------------------------------------------------

# How many requests this process has handed to the keeper (see KeeperExchange), kept with the
# process's pid: a worker is forked from a process whose count is not its own.
_HANDED = {'pid': None, 'count': 0}


class KeeperExchange:
    """Carries one exchange through the keeper; connects directly when the keeper is not there.

    A task's requests go through the keeper, whose connection is already open. A worker that
    sends more than ``OWN_CONNECTION_AFTER`` (the items of a loop, which all run in one worker,
    or the retries of ``until:``) then keeps a connection of its own for the rest: one handshake
    instead of the hop through the keeper on every later request. Measured against the emulator
    (benchmarks/task_cost.py plays, timed per request): the handshake about 9 ms, the hop about
    0.7 ms; switching once the hops have cost about a handshake, a short loop never pays for a
    handshake it cannot win back, and a long one pays for one.
    """

    OWN_CONNECTION_AFTER = 10

    def __init__(self, socket_path, keeper_pid=None):
        self.socket_path = socket_path
        self.keeper_pid = keeper_pid

    def __call__(self, client, method, url, headers, json_body=None, params=None):
        if _HANDED['pid'] != os.getpid():
            _HANDED.update(pid=os.getpid(), count=0)
        if _HANDED['count'] >= self.OWN_CONNECTION_AFTER:
            return _transport.carried_exchange(client, method, url, headers, json_body, params)
        _HANDED['count'] += 1
        request = {'method': method, 'url': url, 'headers': headers, 'json': json_body, 'params': params,
                   'timeout': client.timeout, 'validate_certs': bool(client.validate_certs), 'ca_path': client.ca_path,
                   'handed_at': time.time()}
        channel = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        channel.settimeout(client.timeout + 5)
        try:
            try:
                _connect(channel, self.socket_path)
            except OSError:
                return _transport.direct_exchange(client, method, url, headers, json_body, params)
            if not _is_keeper(channel, self.keeper_pid):
                _warn_stranger(self.socket_path)
                return _transport.direct_exchange(client, method, url, headers, json_body, params)
            answer = _call(channel, request, client, method, url)
        finally:
            channel.close()
        if answer.get('fallback'):
            return _transport.direct_exchange(client, method, url, headers, json_body, params)
        if 'error' in answer:
            raise TransportError(answer['error'], **answer.get('details', {}))
        return _transport.Response(answer['status'], answer['headers'], answer['text'], url, answer.get('cookies'))


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
        with open(cache.keeper_marker(key), encoding='ascii') as handle:
            text = handle.read().strip()
    except (OSError, ValueError):
        return None
    return int(text) if text.isdigit() else None


def _call(channel, request, client, method, url):
    try:
        channel.sendall(json.dumps(request).encode('utf-8') + b'\n')
    except OSError:
        # The keeper closed before taking the whole request: it cannot have sent it.
        return {'fallback': True}
    try:
        reply = channel.makefile('rb').readline(MAX_MESSAGE)
        return json.loads(reply)
    except (OSError, ValueError):
        # The keeper went away mid-request: whether the dashboard got it is unknown.
        raise TransportError('The connection to the dashboard %s was lost during %s %s.'
                             % (client.base_url, method, _transport.urlsplit(url).path)) from None


def exchange_for(cache, session):
    """The exchange a task should use for ``session``: through its keeper if one runs."""
    path = cache.keeper_socket(session.cache_key())
    return KeeperExchange(path, keeper_pid(cache, session.cache_key())) if os.path.exists(path) else None


# ----- the keeper's side ---------------------------------------------------------------------

class _Carrier:
    """The keeper's Unix socket: threads that each take the next task's request themselves.

    Each thread waits in ``accept`` on the listening socket, so a request is served by the thread
    the kernel wakes for it, with no hand-over from an accepting thread to a new one: on a machine
    whose CPUs idle between tasks, every wake-up on the way costs the task time. When the last
    waiting thread takes a request, another one is started, so requests never queue behind a long
    one (up to ``MAX_THREADS``; beyond that, see ``QUEUED_AT_MOST``).
    """

    THREADS = 4
    MAX_THREADS = 256
    # A request that waited longer than this for a thread is handed back to its task, which sends
    # it itself: the task stops waiting after its timeout (plus 5 s), and a write must never go out
    # after the task has reported that it does not know whether it landed.
    QUEUED_AT_MOST = 5.0

    def __init__(self, name, session, on_news=None):
        self._session = session
        self._on_news = on_news
        self._stopping = False
        self._busy = 0
        self._waiting = 0
        self._threads = 0
        self._idle = threading.Condition()
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._listener.bind(name)
            self._listener.listen(128)
        except OSError:
            self._listener.close()
            raise
        with self._idle:
            for _number in range(self.THREADS):
                self._start_thread()

    def _start_thread(self):
        """One more thread waiting in accept (called with ``_idle`` held)."""
        self._threads += 1
        self._waiting += 1
        # Daemons: one still waiting in accept when the keeper exits has nothing under way.
        threading.Thread(target=self._serve_forever, name='carrier-%d' % self._threads, daemon=True).start()

    def _serve_forever(self):
        while True:
            try:
                channel, _address = self._listener.accept()
            except OSError:
                return  # closed
            with self._idle:
                self._waiting -= 1
                stopping = self._stopping
                if not stopping:
                    self._busy += 1
                    if not self._waiting and self._threads < self.MAX_THREADS:
                        self._start_thread()
            with channel:
                try:
                    self._serve_one(channel, stopping)
                except Exception:  # pylint: disable=broad-exception-caught
                    pass  # the task reports what it saw; this thread must go on serving the others
            if stopping:
                return
            with self._idle:
                self._busy -= 1
                self._waiting += 1
                self._idle.notify_all()

    def _serve_one(self, channel, stopping):
        try:
            # Read whole even when it is handed back: the task's send then completes.
            request = json.loads(channel.makefile('rb').readline(MAX_MESSAGE))
        except ValueError:
            return
        if isinstance(request, dict) and request.get('news') and not stopping:
            if self._on_news is not None:
                self._on_news()
            answer = {'taken': True}
        elif stopping or not isinstance(request, dict) or time.time() - (request.get('handed_at') or 0) > self.QUEUED_AT_MOST:
            answer = {'fallback': True}  # the task sends it itself
        else:
            answer = _serve(self._session, request)
        channel.sendall(json.dumps(answer).encode('utf-8') + b'\n')

    def close(self):
        """Stop taking requests; those under way are finished first (one may be a write)."""
        with self._idle:
            self._stopping = True
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # on Linux, wakes the threads waiting in accept
        except OSError:
            pass
        self._listener.close()
        with self._idle:
            while self._busy:
                self._idle.wait()


def _serve(session, request):
    client = session.http
    # Any node of the cluster: the task may have failed over to another node than the keeper's.
    node = next((node for node in client.nodes if _transport.same_origin(request.get('url', ''), node)), None)
    same = request.get('validate_certs') == bool(client.validate_certs) and request.get('ca_path') == client.ca_path and node
    if not same:
        return {'fallback': True}  # other TLS settings or another host: the task connects itself
    carrier = _transport.HttpClient(node, client.validate_certs, client.ca_path, timeout=request.get('timeout') or client.timeout)
    try:
        response = _transport.carried_exchange(carrier, request['method'], request['url'], request['headers'],
                                               request.get('json'), request.get('params'))
    except TransportError as exc:
        return {'error': exc.message, 'details': exc.details}
    except Exception:  # pylint: disable=broad-exception-caught
        # Nothing was sent (a CA file that cannot be read, a header http.client refuses...): the
        # task sends it itself, where the same cause gets the message it deserves.
        return {'fallback': True}
    return {'status': response.status, 'headers': dict(response.raw_headers()), 'text': response.text, 'cookies': response.cookies}


KEEPER_MODULE = 'ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper'
# What the keeper's environment keeps of the task's: enough to run Python and reach the
# dashboard through a proxy; nothing else, so no credential from the environment comes along.
_ENVIRONMENT_KEPT = ('PATH', 'HOME', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'SSL_CERT_FILE', 'SSL_CERT_DIR',
                     'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY', 'all_proxy', 'ALL_PROXY')


def _collections_root():
    """The directory that holds ``ansible_collections`` for this collection's files."""
    here = os.path.abspath(__file__)
    for _level in range(6):  # ansible_collections/fabricops/dashboard/plugins/plugin_utils/_keeper.py
        here = os.path.dirname(here)
    return here


def ensure_keeper(cache, session):
    """Start the keeper of ``session`` for this run, unless one is already running.

    The keeper is a new Python process, not a fork of the worker: it inherits none of the
    worker's memory (task variables, the password) and no credential from its environment.
    It is told only where the run's cache is, which session to keep, and whose run it is.
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
        'owner': os.getppid(),  # Ansible forks each task's worker from the process that owns the run
        'session': {'host': session.nodes, 'domain': session.domain, 'username': session.username,
                    'validate_certs': session.validate_certs, 'ca_path': session.ca_path, 'timeout': session.timeout,
                    'session_timeout': session.session_timeout},
    }
    if session.uses_api_key:
        # Never the key itself: the keeper only clears the run's cache entry, which holds it, if the run is killed.
        orders['session']['auth'] = 'api_key'
    if os.path.exists(cache.logout_marker(key)):
        # A short run may be over before the keeper reads the cache: the token it is to end comes
        # along (through the pipe, never the command line or the environment).
        orders['end_at_run_end'] = True
        orders['session']['token'] = session.token
    elif session.token and not session.handed:
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


def _run_keeper(cache, session, owner, end_at_run_end=False):
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
        end_session = keep(cache, session, owner, end_at_run_end=end_at_run_end)
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
        session.adopt(entry.load())


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


def _end_on_server(session):
    """POST /logout for a run that is over (dashboard_login logout_at_end): its cache is gone, the token is not."""
    try:
        session.http.request('POST', LOGOUT_PATH, token=session.token, retry=False)
    except DashboardError:
        pass  # unreachable now: the session expires on its own


def main():
    """Entry point of the keeper process (started by ``ensure_keeper``)."""
    orders = json.loads(sys.stdin.read())
    session = DashboardSession(**orders['session'])
    end_at_run_end = bool(orders.get('end_at_run_end'))
    if not os.path.isdir(orders['directory']):
        # The run ended before the keeper started.
        if end_at_run_end or orders.get('unhanded'):
            _end_on_server(session)
        return
    cache = TokenCache(orders['directory'], create=False)
    _run_keeper(cache, session, orders['owner'], end_at_run_end)


def _refresh_if_due(session, entry, record):
    """Adopt the cached session and refresh it when a task would; the pause before the next look.

    False when the dashboard refused the refresh (the session expired or was ended there).
    """
    session.adopt(record)
    if session.expires_in() > session.refresh_margin():
        return None
    try:
        session.refresh()
    except SessionExpired:
        return False
    except DashboardError:
        return TRANSIENT_PAUSE  # the dashboard busy or unreachable: try again a little later
    entry.save(session.cache_record())
    return None


def _run_is_over(cache, owner, sleep):
    """Whether an entry that vanished went with its run, not with a logout.

    Ansible removes the run's directory file by file as the run ends, so the entry may be gone a
    moment before the directory is; a logout of a task leaves the directory in place.
    """
    sleep(0.2)
    return not os.path.isdir(cache.directory) or not _alive(owner)


def keep(cache, session, owner, clock=time.monotonic, sleep=time.sleep, end_at_run_end=False):
    """Refresh the cached session whenever a task would, until the run is over.

    Returns whether the session is to be ended on the server now: the run is over (ended or
    killed) and its dashboard_login asked for it (``logout_at_end``).
    """
    started = clock()
    key = session.cache_key()
    # Whether the session the run holds was never handed to the user (see DashboardSession.hand_over):
    # the run opened it for its own tasks, and ends it when it is over.
    unhanded = False
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
                if not record and not _run_is_over(cache, owner, sleep):
                    return False  # logged out
                if not record:
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
        # Poll often enough to notice the end of the run quickly, rarely enough to cost nothing.
        # A session to end at the run's end is looked at more often: the token to end is the one a task
        # took last, perhaps a moment before the run ended.
        sleep(pause or min(0.25 if unhanded else 1.0, max(0.05, session.expires_in() - session.refresh_margin()),
                           max(0.05, session.lifetime / 12.0)))


if __name__ == '__main__':
    main()
