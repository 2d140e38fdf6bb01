"""rendered is what a real run writes: for each resource module, the requests ``rendered`` returns equal, one by one,
the writes the emulator logs when the same task runs for real against a fabric holding none of the objects (same
method, path, query and body; secrets masked on both sides), given the ids and serial numbers a real run learns.
"""

from urllib.parse import parse_qs, urlsplit

from conftest import read_controller


def as_logged(rendered):
    """A rendered request in the emulator log's terms: the path without its query, the query as a dict."""
    parts = urlsplit(rendered['path'])
    query = {name: values[0] if len(values) == 1 else values for name, values in parse_qs(parts.query).items()}
    return {'method': rendered['method'], 'path': parts.path, 'query': query, 'body': rendered['body']}


def writes_of(emu):
    return [{'method': entry['method'], 'path': entry['path'], 'query': entry['query'] or {}, 'body': entry['body']}
            for entry in emu.request_log()]


def rendered_then_run(resource, emu, module, config, **options):
    """(what rendered returned, what the real run wrote), for the same task: two tasks of one run, rendered first."""
    emu.clear_request_log()
    rendered, real = resource.steps(module, [dict(options, state='rendered', config=config), dict(options, state='merged', config=config)])
    assert real.play.rc == 0, real.play.output[-3000:]
    # rendered sent nothing, not even a login: all the emulator logged is the real task's
    assert not rendered['failed'] and rendered.requests == {} and rendered.writes == 0, rendered.requests
    return [as_logged(request) for request in rendered['rendered']], writes_of(emu)


def serial_of(emu, fabric, name):
    switches = read_controller(emu, '/control/fabrics/%s/inventory/switchesByFabric' % fabric)
    return next(switch['serialNumber'] for switch in switches if switch['logicalName'] == name)


def test_vrfs(resource, emu):
    leaf = serial_of(emu, 'site-a', 'site-a-leaf-2')
    config = [{'name': 'blue', 'vrf_id': 50101, 'vlan_id': 2101, 'description': 'tenant blue', 'attach': [{'switch': leaf}]},
              {'name': 'red', 'vrf_id': 50102, 'vlan_id': 2102}]
    rendered, written = rendered_then_run(resource, emu, 'vrfs', config, deploy=True)
    assert [request['path'].rsplit('/', 1)[-1] for request in rendered] == ['vrfs', 'attachments', 'deployments']
    assert rendered == written


def test_networks(resource, emu):
    leaf = serial_of(emu, 'site-a', 'site-a-leaf-2')
    config = [{'name': 'web', 'network_id': 30101, 'vrf': 'vrf-1', 'vlan_id': 2401, 'gateway_ipv4': '10.1.1.1/24',
               'attach': [{'switch': leaf, 'ports': ['Ethernet1/13', 'Ethernet1/14']}]},
              {'name': 'storage', 'network_id': 30102, 'layer2_only': True, 'vlan_id': 2402}]
    rendered, written = rendered_then_run(resource, emu, 'networks', config, deploy=True)
    assert [request['path'].rsplit('/', 1)[-1] for request in rendered] == ['networks', 'attachments', 'deployments']
    assert rendered == written


def test_fabrics(resource, emu):
    config = [{'name': 'site-b', 'bgp_asn': '65002', 'replication_mode': 'Ingress', 'fabric_mtu': 9000}]
    rendered, written = rendered_then_run(resource, emu, 'fabrics', config, deploy=True)
    assert [request['path'].rsplit('/', 1)[-1] for request in rendered] == ['Easy_Fabric', 'config-save', 'config-deploy']
    assert rendered == written


def test_fabric_switches(resource, emu):
    config = [{'name': '192.0.2.11'}, {'name': '192.0.2.21', 'role': 'spine', 'preserve_config': True}]
    rendered, written = rendered_then_run(resource, emu, 'fabric_switches', config, fabric='site-dc1')
    assert [request['path'].rsplit('/', 1)[-1] for request in rendered] == ['test-reachability', 'discover'] * 2
    # The discover sends the switches as the reachability test found them: what a real run learns from its answer.
    for shown, sent in zip(rendered, written):
        if shown['path'].endswith('/discover'):
            assert [switch['ipaddr'] for switch in sent['body']['switches']] == [switch['ipaddr'] for switch in shown['body']['switches']]
            assert sent['body']['switches'][0].get('serialNumber')
            shown['body']['switches'] = sent['body']['switches']
    assert rendered == written
    assert all(request['body']['password'] == '********' for request in rendered)


def test_interfaces(resource, emu):
    leaf = serial_of(emu, 'site-a', 'site-a-leaf-2')
    # Each port changes its policy from the leaf's default trunk: a port that keeps it also sends the parameters it has.
    config = [{'switch': leaf, 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 2301},
              {'switch': leaf, 'name': 'Ethernet1/48', 'mode': 'routed', 'ipv4_address': '10.33.0.1/30'},
              {'switch': leaf, 'name': 'Ethernet1/47', 'mode': 'routed'},
              {'switch': leaf, 'name': 'Loopback10', 'ipv4_address': '10.2.0.10/32'},
              {'switch': leaf, 'name': 'Ethernet1/47.100', 'ipv4_address': '10.34.0.1/30'},
              {'switch': leaf, 'name': 'port-channel20', 'mode': 'trunk', 'members': ['Ethernet1/20', 'Ethernet1/21']}]
    rendered, written = rendered_then_run(resource, emu, 'interfaces', config, deploy=True)
    assert [request['path'].rsplit('/', 1)[-1] for request in rendered] == ['modify'] + ['globalInterface'] * 3 + ['deploy']
    assert rendered == written


def test_links(resource, emu):
    """The links module's own rendered test checks the bodies but never runs the task for real; here it does. An
    inter-fabric link is left out: rendered takes its far end as a switch the controller manages, which a real run finds
    it is not (test_links shows that)."""
    spine, leaf = (serial_of(emu, 'site-a', name) for name in ('site-a-spine-1', 'site-a-leaf-2'))
    config = [{'src_switch': spine, 'src_interface': 'Ethernet1/49', 'dst_switch': leaf, 'dst_interface': 'Ethernet1/49',
               'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2'}]
    rendered, written = rendered_then_run(resource, emu, 'links', config, deploy=True)
    assert [request['path'].rsplit('/', 1)[-1] for request in rendered] == ['links', '%s,%s' % (spine, leaf)]
    # The create names each end's switch as the controller does: what a real run learns from the fabric's inventory.
    sent = written[0]['body']
    assert (sent['sourceSwitchName'], sent['destinationSwitchName']) == ('site-a-spine-1', 'site-a-leaf-2')
    rendered[0]['body'].update(sourceSwitchName=sent['sourceSwitchName'], destinationSwitchName=sent['destinationSwitchName'])
    assert rendered == written
