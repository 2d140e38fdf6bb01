# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: HTTPS to the dashboard, with the retry policy.

One TLS context and one keep-alive connection pool per process and dashboard, so the items
of a ``loop:`` share one TLS connection. The session token is attached by the caller per
request and only to the dashboard's own origin: redirects are followed here, by hand, and only
within that origin, so the AuthCookie can never travel to another host.
"""

from __future__ import annotations

import email.utils
import json
import os
import random
import re
import ssl
import socket
import threading
import time
import warnings
from urllib.parse import urljoin, urlsplit

from ansible_collections.fabricops.dashboard.plugins.module_utils._argspec import node_list
from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import ConfigurationError, TransportError

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

REDIRECT_STATUSES = frozenset((301, 302, 303, 307, 308))
MAX_REDIRECTS = 5


class RetryPolicy:
    """What is retried, how often and how long to wait; what is never retried.

    Retried, with full-jitter exponential backoff and at most ``attempts`` tries in all:
    - a connection that could not be opened (nothing reached the server), for every method;
    - 429 Too Many Requests, for every method (the server refused the request unprocessed),
      waiting at least what ``Retry-After`` asks, up to ``max_retry_after`` seconds;
    - 502 and 503, and a connection lost after the request was sent, only for requests that
      cannot change anything when replayed (GET, HEAD, OPTIONS, and login/refresh).
    Never retried: TLS and certificate failures, any other 4xx or 5xx, and any write that may
    have landed (a POST, PUT, PATCH or DELETE answered 502/503 or cut off mid-way).
    """

    STATUSES = frozenset((429, 502, 503))
    ANY_METHOD_STATUSES = frozenset((429,))
    REPLAY_SAFE_METHODS = frozenset(('GET', 'HEAD', 'OPTIONS'))

    def __init__(self, attempts=4, backoff=0.5, max_delay=8.0, max_retry_after=60.0, rand=random.random):
        self.attempts = attempts
        self.backoff = backoff
        self.max_delay = max_delay
        self.max_retry_after = max_retry_after
        self._rand = rand

    def retries_status(self, status, replay_safe):
        return status in self.ANY_METHOD_STATUSES or (status in self.STATUSES and replay_safe)

    def delay(self, attempt, retry_after=None):
        """Seconds to wait before try number ``attempt + 1`` (``attempt`` counts from 1)."""
        ceiling = min(self.max_delay, self.backoff * (2 ** (attempt - 1)))
        wait = ceiling * self._rand()
        if retry_after is not None:
            wait = max(wait, min(retry_after, self.max_retry_after))
        return wait


def parse_retry_after(value, now=None):
    """Seconds asked by a Retry-After header (delta-seconds or an HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (now if now is not None else time.time()))


class Response:
    """What a front end needs of an answer: status, headers without cookies, parsed body."""

    def __init__(self, status, headers, text, url, cookies=None):
        self.status = status
        self._raw_headers = headers
        self._by_lower_name = {name.lower(): value for name, value in headers.items()}
        self.headers = {name: value for name, value in headers.items() if name.lower() != 'set-cookie'}
        self.text = text
        self.url = url
        self.cookies = cookies or {}
        self._parsed = None

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


def _set_cookies(values):
    """Cookies the dashboard set (``values``: its Set-Cookie headers), by name (kept apart from headers, never returned to users)."""
    cookies = {}
    for value in values:
        name, sep, rest = value.partition('=')
        if sep:
            cookies[name.strip()] = rest.split(';', 1)[0].strip()
    return cookies


def normalize_base_url(host):
    """``https://host[:port][/prefix]`` from what the user gave; plain HTTP is refused."""
    if not host or not str(host).strip():
        raise ConfigurationError('No dashboard given: set the host option (or DASHBOARD_HOST) to the dashboard address, '
                                 'for example https://dashboard.example.com.')
    host = str(host).strip()
    if '://' not in host:
        host = 'https://' + host
    parts = urlsplit(host)
    if '@' in parts.netloc:
        # Said without repeating the address: what precedes the @ is a password.
        raise ConfigurationError('The dashboard address (host option or DASHBOARD_HOST) carries a user name or password before '
                                 'an @. Give the address alone, as https://HOST[:PORT][/PREFIX], and the credentials with the '
                                 'username and password options (or DASHBOARD_USERNAME/DASHBOARD_PASSWORD).')
    if parts.scheme.lower() != 'https':
        raise ConfigurationError('The dashboard address %s uses %s; the dashboard is served over HTTPS only. '
                                 'Use https://%s instead.' % (host, parts.scheme, parts.netloc or '<host>'))
    if not parts.hostname:
        raise ConfigurationError('The dashboard address %s has no host name; give it as https://HOST[:PORT][/PREFIX].' % host)
    try:
        parts.port  # pylint: disable=pointless-statement
    except ValueError:
        raise ConfigurationError('The dashboard address %s has an invalid port; give it as https://HOST[:PORT][/PREFIX].' % host) from None
    if parts.query or parts.fragment:
        raise ConfigurationError('The dashboard address %s must not carry a query or fragment.' % host)
    return 'https://%s%s' % (parts.netloc, parts.path.rstrip('/'))


_NORMALIZED = {}


def normalize_nodes(host):
    """The base URLs of the nodes ``host`` names (one address, a comma-separated string or a list), in order, once each."""
    key = tuple(host) if isinstance(host, list) else host
    try:
        return list(_NORMALIZED[key])  # a session, its client and the checks of a task all ask for the same address
    except (KeyError, TypeError):
        pass
    nodes = _normalize_nodes(host)
    try:
        _NORMALIZED[key] = tuple(nodes)
    except TypeError:
        pass
    return nodes


def _normalize_nodes(host):
    if not host or isinstance(host, str) and not host.strip():
        normalize_base_url(host)  # says that no dashboard was given
    try:
        given = node_list(host)
    except ValueError as exc:
        raise ConfigurationError(str(exc)) from None
    nodes = []
    for address in given:
        base_url = normalize_base_url(address)
        if base_url not in nodes:
            nodes.append(base_url)
    return nodes


def same_origin(url, base_url):
    return _origin(url) == _origin(base_url)


def _origin(url):
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
    key = (_origin(base_url), bool(validate_certs), ca_path)
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


class HttpClient:
    """HTTPS requests to one dashboard, with retries, failover between its nodes and same-origin redirects.

    ``base_url`` may name the nodes of a cluster (see ``normalize_nodes``): requests go to one
    node, and move on to the next when it does not answer.
    """

    def __init__(self, base_url, validate_certs=True, ca_path=None, timeout=30, retry_policy=None, sleep=time.sleep, exchange=None):
        if not HAS_REQUESTS:
            raise ConfigurationError('The Python library requests is required on the Ansible controller: pip install requests (%s).'
                                     % REQUESTS_IMPORT_ERROR)
        self.nodes = normalize_nodes(base_url)
        self.base_url = self.nodes[0]
        self.validate_certs = validate_certs
        self.ca_path = ca_path
        self.timeout = timeout
        self.retry_policy = retry_policy or RetryPolicy()
        self._sleep = sleep
        self._origin = _origin(self.base_url)
        # How one request/answer is carried: from this process by default; a front end may
        # route it through a longer-lived process that keeps connections open.
        self.exchange = exchange or direct_exchange
        self.on_retry = None
        self.last_attempts = 0

    def url_for(self, path):
        if path.startswith(('http://', 'https://')):
            if _origin(path) != self._origin:
                raise ConfigurationError('The path %s points at another host than the dashboard %s; give a path relative to the '
                                         'dashboard (e.g. /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics).' % (path, self.base_url))
            return path
        return self.base_url + '/' + path.lstrip('/')

    def request(self, method, path, json_body=None, params=None, token=None, replay_safe=None, retry=True, api_key=None):
        """One request, retried as the policy allows; ``retry=False`` sends it exactly once.

        ``token`` goes as the AuthCookie; ``api_key``, a pair (account, key), as the API-key headers instead.
        ``on_retry`` (if set) hears about every retry before its wait: a front end shows it.
        ``last_attempts`` tells afterwards how many tries the request took.

        On a cluster, a node that does not answer hands the request to the next node at once,
        under the same rules as a retry (nothing was sent, or the request is replay-safe; never
        after a TLS failure, which is the server's identity in doubt, not the node being down);
        only when every node failed in turn does the policy's wait come, and the round starts again.
        """
        method = method.upper()
        if replay_safe is None:
            replay_safe = method in RetryPolicy.REPLAY_SAFE_METHODS
        url = self.url_for(path)
        attempts = self.retry_policy.attempts if retry else 1
        attempt = 0
        nodes_failed = 0
        while True:
            attempt += 1
            self.last_attempts = attempt
            try:
                response = self._send_following_redirects(method, url, json_body, params, token, api_key)
            except TransportError as exc:
                may_resend = (exc.details.get('nothing_sent') or replay_safe) and not exc.details.get('tls')
                if may_resend and nodes_failed < len(self.nodes) - 1 and url.startswith(self.base_url):
                    nodes_failed += 1
                    attempt -= 1
                    url = self._fail_over(method, url, exc)
                    continue
                if attempt < attempts and may_resend:
                    nodes_failed = 0
                    self._wait(method, url, exc.message, attempt, attempts, self.retry_policy.delay(attempt))
                    continue
                if may_resend and len(self.nodes) > 1:
                    raise TransportError('%s No node of the cluster answered (%s).' % (exc.message, ', '.join(self.nodes)),
                                         **exc.details) from None
                raise
            if attempt < attempts and self.retry_policy.retries_status(response.status, replay_safe):
                retry_after = parse_retry_after(response.header('Retry-After'))
                reason = 'the dashboard answered HTTP %d%s' % (
                    response.status, ' with Retry-After %s s' % int(retry_after) if retry_after is not None else '')
                self._wait(method, url, reason, attempt, attempts, self.retry_policy.delay(attempt, retry_after))
                continue
            return response

    def _fail_over(self, method, url, error):
        """Move to the next node of the cluster; ``url`` as the same request to that node."""
        failed = self.base_url
        self.base_url = self.nodes[(self.nodes.index(failed) + 1) % len(self.nodes)]
        self._origin = _origin(self.base_url)
        if self.on_retry is not None:
            self.on_retry('%s %s: node %s %s; trying node %s.' % (
                method, urlsplit(url).path, failed, error.details.get('reason') or 'did not answer', self.base_url))
        return self.base_url + url[len(failed):]

    def _wait(self, method, url, reason, attempt, attempts, seconds):
        if self.on_retry is not None:
            self.on_retry('%s %s: %s; retrying in %.1f s (try %d of %d).' % (
                method, urlsplit(url).path, reason.rstrip('.'), seconds, attempt + 1, attempts))
        self._sleep(seconds)

    def _send_following_redirects(self, method, url, json_body, params, token, api_key=None):
        for _hop in range(MAX_REDIRECTS + 1):
            headers = {'Accept': 'application/json'}
            if api_key:
                headers['X-Nd-Username'], headers['X-Nd-Apikey'] = api_key
            elif token:
                headers['Cookie'] = 'AuthCookie=' + token
            response = self.exchange(self, method, url, headers, json_body, params)
            if response.status not in REDIRECT_STATUSES or not response.header('Location'):
                return response
            target = urljoin(url, response.header('Location'))
            if _origin(target) != self._origin:
                raise ConfigurationError('The dashboard redirected %s %s to another host or scheme (%s); the session is not sent there. '
                                         'Point the host option at the address the dashboard redirects to.'
                                         % (method, urlsplit(url).path, '%s://%s' % _origin(target)[:2]))
            url, params = target, None
            if response.status == 303:
                method, json_body = 'GET', None
        raise ConfigurationError('The dashboard redirected %s more than %d times; check the host option.'
                                 % (urlsplit(url).path, MAX_REDIRECTS))


def direct_exchange(client, method, url, headers, json_body=None, params=None):
    """One HTTP exchange from this process, on its keep-alive pool; no retry, no redirect."""
    path = urlsplit(url).path
    try:
        with warnings.catch_warnings():
            if not client.validate_certs:
                # urllib3 would warn on every request through the warnings module, that is on the
                # worker's stderr, which Ansible then reports as stray output; the front end already
                # warns once per task that validation is off.
                warnings.simplefilter('ignore', InsecureRequestWarning)
            raw = _pool(client.base_url, client.validate_certs, client.ca_path).request(
                method, url, json=json_body, params=params, headers=headers,
                timeout=client.timeout, allow_redirects=False, verify=bool(client.validate_certs))
    except requests.exceptions.SSLError as exc:
        raise _failure(client, method, path, 'tls', str(exc)) from None
    except requests.exceptions.ConnectTimeout:
        raise _failure(client, method, path, 'connect_timeout') from None
    except requests.exceptions.ReadTimeout:
        raise _failure(client, method, path, 'read_timeout') from None
    except requests.exceptions.ConnectionError as exc:
        raise _failure(client, method, path, 'connection', repr(exc.args[0] if exc.args else exc)) from None
    except requests.exceptions.RequestException as exc:
        raise _failure(client, method, path, 'other', type(exc).__name__) from None
    return Response(raw.status_code, raw.headers, raw.text, url, _set_cookies(raw.raw.headers.getlist('Set-Cookie')))


# ----- urllib3 alone: the keeper's carrier, and a loop worker's own connection -----------------

# Characters requests leaves as they are in a URL; any other (%, a space, non-ASCII...) goes through its quoting.
_PLAIN_URL = re.compile(r"^[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=-]*$")
_CARRIER_HEADERS = requests.utils.default_headers() if HAS_REQUESTS else {}


def carried_exchange(client, method, url, headers, json_body=None, params=None):
    """``direct_exchange`` on urllib3 alone, for the keeper, which carries the requests of every task,
    and for a worker that keeps a connection of its own after many requests (see _keeper.KeeperExchange).

    The same request on the wire (requests' default headers, its JSON body and Content-Length
    rules), the same answer and the same errors, without requests' per-request preparation,
    which is part of the cost of every task and every loop item. Through a proxy (HTTPS_PROXY), and
    for a body that is not plain JSON, it is ``direct_exchange`` itself.
    """
    parts = urlsplit(url)
    key = (_origin(url), bool(client.validate_certs), client.ca_path)
    with _LOCK:
        pool = _CARRIER_POOLS.get(key)
    if pool is None:
        if requests.utils.get_environ_proxies(url):
            return direct_exchange(client, method, url, headers, json_body, params)
        pool = urllib3.HTTPSConnectionPool(parts.hostname, parts.port or 443, maxsize=16, block=False, retries=False,
                                           ssl_context=tls_context(client.validate_certs, client.ca_path))
        with _LOCK:
            pool = _CARRIER_POOLS.setdefault(key, pool)
    try:
        body = None if json_body is None else json.dumps(json_body, allow_nan=False).encode('utf-8')
    except (TypeError, ValueError):
        return direct_exchange(client, method, url, headers, json_body, params)  # requests says what is wrong with it
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
                               timeout=urllib3.Timeout(connect=client.timeout, read=client.timeout))
    except urllib3.exceptions.SSLError as exc:
        raise _failure(client, method, parts.path, 'tls', str(exc)) from None
    except urllib3.exceptions.NewConnectionError as exc:  # before ConnectTimeoutError: it is one
        raise _failure(client, method, parts.path, 'connection', repr(exc)) from None
    except urllib3.exceptions.ConnectTimeoutError:
        raise _failure(client, method, parts.path, 'connect_timeout') from None
    except urllib3.exceptions.ReadTimeoutError:
        raise _failure(client, method, parts.path, 'read_timeout') from None
    except (urllib3.exceptions.ProtocolError, OSError) as exc:
        raise _failure(client, method, parts.path, 'connection', repr(exc)) from None
    except urllib3.exceptions.HTTPError as exc:
        raise _failure(client, method, parts.path, 'other', type(exc).__name__) from None
    answer = requests.models.Response()
    answer._content = raw.data  # pylint: disable=protected-access
    answer.headers = requests.structures.CaseInsensitiveDict(raw.headers)
    answer.encoding = requests.utils.get_encoding_from_headers(answer.headers)
    return Response(raw.status, answer.headers, answer.text, url, _set_cookies(raw.headers.getlist('Set-Cookie')))


def _failure(client, method, path, kind, text=''):
    """The TransportError of a failed exchange, in the same words whichever process carried it.

    ``kind``: tls, connect_timeout, read_timeout, connection (``text``: the error, to tell
    whether anything was sent) or other (``text``: the error's type).
    """
    if kind == 'tls':
        return TransportError(_tls_message(client, text), tls=True)
    if kind == 'connect_timeout':
        return TransportError('Connecting to the dashboard %s timed out after %s s; check the address and the network path.'
                              % (client.base_url, client.timeout), nothing_sent=True,
                              reason='did not accept the connection within %s s' % client.timeout)
    if kind == 'read_timeout':
        return TransportError('The dashboard %s did not answer %s %s within %s s (the timeout option).'
                              % (client.base_url, method, path, client.timeout))
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
