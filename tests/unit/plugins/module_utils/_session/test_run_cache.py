"""A session's part in the run's token cache: what it keeps there, and what a later task takes from there."""

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache


def _not_called():
    raise AssertionError('compute was called, though the run had learned the value already')


def _later_task(emu, first, cache=None):
    """A session as a later task of the run builds it: from the fact the first one handed out."""
    return DashboardSession.from_options({'host': emu.base_url, 'ca_path': emu.ca_path}, session_fact=first.as_dict(), token_cache=cache)


def test_what_one_task_learned_of_the_controller_reaches_a_later_task_without_a_request(emu, tmp_path):
    cache = TokenCache(str(tmp_path / 'cache'))
    first = DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, token_cache=cache)
    first.ensure_valid()
    assert first.facts.learn('release', lambda: '12.2.2') == '12.2.2'

    later = _later_task(emu, first, cache)
    later.ensure_valid()
    assert later.facts.learn('release', _not_called) == '12.2.2'
    assert later.token == first.token
    assert emu.counters()['logins'] == 1


def test_a_session_built_from_the_record_has_what_was_learned(emu):
    first = DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path)
    first.ensure_valid()
    first.facts.learn('bulk_update', lambda: True)
    record = first.run_cache.record()

    later = _later_task(emu, first)
    later.run_cache.adopt(record)
    assert later.facts.learn('bulk_update', _not_called) is True


def test_a_record_of_an_older_version_without_facts_is_still_adopted(emu, tmp_path):
    cache = TokenCache(str(tmp_path / 'cache'))
    first = DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, token_cache=cache)
    first.ensure_valid()
    stale = first.as_dict()
    first.renew()  # the run's record now holds a newer token than the fact a later task is given
    record = first.run_cache.record()
    del record['facts']
    with cache.entry(first.cache_key()) as entry:
        entry.save(record)

    later = DashboardSession.from_options({'host': emu.base_url, 'ca_path': emu.ca_path}, session_fact=stale, token_cache=cache)
    later.ensure_valid()
    assert later.token == first.token != stale['token']
    assert later.facts.learn('release', lambda: '12.2.2') == '12.2.2'
    assert emu.counters()['logins'] == 1


def test_a_value_learned_after_the_session_was_saved_reaches_the_record(emu, tmp_path):
    cache = TokenCache(str(tmp_path / 'cache'))
    first = DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, token_cache=cache)
    first.ensure_valid()
    first.facts.learn('release', lambda: '12.2.2')
    first.run_cache.hand_over()  # saved again whole: what was learned stays
    assert cache.peek(first.cache_key())['facts']['release'] == '12.2.2'
    assert cache.peek(first.cache_key())['handed'] is True


def test_a_save_does_not_bring_back_what_another_task_renewed_since_this_one_took_it(emu, tmp_path):
    """The session keeper takes the run's facts when it starts and saves the record at each refresh, with the run's
    tasks renewing and forgetting kept values in between (a fabric_switches task forgets the fabric's switches). Before:
    the keeper's save wrote its older copy back, and the next task took switches the fabric no longer had as they were."""
    cache = TokenCache(str(tmp_path / 'cache'))
    first = DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, token_cache=cache)
    first.ensure_valid()
    first.facts.learn('fabric_switches/f1', lambda: [{'serialNumber': 'SN1', 'switchRole': 'leaf'}])
    keeper = _later_task(emu, first, cache)
    keeper.ensure_valid()  # takes the run's facts, as the keeper does
    writer = _later_task(emu, first, cache)
    writer.ensure_valid()
    writer.facts.renew('fabric_switches/f1', None)  # what forget_fabric_facts does, shared with the run
    keeper.facts.learn('release', lambda: '12.2.2')
    keeper.renew()  # a refresh saves the record
    saved = cache.peek(first.cache_key())['facts']
    assert saved['fabric_switches/f1'] is None and saved['release'] == '12.2.2'
