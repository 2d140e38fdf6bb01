import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import (
    interface_name,
    interface_order,
    is_interface_name,
    name_in,
    role_from_controller,
    role_from_manage,
    role_manage_to_controller,
    role_to_controller,
    role_to_manage,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import ROLES


@pytest.mark.parametrize('given, expected', [
    ('Ethernet1/10', ('ethernet', 'Ethernet1/10')),
    ('eth1/10', ('ethernet', 'Ethernet1/10')),
    ('E1/49/2', ('ethernet', 'Ethernet1/49/2')),
    ('ethernet1/1.10', ('sub-interface', 'Ethernet1/1.10')),
    ('Port-Channel10', ('port-channel', 'port-channel10')),
    ('po10', ('port-channel', 'port-channel10')),
    ('loopback0', ('loopback', 'Loopback0')),
    ('lo0', ('loopback', 'Loopback0')),
    ('vpc7', ('vpc', 'vPC7')),
    ('Vlan20', ('svi', 'vlan20')),
    ('Serial0/1', (None, 'Serial0/1')),
])
def test_interface_names_are_read_in_any_case_and_short_form_and_spelled_as_the_controller_does(given, expected):
    assert interface_name(given) == expected


def test_interfaces_sort_by_their_numbers():
    assert sorted(['Ethernet1/10', 'Ethernet1/2', 'Ethernet1/1'], key=interface_order) == ['Ethernet1/1', 'Ethernet1/2', 'Ethernet1/10']


def test_a_port_list_names_only_what_is_spelled_as_an_interface():
    assert is_interface_name('Ethernet1/1/2') and is_interface_name('port-channel10') and is_interface_name('Ethernet1/10.20')
    assert not is_interface_name('not a port') and not is_interface_name('1/10')


def test_the_controllers_per_item_words_name_an_interface_only_whole():
    assert name_in('Ethernet1/1', 'Interface ethernet1/1 could not be marked for delete.')
    assert name_in('Loopback8', 'Interface Loopback8 not found on switch SN1')
    assert not name_in('Ethernet1/1', 'Interface Ethernet1/10 not found')
    assert not name_in('Ethernet1/1', 'Interface Ethernet1/1.10 not found')


def test_roles_as_the_legacy_api_spells_them():
    assert role_to_controller('border_gateway_spine') == 'border gateway spine'
    assert role_from_controller('Border Gateway Spine') == 'border_gateway_spine'
    assert role_from_controller(None) == ''


@pytest.mark.parametrize('role', ROLES)
def test_every_role_of_the_module_has_its_camel_case_name_on_4_2_and_back(role):
    assert role_from_manage(role_to_manage(role)) == role
    assert role_to_manage(role)[0].islower() and '_' not in role_to_manage(role)
    # a 4.2 role read for the legacy API's checks (spines carry no networks) is the legacy API's words
    assert role_manage_to_controller(role_to_manage(role)) == role_to_controller(role)


def test_role_names_as_4_2_spells_them():
    assert role_to_manage('border_gateway_super_spine') == 'borderGatewaySuperSpine'
    assert role_from_manage('borderGateway') == 'border_gateway'
    assert role_manage_to_controller('borderGateway') == 'border gateway' and role_manage_to_controller(None) == ''
