"""Issue 36, items 13 to 16: input that used to be sent on in a form nobody meant, or failed with a library's words.

Each case is one task as a user writes it, run with ansible-playbook against the emulator at -vvvv; each asserts the
message a user reads and what reached the dashboard (the emulator's counters: nothing, for a refusal).
"""

import json
import re

import pytest

ADMIN_PASSWORD = 'Admin-Passw0rd!'
SWITCH_SECRET = 'Sw1tch-Secret!'


@pytest.fixture
def task(play, emu, tmp_path):
    """task(module, args) -> (PlayRun, counters): one task of ``module`` with ``args``, logged in as admin."""

    def run(module, args, verbosity=4, env=None):
        playbook = tmp_path / 'hostile.yml'
        playbook.write_text(json.dumps([{
            'name': 'One task with hostile input', 'hosts': 'targets', 'gather_facts': False,
            'module_defaults': {'group/fabricops.dashboard.dashboard': {'username': 'admin', 'password': ADMIN_PASSWORD}},
            'tasks': [{'name': 'The task', 'fabricops.dashboard.%s' % module: args}],
        }]), encoding='utf-8')
        played = play(str(playbook), verbosity=verbosity, env=env)
        return played, emu.counters()

    return run


def nothing_sent(counters):
    return counters['logins'] == 0 and not counters['requests']


# ----- 14. a dict or list for a string option, a boolean for a number --------------------------

@pytest.mark.parametrize('module, args, named', [
    ('fabrics', {'config': [{'name': 'site-q', 'bgp_asn': []}]}, 'config[0].bgp_asn is a list; give a string'),
    ('vrfs', {'fabric': 'site-a', 'config': [{'name': 'vrf-q', 'attach': [{'switch': {'k': 'v'}}]}]},
     'config[0].attach[0].switch is a dict; give a string'),
    ('fabric_switches', {'fabric': 'site-a', 'switch_username': 'admin', 'switch_password': [SWITCH_SECRET, 'b'],
                         'config': [{'name': '10.0.0.9', 'role': 'leaf'}]}, 'switch_password is a list; give a string'),
    ('fabric_switches', {'fabric': 'site-a', 'max_hops': True, 'config': [{'name': '10.0.0.9'}]},
     'max_hops is a boolean; give a whole number'),
    ('vrfs', {'fabric': 'site-a', 'wait_timeout': True, 'deploy': True, 'config': [{'name': 'vrf-q'}]},
     'wait_timeout is a boolean; give a whole number'),
    ('networks', {'fabric': 'site-a', 'state': 'rendered', 'config': [{'name': 'net-q', 'attach': [{'switch': 'leaf-1', 'ports': [['e1']]}]}]},
     'config[0].attach[0].ports[0] is a list; give a string'),
    ('dashboard_rest', {'path': ['/api/v1/infra/whoami']}, 'path is a list; give a string'),
], ids=['bgp_asn-list', 'attach-switch-dict', 'switch_password-list', 'max_hops-bool', 'wait_timeout-bool', 'ports-item-list',
        'rest-path-list'])
def test_a_value_of_the_wrong_kind_is_refused_naming_the_option(task, module, args, named):
    """Before: sent as its Python text (BGP_AS "[]", serialNumber "{'k': 'v'}"), or a boolean taken as 1."""
    played, counters = task(module, args)
    assert played.rc == 2, played.output[-3000:]
    assert named in played.output, played.output[-3000:]
    assert nothing_sent(counters), counters
    played.assert_no_secrets(ADMIN_PASSWORD, SWITCH_SECRET)


# ----- 13 and 16. a name that cannot be one path segment ----------------------------------------

LINK = {'src_switch': 'leaf-1', 'src_interface': 'Ethernet1/10', 'dst_switch': 'leaf-2', 'dst_interface': 'Ethernet1/10'}


@pytest.mark.parametrize('module, args, named', [
    ('fabric_switches', {'fabric': '..', 'switch_username': 'admin', 'switch_password': SWITCH_SECRET, 'config': [{'name': '10.0.0.9'}]},
     'fabric is ".."'),
    ('vrfs', {'fabric': '..', 'controller_api': 'legacy', 'config': [{'name': 'vrf-q', 'attach': [{'switch': 'leaf-1'}]}]}, 'fabric is ".."'),
    ('vrfs', {'fabric': 'site-a', 'controller_api': 'manage', 'config': [{'name': '..'}]}, 'config[0].name is ".."'),
    ('networks', {'fabric': '..', 'controller_api': 'manage', 'config': [{'name': 'net-q', 'vrf': 'vrf-a'}]}, 'fabric is ".."'),
    ('networks', {'fabric': '.', 'state': 'rendered', 'config': [{'name': 'net-q', 'vrf': 'vrf-a'}]}, 'fabric is "."'),
    ('links', {'fabric': '..', 'deploy': True, 'config': [LINK]}, 'fabric is ".."'),
    ('links', {'fabric': 'site-a', 'config': [dict(LINK, dst_fabric='/')]}, 'config[0].dst_fabric is a name with a "/"'),
    ('vpc_pairs', {'fabric': '..', 'deploy': True, 'config': [{'peer1': 'leaf-1', 'peer2': 'leaf-2'}]}, 'fabric is ".."'),
    ('fabrics', {'config': [{'name': 'site-q', 'template': '..', 'bgp_asn': '65010'}]}, 'config[0].template is ".."'),
    ('fabrics', {'config': [{'name': '..', 'bgp_asn': '65010'}]}, 'config[0].name is ".."'),
    ('policies', {'fabric': 'site-a', 'config': [{'switch': 'leaf-1', 'template': '..'}]}, 'config[0].template is ".."'),
    ('interfaces', {'fabric': '..', 'config': [{'switch': 'leaf-1', 'name': 'Ethernet1/5', 'mode': 'access'}]}, 'fabric is ".."'),
    ('dashboard_rest', {'path': '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/../inventory/test-reachability',
                        'method': 'POST', 'body': {}}, 'path /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/../inventory'),
    ('dashboard_rest', {'path': '/api/v1/infra/%2e%2e/whoami'}, 'holds a "." or ".." segment'),
], ids=['switches-fabric', 'vrfs-legacy-fabric', 'vrfs-manage-name', 'networks-manage-fabric', 'networks-rendered-fabric',
        'links-deploy-fabric', 'links-dst_fabric-slash', 'vpc_pairs-deploy-fabric', 'fabrics-template', 'fabrics-name',
        'policies-template', 'interfaces-fabric', 'rest-path', 'rest-encoded-path'])
def test_a_name_that_is_no_path_segment_is_refused_before_any_request(task, module, args, named):
    """Before: '..' was sent as it is (/control/fabrics/../inventory/test-reachability), and dst_fabric '/' failed
    with a message about the template that never named dst_fabric."""
    played, counters = task(module, args)
    assert played.rc == 2, played.output[-3000:]
    assert named in played.output, played.output[-3000:]
    assert nothing_sent(counters), counters
    played.assert_no_secrets(ADMIN_PASSWORD, SWITCH_SECRET)


# ----- 15. an unexpected error, in every state --------------------------------------------------

@pytest.mark.parametrize('state, address', [('merged', True), ('rendered', True), ('rendered', False), ('replaced', True)],
                         ids=['merged', 'rendered', 'rendered-without-address', 'replaced'])
def test_an_unexpected_error_is_a_clear_failed_result_in_every_state(task, state, address):
    """Before: a 10 kB number in allowed_vlans failed with ValueError from vlan_list, and with state rendered and no address
    the error escaped the catch-all (it ran inside the NoSessionGiven handler) as a raw error of Ansible's."""
    config = [{'switch': 'leaf-1', 'name': 'Ethernet1/5', 'mode': 'trunk', 'allowed_vlans': '1' * 10000}]
    played, counters = task('interfaces', {'fabric': 'site-a', 'state': state, 'config': config},
                            env=None if address else {'DASHBOARD_HOST': ''})
    assert played.rc == 2, played.output[-3000:]
    # Today the catch-all's words; once vlan_list refuses the number itself, a message that names allowed_vlans.
    assert re.search(r'"msg": "(Unexpected error in fabricops\.dashboard\.interfaces \(please report it\)|[^"]*allowed_vlans)',
                     played.output), played.output[-3000:]
    assert 'Traceback' not in played.output and 'exception' not in played.output.lower()
    assert counters['writes'] == 0
    played.assert_no_secrets(ADMIN_PASSWORD)
