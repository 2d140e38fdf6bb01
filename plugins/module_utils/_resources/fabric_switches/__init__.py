# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabric_switches resource: its descriptor, with a mapping per API.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import DEPLOY_OPTIONS, FLAG, NAME, TEXT, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.legacy import SwitchMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.manage import SwitchManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import AUTH_PROTOCOLS, ROLES, SwitchModel

FABRIC_SWITCHES = Resource(
    SwitchModel(), {LEGACY_API: SwitchMapping, MANAGE_API: SwitchManageMapping},
    config_options={
        'name': NAME,
        'role': {'type': 'str', 'choices': list(ROLES)},
        'preserve_config': {'type': 'bool', 'default': False},
        'maintenance': FLAG,
        # a switch asking for POAP brought in (imported), a pre-provisioned one swapped to it first
        'poap': FLAG,
        # the switch replaced (RMA) by the one of serial_number, which asks for POAP
        'rma': FLAG,
        # a switch to pre-provision: its serial number, model, NX-OS release, hostname; its day-0 gateway and image policy
        'serial_number': TEXT,
        'model': TEXT,
        'version': TEXT,
        'hostname': TEXT,
        'gateway': TEXT,
        'image_policy': TEXT,
    },
    options={
        'fabric': NAME,
        'switch_username': TEXT,
        'switch_password': {'type': 'str', 'no_log': True},
        'switch_auth_protocol': {'type': 'str', 'default': 'md5', 'choices': list(AUTH_PROTOCOLS)},
        'max_hops': {'type': 'int', 'default': 0},
        # deploy: of the maintenance mode the task sets (roles and new switches are deployed with the fabric's deploy)
        'deploy': DEPLOY_OPTIONS['deploy'],
        # the wait options of every module, one meaning (deploy.wait_seconds): here the wait until new switches can be managed,
        # and the deploy of a maintenance mode
        'wait': DEPLOY_OPTIONS['wait'],
        'wait_timeout': DEPLOY_OPTIONS['wait_timeout'],
    },
)
