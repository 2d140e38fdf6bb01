"""The role fabricops.dashboard.fabric on a 4.2.1 dashboard that serves no legacy path (its modules speak /api/v1/manage):
fo-small's NaC repository, as test_fabric_model.py runs it on the legacy API. What 4.2 does not carry is refused by the
model's keys that lead to it, and the deploy stage by name, before any write; the model without them goes through the
other stages, reruns with no write, and one change is previewed and applied as exactly that, while the remove stage removes
what the model no longer names where NaC's flags say so."""

import pytest
import yaml
from dashboard_emulator.pytest_plugin import RELEASE_42, SHORT_TIMES, STARTUP_TIMEOUT
from dashboard_emulator.testing import EmulatorProcess

from conftest import read_controller  # pylint: disable=import-error
from test_fabric_model import LAB, ND_PASSWORD, OSPF_KEY, SWITCH_PASSWORD, listed, role_repository, run_role  # pylint: disable=import-error

ON_42 = 'on the /api/v1/manage API of release 4.2.1'
STAGES_42 = 'validate,preview,apply,remove'
# fo-small's keys 4.2 has no field for, as the refusal names them
REFUSED_FABRIC_KEYS = [
    'vxlan.global.ibgp.dns_servers', 'vxlan.global.ibgp.ntp_servers', 'vxlan.global.ibgp.route_reflectors',
    'vxlan.underlay.general.layer2_host_interface_mtu', 'vxlan.underlay.general.underlay_routing_loopback_id',
    'vxlan.underlay.general.underlay_routing_protocol_tag', 'vxlan.underlay.general.underlay_vtep_loopback_id',
    'vxlan.underlay.general.unshut_host_interfaces', 'vxlan.underlay.ipv4.fabric_interface_numbering', 'vxlan.underlay.ipv4.subnet_mask',
    'vxlan.underlay.ipv4.underlay_routing_loopback_ip_range', 'vxlan.underlay.ipv4.underlay_rp_loopback_ip_range',
    'vxlan.underlay.ipv4.underlay_subnet_ip_range', 'vxlan.underlay.ipv4.underlay_vtep_loopback_ip_range',
    'vxlan.underlay.multicast.underlay_primary_rp_loopback_id', 'vxlan.underlay.multicast.underlay_rp_loopback_id',
    'vxlan.underlay.ospf.area_id', 'vxlan.underlay.ospf.authentication_enable', 'vxlan.underlay.ospf.authentication_key',
    'vxlan.underlay.ospf.authentication_key_id']
# fo-leaf-1's interfaces (host_vars/fo-small/topology.nac.yaml, read first: its switch is the merged model's first)
LEAF_1 = 'vxlan.topology.switches[0].interfaces'


@pytest.fixture(scope='module')
def lab_42(tmp_path_factory):
    """fo-small's six switches on a 4.2.1 dashboard that serves no legacy path, with no fabric at all."""
    process = EmulatorProcess(workdir=tmp_path_factory.mktemp('fabric-lab-42'), release=RELEASE_42, legacy_paths=False,
                              extra_args=['--lab', str(LAB), '--seed', 'empty', *SHORT_TIMES], startup_timeout=STARTUP_TIMEOUT)
    with process:
        yield process


def edit(path, change):
    document = yaml.safe_load(path.read_text(encoding='utf-8'))
    change(document['vxlan'])
    path.write_text(yaml.safe_dump(document), encoding='utf-8')


def without_what_4_2_refuses(model_dir):
    """fo-small's model as the refusal tells to make it: the fabric keys 4.2 has no field for out, and the port-channel and
    the routed port of fo-leaf-1 out of the model."""
    def underlay(vxlan):
        general = vxlan['underlay']['general']
        vxlan['underlay'] = {'general': {key: general[key] for key in ('routing_protocol', 'replication_mode',
                                                                       'intra_fabric_interface_mtu', 'enable_ipv6_underlay')}}

    def ibgp(vxlan):
        for key in ('route_reflectors', 'dns_servers', 'ntp_servers'):
            del vxlan['global']['ibgp'][key]

    def leaf_1(vxlan):
        switch = vxlan['topology']['switches'][0]
        switch['interfaces'] = [interface for interface in switch['interfaces'] if interface['mode'] not in ('trunk_po', 'routed')]
        switch['interfaces'][0].pop('duplex')

    edit(model_dir / 'underlay.nac.yaml', underlay)
    edit(model_dir / 'global.nac.yaml', ibgp)
    edit(model_dir / 'topology.nac.yaml', leaf_1)


def only_manage(requests):
    return sorted(key for key in requests if not key.split(' ', 1)[1].startswith(('/api/v1/', '/version.json')))


def test_the_role_on_4_2_refuses_what_it_does_not_carry_then_builds_reruns_with_no_write_and_applies_one_change(lab_42, tmp_path):
    repository = role_repository(tmp_path / 'repository')
    model_dir = repository / 'host_vars' / 'fo-small'
    reports = tmp_path / 'reports'
    # an access port's duplex: the accessHost policy of 4.2 has no field for it
    edit(model_dir / 'topology.nac.yaml', lambda vxlan: vxlan['topology']['switches'][0]['interfaces'][0].update(duplex='auto'))

    # fo-small as the legacy API builds it, every stage (the default): refused by key, before any write
    refused, writes, requests, found = run_role(lab_42, repository, reports)
    assert refused.rc != 0 and writes == 0, requests
    assert sorted(requests) == ['GET /version.json', 'POST /api/v1/infra/login'], requests   # the release, the run's one login
    refused.assert_no_secrets(OSPF_KEY, SWITCH_PASSWORD, ND_PASSWORD)
    assert found['preview'] is None and found['apply'] is None
    assert ('the vxlan model has 24 problems %s, nothing was written (every one is listed in problems): fabric_stages: deploy: '
            "the fabric's save and deploy is not done through the /api/v1/manage API of release 4.2.1" % ON_42) in refused.output
    assert ("fabric_stages: deploy: the fabric's save and deploy is not done through the /api/v1/manage API of release 4.2.1 (the "
            "fabrics module refuses it there: the name of 4.2's fabric deploy action is not settled). Leave deploy out of "
            'fabric_stages') in refused.output
    for path in REFUSED_FABRIC_KEYS + [LEAF_1 + '[0].duplex', LEAF_1 + '[1].mode', LEAF_1 + '[2].mode']:
        assert '"path": "%s"' % path in refused.output, path
    assert ('"msg": "the fabric object of the /api/v1/manage API of release 4.2.1 has no field for OSPF_AUTH_KEY, which this key '
            "sets: remove the key (the controller keeps its own value), or use controller_api: legacy on a dashboard that serves "
            'the legacy API.", "path": "vxlan.underlay.ospf.authentication_key"') in refused.output
    assert ('"msg": "mode trunk_po (a port-channel) is not carried by the /api/v1/manage API of release 4.2.1: the interfaces '
            'module has no recorded interface type or policy fields for a port-channel there. Keep this interface out of the '
            'model, or use controller_api: legacy') in refused.output
    assert ('"msg": "the accessHost policy of the /api/v1/manage API of release 4.2.1 has no field for PORT_DUPLEX_MODE, which '
            'this key sets: remove the key') in refused.output
    assert refused.output.count('"path": "vxlan.') == 23   # and fabric_stages: 24

    # the model as the refusal says, without the deploy: every other stage on 4.2
    without_what_4_2_refuses(model_dir)
    play, writes, requests, found = run_role(lab_42, repository, reports, fabric_stages=STAGES_42)
    assert play.rc == 0, play.output[-4000:]
    play.assert_no_secrets(SWITCH_PASSWORD, ND_PASSWORD)
    assert lab_42.counters()['logins'] == 2 and requests['POST /api/v1/infra/login'] == 1   # one login per run
    assert only_manage(requests) == [] and 'POST /api/v1/manage/fabrics' in requests, requests
    fabric = read_controller(lab_42, '/control/fabrics/fo-small')
    assert fabric['templateName'] == 'Easy_Fabric'
    settings = fabric['nvPairs']
    assert (settings['BGP_AS'], settings['ANYCAST_GW_MAC'], settings['L2_SEGMENT_ID_RANGE'], settings['REPLICATION_MODE']) == (
        '65120', '0000.5e00.5301', '30000-49000', 'Multicast')
    switches = read_controller(lab_42, '/control/fabrics/fo-small/inventory/switchesByFabric')
    assert sorted((switch['ipAddress'], switch['serialNumber'], switch['logicalName'], switch['switchRole']) for switch in switches) == [
        ('192.0.2.21', 'FOS2201SP01', 'fo-spine-1', 'spine'), ('192.0.2.22', 'FOS2201SP02', 'fo-spine-2', 'spine'),
        ('192.0.2.31', 'FOS2201LF01', 'fo-leaf-1', 'leaf'), ('192.0.2.32', 'FOS2201LF02', 'fo-leaf-2', 'leaf'),
        ('192.0.2.33', 'FOS2201LF03', 'fo-leaf-3', 'leaf'), ('192.0.2.34', 'FOS2201LF04', 'fo-leaf-4', 'border')]
    serials = {switch['serialNumber']: switch['ipAddress'] for switch in switches}
    attached = {network['networkName']: sorted((serials[entry['switchSerialNo']], entry['portNames'], entry['vlanId'])
                                               for entry in network['lanAttachList'] if entry['isLanAttached'])
                for network in read_controller(lab_42, '/top-down/fabrics/fo-small/networks/attachments?network-names=fo-web,fo-app,fo-db')}
    assert attached == {
        'fo-web': [('192.0.2.31', 'Ethernet1/11,Ethernet1/12', 2401), ('192.0.2.33', 'Ethernet1/11', 2401)],
        'fo-app': [('192.0.2.31', '', 2402), ('192.0.2.32', '', 2402)],
        'fo-db': [('192.0.2.34', '', 2403)]}
    vrfs = {vrf['vrfName']: sorted(serials[entry['switchSerialNo']] for entry in vrf['lanAttachList'] if entry['isLanAttached'])
            for vrf in read_controller(lab_42, '/top-down/fabrics/fo-small/vrfs/attachments?vrf-names=fo-red,fo-green,fo-blue')}
    assert vrfs == {'fo-red': ['192.0.2.31', '192.0.2.32', '192.0.2.33', '192.0.2.34'], 'fo-green': ['192.0.2.31', '192.0.2.32'],
                    'fo-blue': ['192.0.2.34']}
    # the preview listed the whole fabric as apply then made it, but for what the switches bring with them (a cabled link, a
    # port), which the preview of a fabric not made yet cannot read: listed added, then changed by apply
    preview, applied = found['preview'], found['apply']
    brought = [('links', 'fo-leaf-3 Ethernet1/49 -- fo-spine-1 Ethernet1/3'), ('interfaces', 'fo-leaf-1 Ethernet1/20')]
    assert [(resource, name, 'changed' if (resource, name) in brought else action) for resource, name, action in listed(preview)] \
        == listed(applied)
    assert ('vpc_pairs', 'fo-leaf-1~fo-leaf-2', 'added') in listed(applied)
    assert ('interfaces', 'fo-leaf-1 Loopback10', 'added') in listed(applied)
    assert ('policies', 'fo-leaf-2 switch_freeform "nac_login_banner"', 'added') in listed(applied)
    assert preview['changes'][0]['values']['template_params'] == {}   # NaC's defaults of what 4.2 has no field for: not sent
    assert found['remove']['changes'] == []

    # a rerun of the same model: nothing written, both reports empty
    rerun, writes, requests, found = run_role(lab_42, repository, reports, fabric_stages=STAGES_42)
    assert rerun.rc == 0, rerun.output[-4000:]
    assert writes == 0, requests
    assert found['preview']['changes'] == [] == found['apply']['changes']

    # one network's VLAN changed: previewed and applied as exactly that; fo-blue and its network fo-db out of the model with
    # NaC's flags for them on: removed, the rest kept
    def web_vlan_and_no_db(vxlan):
        vxlan['overlay']['networks'][0]['vlan_id'] = 2411
        vxlan['overlay']['networks'].pop(2)

    def no_banner_on_leaf_2_nor_peer_link_54(vxlan):
        vxlan['policy']['switches'].pop(1)
        for side in ('peer1_peerlink_interfaces', 'peer2_peerlink_interfaces'):
            vxlan['topology']['vpc_peers'][0][side].pop(1)

    edit(model_dir / 'networks.nac.yaml', web_vlan_and_no_db)
    edit(model_dir / 'vrfs.nac.yaml', lambda vxlan: vxlan['overlay']['vrfs'].pop(2))
    # and fo-leaf-2's policy-group policy and the peer-link's Ethernet1/54, with their flags on too
    edit(model_dir / 'topology.nac.yaml', no_banner_on_leaf_2_nor_peer_link_54)
    change, writes, requests, found = run_role(lab_42, repository, reports, fabric_stages=STAGES_42, network_delete_mode=True,
                                               vrf_delete_mode=True, policy_delete_mode=True, link_vpc_delete_mode=True)
    assert change.rc == 0, change.output[-4000:]
    expected = [{'resource': 'networks', 'name': 'fo-web', 'action': 'changed', 'fields': [{'field': 'vlan_id', 'old': 2401, 'new': 2411}]}]
    assert found['preview']['changes'] == expected == found['apply']['changes']
    assert listed(found['remove']) == [
        ('policies', 'fo-leaf-2 switch_freeform "nac_login_banner"', 'removed'), ('networks', 'fo-db', 'removed'),
        ('vrfs', 'fo-blue', 'removed'), ('links', 'fo-leaf-1 Ethernet1/54 -- fo-leaf-2 Ethernet1/54', 'removed')]
    web = read_controller(lab_42, '/top-down/fabrics/fo-small/networks/attachments?network-names=fo-web')[0]['lanAttachList']
    assert {entry['vlanId'] for entry in web if entry['isLanAttached']} == {2411}
    assert sorted(network['networkName'] for network in read_controller(lab_42, '/top-down/fabrics/fo-small/networks')) == ['fo-app', 'fo-web']
    assert sorted(vrf['vrfName'] for vrf in read_controller(lab_42, '/top-down/fabrics/fo-small/vrfs')) == ['fo-green', 'fo-red']
