"""fabricops.dashboard.networks run as a user runs it, against the emulator's fabric site-a
(switches site-a-spine-1 and site-a-leaf-2; VRF vrf-1; network net-1 in vrf-1, VLAN 2300, segment 30001).
"""

import json

from conftest import LAN_FABRIC, assert_each_refused, assert_idempotent, assert_reruns_idempotent, by_name, on_api, read_controller
from dashboard_emulator.pytest_plugin import emu_of_each

# every test runs on the legacy API and on a 4.2.1 dashboard serving /api/v1/manage only
emu = emu_of_each()
ADMIN_PASSWORD = 'Admin-Passw0rd!'
WEB = {'name': 'web', 'network_id': 30101, 'vrf': 'vrf-1', 'vlan_id': 2401, 'gateway_ipv4': '10.1.1.1/24',
       'attach': [{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13', 'Ethernet1/14']}]}
STORAGE = {'name': 'storage', 'network_id': 30102, 'layer2_only': True, 'vlan_id': 2402,
           'attach': [{'switch': '10.1.0.2', 'ports': ['Ethernet1/15']}]}


def raw_networks(emu):
    """The networks as the controller stores them, read directly (not through the module)."""
    return {item['networkName']: dict(item, networkTemplateConfig=json.loads(item['networkTemplateConfig']))
            for item in read_controller(emu, '/top-down/fabrics/site-a/networks')}


def test_merged_creates_attaches_ports_and_deploys_in_one_call_each_then_sends_nothing(resource, emu):
    task = dict(state='merged', config=[WEB, STORAGE], deploy=True)
    check, run = resource.steps('networks', [dict(task, check=True), task])
    assert check['changed'] is True and check.writes == 0 and check['deploy'] == ['web', 'storage']
    assert run.play.rc == 0, run.play.output[-3000:]
    after = by_name(run['after'])
    assert after['web']['attach'] == [{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13', 'Ethernet1/14']}]
    assert after['storage']['layer2_only'] is True and 'vrf' not in after['storage']
    assert run['deployment'] == {'web': {'site-a-leaf-2': 'DEPLOYED'}, 'storage': {'site-a-leaf-2': 'DEPLOYED'}}
    assert run['requests'] == on_api(emu, ['POST /top-down/bulk-create/networks', 'POST /top-down/fabrics/site-a/networks/attachments',
                                           'POST /top-down/fabrics/site-a/networks/deployments'],
                                     ['POST /fabrics/site-a/networks', 'POST /fabrics/site-a/networkAttachments',
                                      'POST /fabrics/site-a/networkActions/deploy'])
    assert_idempotent(resource, 'networks', 'merged', [WEB, STORAGE], deploy=True)
    run.play.assert_no_secrets(ADMIN_PASSWORD)


def test_a_rerun_after_a_timed_out_deploy_waits_for_it_and_does_not_deploy_again(resource, emu):
    """Before: the rerun POSTed the deploy again while the first one was still running on the controller.

    The emulator's deploy never ends until the test says so (the states are computed when read, so a
    loaded machine cannot make the deploy finish before the rerun looks)."""
    emu.set_timing(deploy_seconds=3600)
    first = resource('networks', 'merged', [WEB], deploy=True, wait_timeout=1)
    assert first.play.rc == 2
    assert 'did not finish within wait_timeout (1 s)' in first['msg'], first['msg']
    assert first['deployment'] == {'web': {'site-a-leaf-2': 'IN PROGRESS'}}
    emu.clear_request_log()
    again = resource('networks', 'merged', [WEB], deploy=True, wait_timeout=2)
    # it waited for the running deploy, within its own bound, and sent nothing: no second deploy
    # on /api/v1/manage the attachments are read with a POST (.../networkAttachments/query): a read, left out here
    written = [entry for entry in emu.request_log() if not entry['path'].endswith('/query')]
    assert again.play.rc == 2 and again.writes == 0 and written == [], written
    assert again['changed'] is False
    assert 'did not finish within wait_timeout (2 s)' in again['msg'], again['msg']
    assert again['deployment'] == {'web': {'site-a-leaf-2': 'IN PROGRESS'}}
    emu.set_timing(deploy_seconds=0.2)  # the deploy is done now
    done = resource('networks', 'merged', [WEB], deploy=True, wait_timeout=30)
    assert done.play.rc == 0 and done['changed'] is False and done.writes == 0, done.play.output[-3000:]


def test_wait_timeout_0_deploys_and_does_not_wait_and_a_rerun_waits_for_that_deploy(resource, emu):
    """wait_timeout 0 does not wait, as in every module. Before: the wait looked once, at once, and failed the task."""
    emu.set_timing(deploy_seconds=3600)
    run = resource('networks', 'merged', [WEB], deploy=True, wait_timeout=0)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['deploy'] == ['web'] and 'deployment' not in run.result
    emu.set_timing(deploy_seconds=0.2)
    again = resource('networks', 'merged', [WEB], deploy=True)
    assert again.play.rc == 0 and again.writes == 0 and again['changed'] is False, again.play.output[-3000:]


def test_a_write_refused_whole_reports_nothing_changed_and_says_so(play, emu, tmp_path):
    """A user who may read but not write (the emulator's viewer): the first write is refused with 403.

    Before: the task reported changed: true although the controller had written nothing.
    """
    result_file = tmp_path / 'result.json'
    played = play('resource_networks.yml', extra_vars={
        'resource_username': 'viewer', 'resource_password': 'Viewer-Passw0rd!', 'resource_state': 'merged',
        'resource_config': [WEB], 'result_file': str(result_file)})
    result = json.loads(result_file.read_text(encoding='utf-8'))
    assert played.rc == 2 and result['failed'] is True
    assert result['changed'] is False and result['status'] == 403, result
    create = on_api(emu, 'POST /top-down/bulk-create/networks', 'POST /fabrics/site-a/networks')
    assert result['requests'] == [create]
    assert 'The controller wrote nothing of that request (%s); nothing was written before it.' % create in result['msg'], result['msg']
    assert 'web' not in raw_networks(emu)


def test_changing_the_vlan_keeps_the_vrf_the_segment_and_every_other_setting(resource, emu):
    before = raw_networks(emu)['net-1']
    run = resource('networks', 'merged', [{'name': 'net-1', 'vlan_id': 2311}], diff=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['requests'] == on_api(emu, ['PUT /top-down/v2/bulk-update/networks'], ['PUT /fabrics/site-a/networks/net-1'])
    assert run.diff['before']['net-1']['vlan_id'] == 2300 and run.diff['after']['net-1']['vlan_id'] == 2311
    after = raw_networks(emu)['net-1']
    assert after['networkTemplateConfig'] == dict(before['networkTemplateConfig'], vlanId='2311')
    assert after['vrf'] == 'vrf-1' and after['networkId'] == 30001
    assert_idempotent(resource, 'networks', 'merged', [{'name': 'net-1', 'vlan_id': 2311}])


def test_merged_adds_a_switch_port_without_touching_the_others_listed(resource):
    made, run = resource.steps('networks', [
        dict(state='merged', config=[WEB]),
        dict(state='merged', config=[{'name': 'web', 'attach': [{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13']}]}])])
    assert made.play.rc == 0 and made['changed'] is True, made.play.output[-3000:]
    # Ethernet1/13 is already carried: nothing to add
    assert run['changed'] is False and run.writes == 0, run.requests


def test_replaced_removes_a_port_not_listed_and_keeps_the_listed_one(resource):
    one_port = dict(WEB, attach=[{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13']}])
    made, run = resource.steps('networks', [dict(state='merged', config=[WEB], deploy=True),
                                            dict(state='replaced', config=[one_port], deploy=True)])
    assert run.play.rc == 0 and made['changed'] is True, run.play.output[-3000:]
    assert by_name(run['after'])['web']['attach'] == [{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13']}]
    assert_idempotent(resource, 'networks', 'replaced', [one_port], deploy=True)


def test_replaced_resets_what_is_not_given_and_detaches_switches_not_listed(resource):
    bare = {'name': 'web', 'vrf': 'vrf-1', 'vlan_id': 2401}
    made, run = resource.steps('networks', [dict(state='merged', config=[dict(WEB, suppress_arp=True)], deploy=True),
                                            dict(state='replaced', config=[bare], deploy=True, diff=True)])
    assert run.play.rc == 0 and made['changed'] is True, run.play.output[-3000:]
    web = by_name(run['after'])['web']
    assert web['suppress_arp'] is False and web['gateway_ipv4'] == '' and web['network_id'] == 30101 and web['attach'] == []
    assert run['deployment'] == {'web': {}}
    assert_idempotent(resource, 'networks', 'replaced', [bare], deploy=True)


def test_overridden_deletes_every_network_not_listed(resource):
    # one play: the networks made, then the task in check mode, then for real
    _made, check, run = resource.steps('networks', [dict(state='merged', config=[WEB, STORAGE], deploy=True),
                                                    dict(state='overridden', config=[STORAGE], check=True),
                                                    dict(state='overridden', config=[STORAGE], deploy=True)])
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert sorted(item['name'] for item in run['before']) == ['net-1', 'storage', 'web']
    assert [item['name'] for item in run['after']] == ['storage']
    assert_idempotent(resource, 'networks', 'overridden', [STORAGE], deploy=True)


def test_deleted_undeploys_then_deletes_and_absent_networks_are_fine(resource, emu):
    names = [{'name': 'web'}, {'name': 'gone-already'}]
    _made, check, run = resource.steps('networks', [dict(state='merged', config=[WEB, STORAGE], deploy=True),
                                                    dict(state='deleted', config=names, check=True), dict(state='deleted', config=names)])
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert run['requests'] == on_api(emu, ['POST /top-down/fabrics/site-a/networks/attachments',
                                           'POST /top-down/fabrics/site-a/networks/deployments',
                                           'DELETE /top-down/fabrics/site-a/bulk-delete/networks'],
                                     ['POST /fabrics/site-a/networkAttachments', 'POST /fabrics/site-a/networkActions/deploy',
                                      'POST /fabrics/site-a/networkActions/remove'])
    gathered, = assert_reruns_idempotent(resource, 'networks', [dict(state='deleted', config=names)], [dict(state='gathered')])
    assert sorted(item['name'] for item in gathered['gathered']) == ['net-1', 'storage']


def test_gathered_output_fed_to_merged_replaced_or_overridden_changes_nothing(resource, emu):
    made, gathered = resource.steps('networks', [dict(state='merged', config=[WEB, STORAGE], deploy=True), dict(state='gathered')])
    assert gathered.play.rc == 0 and made['changed'] is True and gathered.writes == 0
    net1 = by_name(gathered['gathered'])['net-1']
    assert net1['vrf'] == 'vrf-1' and net1['network_id'] == 30001
    # the seed stores nveId 1, which the controller fills in itself: gathered shows what sets something, alike on both APIs
    assert 'nveId' in raw_networks(emu)['net-1']['networkTemplateConfig']
    assert 'nveId' not in net1['template_params']
    # The seeded net-1 stores no IPv6 gateway at all: replaced must read that as the empty default. The three in one run
    # of their own, as reruns: none is to change anything.
    states = ('merged', 'replaced', 'overridden')
    fed_backs = resource.steps('networks', [dict(state=state, config=gathered['gathered'], deploy=True) for state in states])
    assert fed_backs[0].play.rc == 0, fed_backs[0].play.output[-3000:]
    for state, fed_back in zip(states, fed_backs):
        assert fed_back['changed'] is False and fed_back.writes == 0, (state, fed_back.requests)


def test_rendered_computes_the_requests_offline(resource, emu):
    run = resource('networks', 'rendered', [dict(WEB, attach=[{'switch': 'FDO0000TEST', 'ports': ['Ethernet1/20']}])], deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert emu.counters()['logins'] == 0 and run.writes == 0
    create, attach, deploy = run['rendered']
    body = create['body'][0]
    config = json.loads(body['networkTemplateConfig'])
    assert (body['vrf'], body['networkId'], config['vrfName'], config['segmentId'], config['networkName']) == (
        'vrf-1', 30101, 'vrf-1', 30101, 'web')
    assert attach['body'][0]['lanAttachList'][0]['switchPorts'] == 'Ethernet1/20'
    assert deploy == {'method': 'POST', 'path': LAN_FABRIC + '/top-down/fabrics/site-a/networks/deployments',
                      'body': {'networkNames': 'web'}}


def test_two_networks_on_one_vlan_of_a_switch_are_refused_before_the_controller_sees_them(resource):
    # The controller would create both, attach web, then refuse storage's attachment ("Entered Network VLAN ID 2500 is
    # in use already"), leaving half the task done: the module refuses it before the first write.
    web = dict(WEB, attach=[{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13'], 'vlan': 2500}])
    storage = dict(STORAGE, attach=[{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/15'], 'vlan': 2500}])
    run = resource('networks', 'merged', [web, storage], deploy=True)
    assert run.play.rc == 2
    assert run['changed'] is False and run.writes == 0, run.requests
    assert ('VLAN 2500 on switch site-a-leaf-2 is given to network web (this task) and network storage (this task): give '
            'storage another vlan_id (or a vlan of its own in its attach entry for site-a-leaf-2)') in run['msg']


def test_a_partly_failed_bulk_create_fails_the_task_and_a_rerun_sends_only_the_rest(resource, emu):
    emu.set_faults(partial_failure_count=1)
    run = resource('networks', 'merged', [WEB, STORAGE])
    assert run.play.rc == 2
    assert run['failed_items'] == {'storage': 'Failed to create network storage. Please try after some time'}
    assert run['succeeded_items'] == ['web'] and run['changed'] is True
    rerun = resource('networks', 'merged', [WEB, STORAGE])
    assert rerun.play.rc == 0, rerun.play.output[-3000:]
    assert rerun['requests'] == on_api(emu, ['POST /top-down/bulk-create/networks', 'POST /top-down/fabrics/site-a/networks/attachments'],
                                       ['POST /fabrics/site-a/networks', 'POST /fabrics/site-a/networkAttachments'])
    assert_idempotent(resource, 'networks', 'merged', [WEB, STORAGE])


def test_networks_without_an_id_get_the_controllers_next_free_ones_each_its_own(resource, emu):
    session = emu.login()
    answer = session.get(emu.legacy_url(LAN_FABRIC + '/top-down/fabrics/site-a/netinfo'), timeout=10)
    offered = answer.json()['l2vni']
    config = [{'name': 'app-1', 'vrf': 'vrf-1'}, {'name': 'app-2', 'layer2_only': True}]
    run = resource('networks', 'merged', config, diff=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['requests'] == on_api(emu, ['POST /top-down/bulk-create/networks'] * 2, ['POST /fabrics/site-a/networks'] * 2)
    after = by_name(run['after'])
    assert after['app-1']['network_id'] == offered and after['app-2']['network_id'] not in (offered, 30001)
    assert run.diff['after']['app-2']['network_id'] == after['app-2']['network_id']
    stored = raw_networks(emu)
    for name in after:
        assert stored[name]['networkId'] == after[name]['network_id'] == int(stored[name]['networkTemplateConfig']['segmentId'])
    gathered, = assert_reruns_idempotent(resource, 'networks', [dict(state='merged', config=config)], [dict(state='gathered')])
    fed_back = resource('networks', 'merged', gathered['gathered'])
    assert fed_back['changed'] is False and fed_back.writes == 0, fed_back.requests


def test_a_config_that_cannot_work_fails_before_any_write(resource):
    assert_each_refused(resource, 'networks', [(dict(state='merged', config=config), message) for config, message in [
        ([{'name': 'app', 'network_id': 30200}], 'creating it needs vrf (or layer2_only: true)'),
        ([{'name': 'app', 'layer2_only': True, 'vrf': 'vrf-1', 'network_id': 1}], 'a layer2_only network belongs to no VRF'),
        ([{'name': 'app/../x', 'network_id': 1}], 'is not a valid network name'),
    ]])


def test_a_fabric_that_does_not_exist_is_named_and_an_empty_one_is_refused_before_any_request(resource):
    *missing, empty = resource.steps('networks', [
        dict(state='merged', config=[WEB], fabric='no-such-fabric', may_fail=True),
        dict(state='gathered', fabric='no-such-fabric', may_fail=True), dict(state='merged', config=[WEB], fabric='', may_fail=True)])
    for run in missing:
        assert run['failed'] is True, run.play.output[-3000:]
        assert run['msg'].startswith('Fabric no-such-fabric does not exist on the controller'), run['msg']
        assert 'give the name of an existing fabric in fabric' in run['msg'].lower() and run.writes == 0
    assert empty['failed'] is True
    assert 'fabric is empty' in empty['msg'] and 'Give the name itself. Nothing was sent.' in empty['msg'], empty['msg']
    assert not [key for key in empty.requests if '/fabrics' in key], empty.requests


def test_no_password_token_or_cookie_in_the_output_at_vvvv(resource):
    run = resource('networks', 'merged', [WEB], deploy=True, diff=True, verbosity=4)
    assert run.play.rc == 0, run.play.output[-3000:]
    run.play.assert_no_secrets(ADMIN_PASSWORD)


def test_gathered_with_json_query_returns_only_what_it_selects(resource):
    run = resource('networks', 'gathered', json_query="[?vrf=='vrf-1'].{name: name, vlan: vlan_id}")
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['gathered'] == [{'name': 'net-1', 'vlan': 2300}]
    assert 'before' not in run.result and 'after' not in run.result


def test_a_json_query_that_cannot_work_fails_before_any_request(resource):
    runs = assert_each_refused(resource, 'networks', [
        (dict(state='gathered', json_query='[?vrf=='), "json_query '[?vrf==' is not a valid JMESPath expression"),
        (dict(state='merged', config=[{'name': 'net-1', 'vlan_id': 2301}], json_query='[].name'),
         'json_query applies to state gathered only (the task has state merged)')])
    for run in runs:
        assert not any('top-down' in key or '/networks' in key for key in run.requests), run.requests


def switch_reads(emu):
    """How often the fabric's switches were read: its inventory (legacy) or GET .../switches (4.2)."""
    return sum(sum(statuses.values()) for operation, statuses in emu.counters()['requests'].items()
               if operation.startswith('GET ') and operation.endswith(('/inventory/switchesByFabric', '/fabrics/{fabricName}/switches')))


def fabric_reads(emu):
    """How often fabric site-a's settings were read (GET of the fabric itself, on either API)."""
    return sum(sum(statuses.values()) for operation, statuses in emu.counters()['requests'].items()
               if operation.startswith('GET ') and operation.endswith(('/control/fabrics/{fabricName}', '/manage/fabrics/{fabricName}')))


def test_tasks_naming_a_switch_by_address_read_the_fabrics_switches_once_per_run(play, emu):
    """The first run creates each network: no attachment answer lists the switch, so its first task reads the fabric's
    switches and the other two take them from the run. The rerun's answers list it, without its address on 4.2
    (nd-manage-facts 5.3, 6.3): one read for the run there, none on the legacy API (its answers carry addresses).
    Before: one read per task. The last task names an address the fabric does not have: what the run kept does not
    know it, so the task reads the switches again (1 more each run) and is refused, naming it.
    The fabric's VNI and VLAN ranges, which each new network's id and VLAN are checked against, are read once for the
    run too (before: once per task)."""
    for run, reads, settings in (('first', 2, 1), ('again', on_api(emu, 1, 2), 1)):
        before, settings_before = switch_reads(emu), fabric_reads(emu)
        emu.clear_request_log()
        played = play('networks_by_address.yml')
        assert played.rc == 0, played.output[-3000:]
        assert switch_reads(emu) - before == reads, run
        assert fabric_reads(emu) - settings_before == settings, run
    # the rerun wrote nothing (on 4.2 the attachments are read with a POST .../query: a read)
    assert [entry for entry in emu.request_log() if not entry['path'].endswith('/query')] == []
    attached = {item['networkName']: [entry['switchName'] for entry in item['lanAttachList'] if entry['isLanAttached']]
                for item in read_controller(emu, '/top-down/fabrics/site-a/networks/attachments'
                                                 '?network-names=by-address-1,by-address-2,by-address-3')}
    assert attached == {'by-address-%d' % number: ['site-a-leaf-2'] for number in (1, 2, 3)}


def vrf_list_reads(run):
    """GETs of the fabric's VRF list (either API) in one task's run."""
    return sum(count for key, count in run.requests.items() if key.startswith('GET ') and key.endswith('/vrfs'))


def test_a_change_no_check_shares_reads_nothing_of_the_vrfs(resource, emu):
    """The checks read the VRFs only for what a task gives anew that a rule shares with them: a VNI, a VLAN on a switch,
    a network's VRF. A new gateway and a detach give none (before: one read of the VRF list each); a new VLAN does.
    A run each: a run keeps what it read for its later tasks, which would read nothing whatever the checks need."""
    created = resource('networks', 'merged', [WEB])
    assert created.play.rc == 0 and vrf_list_reads(created) == 1, created.requests
    regatewayed = resource('networks', 'merged', [dict(WEB, gateway_ipv4='10.1.2.1/24')])
    assert regatewayed['changed'] is True and regatewayed.writes >= 1
    assert vrf_list_reads(regatewayed) == 0, regatewayed.requests
    detached = resource('networks', 'replaced', [dict(WEB, attach=[])])
    assert detached['changed'] is True and by_name(detached['after'])['web'].get('attach') in (None, [])
    assert vrf_list_reads(detached) == 0, detached.requests
    # a VLAN anew: the VRFs' VLANs on the switch matter, so they are read
    revlanned = resource('networks', 'merged', [dict(WEB, gateway_ipv4='10.1.2.1/24', vlan_id=2405)])
    assert revlanned['changed'] is True and vrf_list_reads(revlanned) == 1, revlanned.requests
    stored = raw_networks(emu)['web']['networkTemplateConfig']
    assert (stored['gatewayIpAddress'], stored['vlanId']) == ('10.1.2.1/24', '2405'), stored


def test_a_network_holding_only_some_template_fields_gathered_then_replaced_sends_nothing(resource, emu):
    """Issue 36 item 11, for networks: a field the controller does not hold is its template default to a user."""
    config = {'networkName': 'sparse', 'segmentId': 30199, 'vlanId': '2199', 'vrfName': 'vrf-1'}
    body = [{'fabric': 'site-a', 'networkName': 'sparse', 'networkId': 30199, 'vrf': 'vrf-1', 'displayName': 'sparse',
             'networkTemplate': 'Default_Network_Universal', 'networkExtensionTemplate': 'Default_Network_Extension_Universal',
             'networkTemplateConfig': json.dumps(config)}]
    answer = emu.login().post(emu.legacy_url(LAN_FABRIC + '/top-down/bulk-create/networks'), json=body, timeout=10)
    assert answer.status_code == 200, answer.text
    gathered = resource('networks', 'gathered')
    assert gathered.play.rc == 0, gathered.play.output[-3000:]
    sparse = by_name(gathered['gathered'])['sparse']
    assert sparse['mtu'] == 9216 and sparse['vlan_id'] == 2199 and sparse['vrf'] == 'vrf-1'
    again = resource('networks', 'replaced', [sparse])
    assert again.play.rc == 0, again.play.output[-3000:]
    assert again['changed'] is False and again.writes == 0, again.requests
