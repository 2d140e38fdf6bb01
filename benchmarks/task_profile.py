#!/usr/bin/env python
"""Where a dashboard_rest task's time goes, against debug and the floor plugin, timed inside the workers.

benchmarks/task_cost.py says how much a task costs; this says where it goes. One play, against the
emulator (certificate validation on, one host): a login, then --tasks rounds of three tasks in turn:
ansible.builtin.debug of a short message, fabricops.dashboard.dashboard_rest GET of the answer, and
the floor plugin (benchmarks/action_plugins/bench_answer.py: the same answer parsed from a local file,
Ansible's own cost of a task with a result that size). With --loop, one task of each kind looping over
--tasks items instead (a loop's items all run in one worker).

Two clocks, both printed per kind as the median over the play's tasks (or items), then the median over
--runs plays:

- ``task``: from a task's start to the next one's, in the main process (the task_clock callback, as
  task_cost.py times its interleaved figures); with --loop, from an item's result to the next one's;
- in the workers (benchmarks/worker_timers/sitecustomize.py, which wraps functions in each worker after
  the fork and changes nothing of the collection): the worker's whole run, and of dashboard_rest's
  ``run`` the options' validation, opening the session, the request (through the run's session keeper,
  or on the worker's own connection) and the rest (building the request, decoding and checking the
  answer, shaping the result).

Also the emulator's own time for the answer from this process: on a kept-alive connection, back to
back ("hot") and with a 15 ms pause before each request, as a task meets it between tasks ("idle");
and on a new connection each time (TLS handshake, certificate validated).

Then the arithmetic of issue 26's goals: dashboard_rest at most 1.10 x debug (a task), a loop item at
most debug + 2 ms. The floor of a task that fetches the answer is the floor plugin plus the emulator's
time; what the goal leaves for the rest of the work is printed beside what it takes.

    .venv/bin/python benchmarks/task_profile.py [--answer whoami|fabrics] [--tasks 30] [--runs 3] [--loop [--loop-rounds 3]]

Prints tables; it asserts nothing.
"""

import argparse
import json
import os
import pathlib
import ssl
import statistics
import sys
import tempfile
import time
import http.client
from urllib.parse import urlsplit

from dashboard_emulator.testing import EmulatorProcess

import task_cost  # the plays' environment, inventory and clock, as task_cost.py runs them (benchmarks/ is on sys.path)

REPO = pathlib.Path(__file__).resolve().parent.parent
ANSWERS = {
    'whoami': '/api/v1/infra/whoami',
    'fabrics': '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics',
}
KINDS = ('Debug', 'Rest', 'Floor')
TASKS = {
    'Debug': '      ansible.builtin.debug:\n        msg: task {n}\n',
    'Rest': '      fabricops.dashboard.dashboard_rest:\n        path: {path}\n',
    'Floor': '      bench_answer:\n        file: {answer_file}\n',
}
GOAL_RATIO = 1.10
GOAL_LOOP_MS = 2.0
IDLE_PAUSE = 0.015


def write_play(directory, args, answer_file):
    body = ('---\n- name: Profile\n  hosts: targets\n  gather_facts: false\n  tasks:\n'
            '    - name: Log in\n      fabricops.dashboard.dashboard_login:\n      run_once: true\n')
    if args.loop:
        # Loops of 1 and of --tasks items of each kind in turn, --loop-rounds times: an item is also (T(N) - T(1)) / (N - 1).
        for round_ in range(args.loop_rounds):
            for items in (1, args.tasks):
                for kind in KINDS:
                    body += '    - name: %s loop %d %d\n' % (kind, items, round_) + TASKS[kind].format(
                        n=round_, path=ANSWERS[args.answer], answer_file=answer_file)
                    body += '      loop: "{{ range(%d) | list }}"\n' % items
    else:
        for n in range(args.tasks):
            for kind in KINDS:
                body += '    - name: %s %d\n' % (kind, n) + TASKS[kind].format(n=n, path=ANSWERS[args.answer], answer_file=answer_file)
    path = pathlib.Path(directory) / 'profile.yml'
    path.write_text(body, encoding='utf-8')
    return path


def run_play(play, inventory, env):
    """({kind: [ms per task or item]} of the main process's clock, {kind: {part: [ms]}} of the workers' timers)."""
    timers = pathlib.Path(env['BENCH_TIMERS'])
    if timers.exists():
        timers.unlink()
    took, items = task_cost.run(play, inventory, env)
    clock_ms = {kind: [] for kind in KINDS}
    if items:
        # An item: from one item's result to the next one's, in the loops of N (the first item's time holds the worker's start).
        for task, intervals in items.items():
            if task.split()[0] in clock_ms:
                clock_ms[task.split()[0]].extend(seconds * 1000 for seconds in intervals)
        # And (T(N) - T(1)) / (N - 1) of each round, as task_cost.py measures a loop item.
        for kind in KINDS:
            rounds = sorted({name.rsplit(' ', 1)[1] for name in took if name.startswith(kind + ' loop ')})
            count = max(int(name.split()[2]) for name in took if name.startswith(kind + ' loop '))
            clock_ms[kind + ' T(N)-T(1)'] = [(took['%s loop %d %s' % (kind, count, r)] - took['%s loop 1 %s' % (kind, r)])
                                             * 1000 / (count - 1) for r in rounds]
    else:
        for name, seconds in took.items():
            if name.split()[0] in clock_ms:
                clock_ms[name.split()[0]].append(seconds * 1000)
    parts = {kind: {} for kind in KINDS}
    for line in timers.read_text(encoding='utf-8').splitlines():
        record = json.loads(line)
        kind = record['task'].split()[0]
        if kind in parts:
            parts[kind].setdefault(record['part'], []).append(record['ms'])
    return clock_ms, parts


def per_call(parts, args):
    """{part: ms} for dashboard_rest, medians over its calls, skipping the first few (before the keeper serves)."""
    skip = 3
    runs = parts.get('run', [])[skip:]
    if not runs:
        return {}
    figures = {'run': statistics.median(runs)}
    for part in ('validate', 'open'):
        figures[part] = statistics.median(parts.get(part, [0.0])[skip:] or [0.0])
    # Through the keeper, 'request' holds everything ('own' inside it, once the worker has its own connection).
    request = parts.get('request') or parts.get('own') or [0.0]
    figures['request'] = statistics.median(request[skip:] or request)
    figures['rest of run'] = figures['run'] - figures['validate'] - figures['open'] - figures['request']
    if args.loop and parts.get('own'):
        own = parts['own']
        figures['own connection, after the first'] = statistics.median(own[1:] or own)
    return figures


def serve_ms(emulator, path, times=20):
    """(hot, idle, new connection) ms of a GET of ``path`` from this process, certificate validated."""
    with emulator.login() as client:
        token = client.token
    parts = urlsplit(emulator.url(path))
    context = ssl.create_default_context(cafile=emulator.ca_path)
    headers = {'Cookie': 'AuthCookie=%s' % token}

    def get(connection):
        connection.request('GET', parts.path, headers=headers)
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200:
            sys.exit('GET %s answered %s' % (path, answer.status))

    def timed(pause, fresh):
        took = []
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, context=context, timeout=30)
        get(connection)
        for _time in range(times):
            if pause:
                time.sleep(pause)
            if fresh:
                connection.close()
                connection = http.client.HTTPSConnection(parts.hostname, parts.port, context=context, timeout=30)
            started = time.perf_counter()
            get(connection)
            took.append((time.perf_counter() - started) * 1000)
        connection.close()
        return statistics.median(took)

    return timed(0, False), timed(IDLE_PAUSE, False), timed(IDLE_PAUSE, True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument('--answer', choices=sorted(ANSWERS), default='whoami',
                        help='whoami (196 bytes) or fabrics (the small seed\'s fabric list, 18 KB); default: whoami')
    parser.add_argument('--tasks', type=int, default=30, help='tasks of each kind (with --loop: items of each loop); default: 30')
    parser.add_argument('--runs', type=int, default=3, help='plays; figures are medians over them (default: 3)')
    parser.add_argument('--loop', action='store_true', help='loops of each kind instead of single tasks')
    parser.add_argument('--loop-rounds', type=int, default=3, help='with --loop: rounds of loops of 1 and N items per play (default: 3)')
    args = parser.parse_args()
    load_before = '%.2f %.2f %.2f' % os.getloadavg()
    clocks, workers, rest_parts = {}, {kind: [] for kind in KINDS}, []
    with tempfile.TemporaryDirectory() as workdir, EmulatorProcess() as emulator:
        with emulator.login() as client:
            answer = client.get(emulator.url(ANSWERS[args.answer]), timeout=30)
            answer.raise_for_status()
        answer_file = pathlib.Path(workdir) / 'answer.json'
        answer_file.write_bytes(answer.content)
        play, inventory = write_play(workdir, args, answer_file), task_cost.write_inventory(workdir, 1)
        # task_cost's environment (the emulator, the collection, the task_clock callback), plus the floor plugin and the
        # workers' timers
        env = task_cost.environment(emulator, workdir)
        env.update(ANSIBLE_ACTION_PLUGINS=str(REPO / 'benchmarks' / 'action_plugins'),
                   BENCH_TIMERS=str(pathlib.Path(workdir) / 'timers.jsonl'),
                   PYTHONPATH=os.pathsep.join(filter(None, (str(REPO / 'benchmarks' / 'worker_timers'), env.get('PYTHONPATH')))))
        for _run in range(args.runs):
            clock_ms, parts = run_play(play, inventory, env)
            for name, values in clock_ms.items():
                # Single tasks: the first of each kind is left out (the first requests go out before the keeper serves).
                clocks.setdefault(name, []).append(statistics.median(values if args.loop else values[1:]))
            for kind in KINDS:
                workers[kind].append(statistics.median(parts[kind].get('worker', [0.0])[1:] or [0.0]))
            rest_parts.append(per_call(parts['Rest'], args))
        hot, idle, fresh = serve_ms(emulator, ANSWERS[args.answer])
    load_after = '%.2f %.2f %.2f' % os.getloadavg()
    unit = 'loop item' if args.loop else 'task'
    clock = {name: statistics.median(values) for name, values in clocks.items()}
    print('%s of %d bytes; %s; %d plays; load average %s before, %s after; %d CPUs' % (
        ANSWERS[args.answer], len(answer.content),
        '%d rounds of loops of 1 and %d items of each kind per play' % (args.loop_rounds, args.tasks) if args.loop
        else '%d tasks of each kind per play' % args.tasks, args.runs, load_before, load_after, os.cpu_count()))
    print()
    names = {'Debug': 'debug', 'Rest': 'dashboard_rest', 'Floor': 'floor plugin'}
    if args.loop:
        print('| kind | a loop item, from one item\'s result to the next | (T(%d) - T(1)) / %d of a loop |' % (args.tasks, args.tasks - 1))
        print('|---|---|---|')
        for kind in KINDS:
            print('| %s | %.2f ms | %.2f ms |' % (names[kind], clock[kind], clock[kind + ' T(N)-T(1)']))
    else:
        print('| kind | a task, from its start to the next one\'s (main process) | its worker\'s run |')
        print('|---|---|---|')
        for kind in KINDS:
            print('| %s | %.2f ms | %.2f ms |' % (names[kind], clock[kind], statistics.median(workers[kind])))
    print()
    parts = {part: statistics.median(figures[part] for figures in rest_parts if part in figures)
             for part in rest_parts[0]} if rest_parts and rest_parts[0] else {}
    print('dashboard_rest\'s run, per %s (medians, in the workers):' % unit)
    for part, ms in parts.items():
        print('- %s: %.2f ms' % (part, ms))
    print('The emulator\'s time for the answer, from this process: %.2f ms on a kept-alive connection back to back, %.2f ms '
          'after a %.0f ms pause, %.2f ms on a new connection (TLS handshake included)' % (hot, idle, IDLE_PAUSE * 1000, fresh))
    print()
    measures = [('', clock)]
    if args.loop:
        measures.append((' by (T(N) - T(1)) / (N - 1)', {kind: clock[kind + ' T(N)-T(1)'] for kind in KINDS}))
    for how, figures in measures:
        floor = figures['Floor'] + idle
        if args.loop:
            allowed, goal = figures['Debug'] + GOAL_LOOP_MS, 'debug + %.0f ms' % GOAL_LOOP_MS
        else:
            allowed, goal = figures['Debug'] * GOAL_RATIO, '%.2f x debug' % GOAL_RATIO
        print('Goal%s: a dashboard_rest %s at most %s = %.2f ms. The floor of a %s that fetches this answer: the floor plugin '
              '%.2f + the emulator\'s time after a pause %.2f = %.2f ms (%.2f x debug, debug %+.2f ms). The goal leaves %.2f ms '
              'above that floor for validating, opening the session, carrying the request and checking the answer; '
              'dashboard_rest takes %.2f ms above it (%.2f ms, %.2f x debug, debug %+.2f ms): %s.'
              % (how, unit, goal, allowed, unit, figures['Floor'], idle, floor, floor / figures['Debug'], floor - figures['Debug'],
                 allowed - floor, figures['Rest'] - floor, figures['Rest'], figures['Rest'] / figures['Debug'],
                 figures['Rest'] - figures['Debug'], 'met' if figures['Rest'] <= allowed else 'NOT met'))


if __name__ == '__main__':
    main()
