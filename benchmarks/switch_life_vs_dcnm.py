#!/usr/bin/env python
"""fabricops.dashboard.fabric_switches' switch life beside cisco.dcnm's dcnm_inventory and dcnm_maintenance_mode (issue 39).

Two pieces of work of issue 39's "Speed", each written as a user of each collection writes it, on the same emulator
with the lab benchmarks/switch_life_lab.yml (8 rack leaves and one RMA replacement, each booting unowned and asking
for POAP):

  rack   8 switches pre-provisioned in fabric site-dc1 under the serial numbers they were ordered with (RACKPRE01..08),
         then brought in by POAP as they boot with their real serial numbers (RACKLEAF01..08): the pre-provisioned
         switch swapped to the switch that booted, imported, its role set, and waited for until it is manageable.
         cisco.dcnm: two dcnm_inventory tasks (poap with preprovision_serial; then poap with serial_number and
         preprovision_serial, the swap). Ours: two fabric_switches tasks (the pre-provisioned switches; then
         poap: true with the real serial numbers).
  rma    site-a's leaf 10.1.0.2 replaced by the switch RMALEAF01 that booted in its place, in maintenance mode first.
         cisco.dcnm: dcnm_maintenance_mode (mode maintenance, deploy false, its default) then dcnm_inventory rma.
         Ours: one fabric_switches task with rma: true (maintenance mode first, then the replacement, then the wait).

Neither collection deploys the fabric here: cisco.dcnm's dcnm_inventory runs with save: false and deploy: false
(its defaults save and deploy the whole fabric, which ours leaves to a deploy of the fabric; --dcnm-defaults runs it
with them). Before each collection's runs at each latency the emulator is reset and fabrics site-dc1 and site-a get
bootstrap on (BOOTSTRAP_ENABLE, with DHCP and the management gateway 192.0.2.1/24), through the controller's API,
not counted; then every request is answered after the latency (``latency_ms``).

The boot and discovery times are pinned (--discover-seconds, --reload-seconds; printed): a switch brought in by
POAP or RMA is discovering for the first, then reloads for the second, then manageable. Both collections must wait
that long in each piece of work (the 8 rack switches boot together), so the table gives the wall time and the
wall time net of that wait (wall time minus discover + reload seconds). cisco.dcnm polls every 5 s and must see a
switch reloading before it waits for it to be manageable (it loops 300 times else): --reload-seconds must stay
above 5 s plus a poll at the highest latency.

Printed per run as it ends: requests the emulator counted (the login family included), writes among them, wall
time of ansible-playbook and each task's outcome; then the table with ours / cisco.dcnm for requests and the
net wall time. The goal (issue 39): at most half of cisco.dcnm's requests and half its net wall time. cisco.dcnm's
requests include a ``HEAD /`` before each of its API requests (its httpapi plugin's check_url_connection, sent with
certificate validation off): the table gives their number and the ratio without them too. A task that
fails, or a fabric left otherwise than the work says (the 8 switches managed at their addresses under their new
serial numbers; the RMA switch managed at 10.1.0.2, in maintenance mode), prints a WARNING and is marked.

cisco.dcnm is taken as benchmarks/interfaces_vs_dcnm.py takes it (PEER_DCNM_GIT, PEER_DCNM_TAG default 3.12.1,
PEER_ANSIBLE, PEERS_CACHE):

    PEER_DCNM_GIT=/work/.mirror/CiscoDevNet+ansible-dcnm/repo .venv/bin/python benchmarks/switch_life_vs_dcnm.py
        [--latencies 0 150] [--discover-seconds 2] [--reload-seconds 8] [--only ours|dcnm] [--breakdown] [--dcnm-defaults]

CI does not run it; it asserts nothing.
"""

import argparse
import os
import pathlib
import sys
import tempfile

import yaml

from dashboard_emulator.testing import EmulatorProcess
from peer_interfaces import ansible_venv, end_connections, unpack_collection
from resource_vs_dcnm import (ADMIN, LAN_FABRIC, OURS_PLAYBOOK, PASSWORD, REPO, dcnm_inventory, marked, print_breakdown, print_run,
                              request_counts, timed_run)

LAB = REPO / 'benchmarks' / 'switch_life_lab.yml'
RACK_FABRIC, RMA_FABRIC = 'site-dc1', 'site-a'
MODEL, RELEASE, GATEWAY = 'N9K-C93180YC-FX', '10.3(2)', '192.0.2.1/24'
# (address, serial number ordered, serial number that boots, hostname) of the rack's switches (the lab's)
RACK = [('192.0.2.%d' % (10 + n), 'RACKPRE0%d' % n, 'RACKLEAF0%d' % n, 'rack1-leaf%d' % n) for n in range(1, 9)]
RMA_ADDRESS, RMA_SERIAL = '10.1.0.2', 'RMALEAF01'
SWITCH_USER, SWITCH_PASSWORD = 'admin', 'Sw1tch-Secret!'
# what a fabric needs for POAP: bootstrap on, and the management gateway its DHCP offers
BOOTSTRAP = {'BOOTSTRAP_ENABLE': 'true', 'DHCP_ENABLE': 'true', 'DHCP_START': '192.0.2.100', 'DHCP_END': '192.0.2.199',
             'MGMT_GW': '192.0.2.1', 'MGMT_PREFIX': '24'}
SCENARIOS = ('rack', 'rma')


def ours_plays():
    """{scenario: play} for fabricops.dashboard."""
    def play(name, tasks):
        return [{'name': name, 'hosts': 'localhost', 'gather_facts': False,
                 'module_defaults': {'group/fabricops.dashboard.dashboard': {'username': ADMIN, 'password': PASSWORD}},
                 'tasks': tasks}]

    def rack(poap):
        return [dict({'name': address, 'serial_number': booted if poap else ordered, 'hostname': hostname, 'gateway': GATEWAY,
                      'role': 'leaf'}, **({'poap': True} if poap else {'model': MODEL, 'version': RELEASE}))
                for address, ordered, booted, hostname in RACK]

    return {
        'rack': play('A rack by pre-provision then POAP with fabricops.dashboard', [
            {'name': 'Pre-provision the rack', 'fabricops.dashboard.fabric_switches': {
                'fabric': RACK_FABRIC, 'state': 'merged', 'switch_password': SWITCH_PASSWORD, 'config': rack(poap=False)}},
            {'name': 'Bring the rack in by POAP', 'fabricops.dashboard.fabric_switches': {
                'fabric': RACK_FABRIC, 'state': 'merged', 'controller_api': 'legacy', 'switch_password': SWITCH_PASSWORD,
                'config': rack(poap=True)}},
        ]),
        'rma': play('An RMA with fabricops.dashboard', [
            {'name': 'Replace the leaf', 'fabricops.dashboard.fabric_switches': {
                'fabric': RMA_FABRIC, 'state': 'merged', 'controller_api': 'legacy', 'switch_password': SWITCH_PASSWORD,
                'config': [{'name': RMA_ADDRESS, 'serial_number': RMA_SERIAL, 'rma': True}]}},
        ]),
    }


def dcnm_plays(old_serial, defaults=False):
    """{scenario: play} for cisco.dcnm, with the options of its modules' docs; ``old_serial``: the RMA's switch."""
    config_data = {'modulesModel': [MODEL], 'gateway': GATEWAY}
    quiet = {} if defaults else {'save': False, 'deploy': False}

    def play(name, tasks):
        return [{'name': name, 'hosts': 'dcnm', 'gather_facts': False, 'tasks': tasks}]

    def rack(poap):
        return [{'seed_ip': address, 'user_name': SWITCH_USER, 'password': SWITCH_PASSWORD, 'role': 'leaf',
                 'poap': [{'preprovision_serial': ordered, 'serial_number': booted} if poap else {
                     'preprovision_serial': ordered, 'model': MODEL, 'version': RELEASE, 'hostname': hostname,
                     'config_data': config_data}]}
                for address, ordered, booted, hostname in RACK]

    return {
        'rack': play('A rack by pre-provision then POAP with cisco.dcnm', [
            dict({'name': 'Pre-provision the rack', 'cisco.dcnm.dcnm_inventory': dict(
                {'fabric': RACK_FABRIC, 'state': 'merged', 'config': rack(poap=False)}, **quiet)}),
            dict({'name': 'Bring the rack in by POAP', 'cisco.dcnm.dcnm_inventory': dict(
                {'fabric': RACK_FABRIC, 'state': 'merged', 'config': rack(poap=True)}, **quiet)}),
        ]),
        'rma': play('An RMA with cisco.dcnm', [
            {'name': 'Maintenance mode', 'cisco.dcnm.dcnm_maintenance_mode': {
                'state': 'merged', 'config': {'mode': 'maintenance', 'switches': [{'ip_address': RMA_ADDRESS}]}}},
            {'name': 'Replace the leaf', 'cisco.dcnm.dcnm_inventory': dict({
                'fabric': RMA_FABRIC, 'state': 'merged', 'config': [{
                    'seed_ip': RMA_ADDRESS, 'user_name': SWITCH_USER, 'password': SWITCH_PASSWORD, 'role': 'leaf',
                    'rma': [{'serial_number': RMA_SERIAL, 'old_serial': old_serial, 'model': MODEL, 'version': RELEASE,
                             'config_data': config_data}]}]}, **quiet)},
        ]),
    }


def inventory(emulator, session, fabric):
    """{address: switch} of the fabric's inventory."""
    answer = session.get(emulator.url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % fabric), timeout=30)
    answer.raise_for_status()
    return {switch['ipAddress']: switch for switch in answer.json()}


def prepare(emulator, latency_ms):
    """Reset the emulator, turn bootstrap on in both fabrics, then answer after ``latency_ms``: the RMA's old serial."""
    emulator.reset()
    with emulator.login() as session:
        for fabric in (RACK_FABRIC, RMA_FABRIC):
            answer = session.put(emulator.url(LAN_FABRIC + '/control/fabrics/%s/Easy_Fabric' % fabric), json=BOOTSTRAP, timeout=30)
            answer.raise_for_status()
        old_serial = inventory(emulator, session, RMA_FABRIC)[RMA_ADDRESS]['serialNumber']
    emulator.set_faults(latency_ms=latency_ms)
    return old_serial


def fabric_warnings(emulator, scenario, name, latency):
    """WARNING lines for what the run left otherwise than its work says."""
    wrong = []
    with emulator.login() as session:
        if scenario == 'rack':
            found = inventory(emulator, session, RACK_FABRIC)
            for address, _ordered, booted, hostname in RACK:
                switch = found.get(address) or {}
                got = (switch.get('serialNumber'), switch.get('managable'), switch.get('logicalName'), switch.get('switchRole'))
                if got != (booted, True, hostname, 'leaf'):
                    wrong.append('%s: %s' % (address, got))
        else:
            switch = inventory(emulator, session, RMA_FABRIC).get(RMA_ADDRESS) or {}
            got = (switch.get('serialNumber'), switch.get('managable'), switch.get('mode'))
            if got != (RMA_SERIAL, True, 'Maintenance'):
                wrong.append('%s: %s' % (RMA_ADDRESS, got))
    if wrong:
        return ['WARNING: %s, %s at %d ms left %d switch(es) otherwise than its work says: %s' % (
            name, scenario, latency, len(wrong), '; '.join(wrong[:4]))]
    return []


def failed_tasks(name, scenario, latency, outcomes, returncode):
    lines = ['WARNING: %s, %s at %d ms: task %r failed: %s' % (name, scenario, latency, task, line)
             for task, state, line in outcomes if state == 'failed']
    if returncode and not lines:
        lines.append('WARNING: %s, %s at %d ms failed (ansible-playbook exit code %d)' % (name, scenario, latency, returncode))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n', 1)[0])
    parser.add_argument('--latencies', type=int, nargs='+', default=[0, 150])
    parser.add_argument('--discover-seconds', type=float, default=2.0, help='seconds a switch brought in is discovering')
    parser.add_argument('--reload-seconds', type=float, default=8.0, help='seconds it then reloads (above 5 s: see the docstring)')
    parser.add_argument('--only', choices=('ours', 'dcnm'), help='run one collection only')
    parser.add_argument('--breakdown', action='store_true', help='print each run\'s requests by method and path template')
    parser.add_argument('--dcnm-defaults', action='store_true', help='cisco.dcnm\'s dcnm_inventory with its save and deploy on')
    options = parser.parse_args()
    wait = options.discover_seconds + options.reload_seconds
    cache = pathlib.Path(os.environ.get('PEERS_CACHE') or pathlib.Path.home() / '.cache' / 'fabricops-peers')
    tag = os.environ.get('PEER_DCNM_TAG', '3.12.1')
    if options.only != 'ours':
        collections = unpack_collection(cache, os.environ.get('PEER_DCNM_GIT', ''), tag)
        dcnm_playbook = ansible_venv(cache, os.environ.get('PEER_ANSIBLE', 'ansible==11.13.0'))
    shape = ('rack: 8 switches pre-provisioned then brought in by POAP (swap, import, role, wait); rma: one leaf replaced, '
             'maintenance mode first; boot and discovery pinned: discover %.1f s + reload %.1f s = %.1f s wait per piece of work'
             % (options.discover_seconds, options.reload_seconds, wait))
    print('%s (load average %.2f %.2f %.2f)' % ((shape,) + os.getloadavg()), flush=True)
    results = {}  # (latency, collection, scenario): (requests, writes, seconds, flag)
    warnings = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', extra_args=[
            '--lab', str(LAB), '--discover-seconds', str(options.discover_seconds), '--reload-seconds', str(options.reload_seconds),
            '--deploy-seconds', '1', '--log-level', 'warning'])
        emulator.start()
        try:
            (workdir / 'local.ini').write_text('localhost ansible_connection=local ansible_python_interpreter=%s\n' % sys.executable,
                                               encoding='utf-8')
            base_env = {name: value for name, value in os.environ.items() if not name.startswith(('ANSIBLE_', 'DASHBOARD_'))}
            collections_run = [('ours', 'fabricops.dashboard', [str(OURS_PLAYBOOK), '-i', str(workdir / 'local.ini')], dict(
                base_env, DASHBOARD_HOST=emulator.base_url, DASHBOARD_CA_PATH=emulator.ca_path, ANSIBLE_CONFIG=str(REPO / 'ansible.cfg'),
                ANSIBLE_COLLECTIONS_PATH=str(REPO / 'build' / 'collections'), ANSIBLE_LOCALHOST_WARNING='false'))]
            if options.only != 'ours':
                collections_run.append(('dcnm', 'cisco.dcnm %s' % tag, [
                    str(dcnm_playbook), '-i', str(dcnm_inventory(emulator, workdir, dcnm_playbook.parent / 'python')),
                    # dcnm_inventory refuses to run with a persistent connect timeout under 1000 s
                    '-e', 'ansible_connect_timeout=1000'], dict(
                    base_env, ANSIBLE_COLLECTIONS_PATH=str(collections), ANSIBLE_HOST_KEY_CHECKING='false',
                    ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='1000', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT='1000')))
            for latency in options.latencies:
                for collection, name, command, env in collections_run:
                    if options.only and options.only != collection:
                        continue
                    old_serial = prepare(emulator, latency)
                    plays = ours_plays() if collection == 'ours' else dcnm_plays(old_serial, options.dcnm_defaults)
                    counts = request_counts(emulator.counters())
                    for scenario in SCENARIOS:
                        playbook = workdir / ('%s-%s.yml' % (collection, scenario))
                        playbook.write_text(yaml.safe_dump(plays[scenario], sort_keys=False), encoding='utf-8')
                        control = workdir / ('pc-%s-%d-%s' % (collection, latency, scenario))
                        before = counts
                        try:
                            requests, writes, seconds, outcomes, returncode, counts, by_task = timed_run(
                                command + [str(playbook)], dict(env, ANSIBLE_PERSISTENT_CONTROL_PATH_DIR=str(control)), emulator,
                                counts, workdir / 'task-counts.json' if options.breakdown else None,
                                ends_its_session=collection == 'ours')
                        finally:
                            end_connections(control)
                        flagged = failed_tasks(name, scenario, latency, outcomes, returncode)
                        flagged += fabric_warnings(emulator, scenario, name, latency)
                        # cisco.dcnm's check_url_connection: a HEAD of the controller's root before its requests
                        probes = sum(count - before.get(key, 0) for key, count in counts.items() if key.startswith('HEAD / '))
                        counts = request_counts(emulator.counters())  # the check's reads are not the next run's
                        warnings.extend(flagged)
                        results[latency, collection, scenario] = (requests, writes, seconds, 'FAILED' if returncode else (
                            'unexpected' if flagged else ''), probes)
                        print_run(latency, name, scenario, requests, writes, seconds, outcomes, flagged, '  net %.1f s' % (seconds - wait))
                        if options.breakdown:
                            print_breakdown(by_task)
        finally:
            emulator.stop()
    print()
    print('%s (load average at the end %.2f %.2f %.2f)' % ((shape,) + os.getloadavg()))
    print('| latency | work | ours: requests | writes | wall time | net of the %.0f s wait | dcnm: requests (HEAD / probes) | writes '
          '| wall time | net | ours / dcnm: requests | without the probes | net time |' % wait)
    print('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    for latency in options.latencies:
        for scenario in SCENARIOS:
            ours, theirs = results.get((latency, 'ours', scenario)), results.get((latency, 'dcnm', scenario))
            cells = ['%d ms' % latency, scenario]
            for result in (ours, theirs):
                probes = ' (%d)' % result[4] if result and result is theirs else ''
                cells += (['%d%s%s' % (result[0], probes, marked(result[3])), str(result[1]), '%.1f s' % result[2],
                           '%.1f s' % (result[2] - wait)] if result else ['-', '-', '-', '-'])
            cells += (['%.2f' % (ours[0] / theirs[0]) if theirs[0] else '-',
                       '%.2f' % ((ours[0] - ours[4]) / (theirs[0] - theirs[4])) if theirs[0] > theirs[4] else '-',
                       '%.2f' % ((ours[2] - wait) / (theirs[2] - wait)) if theirs[2] > wait else '-'] if ours and theirs else ['-'] * 3)
            print('| %s |' % ' | '.join(cells))
    for line in warnings:
        print(line)


if __name__ == '__main__':
    main()
