"""fabricops.dashboard.vpc_pairs run as a user runs it, against the emulator's fabric site-a (site-a-spine-1 and
site-a-leaf-2 from the seed, and four leaves switch-3 to switch-6 at 10.1.0.3 to 10.1.0.6, discovered through the
controller's API as a user's earlier task would).

Each state is run, rerun (0 writes, counted by the emulator), run in check mode (0 writes, the same ``changed``) and with
--diff; the pairs are also read directly from the controller, not only through the module. The tests run twice
(emu_of_each): on the legacy API, and on a 4.2.1 platform that serves no legacy path, where the module speaks
/api/v1/manage; they set up and look through the legacy view of the same store (``emu.legacy_url``) on both.
What only 4.2 does is in test_vpc_pairs_manage.py.
"""

import time

import pytest

from conftest import LAN_FABRIC, on_api, read_controller
from dashboard_emulator.pytest_plugin import emu_of_each

emu = emu_of_each()

ADMIN_PASSWORD = 'Admin-Passw0rd!'
INVENTORY = '/control/fabrics/site-a/inventory/switchesByFabric'
LEAVES = ['10.1.0.3', '10.1.0.4', '10.1.0.5', '10.1.0.6']


@pytest.fixture(name='leaves')
def four_leaves(emu):
    """Leaves switch-3 to switch-6, discovered into site-a and manageable: {name: serial number}."""
    session = emu.login()
    answer = session.post(emu.legacy_url(LAN_FABRIC + '/control/fabrics/site-a/inventory/discover'), timeout=10, json={
        'seedIP': ','.join(LEAVES), 'switches': [{'ipaddr': address} for address in LEAVES], 'preserveConfig': True,
        'role': 'leaf'})
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 10
    while True:
        inventory = {switch['ipAddress']: switch for switch in read_controller(emu, INVENTORY)}
        if all(address in inventory and inventory[address]['managable'] for address in LEAVES):
            return {inventory[address]['logicalName']: inventory[address]['serialNumber'] for address in LEAVES}
        assert time.monotonic() < deadline, inventory
        time.sleep(0.1)


def paired(emu):
    """{switch name: (peer's name, vPC domain)} of the paired switches of site-a, as the controller's inventory shows them."""
    inventory = read_controller(emu, INVENTORY)
    names = {switch['serialNumber']: switch['logicalName'] for switch in inventory}
    return {switch['logicalName']: (names[switch['peerSerialNumber']], switch['vpcDomain'])
            for switch in inventory if switch['isVpcConfigured']}


def interface_policies(emu, serial):
    found = {}
    for group in read_controller(emu, '/interface?serialNumber=%s' % serial):
        for interface in group['interfaces']:
            found[interface['ifName']] = (group['policy'], interface['nvPairs'])
    return found


def gets(run, path):
    return run.requests.get('GET ' + path, 0)


def pair_put(leaves, name):
    """The 4.2 request of a pair whose first peer is switch ``name``."""
    return 'PUT /fabrics/site-a/switches/%s/vpcPair' % leaves[name]


PAIR = {'peer1': 'switch-3', 'peer2': 'switch-4'}
# the same pair named the other way round, one switch by its IP address
REVERSED = {'peer1': '10.1.0.4', 'peer2': 'switch-3'}
SETTINGS = {'peer1': 'switch-5', 'peer2': 'switch-6', 'domain_id': 12, 'peer1_port_channel': 510, 'peer2_port_channel': 511,
            'peer1_link_members': ['e1/53-54'], 'peer2_link_members': ['Ethernet1/54', 'eth1/53'],
            'template_params': {'PEER1_PO_DESC': 'to switch-6'}}


def test_a_pair_runs_deploys_then_reruns_with_no_write_and_check_mode_agrees(resource, emu, leaves):
    check, run = resource.steps('vpc_pairs', [dict(state='merged', config=[PAIR], check=True, diff=True, deploy=True),
                                              dict(state='merged', config=[PAIR], diff=True, deploy=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0, check.requests
    assert run['changed'] is True
    # check mode planned what the run did
    assert (check['after'], check.diff, check['deploy']) == (run['after'], run.diff, run['deploy'])
    serials = leaves['switch-3'], leaves['switch-4']
    assert run['requests'] == on_api(emu, ['POST /vpcpair', 'POST /control/fabrics/site-a/config-deploy/%s,%s' % serials],
                                     [pair_put(leaves, 'switch-3'), 'POST /fabrics/site-a/switchActions/deploy']), run['requests']
    assert run['deployment'] == {'switch-3': 'IN-SYNC', 'switch-4': 'IN-SYNC'}
    assert run.diff == {'before': {}, 'after': {'switch-3~switch-4': {
        'peer1': 'switch-3', 'peer2': 'switch-4', 'use_virtual_peerlink': False, 'template_params': {}}}}
    # the controller's view: paired, a vPC domain of its choice, the peer-link a port-channel on each switch
    assert paired(emu) == {'switch-3': ('switch-4', 1), 'switch-4': ('switch-3', 1)}
    for serial in serials:
        assert interface_policies(emu, serial)['port-channel500'][0] == 'int_vpc_peer_link_po'
    # the same pair, named the other way round and by IP address: nothing to do, for real and in check mode, in one
    # inventory read and 3 reads per pair (legacy), or the switch list and the pair list (4.2); one fresh run, the real
    # task first, as its reads are counted
    again, check_again = resource.steps('vpc_pairs', [dict(state='replaced', config=[dict(REVERSED, use_virtual_peerlink=False)], deploy=True),
                                                      dict(state='merged', config=[REVERSED], check=True, deploy=True)])
    assert check_again['changed'] is False and check_again.writes == 0, check_again.requests
    assert again.play.rc == 0 and again.writes == 0 and again['changed'] is False, again.requests
    assert again.play.total('changed') == 0
    legacy_reads = ('/control/fabrics/{fabricName}/inventory/switchesByFabric', '/vpcpair/inventory', '/vpcpair/recommendation',
                    '/vpcpair/policy')
    reads = on_api(emu, [LAN_FABRIC + path for path in legacy_reads],
                   ['/api/v1/manage/fabrics/{fabricName}/switches', '/api/v1/manage/fabrics/{fabricName}/vpcPairs'])
    assert [gets(again, path) for path in reads] == [1] * len(reads), again.requests
    # the domain the controller chose: the legacy inventory shows it; a 4.2 pair made without settings has no details
    assert again['after'] == [dict({'peer1': 'switch-3', 'peer2': 'switch-4', 'use_virtual_peerlink': False, 'template_params': {}},
                                   **on_api(emu, {'domain_id': 1}, {}))]
    run.play.assert_no_secrets(ADMIN_PASSWORD)


def test_given_settings_are_the_templates_and_gathered_fed_back_changes_nothing(resource, emu, leaves):
    # one play: the pairs made, then gathered
    run, gathered = resource.steps('vpc_pairs', [dict(state='merged', config=[PAIR, SETTINGS]), dict(state='gathered')])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['requests'] == on_api(emu, ['POST /vpcpair'] * 2, [pair_put(leaves, 'switch-3'), pair_put(leaves, 'switch-5')])
    policy = read_controller(emu, '/vpcpair/policy?serialNumber=%s' % leaves['switch-5'])
    assert policy == {'template': 'vpc_pair', 'nv_pairs': {
        'DOMAIN_ID': '12', 'PEER1_PCID': '510', 'PEER2_PCID': '511', 'PEER1_MEMBER_INTERFACES': 'Ethernet1/53,Ethernet1/54',
        'PEER2_MEMBER_INTERFACES': 'Ethernet1/53,Ethernet1/54', 'PEER1_PO_DESC': 'to switch-6'}}
    # the pair made without settings has an empty policy
    assert read_controller(emu, '/vpcpair/policy?serialNumber=%s' % leaves['switch-3']) == {}
    peer_link = interface_policies(emu, leaves['switch-6'])
    assert peer_link['port-channel511'][1]['MEMBER_INTERFACES'] == 'Ethernet1/53,Ethernet1/54'
    assert peer_link['Ethernet1/53'][0] == 'int_vpc_peer_link_po_member_11_1'
    assert gathered.writes == 0
    assert gathered['gathered'] == [
        dict({'peer1': 'switch-3', 'peer2': 'switch-4', 'use_virtual_peerlink': False, 'template_params': {}},
             **on_api(emu, {'domain_id': 1}, {})),
        {'peer1': 'switch-5', 'peer2': 'switch-6', 'use_virtual_peerlink': False, 'domain_id': 12, 'peer1_port_channel': 510,
         'peer2_port_channel': 511, 'peer1_link_members': ['Ethernet1/53', 'Ethernet1/54'],
         'peer2_link_members': ['Ethernet1/53', 'Ethernet1/54'], 'template_params': {'PEER1_PO_DESC': 'to switch-6'}}]
    # fed back in a run of its own
    states = ('merged', 'replaced')
    fed_back = resource.steps('vpc_pairs', [dict(state=state, config=gathered['gathered']) for state in states])
    assert fed_back[0].play.rc == 0, fed_back[0].play.output[-3000:]
    for state, again in zip(states, fed_back):
        assert again.writes == 0 and again['changed'] is False, (state, again.requests)
    # a new domain, named from the other peer: one update (on the legacy API carrying only what changed)
    change = resource('vpc_pairs', 'merged', [{'peer1': 'switch-6', 'peer2': 'switch-5', 'domain_id': 13, 'peer2_port_channel': 520}],
                      diff=True)
    assert change.play.rc == 0, change.play.output[-3000:]
    assert change['requests'] == on_api(emu, ['PUT /vpcpair'], [pair_put(leaves, 'switch-5')])
    key = 'switch-5~switch-6'
    assert change.diff['after'][key]['peer1_port_channel'] == 520 and change.diff['before'][key]['domain_id'] == 12
    assert paired(emu)['switch-5'] == ('switch-6', 13)
    assert '"domain_id": 13' in change.play.stdout  # --diff shows it in the module's terms
    assert interface_policies(emu, leaves['switch-5'])['port-channel520'][0] == 'int_vpc_peer_link_po'


def test_a_pair_the_controller_refuses_fails_the_task_naming_it_and_the_pairs_done(resource, emu, leaves):
    refused = dict(SETTINGS, peer2_link_members=['Ethernet1/99'])
    run = resource('vpc_pairs', 'merged', [PAIR, refused], deploy=True)
    assert run.play.rc == 2
    assert run['succeeded_items'] == ['switch-3 and switch-4']
    assert list(run['failed_items']) == ['switch-5 and switch-6']
    assert 'Ethernet1/99' in run['failed_items']['switch-5 and switch-6']
    assert run['changed'] is True
    assert run['requests'] == on_api(emu, ['POST /vpcpair'] * 2, [pair_put(leaves, 'switch-3'), pair_put(leaves, 'switch-5')])
    # nothing deployed after the refusal; the first pair was made
    assert sorted(paired(emu)) == ['switch-3', 'switch-4']
    fixed = resource('vpc_pairs', 'merged', [PAIR, SETTINGS])
    assert fixed.play.rc == 0, fixed.play.output[-3000:]
    assert fixed['requests'] == on_api(emu, ['POST /vpcpair'], [pair_put(leaves, 'switch-5')])


def test_what_cannot_work_is_refused_before_any_write_naming_every_problem(resource, emu, leaves):
    config = [
        {'peer1': 'switch-3', 'peer2': 'switch-3'},
        {'peer1': 'switch-4', 'peer2': 'site-a-spine-1'},
        {'peer1': 'switch-5', 'peer2': '192.0.2.99'},
        {'peer1': 'switch-6', 'peer2': 'switch-4', 'domain_id': 2000, 'use_virtual_peerlink': True,
         'peer1_link_members': ['Ethernet1/53'], 'template_params': {'DOMAIN_ID': '7'}},
    ]
    moved = [{'peer1': 'switch-3', 'peer2': 'switch-5'}]
    # one play: the task refused; the pair made; a switch already in a pair, as the fabric has it, moved in check mode and
    # for real
    run, made, check, refused = resource.steps('vpc_pairs', [dict(state='merged', config=config, may_fail=True),
                                                             dict(state='merged', config=[PAIR]),
                                                             dict(state='merged', config=moved, check=True),
                                                             dict(state='merged', config=moved, may_fail=True)])
    assert run['failed'] is True and run.writes == 0, run.requests
    for problem in ('vPC pair switch-3 and switch-3: peer1 and peer2 name the same switch',
                    'vPC pair switch-4 and site-a-spine-1: switch switch-4 is a leaf and site-a-spine-1 a spine',
                    'config[2] peer2: switch 192.0.2.99 is not in fabric site-a',
                    'switch switch-4 is named in two pairs',
                    'domain_id 2000 is not a usable vPC domain; give 1 to 1000',
                    'a virtual peer-link has no member ports',
                    'template_params DOMAIN_ID is what the option domain_id sets'):
        assert problem in run['msg'], (problem, run['msg'])
    assert run['msg'].startswith('Nothing was sent')
    # a switch already in a pair, as the fabric has it: refused; check mode warns, since an earlier task may unpair it
    assert made['failed'] is False, made.play.output[-3000:]
    assert refused['failed'] is True and refused.writes == 0
    assert 'switch switch-3 is already paired, in vPC pair switch-3 and switch-4; unpair it first' in refused['msg']
    assert check['failed'] is False and check['changed'] is True and check.writes == 0
    assert any('already paired' in warning for warning in check['warnings'])
    # a pair that carries a vPC interface (made through the API, as an earlier task would) is not unpaired
    make_interface(emu, 'int_vpc_trunk_host', 'INTERFACE_VPC', '%s~%s' % (leaves['switch-3'], leaves['switch-4']), 'vPC30',
                   {'PEER1_PCID': '30', 'PEER2_PCID': '30', 'PEER1_MEMBER_INTERFACES': 'e1/30', 'PEER2_MEMBER_INTERFACES': 'e1/30'})
    unpair = resource('vpc_pairs', 'deleted', [PAIR])
    assert unpair.play.rc == 2 and unpair.writes == 0
    assert 'vPC pair switch-3 and switch-4 has 1 vPC interface; delete it first' in unpair['msg'], unpair['msg']


def make_interface(emu, policy, kind, serial, name, pairs):
    """An interface made through the controller's API (its legacy view on 4.2), as an earlier task would make it."""
    answer = emu.login().post(emu.legacy_url(LAN_FABRIC + '/globalInterface'), timeout=10, json={
        'policy': policy, 'interfaceType': kind, 'skipResourceCheck': 'false', 'interfaces': [{
            'serialNumber': serial, 'ifName': name, 'interfaceType': kind, 'fabricName': 'site-a', 'nvPairs': pairs}]})
    assert answer.status_code == 200, answer.text


def test_peer_link_ports_a_vpc_or_port_channel_holds_are_refused_before_any_write(resource, emu, leaves):
    """Issue 36: a peer-link given ports of a vPC was one write, no warning, and the ports then in both."""
    assert resource('vpc_pairs', 'merged', [PAIR]).play.rc == 0
    make_interface(emu, 'int_vpc_trunk_host', 'INTERFACE_VPC', '%s~%s' % (leaves['switch-3'], leaves['switch-4']), 'vPC10',
                   {'PEER1_PCID': '10', 'PEER2_PCID': '10', 'PEER1_MEMBER_INTERFACES': 'e1/10', 'PEER2_MEMBER_INTERFACES': 'e1/10'})
    make_interface(emu, 'int_port_channel_trunk_host', 'INTERFACE_PORT_CHANNEL', leaves['switch-4'], 'port-channel11',
                   {'MEMBER_INTERFACES': 'e1/11', 'PC_MODE': 'active'})
    change = [dict(PAIR, peer1_link_members=['Ethernet1/10', 'Ethernet1/20'], peer2_link_members=['Ethernet1/11', 'Ethernet1/21'])]
    # a vPC's members show on the legacy API; on 4.2 a port-channel member's portChannelId (its vPC members: not in the emulator)
    expected = on_api(emu, [('peer1_link_members Ethernet1/10 of switch switch-3', 'vPC10'),
                            ('peer2_link_members Ethernet1/11 of switch switch-4', 'port-channel11')],
                      [('peer2_link_members Ethernet1/11 of switch switch-4', 'port-channel11')])
    # one play: the task refused (the play's first task: its reads are counted below), in check mode, then on free ports
    refused, check, free = resource.steps('vpc_pairs', [
        dict(state='merged', config=change, may_fail=True), dict(state='merged', config=change, check=True),
        dict(state='merged', config=[dict(PAIR, peer1_link_members=['Ethernet1/20'], peer2_link_members=['Ethernet1/21'])])])
    assert check['failed'] is False and check['changed'] is True and check.writes == 0, check.play.output[-3000:]
    # check mode warns: an earlier interfaces task of the play may free the port
    for port, holder in expected:
        assert any(port in warning and 'is a member of %s' % holder in warning for warning in check['warnings']), check['warnings']
    assert refused['failed'] is True and refused.writes == 0, refused.requests
    for port, holder in expected:
        assert 'vPC pair switch-3 and switch-4: %s is a member of %s, which holds it' % (port, holder) in refused['msg'], refused['msg']
        assert 'take %s out of %s first (fabricops.dashboard.interfaces' % (port.split()[1], holder) in refused['msg']
    # the ports of each switch that gains peer-link ports, read once (the run keeps them for its later tasks)
    assert gets(refused, on_api(emu, LAN_FABRIC + '/interface', '/api/v1/manage/fabrics/{fabricName}/switches/{switchId}/interfaces')) == 2
    # free ports are taken as before
    assert free['failed'] is False and free.writes == 1, free.play.output[-3000:]


def test_overridden_unpairs_the_others_first_and_deleted_unpairs_the_listed(resource, emu, leaves):
    # switch-3 moves to a pair with switch-5: both pairs it breaks go first
    moved = [{'peer1': 'switch-3', 'peer2': 'switch-5', 'use_virtual_peerlink': True}]
    # one play: the pairs made, the task in check mode, then for real
    _made, check, run = resource.steps('vpc_pairs', [dict(state='merged', config=[PAIR, SETTINGS]),
                                                     dict(state='overridden', config=moved, check=True),
                                                     dict(state='overridden', config=moved, diff=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0
    assert run['requests'] == on_api(emu, ['DELETE /vpcpair', 'DELETE /vpcpair', 'POST /vpcpair'], [
        pair_put(leaves, 'switch-3'), pair_put(leaves, 'switch-5'), pair_put(leaves, 'switch-3')]), run['requests']
    assert len(run.diff['before']) == 2 and len(run.diff['after']) == 1
    assert paired(emu) == {'switch-3': ('switch-5', 1), 'switch-5': ('switch-3', 1)}
    # a virtual peer-link: no peer-link port-channel; the unpaired pair's peer-link went with it
    assert 'port-channel500' not in interface_policies(emu, leaves['switch-3'])
    assert 'port-channel511' not in interface_policies(emu, leaves['switch-6'])
    assert interface_policies(emu, leaves['switch-6'])['Ethernet1/53'][0] != 'int_vpc_peer_link_po_member_11_1'
    rerun = resource('vpc_pairs', 'overridden', moved)
    assert rerun.play.rc == 0 and rerun.writes == 0 and rerun['changed'] is False, rerun.requests
    # deleted: named the other way round, deployed; a pair that does not exist is nothing to do
    deleted = resource('vpc_pairs', 'deleted', [{'peer1': 'switch-5', 'peer2': 'switch-3'}, PAIR], deploy=True)
    assert deleted.play.rc == 0, deleted.play.output[-3000:]
    assert deleted['requests'][0] == on_api(emu, 'DELETE /vpcpair', pair_put(leaves, 'switch-3')) and len(deleted['requests']) == 2
    assert deleted['deployment'] == {'switch-3': 'IN-SYNC', 'switch-5': 'IN-SYNC'}
    assert paired(emu) == {}
    again = resource('vpc_pairs', 'deleted', [{'peer1': 'switch-5', 'peer2': 'switch-3'}], deploy=True)
    assert again.play.rc == 0 and again.writes == 0 and again['changed'] is False, again.requests


@pytest.mark.parametrize('emu', [None], indirect=True, ids=['legacy'])
def test_rendered_computes_offline_what_a_real_run_then_writes(resource, emu, leaves):
    """On the legacy API (auto renders its requests; test_vpc_pairs_manage.py renders those of 4.2)."""
    config = [{'peer1': leaves['switch-3'], 'peer2': leaves['switch-4']},
              dict(SETTINGS, peer1=leaves['switch-5'], peer2=leaves['switch-6'])]
    logins = emu.counters()['logins']
    emu.clear_request_log()
    run = resource('vpc_pairs', 'rendered', config, deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert emu.counters()['logins'] == logins and run.writes == 0 and emu.request_log() == []
    plain, given, deploy = run['rendered']
    assert plain == {'method': 'POST', 'path': LAN_FABRIC + '/vpcpair', 'body': {
        'peerOneId': leaves['switch-3'], 'peerTwoId': leaves['switch-4'], 'useVirtualPeerlink': False}}
    assert given['body']['templateName'] == 'vpc_pair'
    assert given['body']['nvPairs']['PEER2_MEMBER_INTERFACES'] == 'Ethernet1/53,Ethernet1/54'
    assert deploy['path'] == LAN_FABRIC + '/control/fabrics/site-a/config-deploy/%s?forceShowRun=false' % ','.join(
        leaves[name] for name in ('switch-3', 'switch-4', 'switch-5', 'switch-6'))
    # the same task for real writes exactly that
    real = resource('vpc_pairs', 'merged', config, deploy=True)
    assert real.play.rc == 0, real.play.output[-3000:]
    written = [(entry['method'], entry['path'], entry['query'] or {}, entry['body']) for entry in emu.request_log()]
    shown = [(request['method'], request['path'].split('?')[0], {'forceShowRun': 'false'} if '?' in request['path'] else {},
              request['body']) for request in run['rendered']]
    assert shown == written
