"""fabricops.dashboard.vrfs run as a user runs it, against the emulator's fabric site-a
(switches site-a-spine-1 and site-a-leaf-2; VRF vrf-1, vlan 2001, holding network net-1).

Every state: a run, a second run with no write on the wire, check mode with no write and the
same changed, a diff in the module's terms; a partial failure; the gathered round trip.
"""

import json

from conftest import LAN_FABRIC, assert_each_refused, assert_idempotent, assert_reruns_idempotent, by_name, on_api, read_controller
from dashboard_emulator.pytest_plugin import emu_of_each

# every test runs on the legacy API and on a 4.2.1 dashboard serving /api/v1/manage only
emu = emu_of_each()
ADMIN_PASSWORD = 'Admin-Passw0rd!'
BLUE = {'name': 'blue', 'vrf_id': 50101, 'vlan_id': 2101, 'description': 'tenant blue',
        'attach': [{'switch': 'site-a-leaf-2'}]}
RED = {'name': 'red', 'vrf_id': 50102, 'vlan_id': 2102}


def raw_vrfs(emu):
    """The VRFs as the controller stores them, read directly (not through the module)."""
    return {item['vrfName']: dict(item, vrfTemplateConfig=json.loads(item['vrfTemplateConfig']))
            for item in read_controller(emu, '/top-down/fabrics/site-a/vrfs')}


def test_merged_creates_attaches_and_deploys_then_a_second_run_sends_nothing(resource, emu):
    first = resource('vrfs', 'merged', [BLUE, RED], deploy=True)
    assert first.play.rc == 0, first.play.output[-3000:]
    assert first['changed'] is True
    after = by_name(first['after'])
    assert after['blue']['attach'] == [{'switch': 'site-a-leaf-2'}]
    assert after['red']['mtu'] == 9216 and after['red']['description'] == ''
    assert first['deployment'] == {'blue': {'site-a-leaf-2': 'DEPLOYED'}}
    # one bulk create for both, one attachments call, one deploy
    assert first.writes == 3, first.requests
    assert first.requests[on_api(emu, 'POST /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/bulk-create/vrfs',
                                 'POST /api/v1/manage/fabrics/{fabricName}/vrfs')] == 1
    assert_idempotent(resource, 'vrfs', 'merged', [BLUE, RED], deploy=True)
    first.play.assert_no_secrets(ADMIN_PASSWORD)


def test_check_mode_sends_nothing_and_reports_what_a_run_changes_with_a_diff_in_the_modules_terms(resource, emu):
    # one play: the task in check mode with --diff, then for real
    config = [BLUE, {'name': 'vrf-1', 'vlan_id': 2009}]
    check, real = resource.steps('vrfs', [dict(state='merged', config=config, check=True, diff=True),
                                          dict(state='merged', config=config)])
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check.writes == 0, check.requests
    assert check['changed'] is True
    assert check.diff['before']['vrf-1']['vlan_id'] == 2001
    assert check.diff['after']['vrf-1']['vlan_id'] == 2009
    assert 'blue' not in check.diff['before'] and check.diff['after']['blue']['description'] == 'tenant blue'
    # the diff as the user sees it: options, not vrfTemplateConfig text
    assert '"vlan_id": 2009' in check.play.stdout and 'vrfTemplateConfig' not in check.play.stdout
    # each VRF under its own header (issue 36 item 10): a VRF created is all additions, never lines paired with vrf-1's
    stdout = check.play.stdout
    assert '--- before: VRF blue' in stdout and '+++ after: VRF blue' in stdout and '--- before: VRF vrf-1' in stdout
    blue = stdout[stdout.index('+++ after: VRF blue'):stdout.index('--- before: VRF vrf-1')]
    assert '\n-' not in blue and '+    "description": "tenant blue"' in blue
    assert real['changed'] is True and real.writes == 3, real.requests  # create, update, attach
    assert raw_vrfs(emu)['vrf-1']['vrfTemplateConfig']['vrfVlanId'] == '2009'


def test_an_update_keeps_every_setting_the_task_does_not_name(resource, emu):
    before = raw_vrfs(emu)['vrf-1']
    run = resource('vrfs', 'merged', [{'name': 'vrf-1', 'description': 'changed only this'}])
    assert run.play.rc == 0 and run.writes == 1, run.requests
    assert run['requests'] == on_api(emu, ['PUT /top-down/v2/bulk-update/vrfs'], ['PUT /fabrics/site-a/vrfs/vrf-1'])
    after = raw_vrfs(emu)['vrf-1']
    expected = dict(before['vrfTemplateConfig'], vrfDescription='changed only this')
    assert after['vrfTemplateConfig'] == expected
    assert after['vrfId'] == before['vrfId']


def test_replaced_resets_what_is_not_given_and_detaches_switches_not_listed(resource):
    made, run = resource.steps('vrfs', [dict(state='merged', config=[BLUE], deploy=True),
                                        dict(state='replaced', config=[{'name': 'blue', 'vlan_id': 2101}], deploy=True, diff=True)])
    assert run.play.rc == 0 and made['changed'] is True, run.play.output[-3000:]
    blue = by_name(run['after'])['blue']
    assert blue['description'] == '' and blue['vrf_id'] == 50101 and blue['attach'] == []
    assert run.diff['before']['blue']['attach'] == [{'switch': 'site-a-leaf-2'}]
    # the detach was deployed: the switch no longer carries the VRF
    assert run['deployment'] == {'blue': {}}
    assert_idempotent(resource, 'vrfs', 'replaced', [{'name': 'blue', 'vlan_id': 2101}], deploy=True)


def test_overridden_deletes_every_vrf_not_listed(resource):
    # one play: what the fabric is made to hold, then the task in check mode, then for real
    *_made, check, run = resource.steps('vrfs', [dict(module='networks', state='deleted', config=[{'name': 'net-1'}]),
                                                 dict(state='merged', config=[BLUE, RED], deploy=True),
                                                 dict(state='overridden', config=[RED], check=True),
                                                 dict(state='overridden', config=[RED])])
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert sorted(item['name'] for item in run['before']) == ['blue', 'red', 'vrf-1']
    assert [item['name'] for item in run['after']] == ['red']
    gathered, = assert_reruns_idempotent(resource, 'vrfs', [dict(state='overridden', config=[RED])], [dict(state='gathered')])
    assert [item['name'] for item in gathered['gathered']] == ['red']


def test_a_vrf_that_holds_networks_is_not_detached_or_deleted(resource):
    # net-1 lives in vrf-1: the controller would refuse the delete, after the detach had already undeployed the VRF
    runs = resource.steps('vrfs', [dict(state='overridden', config=[RED], may_fail=True),
                                   dict(state='deleted', config=[{'name': 'vrf-1'}], may_fail=True)])
    for run in runs:
        assert run['failed'] is True, run.play.output[-3000:]
        assert ('VRF vrf-1 still holds network net-1, and the controller cannot delete a VRF that holds any: delete or move '
                'those first') in run['msg']
        assert run.writes == 0, run.requests


def test_deleted_undeploys_and_deletes_and_deleting_what_is_absent_is_fine(resource):
    names = [{'name': 'blue'}, {'name': 'never-was'}]
    _made, check, run = resource.steps('vrfs', [dict(state='merged', config=[BLUE, RED], deploy=True),
                                                dict(state='deleted', config=names, check=True), dict(state='deleted', config=names)])
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert [item['name'] for item in run['before']] == ['blue'] and run['after'] == []
    # detach, deploy of the detach, bulk delete
    assert run.writes == 3, run.requests
    remaining, = assert_reruns_idempotent(resource, 'vrfs', [dict(state='deleted', config=names)], [dict(state='gathered')])
    assert sorted(item['name'] for item in remaining['gathered']) == ['red', 'vrf-1']


def test_wait_timeout_0_deploys_and_does_not_wait(resource, emu):
    """wait_timeout 0 does not wait, as in every module. Before: the wait looked once, at once, and failed the task
    (the deploy did not finish within wait_timeout (0 s))."""
    emu.set_timing(deploy_seconds=3600)  # a deploy that does not end while the test runs
    run = resource('vrfs', 'merged', [BLUE], deploy=True, wait_timeout=0)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['deploy'] == ['blue'] and 'deployment' not in run.result
    assert run['requests'][-1] == on_api(emu, 'POST /top-down/fabrics/site-a/vrfs/deployments', 'POST /fabrics/site-a/vrfActions/deploy')


def test_a_delete_that_would_not_wait_for_the_undeploy_is_refused_before_any_write(resource):
    """The controller deletes a VRF only once its undeploy is done: a task that does not wait cannot delete a deployed
    one. Before: wait_timeout 0 meant a wait of 300 s there."""
    # one play: blue deployed, the refusal in check mode and for real, then red, never attached, deleted without a wait
    refusal = dict(state='deleted', config=[{'name': 'blue'}], wait_timeout=0, may_fail=True)
    made, check, real, _red, deleted = resource.steps('vrfs', [
        dict(state='merged', config=[BLUE], deploy=True), dict(refusal, check=True), refusal,
        dict(state='merged', config=[RED]), dict(state='deleted', config=[{'name': 'red'}], wait_timeout=0)])
    assert made['changed'] is True and made['failed'] is False, made.play.output[-3000:]
    for run in (check, real):
        assert run['failed'] is True and run.writes == 0 and run['changed'] is False, run.play.output[-3000:]
        assert ('wait_timeout is 0 (or wait is false), so the task does not wait; but deleting blue needs the undeploy of its '
                'attachments to finish first, as the controller refuses to delete a VRF still deployed: blue on site-a-leaf-2. '
                'Give wait_timeout the seconds to wait (300 when not set). Nothing was written.') == run['msg']
    # an object never attached needs no wait
    assert deleted.play.rc == 0 and not deleted['failed'] and deleted['changed'] is True, deleted.play.output[-3000:]


def test_deleted_without_config_deletes_every_vrf_of_the_fabric(resource):
    *_made, run = resource.steps('vrfs', [dict(module='networks', state='deleted'), dict(state='merged', config=[RED]),
                                          dict(state='deleted')])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert sorted(item['name'] for item in run['before']) == ['red', 'vrf-1']
    gathered, = assert_reruns_idempotent(resource, 'vrfs', [dict(state='deleted', config=None)], [dict(state='gathered')])
    assert gathered['gathered'] == []


def test_gathered_output_fed_to_merged_changes_nothing(resource):
    _made, gathered = resource.steps('vrfs', [dict(state='merged', config=[BLUE, RED], deploy=True), dict(state='gathered')])
    assert gathered.play.rc == 0 and gathered.writes == 0
    blue = by_name(gathered['gathered'])['blue']
    assert blue['attach'] == [{'switch': 'site-a-leaf-2'}] and blue['vrf_id'] == 50101
    # template settings the module does not name come back as template_params (the seed's nveId, say)
    assert 'vrfName' not in blue['template_params']
    # replaced resets what is not given to defaults: the seeded vrf-1 was stored with a partial template config, so
    # only the VRFs this module created (with every setting) round-trip through replaced unchanged
    ours = [item for item in gathered['gathered'] if item['name'] in ('blue', 'red')]
    # a run of its own: merged first, then replaced
    fed_back, replaced = resource.steps('vrfs', [dict(state='merged', config=gathered['gathered']), dict(state='replaced', config=ours)])
    assert fed_back.play.rc == 0, fed_back.play.output[-3000:]
    assert fed_back['changed'] is False and fed_back.writes == 0, fed_back.requests
    assert replaced['changed'] is False and replaced.writes == 0, replaced.requests


def test_rendered_computes_the_requests_offline(resource, emu):
    run = resource('vrfs', 'rendered', [dict(RED, attach=[{'switch': 'FDO0000TEST'}])], deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['changed'] is False
    assert emu.counters()['logins'] == 0 and run.writes == 0
    create, attach, deploy = run['rendered']
    assert create['method'] == 'POST' and create['path'] == LAN_FABRIC + '/top-down/bulk-create/vrfs'
    config = json.loads(create['body'][0]['vrfTemplateConfig'])
    assert config['vrfVlanId'] == 2102 and config['vrfSegmentId'] == 50102 and create['body'][0]['vrfId'] == 50102
    assert attach['body'] == [{'vrfName': 'red', 'lanAttachList': [
        {'fabric': 'site-a', 'vrfName': 'red', 'serialNumber': 'FDO0000TEST', 'vlan': 0, 'deployment': True, 'isAttached': True,
         'instanceValues': '', 'extensionValues': '', 'freeformConfig': ''}]}]
    assert deploy['body'] == {'vrfNames': 'red'}


def test_a_partly_failed_bulk_create_fails_the_task_naming_each_failed_vrf(resource, emu):
    emu.set_faults(partial_failure_count=1)
    run = resource('vrfs', 'merged', [BLUE, RED])
    assert run.play.rc == 2
    assert run['failed'] is True and run['changed'] is True
    assert run['failed_items'] == {'red': 'Failed to create vrf red. Please try after some time'}
    assert run['succeeded_items'] == ['blue']
    assert '1 of 2 items failed while creating vrfs in fabric site-a: red:' in run['msg'] and 'Succeeded: blue.' in run['msg']
    # the attachments were not sent after the failure, and a rerun sends only what is missing
    assert run.writes == 1, run.requests
    rerun = resource('vrfs', 'merged', [BLUE, RED])
    assert rerun.play.rc == 0, rerun.play.output[-3000:]
    assert rerun.writes == 2, rerun.requests  # create red, attach blue
    assert_idempotent(resource, 'vrfs', 'merged', [BLUE, RED])


def test_a_bulk_create_the_controller_refuses_whole_changes_nothing(resource, emu):
    # as when another run created the same VRFs between this run's read and its create: every item in failureList
    emu.set_faults(partial_failure_count=1)
    run = resource('vrfs', 'merged', [RED])
    assert run.play.rc == 2
    assert run['failed_items'] == {'red': 'Failed to create vrf red. Please try after some time'}
    assert run['succeeded_items'] == [] and 'Succeeded: none.' in run['msg']
    assert run['changed'] is False and run.play.total('changed') == 0
    assert run['requests'] == on_api(emu, ['POST /top-down/bulk-create/vrfs'], ['POST /fabrics/site-a/vrfs'])


def test_a_fabric_that_does_not_exist_is_named_and_an_empty_one_is_refused_before_any_request(resource):
    run, *empties = resource.steps('vrfs', [dict(state='merged', config=[RED], fabric='no-such-fabric', may_fail=True)] + [
        dict(state=state, config=[RED], fabric='', may_fail=True) for state in ('merged', 'rendered')])
    assert run['failed'] is True and run.writes == 0
    assert run['msg'] == ('Fabric no-such-fabric does not exist on the controller (it answered HTTP 404 for its vrfs). Give the '
                          'name of an existing fabric in fabric; fabricops.dashboard.fabrics with state gathered lists them.')
    for empty in empties:
        assert empty['failed'] is True
        assert 'fabric is empty' in empty['msg'] and 'Give the name itself. Nothing was sent.' in empty['msg'], empty['msg']
        assert not [key for key in empty.requests if '/fabrics' in key], empty.requests


def next_free(emu, what):
    """What the controller offers as the next id (GET vrfinfo / netinfo), read directly."""
    return read_controller(emu, '/top-down/fabrics/site-a/' + what)


def test_vrfs_without_an_id_get_the_controllers_next_free_ones_each_its_own(resource, emu):
    offered = next_free(emu, 'vrfinfo')['l3vni']
    config = [{'name': 'green', 'attach': [{'switch': 'site-a-leaf-2'}]}, {'name': 'teal'}, BLUE]
    check, run = resource.steps('vrfs', [dict(state='merged', config=config, check=True), dict(state='merged', config=config)])
    assert check['changed'] is True and check.writes == 0 and 'vrf_id' not in by_name(check['after'])['green']
    assert run.play.rc == 0, run.play.output[-3000:]
    # blue gives its id: one bulk create; green and teal each created once the one before took its id
    assert run['requests'] == on_api(emu, ['POST /top-down/bulk-create/vrfs'] * 3 + ['POST /top-down/fabrics/site-a/vrfs/attachments'],
                                     ['POST /fabrics/site-a/vrfs'] * 3 + ['POST /fabrics/site-a/vrfAttachments'])
    after = by_name(run['after'])
    assert after['green']['vrf_id'] == offered and after['teal']['vrf_id'] not in (offered, 50101)
    stored = raw_vrfs(emu)
    assert {name: stored[name]['vrfId'] for name in after} == {name: after[name]['vrf_id'] for name in after}
    assert next_free(emu, 'vrfinfo')['l3vni'] not in (after['green']['vrf_id'], after['teal']['vrf_id'])
    gathered, = assert_reruns_idempotent(resource, 'vrfs', [dict(state='merged', config=config), dict(state='replaced', config=config)],
                                         [dict(state='gathered')])
    fed_back = resource('vrfs', 'merged', gathered['gathered'])
    assert fed_back['changed'] is False and fed_back.writes == 0, fed_back.requests


def test_rendered_cannot_ask_for_an_id_and_says_so(resource, emu):
    run = resource('vrfs', 'rendered', [{'name': 'green'}])
    assert run.play.rc == 2 and emu.counters()['logins'] == 0
    assert 'rendered computes the requests offline, so it cannot ask the controller for the next free id; give vrf_id' in run['msg']


def test_a_config_that_cannot_work_fails_before_any_write_with_what_to_change(resource):
    assert_each_refused(resource, 'vrfs', [(dict(state='merged', config=config), message) for config, message in [
        ([{'name': 'bad,name', 'vrf_id': 1}], "config[0]: name 'bad,name' is not a valid VRF name"),
        ([dict(RED, attach=[{'switch': 'no-such-switch'}])], 'switch no-such-switch is not in fabric site-a'),
        ([RED, RED], 'config lists VRF red twice'),
        ([{'name': 'red', 'vrf_id': 'x'}], 'vrf_id'),
    ]])


def test_a_template_key_that_4_2_has_no_place_for_is_refused_there_naming_it(resource, emu):
    """On the legacy API any template key is kept (template_params); the typed VRF of /api/v1/manage holds only the keys of
    the legacy-to-manage map, so there the task is refused before any write, naming the key and what to do instead.
    Check mode on both: the legacy param shows the key is taken there."""
    run = resource('vrfs', 'merged', [dict(RED, template_params={'enableNetflow': 'false', 'loopbackNumber': '5'})], check=True)
    assert run.writes == 0 and 'Traceback' not in run.play.output
    if emu.legacy_paths:
        assert run.play.rc == 0 and run['changed'] is True, run.play.output[-3000:]
    else:
        assert run.play.rc == 2 and run['changed'] is False
        assert 'config[0] (VRF red): template_params enableNetflow has no place in the typed VRF object' in run['msg']
        assert 'set controller_api: legacy' in run['msg'] and 'loopbackNumber' in run['msg']


def test_a_vrf_holding_only_some_template_fields_gathered_then_replaced_sends_nothing(resource, emu):
    """Issue 36 item 11: a field the controller does not hold and its template default are the same value to a user, so
    gathered fed to replaced writes nothing (it sent one PUT of every default the VRF did not hold)."""
    config = {'vrfName': 'sparse', 'vrfSegmentId': 50199, 'vrfVlanId': '2199'}
    body = [{'fabric': 'site-a', 'vrfName': 'sparse', 'vrfId': 50199, 'vrfTemplate': 'Default_VRF_Universal',
             'vrfExtensionTemplate': 'Default_VRF_Extension_Universal', 'vrfTemplateConfig': json.dumps(config)}]
    answer = emu.login().post(emu.legacy_url(LAN_FABRIC + '/top-down/bulk-create/vrfs'), json=body, timeout=10)
    assert answer.status_code == 200, answer.text
    gathered = resource('vrfs', 'gathered')
    assert gathered.play.rc == 0, gathered.play.output[-3000:]
    sparse = by_name(gathered['gathered'])['sparse']
    assert sparse['mtu'] == 9216 and sparse['vlan_id'] == 2199
    again = resource('vrfs', 'replaced', [sparse])
    assert again.play.rc == 0, again.play.output[-3000:]
    assert again['changed'] is False and again.writes == 0, again.requests
