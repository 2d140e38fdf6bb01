"""Issue 37: one cross-release round trip for every resource module.

Gathered on the legacy API of the default release (``emu``), applied (merged) to a 4.2.1 that serves no legacy path
(so that everything its side does goes through /api/v1/manage), gathered there and equal, then applied back to the
legacy API with 0 writes (the emulators' counters). On the legacy side the objects are first made by the modules
themselves (a fabric, a switch added and a role changed, a VRF and a network attached to a leaf, a port). Each step
is one play with a task per module (the ``resource`` fixture's ``steps``), each task's writes counted on the wire.
"""

import pytest
from dashboard_emulator.pytest_plugin import RELEASE_42

ADMIN_PASSWORD = 'Admin-Passw0rd!'
LEAF = 'site-a-leaf-2'
# One entry per module, in the order a play makes them (a network needs its VRF): (module, what the legacy side is
# given, the json_query its gathered tasks select with, or None for the whole list).
MODULES = [
    ('fabrics', [{'name': 'site-rt', 'bgp_asn': '65123', 'replication_mode': 'Ingress', 'fabric_mtu': 9000}], None),
    ('fabric_switches', [{'name': '192.0.2.31', 'role': 'border'}, {'name': '10.1.0.2', 'role': 'border_gateway'},
                         {'name': '192.0.2.32', 'role': 'leaf'}, {'name': '192.0.2.33', 'role': 'leaf'}], None),
    ('vrfs', [{'name': 'rt-vrf', 'vrf_id': 50321, 'vlan_id': 2321, 'description': 'round trip', 'attach': [{'switch': LEAF}]}],
     None),
    ('networks', [{'name': 'rt-net', 'vrf': 'rt-vrf', 'network_id': 30321, 'vlan_id': 2322, 'gateway_ipv4': '10.32.1.1/24',
                   'attach': [{'switch': LEAF, 'ports': ['Ethernet1/11']}]}], None),
    # The access and trunk ports: the /api/v1/manage mapping refuses the other kinds (routed ports, sub-interfaces...),
    # naming them, so a brownfield export to 4.2 selects these.
    ('interfaces', [{'switch': LEAF, 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 2321, 'description': 'rt-host'}],
     "[?mode=='access' || mode=='trunk']"),
    # the two leaves the switches step adds (named after their address by the emulator)
    ('vpc_pairs', [{'peer1': 'switch-32', 'peer2': 'switch-33'}], None),
    ('links', [{'src_switch': 'site-a-spine-1', 'src_interface': 'Ethernet1/48', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/48',
                'template': 'int_intra_fabric_num_link', 'src_ip': '10.33.0.1', 'dst_ip': '10.33.0.2', 'src_description': 'rt'}],
     None),
    ('policies', [{'switch': LEAF, 'template': 'switch_freeform', 'description': 'round trip', 'priority': 600,
                   'template_params': {'CONF': 'ntp server 10.0.0.9 use-vrf management'}}], None),
]


def key_of(module):
    """What names an object of ``module`` in its gathered list (an interface: its switch and name)."""
    if module == 'interfaces':
        return lambda item: '%s %s' % (item['switch'], item['name'])
    if module == 'vpc_pairs':
        return lambda item: '~'.join(sorted((item['peer1'], item['peer2'])))
    if module == 'links':
        return lambda item: ' -- '.join(sorted(('%s %s' % (item['src_switch'], item['src_interface']),
                                                '%s %s' % (item['dst_switch'], item['dst_interface']))))
    if module == 'policies':
        return lambda item: '%s %s %s' % (item['switch'], item['template'], item.get('description', ''))
    return lambda item: item['name']


def by_key(module, gathered):
    key = key_of(module)
    return {key(item): item for item in gathered}


@pytest.fixture
def emu_manage(emulator_at_release):
    emulator = emulator_at_release(RELEASE_42, False)
    emulator.reset()
    return emulator


def run_steps(resource, emulator, *steps):
    """One play on ``emulator``: for each (state, configs by module or None), a task per module; [{module: ResourceRun}]."""
    given = [dict(module=module, state=state, config=None if configs is None else configs[module],
                  json_query=query if state == 'gathered' else None)
             for state, configs in steps for module, _made, query in MODULES]
    runs = resource.steps(None, given, emulator=emulator)
    play_run = runs[0].play
    assert play_run.rc == 0, play_run.output[-3000:]
    play_run.assert_no_secrets(ADMIN_PASSWORD)
    return [{module: runs.pop(0) for module, _made, _query in MODULES} for _step in steps]


def test_gathered_on_legacy_applied_to_4_2_gathers_the_same_there_and_applies_back_with_no_write(resource, emu, emu_manage):
    # one play: the objects made on the legacy side, then gathered
    made, gathered_runs = run_steps(resource, emu, ('merged', {module: config for module, config, _query in MODULES}), ('gathered', None))
    for module, config, _query in MODULES:
        assert made[module]['changed'] is True and made[module].writes >= 1, (module, made[module].result)
    gathered = {module: run['gathered'] for module, run in gathered_runs.items()}
    for module, config, _query in MODULES:
        assert set(by_key(module, config)) <= set(by_key(module, gathered[module])), (module, gathered[module])

    applied, = run_steps(resource, emu_manage, ('merged', gathered))
    for module, _config, _query in MODULES:
        assert applied[module]['changed'] is True and applied[module].writes >= 1, (module, applied[module].result)
    # In a run of its own: what 4.2 gathers, and the same list merged again there (nothing to change, nothing sent).
    there, again = run_steps(resource, emu_manage, ('gathered', None), ('merged', gathered))
    for module, _config, _query in MODULES:
        assert by_key(module, there[module]['gathered']) == by_key(module, gathered[module]), module
        assert again[module]['changed'] is False and again[module].writes == 0, (module, again[module].requests)

    back, = run_steps(resource, emu, ('merged', {module: run['gathered'] for module, run in there.items()}))
    for module, _config, _query in MODULES:
        assert back[module]['changed'] is False and back[module].writes == 0, (module, back[module].requests, back[module].result)
