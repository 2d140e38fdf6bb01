"""fabricops.dashboard.policies on the /api/v1/manage API of a 4.2 dashboard: what only 4.2 does, run as a user runs it,
against the emulator's fabric site-a (site-a-spine-1 and site-a-leaf-2). What both APIs do is tests/integration/test_policies.py,
which runs on each.

Tests run on a 4.2.1 platform that serves both APIs from one store, since each needs a legacy path: to make a policy through
the legacy API, to freeze the fabric. Writes are counted by the emulator, and read back from its request log.
"""

import pytest

from conftest import LAN_FABRIC, read_controller
from dashboard_emulator.pytest_plugin import RELEASE_42, emu_of_each

emu = emu_of_each(((RELEASE_42, True),))
# pylint: disable=redefined-outer-name
LEAF = 'site-a-leaf-2'
NTP = {'switch': LEAF, 'template': 'switch_freeform', 'description': 'ntp servers', 'priority': 600,
       'template_params': {'CONF': 'ntp server 10.0.0.1 use-vrf management'}}
MANAGE = '/api/v1/manage/fabrics/site-a'


@pytest.fixture(autouse=True)
def quick_deploys(emu):
    emu.set_timing(deploy_seconds=0.2)


def leaf_serial(emu):
    return next(switch['serialNumber'] for switch in read_controller(emu, '/control/fabrics/site-a/inventory/switchesByFabric')
                if switch['logicalName'] == LEAF)


def writes_of(emu):
    """(method, path below /api/v1/manage/fabrics/site-a, body) of the writes the emulator served since the log was cleared."""
    return [(entry['method'], entry['path'].replace(MANAGE, ''), entry['body']) for entry in emu.request_log()]


def test_a_policy_made_on_the_legacy_api_is_the_same_on_4_2_and_4_2_sends_typed_policies(resource, emu):
    session = emu.login()
    made = session.post(emu.url(LAN_FABRIC + '/control/policies/bulk-create'), timeout=10, json=[{
        'serialNumber': leaf_serial(emu), 'templateName': 'switch_freeform', 'entityType': 'SWITCH', 'entityName': 'SWITCH',
        'priority': '600', 'description': 'ntp servers', 'source': '', 'nvPairs': NTP['template_params']}])
    assert made.status_code == 200, made.text
    emu.clear_request_log()
    # one play: the legacy API's policy, read through 4.2 (the same policy, nothing to write), then changed
    same, changed = resource.steps('policies', [
        dict(state='merged', config=[NTP]),
        dict(state='merged', config=[dict(NTP, priority=700), {'switch': LEAF, 'template': 'feature_pim'}], deploy=True)])
    assert changed.play.rc == 0, changed.play.output[-3000:]
    assert same['changed'] is False and same.writes == 0, same.requests
    assert same['before'] == [NTP]
    serial = leaf_serial(emu)
    policy_id = next(policy['policyId'] for policy in read_controller(emu, '/control/policies/switches?serialNumber=' + serial)
                     if policy['description'] == 'ntp servers')
    # typed: the priority a number, the entity type in 4.2's spelling, the parameters as templateInputs; one switch deploy
    assert writes_of(emu) == [
        ('PUT', '/policies/' + policy_id, {'switchId': serial, 'templateName': 'switch_freeform', 'entityType': 'switch',
                                           'entityName': 'SWITCH', 'description': 'ntp servers', 'priority': 700,
                                           'templateInputs': NTP['template_params']}),
        ('POST', '/policies', {'policies': [{'switchId': serial, 'templateName': 'feature_pim', 'entityType': 'switch',
                                             'entityName': 'SWITCH', 'description': '', 'priority': 500, 'templateInputs': {}}]}),
        ('POST', '/switchActions/deploy', {'switchIds': [serial]})]
    assert changed['deployment'] == {LEAF: 'IN-SYNC'}
    emu.clear_request_log()
    deleted = resource('policies', 'deleted', [NTP])
    assert deleted.play.rc == 0, deleted.play.output[-3000:]
    assert writes_of(emu) == [('POST', '/policyActions/markDelete', {'policyIds': [policy_id]}),
                              ('POST', '/switchActions/deploy', {'switchIds': [serial]}),
                              ('POST', '/policyActions/remove', {'policyIds': [policy_id]})]
    assert [policy['templateName'] for policy in read_controller(emu, '/control/policies/switches?serialNumber=' + serial)
            if not policy['source'] and policy['entityType'] == 'SWITCH'] == ['feature_pim']


def test_a_frozen_fabric_refuses_a_task_that_deploys_before_any_write(resource, emu):
    session = emu.login()
    assert session.put(emu.url(LAN_FABRIC + '/control/fabrics/site-a/Easy_Fabric'), json={'DEPLOYMENT_FREEZE': True},
                       timeout=10).status_code == 200
    # one play: the task that deploys, refused; without a deploy the task writes as usual; a delete, which always deploys,
    # is refused whole
    pim = [{'switch': LEAF, 'template': 'feature_pim'}]
    refused, made, refused_delete = resource.steps('policies', [dict(state='merged', config=pim, deploy=True, may_fail=True),
                                                                dict(state='merged', config=pim),
                                                                dict(state='deleted', config=pim, may_fail=True)])
    assert refused['failed'] is True and refused.writes == 0, refused.requests
    assert 'Fabric site-a is frozen' in refused['msg'] and 'Nothing was written' in refused['msg']
    assert made.writes == 1
    assert refused_delete['failed'] is True and refused_delete.writes == 0, refused_delete.requests
    assert 'to take its deleted policies off them' in refused_delete['msg']
