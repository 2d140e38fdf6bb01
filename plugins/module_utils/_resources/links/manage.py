# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the links resource on the /api/v1/manage API of a 4.2 dashboard.

The same model, plan and intent checks as ``legacy.LinkMapping`` (its subclass): what differs is the wire
(docs/api/platform.yaml, ``/api/v1/manage/links``, ``/links/{linkId}``, ``/linkActions/remove``). A 4.2 link names its
ends ``src*``/``dst*`` and its template by ``configData.policyType`` (``POLICY_TYPES``), its settings are typed
``configData.templateInputs``, each one legacy nvPair (``INPUTS``, the ``x-legacy`` map of platform.yaml). What is read
is turned, at the edge, into the legacy link (``sw1-info``/``sw2-info``, ``templateName``, ``nvPairs``) that the legacy
mapping's read knows; what is written is the legacy nvPairs turned back into typed inputs.

- **Reads**: the switches of each fabric config names (one GET ``/fabrics/{f}/switches`` each, or the run's copy, as the
  legacy inventory), then one GET ``/links?fabricName=`` of the fabric's links; for a new link, the interfaces of its end
  switches once per run (GET ``/fabrics/{f}/switches/{sn}/interfaces``: the vPC peer-link's ports, ``check_peer_link``).
- **Writes**: ONE ``POST /linkActions/remove`` of the links deleted, one ``PUT /links/{linkId}`` per changed link, ONE
  ``POST /links`` of the new ones; each 207 answer that lists failed items fails the task naming them (the others are
  done). Then, with deploy, one ``switchActions/deploy`` per fabric of the switches at the ends and one wait
  (``deploy.deploy_and_wait`` over the switches' ``configSyncStatus``).
- **Freeze**: a task that deploys reads each deployed fabric's ``deploymentFreeze`` (one GET; 404: not frozen) and is
  refused before any write when it is frozen (GET ``/api/v1/manage/fabrics/{f}/deploymentFreeze`` in platform.yaml).

What 4.2 cannot carry is refused before any request (from config alone, in ``refuse_before_reading``) or before any write (what the plan
makes of what is read, in ``check``), naming the option and the release: a template no ``policyType`` pairs
(``ios_xe_int_intra_fabric_num_link``), and a setting or ``template_params`` key whose nvPair no template input pairs
(the source address of ``ext_evpn_multisite_overlay_setup``, ``SOURCE_IP``; template parameters other than those of
``INPUTS``). A link's inputs that no pairing names, read from the controller, are sent back unchanged on a PUT.

Requests against the legacy mapping on the same work: the same reads, one remove and one create for all where the legacy
API takes one request per link, and the ``deploymentFreeze`` read of a task that deploys.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import MANAGE_RELEASE, refuse_frozen
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nvpairs import TEXT
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import (
    FabricMissing,
    SwitchDirectory,
    kept_directory,
    read_manage_inventory,
    switch_labels,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_scoped import refusal_reason
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.legacy import PEER_LINK_MEMBER_POLICY, LinkMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.nvpairs import INFO, KINDS, nv_pairs, owned_keys
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

RELEASE = MANAGE_RELEASE
USE_LEGACY = 'or set controller_api: legacy on a dashboard that serves the legacy API. Nothing was written.'
# policyType <-> legacy template: docs/api/platform.yaml, ManageLinkConfigData.policyType
POLICY_TYPES = {'numbered': 'int_intra_fabric_num_link', 'unnumbered': 'int_intra_fabric_unnum_link',
                'ipv6LinkLocal': 'int_intra_fabric_ipv6_link_local', 'vpcPeerKeepalive': 'int_intra_vpc_peer_keep_alive_link',
                'preprovision': 'int_pre_provision_intra_fabric_link', 'ebgpVrfLite': 'ext_fabric_setup',
                'multisiteUnderlay': 'ext_multisite_underlay_setup', 'multisiteOverlay': 'ext_evpn_multisite_overlay_setup',
                'mplsOverlay': 'ext_vxlan_mpls_overlay_setup', 'mplsUnderlay': 'ext_vxlan_mpls_underlay_setup'}
POLICY_TYPE_OF_TEMPLATE = {template: kind for kind, template in POLICY_TYPES.items()}
# legacy nvPair -> (templateInputs field, its type): docs/api/platform.yaml, ManageLinkTemplateInputs
INPUTS = {'MTU': ('mtu', int), 'ADMIN_STATE': ('interfaceAdminState', bool), 'PEER1_IP': ('srcIp', str), 'PEER2_IP': ('dstIp', str),
          'PEER1_DESC': ('srcInterfaceDescription', str), 'PEER2_DESC': ('dstInterfaceDescription', str),
          'PEER1_CONF': ('srcInterfaceConfig', str), 'PEER2_CONF': ('dstInterfaceConfig', str), 'asn': ('srcEbgpAsn', str),
          'NEIGHBOR_ASN': ('dstEbgpAsn', str), 'IP_MASK': ('srcIpAddressMask', str), 'NEIGHBOR_IP': ('dstIpAddress', str),
          'ENABLE_MACSEC': ('macsec', bool)}
NVPAIR_OF_INPUT = {field: key for key, (field, _kind) in INPUTS.items()}


def input_text(value):
    """A template input's value as the legacy nvPair holds it."""
    if isinstance(value, bool):
        return 'true' if value else 'false'
    return str(value)


def legacy_view(link):
    """(a 4.2 link as GET /control/links/fabrics/{f} lists it, its inputs no pairing names)."""
    config = link.get('configData') if isinstance(link.get('configData'), dict) else {}
    template = POLICY_TYPES.get(config.get('policyType')) or str(config.get('templateName') or '')
    view = {'link-uuid': str(link.get('linkId') or ''), 'templateName': template, 'nvPairs': {}}
    for end, info_key, _prefix in INFO:
        view[info_key] = {'fabric-name': link.get(end + 'FabricName'), 'sw-serial-number': link.get(end + 'SwitchId'),
                          'sw-sys-name': link.get(end + 'SwitchName'), 'if-name': link.get(end + 'InterfaceName')}
    inputs = config.get('templateInputs') if isinstance(config.get('templateInputs'), dict) else {}
    extra = {}
    for field, value in inputs.items():
        if value is None:
            continue
        if field in NVPAIR_OF_INPUT:
            view['nvPairs'][NVPAIR_OF_INPUT[field]] = input_text(value)
        else:
            extra[field] = value
    # a text input 4.2 leaves out is the empty text the legacy API shows [uncertain: whether 4.2 leaves out or sends it]
    for key, option in owned_keys(template).items():
        if KINDS.get(option) is TEXT and key in INPUTS:
            view['nvPairs'].setdefault(key, '')
    return view, extra


class LinkManageMapping(LinkMapping):
    """Links on /api/v1/manage: the legacy mapping's model, plan and checks; the 4.2 paths and typed template inputs."""

    API = MANAGE_API

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {linkId: the inputs of the link no pairing names}: sent back as read on a PUT
        self.extra_inputs = {}

    # what 4.2 cannot carry

    def refuse_before_reading(self):
        """Refuse, from config alone and before any request, a template or template parameter 4.2 has no place for."""
        for index, item in enumerate(self.params.get('config') or []):
            template = item.get('template')
            if template is not None and str(template).strip() not in POLICY_TYPE_OF_TEMPLATE:
                raise ModelError('config[%d]: template %s has no policy type on %s, which takes %s; give one of those, %s' % (
                    index, template, RELEASE, ', '.join(sorted(POLICY_TYPE_OF_TEMPLATE)), USE_LEGACY))
            unknown = sorted(str(key) for key in item.get('template_params') or {} if str(key) not in INPUTS)
            if unknown:
                raise ModelError('config[%d]: template_params %s %s no template input on %s, which takes %s there; leave %s out, '
                                 '%s' % (index, ', '.join(unknown), 'has' if len(unknown) == 1 else 'have',
                                         RELEASE, ', '.join(sorted(INPUTS)), 'it' if len(unknown) == 1 else 'them', USE_LEGACY))

    def manage_inputs(self, obj):
        """The templateInputs of ``obj``; ModelError naming the option with no input on 4.2."""
        owners = owned_keys(obj.get('template'))
        inputs = {}
        for key, text in sorted(nv_pairs(obj).items()):
            if text is None:
                continue
            named = owners.get(key) or 'template_params %s' % key
            if key not in INPUTS:
                if text != '':
                    raise ModelError('link %s: %s (the template\'s %s) has no template input on %s; leave it out, %s' % (
                        obj['name'], named, key, RELEASE, USE_LEGACY))
                continue
            field, kind = INPUTS[key]
            text = str(text)
            if kind is bool:
                if text.lower() not in ('true', 'false'):
                    raise ModelError('link %s: %s must be true or false on %s, not %r; %s' % (obj['name'], named, RELEASE, text, USE_LEGACY))
                inputs[field] = text.lower() == 'true'
            elif kind is int:
                if not text.strip().isdigit():
                    raise ModelError('link %s: %s must be a whole number on %s, not %r; %s' % (obj['name'], named, RELEASE, text, USE_LEGACY))
                inputs[field] = int(text)
            else:
                inputs[field] = text
        return inputs

    def check(self, changes):
        """What the plan makes of what was read that 4.2 cannot carry, refused before any write, every one at once."""
        super().check(changes)
        refused = []
        for change in changes:
            if not change.changed or change.after is None:
                continue
            if change.after.get('template') not in POLICY_TYPE_OF_TEMPLATE:
                refused.append('link %s: template %s has no policy type on %s; %s' % (
                    change.name, change.after.get('template'), RELEASE, USE_LEGACY))
                continue
            try:
                self.manage_inputs(change.after)
            except ModelError as exc:
                refused.append(str(exc))
        if refused:
            raise ModelError(' '.join(refused))

    # reads

    def fabric_inventory(self, fabric, required=True):
        """A fabric's switches, from the run's copy when it names every switch config names there and the task does not
        deploy (the sync state is read fresh), else from one GET of the 4.2 switch list, which renews the copy; None for a
        fabric the controller does not have (an error when ``required``)."""
        if fabric in self.directories:
            return self.directories[fabric]
        named = None if self.params.get('deploy') else self.named_in(fabric)
        directory = kept_directory(self.client, fabric, named) if named is not None else None
        if directory is None:
            try:
                answer = self.client.read('/fabrics/%s/switches' % segment(fabric))
            except ApiError as exc:
                if exc.status != 404:
                    raise
                if required:
                    raise FabricMissing('Fabric %s does not exist on the controller (it answered HTTP 404 for its switches). Give '
                                        'the name of an existing fabric in fabric.' % fabric, exc.status) from None
                self.directories[fabric] = None
                return None
            listed = answer.get('switches') if isinstance(answer, dict) else None
            switches = read_manage_inventory(self.client, fabric, [entry for entry in listed or [] if isinstance(entry, dict)
                                                                   and (entry.get('switchId') or entry.get('serialNumber'))])
            directory = SwitchDirectory(fabric, switches)
        labels = switch_labels(list(directory.by_serial.values()))
        for serial, entry in directory.by_serial.items():
            self.labels[(fabric, serial)] = labels[serial]
            self.compliance[(fabric, serial)] = str(entry.get('ccStatus') or '')
        self.directories[fabric] = directory
        return directory

    def listed_links(self):
        """The fabric's links (1 GET /links?fabricName=) as the legacy list shows them."""
        answer = self.client.read('/links', params={'fabricName': self.fabric})
        listed = answer.get('links') if isinstance(answer, dict) else None
        views = []
        for link in listed or []:
            if isinstance(link, dict):
                view, extra = legacy_view(link)
                self.extra_inputs[view['link-uuid']] = extra
                views.append(view)
        return views

    def peer_link_members(self, fabric, serial):
        """[(interface, port-channel)] of the switch's peer-link members: the interfaces GET .../switches/{sn}/interfaces
        lists with the peer-link member template (``policy.configTemplate``, its ``portChannelId``) (1 GET)."""
        answer = self.client.read('/fabrics/%s/switches/%s/interfaces' % (segment(fabric), segment(serial)))
        found = []
        for item in (answer.get('interfaces') if isinstance(answer, dict) else None) or []:
            config = item.get('configData') if isinstance(item, dict) and isinstance(item.get('configData'), dict) else {}
            policy = (config.get('networkOS') or {}).get('policy') if isinstance(config.get('networkOS'), dict) else None
            if isinstance(policy, dict) and policy.get('configTemplate') == PEER_LINK_MEMBER_POLICY and item.get('interfaceName'):
                channel = policy.get('portChannelId')
                found.append((interface_name(item['interfaceName'])[1], 'port-channel%s' % channel if channel is not None else ''))
        return found

    # deploy

    def to_deploy(self, changes):
        """The legacy mapping's switches to deploy; a frozen fabric among them refuses the task, before any write."""
        names = super().to_deploy(changes)
        if self.deploying and not self.client.offline:
            for fabric in sorted({fabric for fabric, _serial in self.deploying}):
                refuse_frozen(self.client, fabric, ', '.join(names))
        return names

    # writes

    def manage_link(self, obj):
        """The 4.2 link of ``obj``, its ends in the controller's order: a managed end by its switch id and name, the far end
        of an inter-fabric link the controller does not manage by its name alone."""
        link = {}
        for index, (end, _info_key, _prefix) in enumerate(INFO):
            fabric, serial, interface = self.ends[obj['name']][index]
            managed = self.managed(fabric, serial)
            name = str(self.directories[fabric].by_serial[serial].get('logicalName') or '') if managed and not self.client.offline else ''
            link.update({end + 'FabricName': fabric, end + 'SwitchName': name or obj['%s_switch' % end], end + 'InterfaceName': interface})
            if managed:
                link[end + 'SwitchId'] = serial
        link['configData'] = {'policyType': POLICY_TYPE_OF_TEMPLATE[obj['template']], 'templateInputs': self.manage_inputs(obj)}
        return link

    def bulk(self, request, doing, names, ids, done, failed):
        """Send a bulk write; each failed item of its 207 answer goes to ``failed`` by name (``ids``: the answer's linkId of
        each name, or None where the answer is in the request's order), the others to ``done``."""
        try:
            answer = yield request
        except ApiError as exc:
            failed.update({name: refusal_reason(exc) for name in names})
            return
        results = answer.get('links') if isinstance(answer, dict) else None
        results = [entry for entry in results if isinstance(entry, dict)] if isinstance(results, list) else []
        by_id = {str(entry.get('linkId')): entry for entry in results}
        for index, name in enumerate(names):
            entry = by_id.get(ids[index]) if ids else (results[index] if index < len(results) else None)
            if entry is not None and str(entry.get('status', '')).lower() == 'failure':
                failed[name] = entry.get('message') or 'failed'
            else:
                done.append(name)

    def writes(self, changes, result):
        """One remove of the links deleted (they free ports a new link may take), one PUT per changed link, one create of the
        new ones. A refused link does not stop the others; the task then fails naming each, and deploys nothing. Then the
        deploy, one wait."""
        done, failed = [], {}
        removals = [change.name for change in changes if change.action == 'delete']
        if removals:
            ids = [self.uuids[name] for name in removals]
            yield from self.bulk(Request('POST', '/linkActions/remove', {'links': ids}), 'removing', removals, ids, done, failed)
        for change in changes:
            if change.action == 'update':
                uuid = self.uuids[change.name]
                body = self.manage_link(change.after)
                body['linkId'] = uuid
                body['configData']['templateInputs'] = dict(self.extra_inputs.get(uuid) or {}, **body['configData']['templateInputs'])
                try:
                    yield Request('PUT', '/links/%s' % segment(uuid), body)
                except ApiError as exc:
                    failed[change.name] = refusal_reason(exc)
                    continue
                done.append(change.name)
        creates = [change for change in changes if change.action == 'create']
        if creates:
            yield from self.bulk(Request('POST', '/links', {'links': [self.manage_link(change.after) for change in creates]}),
                                 'creating', [change.name for change in creates], None, done, failed)
        yield from self.finish(done, failed, result)
