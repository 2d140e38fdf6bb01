"""The gateway: every non-auth path needs a valid session, sent as cookie or Bearer."""

import pytest

PROTECTED = [
    ("GET", "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"),
    ("GET", "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a/inventory/switchesByFabric"),
    ("GET", "/api/v1/infra/session-timeout"),
    ("GET", "/api/v1/infra/whoami"),
    ("DELETE", "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a"),
    ("GET", "/no/such/path"),
]


@pytest.mark.parametrize("method,path", PROTECTED)
def test_no_token_is_401_for_platform_and_fabric_controller(emu, method, path):
    answer = emu.session().request(method, emu.url(path), timeout=10)
    assert answer.status_code == 401
    body = answer.json()
    assert body["message"] == "Unauthorized"
    assert body["code"] == 401
    assert isinstance(body["description"], str) and body["description"]


def test_the_platform_release_is_answered_without_a_session(emu):
    # nd-manage-facts 1.1: Cisco's Network-as-Code roles GET /version.json with no credentials
    # and need a 200 before they log in; the gateway used to answer it 401.
    answer = emu.session().get(emu.url("/version.json"), timeout=10)
    assert answer.status_code == 200
    body = answer.json()
    assert {key: body[key] for key in ("major", "minor", "maintenance", "patch")} == {
        "major": 3, "minor": 2, "maintenance": 1, "patch": "e"}
    # only the read is public: anything else on the path still needs a session
    assert emu.session().post(emu.url("/version.json"), timeout=10).status_code == 401
    assert emu.counters()["logins"] == 0


def test_data_is_unchanged_after_unauthenticated_delete(emu):
    emu.session().delete(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a"), timeout=10)
    assert emu.login("viewer").get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a"), timeout=10).status_code == 200


def test_bearer_token_is_accepted(emu):
    token = emu.login("viewer").token
    answer = emu.session().get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"),
                               headers={"Authorization": "Bearer " + token}, timeout=10)
    assert answer.status_code == 200


def test_valid_bearer_wins_over_a_stale_cookie(emu):
    token = emu.login("viewer").token
    headers = {"Authorization": "Bearer " + token, "Cookie": "AuthCookie=stale.token.value"}
    assert emu.session().get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"), headers=headers, timeout=10).status_code == 200


def test_401_does_not_echo_the_token(emu):
    token = emu.login("viewer").token + "x"
    answer = emu.session().get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"), headers={"Cookie": "AuthCookie=" + token}, timeout=10)
    assert answer.status_code == 401
    assert token not in answer.text
    assert token[:40] not in answer.text


def test_chunked_body_on_a_get_is_accepted(emu):
    session = emu.login("viewer")

    def chunks():
        yield b"{}"

    answer = session.get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"), data=chunks(), timeout=10)
    assert answer.status_code == 200
    assert answer.json()[0]["fabricName"] == "site-a"


def test_a_chunked_body_over_64_mib_is_refused_with_413_and_not_handled(emu):
    # the gateway reads a chunked body whole to give it a length; past its limit it answers instead of reading on
    session = emu.login("admin")
    megabyte = b" " * (1024 * 1024)
    answer = session.post(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a/config-save"),
                          data=iter([megabyte] * 65), headers={"Content-Type": "application/json"}, timeout=60)
    assert answer.status_code == 413
    assert answer.json()["message"] == "Payload Too Large"
    assert emu.counters()["writes"] == 0


def test_unknown_path_with_a_token_is_404(emu):
    answer = emu.login("viewer").get(emu.url("/no/such/path"), timeout=10)
    assert answer.status_code == 404


def test_keep_alive_reuses_one_connection(emu):
    session = emu.login("viewer")
    for _request in range(20):
        assert session.get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"), timeout=10).status_code == 200
    counters = emu.counters()
    assert counters["requests"]["GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"] == {"200": 20}
    assert counters["connections"] == 1


def test_reason_phrase_is_standard(emu):
    answer = emu.login("viewer").get(emu.url("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"), timeout=10)
    assert answer.reason == "OK"


@pytest.mark.parametrize("path", ["/help/rest-api/", "/openapi.json", "/appcenter/cisco/ndfc/api/openapi.json"])
def test_documentation_needs_no_session(emu, path):
    assert emu.session().get(emu.url(path), timeout=10).status_code == 200


def test_interactive_documentation_has_the_api_selector(emu):
    page = emu.session().get(emu.url("/help/rest-api/"), timeout=10).text
    assert '"url": "/openapi.json"' in page
    assert '"url": "/appcenter/cisco/ndfc/api/openapi.json"' in page
    assert "StandaloneLayout" in page
    assert "//cdn" not in page and "unpkg" not in page
    assets = emu.session().get(emu.url("/help/rest-api/swagger-ui-bundle.js"), timeout=10)
    assert assets.status_code == 200 and len(assets.content) > 100000


def test_served_documents_are_the_two_apis(emu):
    platform = emu.session().get(emu.url("/openapi.json"), timeout=10).json()
    fabric = emu.session().get(emu.url("/appcenter/cisco/ndfc/api/openapi.json"), timeout=10).json()
    assert "/login" in platform["paths"] and "/refresh" in platform["paths"]
    assert "/v1/lan-fabric/rest/control/fabrics/{fabricName}/inventory/switchesByFabric" in fabric["paths"]
    assert not any(path.startswith("/_emulator") for path in list(platform["paths"]) + list(fabric["paths"]))
