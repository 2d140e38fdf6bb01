"""Issue 15: the holes an attack on the session layer found, each over real HTTPS against the emulator.

Each test failed on the code before its fix (said in its docstring) and asserts what a user or an
attacker would see: what reached the dashboard (the emulator's counters), what the run printed.
"""

import json
import os
import socket
import subprocess
import threading
import time

import pytest

from ansible import constants as C

from conftest import HERE
from test_front_ends import _wait_for

ADMIN_PASSWORD = 'Admin-Passw0rd!'
WHOAMI = '/api/v1/infra/whoami'
ADMIN_ENV = {'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': ADMIN_PASSWORD}


# ----- 1. the relay's refusal of the auth operations, percent-encoded --------------------------

def test_relay_refuses_encoded_spellings_of_the_auth_operations(play, emu):
    """Before: POST /%6cogout through the relay ended the run's session, /refres%68 returned a live token."""
    played = play('holes/relay_encoded.yml', verbosity=1, env=ADMIN_ENV)
    assert played.rc == 0, played.output[-4000:]
    counters = emu.counters()
    assert counters['logouts'] == 0 and counters['refreshes'] == 0 and counters['logins'] == 1, counters
    assert counters['live_sessions'] == 1
    # beside the run's one read of the release (GET /version.json, before its login)
    assert set(counters['requests']) == {'GET /version.json', 'POST /login', 'GET %s' % WHOAMI}, counters['requests']
    played.assert_no_secrets(ADMIN_PASSWORD)


# ----- 2. an auth request in another spelling is sent once ------------------------------------

def test_dashboard_rest_sends_an_encoded_login_once(play, emu):
    """Before: POST /%6cogin with a wrong password was sent twice (once more after 'renewing' the session)."""
    played = play('hardening.yml', verbosity=4, extra_vars={
        'step': 'rest', 'rest_method': 'POST', 'rest_path': '/%6cogin',
        'rest_body': {'domain': 'DefaultAuth', 'userName': 'admin', 'userPasswd': 'Wr0ng-Twice-Passw0rd'}})
    assert played.rc == 2
    counters = emu.counters()
    assert counters['login_failures'] == 1, 'the wrong password was sent %d times' % counters['login_failures']
    played.assert_no_secrets(ADMIN_PASSWORD, 'Wr0ng-Twice-Passw0rd')


# ----- 3. the token cache directory and the keeper socket's peer --------------------------------

def _plugin_session(emu, monkeypatch, local_tmp):
    from ansible_collections.fabricops.dashboard.plugins.plugin_utils import _plugin_session
    monkeypatch.setattr(C, 'DEFAULT_LOCAL_TMP', str(local_tmp))
    options = {'host': emu.base_url, 'username': 'admin', 'password': ADMIN_PASSWORD, 'ca_path': emu.ca_path}
    return _plugin_session.plugin_session(options, 'the test')


def test_a_cache_directory_that_others_can_write_is_not_used(emu, monkeypatch, tmp_path):
    """Before: a cache directory made 0777 by someone else was used, and the token written into it."""
    hostile = tmp_path / 'fabricops.dashboard'
    hostile.mkdir()
    hostile.chmod(0o777)  # as another user with write access to local_tmp would leave it
    session, _cache = _plugin_session(emu, monkeypatch, tmp_path)
    assert session.request('GET', WHOAMI).status == 200
    assert emu.counters()['requests']['GET ' + WHOAMI] == {'200': 1}
    written = [path.name for path in hostile.iterdir()]
    assert not written, 'the session went into a directory others can write: %s' % written


def test_a_keeper_socket_served_by_another_process_gets_nothing(emu, monkeypatch, tmp_path):
    """Before: a task handed its request, AuthCookie included, to whatever listened on the keeper socket's name."""
    session, cache = _plugin_session(emu, monkeypatch, tmp_path)
    session.ensure_valid()
    key = session.cache_key()
    stranger = subprocess.Popen(['sleep', '60'])  # a live process that is not the keeper
    try:
        with open(cache.keeper_marker(key), 'w', encoding='utf-8') as handle:
            handle.write(str(stranger.pid))
        received = []
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        os.chdir(cache.directory)
        listener.bind(os.path.basename(cache.keeper_socket(key)))
        listener.listen(4)

        def capture():
            while True:
                try:
                    channel, _peer = listener.accept()
                except OSError:
                    return
                with channel:
                    channel.settimeout(2)
                    try:
                        received.append(channel.recv(65536))
                    except OSError:
                        pass

        threading.Thread(target=capture, daemon=True).start()
        session, cache = _plugin_session(emu, monkeypatch, tmp_path)
        assert session.request('GET', WHOAMI).status == 200
        listener.close()
        assert not [data for data in received if data], 'the listener got the request: %r' % received[:1]
        assert emu.counters()['requests']['GET ' + WHOAMI] == {'200': 1}
    finally:
        os.chdir(str(HERE))
        stranger.kill()
        stranger.wait()


# ----- 4. a long password quoted by the server --------------------------------------------------

def test_a_long_password_quoted_by_the_server_is_masked_before_the_message_is_cut(play, tmp_path):
    """Before: the message was cut to 500 characters, then masked: the cut password no longer matched and showed."""
    from test_hardening import local_https
    password = 'Long-Passw0rd-' + 'x7' * 300
    with local_https(tmp_path, status=401, body={'message': 'login refused for password %s' % password}) as (base_url, ca, server):
        played = play('hardening.yml', verbosity=4, extra_vars={
            'step': 'rest', 'rest_host': base_url, 'rest_ca_path': ca, 'rest_password': password, 'rest_path': WHOAMI})
        assert [path for _method, path, _body in server.received].count('/login') == 1
    assert played.rc == 2
    assert 'refused the login of admin' in played.output
    assert password[:40] not in played.output, 'a part of the password shows'


# ----- 5. a keeper killed with SIGKILL ---------------------------------------------------------

def test_a_killed_keeper_is_replaced_and_leaves_nothing_behind(play, emu, tmp_path):
    """Before: the dead keeper's marker stayed, the relay lookup returned a dead socket ("Invalid Socket File")
    for the rest of the run, and its /tmp/dashboard-relay-* directory stayed."""
    temporary = tmp_path / 'tmp'
    temporary.mkdir()
    played = play('holes/keeper_killed.yml', verbosity=1, env=dict(ADMIN_ENV, TMPDIR=str(temporary)),
                  extra_vars={'kill_script': str(HERE / 'kill_keeper.py')})
    assert 'killed 1 keeper' in played.output, played.output[-3000:]
    assert played.rc == 0, played.output[-4000:]
    assert _wait_for(lambda: not list(temporary.iterdir())), 'left in TMPDIR: %s' % list(temporary.iterdir())
    played.assert_no_secrets(ADMIN_PASSWORD)


# ----- 6. sessions opened after 401s that were not about the token ------------------------------

def test_a_storm_of_401s_leaves_no_session_live(play, emu):
    """Before: 50 401s over 5 items left 6 live sessions on the dashboard."""
    played = play('holes/storm.yml', verbosity=1, env=ADMIN_ENV)
    assert played.rc == 0, played.output[-4000:]
    assert played.output.count('refused GET %s twice' % WHOAMI) >= 5, played.output[-3000:]
    assert _wait_for(lambda: emu.counters()['live_sessions'] == 0), json.dumps(emu.counters())
    played.assert_no_secrets(ADMIN_PASSWORD)


# ----- 7. a wrong password and the run's cached session -----------------------------------------

def test_a_wrong_password_is_not_accepted_on_the_strength_of_the_cache(play, emu):
    """Before: the task adopted the session of the right password and reported ok."""
    played = play('holes/wrong_password.yml', verbosity=4, extra_vars={'wrong_password': 'Not-The-Passw0rd'})
    assert played.rc == 2, played.output[-3000:]
    assert 'refused the login of admin' in played.output
    counters = emu.counters()
    assert counters['logins'] == 1 and counters['login_failures'] == 1, counters
    played.assert_no_secrets(ADMIN_PASSWORD, 'Not-The-Passw0rd')


def test_the_right_password_still_takes_the_session_after_a_refresh_without_credentials(play, emu):
    """The cache keeps the verifier when a task that holds only the fact refreshes the session: a task
    with the right password after it takes the run's session, no second login (on the first fix of
    hole 7, the refresh dropped the verifier and the task logged in again)."""
    played = play('holes/refresh_then_password.yml', verbosity=1)
    assert played.rc == 0, played.output[-3000:]
    counters = emu.counters()
    assert (counters['logins'], counters['refreshes'], counters['login_failures']) == (1, 1, 0), counters
    played.assert_no_secrets(ADMIN_PASSWORD)


@pytest.mark.parametrize('keep, live', [(None, 0), (True, 1)])
def test_a_run_that_logs_in_by_itself_ends_its_session_unless_told_to_keep_it(play, emu, keep, live):
    """Issue 17, item 4. Before: each such run left one more live session on the dashboard."""
    played = play('holes/own_session.yml', verbosity=1, env=ADMIN_ENV, extra_vars={} if keep is None else {'keep': keep})
    assert played.rc == 0, played.output[-3000:]
    if live:
        time.sleep(3)  # what the keeper would have done by now
        assert emu.counters()['live_sessions'] == live
    else:
        assert _wait_for(lambda: emu.counters()['live_sessions'] == 0), json.dumps(emu.counters())
    assert emu.counters()['logins'] == 1
    played.assert_no_secrets(ADMIN_PASSWORD)
