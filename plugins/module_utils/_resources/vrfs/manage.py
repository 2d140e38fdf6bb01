# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: VRFs on the /api/v1/manage API of a 4.2 dashboard.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.manage import VRF_WIRE, OverlayManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.kind import VRF


class VrfManageMapping(OverlayManageMapping):
    """VRFs on the /api/v1/manage API of a 4.2 dashboard (``overlay.manage``)."""

    kind = VRF
    WIRE = VRF_WIRE
    # the next free VRF id: GET .../vrfPreInformation answers {"l3Vni": N, ...}
    NEXT_ID = ('vrfPreInformation', 'l3Vni')
