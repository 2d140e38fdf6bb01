# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: one session with the dashboard.

Knows nothing of AnsibleModule or action plugins. It logs in, keeps the token (the
``AuthCookie``), refreshes it before it expires, renews it once after a refusal and then
stops, and turns every failure into one of the typed errors of ``_errors``.

A ``token_cache`` (see ``plugin_utils/_token_cache``) lets the many short-lived processes of
one Ansible run share one login: every renewal happens under its lock, and a token renewed by
another process is adopted instead of renewing again.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import math
import os
import posixpath
import re
import secrets
import time
from urllib.parse import unquote, urlsplit

from ansible_collections.fabricops.dashboard.plugins.module_utils import _argspec
from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import (
    ApiError, AuthenticationFailed, DashboardError, ConfigurationError, NoSessionGiven, SessionExpired, TransportError, bounded, server_message)
from ansible_collections.fabricops.dashboard.plugins.module_utils._rbac import parse_rbac
from ansible_collections.fabricops.dashboard.plugins.module_utils._transport import HttpClient, normalize_nodes

try:
    import jwt
    HAS_JWT = True
except ImportError:  # pragma: no cover - reported when a token has to be read
    HAS_JWT = False

LOGIN_PATH = '/login'
REFRESH_PATH = '/refresh'
LOGOUT_PATH = '/logout'
# The platform's own auth operations, under both the names the platform serves them.
AUTH_PATHS = frozenset(prefix + name for prefix in ('', '/api/v1/infra') for name in (LOGIN_PATH, REFRESH_PATH, LOGOUT_PATH))
LOGIN_PATHS = frozenset(('/login', '/api/v1/infra/login'))
MASK = '********'
# An error answer bigger than this is not handed to the task result (its message is still quoted, bounded).
MAX_ERROR_BODY = 64 * 1024
# Request body fields whose values are secrets of the task (a password set through the API, say):
# a server that quotes the request back in an error must not get them displayed.
SECRET_FIELD = re.compile(r'passw|secret|token|apikey|api_key|credential', re.I)
# What an API-key session checks its key with at login: cheap, read-only, and answered by every
# account that may use the fabric controller.
KEY_CHECK_PATH = '/appcenter/cisco/ndfc/api/about/version'
# The login domain plays no part in a key session; this stands in its place in the token cache key,
# so the key session of an account never takes the place of its password session.
KEY_SESSION_DOMAIN = '(api key)'
# JWT times are whole seconds, so a token may have been issued up to a second before the
# second its iat names; expiry is counted that much early.
EXPIRY_SAFETY = 1.0
# The run's cache keeps, beside a token, a salted hash of the password it was opened with (never the
# password): a task that gives other credentials is not handed the session on the cache's word.
# Few rounds: the cache is private to the run's user (0700), and every task with credentials checks it.
VERIFIER_ROUNDS = 2000
_VERIFIED = {}


def _digest(password, salt):
    key = (password, salt)
    if key not in _VERIFIED:
        _VERIFIED[key] = hashlib.pbkdf2_hmac('sha256', password.encode('utf-8'), bytes.fromhex(salt), VERIFIER_ROUNDS).hex()
    return _VERIFIED[key]


def password_verifier(password):
    """What the cache keeps of a password: a random salt and the salted hash."""
    salt = secrets.token_hex(16)
    return {'salt': salt, 'digest': _digest(password, salt)}


def verifies(password, verifier):
    """Whether ``password`` is the one ``verifier`` was made from."""
    if not isinstance(verifier, dict) or not isinstance(verifier.get('salt'), str) or not isinstance(verifier.get('digest'), str):
        return False
    try:
        return secrets.compare_digest(_digest(password, verifier['salt']), verifier['digest'])
    except ValueError:
        return False


def decoded_path(path):
    """``path`` as a server that decodes it (once or more) and resolves dot segments sees it."""
    for _level in range(4):
        plain = unquote(path)
        if plain == path:
            break
        path = plain
    return posixpath.normpath('/' + path.lstrip('/'))


def token_claims(token):
    """The claims of a JWT, read WITHOUT verifying its signature.

    Only the dashboard can verify its own tokens; the client reads ``exp``/``iat`` solely to
    schedule a refresh, so an unverified read is enough and a forged token gains nothing.
    """
    if not HAS_JWT:
        raise ConfigurationError('The Python library PyJWT is required on the Ansible controller: pip install PyJWT.')
    try:
        claims = jwt.decode(token, options={'verify_signature': False})
    except jwt.PyJWTError:
        return {}
    return claims if isinstance(claims, dict) else {}


def is_auth_failure(response):
    """Whether an answer says the token is not accepted.

    Besides 401, some hosted services report an expired token as 500 "The token is expired
    since ..." or as 400 {"error": {"code": "UserUnauthorized"}}.
    """
    if response.status == 401:
        return True
    if response.status == 500 and 'token is expired' in (response.text or '').lower():
        return True
    if response.status != 400:
        return False
    body = response.json
    return isinstance(body, dict) and isinstance(body.get('error'), dict) and body['error'].get('code') == 'UserUnauthorized'


def _holds_any(value, forms):
    if isinstance(value, str):
        return any(form in value for form in forms)
    if isinstance(value, dict):
        return any(_holds_any(key, forms) or _holds_any(item, forms) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return any(_holds_any(item, forms) for item in value)
    return False


def checked_timeout(value):
    """The timeout in seconds; the default when not given, a clear error when not a positive number."""
    if value is None:
        return _argspec.DEFAULT_TIMEOUT
    try:
        seconds = float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        seconds = None
    if seconds is None or not math.isfinite(seconds) or seconds <= 0:
        raise ConfigurationError('timeout is %s; give it as a number of seconds greater than 0 (for example 30). It bounds '
                                 'each connection and each answer.' % bounded(repr(value), 40))
    return int(seconds) if seconds == int(seconds) else seconds


def body_secrets(body):
    """Values of the fields of a request body that look like secrets (passwords, tokens, keys)."""
    found = []
    if isinstance(body, dict):
        for key, value in body.items():
            if isinstance(value, str) and value and isinstance(key, str) and SECRET_FIELD.search(key):
                found.append(value)
            else:
                found.extend(body_secrets(value))
    elif isinstance(body, list):
        for item in body:
            found.extend(body_secrets(item))
    return found


def describe_refused_token(token, clock=time.time):
    """Why a dashboard may have refused ``token``, as far as the client can tell without the dashboard's key."""
    claims = token_claims(token) if token else {}
    expiry = claims.get('exp')
    if not isinstance(expiry, (int, float)):
        return ('the token is not a session token of this dashboard (it does not read as one of its JWTs: altered, cut short '
                'or not a dashboard token at all)')
    if expiry <= clock():
        return 'the token expired at %s' % _iso(expiry)
    return ('the token was logged out, or was not issued by this dashboard (altered, or from another dashboard): it would '
            'have been valid until %s' % _iso(expiry))


def _iso(epoch):
    return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


class _NoCacheEntry:
    def load(self):
        return None

    def save(self, record):
        pass

    def clear(self):
        pass


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
                 token_cache=None, clock=time.time, retry_policy=None, sleep=time.sleep, api_key=None, auth=None):
        self.validate_certs = True if validate_certs is None else bool(validate_certs)
        # Absolute: the run's session keeper works in another directory than the task that named it.
        self.ca_path = os.path.abspath(ca_path) if ca_path else ca_path
        self.timeout = checked_timeout(timeout)
        self.http = HttpClient(normalize_nodes(host), self.validate_certs, self.ca_path, self.timeout, retry_policy=retry_policy, sleep=sleep)
        self.username = username
        self._password = password
        self._api_key = api_key
        self.auth = 'api_key' if api_key or auth == 'api_key' else 'password'
        if self.uses_api_key and not username:
            raise ConfigurationError('An API key needs the name of the account it belongs to: set username (or DASHBOARD_USERNAME) '
                                     'along with api_key.')
        self.domain = domain or _argspec.DEFAULT_DOMAIN
        self.session_timeout = session_timeout or _argspec.DEFAULT_SESSION_TIMEOUT
        self._clock = clock
        self._cache = token_cache
        self.token = None
        self.compat_token = None
        self._other_secrets = []
        self._forms_of = self._forms = None
        self.usertype = usertype
        # A key session has no login answer, so the account's roles are not known: rbac stays empty.
        self.rbac = [] if self.uses_api_key else rbac or []
        self.received_at = None
        self.lifetime = None
        # What the run's cache keeps beside the token: the password's verifier (see password_verifier),
        # and whether the session was handed to the user (a task's result, a fact, an option given):
        # one the run opened and did not hand out is the run's to end.
        self._verifier = None
        self._handed = bool(token)
        # How many sessions this object opened (logins): the run's keeper is told of a new one.
        self.logins = 0
        if token and not self.uses_api_key:
            self._take_token(token, compat_token, received_at=received_at, lifetime=lifetime)

    # ----- building from task options ---------------------------------------------------

    @classmethod
    def from_options(cls, options, session_fact=None, **kwargs):
        """A session from validated options (see ``_argspec``), a session dict and the fact.

        The ``session`` option wins over the fact; either one applies only to the dashboard
        and account the other options name (if they name one). Options given on the task
        (or by module_defaults, or the environment) win over what the session dict carries.
        """
        options = dict(options)
        given = options.get('session') or None
        if not given and not options.get('token') and isinstance(session_fact, dict) and (
                session_fact.get('token') or session_fact.get('auth') == 'api_key'):
            given = session_fact
        if given and not _same_target(options, given):
            if options.get('session'):
                raise ConfigurationError('The session given is for %s as %s, but the task names %s as %s; drop one of them.' % (
                    given.get('host'), given.get('username'), options.get('host'), options.get('username')))
            given = None
        given = given or {}

        def pick(name, default=None):
            value = options.get(name)
            return value if value is not None else given.get(name, default)

        host = options.get('host') or given.get('nodes') or given.get('host')
        if not host:
            raise NoSessionGiven('No dashboard session and no dashboard address: run fabricops.dashboard.dashboard_login first, '
                                 'or set host, username and password (task options, module_defaults for '
                                 'group/fabricops.dashboard.dashboard, or DASHBOARD_HOST/DASHBOARD_USERNAME/DASHBOARD_PASSWORD).')
        use_given_token = not options.get('token')
        # The task's own key wins; a key session handed back (auth api_key, never the key itself)
        # stays one unless the task logs in its own way.
        given_auth = given.get('auth') if use_given_token and not options.get('password') else None
        return cls(host=host, api_key=options.get('api_key'), auth=given_auth,
                   username=pick('username'), password=options.get('password'), domain=pick('domain'),
                   token=options.get('token') or given.get('token'), compat_token=given.get('compat_token') if use_given_token else None,
                   validate_certs=pick('validate_certs'), ca_path=pick('ca_path'), timeout=pick('timeout'),
                   session_timeout=options.get('session_timeout'),
                   received_at=given.get('received_at') if use_given_token else None,
                   lifetime=given.get('lifetime') if use_given_token else None,
                   usertype=given.get('usertype'), rbac=given.get('rbac'), **kwargs)

    # ----- state -------------------------------------------------------------------------

    @property
    def base_url(self):
        """The base URL of the node that requests go to (the one that answered last)."""
        return self.http.base_url

    @property
    def nodes(self):
        """The base URLs of every node of the dashboard, in the order they are tried."""
        return list(self.http.nodes)

    @property
    def uses_api_key(self):
        return self.auth == 'api_key'

    @property
    def handed(self):
        """Whether the session was handed to the user (see ``hand_over``)."""
        return self._handed

    @property
    def has_credentials(self):
        return bool(self.username and self._password)

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
            'host': self.nodes[0],
            'nodes': self.nodes,
            'auth': self.auth,
            'domain': self.domain,
            'username': self.username,
            'usertype': self.usertype,
            'token': self.token,
            'compat_token': self.compat_token,
            'rbac': self.rbac,
            'received_at': self.received_at,
            'lifetime': self.lifetime,
            'expires_at': _iso(self.expires_at) if self.token else None,
            'expires_in': max(0, int(self.expires_in())),
            'validate_certs': self.validate_certs,
            'ca_path': self.ca_path,
            'timeout': self.timeout,
        }

    def cache_record(self):
        """What the run's token cache keeps of the session: ``as_dict`` and what only the run needs."""
        return dict(self.as_dict(), verifier=self._verifier, handed=self._handed)

    def hand_over(self):
        """The session goes to the user (a task's result): it is theirs to end, the run leaves it live."""
        if self._handed or not self.token:
            self._handed = True
            return
        self._handed = True
        with self._cache_entry() as entry:
            record = entry.load()
            if record and record.get('token') == self.token:
                entry.save(self.cache_record())

    def _trusts(self, record):
        """Whether this task may take the run's session of ``record``: without a password of its own, yes;
        with one, only when the session was opened with that very password."""
        return not self._password or verifies(self._password, (record or {}).get('verifier'))

    def cache_key(self):
        # The node list, not the node that served: the cluster is one dashboard, with one session per run.
        return (','.join(self.nodes), KEY_SESSION_DOMAIN if self.uses_api_key else self.domain, self.username or '')

    def scrub(self, text):
        """Mask this session's secrets in a text that may quote a server message.

        Also their JSON-escaped forms: a server may quote the request body it received.
        """
        if not text:
            return text
        for form in self._secret_forms():
            if form in text:
                text = text.replace(form, MASK)
        return text

    def _secret_forms(self):
        """Every secret as written plainly and JSON-escaped; worked out again only when the secrets change."""
        secrets = tuple(secret for secret in [self._password, self._api_key, self.token, self.compat_token] + self._other_secrets
                        if secret)
        if self._forms_of != secrets:
            forms = []
            for secret in secrets:
                for form in (secret, json.dumps(secret)[1:-1], json.dumps(secret, ensure_ascii=False)[1:-1]):
                    if form not in forms:
                        forms.append(form)
            self._forms_of, self._forms = secrets, forms
        return self._forms

    def leaks_into(self, value):
        """Whether any string inside ``value`` (a parsed answer body) holds one of this session's secrets."""
        return _holds_any(value, self._secret_forms())

    def add_secrets(self, secrets):
        """More of this task's secrets to mask in what servers quote back (no-log option values, say)."""
        self._other_secrets.extend(secret for secret in secrets if isinstance(secret, str) and len(secret) > 3)

    def forget_password(self):
        """Drop the password from this object (for a process that must only ever refresh)."""
        self._password = None

    def _take_token(self, token, compat_token=None, received_at=None, lifetime=None):
        if None not in (received_at, lifetime) and self.username and self.usertype and self.rbac:
            # A session handed back whole (the fact, a registered session) says all its token would:
            # reading the JWT again costs every task time for nothing.
            claims = {}
        else:
            claims = token_claims(token)
        now = self._clock()
        if received_at is None or lifetime is None:
            if isinstance(claims.get('exp'), (int, float)) and isinstance(claims.get('iat'), (int, float)) and received_at is None:
                # Counted from our own clock: a controller whose clock is off by an hour must
                # neither refresh on every task nor let the token lapse.
                lifetime = claims['exp'] - claims['iat']
                received_at = now
            elif isinstance(claims.get('exp'), (int, float)):
                lifetime = claims['exp'] - (received_at if received_at is not None else now)
                received_at = received_at if received_at is not None else now
            else:
                received_at = received_at if received_at is not None else now
                lifetime = self.session_timeout
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

    def adopt(self, record):
        """Take a newer token that another process of this run obtained."""
        if not record or not record.get('token') or not self._trusts(record):
            return False
        if self.token and (record.get('received_at') or 0) <= (self.received_at or 0):
            return False
        self._verifier = record.get('verifier')
        self._handed = bool(record.get('handed'))
        self.token = record['token']
        self.compat_token = record.get('compat_token')
        self.received_at = float(record['received_at'])
        self.lifetime = int(record['lifetime'])
        self.usertype = record.get('usertype') or self.usertype
        self.rbac = record.get('rbac') or self.rbac
        return True

    @contextlib.contextmanager
    def _cache_entry(self):
        if self._cache is None:
            yield _NoCacheEntry()
            return
        with self._cache.entry(self.cache_key()) as entry:
            yield entry

    # ----- the auth API ------------------------------------------------------------------

    def login(self):
        """POST /login with the spec's body; the token is jwttoken (or token, older releases)."""
        if not self.has_credentials:
            raise ConfigurationError('Logging in to %s needs username and password, or username and api_key (task options, '
                                     'module_defaults, or DASHBOARD_USERNAME with DASHBOARD_PASSWORD or DASHBOARD_API_KEY).' % self.base_url)
        who = '%s in login domain %s' % (self.username, self.domain)
        response = self.http.request('POST', LOGIN_PATH, replay_safe=True,
                                     json_body={'domain': self.domain, 'userName': self.username, 'userPasswd': self._password})
        body = response.json if isinstance(response.json, dict) else {}
        if not _is_login_answer(response, body):
            raise AuthenticationFailed(self.scrub(
                'The answer of %s to the login of %s is not the dashboard\'s login answer (HTTP %d: %s), so the host option '
                'probably does not point at the dashboard itself.%s' % (
                    self.http.url_for(LOGIN_PATH), who, response.status,
                    server_message(body or response.text, self.scrub) or 'no message', self._host_hint())), status=response.status)
        if response.status in (401, 403):
            reason = server_message(body, self.scrub) or 'no reason given'
            hint = ('Update the password in the dashboard first.' if response.status == 403
                    else 'Check username, password and login domain; a locked account is refused the same way.')
            raise AuthenticationFailed(self.scrub('The dashboard %s refused the login of %s (HTTP %d: %s). %s' % (
                self.base_url, who, response.status, reason, hint)), status=response.status)
        if response.status != 200:
            raise self._api_error(response, 'POST', LOGIN_PATH, 'logging in as %s' % who)
        token = body.get('jwttoken') or body.get('token') or response.cookies.get('AuthCookie')
        if not token or body.get('statusCode', 200) != 200:
            raise AuthenticationFailed('The dashboard %s answered the login of %s without a session token. This is what it does '
                                       'for a login domain it does not know: check the domain option (common values: DefaultAuth, '
                                       'local).' % (self.base_url, who), status=response.status)
        superseded = self.token if self.token and not self._handed and self.expires_in() > 0 else None
        self.usertype = body.get('usertype') or None
        self.rbac = parse_rbac(body.get('rbac'))
        self._take_token(token, body.get('token') if body.get('token') != token else None)
        self._verifier = password_verifier(self._password)
        self._handed = False
        self.logins += 1
        if superseded:
            # A session the run opened, replaced while still live (a refusal that was not about the
            # token, say): nobody holds it any more, so it is ended rather than left live on the server.
            self._end_quietly(superseded)
        # The name as given stays the session's key; a server that canonicalises it (LDAP, TACACS+)
        # must not split one account's session in two.
        self.username = self.username or body.get('username')

    def _end_quietly(self, token):
        """POST /logout of ``token``, once; a failure is left alone (the session then expires on its own)."""
        try:
            self.http.request('POST', LOGOUT_PATH, token=token, retry=False)
        except DashboardError:
            pass

    def _host_hint(self):
        prefix = urlsplit(self.base_url).path
        if prefix:
            return (' Its address carries the path %s: give the address alone (https://%s), the collection adds /login and '
                    'the API paths itself.' % (prefix, urlsplit(self.base_url).netloc))
        return ' Check the address and port: they must be those of the dashboard\'s web interface.'

    def refresh(self):
        """POST /refresh with an empty payload and the AuthCookie; the new token replaces the old."""
        if not self.token:
            raise SessionExpired('There is no session to refresh for %s: run fabricops.dashboard.dashboard_login first.' % self.base_url)
        response = self.http.request('POST', REFRESH_PATH, token=self.token, replay_safe=True)
        if is_auth_failure(response):
            raise SessionExpired('The dashboard %s refused to refresh the session of %s: %s. Log in again: run '
                                 'fabricops.dashboard.dashboard_login, or give username and password so the session can be '
                                 'renewed by logging in.'
                                 % (self.base_url, self.username or 'this account', describe_refused_token(self.token, self._clock)))
        if response.status != 200:
            raise self._api_error(response, 'POST', REFRESH_PATH, 'refreshing the session')
        body = response.json if isinstance(response.json, dict) else {}
        token = body.get('jwttoken') or body.get('token') or response.cookies.get('AuthCookie')
        if not token:
            raise SessionExpired('The dashboard %s answered the refresh without a new token; log in again.' % self.base_url)
        if body.get('rbac'):
            self.rbac = parse_rbac(body.get('rbac'))
        self.usertype = body.get('usertype') or self.usertype
        self._take_token(token, body.get('token') if body.get('token') != token else None)

    def logout(self):
        """POST /logout; True when a live session was ended, False when there was none (as always with an API key)."""
        if self.uses_api_key:
            return False
        with self._cache_entry() as entry:
            self.adopt(entry.load())
            if not self.token:
                return False
            response = self.http.request('POST', LOGOUT_PATH, token=self.token)
            if response.status not in (200, 204, 401):
                raise self._api_error(response, 'POST', LOGOUT_PATH, 'logging out')
            entry.clear()
        self.token = None
        self.compat_token = None
        return response.status != 401

    # ----- keeping the session alive -----------------------------------------------------

    def ensure_valid(self):
        """Make sure a token with some life left is at hand: adopt, log in or renew as needed.

        With an API key: make sure the key is at hand; nothing is sent.
        """
        if self.uses_api_key:
            self._ensure_key()
            return
        if self._cache is not None and self._fresh_from_cache():
            return
        with self._cache_entry() as entry:
            record = entry.load()
            if record and record.get('token') and not self._trusts(record):
                # Other credentials than those the run's session was opened with: they log in on their own.
                record = None
                self.token = None
            self.adopt(record)
            if not self.token:
                self.login()
            elif self.expires_in() <= self.refresh_margin():
                if not self._renew(tolerate=True):
                    return
            elif record and (record.get('received_at') or 0) >= (self.received_at or 0):
                return
            # Logged in, renewed, or a session from a fact or option newer than what this run held:
            # from now on the run's other workers share it.
            entry.save(self.cache_record())

    def _fresh_from_cache(self):
        """Whether the run's cache holds this session with life left, read without its lock.

        The common case of every task: entries are replaced whole (written aside, then renamed),
        so a read without the lock sees one entry or the other, never half of one. Anything else
        (nothing cached, a token to renew, a newer one of our own to share) goes the locked way.
        """
        record = self._cache.peek(self.cache_key())
        if not record or not record.get('token') or not self._trusts(record):
            return False
        if self.token and (record.get('received_at') or 0) < (self.received_at or 0):
            return False
        self.adopt(record)
        return self.token == record['token'] and self.expires_in() > self.refresh_margin()

    def renew(self, relogin=False):
        """Refresh now (dashboard_refresh), unless another worker did so while this one waited; never with an API key."""
        if self.uses_api_key:
            return
        started = self._clock()
        with self._cache_entry() as entry:
            record = entry.load()
            if record and (record.get('received_at') or 0) >= started - 1 and self.adopt(record):
                return  # refreshed within this very task by another host's worker
            self._renew(relogin=relogin)
            entry.save(self.cache_record())

    # ----- API keys -----------------------------------------------------------------------

    def _ensure_key(self):
        """The key from this run's token cache, when the task was handed a key session without one."""
        if self._api_key:
            return
        with self._cache_entry() as entry:
            record = entry.load() or {}
        if record.get('auth') == 'api_key' and record.get('api_key'):
            self._api_key = record['api_key']
            return
        raise NoSessionGiven('The session of %s on %s is an API-key session, and its key is not at hand: a session fact never '
                             'holds the key, and this run did not log in with it. Give api_key (or DASHBOARD_API_KEY) to this task, '
                             'or run fabricops.dashboard.dashboard_login with the key earlier in this run.' % (self.username, self.base_url))

    def check_api_key(self):
        """One cheap GET that the key is accepted (dashboard_login with a key); keeps the key for this run's other tasks."""
        self._ensure_key()
        self.request('GET', KEY_CHECK_PATH)
        with self._cache_entry() as entry:
            # The run's private cache, never the fact: the tasks after this one find the key here.
            entry.save({'auth': 'api_key', 'api_key': self._api_key, 'username': self.username, 'nodes': self.nodes})

    def _key_refused(self, response):
        return AuthenticationFailed(self.scrub(
            'The dashboard %s refused the API key of %s (HTTP %d: %s): wrong, revoked or not this account\'s. Create a new key in '
            'the dashboard\'s UI (the account\'s API keys), and give it as api_key or DASHBOARD_API_KEY (in AWX, the API key field '
            'of the credential). Nothing was retried.' % (
                self.base_url, self.username, response.status, server_message(response.json, self.scrub) or 'no reason given')),
            status=response.status)

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
                                 % (self.username or 'this account', self.base_url, _iso(self.expires_at)))
        self.login()
        return True

    def _recover_from_refusal(self, refused_token):
        """After the dashboard refused a token: adopt a newer one, else renew it, once."""
        with self._cache_entry() as entry:
            if self.adopt(entry.load()) and self.token != refused_token:
                return
            if self.has_credentials:
                self.login()
            else:
                self.refresh()
            entry.save(self.cache_record())

    def request(self, method, path, json_body=None, params=None, accept=None):
        """An authenticated request. A refused token is renewed once and the request sent once more.

        ``accept``: statuses that are not errors (default: every 2xx); ApiError otherwise.
        """
        method = method.upper()
        self.add_secrets(body_secrets(json_body))
        if self.is_auth_path(path):
            return self._auth_request(method, path, json_body, params, accept)
        self.ensure_valid()
        if self.uses_api_key:
            # A refused key is not renewed or sent again: the same key would be refused the same way.
            response = self.http.request(method, path, json_body=json_body, params=params, api_key=(self.username, self._api_key))
            if is_auth_failure(response):
                raise self._key_refused(response)
            if not _accepted(response.status, accept):
                raise self._api_error(response, method, path)
            return response
        used = self.token
        response = self.http.request(method, path, json_body=json_body, params=params, token=used)
        if is_auth_failure(response):
            self._recover_from_refusal(used)
            response = self.http.request(method, path, json_body=json_body, params=params, token=self.token)
            if is_auth_failure(response):
                raise SessionExpired(self.scrub(
                    'The dashboard %s refused %s %s twice, before and after renewing the session (HTTP %d: %s). The account may '
                    'lack access to it, or the session was ended on the server; not retrying further.' % (
                        self.base_url, method, path, response.status, server_message(response.json, self.scrub) or 'no reason given')))
        if not _accepted(response.status, accept):
            raise self._api_error(response, method, path)
        return response

    def _operation(self, path):
        """``path`` as the dashboard's own path, without the address's prefix: /login, /api/v1/infra/whoami..."""
        full = decoded_path(urlsplit(self.http.url_for(path)).path)
        prefix = urlsplit(self.base_url).path
        if prefix and full.startswith(prefix + '/'):
            full = full[len(prefix):]
        return '/' + full.strip('/')

    def is_auth_path(self, path):
        """Whether ``path`` is one of the platform's own login, refresh or logout operations, in any spelling
        (percent-encoded, with dot segments): the server decodes it before it routes it."""
        return self._operation(path) in AUTH_PATHS

    def _auth_request(self, method, path, json_body, params, accept):
        """A request to the auth operations themselves, sent exactly once.

        Its refusal is the answer, not a sign of a stale session: renewing and sending it again
        would send a wrong password twice, a step toward locking the account. A login needs no
        session; the others carry the current one.
        """
        token = api_key = None
        if self._operation(path) not in LOGIN_PATHS:
            self.ensure_valid()
            token = self.token
            api_key = (self.username, self._api_key) if self.uses_api_key else None
        response = self.http.request(method, path, json_body=json_body, params=params, token=token, retry=False, api_key=api_key)
        if not _accepted(response.status, accept):
            raise self._api_error(response, method, path)
        return response

    def _api_error(self, response, method, path, doing=None):
        reason = server_message(response.json if response.is_json else response.text, self.scrub) or 'no message'
        doing = doing or '%s %s' % (method, path)
        message = 'The dashboard %s answered HTTP %d while %s: %s' % (self.base_url, response.status, doing, reason)
        body = response.body
        if len(response.text or '') > MAX_ERROR_BODY:
            message += ' (its answer, %d characters, is not returned whole)' % len(response.text)
            body = None
        return ApiError(self.scrub(message), status=response.status, body=body, method=method, path=path)


def _is_login_answer(response, body):
    """Whether an answer to POST /login has the shape of the platform's own (see the platform facts).

    A token (200), a refusal ``{"message"}`` (401, 403), or an empty 200 (an unknown login
    domain on older releases). The gateway's generic 401 for a path it does not serve carries
    ``code`` and ``description`` as well; an HTML page or a 404 is another server or path.
    """
    if response.status == 200:
        return not response.text.strip() or isinstance(response.json, dict)
    if response.status in (401, 403):
        return isinstance(body.get('message'), str) and 'code' not in body and 'description' not in body
    return response.status not in (404, 405) and (response.is_json or response.status >= 500)


def _accepted(status, accept):
    if accept:
        return status in accept
    return 200 <= status < 300


def _same_target(options, session):
    """Whether a session dict belongs to the dashboard and account the options name."""
    if options.get('host'):
        try:
            if normalize_nodes(options['host']) != normalize_nodes(session.get('nodes') or session.get('host')):
                return False
        except ConfigurationError:
            return False
    if options.get('username') and session.get('username') and options['username'] != session['username']:
        return False
    if options.get('domain') and session.get('domain') and options['domain'] != session['domain']:
        return False
    return True
