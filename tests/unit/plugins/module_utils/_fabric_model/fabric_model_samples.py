"""The small model of tests/integration/fabric_models/small (2 spines, 4 leaves, 3 VRFs, 3 networks), merged as NaC reads it,
and that model with a topology (vPC pair, fabric link, edge connection, policy group)."""

import copy
import pathlib

import yaml

SMALL = pathlib.Path(__file__).parents[5] / 'tests' / 'integration' / 'fabric_models' / 'small' / 'host_vars' / 'fo-small'


def merged(base, extra):
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merged(base[key], value)
        else:
            base[key] = value
    return base


def small_model():
    """A fresh copy of the small model's vxlan dict, its files merged key by key."""
    model = {}
    for path in sorted(SMALL.glob('*.nac.yaml')):
        merged(model, yaml.safe_load(path.read_text(encoding='utf-8')))
    return copy.deepcopy(model['vxlan'])


def topology_model():
    """The small model with a vPC pair and its peer-link, a fabric link, an edge connection and a policy group."""
    model = small_model()
    model['topology']['vpc_peers'] = [{'peer1': 'fo-leaf-1', 'peer2': 'fo-leaf-2', 'domain_id': 12,
                                       'peer1_peerlink_interfaces': [{'name': 'eth1/53'}, {'name': 'Ethernet1/54'}],
                                       'peer2_peerlink_interfaces': [{'name': 'Ethernet1/53'}, {'name': 'Ethernet1/54'}]}]
    model['topology']['fabric_links'] = [{'source_device': 'fo-spine-1', 'source_interface': 'Ethernet1/1', 'dest_device': 'fo-leaf-3',
                                          'dest_interface': 'Ethernet1/49', 'template': 'int_intra_fabric_num_link',
                                          'ipv4': {'source_ipv4': '10.213.9.0', 'dest_ipv4': '10.213.9.1'},
                                          'peer1_freeform': 'no shutdown\n'}]
    model['topology']['edge_connections'] = [{
        'source_device': 'fo-leaf-4', 'source_interface': 'Ethernet1/48', 'dest_device': 'fo-wan-1', 'dest_fabric': 'fo-wan',
        'local_ip': '10.33.0.1/30', 'neighbor_ip': '10.33.0.2', 'bgp_section': {'neighbor_asn': '65300', 'bgp_password': 'fo-edge-key'}}]
    model['policy'] = {
        'policies': [{'name': 'login banner', 'template_vars': {'CONF': 'banner motd #fo-small#\n'}},
                     {'name': 'ntp source', 'template_name': 'ntp_source', 'template_vars': {'NTP_SOURCE_INTF': 'mgmt0'}}],
        'groups': [{'name': 'every-leaf', 'priority': 300, 'policies': [{'name': 'login banner'}, {'name': 'ntp source', 'priority': 200}]}],
        'switches': [{'name': 'fo-leaf-1', 'groups': ['every-leaf']}, {'name': 'fo-leaf-2', 'groups': ['every-leaf']}]}
    return model
