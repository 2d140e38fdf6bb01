# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: VRFs and networks on the fabric controller's ``lan-fabric`` top-down API.

VRFs and networks share one wire pattern (fabric-controller facts, sections 7 and 8): a list
per fabric, a JSON-in-string template config, bulk create and delete, attachments read and
written in one call each, deploy by name. ``TopDownWire`` carries that pattern; ``_vrf_wire``
and ``_network_wire`` declare which option is which controller field. Another API flavour (ND
4.2's ``/api/v1/manage``) would be another wire class behind the same model.
"""

from __future__ import annotations

import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import name_batches, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.item_failures import check_bulk_answer, check_item_statuses
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.plan import settle

# Bulk deletes go 30 names at a time, the batch the controller's own clients use (facts 7.4).
DELETE_BATCH = 30
# Attachment reads list every switch of the fabric for each name: a few hundred names per read
# keeps one answer (and the memory it takes) bounded on large fabrics.
ATTACHMENT_READ_BATCH = 200


def parse_config(value):
    """A template config (JSON text, or already an object) as a dict; {} when empty or not an object."""
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, str) and value.strip():
        try:
            parsed = json.loads(value)
        except ValueError:
            return {}
        return parsed if isinstance(parsed, dict) else {}
    return {}


def split_ports(text):
    return sorted(set(port.strip() for port in str(text or '').split(',') if port.strip()))


class TopDownWire:
    """Subclasses set KIND ('vrf' or 'network'), NEXT_ID, TEMPLATE_KEYS, TOP_LEVEL, SEGMENT_KEY and IDENTITY_KEYS."""

    KIND = None
    # option -> key inside the template config
    TEMPLATE_KEYS = {}
    # option -> field of the object itself
    TOP_LEVEL = {}
    # the template config key of the object's segment id (the model's ID_FIELD)
    SEGMENT_KEY = None
    # config keys the controller derives from the object (name, segment id): never template_params
    IDENTITY_KEYS = ()
    # fields of the object that only the controller sets: never sent back
    SERVER_FIELDS = ('id', 'fabric')

    def __init__(self, model, controller, fabric):
        self.model = model
        self.controller = controller
        self.fabric = fabric
        self.raw = {}
        # the switches the attachment answers listed (the controller lists every switch of the fabric there)
        self.switches_seen = {}

    # names and paths

    @property
    def name_key(self):
        return self.KIND + 'Name'

    @property
    def config_key(self):
        return self.KIND + 'TemplateConfig'

    @property
    def fabric_path(self):
        return '/top-down/fabrics/%s' % segment(self.fabric)

    @property
    def attach_path(self):
        return '%s/%ss/attachments' % (self.fabric_path, self.KIND)

    @property
    def deploy_path(self):
        return '%s/%ss/deployments' % (self.fabric_path, self.KIND)

    def deploy_body(self, names):
        return {self.KIND + 'Names': ','.join(names)}

    # wire -> model

    def object_from_wire(self, wire, attachments):
        """The model object of one listed object and its lanAttachList; None-valued options left out."""
        config = parse_config(wire.get(self.config_key))
        obj = {'name': str(wire.get(self.name_key))}
        where = '%s %s as read' % (self.model.KIND, obj['name'])
        consumed = set(self.IDENTITY_KEYS)
        for option, key in self.TEMPLATE_KEYS.items():
            consumed.add(key)
            if key in config:
                value = self.model.fields[option].coerce(config[key], where)
                if value is not None:
                    obj[option] = value
        for option, key in self.TOP_LEVEL.items():
            value = self.top_level_value(option, wire.get(key))
            if value is not None:
                obj[option] = self.model.fields[option].coerce(value, where)
        obj['template_params'] = {key: template_text(value) for key, value in config.items() if key not in consumed}
        obj['attach'] = {}
        for entry in attachments or []:
            if entry.get('isLanAttached') is True:
                obj['attach'][str(entry.get('switchSerialNo'))] = self.attachment_from_wire(entry, where)
        return settle(obj)

    def top_level_value(self, option, value):
        del option
        return value

    def attachment_from_wire(self, entry, where):
        attachment = {'switch': str(entry.get('switchName') or entry.get('switchSerialNo'))}
        vlan = self.model.fields.get('vlan_id').coerce(entry.get('vlanId'), where)
        if vlan:
            attachment['vlan'] = vlan
        return attachment

    # model -> wire

    def config_to_wire(self, obj):
        """The template config with native types inside (the controller stores them as text)."""
        config = dict(obj.get('template_params') or {})
        for option, key in self.TEMPLATE_KEYS.items():
            if obj.get(option) is not None:
                config[key] = obj[option]
        config.update(self.identity_config(obj))
        return config

    def identity_config(self, obj):
        """The object's name and segment id inside its template config, where the controller requires them too."""
        config = {self.name_key: obj['name']}
        if obj.get(self.model.ID_FIELD) is not None:
            config[self.SEGMENT_KEY] = obj[self.model.ID_FIELD]
        return config

    def object_to_wire(self, obj):
        """The whole object as create and update take it: what was read, with the model's fields over it."""
        body = {key: value for key, value in self.raw.get(obj['name'], {}).items()
                if key not in self.SERVER_FIELDS and not key.endswith('Status')}
        body.update({'fabric': self.fabric, self.name_key: obj['name']})
        for option, key in self.TOP_LEVEL.items():
            if obj.get(option) is not None:
                body[key] = self.top_level_wire(option, obj[option])
        body.update(self.extra_top_level(obj))
        body[self.config_key] = json.dumps(self.config_to_wire(obj), separators=(',', ':'))
        return body

    def top_level_wire(self, option, value):
        del option
        return value

    def extra_top_level(self, obj):
        del obj
        return {}

    def attachment_item(self, name, serial, before, after):
        """One lanAttachList item: attach (or change the VLAN; 0 is the object's own) when wanted, detach when not."""
        del before
        wanted = after is not None
        return {
            'fabric': self.fabric, self.name_key: name, 'serialNumber': serial,
            'vlan': (after or {}).get('vlan') or 0, 'deployment': wanted, 'isAttached': wanted,
            'instanceValues': '', 'extensionValues': '', 'freeformConfig': '',
        }

    # reads

    def read_objects(self):
        answer = self.controller.read('%s/%ss' % (self.fabric_path, self.KIND))
        objects = [item for item in answer or [] if isinstance(item, dict) and item.get(self.name_key)]
        self.raw = {str(item[self.name_key]): item for item in objects}
        return objects

    def attachment_batches(self, names):
        """{name: lanAttachList} per read, in as few reads as the URL length allows; one batch held at a time."""
        for batch in name_batches(list(names), most=ATTACHMENT_READ_BATCH):
            answer = self.controller.read(self.attach_path, params={self.KIND + '-names': batch})
            yield {str(entry.get(self.name_key)): entry.get('lanAttachList') or [] for entry in answer or [] if isinstance(entry, dict)}

    def read_attachments(self, names):
        found = {}
        for batch in self.attachment_batches(names):
            found.update(batch)
        return found

    def read(self, names=None):
        """({name: model object}, {name: {serial: (switch name, attach state)}}) of the fabric, or of ``names``.

        The attachment answers list every switch of the fabric for every object; each answer is
        turned into model objects before the next is read, so a large fabric never sits in memory
        as the controller's answers.
        """
        objects = self.read_objects()
        wanted = [str(item[self.name_key]) for item in objects if names is None or str(item[self.name_key]) in names]
        have, states = {}, {}
        self.switches_seen = {}
        for batch in self.attachment_batches(wanted) if wanted else ():
            for name, attachments in batch.items():
                for entry in attachments:
                    self.switches_seen.setdefault(str(entry.get('switchSerialNo')), {
                        'serialNumber': entry.get('switchSerialNo'), 'logicalName': entry.get('switchName'),
                        'ipAddress': entry.get('ipAddress')})
                if name in self.raw:
                    have[name] = self.object_from_wire(self.raw[name], attachments)
                    states[name] = attachment_states(attachments)
        for name in wanted:
            if name not in have:
                have[name] = self.object_from_wire(self.raw[name], [])
                states[name] = {}
        return {name: have[name] for name in wanted}, states

    def check_deletable(self, names):
        """Raise ModelError, before anything is sent, when the controller would refuse to delete one of ``names``."""
        del names

    # writes

    def requests_for_create(self, objs):
        return [('POST', '/top-down/bulk-create/%ss' % self.KIND, [self.object_to_wire(obj) for obj in objs])]

    def create(self, objs):
        method, path, body = self.requests_for_create(objs)[0]
        answer = self.controller.write(method, path, body)
        check_bulk_answer('creating %ss in fabric %s' % (self.KIND, self.fabric), [obj['name'] for obj in objs], answer)

    def next_id(self):
        """The id the controller would give the next object of this kind. Not reserved: it stays the
        same until an object takes it, so ask again only after that object is created."""
        path, key = self.NEXT_ID
        answer = self.controller.read('%s/%s' % (self.fabric_path, path))
        value = answer.get(key) if isinstance(answer, dict) else None
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ApiError('The controller gave no next free %s id (GET %s answered %r); give the id in the task.'
                           % (self.KIND, path, answer), 200) from None

    def update(self, obj):
        self.controller.write('PUT', '%s/%ss/%s' % (self.fabric_path, self.KIND, segment(obj['name'])), self.object_to_wire(obj))

    def attach_body(self, changes):
        """The one attachments request for every Change's attachment changes (deleted objects detach all)."""
        body = []
        for change in changes:
            items = [self.attachment_item(change.name, serial, before, after) for serial, (before, after) in change.attachments.items()]
            if items:
                body.append({self.name_key: change.name, 'lanAttachList': items})
        return body

    def attach(self, changes):
        body = self.attach_body(changes)
        if body:
            answer = self.controller.write('POST', self.attach_path, body)
            check_item_statuses('attaching %ss to switches in fabric %s' % (self.KIND, self.fabric), answer)
        return bool(body)

    def deploy(self, names):
        """Deploy the pending attachments of ``names``; False when the controller had nothing pending."""
        answer = self.controller.write('POST', self.deploy_path, self.deploy_body(names))
        return not (isinstance(answer, str) and 'No switches PENDING' in answer)

    def delete(self, names):
        for batch in name_batches(names, most=DELETE_BATCH):
            answer = self.controller.write('DELETE', '%s/bulk-delete/%ss' % (self.fabric_path, self.KIND),
                                           params={self.KIND + '-names': batch}, partial=True)
            check_bulk_answer('deleting %ss in fabric %s' % (self.KIND, self.fabric), batch.split(','), answer)


def attachment_states(attachments):
    """{serial: (switch name, state)} of every switch the object is or was attached to (state not NA)."""
    states = {}
    for entry in attachments or []:
        state = str(entry.get('lanAttachState') or 'NA')
        if entry.get('isLanAttached') is True or state != 'NA':
            states[str(entry.get('switchSerialNo'))] = (str(entry.get('switchName') or entry.get('switchSerialNo')), state)
    return states
