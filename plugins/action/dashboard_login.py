# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.dashboard_login (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_login import ARGUMENT_SPEC
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction


class ActionModule(DashboardAction):

    ARGUMENT_SPEC = ARGUMENT_SPEC
    HIDES_RESULT = True
    USES_SESSION_FACT = False

    def operate(self, session, params, task_vars):
        if session.uses_api_key:
            session.check_api_key()
        else:
            session.ensure_valid()
        return self.session_result(session, params)
