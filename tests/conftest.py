"""Shared fixtures: a dashboard emulator over HTTPS for every test that asks for one.

``emulator`` starts one emulator per test session on a free port (its CA in a temporary
directory) and stops it with SIGTERM at the end; ``emu`` is the same emulator, reset
(sessions, counters, faults, data) before the test. See docs/emulator.md.
"""

from dashboard_emulator.pytest_plugin import emu, emulator  # noqa: F401  pylint: disable=unused-import
