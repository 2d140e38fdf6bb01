# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the options every resource module shares, and its config spec from its model."""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import argument_spec
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.plan import STATES

DEFAULT_WAIT_TIMEOUT = 300


def config_spec(model, attach_options):
    """The suboptions of ``config``: the model's fields without defaults (merged must see what was not given)."""
    options = {'name': {'type': 'str', 'required': True}}
    for field in model.FIELDS:
        options[field.name] = {'type': field.kind}
    options['template_params'] = {'type': 'dict'}
    options['attach'] = {'type': 'list', 'elements': 'dict', 'options': attach_options}
    return options


def resource_argument_spec(model, attach_options, deploys=True):
    """The whole argument spec of a fabric-scoped resource module (connection options merged in)."""
    own = {
        'fabric': {'type': 'str', 'required': True},
        'config': {'type': 'list', 'elements': 'dict', 'default': [], 'options': config_spec(model, attach_options)},
        'state': {'type': 'str', 'default': 'merged', 'choices': list(STATES)},
    }
    if deploys:
        own.update({
            'deploy': {'type': 'bool', 'default': False},
            'wait': {'type': 'bool', 'default': True},
            'wait_timeout': {'type': 'int', 'default': DEFAULT_WAIT_TIMEOUT},
        })
    return argument_spec(**own)
