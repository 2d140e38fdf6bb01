"""A generated NaC repository at the scale of issue 38 (benchmarks/nac_vs_ours.py --scale): 100 switches (4 spines, 96
leaves), 200 VRFs, 2,000 networks, 4,000 access ports, with the lab that hosts its switches.

Leaves come in 48 pairs; VRF j and its networks (network i is in VRF i mod 200) are attached to pair j mod 48, so every
VRF is on 2 leaves (400 VRF attachments) and every network on 2 (4,000 network attachments). Each leaf has access
ports Ethernet1/1 and up, 4,000 in all, each in the VLAN of a network attached to its leaf. The fabric's settings are
the NaC example's (global.nac.yaml and underlay.nac.yaml, the fabric's name changed)."""

import yaml

FABRIC = 'nac-scale'
SPINES, LEAVES, VRFS, NETWORKS, PORTS = 4, 96, 200, 2000, 4000
PAIRS = LEAVES // 2


def _switches():
    spines = [{'name': 'scale-spine%d' % n, 'serial_number': 'SCALESPN%04d' % n, 'role': 'spine',
               'management': {'default_gateway_v4': '10.30.0.1', 'management_ipv4_address': '10.30.0.%d' % (10 + n)}}
              for n in range(1, SPINES + 1)]
    leaves = [{'name': 'scale-leaf%d' % n, 'serial_number': 'SCALELEF%04d' % n, 'role': 'leaf',
               'management': {'default_gateway_v4': '10.30.0.1', 'management_ipv4_address': '10.30.%d.%d' % (1 + n // 200, n % 200 + 20)}}
              for n in range(1, LEAVES + 1)]
    return spines, leaves


def _network_vlan(index):
    return 1201 + index


def write(example, directory):
    """The repository in ``directory`` (its inventory, group_vars and the example's fabric settings from ``example``, the
    NaC example repository); the lab's path."""
    spines, leaves = _switches()
    host_vars = directory / 'host_vars' / FABRIC
    host_vars.mkdir(parents=True)
    for name in ('global', 'underlay'):
        model = yaml.safe_load((example / 'host_vars' / 'nac-fabric1' / ('%s.nac.yaml' % name)).read_text(encoding='utf-8'))
        if 'fabric' in model['vxlan']:
            model['vxlan']['fabric']['name'] = FABRIC
        (host_vars / ('%s.nac.yaml' % name)).write_text(yaml.safe_dump(model, sort_keys=False), encoding='utf-8')
    pair_leaves = [[leaves[2 * pair]['name'], leaves[2 * pair + 1]['name']] for pair in range(PAIRS)]
    vrfs = [{'name': 'scale-vrf%d' % j, 'vrf_id': 150001 + j, 'vlan_id': 1001 + j, 'vrf_attach_group': 'pair%d' % (j % PAIRS)}
            for j in range(VRFS)]
    networks = [{'name': 'scale-net%d' % i, 'vrf_name': 'scale-vrf%d' % (i % VRFS), 'net_id': 130001 + i,
                 'vlan_id': _network_vlan(i), 'gw_ip_address': '10.%d.%d.1/24' % (100 + i // 250, i % 250),
                 'network_attach_group': 'pair%d' % ((i % VRFS) % PAIRS)} for i in range(NETWORKS)]
    groups = [{'name': 'pair%d' % pair, 'switches': [{'hostname': name} for name in names]} for pair, names in enumerate(pair_leaves)]
    vlans_of_pair = {}
    for index, network in enumerate(networks):
        vlans_of_pair.setdefault(int(network['network_attach_group'][4:]), []).append(_network_vlan(index))
    ports_left = PORTS
    for number, leaf in enumerate(leaves):
        count = min(ports_left, -(-PORTS // LEAVES))
        vlans = vlans_of_pair[number // 2]
        leaf['interfaces'] = [{'name': 'Ethernet1/%d' % port, 'mode': 'access', 'access_vlan': vlans[port % len(vlans)],
                               'description': 'server %d' % port} for port in range(1, count + 1)]
        ports_left -= count
    model = {'vxlan': {'topology': {'switches': spines + leaves},
                       'overlay': {'vrfs': vrfs, 'vrf_attach_groups': groups, 'networks': networks,
                                   'network_attach_groups': [dict(group) for group in groups]}}}
    (host_vars / 'topology_overlay.nac.yaml').write_text(yaml.safe_dump(model, sort_keys=False), encoding='utf-8')
    lab = {'switches': [{'address': switch['management']['management_ipv4_address'], 'serial': switch['serial_number'],
                         'hostname': switch['name'], 'model': 'N9K-C93180YC-EX', 'release': '10.4(3)',
                         'ports': LEAVES if switch['role'] == 'spine' else 54} for switch in spines + leaves],
           'cables': [['%s:Ethernet1/%d' % (spine['name'], number + 1), '%s:Ethernet1/%d' % (leaf['name'], 49 + index)]
                      for index, spine in enumerate(spines[:2]) for number, leaf in enumerate(leaves)]}
    lab_path = directory / 'lab.yaml'
    lab_path.write_text(yaml.safe_dump(lab, sort_keys=False), encoding='utf-8')
    return lab_path
