"""What the fabric controller offers, learned once: one call of compute per name, JSON values only."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.offers import ControllerOffers


def test_a_name_is_computed_once_then_kept():
    calls = []
    offers = ControllerOffers()

    def compute():
        calls.append(1)
        return {'release': '12.2.2'}

    assert offers.learn('version', compute) == {'release': '12.2.2'}
    assert offers.learn('version', compute) == {'release': '12.2.2'}
    assert len(calls) == 1
    assert offers.as_record() == {'version': {'release': '12.2.2'}}


def test_what_is_learned_reads_as_a_later_task_reads_it_from_the_record():
    # A tuple comes back from the record's JSON as a list: the first task sees a list too.
    assert ControllerOffers().learn('bulk', lambda: (1, 2)) == [1, 2]


def test_a_value_that_is_not_json_is_refused_and_not_kept():
    offers = ControllerOffers()
    with pytest.raises(TypeError):
        offers.learn('clock', object)
    assert 'clock' not in offers
    assert offers.as_record() == {}


def test_each_new_value_is_handed_on_and_a_known_one_is_not():
    shared = []
    offers = ControllerOffers(on_learn=lambda known: shared.append(known.as_record()))
    offers.learn('release', lambda: '12.2.2')
    offers.learn('release', lambda: '12.3.1')
    assert shared == [{'release': '12.2.2'}]


def test_a_value_already_used_stays_when_a_record_says_otherwise():
    offers = ControllerOffers(known={'release': '12.2.2'})
    offers.take({'release': '12.3.1', 'bulk_update': True})
    offers.take(None)  # a record of an older version, without offers
    assert offers.as_record() == {'release': '12.2.2', 'bulk_update': True}


def test_a_renewed_value_replaces_the_old_one_and_is_handed_on():
    shared = []
    offers = ControllerOffers(on_learn=lambda known: shared.append(known.as_record()))
    offers.learn('fabric_switches', lambda: {'f1': {'SN1': '10.0.0.1'}})
    assert offers.renew('fabric_switches', {'f1': {'SN2': '10.0.0.1'}}) == {'f1': {'SN2': '10.0.0.1'}}
    assert offers.known('fabric_switches') == {'f1': {'SN2': '10.0.0.1'}}
    assert shared == [{'fabric_switches': {'f1': {'SN1': '10.0.0.1'}}}, {'fabric_switches': {'f1': {'SN2': '10.0.0.1'}}}]
