# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the resource modules' one door to the session.

Everything the resource modules send goes through ``Controller``, which calls
``session.request`` and nothing else of the session layer; re-pointing the modules at another
session API means changing this file only. It also keeps the list of writes sent, so a result
can say what changed even when a later request failed, and so that no write is sent twice.
"""

from __future__ import annotations

from urllib.parse import quote

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
# The controller takes URLs up to 6144 characters (fabric-controller facts, section 2.2);
# comma lists of names are cut well below that.
MAX_LIST_CHARACTERS = 4000


def segment(name):
    """A name as one path segment, whatever characters it holds."""
    return quote(str(name), safe='')


def name_batches(names, limit=MAX_LIST_CHARACTERS, most=None):
    """``names`` as comma-joined strings of at most ``limit`` characters (and ``most`` names) each."""
    batch, size = [], 0
    for name in names:
        if batch and (size + len(name) + 1 > limit or (most and len(batch) >= most)):
            yield ','.join(batch)
            batch, size = [], 0
        batch.append(name)
        size += len(name) + 1
    if batch:
        yield ','.join(batch)


class Controller:
    """Reads and writes of the fabric controller for the resource modules."""

    def __init__(self, session, prefix=LAN_FABRIC):
        self.session = session
        self.prefix = prefix
        self.sent = []

    def read(self, path, params=None, absent=None):
        """The parsed answer of a GET, or None when ``absent(error)`` says the answer means "no such object"."""
        try:
            response = self.session.request('GET', self.prefix + path, params=params)
        except ApiError as exc:
            if absent is not None and absent(exc):
                return None
            raise
        return response.json if response.json is not None else response.text

    def write(self, method, path, body=None, params=None, partial=False):
        """Send one write; its parsed answer (text when not JSON).

        ``partial``: an error answer that lists per-item results (successList/failureList, as
        bulk deletes answer with 500) is returned for the caller to report item by item.
        """
        self.sent.append('%s %s' % (method, path))
        try:
            response = self.session.request(method, self.prefix + path, json_body=body, params=params)
        except ApiError as exc:
            if partial and isinstance(exc.body, dict) and 'failureList' in exc.body:
                return exc.body
            raise
        return response.json if response.json is not None else response.text
