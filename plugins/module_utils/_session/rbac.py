# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the account's roles and privileges from a login answer.

The login answer carries ``rbac`` as a JSON-encoded *string* holding an array of
``{domain, rolesR, rolesW, roles: [[role, privilege], ...]}``; the token's claim carries the
same array decoded. Both are turned into one structure a playbook can use without parsing:

    [{"domain": "all", "read_mask": 16777216, "write_mask": 1,
      "roles": [{"role": "admin", "privilege": "WritePriv"}, ...],
      "privileges": ["ReadPriv", "WritePriv"], "can_read": true, "can_write": true}]

A security domain named ``all`` grants its privileges on every domain.
"""

from __future__ import annotations

import json

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import RbacFormatError

ALL_DOMAINS = 'all'
WRITE_PRIVILEGE = 'WritePriv'
READ_PRIVILEGE = 'ReadPriv'

_FORMAT_HINT = ('expected a JSON array of objects with the keys domain, rolesR, rolesW and roles '
                '(a list of [role, privilege] pairs)')


def parse_rbac(raw):
    """Parse the rbac field (a JSON string, or the already decoded list) into domain entries."""
    if raw is None or raw == '':
        return []
    if isinstance(raw, (str, bytes)):
        try:
            raw = json.loads(raw)
        except ValueError as exc:
            raise RbacFormatError('The dashboard returned an rbac field that is not valid JSON (%s); %s.' % (exc, _FORMAT_HINT)) from None
    if not isinstance(raw, list):
        raise RbacFormatError('The dashboard returned an rbac field of type %s; %s.' % (type(raw).__name__, _FORMAT_HINT))
    return [_parse_entry(position, entry) for position, entry in enumerate(raw)]


def _parse_entry(position, entry):
    where = 'rbac entry %d' % position
    if not isinstance(entry, dict) or not isinstance(entry.get('domain'), str):
        raise RbacFormatError('The dashboard returned an %s without a domain name; %s.' % (where, _FORMAT_HINT))
    roles = []
    for pair in entry.get('roles') or []:
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2 and all(isinstance(item, str) for item in pair)):
            raise RbacFormatError('The dashboard returned a role in %s (domain %s) that is not a [role, privilege] pair; %s.'
                                  % (where, entry['domain'], _FORMAT_HINT))
        roles.append({'role': pair[0], 'privilege': pair[1]})
    masks = {}
    for source, target in (('rolesR', 'read_mask'), ('rolesW', 'write_mask')):
        value = entry.get(source, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RbacFormatError('The dashboard returned a non-integer %s in %s (domain %s); %s.' % (source, where, entry['domain'], _FORMAT_HINT))
        masks[target] = value
    privileges = sorted({role['privilege'] for role in roles})
    can_write = WRITE_PRIVILEGE in privileges
    return {
        'domain': entry['domain'],
        'read_mask': masks['read_mask'],
        'write_mask': masks['write_mask'],
        'roles': roles,
        'privileges': privileges,
        'can_read': can_write or READ_PRIVILEGE in privileges,
        'can_write': can_write,
    }


def _entries_for(rbac, domain):
    return [entry for entry in rbac or [] if entry.get('domain') in (domain, ALL_DOMAINS)]


def privileges_of(rbac, domain=ALL_DOMAINS):
    """The privilege names the account holds on a security domain (``all`` entries included)."""
    return sorted({privilege for entry in _entries_for(rbac, domain) for privilege in entry.get('privileges', [])})


def can_read(rbac, domain=ALL_DOMAINS):
    return any(entry.get('can_read') for entry in _entries_for(rbac, domain))


def can_write(rbac, domain=ALL_DOMAINS):
    return any(entry.get('can_write') for entry in _entries_for(rbac, domain))


def missing_privileges(rbac, write=(), read=()):
    """What the account lacks of the privileges a play needs: ``[{privilege, domain}]``, in the order asked."""
    missing = [{'privilege': WRITE_PRIVILEGE, 'domain': domain} for domain in write or () if not can_write(rbac, domain)]
    missing.extend({'privilege': READ_PRIVILEGE, 'domain': domain} for domain in read or () if not can_read(rbac, domain))
    return missing
