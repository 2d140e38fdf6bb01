"""fabricops.dashboard.vpc_pairs on the /api/v1/manage API of a 4.2 dashboard: what only 4.2 does, run as a user runs it
against a 4.2.1 platform that serves no legacy path (set up and looked at through the emulator's legacy view of the same
store). What the module does alike on both APIs is tested on both in test_vpc_pairs.py.

No vPC pair call of 4.2 answers per item (docs/api/platform.yaml: a pair's PUT answers 204, switchActions/deploy 200), so
a refused pair is a refused request, tested in test_vpc_pairs.py on both APIs.
"""

import json

from conftest import LAN_FABRIC
from dashboard_emulator.pytest_plugin import RELEASE_42, emu_of_each
from test_vpc_pairs import PAIR, SETTINGS, four_leaves

# the fixture ``leaves`` of test_vpc_pairs.py (four leaves discovered into site-a), which the tests take by that name
FIXTURES = (four_leaves,)

emu = emu_of_each(((RELEASE_42, False),))
MANAGE = '/api/v1/manage/fabrics/site-a'


def test_settings_go_as_typed_vpc_pair_details_and_rendered_is_what_the_run_sends(play, resource, emu, leaves, tmp_path):
    config = [PAIR, SETTINGS]
    result_file = tmp_path / 'rendered.json'
    emu.clear_request_log()
    # offline, with the switches named by serial number as rendered takes them
    rendered_config = [dict(item, peer1=leaves[item['peer1']], peer2=leaves[item['peer2']]) for item in config]
    outcome = play('resource_vpc_pairs.yml', extra_vars={
        'resource_state': 'rendered', 'resource_config': rendered_config, 'resource_deploy': True,
        'resource_controller_api': 'manage', 'result_file': str(result_file)})
    assert outcome.rc == 0, outcome.output[-3000:]
    rendered = json.loads(result_file.read_text(encoding='utf-8'))['rendered']
    assert emu.request_log() == []
    plain, given, deploy = rendered
    assert plain == {'method': 'PUT', 'path': '%s/switches/%s/vpcPair' % (MANAGE, leaves['switch-3']), 'body': {
        'vpcAction': 'pair', 'switchId': leaves['switch-3'], 'peerSwitchId': leaves['switch-4'], 'useVirtualPeerLink': False}}
    # the settings as 4.2 types them: numbers, lists of ports, template_params by their field
    assert given['body']['vpcPairDetails'] == {
        'type': 'default', 'domainId': 12, 'switchPoId': 510, 'peerSwitchPoId': 511,
        'switchMemberInterfaces': ['Ethernet1/53', 'Ethernet1/54'], 'peerSwitchMemberInterfaces': ['Ethernet1/53', 'Ethernet1/54'],
        'switchPoDescription': 'to switch-6'}
    # one deploy of every switch
    assert deploy == {'method': 'POST', 'path': MANAGE + '/switchActions/deploy', 'body': {
        'switchIds': [leaves[name] for name in ('switch-3', 'switch-4', 'switch-5', 'switch-6')]}}
    # the same task for real (auto: the dashboard's 4.2) writes exactly that, deploys and waits
    run = resource('vpc_pairs', 'merged', config, deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['deployment'] == dict.fromkeys(('switch-3', 'switch-4', 'switch-5', 'switch-6'), 'IN-SYNC')
    written = [(entry['method'], entry['path'], entry['body']) for entry in emu.request_log()]
    assert written == [(request['method'], request['path'], request['body']) for request in rendered]
    # the legacy view of the same store: the vpc_pair template's nvPairs
    policy = emu.login().get(emu.legacy_url(LAN_FABRIC + '/vpcpair/policy?serialNumber=%s' % leaves['switch-5']), timeout=10).json()
    assert policy['nv_pairs']['PEER2_MEMBER_INTERFACES'] == 'Ethernet1/53,Ethernet1/54' and policy['nv_pairs']['DOMAIN_ID'] == '12'


def test_what_4_2_cannot_carry_is_refused_before_any_request(resource, emu, leaves):
    del leaves
    run = resource('vpc_pairs', 'merged', [
        dict(PAIR, template_params={'PEER1_PO_CONF': 'lacp rate fast'}),
        dict(SETTINGS, template_params={'KEEP_ALIVE_HOLD_TIMEOUT': 'soon'})])
    assert run.play.rc == 2 and run.writes == 0, run.requests
    assert 'config[0] (vPC pair switch-3 and switch-4): template_params PEER1_PO_CONF has no field in the vpcPairDetails of ' \
           'the /api/v1/manage API (ND 4.2 and later)' in run['msg'], run['msg']
    assert 'template_params KEEP_ALIVE_HOLD_TIMEOUT must be a whole number on the /api/v1/manage API' in run['msg']
    assert 'controller_api: legacy' in run['msg'] and 'Nothing was written' in run['msg']
    # refused from config alone: neither the switches nor the pairs were read
    assert not any('/api/v1/manage/fabrics/' in key for key in run.requests), run.requests


def test_a_frozen_fabric_refuses_a_task_that_deploys_before_any_write(resource, emu, leaves):
    del leaves
    session = emu.login()
    assert session.put(emu.legacy_url(LAN_FABRIC + '/control/fabrics/site-a/Easy_Fabric'), json={'DEPLOYMENT_FREEZE': True},
                       timeout=10).status_code == 200
    # one play: the task that deploys, refused; then without a deploy, which makes the pair as usual
    refused, made = resource.steps('vpc_pairs', [dict(state='merged', config=[PAIR], deploy=True, may_fail=True),
                                                 dict(state='merged', config=[PAIR])])
    assert refused['failed'] is True and refused.writes == 0, refused.requests
    assert 'Fabric site-a is frozen' in refused['msg'] and 'Nothing was written' in refused['msg'], refused['msg']
    assert 'switch-3, switch-4' in refused['msg']
    assert made.writes == 1
