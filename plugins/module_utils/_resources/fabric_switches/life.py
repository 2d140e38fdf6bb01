# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabric_switches resource's switches before and beside their ordinary life: switches
pre-provisioned (in the inventory before they boot), switches brought in by POAP (``poap``), switches replaced (``rma``),
and maintenance mode.

What both mappings share of them, as data and pure functions: the fields an inventory entry gives (the legacy one, with
``mode`` and ``systemMode``; 4.2's, with ``additionalData.systemMode``), what a task may ask of an existing switch, the
refusals of a switch whose serial number or address the controller already has elsewhere, the bootstrap entries, and the
bodies of each API: pre-provision, import and RMA (docs/api/fabric-controller.yaml ``POST .../inventory/poap`` and ``POST
.../rma``; docs/api/platform.yaml ``POST .../switchActions/preProvision``, ``importBootstrap`` and ``provisionRMA``).
"""

from __future__ import annotations

import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import role_to_manage
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import (
    PREPROVISION_FIELDS, PREPROVISION_NEEDS, is_preprovisioned,
)

# the fields of a legacy inventory entry (switchesByFabric) that hold a switch's pre-provisioned fields
LEGACY_FIELDS = {'serial_number': 'serialNumber', 'model': 'model', 'version': 'release', 'hostname': 'logicalName'}
# the same in a 4.2 switch-list entry
MANAGE_FIELDS = {'serial_number': 'serialNumber', 'model': 'model', 'version': 'softwareVersion', 'hostname': 'hostname'}


def legacy_maintenance(entry):
    """True, False, or None while the switch is migrating or its mode on the switch is not yet the intended one (cisco.dcnm
    reads that as ``inconsistent``): ``mode`` is the intended mode, ``systemMode`` the switch's (inventory/switchesByFabric)."""
    mode, on_switch = str(entry.get('mode') or 'Normal').lower(), str(entry.get('systemMode') or 'Normal').lower()
    if mode != on_switch or mode not in ('normal', 'maintenance'):
        return None
    return mode == 'maintenance'


def legacy_intended_maintenance(entry):
    """The mode the controller intends (the legacy entry's ``mode``, which the maintenance-mode call sets at once), whether
    or not it is deployed: True, False, or None while the switch is migrating."""
    return {'normal': False, 'maintenance': True}.get(str(entry.get('mode') or 'Normal').lower())


def manage_maintenance(entry):
    """The same from a 4.2 entry's ``additionalData.systemMode`` (``normal``, ``maintenance``; else None)."""
    data = entry.get('additionalData') if isinstance(entry.get('additionalData'), dict) else {}
    mode = str(data.get('systemMode') or '').lower()
    return {'normal': False, 'maintenance': True}.get(mode)


def inventory_fields(entry, fields):
    """{field: value} of the pre-provisioned fields an inventory entry shows (``fields``: LEGACY_FIELDS or MANAGE_FIELDS)."""
    return {name: str(entry[key]) for name, key in fields.items() if entry.get(key) not in (None, '')}


def pin_managed(wants, entries, manageable, fields):
    """Take out of each want the pre-provisioned fields of a switch the controller manages, when they are what it shows; a
    field that differs is refused (a managed switch's serial number, model, release and hostname are the switch's own).

    ``entries``: {address: inventory entry}; ``manageable(entry)``: whether the controller manages it."""
    for want in wants:
        entry = entries.get(want['name'])
        if entry is None or not manageable(entry) or want.get('rma'):
            continue
        shown = inventory_fields(entry, fields)
        differing = ['%s %s (the switch has %s)' % (name, want[name], shown.get(name))
                     for name in PREPROVISION_FIELDS if want.get(name) is not None and want[name] != shown.get(name)]
        if differing:
            raise ModelError('Switch %s is a switch the controller manages, and a task cannot change its %s. Leave these '
                             'out, or remove the switch first to pre-provision another. Nothing was written.'
                             % (want['name'], ', '.join(differing)))
        for name in PREPROVISION_FIELDS + ('poap',):
            want.pop(name, None)


def check_new(changes, adding):
    """Refuse, before any write, what a new or re-provisioned switch lacks: every field pre-provisioning needs (the gateway
    comes from the task only), and maintenance for a switch not in the fabric yet. ``adding``: {address: add options}."""
    for change in changes:
        after = change.after or {}
        if change.action == 'create' and after.get('maintenance'):
            raise ModelError('Switch %s is not in the fabric yet, so it cannot go into maintenance mode in the same task: add '
                             'it first, then give maintenance: true in a later task. Nothing was written.' % change.name)
        if after.get('poap') or after.get('rma'):
            continue  # checked with the bootstrap entry (poap_problems)
        if not (change.action == 'create' and is_preprovisioned(after) or reprovisions(change)):
            if change.action == 'create' and any(after.get(name) for name in PREPROVISION_FIELDS):
                raise ModelError('Switch %s is not in the fabric, and its config gives %s without serial_number: give '
                                 'serial_number too to pre-provision it, or leave these out to discover it. Nothing was '
                                 'written.' % (change.name, ', '.join(name for name in PREPROVISION_FIELDS if after.get(name))))
            continue
        given = dict(after, **adding.get(change.name, {}))
        missing = [name for name in PREPROVISION_NEEDS if not given.get(name)]
        if missing:
            doing = 'Pre-provisioning' if change.action == 'create' else 'Changing the %s of pre-provisioned' % ', '.join(
                name for name in PREPROVISION_FIELDS if change.before.get(name) != after.get(name))
            raise ModelError('%s switch %s needs %s; add %s to its config item. Nothing was written.' % (
                doing, change.name, ', '.join(missing), ' and '.join(missing)))


def reprovisions(change):
    """Whether an update changes what a pre-provisioned switch was pre-provisioned with (removed, then pre-provisioned again:
    the controller has no call that changes it); not for one brought in by POAP, whose serial number is swapped, nor for a
    switch replaced (RMA)."""
    return change.action == 'update' and not (change.after.get('poap') or change.after.get('rma')) and is_preprovisioned(
        change.before) and any(
        change.before.get(name) != change.after.get(name) for name in PREPROVISION_FIELDS)


def refuse_taken(fabric, changes, everywhere):
    """Refuse a switch to pre-provision whose serial number or address the controller already has (in another fabric, or
    at another address of this one). ``everywhere``: [(fabric, address, serial)] of every switch the controller lists."""
    for change in changes:
        if not (change.action == 'create' and is_preprovisioned(change.after)):
            continue
        serial = change.after['serial_number']
        for other_fabric, address, other_serial in everywhere:
            if other_serial == serial:
                raise ModelError('Cannot pre-provision switch %s (serial number %s) in fabric %s: the controller has that serial '
                                 'number already, switch %s of fabric %s. Remove it from %s first, or give the serial number of '
                                 'the new switch. Nothing was written.' % (change.name, serial, fabric, address, other_fabric,
                                                                           other_fabric))
            if address == change.name:
                raise ModelError('Cannot pre-provision switch %s (serial number %s) in fabric %s: %s is the management address '
                                 'of switch %s of fabric %s. Give the new switch another address, or remove that switch first. '
                                 'Nothing was written.' % (change.name, serial, fabric, address, other_serial, other_fabric))


def legacy_preprovision(change, adding, password):
    """One entry of the legacy pre-provision body (POST .../inventory/poap): its role is set after, by the role change."""
    after, given = change.after, adding.get(change.name, {})
    entry = {
        'serialNumber': after['serial_number'], 'ipAddress': change.name, 'hostname': after['hostname'],
        'model': after['model'], 'version': after['version'], 'password': password, 'discoveryAuthProtocol': '0',
        'data': json.dumps({'modulesModel': [after['model']], 'gateway': given['gateway']}),
    }
    if given.get('image_policy'):
        entry['imagePolicy'] = given['image_policy']
    return entry


def manage_preprovision(change, adding, password):
    """One switch of 4.2's pre-provision body (POST .../switchActions/preProvision), with its role."""
    after, given = change.after, adding.get(change.name, {})
    switch = {
        'serialNumber': after['serial_number'], 'ip': change.name, 'hostname': after['hostname'], 'model': after['model'],
        'softwareVersion': after['version'], 'gatewayIpMask': given['gateway'], 'switchRole': role_to_manage(after['role']),
        'password': password, 'discoveryAuthProtocol': 'md5',
    }
    if given.get('image_policy'):
        switch['imagePolicy'] = given['image_policy']
    return switch


def bootstrap_entries(listed):
    """{serial number: entry} of a bootstrap list (the switches asking the fabric for POAP)."""
    return {str(entry['serialNumber']): entry for entry in listed or [] if isinstance(entry, dict) and entry.get('serialNumber')}


def bootstrap_item(entry):
    """A bootstrap entry as gathered lists it: what a config item with ``poap: true`` takes of it."""
    item = {'serial_number': str(entry['serialNumber']), 'model': entry.get('model'), 'version': entry.get('version')}
    gateway = entry_data(entry).get('gateway')
    if gateway:
        item['gateway'] = gateway
    return {key: value for key, value in item.items() if value is not None}


def entry_data(entry):
    """The ``data`` of a bootstrap entry (JSON text: gateway, modulesModel) as a dict; {} when it is not JSON."""
    data = entry.get('data')
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            return {}
    return data if isinstance(data, dict) else {}


def mark_poap(wants, have, booting, manageable, fabric):
    """Decide, per switch whose config item says ``poap: true``, whether this run brings it in: only a switch that asks the
    fabric for POAP (its serial number in ``booting``) and that the controller does not manage yet. For such a switch held
    pre-provisioned, its object read gets ``poap: false`` (not brought in), so that the item differs; for any other the
    option is taken out of the item. Returns the warnings to give: switches that do not ask for POAP yet.

    ``have``: {address: object read}; ``manageable(address)``: whether the controller manages the switch there."""
    warnings = []
    for want in wants:
        if not want.get('poap'):
            want.pop('poap', None)
            continue
        obj = have.get(want['name'])
        serial = want.get('serial_number') or (obj or {}).get('serial_number')
        if obj is not None and manageable(want['name']):
            want.pop('poap')
        elif not serial:
            raise ModelError('poap: switch %s needs serial_number, the serial number of the switch that boots (gathered lists the '
                             'switches asking for POAP as bootstrap). Nothing was written.' % want['name'])
        elif serial in booting:
            if obj is not None:
                obj['poap'] = False
        else:
            want.pop('poap')
            if obj is None or (serial and serial != obj.get('serial_number')):
                warnings.append('Switch %s (serial number %s) does not ask fabric %s for POAP yet (the controller lists no such '
                                'switch booting): it is pre-provisioned, and a later run brings it in once it boots.'
                                % (want['name'], serial, fabric))
    return warnings


def mark_rma(wants, have, serials, booting, fabric):
    """{address: (old serial, new serial)} of the switches the task replaces (RMA: ``rma: true`` with the serial number of
    the switch replacing it, which must ask the fabric for POAP); the object read of each gets ``rma: false`` and its serial
    number, so that the item differs. An item whose serial number is the switch's own already asks nothing (a rerun).
    Refuses, before any write, a switch not in the fabric, no serial number, and one the controller does not see booting.

    ``serials``: {address: serial number} of the fabric's switches."""
    replacing = {}
    for want in wants:
        if not want.get('rma'):
            want.pop('rma', None)
            continue
        name, new = want['name'], want.get('serial_number')
        if name not in have:
            raise ModelError('rma: switch %s is not in fabric %s, so there is nothing to replace; give the address of the switch '
                             'the new one replaces, or leave rma out. Nothing was written.' % (name, fabric))
        if not new:
            raise ModelError('rma: switch %s needs serial_number, the serial number of the switch that replaces it. Nothing was '
                             'written.' % name)
        old = serials[name]
        if new == old:
            want.pop('rma')
            continue
        if new not in booting:
            raise ModelError('rma: switch %s (serial number %s) is to be replaced by serial number %s, which does not ask fabric %s '
                             'for POAP (the controller lists no such switch booting). Power the new switch on, cabled to the '
                             'management network, and run again. Nothing was written.' % (name, old, new, fabric))
        have[name].update(rma=False, serial_number=old)
        replacing[name] = (old, new)
    return replacing


def poap_problems(changes, adding, booting, password):
    """What an import by POAP lacks or contradicts, one text per switch: the switch_password its day-0 configuration sets,
    a hostname, a gateway (the item's, else the one the fabric's DHCP offers), and a model or version other than the
    switch's own."""
    problems = []
    for change in changes:
        if not ((change.after or {}).get('poap') or (change.after or {}).get('rma')):
            continue
        after, entry = change.after, booting[change.after['serial_number']]
        missing = [name for name, value in (('hostname', after.get('hostname') or after.get('rma')),
                                            ('gateway', adding.get(change.name, {}).get('gateway') or entry_data(entry).get('gateway')),
                                            ('switch_password', password)) if not value]
        if missing:
            problems.append('switch %s needs %s' % (change.name, ' and '.join(missing)))
        for name, key in (('model', 'model'), ('version', 'version')):
            if after.get(name) and (change.before or {}).get(name) != after[name] and after[name] != entry.get(key):
                problems.append('switch %s boots as %s %s, not %s (leave %s out: it is the switch\'s own)'
                                % (change.name, name, entry.get(key), after[name], name))
    return problems


def legacy_bootstrap(change, adding, entry, password):
    """One entry of the legacy import body (POST .../inventory/poap): the bootstrap entry's key, fingerprint, model and
    release, with the item's address, hostname, gateway and image policy (docs/api/fabric-controller.yaml)."""
    after, given, data = change.after, adding.get(change.name, {}), entry_data(entry)
    body = {
        'serialNumber': after['serial_number'], 'ipAddress': change.name, 'hostname': after['hostname'],
        'model': entry.get('model'), 'version': entry.get('version'), 'password': password, 'discoveryAuthProtocol': '0',
        'data': json.dumps({'modulesModel': data.get('modulesModel') or [entry.get('model')],
                            'gateway': given.get('gateway') or data.get('gateway')}),
        'publicKey': entry.get('publicKey'), 'fingerprint': entry.get('fingerprint'), 'reAdd': bool(entry.get('reAdd')),
    }
    if given.get('image_policy'):
        body['imagePolicy'] = given['image_policy']
    return body


def legacy_rma(change, adding, entry, hostname, old, password):
    """The body of the legacy RMA (POST .../rma) of one switch: the old and new serial numbers, the switch's address and
    hostname, the new switch's model, release and key (its bootstrap entry), the gateway (docs/api/fabric-controller.yaml)."""
    given, data = adding.get(change.name, {}), entry_data(entry)
    return {
        'oldSerialNumber': old, 'newSerialNumber': change.after['serial_number'], 'ipAddress': change.name, 'hostname': hostname,
        'model': entry.get('model'), 'version': entry.get('version'), 'password': password, 'discoveryAuthProtocol': '0',
        'data': json.dumps({'modulesModel': data.get('modulesModel') or [entry.get('model')],
                            'gateway': given.get('gateway') or data.get('gateway')}),
        'publicKey': entry.get('publicKey'), 'imagePolicy': given.get('image_policy') or '',
    }


def manage_bootstrap_entries(answer):
    """A 4.2 bootstrap list (GET .../bootstrap: ``{"switches": [...]}``, or a bare array) as the legacy entries the functions
    above read: ``softwareVersion`` as ``version``, ``fingerPrint`` as ``fingerprint``, the gateway (``gatewayIpMask``, else
    ``data.gatewayIpMask``) and ``data.models`` as ``data`` {gateway, modulesModel}; ``inInventory`` kept
    (docs/api/platform.yaml)."""
    listed = answer.get('switches') if isinstance(answer, dict) else answer
    entries = []
    for entry in listed if isinstance(listed, list) else []:
        if not isinstance(entry, dict) or not entry.get('serialNumber'):
            continue
        data = entry.get('data') if isinstance(entry.get('data'), dict) else {}
        entries.append({
            'serialNumber': entry['serialNumber'], 'model': entry.get('model'), 'version': entry.get('softwareVersion'),
            'publicKey': entry.get('publicKey'), 'fingerprint': entry.get('fingerPrint') or entry.get('fingerprint'),
            'reAdd': bool(entry.get('reAdd')), 'inInventory': bool(entry.get('inInventory')),
            'data': {'gateway': entry.get('gatewayIpMask') or data.get('gatewayIpMask'), 'modulesModel': data.get('models')},
        })
    return entries


def manage_bootstrap(change, adding, entry, password):
    """One switch of 4.2's import (POST .../switchActions/importBootstrap), with its role: the bootstrap entry's key,
    fingerprint, model and release (``entry`` as manage_bootstrap_entries gives it), the item's address, hostname, gateway
    and image policy."""
    after, given, data = change.after, adding.get(change.name, {}), entry_data(entry)
    gateway = given.get('gateway') or data.get('gateway')
    switch = {
        'serialNumber': after['serial_number'], 'ip': change.name, 'hostname': after.get('hostname'), 'model': entry.get('model'),
        'softwareVersion': entry.get('version'), 'switchRole': role_to_manage(after['role']), 'password': password,
        'discoveryAuthProtocol': 'md5', 'publicKey': entry.get('publicKey'), 'fingerPrint': entry.get('fingerprint'),
        'reAdd': bool(entry.get('reAdd')), 'inInventory': bool(entry.get('inInventory')), 'gatewayIpMask': gateway,
        'data': {'gatewayIpMask': gateway, 'models': data.get('modulesModel') or [entry.get('model')]},
    }
    if given.get('image_policy'):
        switch['imagePolicy'] = given['image_policy']
    return switch


def manage_rma(change, adding, entry, hostname, old, password):
    """The body of 4.2's RMA of one switch (POST .../switches/{old}/actions/provisionRMA): the old and new serial numbers,
    the switch's address, hostname and role, the new switch's model, release, key and gateway (its bootstrap entry)."""
    body = manage_bootstrap(change, adding, entry, password)
    for name in ('serialNumber', 'reAdd', 'inInventory'):
        del body[name]
    return dict(body, oldSwitchId=old, newSwitchId=change.after['serial_number'], hostname=hostname)


def manage_rma_unready(replacing, entries, fabric):
    """Refuse, before any write, an RMA on 4.2 of a switch not in maintenance mode: no call of that API known to this
    collection puts it there, and its RMA expects it (docs/api/platform.yaml provisionRMA). In maintenance mode is the
    mode on the switch (``additionalData.systemMode``) or the one intended (``intendedSystemMode``: a dead switch cannot
    deploy it). ``replacing``: {address: (old serial, new serial)}; ``entries``: {address: switch-list entry}."""
    unready = []
    for address, (old, _new) in sorted(replacing.items()):
        data = entries[address].get('additionalData') if isinstance(entries[address].get('additionalData'), dict) else {}
        modes = (str(data.get('systemMode') or '').lower(), str(data.get('intendedSystemMode') or '').lower())
        if 'maintenance' not in modes:
            unready.append('%s (serial number %s, mode %s)' % (address, old, modes[0] or 'unknown'))
    if unready:
        raise ModelError('rma: the RMA of a switch expects it in maintenance mode, and switches %s of fabric %s are not; the '
                         '/api/v1/manage API of Nexus Dashboard 4.2 has no call known to this collection that puts a switch '
                         'there. Put them in maintenance mode first (in the dashboard, or with this module and controller_api: '
                         'legacy, maintenance: true, on a dashboard that serves the legacy API), then run again. Nothing was '
                         'written.' % (', '.join(unready), fabric))
