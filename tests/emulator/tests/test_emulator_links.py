"""Links: intra- and inter-fabric links with their templates, read as cisco.dcnm's dcnm_links reads them."""

import pytest

from controller_paths import FABRICS, LAN
from leaves import in_sync, switches, two_leaves_in_sync

LINKS = LAN + "/control/links"


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


@pytest.fixture(name="ends")
def two_leaves(emu, admin):
    return two_leaves_in_sync(emu, admin)


def _intra(first, second, port="Ethernet1/49", **pairs):
    return {"sourceFabric": "site-a", "destinationFabric": "site-a", "sourceDevice": first["serialNumber"],
            "destinationDevice": second["serialNumber"], "sourceSwitchName": first["logicalName"],
            "destinationSwitchName": second["logicalName"], "sourceInterface": port, "destinationInterface": port,
            "templateName": "int_intra_fabric_num_link",
            "nvPairs": dict({"PEER1_IP": "192.168.50.1", "PEER2_IP": "192.168.50.2", "MTU": 9216, "ADMIN_STATE": True,
                             "PEER1_DESC": "", "PEER2_DESC": "", "PEER1_CONF": "", "PEER2_CONF": "", "ENABLE_MACSEC": False}, **pairs)}


def _between(emu, session, first, second, port="Ethernet1/49"):
    answer = session.get(emu.url(LINKS + "?switch1Sn=%s&switch2Sn=%s&switch1IfName=%s&switch2IfName=%s" % (
        first["serialNumber"], second["serialNumber"], port, port)), timeout=10)
    assert answer.status_code == 200
    return answer.json()


def _preview(emu, session, serials):
    answer = session.get(emu.url(FABRICS + "/site-a/config-preview/%s?forceShowRun=false&showBrief=true" % ",".join(serials)),
                         timeout=10)
    assert answer.status_code == 200, answer.text
    return {item["switchId"]: item["status"] for item in answer.json()}


def test_an_intra_fabric_link_reads_back_by_its_switches_and_by_its_fabric(emu, admin, ends):
    first, second = ends
    serials = [first["serialNumber"], second["serialNumber"]]
    created = admin.post(emu.url(LINKS), json=_intra(first, second), timeout=10)
    assert created.status_code == 200
    uuid = created.json()["linkUUID"]
    assert uuid.startswith("LINK-UUID-") and created.json()["status"] == "Success"
    # one link between the two: one object, not an array
    link = _between(emu, admin, first, second)
    assert (link["link-uuid"], link["templateName"], link["fabricName"]) == (uuid, "int_intra_fabric_num_link", "site-a")
    assert link["sw1-info"] == {"fabric-name": "site-a", "sw-serial-number": serials[0], "sw-sys-name": first["logicalName"],
                                "if-name": "Ethernet1/49"}
    assert link["sw2-info"]["sw-serial-number"] == serials[1]
    pairs = link["nvPairs"]
    # as text, with what the controller adds
    assert (pairs["MTU"], pairs["ADMIN_STATE"], pairs["ENABLE_MACSEC"], pairs["PEER1_IP"]) == ("9216", "true", "false", "192.168.50.1")
    assert (pairs["LINK_UUID"], pairs["PEER1_SN"], pairs["PEER2_INTF"], pairs["FABRIC1"]) == (uuid, serials[0], "Ethernet1/49", "site-a")
    # either direction, any letter case
    reverse = _between(emu, admin, second, first, port="ethernet1/49")
    assert reverse["link-uuid"] == uuid
    assert [item["link-uuid"] for item in admin.get(emu.url(LINKS + "/fabrics/site-a"), timeout=10).json()] == [uuid]
    assert _between(emu, admin, first, second, port="Ethernet1/48") == []
    # both ends wait for a deploy
    assert _preview(emu, admin, serials) == {serials[0]: "Out-of-Sync", serials[1]: "Out-of-Sync"}
    in_sync(emu, admin, serials)
    assert _preview(emu, admin, serials) == {serials[0]: "In-Sync", serials[1]: "In-Sync"}


def test_a_link_changes_one_by_one_or_in_bulk_and_an_unchanged_one_stays_in_sync(emu, admin, ends):
    first, second = ends
    serials = [first["serialNumber"], second["serialNumber"]]
    uuid = admin.post(emu.url(LINKS), json=_intra(first, second), timeout=10).json()["linkUUID"]
    in_sync(emu, admin, serials)
    same = admin.put(emu.url(LINKS + "/" + uuid), json=_intra(first, second), timeout=10)
    assert same.status_code == 200 and same.json() == {"linkUUID": uuid, "status": "Success"}
    assert set(_preview(emu, admin, serials).values()) == {"In-Sync"}
    changed = admin.put(emu.url(LINKS + "/" + uuid), json=_intra(first, second, MTU=1500), timeout=10)
    assert changed.status_code == 200
    assert _between(emu, admin, first, second)["nvPairs"]["MTU"] == "1500"
    assert set(_preview(emu, admin, serials).values()) == {"Out-of-Sync"}
    # the bulk update: each link by its uuid; one that cannot be changed fails alone (207)
    bulk = admin.put(emu.url(LINKS + "/modify"), json=[
        dict(_intra(first, second, MTU=9000), **{"link-uuid": uuid}),
        dict(_intra(first, second), **{"link-uuid": "LINK-UUID-1"})], timeout=10)
    assert bulk.status_code == 207
    assert bulk.json() == {"successList": [{"linkUUID": uuid, "status": "Success"}],
                           "failureList": [{"linkUUID": "LINK-UUID-1", "message": "Link LINK-UUID-1 not found", "status": "Failed"}]}
    assert _between(emu, admin, first, second)["nvPairs"]["MTU"] == "9000"
    # a link keeps its ends
    moved = admin.put(emu.url(LINKS + "/" + uuid), json=_intra(first, second, port="Ethernet1/50"), timeout=10)
    assert (moved.status_code, moved.text) == (500, "The ends of link %s cannot be changed" % uuid)


def test_an_inter_fabric_link_to_a_switch_the_controller_does_not_manage(emu, admin, ends):
    first, _second = ends
    body = {"sourceFabric": "site-a", "destinationFabric": "site-dc1", "sourceDevice": first["serialNumber"],
            "destinationDevice": "", "sourceSwitchName": first["logicalName"], "destinationSwitchName": "edge-router-1",
            "sourceInterface": "Ethernet1/50", "destinationInterface": "Ethernet1/1", "templateName": "ext_fabric_setup",
            "nvPairs": {"IP_MASK": "192.168.60.1/30", "NEIGHBOR_IP": "192.168.60.2", "asn": 65001, "NEIGHBOR_ASN": 65011,
                        "MTU": 9216, "AUTO_VRF_LITE_FLAG": False, "VRF_LITE_JYTHON_TEMPLATE": "Ext_VRF_Lite_Jython"}}
    assert admin.post(emu.url(LINKS), json=body, timeout=10).status_code == 200
    [link] = admin.get(emu.url(LINKS + "/fabrics/site-a"), timeout=10).json()
    # the far end is named "<switch name>-<fabric>"
    assert link["sw2-info"] == {"fabric-name": "site-dc1", "sw-serial-number": "edge-router-1-site-dc1",
                                "sw-sys-name": "edge-router-1", "if-name": "Ethernet1/1"}
    assert (link["nvPairs"]["DEST_FABRIC_NAME"], link["nvPairs"]["SOURCE_IF_NAME"], link["nvPairs"]["asn"]) == (
        "site-dc1", "Ethernet1/50", "65001")
    # listed in both fabrics
    assert [item["link-uuid"] for item in admin.get(emu.url(LINKS + "/fabrics/site-dc1"), timeout=10).json()] == [link["link-uuid"]]
    # an intra-fabric template between two fabrics is refused
    refused = admin.post(emu.url(LINKS), json=dict(body, sourceInterface="Ethernet1/51", templateName="int_intra_fabric_num_link"),
                         timeout=10)
    assert (refused.status_code, refused.text) == (
        500, "Failed to get template. Template with name int_intra_fabric_num_link not found for an inter-fabric link")


@pytest.mark.parametrize("change, message", [
    ({"templateName": "int_no_such_link"},
     "Failed to get template. Template with name int_no_such_link not found for an intra-fabric link"),
    ({"destinationInterface": "Ethernet1/77"}, "Invalid interface Ethernet1/77 for switch {second}"),
    ({"destinationDevice": "NOSUCHSERIAL"}, "Invalid switch NOSUCHSERIAL for fabric site-a"),
    ({"destinationFabric": "no-such-fabric"}, "Invalid fabric no-such-fabric"),
    ({"destinationInterface": "Ethernet1/52"}, "A link already exists on these interfaces: {uuid}"),
])
def test_a_link_the_controller_cannot_make_is_refused(emu, admin, ends, change, message):
    first, second = ends
    uuid = admin.post(emu.url(LINKS), json=_intra(first, second, port="Ethernet1/52"), timeout=10).json()["linkUUID"]
    body = dict(_intra(first, second), **change)
    if "Ethernet1/52" in change.values():
        body["sourceInterface"] = "Ethernet1/52"
    answer = admin.post(emu.url(LINKS), json=body, timeout=10)
    assert (answer.status_code, answer.text) == (500, message.format(second=second["serialNumber"], uuid=uuid))
    assert len(admin.get(emu.url(LINKS + "/fabrics/site-a"), timeout=10).json()) == 1


def test_a_deleted_link_is_gone_and_a_second_delete_is_refused(emu, admin, ends):
    first, second = ends
    uuid = admin.post(emu.url(LINKS), json=_intra(first, second), timeout=10).json()["linkUUID"]
    deleted = admin.delete(emu.url(LINKS + "/%s?isLogicalLink=false" % uuid), timeout=10)
    assert deleted.status_code == 200 and deleted.json() == {"linkUUID": uuid, "status": "Success"}
    assert _between(emu, admin, first, second) == []
    again = admin.delete(emu.url(LINKS + "/%s?isLogicalLink=false" % uuid), timeout=10)
    assert (again.status_code, again.text) == (500, "Link %s not found" % uuid)
    # a removed switch takes its links with it
    admin.post(emu.url(LINKS), json=_intra(first, second), timeout=10)
    assert admin.delete(emu.url(FABRICS + "/site-a/switches/" + second["serialNumber"]), timeout=10).status_code == 200
    assert admin.get(emu.url(LINKS + "/fabrics/site-a"), timeout=10).json() == []
    assert second["ipAddress"] not in switches(emu, admin)


def test_links_need_permission_on_their_fabrics(emu, admin, ends):
    first, second = ends
    netops = emu.login("netops")  # security domain dc1 only; site-a is in all
    assert netops.post(emu.url(LINKS), json=_intra(first, second), timeout=10).status_code == 403
    assert netops.get(emu.url(LINKS + "/fabrics/site-a"), timeout=10).status_code == 403
    admin.post(emu.url(LINKS), json=_intra(first, second), timeout=10)
    # a link the caller cannot read is left out of the switch-pair read
    assert netops.get(emu.url(LINKS + "?switch1Sn=" + first["serialNumber"]), timeout=10).json() == []
