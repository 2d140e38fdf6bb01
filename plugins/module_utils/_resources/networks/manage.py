# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: networks on the /api/v1/manage API of a 4.2 dashboard.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.kind import NETWORK, NO_VRF
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.manage import NETWORK_WIRE, PORT_MODE, OverlayManageMapping


class NetworkManageMapping(OverlayManageMapping):
    """Networks on the /api/v1/manage API of a 4.2 dashboard (``overlay.manage``): a layer-2-only network is one without
    ``vrfName``; an attachment's ports travel as ``interfaces``, the whole set the switch carries for it."""

    kind = NETWORK
    WIRE = NETWORK_WIRE
    # the next free network id: GET .../networkPreInformation answers {"l2Vni": N, ...}
    NEXT_ID = ('networkPreInformation', 'l2Vni')

    def legacy_view(self, item):
        view = super().legacy_view(item)
        vrf = item.get('vrfName')
        view.update(vrf=vrf or NO_VRF, displayName=item.get('displayName') or view['networkName'])
        view[self.kind.config_key]['isLayer2Only'] = 'false' if vrf else 'true'
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
