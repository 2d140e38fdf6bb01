"""fabricops.dashboard.links on what only the /api/v1/manage API of a 4.2 platform does: what it cannot carry (refused before
any request or write), a frozen fabric, and what the module sends there. The emulator's fabric site-a (site-a-spine-1,
site-a-leaf-2). The run, rerun, check mode, diff, partial failure, gathered and rendered run on both APIs in
test_links.py.

The tests run on a 4.2.1 platform that serves no legacy path; the setup (freezing the fabric) goes through the
emulator's legacy view, which the module cannot reach.
"""

from dashboard_emulator.pytest_plugin import RELEASE_42, emu_of_each

from conftest import LAN_FABRIC, read_controller

emu = emu_of_each(((RELEASE_42, False),))

SPINE, LEAF = 'site-a-spine-1', 'site-a-leaf-2'
NUMBERED = {'src_switch': SPINE, 'src_interface': 'Ethernet1/49', 'dst_switch': '10.1.0.2', 'dst_interface': 'Ethernet1/49',
            'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2'}
KEY = '%s Ethernet1/49 -- %s Ethernet1/49' % (LEAF, SPINE)


def manage_writes(emu):  # pylint: disable=redefined-outer-name
    """[(method, path, body)] of the /api/v1/manage writes the emulator served since its reset."""
    return [(entry['method'], entry['path'], entry['body']) for entry in emu.request_log() if entry['path'].startswith('/api/v1/manage/')]


def test_what_4_2_cannot_carry_is_refused_before_any_request_or_write(resource, emu):
    # from config alone: a template with no 4.2 policy type, a template parameter with no 4.2 input
    refusals = (
        (dict(NUMBERED, template='ios_xe_int_intra_fabric_num_link'),
         'config[0]: template ios_xe_int_intra_fabric_num_link has no policy type on the /api/v1/manage API (ND 4.2 and later)'),
        (dict(NUMBERED, template_params={'BFD_ECHO_DISABLE': True}),
         'config[0]: template_params BFD_ECHO_DISABLE has no template input on the /api/v1/manage API'))
    # from the plan: the source address of a multisite overlay link is SOURCE_IP, which no 4.2 input carries
    overlay = {'src_switch': LEAF, 'src_interface': 'Ethernet1/50', 'dst_fabric': 'site-dc1', 'dst_switch': 'edge-router-1',
               'dst_interface': 'Ethernet1/1', 'template': 'ext_evpn_multisite_overlay_setup', 'src_ip': '10.2.0.1',
               'dst_ip': '10.3.0.1'}
    runs = resource.steps('links', [dict(state='merged', config=[item], may_fail=True) for item, _message in refusals]
                          + [dict(state='merged', config=[overlay], may_fail=True)])
    for (_item, message), run in zip(refusals, runs):
        assert run['failed'] is True and run.writes == 0, run.requests
        assert message in run['msg'] and 'controller_api: legacy' in run['msg'] and 'Traceback' not in run.play.output, run['msg']
    assert not [key for key in runs[1].requests if '/links' in key], runs[1].requests
    run = runs[2]
    assert run['failed'] is True and run.writes == 0, run.requests
    assert 'src_ip (the template\'s SOURCE_IP) has no template input on the /api/v1/manage API' in run['msg'], run['msg']
    assert manage_writes(emu) == []


def test_a_frozen_fabric_refuses_a_task_that_deploys_before_any_write(resource, emu):
    session = emu.login()
    assert session.put(emu.legacy_url(LAN_FABRIC + '/control/fabrics/site-a/Easy_Fabric'), json={'DEPLOYMENT_FREEZE': True},
                       timeout=10).status_code == 200
    # one play: the task that deploys, refused; then without a deploy, which writes as usual: one create
    refused, made = resource.steps('links', [dict(state='merged', config=[NUMBERED], deploy=True, may_fail=True),
                                             dict(state='merged', config=[NUMBERED])])
    assert refused['failed'] is True and refused.writes == 0, refused.requests
    assert 'Fabric site-a is frozen' in refused['msg'] and 'Nothing was written' in refused['msg'], refused['msg']
    assert refused.requests['GET /api/v1/manage/fabrics/{fabricName}/deploymentFreeze'] == 1
    assert made['failed'] is False and made.writes == 1, made.requests


def test_what_4_2_is_sent_and_a_put_keeps_the_inputs_the_module_does_not_name(resource, emu):
    made = resource('links', 'merged', [NUMBERED])
    assert made.play.rc == 0, made.play.output[-3000:]
    serials = {switch['logicalName']: switch['serialNumber'] for switch in read_controller(
        emu, '/control/fabrics/site-a/inventory/switchesByFabric')}
    (method, path, body), = manage_writes(emu)
    # the leaf named by its address, sent by its id and name; the template by its policy type, the settings typed
    assert (method, path) == ('POST', '/api/v1/manage/links')
    assert body == {'links': [{
        'srcFabricName': 'site-a', 'srcSwitchId': serials[SPINE], 'srcSwitchName': SPINE, 'srcInterfaceName': 'Ethernet1/49',
        'dstFabricName': 'site-a', 'dstSwitchId': serials[LEAF], 'dstSwitchName': LEAF, 'dstInterfaceName': 'Ethernet1/49',
        'configData': {'policyType': 'numbered', 'templateInputs': {
            'srcIp': '10.4.0.1', 'dstIp': '10.4.0.2', 'mtu': 9216, 'interfaceAdminState': True, 'srcInterfaceDescription': '',
            'dstInterfaceDescription': ''}}}]}
    # an input 4.2 has that the module does not name, given by another 4.2 client: a PUT sends it back unchanged
    link_id = emu.login().get(emu.url('/api/v1/manage/links'), params={'fabricName': 'site-a'}, timeout=10).json()['links'][0]['linkId']
    given = dict(body['links'][0], linkId=link_id)
    given['configData']['templateInputs']['bfdEchoOnSrcInterface'] = False
    assert emu.login().put(emu.url('/api/v1/manage/links/%s' % link_id), json=given, timeout=10).status_code == 200
    changed = resource('links', 'merged', [dict(NUMBERED, mtu=1500)])
    assert changed.play.rc == 0 and changed['requests'] == ['PUT /links/%s' % link_id], changed.play.output[-3000:]
    inputs = manage_writes(emu)[-1][2]['configData']['templateInputs']
    assert inputs['mtu'] == 1500 and inputs['bfdEchoOnSrcInterface'] is False, inputs
