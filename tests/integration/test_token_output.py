"""What holds the token and how to keep it out of output (issue 17, item 7): the guide's words, checked on a job.

The README and the sessions guide name what holds the token (registered results, the in-memory
fact) and say that no_log keeps it out of output. Here the guide's own example runs as an AWX job
(ansible-runner, -vvvv): as written, no job event holds the token; without its no_log, one does.
"""

import json
import os
import pathlib
import re
import sys

import ansible_runner
import yaml

from conftest import JWT, REPO

SESSIONS_GUIDE = REPO / 'docs' / 'docsite' / 'rst' / 'sessions.rst'
SECTION = 'What holds the token, and how to keep it out of output'


def guide_example():
    """The tasks of the YAML example in the guide's section, parsed."""
    text = SESSIONS_GUIDE.read_text(encoding='utf-8')
    section = text.split(SECTION, 1)[1]
    block = section.split('.. code-block:: yaml', 1)[1]
    lines = []
    for line in block.splitlines()[1:]:
        if line and not line.startswith(' '):
            break
        lines.append(line[4:])
    return yaml.safe_load('\n'.join(lines))


def run_job(tmp_path, dashboard_env, tasks):
    play = [{'name': 'The guide example', 'hosts': 'localhost', 'gather_facts': False,
             'tasks': [{'name': 'Log in', 'fabricops.dashboard.dashboard_login': None}] + tasks}]
    (tmp_path / 'runner').mkdir(parents=True)
    playbook = tmp_path / 'guide.yml'
    playbook.write_text(yaml.safe_dump(play), encoding='utf-8')
    envvars = {name: value for name, value in dashboard_env.items() if name.startswith(('DASHBOARD_', 'ANSIBLE_'))}
    envvars.update({'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': 'Admin-Passw0rd!',
                    'PATH': os.pathsep.join([str(pathlib.Path(sys.executable).parent), os.environ.get('PATH', '')])})
    runner = ansible_runner.run(private_data_dir=str(tmp_path / 'runner'), playbook=str(playbook), envvars=envvars,
                                inventory='localhost ansible_connection=local ansible_python_interpreter=%s' % sys.executable,
                                verbosity=4, quiet=True, timeout=300)
    stdout = runner.stdout.read()
    assert runner.status == 'successful', stdout[-3000:]
    return [stdout] + [json.dumps(event) for event in runner.events]


def test_the_readme_and_the_guide_say_what_holds_the_token():
    readme = (REPO / 'README.md').read_text(encoding='utf-8')
    guide = SESSIONS_GUIDE.read_text(encoding='utf-8')
    for text in (readme, guide):
        for holder in ('registered result', 'dashboard_refresh', 'dashboard_session', 'no_log: true'):
            assert holder in text
    assert SECTION in guide and SECTION in readme


def test_the_guides_example_keeps_the_token_out_of_every_job_event(dashboard_env, emu, tmp_path):
    tasks = guide_example()
    assert any(task.get('no_log') for task in tasks)
    records = run_job(tmp_path / 'as-written', dashboard_env, tasks)
    assert not any(JWT.search(record) for record in records), 'a session token appears in the job'
    assert any(re.search(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ', record) for record in records), 'the expiry is shown'
    # The same example without its no_log: the copy of the result shows the token (what the guide warns of).
    for task in tasks:
        task.pop('no_log', None)
    unguarded = run_job(tmp_path / 'without-no-log', dashboard_env, tasks)
    assert any(JWT.search(record) for record in unguarded)
