# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a network as the user writes it (the networks module's model); it knows no controller
field names.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import Field, ModelError, ResourceModel
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.model import INTERFACE_FIELDS


class NetworkModel(ResourceModel):
    """A network in the user's terms; its ``name`` is its identity key. It belongs to a VRF (``vrf``) unless it is
    layer2_only; the controller gives its VNI (``network_id``) when the task gives none."""

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
        *INTERFACE_FIELDS,
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

    def validate(self, partial, where):
        if partial.get('layer2_only') and partial.get('vrf') not in (None, 'NA'):
            raise ModelError('%s: a layer2_only network belongs to no VRF; leave vrf out (or set layer2_only: false).' % where)

    def missing_on_create(self, obj):
        missing = super().missing_on_create(obj)
        if not obj.get('layer2_only') and not obj.get('vrf'):
            missing.append('vrf (or layer2_only: true)')
        return missing
