"""The run's token cache: concurrent workers log in once, files stay private, no password stored."""

import multiprocessing
import os
import stat

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache


def _worker(base_url, ca_path, password, directory, results):
    # Each process is what an Ansible worker is: a fork with nothing in memory to share.
    session = DashboardSession(base_url, 'admin', password, ca_path=ca_path, token_cache=TokenCache(directory))
    session.ensure_valid()
    results.put(session.token)


def test_concurrent_workers_share_one_login(emu, tmp_path):
    (tmp_path / 'run').mkdir(mode=0o700)  # Ansible's per-run directory
    directory = str(tmp_path / 'run' / 'fabricops.dashboard')
    context = multiprocessing.get_context('fork')
    results = context.Queue()
    workers = [context.Process(target=_worker, args=(emu.base_url, emu.ca_path, emu.PASSWORDS['admin'], directory, results))
               for _worker_number in range(8)]
    for worker in workers:
        worker.start()
    tokens = {results.get(timeout=30) for _worker_number in workers}
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    assert len(tokens) == 1
    assert emu.counters()['logins'] == 1

    assert stat.S_IMODE(os.stat(directory).st_mode) == 0o700
    for name in os.listdir(directory):
        path = os.path.join(directory, name)
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        with open(path, encoding='utf-8') as handle:
            assert emu.PASSWORDS['admin'] not in handle.read()


def test_a_renewed_token_reaches_a_worker_holding_the_old_one(emu, tmp_path):
    cache = TokenCache(str(tmp_path / 'cache'))
    first = DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, token_cache=cache)
    first.ensure_valid()
    stale = first.as_dict()
    first.renew()  # as dashboard_refresh does: the cache now holds the newer token
    later = DashboardSession.from_options({'host': emu.base_url, 'ca_path': emu.ca_path}, session_fact=stale, token_cache=cache)
    later.ensure_valid()
    assert later.token == first.token != stale['token']
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['refreshes'] == 1
