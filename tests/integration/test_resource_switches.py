"""fabricops.dashboard.fabric_switches run as a user runs it, against the emulator (fabric site-a with two switches,
site-dc1 empty; a discovered switch is manageable after 0.5 s, a greenfield one reloads 0.5 s more)."""

import pytest

ADMIN_PASSWORD = 'Admin-Passw0rd!'
SWITCH_PASSWORD = 'Sw1tch-Secret!'
LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
DC1 = '/control/fabrics/site-dc1'
NEW = [{'name': '192.0.2.11'}, {'name': '192.0.2.21', 'role': 'spine', 'preserve_config': True}]


def inventory(emu, fabric):
    session = emu.login()
    answer = session.get(emu.url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % fabric), timeout=10)
    answer.raise_for_status()
    return {switch['ipAddress']: switch for switch in answer.json()}


def assert_idempotent(resource, state, config, **options):
    check = resource('fabric_switches', state, config, check=True, **options)
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is False and check.writes == 0, check.requests
    again = resource('fabric_switches', state, config, **options)
    assert again.play.rc == 0, again.play.output[-3000:]
    assert again['changed'] is False and again.writes == 0, again.requests
    assert again.play.total('changed') == 0


def test_merged_discovers_waits_until_manageable_then_sends_nothing(resource, emu):
    check = resource('fabric_switches', 'merged', NEW, fabric='site-dc1', check=True)
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    run = resource('fabric_switches', 'merged', NEW, fabric='site-dc1', diff=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['changed'] is True
    assert run['requests'] == ['POST %s/inventory/test-reachability' % DC1, 'POST %s/inventory/discover' % DC1] * 2
    assert run['diff'] == {'before': {}, 'after': {'192.0.2.11': {'name': '192.0.2.11', 'role': 'leaf'},
                                                   '192.0.2.21': {'name': '192.0.2.21', 'role': 'spine'}}}
    switches = inventory(emu, 'site-dc1')
    # the task returned only once both could be managed, the greenfield one after its reload
    assert {address: (switch['managable'], switch['status'], switch['switchRole']) for address, switch in switches.items()} == {
        '192.0.2.11': (True, 'ok', 'leaf'), '192.0.2.21': (True, 'ok', 'spine')}
    assert_idempotent(resource, 'merged', NEW, fabric='site-dc1')
    run.play.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)
