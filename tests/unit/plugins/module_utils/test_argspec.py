"""The connection options: environment fallbacks as a credential injector sets them."""

from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_rest import ARGUMENT_SPEC


def test_environment_fills_options_and_empty_variables_count_as_unset(monkeypatch):
    monkeypatch.setenv('DASHBOARD_HOST', 'https://dashboard.example.com')
    monkeypatch.setenv('DASHBOARD_TIMEOUT', '')
    monkeypatch.setenv('DASHBOARD_VALIDATE_CERTS', 'false')
    monkeypatch.setenv('DASHBOARD_PASSWORD', 'from-the-environment')
    result = ArgumentSpecValidator(ARGUMENT_SPEC).validate({'path': '/x'})
    assert not result.error_messages
    assert result.validated_parameters['host'] == 'https://dashboard.example.com'
    assert result.validated_parameters['timeout'] == 30
    assert result.validated_parameters['validate_certs'] is False
    assert 'from-the-environment' in result._no_log_values  # pylint: disable=protected-access


def test_task_options_win_over_the_environment(monkeypatch):
    monkeypatch.setenv('DASHBOARD_HOST', 'https://from-env.example.com')
    result = ArgumentSpecValidator(ARGUMENT_SPEC).validate({'path': '/x', 'host': 'https://from-task.example.com'})
    assert result.validated_parameters['host'] == 'https://from-task.example.com'
