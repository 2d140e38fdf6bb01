"""dashboard_login and dashboard_refresh in playbooks run with ansible-playbook."""

ADMIN_PASSWORD = 'Admin-Passw0rd!'


def test_login_sets_the_fact_and_refresh_moves_the_expiry(play, emu):
    run = play('login.yml', hosts=3, verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    assert run.total('failed') == 0
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['refreshes'] == 1
    assert counters['requests']['GET /fabric/api/v1/fabrics'] == {'200': 3}
    run.assert_no_secrets(ADMIN_PASSWORD)
    assert "the output has been hidden due to the fact that 'no_log: true' was specified for this result" in run.output
