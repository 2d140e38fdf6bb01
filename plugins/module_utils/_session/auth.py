# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the ways to authenticate with the dashboard, and its auth calls.

Two ways, one interface (``PasswordAuth``, ``ApiKeyAuth``): what the session asks of either is
its secret, what it puts on a request, where the run's cache keeps it and whether it has a token
to log in, refresh and log out. Here too: the platform's auth paths (in any spelling), the login,
refresh and logout calls and their messages, what counts as an auth failure, and the claims of a
token.
"""

from __future__ import annotations

import datetime
import posixpath
import time
from urllib.parse import unquote, urlsplit

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import (
    AuthenticationFailed, ConfigurationError, NoSessionGiven, SessionExpired, answer_error, server_message)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import LEGACY_AUTH_PATHS, UNIFIED_AUTH_PATHS

LOGIN_PATH = '/login'
REFRESH_PATH = '/refresh'
LOGOUT_PATH = '/logout'
# The platform's own auth operations, under both the names the platform serves them.
AUTH_PATHS = frozenset(prefix + name for prefix in ('', '/api/v1/infra') for name in (LOGIN_PATH, REFRESH_PATH, LOGOUT_PATH))
LOGIN_PATHS = frozenset(('/login', '/api/v1/infra/login'))
# What an API-key session checks its key with at login: cheap, read-only, and answered by every
# account that may use the fabric controller.
KEY_CHECK_PATH = '/appcenter/cisco/ndfc/api/about/version'
# The login domain plays no part in a key session; this stands in its place in the token cache key,
# so the key session of an account never takes the place of its password session.
KEY_SESSION_DOMAIN = '(api key)'


def token_claims(token):
    """The claims of a JWT, read WITHOUT verifying its signature.

    Only the dashboard can verify its own tokens; the client reads ``exp``/``iat`` solely to
    schedule a refresh, so an unverified read is enough and a forged token gains nothing.
    """
    try:
        # Imported here: PyJWT loads the cryptography package (0.2 s of CPU in a new process), and the session keeper,
        # a new process per run, reads no token until it refreshes one.
        import jwt  # pylint: disable=import-outside-toplevel
    except ImportError:
        raise ConfigurationError('The Python library PyJWT is required on the Ansible control node: pip install PyJWT.') from None
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


def decoded_path(path):
    """``path`` as a server that decodes it (once or more) and resolves dot segments sees it."""
    for _level in range(4):
        plain = unquote(path)
        if plain == path:
            break
        path = plain
    return posixpath.normpath('/' + path.lstrip('/'))


def operation_path(url, base_url):
    """The dashboard's own path of ``url``, without the prefix of its address ``base_url``: /login, /api/v1/infra/whoami..."""
    full = decoded_path(urlsplit(url).path)
    prefix = urlsplit(base_url).path
    if prefix and full.startswith(prefix + '/'):
        full = full[len(prefix):]
    return '/' + full.strip('/')


def iso(epoch):
    return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def describe_refused_token(token, clock=time.time):
    """Why a dashboard may have refused ``token``, as far as the client can tell without the dashboard's key."""
    claims = token_claims(token) if token else {}
    expiry = claims.get('exp')
    if not isinstance(expiry, (int, float)):
        return ('the token is not a session token of this dashboard (it does not read as one of its JWTs: altered, cut short '
                'or not a dashboard token at all)')
    if expiry <= clock():
        return 'the token expired at %s' % iso(expiry)
    return ('the token was logged out, or was not issued by this dashboard (altered, or from another dashboard): it would '
            'have been valid until %s' % iso(expiry))


def _is_login_answer(response, body, paths=LEGACY_AUTH_PATHS):
    """Whether an answer to POST /login has the shape of the platform's own (see POST /login in docs/api/platform.yaml).

    A token (200), a refusal ``{"message"}`` (401, 403; from 4.2 on, under /api/v1/infra,
    ``{"code", "message"}``), or an empty 200 (an unknown login domain on older releases). The
    gateway's generic 401 for a path it does not serve carries ``description`` as well; an HTML
    page or a 404 is another server or path.
    """
    if response.status == 200:
        return not response.text.strip() or isinstance(response.json, dict)
    if response.status in (401, 403):
        envelope_fits = paths is UNIFIED_AUTH_PATHS or 'code' not in body
        return isinstance(body.get('message'), str) and envelope_fits and 'description' not in body
    return response.status not in (404, 405) and (response.is_json or response.status >= 500)


def _host_hint(base_url):
    prefix = urlsplit(base_url).path
    if prefix:
        return (' Its address carries the path %s: give the address alone (https://%s), the collection adds /login and '
                'the API paths itself.' % (prefix, urlsplit(base_url).netloc))
    return ' Check the address and port: they must be those of the dashboard\'s web interface.'


class SessionAnswer:
    """What a login or refresh answer gave: the token, the compat token, the account's type and roles."""

    def __init__(self, response, token):
        body = response.json if isinstance(response.json, dict) else {}
        self.token = token
        self.compat_token = body.get('token') if body.get('token') != token else None
        self.usertype = body.get('usertype') or None
        self.rbac_field = body.get('rbac')
        self.username = body.get('username')


def _answered_token(response):
    body = response.json if isinstance(response.json, dict) else {}
    return body.get('jwttoken') or body.get('token') or response.cookies.get('AuthCookie')


class PasswordAuth:
    """A login session in one login domain: a token (the AuthCookie), refreshed and ended on the server."""

    name = 'password'
    has_token = True

    def __init__(self, password):
        self.password = password

    @property
    def secret(self):
        return self.password

    def cache_domain(self, domain):
        return domain

    @staticmethod
    def credentials(session):
        """What a request of ``session`` carries: its token, as the AuthCookie."""
        return {'token': session.token}

    def login(self, http, username, domain, scrub, paths=LEGACY_AUTH_PATHS):
        """POST /login (``paths.login``: /api/v1/infra/login from 4.2 on) with the spec's body; the token is jwttoken
        (or token, older releases)."""
        who = '%s in login domain %s' % (username, domain)
        response = http.request('POST', paths.login, replay_safe=True,
                                json_body={'domain': domain, 'userName': username, 'userPasswd': self.password})
        body = response.json if isinstance(response.json, dict) else {}
        if not _is_login_answer(response, body, paths):
            raise AuthenticationFailed(scrub(
                'The answer of %s to the login of %s is not the dashboard\'s login answer (HTTP %d: %s), so the host option '
                'probably does not point at the dashboard itself.%s' % (
                    http.url_for(paths.login), who, response.status,
                    server_message(body or response.text, scrub) or 'no message', _host_hint(http.base_url))), status=response.status)
        if response.status in (401, 403):
            reason = server_message(body, scrub) or 'no reason given'
            hint = ('Update the password in the dashboard first.' if response.status == 403
                    else 'Check username, password and login domain; a locked account is refused the same way.')
            raise AuthenticationFailed(scrub('The dashboard %s refused the login of %s (HTTP %d: %s). %s' % (
                http.base_url, who, response.status, reason, hint)), status=response.status)
        if response.status != 200:
            raise answer_error(http.base_url, response, 'POST', paths.login, scrub, 'logging in as %s' % who)
        token = _answered_token(response)
        if not token or body.get('statusCode', 200) != 200:
            raise AuthenticationFailed('The dashboard %s answered the login of %s without a session token. This is what it does '
                                       'for a login domain it does not know: check the domain option (common values: DefaultAuth, '
                                       'local).' % (http.base_url, who), status=response.status)
        return SessionAnswer(response, token)

    @staticmethod
    def refresh(http, token, username, scrub, clock=time.time, paths=LEGACY_AUTH_PATHS):
        """POST /refresh (``paths.refresh``) with an empty payload and the AuthCookie; the new token replaces the old.

        From 4.2 on the answer carries the token alone: the account's type and roles stay those of the login.
        """
        response = http.request('POST', paths.refresh, token=token, replay_safe=True)
        if is_auth_failure(response):
            raise SessionExpired('The dashboard %s refused to refresh the session of %s: %s. Log in again: run '
                                 'fabricops.dashboard.dashboard_login, or give username and password so the session can be '
                                 'renewed by logging in.' % (http.base_url, username or 'this account', describe_refused_token(token, clock)))
        if response.status != 200:
            raise answer_error(http.base_url, response, 'POST', paths.refresh, scrub, 'refreshing the session')
        new_token = _answered_token(response)
        if not new_token:
            raise SessionExpired('The dashboard %s answered the refresh without a new token; log in again.' % http.base_url)
        return SessionAnswer(response, new_token)

    @staticmethod
    def logout(http, token, scrub, paths=LEGACY_AUTH_PATHS):
        """POST /logout (``paths.logout``); whether a live session was ended (401: there was none)."""
        response = http.request('POST', paths.logout, token=token)
        if response.status not in (200, 204, 401):
            raise answer_error(http.base_url, response, 'POST', paths.logout, scrub, 'logging out')
        return response.status != 401


class ApiKeyAuth:
    """A key session: every request carries the account name and the key; nothing to log in, refresh or log out.

    Without the key (a session fact, which never holds it) the key comes from this run's token cache.
    """

    name = 'api_key'
    has_token = False

    def __init__(self, key):
        if key and any(ord(character) < 32 or ord(character) == 127 for character in key):
            # Said without the key: it is a secret, and its line break would cut the message in two.
            raise ConfigurationError('api_key holds a line break or another control character, which no API key has; copy the key '
                                     'again from the dashboard\'s UI (the account\'s API keys), without the end of the line.')
        self.key = key

    @property
    def secret(self):
        return self.key

    @staticmethod
    def cache_domain(domain):
        return KEY_SESSION_DOMAIN

    def credentials(self, session):
        """What a request of ``session`` carries: the account and its key, as the API-key headers."""
        return {'api_key': (session.username, self.key)}

    def ensure_key(self, entry, username, base_url):
        """The key from this run's cache ``entry``, when the task was handed a key session without one."""
        if self.key:
            return
        record = entry.load() or {}
        if record.get('auth') == 'api_key' and record.get('api_key'):
            self.key = record['api_key']
            return
        raise NoSessionGiven('The session of %s on %s is an API-key session, and its key is not at hand: a session fact never '
                             'holds the key, and this run did not log in with it. Give api_key (or DASHBOARD_API_KEY) to this task, '
                             'or run fabricops.dashboard.dashboard_login with the key earlier in this run.' % (username, base_url))

    @staticmethod
    def refused(base_url, username, response, scrub):
        return AuthenticationFailed(scrub(
            'The dashboard %s refused the API key of %s (HTTP %d: %s): wrong, revoked or not this account\'s. Create a new key in '
            'the dashboard\'s UI (the account\'s API keys), and give it as api_key or DASHBOARD_API_KEY (in AWX, the API key field '
            'of the credential). Nothing was retried.' % (
                base_url, username, response.status, server_message(response.json, scrub) or 'no reason given')),
            status=response.status)


def token_timing(claims, received_at, lifetime, default_lifetime, now):
    """(received_at, lifetime) of a token: as given, else from its claims, else ``default_lifetime`` from ``now``."""
    if received_at is not None and lifetime is not None:
        return received_at, lifetime
    if isinstance(claims.get('exp'), (int, float)) and isinstance(claims.get('iat'), (int, float)) and received_at is None:
        # Counted from our own clock: a control node whose clock is an hour off the dashboard's must
        # neither refresh on every task nor let the token lapse.
        return now, claims['exp'] - claims['iat']
    if isinstance(claims.get('exp'), (int, float)):
        return (received_at if received_at is not None else now), claims['exp'] - (received_at if received_at is not None else now)
    return (received_at if received_at is not None else now), default_lifetime
