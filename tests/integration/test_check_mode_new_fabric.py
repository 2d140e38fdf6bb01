"""A day-0 play run with --check: its first task creates the fabric, so in check mode the later tasks find no fabric on
the controller. Each resource module reports what it would create, with a warning naming the fabric, and sends nothing
(before: every module after fabric_switches failed, "Fabric ... does not exist on the controller"). On both APIs."""

from dashboard_emulator.pytest_plugin import emu_of_each

emu = emu_of_each()

FABRIC = 'site-new'
LEAF = '10.9.0.2'
DAY0 = [
    dict(module='fabrics', state='merged', config=[{'name': FABRIC, 'bgp_asn': '65009'}]),
    dict(module='fabric_switches', state='merged', config=[{'name': LEAF}, {'name': '10.9.0.3'}]),
    dict(module='vrfs', state='merged', config=[{'name': 'blue', 'vrf_id': 50101, 'vlan_id': 2101, 'attach': [{'switch': LEAF}]}]),
    dict(module='networks', state='merged', config=[{'name': 'web', 'network_id': 30101, 'vrf': 'blue', 'vlan_id': 2301,
                                                     'attach': [{'switch': LEAF, 'ports': ['Ethernet1/5']}]}]),
    dict(module='interfaces', state='merged', config=[{'switch': LEAF, 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 10}]),
    dict(module='vpc_pairs', state='merged', config=[{'peer1': LEAF, 'peer2': '10.9.0.3'}]),
    dict(module='policies', state='merged', config=[{'switch': LEAF, 'template': 'feature_pim'}]),
    # nothing to delete in a fabric that does not exist yet
    dict(module='vrfs', state='deleted', config=[{'name': 'red'}]),
]


def test_a_day0_play_in_check_mode_reports_every_creation_on_a_fabric_still_to_be_created(resource, emu):
    # one play: the day-0 tasks in check mode, then a task for real, where the missing fabric is an error as before
    runs = resource.steps('fabrics', [dict(DAY0[0], check=True, diff=True)]
                          + [dict(step, fabric=FABRIC, check=True, diff=True) for step in DAY0[1:]]
                          + [dict(DAY0[2], fabric=FABRIC, may_fail=True)])
    fabric, switches, *creates, deleted, real = runs
    assert fabric.play.rc == 0, fabric.play.output[-3000:]
    assert fabric['changed'] is True and fabric.writes == 0 and switches['changed'] is True and switches.writes == 0
    for step, run in zip(DAY0[2:], creates):
        assert run['failed'] is False and run['changed'] is True and run.writes == 0, (step['module'], run.get('msg'))
        assert any('Fabric site-new does not exist on the controller, so check mode takes it to be empty' in warning
                   for warning in run['warnings']), (step['module'], run.get('warnings'))
        assert run['before'] == [] and len(run['after']) == len(step['config']) and run.diff['before'] == {}, step['module']
    assert deleted['failed'] is False and deleted['changed'] is False and deleted['before'] == []
    assert real['failed'] is True and real.writes == 0
    assert real['msg'].startswith('Fabric site-new does not exist on the controller'), real['msg']
    assert emu.counters()['writes'] == 0
