"""fabric_switches on the /api/v1/manage API of a 4.2 dashboard: the mapping against a controller that answers as the
emulator's 4.2 does (offline: no HTTP)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import ControllerClient
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.poller import Poller
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches import FABRIC_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.manage import auth_protocol_to_manage, SwitchManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import StepFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import release_from_version
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

ND_42 = release_from_version({'major': 4, 'minor': 2, 'maintenance': 1, 'patch': ''})
SWITCH_PASSWORD = 'Sw1tch-Secret!'
CREDENTIALS = {'switch_username': 'admin', 'switch_password': SWITCH_PASSWORD}


def listed(address, serial, role='leaf', discovery='ok', mode='normal'):
    """A switch as GET /api/v1/manage/fabrics/{f}/switches lists it."""
    return {'switchId': serial, 'serialNumber': serial, 'fabricManagementIp': address, 'hostname': 'switch-' + serial,
            'switchRole': role, 'additionalData': {'discoveryStatus': discovery, 'systemMode': mode, 'configSyncStatus': 'inSync'}}


def discovered(request, found):
    """The shallow discovery's answer: each seed as a switch, manageable unless ``found`` ({IP: status}) says otherwise."""
    return {'switches': [{'ip': seed, 'serialNumber': 'SN' + seed.rsplit('.', 1)[-1], 'hostname': 'sw-' + seed, 'model': 'N9K',
                          'softwareVersion': '10.3(2)', 'vdcId': 0, 'vdcMac': None, 'status': found.get(seed, 'manageable'),
                          'statusReason': 'already managed' if found.get(seed) == 'alreadyManaged' else 'manageable'}
                         for seed in request.body['seedIpCollection']]}


def manage_switches(switches=(), found=None, booting=None):
    """/api/v1/manage of a 4.2 controller with fabric site-a only: its switches listed, writes collected, the discovery
    answered; another fabric's list answers 404; the bootstrap list ``booting``, or refused as with bootstrap off (None)."""
    def switches_of(path, params):
        fabric = path.split('/')[2]
        if fabric != 'site-a':
            raise ApiError('Fabric %s not found' % fabric, 404, method='GET', path=path)
        return {'switches': list(switches)}

    def bootstrap(path, params):
        if booting is None:
            raise ApiError('Please enable the DHCP in Fabric Settings to start the bootstrap', 400, method='GET', path=path)
        return {'switches': list(booting)}

    def answer(request):
        return discovered(request, found or {}) if request.path.endswith('/actions/shallowDiscovery') else None
    return FakeController({'/fabrics/site-a/switches': switches_of, '/fabrics/no-such/switches': switches_of,
                           '/fabrics/site-a/bootstrap': bootstrap}, answer_write=answer)


SITE_A = [listed('10.1.0.1', 'FDO1', 'spine'), listed('10.1.0.2', 'FDO2', 'borderGateway')]


def run(params, controller=None, check_mode=False):
    controller = controller or manage_switches(SITE_A)
    controller.check_mode = check_mode
    params = dict({'state': 'merged', 'fabric': 'site-a', 'controller_api': 'auto', 'wait': False, 'max_hops': 0,
                   'switch_auth_protocol': 'md5'}, **params)
    return FABRIC_SWITCHES.run(controller, params, check_mode=check_mode, diff=True, release=lambda: ND_42), controller


def test_protocol_names_as_4_2_spells_them():
    assert auth_protocol_to_manage('sha_aes') == 'sha-aes' and auth_protocol_to_manage(None) == 'md5'


def test_gathered_on_4_2_reads_the_list_once_in_the_module_terms_and_the_bootstrap_list():
    result, controller = run({'state': 'gathered'})
    assert controller.prefix == '/api/v1/manage' and controller.read_paths() == ['/fabrics/site-a/switches', '/fabrics/site-a/bootstrap']
    assert result['gathered'] == [{'name': '10.1.0.1', 'role': 'spine', 'maintenance': False},
                                  {'name': '10.1.0.2', 'role': 'border_gateway', 'maintenance': False}]
    assert result['bootstrap'] == []  # bootstrap off: no switch can ask
    booting = [{'serialNumber': 'FDO9', 'model': 'N9K-C93180YC-FX', 'softwareVersion': '10.3(2)', 'gatewayIpMask': '192.0.2.1/24'}]
    result, _controller = run({'state': 'gathered'}, manage_switches(SITE_A, booting=booting))
    assert result['bootstrap'] == [{'serial_number': 'FDO9', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)', 'gateway': '192.0.2.1/24'}]


def test_adds_are_one_discovery_then_one_add_per_way_of_adding_each_switch_with_its_role():
    config = [{'name': '192.0.2.11'}, {'name': '192.0.2.21', 'role': 'spine', 'preserve_config': True},
              {'name': '192.0.2.12', 'role': 'border_gateway'}]
    result, controller = run(dict(CREDENTIALS, config=config, switch_auth_protocol='sha', max_hops=2))
    assert result['changed'] is True, result
    assert result['requests'] == ['POST /fabrics/site-a/actions/shallowDiscovery'] + ['POST /fabrics/site-a/switches'] * 2
    assert [(request.method, request.path) for request in controller.writes] == [
        ('POST', '/fabrics/site-a/actions/shallowDiscovery'), ('POST', '/fabrics/site-a/switches'), ('POST', '/fabrics/site-a/switches')]
    discovery, greenfield, brownfield = (request.body for request in controller.writes)
    assert discovery == {'seedIpCollection': ['192.0.2.11', '192.0.2.21', '192.0.2.12'], 'maxHop': 2, 'platformType': 'nx-os',
                         'snmpV3AuthProtocol': 'sha', 'username': 'admin', 'password': SWITCH_PASSWORD}
    assert greenfield['preserveConfig'] is False and brownfield['preserveConfig'] is True
    assert [(item['ip'], item['serialNumber'], item['switchRole']) for item in greenfield['switches']] == [
        ('192.0.2.11', 'SN11', 'leaf'), ('192.0.2.12', 'SN12', 'borderGateway')]
    # what the discovery found goes back as it was found, without its status
    assert brownfield['switches'] == [{'hostname': 'sw-192.0.2.21', 'ip': '192.0.2.21', 'serialNumber': 'SN21', 'model': 'N9K',
                                       'softwareVersion': '10.3(2)', 'vdcId': 0, 'vdcMac': None, 'switchRole': 'spine'}]


def test_removals_and_role_changes_are_one_call_each():
    result, controller = run({'state': 'overridden', 'config': [{'name': '10.1.0.1', 'role': 'leaf'}]})
    assert result['changed'] is True
    assert [(request.path, request.body) for request in controller.writes] == [
        ('/fabrics/site-a/switchActions/remove', {'switchIds': ['FDO2']}),
        ('/fabrics/site-a/switchActions/changeRoles', {'switchRoles': [{'switchId': 'FDO1', 'role': 'leaf'}]})]
    deleted, controller = run({'state': 'deleted', 'config': []})
    assert [request.body for request in controller.writes] == [{'switchIds': ['FDO1', 'FDO2']}]
    assert [(entry['name'], entry['after']) for entry in deleted['diff']] == [('10.1.0.1', None), ('10.1.0.2', None)]


def test_the_same_roles_as_read_change_nothing_and_check_mode_sends_nothing():
    same, controller = run({'config': [{'name': '10.1.0.2', 'role': 'border_gateway'}]})
    assert same['changed'] is False and controller.sent == []
    check, controller = run({'config': [{'name': '10.1.0.2', 'role': 'spine'}]}, check_mode=True)
    assert check['changed'] is True and controller.sent == []


def test_a_switch_already_managed_fails_as_on_the_legacy_api_before_any_add():
    result, controller = run(dict(CREDENTIALS, config=[{'name': '192.0.2.11'}, {'name': '10.1.0.1'}], fabric='site-a'),
                             controller=manage_switches([], found={'10.1.0.1': 'alreadyManaged'}))
    assert result['failed'] is True and result['changed'] is True  # the discovery was sent
    assert 'Cannot add 10.1.0.1: 10.1.0.1: already managed. Nothing was discovered.' in result['msg']
    assert [request.path for request in controller.writes] == ['/fabrics/site-a/actions/shallowDiscovery']


@pytest.mark.parametrize('params,said', [
    ({'config': [{'name': '192.0.2.11'}], 'max_hops': 8}, 'max_hops is 8, but the switch discovery of the /api/v1/manage API'),
    ({'config': [{'name': '192.0.2.11'}], 'switch_password': None}, 'Adding switches needs the credentials'),
])
def test_what_cannot_be_done_is_refused_before_any_write(params, said):
    result, controller = run(dict(CREDENTIALS, **params))
    assert result['failed'] is True and said in result['msg'], result
    assert controller.sent == []


def test_a_fabric_that_does_not_exist_is_named_and_check_mode_warns_instead():
    with pytest.raises(ApiError, match=r'Cannot read the switches of fabric no-such \(HTTP 404: Fabric no-such not found\); check'):
        run({'state': 'gathered', 'fabric': 'no-such'})
    check, controller = run(dict(CREDENTIALS, fabric='no-such', config=[{'name': '192.0.2.11'}]), check_mode=True)
    assert check['changed'] is True and controller.sent == []
    assert check['warnings'] == ['Fabric no-such does not exist on the controller (HTTP 404), so check mode takes it to have no '
                                 'switches. If an earlier task of the play creates it, a real run finds it; otherwise this task '
                                 'fails there.']


def test_rendered_with_manage_masks_the_password():
    result = FABRIC_SWITCHES.run(ControllerClient(None), dict(CREDENTIALS, state='rendered', fabric='site-a', controller_api='manage',
                                                              config=[{'name': '192.0.2.11'}], max_hops=0))
    assert [request['path'] for request in result['rendered']] == [
        '/api/v1/manage/fabrics/site-a/actions/shallowDiscovery', '/api/v1/manage/fabrics/site-a/switches']
    assert result['rendered'][0]['body']['password'] == '********'
    assert SWITCH_PASSWORD not in repr(result)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


def waiting(states, greenfield, timeout=30):
    """Run wait_manageable against a list that shows ``states`` ((discoveryStatus, systemMode) per look); the looks taken."""
    controller = manage_switches()
    mapping = SwitchManageMapping(FABRIC_SWITCHES.model, controller, {'fabric': 'site-a', 'wait_timeout': timeout})
    clock = Clock()
    mapping.poller = Poller(pauses=(1,), clock=clock, sleep=clock.sleep)
    looks = iter(states)

    def read(path, params=None, absent=None):
        discovery, mode = next(looks)
        return {'switches': [listed('192.0.2.11', 'SN11', discovery=discovery, mode=mode)]}
    controller.read = read
    mapping.wait_manageable({'192.0.2.11': greenfield})
    return clock.now


def test_a_new_switch_is_waited_for_until_discovered_out_of_migration_and_after_a_greenfield_reload():
    greenfield = [('discovering', 'migration'), ('unreachable', 'normal'), ('ok', 'normal')]
    assert waiting(greenfield, greenfield=True) == 2
    # brownfield: no reload, ready once discovered
    assert waiting([('discovering', 'normal'), ('ok', 'normal')], greenfield=False) == 1
    # a greenfield switch that never showed its reload is not taken as ready
    with pytest.raises(StepFailed, match='Switches 192.0.2.11 were discovered but could not be managed within 3 seconds'):
        waiting([('ok', 'normal')] * 10, greenfield=True, timeout=3)


# POAP and RMA on 4.2: a switch asking for POAP (docs/api/platform.yaml GET .../bootstrap)
BOOTING = [{'serialNumber': 'FDO9', 'model': 'N9K-C93180YC-FX', 'softwareVersion': '10.3(2)', 'publicKey': 'ssh-rsa AAAA',
            'fingerPrint': 'MD5:01', 'gatewayIpMask': '192.0.2.1/24', 'data': {'gatewayIpMask': '192.0.2.1/24', 'models': []}}]


def test_poap_on_4_2_swaps_the_preprovisioned_switch_then_imports_it_with_its_role_and_no_role_change():
    preprovisioned = dict(listed('192.0.2.81', 'FDOPRE', 'border', discovery='unreachable'), model='N9K-C93180YC-FX',
                          softwareVersion='10.3(2)')
    controller = manage_switches(SITE_A + [preprovisioned], booting=BOOTING)
    result, controller = run(dict(CREDENTIALS, config=[{'name': '192.0.2.81', 'serial_number': 'FDO9', 'poap': True,
                                                        'hostname': 'switch-FDOPRE', 'role': 'border'}]), controller)
    assert result['changed'] is True, result
    assert result['requests'] == ['POST /fabrics/site-a/switches/FDOPRE/actions/changeSwitchSerialNumber',
                                  'POST /fabrics/site-a/switchActions/importBootstrap']
    swap, imported = (request.body for request in controller.writes)
    assert swap == {'newSwitchId': 'FDO9'}
    switch, = imported['switches']
    assert (switch['serialNumber'], switch['ip'], switch['switchRole'], switch['publicKey'], switch['gatewayIpMask']) == (
        'FDO9', '192.0.2.81', 'border', 'ssh-rsa AAAA', '192.0.2.1/24')
    # bootstrap off: refused before any write, naming what to turn on
    refused, controller = run(dict(CREDENTIALS, config=[{'name': '192.0.2.91', 'serial_number': 'FDO9', 'poap': True,
                                                         'hostname': 'leaf-91'}]))
    assert refused['failed'] is True and controller.sent == []
    assert refused['msg'].startswith('poap: the controller does not list the switches asking fabric site-a for POAP (HTTP 400: '
                                     'Please enable the DHCP in Fabric Settings to start the bootstrap). Turn on its Day-0 bootstrap')


def test_rma_on_4_2_is_one_request_with_the_role_for_a_switch_in_maintenance_mode_and_refused_for_one_not():
    replace = dict(CREDENTIALS, config=[{'name': '10.1.0.2', 'serial_number': 'FDO9', 'rma': True}])
    refused, controller = run(replace, manage_switches(SITE_A, booting=BOOTING))
    assert refused['failed'] is True and controller.sent == []
    assert ('rma: the RMA of a switch expects it in maintenance mode, and switches 10.1.0.2 (serial number FDO2, mode normal) of '
            'fabric site-a are not') in refused['msg']
    # check mode refuses it alike: no earlier task of this module can put it there on 4.2
    refused, controller = run(replace, manage_switches(SITE_A, booting=BOOTING), check_mode=True)
    assert refused['failed'] is True and controller.sent == []
    in_maintenance = [SITE_A[0], listed('10.1.0.2', 'FDO2', 'borderGateway', mode='maintenance')]
    result, controller = run(replace, manage_switches(in_maintenance, booting=BOOTING))
    assert result['changed'] is True and result['requests'] == ['POST /fabrics/site-a/switches/FDO2/actions/provisionRMA']
    body = controller.writes[0].body
    assert (body['oldSwitchId'], body['newSwitchId'], body['ip'], body['hostname'], body['switchRole'], body['password']) == (
        'FDO2', 'FDO9', '10.1.0.2', 'switch-FDO2', 'borderGateway', SWITCH_PASSWORD)


def test_a_replaced_switch_is_ready_in_maintenance_mode_deployed_or_only_intended_never_while_migrating():
    ready = SwitchManageMapping.ready
    assert [ready(listed('10.1.0.2', 'FDO9', mode=mode), True, True) for mode in ('normal', 'maintenance', 'inconsistent')] == [True] * 3
    assert ready(listed('10.1.0.2', 'FDO9', mode='migration'), True, True) is False
    assert ready(listed('10.1.0.2', 'FDO9', discovery='unreachable', mode='maintenance'), True, True) is False
    assert ready(listed('10.1.0.2', 'FDO9', mode='maintenance'), True, False) is False  # greenfield: not before its reload


@pytest.mark.parametrize('api', ['manage', 'legacy'])
def test_rendered_refuses_poap_and_rma_which_need_the_controller_on_both_apis(api):
    for option, said in (('poap', 'cannot read which switches ask for POAP'), ('rma', 'cannot read the switch an RMA replaces')):
        result = FABRIC_SWITCHES.run(ControllerClient(None), dict(CREDENTIALS, state='rendered', fabric='site-a', controller_api=api,
                                                                  max_hops=0, config=[{'name': '10.1.0.2', 'serial_number': 'FDO9',
                                                                                       'hostname': 'leaf-2', option: True}]))
        assert result['failed'] is True and said in result['msg'], result
