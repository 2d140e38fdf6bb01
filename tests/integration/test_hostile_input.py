"""Issue 36, items 13 to 16: input that used to be sent on in a form nobody meant, or failed with a library's words.

Each case is one task as a user writes it, run with ansible-playbook against the emulator at -vvvv; each asserts the
message a user reads and what reached the dashboard (the emulator's counters: nothing, for a refusal). The cases of
one test are the tasks of one play (``ignore_errors``, so that each one runs), each task's result and the counters
around it recorded by the harness's callback: a few runs instead of one per case, each case still on its own.
"""

import json
import re

import pytest

from conftest import environment_for, run_play

ADMIN_PASSWORD = 'Admin-Passw0rd!'
SWITCH_SECRET = 'Sw1tch-Secret!'


class Case:
    """One task of a test's play: its result, what the emulator counted around it, and the play's run."""

    def __init__(self, played, recorded):
        self.played = played
        self.result = recorded['result']
        self.counters = {name: recorded['after'][name] - recorded['before'][name] for name in ('logins', 'writes')}
        self.counters['requests'] = {key: sum(by_status.values()) - sum(recorded['before']['requests'].get(key, {}).values())
                                     for key, by_status in recorded['after']['requests'].items()
                                     if sum(by_status.values()) != sum(recorded['before']['requests'].get(key, {}).values())}


@pytest.fixture(scope='module')
def plays(emulator, tmp_path_factory):
    """plays(cases, env=None) -> {case id: Case}: the cases (pytest.params of (module, args, ...)) as the tasks of one
    play, run once per test session (worker) and kept; the emulator reset before it."""
    done = {}

    def run(cases, env=None):
        key = (tuple(case.id for case in cases), json.dumps(env))
        if key not in done:
            emulator.reset()
            directory = tmp_path_factory.mktemp('hostile')
            tasks = [{'name': case.id, 'fabricops.dashboard.%s' % case.values[0]: case.values[1], 'ignore_errors': True,
                      'register': 'outcome_%s' % case.id.replace('-', '_')} for case in cases]
            playbook = directory / 'hostile.yml'
            playbook.write_text(json.dumps([{
                'name': 'Tasks with hostile input', 'hosts': 'targets', 'gather_facts': False,
                'module_defaults': {'group/fabricops.dashboard.dashboard': {'username': 'admin', 'password': ADMIN_PASSWORD}},
                'tasks': tasks,
            }]), encoding='utf-8')
            results_file = directory / 'results.json'
            played = run_play(environment_for(emulator), directory, str(playbook), verbosity=4, env=env, extra_vars={
                'results_file': str(results_file), 'counters_url': emulator.url('/_emulator/counters'),
                'counters_ca': emulator.ca_path})
            recorded = json.loads(results_file.read_text(encoding='utf-8')) if results_file.exists() else {}
            done[key] = (played, {case.id: Case(played, recorded['outcome_%s' % case.id.replace('-', '_')])
                                  for case in cases if 'outcome_%s' % case.id.replace('-', '_') in recorded})
        played, by_id = done[key]
        assert played.rc == 0, played.output[-3000:]  # every task ran (ignore_errors)
        return by_id

    return run


def case_of(request, plays, cases, env=None):
    """This test's own case (by its parametrize id) of the play of ``cases``."""
    case = plays(cases, env).get(request.node.callspec.id)
    assert case is not None, 'the task of %s did not run' % request.node.callspec.id
    return case


def nothing_sent(counters):
    return counters['logins'] == 0 and not counters['requests']


def assert_refused(case, named):
    """The task failed, as ansible-playbook would end with rc 2, naming the option; nothing reached the dashboard."""
    assert case.result['failed'] is True, case.result
    assert named in case.result['msg'], case.result
    assert nothing_sent(case.counters), case.counters
    case.played.assert_no_secrets(ADMIN_PASSWORD, SWITCH_SECRET)


# ----- 14. a dict or list for a string option, a boolean for a number --------------------------

WRONG_KIND = [pytest.param(*values, id=name) for values, name in zip([
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
], ['bgp_asn-list', 'attach-switch-dict', 'switch_password-list', 'max_hops-bool', 'wait_timeout-bool', 'ports-item-list',
    'rest-path-list'])]


@pytest.mark.parametrize('module, args, named', WRONG_KIND)
def test_a_value_of_the_wrong_kind_is_refused_naming_the_option(request, plays, module, args, named):
    """Before: sent as its Python text (BGP_AS "[]", serialNumber "{'k': 'v'}"), or a boolean taken as 1."""
    assert_refused(case_of(request, plays, WRONG_KIND), named)


# ----- 13 and 16. a name that cannot be one path segment ----------------------------------------

LINK = {'src_switch': 'leaf-1', 'src_interface': 'Ethernet1/10', 'dst_switch': 'leaf-2', 'dst_interface': 'Ethernet1/10'}


NO_SEGMENT = [pytest.param(*values, id=name) for values, name in zip([
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
], ['switches-fabric', 'vrfs-legacy-fabric', 'vrfs-manage-name', 'networks-manage-fabric', 'networks-rendered-fabric',
    'links-deploy-fabric', 'links-dst_fabric-slash', 'vpc_pairs-deploy-fabric', 'fabrics-template', 'fabrics-name',
    'policies-template', 'interfaces-fabric', 'rest-path', 'rest-encoded-path'])]


@pytest.mark.parametrize('module, args, named', NO_SEGMENT)
def test_a_name_that_is_no_path_segment_is_refused_before_any_request(request, plays, module, args, named):
    """Before: '..' was sent as it is (/control/fabrics/../inventory/test-reachability), and dst_fabric '/' failed
    with a message about the template that never named dst_fabric."""
    assert_refused(case_of(request, plays, NO_SEGMENT), named)


# ----- 15. an unexpected error, in every state --------------------------------------------------

HUGE_NUMBER = [{'switch': 'leaf-1', 'name': 'Ethernet1/5', 'mode': 'trunk', 'allowed_vlans': '1' * 10000}]
UNEXPECTED = [pytest.param('interfaces', {'fabric': 'site-a', 'state': state, 'config': HUGE_NUMBER}, id=state)
              for state in ('merged', 'rendered', 'replaced')]
# With no address (DASHBOARD_HOST empty): a play of its own
UNEXPECTED_WITHOUT_ADDRESS = [pytest.param('interfaces', {'fabric': 'site-a', 'state': 'rendered', 'config': HUGE_NUMBER},
                                           id='rendered-without-address')]


@pytest.mark.parametrize('module, args', UNEXPECTED + UNEXPECTED_WITHOUT_ADDRESS)
def test_an_unexpected_error_is_a_clear_failed_result_in_every_state(request, plays, module, args):
    """Before: a 10 kB number in allowed_vlans failed with ValueError from vlan_list, and with state rendered and no address
    the error escaped the catch-all (it ran inside the NoSessionGiven handler) as a raw error of Ansible's."""
    if request.node.callspec.id == 'rendered-without-address':
        case = case_of(request, plays, UNEXPECTED_WITHOUT_ADDRESS, env={'DASHBOARD_HOST': ''})
    else:
        case = case_of(request, plays, UNEXPECTED)
    assert case.result['failed'] is True, case.result
    # Today the catch-all's words; once vlan_list refuses the number itself, a message that names allowed_vlans.
    assert re.search(r'^(Unexpected error in fabricops\.dashboard\.interfaces \(please report it\)|.*allowed_vlans)',
                     case.result['msg']), case.result
    assert 'Traceback' not in case.played.output and 'exception' not in case.played.output.lower()
    assert case.counters['writes'] == 0
    case.played.assert_no_secrets(ADMIN_PASSWORD)
