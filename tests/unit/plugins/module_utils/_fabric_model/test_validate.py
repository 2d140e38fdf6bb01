"""Every validation rule of fabric_model, with its message, on the small model of our own made wrong one way at a time."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.validate import validate

from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils._fabric_model.fabric_model_samples import small_model, topology_model


def problems_of(change):
    model = small_model()
    change(model)
    return {problem['path']: problem['msg'] for problem in validate(model)}


def only(change):
    found = problems_of(change)
    assert len(found) == 1, found
    return found


def test_the_small_model_has_no_problem():
    assert validate(small_model()) == []


def test_a_model_that_is_not_a_mapping_is_refused_by_its_root():
    assert validate(['fabric']) == [{'path': 'vxlan', 'msg': validate(['x'])[0]['msg']}]
    assert 'not a mapping' in validate('x')[0]['msg']


def test_a_fabric_type_other_than_vxlan_evpn_is_refused_by_name():
    found = only(lambda m: m['fabric'].update(type='External'))
    assert "fabric type 'External' is not supported by fabricops.dashboard: it runs VXLAN_EVPN fabrics only" in found['vxlan.fabric.type']
    found = only(lambda m: m['fabric'].pop('type'))
    assert found['vxlan.fabric.type'].startswith('missing')


def test_the_fabric_name_and_asn_are_required_and_well_formed():
    assert 'not a valid name' in only(lambda m: m['fabric'].update(name='fo small'))['vxlan.fabric.name']
    assert only(lambda m: m['fabric'].pop('name'))['vxlan.fabric.name'].startswith('missing')
    assert 'needs its BGP AS number' in only(lambda m: m['global']['ibgp'].pop('bgp_asn'))['vxlan.global.ibgp.bgp_asn']
    assert 'is not one: give 1 to 4294967295' in only(lambda m: m['global']['ibgp'].update(bgp_asn='70000.1'))[
        'vxlan.global.ibgp.bgp_asn']


def test_dotted_asn_is_accepted():
    model = small_model()
    model['global']['ibgp']['bgp_asn'] = '65001.100'
    assert validate(model) == []


@pytest.mark.parametrize('name, given, message', [
    ('layer2_vni_range', {'from': 0, 'to': 100}, 'VNI range 0-100 is out of bounds: VNIs run from 1 to 16777214'),
    ('layer2_vlan_range', {'from': 2300, 'to': 4000}, 'VLAN range 2300-4000 is out of bounds: VLANs run from 2 to 3967'),
    ('layer3_vlan_range', {'from': 2200, 'to': 2100}, 'VLAN range from 2200 is above to 2100'),
    ('layer3_vni_range', '50000-59000', 'not a range: give from and to'),
])
def test_fabric_ranges_are_checked(name, given, message):
    found = only(lambda m: m['global']['ibgp'].update({name: given}))
    assert message in found['vxlan.global.ibgp.' + name]


def test_underlay_prefixes_must_be_ipv4_networks():
    found = only(lambda m: m['underlay']['ipv4'].update(underlay_subnet_ip_range='10.213.0.1/16'))
    assert "'10.213.0.1/16' is not an IPv4 prefix" in found['vxlan.underlay.ipv4.underlay_subnet_ip_range']


def test_dns_servers_need_an_address_and_a_vrf():
    found = problems_of(lambda m: m['global']['ibgp']['dns_servers'].append({'ip_address': 'dns1'}))
    assert "not an IP address ('dns1')" in found['vxlan.global.ibgp.dns_servers[1].ip_address']
    assert found['vxlan.global.ibgp.dns_servers[1].vrf'].startswith('missing')


def test_the_anycast_gateway_mac_must_be_a_mac():
    found = only(lambda m: m['global']['ibgp'].update(anycast_gateway_mac='20:20:00:00:aa'))
    assert 'is not a MAC address' in found['vxlan.global.ibgp.anycast_gateway_mac']


def test_a_key_not_implemented_is_refused_by_its_path_once_per_section():
    def change(model):
        model['multisite'] = {'child_fabrics': [{'name': 'a'}], 'anycast_gateway_mac': '1'}
        model['topology']['switches'][2]['poap'] = {'bootstrap': True, 'discovery_creds': False}
        model['overlay']['vrfs'][0]['vrf_lite'] = True
    found = problems_of(change)
    assert sorted(found) == ['vxlan.multisite', 'vxlan.overlay.vrfs[0].vrf_lite', 'vxlan.topology.switches[2].poap']
    assert all(msg.startswith('not implemented by fabricops.dashboard: no resource of this collection takes this key yet')
               for msg in found.values())


@pytest.mark.parametrize('section, key, given', [
    ('underlay.general', 'enable_ipv6_underlay', True),
    ('underlay.general', 'manual_underlay_allocation', True),
    ('global.ibgp', 'enable_l3_vni_no_vlan', True),
])
def test_a_key_taken_only_at_nacs_default_is_refused_at_another_value(section, key, given):
    def change(model):
        target = model
        for step in section.split('.'):
            target = target.setdefault(step, {})
        target[key] = given
    found = problems_of(change)
    assert "not implemented by fabricops.dashboard: only False (NaC's default) is" in found['vxlan.%s.%s' % (section, key)]


def test_a_key_nac_reads_only_in_another_mode_is_refused_naming_the_condition():
    def change(model):
        model['underlay']['general']['routing_protocol'] = 'is-is'
        model['underlay']['general']['replication_mode'] = 'ingress'
    found = problems_of(change)
    assert found['vxlan.underlay.ospf.authentication_key'] == (
        'NaC reads this key only when vxlan.underlay.general.routing_protocol is ospf (it is is-is here), so it would have no '
        'effect; remove it.')
    assert 'replication_mode is multicast (it is ingress here)' in found['vxlan.underlay.multicast.underlay_rp_loopback_id']
    assert not any('fo-ospf-secret-7' in msg for msg in found.values())


def test_switch_names_serials_and_addresses_are_unique():
    def change(model):
        switches = model['topology']['switches']
        switches[1]['name'] = 'fo-spine-1'
        switches[3]['serial_number'] = 'FOS2201LF01'
        switches[5]['management']['management_ipv4_address'] = '192.0.2.33'
    found = problems_of(change)
    assert found['vxlan.topology.switches[1].name'] == (
        'switch fo-spine-1 is named twice (also vxlan.topology.switches[0]): give each switch its own hostname.')
    assert 'serial number FOS2201LF01 is also fo-leaf-1\'s' in found['vxlan.topology.switches[3].serial_number']
    assert 'address 192.0.2.33 is also fo-leaf-3\'s' in found['vxlan.topology.switches[5].management.management_ipv4_address']


def test_switch_serial_role_and_address_are_well_formed():
    def change(model):
        switches = model['topology']['switches']
        switches[0]['serial_number'] = 'FOS 2201'
        switches[1]['role'] = 'router'
        switches[2].pop('role')
        switches[3]['management']['management_ipv4_address'] = '192.0.2.300'
        switches[4].pop('management')
    found = problems_of(change)
    assert "serial number 'FOS 2201' is not one" in found['vxlan.topology.switches[0].serial_number']
    assert "role 'router' is not a switch role: use one of leaf, spine" in found['vxlan.topology.switches[1].role']
    assert found['vxlan.topology.switches[2].role'].startswith('missing')
    assert "'192.0.2.300' is not an IPv4 address" in found['vxlan.topology.switches[3].management.management_ipv4_address']
    assert found['vxlan.topology.switches[4].management.management_ipv4_address'].startswith('missing')


def test_vrf_and_network_names_are_unique_and_valid():
    def change(model):
        model['overlay']['vrfs'][1]['name'] = 'fo-red'
        model['overlay']['networks'][2]['name'] = 'fo db'
        model['overlay']['networks'][1].pop('name')
    found = problems_of(change)
    assert found['vxlan.overlay.vrfs[1].name'].startswith('VRF fo-red is defined twice (also vxlan.overlay.vrfs[0])')
    assert "network name 'fo db' is not a valid name" in found['vxlan.overlay.networks[2].name']
    assert found['vxlan.overlay.networks[1].name'] == 'missing: every network needs a name.'


def test_attach_groups_are_unique_and_name_switches_of_the_topology():
    def change(model):
        groups = model['overlay']['vrf_attach_groups']
        groups[1]['switches'].append({'hostname': 'fo-leaf-9'})
        groups[2]['switches'].append({'hostname': 'fo-leaf-4'})
        model['overlay']['network_attach_groups'].append({'name': 'border', 'switches': []})
    found = problems_of(change)
    assert found['vxlan.overlay.vrf_attach_groups[1].switches[2].hostname'] == (
        "switch 'fo-leaf-9' is not in vxlan.topology.switches: add it there, or fix the hostname.")
    assert 'switch fo-leaf-4 is listed twice in VRF attach group border' in found[
        'vxlan.overlay.vrf_attach_groups[2].switches[1].hostname']
    assert 'network attach group border is defined twice' in found['vxlan.overlay.network_attach_groups[3].name']


def test_vrf_ids_vlans_and_attach_groups_are_checked():
    def change(model):
        vrfs = model['overlay']['vrfs']
        vrfs[0]['vrf_id'] = 16777215
        vrfs[1]['vlan_id'] = 1
        vrfs[2]['vlan_id'] = 3968
        vrfs[2]['vrf_attach_group'] = 'spines'
    found = problems_of(change)
    assert found['vxlan.overlay.vrfs[0].vrf_id'] == 'VNI 16777215 is out of range: give 1 to 16777214.'
    assert found['vxlan.overlay.vrfs[1].vlan_id'] == 'VLAN 1 is out of range: give 2 to 3967.'
    assert found['vxlan.overlay.vrfs[2].vlan_id'] == 'VLAN 3968 is out of range: give 2 to 3967.'
    assert found['vxlan.overlay.vrfs[2].vrf_attach_group'] == (
        "attach group 'spines' is not in vxlan.overlay.vrf_attach_groups: add it there, or fix the name.")


def test_network_references_and_addresses_are_checked():
    def change(model):
        networks = model['overlay']['networks']
        networks[0]['vrf_name'] = 'fo-purple'
        networks[1].pop('vrf_name')
        networks[2]['gw_ip_address'] = '172.16.3.1'
        networks[2]['gw_ipv6_address'] = '172.16.3.1/24'
        networks[2]['net_id'] = '31003'
        networks[0]['multicast_group_address'] = '10.1.1.1'
        networks[0]['network_attach_group'] = 'nowhere'
    found = problems_of(change)
    assert found['vxlan.overlay.networks[0].vrf_name'] == (
        "VRF 'fo-purple' is not in vxlan.overlay.vrfs: add it there, or fix the name.")
    assert found['vxlan.overlay.networks[1].vrf_name'].startswith('missing: give the VRF the network belongs to')
    assert 'is not an IPv4 gateway: give the address with its prefix length' in found['vxlan.overlay.networks[2].gw_ip_address']
    assert 'is not an IPv6 gateway' in found['vxlan.overlay.networks[2].gw_ipv6_address']
    assert "'31003' is not a whole number" in found['vxlan.overlay.networks[2].net_id']
    assert 'is not an IPv4 multicast group' in found['vxlan.overlay.networks[0].multicast_group_address']
    assert "attach group 'nowhere' is not in vxlan.overlay.network_attach_groups" in found[
        'vxlan.overlay.networks[0].network_attach_group']


def test_a_layer2_only_network_names_no_vrf():
    def change(model):
        model['overlay']['networks'][0]['is_l2_only'] = True
    found = only(change)
    assert found['vxlan.overlay.networks[0].vrf_name'].startswith('a layer-2-only network (is_l2_only: true) belongs to no VRF')


def test_hostnames_in_vpc_peers_fabric_links_edge_connections_and_policy_switches_resolve():
    def change(model):
        model['topology']['vpc_peers'] = [{'peer1': 'fo-leaf-1', 'peer2': 'fo-leaf-7'}]
        model['topology']['fabric_links'] = [{'source_device': 'fo-spine-9', 'source_interface': 'Ethernet1/1',
                                              'dest_device': 'fo-leaf-1', 'dest_interface': 'Ethernet1/49',
                                              'template': 'int_intra_fabric_num_link'}]
        model['topology']['edge_connections'] = [dict(EDGE, source_device='fo-border-1')]
        model['policy'] = {'switches': [{'name': 'fo-spine-3'}]}
    found = problems_of(change)
    for path, hostname in (('vxlan.topology.vpc_peers[0].peer2', 'fo-leaf-7'), ('vxlan.topology.fabric_links[0].source_device',
                           'fo-spine-9'), ('vxlan.topology.edge_connections[0].source_device', 'fo-border-1'),
                           ('vxlan.policy.switches[0].name', 'fo-spine-3')):
        assert found.pop(path) == "switch '%s' is not in vxlan.topology.switches: add it there, or fix the hostname." % hostname
    assert found == {}


EDGE = {'source_device': 'fo-leaf-4', 'source_interface': 'Ethernet1/48', 'dest_device': 'fo-wan-1', 'dest_fabric': 'fo-wan',
        'local_ip': '10.33.0.1/30', 'neighbor_ip': '10.33.0.2',
        'bgp_section': {'neighbor_asn': '65300', 'bgp_password': 'fo-edge-secret'}}


def test_vpc_peers_pair_two_switches_once_in_a_domain_of_their_own():
    def change(model):
        model['topology']['vpc_peers'] = [
            {'peer1': 'fo-leaf-1', 'peer2': 'fo-leaf-2', 'domain_id': 10,
             'peer1_peerlink_interfaces': [{'name': 'Ethernet1/53'}, {'name': 'Ethernet1/54'}],
             'peer2_peerlink_interfaces': [{'name': 'Ethernet1/53'}]},
            {'peer1': 'fo-leaf-3', 'peer2': 'fo-leaf-3', 'domain_id': 10},
            {'peer1': 'fo-leaf-2', 'peer2': 'fo-leaf-4', 'domain_id': 1001},
        ]
    found = problems_of(change)
    assert found['vxlan.topology.vpc_peers[0].peer2_peerlink_interfaces'] == (
        'peer one has 2 peer-link interfaces and peer two 1: NaC links them pairwise, in order; give both the same number.')
    assert found['vxlan.topology.vpc_peers[1].peer2'] == 'a switch cannot pair with itself: give the other switch of the pair.'
    assert "vPC domain 10 is also vxlan.topology.vpc_peers[0]'s" in found['vxlan.topology.vpc_peers[1].domain_id']
    assert found['vxlan.topology.vpc_peers[2].peer1'] == (
        'switch fo-leaf-2 is already in the vPC pair vxlan.topology.vpc_peers[0]: a switch is in one pair at most.')
    assert found['vxlan.topology.vpc_peers[2].domain_id'] == 'vPC domain 1001 is out of range: give 1 to 1000.'


def test_a_fabric_link_needs_its_template_and_interfaces():
    def change(model):
        model['topology']['fabric_links'] = [{'source_device': 'fo-spine-1', 'dest_device': 'fo-leaf-1',
                                              'dest_interface': 'Ethernet1/49', 'ipv4': {'source_ipv4': '10.0.0.300'}}]
    found = problems_of(change)
    assert found['vxlan.topology.fabric_links[0].template'].startswith(
        'missing: NaC makes nothing of a fabric link without its template')
    assert found['vxlan.topology.fabric_links[0].source_interface'].startswith('missing')
    assert "'10.0.0.300' is not an IPv4 address" in found['vxlan.topology.fabric_links[0].ipv4.source_ipv4']


def test_an_edge_connection_needs_its_addresses_and_the_neighbors_asn():
    def change(model):
        model['topology']['edge_connections'] = [dict(EDGE, local_ip='10.33.0.1', neighbor_ip=None, dest_fabric=None,
                                                      bgp_section={'neighbor_asn': 'AS65300'})]
    found = problems_of(change)
    assert sorted(found) == ['vxlan.topology.edge_connections[0].bgp_section.neighbor_asn',
                             'vxlan.topology.edge_connections[0].dest_fabric', 'vxlan.topology.edge_connections[0].local_ip',
                             'vxlan.topology.edge_connections[0].neighbor_ip']
    assert "not a BGP AS number ('AS65300')" in found['vxlan.topology.edge_connections[0].bgp_section.neighbor_asn']
    assert 'is not an IPv4 address with its prefix length' in found['vxlan.topology.edge_connections[0].local_ip']


def test_policy_groups_and_switches_name_policies_and_groups_that_exist():
    def change(model):
        model['policy'] = {
            'policies': [{'name': 'banner', 'template_vars': {'CONF': 'banner motd #fo#'}}, {'name': 'banner'},
                         {'name': 'from-file', 'filename': 'policies/ntp.cfg'}],
            'groups': [{'name': 'leaves', 'policies': [{'name': 'banner'}, {'name': 'ntp'}]}],
            'switches': [{'name': 'fo-leaf-1', 'groups': ['leaves', 'spines']}]}
    found = problems_of(change)
    assert found['vxlan.policy.policies[1].name'].startswith('policy banner is defined twice')
    assert found['vxlan.policy.groups[0].policies[1].name'] == (
        "policy 'ntp' is not in vxlan.policy.policies: add it there, or fix the name.")
    assert found['vxlan.policy.switches[0].groups[1]'] == (
        "policy group 'spines' is not in vxlan.policy.groups: add it there, or fix the name.")
    assert found['vxlan.policy.policies[2].filename'].startswith('not implemented by fabricops.dashboard')


def test_one_vni_in_two_networks_or_a_vrf_and_a_network_is_refused():
    def change(model):
        model['overlay']['networks'][1]['net_id'] = 31001
        model['overlay']['networks'][2]['net_id'] = 51003
    found = problems_of(change)
    assert found['vxlan.overlay.networks[1].net_id'] == (
        "VNI 31001 is also network fo-web's (vxlan.overlay.networks[0].net_id): each VRF and network needs its own VNI; change one.")
    assert "VNI 51003 is also VRF fo-blue's" in found['vxlan.overlay.networks[2].net_id']


def test_one_vlan_for_two_networks_or_a_vrf_on_one_switch_is_refused():
    def change(model):
        model['overlay']['networks'][1]['vlan_id'] = 2401    # fo-app on leaf-1 and leaf-2; fo-web on leaf-1 too
        model['overlay']['networks'][2]['vlan_id'] = 2103    # fo-db on the border, where VRF fo-blue holds 2103
    found = problems_of(change)
    assert found['vxlan.overlay.networks[1].vlan_id'] == (
        "VLAN 2401 on switch fo-leaf-1 is also network fo-web's: a VLAN carries one VRF or network on a switch; give one of "
        "them another VLAN, or attach them to different switches.")
    assert "VLAN 2103 on switch fo-leaf-4 is also VRF fo-blue's" in found['vxlan.overlay.networks[2].vlan_id']


def test_one_vlan_on_switches_apart_is_fine():
    def change(model):
        model['overlay']['networks'][2]['vlan_id'] = 2402   # fo-db on leaf-4 only, fo-app on leaf-1 and leaf-2
    assert problems_of(change) == {}


def test_ports_in_two_port_channels_and_networks_on_routed_ports_or_members_are_refused():
    def change(model):
        model['topology']['switches'][2]['interfaces'] = [
            {'name': 'port-channel10', 'mode': 'trunk_po', 'members': ['Ethernet1/11', 'eth1/20']},
            {'name': 'Po11', 'mode': 'trunk_po', 'members': ['e1/20']},
            {'name': 'Ethernet1/12', 'mode': 'routed'},
        ]
    found = problems_of(change)
    assert found['vxlan.topology.switches[2].interfaces[1].members[0]'] == (
        'port Ethernet1/20 of fo-leaf-1 is also a member of port-channel10 (vxlan.topology.switches[2].interfaces[0].members[1]): '
        'a port has one use; remove it from one of them.')
    assert found['vxlan.overlay.network_attach_groups[0].switches[0].ports[0]'].startswith(
        'port Ethernet1/11 of fo-leaf-1 is a member of port-channel10 (vxlan.topology.switches[2].interfaces[0].members[0])')
    assert found['vxlan.overlay.network_attach_groups[0].switches[0].ports[1]'].startswith(
        'port Ethernet1/12 of fo-leaf-1 is routed (vxlan.topology.switches[2].interfaces[2])')


def test_every_problem_is_reported_at_once():
    def change(model):
        model['fabric']['type'] = 'MSD'
        model['overlay']['vrfs'][0]['vlan_id'] = 5000
        model['topology']['switches'][0]['role'] = 'core'
        model['overlay']['networks'][0]['vrf_name'] = 'nope'
    assert len(problems_of(change)) == 4


def test_a_port_given_two_uses_by_links_peer_links_and_edge_connections_is_refused():
    def change(model):
        model['topology']['vpc_peers'] = [{'peer1': 'fo-leaf-1', 'peer2': 'fo-leaf-2',
                                           'peer1_peerlink_interfaces': [{'name': 'Ethernet1/12'}],
                                           'peer2_peerlink_interfaces': [{'name': 'Ethernet1/53'}]}]
        model['topology']['fabric_links'] = [{'source_device': 'fo-spine-1', 'source_interface': 'Ethernet1/4',
                                              'dest_device': 'fo-leaf-2', 'dest_interface': 'eth1/53',
                                              'template': 'int_intra_fabric_num_link'}]
        model['topology']['edge_connections'] = [dict(EDGE, source_interface='Ethernet1/48')]
    found = problems_of(change)
    assert found['vxlan.topology.vpc_peers[0].peer2_peerlink_interfaces[0]'] == (
        'port Ethernet1/53 of fo-leaf-2 is also an end of a fabric link (vxlan.topology.fabric_links[0].dest_interface): '
        'a port has one use; remove it from one of them.')
    assert found['vxlan.overlay.network_attach_groups[0].switches[0].ports[1]'].startswith(
        'port Ethernet1/12 of fo-leaf-1 is a vPC peer-link port (vxlan.topology.vpc_peers[0].peer1_peerlink_interfaces[0])')
    assert len(found) == 2


def test_interfaces_take_the_modes_implemented_names_of_their_kind_once_and_the_keys_of_their_mode():
    def change(model):
        model['topology']['switches'][2]['interfaces'] = [
            {'name': 'Ethernet1/30', 'mode': 'access_vpc'},
            {'name': 'port-channel20', 'mode': 'access'},
            {'name': 'Ethernet1/31', 'mode': 'trunk', 'trunk_allowed_vlans': '2401-2403', 'access_vlan': 2401},
            {'name': 'eth1/31', 'mode': 'trunk'},
            {'name': 'Po21', 'mode': 'trunk_po', 'members': ['Ethernet1/40'], 'speed': '10Gb'},
        ]
    found = problems_of(change)
    assert found['vxlan.topology.switches[2].interfaces[0].mode'].startswith(
        "mode 'access_vpc' is not implemented by fabricops.dashboard: use one of access, trunk, access_po, trunk_po, routed")
    assert found['vxlan.topology.switches[2].interfaces[1].name'] == (
        "an interface of mode access is an Ethernet port, such as Ethernet1/10: 'port-channel20' is not one.")
    assert found['vxlan.topology.switches[2].interfaces[2].access_vlan'] == (
        'not implemented by fabricops.dashboard for a trunk interface: remove it, or keep this interface out of the model.')
    assert found['vxlan.topology.switches[2].interfaces[3].name'] == (
        'interface Ethernet1/31 of fo-leaf-1 is defined twice (also vxlan.topology.switches[2].interfaces[2]): define it once.')
    assert "only 'auto' (NaC's default) is" in found['vxlan.topology.switches[2].interfaces[4].speed']
    assert len(found) == 5


def test_a_part_of_the_wrong_shape_is_named_and_the_rest_still_checked():
    def change(model):
        model['topology']['switches'][0]['management'] = '192.0.2.21'
        model['overlay']['network_attach_groups'][0]['switches'][0]['ports'] = 'Ethernet1/11'
        model['overlay']['vrf_attach_groups'][0]['switches'][1] = 'fo-leaf-2'
        model['overlay']['networks'][0]['vlan_name'] = ['fo-web']
        model['overlay']['networks'][1]['vrf_name'] = 'fo-purple'
    found = problems_of(change)
    assert found['vxlan.topology.switches[0].management'] == 'not a mapping: give the keys of this section here, not a text.'
    assert found['vxlan.overlay.network_attach_groups[0].switches[0].ports'] == (
        'not a list: give a list of values here, not a text.')
    assert found['vxlan.overlay.vrf_attach_groups[0].switches[1]'] == 'not a mapping: give the keys of this item here, not a text.'
    assert found['vxlan.overlay.networks[0].vlan_name'] == 'not a single value: give a text or a number here, not a list.'
    assert "VRF 'fo-purple' is not in vxlan.overlay.vrfs" in found['vxlan.overlay.networks[1].vrf_name']


def test_a_key_whose_nac_default_is_a_number_or_a_boolean_takes_one():
    def change(model):
        model['underlay']['general']['intra_fabric_interface_mtu'] = 'jumbo'
        model['underlay']['general']['unshut_host_interfaces'] = 'yes'
        model['overlay']['vrfs'][0]['vrf_int_mtu'] = '9000'
    found = problems_of(change)
    assert found == {
        'vxlan.underlay.general.intra_fabric_interface_mtu': "'jumbo' is not a whole number: give a number (NaC's default is 9216).",
        'vxlan.underlay.general.unshut_host_interfaces': "'yes' is not true or false: give a boolean (NaC's default is true).",
        'vxlan.overlay.vrfs[0].vrf_int_mtu': "'9000' is not a whole number: give a number (NaC's default is 9216)."}


def every_path(node, path=()):
    yield path
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in children:
        yield from every_path(child, path + (key,))


def test_no_shape_of_any_key_makes_validate_or_translate_fail_with_an_error_of_its_own():
    """Every key of a model with every section, given each wrong shape in turn: problems, or a translation, never an error."""
    import copy
    from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.translate import translate
    base = topology_model()
    base['topology']['switches'][4]['interfaces'] = [{'name': 'port-channel30', 'mode': 'trunk_po', 'members': ['e1/3']}]
    for path in list(every_path(base))[1:]:
        for wrong in ('x', ['x'], {'a': 1}, None):
            model = copy.deepcopy(base)
            parent = model
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = wrong
            if not validate(model):
                translate(model)


def test_keys_of_a_few_values_take_one_of_them():
    def change(model):
        model['underlay']['general']['routing_protocol'] = 'bgp'
        model['global']['ibgp']['route_reflectors'] = 3
        model['topology']['switches'][2]['interfaces'] = [{'name': 'port-channel9', 'mode': 'trunk_po', 'pc_mode': 'lacp'}]
    found = problems_of(change)
    assert found.pop('vxlan.underlay.general.routing_protocol') == "'bgp' is not one fabricops.dashboard runs: use ospf or is-is."
    assert found.pop('vxlan.global.ibgp.route_reflectors') == "3 is not one fabricops.dashboard runs: use 2 or 4."
    assert found.pop('vxlan.topology.switches[2].interfaces[0].pc_mode') == (
        "'lacp' is not a port-channel mode: use active, passive, on.")
    assert all('routing_protocol is ospf' in msg for msg in found.values())   # the OSPF keys, now of a bgp underlay
