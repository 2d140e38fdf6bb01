# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the action plugins of the resource modules, on the collection's session.

The only place the resource modules meet the session layer: the session ``DashboardAction``
opens is handed to ``Controller`` (module_utils/_controller.py), which calls nothing but
``session.request``. Errors of the session class are turned into results by DashboardAction.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.run import run_resource
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction


class ResourceAction(DashboardAction):
    """Subclasses set ARGUMENT_SPEC, MODEL (the user's model) and WIRE (its mapping to the controller's API)."""

    MODEL = None
    WIRE = None

    def operate(self, session, params, task_vars):
        return self.carry_out(Controller(session), params)

    def without_session(self, params, error):
        # rendered computes requests offline: no address or credentials are needed for it.
        if params.get('state') == 'rendered':
            return self.carry_out(Controller(None), params)
        return super().without_session(params, error)

    def carry_out(self, controller, params):
        return run_resource(self.MODEL, self.WIRE, controller, params, check_mode=self._task.check_mode, diff=self._task.diff)
