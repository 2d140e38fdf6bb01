"""Issue 10: rough edges a new user met, each over real HTTPS in a playbook run at -vvvv.

Each test asserts what the user sees (the message), what the dashboard saw (the emulator's
counters: nothing sent, or sent once) and that no secret appears in the output. Where the
emulator cannot produce a fault (an answer quoting a huge field, a certificate for another
host name), a small HTTPS server of the test's own, on 127.0.0.1 with a trustme CA, does.
"""

import contextlib
import json

import pytest
from dashboard_emulator.testing import JsonHandler, https_server

ADMIN_PASSWORD = 'Admin-Passw0rd!'
WRONG_PASSWORD = 'Wr0ng-Lockout-Passw0rd'
# A platform path that needs a session and changes nothing: tests stay clear of the fabric-controller paths.
WHOAMI = '/api/v1/infra/whoami'


def _nothing_sent(counters):
    return counters['logins'] == 0 and counters['login_failures'] == 0 and not counters['requests']


class _Answer(JsonHandler):
    """Answers every request with what the test put on the server (status, JSON body)."""

    def _answer(self):
        length = int(self.headers.get('Content-Length') or 0)
        self.server.received.append((self.command, self.path, self.rfile.read(length)))
        self.send_json(*self.server.answer)

    do_GET = do_POST = _answer


@contextlib.contextmanager
def local_https(tmp_path, name='127.0.0.1', status=200, body=None):
    """An HTTPS server on 127.0.0.1 whose certificate is issued to ``name``; yields (base_url, ca_path, server)."""
    ca_path = tmp_path / 'local-ca.pem'
    with https_server(_Answer, ca_path=ca_path, name=name) as server:
        server.answer = (status, body if body is not None else {})
        server.received = []
        yield server.base_url, str(ca_path), server


# ----- 1. credentials in the host URL --------------------------------------------------------

def test_credentials_in_the_host_url_are_refused_without_repeating_them(play, emu):
    address = emu.base_url.replace('https://', 'https://admin:Url-Held-Secret@')
    run = play('hardening.yml', verbosity=4, extra_vars={'step': 'login', 'login_host': address})
    assert run.rc == 2
    assert 'carries a user name or password before an @' in run.output
    assert 'with the username and password options' in run.output
    run.assert_no_secrets('Url-Held-Secret', ADMIN_PASSWORD)
    assert _nothing_sent(emu.counters())


# ----- 2. the timeout ------------------------------------------------------------------------

@pytest.mark.parametrize('timeout, env, expected', [
    ('-5', {}, "The timeout option is '-5': give a whole number of seconds greater than 0"),
    ('0', {}, "The timeout option is '0': give a whole number of seconds greater than 0"),
    (None, {'DASHBOARD_TIMEOUT': 'abc'}, "The environment variable DASHBOARD_TIMEOUT is 'abc': give a whole number of seconds"),
])
def test_a_timeout_that_is_not_a_positive_number_is_explained(play, emu, timeout, env, expected):
    extra_vars = {'step': 'login'}
    if timeout is not None:
        extra_vars['login_timeout'] = timeout
    run = play('hardening.yml', verbosity=4, extra_vars=extra_vars, env=env)
    assert run.rc == 2
    assert expected in run.output
    assert 'Unexpected error' not in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)
    assert _nothing_sent(emu.counters())


# ----- 4. the auth endpoints through dashboard_rest ------------------------------------------

@pytest.mark.parametrize('path', ['/login', '/api/v1/infra/login'])
def test_a_wrong_password_sent_to_login_through_dashboard_rest_is_sent_once(play, emu, path):
    body = json.dumps({'domain': 'DefaultAuth', 'userName': 'admin', 'userPasswd': WRONG_PASSWORD})
    run = play('hardening.yml', verbosity=4, extra_vars={'step': 'rest', 'rest_method': 'POST', 'rest_path': path, 'rest_body': body})
    assert run.rc == 2
    assert 'answered HTTP 401 while POST %s: Invalid Username/Password' % path in run.output
    counters = emu.counters()
    # One refused login, and no login with the task's own credentials to "renew" it.
    assert counters['login_failures'] == 1
    assert counters['logins'] == 0
    assert counters['requests'] == {'POST %s' % path: {'401': 1}}
    run.assert_no_secrets(WRONG_PASSWORD, ADMIN_PASSWORD)


# ----- 5. a host with a path prefix ----------------------------------------------------------

def test_a_host_with_a_wrong_path_prefix_is_not_reported_as_bad_credentials(play, emu):
    run = play('hardening.yml', verbosity=4, extra_vars={'step': 'login', 'login_host': emu.base_url + '/api/v1'})
    assert run.rc == 2
    assert "is not the dashboard's login answer" in run.output
    assert 'Its address carries the path /api/v1: give the address alone (https://%s)' % emu.host in run.output
    assert 'refused the login' not in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)
    assert emu.counters()['logins'] == 0


# ----- 6. what a server says back is bounded and scrubbed ------------------------------------

def test_a_huge_error_answer_is_bounded_and_a_quoted_password_is_masked(play, emu, tmp_path):
    huge = 'X' * (20 * 1024 * 1024)
    quoted = 'userPasswd=Quoted-Back-Secret; new password Body-Field-Secret; '
    body = {'message': quoted + huge, 'description': huge, 'errors': [huge]}
    with local_https(tmp_path, status=400, body=body) as (address, ca_path, server):
        run = play('hardening.yml', verbosity=4, extra_vars={
            'step': 'rest', 'rest_host': address, 'rest_ca_path': ca_path, 'rest_token': 'not-a-jwt-but-a-token-1234',
            'rest_password': 'Quoted-Back-Secret', 'rest_method': 'POST', 'rest_path': '/api/v1/users',
            'rest_body': json.dumps({'name': 'u1', 'newPassword': 'Body-Field-Secret'})})
    assert [(method, path) for method, path, _body in server.received] == [('POST', '/api/v1/users')]
    assert run.rc == 2
    assert 'answered HTTP 400 while POST /api/v1/users: userPasswd=********; new password ********;' in run.output
    assert 'more characters not shown' in run.output
    assert 'is not returned whole' in run.output
    # 60 MB came back; what the user is shown stays small.
    assert len(run.output) < 100 * 1024, len(run.output)
    run.assert_no_secrets('Quoted-Back-Secret', 'Body-Field-Secret', 'not-a-jwt-but-a-token-1234')


# ----- 7. retries are shown ------------------------------------------------------------------

def test_retries_are_shown_from_v_on_and_counted_in_the_result(play, emu):
    emu.set_faults(force_status=429, force_count=2, retry_after=1, paths=[WHOAMI])
    run = play('hardening.yml', verbosity=1, extra_vars={'step': 'rest', 'rest_path': WHOAMI})
    assert run.rc == 0, run.output[-3000:]
    assert 'GET %s: the dashboard answered HTTP 429 with Retry-After 1 s; retrying in 1.0 s (try 2 of 4).' % WHOAMI in run.output
    assert 'retrying in 1.0 s (try 3 of 4).' in run.output
    assert 'request attempts: 3' in run.output
    assert emu.counters()['requests']['GET %s' % WHOAMI] == {'429': 2, '200': 1}
    run.assert_no_secrets(ADMIN_PASSWORD)

    emu.reset()
    emu.set_faults(force_status=429, force_count=1, retry_after=1, paths=[WHOAMI])
    quiet = play('hardening.yml', verbosity=0, extra_vars={'step': 'rest', 'rest_path': WHOAMI})
    assert quiet.rc == 0
    assert 'retrying in' not in quiet.output


def test_a_request_that_gives_up_says_how_many_tries_it_took(play, emu):
    emu.set_faults(force_status=503, force_count=10, paths=[WHOAMI])
    run = play('hardening.yml', verbosity=1, extra_vars={'step': 'rest', 'rest_path': WHOAMI})
    assert run.rc == 2
    assert 'GET %s: the dashboard answered HTTP 503; retrying in' % WHOAMI in run.output
    assert '(try 4 of 4).' in run.output
    assert '"request_attempts": 4' in run.output
    assert emu.counters()['requests']['GET %s' % WHOAMI] == {'503': 4}
    run.assert_no_secrets(ADMIN_PASSWORD)


# ----- 8 and 10. logouts after a logout; a logged-out token told apart from a broken one ----

def test_a_second_logout_is_already_ended_and_refused_tokens_are_told_apart(play, emu):
    run = play('session_ends.yml', verbosity=4, extra_vars={'dashboard_address': emu.base_url}, env={'DASHBOARD_HOST': ''})
    assert run.rc == 0, run.output[-3000:]
    assert run.recap['host01']['changed'] == 1  # the first logout only
    assert 'LOGGED OUT: The dashboard %s refused to refresh the session of admin: the token was logged out, or was not issued ' \
           'by this dashboard' % emu.base_url in run.output
    assert 'CUT SHORT: The dashboard %s refused to refresh the session of admin: the token is not a session token of this ' \
           'dashboard' % emu.base_url in run.output
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['logouts'] == 1
    run.assert_no_secrets(ADMIN_PASSWORD)


# ----- 9. validate_certs: false warns once, and only through Ansible -------------------------

def test_validation_off_gives_our_one_warning_and_no_stray_output(play, emu):
    run = play('hardening.yml', verbosity=4, extra_vars={'step': 'rest', 'rest_path': WHOAMI, 'rest_validate_certs': False},
               env={'DASHBOARD_CA_PATH': ''})
    assert run.rc == 0, run.output[-3000:]
    assert run.output.count('Certificate validation is off for %s' % emu.base_url) == 1
    assert 'errantly sent data' not in run.output
    assert 'InsecureRequestWarning' not in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_validation_off_in_a_long_loop_gives_no_stray_output_either(play, emu):
    """A long loop's first items go through the session keeper, the later ones over the worker's own connection."""
    loop = {'step': 'rest_loop', 'rest_path': WHOAMI, 'rest_validate_certs': False, 'rest_items': 30}
    run = play('hardening.yml', verbosity=4, extra_vars=loop, env={'DASHBOARD_CA_PATH': ''})
    assert run.rc == 0, run.output[-3000:]
    assert emu.counters()['requests']['GET ' + WHOAMI] == {'200': 30}
    # the login's connection, the keeper's (the first ten items), the loop worker's own (the other twenty)
    assert emu.counters()['connections'] == 3
    assert 'Certificate validation is off for %s' % emu.base_url in run.output
    assert 'errantly sent data' not in run.output
    assert 'InsecureRequestWarning' not in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)


# ----- 13. regressions the suite used to miss ------------------------------------------------

def test_task_options_without_validate_certs_keep_validation_on(play, emu):
    # No CA given: the emulator's private CA is unknown, so a session that validates cannot log in.
    run = play('hardening.yml', verbosity=4, extra_vars={'step': 'login'}, env={'DASHBOARD_CA_PATH': ''})
    assert run.rc == 2
    assert 'the certificate is not signed by a trusted CA' in run.output
    assert 'Certificate validation is off' not in run.output
    assert emu.counters()['logins'] == 0


@pytest.mark.parametrize('faults, timeout, expected', [
    ({'drop_count': 4}, None, 'closed the connection during GET %s before answering' % WHOAMI),
    ({'latency_ms': 2500}, 1, 'did not answer GET %s within 1 s' % WHOAMI),
])
def test_a_dropped_or_timed_out_request_shows_no_token(play, emu, faults, timeout, expected):
    emu.set_faults(paths=[WHOAMI], **faults)
    extra_vars = {'step': 'rest', 'rest_path': WHOAMI}
    if timeout:
        extra_vars['rest_timeout'] = timeout
    run = play('hardening.yml', verbosity=4, extra_vars=extra_vars)
    assert run.rc == 2
    assert expected in run.output
    assert emu.counters()['logins'] == 1  # the token existed and was sent: it must not be quoted
    run.assert_no_secrets(ADMIN_PASSWORD)


# ----- 14. a certificate for another name ----------------------------------------------------

def test_a_certificate_for_another_host_name_is_explained(play, emu, tmp_path):
    with local_https(tmp_path, name='dashboard.other.example') as (address, ca_path, server):
        run = play('hardening.yml', verbosity=4, extra_vars={'step': 'login', 'login_host': address, 'login_ca_path': ca_path})
    assert run.rc == 2
    assert 'the certificate does not match the name 127.0.0.1 (it is issued to dashboard.other.example)' in run.output
    assert 'not signed by a trusted CA' not in run.output
    assert server.received == []
    run.assert_no_secrets(ADMIN_PASSWORD)
