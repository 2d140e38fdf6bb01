"""The dashboard's release: read once per run, and on 4.2 the session's login, refresh and logout under /api/v1/infra."""

import pytest
from dashboard_emulator.pytest_plugin import RELEASE_42
from dashboard_emulator.testing import JsonHandler, https_server

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import AuthenticationFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import release_from_version
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache

FABRICS = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'


def _session(emu, cache=None, **kwargs):
    return DashboardSession(emu.base_url, 'admin', emu.PASSWORDS['admin'], ca_path=emu.ca_path, token_cache=cache, **kwargs)


def _sent(emu, operation):
    """How many requests of ``operation`` ("POST /login") the emulator answered, whatever their status."""
    return sum(emu.counters()['requests'].get(operation, {}).values())


@pytest.mark.parametrize('body,release', [
    ({'major': 3, 'minor': 2, 'maintenance': 1, 'patch': 'e'},
     {'version': '3.2.1', 'major': 3, 'minor': 2, 'maintenance': 1, 'patch': 'e', 'unified_api': False}),
    ({'major': 4, 'minor': 2, 'maintenance': 1, 'patch': ''},
     {'version': '4.2.1', 'major': 4, 'minor': 2, 'maintenance': 1, 'patch': '', 'unified_api': True}),
    ({'major': 4, 'minor': 1, 'maintenance': 2},
     {'version': '4.1.2', 'major': 4, 'minor': 1, 'maintenance': 2, 'patch': '', 'unified_api': False}),
    ({'major': '4', 'minor': 2, 'maintenance': 1}, None),
    ({'major': True, 'minor': 2, 'maintenance': 1}, None),
    ({'version': '12.2.2'}, None),
    ('not an object', None),
])
def test_the_release_is_what_version_json_names_or_none(body, release):
    assert release_from_version(body) == release


def test_on_4_2_the_session_logs_in_refreshes_and_logs_out_under_api_v1_infra(emu_42):
    session = _session(emu_42)
    session.request('GET', FABRICS)
    assert session.release['version'] == '4.2.1' and session.release['unified_api'] is True
    first_token, rbac = session.token, session.rbac
    session.refresh()
    # 4.2 answers a refresh with the token alone: the account's roles stay those of the login
    assert session.token != first_token and session.rbac == rbac and rbac
    assert session.request('GET', FABRICS).status == 200
    assert session.logout() is True
    assert _sent(emu_42, 'POST /api/v1/infra/login') == 1
    assert _sent(emu_42, 'POST /api/v1/infra/refresh') == 1
    assert _sent(emu_42, 'POST /api/v1/infra/logout') == 1
    assert not any(_sent(emu_42, 'POST ' + path) for path in ('/login', '/refresh', '/logout'))
    assert emu_42.counters()['live_sessions'] == 0


def test_before_4_2_the_session_keeps_the_unversioned_paths(emu):
    session = _session(emu)
    session.request('GET', FABRICS)
    session.refresh()
    assert session.release == {'version': '3.2.1', 'major': 3, 'minor': 2, 'maintenance': 1, 'patch': 'e', 'unified_api': False}
    assert (_sent(emu, 'POST /login'), _sent(emu, 'POST /refresh'), _sent(emu, 'POST /api/v1/infra/login')) == (1, 1, 0)


@pytest.mark.parametrize('emu_release', [(RELEASE_42, False)], indirect=True)
def test_a_4_2_serving_no_legacy_path_is_logged_in_to_and_its_api_key_checked(emu_release):
    session = _session(emu_release)
    assert session.request('GET', '/api/v1/infra/whoami').json['username'] == 'admin'
    key_session = DashboardSession(emu_release.base_url, 'admin', api_key=emu_release.API_KEYS['admin'], ca_path=emu_release.ca_path)
    key_session.check_api_key()   # the controller's version path is gone: the key is checked on /api/v1/infra/about
    assert _sent(emu_release, 'GET /api/v1/infra/about') == 1
    assert emu_release.counters()['logins'] == 1


def test_a_refused_login_on_4_2_says_the_credentials_were_refused(emu_42):
    session = DashboardSession(emu_42.base_url, 'admin', 'wrong', ca_path=emu_42.ca_path)
    with pytest.raises(AuthenticationFailed) as refused:
        session.login()
    # the {code, message} envelope of 4.2 is the dashboard's own refusal, not another server's answer
    assert 'refused the login of admin in login domain DefaultAuth (HTTP 401: Invalid Username/Password' in str(refused.value)


def test_the_release_is_read_once_per_run_and_reaches_its_later_tasks(emu_42, tmp_path):
    cache = TokenCache(str(tmp_path / 'cache'))
    first = _session(emu_42, cache)
    first.ensure_valid()
    later = DashboardSession.from_options({'host': emu_42.base_url, 'ca_path': emu_42.ca_path}, session_fact=first.as_dict(),
                                          token_cache=cache)
    later.ensure_valid()
    later.refresh()   # the later task knows where 4.2 refreshes without asking
    assert later.release['version'] == '4.2.1'
    assert _sent(emu_42, 'GET /version.json') == 1
    assert _sent(emu_42, 'POST /api/v1/infra/refresh') == 1


class _Unversioned(JsonHandler):
    """A dashboard that does not answer /version.json (a proxy in front, say) and logs in at /login."""
    paths = []

    def do_GET(self):  # pylint: disable=invalid-name
        _Unversioned.paths.append('GET ' + self.path)
        self.send_json(404, {'message': 'Not Found'})

    def do_POST(self):  # pylint: disable=invalid-name
        _Unversioned.paths.append('POST ' + self.path)
        self.rfile.read(int(self.headers.get('Content-Length') or 0))
        self.send_json(200, {'jwttoken': 'opaque-token', 'token': 'opaque-token', 'username': 'admin', 'usertype': 'local',
                             'rbac': '[]', 'statusCode': 200})


def test_a_dashboard_that_does_not_say_its_release_is_logged_in_to_as_before(tmp_path):
    _Unversioned.paths = []
    with https_server(_Unversioned, ca_path=tmp_path / 'ca.pem') as server:
        session = DashboardSession(server.base_url, 'admin', 'secret', ca_path=str(tmp_path / 'ca.pem'))
        session.login()
        assert session.release is None
    assert _Unversioned.paths == ['GET /version.json', 'POST /login']
