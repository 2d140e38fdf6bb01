"""Start and drive an emulator in a subprocess: for pytest fixtures, integration tests,
the demo and the benchmarks.

    with EmulatorProcess() as emu:
        session = emu.login()
        session.get(emu.base_url + "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics")

Every request made here validates the emulator's certificate against its CA.

``https_server`` starts a small HTTPS server of a test's own (a handler class, a certificate from
a throw-away CA) for what the emulator does not do: record raw requests, redirect elsewhere,
present a certificate of another CA. ``JsonHandler`` is a base for such a handler class.
"""

import contextlib
import http.server
import json
import os
import pathlib
import select
import signal
import ssl
import subprocess
import sys
import tempfile
import threading
import time

import requests
import trustme

ADMIN = ("admin", "Admin-Passw0rd!")
VIEWER = ("viewer", "Viewer-Passw0rd!")
EXPIRED = ("expired", "Expired-Passw0rd!")
NETOPS = ("netops", "Netops-Passw0rd!")
DEFAULT_DOMAIN = "DefaultAuth"
LDAP_DOMAIN = "corp-ldap"
PASSWORDS = {ADMIN[0]: ADMIN[1], VIEWER[0]: VIEWER[1], EXPIRED[0]: EXPIRED[1], NETOPS[0]: NETOPS[1]}
# the API keys of default_accounts.yaml
API_KEYS = {ADMIN[0]: "ak-admin-3f9c2e7b51d04a6e", VIEWER[0]: "ak-viewer-8d21b6c0e94f4f17"}
DOMAINS = {ADMIN[0]: DEFAULT_DOMAIN, VIEWER[0]: DEFAULT_DOMAIN, EXPIRED[0]: DEFAULT_DOMAIN, NETOPS[0]: LDAP_DOMAIN}


class EmulatorError(RuntimeError):
    pass


class EmulatorProcess:
    """One emulator subprocess on a free port, with its own CA."""

    ADMIN = ADMIN
    VIEWER = VIEWER
    EXPIRED = EXPIRED
    NETOPS = NETOPS
    DEFAULT_DOMAIN = DEFAULT_DOMAIN
    LDAP_DOMAIN = LDAP_DOMAIN
    PASSWORDS = PASSWORDS
    API_KEYS = API_KEYS

    def __init__(self, workdir=None, extra_args=(), startup_timeout=30.0, env=None, release=None, legacy_paths=True):
        self._own_workdir = workdir is None
        self.workdir = pathlib.Path(workdir or tempfile.mkdtemp(prefix="dashboard-emulator-test-"))
        # The platform release it answers as (None: the emulator's default), and whether it serves the legacy paths
        self.release = release
        self.legacy_paths = legacy_paths
        release_args = (["--release", release] if release else []) + ([] if legacy_paths else ["--no-legacy-paths"])
        self.extra_args = release_args + list(extra_args)
        self.startup_timeout = startup_timeout
        self.env = env
        self.process = None
        self.base_url = None
        self.node_urls = []
        self.ca_path = None
        self.pid = None
        self.log_path = self.workdir / "emulator.log"
        self._control = None

    @property
    def host(self):
        """host:port, without the scheme."""
        return self.base_url.split("://", 1)[1]

    def start(self):
        if self.process is not None:
            return self
        self.workdir.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "dashboard_emulator", "--port", "0", "--exit-with-parent",
                   "--ca-out", str(self.workdir / "ca.pem"), "--state-dir", str(self.workdir / "state")]
        command.extend(self.extra_args)
        with open(self.log_path, "ab") as log_file:
            self.process = subprocess.Popen(  # pylint: disable=consider-using-with
                command, stdout=subprocess.PIPE, stderr=log_file, env=self.env or os.environ.copy())
        banner = self._read_banner()
        self.base_url = banner["base_url"]
        self.node_urls = banner["nodes"]
        self.ca_path = banner["ca_path"]
        self.pid = banner["pid"]
        self._control = self.session()
        return self

    def _read_banner(self):
        deadline = time.monotonic() + self.startup_timeout
        line = b""
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise EmulatorError("emulator exited with %s; log: %s" % (self.process.returncode, self.log_tail()))
            ready, _writable, _failed = select.select([self.process.stdout], [], [], 0.2)
            if ready:
                line = self.process.stdout.readline()
                if line:
                    return json.loads(line)
        self.stop()
        raise EmulatorError("emulator did not start within %ss; log: %s" % (self.startup_timeout, self.log_tail()))

    def log_tail(self, size=4000):
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")[-size:]
        except OSError:
            return ""

    def stop(self, timeout=15.0):
        """SIGTERM, wait for a clean exit; return the exit code."""
        if self.process is None:
            return None
        process, self.process = self.process, None
        if self._control is not None:
            self._control.close()
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.stdout.close()
        return process.returncode

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc_info):
        self.stop()

    # test controls

    def url(self, path):
        return self.base_url + path

    def _controlled(self, method, path, **kwargs):
        """Call a test control through the first node that answers: node 0 may be down."""
        failure = None
        for node_url in self.node_urls or [self.base_url]:
            try:
                answer = self._control.request(method, node_url + path, timeout=10, **kwargs)
            except requests.ConnectionError as exc:
                failure = exc
                continue
            answer.raise_for_status()
            return answer.json()
        raise EmulatorError("no node of the emulator answers: %s" % failure)

    def counters(self):
        return self._controlled("GET", "/_emulator/counters")

    def reset(self):
        self._controlled("POST", "/_emulator/reset")

    def request_log(self):
        """The writes the emulator served since the last reset, oldest first (the last 500 at most).

        Each is ``{"method", "path", "query", "body", "status"}``: the path as requested, the query
        as a dict (a name given twice maps to a list), the body parsed from JSON (else its text,
        None when empty), secret-looking fields masked as ``********``.
        """
        return self._controlled("GET", "/_emulator/request-log")["requests"]

    def clear_request_log(self):
        self._controlled("DELETE", "/_emulator/request-log")

    def faults(self):
        return self._controlled("GET", "/_emulator/faults")

    def set_faults(self, **changes):
        return self._controlled("POST", "/_emulator/faults", json=changes)

    def set_timing(self, **changes):
        """How long the emulated controller takes (``deploy_seconds``, say) until the next reset."""
        return self._controlled("POST", "/_emulator/timing", json=changes)

    def nodes(self):
        return self._controlled("GET", "/_emulator/nodes")

    def node_down(self, index):
        """Stop node `index` listening (connections to it are refused) and end its connections."""
        return self._controlled("POST", "/_emulator/nodes/%d/down" % index)

    def node_up(self, index):
        return self._controlled("POST", "/_emulator/nodes/%d/up" % index)

    def revoke_api_key(self, username, key):
        self._controlled("POST", "/_emulator/api-keys/revoke", json={"username": username, "key": key})

    # clients

    def session(self):
        """A requests.Session that trusts the emulator's CA (and only it) and has no token."""
        session = requests.Session()
        # With trust_env on, REQUESTS_CA_BUNDLE or CURL_CA_BUNDLE from the environment
        # silently replace session.verify; the emulator's CA must be the one that counts.
        # It also keeps environment proxies away from loopback traffic.
        session.trust_env = False
        session.verify = self.ca_path
        return session

    def api_key_session(self, username=ADMIN[0], key=None):
        """A requests.Session that authenticates every request with the account's API key."""
        session = self.session()
        session.headers["X-Nd-Username"] = username
        session.headers["X-Nd-Apikey"] = API_KEYS[username] if key is None else key
        return session

    def legacy_url(self, path):
        """The URL that reads ``path`` (a legacy path, /appcenter/...) whether the emulator serves the legacy API or not.

        Started with --no-legacy-paths, it answers the legacy API on its state under the loopback-only test control
        /_emulator/legacy-view, with the same session checks and left out of the per-operation counters, so that a test
        of a 4.2 platform sets up and looks at what a run did as the tests of the legacy API do.
        """
        return self.url(path if self.legacy_paths else "/_emulator/legacy-view" + path)

    def login(self, username=ADMIN[0], password=None, domain=None):
        """A requests.Session logged in as the account (its AuthCookie cookie set)."""
        if password is None:
            password = PASSWORDS[username]
        if domain is None:
            domain = DOMAINS.get(username, DEFAULT_DOMAIN)
        session = self.session()
        # Without its legacy paths a 4.2 platform logs in only under /api/v1/infra
        path = "/login" if self.legacy_paths else "/api/v1/infra/login"
        answer = session.post(self.url(path), json={"domain": domain, "userName": username, "userPasswd": password}, timeout=10)
        if answer.status_code != 200 or not answer.content:
            raise EmulatorError("login as %s failed with %s" % (username, answer.status_code))
        session.token = answer.json()["jwttoken"]
        return session


class JsonHandler(http.server.BaseHTTPRequestHandler):
    """A request handler for ``https_server`` that answers in JSON and keeps the test's output clean."""

    def send_json(self, status, body, headers=()):
        """Answer ``body`` as JSON with ``status``; ``headers`` are (name, value) pairs sent with it."""
        payload = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format, *args):  # pylint: disable=redefined-builtin
        pass


@contextlib.contextmanager
def https_server(handler=http.server.BaseHTTPRequestHandler, address="127.0.0.1", authority=None, ca_path=None, name=None):
    """A threaded HTTPS server on ``address`` (port chosen freely), yielded with its ``base_url`` set.

    Its certificate, issued to ``name`` (``address`` by default), comes from ``authority`` (a
    ``trustme.CA``; a new one by default), whose certificate is written to ``ca_path`` when
    given. Stopped when the block ends.
    """
    authority = authority or trustme.CA()
    if ca_path is not None:
        authority.cert_pem.write_to_path(str(ca_path))
    server = http.server.ThreadingHTTPServer((address, 0), handler)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert(name or address).configure_cert(context)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    server.base_url = "https://%s:%d" % (address, server.server_address[1])
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
