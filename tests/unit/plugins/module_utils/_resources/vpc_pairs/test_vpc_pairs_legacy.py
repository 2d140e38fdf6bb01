"""vPC pairs: the options a user writes and the controller's vPC pair calls, both ways (pure: a client that answers from a table)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import IntentChecks, IntentRefused
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs import VPC_PAIRS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.legacy import VpcPairMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.nvpairs import nv_pairs, settings_from_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import port_list, swapped
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

MODEL = VPC_PAIRS.model
INVENTORY = '/control/fabrics/f1/inventory/switchesByFabric'


def switch(serial, name, role='leaf', peer=None, domain=0, db_id=None):
    return {'serialNumber': serial, 'logicalName': name, 'ipAddress': '10.0.0.%s' % serial[-1], 'switchRole': role,
            'switchDbID': db_id or int(serial[-1]), 'isVpcConfigured': peer is not None, 'peerSerialNumber': peer,
            'vpcDomain': domain}


def fabric(policy=None, virtual=False, vpcs=0):
    """A fabric f1 of leaves SN1 to SN4 and a spine SN5; SN1 and SN2 paired (SN1 peer one), in domain 7."""
    inventory = [switch('SN1', 'leaf-1', peer='SN2', domain=7), switch('SN2', 'leaf-2', peer='SN1', domain=7),
                 switch('SN3', 'leaf-3'), switch('SN4', 'leaf-4'), switch('SN5', 'spine-5', role='spine')]
    pair = {'peerOneSerialNumber': 'SN1', 'peerTwoSerialNumber': 'SN2', 'peerOneDbId': 1, 'peerTwoDbId': 2,
            'logicalInterfaces': {'vPC': vpcs}}
    return {
        (INVENTORY, ()): inventory,
        ('/vpcpair/inventory', (('switchId', 1),)): pair,
        ('/vpcpair/recommendation', (('serialNumber', 'SN1'), ('useVirtualPeerlink', 'false'))): [
            {'serialNumber': 'SN2', 'currentPeer': True, 'useVirtualPeerlink': virtual}],
        ('/vpcpair/policy', (('serialNumber', 'SN1'),)): policy if policy is not None else {},
        ('/vpcpair/recommendation', (('serialNumber', 'SN3'), ('useVirtualPeerlink', 'false'))): [
            {'serialNumber': 'SN4', 'recommended': True, 'blockSelection': False},
            {'serialNumber': 'SN5', 'recommended': False, 'blockSelection': True, 'recommendationReason': 'Switches have different roles'}],
    }


def run_plan(state, config, answers=None):
    """(mapping, have, changes) of ``state`` for ``config`` over the fabric's pairs as read."""
    client = FakeController(answers or fabric())
    mapping = VpcPairMapping(MODEL, client, {'fabric': 'f1', 'state': state, 'config': config})
    have = mapping.read()
    wants = [MODEL.from_task(item, index) for index, item in enumerate(config)]
    return mapping, have, mapping.plan(MODEL, state, wants, have), wants


def refusals(state, config, answers=None):
    mapping, _have, changes, wants = run_plan(state, config, answers)
    checks = IntentChecks()
    mapping.check_intent(state, wants, changes, checks)
    with pytest.raises(IntentRefused) as refused:
        checks.conclude()
    return str(refused.value)


@pytest.mark.parametrize('given, ports', [
    (['e1/53-54'], ['Ethernet1/53', 'Ethernet1/54']),
    ('Ethernet1/54,eth1/53', ['Ethernet1/53', 'Ethernet1/54']),
    (['E1/1/2', 'ethernet1/10', 'e1/9'], ['Ethernet1/1/2', 'Ethernet1/9', 'Ethernet1/10']),
    ([], []),
])
def test_peer_link_members_have_one_spelling(given, ports):
    assert port_list(given, 'here') == ports


def test_a_peer_link_member_that_is_no_ethernet_port_is_refused():
    with pytest.raises(ModelError, match="'port-channel5' is no Ethernet port"):
        port_list(['port-channel5'], 'config[0]')


def test_a_task_item_in_the_models_terms_and_its_nvpairs():
    want = MODEL.from_task({'peer1': 'leaf-3', 'peer2': 'leaf-4', 'domain_id': '12', 'peer2_link_members': ['e1/53'],
                            'peer1_keepalive_ip': ' 192.0.2.1 ', 'template_params': {'PC_MODE': 'active', 'ADMIN_STATE': True}}, 0)
    assert want == {'name': 'leaf-3~leaf-4', 'peer1': 'leaf-3', 'peer2': 'leaf-4', 'domain_id': 12,
                    'peer2_link_members': ['Ethernet1/53'], 'peer1_keepalive_ip': '192.0.2.1',
                    'template_params': {'PC_MODE': 'active', 'ADMIN_STATE': 'true'}}
    assert nv_pairs(want) == {'DOMAIN_ID': '12', 'PEER2_MEMBER_INTERFACES': 'Ethernet1/53', 'PEER1_KEEP_ALIVE_LOCAL_IP': '192.0.2.1',
                              'PC_MODE': 'active', 'ADMIN_STATE': 'true'}


def test_a_policy_reads_as_options_and_template_params_and_back():
    pairs = {'DOMAIN_ID': '12', 'PEER1_PCID': '500', 'PEER2_PCID': '501', 'PEER1_MEMBER_INTERFACES': 'e1/53,e1/54',
             'KEEP_ALIVE_VRF': 'management', 'PEER1_PO_DESC': 'link', 'FABRIC_NAME': 'f1'}
    settings, rest = settings_from_controller(pairs)
    assert settings == {'domain_id': 12, 'peer1_port_channel': 500, 'peer2_port_channel': 501,
                        'peer1_link_members': ['Ethernet1/53', 'Ethernet1/54'], 'keepalive_vrf': 'management'}
    assert rest == {'PEER1_PO_DESC': 'link'}
    assert nv_pairs(dict(settings, template_params=rest))['PEER1_MEMBER_INTERFACES'] == 'Ethernet1/53,Ethernet1/54'


def test_swapping_the_peers_swaps_each_peers_settings_only():
    obj = {'peer1': 'a', 'peer2': 'b', 'domain_id': 3, 'peer1_port_channel': 10, 'peer2_link_members': ['Ethernet1/1']}
    assert swapped(obj) == {'peer1': 'b', 'peer2': 'a', 'domain_id': 3, 'peer2_port_channel': 10, 'peer1_link_members': ['Ethernet1/1']}


def test_a_pair_is_read_from_the_inventory_then_three_reads_and_named_the_other_way_round_is_the_same():
    policy = {'template': 'vpc_pair', 'nv_pairs': {'PEER1_PCID': '510', 'PEER2_PCID': '511'}}
    mapping, have, changes, _wants = run_plan('merged', [{'peer1': '10.0.0.2', 'peer2': 'leaf-1', 'peer1_port_channel': 511}],
                                              fabric(policy))
    assert have == {'leaf-1~leaf-2': {'name': 'leaf-1~leaf-2', 'peer1': 'leaf-1', 'peer2': 'leaf-2', 'use_virtual_peerlink': False,
                                      'domain_id': 7, 'peer1_port_channel': 510, 'peer2_port_channel': 511, 'template_params': {}}}
    assert len(mapping.client.reads) == 4
    # peer1_port_channel of the task's peer one (leaf-2) is the controller's peer two's
    assert [(change.name, change.changed) for change in changes] == [('leaf-1~leaf-2', False)]


def test_a_new_pair_posts_the_two_serials_and_only_the_settings_given():
    mapping, _have, changes, _wants = run_plan('merged', [{'peer1': 'leaf-3', 'peer2': 'leaf-4'},
                                                          {'peer1': 'leaf-2', 'peer2': 'leaf-1', 'use_virtual_peerlink': True}])
    created, changed = changes[0], changes[1]
    assert created.action == 'create' and mapping.body(created) == {'peerOneId': 'SN3', 'peerTwoId': 'SN4', 'useVirtualPeerlink': False}
    # an update carries what changed; the domain the controller chose is not sent back
    assert changed.action == 'update' and mapping.body(changed) == {'peerOneId': 'SN1', 'peerTwoId': 'SN2', 'useVirtualPeerlink': True}
    domain = run_plan('merged', [{'peer1': 'leaf-1', 'peer2': 'leaf-2', 'domain_id': 8}])[0]
    assert domain.body(run_plan('merged', [{'peer1': 'leaf-1', 'peer2': 'leaf-2', 'domain_id': 8}])[2][0])['nvPairs'] == {'DOMAIN_ID': '8'}


def test_replaced_resets_the_virtual_peerlink_and_keeps_the_settings():
    policy = {'template': 'vpc_pair', 'nv_pairs': {'PEER1_PCID': '510'}}
    _mapping, _have, changes, _wants = run_plan('replaced', [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}], fabric(policy, virtual=True))
    assert changes[0].action == 'update'
    assert changes[0].after['use_virtual_peerlink'] is False and changes[0].after['peer1_port_channel'] == 510


def test_overridden_unpairs_the_pairs_not_listed_and_deleted_only_the_listed_pair():
    _mapping, _have, changes, _wants = run_plan('overridden', [{'peer1': 'leaf-3', 'peer2': 'leaf-4'}])
    assert [(change.name, change.action) for change in changes] == [('leaf-3~leaf-4', 'create'), ('leaf-1~leaf-2', 'delete')]
    _mapping, _have, changes, _wants = run_plan('deleted', [{'peer1': 'leaf-2', 'peer2': 'leaf-1'}, {'peer1': 'leaf-1', 'peer2': 'leaf-3'}])
    assert [(change.name, change.action) for change in changes] == [('leaf-1~leaf-2', 'delete')]


@pytest.mark.parametrize('config, message', [
    ([{'peer1': 'leaf-3', 'peer2': 'SN3'}], 'vPC pair leaf-3 and leaf-3: peer1 and peer2 name the same switch'),
    ([{'peer1': 'leaf-3', 'peer2': 'spine-5'}], 'switch leaf-3 is a leaf and spine-5 a spine'),
    ([{'peer1': 'leaf-3', 'peer2': 'leaf-9'}], 'config[0] peer2: switch leaf-9 is not in fabric f1'),
    ([{'peer1': 'leaf-3', 'peer2': 'leaf-4'}, {'peer1': 'leaf-4', 'peer2': 'leaf-2'}], 'switch leaf-4 is named in two pairs'),
    ([{'peer1': 'leaf-3', 'peer2': 'leaf-1'}], 'switch leaf-1 is already paired, in vPC pair leaf-1 and leaf-2; unpair it first'),
    ([{'peer1': 'leaf-3', 'peer2': 'leaf-4', 'peer1_port_channel': 0}], 'peer1_port_channel 0 is not a usable port-channel number'),
    ([{'peer1': 'leaf-3', 'peer2': 'leaf-4', 'peer2_keepalive_ip': '10.1.1.1/24'}], "peer2_keepalive_ip '10.1.1.1/24' is not an IP address"),
    ([{'peer1': 'leaf-3', 'peer2': 'leaf-4', 'template_params': {'PEER1_PCID': '5'}}],
     'template_params PEER1_PCID is what the option peer1_port_channel sets'),
])
def test_what_cannot_work_is_refused(config, message):
    assert message in refusals('merged', config)


def test_the_controllers_recommendation_is_asked_for_a_new_pair_only_and_its_reason_given():
    mapping, _have, changes, wants = run_plan('merged', [{'peer1': 'leaf-3', 'peer2': 'leaf-4'}])
    checks = IntentChecks()
    mapping.check_intent('merged', wants, changes, checks)
    assert checks.conclude() == []
    assert mapping.client.reads[-1][0] == '/vpcpair/recommendation'
    answers = fabric()
    answers[('/vpcpair/recommendation', (('serialNumber', 'SN3'), ('useVirtualPeerlink', 'false')))][0]['blockSelection'] = True
    answers[('/vpcpair/recommendation', (('serialNumber', 'SN3'), ('useVirtualPeerlink', 'false')))][0]['recommendationReason'] = 'No'
    assert 'the controller blocks this pairing: No' in refusals('merged', [{'peer1': 'leaf-3', 'peer2': 'leaf-4'}], answers)


def test_a_pair_with_vpc_interfaces_is_not_unpaired_and_check_mode_only_warns():
    assert 'vPC pair leaf-1 and leaf-2 has 2 vPC interfaces; delete them first' in refusals(
        'deleted', [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}], fabric(vpcs=2))
    mapping, _have, changes, wants = run_plan('deleted', [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}], fabric(vpcs=2))
    checks = IntentChecks(check_mode=True)
    mapping.check_intent('deleted', wants, changes, checks)
    assert 'A real run refuses this unless an earlier task of the play changes the vPC interfaces' in checks.conclude()[0]


def test_deploy_names_both_switches_of_each_pair_touched_and_only_with_deploy():
    mapping, _have, changes, _wants = run_plan('overridden', [{'peer1': 'leaf-3', 'peer2': 'leaf-4'}])
    assert mapping.to_deploy(changes) == []
    mapping.params['deploy'] = True
    assert mapping.to_deploy(changes) == ['leaf-3', 'leaf-4', 'leaf-1', 'leaf-2']


@pytest.mark.parametrize('status, deployed', [('Out-of-Sync', ['leaf-1', 'leaf-2']), ('Failed', ['leaf-1', 'leaf-2']),
                                              ('In-Sync', []), ('Pending', []), (None, [])])
def test_deploy_names_both_switches_of_a_listed_pair_left_as_it_is_when_one_is_not_in_sync(status, deployed):
    """deploy's one rule (deploy.sync_plan), from the sync state of the inventory read fresh: one switch out of sync (or
    whose deploy failed) deploys the pair's two; one deploying now (Pending) is not deployed again; NA asks for nothing."""
    answers = fabric()
    answers[(INVENTORY, ())][1]['ccStatus'] = status
    mapping, _have, changes, _wants = run_plan('merged', [{'peer1': 'leaf-2', 'peer2': 'leaf-1'}], answers)
    assert not changes[0].changed and mapping.to_deploy(changes) == []
    mapping.params['deploy'] = True
    assert mapping.to_deploy(changes) == deployed


def test_a_name_two_switches_share_asks_for_the_serial_number():
    answers = fabric()
    answers[(INVENTORY, ())][3]['logicalName'] = 'leaf-3'
    with pytest.raises(ModelError, match='several switches of fabric f1 are called leaf-3 .SN3, SN4.; give the serial number'):
        run_plan('merged', [{'peer1': 'leaf-3', 'peer2': 'leaf-1'}], answers)


def test_an_empty_member_list_or_text_given_reads_back_as_given():
    want = MODEL.from_task({'peer1': 'a', 'peer2': 'b', 'peer1_link_members': [], 'keepalive_vrf': ''}, 0)
    settings, rest = settings_from_controller(nv_pairs(want))
    assert (settings, rest) == ({'peer1_link_members': [], 'keepalive_vrf': ''}, {})
    # a number the template leaves empty is no setting
    assert settings_from_controller({'DOMAIN_ID': '', 'PEER1_PCID': ' '}) == ({}, {})


def test_whether_a_switch_is_paired_is_read_fresh_though_the_run_keeps_its_switches():
    client = FakeController(fabric())
    VpcPairMapping(MODEL, client, {'fabric': 'f1', 'state': 'merged', 'config': [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}]}).read()
    kept = client.kept[('fabric_switches', 'f1')]
    assert kept[0]['switchDbID'] == 1 and 'isVpcConfigured' not in kept[0] and 'peerSerialNumber' not in kept[0]
    again = VpcPairMapping(MODEL, client, {'fabric': 'f1', 'state': 'merged', 'config': [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}]})
    assert list(again.read()) == ['leaf-1~leaf-2']
    assert [path for path in client.read_paths() if path == INVENTORY] == [INVENTORY] * 2
