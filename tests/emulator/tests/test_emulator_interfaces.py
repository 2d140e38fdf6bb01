"""A switch's ports: the interface detail read, and network attachments that name ports."""

import pytest

from controller_paths import FABRICS, LAN, TOP_DOWN

PORTS = ["Ethernet1/%d" % number for number in range(1, 55)]


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


def _leaf(emu, session):
    inventory = session.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    return next(switch for switch in inventory if switch["switchRole"] == "leaf")


def test_every_seeded_switch_lists_the_ports_of_its_model(emu, admin):
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    assert {switch["model"] for switch in inventory} == {"N9K-C93180YC-EX"}
    for switch in inventory:
        answer = admin.get(emu.url(LAN + "/interface/detail?serialNumber=" + switch["serialNumber"]), timeout=10)
        assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("application/json")
        interfaces = answer.json()
        assert [interface["ifName"] for interface in interfaces] == PORTS
        first = interfaces[0]
        assert (first["serialNo"], first["sysName"], first["ipAddress"], first["fabricName"]) == (
            switch["serialNumber"], switch["logicalName"], switch["ipAddress"], "site-a")
        assert (first["ifType"], first["isPhysical"], first["complianceStatus"]) == ("INTERFACE_ETHERNET", "True", "In-Sync")
    # a serial number of no switch has no interfaces
    assert admin.get(emu.url(LAN + "/interface/detail?serialNumber=NOSUCHSERIAL"), timeout=10).json() == []


def test_a_switch_of_a_fabric_the_caller_cannot_read_is_refused(emu):
    netops = emu.login("netops")  # security domain dc1 only; site-a is in all
    leaf = _leaf(emu, emu.login("admin"))
    assert netops.get(emu.url(LAN + "/interface/detail?serialNumber=" + leaf["serialNumber"]), timeout=10).status_code == 403


@pytest.mark.parametrize("ports, missing", [
    ("Ethernet9/999", "Ethernet9/999"),
    ("not a port", "not a port"),
    ("Ethernet1/13,Ethernet1/55", "Ethernet1/55"),
])
def test_an_attachment_naming_a_port_the_switch_lacks_is_refused(emu, admin, ports, missing):
    leaf = _leaf(emu, admin)
    item = {"fabric": "site-a", "networkName": "net-1", "serialNumber": leaf["serialNumber"], "switchPorts": ports,
            "detachSwitchPorts": "", "vlan": 2300, "dot1QVlan": 0, "untagged": False, "deployment": True,
            "isAttached": True, "extensionValues": "", "instanceValues": "", "freeformConfig": ""}
    answer = admin.post(emu.url(TOP_DOWN + "/site-a/networks/attachments"),
                        json=[{"networkName": "net-1", "lanAttachList": [item]}], timeout=10)
    # facts 9: 200 with the failure in the item's value, which cisco.dcnm fails the task on
    assert answer.status_code == 200
    assert answer.json() == {"net-1-[%s/%s]" % (leaf["serialNumber"], leaf["logicalName"]): "Invalid interfaces " + missing}
    entries = admin.get(emu.url(TOP_DOWN + "/site-a/networks/attachments?network-names=net-1"), timeout=10).json()
    mine = next(a for a in entries[0]["lanAttachList"] if a["switchSerialNo"] == leaf["serialNumber"])
    assert (mine["isLanAttached"], mine["lanAttachState"], mine["portNames"]) == (False, "NA", "")
    # the switch's own ports are accepted, in any letter case
    accepted = admin.post(emu.url(TOP_DOWN + "/site-a/networks/attachments"), json=[{"networkName": "net-1", "lanAttachList": [
        dict(item, switchPorts="Ethernet1/1,ethernet1/54")]}], timeout=10)
    assert set(accepted.json().values()) == {"SUCCESS"}
