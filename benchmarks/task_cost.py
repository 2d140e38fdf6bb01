#!/usr/bin/env python
"""Per-task cost of fabricops.dashboard.dashboard_rest against ansible.builtin.debug and uri.

Against the emulator, certificate validation on. The cost of one task is (T50 - T1) / 49, from
plays of 1 and 50 tasks on one host (the fixed cost of starting ansible-playbook and logging in
cancels out), median of --runs runs. Then the emulator's counters for the scenarios issue 4 names:
1 host x 50 tasks; 20 hosts x 5 tasks with forks 10; a play lasting three token lifetimes; and a
loop of 20 requests in one task (TLS connections opened).

    .venv/bin/python benchmarks/task_cost.py [--runs 5]

Prints a table; it asserts nothing (the tests do). Target: dashboard_rest <= 1.5 x debug.
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

from dashboard_emulator.testing import EmulatorProcess

REPO = pathlib.Path(__file__).resolve().parent.parent
ANSIBLE_PLAYBOOK = pathlib.Path(sys.executable).parent / 'ansible-playbook'
ADMIN, PASSWORD = EmulatorProcess.ADMIN

HEADER = """---
- name: Benchmark
  hosts: targets
  gather_facts: false
  module_defaults:
    group/fabricops.dashboard.dashboard:
      username: {user}
      password: {password}
  tasks:
"""
LOGIN = """    - name: Log in
      fabricops.dashboard.dashboard_login:
      run_once: true
"""
URI_LOGIN = """    - name: Log in with uri
      ansible.builtin.uri:
        url: "{{{{ lookup('env', 'DASHBOARD_HOST') }}}}/login"
        method: POST
        body_format: json
        body: {{domain: DefaultAuth, userName: {user}, userPasswd: {password}}}
        ca_path: "{{{{ lookup('env', 'DASHBOARD_CA_PATH') }}}}"
      register: uri_login
      no_log: true
"""
TASKS = {
    'ansible.builtin.debug': """    - name: Debug {n}
      ansible.builtin.debug:
        msg: task {n}
""",
    'dashboard_rest GET': """    - name: Rest {n}
      fabricops.dashboard.dashboard_rest:
        path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics
""",
    'ansible.builtin.uri GET + cookie': """    - name: Uri {n}
      ansible.builtin.uri:
        url: "{{{{ lookup('env', 'DASHBOARD_HOST') }}}}/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"
        headers:
          Cookie: "AuthCookie={{{{ uri_login.json.jwttoken }}}}"
        ca_path: "{{{{ lookup('env', 'DASHBOARD_CA_PATH') }}}}"
""",
}
PREAMBLE = {'ansible.builtin.debug': LOGIN, 'dashboard_rest GET': LOGIN, 'ansible.builtin.uri GET + cookie': URI_LOGIN}


def write_play(directory, kind, count, hosts=1):
    body = HEADER.format(user=ADMIN, password=PASSWORD) + PREAMBLE[kind].format(user=ADMIN, password=PASSWORD)
    body += ''.join(TASKS[kind].format(n=n) for n in range(count))
    path = pathlib.Path(directory) / ('%s-%d-%d.yml' % (kind.split()[0].replace('.', '_'), count, hosts))
    path.write_text(body, encoding='utf-8')
    return path


def write_inventory(directory, hosts):
    path = pathlib.Path(directory) / ('inventory-%d.ini' % hosts)
    lines = ['[targets]'] + ['host%02d' % n for n in range(hosts)]
    lines += ['[targets:vars]', 'ansible_connection=local', 'ansible_python_interpreter=%s' % sys.executable]
    path.write_text('\n'.join(lines) + '\n', encoding='utf-8')
    return path


def run(play, inventory, env, forks=5):
    started = time.perf_counter()
    completed = subprocess.run([str(ANSIBLE_PLAYBOOK), '-i', str(inventory), '--forks', str(forks), str(play)],
                               env=env, capture_output=True, text=True, check=False, cwd=str(REPO))
    elapsed = time.perf_counter() - started
    if completed.returncode != 0:
        sys.exit('benchmark play %s failed:\n%s' % (play, completed.stdout[-3000:] + completed.stderr[-2000:]))
    return elapsed


def environment(emulator):
    env = {k: v for k, v in os.environ.items() if not k.startswith(('DASHBOARD_', 'ANSIBLE_'))}
    env.update(DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path,
               ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'), ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'),
               ANSIBLE_LOCALHOST_WARNING='false', ANSIBLE_INVENTORY_UNPARSED_WARNING='false')
    return env


def counters_line(name, emulator):
    counters = emulator.counters()
    failures = sum(count for by_status in counters['requests'].values() for status, count in by_status.items() if status[0] in '45')
    return '| %-44s | %6d | %9d | %8d | %8d | %11d |' % (
        name, counters['logins'], counters['refreshes'], failures, sum(sum(s.values()) for s in counters['requests'].values()),
        counters['connections'])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=5)
    parser.add_argument('--tasks', type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir, EmulatorProcess() as emulator:
        env = environment(emulator)
        one_host = write_inventory(workdir, 1)
        plays = {kind: (write_play(workdir, kind, 1), write_play(workdir, kind, args.tasks)) for kind in TASKS}
        per_task = {kind: [] for kind in TASKS}
        # Interleaved, so that every kind sees the same load from the rest of the machine.
        for _run in range(args.runs):
            for kind, (small, large) in plays.items():
                t_small = run(small, one_host, env)
                t_large = run(large, one_host, env)
                per_task[kind].append((t_large - t_small) / (args.tasks - 1))
        costs = {kind: statistics.median(values) for kind, values in per_task.items()}
        debug = costs['ansible.builtin.debug']
        print('Per-task cost, (T%d - T1) / %d, median of %d runs, 1 host, certificate validation on' % (args.tasks, args.tasks - 1, args.runs))
        print('| %-34s | %12s | %9s |' % ('task', 'ms per task', 'x debug'))
        print('|%s|%s|%s|' % ('-' * 36, '-' * 14, '-' * 11))
        for kind, cost in costs.items():
            print('| %-34s | %12.1f | %9.2f |' % (kind, cost * 1000, cost / debug))
        print()

        print('Emulator counters per scenario')
        print('| %-44s | %6s | %9s | %8s | %8s | %11s |' % ('scenario', 'logins', 'refreshes', 'failures', 'requests', 'connections'))
        print('|%s|%s|%s|%s|%s|%s|' % ('-' * 46, '-' * 8, '-' * 11, '-' * 10, '-' * 10, '-' * 13))
        emulator.reset()
        run(write_play(workdir, 'dashboard_rest GET', 50), one_host, env)
        print(counters_line('1 host x 50 tasks (run_once login)', emulator))

        emulator.reset()
        five = HEADER.format(user=ADMIN, password=PASSWORD) + ''.join(TASKS['dashboard_rest GET'].format(n=n) for n in range(5))
        play = pathlib.Path(workdir) / 'twenty.yml'
        play.write_text(five, encoding='utf-8')
        run(play, write_inventory(workdir, 20), env, forks=10)
        print(counters_line('20 hosts x 5 tasks, forks 10, no login task', emulator))

        emulator.reset()
        emulator.set_faults(session_timeout=3)
        long_play = HEADER.format(user=ADMIN, password=PASSWORD) + LOGIN + ''.join(
            TASKS['dashboard_rest GET'].format(n=n) + '    - name: Wait {n}\n      ansible.builtin.pause:\n        seconds: 1\n'.format(n=n)
            for n in range(10))
        play = pathlib.Path(workdir) / 'long.yml'
        play.write_text(long_play, encoding='utf-8')
        started = time.perf_counter()
        run(play, write_inventory(workdir, 5), env)
        print(counters_line('5 hosts, 3 s tokens, play of %.0f s' % (time.perf_counter() - started), emulator))

        emulator.reset()
        loop = HEADER.format(user=ADMIN, password=PASSWORD) + LOGIN + """    - name: Twenty requests in one task
      fabricops.dashboard.dashboard_rest:
        path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics
      loop: "{{ range(20) | list }}"
"""
        play = pathlib.Path(workdir) / 'loop.yml'
        play.write_text(loop, encoding='utf-8')
        run(play, one_host, env)
        print(counters_line('1 task, loop of 20 (login task + loop worker)', emulator))


if __name__ == '__main__':
    main()
