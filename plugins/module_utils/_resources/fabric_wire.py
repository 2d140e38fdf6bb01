# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabrics module's options as NDFC ``lan-fabric`` fields (facts, sections 3.5, 4, 5).

The one place that knows ``nvPairs`` keys and the fabric paths. A fabric is created and updated
at ``control/fabrics/{name}/{template}`` with a flat object of every nvPair (ND 4.x refuses a
partial update), read at ``control/fabrics``, deleted at ``control/fabrics/{name}``.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import template_text

TEMPLATES_PREFIX = '/appcenter/cisco/ndfc/api/v1/configtemplate/rest/config/templates'
NV_PAIRS = {
    'bgp_asn': 'BGP_AS',
    'site_id': 'SITE_ID',
    'replication_mode': 'REPLICATION_MODE',
    'multicast_group_subnet': 'MULTICAST_GROUP_SUBNET',
    'anycast_gateway_mac': 'ANYCAST_GW_MAC',
    'fabric_mtu': 'FABRIC_MTU',
    'underlay_routing': 'LINK_STATE_ROUTING',
    'l2_segment_id_range': 'L2_SEGMENT_ID_RANGE',
    'l3_partition_id_range': 'L3_PARTITION_ID_RANGE',
    'network_vlan_range': 'NETWORK_VLAN_RANGE',
    'vrf_vlan_range': 'VRF_VLAN_RANGE',
    'deployment_freeze': 'DEPLOYMENT_FREEZE',
}
# nvPairs the controller derives (the name) or that clients strip before a write (facts 4.4, 4.5): the
# client-side DEPLOY and FABRIC_TYPE, and the keys ND 4.x refuses in a PUT. Everything else is sent as
# read, the template's internal parameters (``*_PREV`` and the like) included: ND 4.x refuses an update
# that leaves them out or empties them (facts 4.5, dc-vxlan #862).
NOT_SETTINGS = ('FABRIC_NAME',)
NEVER_SENT = ('DEPLOY', 'FABRIC_TYPE', 'dcnmUser', 'DHCP_FORCE', 'DOMAIN_NAME_INTERNAL', 'INBAND_ENABLE_PREV', 'PNP_ENABLE_INTERNAL')


class FabricWire:
    def __init__(self, model, controller, templates_controller):
        self.model = model
        self.controller = controller
        self.templates = templates_controller

    def object_from_pairs(self, name, template, pairs):
        where = 'fabric %s as read' % name
        obj = {'name': name, 'template': template}
        for option, key in NV_PAIRS.items():
            if key in pairs and pairs[key] is not None:
                value = self.model.fields[option].coerce(pairs[key], where)
                if value is not None:
                    obj[option] = value
        obj['template_params'] = {key: template_text(value) for key, value in pairs.items()
                                  if key not in NV_PAIRS.values() and key not in NOT_SETTINGS and value is not None}
        return obj

    def pairs_to_wire(self, obj):
        """Every nvPair of the fabric as text (what the controller stores), as read but for the task's changes."""
        pairs = {key: value for key, value in (obj.get('template_params') or {}).items() if key not in NEVER_SENT}
        for option, key in NV_PAIRS.items():
            if obj.get(option) is not None:
                pairs[key] = template_text(obj[option])
        pairs['FABRIC_NAME'] = obj['name']
        return pairs

    def read(self):
        answer = self.controller.read('/control/fabrics') or []
        have = {}
        for fabric in answer:
            if isinstance(fabric, dict):
                pairs = fabric.get('nvPairs') or {}
                name = str(pairs.get('FABRIC_NAME') or fabric.get('fabricName'))
                have[name] = self.object_from_pairs(name, str(fabric.get('templateName')), pairs)
        return have

    def template_defaults(self, template):
        """The template's defaults as a fabric object; parameters without a default (mandatory ones) left out."""
        try:
            answer = self.templates.read('/%s' % segment(template))
        except ApiError as exc:
            raise ApiError('The controller has no fabric template %s (HTTP %d); give one it offers, such as Easy_Fabric.'
                           % (template, exc.status), exc.status) from None
        pairs = {}
        for parameter in (answer or {}).get('parameters') or []:
            if not isinstance(parameter, dict):
                continue
            if str((parameter.get('annotations') or {}).get('IsInternal')).lower() == 'true':
                # the controller's own bookkeeping: never reset (replaced keeps the value read), sent as read
                continue
            default = template_default(parameter)
            if default is not None:
                pairs[str(parameter.get('name'))] = default
        return self.object_from_pairs('', template, pairs)

    def create_request(self, obj):
        """``obj``: what the task gives only; the controller fills in the template's defaults (facts 4.4)."""
        return ('POST', '/control/fabrics/%s/%s' % (segment(obj['name']), segment(obj['template'])), self.pairs_to_wire(obj))

    def create(self, obj):
        self.controller.write(*self.create_request(obj))

    def update(self, obj):
        self.controller.write('PUT', '/control/fabrics/%s/%s' % (segment(obj['name']), segment(obj['template'])),
                              self.pairs_to_wire(obj))

    def delete(self, name):
        self.controller.write('DELETE', '/control/fabrics/%s' % segment(name))

    def save_and_deploy(self, name):
        self.controller.write('POST', '/control/fabrics/%s/config-save' % segment(name))
        self.controller.write('POST', '/control/fabrics/%s/config-deploy' % segment(name), params={'forceShowRun': 'false'})


def template_default(parameter):
    """A template parameter's default: the controller's templates keep it in metaProperties (facts 3.5), some at the top."""
    if parameter.get('defaultValue') is not None:
        return parameter['defaultValue']
    meta = parameter.get('metaProperties')
    return meta.get('defaultValue') if isinstance(meta, dict) else None
