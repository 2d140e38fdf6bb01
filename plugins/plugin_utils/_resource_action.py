# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the one action plugin of every resource module, on the collection's session.

The only place the resource modules meet the session layer: the session ``DashboardAction``
opens is handed to ``ControllerClient`` (module_utils/_controller/client.py), which calls nothing
but ``session.request``. Errors of the session class are turned into results by DashboardAction.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import ControllerClient, path_name_problems
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import controller_api_problem
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction


class ResourceAction(DashboardAction):
    """Subclasses set RESOURCE (the module's descriptor, module_utils/_resources/resource.py); nothing else."""

    RESOURCE = None

    def __init_subclass__(cls, **kwargs):
        cls.ARGUMENT_SPEC = cls.RESOURCE.argument_spec()
        super().__init_subclass__(**kwargs)

    def run(self, tmp=None, task_vars=None):
        # before the options are validated, so that the message names where a wrong value came from (the option, or
        # DASHBOARD_CONTROLLER_API), and before a login
        problem = controller_api_problem(self._task.args)
        if problem:
            return {'failed': True, 'changed': False, 'msg': 'Invalid options for %s: %s Nothing was sent.' % (self._task.action, problem)}
        return super().run(tmp, task_vars)

    def params_problems(self, params):
        # every name that goes into a path, on either API: '..' would address another path once the URL is resolved
        return path_name_problems(self.ARGUMENT_SPEC, params)

    def operate(self, session, params, task_vars):
        # the release the session learned once per run (before its first login): it chooses the API with controller_api auto
        return self.run_resource(ControllerClient(session, check_mode=self._task.check_mode), params, release=lambda: session.release)

    def without_session(self, params, error):
        # rendered computes requests offline: no address or credentials are needed for it.
        if params.get('state') == 'rendered':
            return self.run_resource(ControllerClient(None), params)
        return super().without_session(params, error)

    def run_resource(self, client, params, release=None):
        return self.RESOURCE.run(client, params, check_mode=self._task.check_mode, diff=self._task.diff, release=release)
