# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the interfaces of ``topology.switches[].interfaces``, by NaC's mode, as the ``config`` of our
interfaces module (NaC's ndfc_interfaces templates and the defaults of its ``topology_switch_<mode>_interface``).

A table per mode, data in one place: each NaC key with the option (or the policy's parameter) it becomes and NaC's default.
A mode not in the table (vPC, dot1q, sub-interfaces, breakouts...) and a key a mode's table does not name are refused.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import reader
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.keys import ONLY_DEFAULT
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.rules import check_type
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework import nxos

LAYER2 = {
    'enabled': ('enabled', True),
    'mtu': ('mtu', 'jumbo'),
    'spanning_tree_portfast': ('template_params.PORTTYPE_FAST_ENABLED', True),
    'enable_bpdu_guard': ('template_params.BPDUGUARD_ENABLED', True),
    'orphan_port': ('template_params.ENABLE_ORPHAN_PORT', False),
    'enable_qos': ('template_params.ENABLE_QOS', False),
    'qos_policy': ('template_params.QOS_POLICY', None),
    'queuing_policy': ('template_params.QUEUING_POLICY', None),
    'monitor': ('template_params.ENABLE_MONITOR', False),
    'freeform_config': ('template_params.CONF', ''),
}
PORT = {'speed': ('speed', 'auto'), 'duplex': ('template_params.PORT_DUPLEX_MODE', 'auto')}
PORT_CHANNEL = {
    'members': ('members', None),
    'pc_mode': ('pc_mode', 'active'),
    'speed': (ONLY_DEFAULT, 'auto'),
    'duplex': (ONLY_DEFAULT, 'auto'),
    'disable_lacp_suspend_individual': ('template_params.DISABLE_LACP_SUSPEND', False),
    'enable_lacp_vpc_convergence': ('template_params.ENABLE_LACP_VPC_CONV', False),
    'lacp_port_priority': ('template_params.LACP_PORT_PRIO', 32768),
    'lacp_rate': ('template_params.LACP_RATE', 'normal'),
}
ACCESS = {'access_vlan': ('access_vlan', 1)}
TRUNK = {'trunk_allowed_vlans': ('allowed_vlans', 'none'), 'native_vlan': ('native_vlan', '')}
ROUTED = {
    'enabled': ('enabled', True),
    'mtu': ('mtu', 9216),
    'ipv4_address': ('ipv4_address', None),
    'vrf': ('vrf', None),
    'ipv4_route_tag': ('template_params.ROUTING_TAG', None),
    'freeform_config': ('template_params.CONF', ''),
}


def table(description, *parts):
    rows = {'description': ('description', description)}
    for part in parts:
        rows.update(part)
    return rows


# NaC's mode: (the kind of interface its name must be, our mode, the rows).
MODES = {
    'access': (nxos.ETHERNET, 'access', table('NetAsCode Access Interface', LAYER2, PORT, ACCESS)),
    'trunk': (nxos.ETHERNET, 'trunk', table('NetAsCode Trunk Interface', LAYER2, PORT, TRUNK)),
    'access_po': (nxos.PORT_CHANNEL, 'access', table('NetAsCode Access PO Interface', LAYER2, PORT_CHANNEL, ACCESS)),
    'trunk_po': (nxos.PORT_CHANNEL, 'trunk', table('NetAsCode Trunk PO Interface', LAYER2, PORT_CHANNEL, TRUNK)),
    'routed': (nxos.ETHERNET, 'routed', table('NetAsCode Routed Interface', ROUTED, PORT)),
    'routed_po': (nxos.PORT_CHANNEL, 'routed', table('NetAsCode Routed PO Interface', ROUTED,
                                                     {'members': ('members', None), 'pc_mode': ('pc_mode', 'active')})),
    'loopback': (nxos.LOOPBACK, None, table('NetAsCode Loopback Interface', {
        'enabled': ('enabled', True), 'ipv4_address': ('ipv4_address', None), 'ipv6_address': ('ipv6_address', None),
        'vrf': ('vrf', None), 'ipv4_route_tag': ('template_params.ROUTING_TAG', None),
        'freeform_config': ('template_params.CONF', '')})),
}
PARAMS = 'template_params.'
PC_MODES = ('active', 'passive', 'on')
KIND_EXAMPLES = {nxos.ETHERNET: 'an Ethernet port, such as Ethernet1/10', nxos.PORT_CHANNEL: 'a port-channel, such as port-channel10',
                 nxos.LOOPBACK: 'a loopback, such as loopback10'}


def check(model, problems):
    """The interfaces of every switch: a mode this collection takes, a name of its kind, once per switch, and only keys the
    mode's table names (at NaC's default where only that is taken)."""
    for path, switch in reader.items(model, 'topology.switches'):
        seen = {}
        for index, interface in enumerate(switch.get('interfaces') or ()):
            where = '%s.interfaces[%d]' % (path, index)
            if interface is None:
                continue
            mode = interface.get('mode')
            if not isinstance(mode, str) or mode not in MODES:
                problems.add(where + '.mode', 'mode %r is not implemented by fabricops.dashboard: use one of %s, or keep this '
                             'interface out of the model.' % (mode, ', '.join(MODES)))
                continue
            kind, _mode, rows = MODES[mode]
            found, name = nxos.interface_name(interface.get('name', ''))
            if not interface.get('name') or found != kind:
                problems.add(where + '.name', 'an interface of mode %s is %s: %r is not one.'
                             % (mode, KIND_EXAMPLES[kind], interface.get('name')))
            elif name in seen:
                problems.add(where + '.name', 'interface %s of %s is defined twice (also %s): define it once.'
                             % (name, switch.get('name'), seen[name]))
            else:
                seen[name] = where
            for key, given in interface.items():
                if key in ('name', 'mode') or given is None:
                    continue
                if key in rows and not check_type(given, rows[key][1], '%s.%s' % (where, key), problems):
                    continue
                if key not in rows:
                    problems.add('%s.%s' % (where, key), 'not implemented by fabricops.dashboard for a %s interface: remove it, or '
                                 'keep this interface out of the model.' % mode)
                elif key == 'pc_mode' and given not in PC_MODES:
                    problems.add('%s.%s' % (where, key), '%r is not a port-channel mode: use %s.' % (given, ', '.join(PC_MODES)))
                elif rows[key][0] == ONLY_DEFAULT and given != rows[key][1]:
                    problems.add('%s.%s' % (where, key), 'not implemented by fabricops.dashboard for a %s interface: only %r '
                                 '(NaC\'s default) is.' % (mode, rows[key][1]))


def translate(model, addresses, sends=None):
    """The interfaces' config; ``sends(mode, target, value)``, when given, leaves out what it says no to (the API's)."""
    found = []
    for _path, switch in reader.items(model, 'topology.switches'):
        for interface in switch.get('interfaces') or ():
            _kind, mode, rows = MODES[interface['mode']]
            config = {'switch': addresses[switch['name']], 'name': reader.interface_name(interface['name']), 'template_params': {}}
            if mode is not None:
                config['mode'] = mode
            for key, (target, default) in rows.items():
                given = interface.get(key, default)
                if target == ONLY_DEFAULT or given is None or (key in ('access_vlan', 'native_vlan') and given in (1, '')):
                    continue  # VLAN 1, or none, is the switch's default: our module's none
                if sends is not None and not sends(interface['mode'], target, given):
                    continue
                if target.startswith(PARAMS):
                    config['template_params'][target[len(PARAMS):]] = text(given)
                elif key == 'members':
                    config[target] = [reader.interface_name(member) for member in given]
                elif target in ('mtu', 'allowed_vlans', 'speed'):
                    config[target] = str(given)
                else:
                    config[target] = given
            if not config['template_params']:
                del config['template_params']
            found.append(config)
    return found


def text(given):
    if isinstance(given, bool):
        return 'true' if given else 'false'
    return str(given).rstrip('\n')
