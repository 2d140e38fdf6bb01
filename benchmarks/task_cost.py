#!/usr/bin/env python
"""Per-task cost of fabricops.dashboard.dashboard_rest against ansible.builtin.debug.

Against the emulator, certificate validation on, one host. The two kinds of task are compared
inside the same play, interleaved task by task (debug, dashboard_rest, debug, ...), after a
run_once login: whatever else the machine does at that moment, both kinds see it alike. A
callback (benchmarks/callback_plugins/task_clock.py) records when each task starts; a task's cost
is the time from its start to the next task's start, which takes in the worker's fork, the task
and the handling of its result in the main process. Per play, each kind's cost is the median over
its tasks (the first few requests of a run go out before the run's session keeper serves, and a
pause of the machine hits one task, not the kind), and each figure printed is the median over
--runs plays, run in turn with the plays of the other credential kinds. A loop item is the
difference of loops of 1 and of --tasks items, divided by --tasks - 1, also interleaved in one play;
a loop play holds --loop-rounds such rounds and counts with their median (one round's figure rests
on two single tasks, and one pause of the machine moved it by several milliseconds).
The load average is printed before and after.

Targets (issue 10): dashboard_rest GET at most 1.25 x debug with literal and with environment
credentials; a loop item at most 3 ms above a debug loop item. For context: the credentials given
by lookup('env') in module_defaults (Ansible templates them on every task), and the emulator's
counters for a few scenarios, among them the TLS connections of 20 hosts x 5 tasks with forks 10.

    .venv/bin/python benchmarks/task_cost.py [--runs 7] [--tasks 50]

Prints tables; it asserts nothing (the tests do).
"""

import argparse
import json
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
    'debug': """    - name: Debug loop {count} {round}
      ansible.builtin.debug:
        msg: item {{{{ item }}}}
      loop: "{{{{ range({count}) | list }}}}"
""",
    'rest': """    - name: Rest loop {count} {round}
      fabricops.dashboard.dashboard_rest:
        path: %s
      loop: "{{{{ range({count}) | list }}}}"
""" % READ_PATH,
}
# credentials -> (what the row is called, target)
TASK_PLAYS = {
    'literal': ('dashboard_rest GET, literal credentials', 1.25),
    'env': ('dashboard_rest GET, env credentials', 1.25),
    'lookup': ("dashboard_rest GET, lookup('env') credentials", None),
}
LOOP_TARGET_MS = 3.0


def write_task_play(directory, credentials, count):
    """Login, then debug and dashboard_rest tasks in turn, ``count`` of each."""
    body = HEADER.format(credentials=CREDENTIALS[credentials].format(user=ADMIN, password=PASSWORD)) + LOGIN
    body += ''.join(TASK['debug'].format(n=n) + TASK['rest'].format(n=n) for n in range(count))
    path = pathlib.Path(directory) / ('tasks-%s.yml' % credentials)
    path.write_text(body, encoding='utf-8')
    return path


def write_loop_play(directory, count, rounds):
    """Login, then ``rounds`` times: loops of 1 and of ``count`` items, of debug and of dashboard_rest in turn."""
    body = HEADER.format(credentials=CREDENTIALS['literal'].format(user=ADMIN, password=PASSWORD)) + LOGIN
    for round_ in range(rounds):
        for items in (1, count):
            for kind in ('debug', 'rest'):
                body += LOOP[kind].format(count=items, round=round_)
    path = pathlib.Path(directory) / 'loops.yml'
    path.write_text(body, encoding='utf-8')
    return path


def write_inventory(directory, hosts):
    path = pathlib.Path(directory) / ('inventory-%d.ini' % hosts)
    lines = ['[targets]'] + ['host%02d' % n for n in range(hosts)]
    lines += ['[targets:vars]', 'ansible_connection=local', 'ansible_python_interpreter=%s' % sys.executable]
    path.write_text('\n'.join(lines) + '\n', encoding='utf-8')
    return path


def run(play, inventory, env, forks=5):
    """{task name: seconds from its start to the next task's start (the last: to the end of the play)}."""
    clock = pathlib.Path(env['BENCH_CLOCK_FILE'])
    if clock.exists():
        clock.unlink()
    completed = subprocess.run([str(ANSIBLE_PLAYBOOK), '-i', str(inventory), '--forks', str(forks), str(play)],
                               env=env, capture_output=True, text=True, check=False, cwd=str(REPO))
    if completed.returncode != 0:
        sys.exit('benchmark play %s failed:\n%s' % (play, completed.stdout[-3000:] + completed.stderr[-2000:]))
    marks = json.loads(clock.read_text(encoding='utf-8'))
    starts = [mark for mark in marks if mark[0] != 'item']
    took = {name: end - start for (name, start), (_next, end) in zip(starts, starts[1:])}
    items = {}
    for _item, task, when in (mark for mark in marks if mark[0] == 'item'):
        items.setdefault(task, []).append(when)
    return took, {task: [later - earlier for earlier, later in zip(times, times[1:])] for task, times in items.items()}


def environment(emulator, workdir):
    env = {k: v for k, v in os.environ.items() if not k.startswith(('DASHBOARD_', 'ANSIBLE_'))}
    env.update(DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path,
               DASHBOARD_USERNAME=ADMIN, DASHBOARD_PASSWORD=PASSWORD, BENCH_USER=ADMIN, BENCH_PASSWORD=PASSWORD,
               ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'), ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'),
               ANSIBLE_LOCALHOST_WARNING='false', ANSIBLE_INVENTORY_UNPARSED_WARNING='false',
               ANSIBLE_CALLBACK_PLUGINS=str(REPO / 'benchmarks' / 'callback_plugins'), ANSIBLE_CALLBACKS_ENABLED='task_clock',
               BENCH_CLOCK_FILE=str(pathlib.Path(workdir) / 'clock.json'))
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
    parser.add_argument('--runs', type=int, default=7)
    parser.add_argument('--tasks', type=int, default=50)
    parser.add_argument('--loop-rounds', type=int, default=5,
                        help='loop pairs per loop play; the play counts with the median of its rounds')
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir, EmulatorProcess() as emulator:
        env = environment(emulator, workdir)
        one_host = write_inventory(workdir, 1)
        task_plays = {credentials: write_task_play(workdir, credentials, args.tasks) for credentials in TASK_PLAYS}
        loop_play = write_loop_play(workdir, args.tasks, args.loop_rounds)
        costs = {credentials: {'debug': [], 'rest': []} for credentials in TASK_PLAYS}
        items = {'debug': [], 'rest': []}
        item_gaps = {'debug': [], 'rest': []}
        load_before = load()
        for _run in range(args.runs):
            for credentials, play in task_plays.items():
                took, _items = run(play, one_host, env)
                for kind, prefix in (('debug', 'Debug '), ('rest', 'Rest ')):
                    costs[credentials][kind].append(statistics.median(
                        seconds for name, seconds in took.items() if name.startswith(prefix)))
            took, gaps = run(loop_play, one_host, env)
            for kind, prefix in (('debug', 'Debug loop '), ('rest', 'Rest loop ')):
                items[kind].append(statistics.median(
                    (took['%s%d %d' % (prefix, args.tasks, round_)] - took['%s1 %d' % (prefix, round_)]) / (args.tasks - 1)
                    for round_ in range(args.loop_rounds)))
                item_gaps[kind].append(statistics.median(
                    gap for round_ in range(args.loop_rounds) for gap in gaps['%s%d %d' % (prefix, args.tasks, round_)]))
        load_after = load()
        print('Per-task cost: %d tasks of each kind interleaved in one play after the login, median per task, then median '
              'of %d plays; 1 host, certificate validation on' % (args.tasks, args.runs))
        print('Load average (1, 5, 15 min): %s before, %s after; %d CPUs' % (load_before, load_after, os.cpu_count()))
        print('| %-46s | %8s | %14s | %9s | %-20s |' % ('task', 'debug', 'dashboard_rest', 'ratio', 'target'))
        print('|%s|%s|%s|%s|%s|' % ('-' * 48, '-' * 10, '-' * 16, '-' * 11, '-' * 22))
        for credentials, (name, target) in TASK_PLAYS.items():
            debug = statistics.median(costs[credentials]['debug']) * 1000
            rest = statistics.median(costs[credentials]['rest']) * 1000
            ratio = statistics.median(r / d for d, r in zip(costs[credentials]['debug'], costs[credentials]['rest']))
            verdict = ('<= %.2f x: %s' % (target, 'met' if ratio <= target else 'NOT met')) if target else 'context'
            print('| %-46s | %5.1f ms | %11.1f ms | %7.2f x | %-20s |' % (name, debug, rest, ratio, verdict))
        debug_item = statistics.median(items['debug']) * 1000
        rest_item = statistics.median(items['rest']) * 1000
        above = statistics.median(r - d for d, r in zip(items['debug'], items['rest'])) * 1000
        print('| %-46s | %5.1f ms | %11.1f ms | %+6.1f ms | %-20s |' % (
            'loop item (loops of 1 and %d)' % args.tasks, debug_item, rest_item, above,
            '<= +%.0f ms: %s' % (LOOP_TARGET_MS, 'met' if above <= LOOP_TARGET_MS else 'NOT met')))
        gap_above = statistics.median(r - d for d, r in zip(item_gaps['debug'], item_gaps['rest'])) * 1000
        print('| %-46s | %5.1f ms | %11.1f ms | %+6.1f ms | %-20s |' % (
            'loop item (median time between item results)', statistics.median(item_gaps['debug']) * 1000,
            statistics.median(item_gaps['rest']) * 1000, gap_above, 'for comparison'))
        print('(ratio and difference: the median over plays of each play\'s own ratio or difference)')
        print()

        print('Emulator counters per scenario')
        print('| %-44s | %6s | %9s | %8s | %8s | %11s |' % ('scenario', 'logins', 'refreshes', 'failures', 'requests', 'connections'))
        print('|%s|%s|%s|%s|%s|%s|' % ('-' * 46, '-' * 8, '-' * 11, '-' * 10, '-' * 10, '-' * 13))
        emulator.reset()
        literal = CREDENTIALS['literal'].format(user=ADMIN, password=PASSWORD)
        fifty = pathlib.Path(workdir) / 'fifty.yml'
        fifty.write_text(HEADER.format(credentials=literal) + LOGIN + ''.join(TASK['rest'].format(n=n) for n in range(50)), encoding='utf-8')
        run(fifty, one_host, env)
        print(counters_line('1 host x 50 tasks (run_once login)', emulator))

        emulator.reset()
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
        loop = HEADER.format(credentials=literal) + LOGIN + LOOP['rest'].format(count=20, round=0)
        play = pathlib.Path(workdir) / 'loop.yml'
        play.write_text(loop, encoding='utf-8')
        run(play, one_host, env)
        print(counters_line('1 task, loop of 20 (login task + loop worker)', emulator))


if __name__ == '__main__':
    main()
