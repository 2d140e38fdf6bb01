# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Filters over the parsed RBAC of a dashboard session (the session's ``rbac`` list)."""

from __future__ import annotations

from ansible.errors import AnsibleFilterError

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import RbacFormatError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session import rbac as _rbac


def _kind(value):
    """The Python type a user wrote: since ansible-core 2.19 a templated string is a private subclass of str."""
    return next((cls.__name__ for cls in type(value).__mro__ if cls.__module__ == 'builtins'), type(value).__name__)


def _entries(rbac, filter_name):
    """Accept the parsed list, a whole session dict, or the raw JSON string of a login answer."""
    if isinstance(rbac, dict) and 'rbac' in rbac:
        rbac = rbac['rbac']
    if isinstance(rbac, (str, bytes)):
        try:
            return _rbac.parse_rbac(rbac)
        except RbacFormatError as exc:
            raise AnsibleFilterError('%s: %s' % (filter_name, exc)) from None
    if not isinstance(rbac, list) or not all(isinstance(entry, dict) for entry in rbac):
        raise AnsibleFilterError('%s expects the rbac list of a dashboard session (dashboard_session.rbac) or the session itself, '
                                 'got %s.' % (filter_name, _kind(rbac)))
    if rbac and 'privileges' not in rbac[0]:
        # the raw (decoded) form, with rolesR/rolesW/roles pairs
        try:
            return _rbac.parse_rbac(rbac)
        except RbacFormatError as exc:
            raise AnsibleFilterError('%s: %s' % (filter_name, exc)) from None
    return rbac


def rbac_can_write(rbac, domain=_rbac.ALL_DOMAINS):
    return _rbac.can_write(_entries(rbac, 'rbac_can_write'), domain)


def rbac_can_read(rbac, domain=_rbac.ALL_DOMAINS):
    return _rbac.can_read(_entries(rbac, 'rbac_can_read'), domain)


def rbac_privileges(rbac, domain=_rbac.ALL_DOMAINS):
    return _rbac.privileges_of(_entries(rbac, 'rbac_privileges'), domain)


def rbac_missing(rbac, write=None, read=None):
    for name, domains in (('write', write), ('read', read)):
        if domains is not None and (isinstance(domains, (str, bytes)) or not isinstance(domains, (list, tuple))):
            raise AnsibleFilterError('rbac_missing: %s must be a list of security domain names, got %s.' % (name, _kind(domains)))
    return _rbac.missing_privileges(_entries(rbac, 'rbac_missing'), write=write, read=read)


class FilterModule:

    def filters(self):
        return {
            'rbac_can_write': rbac_can_write,
            'rbac_can_read': rbac_can_read,
            'rbac_privileges': rbac_privileges,
            'rbac_missing': rbac_missing,
        }
