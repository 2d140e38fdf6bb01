"""The run's facts, each learned once: one call of compute per name, JSON values only."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.run_facts import RunFacts


def test_a_name_is_computed_once_then_kept():
    calls = []
    facts = RunFacts()

    def compute():
        calls.append(1)
        return {'release': '12.2.2'}

    assert facts.learn('version', compute) == {'release': '12.2.2'}
    assert facts.learn('version', compute) == {'release': '12.2.2'}
    assert len(calls) == 1
    assert facts.as_record() == {'version': {'release': '12.2.2'}}


def test_what_is_learned_reads_as_a_later_task_reads_it_from_the_record():
    # A tuple comes back from the record's JSON as a list: the first task sees a list too.
    assert RunFacts().learn('bulk', lambda: (1, 2)) == [1, 2]


def test_a_value_that_is_not_json_is_refused_and_not_kept():
    facts = RunFacts()
    with pytest.raises(TypeError):
        facts.learn('clock', object)
    assert 'clock' not in facts
    assert facts.as_record() == {}


def test_each_new_value_is_handed_on_and_a_known_one_is_not():
    shared = []
    facts = RunFacts(on_learn=lambda known: shared.append(known.as_record()))
    facts.learn('release', lambda: '12.2.2')
    facts.learn('release', lambda: '12.3.1')
    assert shared == [{'release': '12.2.2'}]


def test_a_value_already_used_stays_when_a_record_says_otherwise():
    facts = RunFacts(known={'release': '12.2.2'})
    facts.take({'release': '12.3.1', 'bulk_update': True})
    facts.take(None)  # a record of an older version, without facts
    assert facts.as_record() == {'release': '12.2.2', 'bulk_update': True}


def test_a_renewed_value_replaces_the_old_one_and_is_handed_on():
    shared = []
    facts = RunFacts(on_learn=lambda known: shared.append(known.as_record()))
    facts.learn('fabric_switches', lambda: {'f1': {'SN1': '10.0.0.1'}})
    assert facts.renew('fabric_switches', {'f1': {'SN2': '10.0.0.1'}}) == {'f1': {'SN2': '10.0.0.1'}}
    assert facts.known('fabric_switches') == {'f1': {'SN2': '10.0.0.1'}}
    assert shared == [{'fabric_switches': {'f1': {'SN1': '10.0.0.1'}}}, {'fabric_switches': {'f1': {'SN2': '10.0.0.1'}}}]
