# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the links resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import DEPLOY_OPTIONS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.legacy import LinkMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.manage import LinkManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.model import LinkModel

LINK_CONFIG = {
    'src_fabric': {'type': 'str'},
    'src_switch': {'type': 'str', 'required': True},
    'src_interface': {'type': 'str', 'required': True},
    'dst_fabric': {'type': 'str'},
    'dst_switch': {'type': 'str', 'required': True},
    'dst_interface': {'type': 'str', 'required': True},
    'template': {'type': 'str'},
    'src_ip': {'type': 'str'},
    'dst_ip': {'type': 'str'},
    'mtu': {'type': 'int'},
    'enabled': {'type': 'bool'},
    'src_description': {'type': 'str'},
    'dst_description': {'type': 'str'},
    'src_asn': {'type': 'str'},
    'dst_asn': {'type': 'str'},
    'template_params': {'type': 'dict'},
}


LINKS = Resource(
    LinkModel(), {LEGACY_API: LinkMapping, MANAGE_API: LinkManageMapping},
    config_options=LINK_CONFIG,
    options=dict(fabric={'type': 'str', 'required': True}, **DEPLOY_OPTIONS),
)
