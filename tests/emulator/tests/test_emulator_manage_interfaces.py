"""/api/v1/manage interfaces of a 4.2 emulator (nd-manage-facts 7): one state with the legacy interface API, 207 per
item on bulk writes, DELETE of a port refused, normalize resetting a port, a frozen fabric refusing deploys."""

import time

import pytest

from controller_paths import FABRICS, LAN
from leaves import manage_leaf

MANAGE = "/api/v1/manage/fabrics/site-a"


@pytest.fixture(name="admin")
def admin_session(emu_42):
    return emu_42.login()


def _interfaces(emu, session, serial):
    answer = session.get(emu.url(MANAGE + "/switches/%s/interfaces" % serial), timeout=10)
    assert answer.status_code == 200, answer.text
    return {interface["interfaceName"]: interface for interface in answer.json()["interfaces"]}


def _legacy(emu, session, serial, name):
    """The legacy read of one interface: {policy, nvPairs}, or None."""
    groups = session.get(emu.url(LAN + "/interface"), params={"serialNumber": serial, "ifName": name}, timeout=10).json()
    return {"policy": groups[0]["policy"], "nvPairs": groups[0]["interfaces"][0]["nvPairs"]} if groups else None


def _compliance(emu, session, serial, name):
    detail = session.get(emu.url(LAN + "/interface/detail?serialNumber=" + serial), timeout=10).json()
    return next(item for item in detail if item["ifName"] == name)["complianceStatus"]


def _loopback(serial, number=10, **policy):
    return {"interfaceName": "loopback%d" % number, "interfaceType": "loopback", "switchId": serial,
            "configData": {"mode": "managed", "networkOS": {"networkOSType": "nx-os", "policy": dict(
                {"policyType": "loopback", "adminState": True, "ip": "10.9.9.1/32", "description": "made on 4.2"}, **policy)}}}


def _post(emu, session, path, body, status=207):
    answer = session.post(emu.url(MANAGE + path), json=body, timeout=10)
    assert answer.status_code == status, answer.text
    return answer.json()


def test_the_ports_of_a_switch_are_listed_with_the_policy_the_legacy_api_gave_them(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    interfaces = _interfaces(emu_42, admin, leaf)
    assert len(interfaces) == 54
    port = interfaces["Ethernet1/5"]
    assert (port["switchId"], port["interfaceType"], port["configData"]["mode"]) == (leaf, "ethernet", "trunk")
    policy = port["configData"]["networkOS"]["policy"]
    # the leaf's default port policy (int_trunk_host), typed: cisco.nd's trunk module reads this as "unconfigured"
    assert policy["policyType"] == "trunkHost" and policy["configTemplate"] == "int_trunk_host"
    assert (policy["allowedVlans"], policy["adminState"], policy["portTypeEdgeTrunk"], policy["mtu"], policy["speed"]) == (
        "none", True, True, "jumbo", "auto")
    assert "nativeVlan" not in policy
    one = admin.get(emu_42.url(MANAGE + "/switches/%s/interfaces/Ethernet1/5" % leaf), timeout=10)
    assert one.status_code == 200 and one.json() == port
    assert admin.get(emu_42.url(MANAGE + "/switches/%s/interfaces/Ethernet9/9" % leaf), timeout=10).status_code == 404
    assert admin.get(emu_42.url(MANAGE + "/switches/NOSUCH/interfaces"), timeout=10).status_code == 404


def test_a_loopback_made_on_42_is_the_legacy_int_loopback_and_goes_with_remove_and_deploy(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    answer = _post(emu_42, admin, "/switches/%s/interfaces" % leaf, {"interfaces": [_loopback(leaf), _loopback(leaf, 11, ip=32)]})
    assert answer["results"][0] == {"interfaceName": "loopback10", "switchId": leaf, "status": "success", "message": ""}
    assert answer["results"][1]["status"] == "failed" and "policy.ip must be a string" in answer["results"][1]["message"]
    legacy = _legacy(emu_42, admin, leaf, "loopback10")
    assert legacy["policy"] == "int_loopback"
    assert (legacy["nvPairs"]["IP"], legacy["nvPairs"]["DESC"], legacy["nvPairs"]["ADMIN_STATE"]) == ("10.9.9.1/32", "made on 4.2", "true")
    shown = _interfaces(emu_42, admin, leaf)["loopback10"]
    assert shown["interfaceType"] == "loopback" and shown["configData"]["mode"] == "managed"
    assert shown["configData"]["networkOS"]["policy"] == {"policyType": "loopback", "configTemplate": "int_loopback",
                                                          "adminState": True, "ip": "10.9.9.1/32", "description": "made on 4.2"}
    # a PUT of the same interface changes nothing the legacy API sees as pending
    assert admin.put(emu_42.url(MANAGE + "/switches/%s/interfaces/loopback10" % leaf), json=_loopback(leaf), timeout=10).json() == shown
    deploy = {"interfaces": [{"interfaceName": "loopback10", "switchId": leaf}]}
    assert _post(emu_42, admin, "/interfaceActions/deploy", deploy)["results"][0]["status"] == "success"
    removed = _post(emu_42, admin, "/interfaceActions/remove", deploy)
    assert removed["results"] == [{"interfaceName": "loopback10", "switchId": leaf, "status": "success", "message": ""}]
    # gone from both lists at once; the removal reaches the switch with the deploy
    assert "loopback10" not in _interfaces(emu_42, admin, leaf) and _legacy(emu_42, admin, leaf, "loopback10") is None
    assert _post(emu_42, admin, "/interfaceActions/deploy", deploy)["results"][0]["status"] == "success"


def test_a_port_configured_on_the_legacy_api_is_read_on_42_and_changed_there(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    body = {"policy": "int_access_host", "interfaces": [{"serialNumber": leaf, "ifName": "Ethernet1/7", "nvPairs": {
        "INTF_NAME": "Ethernet1/7", "ACCESS_VLAN": "2301", "MTU": "jumbo", "ADMIN_STATE": "true", "DESC": "legacy host",
        "BPDUGUARD_ENABLED": "true", "SPEED": "10Gb"}}]}
    assert admin.post(emu_42.url(LAN + "/globalInterface"), json=body, timeout=10).status_code == 200
    port = _interfaces(emu_42, admin, leaf)["Ethernet1/7"]
    assert port["configData"]["mode"] == "access"
    policy = port["configData"]["networkOS"]["policy"]
    assert (policy["policyType"], policy["accessVlan"], policy["description"], policy["bpduGuard"], policy["speed"]) == (
        "accessHost", 2301, "legacy host", "enable", "10Gb")
    policy.update(accessVlan=2302, cdp=False, fec="auto")
    changed = admin.put(emu_42.url(MANAGE + "/switches/%s/interfaces/Ethernet1/7" % leaf), json=port, timeout=10)
    assert changed.status_code == 200, changed.text
    assert _legacy(emu_42, admin, leaf, "Ethernet1/7")["nvPairs"]["ACCESS_VLAN"] == "2302"
    assert _legacy(emu_42, admin, leaf, "Ethernet1/7")["nvPairs"]["CDP_ENABLE"] == "false"
    # a field no nvPair holds is kept for the 4.2 API (an idempotent client reads back what it wrote)
    assert changed.json()["configData"]["networkOS"]["policy"]["fec"] == "auto"
    refused = admin.put(emu_42.url(MANAGE + "/switches/%s/interfaces/Ethernet1/7" % leaf),
                        json=dict(port, configData={"networkOS": {"policy": {"policyType": "loopback"}}}), timeout=10)
    assert refused.status_code == 400 and "not one of a ethernet" in refused.json()["message"]


def test_a_port_is_not_deleted_and_normalize_resets_it_to_trunk_host(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    access = {"interfaceName": "Ethernet1/9", "interfaceType": "ethernet", "configData": {"mode": "access", "networkOS": {
        "networkOSType": "nx-os", "policy": {"policyType": "accessHost", "accessVlan": 30, "description": "host"}}}}
    assert _post(emu_42, admin, "/switches/%s/interfaces" % leaf, {"interfaces": [access]})["results"][0]["status"] == "success"
    refused = admin.delete(emu_42.url(MANAGE + "/switches/%s/interfaces/Ethernet1/9" % leaf), timeout=10)
    assert refused.status_code == 500 and refused.json()["code"] == 500
    # remove leaves a port as it is
    _post(emu_42, admin, "/interfaceActions/remove", {"interfaces": [{"interfaceName": "Ethernet1/9", "switchId": leaf}]})
    assert _legacy(emu_42, admin, leaf, "Ethernet1/9")["policy"] == "int_access_host"
    defaults = {"mode": "trunk", "networkOS": {"networkOSType": "nx-os", "policy": {
        "policyType": "trunkHost", "configTemplate": "int_trunk_host", "mode": "trunk", "allowedVlans": "none",
        "nativeVlan": 1, "description": "", "adminState": True, "bpduGuard": "default", "cdp": True, "duplexMode": "auto"}}}
    answer = _post(emu_42, admin, "/interfaceActions/normalize", {
        "interfaceType": "ethernet", "configData": defaults,
        "switchInterfaces": [{"interfaceName": "Ethernet1/9", "switchId": leaf}, {"interfaceName": "Ethernet1/99", "switchId": leaf}]})
    assert [result["status"] for result in answer["results"]] == ["success", "failed"]
    legacy = _legacy(emu_42, admin, leaf, "Ethernet1/9")
    assert legacy["policy"] == "int_trunk_host" and "ACCESS_VLAN" not in legacy["nvPairs"]
    assert (legacy["nvPairs"]["ALLOWED_VLANS"], legacy["nvPairs"]["NATIVE_VLAN"], legacy["nvPairs"]["BPDUGUARD_ENABLED"]) == (
        "none", "1", "no")
    policy = _interfaces(emu_42, admin, leaf)["Ethernet1/9"]["configData"]["networkOS"]["policy"]
    assert (policy["policyType"], policy["allowedVlans"], policy["nativeVlan"]) == ("trunkHost", "none", 1)
    # an empty description is no description, as for the ports no one configured
    assert "description" not in policy and "accessVlan" not in policy


def test_a_frozen_fabric_refuses_the_deploy_of_interfaces(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    _post(emu_42, admin, "/switches/%s/interfaces" % leaf, {"interfaces": [_loopback(leaf)]})
    assert admin.put(emu_42.url(FABRICS + "/site-a/Easy_Fabric"), json={"DEPLOYMENT_FREEZE": True}, timeout=10).status_code == 200
    assert admin.get(emu_42.url(MANAGE + "/deploymentFreeze"), timeout=10).json() == {"deploymentFreeze": True}
    refused = admin.post(emu_42.url(MANAGE + "/interfaceActions/deploy"),
                         json={"interfaces": [{"interfaceName": "loopback10", "switchId": leaf}]}, timeout=10)
    assert refused.status_code == 500
    assert refused.json() == {"code": 500, "message": "Operation is not allowed as NDFC/Fabric is in freeze mode"}
    assert _compliance(emu_42, admin, leaf, "Loopback10") == "Out-of-Sync"
    admin.put(emu_42.url(FABRICS + "/site-a/Easy_Fabric"), json={"DEPLOYMENT_FREEZE": False}, timeout=10)
    deployed = _post(emu_42, admin, "/interfaceActions/deploy", {"interfaces": [{"interfaceName": "loopback10", "switchId": leaf}]})
    assert deployed["results"][0]["status"] == "success"
    deadline = time.monotonic() + 10
    while _compliance(emu_42, admin, leaf, "Loopback10") != "In-Sync":
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_the_summary_says_whether_a_fabric_exists(emu_42, admin):
    assert admin.get(emu_42.url(MANAGE + "/summary"), timeout=10).json() == {"name": "site-a"}
    assert admin.get(emu_42.url("/api/v1/manage/fabrics/nothing/summary"), timeout=10).status_code == 404


def test_a_reader_may_not_change_interfaces(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    viewer = emu_42.login("viewer")
    assert viewer.get(emu_42.url(MANAGE + "/switches/%s/interfaces" % leaf), timeout=10).status_code == 200
    refused = viewer.post(emu_42.url(MANAGE + "/switches/%s/interfaces" % leaf), json={"interfaces": [_loopback(leaf)]}, timeout=10)
    assert refused.status_code == 403
