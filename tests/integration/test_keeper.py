"""The run's session keeper: connections reused across tasks, the session kept alive, gone after the run."""

import os
import pathlib
import signal
import subprocess
import time

from conftest import ANSIBLE_PLAYBOOK, PLAYBOOKS, REPO, write_inventory  # pylint: disable=import-error

ADMIN_PASSWORD = 'Admin-Passw0rd!'


KEEPER_MODULE = 'ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper'


def _keepers_of(local_tmp):
    """PIDs of the session keepers of runs whose temporary directory is under ``local_tmp``.

    The keeper runs as ``python -m <KEEPER_MODULE>`` with its orders on stdin, so its command
    line names no playbook; it works from inside the run's cache directory, which tells this
    test's keeper from those of other runs on the machine (its cwd reads "... (deleted)" once
    Ansible has removed the directory).
    """
    found = []
    for entry in pathlib.Path('/proc').iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / 'cmdline').read_bytes().split(b'\0')
            directory = os.readlink(entry / 'cwd')
        except OSError:
            continue
        if KEEPER_MODULE.encode() in command and directory.startswith(str(local_tmp) + os.sep):
            found.append(int(entry.name))
    return found


def test_tasks_share_connections_and_the_keeper_leaves_with_the_run(play, emu, tmp_path):
    local_tmp = tmp_path / 'local'
    run = play('twenty_tasks.yml', verbosity=4, env={'ANSIBLE_LOCAL_TEMP': str(local_tmp)})
    assert run.rc == 0, run.output[-3000:]
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'] == {'200': 20}
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/{fabricName}'] == {'200': 20}
    # 41 requests on 3 connections: the login connects itself; the twenty tasks after it and the
    # loop's first ten items go through the keeper's one connection; from its eleventh item on, the
    # loop's worker keeps one connection of its own (KeeperExchange.OWN_CONNECTION_AFTER).
    assert counters['connections'] == 3
    # The keeper did serve this run (the shared connection above), so it is the one looked for.
    deadline = time.monotonic() + 5
    while _keepers_of(local_tmp) and time.monotonic() < deadline:
        time.sleep(0.2)
    leftover = _keepers_of(local_tmp)
    for pid in leftover:
        os.kill(pid, signal.SIGKILL)
    assert leftover == [], 'the session keeper outlived the run'
    assert list(local_tmp.glob('*/fabricops.dashboard/*.sock')) == [], 'the keeper socket outlived the run'
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_session_outlives_tokens_while_no_dashboard_task_runs(play, emu):
    # 6 s: the keeper, a Python process of its own, must be up and refresh before the first token expires; with 3 s it
    # did not on a machine whose 2 cores ran make test's other jobs (the token had 1 s left when the login returned)
    lifetime = 6
    emu.set_faults(session_timeout=lifetime)
    run = play('keeper_idle.yml', hosts=2, verbosity=4, extra_vars={'idle_seconds': 3 * lifetime})
    assert run.rc == 0, run.output[-3000:]
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['refreshes'] >= 3
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'] == {'200': 2}
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_killed_run_leaves_no_keeper_and_no_token(dashboard_env, emu, tmp_path):
    """kill -9 of ansible-playbook: Ansible cannot clean up, so the keeper must."""
    local_tmp = tmp_path / 'local'
    env = dict(dashboard_env, ANSIBLE_LOCAL_TEMP=str(local_tmp))
    command = [str(ANSIBLE_PLAYBOOK), str(PLAYBOOKS / 'keeper_idle.yml'), '-i', str(write_inventory(tmp_path, 1)),
               '-e', 'idle_seconds=60']
    run = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        # The keeper's socket appears once it serves, and goes when it exits.
        deadline = time.monotonic() + 30
        while not list(local_tmp.glob('*/fabricops.dashboard/*.sock')) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert list(local_tmp.glob('*/fabricops.dashboard/*.sock')), 'the keeper did not start: %s' % sorted(str(p) for p in local_tmp.rglob('*'))
        assert list(local_tmp.glob('*/fabricops.dashboard/*.json')), 'no session in the run cache'
        os.kill(run.pid, signal.SIGKILL)
        run.wait(timeout=10)
        deadline = time.monotonic() + 5
        while list(local_tmp.glob('*/fabricops.dashboard/*.sock')) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert list(local_tmp.glob('*/fabricops.dashboard/*.sock')) == [], 'the keeper outlived a killed run'
        assert list(local_tmp.glob('*/fabricops.dashboard/*.json')) == [], 'a token was left on disk'
    finally:
        try:
            os.killpg(run.pid, signal.SIGKILL)  # the worker still pausing
        except ProcessLookupError:
            pass


def test_a_relative_ca_path_works_through_the_keeper(play, emu):
    """ca_path as users often write it, relative to where ansible-playbook runs (the keeper runs elsewhere)."""
    relative = pathlib.Path('build') / ('relative-ca-%d.pem' % os.getpid())
    (REPO / relative).write_bytes(pathlib.Path(emu.ca_path).read_bytes())
    try:
        run = play('twenty_tasks.yml', env={'DASHBOARD_CA_PATH': str(relative)})
    finally:
        (REPO / relative).unlink()
    assert run.rc == 0, run.output[-3000:]
    # The tasks after the keeper started went through it (one connection besides the login's and
    # the loop worker's own), and none was reported as a lost connection.
    assert emu.counters()['connections'] == 3
