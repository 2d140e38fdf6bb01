"""The supported ansible-core range (meta/runtime.yml), proven at both ends, as a new user runs it.

`make range` builds the collection's tarball with `ansible-galaxy collection build`, and for each
`#range` line of requirements-dev.txt makes a virtualenv with that ansible-core on that Python,
only requirements.txt (the collection's runtime libraries) besides, and installs the tarball into
it with `ansible-galaxy collection install`. Here each of them runs a play against the emulator
with INJECT_FACTS_AS_VARS off, and must print no warning and no deprecation at all.
"""

import os
import pathlib
import re
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent.parent
RANGE_ROOT = pathlib.Path(os.environ.get('RANGE_ROOT', REPO / 'build' / 'range'))
# The fabric controller's collection path of the current emulator: the one place to change when it moves.
FABRICS_PATH = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'
# What the emulator counts a fabric create as: the create goes to FABRICS_PATH/{fabricName}/{templateName}.
CREATE_COUNTER = 'POST %s/{fabricName}/{templateName}' % FABRICS_PATH
ADMIN_PASSWORD = 'Admin-Passw0rd!'
JWT = re.compile(r'eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+')
HOSTS = 2


def range_ends():
    """(name, ansible-core version, python) of each #range line of requirements-dev.txt.

    RANGE_ENDS='name ansible-core==X.Y.Z pythonX.Y,...' tries other versions, with virtualenvs
    made under RANGE_ROOT/<name> the way `make range` makes them.
    """
    lines = ['#range ' + end for end in os.environ['RANGE_ENDS'].split(',')] if os.environ.get('RANGE_ENDS') else \
        (REPO / 'requirements-dev.txt').read_text(encoding='utf-8').splitlines()
    ends = []
    for line in lines:
        if line.startswith('#range '):
            name, core, python = line.split()[1:]
            ends.append(pytest.param(name, core.split('==')[1], python, id=name))
    return ends


def ansible(end, tool, *args, env=None, cwd=None, timeout=300):
    command = [str(RANGE_ROOT / end / 'venv' / 'bin' / tool)] + list(args)
    return subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture
def user_env(emu, tmp_path):
    """A user's environment: the installed collection only, no ansible.cfg of this repository."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(('ANSIBLE_', 'DASHBOARD_', 'VIRTUAL_ENV'))}
    env.update({
        'HOME': str(tmp_path),
        'ANSIBLE_COLLECTIONS_PATH': '',  # set per end below
        'ANSIBLE_INJECT_FACT_VARS': 'False',
        'ANSIBLE_NOCOLOR': '1',
        'DASHBOARD_HOST': emu.base_url,
        'DASHBOARD_CA_PATH': emu.ca_path,
        'DASHBOARD_USERNAME': 'admin',
        'DASHBOARD_PASSWORD': ADMIN_PASSWORD,
    })
    return env


@pytest.mark.parametrize('end, core_version, python', range_ends())
def test_the_installed_collection_runs_without_warnings(end, core_version, python, emu, user_env, tmp_path):
    venv = RANGE_ROOT / end / 'venv'
    assert venv.is_dir(), 'no virtualenv for %s: run `make range`' % end
    env = dict(user_env, ANSIBLE_COLLECTIONS_PATH=str(RANGE_ROOT / end / 'collections'))

    version = ansible(end, 'ansible-playbook', '--version', env=env, cwd=tmp_path)
    assert version.returncode == 0, version.stderr
    assert re.search(r'\[core %s\]' % re.escape(core_version), version.stdout), version.stdout
    assert 'python version = %s' % python.replace('python', '') in version.stdout
    listed = ansible(end, 'ansible-galaxy', 'collection', 'list', 'fabricops.dashboard', env=env, cwd=tmp_path)
    assert str(RANGE_ROOT / end / 'collections') in listed.stdout, listed.stdout + listed.stderr

    inventory = tmp_path / 'inventory.ini'
    inventory.write_text('[targets]\n%s\n\n[targets:vars]\nansible_connection=local\nansible_python_interpreter=%s\n' % (
        '\n'.join('host%02d' % number for number in range(1, HOSTS + 1)), venv / 'bin' / 'python'), encoding='utf-8')
    run = ansible(end, 'ansible-playbook', str(REPO / 'tests' / 'range' / 'range.yml'), '-i', str(inventory),
                  '-e', 'fabrics_path=%s' % FABRICS_PATH,
                  '-e', 'range_fabric=range-%s' % end,
                  env=env, cwd=tmp_path)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-4000:]
    assert 'failed=0' in run.stdout and 'unreachable=0' in run.stdout
    # Nothing at all: neither "does not support Ansible version" nor a deprecation of the injected facts.
    assert 'WARNING' not in output, output
    assert 'DEPRECAT' not in output.upper(), output
    assert not JWT.search(output) and ADMIN_PASSWORD not in output

    counters = emu.counters()
    assert (counters['logins'], counters['refreshes'], counters['logouts']) == (1, 1, 1), counters
    assert counters['live_sessions'] == 0
    assert counters['requests'][CREATE_COUNTER] == {'200': 1}, 'one create, then nothing to do'


@pytest.mark.parametrize('end, core_version, python', range_ends())
def test_ansible_doc_shows_requirements_and_see_also(end, core_version, python, tmp_path):
    env = {name: value for name, value in os.environ.items() if not name.startswith('ANSIBLE_')}
    env.update({'HOME': str(tmp_path), 'ANSIBLE_COLLECTIONS_PATH': str(RANGE_ROOT / end / 'collections'), 'ANSIBLE_NOCOLOR': '1'})
    doc = ansible(end, 'ansible-doc', 'fabricops.dashboard.dashboard_rest', env=env, cwd=tmp_path)
    assert doc.returncode == 0, doc.stderr
    assert 'REQUIREMENTS' in doc.stdout and 'PyJWT' in doc.stdout and 'requests' in doc.stdout
    assert 'SEE ALSO' in doc.stdout and 'fabricops.dashboard.dashboard_login' in doc.stdout
    assert not doc.stderr.strip(), doc.stderr


@pytest.mark.parametrize('end, core_version, python', range_ends())
def test_the_warning_of_a_hidden_result_is_shown(end, core_version, python, emu, user_env, tmp_path):
    """ansible-core 2.16 to 2.18 drop the warnings of a censored result; a login's must show on every version."""
    env = dict(user_env, ANSIBLE_COLLECTIONS_PATH=str(RANGE_ROOT / end / 'collections'))
    inventory = tmp_path / 'inventory.ini'
    inventory.write_text('[targets]\nhost01 ansible_connection=local ansible_python_interpreter=%s\n' % (
        RANGE_ROOT / end / 'venv' / 'bin' / 'python'), encoding='utf-8')
    run = ansible(end, 'ansible-playbook', str(REPO / 'tests' / 'integration' / 'playbooks' / 'login_insecure.yml'),
                  '-i', str(inventory), env=env, cwd=tmp_path)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-4000:]
    assert output.count('[WARNING]: Certificate validation is off for %s' % emu.base_url) == 1, output
    assert not JWT.search(output) and ADMIN_PASSWORD not in output
