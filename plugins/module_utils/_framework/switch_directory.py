# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a fabric's switches, found by name, serial number or IP address; the one read of a
fabric's switch inventory (``read_inventory``) that every resource uses.

Attachments name a switch the way the user knows it; the controller wants its serial number.

One read of ``switchesByFabric`` gives each switch's entry: its serial number, name, address, role, model, fabric and
database id (``switchDbID``), which the run keeps (``keep_run_switches``: a later task that names only switches the copy
knows reads no inventory), and its vPC and sync fields (``isVpcConfigured``, ``peerSerialNumber``, ``vpcDomain``,
``ccStatus``), which it does not keep (``FRESH_FIELDS``). Those are always read fresh, by the tasks that need them
(vpc_pairs, and links and policies when they deploy): a vpc_pairs task pairs and unpairs switches and any task's deploy
changes a switch's sync state, and neither forgets the run's copy (only fabricops.dashboard.fabric_switches does, when it
adds or removes switches).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import MANAGE_SYNC_STATES
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import role_manage_to_controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# What the run keeps of a fabric's switches (ControllerClient.keep_fabric_fact): inventory entries, these fields
RUN_SWITCHES = 'fabric_switches'
ENTRY_FIELDS = ('serialNumber', 'logicalName', 'ipAddress', 'switchRole', 'model', 'fabricName', 'switchDbID')
# What an entry says that other tasks of the run change without forgetting the copy: never kept, read fresh (see above)
FRESH_FIELDS = ('isVpcConfigured', 'peerSerialNumber', 'vpcDomain', 'ccStatus')


def run_switches(client, fabric):
    """``fabric``'s switches as this run last read them (inventory entries), or None when it did not, or a task of the
    run changed them since (fabricops.dashboard.fabric_switches forgets them when it writes)."""
    known = client.fabric_fact(RUN_SWITCHES, fabric)
    return known if isinstance(known, list) else None


def kept_directory(client, fabric, named, fresher=()):
    """The SwitchDirectory of the run's copy of ``fabric``'s switches (``run_switches``), when it names each switch of
    ``named`` (as given) exactly once; else None, and the caller reads the inventory. ``fresher``: entries just read
    elsewhere (the attachment answers), whose names and roles win over the copy's, and whose switches the copy may lack."""
    known = run_switches(client, fabric)
    if known is None:
        return None
    fresh = {str(entry.get('serialNumber')): {field: value for field, value in entry.items() if value} for entry in fresher}
    merged = [dict(entry, **fresh.pop(str(entry.get('serialNumber')), {})) for entry in known] if fresh else known
    directory = SwitchDirectory(fabric, merged + list(fresh.values()))
    return directory if all(directory.knows(str(switch)) for switch in named) else None


def keep_run_switches(client, fabric, switches):
    """Keep ``switches`` (inventory entries just read) as the run's for ``fabric``."""
    client.keep_fabric_fact(RUN_SWITCHES, fabric, [{field: entry.get(field) for field in ENTRY_FIELDS}
                                                   for entry in switches if entry.get('serialNumber')])


class SwitchDirectory:
    def __init__(self, fabric, switches):
        """``switches``: the fabric's inventory answer (serialNumber, logicalName, ipAddress, switchRole)."""
        self.fabric = fabric
        self.by_serial = {}
        # {switch as given: where}: switches resolve found in no entry; the intent checks refuse them (check mode warns)
        self.absent = {}
        self._lookup = {}
        for switch in switches or []:
            serial = str(switch.get('serialNumber') or '')
            if not serial:
                continue
            self.by_serial[serial] = switch
            for key in (serial, switch.get('logicalName'), switch.get('ipAddress')):
                if key:
                    self._lookup.setdefault(str(key), set()).add(serial)

    def knows(self, given):
        """Whether ``given`` names exactly one switch of this directory."""
        return len(self._lookup.get(str(given), ())) == 1

    def lists(self, given):
        """Whether ``given`` names a switch of this directory (one or several: ``serial_of`` says which, or refuses)."""
        return bool(self._lookup.get(str(given)))

    def serial_of(self, given, where):
        found = self._lookup.get(str(given), set())
        if len(found) == 1:
            return next(iter(found))
        if not found:
            raise ModelError('%s: switch %s is not in fabric %s (give its name, serial number or IP address as the '
                             'fabric inventory lists it).' % (where, given, self.fabric))
        raise ModelError('%s: several switches of fabric %s are called %s (%s); give the serial number instead.'
                         % (where, self.fabric, given, ', '.join(sorted(found))))

    def name_of(self, serial):
        switch = self.by_serial.get(serial)
        return str(switch.get('logicalName') or serial) if switch else serial

    def resolve(self, partial, where):
        """The partial object with each attachment's ``serial`` added and ``switch`` as the fabric names it.

        A switch the fabric does not list keeps the name given as its serial and is noted in ``absent``, not refused
        here: in check mode an earlier task of the play (fabricops.dashboard.fabric_switches) may be what adds it.
        """
        for attachment in partial.get('attach') or []:
            if not self._lookup.get(str(attachment['switch'])):
                self.absent.setdefault(str(attachment['switch']), where)
                attachment['serial'] = str(attachment['switch'])
                continue
            attachment['serial'] = self.serial_of(attachment['switch'], where)
            attachment['switch'] = self.name_of(attachment['serial'])
        return partial


def read_directory(client, fabric, named=None, read=None):
    """The fabric's switches (inventory entries), their SwitchDirectory, and {serial: the switch as results name it: its
    name, or its serial number when another switch has that name}.

    ``named``: the switches the task names, as given. When the run's copy of the fabric's switches
    (``run_switches``) names each of them exactly once, the copy is used: a run reads a fabric's inventory once, not
    once per task. Otherwise (and without ``named``: gathered lists the fabric as it is now, and a task that needs
    the inventory's other fields reads them fresh) 1 GET of the inventory, which renews the run's copy: ``read``, the
    read of the client's API (``read_inventory``, the default; ``read_manage_inventory`` on /api/v1/manage).
    """
    directory = kept_directory(client, fabric, named) if named is not None else None
    if directory is not None:
        switches = list(directory.by_serial.values())
        return switches, directory, switch_labels(switches)
    switches = (read or read_inventory)(client, fabric)
    return switches, SwitchDirectory(fabric, switches), switch_labels(switches)


def read_inventory(client, fabric):
    """The fabric's inventory entries, every field (``FRESH_FIELDS`` too), in 1 GET, which renews the run's copy."""
    answer = read_switches(client, fabric, '/control/fabrics/%s/inventory/switchesByFabric')
    switches = [entry for entry in answer or [] if isinstance(entry, dict) and entry.get('serialNumber')]
    keep_run_switches(client, fabric, switches)
    return switches


def manage_switch_list(client, fabric):
    """The fabric's switches as /api/v1/manage lists them (``client`` beside it): 1 GET of ``/fabrics/{fabric}/switches``
    (docs/api/platform.yaml), the entries that name a switch."""
    answer = read_switches(client, fabric, '/fabrics/%s/switches')
    listed = answer.get('switches') if isinstance(answer, dict) else None
    return [entry for entry in listed or [] if isinstance(entry, dict) and (entry.get('switchId') or entry.get('serialNumber'))]


def read_manage_inventory(client, fabric, listed=None):
    """The fabric's switches on /api/v1/manage as inventory entries (``manage_inventory_entry``): ``listed`` (the switch
    list as read), else 1 GET of it (``manage_switch_list``); either renews the run's copy."""
    switches = [manage_inventory_entry(entry) for entry in (manage_switch_list(client, fabric) if listed is None else listed)]
    keep_run_switches(client, fabric, switches)
    return switches


def manage_inventory_entry(entry):
    """A switch of GET /api/v1/manage/fabrics/{fabric}/switches as the legacy inventory spells it (``ENTRY_FIELDS``, and
    its sync state ``additionalData.configSyncStatus`` as the legacy ``ccStatus``, its x-legacy in platform.yaml: a
    ``FRESH_FIELDS`` field, never kept for the run)."""
    data = entry.get('additionalData') if isinstance(entry.get('additionalData'), dict) else {}
    meta = data.get('meta') if isinstance(data.get('meta'), dict) else {}
    state = data.get('configSyncStatus')
    return {'serialNumber': str(entry.get('switchId') or entry.get('serialNumber')), 'logicalName': entry.get('hostname'),
            'ipAddress': entry.get('fabricManagementIp'), 'switchRole': role_manage_to_controller(entry.get('switchRole')),
            'model': entry.get('model'), 'fabricName': entry.get('fabricName'), 'switchDbID': meta.get('switchDbId'),
            'ccStatus': MANAGE_SYNC_STATES.get(state, state)}


class FabricMissing(ApiError):
    """The controller does not have the task's fabric (HTTP 404 for its objects or switches). Check mode takes it to be a
    fabric an earlier task of the play creates (``Run.fabric_to_come``)."""


def read_switches(client, fabric, path):
    """The answer of ``path`` (with the fabric's name in it); a fabric the controller does not have, said so."""
    try:
        return client.read(path % segment(fabric))
    except ApiError as exc:
        if exc.status == 404:
            raise FabricMissing('Fabric %s does not exist on the controller (it answered HTTP 404 for its switches). Give the '
                                'name of an existing fabric in fabric.' % fabric, exc.status) from None
        raise


def config_switches(params):
    """The switches a task's config names, as given: ``named`` of ``read_directory``; None for gathered, which lists
    the fabric as it is now."""
    if params.get('state') == 'gathered':
        return None
    return [str(item.get('switch') or '').strip() for item in params.get('config') or []]


def switch_labels(switches):
    """{serial: the switch as results name it}: its name, or its serial number when another switch has that name."""
    names = [str(entry.get('logicalName') or '') for entry in switches]
    labels = {}
    for entry in switches:
        name = str(entry.get('logicalName') or '')
        labels[str(entry['serialNumber'])] = name if name and names.count(name) == 1 else str(entry['serialNumber'])
    return labels


class OfflineDirectory:
    """For rendered: no controller to ask, so a switch is taken to be named by its serial number."""

    fabric = None

    @staticmethod
    def resolve(partial, where):
        del where
        for attachment in partial.get('attach') or []:
            attachment['serial'] = attachment['switch']
        return partial
