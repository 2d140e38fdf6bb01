# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the interfaces resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import DEPLOY_OPTIONS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.legacy import InterfaceMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.manage import InterfaceManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import MODES, PC_MODES, InterfaceModel

INTERFACE_CONFIG = {
    'switch': {'type': 'str', 'required': True},
    'name': {'type': 'str', 'required': True},
    'mode': {'type': 'str', 'choices': list(MODES)},
    'policy': {'type': 'str'},
    'description': {'type': 'str'},
    'enabled': {'type': 'bool'},
    'mtu': {'type': 'str'},
    'speed': {'type': 'str'},
    'access_vlan': {'type': 'int'},
    'allowed_vlans': {'type': 'str'},
    'native_vlan': {'type': 'int'},
    'members': {'type': 'list', 'elements': 'str'},
    'peer1_members': {'type': 'list', 'elements': 'str'},
    'peer2_members': {'type': 'list', 'elements': 'str'},
    'pc_mode': {'type': 'str', 'choices': list(PC_MODES)},
    'ipv4_address': {'type': 'str'},
    'ipv6_address': {'type': 'str'},
    'vrf': {'type': 'str'},
    'dot1q_vlan': {'type': 'int'},
    'template_params': {'type': 'dict'},
}


INTERFACES = Resource(
    InterfaceModel(), {LEGACY_API: InterfaceMapping, MANAGE_API: InterfaceManageMapping},
    config_options=INTERFACE_CONFIG,
    options=dict(fabric={'type': 'str', 'required': True}, **DEPLOY_OPTIONS),
)
