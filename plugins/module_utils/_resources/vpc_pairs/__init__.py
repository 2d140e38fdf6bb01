# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the vpc_pairs resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import FLAG, NAME, NUMBER, TEMPLATE_PARAMS, TEXT, TEXTS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.legacy import VpcPairMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.manage import VpcPairManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import VpcPairModel

VPC_PAIRS = Resource(VpcPairModel(), {LEGACY_API: VpcPairMapping, MANAGE_API: VpcPairManageMapping}, config_options={
    'peer1': NAME,
    'peer2': NAME,
    'use_virtual_peerlink': FLAG,
    'domain_id': NUMBER,
    'peer1_port_channel': NUMBER,
    'peer2_port_channel': NUMBER,
    'peer1_link_members': TEXTS,
    'peer2_link_members': TEXTS,
    'keepalive_vrf': TEXT,
    'peer1_keepalive_ip': TEXT,
    'peer2_keepalive_ip': TEXT,
    'template_params': TEMPLATE_PARAMS,
})
