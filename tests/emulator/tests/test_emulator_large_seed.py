"""The large seed (--seed large): 5 fabrics, 500 switches, 2,000 networks, answered correctly.

Its speed is measured by benchmarks/emulator_wrk.py, not asserted here: a timing bound would
not hold on a loaded shared machine.
"""

import json

import pytest

from dashboard_emulator.testing import EmulatorProcess

LAN = "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest"


@pytest.fixture(scope="module", name="large")
def large_emulator(tmp_path_factory):
    with EmulatorProcess(workdir=tmp_path_factory.mktemp("large-seed"), extra_args=["--seed", "large"]) as emulator:
        yield emulator


def test_large_seed_counts_and_shapes(large):
    admin = large.login("admin")
    fabrics = admin.get(large.url(LAN + "/control/fabrics"), timeout=30).json()
    assert len(fabrics) == 5
    switches = admin.get(large.url(LAN + "/inventory/allswitches"), timeout=30).json()
    assert len(switches) == 500 and len({switch["serialNumber"] for switch in switches}) == 500
    networks = admin.get(large.url(LAN + "/top-down/fabrics/site-a/networks"), timeout=30)
    assert networks.status_code == 200
    body = networks.json()
    assert len(body) == 2000 and len({network["networkName"] for network in body}) == 2000
    assert all(isinstance(json.loads(network["networkTemplateConfig"])["vlanId"], str) for network in body)
    attachments = admin.get(large.url(LAN + "/top-down/fabrics/site-a/networks/attachments?network-names=net-1,net-2000"),
                            timeout=30).json()
    assert [entry["networkName"] for entry in attachments] == ["net-1", "net-2000"]
    assert len(attachments[0]["lanAttachList"]) == 100


def test_reset_restores_the_large_seed(large):
    admin = large.login("admin")
    admin.delete(large.url(LAN + "/top-down/fabrics/site-a/bulk-delete/networks?network-names=net-1,net-2"), timeout=30)
    assert len(admin.get(large.url(LAN + "/top-down/fabrics/site-a/networks"), timeout=30).json()) == 1998
    large.reset()
    admin = large.login("admin")
    assert len(admin.get(large.url(LAN + "/top-down/fabrics/site-a/networks"), timeout=30).json()) == 2000
