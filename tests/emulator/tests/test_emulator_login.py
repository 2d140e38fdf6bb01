"""POST /login: both spellings, the answer's fields and cookie, and every refusal."""

import json

import jwt
import pytest

LOGIN_PATHS = ["/login", "/api/v1/infra/login"]


def post_login(emu, body, path="/login"):
    return emu.session().post(emu.url(path), json=body, timeout=10)


@pytest.mark.parametrize("path", LOGIN_PATHS)
@pytest.mark.parametrize("user_field,password_field", [
    ("userName", "userPasswd"),
    ("username", "userpasswd"),
    ("username", "password"),
])
def test_login_accepts_every_spelling(emu, path, user_field, password_field):
    answer = post_login(emu, {"domain": "DefaultAuth", user_field: "admin", password_field: "Admin-Passw0rd!"}, path)
    assert answer.status_code == 200
    assert answer.json()["username"] == "admin"


def test_login_answer_has_every_field_with_its_type(emu):
    answer = post_login(emu, {"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Admin-Passw0rd!"})
    body = answer.json()
    assert set(body) == {"jwttoken", "username", "usertype", "rbac", "statusCode", "token"}
    assert body["statusCode"] == 200
    assert body["usertype"] == "local"
    assert isinstance(body["rbac"], str)
    assert json.loads(body["rbac"]) == [
        {"domain": "all", "rolesR": 16777216, "rolesW": 1, "roles": [["admin", "WritePriv"], ["app-user", "ReadPriv"]]}
    ]
    assert body["token"] == body["jwttoken"]
    assert answer.headers["Content-Type"] == "application/json"


def test_login_sets_a_secure_httponly_cookie(emu):
    answer = post_login(emu, {"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Admin-Passw0rd!"})
    set_cookie = answer.headers["Set-Cookie"]
    attributes = [part.strip() for part in set_cookie.split(";")]
    assert attributes[0] == "AuthCookie=" + answer.json()["jwttoken"]
    assert "Secure" in attributes
    assert "HttpOnly" in attributes
    assert "Path=/" in attributes


def test_token_is_an_rs256_jwt_with_the_platform_claims(emu):
    token = post_login(emu, {"domain": "DefaultAuth", "userName": "viewer", "userPasswd": "Viewer-Passw0rd!"}).json()["jwttoken"]
    header = jwt.get_unverified_header(token)
    assert header["alg"] == "RS256"
    assert header["typ"] == "JWT"
    assert header["kid"]
    claims = jwt.decode(token, options={"verify_signature": False})
    assert {"username", "usertype", "rbac", "iat", "exp", "iss", "sessionid", "userid", "avpair"} <= set(claims)
    assert claims["exp"] - claims["iat"] == 1200
    assert claims["username"] == "viewer"
    assert claims["rbac"][0]["domain"] == "all"
    assert claims["avpair"] == "shell:domains=all//app-user"


def test_ldap_account_logs_in_to_its_own_domain(emu):
    answer = post_login(emu, {"domain": "corp-ldap", "userName": "netops", "userPasswd": "Netops-Passw0rd!"})
    assert answer.status_code == 200
    assert answer.json()["usertype"] == "ldap"
    assert json.loads(answer.json()["rbac"])[0]["domain"] == "dc1"


@pytest.mark.parametrize("path", LOGIN_PATHS)
@pytest.mark.parametrize("username,password", [("admin", "wrong-password"), ("nobody", "Admin-Passw0rd!")])
def test_bad_credentials_are_401_with_the_platform_message(emu, path, username, password):
    answer = post_login(emu, {"domain": "DefaultAuth", "userName": username, "userPasswd": password}, path)
    assert answer.status_code == 401
    assert answer.json() == {"message": "Invalid Username/Password, or Account is locked"}
    assert "Set-Cookie" not in answer.headers


def test_account_of_another_login_domain_is_refused(emu):
    answer = post_login(emu, {"domain": "DefaultAuth", "userName": "netops", "userPasswd": "Netops-Passw0rd!"})
    assert answer.status_code == 401


def test_expired_password_is_403(emu):
    answer = post_login(emu, {"domain": "DefaultAuth", "userName": "expired", "userPasswd": "Expired-Passw0rd!"})
    assert answer.status_code == 403
    assert answer.json() == {"message": "Password has expired. Please update your password."}


def test_unknown_login_domain_is_200_with_an_empty_body(emu):
    answer = post_login(emu, {"domain": "Nowhere", "userName": "admin", "userPasswd": "Admin-Passw0rd!"})
    assert answer.status_code == 200
    assert answer.content == b""
    assert "Set-Cookie" not in answer.headers


@pytest.mark.parametrize("body", [
    {"userName": "admin", "userPasswd": "Admin-Passw0rd!"},
    {"domain": "DefaultAuth", "userPasswd": "Admin-Passw0rd!"},
    {"domain": "DefaultAuth", "userName": "admin"},
    {"domain": 5, "userName": "admin", "userPasswd": "Admin-Passw0rd!"},
])
def test_incomplete_login_body_is_400(emu, body):
    answer = post_login(emu, body)
    assert answer.status_code == 400
    assert isinstance(answer.json()["message"], str)


def test_login_counters_count_success_and_failure(emu):
    post_login(emu, {"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Admin-Passw0rd!"})
    post_login(emu, {"domain": "DefaultAuth", "userName": "admin", "userPasswd": "nope"})
    counters = emu.counters()
    assert counters["logins"] == 1
    assert counters["login_failures"] == 1
    assert counters["live_sessions"] == 1
    assert counters["requests"]["POST /login"] == {"200": 1, "401": 1}
