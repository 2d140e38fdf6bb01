# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the old home of the connection options, now ``_options``.

Kept for code written against it; new code imports ``_options``.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._options import (  # noqa: F401
    CONNECTION_OPTIONS, DEFAULT_DOMAIN, DEFAULT_FACT_NAME, DEFAULT_SESSION_TIMEOUT, DEFAULT_TIMEOUT, FACT_OPTIONS, SESSION_OPTIONS,
    SESSION_REUSE_OPTIONS, argument_spec, env_fallback, node_list, timeout_problem)

__all__ = ['CONNECTION_OPTIONS', 'DEFAULT_DOMAIN', 'DEFAULT_FACT_NAME', 'DEFAULT_SESSION_TIMEOUT', 'DEFAULT_TIMEOUT', 'FACT_OPTIONS',
           'SESSION_OPTIONS', 'SESSION_REUSE_OPTIONS', 'argument_spec', 'env_fallback', 'node_list', 'timeout_problem']
