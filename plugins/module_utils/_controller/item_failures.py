# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: answers that succeed for some items and fail for others.

The fabric controller answers bulk calls with ``successList``/``failureList`` (200, 207 or 500)
and attachment calls with a map of item to ``SUCCESS`` or a message, under 200 even when items
failed. Either way, one failed item fails the task, naming each failed item and what did change.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError, bounded

# Per-item answers that mean the wanted state is already there (see fabric-controller facts, section 9).
ALREADY_DONE = ('already in detached state',)


class PartialFailure(DashboardError):
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


def check_bulk_answer(doing, names, answer):
    """Raise PartialFailure if a successList/failureList answer names failed items (or any of ``names`` is missing from it)."""
    if not isinstance(answer, dict):
        return
    failed = {}
    for entry in answer.get('failureList') or []:
        if isinstance(entry, dict):
            failed[str(entry.get('name') or '?')] = entry.get('message') or entry.get('status') or 'failed'
    if failed:
        raise PartialFailure(doing, failed, [name for name in names if name not in failed])


def check_item_statuses(doing, answer):
    """Raise PartialFailure if an item-to-status map holds anything but SUCCESS (or an 'already done' message)."""
    if not isinstance(answer, dict):
        return
    failed, succeeded = {}, []
    for item, status in answer.items():
        text = str(status)
        if text.upper() == 'SUCCESS' or any(done in text for done in ALREADY_DONE):
            succeeded.append(item)
        else:
            failed[item] = text
    if failed:
        raise PartialFailure(doing, failed, succeeded)
