"""Interfaces: the options a user writes and the controller's interface policies, both ways (pure)."""

import re

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces import INTERFACES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.legacy import InterfaceMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import nv_pairs, object_from_controller, owned_keys
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import policy_of, settle_mode
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import vlan_list
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import IntentChecks, IntentRefused
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

MODEL = INTERFACES.model


@pytest.mark.parametrize('given, spelled', [
    ('none', 'none'), ('ALL', 'all'), ('10,11,12,20', '10-12,20'), ('30-32, 10', '10,30-32'), ('5-3', '3-5'),
])
def test_allowed_vlans_have_one_spelling(given, spelled):
    assert vlan_list(given)[0] == spelled


def test_allowed_vlans_that_are_no_list_are_refused():
    with pytest.raises(ModelError, match='is not none, all or a list of VLANs'):
        vlan_list('10;20')


def test_a_ten_kilobyte_number_in_allowed_vlans_is_refused_in_a_short_message():
    """Issue 36 item 15: int() of it raised ValueError (over 4300 digits), which escaped as a traceback."""
    with pytest.raises(ModelError, match='is not none, all or a list of VLANs') as refused:
        vlan_list('1' * 10000)
    assert len(str(refused.value)) < 300 and 'more characters not shown' in str(refused.value)


def test_a_task_item_in_the_models_terms():
    item = {'switch': 'leaf-1', 'name': 'lo5', 'ipv4_address': '10.2.0.5', 'enabled': False, 'template_params': {'V6IP': None}}
    want = MODEL.from_task(item, 0)
    assert want == {'name': 'leaf-1 Loopback5', 'switch': 'leaf-1', 'interface': 'Loopback5', 'ipv4_address': '10.2.0.5/32',
                    'enabled': False, 'template_params': {'V6IP': ''}}


def test_a_layer2_mtu_given_as_a_number_is_the_templates_choice():
    want = MODEL.from_task({'switch': 's', 'name': 'Ethernet1/1', 'mode': 'trunk', 'mtu': 9216}, 0)
    settle_mode(want, None)
    assert want['mtu'] == 'jumbo'
    routed = MODEL.from_task({'switch': 's', 'name': 'Ethernet1/2', 'mode': 'routed', 'mtu': 9216}, 0)
    settle_mode(routed, None)
    assert routed['mtu'] == '9216'


def test_a_want_without_mode_takes_the_interfaces_current_one():
    want = MODEL.from_task({'switch': 's', 'name': 'Ethernet1/1', 'description': 'x'}, 0)
    settle_mode(want, {'mode': 'access'})
    assert want['mode'] == 'access'


# An access port as GET /interface lists it (docs/api/fabric-controller.yaml; values invented).
WIRE_ACCESS = {'ifName': 'Ethernet1/10', 'interfaceType': 'INTERFACE_ETHERNET', 'policy': 'int_access_host', 'nvPairs': {
    'INTF_NAME': 'Ethernet1/10', 'ACCESS_VLAN': '2301', 'DESC': 'web-01', 'MTU': 'jumbo', 'SPEED': 'Auto',
    'ADMIN_STATE': 'true', 'BPDUGUARD_ENABLED': 'true', 'POLICY_ID': 'POLICY-100', 'FABRIC_NAME': 'f1'}}


def test_an_access_port_as_read_in_the_modules_terms_and_back():
    obj = object_from_controller(WIRE_ACCESS, 'leaf-1')
    assert obj == {'name': 'leaf-1 Ethernet1/10', 'switch': 'leaf-1', 'interface': 'Ethernet1/10', 'policy': 'int_access_host',
                   'mode': 'access', 'description': 'web-01', 'enabled': True, 'mtu': 'jumbo', 'speed': 'Auto',
                   'access_vlan': 2301, 'template_params': {'BPDUGUARD_ENABLED': 'true'}}
    # what is sent back is what was read, without what the controller keeps of its own
    sent = dict(WIRE_ACCESS['nvPairs'])
    del sent['POLICY_ID'], sent['FABRIC_NAME']
    assert nv_pairs(obj) == sent and policy_of(obj) == 'int_access_host'
    assert MODEL.for_output(obj) == {'switch': 'leaf-1', 'name': 'Ethernet1/10', 'mode': 'access', 'policy': 'int_access_host',
                                     'description': 'web-01', 'enabled': True, 'mtu': 'jumbo', 'speed': 'Auto',
                                     'access_vlan': 2301, 'template_params': {'BPDUGUARD_ENABLED': 'true'}}


def test_a_port_channel_and_a_routed_port_and_a_loopback_both_ways():
    channel = object_from_controller({'ifName': 'port-channel20', 'policy': 'int_port_channel_trunk_host', 'nvPairs': {
        'MEMBER_INTERFACES': 'e1/21,e1/20', 'PC_MODE': 'active', 'ALLOWED_VLANS': '10,11', 'NATIVE_VLAN': '', 'PO_ID': 'port-channel20',
        'MTU': 'jumbo', 'DESC': '', 'ADMIN_STATE': 'true', 'INTF_NAME': 'port-channel20'}}, 'leaf-1')
    assert channel['members'] == ['Ethernet1/20', 'Ethernet1/21'] and channel['allowed_vlans'] == '10-11'
    assert 'native_vlan' not in channel and channel['template_params'] == {}
    pairs = nv_pairs(channel)
    assert (pairs['MEMBER_INTERFACES'], pairs['PO_ID'], pairs['NATIVE_VLAN']) == ('Ethernet1/20,Ethernet1/21', 'port-channel20', '')
    routed = object_from_controller({'ifName': 'Ethernet1/48', 'policy': 'int_routed_host', 'nvPairs': {
        'IP': '10.33.0.1', 'PREFIX': '30', 'INTF_VRF': '', 'MTU': '9216'}}, 'leaf-1')
    assert routed['ipv4_address'] == '10.33.0.1/30' and routed['vrf'] == '' and routed['mtu'] == '9216'
    assert (nv_pairs(routed)['IP'], nv_pairs(routed)['PREFIX']) == ('10.33.0.1', '30')
    loopback = object_from_controller({'ifName': 'Loopback10', 'policy': 'int_loopback', 'nvPairs': {'IP': '10.2.0.10'}}, 'leaf-1')
    assert loopback['ipv4_address'] == '10.2.0.10/32' and 'PREFIX' not in nv_pairs(loopback)
    # a loopback written through 4.2 may hold its address with its length: read the same, not 10.2.0.10/32/32
    cidr = object_from_controller({'ifName': 'Loopback10', 'policy': 'int_loopback', 'nvPairs': {'IP': '10.2.0.10/32'}}, 'leaf-1')
    assert cidr['ipv4_address'] == '10.2.0.10/32'


def test_a_policy_the_module_does_not_know_keeps_every_parameter_in_template_params():
    obj = object_from_controller({'ifName': 'Ethernet1/5', 'policy': 'int_monitor_ethernet', 'nvPairs': {
        'INTF_NAME': 'Ethernet1/5', 'CONF': 'x'}}, 'leaf-1')
    assert 'mode' not in obj and obj['template_params'] == {'CONF': 'x'} and policy_of(obj) == 'int_monitor_ethernet'


def test_options_own_their_nvpairs():
    assert owned_keys(('ethernet', 'access'))['ACCESS_VLAN'] == 'access_vlan'
    assert owned_keys(('ethernet', 'routed'))['PREFIX'] == 'ipv4_address'
    assert 'ACCESS_VLAN' not in owned_keys(('ethernet', 'trunk'))


def test_merged_on_a_new_mode_starts_from_its_defaults_keeping_the_description():
    have = object_from_controller(WIRE_ACCESS, 'leaf-1')
    want = {'name': 'leaf-1 Ethernet1/10', 'switch': 'leaf-1', 'interface': 'Ethernet1/10', 'mode': 'trunk', 'allowed_vlans': '10'}
    merged = MODEL.merged(have, want)
    assert merged['policy'] == 'int_trunk_host' and merged['description'] == 'web-01' and 'access_vlan' not in merged
    assert merged['template_params'] == {}
    # replaced keeps the parameters it does not name while the policy stays
    replaced = MODEL.replaced(have, dict(want, mode='access', allowed_vlans=None))
    assert replaced['template_params'] == {'BPDUGUARD_ENABLED': 'true'} and replaced['description'] == ''


def test_a_port_at_the_default_policy_is_recognised_per_role():
    leaf_default = {'mode': 'trunk', 'allowed_vlans': 'none', 'description': '', 'enabled': True}
    assert MODEL.is_default(leaf_default, 'leaf') and not MODEL.is_default(leaf_default, 'spine')
    assert MODEL.is_default({'mode': 'routed', 'vrf': ''}, 'spine')
    assert not MODEL.is_default(dict(leaf_default, description='x'), 'leaf')


def checks_of(config):
    mapping = InterfaceMapping(MODEL, client=None, params={'fabric': 'f1'})
    wants = [MODEL.from_task(item, index) for index, item in enumerate(config)]
    mapping.prepare_offline(wants)
    checks = IntentChecks()
    for want in wants:
        settle_mode(want, None)
    from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan
    mapping.check_intent('rendered', wants, plan(MODEL, 'merged', wants, {}), checks)
    return checks


@pytest.mark.parametrize('item, message', [
    ({'mode': 'trunk', 'access_vlan': 10}, 'takes no access_vlan'),
    ({'mode': 'access', 'members': ['Ethernet1/2']}, 'takes no members'),
    ({'mode': 'trunk', 'native_vlan': 1}, 'native_vlan 1 is not a usable VLAN; give 2 to 4094'),
    ({'mode': 'trunk', 'allowed_vlans': '1-4094'}, None),
    ({'mode': 'routed', 'ipv4_address': '10.0.0.1'}, 'has no prefix length'),
    ({'mode': 'routed', 'mtu': '100'}, 'mtu 100 must be a number from 576 to 9216'),
    ({'mode': 'access', 'template_params': {'DESC': 'x'}}, 'template_params DESC is what the option description sets'),
    ({'policy': 'int_custom', 'description': 'x'}, 'policy int_custom is not one whose parameters this module names'),
    ({'policy': 'int_loopback'}, 'policy int_loopback is the policy of a loopback'),
])
def test_intent_checks_of_one_item(item, message):
    checks = checks_of([dict(item, switch='SN1', name='Ethernet1/1')])
    if message is None:
        assert checks.conclude() == []
        return
    with pytest.raises(IntentRefused) as refused:
        checks.conclude()
    assert message in str(refused.value)


def test_a_port_in_two_port_channels_of_the_task_is_refused():
    checks = checks_of([{'switch': 'SN1', 'name': 'po1', 'mode': 'trunk', 'members': ['Ethernet1/1']},
                        {'switch': 'SN1', 'name': 'po2', 'mode': 'trunk', 'members': ['eth1/1']}])
    with pytest.raises(IntentRefused, match='port Ethernet1/1 of switch SN1 is given to port-channel1 and to port-channel2'):
        checks.conclude()


def planned(state, config, have_entries):
    """The changes of ``state`` for ``config`` over interfaces read as ``have_entries`` ({ifName: (policy, nvPairs)}) on
    a leaf SN1 (leaf-1) of a fabric that also has a spine SN2."""
    from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import SwitchDirectory
    mapping = InterfaceMapping(MODEL, client=None, params={'fabric': 'f1', 'state': state, 'config': config})
    mapping.directory = SwitchDirectory('f1', [{'serialNumber': 'SN1', 'logicalName': 'leaf-1', 'switchRole': 'leaf'},
                                               {'serialNumber': 'SN2', 'logicalName': 'spine-1', 'switchRole': 'spine'}])
    mapping.labels = {'SN1': 'leaf-1', 'SN2': 'spine-1'}
    have = {}
    for name, (policy, pairs) in have_entries.items():
        obj = object_from_controller({'ifName': name, 'policy': policy, 'nvPairs': pairs}, 'leaf-1')
        have[obj['name']] = obj
        mapping.serials[obj['name']] = 'SN1'
    wants = [MODEL.from_task(item, index) for index, item in enumerate(config)]
    return {change.name: change for change in mapping.plan(MODEL, state, wants, have) if change.changed}


LEAF_DEFAULT = ('int_trunk_host', {'ALLOWED_VLANS': 'none', 'NATIVE_VLAN': '', 'DESC': '', 'ADMIN_STATE': 'true', 'MTU': 'jumbo'})


def test_deleted_returns_a_port_to_the_default_and_removes_a_logical_interface():
    have = {'Ethernet1/10': ('int_access_host', {'ACCESS_VLAN': '10'}), 'Ethernet1/11': LEAF_DEFAULT,
            'Loopback5': ('int_loopback', {'IP': '10.0.0.5'})}
    changes = planned('deleted', [{'switch': 'SN1', 'name': name} for name in ('e1/10', 'e1/11', 'lo5', 'lo6')], have)
    assert sorted(changes) == ['leaf-1 Ethernet1/10', 'leaf-1 Loopback5']
    port = changes['leaf-1 Ethernet1/10']
    assert port.action == 'update' and port.reset and port.after['mode'] == 'trunk' and port.after['allowed_vlans'] == 'none'
    assert changes['leaf-1 Loopback5'].action == 'delete' and changes['leaf-1 Loopback5'].after is None


def test_overridden_leaves_ports_at_the_default_and_interfaces_of_fabric_policies_alone():
    access = {'ACCESS_VLAN': '10', 'DESC': '', 'ADMIN_STATE': 'true', 'MTU': 'jumbo', 'SPEED': 'Auto'}
    have = {'Ethernet1/10': ('int_access_host', access), 'Ethernet1/11': LEAF_DEFAULT,
            'Ethernet1/12': ('int_trunk_host', dict(LEAF_DEFAULT[1], ALLOWED_VLANS='10')),
            'Loopback0': ('int_fabric_loopback_11_1', {'IP': '10.2.0.1'}), 'Loopback5': ('int_loopback', {'IP': '10.0.0.5'}),
            'vlan2301': ('int_vlan', {'IP': '10.23.1.1', 'PREFIX': '24'})}
    changes = planned('overridden', [{'switch': 'leaf-1', 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 10}], have)
    # an SVI it is not given stays (a network's attachment may have given it); deleted removes one it is given
    assert sorted(changes) == ['leaf-1 Ethernet1/12', 'leaf-1 Loopback5']
    assert changes['leaf-1 Ethernet1/12'].reset and changes['leaf-1 Loopback5'].action == 'delete'
    assert sorted(planned('deleted', [{'switch': 'SN1', 'name': 'Vlan2301'}], have)) == ['leaf-1 vlan2301']


VPC_PAIRS = {'PEER1_PCID': '30', 'PEER2_PCID': '30', 'PEER1_MEMBER_INTERFACES': 'e1/30', 'PEER2_MEMBER_INTERFACES': 'Ethernet1/31,e1/30',
             'PC_MODE': 'active', 'MTU': 'jumbo', 'ADMIN_STATE': 'true', 'PEER1_PO_DESC': 'host-7', 'PEER2_PO_DESC': 'host-7',
             'PEER1_ALLOWED_VLANS': '10,11', 'PEER2_ALLOWED_VLANS': '10,11', 'PEER1_NATIVE_VLAN': '', 'PEER2_NATIVE_VLAN': '',
             'BPDUGUARD_ENABLED': 'true'}


def test_a_vpc_reads_as_one_interface_with_each_peers_members():
    obj = object_from_controller({'ifName': 'vPC30', 'policy': 'int_vpc_trunk_host', 'nvPairs': VPC_PAIRS}, 'leaf-3')
    assert obj == {'name': 'leaf-3 vPC30', 'switch': 'leaf-3', 'interface': 'vPC30', 'policy': 'int_vpc_trunk_host', 'mode': 'trunk',
                   'description': 'host-7', 'enabled': True, 'mtu': 'jumbo', 'peer1_members': ['Ethernet1/30'],
                   'peer2_members': ['Ethernet1/30', 'Ethernet1/31'], 'pc_mode': 'active', 'allowed_vlans': '10-11',
                   'template_params': {'BPDUGUARD_ENABLED': 'true'}}


def test_a_vpc_writes_each_option_for_both_peers_and_its_number_as_both_port_channels():
    want = MODEL.from_task({'switch': 'leaf-4', 'name': 'vpc30', 'mode': 'access', 'access_vlan': 10, 'description': 'host-7',
                            'peer1_members': ['e1/30'], 'peer2_members': ['e1/31']}, 0)
    obj = MODEL.merged(None, want)
    assert policy_of(obj) == 'int_vpc_access_host'
    pairs = nv_pairs(obj)
    assert (pairs['PEER1_PCID'], pairs['PEER2_PCID'], pairs['PEER1_ACCESS_VLAN'], pairs['PEER2_ACCESS_VLAN']) == ('30', '30', '10', '10')
    assert (pairs['PEER1_MEMBER_INTERFACES'], pairs['PEER2_MEMBER_INTERFACES'], pairs['PEER2_PO_DESC']) == (
        'Ethernet1/30', 'Ethernet1/31', 'host-7')
    assert 'MEMBER_INTERFACES' not in pairs and 'INTF_NAME' not in pairs
    # read back, the same object: a rerun changes nothing
    assert object_from_controller({'ifName': 'vPC30', 'policy': 'int_vpc_access_host', 'nvPairs': pairs}, 'leaf-4') == dict(
        obj, template_params={})


def test_a_vpcs_per_peer_nvpairs_are_not_template_params():
    assert owned_keys(('vpc', 'trunk'))['PEER2_ALLOWED_VLANS'] == 'allowed_vlans'
    assert owned_keys(('vpc', 'trunk'))['PEER1_MEMBER_INTERFACES'] == 'peer1_members'
    assert owned_keys(('vpc', 'access'))['PEER1_PCID'] == 'name'


@pytest.mark.parametrize('item, policy, sent', [
    # a loopback's IPv6 is one address, V6IP alone; a sub-interface's is IPv6 and IPv6_PREFIX [client, cisco.dcnm's payloads]
    ({'name': 'lo7', 'ipv6_address': '2001:DB8::7'}, 'int_loopback', {'V6IP': '2001:db8::7', 'IP': ''}),
    ({'name': 'Ethernet1/1.20', 'ipv6_address': '2001:db8:1::1/64'}, 'int_subif', {'IPv6': '2001:db8:1::1', 'IPv6_PREFIX': '64'}),
    ({'name': 'po7', 'mode': 'routed', 'members': ['e1/7'], 'ipv4_address': '10.7.0.1/31', 'mtu': 9216},
     'int_l3_port_channel', {'IP': '10.7.0.1', 'PREFIX': '31', 'MEMBER_INTERFACES': 'Ethernet1/7', 'MTU': '9216', 'INTF_VRF': ''}),
    ({'name': 'vlan2301', 'ipv4_address': '10.23.1.1/24', 'vrf': 'vrf-1', 'mtu': '9000'},
     'int_vlan', {'IP': '10.23.1.1', 'PREFIX': '24', 'INTF_VRF': 'vrf-1', 'MTU': '9000', 'INTF_NAME': 'vlan2301'}),
])
def test_ipv6_routed_port_channels_and_svis_write_their_policy_and_read_back_the_same(item, policy, sent):
    want = MODEL.from_task(dict(item, switch='leaf-1'), 0)
    settle_mode(want, None)
    obj = MODEL.merged(None, want)
    assert policy_of(obj) == policy
    pairs = nv_pairs(obj)
    assert {key: pairs.get(key) for key in sent} == sent
    # read back, the same object: a rerun changes nothing
    assert object_from_controller({'ifName': obj['interface'], 'policy': policy, 'nvPairs': pairs}, 'leaf-1') == dict(
        obj, template_params={})


@pytest.mark.parametrize('item, message', [
    ({'name': 'vlan1', 'ipv4_address': '10.0.0.1/24'}, 'the VLAN of its name 1 is not a usable VLAN; give 2 to 4094'),
    ({'name': 'vlan20', 'mode': 'trunk'}, 'an SVI is routed; leave mode out'),
    ({'name': 'lo1', 'ipv6_address': '2001:db8::1/64'}, 'a loopback\'s ipv6_address is one address, /128'),
    ({'name': 'Ethernet1/2.5', 'ipv6_address': '2001:db8::1'}, 'ipv6_address \'2001:db8::1\' has no prefix length'),
    ({'name': 'Ethernet1/2', 'mode': 'routed', 'ipv6_address': '2001:db8::1/64'}, 'takes no ipv6_address'),
    ({'name': 'po2', 'mode': 'routed', 'allowed_vlans': '10'}, 'a port-channel in mode routed takes no allowed_vlans'),
])
def test_intent_checks_of_the_routed_kinds(item, message):
    with pytest.raises(IntentRefused) as refused:
        checks_of([dict(item, switch='SN1')]).conclude()
    assert message in str(refused.value)


# leaf-1 as the controller lists it in a vPC pair: the peer-link port-channel500 with its member policy on Ethernet1/53
PEER_LINK_READ = {
    '/control/fabrics/f1/inventory/switchesByFabric': [{'serialNumber': 'SN1', 'logicalName': 'leaf-1', 'switchRole': 'leaf'}],
    # the fabric's networks (none): read when a task makes a port a member, for the attachments that list it
    '/top-down/fabrics/f1/networks': [],
    '/interface': [
        {'policy': 'int_vpc_peer_link_po', 'interfaces': [
            {'ifName': 'port-channel500', 'nvPairs': {'PO_ID': 'port-channel500', 'MEMBER_INTERFACES': 'Ethernet1/53'}}]},
        {'policy': 'int_vpc_peer_link_po_member_11_1', 'interfaces': [
            {'ifName': 'Ethernet1/53', 'nvPairs': {'PO_ID': 'port-channel500', 'INTF_NAME': 'Ethernet1/53'}}]},
        {'policy': 'int_trunk_host', 'interfaces': [{'ifName': 'Ethernet1/54', 'nvPairs': LEAF_DEFAULT[1]}]},
    ],
}


def intent_over_peer_link(state, config, check_mode=False):
    """(have, changes, checks) of a task of ``state`` on leaf-1 as PEER_LINK_READ lists it, its intent checked."""
    mapping = InterfaceMapping(MODEL, FakeController(PEER_LINK_READ), {'fabric': 'f1', 'state': state, 'config': config})
    wants = [MODEL.from_task(item, index) for index, item in enumerate(config)]
    have = mapping.read()
    changes = [change for change in mapping.plan(MODEL, state, wants, have) if change.changed]
    checks = IntentChecks(check_mode)
    mapping.check_intent(state, wants, changes, checks)
    return have, changes, checks


def test_a_port_of_the_vpc_peer_link_is_the_pairs_and_deleted_leaves_it_alone():
    have, changes, checks = intent_over_peer_link('deleted', [{'switch': 'leaf-1', 'name': 'Ethernet1/53'}])
    assert 'leaf-1 Ethernet1/53' not in have and changes == [] and checks.conclude() == []


@pytest.mark.parametrize('state, item, message', [
    ('merged', {'name': 'po10', 'mode': 'trunk', 'members': ['e1/53', 'e1/54']},
     'interface leaf-1 port-channel10: port Ethernet1/53 of switch leaf-1 is a member of the vPC peer-link port-channel500'),
    ('merged', {'name': 'e1/53', 'mode': 'access'}, 'port Ethernet1/53 of switch leaf-1 is a member of the vPC peer-link port-channel500, '
     "which the switch's vPC pair holds; leave the port out of config"),
    ('merged', {'name': 'po500', 'mode': 'trunk'}, "interface leaf-1 port-channel500 is the vPC peer-link of switch leaf-1's vPC pair"),
    ('deleted', {'name': 'po500'}, "interface leaf-1 port-channel500 is the vPC peer-link of switch leaf-1's vPC pair"),
])
def test_the_vpc_peer_link_and_its_ports_are_refused_and_in_check_mode_warned_about(state, item, message):
    checks = intent_over_peer_link(state, [dict(item, switch='leaf-1')])[-1]
    with pytest.raises(IntentRefused, match=re.escape(message)):
        checks.conclude()
    # an earlier vpc_pairs task of the play may give the peer-link other ports (or another port-channel)
    checks = intent_over_peer_link(state, [dict(item, switch='leaf-1')], check_mode=True)[-1]
    warnings = checks.conclude()
    assert any(message in warning and "unless an earlier task of the play changes the peer-link of switch leaf-1's vPC pair"
               in warning for warning in warnings), warnings


@pytest.mark.parametrize('wait_timeout, awaited', [(300, ['leaf-1 Ethernet1/12']), (0, [])])
def test_deploy_true_deploys_the_listed_interfaces_out_of_sync_waits_for_those_deploying_and_leaves_the_others(wait_timeout, awaited):
    """deploy's one rule (deploy.sync_plan) from each interface's compliance: Out-of-Sync is deployed, Pending (a deploy an
    earlier run started) waited for, when the task waits, never deployed again; In-Sync, NA or not read asks for nothing."""
    from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import Change
    mapping = InterfaceMapping(MODEL, client=None, params={'fabric': 'f1', 'state': 'merged', 'deploy': True, 'wait_timeout': wait_timeout})
    mapping.labels = {'SN1': 'leaf-1'}
    compliance = {'Ethernet1/10': 'OUT-OF-SYNC', 'Ethernet1/11': 'IN-SYNC', 'Ethernet1/12': 'PENDING', 'Ethernet1/13': 'NA',
                  'Ethernet1/14': None}
    changes = []
    for port, state in compliance.items():
        obj = object_from_controller({'ifName': port, 'policy': 'int_trunk_host', 'nvPairs': {}}, 'leaf-1')
        mapping.serials[obj['name']] = 'SN1'
        if state is not None:
            mapping.compliance[obj['name']] = state
        changes.append(Change(obj['name'], obj, obj))
    assert mapping.deploy_plan(changes) == (['leaf-1 Ethernet1/10'], awaited)
    mapping.params['deploy'] = False
    assert mapping.deploy_plan(changes) == ([], [])
