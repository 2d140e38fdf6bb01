"""vPC pairs: pair two leaves, read the pair as cisco.dcnm does, its peer-link, vPC interfaces on it, unpair."""

import pytest

from controller_paths import LAN
from leaves import in_sync, switches, two_leaves_in_sync

VPCPAIR = LAN + "/vpcpair"


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


@pytest.fixture(name="pair")
def leaves_to_pair(emu, admin):
    """Two new leaves, In-Sync, in no pair: (first, second) inventory entries."""
    return two_leaves_in_sync(emu, admin)


def _pair(emu, session, first, second, **fields):
    body = dict({"peerOneId": first["serialNumber"], "peerTwoId": second["serialNumber"], "useVirtualPeerlink": False}, **fields)
    return session.post(emu.url(VPCPAIR), json=body, timeout=10)


def _get(emu, session, path):
    answer = session.get(emu.url(LAN + path), timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _interface(emu, session, serial, name):
    return _get(emu, session, "/interface?serialNumber=%s&ifName=%s" % (serial, name))


def test_a_pair_reads_back_everywhere_cisco_dcnm_looks_and_waits_for_a_deploy(emu, admin, pair):
    first, second = pair
    serials = [first["serialNumber"], second["serialNumber"]]
    created = _pair(emu, admin, first, second)
    # one line of text, not JSON
    assert (created.status_code, created.text) == (200, "VPC pair successfully created")
    assert created.headers["Content-Type"].startswith("text/plain")
    # the pair, by either switch's switchDbID: the first switch first
    for switch in pair:
        assert _get(emu, admin, "/vpcpair/inventory?switchId=%d" % switch["switchDbID"]) == {
            "peerOneDbId": first["switchDbID"], "peerTwoDbId": second["switchDbID"], "peerOneSerialNumber": serials[0],
            "peerTwoSerialNumber": serials[1], "logicalInterfaces": {"vPC": 0}}
        assert _get(emu, admin, "/interface/vpcpair_serial_number?serial_number=" + switch["serialNumber"]) == {
            "vpc_pair_sn": "~".join(serials)}
    # the recommendation names the current peer only, with JSON booleans cisco.dcnm tests with "is True"
    [peer] = _get(emu, admin, "/vpcpair/recommendation?serialNumber=%s&useVirtualPeerlink=true" % serials[0])
    assert (peer["serialNumber"], peer["currentPeer"], peer["useVirtualPeerlink"]) == (serials[1], True, False)
    # made without a template: an empty policy
    assert _get(emu, admin, "/vpcpair/policy?serialNumber=" + serials[0]) == {}
    inventory = switches(emu, admin)
    assert {(inventory[switch["ipAddress"]]["isVpcConfigured"], inventory[switch["ipAddress"]]["peerSerialNumber"],
             inventory[switch["ipAddress"]]["vpcDomain"], inventory[switch["ipAddress"]]["ccStatus"]) for switch in pair} == {
        (True, serials[1], 1, "Out-of-Sync"), (True, serials[0], 1, "Out-of-Sync")}
    # the peer-link as the controller models it: the fabric's port-channel 500 on both switches
    for serial in serials:
        [entry] = _interface(emu, admin, serial, "port-channel500")
        assert entry["policy"] == "int_vpc_peer_link_po"
    in_sync(emu, admin, serials)


def test_a_pair_with_settings_keeps_them_and_builds_its_peer_link_from_them(emu, admin, pair):
    first, second = pair
    settings = {"DOMAIN_ID": "20", "PEER1_PCID": "10", "PEER2_PCID": "10", "PEER1_MEMBER_INTERFACES": "e1/53-54",
                "PEER2_MEMBER_INTERFACES": "e1/53,e1/54", "PEER1_KEEP_ALIVE_LOCAL_IP": "192.0.2.1",
                "PEER2_KEEP_ALIVE_LOCAL_IP": "192.0.2.2", "KEEP_ALIVE_VRF": "management", "PC_MODE": "active"}
    assert _pair(emu, admin, first, second, templateName="vpc_pair", nvPairs=settings).status_code == 200
    policy = _get(emu, admin, "/vpcpair/policy?serialNumber=" + second["serialNumber"])
    assert policy == {"template": "vpc_pair", "nv_pairs": settings}
    assert switches(emu, admin)[first["ipAddress"]]["vpcDomain"] == 20
    [channel] = _interface(emu, admin, first["serialNumber"], "port-channel10")
    assert channel["interfaces"][0]["nvPairs"]["MEMBER_INTERFACES"] == "Ethernet1/53,Ethernet1/54"
    [member] = _interface(emu, admin, second["serialNumber"], "Ethernet1/54")
    assert (member["policy"], member["interfaces"][0]["nvPairs"]["PO_ID"]) == ("int_vpc_peer_link_po_member_11_1", "port-channel10")
    # another port-channel number: the members move with it
    moved = admin.put(emu.url(VPCPAIR), json={"peerOneId": first["serialNumber"], "peerTwoId": second["serialNumber"],
                                              "useVirtualPeerlink": False, "nvPairs": {"PEER1_PCID": "11", "PEER2_PCID": "11"}},
                      timeout=10)
    assert moved.status_code == 200, moved.text
    assert _interface(emu, admin, first["serialNumber"], "port-channel10") == []
    [member] = _interface(emu, admin, first["serialNumber"], "Ethernet1/53")
    assert member["interfaces"][0]["nvPairs"]["PO_ID"] == "port-channel11"
    # a virtual peer-link: the port-channel goes, its members return to the default policy
    answer = admin.put(emu.url(VPCPAIR), json={"peerOneId": second["serialNumber"], "peerTwoId": first["serialNumber"],
                                               "useVirtualPeerlink": True}, timeout=10)
    assert (answer.status_code, answer.headers["Content-Type"].split(";")[0]) == (200, "text/plain")
    assert _interface(emu, admin, first["serialNumber"], "port-channel10") == []
    assert _interface(emu, admin, second["serialNumber"], "Ethernet1/54")[0]["policy"] == "int_trunk_host"
    [peer] = _get(emu, admin, "/vpcpair/recommendation?serialNumber=" + first["serialNumber"])
    assert peer["useVirtualPeerlink"] is True
    # the pair keeps its order whatever order the update named it in
    assert _get(emu, admin, "/vpcpair/inventory?switchId=%d" % second["switchDbID"])["peerOneSerialNumber"] == first["serialNumber"]


def test_a_vpc_interface_lives_on_both_switches_and_keeps_the_pair_until_it_is_gone(emu, admin, pair):
    first, second = pair
    serials = [first["serialNumber"], second["serialNumber"]]
    pair_serial = "~".join(serials)
    body = {"policy": "int_vpc_trunk_host", "interfaceType": "INTERFACE_VPC", "skipResourceCheck": "false", "interfaces": [
        {"serialNumber": pair_serial, "ifName": "vPC750", "interfaceType": "INTERFACE_VPC", "fabricName": "site-a",
         "nvPairs": {"PEER1_PCID": "750", "PEER2_PCID": "750", "PEER1_MEMBER_INTERFACES": "e1/20",
                     "PEER2_MEMBER_INTERFACES": "e1/20", "PC_MODE": "active"}}]}
    # before the pair: refused
    refused = admin.post(emu.url(LAN + "/globalInterface"), json=body, timeout=10)
    assert (refused.status_code, refused.text) == (500, "Switches %s are not a vPC pair" % pair_serial)
    assert _pair(emu, admin, first, second).status_code == 200
    assert admin.post(emu.url(LAN + "/globalInterface"), json=body, timeout=10).status_code == 200
    for serial in serials:
        [entry] = _interface(emu, admin, serial, "vpc750")
        assert (entry["policy"], entry["interfaces"][0]["serialNumber"], entry["interfaces"][0]["ifName"]) == (
            "int_vpc_trunk_host", pair_serial, "vPC750")
    assert _get(emu, admin, "/vpcpair/inventory?switchId=%d" % first["switchDbID"])["logicalInterfaces"] == {"vPC": 1}
    # a vPC interface needs the pair's serial number
    alone = dict(body, interfaces=[dict(body["interfaces"][0], serialNumber=serials[0])])
    assert admin.post(emu.url(LAN + "/globalInterface"), json=alone, timeout=10).status_code == 500
    unpair = admin.delete(emu.url(VPCPAIR + "?serialNumber=" + serials[1]), timeout=10)
    assert (unpair.status_code, unpair.text) == (500, "VPC pair %s has vPC interfaces; delete them before unpairing" % pair_serial)
    # the vPC goes from both switches with its deploy
    names = [{"serialNumber": pair_serial, "ifName": "vPC750"}]
    assert admin.delete(emu.url(LAN + "/interface/markdelete"), json=names, timeout=10).status_code == 200
    assert admin.post(emu.url(LAN + "/globalInterface/deploy"), json=names, timeout=10).status_code == 200
    in_sync(emu, admin, serials)
    assert [_interface(emu, admin, serial, "vPC750") for serial in serials] == [[], []]
    deleted = admin.delete(emu.url(VPCPAIR + "?serialNumber=" + serials[1]), timeout=10)
    assert (deleted.status_code, deleted.text) == (200, "VPC pair for %s successfully deleted" % serials[1])
    assert _interface(emu, admin, serials[0], "port-channel500") == []
    assert switches(emu, admin)[first["ipAddress"]]["isVpcConfigured"] is False


def test_a_switch_in_no_pair_reads_as_alone_and_is_offered_a_peer_of_its_role(emu, admin, pair):
    first, second = pair
    inventory = _get(emu, admin, "/vpcpair/inventory?switchId=%d" % first["switchDbID"])
    assert (inventory["peerOneSerialNumber"], inventory["peerTwoSerialNumber"]) == (first["serialNumber"], None)
    assert _get(emu, admin, "/vpcpair/policy?serialNumber=" + first["serialNumber"]) == {}
    offers = {entry["serialNumber"]: entry for entry in _get(
        emu, admin, "/vpcpair/recommendation?serialNumber=%s&useVirtualPeerlink=true" % first["serialNumber"])}
    spine = next(switch for switch in switches(emu, admin).values() if switch["switchRole"] == "spine")
    assert (offers[second["serialNumber"]]["recommended"], offers[second["serialNumber"]]["currentPeer"]) == (True, False)
    assert offers[second["serialNumber"]]["useVirtualPeerlink"] is True
    assert offers[spine["serialNumber"]]["recommended"] is False


@pytest.mark.parametrize("case, status, message", [
    ("paired already", 500, "Switch {first} is already part of a vPC pair"),
    ("with a spine", 500, "Switches {first} and {spine} have different roles (leaf, spine) and cannot be paired"),
    ("with itself", 400, "Invalid request is supplied. a switch cannot be paired with itself"),
    ("with no switch", 500, "Invalid switch serial number NOSUCHSERIAL"),
    ("an unknown template", 500, "Failed to get template. Template with name vpc_no_such not found"),
    ("a member that is no port", 500, "Invalid interface e1/99 for switch {first}"),
])
def test_a_pair_the_controller_cannot_make_is_refused(emu, admin, pair, case, status, message):
    first, second = pair
    spine = next(switch for switch in switches(emu, admin).values() if switch["switchRole"] == "spine")
    peer, fields = second, {}
    if case == "paired already":
        assert _pair(emu, admin, first, second).status_code == 200
    elif case == "with a spine":
        peer = spine
    elif case == "with itself":
        peer = first
    elif case == "with no switch":
        peer = {"serialNumber": "NOSUCHSERIAL"}
    elif case == "an unknown template":
        fields = {"templateName": "vpc_no_such"}
    else:
        fields = {"templateName": "vpc_pair", "nvPairs": {"PEER1_MEMBER_INTERFACES": "e1/99"}}
    writes = emu.counters()["writes"]
    answer = _pair(emu, admin, first, peer, **fields)
    assert (answer.status_code, answer.text) == (status, message.format(first=first["serialNumber"], spine=spine["serialNumber"]))
    assert emu.counters()["writes"] == writes + 1
    if case != "paired already":
        assert switches(emu, admin)[first["ipAddress"]]["isVpcConfigured"] is False


def test_unpairing_a_switch_in_no_pair_says_so_as_cisco_dcnm_expects(emu, admin, pair):
    first, second = pair
    answer = admin.delete(emu.url(VPCPAIR + "?serialNumber=" + first["serialNumber"]), timeout=10)
    # cisco.dcnm reads "not a part of any vpc pair" as "already unpaired"
    assert (answer.status_code, answer.text) == (500, "Switch %s is not a part of any vPC pair" % first["serialNumber"])
    update = admin.put(emu.url(VPCPAIR), json={"peerOneId": first["serialNumber"], "peerTwoId": second["serialNumber"]}, timeout=10)
    assert (update.status_code, update.text) == (500, "Switches %s and %s are not a vPC pair" % (
        first["serialNumber"], second["serialNumber"]))
    assert admin.get(emu.url(LAN + "/vpcpair/inventory?switchId=1"), timeout=10).status_code == 500


def test_pairing_needs_write_permission_on_the_fabric(emu, admin, pair):
    first, second = pair
    netops = emu.login("netops")  # security domain dc1 only; site-a is in all
    assert _pair(emu, netops, first, second).status_code == 403
    assert netops.get(emu.url(LAN + "/vpcpair/policy?serialNumber=" + first["serialNumber"]), timeout=10).status_code == 403
    assert switches(emu, admin)[first["ipAddress"]]["isVpcConfigured"] is False


def test_a_domain_given_to_an_existing_pair_becomes_its_domain(emu, admin, pair):
    first, second = pair
    assert _pair(emu, admin, first, second).status_code == 200
    changed = admin.put(emu.url(VPCPAIR), timeout=10, json={
        "peerOneId": second["serialNumber"], "peerTwoId": first["serialNumber"], "useVirtualPeerlink": False,
        "templateName": "vpc_pair", "nvPairs": {"DOMAIN_ID": "42"}})
    assert changed.status_code == 200, changed.text
    inventory = switches(emu, admin)
    assert {inventory[switch["ipAddress"]]["vpcDomain"] for switch in pair} == {42}
    assert _get(emu, admin, "/vpcpair/policy?serialNumber=" + first["serialNumber"]) == {
        "template": "vpc_pair", "nv_pairs": {"DOMAIN_ID": "42"}}
