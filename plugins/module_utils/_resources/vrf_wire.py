# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the vrfs module's options as NDFC ``lan-fabric`` fields (facts, section 8).

The one place that knows ``vrfTemplateConfig`` keys; the model (``_vrf_model``) never does.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.topdown import TopDownWire


class VrfWire(TopDownWire):
    KIND = 'vrf'
    # the next free VRF id: GET .../vrfinfo answers {"l3vni": N} (facts 8.3)
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
    IDENTITY_KEYS = ('vrfName', 'vrfSegmentId')
    SERVER_FIELDS = ('id', 'fabric', 'hierarchicalKey', 'vrfStatus')

    def check_deletable(self, names):
        """A VRF that still holds networks cannot be deleted (facts 8.2): say so before detaching anything."""
        holding = {}
        for network in self.controller.read('%s/networks' % self.fabric_path) or []:
            if isinstance(network, dict) and network.get('vrf') in names:
                holding.setdefault(network['vrf'], []).append(str(network.get('networkName')))
        if holding:
            raise ModelError('The controller cannot delete a VRF that still holds networks: %s. Delete or move those networks '
                             'first (fabricops.dashboard.networks); nothing was sent.' % '; '.join(
                                 '%s holds %s' % (vrf, ', '.join(sorted(networks))) for vrf, networks in sorted(holding.items())))
