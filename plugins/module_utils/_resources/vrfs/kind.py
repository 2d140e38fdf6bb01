# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a VRF in the controller's words, on either API: the one place that knows the
``vrfTemplateConfig`` keys (``/top-down/fabrics/{fabric}/vrfs`` in docs/api/fabric-controller.yaml), which the
/api/v1/manage mapping reads and writes through its legacy view.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.kind import OverlayKind


class VrfKind(OverlayKind):
    """A VRF in the controller's words: its template config keys and top-level fields, and the networks that name it
    (the peer kind, which keeps a VRF from being deleted while it holds networks)."""

    NAME = 'vrf'
    PEER = ('networks', 'NETWORKS')
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


VRF = VrfKind()
