# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The connection options every module shares; mirrors plugins/module_utils/_argspec.py."""

from __future__ import annotations


class ModuleDocFragment:

    DOCUMENTATION = r'''
options:
  host:
    description:
      - Address of the dashboard's API gateway, C(https://HOST[:PORT][/PREFIX]).
      - A bare host name means C(https://HOST). Plain C(http://) is refused; the dashboard is served over HTTPS only.
      - The address must not carry credentials (C(https://user:password@HOST) is refused); give them with O(username) and
        O(password).
      - If not set, the environment variable E(DASHBOARD_HOST) is used.
    type: str
  username:
    description:
      - Account name to log in with.
      - If not set, the environment variable E(DASHBOARD_USERNAME) is used.
    type: str
  password:
    description:
      - Password of the account.
      - If not set, the environment variable E(DASHBOARD_PASSWORD) is used.
    type: str
  domain:
    description:
      - Login domain of the account, for example V(DefaultAuth) or V(local).
      - If not set, the environment variable E(DASHBOARD_DOMAIN) is used, and then V(DefaultAuth).
    type: str
  validate_certs:
    description:
      - Whether to validate the dashboard's TLS certificate.
      - Leave it on. For a dashboard with a certificate from a private CA, set O(ca_path) instead.
      - If not set, the environment variable E(DASHBOARD_VALIDATE_CERTS) is used, then the value of the session the task
        reuses, and then V(true).
    type: bool
  ca_path:
    description:
      - PEM file of the CA certificates that signed the dashboard's certificate.
      - If not set, the environment variable E(DASHBOARD_CA_PATH) is used, then the value of the session the task reuses,
        and then the system's trusted CAs.
    type: path
  timeout:
    description:
      - Seconds to wait for the dashboard to connect and to answer a request; a whole number greater than 0.
      - If not set, the environment variable E(DASHBOARD_TIMEOUT) is used, then the value of the session the task reuses,
        and then V(30).
    type: int
  session_timeout:
    description:
      - Lifetime in seconds assumed for a session token that carries no expiry claim.
      - Tokens of the dashboard normally carry one (C(exp)); their own lifetime is used then.
    type: int
    default: 1200
notes:
  - The HTTP requests are made by the Ansible controller (the worker process running the task), never by the managed host,
    so the controller must reach the dashboard. C(delegate_to) does not move them. If only a jump host reaches the dashboard,
    set E(HTTPS_PROXY) on the controller to a proxy there, or forward a port with C(ssh -L) and point O(host) at it.
'''

    SESSION = r'''
options:
  session:
    description:
      - A session returned by M(fabricops.dashboard.dashboard_login) (its RV(fabricops.dashboard.dashboard_login#module:session) value).
      - If not set, the fact C(dashboard_session) that M(fabricops.dashboard.dashboard_login) sets is used; if that is not set
        either, the task logs in with O(username) and O(password), once per run for all hosts.
      - A session for another O(host), O(username) or O(domain) than the task names is not used.
    type: dict
    suboptions:
      host:
        description: Base URL of the dashboard.
        type: str
        required: true
      domain:
        description: Login domain.
        type: str
      username:
        description: Account name.
        type: str
      usertype:
        description: Type of the account.
        type: str
      token:
        description: The session token, sent as the C(AuthCookie) cookie.
        type: str
        required: true
      compat_token:
        description: The second token of the login answer, kept for backward compatibility.
        type: str
      rbac:
        description: Roles and privileges of the account.
        type: list
        elements: dict
      received_at:
        description: When the controller received the token (seconds since the epoch, controller clock).
        type: float
      lifetime:
        description: Lifetime of the token in seconds.
        type: int
      expires_at:
        description: When the token expires (ISO 8601, UTC).
        type: str
      expires_in:
        description: Seconds the token had left when the session was returned.
        type: int
      validate_certs:
        description: Whether certificates were validated.
        type: bool
      ca_path:
        description: CA bundle used.
        type: path
      timeout:
        description: Request timeout in seconds.
        type: int
  token:
    description:
      - A session token to use as it is, instead of O(session) or the fact.
      - If not set, the environment variable E(DASHBOARD_TOKEN) is used.
    type: str
'''
