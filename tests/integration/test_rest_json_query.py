"""dashboard_rest's json_query (issue 26): only what the JMESPath expression selects leaves the task, through ansible-playbook."""

import json

import pytest

from conftest import JWT, read_controller

CREDENTIALS = {'DASHBOARD_USERNAME': 'admin', 'DASHBOARD_PASSWORD': 'Admin-Passw0rd!'}
ADMIN_PASSWORD = 'Admin-Passw0rd!'
LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'


@pytest.fixture
def query(play, tmp_path):
    """query(path, expression, method='GET', verbosity=0) -> (PlayRun, the registered result, None if the task failed)."""
    def run(path, expression, method='GET', verbosity=0):
        result_file = tmp_path / 'result.json'
        if result_file.exists():
            result_file.unlink()
        play_run = play('rest_json_query.yml', verbosity=verbosity, env=CREDENTIALS, extra_vars={
            'rest_path': path, 'rest_json_query': expression, 'rest_method': method, 'result_file': str(result_file)})
        return play_run, json.loads(result_file.read_text(encoding='utf-8')) if result_file.exists() else None
    return run


def test_a_query_returns_only_the_names_of_the_fabric_list(query, emu):
    run, result = query(LAN_FABRIC + '/control/fabrics', '[].fabricName')
    assert run.rc == 0, run.output[-3000:]
    assert result['json'] == [fabric['fabricName'] for fabric in read_controller(emu, '/control/fabrics')]
    assert 'site-a' in result['json']
    assert result['status'] == 200 and result['changed'] is False
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_query_shapes_the_network_list_into_small_objects(query, emu):
    run, result = query(LAN_FABRIC + '/top-down/fabrics/site-a/networks', '[].{name: networkName, id: networkId}')
    assert run.rc == 0, run.output[-3000:]
    networks = read_controller(emu, '/top-down/fabrics/site-a/networks')
    assert result['json'] == [{'name': network['networkName'], 'id': network['networkId']} for network in networks]
    assert result['json'], 'the small seed has a network in site-a'


def test_a_query_that_selects_nothing_returns_null(query):
    run, result = query(LAN_FABRIC + '/control/fabrics', "[?fabricName=='no-such-fabric'] | [0]")
    assert run.rc == 0, run.output[-3000:]
    assert 'json' in result and result['json'] is None


def test_an_expression_that_does_not_parse_fails_before_anything_is_sent(query, emu):
    before = emu.counters()['requests']
    run, result = query(LAN_FABRIC + '/control/fabrics', '[?fabricName==')
    assert run.rc == 2 and result is None, run.output[-3000:]
    assert "json_query '[?fabricName==' is not a valid JMESPath expression: " in run.output
    assert 'Incomplete expression' in run.output and 'Nothing was sent.' in run.output
    fabric_reads = [key for key in emu.counters()['requests'] if key.startswith('GET') and 'control/fabrics' in key]
    assert all(emu.counters()['requests'][key] == before.get(key) for key in fabric_reads), 'no fabric list was read'
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_an_expression_that_cannot_be_applied_fails_naming_the_answer(query):
    run, _result = query(LAN_FABRIC + '/control/fabrics', 'length(`5`)')
    assert run.rc == 2, run.output[-3000:]
    assert "json_query 'length(`5`)' could not be applied to the answer of GET %s/control/fabrics: " % LAN_FABRIC in run.output


def test_no_token_in_the_output_at_vvvv_with_a_query(query):
    # The answer of a refresh holds a new token: selected, its display is hidden; the registered result keeps it.
    run, result = query('/refresh', 'jwttoken', method='POST', verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    assert JWT.fullmatch(result['json']), 'the registered result holds the token the query selected'
    assert 'holds a session token, so its display is hidden' in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)
    # A selection without the token is shown, with no secret in it either.
    run, result = query('/api/v1/infra/whoami', 'username', verbosity=4)
    assert run.rc == 0, run.output[-3000:]
    assert result['json'] == 'admin'
    assert 'display is hidden' not in run.output and '"json": "admin"' in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)
