#!/usr/bin/env python
"""fabricops.dashboard.interfaces side by side with cisco.dcnm's dcnm_interface, on the same emulator.

The work of issue 24, written as a user of each collection writes it: one task of every interface, state
merged, deploy on, four runs per collection, each from the state the one before left:

  first         2 leaves of a vPC pair, 48 ports each: --ports-per-leaf ports standalone (odd ones access with
                a VLAN, even ones trunks with a VLAN list; each with a description), 2 port-channels per leaf
                (one trunk, one access; 2 member ports each), and one vPC to a host (2 member ports on each
                leaf); 4 + 2 + 42 = 48 ports per leaf by default.
  first again   the same play (nothing to change).
  change        the same play with --changed ports' VLANs changed (the first ones of the first leaf): the
                user edits the variables of the play and runs it again, as interfaces kept as code are.
  change again  the same change play (nothing to change).

The vPC pair is made by the benchmark before each collection's runs, through the controller's API (two
leaves discovered into the seed's site-a, then POST /vpcpair), for both collections alike; the pair is
not part of the runs. Each collection's runs start from a freshly reset emulator, with the emulator
answering every request after each of --latencies ms (``latency_ms``), as a loaded controller does;
deploys take the emulator 1 s. Our module waits for its deploy (wait's default); cisco.dcnm does not
(check_deploy's default), so its deploys may still run when its run ends.

Printed per run and collection, as each run ends: requests the emulator counted (the login family
included), writes among them (requests of every method but GET, HEAD and OPTIONS answered 2xx, the
login family left out), wall time of ansible-playbook, and each task's outcome; then a table with
ours/dcnm for requests and time. The goal (issue 24): ours at most a quarter of cisco.dcnm's requests
and wall time at 150 ms in every run, and 0 writes in the reruns. A task whose outcome is not the
expected one (changed in first and change, ok in the reruns), a run that fails, or interfaces a run
leaves otherwise than its work says (read by the benchmark after the run, not counted) prints a
WARNING line and is marked in the table; the runs go on.

Each run of cisco.dcnm gets a persistent connection of its own (ended after the run), so that each
run logs in, as ours does; its requests are counted once its session has ended or after 5 s.

cisco.dcnm is on no package registry; the benchmark takes it as benchmarks/peer_interfaces.py does:
  PEER_DCNM_GIT        a git directory (bare or not) of CiscoDevNet/ansible-dcnm, whose tag PEER_DCNM_TAG
                       (default 3.12.1) is unpacked into PEERS_CACHE (default ~/.cache/fabricops-peers)
  PEER_ANSIBLE         the ansible to run it with (default ansible==11.13.0, in a venv in the cache)

    PEER_DCNM_GIT=/path/to/ansible-dcnm .venv/bin/python benchmarks/interfaces_vs_dcnm.py [--latencies 0 150]
        [--ports-per-leaf 42] [--changed 10] [--only ours|dcnm] [--breakdown]

--breakdown prints, after each run, each task's requests by method and path template. CI does not run
it; it asserts nothing.

Its ND 4.2 twin is benchmarks/interfaces_vs_nd.py: ours against cisco.nd's 4.2 interface modules on a 4.2.1
emulator (no port-channels or vPCs: cisco.nd has no module for them), and ours on 4.2 against ours on legacy.
"""

import argparse
import os
import pathlib
import sys
import tempfile
import time

import yaml

from dashboard_emulator.testing import EmulatorProcess
from peer_interfaces import ansible_venv, end_connections, unpack_collection
from resource_vs_dcnm import (ADMIN, LAN_FABRIC, OURS_PLAYBOOK, PASSWORD, REPO, dcnm_inventory, marked, print_breakdown, print_run,
                              request_counts, timed_run, warnings_of)

FABRIC = 'site-a'
LEAVES = ('10.1.0.3', '10.1.0.4')  # discovered and paired before each collection's runs
RUNS = ('first', 'first again', 'change', 'change again')
# ports 41 to 46 of each leaf: the port-channels' and the vPC's members
CHANNELS = (('port-channel101', 'trunk', ('Ethernet1/41', 'Ethernet1/42')), ('port-channel102', 'access', ('Ethernet1/43', 'Ethernet1/44')))
VPC = ('vPC201', ('Ethernet1/45', 'Ethernet1/46'))
MEMBER_PORTS = {member for _name, _mode, members in CHANNELS for member in members} | set(VPC[1])


class Workload:
    """The interfaces of the runs: ``ports`` {(leaf, port): (mode, VLANs, description)} as first set, and as changed."""

    def __init__(self, ports_per_leaf, changed):
        numbers = [number for number in range(1, 55) if 'Ethernet1/%d' % number not in MEMBER_PORTS][:ports_per_leaf]
        if len(numbers) < ports_per_leaf or not 1 <= changed <= len(numbers):
            raise SystemExit('--ports-per-leaf is 1 to %d (a leaf has 54 ports, 6 are members) and --changed 1 to it' % len(numbers))
        self.ports = {}
        for leaf_index, leaf in enumerate(LEAVES):
            for number in numbers:
                mode = 'access' if number % 2 else 'trunk'
                vlans = str(2301 + number % 10) if mode == 'access' else '2301-%d' % (2302 + number % 10)
                self.ports[leaf, 'Ethernet1/%d' % number] = (mode, vlans, 'host-%d-%d nic' % (leaf_index + 1, number))
        self.changed = {}
        for leaf, port in list(self.ports)[:changed]:
            mode, vlans, description = self.ports[leaf, port]
            self.changed[leaf, port] = (mode, str(int(vlans) + 100) if mode == 'access' else vlans + ',2400', description)

    def summary(self):
        return ('2 leaves of a vPC pair, %d standalone ports each (access and trunk, with descriptions), 2 port-channels each '
                'and a vPC (6 member ports each), deployed; change: %d ports\' VLANs' % (len(self.ports) // 2, len(self.changed)))

    def ports_of(self, run):
        return {**self.ports, **self.changed} if run.startswith('change') else dict(self.ports)


def ours_play(work, run):
    config = []
    for (leaf, port), (mode, vlans, description) in work.ports_of(run).items():
        item = {'switch': leaf, 'name': port, 'mode': mode, 'description': description}
        item['access_vlan' if mode == 'access' else 'allowed_vlans'] = int(vlans) if mode == 'access' else vlans
        config.append(item)
    for leaf in LEAVES:
        for name, mode, members in CHANNELS:
            item = {'switch': leaf, 'name': name, 'mode': mode, 'members': list(members), 'description': 'bond %s' % name}
            item['access_vlan' if mode == 'access' else 'allowed_vlans'] = 2303 if mode == 'access' else '2301-2302'
            config.append(item)
    config.append({'switch': LEAVES[0], 'name': VPC[0], 'mode': 'trunk', 'peer1_members': list(VPC[1]), 'peer2_members': list(VPC[1]),
                   'allowed_vlans': '2301-2304', 'description': 'host-9 bond'})
    return [{'name': 'Interfaces with fabricops.dashboard', 'hosts': 'localhost', 'gather_facts': False,
             'module_defaults': {'group/fabricops.dashboard.dashboard': {'username': ADMIN, 'password': PASSWORD}},
             'tasks': [{'name': 'Interfaces', 'fabricops.dashboard.interfaces': {
                 'fabric': FABRIC, 'state': 'merged', 'deploy': True, 'config': config}}]}]


def dcnm_play(work, run):
    """The same work with cisco.dcnm's options (its documented profile of each type)."""
    config = []
    for (leaf, port), (mode, vlans, description) in work.ports_of(run).items():
        profile = {'mode': mode, 'description': description, 'admin_state': True, 'mtu': 'jumbo', 'speed': 'Auto'}
        profile['access_vlan' if mode == 'access' else 'allowed_vlans'] = vlans
        config.append({'name': port, 'type': 'eth', 'switch': [leaf], 'deploy': True, 'profile': profile})
    for leaf in LEAVES:
        for name, mode, members in CHANNELS:
            profile = {'mode': mode, 'members': list(members), 'pc_mode': 'active', 'admin_state': True, 'mtu': 'jumbo',
                       'description': 'bond %s' % name}
            profile['access_vlan' if mode == 'access' else 'allowed_vlans'] = '2303' if mode == 'access' else '2301-2302'
            config.append({'name': 'po%s' % name[len('port-channel'):], 'type': 'pc', 'switch': [leaf], 'deploy': True,
                           'profile': profile})
    number = int(VPC[0][3:])
    config.append({'name': 'vpc%d' % number, 'type': 'vpc', 'switch': [list(LEAVES)], 'deploy': True, 'profile': {
        'mode': 'trunk', 'peer1_pcid': number, 'peer2_pcid': number, 'peer1_members': list(VPC[1]), 'peer2_members': list(VPC[1]),
        'pc_mode': 'active', 'admin_state': True, 'mtu': 'jumbo', 'peer1_allowed_vlans': '2301-2304',
        'peer2_allowed_vlans': '2301-2304', 'peer1_description': 'host-9 bond', 'peer2_description': 'host-9 bond'}})
    return [{'name': 'Interfaces with cisco.dcnm', 'hosts': 'dcnm', 'gather_facts': False,
             'tasks': [{'name': 'Interfaces', 'cisco.dcnm.dcnm_interface': {'fabric': FABRIC, 'state': 'merged', 'config': config}}]}]


def prepare(emulator, latency_ms):
    """Reset the emulator, discover the two leaves, pair them (no deploy), then answer after ``latency_ms``: their serials."""
    emulator.reset()
    session = emulator.login()
    answer = session.post(emulator.url(LAN_FABRIC + '/control/fabrics/%s/inventory/discover' % FABRIC), timeout=30,
                          json={'seedIP': ','.join(LEAVES), 'switches': [{'ipaddr': address} for address in LEAVES],
                                'preserveConfig': True, 'role': 'leaf'})
    answer.raise_for_status()
    deadline = time.monotonic() + 30
    while True:
        switches = {switch['ipAddress']: switch for switch in session.get(
            emulator.url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % FABRIC), timeout=30).json()}
        if all(address in switches and switches[address]['managable'] for address in LEAVES):
            break
        if time.monotonic() > deadline:
            raise SystemExit('the leaves to pair did not become manageable')
        time.sleep(0.2)
    serials = [switches[address]['serialNumber'] for address in LEAVES]
    answer = session.post(emulator.url(LAN_FABRIC + '/vpcpair'), timeout=30,
                          json={'peerOneId': serials[0], 'peerTwoId': serials[1], 'useVirtualPeerlink': False})
    answer.raise_for_status()
    emulator.set_faults(latency_ms=latency_ms)
    return serials


def vlan_set(text):
    """The VLANs of a list such as 2301-2304,2400 (cisco.dcnm writes 2400 as 2400-2400); None for no list."""
    if text is None:
        return None
    numbers = set()
    for part in str(text).split(','):
        low, _dash, high = part.strip().partition('-')
        if low.isdigit():
            numbers.update(range(int(low), int(high or low) + 1))
    return frozenset(numbers)


def fabric_warnings(emulator, serials, work, run, name, latency):
    """WARNING lines for the interfaces the run left otherwise than its work says (a few named, then how many)."""
    wrong = []
    with emulator.login() as session:
        for leaf, serial in zip(LEAVES, serials):
            answer = session.get(emulator.url(LAN_FABRIC + '/interface'), params={'serialNumber': serial}, timeout=60)
            answer.raise_for_status()
            found = {entry['ifName']: (group['policy'], entry['nvPairs']) for group in answer.json() for entry in group['interfaces']}
            for (port_leaf, port), (mode, vlans, description) in work.ports_of(run).items():
                if port_leaf != leaf:
                    continue
                policy, pairs = found.get(port, ('absent', {}))
                key = 'ACCESS_VLAN' if mode == 'access' else 'ALLOWED_VLANS'
                if (policy, vlan_set(pairs.get(key)), pairs.get('DESC')) != ('int_%s_host' % mode, vlan_set(vlans), description):
                    wrong.append('%s %s: %s %s %r' % (leaf, port, policy, pairs.get(key), pairs.get('DESC')))
            for channel, mode, members in CHANNELS:
                policy, pairs = found.get(channel, ('absent', {}))
                if policy != 'int_port_channel_%s_host' % mode or sorted(
                        part.strip().lower().replace('ethernet', 'e') for part in pairs.get('MEMBER_INTERFACES', '').split(',')) != sorted(
                            member.lower().replace('ethernet', 'e') for member in members):
                    wrong.append('%s %s: %s members %r' % (leaf, channel, policy, pairs.get('MEMBER_INTERFACES')))
            if found.get(VPC[0], ('absent',))[0] != 'int_vpc_trunk_host':
                wrong.append('%s %s: %s' % (leaf, VPC[0], found.get(VPC[0], ('absent',))[0]))
        if wrong:
            return ['WARNING: %s, %s run at %d ms left %d interface(s) otherwise than its work says: %s%s' % (
                name, run, latency, len(wrong), '; '.join(wrong[:4]), '; ...' if len(wrong) > 4 else '')]
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n', 1)[0])
    parser.add_argument('--latencies', type=int, nargs='+', default=[0, 150])
    parser.add_argument('--ports-per-leaf', type=int, default=42, help='standalone ports per leaf (beside 6 member ports)')
    parser.add_argument('--changed', type=int, default=10, help='ports whose VLANs the change run changes')
    parser.add_argument('--only', choices=('ours', 'dcnm'), help='run one collection only')
    parser.add_argument('--breakdown', action='store_true', help='print each run\'s requests by method and path template')
    options = parser.parse_args()
    work = Workload(options.ports_per_leaf, options.changed)
    cache = pathlib.Path(os.environ.get('PEERS_CACHE') or pathlib.Path.home() / '.cache' / 'fabricops-peers')
    if options.only != 'ours':
        collections = unpack_collection(cache, os.environ.get('PEER_DCNM_GIT', ''), os.environ.get('PEER_DCNM_TAG', '3.12.1'))
        dcnm_playbook = ansible_venv(cache, os.environ.get('PEER_ANSIBLE', 'ansible==11.13.0'))
    print('%s (load average %.2f %.2f %.2f)' % ((work.summary(),) + os.getloadavg()), flush=True)
    results = {}  # (latency, collection, run): (requests, writes, seconds, flag)
    warnings = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', extra_args=[
            '--deploy-seconds', '1', '--discover-seconds', '1', '--log-level', 'warning'])
        emulator.start()
        try:
            playbooks = {}
            for collection, make in (('ours', ours_play), ('dcnm', dcnm_play)):
                for kind in ('first', 'change'):
                    playbooks[collection, kind] = workdir / ('%s-%s.yml' % (collection, kind))
                    playbooks[collection, kind].write_text(yaml.safe_dump(make(work, kind), sort_keys=False), encoding='utf-8')
            (workdir / 'local.ini').write_text('localhost ansible_connection=local ansible_python_interpreter=%s\n' % sys.executable,
                                               encoding='utf-8')
            base_env = {name: value for name, value in os.environ.items() if not name.startswith(('ANSIBLE_', 'DASHBOARD_'))}
            collections_run = [('ours', 'fabricops.dashboard', [str(OURS_PLAYBOOK), '-i', str(workdir / 'local.ini')], dict(
                base_env, DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path, ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'),
                ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'), ANSIBLE_LOCALHOST_WARNING='false'))]
            if options.only != 'ours':
                collections_run.append(('dcnm', 'cisco.dcnm 3.12.1', [
                    str(dcnm_playbook), '-i', str(dcnm_inventory(emulator, workdir, dcnm_playbook.parent / 'python'))], dict(
                    base_env, ANSIBLE_COLLECTIONS_PATH=str(collections), ANSIBLE_HOST_KEY_CHECKING='false',
                    ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='1000', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT='60')))
            for latency in options.latencies:
                for collection, name, command, env in collections_run:
                    if options.only and options.only != collection:
                        continue
                    serials = prepare(emulator, latency)
                    counts = request_counts(emulator.counters())
                    for index, run in enumerate(RUNS):
                        control = workdir / ('pc-%s-%d-%d' % (collection, latency, index))
                        playbook = playbooks[collection, 'change' if run.startswith('change') else 'first']
                        try:
                            requests, writes, seconds, outcomes, returncode, counts, by_task = timed_run(
                                command + [str(playbook)], dict(env, ANSIBLE_PERSISTENT_CONTROL_PATH_DIR=str(control)), emulator,
                                counts, workdir / 'task-counts.json' if options.breakdown else None)
                        finally:
                            end_connections(control)
                        flagged = warnings_of(name, latency, run, outcomes, returncode)
                        flagged += fabric_warnings(emulator, serials, work, run, name, latency)
                        counts = request_counts(emulator.counters())  # the check's reads are not the next run's
                        warnings.extend(flagged)
                        results[latency, collection, run] = (requests, writes, seconds, 'FAILED' if returncode else (
                            'unexpected' if flagged else ''))
                        print_run(latency, name, run, requests, writes, seconds, outcomes, flagged)
                        if options.breakdown:
                            print_breakdown(by_task)
        finally:
            emulator.stop()
    print()
    print('%s (load average at the end %.2f %.2f %.2f)' % ((work.summary(),) + os.getloadavg()))
    print('| latency | run | ours: requests | writes | wall time | dcnm: requests | writes | wall time | ours / dcnm: requests | time |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for latency in options.latencies:
        for run in RUNS:
            ours, theirs = results.get((latency, 'ours', run)), results.get((latency, 'dcnm', run))
            cells = ['%d ms' % latency, run]
            cells += ['%d%s' % (ours[0], marked(ours[3])), str(ours[1]), '%.1f s' % ours[2]] if ours else ['-', '-', '-']
            cells += ['%d%s' % (theirs[0], marked(theirs[3])), str(theirs[1]), '%.1f s' % theirs[2]] if theirs else ['-', '-', '-']
            cells += (['%.2f' % (ours[0] / theirs[0]) if theirs[0] else '-', '%.2f' % (ours[2] / theirs[2])]
                      if ours and theirs else ['-', '-'])
            print('| %s |' % ' | '.join(cells))
    for line in warnings:
        print(line)


if __name__ == '__main__':
    main()
