# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the old import path of the per-item checks, now in ``outcomes``.

It stays only while _resources/topdown.py and _resources/run.py import from here; it goes in
the change that switches them to ``outcomes`` (ItemsFailed, check_bulk_answer, check_item_statuses).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import (  # noqa: F401 pylint: disable=unused-import
    ItemsFailed, check_bulk_answer, check_item_statuses)

PartialFailure = ItemsFailed
