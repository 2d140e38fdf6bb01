"""Clusters (failover between nodes) and API keys, as the session class does them.

Failover runs against the emulator over real HTTPS: the node before it is a loopback port with
nothing listening (the connection is refused, as for a node that is down), or a real HTTPS server
whose certificate comes from another CA. The API-key tests here run a small HTTPS server of their
own that records the headers it gets and refuses keys it does not know, quoting the key back in its
message: that shows exactly what goes on the wire, and that a key a server quotes is masked; the
emulator's own keys are checked at the end.
"""

import json
import socket

import pytest
from dashboard_emulator.testing import JsonHandler, https_server

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import node_list
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import (
    AuthenticationFailed, ConfigurationError, NoSessionGiven, TransportError)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.auth import KEY_CHECK_PATH
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import RetryPolicy

FABRICS = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'
GOOD_KEY = 'ak-unit-7c1d2e3f4a5b6c7d'


def closed_port():
    """A loopback port with nothing listening on it: connecting is refused."""
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


def fast(**options):
    options.setdefault('retry_policy', RetryPolicy(backoff=0.01, max_delay=0.02))
    return options


# ----- the host option ---------------------------------------------------------------------

@pytest.mark.parametrize('host, nodes', [
    ('https://a.example.com', ['https://a.example.com']),
    ('https://a.example.com, https://b.example.com:8443', ['https://a.example.com', 'https://b.example.com:8443']),
    (['a.example.com', 'https://b.example.com/'], ['https://a.example.com', 'https://b.example.com']),
    ('https://a.example.com,https://a.example.com', ['https://a.example.com']),
])
def test_host_names_one_node_or_a_cluster(host, nodes):
    assert DashboardSession(host).nodes == nodes


@pytest.mark.parametrize('host, words', [
    (['https://a.example.com', 7], 'list of such strings'),
    ({'url': 'https://a.example.com'}, 'host is a dict'),
    ('https://a.example.com,', 'empty address'),
    ([], 'No dashboard given'),
    (['https://a.example.com', 'http://b.example.com'], 'HTTPS only'),
])
def test_a_host_that_is_not_an_address_or_a_list_of_them_is_refused_clearly(host, words):
    with pytest.raises((ConfigurationError, ValueError)) as failure:
        DashboardSession(host)
    assert words in str(failure.value)


def test_node_list_takes_the_environment_form():
    assert node_list('https://n1,https://n2') == ['https://n1', 'https://n2']


# ----- failover ----------------------------------------------------------------------------

def test_a_node_that_refuses_hands_the_login_and_requests_to_the_next(emu, sleeps):
    down = 'https://127.0.0.1:%d' % closed_port()
    session = DashboardSession([down, emu.base_url], 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, sleep=sleeps, **fast())
    heard = []
    session.http.on_retry = heard.append
    session.request('GET', FABRICS)
    assert session.base_url == emu.base_url
    assert emu.counters()['logins'] == 1
    assert sleeps.waits == [], 'moving to the next node waits for nothing'
    # the run's first request reads the release (GET /version.json), and meets the refusing node first
    assert heard == ['GET /version.json: node %s refused the connection; trying node %s.' % (down, emu.base_url)]
    assert session.as_dict()['nodes'] == [down, emu.base_url]
    assert session.as_dict()['host'] == down


def test_the_cluster_is_one_session_whichever_node_serves(emu):
    down = 'https://127.0.0.1:%d' % closed_port()
    first = DashboardSession([down, emu.base_url], 'admin', 'x', ca_path=emu.ca_path)
    second = DashboardSession([down, emu.base_url], 'admin', 'x', ca_path=emu.ca_path)
    second.http.base_url = emu.base_url
    assert first.cache_key() == second.cache_key()
    assert first.cache_key() != DashboardSession(emu.base_url, 'admin', 'x').cache_key()


def test_every_node_down_is_retried_as_one_dashboard_then_fails(sleeps):
    nodes = ['https://127.0.0.1:%d' % closed_port(), 'https://127.0.0.1:%d' % closed_port()]
    session = DashboardSession(nodes, 'admin', 'x', sleep=sleeps, **fast())
    with pytest.raises(TransportError) as failure:
        session.login()
    assert 'connection refused' in str(failure.value)
    assert 'No node of the cluster answered (%s)' % ', '.join(nodes) in str(failure.value)
    assert len(sleeps.waits) == 3, 'a wait only after every node failed in turn, as many as for one node'


def test_a_certificate_that_fails_validation_never_moves_to_another_node(emu, foreign_node, sleeps):
    session = DashboardSession([foreign_node, emu.base_url], 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, sleep=sleeps, **fast())
    with pytest.raises(TransportError) as failure:
        session.login()
    assert 'not signed by a trusted CA' in str(failure.value)
    assert emu.counters()['logins'] == 0
    assert session.base_url == foreign_node


# ----- API keys ----------------------------------------------------------------------------

class _KeyChecker(JsonHandler):
    seen = []

    def do_GET(self):  # pylint: disable=invalid-name
        if self.path == '/version.json':
            # public: the release is read without the key (before 4.2.1 the key is then checked with the controller's version)
            self.send_json(200, {'major': 3, 'minor': 2, 'maintenance': 1, 'patch': 'e'})
            return
        _KeyChecker.seen.append({name: self.headers.get(name) for name in ('X-Nd-Username', 'X-Nd-Apikey', 'Cookie')})
        accepted = self.headers.get('X-Nd-Username') == 'automation' and self.headers.get('X-Nd-Apikey') == GOOD_KEY
        status, body = (200, {'version': '12.2.2'}) if accepted else (401, {'message': 'key %s refused' % self.headers.get('X-Nd-Apikey'),
                                                                            'code': 401, 'description': 'Unauthorized'})
        self.send_json(status, body)


@pytest.fixture
def key_server(tmp_path):
    ca_path = tmp_path / 'ca.pem'
    _KeyChecker.seen = []
    with https_server(_KeyChecker, ca_path=ca_path) as server:
        yield server.base_url, str(ca_path)


def test_a_key_session_sends_the_two_headers_and_no_cookie(key_server):
    url, ca_path = key_server
    session = DashboardSession(url, 'automation', password='also-given', api_key=GOOD_KEY, ca_path=ca_path)
    session.check_api_key()
    session.request('GET', KEY_CHECK_PATH)
    assert _KeyChecker.seen == [{'X-Nd-Username': 'automation', 'X-Nd-Apikey': GOOD_KEY, 'Cookie': None}] * 2
    data = session.as_dict()
    assert data['auth'] == 'api_key' and data['token'] is None and data['rbac'] == []
    assert GOOD_KEY not in json.dumps(data)


def test_a_refused_key_is_a_clear_error_sent_once_and_never_shown(key_server, sleeps):
    url, ca_path = key_server
    wrong = 'ak-unit-revoked-0000000000'
    session = DashboardSession(url, 'automation', api_key=wrong, ca_path=ca_path, sleep=sleeps)
    with pytest.raises(AuthenticationFailed) as failure:
        session.request('GET', KEY_CHECK_PATH)
    message = str(failure.value)
    assert 'refused the API key of automation' in message
    assert 'create a new key' in message.lower()
    assert wrong not in message
    assert len(_KeyChecker.seen) == 1 and sleeps.waits == []


def test_a_key_needs_the_account_name():
    with pytest.raises(ConfigurationError) as failure:
        DashboardSession('https://a.example.com', api_key=GOOD_KEY)
    assert 'set username' in str(failure.value)


def test_a_key_session_handed_back_without_its_key_says_where_to_get_it():
    session = DashboardSession.from_options({'host': 'https://a.example.com', 'username': 'automation'},
                                            session_fact={'host': 'https://a.example.com', 'username': 'automation', 'auth': 'api_key'})
    assert session.uses_api_key
    with pytest.raises(NoSessionGiven) as failure:
        session.request('GET', KEY_CHECK_PATH)
    assert 'api_key' in str(failure.value) and 'DASHBOARD_API_KEY' in str(failure.value)


def test_a_key_session_has_nothing_to_refresh_or_log_out(key_server):
    url, ca_path = key_server
    session = DashboardSession(url, 'automation', api_key=GOOD_KEY, ca_path=ca_path)
    session.renew()
    assert session.logout() is False
    assert _KeyChecker.seen == []


# ----- against the emulator serving as a cluster of three nodes ----------------------------

def cluster_session(clu, **options):
    return DashboardSession(clu.node_urls, 'admin', clu.PASSWORDS['admin'], ca_path=clu.ca_path, **fast(**options))


def test_a_read_cut_off_moves_to_the_next_node_but_a_write_is_never_sent_again(clu):
    session = cluster_session(clu)
    session.login()
    clu.set_faults(drop_count=1, paths=[FABRICS])
    assert session.request('GET', FABRICS).status == 200
    assert session.base_url == clu.node_urls[1], 'a replay-safe read goes on at the next node'
    clu.set_faults(drop_count=1, paths=[FABRICS])
    before = clu.counters()['requests_by_node']
    with pytest.raises(TransportError) as failure:
        session.request('POST', FABRICS + '/b/Easy_Fabric', json_body={'BGP_AS': '65002'})
    assert 'closed the connection' in str(failure.value)
    after = clu.counters()['requests_by_node']
    assert sum(after.values()) - sum(before.values()) <= 1, 'the write that may have landed was not sent to another node'
    assert clu.counters()['writes'] == 0


def test_a_token_from_one_node_serves_on_the_next_after_it_goes_down(clu):
    session = cluster_session(clu)
    session.request('GET', FABRICS)
    clu.node_down(0)
    assert session.request('GET', FABRICS).status == 200
    counters = clu.counters()
    assert counters['logins'] == 1
    assert counters['requests_by_node']['1'] >= 1


def test_an_emulator_key_is_accepted_without_login_and_a_revoked_one_refused_once(clu):
    key = clu.API_KEYS['admin']
    session = DashboardSession(clu.node_urls, 'admin', api_key=key, ca_path=clu.ca_path, **fast())
    session.check_api_key()
    clu.node_down(0)
    assert session.request('GET', FABRICS).status == 200
    clu.revoke_api_key('admin', key)
    with pytest.raises(AuthenticationFailed) as failure:
        session.request('GET', FABRICS)
    assert key not in str(failure.value)
    counters = clu.counters()
    assert (counters['logins'], counters['api_key_requests'], counters['api_key_refusals']) == (0, 2, 1)
