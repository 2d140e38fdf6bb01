"""/api/v1/manage links of a 4.2 emulator (nd-manage-facts 8): made, changed and removed in bulk, one state with the
legacy links."""

import pytest

from controller_paths import LAN

LINKS = "/api/v1/manage/links"


@pytest.fixture(name="admin")
def admin_session(emu_42):
    return emu_42.login()


def _ends(emu, session):
    switches = session.get(emu.url("/api/v1/manage/fabrics/site-a/switches"), timeout=10).json()["switches"]
    return sorted(switches, key=lambda switch: switch["switchRole"])  # leaf, spine


def _link(leaf, spine, port="Ethernet1/50", **inputs):
    return {"srcFabricName": "site-a", "dstFabricName": "site-a", "srcSwitchName": leaf["hostname"],
            "dstSwitchName": spine["hostname"], "srcInterfaceName": port, "dstInterfaceName": port,
            "configData": {"policyType": "numbered", "templateInputs": dict(
                {"srcIp": "192.168.60.1", "dstIp": "192.168.60.2", "mtu": 9216, "interfaceAdminState": True, "macsec": False}, **inputs)}}


def test_a_link_made_on_42_is_a_legacy_link_and_is_changed_and_removed_there(emu_42, admin):
    leaf, spine = _ends(emu_42, admin)
    answer = admin.post(emu_42.url(LINKS), json={"links": [_link(leaf, spine), _link(leaf, spine, port="Ethernet1/99")]}, timeout=10)
    assert answer.status_code == 207, answer.text
    made, refused = answer.json()["links"]
    assert made["status"] == "success" and made["linkId"].startswith("LINK-UUID-")
    assert (refused["status"], refused["linkId"]) == ("failure", None) and "Ethernet1/99" in refused["message"]
    legacy = admin.get(emu_42.url(LAN + "/control/links/fabrics/site-a"), timeout=10).json()
    assert [(item["link-uuid"], item["templateName"]) for item in legacy] == [(made["linkId"], "int_intra_fabric_num_link")]
    assert (legacy[0]["nvPairs"]["PEER1_IP"], legacy[0]["nvPairs"]["MTU"]) == ("192.168.60.1", "9216")
    [link] = admin.get(emu_42.url(LINKS), params={"fabricName": "site-a"}, timeout=10).json()["links"]
    assert (link["linkId"], link["srcSwitchId"], link["dstSwitchId"], link["srcSwitchIp"]) == (
        made["linkId"], leaf["switchId"], spine["switchId"], leaf["fabricManagementIp"])
    assert link["configData"] == {"policyType": "numbered", "templateName": "int_intra_fabric_num_link", "templateInputs": {
        "srcIp": "192.168.60.1", "dstIp": "192.168.60.2", "mtu": 9216, "interfaceAdminState": True, "macsec": False}}
    assert admin.get(emu_42.url(LINKS), params={"fabricName": "site-a", "switchId": "NOSUCH"}, timeout=10).json()["links"] == []
    changed = admin.put(emu_42.url(LINKS + "/" + made["linkId"]), json=_link(leaf, spine, mtu=1500), timeout=10)
    assert changed.status_code == 200 and changed.json()["configData"]["templateInputs"]["mtu"] == 1500
    assert admin.get(emu_42.url(LAN + "/control/links/fabrics/site-a"), timeout=10).json()[0]["nvPairs"]["MTU"] == "1500"
    moved = admin.put(emu_42.url(LINKS + "/" + made["linkId"]), json=_link(leaf, spine, port="Ethernet1/51"), timeout=10)
    assert moved.status_code == 400 and "cannot be changed" in moved.json()["message"]
    removed = admin.post(emu_42.url("/api/v1/manage/linkActions/remove"), json={"links": [made["linkId"], "LINK-UUID-0"]}, timeout=10)
    assert removed.status_code == 207
    assert [item["status"] for item in removed.json()["links"]] == ["success", "failure"]
    assert admin.get(emu_42.url(LAN + "/control/links/fabrics/site-a"), timeout=10).json() == []


def test_a_legacy_link_is_listed_on_42(emu_42, admin):
    leaf, spine = _ends(emu_42, admin)
    body = {"sourceFabric": "site-a", "destinationFabric": "site-a", "sourceDevice": leaf["switchId"],
            "destinationDevice": spine["switchId"], "sourceInterface": "Ethernet1/52", "destinationInterface": "Ethernet1/52",
            "templateName": "int_intra_fabric_unnum_link", "nvPairs": {"MTU": "9216", "PEER1_DESC": "to the spine"}}
    uuid = admin.post(emu_42.url(LAN + "/control/links"), json=body, timeout=10).json()["linkUUID"]
    [link] = admin.get(emu_42.url(LINKS), params={"fabricName": "site-a", "switchId": spine["switchId"]}, timeout=10).json()["links"]
    assert (link["linkId"], link["srcInterfaceName"], link["linkType"]) == (uuid, "Ethernet1/52", "intraFabric")
    assert link["configData"]["policyType"] == "unnumbered"
    assert link["configData"]["templateInputs"] == {"mtu": 9216, "srcInterfaceDescription": "to the spine"}
