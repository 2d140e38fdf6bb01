#!/usr/bin/env python
"""Per-task cost of fabricops.dashboard.dashboard_rest against ansible.builtin.debug.

Against the emulator, certificate validation on. The cost of one task is (T50 - T1) / 49, from
plays of 1 and 50 tasks on one host (the fixed cost of starting ansible-playbook and logging in
cancels out); the cost of one loop item likewise from loops of 1 and 50 items. Every kind of play
runs once per round and the rounds are interleaved, so that all kinds see the same load from the
rest of the machine; each figure is the median of --runs rounds, and the load average is printed
before and after. Targets (issue 10): dashboard_rest GET at most 1.25 x debug with literal and with
environment credentials; a loop item at most 3 ms above a debug loop item. For context: the
credentials given by lookup('env') in module_defaults (Ansible templates them on every task), and
the emulator's counters for a few scenarios, among them the TLS connections of 20 hosts x 5 tasks
with forks 10.

    .venv/bin/python benchmarks/task_cost.py [--runs 5] [--tasks 50]

Prints tables; it asserts nothing (the tests do).
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
# A platform read that needs a session (the fabric paths move between releases).
READ_PATH = '/api/v1/infra/whoami'

CREDENTIALS = {
    'literal': """  module_defaults:
    group/fabricops.dashboard.dashboard:
      username: {user}
      password: {password}
""",
    'env': '',  # DASHBOARD_USERNAME / DASHBOARD_PASSWORD in the environment
    'lookup': """  module_defaults:
    group/fabricops.dashboard.dashboard:
      username: "{{{{ lookup('env', 'BENCH_USER') }}}}"
      password: "{{{{ lookup('env', 'BENCH_PASSWORD') }}}}"
""",
}
HEADER = """---
- name: Benchmark
  hosts: targets
  gather_facts: false
{credentials}  tasks:
"""
LOGIN = """    - name: Log in
      fabricops.dashboard.dashboard_login:
      run_once: true
"""
TASK = {
    'debug': """    - name: Debug {n}
      ansible.builtin.debug:
        msg: task {n}
""",
    'rest': """    - name: Rest {n}
      fabricops.dashboard.dashboard_rest:
        path: %s
""" % READ_PATH,
}
LOOP = {
    'debug': """    - name: Debug loop
      ansible.builtin.debug:
        msg: item {{{{ item }}}}
      loop: "{{{{ range({count}) | list }}}}"
""",
    'rest': """    - name: Rest loop
      fabricops.dashboard.dashboard_rest:
        path: %s
      loop: "{{{{ range({count}) | list }}}}"
""" % READ_PATH,
}
# name -> (task kind, credentials, loop?)
KINDS = {
    'debug task': ('debug', 'literal', False),
    'dashboard_rest GET, literal credentials': ('rest', 'literal', False),
    'dashboard_rest GET, env credentials': ('rest', 'env', False),
    "dashboard_rest GET, lookup('env') credentials": ('rest', 'lookup', False),
    'debug loop item': ('debug', 'literal', True),
    'dashboard_rest GET loop item': ('rest', 'literal', True),
}


def write_play(directory, name, count):
    kind, credentials, loop = KINDS[name]
    body = HEADER.format(credentials=CREDENTIALS[credentials].format(user=ADMIN, password=PASSWORD)) + LOGIN
    if loop:
        body += LOOP[kind].format(count=count)
    else:
        body += ''.join(TASK[kind].format(n=n) for n in range(count))
    path = pathlib.Path(directory) / ('%s-%d.yml' % (''.join(c if c.isalnum() else '_' for c in name), count))
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
               DASHBOARD_USERNAME=ADMIN, DASHBOARD_PASSWORD=PASSWORD, BENCH_USER=ADMIN, BENCH_PASSWORD=PASSWORD,
               ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'), ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'),
               ANSIBLE_LOCALHOST_WARNING='false', ANSIBLE_INVENTORY_UNPARSED_WARNING='false')
    return env


def load():
    return '%.2f %.2f %.2f' % os.getloadavg()


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
        plays = {name: (write_play(workdir, name, 1), write_play(workdir, name, args.tasks)) for name in KINDS}
        per_task = {name: [] for name in KINDS}
        load_before = load()
        for _run in range(args.runs):
            for name, (small, large) in plays.items():
                t_small = run(small, one_host, env)
                t_large = run(large, one_host, env)
                per_task[name].append((t_large - t_small) / (args.tasks - 1))
        load_after = load()
        costs = {name: statistics.median(values) * 1000 for name, values in per_task.items()}
        debug, debug_item = costs['debug task'], costs['debug loop item']
        print('Per-task cost, (T%d - T1) / %d, median of %d interleaved runs, 1 host, certificate validation on'
              % (args.tasks, args.tasks - 1, args.runs))
        print('Load average (1, 5, 15 min): %s before, %s after; %d CPUs' % (load_before, load_after, os.cpu_count()))
        print('| %-46s | %8s | %12s | %-22s |' % ('task', 'ms', 'vs debug', 'target'))
        print('|%s|%s|%s|%s|' % ('-' * 48, '-' * 10, '-' * 14, '-' * 24))
        for name, cost in costs.items():
            kind, credentials, loop = KINDS[name]
            if kind == 'debug':
                comparison, target = '', ''
            elif loop:
                comparison = '%+.1f ms' % (cost - debug_item)
                target = '<= +3 ms: %s' % ('met' if cost - debug_item <= 3 else 'NOT met')
            else:
                comparison = '%.2f x' % (cost / debug)
                target = ('<= 1.25 x: %s' % ('met' if cost / debug <= 1.25 else 'NOT met')) if credentials != 'lookup' else 'context'
            print('| %-46s | %8.1f | %12s | %-22s |' % (name, cost, comparison, target))
        print()

        print('Emulator counters per scenario')
        print('| %-44s | %6s | %9s | %8s | %8s | %11s |' % ('scenario', 'logins', 'refreshes', 'failures', 'requests', 'connections'))
        print('|%s|%s|%s|%s|%s|%s|' % ('-' * 46, '-' * 8, '-' * 11, '-' * 10, '-' * 10, '-' * 13))
        emulator.reset()
        run(write_play(workdir, 'dashboard_rest GET, literal credentials', 50), one_host, env)
        print(counters_line('1 host x 50 tasks (run_once login)', emulator))

        emulator.reset()
        literal = CREDENTIALS['literal'].format(user=ADMIN, password=PASSWORD)
        five = HEADER.format(credentials=literal) + ''.join(TASK['rest'].format(n=n) for n in range(5))
        play = pathlib.Path(workdir) / 'twenty.yml'
        play.write_text(five, encoding='utf-8')
        run(play, write_inventory(workdir, 20), env, forks=10)
        print(counters_line('20 hosts x 5 tasks, forks 10, no login task', emulator))

        emulator.reset()
        emulator.set_faults(session_timeout=3)
        long_play = HEADER.format(credentials=literal) + LOGIN + ''.join(
            TASK['rest'].format(n=n) + '    - name: Wait {n}\n      ansible.builtin.pause:\n        seconds: 1\n'.format(n=n)
            for n in range(10))
        play = pathlib.Path(workdir) / 'long.yml'
        play.write_text(long_play, encoding='utf-8')
        started = time.perf_counter()
        run(play, write_inventory(workdir, 5), env)
        print(counters_line('5 hosts, 3 s tokens, play of %.0f s' % (time.perf_counter() - started), emulator))

        emulator.reset()
        loop = HEADER.format(credentials=literal) + LOGIN + LOOP['rest'].format(count=20)
        play = pathlib.Path(workdir) / 'loop.yml'
        play.write_text(loop, encoding='utf-8')
        run(play, one_host, env)
        print(counters_line('1 task, loop of 20 (login task + loop worker)', emulator))


if __name__ == '__main__':
    main()
