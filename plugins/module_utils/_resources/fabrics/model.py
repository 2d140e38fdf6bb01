# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a fabric as the user writes it (the fabrics module's model).
"""

from __future__ import annotations

import copy

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import Field, ModelError, ResourceModel

DEFAULT_TEMPLATE = 'Easy_Fabric'


# How BUM traffic is replicated (REPLICATION_MODE): the choices of the controller's templates.
REPLICATION_MODES = ('Multicast', 'Ingress')


class FabricModel(ResourceModel):
    KIND = 'fabric'
    PLURAL = 'fabrics'
    FIELDS = (
        Field('template', 'str', DEFAULT_TEMPLATE),
        Field('bgp_asn', 'str'),
        Field('site_id', 'str'),
        Field('replication_mode', 'str'),
        Field('multicast_group_subnet', 'str'),
        Field('anycast_gateway_mac', 'str'),
        Field('fabric_mtu', 'int'),
        Field('underlay_routing', 'str'),
        Field('l2_segment_id_range', 'str'),
        Field('l3_partition_id_range', 'str'),
        Field('network_vlan_range', 'str'),
        Field('vrf_vlan_range', 'str'),
        Field('deployment_freeze', 'bool'),
    )

    def __init__(self, template_defaults=None):
        """``template_defaults``: {template: fabric object of the template's defaults, mandatory ones left out}."""
        super().__init__()
        self.template_defaults = template_defaults or {}

    def validate(self, partial, where):
        # the argument spec refuses it first; this holds for a run given unvalidated params (FABRICS.run)
        mode = partial.get('replication_mode')
        if mode is not None and mode not in REPLICATION_MODES:
            raise ModelError('%s: replication_mode %r is not one the controller offers; use %s.'
                             % (where, mode, ' or '.join(REPLICATION_MODES)))

    def for_output(self, obj):
        out = super().for_output(obj)
        out.pop('attach')
        return out

    def merged(self, have, want):
        if have is not None and want.get('template', have.get('template')) != have.get('template'):
            raise ModelError('fabric %s was made from template %s; the controller cannot change the template of a fabric. Leave '
                             'template out, or delete the fabric and create it anew.' % (want['name'], have.get('template')))
        if have is None:
            # a new fabric: the template's defaults, as the controller will fill them in
            template = want.get('template') or DEFAULT_TEMPLATE
            have = copy.deepcopy(self.template_defaults.get(template) or {'template_params': {}})
            have.update(name=want['name'], template=template)
        result = super().merged(have, want)
        result.pop('attach', None)
        return result

    def replaced(self, have, want):
        """The template's defaults, the current value of what has no default (BGP_AS, say), then what is given."""
        template = want.get('template') or (have or {}).get('template') or DEFAULT_TEMPLATE
        self.merged(have, dict(want, template=template))  # refuses a template change
        result = copy.deepcopy(self.template_defaults.get(template) or {'name': want['name'], 'template_params': {}})
        result['name'] = want['name']
        result['template'] = template
        if have is not None:
            for field in self.FIELDS:
                if field.name not in result and field.name in have:
                    result[field.name] = have[field.name]
            for key, value in (have.get('template_params') or {}).items():
                result['template_params'].setdefault(key, value)
        for key, value in want.items():
            if key == 'template_params':
                result['template_params'].update(value)
            elif key != 'attach':
                result[key] = value
        result.pop('attach', None)
        return result

    def defaults(self, name):
        return {'name': name, 'template': DEFAULT_TEMPLATE, 'template_params': {}}
