#!/usr/bin/env python
"""cisco.nd 2.0's /api/v1/manage modules, end to end on a 4.2.1 emulator: a table of what works.

The real clients of the unified API of ND 4.2, run as a user runs them: cisco.nd's
nd_manage_fabric_ibgp (branch develop) through merged, the same again, deleted and the same again;
nd_manage_switches (the switch-inventory pull request, refs/pull/198/head) through gathered, a role change
(overridden) and the same again, merged (discover and add a leaf), gathered, merged again, deleted and the same again;
the interface modules of the interfaces pull request (refs/pull/268/head, the head of branch nd_interface_svi too):
nd_interface_loopback, nd_interface_ethernet_access, nd_interface_ethernet_trunk_host and nd_interface_svi, each
through merged, the same again, replaced (or a second merged), deleted and the same again on the seed's leaf;
nd_manage_vpc_pair (refs/pull/197/head) pairing the seed's leaf with a leaf added through nd_rest, gathered,
deleted, each again; nd_links (refs/pull/221/head) with a numbered link between the seed's leaf and spine; and
nd_policy (refs/pull/261/head) with a switch_freeform policy on the leaf. Over ansible.netcommon.httpapi with
cisco.nd's httpapi plugin and certificate validation on, against a fresh emulator started with
``--release 4.2.1``, once serving the legacy paths too and once with ``--no-legacy-paths``. Every task
named "CHECK ..." is one line of the table: ok, or FAIL with what the module said. Each play also reports
the emulator's non-2xx answers during it. Exit status 0 only when every check passed.

cisco.nd 2.0 is on no package registry; the harness takes it from the environment:
  PEER_ND_GIT          a git directory (bare or not) of CiscoDevNet/ansible-nd; each ref below is
                       unpacked into the cache (once per commit)
  PEER_ND_FABRIC_REF   the ref of nd_manage_fabric_ibgp (default develop)
  PEER_ND_SWITCH_REF   the ref of nd_manage_switches (default refs/pull/198/head)
  PEER_ND_INTERFACE_REF  the ref of the four interface modules (default refs/pull/268/head)
  PEER_ND_VPC_REF      the ref of nd_manage_vpc_pair (default refs/pull/197/head)
  PEER_ND_LINKS_REF    the ref of nd_links (default refs/pull/221/head)
  PEER_ND_POLICY_REF   the ref of nd_policy (default refs/pull/261/head)
  PEER_ANSIBLE         the ansible to run them with (default ansible==11.13.0: cisco.nd asks ansible-core
                       2.16 or later); the venv also gets what the refs' requirements.txt name (pydantic 2)
  PEERS_CACHE          the cache directory (default ~/.cache/fabricops-peers): the venv, and
                       peer-nd-manage/ holding the unpacked collections
  PEER_PLAYS           a subset of the plays (names as in the table, space separated)
  PEER_PASSES          a subset of the passes (``legacy-paths``, ``no-legacy-paths``)
  PEER_KEEP            a directory to keep each play's playbook and output in, and the writes the emulator saw

    PEER_ND_GIT=/path/to/ansible-nd .venv/bin/python benchmarks/peer_nd_manage.py

CI does not run it; it is a check of the emulator against the real clients, not a timed benchmark.

What fails on cisco.nd's side, at the refs of this mirror's last run (2026-11-27): nd_links at refs/pull/221/head
(768bca5) before any request, its orchestrator built with ``sender`` where the base class it merged from develop
asks ``rest_send`` (a pydantic "Field required"; refs/pull/221/merge the same); nd_manage_switches at
refs/pull/198/head (1581a60) on import (a circular import of ``models/base.py``; its parent 3ae57ed passes every
check: PEER_ND_SWITCH_REF=3ae57ed). nd_links' own requests session
ignores ``ansible_httpapi_ca_path``; the harness passes the emulator's CA as ``REQUESTS_CA_BUNDLE``.
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

from dashboard_emulator.fabric_store.common import serial_for
from dashboard_emulator.testing import EmulatorProcess
from peer_interfaces import check, end_connections, failures, results

ADMIN, PASSWORD = EmulatorProcess.ADMIN
RELEASE = '4.2.1'
FABRIC = 'peer-ibgp'
SWITCH_FABRIC = 'site-a'
SEED_SPINE, SEED_LEAF = '10.1.0.1', '10.1.0.2'  # the seed's switches of site-a
NEW_LEAF = '10.1.0.5'  # any address is discoverable on the emulator; not one of the seed's switches
PEER_LEAF = '10.1.0.6'  # the vPC peer of the seed's leaf, added and removed by the vPC play
SEED_SPINE_NAME, SEED_LEAF_NAME = 'site-a-spine-1', 'site-a-leaf-2'
PASSES = {'legacy-paths': True, 'no-legacy-paths': False}


def play(tasks):
    return [{'hosts': 'nd', 'gather_facts': False, 'tasks': tasks}]


def fabric_play():
    module = 'cisco.nd.nd_manage_fabric_ibgp'
    # what a user writes for a new iBGP fabric: the settings the legacy-to-manage map of the facts (9.1) pairs
    fabric = {'fabric_name': FABRIC, 'category': 'fabric',
              'management': {'type': 'vxlanIbgp', 'bgp_asn': '65077', 'site_id': '65077', 'replication_mode': 'ingress',
                             'fabric_mtu': 9100, 'link_state_routing_protocol': 'isis', 'anycast_gateway_mac': '2020.0000.00bb',
                             'l2_vni_range': '30000-49000', 'l3_vni_range': '50000-59000', 'greenfield_debug_flag': 'enable'}}
    mtu = {'fabric_name': FABRIC, 'management': {'type': 'vxlanIbgp', 'bgp_asn': '65077', 'fabric_mtu': 9000}}
    gone = [{'fabric_name': FABRIC}]
    return play([
        check('nd_manage_fabric_ibgp merged: a new fabric (changed)', module, {'state': 'merged', 'config': [fabric]}, 'r.changed'),
        check('nd_manage_fabric_ibgp merged again (changed=false)', module, {'state': 'merged', 'config': [fabric]}, 'not r.changed'),
        # the client's model asks bgp_asn of every item (pydantic: "management.bgpAsn Field required")
        check('nd_manage_fabric_ibgp merged: the MTU changed (changed)', module, {'state': 'merged', 'config': [mtu]}, 'r.changed'),
        check('nd_manage_fabric_ibgp merged: the MTU again (changed=false)', module, {'state': 'merged', 'config': [mtu]},
              'not r.changed'),
        check('nd_manage_fabric_ibgp deleted (changed)', module, {'state': 'deleted', 'config': gone}, 'r.changed'),
        check('nd_manage_fabric_ibgp deleted again (changed=false)', module, {'state': 'deleted', 'config': gone}, 'not r.changed'),
    ])


def switches_play():
    module = 'cisco.nd.nd_manage_switches'
    # brownfield (preserve_config): the switch keeps its configuration, so no reload to wait for
    leaf = {'seed_ip': NEW_LEAF, 'username': 'admin', 'password': 'Switch-Passw0rd!', 'role': 'leaf', 'preserve_config': True}
    gone = [{'seed_ip': NEW_LEAF}]
    base = {'fabric': SWITCH_FABRIC}
    # a role change of the seed's leaf (no save, no deploy): the module takes it in overridden only ("role updates not
    # supported in merged state"), which removes what is not listed, so both seed switches are listed; brownfield, as the
    # seed's switches keep their configuration: a greenfield re-add waits for a reload that the client, polling every
    # 10 s, sees only if it lasts longer than the emulator's (1 s here)
    seed = [{'seed_ip': SEED_SPINE, 'username': 'admin', 'password': 'Switch-Passw0rd!', 'role': 'spine', 'preserve_config': True},
            {'seed_ip': SEED_LEAF, 'username': 'admin', 'password': 'Switch-Passw0rd!', 'role': 'border', 'preserve_config': True}]
    no_actions = {'save': False, 'deploy': False}
    return play([
        check('nd_manage_switches gathered lists the seed\'s spine and leaf', module, dict(base, state='gathered'),
              "r.gathered | map(attribute='seed_ip') | sort | list == ['%s', '%s']" % (SEED_SPINE, SEED_LEAF)),
        check('nd_manage_switches overridden: the leaf\'s role, no save or deploy (changed)', module,
              dict(base, state='overridden', config=seed, config_actions=no_actions), 'r.changed'),
        check('nd_manage_switches overridden: the role again (changed=false)', module,
              dict(base, state='overridden', config=seed, config_actions=no_actions), 'not r.changed'),
        check('nd_manage_switches merged: discover and add a leaf (changed)', module, dict(base, state='merged', config=[leaf]),
              'r.changed'),
        check('nd_manage_switches gathered finds the leaf', module, dict(base, state='gathered'),
              "r | string is search('%s')" % NEW_LEAF.replace('.', '\\\\.')),
        check('nd_manage_switches merged again (changed=false)', module, dict(base, state='merged', config=[leaf]), 'not r.changed'),
        check('nd_manage_switches deleted (changed)', module, dict(base, state='deleted', config=gone), 'r.changed'),
        check('nd_manage_switches deleted again (changed=false)', module, dict(base, state='deleted', config=gone), 'not r.changed'),
    ])


def interface_play(module, kind, first, second):
    """merged, merged again, a change (replaced), replaced again, deleted, deleted again of one interface of the seed's
    leaf; ``first`` and ``second``: the two policies, ``kind``: how the module names its interfaces."""
    module = 'cisco.nd.' + module

    def item(policy):
        return dict(kind, switch_ip=SEED_LEAF, config_data={'network_os': {'policy': policy}})
    base = {'fabric_name': SWITCH_FABRIC}
    name = module.rpartition('.')[2]
    return play([
        check('%s merged (changed)' % name, module, dict(base, state='merged', config=[item(first)]), 'r.changed'),
        check('%s merged again (changed=false)' % name, module, dict(base, state='merged', config=[item(first)]), 'not r.changed'),
        check('%s replaced: a change (changed)' % name, module, dict(base, state='replaced', config=[item(second)]), 'r.changed'),
        check('%s replaced again (changed=false)' % name, module, dict(base, state='replaced', config=[item(second)]),
              'not r.changed'),
        check('%s deleted (changed)' % name, module, dict(base, state='deleted', config=[item(second)]), 'r.changed'),
        check('%s deleted again (changed=false)' % name, module, dict(base, state='deleted', config=[item(second)]),
              'not r.changed'),
    ])


def loopback_play():
    return interface_play('nd_interface_loopback', {'interface_name': 'loopback100'},
                          {'ip': '10.100.0.1', 'admin_state': True, 'description': 'peer loopback'},
                          {'ip': '10.100.0.2', 'admin_state': True, 'description': 'peer loopback, moved'})


def access_play():
    return interface_play('nd_interface_ethernet_access', {'interface_names': ['Ethernet1/20', 'Ethernet1/21']},
                          {'access_vlan': 100, 'admin_state': True, 'description': 'servers'},
                          {'access_vlan': 200, 'admin_state': True, 'description': 'servers', 'bpdu_guard': 'enable'})


def trunk_play():
    return interface_play('nd_interface_ethernet_trunk_host', {'interface_names': ['Ethernet1/22']},
                          {'allowed_vlans': '100-200', 'native_vlan': 99, 'description': 'hypervisor'},
                          {'allowed_vlans': '100-300', 'native_vlan': 99, 'description': 'hypervisor', 'cdp': False})


def svi_play():
    return interface_play('nd_interface_svi', {'vlan_ids': [333]},
                          {'ip': '10.99.99.1', 'prefix': 24, 'admin_state': True, 'description': 'tenant'},
                          {'ip': '10.99.99.1', 'prefix': 24, 'admin_state': True, 'description': 'tenant', 'mtu': 9000})


def rest(name, path, method='get', content=None, **task):
    """A setup task of cisco.nd's nd_rest (not a CHECK): the play's own preparation through the 4.2 API."""
    args = {'path': path, 'method': method}
    if content is not None:
        args['content'] = content
    return dict({'name': name, 'cisco.nd.nd_rest': args}, **task)


def vpc_play():
    module = 'cisco.nd.nd_manage_vpc_pair'
    fabric = '/api/v1/manage/fabrics/' + SWITCH_FABRIC
    pair = [{'peer1_switch_id': SEED_LEAF, 'peer2_switch_id': PEER_LEAF, 'use_virtual_peer_link': True}]
    base = {'fabric_name': SWITCH_FABRIC}
    wait = "r.jsondata.switches | selectattr('fabricManagementIp', 'equalto', '%s') | map(attribute='additionalData') " \
           "| map(attribute='discoveryStatus') | list == ['ok']" % PEER_LEAF
    return play([
        rest('add the peer leaf', fabric + '/switches', 'post',
             {'switches': [{'ip': PEER_LEAF, 'switchRole': 'leaf'}], 'preserveConfig': True}),
        rest('wait for it', fabric + '/switches', register='r', until=wait, retries=30, delay=1),
        check('nd_manage_vpc_pair merged: pair the leaves (changed)', module, dict(base, state='merged', config=pair), 'r.changed'),
        check('nd_manage_vpc_pair merged again (changed=false)', module, dict(base, state='merged', config=pair), 'not r.changed'),
        check('nd_manage_vpc_pair gathered finds the pair', module, dict(base, state='gathered'),
              "r | string is search('%s')" % serial_for(PEER_LEAF)),
        check('nd_manage_vpc_pair deleted (changed)', module, dict(base, state='deleted', config=pair), 'r.changed'),
        check('nd_manage_vpc_pair deleted again (changed=false)', module, dict(base, state='deleted', config=pair), 'not r.changed'),
        rest('remove the peer leaf', fabric + '/switchActions/remove', 'post', {'switchIds': [serial_for(PEER_LEAF)]}),
    ])


def links_play():
    module = 'cisco.nd.nd_links'
    link = {'src_fabric_name': SWITCH_FABRIC, 'dst_fabric_name': SWITCH_FABRIC, 'src_switch_name': SEED_LEAF_NAME,
            'dst_switch_name': SEED_SPINE_NAME, 'src_interface_name': 'Ethernet1/50', 'dst_interface_name': 'Ethernet1/50',
            'config_data': {'policy_type': 'numbered', 'template_inputs': {
                'src_ip': '192.168.70.1', 'dst_ip': '192.168.70.2', 'mtu': 9216, 'interface_admin_state': True}}}
    changed = dict(link, config_data={'policy_type': 'numbered', 'template_inputs': dict(
        link['config_data']['template_inputs'], mtu=1500)})
    base = {'fabric_name': SWITCH_FABRIC}
    return play([
        check('nd_links merged: a numbered link (changed)', module, dict(base, state='merged', config=[link]), 'r.changed'),
        check('nd_links merged again (changed=false)', module, dict(base, state='merged', config=[link]), 'not r.changed'),
        check('nd_links merged: its MTU (changed)', module, dict(base, state='merged', config=[changed]), 'r.changed'),
        check('nd_links merged: its MTU again (changed=false)', module, dict(base, state='merged', config=[changed]), 'not r.changed'),
        check('nd_links deleted (changed)', module, dict(base, state='deleted', config=[changed]), 'r.changed'),
        check('nd_links deleted again (changed=false)', module, dict(base, state='deleted', config=[changed]), 'not r.changed'),
    ])


def policy_play():
    module = 'cisco.nd.nd_policy'
    # create_additional_policy false: the module's default (true) makes another policy on every run, by design
    policy = {'name': 'switch_freeform', 'description': 'peer banner', 'priority': 500, 'create_additional_policy': False,
              'template_inputs': {'CONF': 'feature bash-shell'}, 'switch': [{'serial_number': serial_for(SEED_LEAF)}]}
    changed = dict(policy, priority=400)
    base = {'fabric_name': SWITCH_FABRIC}
    return play([
        check('nd_policy merged: a switch_freeform policy (changed)', module, dict(base, state='merged', config=[policy]), 'r.changed'),
        check('nd_policy merged again (changed=false)', module, dict(base, state='merged', config=[policy]), 'not r.changed'),
        check('nd_policy merged: its priority (changed)', module, dict(base, state='merged', config=[changed]), 'r.changed'),
        check('nd_policy merged: its priority again (changed=false)', module, dict(base, state='merged', config=[changed]),
              'not r.changed'),
        check('nd_policy deleted (changed)', module, dict(base, state='deleted', config=[changed]), 'r.changed'),
        check('nd_policy deleted again (changed=false)', module, dict(base, state='deleted', config=[changed]), 'not r.changed'),
    ])


INTERFACE_REF = ('PEER_ND_INTERFACE_REF', 'refs/pull/268/head')
# name: (what it builds, the environment variable of its ref, the default ref), in the order they run: the switch
# play last, as its overridden state removes every switch it does not list
PLAYS = {
    'nd_manage_fabric_ibgp': (fabric_play, 'PEER_ND_FABRIC_REF', 'develop'),
    'nd_interface_loopback': (loopback_play,) + INTERFACE_REF,
    'nd_interface_ethernet_access': (access_play,) + INTERFACE_REF,
    'nd_interface_ethernet_trunk_host': (trunk_play,) + INTERFACE_REF,
    'nd_interface_svi': (svi_play,) + INTERFACE_REF,
    'nd_manage_vpc_pair': (vpc_play, 'PEER_ND_VPC_REF', 'refs/pull/197/head'),
    'nd_links': (links_play, 'PEER_ND_LINKS_REF', 'refs/pull/221/head'),
    'nd_policy': (policy_play, 'PEER_ND_POLICY_REF', 'refs/pull/261/head'),
    'nd_manage_switches': (switches_play, 'PEER_ND_SWITCH_REF', 'refs/pull/198/head'),
}


def git(git_dir, *args, **kwargs):
    where = ['-C', git_dir] if (pathlib.Path(git_dir) / '.git').exists() else ['--git-dir', git_dir]
    return subprocess.run(['git'] + where + list(args), capture_output=True, check=True, **kwargs).stdout


def unpack_collection(cache, git_dir, ref):
    """cisco.nd at ``ref`` from ``git_dir`` into the cache (once per commit): (the collections path, the commit)."""
    if not git_dir:
        raise SystemExit('PEER_ND_GIT is not set: a git directory of CiscoDevNet/ansible-nd (see this file\'s docstring)')
    commit = git(git_dir, 'rev-parse', '--verify', ref + '^{commit}', text=True).strip()
    collections = cache / 'peer-nd-manage' / commit[:12] / 'collections'
    target = collections / 'ansible_collections' / 'cisco' / 'nd'
    marker = target / '.peer-commit'
    if not (marker.exists() and marker.read_text(encoding='utf-8') == commit):
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        subprocess.run(['tar', '-x', '-C', str(target)], input=git(git_dir, 'archive', commit), check=True)
        marker.write_text(commit, encoding='utf-8')
    return collections, commit


def requirements(git_dir, refs):
    """The Python packages the refs' requirements.txt name (pydantic, ...), one list."""
    wanted = []
    for ref in refs:
        try:
            text = git(git_dir, 'show', '%s:requirements.txt' % ref, text=True)
        except subprocess.CalledProcessError:
            continue
        wanted += [line.strip() for line in text.splitlines() if line.strip() and not line.startswith('#') and line.strip() not in wanted]
    return wanted


def ansible_venv(cache, spec, packages):
    """The ansible-playbook of a venv with ``spec`` and ``packages`` (made once, in the cache; packages added when missing)."""
    venv = cache / 'venv-cisco-nd-2.0'
    playbook = venv / 'bin' / 'ansible-playbook'
    marker = venv / '.peer-packages'
    wanted = '\n'.join([spec, 'requests'] + packages)
    if not playbook.exists() or not marker.exists() or marker.read_text(encoding='utf-8') != wanted:
        if not (venv / 'bin' / 'pip').exists():
            subprocess.run([sys.executable, '-m', 'venv', str(venv)], check=True)
        subprocess.run([str(venv / 'bin' / 'pip'), 'install', '-q', spec, 'requests'] + packages, check=True)
        marker.write_text(wanted, encoding='utf-8')
    return playbook


def nd_inventory(emulator, directory, python):
    """One ND host, reached as cisco.nd's documentation says: its httpapi plugin, certificate validation on."""
    host, port = emulator.host.rsplit(':', 1)
    host_vars = {
        'ansible_user': ADMIN, 'ansible_password': PASSWORD, 'ansible_connection': 'ansible.netcommon.httpapi',
        'ansible_httpapi_use_ssl': 'true', 'ansible_httpapi_validate_certs': 'true', 'ansible_httpapi_ca_path': emulator.ca_path,
        'ansible_httpapi_port': port, 'ansible_httpapi_login_domain': 'DefaultAuth', 'ansible_python_interpreter': python,
        'ansible_command_timeout': 900, 'ansible_connect_timeout': 60,
    }
    path = directory / 'nd.ini'
    lines = ['[nd]', 'nd1 ansible_host=%s ansible_network_os=cisco.nd.nd' % host, '[nd:vars]']
    path.write_text('\n'.join(lines + ['%s=%s' % pair for pair in host_vars.items()]) + '\n', encoding='utf-8')
    return path


def run_pass(label, legacy_paths, plays, playbook, keep):
    """The chosen plays against a fresh emulator of RELEASE: [(pass, module, check, result, detail)]."""
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', release=RELEASE, legacy_paths=legacy_paths, extra_args=[
            '--deploy-seconds', '1', '--discover-seconds', '1', '--reload-seconds', '1', '--log-level', 'warning'])
        emulator.start()
        try:
            hosts = nd_inventory(emulator, workdir, playbook.parent / 'python')
            for name, (build, collections, _commit) in plays.items():
                env = {key: value for key, value in os.environ.items() if not key.startswith('ANSIBLE_')}
                env.update(ANSIBLE_COLLECTIONS_PATH=str(collections), ANSIBLE_STDOUT_CALLBACK='ansible.posix.json',
                           ANSIBLE_NOCOLOR='1', ANSIBLE_LOCALHOST_WARNING='0', ANSIBLE_DEPRECATION_WARNINGS='0',
                           ANSIBLE_PERSISTENT_CONTROL_PATH_DIR=str(workdir / 'pc' / name), ANSIBLE_HOME=str(workdir / 'home'),
                           ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='900', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT='60',
                           # nd_links talks to ND through its own requests session, which validates certificates but
                           # ignores ansible_httpapi_ca_path: requests reads the emulator's CA from here instead
                           REQUESTS_CA_BUNDLE=emulator.ca_path)
                path = workdir / ('%s.yml' % name)
                path.write_text(yaml.safe_dump(build(), sort_keys=False), encoding='utf-8')
                before = emulator.counters()
                started = time.monotonic()
                try:
                    completed = subprocess.run([str(playbook), '-i', str(hosts), str(path)], env=env, capture_output=True,
                                               text=True, check=False, cwd=str(workdir), timeout=1800)
                    stdout, stderr = completed.stdout, completed.stderr
                except subprocess.TimeoutExpired as exc:
                    stdout, stderr = exc.stdout or '', 'timed out after %d s' % exc.timeout
                    rows.append((label, name, '(the play)', 'FAIL', stderr))
                finally:
                    end_connections(workdir / 'pc' / name)
                seconds = time.monotonic() - started
                for check_name, outcome, detail in results(stdout if isinstance(stdout, str) else stdout.decode()):
                    rows.append((label, name, check_name, outcome, detail))
                refused = failures(before, emulator.counters())
                rows.append((label, name, 'emulator answers other than 2xx (%.0f s)' % seconds, 'info', '; '.join(refused)[:600] or 'none'))
                if keep is not None:
                    keep.mkdir(parents=True, exist_ok=True)
                    for suffix, text in (('yml', path.read_text(encoding='utf-8')), ('out', stdout), ('err', stderr)):
                        (keep / ('%s-%s.%s' % (label, name, suffix))).write_text(
                            text if isinstance(text, str) else text.decode(), encoding='utf-8')
            if keep is not None:
                # the writes the clients sent (secret-looking fields masked by the emulator), to learn their bodies from
                (keep / ('%s-request-log.json' % label)).write_text(json.dumps(emulator.request_log(), indent=1), encoding='utf-8')
        finally:
            emulator.stop()
    return rows


def main():
    cache = pathlib.Path(os.environ.get('PEERS_CACHE') or pathlib.Path.home() / '.cache' / 'fabricops-peers')
    git_dir = os.environ.get('PEER_ND_GIT', '')
    chosen = os.environ.get('PEER_PLAYS', '').split() or list(PLAYS)
    passes = os.environ.get('PEER_PASSES', '').split() or list(PASSES)
    keep = pathlib.Path(os.environ['PEER_KEEP']) if os.environ.get('PEER_KEEP') else None
    plays = {}
    for name in chosen:
        build, variable, default = PLAYS[name]
        ref = os.environ.get(variable, default)
        collections, commit = unpack_collection(cache, git_dir, ref)
        plays[name] = (build, collections, commit)
    packages = requirements(git_dir, sorted({commit for _build, _collections, commit in plays.values()}))
    playbook = ansible_venv(cache, os.environ.get('PEER_ANSIBLE', 'ansible==11.13.0'), packages)
    rows = []
    for label in passes:
        rows += run_pass(label, PASSES[label], plays, playbook, keep)
    width = max(len(row[2]) for row in rows)
    print('%-15s %-22s %-*s %-5s %s' % ('pass', 'module', width, 'check', 'result', 'detail'))
    for label, module, check_name, outcome, detail in rows:
        print('%-15s %-22s %-*s %-5s %s' % (label, module, width, check_name, outcome, detail))
    checks = [row for row in rows if row[3] != 'info']
    passed = sum(1 for row in checks if row[3] == 'ok')
    print('peer nd manage: %d/%d ok (cisco.nd %s; emulator %s)' % (
        passed, len(checks), ', '.join('%s %s' % (name, commit[:8]) for name, (_b, _c, commit) in plays.items()), RELEASE))
    return 0 if checks and passed == len(checks) else 1


if __name__ == '__main__':
    sys.exit(main())
