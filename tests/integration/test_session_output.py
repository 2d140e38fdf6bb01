"""Issue 17 (items 5 and 6): what a user sees of a session in the output of ``ansible`` and ``ansible-playbook``.

Each test failed before its fix (said in its docstring).
"""

import json
import pathlib
import re
import subprocess
import sys

from conftest import JWT

ANSIBLE = pathlib.Path(sys.executable).parent / 'ansible'
ADMIN_PASSWORD = 'Admin-Passw0rd!'


def test_an_ad_hoc_login_shows_who_the_privileges_and_the_expiry_never_the_token(dashboard_env, emu):
    """Before: the whole result read only 'censored', with no word of who logged in or until when."""
    env = dict(dashboard_env, DASHBOARD_USERNAME='admin', DASHBOARD_PASSWORD=ADMIN_PASSWORD,
               ANSIBLE_PYTHON_INTERPRETER=sys.executable)
    completed = subprocess.run([str(ANSIBLE), 'localhost', '-m', 'fabricops.dashboard.dashboard_login', '-vvvv'],
                               env=env, capture_output=True, text=True, timeout=300, check=False)
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0, output
    summary = re.search(r'localhost \| fabricops\.dashboard\.dashboard_login: session of admin \(local, login domain (\S+)\) on (\S+); '
                        r'privileges per security domain: (.+?); expires at (\S+) \(in (\d+) s\)', output)
    assert summary, output
    assert summary.group(2) == emu.base_url
    assert 'all: ' in summary.group(3) and 'WritePriv' in summary.group(3)
    assert re.fullmatch(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ', summary.group(4))
    assert int(summary.group(5)) > 0
    assert not JWT.findall(output), 'a session token appears in the output'
    assert ADMIN_PASSWORD not in output and 'AuthCookie=' not in output


def test_a_registered_login_still_holds_the_token_for_later_tasks(play, tmp_path):
    """The summary replaces nothing: the registered result keeps the token (a user may pass it to ansible.builtin.uri)."""
    result_file = tmp_path / 'login.json'
    run = play('session_output.yml', extra_vars={'login_password': ADMIN_PASSWORD, 'result_file': str(result_file)})
    assert run.rc == 0, run.output
    assert 'session of admin (local' in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)
    registered = json.loads(result_file.read_text(encoding='utf-8'))
    assert JWT.fullmatch(registered['session']['token'])


def test_dashboard_refresh_shows_the_current_expiry_after_the_keeper_refreshed(play, emu):
    """Before: the fact kept the login-time expiry and dashboard_refresh showed only 'censored', so a user had no way
    to see when the session, refreshed in the background, now expires; and once the fact's token had expired,
    dashboard_refresh failed ('The session of admin ... expired at') although the keeper held the session live."""
    # Long enough for the keeper (a new Python process) to start and refresh in time on a busy controller.
    lifetime = 8
    emu.set_faults(session_timeout=lifetime)
    run = play('session_expiry.yml', extra_vars={'login_password': ADMIN_PASSWORD, 'pause_seconds': int(2.5 * lifetime)})
    assert run.rc == 0, run.output
    shown = re.findall(r'host01 \| fabricops\.dashboard\.(dashboard_login|dashboard_refresh): session of admin .*?; expires at (\S+) '
                       r'\(in (\d+) s\)', run.output)
    assert [match[0] for match in shown] == ['dashboard_login', 'dashboard_refresh'], run.output
    at_login, now = shown[0][1], shown[1][1]
    # ISO 8601 in UTC compares as text; a session live after 2.5 lifetimes expires well after the login-time expiry.
    assert now > at_login
    assert int(shown[1][2]) > 0
    assert emu.counters()['refreshes'] >= 2
    run.assert_no_secrets(ADMIN_PASSWORD)
