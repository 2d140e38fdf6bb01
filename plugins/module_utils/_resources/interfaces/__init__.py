# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the interfaces resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import FLAG, NAME, NUMBER, TEMPLATE_PARAMS, TEXT, TEXTS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.legacy import InterfaceMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.manage import InterfaceManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import MODES, PC_MODES, InterfaceModel

INTERFACES = Resource(InterfaceModel(), {LEGACY_API: InterfaceMapping, MANAGE_API: InterfaceManageMapping}, config_options={
    'switch': NAME,
    'name': NAME,
    'mode': dict(TEXT, choices=list(MODES)),
    'policy': TEXT,
    'description': TEXT,
    'enabled': FLAG,
    'mtu': TEXT,
    'speed': TEXT,
    'access_vlan': NUMBER,
    'allowed_vlans': TEXT,
    'native_vlan': NUMBER,
    'members': TEXTS,
    'peer1_members': TEXTS,
    'peer2_members': TEXTS,
    'pc_mode': dict(TEXT, choices=list(PC_MODES)),
    'ipv4_address': TEXT,
    'ipv6_address': TEXT,
    'vrf': TEXT,
    'dot1q_vlan': NUMBER,
    'template_params': TEMPLATE_PARAMS,
})
