# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
name: dashboard_relay
short_description: A Unix socket through which other modules reach the dashboard with the run's session
version_added: 1.0.0
description:
  - Returns the path of a Unix socket on the control node. Plain HTTP sent to it (C(ansible.builtin.uri) with its
    C(unix_socket) option and an C(http://) URL) is relayed to the dashboard over HTTPS with the run's session attached, as it
    is at the moment of the request (the run's session keeper refreshes it before it expires). The token never appears in the
    task's arguments, its result or any output.
  - Uses the run's session, as the collection's modules do (the fact C(dashboard_session) of
    M(fabricops.dashboard.dashboard_login), or a session of this run for the same dashboard and account); logs in with
    O(username) and O(password) only when the run holds none.
  - The socket is served by the run's session keeper, private to the user who runs the play (C(0600) in a C(0700)
    directory) and removed when the run ends. It exists on the control node only, so the task that uses it must run there
    (C(delegate_to=localhost) or C(connection=local)).
  - The platform's own C(/login), C(/refresh) and C(/logout) are refused through it (HTTP 403), in any spelling (percent-encoded,
    with dot segments); a path with a percent-encoded C(/), C(.) or backslash is refused (HTTP 400). Request bodies are relayed as
    JSON; C(Set-Cookie) is not passed back, and a session token in an answer is masked.
  - It carries a session of a password login only; with an API key (O(api_key)) it fails with a message saying so.
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - fabricops.dashboard.connection
  - fabricops.dashboard.connection.session
  - fabricops.dashboard.connection.fact_name
options:
  api_key:
    description:
      - Not usable with this lookup, which relays the session of a password login only.
      - If this option, E(DASHBOARD_API_KEY) or a key session of the run (a fact of M(fabricops.dashboard.dashboard_login) whose
        C(auth) is V(api_key)) applies, the lookup fails, without sending anything, and names the account. Read with the key
        through M(fabricops.dashboard.dashboard_rest) or the P(fabricops.dashboard.dashboard_api#lookup) lookup instead.
    type: str
notes:
  - Takes no terms.
seealso:
  - plugin: fabricops.dashboard.dashboard_api
    plugin_type: lookup
  - module: ansible.builtin.uri
'''

EXAMPLES = r'''
- name: Read the fabrics with ansible.builtin.uri, through the run's session
  ansible.builtin.uri:
    unix_socket: "{{ lookup('fabricops.dashboard.dashboard_relay') }}"
    url: http://dashboard/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics
    return_content: true
  delegate_to: localhost
  register: fabrics

- name: Save the configuration of fabric site-a with ansible.builtin.uri
  ansible.builtin.uri:
    unix_socket: "{{ lookup('fabricops.dashboard.dashboard_relay') }}"
    url: http://dashboard/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-a/config-save
    method: POST
  delegate_to: localhost
'''

RETURN = r'''
_raw:
  description: The path of the Unix socket.
  type: list
  elements: str
'''

import os
import time

from ansible.errors import AnsibleLookupError
from ansible.plugins.lookup import LookupBase

from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import ensure_keeper
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._plugin_session import lookup_errors, plugin_session

# The keeper is a new Python process: it serves within a fraction of a second, longer on a busy control node.
KEEPER_START_SECONDS = 15.0


class LookupModule(LookupBase):

    def run(self, terms, variables=None, **kwargs):
        if terms:
            raise AnsibleLookupError('fabricops.dashboard.dashboard_relay takes no terms; give the path in the URL of the task '
                                     'that uses the socket.')
        self.set_options(var_options=variables, direct=kwargs)
        options = self.get_options()
        with lookup_errors('fabricops.dashboard.dashboard_relay'):
            session, cache = plugin_session(options, 'the lookup fabricops.dashboard.dashboard_relay', variables, options.get('fact_name'))
            if session.uses_api_key:
                raise AnsibleLookupError('fabricops.dashboard.dashboard_relay carries a password session only; the run\'s session '
                                         'for %s uses an API key. Use fabricops.dashboard.dashboard_rest or the dashboard_api '
                                         'lookup with the key instead.' % session.username)
            if cache is None:
                raise AnsibleLookupError('fabricops.dashboard.dashboard_relay needs the run\'s token cache, and it is not private to '
                                         'this user (see the warning above); the relay is not started.')
            session.ensure_valid()
        pointer = cache.relay_pointer(session.cache_key())
        try:
            ensure_keeper(cache, session)
        except OSError as exc:
            raise AnsibleLookupError('fabricops.dashboard.dashboard_relay: the session keeper could not be started (%s).'
                                     % exc.strerror) from None
        deadline = time.monotonic() + KEEPER_START_SECONDS
        while time.monotonic() < deadline:
            try:
                with open(pointer, encoding='utf-8') as handle:
                    path = handle.read().strip()
            except OSError:
                path = None
            if path and os.path.exists(path):
                return [path]
            time.sleep(0.05)
        raise AnsibleLookupError('fabricops.dashboard.dashboard_relay: the run\'s session keeper did not open its relay socket within '
                                 '%d s. The Ansible control node may be overloaded, or its temporary directory not writable.' % KEEPER_START_SECONDS)
