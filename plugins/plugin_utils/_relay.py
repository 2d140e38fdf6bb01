# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the run's session relay, for modules of other collections.

``ansible.builtin.uri`` (and every module built on ``ansible.module_utils.urls``) can send its
HTTP request over a Unix socket (its ``unix_socket`` option). The run's session keeper (see
``_keeper``) serves plain HTTP on such a socket and relays each request to the dashboard over
HTTPS, certificate validated as the session's options say, with the run's session token as it
is at that moment (the keeper refreshes it before it expires). So a ``uri`` task reaches the
dashboard with the live session while the token never appears in its arguments, its result or
its output.

- The socket is the only way in: ``0600`` in a ``0700`` directory of its own, so only the user
  who runs the play can use it, and it is removed when the keeper stops.
- The platform's own login, refresh and logout are refused (403): the session is the run's, to
  renew and end through the collection's modules.
- ``Set-Cookie`` and hop-by-hop headers of the answer are not passed back.
- Bodies are relayed as JSON, the only body the platform and the fabric controller take.
"""

from __future__ import annotations

import http.server
import json
import os
import posixpath
import re
import shutil
import socketserver
import tempfile
import threading
from urllib.parse import parse_qsl, urlsplit

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.auth import is_auth_failure
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import dot_segment_problem
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import mask

SOCKET_NAME = 's'
MAX_BODY = 64 * 1024 * 1024
# Not passed back: cookies (the session is the relay's), and what belongs to each connection.
# A percent-encoded '/', '.' or '\\' (at any depth of encoding: %252e is %2e once decoded): a path
# that says where it goes only once a server decodes it is refused, not guessed at.
_ENCODED_SEPARATOR = re.compile(r'%(?:25)*(?:2f|2e|5c)', re.I)
_NOT_RELAYED = frozenset(('set-cookie', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'))


class _Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = False
    block_on_close = True
    relay = None


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    server_version = 'fabricops.dashboard-relay'
    sys_version = ''

    def log_message(self, format, *args):  # pylint: disable=redefined-builtin
        """Nothing of a request is logged: a query string may carry what the user would not see written down."""

    def address_string(self):
        return 'local'

    def _relay(self):
        length = self.headers.get('Content-Length')
        if self.headers.get('Transfer-Encoding'):
            status, headers, payload = _message(411, 'The session relay needs a Content-Length, not a chunked body.')
        elif length and (not length.isdigit() or int(length) > MAX_BODY):
            status, headers, payload = _message(413, 'The request body is larger than the session relay takes (64 MiB).')
        else:
            raw = self.rfile.read(int(length)) if length else b''
            status, headers, payload = self.server.relay.forward(self.command, self.path, raw)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header('Content-Length', str(len(payload)))
        self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(payload)

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _relay


def _message(status, text):
    return status, [('Content-Type', 'application/json')], json.dumps({'message': text}).encode('utf-8')


class Relay:
    """Relays requests to the dashboard of ``session`` with the token in ``cache`` at that moment."""

    def __init__(self, cache, session):
        self.cache = cache
        self.session = session
        self.key = session.cache_key()
        self.directory = self.server = None

    def forward(self, method, target, raw):
        parts = urlsplit(target)
        if _ENCODED_SEPARATOR.search(parts.path):
            return _message(400, 'The session relay does not pass on a path with a percent-encoded "/", "." or "\\"; write the '
                                 'path plainly.')
        # As it would go on the wire: '/x/../logout' is '/logout' there.
        path = posixpath.normpath(parts.path or '/') + ('/' if len(parts.path) > 1 and parts.path.endswith('/') else '')
        # Checked as the server reads it, decoded: /%6cogout is /logout there.
        if self.session.is_auth_path(path):
            return _message(403, 'The session relay does not pass %s on: the run\'s session is renewed and ended by the '
                                 'modules fabricops.dashboard.dashboard_refresh and dashboard_logout.' % path)
        if dot_segment_problem(parts.path):
            # Not resolved for the caller: a name of '..' in a path would address another object than the one named.
            return _message(400, 'The session relay does not pass on a path with a "." or ".." segment; write the path without it.')
        body = None
        if raw:
            try:
                body = json.loads(raw)
            except ValueError:
                return _message(415, 'The session relay passes JSON bodies only; send the body as JSON (body_format: json).')
        params = parse_qsl(parts.query, keep_blank_values=True)
        token = None
        # The token as the cache holds it now, kept local to this request: the keeper's own thread
        # renews the session meanwhile. Refused, it is sent once more if the cache has a newer one.
        for _try in range(2):
            previous, token = token, self._current_token()
            if not token:
                return _message(401, 'The run has no live dashboard session any more (it was logged out, or it expired); log in '
                                     'again with fabricops.dashboard.dashboard_login.')
            if token == previous:
                break
            try:
                response = self.session.send_with(token, method, path, json_body=body, params=params)
            except DashboardError as exc:
                return _message(502, mask(exc.message, [token]))
            if not is_auth_failure(response):
                break
        headers = [(name, value) for name, value in response.headers.items() if name.lower() not in _NOT_RELAYED]
        # Any token the answer holds: the one sent, one the answer sets, the run's current one.
        text = mask(response.text or '', {token, self._current_token()} | set(response.cookies.values()))
        return response.status, headers, text.encode('utf-8')

    def _current_token(self):
        with self.cache.entry(self.key) as entry:
            record = entry.load()
        return (record or {}).get('token')

    def start(self, pointer):
        """Serve on a socket in a new private directory (short: AF_UNIX paths are limited to 107 bytes).

        Its path is written to ``pointer``, where the lookup fabricops.dashboard.dashboard_relay finds it.
        """
        self.directory = tempfile.mkdtemp(prefix='dashboard-relay-')
        path = os.path.join(self.directory, SOCKET_NAME)
        old_mask = os.umask(0o177)
        try:
            self.server = _Server(path, _Handler)
        finally:
            os.umask(old_mask)
        self.server.relay = self
        threading.Thread(target=self.server.serve_forever, name='relay', daemon=True).start()
        descriptor, temporary = tempfile.mkstemp(dir=os.path.dirname(pointer), prefix='.relay-')
        with os.fdopen(descriptor, 'w', encoding='utf-8') as handle:
            handle.write(path)
        os.replace(temporary, pointer)
        return path

    def stop(self):
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
        if self.directory:
            shutil.rmtree(self.directory, ignore_errors=True)
