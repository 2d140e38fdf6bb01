# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what both fabric mappings (legacy.py, manage.py) do alike: a task item's nvPair keys
taken as options, deploy's rule for fabrics, and the write of each fabric in turn.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import SwitchSync, sync_plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.checks import RUN_RANGES
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError


def fabric_deploy_plan(mapping, changes):
    """deploy's one rule (``deploy.sync_plan``) for fabrics: a listed fabric is deployed when the task creates or changes
    it, or when its switches are not all in sync (one read of its switches, ``deploy.SwitchSync``); not one in deployment
    freeze that the task leaves alone (the controller refuses its deploy). Rendered reads nothing: what it creates."""
    def states_of(change):
        if mapping.client.offline or change.after.get('deployment_freeze') is True:
            return {}, ()
        # a switch whose sync state is not applicable (NA) has nothing a deploy could push: it never asks for one
        listed = [(serial, state) for serial, state in SwitchSync(mapping.client, change.name, mapping.API).listed() if state != 'NA']
        return {serial: (serial, state) for serial, state in listed}, [serial for serial, _state in listed]
    return sync_plan(mapping.params, changes, lambda change: change.action in ('create', 'update'), states_of)[0]


def take_option_keys(model, want, where, option_of_key):
    """A ``template_params`` key of ``want`` that names an option's nvPair (``option_of_key``: {key: option}) becomes that
    option; the option wins when both are given. Both fabric mappings take a task's item so: the legacy API stores
    either in the same nvPair."""
    params = want.get('template_params') or {}
    for key in sorted(set(params) & set(option_of_key)):
        value = model.fields[option_of_key[key]].coerce(params.pop(key), where)
        if want.get(option_of_key[key]) is None and value is not None:
            want[option_of_key[key]] = value


def each_fabric(client, changes, write_of, then=None):
    """The steps of ``changes``, one fabric after the other: ``write_of(change)`` (a Request) for each change, then
    ``then(change)``'s steps (its deploy); a refusal says which fabrics were done before it and which were not."""
    done = []
    try:
        for change in changes:
            # the run's VRF and network tasks read the ranges of this fabric again (see overlay.checks.range_settings)
            client.forget_fabric_facts(change.name, RUN_RANGES)
            if change.action:
                yield write_of(change)
                done.append(change.name)
            if then is not None:
                yield from then(change)
    except ApiError as exc:
        left = [change.name for change in changes if change.action and change.name not in done]
        raise ApiError('%s Done before it: %s. Not done: %s.' % (exc.message, ', '.join(done) or 'nothing', ', '.join(left)),
                       exc.status) from None
