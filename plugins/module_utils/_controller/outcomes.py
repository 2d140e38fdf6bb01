# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what the fabric controller's answers say about each item of a request.

Bulk and batch calls answer for each item, and their HTTP status does not always say that some
failed: an attachment POST answers 200 with a message per switch (POST
/top-down/fabrics/{fabricName}/vrfs/attachments in docs/api/fabric-controller.yaml), a bulk
create 207, a bulk delete 500 with what was and was not deleted (BulkResult there). One reading,
``item_outcomes``, serves both users: ``failed_items_message`` turns an answer into the message
dashboard_rest fails with, and ``check_bulk_answer``/``check_item_statuses`` raise ``ItemsFailed``
for the resource modules. Either way, one failed item fails the task.
"""

from __future__ import annotations

import collections
import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError, bounded

# A per-item map is keyed by item labels such as ``web-[FDO2111AAAA/leaf-1]`` or ``web--FDO2111AAAA(leaf-1)``.
_ITEM_LABEL = re.compile(r'.-\[[^\]/]*/[^\]]*\]$|.--[^(]+\([^)]*\)$')
# Keys of an ordinary status or error answer: such an object is not a map of items.
_ENVELOPE_KEYS = frozenset(('status', 'message', 'error', 'code', 'description', 'detail', 'details'))
# An item outcome that reports nothing left to do: the controller's answer to detaching what is
# detached ("Network web is already in detached state"), compared in any letter case.
_ALREADY_DONE = ('already in detached state',)
_NAME_FIELDS = ('name', 'networkName', 'vrfName', 'fabricName', 'serialNumber', 'id')
# How many failed and succeeded items a message names; the answer itself stays whole in json.
MAX_ITEMS_NAMED = 20
_UNNAMED = '(an item without a name)'

# One item of an answer: ``name`` is None for an item that names none, ``message`` None for one that says nothing.
ItemOutcome = collections.namedtuple('ItemOutcome', 'name message status')


class ItemsFailed(DashboardError):
    """Some items of a request failed; ``failed`` maps item to message, ``succeeded`` lists the others."""

    def __init__(self, doing, failed, succeeded):
        self.doing = doing
        self.failed = dict(failed)
        self.succeeded = list(succeeded)
        parts = ['; '.join('%s: %s' % (item, bounded(str(message), 200)) for item, message in self.failed.items())]
        message = '%d of %d items failed while %s: %s.' % (
            len(self.failed), len(self.failed) + len(self.succeeded), doing, parts[0])
        message += ' Succeeded: %s.' % (', '.join(self.succeeded) if self.succeeded else 'none')
        message += ' Nothing was sent again; fix the cause and run the task again (what succeeded will not be sent twice).'
        super().__init__(message)


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


def _outcome_succeeded(outcome):
    """Whether an item's outcome text (the value of a per-item map) means done."""
    return outcome.upper() == 'SUCCESS' or any(text in outcome.lower() for text in _ALREADY_DONE)


def _item(entry):
    """An entry of a list of items as an ItemOutcome."""
    if isinstance(entry, dict):
        name = next((str(entry[field]) for field in _NAME_FIELDS if entry.get(field) not in (None, '')), None)
        return ItemOutcome(name, entry.get('message') or None, entry.get('status'))
    return ItemOutcome(entry if isinstance(entry, str) and entry else None, None, None)


def _bulk_outcomes(body):
    """(failed, succeeded) of a ``successList``/``failureList`` answer: a listed success whose own status failed failed."""
    listed = [_item(entry) for entry in body.get('successList') or []]
    return ([item for item in listed if _status_failed(item.status)] + [_item(entry) for entry in body.get('failureList') or []],
            [item for item in listed if not _status_failed(item.status)])


def _map_outcomes(body):
    """(failed, succeeded) of a map of item labels to ``SUCCESS`` or a message."""
    failed, succeeded = [], []
    for label, outcome in body.items():
        text = str(outcome)
        if _outcome_succeeded(text):
            succeeded.append(ItemOutcome(label, None, text))
        else:
            failed.append(ItemOutcome(label, text, text))
    return failed, succeeded


def _is_item_map(body):
    return (isinstance(body, dict) and body and all(isinstance(value, str) for value in body.values())
            and not _ENVELOPE_KEYS & set(body)
            and (any(_ITEM_LABEL.search(key) for key in body) or any(value.upper() == 'SUCCESS' for value in body.values())))


def item_outcomes(body):
    """(failed, succeeded): lists of the ItemOutcome an answer reports; None when the answer reports no items.

    Three shapes: ``successList``/``failureList`` (bulk create and delete), a map of item labels to
    ``SUCCESS`` or a message (attachments), and a list of items that each carry a ``status``
    (batch calls answered with 207).
    """
    if isinstance(body, dict) and any(isinstance(body.get(name), list) for name in ('successList', 'failureList')):
        return _bulk_outcomes(body)
    if _is_item_map(body):
        return _map_outcomes(body)
    items = collection_items(body)
    if items and all(isinstance(item, dict) and 'status' in item and ('message' in item or 'name' in item) for item in items):
        outcomes = [_item(item) for item in items]
        return ([item for item in outcomes if _status_failed(item.status)],
                [item for item in outcomes if not _status_failed(item.status)])
    return None


def check_bulk_answer(doing, names, answer):
    """Raise ItemsFailed if a successList/failureList answer reports failed items.

    ``names`` are the items the request named; those not reported failed are the ones that succeeded.
    """
    if not isinstance(answer, dict):
        return
    failed = {}
    for item in _bulk_outcomes(answer)[0]:
        failed[item.name or '?'] = item.message or item.status or 'failed'
    if failed:
        raise ItemsFailed(doing, failed, [name for name in names if name not in failed])


def check_item_statuses(doing, answer):
    """Raise ItemsFailed if an item-to-status map holds anything but SUCCESS (or an 'already done' message)."""
    if not isinstance(answer, dict):
        return
    failed, succeeded = _map_outcomes(answer)
    if failed:
        raise ItemsFailed(doing, [(item.name, item.message) for item in failed], [item.name for item in succeeded])


def _failure_text(item):
    name = item.name or _UNNAMED
    return '%s (%s)' % (name, item.message) if item.message else name


def _named(texts):
    shown = '; '.join(bounded(text, 300) for text in texts[:MAX_ITEMS_NAMED])
    if len(texts) > MAX_ITEMS_NAMED:
        shown += '; and %d more (all of them in json)' % (len(texts) - MAX_ITEMS_NAMED)
    return shown


def failed_items_message(method, path, status, body, accepted_statuses=None):
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
        method, path, status, len(failed), len(failed) + len(succeeded), _named([_failure_text(item) for item in failed]),
        _named([item.name or _UNNAMED for item in succeeded]) if succeeded else 'none')


def collection_items(collection):
    """The objects of a collection answer: a list, or the first list inside a wrapper object; None if neither."""
    if isinstance(collection, list):
        return collection
    if isinstance(collection, dict):
        for value in collection.values():
            if isinstance(value, list):
                return value
    return None
