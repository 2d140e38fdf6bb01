# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: values as a user writes them and as the controller keeps them.

A body given as JSON or YAML text (``parse_body``), a value named in the user's words
(``kind_of``), the container a string holds as JSON text (``json_text``), the shape of an answer without its values (``describe``), a value inside a field
that holds JSON as text as the controller stores it (``stored_text``), and the comparisons an
idempotent write rests on: ``contains`` (is the wanted already there), ``merged`` (what a PATCH
leaves) and ``lookup`` (a dotted path into nested objects).
"""

from __future__ import annotations

import copy
import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError

try:
    import yaml
    HAS_YAML = True
except ImportError:  # pragma: no cover - PyYAML ships with ansible-core
    HAS_YAML = False


def parse_body(body):
    """A request body from a dict/list, or from a JSON or YAML string."""
    if body is None or isinstance(body, (dict, list)):
        return body
    if isinstance(body, str):
        text = body.strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except ValueError:
            pass
        if HAS_YAML:
            try:
                parsed = yaml.safe_load(text)
            except yaml.YAMLError as exc:
                raise ConfigurationError('body is neither JSON nor YAML: %s. Give a dictionary, or a JSON or YAML document.'
                                         % str(exc).splitlines()[0]) from None
            if isinstance(parsed, (dict, list)):
                return parsed
        raise ConfigurationError('body must be a dictionary or list, or a JSON or YAML document of one; got a plain string.')
    raise ConfigurationError('body must be a dictionary or list, or a JSON or YAML document; got %s.' % kind_of(body))


def kind_of(value):
    """What a value is, in the user's words: Ansible 2.19 hands values over as its own tagged types (_AnsibleTaggedInt)."""
    if isinstance(value, bool):
        return 'a boolean'
    if isinstance(value, (int, float)):
        return 'a number (%s)' % value
    return 'a value of type %s' % type(value).__name__.lstrip('_').replace('AnsibleTagged', '').lower()


def json_text(value):
    """The container a string holds as JSON text, or None if it holds none."""
    if isinstance(value, str) and value[:1] in ('{', '['):
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        if isinstance(parsed, (dict, list)):
            return parsed
    return None


def stored_text(value):
    """A value inside a JSON-text field as the controller stores it: as text."""
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if value is None:
        return ''
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True, separators=(',', ':'))
    return str(value)


def contains(current, desired, as_text=False):
    """Whether ``current`` already has every value ``desired`` names (dicts compared by their keys).

    as_text: inside a field that holds JSON text, where the server keeps every value as a string.
    """
    if isinstance(current, str) and current != desired:
        # JSON held as text on the server: compare what it means, not how it is written
        held = json_text(current)
        wanted = json_text(desired) if isinstance(desired, str) else desired
        if held is not None and isinstance(wanted, (dict, list)):
            return contains(held, wanted, as_text=True)
    if isinstance(desired, dict):
        # A null in the body (a merge-PATCH removing a field) is already satisfied by an absent field.
        return isinstance(current, dict) and all(
            contains(current[key], value, as_text) if key in current else value is None for key, value in desired.items())
    if isinstance(desired, list):
        return (isinstance(current, list) and len(current) == len(desired)
                and all(contains(have, want, as_text) for have, want in zip(current, desired)))
    if as_text:
        return stored_text(current) == stored_text(desired)
    return current == desired


def merged(current, desired):
    """``current`` with the fields of ``desired`` laid over it, as a PATCH or PUT would leave it."""
    if isinstance(current, dict) and isinstance(desired, dict):
        result = copy.deepcopy(current)
        for key, value in desired.items():
            result[key] = merged(result.get(key), value)
        return result
    return copy.deepcopy(desired)


# What lookup answers for a path that leads nowhere (None may be a value there).
MISSING = object()


def lookup(item, dotted):
    """The value at a dotted path (``nvPairs.FABRIC_NAME``) in nested dicts, or MISSING."""
    for part in dotted.split('.'):
        if not isinstance(item, dict) or part not in item:
            return MISSING
        item = item[part]
    return item


def describe(answer):
    """A short description of an answer's shape, for an error message (never its values)."""
    if isinstance(answer, dict):
        keys = sorted(answer)
        shown = ', '.join(keys[:8]) + (', ...' if len(keys) > 8 else '')
        return 'a JSON object with the fields %s' % shown if keys else 'an empty JSON object'
    if answer is None:
        return 'no JSON body'
    return 'a JSON %s' % type(answer).__name__.replace('str', 'string')
