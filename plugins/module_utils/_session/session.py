# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: one session with the dashboard.

Knows nothing of AnsibleModule or action plugins. It holds the session's state (token, expiry, the account's
roles), renews it before it expires and once after a refusal, and sends ``request()``; every failure is one of
the typed ``errors``. With a token cache (``plugin_utils/_token_cache``) the processes of one Ansible run share
one login, renewed under the cache's lock; what a session keeps there and takes from there is ``run_cache``'s.

One concern, one file, though over 400 lines: the session's state and the request that renews it are one lock-step
machine (a refusal, a renewal and the retry of one request), and the pieces that stand apart (auth, release,
run cache, secrets, errors, exchange) are their own modules already.
"""

from __future__ import annotations

import contextlib
import os
import time

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.auth import (
    AUTH_PATHS, KEY_CHECK_PATH, LOGIN_PATHS, ApiKeyAuth, PasswordAuth, is_auth_failure, iso, operation_path, token_claims,
    token_timing)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import (
    ApiError, ConfigurationError, DashboardError, SessionExpired, TransportError, answer_error, server_message)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import (
    DEFAULT_DOMAIN, DEFAULT_SESSION_TIMEOUT, checked_timeout, dot_segment_problem, normalize_nodes, session_arguments)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.run_facts import RunFacts
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.rbac import parse_rbac
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import (
    ABOUT_PATH, RELEASE_FACT, auth_paths, read_release, serves_about)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.run_cache import RunCache
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import Secrets, body_secrets
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import HttpClient
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.exchange import direct_exchange

# JWT times are whole seconds (a token may be up to a second older than its iat): expiry counts that much early.
EXPIRY_SAFETY = 1.0


class DashboardSession:
    """A session with one dashboard (one node, or the nodes of a cluster), for one account.

    Either a login session in one login domain (a token, renewed as needed), or, with
    ``api_key``, a key session: every request carries the account name and the key, and there
    is nothing to log in, refresh or log out. An ``auth`` of ``api_key`` without the key (a
    session fact, which never holds it) takes the key from this run's token cache.
    """

    def __init__(self, host, username=None, password=None, domain=None, token=None, compat_token=None,
                 validate_certs=True, ca_path=None, timeout=None, session_timeout=None,
                 received_at=None, lifetime=None, usertype=None, rbac=None,
                 token_cache=None, clock=time.time, retry_policy=None, sleep=time.sleep, api_key=None, auth=None,
                 keep_session=False, configured_in=None):
        self.validate_certs = True if validate_certs is None else bool(validate_certs)
        # Absolute: the run's session keeper works in another directory than the task that named it.
        self.ca_path = os.path.abspath(ca_path) if ca_path else ca_path
        self.timeout = checked_timeout(timeout)
        # Normalised here once; a host from session_arguments already is (see options.Nodes).
        self.http = HttpClient(normalize_nodes(host), self.validate_certs, self.ca_path, self.timeout, retry_policy=retry_policy, sleep=sleep)
        self.username = username
        # The way to authenticate (see auth): a key, or a password (none at hand: only a token was given).
        self._auth = ApiKeyAuth(api_key) if api_key or auth == 'api_key' else PasswordAuth(password)
        if self.uses_api_key and not username:
            raise ConfigurationError('An API key needs the name of the account it belongs to: set username (or DASHBOARD_USERNAME) '
                                     'along with api_key.')
        self.domain = domain or DEFAULT_DOMAIN
        self.session_timeout = session_timeout or DEFAULT_SESSION_TIMEOUT
        self._clock = clock
        self.token = None
        self.compat_token = None
        self.secrets = Secrets(lambda: (self._auth.secret, self.token, self.compat_token))
        self.usertype = usertype
        # A key session has no login answer, so the account's roles are not known: rbac stays empty.
        self.rbac = rbac or [] if self._auth.has_token else []
        self.received_at = None
        self.lifetime = None
        # Where the user sets the options, for the messages: a lookup or the inventory reads no module_defaults.
        self._configured_in = configured_in
        self.run_cache = RunCache(self, self._auth, token_cache, handed=bool(token) or bool(keep_session), keep=bool(keep_session))
        self.facts = RunFacts(on_learn=self.run_cache.share_facts)
        # How many sessions this object opened (logins): the run's keeper is told of a new one.
        self.logins = 0
        # Called once a login's session is in the run's cache (a lookup starts the run's keeper with it, see _plugin_session).
        self.on_opened = None
        if token and self._auth.has_token:
            self._take_token(token, compat_token, received_at=received_at, lifetime=lifetime)

    @classmethod
    def from_options(cls, options, session_fact=None, **kwargs):
        """A session from validated options, a session dict and the fact (see ``options.session_arguments``)."""
        return cls(**session_arguments(options, session_fact, kwargs.get('configured_in')), **kwargs)

    @property
    def base_url(self):
        """The base URL of the node that requests go to (the one that answered last)."""
        return self.http.base_url

    @property
    def nodes(self):
        """The base URLs of every node of the dashboard, in the order they are tried."""
        return list(self.http.nodes)

    @property
    def auth(self):
        """How the session authenticates: password or api_key."""
        return self._auth.name

    @property
    def uses_api_key(self):
        return not self._auth.has_token

    # What front ends need of the client, so that none of them reaches into it.

    @property
    def on_retry(self):
        """Called with a sentence before each retry or failover (a front end shows it)."""
        return self.http.on_retry

    @on_retry.setter
    def on_retry(self, callback):
        self.http.on_retry = callback

    @property
    def last_attempts(self):
        """How many tries the last request took."""
        return self.http.last_attempts

    def route_through(self, exchange):
        """Send every exchange through ``exchange`` (the run's keeper, see plugin_utils/_keeper_client)."""
        self.http.exchange = exchange

    @property
    def routed_through(self):
        """What ``route_through`` gave, None while this process sends the exchanges itself."""
        return None if self.http.exchange is direct_exchange else self.http.exchange

    @property
    def has_credentials(self):
        return bool(self.username and self._auth.has_token and self._auth.secret)

    @property
    def expires_at(self):
        if not self.token:
            return None
        return self.received_at + self.lifetime - EXPIRY_SAFETY

    def expires_in(self):
        if not self.token:
            return 0
        return self.expires_at - self._clock()

    def refresh_margin(self):
        """Renew when less than this many seconds are left: a fifth of the lifetime, 2 minutes at most."""
        return min(120.0, max(0.5, (self.lifetime or self.session_timeout) / 5.0))

    def as_dict(self):
        """The session as tasks return it and take it back; keys follow ``SESSION_OPTIONS``."""
        return {
            'host': self.nodes[0], 'nodes': self.nodes, 'auth': self.auth, 'domain': self.domain, 'username': self.username,
            'usertype': self.usertype, 'token': self.token, 'compat_token': self.compat_token, 'rbac': self.rbac,
            'received_at': self.received_at, 'lifetime': self.lifetime,
            'expires_at': iso(self.expires_at) if self.token else None, 'expires_in': max(0, int(self.expires_in())),
            'validate_certs': self.validate_certs, 'ca_path': self.ca_path, 'timeout': self.timeout,
        }

    @property
    def release(self):
        """The dashboard's release (see ``release.release_from_version``), None when it does not say.

        Learned once per run, from the public GET /version.json, and kept with the run's session record
        (``facts``): the run's later tasks have it without a request.
        """
        if RELEASE_FACT not in self.facts:
            # Asked before this task's first request (a resource task chooses its API first): what an earlier
            # task of the run learned is in the run's record, not yet in this process.
            self.run_cache.take_facts()
        return self.facts.learn(RELEASE_FACT, lambda: read_release(self.http))

    @property
    def auth_paths(self):
        """Where this session logs in, refreshes and logs out: under /api/v1/infra from 4.2 on."""
        return auth_paths(self.release)

    def cache_key(self):
        # The node list, not the node that served: the cluster is one dashboard, with one session per run.
        return (','.join(self.nodes), self._auth.cache_domain(self.domain), self.username or '')

    def scrub(self, text):
        """Mask this session's secrets in a text that may quote a server message (see secrets)."""
        return self.secrets.scrub(text)

    def leaks_into(self, value, texts=None, part=False):
        """Whether any string inside ``value`` (parsed from the JSON ``texts``, when given; ``part``: a small part of
        what they hold) holds a secret (see secrets)."""
        return self.secrets.leak_into(value, texts, part)

    def add_secrets(self, values):
        """More of this task's secrets to mask in what servers quote back (no-log option values, say)."""
        self.secrets.add(values)

    def _take_token(self, token, compat_token=None, received_at=None, lifetime=None):
        if None not in (received_at, lifetime) and self.username and self.usertype and self.rbac:
            # A session handed back whole (the fact, a registered session) says all its token would:
            # reading the JWT again costs every task time for nothing.
            claims = {}
        else:
            claims = token_claims(token)
        received_at, lifetime = token_timing(claims, received_at, lifetime, self.session_timeout, self._clock())
        self.token = token
        self.compat_token = compat_token
        self.received_at = float(received_at)
        self.lifetime = int(lifetime)
        if not self.username and isinstance(claims.get('username'), str):
            self.username = claims['username']
        if not self.usertype and isinstance(claims.get('usertype'), str):
            self.usertype = claims['usertype']
        if not self.rbac and isinstance(claims.get('rbac'), list):
            self.rbac = parse_rbac(claims['rbac'])

    def login(self):
        """Log in (POST /login, or /api/v1/infra/login from 4.2 on, see auth.PasswordAuth); a live session of the run's own that it replaces is ended."""
        if not self.has_credentials:
            raise ConfigurationError('Logging in to %s needs username and password, or username and api_key (%s, or '
                                     'DASHBOARD_USERNAME with DASHBOARD_PASSWORD or DASHBOARD_API_KEY).'
                                     % (self.base_url, self._configured_in or 'task options, module_defaults'))
        answer = self._auth.login(self.http, self.username, self.domain, self.scrub, self.auth_paths)
        superseded = self.token if self.token and not self.run_cache.handed and self.expires_in() > 0 else None
        self.usertype = answer.usertype
        self.rbac = parse_rbac(answer.rbac_field)
        self._take_token(answer.token, answer.compat_token)
        # The name as given stays the key: a server that canonicalises it (LDAP) must not split one account's session.
        self.username = self.username or answer.username
        self.run_cache.opened()
        self.logins += 1
        if superseded:
            # A session the run opened, replaced while still live (a refusal that was not about the
            # token, say): nobody holds it any more, so it is ended rather than left live on the server.
            self.end(superseded)

    def send_with(self, token, method, path, json_body=None, params=None):
        """One request with ``token`` as it is, neither renewed nor sent again: for the relay, which takes
        the run's token from the cache for each request (see plugin_utils/_relay)."""
        return self.http.request(method, path, json_body=json_body, params=params, token=token)

    def end(self, token):
        """POST /logout of ``token``, once, whatever the run's cache holds; a failure is left alone (the
        session then expires on its own). For a token the run is done with (see _keeper)."""
        with contextlib.suppress(DashboardError):
            self.http.request('POST', self.auth_paths.logout, token=token, retry=False)

    def refresh(self):
        """POST /refresh (see auth.PasswordAuth); the new token replaces the old."""
        if not self.token:
            raise SessionExpired('There is no session to refresh for %s: run fabricops.dashboard.dashboard_login first.' % self.base_url)
        answer = self._auth.refresh(self.http, self.token, self.username, self.scrub, self._clock, self.auth_paths)
        if answer.rbac_field:
            self.rbac = parse_rbac(answer.rbac_field)
        self.usertype = answer.usertype or self.usertype
        self._take_token(answer.token, answer.compat_token)

    def logout(self):
        """POST /logout; True when a live session was ended, False when there was none (as always with an API key)."""
        if self.uses_api_key:
            return False
        with self.run_cache.entry() as entry:
            self.run_cache.adopt(entry.load())
            if not self.token:
                return False
            ended = self._auth.logout(self.http, self.token, self.scrub, self.auth_paths)
            entry.clear()
        self.token = None
        self.compat_token = None
        return ended

    def ensure_valid(self):
        """Make sure a token with some life left is at hand: adopt, log in or renew as needed.

        With an API key: make sure the key is at hand; nothing is sent.
        """
        logins = self.logins
        self._ensure_valid()
        if self.logins > logins and self.on_opened is not None:
            self.on_opened()  # after the run's record is saved and its lock let go

    def _ensure_valid(self):
        if self.uses_api_key:
            with self.run_cache.entry() as entry:
                self._auth.ensure_key(entry, self.username, self.base_url)
                self.run_cache.adopt(entry.load())  # no token to take: what the run learned of the controller
            return
        if self.run_cache.fresh():
            return
        with self.run_cache.entry() as entry:
            record = entry.load()
            if record and record.get('token') and not self.run_cache.trusts(record):
                # Other credentials than those the run's session was opened with: they log in on their own.
                record = None
                self.token = None
            self.run_cache.adopt(record)
            if not self.token:
                self.login()
            elif self.expires_in() <= self.refresh_margin():
                if not self._renew(tolerate=True):
                    return
            elif record and (record.get('received_at') or 0) >= (self.received_at or 0):
                return
            # Logged in, renewed, or a session from a fact or option newer than what this run held:
            # from now on the run's other workers share it.
            entry.save(self.run_cache.record())

    def renew(self, relogin=False):
        """Refresh now (dashboard_refresh), unless another worker did so while this one waited; never with an API key."""
        if self.uses_api_key:
            return
        started = self._clock()
        with self.run_cache.entry() as entry:
            record = entry.load()
            # The run's newer token, if any, first: the session keeper refreshes in the background, so the
            # fact's token may have expired while the session it belongs to is live.
            if self.run_cache.adopt(record) and (record.get('received_at') or 0) >= started - 1:
                return  # refreshed within this very task by another host's worker
            self._renew(relogin=relogin)
            entry.save(self.run_cache.record())

    def check_api_key(self):
        """One cheap GET that the key is accepted (dashboard_login with a key); keeps the key for this run's other tasks.

        From 4.2.1 on a platform path (which a 4.2 serving no legacy path still answers), before it the controller's version.
        """
        self.ensure_valid()
        self.request('GET', ABOUT_PATH if serves_about(self.release) else KEY_CHECK_PATH)
        self.run_cache.keep_key()

    def _renew(self, relogin=True, tolerate=False):
        """Refresh the token; log in instead when it cannot be refreshed and ``relogin`` allows.

        With ``tolerate``, a refresh that fails for another reason than a refusal (the dashboard
        busy, a connection lost) is not an error while the current token still has life left:
        the request goes on with it. Returns whether the token was renewed.
        """
        may_login = relogin and self.has_credentials
        if self.token and self.expires_in() > 0:
            try:
                self.refresh()
                return True
            except SessionExpired:
                if not may_login:
                    raise
            except (ApiError, TransportError):
                if tolerate and self.expires_in() > 0:
                    return False
                raise
        elif not may_login:
            if not self.token:
                raise SessionExpired('There is no session with %s to refresh: run fabricops.dashboard.dashboard_login first, or give '
                                     'username and password.' % self.base_url)
            raise SessionExpired('The session of %s on %s expired at %s. Log in again (fabricops.dashboard.dashboard_login), or give '
                                 'username and password so it can be renewed by logging in.'
                                 % (self.username or 'this account', self.base_url, iso(self.expires_at)))
        self.login()
        return True

    def _recover_from_refusal(self, refused_token):
        """After the dashboard refused a token: adopt a newer one, else renew it, once."""
        with self.run_cache.entry() as entry:
            if self.run_cache.adopt(entry.load()) and self.token != refused_token:
                return
            if self.has_credentials:
                self.login()
            else:
                self.refresh()
            entry.save(self.run_cache.record())

    def request(self, method, path, json_body=None, params=None, accept=None, timeout=None):
        """An authenticated request. A refused token is renewed once and the request sent once more.

        ``accept``: statuses that are not errors (default: every 2xx); ApiError otherwise.
        ``timeout``: this request's own bound (a deploy answered once done); logins and refreshes keep the session's.
        """
        method = method.upper()
        problem = dot_segment_problem(path)
        if problem:
            raise ConfigurationError(problem)
        self.add_secrets(body_secrets(json_body))
        if self.is_auth_path(path):
            return self._auth_request(method, path, json_body, params, accept)
        self.ensure_valid()
        if self.uses_api_key:
            # A refused key is not renewed or sent again: the same key would be refused the same way.
            response = self.http.request(method, path, json_body=json_body, params=params, timeout=timeout,
                                         **self._auth.credentials(self))
            if is_auth_failure(response):
                raise self._auth.refused(self.base_url, self.username, response, self.scrub)
        else:
            used = self.token
            logins = self.logins
            response = self.http.request(method, path, json_body=json_body, params=params, token=used, timeout=timeout)
            if is_auth_failure(response):
                self._recover_from_refusal(used)
                response = self.http.request(method, path, json_body=json_body, params=params, token=self.token, timeout=timeout)
            if is_auth_failure(response):
                if self.logins > logins:
                    self.run_cache.end_refused_login()
                raise SessionExpired(self.scrub(
                    'The dashboard %s refused %s %s twice, before and after renewing the session (HTTP %d: %s). The account may '
                    'lack access to it, or the session was ended on the server; not retrying further.' % (
                        self.base_url, method, path, response.status, server_message(response.json, self.scrub) or 'no reason given')))
        if not _accepted(response.status, accept):
            raise self._api_error(response, method, path)
        return response

    def is_auth_path(self, path):
        """Whether ``path`` is the platform's login, refresh or logout in any spelling the server decodes before routing."""
        return operation_path(self.http.url_for(path), self.base_url) in AUTH_PATHS

    def _auth_request(self, method, path, json_body, params, accept):
        """A request to the auth operations themselves, sent exactly once.

        Its refusal is the answer, not a stale session: sending it again would send a wrong password twice, a step
        toward locking the account. A login needs no session; the others carry the current one.
        """
        credentials = {}
        if operation_path(self.http.url_for(path), self.base_url) not in LOGIN_PATHS:
            self.ensure_valid()
            credentials = self._auth.credentials(self)
        response = self.http.request(method, path, json_body=json_body, params=params, retry=False, **credentials)
        if not _accepted(response.status, accept):
            raise self._api_error(response, method, path)
        return response

    def _api_error(self, response, method, path, doing=None):
        return answer_error(self.base_url, response, method, path, self.scrub, doing)


def _accepted(status, accept):
    return status in accept if accept else 200 <= status < 300
