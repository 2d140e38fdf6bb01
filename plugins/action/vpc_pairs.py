# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.vpc_pairs (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs import VPC_PAIRS
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._resource_action import ResourceAction


class ActionModule(ResourceAction):

    RESOURCE = VPC_PAIRS
