"""fabricops.dashboard.interfaces on the /api/v1/manage API of a 4.2 dashboard, run as a user runs it, against the
emulator's fabric site-a (site-a-spine-1 and site-a-leaf-2, the leaf's ports at int_trunk_host).

Most tests run on a 4.2.1 platform that serves no legacy path (so nothing of the run can fall back on one); those that
need a legacy path (to freeze the fabric, to make an interface through the legacy API) run on a 4.2.1 platform that
serves both, from one store. Writes are counted by the emulator, and read back from its request log.
"""

import json

import pytest

from conftest import LAN_FABRIC, assert_idempotent
from dashboard_emulator.pytest_plugin import RELEASE_42, emu_of_each

# a 4.2.1 platform without its legacy paths; tests that need them ask for RELEASE_42 (indirect)
emu = emu_of_each(((RELEASE_42, False),))
BOTH_APIS = pytest.mark.parametrize('emu', [RELEASE_42], indirect=True, ids=['4.2.1-with-legacy'])
LEAF, SPINE = 'site-a-leaf-2', 'site-a-spine-1'
ACCESS = {'switch': LEAF, 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 2301, 'description': 'web-01'}
TRUNK = {'switch': '10.1.0.2', 'name': 'eth1/11', 'mode': 'trunk', 'allowed_vlans': '2301-2303,2400', 'native_vlan': 2301,
         'description': 'uplink'}
LOOPBACK = {'switch': LEAF, 'name': 'loopback10', 'ipv4_address': '10.2.0.10', 'vrf': 'vrf-1', 'description': 'router id'}
MANAGE = '/api/v1/manage/fabrics/site-a'


def writes_of(emu):
    """(method, path below /api/v1/manage/fabrics/site-a) of the writes the emulator served since its reset."""
    return [(entry['method'], entry['path'].replace(MANAGE, '')) for entry in emu.request_log()]


def by_key(objects):
    return {'%s %s' % (item['switch'], item['name']): item for item in objects}


def test_merged_writes_each_port_and_the_new_loopback_then_reruns_and_checks_with_no_write(resource, emu):
    config = [ACCESS, TRUNK, LOOPBACK]
    check, run = resource.steps('interfaces', [dict(state='merged', config=config, check=True, diff=True),
                                               dict(state='merged', config=config, diff=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0, check.requests
    # check mode planned what the run did
    assert run['changed'] is True and check['after'] == run['after'] and check.diff == run.diff
    serial = run['requests'][-1].split('/')[4]
    # the two ports taken from their default policy and the new loopback in the switch's one POST; no deploy without
    # deploy: true
    assert run['requests'] == ['POST /fabrics/site-a/switches/%s/interfaces' % serial], run['requests']
    after = by_key(run['after'])
    assert after[LEAF + ' Ethernet1/10']['access_vlan'] == 2301 and after[LEAF + ' Ethernet1/10']['description'] == 'web-01'
    assert after[LEAF + ' Ethernet1/11']['allowed_vlans'] == '2301-2303,2400' and after[LEAF + ' Ethernet1/11']['native_vlan'] == 2301
    assert after[LEAF + ' Loopback10']['ipv4_address'] == '10.2.0.10/32' and after[LEAF + ' Loopback10']['vrf'] == 'vrf-1'
    # the loopback as 4.2 holds it: typed, its address in CIDR
    posted = next(entry for entry in emu.request_log() if entry['method'] == 'POST' and entry['path'].endswith('/interfaces'))
    policies = {item['interfaceName']: item['configData']['networkOS']['policy'] for item in posted['body']['interfaces']}
    assert sorted(policies) == ['Ethernet1/10', 'Ethernet1/11', 'loopback10']
    assert policies['loopback10'] == {
        'policyType': 'loopback', 'adminState': True, 'description': 'router id', 'ip': '10.2.0.10/32', 'vrfInterface': 'vrf-1'}
    # a port already configured is PUT on its own (4.2 has no bulk update)
    changed = dict(ACCESS, access_vlan=2302)
    put = resource('interfaces', 'merged', [changed])
    assert put.play.rc == 0 and put['requests'] == ['PUT /fabrics/site-a/switches/%s/interfaces/Ethernet1/10' % serial], put['requests']
    assert_idempotent(resource, 'interfaces', 'merged', [changed, TRUNK, LOOPBACK])


def test_gathered_fed_back_to_merged_writes_nothing(resource, emu):
    _made, gathered = resource.steps('interfaces', [dict(state='merged', config=[ACCESS, TRUNK, LOOPBACK]), dict(state='gathered')])
    assert gathered.play.rc == 0 and gathered.writes == 0, gathered.play.output[-3000:]
    found = by_key(gathered['gathered'])
    assert found[LEAF + ' Loopback10']['ipv4_address'] == '10.2.0.10/32'
    assert found[LEAF + ' Ethernet1/12']['description'] == ''
    assert found[LEAF + ' Ethernet1/12']['mode'] == 'trunk' and found[LEAF + ' Ethernet1/12']['template_params'] == {
        'BPDUGUARD_ENABLED': 'false', 'CONF': 'no shutdown', 'PORTTYPE_FAST_ENABLED': 'true'}
    # the leaf's interfaces (the spine's ports are routed, which this module does not write on 4.2), in a run of their own
    again = resource('interfaces', 'merged', [item for item in gathered['gathered'] if item['switch'] == LEAF])
    assert again.play.rc == 0, again.play.output[-3000:]
    assert again['changed'] is False and again.writes == 0, again.requests


def test_deleted_normalizes_a_port_and_removes_a_loopback_in_one_deploy(resource, emu):
    names = [{'switch': LEAF, 'name': 'Ethernet1/10'}, {'switch': LEAF, 'name': 'Loopback10'}]
    # the setup in a run of its own: the request log, cleared after it, then holds the delete's requests only
    assert resource('interfaces', 'merged', [ACCESS, LOOPBACK]).play.rc == 0
    emu.clear_request_log()
    gone = resource('interfaces', 'deleted', names)
    assert gone.play.rc == 0, gone.play.output[-3000:]
    assert gone['changed'] is True
    # a port goes back to the leaf's default (int_trunk_host) with normalize, never a DELETE; the loopback with remove
    assert [method for method, _path in writes_of(emu)] == ['POST', 'POST', 'POST'], writes_of(emu)
    assert [path for _method, path in writes_of(emu)] == [
        '/interfaceActions/remove', '/interfaceActions/normalize', '/interfaceActions/deploy']
    normalize = emu.request_log()[1]['body']
    assert normalize['configData']['networkOS']['policy']['policyType'] == 'trunkHost'
    assert [item['interfaceName'] for item in normalize['switchInterfaces']] == ['Ethernet1/10']
    assert set(gone['deployment'][LEAF].values()) == {'IN-SYNC'}
    # the rerun in a run of its own, then gathered in it
    again, gathered = resource.steps('interfaces', [dict(state='deleted', config=names), dict(state='gathered')])
    assert again.play.rc == 0 and again['changed'] is False and again.writes == 0, again.requests
    after = by_key(gathered['gathered'])
    assert LEAF + ' Loopback10' not in after
    assert after[LEAF + ' Ethernet1/10']['mode'] == 'trunk' and after[LEAF + ' Ethernet1/10']['allowed_vlans'] == 'none'


def test_deploy_is_one_interface_actions_deploy_for_the_whole_task(resource, emu):
    run = resource('interfaces', 'merged', [ACCESS, TRUNK, LOOPBACK], deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    deploys = [entry for entry in emu.request_log() if entry['path'].endswith('/interfaceActions/deploy')]
    assert len(deploys) == 1 and run['requests'][-1] == 'POST /fabrics/site-a/interfaceActions/deploy'
    assert sorted(item['interfaceName'] for item in deploys[0]['body']['interfaces']) == ['Ethernet1/10', 'Ethernet1/11', 'loopback10']
    assert run['deployment'] == {LEAF: {'Ethernet1/10': 'IN-SYNC', 'Ethernet1/11': 'IN-SYNC', 'Loopback10': 'IN-SYNC'}}
    again = resource('interfaces', 'merged', [ACCESS, TRUNK, LOOPBACK], deploy=True)
    assert again.play.rc == 0 and again['changed'] is False and again.writes == 0, again.requests


@pytest.mark.parametrize('item, words', [
    ({'switch': LEAF, 'name': 'po20', 'mode': 'trunk', 'members': ['Ethernet1/21']}, 'a port-channel is not managed'),
    ({'switch': LEAF, 'name': 'Ethernet1/48', 'mode': 'routed', 'ipv4_address': '10.33.0.1/30'}, 'mode routed'),
    ({'switch': LEAF, 'name': 'Ethernet1/12', 'mode': 'trunk', 'template_params': {'SPEED_GROUP': 'x'}}, 'template_params SPEED_GROUP'),
    ({'switch': LEAF, 'name': 'vlan333', 'vrf': 'blue'}, 'vrf has no place in the svi policy'),
], ids=['port-channel', 'routed', 'template-params', 'svi-vrf'])
def test_what_4_2_cannot_carry_is_refused_before_any_write(resource, emu, item, words):
    refused = resource('interfaces', 'merged', [ACCESS, item])
    assert refused.play.rc != 0 and refused.writes == 0, refused.requests
    assert words in refused['msg'] and '/api/v1/manage API (ND 4.2 and later)' in refused['msg'], refused['msg']


def test_deleting_a_port_of_the_spine_is_refused_as_4_2_has_no_routed_policy(resource, emu):
    refused = resource('interfaces', 'deleted', [{'switch': SPINE, 'name': 'Ethernet1/3', }])
    # the spine's ports are at their default already: nothing to do, nothing refused
    assert refused.play.rc == 0 and refused['changed'] is False and refused.writes == 0


@BOTH_APIS
def test_a_frozen_fabric_refuses_a_task_that_deploys_before_any_write(resource, emu):
    session = emu.login()
    assert session.put(emu.url(LAN_FABRIC + '/control/fabrics/site-a/Easy_Fabric'), json={'DEPLOYMENT_FREEZE': True},
                       timeout=10).status_code == 200
    # one play: the task that deploys, refused; then without a deploy, which writes as usual
    refused, written = resource.steps('interfaces', [dict(state='merged', config=[ACCESS], deploy=True, may_fail=True),
                                                     dict(state='merged', config=[ACCESS])])
    assert refused['failed'] is True and refused.writes == 0, refused.requests
    assert 'Fabric site-a is frozen' in refused['msg'] and 'Nothing was written' in refused['msg']
    assert written.writes == 1


@BOTH_APIS
def test_an_interface_made_on_the_legacy_api_reads_the_same_through_4_2(play, resource, emu, tmp_path):
    def legacy(state, config=None):
        result_file = tmp_path / 'legacy.json'
        extra = {'resource_state': state, 'resource_controller_api': 'legacy', 'result_file': str(result_file)}
        if config:
            extra['resource_config'] = config
        done = play('resource_interfaces.yml', extra_vars=extra)
        assert done.rc == 0, done.output[-3000:]
        return json.loads(result_file.read_text(encoding='utf-8'))
    made = legacy('merged', [ACCESS, TRUNK, LOOPBACK])
    assert any(request.startswith('POST /globalInterface') for request in made['requests'])
    # the 4.2 run reads what the legacy run made, then gathers
    manage, manage_gathered = resource.steps('interfaces', [dict(state='merged', config=[ACCESS, TRUNK, LOOPBACK]), dict(state='gathered')])
    assert manage.play.rc == 0 and manage['changed'] is False and manage.writes == 0, manage.requests
    assert by_key(manage['before']) == by_key(made['after'])
    # every interface of the leaf, as each API lists it
    on_legacy = [item for item in legacy('gathered')['gathered'] if item['switch'] == LEAF]
    on_manage = [item for item in manage_gathered['gathered'] if item['switch'] == LEAF]
    assert len(on_manage) == 55 and by_key(on_manage) == by_key(on_legacy)
