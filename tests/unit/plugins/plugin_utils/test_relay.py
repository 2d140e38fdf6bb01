"""The session relay (plugin_utils/_relay) that ansible.builtin.uri reaches through a Unix socket.

The emulator sets no cookie on an ordinary answer and never quotes a token back, so a small HTTPS
server of this test's own (its certificate from a trustme CA, validated) answers with both: the
only way to show that neither reaches the task. The relay itself is driven over its real socket,
with HTTP, as uri drives it.
"""

import http.client
import json
import socket

import pytest
from dashboard_emulator.testing import JsonHandler, https_server

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._relay import Relay
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache

TOKEN = 'relay-test-token-0123456789abcdef'


class _Dashboard(JsonHandler):
    seen = []

    def do_GET(self):  # pylint: disable=invalid-name
        _Dashboard.seen.append((self.path, self.headers.get('Cookie')))
        self.send_json(200, {'echo': 'you sent %s' % self.headers.get('Cookie')}, [('Set-Cookie', 'AuthCookie=%s; Path=/; Secure' % TOKEN)])

    do_POST = do_GET


@pytest.fixture
def dashboard(tmp_path):
    ca_path = tmp_path / 'ca.pem'
    _Dashboard.seen = []
    with https_server(_Dashboard, ca_path=ca_path) as server:
        yield server.base_url, str(ca_path)


class _UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__('dashboard')
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


@pytest.fixture
def relay(dashboard, tmp_path):
    base_url, ca_path = dashboard
    cache = TokenCache(str(tmp_path / 'run'))
    session = DashboardSession(base_url, 'admin', ca_path=ca_path)
    with cache.entry(session.cache_key()) as entry:
        entry.save({'token': TOKEN, 'received_at': 0, 'lifetime': 1200})
    served = Relay(cache, session)
    path = served.start(cache.relay_pointer(session.cache_key()))
    yield path
    served.stop()


def _get(path, target, method='GET'):
    connection = _UnixHTTPConnection(path)
    connection.request(method, target)
    answer = connection.getresponse()
    return answer.status, dict(answer.getheaders()), answer.read().decode()


def test_the_answer_carries_neither_the_cookie_nor_the_token(relay):
    status, headers, body = _get(relay, '/appcenter/cisco/ndfc/api/about/version?x=1')
    assert status == 200
    assert _Dashboard.seen == [('/appcenter/cisco/ndfc/api/about/version?x=1', 'AuthCookie=' + TOKEN)]
    assert not any(name.lower() == 'set-cookie' for name in headers)
    assert TOKEN not in body and json.loads(body) == {'echo': 'you sent AuthCookie=********'}


@pytest.mark.parametrize('target', ['/login', '/api/v1/infra/refresh', '/x/../logout', '/appcenter/../refresh'])
def test_the_platforms_own_auth_endpoints_are_refused(relay, target):
    status, _headers, body = _get(relay, target, method='POST')
    assert status == 403
    assert 'does not pass' in json.loads(body)['message']
    assert _Dashboard.seen == [], 'nothing reached the dashboard'
