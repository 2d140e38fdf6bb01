"""API keys instead of passwords: playbooks at -vvvv against the emulator over real HTTPS.

The emulator counts logins and the requests it authenticated by key, so "no login" and "one
request per task" are read from the dashboard's side.
"""

from dashboard_emulator.testing import API_KEYS, PASSWORDS

ADMIN_KEY = API_KEYS['admin']


def test_a_key_run_never_logs_in_and_every_task_uses_the_key(play, emu):
    run = play('api_keys.yml', hosts=2, verbosity=4, extra_vars={'admin_api_key': ADMIN_KEY})
    assert run.rc == 0, run.output
    assert run.total('failed') == 0
    counters = emu.counters()
    assert counters['logins'] == 0
    # One check at dashboard_login, then two reads on each of the two hosts; refresh and logout send nothing.
    assert counters['api_key_requests'] == 5
    assert counters['api_key_refusals'] == 0
    run.assert_no_secrets(ADMIN_KEY)


def test_a_key_in_the_environment_wins_over_a_password_there(play, emu):
    run = play('api_key_env.yml', verbosity=4, env={'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_API_KEY': ADMIN_KEY,
                                                    'DASHBOARD_PASSWORD': PASSWORDS['admin']})
    assert run.rc == 0, run.output
    counters = emu.counters()
    assert counters['logins'] == 0
    assert counters['api_key_requests'] == 1
    run.assert_no_secrets(ADMIN_KEY, PASSWORDS['admin'])


def test_a_revoked_key_fails_clearly_once_without_showing_the_key(play, emu):
    emu.revoke_api_key('admin', ADMIN_KEY)
    run = play('api_key_refused.yml', verbosity=4, extra_vars={'admin_api_key': ADMIN_KEY})
    assert run.rc != 0
    assert run.total('failed') == 1
    assert "refused the API key of admin (HTTP 401" in run.output
    assert "wrong, revoked or not this account's" in run.output
    assert 'Create a new key' in run.output
    counters = emu.counters()
    assert counters['logins'] == 0
    assert counters['api_key_refusals'] == 1, 'a refused key is not sent again'
    run.assert_no_secrets(ADMIN_KEY)
