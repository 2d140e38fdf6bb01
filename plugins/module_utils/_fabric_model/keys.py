# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the keys of Network-as-Code's ``vxlan`` model (NaC 0.8.0) this collection takes, in one place.

Each row names a key by its path, the option of our module it becomes, and the value NaC gives it when the model leaves it out
(NaC's ``defaults.yml``, its factory defaults: not the controller template's default). A key of the model that no row names is
refused by ``validate``, by its path: nothing the model says is dropped without a word.

Targets: an option name of our module (``bgp_asn``); ``template_params.NAME`` for a template parameter (the controller's own
name, the one NaC's templates fill in); ``ONLY_DEFAULT`` for a key we take only at NaC's default (a value we could not send
otherwise is refused); ``NO_EFFECT`` for a key NaC itself reads only for POAP bootstrap, which the model cannot enable here.
"""

from __future__ import annotations

import collections

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.model import NetworkModel
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.model import VrfModel

ONLY_DEFAULT = 'only-default'
NO_EFFECT = 'no-effect'

# ``when``: (path, value): the row applies only when that key (NaC's default filled in) has that value, as in NaC's templates;
# the key given otherwise is refused, naming the condition. ``secret``: masked in every output.
Key = collections.namedtuple('Key', 'path target default convert when secret')


def key(path, target, default=None, convert=None, when=None, secret=False):
    return Key(path, target, default, convert, when, secret)


def text_bool(value):
    """A boolean as the controller stores it in a template parameter."""
    return 'true' if value else 'false'


def title(value):
    return str(value).title()


def vni_range(value):
    """NaC's ``{from, to}`` as the controller's ``FROM-TO`` (``FROM`` alone when ``to`` is left out)."""
    if value.get('to') is None:
        return str(value['from'])
    return '%s-%s' % (value['from'], value['to'])


def dotted_mac(value):
    """NaC writes the anycast gateway MAC with colons (``20:20:00:00:00:aa``); our fabrics option takes it dotted."""
    digits = str(value).replace(':', '').replace('.', '').replace('-', '').lower()
    return '.'.join(digits[index:index + 4] for index in range(0, 12, 4))


def server_lists(prefix):
    """NaC's ``[{ip_address, vrf}]`` as the two comma-separated template parameters it fills in (``DNS_SERVER_IP_LIST``...)."""
    def convert(servers):
        return {prefix + '_IP_LIST': ','.join(str(server['ip_address']) for server in servers),
                prefix + '_VRF': ','.join(str(server['vrf']) for server in servers)}
    return convert


OSPF = ('underlay.general.routing_protocol', 'ospf')
ISIS = ('underlay.general.routing_protocol', 'is-is')
MULTICAST = ('underlay.general.replication_mode', 'multicast')
IPV4_UNDERLAY = ('underlay.general.enable_ipv6_underlay', False)

# The fabric: paths from ``vxlan``; rows with a dict default (a range) take the whole dict.
FABRIC_KEYS = (
    key('fabric.name', 'name'),
    key('fabric.type', 'template', 'VXLAN_EVPN'),  # only VXLAN_EVPN (Easy_Fabric): checked by validate
    key('global.ibgp.bgp_asn', 'bgp_asn', convert=str),
    key('global.ibgp.route_reflectors', 'template_params.RR_COUNT', 2),
    key('global.ibgp.anycast_gateway_mac', 'anycast_gateway_mac', '20:20:00:00:00:aa', dotted_mac),
    key('global.ibgp.layer2_vni_range', 'l2_segment_id_range', {'from': 30000, 'to': 49000}, vni_range),
    key('global.ibgp.layer3_vni_range', 'l3_partition_id_range', {'from': 50000, 'to': 59000}, vni_range),
    key('global.ibgp.layer2_vlan_range', 'network_vlan_range', {'from': 2300, 'to': 2999}, vni_range),
    key('global.ibgp.layer3_vlan_range', 'vrf_vlan_range', {'from': 2000, 'to': 2299}, vni_range),
    key('global.ibgp.enable_l3_vni_no_vlan', ONLY_DEFAULT, False),
    key('global.ibgp.dns_servers', 'template_params', [], server_lists('DNS_SERVER')),
    key('global.ibgp.ntp_servers', 'template_params', [], server_lists('NTP_SERVER')),
    key('underlay.general.routing_protocol', 'underlay_routing', 'ospf'),
    key('underlay.general.enable_ipv6_underlay', ONLY_DEFAULT, False),
    key('underlay.general.replication_mode', 'replication_mode', 'multicast', title),
    key('underlay.general.manual_underlay_allocation', ONLY_DEFAULT, False),
    key('underlay.general.underlay_routing_loopback_id', 'template_params.BGP_LB_ID', 0),
    key('underlay.general.underlay_vtep_loopback_id', 'template_params.NVE_LB_ID', 1),
    key('underlay.general.underlay_routing_protocol_tag', 'template_params.LINK_STATE_ROUTING_TAG', 'UNDERLAY'),
    key('underlay.general.intra_fabric_interface_mtu', 'fabric_mtu', 9216, int),
    key('underlay.general.layer2_host_interface_mtu', 'template_params.L2_HOST_INTF_MTU', 9216),
    key('underlay.general.unshut_host_interfaces', 'template_params.HOST_INTF_ADMIN_STATE', True, text_bool),
    key('underlay.ipv4.fabric_interface_numbering', 'template_params.FABRIC_INTERFACE_TYPE', 'p2p', when=IPV4_UNDERLAY),
    key('underlay.ipv4.subnet_mask', 'template_params.SUBNET_TARGET_MASK', 30, when=IPV4_UNDERLAY),
    key('underlay.ipv4.underlay_routing_loopback_ip_range', 'template_params.LOOPBACK0_IP_RANGE', '10.2.0.0/22', when=IPV4_UNDERLAY),
    key('underlay.ipv4.underlay_vtep_loopback_ip_range', 'template_params.LOOPBACK1_IP_RANGE', '10.3.0.0/22', when=IPV4_UNDERLAY),
    key('underlay.ipv4.underlay_rp_loopback_ip_range', 'template_params.ANYCAST_RP_IP_RANGE', '10.254.254.0/24', when=IPV4_UNDERLAY),
    key('underlay.ipv4.underlay_subnet_ip_range', 'template_params.SUBNET_RANGE', '10.4.0.0/16', when=IPV4_UNDERLAY),
    # NaC reads these only in an IPv6 underlay (refused above), so in an IPv4 one they mean nothing there either.
    key('underlay.ipv6.enable_ipv6_link_local_address', NO_EFFECT, True),
    key('underlay.ipv6.underlay_subnet_mask', NO_EFFECT, 126),
    key('underlay.ospf.area_id', 'template_params.OSPF_AREA_ID', '0.0.0.0', when=OSPF),
    key('underlay.ospf.authentication_enable', 'template_params.OSPF_AUTH_ENABLE', False, text_bool, when=OSPF),
    key('underlay.ospf.authentication_key_id', 'template_params.OSPF_AUTH_KEY_ID', 127, when=OSPF),
    key('underlay.ospf.authentication_key', 'template_params.OSPF_AUTH_KEY', when=OSPF, secret=True),
    key('underlay.isis.level', 'template_params.ISIS_LEVEL', 'level-2', when=ISIS),
    key('underlay.isis.net_area_number', 'template_params.ISIS_AREA_NUM', '0001', lambda value: str(value).zfill(4), when=ISIS),
    key('underlay.isis.overload_bit', 'template_params.ISIS_OVERLOAD_ENABLE', True, text_bool, when=ISIS),
    key('underlay.isis.overload_bit_elapsed_time', 'template_params.ISIS_OVERLOAD_ELAPSE_TIME', 60, when=ISIS),
    key('underlay.isis.authentication_enable', 'template_params.ISIS_AUTH_ENABLE', False, text_bool, when=ISIS),
    key('underlay.isis.authentication_keychain_name', 'template_params.ISIS_AUTH_KEYCHAIN_NAME', when=ISIS),
    key('underlay.isis.authentication_key_id', 'template_params.ISIS_AUTH_KEYCHAIN_KEY_ID', 127, when=ISIS),
    key('underlay.isis.authentication_key', 'template_params.ISIS_AUTH_KEY', when=ISIS, secret=True),
    key('underlay.bgp.authentication_enable', 'template_params.BGP_AUTH_ENABLE', False, text_bool),
    key('underlay.bgp.authentication_key_type', 'template_params.BGP_AUTH_KEY_TYPE', 3),
    key('underlay.bgp.authentication_key', 'template_params.BGP_AUTH_KEY', secret=True),
    key('underlay.multicast.rendezvous_points', 'template_params.RP_COUNT', 2, when=MULTICAST),
    key('underlay.multicast.rp_mode', 'template_params.RP_MODE', 'asm', when=MULTICAST),
    key('underlay.multicast.underlay_rp_loopback_id', 'template_params.RP_LB_ID', 254, when=MULTICAST),
    key('underlay.multicast.underlay_primary_rp_loopback_id', 'template_params.PHANTOM_RP_LB_ID1', 2, when=MULTICAST),
    key('underlay.multicast.underlay_backup_rp_loopback_id', 'template_params.PHANTOM_RP_LB_ID2', 3, when=MULTICAST),
    key('underlay.multicast.underlay_second_backup_rp_loopback_id', 'template_params.PHANTOM_RP_LB_ID3', 4, when=MULTICAST),
    key('underlay.multicast.underlay_third_backup_rp_loopback_id', 'template_params.PHANTOM_RP_LB_ID4', 5, when=MULTICAST),
    key('underlay.multicast.ipv4.group_subnet', 'multicast_group_subnet', '239.1.1.0/25', when=MULTICAST),
    key('underlay.multicast.ipv4.trm_enable', 'template_params.ENABLE_TRM', False, text_bool, when=MULTICAST),
    key('underlay.multicast.ipv4.trm_default_group', 'template_params.L3VNI_MCAST_GROUP', '239.1.1.0', when=MULTICAST),
    key('underlay.multicast.ipv4.authentication_enable', 'template_params.PIM_HELLO_AUTH_ENABLE', False, text_bool,
        when=MULTICAST),
    key('underlay.multicast.ipv4.authentication_key', 'template_params.PIM_HELLO_AUTH_KEY', when=MULTICAST, secret=True),
    key('underlay.bfd.enable', 'template_params.BFD_ENABLE', False, text_bool),
    key('underlay.bfd.ibgp', 'template_params.BFD_IBGP_ENABLE', False, text_bool),
    key('underlay.bfd.ospf', 'template_params.BFD_OSPF_ENABLE', False, text_bool, when=OSPF),
    key('underlay.bfd.isis', 'template_params.BFD_ISIS_ENABLE', False, text_bool, when=ISIS),
    key('underlay.bfd.pim', 'template_params.BFD_PIM_ENABLE', False, text_bool, when=MULTICAST),
    key('underlay.bfd.authentication_enable', 'template_params.BFD_AUTH_ENABLE', False, text_bool),
    key('underlay.bfd.authentication_key_id', 'template_params.BFD_AUTH_KEY_ID', 100),
    key('underlay.bfd.authentication_key', 'template_params.BFD_AUTH_KEY', secret=True),
)

# The values NaC's schema allows for keys that take one of a few (what our fabrics module can then send).
CHOICES = {
    'global.ibgp.route_reflectors': (2, 4),
    'underlay.general.routing_protocol': ('ospf', 'is-is'),
    'underlay.general.replication_mode': ('multicast', 'ingress'),
    'underlay.ipv4.fabric_interface_numbering': ('p2p', 'unnumbered'),
    'underlay.multicast.rp_mode': ('asm', 'bidir'),
    'underlay.isis.level': ('level-1', 'level-2'),
}

# One switch of ``topology.switches``: paths from the switch. ``name`` is the hostname the rest of the model names it by.
SWITCH_KEYS = (
    key('name', 'hostname'),
    key('serial_number', 'serial'),
    key('role', 'role'),
    key('management.management_ipv4_address', 'name'),
    key('management.default_gateway_v4', NO_EFFECT),
    key('management.subnet_mask_v4', NO_EFFECT),
    key('interfaces', 'interfaces'),  # by mode: _fabric_model/interfaces.py
)


def renamed(options, model=None):
    """Rows of keys that only change their name, {NaC key: our option}. With ``model`` (a resource model of ours), NaC's
    default of each is the one that model gives the option: NaC's defaults.yml holds the controller template's values there,
    as our models do; without it, a key left out is not sent."""
    defaults = {field.name: field.default for field in model.FIELDS} if model else {}
    return tuple(key(path, option, defaults.get(option)) for path, option in options.items())


NAC_DESCRIPTION = 'Configured by Ansible NetAsCode'

# One VRF of ``overlay.vrfs`` (NaC's dc_vxlan_fabric_vrfs template): paths from the VRF.
VRF_KEYS = renamed({
    'name': 'name', 'vrf_id': 'vrf_id', 'vlan_id': 'vlan_id', 'vrf_vlan_name': 'vlan_name',
    'import_vpn_rt': 'route_target_import', 'export_vpn_rt': 'route_target_export',
    'import_evpn_rt': 'route_target_import_evpn', 'export_evpn_rt': 'route_target_export_evpn',
}) + renamed({
    'vrf_int_mtu': 'mtu', 'loopback_route_tag': 'tag', 'max_bgp_paths': 'max_bgp_paths', 'max_ibgp_paths': 'max_ibgp_paths',
    'ipv6_linklocal_enable': 'ipv6_link_local', 'adv_host_routes': 'advertise_host_routes',
    'adv_default_routes': 'advertise_default_route', 'static_default_route': 'static_default_route',
    'disable_rt_auto': 'disable_rt_auto', 'trm_enable': 'trm', 'redist_direct_routemap': 'route_map',
    'ipv6_redist_direct_routemap': 'ipv6_route_map',
}, VrfModel) + (
    key('vrf_description', 'description', NAC_DESCRIPTION),
    key('vrf_intf_desc', 'interface_description', NAC_DESCRIPTION),
    key('bgp_password', 'template_params.bgpPassword', secret=True),
    key('bgp_password_encryption_type', 'template_params.bgpPasswordKeyType'),
    key('netflow_enable', ONLY_DEFAULT, False),
    key('no_rp', ONLY_DEFAULT, False),
    key('enable_l3_vni_no_vlan', ONLY_DEFAULT, False),
    key('vrf_attach_group', 'attach'),
)

# One network of ``overlay.networks`` (NaC's dc_vxlan_fabric_networks template): paths from the network.
NETWORK_KEYS = renamed({
    'name': 'name', 'vrf_name': 'vrf', 'net_id': 'network_id', 'vlan_id': 'vlan_id', 'vlan_name': 'vlan_name',
    'gw_ip_address': 'gateway_ipv4', 'gw_ipv6_address': 'gateway_ipv6',
}) + renamed({
    'is_l2_only': 'layer2_only', 'mtu_l3intf': 'mtu', 'route_tag': 'tag', 'arp_suppress': 'suppress_arp', 'trm_enable': 'trm',
    'route_target_both': 'route_target_both', 'l3gw_on_border': 'l3_gateway_on_border',
}, NetworkModel) + (
    # NaC fills the SVI's description from its network description default when int_desc is left out.
    key('int_desc', 'interface_description', NAC_DESCRIPTION),
    key('multicast_group_address', 'multicast_group', '239.1.1.1', when=MULTICAST),
    key('netflow_enable', ONLY_DEFAULT, False),
    key('network_attach_group', 'attach'),
)

# Attach groups: paths from the group.
VRF_ATTACH_GROUP_KEYS = (key('name', 'name'), key('switches[].hostname', 'switch'))
NETWORK_ATTACH_GROUP_KEYS = (key('name', 'name'), key('switches[].hostname', 'switch'), key('switches[].ports', 'ports'))

# One pair of ``topology.vpc_peers`` (the vpc_pairs module); ``switch:`` targets take a hostname and give its address. NaC
# links the peer-link interfaces pairwise, by position, as pre-provisioned intra-fabric links (the links module).
VPC_PEER_KEYS = (
    key('peer1', 'switch:peer1'),
    key('peer2', 'switch:peer2'),
    key('fabric_peering', 'use_virtual_peerlink', False),
    key('domain_id', 'domain_id'),
    key('peer1_peerlink_interfaces[].name', 'links'),
    key('peer2_peerlink_interfaces[].name', 'links'),
)

# One link of ``topology.fabric_links`` (the links module; NaC's ndfc_fabric_links template).
FABRIC_LINK_KEYS = (
    key('source_device', 'switch:src_switch'),
    key('source_interface', 'interface:src_interface'),
    key('dest_device', 'switch:dst_switch'),
    key('dest_interface', 'interface:dst_interface'),
    key('template', 'template'),
    key('admin_state', 'enabled', True),
    key('mtu', 'mtu', 9216),
    key('source_description', 'src_description', ''),
    key('destination_description', 'dst_description', ''),
    key('ipv4.source_ipv4', 'src_ip'),
    key('ipv4.dest_ipv4', 'dst_ip'),
    key('peer1_freeform', 'template_params.PEER1_CONF'),
    key('peer2_freeform', 'template_params.PEER2_CONF'),
)

# One link of ``topology.edge_connections``: NaC makes two policies of the source switch of it (the policies module), the
# eBGP peer template and the routed interface towards the external device; rows name the parameters they fill in.
EDGE_CONNECTION_KEYS = (
    key('source_device', 'switch:switch'),
    key('source_interface', 'INTF_NAME'),
    key('dest_device', 'name'),
    key('dest_fabric', 'TEMPLATE_NAME'),
    key('local_ip', 'IP_MASK'),
    key('neighbor_ip', 'NEIGHBOR_IP'),
    key('source_interface_mtu', 'MTU', 9216),
    key('source_interface_enabled', 'ADMIN_STATE', True),
    key('bgp_section.neighbor_asn', 'NEIGHBOR_ASN'),
    key('bgp_section.bgp_password', 'template_params.BGP_PASSWORD', '', secret=True),
    key('bgp_section.bgp_password_enable', 'BGP_PASSWORD_ENABLE', True),
    key('bgp_section.peer_template_freeform', 'CONF', ''),
    key('bgp_section.description', 'DESC'),
    key('bgp_section.bgp_freeform', 'FF_CONF', ''),
    key('bgp_section.routing_tag', 'ROUTING_TAG', ''),
    key('bgp_section.interface_freeform', 'INTF_CONF', ''),
)

# ``policy``: policies, groups of them, and the switches each group goes to (NaC's ndfc_policy template; the policies module).
POLICY_KEYS = (
    key('name', 'description'),
    key('template_name', 'template', 'switch_freeform'),
    key('template_vars', 'template_params', {}),
)
POLICY_GROUP_KEYS = (key('name', 'name'), key('priority', 'priority'), key('policies[].name', 'policy'),
                     key('policies[].priority', 'priority'))
POLICY_SWITCH_KEYS = (key('name', 'switch:switch'), key('groups', 'groups', []))
POLICY_PRIORITY = 500

# Lists of the model, by path from ``vxlan``, with the rows of one item.
LISTS = {
    'topology.switches': SWITCH_KEYS,
    'overlay.vrfs': VRF_KEYS,
    'overlay.networks': NETWORK_KEYS,
    'overlay.vrf_attach_groups': VRF_ATTACH_GROUP_KEYS,
    'overlay.network_attach_groups': NETWORK_ATTACH_GROUP_KEYS,
    'topology.vpc_peers': VPC_PEER_KEYS,
    'topology.fabric_links': FABRIC_LINK_KEYS,
    'topology.edge_connections': EDGE_CONNECTION_KEYS,
    'policy.policies': POLICY_KEYS,
    'policy.groups': POLICY_GROUP_KEYS,
    'policy.switches': POLICY_SWITCH_KEYS,
}

# Every template parameter that holds a secret, to mask in output.
SECRET_PARAMS = frozenset(row.target.split('.', 1)[1] for rows in (FABRIC_KEYS, VRF_KEYS, EDGE_CONNECTION_KEYS) for row in rows
                          if row.secret)
