"""The session fact under a fact cache that keeps facts between runs (jsonfile here; redis alike).

Such a cache writes every fact to a store that outlives the run, and AWX imports it into its
database. The fact must then hold no token that still works once the run is over, even when the
play fails before its logout, while the run's own tasks still get the session from it.
"""

import json
import pathlib

import pytest

from conftest import JWT

ADMIN_PASSWORD = 'Admin-Passw0rd!'
HOSTS = 2


def cached_documents(directory):
    """Each host's cached facts, whatever the wrapping of the ansible-core version (2.19 adds __payload__)."""
    documents = {}
    for path in pathlib.Path(directory).iterdir():
        text = path.read_text(encoding='utf-8')
        facts = json.loads(text)
        if '__payload__' in facts:
            facts = json.loads(facts['__payload__'])
        documents[path.name] = (text, facts)
    return documents


@pytest.mark.parametrize('inject', ['True', 'False'])
def test_a_failed_run_leaves_no_token_in_a_jsonfile_fact_cache(play, emu, tmp_path, inject):
    # The connection string of a cache may hold a password (redis): nothing may print it.
    cache = tmp_path / 'facts-Secret-In-Connection'
    env = {'ANSIBLE_CACHE_PLUGIN': 'jsonfile', 'ANSIBLE_CACHE_PLUGIN_CONNECTION': str(cache),
           'ANSIBLE_INJECT_FACT_VARS': inject}
    run = play('fact_cache.yml', hosts=HOSTS, verbosity=4, env=env, extra_vars={'dashboard_password': ADMIN_PASSWORD})

    assert run.rc == 2, run.output[-3000:]
    assert 'the play breaks here on purpose' in run.output
    assert run.total('failed') == HOSTS and run.total('ok') == 6 + 4 * (HOSTS - 1), run.recap
    run.assert_no_secrets(ADMIN_PASSWORD)
    assert 'Secret-In-Connection' not in run.output
    counters = emu.counters()
    assert (counters['logins'], counters['refreshes'], counters['logouts']) == (1, 1, 0)
    assert counters['live_sessions'] == 1, 'the session is still live on the dashboard: the play never logged out'

    documents = cached_documents(cache)
    assert len(documents) == HOSTS, sorted(documents)
    for text, facts in documents.values():
        assert not JWT.search(text), 'a session token was written to the fact cache'
        # ansible-core 2.19 may store a value with its origin tags: compare the plain value.
        token = facts['dashboard_session']['token']
        assert (token.get('value') if isinstance(token, dict) else token).startswith('fabricops.dashboard:run-private-session:')

    # A later run that finds the cached fact cannot use it: it is told to log in.
    stale = play('stale_fact.yml', hosts=1, env=env)
    assert stale.rc == 2
    assert 'The fact dashboard_session refers to the session of a run that is over' in stale.output
    assert 'Run fabricops.dashboard.dashboard_login earlier in this play' in stale.output


def test_facts_in_memory_keep_the_token(play, emu, tmp_path):
    """Without a persistent cache nothing outlives the run: the fact holds the token, as before."""
    run = play('login.yml', hosts=HOSTS)
    assert run.rc == 0, run.output[-3000:]
    assert emu.counters()['logins'] == 1


def test_warnings_of_a_hidden_result_reach_the_user(play, emu):
    """ansible-core 2.16-2.18 drop the warnings of a censored result; the login's must show anyway."""
    run = play('login_insecure.yml', hosts=1, verbosity=0)
    assert run.rc == 0, run.output[-3000:]
    assert run.output.count('[WARNING]: Certificate validation is off for %s' % emu.base_url) == 1
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_logout_on_every_host_ends_the_session_once(play, emu, tmp_path):
    env = {'ANSIBLE_CACHE_PLUGIN': 'jsonfile', 'ANSIBLE_CACHE_PLUGIN_CONNECTION': str(tmp_path / 'facts')}
    run = play('fact_cache_logout.yml', hosts=3, forks=1, env=env)
    assert run.rc == 0, run.output[-3000:]
    assert run.total('failed') == 0
    counters = emu.counters()
    assert (counters['logins'], counters['logouts'], counters['live_sessions']) == (1, 1, 0)
