# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.dashboard_rest (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._rest import RestCall
from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_rest import ARGUMENT_SPEC
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction


class ActionModule(DashboardAction):

    ARGUMENT_SPEC = ARGUMENT_SPEC

    def operate(self, session, params, task_vars):
        call = RestCall(session, params['method'], params['path'], body=params['body'], query=params['query'],
                        status_code=params['status_code'], key=params['key'], existing_path=params['existing_path'],
                        check_mode=self._task.check_mode)
        result = call.run()
        if not self._task.diff:
            result.pop('diff', None)
        return result
