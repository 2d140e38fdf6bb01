"""Changes of existing networks: one bulk update per task where the controller has it (NDFC 12.2 and
later), one PUT per network where it does not; which one, learned once per run by its first update."""

import json

from conftest import read_controller

BULK = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/v2/bulk-update/networks'
ONE = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/top-down/fabrics/site-a/networks/'


def changes_of(log):
    """The writes after the create: (method, path, status) of each."""
    writes = [(entry['method'], entry['path'], entry['status']) for entry in log]
    first_change = next(index for index, (method, _path, _status) in enumerate(writes) if method == 'PUT')
    return writes[first_change:]


def gateways(emu):
    return {item['networkName']: json.loads(item['networkTemplateConfig'])['gatewayIpAddress']
            for item in read_controller(emu, '/top-down/fabrics/site-a/networks') if item['networkName'] in ('u1', 'u2', 'u3')}


def run_updates(play, emu, tmp_path):
    result_file = tmp_path / 'result.json'
    env = {'DASHBOARD_HOST': emu.base_url, 'DASHBOARD_CA_PATH': emu.ca_path}
    played = play('network_updates.yml', env=env, extra_vars={'result_file': str(result_file)})
    assert played.rc == 0, played.output[-3000:]
    assert gateways(emu) == {'u1': '10.51.1.254/24', 'u2': '10.52.1.254/24', 'u3': '10.53.1.254/24'}
    return json.loads(result_file.read_text(encoding='utf-8'))


def test_changes_go_in_one_bulk_update_per_task(play, emu, tmp_path):
    results = run_updates(play, emu, tmp_path)
    assert changes_of(emu.request_log()) == [('PUT', BULK, 200), ('PUT', BULK, 200)]
    # what the run learns of the controller, once: its release too, though each task asks for it before its first request
    assert emu.counters()['requests']['GET /version.json'] == {'200': 1}
    assert results['two']['requests'] == ['PUT /top-down/v2/bulk-update/networks']
    assert results['one']['requests'] == ['PUT /top-down/v2/bulk-update/networks']


def test_without_the_bulk_update_the_run_learns_it_once_and_puts_each_network(play, emu_without_bulk_update, tmp_path):
    results = run_updates(play, emu_without_bulk_update, tmp_path)
    # the run's first update finds no bulk API (404, nothing written); its later tasks do not ask again
    assert changes_of(emu_without_bulk_update.request_log()) == [
        ('PUT', BULK, 404), ('PUT', ONE + 'u1', 200), ('PUT', ONE + 'u2', 200), ('PUT', ONE + 'u3', 200)]
    # the refused attempt wrote nothing, so the task's requests do not list it
    assert results['two']['requests'] == ['PUT /top-down/fabrics/site-a/networks/u1', 'PUT /top-down/fabrics/site-a/networks/u2']
    assert results['one']['requests'] == ['PUT /top-down/fabrics/site-a/networks/u3']
