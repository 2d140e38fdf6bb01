from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nvpairs import FLAG, NUMBER, OPTIONAL_TEXT, TEXT, NvPairs, listing


def ports(text):
    parts = [part.strip() for part in text.split(',') if part.strip()]
    if any(not part.startswith('Ethernet') for part in parts):
        raise ModelError('not ports: %s' % text)
    return parts


ROWS = NvPairs((
    ('mtu', 'MTU', NUMBER), ('enabled', 'ADMIN_STATE', FLAG), ('description', 'DESC', TEXT), ('vrf', 'INTF_VRF', OPTIONAL_TEXT),
    ('members', 'MEMBER_INTERFACES', listing(ports)),
))


def test_options_are_written_as_text_after_the_template_params_and_unset_ones_left_out():
    obj = {'mtu': 9216, 'enabled': False, 'description': 'uplink', 'members': ['Ethernet1/1', 'Ethernet1/2'], 'other': 'x'}
    assert ROWS.to_controller(obj, {'MTU': '1500', 'SPEED': 'Auto'}) == {
        'MTU': '9216', 'SPEED': 'Auto', 'ADMIN_STATE': 'false', 'DESC': 'uplink', 'MEMBER_INTERFACES': 'Ethernet1/1,Ethernet1/2'}
    # a template that takes every parameter it names: an unset option is written as its kind writes nothing
    assert ROWS.to_controller({}, unset=True) == {'MTU': '', 'ADMIN_STATE': 'true', 'DESC': '', 'INTF_VRF': '', 'MEMBER_INTERFACES': ''}
    assert ROWS.to_controller({'mtu': 9216, 'vrf': 'red'}, options=('vrf',)) == {'INTF_VRF': 'red'}
    assert ROWS.keys() == {'MTU': 'mtu', 'ADMIN_STATE': 'enabled', 'DESC': 'description', 'INTF_VRF': 'vrf', 'MEMBER_INTERFACES': 'members'}


def test_nvpairs_are_read_back_into_options_and_what_no_option_names_stays():
    options, rest = ROWS.from_controller({'MTU': '9216', 'ADMIN_STATE': 'true', 'DESC': '', 'INTF_VRF': '', 'MEMBER_INTERFACES': 'Ethernet1/1',
                                          'SPEED': 'Auto'})
    # an empty description is a description; an empty VRF is none
    assert options == {'mtu': 9216, 'enabled': True, 'description': '', 'members': ['Ethernet1/1']}
    assert rest == {'SPEED': 'Auto'}
    assert ROWS.to_controller(options, rest) == {'SPEED': 'Auto', 'MTU': '9216', 'ADMIN_STATE': 'true', 'DESC': '',
                                                 'MEMBER_INTERFACES': 'Ethernet1/1'}


def test_a_text_a_kind_cannot_read_is_kept_as_the_controller_has_it():
    options, rest = ROWS.from_controller({'MTU': 'jumbo', 'MEMBER_INTERFACES': 'po1', 'ADMIN_STATE': ''})
    assert options == {} and rest == {'MTU': 'jumbo', 'MEMBER_INTERFACES': 'po1'}
    options, rest = ROWS.from_controller({'MTU': ' 9000 ', 'DESC': 'x'}, options=('mtu',))
    assert options == {'mtu': 9000} and rest == {'DESC': 'x'}
