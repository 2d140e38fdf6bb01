"""One playbook on two releases: what gathered lists on one API, merged on the other creates the same; the rerun sends nothing.

Two emulators: the legacy API of the default release (``emu``), and a 4.2.1 that serves no legacy path, so that
everything its side does goes through /api/v1/manage. The objects are made on the source by the modules themselves
(a fabric, a switch added and a role changed, a VRF and a network attached to a leaf), gathered there, and the
gathered lists given, as they are, to merged on the target: afterwards the target gathers the same, and the same
merged again writes nothing (the emulators' counters). Then the other way round.
"""

import json

import pytest
from dashboard_emulator.pytest_plugin import RELEASE_42

ADMIN_PASSWORD = 'Admin-Passw0rd!'
LEAF = 'site-a-leaf-2'
# What the source is given (a fabric of its own; in site-a, a switch added, another's role changed, a VRF and a network)
MADE = {
    'fabrics': [{'name': 'site-rt', 'bgp_asn': '65123', 'replication_mode': 'Ingress', 'fabric_mtu': 9000}],
    'fabric_switches': [{'name': '192.0.2.31', 'role': 'border'}, {'name': '10.1.0.2', 'role': 'border_gateway'}],
    'vrfs': [{'name': 'rt-vrf', 'vrf_id': 50321, 'vlan_id': 2321, 'description': 'round trip',
              'attach': [{'switch': LEAF}]}],
    'networks': [{'name': 'rt-net', 'vrf': 'rt-vrf', 'network_id': 30321, 'vlan_id': 2322, 'gateway_ipv4': '10.32.1.1/24',
                  'attach': [{'switch': LEAF, 'ports': ['Ethernet1/11']}]}],
}
MODULES = tuple(MADE)


@pytest.fixture
def emu_manage(emulator_at_release):
    emulator = emulator_at_release(RELEASE_42, False)
    emulator.reset()
    return emulator


def run_module(play, tmp_path, emulator, module, state, config=None):
    """(the task's result, the writes the emulator counted during it) of one task of ``module`` on ``emulator``."""
    result_file = tmp_path / 'result.json'
    if result_file.exists():
        result_file.unlink()
    extra = {'resource_state': state, 'result_file': str(result_file)}
    if config is not None:
        extra['resource_config'] = config
    before = emulator.counters()['writes']
    run = play('resource_%s.yml' % module, extra_vars=extra,
               env={'DASHBOARD_HOST': emulator.base_url, 'DASHBOARD_CA_PATH': emulator.ca_path})
    assert run.rc == 0, run.output[-3000:]
    run.assert_no_secrets(ADMIN_PASSWORD)
    return json.loads(result_file.read_text(encoding='utf-8')), emulator.counters()['writes'] - before


def by_name(gathered):
    return {item['name']: item for item in gathered}


@pytest.mark.parametrize('direction', ['legacy-to-4.2', '4.2-to-legacy'])
def test_gathered_on_one_api_merged_on_the_other_makes_the_same_and_the_rerun_writes_nothing(play, tmp_path, emu, emu_manage, direction):
    source, target = (emu, emu_manage) if direction == 'legacy-to-4.2' else (emu_manage, emu)
    for module in MODULES:
        made, writes = run_module(play, tmp_path, source, module, 'merged', MADE[module])
        assert made['changed'] is True and writes >= 1, (module, made)
    for module in MODULES:
        gathered = run_module(play, tmp_path, source, module, 'gathered')[0]['gathered']
        assert set(item['name'] for item in MADE[module]) <= set(by_name(gathered)), (module, gathered)
        applied, writes = run_module(play, tmp_path, target, module, 'merged', gathered)
        assert applied['changed'] is True and writes >= 1, (module, applied)
        assert by_name(run_module(play, tmp_path, target, module, 'gathered')[0]['gathered']) == by_name(gathered), module
        again, writes = run_module(play, tmp_path, target, module, 'merged', gathered)
        assert again['changed'] is False and writes == 0, (module, again)
