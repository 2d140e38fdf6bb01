"""A play against an ND 4.2 emulator: the session logs in, refreshes and logs out under /api/v1/infra, and reports the release.

What the emulator counted per operation is what went over the wire (its request log leaves the login
family out on purpose, it carries credentials); both runs also read with dashboard_rest on every host.
"""

import time

import pytest
from dashboard_emulator.pytest_plugin import RELEASE_42

ADMIN_PASSWORD = 'Admin-Passw0rd!'
FABRICS = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'
HOSTS = 2


@pytest.mark.parametrize('emu_release,read_path', [
    (RELEASE_42, FABRICS),
    ((RELEASE_42, False), '/api/v1/infra/whoami'),    # a 4.2 serving no legacy path at all
], indirect=['emu_release'], ids=['4.2.1', '4.2.1-no-legacy-paths'])
def test_a_play_on_4_2_uses_the_infra_paths_and_reports_the_release(play, emu_release, read_path):
    run = play('release_42.yml', hosts=HOSTS, extra_vars={'release_read_path': read_path},
               env={'DASHBOARD_HOST': emu_release.base_url, 'DASHBOARD_CA_PATH': emu_release.ca_path})
    assert run.rc == 0, run.output[-3000:]
    assert run.total('failed') == 0
    requests = emu_release.counters()['requests']
    assert requests['POST /api/v1/infra/login'] == {'200': 1}, 'one login for the run, through /api/v1/infra'
    assert requests['POST /api/v1/infra/refresh'] == {'200': 1}
    assert requests['POST /api/v1/infra/logout'] == {'200': 1}
    assert not [operation for operation in requests if operation in ('POST /login', 'POST /refresh', 'POST /logout')]
    assert requests['GET /version.json'] == {'200': 1}, 'the release is read once per run, not per task'
    assert requests['GET ' + read_path] == {'200': 2 * HOSTS}
    assert emu_release.counters()['live_sessions'] == 0
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_short_run_reads_the_release_once_its_keeper_logging_out_included(resource, emu):
    """A run of one task that opened its own session: the keeper ends it after ansible-playbook exits, perhaps before it
    ever read the run's cache, and must know where to log out without asking the dashboard again."""
    run = resource('vrfs', 'gathered')
    assert run.play.rc == 0, run.play.output[-3000:]
    deadline = time.monotonic() + 5.0
    while emu.counters()['live_sessions'] and time.monotonic() < deadline:
        time.sleep(0.1)
    requests = emu.counters()['requests']
    assert requests['POST /logout'] == {'200': 1}, 'the keeper ended the run\'s session'
    assert requests['GET /version.json'] == {'200': 1}, 'the release is read once per run, the keeper\'s logout included'
