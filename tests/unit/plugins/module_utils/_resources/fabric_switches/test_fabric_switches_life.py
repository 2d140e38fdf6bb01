"""fabric_switches' pre-provisioned switches and maintenance mode: what both APIs' mappings share (life.py), pure."""

import json

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import Change
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.life import (
    LEGACY_FIELDS, check_new, legacy_intended_maintenance, legacy_maintenance, legacy_preprovision, manage_maintenance, manage_preprovision, pin_managed,
    refuse_taken, reprovisions,
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
