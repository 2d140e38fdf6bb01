"""_auth: the platform's auth operations are recognised however a path spells them, over real HTTPS."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.auth import decoded_path


@pytest.mark.parametrize('path', ['/%6cogin', '/refres%68', '/x/%2e%2e/logout', '/api/v1/infra/%6C%6Fgout', '/a/b/../../login',
                                  '/%252e%252e/logout', '//login'])
def test_every_spelling_of_an_auth_path_is_one(make_session, path):
    assert make_session().is_auth_path(path)


@pytest.mark.parametrize('path', ['/api/v1/infra/whoami', '/login-history', '/x/login', '/%6cogins'])
def test_other_paths_are_not(make_session, path):
    assert not make_session().is_auth_path(path)


def test_decoding_stops_once_nothing_changes():
    assert decoded_path('/a/%2541') == '/a/A'
    assert decoded_path('/a/%25') == '/a/%'
