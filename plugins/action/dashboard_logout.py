# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.dashboard_logout (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_logout import ARGUMENT_SPEC
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import drop_logout_at_end


class ActionModule(DashboardAction):

    ARGUMENT_SPEC = ARGUMENT_SPEC
    KEEPS_SESSION_ALIVE = False

    ALREADY_ENDED = 'already ended: there was no live session to end'

    def operate(self, session, params, task_vars):
        if session.uses_api_key:
            # The key stays valid until it is revoked in the dashboard's UI; the fact stays too, it holds no secret.
            return {'changed': False, 'msg': 'nothing to log out: an API-key session has no login; revoke the key in the '
                                             'dashboard\'s UI to stop it working'}
        if self._task.check_mode:
            return {'changed': bool(session.token), 'msg': 'check mode: the session would be ended'}
        # Ended here, the session is not the keeper's to end when the run is over (logout_at_end).
        if self.token_cache is not None:
            drop_logout_at_end(self.token_cache, session.cache_key())
        ended = session.logout()
        return self.ended(params, 'session ended' if ended else self.ALREADY_ENDED, changed=ended)

    def without_session(self, params, error):
        # A logout after a logout: the first one emptied the fact, so there is nothing left to end.
        return self.ended(params, self.ALREADY_ENDED, changed=False)

    @staticmethod
    def ended(params, message, changed):
        result = {'changed': changed, 'msg': message}
        if params['set_fact']:
            result['ansible_facts'] = {params['fact_name']: {}}
        return result
