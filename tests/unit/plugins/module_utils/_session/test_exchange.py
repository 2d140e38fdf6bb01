"""The keeper carries a task's request on urllib3 alone: the dashboard must not be able to tell.

``carried_exchange`` (the keeper's way) and ``direct_exchange`` (requests, a task's own way) must
put the same request on the wire and give the task the same answer and the same errors. The
wire is seen by an HTTPS server of this test's own that records every request as received (the
emulator does not record headers); the errors come from the emulator's faults over real HTTPS.
"""

import os
import socket

import pytest
from dashboard_emulator.testing import JsonHandler, https_server

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import TransportError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import HttpClient
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.exchange import carried_exchange, direct_exchange

WAYS = {'direct': direct_exchange, 'carried': carried_exchange}


class _Recorder(JsonHandler):
    protocol_version = 'HTTP/1.1'  # keep-alive, as the dashboard's gateway

    def _record(self):
        length = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(length) if length else b''
        self.server.seen.append({'line': self.requestline, 'headers': sorted(self.headers.items()), 'body': body})
        self.send_json(201, {'ok': True, 'text': 'caf\u00e9'}, [
            ('Set-Cookie', 'AuthCookie=new-token; Path=/; Secure; HttpOnly'), ('Set-Cookie', 'other=1; Path=/'), ('X-Request-Id', 'abc')])

    do_GET = do_POST = do_PUT = do_DELETE = _record  # noqa: N815 (http.server's names)


@pytest.fixture(scope='module')
def recorder(tmp_path_factory):
    ca_path = tmp_path_factory.mktemp('carrier') / 'ca.pem'
    with https_server(_Recorder, ca_path=ca_path) as server:
        server.seen = []
        yield server.base_url, str(ca_path), server


@pytest.mark.parametrize('method, body, params', [
    ('GET', None, None),
    ('GET', None, {'fabric': 'dc 1', 'serial': ['a', 'b']}),
    ('POST', {'name': 'net1', 'vlan': 2301, 'tags': ['a', 'caf\u00e9']}, None),
    ('POST', None, None),
    ('PUT', {'nvPairs': {'FABRIC_NAME': 'dc1'}}, {'force': 'true'}),
    ('DELETE', None, None),
])
def test_the_dashboard_sees_the_same_request_and_the_task_the_same_answer_either_way(recorder, method, body, params):
    base_url, ca_path, server = recorder
    client = HttpClient(base_url, ca_path=ca_path, timeout=10)
    headers = {'Accept': 'application/json', 'Cookie': 'AuthCookie=the-token'}
    answers = {}
    for way, exchange in WAYS.items():
        server.seen.clear()
        answers[way] = exchange(client, method, base_url + '/api/v1/things', dict(headers), body, params)
        assert len(server.seen) == 1, '%s: exactly one request reaches the dashboard' % way
        answers[way].wire = server.seen[0]
    direct, carried = answers['direct'], answers['carried']
    assert carried.wire == direct.wire, 'request line, every header and the body are the same on the wire'
    assert (carried.status, carried.text, carried.json, carried.cookies) == (direct.status, direct.text, direct.json, direct.cookies)
    # Date aside (the two answers may fall in different seconds), the headers are the same
    assert {k: v for k, v in carried.headers.items() if k != 'Date'} == {k: v for k, v in direct.headers.items() if k != 'Date'}
    assert 'Date' in carried.headers and 'X-Request-Id' in carried.headers
    assert carried.cookies == {'AuthCookie': 'new-token', 'other': '1'}
    assert carried.json == {'ok': True, 'text': 'caf\u00e9'}


def _error(exchange, client, url, method='GET'):
    with pytest.raises(TransportError) as caught:
        exchange(client, method, url, {'Accept': 'application/json'})
    return caught.value.message, caught.value.details


def test_a_dropped_connection_reads_the_same_either_way(emu):
    client = HttpClient(emu.base_url, ca_path=emu.ca_path, timeout=10)
    seen = {}
    for way, exchange in WAYS.items():
        emu.set_faults(drop_count=1)
        seen[way] = _error(exchange, client, emu.url('/api/v1/infra/whoami'), 'POST')
    emu.set_faults(drop_count=0)
    assert seen['carried'] == seen['direct']
    message, details = seen['carried']
    assert 'closed the connection during POST /api/v1/infra/whoami before answering' in message
    assert details['nothing_sent'] is False, 'a write may have landed: it must not be sent again'


def test_a_timeout_reads_the_same_either_way(emu):
    client = HttpClient(emu.base_url, ca_path=emu.ca_path, timeout=0.5)
    emu.set_faults(latency_ms=1500)
    try:
        seen = {way: _error(exchange, client, emu.url('/api/v1/infra/whoami')) for way, exchange in WAYS.items()}
    finally:
        emu.set_faults(latency_ms=0)
    assert seen['carried'] == seen['direct']
    assert 'did not answer GET /api/v1/infra/whoami within 0.5 s' in seen['carried'][0]


def test_a_refused_connection_reads_the_same_either_way_and_says_nothing_was_sent():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        port = probe.getsockname()[1]  # closed again below: nothing listens there
    client = HttpClient('https://127.0.0.1:%d' % port, timeout=5)
    seen = {way: _error(exchange, client, 'https://127.0.0.1:%d/login' % port) for way, exchange in WAYS.items()}
    assert seen['carried'] == seen['direct']
    message, details = seen['carried']
    assert 'Cannot connect to the dashboard' in message and 'connection refused' in message
    assert details == {'nothing_sent': True, 'reason': 'refused the connection'}


def test_an_untrusted_certificate_reads_the_same_either_way(emu):
    client = HttpClient(emu.base_url, timeout=10)  # the system's CAs: the emulator's private CA is not among them
    seen = {way: _error(exchange, client, emu.url('/login')) for way, exchange in WAYS.items()}
    assert seen['carried'] == seen['direct']
    message, details = seen['carried']
    assert 'the certificate is not signed by a trusted CA' in message
    assert details == {'tls': True}


@pytest.mark.parametrize('path', ['/api/v1/a%41b?x=%7e', '/api/v1/with space/caf\u00e9', '/api/v1/plain~path?q=a,b'])
def test_a_path_that_needs_quoting_is_quoted_as_requests_quotes_it(recorder, path):
    base_url, ca_path, server = recorder
    client = HttpClient(base_url, ca_path=ca_path, timeout=10)
    lines = {}
    for way, exchange in WAYS.items():
        server.seen.clear()
        exchange(client, 'GET', base_url + path, {'Accept': 'application/json'})
        lines[way] = server.seen[0]['line']
    assert lines['carried'] == lines['direct']


@pytest.mark.parametrize('way', sorted(WAYS))
def test_a_forked_worker_opens_its_own_connection_and_leaves_the_parents_alone(emu, way):
    """Ansible forks its workers from a process that may hold connections of this collection (an
    inventory, a lookup); a worker that wrote on the parent's TLS stream would corrupt it (seen:
    "handshake failed" in a child, without the fork hook)."""
    client = HttpClient(emu.base_url, ca_path=emu.ca_path, timeout=10, exchange=WAYS[way])
    assert client.request('GET', '/api/v1/infra/whoami').status == 401  # no token: any answer will do
    children = []
    for _child in range(3):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child reports by its exit status
            try:
                status = client.request('GET', '/api/v1/infra/whoami', retry=False).status
            except BaseException:  # pylint: disable=broad-exception-caught
                os._exit(2)
            os._exit(0 if status == 401 else 3)
        children.append(pid)
    statuses = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children]
    assert statuses == [0, 0, 0], 'a forked child could not use the dashboard'
    assert client.request('GET', '/api/v1/infra/whoami', retry=False).status == 401
    assert client.last_attempts == 1
    # the parent's connection, one of each child's own, and the parent's again
    assert emu.counters()['connections'] == 4
