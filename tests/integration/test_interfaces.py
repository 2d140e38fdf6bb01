"""fabricops.dashboard.interfaces run as a user runs it, against the emulator's fabric site-a
(switches site-a-spine-1 and site-a-leaf-2, each with the ports Ethernet1/1 to Ethernet1/54 at the controller's default
policy: int_trunk_host on the leaf, int_routed_host on the spine).

Each kind is run, rerun (0 writes, counted by the emulator), run in check mode (0 writes, the same ``changed``) and with
--diff; the interfaces are also read directly from the controller, not only through the module.
"""

import time

import pytest

from conftest import LAN_FABRIC, assert_each_refused, assert_idempotent, assert_reruns_idempotent, read_controller

ADMIN_PASSWORD = 'Admin-Passw0rd!'
LEAF, SPINE = 'site-a-leaf-2', 'site-a-spine-1'
ACCESS = {'switch': LEAF, 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 2301, 'description': 'web-01'}
TRUNK = {'switch': LEAF, 'name': 'eth1/11', 'mode': 'trunk', 'allowed_vlans': '2301-2303,2400', 'native_vlan': 2301, 'mtu': '9216'}
ROUTED = {'switch': LEAF, 'name': 'Ethernet1/48', 'mode': 'routed', 'ipv4_address': '10.33.0.1/30', 'mtu': '9100'}
LOOPBACK = {'switch': LEAF, 'name': 'loopback10', 'ipv4_address': '10.2.0.10', 'vrf': 'vrf-1', 'description': 'router id'}
# on the spine, whose ports are routed from the start: a sub-interface needs a routed parent
SUBIF = {'switch': SPINE, 'name': 'Ethernet1/47.100', 'ipv4_address': '10.34.0.1/30'}
CHANNEL = {'switch': LEAF, 'name': 'po20', 'mode': 'trunk', 'members': ['Ethernet1/21', 'e1/20'], 'allowed_vlans': '2301,2302'}
KINDS = {'access': ACCESS, 'trunk': TRUNK, 'routed': ROUTED, 'loopback': LOOPBACK, 'sub-interface': SUBIF,
         'port-channel': CHANNEL}


def policies(emu, serial):
    """{interface: (policy, nvPairs)} of a switch, read directly from the controller."""
    found = {}
    for group in read_controller(emu, '/interface?serialNumber=%s' % serial):
        for interface in group['interfaces']:
            found[interface['ifName']] = (group['policy'], interface['nvPairs'])
    return found


def serial_of(emu, name):
    inventory = read_controller(emu, '/control/fabrics/site-a/inventory/switchesByFabric')
    return next(switch['serialNumber'] for switch in inventory if switch['logicalName'] == name)


def by_key(objects):
    return {'%s %s' % (item['switch'], item['name']): item for item in objects}


def assert_ok(*steps):
    """Each step of a run (resource.steps) went through: its task did not fail."""
    for step in steps:
        assert step['failed'] is False, step.play.output[-3000:]


@pytest.mark.parametrize('kind', sorted(KINDS))
def test_each_kind_runs_then_reruns_with_no_write_and_check_mode_agrees(resource, emu, kind):
    config = [KINDS[kind]]
    check, run = resource.steps('interfaces', [dict(state='merged', config=config, check=True, diff=True),
                                               dict(state='merged', config=config, deploy=True, diff=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0, check.requests
    assert run['changed'] is True
    # check mode planned what the run did
    assert check['after'] == run['after'] and check.diff == run.diff
    assert run['requests'][-1] == 'POST /globalInterface/deploy'
    assert set(run['deployment'][KINDS[kind]['switch']].values()) == {'IN-SYNC'}, run['deployment']
    assert_reruns_idempotent(resource, 'interfaces', [dict(state='merged', config=config, deploy=True),
                                                      dict(state='replaced', config=config, deploy=True)])
    run.play.assert_no_secrets(ADMIN_PASSWORD)


def test_the_controller_holds_each_kind_as_its_policy(resource, emu):
    run = resource('interfaces', 'merged', list(KINDS.values()), diff=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    stored = policies(emu, serial_of(emu, LEAF))
    assert stored['Ethernet1/10'][0] == 'int_access_host' and stored['Ethernet1/10'][1]['ACCESS_VLAN'] == '2301'
    assert stored['Ethernet1/10'][1]['DESC'] == 'web-01'
    assert stored['Ethernet1/11'][0] == 'int_trunk_host'
    assert (stored['Ethernet1/11'][1]['ALLOWED_VLANS'], stored['Ethernet1/11'][1]['MTU']) == ('2301-2303,2400', 'jumbo')
    assert stored['Ethernet1/48'][0] == 'int_routed_host'
    assert (stored['Ethernet1/48'][1]['IP'], stored['Ethernet1/48'][1]['PREFIX']) == ('10.33.0.1', '30')
    assert stored['Loopback10'][0] == 'int_loopback' and stored['Loopback10'][1]['IP'] == '10.2.0.10'
    spine = policies(emu, serial_of(emu, SPINE))
    assert spine['Ethernet1/47.100'][0] == 'int_subif' and spine['Ethernet1/47.100'][1]['VLAN'] == '100'
    assert stored['port-channel20'][0] == 'int_port_channel_trunk_host'
    assert stored['port-channel20'][1]['MEMBER_INTERFACES'] == 'Ethernet1/20,Ethernet1/21'
    assert stored['Ethernet1/20'][0] == 'int_port_channel_trunk_member_11_1'
    # the module's after, in its own terms and the controller's spelling of the names
    after = by_key(run['after'])
    assert after[LEAF + ' Loopback10']['ipv4_address'] == '10.2.0.10/32'
    assert after[LEAF + ' port-channel20']['members'] == ['Ethernet1/20', 'Ethernet1/21']
    assert after[LEAF + ' Ethernet1/11']['mtu'] == 'jumbo'
    # the diff shows the ports as they were (the leaf's default trunk) and as they are; new logical ones have no before
    assert run.diff['before'][LEAF + ' Ethernet1/10']['mode'] == 'trunk'
    assert LEAF + ' Loopback10' not in run.diff['before']
    # 1 update request for the ports, 1 create per policy of the new logical interfaces, no deploy (deploy: false)
    assert run['requests'] == ['POST /interface/modify', 'POST /globalInterface', 'POST /globalInterface',
                               'POST /globalInterface'], run['requests']


def test_a_member_moved_into_a_port_channel_is_not_reset_on_the_next_run(resource, emu):
    """cisco.dcnm's dcnm_interface resets port-channel members on reruns (its most reported bug)."""
    port = {'switch': LEAF, 'name': 'Ethernet1/30', 'mode': 'access', 'access_vlan': 2301}
    channel = {'switch': LEAF, 'name': 'port-channel30', 'mode': 'access', 'access_vlan': 2301, 'members': ['Ethernet1/30']}
    # one play: the port made, then moved: the port's own config goes, the port-channel takes it
    _made, run = resource.steps('interfaces', [dict(state='merged', config=[port], deploy=True),
                                               dict(state='merged', config=[channel], deploy=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert LEAF + ' Ethernet1/30' in run['deploy'] and run['deployment'][LEAF]['Ethernet1/30'] == 'IN-SYNC'
    serial = serial_of(emu, LEAF)
    assert policies(emu, serial)['Ethernet1/30'][0] == 'int_port_channel_access_member_11_1'
    # the reruns in a run of their own, then gathered in it
    *reruns, gathered = resource.steps('interfaces', [dict(state=state, config=[channel], deploy=True)
                                                      for state in ('merged', 'replaced', 'overridden')] + [dict(state='gathered')])
    assert gathered.play.rc == 0, gathered.play.output[-3000:]
    for state, again in zip(('merged', 'replaced', 'overridden'), reruns):
        assert again.writes == 0 and again['changed'] is False, (state, again.requests)
    assert policies(emu, serial)['Ethernet1/30'][0] == 'int_port_channel_access_member_11_1'
    # gathered leaves the member out: its port-channel describes it
    gathered = by_key(gathered['gathered'])
    assert LEAF + ' Ethernet1/30' not in gathered and gathered[LEAF + ' port-channel30']['members'] == ['Ethernet1/30']
    # deleted of the member leaves it to its port-channel, and says so, in check mode too (issue 36 item 8)
    for deleted in resource.steps('interfaces', [dict(state='deleted', config=[{'switch': LEAF, 'name': 'Ethernet1/30'}], check=check)
                                                 for check in (True, False)]):
        assert deleted.play.rc == 0 and deleted['changed'] is False and deleted.writes == 0, deleted.requests
        assert 'member of port-channel30' in deleted['left_alone'][LEAF + ' Ethernet1/30']
        assert any(LEAF + ' Ethernet1/30 was left alone' in warning for warning in deleted['warnings'])
    assert policies(emu, serial)['Ethernet1/30'][0] == 'int_port_channel_access_member_11_1'


def test_overridden_touches_only_the_switches_named_and_returns_removed_ports_to_the_default(resource, emu):
    spine_loopback = {'switch': SPINE, 'name': 'Loopback5', 'ipv4_address': '10.9.0.1/32'}
    spine_port = {'switch': SPINE, 'name': 'Ethernet1/5', 'mode': 'routed', 'ipv4_address': '10.9.1.1/30'}
    setup = resource('interfaces', 'merged', [ACCESS, TRUNK, LOOPBACK, spine_loopback, spine_port], deploy=True)
    assert setup.play.rc == 0, setup.play.output[-3000:]
    # an underlay loopback as the fabric makes it, with its fabric policy: overridden never touches it
    answer = emu.login().post(emu.url(LAN_FABRIC + '/globalInterface'), timeout=10, json={
        'policy': 'int_fabric_loopback_11_1', 'interfaces': [{
            'serialNumber': serial_of(emu, LEAF), 'ifName': 'Loopback0', 'interfaceType': 'INTERFACE_LOOPBACK',
            'fabricName': 'site-a', 'nvPairs': {'INTF_NAME': 'Loopback0', 'IP': '10.2.0.2'}}]})
    assert answer.status_code == 200, answer.text
    spine = policies(emu, serial_of(emu, SPINE))
    check, run = resource.steps('interfaces', [dict(state='overridden', config=[ACCESS], check=True),
                                               dict(state='overridden', config=[ACCESS], diff=True)])
    assert check['changed'] is True and check.writes == 0
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['requests'][0] == 'DELETE /interface/markdelete' and run['requests'][-1] == 'POST /globalInterface/deploy'
    leaf = policies(emu, serial_of(emu, LEAF))
    # the trunk port is back to the default policy, not deleted; the loopback is gone
    assert leaf['Ethernet1/11'][0] == 'int_trunk_host' and leaf['Ethernet1/11'][1]['ALLOWED_VLANS'] == 'none'
    assert 'Loopback10' not in leaf and leaf['Ethernet1/10'][0] == 'int_access_host'
    assert leaf['Loopback0'][0] == 'int_fabric_loopback_11_1'
    assert after_keys(run) >= {LEAF + ' Ethernet1/10', LEAF + ' Ethernet1/11'} and LEAF + ' Loopback10' not in after_keys(run)
    assert by_key(run['after'])[LEAF + ' Ethernet1/11']['allowed_vlans'] == 'none'
    # the spine, named nowhere in config, is untouched
    assert policies(emu, serial_of(emu, SPINE)) == spine
    assert not [key for key in run['deploy'] if key.startswith(SPINE)]
    assert_idempotent(resource, 'interfaces', 'overridden', [ACCESS])


def after_keys(run):
    return set(by_key(run['after']))


def test_deleted_returns_ports_to_the_default_and_removes_logical_interfaces(resource, emu):
    names = [{'switch': LEAF, 'name': 'Ethernet1/10'}, {'switch': LEAF, 'name': 'Loopback10'},
             {'switch': LEAF, 'name': 'port-channel20'}, {'switch': LEAF, 'name': 'Loopback99'}]
    # one play: the interfaces made, then the task in check mode, then for real
    _made, check, run = resource.steps('interfaces', [dict(state='merged', config=[ACCESS, LOOPBACK, CHANNEL], deploy=True),
                                                      dict(state='deleted', config=names, check=True),
                                                      dict(state='deleted', config=names)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert run['requests'] == ['DELETE /interface/markdelete', 'POST /globalInterface/deploy']
    # the port-channel's members go back to the default policy with it, and are deployed with it
    assert run['deployment'][LEAF] == {'Ethernet1/10': 'IN-SYNC', 'Loopback10': 'NA', 'port-channel20': 'NA',
                                       'Ethernet1/20': 'IN-SYNC', 'Ethernet1/21': 'IN-SYNC'}
    leaf = policies(emu, serial_of(emu, LEAF))
    assert leaf['Ethernet1/10'][0] == 'int_trunk_host' and 'Loopback10' not in leaf and 'port-channel20' not in leaf
    assert leaf['Ethernet1/20'][0] == 'int_trunk_host' and leaf['Ethernet1/20'][1]['ALLOWED_VLANS'] == 'none'
    detail = {entry['ifName']: entry for entry in read_controller(emu, '/interface/detail?serialNumber=' + serial_of(emu, LEAF))}
    assert detail['Ethernet1/20']['complianceStatus'] == 'In-Sync'
    assert_idempotent(resource, 'interfaces', 'deleted', names)


def test_gathered_fed_to_merged_and_to_replaced_changes_nothing(resource):
    _made, gathered = resource.steps('interfaces', [dict(state='merged', config=list(KINDS.values()), deploy=True),
                                                    dict(state='gathered')])
    assert gathered.play.rc == 0 and gathered.writes == 0, gathered.play.output[-3000:]
    found = by_key(gathered['gathered'])
    assert found[LEAF + ' Ethernet1/10']['access_vlan'] == 2301
    assert found[SPINE + ' Ethernet1/1']['mode'] == 'routed' and found[LEAF + ' Ethernet1/1']['mode'] == 'trunk'
    assert found[LEAF + ' Ethernet1/1']['template_params']['BPDUGUARD_ENABLED'] == 'false'
    # fed back in a run of their own, as a user's next playbook
    states = ('merged', 'replaced', 'overridden')
    fed_back = resource.steps('interfaces', [dict(state=state, config=gathered['gathered'], deploy=True) for state in states])
    assert fed_back[0].play.rc == 0, fed_back[0].play.output[-3000:]
    for state, run in zip(states, fed_back):
        assert run['changed'] is False and run.writes == 0, (state, run.requests)


def test_rendered_computes_the_requests_offline(resource, emu):
    config = [dict(item, switch='FDO0000TEST') for item in KINDS.values()]
    run = resource('interfaces', 'rendered', config, deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert emu.counters()['logins'] == 0 and run.writes == 0
    # the ports (which always exist) in one update, the logical interfaces created one policy each, the deploy
    ports, creates, deploy = run['rendered'][0], run['rendered'][1:-1], run['rendered'][-1]
    assert ports['path'] == LAN_FABRIC + '/interface/modify'
    assert [body['policy'] for body in ports['body']] == ['int_access_host', 'int_trunk_host', 'int_routed_host']
    assert ports['body'][1]['interfaces'][0]['nvPairs']['ALLOWED_VLANS'] == '2301-2303,2400'
    assert [request['body']['policy'] for request in creates] == ['int_loopback', 'int_subif', 'int_port_channel_trunk_host']
    assert all(request['path'] == LAN_FABRIC + '/globalInterface' for request in creates)
    channel = creates[-1]['body']['interfaces'][0]
    assert (channel['serialNumber'], channel['ifName'], channel['nvPairs']['MEMBER_INTERFACES']) == (
        'FDO0000TEST', 'port-channel20', 'Ethernet1/20,Ethernet1/21')
    assert creates[1]['body']['interfaces'][0]['nvPairs']['VLAN'] == '100'
    # the six interfaces and the two member ports
    assert deploy['path'] == LAN_FABRIC + '/globalInterface/deploy' and len(deploy['body']) == 8
    assert [item['name'] for item in run['after']] == ['Ethernet1/10', 'Ethernet1/11', 'Ethernet1/48', 'Loopback10',
                                                       'Ethernet1/47.100', 'port-channel20']


@pytest.mark.parametrize('kind', sorted(KINDS))
def test_a_request_refused_part_way_fails_the_task_naming_the_interfaces_of_each_kind(resource, kind):
    refused = {'switch': LEAF, 'name': 'Loopback11', 'policy': 'int_loopback_custom', 'template_params': {'IP': '10.2.0.11'}}
    run = resource('interfaces', 'merged', [KINDS[kind], refused])
    assert run.play.rc == 2
    assert len(run['succeeded_items']) == 1 and run['succeeded_items'][0].startswith(KINDS[kind]['switch'] + ' ')
    assert run['changed'] is True
    assert run['failed_items'] == {LEAF + ' Loopback11': 'Failed to get template. Template with name int_loopback_custom not found'}
    assert '1 of 2 items failed' in run['msg'] and 'Loopback11' in run['msg']
    # what succeeded is not sent again
    rerun = resource('interfaces', 'merged', [KINDS[kind]])
    assert rerun.play.rc == 0 and rerun.writes == 0, rerun.requests


def test_deploy_pushes_listed_interfaces_an_earlier_run_left_undeployed_and_then_nothing(resource):
    assert resource('interfaces', 'merged', [ACCESS, LOOPBACK]).play.rc == 0
    run = resource('interfaces', 'merged', [ACCESS, LOOPBACK], deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['requests'] == ['POST /globalInterface/deploy'] and run['changed'] is True
    assert run['deployment'] == {LEAF: {'Ethernet1/10': 'IN-SYNC', 'Loopback10': 'IN-SYNC'}}
    assert_idempotent(resource, 'interfaces', 'merged', [ACCESS, LOOPBACK], deploy=True)


def test_a_request_the_controller_refuses_fails_the_task_naming_its_interfaces(resource):
    good = {'switch': LEAF, 'name': 'Loopback10', 'ipv4_address': '10.2.0.10/32'}
    bad = {'switch': LEAF, 'name': 'Loopback11', 'policy': 'int_loopback_custom', 'template_params': {'IP': '10.2.0.11'}}
    run = resource('interfaces', 'merged', [good, bad])
    assert run.play.rc == 2
    assert run['failed_items'] == {LEAF + ' Loopback11': 'Failed to get template. Template with name int_loopback_custom not found'}
    assert run['succeeded_items'] == [LEAF + ' Loopback10'] and run['changed'] is True
    assert run['requests'] == ['POST /globalInterface', 'POST /globalInterface']
    # the rerun sends only what is still needed
    rerun = resource('interfaces', 'merged', [good, dict(bad, policy='int_loopback', template_params={}, ipv4_address='10.2.0.11')])
    assert rerun.play.rc == 0, rerun.play.output[-3000:]
    assert rerun['requests'] == ['POST /globalInterface']


# (config, the refusal's message): test_intent_that_cannot_work_is_refused_before_any_write
INTENT_REFUSED = [
    ([dict(TRUNK, access_vlan=10)], 'an Ethernet port in mode trunk takes no access_vlan'),
    ([dict(ACCESS, access_vlan=4095)], 'access_vlan 4095 is not a usable VLAN; give 2 to 4094'),
    ([dict(TRUNK, allowed_vlans='10-5000')], 'allowed_vlans 5000 is not a usable VLAN'),
    ([dict(CHANNEL, members=['Ethernet1/20', 'Ethernet1/99'])], 'has no port Ethernet1/99 for its members'),
    ([CHANNEL, dict(CHANNEL, name='port-channel21', members=['Ethernet1/21'])],
     'port Ethernet1/21 of switch site-a-leaf-2 is given to port-channel20 and to port-channel21'),
    ([CHANNEL, {'switch': LEAF, 'name': 'Ethernet1/20', 'mode': 'access'}], 'port Ethernet1/20 is a member of port-channel20 in this task'),
    ([dict(ROUTED, ipv4_address='10.33.0.1')], "ipv4_address '10.33.0.1' has no prefix length"),
    ([dict(ACCESS, template_params={'ACCESS_VLAN': '10'})], 'template_params ACCESS_VLAN is what the option access_vlan sets'),
    ([{'switch': LEAF, 'name': 'Ethernet1/99', 'mode': 'access'}], 'switch site-a-leaf-2 has no port Ethernet1/99'),
    ([{'switch': LEAF, 'name': 'Loopback1', 'mode': 'access'}], 'a loopback is routed; leave mode out'),
    ([{'switch': LEAF, 'name': 'Ethernet1/1', 'mode': 'access', 'mtu': '9000'}], 'mtu 9000 is not one a layer-2 interface takes'),
    ([{'switch': LEAF, 'name': 'Serial0/1', 'mode': 'access'}], 'is not an interface name this module knows'),
    ([CHANNEL, dict(SUBIF, switch=LEAF, name='Ethernet1/20.5')], 'its parent port Ethernet1/20 is a member of port-channel20'),
    ([ACCESS, dict(ACCESS, name='ethernet1/10')], 'config lists interface site-a-leaf-2 Ethernet1/10 twice'),
]


def test_intent_that_cannot_work_is_refused_before_any_write(resource):
    # each in check mode and for real, all in one play
    assert_each_refused(resource, 'interfaces', [(dict(state='merged', config=config, check=check), message)
                                                 for config, message in INTENT_REFUSED for check in (True, False)])


def test_a_sub_interface_of_a_layer2_port_is_refused_and_check_mode_warns(resource):
    """The refusal rests on the port as the switch has it (an earlier task of the play may make it routed): check mode
    warns and goes on; a real run refuses it before any write."""
    config = [dict(SUBIF, switch=LEAF)]
    message = 'its parent port Ethernet1/47 is a trunk port, and only a routed port has sub-interfaces'
    # with its parent made routed in the same task (the last step), it goes through
    check, run, routed = resource.steps('interfaces', [
        dict(state='merged', config=config, check=True), dict(state='merged', config=config, may_fail=True),
        dict(state='merged', config=[{'switch': LEAF, 'name': 'Ethernet1/47', 'mode': 'routed'}] + config)])
    assert check['failed'] is False and check['changed'] is True and check.writes == 0, check.play.output[-3000:]
    assert any(message in warning for warning in check['warnings']), check.get('warnings')
    assert run['failed'] is True and run.writes == 0 and message in run['msg'], run['msg']
    assert_ok(routed)


def test_a_switch_not_in_the_fabric_or_in_no_vpc_pair_is_a_warning_in_check_mode_and_refused_in_a_real_run(resource):
    """An earlier task of the play may add the switch, or pair it (playbooks/example_vpc_server.yml adds its leaves, pairs
    them, then makes a vPC on them): check mode warns, naming the switch and that dependency, and reports the change, as
    vrfs, networks, vpc_pairs, links and policies do; a real run refuses it before any write. A vPC on a switch not in the
    fabric, whose pair cannot be known yet, is no exception."""
    config = [{'switch': '10.1.0.3', 'name': 'vPC10', 'mode': 'trunk', 'peer1_members': ['Ethernet1/10'],
               'peer2_members': ['Ethernet1/10']},
              {'switch': '10.1.0.3', 'name': 'Ethernet1/11', 'mode': 'access', 'access_vlan': 2301},
              {'switch': LEAF, 'name': 'vPC11', 'mode': 'trunk', 'peer1_members': ['Ethernet1/13']},
              {'switch': LEAF, 'name': 'Ethernet1/12', 'mode': 'access', 'access_vlan': 2301}]
    messages = {'config[0]: switch 10.1.0.3 is not in fabric site-a': 'the switches of fabric site-a',
                'switch site-a-leaf-2 is in no vPC pair, and a vPC interface lives on a pair: pair it first': 'the vPC pairs of fabric site-a'}
    check, run = resource.steps('interfaces', [dict(state='merged', config=config, check=True),
                                               dict(state='merged', config=config, may_fail=True)])
    assert_ok(check)
    assert check['changed'] is True and check.writes == 0, check.requests
    for message, rests_on in messages.items():
        warnings = [warning for warning in check.get('warnings') or [] if message in warning]
        assert len(warnings) == 1 and 'unless an earlier task of the play changes %s' % rests_on in warnings[0], check.get('warnings')
    assert {(item['switch'], item['name']) for item in check['after']} == {
        ('10.1.0.3', 'vPC10'), ('10.1.0.3', 'Ethernet1/11'), (LEAF, 'vPC11'), (LEAF, 'Ethernet1/12')}
    assert run['failed'] is True and run.writes == 0, run.requests
    assert all(message in run['msg'] for message in messages), run['msg']
    assert 'fabricops.dashboard.fabric_switches' in run['msg'] and 'fabricops.dashboard.vpc_pairs' in run['msg'], run['msg']
    assert 'Traceback' not in run.play.output


def test_a_port_already_in_another_port_channel_is_refused_before_any_write(resource):
    # one play: the port-channel made, the refused task, then the move in one task (the last step)
    made, run, moved = resource.steps('interfaces', [
        dict(state='merged', config=[CHANNEL]),
        dict(state='merged', config=[dict(CHANNEL, name='port-channel21', members=['Ethernet1/20'])], may_fail=True),
        dict(state='merged', config=[dict(CHANNEL, members=['Ethernet1/21']), dict(CHANNEL, name='port-channel21', members=['Ethernet1/20'])])])
    assert_ok(made)
    assert run['failed'] is True and run.writes == 0
    assert 'port Ethernet1/20 is already a member of port-channel20' in run['msg'], run['msg']
    # moving it in one task: the port-channel that gives it up is sent first
    assert_ok(moved)
    assert moved['requests'] == ['POST /interface/modify', 'POST /globalInterface']


def test_ports_of_a_removed_port_channel_move_to_a_new_one_in_one_task_with_one_deploy(resource, emu):
    new = dict(CHANNEL, name='port-channel21')
    _made, run = resource.steps('interfaces', [dict(state='merged', config=[CHANNEL], deploy=True),
                                               dict(state='overridden', config=[new], deploy=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['requests'] == ['DELETE /interface/markdelete', 'POST /globalInterface', 'POST /globalInterface/deploy']
    assert run['deployment'][LEAF] == {'port-channel20': 'NA', 'port-channel21': 'IN-SYNC', 'Ethernet1/20': 'IN-SYNC',
                                       'Ethernet1/21': 'IN-SYNC'}
    leaf = policies(emu, serial_of(emu, LEAF))
    assert 'port-channel20' not in leaf and leaf['Ethernet1/20'][0] == 'int_port_channel_trunk_member_11_1'
    assert leaf['Ethernet1/20'][1]['PO_ID'] == 'port-channel21'
    assert_idempotent(resource, 'interfaces', 'overridden', [new], deploy=True)


def test_deleted_and_overridden_need_config(resource):
    states = ('deleted', 'overridden')
    for state, run in zip(states, resource.steps('interfaces', [dict(state=state, config=[], may_fail=True) for state in states])):
        assert run['failed'] is True and run.writes == 0
        assert 'state %s needs config' % state in run['msg'], run['msg']


def test_gathered_with_json_query(resource):
    _made, run = resource.steps('interfaces', [
        dict(state='merged', config=[ACCESS]),
        dict(state='gathered', json_query="[?mode=='access'].{switch: switch, name: name, vlan: access_vlan}")])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['gathered'] == [{'switch': LEAF, 'name': 'Ethernet1/10', 'vlan': 2301}]


# vPC: a pair of two new leaves, made through the controller's API as a user's earlier task would

PAIR = ('switch-3', 'switch-4')
PEER_LINK_PORTS = 'Ethernet1/53,Ethernet1/54'
VPC = {'switch': PAIR[1], 'name': 'vpc30', 'mode': 'trunk', 'peer1_members': ['e1/30'], 'peer2_members': ['Ethernet1/30', 'e1/31'],
       'allowed_vlans': '2301-2302', 'description': 'host-7'}


def _leaves(emu, session, addresses):
    """Two leaves discovered into site-a, manageable: their serial numbers (in the order of ``addresses``)."""
    answer = session.post(emu.url(LAN_FABRIC + '/control/fabrics/site-a/inventory/discover'), timeout=10, json={
        'seedIP': ','.join(addresses), 'switches': [{'ipaddr': address} for address in addresses], 'preserveConfig': True,
        'role': 'leaf'})
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 10
    while True:
        inventory = {switch['ipAddress']: switch for switch in session.get(
            emu.url(LAN_FABRIC + '/control/fabrics/site-a/inventory/switchesByFabric'), timeout=10).json()}
        if all(address in inventory and inventory[address]['managable'] for address in addresses):
            return [inventory[address] for address in addresses]
        assert time.monotonic() < deadline, inventory
        time.sleep(0.1)


@pytest.fixture(name='leaf_pair')
def paired_leaves(emu):
    """Leaves switch-3 and switch-4 (10.1.0.3, 10.1.0.4), discovered and paired (peer one first), their peer-link
    port-channel500 with the members Ethernet1/53 and Ethernet1/54 on each: their serial numbers."""
    session = emu.login()
    switches = _leaves(emu, session, ['10.1.0.3', '10.1.0.4'])
    assert sorted(switch['logicalName'] for switch in switches) == sorted(PAIR), switches
    first, second = sorted(switches, key=lambda switch: PAIR.index(switch['logicalName']))
    answer = session.post(emu.url(LAN_FABRIC + '/vpcpair'), timeout=10, json={
        'peerOneId': first['serialNumber'], 'peerTwoId': second['serialNumber'], 'useVirtualPeerlink': False,
        'templateName': 'vpc_pair', 'nvPairs': {'PEER1_MEMBER_INTERFACES': PEER_LINK_PORTS, 'PEER2_MEMBER_INTERFACES': PEER_LINK_PORTS}})
    assert answer.status_code == 200, answer.text
    return first['serialNumber'], second['serialNumber']


def test_a_vpc_runs_on_its_pair_then_reruns_with_no_write_and_check_mode_agrees(resource, emu, leaf_pair):
    check, run = resource.steps('interfaces', [dict(state='merged', config=[VPC], check=True, diff=True),
                                               dict(state='merged', config=[VPC], deploy=True, diff=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0, check.requests
    assert check['after'] == run['after'] and check.diff == run.diff
    assert run['requests'] == ['POST /globalInterface', 'POST /globalInterface/deploy'], run['requests']
    assert run['deployment'] == {PAIR[0]: {'vPC30': 'IN-SYNC'}}
    # named by its pair's second switch, returned by its first
    [after] = run['after']
    assert (after['switch'], after['name'], after['peer1_members'], after['peer2_members']) == (
        PAIR[0], 'vPC30', ['Ethernet1/30'], ['Ethernet1/30', 'Ethernet1/31'])
    # on both switches of the pair, under the pair's serial number
    for serial in leaf_pair:
        policy, pairs = policies(emu, serial)['vPC30']
        assert policy == 'int_vpc_trunk_host'
        assert (pairs['PEER1_PCID'], pairs['PEER1_MEMBER_INTERFACES'], pairs['PEER2_MEMBER_INTERFACES'], pairs['PEER2_ALLOWED_VLANS']) == (
            '30', 'Ethernet1/30', 'Ethernet1/30,Ethernet1/31', '2301-2302')
    # the rerun, by either switch, and replaced: nothing sent, members not reset
    assert_reruns_idempotent(resource, 'interfaces', [dict(state='merged', config=[dict(VPC, switch=switch)], deploy=True) for switch in PAIR]
                             + [dict(state='replaced', config=[VPC], deploy=True)])


def test_a_vpc_is_gathered_once_and_fed_back_changes_nothing(resource, leaf_pair):
    _made, gathered = resource.steps('interfaces', [dict(state='merged', config=[VPC]), dict(state='gathered')])
    assert gathered.play.rc == 0 and gathered.writes == 0, gathered.play.output[-3000:]
    vpcs = [item for item in gathered['gathered'] if item['name'].startswith('vPC')]
    assert vpcs == [dict(vpcs[0], switch=PAIR[0], name='vPC30', mode='trunk', peer1_members=['Ethernet1/30'],
                         peer2_members=['Ethernet1/30', 'Ethernet1/31'], allowed_vlans='2301-2302', description='host-7')]
    # fed back in a run of their own
    states = ('merged', 'replaced')
    fed_back = resource.steps('interfaces', [dict(state=state, config=vpcs) for state in states])
    assert fed_back[0].play.rc == 0, fed_back[0].play.output[-3000:]
    for state, run in zip(states, fed_back):
        assert run['changed'] is False and run.writes == 0, (state, run.requests)


def test_overridden_removes_a_vpc_of_a_named_switchs_pair_and_deleted_removes_it_with_its_deploy(resource, emu, leaf_pair):
    other = dict(VPC, name='vPC31', peer1_members=['Ethernet1/32'], peer2_members=['Ethernet1/32'])
    # a switch of the pair named with a port of its own: the vPC the config leaves out goes, the other stays
    keep = {'switch': PAIR[1], 'name': 'Ethernet1/40', 'mode': 'access', 'access_vlan': 2301}
    _made, run = resource.steps('interfaces', [dict(state='merged', config=[VPC, other], deploy=True),
                                               dict(state='overridden', config=[VPC, keep])])
    assert run.play.rc == 0, run.play.output[-3000:]
    # the pair's other switch, not named, shows only its vPCs
    assert [item['name'] for item in run['after'] if item['switch'] == PAIR[0]] == ['vPC30']
    assert {item['name']: item.get('access_vlan') for item in run['after'] if item['switch'] == PAIR[1]}['Ethernet1/40'] == 2301
    assert [policies(emu, serial).get('vPC31') for serial in leaf_pair] == [None, None]
    assert 'vPC30' in policies(emu, leaf_pair[0])
    assert_idempotent(resource, 'interfaces', 'overridden', [VPC, keep])
    deleted = resource('interfaces', 'deleted', [{'switch': PAIR[0], 'name': 'vPC30'}])
    assert deleted.play.rc == 0, deleted.play.output[-3000:]
    assert deleted['requests'] == ['DELETE /interface/markdelete', 'POST /globalInterface/deploy']
    assert [policies(emu, serial).get('vPC30') for serial in leaf_pair] == [None, None]
    assert_idempotent(resource, 'interfaces', 'deleted', [{'switch': PAIR[1], 'name': 'vPC30'}])


def test_a_vpc_with_members_it_cannot_have_is_refused_before_any_write(resource, leaf_pair):
    channel = {'switch': PAIR[0], 'name': 'po20', 'mode': 'trunk', 'members': ['Ethernet1/20']}
    cases = [
        (dict(VPC, name='vPC31', peer1_members=['Ethernet1/20'], peer2_members=['Ethernet1/33']),
         'port Ethernet1/20 of switch switch-3 is already a member of port-channel20'),
        (dict(VPC, name='vPC31', peer1_members=['Ethernet1/34'], peer2_members=['Ethernet1/31']),
         'port Ethernet1/31 of switch switch-4 is already a member of vPC30'),
        (dict(VPC, peer1_members=['Ethernet1/99']), 'switch switch-3 (peer1_members) has no port Ethernet1/99'),
        (dict(VPC, mode='routed'), 'routed vPCs are not managed by this module'),
        (dict(VPC, speed='10Gb'), 'a vPC in mode trunk takes no speed'),
        (dict(channel, name='po21', members=['Ethernet1/30']), 'port Ethernet1/30 is already a member of vPC30'),
        ({'switch': PAIR[1], 'name': 'Ethernet1/31', 'mode': 'access'}, 'port Ethernet1/31 is a member of vPC30'),
    ]
    # one play: what the pair holds made, then each case in check mode and for real
    steps = [dict(state='merged', config=[channel, VPC])]
    for config, _message in cases:
        steps += [dict(state='merged', config=[config], check=True, may_fail=True), dict(state='merged', config=[config], may_fail=True)]
    made, *runs = resource.steps('interfaces', steps)
    assert_ok(made)
    for (_config, message), check, run in zip(cases, runs[0::2], runs[1::2]):
        assert run['failed'] is True and run.writes == 0, run.requests
        assert message in run['msg'], run['msg']
        # check mode: refused too, or (what rests on a port-channel an earlier task may change) warned
        assert check.writes == 0
        assert message in (check.get('msg') or '') + ' '.join(check.get('warnings') or []), check.play.output[-3000:]


def test_a_port_of_the_vpc_peer_link_is_refused_before_any_write_and_not_reset_by_deleted(resource, emu, leaf_pair):
    """The peer-link's member ports carry the controller's peer-link member policy: they are the vPC pair's, not free. A
    port-channel, a vPC or a port setting of its own that takes one is refused before any write, naming the port and the
    peer-link (a warning in check mode: an earlier vpc_pairs task may give the peer-link other ports); deleted leaves
    them as they are."""
    config = [{'switch': PAIR[0], 'name': 'po21', 'mode': 'trunk', 'members': ['Ethernet1/53']},
              dict(VPC, peer2_members=['Ethernet1/30', 'Ethernet1/54']),
              {'switch': PAIR[1], 'name': 'Ethernet1/53', 'mode': 'access', 'access_vlan': 2301}]
    messages = ['port Ethernet1/53 of switch switch-3 is a member of the vPC peer-link port-channel500',
                'port Ethernet1/54 of switch switch-4 is a member of the vPC peer-link port-channel500',
                'port Ethernet1/53 of switch switch-4 is a member of the vPC peer-link port-channel500']
    # one play: the task in check mode, for real, then the port named on its own to be deleted
    check, run, deleted = resource.steps('interfaces', [
        dict(state='merged', config=config, check=True), dict(state='merged', config=config, may_fail=True),
        dict(state='deleted', config=[{'switch': PAIR[1], 'name': 'Ethernet1/53'}])])
    assert run['failed'] is True and run.writes == 0, run.requests
    assert all(message in run['msg'] for message in messages) and 'fabricops.dashboard.vpc_pairs' in run['msg'], run['msg']
    assert check['failed'] is False and check.writes == 0, check.play.output[-3000:]
    assert all(any(message in warning for warning in check['warnings']) for message in messages), check['warnings']
    # named on its own to be deleted: not reset to the default policy, nothing sent
    assert_ok(deleted)
    assert deleted['changed'] is False and deleted.writes == 0, deleted.requests
    assert [policies(emu, serial)['Ethernet1/53'][0] for serial in leaf_pair] == ['int_vpc_peer_link_po_member_11_1'] * 2


def test_rendered_refuses_a_vpc_clearly(resource, emu):
    run = resource('interfaces', 'rendered', [dict(VPC, switch='FDO0000TEST')])
    assert run.play.rc == 2 and emu.counters()['logins'] == 0
    assert "rendered cannot tell a vPC's pair without the controller" in run['msg'], run['msg']


def test_deleting_a_vpc_of_a_switch_in_no_pair_is_nothing_to_do(resource):
    run = resource('interfaces', 'deleted', [{'switch': LEAF, 'name': 'vPC30'}])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['changed'] is False and run.writes == 0, run.requests


def test_a_rerun_during_a_deploy_of_the_same_interfaces_waits_for_it_and_does_not_deploy_again(resource, emu):
    """Before: the rerun saw the port Pending, sent nothing and reported ok at once, the deploy still running.

    The emulator's deploy never ends until the test says so (its state is computed when read)."""
    emu.set_timing(deploy_seconds=3600)
    first = resource('interfaces', 'merged', [ACCESS], deploy=True, wait_timeout=1)
    assert first.play.rc == 2
    assert 'did not finish within wait_timeout (1 s)' in first['msg'], first['msg']
    assert first['deployment'] == {LEAF: {'Ethernet1/10': 'PENDING'}}
    emu.clear_request_log()
    again = resource('interfaces', 'merged', [ACCESS], deploy=True, wait_timeout=2)
    # it waited for the running deploy, within its own bound, and sent nothing: no second deploy
    assert again.play.rc == 2 and again.writes == 0 and emu.request_log() == [], emu.request_log()
    assert again['changed'] is False
    assert 'did not finish within wait_timeout (2 s)' in again['msg'], again['msg']
    assert again['deployment'] == {LEAF: {'Ethernet1/10': 'PENDING'}}
    emu.set_timing(deploy_seconds=0.2)  # the deploy is done now
    done = resource('interfaces', 'merged', [ACCESS], deploy=True, wait_timeout=30)
    assert done.play.rc == 0 and done['changed'] is False and done.writes == 0, done.play.output[-3000:]


def test_an_interface_the_controller_does_not_mark_for_delete_is_named_in_failed_items(resource, emu):
    second = dict(LOOPBACK, name='loopback11', ipv4_address='10.2.0.11')
    # the controller marks the first and refuses the last item (the emulator's fault, as a refusal it gives per item; the
    # loopbacks' making sends no mark for delete)
    emu.set_faults(partial_failure_count=1, paths=[LAN_FABRIC + '/interface/markdelete'])
    made, run = resource.steps('interfaces', [dict(state='merged', config=[LOOPBACK, second], deploy=True),
                                              dict(state='deleted', config=[LOOPBACK, second], may_fail=True)])
    assert_ok(made)
    assert run['failed'] is True
    assert list(run['failed_items']) == [LEAF + ' Loopback11'], run['failed_items']
    assert 'could not be marked for delete' in run['failed_items'][LEAF + ' Loopback11']
    assert run['succeeded_items'] == [LEAF + ' Loopback10'] and run['changed'] is True
    assert '1 of 2 items failed while marking interfaces for delete' in run['msg'], run['msg']
    # what it did mark is deployed (a rerun could not find it: a marked interface leaves the controller's list), and gone
    assert run['requests'] == ['DELETE /interface/markdelete', 'POST /globalInterface/deploy']
    serial = serial_of(emu, LEAF)
    detail = {entry['ifName'] for entry in read_controller(emu, '/interface/detail?serialNumber=' + serial)}
    assert 'Loopback10' not in detail and 'Loopback11' in detail
    # a rerun deletes what is left, and only that
    again = resource('interfaces', 'deleted', [LOOPBACK, second])
    assert again.play.rc == 0 and again['changed'] is True, again.play.output[-3000:]
    assert list(again['deploy']) == [LEAF + ' Loopback11']
    assert not {'Loopback10', 'Loopback11'} & {entry['ifName'] for entry in read_controller(emu, '/interface/detail?serialNumber=' + serial)}


def test_an_svi_a_routed_port_channel_and_ipv6_addresses_run_rerun_with_no_write_and_delete(resource, emu):
    svi = {'switch': LEAF, 'name': 'Vlan2301', 'ipv4_address': '10.23.1.1/24', 'vrf': 'vrf-1', 'description': 'gateway'}
    routed_channel = {'switch': SPINE, 'name': 'po40', 'mode': 'routed', 'members': ['e1/40', 'e1/41'], 'ipv4_address': '10.40.0.1/31'}
    loopback = dict(LOOPBACK, ipv6_address='2001:DB8::10')
    subif = dict(SUBIF, ipv6_address='2001:db8:34::1/64')
    config = [svi, routed_channel, loopback, subif]
    run = resource('interfaces', 'merged', config, deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    leaf, spine = policies(emu, serial_of(emu, LEAF)), policies(emu, serial_of(emu, SPINE))
    assert leaf['vlan2301'][0] == 'int_vlan'
    assert (leaf['vlan2301'][1]['IP'], leaf['vlan2301'][1]['PREFIX'], leaf['vlan2301'][1]['INTF_VRF']) == ('10.23.1.1', '24', 'vrf-1')
    assert spine['port-channel40'][0] == 'int_l3_port_channel' and spine['port-channel40'][1]['IP'] == '10.40.0.1'
    assert spine['Ethernet1/40'][0] == spine['Ethernet1/41'][0] == 'int_l3_port_channel_member'
    assert leaf['Loopback10'][1]['V6IP'] == '2001:db8::10'
    assert (spine['Ethernet1/47.100'][1]['IPv6'], spine['Ethernet1/47.100'][1]['IPv6_PREFIX']) == ('2001:db8:34::1', '64')
    after = by_key(run['after'])
    assert after[LEAF + ' vlan2301']['vrf'] == 'vrf-1' and after[LEAF + ' Loopback10']['ipv6_address'] == '2001:db8::10/128'
    assert after[SPINE + ' port-channel40']['mode'] == 'routed' and after[SPINE + ' port-channel40']['mtu'] == '9216'
    assert set(run['deployment'][LEAF].values()) == set(run['deployment'][SPINE].values()) == {'IN-SYNC'}, run['deployment']
    assert_idempotent(resource, 'interfaces', 'merged', config, deploy=True)
    gone = resource('interfaces', 'deleted', [svi, routed_channel])
    assert gone.play.rc == 0 and gone['changed'] is True, gone.play.output[-3000:]
    leaf, spine = policies(emu, serial_of(emu, LEAF)), policies(emu, serial_of(emu, SPINE))
    assert 'vlan2301' not in leaf and 'port-channel40' not in spine
    # the port-channel's ports are back at the spine's default (routed) policy
    assert spine['Ethernet1/40'][0] == spine['Ethernet1/41'][0] == 'int_routed_host'
