"""fabricops.dashboard.fabric_switches run as a user runs it, against the emulator (fabric site-a with two switches,
site-dc1 empty; a discovered switch is manageable after 0.5 s, a greenfield one reloads 0.5 s more).

Every test runs twice (emu_of_each): on the legacy API, and on a 4.2 platform that serves no legacy path, where the
module speaks /api/v1/manage. The tests check the controller's state through the legacy view on both; where they
check which requests a run sent, they name each API's own."""

import json

import pytest

from dashboard_emulator.pytest_plugin import emu_of_each

from conftest import LAN_FABRIC, assert_idempotent, assert_reruns_idempotent, read_controller

emu = emu_of_each()

ADMIN_PASSWORD = 'Admin-Passw0rd!'
SWITCH_PASSWORD = 'Sw1tch-Secret!'
DC1 = '/control/fabrics/site-dc1'
MANAGE_DC1 = '/fabrics/site-dc1'
NEW = [{'name': '192.0.2.11'}, {'name': '192.0.2.21', 'role': 'spine', 'preserve_config': True}]


def on_manage(emu):  # pylint: disable=redefined-outer-name
    """Whether the run speaks /api/v1/manage (the 4.2 platform serving no legacy path)."""
    return not emu.legacy_paths


def inventory(emu, fabric):  # pylint: disable=redefined-outer-name
    return {switch['ipAddress']: switch for switch in read_controller(emu, '/control/fabrics/%s/inventory/switchesByFabric' % fabric)}


def role_request(emu, fabric='site-a'):  # pylint: disable=redefined-outer-name
    """The one request that changes roles, on the API of the run."""
    return 'POST /fabrics/%s/switchActions/changeRoles' % fabric if on_manage(emu) else 'POST /control/switches/roles'


def test_merged_discovers_waits_until_manageable_then_sends_nothing(resource, emu):
    check, run = resource.steps('fabric_switches', [dict(state='merged', config=NEW, fabric='site-dc1', check=True),
                                                    dict(state='merged', config=NEW, fabric='site-dc1', diff=True)])
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert run['changed'] is True
    if on_manage(emu):
        # one discovery of both, then one add per way of adding (greenfield first), each switch with its role
        assert run['requests'] == ['POST %s/actions/shallowDiscovery' % MANAGE_DC1] + ['POST %s/switches' % MANAGE_DC1] * 2
        # besides the login: the list (read, then polled until both can be managed), the discovery, the adds
        assert {key for key in run.requests if '/api/v1/manage/' in key} == {
            'GET /api/v1/manage/fabrics/{fabricName}/switches', 'POST /api/v1/manage/fabrics/{fabricName}/actions/shallowDiscovery',
            'POST /api/v1/manage/fabrics/{fabricName}/switches'}, run.requests
    else:
        assert run['requests'] == ['POST %s/inventory/test-reachability' % DC1, 'POST %s/inventory/discover' % DC1] * 2
    # 4.2 sends no more writes than the legacy API: here fewer, as the switches differ in role and way of adding
    assert run.writes == (3 if on_manage(emu) else 4)
    assert run.diff == {'before': {}, 'after': {'192.0.2.11': {'name': '192.0.2.11', 'role': 'leaf'},
                                                '192.0.2.21': {'name': '192.0.2.21', 'role': 'spine'}}}
    switches = inventory(emu, 'site-dc1')
    # the task returned only once both could be managed, the greenfield one after its reload
    assert {address: (switch['managable'], switch['status'], switch['switchRole']) for address, switch in switches.items()} == {
        '192.0.2.11': (True, 'ok', 'leaf'), '192.0.2.21': (True, 'ok', 'spine')}
    assert_idempotent(resource, 'fabric_switches', 'merged', NEW, fabric='site-dc1')
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_a_role_change_is_one_call_with_a_diff_and_replaced_resets_the_role(resource, emu):
    border = [{'name': '10.1.0.2', 'role': 'border_gateway'}]
    gathered, check, run = resource.steps('fabric_switches', [dict(state='gathered'), dict(state='merged', config=border, check=True, diff=True),
                                                              dict(state='merged', config=border, diff=True)])
    assert gathered.play.rc == 0 and gathered.writes == 0
    assert gathered['gathered'] == [{'name': '10.1.0.1', 'role': 'spine', 'maintenance': False},
                                    {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': False}]
    assert check['changed'] is True and check.writes == 0
    assert run['requests'] == [role_request(emu)]
    assert run.diff == {'before': {'10.1.0.2': {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': False}},
                        'after': {'10.1.0.2': {'name': '10.1.0.2', 'role': 'border_gateway', 'maintenance': False}}}
    # --diff shows it in the module's terms (the output of the run's task, after the check mode's)
    assert '"role": "border_gateway"' in run.play.stdout.split('(step 3)', 1)[1]
    assert inventory(emu, 'site-a')['10.1.0.2']['switchRole'] == 'border gateway'
    # the rerun, then in the same run: replaced, where a listed switch without a role is a leaf again; merged leaves its role alone
    unnamed, replaced = assert_reruns_idempotent(resource, 'fabric_switches', [dict(state='merged', config=border)], [
        dict(state='merged', config=[{'name': '10.1.0.2'}]), dict(state='replaced', config=[{'name': '10.1.0.2'}])])
    assert unnamed['changed'] is False
    assert replaced.play.rc == 0 and replaced['requests'] == [role_request(emu)]
    assert inventory(emu, 'site-a')['10.1.0.2']['switchRole'] == 'leaf'
    assert_idempotent(resource, 'fabric_switches', 'replaced', [{'name': '10.1.0.2'}])


def test_deleted_removes_the_listed_switches_and_absent_ones_are_fine(resource, emu):
    config = [{'name': '10.1.0.2'}, {'name': '192.0.2.99'}]
    check, run = resource.steps('fabric_switches', [dict(state='deleted', config=config, check=True),
                                                    dict(state='deleted', config=config, diff=True)])
    assert check['changed'] is True and check.writes == 0
    assert run.play.rc == 0, run.play.output[-3000:]
    if on_manage(emu):
        assert run['requests'] == ['POST /fabrics/site-a/switchActions/remove']
    else:
        serial = run['requests'][0].rsplit('/', 1)[-1]
        assert run['requests'] == ['DELETE /control/fabrics/site-a/switches/%s' % serial] and serial.startswith('FDO')
    assert run.diff == {'before': {'10.1.0.2': {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': False}}, 'after': {}}
    assert list(inventory(emu, 'site-a')) == ['10.1.0.1']
    # the rerun, then in the same run every switch deleted
    everything, = assert_reruns_idempotent(resource, 'fabric_switches', [dict(state='deleted', config=config)],
                                           [dict(state='deleted', config=[])])
    assert everything.play.rc == 0 and len(everything['requests']) == 1 and inventory(emu, 'site-a') == {}
    assert_idempotent(resource, 'fabric_switches', 'deleted', [])


def test_overridden_removes_unlisted_switches_adds_listed_ones_and_resets_roles(resource, emu):
    config = [{'name': '10.1.0.1'}, {'name': '192.0.2.31', 'preserve_config': True}]
    check, run = resource.steps('fabric_switches', [dict(state='overridden', config=config, check=True, diff=True),
                                                    dict(state='overridden', config=config, diff=True)])
    assert check['changed'] is True and check.writes == 0
    assert sorted(check.diff['before']) == ['10.1.0.1', '10.1.0.2'] and sorted(check.diff['after']) == ['10.1.0.1', '192.0.2.31']
    assert run.play.rc == 0, run.play.output[-3000:]
    if on_manage(emu):
        assert run['requests'] == ['POST /fabrics/site-a/switchActions/remove', 'POST /fabrics/site-a/actions/shallowDiscovery',
                                   'POST /fabrics/site-a/switches', 'POST /fabrics/site-a/switchActions/changeRoles']
    else:
        assert [request.rsplit('/', 1)[0] for request in run['requests']] == [
            'DELETE /control/fabrics/site-a/switches', 'POST /control/fabrics/site-a/inventory',
            'POST /control/fabrics/site-a/inventory', 'POST /control/switches']
    assert {address: switch['switchRole'] for address, switch in inventory(emu, 'site-a').items()} == {
        '10.1.0.1': 'leaf', '192.0.2.31': 'leaf'}
    assert run['after'] == [{'name': '10.1.0.1', 'role': 'leaf', 'maintenance': False}, {'name': '192.0.2.31', 'role': 'leaf'}]
    assert_idempotent(resource, 'fabric_switches', 'overridden', config)


def test_gathered_output_fed_back_changes_nothing(resource):
    made, gathered = resource.steps('fabric_switches', [dict(state='merged', config=NEW, fabric='site-dc1'),
                                                        dict(state='gathered', fabric='site-dc1')])
    assert gathered.play.rc == 0 and made['changed'] is True and gathered.writes == 0
    assert gathered['gathered'] == [{'name': '192.0.2.11', 'role': 'leaf', 'maintenance': False},
                                    {'name': '192.0.2.21', 'role': 'spine', 'maintenance': False}]
    # the three in one run of their own, as reruns: none is to change anything
    states = ('merged', 'replaced', 'overridden')
    fed_backs = resource.steps('fabric_switches', [dict(state=state, config=gathered['gathered'], fabric='site-dc1') for state in states])
    assert fed_backs[0].play.rc == 0, fed_backs[0].play.output[-3000:]
    for state, fed_back in zip(states, fed_backs):
        assert fed_back['changed'] is False and fed_back.writes == 0, (state, fed_back.requests)


def test_a_switch_the_controller_already_manages_fails_the_task_naming_it(resource, emu):
    # 10.1.0.2 is a switch of site-a: the reachability test answers "already managed"
    run = resource('fabric_switches', 'merged', [{'name': '192.0.2.11'}, {'name': '10.1.0.2'}], fabric='site-dc1')
    assert run.play.rc == 2
    assert 'Cannot add 10.1.0.2: 10.1.0.2: already managed. Nothing was discovered.' in run['msg']
    first = 'POST %s/actions/shallowDiscovery' % MANAGE_DC1 if on_manage(emu) else 'POST %s/inventory/test-reachability' % DC1
    assert run['requests'] == [first] and inventory(emu, 'site-dc1') == {}
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_a_discovery_the_controller_refuses_fails_the_task_naming_the_switch(resource, emu):
    # one play: the fabric created, the discovery refused, then the switch added as the controller asks
    created, run, brownfield = resource.steps('fabric_switches', [
        dict(module='fabrics', state='merged', config=[{'name': 'edge', 'template': 'External_Fabric', 'bgp_asn': '65100'}]),
        dict(state='merged', config=[{'name': '192.0.2.41'}], fabric='edge', may_fail=True),
        dict(state='merged', config=[{'name': '192.0.2.41', 'preserve_config': True}], fabric='edge')])
    assert created['changed'] is True and not created['failed'], created.play.output[-3000:]
    assert run['failed'] is True
    assert 'The controller refused discovering switch 192.0.2.41' in run['msg']
    assert 'preserveConfig option should be true for External Fabric Type' in run['msg']
    assert run['changed'] is True  # the reachability test (on 4.2 the shallow discovery) was sent
    assert brownfield.play.rc == 0 and not brownfield['failed'], brownfield.play.output[-3000:]
    assert list(inventory(emu, 'edge')) == ['192.0.2.41']


def test_a_switch_not_manageable_in_time_fails_the_task_naming_it(resource, emu):
    emu.set_timing(discover_seconds=3600)  # a discovery that does not end while the test runs
    run = resource('fabric_switches', 'merged', [{'name': '192.0.2.51'}], fabric='site-dc1', wait_timeout=1)
    assert run.play.rc == 2
    assert 'Switches 192.0.2.51 were discovered but could not be managed within 1 seconds' in run['msg']


def test_wait_timeout_0_discovers_and_does_not_wait(resource, emu):
    """wait_timeout 0 does not wait, as in every module. Before: it looked once, at once, and failed the task (the switch
    was discovered but could not be managed within 0 seconds)."""
    emu.set_timing(discover_seconds=3600)
    run = resource('fabric_switches', 'merged', [{'name': '192.0.2.51'}], fabric='site-dc1', wait_timeout=0)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['changed'] is True
    # the task returned with the switch still being discovered: it did not wait for it
    assert inventory(emu, 'site-dc1')['192.0.2.51']['managable'] is False


def test_the_switch_password_never_shows_even_at_vvvv(resource):
    run = resource('fabric_switches', 'merged', NEW, fabric='site-dc1', diff=True, verbosity=4)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert '192.0.2.21' in run.play.stdout
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_rendered_is_offline_and_masks_the_password(resource, emu):
    run = resource('fabric_switches', 'rendered', NEW, fabric='site-dc1')
    assert run.play.rc == 0 and emu.counters()['logins'] == 0
    first = run['rendered'][0]
    assert first['method'] == 'POST' and first['path'] == LAN_FABRIC + DC1 + '/inventory/test-reachability'
    assert first['body']['seedIP'] == '192.0.2.11' and first['body']['password'] == '********'
    assert first['body']['role'] == 'leaf' and first['body']['preserveConfig'] is False
    assert [request['path'].rsplit('/', 1)[-1] for request in run['rendered']] == [
        'test-reachability', 'discover?setAndUseDiscoveryCredForLan=true'] * 2
    assert run['rendered'][3]['body']['switches'] == [{'ipaddr': '192.0.2.21'}]
    assert run['rendered'][3]['body']['role'] == 'spine' and run['rendered'][3]['body']['preserveConfig'] is True
    run.play.assert_no_secrets(SWITCH_PASSWORD)


def test_rendered_for_the_manage_api_is_the_discovery_then_one_add_per_way_of_adding(play, emu, tmp_path):
    """Offline, so the same on both params: controller_api manage renders the 4.2 requests (auto renders the legacy ones)."""
    result_file = tmp_path / 'result.json'
    outcome = play('resource_fabric_switches.yml', extra_vars={
        'resource_state': 'rendered', 'resource_config': NEW, 'resource_fabric': 'site-dc1', 'resource_controller_api': 'manage',
        'result_file': str(result_file)})
    assert outcome.rc == 0, outcome.output[-3000:]
    rendered = json.loads(result_file.read_text(encoding='utf-8'))['rendered']
    assert [(request['method'], request['path']) for request in rendered] == [
        ('POST', '/api/v1/manage/fabrics/site-dc1/actions/shallowDiscovery'),
        ('POST', '/api/v1/manage/fabrics/site-dc1/switches'), ('POST', '/api/v1/manage/fabrics/site-dc1/switches')]
    assert rendered[0]['body'] == {'seedIpCollection': ['192.0.2.11', '192.0.2.21'], 'maxHop': 0, 'platformType': 'nx-os',
                                   'snmpV3AuthProtocol': 'md5', 'username': 'admin', 'password': '********'}
    assert [(body['switches'], body['preserveConfig']) for body in (rendered[1]['body'], rendered[2]['body'])] == [
        ([{'ip': '192.0.2.11', 'switchRole': 'leaf'}], False), ([{'ip': '192.0.2.21', 'switchRole': 'spine'}], True)]
    assert emu.counters()['logins'] == 0
    outcome.assert_no_secrets(SWITCH_PASSWORD)


@pytest.mark.parametrize('config, message', [
    ([{'name': 'leaf-1'}], "name 'leaf-1' is not an IP address"),
    ([{'name': '192.0.2.11'}, {'name': '192.0.2.11'}], 'config lists switch 192.0.2.11 twice'),
])
def test_what_cannot_work_fails_before_any_write(resource, config, message):
    run = resource('fabric_switches', 'merged', config, fabric='site-dc1')
    assert run.play.rc == 2 and message in run.play.output and run.writes == 0


def test_adding_without_switch_credentials_fails_before_any_write_and_a_role_change_needs_none(play, emu, tmp_path):
    def run(config):
        result_file = tmp_path / 'result.json'
        before = emu.counters()['writes']
        outcome = play('resource_fabric_switches.yml', extra_vars={
            'resource_state': 'merged', 'resource_config': config, 'resource_fabric': 'site-a',
            'switch_secret': '', 'result_file': str(result_file)})
        return outcome, emu.counters()['writes'] - before

    outcome, writes = run([{'name': '192.0.2.61'}])
    assert outcome.rc == 2 and writes == 0
    assert 'Adding switches needs the credentials the controller logs in to them with: give switch_username and switch_password.' in outcome.output
    outcome, writes = run([{'name': '10.1.0.2', 'role': 'spine'}])
    assert outcome.rc == 0 and writes == 1, outcome.output[-3000:]


def test_a_fabric_that_does_not_exist_is_named(resource):
    run = resource('fabric_switches', 'gathered', fabric='no-such-fabric')
    assert run.play.rc == 2 and run.writes == 0
    assert run['msg'].startswith('Cannot read the switches of fabric no-such-fabric (HTTP 404')
    assert 'check that the fabric exists' in run['msg']


def warned(played, warning):
    """Whether the play warned ``warning`` (Ansible wraps the lines of a warning)."""
    return ' '.join(warning.split()) in ' '.join(played.output.split())


def results_of(played):
    """The results the switch_then_role play prints, by task."""
    line = next(line for line in played.stdout.splitlines() if '"msg": "RESULTS ' in line)
    return json.loads(json.loads('{%s}' % line.strip())['msg'][len('RESULTS '):])


def test_check_mode_warns_where_an_earlier_task_would_add_the_switch(play, emu):
    """Before: --check failed the role task ("needs the credentials"), as the switch the first task adds is not there yet."""
    checked = play('switch_then_role.yml', check=True)
    assert checked.rc == 0, checked.output[-3000:]
    results = results_of(checked)
    assert results['added']['changed'] is True and results['spine']['changed'] is True
    assert results['spine']['after'] == [{'name': '192.0.2.71', 'role': 'spine'}]
    assert warned(checked, 'Switches 192.0.2.71 are not in fabric site-dc1, and adding them needs switch_username and '
                  'switch_password, which this task does not give. If an earlier task of the play adds them, a real run of this '
                  'task only sets what it lists; otherwise it fails there.')
    assert emu.counters()['writes'] == 0
    # and for real: the first task adds it, the second only sets its role
    played = play('switch_then_role.yml')
    assert played.rc == 0, played.output[-3000:]
    results = results_of(played)
    assert results['spine']['requests'] == [role_request(emu, 'site-dc1')] and '[WARNING]' not in played.output
    assert inventory(emu, 'site-dc1')['192.0.2.71']['switchRole'] == 'spine'
    played.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_check_mode_warns_of_a_fabric_an_earlier_task_would_create(resource):
    check, real = resource.steps('fabric_switches', [dict(state='merged', config=NEW, fabric='site-new', check=True),
                                                     dict(state='merged', config=NEW, fabric='site-new', may_fail=True)])
    assert check.play.rc == 0 and not check['failed'], check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert warned(check.play, 'Fabric site-new does not exist on the controller (HTTP 404), so check mode takes it to have no '
                  'switches. If an earlier task of the play creates it, a real run finds it; otherwise this task fails there.')
    assert real['failed'] is True


def test_a_discovery_cut_off_says_changed_and_lists_the_requests_sent(resource, emu):
    """Before: changed false and no requests, though the reachability test and the discovery were sent.

    On 4.2 the add (POST .../switches) shares its path with the list the run reads first, and the emulator's fault
    matches paths, not methods: there the cut-off is the shallow discovery, the first write."""
    if on_manage(emu):
        cut = '/api/v1/manage' + MANAGE_DC1 + '/actions/shallowDiscovery'
        sent = ['POST %s/actions/shallowDiscovery' % MANAGE_DC1]
    else:
        cut = LAN_FABRIC + DC1 + '/inventory/discover'
        sent = ['POST %s/inventory/test-reachability' % DC1, 'POST %s/inventory/discover' % DC1]
    emu.set_faults(drop_count=1, paths=[cut])
    run = resource('fabric_switches', 'merged', [{'name': '192.0.2.11'}], fabric='site-dc1')
    assert run.play.rc == 2
    assert run['changed'] is True
    assert run['requests'] == sent
    assert 'closed the connection during POST %s before answering' % cut in run['msg'], run['msg']
    assert 'By then the task had sent %d write(s) (see requests)' % len(sent) in run['msg']
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_a_role_change_is_seen_by_the_runs_later_network_tasks(play, emu):
    """The run keeps a fabric's switches for its VRF and network tasks (one read per run, not per task); a task of this
    module that changes them makes the next of those read them again. Without that, the second network task would take
    the switch for the leaf the run first read and attach a network to a spine."""
    played = play('role_between_networks.yml')
    assert played.rc == 0, played.output[-3000:]
    assert inventory(emu, 'site-dc1')['192.0.2.71']['switchRole'] == 'spine'
    networks = {item['networkName'] for item in read_controller(emu, '/top-down/fabrics/site-dc1/networks')}
    assert networks == {'before-role'}


# A switch's life: pre-provisioned before it boots, maintenance mode (issue 39)

PRE = {'name': '192.0.2.81', 'serial_number': 'FDO2700PRE1', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)',
       'hostname': 'leaf-81', 'gateway': '192.0.2.1/24', 'role': 'border'}
# what gathered lists of it: the inventory does not show its gateway
PRE_GATHERED = {'name': '192.0.2.81', 'serial_number': 'FDO2700PRE1', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)',
                'hostname': 'leaf-81', 'role': 'border', 'maintenance': False}


def test_a_preprovisioned_switch_is_created_gathered_changed_and_deleted(resource, emu):
    check, run, gathered = resource.steps('fabric_switches', [
        dict(state='merged', config=[PRE], fabric='site-dc1', check=True, diff=True),
        dict(state='merged', config=[PRE], fabric='site-dc1', diff=True), dict(state='gathered', fabric='site-dc1')])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0 and check.diff == run.diff
    if on_manage(emu):
        # one request: the switch with its role
        assert run['requests'] == ['POST %s/switchActions/preProvision' % MANAGE_DC1]
    else:
        # the legacy body has no role: it follows in the role change
        assert run['requests'] == ['POST %s/inventory/poap' % DC1, 'POST /control/switches/roles']
    assert run.diff == {'before': {}, 'after': {'192.0.2.81': {key: PRE[key] for key in PRE if key != 'gateway'}}}
    switch = inventory(emu, 'site-dc1')['192.0.2.81']
    assert (switch['serialNumber'], switch['logicalName'], switch['model'], switch['release'], switch['switchRole']) == (
        'FDO2700PRE1', 'leaf-81', 'N9K-C93180YC-FX', '10.3(2)', 'border')
    assert switch['managable'] is False  # until it boots
    assert gathered['gathered'] == [PRE_GATHERED]
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)
    # reruns: the task, and gathered fed back; then in the same run a new release (pre-provisioned again), then deleted
    changed_check, changed, deleted = assert_reruns_idempotent(
        resource, 'fabric_switches', [dict(state='merged', config=[PRE], fabric='site-dc1'),
                                      dict(state='replaced', config=[PRE_GATHERED], fabric='site-dc1')],
        then=[dict(state='merged', config=[dict(PRE, version='10.4(1)')], fabric='site-dc1', check=True),
              dict(state='merged', config=[dict(PRE, version='10.4(1)')], fabric='site-dc1', diff=True),
              dict(state='deleted', config=[{'name': '192.0.2.81'}], fabric='site-dc1')])
    assert changed.play.rc == 0, changed.play.output[-3000:]
    assert changed_check['changed'] is True and changed_check.writes == 0
    if on_manage(emu):
        assert changed['requests'] == ['POST %s/switchActions/remove' % MANAGE_DC1, 'POST %s/switchActions/preProvision' % MANAGE_DC1]
        assert deleted['requests'] == ['POST %s/switchActions/remove' % MANAGE_DC1]
    else:
        assert changed['requests'] == ['DELETE %s/switches/FDO2700PRE1' % DC1, 'POST %s/inventory/poap' % DC1,
                                       'POST /control/switches/roles']
        assert deleted['requests'] == ['DELETE %s/switches/FDO2700PRE1' % DC1]
    assert changed.diff['after']['192.0.2.81']['version'] == '10.4(1)'
    assert deleted['changed'] is True and inventory(emu, 'site-dc1') == {}


def test_preprovisioning_what_the_controller_has_is_refused_before_any_write_naming_both(resource, emu):
    site_a = inventory(emu, 'site-a')
    spine_serial = site_a['10.1.0.1']['serialNumber']
    taken_address, taken_serial, no_gateway, into_maintenance, checked = resource.steps('fabric_switches', [
        dict(state='merged', config=[dict(PRE, name='10.1.0.2')], fabric='site-dc1', may_fail=True),
        dict(state='merged', config=[dict(PRE, serial_number=spine_serial)], fabric='site-dc1', may_fail=True),
        dict(state='merged', config=[{key: value for key, value in PRE.items() if key != 'gateway'}], fabric='site-dc1',
             may_fail=True),
        dict(state='merged', config=[dict(PRE, maintenance=True)], fabric='site-dc1', may_fail=True),
        # check mode: an earlier task of the play may remove the switch that has the address; a warning, not a refusal
        dict(state='merged', config=[dict(PRE, name='10.1.0.2')], fabric='site-dc1', check=True)])
    for run in (taken_address, taken_serial, no_gateway, into_maintenance):
        assert run['failed'] is True and run.writes == 0 and not run.get('requests'), run.result
    assert ('Cannot pre-provision switch 10.1.0.2 (serial number FDO2700PRE1) in fabric site-dc1: 10.1.0.2 is the management '
            'address of switch %s of fabric site-a.' % site_a['10.1.0.2']['serialNumber']) in taken_address['msg']
    assert ('Cannot pre-provision switch 192.0.2.81 (serial number %s) in fabric site-dc1: the controller has that serial number '
            'already, switch 10.1.0.1 of fabric site-a.' % spine_serial) in taken_serial['msg']
    assert 'Pre-provisioning switch 192.0.2.81 needs gateway; add gateway to its config item.' in no_gateway['msg']
    assert 'Switch 192.0.2.81 is not in the fabric yet, so it cannot go into maintenance mode' in into_maintenance['msg']
    assert checked['changed'] is True and not checked['failed'] and checked.writes == 0
    assert warned(checked.play, '10.1.0.2 is the management address of switch %s of fabric site-a. Give the new switch another '
                  'address, or remove that switch first. If an earlier task of the play removes that switch, a real run '
                  'pre-provisions this one; otherwise it fails there.' % site_a['10.1.0.2']['serialNumber'])
    assert inventory(emu, 'site-dc1') == {}
    taken_address.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_maintenance_mode_on_the_legacy_api_and_read_on_4_2(resource, emu):
    leaf = inventory(emu, 'site-a')['10.1.0.2']['serialNumber']
    into = [{'name': '10.1.0.2', 'maintenance': True}]
    if on_manage(emu):
        # 4.2 cannot write it: a switch put into maintenance on the legacy API (its paths under the emulator's legacy view)
        session = emu.login()
        for path in ('maintenance-mode', 'deploy-maintenance-mode'):
            answer = session.post(emu.legacy_url(LAN_FABRIC + '/control/fabrics/site-a/switches/%s/%s' % (leaf, path)), timeout=10)
            assert answer.status_code == 200, answer.text
        gathered, same, out = resource.steps('fabric_switches', [
            dict(state='gathered'), dict(state='merged', config=into),
            dict(state='merged', config=[{'name': '10.1.0.2', 'maintenance': False}], may_fail=True)])
        assert gathered['gathered'] == [{'name': '10.1.0.1', 'role': 'spine', 'maintenance': False},
                                        {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': True}]
        assert same['changed'] is False and same.writes == 0  # the mode the switch has: nothing to write
        assert out['failed'] is True and out.writes == 0 and not out.get('requests')
        assert 'no call known to this collection that changes a switch\'s maintenance mode, and switches 10.1.0.2 would ' \
            'change' in out['msg'] and 'controller_api: legacy' in out['msg']
        assert inventory(emu, 'site-a')['10.1.0.2']['systemMode'] == 'Maintenance'
        return
    switch_path = '%s/switches/%s' % ('/control/fabrics/site-a', leaf)
    # without deploy: the mode the controller intends, not yet the switch's (cisco.dcnm's deploy: false)
    check, run, gathered = resource.steps('fabric_switches', [dict(state='merged', config=into, check=True, diff=True),
                                                              dict(state='merged', config=into, diff=True), dict(state='gathered')])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0 and check.diff == run.diff
    assert run['requests'] == ['POST %s/maintenance-mode' % switch_path]
    assert run.diff == {'before': {'10.1.0.2': {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': False}},
                        'after': {'10.1.0.2': {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': True}}}
    switch = inventory(emu, 'site-a')['10.1.0.2']
    assert (switch['mode'], switch['systemMode']) == ('Maintenance', 'Normal')
    assert gathered['gathered'][1] == {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': True}
    # its rerun writes nothing; with deploy, the one write left is the deploy of the mode already intended (the controller
    # answers once the switch has changed mode: the task waits), in check mode and for real
    check_deploy, deployed = assert_reruns_idempotent(resource, 'fabric_switches', [dict(state='merged', config=into)], then=[
        dict(state='merged', config=into, deploy=True, check=True), dict(state='merged', config=into, deploy=True)])
    assert check_deploy['changed'] is True and check_deploy.writes == 0
    assert deployed['changed'] is True and deployed['requests'] == ['POST %s/deploy-maintenance-mode' % switch_path]
    switch = inventory(emu, 'site-a')['10.1.0.2']
    assert (switch['mode'], switch['systemMode']) == ('Maintenance', 'Maintenance')
    # the rerun with deploy, then back out of maintenance and deployed in the same run
    back, = assert_reruns_idempotent(resource, 'fabric_switches', [dict(state='merged', config=into, deploy=True)],
                                     then=[dict(state='merged', config=[{'name': '10.1.0.2', 'maintenance': False}], deploy=True)])
    assert back['requests'] == ['DELETE %s/maintenance-mode' % switch_path, 'POST %s/deploy-maintenance-mode' % switch_path]
    switch = inventory(emu, 'site-a')['10.1.0.2']
    assert (switch['mode'], switch['systemMode']) == ('Normal', 'Normal')


def test_a_maintenance_change_the_controller_refuses_part_way_fails_naming_the_switch_and_lists_what_was_sent(resource, emu):
    if on_manage(emu):
        pytest.skip('4.2 writes no maintenance mode: its refusal before any write is tested above')
    leaf = inventory(emu, 'site-a')['10.1.0.2']['serialNumber']
    # a pre-provisioned switch cannot be managed until it boots: the controller refuses its maintenance mode
    made, run = resource.steps('fabric_switches', [
        dict(state='merged', config=[PRE]),
        dict(state='merged', config=[{'name': '10.1.0.2', 'maintenance': True}, {'name': '192.0.2.81', 'maintenance': True}],
             may_fail=True)])
    assert made['changed'] is True and not made['failed'], made.play.output[-3000:]
    assert run['failed'] is True and run['changed'] is True
    assert run['msg'].startswith('The controller refused changing the maintenance mode of switch 192.0.2.81 (HTTP 500): ')
    assert run['msg'].endswith('Switch FDO2700PRE1 is not manageable'), run['msg']
    # the first switch's intended mode was set, the second's refused; no deploy was sent
    assert run['requests'] == ['POST /control/fabrics/site-a/switches/%s/maintenance-mode' % serial for serial in (leaf, 'FDO2700PRE1')]
    switch = inventory(emu, 'site-a')['10.1.0.2']
    assert (switch['mode'], switch['systemMode']) == ('Maintenance', 'Normal')
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_rendered_preprovisioning_is_what_a_run_sends_on_each_api(resource, play, emu, tmp_path):
    if on_manage(emu):
        pytest.skip('rendered is offline: the same on both emulators')
    legacy = resource('fabric_switches', 'rendered', [PRE], fabric='site-dc1')
    assert legacy.play.rc == 0, legacy.play.output[-3000:]
    assert [(request['method'], request['path']) for request in legacy['rendered']] == [
        ('POST', LAN_FABRIC + DC1 + '/inventory/poap'), ('POST', LAN_FABRIC + '/control/switches/roles')]
    entry, = legacy['rendered'][0]['body']
    assert entry['password'] == '********' and entry['serialNumber'] == 'FDO2700PRE1' and entry['ipAddress'] == '192.0.2.81'
    assert json.loads(entry['data']) == {'modulesModel': ['N9K-C93180YC-FX'], 'gateway': '192.0.2.1/24'}
    assert legacy['rendered'][1]['body'] == [{'serialNumber': 'FDO2700PRE1', 'role': 'border'}]
    result_file = tmp_path / 'result.json'
    outcome = play('resource_fabric_switches.yml', extra_vars={
        'resource_state': 'rendered', 'resource_config': [PRE], 'resource_fabric': 'site-dc1', 'resource_controller_api': 'manage',
        'result_file': str(result_file)})
    assert outcome.rc == 0, outcome.output[-3000:]
    rendered = json.loads(result_file.read_text(encoding='utf-8'))['rendered']
    assert [(request['method'], request['path']) for request in rendered] == [
        ('POST', '/api/v1/manage/fabrics/site-dc1/switchActions/preProvision')]
    assert rendered[0]['body'] == {'switches': [{
        'serialNumber': 'FDO2700PRE1', 'ip': '192.0.2.81', 'hostname': 'leaf-81', 'model': 'N9K-C93180YC-FX',
        'softwareVersion': '10.3(2)', 'gatewayIpMask': '192.0.2.1/24', 'switchRole': 'border', 'password': '********',
        'discoveryAuthProtocol': 'md5'}]}
    assert emu.counters()['logins'] == 0
    for played in (legacy.play, outcome):
        played.assert_no_secrets(SWITCH_PASSWORD)


# POAP: switches of a lab that boot without a configuration and ask the fabric for one (issue 39)

POAP_LAB = {'switches': [
    {'address': '192.0.2.91', 'serial': 'POAPLEAF001', 'hostname': 'rack1-a', 'model': 'N9K-C93180YC-FX', 'release': '10.3(2)',
     'poap': True},
    {'address': '192.0.2.81', 'serial': 'POAPLEAF003', 'hostname': 'rack1-b', 'model': 'N9K-C93180YC-FX', 'release': '10.3(2)',
     'poap': True},
    {'address': '192.0.2.92', 'serial': 'POAPDEAD002', 'hostname': 'rack1-c', 'poap': True, 'comes_up': False},
]}
# what fabric site-dc1 needs for POAP: bootstrap on, and the management gateway its DHCP offers
BOOTSTRAP = {'name': 'site-dc1', 'template_params': {'BOOTSTRAP_ENABLE': 'true', 'DHCP_ENABLE': 'true', 'DHCP_START': '192.0.2.100',
                                                     'DHCP_END': '192.0.2.199', 'MGMT_GW': '192.0.2.1', 'MGMT_PREFIX': '24'}}
BOOTS = {'name': '192.0.2.91', 'serial_number': 'POAPLEAF001', 'hostname': 'rack1-a', 'role': 'spine', 'poap': True}
NOT_BOOTING = dict(PRE, name='192.0.2.93', serial_number='FDO2700PRE3', hostname='leaf-93', role='leaf', poap=True)


def poap_lab(emu):  # pylint: disable=redefined-outer-name
    answer = emu.session().post(emu.url('/_emulator/lab'), json=POAP_LAB, timeout=10)
    assert answer.status_code == 200, answer.text


def legacy_view(emu, method, path):  # pylint: disable=redefined-outer-name
    """A request to the emulator's legacy view of the store, for what no 4.2 call of the module writes (a fabric's bootstrap,
    a switch's maintenance mode): set so before the run, as a user does in the dashboard."""
    session = emu.login()
    if method == 'PUT':  # the fabric's bootstrap on: its settings, read and written back
        answer = session.get(emu.legacy_url(LAN_FABRIC + path), timeout=10)
        pairs = dict(answer.json()['nvPairs'], **BOOTSTRAP['template_params'])
        answer = session.put(emu.legacy_url(LAN_FABRIC + path + '/Easy_Fabric'), json=pairs, timeout=10)
    else:
        answer = session.request(method, emu.legacy_url(LAN_FABRIC + path), timeout=10)
    assert answer.status_code == 200, answer.text


def bootstrap_on(emu, fabric):  # pylint: disable=redefined-outer-name
    """The steps that turn the fabric's bootstrap on: the fabrics module's on the legacy API; on 4.2, which carries no such
    setting in this collection, set before the run (none)."""
    if on_manage(emu):
        legacy_view(emu, 'PUT', '/control/fabrics/%s' % fabric)
        return []
    return [dict(module='fabrics', state='merged', config=[dict(BOOTSTRAP, name=fabric)])]


def sent(emu, ending):  # pylint: disable=redefined-outer-name
    """The body of the last request whose path ends so."""
    return [entry for entry in emu.request_log() if entry['path'].endswith(ending)][-1]['body']


def test_switches_asking_for_poap_are_gathered_imported_swapped_and_waited_for(resource, emu):
    poap_lab(emu)
    # bootstrap on, a switch pre-provisioned with the serial number the rack was ordered with; what the fabric sees booting
    _pre, gathered = resource.steps('fabric_switches', bootstrap_on(emu, 'site-dc1') + [
        dict(state='merged', config=[PRE], fabric='site-dc1'), dict(state='gathered', fabric='site-dc1')])[-2:]
    assert gathered.play.rc == 0, gathered.play.output[-3000:]
    assert gathered['bootstrap'] == [
        {'serial_number': serial, 'model': model, 'version': version, 'gateway': '192.0.2.1/24'}
        for serial, model, version in (('POAPLEAF001', 'N9K-C93180YC-FX', '10.3(2)'), ('POAPLEAF003', 'N9K-C93180YC-FX', '10.3(2)'),
                                       ('POAPDEAD002', 'N9K-C93180YC-EX', '10.2(5)'))]
    # one switch brought in, the pre-provisioned one swapped to the switch that booted, one not booting yet (pre-provisioned)
    config = [BOOTS, dict(PRE, serial_number='POAPLEAF003', model=None, version=None, poap=True), NOT_BOOTING]
    check, run, after = resource.steps('fabric_switches', [
        dict(state='merged', config=config, fabric='site-dc1', check=True, diff=True),
        dict(state='merged', config=config, fabric='site-dc1', diff=True), dict(state='gathered', fabric='site-dc1')])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0 and check.diff == run.diff
    if on_manage(emu):
        # the pre-provision and the import each carry the roles: no role change follows
        assert run['requests'] == ['POST %s/switchActions/preProvision' % MANAGE_DC1,
                                   'POST %s/switches/FDO2700PRE1/actions/changeSwitchSerialNumber' % MANAGE_DC1,
                                   'POST %s/switchActions/importBootstrap' % MANAGE_DC1]
        assert sent(emu, '/changeSwitchSerialNumber') == {'newSwitchId': 'POAPLEAF003'}
        imported = [(entry['serialNumber'], entry['ip'], entry['hostname'], entry['gatewayIpMask'], entry['switchRole'],
                     bool(entry['publicKey'] and entry['fingerPrint'])) for entry in sent(emu, '/importBootstrap')['switches']]
    else:
        assert run['requests'] == ['POST %s/inventory/poap' % DC1, 'POST %s/swapSN/FDO2700PRE1/POAPLEAF003' % DC1,
                                   'POST %s/inventory/poap' % DC1, 'POST /control/switches/roles']
        imported = [(entry['serialNumber'], entry['ipAddress'], entry['hostname'], json.loads(entry['data'])['gateway'], None,
                     bool(entry['publicKey'] and entry['fingerprint'])) for entry in sent(emu, '/inventory/poap')]
    assert run.diff['before']['192.0.2.81']['serial_number'] == 'FDO2700PRE1' and run.diff['before']['192.0.2.81']['poap'] is False
    assert run.diff['after']['192.0.2.81']['serial_number'] == 'POAPLEAF003' and run.diff['after']['192.0.2.81']['poap'] is True
    assert run.diff['after']['192.0.2.91'] == {'name': '192.0.2.91', 'role': 'spine', 'serial_number': 'POAPLEAF001',
                                               'hostname': 'rack1-a', 'poap': True}
    for result in (check, run):
        assert any('Switch 192.0.2.93 (serial number FDO2700PRE3) does not ask fabric site-dc1 for POAP yet' in warning
                   for warning in result['warnings']), result.get('warnings')
    # the import: the key the switch offered, the item's address, hostname and gateway (keys and passwords masked in the log)
    roles = ('spine', 'border') if on_manage(emu) else (None, None)
    assert imported == [('POAPLEAF001', '192.0.2.91', 'rack1-a', '192.0.2.1/24', roles[0], True),
                        ('POAPLEAF003', '192.0.2.81', 'leaf-81', '192.0.2.1/24', roles[1], True)]
    # the task waited: both are switches the controller manages, with their roles; only the pre-provisioned one is listed so
    dc1 = inventory(emu, 'site-dc1')
    assert [(dc1[address]['serialNumber'], dc1[address]['managable'], dc1[address]['switchRole'], dc1[address]['logicalName'])
            for address in ('192.0.2.91', '192.0.2.81')] == [('POAPLEAF001', True, 'spine', 'rack1-a'),
                                                             ('POAPLEAF003', True, 'border', 'leaf-81')]
    assert [item['name'] for item in after['gathered'] if 'serial_number' in item] == ['192.0.2.93']
    assert [item['serial_number'] for item in after['bootstrap']] == ['POAPDEAD002']
    # the rerun writes nothing; fed back, gathered writes nothing either
    fed_back, = assert_reruns_idempotent(resource, 'fabric_switches', [dict(state='merged', config=config, fabric='site-dc1')],
                                         then=[dict(state='merged', config=after['gathered'], fabric='site-dc1')])
    assert fed_back['changed'] is False and fed_back.writes == 0
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_poap_that_cannot_work_is_refused_before_any_write_and_a_switch_that_never_comes_up_fails_naming_it(resource, emu):
    poap_lab(emu)
    dead = {'name': '192.0.2.92', 'serial_number': 'POAPDEAD002', 'hostname': 'rack1-c', 'poap': True}
    # bootstrap off in the fabric: the controller lists no switch asking for POAP (on 4.2, site-a's: site-dc1's is on already)
    off_fabric = 'site-a' if on_manage(emu) else 'site-dc1'
    off, *refused, enabled, never = resource.steps('fabric_switches', [
        dict(state='merged', config=[BOOTS], fabric=off_fabric, may_fail=True)] + bootstrap_on(emu, 'site-dc1') + [
        # a model other than the switch's own; no hostname
        dict(state='merged', config=[dict(BOOTS, model='N9K-C9336C-FX2')], fabric='site-dc1', may_fail=True),
        dict(state='merged', config=[dict(BOOTS, hostname=None)], fabric='site-dc1', may_fail=True),
        dict(state='gathered', fabric='site-dc1'),
        dict(state='merged', config=[dead], fabric='site-dc1', wait_timeout=2, may_fail=True)])
    assert off['failed'] is True and off.writes == 0
    status = 400 if on_manage(emu) else 500
    assert off['msg'].startswith('poap: the controller does not list the switches asking fabric %s for POAP (HTTP %d: '
                                 'Please enable the DHCP in Fabric Settings to start the bootstrap). Turn on its'
                                 % (off_fabric, status)), off['msg']
    model, hostname = refused[-2:]
    assert model['failed'] is True and model.writes == 0
    assert 'switch 192.0.2.91 boots as model N9K-C93180YC-FX, not N9K-C9336C-FX2' in model['msg'], model['msg']
    assert hostname['failed'] is True and hostname.writes == 0 and 'switch 192.0.2.91 needs hostname' in hostname['msg'], hostname['msg']
    assert enabled['gathered'] == [] and len(enabled['bootstrap']) == 3
    # imported, it never comes up: the task fails once its wait is over, naming it
    assert never['failed'] is True and never['changed'] is True
    assert never['msg'].startswith('Switches 192.0.2.92 were brought in by POAP but could not be managed within 2 seconds'), never['msg']
    assert never['requests'] == ['POST %s/switchActions/importBootstrap' % MANAGE_DC1 if on_manage(emu) else 'POST %s/inventory/poap' % DC1]


def test_rma_replaces_a_switch_by_one_that_booted_in_maintenance_mode_first_and_keeps_its_config(resource, emu):
    poap_lab(emu)
    replace = [{'name': '10.1.0.2', 'serial_number': 'POAPLEAF001', 'rma': True}]
    old = inventory(emu, 'site-a')['10.1.0.2']
    policies_before = read_controller(emu, '/control/policies/switches/%s' % old['serialNumber'])
    if on_manage(emu):
        # 4.2 writes no maintenance mode: the switch's intended mode is set so before the run (not deployed, as for a dead
        # switch; 4.2 shows it inconsistent, which the RMA and its wait take)
        legacy_view(emu, 'POST', '/control/fabrics/site-a/switches/%s/maintenance-mode' % old['serialNumber'])
    check, run, gathered = resource.steps('fabric_switches', bootstrap_on(emu, 'site-a') + [
        dict(state='merged', config=replace, check=True, diff=True), dict(state='merged', config=replace, diff=True),
        dict(state='gathered')])[-3:]
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0 and check.diff == run.diff
    if on_manage(emu):
        # one request: the replacement, with the switch's role
        assert run['requests'] == ['POST /fabrics/site-a/switches/%s/actions/provisionRMA' % old['serialNumber']]
        body = sent(emu, '/provisionRMA')
        assert (body['oldSwitchId'], body['newSwitchId'], body['ip'], body['hostname'], body['model'], body['switchRole']) == (
            old['serialNumber'], 'POAPLEAF001', '10.1.0.2', 'site-a-leaf-2', 'N9K-C93180YC-FX', 'leaf')
    else:
        # RMA needs the switch in maintenance mode: its intended mode first (the switch may be dead), then the replacement
        assert run['requests'] == ['POST /control/fabrics/site-a/switches/%s/maintenance-mode' % old['serialNumber'],
                                   'POST /control/fabrics/site-a/rma']
        body = sent(emu, '/rma')
        assert (body['oldSerialNumber'], body['newSerialNumber'], body['ipAddress'], body['hostname'], body['model']) == (
            old['serialNumber'], 'POAPLEAF001', '10.1.0.2', 'site-a-leaf-2', 'N9K-C93180YC-FX')
    assert run.diff['before']['10.1.0.2']['serial_number'] == old['serialNumber'] and run.diff['before']['10.1.0.2']['rma'] is False
    assert run.diff['after']['10.1.0.2']['serial_number'] == 'POAPLEAF001' and run.diff['after']['10.1.0.2']['rma'] is True
    # the task waited: the new switch, managed at the old one's address with its name, role, mode and policies
    new = inventory(emu, 'site-a')['10.1.0.2']
    assert (new['serialNumber'], new['managable'], new['logicalName'], new['switchRole'], new['mode']) == (
        'POAPLEAF001', True, 'site-a-leaf-2', 'leaf', 'Maintenance')
    policies_after = read_controller(emu, '/control/policies/switches/POAPLEAF001')
    assert policies_before and [policy['templateName'] for policy in policies_after] == [
        policy['templateName'] for policy in policies_before]
    # on 4.2 gathered shows the mode on the switch, which is neither mode while maintenance is intended only
    assert gathered['gathered'][1] == ({'name': '10.1.0.2', 'role': 'leaf'} if on_manage(emu) else
                                       {'name': '10.1.0.2', 'role': 'leaf', 'maintenance': True})
    if on_manage(emu):
        # the rerun writes nothing, nor does gathered fed back
        fed_back, = assert_reruns_idempotent(resource, 'fabric_switches', [dict(state='merged', config=replace)],
                                             then=[dict(state='merged', config=gathered['gathered'])])
        assert fed_back['changed'] is False and fed_back.writes == 0
    else:
        # the rerun writes nothing; then out of maintenance mode, deployed
        back, = assert_reruns_idempotent(resource, 'fabric_switches', [dict(state='merged', config=replace)],
                                         then=[dict(state='merged', config=[{'name': '10.1.0.2', 'maintenance': False}], deploy=True)])
        assert back['requests'] == ['DELETE /control/fabrics/site-a/switches/POAPLEAF001/maintenance-mode',
                                    'POST /control/fabrics/site-a/switches/POAPLEAF001/deploy-maintenance-mode']
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)


def test_an_rma_that_cannot_work_is_refused_before_any_write_and_a_new_switch_that_never_comes_up_fails_naming_it(resource, emu):
    poap_lab(emu)
    site_a = inventory(emu, 'site-a')
    # on 4.2, where an RMA needs the switch in maintenance mode already: the spine there, the leaf not
    dying = '10.1.0.1' if on_manage(emu) else '10.1.0.2'
    if on_manage(emu):
        legacy_view(emu, 'POST', '/control/fabrics/site-a/switches/%s/maintenance-mode' % site_a[dying]['serialNumber'])
    cases = [({'name': '192.0.2.99', 'serial_number': 'POAPLEAF001', 'rma': True},
              'rma: switch 192.0.2.99 is not in fabric site-a, so there is nothing to replace'),
             ({'name': '10.1.0.2', 'rma': True}, 'rma: switch 10.1.0.2 needs serial_number'),
             ({'name': '10.1.0.2', 'serial_number': 'FDO9NOTHERE', 'rma': True},
              'is to be replaced by serial number FDO9NOTHERE, which does not ask fabric site-a for POAP')]
    if on_manage(emu):
        cases.append(({'name': '10.1.0.2', 'serial_number': 'POAPLEAF001', 'rma': True},
                      'rma: the RMA of a switch expects it in maintenance mode, and switches 10.1.0.2 (serial number %s, mode '
                      'normal) of fabric site-a are not; the /api/v1/manage API of Nexus Dashboard 4.2 has no call known to this '
                      'collection that puts a switch there. Put them in maintenance mode first' % site_a['10.1.0.2']['serialNumber']))
    *refused, never = resource.steps('fabric_switches', bootstrap_on(emu, 'site-a') + [
        dict(state='merged', config=[config], may_fail=True) for config, _message in cases] + [
        dict(state='merged', config=[{'name': dying, 'serial_number': 'POAPDEAD002', 'rma': True}], wait_timeout=2, may_fail=True)])
    for run, (_config, message) in zip(refused[-len(cases):], cases):
        assert run['failed'] is True and run.writes == 0 and message in run['msg'], run['msg']
    # replaced, the new switch never comes up: the task fails once its wait is over, naming it; a rerun waits again
    assert never['failed'] is True and never['changed'] is True
    assert never['msg'].startswith('Switches %s were brought in by POAP but could not be managed within 2 seconds' % dying), never['msg']
    assert never['requests'][-1] == ('POST /fabrics/site-a/switches/%s/actions/provisionRMA' % site_a[dying]['serialNumber']
                                     if on_manage(emu) else 'POST /control/fabrics/site-a/rma')
