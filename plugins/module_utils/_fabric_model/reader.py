# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: reading the ``vxlan`` model by path, with NaC's defaults for what it leaves out."""

from __future__ import annotations

import copy
import functools

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.keys import FABRIC_KEYS, LISTS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework import nxos

ROOT = 'vxlan'
MISSING = object()


def lookup(obj, path, default=None):
    """The value at dotted ``path`` below the dict ``obj``, or ``default`` when a step is missing (or null, as NaC reads it)."""
    for step in path.split('.'):
        if not isinstance(obj, dict) or obj.get(step) is None:
            return default
        obj = obj[step]
    return obj


def given(obj, path):
    return lookup(obj, path, MISSING) is not MISSING


def value(obj, row):
    """The key of ``row`` in ``obj``, NaC's default when the model leaves it out."""
    return lookup(obj, row.path, row.default)


def fabric_value(model, path):
    """A fabric-level key of the model by path, NaC's default filled in (the row of FABRIC_KEYS with that path)."""
    for row in FABRIC_KEYS:
        if row.path == path:
            return value(model, row)
    return lookup(model, path)


def items(model, list_path):
    """[(display path, item)] of the list at ``list_path`` (items that are not dicts are the schema's problem, kept out)."""
    found = lookup(model, list_path, [])
    if not isinstance(found, list):
        return []
    return [('%s.%s[%d]' % (ROOT, list_path, index), item) for index, item in enumerate(found) if isinstance(item, dict)]


@functools.lru_cache(maxsize=None)
def accepted_paths():
    """The path patterns of every key a row takes (``[]`` for a list's items); each covers the keys below it."""
    paths = [row.path for row in FABRIC_KEYS]
    for list_path, rows in LISTS.items():
        paths.extend('%s[].%s' % (list_path, row.path) for row in rows)
    return frozenset(paths)


@functools.lru_cache(maxsize=None)
def sections(paths):
    """Every pattern above one of ``paths`` (``overlay``, ``overlay.vrfs``, ``overlay.vrfs[]``...)."""
    return frozenset(path[:index] for path in paths for index, char in enumerate(path) if char in '.[')


def leaves(obj, shown=ROOT, pattern=''):
    """(display path, pattern) of each leaf of ``obj``: a scalar, an empty dict, a list of scalars or an empty list."""
    if isinstance(obj, dict) and obj:
        for name, child in obj.items():
            yield from leaves(child, '%s.%s' % (shown, name), '%s.%s' % (pattern, name) if pattern else str(name))
    elif isinstance(obj, list) and obj and any(isinstance(item, dict) for item in obj):
        for index, child in enumerate(obj):
            yield from leaves(child, '%s[%d]' % (shown, index), pattern + '[]')
    else:
        yield shown, pattern


def is_accepted(pattern, accepted):
    """Whether a row takes the key of ``pattern`` (or a key above it), or ``pattern`` is a section above keys rows take."""
    if pattern in accepted or pattern in sections(accepted):
        return True
    return any(pattern[:index] in accepted for index, char in enumerate(pattern) if char in '.[')


def interface_name(name):
    """An interface name as the switch writes it (``eth1/1`` and ``E1/1`` are ``Ethernet1/1``), to compare two of them."""
    return nxos.interface_name(name)[1]


def merged(documents):
    """One model of several files' documents, as NaC (its nac-yaml) reads a fabric's ``host_vars`` directory: mappings merged
    key by key, a later file's value replacing an earlier one (a null never does), lists appended; then, in every list, an
    item that names the same object as an earlier one (the values both give are equal, such as the same switch ``name``)
    merged into it, so that two files can each give part of one switch or one VRF."""
    model = {}
    for document in documents:
        merge_into(model, document or {})
    return one_item_per_object(model)


def merge_into(target, source):
    for name, value in source.items():
        if target.get(name) is None:
            target[name] = copy.deepcopy(value)
        elif value is None:
            continue
        elif isinstance(value, dict) and isinstance(target[name], dict):
            merge_into(target[name], value)
        elif isinstance(value, list) and isinstance(target[name], list):
            target[name] = target[name] + copy.deepcopy(value)
        else:
            target[name] = copy.deepcopy(value)


def one_item_per_object(node):
    if isinstance(node, dict):
        for name, value in node.items():
            node[name] = one_item_per_object(value)
    elif isinstance(node, list):
        items = []
        for item in node:
            earlier = next((seen for seen in items if same_object(seen, item)), None)
            if earlier is None:
                items.append(item)
            else:
                merge_into(earlier, item)
        return [one_item_per_object(item) for item in items]
    return node


def same_object(one, other):
    """Whether two list items describe one object: mappings whose single values (not mappings or lists) agree on every key
    both give, at least one, and that do not each give one the other lacks."""
    if not isinstance(one, dict) or not isinstance(other, dict):
        return False
    values = [{name: value for name, value in item.items() if not isinstance(value, (dict, list))} for item in (one, other)]
    shared = set(values[0]) & set(values[1])
    if not shared or any(values[0][name] != values[1][name] for name in shared):
        return False
    return not (set(values[0]) - shared and set(values[1]) - shared)
