# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a network as the networks module's user writes it (no controller field names here)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import Field, ModelError, ResourceModel, check_vlan


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
    # the controller gives the next free L2 VNI when the task gives none (facts 7.7)
    ID_FIELD = 'network_id'

    def check(self, partial, where):
        check_vlan(partial, 'vlan_id', where)
        if partial.get('layer2_only') and partial.get('vrf') not in (None, 'NA'):
            raise ModelError('%s: a layer2_only network belongs to no VRF; leave vrf out (or set layer2_only: false).' % where)

    def missing_on_create(self, obj):
        missing = super().missing_on_create(obj)
        if not obj.get('layer2_only') and not obj.get('vrf'):
            missing.append('vrf (or layer2_only: true)')
        return missing


MODEL = NetworkModel()
ATTACH_OPTIONS = {
    'switch': {'type': 'str', 'required': True},
    'ports': {'type': 'list', 'elements': 'str'},
    'vlan': {'type': 'int'},
}
