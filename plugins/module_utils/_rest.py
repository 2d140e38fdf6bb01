# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: idempotent calls to any dashboard or fabric-controller endpoint.

Before a state-changing request the current object is read, and the request is sent only when
it would change something:
- PUT and PATCH: sent unless every field of the body already has that value (fields the body
  does not name, such as server-set ids, are not compared);
- DELETE: sent unless the object is already absent (404);
- POST: with ``key`` (a field looked up in the list answered by ``existing_path``, or by
  ``path`` when there is no ``existing_path``) or with ``existing_path`` alone (where the object
  would be), sent only when the object is absent; without either, always sent (the endpoint
  is an action, not a create). A ``key`` whose list is not a list fails before any write.
Check mode sends no write and reports what would change; diff mode gives before and after.

Fields that hold JSON as text (the fabric controller's ``networkTemplateConfig`` and
``vrfTemplateConfig``) are compared by meaning, and the values inside them as the controller
stores them, as text: ``2301`` and ``"2301"``, ``false`` and ``"false"`` are the same value there.
"""

from __future__ import annotations

import copy
import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import ConfigurationError

try:
    import yaml
    HAS_YAML = True
except ImportError:  # pragma: no cover - PyYAML ships with ansible-core
    HAS_YAML = False

READ_METHODS = frozenset(('GET', 'HEAD', 'OPTIONS'))
ABSENT_STATUSES = frozenset((404, 410))


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
    raise ConfigurationError('body must be a dictionary or list, or a JSON or YAML document; got %s.' % type(body).__name__)


def _json_text(value):
    """The container a string holds as JSON text, or None if it holds none."""
    if isinstance(value, str) and value[:1] in ('{', '['):
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        if isinstance(parsed, (dict, list)):
            return parsed
    return None


def _as_stored_text(value):
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
        held = _json_text(current)
        wanted = _json_text(desired) if isinstance(desired, str) else desired
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
        return _as_stored_text(current) == _as_stored_text(desired)
    return current == desired


def merged(current, desired):
    """``current`` with the fields of ``desired`` laid over it, as a PATCH or PUT would leave it."""
    if isinstance(current, dict) and isinstance(desired, dict):
        result = copy.deepcopy(current)
        for key, value in desired.items():
            result[key] = merged(result.get(key), value)
        return result
    return copy.deepcopy(desired)


def _items(collection):
    """The objects of a collection answer: a list, or the first list inside a wrapper object; None if neither."""
    if isinstance(collection, list):
        return collection
    if isinstance(collection, dict):
        for value in collection.values():
            if isinstance(value, list):
                return value
    return None


_MISSING = object()


def lookup(item, dotted):
    """The value at a dotted path (``nvPairs.FABRIC_NAME``) in nested dicts, or _MISSING."""
    for part in dotted.split('.'):
        if not isinstance(item, dict) or part not in item:
            return _MISSING
        item = item[part]
    return item


def _describe(answer):
    """A short description of an answer's shape, for an error message (never its values)."""
    if isinstance(answer, dict):
        keys = sorted(answer)
        shown = ', '.join(keys[:8]) + (', ...' if len(keys) > 8 else '')
        return 'a JSON object with the fields %s' % shown if keys else 'an empty JSON object'
    if answer is None:
        return 'no JSON body'
    return 'a JSON %s' % type(answer).__name__.replace('str', 'string')


TOKEN_FIELDS = ('jwttoken', 'token')


def holds_token(session, body):
    """Whether an answer carries a session token (say, a call to /login or /refresh)."""
    if isinstance(body, dict) and any(isinstance(body.get(field), str) and body[field] for field in TOKEN_FIELDS):
        return True
    return session.leaks_into(body)


class RestCall:
    """One ``dashboard_rest`` task: plan, maybe send, and describe the outcome as a dict."""

    def __init__(self, session, method, path, body=None, query=None, status_code=None, key=None, existing_path=None,
                 check_mode=False):
        self.session = session
        self.method = method.upper()
        self.path = path
        self.body = parse_body(body)
        self.query = query or None
        self.accept = set(status_code or ()) or None
        self.key = key
        self.existing_path = existing_path
        self.check_mode = check_mode
        self.key_value = None
        if self.key is not None:
            if self.method != 'POST':
                raise ConfigurationError('key applies to method POST only (it finds the object a POST would create).')
            self.key_value = self._key_value()
        if self.existing_path is not None and self.method != 'POST':
            raise ConfigurationError('existing_path applies to method POST only.')

    def _key_value(self):
        """The body's value of ``key``: at its dotted path, or, for a flat body, at its last part.

        A fabric create sends its settings flat (``FABRIC_NAME``) while the list answers them under
        ``nvPairs``; ``key: nvPairs.FABRIC_NAME`` matches both.
        """
        value = lookup(self.body, self.key) if isinstance(self.body, dict) else _MISSING
        if value is _MISSING and isinstance(self.body, dict):
            value = self.body.get(self.key.rsplit('.', 1)[-1], _MISSING)
        if value is _MISSING:
            raise ConfigurationError('key is %r, but the body has no such field; key must name the body field that '
                                     'identifies the object (for example name, or nvPairs.FABRIC_NAME).' % self.key)
        return value

    def run(self):
        if self.method in READ_METHODS:
            return self._send(changed=False)
        current, exists = self._current()
        if self.method == 'DELETE':
            if not exists:
                return self._unchanged(current, exists, 'already absent: %s answered 404, no DELETE sent' % self.path)
            return self._write(current, {})
        if self.method == 'POST':
            if exists:
                return self._unchanged(current, exists, 'already present (found by %s), no POST sent' % (
                    'key %s=%r' % (self.key, self.key_value) if self.key else self.existing_path))
            return self._write(current if self.key or self.existing_path else None, copy.deepcopy(self.body))
        if exists and contains(current, self.body):
            return self._unchanged(current, exists, 'already as requested, no %s sent' % self.method)
        return self._write(current, merged(current if exists else {}, self.body))

    def _current(self):
        """(object, exists) as things stand before a write."""
        if self.method == 'POST':
            if self.key:
                return self._find_by_key()
            if self.existing_path:
                response = self.session.request('GET', self.existing_path, accept={200} | ABSENT_STATUSES)
                return (response.json, True) if response.status == 200 else (None, False)
            return None, False
        response = self.session.request('GET', self.path, params=self.query, accept={200} | ABSENT_STATUSES)
        return (response.json, True) if response.status == 200 else (None, False)

    def _find_by_key(self):
        """Look the object up by ``key`` in the list at ``existing_path`` (or ``path``)."""
        collection_path = self.existing_path or self.path
        params = None if self.existing_path else self.query
        # A collection that does not exist (its parent is missing, as in check mode before the
        # parent is created) holds no object either. A 405 means the path is no collection.
        response = self.session.request('GET', collection_path, params=params, accept={200, 405} | ABSENT_STATUSES)
        if response.status in ABSENT_STATUSES:
            return None, False
        items = _items(response.json) if response.status == 200 and response.is_json else None
        if items is None:
            answered = ('HTTP 405: it cannot be read' if response.status == 405
                        else _describe(response.json) if response.is_json else 'text, not JSON')
            raise ConfigurationError(
                'key %s needs a list to look the object up in, but GET %s answered %s. Nothing was sent. Set existing_path '
                'to the path that lists these objects (for a fabric: .../control/fabrics), or, without key, to the path '
                'of the object itself (it is created when that path answers 404).' % (self.key, collection_path, answered))
        for item in items:
            if isinstance(item, dict) and lookup(item, self.key) == self.key_value:
                return item, True
        return None, False

    def _unchanged(self, current, exists, message):
        result = {'changed': False, 'msg': message, 'status': 200 if exists else 404, 'json': current}
        result['diff'] = {'before': current if exists else {}, 'after': current if exists else {}}
        return result

    def _write(self, before, predicted_after):
        diff = {'before': before or {}, 'after': predicted_after if predicted_after is not None else {},
                'before_header': self.path, 'after_header': self.path}
        if self.check_mode:
            return {'changed': True, 'msg': 'check mode: would send %s %s' % (self.method, self.path), 'diff': diff}
        result = self._send(changed=True)
        # the controller answers some writes with {}: the prediction says more than that
        if self.method != 'DELETE' and isinstance(result.get('json'), dict) and result['json']:
            diff['after'] = result['json']
        result['diff'] = diff
        return result

    def _send(self, changed):
        response = self.session.request(self.method, self.path, json_body=self.body, params=self.query, accept=self.accept)
        result = {'changed': changed, 'status': response.status, 'headers': response.headers, 'url': response.url}
        if response.is_json:
            result['json'] = response.json
        else:
            result['content'] = response.text
        return result
