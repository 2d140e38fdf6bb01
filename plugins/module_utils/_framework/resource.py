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

A resource lists its mappings by the API each speaks: ``legacy`` (the fabric controller's
``lan-fabric/rest``) and ``manage`` (``/api/v1/manage`` of a 4.2 dashboard) once it has one;
``choose_api`` picks one of them per task, from the task's ``controller_api`` and the release the
session learned. Adding a 4.2 mapping to a resource is its file and its entry in that dict.
"""

from __future__ import annotations

import collections
import copy

# the deploy options live with the one deploy-and-wait, and are importable from here as before
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import (  # noqa: F401 pylint: disable=unused-import
    DEFAULT_WAIT_TIMEOUT,
    DEPLOY_OPTIONS,
    with_wait_meaning,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API, MANAGE_PREFIX
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import STATES
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import Run
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import CONTROLLER_API_OPTIONS, argument_spec


# The API a task speaks: ``api`` (LEGACY_API or MANAGE_API), and ``if_no_legacy``: for the legacy API on a 4.2 or later
# dashboard, which may have it turned off, what the run says when its first read finds no legacy path (else None).
ApiChoice = collections.namedtuple('ApiChoice', 'api if_no_legacy')
NO_LEGACY = ('The dashboard serves no legacy fabric-controller API (lan-fabric/rest answers HTTP 404 on this 4.2 or later '
             'release). ')


def legacy_on_unified(setting, has_manage, plural):
    """The ApiChoice of the legacy API on a 4.2 or later dashboard, with what to say if it serves none."""
    if has_manage:
        said = 'controller_api is legacy; set it to auto (the default) or manage to speak /api/v1/manage instead.'
    else:
        said = ('This module has no mapping of its %s to the /api/v1/manage API yet: it needs the legacy API (controller_api %s '
                'chose it; manage is refused for this module). Have the legacy API served on the dashboard, or use this module '
                'on a dashboard that serves it.' % (plural, setting))
    return ApiChoice(LEGACY_API, NO_LEGACY + said + ' Nothing was written.')


def choose_api(setting, release, has_manage, plural):
    """The API a task of a resource speaks (``ApiChoice``), or ModelError when it cannot speak the one asked for.

    ``setting``: the task's controller_api (auto, legacy or manage); ``release``: the dashboard's release as the session
    learned it (``_session/release.release_from_version``), None when not known (rendered reads nothing, or the dashboard
    did not say); ``has_manage``: whether the resource has a mapping to /api/v1/manage; ``plural``: what the resource
    manages, for the messages (``VRFs``).
    """
    unified = bool(release and release.get('unified_api'))
    if setting == LEGACY_API:
        return legacy_on_unified(setting, has_manage, plural) if unified else ApiChoice(LEGACY_API, None)
    if setting == MANAGE_API:
        if not has_manage:
            raise ModelError(
                'controller_api is manage, but this module has no mapping of its %s to the /api/v1/manage API yet: it speaks the '
                'legacy API (lan-fabric/rest) only. On a dashboard of release 4.2 or later that still serves the legacy API, set '
                'controller_api: legacy, or leave it auto (the default), which uses the legacy API for this module. Nothing was '
                'read or written.' % plural)
        if release and not unified:
            raise ModelError(
                'controller_api is manage, but the dashboard is of release %s, which has no /api/v1/manage API (4.2 and later '
                'have it). Set controller_api: legacy, or leave it auto (the default), which chooses by the release. Nothing '
                'was read or written.' % release.get('version'))
        return ApiChoice(MANAGE_API, None)
    if not unified:
        return ApiChoice(LEGACY_API, None)
    return ApiChoice(MANAGE_API, None) if has_manage else legacy_on_unified(setting, has_manage, plural)


# The argument specs a descriptor's options are made of, written once (argument_spec copies them: sharing them is safe)
TEXT = {'type': 'str'}
NAME = {'type': 'str', 'required': True}
NUMBER = {'type': 'int'}
FLAG = {'type': 'bool'}
TEXTS = {'type': 'list', 'elements': 'str'}
TEMPLATE_PARAMS = {'type': 'dict'}
# The options of a resource on one fabric's switches: the fabric, and deploy and wait
FABRIC_OPTIONS = dict(fabric=NAME, **DEPLOY_OPTIONS)


class Resource:
    """One resource module.

    ``model``: the model instance (``model.ResourceModel``); ``mappings``: {API: the class of its mapping to that API
    (``mapping.Mapping``)}, made per task as ``mappings[api](model, client, params)``: ``legacy`` always, ``manage``
    once the resource has a mapping to the /api/v1/manage API of a 4.2 dashboard; ``attach_options``:
    the suboptions of ``config[].attach`` (None: the objects have no attachments);
    ``config_options``: the suboptions of ``config`` when they are not the model's fields;
    ``options``: the module's own options besides ``config`` and ``state``; by default those of a resource on one
    fabric's switches (``FABRIC_OPTIONS``: the fabric, deploy and wait).
    """

    def __init__(self, model, mappings, attach_options=None, config_options=None, options=None):
        self.model = model
        self.mappings = dict(mappings)
        self.attach_options = attach_options
        self.config_options = config_options
        self.options = FABRIC_OPTIONS if options is None else options

    def config_spec(self):
        """The suboptions of ``config``: the model's fields without defaults (merged must see what was not given)."""
        if self.config_options is not None:
            return dict(self.config_options)
        spec = {'name': NAME}
        for field in self.model.FIELDS:
            spec[field.name] = {'type': field.kind}
        spec['template_params'] = TEMPLATE_PARAMS
        if self.attach_options is not None:
            spec['attach'] = {'type': 'list', 'elements': 'dict', 'options': self.attach_options}
        return spec

    def argument_spec(self):
        """The module's whole argument spec, the connection options merged in."""
        own = dict(self.options)
        own['config'] = {'type': 'list', 'elements': 'dict', 'default': [], 'options': self.config_spec()}
        own['state'] = {'type': 'str', 'default': 'merged', 'choices': list(STATES)}
        own['json_query'] = {'type': 'str'}
        own.update(CONTROLLER_API_OPTIONS)
        return argument_spec(**own)

    def run(self, client, params, check_mode=False, diff=False, release=None):
        """The task's result for ``params`` through ``client`` (a ``ControllerClient`` of the legacy API; offline for rendered).

        ``release``: a callable that gives the dashboard's release as the session learned it (``session.release``); called
        only when the task's controller_api needs it, and never for rendered, which reads nothing.
        """
        # required: true lets an empty string through, which would address the wrong path (fabrics//networks)
        for name, spec in sorted(self.options.items()):
            if spec.get('required') and spec.get('type') == 'str' and not str(params.get(name) or '').strip():
                return {'failed': True, 'changed': False, 'msg': '%s is empty; give the name of the %s. Nothing was sent.' % (name, name)}
        if params.get('state') == 'rendered':
            # rendered reads and sends nothing, whatever session the task has
            client = client.without_session()
        model = copy.copy(self.model)  # what a run learns into its model (template defaults) stays the run's
        try:
            choice = self.choose_api(params, None if client.offline or release is None else release)
        except ModelError as exc:
            return {'failed': True, 'changed': False, 'msg': str(exc)}
        if choice.api == MANAGE_API:
            client = client.beside(MANAGE_PREFIX)
        # one meaning of wait_timeout for every mapping, also those that read wait themselves: 0 does not wait
        params = with_wait_meaning(params)
        mapping = self.mappings[choice.api](model, client, params)
        return Run(mapping, check_mode, diff, api=choice).result()

    def choose_api(self, params, release):
        """The API this task speaks (``choose_api``); the release is not asked for when the task is refused whatever it is.

        Even with controller_api legacy the release is taken (the session learned it before its first login, so it costs
        no request as a rule): on a 4.2 dashboard, the run tells a legacy API turned off from a fabric that does not exist.
        """
        setting = params.get('controller_api') or 'auto'
        has_manage = MANAGE_API in self.mappings
        needs_release = release is not None and (has_manage or setting != MANAGE_API)
        return choose_api(setting, release() if needs_release else None, has_manage, self.model.PLURAL)
