#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
module: dashboard_refresh
short_description: Extend the dashboard session before it expires
version_added: 1.0.0
description:
  - Extends a session with C(POST /refresh) (an empty payload and the C(AuthCookie) cookie) and returns the session with
    the new token and expiry. Updates the fact O(fact_name) so later tasks use the new token.
  - The session is the one in the fact O(fact_name) (set by M(fabricops.dashboard.dashboard_login)), unless O(session) or
    O(token) is given.
  - Other modules of the collection refresh a session on their own when it comes close to expiry; this module is for
    refreshing at a moment of your choosing, for example before a long pause.
  - If another task of the same run refreshed the same session after it was handed to this task, that newer session is
    returned instead of refreshing again, so running this on every host refreshes once.
  - An expired or logged-out session cannot be refreshed; the task fails and says so, unless O(relogin=true) and
    O(username) and O(password) are available, in which case it logs in again.
  - An API-key session (O(api_key), or a session whose C(auth) is V(api_key)) has nothing to refresh, so the task returns the
    session unchanged, with C(changed=false) and a message saying so.
  - The displayed result of this task is hidden at every verbosity, because it holds the session token. The fact and a
    registered result keep every value. In its place the task prints one line without the token, with the account, the
    privileges per security domain, and when the session now expires.
  - This is the way to read the current expiry of the run's session. The run's session keeper refreshes the session in
    the background, so C(expires_at) in the fact set by M(fabricops.dashboard.dashboard_login) stays the expiry at login
    time and can lie in the past while requests still work. After this task, the fact and its RV(session.expires_at) are
    current again.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.attributes
  - fabricops.dashboard.session_modules
options:
  relogin:
    description:
      - Whether to log in again, with O(username) and O(password), when the session has expired or was ended.
    type: bool
    default: false
  fact_name:
    description:
      - Name of the fact that holds the session, read and updated.
    type: str
    default: dashboard_session
  set_fact:
    description:
      - Whether to update the fact O(fact_name) with the refreshed session.
    type: bool
    default: true
attributes:
  check_mode:
    details: The session is refreshed in check mode too; it changes no configuration.
'''

EXAMPLES = r'''
- name: Extend the session before a long step
  fabricops.dashboard.dashboard_refresh:
  run_once: true

- name: Refresh, or log in again if the session has already expired
  fabricops.dashboard.dashboard_refresh:
    relogin: true
    username: admin
    password: "{{ dashboard_password }}"
  run_once: true
'''

RETURN = r'''
session:
  description:
    - The refreshed session, with the same keys as RV(fabricops.dashboard.dashboard_login#module:session).
  returned: success
  type: dict
  contains:
    host:
      description: Base URL of the dashboard.
      type: str
    token:
      description: The new session token.
      type: str
    expires_at:
      description: When the refreshed session expires, ISO 8601 in UTC.
      type: str
    expires_in:
      description: Seconds left before the refreshed session expires.
      type: int
'''

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import argument_spec, FACT_OPTIONS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = argument_spec(
    relogin={'type': 'bool', 'default': False},
    **FACT_OPTIONS
)


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
