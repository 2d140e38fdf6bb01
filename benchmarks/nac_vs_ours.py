#!/usr/bin/env python
"""Network-as-Code 0.8.0 itself beside our role fabricops.dashboard.fabric, on the same emulator and lab (issue 38, "Speed").

The model is NaC's example repository (netascode/ansible-dc-vxlan-example at a4cd626, which pins NaC 0.8.0): one fabric,
2 spines, 4 leaves, 3 VRFs, 3 networks. The emulator hosts the example's six switches (benchmarks/nac/nac-example-lab.yaml,
``--seed empty``) with its timings pinned (--deploy-seconds, --discover-seconds, --reload-seconds, printed). For each
latency (ms the emulator waits before answering each request) and each collection, from a fresh emulator:

  create + deploy   the example's playbook (NaC: vxlan.yaml, its create, deploy and remove roles; ours: the same
                    repository with our role in place of NaC's, every stage)
  rerun             the same again; NaC with ``force_run_all: true`` (it then asks the controller, as ours always does)
  rerun (default)   NaC only: its default rerun, which skips create and deploy when its local record of the model says
                    nothing changed, without asking the controller (printed beside, not compared)
  one network       NaC-Net02's VLAN 2302 -> 2312 in host_vars; NaC with ``force_run_all: true``

Printed per run: requests the emulator counted (logins and logouts included), writes among them, wall time of
ansible-playbook, the play's recap; then the table, with ours/NaC for requests and time (the goal: at most 0.25 of the
requests, 0.33 of the time). Request counts are deterministic; times depend on the machine's load.

Sources (git directories, as /work/.mirror holds them; override with the environment):
  NAC_GIT          netascode/ansible-dc-vxlan (tag 0.8.0)
  NAC_EXAMPLE_GIT  netascode/ansible-dc-vxlan-example (commit a4cd626)
  DCNM_GIT         CiscoDevNet/ansible-dcnm (tag 3.12.1)
  NAC_ANSIBLE_PLAYBOOK  the ansible-playbook of a venv with the PyPI package ``ansible`` 11.x (ansible-core 2.18, which
                   NaC's example requires below 2.19; it carries ansible.netcommon, ansible.utils, community.general)
                   and NaC's requirements.txt (default: build/nacvenv/bin/ansible-playbook; make it with
                   ``python3 -m venv build/nacvenv && build/nacvenv/bin/pip install ansible==11.13.0 requests
                   nac-yaml==1.0.0 nac-validate==1.0.0 macaddress netaddr packaging jmespath``)

    .venv/bin/python benchmarks/nac_vs_ours.py [--latencies 0 150] [--only ours|nac] [--breakdown] [--keep DIR]
    .venv/bin/python benchmarks/nac_vs_ours.py --scale [--keep DIR]   (our role only, see ``scale``)

Not in CI: it needs the mirrors and NaC's venv.
"""

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import yaml

from dashboard_emulator.testing import EmulatorProcess
from peer_nd_manage import git
from resource_vs_dcnm import LAN_FABRIC, OURS_PLAYBOOK, REPO, request_counts, timed_run

MIRRORS = pathlib.Path('/work/.mirror')
NAC_GIT = os.environ.get('NAC_GIT', str(MIRRORS / 'netascode+ansible-dc-vxlan' / 'repo'))
NAC_REF = '0.8.0'
EXAMPLE_GIT = os.environ.get('NAC_EXAMPLE_GIT', str(MIRRORS / 'netascode+ansible-dc-vxlan-example' / 'repo'))
EXAMPLE_REF = 'a4cd626'
DCNM_GIT = os.environ.get('DCNM_GIT', str(MIRRORS / 'CiscoDevNet+ansible-dcnm' / 'repo'))
DCNM_REF = '3.12.1'
NAC_PLAYBOOK = pathlib.Path(os.environ.get('NAC_ANSIBLE_PLAYBOOK', str(REPO / 'build' / 'nacvenv' / 'bin' / 'ansible-playbook')))
LAB = REPO / 'benchmarks' / 'nac' / 'nac-example-lab.yaml'
TIMINGS = {'deploy-seconds': '1', 'discover-seconds': '2', 'reload-seconds': '2'}
ND_PASSWORD = EmulatorProcess.ADMIN[1]
SWITCH_PASSWORD = 'nac-bench-switch-secret'
FABRIC = 'nac-fabric1'
CHANGED_NETWORK, OLD_VLAN, NEW_VLAN = 'NaC-Net02', 2302, 2312
RUNS = {'nac': ('create + deploy', 'rerun', 'rerun (default)', 'one network'), 'ours': ('create + deploy', 'rerun', 'one network')}
OUR_PLAYBOOK = """---
# NaC's vxlan.yaml with our role in place of NaC's create, deploy and remove roles (docs/docsite/rst/nac.rst)
- name: Manage VXLAN Fabric Configuration
  hosts: nac-fabric1
  any_errors_fatal: true
  gather_facts: false
  roles:
    - role: fabricops.dashboard.fabric
"""


def unpack(git_dir, ref, target):
    """``ref`` of ``git_dir`` written to ``target`` (emptied first)."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    subprocess.run(['tar', '-x', '-C', str(target)], input=git(git_dir, 'archive', ref), check=True)
    return target


def repository(work, who):
    """The example repository as each collection runs it; NaC's collections beside it (fresh: NaC keeps its record of the
    last model inside its role's directory)."""
    example = unpack(EXAMPLE_GIT, EXAMPLE_REF, work / who / 'repository')
    # NaC merges a fabric's host_vars files key by key (its README's ansible.cfg); ours does not need it
    (example / 'ansible.cfg').write_text('[defaults]\nhash_behaviour = merge\nhost_key_checking = False\n', encoding='utf-8')
    if who == 'ours':
        (example / 'vxlan.yaml').write_text(OUR_PLAYBOOK, encoding='utf-8')
        return example, None
    collections = work / who / 'collections'
    unpack(NAC_GIT, NAC_REF, collections / 'ansible_collections' / 'cisco' / 'nac_dc_vxlan')
    unpack(DCNM_GIT, DCNM_REF, collections / 'ansible_collections' / 'cisco' / 'dcnm')
    return example, collections


def change_one_network(example):
    path = example / 'host_vars' / FABRIC / 'networks.nac.yaml'
    model = yaml.safe_load(path.read_text(encoding='utf-8'))
    network = [item for item in model['vxlan']['overlay']['networks'] if item['name'] == CHANGED_NETWORK][0]
    assert network['vlan_id'] == OLD_VLAN, network
    network['vlan_id'] = NEW_VLAN
    path.write_text(yaml.safe_dump(model, sort_keys=False), encoding='utf-8')


def environment(emulator, example, collections, who):
    env = {key: value for key, value in os.environ.items() if not key.startswith(('DASHBOARD_', 'ANSIBLE_'))}
    env.update(ND_HOST='127.0.0.1', ND_DOMAIN='DefaultAuth', ND_USERNAME='admin', ND_PASSWORD=ND_PASSWORD,
               NDFC_SW_USERNAME='admin', NDFC_SW_PASSWORD=SWITCH_PASSWORD, ANSIBLE_CONFIG=str(example / 'ansible.cfg'),
               ANSIBLE_INVENTORY_ENABLED='yaml')
    if who == 'nac':
        site = next(NAC_PLAYBOOK.parent.parent.glob('lib/python3*/site-packages'))
        env['ANSIBLE_COLLECTIONS_PATH'] = '%s:%s' % (collections, site)
    else:
        env['DASHBOARD_CA_PATH'] = emulator.ca_path
    return env


def command(emulator, example, who, run):
    port = emulator.host.rsplit(':', 1)[1]
    extra = {'ansible_httpapi_port': int(port), 'ansible_command_timeout': 1000}
    if who == 'nac':
        # the example's own connection: certificates not validated
        extra['ansible_httpapi_validate_certs'] = False
        if run in ('rerun', 'one network'):
            extra['force_run_all'] = True
    else:
        extra['fabric_report_dir'] = str(example / 'reports')
    playbook = NAC_PLAYBOOK if who == 'nac' else OURS_PLAYBOOK
    return [str(playbook), '-i', str(example / 'inventory.yaml'), str(example / 'vxlan.yaml'), '-e', json.dumps(extra)]


def fabric_state(emulator):
    """What the run left on the controller, read after it (not counted): switches in sync, attachments deployed, and
    the changed network's VLAN."""
    session = emulator.login()

    def read(path, **params):
        answer = session.get(emulator.legacy_url(LAN_FABRIC + path), params=params, timeout=60)
        return answer.json() if answer.status_code == 200 else []

    switches = read('/control/fabrics/%s/inventory/switchesByFabric' % FABRIC)
    in_sync = sum(1 for switch in switches if switch.get('ccStatus') == 'In-Sync')
    attachments = []
    for kind, key in (('vrfs', 'vrfName'), ('networks', 'networkName')):
        names = ','.join(item[key] for item in read('/top-down/fabrics/%s/%s' % (FABRIC, kind)))
        if names:
            found = read('/top-down/fabrics/%s/%s/attachments' % (FABRIC, kind), **{kind[:-1] + '-names': names})
            attachments += [item for entry in found for item in entry['lanAttachList'] if item.get('isLanAttached')]
    deployed = sum(1 for item in attachments if item.get('lanAttachState') == 'DEPLOYED')
    networks = {item['networkName']: item for item in read('/top-down/fabrics/%s/networks' % FABRIC)}
    vlan = json.loads(networks[CHANGED_NETWORK]['networkTemplateConfig']).get('vlanId') if CHANGED_NETWORK in networks else None
    return 'fabric: %d/%d switches In-Sync, %d/%d attachments DEPLOYED, %s VLAN %s' % (
        in_sync, len(switches), deployed, len(attachments), CHANGED_NETWORK, vlan)


def outcome(outcomes):
    """'tasks: N changed, M ok' or the first failure's line, from the run's task outcomes."""
    failed = [line for _name, state, line in outcomes if state == 'failed']
    if failed:
        return 'FAILED: ' + failed[0][:300]
    states = [state for _name, state, _line in outcomes]
    return 'tasks: %d changed, %d ok, %d skipped' % (states.count('changed'), states.count('ok'), states.count('skipping'))


def bench(who, latency, work, breakdown=False):
    """[(run, requests, writes, seconds, return code)] of one collection at one latency, on a fresh emulator."""
    rows = []
    example, collections = repository(work, who)
    args = ['--lab', str(LAB), '--seed', 'empty'] + [part for name, value in TIMINGS.items() for part in ('--' + name, value)]
    with EmulatorProcess(workdir=work / who / 'emulator', extra_args=args, startup_timeout=60) as emulator:
        emulator.set_faults(latency_ms=latency)
        env = environment(emulator, example, collections, who)
        for run in RUNS[who]:
            if run == 'one network':
                change_one_network(example)
            before = request_counts(emulator.counters())
            requests, writes, seconds, outcomes, code, _after, by_task = timed_run(
                command(emulator, example, who, run), env, emulator, before, ends_its_session=(who == 'ours'))
            rows.append((run, requests, writes, seconds, code))
            if breakdown:
                for key, count in sorted(by_task[0][1].items(), key=lambda item: (-item[1], item[0])):
                    print('      %4d  %s' % (count, key))
            print('%-4s %4d ms  %-16s requests %5d  writes %4d  %7.1f s  rc %d  %s; %s' % (
                who, latency, run, requests, writes, seconds, code, outcome(outcomes), fabric_state(emulator)), flush=True)
    return rows


def scale(work):
    """Our role on benchmarks/nac/scale_model.py's model at 0 ms: validate + preview (goal under 15 s), apply + deploy,
    and the rerun with nothing to do (goal under 30 s); the peak memory of ansible-playbook's largest process (goal under
    500 MB), as /usr/bin/time -v reports it."""
    from nac import scale_model  # pylint: disable=import-outside-toplevel
    example = unpack(EXAMPLE_GIT, EXAMPLE_REF, work / 'scale' / 'example')
    directory = work / 'scale' / 'repository'
    shutil.rmtree(directory, ignore_errors=True)
    shutil.copytree(example / 'group_vars', directory / 'group_vars')
    lab = scale_model.write(example, directory)
    inventory = {'all': {'children': {'ndfc': {'hosts': {scale_model.FABRIC: {
        'ansible_host': "{{ lookup('ansible.builtin.env', 'ND_HOST') }}"}}}}}}
    (directory / 'inventory.yaml').write_text(yaml.safe_dump(inventory), encoding='utf-8')
    (directory / 'vxlan.yaml').write_text(OUR_PLAYBOOK.replace('hosts: ' + FABRIC, 'hosts: ' + scale_model.FABRIC), encoding='utf-8')
    (directory / 'ansible.cfg').write_text('[defaults]\nhost_key_checking = False\n', encoding='utf-8')
    args = ['--lab', str(lab), '--seed', 'empty', '--deploy-seconds', '1', '--discover-seconds', '2', '--reload-seconds', '2']
    print('scale: %d switches, %d VRFs, %d networks, %d access ports; emulator %s' % (
        scale_model.SPINES + scale_model.LEAVES, scale_model.VRFS, scale_model.NETWORKS, scale_model.PORTS, ' '.join(args[4:])))
    with EmulatorProcess(workdir=work / 'scale' / 'emulator', extra_args=args, startup_timeout=120) as emulator:
        env = environment(emulator, directory, None, 'ours')
        for run, stages in (('validate + preview', 'validate,preview'), ('apply + deploy', None), ('rerun', None)):
            extra = ['-e', 'fabric_stages=%s' % stages] if stages else []
            memory = work / 'scale' / 'time.txt'
            before = request_counts(emulator.counters())
            requests, writes, seconds, outcomes, code, _after, _by_task = timed_run(
                ['/usr/bin/time', '-v', '-o', str(memory)] + command(emulator, directory, 'ours', run) + extra, env, emulator,
                before, ends_its_session=True)
            peak = [line for line in memory.read_text(encoding='utf-8').splitlines() if 'Maximum resident' in line]
            print('ours scale  %-18s requests %5d  writes %5d  %7.1f s  rc %d  peak %s MB  %s' % (
                run, requests, writes, seconds, code, int(peak[0].split()[-1]) // 1024 if peak else '?', outcome(outcomes)), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n', maxsplit=1)[0])
    parser.add_argument('--latencies', type=int, nargs='+', default=[0, 150])
    parser.add_argument('--only', choices=('ours', 'nac'))
    parser.add_argument('--breakdown', action='store_true', help="each run's requests by method, path template and status")
    parser.add_argument('--scale', action='store_true', help='only the scale runs of our role (benchmarks/nac/scale_model.py)')
    parser.add_argument('--keep', help='a directory for the repositories, collections and emulators (default: a temporary one)')
    options = parser.parse_args()
    if not NAC_PLAYBOOK.exists():
        raise SystemExit('no ansible-playbook at %s: set NAC_ANSIBLE_PLAYBOOK (see this file\'s docstring)' % NAC_PLAYBOOK)
    print('emulator timings: %s; lab %s' % (', '.join('%s %s' % item for item in TIMINGS.items()), LAB.relative_to(REPO)))
    print('NaC %s (example %s) on cisco.dcnm %s with %s; ours with %s' % (NAC_REF, EXAMPLE_REF, DCNM_REF, NAC_PLAYBOOK, OURS_PLAYBOOK))
    work = pathlib.Path(options.keep or tempfile.mkdtemp(prefix='nac-bench-'))
    if options.scale:
        scale(work)
        return 0
    results = {}
    for latency in options.latencies:
        for who in ('nac', 'ours'):
            if options.only and who != options.only:
                continue
            results[who, latency] = {row[0]: row for row in bench(who, latency, work, options.breakdown)}
    print()
    print('%-8s %-16s %10s %10s %8s %10s %10s %8s' % ('latency', 'run', 'NaC req', 'ours req', 'ratio', 'NaC s', 'ours s', 'ratio'))
    for latency in options.latencies:
        for run in RUNS['nac']:
            nac = results.get(('nac', latency), {}).get(run)
            ours = results.get(('ours', latency), {}).get(run if run != 'rerun (default)' else None)
            print('%-8s %-16s %10s %10s %8s %10s %10s %8s' % (
                '%d ms' % latency, run,
                _cell(nac, 1), _cell(ours, 1), _ratio(ours, nac, 1), _cell(nac, 3, '%.1f'), _cell(ours, 3, '%.1f'), _ratio(ours, nac, 3)))
    print('\nA row whose rc is not 0 (printed above) did not complete; its numbers are those of the part that ran.')
    return 0


def _cell(row, index, form='%d'):
    if row is None:
        return '-'
    return (form % row[index]) + ('' if row[4] == 0 else '!')


def _ratio(ours, nac, index):
    if ours is None or nac is None or not nac[index]:
        return '-'
    return '%.2f' % (ours[index] / nac[index])


if __name__ == '__main__':
    sys.exit(main())
