"""The fabric role's report: built from the registered results of the resource module tasks (their diff), secrets masked."""

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.report import build, markdown

CREATED_FABRIC = {'name': 'site-a', 'before': None, 'after': {
    'name': 'site-a', 'bgp_asn': '65001', 'template_params': {'OSPF_AUTH_KEY': 'fo-secret', 'OSPF_AREA_ID': '0.0.0.0'}}}
CHANGED_NETWORK = {'name': 'web', 'before': {'name': 'web', 'vlan_id': 2401, 'vrf': 'red', 'attach': [{'switch': '192.0.2.1'}]},
                   'after': {'name': 'web', 'vlan_id': 2411, 'vrf': 'red', 'attach': [{'switch': '192.0.2.1'}]}}
REMOVED_VRF = {'name': 'blue', 'before': {'name': 'blue', 'vrf_id': 50003, 'template_params': {'bgpPassword': 'pw'}}, 'after': None}


def results(**by_resource):
    return [{'resource': name, 'result': result} for name, result in by_resource.items()]


def test_each_changed_object_is_added_changed_field_by_field_or_removed_in_the_order_the_tasks_ran():
    report = build('site-a', 'preview', True, results(
        fabrics={'changed': True, 'diff': [CREATED_FABRIC]},
        fabric_switches={'skipped': True},
        vrfs={'changed': True, 'diff': [REMOVED_VRF], 'warnings': ['VRF blue: attached nowhere']},
        networks={'changed': True, 'diff': [CHANGED_NETWORK]},
        policies={'changed': False, 'diff': []}))
    assert report['summary'] == {'added': 1, 'changed': 1, 'removed': 1}
    assert [(change['resource'], change['name'], change['action']) for change in report['changes']] == [
        ('fabrics', 'site-a', 'added'), ('vrfs', 'blue', 'removed'), ('networks', 'web', 'changed')]
    assert report['changes'][0]['values'] == {'bgp_asn': '65001', 'name': 'site-a', 'template_params.OSPF_AREA_ID': '0.0.0.0',
                                              'template_params.OSPF_AUTH_KEY': '********'}
    assert report['changes'][2]['fields'] == [{'field': 'vlan_id', 'old': 2401, 'new': 2411}]
    assert report['changes'][1]['values']['template_params.bgpPassword'] == '********'
    assert report['warnings'] == [{'resource': 'vrfs', 'msg': 'VRF blue: attached nowhere'}]
    assert (report['fabric'], report['stage'], report['check_mode'], report['failed']) == ('site-a', 'preview', True, [])


def test_the_markdown_names_each_object_and_its_fields_and_never_a_secret():
    report = build('site-a', 'apply', False, results(fabrics={'diff': [CREATED_FABRIC]}, networks={'diff': [CHANGED_NETWORK]},
                                                     vrfs={'failed': True, 'msg': 'VRF blue: refused'}))
    text = markdown(report)
    assert text.startswith('# Fabric site-a: apply\n\n1 added, 1 changed, 0 removed (written to the controller, not deployed).')
    assert '## Added fabrics site-a' in text and '| template_params.OSPF_AUTH_KEY | `********` |' in text
    assert '## Changed networks web\n\n| field | old | new |\n|---|---|---|\n| vlan_id | `2401` | `2411` |' in text
    assert '## Failed\n\n- vrfs: VRF blue: refused' in text
    assert 'fo-secret' not in text


def test_a_secret_changed_shows_that_it_changed_not_its_values_and_an_empty_run_says_so():
    rotated = {'name': 'site-a', 'before': {'template_params': {'BGP_AUTH_KEY': 'old-key'}},
               'after': {'template_params': {'BGP_AUTH_KEY': 'new-key'}}}
    report = build('site-a', 'preview', True, results(fabrics={'diff': [rotated]}))
    assert report['changes'][0]['fields'] == [{'field': 'template_params.BGP_AUTH_KEY', 'old': '********', 'new': '********'}]
    empty = build('site-a', 'preview', True, results(fabrics={'changed': False, 'diff': []}))
    assert empty['changes'] == [] and 'Nothing to change: the controller already holds the model.' in markdown(empty)


def test_a_value_with_a_pipe_or_a_line_break_stays_in_its_table_cell():
    odd = {'name': 'p1', 'before': None, 'after': {'template_params': {'CONF': 'line one\nline | two'}}}
    text = markdown(build('site-a', 'preview', True, results(policies={'diff': [odd]})))
    assert '| template_params.CONF | `line one line \\| two` |' in text


def test_a_task_rendered_for_a_fabric_not_made_yet_lists_its_objects_added_named_as_the_modules_diff_names_them():
    """The preview of a new fabric renders the modules after the switches: their objects are added, switches by name."""
    rendered = {'changed': False, 'rendered': [{'path': '/x', 'method': 'POST'}], 'after': [
        {'switch': '192.0.2.21', 'template': 'host_11_1', 'description': '', 'priority': 100, 'template_params': {'SWITCH_NAME': 'spine-1'}}]}
    network = {'changed': False, 'rendered': [], 'after': [{'name': 'web', 'vlan_id': 2401, 'attach': [{'switch': '192.0.2.31', 'ports': []}]}]}
    report = build('site-a', 'preview', True, results(networks=network, policies=rendered),
                   switch_names={'192.0.2.21': 'spine-1', '192.0.2.31': 'leaf-1'})
    assert [(change['resource'], change['name'], change['action']) for change in report['changes']] == [
        ('networks', 'web', 'added'), ('policies', 'spine-1 host_11_1', 'added')]
    assert report['changes'][0]['values']['attach'] == [{'switch': 'leaf-1', 'ports': []}]
    assert report['changes'][1]['values']['switch'] == 'spine-1'
    assert [warning['resource'] for warning in report['warnings']] == ['networks', 'policies']
    link = {'src_switch': '192.0.2.31', 'src_interface': 'Ethernet1/53', 'dst_switch': '192.0.2.21', 'dst_interface': 'Ethernet1/1'}
    pair = {'peer1': '192.0.2.31', 'peer2': '192.0.2.21', 'domain_id': 1}
    port = {'switch': '192.0.2.31', 'name': 'Ethernet1/20', 'mode': 'access'}
    names = build('site-a', 'preview', True, results(links={'rendered': [], 'after': [link]}, vpc_pairs={'rendered': [], 'after': [pair]},
                                                     interfaces={'rendered': [], 'after': [port]}),
                  switch_names={'192.0.2.21': 'spine-1', '192.0.2.31': 'leaf-1'})
    assert [change['name'] for change in names['changes']] == [
        'leaf-1 Ethernet1/53 -- spine-1 Ethernet1/1', 'leaf-1~spine-1', 'leaf-1 Ethernet1/20']
