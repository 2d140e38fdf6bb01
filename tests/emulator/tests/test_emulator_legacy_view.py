"""The legacy view: how a test of a 4.2 platform serving no legacy path sets up and looks at what a run did.

It is a test control (loopback only, not in the OpenAPI documents, not counted per operation); the
platform itself still answers every legacy path 404.
"""

import pytest
from dashboard_emulator.pytest_plugin import RELEASE_42

LAN = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'


@pytest.mark.parametrize('emu_release', [(RELEASE_42, False)], indirect=True)
def test_a_platform_serving_no_legacy_path_shows_its_state_through_the_legacy_view_only(emu_release):
    session = emu_release.login()
    assert session.get(emu_release.url(LAN + '/control/fabrics'), timeout=10).status_code == 404
    answer = session.get(emu_release.legacy_url(LAN + '/control/fabrics'), timeout=10)
    assert answer.status_code == 200, answer.text
    assert 'site-a' in {fabric['fabricName'] for fabric in answer.json()}
    manage = session.get(emu_release.url('/api/v1/manage/fabrics'), timeout=10).json()
    assert {fabric['name'] for fabric in manage['fabrics']} == {fabric['fabricName'] for fabric in answer.json()}
    # the same session checks as the platform's own paths
    assert emu_release.session().get(emu_release.legacy_url(LAN + '/control/fabrics'), timeout=10).status_code == 401
    counted = emu_release.counters()['requests']
    assert counted['GET %s/control/fabrics' % LAN] == {'404': 1}, 'only the platform\'s own answer is counted'
    assert not [key for key in counted if 'legacy-view' in key], counted


def test_a_platform_serving_the_legacy_api_reads_it_at_its_own_path(emu):
    assert emu.legacy_url(LAN + '/control/fabrics') == emu.url(LAN + '/control/fabrics')
