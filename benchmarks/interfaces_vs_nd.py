#!/usr/bin/env python
"""fabricops.dashboard.interfaces side by side with cisco.nd's 4.2 interface modules, on the same ND 4.2.1 emulator.

The Speed section of issue 37. The work both collections can do on ND 4.2's /api/v1/manage API (cisco.nd has no
port-channel or vPC module), written as a user of each writes it, state merged, deploy on, four runs per side, each
from the state the one before left:

  first         2 leaves of site-a (the seed's leaf 10.1.0.2 and 10.1.0.3, discovered and the fabric deployed by the
                benchmark before each side's runs through the emulator's legacy view, not counted: a discovered switch
                is out of sync until deployed), --ports-per-leaf ports each (odd ones
                access with a VLAN, even ones trunks with a VLAN list; each with a description of its own),
                --loopbacks loopbacks and --svis SVIs each (an address and a description each).
  first again   the same play (nothing to change).
  change        the same play with --changed ports' VLANs changed (the first ones of the first leaf).
  change again  the same change play (nothing to change).

Ours is one task of fabricops.dashboard.interfaces (every kind in one config); cisco.nd's is four tasks, one per module
(nd_interface_loopback, nd_interface_ethernet_access, nd_interface_ethernet_trunk_host, nd_interface_svi, of the
interfaces pull request, refs/pull/268/head by default), one config item per interface (each has its own description),
over ansible.netcommon.httpapi with its httpapi plugin and certificate validation on.

cisco.nd does not wait for its deploy (it has no wait). Ours is compared with wait: false ("ours"), and runs a second
time with wait: true ("ours, wait"), printed beside. The 4.2 emulator is started with --release 4.2.1
--no-legacy-paths (so every client must speak /api/v1/manage; ours chooses it by itself, controller_api auto), deploys
take it 1 s, and it answers every request after each of --latencies ms (its ``latency_ms`` fault), as a loaded
controller does. Each side's runs start from a freshly reset emulator.

Beside that, ours on the legacy API ("ours, legacy"): the same play with wait: false against an emulator of the
default release (ND 3.2.1e, the release NDFC 12.2.2 runs on: the emulator has no ``--release 12.2``, 12.2 is NDFC's
version), to compare our 4.2 requests with our legacy requests of the same work. Each run's requests are sorted into
kinds (login family, switch list, interface list, create, update, deploy, deploymentFreeze read, ...) and the second
table names every kind where 4.2 sends more, with the fact of the 4.2 API that forces it (``FORCED_BY``).

Printed per run and side, as each run ends: requests the emulator counted (the login family included), writes among
them (every method but GET, HEAD and OPTIONS answered 2xx, the login family and POST .../query left out), wall time of
ansible-playbook, each task's outcome. Then the tables. The goal (issue 37): ours (wait off) at most half of cisco.nd's
requests and wall time in every run, at 0 and 150 ms, and 0 writes in the reruns; ours on 4.2 no more requests than
ours on legacy, except where the 4.2 API forces more. A task whose outcome is not the expected one (changed in first and
change, ok in the reruns), a failed run, or interfaces a run leaves otherwise than its work says (read by the benchmark
after the run through the emulator's legacy view, not counted; deploy state not checked, as cisco.nd does not wait)
prints a WARNING line and is marked in the table; the runs go on.

cisco.nd 2.0 is on no package registry; the benchmark takes it as benchmarks/peer_nd_manage.py does:
  PEER_ND_GIT            a git directory of CiscoDevNet/ansible-nd; PEER_ND_INTERFACE_REF (default refs/pull/268/head)
                         is unpacked into PEERS_CACHE (default ~/.cache/fabricops-peers)
  PEER_ANSIBLE           the ansible to run it with (default ansible==11.13.0), in the cache's venv with the ref's
                         requirements.txt (pydantic 2)

    PEER_ND_GIT=/path/to/ansible-nd .venv/bin/python benchmarks/interfaces_vs_nd.py [--latencies 0 150]
        [--ports-per-leaf 48] [--loopbacks 4] [--svis 4] [--changed 10] [--sides ours ours-wait nd legacy] [--breakdown]
        [--save results.json]
    .venv/bin/python benchmarks/interfaces_vs_nd.py --tables results.json   (the tables of a saved run again; give the
        same --ports-per-leaf, --loopbacks, --svis and --changed for its summary line)

--breakdown prints, after each run, each task's requests by method and path template. CI does not run it; it asserts
nothing.

What it showed on 2026-11-27 (2 cores shared with other work: wall times are noisy, request counts are not; cisco.nd
refs/pull/268/head at 1e65a4d):
- At main 75b0cf7, ours (wait off) sent at most half of cisco.nd's requests and took at most half its wall time in every
  run but the first: there ours sent 107 requests to cisco.nd's 41 (2.61), and at 150 ms took 0.88 of its time. Ours PUT
  each of the 96 ports it took from the default policy, where cisco.nd sends them in one POST .../switches/{sn}/interfaces
  per switch and task; and it read the switch list twice (once for its inventory, once for deploy: true's sync rule).
- After interfaces/manage.py sent those ports in the per-switch POST and took the sync state from its one switch list
  read: every run meets the goal, at 0 and 150 ms. First run 11 requests to cisco.nd's 41 (0.27), reruns 6 to 29 (0.21),
  the change 19 to 41 (0.46: its 10 ports already configured are PUT one by one, as cisco.nd PUTs them too); wall time
  0.13 to 0.27 of cisco.nd's. Ours on 4.2 against ours on legacy: the same 11 requests in the first run (the
  deploymentFreeze read the only extra kind), 2 fewer in the reruns, 8 more in the change (the freeze read and the PUTs).
- Reruns: 0 writes on both sides, once the fabric is deployed before the runs. With the discovered leaf never deployed
  (configSyncStatus outOfSync), ours on 4.2 deploys its unchanged interfaces of that leaf again on every rerun (1 write,
  changed) as deploy: true's rule says for a switch not in sync; legacy reads each interface's own state instead.
- cisco.nd per task: a login (the first), GET .../summary, GET .../deploymentFreeze, GET .../switches, GET
  .../interfaces of every switch of the fabric (the spine too), one POST per switch, one deploy, and a POST /logout that
  the emulator answers 401 in three tasks of four (its session already ended), the last task logging out twice: 10
  requests a task, 11 for the last; 41 in a run that writes, 29 in a rerun (no POST, no deploy).
- A loopback made on 4.2 (ip with /32, as platform.yaml spells it) shows IP 10.200.1.1/32 in the emulator's legacy
  view, where a legacy-made one shows 10.200.1.1: the emulator's pairing of the loopback's ip with the legacy IP
  nvPair keeps the length (the check here compares the address only).
"""

import argparse
import json
import os
import pathlib
import re
import sys
import tempfile

import yaml

from dashboard_emulator.testing import EmulatorProcess
from interfaces_vs_dcnm import vlan_set
from peer_interfaces import end_connections
from peer_nd_manage import INTERFACE_REF, ansible_venv, nd_inventory, requirements, unpack_collection
from resource_vs_dcnm import (ADMIN, AUTH_PATHS, LAN_FABRIC, OURS_PLAYBOOK, PASSWORD, REPO, marked, prepare, print_breakdown, print_run,
                              request_counts, timed_run, warnings_of)

RELEASE = '4.2.1'
FABRIC = 'site-a'
LEAVES = ('10.1.0.2', '10.1.0.3')  # the seed's leaf, and one discovered before each side's runs (resource_vs_dcnm.prepare)
RUNS = ('first', 'first again', 'change', 'change again')
# side: (its name in the tables, the emulator it runs on)
SIDES = {'ours': ('ours (wait off)', 'manage'), 'ours-wait': ('ours (wait on)', 'manage'), 'nd': ('cisco.nd', 'manage'),
         'legacy': ('ours legacy (wait off)', 'legacy')}
MANAGE = '/api/v1/manage'
UNCHANGED_BY_CHANGE = ('Loopbacks', 'SVIs')  # cisco.nd's tasks the change run leaves as they are

# The kinds of requests the legacy-vs-4.2 table compares: (kind, method, path pattern), first match wins.
KINDS = (
    ('login family', None, r'(/api/v1/infra)?/(login|refresh|logout)$'),
    ('release read', 'GET', r'/version\.json$|/api/v1/infra/about$'),
    ('switch list', 'GET', r'/inventory/switchesByFabric$|/fabrics/[^/]+/switches$'),
    ('fabric read', 'GET', r'/control/fabrics/[^/]+$|/fabrics/[^/]+(/summary)?$'),
    ('deploymentFreeze read', 'GET', r'/deploymentFreeze$'),
    # the intent checks' read of the ports networks' attachments list (interfaces/attachments.py)
    ('network attachments read', None, r'/top-down/fabrics/[^/]+/networks(/attachments)?$|/networkAttachments/query$'),
    ('interface list', 'GET', r'/interface$|/switches/[^/]+/interfaces$'),
    ('interface read', 'GET', r'/interface/detail$|/switches/[^/]+/interfaces/.+$'),
    ('create', 'POST', r'/globalInterface$|/switches/[^/]+/interfaces$'),
    ('update', None, r'/interface/modify$|/switches/[^/]+/interfaces/.+$'),
    ('deploy', 'POST', r'/globalInterface/deploy$|/interfaceActions/deploy$'),
    ('reset or remove', None, r'/interface/markdelete$|/globalInterface/delete$|/interfaceActions/(normalize|remove)$'),
)
# Why ours on 4.2 sends more of a kind than ours on legacy, for the same work: (forced, the fact), from docs/api/platform.yaml and
# interfaces/manage.py's docstring. "forced" is what the 4.2 API as platform.yaml records it leaves no other way to do.
FORCED_BY = {
    'update': ('yes', 'one PUT /api/v1/manage/fabrics/{f}/switches/{sn}/interfaces/{name} per changed port already '
                      'configured: 4.2 has no bulk update (legacy takes all in one POST /interface/modify); a port taken from '
                      'the default policy goes in the per-switch POST .../switches/{sn}/interfaces ("creates or configures" '
                      'interfaces in platform.yaml), as cisco.nd sends it; whether that POST also updates an already '
                      'configured port on a real 4.2 is [uncertain], so such ports are PUT'),
    'create': ('yes', 'one POST /api/v1/manage/fabrics/{f}/switches/{sn}/interfaces per switch: the 4.2 create is per switch '
                      '(legacy takes one POST /globalInterface per policy, for every switch at once)'),
    'deploymentFreeze read': ('yes', 'GET /api/v1/manage/fabrics/{f}/deploymentFreeze before a deploy: 4.2 refuses every deploy '
                                     'of a frozen fabric (500), so the task reads the freeze to refuse before any write (cisco.nd\'s '
                                     'modules read it too); the legacy mapping sends no such read'),
    'switch list': ('no', 'a second GET /api/v1/manage/fabrics/{f}/switches, for the sync state (configSyncStatus) of the '
                          'listed interfaces the task leaves unchanged (a 4.2 interface carries no deploy state; legacy reads '
                          'GET /interface/detail per switch instead, 2 here): the task\'s first GET of the switch list (its '
                          'inventory) already carries configSyncStatus, so one read could serve both'),
}


class Workload:
    """The interfaces of the runs, per leaf: ``ports`` {(leaf, port): (mode, VLANs, description)}, ``loopbacks``
    {(leaf, name): (address, description)}, ``svis`` {(leaf, VLAN): (address, prefix length, description)}; ``changed``
    the ports of the change runs."""

    def __init__(self, ports_per_leaf, loopbacks, svis, changed):
        if not 1 <= ports_per_leaf <= 54 or not 1 <= changed <= ports_per_leaf or not 0 <= loopbacks <= 50 or not 0 <= svis <= 50:
            raise SystemExit('--ports-per-leaf is 1 to 54 (a leaf has 54 ports), --changed 1 to it, --loopbacks and --svis 0 to 50')
        self.ports, self.loopbacks, self.svis = {}, {}, {}
        for index, leaf in enumerate(LEAVES, 1):
            for number in range(1, ports_per_leaf + 1):
                mode = 'access' if number % 2 else 'trunk'
                vlans = str(2301 + number % 10) if mode == 'access' else '2301-%d' % (2302 + number % 10)
                self.ports[leaf, 'Ethernet1/%d' % number] = (mode, vlans, 'host-%d-%d nic' % (index, number))
            for number in range(loopbacks):
                self.loopbacks[leaf, 'loopback%d' % (100 + number)] = ('10.200.%d.%d' % (index, number + 1), 'service %d' % number)
            for number in range(svis):
                self.svis[leaf, 2301 + number] = ('10.%d.%d.%d' % (23, number + 1, index), 24, 'tenant %d' % number)
        self.changed = {}
        for leaf, port in list(self.ports)[:changed]:
            mode, vlans, description = self.ports[leaf, port]
            self.changed[leaf, port] = (mode, str(int(vlans) + 100) if mode == 'access' else vlans + ',2400', description)

    def summary(self):
        return ('2 leaves, %d ports each (access and trunk, with descriptions), %d loopbacks and %d SVIs each, deployed; '
                'change: %d ports\' VLANs' % (len(self.ports) // 2, len(self.loopbacks) // 2, len(self.svis) // 2, len(self.changed)))

    def ports_of(self, run):
        return {**self.ports, **self.changed} if run.startswith('change') else dict(self.ports)


def ours_play(work, run, wait):
    config = []
    for (leaf, port), (mode, vlans, description) in work.ports_of(run).items():
        item = {'switch': leaf, 'name': port, 'mode': mode, 'description': description}
        item['access_vlan' if mode == 'access' else 'allowed_vlans'] = int(vlans) if mode == 'access' else vlans
        config.append(item)
    for (leaf, name), (address, description) in work.loopbacks.items():
        config.append({'switch': leaf, 'name': name, 'ipv4_address': address + '/32', 'description': description})
    for (leaf, vlan), (address, length, description) in work.svis.items():
        config.append({'switch': leaf, 'name': 'vlan%d' % vlan, 'ipv4_address': '%s/%d' % (address, length), 'description': description})
    return [{'name': 'Interfaces with fabricops.dashboard', 'hosts': 'localhost', 'gather_facts': False,
             'module_defaults': {'group/fabricops.dashboard.dashboard': {'username': ADMIN, 'password': PASSWORD}},
             'tasks': [{'name': 'Interfaces', 'fabricops.dashboard.interfaces': {
                 'fabric': FABRIC, 'state': 'merged', 'deploy': True, 'wait': wait, 'config': config}}]}]


def nd_play(work, run):
    """The same work with cisco.nd's four modules, as their documentation writes each item (deploy is their default)."""
    def item(leaf, policy, **names):
        return dict(names, switch_ip=leaf, config_data={'network_os': {'policy': policy}})

    ports = work.ports_of(run)
    access = [item(leaf, {'access_vlan': int(vlans), 'description': description}, interface_names=[port])
              for (leaf, port), (mode, vlans, description) in ports.items() if mode == 'access']
    trunks = [item(leaf, {'allowed_vlans': vlans, 'description': description}, interface_names=[port])
              for (leaf, port), (mode, vlans, description) in ports.items() if mode == 'trunk']
    loopbacks = [item(leaf, {'ip': address, 'description': description}, interface_name=name)
                 for (leaf, name), (address, description) in work.loopbacks.items()]
    svis = [item(leaf, {'ip': address, 'prefix': length, 'description': description}, vlan_ids=[vlan])
            for (leaf, vlan), (address, length, description) in work.svis.items()]
    tasks = [(name, module, config) for name, module, config in (
        ('Loopbacks', 'nd_interface_loopback', loopbacks), ('Access ports', 'nd_interface_ethernet_access', access),
        ('Trunk ports', 'nd_interface_ethernet_trunk_host', trunks), ('SVIs', 'nd_interface_svi', svis)) if config]
    return [{'name': 'Interfaces with cisco.nd', 'hosts': 'nd', 'gather_facts': False, 'tasks': [
        {'name': name, 'cisco.nd.' + module: {'fabric_name': FABRIC, 'state': 'merged', 'config': config}}
        for name, module, config in tasks]}]


def prepare_deployed(emulator, latency_ms):
    """resource_vs_dcnm.prepare (reset, the second leaf discovered), then the fabric deployed (config-deploy, through the
    legacy view) so that both leaves start in sync, as a fabric in use is: a discovered switch is out of sync until its
    first deploy, and on 4.2 a switch's sync state is what our deploy: true reads of an interface it leaves unchanged.
    Then answer after ``latency_ms``: the counts to start from."""
    prepare(emulator, 0)
    with emulator.login() as session:
        session.post(emulator.legacy_url(LAN_FABRIC + '/control/fabrics/%s/config-deploy' % FABRIC), timeout=60).raise_for_status()
    emulator.set_faults(latency_ms=latency_ms)
    return request_counts(emulator.counters())


def fabric_warnings(emulator, work, run, name, latency):
    """WARNING lines for the interfaces the run left otherwise than its work says (read through the legacy view)."""
    wrong = []
    with emulator.login() as session:
        switches = session.get(emulator.legacy_url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % FABRIC),
                               timeout=60).json()
        serials = {switch['ipAddress']: switch['serialNumber'] for switch in switches}
        for leaf in LEAVES:
            answer = session.get(emulator.legacy_url(LAN_FABRIC + '/interface'), params={'serialNumber': serials[leaf]}, timeout=60)
            answer.raise_for_status()
            found = {entry['ifName'].lower(): (group['policy'], entry['nvPairs']) for group in answer.json()
                     for entry in group['interfaces']}
            for (port_leaf, port), (mode, vlans, description) in work.ports_of(run).items():
                if port_leaf == leaf:
                    policy, pairs = found.get(port.lower(), ('absent', {}))
                    key = 'ACCESS_VLAN' if mode == 'access' else 'ALLOWED_VLANS'
                    if (policy, vlan_set(pairs.get(key)), pairs.get('DESC')) != ('int_%s_host' % mode, vlan_set(vlans), description):
                        wrong.append('%s %s: %s %s %r' % (leaf, port, policy, pairs.get(key), pairs.get('DESC')))
            expected = [(loopback, 'int_loopback', address, description)
                        for (item_leaf, loopback), (address, description) in work.loopbacks.items() if item_leaf == leaf]
            expected += [('vlan%d' % vlan, 'int_vlan', address, description)
                         for (item_leaf, vlan), (address, _length, description) in work.svis.items() if item_leaf == leaf]
            for interface, template, address, description in expected:
                policy, pairs = found.get(interface, ('absent', {}))
                # a loopback made on 4.2 carries its /32 into the legacy IP nvPair (the emulator pairs the fields as they are)
                if (policy, (pairs.get('IP') or '').split('/')[0], pairs.get('DESC')) != (template, address, description):
                    wrong.append('%s %s: %s %s %r' % (leaf, interface, policy, pairs.get('IP'), pairs.get('DESC')))
    if wrong:
        return ['WARNING: %s, %s run at %d ms left %d interface(s) otherwise than its work says: %s%s' % (
            name, run, latency, len(wrong), '; '.join(wrong[:4]), '; ...' if len(wrong) > 4 else '')]
    return []


def outcome_warnings(name, latency, run, outcomes, returncode):
    """resource_vs_dcnm.warnings_of, but cisco.nd's tasks of loopbacks and SVIs have nothing to change in the change run
    (only ports' VLANs change): they are judged as a rerun there."""
    if run != 'change':
        return warnings_of(name, latency, run, outcomes, returncode)
    unchanged = [outcome for outcome in outcomes if outcome[0] in UNCHANGED_BY_CHANGE]
    lines = warnings_of(name, latency, run, [outcome for outcome in outcomes if outcome not in unchanged], returncode)
    return lines + [line.replace(' change again run ', ' change run ') for line in warnings_of(name, latency, 'change again', unchanged, 0)]


def kind_of_request(key):
    """The kind (KINDS) of a counter key 'METHOD path-template status'; the template itself when no kind matches."""
    method, path, _status = key.split(' ')
    if path in AUTH_PATHS:
        return 'login family'
    for kind, kind_method, pattern in KINDS:
        if kind_method in (None, method) and re.search(pattern, path):
            return kind
    return '%s %s' % (method, path.replace(LAN_FABRIC, '').replace(MANAGE, ''))


def by_kind(by_task):
    """{kind: requests} of a run's ``by_task`` (timed_run's, all tasks together)."""
    kinds = {}
    for _task, delta in by_task:
        for key, count in delta.items():
            kinds[kind_of_request(key)] = kinds.get(kind_of_request(key), 0) + count
    return kinds


def sides_to_run(options, work, directory):
    """({(side, run kind): playbook}, the environment without ANSIBLE_/DASHBOARD_ variables, cisco.nd's (collections path, commit,
    ansible-playbook) or None)."""
    cache = pathlib.Path(os.environ.get('PEERS_CACHE') or pathlib.Path.home() / '.cache' / 'fabricops-peers')
    playbooks = {}
    for side in options.sides:
        for kind in ('first', 'change'):
            play = nd_play(work, kind) if side == 'nd' else ours_play(work, kind, wait=side == 'ours-wait')
            playbooks[side, kind] = directory / ('%s-%s.yml' % (side, kind))
            playbooks[side, kind].write_text(yaml.safe_dump(play, sort_keys=False), encoding='utf-8')
    (directory / 'local.ini').write_text('localhost ansible_connection=local ansible_python_interpreter=%s\n' % sys.executable,
                                         encoding='utf-8')
    base_env = {name: value for name, value in os.environ.items() if not name.startswith(('ANSIBLE_', 'DASHBOARD_'))}
    nd_side = None
    if 'nd' in options.sides:
        git_dir = os.environ.get('PEER_ND_GIT', '')
        collections, commit = unpack_collection(cache, git_dir, os.environ.get(INTERFACE_REF[0], INTERFACE_REF[1]))
        playbook = ansible_venv(cache, os.environ.get('PEER_ANSIBLE', 'ansible==11.13.0'), requirements(git_dir, [commit]))
        nd_side = (collections, commit, playbook)
    return playbooks, base_env, nd_side


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n', 1)[0])
    parser.add_argument('--latencies', type=int, nargs='+', default=[0, 150])
    parser.add_argument('--ports-per-leaf', type=int, default=48)
    parser.add_argument('--loopbacks', type=int, default=4, help='loopbacks per leaf')
    parser.add_argument('--svis', type=int, default=4, help='SVIs per leaf')
    parser.add_argument('--changed', type=int, default=10, help='ports whose VLANs the change run changes')
    parser.add_argument('--sides', nargs='+', choices=list(SIDES), default=list(SIDES))
    parser.add_argument('--breakdown', action='store_true', help='print each run\'s requests by method and path template')
    parser.add_argument('--save', type=pathlib.Path, help='write the results to this JSON file')
    parser.add_argument('--tables', type=pathlib.Path, help='run nothing: print the tables of a file --save wrote')
    options = parser.parse_args()
    work = Workload(options.ports_per_leaf, options.loopbacks, options.svis, options.changed)
    if options.tables:
        saved = json.loads(options.tables.read_text(encoding='utf-8'))
        options.latencies = saved['latencies']
        print_tables(options, work, {tuple(key): tuple(value) for key, value in saved['results']}, saved['load'])
        return
    print('%s (load average %.2f %.2f %.2f)' % ((work.summary(),) + os.getloadavg()), flush=True)
    results = {}  # (latency, side, run): (requests, writes, seconds, flag, {kind: requests})
    warnings = []
    with tempfile.TemporaryDirectory() as name:
        workdir = pathlib.Path(name)
        playbooks, base_env, nd_side = sides_to_run(options, work, workdir)
        if nd_side:
            print('cisco.nd %s at %s' % (os.environ.get(INTERFACE_REF[0], INTERFACE_REF[1]), nd_side[1]), flush=True)
        for api in ('manage', 'legacy'):
            sides = [side for side in options.sides if SIDES[side][1] == api]
            if not sides:
                continue
            emulator = EmulatorProcess(workdir=workdir / ('emulator-' + api), release=RELEASE if api == 'manage' else None,
                                       legacy_paths=api == 'legacy', extra_args=[
                                           '--deploy-seconds', '1', '--discover-seconds', '1', '--log-level', 'warning'])
            emulator.start()
            try:
                ours_env = dict(base_env, DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path,
                                ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'), ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'),
                                ANSIBLE_LOCALHOST_WARNING='false')
                commands = {side: ([str(OURS_PLAYBOOK), '-i', str(workdir / 'local.ini')], ours_env) for side in sides if side != 'nd'}
                if 'nd' in sides:
                    collections, _commit, playbook = nd_side
                    commands['nd'] = ([str(playbook), '-i', str(nd_inventory(emulator, workdir, playbook.parent / 'python'))], dict(
                        base_env, ANSIBLE_COLLECTIONS_PATH=str(collections), ANSIBLE_HOST_KEY_CHECKING='false',
                        ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='900', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT='60'))
                for latency in options.latencies:
                    for side in sides:
                        command, env = commands[side]
                        counts = prepare_deployed(emulator, latency)
                        for index, run in enumerate(RUNS):
                            control = workdir / ('pc-%s-%d-%d' % (side, latency, index))
                            playbook = playbooks[side, 'change' if run.startswith('change') else 'first']
                            try:
                                requests, writes, seconds, outcomes, returncode, counts, by_task = timed_run(
                                    command + [str(playbook)], dict(env, ANSIBLE_PERSISTENT_CONTROL_PATH_DIR=str(control)), emulator,
                                    counts, workdir / 'task-counts.json' if options.breakdown else None, ends_its_session=side != 'nd')
                            finally:
                                end_connections(control)
                            label = SIDES[side][0]
                            flagged = outcome_warnings(label, latency, run, outcomes, returncode)
                            flagged += fabric_warnings(emulator, work, run, label, latency)
                            counts = request_counts(emulator.counters())  # the check's reads (legacy emulator) are not the next run's
                            warnings.extend(flagged)
                            results[latency, side, run] = (requests, writes, seconds, 'FAILED' if returncode else (
                                'unexpected' if flagged else ''), by_kind(by_task))
                            print_run(latency, label, run, requests, writes, seconds, outcomes, flagged, width=22)
                            if options.breakdown:
                                print_breakdown(by_task)
            finally:
                emulator.stop()
    if options.save:
        options.save.write_text(json.dumps({'latencies': options.latencies, 'results': [[list(key), list(value)] for key, value in results.items()],
                                            'warnings': warnings, 'load': os.getloadavg()}),
                                encoding='utf-8')
    print_tables(options, work, results, os.getloadavg())
    for line in warnings:
        print(line)


def cells(result, time_too=True):
    if not result:
        return ['-', '-', '-'] if time_too else ['-', '-']
    requests, writes, seconds, flag, _kinds = result
    return ['%d%s' % (requests, marked(flag)), str(writes)] + (['%.1f s' % seconds] if time_too else [])


def print_tables(options, work, results, load):
    print()
    print('%s (load average at the end %.2f %.2f %.2f)' % ((work.summary(),) + tuple(load)))
    print('| latency | run | ours (wait off): requests | writes | wall time | cisco.nd: requests | writes | wall time '
          '| ours / cisco.nd: requests | time | at most half | ours (wait on): requests | writes | wall time |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    for latency in options.latencies:
        for run in RUNS:
            ours, theirs, waited = (results.get((latency, side, run)) for side in ('ours', 'nd', 'ours-wait'))
            row = ['%d ms' % latency, run] + cells(ours) + cells(theirs)
            if ours and theirs and theirs[0] and theirs[2]:
                request_ratio, time_ratio = ours[0] / theirs[0], ours[2] / theirs[2]
                row += ['%.2f' % request_ratio, '%.2f' % time_ratio, 'yes' if request_ratio <= 0.5 and time_ratio <= 0.5 else 'NO']
            else:
                row += ['-', '-', '-']
            print('| %s |' % ' | '.join(row + cells(waited)))
    print()
    print('Ours on 4.2.1 against ours on legacy (ND 3.2.1e / NDFC 12.2), the same work, wait off: requests by kind')
    print('| latency | run | legacy: requests | writes | 4.2.1: requests | writes | 4.2.1 - legacy | kinds where 4.2.1 sends more |')
    print('|---|---|---|---|---|---|---|---|')
    forced = set()
    for latency in options.latencies:
        for run in RUNS:
            legacy, manage = results.get((latency, 'legacy', run)), results.get((latency, 'ours', run))
            row = ['%d ms' % latency, run] + cells(legacy, False) + cells(manage, False)
            if legacy and manage:
                more = ['%s +%d (%d vs %d)' % (kind, manage[4].get(kind, 0) - legacy[4].get(kind, 0), manage[4].get(kind, 0),
                                               legacy[4].get(kind, 0))
                        for kind in sorted(set(manage[4]) | set(legacy[4])) if manage[4].get(kind, 0) > legacy[4].get(kind, 0)]
                forced.update(kind.split(' +')[0] for kind in more)
                row += ['%+d' % (manage[0] - legacy[0]), '; '.join(more) or 'none']
            else:
                row += ['-', '-']
            print('| %s |' % ' | '.join(row))
    for kind in sorted(forced):
        print('  %s (forced: %s): %s' % ((kind,) + FORCED_BY.get(kind, ('no', 'no known fact of the 4.2 API forces it'))))


if __name__ == '__main__':
    main()
