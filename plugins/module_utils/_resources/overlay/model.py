# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what the models of VRFs and networks share, in the user's terms.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import Field

# The options of the interface a VRF or a network has on its switches, the same for both and with the same defaults: its
# description, its MTU and its routing tag
INTERFACE_FIELDS = (
    Field('interface_description', 'str', ''),
    Field('mtu', 'int', 9216),
    Field('tag', 'int', 12345),
)
