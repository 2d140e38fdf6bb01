"""The session class against the emulator, over HTTPS with certificate validation on."""

import json
import time

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import (
    AuthenticationFailed, ConfigurationError, DashboardError, SessionExpired, TransportError)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.auth import token_claims
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import RetryPolicy

FABRICS = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'


def test_login_returns_token_rbac_and_expiry(make_session, emu):
    session = make_session()
    session.login()
    data = session.as_dict()
    assert token_claims(data['token'])['username'] == 'admin'
    assert data['usertype'] == 'local'
    assert data['rbac'][0]['domain'] == 'all'
    assert data['rbac'][0]['can_write'] is True
    assert {'role': 'admin', 'privilege': 'WritePriv'} in data['rbac'][0]['roles']
    assert data['lifetime'] == 1200
    assert 1195 <= data['expires_in'] <= 1200
    assert emu.counters()['logins'] == 1


def test_login_in_second_domain(make_session):
    session = make_session('netops', domain='corp-ldap')
    session.login()
    assert session.usertype == 'ldap'
    assert [entry['domain'] for entry in session.rbac] == ['dc1']


def test_wrong_password_is_refused_with_the_server_message(make_session, emu):
    with pytest.raises(AuthenticationFailed) as failure:
        make_session(password='not-the-password').login()
    assert failure.value.status == 401
    assert 'Invalid Username/Password, or Account is locked' in str(failure.value)
    assert 'not-the-password' not in str(failure.value)
    assert emu.counters()['logins'] == 0


def test_expired_password_is_refused_with_a_hint(make_session):
    with pytest.raises(AuthenticationFailed) as failure:
        make_session('expired').login()
    assert failure.value.status == 403
    assert 'Password has expired' in str(failure.value)
    assert 'Update the password' in str(failure.value)


def test_unknown_login_domain_answered_200_without_token_is_a_failed_login(make_session):
    with pytest.raises(AuthenticationFailed) as failure:
        make_session(domain='NoSuchDomain').login()
    message = str(failure.value)
    assert 'without a session token' in message
    assert 'check the domain option' in message and 'NoSuchDomain' in message


def test_requests_reuse_the_cookie_and_one_connection(make_session, emu):
    session = make_session()
    for _request in range(5):
        assert session.request('GET', FABRICS).json[0]['fabricName'] == 'site-a'
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['connections'] == 1


def test_refresh_issues_a_new_token_and_moves_the_expiry(make_session, emu):
    session = make_session()
    session.login()
    first_token, first_expiry = session.token, session.expires_at
    time.sleep(1.1)  # tokens carry whole-second iat/exp
    session.refresh()
    assert session.token != first_token
    assert session.expires_at > first_expiry
    assert session.request('GET', FABRICS).status == 200
    assert emu.counters()['refreshes'] == 1


def test_short_lifetime_is_refreshed_before_it_expires(make_session, emu):
    emu.set_faults(session_timeout=2)
    session = make_session()
    session.ensure_valid()
    assert session.lifetime == 2
    session.request('GET', FABRICS)
    assert emu.counters()['refreshes'] == 0
    # Counted a second early (whole-second JWT times), the token has 1 s; after 0.7 s it is
    # inside the refresh margin (0.5 s), so the next request refreshes it first.
    time.sleep(0.7)
    session.request('GET', FABRICS)
    counters = emu.counters()
    assert counters['refreshes'] == 1
    assert counters['logins'] == 1
    assert counters['requests'].get('GET %s' % FABRICS, {}).get('401') is None


def test_expired_session_without_credentials_fails_clearly(make_session, emu):
    emu.set_faults(session_timeout=2)
    owner = make_session()
    owner.login()
    borrowed = make_session(username=None, password=None, token=owner.token)
    time.sleep(2.2)
    with pytest.raises(SessionExpired) as failure:
        borrowed.request('GET', FABRICS)
    assert 'expired' in str(failure.value)
    assert 'dashboard_login' in str(failure.value)
    assert owner.token not in str(failure.value)


def test_expired_session_with_credentials_logs_in_again(make_session, emu):
    emu.set_faults(session_timeout=2)
    session = make_session()
    session.login()
    time.sleep(2.2)
    assert session.request('GET', FABRICS).status == 200
    assert emu.counters()['logins'] == 2


def test_control_node_clock_an_hour_off_does_not_change_the_schedule(make_session, emu):
    session = make_session(clock=lambda: time.time() + 3600)
    session.login()
    assert 1195 <= session.expires_in() <= 1200
    for _request in range(3):
        session.request('GET', FABRICS)
    assert emu.counters()['refreshes'] == 0
    assert emu.counters()['logins'] == 1


def test_one_refused_token_is_renewed_once(make_session, emu):
    session = make_session()
    session.login()
    emu.set_faults(unauthorized_count=1)
    assert session.request('GET', FABRICS).status == 200
    counters = emu.counters()
    assert counters['logins'] == 2
    assert counters['requests']['GET %s' % FABRICS] == {'401': 1, '200': 1}


def test_a_token_refused_twice_fails_without_looping(make_session, emu):
    session = make_session()
    session.login()
    emu.set_faults(unauthorized_count=5)
    with pytest.raises(SessionExpired) as failure:
        session.request('GET', FABRICS)
    assert 'twice' in str(failure.value)
    counters = emu.counters()
    assert counters['requests']['GET %s' % FABRICS] == {'401': 2}
    assert counters['logins'] == 2


def test_a_session_opened_after_a_refusal_and_refused_too_is_ended(make_session, emu):
    """Issue 23: the session the renewal opened, refused as well, was left live on the dashboard."""
    session = make_session()
    session.login()
    emu.set_faults(unauthorized_count=2)
    with pytest.raises(SessionExpired):
        session.request('GET', FABRICS)
    counters = emu.counters()
    assert counters['logins'] == 2 and counters['logouts'] == 2
    assert counters['live_sessions'] == 0
    assert session.token is None


def test_a_handed_session_refused_twice_is_left_to_its_owner(make_session, emu):
    """Without a password of its own, the task only refreshes the session it was handed; it never ends it."""
    owner = make_session()
    owner.login()
    handed = make_session(username=None, password=None, token=owner.token)
    emu.set_faults(unauthorized_count=2)
    with pytest.raises(SessionExpired):
        handed.request('GET', FABRICS)
    assert emu.counters()['logouts'] == 0 and handed.token is not None


def test_a_request_may_wait_longer_than_the_session_timeout(make_session, emu):
    """Issue 23: a fabric deploy, which the controller answers once done, waits for its own bound (Request.timeout)."""
    once = RetryPolicy(attempts=1)
    session = make_session(timeout=1, retry_policy=once)
    session.login()
    emu.set_faults(latency_ms=1500, paths=[FABRICS])
    with pytest.raises(TransportError, match=r'did not answer GET %s within 1 s \(the timeout option\)' % FABRICS):
        session.request('GET', FABRICS)
    assert session.request('GET', FABRICS, timeout=5).status == 200
    with pytest.raises(TransportError, match=r"within 1 s \(the task's bound for this request"):
        make_session(timeout=10, retry_policy=once).request('GET', FABRICS, timeout=1)
    # The requests the client gave up on are still being answered: let them land here, not in the next test's counters.
    deadline = time.monotonic() + 5
    while sum(emu.counters()['requests'].get('GET %s' % FABRICS, {}).values()) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)


def test_503_and_429_on_reads_are_retried_honouring_retry_after(make_session, emu, sleeps):
    session = make_session()
    session.login()
    emu.set_faults(force_status=503, force_count=2)
    assert session.request('GET', FABRICS).status == 200
    emu.set_faults(force_status=429, force_count=1, retry_after=1)
    assert session.request('GET', FABRICS).status == 200
    assert emu.counters()['requests']['GET %s' % FABRICS] == {'503': 2, '200': 2, '429': 1}
    assert len(sleeps.waits) == 3
    assert sleeps.waits[-1] >= 1.0  # Retry-After: 1


def test_a_write_refused_with_429_is_sent_again(make_session, emu):
    session = make_session()
    session.login()
    emu.set_faults(force_status=429, force_count=1, retry_after=0, paths=[FABRICS])
    response = session.request('POST', FABRICS + '/b/Easy_Fabric', json_body={'BGP_AS': '65002'})
    assert response.status == 200
    assert emu.counters()['requests']['POST %s/{fabricName}/{templateName}' % FABRICS] == {'429': 1, '200': 1}


def test_a_write_answered_503_is_not_replayed(make_session, emu):
    session = make_session()
    session.login()
    emu.set_faults(force_status=503, force_count=1, paths=[FABRICS])
    with pytest.raises(DashboardError) as failure:
        session.request('POST', FABRICS + '/b/Easy_Fabric', json_body={'BGP_AS': '65002'})
    assert failure.value.status == 503
    counters = emu.counters()
    assert counters['requests']['POST %s/{fabricName}/{templateName}' % FABRICS] == {'503': 1}
    assert counters['writes'] == 0


def test_a_read_cut_off_is_retried_but_a_write_is_not(make_session, emu):
    session = make_session()
    session.login()
    emu.set_faults(drop_count=1, paths=[FABRICS])
    assert session.request('GET', FABRICS).status == 200
    emu.set_faults(drop_count=1, paths=[FABRICS])
    with pytest.raises(TransportError) as failure:
        session.request('POST', FABRICS + '/b/Easy_Fabric', json_body={'BGP_AS': '65002'})
    assert 'closed the connection' in str(failure.value)
    assert session.request('GET', FABRICS + '/b', accept={200, 404}).status == 404


def test_retries_are_bounded(make_session, emu, sleeps):
    session = make_session()
    session.login()
    emu.set_faults(force_status=502, force_count=50)
    with pytest.raises(DashboardError) as failure:
        session.request('GET', FABRICS)
    assert failure.value.status == 502
    assert emu.counters()['requests']['GET %s' % FABRICS] == {'502': 4}
    assert len(sleeps.waits) == 3


def test_certificate_from_an_unknown_ca_is_refused_and_not_retried(emu, sleeps):
    session = DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], sleep=sleeps)  # system CAs only
    with pytest.raises(TransportError) as failure:
        session.login()
    assert 'not signed by a trusted CA' in str(failure.value)
    assert 'ca_path' in str(failure.value)
    assert sleeps.waits == []
    assert emu.counters()['logins'] == 0


def test_unreachable_dashboard_is_a_clear_error(sleeps):
    session = DashboardSession('https://127.0.0.1:9', 'admin', 'x', timeout=2, sleep=sleeps)
    with pytest.raises(TransportError) as failure:
        session.login()
    assert 'Cannot connect to the dashboard https://127.0.0.1:9' in str(failure.value)
    assert 'connection refused' in str(failure.value)
    assert len(sleeps.waits) == 3, 'a connection never opened is retried, even for the login POST'


@pytest.mark.parametrize('host, expected', [
    ('dashboard.example.com', 'https://dashboard.example.com'),
    ('dashboard.example.com:8443', 'https://dashboard.example.com:8443'),
    ('https://dashboard.example.com/prefix/', 'https://dashboard.example.com/prefix'),
])
def test_host_forms(host, expected):
    assert DashboardSession(host).base_url == expected


@pytest.mark.parametrize('host, words', [
    ('http://dashboard.example.com', 'HTTPS only'),
    ('https://', 'no host name'),
    ('', 'No dashboard given'),
    ('https://dashboard.example.com:99999', 'invalid port'),
])
def test_bad_hosts_are_refused_before_anything_is_sent(host, words):
    with pytest.raises(ConfigurationError) as failure:
        DashboardSession(host)
    assert words in str(failure.value)


def test_no_secret_in_any_error_text(make_session, emu):
    messages = []
    good = make_session()
    good.login()
    secrets = [emu.PASSWORDS['admin'], good.token, 'S3cret-Wrong-Passw0rd']
    attempts = [
        lambda: make_session(password='S3cret-Wrong-Passw0rd').login(),
        lambda: make_session(password='S3cret-Wrong-Passw0rd', domain='Nowhere').login(),
        lambda: make_session('expired').login(),
        lambda: good.request('GET', FABRICS + '/missing'),
        lambda: good.request('POST', FABRICS + '/site-a/Easy_Fabric', json_body={'BGP_AS': '1'}),
        lambda: good.request('POST', FABRICS + '/site-b/Easy_Fabric', json_body={'bad': True}),
    ]
    for attempt in attempts:
        with pytest.raises(DashboardError) as failure:
            attempt()
        messages.append(str(failure.value))
    emu.set_faults(unauthorized_count=5)
    with pytest.raises(DashboardError) as failure:
        good.request('GET', FABRICS)
    messages.append(str(failure.value))
    assert len(messages) == 7
    for message in messages:
        assert message
        for secret in secrets:
            assert secret not in message
        assert 'AuthCookie=' not in message


def test_logout_ends_the_session_on_the_server(make_session, emu):
    session = make_session()
    session.login()
    token = session.token
    assert session.logout() is True
    assert session.logout() is False
    revived = make_session(username=None, password=None, token=token)
    with pytest.raises(SessionExpired):
        revived.request('GET', FABRICS)
    assert emu.counters()['logouts'] == 1


def test_secrets_are_masked_also_as_a_server_would_quote_them():
    # No emulator endpoint echoes a password; a server quoting the JSON body it received would
    # quote it escaped, which is what this checks.
    password = 'pa\\ss"w\u00f6rd'
    session = DashboardSession('https://dashboard.example.com', 'admin', password)
    quoted = 'bad request: {"userPasswd": %s}' % json.dumps(password)
    assert password not in session.scrub(quoted) and json.dumps(password)[1:-1] not in session.scrub(quoted)
    assert session.leaks_into({'errors': [{'detail': quoted}]})
    assert not session.leaks_into({'errors': [{'detail': 'no such fabric'}]})
