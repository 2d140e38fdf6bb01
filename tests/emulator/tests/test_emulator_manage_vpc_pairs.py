"""/api/v1/manage vPC pairs of a 4.2 emulator (nd-manage-facts 8): paired and unpaired with a PUT, read on both APIs."""

import pytest

from controller_paths import LAN
from leaves import two_leaves_in_sync

MANAGE = "/api/v1/manage/fabrics/site-a"


@pytest.fixture(name="admin")
def admin_session(emu_42):
    return emu_42.login()


def _put(emu, session, serial, body, status=204):
    answer = session.put(emu.url(MANAGE + "/switches/%s/vpcPair" % serial), json=body, timeout=10)
    assert answer.status_code == status, answer.text
    return answer


def _get(emu, session, path, status=200):
    answer = session.get(emu.url(MANAGE + path), timeout=10)
    assert answer.status_code == status, answer.text
    return answer.json()


def test_a_pair_made_on_42_is_the_legacy_pair_and_is_unpaired_there(emu_42, admin):
    first, second = (leaf["serialNumber"] for leaf in two_leaves_in_sync(emu_42, admin))
    assert _get(emu_42, admin, "/switches/%s/vpcPairSupport?componentType=checkPairing" % first)["isPairingAllowed"] is True
    [candidate] = [item for item in _get(emu_42, admin, "/switches/%s/vpcPairRecommendation" % first) if item["serialNumber"] == second]
    assert (candidate["currentPeer"], candidate["recommended"]) == (False, True)
    details = {"type": "default", "domainId": 7, "switchKeepAliveLocalIp": "192.0.2.1", "peerSwitchKeepAliveLocalIp": "192.0.2.2",
               "keepAliveVrf": "management", "switchPoId": 500, "peerSwitchPoId": 500, "switchMemberInterfaces": ["Ethernet1/53"],
               "peerSwitchMemberInterfaces": ["Ethernet1/53"], "isVpcPlus": False, "enableMirrorConfig": False}
    _put(emu_42, admin, first, {"vpcAction": "pair", "switchId": first, "peerSwitchId": second, "useVirtualPeerLink": False,
                                "vpcPairDetails": details})
    # the legacy reads see the pair, its template settings and its peer-link
    inventory = admin.get(emu_42.url(LAN + "/vpcpair/policy?serialNumber=" + first), timeout=10).json()
    assert inventory["template"] == "vpc_pair"
    assert (inventory["nv_pairs"]["DOMAIN_ID"], inventory["nv_pairs"]["PEER1_MEMBER_INTERFACES"]) == ("7", "Ethernet1/53")
    assert admin.get(emu_42.url(LAN + "/interface/vpcpair_serial_number?serial_number=" + second), timeout=10).json() == {
        "vpc_pair_sn": "%s~%s" % (first, second)}
    # both switches read the pair, in its own order, with every setting the PUT gave
    for serial in (first, second):
        pair = _get(emu_42, admin, "/switches/%s/vpcPair" % serial)
        assert (pair["switchId"], pair["peerSwitchId"], pair["useVirtualPeerLink"]) == (first, second, False)
        assert pair["vpcPairDetails"] == details
    listed = _get(emu_42, admin, "/vpcPairs")["vpcPairs"]
    assert [(item["switchId"], item["peerSwitchId"]) for item in listed] == [(first, second)]
    overview = _get(emu_42, admin, "/switches/%s/vpcPairOverview?componentType=full" % second)
    assert overview["inventory"]["syncStatus"]["outOfSync"] == 2
    assert overview["overlay"]["networkCount"] == {"inSync": 0, "pending": 0, "outOfSync": 0, "inProgress": 0}
    assert _get(emu_42, admin, "/switches/%s/vpcPairConsistency" % first)["type2Consistency"] is True
    switch = {item["switchId"]: item for item in _get(emu_42, admin, "/switches")["switches"]}[first]
    assert switch["vpcConfigured"] is True and switch["vpcData"] == {"peerSwitchId": second, "vpcDomain": 7}
    # a second pair of a paired switch is the legacy refusal
    refused = _put(emu_42, admin, first, {"vpcAction": "pair", "switchId": first, "peerSwitchId": "NOSUCH"}, 404)
    assert refused.json()["code"] == 404
    # a change of the pair's settings through the pair action, then the unpair on the peer's path
    _put(emu_42, admin, first, {"vpcAction": "pair", "switchId": first, "peerSwitchId": second, "useVirtualPeerLink": True})
    assert _get(emu_42, admin, "/switches/%s/vpcPair" % second)["useVirtualPeerLink"] is True
    _put(emu_42, admin, second, {"vpcAction": "unPair", "switchId": first, "peerSwitchId": second})
    missing = _get(emu_42, admin, "/switches/%s/vpcPair" % first, status=404)
    assert "not a part of vPC pair" in missing["message"]
    # the overview's 400 with that text is how cisco.nd tells a switch in no pair
    assert "not a part of vPC pair" in _get(emu_42, admin, "/switches/%s/vpcPairOverview" % first, status=400)["message"]
    assert admin.get(emu_42.url(LAN + "/vpcpair/policy?serialNumber=" + first), timeout=10).json() == {}
    again = _put(emu_42, admin, first, {"vpcAction": "unPair"}, 400)
    assert "not a part of any vPC pair" in again.json()["message"]


def test_a_pair_made_on_the_legacy_api_is_read_on_42(emu_42, admin):
    first, second = (leaf["serialNumber"] for leaf in two_leaves_in_sync(emu_42, admin))
    made = admin.post(emu_42.url(LAN + "/vpcpair"), json={"peerOneId": first, "peerTwoId": second, "useVirtualPeerlink": True}, timeout=10)
    assert made.status_code == 200, made.text
    pair = _get(emu_42, admin, "/switches/%s/vpcPair" % second)
    assert pair == {"switchId": first, "peerSwitchId": second, "useVirtualPeerLink": True}
    assert _get(emu_42, admin, "/switches/%s/vpcPairSupport?componentType=checkPairing" % first)["isPairingAllowed"] is False
    [current] = _get(emu_42, admin, "/switches/%s/vpcPairRecommendation" % first)
    assert (current["serialNumber"], current["currentPeer"]) == (second, True)
    # the document's enumeration refuses another action
    assert "vpcAction" in _put(emu_42, admin, first, {"vpcAction": "dance"}, 400).json()["message"]
