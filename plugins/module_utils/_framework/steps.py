# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the steps of a mapping's writes besides a ``Request`` (see ``run``), in a file of their own
so that ``deploy`` can build them as ``run`` takes them without the two importing each other.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError


class Wait:
    """A step of the writes: ``until()`` reads until the controller reports what was asked, and returns what it saw."""

    def __init__(self, until):
        self.until = until


class Read:
    """A step of the writes that asks the controller for something it gives (a free id): ``path`` under the client's prefix."""

    def __init__(self, path, params=None):
        self.path = path
        self.params = params


class StepFailed(DashboardError):
    """A write step the controller refused or could not finish; the message names the objects and what to do."""
