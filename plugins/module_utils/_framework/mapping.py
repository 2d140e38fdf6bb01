# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what every mapping of a resource to the controller has, with the defaults a mapping keeps
when it has nothing to add.

A mapping turns the model's objects into the controller's fields and back, and builds the writes as data
(``run.Run`` calls the methods below, in their order there). It speaks one API of the controller, named by ``API``:
``legacy`` (lan-fabric/rest) or ``manage`` (the /api/v1/manage API of a 4.2 dashboard, the name ``controller_api``
users give it). A resource's descriptor lists its mappings by that name (``Resource(model, {LEGACY_API: ..., MANAGE_API:
...})``), so a 4.2 mapping is one file and one entry.
"""

from __future__ import annotations

import importlib

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan

LEGACY_API = 'legacy'
MANAGE_API = 'manage'
# Where the /api/v1/manage API of a 4.2 dashboard keeps what its mappings read and write
MANAGE_PREFIX = '/api/v1/manage'
# The package of the resources, one subpackage each, whose __init__ holds its descriptor
RESOURCES = 'ansible_collections.fabricops.dashboard.plugins.module_utils._resources'


class Mapping:
    """One task's mapping: ``model`` (the run's copy), ``client`` (a ``ControllerClient`` of the mapping's API; offline
    for rendered), ``params`` (the task's options)."""

    API = LEGACY_API

    def __init__(self, model, client, params):
        self.model = model
        self.client = client
        self.params = params
        self.fabric = params.get('fabric')
        # {name: why}: what the task lists that the plan leaves alone although the state asks for a change (deleted of
        # what another object describes); the run warns of each and returns them as ``left_alone``, in check mode too
        self.left_alone = {}

    def config_hint(self, state):
        """What ``config`` must hold for ``state`` (merged, replaced, rendered), for the message of a task without it."""
        return 'list the %s to %s' % (self.model.PLURAL, 'render' if state == 'rendered' else 'create or update')

    def refuse_before_reading(self):
        """What the mapping's API cannot carry, refused from the task's config alone, before any request (ModelError,
        naming the option and the release): the run calls it first, for every state, rendered too."""

    def read(self, names=None):
        """{name: object} of what the controller has: ``names`` only, or every object (None), read in bulk."""
        raise NotImplementedError

    def gathered(self, have):
        """What gathered lists of ``have`` (a mapping may compare more than it lists: fabrics' template defaults)."""
        return have

    def gathered_beside(self):
        """What gathered returns beside the objects, as result keys (fabric_switches: the switches asking for POAP)."""
        return {}

    def prepare(self, wants, have):
        """Learn what the plan needs besides ``have`` (switch serials, template defaults); not for deleted."""

    def prepare_offline(self, wants):
        """The same for rendered, which reads nothing: what cannot be known offline is refused, naming the option."""

    def plan(self, model, state, wants, have):
        """Each object's ``plan.Change`` for ``state``; a mapping whose objects are not all deleted alike plans its own."""
        return plan(model, state, wants, have)

    def check_intent(self, state, wants, changes, checks):
        """Refuse or warn through ``checks`` (``validation.IntentChecks``) what contradicts the task or the fabric."""

    def check(self, changes):
        """Raise ModelError for what the controller would refuse part way, before anything is sent."""

    def to_deploy(self, changes):
        """The names of what a deploy must push (the result's ``deploy``); empty when the task deploys nothing."""
        del changes
        return []

    def awaited(self, changes):
        """Whether a deploy an earlier run started is still to be waited for, though nothing is written."""
        del changes
        return False

    def writes(self, changes, result):
        """The generator of the write steps (``Request``, ``run.Wait``, ``run.Read``) that carry out ``changes``."""
        raise NotImplementedError

    def mapping_of(self, resource):
        """``resource``'s mapping of the API this one speaks, on the same client and task (a peer kind's)."""
        return resource.mappings[self.API](resource.model, self.client, self.params)


def resource_named(package, descriptor):
    """The descriptor ``descriptor`` of the resource in ``_resources/<package>``, for a mapping that reads a peer kind
    (VRFs and networks read each other): found by name when asked, so neither resource imports the other."""
    return getattr(importlib.import_module('%s.%s' % (RESOURCES, package)), descriptor)
