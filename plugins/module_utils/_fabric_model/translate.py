# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a valid ``vxlan`` model as the ``config`` of each of our eight resource modules.

Switches are named by their management address everywhere (the address the controller discovers them at and the inventory
lists), as NaC's templates name them; the model's hostnames only link its sections together.
"""

from __future__ import annotations

import copy

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import interfaces, manage, reader, topology
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.keys import (
    FABRIC_KEYS, NETWORK_KEYS, NO_EFFECT, ONLY_DEFAULT, SECRET_PARAMS, VRF_KEYS)
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API

FABRIC_TEMPLATE = 'Easy_Fabric'
MASK = '********'
RESOURCES = ('fabrics', 'fabric_switches', 'vrfs', 'networks', 'interfaces', 'vpc_pairs', 'links', 'policies')
PARAMS = 'template_params.'


def translate(model, api=LEGACY_API):
    """{module: config} for a model ``validate`` found no problem in (a key not translated is refused there), for the modules
    speaking ``api``: on ``manage``, without the settings 4.2 has no field for (``manage.refusals`` refuses the model's keys
    that give one; NaC's defaults of the others are not sent)."""
    addresses = switch_addresses(model)
    groups = {kind: {group['name']: group for _path, group in reader.items(model, 'overlay.' + kind)}
              for kind in ('vrf_attach_groups', 'network_attach_groups')}
    resources = dict((name, []) for name in RESOURCES)
    resources['fabrics'] = [fabric(model, api)]
    resources['fabric_switches'] = [{'name': addresses[switch['name']], 'role': switch['role'], 'preserve_config': False}
                                    for _path, switch in reader.items(model, 'topology.switches')]
    resources['vrfs'] = [overlay(model, vrf, VRF_KEYS, groups['vrf_attach_groups'], addresses)
                         for _path, vrf in reader.items(model, 'overlay.vrfs')]
    resources['networks'] = [overlay(model, network, NETWORK_KEYS, groups['network_attach_groups'], addresses)
                             for _path, network in reader.items(model, 'overlay.networks')]
    resources['interfaces'] = interfaces.translate(model, addresses, manage.interface_sends if api == MANAGE_API else None)
    resources['vpc_pairs'] = topology.vpc_pairs(model, addresses)
    resources['links'] = topology.links(model, addresses)
    resources['policies'] = topology.policies(model, addresses)
    return resources


def switch_addresses(model):
    """{hostname: management address} of the model's switches."""
    return {switch['name']: reader.lookup(switch, 'management.management_ipv4_address')
            for _path, switch in reader.items(model, 'topology.switches')}


def fabric(model, api=LEGACY_API):
    config = {'template': FABRIC_TEMPLATE, 'template_params': {}}
    for row in FABRIC_KEYS:
        if row.target in (ONLY_DEFAULT, NO_EFFECT, 'template') or not applies(model, row):
            continue
        if api == MANAGE_API and not manage.fabric_carries(row):
            continue
        given = reader.value(model, row)
        if given is None or given == []:
            continue
        put(config, row, row.convert(given) if row.convert else given)
    return config


def overlay(model, item, rows, groups, addresses):
    """A VRF or a network: each row's option (NaC's default when left out), its attach group as ``attach``."""
    config = {'template_params': {}}
    for row in rows:
        if row.target in (ONLY_DEFAULT, NO_EFFECT) or not applies(model, row):
            continue
        given = reader.value(item, row)
        if row.target == 'attach':
            config['attach'] = attachments(groups.get(given), addresses)
        elif given is not None:
            put(config, row, given)
    if config.get('layer2_only'):
        config.pop('vrf', None)
    if not config['template_params']:
        del config['template_params']
    return config


def attachments(group, addresses):
    attach = []
    for member in (group or {}).get('switches') or ():
        entry = {'switch': addresses[member['hostname']]}
        if 'ports' in member:
            entry['ports'] = [reader.interface_name(port) for port in member.get('ports') or ()]
        attach.append(entry)
    return attach


def applies(model, row):
    return row.when is None or reader.fabric_value(model, row.when[0]) == row.when[1]


def put(config, row, given):
    if row.target == 'template_params':
        config['template_params'].update(given)
    elif row.target.startswith(PARAMS):
        config['template_params'][row.target[len(PARAMS):]] = as_text(given)
    else:
        config[row.target] = given


def as_text(given):
    """A template parameter as the controller stores it: text, booleans in lower case."""
    if isinstance(given, bool):
        return 'true' if given else 'false'
    return str(given)


def mask(resources):
    """A copy of ``resources`` with every secret the model holds (authentication keys, BGP passwords) masked, for output."""
    shown = copy.deepcopy(resources)
    for configs in shown.values():
        for config in configs:
            params = config.get('template_params') or {}
            for name in SECRET_PARAMS.intersection(params):
                if params[name]:
                    params[name] = MASK
    return shown
