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


# How a switch is added: taken from the task, never compared with the inventory (which does not show the gateway and the
# image policy of a pre-provisioned switch, its day-0 settings).
ADD_OPTIONS = ('preserve_config', 'gateway', 'image_policy')

# What a pre-provisioned switch is, besides its address and role: given together, they make a config item a switch to
# pre-provision rather than to discover; gathered lists them for a switch the controller cannot manage yet.
PREPROVISION_FIELDS = ('serial_number', 'model', 'version', 'hostname')
# What pre-provisioning a switch needs besides its address
PREPROVISION_NEEDS = PREPROVISION_FIELDS + ('gateway',)


class SwitchModel(ResourceModel):
    KIND = 'switch'
    PLURAL = 'switches'
    NOT_PARTS = ('template_params', 'attach') + ADD_OPTIONS
    # maintenance and the pre-provisioned fields: the controller's when not given (replaced keeps them)
    # poap: whether a switch that asks for POAP is brought in; a read object has it (false) only while this task may bring
    # it in (life.mark_poap)
    FIELDS = (Field('role', 'str', DEFAULT_ROLE), Field('maintenance', 'bool'), Field('poap', 'bool'), Field('rma', 'bool')) + tuple(
        Field(name, 'str') for name in PREPROVISION_FIELDS)

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
        for option in ('gateway', 'image_policy'):
            if item.get(option) is not None:
                partial[option] = str(item[option]).strip()
        where = 'config[%d] (switch %s)' % (index, partial['name'])
        if partial.get('gateway') is not None:
            partial['gateway'] = gateway_with_mask(partial['gateway'], where)
        for name in PREPROVISION_FIELDS:
            if partial.get(name) is not None:
                partial[name] = partial[name].strip()
                if not partial[name]:
                    raise ModelError('%s: %s is empty; give a value, or leave it out.' % (where, name))
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
        out = {'name': obj['name'], 'role': obj.get('role') or DEFAULT_ROLE}
        for name in ('maintenance',) + PREPROVISION_FIELDS + ('poap', 'rma'):
            if obj.get(name) is not None:
                out[name] = obj[name]
        return out


def split_add_options(wants):
    """{name: {option: value}} of how each listed switch is added, taken out of the wanted objects."""
    return {want['name']: {option: want.pop(option) for option in ADD_OPTIONS if option in want} for want in wants}


def gateway_with_mask(text, where):
    """A pre-provisioned switch's gateway as its day-0 config takes it: an address with the mask length of its subnet."""
    try:
        ipaddress.ip_interface(text)
    except ValueError:
        raise ModelError('%s: gateway %r is not an address with a mask length; give it as 192.0.2.1/24.' % (where, text)) from None
    if '/' not in text:
        raise ModelError('%s: gateway %r has no mask length; give it as 192.0.2.1/24.' % (where, text))
    return text


def is_preprovisioned(obj):
    """Whether a config item (or an object read) describes a switch pre-provisioned rather than discovered."""
    return obj.get('serial_number') is not None
