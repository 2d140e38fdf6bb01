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
  - An API-key session (O(api_key), or a session whose C(auth) is V(api_key)) has no login to end, so the task changes nothing,
    reports C(changed=false) with a message saying so, and leaves the fact as it is (it holds no secret). The key stays valid
    until it is revoked in the dashboard's UI.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.attributes
  - fabricops.dashboard.session_modules
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
  sample: session ended
'''

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import argument_spec, FACT_OPTIONS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = argument_spec(
    **FACT_OPTIONS
)


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
