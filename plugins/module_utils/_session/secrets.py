# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what a secret is, and how it is kept out of what users see.

A secret is a password, an API key, a session token, and the value of any request-body field whose
name says it is one (``SECRET_FIELD``). Masking replaces each, written plainly or JSON-escaped (a
server may quote the request body back), by ``MASK``. The run's token cache keeps no password:
only a salted hash of it (``password_verifier``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets

MASK = '********'
# Request body fields and template parameters whose values are secrets of the task (a password set through the API, an
# OSPF, BGP, IS-IS, PIM or BFD authentication key, a MACsec key string): a server that quotes the request back in an error
# must not get them displayed, nor may a module's output. AUTH_KEY_ID, AUTH_KEY_TYPE and AUTH_KEYCHAIN_NAME are not secrets.
SECRET_FIELD = re.compile(r'passw|secret|token|apikey|api_key|credential|auth_key(?![a-z_])|key_string(?![a-z_])', re.I)
# What the run's cache keeps beside a token: a salted hash of the password the session was opened
# with (HMAC-SHA256 keyed with a random salt), so that a task that gives other credentials is not
# handed the session on the cache's word. One round, not a slow key derivation: every task with
# credentials checks it (2000 PBKDF2 rounds cost 5 ms a task on the bench machine), and whoever can
# read the cache file (0600 in a 0700 directory) holds the live token beside it, which is worth more.
_DIGESTS = {}


def shown(field, value):
    """``value`` as output shows it (a module's before, after, diff and gathered; a preview report): the mask when
    ``field`` names a secret (SECRET_FIELD) and a value is set, else the value itself."""
    return MASK if value not in (None, '') and SECRET_FIELD.search(field) else value


def body_secrets(body):
    """Values of the fields of a request body that look like secrets (passwords, tokens, keys)."""
    found = []
    if isinstance(body, dict):
        for key, value in body.items():
            if isinstance(value, str) and value and isinstance(key, str) and SECRET_FIELD.search(key):
                found.append(value)
            else:
                found.extend(body_secrets(value))
    elif isinstance(body, list):
        for item in body:
            found.extend(body_secrets(item))
    return found


def holds_any(value, forms):
    """Whether any string inside ``value`` (a parsed body: dicts, lists, strings) holds one of ``forms``."""
    if isinstance(value, str):
        return any(form in value for form in forms)
    if isinstance(value, dict):
        return any(holds_any(key, forms) or holds_any(item, forms) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return any(holds_any(item, forms) for item in value)
    return False


def holds_any_within(value, forms, at_most):
    """``holds_any``, looking at no more than ``at_most`` values (strings, numbers, lists, dicts and their keys)
    inside ``value``: None when there are more, which are then not all looked at."""
    pending = [value]
    seen = 0
    while pending:
        item = pending.pop()
        seen += 1
        if seen > at_most:
            return None
        if isinstance(item, str):
            if any(form in item for form in forms):
                return True
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
    return False


def mask(text, secret_values):
    """``text`` with each of ``secret_values`` (plain strings, at least 4 characters) masked."""
    for secret in secret_values:
        if secret and len(secret) > 3 and secret in text:
            text = text.replace(secret, MASK)
    return text


class Secrets:
    """The secrets of one session and its task, and their masking.

    ``own`` gives the session's own secrets as they are now (a renewal brings a new token); more
    (no-log option values, secret body fields) are added as the task goes.
    """

    def __init__(self, own):
        self._own = own
        self._others = []
        self._forms_of = self._forms = None

    def add(self, values):
        self._others.extend(value for value in values if isinstance(value, str) and len(value) > 3)

    def forms(self):
        """Every secret as written plainly and JSON-escaped; worked out again only when the secrets change."""
        values = tuple(value for value in list(self._own()) + self._others if value)
        if self._forms_of != values:
            forms = []
            for value in values:
                for form in (value, json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1]):
                    if form not in forms:
                        forms.append(form)
            self._forms_of, self._forms = values, forms
        return self._forms

    def scrub(self, text):
        """``text`` (which may quote a server message) with every secret masked."""
        if not text:
            return text
        for form in self.forms():
            if form in text:
                text = text.replace(form, MASK)
        return text

    def leak_into(self, value, texts=None, part=False):
        """Whether any string inside ``value`` holds a secret.

        ``texts``: the JSON texts ``value`` was parsed from (all of them; a part of them, such as
        what a json_query selected, counts). A text in which no secret is written, in any of its
        forms, cannot have given a string that holds one, and one look at the text is much faster
        than a walk through what was parsed from it (a 1.5 MB answer: a few ms against 60).
        That holds only for a text whose escapes are those ``forms`` knows: one with ``\\u`` or
        ``\\/`` could spell a secret in a way no form matches, so its value is walked.

        ``part``: ``value`` is a small part of what ``texts`` hold (a json_query's selection). It is
        walked first, as far as that costs less than the look at the texts (about one value per
        500 characters of text: each name of 2,000 networks is 0.2 ms, the look at their 1.5 MB is
        1.7); the texts are looked at only when it holds more than that.
        """
        forms = self.forms()
        if part and texts is not None:
            held = holds_any_within(value, forms, sum(len(text) for text in texts) // 500)
            if held is not None:
                return held
        # JSON escapes that json.dumps does not write for a character it writes plainly; '\\/' matters only
        # for a secret with a '/' (each look costs milliseconds in a text of many escaped quotes).
        escapes = ('\\u', '\\/') if any('/' in form for form in forms) else ('\\u',)
        if texts is not None and not any(mark in text for text in texts for mark in escapes + tuple(forms)):
            return False
        return holds_any(value, forms)


def _digest(password, salt):
    key = (password, salt)
    if key not in _DIGESTS:
        _DIGESTS[key] = hmac.new(bytes.fromhex(salt), password.encode('utf-8'), hashlib.sha256).hexdigest()
    return _DIGESTS[key]


def password_verifier(password):
    """What the cache keeps of a password: a random salt and the salted hash."""
    salt = secrets.token_hex(16)
    return {'salt': salt, 'digest': _digest(password, salt)}


def verifies(password, verifier):
    """Whether ``password`` is the one ``verifier`` was made from."""
    if not isinstance(verifier, dict) or not isinstance(verifier.get('salt'), str) or not isinstance(verifier.get('digest'), str):
        return False
    try:
        return hmac.compare_digest(_digest(password, verifier['salt']), verifier['digest'])
    except ValueError:
        return False
