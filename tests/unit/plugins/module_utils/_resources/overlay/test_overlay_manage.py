"""The mapping of VRFs and networks to /api/v1/manage (ND 4.2), both ways, and what it refuses before any write (pure)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import ControllerClient
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.manage import NetworkManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import Run
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.manage import check_results
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.manage import VrfManageMapping

# A VRF and a network as GET /api/v1/manage/fabrics/{fabric}/vrfs (networks) list them (docs/api/platform.yaml; values invented)
MANAGE_VRF = {
    'fabricName': 'f1', 'vrfName': 'blue', 'vrfId': 50001, 'vrfType': 'vxlanIbgp', 'vrfStatus': 'deployed', 'vlanId': 2001,
    'coreData': {'vrfDescription': 'tenant blue', 'mtu': 9000, 'routeTargetImport': ['65001:1', '65001:2'], 'ipv6LinkLocal': False},
    'fabricData': {'advertiseHostRoute': True, 'bgpPasswordKeyType': 3, 'trmData': {'ipv4Trm': False, 'loopbackNumber': 5}},
}
MANAGE_NETWORK = {
    'fabricName': 'f1', 'networkName': 'web', 'displayName': 'web', 'networkId': 30001, 'networkType': 'vxlanIbgp',
    'networkStatus': 'deployed', 'vrfName': 'blue', 'vlanId': 2301,
    'l2Data': {'vlanName': 'web', 'fabricData': {'multicastGroup': '239.1.1.0'}},
    'l3Data': {'gatewayIpv4Address': '10.1.1.1/24', 'mtu': 9216, 'arpSuppression': False, 'fabricData': {'loopbackId': 7}},
}
NETWORK_ATTACHMENTS = [
    {'networkName': 'web', 'switchId': 'SN1', 'switchName': 'leaf-1', 'switchRole': 'borderGateway', 'attach': True,
     'status': 'deployed', 'vlanId': 2301, 'interfaces': [{'mode': 'trunk', 'interfaceRange': 'Ethernet1/14,Ethernet1/13'}]},
    {'networkName': 'web', 'switchId': 'SN9', 'switchName': 'spine-1', 'switchRole': 'spine', 'attach': False,
     'status': 'notApplicable', 'vlanId': 2301, 'interfaces': []},
]


def offline(mapping_class, params=None):
    """A mapping on a client that sends nothing and collects what it would (as rendered does)."""
    model = (VRFS if mapping_class is VrfManageMapping else NETWORKS).model
    return mapping_class(model, ControllerClient(None, '/api/v1/manage'), dict({'fabric': 'f1'}, **(params or {})))


def read(mapping, item, attachments=()):
    mapping.manage_raw = {item[mapping.kind.name_key]: item}
    view = mapping.legacy_view(item)
    mapping.raw = {view[mapping.kind.name_key]: view}
    return mapping.object_from_controller(view, [mapping.legacy_attachment(detail) for detail in attachments])


def test_a_vrf_as_read_on_manage_is_the_same_model_object_as_on_the_legacy_api():
    obj = read(offline(VrfManageMapping), MANAGE_VRF)
    assert (obj['vrf_id'], obj['vlan_id'], obj['description'], obj['mtu'], obj['ipv6_link_local']) == (50001, 2001, 'tenant blue',
                                                                                                       9000, False)
    # a list of route targets is the legacy comma text; the default templates, since the VRF names none
    assert obj['route_target_import'] == '65001:1,65001:2' and obj['advertise_host_routes'] is True
    assert (obj['template'], obj['extension_template']) == ('Default_VRF_Universal', 'Default_VRF_Extension_Universal')
    # typed fields no option owns are the legacy template_params, as text
    assert obj['template_params'] == {'bgpPasswordKeyType': '3', 'loopbackNumber': '5'}


def test_a_network_and_its_ports_as_read_on_manage():
    obj = read(offline(NetworkManageMapping), MANAGE_NETWORK, NETWORK_ATTACHMENTS)
    assert (obj['vrf'], obj['network_id'], obj['layer2_only'], obj['gateway_ipv4'], obj['multicast_group']) == (
        'blue', 30001, False, '10.1.1.1/24', '239.1.1.0')
    assert obj['template_params'] == {'loopbackId': '7'}
    assert obj['attach'] == {'SN1': {'switch': 'leaf-1', 'ports': ['Ethernet1/13', 'Ethernet1/14']}}
    states = offline(NetworkManageMapping).legacy_attachment(NETWORK_ATTACHMENTS[0])
    assert (states['lanAttachState'], states['switchRole']) == ('DEPLOYED', 'border gateway')
    layer2 = read(offline(NetworkManageMapping), {'networkName': 'l2', 'networkId': 30002, 'vlanId': 2400})
    assert layer2['layer2_only'] is True and 'vrf' not in layer2


def test_an_update_sends_the_whole_manage_object_typed_with_the_change_and_without_its_status():
    mapping = offline(VrfManageMapping)
    obj = read(mapping, MANAGE_VRF)
    obj['mtu'] = 9100
    body = mapping.object_to_controller(obj)
    assert body['coreData']['mtu'] == 9100 and body['coreData']['routeTargetImport'] == ['65001:1', '65001:2']
    assert body['fabricData']['bgpPasswordKeyType'] == 3 and body['fabricData']['trmData'] == {'ipv4Trm': False, 'loopbackNumber': 5}
    assert body['vrfType'] == 'vxlanIbgp' and body['vrfId'] == 50001 and 'vrfStatus' not in body
    # the legacy config keys of the names are not sent: the typed object has top-level names
    assert 'vrfSegmentId' not in body and 'vrfTemplateConfig' not in body


def test_a_new_layer2_only_network_has_no_vrf_name_and_ports_travel_as_interfaces():
    mapping = offline(NetworkManageMapping)
    obj = NETWORKS.model.merged(None, NETWORKS.model.from_task({'name': 'l2', 'network_id': 30002, 'layer2_only': True}, 0))
    body = mapping.object_to_controller(obj)
    assert 'vrfName' not in body and body['displayName'] == 'l2' and body['networkId'] == 30002
    assert body['l3Data']['mtu'] == 9216 and body['l2Data']['rtAuto'] is False
    item = mapping.manage_attachment('web', 'SN1', {'ports': ['Ethernet1/1']}, {'ports': ['Ethernet1/3', 'Ethernet1/2'], 'vlan': 2500})
    assert item == {'networkName': 'web', 'switchId': 'SN1', 'attach': True, 'vlanId': 2500,
                    'interfaces': [{'mode': 'trunk', 'interfaceRange': 'Ethernet1/2,Ethernet1/3'}]}
    assert mapping.manage_attachment('web', 'SN1', {'ports': ['Ethernet1/1']}, None) == {
        'networkName': 'web', 'switchId': 'SN1', 'attach': False}


def test_rendered_on_manage_shows_the_manage_requests():
    model = VRFS.model
    mapping = offline(VrfManageMapping, {'state': 'rendered', 'deploy': True})
    wants = [model.from_task({'name': 'red', 'vrf_id': 50102, 'vlan_id': 2102, 'attach': [{'switch': 'SN1'}]}, 0)]
    result = Run(mapping, False, False).rendered(wants)
    create, attach, deploy = result['rendered']
    assert create['path'] == '/api/v1/manage/fabrics/f1/vrfs' and create['body']['vrfs'][0]['vlanId'] == 2102
    assert attach['body'] == {'attachments': [{'vrfName': 'red', 'switchId': 'SN1', 'attach': True}]}
    assert deploy == {'method': 'POST', 'path': '/api/v1/manage/fabrics/f1/vrfActions/deploy', 'body': {'vrfNames': ['red']}}


@pytest.mark.parametrize('item, message', [
    ({'name': 'red', 'template_params': {'nveId': '2'}}, 'template_params nveId has no place in the typed VRF object'),
    ({'name': 'red', 'template_params': {'loopbackNumber': 'five'}}, 'template_params loopbackNumber must be a whole number'),
    ({'name': 'red', 'template': 'My_VRF'}, 'template My_VRF is not carried on the /api/v1/manage API'),
], ids=['outside-the-map', 'wrong-type', 'custom-template'])
def test_what_manage_cannot_carry_is_refused_before_any_write_naming_it(item, message):
    with pytest.raises(ModelError) as refused:
        offline(VrfManageMapping).prepare_offline([VRFS.model.from_task(dict(item, vrf_id=1), 0)])
    assert message in str(refused.value) and 'Nothing was written.' in str(refused.value)


def test_what_sets_nothing_on_the_legacy_api_is_taken_as_nothing_on_4_2():
    # a VRF as a legacy controller's gathered lists it: nveId 1 and empty values are what the controller fills in itself
    want = VRFS.model.from_task({'name': 'red', 'vrf_id': 1, 'template_params': {'nveId': '1', 'vrfDhcp': '', 'rpAddress': ''}}, 0)
    offline(VrfManageMapping).prepare_offline([want])
    assert want['template_params'] == {'rpAddress': ''}, 'a key of the typed object is kept, the ones that set nothing dropped'


def test_a_207_answer_fails_the_items_it_lists_whether_it_lists_all_or_only_the_failures():
    check_results('creating', ['a', 'b'], {'results': [{'vrfName': 'a', 'status': 'success'}, {'vrfName': 'b', 'status': 'success'}]},
                  'vrfName')
    with pytest.raises(ItemsFailed) as failed:
        check_results('creating', ['a', 'b'], {'results': [{'vrfName': 'b', 'status': 'failed', 'message': 'taken'}]}, 'vrfName')
    assert failed.value.failed == {'b': 'taken'} and failed.value.succeeded == ['a']
    with pytest.raises(ItemsFailed) as failed:
        check_results('attaching', ['a on leaf-1', 'b on leaf-1'], {'results': [
            {'networkName': 'a', 'status': 'success'}, {'networkName': 'b', 'status': 'failed', 'message': 'VLAN in use'}]}, None)
    assert failed.value.failed == {'b on leaf-1': 'VLAN in use'} and failed.value.succeeded == ['a on leaf-1']
