"""Platform operations: login, refresh, logout, session timeout, whoami, version, and from 4.2 on login domains and about.

The login family answers under two names, /login and /api/v1/infra/login (and so on). From 4.2 on the
/api/v1/infra names behave as a client written against a live 4.2.1 records them (nd-manage-facts
1.4): the login domain is required, a refresh answers the token alone, and refusals come in the
unified API's ``{code, message}`` envelope; the legacy names keep their own behaviour.
"""

import logging

from dashboard_emulator.accounts import ALL_DOMAINS, LoginOutcome, can_write
from dashboard_emulator.gateway import token_from_headers
from dashboard_emulator.handlers import current_claims, current_scope, current_state
from dashboard_emulator.release import release_of
from dashboard_emulator.responses import empty_response, json_response, message_body
from dashboard_emulator.state import IDLE_TIMEOUT
from dashboard_emulator.tokens import rbac_string

log = logging.getLogger("dashboard_emulator.auth")

COOKIE_NAME = "AuthCookie"
BAD_CREDENTIALS = "Invalid Username/Password, or Account is locked"
PASSWORD_EXPIRED = "Password has expired. Please update your password."
TOKEN_INVALID = "Token invalid or expired"
DOMAIN_REQUIRED = "A login domain is required"
INFRA_PREFIX = "/api/v1/infra/"


def _set_cookie(token):
    return COOKIE_NAME + "=" + token + "; Path=/; Secure; HttpOnly; SameSite=Lax"


def _expired_cookie():
    return COOKIE_NAME + "=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; HttpOnly; SameSite=Lax"


def _unified(state):
    """Whether this request is to the 4.2 login family: a 4.2 release, through /api/v1/infra."""
    return release_of(state).unified_auth and current_scope()["path"].startswith(INFRA_PREFIX)


def _refusal(state, status, message):
    """A refusal of the login family: ``{message}`` (legacy), ``{code, message}`` (the 4.2 login family)."""
    if _unified(state):
        return json_response(status, {"code": status, "message": message})
    return json_response(status, message_body(message))


def _token_answer(account, token):
    body = {
        "jwttoken": token,
        "username": account.username,
        "usertype": account.usertype,
        "rbac": rbac_string(account.rbac_list()),
        "statusCode": 200,
        # The platform keeps this field for older clients; it carries the same token so a
        # client reading either field gets a working session.
        "token": token,
    }
    return json_response(200, body, headers={"set-cookie": _set_cookie(token)})


def _first(body, *names):
    for name in names:
        value = body.get(name)
        if value:
            return value
    return ""


async def login(body=None, **_kwargs):
    state = current_state()
    body = body or {}
    login_domain = body.get("domain") or ""
    if not login_domain and _unified(state):
        # Only 4.2's /api/v1/infra/login gets here without one (its document leaves the check to this
        # handler there): a 500, as nac-analytics 0.3.0 records it.
        return _refusal(state, 500, DOMAIN_REQUIRED)
    username = _first(body, "userName", "username")
    password = _first(body, "userPasswd", "userpasswd", "password")
    outcome, account = state.accounts.authenticate(login_domain, username, password)
    if outcome == LoginOutcome.OK:
        token, _claims = state.issue_token(account)
        state.counters.logins += 1
        log.info("login ok: user=%s domain=%s", username, login_domain)
        return _token_answer(account, token)
    state.counters.login_failures += 1
    log.info("login refused (%s): user=%s domain=%s", outcome, username, login_domain)
    if outcome == LoginOutcome.UNKNOWN_DOMAIN and state.accounts.unknown_login_domain == "empty_200":
        # Older releases answer an unknown login domain with 200 and nothing else.
        return empty_response(200, headers={"content-type": "text/plain"})
    if outcome == LoginOutcome.PASSWORD_EXPIRED:
        return _refusal(state, 403, PASSWORD_EXPIRED)
    return _refusal(state, 401, BAD_CREDENTIALS)


def _presented_tokens(body):
    yield from token_from_headers(current_scope()["headers"])
    if isinstance(body, dict):
        for name in ("jwttoken", "token"):
            if isinstance(body.get(name), str) and body[name]:
                yield body[name]


def _valid_claims(state, body):
    for token in _presented_tokens(body):
        claims = state.claims_for(token)
        if claims is not None:
            return claims
    return None


async def refresh(body=None, **_kwargs):
    state = current_state()
    claims = _valid_claims(state, body)
    if claims is None:
        state.counters.refresh_failures += 1
        log.info("refresh refused: no valid token")
        return _refusal(state, 401, TOKEN_INVALID)
    session = state.sessions.get(claims["sessionid"])
    outcome, account = state.accounts.lookup(session.login_domain, claims["username"])
    if outcome != LoginOutcome.OK:
        state.counters.refresh_failures += 1
        return _refusal(state, 401, TOKEN_INVALID)
    # Same session, new token; the presented token stays valid until its own exp.
    token, _claims = state.issue_token(account, claims["sessionid"])
    state.counters.refreshes += 1
    log.info("refresh ok: user=%s", account.username)
    if _unified(state):
        # 4.2 answers a refresh with the token alone (nac-analytics 0.3.0); the cookie is assumed as on /refresh.
        return json_response(200, {"jwttoken": token}, headers={"set-cookie": _set_cookie(token)})
    return _token_answer(account, token)


async def logout(**_kwargs):
    state = current_state()
    claims = _valid_claims(state, None)
    if claims is None:
        return _refusal(state, 401, "Unauthorized")
    state.sessions.end(claims["sessionid"])
    state.counters.logouts += 1
    log.info("logout: user=%s", claims["username"])
    return empty_response(200, headers={"set-cookie": _expired_cookie()})


def _timeout_body(state):
    return {"sessionTimeout": state.session_timeout, "idleTimeout": IDLE_TIMEOUT}


async def get_session_timeout(**_kwargs):
    return json_response(200, _timeout_body(current_state()))


async def put_session_timeout(body, **_kwargs):
    state = current_state()
    state.counters.writes += 1
    claims = current_claims()
    if not can_write(claims["rbac"], ALL_DOMAINS):
        return json_response(403, message_body("Changing the session timeout needs write privilege on the domain all"))
    state.session_timeout = int(body["sessionTimeout"])
    log.info("session timeout set to %d s by %s", state.session_timeout, claims["username"])
    return json_response(200, _timeout_body(state))


async def whoami(**_kwargs):
    state = current_state()
    claims = current_claims()
    if claims["sessionid"] is None:
        # an API key: no session, the account's own login domain
        login_domain = claims["login_domain"]
    else:
        login_domain = state.sessions.get(claims["sessionid"]).login_domain
    body = {
        "username": claims["username"],
        "usertype": claims["usertype"],
        "domain": login_domain,
        "rbac": claims["rbac"],
        "expiresAt": claims["exp"],
    }
    return json_response(200, body)


async def platform_version(**_kwargs):
    return json_response(200, release_of(current_state()).version_body())


async def about(**_kwargs):
    """GET /api/v1/infra/about (4.2.1 on): the release with its build number."""
    return json_response(200, release_of(current_state()).about_body())


async def login_domains(**_kwargs):
    """GET /api/v1/infra/logindomains (4.2 on, public): what the login page offers."""
    return json_response(200, current_state().accounts.login_page_domains())
