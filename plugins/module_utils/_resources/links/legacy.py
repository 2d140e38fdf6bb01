# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the links resource: a link between two switch ports as the user writes it, and the controller's link.

``LinkModel`` knows a link in a network engineer's terms (its two ends, each a fabric, a switch and an interface; its
template; the addresses, MTU, descriptions and BGP ASNs of the common templates) and no controller field; ``LinkMapping``
is the one place that knows the controller's link objects (``sw1-info``/``sw2-info``, ``templateName``, ``nvPairs``) and
their paths (``/control/links``, ``/control/links/fabrics/{fabric}``, ``/control/links/{uuid}``, a switch deploy with
``/control/fabrics/{fabric}/config-deploy/{serials}``; docs/api/fabric-controller.yaml, tag links).

A link is identified by its two ends, whatever their order: the plan's key is the two ends' labels (``"<switch>
<interface>"``, with ``"<fabric>/"`` before the switch for an end outside the task's fabric), sorted and joined by
``" -- "``. A link given with its ends swapped is the same link: the task's item is turned round (its ``src_*`` and
``dst_*`` options, and the ``PEER1_``/``PEER2_`` template parameters, change places) to the order the controller holds.

The module's own links are those with a template. The controller also lists links it discovered itself (no template
[client, cisco.dcnm dcnm_links: "if templateName is empty, link is autodiscovered"]): those are never gathered, replaced
or deleted, only taken into account as holding their ports.

One file, one concern, as docs/resource_framework.md asks: this resource's model and its one mapping to the
controller's legacy API. Its length is that mapping's rules (reads, intent checks, writes, deploy), which a
second API's mapping would sit beside in a file of its own.
"""

from __future__ import annotations

import ipaddress

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DeployFailed, wait_for_deploy
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import Mapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import Wait
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import read_directory
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import check_template_keys
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.model import MTU_BOUNDS, interface_name
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.model import (
    ASN,
    INTER_FABRIC_TEMPLATES,
    INTRA_FABRIC_TEMPLATES,
    PREFIXED,
    REQUIRED,
    SETTINGS,
    TAKES,
    link_key,
    prefix_length,
    template_kind,
    turned,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, server_message

# setting -> nvPair, for the settings that are one nvPair as text; the addresses depend on the template (ADDRESS_KEYS)
NV_KEYS = {'mtu': 'MTU', 'enabled': 'ADMIN_STATE', 'src_description': 'PEER1_DESC', 'dst_description': 'PEER2_DESC',
           'src_asn': 'asn', 'dst_asn': 'NEIGHBOR_ASN'}


_INTRA_ADDRESSES = {'src_ip': 'PEER1_IP', 'dst_ip': 'PEER2_IP'}


ADDRESS_KEYS = dict({template: _INTRA_ADDRESSES for template in INTRA_FABRIC_TEMPLATES},
                    ext_fabric_setup={'src_ip': 'IP_MASK', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_multisite_underlay_setup={'src_ip': 'IP_MASK', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_vxlan_mpls_underlay_setup={'src_ip': 'IP_MASK', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_evpn_multisite_overlay_setup={'src_ip': 'SOURCE_IP', 'dst_ip': 'NEIGHBOR_IP'},
                    ext_vxlan_mpls_overlay_setup={'dst_ip': 'NEIGHBOR_IP'})


# nvPairs the controller adds of its own from the link's ends [seen]: never template_params, never sent
DERIVED_KEYS = frozenset((
    'LINK_UUID', 'FABRIC1', 'FABRIC2', 'PEER1_SN', 'PEER2_SN', 'PEER1_INTF', 'PEER2_INTF', 'HOSTNAME1', 'HOSTNAME2',
    'SOURCE_FABRIC_NAME', 'DEST_FABRIC_NAME', 'SOURCE_SERIAL_NUMBER', 'DEST_SERIAL_NUMBER', 'SOURCE_SWITCH_NAME',
    'DEST_SWITCH_NAME', 'SOURCE_IF_NAME', 'DEST_IF_NAME',
))


# the ends of a link as the controller lists them, and as its create body names them
_INFO = (('src', 'sw1-info', 'source'), ('dst', 'sw2-info', 'destination'))


def owned_keys(template):
    """{nvPair: setting} of the nvPairs the settings set for this template."""
    owned = {NV_KEYS[option]: option for option in TAKES.get(template, ()) if option in NV_KEYS}
    owned.update({key: option for option, key in ADDRESS_KEYS.get(template, {}).items()})
    return owned


def object_from_controller(link, label_of, task_fabric):
    """(the model object, its ends [(fabric, serial, interface)]) of a link as GET /control/links/fabrics/{f} lists it;
    (None, ends) for a link the controller discovered itself (no template). ``label_of(fabric, serial, name)``: the switch
    as results name it."""
    ends = []
    obj = {}
    for end, info_key, _prefix in _INFO:
        info = link.get(info_key) if isinstance(link.get(info_key), dict) else {}
        fabric, serial = str(info.get('fabric-name') or ''), str(info.get('sw-serial-number') or '')
        interface = interface_name(info.get('if-name'))[1]
        ends.append((fabric, serial, interface))
        obj.update({'%s_fabric' % end: fabric, '%s_switch' % end: label_of(fabric, serial, str(info.get('sw-sys-name') or serial)),
                    '%s_interface' % end: interface})
    template = str(link.get('templateName') or '')
    if not template:
        return None, ends
    obj['template'] = template
    pairs = {str(key): template_text(value) for key, value in (link.get('nvPairs') or {}).items() if key not in DERIVED_KEYS}
    owned = owned_keys(template)
    consumed = set()
    for key, option in owned.items():
        value = pairs.get(key)
        if value is None or (value == '' and option not in ('src_description', 'dst_description')):
            consumed.add(key)
            continue
        if option == 'mtu' and not value.isdigit():
            continue  # not a number: left in template_params as the controller has it
        consumed.add(key)
        if option == 'mtu':
            obj[option] = int(value)
        elif option == 'enabled':
            obj[option] = value.lower() != 'false'
        else:
            obj[option] = value
    if template in PREFIXED and prefix_length(obj.get('src_ip')) and obj.get('dst_ip'):
        obj['dst_ip'] = '%s/%s' % (obj['dst_ip'], prefix_length(obj['src_ip']))
    obj['template_params'] = {key: value for key, value in pairs.items() if key not in consumed}
    obj['name'] = link_key(task_fabric, obj)
    return obj, ends


def nv_pairs(obj):
    """The nvPairs of ``obj`` as its template takes them: its template_params, then its settings as text."""
    pairs = dict(obj.get('template_params') or {})
    template = obj.get('template')
    for nv_key, option in owned_keys(template).items():
        value = obj.get(option)
        if value is None:
            continue
        if option == 'enabled':
            pairs[nv_key] = 'true' if value else 'false'
        elif option == 'dst_ip' and template in PREFIXED:
            pairs[nv_key] = str(value).partition('/')[0]
        else:
            pairs[nv_key] = str(value)
    return pairs


class LinkMapping(Mapping):
    """Reads a fabric's links in one request (and its inventory, and that of each other fabric the config names), writes
    each link (one request each: the controller has no bulk create), deploys the switches at the ends of what changed."""

    def __init__(self, model, client, params):
        self.model = model
        self.client = client
        self.params = params
        self.fabric = params.get('fabric')
        # {fabric: SwitchDirectory} of the fabrics read; {(fabric, serial): the switch as results name it}; {(fabric, serial): ccStatus}
        self.directories = {}
        self.labels = {}
        self.compliance = {}
        # {key: uuid} of the links read; {key: [(fabric, serial, interface)] in the object's order}
        self.uuids = {}
        self.ends = {}
        # {(fabric, serial, interface in lower case): key of the link holding it, or a description of a discovered one}
        self.ports = {}
        # what the config named that could not be resolved, for the checks: [(text, depends_on)]
        self.problems = []
        # the switches a deploy pushes, [(fabric, serial)]
        self.deploying = []

    # reads

    def inventory(self, fabric, required=True):
        """Read a fabric's switches once; None for a fabric the controller does not have (an error when ``required``)."""
        if fabric in self.directories:
            return self.directories[fabric]
        try:
            switches, directory, labels = read_directory(self.client, fabric)
        except ApiError as exc:
            if exc.status != 404 or required:
                raise
            self.directories[fabric] = None
            return None
        for entry in switches:
            serial = str(entry['serialNumber'])
            self.labels[(fabric, serial)] = labels[serial]
            self.compliance[(fabric, serial)] = str(entry.get('ccStatus') or '')
        self.directories[fabric] = directory
        return directory

    def label_of(self, fabric, serial, name):
        return self.labels.get((fabric, serial), name or serial)

    def named_fabrics(self):
        """The fabrics the config names besides the task's, in the order named."""
        fabrics = []
        for item in self.params.get('config') or []:
            source = str(item.get('src_fabric') or '').strip() or self.fabric
            for fabric in (source, str(item.get('dst_fabric') or '').strip() or source):
                if fabric != self.fabric and fabric not in fabrics:
                    fabrics.append(fabric)
        return fabrics

    def read(self, names=None):
        """{key: link} of the fabric's links with a template (the module's own).

        1 GET of the fabric's inventory, 1 GET of its links (both directions of inter-fabric links included), 1 GET of the
        inventory of each other fabric the config names."""
        del names  # the controller lists a fabric's links in one answer
        self.inventory(self.fabric)
        if self.params.get('state') != 'gathered':
            for fabric in self.named_fabrics():
                self.inventory(fabric, required=False)
        answer = self.client.read('/control/links/fabrics/%s' % segment(self.fabric))
        have = {}
        for link in answer if isinstance(answer, list) else []:
            if not isinstance(link, dict):
                continue
            obj, ends = object_from_controller(link, self.label_of, self.fabric)
            holder = obj['name'] if obj is not None else 'a link the controller discovered (%s)' % ' -- '.join(
                '%s %s' % (self.label_of(fabric, serial, serial), interface) for fabric, serial, interface in ends)
            for fabric, serial, interface in ends:
                self.ports.setdefault((fabric, serial, interface.lower()), holder)
            if obj is None:
                continue
            have[obj['name']] = obj
            self.uuids[obj['name']] = str(link.get('link-uuid') or '')
            self.ends[obj['name']] = ends
        return dict(sorted(have.items()))

    @staticmethod
    def config_hint(state):
        return 'list the links to %s, each with its two ends (src_switch, src_interface, dst_switch, dst_interface)' % (
            'render' if state == 'rendered' else 'set')

    def prepare(self, wants, have):
        del wants, have  # the ends are resolved in plan, for every state

    def prepare_offline(self, wants):
        """For rendered: switches are taken to be named by serial number, in the fabrics given."""
        for want in wants:
            self.fill_fabrics(want)
            ends = []
            for end in ('src', 'dst'):
                fabric, switch = want['%s_fabric' % end], want['%s_switch' % end]
                self.labels[(fabric, switch)] = switch
                ends.append((fabric, switch, want['%s_interface' % end]))
            want['name'] = link_key(self.fabric, want)
            self.ends[want['name']] = ends

    def fill_fabrics(self, want):
        want.setdefault('src_fabric', self.fabric)
        want.setdefault('dst_fabric', want['src_fabric'])

    # the ends of the task's links

    def resolve(self, want, end, where):
        """(fabric, serial) of one end of ``want``, its switch written as results name it. A switch its fabric does not list
        is a problem (the checks name it), except at the far end of an inter-fabric link: a switch the controller does not
        manage, whose serial number the controller makes ``<name>-<fabric>`` [seen]."""
        fabric, given = want['%s_fabric' % end], want['%s_switch' % end]
        directory = self.directories.get(fabric)
        if directory is None:
            self.problems.append(('%s: fabric %s does not exist on the controller; give an existing fabric as %s_fabric'
                                  % (where, fabric, end), 'fabric %s' % fabric))
            return fabric, given
        if directory.knows(given):
            serial = directory.serial_of(given, where)
            want['%s_switch' % end] = self.labels[(fabric, serial)]
            return fabric, serial
        try:
            directory.serial_of(given, where)
        except ModelError as exc:
            if 'several switches' in str(exc):
                self.problems.append((str(exc).rstrip('.'), None))
                return fabric, given
        if want['src_fabric'] != want['dst_fabric'] and fabric != self.fabric:
            serial = '%s-%s' % (given, fabric)
            self.client.warn('%s: switch %s is not in fabric %s\'s inventory, so the link\'s end there is taken as a switch the '
                             'controller does not manage (its serial number %s)' % (where, given, fabric, serial))
            self.labels.setdefault((fabric, serial), given)
            return fabric, serial
        self.problems.append(('%s: switch %s is not in fabric %s (give its name, serial number or IP address as the fabric '
                              'inventory lists it)' % (where, given, fabric), 'the inventory of fabric %s' % fabric))
        return fabric, given

    def rekey(self, wants):
        """Each want's ends resolved, its key from them, and turned round when the controller holds the link the other way."""
        for index, want in enumerate(wants):
            where = 'config[%d]' % index
            self.fill_fabrics(want)
            if self.fabric not in (want['src_fabric'], want['dst_fabric']):
                self.problems.append(('%s: the link has no end in fabric %s, whose links the task manages; give one end in it '
                                      '(src_fabric or dst_fabric), or run a task for fabric %s' % (where, self.fabric,
                                                                                                   want['src_fabric']), None))
            ends = []
            for end in ('src', 'dst'):
                fabric, serial = self.resolve(want, end, where)
                ends.append((fabric, serial, want['%s_interface' % end]))
            key = link_key(self.fabric, want)
            held = self.ends.get(key)
            managed = [self.managed(fabric, serial) for fabric, serial, _interface in ends]
            if (held and (held[0][0], held[0][1], held[0][2].lower()) != (ends[0][0], ends[0][1], ends[0][2].lower())) or (
                    not held and managed == [False, True]):
                # the controller's order: as it holds the link, or a new link's managed end first (its source must be)
                turn = turned(want)
                want.clear()
                want.update(turn)
                ends.reverse()
            if held is not None:
                # an end's interface as the controller spells it
                want['src_interface'], want['dst_interface'] = held[0][2], held[1][2]
            want['name'] = key
            self.ends[key] = ends

    def managed(self, fabric, serial):
        """Whether the controller manages the switch (for rendered, every switch); a fabric's inventory is read once, when
        first needed (that of the far end of a link the task deletes, say)."""
        if self.client.offline:
            return True
        directory = self.directories[fabric] if fabric in self.directories else self.inventory(fabric, required=False)
        return directory is not None and serial in directory.by_serial

    def plan(self, model, state, wants, have):
        """The changes of the state, once the task's links are keyed as the controller's are."""
        self.rekey(wants)
        return plan(model, state, wants, have)

    def check(self, changes):
        del changes

    # the checks of the task's intent

    def check_intent(self, state, wants, changes, checks):
        """Refuse what cannot work, before anything is written: an end on a switch its fabric does not have (or a fabric
        that does not exist), a link from a switch to itself, an interface in two links of the task or held by another link
        of the fabric, a template the controller does not have for the kind of link, settings the template does not take,
        addresses, MTU and ASNs that cannot work. Costs no request: the run's reads hold all of it."""
        del wants  # the changes hold the task's links as planned, their ends resolved
        if state == 'deleted':
            return
        for text, depends_on in self.problems:
            checks.refuse(text, depends_on=depends_on)
        claims = {}
        leaving = {change.name for change in changes if change.after is None}
        for change in changes:
            obj = change.after
            if obj is None:
                continue
            ends = self.ends.get(change.name) or []
            if len(ends) == 2 and ends[0][:2] == ends[1][:2]:
                checks.refuse('link %s: both ends are on switch %s; a link joins two switches' % (change.name, obj['src_switch']))
            for fabric, serial, interface in ends:
                port = (fabric, serial, interface.lower())
                if port in claims and claims[port] != change.name:
                    checks.refuse('interface %s of switch %s is an end of link %s and of link %s in this task; an interface has '
                                  'one link' % (interface, self.label_of(fabric, serial, serial), claims[port], change.name))
                claims[port] = change.name
                holder = self.ports.get(port)
                if holder and holder != change.name and holder not in leaving and change.before is None:
                    checks.refuse('link %s: interface %s of switch %s is already an end of %s; delete that link first (in this '
                                  'task or an earlier one), or choose another interface' % (
                                      change.name, interface, self.label_of(fabric, serial, serial), holder),
                                  depends_on=holder)
            if change.changed:
                self.check_settings(change.name, obj, checks)

    @staticmethod
    def check_settings(name, obj, checks):
        template = obj.get('template')
        kind = 'intra' if obj['src_fabric'] == obj['dst_fabric'] else 'inter'
        choices = INTRA_FABRIC_TEMPLATES if kind == 'intra' else INTER_FABRIC_TEMPLATES
        if template not in choices:
            other = template_kind(template)
            checks.refuse('link %s: template %s is %s; an %s-fabric link takes one of %s' % (
                name, template, 'for %s-fabric links' % other if other else 'not a link template the controller has',
                kind, ', '.join(sorted(choices))))
            return
        takes = TAKES[template]
        given = [option for option in SETTINGS if obj.get(option) is not None and option not in takes]
        if given:
            checks.refuse('link %s: template %s takes no %s%s; give its parameters in template_params by the template\'s own names'
                          % (name, template, ', '.join(given), ' (it takes %s)' % ', '.join(takes) if takes else ''))
        missing = [option for option in REQUIRED.get(template, ()) if obj.get(option) in (None, '')]
        if missing:
            checks.refuse('link %s: template %s needs %s; add %s to its config item'
                          % (name, template, ', '.join(missing), ' and '.join(missing)))
        check_template_keys(checks, 'link', name, obj.get('template_params'), owned_keys(template))
        if obj.get('mtu') is not None and not MTU_BOUNDS[0] <= obj['mtu'] <= MTU_BOUNDS[1]:
            checks.refuse('link %s: mtu %d must be from %d to %d' % (name, obj['mtu'], MTU_BOUNDS[0], MTU_BOUNDS[1]))
        for option in ('src_asn', 'dst_asn'):
            if obj.get(option) is not None and not ASN.match(obj[option]):
                checks.refuse('link %s: %s %r is not a BGP ASN; give a number such as 65001 (or 65001.100)' % (name, option, obj[option]))
        check_addresses(checks, name, obj)

    # deploy

    def to_deploy(self, changes):
        """Switches a deploy pushes (with deploy), as results name them: the managed switches at the ends of the links that
        change, and at the ends of the listed links whose switches the controller shows not deployed yet (an earlier run
        that failed part way, say). A deploy pushes a switch's whole pending config, the links' and anything else."""
        if not self.params.get('deploy'):
            return []
        switches = []
        for change in changes:
            for fabric, serial, _interface in self.ends.get(change.name) or []:
                out_of_sync = self.compliance.get((fabric, serial), '').lower() == 'out-of-sync'
                if (change.changed or (change.after is not None and out_of_sync)) and self.managed(fabric, serial):
                    if (fabric, serial) not in switches:
                        switches.append((fabric, serial))
        self.deploying = switches
        return [self.switch_label(fabric, serial) for fabric, serial in switches]

    def switch_label(self, fabric, serial):
        label = self.label_of(fabric, serial, serial)
        return label if fabric == self.fabric else '%s/%s' % (fabric, label)

    # writes

    def body(self, obj):
        """The create (and update) body of ``obj``, its ends in the controller's order."""
        request = {'templateName': obj['template'], 'nvPairs': nv_pairs(obj)}
        for index, (end, _info_key, prefix) in enumerate(_INFO):
            fabric, serial, interface = self.ends[obj['name']][index]
            managed = self.managed(fabric, serial)
            # results name a switch by its serial number when two have its name; the controller wants the name itself
            name = str(self.directories[fabric].by_serial[serial].get('logicalName') or '') if managed and not self.client.offline else ''
            request.update({prefix + 'Fabric': fabric, prefix + 'Device': serial if managed else '',
                            prefix + 'SwitchName': name or obj['%s_switch' % end], prefix + 'Interface': interface})
        return request

    def writes(self, changes, result):
        """The deletes first (they free ports a new link may take), the updates, the creates: one request per link, the
        controller having no bulk create. A refused link does not stop the others; the task then fails naming each, and
        deploys nothing (a rerun, with deploy, deploys the switches left out of sync). Then the deploy, one wait."""
        done, failed = [], {}
        steps = [(change, Request('DELETE', '/control/links/%s' % segment(self.uuids[change.name]), query={'isLogicalLink': 'false'}))
                 for change in changes if change.action == 'delete']
        steps += [(change, Request('PUT', '/control/links/%s' % segment(self.uuids[change.name]), self.body(change.after)))
                  for change in changes if change.action == 'update']
        steps += [(change, Request('POST', '/control/links', self.body(change.after)))
                  for change in changes if change.action == 'create']
        for change, request in steps:
            try:
                yield request
            except ApiError as exc:
                # the controller's own words, without the address and path every item would repeat
                failed[change.name] = (server_message(exc.body) if isinstance(exc.body, (str, dict)) else None) or exc.message
                continue
            done.append(change.name)
        if failed:
            refused = ItemsFailed('changing links (nothing was deployed)', failed, done)
            refused.wrote = len(done)
            raise refused
        if self.deploying:
            yield from self.deploy(result)

    def deploy(self, result):
        """Deploy the switches, one request per fabric, and with wait, wait for them once; the state of each switch."""
        fabrics = {}
        for fabric, serial in self.deploying:
            fabrics.setdefault(fabric, []).append(serial)
        for fabric, serials in fabrics.items():
            yield Request('POST', '/control/fabrics/%s/config-deploy/%s' % (segment(fabric), ','.join(serials)),
                          query={'forceShowRun': 'false'})
        if not self.params.get('wait', True):
            return
        names = [self.switch_label(fabric, serial) for fabric, serial in self.deploying]
        attached = {name: {serial} for name, (_fabric, serial) in zip(names, self.deploying)}
        timeout = self.params.get('wait_timeout') or 300
        report = yield Wait(lambda: self.wait(names, attached, timeout))
        if report is not None:
            result['deployment'] = report

    def wait(self, names, attached, timeout):
        try:
            return self.flat(wait_for_deploy(self.read_states, names, attached, timeout, 'switch'))
        except DeployFailed as exc:
            raise DeployFailed(exc.message, self.flat(exc.states)) from None

    @staticmethod
    def flat(report):
        """{switch: {switch: state}} as {switch: state}."""
        return {name: next(iter(states.values()), 'NA') if states else 'NA' for name, states in (report or {}).items()}

    def read_states(self, names):
        """{switch: {serial: (switch, ccStatus)}} from each deployed fabric's inventory (IN-SYNC, OUT-OF-SYNC, PENDING)."""
        del names
        for fabric in {fabric for fabric, _serial in self.deploying}:
            self.directories.pop(fabric, None)
            self.inventory(fabric)
        return {self.switch_label(fabric, serial): {serial: (self.switch_label(fabric, serial), self.compliance.get(
            (fabric, serial), 'NA').upper().replace(' ', '-'))} for fabric, serial in self.deploying}


def check_addresses(checks, name, obj):
    """The ends' addresses: IP addresses, with the link's prefix length where the template takes one (the same on both
    ends, in one subnet), without it where the fabric sets it; not the same address twice."""
    template = obj['template']
    parsed = {}
    for option in ('src_ip', 'dst_ip'):
        value = obj.get(option)
        if value in (None, ''):
            continue
        try:
            if template in PREFIXED and prefix_length(value) is None:
                raise ValueError(value)
            parsed[option] = ipaddress.ip_interface(value) if template in PREFIXED else ipaddress.ip_address(value)
        except ValueError:
            if template in PREFIXED:
                checks.refuse('link %s: %s %r is not an address with the link\'s prefix length; give it as address/length, such '
                              'as 192.168.60.1/30 (on either end)' % (name, option, value))
            else:
                checks.refuse('link %s: %s %r is not an IP address; give the address alone, such as 10.4.0.1%s' % (
                    name, option, value, ' (the fabric sets the prefix length)' if '/' in str(value) else ''))
    if len(parsed) < 2:
        return
    if template in PREFIXED:
        if parsed['src_ip'].network != parsed['dst_ip'].network:
            checks.refuse('link %s: src_ip %s and dst_ip %s are not in one subnet; give both ends addresses of the link\'s subnet'
                          % (name, obj['src_ip'], obj['dst_ip']))
        if parsed['src_ip'].ip == parsed['dst_ip'].ip:
            checks.refuse('link %s: both ends have address %s; give each end its own' % (name, parsed['src_ip'].ip))
    elif parsed['src_ip'] == parsed['dst_ip']:
        checks.refuse('link %s: both ends have address %s; give each end its own' % (name, parsed['src_ip']))
