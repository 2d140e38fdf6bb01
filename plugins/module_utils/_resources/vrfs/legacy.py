# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: VRFs on the legacy API (lan-fabric/rest): ``/top-down/fabrics/{fabric}/vrfs`` in
docs/api/fabric-controller.yaml, the fields as ``vrfs.kind`` names them.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.legacy import OverlayMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.kind import VRF


class VrfMapping(OverlayMapping):
    kind = VRF
    # the next free VRF id: GET .../vrfinfo answers {"l3vni": N}
    NEXT_ID = ('vrfinfo', 'l3vni')
