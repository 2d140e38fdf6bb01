# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.dashboard_logout (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_logout import ARGUMENT_SPEC
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction


class ActionModule(DashboardAction):

    ARGUMENT_SPEC = ARGUMENT_SPEC
    KEEPS_SESSION_ALIVE = False
    ENDS_SESSION = True

    def operate(self, session, params, task_vars):
        if self._task.check_mode:
            return {'changed': bool(session.token), 'msg': 'check mode: the session would be ended'}
        ended = session.logout()
        result = {'changed': ended, 'msg': 'session ended' if ended else 'there was no live session to end'}
        if params['set_fact']:
            result['ansible_facts'] = {params['fact_name']: {}}
        return result
