"""The reference a session fact holds in place of its token when facts may be persisted.

Only the run whose token cache holds the session can turn it back into the token; after the
logout, or in another run (another cache directory), it is worthless.
"""

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache, is_reference


def logged_in(emu, cache, username='admin'):
    session = DashboardSession(emu.base_url, username, emu.PASSWORDS[username], ca_path=emu.ca_path, token_cache=cache)
    session.ensure_valid()
    return session


def test_a_reference_resolves_to_the_live_token_in_its_run_only(emu, tmp_path):
    (tmp_path / 'run').mkdir(mode=0o700)
    cache = TokenCache(str(tmp_path / 'run' / 'fabricops.dashboard'))
    session = logged_in(emu, cache)
    reference = cache.reference(session.cache_key())

    assert is_reference(reference) and session.token not in reference
    assert not reference.count('eyJ'), 'the reference carries nothing of the token'
    assert cache.resolve(reference)['token'] == session.token

    session.renew()
    assert cache.resolve(reference)['token'] == session.token, 'a refreshed token is what the reference gives'

    (tmp_path / 'other-run').mkdir(mode=0o700)
    other_run = TokenCache(str(tmp_path / 'other-run' / 'fabricops.dashboard'))
    assert other_run.resolve(reference) is None

    session.logout()
    assert cache.resolve(reference) is None


def test_each_account_has_its_own_reference_and_junk_resolves_to_nothing(emu, tmp_path):
    (tmp_path / 'run').mkdir(mode=0o700)
    cache = TokenCache(str(tmp_path / 'run' / 'fabricops.dashboard'))
    admin, viewer = logged_in(emu, cache), logged_in(emu, cache, 'viewer')
    assert cache.resolve(cache.reference(admin.cache_key()))['token'] == admin.token
    assert cache.resolve(cache.reference(viewer.cache_key()))['token'] == viewer.token
    for junk in (None, '', admin.token, 'fabricops.dashboard:run-private-session:../../etc', cache.reference(admin.cache_key()) + 'x'):
        assert cache.resolve(junk) is None
