"""Bad input and refusals in playbooks: a clear message, no traceback, no secret, at -vvvv."""

import pytest

ADMIN_PASSWORD = 'Admin-Passw0rd!'
WRONG_PASSWORD = 'Wr0ng-Secret-Passw0rd'


@pytest.mark.parametrize('extra_vars, expected', [
    ({'login_user': 'admin', 'login_password': WRONG_PASSWORD},
     'refused the login of admin in login domain DefaultAuth (HTTP 401: Invalid Username/Password, or Account is locked)'),
    ({'login_user': 'expired', 'login_password': 'Expired-Passw0rd!'},
     'Password has expired. Please update your password.'),
    ({'login_user': 'admin', 'login_password': WRONG_PASSWORD, 'login_domain': 'NoSuchDomain'},
     'check the domain option'),
    ({'login_user': 'admin', 'login_password': WRONG_PASSWORD, 'login_host': 'http://127.0.0.1:1'},
     'the dashboard is served over HTTPS only. Use https://127.0.0.1:1 instead.'),
    ({'login_user': 'admin'},
     'Logging in to'),
    ({'login_user': 'admin', 'login_password': WRONG_PASSWORD, 'login_timeout': 'soon'},
     "Invalid options for fabricops.dashboard.dashboard_login: The timeout option is 'soon': give a whole number of seconds"),
])
def test_login_failures_are_explained(play, emu, extra_vars, expected):
    run = play('errors.yml', verbosity=4, extra_vars=dict(extra_vars, step='login'))
    assert run.rc == 2
    assert expected in run.output
    run.assert_no_secrets(WRONG_PASSWORD, ADMIN_PASSWORD, 'Expired-Passw0rd!')
    assert emu.counters()['logins'] == 0


@pytest.mark.parametrize('extra_vars, expected', [
    ({'rest_path': '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/nowhere'},
     'answered HTTP 404 while GET /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/nowhere: Not Found'),
    ({'rest_method': 'POST', 'rest_path': '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a/Easy_Fabric',
      'rest_body': '{"BGP_AS": "1"}'}, 'answered HTTP 500'),
    ({'rest_method': 'POST', 'rest_body': 'name: [unclosed'}, 'body is neither JSON nor YAML'),
    ({'rest_method': 'PUT', 'rest_key': 'name', 'rest_body': '{"name": "x"}'}, 'key applies to method POST only'),
])
def test_request_failures_are_explained(play, emu, extra_vars, expected):
    run = play('errors.yml', verbosity=4, extra_vars=dict(extra_vars, step='rest'))
    assert run.rc == 2
    assert expected in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)
