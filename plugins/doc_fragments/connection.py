# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The connection options every module shares; mirrors plugins/module_utils/_options.py."""

from __future__ import annotations


class ModuleDocFragment:

    DOCUMENTATION = r'''
requirements:
  - ansible-core 2.16 or later on the Ansible control node (the collection's plugins run there; a module runs there through its action plugin)
  - requests >= 2.31 (Python library, on the Ansible control node)
  - PyJWT >= 2.8 (Python library, on the Ansible control node)
options:
  host:
    description:
      - Address of the dashboard's API gateway, C(https://HOST[:PORT][/PREFIX]).
      - A bare host name means C(https://HOST). Plain C(http://) is refused; the dashboard is served over HTTPS only.
      - The address must not carry credentials (C(https://user:password@HOST) is refused); give them with O(username) and
        O(password).
      - For a cluster, the addresses of its nodes, as a list or as one comma-separated string (the form
        E(DASHBOARD_HOST) takes), for example V(https://node1.example.com,https://node2.example.com).
        Requests go to the first node; when a node does not answer (connection refused, or not accepted within
        O(timeout)) they go to the next one, with the same session; one login serves the whole cluster.
        A request cut off after it was sent moves to another node only if sending it again cannot change anything
        (a read, a login or a refresh). A certificate that fails validation is an error, never a reason to try
        another node.
      - If not set, the environment variable E(DASHBOARD_HOST) is used.
      - The type is V(raw) because it takes a string or a list of strings.
    type: raw
  username:
    description:
      - Account name to log in with, or the account an O(api_key) belongs to (required with a key).
      - If not set, the environment variable E(DASHBOARD_USERNAME) is used.
    type: str
  password:
    description:
      - Password of the account.
      - Not needed with O(api_key); when both are given, the key is used and the password is not sent.
      - If not set, the environment variable E(DASHBOARD_PASSWORD) is used.
    type: str
  api_key:
    description:
      - An API key of the account O(username), created in the dashboard's UI, used instead of O(password).
      - With a key there is no login, refresh or logout; every request carries the account name and the key
        (headers C(X-Nd-Username) and C(X-Nd-Apikey)). M(fabricops.dashboard.dashboard_login) checks the key with
        one read and returns a session whose C(auth) is V(api_key); the session never holds the key. The tasks
        after it in the same run find the key in the run's private token cache, or take it from their own
        O(api_key) or E(DASHBOARD_API_KEY).
      - The dashboard does not say what roles a key session has, so the session's C(rbac) is empty and
        privileges cannot be checked before a change; a missing privilege shows as a refusal of the request.
      - A refused key (wrong, revoked, or of another account) fails the task at once, without a retry.
      - If not set, the environment variable E(DASHBOARD_API_KEY) is used.
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
  keep_session:
    description:
      - Whether a session that the task opens on its own (with O(username) and O(password), without
        M(fabricops.dashboard.dashboard_login) before it) stays live on the dashboard after the run.
      - By default the run's session keeper ends such a session when the run is over. A session handed to you (the result or
        fact of M(fabricops.dashboard.dashboard_login) or M(fabricops.dashboard.dashboard_refresh)) is never ended that way.
      - If not set, the environment variable E(DASHBOARD_KEEP_SESSION) is used, and then V(false).
    type: bool
    default: false
notes:
  - The HTTP requests are made by the Ansible control node (the worker process running the task), never by the managed host,
    so the control node must reach the dashboard. C(delegate_to) does not move them. If only a jump host reaches the dashboard,
    set E(HTTPS_PROXY) on the Ansible control node to a proxy there, or forward a port with C(ssh -L) and point O(host) at it.
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
        description: Base URL of the dashboard (of its first node, for a cluster).
        type: str
        required: true
      nodes:
        description: Base URLs of every node of the dashboard, in the order they are tried.
        type: list
        elements: str
      auth:
        description: How the session authenticates, V(password) (a login token) or V(api_key) (no token; the key is never part of the session).
        type: str
        choices: [password, api_key]
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
        description: The session token, sent as the C(AuthCookie) cookie; empty for an API-key session.
        type: str
      compat_token:
        description: The second token of the login answer, kept for backward compatibility.
        type: str
      rbac:
        description: Roles and privileges of the account; empty for an API-key session, whose roles the dashboard does not tell.
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

    # The lookups' fact option (the modules document theirs with what they do with the fact).
    FACT_NAME = r'''
options:
  fact_name:
    description:
      - Name of the session fact to reuse, if it is not C(dashboard_session).
    type: str
    default: dashboard_session
'''
