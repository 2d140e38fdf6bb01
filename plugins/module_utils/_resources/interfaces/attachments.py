# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the switch ports that networks' attachments list, for the interfaces' intent checks.

A network attached to a switch port carries its VLAN on that port (fabricops.dashboard.networks, ``attach`` ``ports``).
The interfaces checks refuse a change that would leave such a port unable to carry it (``checks.check_attachments``):
they need, for the switches a task changes, {port: [(network, VLAN)]}. It is read once per run and fabric, through the
run's fact cache (``ControllerClient.keep_fabric_fact``, under ``RUN_NETWORK_PORTS``), and only by a task that makes such
a change; a networks task that writes forgets it (``overlay.legacy.OverlayMapping.writes``), so a later task reads it again.

- **Legacy API**: 1 GET ``/top-down/fabrics/{f}/networks`` (the networks and their ``networkStatus``), then the attachments
  (GET ``/top-down/fabrics/{f}/networks/attachments?network-names=``, in docs/api/fabric-controller.yaml) of the networks
  whose ``networkStatus`` is not ``NA`` only: a network's status follows its attachments, ``NA`` while none is attached
  (GET ``.../networks``, networkStatus), so a fabric whose networks carry no port costs the one GET. The read covers every
  switch of the fabric.
- **/api/v1/manage (4.2)**: 1 POST ``/fabrics/{f}/networkAttachments/query`` with the ``switchIds`` asked (a read, though a
  POST: docs/api/platform.yaml); the run's copy then covers those switches, and a later task asks only for the others.
"""

from __future__ import annotations

import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import name_batches, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.fabric_facts import NETWORK_PORTS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.nxos import interface_name

# The run's copy, per fabric: {serial: {port: [[network, VLAN or None], ...]}}, each switch read listed (with {} for none)
RUN_NETWORK_PORTS = NETWORK_PORTS
# Network names per attachments read (as the networks module reads them)
ATTACHMENT_READ_BATCH = 200
# An interface range of a 4.2 attachment, "Ethernet1/1-4" [uncertain: the emulator lists single ports only]
_RANGE = re.compile(r'^(.*/)(\d+)-(\d+)$')


def attached_ports(text, switch_name=None):
    """The port names of an attachment's port list (``Ethernet1/13,Ethernet1/14``; a ToR port as ``leaf-1(Ethernet1/13)``,
    kept when it names the attachment's own switch), in the interfaces module's spelling."""
    ports = []
    for part in re.split(r'[,\s]+', str(text or '')):
        match = re.match(r'^(.*)\((.+)\)$', part)
        if match:
            if switch_name is None or match.group(1) != switch_name:
                continue
            part = match.group(2)
        ranged = _RANGE.match(part)
        names = ['%s%d' % (ranged.group(1), number) for number in range(int(ranged.group(2)), int(ranged.group(3)) + 1)] \
            if ranged and int(ranged.group(3)) - int(ranged.group(2)) < 64 else [part]
        ports.extend(interface_name(name)[1] for name in names if name)
    return ports


def vlan_of(value):
    text = str(value if value is not None else '').strip()
    return int(text) if text.isdigit() else None


class NetworkPorts:
    """A part of ``legacy.InterfaceMapping``: the ports networks' attachments list, read once per run (see above)."""

    def network_ports(self, serials):
        """{serial: {port: [(network, VLAN)]}} of ``serials``, from the run's copy, read for the switches it lacks."""
        kept = self.client.fabric_fact(RUN_NETWORK_PORTS, self.fabric)
        kept = dict(kept) if isinstance(kept, dict) else {}
        missing = [serial for serial in serials if serial not in kept]
        if missing:
            kept.update(self.read_network_ports(missing))
            self.client.keep_fabric_fact(RUN_NETWORK_PORTS, self.fabric, kept)
        return {serial: {port: [tuple(entry) for entry in entries] for port, entries in (kept.get(serial) or {}).items()}
                for serial in serials}

    def read_network_ports(self, serials):
        """{serial: {port: [[network, VLAN]]}} of every switch of the fabric (and of ``serials``), on the legacy API."""
        found = {serial: {} for serial in list(self.directory.by_serial if self.directory else ()) + list(serials)}
        # a fabric that holds no networks (a fabric type without an overlay) has none attached [uncertain: its answer]
        listed = self.client.read('/top-down/fabrics/%s/networks' % segment(self.fabric), absent=lambda exc: exc.status in (400, 404))
        names = [str(item['networkName']) for item in listed or [] if isinstance(item, dict) and item.get('networkName')
                 and str(item.get('networkStatus') or '').upper() != 'NA']
        for batch in name_batches(names, most=ATTACHMENT_READ_BATCH):
            answer = self.client.read('/top-down/fabrics/%s/networks/attachments' % segment(self.fabric),
                                      params={'network-names': batch})
            for entry in answer or []:
                for attachment in (entry.get('lanAttachList') or []) if isinstance(entry, dict) else []:
                    if isinstance(attachment, dict) and attachment.get('isLanAttached') is True:
                        ports = attached_ports(attachment.get('portNames'), attachment.get('switchName'))
                        self.note(found, str(attachment.get('switchSerialNo')), ports,
                                  str(attachment.get('networkName') or entry.get('networkName')), vlan_of(attachment.get('vlanId')))
        return found

    @staticmethod
    def note(found, serial, ports, network, vlan):
        on_switch = found.setdefault(serial, {})
        for port in ports:
            if [network, vlan] not in on_switch.setdefault(port, []):
                on_switch[port].append([network, vlan])


class ManageNetworkPorts(NetworkPorts):
    """The same on /api/v1/manage: one ``networkAttachments/query`` of the switches asked."""

    def read_network_ports(self, serials):
        found = {serial: {} for serial in serials}
        answer = self.client.query('/fabrics/%s/networkAttachments/query' % segment(self.fabric), {'switchIds': list(serials)})
        for detail in answer.get('attachments') or [] if isinstance(answer, dict) else []:
            if not isinstance(detail, dict) or detail.get('attach') is not True or str(detail.get('switchId')) not in found:
                continue
            ports = [port for item in detail.get('interfaces') or [] if isinstance(item, dict)
                     for port in attached_ports(item.get('interfaceRange'))]
            self.note(found, str(detail.get('switchId')), ports, str(detail.get('networkName')), vlan_of(detail.get('vlanId')))
        return found
