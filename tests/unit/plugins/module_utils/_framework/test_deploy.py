"""The one deploy-and-wait (pure; it runs on an injected clock): the wait, the meaning of the wait options, deploy's one
rule, the steps, the switches' sync state."""

import collections

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.poller import Poller
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import (
    DEFAULT_WAIT_TIMEOUT,
    DeployFailed,
    SwitchSync,
    check_wait_timeout,
    deploy_and_wait,
    sync_plan,
    wait_for_deploy,
    wait_seconds,
    with_wait_meaning,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.steps import Wait


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


Change = collections.namedtuple('Change', 'name action after changed')


def test_wait_timeout_is_the_seconds_to_wait_and_0_or_wait_false_does_not_wait():
    assert wait_seconds({}) == wait_seconds({'wait_timeout': None}) == DEFAULT_WAIT_TIMEOUT == 300
    assert wait_seconds({'wait_timeout': 20}) == 20
    assert wait_seconds({'wait_timeout': 0}) == 0
    assert wait_seconds({'wait_timeout': 20, 'wait': False}) == 0
    # the modules that read wait themselves see wait_timeout 0 as wait: false
    assert with_wait_meaning({'wait_timeout': 0, 'wait': True}) == {'wait_timeout': 0, 'wait': False}
    assert with_wait_meaning({'wait_timeout': 5}) == {'wait_timeout': 5}
    check_wait_timeout({'wait_timeout': 0})
    with pytest.raises(ModelError, match=r'wait_timeout is -1: give the seconds to wait, at most, for the deploy \(0: do not wait'):
        check_wait_timeout({'wait_timeout': -1})


def test_deploy_true_deploys_what_the_task_changes_and_what_it_names_out_of_sync_and_waits_for_a_running_deploy():
    changes = [Change('changed', 'update', {}, True), Change('stale', None, {}, False), Change('fine', None, {}, False),
               Change('running', None, {}, False), Change('gone', 'delete', None, True)]
    shown = {'stale': {'SN1': ('leaf-1', 'OUT-OF-SYNC')}, 'fine': {'SN1': ('leaf-1', 'IN-SYNC')},
             'running': {'SN1': ('leaf-1', 'IN PROGRESS')}}
    read = []

    def states_of(change):
        read.append(change.name)
        return shown[change.name], {'SN1'}

    def touched(change):
        return change.changed
    assert sync_plan({'deploy': True}, changes, touched, states_of) == (['changed', 'stale'], ['running'])
    assert read == ['stale', 'fine', 'running']  # what the task changes is deployed without a read
    # a task that does not wait does not wait for a running deploy either, and never sends it again
    assert sync_plan({'deploy': True, 'wait_timeout': 0}, changes, touched, states_of) == (['changed', 'stale'], [])
    assert sync_plan({'deploy': False}, changes, touched, states_of) == ([], [])
    # a source whose running deploys show another state (an interface's compliance: PENDING) names it
    shown['pending'] = {'SN1': ('leaf-1', 'PENDING')}
    pending = [Change('pending', None, {}, False)]
    assert sync_plan({'deploy': True}, pending, touched, states_of) == (['pending'], [])
    assert sync_plan({'deploy': True}, pending, touched, states_of, running=('PENDING',)) == ([], ['pending'])


def test_the_steps_send_the_deploy_then_wait_once_on_the_injected_clock_and_not_at_all_with_wait_timeout_0():
    fake = FakeTime()
    answers = iter([{'web': {'SN1': ('leaf-1', 'PENDING')}}, {'web': {'SN1': ('leaf-1', 'DEPLOYED')}}])
    result = {}
    steps = deploy_and_wait(['the deploy'], lambda names: next(answers), ['web'], {'web': {'SN1'}}, {'wait_timeout': 60},
                            'network', result, poller=Poller(clock=fake.clock, sleep=fake.sleep))
    assert next(steps) == 'the deploy'
    wait = steps.send('its answer')
    assert isinstance(wait, Wait)
    with pytest.raises(StopIteration) as stopped:
        steps.send(wait.until())
    assert stopped.value.value == result['deployment'] == {'web': {'leaf-1': 'DEPLOYED'}}
    assert 0 < fake.now < 2  # the first look a quarter of a second after the deploy, the second a second later
    no_wait = deploy_and_wait(['the deploy'], None, ['web'], {'web': {'SN1'}}, {'wait_timeout': 0}, 'network', result)
    assert list(no_wait) == ['the deploy']


class FakeClient:
    """Answers each read of a path with the next of its answers."""

    def __init__(self, answers):
        self.answers = {path: iter(found) for path, found in answers.items()}
        self.reads = []

    def read(self, path, params=None):
        self.reads.append(path)
        return next(self.answers[path])


def test_a_switch_deploy_is_config_deploy_and_its_wait_reads_cc_status_once_per_look_on_the_legacy_api():
    inventory = '/control/fabrics/site-a/inventory/switchesByFabric'
    client = FakeClient({inventory: [[{'serialNumber': 'SN1', 'ccStatus': 'Pending'}, {'serialNumber': 'SN2', 'ccStatus': 'In-Sync'}],
                                     [{'serialNumber': 'SN1', 'ccStatus': 'In-Sync'}, {'serialNumber': 'SN2', 'ccStatus': 'In-Sync'}]]})
    fake = FakeTime()
    sync = SwitchSync(client, 'site-a', LEGACY_API, {'SN1': 'leaf-1'}, Poller(clock=fake.clock, sleep=fake.sleep))
    result = {}
    steps = sync.deploy(['SN1'], {'wait_timeout': 30}, result)
    request = next(steps)
    assert (request.method, request.path, request.query) == ('POST', '/control/fabrics/site-a/config-deploy/SN1', {'forceShowRun': 'false'})
    wait = steps.send(None)
    with pytest.raises(StopIteration):
        steps.send(wait.until())
    assert result['deployment'] == {'leaf-1': 'IN-SYNC'} and client.reads == [inventory, inventory]


def test_on_4_2_a_switch_deploy_is_switch_actions_deploy_read_from_config_sync_status_and_a_timeout_names_the_switch():
    switches = '/fabrics/site-a/switches'
    out_of_sync = {'switches': [{'switchId': 'SN1', 'additionalData': {'configSyncStatus': 'outOfSync'}}]}
    client = FakeClient({switches: [out_of_sync] * 20})
    fake = FakeTime()
    sync = SwitchSync(client, 'site-a', MANAGE_API, {'SN1': 'leaf-1'}, Poller(clock=fake.clock, sleep=fake.sleep))
    steps = sync.deploy(['SN1'], {'wait_timeout': 10})
    request = next(steps)
    assert (request.method, request.path, request.body) == ('POST', '/fabrics/site-a/switchActions/deploy', {'switchIds': ['SN1']})
    wait = steps.send(None)
    with pytest.raises(DeployFailed, match=r'did not finish within wait_timeout \(10 s\) on leaf-1: switch switches on leaf-1: '
                                           r'OUT-OF-SYNC') as failed:
        wait.until()
    assert failed.value.states == {'leaf-1': 'OUT-OF-SYNC'} and fake.now == 10
