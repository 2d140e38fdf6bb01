"""Wire framing that existing clients of the controller use, and the faults hosted services show.

Requests here are framed by hand with http.client (what urllib, and so ansible's
module_utils.urls, sends underneath), over HTTPS with the emulator's CA.
"""

import base64
import http.client
import json
import ssl

import pytest

from controller_paths import FABRICS


def connection(emu):
    host, port = emu.host.rsplit(":", 1)
    return http.client.HTTPSConnection(host, int(port), context=ssl.create_default_context(cafile=emu.ca_path), timeout=10)


def chunked(emu, method, path, body=b"", headers=None):
    """One request with a chunked body (an empty one is the single terminating chunk)."""
    conn = connection(emu)
    try:
        all_headers = {"Content-Type": "application/json", "Transfer-Encoding": "chunked"}
        all_headers.update(headers or {})
        conn.request(method, path, body=iter([body] if body else []), headers=all_headers, encode_chunked=True)
        answer = conn.getresponse()
        return answer.status, answer.reason, answer.getheader("Content-Type") or "", answer.read()
    finally:
        conn.close()


def auth(token):
    return {"Authorization": "Bearer " + token, "Cookie": "AuthCookie=" + token}


def test_chunked_login_with_basic_auth_header_ignored(emu):
    body = json.dumps({"userName": "admin", "userPasswd": emu.PASSWORDS["admin"], "domain": "local"}).encode()
    basic = "Basic " + base64.b64encode(b"admin:not-the-password").decode()
    status, reason, _type, raw = chunked(emu, "POST", "/login", body, {"Authorization": basic})
    assert (status, reason) == (200, "OK")
    assert json.loads(raw)["token"]
    assert emu.counters()["logins"] == 1


@pytest.mark.parametrize("method, path, body, expected", [
    ("GET", FABRICS, b"", 200),
    ("GET", FABRICS, b"{}", 200),
    ("POST", FABRICS + "/site-b/Easy_Fabric", b'{"BGP_AS": 65002}', 200),
    ("PUT", FABRICS + "/site-a/Easy_Fabric", b'{"FABRIC_MTU": "9000"}', 200),
    ("POST", FABRICS + "/site-a/config-save", b"", 200),
    ("DELETE", FABRICS + "/site-dc1", b"", 200),
])
def test_chunked_bodies_on_every_method(emu, method, path, body, expected):
    token = emu.login("admin").token
    status, reason, _type, raw = chunked(emu, method, path, body, auth(token))
    assert (status, reason) == (expected, "OK"), raw
    if method == "PUT":
        assert json.loads(raw)["nvPairs"]["FABRIC_MTU"] == "9000"
    if method == "POST" and body:
        assert json.loads(raw)["nvPairs"]["BGP_AS"] == "65002"


def test_chunked_body_with_several_chunks(emu):
    token = emu.login("admin").token
    conn = connection(emu)
    parts = [b'{"BGP_AS"', b': "65003", "REPLICATION', b'_MODE": "Ingress"}']
    conn.request("POST", FABRICS + "/site-c/Easy_Fabric", body=iter(parts),
                 headers=dict(auth(token), **{"Content-Type": "application/json"}), encode_chunked=True)
    answer = conn.getresponse()
    assert answer.status == 200 and json.loads(answer.read())["replicationMode"] == "IngressReplication"
    conn.close()


def test_head_root_is_answered_without_a_session(emu):
    conn = connection(emu)
    conn.request("HEAD", "/")
    answer = conn.getresponse()
    assert answer.status == 200 and answer.read() == b""
    conn.close()


@pytest.mark.parametrize("domain", ["DefaultAuth", "local"])
def test_local_domain_under_both_names(emu, domain):
    answer = emu.session().post(emu.url("/login"), json={"username": "admin", "password": emu.PASSWORDS["admin"], "domain": domain},
                                timeout=10)
    assert answer.status_code == 200 and answer.json()["token"]


def test_an_accounts_file_without_the_alias_knows_one_name(tmp_path):
    from dashboard_emulator.accounts import DEFAULT_ACCOUNTS_FILE, AccountBook, LoginOutcome  # pylint: disable=import-outside-toplevel
    text = DEFAULT_ACCOUNTS_FILE.read_text(encoding="utf-8").replace("    aliases: [local]\n", "")
    accounts = tmp_path / "accounts.yaml"
    accounts.write_text(text, encoding="utf-8")
    book = AccountBook.from_yaml(accounts)
    assert book.authenticate("local", "admin", "Admin-Passw0rd!")[0] == LoginOutcome.UNKNOWN_DOMAIN
    assert book.authenticate("DefaultAuth", "admin", "Admin-Passw0rd!")[0] == LoginOutcome.OK


def test_session_fault_user_unauthorized(emu):
    session = emu.login("admin")
    emu.set_faults(session_fault="user_unauthorized", session_fault_count=2)
    answers = [session.get(emu.url(FABRICS), timeout=10) for _attempt in range(3)]
    assert [answer.status_code for answer in answers] == [400, 400, 200]
    assert answers[0].json()["error"]["code"] == "UserUnauthorized"


def test_session_fault_token_expired_as_a_server_error(emu):
    session = emu.login("admin")
    emu.set_faults(session_fault="token_expired_500", session_fault_count=1)
    answer = session.get(emu.url(FABRICS), timeout=10)
    assert answer.status_code == 500 and answer.reason == "Internal Server Error"
    assert answer.headers["Content-Type"].startswith("text/plain")
    assert answer.text.startswith("The token is expired since 20") and answer.text.endswith("Z")


def test_session_fault_401_not_about_the_token(emu):
    session = emu.login("admin")
    emu.set_faults(session_fault="unauthorized_other", session_fault_count=2)
    first = session.get(emu.url(FABRICS), timeout=10)
    # logging in again does not help: the next request is refused too
    again = emu.login("admin").get(emu.url(FABRICS), timeout=10)
    assert (first.status_code, again.status_code) == (401, 401)
    assert "token" not in first.json()["description"].lower()
    assert session.get(emu.url(FABRICS), timeout=10).status_code == 200


def test_session_fault_settings_are_checked(emu):
    answer = emu.session().post(emu.url("/_emulator/faults"), json={"session_fault": "bogus"}, timeout=10)
    assert answer.status_code == 400 and "session_fault must be" in answer.json()["message"]
