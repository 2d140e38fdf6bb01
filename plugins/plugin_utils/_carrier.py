# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the session keeper's carrier, the Unix socket server that carries the tasks' requests.

A task hands one request (see ``_keeper_client.KeeperExchange``) and gets the answer back, carried
over the keeper's open connections; a task's news of a new session is passed to the keeper.
"""

from __future__ import annotations

import json
import socket
import threading
import time

from ansible_collections.fabricops.dashboard.plugins.module_utils._session import exchange
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import TransportError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import HttpClient
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import MAX_MESSAGE


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
        # The body goes after the line as the dashboard sent it, its length and encoding in the line:
        # never decoded here, it is decoded once, in the task (inside the JSON line it would be
        # escaped here and unescaped there, two more passes over a body of megabytes).
        body = answer.pop('content') if 'content' in answer else b''
        if 'status' in answer:
            answer['length'] = len(body)
        channel.sendall(json.dumps(answer).encode('utf-8') + b'\n' + body)

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
    # Any node of the cluster: the task may have failed over to another node than the keeper's.
    node = next((node for node in session.nodes if exchange.same_origin(request.get('url', ''), node)), None)
    same = request.get('validate_certs') == bool(session.validate_certs) and request.get('ca_path') == session.ca_path and node
    if not same:
        return {'fallback': True}  # other TLS settings or another host: the task connects itself
    client = HttpClient(node, session.validate_certs, session.ca_path, timeout=request.get('timeout') or session.timeout)
    try:
        # own_timeout: the request's own bound, when the task gave it one (a deploy the controller answers once done)
        response = exchange.carried_exchange(client, request['method'], request['url'], request['headers'],
                                             request.get('json'), request.get('params'), request.get('own_timeout'))
    except TransportError as exc:
        return {'error': exc.message, 'details': exc.details}
    except Exception:  # pylint: disable=broad-exception-caught
        # Nothing was sent (a CA file that cannot be read, a header http.client refuses...): the
        # task sends it itself, where the same cause gets the message it deserves.
        return {'fallback': True}
    return {'status': response.status, 'headers': dict(response.raw_headers()), 'content': response.content,
            'encoding': response.encoding, 'cookies': response.cookies}
