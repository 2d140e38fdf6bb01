"""fabricops.dashboard.vrfs run as a user runs it, against the emulator's fabric site-a
(switches site-a-spine-1 and site-a-leaf-2, VRF vrf-1 holding network net-1)."""

ADMIN_PASSWORD = 'Admin-Passw0rd!'
BLUE = {'name': 'blue', 'vrf_id': 50101, 'vlan_id': 2101, 'description': 'tenant blue',
        'attach': [{'switch': 'site-a-leaf-2'}]}
RED = {'name': 'red', 'vrf_id': 50102, 'vlan_id': 2102}


def by_name(objects):
    return {item['name']: item for item in objects}


def test_merged_creates_attaches_and_deploys_then_a_second_run_sends_nothing(resource):
    first = resource('vrfs', 'merged', [BLUE, RED], deploy=True)
    assert first.play.rc == 0, first.play.output[-3000:]
    assert first['changed'] is True
    after = by_name(first['after'])
    assert after['blue']['attach'] == [{'switch': 'site-a-leaf-2'}]
    assert after['red']['mtu'] == 9216 and after['red']['description'] == ''
    assert first['deployment'] == {'blue': {'site-a-leaf-2': 'DEPLOYED'}}
    # one bulk create, one attachments call, one deploy
    assert first.writes == 3, first.requests
    second = resource('vrfs', 'merged', [BLUE, RED], deploy=True)
    assert second.play.rc == 0, second.play.output[-3000:]
    assert second['changed'] is False
    assert second.writes == 0, second.requests
    assert second.play.total('changed') == 0
    second.play.assert_no_secrets(ADMIN_PASSWORD)
