"""vPC pairs on the /api/v1/manage API of 4.2: what the emulator cannot produce (an answer in the other spelling, a vPC's
member ports listed with their member policy, a pair gone between the read and the unpair), and that the typed fields
are the documented ones (pure: a client that answers from a table)."""

from dashboard_emulator.field_maps import legacy_fields

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs import VPC_PAIRS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.checks import RUN_PORT_HOLDERS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.manage import DETAILS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import release_from_version
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

ND_42 = release_from_version({'major': 4, 'minor': 2, 'maintenance': 1, 'patch': ''})
BASE = '/fabrics/f1'


def switch(serial, name):
    return {'switchId': serial, 'serialNumber': serial, 'hostname': name, 'fabricManagementIp': '10.0.0.%s' % serial[-1],
            'switchRole': 'leaf', 'additionalData': {'configSyncStatus': 'inSync'}}


def member(serial, name, template, channel=None):
    policy = {'configTemplate': template}
    if channel is not None:
        policy['portChannelId'] = channel
    return {'switchId': serial, 'interfaceName': name, 'interfaceType': 'ethernet',
            'configData': {'mode': 'managed', 'networkOS': {'networkOSType': 'nx-os', 'policy': policy}}}


def controller(pair=None, interfaces=(), answer_write=None):
    """f1 on 4.2: leaves SN1 to SN4; ``pair`` the one pair the list shows (SN1 and SN2 when not told)."""
    pair = pair if pair is not None else {'switchId': 'SN1', 'peerSwitchId': 'SN2', 'useVirtualPeerLink': False}
    return FakeController({
        BASE + '/switches': {'switches': [switch('SN%d' % number, 'leaf-%d' % number) for number in (1, 2, 3, 4)]},
        BASE + '/vpcPairs': {'vpcPairs': [pair]},
        BASE + '/switches/SN1/interfaces': {'interfaces': list(interfaces)},
        BASE + '/switches/SN2/interfaces': {'interfaces': []},
        BASE + '/switches/SN1/vpcPairOverview': {'overlay': {'vpcInterfaceCount': {'switch': 0, 'peerSwitch': 0}}},
        BASE + '/deploymentFreeze': {'deploymentFreeze': False},
    }, answer_write=answer_write)


def run(state, config, fake, check_mode=False):
    fake.check_mode = check_mode
    params = {'state': state, 'fabric': 'f1', 'config': config, 'controller_api': 'auto', 'deploy': False, 'wait': True,
              'wait_timeout': 0}
    return VPC_PAIRS.run(fake, params, check_mode=check_mode, diff=True, release=lambda: ND_42)


def test_the_typed_fields_are_the_documented_ones():
    """DETAILS is ManageVpcPairDetails of docs/api/platform.yaml, field by field with its x-legacy nvPair."""
    documented = {field.path[-1]: field.legacy[1] for field in legacy_fields('ManageVpcPairDetails')}
    assert {field: key for field, (key, _kind) in DETAILS.items()} == documented


def test_a_pair_answered_in_the_other_spelling_reads_the_same():
    """Some releases spell it useVirtualPeerlink [client]: the pair is virtual either way, and a rerun writes nothing."""
    fake = controller({'switchId': 'SN1', 'peerSwitchId': 'SN2', 'useVirtualPeerlink': True})
    result = run('merged', [{'peer1': 'leaf-2', 'peer2': 'leaf-1', 'use_virtual_peerlink': True}], fake)
    assert result['changed'] is False and fake.sent == [], result
    assert result['after'] == [{'peer1': 'leaf-1', 'peer2': 'leaf-2', 'use_virtual_peerlink': True, 'template_params': {}}]
    # the switch list and the pair list: nothing per pair
    assert fake.read_paths() == [BASE + '/switches', BASE + '/vpcPairs']


def test_a_vpc_member_port_listed_with_its_member_policy_is_refused_and_read_once_per_run():
    """The emulator gives a vPC's ports no member policy; a controller that does lists them so on 4.2."""
    fake = controller(interfaces=[member('SN1', 'Ethernet1/10', 'int_vpc_trunk_po_member_11_1', 10),
                                  member('SN1', 'Ethernet1/12', 'int_vpc_trunk_po_member_11_1')])
    config = [{'peer1': 'leaf-1', 'peer2': 'leaf-2', 'peer1_link_members': ['e1/10', 'e1/11', 'e1/12']}]
    result = run('merged', config, fake, check_mode=True)
    assert result['changed'] is True and fake.sent == []
    assert any('peer1_link_members Ethernet1/10 of switch leaf-1 is a member of port-channel10' in warning
               for warning in result['warnings']), result['warnings']
    assert any('Ethernet1/12 of switch leaf-1 is a member of a vPC' in warning for warning in result['warnings'])
    assert not any('Ethernet1/11' in warning for warning in result['warnings'])
    # what was read is kept for the run: the next task reads no interface again, and is refused
    assert fake.kept[(RUN_PORT_HOLDERS, 'f1')] == {'SN1': {'Ethernet1/10': 'port-channel10', 'Ethernet1/12': 'a vPC'}}
    fake.reads.clear()
    refused = run('merged', config, fake)
    assert refused.get('failed') is True and fake.sent == [], refused
    assert 'take Ethernet1/10 out of port-channel10 first' in refused['msg']
    assert not any(path.endswith('/interfaces') for path in fake.read_paths()), fake.read_paths()


def test_a_pair_gone_between_the_read_and_the_unpair_is_what_the_task_asked_for():
    def answer(request):
        raise ApiError('refused', 400, body={'message': 'Switch SN1 is not a part of any vPC pair'}, method=request.method)
    fake = controller(answer_write=answer)
    result = run('deleted', [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}], fake)
    assert result.get('failed') is not True, result
    assert fake.sent == ['PUT %s/switches/SN1/vpcPair' % BASE]
    # the peer-link ports links tasks keep for the run are read again after a pair's write
    assert [names for names in fake.forgotten if 'vpc_peer_link_ports' in names]
    assert fake.writes[0].body == {'vpcAction': 'unPair', 'switchId': 'SN1', 'peerSwitchId': 'SN2'}


def test_a_pair_with_vpc_interfaces_is_not_unpaired():
    fake = controller()
    fake.answers[BASE + '/switches/SN1/vpcPairOverview'] = {'overlay': {'vpcInterfaceCount': {'switch': 2, 'peerSwitch': 2}}}
    result = run('deleted', [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}], fake)
    assert result.get('failed') is True and fake.sent == []
    assert 'vPC pair leaf-1 and leaf-2 has 2 vPC interfaces; delete them first' in result['msg']
