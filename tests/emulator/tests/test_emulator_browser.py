"""The interactive API documentation in a real browser: headless Chromium (Debian's `chromium`).

Driven over the Chrome DevTools Protocol (websockets, already a dependency of uvicorn[standard]).
The browser opens the emulator's home page, follows Help > REST API, switches the selector
between the platform and the fabric controller, runs try-it-out on POST /login and on the
fabric list, and records every request the page makes: none may leave loopback. A screenshot
of each step is kept under build/artifacts/browser/.

Certificates: Chromium is told to accept the emulator's server key only
(--ignore-certificate-errors-spki-list with the SPKI hash of the certificate the emulator
presents, read over a connection that validated it against the emulator's CA); any other
certificate is still refused.
"""

import base64
import hashlib
import itertools
import json
import os
import pathlib
import shutil
import socket
import ssl
import subprocess
import time
import urllib.parse
import urllib.request

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "build" / "artifacts" / "browser"
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run installs it)")


def _server_spki_hash(emu):
    host, port = emu.host.rsplit(":", 1)
    context = ssl.create_default_context(cafile=emu.ca_path)
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        with context.wrap_socket(raw, server_hostname=host) as tls:
            der = tls.getpeercert(binary_form=True)
    public_key = x509.load_der_x509_certificate(der).public_key()
    spki = public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


class DevTools:
    """A minimal Chrome DevTools Protocol client for one page."""

    def __init__(self, websocket_url):
        from websockets.sync.client import connect  # pylint: disable=import-outside-toplevel
        self.socket = connect(websocket_url, max_size=64 * 1024 * 1024, open_timeout=10)
        self.ids = itertools.count(1)
        self.events = []

    def call(self, method, **params):
        call_id = next(self.ids)
        self.socket.send(json.dumps({"id": call_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=30))
            if message.get("id") == call_id:
                if "error" in message:
                    raise AssertionError("%s failed: %s" % (method, message["error"]))
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise AssertionError("page script failed: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def wait_for(self, expression, timeout=20.0, what=None):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.2)
        raise AssertionError("timed out waiting for %s" % (what or expression))

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=False)["data"]
        path = ARTIFACTS / name
        path.write_bytes(base64.b64decode(data))
        return path

    def requested_urls(self):
        return [event["params"]["request"]["url"] for event in self.events if event.get("method") == "Network.requestWillBeSent"]

    def close(self):
        self.socket.close()


@pytest.fixture(name="browser")
def headless_chromium(emu, tmp_path):
    profile = tmp_path / "profile"
    command = [
        CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
        "--user-data-dir=%s" % profile, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
        "--window-size=1280,1600", "--ignore-certificate-errors-spki-list=%s" % _server_spki_hash(emu), "about:blank",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # pylint: disable=consider-using-with
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text(encoding="utf-8").strip():
            if time.monotonic() > deadline or process.poll() is not None:
                raise AssertionError("chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port = int(port_file.read_text(encoding="utf-8").split()[0])
        with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=10) as answer:
            pages = [target for target in json.load(answer) if target["type"] == "page"]
        devtools = DevTools(pages[0]["webSocketDebuggerUrl"])
        devtools.call("Network.enable")
        devtools.call("Page.enable")
        devtools.call("Runtime.enable")
        try:
            yield devtools
        finally:
            # the page as it was when the test ended, pass or fail
            devtools.screenshot("99-last.png")
            devtools.close()
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _click_operation(method, path):
    """JS: expand the operation block of METHOD PATH."""
    return """(() => {
      const blocks = [...document.querySelectorAll('.opblock')];
      const block = blocks.find(b => b.querySelector('.opblock-summary-method')?.textContent.trim() === %s
          && (b.querySelector('.opblock-summary-path')?.getAttribute('data-path') || b.querySelector('.opblock-summary-path')?.textContent.trim()) === %s);
      if (!block) return false;
      if (!block.classList.contains('is-open')) (block.querySelector('.opblock-summary-control') || block.querySelector('.opblock-summary')).click();
      return block.classList.contains('is-open');
    })()""" % (json.dumps(method), json.dumps(path))


def _in_open_block(script):
    return "(() => { const block = document.querySelector('.opblock.is-open'); if (!block) return false; %s })()" % script


def _select_definition(devtools, label):
    devtools.evaluate("""(() => {
      const select = document.querySelector('.topbar select');
      const option = [...select.options].find(o => o.textContent.trim() === %s);
      select.value = option.value;
      select.dispatchEvent(new Event('change', {bubbles: true}));
      return true;
    })()""" % json.dumps(label))


def _execute(devtools, body=None):
    # the page opens operations in try-it-out mode already (tryItOutEnabled); switch it on only if it is off
    devtools.wait_for(_in_open_block("""
          const b = block.querySelector('.try-out__btn'); if (!b) return false;
          if (b.textContent.trim() === 'Try it out') b.click();
          return true;"""), what="the Try it out button")
    if body is not None:
        devtools.wait_for(_in_open_block("""
          const area = block.querySelector('textarea.body-param__text');
          if (!area) return false;
          const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
          setter.call(area, %s);
          area.dispatchEvent(new Event('input', {bubbles: true}));
          return true;""" % json.dumps(json.dumps(body))), what="the request body field")
    devtools.wait_for(_in_open_block("const b = block.querySelector('.execute'); if (!b) return false; b.click(); return true;"),
                      what="the Execute button")
    return devtools.wait_for(_in_open_block("""
          const status = block.querySelector('.live-responses-table .response .response-col_status');
          const body = block.querySelector('.live-responses-table .response .microlight, .live-responses-table .response pre');
          if (!status || !body) return false;
          // bring the answer into the screenshot
          block.querySelector('.live-responses-table').scrollIntoView({block: 'center'});
          return {status: status.textContent.trim(), body: body.textContent};"""), what="the live response")


def test_rest_api_docs_in_a_browser(emu, browser):
    origin = emu.base_url
    browser.call("Page.navigate", url=origin + "/")
    browser.wait_for("document.readyState === 'complete' && !!document.querySelector('a[href=\"/help/rest-api/\"]')")
    browser.screenshot("01-home.png")
    # Help > REST API
    browser.evaluate("document.querySelector('a[href=\"/help/rest-api/\"]').click(), true")
    browser.wait_for("!!document.querySelector('.topbar select') && !!document.querySelector('.info .title')", what="Swagger UI")
    title = browser.wait_for("(() => { const t = document.querySelector('.info .title'); return t && t.textContent.includes('Platform') && t.textContent; })()")
    assert "Dashboard Platform API" in title
    # issue 10, item 16: the servers list is not empty and the cookie's shape shows whole
    servers = browser.wait_for("[...document.querySelectorAll('.servers select option')].map(o => o.value)", what="the Servers list")
    assert servers == ["/"]
    browser.wait_for(_click_operation("POST", "/login"))
    browser.wait_for("(() => { const h = document.querySelector('.opblock.is-open .headers-wrapper, .opblock.is-open .headers');"
                     " if (!h) return false; h.scrollIntoView({block: 'center'}); return true; })()", what="the response headers")
    cookie_text = browser.wait_for("(() => { const b = document.querySelector('.opblock.is-open');"
                                   " return b && b.innerText.includes('AuthCookie=<jwt>') && b.innerText; })()",
                                   what="the Set-Cookie description")
    assert "AuthCookie=; Path" not in cookie_text
    browser.screenshot("02-platform-api.png")

    login = _execute(browser, {"domain": "DefaultAuth", "userName": "admin", "userPasswd": emu.PASSWORDS["admin"]})
    assert login["status"] == "200" and '"jwttoken"' in login["body"]
    browser.screenshot("03-login-try-it-out.png")

    _select_definition(browser, "Fabric Controller API")
    browser.wait_for("(() => { const t = document.querySelector('.info .title'); return t && t.textContent.includes('Fabric Controller'); })()",
                     what="the fabric controller document")
    servers = browser.wait_for("[...document.querySelectorAll('.servers select option')].map(o => o.value)")
    assert servers == ["/appcenter/cisco/ndfc/api"]
    browser.screenshot("04-fabric-controller-api.png")
    browser.wait_for(_click_operation("GET", "/v1/lan-fabric/rest/control/fabrics"))
    fabrics = _execute(browser)
    # the browser sends the AuthCookie cookie the login set
    assert fabrics["status"] == "200" and '"fabricName": "site-a"' in fabrics["body"].replace('":"', '": "')
    browser.screenshot("05-fabric-list-try-it-out.png")

    _select_definition(browser, "Platform API")
    browser.wait_for("(() => { const t = document.querySelector('.info .title'); return t && t.textContent.includes('Platform'); })()")
    browser.screenshot("06-back-to-platform.png")

    urls = browser.requested_urls()
    assert any(url.endswith("/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics") for url in urls)
    outside = [url for url in urls if not url.startswith(("data:", "blob:"))
               and urllib.parse.urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1")]
    assert outside == [], "requests left loopback: %s" % outside
    assert len(list(ARTIFACTS.glob("0*.png"))) >= 6
    assert os.path.getsize(ARTIFACTS / "05-fabric-list-try-it-out.png") > 10000
