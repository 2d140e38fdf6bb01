"""fabricops.dashboard.interfaces against what other objects of the fabric say about a port (issue 36, items 2 and 5), run
as a user runs it on the emulator's fabric site-a (leaf site-a-leaf-2, spine site-a-spine-1), on the legacy API and on a
4.2.1 dashboard serving /api/v1/manage only.

Each refusal is proven on the wire: the emulator counts no write. Today's main wrote each of these changes.
"""

from conftest import on_api
from dashboard_emulator.pytest_plugin import emu_of_each

# every test runs on the legacy API and on a 4.2.1 dashboard serving /api/v1/manage only
emu = emu_of_each()
LEAF, SPINE = 'site-a-leaf-2', 'site-a-spine-1'
WEB = {'name': 'web', 'network_id': 30101, 'vrf': 'vrf-1', 'vlan_id': 2401, 'gateway_ipv4': '10.1.1.1/24',
       'attach': [{'switch': LEAF, 'ports': ['Ethernet1/13', 'Ethernet1/14', 'Ethernet1/15']}]}
DETACH = 'Detach the port from the network first (fabricops.dashboard.networks'


def test_a_port_a_network_is_attached_to_is_not_made_routed_a_member_or_an_access_port_of_another_vlan(resource, emu):
    """Item 2: web attached to Ethernet1/13 to 1/15 and deployed. The ports made a routed port with an address, a member
    of a port-channel, an access port of another VLAN: refused before any write, naming the interface, the network and
    both ways out; check mode warns (an earlier networks task may detach the ports) and writes nothing. A port no
    network lists, and an access port given the network's own VLAN, are not in the way. On 4.2 the module takes neither
    routed ports nor port-channels (refused for that, from config alone): its contradiction is the access VLAN."""
    access = {'switch': LEAF, 'name': 'Ethernet1/15', 'mode': 'access', 'access_vlan': 10}
    contradicting = on_api(emu, [{'switch': LEAF, 'name': 'Ethernet1/13', 'mode': 'routed', 'ipv4_address': '10.40.0.1/30'},
                                 {'switch': LEAF, 'name': 'po30', 'mode': 'trunk', 'members': ['Ethernet1/14']}, access],
                           [access])
    fine = [{'switch': LEAF, 'name': 'Ethernet1/16', 'mode': 'access', 'access_vlan': 10},
            {'switch': LEAF, 'name': 'Ethernet1/14', 'mode': 'access', 'access_vlan': 2401}]
    config = contradicting + on_api(emu, fine[:1], fine)
    # one play: web attached, the task refused, then the same in check mode (after it: the refused task wrote nothing, and
    # the real one is the first to read the attachments, which the count below is about)
    attached, run, check = resource.steps('interfaces', [dict(module='networks', state='merged', config=[WEB], deploy=True),
                                                         dict(state='merged', config=config, deploy=True, may_fail=True),
                                                         dict(state='merged', config=config, check=True)])
    assert attached['failed'] is False and attached['changed'] is True, attached.play.output[-3000:]
    assert run['failed'] is True and run.writes == 0, run.play.output[-3000:]
    message = run['msg']
    assert '(%d problem' % len(contradicting) in message, message
    assert ('interface %s Ethernet1/15: port Ethernet1/15 of switch %s is a port of network web (VLAN 2401)' % (LEAF, LEAF)
            in message), message
    assert 'as an access port of VLAN 10 it would not carry the network\'s VLAN' in message, message
    assert DETACH in message and 'give it the network\'s VLAN as access_vlan' in message, message
    if emu.legacy_paths:
        assert 'interface %s Ethernet1/13: port Ethernet1/13' % LEAF in message and 'as a routed port' in message, message
        assert 'keep it a layer-2 port (mode access or trunk)' in message, message
        assert ('interface %s port-channel30: port Ethernet1/14' % LEAF in message and 'as a member of port-channel30' in message
                and 'leave it out of port-channel30\'s members' in message), message
    assert 'Ethernet1/16' not in message and 'VLAN 2401 it' not in message, message
    # the attachments were read once, by the fabric's one read of them
    method, path = on_api(emu, ('GET', '/top-down/fabrics/{fabricName}/networks/attachments'),
                          ('POST', '/fabrics/{fabricName}/networkAttachments/query'))
    assert [count for key, count in run.requests.items() if key.startswith(method) and key.endswith(path)] == [1], run.requests

    assert check['failed'] is False and check['changed'] is True and check.writes == 0, check.play.output[-3000:]
    warned = [warning for warning in check['warnings'] if DETACH in warning]
    assert len(warned) == len(contradicting), check['warnings']
    assert all('unless an earlier task of the play changes the attachments of network web first' in warning for warning in warned)


def test_an_address_that_is_its_subnets_network_or_broadcast_address_is_refused(resource, emu):
    """Item 5: every kind that takes an IPv4 address (a routed port, a sub-interface, an SVI; a loopback's /32 has no
    network address) refuses its subnet's network address and its broadcast address, naming the interface, the address
    and a host address to give instead; a /31 has neither, so its two addresses are a host's. Nothing is written."""
    svi = {'switch': LEAF, 'name': 'Vlan2301', 'ipv4_address': '10.23.1.255/24'}
    legacy_only = [{'switch': LEAF, 'name': 'Ethernet1/48', 'mode': 'routed', 'ipv4_address': '172.16.0.0/30'},
                   {'switch': SPINE, 'name': 'Ethernet1/47.100', 'ipv4_address': '10.34.0.3/30'},
                   {'switch': SPINE, 'name': 'Ethernet1/46', 'mode': 'routed', 'ipv4_address': '172.16.1.0/31'}]
    run = resource('interfaces', 'merged', [svi] + on_api(emu, legacy_only, []))
    assert run.play.rc == 2 and run.writes == 0, run.play.output[-3000:]
    message = run['msg']
    assert ('interface %s vlan2301: ipv4_address 10.23.1.255/24 is the broadcast address of its subnet 10.23.1.0/24, which no '
            'interface can take; give a host address of the subnet (10.23.1.1 to 10.23.1.254), such as 10.23.1.1/24'
            % LEAF in message), message
    if emu.legacy_paths:
        assert ('interface %s Ethernet1/48: ipv4_address 172.16.0.0/30 is the network address of its subnet 172.16.0.0/30'
                % LEAF in message and 'such as 172.16.0.1/30' in message), message
        assert 'interface %s Ethernet1/47.100: ipv4_address 10.34.0.3/30 is the broadcast address' % SPINE in message, message
        assert '172.16.1.0/31' not in message and '(3 problems)' in message, message
