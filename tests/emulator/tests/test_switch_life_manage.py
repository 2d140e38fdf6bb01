"""A switch's two ends of life on 4.2's paths (docs/api/platform.yaml GET .../bootstrap, switchActions/importBootstrap,
switches/{switchId}/actions/changeSwitchSerialNumber and provisionRMA): the same store as the legacy paths, so what 4.2
imports, swaps or replaces reads the same on the legacy view."""

import time

import pytest

from dashboard_emulator.pytest_plugin import RELEASE_42

from controller_paths import FABRICS

MANAGE = "/api/v1/manage/fabrics"
POAP_LAB = {"switches": [
    {"address": "192.0.2.91", "serial": "POAPLEAF001", "hostname": "rack1-a", "model": "N9K-C93180YC-FX", "poap": True},
    {"address": "192.0.2.92", "serial": "POAPDEAD002", "hostname": "rack1-c", "poap": True, "comes_up": False},
    {"address": "192.0.2.93", "serial": "LABLEAF0003", "hostname": "rack1-d"},
]}
PREPROVISIONED = {"serialNumber": "FDO2700PRE1", "hostname": "leaf-81", "ip": "192.0.2.81", "model": "N9K-C93180YC-FX",
                  "softwareVersion": "10.3(2)", "gatewayIpMask": "192.0.2.1/24", "switchRole": "border",
                  "password": "Sw1tch-Secret!", "discoveryAuthProtocol": "md5"}

pytestmark = pytest.mark.parametrize("emu_release", [(RELEASE_42, False)], indirect=True)


def _legacy(session, emu, method, path, body=None):
    return session.request(method, emu.legacy_url(FABRICS + path), json=body, timeout=10)


def _inventory(session, emu, fabric):
    return {switch["serialNumber"]: switch for switch in _legacy(session, emu, "GET", "/%s/inventory/switchesByFabric" % fabric).json()}


def _manage(session, emu, method, path, body=None):
    return session.request(method, emu.url(MANAGE + path), json=body, timeout=10)


def _start(emu, fabric):
    """The lab's switches, a session, and the fabric's bootstrap on (set on the legacy view: 4.2's fabric object carries no
    bootstrap setting the emulator knows)."""
    emu.set_timing(discover_seconds=0.2, reload_seconds=0.2)
    assert emu.session().post(emu.url("/_emulator/lab"), json=POAP_LAB, timeout=10).status_code == 200
    session = emu.login()
    off = _manage(session, emu, "GET", "/%s/bootstrap" % fabric)
    assert off.status_code == 400 and off.json()["message"] == "Please enable the DHCP in Fabric Settings to start the bootstrap"
    nv_pairs = dict(_legacy(session, emu, "GET", "/" + fabric).json()["nvPairs"], BOOTSTRAP_ENABLE="true", DHCP_ENABLE="true",
                    DHCP_START="192.0.2.100", DHCP_END="192.0.2.199", MGMT_GW="192.0.2.1", MGMT_PREFIX="24")
    assert _legacy(session, emu, "PUT", "/%s/Easy_Fabric" % fabric, nv_pairs).status_code == 200
    return session


def _imported(entry, ip, hostname, role):
    """A bootstrap entry as cisco.nd imports it: its own fields, with the address, hostname, role and password given."""
    return dict(entry, ip=ip, hostname=hostname, switchRole=role, password="Sw1tch-Secret!", discoveryAuthProtocol="md5")


def test_switches_asking_for_poap_are_listed_and_imported_with_their_role_on_42(emu_release):
    emu = emu_release
    session = _start(emu, "site-dc1")
    listed = {entry["serialNumber"]: entry for entry in _manage(session, emu, "GET", "/site-dc1/bootstrap").json()["switches"]}
    assert sorted(listed) == ["POAPDEAD002", "POAPLEAF001"]
    entry = listed["POAPLEAF001"]
    assert (entry["model"], entry["gatewayIpMask"], entry["data"], entry["reAdd"], entry["inInventory"]) == (
        "N9K-C93180YC-FX", "192.0.2.1/24", {"gatewayIpMask": "192.0.2.1/24", "models": ["N9K-C93180YC-FX"]}, False, False)
    assert entry["publicKey"].startswith("ssh-rsa ") and entry["fingerPrint"].startswith("MD5:")
    # without the key the switch offered, or with a role no switch has: refused, nothing imported
    for change, message in (({"publicKey": ""}, "publicKey is required"), ({"switchRole": "router"}, "Invalid switchRole router")):
        answer = _manage(session, emu, "POST", "/site-dc1/switchActions/importBootstrap",
                         {"switches": [dict(_imported(entry, "192.0.2.91", "rack1-a", "spine"), **change)]})
        assert answer.status_code == 400 and message in answer.json()["message"], answer.text
    answer = _manage(session, emu, "POST", "/site-dc1/switchActions/importBootstrap",
                     {"switches": [_imported(entry, "192.0.2.91", "rack1-a", "spine")]})
    assert answer.status_code == 200, answer.text
    switch = _inventory(session, emu, "site-dc1")["POAPLEAF001"]
    assert (switch["ipAddress"], switch["logicalName"], switch["switchRole"], switch["managable"]) == (
        "192.0.2.91", "rack1-a", "spine", False)
    assert [item["serialNumber"] for item in _manage(session, emu, "GET", "/site-dc1/bootstrap").json()["switches"]] == ["POAPDEAD002"]
    time.sleep(0.6)
    listed = _manage(session, emu, "GET", "/site-dc1/switches").json()["switches"]
    assert [(item["switchId"], item["switchRole"], item["additionalData"]["discoveryStatus"]) for item in listed] == [
        ("POAPLEAF001", "spine", "ok")]


def test_a_preprovisioned_switch_is_swapped_on_42_then_imported(emu_release):
    emu = emu_release
    session = _start(emu, "site-dc1")
    assert _manage(session, emu, "POST", "/site-dc1/switchActions/preProvision",
                   {"switches": [dict(PREPROVISIONED, ip="192.0.2.91")]}).status_code == 200
    entry = next(item for item in _manage(session, emu, "GET", "/site-dc1/bootstrap").json()["switches"]
                 if item["serialNumber"] == "POAPLEAF001")
    for switch, body, status, message in (
            ("FDO2700PRE1", {"newSwitchId": "LABLEAF0003"}, 400, "Switch LABLEAF0003 is not in the bootstrap list of fabric site-dc1"),
            ("FDO2700PRE1", {}, 400, "'newSwitchId' is a required property"),
            ("NOSUCHSN01", {"newSwitchId": "POAPLEAF001"}, 404, "Switch NOSUCHSN01 not found in fabric site-dc1")):
        answer = _manage(session, emu, "POST", "/site-dc1/switches/%s/actions/changeSwitchSerialNumber" % switch, body)
        assert answer.status_code == status and answer.json()["message"].startswith(message), answer.text
    answer = _manage(session, emu, "POST", "/site-dc1/switches/FDO2700PRE1/actions/changeSwitchSerialNumber",
                     {"newSwitchId": "POAPLEAF001"})
    assert answer.status_code == 200, answer.text
    swapped = _inventory(session, emu, "site-dc1")["POAPLEAF001"]
    assert (swapped["ipAddress"], swapped["logicalName"], swapped["switchRole"]) == ("192.0.2.91", "leaf-81", "border")
    answer = _manage(session, emu, "POST", "/site-dc1/switchActions/importBootstrap",
                     {"switches": [_imported(entry, "192.0.2.91", "leaf-81", "border")]})
    assert answer.status_code == 200, answer.text
    swapped = _inventory(session, emu, "site-dc1")["POAPLEAF001"]
    assert (swapped["switchRole"], swapped["status"]) == ("border", "discovering")


def test_rma_on_42_replaces_a_switch_in_maintenance_mode_keeping_its_place(emu_release):
    emu = emu_release
    session = _start(emu, "site-a")
    old = next(serial for serial, switch in _inventory(session, emu, "site-a").items() if switch["ipAddress"] == "10.1.0.2")
    entry = next(item for item in _manage(session, emu, "GET", "/site-a/bootstrap").json()["switches"]
                 if item["serialNumber"] == "POAPLEAF001")
    body = dict(_imported(entry, "10.1.0.2", "site-a-leaf-2", "leaf"), oldSwitchId=old, newSwitchId="POAPLEAF001")
    path = "/site-a/switches/%s/actions/provisionRMA" % old
    for change, message in (({}, "Switch %s is not in maintenance mode; put it in maintenance mode before its RMA" % old),
                            ({"oldSwitchId": "NOSUCHSN01"}, "oldSwitchId NOSUCHSN01 is not the switch of the path, %s" % old)):
        answer = _manage(session, emu, "POST", path, dict(body, **change))
        assert answer.status_code == 400 and answer.json()["message"] == message, answer.text
    assert _legacy(session, emu, "POST", "/site-a/switches/%s/maintenance-mode" % old).status_code == 200
    answer = _manage(session, emu, "POST", path, dict(body, newSwitchId="LABLEAF0003"))
    assert answer.status_code == 400 and answer.json()["message"] == "Switch LABLEAF0003 is not in the bootstrap list of fabric site-a"
    answer = _manage(session, emu, "POST", path, body)
    assert answer.status_code == 200, answer.text
    switches = _inventory(session, emu, "site-a")
    assert old not in switches
    assert (switches["POAPLEAF001"]["ipAddress"], switches["POAPLEAF001"]["logicalName"]) == ("10.1.0.2", "site-a-leaf-2")
    time.sleep(0.6)
    new = next(item for item in _manage(session, emu, "GET", "/site-a/switches").json()["switches"]
               if item["switchId"] == "POAPLEAF001")
    assert (new["fabricManagementIp"], new["switchRole"], new["additionalData"]["discoveryStatus"],
            new["additionalData"]["intendedSystemMode"]) == ("10.1.0.2", "leaf", "ok", "maintenance")
