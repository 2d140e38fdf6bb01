"""The VRF-Lite detail read, GET .../vrfs/switches?vrf-names=..&serial-numbers=.. (facts 8.3)."""

import pytest

from controller_paths import FABRICS, TOP_DOWN

DETAIL_FIELDS = {"serialNumber", "switchName", "role", "vlan", "vlanModifiable", "islanAttached", "lanAttachedState",
                 "peerSerialNumber", "instanceValues", "extensionValues", "freeformConfig", "errorMessage",
                 "extensionPrototypeValues"}


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


def _switches(emu, admin):
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    return {switch["switchRole"]: switch for switch in inventory}


def test_one_entry_per_vrf_with_one_detail_per_switch(emu, admin):
    switches = _switches(emu, admin)
    leaf, spine = switches["leaf"], switches["spine"]
    instance = '{"loopbackId":"","loopbackIpAddress":"","loopbackIpV6Address":""}'
    attach = [{"vrfName": "vrf-1", "lanAttachList": [{
        "fabric": "site-a", "vrfName": "vrf-1", "serialNumber": leaf["serialNumber"], "vlan": 0, "deployment": True,
        "isAttached": True, "instanceValues": instance, "extensionValues": "", "freeformConfig": ""}]}]
    assert set(admin.post(emu.url(TOP_DOWN + "/site-a/vrfs/attachments"), json=attach, timeout=10).json().values()) == {"SUCCESS"}

    answer = admin.get(emu.url(TOP_DOWN + "/site-a/vrfs/switches?vrf-names=vrf-1&serial-numbers=%s,%s"
                               % (leaf["serialNumber"], spine["serialNumber"])), timeout=10)
    assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("application/json")
    body = answer.json()
    assert isinstance(body, list) and len(body) == 1
    assert (body[0]["vrfName"], body[0]["templateName"]) == ("vrf-1", "Default_VRF_Universal")
    details = {detail["serialNumber"]: detail for detail in body[0]["switchDetailsList"]}
    assert list(details) == [leaf["serialNumber"], spine["serialNumber"]]
    assert all(set(detail) == DETAIL_FIELDS for detail in details.values())
    on_leaf, on_spine = details[leaf["serialNumber"]], details[spine["serialNumber"]]
    # the seeded vrf-1 has VLAN 2001; the attach asked for the VRF's own VLAN (0)
    assert (on_leaf["switchName"], on_leaf["role"], on_leaf["vlan"]) == (leaf["logicalName"], "leaf", "2001")
    assert (on_leaf["islanAttached"], on_leaf["lanAttachedState"], on_leaf["instanceValues"]) == (True, "PENDING", instance)
    assert (on_spine["islanAttached"], on_spine["lanAttachedState"], on_spine["instanceValues"]) == (False, "NA", "")
    # no inter-fabric links here: no VRF-Lite extension to offer
    assert on_leaf["extensionPrototypeValues"] == [] and on_leaf["extensionValues"] == ""


def test_unknown_names_are_left_out_and_the_path_is_no_vrf_name(emu, admin):
    leaf = _switches(emu, admin)["leaf"]
    answer = admin.get(emu.url(TOP_DOWN + "/site-a/vrfs/switches?vrf-names=nope,vrf-1&serial-numbers=%s,NOSUCHSERIAL"
                               % leaf["serialNumber"]), timeout=10).json()
    assert [entry["vrfName"] for entry in answer] == ["vrf-1"]
    assert [detail["serialNumber"] for detail in answer[0]["switchDetailsList"]] == [leaf["serialNumber"]]
    missing_fabric = admin.get(emu.url(TOP_DOWN + "/no-such/vrfs/switches?vrf-names=vrf-1&serial-numbers=X"), timeout=10)
    assert missing_fabric.status_code == 404 and missing_fabric.json()["path"] == "/rest/top-down/fabrics/no-such/vrfs/switches"
