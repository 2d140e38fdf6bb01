# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the vrfs resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import NAME, NUMBER, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.legacy import VrfMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.manage import VrfManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs.model import VrfModel

VRFS = Resource(
    VrfModel(), {LEGACY_API: VrfMapping, MANAGE_API: VrfManageMapping},
    attach_options={'switch': NAME, 'vlan': NUMBER},
)
