"""What vrfs and networks check of a task's intent before anything is written, run as a user runs them, against the
emulator's fabric site-a (switches site-a-spine-1 and site-a-leaf-2; VRF vrf-1, VNI 50001, VLAN 2001; network net-1 in
vrf-1, VNI 30001, VLAN 2300; ranges: L2 VNI 30000-49000, L3 VNI 50000-59000, network VLANs 2300-2999, VRF VLANs 2000-2299).

Every refusal: the task fails, the emulator saw no write, the message names each object and what to change.
"""

import json

import pytest

from conftest import LAN_FABRIC, by_name, read_controller

WEB = {'name': 'web', 'network_id': 30101, 'vrf': 'vrf-1', 'vlan_id': 2401, 'gateway_ipv4': '10.1.1.1/24',
       'attach': [{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13']}]}
# the emulator counts requests by the path templates of docs/api/fabric-controller.yaml
INTERFACE_DETAIL = '/interface/detail'
NET1_ON_LEAF = [{'name': 'net-1', 'attach': [{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/20']}]}]


def warning_texts(result):
    """The texts of a registered result's warnings (ansible-core 2.19 keeps them as structures with a msg)."""
    def text(warning):
        if isinstance(warning, dict):
            for key in ('msg', 'event', 'details'):
                if key in warning:
                    found = text(warning[key])
                    if found:
                        return found
            return None
        if isinstance(warning, list):
            return next((found for found in map(text, warning) if found), None)
        return warning if isinstance(warning, str) else None
    return [text(warning) or json.dumps(warning) for warning in result.get('warnings') or []]


def refused(run, *texts):
    """The task of a run of its own refused: the play failed, and ``refused_step``."""
    assert run.play.rc == 2, run.play.output[-3000:]
    refused_step(run, *texts)


def refused_step(run, *texts):
    """A task (a step that may fail) refused before any write, its message naming ``texts``."""
    assert run['failed'] is True and run['changed'] is False, run.play.output[-3000:]
    assert run.writes == 0, run.requests
    assert run['msg'].startswith('Nothing was sent: the task contradicts itself or the fabric'), run['msg']
    for text in texts:
        assert text in run['msg'], run['msg']
    assert 'Traceback' not in run.play.output


def test_a_vni_another_object_of_either_kind_has_is_refused_naming_every_clash(resource):
    run, vrf = resource.steps('networks', [
        dict(state='merged', config=[dict(WEB, network_id=50001), {'name': 'twin', 'network_id': 30001, 'layer2_only': True},
                                     {'name': 'a', 'network_id': 30500, 'layer2_only': True},
                                     {'name': 'b', 'network_id': 30500, 'layer2_only': True}], may_fail=True),
        dict(module='vrfs', state='merged', config=[{'name': 'blue', 'vrf_id': 30001}], may_fail=True)])
    refused_step(run, '(3 problems)',
                 'VNI 50001 is given to network web (this task) and VRF vrf-1 (in the fabric): give web another network_id',
                 'VNI 30001 is given to network net-1 (in the fabric) and network twin (this task): give twin another network_id',
                 'VNI 30500 is given to network a (this task) and network b (this task): give b another network_id')
    refused_step(vrf, 'VNI 30001 is given to VRF blue (this task) and network net-1 (in the fabric): give blue another vrf_id')


def test_a_vni_given_twice_in_the_task_fails_in_check_mode_too(resource):
    config = [{'name': 'a', 'network_id': 30500, 'layer2_only': True}, {'name': 'b', 'network_id': 30500, 'layer2_only': True}]
    refused(resource('networks', 'merged', config, check=True), 'give b another network_id')


def test_two_networks_on_one_vlan_of_a_switch_are_refused_whether_inherited_or_per_attachment(resource):
    made, inherited, own, elsewhere = resource.steps('networks', [
        dict(state='merged', config=NET1_ON_LEAF), dict(state='merged', config=[dict(WEB, vlan_id=2300)], may_fail=True),
        dict(state='merged', config=[dict(WEB, attach=[{'switch': 'site-a-leaf-2', 'vlan': 2300}])], may_fail=True),
        dict(state='merged', config=[dict(WEB, vlan_id=2300, attach=[])], check=True)])
    assert made['changed'] is True and not made['failed'], made.play.output[-3000:]
    refused_step(inherited, 'VLAN 2300 on switch site-a-leaf-2 is given to network net-1 (in the fabric) and network web (this task): '
                            'give web another vlan_id (or a vlan of its own in its attach entry for site-a-leaf-2)')
    refused_step(own, 'VLAN 2300 on switch site-a-leaf-2 is given to network net-1 (in the fabric) and network web (this task)')
    # the same VLAN on another switch, or not attached, is fine
    assert elsewhere.play.rc == 0 and not elsewhere['failed'], elsewhere.play.output[-3000:]


def test_a_vrf_vlan_equal_to_a_network_vlan_on_one_switch_is_refused_from_either_side(resource):
    made, vrf, attached, network = resource.steps('networks', [
        dict(state='merged', config=NET1_ON_LEAF),
        dict(module='vrfs', state='merged', config=[{'name': 'blue', 'vrf_id': 50101, 'vlan_id': 2300,
                                                     'attach': [{'switch': 'site-a-leaf-2'}]}], may_fail=True),
        dict(module='vrfs', state='merged', config=[{'name': 'vrf-1', 'attach': [{'switch': 'site-a-leaf-2'}]}]),
        dict(state='merged', config=[dict(WEB, vlan_id=2001)], may_fail=True)])
    assert made['changed'] is True and not made['failed'], made.play.output[-3000:]
    refused_step(vrf, 'VLAN 2300 on switch site-a-leaf-2 is given to VRF blue (this task) and network net-1 (in the fabric)')
    assert attached['changed'] is True and not attached['failed'], attached.play.output[-3000:]
    refused_step(network, 'VLAN 2001 on switch site-a-leaf-2 is given to network web (this task) and VRF vrf-1 (in the fabric)')


def test_a_network_in_a_vrf_the_fabric_does_not_have_is_refused(resource):
    run = resource('networks', 'merged', [dict(WEB, vrf='blue')])
    refused(run, 'network web is in VRF blue, which is not in the fabric: create VRF blue first (fabricops.dashboard.vrfs), '
                 'or give as vrf an existing VRF')


def test_a_spine_takes_no_attachment(resource):
    run, vrf = resource.steps('networks', [
        dict(state='merged', config=[dict(WEB, attach=[{'switch': 'site-a-spine-1'}])], may_fail=True),
        dict(module='vrfs', state='merged', config=[{'name': 'vrf-1', 'attach': [{'switch': 'site-a-spine-1'}]}], may_fail=True)])
    refused_step(run, 'network web: switch site-a-spine-1 is a spine, and spines carry no VRFs or networks')
    refused_step(vrf, 'VRF vrf-1: switch site-a-spine-1 is a spine')


def test_what_the_item_gives_is_checked_in_check_mode_as_in_a_run(resource):
    cases = [
        ('gateway_ipv4', '300.1.1.1/24', "network web: gateway_ipv4 '300.1.1.1/24' is not an IPv4 address with a prefix length; "
                                         "give it as address/prefix length, such as 10.1.1.1/24"),
        ('gateway_ipv4', '10.1.1.1', "network web: gateway_ipv4 '10.1.1.1' has no prefix length"),
        ('gateway_ipv6', '2001:db8::1', "network web: gateway_ipv6 '2001:db8::1' has no prefix length"),
        ('network_id', 16777215, 'network web: network_id 16777215 is not a usable VNI; give 1 to 16777214'),
        ('vlan_id', 4095, 'network web: vlan_id 4095 is not a usable VLAN; give 2 to 4094'),
    ]
    # every case in check mode, then for real, as the tasks of one play: a refusal writes nothing for the next to see
    steps = [dict(state='merged', config=[dict(WEB, **{option: value})], may_fail=True, check=check)
             for option, value, _text in cases for check in (True, False)]
    runs = resource.steps('networks', steps)
    for number, run in enumerate(runs):
        option, value, text = cases[number // 2]
        assert run.get('msg'), (option, value, run.play.output[-3000:])
        refused_step(run, text)


def test_outside_the_fabrics_ranges_is_a_warning_and_the_task_goes_on(resource):
    run = resource('networks', 'merged', [dict(WEB, network_id=60000, vlan_id=3500)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['changed'] is True and run.writes == 2
    assert warning_texts(run.result) == [
        'network web: network_id 60000 is outside the range fabric site-a sets for it (L2_SEGMENT_ID_RANGE 30000-49000); the '
        'controller takes it, but check that it is meant',
        'network web: vlan_id 3500 is outside the range fabric site-a sets for it (NETWORK_VLAN_RANGE 2300-2999); the '
        'controller takes it, but check that it is meant']
    assert '[WARNING]: network web: network_id 60000' in run.play.output


@pytest.mark.parametrize('state', ['merged', 'replaced'])
def test_the_vni_of_an_existing_object_does_not_change_in_place(resource, state):
    run, vrf = resource.steps('networks', [
        dict(state=state, config=[{'name': 'net-1', 'network_id': 30999, 'vrf': 'vrf-1'}], may_fail=True),
        dict(module='vrfs', state=state, config=[{'name': 'vrf-1', 'vrf_id': 50999}], may_fail=True)])
    refused_step(run, 'network net-1 has network_id 30001 in the fabric, and an object\'s network_id cannot change in place',
                 'delete network net-1 and create it anew with network_id 30999')
    refused_step(vrf, 'VRF vrf-1 has vrf_id 50001 in the fabric')


def test_template_params_that_an_option_sets_are_refused_naming_the_option(resource):
    run = resource('networks', 'merged', [dict(WEB, template_params={'enableL3OnBorder': True, 'segmentId': 30200, 'nveId': 1})])
    refused(run, 'network web: template_params enableL3OnBorder is what the option l3_gateway_on_border sets; give '
                 'l3_gateway_on_border instead of template_params enableL3OnBorder',
            'network web: template_params segmentId is what the option network_id sets')


def test_every_problem_of_a_task_in_one_message(resource):
    run = resource('networks', 'merged', [dict(WEB, vrf='blue', gateway_ipv4='10.1.1.1', attach=[{'switch': 'site-a-spine-1'}]),
                                          {'name': 'twin', 'network_id': 30001, 'layer2_only': True, 'vlan_id': 1}])
    refused(run, '(5 problems)', 'vlan_id 1 is not a usable VLAN', "gateway_ipv4 '10.1.1.1' has no prefix length",
            'VNI 30001 is given to network net-1', 'network web is in VRF blue', 'switch site-a-spine-1 is a spine')


def run_play(play, tmp_path, check=False, **steps):
    outcome = play('intent_play.yml', check=check, extra_vars=dict(steps, result_dir=str(tmp_path)))
    results = json.loads((tmp_path / 'play.json').read_text(encoding='utf-8')) if (tmp_path / 'play.json').exists() else {}
    return outcome, results


def test_check_mode_of_a_play_that_creates_a_vrf_then_its_network_succeeds_warning_of_the_dependency(play, emu, tmp_path):
    steps = {'vrfs_first': {'state': 'merged', 'config': [{'name': 'blue', 'vrf_id': 50101, 'vlan_id': 2101}]},
             'networks': {'state': 'merged', 'config': [dict(WEB, vrf='blue')]}}
    check, results = run_play(play, tmp_path, check=True, **steps)
    assert check.rc == 0, check.output[-3000:]
    assert emu.request_log() == []
    network = results['networks']
    assert network['changed'] is True
    assert warning_texts(network) == [
        'network web is in VRF blue, which is not in the fabric: create VRF blue first (fabricops.dashboard.vrfs), or give as '
        'vrf an existing VRF. A real run refuses this unless an earlier task of the play changes VRF blue first; check mode '
        'goes on as if it had']
    real, results = run_play(play, tmp_path, **steps)
    assert real.rc == 0, real.output[-3000:]
    assert results['networks']['changed'] is True and warning_texts(results['networks']) == []


def test_check_mode_of_a_play_that_deletes_the_networks_then_their_vrf_succeeds_warning_of_the_dependency(play, emu, tmp_path):
    steps = {'networks': {'state': 'deleted', 'config': [{'name': 'net-1'}]},
             'vrfs_last': {'state': 'deleted', 'config': [{'name': 'vrf-1'}]}}
    check, results = run_play(play, tmp_path, check=True, **steps)
    assert check.rc == 0, check.output[-3000:]
    assert emu.request_log() == []
    assert results['vrfs_last']['changed'] is True
    assert warning_texts(results['vrfs_last'])[0].startswith(
        'VRF vrf-1 still holds network net-1, and the controller cannot delete a VRF that holds any: delete or move those '
        'first. A real run refuses this unless an earlier task of the play changes network net-1 first')
    real, results = run_play(play, tmp_path, **steps)
    assert real.rc == 0, real.output[-3000:]
    assert results['vrfs_last']['changed'] is True


def test_the_checks_read_once_in_bulk_and_only_when_the_task_writes(resource):
    # a run each: a run keeps what it read for its later tasks, so in one run they would read nothing anyway
    def gets(run, path):
        return run.requests.get('GET ' + LAN_FABRIC + path, 0)

    settings, vrf_list = '/control/fabrics/{fabricName}', '/top-down/fabrics/{fabricName}/vrfs'
    vrf_attachments = '/top-down/fabrics/{fabricName}/vrfs/attachments'
    network_attachments = '/top-down/fabrics/{fabricName}/networks/attachments'
    web2 = dict(WEB, name='web-2', network_id=30102, vlan_id=2402, attach=[{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/14']}])
    run = resource('networks', 'merged', [WEB, web2])
    assert run.play.rc == 0, run.play.output[-3000:]
    # one read each: the fabric's settings, the VRFs, their attachments, the attachments of net-1 (not listed), and the
    # interfaces of the one switch both networks bring ports to
    assert (gets(run, settings), gets(run, vrf_list), gets(run, vrf_attachments), gets(run, network_attachments),
            gets(run, INTERFACE_DETAIL)) == (1, 1, 1, 1, 1)
    for again in (resource('networks', 'merged', [WEB]), resource('networks', 'gathered')):
        # nothing to write: no read of the checks
        assert (gets(again, settings), gets(again, vrf_list), gets(again, vrf_attachments), gets(again, INTERFACE_DETAIL)) == (
            0, 0, 0, 0), again.requests
    deleted = resource('networks', 'deleted', [{'name': 'web-2'}])
    assert (gets(deleted, settings), gets(deleted, vrf_list), gets(deleted, vrf_attachments)) == (0, 0, 0), deleted.requests
    # a VLAN change of an unattached network: the settings (its range), nothing of the VRFs (a VLAN on no switch shares
    # nothing with them; before, their list was read all the same)
    vlan = resource('networks', 'merged', [{'name': 'net-1', 'vlan_id': 2311}])
    assert (gets(vlan, settings), gets(vlan, vrf_list), gets(vlan, vrf_attachments), gets(vlan, INTERFACE_DETAIL)) == (
        1, 0, 0, 0), vlan.requests
    assert by_name(vlan['after'])['net-1']['vlan_id'] == 2311


def test_rendered_refuses_what_contradicts_itself_offline(resource, emu):
    config = [dict(WEB, attach=[{'switch': 'FDO0000TEST'}]), dict(WEB, name='web-2', vlan_id=2402, attach=[{'switch': 'FDO0000TEST'}])]
    run = resource('networks', 'rendered', config)
    assert run.play.rc == 2 and emu.counters()['logins'] == 0
    assert 'VNI 30101 is given to network web (this task) and network web-2 (this task): give web-2 another network_id' in run['msg']


def test_ports_a_switch_does_not_have_are_refused_naming_them_and_some_it_has(resource):
    """Before: the attachment call was sent and the controller refused its item ("Invalid interfaces"), after the
    network had been created."""
    config = [dict(WEB, attach=[{'switch': 'site-a-leaf-2', 'ports': ['Ethernet1/13', 'Ethernet1/99', 'ethernet9/1']}])]
    *refusals, fine = resource.steps('networks', [
        dict(state='merged', config=config, check=True, may_fail=True), dict(state='merged', config=config, may_fail=True),
        dict(state='merged', config=[dict(WEB, attach=[{'switch': 'site-a-leaf-2', 'ports': ['ethernet1/13']}])])])
    for run in refusals:
        refused_step(run, 'network web: switch site-a-leaf-2 has no port Ethernet1/99, ethernet9/1; give ports it has, as its '
                     'interface list names them (it has 54, such as Ethernet1/1, Ethernet1/2, Ethernet1/3, Ethernet1/54)')
        assert run.requests.get('GET ' + LAN_FABRIC + INTERFACE_DETAIL) == 1, run.requests
    # the controller compares port names without regard to letter case, and so does the check
    assert fine.play.rc == 0 and not fine['failed'], fine.play.output[-3000:]
    assert fine['changed'] is True


def test_a_port_that_is_no_interface_name_is_refused_from_the_task_alone(resource):
    config = [dict(WEB, attach=[{'switch': 'site-a-leaf-2', 'ports': ['not a port', 'Ethernet1/13']}])]
    text = ("network web: ports 'not a port' (attach, switch site-a-leaf-2) is not an interface name; give each port as the "
            "switch names it, such as Ethernet1/10")
    *refusals, rendered = resource.steps('networks', [
        dict(state='merged', config=config, check=True, may_fail=True), dict(state='merged', config=config, may_fail=True),
        dict(state='rendered', config=[dict(WEB, attach=[{'switch': 'FDO0000TEST', 'ports': ['not a port']}])], may_fail=True)])
    for run in refusals:
        refused_step(run, text)
    assert rendered['failed'] is True
    assert "network web: ports 'not a port' (attach, switch FDO0000TEST) is not an interface name" in rendered['msg']


def test_an_attachment_to_a_switch_not_in_the_fabric_is_refused_saying_to_add_it_first(resource):
    run = resource('networks', 'merged', [dict(WEB, attach=[{'switch': '192.0.2.11', 'ports': ['Ethernet1/10']}])])
    refused(run, 'config[0] (network web): switch 192.0.2.11 is not in fabric site-a: add it to the fabric first '
                 '(fabricops.dashboard.fabric_switches, in an earlier task), or give its name, serial number or IP address '
                 'as the fabric inventory lists it')
    # nothing to read of a switch the fabric does not have
    assert run.requests.get('GET ' + LAN_FABRIC + INTERFACE_DETAIL) is None, run.requests


def test_check_mode_of_a_play_that_adds_a_switch_then_attaches_a_network_to_it_warns_of_the_dependency(play, emu, tmp_path):
    """Before: --check failed the networks task ("switch 192.0.2.11 is not in fabric site-a"), though the play succeeds
    for real."""
    extra = {'result_dir': str(tmp_path), 'new_switch': '192.0.2.11',
             'network': dict(WEB, attach=[{'switch': '192.0.2.11', 'ports': ['Ethernet1/10']}])}
    check = play('switch_then_network.yml', check=True, extra_vars=extra)
    assert check.rc == 0, check.output[-3000:]
    results = json.loads((tmp_path / 'play.json').read_text(encoding='utf-8'))
    assert results['switch']['changed'] is True
    network = results['network']
    assert network['changed'] is True and not network.get('failed')
    assert warning_texts(network) == [
        'config[0] (network web): switch 192.0.2.11 is not in fabric site-a: add it to the fabric first '
        '(fabricops.dashboard.fabric_switches, in an earlier task), or give its name, serial number or IP address as the '
        'fabric inventory lists it. A real run refuses this unless an earlier task of the play changes the switches of '
        'fabric site-a first; check mode goes on as if it had']
    assert '[WARNING]: config[0] (network web): switch 192.0.2.11 is not in fabric site-a' in check.output
    assert emu.request_log() == []
    # and for real: the switch is added, then the network attached to its port
    real = play('switch_then_network.yml', extra_vars=extra)
    assert real.rc == 0, real.output[-3000:]
    results = json.loads((tmp_path / 'play.json').read_text(encoding='utf-8'))
    assert results['network']['changed'] is True and warning_texts(results['network']) == []
    attached = read_controller(emu, '/top-down/fabrics/site-a/networks/attachments?network-names=web')[0]['lanAttachList']
    assert [(entry['ipAddress'], entry['portNames']) for entry in attached if entry['isLanAttached']] == [('192.0.2.11', 'Ethernet1/10')]


def test_a_range_change_is_seen_by_the_runs_later_network_tasks(play, emu):
    """The run keeps a fabric's ranges for its VRF and network tasks (one read per run, not per task); a fabrics task that
    writes the fabric makes the next of those read them again. Without that, the second network task would check its VNI
    against the range the run first read, and not warn."""
    played = play('ranges_between_networks.yml')
    assert played.rc == 0, played.output[-3000:]
    assert read_controller(emu, '/control/fabrics/site-a')['nvPairs']['L2_SEGMENT_ID_RANGE'] == '30000-30200'
    assert ('[WARNING]: network r2: network_id 30302 is outside the range fabric site-a sets for it (L2_SEGMENT_ID_RANGE '
            '30000-30200)') in played.output, played.output[-3000:]
    assert 'network r1: network_id' not in played.output
