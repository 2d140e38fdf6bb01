# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the networks resource: a network as the user writes it, and its fields on the controller.

``NetworkModel`` knows no controller field names; ``NetworkMapping`` is the one place that knows
the ``networkTemplateConfig`` keys (``/top-down/fabrics/{fabric}/networks`` in docs/api/fabric-controller.yaml);
``NetworkManageMapping`` the same networks on the /api/v1/manage API of a 4.2 dashboard.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import Field, ModelError, ResourceModel
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.resource import DEPLOY_OPTIONS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.topdown import TopDownMapping, split_ports
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.topdown_manage import (
    NETWORK_WIRE, PORT_MODE, TopDownManageMapping,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS


class NetworkModel(ResourceModel):
    KIND = 'network'
    PLURAL = 'networks'
    FIELDS = (
        Field('network_id', 'int'),
        Field('vrf', 'str'),
        Field('layer2_only', 'bool', False),
        Field('vlan_id', 'int'),
        Field('vlan_name', 'str', ''),
        Field('gateway_ipv4', 'str', ''),
        Field('gateway_ipv6', 'str', ''),
        Field('interface_description', 'str', ''),
        Field('mtu', 'int', 9216),
        Field('tag', 'int', 12345),
        Field('suppress_arp', 'bool', False),
        # The controller refuses a multicast group in an ingress-replication fabric: no default to send.
        Field('multicast_group', 'str'),
        Field('trm', 'bool', False),
        Field('route_target_both', 'bool', False),
        Field('l3_gateway_on_border', 'bool', False),
        Field('template', 'str', 'Default_Network_Universal'),
        Field('extension_template', 'str', 'Default_Network_Extension_Universal'),
    )
    ATTACHMENT_FIELDS = ('ports', 'vlan')
    # the controller gives the next free L2 VNI when the task gives none (GET .../netinfo)
    ID_FIELD = 'network_id'

    def check(self, partial, where):
        if partial.get('layer2_only') and partial.get('vrf') not in (None, 'NA'):
            raise ModelError('%s: a layer2_only network belongs to no VRF; leave vrf out (or set layer2_only: false).' % where)

    def missing_on_create(self, obj):
        missing = super().missing_on_create(obj)
        if not obj.get('layer2_only') and not obj.get('vrf'):
            missing.append('vrf (or layer2_only: true)')
        return missing


# What the controller calls the VRF of a layer-2-only network.
NO_VRF = 'NA'


class NetworkMapping(TopDownMapping):
    KIND = 'network'
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

    def peer(self):
        return self.mapping_of(VRFS)

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

    def attachment_item(self, name, serial, before, after):
        """On a switch already attached, ports are sent as the ones to add and the ones to remove (switchPorts and
        detachSwitchPorts); a port in neither list keeps its state."""
        old_ports = set((before or {}).get('ports') or [])
        new_ports = set((after or {}).get('ports') or [])
        return dict(super().attachment_item(name, serial, before, after), dot1QVlan=0, untagged=False,
                    switchPorts=','.join(sorted(new_ports - old_ports)), detachSwitchPorts=','.join(sorted(old_ports - new_ports)))


class NetworkManageMapping(TopDownManageMapping, NetworkMapping):
    """Networks on the /api/v1/manage API of a 4.2 dashboard (``topdown_manage``): a layer-2-only network is one without
    ``vrfName``; an attachment's ports travel as ``interfaces``, the whole set the switch carries for it."""

    WIRE = NETWORK_WIRE
    # the next free network id: GET .../networkPreInformation answers {"l2Vni": N, ...}
    NEXT_ID = ('networkPreInformation', 'l2Vni')

    def legacy_view(self, item):
        view = super().legacy_view(item)
        vrf = item.get('vrfName')
        view.update(vrf=vrf or NO_VRF, displayName=item.get('displayName') or view['networkName'])
        view[self.config_key]['isLayer2Only'] = 'false' if vrf else 'true'
        return view

    def object_to_controller(self, obj):
        body = super().object_to_controller(obj)
        body['displayName'] = body.get('displayName') or obj['name']
        if obj.get('layer2_only') or not obj.get('vrf'):
            body.pop('vrfName', None)
        else:
            body['vrfName'] = obj['vrf']
        return body

    def manage_attachment(self, name, serial, before, after):
        item = super().manage_attachment(name, serial, before, after)
        if after is not None:
            ports = sorted(after.get('ports') or [])
            item['interfaces'] = [{'mode': PORT_MODE, 'interfaceRange': ','.join(ports)}] if ports else []
        return item


NETWORKS = Resource(
    NetworkModel(), NetworkMapping, manage_mapping=NetworkManageMapping,
    attach_options={
        'switch': {'type': 'str', 'required': True},
        'ports': {'type': 'list', 'elements': 'str'},
        'vlan': {'type': 'int'},
    },
    options=dict(fabric={'type': 'str', 'required': True}, **DEPLOY_OPTIONS),
)
