# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
name: dashboard_api
short_description: Read a dashboard or fabric-controller path from a template, with the run's session
version_added: 1.0.0
description:
  - Sends C(GET) for each path given and returns each answer's body, parsed from JSON (or as text when it is not JSON).
  - Uses the run's session. When M(fabricops.dashboard.dashboard_login) ran before (the fact C(dashboard_session)), or a task,
    the inventory plugin or another lookup of this run already holds a session for the same dashboard and account, that session
    is reused and no login is made. Otherwise the lookup logs in with O(username) and O(password), once for the run.
  - A session close to expiry is refreshed first; a refused session is renewed once, as for the modules.
  - Runs where the template is rendered, on the control node.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.connection.fact_name
options:
  api_key:
    description:
      - An API key of the account O(username), created in the dashboard's UI, used instead of O(password). Give it as a
        keyword of the lookup (C(api_key=...)) or in E(DASHBOARD_API_KEY); lookups do not read C(module_defaults).
      - With a key the lookup does not log in; each C(GET) carries the account name and the key (headers C(X-Nd-Username) and
        C(X-Nd-Apikey)). A key given here wins over O(password).
      - Without this option, the lookup still uses a key session of the run. When M(fabricops.dashboard.dashboard_login) checked
        a key earlier in the run (its fact has C(auth) V(api_key) and never the key), the lookup finds the key in the run's
        private token cache.
      - A refused key (wrong, revoked, or of another account) fails the lookup, and the task that renders it, at once,
        without a retry; the message never shows the key.
    type: str
  _terms:
    description:
      - Paths to read, relative to O(host), for example C(/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics).
    type: list
    elements: str
    required: true
  query:
    description:
      - Query parameters sent with every path.
    type: dict
seealso:
  - module: fabricops.dashboard.dashboard_rest
  - module: fabricops.dashboard.dashboard_login
'''

EXAMPLES = r'''
- name: Names of the controller's fabrics, read through the session of dashboard_login
  ansible.builtin.debug:
    msg: "{{ lookup('fabricops.dashboard.dashboard_api', fabrics_path) | map(attribute='fabricName') }}"
  vars:
    fabrics_path: /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics

- name: The controller's version, with credentials from the environment (DASHBOARD_HOST, DASHBOARD_USERNAME, ...)
  ansible.builtin.set_fact:
    controller_version: "{{ lookup('fabricops.dashboard.dashboard_api', '/appcenter/cisco/ndfc/api/about/version').version }}"

- name: Two paths at once, as a list
  ansible.builtin.debug:
    msg: "{{ query('fabricops.dashboard.dashboard_api', '/appcenter/cisco/ndfc/api/about/version', '/appcenter/cisco/ndfc/api/v1/fm/features') }}"
'''

RETURN = r'''
_raw:
  description:
    - One element per path, the answer's body parsed from JSON, or its text when it is not JSON.
    - With C(lookup()) and one path, the body itself.
  type: list
  elements: raw
'''

from ansible.errors import AnsibleLookupError
from ansible.plugins.lookup import LookupBase

from ansible_collections.fabricops.dashboard.plugins.plugin_utils._plugin_session import lookup_errors, plugin_session


class LookupModule(LookupBase):

    def run(self, terms, variables=None, **kwargs):
        self.set_options(var_options=variables, direct=kwargs)
        options = self.get_options()
        if any(not str(path).strip() for path in terms):
            # Checked before any login: the dashboard's root is its web page, not data.
            raise AnsibleLookupError('fabricops.dashboard.dashboard_api: a path is empty; give the path to read, for example '
                                     '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics.')
        with lookup_errors('fabricops.dashboard.dashboard_api'):
            session = plugin_session(options, 'the lookup fabricops.dashboard.dashboard_api', variables, options.get('fact_name'))[0]
            answers = []
            for path in terms:
                response = session.request('GET', str(path), params=options.get('query'))
                answers.append(response.json if response.is_json else response.text)
        return answers
