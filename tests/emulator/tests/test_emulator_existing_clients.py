"""Clients written for the real controller work against the emulator unchanged.

Their code cannot be installed here, so this client of our own frames its requests the way
the public clients of the real controller frame them: a HEAD / probe on a
separate connection before every request, every body chunked with Content-Type JSON (an
empty chunked body on GET and DELETE), login bodies {userName, userPasswd, domain} then
{username, password, domain} with an Authorization: Basic header, the domain `local` by
default, only `token` read from the login answer, Bearer plus AuthCookie afterwards, and the
probes made before real work. One difference on purpose: the real probe skips certificate
checks; here every connection validates the emulator's certificate.
A second test runs the same flow with curl.
"""

import base64
import http.client
import json
import shutil
import ssl
import subprocess
import time

import pytest

from controller_paths import API, FABRICS


class ControllerStyleClient:
    """Frames requests as the existing collection for the controller does (see the module docstring)."""

    def __init__(self, emu, username, password, domain="local", empty_get_body=b""):
        host, port = emu.host.rsplit(":", 1)
        self.address = (host, int(port))
        self.context = ssl.create_default_context(cafile=emu.ca_path)
        self.username = username
        self.password = password
        self.domain = domain
        self.empty_get_body = empty_get_body
        self.token = None
        self.login_form = None
        self.probes = 0

    def _connection(self):
        return http.client.HTTPSConnection(*self.address, context=self.context, timeout=15)

    def _probe(self):
        conn = self._connection()
        try:
            conn.request("HEAD", "/")
            conn.getresponse().read()
            self.probes += 1
        finally:
            conn.close()

    def send(self, method, path, body=None):
        """(status, reason, parsed JSON or text) of one request."""
        self._probe()
        headers = {"Content-Type": "application/json", "Transfer-Encoding": "chunked"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
            headers["Cookie"] = "AuthCookie=" + self.token
        else:
            credentials = "%s:%s" % (self.username, self.password)
            headers["Authorization"] = "Basic " + base64.b64encode(credentials.encode()).decode()
        if body is None:
            data = self.empty_get_body if method in ("GET", "DELETE") else b""
        else:
            data = json.dumps(body).encode()
        conn = self._connection()
        try:
            conn.request(method, path, body=iter([data] if data else []), headers=headers, encode_chunked=True)
            answer = conn.getresponse()
            raw = answer.read()
        finally:
            conn.close()
        try:
            parsed = json.loads(raw) if raw else {}
        except ValueError:
            parsed = raw.decode()
        return answer.status, answer.reason, parsed

    def login(self):
        forms = [("userName", "userPasswd"), ("username", "password")]
        for user_field, password_field in forms:
            status, _reason, body = self.send("POST", "/login", {user_field: self.username, password_field: self.password,
                                                                 "domain": self.domain})
            if status == 200:
                # the token field only; a 200 without one is still taken as a login
                self.token = body.get("token") if isinstance(body, dict) else None
                self.login_form = user_field
                return
        raise AssertionError("no login form was accepted")

    def controller_version(self):
        status, _reason, _body = self.send("GET", "/fm/fmrest/about/version")
        assert status != 200, "an NDFC must not answer the DCNM 11 version probe"
        for path in (API + "/about/version", API + "/v1/fm/about/version"):
            status, reason, body = self.send("GET", path)
            assert (status, reason) == (200, "OK")
        major, minor = body["version"].split(".")[:2]
        return int(major), int(minor)

    def ok(self, method, path, body=None):
        status, reason, answer = self.send(method, path, body)
        # the existing client accepts a write only when the reason phrase is exactly OK
        assert (status, reason) == (200, "OK"), (method, path, status, reason, answer)
        return answer


@pytest.fixture(name="timing")
def short_timing(emu):
    emu.session().post(emu.url("/_emulator/timing"), json={"discover_seconds": 0.5, "deploy_seconds": 0.3}, timeout=10)


@pytest.mark.parametrize("empty_get_body", [b"", b"{}"], ids=["empty-chunked-get", "json-object-on-get"])
def test_controller_style_client_full_flow(emu, timing, empty_get_body):
    client = ControllerStyleClient(emu, "admin", emu.PASSWORDS["admin"], empty_get_body=empty_get_body)
    client.login()
    assert client.login_form == "userName" and client.token
    assert client.controller_version() >= (12, 2)
    features = client.ok("GET", API + "/v1/fm/features")["data"]["features"]
    assert features["vxlan"]["oper_state"] == "started"
    assert "site-a" in [entry["fabricName"] for entry in client.ok("GET", FABRICS + "/msd/fabric-associations")]

    by_name = {fabric["nvPairs"]["FABRIC_NAME"]: fabric for fabric in client.ok("GET", FABRICS)}
    assert "ops-1" not in by_name
    template = client.ok("GET", API + "/v1/configtemplate/rest/config/templates/Easy_Fabric")
    assert {"FABRIC_NAME", "BGP_AS"} <= {parameter["name"] for parameter in template["parameters"]}
    created = client.ok("POST", FABRICS + "/ops-1/Easy_Fabric", {"FABRIC_NAME": "ops-1", "BGP_AS": 65101, "REPLICATION_MODE": "Ingress"})
    assert created["nvPairs"]["BGP_AS"] == "65101"
    read = client.ok("GET", FABRICS + "/ops-1")
    assert read["fabricName"] == "ops-1" and read["nvPairs"]["REPLICATION_MODE"] == "Ingress"
    updated = client.ok("PUT", FABRICS + "/ops-1/Easy_Fabric", {"FABRIC_NAME": "ops-1", "ANYCAST_GW_MAC": "2020.0000.00bb"})
    assert updated["nvPairs"]["ANYCAST_GW_MAC"] == "2020.0000.00bb"
    assert client.ok("POST", FABRICS + "/ops-1/config-save") == {"status": "Config save is completed"}
    assert client.ok("POST", FABRICS + "/ops-1/config-deploy?forceShowRun=false") == {"status": "Configuration deployment completed."}

    discovery = {"seedIP": "10.77.0.11", "snmpV3AuthProtocol": 0, "username": "admin", "password": "switch-secret",
                 "maxHops": 0, "cdpSecondTimeout": "5", "role": "leaf", "preserveConfig": False, "discoveryCredForLan": "true"}
    candidates = client.ok("POST", FABRICS + "/ops-1/inventory/test-reachability", discovery)
    chosen = [candidate for candidate in candidates if candidate["ipaddr"] == discovery["seedIP"]]
    assert chosen and chosen[0]["selectable"]
    client.ok("POST", FABRICS + "/ops-1/inventory/discover?setAndUseDiscoveryCredForLan=true", dict(discovery, switches=chosen))
    serial = chosen[0]["serialNumber"]
    seen = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        switch = next(s for s in client.ok("GET", FABRICS + "/ops-1/inventory/switchesByFabric") if s["serialNumber"] == serial)
        seen.append((switch["managable"], switch["status"], switch["mode"]))
        if switch["managable"] and switch["status"] == "ok":
            break
        time.sleep(0.1)
    # greenfield: the client waits for Migration to end and for managable to have been false once
    assert seen[0] == (False, "discovering", "Migration") and seen[-1] == (True, "ok", "Normal")
    client.ok("POST", FABRICS + "/ops-1/config-save")
    client.ok("POST", FABRICS + "/ops-1/config-deploy/" + serial)
    client.ok("DELETE", FABRICS + "/ops-1/switches/" + serial)
    assert client.ok("DELETE", FABRICS + "/ops-1") == "Fabric 'ops-1' is deleted successfully!"
    status, reason, _body = client.send("GET", FABRICS + "/ops-1")
    assert (status, reason) == (404, "Not Found")
    client.ok("POST", "/logout")
    assert client.probes > 20


def test_second_login_form_is_tried_after_a_refusal(emu):
    client = ControllerStyleClient(emu, "admin", "wrong-password")
    with pytest.raises(AssertionError, match="no login form"):
        client.login()
    # a bad password costs one request per form, with no retry
    assert emu.counters()["login_failures"] == 2


def _curl(emu, *args):
    command = ["curl", "--silent", "--show-error", "--cacert", emu.ca_path, "--max-time", "15",
               "--write-out", "\n%{http_code}"] + list(args)
    result = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True)
    body, _newline, status = result.stdout.rpartition("\n")
    return int(status), body


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_curl_with_chunked_bodies(emu, timing):
    chunked = ["-H", "Content-Type: application/json", "-H", "Transfer-Encoding: chunked"]
    status, body = _curl(emu, "-X", "POST", emu.url("/login"), *chunked, "-u", "admin:ignored",
                         "--data", json.dumps({"userName": "admin", "userPasswd": emu.PASSWORDS["admin"], "domain": "local"}))
    assert status == 200
    token = json.loads(body)["token"]
    auth = ["-H", "Authorization: Bearer " + token, "-H", "Cookie: AuthCookie=" + token] + chunked
    assert _curl(emu, "--head", emu.url("/"))[0] == 200
    assert _curl(emu, "-X", "GET", "--data", "", emu.url(FABRICS), *auth)[0] == 200
    status, body = _curl(emu, "-X", "POST", "--data", '{"BGP_AS": "65102"}', emu.url(FABRICS + "/curl-1/Easy_Fabric"), *auth)
    assert status == 200 and json.loads(body)["fabricName"] == "curl-1"
    status, body = _curl(emu, "-X", "PUT", "--data", '{"FABRIC_MTU": 9000}', emu.url(FABRICS + "/curl-1/Easy_Fabric"), *auth)
    assert status == 200 and json.loads(body)["nvPairs"]["FABRIC_MTU"] == "9000"
    assert _curl(emu, "-X", "POST", "--data", "", emu.url(FABRICS + "/curl-1/config-save"), *auth) == (
        200, '{"status":"Config save is completed"}')
    status, body = _curl(emu, "-X", "POST", "--data", '{"seedIP": "10.77.0.12"}',
                         emu.url(FABRICS + "/curl-1/inventory/test-reachability"), *auth)
    assert status == 200 and json.loads(body)[0]["reachable"]
    assert _curl(emu, "-X", "DELETE", "--data", "", emu.url(FABRICS + "/curl-1"), *auth) == (
        200, "Fabric 'curl-1' is deleted successfully!")
