"""/api/v1/manage on a 4.2 emulator: fabrics and switches, one state with the legacy paths (nd-manage-facts 3, 4.3, 9)."""

import json

import pytest

from dashboard_emulator.pytest_plugin import RELEASE_42

MANAGE = "/api/v1/manage"
LEGACY = "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest"


def _get(session, emu, path):
    answer = session.get(emu.url(path), timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_fabric_created_through_manage_is_read_through_the_legacy_paths(emu_42):
    session = emu_42.login()
    body = {"name": "m1", "category": "fabric",
            "management": {"type": "vxlanIbgp", "bgpAsn": "65100", "fabricMtu": 9000, "replicationMode": "ingress",
                           "greenfieldDebugFlag": "enable"}}
    created = session.post(emu_42.url(MANAGE + "/fabrics"), json=body, timeout=10)
    assert created.status_code == 200, created.text
    assert created.json()["management"]["fabricMtu"] == 9000
    legacy = _get(session, emu_42, LEGACY + "/control/fabrics/m1")
    assert legacy["templateName"] == "Easy_Fabric"
    assert {key: legacy["nvPairs"][key] for key in ("BGP_AS", "FABRIC_MTU", "REPLICATION_MODE", "GRFIELD_DEBUG_FLAG")} == {
        "BGP_AS": "65100", "FABRIC_MTU": "9000", "REPLICATION_MODE": "Ingress", "GRFIELD_DEBUG_FLAG": "Enable"}
    assert emu_42.counters()["writes"] == 1


def test_a_fabric_created_through_the_legacy_paths_is_read_through_manage_typed(emu_42):
    session = emu_42.login()
    answer = session.post(emu_42.url(LEGACY + "/control/fabrics/l1/Easy_Fabric"), timeout=10,
                          json={"BGP_AS": "65200", "FABRIC_MTU": "9100", "REPLICATION_MODE": "Ingress", "LINK_STATE_ROUTING": "is-is"})
    assert answer.status_code == 200, answer.text
    fabrics = {fabric["name"]: fabric for fabric in _get(session, emu_42, MANAGE + "/fabrics")["fabrics"]}
    assert set(fabrics) == {"site-a", "site-dc1", "l1"}
    management = fabrics["l1"]["management"]
    assert (management["type"], management["bgpAsn"], management["fabricMtu"], management["replicationMode"],
            management["linkStateRoutingProtocol"]) == ("vxlanIbgp", "65200", 9100, "ingress", "isis")
    # the template's default underlay protocol, typed like the others (the fabrics module's underlay_routing)
    assert fabrics["site-a"]["management"]["linkStateRoutingProtocol"] == "ospf"
    assert "id" not in fabrics["l1"] and "fabricName" not in fabrics["l1"]
    assert _get(session, emu_42, MANAGE + "/fabrics/l1") == fabrics["l1"]


def test_put_changes_what_the_legacy_paths_read_and_a_string_for_an_integer_is_refused(emu_42):
    session = emu_42.login()
    changed = session.put(emu_42.url(MANAGE + "/fabrics/site-a"), json={"name": "site-a", "management": {"fabricMtu": 9100}},
                          timeout=10)
    assert changed.status_code == 200, changed.text
    assert _get(session, emu_42, LEGACY + "/control/fabrics/site-a")["nvPairs"]["FABRIC_MTU"] == "9100"
    routing = session.put(emu_42.url(MANAGE + "/fabrics/site-a"), timeout=10,
                          json={"name": "site-a", "management": {"linkStateRoutingProtocol": "isis"}})
    assert routing.status_code == 200 and routing.json()["management"]["linkStateRoutingProtocol"] == "isis", routing.text
    assert _get(session, emu_42, LEGACY + "/control/fabrics/site-a")["nvPairs"]["LINK_STATE_ROUTING"] == "is-is"
    unknown = session.put(emu_42.url(MANAGE + "/fabrics/site-a"), timeout=10,
                          json={"name": "site-a", "management": {"linkStateRoutingProtocol": "is-is"}})
    assert unknown.status_code == 400 and "linkStateRoutingProtocol" in unknown.json()["message"]
    refused = session.put(emu_42.url(MANAGE + "/fabrics/site-a"), json={"name": "site-a", "management": {"fabricMtu": "9216"}},
                          timeout=10)
    assert refused.status_code == 400
    assert refused.json()["code"] == 400 and "fabricMtu" in refused.json()["message"]
    kind = session.put(emu_42.url(MANAGE + "/fabrics/site-a"), json={"name": "site-a", "management": {"type": "externalConnectivity"}},
                       timeout=10)
    assert kind.status_code == 400
    assert _get(session, emu_42, LEGACY + "/control/fabrics/site-a")["nvPairs"]["FABRIC_MTU"] == "9100"


def test_a_fabric_as_cisco_nd_writes_it_is_taken_whole_and_what_it_set_reads_back_as_sent(emu_42):
    """cisco.nd 2.0's nd_manage_fabric_ibgp (benchmarks/peer_nd_manage.py) sends its whole typed model, some 250
    management settings and top-level fields this emulator does not keep, on create and again on every update, and
    reruns idempotently only if each setting the playbook gives reads back equal (nd-manage-facts 10.2). Values are
    ours; the field names are the ones it sends."""
    session = emu_42.login()
    given = {"bgpAsn": "65077", "siteId": "65077", "replicationMode": "ingress", "fabricMtu": 9100, "linkStateRoutingProtocol": "isis",
             "anycastGatewayMac": "2020.0000.00bb", "l2VniRange": "30000-49000", "l3VniRange": "50000-59000",
             "greenfieldDebugFlag": "enable"}
    body = {"name": "nd1", "category": "fabric", "alertSuspend": "disabled", "licenseTier": "premier", "securityDomain": "all",
            "telemetryCollection": False, "telemetryCollectionType": "outOfBand", "externalStreamingSettings": {"messageBus": []},
            "management": dict(given, type="vxlanIbgp", name="nd1", targetSubnetMask=30, bgpAuthentication=False, ospfAreaId="0.0.0.0",
                               vrfTemplate="Default_VRF_Universal", bootstrapSubnetCollection=[])}
    created = session.post(emu_42.url(MANAGE + "/fabrics"), json=body, timeout=10)
    assert created.status_code == 200, created.text
    read = _get(session, emu_42, MANAGE + "/fabrics/nd1")
    assert {field: read["management"].get(field) for field in given} == given
    # its update: the same whole model, one setting changed
    body["management"]["fabricMtu"] = 9000
    changed = session.put(emu_42.url(MANAGE + "/fabrics/nd1"), json=body, timeout=10)
    assert changed.status_code == 200, changed.text
    assert _get(session, emu_42, MANAGE + "/fabrics/nd1")["management"] == dict(read["management"], fabricMtu=9000)
    assert _get(session, emu_42, LEGACY + "/control/fabrics/nd1")["nvPairs"]["LINK_STATE_ROUTING"] == "is-is"


def test_delete_through_manage_removes_the_fabric_from_both_and_an_unknown_one_is_404(emu_42):
    session = emu_42.login()
    assert session.delete(emu_42.url(MANAGE + "/fabrics/site-dc1"), timeout=10).status_code == 204
    assert session.get(emu_42.url(LEGACY + "/control/fabrics/site-dc1"), timeout=10).status_code == 404
    missing = session.get(emu_42.url(MANAGE + "/fabrics/site-dc1"), timeout=10)
    assert missing.status_code == 404
    assert missing.json() == {"code": 404, "message": "Fabric site-dc1 not found"}
    # a fabric with switches stays, as on the legacy paths
    assert session.delete(emu_42.url(MANAGE + "/fabrics/site-a"), timeout=10).status_code == 400


def test_switches_are_the_legacy_inventory_in_the_manage_shape(emu_42):
    session = emu_42.login()
    inventory = _get(session, emu_42, LEGACY + "/control/fabrics/site-a/inventory/switchesByFabric")
    switches = _get(session, emu_42, MANAGE + "/fabrics/site-a/switches")["switches"]
    assert sorted((s["switchId"], s["serialNumber"], s["fabricManagementIp"], s["hostname"], s["switchRole"]) for s in switches) == sorted(
        (s["serialNumber"], s["serialNumber"], s["ipAddress"], s["logicalName"], s["switchRole"]) for s in inventory)
    assert {s["additionalData"]["configSyncStatus"] for s in switches} == {"inSync"}
    assert {s["additionalData"]["systemMode"] for s in switches} == {"normal"}


def test_writes_need_the_privilege_and_reads_show_only_readable_fabrics(emu_42):
    viewer = emu_42.login("viewer")
    refused = viewer.post(emu_42.url(MANAGE + "/fabrics"), json={"name": "v1", "management": {"type": "vxlanIbgp", "bgpAsn": "65300"}},
                          timeout=10)
    assert refused.status_code == 403 and refused.json()["code"] == 403
    netops = emu_42.login("netops")
    assert [fabric["name"] for fabric in _get(netops, emu_42, MANAGE + "/fabrics")["fabrics"]] == ["site-dc1"]
    assert emu_42.counters()["writes"] == 1


@pytest.mark.parametrize("emu_release,served", [(None, False), ("4.1.0", False), ((RELEASE_42, False), True)], indirect=["emu_release"])
def test_manage_is_served_from_4_2_on_also_without_the_legacy_paths(emu_release, served):
    answer = emu_release.login().get(emu_release.url(MANAGE + "/fabrics"), timeout=10)
    assert answer.status_code == (200 if served else 404)
    if served:
        assert [fabric["name"] for fabric in answer.json()["fabrics"]] == ["site-a", "site-dc1"]


def test_vrfs_and_networks_of_the_legacy_paths_are_listed_typed(emu_42):
    session = emu_42.login()
    vrfs = _get(session, emu_42, MANAGE + "/fabrics/site-a/vrfs")
    assert vrfs["meta"]["counts"] == {"total": 1, "remaining": 0}
    vrf = vrfs["vrfs"][0]
    assert (vrf["fabricName"], vrf["vrfName"], vrf["vrfId"], vrf["vlanId"], vrf["vrfStatus"]) == ("site-a", "vrf-1", 50001, 2001, "notApplicable")
    network = _get(session, emu_42, MANAGE + "/fabrics/site-a/networks")["networks"][0]
    assert (network["networkName"], network["networkId"], network["vlanId"], network["vrfName"]) == ("net-1", 30001, 2300, "vrf-1")
    assert network["l3Data"]["gatewayIpv4Address"] == "10.8.252.1/24"
    assert (network["l3Data"]["mtu"], network["l3Data"]["arpSuppression"], network["l2Data"]["fabricData"]["multicastGroup"]) == (
        9216, False, "239.1.1.0")
    assert _get(session, emu_42, MANAGE + "/fabrics/site-a/networks/net-1") == network


def test_vrfs_and_networks_created_through_manage_are_read_through_the_legacy_paths(emu_42):
    session = emu_42.login()
    vrf = {"vrfName": "blue", "vrfId": 50100, "vlanId": 2100,
           "coreData": {"vrfDescription": "blue tenant", "mtu": 9000, "routeTargetImport": ["65001:100", "65001:101"]},
           "fabricData": {"advertiseHostRoute": True}}
    answer = session.post(emu_42.url(MANAGE + "/fabrics/site-a/vrfs"), json={"vrfs": [vrf, {"vrfName": "vrf-1"}]}, timeout=10)
    assert answer.status_code == 207
    results = answer.json()["results"]
    assert [(result["vrfName"], result["status"]) for result in results] == [("blue", "success"), ("vrf-1", "failed")]
    assert "already exists" in results[1]["message"]
    legacy = {item["vrfName"]: item for item in _get(session, emu_42, LEGACY + "/top-down/fabrics/site-a/vrfs")}["blue"]
    config = json.loads(legacy["vrfTemplateConfig"])
    assert (legacy["vrfId"], config["vrfVlanId"], config["mtu"], config["routeTargetImport"], config["advertiseHostRouteFlag"]) == (
        50100, "2100", "9000", "65001:100,65001:101", "true")
    read_back = _get(session, emu_42, MANAGE + "/fabrics/site-a/vrfs/blue")
    assert read_back["coreData"] == vrf["coreData"] and read_back["vlanId"] == 2100

    network = {"networkName": "web", "networkId": 30100, "vlanId": 2400, "vrfName": "blue",
               "l3Data": {"gatewayIpv4Address": "192.0.2.1/24", "mtu": 9000, "arpSuppression": True}}
    created = session.post(emu_42.url(MANAGE + "/fabrics/site-a/networks"), json={"networks": [network]}, timeout=10)
    assert created.json()["results"] == [{"networkName": "web", "status": "success", "message": "", "networkId": 30100}]
    legacy = {item["networkName"]: item for item in _get(session, emu_42, LEGACY + "/top-down/fabrics/site-a/networks")}["web"]
    config = json.loads(legacy["networkTemplateConfig"])
    assert (legacy["vrf"], config["vlanId"], config["gatewayIpAddress"], config["suppressArp"]) == ("blue", "2400", "192.0.2.1/24", "true")
    assert emu_42.counters()["writes"] == 2


def test_a_wrongly_typed_value_is_refused_naming_it_and_delete_removes_from_both(emu_42):
    session = emu_42.login()
    whole = session.post(emu_42.url(MANAGE + "/fabrics/site-a/networks"),
                         json={"networks": [{"networkName": "bad", "vlanId": "2400"}]}, timeout=10)
    assert whole.status_code == 400 and "vlanId" in whole.json()["message"]
    nested = session.post(emu_42.url(MANAGE + "/fabrics/site-a/networks"),
                          json={"networks": [{"networkName": "bad", "l3Data": {"mtu": "9000"}}, {"networkName": "good"}]}, timeout=10)
    assert [(item["networkName"], item["status"]) for item in nested.json()["results"]] == [("bad", "failed"), ("good", "success")]
    assert nested.json()["results"][0]["message"] == "l3Data.mtu must be an integer"
    assert sorted(item["networkName"] for item in _get(session, emu_42, LEGACY + "/top-down/fabrics/site-a/networks")) == ["good", "net-1"]
    assert session.delete(emu_42.url(MANAGE + "/fabrics/site-a/networks/net-1"), timeout=10).status_code == 204
    assert [item["networkName"] for item in _get(session, emu_42, LEGACY + "/top-down/fabrics/site-a/networks")] == ["good"]
    missing = session.get(emu_42.url(MANAGE + "/fabrics/site-a/networks/net-1"), timeout=10)
    assert missing.status_code == 404 and missing.json()["code"] == 404


def test_put_of_a_vrf_and_a_network_changes_what_the_legacy_paths_read_and_keeps_the_rest(emu_42):
    session = emu_42.login()
    vrf = _get(session, emu_42, MANAGE + "/fabrics/site-a/vrfs/vrf-1")
    vrf["coreData"] = dict(vrf.get("coreData", {}), vrfDescription="changed", mtu=9100)
    answer = session.put(emu_42.url(MANAGE + "/fabrics/site-a/vrfs/vrf-1"), json=vrf, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.json()["coreData"]["mtu"] == 9100
    legacy = {item["vrfName"]: item for item in _get(session, emu_42, LEGACY + "/top-down/fabrics/site-a/vrfs")}["vrf-1"]
    config = json.loads(legacy["vrfTemplateConfig"])
    assert (config["vrfDescription"], config["mtu"], config["vrfVlanId"]) == ("changed", "9100", "2001")

    network = {"networkName": "net-1", "l3Data": {"gatewayIpv4Address": "10.9.9.1/24"}}
    answer = session.put(emu_42.url(MANAGE + "/fabrics/site-a/networks/net-1"), json=network, timeout=10)
    assert answer.status_code == 200, answer.text
    legacy = {item["networkName"]: item for item in _get(session, emu_42, LEGACY + "/top-down/fabrics/site-a/networks")}["net-1"]
    config = json.loads(legacy["networkTemplateConfig"])
    # the changed field, and a key the map does not name (nveId) kept
    assert (config["gatewayIpAddress"], config["vlanId"], config["nveId"]) == ("10.9.9.1/24", "2300", "1")
    other = session.put(emu_42.url(MANAGE + "/fabrics/site-a/networks/net-1"), json={"networkName": "net-2"}, timeout=10)
    assert other.status_code == 400
    assert emu_42.counters()["writes"] == 3


def test_change_roles_through_manage_shows_in_the_legacy_inventory(emu_42):
    session = emu_42.login()
    switches = _get(session, emu_42, MANAGE + "/fabrics/site-a/switches")["switches"]
    leaf = next(switch for switch in switches if switch["switchRole"] == "leaf")
    answer = session.post(emu_42.url(MANAGE + "/fabrics/site-a/switchActions/changeRoles"),
                          json={"switchRoles": [{"switchId": leaf["switchId"], "role": "borderGateway"}]}, timeout=10)
    assert answer.status_code == 200, answer.text
    inventory = _get(session, emu_42, LEGACY + "/control/fabrics/site-a/inventory/switchesByFabric")
    assert {item["serialNumber"]: item["switchRole"] for item in inventory}[leaf["switchId"]] == "border gateway"
    read_back = {item["switchId"]: item for item in _get(session, emu_42, MANAGE + "/fabrics/site-a/switches")["switches"]}
    assert read_back[leaf["switchId"]]["switchRole"] == "borderGateway"
    refused = session.post(emu_42.url(MANAGE + "/fabrics/site-dc1/switchActions/changeRoles"),
                           json={"switchRoles": [{"switchId": leaf["switchId"], "role": "spine"}]}, timeout=10)
    assert refused.status_code == 400 and "not in fabric site-dc1" in refused.json()["message"]
    inventory = _get(session, emu_42, LEGACY + "/control/fabrics/site-a/inventory/switchesByFabric")
    assert {item["serialNumber"]: item["switchRole"] for item in inventory}[leaf["switchId"]] == "border gateway"


def test_a_network_created_through_manage_says_through_the_legacy_paths_whether_it_is_layer_2_only(emu_42):
    """Issue 36 item 12: a 4.2 network read through the legacy paths lost isLayer2Only ("None" in gathered after a
    round trip that began with "false")."""
    session = emu_42.login()
    networks = [{"networkName": "routed", "networkId": 30110, "vlanId": 2410, "vrfName": "vrf-1"},
                {"networkName": "bridged", "networkId": 30111, "vlanId": 2411}]
    created = session.post(emu_42.url(MANAGE + "/fabrics/site-a/networks"), json={"networks": networks}, timeout=10)
    assert [result["status"] for result in created.json()["results"]] == ["success", "success"]
    legacy = {item["networkName"]: item for item in _get(session, emu_42, LEGACY + "/top-down/fabrics/site-a/networks")}
    layer2 = {name: json.loads(legacy[name]["networkTemplateConfig"])["isLayer2Only"] for name in ("routed", "bridged")}
    assert layer2 == {"routed": "false", "bridged": "true"}
    assert (legacy["routed"]["vrf"], legacy["bridged"]["vrf"]) == ("vrf-1", "NA")
