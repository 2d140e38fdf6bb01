# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The option every resource module has to return only part of what state gathered reads (module_utils/_resources/run.py)."""

from __future__ import annotations


class ModuleDocFragment:

    DOCUMENTATION = r'''
options:
  json_query:
    description:
      - For O(state=gathered) only. A JMESPath expression, the language of the P(community.general.json_query#filter)
        filter, applied to the list of objects before the task returns it. RV(gathered) is then only what the expression
        selects (V(null) when it selects nothing), and RV(before) and RV(after) are not returned.
      - On a large fabric, selecting only the fields the play needs (the names, say) makes the task faster and the
        registered variable smaller; the whole list never leaves the task.
      - An expression that does not parse fails the task before any request is sent, with the parser's message. Given
        with another state, the task fails before any request.
      - Needs the Python library C(jmespath) on the controller (in the collection's C(requirements.txt)).
    type: str
'''
