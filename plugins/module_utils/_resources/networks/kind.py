# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a network in the controller's words, on either API: the one place that knows the
``networkTemplateConfig`` keys (``/top-down/fabrics/{fabric}/networks`` in docs/api/fabric-controller.yaml), which the
/api/v1/manage mapping reads and writes through its legacy view.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.kind import OverlayKind

# What the controller calls the VRF of a layer-2-only network.
NO_VRF = 'NA'


def split_ports(text):
    return sorted(set(port.strip() for port in str(text or '').split(',') if port.strip()))


class NetworkKind(OverlayKind):
    """A network in the controller's words: its template config keys and top-level fields, the VRF it names (``NO_VRF``
    for a layer-2-only network) and the switch ports of its attachments."""

    NAME = 'network'
    PEER = ('vrfs', 'VRFS')
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

    def extra_top_level(self, obj, listed):
        # The controller requires the names inside the config too (a create without networkName fails).
        return {'vrf': obj.get('vrf') or NO_VRF, 'displayName': listed.get('displayName') or obj['name']}

    def extra_identity(self, obj):
        return {'vrfName': obj.get('vrf') or NO_VRF}

    def extra_attachment(self, entry):
        return {'ports': split_ports(entry.get('portNames'))}

    def extra_attachment_item(self, before, after):
        """On a switch already attached, ports are sent as the ones to add and the ones to remove (switchPorts and
        detachSwitchPorts); a port in neither list keeps its state."""
        old_ports = set((before or {}).get('ports') or [])
        new_ports = set((after or {}).get('ports') or [])
        return {'dot1QVlan': 0, 'untagged': False, 'switchPorts': ','.join(sorted(new_ports - old_ports)),
                'detachSwitchPorts': ','.join(sorted(old_ports - new_ports))}


NETWORK = NetworkKind()
