#!/usr/bin/env python
"""fabricops.dashboard.vrfs/networks side by side with cisco.dcnm's dcnm_vrf/dcnm_network, on the same emulator.

The work of issue 18, written as a user would, one play per collection: 50 VRFs and 100 networks,
each attached to 2 leaf switches and deployed; then the same play again (nothing to change).
Each collection's pair of runs starts from a freshly reset emulator (the seed's site-a, plus a
second leaf discovered through the controller's API), without and with the emulator answering
every request after 200 ms (``latency_ms``), as a loaded controller does. Printed: requests the
emulator counted (HEAD / probes included) and wall time of ansible-playbook, per run.

cisco.dcnm is on no package registry; the benchmark takes it from the environment:
  DCNM_COLLECTIONS_PATH  a directory holding ansible_collections/cisco/dcnm (3.12.1) and what it
                         needs (default: ~/.cache/fabricops-peers/collections-peer, as
                         /work/shared/tools/peer-modules leaves it)
  DCNM_ANSIBLE_PLAYBOOK  the ansible-playbook of an environment with ansible.netcommon
                         (default: ~/.cache/fabricops-peers/venv-ansible--11.13.0/bin/ansible-playbook)

    .venv/bin/python benchmarks/resource_vs_dcnm.py [--latencies 0 200] [--vrfs 50] [--networks 100] [--only ours|dcnm]

CI does not run it; it asserts nothing.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import yaml

from dashboard_emulator.testing import EmulatorProcess

REPO = pathlib.Path(__file__).resolve().parent.parent
OURS_PLAYBOOK = pathlib.Path(sys.executable).parent / 'ansible-playbook'
PEERS = pathlib.Path.home() / '.cache' / 'fabricops-peers'
ADMIN, PASSWORD = EmulatorProcess.ADMIN
LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
FABRIC = 'site-a'
LEAVES = ('10.1.0.2', '10.1.0.3')  # the seed's leaf, and one discovered before each pair of runs


def workload(vrfs, networks):
    vrf_items = [{'name': 'bench-vrf-%d' % n, 'vrf_id': 50100 + n, 'vlan_id': 2100 + n} for n in range(1, vrfs + 1)]
    network_items = [{'name': 'bench-net-%d' % n, 'network_id': 30100 + n, 'vlan_id': 2400 + n,
                      'vrf': 'bench-vrf-%d' % ((n - 1) % vrfs + 1), 'gateway_ipv4': '10.%d.%d.1/24' % (100 + n // 250, n % 250)}
                     for n in range(1, networks + 1)]
    return vrf_items, network_items


def ours_play(vrf_items, network_items):
    attach = [{'switch': address} for address in LEAVES]
    return [{
        'name': 'VRFs and networks with fabricops.dashboard', 'hosts': 'localhost', 'gather_facts': False,
        'module_defaults': {'group/fabricops.dashboard.dashboard': {'username': ADMIN, 'password': PASSWORD}},
        'tasks': [
            {'name': 'VRFs', 'fabricops.dashboard.vrfs': {
                'fabric': FABRIC, 'deploy': True, 'config': [dict(item, attach=attach) for item in vrf_items]}},
            {'name': 'Networks', 'fabricops.dashboard.networks': {
                'fabric': FABRIC, 'deploy': True, 'config': [dict(item, attach=attach) for item in network_items]}},
        ]}]


def dcnm_play(vrf_items, network_items):
    attach = [{'ip_address': address} for address in LEAVES]
    vrfs = [{'vrf_name': item['name'], 'vrf_id': item['vrf_id'], 'vlan_id': item['vlan_id'],
             'vrf_template': 'Default_VRF_Universal', 'vrf_extension_template': 'Default_VRF_Extension_Universal',
             'attach': attach, 'deploy': True} for item in vrf_items]
    networks = [{'net_name': item['name'], 'vrf_name': item['vrf'], 'net_id': item['network_id'], 'vlan_id': item['vlan_id'],
                 'net_template': 'Default_Network_Universal', 'net_extension_template': 'Default_Network_Extension_Universal',
                 'gw_ip_subnet': item['gateway_ipv4'], 'attach': [dict(entry, ports=[]) for entry in attach], 'deploy': True}
                for item in network_items]
    return [{'name': 'VRFs and networks with cisco.dcnm', 'hosts': 'dcnm', 'gather_facts': False, 'tasks': [
        {'name': 'VRFs', 'cisco.dcnm.dcnm_vrf': {'fabric': FABRIC, 'state': 'merged', 'config': vrfs}},
        {'name': 'Networks', 'cisco.dcnm.dcnm_network': {'fabric': FABRIC, 'state': 'merged', 'config': networks}},
    ]}]


def dcnm_inventory(emulator, directory, python):
    host, port = emulator.host.rsplit(':', 1)
    path = directory / 'dcnm.ini'
    path.write_text('\n'.join([
        '[dcnm]', 'c1 ansible_host=%s ansible_network_os=cisco.dcnm.dcnm' % host, '[dcnm:vars]',
        'ansible_user=%s' % ADMIN, 'ansible_password=%s' % PASSWORD, 'ansible_connection=ansible.netcommon.httpapi',
        'ansible_httpapi_use_ssl=true', 'ansible_httpapi_validate_certs=true', 'ansible_httpapi_ca_path=%s' % emulator.ca_path,
        'ansible_httpapi_port=%s' % port, 'ansible_httpapi_login_domain=DefaultAuth', 'ansible_python_interpreter=%s' % python,
        'ansible_command_timeout=1000', 'ansible_connect_timeout=60', '']), encoding='utf-8')
    return path


def prepare(emulator, latency_ms):
    """Reset the emulator, add the second leaf through the controller's API, wait until it is manageable."""
    emulator.reset()
    session = emulator.login()
    answer = session.post(emulator.url(LAN_FABRIC + '/control/fabrics/%s/inventory/discover' % FABRIC), timeout=30,
                          json={'seedIP': LEAVES[1], 'switches': [{'ipaddr': LEAVES[1]}], 'preserveConfig': True, 'role': 'leaf'})
    answer.raise_for_status()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        switches = session.get(emulator.url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % FABRIC), timeout=30).json()
        if all(switch['managable'] for switch in switches):
            break
        time.sleep(0.2)
    emulator.set_faults(latency_ms=latency_ms)
    base = emulator.counters()
    return sum(sum(by_status.values()) for by_status in base['requests'].values())


def timed_run(command, env, emulator, requests_before):
    started = time.monotonic()
    completed = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd=str(REPO))
    seconds = time.monotonic() - started
    counters = emulator.counters()
    total = sum(sum(by_status.values()) for by_status in counters['requests'].values())
    changed = [line for line in completed.stdout.splitlines() if ': ok=' in line]
    if completed.returncode:
        raise SystemExit('%s failed:\n%s' % (command[0], (completed.stdout + completed.stderr)[-4000:]))
    return total - requests_before, seconds, changed[0].split(':', 1)[1].strip() if changed else '', total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n', 1)[0])
    parser.add_argument('--latencies', type=int, nargs='+', default=[0, 200])
    parser.add_argument('--vrfs', type=int, default=50)
    parser.add_argument('--networks', type=int, default=100)
    parser.add_argument('--only', choices=('ours', 'dcnm'),
                        help='run one collection only (comparing two trees of ours needs no cisco.dcnm runs)')
    options = parser.parse_args()
    collections = pathlib.Path(os.environ.get('DCNM_COLLECTIONS_PATH', PEERS / 'collections-peer'))
    dcnm_playbook = pathlib.Path(os.environ.get('DCNM_ANSIBLE_PLAYBOOK', PEERS / 'venv-ansible--11.13.0' / 'bin' / 'ansible-playbook'))
    if options.only != 'ours' and (not (collections / 'ansible_collections' / 'cisco' / 'dcnm').is_dir() or not dcnm_playbook.exists()):
        raise SystemExit('cisco.dcnm not found: set DCNM_COLLECTIONS_PATH and DCNM_ANSIBLE_PLAYBOOK (see this file\'s docstring; '
                         '/work/shared/tools/peer-modules with PEER_DCNM_GIT prepares both)')
    vrf_items, network_items = workload(options.vrfs, options.networks)
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', extra_args=['--deploy-seconds', '1', '--log-level', 'warning'])
        emulator.start()
        try:
            ours = workdir / 'ours.yml'
            ours.write_text(yaml.safe_dump(ours_play(vrf_items, network_items), sort_keys=False), encoding='utf-8')
            theirs = workdir / 'dcnm.yml'
            theirs.write_text(yaml.safe_dump(dcnm_play(vrf_items, network_items), sort_keys=False), encoding='utf-8')
            (workdir / 'local.ini').write_text('localhost ansible_connection=local ansible_python_interpreter=%s\n' % sys.executable,
                                               encoding='utf-8')
            base_env = {name: value for name, value in os.environ.items() if not name.startswith(('ANSIBLE_', 'DASHBOARD_'))}
            ours_env = dict(base_env, DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path,
                            ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'), ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'),
                            ANSIBLE_LOCALHOST_WARNING='false')
            dcnm_env = dict(base_env, ANSIBLE_COLLECTIONS_PATH=str(collections), ANSIBLE_HOST_KEY_CHECKING='false',
                            ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='1000', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT='60')
            dcnm_ini = dcnm_inventory(emulator, workdir, dcnm_playbook.parent / 'python')
            for latency in options.latencies:
                for name, command, env in (
                        ('fabricops.dashboard', [str(OURS_PLAYBOOK), str(ours), '-i', str(workdir / 'local.ini')], ours_env),
                        ('cisco.dcnm 3.12.1', [str(dcnm_playbook), str(theirs), '-i', str(dcnm_ini)], dcnm_env)):
                    if options.only and not name.startswith({'ours': 'fabricops', 'dcnm': 'cisco'}[options.only]):
                        continue
                    before = prepare(emulator, latency)
                    for run in ('first', 'no change'):
                        requests, seconds, recap, before = timed_run(command, env, emulator, before)
                        rows.append((latency, name, run, requests, seconds, recap))
                        print('%4d ms  %-20s %-10s %5d requests %8.1f s   %s' % rows[-1], flush=True)
        finally:
            emulator.stop()
    print()
    print('%d VRFs and %d networks on 2 leaves, attached and deployed (load average %.2f %.2f %.2f)' % (
        (options.vrfs, options.networks) + os.getloadavg()))
    print('| latency | collection | run | requests | wall time |')
    print('|---|---|---|---|---|')
    for latency, name, run, requests, seconds, _recap in rows:
        print('| %d ms | %s | %s | %d | %.1f s |' % (latency, name, run, requests, seconds))


if __name__ == '__main__':
    main()
