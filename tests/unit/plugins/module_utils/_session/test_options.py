"""The connection options: environment fallbacks as a credential injector sets them."""

import pytest
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import checked_timeout, loose_value_problems, timeout_problem
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_rest import ARGUMENT_SPEC


def test_environment_fills_options_and_empty_variables_count_as_unset(monkeypatch):
    monkeypatch.setenv('DASHBOARD_HOST', 'https://dashboard.example.com')
    monkeypatch.setenv('DASHBOARD_TIMEOUT', '')
    monkeypatch.setenv('DASHBOARD_VALIDATE_CERTS', 'false')
    monkeypatch.setenv('DASHBOARD_PASSWORD', 'from-the-environment')
    result = ArgumentSpecValidator(ARGUMENT_SPEC).validate({'path': '/x'})
    assert not result.error_messages
    assert result.validated_parameters['host'] == 'https://dashboard.example.com'
    assert result.validated_parameters['timeout'] is None  # unset: the reused session's, then 30 s
    assert DashboardSession.from_options(result.validated_parameters).timeout == 30
    assert result.validated_parameters['validate_certs'] is False
    assert 'from-the-environment' in result._no_log_values  # pylint: disable=protected-access


def test_task_options_win_over_the_environment(monkeypatch):
    monkeypatch.setenv('DASHBOARD_HOST', 'https://from-env.example.com')
    result = ArgumentSpecValidator(ARGUMENT_SPEC).validate({'path': '/x', 'host': 'https://from-task.example.com'})
    assert result.validated_parameters['host'] == 'https://from-task.example.com'


def test_a_reused_session_brings_its_tls_settings_and_timeout():
    fact = {'host': 'https://dashboard.example.com', 'username': 'admin', 'token': 'not-a-jwt', 'validate_certs': False,
            'ca_path': '/etc/pki/dashboard-ca.pem', 'timeout': 90}
    params = ArgumentSpecValidator(ARGUMENT_SPEC).validate({'path': '/x'}).validated_parameters
    session = DashboardSession.from_options(params, session_fact=fact)
    assert (session.validate_certs, session.ca_path, session.timeout) == (False, '/etc/pki/dashboard-ca.pem', 90)
    overridden = DashboardSession.from_options(dict(params, timeout=5, validate_certs=True), session_fact=fact)
    assert (overridden.validate_certs, overridden.timeout) == (True, 5)


def test_one_timeout_rule_for_tasks_and_the_session_class():
    assert 'whole number of seconds' in timeout_problem({'timeout': 2.5}, {})
    with pytest.raises(ConfigurationError):
        checked_timeout(2.5)
    assert checked_timeout(7.0) == 7 and timeout_problem({'timeout': 7.0}, {}) is None


def test_loose_values_are_named_where_they_are_given_and_never_shown():
    """Issue 36 item 14: what Ansible's checks would turn into text or a number without a word."""
    spec = {'secret': {'type': 'str', 'no_log': True, 'aliases': ['pw']}, 'count': {'type': 'int'}, 'ratio': {'type': 'float'},
            'config': {'type': 'list', 'elements': 'dict', 'options': {
                'name': {}, 'ports': {'type': 'list', 'elements': 'str'},
                'attach': {'type': 'list', 'elements': 'dict', 'options': {'switch': {'type': 'str'}}}}},
            'body': {'type': 'raw'}, 'flag': {'type': 'bool'}}
    problems = loose_value_problems(spec, {
        'pw': ['hidden-value'], 'count': True, 'ratio': False, 'body': [1], 'flag': True,
        'config': [{'name': 'ok', 'ports': ['e1', {'x': 1}]}, {'name': {'a': 1}, 'attach': [{'switch': 'fine'}, {'switch': ['s']}]}]})
    assert problems == [
        'pw is a list; give a string (it is not turned into one)',
        'count is a boolean; give a whole number (it is not turned into one)',
        'ratio is a boolean; give a number (it is not turned into one)',
        'config[0].ports[1] is a dict; give a string (it is not turned into one)',
        'config[1].name is a dict; give a string (it is not turned into one)',
        'config[1].attach[1].switch is a list; give a string (it is not turned into one)',
    ]
    assert 'hidden-value' not in ' '.join(problems)
    assert loose_value_problems(spec, {'count': '5', 'secret': 65001, 'config': [{'name': 7}]}) == []
