"""Redirects and Retry-After, over real HTTPS with certificate validation.

The emulator never redirects, so these tests run two small HTTPS servers of their own, with a
certificate from a throw-away CA (trustme): the only way to see where a redirect takes the cookie.
"""


import pytest
import trustme
from dashboard_emulator.testing import JsonHandler, https_server

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import HttpClient, parse_retry_after


class _Recorder(JsonHandler):
    seen = []  # (server name, path, Cookie header) of every request, across both servers
    routes = {}

    def do_GET(self):  # pylint: disable=invalid-name
        _Recorder.seen.append((self.server.name, self.path, self.headers.get('Cookie')))
        status, location = self.server.routes.get(self.path, (200, None))
        self.send_json(status, {'cookie': self.headers.get('Cookie')}, [('Location', location)] if location else ())


@pytest.fixture
def servers(tmp_path):
    authority = trustme.CA()
    ca_path = tmp_path / 'ca.pem'
    _Recorder.seen = []
    with https_server(_Recorder, '127.0.0.1', authority, ca_path) as dashboard, \
            https_server(_Recorder, '127.0.0.2', authority) as elsewhere:
        for name, server in (('dashboard', dashboard), ('elsewhere', elsewhere)):
            server.name = name
            server.routes = {}
        yield {'dashboard': dashboard, 'elsewhere': elsewhere}, str(ca_path)


def test_a_redirect_within_the_dashboard_keeps_the_cookie(servers):
    (started, ca_path) = servers
    started['dashboard'].routes['/old'] = (302, '/new')
    client = HttpClient(started['dashboard'].base_url, ca_path=ca_path)
    response = client.request('GET', '/old', token='session-token')
    assert response.status == 200
    assert response.json == {'cookie': 'AuthCookie=session-token'}


def test_a_redirect_to_another_host_is_refused_before_the_cookie_goes_there(servers):
    (started, ca_path) = servers
    started['dashboard'].routes['/away'] = (302, started['elsewhere'].base_url + '/collect')
    client = HttpClient(started['dashboard'].base_url, ca_path=ca_path)
    with pytest.raises(ConfigurationError) as failure:
        client.request('GET', '/away', token='session-token')
    assert 'redirected GET /away to another host' in str(failure.value)
    assert 'session-token' not in str(failure.value)
    assert [name for name, _path, _cookie in _Recorder.seen] == ['dashboard'], 'sent once, not retried, never elsewhere'


def test_retry_after_forms():
    assert parse_retry_after('3') == 3.0
    assert parse_retry_after('Wed, 21 Oct 2015 07:28:00 GMT', now=1445412470.0) == 10.0
    assert parse_retry_after('soon') is None
