"""A playbook run through ansible-runner's Python API, as AWX / Automation Controller runs a job.

The credentials reach the play only as environment variables, the way the custom credential type
in docs/awx/credential_type.yml injects them; the run is made at -vvvv and every job event (the
records AWX stores and shows) is checked for the token, the password and cookies.
"""

import json
import os
import pathlib
import re
import sys

import ansible_runner
import pytest
import yaml
from jinja2 import StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

HERE = pathlib.Path(__file__).parent
PLAYBOOKS = HERE / 'playbooks'
CREDENTIAL_TYPE = HERE.parent.parent / 'docs' / 'awx' / 'credential_type.yml'
# As in conftest.py: a JWT is three base64url parts, the first two JSON objects ('{"' is 'eyJ').
JWT = re.compile(r'eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+')
ADMIN_USERNAME = 'admin'
ADMIN_PASSWORD = 'Admin-Passw0rd!'
HOSTS = 3


def write_inventory(directory):
    """Local connection, this interpreter: the dashboard is reached from the controller anyway."""
    lines = ['[targets]'] + ['host%02d' % number for number in range(1, HOSTS + 1)]
    lines += ['', '[targets:vars]', 'ansible_connection=local', 'ansible_python_interpreter=%s' % sys.executable]
    path = directory / 'hosts.ini'
    path.write_text('\n'.join(lines) + '\n', encoding='utf-8')
    return path


def inject_credential(inputs, directory):
    """The environment AWX injects for a credential of docs/awx/credential_type.yml.

    As AWX's CredentialType.inject_credential does it: empty strings are left out of the template
    namespace, booleans missing from the credential are false, each file template is written to a
    0600 file whose path the env templates read as tower.filename.<name>.
    """
    credential_type = yaml.safe_load(CREDENTIAL_TYPE.read_text(encoding='utf-8'))
    namespace = {name: value for name, value in inputs.items() if isinstance(value, bool) or len(value)}
    for field in credential_type['inputs']['fields']:
        if field.get('type') == 'boolean' and field['id'] not in inputs:
            namespace[field['id']] = False
    sandbox = ImmutableSandboxedEnvironment()
    filenames = type('Filenames', (), {})()
    for label, template in credential_type['injectors'].get('file', {}).items():
        path = directory / ('credential-' + label.split('.')[1])
        path.write_text(sandbox.from_string(template).render(**namespace), encoding='utf-8')
        path.chmod(0o600)
        setattr(filenames, label.split('.')[1], str(path))
    namespace['tower'] = type('Tower', (), {'filename': filenames})()
    return {name: sandbox.from_string(template).render(**namespace)
            for name, template in credential_type['injectors']['env'].items()}


def run_job(tmp_path, dashboard_env, playbook, fact_storage=False, credential_env=None):
    """Run ``playbook`` the way AWX does: a private data directory, an inventory, injected env.

    AWX turns ansible-runner's fact cache (a jsonfile cache in the job's artifacts) on only for a
    job template with "Enable Fact Storage"; ansible-runner's own default is on.
    """
    private_data_dir = tmp_path / 'runner'
    (private_data_dir / 'project').mkdir(parents=True)
    envvars = {name: value for name, value in dashboard_env.items()
               if name.startswith(('DASHBOARD_', 'ANSIBLE_'))}
    envvars.update({
        'DASHBOARD_USERNAME': ADMIN_USERNAME,
        'DASHBOARD_PASSWORD': ADMIN_PASSWORD,
        # ansible-runner starts ansible-playbook by name: the one of this virtualenv.
        'PATH': os.pathsep.join([str(pathlib.Path(sys.executable).parent), os.environ.get('PATH', '')]),
    })
    if credential_env is not None:
        envvars = {name: value for name, value in envvars.items() if not name.startswith('DASHBOARD_')}
        envvars.update(credential_env)
    return ansible_runner.run(
        private_data_dir=str(private_data_dir),
        playbook=str(PLAYBOOKS / playbook),
        inventory=str(write_inventory(tmp_path)),
        envvars=envvars,
        verbosity=4,
        quiet=True,
        timeout=300,
        fact_cache_type='jsonfile' if fact_storage else '',
    )


def test_one_session_per_job_and_no_secret_in_job_events(dashboard_env, emu, tmp_path):
    runner = run_job(tmp_path, dashboard_env, 'runner.yml')
    events = list(runner.events)
    stdout = runner.stdout.read()

    assert runner.status == 'successful', stdout[-3000:]
    assert runner.rc == 0

    counters = emu.counters()
    assert counters['logins'] == 1, 'one login for the whole job, whatever the host count'
    assert counters['login_failures'] == 0
    assert counters['refreshes'] == 1
    assert counters['logouts'] == 1
    assert counters['live_sessions'] == 0
    assert counters['requests']['GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'] == {'200': HOSTS}

    listed = [event['event_data']['host'] for event in events if event['event'] == 'runner_on_ok'
              and event['event_data'].get('task') == 'List the fabrics on every host with the session fact']
    assert sorted(listed) == ['host%02d' % number for number in range(1, HOSTS + 1)]

    # What AWX stores and shows: every job event (with event_data.res) and the job's stdout.
    records = [('stdout', stdout)] + [('event %s (%s)' % (event.get('counter'), event['event']), json.dumps(event))
                                      for event in events]
    for where, text in records:
        assert not JWT.search(text), 'a session token appears in %s' % where
        assert ADMIN_PASSWORD not in text, 'the password appears in %s' % where
        assert 'AuthCookie=' not in text, 'a cookie appears in %s' % where
        assert 'Traceback' not in text, 'a traceback appears in %s' % where

    for task in ('Log in with the credentials of the environment', 'Extend the session'):
        outcomes = [event for event in events if event.get('event_data', {}).get('task') == task
                    and event['event'].startswith('runner_on_') and event['event'] != 'runner_on_start']
        assert [(event['event'], event['event_data']['host']) for event in outcomes] == [('runner_on_ok', 'host01')], \
            '%s runs once and succeeds' % task
        res = outcomes[0]['event_data']['res']
        assert 'censored' in res, 'the displayed result of %s must be hidden' % task
        # ansible-runner keeps nothing but "censored" (AWX reads a missing "changed" as false).
        assert not res.get('changed', False)
        assert 'session' not in res and 'ansible_facts' not in res
        assert '"changed": false' in outcomes[0]['stdout']
        assert 'fact cache' not in outcomes[0]['stdout'], 'no fact cache warning without fact storage'

    stats = [event['event_data'] for event in events if event['event'] == 'playbook_on_stats']
    assert len(stats) == 1
    assert stats[0]['changed'] == {'host01': 1}, 'only the logout changes something'
    assert not stats[0]['failures'] and not stats[0]['dark']


@pytest.mark.parametrize('playbook', ['runner.yml', 'runner_fails.yml'])
def test_fact_storage_keeps_no_token_even_when_the_job_fails_before_logout(dashboard_env, emu, tmp_path, playbook):
    runner = run_job(tmp_path, dashboard_env, playbook, fact_storage=True)
    events = list(runner.events)
    expected = 'failed' if playbook == 'runner_fails.yml' else 'successful'
    assert runner.status == expected, runner.stdout.read()[-3000:]
    counters = emu.counters()
    assert counters['logins'] == 1
    assert counters['live_sessions'] == (1 if expected == 'failed' else 0)
    for event in events:
        text = json.dumps(event)
        assert not JWT.search(text) and ADMIN_PASSWORD not in text and 'AuthCookie=' not in text
    fact_cache = pathlib.Path(runner.config.fact_cache)
    cached = [path.read_text(encoding='utf-8') for path in fact_cache.iterdir()]
    assert len(cached) == HOSTS, 'the session fact reached every host'
    for text in cached:
        assert 'dashboard_session' in text
        if expected == 'failed':
            # No logout emptied the fact: it holds a reference to the ended run's token cache, not the token.
            assert 'fabricops.dashboard:run-private-session:' in text
    # Every file ansible-runner left: events, stdout, fact cache, command, env/.
    private_data_dir = tmp_path / 'runner'
    holding = [str(path) for path in private_data_dir.rglob('*')
               if path.is_file() and JWT.search(path.read_text(encoding='utf-8', errors='replace'))]
    assert holding == [], 'a session token was left in the artifacts'


def test_the_credential_type_passes_awx_validation():
    """AWX renders every injector with each field set and undefined names fatal before it accepts a type."""
    credential_type = yaml.safe_load(CREDENTIAL_TYPE.read_text(encoding='utf-8'))
    assert set(credential_type) == {'inputs', 'injectors'}
    fields = {field['id'] for field in credential_type['inputs']['fields']}
    assert set(credential_type['inputs']['required']) <= fields
    filenames = type('Filenames', (), {'ca': 'EXAMPLE_FILENAME'})()
    namespace = dict.fromkeys(fields, 'EXAMPLE')
    namespace['tower'] = type('Tower', (), {'filename': filenames})()
    sandbox = ImmutableSandboxedEnvironment(undefined=StrictUndefined)
    for injector in credential_type['injectors'].values():
        for template in injector.values():
            sandbox.from_string(template).render(**namespace)


def test_the_credential_type_injects_what_the_modules_read(dashboard_env, emu, tmp_path):
    credential = {'host': emu.base_url, 'username': ADMIN_USERNAME, 'password': ADMIN_PASSWORD, 'domain': 'DefaultAuth',
                  'ca_cert': pathlib.Path(emu.ca_path).read_text(encoding='utf-8')}
    injected = inject_credential(credential, tmp_path)
    assert sorted(injected) == ['DASHBOARD_API_KEY', 'DASHBOARD_CA_PATH', 'DASHBOARD_DOMAIN', 'DASHBOARD_HOST', 'DASHBOARD_PASSWORD',
                                'DASHBOARD_USERNAME', 'DASHBOARD_VALIDATE_CERTS']
    assert injected['DASHBOARD_API_KEY'] == '', 'no key in the credential: injected empty, which the modules take as unset'
    assert injected['DASHBOARD_VALIDATE_CERTS'] == 'true'  # the field left out, as the API and CLI allow
    assert pathlib.Path(injected['DASHBOARD_CA_PATH']).read_text(encoding='utf-8') == credential['ca_cert']

    runner = run_job(tmp_path, dashboard_env, 'runner.yml', credential_env=injected)
    stdout = runner.stdout.read()
    assert runner.status == 'successful', stdout[-3000:]
    assert 'Certificate validation is off' not in stdout
    counters = emu.counters()
    assert (counters['logins'], counters['refreshes'], counters['logouts']) == (1, 1, 1)

    # Without a CA the path is empty (the system's CAs), never an empty file that fails every connection.
    without_ca = inject_credential(dict(credential, ca_cert=''), tmp_path)
    assert without_ca['DASHBOARD_CA_PATH'] == ''
