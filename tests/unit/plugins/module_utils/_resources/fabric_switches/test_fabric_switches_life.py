"""fabric_switches' pre-provisioned switches, POAP, RMA and maintenance mode: what the mappings share (life.py), pure."""

import json

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import Change
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.life import (
    LEGACY_FIELDS, bootstrap_entries, bootstrap_item, check_new, legacy_bootstrap, legacy_intended_maintenance, legacy_maintenance,
    legacy_preprovision, legacy_rma, manage_bootstrap, manage_bootstrap_entries, manage_maintenance, manage_preprovision, manage_rma,
    manage_rma_unready, mark_poap, mark_rma, pin_managed, poap_problems, refuse_taken, reprovisions,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import SwitchModel

MODEL = SwitchModel()
PRE = {'name': '192.0.2.81', 'role': 'border', 'serial_number': 'FDO1', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)',
       'hostname': 'leaf-81'}
ADDING = {'192.0.2.81': {'gateway': '192.0.2.1/24', 'image_policy': 'day0'}}


@pytest.mark.parametrize('mode, system_mode, maintenance', [
    ('Normal', 'Normal', False), ('Maintenance', 'Maintenance', True),
    # intended but not deployed yet, and a switch migrating: no mode to compare
    ('Maintenance', 'Normal', None), ('Migration', 'Normal', None),
])
def test_the_legacy_mode_pair_is_the_maintenance_mode_once_deployed(mode, system_mode, maintenance):
    assert legacy_maintenance({'mode': mode, 'systemMode': system_mode}) is maintenance


@pytest.mark.parametrize('mode, system_mode, intended', [
    ('Normal', 'Normal', False), ('Maintenance', 'Normal', True), ('Normal', 'Maintenance', False), ('Migration', 'Normal', None),
])
def test_without_deploy_the_mode_compared_is_the_intended_one_deployed_or_not(mode, system_mode, intended):
    assert legacy_intended_maintenance({'mode': mode, 'systemMode': system_mode}) is intended


def test_4_2_reads_its_system_mode():
    assert [manage_maintenance({'additionalData': {'systemMode': mode}}) for mode in ('normal', 'maintenance', 'inconsistent')] == [
        False, True, None]
    assert manage_maintenance({}) is None


def test_a_managed_switch_listed_with_its_own_serial_is_that_switch_and_another_serial_is_refused():
    entries = {'10.1.0.2': {'serialNumber': 'FDO2', 'model': 'N9K', 'release': '10.2(5)', 'logicalName': 'leaf-2', 'managable': True}}
    wants = [{'name': '10.1.0.2', 'serial_number': 'FDO2', 'model': 'N9K'}]
    pin_managed(wants, entries, lambda entry: entry['managable'], LEGACY_FIELDS)
    assert wants == [{'name': '10.1.0.2'}]
    with pytest.raises(ModelError, match=r'Switch 10.1.0.2 is a switch the controller manages, and a task cannot change its '
                                         r'serial_number FDO9 \(the switch has FDO2\)'):
        pin_managed([{'name': '10.1.0.2', 'serial_number': 'FDO9'}], entries, lambda entry: entry['managable'], LEGACY_FIELDS)


def test_a_switch_to_preprovision_needs_its_gateway_and_no_maintenance():
    with pytest.raises(ModelError, match='Pre-provisioning switch 192.0.2.81 needs gateway; add gateway to its config item'):
        check_new([Change('192.0.2.81', None, dict(PRE))], {})
    with pytest.raises(ModelError, match='cannot go into maintenance mode in the same task'):
        check_new([Change('192.0.2.81', None, dict(PRE, maintenance=True))], ADDING)
    with pytest.raises(ModelError, match='gives model without serial_number'):
        check_new([Change('192.0.2.82', None, {'name': '192.0.2.82', 'role': 'leaf', 'model': 'N9K'})], {})
    check_new([Change('192.0.2.81', None, dict(PRE))], ADDING)


def test_a_new_release_preprovisions_again_and_a_role_alone_does_not():
    before = dict(PRE, maintenance=False)
    assert reprovisions(Change('192.0.2.81', before, dict(before, version='10.4(1)')))
    assert not reprovisions(Change('192.0.2.81', before, dict(before, role='leaf')))


def test_a_serial_or_an_address_the_controller_has_is_refused_naming_both():
    create = [Change('192.0.2.81', None, dict(PRE))]
    with pytest.raises(ModelError, match=r'Cannot pre-provision switch 192.0.2.81 \(serial number FDO1\) in fabric site-dc1: the '
                                         r'controller has that serial number already, switch 10.1.0.1 of fabric site-a'):
        refuse_taken('site-dc1', create, [('site-a', '10.1.0.1', 'FDO1')])
    with pytest.raises(ModelError, match=r'192.0.2.81 is the management address of switch FDO7 of fabric site-b'):
        refuse_taken('site-dc1', create, [('site-b', '192.0.2.81', 'FDO7')])
    refuse_taken('site-dc1', create, [('site-a', '10.1.0.1', 'FDO2')])


def test_the_preprovision_bodies_of_each_api():
    change = Change('192.0.2.81', None, dict(PRE))
    legacy = legacy_preprovision(change, ADDING, 'secret')
    assert {key: legacy[key] for key in ('serialNumber', 'ipAddress', 'hostname', 'model', 'version', 'imagePolicy')} == {
        'serialNumber': 'FDO1', 'ipAddress': '192.0.2.81', 'hostname': 'leaf-81', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)',
        'imagePolicy': 'day0'}
    assert json.loads(legacy['data']) == {'modulesModel': ['N9K-C93180YC-FX'], 'gateway': '192.0.2.1/24'}
    assert 'role' not in legacy  # the legacy body has none: the role change sets it
    manage = manage_preprovision(change, ADDING, 'secret')
    assert (manage['ip'], manage['softwareVersion'], manage['gatewayIpMask'], manage['switchRole']) == (
        '192.0.2.81', '10.3(2)', '192.0.2.1/24', 'border')


def test_the_model_takes_the_preprovisioned_fields_and_checks_the_gateway():
    partial = MODEL.from_task(dict(PRE, gateway='192.0.2.1/24', maintenance='yes'), 0)
    assert partial['maintenance'] is True and partial['gateway'] == '192.0.2.1/24'
    with pytest.raises(ModelError, match=r"gateway '192.0.2.1' has no mask length; give it as 192.0.2.1/24"):
        MODEL.from_task(dict(PRE, gateway='192.0.2.1'), 0)


# POAP and RMA: a bootstrap list as the legacy API gives it (docs/api/fabric-controller.yaml GET inventory/poap)
BOOTING = bootstrap_entries([
    {'serialNumber': 'FDO2', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)', 'publicKey': 'ssh-rsa AAAA', 'fingerprint': 'MD5:01',
     'reAdd': False, 'data': json.dumps({'gateway': '192.0.2.1/24', 'modulesModel': ['N9K-C93180YC-FX']})},
    {'serialNumber': 'FDO3', 'model': 'N9K-C93180YC-EX', 'version': '10.2(5)', 'publicKey': 'ssh-rsa BBBB', 'data': 'not json'},
])


def test_gathered_lists_a_bootstrap_entry_as_an_item_takes_it():
    assert [bootstrap_item(entry) for entry in BOOTING.values()] == [
        {'serial_number': 'FDO2', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)', 'gateway': '192.0.2.1/24'},
        {'serial_number': 'FDO3', 'model': 'N9K-C93180YC-EX', 'version': '10.2(5)'}]


def test_poap_brings_in_only_a_switch_asking_that_the_controller_does_not_manage():
    have = {'192.0.2.81': dict(PRE), '10.1.0.2': {'name': '10.1.0.2', 'role': 'leaf'}}
    wants = [dict(PRE, serial_number='FDO2', poap=True), {'name': '10.1.0.2', 'poap': True},
             {'name': '192.0.2.90', 'serial_number': 'FDO9', 'poap': True}, {'name': '192.0.2.91', 'poap': False}]
    warnings = mark_poap(wants, have, BOOTING, lambda address: address == '10.1.0.2', 'site-dc1')
    # the pre-provisioned switch is swapped and imported (its object read marked not brought in); the managed one and the
    # one not asking are left as they are, the latter named
    assert have['192.0.2.81']['poap'] is False and wants[0]['poap'] is True
    assert 'poap' not in wants[1] and 'poap' not in wants[2] and 'poap' not in wants[3]
    assert warnings == ['Switch 192.0.2.90 (serial number FDO9) does not ask fabric site-dc1 for POAP yet (the controller lists no '
                        'such switch booting): it is pre-provisioned, and a later run brings it in once it boots.']


def test_an_import_needs_a_hostname_a_gateway_and_the_password_and_takes_the_switchs_own_model():
    changes = [Change('192.0.2.90', None, {'name': '192.0.2.90', 'serial_number': 'FDO3', 'poap': True, 'model': 'N9K-C9336C-FX2'}),
               Change('192.0.2.81', dict(PRE, poap=False), dict(PRE, serial_number='FDO2', poap=True))]
    assert poap_problems(changes, {}, BOOTING, '') == [
        'switch 192.0.2.90 needs hostname and gateway and switch_password',
        "switch 192.0.2.90 boots as model N9K-C93180YC-EX, not N9K-C9336C-FX2 (leave model out: it is the switch's own)",
        'switch 192.0.2.81 needs switch_password']
    body = legacy_bootstrap(changes[1], ADDING, BOOTING['FDO2'], 'day0-secret')
    assert (body['serialNumber'], body['ipAddress'], body['hostname'], body['model'], body['publicKey'], body['imagePolicy']) == (
        'FDO2', '192.0.2.81', 'leaf-81', 'N9K-C93180YC-FX', 'ssh-rsa AAAA', 'day0')
    assert json.loads(body['data']) == {'gateway': '192.0.2.1/24', 'modulesModel': ['N9K-C93180YC-FX']}
    # neither swapped nor imported is pre-provisioned again
    assert reprovisions(changes[1]) is False


def test_rma_replaces_a_switch_of_the_fabric_by_one_asking_and_refuses_what_cannot_work():
    have = {'10.1.0.2': {'name': '10.1.0.2', 'role': 'leaf'}}
    wants = [{'name': '10.1.0.2', 'serial_number': 'FDO2', 'rma': True}]
    assert mark_rma(wants, have, {'10.1.0.2': 'FDOOLD'}, BOOTING, 'site-a') == {'10.1.0.2': ('FDOOLD', 'FDO2')}
    assert have['10.1.0.2'] == {'name': '10.1.0.2', 'role': 'leaf', 'rma': False, 'serial_number': 'FDOOLD'}
    # done already: the switch has that serial number
    done = [{'name': '10.1.0.2', 'serial_number': 'FDOOLD', 'rma': True}]
    assert mark_rma(done, {'10.1.0.2': {'name': '10.1.0.2'}}, {'10.1.0.2': 'FDOOLD'}, BOOTING, 'site-a') == {} and 'rma' not in done[0]
    for want, message in (({'name': '192.0.2.99', 'serial_number': 'FDO2', 'rma': True}, 'switch 192.0.2.99 is not in fabric site-a'),
                          ({'name': '10.1.0.2', 'rma': True}, 'switch 10.1.0.2 needs serial_number'),
                          ({'name': '10.1.0.2', 'serial_number': 'FDO9', 'rma': True}, 'which does not ask fabric site-a for POAP')):
        with pytest.raises(ModelError, match=message):
            mark_rma([want], {'10.1.0.2': {'name': '10.1.0.2'}}, {'10.1.0.2': 'FDOOLD'}, BOOTING, 'site-a')
    change = Change('10.1.0.2', have['10.1.0.2'], dict(have['10.1.0.2'], serial_number='FDO2', rma=True))
    body = legacy_rma(change, {}, BOOTING['FDO2'], 'site-a-leaf-2', 'FDOOLD', 'day0-secret')
    assert (body['oldSerialNumber'], body['newSerialNumber'], body['hostname'], body['model'], body['imagePolicy']) == (
        'FDOOLD', 'FDO2', 'site-a-leaf-2', 'N9K-C93180YC-FX', '')
    assert reprovisions(change) is False


def test_poap_needs_the_serial_number_of_the_switch_that_boots():
    with pytest.raises(ModelError, match='poap: switch 192.0.2.90 needs serial_number'):
        mark_poap([{'name': '192.0.2.90', 'poap': True}], {}, BOOTING, lambda address: False, 'site-dc1')


# the same on 4.2: its bootstrap list (docs/api/platform.yaml GET .../bootstrap), its import and RMA bodies
MANAGE_BOOTING = bootstrap_entries(manage_bootstrap_entries({'switches': [
    {'serialNumber': 'FDO2', 'model': 'N9K-C93180YC-FX', 'softwareVersion': '10.3(2)', 'publicKey': 'ssh-rsa AAAA',
     'fingerPrint': 'MD5:01', 'reAdd': False, 'inInventory': True, 'data': {'gatewayIpMask': '192.0.2.1/24', 'models': ['N9K-C93180YC-FX']}},
    {'serialNumber': 'FDO3', 'model': 'N9K-C93180YC-EX', 'softwareVersion': '10.2(5)', 'gatewayIpMask': '198.51.100.1/24', 'data': {}},
    {'model': 'no serial number: not an entry'}, 'not an entry',
]}))


def test_a_42_bootstrap_list_reads_as_the_legacy_one_for_gathered_and_the_checks():
    assert [bootstrap_item(entry) for entry in MANAGE_BOOTING.values()] == [
        {'serial_number': 'FDO2', 'model': 'N9K-C93180YC-FX', 'version': '10.3(2)', 'gateway': '192.0.2.1/24'},
        {'serial_number': 'FDO3', 'model': 'N9K-C93180YC-EX', 'version': '10.2(5)', 'gateway': '198.51.100.1/24'}]
    # a bare array is read too (cisco.nd takes both), and an answer of another shape is no entry
    assert [entry['serialNumber'] for entry in manage_bootstrap_entries([{'serialNumber': 'FDO4'}])] == ['FDO4']
    assert manage_bootstrap_entries({'unexpected': True}) == [] and manage_bootstrap_entries(None) == []
    change = Change('192.0.2.90', None, {'name': '192.0.2.90', 'serial_number': 'FDO3', 'poap': True, 'version': '10.3(2)'})
    assert poap_problems([change], {}, MANAGE_BOOTING, 'day0-secret') == [
        'switch 192.0.2.90 needs hostname',
        "switch 192.0.2.90 boots as version 10.2(5), not 10.3(2) (leave version out: it is the switch's own)"]


def test_the_42_import_carries_the_role_the_key_and_the_gateway():
    change = Change('192.0.2.81', dict(PRE, poap=False), dict(PRE, serial_number='FDO2', poap=True))
    assert manage_bootstrap(change, ADDING, MANAGE_BOOTING['FDO2'], 'day0-secret') == {
        'serialNumber': 'FDO2', 'ip': '192.0.2.81', 'hostname': 'leaf-81', 'model': 'N9K-C93180YC-FX', 'softwareVersion': '10.3(2)',
        'switchRole': 'border', 'password': 'day0-secret', 'discoveryAuthProtocol': 'md5', 'publicKey': 'ssh-rsa AAAA',
        'fingerPrint': 'MD5:01', 'reAdd': False, 'inInventory': True, 'gatewayIpMask': '192.0.2.1/24',
        'data': {'gatewayIpMask': '192.0.2.1/24', 'models': ['N9K-C93180YC-FX']}, 'imagePolicy': 'day0'}
    # without a gateway of its own, the one the fabric's DHCP offered; the models default to the switch's
    body = manage_bootstrap(Change('192.0.2.90', None, {'name': '192.0.2.90', 'serial_number': 'FDO3', 'hostname': 'h',
                                                        'role': 'border_gateway', 'poap': True}), {}, MANAGE_BOOTING['FDO3'], 'p')
    assert (body['gatewayIpMask'], body['data'], body['switchRole']) == (
        '198.51.100.1/24', {'gatewayIpMask': '198.51.100.1/24', 'models': ['N9K-C93180YC-EX']}, 'borderGateway')
    assert 'imagePolicy' not in body


def test_the_42_rma_names_both_switches_and_keeps_the_old_ones_hostname_and_needs_maintenance_mode():
    change = Change('10.1.0.2', {'name': '10.1.0.2', 'role': 'leaf', 'rma': False, 'serial_number': 'FDOOLD'},
                    {'name': '10.1.0.2', 'role': 'leaf', 'rma': True, 'serial_number': 'FDO2'})
    body = manage_rma(change, {}, MANAGE_BOOTING['FDO2'], 'site-a-leaf-2', 'FDOOLD', 'day0-secret')
    assert (body['oldSwitchId'], body['newSwitchId'], body['ip'], body['hostname'], body['switchRole'], body['model'],
            body['publicKey'], body['fingerPrint']) == (
        'FDOOLD', 'FDO2', '10.1.0.2', 'site-a-leaf-2', 'leaf', 'N9K-C93180YC-FX', 'ssh-rsa AAAA', 'MD5:01')
    assert not {'serialNumber', 'reAdd', 'inInventory'} & set(body)

    def entry(system, intended):
        return {'additionalData': {'systemMode': system, 'intendedSystemMode': intended}}

    replacing = {'10.1.0.2': ('FDOOLD', 'FDO2'), '10.1.0.1': ('FDOSPINE', 'FDO3')}
    # in maintenance mode on the switch, or intended (a dead switch cannot deploy it): ready
    manage_rma_unready(replacing, {'10.1.0.2': entry('maintenance', 'maintenance'), '10.1.0.1': entry('inconsistent', 'maintenance')},
                       'site-a')
    manage_rma_unready({}, {}, 'site-a')
    with pytest.raises(ModelError, match=r'switches 10.1.0.1 \(serial number FDOSPINE, mode normal\), 10.1.0.2 \(serial number '
                                         r'FDOOLD, mode unknown\) of fabric site-a are not; .* Put them in maintenance mode first'):
        manage_rma_unready(replacing, {'10.1.0.2': {}, '10.1.0.1': entry('normal', 'normal')}, 'site-a')
