# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the client of one dashboard, and its policy for retries, redirects and failover.

The session token is attached by the caller per request and only to the dashboard's own origin:
redirects are followed here, by hand, and only within that origin, so the AuthCookie can never
travel to another host. How one exchange goes over the wire is ``exchange``'s.
"""

from __future__ import annotations

import email.utils
import random
import time
from urllib.parse import urljoin, urlsplit

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError, TransportError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.exchange import HAS_REQUESTS, REQUESTS_IMPORT_ERROR, direct_exchange, origin

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


class HttpClient:
    """HTTPS requests to one dashboard, with retries, failover between its nodes and same-origin redirects.

    ``nodes``: the base URLs of the dashboard's nodes as ``options.normalize_nodes`` gives them
    (the session normalises them once), or one such URL: requests go to one node, and move on to
    the next when it does not answer.
    """

    def __init__(self, nodes, validate_certs=True, ca_path=None, timeout=30, retry_policy=None, sleep=time.sleep, exchange=None):
        if not HAS_REQUESTS:
            raise ConfigurationError('The Python library requests is required on the Ansible control node: pip install requests (%s).'
                                     % REQUESTS_IMPORT_ERROR)
        self.nodes = (nodes,) if isinstance(nodes, str) else tuple(nodes)
        self.base_url = self.nodes[0]
        self.validate_certs = validate_certs
        self.ca_path = ca_path
        self.timeout = timeout
        self.retry_policy = retry_policy or RetryPolicy()
        self._sleep = sleep
        self._origin = origin(self.base_url)
        # How one request/answer is carried: from this process by default; a front end may
        # route it through a longer-lived process that keeps connections open.
        self.exchange = exchange or direct_exchange
        self.on_retry = None
        self.last_attempts = 0

    def url_for(self, path):
        if path.startswith(('http://', 'https://')):
            if origin(path) != self._origin:
                raise ConfigurationError('The path %s points at another host than the dashboard %s; give a path relative to the '
                                         'dashboard (e.g. /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics).' % (path, self.base_url))
            return path
        return self.base_url + '/' + path.lstrip('/')

    def request(self, method, path, json_body=None, params=None, token=None, replay_safe=None, retry=True, api_key=None, timeout=None):
        """One request, retried as the policy allows; ``retry=False`` sends it exactly once.

        ``timeout``: seconds to wait for this request (connecting and its answer), instead of the client's.

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
                response = self._send_following_redirects(method, url, json_body, params, token, api_key, timeout)
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
        self._origin = origin(self.base_url)
        if self.on_retry is not None:
            self.on_retry('%s %s: node %s %s; trying node %s.' % (
                method, urlsplit(url).path, failed, error.details.get('reason') or 'did not answer', self.base_url))
        return self.base_url + url[len(failed):]

    def _wait(self, method, url, reason, attempt, attempts, seconds):
        if self.on_retry is not None:
            self.on_retry('%s %s: %s; retrying in %.1f s (try %d of %d).' % (
                method, urlsplit(url).path, reason.rstrip('.'), seconds, attempt + 1, attempts))
        self._sleep(seconds)

    def _send_following_redirects(self, method, url, json_body, params, token, api_key=None, timeout=None):
        for _hop in range(MAX_REDIRECTS + 1):
            headers = {'Accept': 'application/json'}
            if api_key:
                headers['X-Nd-Username'], headers['X-Nd-Apikey'] = api_key
            elif token:
                headers['Cookie'] = 'AuthCookie=' + token
            response = self.exchange(self, method, url, headers, json_body, params, timeout=timeout)
            if response.status not in REDIRECT_STATUSES or not response.header('Location'):
                return response
            target = urljoin(url, response.header('Location'))
            if origin(target) != self._origin:
                raise ConfigurationError('The dashboard redirected %s %s to another host or scheme (%s); the session is not sent there. '
                                         'Point the host option at the address the dashboard redirects to.'
                                         % (method, urlsplit(url).path, '%s://%s' % origin(target)[:2]))
            url, params = target, None
            if response.status == 303:
                method, json_body = 'GET', None
        raise ConfigurationError('The dashboard redirected %s more than %d times; check the host option.'
                                 % (urlsplit(url).path, MAX_REDIRECTS))
