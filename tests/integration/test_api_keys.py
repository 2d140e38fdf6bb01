"""API keys instead of passwords: playbooks at -vvvv against the emulator over real HTTPS.

The emulator counts logins and the requests it authenticated by key, so "no login" and "one
request per task" are read from the dashboard's side.
"""

import json
import subprocess

from dashboard_emulator.testing import API_KEYS, PASSWORDS

from conftest import ANSIBLE_PLAYBOOK, REPO  # pylint: disable=import-error

ADMIN_KEY = API_KEYS['admin']


def test_a_key_run_never_logs_in_and_every_task_uses_the_key(play, emu):
    run = play('api_keys.yml', hosts=2, verbosity=4, extra_vars={'admin_api_key': ADMIN_KEY})
    assert run.rc == 0, run.output
    assert run.total('failed') == 0
    counters = emu.counters()
    assert counters['logins'] == 0
    # One check at dashboard_login, one lookup, then two reads on each of the two hosts; refresh and logout send nothing.
    assert counters['api_key_requests'] == 6
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


def test_the_inventory_plugin_takes_a_key_from_the_environment_and_fails_over(dashboard_env, clu, tmp_path):
    clu.node_down(0)
    source = tmp_path / 'dashboard.switches.yml'
    source.write_text('plugin: fabricops.dashboard.switches\n', encoding='utf-8')
    env = dict(dashboard_env, DASHBOARD_HOST=','.join(clu.node_urls), DASHBOARD_CA_PATH=clu.ca_path,
               DASHBOARD_USERNAME='admin', DASHBOARD_API_KEY=ADMIN_KEY)
    completed = subprocess.run([str(ANSIBLE_PLAYBOOK.parent / 'ansible-inventory'), '-i', str(source), '--list', '-vvvv'],
                               env=env, capture_output=True, text=True, timeout=300, check=False, cwd=str(REPO))
    assert completed.returncode == 0, completed.stderr
    inventory = json.loads(completed.stdout[completed.stdout.index('{'):])
    assert len(inventory['_meta']['hostvars']) > 0
    counters = clu.counters()
    assert counters['logins'] == 0
    assert counters['api_key_requests'] >= 1
    assert counters['requests_by_node']['0'] == 0
    assert ADMIN_KEY not in completed.stdout + completed.stderr
