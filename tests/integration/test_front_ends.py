"""The front ends beyond the modules, run as users run them: the switches inventory plugin
(ansible-inventory and ansible-playbook -i), the dashboard_api and dashboard_relay lookups with
ansible.builtin.uri, and the roles session and fabric_deploy.

All against the emulator over real HTTPS with certificate validation on, at -vvvv, the output
checked for tokens, passwords and cookies, and the emulator's counters checked for what was sent.
"""

import json
import pathlib
import subprocess
import sys
import threading
import time

import pytest

from dashboard_emulator.testing import EmulatorProcess

from conftest import JWT, PLAYBOOKS, PlayRun

ANSIBLE_BIN = pathlib.Path(sys.executable).parent
ADMIN_PASSWORD = 'Admin-Passw0rd!'
VIEWER_PASSWORD = 'Viewer-Passw0rd!'
# the play's account, given as users give it: in the environment
ADMIN = {'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': ADMIN_PASSWORD}
LAN = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
ALL_SWITCHES = 'GET %s/inventory/allswitches' % LAN
FRONT_ENDS = PLAYBOOKS / 'front_ends'


def inventory_file(directory, **options):
    """A switches inventory configuration, as a user writes one (credentials left to the environment)."""
    path = pathlib.Path(directory) / 'dashboard.switches.yml'
    path.write_text(json.dumps(dict({'plugin': 'fabricops.dashboard.switches'}, **options)), encoding='utf-8')
    return path


def unwrapped(value):
    """A host variable as ansible-inventory --list prints it; 2.19 and later mark the plugin's strings untrusted."""
    if isinstance(value, dict) and set(value) == {'__ansible_unsafe'}:
        return value['__ansible_unsafe']
    return value


def run(command, env, cwd, timeout=300):
    completed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, check=False, cwd=str(cwd))
    return PlayRun(completed)


def wait_until_run_sessions_end(emulator):
    """The session role ends its session when the run is over, a moment after ansible-playbook exits; that
    logout must not land in the next test (which resets the emulator and counts from zero)."""
    assert _wait_for(lambda: emulator.counters()['live_sessions'] == 0), 'the session of the run was not ended when the run was over'


def admin_env(dashboard_env, **more):
    return dict(dashboard_env, **ADMIN, **more)


@pytest.fixture(scope='module')
def large(tmp_path_factory):
    """An emulator with the larger seed: 5 fabrics, 500 switches."""
    with EmulatorProcess(workdir=tmp_path_factory.mktemp('large-seed'), extra_args=['--seed', 'large']) as process:
        yield process


@pytest.fixture
def large_env(dashboard_env, large):
    large.reset()
    return admin_env(dashboard_env, DASHBOARD_HOST=large.base_url, DASHBOARD_CA_PATH=large.ca_path)


def test_inventory_graph_and_list_of_the_large_seed(large, large_env, tmp_path):
    config = inventory_file(tmp_path, keyed_groups=[{'key': 'model', 'prefix': 'model'}],
                            groups={'spines': "switch_role == 'spine'"}, compose={'nxos_release': 'release'})
    graph = run([str(ANSIBLE_BIN / 'ansible-inventory'), '-i', str(config), '--graph', '-vvvv'], large_env, tmp_path)
    assert graph.rc == 0, graph.output[-3000:]
    for group in ('@fabric_site_a:', '@fabric_site_e:', '@role_spine:', '@role_leaf:', '@spines:', '@model_N9K_C93180YC_EX:'):
        assert group in graph.stdout, group
    graph.assert_no_secrets(ADMIN_PASSWORD)

    listed = run([str(ANSIBLE_BIN / 'ansible-inventory'), '-i', str(config), '--list'], large_env, tmp_path)
    assert listed.rc == 0, listed.output[-3000:]
    inventory = json.loads(listed.stdout)
    hostvars = inventory['_meta']['hostvars']
    switches = large.login().get(large.url(LAN + '/inventory/allswitches'), timeout=30).json()
    assert len(hostvars) == len(switches) == 500
    assert len(inventory['fabric_site_a']['hosts']) == 100
    assert len(inventory['spines']['hosts']) == len(inventory['role_spine']['hosts']) == 50
    switch = switches[123]
    host = {name: unwrapped(value) for name, value in hostvars[switch['logicalName']].items()}
    assert host['ansible_host'] == switch['ipAddress']
    assert (host['serial_number'], host['model'], host['release'], host['sync_status']) == (
        switch['serialNumber'], switch['model'], switch['release'], switch['ccStatus'])
    assert host['nxos_release'] == switch['release']
    listed.assert_no_secrets(ADMIN_PASSWORD)
    assert 'token' not in listed.stdout.lower()
    # One login per ansible-inventory run, one more for this test's own read.
    assert large.counters()['logins'] == 3


def test_inventory_cache_holds_switches_but_no_token(large, large_env, tmp_path):
    cache_dir = tmp_path / 'cache'
    config = inventory_file(tmp_path, fabrics=['site-b'], cache=True, cache_plugin='ansible.builtin.jsonfile',
                            cache_connection=str(cache_dir), cache_timeout=600)
    first = run([str(ANSIBLE_BIN / 'ansible-inventory'), '-i', str(config), '--list'], large_env, tmp_path)
    assert first.rc == 0, first.output[-3000:]
    second = run([str(ANSIBLE_BIN / 'ansible-inventory'), '-i', str(config), '--list'], large_env, tmp_path)
    assert second.rc == 0, second.output[-3000:]
    assert json.loads(first.stdout) == json.loads(second.stdout)
    assert len(json.loads(second.stdout)['fabric_site_b']['hosts']) == 100
    counters = large.counters()
    assert counters['requests'][ALL_SWITCHES] == {'200': 1}, 'the second run is answered from the cache'
    assert counters['logins'] == 1
    cached = ''.join(path.read_text(encoding='utf-8') for path in cache_dir.iterdir())
    assert 'serialNumber' in cached
    assert not JWT.search(cached) and ADMIN_PASSWORD not in cached and 'AuthCookie' not in cached


def test_inventory_bad_password_is_explained(large, large_env, tmp_path):
    config = inventory_file(tmp_path)
    env = dict(large_env, DASHBOARD_PASSWORD='wrong-password')
    listed = run([str(ANSIBLE_BIN / 'ansible-inventory'), '-i', str(config), '--list', '-vvvv'], env, tmp_path)
    assert 'refused the login of admin' in listed.output
    assert 'wrong-password' not in listed.output
    listed.assert_no_secrets()


def test_one_login_for_inventory_role_lookups_relay_and_modules(emu, dashboard_env, tmp_path):
    config = inventory_file(tmp_path, fabrics=['site-a'])
    env = admin_env(dashboard_env)
    played = run([str(ANSIBLE_BIN / 'ansible-playbook'), '-i', str(config), str(FRONT_ENDS / 'all_front_ends.yml'), '-vvvv'],
                 env, tmp_path)
    assert played.rc == 0, played.output[-4000:]
    assert set(played.recap) == {'site-a-spine-1', 'site-a-leaf-2'}
    assert played.total('failed') == 0
    counters = emu.counters()
    assert counters['logins'] == 1, 'inventory, role, lookups, the relay and the modules share one login'
    assert counters['requests']['GET %s/control/fabrics' % LAN] == {'200': 3}, 'relayed uri GET and two dashboard_rest GETs'
    played.assert_no_secrets(ADMIN_PASSWORD)
    wait_until_run_sessions_end(emu)


def test_relay_refuses_the_auth_endpoints(play, emu):
    played = play('front_ends/relay_refusals.yml', verbosity=4, env=ADMIN)
    assert played.rc == 0, played.output[-4000:]
    counters = emu.counters()
    assert counters['logins'] == 1 and counters['logouts'] == 0
    assert 'POST /refresh' not in counters['requests']
    played.assert_no_secrets(ADMIN_PASSWORD)


def test_privilege_check_fails_before_any_write(play, emu):
    played = play('front_ends/role_viewer_writes.yml', verbosity=4,
                  env={'DASHBOARD_USERNAME': 'viewer', 'DASHBOARD_PASSWORD': VIEWER_PASSWORD})
    assert played.rc == 2
    assert 'The account viewer on %s lacks WritePriv on security domain dc1' % emu.base_url in played.output
    assert 'config-save' not in ''.join(emu.counters()['requests'])
    assert emu.counters()['writes'] == 0
    played.assert_no_secrets(VIEWER_PASSWORD)
    wait_until_run_sessions_end(emu)


def test_session_role_in_check_mode_changes_nothing(play, emu):
    played = play('front_ends/role_session.yml', check=True, verbosity=4, env=ADMIN)
    assert played.rc == 0, played.output[-4000:]
    assert played.total('changed') == 0
    assert emu.counters()['writes'] == 0
    played.assert_no_secrets(ADMIN_PASSWORD)
    wait_until_run_sessions_end(emu)


def _wait_for(condition, seconds=10.0):
    """Whether ``condition`` holds within ``seconds`` (checked every 0.1 s)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_session_is_logged_out_when_a_play_fails(play, emu):
    played = play('front_ends/role_then_failure.yml', verbosity=4, env=ADMIN)
    assert played.rc == 2
    assert 'this play breaks here on purpose' in played.output
    assert _wait_for(lambda: emu.counters()['live_sessions'] == 0), emu.counters()
    counters = emu.counters()
    assert counters['logins'] == 1 and counters['logouts'] == 1
    played.assert_no_secrets(ADMIN_PASSWORD)


def _add_switch(emu, address):
    admin = emu.login()
    fabric = emu.url(LAN + '/control/fabrics/site-a')
    reach = admin.post(fabric + '/inventory/test-reachability', json={'seedIP': address, 'role': 'leaf', 'preserveConfig': False},
                       timeout=10).json()
    admin.post(fabric + '/inventory/discover', json={'seedIP': address, 'role': 'leaf', 'preserveConfig': False, 'switches': reach},
               timeout=10).raise_for_status()
    serial = reach[0]['serialNumber']

    def state():
        switches = admin.get(fabric + '/inventory/switchesByFabric', timeout=10).json()
        return next(switch for switch in switches if switch['serialNumber'] == serial)
    state.session = admin
    assert _wait_for(lambda: state()['managable'])
    assert state()['ccStatus'] == 'Out-of-Sync'
    return serial, state


def _end(session, emu):
    """Log out a session of the test's own, so that only the play's sessions are left to count."""
    session.post(emu.url('/logout'), timeout=10).raise_for_status()


def _switch_left_out_of_sync(emu, address):
    """The serial of a switch added out of sync, whose deploy then takes longer (30 s) than any play waits."""
    serial, state = _add_switch(emu, address)
    _end(state.session, emu)
    emu.session().post(emu.url('/_emulator/timing'), json={'deploy_seconds': 30}, timeout=10).raise_for_status()
    return serial


def _fabric_deploy(play, **extra_vars):
    return play('front_ends/role_fabric_deploy.yml', verbosity=4, env=ADMIN, extra_vars=extra_vars or None)


def test_fabric_deploy_role_deploys_only_when_out_of_sync(play, emu):
    serial, state = _add_switch(emu, '10.9.9.7')
    first = _fabric_deploy(play)
    assert first.rc == 0, first.output[-4000:]
    assert first.total('changed') == 2, 'config-save and config-deploy'
    assert state()['ccStatus'] == 'In-Sync'
    _end(state.session, emu)
    wait_until_run_sessions_end(emu)
    again = _fabric_deploy(play)
    assert again.rc == 0, again.output[-4000:]
    assert again.total('changed') == 0, 'every switch in sync: nothing saved or deployed'
    counters = emu.counters()
    assert counters['requests']['POST %s/control/fabrics/{fabricName}/config-deploy' % LAN] == {'200': 1}
    again.assert_no_secrets(ADMIN_PASSWORD)
    wait_until_run_sessions_end(emu)


def test_fabric_deploy_role_names_the_switches_left_out_of_sync(play, emu):
    serial = _switch_left_out_of_sync(emu, '10.9.9.8')
    played = _fabric_deploy(play, fabric_deploy_switches=[serial], fabric_deploy_timeout=2, fabric_deploy_poll_interval=1)
    assert played.rc == 2
    assert 'switch(es) of fabric site-a are not in sync 2 s after the deploy' in played.output
    assert serial in played.output and 'Pending' in played.output
    played.assert_no_secrets(ADMIN_PASSWORD)
    wait_until_run_sessions_end(emu)


def test_fabric_deploy_role_stops_when_the_switches_cannot_be_read(play, emu):
    serial = _switch_left_out_of_sync(emu, '10.9.9.9')
    deploy = 'POST %s/control/fabrics/{fabricName}/config-deploy/{serialNumbers}' % LAN
    switches = '%s/control/fabrics/site-a/inventory/switchesByFabric' % LAN

    def break_the_reads_after_the_deploy():
        # Only the reads after the deploy: the role's first read must see the switch out of sync.
        if _wait_for(lambda: deploy in emu.counters()['requests'], seconds=60):
            emu.set_faults(force_status=503, force_count=1000, paths=[switches])
    breaker = threading.Thread(target=break_the_reads_after_the_deploy)
    breaker.start()
    played = _fabric_deploy(play, fabric_deploy_switches=[serial], fabric_deploy_timeout=3, fabric_deploy_poll_interval=1)
    breaker.join()
    assert played.rc == 2
    assert 'The switches of fabric site-a could not be read after the deploy, so whether they are in sync is not known' in played.output
    assert 'are not in sync' not in played.output
    played.assert_no_secrets(ADMIN_PASSWORD)
    emu.set_faults(force_count=0)
    wait_until_run_sessions_end(emu)


def test_fabric_deploy_role_waits_for_the_deploy_as_long_as_its_timeout(play, emu):
    """Issue 23: the deploy request failed at the session's timeout (30 s by default) whatever fabric_deploy_timeout said.

    Here the session's timeout is 1 s and the controller takes 2 s to answer the deploy; fabric_deploy_timeout is 10 s."""
    emu.set_faults(latency_ms=2000, paths=[LAN + '/control/fabrics/site-a/config-deploy'])
    played = play('front_ends/role_fabric_deploy.yml', verbosity=4, env=dict(ADMIN, DASHBOARD_TIMEOUT='1'),
                  extra_vars={'fabric_deploy_force': True, 'fabric_deploy_timeout': 10})
    assert played.rc == 0, played.output[-4000:]
    assert emu.counters()['requests']['POST %s/control/fabrics/{fabricName}/config-deploy' % LAN] == {'200': 1}
    played.assert_no_secrets(ADMIN_PASSWORD)
    emu.set_faults(latency_ms=0, paths=None)
    wait_until_run_sessions_end(emu)
