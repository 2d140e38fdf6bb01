"""Links on the /api/v1/manage API of a 4.2 dashboard: the mapping against a controller that answers as the emulator's 4.2
does (FakeController: no HTTP), for the faults the emulator cannot produce, and its legacy-to-4.2 map held to
docs/api/platform.yaml."""

from dashboard_emulator.field_maps import legacy_fields

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links import LINKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.manage import INPUTS, POLICY_TYPES
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import release_from_version
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

ND_42 = release_from_version({'major': 4, 'minor': 2, 'maintenance': 1, 'patch': ''})
OLD = {'linkId': 'LINK-UUID-7', 'srcFabricName': 'f1', 'srcSwitchId': 'SN1', 'srcSwitchName': 'spine-1', 'srcInterfaceName': 'Ethernet1/10',
       'dstFabricName': 'f1', 'dstSwitchId': 'SN2', 'dstSwitchName': 'leaf-2', 'dstInterfaceName': 'Ethernet1/10',
       'configData': {'policyType': 'unnumbered', 'templateInputs': {'mtu': 9216, 'interfaceAdminState': True}}}
NEW = [{'src_switch': 'spine-1', 'src_interface': 'Ethernet1/%d' % port, 'dst_switch': '10.1.0.2', 'dst_interface': 'Ethernet1/%d' % port,
        'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.%d.1' % port, 'dst_ip': '10.4.%d.2' % port} for port in (49, 50)]


def switch(serial, name, address):
    return {'switchId': serial, 'hostname': name, 'fabricManagementIp': address, 'switchRole': 'leaf',
            'additionalData': {'configSyncStatus': 'inSync'}}


def controller(answer_write):
    return FakeController({
        '/fabrics/f1/switches': {'switches': [switch('SN1', 'spine-1', '10.1.0.1'), switch('SN2', 'leaf-2', '10.1.0.2')]},
        '/links': {'links': [OLD]},
        '/fabrics/f1/switches/SN1/interfaces': {'interfaces': []},
        '/fabrics/f1/switches/SN2/interfaces': {'interfaces': []},
    }, answer_write=answer_write)


def run(state, config, fake):
    params = {'state': state, 'fabric': 'f1', 'config': config, 'controller_api': 'auto', 'deploy': False, 'wait': True, 'wait_timeout': 0}
    return LINKS.run(fake, params, check_mode=False, diff=True, release=lambda: ND_42)


def test_the_policy_types_and_inputs_are_the_documented_ones():
    documented = next(field.values for field in legacy_fields('ManageLinkConfigData') if field.path == ('policyType',))
    assert POLICY_TYPES == dict(documented)
    inputs = {field.legacy[1]: field.path[-1] for field in legacy_fields('ManageLinkTemplateInputs')}
    assert {key: field for key, (field, _kind) in INPUTS.items()} == inputs


def test_a_remove_answered_207_with_a_failed_item_fails_naming_it_and_the_creates_still_go():
    def answer(request):
        if request.path.endswith('/linkActions/remove'):
            return {'links': [{'linkId': 'LINK-UUID-7', 'status': 'failure', 'message': 'Link is in use by a VRF Lite extension'}]}
        return {'links': [{'linkId': 'LINK-UUID-%d' % index, 'status': 'success'} for index, _link in enumerate(request.body['links'])]}
    fake = controller(answer)
    result = run('overridden', NEW, fake)
    assert result['failed'] is True, result
    assert result['failed_items'] == {'leaf-2 Ethernet1/10 -- spine-1 Ethernet1/10': 'Link is in use by a VRF Lite extension'}
    assert sorted(result['succeeded_items']) == ['leaf-2 Ethernet1/49 -- spine-1 Ethernet1/49', 'leaf-2 Ethernet1/50 -- spine-1 Ethernet1/50']
    # one remove, one create of both: nothing sent twice, nothing deployed
    assert fake.sent == ['POST /linkActions/remove', 'POST /links'], fake.sent


def test_a_create_the_controller_refuses_whole_names_every_link_of_it():
    def answer(request):
        if request.path.endswith('/links'):
            raise ApiError('HTTP 400: srcSwitchId is not a switch of fabric f1', 400)
        return None
    fake = controller(answer)
    result = run('merged', NEW, fake)
    assert result['failed'] is True and set(result['failed_items']) == {
        'leaf-2 Ethernet1/49 -- spine-1 Ethernet1/49', 'leaf-2 Ethernet1/50 -- spine-1 Ethernet1/50'}, result
    assert result['succeeded_items'] == [] and 'Traceback' not in result['msg']


def test_the_peer_link_ports_are_read_once_per_run_and_refuse_a_new_link_on_one():
    member = {'switchId': 'SN2', 'interfaceName': 'Ethernet1/50', 'interfaceType': 'ethernet', 'configData': {'networkOS': {
        'policy': {'configTemplate': 'int_vpc_peer_link_po_member_11_1', 'portChannelId': 500}}}}
    fake = controller(lambda request: {'links': [{'linkId': 'LINK-UUID-1', 'status': 'success'}] * len(request.body['links'])})
    fake.answers['/fabrics/f1/switches/SN2/interfaces'] = {'interfaces': [member]}
    for _task in range(2):
        result = run('merged', NEW, fake)
        assert result['failed'] is True and fake.writes == [], result
        assert ('link leaf-2 Ethernet1/50 -- spine-1 Ethernet1/50: interface Ethernet1/50 of switch leaf-2 is a member of the vPC '
                'peer-link port-channel500 of the vPC pair of switch leaf-2') in result['msg'], result['msg']
    # the second task of the run takes what the first read
    assert fake.read_paths().count('/fabrics/f1/switches/SN2/interfaces') == 1, fake.read_paths()
