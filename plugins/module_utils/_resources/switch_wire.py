# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabric_switches module's options as NDFC ``lan-fabric`` inventory calls (facts, section 6).

The one place that knows the inventory's paths and field names: ``switchesByFabric`` to read,
``test-reachability`` then ``discover`` to add, ``control/switches/roles`` to change roles,
``control/fabrics/{f}/switches/{serial}`` to remove.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# The inventory spells roles with spaces (facts 6.1, 6.4).
PASSWORD_SHOWN = '********'


def role_to_wire(role):
    return role.replace('_', ' ')


def role_from_wire(role):
    return str(role or '').strip().lower().replace(' ', '_')


class SwitchWire:
    def __init__(self, controller, fabric):
        self.controller = controller
        self.fabric = fabric
        self.base = '/control/fabrics/%s' % segment(fabric)
        # {IP: inventory entry} of the last read
        self.entries = {}

    def read(self):
        """{IP: switch object}, the fabric's switches keyed by management IP (the seed IP they were added at)."""
        try:
            answer = self.controller.read(self.base + '/inventory/switchesByFabric') or []
        except ApiError as exc:
            if exc.status not in (400, 404):
                raise
            raise ApiError('Cannot read the switches of fabric %s (HTTP %d: %s); check that the fabric exists and that your user '
                           'may read it.' % (self.fabric, exc.status, exc.message), exc.status) from None
        self.entries = {str(entry['ipAddress']): entry for entry in answer
                        if isinstance(entry, dict) and entry.get('ipAddress') and entry.get('serialNumber')}
        return {address: {'name': address, 'role': role_from_wire(entry.get('switchRole')) or 'leaf'}
                for address, entry in self.entries.items()}

    def serial(self, address):
        return str(self.entries[address]['serialNumber'])

    def discovery_body(self, addresses, role, preserve_config, credentials):
        """The test-reachability body for switches added together (same role and way of adding, facts 6.2)."""
        return {
            'seedIP': ','.join(addresses), 'role': role_to_wire(role), 'preserveConfig': bool(preserve_config),
            'maxHops': credentials['max_hops'], 'username': credentials['username'], 'password': credentials['password'],
            'snmpV3AuthProtocol': credentials['auth_protocol'], 'cdpSecondTimeout': '5', 'discoveryCredForLan': 'true',
        }

    def test_reachability(self, body):
        """The candidates the controller found, by IP address."""
        answer = self.controller.write('POST', self.base + '/inventory/test-reachability', body)
        return {str(candidate.get('ipaddr')): candidate for candidate in answer or [] if isinstance(candidate, dict)}

    def discover(self, body, candidates):
        self.controller.write('POST', self.base + '/inventory/discover', dict(body, switches=candidates),
                              params={'setAndUseDiscoveryCredForLan': 'true'})

    def roles_body(self, roles):
        """``roles``: {IP: role} of switches in the inventory."""
        return [{'serialNumber': self.serial(address), 'role': role_to_wire(role)} for address, role in roles.items()]

    def set_roles(self, roles):
        self.controller.write('POST', '/control/switches/roles', self.roles_body(roles))

    def remove(self, address):
        self.controller.write('DELETE', '%s/switches/%s' % (self.base, segment(self.serial(address))))

    @staticmethod
    def ready(entry, greenfield, seen_down):
        """Whether a newly added switch can be managed: ``managable`` and ``ok``, out of migration, and for a greenfield add
        after its reload (it shows ``managable: false`` once first, facts 6.4)."""
        up = entry.get('managable') is True and str(entry.get('status')).lower() == 'ok' and entry.get('mode') != 'Migration'
        return up and (seen_down or not greenfield)
