# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what of the ``vxlan`` model the /api/v1/manage API of a 4.2 dashboard carries, through our
resource modules' 4.2 mappings, and what it does not.

What a module's 4.2 mapping refuses, the model is refused for by the key that leads to it, before any write (the module
would name its config item, not the model's key): each key the model gives whose option or template parameter has no field
on 4.2, each interface of a kind 4.2 does not carry, and the deploy stage. NaC's default of a key the model leaves out is not
sent where 4.2 has no field for it: the controller keeps its own value there (the guide says so).

- The fabric: the options of the 4.2 fabric object (``fabrics.manage.OPTIONS``) and the template parameters it carries
  (``fabrics.manage.TEMPLATE_KEYS``); the model's other fabric keys fill in template parameters it has no field for.
- Interfaces: Ethernet ports of mode access or trunk and loopbacks, each with the template parameters of its 4.2 policy
  type (``interfaces.manage.POLICY_FIELDS``); port-channels (no 4.2 interface type) and routed ports (no recorded fields
  of the routed policy) are not carried.
- The fabric's save and deploy (``fabrics.manage.DEPLOY_REFUSED``).
- VRFs, networks, switches, vPC pairs, links and policies: every key the model takes has a 4.2 field.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import interfaces, reader
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.keys import FABRIC_KEYS, NO_EFFECT, ONLY_DEFAULT
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.manage import OPTIONS, TEMPLATE_KEYS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces.manage import (
    INTERFACE_TYPES, POLICY_FIELDS)

PARAMS = 'template_params.'
# The fabric's targets the 4.2 fabric object carries: its name, its template (its management.type), its typed options
FABRIC_TARGETS = frozenset(['name', 'template'] + [option for option, *_rest in OPTIONS] + [PARAMS + key for key in TEMPLATE_KEYS])
# NaC's interface modes 4.2 carries, with their 4.2 policy type (interfaces.manage.POLICY_TYPES: int_access_host,
# int_trunk_host, int_loopback); its port-channels have no interface type there (interfaces.manage.INTERFACE_TYPES), its
# routed ports no recorded fields
POLICY_TYPE_OF_MODE = {'access': 'accessHost', 'trunk': 'trunkHost', 'loopback': 'loopback'}
STAGE_PATH = 'fabric_stages'
USE_LEGACY = 'or use controller_api: legacy on a dashboard that serves the legacy API'


def on(release):
    """How the messages name the API and the release: ``the /api/v1/manage API of release 4.2.1``."""
    return 'the /api/v1/manage API of %s' % ('release %s' % release if release else 'ND 4.2 and later')


def fabric_carries(row):
    """Whether the fabric's 4.2 object has a field for the target of ``row`` (a row of FABRIC_KEYS)."""
    return row.target in FABRIC_TARGETS


def interface_carries(mode, target):
    """Whether 4.2 has a field for ``target`` (a row's target in ``interfaces.MODES``) of an interface of NaC's ``mode``."""
    if not target.startswith(PARAMS):
        return True   # an option of our interfaces module: each one of a carried kind has its field
    fields = POLICY_FIELDS[POLICY_TYPE_OF_MODE[mode]]
    return target[len(PARAMS):] in {key for key, _kind, _values in fields.values()}


def interface_sends(mode, target, given):
    """Whether the interfaces' config for 4.2 holds ``given`` for ``target``: not where 4.2 has no field for it, nor an empty
    text (a template parameter's ``''``, NaC's default freeform): the 4.2 mapping sends an empty text as no value, and reads
    it back as none, not ``''``, so that a rerun would find it changed."""
    if target.startswith(PARAMS) and given == '':
        return False
    return interface_carries(mode, target)


def refusals(model, release, stages):
    """[{path, msg}] of what ``model`` (valid) gives that 4.2 does not carry, and of the deploy among ``stages``."""
    found = []
    if 'deploy' in (stages or ()):
        found.append({'path': STAGE_PATH, 'msg': (
            'deploy: the fabric\'s save and deploy is not done through %s (the fabrics module refuses it there: the name of '
            '4.2\'s fabric deploy action is not settled). Leave deploy out of fabric_stages (apply still writes every '
            'change, which the switches take when the fabric is deployed), %s.' % (on(release), USE_LEGACY))})
    for row in FABRIC_KEYS:
        if fabric_carries(row) or row.target in (ONLY_DEFAULT, NO_EFFECT):
            continue
        if reader.lookup(model, row.path) is not None:
            param = row.target[len(PARAMS):] if row.target.startswith(PARAMS) else 'the template parameters it fills in'
            found.append({'path': '%s.%s' % (reader.ROOT, row.path), 'msg': (
                'the fabric object of %s has no field for %s, which this key sets: remove the key (the controller keeps its '
                'own value), %s.' % (on(release), param, USE_LEGACY))})
    for path, switch in reader.items(model, 'topology.switches'):
        for index, interface in enumerate(switch.get('interfaces') or ()):
            found.extend(interface_refusals(interface, '%s.interfaces[%d]' % (path, index), release))
    return found


def interface_refusals(interface, where, release):
    mode = interface['mode']
    kind, _our_mode, rows = interfaces.MODES[mode]
    if mode not in POLICY_TYPE_OF_MODE:
        what = 'a port-channel' if kind not in INTERFACE_TYPES else 'a routed port'
        return [{'path': where + '.mode', 'msg': (
            'mode %s (%s) is not carried by %s: the interfaces module has no recorded interface type or policy fields for %s '
            'there. Keep this interface out of the model, %s.' % (mode, what, on(release), what, USE_LEGACY))}]
    found = []
    for key in sorted(interface):
        if key in rows and interface[key] is not None and not interface_carries(mode, rows[key][0]):
            found.append({'path': '%s.%s' % (where, key), 'msg': (
                'the %s policy of %s has no field for %s, which this key sets: remove the key, %s.' % (
                    POLICY_TYPE_OF_MODE[mode], on(release), rows[key][0][len(PARAMS):], USE_LEGACY))})
    return found
