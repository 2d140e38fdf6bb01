#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
module: dashboard_login
short_description: Log in to the dashboard and keep the session for later tasks
version_added: 1.0.0
description:
  - Logs in to the dashboard platform (C(POST /login)) and returns the session, that is the token that later requests send as
    the C(AuthCookie) cookie, its expiry, and the account's roles and privileges parsed into a structure.
  - Before the run's first login the collection reads the dashboard's release (C(GET /version.json), which needs no session), once
    per run, and returns it as RV(release). From Nexus Dashboard 4.2 on, the session logs in, refreshes and logs out under
    C(/api/v1/infra) (C(POST /api/v1/infra/login) and so on), as clients written for 4.2 do; before, under C(/login),
    C(/refresh) and C(/logout).
  - Sets the session as the fact O(fact_name) (by default C(dashboard_session)), which every other module of the collection
    picks up, so later tasks need no credentials. In templates, read it as C(ansible_facts.dashboard_session), which works with
    C(INJECT_FACTS_AS_VARS) on and off. Run it once with C(run_once=true); the session fact then reaches every host of the play.
  - Within one run, a second login of the same account on the same dashboard reuses the first session while it is valid,
    so a login task without C(run_once) still logs in once, not once per host. That reuse does not check the password
    given again.
  - The displayed result of this task is hidden at every verbosity, because it holds the session token. The fact and a
    registered result keep every value. In its place the task prints one line without the token, also for an ad hoc
    C(ansible localhost -m fabricops.dashboard.dashboard_login), with who logged in (account, type, login domain), on which
    dashboard, the privileges per security domain, and when the session expires.
  - With O(api_key) instead of O(password) there is no login; the task checks the key with one read of the fabric controller's
    version (C(GET /appcenter/cisco/ndfc/api/about/version); from Nexus Dashboard 4.2.1 on, C(GET /api/v1/infra/about)) and
    returns a session whose RV(session.auth) is V(api_key), without a token and without the key; the tasks after it in the same
    run find the key in the run's private token cache. A refused key fails the task at once, without a retry. The roles of a
    key session are unknown (RV(session.rbac) is empty).
  - O(host) may list the nodes of a cluster; the session holds them all (RV(session.nodes)) and stays one session for the cluster.
  - Runs on the control node, through the collection's action plugin; it changes no configuration (it reports C(changed=false))
    and runs in check mode too, so that the tasks after it can run in check mode.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.attributes
  - fabricops.dashboard.session_modules
options:
  fact_name:
    description:
      - Name of the fact to set with the session.
      - M(fabricops.dashboard.dashboard_rest) finds the fact C(dashboard_session) on its own; under another name, pass the fact
        to it as its O(fabricops.dashboard.dashboard_rest#module:session) option.
    type: str
    default: dashboard_session
  set_fact:
    description:
      - Whether to set the fact O(fact_name). With V(false), register the result and pass RV(session) to later tasks.
      - If the fact cache keeps facts between runs (any cache plugin but C(memory), as under ansible-runner or AWX fact storage),
        the fact holds a reference to the run's private token cache in place of the token, so the cache never stores a usable
        token; the tasks of the run resolve it. The registered RV(session) always holds the token.
    type: bool
    default: true
  logout_at_end:
    description:
      - End the session on the dashboard (C(POST /logout)) when the run ends, whether its plays succeed or fail, so that a
        play that fails half way does not leave a live session behind.
      - The run's session keeper does it, within about a second of the end of C(ansible-playbook) (or of the run being
        killed). If the keeper is not running then (the control node lost power, say), the session expires on its own.
      - A later M(fabricops.dashboard.dashboard_logout) of the play ends the session earlier; nothing is left to end then.
    type: bool
    default: false
'''

EXAMPLES = r'''
- name: Log in once for the whole play
  fabricops.dashboard.dashboard_login:
    host: https://127.0.0.1:8443
    username: admin
    password: "{{ dashboard_password }}"
    domain: DefaultAuth
    ca_path: /tmp/dashboard-emulator/ca.pem
  run_once: true

- name: Show who logged in, their privileges and the expiry
  ansible.builtin.debug:
    msg: >-
      {{ ansible_facts.dashboard_session.username }} ({{ ansible_facts.dashboard_session.usertype }}) may write on all:
      {{ ansible_facts.dashboard_session.rbac | fabricops.dashboard.rbac_can_write('all') }};
      the session expires at {{ ansible_facts.dashboard_session.expires_at }}
  run_once: true

- name: Log in, and end the session when the run ends, even if a later task fails
  fabricops.dashboard.dashboard_login:
    logout_at_end: true
  run_once: true

- name: Check an API key of the account automation, for a cluster of three nodes; no login, refresh or logout follows
  fabricops.dashboard.dashboard_login:
    host:
      - https://nd-node1.example.com
      - https://nd-node2.example.com
      - https://nd-node3.example.com
    username: automation
    api_key: "{{ dashboard_api_key }}"
    ca_path: /etc/pki/dashboard-ca.pem
  run_once: true

- name: Log in with the credentials of the environment (DASHBOARD_HOST, DASHBOARD_USERNAME, ...) and keep the result only
  fabricops.dashboard.dashboard_login:
    set_fact: false
  register: login
  run_once: true
'''

RETURN = r'''
release:
  description:
    - The dashboard's release, as C(GET /version.json) reports it, read once per run (the run's later tasks use what the first
      one read). Null when the dashboard does not answer that read.
  returned: success
  type: dict
  contains:
    version:
      description: The release as C(major.minor.maintenance), without the patch letter.
      type: str
      sample: 4.2.1
    major:
      description: Major number.
      type: int
      sample: 4
    minor:
      description: Minor number.
      type: int
      sample: 2
    maintenance:
      description: Maintenance number.
      type: int
      sample: 1
    patch:
      description: The patch letter of the release name (V(e) of 3.2.1e), empty when it has none.
      type: str
      sample: e
    unified_api:
      description:
        - Whether the release is 4.2 or later, whose unified API (C(/api/v1/infra), C(/api/v1/manage)) its clients use; the
          session then logs in, refreshes and logs out under C(/api/v1/infra).
      type: bool
      sample: true
session:
  description:
    - The session. Its keys are named like the options of the collection's modules, so the whole dictionary can be
      passed on as their O(fabricops.dashboard.dashboard_rest#module:session) option.
  returned: success
  type: dict
  contains:
    host:
      description: Base URL of the dashboard (its first node, for a cluster).
      type: str
      sample: https://127.0.0.1:8443
    nodes:
      description: Base URLs of every node of the dashboard, in the order they are tried.
      type: list
      elements: str
      sample: [https://127.0.0.1:8443]
    auth:
      description: V(password) for a login session (with a token), V(api_key) for a key session (no token; the key is not returned).
      type: str
      sample: password
    domain:
      description: Login domain.
      type: str
      sample: DefaultAuth
    username:
      description: Name of the authenticated account.
      type: str
      sample: admin
    usertype:
      description: Type of the account (V(local), V(ldap), V(radius), V(tacacs) or V(oidc)).
      type: str
      sample: local
    token:
      description: The session token (the C(jwttoken) of the login answer), sent as the C(AuthCookie) cookie; null with an API key.
      type: str
    compat_token:
      description: The second token of the login answer (C(token)), kept by the platform for backward compatibility.
      type: str
    rbac:
      description:
        - Roles and privileges of the account, one entry per security domain.
        - Empty for an API-key session (RV(session.auth) V(api_key)), because the dashboard does not tell a key's roles, so
          privileges cannot be checked up front.
      type: list
      elements: dict
      contains:
        domain:
          description: Security domain; V(all) applies to every domain.
          type: str
        read_mask:
          description: Read-privilege bit mask (C(rolesR)).
          type: int
        write_mask:
          description: Write-privilege bit mask (C(rolesW)).
          type: int
        roles:
          description: Roles held on the domain, each with its privilege.
          type: list
          elements: dict
          sample: [{"role": "admin", "privilege": "WritePriv"}]
        privileges:
          description: Names of the privileges held on the domain.
          type: list
          elements: str
          sample: [ReadPriv, WritePriv]
        can_read:
          description: Whether the account may read on the domain.
          type: bool
        can_write:
          description: Whether the account may write on the domain.
          type: bool
    received_at:
      description: When the control node received the token, in seconds since the epoch by the control node's clock.
      type: float
    lifetime:
      description: Lifetime of the token in seconds (its C(exp) minus its C(iat)).
      type: int
      sample: 1200
    expires_at:
      description:
        - When the session expires, ISO 8601 in UTC, counted by the control node's clock from when the token arrived.
        - It is the expiry at the time of this task and is not updated afterwards. The run's session keeper (and any task
          that finds the session close to expiry) refreshes the session in the background, so a later read of the fact can
          show a time in the past while the session is still live. To read the current expiry, run
          M(fabricops.dashboard.dashboard_refresh), which updates the fact.
      type: str
      sample: "2026-11-22T10:20:00Z"
    expires_in:
      description: Seconds left before the session expires.
      type: int
      sample: 1199
    validate_certs:
      description: Whether certificates are validated.
      type: bool
    ca_path:
      description: CA bundle used to validate the certificate, as an absolute path (a relative O(ca_path) is resolved from where the task ran).
      type: str
    timeout:
      description: Request timeout in seconds.
      type: int
'''

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import argument_spec, FACT_OPTIONS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.ansible_module import run_module

ARGUMENT_SPEC = argument_spec(
    reuse_session=False,
    logout_at_end={'type': 'bool', 'default': False},
    **FACT_OPTIONS
)


def main():
    run_module(ARGUMENT_SPEC)


if __name__ == '__main__':
    main()
