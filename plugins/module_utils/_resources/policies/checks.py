# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the policies' template checks: the parameters a policy gives against those its template
has, on both APIs.

A template's parameters come from the controller's template read, once per run and template (``TemplateParameters``:
the legacy ``GET /configtemplate/rest/config/templates/{name}``, docs/api/fabric-controller.yaml; on 4.2 ``GET
/api/v1/manage/configTemplates/{name}/parameters``, docs/api/platform.yaml), kept among the run's facts (``session.facts``)
so that a run's later tasks read it no more. A parameter is required when the read marks it not optional (or
``IsMandatory``) and gives it no default; ``annotations.IsInternal`` ones are the controller's own, never named to users.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.model import DEFAULT_PRIORITY, PRIORITY_RANGE

# What every policy of a template needs whatever the template read says, so that rendered (which reads nothing) refuses it
# too: a freeform policy is the switch configuration in CONF, and is nothing without it (docs/api/fabric-controller.yaml).
ALWAYS_REQUIRED = {'switch_freeform': ('CONF',)}
# The run's facts keep a template's parameters under this name and the template's
TEMPLATE_FACT = 'policy_template/%s'


def summary(parameters):
    """{name: {'required': bool, 'internal': bool}} of a template read's ``parameters`` (JSON, for the run's facts)."""
    found = {}
    for parameter in parameters if isinstance(parameters, list) else []:
        if not isinstance(parameter, dict) or not parameter.get('name'):
            continue
        annotations = parameter.get('annotations') if isinstance(parameter.get('annotations'), dict) else {}
        default = parameter.get('defaultValue')
        required = (parameter.get('optional') is False or str(annotations.get('IsMandatory', '')).lower() == 'true') \
            and (default is None or str(default).strip() == '')
        found[str(parameter['name'])] = {'required': bool(required),
                                         'internal': str(annotations.get('IsInternal', '')).lower() == 'true'}
    return found


class TemplateParameters:
    """A template's parameters, read at most once per run (``read(template)``: the template read's ``parameters`` list, or
    None when the controller has no such template)."""

    def __init__(self, client, read):
        self.client = client
        self.read = read

    def of(self, template):
        """{name: {'required', 'internal'}} of ``template``, or None when the controller has no such template."""
        known = self.client.run_fact(TEMPLATE_FACT % template)
        if known is None:
            listed = self.read(template)
            known = {'exists': listed is not None, 'parameters': summary(listed)}
            self.client.keep_run_fact(TEMPLATE_FACT % template, known)
        return known['parameters'] if known.get('exists') else None


def check_priority(checks, want):
    """Refuse a priority the controller does not take (``PRIORITY_RANGE``)."""
    low, high = PRIORITY_RANGE
    if want.get('priority') is not None and not low <= want['priority'] <= high:
        checks.refuse('policy %s: priority %s is outside the range the controller takes; give a priority from %d to %d '
                      '(%d when left out)' % (want['name'], want['priority'], low, high, DEFAULT_PRIORITY))


def check_parameters(checks, change, parameters, server_keys):
    """Refuse a policy the task creates or changes whose template_params its template does not have, or that leaves out
    one it requires. ``parameters``: the template's (``TemplateParameters.of``), None offline (only ``ALWAYS_REQUIRED``)."""
    obj = change.after
    template = obj['template']
    given = obj.get('template_params') or {}
    if parameters is not None:
        unknown = sorted(key for key in given if key not in parameters and key not in server_keys)
        names = sorted(name for name, parameter in parameters.items() if not parameter['internal'])
        if unknown:
            checks.refuse('policy %s: template %s has no parameter %s; %s' % (
                change.name, template, ', '.join(unknown),
                'its parameters are %s (template_params takes them by these names)' % ', '.join(names) if names
                else 'it takes no parameters, so leave template_params out'))
    required = set(ALWAYS_REQUIRED.get(template, ()))
    required.update(name for name, parameter in (parameters or {}).items() if parameter['required'] and not parameter['internal'])
    missing = sorted(name for name in required if not str(given.get(name) or '').strip())
    if missing:
        checks.refuse('policy %s: template %s needs %s, and the policy would have %s; give %s in template_params' % (
            change.name, template, ', '.join(missing), 'none' if len(missing) == 1 else 'none of them',
            ' and '.join(missing)))
