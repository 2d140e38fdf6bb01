"""Idempotent requests (the logic under dashboard_rest), against the emulator."""

import json

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.rest import RestCall

LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
FABRICS = LAN_FABRIC + '/control/fabrics'
NEW_FABRIC = {'FABRIC_NAME': 'site-b', 'BGP_AS': '65002'}
NETWORKS = LAN_FABRIC + '/top-down/fabrics/site-a/networks'


def test_post_with_key_in_another_list_creates_once(make_session, emu):
    # the create goes to .../site-b/Easy_Fabric, the list is .../fabrics and holds the name under nvPairs
    session = make_session()
    create = dict(path=FABRICS + '/site-b/Easy_Fabric', body=NEW_FABRIC, key='nvPairs.FABRIC_NAME', existing_path=FABRICS)
    first = RestCall(session, 'POST', **create).run()
    second = RestCall(session, 'POST', **create).run()
    assert first['changed'] and first['status'] == 200 and first['json']['nvPairs']['FABRIC_NAME'] == 'site-b'
    assert not second['changed'] and "key nvPairs.FABRIC_NAME='site-b'" in second['msg']
    assert emu.counters()['requests']['POST %s/{fabricName}/{templateName}' % FABRICS] == {'200': 1}


def test_post_with_existing_path_of_the_object(make_session, emu):
    session = make_session()
    create = dict(path=FABRICS + '/site-b/Easy_Fabric', body=NEW_FABRIC, existing_path=FABRICS + '/site-b')
    assert RestCall(session, 'POST', **create).run()['changed']
    assert not RestCall(session, 'POST', **create).run()['changed']
    assert emu.counters()['writes'] == 1


@pytest.mark.parametrize('collection, described', [
    (FABRICS + '/site-a', 'a JSON object with the fields asn, createdOn, deviceType'),
    (FABRICS + '/site-a/Easy_Fabric', 'HTTP 405: it cannot be read'),
])
def test_key_on_a_path_that_is_not_a_list_fails_before_any_write(make_session, emu, collection, described):
    session = make_session()
    with pytest.raises(ConfigurationError) as failure:
        RestCall(session, 'POST', FABRICS + '/site-b/Easy_Fabric', body=NEW_FABRIC, key='nvPairs.FABRIC_NAME',
                 existing_path=collection).run()
    message = str(failure.value)
    assert 'GET %s answered %s' % (collection, described) in message
    assert 'Nothing was sent. Set existing_path' in message
    assert emu.counters()['writes'] == 0


def test_template_config_compared_by_meaning(make_session, emu):
    # the seed network's config, as the server keeps it (strings inside), given with native types
    session = make_session()
    config = {'networkName': 'net-1', 'vlanId': 2300, 'segmentId': 30001, 'isLayer2Only': False, 'mtu': 9216}
    same = {'networkTemplateConfig': json.dumps(config)}
    unchanged = RestCall(session, 'PUT', NETWORKS + '/net-1', body=same).run()
    assert not unchanged['changed'] and emu.counters()['writes'] == 0
    other_vlan = {'networkTemplateConfig': {'networkName': 'net-1', 'vlanId': 2399}}
    changed = RestCall(session, 'PUT', NETWORKS + '/net-1', body=other_vlan).run()
    assert changed['changed'] and emu.counters()['writes'] == 1
    stored = json.loads(session.request('GET', NETWORKS + '/net-1').json['networkTemplateConfig'])
    # a PUT replaces the whole template config, as on the controller
    assert stored == {'networkName': 'net-1', 'vlanId': '2399'}
    again = RestCall(session, 'PUT', NETWORKS + '/net-1', body=other_vlan).run()
    assert not again['changed'] and emu.counters()['writes'] == 1


def test_check_mode_sends_no_write_and_predicts(make_session, emu):
    session = make_session()
    put = RestCall(session, 'PUT', NETWORKS + '/net-1', body='displayName: web', check_mode=True).run()
    delete = RestCall(session, 'DELETE', FABRICS + '/site-dc1', check_mode=True).run()
    assert put['changed'] and put['diff']['after']['displayName'] == 'web'
    assert put['diff']['before']['displayName'] == 'net-1'
    assert delete['changed'] and delete['diff']['after'] == {}
    assert emu.counters()['writes'] == 0


def test_post_existing_path_and_delete_absent(make_session, emu):
    session = make_session()
    exists = RestCall(session, 'POST', FABRICS + '/site-a/Easy_Fabric', body=NEW_FABRIC, existing_path=FABRICS + '/site-a').run()
    assert not exists['changed']
    absent = RestCall(session, 'DELETE', FABRICS + '/nowhere').run()
    assert not absent['changed'] and absent['msg'].startswith('already absent')
    assert emu.counters()['writes'] == 0
