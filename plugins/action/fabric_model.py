# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.fabric_model (see the module's documentation): offline, no session, no request."""

from __future__ import annotations

from ansible.plugins.action import ActionBase

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.translate import mask, translate
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.validate import validate
from ansible_collections.fabricops.dashboard.plugins.modules.fabric_model import ARGUMENT_SPEC

SHOWN_IN_MSG = 5


class ActionModule(ActionBase):

    TRANSFERS_FILES = False
    _requires_connection = False

    def run(self, tmp=None, task_vars=None):
        super().run(tmp, task_vars)
        _validation, params = self.validate_argument_spec(argument_spec=ARGUMENT_SPEC)
        problems = validate(params['model'])
        if problems:
            return {'failed': True, 'changed': False, 'problems': problems, 'msg': summary(problems)}
        resources = mask(translate(params['model']))
        counts = ', '.join('%d %s' % (len(configs), name) for name, configs in resources.items() if configs)
        return {'changed': False, 'problems': [], 'resources': resources,
                'msg': 'the vxlan model of fabric %s is valid: %s' % (resources['fabrics'][0]['name'], counts)}


def summary(problems):
    """One line a person reads first: how many problems, the first few by path (every one is in ``problems``)."""
    shown = '; '.join('%s: %s' % (problem['path'], problem['msg']) for problem in problems[:SHOWN_IN_MSG])
    more = ' ... and %d more' % (len(problems) - SHOWN_IN_MSG) if len(problems) > SHOWN_IN_MSG else ''
    return ('the vxlan model has %d problem%s, nothing was sent (every one is listed in problems): %s%s'
            % (len(problems), '' if len(problems) == 1 else 's', shown, more))
