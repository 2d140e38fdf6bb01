"""Issue 10, the rules behind the messages: each asserts what a user reads, or what is sent."""

import time

import jwt
import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import (
    ApiError, ConfigurationError, MAX_QUOTED, server_message)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.auth import describe_refused_token
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import checked_timeout, normalize_base_url, timeout_problem
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import body_secrets


@pytest.mark.parametrize('address', [
    'https://admin:S3cret-In-Url@dashboard.example.com',
    'admin:S3cret-In-Url@dashboard.example.com:8443/prefix',
    'https://:S3cret-In-Url@dashboard.example.com',
    'http://admin:S3cret-In-Url@dashboard.example.com',
])
def test_an_address_with_credentials_is_refused_without_repeating_them(address):
    with pytest.raises(ConfigurationError) as failure:
        normalize_base_url(address)
    assert 'carries a user name or password before an @' in failure.value.message
    assert 'S3cret-In-Url' not in failure.value.message
    assert 'admin' not in failure.value.message.split('(')[0]


@pytest.mark.parametrize('value', [-5, 0, 'abc', 'nan', 'inf', True, ''])
def test_a_timeout_must_be_a_positive_number(value):
    with pytest.raises(ConfigurationError) as failure:
        checked_timeout(value)
    assert 'give it as a number of seconds greater than 0' in failure.value.message


def test_a_timeout_left_out_is_30_and_a_given_one_is_kept():
    assert checked_timeout(None) == 30
    assert checked_timeout(5) == 5
    assert checked_timeout('7') == 7


def test_the_timeout_message_names_where_the_value_came_from():
    assert 'The environment variable DASHBOARD_TIMEOUT is' in timeout_problem({}, {'DASHBOARD_TIMEOUT': 'abc'})
    assert "The timeout option is '0'" in timeout_problem({'timeout': 0}, {'DASHBOARD_TIMEOUT': '30'})
    assert timeout_problem({}, {'DASHBOARD_TIMEOUT': '30'}) is None
    assert timeout_problem({'timeout': '12'}, {}) is None
    assert timeout_problem({}, {'DASHBOARD_TIMEOUT': ''}) is None  # an empty variable counts as unset


def test_a_server_message_is_bounded():
    quoted = server_message({'message': 'x' * 5000})
    assert len(quoted) < MAX_QUOTED + 60
    assert quoted.endswith('(4500 more characters not shown)')
    assert server_message({'error': {'code': 'UserUnauthorized'}}) == 'UserUnauthorized'


def test_secret_fields_of_a_request_body_are_found_at_any_depth():
    body = {'name': 'u1', 'newPassword': 'a-secret', 'nested': [{'apiKey': 'key-value', 'note': 'plain'}], 'token': ''}
    assert sorted(body_secrets(body)) == ['a-secret', 'key-value']


def test_a_quoted_password_is_masked_in_an_api_error(make_session, emu):
    session = make_session()
    session.add_secrets(['Other-No-Log-Value'])
    with pytest.raises(ApiError) as failure:
        session.request('PUT', '/api/v1/infra/session-timeout', json_body={'sessionTimeout': 'Other-No-Log-Value'})
    # The dashboard quotes the value back in its 400; the message shows it masked.
    assert "answered HTTP 400 while PUT /api/v1/infra/session-timeout: '********' is not of type 'integer'" in failure.value.message
    assert 'Other-No-Log-Value' not in failure.value.message
    assert session.scrub('quoted back: Other-No-Log-Value') == 'quoted back: ********'


def _token(**claims):
    return jwt.encode(claims, 'not-the-dashboard-key-but-long-enough-for-hs256', algorithm='HS256')


def test_a_refused_token_is_described_by_what_it_is():
    now = time.time()
    assert 'is not a session token of this dashboard' in describe_refused_token('not-a-jwt')
    assert 'is not a session token of this dashboard' in describe_refused_token(_token(username='admin'))
    assert 'the token expired at' in describe_refused_token(_token(exp=int(now) - 60))
    assert 'was logged out, or was not issued by this dashboard' in describe_refused_token(_token(exp=int(now) + 600))


@pytest.mark.parametrize('path, auth', [
    ('/login', True), ('login', True), ('/api/v1/infra/refresh', True), ('/logout/', True),
    ('/api/v1/infra/whoami', False), ('/loginpage', False),
])
def test_auth_operations_are_recognised(make_session, path, auth):
    assert make_session().is_auth_path(path) is auth
