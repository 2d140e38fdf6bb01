"""pytest fixtures: ``emulator`` (one per test session) and ``emu`` (the same, reset first);
``cluster`` (one emulator serving as three nodes) and ``clu`` (the same, reset first: every
node up again); ``emulator_without_bulk_update`` and ``emu_without_bulk_update`` (the same for an
emulator started with ``--no-bulk-update``: a controller without the v2 bulk update of networks
and VRFs, whose clients change one object per request); ``foreign_node``, the address of an
HTTPS server whose certificate comes from a CA nobody trusts (a node that is not the dashboard's).

Import the names into a conftest.py:

    from dashboard_emulator.pytest_plugin import cluster, clu, emulator, emu, foreign_node  # noqa: F401
    from dashboard_emulator.pytest_plugin import emulator_without_bulk_update, emu_without_bulk_update  # noqa: F401
"""

import pytest

from dashboard_emulator.testing import EmulatorProcess, https_server


# short time scales: a deploy or a discovery a test waits for takes a fraction of a second
SHORT_TIMES = ["--deploy-seconds", "0.2", "--discover-seconds", "0.5", "--reload-seconds", "0.5"]


def _process(tmp_path_factory, name, *extra_args):
    return EmulatorProcess(workdir=tmp_path_factory.mktemp(name), extra_args=[*extra_args, *SHORT_TIMES])


@pytest.fixture(scope="session")
def emulator(tmp_path_factory):
    with _process(tmp_path_factory, "dashboard-emulator") as process:
        yield process


@pytest.fixture
def emu(emulator):  # pylint: disable=redefined-outer-name
    emulator.reset()
    return emulator


@pytest.fixture(scope="session")
def cluster(tmp_path_factory):
    with _process(tmp_path_factory, "dashboard-emulator-cluster", "--nodes", "3") as process:
        yield process


@pytest.fixture
def clu(cluster):  # pylint: disable=redefined-outer-name
    cluster.reset()
    return cluster


@pytest.fixture(scope="session")
def emulator_without_bulk_update(tmp_path_factory):
    with _process(tmp_path_factory, "dashboard-emulator-without-bulk-update", "--no-bulk-update") as process:
        yield process


@pytest.fixture
def emu_without_bulk_update(emulator_without_bulk_update):  # pylint: disable=redefined-outer-name
    emulator_without_bulk_update.reset()
    return emulator_without_bulk_update


@pytest.fixture
def foreign_node():
    with https_server() as server:  # its own throw-away CA, trusted by no session or play
        yield server.base_url
