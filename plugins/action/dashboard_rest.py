# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.dashboard_rest (see the module's documentation)."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.rest import RestCall, holds_token
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.selection import Selection
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.values import MISSING
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.modules.dashboard_rest import ARGUMENT_SPEC
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._action import DashboardAction


class ActionModule(DashboardAction):

    ARGUMENT_SPEC = ARGUMENT_SPEC

    def operate(self, session, params, task_vars):
        # Compiled before anything is sent: a mistake in the expression never follows a write.
        selection = Selection(params['json_query']) if params['json_query'] is not None else None
        call = RestCall(session, params['method'], params['path'], body=params['body'], query=params['query'],
                        status_code=params['status_code'], key=params['key'], existing_path=params['existing_path'],
                        check_mode=self._task.check_mode, existing_field=params['existing_field'],
                        absent_status=params['absent_status'], absent_message=params['absent_message'])
        result = call.run()
        result['node'] = session.base_url
        if not self._task.diff:
            result.pop('diff', None)
        answer = result.get('json')
        shown = MISSING
        if selection is not None and 'json' in result and not result.get('failed'):
            try:
                shown = result['json'] = selection.apply(answer, '%s %s' % (params['method'], params['path']))
            except ConfigurationError as exc:
                # The request went out (and may have changed something): said, with the answer whole.
                result.update(failed=True, msg='%s%s' % (exc.message, ' The %s was sent.' % params['method']
                                                         if result.get('changed') else ''))
        if holds_token(session, answer, call.answer_texts, shown) or holds_token(session, result.get('diff')):
            # Registered, the answer stays whole; displayed, it would show a token.
            result['_ansible_no_log'] = True
            result['warnings'] = ['The answer of %s %s holds a session token, so its display is hidden. For the session, use '
                                  'fabricops.dashboard.dashboard_login and dashboard_refresh.' % (params['method'], params['path'])]
        return result
