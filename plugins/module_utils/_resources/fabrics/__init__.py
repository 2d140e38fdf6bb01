# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabrics resource: its descriptor, with a mapping per API (``legacy``: lan-fabric/rest;
``manage``: /api/v1/manage of a 4.2 dashboard).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import DEPLOY_OPTIONS, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.legacy import FabricMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.manage import FabricManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.model import REPLICATION_MODES, FabricModel


def config_options():
    """The suboptions of ``config``: the model's fields, as for every resource, with the choices of replication_mode."""
    spec = Resource(FabricModel(), {LEGACY_API: FabricMapping}).config_spec()
    spec['replication_mode'] = dict(spec['replication_mode'], choices=list(REPLICATION_MODES))
    return spec


FABRICS = Resource(FabricModel(), {LEGACY_API: FabricMapping, MANAGE_API: FabricManageMapping}, config_options=config_options(), options={
    # the deploy options of every module, one meaning (deploy.wait_seconds); a fabric has no wait besides wait_timeout
    'deploy': DEPLOY_OPTIONS['deploy'],
    'wait_timeout': DEPLOY_OPTIONS['wait_timeout'],
})
