"""Interfaces on the /api/v1/manage API of a 4.2 dashboard: the mapping against a controller that answers as the emulator's
4.2 does (FakeController: no HTTP), and its legacy-to-4.2 map held to docs/api/platform.yaml."""

import pytest

from dashboard_emulator.field_maps import legacy_fields

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces import INTERFACES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.manage import (
    POLICY_FIELDS,
    POLICY_TYPES,
    InterfaceManageMapping,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import object_from_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import release_from_version
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

ND_42 = release_from_version({'major': 4, 'minor': 2, 'maintenance': 1, 'patch': ''})
SCHEMAS = {'trunkHost': 'ManageTrunkHostPolicy', 'accessHost': 'ManageAccessHostPolicy', 'loopback': 'ManageLoopbackPolicy',
           'svi': 'ManageSviPolicy'}
LEAF, SPINE = 'SN-LEAF', 'SN-SPINE'


def switch(serial, name, address, role):
    return {'switchId': serial, 'serialNumber': serial, 'hostname': name, 'fabricManagementIp': address, 'switchRole': role,
            'additionalData': {'configSyncStatus': 'inSync', 'discoveryStatus': 'ok'}}


def port(serial, name, policy_type='trunkHost', **fields):
    """A port as the emulator's 4.2 lists it: the leaf's default int_trunk_host unless told."""
    policy = {'configTemplate': POLICY_TYPES.get(policy_type, policy_type), 'adminState': True, 'mtu': 'jumbo', 'speed': 'auto'}
    if policy_type in POLICY_TYPES:
        policy['policyType'] = policy_type
    if policy_type == 'trunkHost':
        policy['allowedVlans'] = 'none'
    policy.update(fields)
    return {'switchId': serial, 'interfaceName': name, 'interfaceType': 'ethernet',
            'configData': {'mode': 'trunk', 'networkOS': {'networkOSType': 'nx-os', 'policy': policy}}}


def controller(frozen=False, results=None, extra=()):
    """site-a on 4.2: a leaf and a spine, Ethernet1/1-3 each (the spine's routed), writes answered 207 (``results``: the
    failed items)."""
    def answer(request):
        if request.method == 'PUT':
            return request.body
        return {'results': list(results or [])}
    leaf = [port(LEAF, 'Ethernet1/%d' % number) for number in (1, 2, 3)] + list(extra)
    spine = [port(SPINE, 'Ethernet1/%d' % number, 'routed') for number in (1, 2, 3)]
    fake = FakeController({
        '/fabrics/site-a/switches': {'switches': [switch(LEAF, 'leaf-1', '10.1.0.2', 'leaf'), switch(SPINE, 'spine-1', '10.1.0.1', 'spine')]},
        '/fabrics/site-a/switches/%s/interfaces' % LEAF: {'interfaces': leaf},
        '/fabrics/site-a/switches/%s/interfaces' % SPINE: {'interfaces': spine},
        '/fabrics/site-a/deploymentFreeze': {'deploymentFreeze': frozen},
        # no network attached to a port: asked when a task changes a port's VLAN or makes it routed
        '/fabrics/site-a/networkAttachments/query': {'attachments': []},
    }, answer_write=answer)
    # a read the API makes a POST (ControllerClient.query): answered from the same table
    fake.query = lambda path, body: fake.read(path)
    return fake


def run(state, config, fake=None, check_mode=False, **params):
    fake = fake or controller()
    fake.check_mode = check_mode
    params = dict({'state': state, 'fabric': 'site-a', 'config': config, 'controller_api': 'auto', 'deploy': False, 'wait': True,
                   'wait_timeout': 0}, **params)
    return INTERFACES.run(fake, params, check_mode=check_mode, diff=True, release=lambda: ND_42), fake


@pytest.mark.parametrize('policy_type', sorted(SCHEMAS))
def test_each_policy_types_fields_are_the_documented_nvpairs(policy_type):
    documented = {field.path[-1]: (field.legacy[1], field.kind, dict(field.values) if field.values else None)
                  for field in legacy_fields(SCHEMAS[policy_type])}
    assert POLICY_FIELDS[policy_type] == documented


def test_the_policy_types_are_the_documented_templates():
    documented = next(field.values for field in legacy_fields('ManageInterfacePolicy') if field.path == ('policyType',))
    assert POLICY_TYPES == dict(documented)


def test_the_descriptor_speaks_manage_on_4_2():
    result, fake = run('merged', [{'switch': 'leaf-1', 'name': 'Ethernet1/1', 'mode': 'trunk', 'description': 'x'}], check_mode=True)
    assert not result.get('failed'), result
    assert fake.prefix == '/api/v1/manage' and result['changed'] is True and fake.writes == []


def test_merged_posts_default_ports_with_the_new_loopbacks_per_switch_and_puts_a_configured_port_typed():
    """A port at the controller's default policy is configured in its switch's one POST, with the new loopbacks (as
    cisco.nd's 4.2 modules send it); a port already configured otherwise is PUT on its own (4.2 has no bulk update)."""
    configured = port(LEAF, 'Ethernet1/4', 'accessHost', accessVlan=20, description='db')
    config = [{'switch': '10.1.0.2', 'name': 'eth1/1', 'mode': 'access', 'access_vlan': 10, 'description': 'web'},
              {'switch': LEAF, 'name': 'Ethernet1/4', 'mode': 'access', 'access_vlan': 30},
              {'switch': 'leaf-1', 'name': 'lo10', 'ipv4_address': '10.2.0.10', 'vrf': 'blue'},
              {'switch': LEAF, 'name': 'lo11', 'ipv6_address': '2001:DB8::1'}]
    result, fake = run('merged', config, controller(extra=[configured]))
    assert not result.get('failed'), result
    assert fake.sent == ['PUT /fabrics/site-a/switches/SN-LEAF/interfaces/Ethernet1/4', 'POST /fabrics/site-a/switches/SN-LEAF/interfaces']
    # the ports port-channels and vPCs hold, which vpc_pairs tasks keep for the run, are read again after these writes
    assert ('site-a', 'vpc_peer_link_port_holders') in fake.forgotten
    put, post = fake.writes
    assert put.body['switchId'] == LEAF and put.body['interfaceName'] == 'Ethernet1/4'
    assert put.body['configData']['networkOS']['policy']['accessVlan'] == 30
    sent = {item['interfaceName']: item['configData']['networkOS']['policy'] for item in post.body['interfaces']}
    assert sent == {'Ethernet1/1': {'policyType': 'accessHost', 'accessVlan': 10, 'adminState': True, 'description': 'web', 'mtu': 'jumbo',
                                    'speed': 'auto'},
                    'loopback10': {'policyType': 'loopback', 'adminState': True, 'ip': '10.2.0.10/32', 'vrfInterface': 'blue'},
                    'loopback11': {'policyType': 'loopback', 'adminState': True, 'ipv6': '2001:db8::1/128'}}
    assert {item['switchId'] for item in post.body['interfaces']} == {LEAF}


def test_what_4_2_lists_reads_as_the_legacy_api_lists_it():
    """A loopback listed in CIDR (a 4.2 write) and one listed as the address alone (a legacy write) read alike; an option's
    text nvPair 4.2 leaves out is the legacy empty text, the fields no option names are template_params."""
    extra = [{'switchId': LEAF, 'interfaceName': 'loopback%d' % number, 'interfaceType': 'loopback', 'configData': {
        'mode': 'managed', 'networkOS': {'policy': {'policyType': 'loopback', 'configTemplate': 'int_loopback', 'ip': ip}}}}
        for number, ip in ((10, '10.2.0.10/32'), (11, '10.2.0.11'))]
    result, _fake = run('gathered', None, controller(extra=extra))
    found = {item['name']: item for item in result['gathered'] if item['switch'] == 'leaf-1'}
    assert found['Loopback10']['ipv4_address'] == '10.2.0.10/32' and found['Loopback11']['ipv4_address'] == '10.2.0.11/32'
    assert found['Ethernet1/2'] == INTERFACES.model.for_output(object_from_controller({
        'ifName': 'Ethernet1/2', 'policy': 'int_trunk_host',
        'nvPairs': {'DESC': '', 'ADMIN_STATE': 'true', 'MTU': 'jumbo', 'SPEED': 'Auto', 'ALLOWED_VLANS': 'none', 'NATIVE_VLAN': ''}}, 'leaf-1'))
    assert found['Ethernet1/2']['description'] == '' and found['Ethernet1/2']['template_params'] == {}


@pytest.mark.parametrize('item, words', [
    ({'switch': 'leaf-1', 'name': 'po10', 'mode': 'trunk'}, 'a port-channel is not managed by this module on the /api/v1/manage'),
    ({'switch': 'leaf-1', 'name': 'Ethernet1/1.10'}, 'a sub-interface is not managed'),
    ({'switch': 'leaf-1', 'name': 'Ethernet1/2', 'mode': 'routed'}, 'mode routed is not managed'),
    ({'switch': 'leaf-1', 'name': 'Ethernet1/2', 'policy': 'int_routed_host'}, 'policy int_routed_host has no policy type'),
    ({'switch': 'leaf-1', 'name': 'Ethernet1/2', 'mode': 'trunk', 'template_params': {'FOO': '1'}}, 'template_params FOO has no place'),
    ({'switch': 'leaf-1', 'name': 'Ethernet1/2', 'mode': 'trunk', 'speed': '1gb', 'template_params': {'CDP_ENABLE': 'maybe'}},
     'template_params CDP_ENABLE must be true or false'),
])
def test_what_4_2_cannot_carry_is_refused_before_any_request(item, words):
    result, fake = run('merged', [item])
    assert result['failed'] is True and words in result['msg'], result['msg']
    assert 'ND 4.2 and later' in result['msg'] and 'controller_api: legacy' in result['msg']
    assert fake.reads == [] and fake.writes == []


def test_a_port_that_is_routed_on_the_switch_is_refused_before_any_write():
    """The mode comes from what the port is (routed, on the spine): known only once read, refused before any write."""
    result, fake = run('merged', [{'switch': 'spine-1', 'name': 'Ethernet1/1', 'description': 'x'}])
    assert result['failed'] is True and 'policy int_routed_host is not one this module writes' in result['msg'], result['msg']
    assert fake.writes == []


def test_deleted_resets_a_port_with_normalize_and_removes_a_loopback_in_one_deploy():
    extra = [port(LEAF, 'Ethernet1/5', 'accessHost', accessVlan=10, description='web'),
             {'switchId': LEAF, 'interfaceName': 'loopback10', 'interfaceType': 'loopback', 'configData': {
                 'mode': 'managed', 'networkOS': {'policy': {'policyType': 'loopback', 'configTemplate': 'int_loopback'}}}}]
    config = [{'switch': 'leaf-1', 'name': 'Ethernet1/5'}, {'switch': 'leaf-1', 'name': 'Loopback10'}, {'switch': 'leaf-1', 'name': 'lo99'}]
    result, fake = run('deleted', config, controller(extra=extra))
    assert not result.get('failed'), result
    assert fake.sent == ['POST /fabrics/site-a/interfaceActions/remove', 'POST /fabrics/site-a/interfaceActions/normalize',
                         'POST /fabrics/site-a/interfaceActions/deploy']
    remove, normalize, deploy = (request.body for request in fake.writes)
    assert remove == {'interfaces': [{'interfaceName': 'loopback10', 'switchId': LEAF}]}
    assert normalize['switchInterfaces'] == [{'interfaceName': 'Ethernet1/5', 'switchId': LEAF}]
    assert normalize['configData']['networkOS']['policy'] == {'policyType': 'trunkHost', 'adminState': True, 'allowedVlans': 'none',
                                                              'mtu': 'jumbo', 'speed': 'auto'}
    assert sorted(item['interfaceName'] for item in deploy['interfaces']) == ['Ethernet1/5', 'loopback10']
    # the freeze is read once, before the first write
    assert fake.read_paths().count('/fabrics/site-a/deploymentFreeze') == 1


def test_deleting_a_spine_port_that_is_not_at_its_default_is_refused():
    fake = controller()
    fake.answers['/fabrics/site-a/switches/%s/interfaces' % SPINE] = {'interfaces': [port(SPINE, 'Ethernet1/1', 'trunkHost')]}
    result, fake = run('deleted', [{'switch': 'spine-1', 'name': 'Ethernet1/1'}], fake)
    assert result['failed'] is True and 'goes back to a routed port' in result['msg'] and '(role spine)' in result['msg']
    assert fake.writes == []


def test_overridden_does_not_remove_a_port_channel_4_2_lists_without_its_members():
    channel = {'switchId': LEAF, 'interfaceName': 'port-channel20', 'interfaceType': 'portChannel', 'configData': {
        'mode': 'managed', 'networkOS': {'policy': {'configTemplate': 'int_port_channel_trunk_host'}}}}
    result, fake = run('overridden', [{'switch': 'leaf-1', 'name': 'Ethernet1/1', 'mode': 'trunk'}], controller(extra=[channel]))
    assert result['failed'] is True and 'leaf-1 port-channel20: removing a port-channel is not done' in result['msg'], result['msg']
    assert fake.writes == []


@pytest.mark.parametrize('check_mode', [False, True])
def test_a_frozen_fabric_refuses_a_task_that_deploys_naming_it(check_mode):
    config = [{'switch': 'leaf-1', 'name': 'Ethernet1/1', 'mode': 'trunk', 'description': 'x'}]
    result, fake = run('merged', config, controller(frozen=True), check_mode=check_mode, deploy=True)
    assert result['failed'] is True and 'Fabric site-a is frozen' in result['msg'] and 'leaf-1 Ethernet1/1' in result['msg']
    assert fake.writes == []
    # without deploy, the freeze is not read
    result, fake = run('merged', config, controller(frozen=True))
    assert not result.get('failed') and '/fabrics/site-a/deploymentFreeze' not in fake.read_paths()


def test_deploy_true_deploys_what_changed_in_one_request_and_waits_on_the_switch_list():
    config = [{'switch': 'leaf-1', 'name': 'Ethernet1/1', 'mode': 'trunk', 'description': 'x'},
              {'switch': 'leaf-1', 'name': 'Ethernet1/2', 'mode': 'trunk', 'native_vlan': 5},
              {'switch': 'leaf-1', 'name': 'Ethernet1/3', 'mode': 'trunk'}]
    result, fake = run('merged', config, deploy=True, wait_timeout=5)
    assert not result.get('failed'), result
    # the two ports taken from their default in one POST, then one deploy; the switch list the task read for its
    # inventory gave the sync state of the port left unchanged (no second read before the writes)
    assert fake.sent == ['POST /fabrics/site-a/switches/SN-LEAF/interfaces', 'POST /fabrics/site-a/interfaceActions/deploy']
    assert [item['interfaceName'] for item in fake.writes[-1].body['interfaces']] == ['Ethernet1/1', 'Ethernet1/2']
    assert result['deployment'] == {'leaf-1': {'Ethernet1/1': 'IN-SYNC', 'Ethernet1/2': 'IN-SYNC'}}


def test_a_failed_item_of_a_207_fails_the_task_naming_it():
    failed = [{'interfaceName': 'loopback10', 'switchId': LEAF, 'status': 'failed', 'message': 'no such VRF'}]
    result, _fake = run('merged', [{'switch': 'leaf-1', 'name': 'lo10', 'vrf': 'nope'}, {'switch': 'leaf-1', 'name': 'lo11'}],
                        controller(results=failed))
    assert result['failed'] is True and 'leaf-1 Loopback10: no such VRF' in result['msg'] and 'Succeeded: leaf-1 Loopback11' in result['msg']


def test_rendered_is_the_writes_on_a_fabric_without_the_interfaces():
    fake = controller()
    fake.offline = True
    fake.without_session = lambda: fake
    result, fake = run('rendered', [{'switch': LEAF, 'name': 'lo10', 'ipv4_address': '10.2.0.10'}], fake, controller_api='manage')
    assert not result.get('failed'), result
    assert fake.reads == [] and [request.label() for request in fake.writes] == ['POST /fabrics/site-a/switches/SN-LEAF/interfaces']


def test_the_mapping_is_the_legacy_one_with_the_4_2_wire():
    assert InterfaceManageMapping.API == 'manage' and INTERFACES.mappings['manage'] is InterfaceManageMapping
