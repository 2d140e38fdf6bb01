# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: networks on the legacy API (lan-fabric/rest): ``/top-down/fabrics/{fabric}/networks`` in
docs/api/fabric-controller.yaml, the fields as ``networks.kind`` names them.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.fabric_facts import NETWORK_PORTS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.kind import NETWORK
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.legacy import OverlayMapping


class NetworkMapping(OverlayMapping):
    kind = NETWORK
    # the next free network id: GET .../netinfo answers {"l2vni": N, ...}
    NEXT_ID = ('netinfo', 'l2vni')

    def writes(self, changes, result):
        # the ports networks' attachments list, which the run's interfaces tasks keep: they read them again
        self.client.forget_fabric_facts(self.fabric, NETWORK_PORTS)
        yield from super().writes(changes, result)
