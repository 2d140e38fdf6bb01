"""How the keeper tells the end of the run from a task's logout, when the run's session entry vanishes.

Ansible removes the run's directory file by file when the run ends; on a loaded machine the
directory can outlive the session entry by more than a moment while ``ansible-playbook`` is still
alive. The keeper must then still end the session the run opened (a play that failed before its
logout), and must not when a task logged out. Here the entry is removed by hand, as Ansible's
clean-up removes it, because the moment between the two removals cannot be stretched on purpose
in a real run.
"""

import os
import shutil

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper import keep
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache


def _run(tmp_path):
    cache = TokenCache(str(tmp_path / 'cache'))
    session = DashboardSession('https://127.0.0.1:9', 'admin')
    with cache.entry(session.cache_key()) as entry:
        entry.save({'token': 'not-a-real-token', 'handed': False})
    return cache, session


def _keep(cache, session, end_at_run_end):
    looks = []

    def sleep(_seconds):
        looks.append(_seconds)
        assert len(looks) < 5, 'the keeper kept looking at a vanished entry'
    return keep(cache, session, os.getpid(), sleep=sleep, end_at_run_end=end_at_run_end)


def test_an_entry_gone_with_the_run_ends_the_session_although_the_directory_is_still_there(tmp_path):
    cache, session = _run(tmp_path)
    os.unlink(cache.entry_path(session.cache_key()))  # as Ansible's clean-up does, before the directory
    assert os.path.isdir(cache.directory)
    assert _keep(cache, session, end_at_run_end=True) is True


def test_an_entry_a_task_logged_out_is_not_ended_again(tmp_path):
    cache, session = _run(tmp_path)
    with cache.entry(session.cache_key()) as entry:
        entry.clear()  # what dashboard_logout does once the dashboard ended the session
    assert _keep(cache, session, end_at_run_end=True) is False


def test_a_login_after_a_logout_is_ended_with_the_run(tmp_path):
    cache, session = _run(tmp_path)
    with cache.entry(session.cache_key()) as entry:
        entry.clear()
        entry.save({'token': 'another-token', 'handed': False})
    os.unlink(cache.entry_path(session.cache_key()))
    assert _keep(cache, session, end_at_run_end=True) is True


def test_a_run_over_before_the_keepers_first_look_ends_the_session_the_run_opened(tmp_path):
    """A rerun with nothing to do is over in about a second, the keeper's start-up a good part of it: Ansible may remove
    the run's directory before the keeper first reads the record. The task that started it said the session was the
    run's own (orders' ``unhanded``). Before: the keeper took it as handed out and left it live on the dashboard (seen
    as a missing logout in benchmarks/resource_vs_dcnm.py's reruns)."""
    cache, session = _run(tmp_path)
    os.unlink(cache.entry_path(session.cache_key()))
    shutil.rmtree(cache.directory)  # as Ansible removes it at the end of the run
    assert keep(cache, session, os.getpid(), sleep=None, unhanded=True) is True
    assert keep(cache, session, os.getpid(), sleep=None) is False, 'a session handed to the user stays live'
