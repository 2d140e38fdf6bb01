"""Issue 36, item 7: a session the run opened by itself is logged out when the run ends, however it ends.

Before: when no dashboard task of the run succeeded, no keeper was started, and the session stayed live on the
dashboard until it expired. Each test counts, on the emulator, the sessions still live after the run is over.
"""

import json
import subprocess

import pytest
from dashboard_emulator.pytest_plugin import RELEASE_42

from test_front_ends import _wait_for
from test_session_output import ANSIBLE

ADMIN_PASSWORD = 'Admin-Passw0rd!'
VIEWER = {'DASHBOARD_USERNAME': 'viewer', 'DASHBOARD_PASSWORD': 'Viewer-Passw0rd!'}
WHOAMI = '/api/v1/infra/whoami'


def assert_ended(emu, run_output=''):
    """The run's one login was logged out once the run was over."""
    assert _wait_for(lambda: emu.counters()['live_sessions'] == 0), 'still live after the run: %s\n%s' % (
        json.dumps(emu.counters()), run_output[-2000:])
    counters = emu.counters()
    assert (counters['logins'], counters['logouts']) == (1, 1), counters


def test_a_one_task_play_the_dashboard_refuses_ends_its_session(play, emu):
    played = play('session_end/refused.yml', env=VIEWER)
    assert played.rc == 2 and played.total('failed') == 1, played.output[-3000:]
    assert emu.counters()['requests']['POST /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/{fabricName}/{templateName}'] == {
        '403': 1}, emu.counters()['requests']
    assert_ended(emu, played.output)
    played.assert_no_secrets('Viewer-Passw0rd!')


def test_a_play_whose_fabric_does_not_exist_ends_its_session(resource, emu):
    run = resource('vrfs', 'gathered', fabric='no-such-fabric')
    assert run.play.rc == 2 and run.get('failed'), run.play.output[-3000:]
    assert_ended(emu, run.play.output)
    run.play.assert_no_secrets(ADMIN_PASSWORD)


@pytest.mark.parametrize('emu_release', [(RELEASE_42, False)], indirect=True, ids=['4.2.1-no-legacy-paths'])
def test_every_task_failing_on_a_4_2_without_the_legacy_api_ends_the_session(play, emu_release, tmp_path):
    # every module has a mapping to /api/v1/manage now: the tasks fail there by asking for the legacy API
    # (DASHBOARD_CONTROLLER_API=legacy), which this 4.2 does not serve
    played = play('resource_policies.yml', hosts=3, extra_vars={'resource_state': 'gathered', 'result_file': str(tmp_path / 'r.json')},
                  env={'DASHBOARD_HOST': emu_release.base_url, 'DASHBOARD_CA_PATH': emu_release.ca_path,
                       'DASHBOARD_CONTROLLER_API': 'legacy'})
    assert played.rc == 2 and played.total('failed') == 3, played.output[-3000:]
    assert 'serves no legacy fabric-controller API' in played.output
    assert_ended(emu_release, played.output)
    played.assert_no_secrets(ADMIN_PASSWORD)


@pytest.mark.parametrize('path, outcome', [(WHOAMI, 0), ('/api/v1/infra/no-such-thing', 2)], ids=['succeeds', 'fails'])
def test_an_ad_hoc_call_ends_its_session(dashboard_env, emu, path, outcome):
    env = dict(dashboard_env, DASHBOARD_USERNAME='admin', DASHBOARD_PASSWORD=ADMIN_PASSWORD)
    completed = subprocess.run([str(ANSIBLE), 'localhost', '-m', 'fabricops.dashboard.dashboard_rest', '-a', 'path=%s' % path],
                               env=env, capture_output=True, text=True, timeout=300, check=False)
    output = completed.stdout + completed.stderr
    assert completed.returncode == outcome, output[-3000:]
    assert_ended(emu, output)
    assert ADMIN_PASSWORD not in output and 'Traceback' not in output


def test_a_failed_task_then_a_success_ends_the_session_once(play, emu):
    """A session the failed task opened is the one the later tasks take: one login, one logout."""
    played = play('session_end/fail_then_succeed.yml', env=dict(VIEWER))
    assert played.rc == 0, played.output[-3000:]
    assert_ended(emu, played.output)


def test_a_run_whose_only_call_is_a_lookup_ends_its_session(play, emu):
    played = play('session_end/lookup_only.yml', env={'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': ADMIN_PASSWORD})
    assert played.rc == 0, played.output[-3000:]
    assert_ended(emu, played.output)
    played.assert_no_secrets(ADMIN_PASSWORD)
