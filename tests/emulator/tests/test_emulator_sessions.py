"""Refresh, logout, expiry, and the tokens the gateway refuses."""

import base64
import json
import time

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from controller_paths import FABRICS

REFRESH_PATHS = ["/refresh", "/api/v1/infra/refresh"]
LOGOUT_PATHS = ["/logout", "/api/v1/infra/logout"]
TOKEN_INVALID = {"message": "Token invalid or expired"}


def cookie_get(emu, path, token):
    return emu.session().get(emu.url(path), headers={"Cookie": "AuthCookie=" + token}, timeout=10)


def exp_of(token):
    return jwt.decode(token, options={"verify_signature": False})["exp"]


@pytest.mark.parametrize("path", REFRESH_PATHS)
def test_refresh_with_the_cookie_issues_a_new_token(emu, path):
    session = emu.login("admin")
    old_token = session.token
    time.sleep(1.1)  # so the new expiry is visibly later
    answer = session.post(emu.url(path), timeout=10)
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) == {"jwttoken", "username", "usertype", "rbac", "statusCode", "token"}
    assert body["jwttoken"] != old_token
    assert body["username"] == "admin"
    assert isinstance(body["rbac"], str)
    assert exp_of(body["jwttoken"]) > exp_of(old_token)
    assert answer.headers["Set-Cookie"].startswith("AuthCookie=" + body["jwttoken"] + ";")
    # the session's cookie jar now holds the new token, and it works
    assert session.cookies["AuthCookie"] == body["jwttoken"]
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200
    assert emu.counters()["refreshes"] == 1


def test_old_token_stays_valid_after_refresh(emu):
    session = emu.login("admin")
    old_token = session.token
    assert session.post(emu.url("/refresh"), timeout=10).status_code == 200
    assert cookie_get(emu, FABRICS, old_token).status_code == 200


def test_refresh_accepts_bearer_and_body_token(emu):
    token = emu.login("viewer").token
    by_bearer = emu.session().post(emu.url("/refresh"), headers={"Authorization": "Bearer " + token}, timeout=10)
    assert by_bearer.status_code == 200
    by_body = emu.session().post(emu.url("/refresh"), json={"jwttoken": token}, timeout=10)
    assert by_body.status_code == 200
    assert by_body.json()["jwttoken"] not in (token, by_bearer.json()["jwttoken"])


@pytest.mark.parametrize("path", REFRESH_PATHS)
def test_refresh_without_token_is_401(emu, path):
    answer = emu.session().post(emu.url(path), timeout=10)
    assert answer.status_code == 401
    assert answer.json() == TOKEN_INVALID
    assert emu.counters()["refresh_failures"] == 1


def test_refresh_with_garbage_token_is_401(emu):
    answer = emu.session().post(emu.url("/refresh"), headers={"Cookie": "AuthCookie=not.a.jwt"}, timeout=10)
    assert answer.status_code == 401
    assert answer.json() == TOKEN_INVALID


def test_refresh_after_logout_is_401(emu):
    session = emu.login("admin")
    token = session.token
    assert session.post(emu.url("/logout"), timeout=10).status_code == 200
    answer = emu.session().post(emu.url("/refresh"), headers={"Cookie": "AuthCookie=" + token}, timeout=10)
    assert answer.status_code == 401
    assert answer.json() == TOKEN_INVALID


@pytest.mark.parametrize("path", LOGOUT_PATHS)
def test_logout_ends_the_session(emu, path):
    session = emu.login("admin")
    token = session.token
    assert emu.counters()["live_sessions"] == 1
    answer = session.post(emu.url(path), timeout=10)
    assert answer.status_code == 200
    assert answer.content == b""
    assert "Max-Age=0" in answer.headers["Set-Cookie"]
    assert answer.headers["Set-Cookie"].startswith("AuthCookie=;")
    refused = cookie_get(emu, FABRICS, token)
    assert refused.status_code == 401
    assert refused.json()["message"] == "Unauthorized"
    counters = emu.counters()
    assert counters["logouts"] == 1
    assert counters["live_sessions"] == 0


def test_logout_also_ends_tokens_issued_by_refresh(emu):
    session = emu.login("admin")
    first = session.token
    second = session.post(emu.url("/refresh"), timeout=10).json()["jwttoken"]
    assert emu.session().post(emu.url("/logout"), headers={"Cookie": "AuthCookie=" + second}, timeout=10).status_code == 200
    assert cookie_get(emu, FABRICS, first).status_code == 401
    assert cookie_get(emu, FABRICS, second).status_code == 401


def test_logout_without_valid_token_is_401(emu):
    answer = emu.session().post(emu.url("/logout"), timeout=10)
    assert answer.status_code == 401
    assert answer.json() == {"message": "Unauthorized"}


def test_token_expires_after_a_two_second_lifetime(emu):
    emu.set_faults(session_timeout=2)
    session = emu.login("admin")
    claims = jwt.decode(session.token, options={"verify_signature": False})
    assert claims["exp"] - claims["iat"] == 2
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200
    time.sleep(2.5)
    expired = session.get(emu.url(FABRICS), timeout=10)
    assert expired.status_code == 401
    assert expired.json()["code"] == 401
    refresh = session.post(emu.url("/refresh"), timeout=10)
    assert refresh.status_code == 401
    assert refresh.json() == TOKEN_INVALID
    assert emu.counters()["live_sessions"] == 0


def test_refresh_before_expiry_extends_the_session(emu):
    # iat and exp are whole seconds, so a token lives between lifetime-1 and lifetime seconds
    emu.set_faults(session_timeout=5)
    session = emu.login("admin")
    time.sleep(2)
    assert session.post(emu.url("/refresh"), timeout=10).status_code == 200
    time.sleep(3.1)
    # the login token is past its exp now; the refreshed one is not
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200
    assert cookie_get(emu, FABRICS, session.token).status_code == 401


def _forge(claims, key):
    return jwt.encode(claims, key, algorithm="RS256", headers={"kid": "forged"})


def test_token_signed_by_another_key_is_refused(emu):
    genuine = emu.login("viewer").token
    claims = jwt.decode(genuine, options={"verify_signature": False})
    claims["username"] = "admin"
    other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    assert cookie_get(emu, FABRICS, _forge(claims, other_key)).status_code == 401


def test_token_with_edited_claims_is_refused(emu):
    header, payload, signature = emu.login("viewer").token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    claims["rbac"][0]["roles"] = [["admin", "WritePriv"]]
    edited = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    answer = emu.session().post(emu.url(FABRICS), headers={"Cookie": "AuthCookie=" + ".".join((header, edited, signature))},
                                json={"name": "sneaky", "type": "EXTERNAL", "asn": "65100"}, timeout=10)
    assert answer.status_code == 401


def test_session_timeout_setting_read_and_changed_by_admin(emu):
    admin = emu.login("admin")
    assert admin.get(emu.url("/api/v1/infra/session-timeout"), timeout=10).json() == {"sessionTimeout": 1200, "idleTimeout": 3600}
    changed = admin.put(emu.url("/api/v1/infra/session-timeout"), json={"sessionTimeout": 300}, timeout=10)
    assert changed.status_code == 200
    assert changed.json() == {"sessionTimeout": 300, "idleTimeout": 3600}
    # new tokens use it; the admin's own token keeps its 1200 s
    fresh = emu.login("viewer").token
    claims = jwt.decode(fresh, options={"verify_signature": False})
    assert claims["exp"] - claims["iat"] == 300
    assert exp_of(admin.token) - jwt.decode(admin.token, options={"verify_signature": False})["iat"] == 1200
    emu.reset()
    assert emu.login("admin").get(emu.url("/api/v1/infra/session-timeout"), timeout=10).json()["sessionTimeout"] == 1200


@pytest.mark.parametrize("username", ["viewer", "netops"])
def test_session_timeout_change_needs_write_on_all(emu, username):
    answer = emu.login(username).put(emu.url("/api/v1/infra/session-timeout"), json={"sessionTimeout": 60}, timeout=10)
    assert answer.status_code == 403
    assert "message" in answer.json()
    assert emu.login("admin").get(emu.url("/api/v1/infra/session-timeout"), timeout=10).json()["sessionTimeout"] == 1200


def test_session_timeout_rejects_nonsense(emu):
    answer = emu.login("admin").put(emu.url("/api/v1/infra/session-timeout"), json={"sessionTimeout": 0}, timeout=10)
    assert answer.status_code == 400


def test_whoami_describes_the_token(emu):
    session = emu.login("netops")
    body = session.get(emu.url("/api/v1/infra/whoami"), timeout=10).json()
    assert body == {
        "username": "netops",
        "usertype": "ldap",
        "domain": "corp-ldap",
        "rbac": [{"domain": "dc1", "rolesR": 0, "rolesW": 1, "roles": [["admin", "WritePriv"]]}],
        "expiresAt": exp_of(session.token),
    }
