"""The switches inventory on configurations users get wrong (issue 17, item 16), run with ansible-inventory and
ansible-playbook as users run them.

Ansible reports an inventory source that failed as a warning and goes on without its hosts; the
message must say what to change, and with any_unparsed_is_failed the run stops on it.
"""

import json
import pathlib
import subprocess
import sys

import pytest

from conftest import PlayRun

ANSIBLE_BIN = pathlib.Path(sys.executable).parent
ADMIN_PASSWORD = 'Admin-Passw0rd!'
SITE_A_HOSTS = ['site-a-leaf-2', 'site-a-spine-1']


@pytest.fixture
def inventory(dashboard_env, tmp_path):
    """inventory(text, name='dashboard.switches.yml', strict=False, command='list') -> (PlayRun, hosts or None)."""
    env = dict(dashboard_env, DASHBOARD_USERNAME='admin', DASHBOARD_PASSWORD=ADMIN_PASSWORD)
    del env['ANSIBLE_INVENTORY_UNPARSED_WARNING']

    def run(text, name='dashboard.switches.yml', strict=False):
        path = tmp_path / name
        path.write_text(text, encoding='utf-8')
        completed = subprocess.run([str(ANSIBLE_BIN / 'ansible-inventory'), '-i', str(path), '--list'],
                                   env=dict(env, ANSIBLE_INVENTORY_ANY_UNPARSED_IS_FAILED=str(strict).lower()),
                                   capture_output=True, text=True, timeout=300, check=False, cwd=str(tmp_path))
        listed = PlayRun(completed)
        hosts = sorted(json.loads(completed.stdout)['_meta']['hostvars']) if completed.returncode == 0 else None
        return listed, hosts
    return run


def test_an_unknown_option_fails_naming_it_and_the_option_meant(inventory, emu):
    listed, hosts = inventory('plugin: fabricops.dashboard.switches\nfabric: [site-a]\n')
    assert hosts == []
    assert 'has option(s) this plugin does not know: fabric (did you mean fabrics?)' in listed.output
    strict = inventory('plugin: fabricops.dashboard.switches\nfabric: [site-a]\n', strict=True)[0]
    assert strict.rc != 0 and 'did you mean fabrics?' in strict.output
    assert emu.counters()['logins'] == 0, 'nothing is read with a configuration the plugin does not understand'
    listed.assert_no_secrets(ADMIN_PASSWORD)


def test_an_unknown_fabric_fails_naming_it_and_the_fabrics_there_are(inventory, emu):
    listed, hosts = inventory('plugin: fabricops.dashboard.switches\nfabrics: [site-a, site-b]\n')
    assert hosts == []
    assert 'dashboard.switches.yml names site-b (did you mean site-a?), which the controller does not have or this account ' \
        'may not read. Its fabrics: site-a, site-dc1.' in listed.output
    strict = inventory('plugin: fabricops.dashboard.switches\nfabrics: [site-b]\n', strict=True)[0]
    assert strict.rc != 0 and 'names site-b (did you mean site-a?)' in strict.output


def test_a_fabric_without_switches_is_known_and_adds_no_host(inventory, emu):
    listed, hosts = inventory('plugin: fabricops.dashboard.switches\nfabrics: [site-dc1]\n')
    assert listed.rc == 0 and hosts == [] and '[WARNING]' not in listed.output, listed.output[-2000:]


@pytest.mark.parametrize('fabrics, expected', [('"site-a"', SITE_A_HOSTS), ('"site-a,site-dc1"', SITE_A_HOSTS), ('"site-a,lab-9"', [])])
def test_fabrics_as_a_comma_separated_string(inventory, emu, fabrics, expected):
    listed, hosts = inventory('plugin: fabricops.dashboard.switches\nfabrics: %s\n' % fabrics)
    assert hosts == expected, listed.output[-2000:]
    if not expected:
        assert 'names lab-9, which the controller does not have' in listed.output


def test_a_configuration_file_of_another_name_is_read(inventory, emu):
    listed, hosts = inventory('plugin: fabricops.dashboard.switches\nfabrics: [site-a]\n', name='dashboard.yml')
    assert listed.rc == 0 and hosts == SITE_A_HOSTS, listed.output[-2000:]
    assert 'could not be verified' not in listed.output


def test_a_yaml_inventory_of_another_plugin_is_left_alone(inventory, emu):
    listed, hosts = inventory('all:\n  hosts:\n    switch-1:\n      ansible_host: 10.0.0.1\n', name='hosts.yml')
    assert listed.rc == 0 and hosts == ['switch-1'], listed.output[-2000:]
    assert emu.counters()['logins'] == 0
