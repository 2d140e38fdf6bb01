# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the interfaces resource on the /api/v1/manage API of a 4.2 dashboard.

The same model, plan and intent checks as ``legacy.InterfaceMapping`` (its subclass): what differs is the wire
(docs/api/platform.yaml, ``/api/v1/manage/fabrics/{f}/switches/{sn}/interfaces`` and
``.../interfaceActions/*``). A 4.2 interface is typed: ``configData.networkOS.policy`` holds a ``policyType`` (the legacy
template, ``POLICY_TYPES``) and that type's fields, each one legacy nvPair (``POLICY_FIELDS``, the ``x-legacy`` map of
platform.yaml). What is read is turned, at the edge, into the legacy answer (``{policy, interfaces: [{ifName, nvPairs}]}``)
that the legacy mapping's read already knows; what is written is the legacy nvPairs turned back into the typed fields.

- **Reads**: the fabric's switches (one GET ``/fabrics/{f}/switches``, kept for the run as the legacy inventory is), then
  one GET ``.../switches/{sn}/interfaces`` per switch config names (every switch for gathered).
- **Writes**: ``interfaceActions/remove`` (one, for the logical interfaces deleted), ``interfaceActions/normalize`` (one
  per reset policy, for the ports deleted or overridden back to the default: a port is never DELETEd, which "returns
  500"), one PUT per changed port already configured, one POST per switch of the rest (new logical interfaces, and
  ports taken from the default policy: that POST "creates or configures" interfaces in platform.yaml); then ONE
  ``interfaceActions/deploy`` of everything to deploy. Each 207 answer that lists failed items fails the task naming them.
- **Deploy**: before it, the fabric's ``deploymentFreeze`` is read (one GET; 404: not frozen): a frozen fabric refuses the
  task before any write, naming the fabric (GET ``/api/v1/manage/fabrics/{f}/deploymentFreeze`` in platform.yaml). The wait
  (``deploy.deploy_and_wait``) reads the switches' ``additionalData.configSyncStatus`` (one GET of the switch list per
  look): a 4.2 interface carries no state of its own (platform.yaml names none), and
  ``configSyncStatus`` is the 4.2 field of the legacy ``ccStatus`` (its x-legacy in platform.yaml), the one source of ``SwitchSync`` on 4.2.
  So deploy: true's rule (``deploy.sync_plan``) deploys a listed interface left unchanged when its switch is not in sync;
  the switch list the task read for its inventory serves that rule (no second GET).

What 4.2 cannot carry is refused before any request (from config alone, in ``refuse_before_reading``) or before any write (what the
plan makes of what is read, in ``check``), naming the option and the release: port-channels, vPCs and sub-interfaces
(4.2 has no recorded ``interfaceType`` or policy for them, nor a member list), routed ports (``policyType`` ``routed``
has no recorded fields), a ``policy`` other than the templates of ``POLICY_TYPES``, a ``template_params`` key or an
option whose nvPair the type's schema does not have (an SVI's ``vrf``), and the reset of a port of a switch that is
not a leaf (its default policy is a routed port).

Requests against the legacy mapping on the same work: the same reads (the switch list for the inventory, one list per
switch), one PUT per changed port already configured where the legacy API takes one bulk ``/interface/modify`` (4.2 has
no bulk update), one POST per switch where it takes one per policy, and the ``deploymentFreeze`` read of a task that
deploys (benchmarks/interfaces_vs_nd.py prints them side by side).
"""

from __future__ import annotations

import json
from urllib.parse import quote

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import (
    MANAGE_RELEASE,
    MANAGE_SYNC_STATES,
    deploy_and_wait,
    normal,
    refuse_frozen,
    sync_plan,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.fabric_facts import PORT_HOLDERS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import ETHERNET, LOOPBACK, SVI, interface_name
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import manage_switch_list
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.attachments import ManageNetworkPorts
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.legacy import InterfaceMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import a_kind, kind_of, mode_key
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.nvpairs import (
    MEMBER_POLICIES,
    MODE_OF_POLICY,
    nv_pairs,
    owned_keys,
    policy_of,
)

RELEASE = MANAGE_RELEASE
USE_LEGACY = 'or set controller_api: legacy on a dashboard that serves the legacy API. Nothing was written.'
# policyType <-> legacy template: docs/api/platform.yaml, ManageInterfacePolicy.policyType
POLICY_TYPES = {'trunkHost': 'int_trunk_host', 'accessHost': 'int_access_host', 'routed': 'int_routed_host', 'loopback': 'int_loopback',
                'underlayLoopback': 'int_fabric_loopback_11_1', 'svi': 'int_vlan'}
POLICY_TYPE_OF_TEMPLATE = {template: kind for kind, template in POLICY_TYPES.items()}
_SPEEDS = dict({speed: speed for speed in '10Mb 100Mb 1Gb 2.5Gb 5Gb 10Gb 25Gb 40Gb 50Gb 100Gb 200Gb 400Gb 800Gb'.split()}, auto='Auto')
_PORT = {'adminState': ('ADMIN_STATE', bool, None), 'description': ('DESC', str, None), 'extraConfig': ('CONF', str, None),
         'mtu': ('MTU', str, None), 'speed': ('SPEED', str, _SPEEDS),
         'bpduGuard': ('BPDUGUARD_ENABLED', str, {'enable': 'true', 'disable': 'false', 'default': 'no'}),
         'portTypeEdgeTrunk': ('PORTTYPE_FAST_ENABLED', bool, None), 'orphanPort': ('ENABLE_ORPHAN_PORT', bool, None),
         'pfc': ('ENABLE_PFC', bool, None), 'cdp': ('CDP_ENABLE', bool, None)}
_LOGICAL = {'adminState': ('ADMIN_STATE', bool, None), 'description': ('DESC', str, None), 'extraConfig': ('CONF', str, None)}
# {policyType: {field: (legacy nvPair, type, {4.2 value: legacy text} or None)}}: the types 4.2 writes, from
# docs/api/platform.yaml (ManageTrunkHostPolicy, ManageAccessHostPolicy, ManageLoopbackPolicy, ManageSviPolicy)
POLICY_FIELDS = {
    'trunkHost': dict(_PORT, allowedVlans=('ALLOWED_VLANS', str, None), nativeVlan=('NATIVE_VLAN', int, None)),
    'accessHost': dict(_PORT, accessVlan=('ACCESS_VLAN', int, None)),
    'loopback': dict(_LOGICAL, ip=('IP', str, None), ipv6=('V6IP', str, None), vrfInterface=('INTF_VRF', str, None),
                     routeMapTag=('ROUTE_MAP_TAG', str, None)),
    'svi': dict(_LOGICAL, mtu=('MTU', int, None), ip=('IP', str, None), prefix=('PREFIX', int, None),
                ipRedirects=('DISABLE_IP_REDIRECTS', bool, None), hsrpGroup=('HSRP_GROUP', int, None),
                hsrpVersion=('HSRP_VERSION', str, None), preempt=('PREEMPT', bool, None), netflow=('ENABLE_NETFLOW', bool, None)),
}
# The kinds of interface 4.2 carries, as its interfaceType names them [client: ethernet, loopback, svi]
INTERFACE_TYPES = {ETHERNET: 'ethernet', LOOPBACK: 'loopback', SVI: 'svi'}
# configData.mode of a port's policy type; "managed" for the others [client, cisco.nd's models]
CONFIG_MODES = {'trunkHost': 'trunk', 'accessHost': 'access'}
# A loopback's ip is one address in CIDR on 4.2 (platform.yaml, the loopback policy's ip), the address alone in the legacy nvPair IP
LOOPBACK_LENGTHS = {'IP': '/32', 'V6IP': '/128'}


def manage_name(interface):
    """The 4.2 spelling of an interface name: ``loopback10``, ``vlan333``, ``Ethernet1/5`` [client]."""
    return interface.lower() if interface_name(interface)[0] in (LOOPBACK, SVI) else interface


def manage_value(text, kind, values, where):
    """A legacy nvPair's text as 4.2 types it; ModelError naming ``where`` when it is not one."""
    if values is not None:
        found = [manage for manage, legacy in values.items() if legacy == text]
        if not found:
            raise ModelError('%s is %r, which %s does not take; give one of %s, %s' % (
                where, text, RELEASE, ', '.join(values.values()), USE_LEGACY))
        return found[0]
    if kind is bool:
        if text.lower() not in ('true', 'false'):
            raise ModelError('%s must be true or false on %s, not %r; %s' % (where, RELEASE, text, USE_LEGACY))
        return text.lower() == 'true'
    if kind is int:
        if not text.strip().isdigit():
            raise ModelError('%s must be a whole number on %s, not %r; %s' % (where, RELEASE, text, USE_LEGACY))
        return int(text)
    return text


def legacy_text(value, values):
    """A 4.2 field's value as the legacy nvPair holds it."""
    if values is not None:
        return values.get(value, str(value))
    if isinstance(value, bool):
        return 'true' if value else 'false'
    return str(value)


class InterfaceManageMapping(ManageNetworkPorts, InterfaceMapping):
    """Interfaces on /api/v1/manage: the legacy mapping's model, plan and checks; the 4.2 paths and typed policies."""

    API = MANAGE_API

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.base = '/fabrics/%s' % segment(self.fabric)
        # what deploy: true only waits for (a deploy an earlier run started), from ``to_deploy``
        self.waiting = []

    # what 4.2 cannot carry

    def refuse_before_reading(self):
        """Refuse, from config alone and before any request, what no 4.2 interface can be."""
        for index, item in enumerate(self.params.get('config') or []):
            want = self.model.from_task(item, index)
            kind = kind_of(want)
            where = 'config[%d] (interface %s)' % (index, want['name'])
            if kind not in INTERFACE_TYPES:
                raise ModelError('%s: %s is not managed by this module on %s, which has no recorded interface type or policy '
                                 'for it; leave it out, %s' % (where, a_kind(kind), RELEASE, USE_LEGACY))
            if kind == ETHERNET and want.get('mode') == 'routed':
                raise ModelError('%s: mode routed is not managed by this module on %s (its routed policy has no recorded fields); '
                                 'give access or trunk, %s' % (where, RELEASE, USE_LEGACY))
            if want.get('policy') is not None and POLICY_TYPE_OF_TEMPLATE.get(want['policy']) not in POLICY_FIELDS:
                raise ModelError('%s: policy %s has no policy type this module writes on %s; it writes %s. Leave policy out, %s' % (
                    where, want['policy'], RELEASE, ', '.join(POLICY_TYPES[kind] for kind in POLICY_FIELDS), USE_LEGACY))
            if want.get('mode') or want.get('policy') or kind != ETHERNET:
                self.manage_interface(dict(self.model.defaults_for(want), **want), where)

    def manage_interface(self, obj, where=None):
        """The 4.2 interface of ``obj`` (without its switchId); ModelError for what its policy type has no field for."""
        where = where or 'interface %s' % obj['name']
        template = policy_of(obj)
        policy_type = POLICY_TYPE_OF_TEMPLATE.get(template)
        if kind_of(obj) not in INTERFACE_TYPES or policy_type not in POLICY_FIELDS:
            raise ModelError('%s: its policy %s is not one this module writes on %s; %s' % (where, template, RELEASE, USE_LEGACY))
        fields = POLICY_FIELDS[policy_type]
        by_key = {key: (field, kind, values) for field, (key, kind, values) in fields.items()}
        owners = owned_keys(mode_key(obj))
        policy = {'policyType': policy_type}
        for key, text in sorted(nv_pairs(obj).items()):
            if key == 'INTF_NAME' or text is None:
                continue
            named = owners.get(key) or 'template_params %s' % key
            if key not in by_key:
                if text != '':
                    raise ModelError('%s: %s has no place in the %s policy of %s (its fields are %s); leave it out, %s' % (
                        where, named, policy_type, RELEASE, ', '.join(sorted(fields)), USE_LEGACY))
                continue
            field, kind, values = by_key[key]
            if text == '':
                continue  # the whole policy is the body's: what it leaves out is unset (an empty description, no address)
            value = manage_value(str(text), kind, values, '%s: %s' % (where, named))
            if policy_type == 'loopback' and key in LOOPBACK_LENGTHS and value and '/' not in value:
                value += LOOPBACK_LENGTHS[key]
            policy[field] = value
        return {'interfaceName': manage_name(obj['interface']), 'interfaceType': INTERFACE_TYPES[kind_of(obj)],
                'configData': {'mode': CONFIG_MODES.get(policy_type, 'managed'),
                               'networkOS': {'networkOSType': 'nx-os', 'policy': policy}}}

    def check(self, changes):
        """What the plan makes of what was read that 4.2 cannot carry (a mode taken from the port, the reset of a port of a
        switch that is not a leaf), refused before any write, every one at once."""
        super().check(changes)
        refused = []
        for change in changes:
            if change.changed and change.after is None and kind_of(change.before) not in INTERFACE_TYPES:
                # overridden removing one the switch has (a port-channel made on the legacy API): its members are not on 4.2
                refused.append('interface %s: removing %s is not done by this module on %s (its member ports are not listed '
                               'there); leave its switch out of config, %s' % (change.name, a_kind(kind_of(change.before)), RELEASE, USE_LEGACY))
            if not change.changed or change.after is None:
                continue
            try:
                self.manage_interface(change.after)
            except ModelError as exc:
                if getattr(change, 'reset', False):
                    role = self.role(self.serials[change.name]) or 'unknown'
                    refused.append('interface %s: a port of switch %s (role %s) goes back to a routed port, which this module does '
                                   'not write on %s; leave it out, %s' % (change.name, change.after['switch'], role, RELEASE, USE_LEGACY))
                else:
                    refused.append(str(exc))
        if refused:
            raise ModelError(' '.join(refused))

    # reads

    def inventory(self, named=None):
        """The fabric's switches as legacy inventory entries (``manage_inventory``: the run's copy, or one GET of the 4.2
        switch list, kept for this task's deploy rule)."""
        return self.manage_inventory(named)

    def interface_groups(self, serial):
        """The switch's interfaces (1 GET .../switches/{sn}/interfaces) in the legacy answer's shape."""
        answer = self.client.read('%s/switches/%s/interfaces' % (self.base, segment(serial)))
        listed = answer.get('interfaces') if isinstance(answer, dict) else None
        return [self.legacy_group(item, serial) for item in listed or [] if isinstance(item, dict) and item.get('interfaceName')]

    @staticmethod
    def legacy_group(item, serial):
        """One 4.2 interface as GET /interface lists it: its template and the nvPairs of its typed fields. The text nvPairs an
        option owns that 4.2 leaves out are the empty text the legacy API shows [uncertain: whether 4.2 leaves out or
        sends empty texts]."""
        config = item.get('configData') if isinstance(item.get('configData'), dict) else {}
        policy = (config.get('networkOS') or {}).get('policy') if isinstance(config.get('networkOS'), dict) else None
        policy = policy if isinstance(policy, dict) else {}
        policy_type = policy.get('policyType')
        template = str(policy.get('configTemplate') or POLICY_TYPES.get(policy_type) or '')
        fields = POLICY_FIELDS.get(policy_type, {})
        pairs = {key: legacy_text(policy[field], values) for field, (key, _kind, values) in fields.items() if policy.get(field) is not None}
        for key, length in LOOPBACK_LENGTHS.items():
            if policy_type == 'loopback' and pairs.get(key, '').endswith(length):
                pairs[key] = pairs[key][:-len(length)]
        documented = {key for key, _kind, _values in fields.values()}
        for key in owned_keys(MODE_OF_POLICY.get(template)):
            if key in documented:
                pairs.setdefault(key, '')
        if template in MEMBER_POLICIES and policy.get('portChannelId') is not None:
            pairs['PO_ID'] = 'port-channel%s' % policy['portChannelId']
        entry = {'ifName': item['interfaceName'], 'serialNumber': str(item.get('switchId') or serial), 'nvPairs': pairs}
        return {'policy': template, 'interfaces': [entry]}

    # deploy

    def sync_states(self, before_writes=False):
        """{serial: (switch, state)} of the fabric's switches, their configSyncStatus as the waits spell it (1 GET).

        ``before_writes``: the switch list this task read for its inventory serves, when it read one (no GET): nothing
        was written since. A wait reads anew."""
        found = {}
        listed = self.switch_entries if before_writes else None
        for entry in listed if listed is not None else manage_switch_list(self.client, self.fabric):
            data = entry.get('additionalData') if isinstance(entry.get('additionalData'), dict) else {}
            state = data.get('configSyncStatus')
            serial = str(entry.get('switchId') or entry.get('serialNumber'))
            found[serial] = (self.labels.get(serial, serial), normal(MANAGE_SYNC_STATES.get(state, state)))
        return found

    def read_states(self, names):
        """{key: {serial: (switch, state)}}: each interface's switch, as the switch list shows it (one GET for all)."""
        found = self.sync_states()
        return {name: {self.serials[name]: found.get(self.serials[name], (self.labels.get(self.serials[name]), 'UNKNOWN'))}
                for name in names}

    def to_deploy(self, changes):
        """What the task removed or reset (their removal needs a deploy), and deploy: true's rule (``sync_plan``) over the
        switches' sync state; a frozen fabric refuses a task that deploys, before any write."""
        names = [change.name for change in changes if change.changed and (change.action == 'delete' or getattr(change, 'reset', False))]
        if self.params.get('deploy') and not self.client.offline:
            states = {}

            def states_of(change):
                if not states:
                    states.update(self.sync_states(before_writes=True))
                serial = self.serials[change.name]
                return {serial: states.get(serial, (serial, 'UNKNOWN'))}, {serial}
            deploy, self.waiting = sync_plan(self.params, changes, lambda change: change.changed, states_of)
        else:
            deploy = [change.name for change in changes if change.changed and change.after is not None] if self.params.get('deploy') else []
        names += [name for name in deploy if name not in names]
        if (names or self.waiting) and not self.client.offline:
            refuse_frozen(self.client, self.fabric, ', '.join(names or self.waiting), 'leave deploy out (a delete always deploys)')
        return names

    def awaited(self, changes):
        del changes
        return list(self.waiting)

    # writes

    def items_of(self, names):
        return [{'interfaceName': manage_name(name.rsplit(' ', 1)[1]), 'switchId': self.serials[name]} for name in names]

    def bulk(self, request, doing, names, done):
        """Send a bulk write; a 207 answer listing failed items fails the task naming them (the others are done)."""
        answer = yield from self.attempt(request, doing, names, done, record=False)
        results = answer.get('results') if isinstance(answer, dict) else None
        keys = {(self.serials[name], name.rsplit(' ', 1)[1]): name for name in names}
        failed = {}
        for entry in results if isinstance(results, list) else []:
            if isinstance(entry, dict) and str(entry.get('status', '')).lower() == 'failed':
                key = (str(entry.get('switchId')), interface_name(entry.get('interfaceName'))[1])
                failed[keys.get(key, '%s on %s' % key[::-1])] = entry.get('message') or 'failed'
        if failed:
            raise ItemsFailed('%s %s (%s)' % (doing, self.model.PLURAL, request.label()), failed,
                              list(done) + [name for name in names if name not in failed])
        done.extend(names)

    def configured_anew(self, change):
        """Whether a change is sent in its switch's one POST .../interfaces rather than a PUT of its own: a logical interface
        made, or a port taken from the controller's default policy (that POST "creates or configures" interfaces, in
        docs/api/platform.yaml; cisco.nd's 4.2 interface modules send such ports there). A port already configured is PUT."""
        if change.action == 'create':
            return True
        return (kind_of(change.after) == ETHERNET and change.before is not None
                and self.model.is_default(change.before, self.role(self.serials[change.name])))

    def writes(self, changes, result):
        """Remove, normalize, PUT each port already configured, POST the rest per switch, then one deploy and its wait."""
        self.client.forget_fabric_facts(self.fabric, PORT_HOLDERS)  # as the legacy mapping's writes do
        done = []
        changed = [change for change in changes if change.changed]
        removals = [change.name for change in changed if change.action == 'delete']
        if removals:
            yield from self.bulk(Request('POST', self.base + '/interfaceActions/remove', {'interfaces': self.items_of(removals)}),
                                 'removing', removals, done)
        resets = {}
        for change in changed:
            if getattr(change, 'reset', False):
                config = self.manage_interface(change.after)['configData']
                resets.setdefault(json.dumps(config, sort_keys=True), (config, []))[1].append(change.name)
        for config, names in resets.values():
            body = {'interfaceType': 'ethernet', 'configData': config, 'switchInterfaces': self.items_of(names)}
            yield from self.bulk(Request('POST', self.base + '/interfaceActions/normalize', body), 'resetting', names, done)
        creates = {}
        for change in changed:
            if getattr(change, 'reset', False) or change.action == 'delete':
                continue
            if self.configured_anew(change):
                creates.setdefault(self.serials[change.name], []).append(change)
                continue
            body = dict(self.manage_interface(change.after), switchId=self.serials[change.name])
            path = '%s/switches/%s/interfaces/%s' % (self.base, segment(self.serials[change.name]), quote(body['interfaceName'], safe='/'))
            yield from self.attempt(Request('PUT', path, body), 'updating', [change.name], done)
        for serial, group in creates.items():
            body = {'interfaces': [dict(self.manage_interface(change.after), switchId=serial) for change in group]}
            yield from self.bulk(Request('POST', '%s/switches/%s/interfaces' % (self.base, segment(serial)), body), 'creating',
                                 [change.name for change in group], done)
        deploy = list(result.get('deploy') or [])
        if deploy:
            yield from self.bulk(Request('POST', self.base + '/interfaceActions/deploy', {'interfaces': self.items_of(deploy)}),
                                 'deploying', deploy, done)
        waited = deploy + [name for name in self.waiting if name not in deploy]
        yield from deploy_and_wait([], self.read_states, waited, {name: {self.serials[name]} for name in waited}, self.params,
                                   'interface', result, shape=self.by_switch)
