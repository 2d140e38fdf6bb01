"""The checks of a task's intent before anything is written (pure: the rules, and a mapping's checks of the task's own items)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.checks import interface_names, OverlayChecks
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS as NETWORK_RESOURCE
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.legacy import NetworkMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import (
    check_identity, check_interface_address, check_port_names, check_ports_exist, check_range, check_references, check_roles, check_shared_values,
    check_template_keys, IntentChecks, IntentRefused, parse_ranges, Use,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import SwitchDirectory
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS as VRF_RESOURCE
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.legacy import VrfMapping

NETWORKS = NETWORK_RESOURCE.model
VRFS = VRF_RESOURCE.model


def refusals(rule, *args, check_mode=False):
    checks = IntentChecks(check_mode)
    rule(checks, *args)
    return checks


@pytest.mark.parametrize('value', ['10.1.1.1/24', '10.1.1.1/32', ' 192.0.2.1/31 ', ''])
def test_an_ipv4_gateway_with_a_prefix_length_passes(value):
    assert refusals(check_interface_address, 'network', 'web', 'gateway_ipv4', value, 4).refusals == []


@pytest.mark.parametrize('value, reason', [
    ('300.1.1.1/24', 'is not an IPv4 address with a prefix length'),
    ('10.1.1.1', 'has no prefix length'),
    ('10.1.1.1/33', 'is not an IPv4 address with a prefix length'),
    ('10.1.1.1/255.255.255.0', 'is not an IPv4 address with a prefix length'),
    ('2001:db8::1/64', 'is not an IPv4 address with a prefix length'),
])
def test_an_ipv4_gateway_that_is_not_an_interface_address_is_refused_saying_how_to_write_it(value, reason):
    (text,) = refusals(check_interface_address, 'network', 'web', 'gateway_ipv4', value, 4).refusals
    assert text == "network web: gateway_ipv4 %r %s; give it as address/prefix length, such as 10.1.1.1/24" % (value, reason)


def test_an_ipv6_gateway_is_checked_as_ipv6():
    assert refusals(check_interface_address, 'network', 'web', 'gateway_ipv6', '2001:db8::1/64', 6).refusals == []
    (text,) = refusals(check_interface_address, 'network', 'web', 'gateway_ipv6', '10.1.1.1/24', 6).refusals
    assert 'such as 2001:db8::1/64' in text
    assert 'has no prefix length' in refusals(check_interface_address, 'network', 'web', 'gateway_ipv6', '2001:db8::1', 6).refusals[0]


def test_a_vni_taken_in_the_fabric_is_refused_naming_both_objects_and_rests_on_the_fabric():
    uses = [Use('network', 'web', 50001, None, True, 'network_id'), Use('VRF', 'vrf-1', 50001, None, False, 'vrf_id'),
            Use('network', 'net-1', 30001, None, False, 'network_id')]
    checks = refusals(check_shared_values, uses, 'VNI')
    assert checks.refusals == ['VNI 50001 is given to network web (this task) and VRF vrf-1 (in the fabric): give web another network_id']
    # in check mode an earlier task of the play may have deleted vrf-1: a warning naming it
    checks = refusals(check_shared_values, uses, 'VNI', check_mode=True)
    assert checks.refusals == [] and 'unless an earlier task of the play changes VRF vrf-1 first' in checks.warnings[0]


def test_a_vni_given_twice_in_the_task_is_refused_in_check_mode_too():
    uses = [Use('network', 'a', 30500, None, True, 'network_id'), Use('network', 'b', 30500, None, True, 'network_id')]
    checks = refusals(check_shared_values, uses, 'VNI', check_mode=True)
    assert checks.refusals == ['VNI 30500 is given to network a (this task) and network b (this task): give b another network_id'] and checks.warnings == []


def test_values_already_shared_in_the_fabric_are_not_the_tasks_business():
    uses = [Use('network', 'a', 2300, 'leaf-1', False, 'vlan_id'), Use('network', 'b', 2300, 'leaf-1', False, 'vlan_id'),
            Use('network', 'c', 2300, 'leaf-2', True, 'vlan_id')]
    assert refusals(check_shared_values, uses, 'VLAN').refusals == []


def test_a_vlan_is_per_switch():
    uses = [Use('network', 'web', 2401, 'leaf-1', True, 'vlan_id'), Use('VRF', 'blue', 2401, 'leaf-1', False, 'vlan_id'),
            Use('VRF', 'red', 2401, 'leaf-2', False, 'vlan_id')]
    (text,) = refusals(check_shared_values, uses, 'VLAN').refusals
    assert text == 'VLAN 2401 on switch leaf-1 is given to network web (this task) and VRF blue (in the fabric): give web another vlan_id'


def test_ranges_of_the_fabric_settings():
    assert parse_ranges('30000-49000') == [(30000, 49000)]
    assert parse_ranges('2300-2999, 3100') == [(2300, 2999), (3100, 3100)]
    assert parse_ranges('') is None and parse_ranges('any') is None


def test_a_value_outside_the_fabrics_range_is_a_warning_not_a_refusal():
    checks = refusals(check_range, 'network', 'web', 'network_id', 60000, 'L2_SEGMENT_ID_RANGE', '30000-49000', 'site-a')
    assert checks.refusals == []
    assert checks.warnings == ['network web: network_id 60000 is outside the range fabric site-a sets for it '
                               '(L2_SEGMENT_ID_RANGE 30000-49000); the controller takes it, but check that it is meant']
    assert refusals(check_range, 'network', 'web', 'network_id', 31000, 'L2_SEGMENT_ID_RANGE', '30000-49000', 'f').warnings == []
    assert refusals(check_range, 'network', 'web', 'network_id', 1, 'L2_SEGMENT_ID_RANGE', None, 'f').warnings == []


def test_template_params_an_option_sets_are_refused_naming_the_option():
    owned = OverlayChecks(NetworkMapping(NETWORKS, None, {'fabric': 'f1'})).owned_template_keys()
    checks = refusals(check_template_keys, 'network', 'web', {'enableL3OnBorder': 'true', 'segmentId': '1', 'nveId': '1'}, owned)
    assert checks.refusals == [
        'network web: template_params enableL3OnBorder is what the option l3_gateway_on_border sets; give l3_gateway_on_border '
        'instead of template_params enableL3OnBorder',
        'network web: template_params segmentId is what the option network_id sets; give network_id instead of template_params '
        'segmentId']


def test_a_changed_vni_is_refused_saying_to_delete_and_create_anew():
    (text,) = refusals(check_identity, 'VRF', 'blue', 'vrf_id', 50101, 50999).refusals
    assert text.startswith('VRF blue has vrf_id 50101 in the fabric') and 'delete VRF blue and create it anew with vrf_id 50999' in text
    assert refusals(check_identity, 'VRF', 'blue', 'vrf_id', 50101, 50101).refusals == []


def test_a_reference_to_a_missing_vrf_and_the_delete_of_a_vrf_in_use():
    checks = refusals(check_references, [('network', 'web', 'blue', True), ('network', 'old', 'gone', False)], {'vrf-1'}, (),
                      'VRF', 'vrf')
    assert checks.refusals == ['network web is in VRF blue, which is not in the fabric: create VRF blue first '
                               '(fabricops.dashboard.vrfs), or give as vrf an existing VRF']
    checks = refusals(check_references, [('network', 'net-1', 'vrf-1', False), ('network', 'net-2', 'vrf-1', False)],
                      {'vrf-1'}, {'vrf-1'}, 'VRF', 'vrf', check_mode=True)
    assert checks.refusals == [] and checks.warnings[0].startswith(
        'VRF vrf-1 still holds network net-1, network net-2, and the controller cannot delete a VRF that holds any')


def test_spines_take_no_attachments():
    checks = refusals(check_roles, 'network', 'web', [('spine-1', 'spine'), ('leaf-1', 'leaf'), ('bgw-1', 'border gateway'),
                                                      ('ss-1', 'super spine')])
    assert [text.split(':')[1].strip().split(',')[0] for text in checks.refusals] == [
        'switch spine-1 is a spine', 'switch ss-1 is a super spine']


def test_every_refusal_in_one_message_and_the_warnings_kept():
    checks = IntentChecks()
    checks.refuse('first')
    checks.refuse('second', depends_on='VRF blue')
    checks.warn('a warning')
    with pytest.raises(IntentRefused) as refused:
        checks.conclude()
    assert str(refused.value) == ('Nothing was sent: the task contradicts itself or the fabric (2 problems): (1) first; '
                                  '(2) second. Change the config as each says and run the task again.')
    assert refused.value.warnings == ['a warning']


def input_refusals(mapping, model, items):
    checks = IntentChecks()
    for index, item in enumerate(items):
        OverlayChecks(mapping).check_input(model.from_task(item, index), checks)
    return checks.refusals


def test_the_items_own_checks_name_every_problem_of_every_item():
    mapping = NetworkMapping(NETWORKS, None, {'fabric': 'f1'})
    found = input_refusals(mapping, NETWORKS, [
        {'name': 'a', 'network_id': 0, 'vlan_id': 4095, 'gateway_ipv4': '10.1.1.1'},
        {'name': 'b', 'network_id': 16777215, 'attach': [{'switch': 'leaf-1', 'vlan': 1}], 'gateway_ipv6': 'fe80::1'},
    ])
    assert found == [
        'network a: network_id 0 is not a usable VNI; give 1 to 16777214',
        'network a: vlan_id 4095 is not a usable VLAN; give 2 to 4094',
        "network a: gateway_ipv4 '10.1.1.1' has no prefix length; give it as address/prefix length, such as 10.1.1.1/24",
        'network b: network_id 16777215 is not a usable VNI; give 1 to 16777214',
        'network b: vlan (attach, switch leaf-1) 1 is not a usable VLAN; give 2 to 4094',
        "network b: gateway_ipv6 'fe80::1' has no prefix length; give it as address/prefix length, such as 2001:db8::1/64",
    ]
    assert input_refusals(VrfMapping(VRFS, None, {'fabric': 'f1'}), VRFS, [
        {'name': 'blue', 'vrf_id': 50001, 'vlan_id': 2001, 'template_params': {'vrfVlanId': 2002}}]) == [
        'VRF blue: template_params vrfVlanId is what the option vlan_id sets; give vlan_id instead of template_params vrfVlanId']


def test_rendered_checks_the_tasks_items_against_each_other_offline():
    mapping = NetworkMapping(NETWORKS, None, {'fabric': 'f1'})
    wants = [NETWORKS.from_task(item, index) for index, item in enumerate([
        {'name': 'a', 'network_id': 30001, 'vrf': 'v', 'vlan_id': 2301, 'attach': [{'switch': 'SN1'}]},
        {'name': 'b', 'network_id': 30001, 'vrf': 'v', 'vlan_id': 2302, 'attach': [{'switch': 'SN1', 'vlan': 2301}]},
        {'name': 'c', 'network_id': 30003, 'vrf': 'v', 'vlan_id': 2301, 'attach': [{'switch': 'SN2'}]},
    ])]
    mapping.prepare_offline(wants)
    checks = IntentChecks(check_mode=True)
    mapping.check_intent('rendered', wants, plan(NETWORKS, 'merged', wants, {}), checks)
    assert checks.refusals == [
        'VNI 30001 is given to network a (this task) and network b (this task): give b another network_id',
        'VLAN 2301 on switch SN1 is given to network a (this task) and network b (this task): give b another vlan_id (or a '
        'vlan of its own in its attach entry for SN1)',
    ]


@pytest.mark.parametrize('port', ['Ethernet1/10', 'ethernet1/1/2', 'port-channel10', 'Ethernet1/10.20', 'Po10'])
def test_interface_names_pass_the_name_rule(port):
    assert refusals(check_port_names, 'network', 'web', 'leaf-1', [port]).refusals == []


def test_ports_that_are_no_interface_name_are_refused_naming_them():
    checks = refusals(check_port_names, 'network', 'web', 'leaf-1', ['not a port', 'Ethernet1/1', '1/10', 'Ethernet1/'])
    assert checks.refusals == ["network web: ports 'not a port', '1/10', 'Ethernet1/' (attach, switch leaf-1) are not an "
                               "interface name; give each port as the switch names it, such as Ethernet1/10"]


def test_ports_a_switch_lacks_are_refused_with_some_it_has_and_letter_case_does_not_matter():
    have = ['Ethernet1/%d' % number for number in range(1, 55)]
    checks = refusals(check_ports_exist, 'network', 'web', 'leaf-1', ['ethernet1/2', 'Ethernet1/99', 'Ethernet2/1'], have)
    assert checks.refusals == ['network web: switch leaf-1 has no port Ethernet1/99, Ethernet2/1; give ports it has, as its '
                               'interface list names them (it has 54, such as Ethernet1/1, Ethernet1/2, Ethernet1/3, Ethernet1/54)']
    assert refusals(check_ports_exist, 'network', 'web', 'leaf-1', ['Ethernet1/1'], ['Ethernet1/1', 'Ethernet1/2']).refusals == []


@pytest.mark.parametrize('answer, names', [
    ([{'ifName': 'Ethernet1/1'}, {'ifName': 'Ethernet1/2'}, {'ifName': 'Ethernet1/1'}], ['Ethernet1/1', 'Ethernet1/2']),
    ({'DATA': [{'ifName': 'Ethernet1/1'}]}, ['Ethernet1/1']),
    ([{'interfaces': []}, 'junk', None], []),
    ('No interfaces', []),
    (None, []),
])
def test_the_interface_list_is_read_from_any_shape_of_answer(answer, names):
    assert interface_names(answer) == names


def test_a_switch_the_fabric_does_not_list_is_noted_not_refused_so_check_mode_can_warn():
    directory = SwitchDirectory('f1', [{'serialNumber': 'SN1', 'logicalName': 'leaf-1', 'ipAddress': '10.1.1.1'}])
    want = NETWORKS.from_task({'name': 'web', 'vrf': 'v', 'attach': [{'switch': '10.1.1.1'}, {'switch': '192.0.2.11'}]}, 0)
    directory.resolve(want, 'config[0] (network web)')
    assert [(attachment['switch'], attachment['serial']) for attachment in want['attach']] == [
        ('leaf-1', 'SN1'), ('192.0.2.11', '192.0.2.11')]
    assert directory.absent == {'192.0.2.11': 'config[0] (network web)'}
    mapping = NetworkMapping(NETWORKS, None, {'fabric': 'f1'})
    mapping.directory = directory
    for check_mode in (False, True):
        checks = IntentChecks(check_mode)
        OverlayChecks(mapping).check_switches(checks)
        text = ('config[0] (network web): switch 192.0.2.11 is not in fabric f1: add it to the fabric first '
                '(fabricops.dashboard.fabric_switches, in an earlier task), or give its name, serial number or IP address as '
                'the fabric inventory lists it')
        if check_mode:
            assert checks.refusals == [] and checks.warnings == [
                text + '. A real run refuses this unless an earlier task of the play changes the switches of fabric f1 first; '
                'check mode goes on as if it had']
        else:
            assert checks.refusals == [text]
