"""The session keeper carries requests for every node of its cluster, and only for those.

A task that failed over sends its requests to another node than the one the keeper started
with; they must still be carried (not refused as "another host"), over real HTTPS to the
emulator serving as three nodes.
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._carrier import _serve  # pylint: disable=protected-access

VERSION = '/appcenter/cisco/ndfc/api/about/version'


def carried(session, url, **request):
    request = dict({'method': 'GET', 'url': url, 'headers': {'Accept': 'application/json'}, 'validate_certs': True,
                    'ca_path': session.ca_path, 'timeout': 10}, **request)
    return _serve(session, request)


def test_the_keeper_carries_requests_to_any_node_of_its_cluster(clu):
    session = DashboardSession(clu.node_urls, 'admin', ca_path=clu.ca_path)
    before = clu.counters()['requests_by_node']
    answer = carried(session, clu.node_urls[2] + VERSION)
    assert answer.get('status') == 401, 'sent to node 2 without credentials: the dashboard answered, the keeper did not refuse'
    assert clu.counters()['requests_by_node']['2'] == before['2'] + 1


def test_the_keeper_leaves_other_hosts_and_other_tls_settings_to_the_task(clu):
    session = DashboardSession(clu.node_urls[:2], 'admin', ca_path=clu.ca_path)
    assert carried(session, clu.node_urls[2] + VERSION) == {'fallback': True}
    assert carried(session, clu.node_urls[0] + VERSION, ca_path=None) == {'fallback': True}


def test_a_node_down_reaches_the_task_as_nothing_sent_so_it_can_fail_over(clu):
    session = DashboardSession(clu.node_urls, 'admin', ca_path=clu.ca_path)
    clu.node_down(1)
    answer = carried(session, clu.node_urls[1] + VERSION)
    assert answer['details']['nothing_sent'] is True
    assert answer['details']['reason'] == 'refused the connection'
