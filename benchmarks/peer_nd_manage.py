#!/usr/bin/env python
"""cisco.nd 2.0's /api/v1/manage modules, end to end on a 4.2.1 emulator: a table of what works.

The real clients of the unified API of ND 4.2, run as a user runs them: cisco.nd's
nd_manage_fabric_ibgp (branch develop) through merged, the same again, deleted and the same again;
nd_manage_switches (the switch-inventory pull request, refs/pull/198/head) through gathered, a role change
(overridden) and the same again, merged (discover and add a leaf), gathered, merged again, deleted and the same again. Over ansible.netcommon.httpapi with
cisco.nd's httpapi plugin and certificate validation on, against a fresh emulator started with
``--release 4.2.1``, once serving the legacy paths too and once with ``--no-legacy-paths``. Every task
named "CHECK ..." is one line of the table: ok, or FAIL with what the module said. Each play also reports
the emulator's non-2xx answers during it. Exit status 0 only when every check passed.

cisco.nd 2.0 is on no package registry; the harness takes it from the environment:
  PEER_ND_GIT          a git directory (bare or not) of CiscoDevNet/ansible-nd; each ref below is
                       unpacked into the cache (once per commit)
  PEER_ND_FABRIC_REF   the ref of nd_manage_fabric_ibgp (default develop)
  PEER_ND_SWITCH_REF   the ref of nd_manage_switches (default refs/pull/198/head)
  PEER_ANSIBLE         the ansible to run them with (default ansible==11.13.0: cisco.nd asks ansible-core
                       2.16 or later); the venv also gets what the refs' requirements.txt name (pydantic 2)
  PEERS_CACHE          the cache directory (default ~/.cache/fabricops-peers): the venv, and
                       peer-nd-manage/ holding the unpacked collections
  PEER_PLAYS           a subset of the plays (names as in the table, space separated)
  PEER_PASSES          a subset of the passes (``legacy-paths``, ``no-legacy-paths``)
  PEER_KEEP            a directory to keep each play's playbook and output in, and the writes the emulator saw

    PEER_ND_GIT=/path/to/ansible-nd .venv/bin/python benchmarks/peer_nd_manage.py

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
from peer_interfaces import check, end_connections, failures, results

ADMIN, PASSWORD = EmulatorProcess.ADMIN
RELEASE = '4.2.1'
FABRIC = 'peer-ibgp'
SWITCH_FABRIC = 'site-a'
SEED_SPINE, SEED_LEAF = '10.1.0.1', '10.1.0.2'  # the seed's switches of site-a
NEW_LEAF = '10.1.0.5'  # any address is discoverable on the emulator; not one of the seed's switches
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


# name: (what it builds, the environment variable of its ref, the default ref)
PLAYS = {
    'nd_manage_fabric_ibgp': (fabric_play, 'PEER_ND_FABRIC_REF', 'develop'),
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
                           ANSIBLE_PERSISTENT_COMMAND_TIMEOUT='900', ANSIBLE_PERSISTENT_CONNECT_TIMEOUT='60')
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
