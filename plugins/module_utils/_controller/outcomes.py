# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what the fabric controller's answers say about each item of a request.

Bulk and batch calls answer for each item, and their HTTP status does not always say that some
failed (fabric-controller facts, section 9): an attachment POST answers 200 with a message per
switch, a bulk create 207, a bulk delete 500 with what was and was not deleted. ``partial_failure``
turns such an answer into the message that names the failed items and what succeeded.
"""

from __future__ import annotations

import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import bounded

# Answers of bulk and batch calls that report each item's outcome (fabric-controller facts, section 9).
# A per-item map is keyed by item labels such as ``web-[FDO2111AAAA/leaf-1]`` or ``web--FDO2111AAAA(leaf-1)``.
_ITEM_LABEL = re.compile(r'.-\[[^\]/]*/[^\]]*\]$|.--[^(]+\([^)]*\)$')
# Keys of an ordinary status or error answer: such an object is not a map of items.
_ENVELOPE_KEYS = frozenset(('status', 'message', 'error', 'code', 'description', 'detail', 'details'))
# An item outcome that reports nothing left to do: the controller's answer to detaching what is detached.
_ALREADY_DONE = ('already in detached state',)
_NAME_FIELDS = ('name', 'networkName', 'vrfName', 'fabricName', 'serialNumber', 'id')
# How many failed and succeeded items a message names; the answer itself stays whole in json.
MAX_ITEMS_NAMED = 20


def _status_failed(status):
    """Whether an item's own status reports a failure ("Failed", "ERROR", 500)."""
    if isinstance(status, bool):
        return False
    if isinstance(status, int):
        return status >= 400
    if isinstance(status, str):
        lowered = status.lower()
        return 'fail' in lowered or 'error' in lowered
    return False


def _item_name(item):
    if isinstance(item, dict):
        for field in _NAME_FIELDS:
            if item.get(field) not in (None, ''):
                return str(item[field])
    elif isinstance(item, str) and item:
        return item
    return '(an item without a name)'


def _item_failure(item):
    message = item.get('message') if isinstance(item, dict) else None
    return '%s (%s)' % (_item_name(item), message) if message else _item_name(item)


def item_outcomes(body):
    """(failed, succeeded): the items an answer reports, as text; None when the answer reports no items.

    Three shapes: ``successList``/``failureList`` (bulk create and delete), a map of item labels to
    ``SUCCESS`` or a message (attachments), and a list of items that each carry a ``status``
    (batch calls answered with 207).
    """
    if isinstance(body, dict) and any(isinstance(body.get(name), list) for name in ('successList', 'failureList')):
        done = [item for item in body.get('successList') or [] if not (isinstance(item, dict) and _status_failed(item.get('status')))]
        failed = [item for item in body.get('successList') or [] if item not in done] + list(body.get('failureList') or [])
        return [_item_failure(item) for item in failed], [_item_name(item) for item in done]
    if (isinstance(body, dict) and body and all(isinstance(value, str) for value in body.values())
            and not _ENVELOPE_KEYS & set(body)
            and (any(_ITEM_LABEL.search(key) for key in body) or any(value.upper() == 'SUCCESS' for value in body.values()))):
        failed, succeeded = [], []
        for label, outcome in body.items():
            if outcome.upper() == 'SUCCESS' or any(text in outcome.lower() for text in _ALREADY_DONE):
                succeeded.append(label)
            else:
                failed.append('%s (%s)' % (label, outcome))
        return failed, succeeded
    items = collection_items(body)
    if items and all(isinstance(item, dict) and 'status' in item and ('message' in item or 'name' in item) for item in items):
        return ([_item_failure(item) for item in items if _status_failed(item['status'])],
                [_item_name(item) for item in items if not _status_failed(item['status'])])
    return None


def _named(items):
    shown = '; '.join(bounded(item, 300) for item in items[:MAX_ITEMS_NAMED])
    if len(items) > MAX_ITEMS_NAMED:
        shown += '; and %d more (all of them in json)' % (len(items) - MAX_ITEMS_NAMED)
    return shown


def partial_failure(method, path, status, body, accepted_statuses=None):
    """The message for an answer that reports failed items (or a 207 that cannot be read), or None."""
    outcomes = item_outcomes(body)
    if outcomes is None:
        if status != 207 or (accepted_statuses and 207 in accepted_statuses):
            return None
        return ('%s %s answered HTTP 207 Multi-Status: part of the request may have failed, and the answer does not say which '
                'in a form this module reads (successList and failureList, a map of items to SUCCESS or a message, or items '
                'that each have a status). The answer is in json. If 207 means success for this endpoint, add 207 to '
                'status_code.' % (method, path))
    failed, succeeded = outcomes
    if not failed:
        return None
    return '%s %s answered HTTP %d and reports %d of %d item(s) failed: %s. Succeeded: %s.' % (
        method, path, status, len(failed), len(failed) + len(succeeded), _named(failed), _named(succeeded) if succeeded else 'none')


def collection_items(collection):
    """The objects of a collection answer: a list, or the first list inside a wrapper object; None if neither."""
    if isinstance(collection, list):
        return collection
    if isinstance(collection, dict):
        for value in collection.values():
            if isinstance(value, list):
                return value
    return None
