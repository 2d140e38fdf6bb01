# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a policy as the user writes it (the policies module's model).
"""

from __future__ import annotations

import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import Field, ModelError, ResourceModel, shown_params, template_text

# What a new policy gets when the task gives no priority (the controller's own default).
DEFAULT_PRIORITY = 500
# The priorities the controller takes (docs/api/platform.yaml, ManagePolicy.priority; docs/api/fabric-controller.yaml, the
# policy create): 1 to 2000 on both APIs.
PRIORITY_RANGE = (1, 2000)


# A template's name travels in a URL path (the template read): no spaces, commas or slashes.
TEMPLATE_PATTERN = re.compile(r'^[A-Za-z0-9][A-Za-z0-9_.\-]{0,127}$')


def policy_key(switch, template, description):
    """The plan's key of a policy: its switch and template, and its description in quotes when it has one."""
    key = '%s %s' % (switch, template)
    return '%s "%s"' % (key, description) if description else key


class PolicyModel(ResourceModel):
    """A switch policy in the user's terms: switch, template, description (these three say which policy), priority, parameters."""

    KIND = 'policy'
    PLURAL = 'policies'
    EACH = 'each with its switch and template'
    FIELDS = (Field('priority', 'int', DEFAULT_PRIORITY),)

    # input

    def from_task(self, item, index):
        where = 'config[%d]' % index
        switch = str(item.get('switch') or '').strip()
        if not switch:
            raise ModelError('%s: give switch, the switch the policy is on (its name, serial number or IP address).' % where)
        template = str(item.get('template') or '').strip()
        if not TEMPLATE_PATTERN.match(template):
            raise ModelError('%s: template %r is not a template name; give the name of a policy template of the controller, '
                             'such as switch_freeform or feature_pim.' % (where, item.get('template')))
        description = str(item.get('description') or '')
        partial = {'name': policy_key(switch, template, description), 'switch': switch, 'template': template,
                   'description': description}
        where = '%s (policy %s)' % (where, partial['name'])
        if item.get('priority') is not None:
            partial['priority'] = self.fields['priority'].coerce(item['priority'], where)
        if item.get('template_params') is not None:
            partial['template_params'] = {str(key): template_text(value) for key, value in item['template_params'].items()}
        return partial

    # states

    @staticmethod
    def fresh(want):
        return {'name': want['name'], 'switch': want['switch'], 'template': want['template'], 'description': want['description'],
                'priority': DEFAULT_PRIORITY, 'template_params': {}}

    def merged(self, have, want):
        """The policy with the priority and parameters given; the parameters not given keep their value."""
        result = dict(have, template_params=dict(have.get('template_params') or {})) if have is not None else self.fresh(want)
        if want.get('priority') is not None:
            result['priority'] = want['priority']
        result['template_params'].update(want.get('template_params') or {})
        return result

    def replaced(self, have, want):
        """The policy exactly as given: priority 500 when not given, and only the parameters given."""
        del have  # a policy is its template and what it fills in: nothing of the one there is kept
        result = self.fresh(want)
        if want.get('priority') is not None:
            result['priority'] = want['priority']
        result['template_params'] = dict(want.get('template_params') or {})
        return result

    def missing_on_create(self, obj):
        return []

    # output

    def for_output(self, obj):
        return {'switch': obj['switch'], 'template': obj['template'], 'description': obj['description'],
                'priority': obj['priority'], 'template_params': shown_params(obj)}
