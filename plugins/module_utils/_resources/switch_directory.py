# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a fabric's switches, found by name, serial number or IP address.

Attachments name a switch the way the user knows it; the controller wants its serial number.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import ModelError


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


class OfflineDirectory:
    """For rendered: no controller to ask, so a switch is taken to be named by its serial number."""

    fabric = None

    @staticmethod
    def resolve(partial, where):
        del where
        for attachment in partial.get('attach') or []:
            attachment['serial'] = attachment['switch']
        return partial
