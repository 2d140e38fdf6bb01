# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the checks of a VRFs or networks task's intent, before anything is written.

``OverlayChecks`` reads what the rules need of the fabric through the task's ``OverlayMapping``
(its objects, the peer kind's, the fabric's settings, a switch's interfaces), only as much as the
task needs, and hands plain values to the rules of ``validation``, which know nothing of the
controller. The mapping declares which option is which (``RANGE_SETTINGS``, ``ADDRESS_FIELDS``,
``REFERENCE``, ``REFERENCED_BY``, ``peer()``); the writes stay in ``overlay.legacy``.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import (
    VLAN_BOUNDS,
    VNI_BOUNDS,
    Use,
    check_bounds,
    check_identity,
    check_interface_address,
    check_port_names,
    check_ports_exist,
    check_range,
    check_references,
    check_roles,
    check_shared_values,
    check_template_keys,
    is_interface_name,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# What the run keeps of a fabric's ranges for the checks of VNIs and VLANs (ControllerClient.keep_fabric_fact)
RUN_RANGES = 'fabric_ranges'
FABRIC_RANGES = ('L3_PARTITION_ID_RANGE', 'VRF_VLAN_RANGE', 'L2_SEGMENT_ID_RANGE', 'NETWORK_VLAN_RANGE')

# A switch's interfaces, with detail: every port, also those with no policy (docs/api/fabric-controller.yaml).
INTERFACE_DETAIL = '/interface/detail'


class OverlayChecks:
    """The checks of one task of a ``OverlayMapping`` (``mapping``: the task's, as ``prepare`` left it)."""

    def __init__(self, mapping):
        self.mapping = mapping
        self.model = mapping.model

    def check_intent(self, state, wants, changes, checks):
        """Refuse (or warn about) what contradicts itself or the fabric, before anything is written.

        What it costs: nothing for gathered, nor for a task that changes nothing. A task that writes reads, once and in
        bulk: the peer kind's list (1 GET: the VRFs for networks, the networks for VRFs; only when the task gives a VNI, a
        VLAN on a switch or a network's VRF anew, or deletes VRFs: ``needs_peer``); the fabric's settings (1 GET,
        only when a VNI or VLAN is given or changed, for its ranges); and, only when the task brings a VLAN to a switch
        (an attachment, or a new VLAN of an attached object), the attachments of the peer's objects and of this kind's
        objects the task did not read already (1 GET per 200 objects each; none for a kind with no objects). A networks
        task that brings ports to a switch reads that switch's interface list (1 GET per such switch; none when the task
        gives no new port). Switch roles, and whether a switch is in the fabric, cost nothing: the attachment answers
        and the inventory that ``prepare`` reads list them. So 0 to 2 GETs more per task, 4 when it attaches on a fabric
        holding both kinds, plus 1 per switch that gains ports. Deleting VRFs reads the networks' list (1 GET); deleting
        networks reads nothing more. rendered reads nothing: its checks see the task's own items only.
        """
        self.check_switches(checks)
        if state != 'deleted':  # a delete names its objects only: nothing of what it lists is written
            for want in wants:
                self.check_input(want, checks)
        if state == 'rendered' or any(change.changed for change in changes):
            self.check_fabric(changes, checks, offline=state == 'rendered')

    def check_switches(self, checks):
        """Refuse attachments to switches the fabric does not list (the directory notes them); in check mode a warning,
        as an earlier fabric_switches task of the play may add them."""
        directory = self.mapping.directory
        fabric = self.mapping.fabric
        for switch, where in sorted((getattr(directory, 'absent', None) or {}).items()):
            checks.refuse('%s: switch %s is not in fabric %s: add it to the fabric first (fabricops.dashboard.fabric_switches, '
                          'in an earlier task), or give its name, serial number or IP address as the fabric inventory lists it'
                          % (where, switch, fabric), depends_on='the switches of fabric %s' % fabric)

    def owned_template_keys(self):
        """{template key: option} of the keys an option of the module sets: never to be given in template_params."""
        owned = {key: option for option, key in self.mapping.kind.TEMPLATE_KEYS.items()}
        owned.update(self.mapping.kind.IDENTITY_KEYS)
        return owned

    def check_input(self, want, checks):
        """The rules that rest on the task's item alone: bounds, address syntax, port names, template_params the options
        own."""
        kind, name, id_field = self.model.KIND, want['name'], self.model.ID_FIELD
        check_bounds(checks, kind, name, id_field, want.get(id_field), VNI_BOUNDS, 'VNI')
        check_bounds(checks, kind, name, 'vlan_id', want.get('vlan_id'), VLAN_BOUNDS, 'VLAN')
        for attachment in want.get('attach') or []:
            check_bounds(checks, kind, name, 'vlan (attach, switch %s)' % attachment['switch'], attachment.get('vlan'),
                         VLAN_BOUNDS, 'VLAN')
            check_port_names(checks, kind, name, attachment['switch'], attachment.get('ports'))
        for option, version in sorted(self.mapping.kind.ADDRESS_FIELDS.items()):
            check_interface_address(checks, kind, name, option, want.get(option), version)
        check_template_keys(checks, kind, name, want.get('template_params'), self.owned_template_keys())

    def check_fabric(self, changes, checks, offline=False):
        """The rules that rest on the fabric as the task would leave it: VNIs, VLANs per switch, references, roles,
        ports."""
        mapping = self.mapping
        kind, id_field = self.model.KIND, self.model.ID_FIELD
        deleted = [change.name for change in changes if change.action == 'delete']
        writing = [change for change in changes if change.after is not None and change.changed]
        before, after, unread = self.surroundings(changes, offline)
        # the other kind, read only when a rule needs it (see needs_peer)
        peer = None if offline or not self.needs_peer(writing, deleted) else mapping.peer()
        peer_objects = {}
        if peer is not None:
            peer_objects = {str(item[peer.kind.name_key]): peer.object_from_controller(item, []) for item in peer.read_objects()}
        for change in changes:
            if change.action == 'update':
                check_identity(checks, kind, change.name, id_field, change.before.get(id_field), change.after.get(id_field))
        vni_uses = list(id_uses(kind, id_field, after, before))
        if peer is not None:
            vni_uses += id_uses(peer.model.KIND, peer.model.ID_FIELD, peer_objects, peer_objects)
        check_shared_values(checks, vni_uses, 'VNI')
        self.check_references(checks, after, before, deleted, peer, peer_objects)
        self.check_vlans(checks, before, after, unread, peer, peer_objects)
        if not offline:
            self.check_roles(checks, writing)
            self.check_ranges(checks, writing)
            self.check_ports(checks, writing)

    def needs_peer(self, writing, deleted):
        """Whether a rule needs the other kind's objects: only for what the task gives anew. A VNI (one space for both
        kinds), a VLAN on a switch (one per switch for both), a network's VRF (it must exist), or the delete of VRFs (no
        network may still be in one). A task that changes only what no rule shares (a gateway, a description) or takes
        attachments away reads nothing of the other kind."""
        mapping, id_field, reference = self.mapping, self.model.ID_FIELD, self.mapping.kind.REFERENCE
        if deleted and mapping.kind.REFERENCED_BY:
            return True
        for change in writing:
            old = change.before or {}
            if change.after.get(id_field) is not None and change.after.get(id_field) != old.get(id_field):
                return True
            if reference and change.after.get(reference) and change.after.get(reference) != old.get(reference):
                return True
            if any(use.fresh for use in vlan_uses_of(self.model.KIND, {change.name: change.after}, {change.name: old})):
                return True
        return False

    def surroundings(self, changes, offline):
        """(before, after, unread) of this kind's objects: {name: object} as read and as the task leaves them; the names
        whose attachments were not read (the fabric's objects the task does not list are known from the list only)."""
        mapping = self.mapping
        before = {} if offline else {name: mapping.object_from_controller(item, []) for name, item in mapping.raw.items()}
        unread = set(before) - set(change.name for change in changes)
        before.update((change.name, change.before) for change in changes if change.before is not None)
        after = dict(before)
        for change in changes:
            if change.after is None:
                after.pop(change.name, None)
            else:
                after[change.name] = change.after
        return before, after, unread

    def check_vlans(self, checks, before, after, unread, peer, peer_objects):
        """One VLAN per switch across both kinds; the attachments the rest of the fabric holds are read only when the
        task brings a VLAN to a switch, in bulk."""
        mapping = self.mapping
        kind = self.model.KIND
        if not any(use.fresh for use in vlan_uses_of(kind, after, before)):
            return
        if unread:
            attachments = mapping.read_attachments(sorted(unread))
            for name in unread:
                before[name] = after[name] = mapping.object_from_controller(mapping.raw[name], attachments.get(name))
        uses = list(vlan_uses_of(kind, after, before))
        if peer_objects:
            attachments = peer.read_attachments(sorted(peer_objects))
            for name in peer_objects:
                peer_objects[name] = peer.object_from_controller(peer.raw[name], attachments.get(name))
            uses += vlan_uses_of(peer.model.KIND, peer_objects, peer_objects)
        check_shared_values(checks, uses, 'VLAN')

    def check_references(self, checks, after, before, deleted, peer, peer_objects):
        if peer is None:
            return
        reference, referenced_by = self.mapping.kind.REFERENCE, self.mapping.kind.REFERENCED_BY
        if reference:
            referrers = [(self.model.KIND, name, obj[reference], before.get(name, {}).get(reference) != obj[reference])
                         for name, obj in after.items() if obj.get(reference)]
            check_references(checks, referrers, set(peer_objects), (), peer.model.KIND, reference)
        if referenced_by and deleted:
            referrers = [(peer.model.KIND, name, obj[referenced_by], False)
                         for name, obj in peer_objects.items() if obj.get(referenced_by)]
            check_references(checks, referrers, set(after), set(deleted), self.model.KIND, referenced_by)

    def check_roles(self, checks, writing):
        """No new attachment on a spine; the roles as prepare found the switches (attachment answers or the inventory)."""
        directory = self.mapping.directory
        if directory is None:
            return
        for change in writing:
            old = (change.before or {}).get('attach') or {}
            new = [serial for serial in (change.after.get('attach') or {}) if serial not in old]
            switches = [(directory.name_of(serial), (directory.by_serial.get(serial) or {}).get('switchRole'))
                        for serial in new]
            check_roles(checks, self.model.KIND, change.name, switches)

    def check_ranges(self, checks, writing):
        """Warn about VNIs and VLANs the task gives outside the fabric's ranges (its settings, read only when needed)."""
        given = []
        id_field = self.model.ID_FIELD
        range_settings = self.mapping.kind.RANGE_SETTINGS
        for change in writing:
            old = change.before or {}
            if change.after.get(id_field) is not None and change.after.get(id_field) != old.get(id_field):
                given.append((change.name, id_field, change.after[id_field], range_settings[0]))
            if change.after.get('vlan_id') is not None and change.after.get('vlan_id') != old.get('vlan_id'):
                given.append((change.name, 'vlan_id', change.after['vlan_id'], range_settings[1]))
            for serial, (was, now) in change.attachments.items():
                if now and now.get('vlan') and now.get('vlan') != (was or {}).get('vlan'):
                    given.append((change.name, 'vlan (attach, switch %s)' % now.get('switch', serial), now['vlan'],
                                  range_settings[1]))
        given = [entry for entry in given if entry[3]]
        if not given:
            return
        settings = self.range_settings()
        for name, option, value, setting in given:
            check_range(checks, self.model.KIND, name, option, value, setting, settings.get(setting), self.mapping.fabric)

    def range_settings(self):
        """The fabric's VNI and VLAN ranges (``FABRIC_RANGES``): as the run read them earlier, else from
        ``fabric_settings``, then kept for the run's later tasks (a fabrics task that writes the fabric forgets them)."""
        client, fabric = self.mapping.client, self.mapping.fabric
        kept = client.fabric_fact(RUN_RANGES, fabric)
        if isinstance(kept, dict):
            return kept
        settings = self.fabric_settings()
        kept = {setting: settings[setting] for setting in FABRIC_RANGES if settings.get(setting) is not None}
        client.keep_fabric_fact(RUN_RANGES, fabric, kept)
        return kept

    # the fabric as the API reads it: GET /control/fabrics/{fabric} on the legacy API
    FABRIC_PATH = '/control/fabrics/%s'

    def fabric_settings(self):
        """The fabric's settings by their legacy nvPair names (1 GET of ``FABRIC_PATH``), read once."""
        mapping = self.mapping
        try:
            answer = mapping.client.read(self.FABRIC_PATH % segment(mapping.fabric))
        except ApiError as exc:
            raise mapping.fabric_error(exc) from None
        return self.settings_of(answer if isinstance(answer, dict) else {})

    @staticmethod
    def settings_of(fabric):
        """The settings of a fabric as read: its nvPairs."""
        pairs = fabric.get('nvPairs')
        return pairs if isinstance(pairs, dict) else {}

    def check_ports(self, checks, writing):
        """Refuse ports a switch does not have. Only the ports the task brings to a switch are checked, against that
        switch's interface list, read once per switch; switches the fabric does not list yet (check_switches) and
        names that are no interface name (check_input) are left to their own rules."""
        directory = self.mapping.directory
        absent = getattr(directory, 'absent', None) or {}
        brought = {}  # {serial: [(object name, switch name, [new ports])]}
        for change in writing:
            for serial, (was, now) in change.attachments.items():
                old = set((was or {}).get('ports') or ())
                new = [port for port in (now or {}).get('ports') or () if port not in old and is_interface_name(port)]
                if new and serial not in absent:
                    brought.setdefault(serial, []).append((change.name, now.get('switch') or serial, new))
        for serial, uses in sorted(brought.items()):
            switch_ports = self.switch_interfaces(serial, uses[0][1], checks)
            if switch_ports is None:
                continue
            for name, switch, ports in uses:
                check_ports_exist(checks, self.model.KIND, name, switch, ports, switch_ports)

    def switch_interfaces(self, serial, switch, checks):
        """The interface names of a switch (1 GET of ``interfaces_read``), or None, with a warning, when the controller
        lists none or has no such read: then the controller is left to judge the ports."""
        path, query = self.interfaces_read(serial)
        try:
            answer = self.mapping.client.read(path, params=query)
        except ApiError as exc:
            if exc.status not in (404, 405):
                raise
            answer = None
        names = self.interface_names(answer)
        if not names:
            checks.warn('The controller lists no interfaces for switch %s (GET %s), so the ports given for it were not '
                        'checked before sending' % (switch, path))
            return None
        return names

    def interfaces_read(self, serial):
        """(path, query) of the read of a switch's interfaces: GET /interface/detail?serialNumber= on the legacy API."""
        return INTERFACE_DETAIL, {'serialNumber': serial}

    @staticmethod
    def interface_names(answer):
        return interface_names(answer)


def interface_names(answer):
    """The ``ifName`` of each interface of an interface detail answer: a list of objects (or such a list inside an
    object, as some releases wrap it), in the controller's order."""
    if isinstance(answer, dict):
        answer = next((value for value in answer.values() if isinstance(value, list)), [])
    names = []
    for entry in answer if isinstance(answer, list) else []:
        name = entry.get('ifName') if isinstance(entry, dict) else None
        if name and str(name) not in names:
            names.append(str(name))
    return names


def id_uses(kind, id_field, after, before):
    """The Use of each object's VNI; fresh when the task gives it (a create, a change)."""
    for name, obj in after.items():
        value = obj.get(id_field)
        if value is not None:
            yield Use(kind, name, value, None, (before.get(name) or {}).get(id_field) != value, id_field)


def vlan_uses_of(kind, after, before):
    """The Use of each VLAN an object holds on a switch (its attachment's own, or the object's); fresh when the task
    brings it there (a new attachment, a new VLAN)."""
    for name, obj in after.items():
        old = before.get(name) or {}
        for serial, attachment in sorted((obj.get('attach') or {}).items()):
            vlan = attachment.get('vlan') or obj.get('vlan_id')
            if not vlan:
                continue
            was = (old.get('attach') or {}).get(serial)
            old_vlan = (was.get('vlan') or old.get('vlan_id')) if was else None
            yield Use(kind, name, vlan, attachment.get('switch') or serial, old_vlan != vlan,
                      'vlan_id (or a vlan of its own in its attach entry for %s)' % (attachment.get('switch') or serial))
