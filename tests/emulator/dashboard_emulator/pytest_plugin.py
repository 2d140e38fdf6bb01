"""pytest fixtures: ``emulator`` (one per test session) and ``emu`` (the same, reset first);
``cluster`` (one emulator serving as three nodes) and ``clu`` (the same, reset first: every
node up again); ``emulator_without_bulk_update`` and ``emu_without_bulk_update`` (the same for an
emulator started with ``--no-bulk-update``: a controller without the v2 bulk update of networks
and VRFs, whose clients change one object per request); ``foreign_node``, the address of an
HTTPS server whose certificate comes from a CA nobody trusts (a node that is not the dashboard's).

Platform releases: ``emulator_42`` and ``emu_42`` are the same for an emulator started with
``--release 4.2.1`` (its legacy paths served, as by default); ``emulator_at_release`` starts, once
per test session, an emulator of any release, with or without its legacy paths; ``emu_release``
is one of them, reset, chosen by indirect parametrisation, so that a test runs against each:

    @pytest.mark.parametrize("emu_release", [None, RELEASE_42, (RELEASE_42, False)], indirect=True)
    def test_x(emu_release): ...

(None: the default emulator, the ``emulator`` fixture when the conftest imports it;
``(release, False)``: that release without its legacy paths.) ``emu_of_each()`` makes a module's ``emu``
run each of its tests on the legacy API and on a 4.2 platform serving no legacy path.

Import the names into a conftest.py:

    from dashboard_emulator.pytest_plugin import cluster, clu, emulator, emu, foreign_node  # noqa: F401
    from dashboard_emulator.pytest_plugin import emulator_without_bulk_update, emu_without_bulk_update  # noqa: F401
    from dashboard_emulator.pytest_plugin import emulator_at_release, emu_release, emulator_42, emu_42  # noqa: F401
"""

import pytest

from dashboard_emulator.testing import EmulatorProcess, https_server


# short time scales: a deploy or a discovery a test waits for takes a fraction of a second
SHORT_TIMES = ["--deploy-seconds", "0.2", "--discover-seconds", "0.5", "--reload-seconds", "0.5"]
# The release a test runs "against 4.2" on: the first one a client written against a live 4.2 names (nd-manage-facts 1.4)
RELEASE_42 = "4.2.1"


# An emulator starts in a second or two; on a machine busy with other work (a CI runner's neighbours, several test
# sessions at once) its start has been seen to take over 30 s. Only a failed start waits this long.
STARTUP_TIMEOUT = 120.0


def _process(tmp_path_factory, name, *extra_args, release=None, legacy_paths=True):
    return EmulatorProcess(workdir=tmp_path_factory.mktemp(name), extra_args=[*extra_args, *SHORT_TIMES],
                           release=release, legacy_paths=legacy_paths, startup_timeout=STARTUP_TIMEOUT)


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


@pytest.fixture(scope="session")
def emulator_at_release(tmp_path_factory):
    """``start(release, legacy_paths=True)``: the emulator of that release, started at its first use in the test session."""
    started = {}

    def start(release, legacy_paths=True):
        key = (release, bool(legacy_paths))
        if key not in started:
            name = "dashboard-emulator-%s%s" % (release, "" if legacy_paths else "-no-legacy")
            started[key] = _process(tmp_path_factory, name, release=release, legacy_paths=legacy_paths).start()
        return started[key]

    try:
        yield start
    finally:
        for process in started.values():
            process.stop()


@pytest.fixture(scope="session")
def emulator_42(emulator_at_release):  # pylint: disable=redefined-outer-name
    return emulator_at_release(RELEASE_42)


@pytest.fixture
def emu_42(emulator_42):  # pylint: disable=redefined-outer-name
    emulator_42.reset()
    return emulator_42


def _emulator_for(request, emulator_at_release, wanted):  # pylint: disable=redefined-outer-name
    if wanted is None:
        try:
            process = request.getfixturevalue("emulator")
        except pytest.FixtureLookupError:
            process = emulator_at_release(None)
    elif isinstance(wanted, (tuple, list)):
        process = emulator_at_release(*wanted)
    else:
        process = emulator_at_release(wanted)
    process.reset()
    return process


@pytest.fixture
def emu_release(request, emulator_at_release):  # pylint: disable=redefined-outer-name
    """The emulator of the release this test is parametrised with (indirect), reset first.

    The parameter: None (the default emulator), a release such as ``RELEASE_42``, or
    ``(release, legacy_paths)``.
    """
    return _emulator_for(request, emulator_at_release, getattr(request, "param", None))


# Each API a resource module with a mapping to /api/v1/manage speaks: the legacy API of the default release, and a 4.2
# platform that serves no legacy path (so nothing of the run can fall back on one).
EACH_API = (None, (RELEASE_42, False))


def _release_id(wanted):
    if wanted is None:
        return "legacy"
    if isinstance(wanted, (tuple, list)):
        return "%s%s" % (wanted[0], "" if len(wanted) < 2 or wanted[1] else "-no-legacy")
    return str(wanted)


def emu_of_each(releases=EACH_API):
    """A fixture ``emu`` that runs every test of the module using it once per release of ``releases`` (each reset first).

    In a test module: ``emu = emu_of_each()``; a test tells which one it has from ``emu.release`` and
    ``emu.legacy_paths``.
    """

    @pytest.fixture(name="emu", params=list(releases), ids=[_release_id(wanted) for wanted in releases])
    def fixture(request, emulator_at_release):  # pylint: disable=redefined-outer-name
        return _emulator_for(request, emulator_at_release, request.param)

    return fixture
