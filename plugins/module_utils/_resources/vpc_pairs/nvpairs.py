# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a vPC pair's settings as the ``vpc_pair`` template's nvPairs, both ways (rows of
``_framework/nvpairs.py``).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nvpairs import NUMBER, TEXT, NvPairs, listing
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs.model import port_list

# The template a pair's settings are sent with [seen: cisco.dcnm's captures name it].
PAIR_TEMPLATE = 'vpc_pair'


# A pair's peer-link members as the template keeps them: a comma text; a spelling this module does not know stays as it is.
PORTS = listing(lambda text: port_list(text, 'the vpc_pair template'))


# option, nvPair of the vpc_pair template [client, cisco.dcnm dcnm_vpc_pair's profile], kind. An empty text is an empty
# setting (what a task giving [] or "" sent), except for a number, which is unset.
SETTINGS = NvPairs((
    ('domain_id', 'DOMAIN_ID', NUMBER),
    ('peer1_port_channel', 'PEER1_PCID', NUMBER), ('peer2_port_channel', 'PEER2_PCID', NUMBER),
    ('peer1_link_members', 'PEER1_MEMBER_INTERFACES', PORTS), ('peer2_link_members', 'PEER2_MEMBER_INTERFACES', PORTS),
    ('keepalive_vrf', 'KEEP_ALIVE_VRF', TEXT),
    ('peer1_keepalive_ip', 'PEER1_KEEP_ALIVE_LOCAL_IP', TEXT), ('peer2_keepalive_ip', 'PEER2_KEEP_ALIVE_LOCAL_IP', TEXT),
))


# nvPairs the controller keeps of its own on a pair's policy: never template_params, never sent back
SERVER_KEYS = ('FABRIC_NAME', 'POLICY_ID')


def nv_pairs(obj):
    """The vpc_pair template's nvPairs of ``obj``: its template_params, then its settings as text."""
    return SETTINGS.to_controller(obj, obj.get('template_params'))


def settings_from_controller(pairs):
    """{option: value} and the template_params of a pair's policy nvPairs (``{}`` when it has none)."""
    return SETTINGS.from_controller({str(key): template_text(value) for key, value in (pairs or {}).items() if key not in SERVER_KEYS})
