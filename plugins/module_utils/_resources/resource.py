# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the descriptor of a resource module, which everything else reads.

One ``Resource`` per module (``vrfs.VRFS``, ``networks.NETWORKS``, ``fabrics.FABRICS``,
``fabric_switches.FABRIC_SWITCHES``) names its model (the options in the user's terms), its
mapping to the controller (reads, and the writes as ``Request`` data), and the options the
module adds to the shared ones. The module file takes its argument spec from it
(``ARGUMENT_SPEC = VRFS.argument_spec()``), the one resource action runs it, and the one run
(``run.Run``) carries out every state of every resource the same way.
"""

from __future__ import annotations

import copy

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.plan import STATES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.run import Run
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import argument_spec

DEFAULT_WAIT_TIMEOUT = 300
# The options of every module that deploys and waits for what it deployed.
DEPLOY_OPTIONS = {
    'deploy': {'type': 'bool', 'default': False},
    'wait': {'type': 'bool', 'default': True},
    'wait_timeout': {'type': 'int', 'default': DEFAULT_WAIT_TIMEOUT},
}


class Resource:
    """One resource module.

    ``model``: the model instance (``model.ResourceModel``); ``mapping``: the class of its mapping
    to the controller, made per task as ``mapping(model, client, params)``; ``attach_options``:
    the suboptions of ``config[].attach`` (None: the objects have no attachments);
    ``config_options``: the suboptions of ``config`` when they are not the model's fields;
    ``options``: the module's own options besides ``config`` and ``state``.
    """

    def __init__(self, model, mapping, attach_options=None, config_options=None, options=None):
        self.model = model
        self.mapping = mapping
        self.attach_options = attach_options
        self.config_options = config_options
        self.options = options or {}

    def config_spec(self):
        """The suboptions of ``config``: the model's fields without defaults (merged must see what was not given)."""
        if self.config_options is not None:
            return dict(self.config_options)
        spec = {'name': {'type': 'str', 'required': True}}
        for field in self.model.FIELDS:
            spec[field.name] = {'type': field.kind}
        spec['template_params'] = {'type': 'dict'}
        if self.attach_options is not None:
            spec['attach'] = {'type': 'list', 'elements': 'dict', 'options': self.attach_options}
        return spec

    def argument_spec(self):
        """The module's whole argument spec, the connection options merged in."""
        own = dict(self.options)
        own['config'] = {'type': 'list', 'elements': 'dict', 'default': [], 'options': self.config_spec()}
        own['state'] = {'type': 'str', 'default': 'merged', 'choices': list(STATES)}
        own['json_query'] = {'type': 'str'}
        return argument_spec(**own)

    def run(self, client, params, check_mode=False, diff=False):
        """The task's result for ``params`` through ``client`` (a ``ControllerClient``; offline for rendered)."""
        # required: true lets an empty string through, which would address the wrong path (fabrics//networks)
        for name, spec in sorted(self.options.items()):
            if spec.get('required') and spec.get('type') == 'str' and not str(params.get(name) or '').strip():
                return {'failed': True, 'changed': False, 'msg': '%s is empty; give the name of the %s. Nothing was sent.' % (name, name)}
        if params.get('state') == 'rendered':
            # rendered reads and sends nothing, whatever session the task has
            client = client.without_session()
        model = copy.copy(self.model)  # what a run learns into its model (template defaults) stays the run's
        return Run(model, self.mapping(model, client, params), client, params, check_mode, diff).result()
