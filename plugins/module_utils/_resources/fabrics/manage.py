# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabrics resource on the /api/v1/manage API of a 4.2 dashboard.

The same model as ``fabrics.FabricMapping`` (a fabric as the user writes it), mapped to the typed
fabric object of ``/api/v1/manage/fabrics`` (``name``, and its settings under ``management``),
field by field as docs/api/platform.yaml (GET /api/v1/manage/fabrics) pairs them with the legacy nvPairs. The legacy
template becomes ``management.type``; the nvPairs that 4.2 types and this module does not name as
options (``GRFIELD_DEBUG_FLAG``, the default VRF and network templates) stay ``template_params``
under their legacy keys, so a playbook reads and writes the same on both APIs; a ``template_params``
key of an option (``BGP_AS``) is that option, as on the legacy API. What this mapping
cannot do, it refuses before any write: ``replaced`` and ``overridden`` (4.2 has no recorded read of
a template's defaults to reset to), a deploy (the name of 4.2's fabric deploy action is not settled),
a change of ``deployment_freeze`` (4.2 has a read of it, no recorded write), a ``template_params`` key
outside the map, a template whose ``management.type`` is not known.
"""

from __future__ import annotations

import copy

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API, Mapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.common import each_fabric, fabric_deploy_plan, take_option_keys

DEPLOY_REFUSED = ('deploy is not done through the /api/v1/manage API yet (the name of its fabric deploy action is not settled); '
                  'leave deploy out, or use controller_api: legacy on a dashboard that serves the legacy API. Nothing was written.')
# management.type of the fabric kinds whose legacy template is known (docs/api/platform.yaml, GET /api/v1/manage/fabrics; the eBGP pairing is uncertain)
TYPE_OF_TEMPLATE = {'Easy_Fabric': 'vxlanIbgp', 'External_Fabric': 'externalConnectivity'}
TEMPLATE_OF_TYPE = {kind: template for template, kind in TYPE_OF_TEMPLATE.items()}
# What a new fabric of a kind must give (the legacy template marks BGP_AS mandatory without a default; 4.2's own rule is not
# recorded): refused before any write, as on the legacy API.
REQUIRED = {'vxlanIbgp': ('bgp_asn',), 'externalConnectivity': ('bgp_asn',)}
# The kinds whose legacy template has every option this module names: a text setting the typed object leaves out is one
# the legacy API shows empty ("") [uncertain: whether 4.2 leaves out or sends empty strings is not recorded]
EVERY_OPTION_KINDS = ('vxlanIbgp',)


def _same(value):
    return value


def _enum(pairs):
    """(to the option, to manage) of a setting whose values differ between the APIs (``Multicast`` / ``multicast``)."""
    to_option = dict(pairs)
    to_manage = {option: manage for manage, option in pairs}
    return (lambda value: to_option.get(value, value)), (lambda value: to_manage.get(value, value))


_REPLICATION = _enum([('multicast', 'Multicast'), ('ingress', 'Ingress')])
_ROUTING = _enum([('ospf', 'ospf'), ('isis', 'is-is')])   # [uncertain] platform.yaml gives ospf|isis, the legacy template is-is
_GREENFIELD = _enum([('enable', 'Enable'), ('disable', 'Disable')])

# (model option, its legacy nvPair key, management field, to the option, to manage): the x-legacy map of ManageFabric in docs/api/platform.yaml
OPTIONS = (
    ('bgp_asn', 'BGP_AS', 'bgpAsn', _same, str),
    ('site_id', 'SITE_ID', 'siteId', _same, str),
    ('replication_mode', 'REPLICATION_MODE', 'replicationMode') + _REPLICATION,
    ('multicast_group_subnet', 'MULTICAST_GROUP_SUBNET', 'multicastGroupSubnet', _same, str),
    ('anycast_gateway_mac', 'ANYCAST_GW_MAC', 'anycastGatewayMac', _same, str),
    ('fabric_mtu', 'FABRIC_MTU', 'fabricMtu', _same, int),
    ('underlay_routing', 'LINK_STATE_ROUTING', 'linkStateRoutingProtocol') + _ROUTING,
    ('l2_segment_id_range', 'L2_SEGMENT_ID_RANGE', 'l2VniRange', _same, str),
    ('l3_partition_id_range', 'L3_PARTITION_ID_RANGE', 'l3VniRange', _same, str),
    ('network_vlan_range', 'NETWORK_VLAN_RANGE', 'networkVlanRange', _same, str),
    ('vrf_vlan_range', 'VRF_VLAN_RANGE', 'vrfVlanRange', _same, str),
)
# A template_params key that names an option's nvPair (the legacy API takes BGP_AS there as well as bgp_asn): the option.
# DEPLOYMENT_FREEZE too, which 4.2 reads on a path of its own.
OPTION_OF_KEY = {key: option for option, key, *_rest in OPTIONS}
OPTION_OF_KEY['DEPLOYMENT_FREEZE'] = 'deployment_freeze'
# (legacy nvPair key, as template_params names it; management field, to the legacy text, to manage)
TEMPLATE_PARAMS = (
    ('GRFIELD_DEBUG_FLAG', 'greenfieldDebugFlag') + _GREENFIELD,
    ('default_vrf', 'vrfTemplate', _same, _same),
    ('default_network', 'networkTemplate', _same, _same),
    ('vrf_extension_template', 'vrfExtensionTemplate', _same, _same),
    ('network_extension_template', 'networkExtensionTemplate', _same, _same),
)
KEY_OF_OPTION = {option: key for key, option in OPTION_OF_KEY.items()}
TEMPLATE_KEYS = tuple(key for key, *_rest in TEMPLATE_PARAMS)
# The legacy template's defaults of those keys, by fabric kind (Easy_Fabric of NDFC 12.2, as GET .../templates/Easy_Fabric
# answers in docs/api/fabric-controller.yaml): gathered leaves a setting at its default out on both APIs (fabrics.gathered).
TEMPLATE_DEFAULTS = {'vxlanIbgp': {
    'GRFIELD_DEBUG_FLAG': 'Disable', 'default_vrf': 'Default_VRF_Universal', 'default_network': 'Default_Network_Universal',
    'vrf_extension_template': 'Default_VRF_Extension_Universal', 'network_extension_template': 'Default_Network_Extension_Universal',
}}


class FabricManageMapping(Mapping):
    """Fabrics on /api/v1/manage: one list read (and each fabric's deployment freeze), one request per fabric written."""

    API = MANAGE_API

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {name: fabric object as read}: an update sends the whole object back, changed
        self.raw = {}
        # {name: config item}: a create sends what the task gives only
        self.wanted = {}

    def object_from_manage(self, fabric):
        name = str(fabric.get('name'))
        management = fabric.get('management') if isinstance(fabric.get('management'), dict) else {}
        kind = management.get('type')
        obj = {'name': name, 'template': TEMPLATE_OF_TYPE.get(kind, str(kind))}
        where = 'fabric %s as read' % name
        for option, _key, field, to_option, _to_manage in OPTIONS:
            if management.get(field) is not None:
                value = self.model.fields[option].coerce(to_option(management[field]), where)
                if value is not None:
                    obj[option] = value
            elif kind in EVERY_OPTION_KINDS and self.model.fields[option].kind == 'str':
                obj[option] = ''
        obj['template_params'] = {key: template_text(to_legacy(management[field]))
                                  for key, field, to_legacy, _to_manage in TEMPLATE_PARAMS if management.get(field) is not None}
        return obj

    def management_of(self, obj):
        """The ``management`` fields of what ``obj`` (a model object, or a config item) gives."""
        management = {}
        for option, _key, field, _to_option, to_manage in OPTIONS:
            if obj.get(option) is not None:
                management[field] = to_manage(obj[option])
        for key, field, _to_legacy, to_manage in TEMPLATE_PARAMS:
            value = (obj.get('template_params') or {}).get(key)
            if value is not None:
                management[field] = to_manage(template_text(value))
        return management

    def gathered(self, have):
        """What gathered lists: of template_params, the settings that differ from the legacy template's defaults, as the
        legacy mapping lists them (``FabricMapping.gathered``), so that a fabric gathers the same through either API."""
        for obj in have.values():
            defaults = TEMPLATE_DEFAULTS.get(TYPE_OF_TEMPLATE.get(obj.get('template')), {})
            obj['template_params'] = {key: value for key, value in obj['template_params'].items() if defaults.get(key) != value}
        return have

    def read(self, names=None):
        answer = self.client.read('/fabrics') or {}
        fabrics = answer.get('fabrics') if isinstance(answer, dict) else None
        have = {}
        for fabric in fabrics or []:
            if isinstance(fabric, dict) and fabric.get('name') and (names is None or str(fabric['name']) in names):
                self.raw[str(fabric['name'])] = fabric
                have[str(fabric['name'])] = self.object_from_manage(fabric)
        for name, obj in have.items():
            # not part of the fabric object on 4.2: a read of its own (absent: not frozen)
            frozen = self.client.read('/fabrics/%s/deploymentFreeze' % segment(name), absent=lambda exc: exc.status == 404)
            obj['deployment_freeze'] = bool(isinstance(frozen, dict) and frozen.get('deploymentFreeze'))
        return have

    @staticmethod
    def config_hint(state):
        return 'list the fabrics to %s' % ('render' if state == 'rendered' else 'create or update')

    def prepare(self, wants, have):
        del have
        state = self.params.get('state')
        if state in ('replaced', 'overridden'):
            raise ModelError('state %s resets what a fabric does not give to its template\'s defaults, which the /api/v1/manage '
                             'API does not tell this module; use state merged, or controller_api: legacy on a dashboard that '
                             'serves the legacy API. Nothing was written.' % state)
        self.prepare_offline(wants)

    def prepare_offline(self, wants):
        """What this mapping cannot carry, refused before any write (rendered too); a template_params key of an option is
        that option, as on the legacy API (the option wins when both are given)."""
        self.wanted = {want['name']: want for want in wants}
        for index, want in enumerate(wants):
            where = 'config[%d] (fabric %s)' % (index, want['name'])
            take_option_keys(self.model, want, where, OPTION_OF_KEY)
            self.model.validate(want, where)
            outside = sorted(key for key in want.get('template_params') or {} if key not in TEMPLATE_KEYS)
            if outside:
                raise ModelError('%s: template_params %s have no place in the fabric object of the /api/v1/manage API that '
                                 'this module knows; the ones it carries are %s. Leave them out, or use controller_api: legacy '
                                 'on a dashboard that serves the legacy API.' % (where, ', '.join(outside), ', '.join(TEMPLATE_KEYS)))
            template = want.get('template')
            if template is not None and template not in TYPE_OF_TEMPLATE:
                raise ModelError('%s: template %s has no fabric kind (management.type) this module knows on the /api/v1/manage '
                                 'API; it knows %s.' % (where, template, ', '.join(
                                     '%s (%s)' % pair for pair in sorted(TYPE_OF_TEMPLATE.items()))))

    def check(self, changes):
        refused = []
        for change in changes:
            if change.action not in ('create', 'update'):
                continue
            given = self.wanted.get(change.name) or {}
            current = (change.before or {}).get('deployment_freeze', False)
            if given.get('deployment_freeze') is not None and given['deployment_freeze'] != current:
                refused.append('fabric %s: deployment_freeze cannot be changed through the /api/v1/manage API (4.2 has a read '
                               'of it and no recorded write); leave it out, or use controller_api: legacy.' % change.name)
            if change.action == 'create':
                kind = TYPE_OF_TEMPLATE.get(change.after['template'])
                lacking = [option for option in REQUIRED.get(kind, ()) if given.get(option) in (None, '')]
                if lacking:
                    # worded as on the legacy API, which reads it from the template
                    refused.append('Cannot create fabric %s: its template %s requires %s and has no default for %s. Add %s to '
                                   "the fabric's config item." % (
                                       change.name, change.after['template'],
                                       ' and '.join('%s (%s)' % (option, KEY_OF_OPTION[option]) for option in lacking),
                                       'it' if len(lacking) == 1 else 'them', ' and '.join(lacking)))
        if refused:
            raise ModelError(' '.join(refused))
        if self.params.get('deploy') and any(change.action in ('create', 'update') for change in changes):
            raise ModelError(DEPLOY_REFUSED)

    def to_deploy(self, changes):
        """A fabric the task leaves alone whose switches are not all in sync would be deployed (``fabric_deploy_plan``):
        refused as the others are."""
        if fabric_deploy_plan(self, changes):
            raise ModelError(DEPLOY_REFUSED)
        return []

    def writes(self, changes, result):
        """Each fabric's write on its own; a refusal says what was done before it and what was not."""
        del result
        return each_fabric(self.client, changes, self.write_of)

    def write_of(self, change):
        if change.action == 'delete':
            return Request('DELETE', '/fabrics/%s' % segment(change.name))
        if change.action == 'create':
            # what the task gives only, with its kind: the controller fills in the defaults
            given = self.wanted[change.name]
            management = dict(self.management_of(given), type=TYPE_OF_TEMPLATE[change.after['template']])
            return Request('POST', '/fabrics', {'name': change.name, 'category': 'fabric', 'management': management})
        # the whole object as read, with the settings the task changes (not the empty ones the read left out)
        before = self.management_of(change.before)
        body = copy.deepcopy(self.raw[change.name])
        body.setdefault('management', {}).update(
            (field, value) for field, value in self.management_of(change.after).items() if before.get(field) != value)
        return Request('PUT', '/fabrics/%s' % segment(change.name), body)
