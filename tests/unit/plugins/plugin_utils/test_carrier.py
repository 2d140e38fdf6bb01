"""The keeper's carrier socket under the conditions a long run meets, over real HTTPS to the emulator.

A request the keeper cannot carry goes back to its task (``fallback``) instead of failing it or
killing the thread that took it; a request that waited too long for a thread is never sent (its
task may already have given up on it); a slow request does not hold up the others.
"""

import json
import socket
import threading
import time

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session import exchange
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import HttpClient
from ansible_collections.fabricops.dashboard.plugins.plugin_utils import _carrier, _keeper_client

VERSION = '/appcenter/cisco/ndfc/api/about/version'


@pytest.fixture
def carrier(emu, tmp_path, monkeypatch):
    """A carrier for an admin session, bound in tmp_path as the keeper binds it (by name, from its directory)."""
    monkeypatch.chdir(tmp_path)
    session = DashboardSession(emu.base_url, 'admin', ca_path=emu.ca_path)
    server = _carrier._Carrier('carrier.sock', session)  # pylint: disable=protected-access
    yield server, str(tmp_path / 'carrier.sock'), session
    server.close()


def ask(path, session, url, **changes):
    request = dict({'method': 'GET', 'url': url, 'headers': {'Accept': 'application/json'}, 'validate_certs': True,
                    'ca_path': session.ca_path, 'timeout': 10, 'handed_at': time.time()}, **changes)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as channel:
        channel.settimeout(20)
        channel.connect(path)
        channel.sendall(json.dumps(request).encode() + b'\n')
        return json.loads(channel.makefile('rb').readline())


def test_a_request_that_cannot_be_carried_goes_back_to_its_task_and_the_carrier_goes_on(carrier, emu, tmp_path):
    server, path, session = carrier
    unreadable = tmp_path / 'not-a-ca.pem'
    unreadable.write_text('not a certificate')
    session.ca_path = session.http.ca_path = str(unreadable)
    before = emu.counters()['connections']
    # More refusals than the carrier has threads: none of them may cost a thread.
    for _attempt in range(server.THREADS + 2):
        assert ask(path, session, emu.url(VERSION), ca_path=str(unreadable)) == {'fallback': True}
    assert emu.counters()['connections'] == before, 'nothing reached the dashboard'
    session.ca_path = session.http.ca_path = emu.ca_path
    assert ask(path, session, emu.url(VERSION))['status'] == 401, 'the carrier still serves'


def test_a_request_that_waited_too_long_for_the_keeper_is_never_sent(carrier, emu):
    _server, path, session = carrier
    before = emu.counters()['connections']
    stale = ask(path, session, emu.url(VERSION), method='POST', handed_at=time.time() - 60)
    assert stale == {'fallback': True}, 'the task sends it itself, or has given up: the keeper must not send it late'
    assert emu.counters()['connections'] == before


def test_a_slow_request_does_not_hold_up_the_others(carrier, emu):
    server, path, session = carrier
    emu.set_faults(latency_ms=1500)
    answers = []
    askers = [threading.Thread(target=lambda: answers.append(ask(path, session, emu.url(VERSION))))
              for _n in range(server.THREADS + 3)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    emu.set_faults(latency_ms=0)
    assert [answer.get('status') for answer in answers] == [401] * len(askers)
    # Every request had a thread of its own at once: the carrier grew instead of queueing them.
    assert server._threads >= len(askers) + 1  # pylint: disable=protected-access


def test_a_request_taken_while_the_keeper_stops_goes_back_to_its_task(carrier, emu):
    server, path, session = carrier
    server._stopping = True  # pylint: disable=protected-access  # as close() sets it, before the listener goes
    before = emu.counters()['connections']
    assert ask(path, session, emu.url(VERSION), method='POST') == {'fallback': True}
    assert emu.counters()['connections'] == before


def test_a_request_with_a_bound_of_its_own_is_carried_with_it(carrier, emu):
    """Issue 23: a fabric deploy carried by the keeper waits its own bound (own_timeout), not the task's timeout."""
    _server, path, session = carrier
    emu.set_faults(latency_ms=1500, paths=[VERSION])
    cut = ask(path, session, emu.url(VERSION), timeout=1)
    assert 'did not answer GET %s within 1 s (the timeout option)' % VERSION in cut['error'], cut
    assert ask(path, session, emu.url(VERSION), timeout=1, own_timeout=5)['status'] == 401


def test_an_answer_comes_back_byte_for_byte_after_its_line(carrier, emu):
    # The body follows the reply's line as the dashboard sent it (not escaped inside the line): a
    # task reads it whole, non-ASCII and JSON escapes as they were.
    _server, path, session = carrier
    fabrics = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'
    logged_in = emu.login()
    direct = logged_in.get(emu.url(fabrics), timeout=10)
    client = HttpClient(emu.base_url, ca_path=emu.ca_path, timeout=10)
    request = {'method': 'GET', 'url': emu.url(fabrics), 'validate_certs': True, 'ca_path': session.ca_path, 'timeout': 10,
               'headers': {'Accept': 'application/json', 'Cookie': 'AuthCookie=' + logged_in.token}, 'handed_at': time.time()}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as channel:
        channel.settimeout(20)
        channel.connect(path)
        answer = _keeper_client._call(channel, request, client, 'GET', emu.url(fabrics))  # pylint: disable=protected-access
    assert answer['status'] == 200 and 'length' not in answer
    # Passed on as bytes, never decoded (nor encoded again) in the keeper: the task decodes them once.
    assert answer['content'] == direct.content and len(answer['content']) > 10000
    response = exchange.Response(answer['status'], answer['headers'], url=emu.url(fabrics), content=answer['content'],
                                 encoding=answer['encoding'])
    assert response.text == direct.text and response.json == direct.json()
