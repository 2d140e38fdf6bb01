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

A new link on a member port of a vPC peer-link is refused (``checks.check_peer_link``): the ports are read from the
interfaces of the new links' switches (GET /interface?serialNumber=, the peer-link member policy), once per run and switch
(the run's fact ``RUN_PEER_LINKS``).

This file holds the mapping to the controller's legacy API (reads, plan, writes, deploy); ``model.py`` the model,
``nvpairs.py`` a link as the controller lists it and the templates' nvPairs, ``checks.py`` the intent checks.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DONE_ATTACHED, SwitchSync, deploy_and_wait, normal, sync_plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.fabric_facts import PEER_LINK_PORTS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import read_directory
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_scoped import (
    SYNC_DEPLOYING,
    SwitchScopedMapping,
    refusal_reason,
    switch_states,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.checks import LinkChecks
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.model import link_key, turned
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links.nvpairs import INFO, nv_pairs, object_from_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# What the run keeps of a fabric's vPC peer-link ports, {serial: {interface: port-channel}}, per switch read
RUN_PEER_LINKS = PEER_LINK_PORTS
# The policy the controller gives the member ports of a vPC peer-link [seen: docs/api/fabric-controller.yaml, vpc-pairs]
PEER_LINK_MEMBER_POLICY = 'int_vpc_peer_link_po_member_11_1'


class LinkMapping(LinkChecks, SwitchScopedMapping):
    """Reads a fabric's links in one request (and its inventory, and that of each other fabric the config names), writes
    each link (one request each: the controller has no bulk create), deploys the switches at the ends of what changed.

    A link's ends may be in two fabrics: ``labels`` is {(fabric, serial): the switch as results name it}, and each fabric
    read has its directory in ``directories``."""

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {fabric: SwitchDirectory} of the fabrics read; {(fabric, serial): ccStatus}
        self.directories = {}
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

    def fabric_inventory(self, fabric, required=True):
        """Read a fabric's switches once; None for a fabric the controller does not have (an error when ``required``).

        A switch's sync state (``ccStatus``), which says what a deploy pushes and when it is done, is read fresh, so a task
        that deploys reads the inventory; one that does not takes the run's copy when it names every switch config names in
        that fabric (``switch_directory.read_directory``)."""
        if fabric in self.directories:
            return self.directories[fabric]
        try:
            switches, directory, labels = read_directory(self.client, fabric, None if self.params.get('deploy') else self.named_in(fabric))
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

    def named_in(self, fabric):
        """The switches config names in ``fabric``, as given (None for gathered, which lists the fabric as it is now)."""
        if self.params.get('state') == 'gathered':
            return None
        named = []
        for item in self.params.get('config') or []:
            source = str(item.get('src_fabric') or '').strip() or self.fabric
            for end, end_fabric in (('src', source), ('dst', str(item.get('dst_fabric') or '').strip() or source)):
                if end_fabric == fabric:
                    named.append(str(item.get('%s_switch' % end) or '').strip())
        return named

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
        self.fabric_inventory(self.fabric)
        if self.params.get('state') != 'gathered':
            for fabric in self.named_fabrics():
                self.fabric_inventory(fabric, required=False)
        have = {}
        for link in self.listed_links():
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

    def listed_links(self):
        """The fabric's links as GET /control/links/fabrics/{fabric} lists them (1 GET; the hook where the 4.2 mapping reads
        its own path and answers in this shape)."""
        answer = self.client.read('/control/links/fabrics/%s' % segment(self.fabric))
        return answer if isinstance(answer, list) else []

    def peer_link_ports(self, fabric, serial):
        """{interface in lower case: its port-channel} of the switch's ports that are members of a vPC peer-link, read once
        per run and switch (the run keeps them under ``RUN_PEER_LINKS``); {} for rendered, which reads nothing."""
        if self.client.offline:
            return {}
        kept = self.client.fabric_fact(RUN_PEER_LINKS, fabric)
        kept = dict(kept) if isinstance(kept, dict) else {}
        if serial not in kept:
            kept[serial] = {interface.lower(): channel for interface, channel in self.peer_link_members(fabric, serial)}
            self.client.keep_fabric_fact(RUN_PEER_LINKS, fabric, kept)
        return kept[serial]

    def peer_link_members(self, fabric, serial):
        """[(interface, port-channel)] of the switch's peer-link members: the ports GET /interface?serialNumber= lists with
        the peer-link member policy (1 GET)."""
        del fabric  # the legacy read is by serial number
        answer = self.client.read('/interface', params={'serialNumber': serial})
        found = []
        for group in answer if isinstance(answer, list) else []:
            if isinstance(group, dict) and group.get('policy') == PEER_LINK_MEMBER_POLICY:
                for entry in group.get('interfaces') or []:
                    if isinstance(entry, dict) and entry.get('ifName'):
                        found.append((interface_name(entry['ifName'])[1],
                                      interface_name((entry.get('nvPairs') or {}).get('PO_ID') or '')[1]))
        return found

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
        directory = self.directories[fabric] if fabric in self.directories else self.fabric_inventory(fabric, required=False)
        return directory is not None and serial in directory.by_serial

    def plan(self, model, state, wants, have):
        """The changes of the state, once the task's links are keyed as the controller's are."""
        self.rekey(wants)
        return plan(model, state, wants, have)

    # deploy

    def to_deploy(self, changes):
        """Switches a deploy pushes (with deploy), as results name them: the managed switches at the ends of the links the
        task deletes, and deploy's one rule (``deploy.sync_plan``) on the listed links: the managed ends of those it creates
        or changes, and those of the ones it leaves whose switches the controller shows not in sync (an earlier run that
        failed part way, say; not one deploying now: never sent twice). A deploy pushes a switch's whole pending config,
        the links' and anything else."""
        if not self.params.get('deploy'):
            return []
        planned = set(sync_plan(self.params, changes, lambda change: change.changed, self.sync_states, running=SYNC_DEPLOYING)[0])
        switches = []
        for change in changes:
            if change.name in planned and not change.changed:
                # of a link the task leaves as it is, the ends not in sync (nor deploying): the others have nothing to push
                ends = [end for end, (_switch, state) in self.sync_states(change)[0].items()
                        if state not in DONE_ATTACHED + SYNC_DEPLOYING]
            elif change.name in planned or (change.changed and change.after is None):
                ends = self.managed_ends(change)
            else:
                continue
            switches.extend(end for end in ends if end not in switches)
        self.deploying = switches
        return [self.switch_label(fabric, serial) for fabric, serial in switches]

    def managed_ends(self, change):
        """[(fabric, serial)] of the ends of a link whose switch the controller manages."""
        return [(fabric, serial) for fabric, serial, _interface in self.ends.get(change.name) or [] if self.managed(fabric, serial)]

    def sync_states(self, change):
        """``sync_plan``'s ``states_of`` of a listed link: the sync state of its managed ends, keyed (fabric, serial)."""
        return switch_states(self.compliance, self.managed_ends(change), lambda end: self.switch_label(*end))

    def switch_label(self, fabric, serial):
        label = self.label_of(fabric, serial, serial)
        return label if fabric == self.fabric else '%s/%s' % (fabric, label)

    # writes

    def body(self, obj):
        """The create (and update) body of ``obj``, its ends in the controller's order."""
        request = {'templateName': obj['template'], 'nvPairs': nv_pairs(obj)}
        for index, (end, _info_key, prefix) in enumerate(INFO):
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
                failed[change.name] = refusal_reason(exc)
                continue
            done.append(change.name)
        yield from self.finish(done, failed, result)

    def finish(self, done, failed, result):
        """After the writes: fail naming each refused link (and deploy nothing), else the deploy."""
        if failed:
            refused = ItemsFailed('changing links (nothing was deployed)', failed, done)
            refused.wrote = len(done)
            raise refused
        if self.deploying:
            yield from self.deploy(result)

    def deploy(self, result):
        """Deploy the switches, one request per fabric, and unless the task does not wait, wait for them once; the state
        of each switch."""
        fabrics = {}
        for fabric, serial in self.deploying:
            fabrics.setdefault(fabric, []).append(serial)
        requests = [SwitchSync(self.client, fabric, self.API).deploy_request(serials) for fabric, serials in fabrics.items()]
        names = [self.switch_label(fabric, serial) for fabric, serial in self.deploying]
        attached = {name: {serial} for name, (_fabric, serial) in zip(names, self.deploying)}
        yield from deploy_and_wait(requests, self.read_states, names, attached, self.params, 'switch', result, shape=self.flat)

    @staticmethod
    def flat(report):
        """{switch: {switch: state}} as {switch: state}."""
        return {name: next(iter(states.values()), 'NA') if states else 'NA' for name, states in (report or {}).items()}

    def read_states(self, names):
        """{switch: {serial: (switch, ccStatus)}} from each deployed fabric's inventory (IN-SYNC, OUT-OF-SYNC, PENDING)."""
        del names
        for fabric in {fabric for fabric, _serial in self.deploying}:
            self.directories.pop(fabric, None)
            self.fabric_inventory(fabric)
        return {self.switch_label(fabric, serial): {serial: (self.switch_label(fabric, serial), normal(self.compliance.get(
            (fabric, serial))))} for fabric, serial in self.deploying}
