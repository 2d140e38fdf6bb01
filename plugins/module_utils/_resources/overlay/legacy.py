# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: VRFs and networks on the fabric controller's ``lan-fabric`` top-down API.

VRFs and networks share one pattern on the controller (``/top-down/fabrics/{fabric}/vrfs`` and
``/networks`` in docs/api/fabric-controller.yaml): a list per fabric, a JSON-in-string template
config, bulk create and delete, attachments read and written in one call each, deploy by name.
``OverlayMapping`` carries that pattern; ``vrfs`` and ``networks`` declare which option is which
controller field (``vrfs.kind``, ``networks.kind``). ND 4.2's ``/api/v1/manage`` is another mapping class behind the
same model (``overlay.manage``, a subclass of this one), holding the same kind.

The writes, in the order the controller needs: deletions first (detach, deploy the detach
where something was deployed, wait, delete in bulk), then creates (one bulk call; one each for
objects whose id the controller gives), updates, attachments in one call, and the deploy of
what the task touched, with its wait.

Over 400 lines, one concern: the pattern both kinds and both APIs share (the manage mapping subclasses it); its reads
and writes change together.
"""

from __future__ import annotations

import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import NOT_OFFERED, Request, name_batches, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import check_bulk_answer, check_item_statuses
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DEFAULT_WAIT_TIMEOUT, deploy_and_wait, sync_plan, wait_seconds
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import Mapping, resource_named
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, parse_config, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import settle
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import Read, Wait
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import (
    FabricMissing,
    OfflineDirectory,
    SwitchDirectory,
    kept_directory,
    read_inventory,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.checks import OverlayChecks
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# Bulk deletes go 30 names at a time, the batch the controller's own clients use.
DELETE_BATCH = 30
# Attachment reads list every switch of the fabric for each name: a few hundred names per read
# keeps one answer (and the memory it takes) bounded on large fabrics.
ATTACHMENT_READ_BATCH = 200


class OverlayMapping(Mapping):
    """Subclasses set ``kind`` (what the object is in the controller's words: ``overlay.kind``) and ``NEXT_ID`` (the read
    of the next free id and its field)."""

    # an OverlayKind: VRF (vrfs.kind) or NETWORK (networks.kind)
    kind = None
    NEXT_ID = None
    # where the API keeps a fabric's objects (``fabric_path``, from the fabric's name) and the deploy of them (from that
    # path and the kind's NAME): the paths are what the 4.2 mapping (overlay.manage) sets otherwise
    FABRIC_PATH = '/top-down/fabrics/%s'
    DEPLOY_PATH = '%s/%ss/deployments'

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.fabric_path = self.FABRIC_PATH % segment(self.fabric)
        # {name: the object as read}
        self.raw = {}
        # {name: the options read as their template default, which the controller did not hold} (model.effective)
        self.filled = {}
        # {name: {serial: (switch name, attach state)}} of the objects read
        self.states = {}
        # the switches the attachment answers listed (the controller lists every switch of the fabric there)
        self.switches_seen = {}
        # the switches of the fabric as prepare found them (names, roles)
        self.directory = None

    # names and paths

    @property
    def attach_path(self):
        return '%s/%ss/attachments' % (self.fabric_path, self.kind.NAME)

    def deploy_body(self, names):
        return {self.kind.names_key: ','.join(names)}

    # controller -> model

    def object_from_controller(self, listed, attachments):
        """The model object of one listed object and its lanAttachList; None-valued options left out."""
        config = parse_config(listed.get(self.kind.config_key))
        obj = {'name': str(listed.get(self.kind.name_key))}
        where = '%s %s as read' % (self.model.KIND, obj['name'])
        consumed = set(self.kind.IDENTITY_KEYS)
        for option, key in self.kind.TEMPLATE_KEYS.items():
            consumed.add(key)
            if key in config:
                value = self.model.fields[option].coerce(config[key], where)
                if value is not None:
                    obj[option] = value
        for option, key in self.kind.TOP_LEVEL.items():
            value = self.kind.top_level_value(option, listed.get(key))
            if value is not None:
                obj[option] = self.model.fields[option].coerce(value, where)
        obj['template_params'] = {key: template_text(value) for key, value in config.items() if key not in consumed}
        self.filled[obj['name']] = self.model.effective(obj)
        obj['attach'] = {}
        for entry in attachments or []:
            if entry.get('isLanAttached') is True:
                obj['attach'][str(entry.get('switchSerialNo'))] = self.attachment_from_controller(entry, where)
        return settle(obj)

    def unset(self, key, value):
        """Whether template parameter ``key`` at ``value`` sets nothing (UNSET_PARAMS, or empty)."""
        return value in ('', None) or self.kind.UNSET_PARAMS.get(key) == value

    def gathered(self, have):
        """What gathered lists: of template_params, only what sets something (what is left out is what the controller
        fills in by itself); fed back to merged or replaced it changes nothing, and a dashboard of release 4.2, whose typed
        objects have no place for those keys, takes it as it is."""
        for obj in have.values():
            obj['template_params'] = {key: value for key, value in obj['template_params'].items() if not self.unset(key, value)}
        return have

    def attachment_from_controller(self, entry, where):
        attachment = {'switch': str(entry.get('switchName') or entry.get('switchSerialNo'))}
        vlan = self.model.fields.get('vlan_id').coerce(entry.get('vlanId'), where)
        if vlan:
            attachment['vlan'] = vlan
        attachment.update(self.kind.extra_attachment(entry))
        return attachment

    # model -> controller

    def config_to_controller(self, obj):
        """The template config with native types inside (the controller stores them as text)."""
        config = dict(obj.get('template_params') or {})
        filled = self.filled.get(obj['name'], ())
        for option, key in self.kind.TEMPLATE_KEYS.items():
            # a default the read filled in (the controller held none) is not written while it is still the default
            if obj.get(option) is not None and not (option in filled and obj[option] == self.model.fields[option].default):
                config[key] = obj[option]
        config.update(self.identity_config(obj))
        return config

    def identity_config(self, obj):
        """The object's name and segment id inside its template config, where the controller requires them too."""
        config = {self.kind.name_key: obj['name']}
        if obj.get(self.model.ID_FIELD) is not None:
            config[self.kind.SEGMENT_KEY] = obj[self.model.ID_FIELD]
        config.update(self.kind.extra_identity(obj))
        return config

    def object_to_controller(self, obj):
        """The whole object as create and update take it: what was read, with the model's fields over it."""
        body = {key: value for key, value in self.raw.get(obj['name'], {}).items()
                if key not in self.kind.SERVER_FIELDS and not key.endswith('Status')}
        body.update({'fabric': self.fabric, self.kind.name_key: obj['name']})
        for option, key in self.kind.TOP_LEVEL.items():
            if obj.get(option) is not None:
                body[key] = obj[option]
        body.update(self.kind.extra_top_level(obj, self.raw.get(obj['name'], {})))
        body[self.kind.config_key] = json.dumps(self.config_to_controller(obj), separators=(',', ':'))
        return body

    def attachment_item(self, name, serial, before, after):
        """One lanAttachList item: attach (or change the VLAN; 0 is the object's own) when wanted, detach when not."""
        wanted = after is not None
        return dict({
            'fabric': self.fabric, self.kind.name_key: name, 'serialNumber': serial,
            'vlan': (after or {}).get('vlan') or 0, 'deployment': wanted, 'isAttached': wanted,
            'instanceValues': '', 'extensionValues': '', 'freeformConfig': '',
        }, **self.kind.extra_attachment_item(before, after))

    # reads

    def read_objects(self):
        try:
            answer = self.client.read('%s/%ss' % (self.fabric_path, self.kind.NAME))
        except ApiError as exc:
            raise self.fabric_error(exc) from None
        objects = [item for item in answer or [] if isinstance(item, dict) and item.get(self.kind.name_key)]
        self.raw = {str(item[self.kind.name_key]): item for item in objects}
        return objects

    def attachment_batches(self, names):
        """{name: lanAttachList} per read, in as few reads as the URL length allows; one batch held at a time."""
        for batch in name_batches(list(names), most=ATTACHMENT_READ_BATCH):
            answer = self.client.read(self.attach_path, params={self.kind.NAME + '-names': batch})
            yield {str(entry.get(self.kind.name_key)): entry.get('lanAttachList') or [] for entry in answer or [] if isinstance(entry, dict)}

    def read_attachments(self, names):
        found = {}
        for batch in self.attachment_batches(names):
            found.update(batch)
        return found

    def read(self, names=None):
        """{name: model object} of the fabric, or of ``names``; their attachment states kept in ``states``.

        The attachment answers list every switch of the fabric for every object; each answer is
        turned into model objects before the next is read, so a large fabric never sits in memory
        as the controller's answers.
        """
        objects = self.read_objects()
        wanted = [str(item[self.kind.name_key]) for item in objects if names is None or str(item[self.kind.name_key]) in names]
        have, states = {}, {}
        self.switches_seen = {}
        for batch in self.attachment_batches(wanted) if wanted else ():
            for name, attachments in batch.items():
                for entry in attachments:
                    self.switches_seen.setdefault(str(entry.get('switchSerialNo')), {
                        'serialNumber': entry.get('switchSerialNo'), 'logicalName': entry.get('switchName'),
                        'ipAddress': entry.get('ipAddress'), 'switchRole': entry.get('switchRole')})
                if name in self.raw:
                    have[name] = self.object_from_controller(self.raw[name], attachments)
                    states[name] = attachment_states(attachments)
        for name in wanted:
            if name not in have:
                have[name] = self.object_from_controller(self.raw[name], [])
                states[name] = {}
        self.states = states
        return {name: have[name] for name in wanted}

    def prepare(self, wants, have):
        """Attachments' switches as serial numbers (see ``directory_of``)."""
        del have
        if not any(want.get('attach') for want in wants):
            return
        named = [attachment['switch'] for want in wants for attachment in want.get('attach') or []]
        directory = self.directory = self.directory_of(named)
        for index, want in enumerate(wants):
            directory.resolve(want, 'config[%d] (%s %s)' % (index, self.model.KIND, want['name']))

    def directory_of(self, named):
        """The switches ``named``, from what the run already knows of them, else from 1 GET of the fabric's inventory.

        First the attachment answers just read: they list the fabric's switches, with their addresses on the legacy
        API and without on 4.2 (POST .../vrfAttachments/query and .../networkAttachments/query in
        docs/api/platform.yaml). Then the switches as the run last read them (``switch_directory.kept_directory``),
        under the names and roles the answers give where they list them; so a run reads a fabric's inventory once,
        not once per task that names switches by address or attaches new objects. A switch named that neither knows
        sends the read, which renews what the run keeps. What changes outside the run's own tasks while it runs (two
        switches swapping addresses, a role changed in the dashboard) is seen at that next read, not before.
        """
        seen = SwitchDirectory(self.fabric, self.switches_seen.values())
        if all(seen.knows(switch) for switch in named):
            return seen
        directory = kept_directory(self.client, self.fabric, named, self.switches_seen.values())
        if directory is not None:
            return directory
        return SwitchDirectory(self.fabric, self.inventory())

    def inventory(self):
        """The fabric's switches as inventory entries (1 GET, which renews the run's copy): every mapping's ``inventory``
        gives these, on either API (``switch_directory.read_inventory``, ``read_manage_inventory``)."""
        return read_inventory(self.client, self.fabric)

    def prepare_offline(self, wants):
        """For rendered: switches are taken to be named by serial number, and ids cannot be asked for."""
        id_field = self.model.ID_FIELD
        for index, want in enumerate(wants):
            OfflineDirectory.resolve(want, 'config[%d]' % index)
            if id_field and want.get(id_field) is None:
                raise ModelError('config[%d] (%s %s): rendered computes the requests offline, so it cannot ask the controller for '
                                 'the next free id; give %s.' % (index, self.model.KIND, want['name'], id_field))

    def check(self, changes):
        """What the controller would refuse part way and check_intent does not say: deleting objects still attached or
        deployed without waiting for their undeploy (the controller refuses to delete what is deployed)."""
        if wait_seconds(self.params):
            return
        shown = {change.name: sorted(switch for switch, _state in self.states[change.name].values())
                 for change in changes if change.action == 'delete' and self.states.get(change.name)}
        if shown:
            raise ModelError(
                'wait_timeout is 0 (or wait is false), so the task does not wait; but deleting %s needs the undeploy of %s '
                'attachments to finish first, as the controller refuses to delete a %s still deployed: %s. Give wait_timeout '
                'the seconds to wait (%s when not set). Nothing was written.' % (
                    ', '.join(sorted(shown)), 'its' if len(shown) == 1 else 'their', self.model.KIND,
                    '; '.join('%s on %s' % (name, ', '.join(switches)) for name, switches in sorted(shown.items())),
                    DEFAULT_WAIT_TIMEOUT))

    # the checks of the task's intent (overlay.checks)

    def fabric_error(self, exc):
        """The error of a read of the fabric's objects or settings: a fabric that does not exist, said so."""
        if exc.status == 404:
            return FabricMissing('Fabric %s does not exist on the controller (it answered HTTP 404 for its %ss). Give the name of '
                                 'an existing fabric in fabric; fabricops.dashboard.fabrics with state gathered lists them.'
                                 % (self.fabric, self.kind.NAME), exc.status)
        return exc

    def peer(self):
        """The mapping of the kind that shares this one's VNIs and switch VLANs (VRFs for networks), on the same client."""
        return self.mapping_of(resource_named(*self.kind.PEER)) if self.kind.PEER else None

    def check_intent(self, state, wants, changes, checks):
        """Refuse (or warn about) what contradicts the task itself or the fabric, before anything is written (the rules:
        overlay.checks.OverlayChecks). What it costs: nothing for gathered or a task that changes nothing; else 1 to 4 GETs in
        bulk, and for networks 1 GET per switch the task brings ports to (its interface list); the count in detail is in
        OverlayChecks.check_intent."""
        OverlayChecks(self).check_intent(state, wants, changes, checks)

    def deploy_plan(self, changes):
        """deploy's one rule (``deploy.sync_plan``) on the attachments: (names to deploy, names whose deploy is running)."""
        return sync_plan(self.params, changes,
                         lambda change: bool(change.attachments or (change.action == 'update' and change.after.get('attach'))),
                         lambda change: (self.states.get(change.name, {}), change.after.get('attach') or {}))

    def to_deploy(self, changes):
        """Names of the objects a deploy must push: the ones whose attachments the task changed, and the listed
        ones whose attachments are not all deployed yet (an earlier run attached without deploying). Not the ones
        whose deploy an earlier run started and is still running (``awaited``)."""
        return self.deploy_plan(changes)[0]

    def awaited(self, changes):
        """Names of the listed objects the task does not change whose deploy is still running on the controller (an
        earlier run's wait timed out, say): waited for, as the task asks, and not deployed a second time."""
        return self.deploy_plan(changes)[1]

    # writes

    def writes(self, changes, result):
        """The steps of the writes (see ``run``), in the order the controller needs."""
        deletes = [change for change in changes if change.action == 'delete']
        if deletes:
            yield from self.delete_steps(deletes)
        yield from self.create_steps([change for change in changes if change.action == 'create'], result)
        yield from self.update_steps([change.after for change in changes if change.action == 'update'])
        yield from self.attach_steps([change for change in changes if change.action != 'delete'])
        deploy_names = result.get('deploy') or []
        # Also when the controller had nothing pending: the states read once are still the answer.
        waited = deploy_names + [name for name in self.awaited(changes) if name not in deploy_names]
        attached = {change.name: set(change.after.get('attach') or {}) for change in changes if change.after is not None}
        yield from deploy_and_wait([self.deploy_request(deploy_names)] if deploy_names else [], self.read_states, waited, attached,
                                   self.params, self.model.KIND, result)

    def create_steps(self, creates, result):
        """The creates that give their id in one bulk call; then each one without, with the id the controller
        offers, asked only once the one before has taken its id (the offer is not reserved: GET .../vrfinfo and
        .../netinfo in docs/api/fabric-controller.yaml), so no two objects are sent the same id."""
        id_field = self.model.ID_FIELD
        given = [change.after for change in creates if id_field is None or change.after.get(id_field) is not None]
        if given:
            yield from self.create_bulk(given)
        for change in creates:
            if id_field is None or change.after.get(id_field) is not None:
                continue
            change.after[id_field] = self.next_id((yield Read('%s/%s' % (self.fabric_path, self.NEXT_ID[0]))))
            yield from self.create_bulk([change.after])
            # before, the plan (and check mode) could not know the id; the result shows the one sent
            for shown in result['after'] + [entry['after'] for entry in result.get('diff') or () if entry['after']]:
                if shown['name'] == change.name:
                    shown[id_field] = change.after[id_field]

    def create_bulk(self, objs):
        answer = yield Request('POST', '/top-down/bulk-create/%ss' % self.kind.NAME, [self.object_to_controller(obj) for obj in objs])
        check_bulk_answer('creating %ss in fabric %s' % (self.kind.NAME, self.fabric), [obj['name'] for obj in objs], answer)

    def update_steps(self, objs):
        """Each changed object sent whole: all in one bulk update where the controller has it (NDFC 12.2 and later:
        PUT /top-down/v2/bulk-update/{kind}s, the template config as an object), else one PUT each.

        Whether it has it is learned once per run, by the run's first update: a 404 answer means no such API (nothing
        was written), and the run's later tasks then send one PUT per object at once (``session.facts``)."""
        if not objs:
            return
        fact = 'top_down_bulk_update'
        if self.client.run_fact(fact) is not False:
            bodies = []
            for obj in objs:
                body = self.object_to_controller(obj)
                body[self.kind.config_key] = json.loads(body[self.kind.config_key])
                bodies.append(body)
            answer = yield Request('PUT', '/top-down/v2/bulk-update/%ss' % self.kind.NAME, bodies, optional=True)
            self.client.keep_run_fact(fact, answer is not NOT_OFFERED)
            if answer is not NOT_OFFERED:
                check_bulk_answer('updating %ss in fabric %s' % (self.kind.NAME, self.fabric), [obj['name'] for obj in objs], answer)
                return
        for obj in objs:
            yield Request('PUT', '%s/%ss/%s' % (self.fabric_path, self.kind.NAME, segment(obj['name'])), self.object_to_controller(obj))

    def next_id(self, answer):
        """The id the controller would give the next object of this kind, from its answer. Not reserved: it stays
        the same until an object takes it, so ask again only after that object is created."""
        value = answer.get(self.NEXT_ID[1]) if isinstance(answer, dict) else None
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ApiError('The controller gave no next free %s id (GET %s answered %r); give the id in the task.'
                           % (self.kind.NAME, self.NEXT_ID[0], answer), 200) from None

    def attach_body(self, changes):
        """The one attachments request for every Change's attachment changes (deleted objects detach all)."""
        body = []
        for change in changes:
            items = [self.attachment_item(change.name, serial, before, after) for serial, (before, after) in change.attachments.items()]
            if items:
                body.append({self.kind.name_key: change.name, 'lanAttachList': items})
        return body

    def attach_steps(self, changes):
        """The attachments request, if any attachment changes; the answer names each item's outcome."""
        body = self.attach_body(changes)
        if body:
            answer = yield Request('POST', self.attach_path, body)
            check_item_statuses('attaching %ss to switches in fabric %s' % (self.kind.NAME, self.fabric), answer)

    def deploy_request(self, names):
        """Deploy the pending attachments of ``names`` (the controller answers "No switches PENDING" when none are)."""
        return Request('POST', self.DEPLOY_PATH % (self.fabric_path, self.kind.NAME), self.deploy_body(names))

    def read_states(self, names):
        attachments = self.read_attachments(names)
        return {name: attachment_states(attachments.get(name)) for name in names}

    def delete_steps(self, deletes):
        """Detach, push the detach where something was deployed (the controller refuses to delete objects with
        deployed attachments), then delete in bulk."""
        names = [change.name for change in deletes]
        if self.attach_body(deletes):
            yield from self.attach_steps(deletes)
            # A detach leaves a deployed attachment shown till its undeploy is pushed, and removes one never deployed.
            # The states read before tell which is which, except PENDING (never deployed, or changed since its deploy):
            # only then is it read again.
            before = [state for name in names for _switch, state in self.states.get(name, {}).values()]
            if 'PENDING' in before or any(name not in self.states for name in names):
                still_shown = yield Wait(lambda: [name for name, states in self.read_states(names).items() if states])
            else:
                still_shown = [name for name in names if self.states.get(name)]
            if still_shown:
                # check refused before any write a task that would not wait here
                yield from deploy_and_wait([self.deploy_request(still_shown)], self.read_states, still_shown, {}, self.params,
                                           self.model.KIND)
        yield from self.delete_requests(names)

    def delete_requests(self, names):
        """The deletes themselves, in bulk, once nothing of them is deployed."""
        for batch in name_batches(names, most=DELETE_BATCH):
            answer = yield Request('DELETE', '%s/bulk-delete/%ss' % (self.fabric_path, self.kind.NAME),
                                   query={self.kind.NAME + '-names': batch}, partial=True)
            check_bulk_answer('deleting %ss in fabric %s' % (self.kind.NAME, self.fabric), batch.split(','), answer)


def attachment_states(attachments):
    """{serial: (switch name, state)} of every switch the object is or was attached to (state not NA)."""
    states = {}
    for entry in attachments or []:
        state = str(entry.get('lanAttachState') or 'NA')
        if entry.get('isLanAttached') is True or state != 'NA':
            states[str(entry.get('switchSerialNo'))] = (str(entry.get('switchName') or entry.get('switchSerialNo')), state)
    return states
