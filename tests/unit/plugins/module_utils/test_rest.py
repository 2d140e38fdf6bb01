"""Idempotent requests (the logic under dashboard_rest), against the emulator."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.module_utils._rest import RestCall, contains, merged, parse_body

FABRICS = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics'
NEW_FABRIC = {'name': 'site-b', 'type': 'VXLAN_EVPN', 'asn': '65002'}


def test_post_with_key_creates_once(make_session, emu):
    session = make_session()
    first = RestCall(session, 'POST', FABRICS, body=NEW_FABRIC, key='name').run()
    second = RestCall(session, 'POST', FABRICS, body=NEW_FABRIC, key='name').run()
    assert first['changed'] and first['status'] == 201 and first['json']['id']
    assert not second['changed'] and 'already present' in second['msg']
    assert emu.counters()['requests']['POST %s' % FABRICS] == {'201': 1}


def test_check_mode_sends_no_write_and_predicts(make_session, emu):
    session = make_session()
    patch = RestCall(session, 'PATCH', FABRICS + '/site-a', body='description: new', check_mode=True).run()
    delete = RestCall(session, 'DELETE', FABRICS + '/site-a', check_mode=True).run()
    assert patch['changed'] and patch['diff']['after']['description'] == 'new'
    assert patch['diff']['before']['description'] != 'new'
    assert delete['changed'] and delete['diff']['after'] == {}
    assert emu.counters()['writes'] == 0


def test_put_of_the_same_values_is_not_sent(make_session, emu):
    session = make_session()
    current = session.request('GET', FABRICS + '/site-a').json
    result = RestCall(session, 'PUT', FABRICS + '/site-a', body={k: current[k] for k in ('name', 'type', 'asn')}).run()
    assert not result['changed']
    assert emu.counters()['writes'] == 0


def test_post_existing_path_and_delete_absent(make_session, emu):
    session = make_session()
    exists = RestCall(session, 'POST', FABRICS, body=NEW_FABRIC, existing_path=FABRICS + '/site-a').run()
    assert not exists['changed']
    absent = RestCall(session, 'DELETE', FABRICS + '/nowhere').run()
    assert not absent['changed'] and absent['msg'].startswith('already absent')
    assert emu.counters()['writes'] == 0


def test_body_forms():
    assert parse_body('{"a": 1}') == {'a': 1}
    assert parse_body('a: 1\nb: [x]') == {'a': 1, 'b': ['x']}
    with pytest.raises(ConfigurationError, match='plain string'):
        parse_body('just words')


def test_compare_and_merge():
    assert contains({'a': 1, 'b': {'c': 2, 'd': 3}}, {'b': {'c': 2}})
    assert not contains({'a': [1, 2]}, {'a': [1]})
    assert merged({'a': 1, 'b': {'c': 2}}, {'b': {'d': 3}}) == {'a': 1, 'b': {'c': 2, 'd': 3}}
