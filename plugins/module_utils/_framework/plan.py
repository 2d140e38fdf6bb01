# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: want, have, compare, for every state of a resource module.

Pure functions, no I/O: given what the task wants (objects in the module's model, switches
already resolved to serial numbers) and what the controller has (the same model), compute the
change of each object. Check mode and a real run use the same plan, so they report the same
``changed``; the runner only decides whether to send it.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, object_part, unmasked

STATES = ('merged', 'replaced', 'overridden', 'deleted', 'gathered', 'rendered')


class Change:
    """What happens to one object: created, updated, deleted or left alone, and to which attachments."""

    def __init__(self, name, before, after):
        self.name = name
        self.before = before
        self.after = after
        if before is None:
            self.action = 'create' if after is not None else None
        elif after is None:
            self.action = 'delete'
        elif object_part(before) != object_part(after):
            self.action = 'update'
        else:
            self.action = None
        self.attachments = attachment_changes(before, after)

    @property
    def changed(self):
        return self.action is not None or bool(self.attachments)


def attachment_changes(before, after):
    """{serial: (attachment before or None, attachment after or None)} for each switch whose attachment differs."""
    old = (before or {}).get('attach') or {}
    new = (after or {}).get('attach') or {}
    return {serial: (old.get(serial), new.get(serial)) for serial in sorted(set(old) | set(new)) if old.get(serial) != new.get(serial)}


def settle(obj, vlan_field='vlan_id'):
    """The object in its one canonical form: an attachment VLAN equal to the object's own is no VLAN of its own."""
    if obj is None:
        return None
    for attachment in (obj.get('attach') or {}).values():
        if attachment.get('vlan') is not None and attachment['vlan'] == obj.get(vlan_field):
            del attachment['vlan']
        if not attachment.get('vlan'):
            attachment.pop('vlan', None)
    return obj


def plan(model, state, wants, have):
    """The Change of every object the state concerns, in the order of the task, then the deletions.

    ``wants``: partial objects from the task (model.from_task, attachments resolved); ``have``:
    {name: object} as read. Raises ModelError when the task cannot be carried out as given.
    """
    seen = set()
    for want in wants:
        if want['name'] in seen:
            raise ModelError('config lists %s %s twice; list each %s once.' % (model.KIND, want['name'], model.KIND))
        seen.add(want['name'])
    changes = []
    if state == 'deleted':
        names = [want['name'] for want in wants] if wants else list(have)
        return [Change(name, have[name], None) for name in names if name in have]
    for want in wants:
        current = have.get(want['name'])
        want = unmasked(want, current)
        desired = model.merged(current, want) if state == 'merged' else model.replaced(current, want)
        settle(desired)
        if current is None:
            missing = model.missing_on_create(desired)
            if missing:
                raise ModelError('%s %s does not exist yet, and creating it needs %s; add %s to its config item.' % (
                    model.KIND, want['name'], ', '.join(missing), ' and '.join(missing)))
        changes.append(Change(want['name'], current, desired))
    if state == 'overridden':
        changes.extend(Change(name, have[name], None) for name in have if name not in seen)
    return changes


def scope_names(state, wants, have):
    """The objects ``before`` and ``after`` report: the listed ones, or all of the scope for overridden,
    gathered and deleted without config."""
    if state in ('overridden', 'gathered') or (state == 'deleted' and not wants):
        return list(have)
    return [want['name'] for want in wants]


def shape_result(model, state, changes, have, names):
    """before, after, changed and diff (one entry per changed object) in the module's terms."""
    after_by_name = {name: have.get(name) for name in names}
    for change in changes:
        after_by_name[change.name] = change.after
    changed = [change for change in changes if change.changed]
    result = {
        'changed': bool(changed),
        'before': [model.for_output(have[name]) for name in names if have.get(name) is not None],
        'after': [model.for_output(after_by_name[name]) for name in after_by_name if after_by_name[name] is not None],
        'diff': [object_diff(model, change) for change in changed],
    }
    return result


def object_diff(model, change):
    """One changed object's diff, as Ansible's --diff shows a list of them: each object under its own header, so lines
    of two objects are never paired; ``name`` says which object it is to a play that registers the result."""
    header = '%s %s' % (model.KIND, change.name)
    return {
        'name': change.name,
        'before_header': header,
        'after_header': header,
        'before': None if change.before is None else model.for_output(change.before),
        'after': None if change.after is None else model.for_output(change.after),
    }
