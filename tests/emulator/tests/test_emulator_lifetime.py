"""An emulator started by the test helpers stops when the process that started it is gone.

ansible-test units runs every test in a forked process that ends without running fixture
teardown; without this, each such test left an emulator running (48 of them, 3.4 GB, after one
`make gates`).
"""

import os
import subprocess
import sys
import time

STARTER = """
import os, sys
from dashboard_emulator.testing import EmulatorProcess
emulator = EmulatorProcess().start()
sys.stdout.write('%d\\n' % emulator.pid)
sys.stdout.flush()
os._exit(0)  # as a forked test ends: no teardown, no stop()
"""


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_an_emulator_whose_starter_ended_without_stopping_it_stops_by_itself():
    started = subprocess.run([sys.executable, '-c', STARTER], capture_output=True, text=True, timeout=60, check=True)
    pid = int(started.stdout.strip())
    deadline = time.monotonic() + 15
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    if _alive(pid):
        os.kill(pid, 9)
        raise AssertionError('the emulator outlived the process that started it')
