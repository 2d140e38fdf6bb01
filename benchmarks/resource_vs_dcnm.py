#!/usr/bin/env python
"""fabricops.dashboard.vrfs/networks side by side with cisco.dcnm's dcnm_vrf/dcnm_network, on the same emulator.

The work of issues 18 and 26, written as a user of each collection writes it, four runs per collection,
each from the state the one before left:

  first         --vrfs VRFs and --networks networks (each in a VRF, round robin), attached to 2 leaf
                switches and deployed: one task of VRFs, one of networks, state merged, deploy on.
  first again   the same play (nothing to change).
  change        the gateway of --gateways networks changed (each network written whole, with its new
                gateway: merged); --detach networks detached from the second leaf (written whole, attached
                to the first leaf only: replaced); --delete-vrfs VRFs deleted together with their networks
                (deleted, the networks first, then the VRFs, as the controller requires). Deploy on where
                something is deployed; our modules wait for their deploys (wait's default).
  change again  the same change play (nothing to change).

The changed, detached and deleted objects are distinct: the VRFs deleted are the last ones, the
networks changed and detached come from the other VRFs. At small sizes the counts shrink to fit (a
quarter of the VRFs deleted at most (one at least), two thirds of the remaining networks changed at most).

Each collection's four runs start from a freshly reset emulator (the seed's site-a, plus a second
leaf discovered through the controller's API), without and with the emulator answering every
request after --latencies ms (``latency_ms``), as a loaded controller does; deploys take the
emulator 1 s. Printed per run and collection, as each run ends: requests the emulator counted (HEAD
and probes included), writes among them (requests of every method but GET, HEAD and OPTIONS answered
2xx, the login family left out: cisco.dcnm's probe of an API, an empty POST answered 405, is no
write), wall time of ansible-playbook, and each task's outcome; then a table with ours/dcnm for
requests and time, and beside our runs the floor and our requests / floor (the goal: within 1.25).
A task whose outcome is not the expected one (changed in first and change, ok in their reruns), a
run that fails, or a fabric that a run leaves otherwise than its work says (VRFs and networks
present, gateways, which leaves carry each; read by the benchmark after the run, not counted), prints
a WARNING line and is marked in the table; the runs go on. Attachments not deployed yet when a run
ends (cisco.dcnm does not wait for its deploys) are noted, not warned about.

The floor: the fewest requests the controller's API allows for the run's work, counted by this
benchmark from the work, per task, each task knowing only what it read itself:

  1         one login per run (a play can use one session for all its tasks)
  per task:
  1         the list of the task's kind in the fabric (GET .../vrfs or .../networks)
  +b        the attachments of the listed objects that exist, b = ceil(existing / 200) reads (200 names per
            read keeps the URL and the answer bounded, as the collection reads them); none when none exists
  +1        the switch inventory, when the task names switches and reads no attachments (the attachment
            answers name every switch of the fabric, so otherwise it is not needed); with --release 4.2.1,
            whenever the task names switches by address (4.2's attachment answers carry no addresses)
  +1        one bulk create, when something is created
  +1        one update of every object changed: the controller's v2 bulk update (NDFC 12.2 with the
            patch that adds it; the emulator has it); with --no-bulk-update, an emulator without it and
            +u, one PUT per object changed
  +1        one attachments request, when attachments change (attach, or the detach before a delete)
  +2        one deploy and one poll of the attachments, when something is deployed (the detach of
            deployed objects before their delete included)
  +d        ceil(deleted / 30) bulk deletes (30 names per request, as the controller's own clients send)

So first = 1 + 2 x (list, inventory, create, attach, deploy, poll) = 13; first again = 1 + 2 x (list,
attachments) = 5; change = 1 + (list, attachments, update, deploy, poll) + (list, attachments, attach,
deploy, poll) + 2 x (list, attachments, detach, deploy, poll, delete) = 23 (22 + g PUTs without the
bulk update); change again =
1 + 2 x (list, attachments) + 2 x list = 7 (the deleted objects are gone: no attachments read).
The floor does not count: more than one poll per deploy (the emulator takes 1 s to deploy, so a
waiting module looks more than once), the reads of our modules' checks before a write (the fabric's
settings, the other kind's objects and attachments: "1 to 4 requests more" per writing task, as
the modules' docs say), a logout, a re-login, retries. The requests of a run are counted once its
sessions have ended: ours once the run's logouts match its logins (the session keeper logs out a moment
after ansible-playbook exits; a WARNING after 10 s), cisco.dcnm's after 5 s at most (a session it
leaves open). cisco.dcnm's runs do the same work; the floor is printed beside ours only.

cisco.dcnm is on no package registry; the benchmark takes it from the environment:
  DCNM_COLLECTIONS_PATH  a directory holding ansible_collections/cisco/dcnm (3.12.1) and what it
                         needs (default: ~/.cache/fabricops-peers/collections-peer, as
                         /work/shared/tools/peer-modules leaves it)
  DCNM_ANSIBLE_PLAYBOOK  the ansible-playbook of an environment with ansible.netcommon
                         (default: ~/.cache/fabricops-peers/venv-ansible--11.13.0/bin/ansible-playbook)

    .venv/bin/python benchmarks/resource_vs_dcnm.py [--latencies 0 150] [--vrfs 40] [--networks 120]
        [--gateways 10] [--detach 5] [--delete-vrfs 5] [--no-bulk-update] [--only ours|dcnm] [--breakdown]
        [--release 4.2.1]

--release 4.2.1 runs our modules only against a 4.2.1 emulator that serves no legacy path: they speak its
/api/v1/manage API (controller_api auto), which cisco.dcnm cannot. There the attachments are read with a
POST (.../vrfAttachments/query), counted as a request and not as a write, and changed objects are sent
one PUT each (no bulk update): the floor is the one without the bulk update. The benchmark's own set-up
and checks go through the emulator's loopback legacy view, which its counters leave out.

--breakdown prints, after each run, each task's requests by method and path template (from the
emulator's counters, read by benchmarks/callback_plugins/task_counts.py as each task starts), to see
where a run spends more than the floor. CI does not run it; it asserts nothing.
"""

import argparse
import json
import math
import os
import pathlib
import re
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
LEAVES = ('10.1.0.2', '10.1.0.3')  # the seed's leaf, and one discovered before each collection's runs
PREFIX = 'bench-'  # of the names of the benchmark's VRFs and networks
RUNS = ('first', 'first again', 'change', 'change again')
# what every task of a run should report
EXPECTED = {'first': 'changed', 'first again': 'ok', 'change': 'changed', 'change again': 'ok'}
READS = ('GET', 'HEAD', 'OPTIONS')
AUTH_PATHS = ('/login', '/refresh', '/logout', '/api/v1/infra/login', '/api/v1/infra/refresh', '/api/v1/infra/logout')
# The floor's batch sizes (see the docstring).
ATTACHMENT_READ_BATCH = 200
DELETE_BATCH = 30


class Workload:
    """The objects of the runs: ``vrfs`` and ``networks`` as first created; the change run's ``regatewayed``
    (networks with a new gateway), ``detached`` (networks left on the first leaf only), ``deleted_networks``
    and ``deleted_vrfs``."""

    def __init__(self, vrfs, networks, gateways, detach, delete_vrfs):
        self.vrfs = [{'name': PREFIX + 'vrf-%d' % n, 'vrf_id': 50100 + n, 'vlan_id': 2100 + n} for n in range(1, vrfs + 1)]
        self.networks = [{'name': PREFIX + 'net-%d' % n, 'network_id': 30100 + n, 'vlan_id': 2400 + n,
                          'vrf': PREFIX + 'vrf-%d' % ((n - 1) % vrfs + 1), 'gateway_ipv4': '10.%d.%d.1/24' % (100 + n // 250, n % 250)}
                         for n in range(1, networks + 1)]
        deleting = min(delete_vrfs, max(1, vrfs // 4))
        self.deleted_vrfs = self.vrfs[len(self.vrfs) - deleting:]
        gone = {item['name'] for item in self.deleted_vrfs}
        self.deleted_networks = [item for item in self.networks if item['vrf'] in gone]
        staying = [item for item in self.networks if item['vrf'] not in gone]
        regatewaying = min(gateways, len(staying) * 2 // 3)
        self.regatewayed = [dict(item, gateway_ipv4='10.%d.%d.1/24' % (150 + index // 250, index % 250))
                            for index, item in enumerate(staying[:regatewaying], start=1)]
        self.detached = staying[regatewaying:regatewaying + min(detach, len(staying) - regatewaying)]
        if not (self.regatewayed and self.detached and self.deleted_vrfs and self.deleted_networks):
            # a deleted task with an empty config deletes every object of its kind: never written
            raise SystemExit('too small for a change run of every kind (%s): give --vrfs 2 or more, --networks 2 more than --vrfs '
                             'at least, and --gateways, --detach and --delete-vrfs of 1 or more' % self.summary())

    def summary(self):
        return ('%d VRFs and %d networks on 2 leaves, attached and deployed; change: %d gateways, %d networks detached '
                'from a leaf, %d VRFs deleted with their %d networks' % (
                    len(self.vrfs), len(self.networks), len(self.regatewayed), len(self.detached), len(self.deleted_vrfs),
                    len(self.deleted_networks)))

    def floor(self, run, bulk_update=True, manage=False):
        """The fewest requests the API allows for ``run`` (see the docstring), with or without the ``bulk_update`` API;
        ``manage``: on 4.2's /api/v1/manage, whose attachment answers carry no switch addresses."""
        vrfs, networks = len(self.vrfs), len(self.networks)
        regatewayed, detached = len(self.regatewayed), len(self.detached)
        deleted_networks, deleted_vrfs = len(self.deleted_networks), len(self.deleted_vrfs)
        tasks = {
            'first': [task_floor(0, names_switches=True, creates=vrfs, attach=True, deploy=True, manage=manage),
                      task_floor(0, names_switches=True, creates=networks, attach=True, deploy=True, manage=manage)],
            'first again': [task_floor(vrfs, names_switches=True, manage=manage), task_floor(networks, names_switches=True, manage=manage)],
            'change': [task_floor(regatewayed, names_switches=True, updates=1 if bulk_update else regatewayed, deploy=True, manage=manage),
                       task_floor(detached, names_switches=True, attach=True, deploy=True, manage=manage),
                       task_floor(deleted_networks, attach=True, deploy=True, deletes=deleted_networks, manage=manage),
                       task_floor(deleted_vrfs, attach=True, deploy=True, deletes=deleted_vrfs, manage=manage)],
            'change again': [task_floor(regatewayed, names_switches=True, manage=manage), task_floor(detached, names_switches=True, manage=manage),
                             task_floor(0, manage=manage), task_floor(0, manage=manage)],
        }[run]
        return 1 + sum(tasks)


def task_floor(existing, names_switches=False, creates=0, updates=0, attach=False, deploy=False, deletes=0, manage=False):
    """The fewest requests of one task (see the docstring): ``existing`` listed objects that exist before it."""
    reads = 1 + math.ceil(existing / ATTACHMENT_READ_BATCH)
    if names_switches and (manage or not existing):
        reads += 1
    writes = (1 if creates else 0) + updates + (1 if attach else 0) + math.ceil(deletes / DELETE_BATCH)
    return reads + writes + (2 if deploy else 0)


def ours_plays(work):
    """{play kind: play} for fabricops.dashboard."""
    both = [{'switch': address} for address in LEAVES]

    def networks(items, attach):
        return [dict(item, attach=attach) for item in items]

    def play(name, tasks):
        return [{'name': name, 'hosts': 'localhost', 'gather_facts': False,
                 'module_defaults': {'group/fabricops.dashboard.dashboard': {'username': ADMIN, 'password': PASSWORD}},
                 'tasks': tasks}]

    return {
        'first': play('VRFs and networks with fabricops.dashboard', [
            {'name': 'VRFs', 'fabricops.dashboard.vrfs': {
                'fabric': FABRIC, 'deploy': True, 'config': [dict(item, attach=both) for item in work.vrfs]}},
            {'name': 'Networks', 'fabricops.dashboard.networks': {
                'fabric': FABRIC, 'deploy': True, 'config': networks(work.networks, both)}},
        ]),
        'change': play('A change with fabricops.dashboard', [
            {'name': 'Networks with new gateways', 'fabricops.dashboard.networks': {
                'fabric': FABRIC, 'state': 'merged', 'deploy': True, 'config': networks(work.regatewayed, both)}},
            {'name': 'Networks on the first leaf only', 'fabricops.dashboard.networks': {
                'fabric': FABRIC, 'state': 'replaced', 'deploy': True, 'config': networks(work.detached, both[:1])}},
            {'name': 'Networks of the VRFs going away', 'fabricops.dashboard.networks': {
                'fabric': FABRIC, 'state': 'deleted', 'config': [{'name': item['name']} for item in work.deleted_networks]}},
            {'name': 'VRFs going away', 'fabricops.dashboard.vrfs': {
                'fabric': FABRIC, 'state': 'deleted', 'config': [{'name': item['name']} for item in work.deleted_vrfs]}},
        ]),
    }


def dcnm_plays(work):
    """{play kind: play} for cisco.dcnm, with the states and options of its modules' docs."""
    both = [{'ip_address': address} for address in LEAVES]

    def networks(items, attach):
        return [{'net_name': item['name'], 'vrf_name': item['vrf'], 'net_id': item['network_id'], 'vlan_id': item['vlan_id'],
                 'net_template': 'Default_Network_Universal', 'net_extension_template': 'Default_Network_Extension_Universal',
                 'gw_ip_subnet': item['gateway_ipv4'], 'attach': [dict(entry, ports=[]) for entry in attach], 'deploy': True}
                for item in items]

    vrfs = [{'vrf_name': item['name'], 'vrf_id': item['vrf_id'], 'vlan_id': item['vlan_id'],
             'vrf_template': 'Default_VRF_Universal', 'vrf_extension_template': 'Default_VRF_Extension_Universal',
             'attach': both, 'deploy': True} for item in work.vrfs]

    def play(name, tasks):
        return [{'name': name, 'hosts': 'dcnm', 'gather_facts': False, 'tasks': tasks}]

    return {
        'first': play('VRFs and networks with cisco.dcnm', [
            {'name': 'VRFs', 'cisco.dcnm.dcnm_vrf': {'fabric': FABRIC, 'state': 'merged', 'config': vrfs}},
            {'name': 'Networks', 'cisco.dcnm.dcnm_network': {'fabric': FABRIC, 'state': 'merged',
                                                             'config': networks(work.networks, both)}},
        ]),
        'change': play('A change with cisco.dcnm', [
            {'name': 'Networks with new gateways', 'cisco.dcnm.dcnm_network': {
                'fabric': FABRIC, 'state': 'merged', 'config': networks(work.regatewayed, both)}},
            {'name': 'Networks on the first leaf only', 'cisco.dcnm.dcnm_network': {
                'fabric': FABRIC, 'state': 'replaced', 'config': networks(work.detached, both[:1])}},
            {'name': 'Networks of the VRFs going away', 'cisco.dcnm.dcnm_network': {
                'fabric': FABRIC, 'state': 'deleted', 'config': [{'net_name': item['name']} for item in work.deleted_networks]}},
            {'name': 'VRFs going away', 'cisco.dcnm.dcnm_vrf': {
                'fabric': FABRIC, 'state': 'deleted', 'config': [{'vrf_name': item['name']} for item in work.deleted_vrfs]}},
        ]),
    }


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
    answer = session.post(emulator.legacy_url(LAN_FABRIC + '/control/fabrics/%s/inventory/discover' % FABRIC), timeout=30,
                          json={'seedIP': LEAVES[1], 'switches': [{'ipaddr': LEAVES[1]}], 'preserveConfig': True, 'role': 'leaf'})
    answer.raise_for_status()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        switches = session.get(emulator.legacy_url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % FABRIC),
                               timeout=30).json()
        if all(switch['managable'] for switch in switches):
            break
        time.sleep(0.2)
    emulator.set_faults(latency_ms=latency_ms)
    return request_counts(emulator.counters())


def request_counts(counters):
    """{'METHOD path-template status': requests} the emulator counted since its reset, from its ``counters``."""
    return {'%s %s' % (key, status): count for key, by_status in counters['requests'].items() for status, count in by_status.items()}


def settled_counts(emulator, counts_before, live_sessions, ends_its_session):
    """``request_counts`` once the run is over on the wire. With ``ends_its_session`` (ours: the session keeper logs out
    a moment after ansible-playbook exits): once the run has sent as many logouts as logins, else a WARNING after 10 s
    (a session left live). Else (cisco.dcnm): once no more sessions are live than ``live_sessions`` were before the
    run, or after 5 s (a session it leaves open)."""
    deadline = time.monotonic() + (10.0 if ends_its_session else 5.0)
    while True:
        counters = emulator.counters()
        counts = request_counts(counters)
        if ends_its_session:
            sent = difference(counts, counts_before)
            logins = sum(count for key, count in sent.items() if key.split(' ')[1].endswith('/login'))
            logouts = sum(count for key, count in sent.items() if key.split(' ')[1].endswith('/logout'))
            if logouts >= logins:
                return counts
        elif counters['live_sessions'] <= live_sessions:
            return counts
        if time.monotonic() > deadline:
            if ends_its_session:
                print('WARNING: the run did not end its session within 10 s of its end (it stays live on the dashboard)',
                      file=sys.stderr)
            return counts
        time.sleep(0.1)


def is_write(key):
    """A request that changed something: neither a read nor the login family, and answered 2xx (cisco.dcnm's
    probe of an API, an empty POST answered 405, is none)."""
    method, path, status = key.split(' ')
    # the attachments query of /api/v1/manage is a read, though a POST
    return method not in READS and path not in AUTH_PATHS and not path.endswith('/query') and status.startswith('2')


def task_outcomes(stdout):
    """[(task name, 'ok' | 'changed' | 'failed' | ..., the failure's line or '')] from the default callback's output."""
    outcomes = []
    for line in stdout.splitlines():
        started = re.match(r'TASK \[(.*)\] \*', line)
        if started:
            outcomes.append([started.group(1), None, ''])
            continue
        reported = re.match(r'(ok|changed|fatal|failed|skipping): \[[^]]*\]', line)
        if reported and outcomes and outcomes[-1][1] is None:
            outcomes[-1][1] = 'failed' if reported.group(1) == 'fatal' else reported.group(1)
            outcomes[-1][2] = line[:600] if outcomes[-1][1] == 'failed' else ''
    return [tuple(outcome) for outcome in outcomes]


def timed_run(command, env, emulator, counts_before, counts_file=None, ends_its_session=False):
    """(requests, writes, seconds, outcomes, return code, counts after, [(task, {template: requests})] of this run).

    With ``counts_file``, the run's requests task by task (callback_plugins/task_counts.py), the ones
    outside every task (before the first, after the play) as task ``outside tasks``; else the run's as one.
    ``ends_its_session``: the collection logs out after each run (see ``settled_counts``).
    """
    if counts_file is not None:
        env = dict(env, ANSIBLE_CALLBACK_PLUGINS=str(REPO / 'benchmarks' / 'callback_plugins'), ANSIBLE_CALLBACKS_ENABLED='task_counts',
                   BENCH_EMULATOR_URL=emulator.base_url, BENCH_EMULATOR_CA=emulator.ca_path, BENCH_COUNTS_FILE=str(counts_file))
    live_sessions = emulator.counters()['live_sessions']
    started = time.monotonic()
    completed = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd=str(REPO))
    seconds = time.monotonic() - started
    counts = settled_counts(emulator, counts_before, live_sessions, ends_its_session)
    delta = difference(counts, counts_before)
    outcomes = task_outcomes(completed.stdout)
    if completed.returncode and not any(state == 'failed' for _name, state, _line in outcomes):
        outcomes.append(('ansible-playbook', 'failed', (completed.stdout + completed.stderr)[-600:]))
    writes = sum(count for key, count in delta.items() if is_write(key))
    by_task = [('run', delta)]
    if counts_file is not None and counts_file.exists():
        marks = json.loads(counts_file.read_text(encoding='utf-8'))
        counts_file.unlink()
        by_task = [(name, difference(after, before)) for (name, before), (_next, after) in zip(marks, marks[1:])]
        inside = {}
        for _name, task_delta in by_task:
            for key, count in task_delta.items():
                inside[key] = inside.get(key, 0) + count
        by_task.append(('outside tasks', difference(delta, inside)))
    return sum(delta.values()), writes, seconds, outcomes, completed.returncode, counts, by_task


def difference(after, before):
    """{key: after - before} where they differ."""
    return {key: after.get(key, 0) - before.get(key, 0) for key in set(after) | set(before) if after.get(key, 0) != before.get(key, 0)}


def fabric_now(emulator, session):
    """({vrf: attached leaves}, {network: (gateway, attached leaves)}, {attachment state not settled: count}) of the
    benchmark's objects (the seed's own are left out)."""
    def read(path, **params):
        answer = session.get(emulator.legacy_url(LAN_FABRIC + '/top-down/fabrics/%s/%s' % (FABRIC, path)), params=params, timeout=60)
        answer.raise_for_status()
        return answer.json()

    unsettled = {}

    def attached(kind, names):
        leaves = {}
        for batch in range(0, len(names), ATTACHMENT_READ_BATCH):
            for entry in read(kind + 's/attachments', **{kind + '-names': ','.join(names[batch:batch + ATTACHMENT_READ_BATCH])}):
                on = set()
                for attachment in entry['lanAttachList']:
                    settled = 'DEPLOYED' if attachment['isLanAttached'] else 'NA'
                    if attachment['lanAttachState'] != settled:
                        unsettled[attachment['lanAttachState']] = unsettled.get(attachment['lanAttachState'], 0) + 1
                    if attachment['isLanAttached']:
                        on.add(attachment['ipAddress'])
                leaves[entry[kind + 'Name']] = on
        return leaves

    vrfs = attached('vrf', [item['vrfName'] for item in read('vrfs') if item['vrfName'].startswith(PREFIX)])
    gateways = {item['networkName']: json.loads(item['networkTemplateConfig']).get('gatewayIpAddress') for item in read('networks')
                if item['networkName'].startswith(PREFIX)}
    network_leaves = attached('network', list(gateways))
    return vrfs, {name: (gateway, network_leaves.get(name, set())) for name, gateway in gateways.items()}, unsettled


def fabric_expected(work, run):
    """What ``fabric_now`` should find after ``run`` (the attachment states aside)."""
    both = set(LEAVES)
    vrfs = {item['name']: both for item in work.vrfs}
    networks = {item['name']: (item['gateway_ipv4'], both) for item in work.networks}
    if run.startswith('change'):
        for item in work.deleted_vrfs:
            del vrfs[item['name']]
        for item in work.deleted_networks:
            del networks[item['name']]
        networks.update((item['name'], (item['gateway_ipv4'], both)) for item in work.regatewayed)
        networks.update((item['name'], (item['gateway_ipv4'], {LEAVES[0]})) for item in work.detached)
    return vrfs, networks


def fabric_warnings(name, latency, run, found, expected):
    """WARNING lines for each VRF or network the run left otherwise than expected (a few named, then how many)."""
    lines = []
    for kind, now, wanted in (('VRF', found[0], expected[0]), ('network', found[1], expected[1])):
        wrong = ['%s: %s, expected %s' % (key, shown(now.get(key)), shown(wanted.get(key)))
                 for key in sorted(set(now) | set(wanted)) if now.get(key) != wanted.get(key)]
        if wrong:
            lines.append('WARNING: %s, %s run at %d ms left %d %s(s) otherwise than its work says: %s%s' % (
                name, run, latency, len(wrong), kind, '; '.join(wrong[:4]), '; ...' if len(wrong) > 4 else ''))
    return lines


def shown(value):
    """A VRF's leaves or a network's (gateway, leaves), briefly; absent when None."""
    if value is None:
        return 'absent'
    if isinstance(value, tuple):
        return '%s on %s' % (value[0], shown(value[1]))
    return '+'.join(sorted(value)) or 'no leaf'


def warnings_of(name, latency, run, outcomes, returncode):
    """WARNING lines for a failed run and for each task whose outcome is not the expected one."""
    lines = []
    if returncode:
        lines.append('WARNING: %s, %s run at %d ms failed (ansible-playbook exit code %d)' % (name, run, latency, returncode))
    for task, state, line in outcomes:
        if state == 'failed':
            lines.append('WARNING: %s, %s run at %d ms: task %r failed: %s' % (name, run, latency, task, line))
        elif state != EXPECTED[run]:
            lines.append('WARNING: %s, %s run at %d ms: task %r reported %s, expected %s' % (
                name, run, latency, task, state, EXPECTED[run]))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n', 1)[0])
    parser.add_argument('--latencies', type=int, nargs='+', default=[0, 150])
    parser.add_argument('--vrfs', type=int, default=40)
    parser.add_argument('--networks', type=int, default=120)
    parser.add_argument('--gateways', type=int, default=10, help='networks whose gateway the change run changes')
    parser.add_argument('--detach', type=int, default=5, help='networks the change run detaches from the second leaf')
    parser.add_argument('--delete-vrfs', type=int, default=5, help='VRFs the change run deletes, with their networks')
    parser.add_argument('--no-bulk-update', action='store_true',
                        help='an emulator without the v2 bulk update of networks and VRFs (a controller before it)')
    parser.add_argument('--only', choices=('ours', 'dcnm'),
                        help='run one collection only (comparing two trees of ours needs no cisco.dcnm runs)')
    parser.add_argument('--breakdown', action='store_true', help='print each run\'s requests by method and path template')
    parser.add_argument('--release', choices=('4.2.1',),
                        help='our modules only, against an emulator of this release serving no legacy path (/api/v1/manage)')
    options = parser.parse_args()
    if options.release:
        if options.only == 'dcnm':
            raise SystemExit('--release %s serves no legacy path, which cisco.dcnm needs: give --only ours' % options.release)
        options.only = 'ours'
    # on /api/v1/manage there is no bulk update: one PUT per object changed
    bulk_update = not options.no_bulk_update and not options.release
    collections = pathlib.Path(os.environ.get('DCNM_COLLECTIONS_PATH', PEERS / 'collections-peer'))
    dcnm_playbook = pathlib.Path(os.environ.get('DCNM_ANSIBLE_PLAYBOOK', PEERS / 'venv-ansible--11.13.0' / 'bin' / 'ansible-playbook'))
    if options.only != 'ours' and (not (collections / 'ansible_collections' / 'cisco' / 'dcnm').is_dir() or not dcnm_playbook.exists()):
        raise SystemExit('cisco.dcnm not found: set DCNM_COLLECTIONS_PATH and DCNM_ANSIBLE_PLAYBOOK (see this file\'s docstring; '
                         '/work/shared/tools/peer-modules with PEER_DCNM_GIT prepares both)')
    work = Workload(options.vrfs, options.networks, options.gateways, options.detach, options.delete_vrfs)
    shape = work.summary() + ('; an emulator without the bulk update' if options.no_bulk_update else '') + (
        '; a %s emulator serving /api/v1/manage only' % options.release if options.release else '')
    print('%s (load average %.2f %.2f %.2f)' % ((shape,) + os.getloadavg()), flush=True)
    results = {}  # (latency, collection, run): (requests, writes, seconds, flag)
    warnings = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', extra_args=['--deploy-seconds', '1', '--log-level', 'warning'] + (
            ['--no-bulk-update'] if options.no_bulk_update else []), release=options.release, legacy_paths=not options.release)
        emulator.start()
        try:
            playbooks = {}
            for collection, plays in (('ours', ours_plays(work)), ('dcnm', dcnm_plays(work))):
                for kind, play in plays.items():
                    playbooks[collection, kind] = workdir / ('%s-%s.yml' % (collection, kind))
                    playbooks[collection, kind].write_text(yaml.safe_dump(play, sort_keys=False), encoding='utf-8')
            (workdir / 'local.ini').write_text('localhost ansible_connection=local ansible_python_interpreter=%s\n' % sys.executable,
                                               encoding='utf-8')
            base_env = {name: value for name, value in os.environ.items() if not name.startswith(('ANSIBLE_', 'DASHBOARD_'))}
            ours_env = dict(base_env, DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path,
                            ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'), ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'),
                            ANSIBLE_LOCALHOST_WARNING='false')
            dcnm_env = dict(base_env, ANSIBLE_COLLECTIONS_PATH=str(collections), ANSIBLE_HOST_KEY_CHECKING='false',
                            ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='1000', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT='60')
            dcnm_ini = dcnm_inventory(emulator, workdir, dcnm_playbook.parent / 'python')
            collections_run = (('ours', 'fabricops.dashboard', [str(OURS_PLAYBOOK), '-i', str(workdir / 'local.ini')], ours_env),
                               ('dcnm', 'cisco.dcnm 3.12.1', [str(dcnm_playbook), '-i', str(dcnm_ini)], dcnm_env))
            for latency in options.latencies:
                for collection, name, command, env in collections_run:
                    if options.only and options.only != collection:
                        continue
                    counts = prepare(emulator, latency)
                    for run in RUNS:
                        playbook = playbooks[collection, 'change' if run.startswith('change') else 'first']
                        requests, writes, seconds, outcomes, returncode, counts, by_task = timed_run(
                            command + [str(playbook)], env, emulator, counts,
                            workdir / 'task-counts.json' if options.breakdown else None, ends_its_session=collection == 'ours')
                        flagged = warnings_of(name, latency, run, outcomes, returncode)
                        with emulator.login() as checker:
                            found = fabric_now(emulator, checker)
                        flagged += fabric_warnings(name, latency, run, found, fabric_expected(work, run))
                        counts = request_counts(emulator.counters())  # the check's reads are not the next run's
                        warnings.extend(flagged)
                        results[latency, collection, run] = (requests, writes, seconds, 'FAILED' if returncode else (
                            'unexpected' if flagged else ''))
                        floor = '  floor %d' % work.floor(run, bulk_update, manage=bool(options.release)) if collection == 'ours' else ''
                        print_run(latency, name, run, requests, writes, seconds, outcomes, flagged, floor)
                        if found[2]:
                            print('         note: attachments not settled when the run ended: %s' % ', '.join(
                                '%d %s' % (count, state) for state, count in sorted(found[2].items())), flush=True)
                        if options.breakdown:
                            print_breakdown(by_task)
        finally:
            emulator.stop()
    print()
    print('%s (load average at the end %.2f %.2f %.2f)' % ((shape,) + os.getloadavg()))
    print('| latency | run | ours: requests | writes | wall time | floor | ours / floor | dcnm: requests | writes | wall time '
          '| ours / dcnm: requests | time |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for latency in options.latencies:
        for run in RUNS:
            ours, theirs = results.get((latency, 'ours', run)), results.get((latency, 'dcnm', run))
            floor = work.floor(run, bulk_update, manage=bool(options.release))
            cells = ['%d ms' % latency, run]
            cells += (['%d%s' % (ours[0], marked(ours[3])), str(ours[1]), '%.1f s' % ours[2], str(floor), '%.2f' % (ours[0] / floor)]
                      if ours else ['-', '-', '-', str(floor), '-'])
            cells += ['%d%s' % (theirs[0], marked(theirs[3])), str(theirs[1]), '%.1f s' % theirs[2]] if theirs else ['-', '-', '-']
            cells += (['%.2f' % (ours[0] / theirs[0]) if theirs[0] else '-', '%.2f' % (ours[2] / theirs[2])]
                      if ours and theirs else ['-', '-'])
            print('| %s |' % ' | '.join(cells))
    for line in warnings:
        print(line)


def print_run(latency, label, run, requests, writes, seconds, outcomes, flagged, extra='', width=20):
    """One run's line as it ends (its counts and each task's outcome), then the warnings it raised."""
    print('%4d ms  %-*s %-13s %5d requests %4d writes %7.1f s%s   %s' % (
        latency, width, label, run, requests, writes, seconds, extra,
        ', '.join('%s: %s' % (task, state) for task, state, _line in outcomes)), flush=True)
    for line in flagged:
        print(line, flush=True)


def print_breakdown(by_task):
    """Each task's requests by method and path template (the fabric controller's prefix left out)."""
    for task, delta in by_task:
        if delta:
            print('         %s: %d requests' % (task, sum(delta.values())))
        for key in sorted(delta, key=lambda key: (key.split(' ')[1], key)):
            method, path, status = key.split(' ')
            refused = '' if status.startswith('2') else ' (%s)' % status
            print('           %4d  %s %s%s' % (delta[key], method, path.replace(LAN_FABRIC, ''), refused))


def marked(flag):
    return ' (%s)' % flag if flag else ''


if __name__ == '__main__':
    main()
