# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: idempotent calls to any dashboard or fabric-controller endpoint.

Before a state-changing request the current object is read, and the request is sent only when
it would change something:
- PUT and PATCH: sent unless every field of the body already has that value (fields the body
  does not name, such as server-set ids, are not compared);
- DELETE: sent unless the object is already absent (404);
- POST: with ``key`` (a body field looked up in the collection at ``path``) or
  ``existing_path`` (where the object would be), sent only when the object is absent;
  without either, always sent (the endpoint is an action, not a create).
Check mode sends no write and reports what would change; diff mode gives before and after.
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


def contains(current, desired):
    """Whether ``current`` already has every value ``desired`` names (dicts compared by their keys)."""
    if isinstance(desired, dict):
        # A null in the body (a merge-PATCH removing a field) is already satisfied by an absent field.
        return isinstance(current, dict) and all(
            contains(current[key], value) if key in current else value is None for key, value in desired.items())
    if isinstance(desired, list):
        return (isinstance(current, list) and len(current) == len(desired)
                and all(contains(have, want) for have, want in zip(current, desired)))
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
    """The objects of a collection answer: a list, or the first list inside a wrapper object."""
    if isinstance(collection, list):
        return collection
    if isinstance(collection, dict):
        for value in collection.values():
            if isinstance(value, list):
                return value
    return []


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
        if self.key is not None:
            if self.method != 'POST':
                raise ConfigurationError('key applies to method POST only (it finds the object a POST would create).')
            if not isinstance(self.body, dict) or self.key not in self.body:
                raise ConfigurationError('key is %r, but the body has no such field; key must name the body field that '
                                         'identifies the object (for example name).' % self.key)
        if self.existing_path is not None and self.method != 'POST':
            raise ConfigurationError('existing_path applies to method POST only.')

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
                    'key %s=%r' % (self.key, self.body[self.key]) if self.key else self.existing_path))
            return self._write(current if self.key or self.existing_path else None, copy.deepcopy(self.body))
        if exists and contains(current, self.body):
            return self._unchanged(current, exists, 'already as requested, no %s sent' % self.method)
        return self._write(current, merged(current if exists else {}, self.body))

    def _current(self):
        """(object, exists) as things stand before a write."""
        if self.method == 'POST':
            if self.existing_path:
                response = self.session.request('GET', self.existing_path, accept={200} | ABSENT_STATUSES)
                return (response.json, True) if response.status == 200 else (None, False)
            if not self.key:
                return None, False
            # A collection that does not exist (its parent is missing, as in check mode before the
            # parent is created) holds no object either.
            response = self.session.request('GET', self.path, params=self.query, accept={200} | ABSENT_STATUSES)
            for item in _items(response.json if response.status == 200 else None):
                if isinstance(item, dict) and item.get(self.key) == self.body[self.key]:
                    return item, True
            return None, False
        response = self.session.request('GET', self.path, params=self.query, accept={200} | ABSENT_STATUSES)
        return (response.json, True) if response.status == 200 else (None, False)

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
        if self.method != 'DELETE' and isinstance(result.get('json'), dict):
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
