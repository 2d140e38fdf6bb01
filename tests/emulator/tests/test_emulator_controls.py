"""Test controls: counters, reset, and every injected fault."""

import time

import pytest
import requests

from controller_paths import FABRICS


def test_reset_restores_seed_sessions_faults_and_counters(emu):
    admin = emu.login("admin")
    admin.post(emu.url(FABRICS + "/temp/External_Fabric"), json={"BGP_AS": "65100"}, timeout=10)
    admin.delete(emu.url(FABRICS + "/site-dc1"), timeout=10)
    emu.set_faults(latency_ms=5, force_status=503, force_count=0)
    emu.reset()
    assert emu.faults() == {"latency_ms": 0, "force_status": None, "force_count": 0, "retry_after": 1, "drop_count": 0,
                            "unauthorized_count": 0, "session_fault": None, "session_fault_count": 0,
                            "partial_failure_count": 0, "session_timeout": None, "paths": None}
    counters = emu.counters()
    assert counters["logins"] == 0 and counters["live_sessions"] == 0 and counters["requests"] == {}
    # the old session is gone with the reset
    assert admin.get(emu.url(FABRICS), timeout=10).status_code == 401
    names = [fabric["fabricName"] for fabric in emu.login("viewer").get(emu.url(FABRICS), timeout=10).json()]
    assert names == ["site-a", "site-dc1"]


def test_counters_shape(emu):
    counters = emu.counters()
    for name in ("logins", "login_failures", "refreshes", "refresh_failures", "logouts", "live_sessions", "writes", "connections"):
        assert counters[name] == 0
    assert counters["requests"] == {}


def test_requests_are_counted_by_template_and_status(emu):
    admin = emu.login("admin")
    admin.get(emu.url(FABRICS + "/site-a"), timeout=10)
    admin.get(emu.url(FABRICS + "/ghost"), timeout=10)
    admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10)
    requests_seen = emu.counters()["requests"]
    assert requests_seen["GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/{fabricName}"] == {"200": 1, "404": 1}
    assert requests_seen["GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/{fabricName}/inventory/switchesByFabric"] == {"200": 1}


def test_latency_is_added(emu):
    session = emu.login("viewer")
    emu.set_faults(latency_ms=400)
    started = time.monotonic()
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200
    assert time.monotonic() - started >= 0.4
    emu.set_faults(latency_ms=0)
    started = time.monotonic()
    session.get(emu.url(FABRICS), timeout=10)
    assert time.monotonic() - started < 0.4


@pytest.mark.parametrize("status", [429, 502, 503])
def test_forced_status_for_the_next_n_requests(emu, status):
    session = emu.login("viewer")
    emu.set_faults(force_status=status, force_count=2, retry_after=7)
    first = session.get(emu.url(FABRICS), timeout=10)
    second = session.get(emu.url(FABRICS), timeout=10)
    third = session.get(emu.url(FABRICS), timeout=10)
    assert [first.status_code, second.status_code, third.status_code] == [status, status, 200]
    if status == 429:
        assert first.headers["Retry-After"] == "7"
    else:
        assert "Retry-After" not in first.headers
    assert first.json()["code"] == status
    assert emu.counters()["requests"]["GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"] == {str(status): 2, "200": 1}
    assert emu.faults()["force_count"] == 0


def test_forced_status_applies_to_login_too(emu):
    emu.set_faults(force_status=503, force_count=1)
    answer = emu.session().post(emu.url("/login"), json={"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Admin-Passw0rd!"}, timeout=10)
    assert answer.status_code == 503
    assert emu.counters()["logins"] == 0
    emu.login("admin")


def test_forced_status_limited_to_paths(emu):
    session = emu.login("viewer")
    emu.set_faults(force_status=502, force_count=1, paths=["/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a/inventory/switchesByFabric"])
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200
    assert session.get(emu.url("/api/v1/infra/whoami"), timeout=10).status_code == 200
    assert session.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).status_code == 502
    assert session.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).status_code == 200


def test_dropped_connection_gets_no_response(emu):
    session = emu.login("viewer")
    emu.set_faults(drop_count=1)
    with pytest.raises(requests.exceptions.ConnectionError):
        # a fresh connection: urllib3 would replay an idempotent request on a reused one
        emu.session().get(emu.url(FABRICS), headers={"Cookie": "AuthCookie=" + session.token}, timeout=10)
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200
    assert emu.counters()["requests"]["GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"] == {"dropped": 1, "200": 1}


def test_dropped_login_creates_no_session(emu):
    emu.set_faults(drop_count=1)
    with pytest.raises(requests.exceptions.ConnectionError):
        emu.session().post(emu.url("/login"), json={"domain": "DefaultAuth", "userName": "admin", "userPasswd": "Admin-Passw0rd!"}, timeout=10)
    assert emu.counters()["live_sessions"] == 0


def test_unauthorized_for_the_next_n_valid_token_requests(emu):
    session = emu.login("viewer")
    emu.set_faults(unauthorized_count=2)
    # a request without a token gets its ordinary 401 and does not use up the fault
    assert emu.session().get(emu.url(FABRICS), timeout=10).status_code == 401
    assert emu.faults()["unauthorized_count"] == 2
    first = session.get(emu.url(FABRICS), timeout=10)
    assert first.status_code == 401
    assert first.json()["message"] == "Unauthorized"
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 401
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200
    # login is never answered by this fault
    emu.set_faults(unauthorized_count=1)
    assert emu.login("admin").get(emu.url(FABRICS), timeout=10).status_code == 401


def test_session_timeout_fault_shortens_new_tokens_only(emu):
    before = emu.login("viewer")
    emu.set_faults(session_timeout=1)
    after = emu.login("viewer")
    time.sleep(1.2)
    assert after.get(emu.url(FABRICS), timeout=10).status_code == 401
    assert before.get(emu.url(FABRICS), timeout=10).status_code == 200


@pytest.mark.parametrize("settings", [
    {"force_status": 500},
    {"latency_ms": -1},
    {"drop_count": "two"},
    {"paths": "/login"},
    {"no_such_fault": 1},
    {"session_timeout": 0},
])
def test_invalid_fault_settings_are_400_and_change_nothing(emu, settings):
    answer = emu.session().post(emu.url("/_emulator/faults"), json=settings, timeout=10)
    assert answer.status_code == 400
    assert answer.json()["message"]
    assert emu.faults()["latency_ms"] == 0 and emu.faults()["force_status"] is None


def test_fault_update_is_partial(emu):
    emu.set_faults(latency_ms=10)
    faults = emu.set_faults(retry_after=4)
    assert faults["latency_ms"] == 10 and faults["retry_after"] == 4


def test_controls_are_not_counted(emu):
    emu.counters()
    emu.faults()
    assert emu.counters()["requests"] == {}
