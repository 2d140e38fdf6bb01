#!/usr/bin/env python
"""Time and peak memory of fabricops.dashboard.networks state gathered on the emulator's large seed.

``dashboard-emulator --seed large``: fabric site-a holds 2,000 networks and 100 switches (500
switches in all), so the attachment reads alone list 200,000 switch entries (none of them attached:
the seed attaches nothing, the column "attached" counts what gathered returned). One play, one host,
certificate validation on. Printed: the gathered task's wall time (from the task before it to the
task after it), the whole play's wall time, and the peak RSS of the largest process of the run
(ansible-playbook or one of its workers), for --runs runs. Target (issue 18): under 10 s, under 200 MB.

    .venv/bin/python benchmarks/resource_gathered.py [--runs 3]

Prints a table; it asserts nothing.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from dashboard_emulator.testing import EmulatorProcess

REPO = pathlib.Path(__file__).resolve().parent.parent
ANSIBLE_PLAYBOOK = pathlib.Path(sys.executable).parent / 'ansible-playbook'
ADMIN, PASSWORD = EmulatorProcess.ADMIN
PLAY = """---
- name: Gathered on a large fabric
  hosts: localhost
  gather_facts: false
  module_defaults:
    group/fabricops.dashboard.dashboard:
      username: {user}
      password: {password}
  tasks:
    - name: Log in first, so the gathered task is timed alone
      fabricops.dashboard.dashboard_login:
    - name: Clock before
      ansible.builtin.set_fact:
        started: "{{{{ lookup('pipe', 'date +%s.%N') }}}}"
    - name: Every network of site-a
      fabricops.dashboard.networks:
        fabric: site-a
        state: gathered
      register: networks
    - name: Clock after, and what was gathered
      ansible.builtin.copy:
        content: "{{{{ {{'seconds': lookup('pipe', 'date +%s.%N') | float - started | float,
                       'networks': networks.gathered | length,
                       'attachments': networks.gathered | map(attribute='attach') | map('length') | sum}} | to_json }}}}"
        dest: "{{{{ result_file }}}}"
        mode: "0600"
"""


def run_once(emulator, workdir):
    playbook = workdir / 'gathered.yml'
    playbook.write_text(PLAY.format(user=ADMIN, password=PASSWORD), encoding='utf-8')
    result_file = workdir / 'result.json'
    env = dict(os.environ, DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path,
               ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'), ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'),
               ANSIBLE_LOCALHOST_WARNING='false', ANSIBLE_INVENTORY_UNPARSED_WARNING='false')
    started = time.monotonic()
    # A fresh interpreter per run: RUSAGE_CHILDREN keeps the maximum over every child ever waited for.
    probe = ("import resource, subprocess, sys; "
             "c = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); "
             "sys.stderr.write(c.stdout[-2000:] if c.returncode else '')")
    completed = subprocess.run([sys.executable, '-c', probe, str(ANSIBLE_PLAYBOOK), str(playbook), '-e',
                                'result_file=%s' % result_file], env=env, capture_output=True, text=True, check=False)
    play_seconds = time.monotonic() - started
    if completed.stderr.strip():
        raise SystemExit('the play failed:\n' + completed.stderr)
    result = json.loads(result_file.read_text(encoding='utf-8'))
    return result, play_seconds, int(completed.stdout.strip().splitlines()[-1]) / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n', 1)[0])
    parser.add_argument('--runs', type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', extra_args=['--seed', 'large', '--log-level', 'warning'])
        emulator.start()
        try:
            print('gathered, site-a of --seed large (%s)' % emulator.base_url)
            print('%-4s %10s %12s %16s %14s %14s' % ('run', 'networks', 'attached', 'task seconds', 'play seconds', 'peak RSS MB'))
            for number in range(1, options.runs + 1):
                result, play_seconds, peak_mb = run_once(emulator, workdir)
                row = (number, result['networks'], result['attachments'], result['seconds'], play_seconds, peak_mb)
                print('%-4d %10d %12d %16.2f %14.2f %14.1f' % row)
            print('load average: %.2f %.2f %.2f' % os.getloadavg())
        finally:
            emulator.stop()


if __name__ == '__main__':
    main()
