"""A task's way to the dashboard when the run's keeper does not serve (yet): a connection of its own.

The first tasks after a login may run before the keeper has started; they send their requests
themselves, over real HTTPS to the emulator, and still start the keeper afterwards.
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._session import exchange
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import KeeperExchange, exchange_for
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache

WHOAMI = '/api/v1/infra/whoami'


def test_without_a_keeper_a_task_sends_its_requests_on_a_connection_of_its_own(make_session, emu, tmp_path):
    session = make_session()
    session.login()
    cache = TokenCache(str(tmp_path / 'cache'))
    route = exchange_for(cache, session)
    assert isinstance(route, KeeperExchange) and route.socket_path is None
    session.route_through(route)
    exchange._CARRIER_POOLS.clear()  # pylint: disable=protected-access
    before = emu.counters()
    answers = [session.request('GET', WHOAMI) for _time in range(3)]
    after = emu.counters()
    assert [answer.status for answer in answers] == [200, 200, 200]
    assert answers[0].json['username'] == 'admin'
    assert after['connections'] - before['connections'] == 1, 'three requests of one task, one connection'
    # Nothing carried it: the task goes on to start the keeper (see DashboardAction.start_keeper).
    assert session.routed_through is route and not route.answered


def test_a_socket_that_nobody_serves_leaves_the_task_to_send_the_request_itself(make_session, tmp_path):
    session = make_session()
    session.login()
    cache = TokenCache(str(tmp_path / 'cache'))
    with open(cache.keeper_socket(session.cache_key()), 'w', encoding='utf-8'):
        pass  # a leftover: a file where the socket was, no keeper behind it
    route = exchange_for(cache, session)
    assert route.socket_path == cache.keeper_socket(session.cache_key())
    session.route_through(route)
    assert session.request('GET', WHOAMI).status == 200
    assert not route.answered
