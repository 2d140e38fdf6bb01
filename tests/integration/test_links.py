"""fabricops.dashboard.links run as a user runs it, against the emulator's fabric site-a (switches site-a-spine-1 and
site-a-leaf-2, ports Ethernet1/1 to Ethernet1/54) and site-dc1 (no switch: the far end of an inter-fabric link there is a
switch the controller does not manage).

What a user notices: the links on the controller (read directly, not only through the module), the writes the emulator
counted (0 on a rerun, in check mode and for a link given with its ends swapped), the result's keys.

Every test runs twice (emu_of_each): on the legacy API, and on a 4.2 platform that serves no legacy path, where the module
speaks /api/v1/manage. The controller's state is read through the legacy view on both; where a test checks which
requests a run sent, it names each API's own (on_api). What only 4.2 does is in test_links_manage.py.
"""

import json
import time

from dashboard_emulator.pytest_plugin import emu_of_each

from conftest import LAN_FABRIC, on_api, read_controller

emu = emu_of_each()

ADMIN_PASSWORD = 'Admin-Passw0rd!'
SPINE, LEAF = 'site-a-spine-1', 'site-a-leaf-2'
INTRA = {'src_switch': SPINE, 'src_interface': 'Ethernet1/49', 'dst_switch': LEAF, 'dst_interface': 'eth1/49',
         'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2', 'src_description': 'to leaf-2',
         'template_params': {'ENABLE_MACSEC': False}}
INTRA_KEY = '%s Ethernet1/49 -- %s Ethernet1/49' % (LEAF, SPINE)
INTER = {'src_switch': LEAF, 'src_interface': 'Ethernet1/50', 'dst_fabric': 'site-dc1', 'dst_switch': 'edge-router-1',
         'dst_interface': 'Ethernet1/1', 'template': 'ext_fabric_setup', 'src_ip': '192.168.60.1/30', 'dst_ip': '192.168.60.2',
         'src_asn': '65001', 'dst_asn': '65011'}
INTER_KEY = '%s Ethernet1/50 -- site-dc1/edge-router-1 Ethernet1/1' % LEAF
LEGACY_INVENTORY = 'GET %s/control/fabrics/{fabricName}/inventory/switchesByFabric' % LAN_FABRIC
LEGACY_LINKS = 'GET %s/control/links/fabrics/{fabricName}' % LAN_FABRIC
MANAGE_INVENTORY = 'GET /api/v1/manage/fabrics/{fabricName}/switches'
MANAGE_LINKS = 'GET /api/v1/manage/links'


def reads(emu):  # pylint: disable=redefined-outer-name
    """The operations of the fabric inventory read and of the links read, on the API of the run."""
    return on_api(emu, (LEGACY_INVENTORY, LEGACY_LINKS), (MANAGE_INVENTORY, MANAGE_LINKS))


def swapped(item):
    """The same link, its ends given the other way round."""
    turned = dict(item)
    if 'dst_fabric' in item:
        turned['src_fabric'], turned['dst_fabric'] = item['dst_fabric'], item.get('src_fabric', 'site-a')
    for option in ('switch', 'interface', 'ip', 'description', 'asn'):
        turned['src_' + option], turned['dst_' + option] = item.get('dst_' + option), item.get('src_' + option)
    return {key: value for key, value in turned.items() if value is not None}


def controller_links(emu, fabric='site-a'):  # pylint: disable=redefined-outer-name
    """{(end, end): link} of a fabric's links, read directly from the controller; an end is (switch name, interface)."""
    return {tuple((link[info]['sw-sys-name'], link[info]['if-name']) for info in ('sw1-info', 'sw2-info')): link
            for link in read_controller(emu, '/control/links/fabrics/%s' % fabric)}


def serials(emu):  # pylint: disable=redefined-outer-name
    inventory = read_controller(emu, '/control/fabrics/site-a/inventory/switchesByFabric')
    return {switch['logicalName']: switch['serialNumber'] for switch in inventory}


def test_links_run_then_rerun_with_no_write_and_check_mode_and_diff_agree(resource, emu):
    # the check and the run in runs of their own: each one's reads below are those of a run's first task
    check = resource('links', 'merged', [INTRA, INTER], check=True, diff=True, deploy=True)
    assert check.play.rc == 0, check.play.output[-3000:]
    assert check['changed'] is True and check.writes == 0, check.requests
    run = resource('links', 'merged', [INTRA, INTER], diff=True, deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    assert run['changed'] is True
    # check mode planned what the run did
    assert (check['after'], check.diff, check['deploy']) == (run['after'], run.diff, run['deploy'])
    assert sorted(run.diff['after']) == sorted([INTRA_KEY, INTER_KEY]) and run.diff['before'] == {}
    sn = serials(emu)
    # legacy: one create per link; 4.2: one create of both; then one deploy of the two switches the links touch (the edge
    # router is not managed)
    assert run['requests'] == on_api(
        emu, ['POST /control/links', 'POST /control/links', 'POST /control/fabrics/site-a/config-deploy/%s,%s' % (sn[SPINE], sn[LEAF])],
        ['POST /links', 'POST /fabrics/site-a/switchActions/deploy']), run['requests']
    assert run['deployment'] == {SPINE: 'IN-SYNC', LEAF: 'IN-SYNC'}
    # one read of the inventory of each fabric named, one of the fabric's links, then the wait's reads of the inventory
    inventory, links = reads(emu)
    assert run.requests[links] == 1 and run.requests[inventory] >= 3
    assert check.requests[links] == 1 and check.requests[inventory] == 2
    # on the controller, as the templates name the settings
    stored = controller_links(emu)
    intra = stored[((SPINE, 'Ethernet1/49'), (LEAF, 'Ethernet1/49'))]
    assert intra['templateName'] == 'int_intra_fabric_num_link'
    assert {key: intra['nvPairs'][key] for key in ('PEER1_IP', 'PEER2_IP', 'MTU', 'ADMIN_STATE', 'PEER1_DESC', 'ENABLE_MACSEC')} == {
        'PEER1_IP': '10.4.0.1', 'PEER2_IP': '10.4.0.2', 'MTU': '9216', 'ADMIN_STATE': 'true', 'PEER1_DESC': 'to leaf-2',
        'ENABLE_MACSEC': 'false'}
    inter = stored[((LEAF, 'Ethernet1/50'), ('edge-router-1', 'Ethernet1/1'))]
    assert inter['sw2-info']['sw-serial-number'] == 'edge-router-1-site-dc1'
    assert {key: inter['nvPairs'][key] for key in ('IP_MASK', 'NEIGHBOR_IP', 'asn', 'NEIGHBOR_ASN')} == {
        'IP_MASK': '192.168.60.1/30', 'NEIGHBOR_IP': '192.168.60.2', 'asn': '65001', 'NEIGHBOR_ASN': '65011'}
    # the result in the module's terms: the address of each end with the link's prefix length
    after = {(item['src_switch'], item['dst_switch']): item for item in run['after']}
    assert after[(LEAF, 'edge-router-1')]['dst_ip'] == '192.168.60.2/30' and after[(SPINE, LEAF)]['mtu'] == 9216
    assert any('edge-router-1 is not in fabric site-dc1' in warning for warning in run['warnings'])
    # the rerun, then the same links, their ends given the other way round, in check mode: the same links, nothing to change
    again, turned = resource.steps('links', [dict(state='merged', config=[INTRA, INTER], deploy=True),
                                             dict(state='merged', config=[swapped(INTRA), swapped(INTER)], deploy=True, check=True)])
    assert again.play.rc == 0, again.play.output[-3000:]
    assert again['changed'] is False and again.writes == 0 and again.play.total('changed') == 0, again.requests
    assert turned['changed'] is False and turned.writes == 0, turned.requests
    run.play.assert_no_secrets(ADMIN_PASSWORD)


def test_gathered_fed_to_merged_and_to_replaced_changes_nothing(resource, emu):
    assert resource('links', 'merged', [INTRA, INTER]).play.rc == 0
    # gathered in a run of its own: its reads below are those of a run's first task
    gathered = resource('links', 'gathered')
    assert gathered.play.rc == 0 and gathered.writes == 0
    # the fabric's inventory and its links, one read each
    assert tuple(gathered.requests[read] for read in reads(emu)) == (1, 1), gathered.requests
    found = {(item['src_switch'], item['src_interface']): item for item in gathered['gathered']}
    assert found[(SPINE, 'Ethernet1/49')] == {
        'src_fabric': 'site-a', 'src_switch': SPINE, 'src_interface': 'Ethernet1/49', 'dst_fabric': 'site-a', 'dst_switch': LEAF,
        'dst_interface': 'Ethernet1/49', 'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2',
        'mtu': 9216, 'enabled': True, 'src_description': 'to leaf-2', 'dst_description': '',
        'template_params': {'ENABLE_MACSEC': 'false'}}
    assert found[(LEAF, 'Ethernet1/50')]['src_asn'] == '65001'
    states = ('merged', 'replaced')
    fed_back = resource.steps('links', [dict(state=state, config=gathered['gathered']) for state in states])
    assert fed_back[0].play.rc == 0, fed_back[0].play.output[-3000:]
    for state, run in zip(states, fed_back):
        assert run['changed'] is False and run.writes == 0, (state, run.requests)


def test_overridden_and_deleted_act_on_the_fabrics_links_with_a_template_only(resource, emu):
    changed = dict(INTRA, mtu=1500)
    _made, run = resource.steps('links', [dict(state='merged', config=[INTRA, INTER], deploy=True),
                                          dict(state='overridden', config=[changed], diff=True, deploy=True)])
    assert run.play.rc == 0, run.play.output[-3000:]
    # the link not listed goes, the listed one changes in place (its uuid kept), then one deploy
    assert [request.split(' ')[0] for request in run['requests']] == ['DELETE', 'PUT', 'POST'] if emu.legacy_paths else [
        'POST', 'PUT', 'POST'], run['requests']
    assert run['requests'][1].startswith(on_api(emu, 'PUT /control/links/LINK-UUID-', 'PUT /links/LINK-UUID-'))
    assert [item['mtu'] for item in run['after']] == [1500] and set(run.diff['before']) == {INTRA_KEY, INTER_KEY}
    assert list(controller_links(emu)) == [((SPINE, 'Ethernet1/49'), (LEAF, 'Ethernet1/49'))]
    assert controller_links(emu)[((SPINE, 'Ethernet1/49'), (LEAF, 'Ethernet1/49'))]['nvPairs']['MTU'] == '1500'
    assert controller_links(emu, 'site-dc1') == {}
    # replaced brings the MTU back to the template's default
    replaced = resource('links', 'replaced', [INTRA])
    assert replaced.play.rc == 0 and replaced['after'][0]['mtu'] == 9216, replaced.play.output[-3000:]
    # deleted, the link named by its ends the other way round
    deleted = resource('links', 'deleted', [{key: value for key, value in swapped(INTRA).items() if 'interface' in key or 'switch' in key}])
    assert deleted.play.rc == 0, deleted.play.output[-3000:]
    uuid = run['requests'][1].rsplit('/', 1)[1]
    assert deleted['requests'] == on_api(emu, ['DELETE /control/links/%s' % uuid], ['POST /linkActions/remove'])
    assert deleted['after'] == [] and controller_links(emu) == {}
    again = resource('links', 'deleted', [INTRA])
    assert again.play.rc == 0 and again['changed'] is False and again.writes == 0, again.requests


def test_a_link_the_controller_refuses_fails_the_task_naming_it_and_the_rerun_deploys_what_was_made(resource, emu):
    bad = dict(INTRA, src_interface='Ethernet1/77', dst_interface='Ethernet1/77', src_ip='10.4.0.5', dst_ip='10.4.0.6')
    run = resource('links', 'merged', [INTRA, bad], deploy=True)
    assert run.play.rc == 2
    bad_key = '%s Ethernet1/77 -- %s Ethernet1/77' % (LEAF, SPINE)
    assert run['failed_items'] == {bad_key: 'Invalid interface Ethernet1/77 for switch %s' % serials(emu)[SPINE]}
    assert run['succeeded_items'] == [INTRA_KEY] and run['changed'] is True
    assert '1 of 2 items failed while changing links (nothing was deployed)' in run['msg']
    assert run['requests'] == on_api(emu, ['POST /control/links', 'POST /control/links'], ['POST /links'])
    # the rerun sends what is still needed: the deploy the failure left out
    rerun = resource('links', 'merged', [INTRA], deploy=True)
    assert rerun.play.rc == 0, rerun.play.output[-3000:]
    sn = serials(emu)
    assert rerun['requests'] == [on_api(emu, 'POST /control/fabrics/site-a/config-deploy/%s,%s' % (sn[SPINE], sn[LEAF]),
                                        'POST /fabrics/site-a/switchActions/deploy')], rerun['requests']
    assert rerun['changed'] is True and rerun['deployment'] == {SPINE: 'IN-SYNC', LEAF: 'IN-SYNC'}


def test_intent_that_cannot_work_is_refused_before_any_write(resource, emu):
    config = [
        {'src_switch': LEAF, 'src_interface': 'Ethernet1/10', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/11',
         'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.1.1', 'dst_ip': '10.4.1.2'},
        {'src_switch': SPINE, 'src_interface': 'Ethernet1/12', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/12',
         'template': 'ext_fabric_setup'},
        {'src_switch': SPINE, 'src_interface': 'Ethernet1/13', 'dst_switch': 'no-such-switch', 'dst_interface': 'Ethernet1/13',
         'template': 'int_intra_fabric_unnum_link'},
        {'src_switch': SPINE, 'src_interface': 'Ethernet1/14', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/14',
         'template': 'int_intra_fabric_unnum_link', 'src_ip': '10.4.2.1'},
        {'src_switch': SPINE, 'src_interface': 'Ethernet1/14', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/15',
         'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.3.1/30', 'dst_ip': '10.4.3.2', 'mtu': 10000},
        {'src_switch': LEAF, 'src_interface': 'Ethernet1/49', 'dst_switch': SPINE, 'dst_interface': 'Ethernet1/20',
         'template': 'int_intra_fabric_unnum_link'},
        # issue 36 item 4: a numbered link's two addresses in no one /30
        {'src_switch': SPINE, 'src_interface': 'Ethernet1/16', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/16',
         'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.0.1', 'dst_ip': '10.9.0.2'},
    ]
    messages = [
        'both ends are on switch %s; a link joins two switches' % LEAF,
        'template ext_fabric_setup is for inter-fabric links; an intra-fabric link takes one of',
        'switch no-such-switch is not in fabric site-a',
        'template int_intra_fabric_unnum_link takes no src_ip',
        'interface Ethernet1/14 of switch %s is an end of link' % SPINE,
        "src_ip '10.4.3.1/30' is not an IP address; give the address alone",
        'mtu 10000 must be from 576 to 9216',
        'interface Ethernet1/49 of switch %s is already an end of %s' % (LEAF, INTRA_KEY),
        'link %s Ethernet1/16 -- %s Ethernet1/16: src_ip 10.4.0.1 and dst_ip 10.9.0.2 are not in one /30 subnet' % (LEAF, SPINE),
    ]
    # one play: INTRA made, then the task in check mode and for real
    made, check, run = resource.steps('links', [dict(state='merged', config=[INTRA]),
                                                dict(state='merged', config=config, check=True, may_fail=True),
                                                dict(state='merged', config=config, may_fail=True)])
    assert made['failed'] is False, made.play.output[-3000:]
    assert run['failed'] is True and run.writes == 0, run.requests
    for message in messages:
        assert message in run['msg'], (message, run['msg'])
    # check mode refuses it too; what rests on the fabric as it is (a switch not in it yet, a port another link holds) warns
    assert check['failed'] is True and check.writes == 0
    assert 'no-such-switch' not in check['msg'] and any('no-such-switch' in warning for warning in check['warnings'])
    assert 'Traceback' not in run.play.output + check.play.output


PAIR = ('switch-3', 'switch-4')


def paired_leaves(emu):  # pylint: disable=redefined-outer-name
    """Leaves switch-3 and switch-4 (10.1.0.3, 10.1.0.4) discovered into site-a and paired, through the controller's legacy
    API as a user's earlier task would, their peer-link's members Ethernet1/53 and Ethernet1/54 on each."""
    session = emu.login()
    addresses = ['10.1.0.3', '10.1.0.4']
    inventory_url = emu.legacy_url(LAN_FABRIC + '/control/fabrics/site-a/inventory/switchesByFabric')
    answer = session.post(emu.legacy_url(LAN_FABRIC + '/control/fabrics/site-a/inventory/discover'), timeout=10, json={
        'seedIP': ','.join(addresses), 'switches': [{'ipaddr': address} for address in addresses], 'preserveConfig': True,
        'role': 'leaf'})
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 10
    while True:
        inventory = {switch['ipAddress']: switch for switch in session.get(inventory_url, timeout=10).json()}
        if all(address in inventory and inventory[address]['managable'] for address in addresses):
            break
        assert time.monotonic() < deadline, inventory
        time.sleep(0.1)
    first, second = sorted((inventory[address] for address in addresses), key=lambda switch: PAIR.index(switch['logicalName']))
    answer = session.post(emu.legacy_url(LAN_FABRIC + '/vpcpair'), timeout=10, json={
        'peerOneId': first['serialNumber'], 'peerTwoId': second['serialNumber'], 'useVirtualPeerlink': False,
        'templateName': 'vpc_pair', 'nvPairs': {'PEER1_MEMBER_INTERFACES': 'Ethernet1/53,Ethernet1/54',
                                                'PEER2_MEMBER_INTERFACES': 'Ethernet1/53,Ethernet1/54'}})
    assert answer.status_code == 200, answer.text


def test_a_new_link_on_a_port_of_a_vpc_peer_link_is_refused_before_any_write(resource, emu):
    """Issue 36 item 3: the peer-link's member ports are the vPC pair's; check mode warns (an earlier task may change the
    pair's peer-link), a real run refuses, naming the link, the pair's switch and its peer-link."""
    paired_leaves(emu)
    link = {'src_switch': SPINE, 'src_interface': 'Ethernet1/53', 'dst_switch': PAIR[0], 'dst_interface': 'e1/53',
            'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.7.1', 'dst_ip': '10.4.7.2'}
    key = '%s Ethernet1/53 -- %s Ethernet1/53' % (SPINE, PAIR[0])
    # 4.2 lists a peer-link member's template, not its port-channel (docs/api/platform.yaml, ManageInterfacePolicy)
    message = ('link %s: interface Ethernet1/53 of switch %s is a member of the vPC peer-link%s of the vPC pair of switch %s'
               % (key, PAIR[0], on_api(emu, ' port-channel500', ''), PAIR[0]))
    check, run = resource.steps('links', [dict(state='merged', config=[link], check=True),
                                          dict(state='merged', config=[link], may_fail=True)])
    assert run['failed'] is True and run.writes == 0, run.requests
    assert message in run['msg'] and 'fabricops.dashboard.vpc_pairs' in run['msg'], run['msg']
    assert check['failed'] is False and check.writes == 0, check.play.output[-3000:]
    assert any(message in warning for warning in check['warnings']), check['warnings']


def rendered(play, tmp_path, emu, config):  # pylint: disable=redefined-outer-name
    """The rendered requests of ``config`` for the API of the run (offline, controller_api names it)."""
    result_file = tmp_path / 'rendered.json'
    outcome = play('resource_links.yml', extra_vars={
        'resource_state': 'rendered', 'resource_config': config, 'resource_deploy': True, 'result_file': str(result_file),
        'resource_controller_api': on_api(emu, 'legacy', 'manage')})
    assert outcome.rc == 0, outcome.output[-3000:]
    return json.loads(result_file.read_text(encoding='utf-8'))


def test_rendered_computes_the_requests_offline(play, tmp_path, emu):
    config = [dict(INTRA, src_switch='FDO0000SPINE', dst_switch='FDO0000LEAF'),
              dict(INTER, src_switch='FDO0000LEAF')]
    run = rendered(play, tmp_path, emu, config)
    assert emu.counters()['logins'] == 0 and emu.counters()['writes'] == 0
    assert [item['template'] for item in run['after']] == ['int_intra_fabric_num_link', 'ext_fabric_setup']
    # every switch is taken as one the controller manages, the far end of the inter-fabric link too
    if not emu.legacy_paths:
        create, deploy, far_end = run['rendered']
        assert (create['method'], create['path']) == ('POST', '/api/v1/manage/links')
        assert create['body']['links'][0] == {
            'srcFabricName': 'site-a', 'dstFabricName': 'site-a', 'srcSwitchId': 'FDO0000SPINE', 'dstSwitchId': 'FDO0000LEAF',
            'srcSwitchName': 'FDO0000SPINE', 'dstSwitchName': 'FDO0000LEAF', 'srcInterfaceName': 'Ethernet1/49',
            'dstInterfaceName': 'Ethernet1/49', 'configData': {'policyType': 'numbered', 'templateInputs': {
                'srcIp': '10.4.0.1', 'dstIp': '10.4.0.2', 'mtu': 9216, 'interfaceAdminState': True,
                'srcInterfaceDescription': 'to leaf-2', 'dstInterfaceDescription': '', 'macsec': False}}}
        assert create['body']['links'][1]['configData']['templateInputs']['srcIpAddressMask'] == '192.168.60.1/30'
        assert create['body']['links'][1]['configData']['templateInputs']['dstIpAddress'] == '192.168.60.2'
        assert (deploy['path'], deploy['body']) == ('/api/v1/manage/fabrics/site-a/switchActions/deploy',
                                                    {'switchIds': ['FDO0000SPINE', 'FDO0000LEAF']})
        assert far_end['body'] == {'switchIds': ['edge-router-1']}
        return
    first, second, deploy, far_end = run['rendered']
    assert first['method'] == 'POST' and first['path'] == LAN_FABRIC + '/control/links'
    assert first['body'] == {
        'sourceFabric': 'site-a', 'destinationFabric': 'site-a', 'sourceDevice': 'FDO0000SPINE', 'destinationDevice': 'FDO0000LEAF',
        'sourceSwitchName': 'FDO0000SPINE', 'destinationSwitchName': 'FDO0000LEAF', 'sourceInterface': 'Ethernet1/49',
        'destinationInterface': 'Ethernet1/49', 'templateName': 'int_intra_fabric_num_link',
        'nvPairs': {'PEER1_IP': '10.4.0.1', 'PEER2_IP': '10.4.0.2', 'MTU': '9216', 'ADMIN_STATE': 'true', 'PEER1_DESC': 'to leaf-2',
                    'PEER2_DESC': '', 'ENABLE_MACSEC': 'false'}}
    assert second['body']['nvPairs']['IP_MASK'] == '192.168.60.1/30' and second['body']['nvPairs']['NEIGHBOR_IP'] == '192.168.60.2'
    assert deploy['path'] == LAN_FABRIC + '/control/fabrics/site-a/config-deploy/FDO0000SPINE,FDO0000LEAF?forceShowRun=false'
    assert far_end['path'] == LAN_FABRIC + '/control/fabrics/site-dc1/config-deploy/edge-router-1?forceShowRun=false'


def test_rendered_is_what_the_run_sends(play, tmp_path, resource, emu):
    """The same intra-fabric link, its switches named by serial number: rendered lists the requests the run sends."""
    sn = serials(emu)
    config = [dict(INTRA, src_switch=sn[SPINE], dst_switch=sn[LEAF])]
    offline = rendered(play, tmp_path, emu, config)['rendered']
    run = resource('links', 'merged', config, deploy=True)
    assert run.play.rc == 0, run.play.output[-3000:]
    prefix = on_api(emu, LAN_FABRIC, '/api/v1/manage')
    assert ['%s %s' % (request['method'], request['path'].replace(prefix, '', 1).split('?')[0]) for request in offline] == run['requests']
    sent = [entry for entry in emu.request_log() if entry['method'] == 'POST' and entry['path'].endswith('links')][-1]['body']
    created = offline[0]['body']
    if not emu.legacy_paths:
        sent, created = sent['links'][0], created['links'][0]
        # offline, a switch's name is the name given (here its serial number); the run sends the name the fabric has
        created.update(srcSwitchName=SPINE, dstSwitchName=LEAF)
    else:
        created.update(sourceSwitchName=SPINE, destinationSwitchName=LEAF)
    assert created == sent
