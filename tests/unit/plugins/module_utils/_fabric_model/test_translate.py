"""fabric_model's translation of the small model of our own: each list the config our module takes, NaC's defaults filled in."""

import pytest
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.translate import mask, translate
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.validate import validate
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches import FABRIC_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics import FABRICS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces import INTERFACES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links import LINKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies import POLICIES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs import VPC_PAIRS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS

from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils._fabric_model.fabric_model_samples import small_model, topology_model

RESOURCES = {'fabrics': FABRICS, 'fabric_switches': FABRIC_SWITCHES, 'vrfs': VRFS, 'networks': NETWORKS, 'policies': POLICIES}


def by_name(configs):
    return {config['name']: config for config in configs}


def test_the_small_model_becomes_one_fabric_six_switches_three_vrfs_and_three_networks():
    resources = translate(small_model())
    assert {name: len(configs) for name, configs in resources.items()} == {
        'fabrics': 1, 'fabric_switches': 6, 'vrfs': 3, 'networks': 3, 'interfaces': 0, 'vpc_pairs': 0, 'links': 0, 'policies': 6}
    assert [(switch['name'], switch['role']) for switch in resources['fabric_switches']] == [
        ('192.0.2.21', 'spine'), ('192.0.2.22', 'spine'), ('192.0.2.31', 'leaf'), ('192.0.2.32', 'leaf'),
        ('192.0.2.33', 'leaf'), ('192.0.2.34', 'border')]
    # each switch's hostname as NaC sets it after discovery: its host_11_1 policy
    assert resources['policies'][0] == {'switch': '192.0.2.21', 'template': 'host_11_1', 'description': '', 'priority': 100,
                                        'template_params': {'SWITCH_NAME': 'fo-spine-1'}}
    assert [policy['template_params']['SWITCH_NAME'] for policy in resources['policies']] == [
        'fo-spine-1', 'fo-spine-2', 'fo-leaf-1', 'fo-leaf-2', 'fo-leaf-3', 'fo-leaf-4']


@pytest.mark.parametrize('module', sorted(RESOURCES))
def test_each_list_is_the_config_our_module_takes(module):
    """Our module's own argument spec (option names and types) and its model's validation accept every item."""
    configs = translate(small_model())[module]
    resource = RESOURCES[module]
    spec = {'config': {'type': 'list', 'elements': 'dict', 'options': resource.config_spec()}}
    result = ArgumentSpecValidator(spec).validate({'config': configs})
    assert not result.error_messages
    for index, config in enumerate(result.validated_parameters['config']):
        resource.model.from_task(config, index)


def test_the_fabric_takes_the_models_settings_and_nacs_defaults_for_the_rest():
    fabric = translate(small_model())['fabrics'][0]
    assert (fabric['name'], fabric['template'], fabric['bgp_asn']) == ('fo-small', 'Easy_Fabric', '65120')
    assert fabric['anycast_gateway_mac'] == '0000.5e00.5301'
    assert fabric['replication_mode'] == 'Multicast' and fabric['underlay_routing'] == 'ospf'
    params = fabric['template_params']
    assert params['LOOPBACK0_IP_RANGE'] == '10.210.0.0/22' and params['SUBNET_TARGET_MASK'] == '31'
    assert params['DNS_SERVER_IP_LIST'] == '192.0.2.53' and params['NTP_SERVER_VRF'] == 'management'
    # left out of the model: NaC's defaults, not the controller template's
    assert fabric['l2_segment_id_range'] == '30000-49000' and fabric['vrf_vlan_range'] == '2000-2299'
    assert fabric['multicast_group_subnet'] == '239.1.1.0/25'
    assert params['RP_COUNT'] == '2' and params['BFD_ENABLE'] == 'false' and params['BGP_AUTH_KEY_TYPE'] == '3'


def test_vrfs_carry_nacs_defaults_and_attach_the_groups_switches_by_address():
    vrfs = by_name(translate(small_model())['vrfs'])
    assert vrfs['fo-green']['description'] == 'Green tenant'
    assert vrfs['fo-red']['description'] == 'Configured by Ansible NetAsCode'
    assert vrfs['fo-blue']['max_bgp_paths'] == 2 and vrfs['fo-red']['max_bgp_paths'] == 1
    assert (vrfs['fo-red']['vrf_id'], vrfs['fo-red']['vlan_id']) == (51001, 2101)
    assert vrfs['fo-red']['attach'] == [{'switch': '192.0.2.3%d' % leaf} for leaf in (1, 2, 3, 4)]
    assert vrfs['fo-blue']['attach'] == [{'switch': '192.0.2.34'}]


def test_networks_carry_their_vrf_gateways_and_ports():
    networks = by_name(translate(small_model())['networks'])
    web, database = networks['fo-web'], networks['fo-db']
    assert (web['vrf'], web['network_id'], web['vlan_id'], web['gateway_ipv4']) == ('fo-red', 31001, 2401, '172.16.1.1/24')
    assert web['attach'] == [{'switch': '192.0.2.31', 'ports': ['Ethernet1/11', 'Ethernet1/12']},
                             {'switch': '192.0.2.33', 'ports': ['Ethernet1/11']}]
    assert networks['fo-app']['suppress_arp'] is True and web['suppress_arp'] is False
    assert (database['mtu'], database['interface_description'], database['route_target_both']) == (9000, 'database segment', True)
    assert web['interface_description'] == 'Configured by Ansible NetAsCode'
    assert web['multicast_group'] == '239.1.1.1'


def test_a_layer2_only_network_has_no_vrf_and_ingress_replication_no_multicast_group():
    model = small_model()
    model['overlay']['networks'][0]['is_l2_only'] = True
    del model['overlay']['networks'][0]['vrf_name']
    model['underlay']['general']['replication_mode'] = 'ingress'
    del model['underlay']['multicast']
    assert validate(model) == []
    resources = translate(model)
    web = by_name(resources['networks'])['fo-web']
    assert web['layer2_only'] is True and 'vrf' not in web
    assert all('multicast_group' not in network for network in resources['networks'])
    fabric = resources['fabrics'][0]
    assert fabric['replication_mode'] == 'Ingress' and 'multicast_group_subnet' not in fabric
    assert 'RP_COUNT' not in fabric['template_params']


def test_an_isis_underlay_gets_nacs_isis_defaults():
    model = small_model()
    model['underlay']['general']['routing_protocol'] = 'is-is'
    del model['underlay']['ospf']
    model['underlay']['isis'] = {'net_area_number': 2}
    assert validate(model) == []
    params = translate(model)['fabrics'][0]['template_params']
    assert (params['ISIS_LEVEL'], params['ISIS_AREA_NUM']) == ('level-2', '0002')
    assert 'OSPF_AREA_ID' not in params


def test_secrets_are_masked_for_output_and_kept_for_the_resources():
    model = small_model()
    model['overlay']['vrfs'][0]['bgp_password'] = 'fo-vrf-secret'
    model['underlay']['bgp'] = {'authentication_enable': True, 'authentication_key': 'fo-bgp-secret'}
    resources = translate(model)
    assert resources['fabrics'][0]['template_params']['OSPF_AUTH_KEY'] == 'fo-ospf-secret-7'
    shown = mask(resources)
    assert 'secret' not in repr(shown)
    assert shown['fabrics'][0]['template_params']['OSPF_AUTH_KEY'] == '********'
    assert shown['fabrics'][0]['template_params']['BGP_AUTH_KEY'] == '********'
    assert by_name(shown['vrfs'])['fo-red']['template_params'] == {'bgpPassword': '********'}
    assert resources['fabrics'][0]['template_params']['OSPF_AUTH_KEY'] == 'fo-ospf-secret-7'   # the copy was masked


TOPOLOGY_RESOURCES = {'vpc_pairs': VPC_PAIRS, 'links': LINKS, 'policies': POLICIES}


@pytest.mark.parametrize('module', sorted(TOPOLOGY_RESOURCES))
def test_vpc_pairs_links_and_policies_are_the_config_our_modules_take(module):
    model = topology_model()
    assert validate(model) == []
    configs = translate(model)[module]
    assert configs
    resource = TOPOLOGY_RESOURCES[module]
    spec = {'config': {'type': 'list', 'elements': 'dict', 'options': resource.config_spec()}}
    result = ArgumentSpecValidator(spec).validate({'config': configs})
    assert not result.error_messages
    for index, config in enumerate(result.validated_parameters['config']):
        resource.model.from_task(config, index)


def test_a_vpc_pair_its_peer_link_and_a_fabric_link_as_nac_makes_them():
    resources = translate(topology_model())
    assert resources['vpc_pairs'] == [{'peer1': '192.0.2.31', 'peer2': '192.0.2.32', 'use_virtual_peerlink': False, 'domain_id': 12}]
    assert resources['links'][:2] == [
        {'src_switch': '192.0.2.31', 'src_interface': 'Ethernet1/53', 'dst_switch': '192.0.2.32', 'dst_interface': 'Ethernet1/53',
         'template': 'int_pre_provision_intra_fabric_link'},
        {'src_switch': '192.0.2.31', 'src_interface': 'Ethernet1/54', 'dst_switch': '192.0.2.32', 'dst_interface': 'Ethernet1/54',
         'template': 'int_pre_provision_intra_fabric_link'}]
    assert resources['links'][2] == {
        'src_switch': '192.0.2.21', 'src_interface': 'Ethernet1/1', 'dst_switch': '192.0.2.33', 'dst_interface': 'Ethernet1/49',
        'template': 'int_intra_fabric_num_link', 'enabled': True, 'mtu': 9216, 'src_description': '', 'dst_description': '',
        'src_ip': '10.213.9.0', 'dst_ip': '10.213.9.1', 'template_params': {'PEER1_CONF': 'no shutdown'}}


def test_an_edge_connection_is_nacs_two_policies_on_its_source_switch_its_key_masked():
    resources = translate(topology_model())
    peer, interface = resources['policies'][6:8]
    assert (peer['switch'], peer['template'], peer['priority']) == ('192.0.2.34', 'bgp_peer_template_dci_underlay_jython', 475)
    assert peer['description'] == 'nace_bgp_peer_template_dci_underlay_jython_fo-leaf-4_Ethernet1/48_fo-wan-1'
    assert peer['template_params']['TEMPLATE_NAME'] == 'fo-small-fo-wan-IPV4-EBGP'
    assert peer['template_params']['BGP_PASSWORD'] == 'fo-edge-key' and peer['template_params']['BGP_PASSWORD_ENABLE'] == 'true'
    assert (interface['template'], interface['priority']) == ('ebgp_underlay_dci_template', 500)
    assert interface['template_params']['DESC'] == 'Device fo-leaf-4 to Device fo-wan-1'
    assert (interface['template_params']['IP_MASK'], interface['template_params']['asn']) == ('10.33.0.1/30', '65120')
    assert mask(resources)['policies'][6]['template_params']['BGP_PASSWORD'] == '********'


def test_policy_groups_give_each_switch_its_policies_with_nacs_names_and_priorities():
    policies = translate(topology_model())['policies'][8:]
    assert [(policy['switch'], policy['template'], policy['description'], policy['priority']) for policy in policies] == [
        ('192.0.2.31', 'switch_freeform', 'nac_login_banner', 300), ('192.0.2.31', 'ntp_source', 'nac_ntp_source', 200),
        ('192.0.2.32', 'switch_freeform', 'nac_login_banner', 300), ('192.0.2.32', 'ntp_source', 'nac_ntp_source', 200)]
    assert policies[0]['template_params'] == {'CONF': 'banner motd #fo-small#'}


def test_interfaces_of_each_mode_with_nacs_defaults_are_the_config_our_interfaces_module_takes():
    model = small_model()
    model['topology']['switches'][4]['interfaces'] = [
        {'name': 'Ethernet1/1', 'mode': 'access', 'access_vlan': 2401, 'description': 'web server'},
        {'name': 'eth1/2', 'mode': 'trunk', 'trunk_allowed_vlans': '2401-2402', 'spanning_tree_portfast': False},
        {'name': 'port-channel30', 'mode': 'trunk_po', 'members': ['e1/3', 'Ethernet1/4'], 'pc_mode': 'on'},
        {'name': 'Ethernet1/5', 'mode': 'routed', 'ipv4_address': '10.40.0.1/30', 'vrf': 'fo-red', 'mtu': 9000},
        {'name': 'Loopback100', 'mode': 'loopback', 'ipv4_address': '10.41.0.1/32'},
        {'name': 'port-channel31', 'mode': 'routed_po', 'members': ['Ethernet1/6'], 'ipv4_address': '10.42.0.1/31'},
        {'name': 'port-channel32', 'mode': 'access_po', 'members': ['Ethernet1/7']},
    ]
    assert validate(model) == []
    configs = translate(model)['interfaces']
    spec = {'config': {'type': 'list', 'elements': 'dict', 'options': INTERFACES.config_spec()}}
    result = ArgumentSpecValidator(spec).validate({'config': configs})
    assert not result.error_messages
    for index, config in enumerate(result.validated_parameters['config']):
        INTERFACES.model.from_task(config, index)
    access, trunk, channel, routed, loopback = configs[:5]
    assert access == {'switch': '192.0.2.33', 'name': 'Ethernet1/1', 'mode': 'access', 'description': 'web server',
                      'enabled': True, 'mtu': 'jumbo', 'speed': 'auto', 'access_vlan': 2401,
                      'template_params': {'PORTTYPE_FAST_ENABLED': 'true', 'BPDUGUARD_ENABLED': 'true',
                                          'ENABLE_ORPHAN_PORT': 'false', 'ENABLE_QOS': 'false', 'ENABLE_MONITOR': 'false',
                                          'CONF': '', 'PORT_DUPLEX_MODE': 'auto'}}
    assert (trunk['name'], trunk['allowed_vlans'], trunk['template_params']['PORTTYPE_FAST_ENABLED']) == (
        'Ethernet1/2', '2401-2402', 'false')
    assert 'native_vlan' not in trunk
    assert (channel['members'], channel['pc_mode'], channel['description']) == (
        ['Ethernet1/3', 'Ethernet1/4'], 'on', 'NetAsCode Trunk PO Interface')
    assert (routed['mode'], routed['mtu'], routed['vrf']) == ('routed', '9000', 'fo-red')
    assert 'mode' not in loopback and loopback['name'] == 'Loopback100'
