# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a fabric's switch as the user writes it (the fabric_switches module's model).
"""

from __future__ import annotations

import ipaddress

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import Field, ModelError, ResourceModel

AUTH_PROTOCOLS = {'md5': 0, 'sha': 1, 'md5_des': 2, 'md5_aes': 3, 'sha_des': 4, 'sha_aes': 5}


# The roles the inventory offers, in the user's snake_case; the controller spells them with spaces.
ROLES = ('leaf', 'spine', 'border', 'border_spine', 'border_gateway', 'border_gateway_spine', 'super_spine',
         'border_super_spine', 'border_gateway_super_spine', 'tor', 'access', 'aggregation', 'edge_router', 'core_router')


DEFAULT_ROLE = 'leaf'


# How a switch is added: taken from the task, never compared with the inventory.
ADD_OPTIONS = ('preserve_config',)


class SwitchModel(ResourceModel):
    KIND = 'switch'
    PLURAL = 'switches'
    NOT_PARTS = ('template_params', 'attach') + ADD_OPTIONS
    FIELDS = (Field('role', 'str', DEFAULT_ROLE),)

    def validate_name(self, name, where):
        try:
            return str(ipaddress.ip_address(str(name).strip()))
        except ValueError:
            raise ModelError('%s: name %r is not an IP address; name each switch by the IP address it is discovered at '
                             '(its seed IP), such as 192.0.2.11.' % (where, name)) from None

    def from_task(self, item, index):
        partial = super().from_task(item, index)
        partial.pop('template_params', None)
        partial.pop('attach', None)
        if item.get('preserve_config') is not None:
            partial['preserve_config'] = Field('preserve_config', 'bool').coerce(item['preserve_config'], 'config[%d]' % index)
        return partial

    def validate(self, partial, where):
        role = partial.get('role')
        if role is not None:
            role = role.strip().lower().replace(' ', '_').replace('-', '_')
            if role not in ROLES:
                raise ModelError('%s: role %r is not a switch role; use one of %s.' % (where, partial['role'], ', '.join(ROLES)))
            partial['role'] = role

    def defaults(self, name):
        return {'name': name, 'role': DEFAULT_ROLE}

    def for_output(self, obj):
        return {'name': obj['name'], 'role': obj.get('role') or DEFAULT_ROLE}


def split_add_options(wants):
    """{name: {option: value}} of how each listed switch is added, taken out of the wanted objects."""
    return {want['name']: {option: want.pop(option) for option in ADD_OPTIONS if option in want} for want in wants}
