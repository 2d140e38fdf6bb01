# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the vpc_pairs resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import DEPLOY_OPTIONS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.legacy import VpcPairMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.manage import VpcPairManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import VpcPairModel

VPC_PAIR_CONFIG = {
    'peer1': {'type': 'str', 'required': True},
    'peer2': {'type': 'str', 'required': True},
    'use_virtual_peerlink': {'type': 'bool'},
    'domain_id': {'type': 'int'},
    'peer1_port_channel': {'type': 'int'},
    'peer2_port_channel': {'type': 'int'},
    'peer1_link_members': {'type': 'list', 'elements': 'str'},
    'peer2_link_members': {'type': 'list', 'elements': 'str'},
    'keepalive_vrf': {'type': 'str'},
    'peer1_keepalive_ip': {'type': 'str'},
    'peer2_keepalive_ip': {'type': 'str'},
    'template_params': {'type': 'dict'},
}


VPC_PAIRS = Resource(
    VpcPairModel(), {LEGACY_API: VpcPairMapping, MANAGE_API: VpcPairManageMapping},
    config_options=VPC_PAIR_CONFIG,
    options=dict(fabric={'type': 'str', 'required': True}, **DEPLOY_OPTIONS),
)
