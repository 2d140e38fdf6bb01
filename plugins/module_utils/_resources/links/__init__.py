# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the links resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import FLAG, NAME, NUMBER, TEMPLATE_PARAMS, TEXT, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.legacy import LinkMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.manage import LinkManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.model import LinkModel

LINKS = Resource(LinkModel(), {LEGACY_API: LinkMapping, MANAGE_API: LinkManageMapping}, config_options={
    'src_fabric': TEXT,
    'src_switch': NAME,
    'src_interface': NAME,
    'dst_fabric': TEXT,
    'dst_switch': NAME,
    'dst_interface': NAME,
    'template': TEXT,
    'src_ip': TEXT,
    'dst_ip': TEXT,
    'mtu': NUMBER,
    'enabled': FLAG,
    'src_description': TEXT,
    'dst_description': TEXT,
    'src_asn': TEXT,
    'dst_asn': TEXT,
    'template_params': TEMPLATE_PARAMS,
})
