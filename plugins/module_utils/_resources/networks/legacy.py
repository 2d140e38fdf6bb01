# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: networks on the legacy API (lan-fabric/rest): the one place that knows the
``networkTemplateConfig`` keys (``/top-down/fabrics/{fabric}/networks`` in docs/api/fabric-controller.yaml).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.attachments import RUN_NETWORK_PORTS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.legacy import OverlayMapping, split_ports

# What the controller calls the VRF of a layer-2-only network.
NO_VRF = 'NA'


class NetworkMapping(OverlayMapping):
    KIND = 'network'
    PEER = ('vrfs', 'VRFS')
    # the next free network id: GET .../netinfo answers {"l2vni": N, ...}
    NEXT_ID = ('netinfo', 'l2vni')
    TEMPLATE_KEYS = {
        'layer2_only': 'isLayer2Only',
        'vlan_id': 'vlanId',
        'vlan_name': 'vlanName',
        'gateway_ipv4': 'gatewayIpAddress',
        'gateway_ipv6': 'gatewayIpV6Address',
        'interface_description': 'intfDescription',
        'mtu': 'mtu',
        'tag': 'tag',
        'suppress_arp': 'suppressArp',
        'multicast_group': 'mcastGroup',
        'trm': 'trmEnabled',
        'route_target_both': 'rtBothAuto',
        'l3_gateway_on_border': 'enableL3OnBorder',
    }
    TOP_LEVEL = {
        'network_id': 'networkId',
        'vrf': 'vrf',
        'template': 'networkTemplate',
        'extension_template': 'networkExtensionTemplate',
    }
    SEGMENT_KEY = 'segmentId'
    IDENTITY_KEYS = {'networkName': 'name', 'vrfName': 'vrf', 'segmentId': 'network_id'}
    SERVER_FIELDS = ('id', 'fabric', 'networkStatus')
    RANGE_SETTINGS = ('L2_SEGMENT_ID_RANGE', 'NETWORK_VLAN_RANGE')
    ADDRESS_FIELDS = {'gateway_ipv4': 4, 'gateway_ipv6': 6}
    REFERENCE = 'vrf'

    def top_level_value(self, option, value):
        if option == 'vrf' and (value in (None, '') or str(value) == NO_VRF):
            return None
        return value

    def extra_top_level(self, obj):
        # The controller requires the names inside the config too (a create without networkName fails).
        return {'vrf': obj.get('vrf') or NO_VRF, 'displayName': self.raw.get(obj['name'], {}).get('displayName') or obj['name']}

    def identity_config(self, obj):
        return dict(super().identity_config(obj), vrfName=obj.get('vrf') or NO_VRF)

    def attachment_from_controller(self, entry, where):
        attachment = super().attachment_from_controller(entry, where)
        attachment['ports'] = split_ports(entry.get('portNames'))
        return attachment

    def writes(self, changes, result):
        # the ports networks' attachments list, which the run's interfaces tasks keep: they read them again
        self.client.forget_fabric_facts(self.fabric, RUN_NETWORK_PORTS)
        yield from super().writes(changes, result)

    def attachment_item(self, name, serial, before, after):
        """On a switch already attached, ports are sent as the ones to add and the ones to remove (switchPorts and
        detachSwitchPorts); a port in neither list keeps its state."""
        old_ports = set((before or {}).get('ports') or [])
        new_ports = set((after or {}).get('ports') or [])
        return dict(super().attachment_item(name, serial, before, after), dot1QVlan=0, untagged=False,
                    switchPorts=','.join(sorted(new_ports - old_ports)), detachSwitchPorts=','.join(sorted(old_ports - new_ports)))
