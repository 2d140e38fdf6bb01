"""--nodes 3: three listening ports, one shared state, nodes taken down and up by test controls.

Every request goes over HTTPS with the emulator's CA as the only trusted one.
"""

import errno
import json
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
import requests

from controller_paths import FABRICS


def _port(url):
    return int(url.rsplit(":", 1)[1])


def _connect_error(url):
    """The errno of a plain TCP connect to the node, or 0 when it is accepted."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(5)
        return probe.connect_ex(("127.0.0.1", _port(url)))


def test_banner_lists_three_nodes_on_distinct_ports(clu):
    assert len(clu.node_urls) == 3
    assert clu.base_url == clu.node_urls[0]
    assert len({_port(url) for url in clu.node_urls}) == 3
    assert clu.nodes() == [{"index": index, "url": url, "up": True} for index, url in enumerate(clu.node_urls)]


def test_a_token_from_node_0_works_on_every_node(clu):
    session = clu.login("admin")
    for url in clu.node_urls:
        assert session.get(url + FABRICS, timeout=10).status_code == 200
    # a write through node 2 is seen through node 1
    created = session.post(clu.node_urls[2] + FABRICS + "/shared/External_Fabric", json={"BGP_AS": "65100"}, timeout=10)
    assert created.status_code == 200
    assert session.get(clu.node_urls[1] + FABRICS + "/shared", timeout=10).status_code == 200
    counters = clu.counters()
    assert counters["logins"] == 1
    # controls are not counted; the login went to node 0
    assert counters["requests_by_node"] == {"0": 2, "1": 2, "2": 2}


def test_node_down_refuses_connections_while_the_others_answer(clu):
    session = clu.login("admin")
    assert session.get(clu.node_urls[1] + FABRICS, timeout=10).status_code == 200  # a kept-alive connection
    nodes = clu.node_down(1)
    assert [node["up"] for node in nodes] == [True, False, True]
    assert _connect_error(clu.node_urls[1]) == errno.ECONNREFUSED
    with pytest.raises(requests.ConnectionError):
        # the kept-alive connection is gone too; the new one is refused
        session.get(clu.node_urls[1] + FABRICS, timeout=10)
    for index in (0, 2):
        assert session.get(clu.node_urls[index] + FABRICS, timeout=10).status_code == 200
    assert [node["up"] for node in clu.nodes()] == [True, False, True]


def test_node_up_listens_on_the_same_port_again(clu):
    session = clu.login("admin")
    clu.node_down(2)
    assert _connect_error(clu.node_urls[2]) == errno.ECONNREFUSED
    clu.node_up(2)
    assert _connect_error(clu.node_urls[2]) == 0
    # the session made before the node went down is still good there: the state is shared
    assert session.get(clu.node_urls[2] + FABRICS, timeout=10).status_code == 200
    assert clu.counters()["requests_by_node"]["2"] == 1


def test_a_node_can_take_itself_down_and_answers_first(clu):
    control = clu.session()
    answer = control.post(clu.node_urls[0] + "/_emulator/nodes/0/down", timeout=10)
    assert answer.status_code == 200
    assert answer.json()[0] == {"index": 0, "url": clu.node_urls[0], "up": False}
    assert _connect_error(clu.node_urls[0]) == errno.ECONNREFUSED
    # the controls go on through the nodes that are up
    assert clu.counters()["logins"] == 0
    assert [node["up"] for node in clu.nodes()] == [False, True, True]


def test_a_request_in_flight_is_answered_when_its_node_goes_down(clu):
    session = clu.login("admin")
    clu.set_faults(latency_ms=1500, paths=[FABRICS])
    answers = []
    slow = threading.Thread(target=lambda: answers.append(session.get(clu.node_urls[1] + FABRICS, timeout=10)))
    slow.start()
    # well inside the added latency: the request is in the handler when the node goes down
    time.sleep(0.6)
    clu.node_down(1)
    slow.join(15)
    assert [answer.status_code for answer in answers] == [200]
    assert _connect_error(clu.node_urls[1]) == errno.ECONNREFUSED


def test_reset_brings_every_node_up(clu):
    clu.node_down(0)
    clu.node_down(2)
    clu.reset()
    assert [node["up"] for node in clu.nodes()] == [True, True, True]
    for url in clu.node_urls:
        assert _connect_error(url) == 0
    assert clu.counters()["requests_by_node"] == {"0": 0, "1": 0, "2": 0}


def test_the_last_node_up_cannot_go_down(clu):
    clu.node_down(0)
    clu.node_down(1)
    answer = clu.session().post(clu.node_urls[2] + "/_emulator/nodes/2/down", timeout=10)
    assert answer.status_code == 409
    assert "last node" in answer.json()["message"]
    assert _connect_error(clu.node_urls[2]) == 0


@pytest.mark.parametrize("path,status", [
    ("/_emulator/nodes/3/down", 404),
    ("/_emulator/nodes/x/down", 404),
    ("/_emulator/nodes/0/sideways", 404),
])
def test_bad_node_controls_say_what_is_wrong(clu, path, status):
    answer = clu.session().post(clu.base_url + path, timeout=10)
    assert answer.status_code == status
    assert "node" in answer.json()["message"]


def test_down_and_up_are_idempotent(clu):
    clu.node_down(1)
    assert [node["up"] for node in clu.node_down(1)] == [True, False, True]
    clu.node_up(1)
    assert [node["up"] for node in clu.node_up(1)] == [True, True, True]


def test_api_keys_work_on_every_node(clu):
    keyed = clu.api_key_session("viewer")
    assert [keyed.get(url + FABRICS, timeout=10).status_code for url in clu.node_urls] == [200, 200, 200]
    assert clu.counters()["api_key_requests"] == 3


def test_consecutive_ports_with_an_explicit_port(tmp_path):
    with socket.socket() as finder:
        finder.bind(("127.0.0.1", 0))
        first = finder.getsockname()[1]
    # the next two ports may be taken by someone else on a shared machine; the test accepts a
    # refusal to start only when that is the reason
    process = subprocess.Popen(  # pylint: disable=consider-using-with
        [sys.executable, "-m", "dashboard_emulator", "--nodes", "3", "--port", str(first), "--ca-out", str(tmp_path / "ca.pem")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        if not line:
            # a clear message, not a traceback
            assert "choose another --port" in process.stderr.read()
            pytest.skip("a port after %d is taken" % first)
        banner = json.loads(line)
        assert banner["nodes"] == ["https://127.0.0.1:%d" % port for port in (first, first + 1, first + 2)]
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
    finally:
        if process.poll() is None:
            process.kill()
        process.stdout.close()
        process.stderr.close()


def test_sigterm_stops_every_node(tmp_path):
    process = subprocess.Popen(  # pylint: disable=consider-using-with
        [sys.executable, "-m", "dashboard_emulator", "--nodes", "2", "--ca-out", str(tmp_path / "ca.pem")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        banner = json.loads(process.stdout.readline())
        session = requests.Session()
        session.trust_env = False
        for url in banner["nodes"]:
            assert session.get(url + "/openapi.json", verify=banner["ca_path"], timeout=10).status_code == 200
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
        assert [_connect_error(url) for url in banner["nodes"]] == [errno.ECONNREFUSED] * 2
    finally:
        if process.poll() is None:
            process.kill()
        process.stdout.close()


def test_a_taken_port_is_a_clear_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "dashboard_emulator", "--port", str(port), "--ca-out", str(tmp_path / "ca.pem")],
                                capture_output=True, text=True, timeout=30, check=False)
    assert result.returncode == 2
    assert "cannot listen on 127.0.0.1 port %d (node 0)" % port in result.stderr
    assert "Traceback" not in result.stderr


def test_nodes_option_is_checked():
    result = subprocess.run([sys.executable, "-m", "dashboard_emulator", "--nodes", "0"],
                            capture_output=True, text=True, timeout=30, check=False)
    assert result.returncode == 2
    assert "--nodes must be between 1 and 16" in result.stderr
