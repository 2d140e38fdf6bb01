"""Shared fixtures: a dashboard emulator over HTTPS for every test that asks for one.

``emulator`` starts one emulator per test session on a free port (its CA in a temporary
directory) and stops it with SIGTERM at the end; ``emu`` is the same emulator, reset
(sessions, counters, faults, data) before the test. ``cluster``/``clu`` are the same for an
emulator serving as three nodes (``clu`` brings every node up again). See docs/emulator.md.
"""

import os
import pathlib
import sys

try:
    import dashboard_emulator  # noqa: F401  pylint: disable=unused-import
except ImportError:
    # `ansible-test units` runs in a virtualenv of its own, with tests/unit/requirements.txt (the
    # emulator's dependencies) but without the emulator project: use it from this source tree, in
    # this process and in the emulator processes it starts.
    EMULATOR_SOURCE = str(pathlib.Path(__file__).resolve().parent / 'emulator')
    sys.path.insert(0, EMULATOR_SOURCE)
    os.environ['PYTHONPATH'] = os.pathsep.join(filter(None, [EMULATOR_SOURCE, os.environ.get('PYTHONPATH')]))

from dashboard_emulator.pytest_plugin import (  # noqa: F401,E402  pylint: disable=unused-import,wrong-import-position
    clu, cluster, emu, emu_without_bulk_update, emulator, emulator_without_bulk_update, foreign_node,
    emu_42, emu_release, emulator_42, emulator_at_release,
)
