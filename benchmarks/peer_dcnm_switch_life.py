#!/usr/bin/env python
"""cisco.dcnm's dcnm_inventory (poap, query_poap, rma) and dcnm_maintenance_mode, end to end on the emulator: what works.

The real clients of issue 39's switch life, run as a user runs them: cisco.dcnm 3.12.1 over ansible.netcommon.httpapi
with certificate validation on, against an emulator with the lab benchmarks/switch_life_lab.yml (switches that boot
unowned and ask for POAP) and bootstrap on in fabrics site-dc1 and site-a (benchmarks/switch_life_vs_dcnm.py's
``prepare``). Every task named "CHECK ..." is one line of the table: ok, or FAIL with what the module said; each
play also reports the emulator's answers other than 2xx during it. Exit status 0 only when every check passed.

  dcnm_inventory         two switches pre-provisioned (poap, preprovision_serial) and the same again; query_poap
                         lists the switches asking for POAP; the two swapped to the switches that booted and imported
                         (poap with serial_number and preprovision_serial), waited for; a third bootstrapped without
                         pre-provisioning (poap with serial_number) and the same again; a query of the inventory.
  dcnm_maintenance_mode  site-a's leaf 10.1.0.2 into maintenance mode (deploy false, its default) and the same again,
                         a query (inconsistent: intended, not deployed); then with its deploy (wait_for_mode_change)
                         and the same again, a query; its RMA by the switch that booted in its place (dcnm_inventory
                         rma, the old switch deployed in maintenance mode as its docs ask); the new switch out of
                         maintenance mode with its deploy and the same again, a query.

Known to fail, on cisco.dcnm's side: "maintenance mode on again: no change". cisco.dcnm compares the mode it wants
with the one it reads, which is "inconsistent" while the intended mode (``mode``) differs from the switch's
(``systemMode``), as its SwitchDetails.maintenance_mode says the controller shows it; so with deploy false (its
default) every rerun sends POST maintenance-mode again and reports changed.

cisco.dcnm is taken as benchmarks/peer_interfaces.py takes it (PEER_DCNM_GIT, PEER_DCNM_TAG default 3.12.1,
PEER_ANSIBLE, PEERS_CACHE; PEER_KEEP keeps each play's playbook and output):

    PEER_DCNM_GIT=/work/.mirror/CiscoDevNet+ansible-dcnm/repo .venv/bin/python benchmarks/peer_dcnm_switch_life.py

CI does not run it (it cannot reach the mirror); what it taught is tested in tests/emulator/tests/test_switch_life.py.
"""

import os
import pathlib
import sys
import tempfile

from dashboard_emulator.testing import EmulatorProcess
from peer_interfaces import ansible_venv, check, end_connections, peer_env, print_checks, run_play, unpack_collection
from resource_vs_dcnm import dcnm_inventory
from switch_life_vs_dcnm import (GATEWAY, LAB, MODEL, RACK, RACK_FABRIC, RELEASE, RMA_ADDRESS, RMA_FABRIC, RMA_SERIAL, SWITCH_PASSWORD,
                                 SWITCH_USER, prepare)

CONFIG_DATA = {'modulesModel': [MODEL], 'gateway': GATEWAY}


def play(tasks):
    return [{'hosts': 'dcnm', 'gather_facts': False, 'tasks': tasks}]


def inventory_args(config, **options):
    return dict({'fabric': RACK_FABRIC, 'state': 'merged', 'save': False, 'deploy': False, 'config': config}, **options)


def seed(address, poap=None, rma=None):
    item = {'seed_ip': address, 'user_name': SWITCH_USER, 'password': SWITCH_PASSWORD, 'role': 'leaf'}
    item.update({'poap': [poap]} if poap else {'rma': [rma]})
    return item


def inventory_play():
    (first, pre1, booted1, name1), (second, pre2, booted2, name2), (third, _pre3, booted3, name3) = RACK[:3]
    preprovision = [seed(address, {'preprovision_serial': pre, 'model': MODEL, 'version': RELEASE, 'hostname': name,
                                   'config_data': CONFIG_DATA}) for address, pre, name in ((first, pre1, name1), (second, pre2, name2))]
    swap = [seed(address, {'preprovision_serial': pre, 'serial_number': booted})
            for address, pre, booted in ((first, pre1, booted1), (second, pre2, booted2))]
    bootstrap = [seed(third, {'serial_number': booted3, 'model': MODEL, 'version': RELEASE, 'hostname': name3,
                              'config_data': CONFIG_DATA})]
    module = 'cisco.dcnm.dcnm_inventory'
    listed = "r.response | map(attribute='serialNumber') | list"
    return play([
        check('pre-provision 2 switches', module, inventory_args(preprovision), 'r.changed'),
        check('pre-provision again: no change', module, inventory_args(preprovision), 'not r.changed'),
        check('query_poap lists the switches asking for POAP', module, {'fabric': RACK_FABRIC, 'state': 'query', 'query_poap': True},
              "'%s' in %s and '%s' in %s" % (booted1, listed, booted3, listed)),
        check('swap the pre-provisioned switches to the booted ones and import them', module, inventory_args(swap), 'r.changed'),
        check('bootstrap a switch not pre-provisioned', module, inventory_args(bootstrap), 'r.changed'),
        check('bootstrap again: no change', module, inventory_args(bootstrap), 'not r.changed'),
        check('swap again: no change', module, inventory_args(swap), 'not r.changed'),
        check('query: the three managed under their real serial numbers', module, {'fabric': RACK_FABRIC, 'state': 'query'},
              "(r.response | selectattr('managable') | map(attribute='serialNumber') | sort) == %r" % sorted([booted1, booted2, booted3])),
    ])


def maintenance_play():
    module = 'cisco.dcnm.dcnm_maintenance_mode'

    def mode(name, switch_mode, when, **options):
        return check(name, module, {'state': 'merged', 'config': dict(
            {'mode': switch_mode, 'switches': [{'ip_address': RMA_ADDRESS}]}, **options)}, when)

    rma = seed(RMA_ADDRESS, rma={'serial_number': RMA_SERIAL, 'old_serial': '{{ old_serial }}', 'model': MODEL,
                                 'version': RELEASE, 'config_data': CONFIG_DATA})

    def query(mode_read):
        return check('query: %s' % mode_read, module, {'state': 'query', 'config': {'switches': [{'ip_address': RMA_ADDRESS}]}},
                     "(r.diff | select('contains', '%s') | first)['%s'].mode == '%s'" % (RMA_ADDRESS, RMA_ADDRESS, mode_read))

    return play([
        {'name': 'the leaf to replace', 'cisco.dcnm.dcnm_inventory': {'fabric': RMA_FABRIC, 'state': 'query'}, 'register': 'leaf'},
        {'name': 'its serial number', 'set_fact': {
            'old_serial': "{{ (leaf.response | selectattr('ipAddress', 'equalto', '%s') | first).serialNumber }}" % RMA_ADDRESS}},
        mode('maintenance mode on', 'maintenance', 'r.changed'),
        # cisco.dcnm reads an intended mode not yet deployed as inconsistent, unlike the mode it wants: it writes again
        mode('maintenance mode on again: no change', 'maintenance', 'not r.changed'),
        query('inconsistent'),
        mode('maintenance mode on, deployed and waited for', 'maintenance', 'r.changed', deploy=True, wait_for_mode_change=True),
        mode('maintenance mode on, deployed, again: no change', 'maintenance', 'not r.changed', deploy=True, wait_for_mode_change=True),
        query('maintenance'),
        check('rma: the switch that booted replaces it', 'cisco.dcnm.dcnm_inventory', inventory_args([rma], fabric=RMA_FABRIC), 'r.changed'),
        check('query: the new switch, managed', 'cisco.dcnm.dcnm_inventory', {'fabric': RMA_FABRIC, 'state': 'query'},
              "(r.response | selectattr('ipAddress', 'equalto', '%s') | first).serialNumber == '%s' and "
              "(r.response | selectattr('ipAddress', 'equalto', '%s') | first).managable" % (RMA_ADDRESS, RMA_SERIAL, RMA_ADDRESS)),
        mode('maintenance mode off, deployed and waited for', 'normal', 'r.changed', deploy=True, wait_for_mode_change=True),
        mode('maintenance mode off again: no change', 'normal', 'not r.changed', deploy=True, wait_for_mode_change=True),
        query('normal'),
    ])


PLAYS = {'dcnm_inventory': inventory_play, 'dcnm_maintenance_mode': maintenance_play}


def main():
    cache = pathlib.Path(os.environ.get('PEERS_CACHE') or pathlib.Path.home() / '.cache' / 'fabricops-peers')
    tag = os.environ.get('PEER_DCNM_TAG', '3.12.1')
    collections = unpack_collection(cache, os.environ.get('PEER_DCNM_GIT', ''), tag)
    playbook = ansible_venv(cache, os.environ.get('PEER_ANSIBLE', 'ansible==11.13.0'))
    keep = pathlib.Path(os.environ['PEER_KEEP']) if os.environ.get('PEER_KEEP') else None
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = pathlib.Path(directory)
        emulator = EmulatorProcess(workdir=workdir / 'emulator', extra_args=[
            '--lab', str(LAB), '--discover-seconds', '1', '--reload-seconds', '7', '--deploy-seconds', '1', '--log-level', 'warning'])
        emulator.start()
        try:
            prepare(emulator, 0)
            hosts = dcnm_inventory(emulator, workdir, playbook.parent / 'python')
            # dcnm_inventory refuses to run with a persistent connect timeout under 1000 s
            env = peer_env(collections, workdir, connect_timeout=1000)
            command = [str(playbook), '-i', str(hosts), '-e', 'ansible_connect_timeout=1000']
            for name, make in PLAYS.items():
                rows.extend(run_play(name, make(), command, env, emulator, workdir, keep, timeout=1200))
        finally:
            end_connections(workdir / 'pc')
            emulator.stop()
    return print_checks(rows, 'peer switch life: %%d/%%d ok (cisco.dcnm %s)' % tag)


if __name__ == '__main__':
    sys.exit(main())
