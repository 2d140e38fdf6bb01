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
The read before a PUT, PATCH or DELETE is a GET of ``existing_path`` (else ``path``); ``key``
finds the object in a list there, ``existing_field`` names the part of it the body stands for,
and ``absent_status``/``absent_message`` say which other answers mean "absent". A read path that
answers 405 or 501 cannot be compared with: the write is sent as it is, with a warning. A PUT
replaces the object: its predicted "after" is the body. An answer that reports failed items
(``outcomes``) fails the call, naming them.
Check mode sends no write and reports what would change; diff mode gives before and after.

Fields that hold JSON as text (the fabric controller's ``networkTemplateConfig`` and
``vrfTemplateConfig``) are compared by meaning, and the values inside them as the controller
stores them, as text: ``2301`` and ``"2301"``, ``false`` and ``"false"`` are the same value there.
"""

from __future__ import annotations

import copy

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, ConfigurationError, server_message
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import dot_segment_problem
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import collection_items, failed_items_message, item_outcomes
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.values import (
    MISSING, contains, describe, lookup, merged, parse_body)

READ_METHODS = frozenset(('GET', 'HEAD', 'OPTIONS'))
# Statuses of the read before a write that always mean "no such object".
ABSENT_STATUSES = frozenset((404, 410))
# Statuses of that read that mean "this path cannot be read": the write is then sent uncompared.
NO_READ_STATUSES = frozenset((405, 501))
# What the read before a write found.
PRESENT, ABSENT, UNREADABLE = 'present', 'absent', 'unreadable'


TOKEN_FIELDS = ('jwttoken', 'token')


def holds_token(session, body, texts=None, shown=MISSING):
    """Whether an answer carries a session token (say, a call to /login or /refresh), or what is shown of it does.

    ``texts``: the JSON texts ``body`` was parsed from, when known (``RestCall.answer_texts``): a
    look at them spares the walk through a large answer (see secrets). ``shown``: the part of
    ``body`` that is returned (a json_query's selection), when not the whole.
    """
    tokens = [body[field] for field in TOKEN_FIELDS if isinstance(body, dict) and isinstance(body.get(field), str) and body[field]]
    if tokens and shown is MISSING:
        return True
    # A new token the answer carries is no secret of the session yet: it becomes one, for the selection.
    session.add_secrets(tokens)
    if shown is MISSING:
        return session.leaks_into(body, texts)
    return session.leaks_into(shown, texts, part=True)


class RestCall:
    """One ``dashboard_rest`` task: plan, maybe send, and describe the outcome as a dict."""

    def __init__(self, session, method, path, body=None, query=None, status_code=None, key=None, existing_path=None,
                 check_mode=False, existing_field=None, absent_status=None, absent_message=None):
        self.session = session
        self.method = method.upper()
        if not isinstance(path, str) or not path.strip():
            raise ConfigurationError('path is empty; give the path of the endpoint, relative to the dashboard address, for '
                                     'example /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics. (An empty path '
                                     'would read the dashboard\'s web page, not an API.)')
        for option, given in (('path', path), ('existing_path', existing_path)):
            problem = dot_segment_problem(given, option)
            if problem:
                raise ConfigurationError(problem)
        self.path = path
        self.body = parse_body(body)
        self.query = query or None
        self.accept = set(status_code or ()) or None
        self.key = key
        self.existing_path = existing_path
        self.existing_field = existing_field
        self.absent_status = frozenset(absent_status or ())
        self.absent_message = absent_message
        self.check_mode = check_mode
        self.key_value = None
        # The answer of the read before a write, for the messages.
        self.read_status = self.read_message = None
        self.read_is_json = True
        # The texts of the answers the result's json may come from, for the check for secrets (None: not known).
        self.answer_texts = []
        self._check_options()
        if self.key is not None:
            self.key_value = self._key_value()

    def _check_options(self):
        """Options that cannot work together fail before anything is sent."""
        if self.method in READ_METHODS:
            given = [name for name in ('key', 'existing_path', 'existing_field', 'absent_status', 'absent_message')
                     if getattr(self, name)]
            if given:
                raise ConfigurationError('%s apply to the methods that change something (POST, PUT, PATCH, DELETE); a %s is '
                                         'sent as it is. Remove them.' % (', '.join(given), self.method))
            return
        if self.key is not None and self.method == 'DELETE':
            raise ConfigurationError('key applies to method POST only, or to PUT and PATCH with existing_path (it finds the '
                                     'object by the value the body gives it). For DELETE, set existing_path to the path the '
                                     'object itself is read at.')
        if self.key is not None and self.method in ('PUT', 'PATCH') and not self.existing_path:
            raise ConfigurationError('key applies to method POST only, or to PUT and PATCH with existing_path: set it to the '
                                     'path that lists these objects (the %s path %s is the object itself).' % (self.method, self.path))
        if self.existing_field is not None and self.method not in ('PUT', 'PATCH'):
            raise ConfigurationError('existing_field applies to PUT and PATCH (the part of the object read that the body '
                                     'replaces or changes).')
        if self.absent_message is not None and not self.absent_status:
            raise ConfigurationError('absent_message needs absent_status: the HTTP statuses whose answer, with that message, '
                                     'means the object does not exist (404 and 410 always mean that).')

    def _key_value(self):
        """The body's value of ``key``: at its dotted path, or, for a flat body, at its last part.

        A fabric create sends its settings flat (``FABRIC_NAME``) while the list answers them under
        ``nvPairs``; ``key: nvPairs.FABRIC_NAME`` matches both.
        """
        value = lookup(self.body, self.key) if isinstance(self.body, dict) else MISSING
        if value is MISSING and isinstance(self.body, dict):
            value = self.body.get(self.key.rsplit('.', 1)[-1], MISSING)
        if value is MISSING:
            raise ConfigurationError('key is %r, but the body has no such field; key must name the body field that '
                                     'identifies the object (for example name, or nvPairs.FABRIC_NAME).' % self.key)
        return value

    def run(self):
        if self.method in READ_METHODS:
            return self._send(changed=False)
        current, state = self._current()
        if state == UNREADABLE:
            return self._write(None, {} if self.method == 'DELETE' else copy.deepcopy(self.body), uncompared=current)
        exists = state == PRESENT
        if self.method == 'DELETE':
            if not exists:
                return self._unchanged(current, exists, 'already absent: GET %s answered %s, no DELETE sent' % (
                    self.existing_path or self.path, self._read_outcome()))
            return self._write(current, {})
        if self.method == 'POST':
            if exists:
                return self._unchanged(current, exists, 'already present (found by %s), no POST sent' % (
                    'key %s=%r' % (self.key, self.key_value) if self.key else self.existing_path))
            return self._write(current if self.key or self.existing_path else None, copy.deepcopy(self.body))
        if exists:
            current = self._compared_part(current)
            if contains(current, self.body):
                return self._unchanged(current, exists, 'already as requested, no %s sent' % self.method)
        if self.method == 'PUT':
            # A PUT replaces the object: what the body does not name is gone afterwards.
            return self._write(current if exists else None, copy.deepcopy(self.body))
        return self._write(current if exists else None, merged(current if exists else {}, self.body))

    def _compared_part(self, current):
        """The part of the object read that the body stands for: the whole object, or ``existing_field`` of it."""
        if self.existing_field is None:
            return current
        part = lookup(current, self.existing_field)
        if part is MISSING:
            raise ConfigurationError('existing_field is %r, but the object GET %s answered has no such field (it has %s). '
                                     'Nothing was sent. Name the field of the object that the body stands for, for '
                                     'example nvPairs for a fabric\'s settings.' % (
                                         self.existing_field, self.existing_path or self.path, describe(current)))
        return part

    def _current(self):
        """(object, state) as things stand before a write; state is PRESENT, ABSENT or UNREADABLE."""
        if self.key:
            return self._find_by_key()
        if self.method == 'POST':
            if self.existing_path:
                return self._read(self.existing_path, None)
            return None, ABSENT
        return self._read(self.existing_path or self.path, None if self.existing_path else self.query, unreadable=NO_READ_STATUSES)

    def _read(self, path, params, unreadable=frozenset()):
        """GET ``path``: (object, PRESENT), (answer, ABSENT), or, for a status in ``unreadable``, (a note, UNREADABLE)."""
        accept = {200} | ABSENT_STATUSES | self.absent_status | unreadable
        try:
            response = self.session.request('GET', path, params=params, accept=accept)
        except ApiError as exc:
            if exc.status == 405:
                hint = 'This path cannot be read; set existing_path to the path the object is read at.'
            elif 400 <= exc.status < 500 and exc.status not in (401, 403, 407):
                hint = ('If this answer means that the object does not exist, say so with absent_status (and absent_message); '
                        'if the object is read at another path, set existing_path.')
            else:
                raise
            raise ApiError('%s. %s' % (exc.message, hint), status=exc.status, body=exc.body, method=exc.method,
                           path=exc.path) from None
        self.read_status, self.read_is_json = response.status, response.is_json
        self.answer_texts.append(response.text or '')
        self.read_message = server_message(response.json if response.is_json else response.text)
        if response.status == 200:
            return response.json, PRESENT
        if response.status in unreadable:
            return ('GET %s answered HTTP %d, so the object could not be read and compared: the %s was sent as it is and is '
                    'reported as a change. Set existing_path to the path the object is read at (with key, to find it in a '
                    'list there), so that the %s is sent only when it would change something.' % (
                        path, response.status, self.method, self.method)), UNREADABLE
        if response.status in ABSENT_STATUSES:
            return None, ABSENT
        if self.absent_message is None or self.absent_message.lower() in (self.read_message or '').lower():
            return None, ABSENT
        raise ApiError(self.session.scrub(
            'GET %s answered HTTP %d (%s), which is not the absent_message %r, so whether the object exists is not known. '
            'Nothing was sent.' % (path, response.status, self.read_message or 'no message', self.absent_message)),
            status=response.status, body=response.body, method='GET', path=path)

    def _read_outcome(self):
        if self.read_status is None:
            return 'nothing'
        return 'HTTP %d%s' % (self.read_status, ' (%s)' % self.read_message if self.read_message else '')

    def _find_by_key(self):
        """Look the object up by ``key`` in the list at ``existing_path`` (or ``path``)."""
        collection_path = self.existing_path or self.path
        params = None if self.existing_path else self.query
        # A collection that does not exist (its parent is missing, as in check mode before the
        # parent is created) holds no object either. A 405 means the path is no collection.
        answer, state = self._read(collection_path, params, unreadable=frozenset((405,)))
        if state == ABSENT:
            return None, ABSENT
        items = collection_items(answer) if state == PRESENT else None
        if items is None:
            answered = ('HTTP 405: it cannot be read' if state == UNREADABLE
                        else describe(answer) if self.read_is_json else 'text, not JSON')
            raise ConfigurationError(
                'key %s needs a list to look the object up in, but GET %s answered %s. Nothing was sent. Set existing_path '
                'to the path that lists these objects (for a fabric: .../control/fabrics), or, without key, to the path '
                'of the object itself (it is created when that path answers 404).' % (self.key, collection_path, answered))
        for item in items:
            if isinstance(item, dict) and lookup(item, self.key) == self.key_value:
                return item, PRESENT
        return None, ABSENT

    def _unchanged(self, current, exists, message):
        result = {'changed': False, 'msg': message, 'status': self.read_status or (200 if exists else 404), 'json': current}
        result['diff'] = {'before': current if exists else {}, 'after': current if exists else {}}
        return result

    def _write(self, before, predicted_after, uncompared=None):
        diff = {'before': before or {}, 'after': predicted_after if predicted_after is not None else {},
                'before_header': self.path, 'after_header': self.path}
        if self.check_mode:
            message = 'check mode: would send %s %s' % (self.method, self.path)
            removed = sorted(set(before) - set(predicted_after)) if (
                self.method == 'PUT' and isinstance(before, dict) and isinstance(predicted_after, dict)) else []
            if removed:
                message += ('; a PUT replaces the object, so the fields the body does not name would be removed: %s'
                            % ', '.join(removed))
            result = {'changed': True, 'msg': message, 'diff': diff}
        else:
            result = self._send(changed=True)
            answer = result.get('json')
            if self.existing_field is not None and isinstance(answer, dict):
                answer = lookup(answer, self.existing_field)
            # the controller answers some writes with {}: the prediction says more than that
            if self.method != 'DELETE' and isinstance(answer, dict) and answer and not result.get('failed'):
                diff['after'] = answer
            result['diff'] = diff
        if uncompared:
            result['msg'] = ('%s; not compared: %s' % (result['msg'], uncompared)) if result.get('msg') else uncompared
            result.setdefault('warnings', []).append(uncompared)
        return result

    def _send(self, changed):
        try:
            response = self.session.request(self.method, self.path, json_body=self.body, params=self.query, accept=self.accept)
        except ApiError as exc:
            # A bulk call that failed for some items only (500 with successList and failureList) names them.
            problem = failed_items_message(self.method, self.path, exc.status, exc.body) if self.method not in READ_METHODS else None
            if problem is None:
                raise
            self.answer_texts = None
            return {'failed': True, 'changed': bool(item_outcomes(exc.body)[1]), 'msg': self.session.scrub(problem),
                    'status': exc.status, 'json': exc.body}
        result = {'changed': changed, 'status': response.status, 'headers': response.headers, 'url': response.url}
        self.answer_texts.append(response.text or '')
        if response.is_json:
            result['json'] = response.json
        else:
            result['content'] = response.text
        # A write whose answer reports failed items failed, whatever its status; so does a 207 that says nothing readable.
        body = response.json if response.is_json else None
        if self.method not in READ_METHODS or response.status == 207:
            problem = failed_items_message(self.method, self.path, response.status, body, self.accept)
            if problem is not None:
                outcomes = item_outcomes(body)
                result.update(failed=True, msg=self.session.scrub(problem),
                              changed=bool(outcomes and outcomes[1]) if self.method not in READ_METHODS else False)
        return result
