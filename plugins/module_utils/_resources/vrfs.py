# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the vrfs resource: a VRF as the user writes it, and its fields on the controller.

``VrfModel`` knows no controller field names; ``VrfMapping`` is the one place that knows the
``vrfTemplateConfig`` keys (``/top-down/fabrics/{fabric}/vrfs`` in docs/api/fabric-controller.yaml);
``VrfManageMapping`` the same VRFs on the /api/v1/manage API of a 4.2 dashboard.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import Field, ModelError, ResourceModel
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.resource import DEPLOY_OPTIONS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.topdown import TopDownMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.topdown_manage import VRF_WIRE, TopDownManageMapping

DEFAULT_ROUTE_MAP = 'FABRIC-RMAP-REDIST-SUBNET'


class VrfModel(ResourceModel):
    KIND = 'VRF'
    PLURAL = 'VRFs'
    FIELDS = (
        Field('vrf_id', 'int'),
        Field('vlan_id', 'int'),
        Field('vlan_name', 'str', ''),
        Field('description', 'str', ''),
        Field('interface_description', 'str', ''),
        Field('mtu', 'int', 9216),
        Field('tag', 'int', 12345),
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

    def check(self, partial, where):
        mtu = partial.get('mtu')
        if mtu is not None and not 68 <= mtu <= 9216:
            raise ModelError('%s: mtu %d is out of range; give 68 to 9216.' % (where, mtu))


class VrfMapping(TopDownMapping):
    KIND = 'vrf'
    # the next free VRF id: GET .../vrfinfo answers {"l3vni": N}
    NEXT_ID = ('vrfinfo', 'l3vni')
    TEMPLATE_KEYS = {
        'vlan_id': 'vrfVlanId',
        'vlan_name': 'vrfVlanName',
        'description': 'vrfDescription',
        'interface_description': 'vrfIntfDescription',
        'mtu': 'mtu',
        'tag': 'tag',
        'route_map': 'vrfRouteMap',
        'ipv6_route_map': 'v6VrfRouteMap',
        'max_bgp_paths': 'maxBgpPaths',
        'max_ibgp_paths': 'maxIbgpPaths',
        'ipv6_link_local': 'ipv6LinkLocalFlag',
        'advertise_host_routes': 'advertiseHostRouteFlag',
        'advertise_default_route': 'advertiseDefaultRouteFlag',
        'static_default_route': 'configureStaticDefaultRouteFlag',
        'trm': 'trmEnabled',
        'disable_rt_auto': 'disableRtAuto',
        'route_target_import': 'routeTargetImport',
        'route_target_export': 'routeTargetExport',
        'route_target_import_evpn': 'routeTargetImportEvpn',
        'route_target_export_evpn': 'routeTargetExportEvpn',
    }
    TOP_LEVEL = {
        'vrf_id': 'vrfId',
        'template': 'vrfTemplate',
        'extension_template': 'vrfExtensionTemplate',
    }
    SEGMENT_KEY = 'vrfSegmentId'
    IDENTITY_KEYS = {'vrfName': 'name', 'vrfSegmentId': 'vrf_id'}
    SERVER_FIELDS = ('id', 'fabric', 'hierarchicalKey', 'vrfStatus')

    RANGE_SETTINGS = ('L3_PARTITION_ID_RANGE', 'VRF_VLAN_RANGE')
    # networks name their VRF: one that still holds networks cannot be deleted (DELETE .../bulk-delete/vrfs answers so,
    # after the detach had already undeployed it)
    REFERENCED_BY = 'vrf'

    def peer(self):
        # imported here: networks imports this module (its VRFs)
        from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS  # pylint: disable=import-outside-toplevel
        return self.mapping_of(NETWORKS)


class VrfManageMapping(TopDownManageMapping, VrfMapping):
    """VRFs on the /api/v1/manage API of a 4.2 dashboard (``topdown_manage``)."""

    WIRE = VRF_WIRE
    # the next free VRF id: GET .../vrfPreInformation answers {"l3Vni": N, ...}
    NEXT_ID = ('vrfPreInformation', 'l3Vni')


VRFS = Resource(
    VrfModel(), VrfMapping, manage_mapping=VrfManageMapping,
    attach_options={
        'switch': {'type': 'str', 'required': True},
        'vlan': {'type': 'int'},
    },
    options=dict(fabric={'type': 'str', 'required': True}, **DEPLOY_OPTIONS),
)
