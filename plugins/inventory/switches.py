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
  - With the inventory cache on, only the switches (and the names of the fabrics) are cached, never the session token.
  - The configuration file's name should end in C(switches.yml) or C(switches.yaml), for example C(dashboard.switches.yml).
    A YAML file with another name is read too when its O(plugin) names this plugin.
  - A configuration the plugin cannot use (an option it does not know, such as C(fabric) for O(fabrics); a fabric the
    controller does not have) fails with a message that says what to change. Ansible reports an inventory source that
    failed as a warning, C(Failed to parse inventory), and goes on without its hosts; set
    C(ANSIBLE_INVENTORY_ANY_UNPARSED_IS_FAILED=true) (or C(any_unparsed_is_failed) in the C([inventory]) section of
    C(ansible.cfg)) to make the run stop there instead.
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
      - A name the controller does not list (or that the account may not read) fails, naming the fabrics there are. A
        fabric with no switches adds no host.
      - A comma-separated string is taken as a list, as Ansible does for every list option (V(site-a,site-b)).
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

import difflib
import re

import yaml

from ansible.errors import AnsibleParserError
from ansible.inventory.group import to_safe_group_name
from ansible.plugins.inventory import BaseInventoryPlugin, Cacheable, Constructable

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import DashboardError
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._plugin_session import plugin_session

ALL_SWITCHES_PATH = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/inventory/allswitches'
FABRICS_PATH = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'
OWN_NAME = re.compile(r'switches\.ya?ml$')
# A configuration file is small; one that is not is not this plugin's.
MAX_CONFIG_BYTES = 1024 * 1024

# Host variables from the controller's switch fields (see GET /v1/lan-fabric/rest/inventory/allswitches in
# docs/api/fabric-controller.yaml); the whole switch
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
    _dashboard = None  # the run's session, once the plugin has read something

    def verify_file(self, path):
        if not super().verify_file(path):
            return False
        if OWN_NAME.search(path):
            return True
        # Another name: the file is this plugin's when its plugin key says so (that is how the auto
        # plugin came to ask); refusing it would leave the user with "could not be verified" only.
        return path.endswith(('.yml', '.yaml')) and _names_this_plugin(path, self.NAME)

    def parse(self, inventory, loader, path, cache=True):
        super().parse(inventory, loader, path, cache)
        config = self._read_config_data(path)
        self._refuse_unknown_options(config, path)
        wanted = self.get_option('fabrics') or []
        if not all(isinstance(name, str) and name.strip() for name in wanted):
            raise AnsibleParserError('%s: fabrics holds an empty name in %s; give the names of the fabrics, for example '
                                     '[site-a, site-b], or leave fabrics out for every fabric.' % (self.NAME, path))
        cache_key = self.get_cache_key(path)
        use_cache = cache and self.get_option('cache')
        found = cached = None
        self._dashboard = None
        if use_cache:
            try:
                cached = self._cache[cache_key]
            except KeyError:
                pass
            # What an older release cached (a bare list of switches) is read again.
            found = cached if isinstance(cached, dict) else None
        read = found is None
        if read:
            found = {'switches': self._read_switches(), 'fabrics': None}
        # A fabric that has switches exists; for the others, the fabric list says (a fabric may have no switch).
        unknown = [name for name in wanted if not any(switch.get('fabricName') == name for switch in found['switches'])]
        if unknown and found['fabrics'] is None:
            found['fabrics'], read = self._read_fabric_names(), True
        if self.get_option('cache') and read:
            self._cache[cache_key] = found
        unknown = [name for name in unknown if name not in found['fabrics']]
        if unknown:
            raise AnsibleParserError('%s: fabrics in %s names %s, which the controller does not have or this account may not '
                                     'read. Its fabrics: %s.' % (self.NAME, path, ', '.join(_suggestions(name, found['fabrics'])
                                                                                            for name in unknown),
                                                                 ', '.join(found['fabrics']) or 'none'))
        for switch in found['switches']:
            if not wanted or switch.get('fabricName') in wanted:
                self._add_switch(switch)

    def _refuse_unknown_options(self, config, path):
        """An option the plugin does not know is a mistake (fabric for fabrics) that would otherwise widen the inventory."""
        known = set(self._options) | {'plugin'}
        unknown = sorted(str(name) for name in config if name not in known)
        if unknown:
            hints = ['%s (did you mean %s?)' % (name, ' or '.join(difflib.get_close_matches(name, sorted(known), n=2)))
                     if difflib.get_close_matches(name, sorted(known), n=1) else name for name in unknown]
            raise AnsibleParserError('%s: %s has option(s) this plugin does not know: %s. Nothing was read; see '
                                     '"ansible-doc -t inventory %s" for its options.' % (self.NAME, path, ', '.join(hints), self.NAME))

    def _read(self, path, what):
        """The list a controller path answers; what: what it lists, for the message when it is not a list."""
        try:
            if self._dashboard is None:
                self._dashboard = plugin_session(self.get_options(), 'the inventory plugin %s' % self.NAME)[0]
            answer = self._dashboard.request('GET', path).json
        except DashboardError as exc:
            raise AnsibleParserError('%s: %s' % (self.NAME, exc.message)) from None
        if not isinstance(answer, list):
            raise AnsibleParserError('%s: the controller answered %s with %s instead of a list of %s; is the host option the '
                                     'dashboard that hosts the fabric controller?' % (self.NAME, path, type(answer).__name__, what))
        return [item for item in answer if isinstance(item, dict)]

    def _read_switches(self):
        # Only host data goes to the inventory cache.
        return self._read(ALL_SWITCHES_PATH, 'switches')

    def _read_fabric_names(self):
        return sorted(str(fabric['fabricName']) for fabric in self._read(FABRICS_PATH, 'fabrics') if fabric.get('fabricName'))

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


def _names_this_plugin(path, name):
    """Whether the YAML file at ``path`` is a configuration of the plugin ``name`` (its plugin key)."""
    try:
        with open(path, 'rb') as stream:
            text = stream.read(MAX_CONFIG_BYTES + 1)
        if len(text) > MAX_CONFIG_BYTES:
            return False
        config = yaml.safe_load(text)
    except (OSError, yaml.YAMLError):
        return False
    return isinstance(config, dict) and config.get('plugin') == name


def _suggestions(name, names):
    close = difflib.get_close_matches(name, names, n=1)
    return '%s (did you mean %s?)' % (name, close[0]) if close else name
