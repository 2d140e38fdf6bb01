"""API keys: X-Nd-Username and X-Nd-Apikey on every request instead of a login.

Every request goes over HTTPS to the emulator process, with its CA as the only trusted one.
"""

import pytest

from dashboard_emulator.testing import API_KEYS

from controller_paths import FABRICS

NEW_FABRIC = FABRICS + "/keyed/External_Fabric"


def test_admin_key_reads_and_writes_without_a_login(emu):
    admin = emu.api_key_session("admin")
    names = [fabric["fabricName"] for fabric in admin.get(emu.url(FABRICS), timeout=10).json()]
    assert names == ["site-a", "site-dc1"]
    created = admin.post(emu.url(NEW_FABRIC), json={"BGP_AS": "65100"}, timeout=10)
    assert created.status_code == 200, created.text
    assert admin.get(emu.url(FABRICS + "/keyed"), timeout=10).status_code == 200
    counters = emu.counters()
    assert counters["api_key_requests"] == 3
    assert counters["api_key_refusals"] == 0
    # no login, no session, no refresh: the key is the whole authentication
    assert counters["logins"] == 0 and counters["live_sessions"] == 0 and counters["refreshes"] == 0


def test_viewer_key_has_the_viewers_rbac(emu):
    by_key = emu.api_key_session("viewer").post(emu.url(NEW_FABRIC), json={"BGP_AS": "65100"}, timeout=10)
    by_token = emu.login("viewer").post(emu.url(NEW_FABRIC), json={"BGP_AS": "65100"}, timeout=10)
    assert by_key.status_code == by_token.status_code == 403
    assert by_key.json() == by_token.json()
    assert emu.api_key_session("viewer").get(emu.url(FABRICS + "/site-a"), timeout=10).status_code == 200


def test_whoami_names_the_keys_account(emu):
    answer = emu.api_key_session("viewer").get(emu.url("/api/v1/infra/whoami"), timeout=10)
    assert answer.status_code == 200
    body = answer.json()
    assert (body["username"], body["domain"]) == ("viewer", "DefaultAuth")
    assert body["rbac"][0]["domain"] == "all"


@pytest.mark.parametrize("username,key", [
    ("viewer", API_KEYS["admin"]),  # a real key, of another account
    ("admin", "ak-admin-000000000000000"),  # a key nobody has
    ("nobody", API_KEYS["admin"]),
    ("admin", ""),
], ids=["other-accounts-key", "unknown-key", "unknown-user", "empty-key"])
def test_wrong_user_and_key_pairs_are_401(emu, username, key):
    answer = emu.api_key_session(username, key).get(emu.url(FABRICS), timeout=10)
    assert answer.status_code == 401
    body = answer.json()
    assert body["message"] == "Unauthorized" and body["code"] == 401
    assert not key or key not in body["description"]
    counters = emu.counters()
    assert counters["api_key_refusals"] == 1 and counters["api_key_requests"] == 0


def test_one_header_alone_is_401_saying_both_are_needed(emu):
    session = emu.session()
    session.headers["X-Nd-Apikey"] = API_KEYS["admin"]
    answer = session.get(emu.url(FABRICS), timeout=10)
    assert answer.status_code == 401
    assert "X-Nd-Username" in answer.json()["description"]


def test_revoked_key_is_refused_until_reset(emu):
    admin = emu.api_key_session("admin")
    assert admin.get(emu.url(FABRICS), timeout=10).status_code == 200
    emu.revoke_api_key("admin", API_KEYS["admin"])
    assert admin.get(emu.url(FABRICS), timeout=10).status_code == 401
    # the other account's key is untouched
    assert emu.api_key_session("viewer").get(emu.url(FABRICS), timeout=10).status_code == 200
    emu.reset()
    assert admin.get(emu.url(FABRICS), timeout=10).status_code == 200


def test_revoking_a_key_the_account_does_not_have_is_404(emu):
    answer = emu.session().post(emu.url("/_emulator/api-keys/revoke"), json={"username": "viewer", "key": API_KEYS["admin"]},
                                timeout=10)
    assert answer.status_code == 404
    assert emu.api_key_session("admin").get(emu.url(FABRICS), timeout=10).status_code == 200
    bad = emu.session().post(emu.url("/_emulator/api-keys/revoke"), json={"username": "admin"}, timeout=10)
    assert bad.status_code == 400 and "key" in bad.json()["message"]


def test_a_token_wins_over_key_headers(emu):
    # with a session token present the key headers are not looked at: a logged-out token stays refused
    session = emu.login("admin")
    session.post(emu.url("/logout"), timeout=10)
    # logout cleared the cookie; the token goes as a Bearer token instead
    session.headers.update({"Authorization": "Bearer " + session.token,
                            "X-Nd-Username": "admin", "X-Nd-Apikey": API_KEYS["admin"]})
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 401
    assert emu.counters()["api_key_requests"] == 0


def test_no_login_refresh_or_logout_with_a_key(emu):
    admin = emu.api_key_session("admin")
    assert admin.post(emu.url("/refresh"), timeout=10).status_code == 401
    assert admin.post(emu.url("/logout"), timeout=10).status_code == 401
    # the key still works afterwards: there was no session to end
    assert admin.get(emu.url(FABRICS), timeout=10).status_code == 200


def test_keys_never_reach_the_log(emulator):
    emulator.reset()
    emulator.api_key_session("admin").get(emulator.url(FABRICS), timeout=10)
    emulator.api_key_session("viewer", "ak-wrong-key-123456").get(emulator.url(FABRICS), timeout=10)
    log = emulator.log_path.read_text(encoding="utf-8")
    assert "API key refused: user=viewer" in log
    for key in list(API_KEYS.values()) + ["ak-wrong-key-123456"]:
        assert key not in log
