"""The guide's worked example, playbooks/example_vpc_server.yml, run twice as a user runs it against the emulator: the
first run builds a server's vPC across two new leaves of site-a and the networks it carries (and its own second pass
changes nothing), the second run sends no write at all. The result is read from the controller, not only from the play."""

import re
import textwrap

import yaml

from conftest import REPO, read_controller

ADMIN_PASSWORD = 'Admin-Passw0rd!'
SWITCH_PASSWORD = 'Sw1tch-Secret!'
PLAYBOOK = str(REPO / 'playbooks' / 'example_vpc_server.yml')
LEAVES = ('10.1.0.3', '10.1.0.4')


def test_the_worked_example_builds_the_server_vpc_and_its_rerun_sends_nothing(play, emu):
    env = {'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': ADMIN_PASSWORD}
    credentials = {'example_switch_username': 'admin', 'example_switch_password': SWITCH_PASSWORD}
    first = play(PLAYBOOK, env=env, extra_vars=credentials)
    assert first.rc == 0, first.output[-4000:]
    # the four tasks of the first pass changed the fabric; the second pass (asserted in the play) did not
    assert first.total('changed') == 4, first.stdout[-4000:]
    first.assert_no_secrets(ADMIN_PASSWORD, SWITCH_PASSWORD)
    assert '[WARNING]' not in first.output, first.output[-4000:]

    inventory = {switch['ipAddress']: switch for switch in read_controller(emu, '/control/fabrics/site-a/inventory/switchesByFabric')}
    one, two = (inventory[address]['serialNumber'] for address in LEAVES)
    assert (inventory[LEAVES[0]]['peerSerialNumber'], inventory[LEAVES[1]]['peerSerialNumber']) == (two, one)
    assert {inventory[address]['ccStatus'] for address in LEAVES} == {'In-Sync'}
    for serial in (one, two):
        [vpc] = read_controller(emu, '/interface?serialNumber=%s&ifName=vPC10' % serial)
        pairs = vpc['interfaces'][0]['nvPairs']
        assert vpc['policy'] == 'int_vpc_trunk_host'
        assert (pairs['PEER1_MEMBER_INTERFACES'], pairs['PEER2_MEMBER_INTERFACES'], pairs['PEER1_ALLOWED_VLANS']) == (
            'Ethernet1/10', 'Ethernet1/10', '2411-2412')
    attachments = read_controller(emu, '/top-down/fabrics/site-a/networks/attachments?network-names=app-web,app-db')
    for network in attachments:
        attached = {entry['switchSerialNo']: (entry['isLanAttached'], entry['lanAttachState'], entry['vlanId'])
                    for entry in network['lanAttachList'] if entry['isLanAttached']}
        vlan = {'app-web': 2411, 'app-db': 2412}[network['networkName']]
        assert attached == {one: (True, 'DEPLOYED', vlan), two: (True, 'DEPLOYED', vlan)}, network

    writes = emu.counters()['writes']
    second = play(PLAYBOOK, env=env, extra_vars=credentials)
    assert second.rc == 0, second.output[-4000:]
    assert second.total('changed') == 0
    assert emu.counters()['writes'] == writes


def test_the_guide_shows_the_playbook_as_it_is():
    """The guide inlines the play (the docs ship without playbooks/): it must be the playbook the test above runs."""
    guide = (REPO / 'docs' / 'docsite' / 'rst' / 'resource_modules.rst').read_text(encoding='utf-8')
    section = guide[guide.index('Worked example: a server on a vPC'):]
    # up to the next heading of its level or above (a title line underlined with - or ~)
    heading = re.search(r'\n\n[^\n]+\n([-~])\1{2,}\n', section[40:])
    section = section[:40 + heading.start()] if heading else section
    block = section[section.rindex('.. code-block:: yaml'):].split('\n', 1)[1]
    lines = []
    for line in block.splitlines():
        if line and not line.startswith(' '):
            break
        lines.append(line)
    shown = yaml.safe_load(textwrap.dedent('\n'.join(lines)))
    assert shown == yaml.safe_load((REPO / 'playbooks' / 'example_vpc_server.yml').read_text(encoding='utf-8'))
