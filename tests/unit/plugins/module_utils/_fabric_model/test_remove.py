"""fabric_model's stage unnamed: the policies and links the model no longer names, per NaC's delete_mode flag of their kind,
never what the controller made itself nor a user's policy NaC did not make."""

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.remove import unnamed

SWITCH_NAMES = {'192.0.2.31': 'fo-leaf-1', '192.0.2.32': 'fo-leaf-2'}
RESOURCES = {
    'policies': [{'switch': '192.0.2.31', 'template': 'switch_freeform', 'description': 'nac_login_banner'},
                 {'switch': '192.0.2.31', 'template': 'host_11_1', 'description': ''}],
    'links': [{'src_switch': '192.0.2.31', 'src_interface': 'Ethernet1/53', 'dst_switch': '192.0.2.32', 'dst_interface': 'Ethernet1/53',
               'template': 'int_pre_provision_intra_fabric_link'}]}
GATHERED = {
    'policies': [
        {'switch': 'fo-leaf-1', 'template': 'switch_freeform', 'description': 'nac_login_banner', 'priority': 300},  # named
        {'switch': 'fo-leaf-2', 'template': 'switch_freeform', 'description': 'nac_login_banner', 'priority': 300},  # no longer
        {'switch': 'fo-leaf-2', 'template': 'switch_freeform', 'description': 'made by hand', 'priority': 500},      # not NaC's
        {'switch': 'fo-leaf-2', 'template': 'host_11_1', 'description': '', 'priority': 100},
        {'switch': 'fo-leaf-2', 'template': 'ebgp_underlay_dci_template', 'description': 'nace_ebgp_underlay_dci_template_x'}],
    'links': [
        # named, with its ends the other way round
        {'src_fabric': 'f', 'src_switch': 'fo-leaf-2', 'src_interface': 'Ethernet1/53', 'dst_fabric': 'f', 'dst_switch': 'fo-leaf-1',
         'dst_interface': 'Ethernet1/53', 'template': 'int_pre_provision_intra_fabric_link'},
        {'src_fabric': 'f', 'src_switch': 'fo-leaf-1', 'src_interface': 'Ethernet1/54', 'dst_fabric': 'f', 'dst_switch': 'fo-leaf-2',
         'dst_interface': 'Ethernet1/54', 'template': 'int_pre_provision_intra_fabric_link'},
        # discovered (an uplink): never selected
        {'src_fabric': 'f', 'src_switch': 'fo-spine-1', 'src_interface': 'Ethernet1/1', 'dst_fabric': 'f', 'dst_switch': 'fo-leaf-1',
         'dst_interface': 'Ethernet1/49', 'template': 'int_intra_fabric_num_link'}]}


def test_each_flag_selects_only_what_nac_made_of_its_kind_and_the_model_no_longer_names():
    nothing = unnamed(RESOURCES, GATHERED, SWITCH_NAMES, {})
    assert nothing == {'policies': [], 'links': []}
    policies = unnamed(RESOURCES, GATHERED, SWITCH_NAMES, {'policy_delete_mode': True})
    assert policies == {'policies': [{'switch': 'fo-leaf-2', 'template': 'switch_freeform', 'description': 'nac_login_banner'}],
                        'links': []}
    edges = unnamed(RESOURCES, GATHERED, SWITCH_NAMES, {'edge_connections_delete_mode': True})
    assert [policy['description'] for policy in edges['policies']] == ['nace_ebgp_underlay_dci_template_x']
    links = unnamed(RESOURCES, GATHERED, SWITCH_NAMES, {'link_vpc_delete_mode': True})
    assert links == {'policies': [], 'links': [{'src_fabric': 'f', 'src_switch': 'fo-leaf-1', 'src_interface': 'Ethernet1/54',
                                                'dst_fabric': 'f', 'dst_switch': 'fo-leaf-2', 'dst_interface': 'Ethernet1/54'}]}
