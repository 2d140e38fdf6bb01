"""controller_api on a 4.2 emulator: which API a resource task speaks, and what it says when it cannot speak the one asked for.

Each test is one play of tests/integration/playbooks/controller_api.yml (policies) or controller_api_fabrics.yml
(fabrics, two plays: the run and its rerun), whose tasks' results come back together; what the emulator counted is what went over the wire.
"""

import json

from dashboard_emulator.pytest_plugin import RELEASE_42

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.manage import TEMPLATE_KEYS
from conftest import LAN_FABRIC, read_controller

ADMIN_PASSWORD = 'Admin-Passw0rd!'


def run_play(play, emulator, tmp_path, extra=None, env=None, playbook='controller_api.yml'):
    """(play run, the results of its tasks by register name, writes and requests the emulator counted during it)."""
    result_file = tmp_path / 'result.json'
    before = emulator.counters()
    if result_file.exists():
        result_file.unlink()
    run = play(playbook, extra_vars=dict(extra or {}, result_file=str(result_file)),
               env=dict({'DASHBOARD_HOST': emulator.base_url, 'DASHBOARD_CA_PATH': emulator.ca_path}, **(env or {})))
    after = emulator.counters()
    results = json.loads(result_file.read_text(encoding='utf-8'))['msg'] if result_file.exists() else {}
    requests = {key: sum(by_status.values()) - sum(before['requests'].get(key, {}).values())
                for key, by_status in after['requests'].items()}
    return run, results, after['writes'] - before['writes'], {key: count for key, count in requests.items() if count}


def test_on_4_2_serving_both_apis_auto_speaks_manage_legacy_when_asked_the_same_policies_and_bad_values_are_refused(
        play, emu_42, tmp_path):
    # rendered reads nothing: its policy names its switch by serial number
    serial = read_controller(emu_42, '/control/fabrics/site-a/inventory/switchesByFabric')[0]['serialNumber']
    # a policy to gather, made through the legacy API as cisco.dcnm makes one
    made = emu_42.login().post(emu_42.legacy_url(LAN_FABRIC + '/control/policies/bulk-create'), timeout=10, json={
        'nvPairs': {}, 'entityName': 'SWITCH', 'entityType': 'SWITCH', 'source': '', 'priority': '500',
        'description': 'both ways', 'templateName': 'feature_pim', 'serialNumber': serial})
    assert made.status_code == 200, made.text
    run, results, writes, requests = run_play(play, emu_42, tmp_path, extra={'controller_api_switch': serial})
    assert run.rc == 0, run.output[-3000:]
    # auto on a 4.2 that serves both: /api/v1/manage; controller_api legacy: the legacy paths; the same policies either way
    gathered, legacy = results['auto_gathered'], results['legacy_gathered']
    assert not gathered.get('failed') and not legacy.get('failed'), (gathered, legacy)
    assert [item['description'] for item in gathered['gathered']] == ['both ways'] and gathered['gathered'] == legacy['gathered']
    assert [key for key in requests if key.startswith('GET /api/v1/manage/fabrics/{fabricName}/policies')], requests
    assert [key for key in requests if key.startswith('GET %s/control/policies' % LAN_FABRIC)], requests
    assert writes == 0, requests
    # a value that does not exist: refused naming the option and the values it takes
    bad = results['bad_value']
    assert bad['failed'] is True
    assert "The controller_api option is 'unified'" in bad['msg'] and 'give auto' in bad['msg']
    # rendered reads nothing, so auto renders the legacy API
    assert [request['path'] for request in results['auto_rendered']['rendered']][0].startswith(LAN_FABRIC + '/control/policies')
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_wrong_environment_variable_is_refused_naming_it_before_any_login(play, emu_42, tmp_path):
    run, results, writes, requests = run_play(play, emu_42, tmp_path, extra={'controller_api_all': False, 'controller_api_expect_failures': True},
                                              env={'DASHBOARD_CONTROLLER_API': 'newest'})
    refused = results['auto_gathered']
    assert refused['failed'] is True, refused
    assert "The environment variable DASHBOARD_CONTROLLER_API is 'newest'" in refused['msg']
    assert 'auto' in refused['msg'] and 'legacy' in refused['msg'] and 'manage' in refused['msg']
    assert writes == 0 and not [key for key in requests if 'login' in key], requests
    assert run.total('failed') == 0  # ignored by the play, and the play went on


def test_on_4_2_serving_no_legacy_api_auto_speaks_manage_with_nothing_written(play, emulator_at_release, tmp_path):
    emulator = emulator_at_release(RELEASE_42, False)
    emulator.reset()
    run, results, writes, requests = run_play(play, emulator, tmp_path, extra={'controller_api_all': False})
    assert run.rc == 0, run.output[-3000:]
    gathered = results['auto_gathered']
    assert not gathered.get('failed') and gathered['gathered'] == [], gathered
    assert [key for key in requests if key.startswith('GET /api/v1/manage/fabrics/{fabricName}/policies')], requests
    assert not [key for key in requests if LAN_FABRIC in key], requests
    assert writes == 0, requests
    run.assert_no_secrets(ADMIN_PASSWORD)


NEW_FABRIC = {'name': 'site-m', 'bgp_asn': '65077', 'replication_mode': 'Ingress', 'fabric_mtu': 9000,
              'template_params': {'GRFIELD_DEBUG_FLAG': 'Enable'}}
# what the emulator's fabric object of /api/v1/manage carries of the options: all of them
SHARED_OPTIONS = ('name', 'template', 'bgp_asn', 'site_id', 'replication_mode', 'multicast_group_subnet', 'anycast_gateway_mac',
                  'fabric_mtu', 'underlay_routing', 'l2_segment_id_range', 'l3_partition_id_range', 'network_vlan_range',
                  'vrf_vlan_range', 'deployment_freeze')


def comparable(fabrics):
    """{name: the options both APIs carry, and the template_params /api/v1/manage types}."""
    shared = {}
    for fabric in fabrics:
        params = {key: value for key, value in fabric['template_params'].items() if key in TEMPLATE_KEYS}
        shared[fabric['name']] = dict({option: fabric.get(option) for option in SHARED_OPTIONS}, template_params=params)
    return shared


def test_fabrics_on_4_2_speak_manage_with_the_same_output_and_a_rerun_sends_nothing(play, emu_42, tmp_path):
    steps = {'fabric_steps': ['gather', 'merge', 'render'], 'new_fabric': NEW_FABRIC}
    run, results, writes, requests = run_play(play, emu_42, tmp_path, extra=steps, playbook='controller_api_fabrics.yml')
    assert run.rc == 0, run.output[-3000:]
    legacy, manage = results['legacy_gathered']['gathered'], results['auto_gathered']['gathered']
    assert comparable(manage) == comparable(legacy) and len(manage) == len(legacy) >= 1
    # one list read each for the two gathered and the merged tasks; the legacy API only for the task that asked for it
    assert requests['GET /api/v1/manage/fabrics'] == 2 and requests['GET %s/control/fabrics' % LAN_FABRIC] == 1, requests
    # merged on 4.2, auto: one create through /api/v1/manage, nothing through the legacy API
    merged = results['merged']
    assert merged['changed'] is True and merged['requests'] == ['POST /fabrics'], merged
    assert writes == 1 and requests['POST /api/v1/manage/fabrics'] == 1, requests
    assert [request['path'] for request in results['rendered']['rendered']] == ['/api/v1/manage/fabrics']
    assert results['rendered']['rendered'][0]['body']['management'] == {
        'type': 'vxlanIbgp', 'bgpAsn': '65077', 'replicationMode': 'ingress', 'fabricMtu': 9000, 'greenfieldDebugFlag': 'enable'}
    # the rerun, and what the legacy API reads of the fabric created through /api/v1/manage
    steps = {'fabric_steps': ['gather', 'merge'], 'new_fabric': NEW_FABRIC}
    again, results, writes, requests = run_play(play, emu_42, tmp_path, extra=steps, playbook='controller_api_fabrics.yml')
    assert again.rc == 0, again.output[-3000:]
    assert results['merged']['changed'] is False and writes == 0, requests
    created = comparable(results['legacy_gathered']['gathered'])['site-m']
    assert created == comparable(results['auto_gathered']['gathered'])['site-m']
    assert (created['template'], created['bgp_asn'], created['replication_mode'], created['fabric_mtu'],
            created['template_params']['GRFIELD_DEBUG_FLAG']) == ('Easy_Fabric', '65077', 'Ingress', 9000, 'Enable')
    again.assert_no_secrets(ADMIN_PASSWORD)
