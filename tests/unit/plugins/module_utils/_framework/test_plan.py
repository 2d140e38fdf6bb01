"""want/have/compare for every state, on the VRF and network models (pure: no controller needed)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan, scope_names, shape_result
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS as NETWORK_RESOURCE
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS as VRF_RESOURCE

NETWORKS = NETWORK_RESOURCE.model
VRFS = VRF_RESOURCE.model


def have_network(name='web', **changes):
    obj = NETWORKS.merged(None, {'name': name, 'network_id': 30001, 'vrf': 'blue', 'vlan_id': 2301})
    obj['template_params'] = {'nveId': '1'}
    obj['attach'] = {'SN1': {'switch': 'leaf-1', 'ports': ['Ethernet1/1', 'Ethernet1/2']}}
    obj.update(changes)
    return obj


def want(model, item, serials=None):
    partial = model.from_task(item, 0)
    for attachment in partial.get('attach') or []:
        attachment['serial'] = (serials or {}).get(attachment['switch'], attachment['switch'])
    return partial


def test_merged_changes_only_what_is_given_and_keeps_ports_and_template_params():
    have = {'web': have_network()}
    item = {'name': 'web', 'vlan_id': '2302', 'attach': [{'switch': 'leaf-1', 'ports': ['Ethernet1/3']}]}
    (change,) = plan(NETWORKS, 'merged', [want(NETWORKS, item, {'leaf-1': 'SN1'})], have)
    assert change.action == 'update'
    assert change.after['vlan_id'] == 2302 and change.after['vrf'] == 'blue' and change.after['template_params'] == {'nveId': '1'}
    assert change.after['attach']['SN1']['ports'] == ['Ethernet1/1', 'Ethernet1/2', 'Ethernet1/3']


def test_merged_with_what_is_there_changes_nothing():
    have = {'web': have_network()}
    item = {'name': 'web', 'vlan_id': 2301, 'mtu': '9216', 'template_params': {'nveId': 1}}
    (change,) = plan(NETWORKS, 'merged', [want(NETWORKS, item)], have)
    assert not change.changed


def test_replaced_resets_defaults_keeps_controller_chosen_ids_and_detaches_what_is_not_listed():
    have = {'web': have_network(mtu=1500, suppress_arp=True)}
    (change,) = plan(NETWORKS, 'replaced', [want(NETWORKS, {'name': 'web', 'vlan_id': 2301})], have)
    assert change.after['mtu'] == 9216 and change.after['suppress_arp'] is False
    assert change.after['network_id'] == 30001 and change.after['vrf'] == 'blue'
    assert change.attachments == {'SN1': ({'switch': 'leaf-1', 'ports': ['Ethernet1/1', 'Ethernet1/2']}, None)}


def test_an_attachment_vlan_equal_to_the_objects_own_is_no_change():
    have = {'web': have_network()}
    (change,) = plan(NETWORKS, 'merged', [want(NETWORKS, {'name': 'web', 'attach': [
        {'switch': 'leaf-1', 'ports': ['Ethernet1/1'], 'vlan': 2301}]}, {'leaf-1': 'SN1'})], have)
    assert not change.changed


def test_overridden_deletes_what_is_not_listed_and_deleted_without_config_deletes_all():
    have = {'web': have_network(), 'db': have_network('db')}
    changes = plan(NETWORKS, 'overridden', [want(NETWORKS, {'name': 'web', 'vrf': 'blue', 'vlan_id': 2301})], have)
    # web keeps its settings (template_params too) but loses its attachment; db goes
    assert [(c.name, c.action, sorted(c.attachments)) for c in changes] == [('web', None, ['SN1']), ('db', 'delete', ['SN1'])]
    assert [(c.name, c.action) for c in plan(NETWORKS, 'deleted', [], have)] == [('web', 'delete'), ('db', 'delete')]
    assert plan(NETWORKS, 'deleted', [want(NETWORKS, {'name': 'absent'})], have) == []


def test_an_id_is_left_to_the_controller_but_a_networks_vrf_is_not():
    # no vrf_id: a create the run completes with the controller's next free id
    assert [(c.name, c.action, c.after.get('vrf_id')) for c in plan(VRFS, 'merged', [want(VRFS, {'name': 'blue'})], {})] == [
        ('blue', 'create', None)]
    with pytest.raises(ModelError, match=r'network web does not exist yet, and creating it needs vrf \(or layer2_only: true\)'):
        plan(NETWORKS, 'merged', [want(NETWORKS, {'name': 'web'})], {})


@pytest.mark.parametrize('item, text', [
    ({'name': 'a b'}, 'is not a valid VRF name'),
    ({'name': 'blue', 'mtu': 10}, 'mtu 10 is out of range'),
    ({'name': 'blue', 'vlan_id': 'ten'}, 'vlan_id must be a whole number'),
    ({'name': 'blue', 'trm': 'maybe'}, 'trm must be true or false'),
    ({'name': 'blue', 'attach': [{'switch': ''}]}, 'every attach entry needs switch'),
])
def test_bad_input_says_what_is_wrong(item, text):
    with pytest.raises(ModelError, match=text):
        VRFS.from_task(item, 0)


def test_results_carry_before_after_and_a_diff_of_changed_objects_only():
    have = {'web': have_network(), 'db': have_network('db')}
    wants = [want(NETWORKS, {'name': 'web', 'vlan_id': 2302}), want(NETWORKS, {'name': 'db'})]
    changes = plan(NETWORKS, 'merged', wants, have)
    result = shape_result(NETWORKS, 'merged', changes, have, scope_names('merged', wants, have))
    assert result['changed'] is True
    assert [item['vlan_id'] for item in result['after']] == [2302, 2301]
    # one diff per changed object, under its own header, so --diff never pairs the lines of two objects (issue 36 item 10)
    assert [(entry['name'], entry['before_header'], entry['before']['vlan_id'], entry['after']['vlan_id'])
            for entry in result['diff']] == [('web', 'network web', 2301, 2302)]
    assert result['after'][0]['attach'] == [{'switch': 'leaf-1', 'ports': ['Ethernet1/1', 'Ethernet1/2']}]


def test_the_diff_of_objects_created_and_deleted_is_one_entry_each_with_an_empty_side():
    have = {'db': have_network('db')}
    wants = [want(NETWORKS, {'name': 'web', 'network_id': 30100, 'vrf': 'blue', 'vlan_id': 2302})]
    changes = plan(NETWORKS, 'overridden', wants, have)
    diff = shape_result(NETWORKS, 'overridden', changes, have, scope_names('overridden', wants, have))['diff']
    assert [(entry['name'], entry['before'] is None, entry['after'] is None) for entry in diff] == [('web', True, False), ('db', False, True)]
    assert diff[0]['after']['vlan_id'] == 2302 and diff[1]['before']['name'] == 'db'


def test_secret_template_parameters_are_masked_in_output_and_the_mask_fed_back_is_the_value_the_controller_has():
    secret = 'Pim-Key-0042'
    have = {'web': have_network(template_params={'nveId': '1', 'PIM_HELLO_AUTH_KEY': secret, 'BGP_AUTH_KEY_TYPE': '3',
                                                 'ISIS_AUTH_KEYCHAIN_NAME': 'chain', 'OSPF_AUTH_KEY_ID': '127'})}
    shown = shape_result(NETWORKS, 'gathered', [], have, ['web'])['after'][0]['template_params']
    # the key masked; its id, its type and the keychain's name are not secrets
    assert shown == {'BGP_AUTH_KEY_TYPE': '3', 'ISIS_AUTH_KEYCHAIN_NAME': 'chain', 'OSPF_AUTH_KEY_ID': '127',
                     'PIM_HELLO_AUTH_KEY': '********', 'nveId': '1'}
    # gathered fed back: nothing to change, and the key kept as it is
    fed_back = plan(NETWORKS, 'merged', [want(NETWORKS, dict(name='web', template_params=shown))], have)
    assert not fed_back[0].changed and fed_back[0].after['template_params']['PIM_HELLO_AUTH_KEY'] == secret
    # a new key is a change; the mask on an object that has no key sends none rather than the mask
    changed = plan(NETWORKS, 'merged', [want(NETWORKS, dict(name='web', template_params={'PIM_HELLO_AUTH_KEY': 'Other-1'}))], have)
    assert changed[0].changed and changed[0].after['template_params']['PIM_HELLO_AUTH_KEY'] == 'Other-1'
    item = dict(name='db', network_id=30002, vrf='blue', vlan_id=2302, template_params={'MACSEC_KEY_STRING': '********'})
    new = plan(NETWORKS, 'merged', [want(NETWORKS, item)], have)
    assert 'MACSEC_KEY_STRING' not in new[0].after['template_params']
