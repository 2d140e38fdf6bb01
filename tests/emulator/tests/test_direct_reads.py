"""Reads the gateway answers without connexion give the answer connexion gives, operation by operation.

The two ways are two routes through the same server code, compared here through the app's
ASGI interface, on one shared state, because the comparison needs both ways at once and a
served emulator takes one. Over HTTPS, every other test of the emulator now goes through the
direct way wherever it applies.
"""

import asyncio
import json

import pytest

from dashboard_emulator.app import FABRIC_BASE_PATH, build_app
from dashboard_emulator.responses import replaying
from dashboard_emulator.state import EmulatorState
from dashboard_emulator.testing import EmulatorProcess

ADMIN, PASSWORD = EmulatorProcess.ADMIN
CONTROL = FABRIC_BASE_PATH + "/v1/lan-fabric/rest/control/fabrics"
TOP_DOWN = FABRIC_BASE_PATH + "/v1/lan-fabric/rest/top-down/fabrics"


async def _never():
    """What a client that sent its whole request and waits for the answer gives next."""
    await asyncio.sleep(3600)
    return {"type": "http.disconnect"}


async def _call(app, method, path, headers=(), body=b"", query=b""):
    headers = list(headers) + ([(b"content-length", str(len(body)).encode())] if body else [])
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "https",
             "path": path, "raw_path": path.encode(), "query_string": query, "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 443)}
    sent = []

    async def send(message):
        sent.append(message)

    await app(scope, replaying(body, _never), send)
    start = next(message for message in sent if message["type"] == "http.response.start")
    content = b"".join(message.get("body", b"") for message in sent if message["type"] == "http.response.body")
    return start["status"], sorted(start["headers"]), content


def _comparable(content):
    """The body, with the millisecond timestamp of the controller's 404s left out (the two calls are apart in time)."""
    try:
        body = json.loads(content)
    except ValueError:
        return content
    if isinstance(body, dict):
        body.pop("timestamp", None)
    return body


@pytest.fixture(scope="module")
def both():
    state = EmulatorState()
    direct, through_connexion = build_app(state), build_app(state, direct_reads=False)
    login = json.dumps({"userName": ADMIN, "userPasswd": PASSWORD, "domain": "DefaultAuth"}).encode()
    status, _headers, content = asyncio.run(_call(direct, "POST", "/login", [(b"content-type", b"application/json")], login))
    assert status == 200
    cookie = [(b"cookie", b"AuthCookie=" + json.loads(content)["token"].encode())]
    return direct, through_connexion, cookie


def _paths(direct, cookie):
    """Every direct read, with path parameters the seeded data knows, and with names it does not know."""
    def get(path):
        status, _headers, content = asyncio.run(_call(direct, "GET", path, cookie))
        assert status == 200, (path, content)
        return json.loads(content)

    fabric = get(CONTROL)[0]
    network = get(TOP_DOWN + "/%s/networks" % fabric["fabricName"])[0]["networkName"]
    switch = get(CONTROL + "/%s/inventory/switchesByFabric" % fabric["fabricName"])[0]["serialNumber"]
    policy = get(FABRIC_BASE_PATH + "/v1/lan-fabric/rest/control/policies/switches/%s" % switch)[0]["policyId"]
    known = {"fabricName": fabric["fabricName"], "templateName": fabric["templateName"], "networkName": network,
             "poolName": "TOP_DOWN_VRF_VLAN", "serialNumber": switch, "serialNumbers": switch, "policyId": policy}
    paths = []
    for template in direct.reads.templates():
        paths.append(template.format(**known))
        if "{" in template:
            paths.append(template.format(**{name: "no-such-" + name for name in known}))
    return paths


class _Spy:
    """Records which paths the gateway answered the direct way."""

    def __init__(self, reads):
        self.reads = reads
        self.direct = []

    def handler_for(self, path):
        handler = self.reads.handler_for(path)
        if handler is not None:
            self.direct.append(path)
        return handler


def test_every_direct_read_answers_as_connexion_does(both, caplog):
    direct, through_connexion, cookie = both
    paths = _paths(direct, cookie)
    # every path of the list, also those another documented path matches too (fabrics/msd/...
    # against fabrics/{fabricName}/{templateName}, networks/attachments against networks/{networkName})
    assert [path for path in paths if direct.reads.handler_for(path) is None] == []
    assert len(paths) >= 20
    # existing clients send GETs with an empty body (chunked, framed by the gateway) or with {}
    for path, body in [(path, body) for path in paths for body in (b"", b"{}")]:
        headers = cookie + ([(b"content-type", b"application/json")] if body else [])
        fast = asyncio.run(_call(direct, "GET", path, headers, body))
        slow = asyncio.run(_call(through_connexion, "GET", path, headers, body))
        assert fast[0] == slow[0], path
        assert fast[1] == slow[1], path
        assert _comparable(fast[2]) == _comparable(slow[2]), path
    # answered the direct way, not by connexion after a failed direct call
    assert [record.getMessage() for record in caplog.records if record.name == "dashboard_emulator.gateway"] == []


FORM = [(b"content-type", b"multipart/form-data")]


@pytest.mark.parametrize("method,path,query,headers", [
    # a query string: connexion parses and validates it
    ("GET", CONTROL, b"inclAllMSDSwitches=true", []),
    # a body that is not JSON: connexion parses it, and refuses this one (no boundary)
    ("GET", "/api/v1/infra/whoami", b"", FORM),
    # not a GET
    ("DELETE", CONTROL + "/no-such-fabric", b"", []),
    # a path no document has
    ("GET", CONTROL + "/site-a/no-such-thing", b"", []),
])
def test_what_needs_connexion_goes_through_it(both, method, path, query, headers):
    direct, through_connexion, cookie = both
    spy = direct.reads = _Spy(direct.reads)
    try:
        fast = asyncio.run(_call(direct, method, path, cookie + headers, b"x" if headers else b"", query=query))
    finally:
        direct.reads = spy.reads
    slow = asyncio.run(_call(through_connexion, method, path, cookie + headers, b"x" if headers else b"", query=query))
    assert spy.direct == []
    assert fast[0] == slow[0]
    assert _comparable(fast[2]) == _comparable(slow[2])


def test_a_handler_that_fails_is_answered_as_connexion_answers_it(both, monkeypatch, caplog):
    direct, through_connexion, cookie = both
    store = direct.state.store

    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug in the emulator")

    monkeypatch.setattr(store, "fabric_json", broken)
    fast = asyncio.run(_call(direct, "GET", CONTROL, cookie))
    slow = asyncio.run(_call(through_connexion, "GET", CONTROL, cookie))
    assert fast[0] == slow[0] == 500
    assert fast[1:] == slow[1:]
    assert "direct read of %s failed (RuntimeError); answered through connexion" % CONTROL in caplog.text
