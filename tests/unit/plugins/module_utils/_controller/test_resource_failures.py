"""Partial failures and the deploy wait (pure; the deploy wait runs on an injected clock)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.deploy import DeployFailed, wait_for_deploy
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.item_failures import (
    PartialFailure, check_bulk_answer, check_item_statuses)


def test_a_bulk_answer_with_a_failure_list_names_each_failed_item_and_what_succeeded():
    answer = {'successList': [{'name': 'a', 'status': 'Success'}],
              'failureList': [{'name': 'b', 'message': 'VRF\tb\talready exists', 'status': 'Failed'}]}
    with pytest.raises(PartialFailure) as failure:
        check_bulk_answer('creating vrfs in fabric f1', ['a', 'b'], answer)
    assert failure.value.failed == {'b': 'VRF\tb\talready exists'} and failure.value.succeeded == ['a']
    assert failure.value.message.startswith('1 of 2 items failed while creating vrfs in fabric f1: b: VRF')
    check_bulk_answer('creating', ['a'], {'successList': [{'name': 'a'}], 'failureList': []})


def test_an_attachment_answer_fails_on_any_item_but_success_or_already_detached():
    check_item_statuses('attaching', {'web-[SN1/leaf-1]': 'SUCCESS', 'db-[SN1/leaf-1]': 'Network db is already in detached state'})
    with pytest.raises(PartialFailure, match=r'web-\[SN2/leaf-2\]: Entered Network VLAN ID 203 is in use already'):
        check_item_statuses('attaching', {'web-[SN1/leaf-1]': 'SUCCESS', 'web-[SN2/leaf-2]': 'Entered Network VLAN ID 203 is in use already'})


class FakeTime:
    def __init__(self):
        self.now = 0.0

    def clock(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


def test_the_wait_ends_when_every_switch_reports_deployed():
    answers = iter([{'web': {'SN1': ('leaf-1', 'PENDING')}}, {'web': {'SN1': ('leaf-1', 'IN PROGRESS')}},
                    {'web': {'SN1': ('leaf-1', 'DEPLOYED')}}])
    fake = FakeTime()
    report = wait_for_deploy(lambda names: next(answers), ['web'], {'web': {'SN1'}}, 60, 'network', fake.clock, fake.sleep)
    assert report == {'web': {'leaf-1': 'DEPLOYED'}}


def test_a_failed_switch_fails_the_wait_naming_it_and_a_timeout_names_the_switches_not_done():
    fake = FakeTime()
    with pytest.raises(DeployFailed, match='The deploy failed on leaf-2: network web on leaf-2: FAILED'):
        wait_for_deploy(lambda names: {'web': {'SN1': ('leaf-1', 'DEPLOYED'), 'SN2': ('leaf-2', 'FAILED')}}, ['web'],
                        {'web': {'SN1', 'SN2'}}, 60, 'network', fake.clock, fake.sleep)
    with pytest.raises(DeployFailed, match=r'did not finish within wait_timeout \(10 s\) on leaf-1'):
        wait_for_deploy(lambda names: {'web': {'SN1': ('leaf-1', 'PENDING')}}, ['web'], {'web': {'SN1'}}, 10, 'network',
                        fake.clock, fake.sleep)
    assert 10 <= fake.now <= 11
