"""What Cisco's Network-as-Code roles (netascode/ansible-dc-vxlan 0.8.0) send beyond cisco.dcnm's modules, on a lab's
switches: the requests NaC's example needs (benchmarks/nac_vs_ours.py runs NaC itself; these tests do not need it)."""

import json
import pathlib
import re
import time

import pytest
import yaml

from controller_paths import FABRICS, LAN

LAB = yaml.safe_load((pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "nac" / "nac-example-lab.yaml")
                     .read_text(encoding="utf-8"))
LEAF = LAB["switches"][2]
POLICIES = LAN + "/control/policies"


def hostname_policy(serial, name):
    """The body NaC's update_switch_hostname_policy sends for a switch with no host_11_1 policy."""
    return {"nvPairs": {"SWITCH_NAME": name}, "entityName": "SWITCH", "entityType": "SWITCH", "source": "",
            "priority": "100", "description": "", "templateName": "host_11_1", "serialNumber": serial}


@pytest.fixture(name="admin")
def nac_admin(emu):
    """An admin session; fabric nac-fabric1 holds the NaC example's leaf1, discovered from the lab."""
    answer = emu.session().post(emu.url("/_emulator/lab"), json=LAB, timeout=10)
    assert answer.status_code == 200, answer.text
    emu.set_timing(discover_seconds=0.1, deploy_seconds=0.1, reload_seconds=0.1)
    session = emu.login("admin")
    made = session.post(emu.url(LAN + "/control/fabrics/nac-fabric1/Easy_Fabric"), json={"BGP_AS": "65001"}, timeout=10)
    assert made.status_code == 200, made.text
    found = session.post(emu.url(FABRICS + "/nac-fabric1/inventory/discover"), timeout=10, json={
        "seedIP": LEAF["address"], "role": "leaf", "preserveConfig": False, "switches": [{"ipaddr": LEAF["address"]}]})
    assert found.status_code == 200, found.text
    return session


def test_nac_creates_a_missing_hostname_policy_with_one_post_and_finds_it_by_template(emu, admin):
    """NaC's create role failed at its step 5 ("Manage resources failed: 'message'") when the emulator answered this
    POST 404: NaC then read DATA.message of an answer that had none."""
    answer = admin.post(emu.url(POLICIES), json=hostname_policy(LEAF["serial"], LEAF["hostname"]), timeout=10)
    assert answer.status_code == 200, answer.text
    made = answer.json()
    assert (made["templateName"], made["serialNumber"], made["nvPairs"]["SWITCH_NAME"]) == (
        "host_11_1", LEAF["serial"], LEAF["hostname"])
    listed = admin.get(emu.url(POLICIES + "/nac-fabric1/policy"), params={"templateName": "host_11_1"}, timeout=10)
    assert [(policy["policyId"], policy["serialNumber"]) for policy in listed.json()] == [(made["policyId"], LEAF["serial"])]


def test_a_hostname_policy_for_a_switch_that_is_not_there_is_a_json_400_with_the_message_nac_reads(emu, admin):
    answer = admin.post(emu.url(POLICIES), json=hostname_policy("NOSUCHSERIAL1", "ghost"), timeout=10)
    assert answer.status_code == 400, answer.text
    assert "NOSUCHSERIAL1" in answer.json()["message"]
    listed = admin.get(emu.url(POLICIES + "/nac-fabric1/policy"), params={"templateName": "host_11_1"}, timeout=10)
    assert listed.json() == []


def test_a_discovered_switch_shows_an_uptime_once_manageable_so_nacs_deploy_picks_it_when_out_of_sync(emu, admin):
    """NaC's deploy role deploys the switches whose ccStatus is NA, Pending or Out-of-Sync and whose upTimeStr is not
    empty; without upTimeStr it deployed none of the example's six (get_deployable_switches: changed=0/6)."""
    deadline = time.monotonic() + 20
    while True:
        switch = admin.get(emu.url(FABRICS + "/nac-fabric1/inventory/switchesByFabric"), timeout=10).json()[0]
        if switch["managable"] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert switch["managable"] is True, switch
    assert switch["ccStatus"] in ("NA", "Pending", "Out-of-Sync") and switch["upTimeStr"], switch
    assert re.fullmatch(r"(\d+ days, )?\d\d:\d\d:\d\d", switch["upTimeStr"]), switch["upTimeStr"]


def test_an_update_of_a_deployed_network_puts_its_switches_out_of_sync_until_a_deploy(emu):
    """NaC's deploy role and ours deploy the switches whose ccStatus is not In-Sync: after one network's VLAN changed,
    neither deployed it while the emulator left the switch In-Sync with the network's attachment PENDING."""
    admin = emu.login("admin")
    emu.set_timing(deploy_seconds=0)
    inventory = emu.url(LAN + "/control/fabrics/site-a/inventory/switchesByFabric")
    leaf = next(switch for switch in admin.get(inventory, timeout=10).json() if switch["switchRole"] == "leaf")
    networks = LAN + "/top-down/fabrics/site-a/networks"
    attach = [{"networkName": "net-1", "lanAttachList": [{"fabric": "site-a", "networkName": "net-1", "serialNumber": leaf["serialNumber"],
                                                          "switchPorts": "", "vlan": 0, "deployment": True}]}]
    assert admin.post(emu.url(networks + "/attachments"), json=attach, timeout=10).status_code == 200
    assert admin.post(emu.url(LAN + "/control/fabrics/site-a/config-deploy"), timeout=10).status_code == 200

    def leaf_status():
        return next(switch["ccStatus"] for switch in admin.get(inventory, timeout=10).json()
                    if switch["serialNumber"] == leaf["serialNumber"])

    assert leaf_status() == "In-Sync"
    network = admin.get(emu.url(networks + "/net-1"), timeout=10).json()
    config = dict(json.loads(network["networkTemplateConfig"]), vlanId=2312)
    changed = dict(network, networkTemplateConfig=json.dumps(config))
    assert admin.put(emu.url(networks + "/net-1"), json=changed, timeout=10).status_code == 200
    assert admin.get(emu.url(networks + "/net-1"), timeout=10).json()["networkStatus"] == "PENDING"
    assert leaf_status() == "Out-of-Sync"
    assert admin.post(emu.url(LAN + "/control/fabrics/site-a/config-deploy"), timeout=10).status_code == 200
    assert leaf_status() == "In-Sync"
    assert admin.get(emu.url(networks + "/net-1"), timeout=10).json()["networkStatus"] == "DEPLOYED"
