# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the report of a fabric's run (its preview, or what apply did) built from the registered
results of our resource module tasks, as JSON data and as Markdown a reviewer reads in a merge request.

Each module's result carries a ``diff`` entry per changed object (``name``, ``before``, ``after``, in the module's own
terms): an object without ``before`` is added, one without ``after`` removed, any other changed, field by field. The same
builder reads the check-mode results of the preview and the results of apply, so the two reports compare one to one.
Secrets (the model's authentication keys and BGP passwords, any switch password) are masked in both.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.model import policy_key
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import shown

ACTIONS = ('added', 'changed', 'removed')
RENDERED_WARNING = ('the fabric does not exist yet, so each of these objects is listed as added; apply lists those the switches '
                    'bring with them (their ports, the links they are cabled with) as changed')


def flat(values, prefix=''):
    """{dotted field: value} of a module's object: nested mappings (``template_params``) one field per key."""
    found = {}
    for name, value in (values or {}).items():
        field = '%s.%s' % (prefix, name) if prefix else str(name)
        if isinstance(value, dict) and value:
            found.update(flat(value, field))
        else:
            found[field] = value
    return found


def masked(field, value):
    # a flattened field (template_params.OSPF_AUTH_KEY) is a secret by its last part, as the modules mask it
    return shown(field.rsplit('.', 1)[-1], value)


def change_of(resource, entry):
    """One changed object of a module's ``diff`` as the report lists it."""
    before, after = flat(entry.get('before')), flat(entry.get('after'))
    change = {'resource': resource, 'name': entry.get('name')}
    if not entry.get('before'):
        change.update(action='added', values={field: masked(field, value) for field, value in sorted(after.items())})
    elif not entry.get('after'):
        change.update(action='removed', values={field: masked(field, value) for field, value in sorted(before.items())})
    else:
        fields = [{'field': field, 'old': masked(field, before.get(field)), 'new': masked(field, after.get(field))}
                  for field in sorted(set(before) | set(after)) if before.get(field) != after.get(field)]
        change.update(action='changed', fields=fields)
    return change


def rendered(resource, after, switch_names):
    """An object a task rendered (its ``after``) as the module's diff names it once the fabric holds its switches: its switches
    by their names, the object by its module's key."""
    after = dict(after)
    if isinstance(after.get('attach'), list):
        after['attach'] = [dict(entry, switch=switch_names.get(entry.get('switch'), entry.get('switch'))) for entry in after['attach']]
    for end in ('switch', 'peer1', 'peer2', 'src_switch', 'dst_switch'):
        if end in after:
            after[end] = switch_names.get(after[end], after[end])
    return {'name': RENDERED_NAMES.get(resource, lambda after: after.get('name'))(after), 'before': None, 'after': after}


# The name each module's diff gives an object (its plan's key), from the object as the module outputs it.
RENDERED_NAMES = {
    'policies': lambda after: policy_key(after['switch'], after['template'], after.get('description')),
    'interfaces': lambda after: '%s %s' % (after['switch'], after['name']),
    'vpc_pairs': lambda after: '%s~%s' % (after['peer1'], after['peer2']),
    'links': lambda after: ' -- '.join(sorted('%s %s' % (after[end + '_switch'], after[end + '_interface']) for end in ('src', 'dst'))),
}


def build(fabric, stage, check_mode, results, switch_names=None):
    """The report of ``results``: [{resource, result}] in the order the tasks ran (a skipped task, nothing to do, left out).
    ``switch_names``: {management address: name} of the switches, for the objects of a rendered task."""
    changes, warnings, failed = [], [], []
    for entry in results:
        resource, result = entry['resource'], entry.get('result') or {}
        if result.get('skipped'):
            continue
        if result.get('failed'):
            failed.append({'resource': resource, 'msg': result.get('msg', '')})
        # a task rendered for a fabric the controller does not have yet: each object it would make is added
        diffs = [rendered(resource, after, switch_names or {}) for after in result.get('after') or ()] \
            if 'rendered' in result else result.get('diff') or ()
        changes.extend(change_of(resource, diff) for diff in diffs)
        if 'rendered' in result and diffs:
            warnings.append({'resource': resource, 'msg': RENDERED_WARNING})
        warnings.extend({'resource': resource, 'msg': warning} for warning in result.get('warnings') or ())
    summary = dict((action, sum(1 for change in changes if change['action'] == action)) for action in ACTIONS)
    return {'fabric': fabric, 'stage': stage, 'check_mode': bool(check_mode), 'summary': summary, 'changes': changes,
            'warnings': warnings, 'failed': failed}


def cell(value):
    """A value in a Markdown table cell: as YAML-ish text, its pipes escaped, on one line."""
    if value is None:
        text = '(none)'
    elif isinstance(value, bool):
        text = str(value).lower()
    else:
        text = str(value)
    return '`%s`' % text.replace('|', '\\|').replace('\n', ' ').replace('`', "'") if text else '""'


def markdown(report):
    summary = report['summary']
    mode = 'check mode, nothing was written' if report['check_mode'] else 'written to the controller, not deployed'
    lines = ['# Fabric %s: %s' % (report['fabric'], report['stage']), '',
             '%d added, %d changed, %d removed (%s).' % (summary['added'], summary['changed'], summary['removed'], mode), '']
    if not report['changes']:
        lines += ['Nothing to change: the controller already holds the model.', '']
    for change in report['changes']:
        lines.append('## %s %s %s' % (change['action'].capitalize(), change['resource'], change['name']))
        lines.append('')
        if change['action'] == 'changed':
            lines += ['| field | old | new |', '|---|---|---|']
            lines += ['| %s | %s | %s |' % (field['field'], cell(field['old']), cell(field['new'])) for field in change['fields']]
        else:
            lines += ['| field | value |', '|---|---|']
            lines += ['| %s | %s |' % (field, cell(value)) for field, value in change['values'].items()]
        lines.append('')
    for title, key in (('Warnings', 'warnings'), ('Failed', 'failed')):
        if report[key]:
            lines += ['## %s' % title, '']
            lines += ['- %s: %s' % (item['resource'], item['msg']) for item in report[key]]
            lines.append('')
    return '\n'.join(lines)
