"""fabricops.dashboard.fabric_model through ansible-playbook on a NaC-like repository: one inventory host per fabric, its
host_vars/<fabric>/*.nac.yaml holding its vxlan model; offline (no controller address is even set)."""

import json
import shutil
import subprocess
import types

import yaml

from conftest import ANSIBLE_PLAYBOOK, HERE, PlayRun, REPO, environment_for  # pylint: disable=import-error

SMALL = HERE / 'fabric_models' / 'small'
OSPF_KEY = 'fo-ospf-secret-7'


def nac_repository(directory):
    """The small model's repository copied to ``directory``, with a second fabric, fo-bad, the same model made wrong."""
    shutil.copytree(SMALL, directory, dirs_exist_ok=True)
    bad = directory / 'host_vars' / 'fo-bad'
    shutil.copytree(directory / 'host_vars' / 'fo-small', bad)
    inventory = yaml.safe_load((directory / 'inventory.yaml').read_text(encoding='utf-8'))
    inventory['all']['children']['fabrics']['hosts']['fo-bad'] = None
    (directory / 'inventory.yaml').write_text(yaml.safe_dump(inventory), encoding='utf-8')
    networks = yaml.safe_load((bad / 'networks.nac.yaml').read_text(encoding='utf-8'))
    networks['vxlan']['overlay']['networks'][1]['vrf_name'] = 'fo-purple'
    networks['vxlan']['overlay']['networks'][2]['net_id'] = 31001
    (bad / 'networks.nac.yaml').write_text(yaml.safe_dump(networks), encoding='utf-8')
    (bad / 'multisite.nac.yaml').write_text(yaml.safe_dump({'vxlan': {'multisite': {'child_fabrics': [{'name': 'x'}]}}}),
                                            encoding='utf-8')
    underlay = yaml.safe_load((bad / 'underlay.nac.yaml').read_text(encoding='utf-8'))
    underlay['vxlan']['underlay']['general']['routing_protocol'] = 'is-is'   # the OSPF key is then refused, never shown
    (bad / 'underlay.nac.yaml').write_text(yaml.safe_dump(underlay), encoding='utf-8')
    return directory / 'inventory.yaml'


def run(tmp_path):
    inventory = nac_repository(tmp_path / 'repository')
    results = tmp_path / 'results.json'
    # No controller: the connection variables are left out, so a task that tried to reach one would fail.
    env = environment_for(types.SimpleNamespace(base_url='', ca_path=''))
    for name in ('DASHBOARD_HOST', 'DASHBOARD_CA_PATH'):
        env.pop(name)
    # NaC merges a fabric's host_vars files key by key; Ansible does so with hash_behaviour=merge.
    env.update(ANSIBLE_HASH_BEHAVIOUR='merge', ANSIBLE_INVENTORY_ENABLED='yaml')
    command = [str(ANSIBLE_PLAYBOOK), str(HERE / 'playbooks' / 'fabric_model.yml'), '-i', str(inventory), '-v',
               '-e', json.dumps({'results_file': str(results)})]
    completed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, check=False, cwd=str(REPO))
    play = PlayRun(completed)
    return play, {name: entry['result'] for name, entry in json.loads(results.read_text(encoding='utf-8')).items()}


def names(requests, path_end, key):
    return [[item[key] for item in request['body']] for request in requests if request['path'].endswith(path_end)]


def test_a_nac_repository_is_validated_translated_and_rendered_offline_and_a_bad_model_fails_with_every_problem(tmp_path):
    play, results = run(tmp_path)
    assert play.recap['fo-small'] == {'ok': 3, 'changed': 0, 'failed': 0}, play.output[-3000:]
    assert 'fo-bad                     : ok=1 ' in play.output and 'ignored=1' in play.output
    play.assert_no_secrets(OSPF_KEY)   # -v prints every result

    model = results['outcome_model']
    assert model['changed'] is False and model['problems'] == []
    assert model['msg'] == ('the vxlan model of fabric fo-small is valid: 1 fabrics, 6 fabric_switches, 3 vrfs, 3 networks, '
                            '6 policies')
    resources = model['resources']
    assert {name: len(configs) for name, configs in resources.items()} == {
        'fabrics': 1, 'fabric_switches': 6, 'vrfs': 3, 'networks': 3, 'interfaces': 0, 'vpc_pairs': 0, 'links': 0, 'policies': 6}
    fabric = resources['fabrics'][0]
    assert (fabric['name'], fabric['bgp_asn'], fabric['template']) == ('fo-small', '65120', 'Easy_Fabric')
    assert fabric['template_params']['OSPF_AUTH_KEY'] == '********'
    assert fabric['l2_segment_id_range'] == '30000-49000'     # NaC's default: the model leaves it out
    assert [switch['name'] for switch in resources['fabric_switches'] if switch['role'] == 'spine'] == ['192.0.2.21', '192.0.2.22']
    web = [network for network in resources['networks'] if network['name'] == 'fo-web'][0]
    assert web['attach'][0] == {'switch': '192.0.2.31', 'ports': ['Ethernet1/11', 'Ethernet1/12']}

    # our modules take the translated config as it is: rendered runs their own validation, offline
    assert results['outcome_vrfs']['failed'] is False, results['outcome_vrfs'].get('msg')
    assert names(results['outcome_vrfs']['rendered'], '/bulk-create/vrfs', 'vrfName') == [['fo-red', 'fo-green', 'fo-blue']]
    assert names(results['outcome_vrfs']['rendered'], '/vrfs/attachments', 'vrfName') == [['fo-red', 'fo-green', 'fo-blue']]
    assert results['outcome_networks']['failed'] is False, results['outcome_networks'].get('msg')
    assert names(results['outcome_networks']['rendered'], '/bulk-create/networks', 'networkName') == [['fo-web', 'fo-app', 'fo-db']]

    bad = results['outcome_bad']
    assert bad['failed'] is True and 'resources' not in bad
    found = {problem['path']: problem['msg'] for problem in bad['problems']}
    assert sorted(found) == ['vxlan.multisite', 'vxlan.overlay.networks[1].vrf_name', 'vxlan.overlay.networks[2].net_id',
                             'vxlan.underlay.ospf.area_id', 'vxlan.underlay.ospf.authentication_enable',
                             'vxlan.underlay.ospf.authentication_key', 'vxlan.underlay.ospf.authentication_key_id']
    assert found['vxlan.overlay.networks[2].net_id'].startswith("VNI 31001 is also network fo-web's")
    assert found['vxlan.overlay.networks[1].vrf_name'] == "VRF 'fo-purple' is not in vxlan.overlay.vrfs: add it there, or fix the name."
    assert bad['msg'].startswith('the vxlan model has 7 problems, nothing was sent (every one is listed in problems): vxlan.multisite: ')
