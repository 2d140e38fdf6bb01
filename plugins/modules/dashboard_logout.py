#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
module: dashboard_logout
short_description: End the dashboard session
version_added: 1.0.0
description:
  - Ends the session on the dashboard with C(POST /logout), so its token is refused from then on, and empties the fact
    O(fact_name).
  - Reports C(changed=true) when a live session was ended, C(changed=false) with the message C(already ended) when there was
    none (already ended or expired), also when the task has no session and no dashboard address left, as after an earlier
    logout emptied the fact.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.attributes
options:
  fact_name:
    description:
      - Name of the fact that holds the session.
    type: str
    default: dashboard_session
  set_fact:
    description:
      - Whether to empty the fact O(fact_name) after the logout.
    type: bool
    default: true
attributes:
  check_mode:
    support: full
  diff_mode:
    support: none
'''

EXAMPLES = r'''
- name: End the session at the end of the play
  fabricops.dashboard.dashboard_logout:
  run_once: true
'''

RETURN = r'''
msg:
  description: What happened to the session.
  returned: always
  type: str
  sample: "already ended: there was no live session to end"
request_attempts:
  description:
    - How many times the task's last request was sent, also when the task failed; more than 1 when it was retried (see the
      retries in the collection's sessions guide; each retry is shown from C(-v) on).
  returned: when a request was sent
  type: int
  sample: 1
'''

from ansible_collections.fabricops.dashboard.plugins.module_utils._argspec import argument_spec, FACT_OPTIONS
from ansible_collections.fabricops.dashboard.plugins.module_utils._module import run_module

ARGUMENT_SPEC = argument_spec(
    **FACT_OPTIONS
)


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
