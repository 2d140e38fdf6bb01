"""The rbac field of the login answer, parsed; malformed input gives a clear error."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import RbacFormatError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.rbac import can_read, can_write, parse_rbac, privileges_of
from ansible_collections.fabricops.dashboard.plugins.filter.rbac import rbac_can_write, rbac_privileges

PLATFORM_EXAMPLE = ('[{"domain":"all","rolesR":16777216,"rolesW":1,"roles":[["admin","WritePriv"],["app-user","ReadPriv"]]},'
                    '{"domain":"dc2","rolesR":1,"rolesW":0,"roles":[["app-user","ReadPriv"]]}]')


def test_platform_example_is_parsed_per_domain():
    rbac = parse_rbac(PLATFORM_EXAMPLE)
    assert rbac[0] == {'domain': 'all', 'read_mask': 16777216, 'write_mask': 1,
                       'roles': [{'role': 'admin', 'privilege': 'WritePriv'}, {'role': 'app-user', 'privilege': 'ReadPriv'}],
                       'privileges': ['ReadPriv', 'WritePriv'], 'can_read': True, 'can_write': True}
    assert rbac[1]['can_write'] is False


def test_domain_all_grants_everywhere():
    read_only = parse_rbac('[{"domain":"dc2","rolesR":1,"rolesW":0,"roles":[["app-user","ReadPriv"]]}]')
    assert can_read(read_only, 'dc2') and not can_write(read_only, 'dc2')
    assert not can_read(read_only, 'dc1')
    admin = parse_rbac(PLATFORM_EXAMPLE)
    assert can_write(admin, 'dc1')
    assert privileges_of(admin, 'dc2') == ['ReadPriv', 'WritePriv']


def test_filters_take_the_session_or_the_raw_string():
    session = {'rbac': parse_rbac(PLATFORM_EXAMPLE)}
    assert rbac_can_write(session, 'dc9') is True
    assert rbac_privileges(PLATFORM_EXAMPLE, 'dc2') == ['ReadPriv', 'WritePriv']


@pytest.mark.parametrize('raw, words', [
    ('[{"domain": "all"', 'not valid JSON'),
    ('{"domain": "all"}', 'of type dict'),
    ('[{"rolesR": 1}]', 'without a domain name'),
    ('[{"domain": "all", "roles": [["admin"]]}]', 'not a [role, privilege] pair'),
    ('[{"domain": "all", "rolesR": "16"}]', 'non-integer rolesR'),
])
def test_malformed_rbac_is_a_clear_error(raw, words):
    with pytest.raises(RbacFormatError) as failure:
        parse_rbac(raw)
    assert words in str(failure.value)
    assert 'JSON array of objects with the keys domain, rolesR, rolesW and roles' in str(failure.value)
