"""Links: the options a user writes and the controller's link objects, both ways (pure, and the mapping over a fake client)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links import LINKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.legacy import LinkMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.nvpairs import nv_pairs, object_from_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.model import link_key, turned
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import Run
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import IntentChecks, IntentRefused
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController

MODEL = LINKS.model
INTRA_LINK = {
    'link-uuid': 'LINK-UUID-7', 'templateName': 'int_intra_fabric_num_link', 'fabricName': 'f1',
    'sw1-info': {'fabric-name': 'f1', 'sw-serial-number': 'SN1', 'sw-sys-name': 'spine-1', 'if-name': 'Ethernet1/49'},
    'sw2-info': {'fabric-name': 'f1', 'sw-serial-number': 'SN2', 'sw-sys-name': 'leaf-2', 'if-name': 'Ethernet1/49'},
    'nvPairs': {'PEER1_IP': '10.4.0.1', 'PEER2_IP': '10.4.0.2', 'MTU': '9216', 'ADMIN_STATE': 'false', 'PEER1_DESC': 'up',
                'PEER2_DESC': '', 'PEER1_CONF': 'no shut', 'ENABLE_MACSEC': 'false',
                # what the controller adds of its own
                'LINK_UUID': 'LINK-UUID-7', 'PEER1_SN': 'SN1', 'FABRIC1': 'f1', 'HOSTNAME2': 'leaf-2'},
}
INTER_LINK = {
    'link-uuid': 'LINK-UUID-8', 'templateName': 'ext_fabric_setup', 'fabricName': 'f1',
    'sw1-info': {'fabric-name': 'f1', 'sw-serial-number': 'SN2', 'sw-sys-name': 'leaf-2', 'if-name': 'Ethernet1/50'},
    'sw2-info': {'fabric-name': 'ext', 'sw-serial-number': 'edge-1-ext', 'sw-sys-name': 'edge-1', 'if-name': 'Ethernet1/1'},
    'nvPairs': {'IP_MASK': '192.168.60.1/30', 'NEIGHBOR_IP': '192.168.60.2', 'asn': '65001', 'NEIGHBOR_ASN': '65011', 'MTU': '9216',
                'PEER1_DESC': '', 'PEER2_DESC': '', 'AUTO_VRF_LITE_FLAG': 'false', 'SOURCE_SERIAL_NUMBER': 'SN2'},
}
# a link the controller discovered: no template
DISCOVERED = {
    'link-uuid': 'LINK-UUID-9', 'fabricName': 'f1', 'nvPairs': {},
    'sw1-info': {'fabric-name': 'f1', 'sw-serial-number': 'SN1', 'sw-sys-name': 'spine-1', 'if-name': 'Ethernet1/1'},
    'sw2-info': {'fabric-name': 'f1', 'sw-serial-number': 'SN2', 'sw-sys-name': 'leaf-2', 'if-name': 'Ethernet1/1'},
}
INVENTORY = [{'serialNumber': 'SN1', 'logicalName': 'spine-1', 'ipAddress': '10.1.0.1', 'ccStatus': 'In-Sync'},
             {'serialNumber': 'SN2', 'logicalName': 'leaf-2', 'ipAddress': '10.1.0.2', 'ccStatus': 'Out-of-Sync'}]


def by_name(_fabric, serial, name):
    return name or serial


def links_controller(links, answer_write=None):
    """The controller's answers to the mapping's reads: fabric f1's switches and ``links``, an empty fabric ext, switches
    with no vPC peer-link port (their interfaces)."""
    return FakeController({'/control/fabrics/f1/inventory/switchesByFabric': INVENTORY,
                           '/control/fabrics/ext/inventory/switchesByFabric': [], '/control/links/fabrics/f1': list(links),
                           '/interface': []},
                          answer_write=answer_write)


def refuse(request):
    """The controller's refusal of a link on a port its switch does not have."""
    raise ApiError('refused', 500, body='Invalid interface Ethernet1/77 for switch SN1', method=request.method, path=request.path)


def mapping_for(state, config, links=(INTRA_LINK, INTER_LINK, DISCOVERED), **params):
    client = links_controller(links)
    return LinkMapping(MODEL, client, dict({'fabric': 'f1', 'state': state, 'config': config}, **params)), client


def test_an_intra_fabric_link_in_the_modules_terms_without_what_the_controller_adds():
    obj, ends = object_from_controller(INTRA_LINK, by_name, 'f1')
    assert obj == {
        'name': 'leaf-2 Ethernet1/49 -- spine-1 Ethernet1/49', 'src_fabric': 'f1', 'src_switch': 'spine-1', 'src_interface': 'Ethernet1/49',
        'dst_fabric': 'f1', 'dst_switch': 'leaf-2', 'dst_interface': 'Ethernet1/49', 'template': 'int_intra_fabric_num_link',
        'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2', 'mtu': 9216, 'enabled': False, 'src_description': 'up', 'dst_description': '',
        'template_params': {'PEER1_CONF': 'no shut', 'ENABLE_MACSEC': 'false'}}
    assert ends == [('f1', 'SN1', 'Ethernet1/49'), ('f1', 'SN2', 'Ethernet1/49')]


def test_an_inter_fabric_link_gives_both_addresses_the_links_prefix_length():
    obj, _ends = object_from_controller(INTER_LINK, by_name, 'f1')
    assert obj['name'] == 'ext/edge-1 Ethernet1/1 -- leaf-2 Ethernet1/50'
    assert (obj['src_ip'], obj['dst_ip'], obj['src_asn'], obj['dst_asn']) == ('192.168.60.1/30', '192.168.60.2/30', '65001', '65011')
    assert obj['template_params'] == {'AUTO_VRF_LITE_FLAG': 'false'} and 'enabled' not in obj


@pytest.mark.parametrize('link', [INTRA_LINK, INTER_LINK])
def test_the_nvpairs_sent_are_those_read_without_what_the_controller_adds(link):
    obj, _ends = object_from_controller(link, by_name, 'f1')
    derived = ('LINK_UUID', 'PEER1_SN', 'FABRIC1', 'HOSTNAME2', 'SOURCE_SERIAL_NUMBER')
    assert nv_pairs(obj) == {key: value for key, value in link['nvPairs'].items() if key not in derived}


def test_a_link_the_controller_discovered_is_not_the_modules():
    obj, ends = object_from_controller(DISCOVERED, by_name, 'f1')
    assert obj is None and ends[0] == ('f1', 'SN1', 'Ethernet1/1')


def test_a_links_key_does_not_depend_on_the_order_of_its_ends():
    obj, _ends = object_from_controller(INTRA_LINK, by_name, 'f1')
    assert link_key('f1', turned(obj)) == link_key('f1', obj) == obj['name']


def test_turning_a_link_round_swaps_each_ends_options_and_template_parameters():
    want = {'name': 'k', 'src_fabric': 'f1', 'src_switch': 'a', 'src_interface': 'Ethernet1/1', 'dst_fabric': 'ext', 'dst_switch': 'b',
            'dst_interface': 'Ethernet1/2', 'src_ip': '10.0.0.1/30', 'src_asn': '1', 'dst_asn': '2', 'mtu': 1500,
            'template_params': {'PEER1_CONF': 'x', 'PEER2_CONF': 'y', 'MACSEC': 'false'}}
    assert turned(want) == {'name': 'k', 'src_fabric': 'ext', 'src_switch': 'b', 'src_interface': 'Ethernet1/2', 'dst_fabric': 'f1',
                            'dst_switch': 'a', 'dst_interface': 'Ethernet1/1', 'dst_ip': '10.0.0.1/30', 'src_asn': '2',
                            'dst_asn': '1', 'mtu': 1500, 'template_params': {'PEER2_CONF': 'x', 'PEER1_CONF': 'y', 'MACSEC': 'false'}}


def test_a_task_item_in_the_models_terms():
    want = MODEL.from_task({'src_switch': 'a', 'src_interface': 'eth1/49', 'dst_switch': 'b', 'dst_interface': 'E1/49.10',
                            'template': 'int_intra_fabric_unnum_link', 'mtu': '1500', 'template_params': {'ENABLE_MACSEC': True}}, 0)
    assert want == {'name': 'config[0]', 'src_switch': 'a', 'src_interface': 'Ethernet1/49', 'dst_switch': 'b',
                    'dst_interface': 'Ethernet1/49.10', 'template': 'int_intra_fabric_unnum_link', 'mtu': 1500,
                    'template_params': {'ENABLE_MACSEC': 'true'}}


@pytest.mark.parametrize('item, message', [
    ({'src_interface': 'port-channel10'}, "src_interface 'port-channel10' is not an Ethernet port or sub-interface"),
    ({'dst_switch': ' '}, 'give dst_switch'),
    ({'mtu': 'jumbo'}, "mtu must be a whole number, not 'jumbo'"),
])
def test_a_task_item_that_is_no_link_is_refused(item, message):
    base = {'src_switch': 'a', 'src_interface': 'Ethernet1/1', 'dst_switch': 'b', 'dst_interface': 'Ethernet1/1'}
    with pytest.raises(ModelError, match=message):
        MODEL.from_task(dict(base, **item), 0)


def test_merged_gives_the_links_prefix_length_to_both_addresses_from_either_end():
    want = {'name': 'k', 'template': 'ext_fabric_setup', 'src_ip': '192.168.60.1', 'dst_ip': '192.168.60.2/30'}
    merged = MODEL.merged(None, want)
    assert (merged['src_ip'], merged['dst_ip'], merged['mtu']) == ('192.168.60.1/30', '192.168.60.2/30', 9216)
    assert 'enabled' not in merged  # an inter-fabric template takes no admin state


def test_replaced_resets_what_it_does_not_give_and_keeps_the_template_parameters_it_does_not_name():
    have, _ends = object_from_controller(INTRA_LINK, by_name, 'f1')
    replaced = MODEL.replaced(have, {'name': have['name'], 'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2'})
    assert (replaced['enabled'], replaced['src_description'], replaced['mtu']) == (True, '', 9216)
    assert replaced['template_params'] == have['template_params']
    # a new template starts from its own defaults: the old one's parameters go
    other = MODEL.merged(have, {'name': have['name'], 'template': 'int_intra_fabric_unnum_link'})
    assert other['template_params'] == {} and 'src_ip' not in other


def test_the_mapping_reads_the_fabric_once_and_keeps_only_links_with_a_template():
    mapping, client = mapping_for('gathered', [])
    have = mapping.read()
    assert sorted(have) == ['ext/edge-1 Ethernet1/1 -- leaf-2 Ethernet1/50', 'leaf-2 Ethernet1/49 -- spine-1 Ethernet1/49']
    assert client.read_paths() == ['/control/fabrics/f1/inventory/switchesByFabric', '/control/links/fabrics/f1']
    # the discovered link holds its ports
    assert mapping.ports[('f1', 'SN1', 'ethernet1/1')].startswith('a link the controller discovered')


def plan_of(state, config, **params):
    mapping, client = mapping_for(state, config, **params)
    have = mapping.read()
    wants = [MODEL.from_task(item, index) for index, item in enumerate(config)]
    changes = mapping.plan(MODEL, state, wants, have)
    return mapping, client, changes


def test_a_link_given_the_other_way_round_is_the_link_the_controller_holds():
    item = {'src_switch': '10.1.0.2', 'src_interface': 'ethernet1/49', 'dst_switch': 'SN1', 'dst_interface': 'Ethernet1/49',
            'src_ip': '10.4.0.2', 'dst_ip': '10.4.0.1', 'enabled': False, 'template_params': {'PEER2_CONF': 'no shut'}}
    mapping, _client, changes = plan_of('merged', [item])
    [change] = changes
    assert change.name == 'leaf-2 Ethernet1/49 -- spine-1 Ethernet1/49' and not change.changed
    assert change.after['src_switch'] == 'spine-1' and change.after['template_params']['PEER1_CONF'] == 'no shut'
    assert mapping.to_deploy(changes) == []


def test_deploy_pushes_the_switches_of_listed_links_left_out_of_sync_and_of_changed_links():
    item = {'src_switch': 'spine-1', 'src_interface': 'Ethernet1/49', 'dst_switch': 'leaf-2', 'dst_interface': 'Ethernet1/49'}
    mapping, _client, changes = plan_of('merged', [item], deploy=True)
    # nothing changes, but leaf-2 is out of sync
    assert mapping.to_deploy(changes) == ['leaf-2']
    mapping, _client, changes = plan_of('merged', [dict(item, mtu=1500)], deploy=True)
    assert mapping.to_deploy(changes) == ['spine-1', 'leaf-2']
    assert mapping.body(changes[0].after)['nvPairs']['MTU'] == '1500'


def test_overridden_deletes_the_fabrics_links_with_a_template_and_never_a_discovered_one():
    item = MODEL.for_output(object_from_controller(INTRA_LINK, by_name, 'f1')[0])  # as gathered: unchanged
    _mapping, _client, changes = plan_of('overridden', [item])
    assert [(change.name, change.action) for change in changes if change.changed] == [
        ('ext/edge-1 Ethernet1/1 -- leaf-2 Ethernet1/50', 'delete')]


def refusals(state, config):
    mapping, client, changes = plan_of(state, config)
    checks = IntentChecks()
    wants = []
    mapping.check_intent(state, wants, changes, checks)
    with pytest.raises(IntentRefused) as refused:
        checks.conclude()
    return str(refused.value), client


def test_a_new_link_on_an_interface_a_discovered_link_holds_is_refused():
    message, _client = refusals('merged', [{'src_switch': 'spine-1', 'src_interface': 'Ethernet1/1', 'dst_switch': 'leaf-2',
                                            'dst_interface': 'Ethernet1/2', 'template': 'int_intra_fabric_unnum_link'}])
    assert 'interface Ethernet1/1 of switch spine-1 is already an end of a link the controller discovered' in message


@pytest.mark.parametrize('item, message', [
    ({'template': 'ext_fabric_setup'}, 'template ext_fabric_setup is for inter-fabric links; an intra-fabric link takes one of'),
    ({'template': 'my_link'}, 'template my_link is not a link template the controller has'),
    ({'template': 'int_intra_fabric_num_link'}, 'template int_intra_fabric_num_link needs src_ip, dst_ip'),
    ({'template': 'int_pre_provision_intra_fabric_link', 'mtu': 1500}, 'template int_pre_provision_intra_fabric_link takes no mtu'),
    ({'template': 'int_intra_fabric_unnum_link', 'template_params': {'MTU': 1500}}, 'template_params MTU is what the option mtu sets'),
    ({'dst_fabric': 'ext', 'template': 'ext_fabric_setup', 'src_ip': '10.0.0.1/30', 'dst_ip': '10.0.1.2', 'src_asn': '1',
      'dst_asn': 'x'}, "dst_asn 'x' is not a BGP ASN"),
    ({'dst_fabric': 'ext', 'template': 'ext_fabric_setup', 'src_ip': '10.0.0.1/30', 'dst_ip': '10.0.1.2', 'src_asn': '1',
      'dst_asn': '2'}, 'are not in one subnet'),
    ({'dst_fabric': 'ext', 'template': 'ext_fabric_setup', 'src_ip': '10.0.0.1', 'dst_ip': '10.0.0.2', 'src_asn': '1',
      'dst_asn': '2'}, "src_ip '10.0.0.1' is not an address with the link's prefix length"),
    ({'src_fabric': 'ext', 'dst_fabric': 'ext', 'template': 'int_intra_fabric_unnum_link'}, 'the link has no end in fabric f1'),
])
def test_settings_that_cannot_work_are_refused(item, message):
    base = {'src_switch': 'spine-1', 'src_interface': 'Ethernet1/30', 'dst_switch': 'leaf-2', 'dst_interface': 'Ethernet1/30'}
    text, _client = refusals('merged', [dict(base, **item)])
    assert message in text, text


def test_links_all_refused_fail_the_task_naming_each_and_report_no_change():
    """The run goes on past a refused link; when every one was refused, nothing changed, however many were sent."""
    base = {'src_switch': 'spine-1', 'dst_switch': 'leaf-2', 'template': 'int_intra_fabric_unnum_link'}
    config = [dict(base, src_interface='Ethernet1/%d' % port, dst_interface='Ethernet1/%d' % port) for port in (77, 78)]
    client = links_controller([], answer_write=refuse)
    params = {'fabric': 'f1', 'state': 'merged', 'config': config}
    result = Run(LinkMapping(MODEL, client, params), False, False).result()
    assert result['failed'] is True and result['changed'] is False
    assert sorted(result['failed_items']) == ['leaf-2 Ethernet1/77 -- spine-1 Ethernet1/77', 'leaf-2 Ethernet1/78 -- spine-1 Ethernet1/78']
    assert result['succeeded_items'] == [] and result['requests'] == ['POST /control/links', 'POST /control/links']


def test_a_task_that_does_not_deploy_takes_the_runs_copy_of_the_switches_one_that_deploys_reads_their_sync_state():
    first, client = mapping_for('merged', [{'src_switch': 'spine-1', 'src_interface': 'e1/49', 'dst_switch': 'leaf-2', 'dst_interface': 'e1/49'}])
    first.read()
    # the copy the run keeps has no sync state: that is read fresh whenever a task deploys
    assert all('ccStatus' not in entry for entry in client.kept[('fabric_switches', 'f1')])
    config = [{'src_switch': '10.1.0.1', 'src_interface': 'e1/2', 'dst_switch': 'leaf-2', 'dst_interface': 'e1/2'}]
    second = LinkMapping(MODEL, client, {'fabric': 'f1', 'state': 'merged', 'config': config})
    client.reads.clear()
    second.read()
    assert client.read_paths() == ['/control/links/fabrics/f1']
    assert second.directories['f1'].serial_of('10.1.0.1', 'here') == 'SN1'
    deploying = LinkMapping(MODEL, client, {'fabric': 'f1', 'state': 'merged', 'config': config, 'deploy': True})
    client.reads.clear()
    deploying.read()
    assert client.read_paths() == ['/control/fabrics/f1/inventory/switchesByFabric', '/control/links/fabrics/f1']
    assert deploying.compliance[('f1', 'SN2')] == 'Out-of-Sync'
