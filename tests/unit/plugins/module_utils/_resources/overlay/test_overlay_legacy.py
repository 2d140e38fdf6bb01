"""The mapping between the modules' options and the controller's fields, both ways (pure)."""

import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import name_batches
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS as NETWORK_RESOURCE
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.legacy import NetworkMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS as VRF_RESOURCE
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.legacy import VrfMapping

NETWORKS = NETWORK_RESOURCE.model
VRFS = VRF_RESOURCE.model

# A network as the controller answers it (GET /top-down/fabrics/{fabric}/networks in docs/api/fabric-controller.yaml; values invented).
WIRE_NETWORK = {
    'id': 3278, 'fabric': 'f1', 'networkName': 'web', 'displayName': 'web', 'networkId': 30001,
    'networkTemplate': 'Default_Network_Universal', 'networkExtensionTemplate': 'Default_Network_Extension_Universal',
    'vrf': 'blue', 'tenantName': None, 'networkStatus': 'DEPLOYED',
    'networkTemplateConfig': json.dumps({
        'networkName': 'web', 'vrfName': 'blue', 'segmentId': '30001', 'vlanId': '2301', 'gatewayIpAddress': '10.1.1.1/24',
        'isLayer2Only': 'false', 'suppressArp': 'false', 'mtu': '9216', 'tag': '12345', 'mcastGroup': '239.1.1.0',
        'nveId': '1', 'dhcpServerAddr1': '10.9.9.9'}),
}
ATTACHED = [{'networkName': 'web', 'switchName': 'leaf-1', 'switchSerialNo': 'SN1', 'vlanId': 2301, 'isLanAttached': True,
             'lanAttachState': 'DEPLOYED', 'portNames': 'Ethernet1/14,Ethernet1/13'},
            {'networkName': 'web', 'switchName': 'spine-1', 'switchSerialNo': 'SN9', 'vlanId': 2301, 'isLanAttached': False,
             'lanAttachState': 'NA', 'portNames': ''}]


def network_mapping():
    mapping = NetworkMapping(NETWORKS, client=None, params={'fabric': 'f1'})
    mapping.raw = {'web': WIRE_NETWORK}
    return mapping


def test_a_network_as_read_in_the_modules_terms():
    obj = network_mapping().object_from_controller(WIRE_NETWORK, ATTACHED)
    assert obj['vrf'] == 'blue' and obj['network_id'] == 30001 and obj['vlan_id'] == 2301 and obj['layer2_only'] is False
    assert obj['multicast_group'] == '239.1.1.0' and obj['gateway_ipv4'] == '10.1.1.1/24'
    assert obj['template_params'] == {'nveId': '1', 'dhcpServerAddr1': '10.9.9.9'}
    # only attached switches; the VLAN equal to the network's own is not repeated
    assert obj['attach'] == {'SN1': {'switch': 'leaf-1', 'ports': ['Ethernet1/13', 'Ethernet1/14']}}


def test_an_update_sends_the_whole_object_with_every_setting_and_the_names_inside_the_config():
    mapping = network_mapping()
    obj = mapping.object_from_controller(WIRE_NETWORK, ATTACHED)
    obj['vlan_id'] = 2302
    body = mapping.object_to_controller(obj)
    config = json.loads(body['networkTemplateConfig'])
    assert config['vlanId'] == 2302 and config['vrfName'] == 'blue' and config['segmentId'] == 30001
    assert config['networkName'] == 'web' and config['dhcpServerAddr1'] == '10.9.9.9' and config['mcastGroup'] == '239.1.1.0'
    assert body['vrf'] == 'blue' and body['networkId'] == 30001 and body['tenantName'] is None
    assert 'id' not in body and 'networkStatus' not in body


def test_a_layer2_only_network_has_the_controllers_vrf_na():
    mapping = network_mapping()
    obj = NETWORKS.merged(None, {'name': 'l2', 'network_id': 30002, 'layer2_only': True})
    body = mapping.object_to_controller(obj)
    assert body['vrf'] == 'NA' and json.loads(body['networkTemplateConfig'])['vrfName'] == 'NA'
    read_back = mapping.object_from_controller(dict(body, networkName='l2'), [])
    assert 'vrf' not in read_back and read_back['layer2_only'] is True


def test_ports_of_an_attached_switch_are_sent_as_the_ones_to_add_and_to_remove():
    item = network_mapping().attachment_item('web', 'SN1', {'switch': 'leaf-1', 'ports': ['Ethernet1/1', 'Ethernet1/2']},
                                             {'switch': 'leaf-1', 'ports': ['Ethernet1/2', 'Ethernet1/3']})
    assert (item['switchPorts'], item['detachSwitchPorts'], item['deployment']) == ('Ethernet1/3', 'Ethernet1/1', True)
    detach = network_mapping().attachment_item('web', 'SN1', {'switch': 'leaf-1', 'ports': ['Ethernet1/1']}, None)
    assert (detach['switchPorts'], detach['detachSwitchPorts'], detach['deployment']) == ('', 'Ethernet1/1', False)


def test_a_vrf_round_trips_through_the_mapping_unchanged():
    mapping = VrfMapping(VRFS, client=None, params={'fabric': 'f1'})
    obj = VRFS.merged(None, VRFS.from_task({'name': 'blue', 'vrf_id': 50001, 'vlan_id': 2001,
                                            'template_params': {'bgpPasswordKeyType': 3}}, 0))
    body = mapping.object_to_controller(obj)
    config = json.loads(body['vrfTemplateConfig'])
    assert body['vrfId'] == 50001 and config['vrfSegmentId'] == 50001 and config['vrfVlanId'] == 2001
    # the controller stores every template value as text
    stored = dict(body, vrfTemplateConfig=json.dumps({key: str(value).lower() if isinstance(value, bool) else str(value)
                                                      for key, value in config.items()}))
    assert mapping.object_from_controller(stored, []) == obj


def test_name_lists_are_cut_below_the_controllers_url_limit():
    names = ['network-%04d' % number for number in range(2000)]
    batches = list(name_batches(names, limit=4000))
    assert all(len(batch) <= 4000 for batch in batches)
    assert ','.join(batches).split(',') == names
    assert [len(batch.split(',')) for batch in name_batches(names, most=30)][:2] == [30, 30]


def test_a_nested_template_parameter_is_sent_as_the_text_the_controller_answers_for_it():
    # The controller keeps a structured template value (a list of DHCP servers, say) as compact JSON text; the
    # task's own value must become that same text, or a config fed back from gathered would never match.
    servers = [{'srvVrf': 'blue', 'srvAddr': '10.9.9.9'}]
    given = NETWORKS.from_task({'name': 'web', 'template_params': {'dhcpServers': servers}}, 0)
    read = network_mapping().object_from_controller(dict(WIRE_NETWORK, networkTemplateConfig=json.dumps({'dhcpServers': servers})), [])
    assert given['template_params'] == read['template_params'] == {'dhcpServers': '[{"srvAddr":"10.9.9.9","srvVrf":"blue"}]'}
