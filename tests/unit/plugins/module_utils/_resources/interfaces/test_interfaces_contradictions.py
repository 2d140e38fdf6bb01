"""The interfaces checks against networks' attachments and subnets (issue 36, items 2 and 5), on canned answers
(FakeController): which changes contradict an attachment, the one read per run, and the addresses no interface can take."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import IntentChecks
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces import INTERFACES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.attachments import RUN_NETWORK_PORTS, attached_ports
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.checks import check_host_address
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.legacy import InterfaceMapping
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

MODEL = INTERFACES.model


def port(name, policy='int_trunk_host', **pairs):
    return {'policy': policy, 'interfaces': [{'ifName': name, 'nvPairs': dict({'INTF_NAME': name}, **pairs)}]}


def fabric():
    """f1: leaf-1 (SN1) with Ethernet1/10 to 1/13 trunks and Ethernet1/14 an access port of VLAN 2401; network web (VLAN
    2401) attached to Ethernet1/10 and 1/14, network old not attached to anything (networkStatus NA: its attachments are
    not read)."""
    return FakeController({
        '/control/fabrics/f1/inventory/switchesByFabric': [{'serialNumber': 'SN1', 'logicalName': 'leaf-1', 'switchRole': 'leaf'}],
        '/interface': [port('Ethernet1/%d' % number, ALLOWED_VLANS='none') for number in (10, 11, 12, 13)]
        + [port('Ethernet1/14', 'int_access_host', ACCESS_VLAN='2401')],
        '/top-down/fabrics/f1/networks': [{'networkName': 'web', 'networkStatus': 'DEPLOYED'}, {'networkName': 'old', 'networkStatus': 'NA'}],
        ('/top-down/fabrics/f1/networks/attachments', (('network-names', 'web'),)): [{'networkName': 'web', 'lanAttachList': [
            {'networkName': 'web', 'switchSerialNo': 'SN1', 'switchName': 'leaf-1', 'isLanAttached': True, 'vlanId': 2401,
             'lanAttachState': 'DEPLOYED', 'portNames': 'Ethernet1/10,Ethernet1/14'}]}],
    })


def intent(config, fake, state='merged', check_mode=False):
    mapping = InterfaceMapping(MODEL, fake, {'fabric': 'f1', 'state': state, 'config': config})
    wants = [MODEL.from_task(item, index) for index, item in enumerate(config)]
    changes = mapping.plan(MODEL, state, wants, mapping.read())
    checks = IntentChecks(check_mode)
    mapping.check_intent(state, wants, changes, checks)
    return checks


@pytest.mark.parametrize('item, becomes', [
    ({'name': 'Ethernet1/10', 'mode': 'routed', 'ipv4_address': '10.40.0.1/30'}, 'as a routed port'),
    ({'name': 'po30', 'mode': 'trunk', 'members': ['Ethernet1/10']}, 'as a member of port-channel30'),
    ({'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 10}, 'as an access port of VLAN 10'),
    ({'name': 'Ethernet1/14', 'access_vlan': 10}, 'as an access port of VLAN 10'),
])
def test_a_change_that_leaves_an_attached_port_unable_to_carry_its_network_is_refused(item, becomes):
    checks = intent([dict(item, switch='leaf-1')], fabric())
    assert len(checks.refusals) == 1, checks.refusals
    refusal = checks.refusals[0]
    assert 'is a port of network web (VLAN 2401) (the network\'s attachment lists it)' in refusal and becomes in refusal
    assert 'Detach the port from the network first (fabricops.dashboard.networks' in refusal


@pytest.mark.parametrize('item', [
    {'name': 'Ethernet1/11', 'mode': 'routed', 'ipv4_address': '10.40.0.1/30'},  # no network lists it
    {'name': 'Ethernet1/10', 'mode': 'trunk', 'allowed_vlans': '10-20', 'description': 'host'},  # still a layer-2 port
    {'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 2401},  # the network's own VLAN
    {'name': 'Ethernet1/14', 'description': 'host'},  # an access port left of its VLAN
])
def test_a_change_that_keeps_an_attached_port_a_port_of_its_network_is_not(item):
    assert intent([dict(item, switch='leaf-1')], fabric()).refusals == []


def test_check_mode_warns_naming_the_network_an_earlier_task_may_detach():
    checks = intent([{'switch': 'leaf-1', 'name': 'Ethernet1/10', 'mode': 'routed'}], fabric(), check_mode=True)
    assert checks.refusals == [] and len(checks.warnings) == 1
    assert 'unless an earlier task of the play changes the attachments of network web first' in checks.warnings[0]


def test_the_attachments_are_read_once_per_run_and_only_those_of_networks_attached_somewhere():
    fake = fabric()
    intent([{'switch': 'leaf-1', 'name': 'Ethernet1/10', 'mode': 'routed'}], fake)
    assert [path for path in fake.read_paths() if path.startswith('/top-down')] == [
        '/top-down/fabrics/f1/networks', '/top-down/fabrics/f1/networks/attachments']
    assert fake.kept[(RUN_NETWORK_PORTS, 'f1')] == {'SN1': {'Ethernet1/10': [['web', 2401]], 'Ethernet1/14': [['web', 2401]]}}
    # a later task of the run (the same run's kept facts): no read of networks at all
    fake.reads.clear()
    checks = intent([{'switch': 'leaf-1', 'name': 'Ethernet1/14', 'access_vlan': 10}], fake)
    assert len(checks.refusals) == 1 and not [path for path in fake.read_paths() if path.startswith('/top-down')]
    # and a task that makes no such change reads none either
    fake.kept.clear()
    fake.reads.clear()
    intent([{'switch': 'leaf-1', 'name': 'Ethernet1/10', 'description': 'host'}], fake)
    assert not [path for path in fake.read_paths() if path.startswith('/top-down')]


def test_attached_ports_are_read_in_the_modules_spelling():
    assert attached_ports('Ethernet1/13, ethernet1/14') == ['Ethernet1/13', 'Ethernet1/14']
    assert attached_ports('leaf-1(Ethernet1/13) tor-1(Ethernet1/1)', 'leaf-1') == ['Ethernet1/13']
    assert attached_ports('Ethernet1/1-3') == ['Ethernet1/1', 'Ethernet1/2', 'Ethernet1/3']
    assert attached_ports('') == [] and attached_ports(None) == []


@pytest.mark.parametrize('address, refused', [
    ('172.16.0.0/30', 'is the network address of its subnet 172.16.0.0/30'),
    ('172.16.0.3/30', 'is the broadcast address of its subnet 172.16.0.0/30'),
    ('10.23.1.255/24', 'is the broadcast address of its subnet 10.23.1.0/24'),
    ('172.16.0.1/30', None),
    ('172.16.0.0/31', None),
    ('172.16.0.1/31', None),
    ('10.2.0.0/32', None),
    ('not an address', None),  # check_interface_address names that one
])
def test_an_address_no_interface_can_take_is_refused(address, refused):
    checks = IntentChecks()
    check_host_address(checks, 'leaf-1 Ethernet1/10', address)
    if refused is None:
        assert checks.refusals == []
    else:
        assert len(checks.refusals) == 1 and refused in checks.refusals[0] and 'give a host address of the subnet' in checks.refusals[0]


@pytest.mark.parametrize('item, refused', [
    ({'name': 'Ethernet1/10', 'mode': 'trunk', 'access_vlan': 10},
     'an Ethernet port in mode trunk takes no access_vlan; it takes description, enabled, mtu, speed, allowed_vlans, native_vlan; '
     'or give mode: access, which takes access_vlan'),
    ({'name': 'po10', 'mode': 'access', 'allowed_vlans': '10'}, 'a port-channel in mode access takes no allowed_vlans'),
    ({'name': 'Ethernet1/10', 'mode': 'routed', 'ipv6_address': '2001:db8::1/64'}, 'takes no ipv6_address; it takes description, '
     'enabled, mtu, speed, ipv4_address, vrf. '),
    ({'name': 'vlan20', 'mode': 'trunk'}, 'an SVI is routed'),
])
def test_the_options_a_kind_does_not_take_are_named_with_the_kind_and_the_mode_that_takes_them(item, refused):
    fake = fabric()
    fake.answers['/top-down/fabrics/f1/networks'] = []
    messages = ' '.join(intent([dict(item, switch='leaf-1')], fake).refusals) + '. '
    assert refused in messages, messages
