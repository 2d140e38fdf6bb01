# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the policies resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import NAME, NUMBER, TEMPLATE_PARAMS, TEXT, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.legacy import PolicyMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.manage import PolicyManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.model import PolicyModel

POLICIES = Resource(PolicyModel(), {LEGACY_API: PolicyMapping, MANAGE_API: PolicyManageMapping}, config_options={
    'switch': NAME,
    'template': NAME,
    'description': dict(TEXT, default=''),
    'priority': NUMBER,
    'template_params': TEMPLATE_PARAMS,
})
