"""The deploy wait (pure; it runs on an injected clock)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DeployFailed, wait_for_deploy


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
