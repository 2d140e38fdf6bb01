# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the wire to the dashboard, all the session keeper needs.

One TLS context and one keep-alive connection pool per process and dashboard, so the items of a
``loop:`` share one TLS connection; the pools are dropped in a forked child (see
``_forget_connections``). Two exchanges carry one request and its answer, with neither retry nor
redirect: ``direct_exchange`` (requests) and ``carried_exchange`` (urllib3 alone, cheaper per
request). Their failures are worded here, the same whichever process carried them. Cookies are
never kept: the caller attaches the AuthCookie per request.

One concern, one file, though over 400 lines: the two exchanges, the TLS contexts and pools they share and the wording
of their failures change together (a request must fail in the same words whichever carried it), and what stands
apart (retries and failover: transport; the session: session) has its own module already.
"""

from __future__ import annotations

import json
import os
import re
import ssl
import socket
import threading
import warnings
from urllib.parse import urlsplit

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError, TransportError

try:
    import requests
    import urllib3
    from requests.adapters import HTTPAdapter
    from urllib3.exceptions import InsecureRequestWarning
    HAS_REQUESTS = True
    REQUESTS_IMPORT_ERROR = None
except ImportError as _import_error:  # pragma: no cover - reported by the front ends
    HAS_REQUESTS = False
    REQUESTS_IMPORT_ERROR = _import_error
    HTTPAdapter = object
    InsecureRequestWarning = Warning


class Response:
    """What a front end needs of an answer: status, headers without cookies, parsed body.

    Made from the answer's ``content`` (bytes, as received) and the ``encoding`` its headers name,
    or from its ``text``. The bytes are decoded on first use of ``text`` and parsed on first use of
    ``json``: the keeper passes answers on as bytes without ever decoding them, and a task decodes
    and parses each answer once.
    """

    def __init__(self, status, headers, text=None, url=None, cookies=None, content=None, encoding=None):
        self.status = status
        self._raw_headers = headers
        self._by_lower_name = {name.lower(): value for name, value in headers.items()}
        self.headers = {name: value for name, value in headers.items() if name.lower() != 'set-cookie'}
        self._text = text
        self._content = content
        self.encoding = encoding if text is None else 'utf-8'
        self.url = url
        self.cookies = cookies or {}
        self._parsed = None

    @property
    def text(self):
        """The body as text, decoded as requests decodes it (``Response.text``)."""
        if self._text is None:
            self._text = decoded(self._content, self.encoding)
        return self._text

    @property
    def content(self):
        """The body as bytes: as received, or the text encoded in UTF-8."""
        if self._content is None:
            self._content = (self._text or '').encode('utf-8', 'surrogatepass')
        return self._content

    def _parse(self):
        # On first use only: the keeper hands answers on without ever reading them.
        if self._parsed is None:
            try:
                self._parsed = (json.loads(self.text), True) if self.text else (None, False)
            except ValueError:
                self._parsed = (None, False)
        return self._parsed

    @property
    def json(self):
        """The parsed JSON body, None when the body is empty or not JSON."""
        return self._parse()[0]

    @property
    def is_json(self):
        return self._parse()[1]

    def raw_headers(self):
        """Every header as received, Set-Cookie included (for carrying the answer between processes)."""
        return self._raw_headers

    def header(self, name):
        """A header by name, whatever its case."""
        return self._by_lower_name.get(name.lower())

    @property
    def body(self):
        return self.json if self.is_json else self.text


def decoded(content, encoding):
    """``content`` as text, as requests' ``Response.text`` gives it: in ``encoding`` (from the headers), else in the
    encoding requests guesses, undecodable bytes replaced."""
    if not content:
        return ''
    if encoding is None:
        guess = requests.models.Response()
        guess._content = content  # pylint: disable=protected-access
        return guess.text
    try:
        return str(content, encoding, errors='replace')
    except (LookupError, TypeError):
        return str(content, errors='replace')


def _set_cookies(values):
    """Cookies the dashboard set (``values``: its Set-Cookie headers), by name (kept apart from headers, never returned to users)."""
    cookies = {}
    for value in values:
        name, sep, rest = value.partition('=')
        if sep:
            cookies[name.strip()] = rest.split(';', 1)[0].strip()
    return cookies


def same_origin(url, base_url):
    return origin(url) == origin(base_url)


def origin(url):
    parts = urlsplit(url)
    return parts.scheme.lower(), (parts.hostname or '').lower(), parts.port or 443


class _SharedContextAdapter(HTTPAdapter):
    """Hands urllib3 our TLS context and stops requests from loading CA files per connection."""

    def __init__(self, ssl_context, **kwargs):
        self._ssl_context = ssl_context
        super().__init__(**kwargs)

    def init_poolmanager(self, *args, **kwargs):
        kwargs['ssl_context'] = self._ssl_context
        super().init_poolmanager(*args, **kwargs)

    def cert_verify(self, conn, url, verify, cert):
        """Verification is configured once, in the shared context."""

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(request, verify, cert)
        pool_kwargs.pop('ca_certs', None)
        pool_kwargs.pop('ca_cert_dir', None)
        return host_params, pool_kwargs


_LOCK = threading.Lock()
_TLS_CONTEXTS = {}
_POOLS = {}
_CARRIER_POOLS = {}  # urllib3 alone, see carried_exchange


def _forget_connections():
    """In a forked child: the parent's open connections are the parent's.

    A child that took one from an inherited pool would write on the parent's TLS stream, and
    two processes writing one stream corrupt it. Ansible forks its workers from the main
    process, which may hold connections (an inventory or a lookup of this collection), and a
    worker keeps connections of its own (a loop's items). The child drops the pools and opens
    its own: dropping closes only the child's copies of the sockets (a plain close, no TLS
    close_notify, no shutdown), which leaves the parent's connections as they are. The lock is
    made anew, in case another thread of the parent held it at the fork.
    """
    global _LOCK  # pylint: disable=global-statement
    _LOCK = threading.Lock()
    _POOLS.clear()
    _CARRIER_POOLS.clear()


os.register_at_fork(after_in_child=_forget_connections)
# OpenSSL loads its configuration the first time a process makes a TLS context, which costs
# milliseconds. Ansible imports this module in its main process and forks a worker per task, so
# doing it once here, at import, spares every task that cost.
_OPENSSL_INITIALISED = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)


def tls_context(validate_certs=True, ca_path=None):
    """The process-wide TLS context for these settings (loading CA files is not free)."""
    key = (bool(validate_certs), ca_path)
    with _LOCK:
        context = _TLS_CONTEXTS.get(key)
        if context is None:
            try:
                context = ssl.create_default_context(cafile=ca_path)
            except (OSError, ssl.SSLError) as exc:
                raise ConfigurationError('Cannot load the CA bundle %s (%s); ca_path must name a PEM file of the CA '
                                         'certificates that signed the dashboard certificate.' % (ca_path, exc.strerror or exc)) from None
            if not validate_certs:
                # Only ever on the user's explicit validate_certs=false; the front ends warn about it.
                context.check_hostname = False
                context.verify_mode = ssl.CERT_NONE
            _TLS_CONTEXTS[key] = context
        return context


def _pool(base_url, validate_certs, ca_path):
    key = (origin(base_url), bool(validate_certs), ca_path)
    with _LOCK:
        session = _POOLS.get(key)
    if session is None:
        session = requests.Session()
        # Proxies from the environment (HTTPS_PROXY, NO_PROXY) are looked up once, not per
        # request; trust_env off also keeps requests from reading ~/.netrc for credentials.
        session.proxies = requests.utils.get_environ_proxies(base_url)
        session.trust_env = False
        # The AuthCookie is attached by hand per request: a cookie jar would replay whatever
        # Set-Cookie it saw, to whatever host matched.
        session.cookies.set_policy(_RefuseCookies())
        session.mount('https://', _SharedContextAdapter(tls_context(validate_certs, ca_path), pool_maxsize=16))
        with _LOCK:
            session = _POOLS.setdefault(key, session)
    return session


if HAS_REQUESTS:
    import http.cookiejar

    class _RefuseCookies(http.cookiejar.DefaultCookiePolicy):
        def set_ok(self, cookie, request):
            return False

        def return_ok(self, cookie, request):
            return False


def direct_exchange(client, method, url, headers, json_body=None, params=None, timeout=None):
    """One HTTP exchange from this process, on its keep-alive pool; no retry, no redirect.

    ``timeout``: seconds for connecting and for the answer, this request's own; the client's when None.
    """
    path = urlsplit(url).path
    own_timeout, timeout = timeout, timeout or client.timeout
    try:
        with warnings.catch_warnings():
            if not client.validate_certs:
                # urllib3 would warn on every request through the warnings module, that is on the
                # worker's stderr, which Ansible then reports as stray output; the front end already
                # warns once per task that validation is off.
                warnings.simplefilter('ignore', InsecureRequestWarning)
            raw = _pool(client.base_url, client.validate_certs, client.ca_path).request(
                method, url, json=json_body, params=params, headers=headers,
                timeout=timeout, allow_redirects=False, verify=bool(client.validate_certs))
    except requests.exceptions.SSLError as exc:
        raise _failure(client, method, path, 'tls', str(exc)) from None
    except requests.exceptions.ConnectTimeout:
        raise _failure(client, method, path, 'connect_timeout', timeout=own_timeout) from None
    except requests.exceptions.ReadTimeout:
        raise _failure(client, method, path, 'read_timeout', timeout=own_timeout) from None
    except requests.exceptions.ConnectionError as exc:
        raise _failure(client, method, path, 'connection', repr(exc.args[0] if exc.args else exc)) from None
    except requests.exceptions.RequestException as exc:
        raise _failure(client, method, path, 'other', type(exc).__name__) from None
    return Response(raw.status_code, raw.headers, url=url, cookies=_set_cookies(raw.raw.headers.getlist('Set-Cookie')),
                    content=raw.content, encoding=raw.encoding)


# Characters requests leaves as they are in a URL; any other (%, a space, non-ASCII...) goes through its quoting.
_PLAIN_URL = re.compile(r"^[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=-]*$")
_CARRIER_HEADERS = requests.utils.default_headers() if HAS_REQUESTS else {}


def carried_exchange(client, method, url, headers, json_body=None, params=None, timeout=None):
    """``direct_exchange`` on urllib3 alone, for the keeper, which carries the requests of every task,
    and for a worker that keeps a connection of its own after many requests (see _keeper_client.KeeperExchange).

    The same request on the wire (requests' default headers, its JSON body and Content-Length
    rules), the same answer and the same errors, without requests' per-request preparation,
    which is part of the cost of every task and every loop item. Through a proxy (HTTPS_PROXY), and
    for a body that is not plain JSON, it is ``direct_exchange`` itself.
    """
    parts = urlsplit(url)
    own_timeout, timeout = timeout, timeout or client.timeout
    key = (origin(url), bool(client.validate_certs), client.ca_path)
    with _LOCK:
        pool = _CARRIER_POOLS.get(key)
    if pool is None:
        if requests.utils.get_environ_proxies(url):
            return direct_exchange(client, method, url, headers, json_body, params, own_timeout)
        pool = urllib3.HTTPSConnectionPool(parts.hostname, parts.port or 443, maxsize=16, block=False, retries=False,
                                           ssl_context=tls_context(client.validate_certs, client.ca_path))
        with _LOCK:
            pool = _CARRIER_POOLS.setdefault(key, pool)
    try:
        body = None if json_body is None else json.dumps(json_body, allow_nan=False).encode('utf-8')
    except (TypeError, ValueError):
        return direct_exchange(client, method, url, headers, json_body, params, own_timeout)  # requests says what is wrong with it
    sent = dict(_CARRIER_HEADERS)
    sent.update(headers)
    if body is not None:
        sent['Content-Type'] = 'application/json'
        sent['Content-Length'] = str(len(body))
    elif method not in ('GET', 'HEAD'):
        sent['Content-Length'] = '0'
    if params or not _PLAIN_URL.match(url):
        prepared = requests.models.PreparedRequest()
        prepared.prepare_url(url, params)  # the query and any quoting exactly as requests does them
        target = prepared.path_url
    else:
        target = (parts.path or '/') + ('?' + parts.query if parts.query else '')  # what requests would send unchanged
    try:
        with warnings.catch_warnings():
            if not client.validate_certs:
                warnings.simplefilter('ignore', InsecureRequestWarning)
            raw = pool.request(method, target, body=body, headers=sent, retries=False, redirect=False, assert_same_host=False,
                               timeout=urllib3.Timeout(connect=timeout, read=timeout))
    except urllib3.exceptions.SSLError as exc:
        raise _failure(client, method, parts.path, 'tls', str(exc)) from None
    except urllib3.exceptions.NewConnectionError as exc:  # before ConnectTimeoutError: it is one
        raise _failure(client, method, parts.path, 'connection', repr(exc)) from None
    except urllib3.exceptions.ConnectTimeoutError:
        raise _failure(client, method, parts.path, 'connect_timeout', timeout=own_timeout) from None
    except urllib3.exceptions.ReadTimeoutError:
        raise _failure(client, method, parts.path, 'read_timeout', timeout=own_timeout) from None
    except (urllib3.exceptions.ProtocolError, OSError) as exc:
        raise _failure(client, method, parts.path, 'connection', repr(exc)) from None
    except urllib3.exceptions.HTTPError as exc:
        raise _failure(client, method, parts.path, 'other', type(exc).__name__) from None
    headers = requests.structures.CaseInsensitiveDict(raw.headers)
    # Not decoded here: the keeper hands the bytes on, and the task decodes them once (see Response).
    return Response(raw.status, headers, url=url, cookies=_set_cookies(raw.headers.getlist('Set-Cookie')), content=raw.data,
                    encoding=requests.utils.get_encoding_from_headers(headers))


def _failure(client, method, path, kind, text='', timeout=None):
    """The TransportError of a failed exchange, in the same words whichever process carried it.

    ``kind``: tls, connect_timeout, read_timeout, connection (``text``: the error, to tell
    whether anything was sent) or other (``text``: the error's type). ``timeout``: this request's
    own (a fabric deploy's wait_timeout, say), None when it had the client's (the timeout option).
    """
    which = 'the timeout option' if timeout is None else "the task's bound for this request, such as a fabric deploy's wait_timeout"
    timeout = timeout or client.timeout
    if kind == 'tls':
        return TransportError(_tls_message(client, text), tls=True)
    if kind == 'connect_timeout':
        return TransportError('Connecting to the dashboard %s timed out after %s s; check the address and the network path.'
                              % (client.base_url, timeout), nothing_sent=True,
                              reason='did not accept the connection within %s s' % timeout)
    if kind == 'read_timeout':
        return TransportError('The dashboard %s did not answer %s %s within %s s (%s).'
                              % (client.base_url, method, path, timeout, which))
    if kind == 'connection':
        if _nothing_sent(text):
            reason = _connect_reason(text)
            message = 'Cannot connect to the dashboard %s: %s. Check the host option and that the dashboard is up.' % (
                client.base_url, reason)
            reason = {'connection refused': 'refused the connection', 'connection timed out': 'did not accept the connection in time',
                      'the host name does not resolve': 'has a name that does not resolve'}.get(reason, 'could not be connected to')
            return TransportError(message, nothing_sent=True, reason=reason)
        return TransportError('The dashboard %s closed the connection during %s %s before answering.' % (client.base_url, method, path),
                              nothing_sent=False, reason='closed the connection before answering')
    return TransportError('The request %s %s to the dashboard failed: %s.' % (method, path, text))


def _nothing_sent(text):
    """True when the connection failed (``text``: the error) before any byte of the request left this host."""
    return any(marker in text for marker in ('NewConnectionError', 'Failed to establish', 'NameResolutionError', 'ConnectTimeout'))


def _connect_reason(text):
    for marker, reason in (('NameResolutionError', 'the host name does not resolve'),
                           ('Connection refused', 'connection refused'),
                           ('timed out', 'connection timed out')):
        if marker in text:
            return reason
    return 'connection failed'


def _tls_message(client, text):
    if 'mismatch' in text or "doesn't match" in text:
        names = certificate_names(client)
        held = ('it is issued to %s' % ', '.join(names)) if names else 'it names other hosts'
        return ('TLS with the dashboard %s failed: the certificate does not match the name %s (%s). Point the host option at '
                'a name the certificate holds, or have the certificate reissued for this name; do not turn validate_certs off.'
                % (client.base_url, urlsplit(client.base_url).hostname, held))
    for marker, reason in (('WRONG_VERSION_NUMBER', 'the server did not speak TLS on this port'),
                           ('CERTIFICATE_VERIFY_FAILED', 'the certificate is not signed by a trusted CA')):
        if marker in text:
            break
    else:
        reason = 'handshake failed'
    return ('TLS with the dashboard %s failed: %s. If the dashboard uses a private CA, set ca_path to its CA bundle (PEM); '
            'do not turn validate_certs off.' % (client.base_url, reason))


def certificate_names(client):
    """The DNS names and IP addresses a dashboard's certificate is issued to, [] when they cannot be read.

    Read with the chain still verified (only the name check is off), so what is reported comes
    from a certificate the user's CA signed; nothing is sent over this connection.
    """
    parts = urlsplit(client.base_url)
    context = ssl.create_default_context(cafile=client.ca_path)
    context.check_hostname = False
    try:
        with socket.create_connection((parts.hostname, parts.port or 443), timeout=min(5, client.timeout)) as raw:
            with context.wrap_socket(raw, server_hostname=parts.hostname) as channel:
                certificate = channel.getpeercert() or {}
    except (OSError, ValueError):
        return []
    names = [value for kind, value in certificate.get('subjectAltName', ()) if kind in ('DNS', 'IP Address')]
    if not names:
        names = [value for field in certificate.get('subject', ()) for key, value in field if key == 'commonName']
    return names
