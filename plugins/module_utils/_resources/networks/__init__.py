# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the networks resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import NAME, NUMBER, TEXTS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.legacy import NetworkMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.manage import NetworkManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks.model import NetworkModel

NETWORKS = Resource(
    NetworkModel(), {LEGACY_API: NetworkMapping, MANAGE_API: NetworkManageMapping},
    attach_options={'switch': NAME, 'ports': TEXTS, 'vlan': NUMBER},
)
