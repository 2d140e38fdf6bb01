# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""What the session modules see also: each other, and the guide to sessions."""

from __future__ import annotations


class ModuleDocFragment:

    DOCUMENTATION = r'''
options: {}
seealso:
  - module: fabricops.dashboard.dashboard_login
    description: Logs in once; every other module picks up its session.
  - module: fabricops.dashboard.dashboard_refresh
    description: Extends the session explicitly.
  - module: fabricops.dashboard.dashboard_logout
    description: Ends the session at the end of a play.
  - module: fabricops.dashboard.dashboard_rest
    description: Calls the platform and fabric controller APIs with the session.
  - ref: ansible_collections.fabricops.dashboard.docsite.sessions
    description: How the collection logs in once per run, keeps the session alive and keeps the token out of outputs and fact caches.
'''
