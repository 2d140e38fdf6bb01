"""Issue 17 (items 13, 14, 15 in the session layer): input that used to be sent on, or failed with a library's
words, is refused before anything reaches the dashboard, with a message that says what to give instead.

Each test failed before its fix (said in its docstring); each runs the play at -vvvv and checks that
nothing was sent (the emulator's counters) and that no secret shows.
"""

import pytest

ADMIN_PASSWORD = 'Admin-Passw0rd!'


def _nothing_sent(counters):
    return counters['logins'] == 0 and counters['login_failures'] == 0 and not counters['requests']


@pytest.mark.parametrize('host, shown', [
    ('not a url', "'not a url'"),
    ('https://127.0.0.1:8443\r\nX-Injected: 1', "'https://127.0.0.1:8443\\r\\nX-Injected: 1'"),
])
def test_an_address_with_spaces_or_line_breaks_is_refused_plainly(play, emu, host, shown):
    """Before: 'not a url' failed with requests' InvalidURL; with CR/LF, as 'an invalid port'."""
    run = play('input/session_input.yml', verbosity=4, extra_vars={'step': 'login', 'login_host': host, 'login_password': ADMIN_PASSWORD})
    assert run.rc == 2
    assert 'The dashboard address %s holds a space, a line break or another control character' % shown in run.output
    assert 'InvalidURL' not in run.output and 'invalid port' not in run.output
    assert _nothing_sent(emu.counters())
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_an_api_key_with_a_line_break_is_refused_without_showing_it(play, emu):
    """Before: requests' InvalidHeader, after the key had reached the header code."""
    key = 'Key-Part-One\r\nKey-Part-Two'
    run = play('input/session_input.yml', verbosity=4, extra_vars={'step': 'login', 'login_api_key': key})
    assert run.rc == 2
    assert 'api_key holds a line break or another control character' in run.output
    assert 'InvalidHeader' not in run.output
    assert 'Key-Part-One' not in run.output and 'Key-Part-Two' not in run.output
    assert _nothing_sent(emu.counters())


def test_a_session_timeout_below_one_second_is_refused(play, emu):
    """Before: session_timeout -1 was accepted, and the login went ahead."""
    run = play('input/session_input.yml', verbosity=4, extra_vars={'step': 'login', 'login_password': ADMIN_PASSWORD,
                                                                   'login_session_timeout': -1})
    assert run.rc == 2
    assert "session_timeout is -1: give the session's lifetime in seconds" in run.output
    assert _nothing_sent(emu.counters())
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_fact_name_that_is_not_a_variable_name_is_refused(play, emu):
    """Before: fact_name 'bad name' was accepted, and set a fact no template can name."""
    run = play('input/session_input.yml', verbosity=4, extra_vars={'step': 'login', 'login_password': ADMIN_PASSWORD,
                                                                   'login_fact_name': 'bad name'})
    assert run.rc == 2
    assert "fact_name is 'bad name', which is not a variable name" in run.output
    assert _nothing_sent(emu.counters())
    run.assert_no_secrets(ADMIN_PASSWORD)


@pytest.mark.parametrize('term', ['', '   '])
def test_an_empty_dashboard_api_term_is_refused(play, emu, term):
    """Before: an empty term read the dashboard's root, and the lookup returned its HTML page as data."""
    run = play('input/session_input.yml', verbosity=4, extra_vars={'step': 'lookup', 'api_term': term},
               env={'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': ADMIN_PASSWORD})
    assert run.rc == 2
    assert 'fabricops.dashboard.dashboard_api: a path is empty' in run.output
    assert not emu.counters()['requests']
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_mistyped_option_is_named_unsupported_apart_from_the_missing_one(play, emu):
    """Issue 17, item 12. Before: 'missing required arguments: path; pth. Supported parameters include: ...', which reads
    as if pth were required."""
    run = play('input/session_input.yml', verbosity=4, extra_vars={'step': 'rest_typo'},
               env={'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': ADMIN_PASSWORD})
    assert run.rc == 2
    assert 'unsupported parameter pth (did you mean path?)' in run.output
    assert 'missing required arguments: path' in run.output
    assert 'path; pth' not in run.output
    assert _nothing_sent(emu.counters())
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_lookup_without_credentials_says_where_a_lookup_takes_them(play, emu):
    """Issue 17, item 18. Before: the message suggested module_defaults, which lookups do not read."""
    run = play('input/session_input.yml', verbosity=4, extra_vars={'step': 'lookup_no_credentials'})
    assert run.rc == 2
    assert 'needs username and password, or username and api_key (the options of the lookup fabricops.dashboard.dashboard_api' in run.output
    assert 'module_defaults' not in run.output
    assert _nothing_sent(emu.counters())


def test_rbac_missing_names_the_type_a_user_wrote(play, emu):
    """Before: 'got _AnsibleTaggedStr', ansible-core 2.19's private class of a templated string."""
    run = play('input/session_input.yml', extra_vars={'step': 'rbac_missing', 'rbac_write': 'dc1'})
    assert run.rc == 2
    assert 'rbac_missing: write must be a list of security domain names, got str.' in run.output
    assert 'Tagged' not in run.output
