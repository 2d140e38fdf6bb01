"""One session for the whole play: counted on the emulator, as users run playbooks.

Every run is made at -vvvv and its whole output checked for tokens, the password and cookies.
"""

import json
import time

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import EXPIRY_SAFETY

ADMIN_PASSWORD = 'Admin-Passw0rd!'
WRITES_IN_REST_PLAYBOOK = 3  # create site-b, create network web, change its VLAN (the PUT of the seed network is a no-op)


def test_check_mode_then_apply_then_idempotent(play, emu):
    check = play('rest.yml', check=True, diff=True, verbosity=4)
    assert check.rc == 0, check.output[-3000:]
    assert check.total('changed') == WRITES_IN_REST_PLAYBOOK
    assert emu.counters()['writes'] == 0, 'check mode must not send a write'
    check.assert_no_secrets(ADMIN_PASSWORD)

    apply = play('rest.yml', diff=True, verbosity=4)
    assert apply.rc == 0, apply.output[-3000:]
    assert apply.total('changed') == WRITES_IN_REST_PLAYBOOK
    assert emu.counters()['writes'] == WRITES_IN_REST_PLAYBOOK
    # the diff of the VLAN change: the template config before (as stored) and after (as sent)
    assert '-    "networkTemplateConfig": ' in apply.output and '+    "networkTemplateConfig": ' in apply.output
    apply.assert_no_secrets(ADMIN_PASSWORD)

    again = play('rest.yml', verbosity=4)
    assert again.rc == 0, again.output[-3000:]
    assert again.total('changed') == 0
    assert emu.counters()['writes'] == WRITES_IN_REST_PLAYBOOK
    again.assert_no_secrets(ADMIN_PASSWORD)

    network = emu.login().get(emu.url('/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-b/networks/web'),
                              timeout=10).json()
    assert json.loads(network['networkTemplateConfig'])['vlanId'] == '2311'
    assert emu.counters()['logins'] == 4, 'one login per run (and one for this check)'


def test_delete_is_idempotent(play, emu):
    assert play('rest.yml').rc == 0
    first = play('rest_delete.yml', verbosity=4)
    assert first.rc == 0, first.output[-3000:]
    assert first.total('changed') == 1
    second = play('rest_delete.yml', verbosity=4)
    assert second.rc == 0
    assert second.total('changed') == 0
    assert 'already absent' in second.output
    second.assert_no_secrets(ADMIN_PASSWORD)


@pytest.mark.parametrize('playbook', ['many_hosts.yml', 'many_hosts_login_task.yml'])
def test_one_login_for_twenty_hosts(play, emu, playbook):
    run = play(playbook, hosts=20, forks=10, verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    assert len(run.recap) == 20
    assert run.total('failed') == 0
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['login_failures'] == 0
    assert counters['refreshes'] == 0
    assert not any(status.startswith(('4', '5')) for by_status in counters['requests'].values() for status in by_status)
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_short_token_lifetime_over_a_long_play(play, emu):
    lifetime = 3
    emu.set_faults(session_timeout=lifetime)
    started = time.monotonic()
    run = play('long_play.yml', hosts=5, verbosity=4)
    duration = time.monotonic() - started
    assert run.rc == 0, run.output[-3000:]
    assert duration >= 3 * lifetime
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'] == {'200': 50}
    # Renewed when less than a fifth of the lifetime is left, counting expiry a second early
    # (whole-second JWT times): at most once per (3 - 1 - 0.6) = 1.4 s window, whatever the host count.
    window = lifetime - EXPIRY_SAFETY - lifetime / 5.0
    assert 3 <= counters['refreshes'] <= duration / window + 1
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_one_refusal_is_renewed_by_one_login(play, emu):
    emu.set_faults(unauthorized_count=1)
    run = play('refused.yml', verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    counters = emu.counters()
    assert counters['logins'] == 2
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'] == {'401': 1, '200': 1}
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_two_refusals_fail_clearly_without_a_loop(play, emu):
    emu.set_faults(unauthorized_count=2)
    run = play('refused.yml', verbosity=4)
    assert run.rc == 2
    assert 'refused GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics twice, before and after renewing the session' in run.output
    counters = emu.counters()
    assert counters['logins'] == 2
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'] == {'401': 2}
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_an_answer_holding_a_token_is_not_displayed(play, emu):
    run = play('rest_token_answer.yml', verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    assert 'holds a session token, so its display is hidden' in run.output
    assert emu.counters()['refreshes'] == 1
    run.assert_no_secrets(ADMIN_PASSWORD)
