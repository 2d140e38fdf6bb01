"""An AWX job, as AWX launches it, at each end of the supported range (see test_supported_range.py).

ansible-runner runs the play in a private data directory with the environment the credential type
of docs/awx injects (rendered as AWX renders it), extra vars, and the fact cache AWX turns on with
"Enable Fact Storage" (jsonfile in the job's artifacts). ansible-runner comes from the development
virtualenv and starts the ansible-playbook of the range's virtualenv, as an execution environment
would: its callback plugin is loaded by path into that ansible-core.

What must hold: the job's status; no password and no token in the job events, stdout or the fact
cache; no token anywhere in the private data directory, even for a job that fails before its
logout; the password only where ansible-runner itself writes the environment (the AWX guide says where).
"""

import json
import os
import pathlib
import sys

import ansible_runner
import pytest

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
# The credential injection and the inventory are those of the ansible-runner tests of the development virtualenv.
sys.path.insert(0, str(REPO / 'tests' / 'integration'))
from test_ansible_runner import ADMIN_PASSWORD, ADMIN_USERNAME, JWT, inject_credential  # noqa: E402 pylint: disable=wrong-import-position
from test_supported_range import CREATE_COUNTER, FABRICS_PATH, RANGE_ROOT, range_ends  # noqa: E402 pylint: disable=wrong-import-position

HOSTS = 2


def files_holding(directory, needle=None, pattern=None):
    found = []
    for path in sorted(pathlib.Path(directory).rglob('*')):
        if path.is_file():
            text = path.read_text(encoding='utf-8', errors='replace')
            if (needle and needle in text) or (pattern and pattern.search(text)):
                found.append(str(path.relative_to(directory)))
    return found


@pytest.mark.parametrize('fail_before_logout', [False, True], ids=['completes', 'fails-before-logout'])
@pytest.mark.parametrize('end, core_version, python', range_ends())
def test_awx_job(end, core_version, python, fail_before_logout, emu, tmp_path):
    venv = RANGE_ROOT / end / 'venv'
    assert venv.is_dir(), 'no virtualenv for %s: run `make range`' % end
    credential = {'host': emu.base_url, 'username': ADMIN_USERNAME, 'password': ADMIN_PASSWORD, 'domain': 'DefaultAuth',
                  'ca_cert': pathlib.Path(emu.ca_path).read_text(encoding='utf-8')}
    credential_dir = tmp_path / 'credential'
    credential_dir.mkdir()
    envvars = inject_credential(credential, credential_dir)
    envvars.update({
        'PATH': os.pathsep.join([str(venv / 'bin'), os.environ.get('PATH', '')]),
        'HOME': str(tmp_path),
        'ANSIBLE_COLLECTIONS_PATH': str(RANGE_ROOT / end / 'collections'),
        'ANSIBLE_INJECT_FACT_VARS': 'False',
    })
    private_data_dir = tmp_path / 'job'
    (private_data_dir / 'project').mkdir(parents=True)
    (private_data_dir / 'project' / 'job.yml').write_text((HERE / 'awx_job.yml').read_text(encoding='utf-8'), encoding='utf-8')
    inventory = tmp_path / 'hosts.ini'
    inventory.write_text('[targets]\n%s\n\n[targets:vars]\nansible_connection=local\nansible_python_interpreter=%s\n' % (
        '\n'.join('host%02d' % number for number in range(1, HOSTS + 1)), venv / 'bin' / 'python'), encoding='utf-8')
    env = {name: value for name, value in os.environ.items() if not name.startswith(('ANSIBLE_', 'DASHBOARD_'))}
    previous = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        runner = ansible_runner.run(
            private_data_dir=str(private_data_dir), playbook='job.yml', inventory=str(inventory), envvars=envvars,
            extravars={'fabrics_path': FABRICS_PATH, 'fail_before_logout': fail_before_logout,
                       'job_fabric': 'awx-%s' % end},
            fact_cache_type='jsonfile', verbosity=4, quiet=True, timeout=300)
    finally:
        os.environ.clear()
        os.environ.update(previous)
    stdout = runner.stdout.read()
    events = list(runner.events)

    assert runner.status == ('failed' if fail_before_logout else 'successful'), stdout[-4000:]
    assert 'ansible-playbook [core %s]' % core_version in stdout, 'the job ran another ansible-core'
    counters = emu.counters()
    assert (counters['logins'], counters['refreshes'], counters['logouts']) == (1, 1, 0 if fail_before_logout else 1)
    assert counters['requests'][CREATE_COUNTER] == {'200': 1}
    if fail_before_logout:
        assert counters['live_sessions'] == 1, 'the session was left open on the dashboard'
        assert 'the job breaks here on purpose' in stdout

    records = [('stdout', stdout)] + [('event %s' % event['event'], json.dumps(event)) for event in events]
    for where, text in records:
        assert not JWT.search(text), 'a token appears in %s' % where
        assert ADMIN_PASSWORD not in text, 'the password appears in %s' % where
    fact_cache = pathlib.Path(runner.config.fact_cache)
    assert len(list(fact_cache.iterdir())) == HOSTS, 'the session fact was stored for every host'
    assert files_holding(fact_cache, needle=ADMIN_PASSWORD) == []
    # The whole private data directory: artifacts (events, stdout, fact cache, command) and env/.
    assert files_holding(private_data_dir, pattern=JWT) == [], 'a token was written in the private data directory'
    # ansible-runner itself writes the job's environment twice (docs/docsite/rst/awx.rst says so):
    # env/envvars from its envvars argument, and the command record of the artifacts, with every variable.
    assert files_holding(private_data_dir, needle=ADMIN_PASSWORD) == ['artifacts/%s/command' % runner.config.ident, 'env/envvars']
    assert oct((private_data_dir / 'artifacts' / runner.config.ident).stat().st_mode & 0o777) == '0o700'
    assert oct((private_data_dir / 'env').stat().st_mode & 0o777) == '0o700'
