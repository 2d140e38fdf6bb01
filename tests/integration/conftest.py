"""Run playbooks the way users do (ansible-playbook, ansible-runner) against the emulator.

The emulator's address and CA reach the playbooks as DASHBOARD_HOST and DASHBOARD_CA_PATH, the
environment fallbacks of the collection's connection options, so certificate validation stays on.
"""

import json
import os
import pathlib
import re
import subprocess
import sys
import time

import pytest
import yaml

HERE = pathlib.Path(__file__).parent
REPO = HERE.parent.parent
PLAYBOOKS = HERE / 'playbooks'
LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
ANSIBLE_PLAYBOOK = pathlib.Path(sys.executable).parent / 'ansible-playbook'
# A JWT is three base64url parts, the first two JSON objects: '{"' encodes as 'eyJ'.
JWT = re.compile(r'eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+')
RECAP = re.compile(r'^(\S+)\s+: ok=(\d+)\s+changed=(\d+)\s+unreachable=(\d+)\s+failed=(\d+)\s+skipped=(\d+)\s+rescued=(\d+)\s+ignored=(\d+)', re.M)


class PlayRun:
    def __init__(self, completed):
        self.rc = completed.returncode
        self.stdout = completed.stdout
        self.stderr = completed.stderr
        self.output = completed.stdout + completed.stderr
        self.recap = {m.group(1): {'ok': int(m.group(2)), 'changed': int(m.group(3)), 'failed': int(m.group(5))}
                      for m in RECAP.finditer(self.stdout)}

    def total(self, what):
        return sum(host[what] for host in self.recap.values())

    def assert_no_secrets(self, *secrets):
        leaked = JWT.findall(self.output)
        assert not leaked, 'a session token appears in the output'
        for secret in secrets:
            assert secret not in self.output, 'a secret appears in the output'
        assert 'AuthCookie=' not in self.output
        assert 'Traceback' not in self.output


def write_inventory(directory, hosts):
    lines = ['[targets]'] + ['host%02d' % number for number in range(1, hosts + 1)]
    lines += ['', '[targets:vars]', 'ansible_connection=local', 'ansible_python_interpreter=%s' % sys.executable]
    path = pathlib.Path(directory) / 'inventory.ini'
    path.write_text('\n'.join(lines) + '\n', encoding='utf-8')
    return path


@pytest.fixture
def dashboard_env(emu):
    """The environment a user would set to point playbooks at the emulator."""
    return environment_for(emu)


def environment_for(emulator):
    """The environment a user would set to point playbooks at ``emulator`` (the ``dashboard_env`` of any emulator)."""
    env = dict(os.environ)
    for name in list(env):
        if name.startswith(('DASHBOARD_', 'ANSIBLE_')):
            del env[name]
    env.update({
        'DASHBOARD_HOST': emulator.base_url,
        'DASHBOARD_CA_PATH': emulator.ca_path,
        'ANSIBLE_CONFIG': str(REPO / 'ansible.cfg'),
        'ANSIBLE_COLLECTIONS_PATH': str(REPO / 'build' / 'collections'),
        'ANSIBLE_NOCOLOR': '1',
        'ANSIBLE_FORCE_COLOR': '0',
        'ANSIBLE_LOCALHOST_WARNING': 'false',
        'ANSIBLE_INVENTORY_UNPARSED_WARNING': 'false',
        'ANSIBLE_RETRY_FILES_ENABLED': 'false',
        # The harness's callback: the result of a task registered as ``outcome`` to the file ``result_file``.
        'ANSIBLE_CALLBACK_PLUGINS': str(HERE / 'callback_plugins'),
        'ANSIBLE_CALLBACKS_ENABLED': 'task_outcome',
    })
    return env


@pytest.fixture
def play(dashboard_env, tmp_path):
    """play('name.yml', hosts=1, forks=5, check=False, diff=False, verbosity=0, extra_vars=None, env=None) -> PlayRun."""

    def run(playbook, **options):
        return run_play(dashboard_env, tmp_path, playbook, **options)

    return run


def run_play(dashboard_env, directory, playbook, hosts=1, forks=5, check=False, diff=False, verbosity=0, extra_vars=None,
             env=None, timeout=300):
    """ansible-playbook of ``playbook`` (below playbooks/, or a path) in ``dashboard_env``, its files in ``directory``."""
    command = [str(ANSIBLE_PLAYBOOK), str(PLAYBOOKS / playbook), '-i', str(write_inventory(directory, hosts)),
               '--forks', str(forks)]
    if check:
        command.append('--check')
    if diff:
        command.append('--diff')
    if verbosity:
        command.append('-' + 'v' * verbosity)
    if extra_vars:
        # From a file, as users pass secrets: ansible-playbook -vvvv echoes -e values given inline.
        variables = pathlib.Path(directory) / 'extra_vars.json'
        variables.write_text(json.dumps(extra_vars), encoding='utf-8')
        command += ['-e', '@%s' % variables]
    # The inventory is the INI file written above: loading ansible-core's other inventory plugins (their documentation
    # parsed) would cost each run about 0.1 s of CPU, a tenth of ansible-playbook's start.
    environment = dict(dashboard_env, ANSIBLE_INVENTORY_ENABLED='ini')
    environment.update(env or {})
    started, before = time.monotonic(), os.times()
    completed = subprocess.run(command, env=environment, capture_output=True, text=True,
                               timeout=timeout, check=False, cwd=str(REPO))
    log = os.environ.get('INTEGRATION_PLAY_LOG')
    if log:
        # INTEGRATION_PLAY_LOG=FILE: a line per run, the test, its wall seconds and ansible-playbook's CPU seconds
        after = os.times()
        cpu = after.children_user + after.children_system - before.children_user - before.children_system
        with open(log, 'a', encoding='utf-8') as handle:
            test = os.environ.get('PYTEST_CURRENT_TEST', '?').split(' ')[0]
            handle.write('%s %.2f %.2f\n' % (test, time.monotonic() - started, cpu))
    return PlayRun(completed)


class ResourceRun:
    """One resource-module task run through its playbook: the play, the task's result, the writes the emulator saw."""

    def __init__(self, play_run, result, writes, requests):
        self.play = play_run
        self.result = result
        self.writes = writes
        self.requests = requests

    def __getitem__(self, key):
        return self.result[key]

    def get(self, key, default=None):
        return self.result.get(key, default)

    @property
    def diff(self):
        """The result's diff (a list, one entry per changed object) by object: {'before': {name: object}, 'after': ...};
        an object created has no before, one deleted no after."""
        by_side = {'before': {}, 'after': {}}
        for entry in self.result.get('diff') or []:
            assert entry['before_header'] == entry['after_header'] and entry['before_header'].endswith(' ' + entry['name'])
            for side, objects in by_side.items():
                if entry[side]:
                    objects[entry['name']] = entry[side]
        return by_side


def on_api(emu, legacy, manage):
    """What a run sends on the API it speaks: ``legacy``, or ``manage`` on an emulator serving /api/v1/manage only."""
    return legacy if emu.legacy_paths else manage


def by_name(objects):
    return {item['name']: item for item in objects}


def read_controller(emu, path):
    """The controller's answer to a GET of ``path`` (below LAN_FABRIC), read directly, not through a module."""
    answer = emu.login().get(emu.legacy_url(LAN_FABRIC + path), timeout=10)
    answer.raise_for_status()
    return answer.json()


def assert_idempotent(resource, module, state, config, **options):
    """A second run of ``module``, for real and in check mode: nothing to change, nothing sent.

    One run (ansible-playbook) of two tasks: the task again, then the same in check mode (task-level ``check_mode``),
    each one's writes counted on the wire. The task for real comes first, so that it reads the controller in a run
    of its own, as a user's rerun does.
    """
    assert_reruns_idempotent(resource, module, [dict(state=state, config=config, **options)])


def assert_reruns_idempotent(resource, module, reruns, then=()):
    """Several reruns (``dict(state=..., config=..., deploy=...)`` each) in one run (ansible-playbook): each for real,
    then in check mode, with nothing to change and nothing sent. The first task reads the controller in a run of its
    own, as a user's rerun does; the others follow it in that run, as the tasks of a user's playbook do.

    ``then``: steps (as for ``resource.steps``) the same run goes on with after the reruns, whose ResourceRuns are
    returned: what a test does next (a gathered, its next task) needs no run of its own, as the reruns wrote nothing.
    """
    steps = []
    for rerun in reruns:
        steps += [dict(rerun), dict(rerun, check=True)]
    runs = resource.steps(module, steps + list(then))
    assert runs[0].play.rc == 0, runs[0].play.output[-3000:]
    for number, run in enumerate(runs[:len(steps)], 1):
        assert run['changed'] is False, (number, run.requests)
        assert run.writes == 0, (number, run.requests)
    after = runs[len(steps):]
    assert runs[0].play.total('changed') == sum(1 for run in after if run['changed'])
    return after


def assert_each_refused(resource, module, cases):
    """Each case, ``(step, message)`` with ``step`` as for ``resource.steps``, is refused with ``message`` in its
    ``msg`` and nothing written: all of them as the tasks of one run (ansible-playbook), each one's writes counted on
    its own. A refusal changes nothing, so one case cannot hide another's; every case that does not hold is named.
    """
    runs = resource.steps(module, [dict(step, may_fail=True) for step, _message in cases])
    wrong = []
    for number, (run, (step, message)) in enumerate(zip(runs, cases), 1):
        if run.get('failed') is not True or run.writes or message not in (run.get('msg') or ''):
            wrong.append('case %d %r: failed=%s, writes %d, msg %r (expected %r)' % (
                number, step, run.get('failed'), run.writes, run.get('msg'), message))
    assert not wrong, '\n'.join(wrong)
    assert 'Traceback' not in runs[0].play.output
    return runs


STEP_VARIABLES = (('config', 'resource_config'), ('deploy', 'resource_deploy'), ('fabric', 'resource_fabric'),
                  ('wait_timeout', 'resource_wait_timeout'), ('json_query', 'resource_json_query'))


def _counted(before, after):
    """(writes, requests per operation) between two readings of the emulator's counters."""
    requests = {}
    for key, by_status in after['requests'].items():
        count = sum(by_status.values()) - sum(before['requests'].get(key, {}).values())
        if count:
            requests[key] = count
    return after['writes'] - before['writes'], requests


def _steps_playbook(module, steps, path):
    """The play of playbooks/resource_<module>.yml with its task once per step (``register: outcome_<n>``).

    A step may name another ``module``: its task from that module's playbook, in the same play (the plays' ``vars``
    merged). Each step's values are the task's own variables (``resource_state``...), so they must not be extra
    variables, which win over a task's; ``check`` and ``diff`` are the task's ``check_mode`` and ``diff``.
    """
    plays = {}
    tasks = []
    for number, step in enumerate(steps, 1):
        name = step.get('module') or module
        if name not in plays:
            plays[name] = yaml.safe_load((PLAYBOOKS / ('resource_%s.yml' % name)).read_text(encoding='utf-8'))[0]
        task = plays[name]['tasks'][0]
        variables = {'resource_state': step['state']}
        for option, variable in STEP_VARIABLES:
            if step.get(option) is not None:
                variables[variable] = step[option]
        task = dict(task, name='%s (step %d)' % (task['name'], number), vars=variables, register='outcome_%d' % number,
                    check_mode=bool(step.get('check')), diff=bool(step.get('diff')))
        if step.get('may_fail'):
            # a refusal the test expects: the play goes on to the next step (the step's result keeps failed: true)
            task['ignore_errors'] = True
        tasks.append(task)
    play = dict(next(iter(plays.values())), tasks=tasks)
    play_vars = {}
    for each in plays.values():
        play_vars.update(each.get('vars') or {})
    if play_vars:
        play['vars'] = play_vars
    path.write_text(json.dumps([play]), encoding='utf-8')
    return path


@pytest.fixture
def resource(play, emu, tmp_path):
    """resource('vrfs', state, config=None, check=False, diff=False, deploy=None, fabric=None) -> ResourceRun.

    ``writes`` is the number of writes the emulator counted during this run only; ``requests``
    what it counted per operation.

    ``resource.steps('vrfs', [dict(state=..., config=..., check=True, ...), ...], verbosity=0, emulator=None)``
    -> [ResourceRun]: the steps as the tasks of one play (one ansible-playbook run), each one's ``writes`` and
    ``requests`` those of its own task (read by the harness's callback before and after it), ``play`` the run they
    share. A step may name its own ``module``; ``may_fail=True`` lets the play go on after that step fails (its result
    keeps ``failed: true``); ``emulator`` is another emulator than ``emu`` to run against. Steps
    after the first run in the same run as the first: a test that a fresh run needs nothing from the last one (a
    rerun) starts a run of its own.
    """

    def steps(module, given, verbosity=0, emulator=None):
        emulator = emulator or emu
        results_file = tmp_path / 'results.json'
        if results_file.exists():
            results_file.unlink()
        extra = {'results_file': str(results_file), 'counters_url': emulator.url('/_emulator/counters'),
                 'counters_ca': emulator.ca_path}
        playbook = _steps_playbook(module, given, tmp_path / 'steps.json')
        play_run = play(str(playbook), extra_vars=extra, verbosity=verbosity,
                        env={'DASHBOARD_HOST': emulator.base_url, 'DASHBOARD_CA_PATH': emulator.ca_path})
        recorded = json.loads(results_file.read_text(encoding='utf-8')) if results_file.exists() else {}
        runs = []
        for number in range(1, len(given) + 1):
            step = recorded.get('outcome_%d' % number)
            if step is None:  # not run: the play failed before it
                runs.append(ResourceRun(play_run, {}, 0, {}))
                continue
            writes, requests = _counted(step['before'], step['after'])
            runs.append(ResourceRun(play_run, step['result'], writes, requests))
        return runs

    def run(module, state, config=None, check=False, diff=False, deploy=None, fabric=None, wait_timeout=None, verbosity=0,
            json_query=None):
        result_file = tmp_path / 'result.json'
        if result_file.exists():
            result_file.unlink()
        extra = {'resource_state': state, 'result_file': str(result_file)}
        for name, value in (('resource_config', config), ('resource_deploy', deploy), ('resource_fabric', fabric),
                            ('resource_wait_timeout', wait_timeout), ('resource_json_query', json_query)):
            if value is not None:
                extra[name] = value
        before = emu.counters()
        play_run = play('resource_%s.yml' % module, check=check, diff=diff, extra_vars=extra, verbosity=verbosity)
        after = emu.counters()
        result = json.loads(result_file.read_text(encoding='utf-8')) if result_file.exists() else {}
        writes, requests = _counted(before, after)
        return ResourceRun(play_run, result, writes, requests)

    run.steps = steps
    return run


def _run_keepers():
    """Pids of the session keepers started from this checkout (their PYTHONPATH is its build/collections)."""
    root = ('PYTHONPATH=%s' % (REPO / 'build' / 'collections')).encode()
    # Under pytest-xdist, not the keepers of another worker's runs (they inherit its PYTEST_XDIST_WORKER).
    worker = os.environ.get('PYTEST_XDIST_WORKER')
    mine = ('PYTEST_XDIST_WORKER=%s' % worker).encode() if worker else None
    found = []
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            with open('/proc/%s/cmdline' % name, 'rb') as handle:
                if b'plugin_utils._keeper' not in handle.read():
                    continue
            with open('/proc/%s/environ' % name, 'rb') as handle:
                variables = handle.read().split(b'\0')
                other_worker = mine is not None and mine not in variables and any(
                    variable.startswith(b'PYTEST_XDIST_WORKER=') for variable in variables)
                if root in variables and not other_worker:
                    found.append(int(name))
        except OSError:
            continue
    return found


@pytest.fixture(autouse=True)
def run_sessions_ended():
    """After each test, wait (5 s at most) for the keepers of its runs to stop.

    A keeper ends the session its run opened for itself a moment after ansible-playbook exits
    (issue 15); that logout must land in its own test, not in the next one, which resets the
    emulator and counts from zero.
    """
    before = set(_run_keepers())
    yield
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and set(_run_keepers()) - before:
        time.sleep(0.1)
