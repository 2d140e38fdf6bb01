# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.dashboard_login (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_login import ARGUMENT_SPEC
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import ask_logout_at_end


class ActionModule(DashboardAction):

    ARGUMENT_SPEC = ARGUMENT_SPEC
    HIDES_RESULT = True
    # A login never starts from a session fact: it logs in, or reuses the session this very run
    # holds for the account (through the token cache).
    USES_SESSION_FACT = False

    def operate(self, session, params, task_vars):
        if session.uses_api_key:
            session.check_api_key()
            return self._login_result(session, params)
        session.ensure_valid()
        if params['logout_at_end'] and self.token_cache is not None:
            # Read by the keeper, which ends the session when the run is over (see _keeper).
            ask_logout_at_end(self.token_cache, session.cache_key())
        return self._login_result(session, params)

    def _login_result(self, session, params):
        # The release is the run's (learned at its first login), not the session's: it stays out of the session dict and the fact.
        return dict(self.session_result(session, params), release=session.release)
