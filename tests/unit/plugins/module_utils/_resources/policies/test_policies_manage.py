"""Policies on the /api/v1/manage API, and the template checks of both APIs: what the emulator cannot be made to do (a 207
answer that fails one policy of a markDelete, a template read whose parameters carry defaults and internal ones), pure."""

import pytest

from dashboard_emulator.field_maps import legacy_fields

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import Change
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import IntentChecks, IntentRefused
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies import POLICIES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.checks import (
    TemplateParameters,
    check_parameters,
    check_priority,
    summary,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.legacy import SERVER_KEYS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.manage import (
    ENTITY_TYPES,
    PolicyManageMapping,
    legacy_entry,
    manage_body,
)
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils._resources.policies.test_policies_legacy import drive
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

MODEL = POLICIES.model
LEAF = 'SN-LEAF'
# The fabric's switches and policies as 4.2 lists them (docs/api/platform.yaml; values invented)
SWITCHES = {'switches': [{'switchId': LEAF, 'hostname': 'leaf-1', 'fabricManagementIp': '192.0.2.1', 'switchRole': 'leaf',
                          'additionalData': {'configSyncStatus': 'inSync'}}]}
NTP = {'policyId': 'POLICY-101', 'switchId': LEAF, 'fabricName': 'site-a', 'templateName': 'switch_freeform', 'entityType': 'switch',
       'entityName': 'SWITCH', 'description': 'ntp', 'priority': 600, 'source': '', 'markDeleted': False,
       'templateInputs': {'CONF': 'feature ntp'}}
PIM = dict(NTP, policyId='POLICY-102', templateName='feature_pim', description='', priority=500, templateInputs={})


def mapping(state, config, policies=(NTP, PIM), **params):
    client = FakeController({'/fabrics/site-a/switches': SWITCHES, '/fabrics/site-a/policies': {'policies': list(policies)}})
    return PolicyManageMapping(MODEL, client, dict(params, fabric='site-a', state=state, config=config)), client


def planned(state, config, **options):
    policy_mapping, client = mapping(state, config, **options)
    have = policy_mapping.read()
    wants = [MODEL.from_task(item, index) for index, item in enumerate(config)]
    return policy_mapping, client, wants, policy_mapping.plan(MODEL, state, wants, have)


def test_a_4_2_policy_reads_as_the_legacy_entry_its_x_legacy_annotations_name():
    documented = {field.path[-1]: field for field in legacy_fields('ManagePolicy')}
    entry = legacy_entry(NTP)
    for name, field in documented.items():
        if name == 'fabricName':
            continue
        value = NTP[name]
        assert entry[field.legacy[0]] == (field.values or {}).get(value, value), name
    assert ENTITY_TYPES == next(field.values for field in documented.values() if field.legacy == ('entityType',))
    assert entry['nvPairs'] == NTP['templateInputs']


def test_the_create_body_is_a_typed_4_2_policy():
    obj = MODEL.from_task({'switch': 'leaf-1', 'template': 'switch_freeform', 'description': 'ntp', 'priority': 600,
                           'template_params': {'CONF': 'feature ntp'}}, 0)
    assert manage_body(dict(MODEL.fresh(obj), **obj), LEAF) == {
        'switchId': LEAF, 'templateName': 'switch_freeform', 'entityType': 'switch', 'entityName': 'SWITCH', 'description': 'ntp',
        'priority': 600, 'templateInputs': {'CONF': 'feature ntp'}}


def test_one_read_of_the_fabrics_policies_serves_every_switch_named():
    policy_mapping, client, _wants, changes = planned('merged', [{'switch': '192.0.2.1', 'template': 'feature_pim'}])
    assert client.read_paths() == ['/fabrics/site-a/switches', '/fabrics/site-a/policies']
    assert [(change.name, change.action) for change in changes] == [('leaf-1 feature_pim', None)]
    assert policy_mapping.ids == {'leaf-1 feature_pim': ['POLICY-102'], 'leaf-1 switch_freeform "ntp"': ['POLICY-101']}


def test_a_mark_delete_that_fails_one_policy_fails_the_task_naming_it_and_deploys_nothing():
    policy_mapping, _client, _wants, changes = planned('overridden', [{'switch': 'leaf-1', 'template': 'feature_pim', 'priority': 7}])
    result = {'deploy': ['leaf-1']}
    answer = {'policies': [{'policyId': 'POLICY-101', 'status': 'failed', 'message': 'Policy is locked'}]}
    with pytest.raises(ItemsFailed) as failed:
        drive(policy_mapping.writes(changes, result), {'POST /fabrics/site-a/policyActions/markDelete': answer})
    assert failed.value.failed == {'leaf-1 switch_freeform "ntp"': 'Policy is locked'} and failed.value.succeeded == []


def test_the_writes_on_4_2_mark_update_create_deploy_wait_then_remove():
    config = [{'switch': 'leaf-1', 'template': 'feature_pim', 'priority': 100}, {'switch': 'leaf-1', 'template': 'feature_ptp'}]
    policy_mapping, client, _wants, changes = planned('overridden', config, deploy=True)
    client.answers['/fabrics/site-a/deploymentFreeze'] = {'deploymentFreeze': False}
    result = {'deploy': policy_mapping.to_deploy(changes)}
    ok = {'policies': [{'status': 'success'}]}
    taken = drive(policy_mapping.writes(changes, result), {'POST /fabrics/site-a/policyActions/markDelete': ok,
                                                           'POST /fabrics/site-a/policies': ok,
                                                           'POST /fabrics/site-a/policyActions/remove': ok})
    assert taken == ['POST /fabrics/site-a/policyActions/markDelete', 'PUT /fabrics/site-a/policies/POLICY-102',
                     'POST /fabrics/site-a/policies', 'POST /fabrics/site-a/switchActions/deploy', 'wait',
                     'POST /fabrics/site-a/policyActions/remove']
    assert client.read_paths()[-1] == '/fabrics/site-a/deploymentFreeze'


def test_a_frozen_fabric_refuses_a_task_that_deploys():
    policy_mapping, client, _wants, changes = planned('deleted', [{'switch': 'leaf-1', 'template': 'feature_pim'}])
    client.answers['/fabrics/site-a/deploymentFreeze'] = {'deploymentFreeze': True}
    with pytest.raises(ModelError, match='Fabric site-a is frozen .* Nothing was written'):
        policy_mapping.to_deploy(changes)


def test_a_template_read_gives_each_parameter_its_need():
    parameters = [{'name': 'CONF', 'optional': False, 'defaultValue': None},
                  {'name': 'MTU', 'optional': False, 'defaultValue': '9216'},
                  {'name': 'SERIAL_NUMBER', 'optional': False, 'annotations': {'IsInternal': 'true'}},
                  {'name': 'TAG', 'optional': True, 'annotations': {'IsMandatory': 'false'}}]
    assert summary(parameters) == {'CONF': {'required': True, 'internal': False}, 'MTU': {'required': False, 'internal': False},
                                   'SERIAL_NUMBER': {'required': True, 'internal': True},
                                   'TAG': {'required': False, 'internal': False}}


def test_a_template_is_read_once_per_run():
    client = FakeController({'/configTemplates/switch_freeform/parameters': {'parameters': [{'name': 'CONF', 'optional': False}]}})
    templates = TemplateParameters(client, lambda template: client.read('/configTemplates/%s/parameters' % template)['parameters'])
    assert templates.of('switch_freeform') == templates.of('switch_freeform') == {'CONF': {'required': True, 'internal': False}}
    # a later task of the run (a new TemplateParameters on the same run's facts) reads it no more
    assert TemplateParameters(client, None).of('switch_freeform') is not None
    assert len(client.reads) == 1


def refusals(*findings):
    checks = IntentChecks()
    for finding in findings:
        finding(checks)
    with pytest.raises(IntentRefused) as refused:
        checks.conclude()
    return str(refused.value)


@pytest.mark.parametrize('priority', [-5, 0, 2001, 5000])
def test_a_priority_outside_1_to_2000_is_refused(priority):
    want = MODEL.from_task({'switch': 'leaf-1', 'template': 'feature_pim', 'priority': priority}, 0)
    assert 'priority %d is outside the range the controller takes; give a priority from 1 to 2000' % priority in refusals(
        lambda checks: check_priority(checks, want))


@pytest.mark.parametrize('priority', [1, 500, 2000])
def test_a_priority_in_range_is_taken(priority):
    checks = IntentChecks()
    check_priority(checks, MODEL.from_task({'switch': 'leaf-1', 'template': 'feature_pim', 'priority': priority}, 0))
    assert checks.conclude() == []


def change_of(item):
    want = MODEL.from_task(item, 0)
    return Change(want['name'], None, dict(MODEL.fresh(want), **want))


def test_the_parameters_a_template_has_and_needs():
    parameters = {'CONF': {'required': True, 'internal': False}, 'POLICY_ID': {'required': False, 'internal': True}}
    unknown = change_of({'switch': 'leaf-1', 'template': 'switch_freeform', 'template_params': {'CONF': 'x', 'FOO': '1'}})
    message = refusals(lambda checks: check_parameters(checks, unknown, parameters, SERVER_KEYS))
    # the internal parameters are the controller's: not offered to the user
    assert 'template switch_freeform has no parameter FOO; its parameters are CONF (template_params takes them by these names)' in message
    blank = change_of({'switch': 'leaf-1', 'template': 'switch_freeform', 'template_params': {'CONF': '  '}})
    assert 'template switch_freeform needs CONF, and the policy would have none' in refusals(
        lambda checks: check_parameters(checks, blank, parameters, SERVER_KEYS))


def test_offline_a_freeform_policy_without_conf_is_refused_still():
    empty = change_of({'switch': 'SN1', 'template': 'switch_freeform'})
    assert 'needs CONF' in refusals(lambda checks: check_parameters(checks, empty, None, SERVER_KEYS))
    checks = IntentChecks()
    check_parameters(checks, change_of({'switch': 'SN1', 'template': 'feature_pim', 'template_params': {'FOO': '1'}}), None, SERVER_KEYS)
    assert checks.conclude() == []  # rendered reads no template: what it has is not known


def test_the_keys_4_2_adds_to_a_policys_inputs_are_not_the_users():
    read = dict(NTP, templateInputs={'CONF': 'feature ntp', 'SERIAL_NUMBER': LEAF, 'POLICY_ID': 'POLICY-101', 'SECENTITY': ''})
    assert legacy_entry(read)['nvPairs'] == {'CONF': 'feature ntp'}
