"""The fabric controller at its real NDFC paths: shapes, errors, state over time, RBAC."""

import json
import time

import pytest

from controller_paths import API, FABRICS, LAN, TOP_DOWN


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


@pytest.fixture(name="fast")
def fast_timing(emu):
    """Switches manageable (after a reload, for greenfield adds) and deploys done in a fraction of a second."""
    answer = emu.session().post(emu.url("/_emulator/timing"), json={"discover_seconds": 0.3, "deploy_seconds": 0.3,
                                                                    "reload_seconds": 0.3}, timeout=10)
    assert answer.status_code == 200
    return 0.3


def url(emu, path):
    return emu.url(path)


def assert_text(answer, status, text):
    assert answer.status_code == status
    assert answer.headers["Content-Type"].startswith("text/plain")
    assert answer.text == text


def assert_spring_404(answer, service_path):
    assert answer.status_code == 404 and answer.reason == "Not Found"
    body = answer.json()
    assert set(body) == {"timestamp", "status", "error", "path"}
    assert body["status"] == 404 and body["error"] == "Not Found" and body["path"] == service_path
    assert body["timestamp"] > 1600000000000


def test_version_probes(emu, admin):
    for path in (API + "/about/version", API + "/v1/fm/about/version"):
        answer = admin.get(emu.url(path), timeout=10)
        assert answer.status_code == 200 and answer.json()["version"] == "12.2.2.238"
    # the DCNM 11 probe must not answer 200 on NDFC: clients try it first
    assert admin.get(emu.url("/fm/fmrest/about/version"), timeout=10).status_code == 404
    features = admin.get(emu.url(API + "/v1/fm/features"), timeout=10).json()["data"]["features"]
    assert features["vxlan"]["oper_state"] == "started"


def test_seed_fabric_shape(emu, admin):
    fabrics = admin.get(emu.url(FABRICS), timeout=10).json()
    assert [fabric["nvPairs"]["FABRIC_NAME"] for fabric in fabrics] == ["site-a", "site-dc1"]
    site_a = fabrics[0]
    assert site_a["fabricName"] == "site-a" and site_a["fabricType"] == "Switch_Fabric"
    assert site_a["templateName"] == "Easy_Fabric" and site_a["asn"] == "65001"
    assert isinstance(site_a["id"], int) and site_a["fabricId"] == "FABRIC-%d" % site_a["id"]
    assert all(isinstance(value, str) for value in site_a["nvPairs"].values())
    assert site_a["createdOn"] > 1600000000000
    associations = admin.get(emu.url(FABRICS + "/msd/fabric-associations"), timeout=10).json()
    assert {"fabricName": "site-a", "fabricState": "standalone", "fabricParent": "None"}.items() <= associations[0].items()


def test_create_read_update_delete_fabric(emu, admin):
    created = admin.post(emu.url(FABRICS + "/site-b/Easy_Fabric"), json={"BGP_AS": 65002, "REPLICATION_MODE": "Ingress"}, timeout=10)
    assert created.status_code == 200 and created.reason == "OK"
    body = created.json()
    # numbers sent are stored as strings; defaults filled in; no timestamps in the create answer
    assert body["nvPairs"]["BGP_AS"] == "65002" and body["nvPairs"]["FABRIC_MTU"] == "9216"
    assert body["replicationMode"] == "IngressReplication" and "createdOn" not in body
    read = admin.get(emu.url(FABRICS + "/site-b"), timeout=10).json()
    assert read["nvPairs"] == body["nvPairs"]
    updated = admin.put(emu.url(FABRICS + "/site-b/Easy_Fabric"), json={"FABRIC_MTU": 9000, "DEPLOY": True}, timeout=10)
    assert updated.status_code == 200 and updated.json()["nvPairs"]["FABRIC_MTU"] == "9000"
    assert_text(admin.delete(emu.url(FABRICS + "/site-b"), timeout=10), 200, "Fabric 'site-b' is deleted successfully!")
    assert_spring_404(admin.get(emu.url(FABRICS + "/site-b"), timeout=10), "/rest/control/fabrics/site-b")


@pytest.mark.parametrize("body, text", [
    ({}, "Error in validating provided name value pair: [BGP_AS]"),
    ({"BGP_AS": "x1"}, "Error in validating provided name value pair: [BGP_AS]"),
    ({"BGP_AS": "65002", "preInterfaceConfigSpine": ""}, "Failed to create the fabric, due to invalid fields [{preInterfaceConfigSpine=}]"),
])
def test_invalid_creates_are_text_500s(emu, admin, body, text):
    assert_text(admin.post(emu.url(FABRICS + "/site-b/Easy_Fabric"), json=body, timeout=10), 500, text)


def test_a_vxlan_fabric_create_as_network_as_code_sends_it_is_accepted(emu, admin):
    # 3.5: Cisco's Network-as-Code collection (for NDFC 12.2.x, the release the emulator reports)
    # sends ALLOW_L3VNI_NO_VLAN, as a JSON boolean, in every VXLAN EVPN fabric create; the
    # template lacked it, so the create was refused as an invalid field.
    template = admin.get(emu.url(API + "/v1/configtemplate/rest/config/templates/Easy_Fabric"), timeout=10).json()
    parameter = next(p for p in template["parameters"] if p["name"] == "ALLOW_L3VNI_NO_VLAN")
    assert parameter["parameterType"] == "boolean"
    body = {"FABRIC_NAME": "nac-1", "BGP_AS": "65120", "ENABLE_L3VNI_NO_VLAN": False, "ALLOW_L3VNI_NO_VLAN": True}
    created = admin.post(emu.url(FABRICS + "/nac-1/Easy_Fabric"), json=body, timeout=10)
    assert created.status_code == 200, created.text
    assert created.json()["nvPairs"]["ALLOW_L3VNI_NO_VLAN"] == "true"
    assert admin.get(emu.url(FABRICS + "/nac-1"), timeout=10).json()["nvPairs"]["ALLOW_L3VNI_NO_VLAN"] == "true"
    # it is a boolean like the others
    assert_text(admin.put(emu.url(FABRICS + "/nac-1/Easy_Fabric"), json={"ALLOW_L3VNI_NO_VLAN": "sometimes"}, timeout=10),
                500, "Error in validating provided name value pair: [ALLOW_L3VNI_NO_VLAN]")


def test_update_with_an_unknown_field_and_a_missing_template(emu, admin):
    assert_text(admin.put(emu.url(FABRICS + "/site-a/Easy_Fabric"), json={"BOO": "1"}, timeout=10), 500,
                "Failed to update the fabric, due to invalid field [BOO] in payload, please provide valid fields for fabric-settings")
    assert_text(admin.get(emu.url(API + "/v1/configtemplate/rest/config/templates/Nope"), timeout=10), 500,
                "Failed to get template. Template with name Nope not found")
    template = admin.get(emu.url(API + "/v1/configtemplate/rest/config/templates/Easy_Fabric"), timeout=10).json()
    assert "BGP_AS" in [parameter["name"] for parameter in template["parameters"]]


def test_put_back_every_nv_pair_as_read_is_accepted_and_changes_nothing(emu, admin):
    """ND 4.x clients PUT a fabric's whole nvPairs: what the controller stored, internal
    policy-template parameters such as abstract_ospf_interface=ospf_interface_11_1 included, must pass."""
    assert admin.post(emu.url(FABRICS + "/site-b/Easy_Fabric"), json={"BGP_AS": "65002"}, timeout=10).status_code == 200
    read = admin.get(emu.url(FABRICS + "/site-b"), timeout=10).json()
    assert read["nvPairs"]["abstract_ospf_interface"] == "ospf_interface_11_1"
    answer = admin.put(emu.url(FABRICS + "/site-b/Easy_Fabric"), json=read["nvPairs"], timeout=10)
    assert answer.status_code == 200, answer.text
    again = admin.get(emu.url(FABRICS + "/site-b"), timeout=10).json()
    assert again["nvPairs"] == read["nvPairs"] and again["modifiedOn"] == read["modifiedOn"]
    # a changed value is still checked against the template
    refused = admin.put(emu.url(FABRICS + "/site-b/Easy_Fabric"), json=dict(read["nvPairs"], REPLICATION_MODE="Sometimes"),
                        timeout=10)
    assert_text(refused, 500, "Error in validating provided name value pair: [REPLICATION_MODE]")


def test_unknown_fabric_is_a_spring_404_with_the_service_path(emu, admin):
    assert_spring_404(admin.get(emu.url(LAN + "/control/switches/F1/overview"), timeout=10), "/rest/control/switches/F1/overview")
    assert_spring_404(admin.get(emu.url(FABRICS + "/F1/inventory/switchesByFabric"), timeout=10),
                      "/rest/control/fabrics/F1/inventory/switchesByFabric")


def test_add_a_switch_it_becomes_manageable_then_in_sync(emu, admin, fast):
    reach = admin.post(emu.url(FABRICS + "/site-a/inventory/test-reachability"),
                       json={"seedIP": "10.9.9.1", "role": "leaf", "preserveConfig": False, "username": "admin", "password": "x"},
                       timeout=10).json()
    assert reach[0]["ipaddr"] == "10.9.9.1" and reach[0]["selectable"] and not reach[0]["known"]
    discover = admin.post(emu.url(FABRICS + "/site-a/inventory/discover?setAndUseDiscoveryCredForLan=true"),
                          json={"seedIP": "10.9.9.1", "role": "leaf", "preserveConfig": False, "switches": reach}, timeout=10)
    assert discover.status_code == 200 and discover.json() == {"status": "Success"}
    serial = reach[0]["serialNumber"]

    def switch():
        inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
        return next(item for item in inventory if item["serialNumber"] == serial)

    fresh = switch()
    assert (fresh["managable"], fresh["status"], fresh["mode"]) == (False, "discovering", "Migration")
    time.sleep(fast + 0.1)
    # a greenfield add: the switch reloads once after its migration
    reloading = switch()
    assert (reloading["managable"], reloading["mode"]) == (False, "Normal")
    time.sleep(fast)
    ready = switch()
    assert (ready["managable"], ready["status"], ready["mode"], ready["ccStatus"]) == (True, "ok", "Normal", "Out-of-Sync")
    again = admin.post(emu.url(FABRICS + "/site-a/inventory/test-reachability"), json={"seedIP": "10.9.9.1"}, timeout=10).json()
    assert again[0]["known"] and again[0]["statusReason"] == "already managed"
    assert admin.post(emu.url(FABRICS + "/site-a/config-save"), timeout=10).json() == {"status": "Config save is completed"}
    triggered = admin.post(emu.url(FABRICS + "/site-a/config-deploy/" + serial + "?forceShowRun=False"), timeout=10)
    assert triggered.json() == {"status": "Config deployment has been triggered"}
    assert switch()["ccStatus"] == "Pending"
    time.sleep(fast + 0.1)
    assert switch()["ccStatus"] == "In-Sync"
    removed = admin.delete(emu.url(FABRICS + "/site-a/switches/" + serial), timeout=10)
    assert_text(removed, 200, "The switch(es)=%s have been removed from the fabric=site-a" % serial)


def test_fabric_deploy_answers_when_done(emu, admin, fast):
    started = time.monotonic()
    answer = admin.post(emu.url(FABRICS + "/site-a/config-deploy?forceShowRun=false&inclAllMSDSwitches=false"), timeout=10)
    assert answer.json() == {"status": "Configuration deployment completed."}
    assert time.monotonic() - started >= fast
    overview = admin.get(emu.url(LAN + "/control/switches/site-a/overview"), timeout=10).json()
    assert overview["switchConfig"] == {"In-Sync": 2} and overview["switchRoles"] == {"spine": 1, "leaf": 1}


def test_freeze_mode_refuses_deploys(emu, admin):
    admin.put(emu.url(FABRICS + "/site-a/Easy_Fabric"), json={"DEPLOYMENT_FREEZE": True}, timeout=10)
    assert_text(admin.post(emu.url(FABRICS + "/site-a/config-deploy"), timeout=10), 500,
                "Operation is not allowed as NDFC/Fabric is in freeze mode")


def test_network_attachment_follows_the_deploy(emu, admin, fast):
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    leaf = next(item for item in inventory if item["switchRole"] == "leaf")
    attach = [{"networkName": "net-1", "lanAttachList": [{
        "fabric": "site-a", "networkName": "net-1", "serialNumber": leaf["serialNumber"], "switchPorts": "Ethernet1/13",
        "detachSwitchPorts": "", "vlan": 2300, "dot1QVlan": 0, "untagged": False, "deployment": True, "isAttached": True,
        "extensionValues": "", "instanceValues": "", "freeformConfig": "", "import_evpn_rt": ""}]}]
    answer = admin.post(emu.url(TOP_DOWN + "/site-a/networks/attachments"), json=attach, timeout=10)
    assert answer.status_code == 200
    assert answer.json() == {"net-1-[%s/%s]" % (leaf["serialNumber"], leaf["logicalName"]): "SUCCESS"}

    def state():
        entries = admin.get(emu.url(TOP_DOWN + "/site-a/networks/attachments?network-names=net-1"), timeout=10).json()
        mine = next(a for a in entries[0]["lanAttachList"] if a["switchSerialNo"] == leaf["serialNumber"])
        network = admin.get(emu.url(TOP_DOWN + "/site-a/networks/net-1"), timeout=10).json()
        return mine["isLanAttached"], mine["lanAttachState"], network["networkStatus"]

    assert state() == (True, "PENDING", "PENDING")
    admin.post(emu.url(FABRICS + "/site-a/config-deploy/" + leaf["serialNumber"] + "?forceShowRun=false"), timeout=10)
    assert state() == (True, "IN PROGRESS", "IN PROGRESS")
    time.sleep(fast + 0.1)
    assert state() == (True, "DEPLOYED", "DEPLOYED")
    nothing = admin.post(emu.url(TOP_DOWN + "/site-a/networks/deployments"), json={"networkNames": "net-1"}, timeout=10)
    assert_text(nothing, 200, "No switches PENDING for deployment")
    # a deployed network cannot be deleted
    assert admin.delete(emu.url(TOP_DOWN + "/site-a/networks/net-1"), timeout=10).status_code == 500


def test_attached_switch_ports_change_by_difference(emu, admin, fast):
    """cisco.dcnm's merged/replaced states send an attached switch only the ports to add and to remove."""
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    leaf = next(item for item in inventory if item["switchRole"] == "leaf")
    item = {"fabric": "site-a", "networkName": "net-1", "displayName": "net-1", "serialNumber": leaf["serialNumber"],
            "switchPorts": "Ethernet1/13,Ethernet1/14,Ethernet1/15", "detachSwitchPorts": "", "vlan": 2300,
            "dot1QVlan": 0, "untagged": False, "deployment": True, "isAttached": True, "extensionValues": "",
            "instanceValues": "", "freeformConfig": ""}

    def attach(**changes):
        answer = admin.post(emu.url(TOP_DOWN + "/site-a/networks/attachments"),
                            json=[{"networkName": "net-1", "lanAttachList": [dict(item, **changes)]}], timeout=10)
        assert answer.json() == {"net-1-[%s/%s]" % (leaf["serialNumber"], leaf["logicalName"]): "SUCCESS"}

    def mine():
        entries = admin.get(emu.url(TOP_DOWN + "/site-a/networks/attachments?network-names=net-1"), timeout=10).json()
        return next(a for a in entries[0]["lanAttachList"] if a["switchSerialNo"] == leaf["serialNumber"])

    attach()
    admin.post(emu.url(FABRICS + "/site-a/config-deploy/" + leaf["serialNumber"] + "?forceShowRun=false"), timeout=10)
    time.sleep(fast + 0.1)
    assert (mine()["portNames"], mine()["lanAttachState"]) == ("Ethernet1/13,Ethernet1/14,Ethernet1/15", "DEPLOYED")
    # what the client sends for wanted ports 14, 15, 16: the added port, the removed one, and no isAttached key
    changed = dict(item, switchPorts="Ethernet1/16", detachSwitchPorts="Ethernet1/13")
    del changed["isAttached"]
    item = changed
    attach()
    assert (mine()["portNames"], mine()["lanAttachState"]) == ("Ethernet1/14,Ethernet1/15,Ethernet1/16", "PENDING")
    # merged state with one more port: only that port, nothing to remove
    attach(switchPorts="Ethernet1/17", detachSwitchPorts="")
    assert mine()["portNames"] == "Ethernet1/14,Ethernet1/15,Ethernet1/16,Ethernet1/17"
    # after a detach the switch is no longer attached, so the next attach's switchPorts is the whole list
    attach(deployment=False, switchPorts="", detachSwitchPorts="")
    attach(switchPorts="Ethernet1/20", detachSwitchPorts="")
    assert (mine()["isLanAttached"], mine()["portNames"]) == (True, "Ethernet1/20")


def test_detach_after_an_update_waits_for_the_undeploy(emu, admin, fast):
    """An update makes a deployed network PENDING while its switch still carries the old config: a detach
    then keeps the attachment, old state shown, until the undeploy is deployed."""
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    leaf = next(item for item in inventory if item["switchRole"] == "leaf")
    item = {"fabric": "site-a", "networkName": "net-1", "serialNumber": leaf["serialNumber"], "switchPorts": "Ethernet1/13",
            "detachSwitchPorts": "", "vlan": 2300, "dot1QVlan": 0, "untagged": False, "deployment": True, "isAttached": True,
            "extensionValues": "", "instanceValues": "", "freeformConfig": ""}

    def attach(**changes):
        answer = admin.post(emu.url(TOP_DOWN + "/site-a/networks/attachments"),
                            json=[{"networkName": "net-1", "lanAttachList": [dict(item, **changes)]}], timeout=10)
        assert set(answer.json().values()) == {"SUCCESS"}, answer.text

    def deploy():
        admin.post(emu.url(FABRICS + "/site-a/config-deploy/" + leaf["serialNumber"] + "?forceShowRun=false"), timeout=10)
        time.sleep(fast + 0.1)

    def state():
        entries = admin.get(emu.url(TOP_DOWN + "/site-a/networks/attachments?network-names=net-1"), timeout=10).json()
        mine = next(a for a in entries[0]["lanAttachList"] if a["switchSerialNo"] == leaf["serialNumber"])
        network = admin.get(emu.url(TOP_DOWN + "/site-a/networks/net-1"), timeout=10).json()
        return mine["isLanAttached"], mine["lanAttachState"], network["networkStatus"]

    attach()
    deploy()
    assert state() == (True, "DEPLOYED", "DEPLOYED")
    network = admin.get(emu.url(TOP_DOWN + "/site-a/networks/net-1"), timeout=10).json()
    config = json.loads(network["networkTemplateConfig"])
    network["networkTemplateConfig"] = json.dumps(dict(config, mtu="9000"))
    assert admin.put(emu.url(TOP_DOWN + "/site-a/networks/net-1"), json=network, timeout=10).status_code == 200
    assert state() == (True, "PENDING", "PENDING")
    attach(deployment=False, isAttached=False, switchPorts="")
    # the switch still carries net-1: not NA, and the network cannot be deleted yet
    assert state() == (False, "PENDING", "PENDING")
    assert admin.delete(emu.url(TOP_DOWN + "/site-a/bulk-delete/networks?network-names=net-1"), timeout=10).status_code == 500
    deploy()
    assert state() == (False, "NA", "NA")
    assert admin.delete(emu.url(TOP_DOWN + "/site-a/bulk-delete/networks?network-names=net-1"), timeout=10).status_code == 200


def test_network_template_config_is_text_with_strings_inside(emu, admin):
    body = {"fabric": "site-a", "networkName": "web", "networkId": 30100, "vrf": "NA",
            "networkTemplateConfig": json.dumps({"networkName": "web", "vlanId": 2399, "isLayer2Only": True})}
    created = admin.post(emu.url(TOP_DOWN + "/site-a/networks"), json=body, timeout=10)
    assert created.status_code == 200
    config = json.loads(created.json()["networkTemplateConfig"])
    assert config["vlanId"] == "2399" and config["isLayer2Only"] == "true"
    assert [n["networkName"] for n in admin.get(emu.url(TOP_DOWN + "/site-a/networks?vrf-name=NA"), timeout=10).json()] == ["web"]
    missing = admin.get(emu.url(TOP_DOWN + "/site-a/networks/nope"), timeout=10)
    assert missing.status_code == 400 and missing.json()["message"] == "Invalid network name"


def test_bulk_create_answers_207_with_one_failed_item(emu, admin):
    def network(name, vlan):
        return {"fabric": "site-a", "networkName": name, "networkId": 30200 + vlan % 100, "vrf": "vrf-1",
                "networkTemplateConfig": json.dumps({"networkName": name, "vlanId": vlan})}
    emu.set_faults(partial_failure_count=1)
    answer = admin.post(emu.url(LAN + "/top-down/bulk-create/networks"), json=[network("a", 2401), network("b", 2402)], timeout=10)
    assert answer.status_code == 207 and answer.reason == "Multi-Status"
    body = answer.json()
    assert [item["name"] for item in body["successList"]] == ["a"]
    assert body["failureList"][0]["name"] == "b" and body["failureList"][0]["status"] == "Failed"
    clean = admin.post(emu.url(LAN + "/top-down/bulk-create/networks"), json=[network("b", 2402)], timeout=10)
    assert clean.status_code == 200 and clean.json()["failureList"] == []


def test_vrfs_and_duplicate_vrf(emu, admin):
    vrfs = admin.get(emu.url(TOP_DOWN + "/site-a/vrfs"), timeout=10).json()
    assert vrfs[0]["vrfName"] == "vrf-1" and isinstance(json.loads(vrfs[0]["vrfTemplateConfig"]), dict)
    duplicate = admin.post(emu.url(LAN + "/top-down/bulk-create/vrfs"), json=[{"fabric": "site-a", "vrfName": "vrf-1"}], timeout=10)
    assert duplicate.status_code == 207
    assert duplicate.json()["failureList"][0]["message"] == "VRF\tvrf-1\talready exists"


def test_viewer_reads_but_cannot_write(emu):
    viewer = emu.login("viewer")
    assert viewer.get(emu.url(FABRICS + "/site-a"), timeout=10).status_code == 200
    refused = viewer.put(emu.url(FABRICS + "/site-a/Easy_Fabric"), json={"FABRIC_MTU": "9000"}, timeout=10)
    assert refused.status_code == 403 and "no write privilege" in refused.json()["message"]
    assert emu.counters()["writes"] == 1


def test_domain_scoped_account_sees_and_writes_only_its_domain(emu):
    netops = emu.login("netops")
    names = [fabric["fabricName"] for fabric in netops.get(emu.url(FABRICS), timeout=10).json()]
    assert names == ["site-dc1"]
    assert netops.put(emu.url(FABRICS + "/site-dc1/Easy_Fabric"), json={"FABRIC_MTU": "9000"}, timeout=10).status_code == 200
    assert netops.get(emu.url(FABRICS + "/site-a"), timeout=10).status_code == 403
    # creating a fabric needs write on the domain all
    assert netops.post(emu.url(FABRICS + "/site-x/Easy_Fabric"), json={"BGP_AS": "1"}, timeout=10).status_code == 403
