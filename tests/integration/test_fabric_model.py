"""fabricops.dashboard.fabric_model through ansible-playbook on a NaC-like repository: one inventory host per fabric, its
host_vars/<fabric>/*.nac.yaml holding its vxlan model; offline (no controller address is even set)."""

import json
import shutil
import subprocess
import types

import pytest
import yaml
from dashboard_emulator.pytest_plugin import SHORT_TIMES, STARTUP_TIMEOUT
from dashboard_emulator.testing import EmulatorProcess

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.report import RENDERED_WARNING
from conftest import (ANSIBLE_PLAYBOOK, HERE, LAN_FABRIC, PlayRun, REPO, _counted, environment_for,  # pylint: disable=import-error
                      read_controller)

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


LAB = HERE / 'fabric_models' / 'fo-lab.yaml'   # fo-small's switches, and fo-twin's
SWITCH_PASSWORD = 'fo-switch-secret-3'
SAVE = 'POST %s/control/fabrics/{fabricName}/config-save' % LAN_FABRIC
DEPLOY = 'POST %s/control/fabrics/{fabricName}/config-deploy' % LAN_FABRIC
ND_PASSWORD = 'Admin-Passw0rd!'


@pytest.fixture(scope='module')
def lab(tmp_path_factory):
    """An emulator hosting fo-small's six switches (their serials, names, cables), with no fabric at all."""
    process = EmulatorProcess(workdir=tmp_path_factory.mktemp('fabric-lab'), extra_args=['--lab', str(LAB), '--seed', 'empty', *SHORT_TIMES],
                              startup_timeout=STARTUP_TIMEOUT)
    with process:
        yield process


def role_repository(directory):
    """fo-small's NaC repository as a team has it: its inventory (the controller's address from ND_HOST), NaC's group_vars
    (the httpapi connection, the delete_mode flags), host_vars/fo-small/*.nac.yaml (with its topology, interfaces, vPC pair,
    fabric link and policies in a file of their own) and the playbook at its root."""
    shutil.copytree(SMALL, directory)
    shutil.copytree(HERE / 'fabric_models' / 'nac_group_vars', directory / 'group_vars' / 'fabrics')
    inventory = yaml.safe_load((directory / 'inventory.yaml').read_text(encoding='utf-8'))
    inventory['all']['children']['fabrics']['hosts']['fo-small'] = {'ansible_host': "{{ lookup('ansible.builtin.env', 'ND_HOST') }}"}
    (directory / 'inventory.yaml').write_text(yaml.safe_dump(inventory), encoding='utf-8')
    shutil.copy(HERE / 'fabric_models' / 'fo-small-topology.nac.yaml', directory / 'host_vars' / 'fo-small' / 'topology.nac.yaml')
    shutil.copy(HERE / 'playbooks' / 'fabric_model_role.yml', directory / 'vxlan.yaml')
    return directory


def run_role(lab_emulator, repository, reports, nac_port=None, forks=None, **extra):
    """ansible-playbook -i inventory.yaml vxlan.yaml in ``repository``, every stage (``extra``: more extra variables);
    (play, writes, requests, reports of fo-small). The controller's address comes from NaC's variables (ansible_host and
    ansible_httpapi_port); with ``nac_port``, they name that port and DASHBOARD_HOST the emulator. ``forks``: --forks."""
    env = environment_for(lab_emulator)
    if nac_port is None:
        env.pop('DASHBOARD_HOST')
    env.update(ANSIBLE_INVENTORY_ENABLED='yaml', ND_HOST='127.0.0.1', ND_PORT=nac_port or lab_emulator.base_url.rsplit(':', 1)[1],
               ND_USERNAME='admin', ND_PASSWORD=ND_PASSWORD, ND_DOMAIN='DefaultAuth', NDFC_SW_USERNAME='admin',
               NDFC_SW_PASSWORD=SWITCH_PASSWORD)
    variables = repository / 'stages.json'
    variables.write_text(json.dumps(dict(extra, fabric_report_dir=str(reports))), encoding='utf-8')
    before = lab_emulator.counters()
    command = [str(ANSIBLE_PLAYBOOK), 'vxlan.yaml', '-i', 'inventory.yaml', '-e', '@' + str(variables), '-v']
    if forks is not None:
        command += ['--forks', str(forks)]
    completed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, check=False, cwd=str(repository))
    writes, requests = _counted(before, lab_emulator.counters())
    found = {}
    for stage in ('preview', 'apply', 'remove'):
        path = reports / ('fo-small-%s.json' % stage)
        found[stage] = json.loads(path.read_text(encoding='utf-8')) if path.exists() else None
        found[stage + '.md'] = (reports / ('fo-small-%s.md' % stage)).read_text(encoding='utf-8') if path.exists() else None
    return PlayRun(completed), writes, requests, found


PEER_LINK_54 = 'fo-leaf-1 Ethernet1/54 -- fo-leaf-2 Ethernet1/54'


def banners(lab_emulator):
    """The switches (serial numbers) that have the policy group's login banner, not marked for delete."""
    policies = read_controller(lab_emulator, '/control/policies/switches?serialNumber=FOS2201LF01,FOS2201LF02')
    return sorted(policy['serialNumber'] for policy in policies
                  if policy.get('description') == 'nac_login_banner' and policy.get('deleted') is not True)


def cabled(lab_emulator):
    """The fabric's links, each as its two ends (switch name and interface, sorted), as our links module names them."""
    found = []
    for link in read_controller(lab_emulator, '/control/links/fabrics/fo-small'):
        ends = sorted('%s %s' % (link[end]['sw-sys-name'], link[end]['if-name']) for end in ('sw1-info', 'sw2-info'))
        found.append(' -- '.join(ends))
    return found


def listed(report):
    return [(change['resource'], change['name'], change['action']) for change in report['changes']]


def test_the_role_builds_fo_small_on_a_lab_reruns_with_no_write_and_previews_then_applies_one_vlan_change(lab, tmp_path):
    repository = role_repository(tmp_path / 'repository')
    reports = tmp_path / 'reports'

    play, writes, requests, found = run_role(lab, repository, reports)
    assert play.rc == 0, play.output[-4000:]
    play.assert_no_secrets(OSPF_KEY, SWITCH_PASSWORD, ND_PASSWORD)
    assert lab.counters()['logins'] == 1   # one login for every task of the run
    fabric = read_controller(lab, '/control/fabrics/fo-small')['nvPairs']
    assert (fabric['BGP_AS'], fabric['OSPF_AUTH_KEY'], fabric['LINK_STATE_ROUTING_TAG']) == ('65120', OSPF_KEY, 'FO_UNDERLAY')
    switches = read_controller(lab, '/control/fabrics/fo-small/inventory/switchesByFabric')
    assert sorted((switch['ipAddress'], switch['serialNumber'], switch['logicalName'], switch['switchRole'], switch['ccStatus'])
                  for switch in switches) == [
        ('192.0.2.21', 'FOS2201SP01', 'fo-spine-1', 'spine', 'In-Sync'), ('192.0.2.22', 'FOS2201SP02', 'fo-spine-2', 'spine', 'In-Sync'),
        ('192.0.2.31', 'FOS2201LF01', 'fo-leaf-1', 'leaf', 'In-Sync'), ('192.0.2.32', 'FOS2201LF02', 'fo-leaf-2', 'leaf', 'In-Sync'),
        ('192.0.2.33', 'FOS2201LF03', 'fo-leaf-3', 'leaf', 'In-Sync'), ('192.0.2.34', 'FOS2201LF04', 'fo-leaf-4', 'border', 'In-Sync')]
    serials = {switch['serialNumber']: switch['ipAddress'] for switch in switches}
    attached = {network['networkName']: sorted((serials[entry['switchSerialNo']], entry['portNames'], entry['vlanId'])
                                               for entry in network['lanAttachList'] if entry['isLanAttached'])
                for network in read_controller(lab, '/top-down/fabrics/fo-small/networks/attachments?network-names=fo-web,fo-app,fo-db')}
    assert attached == {
        'fo-web': [('192.0.2.31', 'Ethernet1/11,Ethernet1/12', 2401), ('192.0.2.33', 'Ethernet1/11', 2401)],
        'fo-app': [('192.0.2.31', '', 2402), ('192.0.2.32', '', 2402)],
        'fo-db': [('192.0.2.34', '', 2403)]}
    vrfs = {vrf['vrfName']: sorted(serials[entry['switchSerialNo']] for entry in vrf['lanAttachList'] if entry['isLanAttached'])
            for vrf in read_controller(lab, '/top-down/fabrics/fo-small/vrfs/attachments?vrf-names=fo-red,fo-green,fo-blue')}
    assert vrfs == {'fo-red': ['192.0.2.31', '192.0.2.32', '192.0.2.33', '192.0.2.34'], 'fo-green': ['192.0.2.31', '192.0.2.32'],
                    'fo-blue': ['192.0.2.34']}
    # the preview listed the whole fabric, as apply then made it; but for what the switches bring with them (a port, a
    # cabled link), which the preview of a fabric not made yet cannot read: listed added, then changed by apply
    preview, applied = found['preview'], found['apply']
    assert preview['check_mode'] is True and applied['check_mode'] is False
    assert preview['summary'] == {'added': 29, 'changed': 0, 'removed': 0}, listed(preview)
    brought = [('links', 'fo-leaf-3 Ethernet1/49 -- fo-spine-1 Ethernet1/3'), ('interfaces', 'fo-leaf-1 Ethernet1/20'),
               ('interfaces', 'fo-leaf-1 Ethernet1/30')]
    assert [(resource, name, 'changed' if (resource, name) in brought else action) for resource, name, action in listed(preview)] \
        == listed(applied)
    assert [change for change in preview['changes'] if (change['resource'], change['name']) not in brought] == [
        change for change in applied['changes'] if (change['resource'], change['name']) not in brought]
    assert {'resource': 'links', 'msg': RENDERED_WARNING} in preview['warnings']
    assert ('vpc_pairs', 'fo-leaf-1~fo-leaf-2', 'added') in listed(applied)
    assert ('policies', 'fo-leaf-2 switch_freeform "nac_login_banner"', 'added') in listed(applied)
    [channel] = read_controller(lab, '/interface?serialNumber=FOS2201LF01&ifName=port-channel10')
    assert channel['interfaces'][0]['nvPairs']['MEMBER_INTERFACES'] == 'Ethernet1/21,Ethernet1/22', channel
    added_fabric = preview['changes'][0]
    assert (added_fabric['resource'], added_fabric['name']) == ('fabrics', 'fo-small')
    assert added_fabric['values']['template_params.OSPF_AUTH_KEY'] == '********'
    assert '## Added networks fo-web' in found['preview.md'] and '| vlan_id | `2401` |' in found['preview.md']
    assert requests[SAVE] == 1 and requests[DEPLOY] == 1, requests   # one save and one deploy for the whole fabric

    # a rerun of the same model: nothing written, nothing deployed, both reports empty
    rerun, writes, requests, found = run_role(lab, repository, reports)
    assert rerun.rc == 0, rerun.output[-4000:]
    assert writes == 0 and DEPLOY not in requests, requests
    assert found['preview']['changes'] == [] == found['apply']['changes']
    assert 'Nothing to change' in found['preview.md']

    # one network's VLAN changed in the model: previewed and applied as exactly that
    networks_file = repository / 'host_vars' / 'fo-small' / 'networks.nac.yaml'
    networks = yaml.safe_load(networks_file.read_text(encoding='utf-8'))
    networks['vxlan']['overlay']['networks'][0]['vlan_id'] = 2411
    networks_file.write_text(yaml.safe_dump(networks), encoding='utf-8')
    change, writes, requests, found = run_role(lab, repository, reports)
    assert change.rc == 0, change.output[-4000:]
    expected = [{'resource': 'networks', 'name': 'fo-web', 'action': 'changed', 'fields': [{'field': 'vlan_id', 'old': 2401, 'new': 2411}]}]
    assert found['preview']['changes'] == expected == found['apply']['changes']
    assert '| vlan_id | `2401` | `2411` |' in found['preview.md']
    web = read_controller(lab, '/top-down/fabrics/fo-small/networks/attachments?network-names=fo-web')[0]['lanAttachList']
    assert {entry['vlanId'] for entry in web if entry['isLanAttached']} == {2411}

    # the VRF fo-blue and its network fo-db out of the model, with NaC's flags for them on: removed, the rest kept
    networks['vxlan']['overlay']['networks'].pop(2)
    networks_file.write_text(yaml.safe_dump(networks), encoding='utf-8')
    vrfs_file = repository / 'host_vars' / 'fo-small' / 'vrfs.nac.yaml'
    vrfs = yaml.safe_load(vrfs_file.read_text(encoding='utf-8'))
    vrfs['vxlan']['overlay']['vrfs'].pop(2)
    vrfs_file.write_text(yaml.safe_dump(vrfs), encoding='utf-8')
    # and fo-leaf-2 out of the policy group's switches, Ethernet1/54 out of the vPC peer-link: kept, their flags being off
    topology_file = repository / 'host_vars' / 'fo-small' / 'topology.nac.yaml'
    topology = yaml.safe_load(topology_file.read_text(encoding='utf-8'))
    topology['vxlan']['policy']['switches'].pop(1)
    pair = topology['vxlan']['topology']['vpc_peers'][0]
    pair['peer1_peerlink_interfaces'].pop(1)
    pair['peer2_peerlink_interfaces'].pop(1)
    topology_file.write_text(yaml.safe_dump(topology), encoding='utf-8')
    removal, writes, requests, found = run_role(lab, repository, reports, network_delete_mode=True, vrf_delete_mode=True)
    assert removal.rc == 0, removal.output[-4000:]
    assert found['preview']['changes'] == [] == found['apply']['changes']
    assert listed(found['remove']) == [('networks', 'fo-db', 'removed'), ('vrfs', 'fo-blue', 'removed')]
    assert sorted(network['networkName'] for network in read_controller(lab, '/top-down/fabrics/fo-small/networks')) == ['fo-app', 'fo-web']
    assert sorted(vrf['vrfName'] for vrf in read_controller(lab, '/top-down/fabrics/fo-small/vrfs')) == ['fo-green', 'fo-red']
    assert banners(lab) == ['FOS2201LF01', 'FOS2201LF02'] and PEER_LINK_54 in cabled(lab)

    # the same with policy_delete_mode and link_vpc_delete_mode on: that policy and that link removed, and only them
    removal, writes, requests, found = run_role(lab, repository, reports, policy_delete_mode=True, link_vpc_delete_mode=True)
    assert removal.rc == 0, removal.output[-4000:]
    assert listed(found['remove']) == [('policies', 'fo-leaf-2 switch_freeform "nac_login_banner"', 'removed'),
                                       ('links', PEER_LINK_54, 'removed')]
    assert banners(lab) == ['FOS2201LF01'] and PEER_LINK_54 not in cabled(lab)
    assert 'fo-leaf-1 Ethernet1/53 -- fo-leaf-2 Ethernet1/53' in cabled(lab) and len(cabled(lab)) == 9   # 8 uplinks, 1 peer link
    # fo-leaf-2 keeps its one other policy a user's (the controller's own are not the policies module's): its hostname
    users = [policy['templateName'] for policy in read_controller(lab, '/control/policies/switches?serialNumber=FOS2201LF02')
             if not policy.get('source') and policy.get('entityType') == 'SWITCH' and policy.get('deleted') is not True]
    assert users == ['host_11_1'], users

    # link_fabric_delete_mode: refused by name before any request (the discovered links carry the model's links' template)
    refused, writes, requests, found = run_role(lab, repository, reports, link_fabric_delete_mode=True)
    assert refused.rc != 0 and requests == {}, requests
    assert ('link_fabric_delete_mode: true in the inventory, but fabricops.dashboard does not remove fabric links: the links the '
            'controller discovered carry the same template as the model\'s') in refused.output

    # DASHBOARD_HOST wins over NaC's address (a port nothing listens on), and a preview alone writes nothing
    shutil.rmtree(reports)
    preview_only, writes, requests, found = run_role(lab, repository, reports, nac_port='9', fabric_stages='validate,preview')
    assert preview_only.rc == 0, preview_only.output[-4000:]
    assert writes == 0 and found['preview']['changes'] == [] and found['apply'] is None and found['remove'] is None


TWIN = HERE / 'fabric_models' / 'twin' / 'host_vars' / 'fo-twin'


@pytest.fixture(scope='module')
def twin_lab(tmp_path_factory):
    """The lab of fo-small and fo-twin, with no fabric, for the two fabrics' run alone (its counters are that run's)."""
    process = EmulatorProcess(workdir=tmp_path_factory.mktemp('fabric-twin-lab'), startup_timeout=STARTUP_TIMEOUT,
                              extra_args=['--lab', str(LAB), '--seed', 'empty', *SHORT_TIMES])
    with process:
        yield process


def test_two_fabrics_of_one_inventory_are_built_in_parallel_forks_on_one_login(twin_lab, tmp_path):
    """fo-small and fo-twin, two inventory hosts each with its own model and switches, as AWX runs a job template of both."""
    repository = role_repository(tmp_path / 'repository')
    shutil.copytree(TWIN, repository / 'host_vars' / 'fo-twin')
    inventory = yaml.safe_load((repository / 'inventory.yaml').read_text(encoding='utf-8'))
    hosts = inventory['all']['children']['fabrics']['hosts']
    hosts['fo-twin'] = dict(hosts['fo-small'])
    (repository / 'inventory.yaml').write_text(yaml.safe_dump(inventory), encoding='utf-8')

    play, _writes, requests, _found = run_role(twin_lab, repository, tmp_path / 'reports', forks=2)
    assert play.rc == 0, play.output[-4000:]
    assert play.recap['fo-small']['failed'] == 0 == play.recap['fo-twin']['failed'], play.recap
    counters = twin_lab.counters()
    assert counters['logins'] == 1 and requests['POST /login'] == 1, requests   # both forks on the run's one login
    assert requests[SAVE] == 2 and requests[DEPLOY] == 2, requests              # one save and one deploy per fabric
    built = {}
    for fabric in ('fo-small', 'fo-twin'):
        switches = read_controller(twin_lab, '/control/fabrics/%s/inventory/switchesByFabric' % fabric)
        built[fabric] = sorted((switch['logicalName'], switch['switchRole'], switch['ccStatus']) for switch in switches)
    assert built == {
        'fo-small': [('fo-leaf-1', 'leaf', 'In-Sync'), ('fo-leaf-2', 'leaf', 'In-Sync'), ('fo-leaf-3', 'leaf', 'In-Sync'),
                     ('fo-leaf-4', 'border', 'In-Sync'), ('fo-spine-1', 'spine', 'In-Sync'), ('fo-spine-2', 'spine', 'In-Sync')],
        'fo-twin': [('fo-twin-leaf-1', 'leaf', 'In-Sync'), ('fo-twin-leaf-2', 'leaf', 'In-Sync'), ('fo-twin-spine-1', 'spine', 'In-Sync')]}
    assert read_controller(twin_lab, '/control/fabrics/fo-twin')['nvPairs']['BGP_AS'] == '65130'
    [web] = read_controller(twin_lab, '/top-down/fabrics/fo-twin/networks/attachments?network-names=fo-twin-web')
    assert sorted((entry['portNames'], entry['vlanId']) for entry in web['lanAttachList'] if entry['isLanAttached']) == [
        ('Ethernet1/11', 2501)]
    report = json.loads((tmp_path / 'reports' / 'fo-twin-apply.json').read_text(encoding='utf-8'))
    assert ('vrfs', 'fo-twin-red', 'added') in listed(report)
