# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Attributes every module of the collection shares; a module states only where it differs (diff mode, say)."""

from __future__ import annotations


class ModuleDocFragment:

    DOCUMENTATION = r'''
attributes:
  action:
    description: Carried out by an action plugin of the same name on the Ansible control node.
    support: full
  action_group:
    description: Use C(group/fabricops.dashboard.dashboard) in C(module_defaults) to set the connection options once.
    support: full
    membership:
      - fabricops.dashboard.dashboard
  async:
    description: Supports being used with the C(async) keyword.
    support: none
  check_mode:
    description: Can run in check mode and return changed status prediction without modifying target.
    support: full
  diff_mode:
    description: Will return details on what has changed (or possibly needs changing in check mode), when in diff mode.
    support: none
  platform:
    description: Target OS/families that can be operated against.
    support: N/A
    platforms: dashboard
'''
