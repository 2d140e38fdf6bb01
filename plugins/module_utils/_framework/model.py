# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the user-facing model of a resource, whatever API carries it.

A resource object, in the module's own terms, is a plain dict of option names (snake_case) with
typed values, plus ``template_params`` (template parameters the module does not name, as text)
and ``attach`` (a dict keyed by switch serial number). The per-resource files declare their
fields; this file turns user input into that shape, merges and defaults objects the same way
for every state, and turns an object back into the module's input format for output.
"""

from __future__ import annotations

import copy
import json
import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.values import stored_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import MASK, SECRET_FIELD, shown

# Names travel in URL paths and in comma-separated query lists: a comma, a slash or a space
# in one would address another object. The controller's own names keep to these characters.
NAME_PATTERN = re.compile(r'^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,63}$')


class ModelError(ValueError):
    """The task's config cannot describe a valid object; the message says what to change."""


class Field:
    """One option of a resource object.

    ``default`` is what a new object gets and what ``replaced`` resets the option to when it is
    not given. ``KEEP`` marks an option the controller chooses (ids, allocated VLANs): it has no
    default to reset to, so ``replaced`` keeps the current value when the task does not give one.
    """

    KEEP = object()

    def __init__(self, name, kind, default=KEEP):
        self.name = name
        self.kind = kind
        self.default = default

    def coerce(self, value, where):
        """``value`` (from the task, or as text from the wire) in this field's type, or ModelError."""
        if value is None:
            return None
        if self.kind == 'int':
            if isinstance(value, bool):
                raise ModelError('%s: %s must be a whole number, not %r' % (where, self.name, value))
            text = str(value).strip()
            if text == '':
                return None
            if not re.match(r'^-?\d+$', text):
                raise ModelError('%s: %s must be a whole number, not %r' % (where, self.name, value))
            return int(text)
        if self.kind == 'bool':
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ('true', 'yes', 'on', '1'):
                return True
            if text in ('false', 'no', 'off', '0', ''):
                return False
            raise ModelError('%s: %s must be true or false, not %r' % (where, self.name, value))
        return str(value)


def given_over(result, want):
    """``result`` with what ``want`` gives written over it: its template parameters added to the result's (those the want
    names win), every other option replaced. For a model without attachments."""
    for key, value in want.items():
        if key == 'template_params':
            result['template_params'] = dict(result.get('template_params') or {}, **value)
        else:
            result[key] = value
    return result


class ResourceModel:
    """The fields of one resource kind; subclasses set KIND, FIELDS and ATTACHMENT_FIELDS."""

    KIND = 'object'
    PLURAL = 'objects'
    FIELDS = ()
    # The options of one attachment besides ``switch``; ``ports`` is a list of interface names.
    ATTACHMENT_FIELDS = ()
    # Fields that must be known when the object is created (the controller cannot pick them here).
    REQUIRED_ON_CREATE = ()
    # The option the controller can choose on create (its next free id); None when it cannot.
    ID_FIELD = None
    # The parts merged and replaced leave out of an object of this kind: another resource's (attachments, template
    # parameters), or how an object is made rather than what it is (fabric_switches' preserve_config).
    NOT_PARTS = ()
    # What names one object in config, for the messages of a task that lists none ('each with its switch and name');
    # '' for an object config names by ``name`` alone
    EACH = ''

    def __init__(self):
        self.fields = {field.name: field for field in self.FIELDS}

    # input

    def validate_name(self, name, where):
        if not isinstance(name, str) or not NAME_PATTERN.match(name):
            raise ModelError('%s: name %r is not a valid %s name: use 1 to 64 letters, digits, "_", ".", ":" or "-", '
                             'starting with a letter or digit.' % (where, name, self.KIND))
        return name

    def from_task(self, item, index):
        """One task ``config`` item as a partial object: only what the user gave, typed."""
        where = 'config[%d]' % index
        name = self.validate_name(item.get('name'), where)
        where = '%s (%s %s)' % (where, self.KIND, name)
        partial = {'name': name}
        for field in self.FIELDS:
            if item.get(field.name) is not None:
                partial[field.name] = field.coerce(item[field.name], where)
        params = item.get('template_params')
        if params is not None:
            partial['template_params'] = {str(key): template_text(value) for key, value in params.items()}
        if item.get('attach') is not None:
            partial['attach'] = [self.attachment_from_task(entry, where) for entry in item['attach']]
        self.validate(partial, where)
        return partial

    def attachment_from_task(self, entry, where):
        switch = entry.get('switch')
        if not switch:
            raise ModelError('%s: every attach entry needs switch (its name, serial number or IP address).' % where)
        attachment = {'switch': str(switch)}
        if 'ports' in self.ATTACHMENT_FIELDS:
            attachment['ports'] = sorted(set(str(port).strip() for port in entry.get('ports') or () if str(port).strip()))
        if entry.get('vlan') is not None:
            attachment['vlan'] = Field('vlan', 'int').coerce(entry['vlan'], where)
        return attachment

    def validate(self, partial, where):
        """Input validation of one partial object (its options together); ModelError when it cannot work. Not a check: the
        checks (a mapping's ``check_intent`` and ``check``) refuse what contradicts the task, the fabric or the controller."""

    # states

    def defaults(self, name):
        base = {'name': name, 'template_params': {}, 'attach': {}}
        for field in self.FIELDS:
            if field.default is not Field.KEEP:
                base[field.name] = copy.deepcopy(field.default)
        return base

    def merged(self, have, want):
        """``have`` updated with what ``want`` gives, nothing else touched (state merged)."""
        result = copy.deepcopy(have) if have is not None else self.defaults(want['name'])
        for key, value in want.items():
            if key == 'template_params':
                result['template_params'] = dict(result.get('template_params') or {}, **value)
            elif key == 'attach':
                result['attach'] = merge_attachments(result.get('attach') or {}, value)
            else:
                result[key] = value
        return self.without_other_parts(result)

    def replaced(self, have, want):
        """The object exactly as ``want`` gives it, defaults for the rest (state replaced).

        Options the controller chooses (Field.KEEP) keep their current value when not given, and
        so do template parameters this module does not name: it cannot know their template
        defaults, so it leaves them to the user's ``template_params``.
        """
        result = self.defaults(want['name'])
        if have is not None:
            for field in self.FIELDS:
                if field.default is Field.KEEP and field.name in have:
                    result[field.name] = have[field.name]
                elif field.name not in have and field.name not in want and field.default in ('', None):
                    # The controller stores nothing for it, which is the empty default already: an
                    # object read back (gathered) must not differ from itself by an empty string.
                    result.pop(field.name, None)
            result['template_params'] = dict(have.get('template_params') or {})
        for key, value in want.items():
            if key == 'template_params':
                result['template_params'].update(value)
            elif key != 'attach':
                result[key] = value
        result['attach'] = merge_attachments({}, want.get('attach') or [])
        return self.without_other_parts(result)

    def without_other_parts(self, obj):
        for key in self.NOT_PARTS:
            obj.pop(key, None)
        return obj

    def effective(self, obj):
        """``obj`` as read, with the default of each field it does not hold, where the object is of the model's default
        template (whose defaults the model's are): the controller takes a field its config does not hold at the template's
        default, so a user sees the same object either way, and gathered fed to replaced writes nothing. Fields whose default
        is empty or the controller's choice are left out, as replaced leaves them."""
        template = self.fields.get('template')
        if template is not None and obj.get('template', template.default) != template.default:
            return set()
        filled = set()
        for field in self.FIELDS:
            if field.name not in obj and field.default not in (Field.KEEP, None, ''):
                obj[field.name] = copy.deepcopy(field.default)
                filled.add(field.name)
        return filled

    def missing_on_create(self, obj):
        return [name for name in self.REQUIRED_ON_CREATE if obj.get(name) is None]

    # output

    def for_output(self, obj):
        """An object in the module's input format (what gathered returns and merged accepts)."""
        out = {'name': obj['name']}
        for field in self.FIELDS:
            if obj.get(field.name) is not None:
                out[field.name] = obj[field.name]
        out['template_params'] = shown_params(obj)
        attachments = sorted((obj.get('attach') or {}).values(), key=lambda attachment: attachment['switch'])
        out['attach'] = [dict(attachment) for attachment in attachments]
        return out


def shown_params(obj):
    """The ``template_params`` of ``obj`` as output shows them (before, after, diff, gathered): sorted, and the value of
    each parameter whose name says it is a secret (an authentication key, a password, see SECRET_FIELD) masked."""
    return {key: shown(key, value) for key, value in sorted((obj.get('template_params') or {}).items())}


def unmasked(want, current):
    """``want`` with each secret template parameter given as the mask (gathered fed back) taken as the value the
    controller has (``current``'s), or left out when it has none: the mask is never sent as a key."""
    params = want.get('template_params')
    if not params or MASK not in params.values():
        return want
    have = (current or {}).get('template_params') or {}
    kept = {}
    for key, value in params.items():
        if value != MASK or not SECRET_FIELD.search(key):
            kept[key] = value
        elif key in have:
            kept[key] = have[key]
    return dict(want, template_params=kept)


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


def template_text(value):
    """A template parameter as the controller stores it: text (true/false for booleans, a nested structure as compact JSON).

    The form dashboard_rest compares the values inside the controller's JSON-text fields by; one definition serves both.
    """
    return stored_text(value)


def merge_attachments(have, wanted):
    """``have`` (by serial) with the ``wanted`` attachments (a list, each resolved with ``serial``) merged in.

    A switch already attached keeps its ports and gains the listed ones; its VLAN changes only
    when one is given.
    """
    result = copy.deepcopy(have)
    for entry in wanted:
        entry = dict(entry)
        serial = entry.pop('serial', None) or entry['switch']
        current = result.get(serial)
        if current is None:
            result[serial] = entry
            continue
        if 'ports' in entry:
            current['ports'] = sorted(set(current.get('ports', [])) | set(entry['ports']))
        if entry.get('vlan') is not None:
            current['vlan'] = entry['vlan']
    return result


def object_part(obj):
    """An object without its attachments: what a create or update of the object itself carries."""
    return {key: value for key, value in obj.items() if key != 'attach'}
