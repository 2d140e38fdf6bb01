# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.dashboard_refresh (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_refresh import ARGUMENT_SPEC
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction

KEY_SESSION_NOT_REFRESHED = 'nothing to refresh: an API-key session has no token, the key is sent with every request'


class ActionModule(DashboardAction):

    ARGUMENT_SPEC = ARGUMENT_SPEC
    HIDES_RESULT = True

    def operate(self, session, params, task_vars):
        if session.uses_api_key:
            return dict(self.session_result(session, params), msg=KEY_SESSION_NOT_REFRESHED)
        session.renew(relogin=params['relogin'])
        return self.session_result(session, params)
