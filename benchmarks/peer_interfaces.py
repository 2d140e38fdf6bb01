#!/usr/bin/env python
"""cisco.dcnm's interface, vPC pair, link and policy modules, end to end on the emulator: a table of what works.

The real clients of issue 24's resources, run as a user runs them: cisco.dcnm 3.12.1's
dcnm_interface, dcnm_vpc_pair, dcnm_links and dcnm_policy, each through create, query, change,
delete and the same again, over ansible.netcommon.httpapi with certificate validation on, against a
fresh emulator (the seed's site-a, plus two leaves discovered through the controller's API to pair).
Every task named "CHECK ..." is one line of the table: ok, or FAIL with what the module said. Each
play also reports the emulator's non-2xx answers during it. Exit status 0 only when every check passed.

cisco.dcnm is on no package registry; the harness takes it from the environment:
  PEER_DCNM_GIT        a git directory (bare or not) of CiscoDevNet/ansible-dcnm; the tag
                       PEER_DCNM_TAG (default 3.12.1) is unpacked into the cache below
  PEER_ANSIBLE         the ansible to run it with (default ansible==11.13.0, as
                       /work/shared/tools/peer-modules uses: ansible 12 breaks cisco.dcnm 3.12.1)
  PEERS_CACHE          the cache directory (default ~/.cache/fabricops-peers): a venv with PEER_ANSIBLE,
                       shared with peer-modules, and peer-interfaces/ holding the unpacked collection
  PEER_PLAYS           a subset of the plays (names as in the table, space separated)
  PEER_KEEP            a directory to keep each play's playbook and output in

    PEER_DCNM_GIT=/path/to/ansible-dcnm .venv/bin/python benchmarks/peer_interfaces.py

CI does not run it; it is a check of the emulator against the real clients, not a timed benchmark.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

from dashboard_emulator.testing import EmulatorProcess
from resource_vs_dcnm import dcnm_inventory  # the same inventory of one controller, c1 in group dcnm

REPO = pathlib.Path(__file__).resolve().parent.parent
ADMIN, PASSWORD = EmulatorProcess.ADMIN
LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
FABRIC = 'site-a'
OTHER_FABRIC = 'site-dc1'
LEAF = '10.1.0.2'  # the seed's leaf
PAIR = ('10.1.0.3', '10.1.0.4')  # leaves discovered before the plays, to pair


def check(name, module, args, when, register='r'):
    """A task named CHECK whose result is judged by ``when`` (a Jinja condition on ``register``)."""
    return {'name': 'CHECK ' + name, module: args, 'register': register,
            'failed_when': '%s.failed or not (%s)' % (register, when), 'ignore_errors': True}


def refused(name, module, args, text, register='r'):
    """A task named CHECK that passes when the module fails with a message holding ``text``."""
    return {'name': 'CHECK ' + name, module: args, 'register': register,
            'failed_when': 'not %s.failed or (%s.msg | string is not search(%r))' % (register, register, text),
            'ignore_errors': True}


def play(tasks):
    return [{'hosts': 'dcnm', 'gather_facts': False, 'tasks': tasks}]


def interface_play():
    port = {'name': 'eth1/10', 'type': 'eth', 'switch': [LEAF], 'deploy': True,
            'profile': {'mode': 'access', 'access_vlan': 10, 'admin_state': True, 'description': 'server-1',
                        'bpdu_guard': True, 'port_type_fast': True, 'mtu': 'jumbo', 'speed': 'Auto'}}
    channel = {'name': 'po300', 'type': 'pc', 'switch': [LEAF], 'deploy': True,
               'profile': {'mode': 'trunk', 'members': ['e1/11', 'e1/12'], 'pc_mode': 'active', 'admin_state': True,
                           'bpdu_guard': True, 'port_type_fast': True, 'mtu': 'jumbo', 'allowed_vlans': 'none',
                           'description': 'server-2 bond'}}
    changed_port = dict(port, profile=dict(port['profile'], access_vlan=20))
    module = 'cisco.dcnm.dcnm_interface'
    base = {'fabric': FABRIC}
    return play([
        check('dcnm_interface merged: an access port and a port-channel (changed)', module,
              dict(base, state='merged', config=[port, channel]), 'r.changed'),
        check('dcnm_interface merged again (changed=false)', module,
              dict(base, state='merged', config=[port, channel]), 'not r.changed'),
        check('dcnm_interface query finds port-channel300', module,
              dict(base, state='query', config=[{'name': 'po300', 'switch': [LEAF]}]),
              "r.response | string is search('port-channel300')"),
        check('dcnm_interface merged: the port\'s VLAN changed (changed)', module,
              dict(base, state='merged', config=[changed_port]), 'r.changed'),
        check('dcnm_interface replaced with the same (changed=false)', module,
              dict(base, state='replaced', config=[changed_port]), 'not r.changed'),
        check('dcnm_interface deleted: the port-channel and the port (changed)', module,
              dict(base, state='deleted', config=[{'name': 'po300', 'switch': [LEAF]}, {'name': 'eth1/10', 'switch': [LEAF]}]),
              'r.changed'),
        check('dcnm_interface deleted again (changed=false)', module,
              dict(base, state='deleted', config=[{'name': 'po300', 'switch': [LEAF]}, {'name': 'eth1/10', 'switch': [LEAF]}]),
              'not r.changed'),
    ])


def vpc_pair_play():
    module = 'cisco.dcnm.dcnm_vpc_pair'
    pair = {'peerOneId': PAIR[0], 'peerTwoId': PAIR[1]}
    vpc = {'name': 'vpc750', 'type': 'vpc', 'switch': [list(PAIR)], 'deploy': True,
           'profile': {'mode': 'trunk', 'peer1_pcid': 750, 'peer2_pcid': 750, 'peer1_members': ['e1/20'],
                       'peer2_members': ['e1/20'], 'pc_mode': 'active', 'admin_state': True, 'bpdu_guard': True,
                       'port_type_fast': True, 'mtu': 'jumbo', 'peer1_allowed_vlans': 'none', 'peer2_allowed_vlans': 'none',
                       'peer1_description': 'host-1 a', 'peer2_description': 'host-1 b'}}
    interface = 'cisco.dcnm.dcnm_interface'
    return play([
        check('dcnm_vpc_pair merged: pair two leaves, deployed (changed)', module,
              {'src_fabric': FABRIC, 'state': 'merged', 'deploy': True, 'config': [pair]}, 'r.changed'),
        check('dcnm_vpc_pair merged again (changed=false)', module,
              {'src_fabric': FABRIC, 'state': 'merged', 'deploy': True, 'config': [pair]}, 'not r.changed'),
        check('dcnm_vpc_pair query finds the pair', module,
              {'src_fabric': FABRIC, 'state': 'query', 'config': [{'peerOneId': PAIR[0]}]},
              "r.response | length == 1"),
        check('dcnm_interface merged: a vPC on the pair (changed)', interface,
              {'fabric': FABRIC, 'state': 'merged', 'config': [vpc]}, 'r.changed'),
        check('dcnm_interface merged: the vPC again (changed=false)', interface,
              {'fabric': FABRIC, 'state': 'merged', 'config': [vpc]}, 'not r.changed'),
        check('dcnm_interface query finds vPC750', interface,
              {'fabric': FABRIC, 'state': 'query', 'config': [{'name': 'vpc750', 'switch': [PAIR[0]]}]},
              "r.response | string is search('vPC750')"),
        refused('dcnm_vpc_pair deleted while a vPC is on the pair: the controller\'s refusal', module,
                {'src_fabric': FABRIC, 'state': 'deleted', 'deploy': False, 'config': [pair]}, 'has vPC interfaces'),
        check('dcnm_interface deleted: the vPC (changed)', interface,
              {'fabric': FABRIC, 'state': 'deleted', 'config': [{'name': 'vpc750', 'switch': [PAIR[0]]}]}, 'r.changed'),
        check('dcnm_vpc_pair replaced: a virtual peer-link (changed)', module,
              {'src_fabric': FABRIC, 'state': 'replaced', 'deploy': True, 'config': [dict(pair, useVirtualPeerlink=True)]},
              'r.changed'),
        check('dcnm_vpc_pair replaced again (changed=false)', module,
              {'src_fabric': FABRIC, 'state': 'replaced', 'deploy': True, 'config': [dict(pair, useVirtualPeerlink=True)]},
              'not r.changed'),
        check('dcnm_vpc_pair deleted: unpair, deployed (changed)', module,
              {'src_fabric': FABRIC, 'state': 'deleted', 'deploy': True, 'config': [pair]}, 'r.changed'),
        check('dcnm_vpc_pair deleted again (changed=false)', module,
              {'src_fabric': FABRIC, 'state': 'deleted', 'deploy': True, 'config': [pair]}, 'not r.changed'),
    ])


def links_play():
    module = 'cisco.dcnm.dcnm_links'
    intra = {'dst_fabric': FABRIC, 'src_interface': 'Ethernet1/49', 'dst_interface': 'Ethernet1/49',
             'src_device': PAIR[0], 'dst_device': PAIR[1], 'template': 'int_intra_fabric_num_link',
             'profile': {'peer1_ipv4_addr': '192.168.50.1', 'peer2_ipv4_addr': '192.168.50.2', 'admin_state': True,
                         'mtu': 9216, 'peer1_description': 'to leaf 4', 'peer2_description': 'to leaf 3'}}
    changed = dict(intra, profile=dict(intra['profile'], mtu=1500))
    inter = {'dst_fabric': OTHER_FABRIC, 'src_interface': 'Ethernet1/50', 'dst_interface': 'Ethernet1/1',
             'src_device': PAIR[0], 'dst_device': 'edge-router-1', 'template': 'ext_fabric_setup',
             'profile': {'ipv4_subnet': '192.168.60.1/30', 'neighbor_ip': '192.168.60.2', 'src_asn': 65001,
                         'dst_asn': 65011, 'mtu': 9216, 'auto_deploy': False}}
    ends = [{key: link[key] for key in ('dst_fabric', 'src_interface', 'dst_interface', 'src_device', 'dst_device')}
            for link in (intra, inter)]
    base = {'src_fabric': FABRIC}
    return play([
        check('dcnm_links merged: an intra-fabric numbered link and an inter-fabric link (changed)', module,
              dict(base, state='merged', deploy=False, config=[intra, inter]), 'r.changed'),
        check('dcnm_links merged again (changed=false)', module,
              dict(base, state='merged', deploy=False, config=[intra, inter]), 'not r.changed'),
        check('dcnm_links query finds both links', module,
              dict(base, state='query', config=[{'src_device': PAIR[0]}]), 'r.response | length == 2'),
        check('dcnm_links merged: the MTU changed, deployed (changed)', module,
              dict(base, state='merged', deploy=True, config=[changed]), 'r.changed'),
        check('dcnm_links replaced with the same, no deploy (changed=false)', module,
              dict(base, state='replaced', deploy=False, config=[changed]), 'not r.changed'),
        check('dcnm_links deleted: both links, deployed (changed)', module,
              dict(base, state='deleted', deploy=True, config=ends), 'r.changed'),
        check('dcnm_links deleted again, no deploy (changed=false)', module,
              dict(base, state='deleted', deploy=False, config=ends), 'not r.changed'),
    ])


def policy_play():
    module = 'cisco.dcnm.dcnm_policy'
    policies = [{'name': 'switch_freeform', 'description': 'ntp servers', 'priority': 500, 'create_additional_policy': False,
                 'policy_vars': {'CONF': 'ntp server 192.0.2.1 use-vrf management'}},
                {'name': 'feature_pim', 'description': 'pim', 'priority': 300, 'create_additional_policy': False},
                {'switch': [{'ip': LEAF}]}]
    deleted = [{'name': 'switch_freeform'}, {'name': 'feature_pim'}, {'switch': [{'ip': LEAF}]}]
    return play([
        check('dcnm_policy merged: two policies on a leaf, deployed (changed)', module,
              {'fabric': FABRIC, 'state': 'merged', 'config': policies}, 'r.changed'),
        # with deploy on, cisco.dcnm deploys the policies it finds again, and reports a change
        check('dcnm_policy merged again, deploy off (changed=false: nothing created twice)', module,
              {'fabric': FABRIC, 'state': 'merged', 'deploy': False, 'config': policies}, 'not r.changed'),
        check('dcnm_policy query by template finds the freeform policy', module,
              {'fabric': FABRIC, 'state': 'query', 'config': [{'name': 'switch_freeform'}, {'switch': [{'ip': LEAF}]}]},
              "q.response | length == 1 and q.response[0].policyId is match('POLICY-')", register='q'),
        check('dcnm_policy merged by policy id: a new description (changed)', module,
              {'fabric': FABRIC, 'state': 'merged',
               'config': [{'name': '{{ q.response[0].policyId }}', 'description': 'ntp servers, changed', 'priority': 500,
                           'create_additional_policy': False}, {'switch': [{'ip': LEAF}]}]}, 'r.changed'),
        check('dcnm_policy query by id shows the new description', module,
              {'fabric': FABRIC, 'state': 'query', 'config': [{'name': '{{ q.response[0].policyId }}'}]},
              "r.response[0].description == 'ntp servers, changed'"),
        check('dcnm_policy deleted: both, marked, deployed, deleted (changed)', module,
              {'fabric': FABRIC, 'state': 'deleted', 'config': deleted}, 'r.changed'),
        check('dcnm_policy deleted again (changed=false)', module,
              {'fabric': FABRIC, 'state': 'deleted', 'config': deleted}, 'not r.changed'),
        check('dcnm_policy query: the generated policies stay', module,
              {'fabric': FABRIC, 'state': 'query', 'config': [{'switch': [{'ip': LEAF}]}]},
              "r.response | selectattr('source', 'equalto', 'UNDERLAY') | list | length == 2"),
    ])


PLAYS = {'dcnm_interface': interface_play, 'dcnm_vpc_pair': vpc_pair_play, 'dcnm_links': links_play, 'dcnm_policy': policy_play}


def unpack_collection(cache, git_dir, tag):
    """cisco.dcnm at ``tag`` from ``git_dir`` into the cache (once per tag); the collections path."""
    collections = cache / 'peer-interfaces' / 'collections'
    target = collections / 'ansible_collections' / 'cisco' / 'dcnm'
    marker = target / '.peer-tag'
    if marker.exists() and marker.read_text(encoding='utf-8') == tag:
        return collections
    if not git_dir:
        raise SystemExit('PEER_DCNM_GIT is not set: a git directory of CiscoDevNet/ansible-dcnm (see this file\'s docstring)')
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    where = ['-C', git_dir] if (pathlib.Path(git_dir) / '.git').exists() else ['--git-dir', git_dir]
    archive = subprocess.run(['git'] + where + ['archive', tag], capture_output=True, check=True).stdout
    subprocess.run(['tar', '-x', '-C', str(target)], input=archive, check=True)
    marker.write_text(tag, encoding='utf-8')
    return collections


def ansible_venv(cache, spec):
    """The ansible-playbook of a venv with ``spec`` (made once, in the cache)."""
    venv = cache / ('venv-' + ''.join(c if c.isalnum() or c == '.' else '-' for c in spec))
    playbook = venv / 'bin' / 'ansible-playbook'
    if not playbook.exists():
        subprocess.run([sys.executable, '-m', 'venv', str(venv)], check=True)
        subprocess.run([str(venv / 'bin' / 'pip'), 'install', '-q', spec, 'requests'], check=True)
    return playbook


def add_pair_leaves(emulator):
    """Discover the two leaves to pair (brownfield: no reload) and wait until they are manageable."""
    session = emulator.login()
    answer = session.post(emulator.url(LAN_FABRIC + '/control/fabrics/%s/inventory/discover' % FABRIC), timeout=30,
                          json={'seedIP': ','.join(PAIR), 'switches': [{'ipaddr': address} for address in PAIR],
                                'preserveConfig': True, 'role': 'leaf'})
    answer.raise_for_status()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        switches = session.get(emulator.url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % FABRIC),
                               timeout=30).json()
        if all(switch['managable'] for switch in switches):
            return
        time.sleep(0.2)
    raise SystemExit('the leaves to pair did not become manageable')


def end_connections(control_dir):
    """End the persistent connections (ansible-connection) this run started: those listening in ``control_dir``,
    found by their sockets and ended by pid (cisco.dcnm asks for a 1000 s idle timeout)."""
    listing = subprocess.run(['ss', '-xlpn'], capture_output=True, text=True, check=False).stdout
    pids = {int(part.split('=')[1].rstrip(',')) for line in listing.splitlines() if str(control_dir) + '/' in line
            for part in line.replace('(', ' ').replace(')', ' ').split() if part.startswith('pid=')}
    for pid in pids:
        try:
            os.kill(pid, 15)
        except OSError:
            pass


def failures(counters_before, counters_after):
    """'METHOD path -> status xN' of the emulator's non-2xx answers between two counter snapshots."""
    before = {(key, status): count for key, by_status in counters_before['requests'].items() for status, count in by_status.items()}
    lines = []
    for key, by_status in counters_after['requests'].items():
        for status, count in by_status.items():
            more = count - before.get((key, status), 0)
            if more and not str(status).startswith('2'):
                lines.append('%s -> %s x%d' % (key.replace(LAN_FABRIC, 'P'), status, more))
    return sorted(lines)


def results(output):
    """[(check, 'ok' | 'FAIL', detail)] from ansible.posix.json's output."""
    try:
        data = json.loads(output[output.index('{'):])
    except ValueError:
        return [('(playbook output unreadable)', 'FAIL', output[-300:].replace('\n', ' '))]
    rows = []
    for run in data.get('plays', []):
        for task in run.get('tasks', []):
            name = task['task']['name']
            if not name.startswith('CHECK '):
                continue
            for result in task.get('hosts', {}).values():
                if result.get('failed') or result.get('unreachable'):
                    detail = result.get('msg') or ''
                    if not isinstance(detail, str) or 'failed_when' in detail or not detail:
                        detail = json.dumps({key: result.get(key) for key in ('changed', 'msg', 'response')
                                             if result.get(key) not in (None, '', [])}, default=str)
                    rows.append((name[6:], 'FAIL', detail.replace('\n', ' ')[:400]))
                else:
                    rows.append((name[6:], 'ok', 'changed=%s' % result.get('changed')))
    return rows


def main():
    cache = pathlib.Path(os.environ.get('PEERS_CACHE') or pathlib.Path.home() / '.cache' / 'fabricops-peers')
    tag = os.environ.get('PEER_DCNM_TAG', '3.12.1')
    collections = unpack_collection(cache, os.environ.get('PEER_DCNM_GIT', ''), tag)
    playbook = ansible_venv(cache, os.environ.get('PEER_ANSIBLE', 'ansible==11.13.0'))
    chosen = os.environ.get('PEER_PLAYS', '').split() or list(PLAYS)
    keep = pathlib.Path(os.environ['PEER_KEEP']) if os.environ.get('PEER_KEEP') else None
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', extra_args=[
            '--deploy-seconds', '1', '--discover-seconds', '1', '--log-level', 'warning'])
        emulator.start()
        try:
            add_pair_leaves(emulator)
            hosts = dcnm_inventory(emulator, workdir, playbook.parent / 'python')
            env = peer_env(collections, workdir)
            for name in chosen:
                rows.extend(run_play(name, PLAYS[name](), [str(playbook), '-i', str(hosts)], env, emulator, workdir, keep, timeout=900))
        finally:
            end_connections(workdir / 'pc')
            emulator.stop()
    return print_checks(rows, 'peer interfaces: %%d/%%d ok (cisco.dcnm %s)' % tag)


def peer_env(collections, workdir, connect_timeout=60):
    """The environment of a peer run: cisco.dcnm from ``collections``, ansible.posix.json's output (read by ``results``),
    the persistent connections' sockets in ``workdir``/pc (ended by ``end_connections``)."""
    env = {name: value for name, value in os.environ.items() if not name.startswith('ANSIBLE_')}
    env.update(ANSIBLE_COLLECTIONS_PATH=str(collections), ANSIBLE_STDOUT_CALLBACK='ansible.posix.json',
               ANSIBLE_NOCOLOR='1', ANSIBLE_LOCALHOST_WARNING='0', ANSIBLE_DEPRECATION_WARNINGS='0',
               ANSIBLE_PERSISTENT_CONTROL_PATH_DIR=str(workdir / 'pc'), ANSIBLE_HOME=str(workdir / 'home'),
               ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='1000', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT=str(connect_timeout))
    return env


def run_play(name, play_data, command, env, emulator, workdir, keep=None, timeout=900):
    """[(play name, check, 'ok' | 'FAIL' | 'info', detail)] of one play run with ``command`` (ansible-playbook and its
    options; the playbook is added), its CHECK tasks and the emulator's answers other than 2xx during it; the playbook
    and its output kept in ``keep`` when given."""
    path = workdir / ('%s.yml' % name)
    path.write_text(yaml.safe_dump(play_data, sort_keys=False), encoding='utf-8')
    before = emulator.counters()
    started = time.monotonic()
    completed = subprocess.run(command + [str(path)], env=env, capture_output=True, text=True, check=False, cwd=str(workdir),
                               timeout=timeout)
    seconds = time.monotonic() - started
    rows = [(name, check_name, outcome, detail) for check_name, outcome, detail in results(completed.stdout)]
    refused = failures(before, emulator.counters())
    rows.append((name, 'emulator answers other than 2xx (%.0f s)' % seconds, 'info', '; '.join(refused)[:400] or 'none'))
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        for suffix, text in (('yml', path.read_text(encoding='utf-8')), ('out', completed.stdout), ('err', completed.stderr)):
            (keep / ('%s.%s' % (name, suffix))).write_text(text, encoding='utf-8')
    return rows


def print_checks(rows, summary):
    """Print the table of ``run_play``'s rows, then ``summary`` % (passed, checks); the exit status: 0 when every check passed."""
    module_width = max(len(row[0]) for row in rows)
    width = max(len(row[1]) for row in rows)
    print('%-*s %-*s %-5s %s' % (module_width, 'module', width, 'check', 'result', 'detail'))
    for module, check_name, outcome, detail in rows:
        print('%-*s %-*s %-5s %s' % (module_width, module, width, check_name, outcome, detail))
    checks = [row for row in rows if row[2] != 'info']
    passed = sum(1 for row in checks if row[2] == 'ok')
    print(summary % (passed, len(checks)))
    return 0 if checks and passed == len(checks) else 1


if __name__ == '__main__':
    sys.exit(main())
