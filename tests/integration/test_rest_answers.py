"""dashboard_rest on the fabric controller's real answers (issue 17, items 1 to 3 and 13), through ansible-playbook.

Partial failures (207, successList/failureList, per-item status maps) fail the task naming the
items; PUT, PATCH and DELETE read the object where it is read and know what "absent" looks like;
a PUT shows in the diff which fields it would remove.
"""

import pytest

# Credentials from the environment, as the README sets them: a failed task's output quotes the
# play's lines, and they must not hold the password.
CREDENTIALS = {'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': 'Admin-Passw0rd!'}
ADMIN_PASSWORD = 'Admin-Passw0rd!'
LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
NETWORKS = LAN_FABRIC + '/top-down/fabrics/site-a/networks'


@pytest.fixture
def rest(play):
    """rest(extra_vars=..., check=False, diff=False): rest_answers.yml with the task the test gives."""
    def run(extra_vars, check=False, diff=False):
        return play('rest_answers.yml', check=check, diff=diff, extra_vars=extra_vars, env=CREDENTIALS)
    return run


def network(name, network_id, vlan):
    return {'fabric': 'site-a', 'networkName': name, 'networkId': network_id, 'vrf': 'NA',
            'networkTemplateConfig': '{"networkName": "%s", "vlanId": %d, "isLayer2Only": true}' % (name, vlan)}


def serials(emu, fabric='site-a'):
    answer = emu.login().get(emu.url(LAN_FABRIC + '/control/fabrics/%s/inventory/switchesByFabric' % fabric))
    answer.raise_for_status()
    return sorted(switch['serialNumber'] for switch in answer.json())


def writes(emu, operation):
    return sum(emu.counters()['requests'].get(operation, {}).values())


# item 1: answers that report failed items

def test_bulk_create_answered_207_fails_naming_the_failed_item_and_what_succeeded(rest, emu):
    emu.set_faults(partial_failure_count=1)
    run = rest(extra_vars={
        'rest_method': 'POST', 'rest_path': LAN_FABRIC + '/top-down/bulk-create/networks',
        'rest_body': [network('web', 30100, 2100), network('db', 30101, 2101)]})
    assert run.rc == 2, run.output[-3000:]
    assert ('POST %s/top-down/bulk-create/networks answered HTTP 207 and reports 1 of 2 item(s) failed: db (Failed to create '
            'network db. Please try after some time). Succeeded: web.' % LAN_FABRIC) in run.output
    assert run.total('failed') == 1
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_attachments_answered_200_with_a_refused_switch_fail_naming_that_switch(rest, emu):
    good = serials(emu)[0]
    run = rest(extra_vars={
        'rest_method': 'POST', 'rest_path': NETWORKS + '/attachments',
        'rest_body': [{'networkName': 'net-1', 'lanAttachList': [
            {'fabric': 'site-a', 'networkName': 'net-1', 'serialNumber': good, 'vlan': 0, 'deployment': True},
            {'fabric': 'site-a', 'networkName': 'net-1', 'serialNumber': 'NOSUCHSERIAL', 'vlan': 0, 'deployment': True}]}]})
    assert run.rc == 2, run.output[-3000:]
    assert 'answered HTTP 200 and reports 1 of 2 item(s) failed: net-1-[NOSUCHSERIAL/] (Invalid switch serial number NOSUCHSERIAL)' in run.output
    assert 'Succeeded: net-1-[%s/' % good in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_bulk_delete_answered_500_names_the_item_that_failed_and_the_one_deleted(rest, emu):
    run = rest(extra_vars={
        'rest_method': 'DELETE', 'rest_path': LAN_FABRIC + '/top-down/fabrics/site-a/bulk-delete/networks',
        'rest_query': {'network-names': 'net-1,no-such-net'}})
    assert run.rc == 2, run.output[-3000:]
    assert 'reports 1 of 2 item(s) failed: no-such-net (Invalid network name). Succeeded: net-1.' in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)


# item 2: where the object is read, and what "absent" looks like

FABRIC_SETTINGS = {'rest_method': 'PUT', 'rest_path': LAN_FABRIC + '/control/fabrics/site-a/Easy_Fabric',
                   'rest_existing_path': LAN_FABRIC + '/control/fabrics/site-a', 'rest_existing_field': 'nvPairs'}
PUT_FABRIC = 'PUT %s/control/fabrics/{fabricName}/{templateName}' % LAN_FABRIC


def test_put_of_fabric_settings_compares_with_the_fabric_read_at_existing_path(rest, emu):
    same = rest(diff=True, extra_vars=dict(FABRIC_SETTINGS, rest_body={'BGP_AS': '65001'}))
    assert same.rc == 0, same.output[-3000:]
    assert 'already as requested, no PUT sent' in same.output
    assert writes(emu, PUT_FABRIC) == 0
    other = rest(diff=True, extra_vars=dict(FABRIC_SETTINGS, rest_body={'BGP_AS': '65009'}))
    assert other.rc == 0 and other.total('changed') == 1, other.output[-3000:]
    assert '-    "BGP_AS": "65001",' in other.output and '+    "BGP_AS": "65009",' in other.output
    again = rest(extra_vars=dict(FABRIC_SETTINGS, rest_body={'BGP_AS': '65009'}))
    assert again.rc == 0 and again.total('changed') == 0, again.output[-3000:]
    assert writes(emu, PUT_FABRIC) == 1


def test_put_where_no_read_is_possible_is_sent_and_says_it_was_not_compared(rest, emu):
    run = rest(extra_vars={'rest_method': 'PUT', 'rest_path': FABRIC_SETTINGS['rest_path'],
                           'rest_body': {'BGP_AS': '65001'}})
    assert run.rc == 0, run.output[-3000:]
    assert run.total('changed') == 1
    assert ('GET %s answered HTTP 405, so the object could not be read and compared: the PUT was sent as it is and is '
            'reported as a change. Set existing_path' % FABRIC_SETTINGS['rest_path']) in run.output
    assert '[WARNING]' in run.output
    assert writes(emu, PUT_FABRIC) == 1


def test_delete_of_a_missing_network_is_absent_by_its_400_message(rest, emu):
    absent = {'rest_method': 'DELETE', 'rest_path': NETWORKS + '/no-such-net'}
    undeclared = rest(extra_vars=absent)
    assert undeclared.rc == 2, undeclared.output[-3000:]
    assert 'answered HTTP 400 while GET %s/no-such-net: Invalid network name' % NETWORKS in undeclared.output
    assert 'If this answer means that the object does not exist, say so with absent_status (and absent_message)' in undeclared.output
    declared = rest(extra_vars=dict(absent, rest_absent_status=[400], rest_absent_message='invalid NETWORK name'))
    assert declared.rc == 0, declared.output[-3000:]
    assert 'already absent: GET %s/no-such-net answered HTTP 400 (Invalid network name), no DELETE sent' % NETWORKS in declared.output
    assert emu.counters()['writes'] == 0


def test_a_400_with_another_message_is_not_taken_for_absence(rest, emu):
    run = rest(extra_vars={'rest_method': 'DELETE', 'rest_path': NETWORKS + '/no-such-net',
                           'rest_absent_status': [400], 'rest_absent_message': 'does not exist'})
    assert run.rc == 2, run.output[-3000:]
    assert "answered HTTP 400 (Invalid network name), which is not the absent_message 'does not exist'" in run.output
    assert emu.counters()['writes'] == 0


def test_put_of_a_vrf_finds_it_by_key_in_the_vrf_list(rest, emu):
    vrf = {'rest_method': 'PUT', 'rest_path': LAN_FABRIC + '/top-down/fabrics/site-a/vrfs/vrf-1',
           'rest_existing_path': LAN_FABRIC + '/top-down/fabrics/site-a/vrfs', 'rest_key': 'vrfName',
           'rest_body': {'fabric': 'site-a', 'vrfName': 'vrf-1', 'vrfTemplateConfig': '{"vrfName": "vrf-1", "vrfVlanId": 2001}'}}
    same = rest(extra_vars=vrf)
    assert same.rc == 0, same.output[-3000:]
    assert 'already as requested, no PUT sent' in same.output
    assert emu.counters()['writes'] == 0


# item 3: a PUT replaces the object

def test_put_diff_shows_the_fields_the_put_would_remove(rest, emu):
    run = rest(check=True, diff=True, extra_vars={
        'rest_method': 'PUT', 'rest_path': NETWORKS + '/net-1',
        'rest_body': {'fabric': 'site-a', 'networkName': 'net-1',
                      'networkTemplateConfig': '{"networkName": "net-1", "vlanId": 2399}'}})
    assert run.rc == 0, run.output[-3000:]
    assert '-    "networkId": 30001,' in run.output
    assert '-    "displayName": "net-1",' in run.output
    assert 'a PUT replaces the object, so the fields the body does not name would be removed: displayName, id, ' in run.output
    assert emu.counters()['writes'] == 0


# item 13: an empty path

@pytest.mark.parametrize('path', ['', '   '])
def test_an_empty_path_fails_before_anything_is_sent(rest, emu, path):
    run = rest(extra_vars={'rest_path': path})
    assert run.rc == 2, run.output[-3000:]
    assert 'path is empty; give the path of the endpoint' in run.output
    assert '<html' not in run.output.lower()
    assert 'GET /' not in emu.counters()['requests']


def test_a_body_that_is_a_number_is_named_in_the_users_words(rest, emu):
    run = rest({'rest_method': 'POST', 'rest_path': NETWORKS, 'rest_body': 5})
    assert run.rc == 2, run.output[-3000:]
    assert 'body must be a dictionary or list, or a JSON or YAML document; got a number (5).' in run.output
    assert 'Tagged' not in run.output
    assert emu.counters()['writes'] == 0
