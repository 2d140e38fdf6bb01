# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: VRFs and networks on the /api/v1/manage API of a 4.2 dashboard.

The same models and the same plan as ``overlay.legacy.OverlayMapping`` (the legacy top-down API): this
mapping differs only where the wire does (docs/api/platform.yaml, ``/api/v1/manage/fabrics/{fabric}/vrfs``,
``/networks`` and their attachments and actions). What it reads it turns, at the edge, into the
legacy view the shared code reads (a template config of the legacy keys, as text; attachment
entries with the legacy states), so the model, its checks and its output stay one; what it writes
it turns back into the typed manage objects, field by field as ``WIRE`` pairs them (the
legacy-to-manage map, x-legacy in docs/api/platform.yaml).

What differs on 4.2, and is refused before any write: a ``template_params`` key that the typed
object has no place for (the keys it has are ``WIRE`` keys no option owns), and a template other
than the default ones (4.2 takes custom templates as a ``*TemplateConfig`` of their own, which
this mapping does not carry). Updates go one PUT per object (4.2 has no bulk update), deletes
through ``*Actions/remove``; the attachments are read with one POST ``*Attachments/query`` per
batch, not counted as a write.
"""

from __future__ import annotations

import copy

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, name_batches, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import role_manage_to_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import read_manage_inventory
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.checks import OverlayChecks
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.legacy import ATTACHMENT_READ_BATCH, DELETE_BATCH, OverlayMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# (where the manage object holds it, the legacy template config key, its type on 4.2): docs/api/platform.yaml (ManageVrf)
VRF_WIRE = (
    (('vlanId',), 'vrfVlanId', int),
    (('coreData', 'vrfVlanName'), 'vrfVlanName', str),
    (('coreData', 'vrfInterfaceDescription'), 'vrfIntfDescription', str),
    (('coreData', 'vrfDescription'), 'vrfDescription', str),
    (('coreData', 'mtu'), 'mtu', int),
    (('coreData', 'routingTag'), 'tag', int),
    (('coreData', 'vrfRouteMap'), 'vrfRouteMap', str),
    (('coreData', 'v6VrfRouteMap'), 'v6VrfRouteMap', str),
    (('coreData', 'maxBgpPaths'), 'maxBgpPaths', int),
    (('coreData', 'maxIbgpPaths'), 'maxIbgpPaths', int),
    (('coreData', 'ipv6LinkLocal'), 'ipv6LinkLocalFlag', bool),
    (('coreData', 'disableRtAuto'), 'disableRtAuto', bool),
    (('coreData', 'routeTargetImport'), 'routeTargetImport', list),
    (('coreData', 'routeTargetExport'), 'routeTargetExport', list),
    (('coreData', 'evpnRouteTargetImport'), 'routeTargetImportEvpn', list),
    (('coreData', 'evpnRouteTargetExport'), 'routeTargetExportEvpn', list),
    (('fabricData', 'advertiseHostRoute'), 'advertiseHostRouteFlag', bool),
    (('fabricData', 'advertiseDefaultRoute'), 'advertiseDefaultRouteFlag', bool),
    (('fabricData', 'configureStaticDefaultRoute'), 'configureStaticDefaultRouteFlag', bool),
    (('fabricData', 'bgpPassword'), 'bgpPassword', str),
    (('fabricData', 'bgpPasswordKeyType'), 'bgpPasswordKeyType', int),
    (('fabricData', 'trmData', 'ipv4Trm'), 'trmEnabled', bool),
    (('fabricData', 'trmData', 'v4RpExternal'), 'isRPExternal', bool),
    (('fabricData', 'trmData', 'v4RpAddress'), 'rpAddress', str),
    (('fabricData', 'trmData', 'l3VniMulticastGroup'), 'L3VniMcastGroup', str),
    (('fabricData', 'trmData', 'v4MulticastGroup'), 'multicastGroup', str),
    (('fabricData', 'trmData', 'loopbackNumber'), 'loopbackNumber', int),
)
# docs/api/platform.yaml (ManageNetwork); a layer-2-only network is one without vrfName
NETWORK_WIRE = (
    (('vlanId',), 'vlanId', int),
    (('l2Data', 'vlanName'), 'vlanName', str),
    (('l2Data', 'fabricData', 'multicastGroup'), 'mcastGroup', str),
    (('l2Data', 'rtAuto'), 'rtBothAuto', bool),
    (('l3Data', 'gatewayIpv4Address'), 'gatewayIpAddress', str),
    (('l3Data', 'gatewayIpv6Address'), 'gatewayIpV6Address', str),
    (('l3Data', 'vlanInterfaceDescription'), 'intfDescription', str),
    (('l3Data', 'mtu'), 'mtu', int),
    (('l3Data', 'arpSuppression'), 'suppressArp', bool),
    (('l3Data', 'routingTag'), 'tag', int),
    (('l3Data', 'fabricData', 'loopbackId'), 'loopbackId', int),
    (('l3Data', 'fabricData', 'gatewayOnBorder'), 'enableL3OnBorder', bool),
    (('l3Data', 'fabricData', 'ipv4Trm'), 'trmEnabled', bool),
)
# The attachment and object states of 4.2 (lower camel case) as the legacy API spells them, which the waits read
LEGACY_STATES = {'deployed': 'DEPLOYED', 'pending': 'PENDING', 'inProgress': 'IN PROGRESS', 'deploymentInProgress': 'IN PROGRESS',
                 'notApplicable': 'NA', 'outOfSync': 'OUT-OF-SYNC', 'failed': 'FAILED', 'inSync': 'IN-SYNC'}
# The fabric settings the intent checks read (their legacy nvPair names) and where the manage fabric holds them
RANGE_FIELDS = {'L2_SEGMENT_ID_RANGE': 'l2VniRange', 'L3_PARTITION_ID_RANGE': 'l3VniRange',
                'NETWORK_VLAN_RANGE': 'networkVlanRange', 'VRF_VLAN_RANGE': 'vrfVlanRange'}
# [uncertain] the mode of the ports an attachment carries: the legacy API's switch ports are trunk ports
PORT_MODE = 'trunk'


def legacy_text(value, kind):
    """A typed manage value as the legacy template config holds it (text); None for none."""
    if value is None:
        return None
    if kind is bool:
        return 'true' if value is True else 'false' if value is False else str(value)
    if kind is list:
        return ','.join(str(item) for item in value) if isinstance(value, list) else str(value)
    return str(value)


def typed(value, kind, where):
    """A legacy config value (an option's value, or a template_params text) as the manage type; ModelError if it is none."""
    if kind is bool:
        if isinstance(value, bool):
            return value
        if str(value).lower() in ('true', 'false'):
            return str(value).lower() == 'true'
        raise ModelError('%s must be true or false on the /api/v1/manage API, not %r; give true or false. Nothing was written.'
                         % (where, value))
    if kind is int:
        try:
            return int(str(value))
        except ValueError:
            raise ModelError('%s must be a whole number on the /api/v1/manage API, not %r; give a number. Nothing was written.'
                             % (where, value)) from None
    if kind is list:
        return [part.strip() for part in str(value).split(',') if part.strip()]
    return template_text(value)


class ManageOverlayChecks(OverlayChecks):
    """The intent checks of ``OverlayChecks``, reading the fabric's settings and a switch's ports on /api/v1/manage."""

    # GET /fabrics/{fabric} of docs/api/platform.yaml
    FABRIC_PATH = '/fabrics/%s'

    @staticmethod
    def settings_of(fabric):
        """The fabric's VNI and VLAN ranges (its ``management``), by their legacy names."""
        management = fabric.get('management')
        management = management if isinstance(management, dict) else {}
        return {setting: str(management[field]) for setting, field in RANGE_FIELDS.items() if management.get(field) is not None}

    def interfaces_read(self, serial):
        """GET /fabrics/{fabric}/switches/{serial}/interfaces of docs/api/platform.yaml."""
        return '/fabrics/%s/switches/%s/interfaces' % (segment(self.mapping.fabric), segment(serial)), None

    @staticmethod
    def interface_names(answer):
        listed = answer.get('interfaces') if isinstance(answer, dict) else None
        return [str(item['interfaceName']) for item in listed or [] if isinstance(item, dict) and item.get('interfaceName')]


class OverlayManageMapping(OverlayMapping):
    """The /api/v1/manage mapping of VRFs or networks: a subclass sets ``kind`` (the same object as the legacy mapping's:
    ``vrfs.kind.VRF``, ``networks.kind.NETWORK``), ``WIRE`` (VRF_WIRE or NETWORK_WIRE) and ``NEXT_ID`` (its
    ``*PreInformation`` read and field)."""

    API = MANAGE_API
    FABRIC_PATH = '/fabrics/%s'
    DEPLOY_PATH = '%s/%sActions/deploy'

    WIRE = ()

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {name: the manage object as read}: an update sends it back whole, changed
        self.manage_raw = {}

    # names and paths

    def deploy_body(self, names):
        return {self.kind.names_key: list(names)}

    @property
    def template_params_keys(self):
        """The legacy template keys the typed object has a place for and no option owns: the template_params 4.2 takes."""
        owned = set(self.kind.TEMPLATE_KEYS.values()) | set(self.kind.IDENTITY_KEYS)
        return tuple(key for _path, key, _kind in self.WIRE if key not in owned)

    # manage -> the legacy view the shared code reads

    def legacy_view(self, item):
        """A listed manage object as the legacy API lists it: the shared model code reads this."""
        config = {}
        for path, key, kind in self.WIRE:
            value = item
            for part in path:
                value = value.get(part) if isinstance(value, dict) else None
            text = legacy_text(value, kind)
            if text is not None:
                config[key] = text
        view = {self.kind.name_key: str(item[self.kind.name_key]), 'fabric': item.get('fabricName') or self.fabric,
                self.kind.config_key: config}
        for option, key in self.kind.TOP_LEVEL.items():
            view[key] = self.top_level_from_manage(option, item)
        return view

    def top_level_from_manage(self, option, item):
        """The legacy top-level field of ``option`` from a manage object: the id, and the templates (the default ones when the
        object names none: it is of a ``*Type`` then)."""
        if option == self.model.ID_FIELD:
            return item.get(self.kind.NAME + 'Id')
        if option in ('template', 'extension_template'):
            field = '%s%sTemplateName' % (self.kind.NAME, 'Extension' if option == 'extension_template' else '')
            return item.get(field) or self.model.fields[option].default
        return None

    def legacy_attachment(self, detail):
        """An attachment of a ``*Attachments/query`` answer as a legacy lanAttachList entry."""
        ports = [str(item.get('interfaceRange')) for item in detail.get('interfaces') or [] if isinstance(item, dict)
                 and item.get('interfaceRange')]
        return {
            'switchSerialNo': detail.get('switchId'), 'switchName': detail.get('switchName'),
            'switchRole': role_manage_to_controller(detail.get('switchRole')), 'isLanAttached': detail.get('attach') is True,
            'lanAttachState': LEGACY_STATES.get(detail.get('status'), str(detail.get('status') or 'NA')),
            'vlanId': detail.get('vlanId'), 'portNames': ','.join(ports),
        }

    # reads

    def read_objects(self):
        try:
            answer = self.client.read('%s/%s' % (self.fabric_path, self.kind.plural))
        except ApiError as exc:
            raise self.fabric_error(exc) from None
        listed = answer.get(self.kind.plural) if isinstance(answer, dict) else None
        objects = [item for item in listed or [] if isinstance(item, dict) and item.get(self.kind.name_key)]
        self.manage_raw = {str(item[self.kind.name_key]): item for item in objects}
        views = [self.legacy_view(item) for item in objects]
        self.raw = {view[self.kind.name_key]: view for view in views}
        return views

    def attachment_batches(self, names):
        for batch in name_batches(list(names), most=ATTACHMENT_READ_BATCH):
            answer = self.client.query('%s/%sAttachments/query' % (self.fabric_path, self.kind.NAME), {self.kind.names_key: batch.split(',')})
            found = {}
            for detail in answer.get('attachments') or [] if isinstance(answer, dict) else []:
                if isinstance(detail, dict) and detail.get(self.kind.name_key):
                    found.setdefault(str(detail[self.kind.name_key]), []).append(self.legacy_attachment(detail))
            yield found

    def inventory(self):
        return read_manage_inventory(self.client, self.fabric)

    # what 4.2 cannot take, refused before any write

    def refuse_what_manage_cannot_carry(self, wants):
        allowed = self.template_params_keys
        for index, want in enumerate(wants):
            where = 'config[%d] (%s %s)' % (index, self.model.KIND, want['name'])
            if want.get('template_params'):
                # what sets nothing on the legacy API (nveId 1, an empty value: in a list gathered there) sets nothing here
                want['template_params'] = {key: value for key, value in want['template_params'].items()
                                           if key in allowed or not self.unset(key, value)}
            outside = sorted(key for key in want.get('template_params') or {} if key not in allowed)
            if outside:
                raise ModelError(
                    '%s: template_params %s %s no place in the typed %s object of the /api/v1/manage API (ND 4.2 and later); '
                    'the ones it has are %s. Use the module\'s options for what they cover, leave the others out, or set '
                    'controller_api: legacy on a dashboard that serves the legacy API. Nothing was written.'
                    % (where, ', '.join(outside), 'has' if len(outside) == 1 else 'have', self.model.KIND, ', '.join(allowed)))
            kinds = {key: kind for _path, key, kind in self.WIRE}
            for key, value in sorted((want.get('template_params') or {}).items()):
                typed(value, kinds[key], '%s: template_params %s' % (where, key))
            for option in ('template', 'extension_template'):
                given, default = want.get(option), self.model.fields[option].default
                if given is not None and given != default:
                    raise ModelError('%s: %s %s is not carried on the /api/v1/manage API by this module (it creates %ss of the '
                                     'default template %s there); leave %s out, or set controller_api: legacy on a dashboard '
                                     'that serves the legacy API. Nothing was written.'
                                     % (where, option, given, self.model.KIND, default, option))

    def prepare(self, wants, have):
        self.refuse_what_manage_cannot_carry(wants)
        super().prepare(wants, have)

    def prepare_offline(self, wants):
        self.refuse_what_manage_cannot_carry(wants)
        super().prepare_offline(wants)

    def check_intent(self, state, wants, changes, checks):
        ManageOverlayChecks(self).check_intent(state, wants, changes, checks)

    # model -> manage

    def object_to_controller(self, obj):
        """The whole manage object: as read (without what only the server sets), with the model's fields over it."""
        body = {key: copy.deepcopy(value) for key, value in self.manage_raw.get(obj['name'], {}).items()
                if not key.endswith('Status')}
        body.update({'fabricName': self.fabric, self.kind.name_key: obj['name']})
        if obj.get(self.model.ID_FIELD) is not None:
            body[self.kind.NAME + 'Id'] = obj[self.model.ID_FIELD]
        config = self.config_to_controller(obj)
        where = '%s %s' % (self.model.KIND, obj['name'])
        for path, key, kind in self.WIRE:
            value = config.get(key)
            target = body
            for part in path[:-1]:
                if value is not None and not isinstance(target.get(part), dict):
                    # an object of the body is made only for a value to put in it
                    target[part] = {}
                target = target.get(part)
                if not isinstance(target, dict):
                    break
            else:
                if value is not None:
                    target[path[-1]] = typed(value, kind, '%s: %s' % (where, key))
                else:
                    target.pop(path[-1], None)
        return body

    def create_bulk(self, objs):
        body = {self.kind.plural: [self.object_to_controller(obj) for obj in objs]}
        answer = yield Request('POST', '%s/%s' % (self.fabric_path, self.kind.plural), body)
        check_results('creating %ss in fabric %s' % (self.kind.NAME, self.fabric), [obj['name'] for obj in objs], answer, self.kind.name_key)

    def update_steps(self, objs):
        """One PUT per changed object, sent whole (4.2 has no bulk update)."""
        for obj in objs:
            yield Request('PUT', '%s/%s/%s' % (self.fabric_path, self.kind.plural, segment(obj['name'])), self.object_to_controller(obj))

    def manage_attachment(self, name, serial, before, after):
        """One item of ``*Attachments``: attach (with its own VLAN, if any) or detach."""
        del before
        item = {self.kind.name_key: name, 'switchId': serial, 'attach': after is not None}
        if after is not None and after.get('vlan'):
            item['vlanId'] = after['vlan']
        return item

    def attach_steps(self, changes):
        items, labels = [], []
        for change in changes:
            for serial, (before, after) in change.attachments.items():
                items.append(self.manage_attachment(change.name, serial, before, after))
                labels.append('%s on %s' % (change.name, (after or before or {}).get('switch') or serial))
        if items:
            answer = yield Request('POST', '%s/%sAttachments' % (self.fabric_path, self.kind.NAME), {'attachments': items})
            check_results('attaching %ss to switches in fabric %s' % (self.kind.NAME, self.fabric), labels, answer, None)

    def delete_requests(self, names):
        for batch in name_batches(names, most=DELETE_BATCH):
            answer = yield Request('POST', '%s/%sActions/remove' % (self.fabric_path, self.kind.NAME), {self.kind.names_key: batch.split(',')})
            check_results('deleting %ss in fabric %s' % (self.kind.NAME, self.fabric), batch.split(','), answer, self.kind.name_key)


def check_results(doing, labels, answer, name_key):
    """Raise ItemsFailed if a 207 ``{"results": [...]}`` answer lists failed items (a VRF answer lists only those when some
    failed). ``labels``: the items of the request, in order; an item's result is found by its name (``name_key``), or, for
    attachments (``name_key`` None), by its place, or by name and switch when the answer lists failures only."""
    results = answer.get('results') if isinstance(answer, dict) else None
    if not isinstance(results, list):
        return
    failed = {}
    for index, result in enumerate(results):
        if not isinstance(result, dict) or str(result.get('status', '')).lower() != 'failed':
            continue
        if name_key is not None:
            label = str(result.get(name_key))
        elif len(results) == len(labels):
            label = labels[index]
        else:
            label = '%s on %s' % (next((str(result[key]) for key in ('vrfName', 'networkName') if result.get(key)), '?'),
                                  result.get('switchName') or result.get('switchId'))
        failed[label] = result.get('message') or 'failed'
    if failed:
        raise ItemsFailed(doing, failed, [label for label in labels if label not in failed])
