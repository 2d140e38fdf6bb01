# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a VRF as the user writes it (the vrfs module's model); it knows no controller field names.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import Field, ModelError, ResourceModel
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.model import INTERFACE_FIELDS

DEFAULT_ROUTE_MAP = 'FABRIC-RMAP-REDIST-SUBNET'


class VrfModel(ResourceModel):
    """A VRF in the user's terms; its ``name`` is its identity key. A field's default is what a new VRF gets and what
    replaced resets it to; the controller gives the VNI (``vrf_id``) when the task gives none."""

    KIND = 'VRF'
    PLURAL = 'VRFs'
    FIELDS = (
        Field('vrf_id', 'int'),
        Field('vlan_id', 'int'),
        Field('vlan_name', 'str', ''),
        Field('description', 'str', ''),
        *INTERFACE_FIELDS,
        Field('route_map', 'str', DEFAULT_ROUTE_MAP),
        Field('ipv6_route_map', 'str', DEFAULT_ROUTE_MAP),
        Field('max_bgp_paths', 'int', 1),
        Field('max_ibgp_paths', 'int', 2),
        Field('ipv6_link_local', 'bool', True),
        Field('advertise_host_routes', 'bool', False),
        Field('advertise_default_route', 'bool', True),
        Field('static_default_route', 'bool', True),
        Field('trm', 'bool', False),
        Field('disable_rt_auto', 'bool', False),
        Field('route_target_import', 'str', ''),
        Field('route_target_export', 'str', ''),
        Field('route_target_import_evpn', 'str', ''),
        Field('route_target_export_evpn', 'str', ''),
        Field('template', 'str', 'Default_VRF_Universal'),
        Field('extension_template', 'str', 'Default_VRF_Extension_Universal'),
    )
    ATTACHMENT_FIELDS = ('vlan',)
    # the controller gives the next free L3 VNI when the task gives none (GET .../vrfinfo)
    ID_FIELD = 'vrf_id'

    def validate(self, partial, where):
        mtu = partial.get('mtu')
        if mtu is not None and not 68 <= mtu <= 9216:
            raise ModelError('%s: mtu %d is out of range; give 68 to 9216.' % (where, mtu))
