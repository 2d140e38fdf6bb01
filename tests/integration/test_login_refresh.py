"""dashboard_login and dashboard_refresh in playbooks run with ansible-playbook."""

ADMIN_PASSWORD = 'Admin-Passw0rd!'


def test_login_sets_the_fact_and_refresh_moves_the_expiry(play, emu):
    run = play('login.yml', hosts=3, verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    assert run.total('failed') == 0
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['refreshes'] == 1
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'] == {'200': 3}
    run.assert_no_secrets(ADMIN_PASSWORD)
    assert "the output has been hidden due to the fact that 'no_log: true' was specified for this result" in run.output


def test_refresh_of_an_ended_session_fails_clearly_unless_relogin(play, emu):
    run = play('refresh_ended.yml', verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    counters = emu.counters()
    assert counters['logins'] == 2
    assert counters['logouts'] == 1
    assert counters['refresh_failures'] == 2  # the plain refresh, then relogin's refresh before it logs in
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_login_runs_in_check_mode(play, emu):
    run = play('login.yml', check=True, verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    assert run.total('changed') == 0
    assert emu.counters()['logins'] == 1
    run.assert_no_secrets(ADMIN_PASSWORD)
