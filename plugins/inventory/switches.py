# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r'''
name: switches
short_description: The fabric controller's switches as inventory hosts
version_added: 1.0.0
description:
  - Reads the switch inventory of the fabric controller hosted on the dashboard (all fabrics, one request) and adds each switch
    as a host, with C(ansible_host) set to its management address.
  - Groups the switches by fabric (C(fabric_<name>)) and by role (C(role_<role>), for example C(role_leaf),
    C(role_border_gateway)); more groups and variables with O(groups), O(keyed_groups) and O(compose).
  - Logs in once. Run by C(ansible-playbook), the session it opens is the run's session, which later tasks of the
    collection reuse without a login of their own.
  - With the inventory cache on, only the switches are cached, never the session token.
  - The configuration file's name must end in C(switches.yml) or C(switches.yaml), for example C(dashboard.switches.yml).
author:
  - Fabricops Dashboard Team (@fabricops)
extends_documentation_fragment:
  - constructed
  - inventory_cache
  - fabricops.dashboard.connection
options:
  plugin:
    description: The name of this plugin; it makes the configuration file this plugin's.
    type: str
    required: true
    choices: [fabricops.dashboard.switches]
  fabrics:
    description:
      - Names of the fabrics whose switches to add. By default, the switches of every fabric.
    type: list
    elements: str
    default: []
  hostnames:
    description:
      - Switch fields to name a host by, in order of preference; the first that is not empty is used.
    type: list
    elements: str
    default: [logicalName, hostName, serialNumber]
seealso:
  - module: fabricops.dashboard.dashboard_login
  - plugin: fabricops.dashboard.dashboard_api
    plugin_type: lookup
'''

EXAMPLES = r'''
# dashboard.switches.yml; credentials from DASHBOARD_HOST, DASHBOARD_USERNAME, DASHBOARD_PASSWORD, DASHBOARD_CA_PATH
plugin: fabricops.dashboard.switches

---
# site1.switches.yml: one fabric, extra groups and variables, cached for an hour
plugin: fabricops.dashboard.switches
host: https://127.0.0.1:8443
username: admin
ca_path: /tmp/dashboard-emulator/ca.pem
fabrics: [site1]
keyed_groups:
  - key: model
    prefix: model
groups:
  out_of_sync: sync_status != 'In-Sync'
compose:
  nxos_release: release
cache: true
cache_plugin: ansible.builtin.jsonfile
cache_connection: ~/.cache/dashboard-inventory
cache_timeout: 3600
'''

import re

from ansible.errors import AnsibleParserError
from ansible.inventory.group import to_safe_group_name
from ansible.plugins.inventory import BaseInventoryPlugin, Cacheable, Constructable

from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import DashboardError
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._plugin_session import plugin_session

ALL_SWITCHES_PATH = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/inventory/allswitches'

# Host variables from the controller's switch fields (facts: section 6.1); the whole switch
# record is also offered to compose, groups and keyed_groups, but not set as host variables.
HOST_VARIABLES = {
    'serial_number': 'serialNumber',
    'model': 'model',
    'release': 'release',
    'sync_status': 'ccStatus',
    'fabric_name': 'fabricName',
    'switch_role': 'switchRole',
    'switch_db_id': 'switchDbID',
    'oper_status': 'operStatus',
    'manageable': 'managable',
}


class InventoryModule(BaseInventoryPlugin, Constructable, Cacheable):

    NAME = 'fabricops.dashboard.switches'

    def verify_file(self, path):
        return super().verify_file(path) and re.search(r'switches\.ya?ml$', path) is not None

    def parse(self, inventory, loader, path, cache=True):
        super().parse(inventory, loader, path, cache)
        self._read_config_data(path)
        cache_key = self.get_cache_key(path)
        use_cache = cache and self.get_option('cache')
        switches = None
        if use_cache:
            try:
                switches = self._cache[cache_key]
            except KeyError:
                pass
        if switches is None:
            switches = self._read_switches()
            if self.get_option('cache'):
                self._cache[cache_key] = switches
        wanted = set(self.get_option('fabrics') or [])
        for switch in switches:
            if isinstance(switch, dict) and (not wanted or switch.get('fabricName') in wanted):
                self._add_switch(switch)

    def _read_switches(self):
        try:
            session = plugin_session(self.get_options(), 'the inventory plugin %s' % self.NAME)[0]
            answer = session.request('GET', ALL_SWITCHES_PATH).json
        except DashboardError as exc:
            raise AnsibleParserError('%s: %s' % (self.NAME, exc.message)) from None
        if not isinstance(answer, list):
            raise AnsibleParserError('%s: the controller answered %s with %s instead of a list of switches; is the host option the '
                                     'dashboard that hosts the fabric controller?' % (self.NAME, ALL_SWITCHES_PATH, type(answer).__name__))
        # Only host data goes to the inventory cache.
        return [switch for switch in answer if isinstance(switch, dict)]

    def _host_name(self, switch):
        for field in self.get_option('hostnames'):
            value = switch.get(field)
            if value not in (None, ''):
                return str(value)
        return None

    def _add_switch(self, switch):
        name = self._host_name(switch)
        if not name:
            self.display.warning('%s: a switch has none of the fields %s; it is left out.' % (self.NAME, ', '.join(self.get_option('hostnames'))))
            return
        self.inventory.add_host(name)
        variables = {variable: switch.get(field) for variable, field in HOST_VARIABLES.items() if field in switch}
        if switch.get('ipAddress'):
            variables['ansible_host'] = switch['ipAddress']
        for variable, value in variables.items():
            self.inventory.set_variable(name, variable, value)
        for prefix, field in (('fabric', 'fabricName'), ('role', 'switchRole')):
            if switch.get(field):
                # Roles have spaces (border gateway): our own group names are always made safe.
                group = self.inventory.add_group(to_safe_group_name('%s_%s' % (prefix, switch[field]), force=True, silent=True))
                self.inventory.add_child(group, name)
        strict = self.get_option('strict')
        offered = dict(switch, **variables)
        self._set_composite_vars(self.get_option('compose'), offered, name, strict=strict)
        self._add_host_to_composed_groups(self.get_option('groups'), offered, name, strict=strict)
        self._add_host_to_keyed_groups(self.get_option('keyed_groups'), offered, name, strict=strict)
