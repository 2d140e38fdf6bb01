"""The one poller every wait uses, on a clock of the test's own: no test waits for real time to pass."""

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.poller import Poller
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DeployFailed, deploying, wait_for_deploy

import pytest


class FakeClock:
    """Time that passes only when the code under test sleeps."""

    def __init__(self):
        self.now = 100.0
        self.slept = []

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.slept.append(seconds)
        self.now += seconds


def test_pauses_grow_then_repeat_and_the_last_look_is_at_the_bound():
    clock = FakeClock()
    looks = []
    for last in Poller((1, 2, 3), clock, clock.sleep).looks(10):
        looks.append((clock.now - 100.0, last))
        if last:
            break
    # a look at once, then after 1, 2, 3, 3 s, and the last one cut to the bound (10 s)
    assert looks == [(0.0, False), (1.0, False), (3.0, False), (6.0, False), (9.0, False), (10.0, True)]


def test_pause_first_waits_before_the_first_look():
    clock = FakeClock()
    first = next(Poller((0.25, 1), clock, clock.sleep).looks(5, pause_first=True))
    assert clock.slept == [0.25] and first is False


def test_a_deploy_that_never_finishes_fails_at_its_bound_naming_the_switch():
    clock = FakeClock()
    reads = []

    def read_states(names):
        reads.append(clock.now)
        return {name: {'SN1': ('leaf-1', 'PENDING')} for name in names}

    with pytest.raises(DeployFailed) as failed:
        wait_for_deploy(read_states, ['web'], {'web': {'SN1'}}, 30, 'network', clock=clock, sleep=clock.sleep)
    assert 'did not finish within wait_timeout (30 s) on leaf-1' in failed.value.message
    assert failed.value.states == {'web': {'leaf-1': 'PENDING'}}
    # bounded: no read after the bound, and none more than the pauses allow
    assert reads[-1] == 130.0 and len(reads) < 12


def test_a_deploy_that_finishes_returns_each_switchs_state():
    clock = FakeClock()
    answers = iter(['PENDING', 'IN PROGRESS', 'DEPLOYED'])

    def read_states(names):
        state = next(answers)
        return {name: {'SN1': ('leaf-1', state)} for name in names}

    assert wait_for_deploy(read_states, ['web'], {'web': {'SN1'}}, 300, 'network', clock=clock, sleep=clock.sleep) == {
        'web': {'leaf-1': 'DEPLOYED'}}
    # the first look a quarter of a second after the deploy was accepted, then backing off
    assert clock.slept == [0.25, 1, 2]


def test_a_deploy_still_running_is_told_from_one_left_pending():
    """A rerun after a timed-out wait must wait for a deploy still running, and push one that is only pending."""
    attached = {'web': {'SN1', 'SN2'}}
    running = {'web': {'SN1': ('leaf-1', 'IN PROGRESS'), 'SN2': ('leaf-2', 'DEPLOYED')}}
    pending = {'web': {'SN1': ('leaf-1', 'IN PROGRESS'), 'SN2': ('leaf-2', 'PENDING')}}
    done = {'web': {'SN1': ('leaf-1', 'DEPLOYED'), 'SN2': ('leaf-2', 'DEPLOYED')}}
    assert deploying(running, attached) is True
    assert deploying(pending, attached) is False
    assert deploying(done, attached) is False
