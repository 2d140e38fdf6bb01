"""An attachment whose VLAN another network or VRF already holds on the switch is refused (facts 8.3, 9)."""

import json

import pytest

from controller_paths import FABRICS, LAN, TOP_DOWN


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


@pytest.fixture(name="leaf")
def seeded_leaf(emu, admin):
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    return next(switch for switch in inventory if switch["switchRole"] == "leaf")


def _network(admin, emu, name, vlan, network_id):
    body = {"fabric": "site-a", "networkName": name, "networkId": network_id, "vrf": "vrf-1",
            "networkTemplateConfig": json.dumps({"networkName": name, "vlanId": vlan})}
    assert admin.post(emu.url(TOP_DOWN + "/site-a/networks"), json=body, timeout=10).status_code == 200


def _attach(admin, emu, kind, name, serial, vlan):
    item = {"fabric": "site-a", kind + "Name": name, "serialNumber": serial, "vlan": vlan, "deployment": True,
            "isAttached": True, "instanceValues": "", "extensionValues": "", "freeformConfig": ""}
    if kind == "network":
        item.update(switchPorts="Ethernet1/13", detachSwitchPorts="", dot1QVlan=0, untagged=False)
    answer = admin.post(emu.url(TOP_DOWN + "/site-a/%ss/attachments" % kind),
                        json=[{kind + "Name": name, "lanAttachList": [item]}], timeout=10)
    assert answer.status_code == 200
    (value,) = answer.json().values()
    return value


def test_the_vlan_a_network_took_as_its_own_counts(emu, admin, leaf):
    # vlan 0 asks for the network's own VLAN (net-1: 2300); another network cannot take 2300 there then
    assert _attach(admin, emu, "network", "net-1", leaf["serialNumber"], 0) == "SUCCESS"
    _network(admin, emu, "web", 2300, 30150)
    assert _attach(admin, emu, "network", "web", leaf["serialNumber"], 2300) == "Entered Network VLAN ID 2300 is in use already"
    # nor by asking for its own VLAN, when that is the one taken
    assert _attach(admin, emu, "network", "web", leaf["serialNumber"], 0) == "Entered Network VLAN ID 2300 is in use already"
    # with another VLAN it is free
    assert _attach(admin, emu, "network", "web", leaf["serialNumber"], 2301) == "SUCCESS"


def test_a_network_cannot_take_the_vlan_of_a_vrf_on_the_switch_nor_the_other_way(emu, admin, leaf):
    assert _attach(admin, emu, "vrf", "vrf-1", leaf["serialNumber"], 0) == "SUCCESS"  # vrf-1 holds 2001 there
    _network(admin, emu, "web", 2001, 30150)
    assert _attach(admin, emu, "network", "web", leaf["serialNumber"], 0) == "Entered Network VLAN ID 2001 is in use already"
    assert _attach(admin, emu, "network", "net-1", leaf["serialNumber"], 0) == "SUCCESS"  # net-1 holds 2300
    created = admin.post(emu.url(LAN + "/top-down/bulk-create/vrfs"), json=[{
        "fabric": "site-a", "vrfName": "blue", "vrfId": 50150, "vrfTemplateConfig": json.dumps({"vrfVlanId": 2300})}],
        timeout=10)
    assert created.status_code == 200
    assert _attach(admin, emu, "vrf", "blue", leaf["serialNumber"], 0) == "Entered VRF VLAN ID 2300 is in use already"
    # re-attaching the same network with its VLAN is no conflict with itself
    assert _attach(admin, emu, "network", "net-1", leaf["serialNumber"], 2300) == "SUCCESS"
