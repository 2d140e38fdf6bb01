# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The options every resource module shares beyond the connection ones (module_utils/_framework/resource.py and run.py):
which API of the fabric controller it speaks, and what part of what state gathered reads it returns."""

from __future__ import annotations


class ModuleDocFragment:

    DOCUMENTATION = r'''
options:
  controller_api:
    description:
      - Which API of the fabric controller the task speaks.
      - V(auto) chooses by the dashboard's release, which the session learns once per run (from C(/version.json), before its
        first login), and speaks the unified API under C(/api/v1/manage) from release 4.2 on, and the legacy API
        (C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest)) before. A module that has no mapping to C(/api/v1/manage) yet keeps
        using the legacy API on 4.2, which 4.2 still serves unless its administrator turned it off; if the dashboard does
        not serve it, the task fails on its first read, before any write, and says so.
      - V(legacy) always speaks the legacy API; V(manage) always speaks C(/api/v1/manage). A module that has no mapping to
        C(/api/v1/manage) yet refuses V(manage) before it reads or writes anything, and says to use V(legacy) on a 4.2 that still serves the
        legacy API. V(manage) on a dashboard older than 4.2 is refused the same way.
      - With O(state=rendered) nothing is read, so the release is not known; V(auto) renders the legacy API, V(manage) the
        unified one.
      - If not set, the environment variable E(DASHBOARD_CONTROLLER_API) is used, and then V(auto). A value other than these
        three fails the task before anything is sent, naming where the value came from.
    type: str
    choices: [auto, legacy, manage]
    default: auto
  json_query:
    description:
      - For O(state=gathered) only. A JMESPath expression, the language of the P(community.general.json_query#filter)
        filter, applied to the list of objects before the task returns it. RV(gathered) is then only what the expression
        selects (V(null) when it selects nothing), and RV(before) and RV(after) are not returned.
      - On a large fabric, selecting only the fields the play needs (the names, say) makes the task faster and the
        registered variable smaller; the whole list never leaves the task.
      - An expression that does not parse fails the task before any request is sent, with the parser's message. Given
        with another state, the task fails before any request.
      - Needs the Python library C(jmespath) on the Ansible control node (in the collection's C(requirements.txt)).
    type: str
'''
