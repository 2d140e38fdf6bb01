"""Fixtures for the unit tests: sessions of the collection's session class against the emulator.

Every session validates the emulator's certificate against the emulator's own CA.
"""

import time

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session import exchange
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.transport import RetryPolicy


class RecordingSleep:
    """time.sleep that also records how long each retry waited (the waits still happen)."""

    def __init__(self):
        self.waits = []

    def __call__(self, seconds):
        self.waits.append(seconds)
        time.sleep(seconds)


@pytest.fixture
def sleeps():
    return RecordingSleep()


@pytest.fixture
def make_session(emu, sleeps):
    """Build a DashboardSession for an emulator account; fresh connection pools per test."""
    exchange._POOLS.clear()  # pylint: disable=protected-access

    def make(username='admin', password=None, domain=None, **options):
        if password is None and username in emu.PASSWORDS:
            password = emu.PASSWORDS[username]
        options.setdefault('ca_path', emu.ca_path)
        options.setdefault('retry_policy', RetryPolicy(backoff=0.05, max_delay=0.2))
        options.setdefault('sleep', sleeps)
        return DashboardSession(emu.base_url, username, password, domain=domain, **options)

    return make
