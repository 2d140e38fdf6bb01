"""A switch's life in the emulator: pre-provisioned switches, switches asking for POAP, and maintenance mode, on the legacy
paths and on 4.2's, one store (docs/api/fabric-controller.yaml inventory/poap, swapSN, switches/{serial}/maintenance-mode,
deploy-maintenance-mode; docs/api/platform.yaml switchActions/preProvision)."""

import json
import time

import pytest

from dashboard_emulator.pytest_plugin import RELEASE_42

from controller_paths import FABRICS

MANAGE = "/api/v1/manage/fabrics"
PREPROVISIONED = {"serialNumber": "FDO2700PRE1", "ipAddress": "192.0.2.81", "hostname": "leaf-81", "model": "N9K-C93180YC-FX",
                  "version": "10.3(2)", "data": json.dumps({"modulesModel": ["N9K-C93180YC-FX"], "gateway": "192.0.2.1/24"}),
                  "password": "Sw1tch-Secret!", "discoveryAuthProtocol": "0"}


def _inventory(session, emu, fabric):
    answer = session.get(emu.legacy_url(FABRICS + "/%s/inventory/switchesByFabric" % fabric), timeout=10)
    assert answer.status_code == 200, answer.text
    return {switch["serialNumber"]: switch for switch in answer.json()}


def _legacy(session, emu, method, path, body=None):
    return session.request(method, emu.legacy_url(FABRICS + path), json=body, timeout=10)


def _serial_at(session, emu, fabric, address):
    return next(serial for serial, switch in _inventory(session, emu, fabric).items() if switch["ipAddress"] == address)


def test_a_preprovisioned_switch_is_in_the_inventory_until_removed_and_cannot_be_managed(emu):
    session = emu.login()
    answer = _legacy(session, emu, "POST", "/site-a/inventory/poap", [PREPROVISIONED])
    assert answer.status_code == 200 and answer.json() == {"status": "Day0 config generated for the device(s)"}
    switch = _inventory(session, emu, "site-a")["FDO2700PRE1"]
    assert (switch["ipAddress"], switch["logicalName"], switch["model"], switch["release"], switch["switchRole"]) == (
        "192.0.2.81", "leaf-81", "N9K-C93180YC-FX", "10.3(2)", "leaf")
    assert (switch["managable"], switch["status"], switch["ccStatus"], switch["mode"], switch["systemMode"]) == (
        False, "unreachable", "NA", "Normal", "Normal")
    # its role is set as any switch's
    answer = session.post(emu.legacy_url(FABRICS.rsplit("/fabrics", 1)[0] + "/switches/roles"),
                          json=[{"serialNumber": "FDO2700PRE1", "role": "border"}], timeout=10)
    assert answer.status_code == 200, answer.text
    assert _inventory(session, emu, "site-a")["FDO2700PRE1"]["switchRole"] == "border"
    # it is not manageable: no maintenance mode for it
    answer = _legacy(session, emu, "POST", "/site-a/switches/FDO2700PRE1/maintenance-mode")
    assert answer.status_code == 500 and "FDO2700PRE1 is not manageable" in answer.text
    answer = _legacy(session, emu, "DELETE", "/site-a/switches/FDO2700PRE1")
    assert answer.status_code == 200
    assert "FDO2700PRE1" not in _inventory(session, emu, "site-a")


@pytest.mark.parametrize("change, message", [
    ({"serialNumber": ""}, "needs serialNumber"),
    ({"data": json.dumps({"modulesModel": []})}, "needs gateway"),
    ({"data": json.dumps({"gateway": "192.0.2.1"})}, "gateway 192.0.2.1 must be an address with its mask length"),
    ({"ipAddress": "10.1.0.2"}, "IP address 10.1.0.2 is already in use by switch"),
])
def test_a_preprovisioning_that_cannot_work_is_refused_and_adds_nothing(emu, change, message):
    session = emu.login()
    second = dict(PREPROVISIONED, serialNumber="FDO2700PRE2", ipAddress="192.0.2.82")
    answer = _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [second, dict(PREPROVISIONED, **change)])
    assert answer.status_code in (400, 500) and message in answer.text, answer.text
    assert _inventory(session, emu, "site-dc1") == {}


def test_a_serial_the_controller_has_is_refused_in_any_fabric(emu):
    session = emu.login()
    assert _legacy(session, emu, "POST", "/site-a/inventory/poap", [PREPROVISIONED]).status_code == 200
    answer = _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [dict(PREPROVISIONED, ipAddress="192.0.2.90")])
    assert answer.status_code == 500 and answer.text == "Switch FDO2700PRE1 is already managed"


def test_maintenance_mode_is_intended_at_once_and_on_the_switch_after_its_deploy(emu):
    session = emu.login()
    serial = _serial_at(session, emu, "site-a", "10.1.0.2")
    answer = _legacy(session, emu, "POST", "/site-a/switches/%s/maintenance-mode" % serial)
    assert answer.status_code == 200 and answer.json() == {"status": "Success"}
    switch = _inventory(session, emu, "site-a")[serial]
    assert (switch["mode"], switch["systemMode"], switch["freezeMode"]) == ("Maintenance", "Normal", None)
    answer = _legacy(session, emu, "POST", "/site-a/switches/%s/deploy-maintenance-mode?waitForModeChange=true" % serial)
    assert answer.status_code == 200 and answer.json() == {"status": "Success"}
    switch = _inventory(session, emu, "site-a")[serial]
    assert (switch["mode"], switch["systemMode"]) == ("Maintenance", "Maintenance")
    # and back: DELETE, then its deploy
    assert _legacy(session, emu, "DELETE", "/site-a/switches/%s/maintenance-mode" % serial).status_code == 200
    assert _inventory(session, emu, "site-a")[serial]["mode"] == "Normal"
    assert _legacy(session, emu, "POST", "/site-a/switches/%s/deploy-maintenance-mode" % serial).status_code == 200
    switch = _inventory(session, emu, "site-a")[serial]
    assert (switch["mode"], switch["systemMode"]) == ("Normal", "Normal")
    # a serial number of no switch of the fabric
    answer = _legacy(session, emu, "POST", "/site-dc1/switches/%s/maintenance-mode" % serial)
    assert answer.status_code == 500 and "Invalid switch serial number" in answer.text


@pytest.mark.parametrize("emu_release", [(RELEASE_42, False)], indirect=True)
def test_on_42_a_preprovisioned_switch_and_a_legacy_maintenance_mode_read_the_same_on_both_apis(emu_release):
    emu = emu_release
    session = emu.login()
    body = {"switches": [{"serialNumber": "FDO2700PRE3", "hostname": "bgw-83", "ip": "192.0.2.83", "model": "N9K-C9336C-FX2",
                          "softwareVersion": "10.3(2)", "gatewayIpMask": "192.0.2.1/24", "switchRole": "borderGateway",
                          "password": "Sw1tch-Secret!", "discoveryAuthProtocol": "md5"}]}
    answer = session.post(emu.url(MANAGE + "/site-dc1/switchActions/preProvision"), json=body, timeout=10)
    assert answer.status_code == 200, answer.text
    listed = session.get(emu.url(MANAGE + "/site-dc1/switches"), timeout=10).json()["switches"]
    assert [(item["switchId"], item["fabricManagementIp"], item["switchRole"], item["additionalData"]["discoveryStatus"])
            for item in listed] == [("FDO2700PRE3", "192.0.2.83", "borderGateway", "unreachable")]
    assert _inventory(session, emu, "site-dc1")["FDO2700PRE3"]["switchRole"] == "border gateway"
    # the same serial again: refused, as on the legacy path
    answer = session.post(emu.url(MANAGE + "/site-dc1/switchActions/preProvision"), json=body, timeout=10)
    assert answer.status_code == 400 and answer.json()["message"] == "Switch FDO2700PRE3 is already managed"
    # maintenance mode set on the legacy API's paths (under the legacy view here) reads so on 4.2
    serial = _serial_at(session, emu, "site-a", "10.1.0.2")
    assert _legacy(session, emu, "POST", "/site-a/switches/%s/maintenance-mode" % serial).status_code == 200

    def mode():
        listed = session.get(emu.url(MANAGE + "/site-a/switches"), timeout=10).json()["switches"]
        data = next(item for item in listed if item["switchId"] == serial)["additionalData"]
        return data["systemMode"], data["intendedSystemMode"], data["discoveredSystemMode"]

    assert mode() == ("inconsistent", "maintenance", "normal")
    assert _legacy(session, emu, "POST", "/site-a/switches/%s/deploy-maintenance-mode" % serial).status_code == 200
    assert mode() == ("maintenance", "maintenance", "maintenance")


# POAP: a lab's switches that boot without a configuration and ask a fabric for one (docs/api/fabric-controller.yaml GET
# inventory/poap, POST inventory/poap with a bootstrap entry, swapSN)
POAP_LAB = {"switches": [
    {"address": "192.0.2.91", "serial": "POAPLEAF001", "hostname": "rack1-a", "model": "N9K-C93180YC-FX", "poap": True},
    {"address": "192.0.2.92", "serial": "POAPDEAD002", "hostname": "rack1-c", "poap": True, "comes_up": False},
    {"address": "192.0.2.93", "serial": "LABLEAF0003", "hostname": "rack1-d"},
]}


def _bootstrap_on(session, emu, fabric):
    answer = _legacy(session, emu, "GET", "/" + fabric)
    nv_pairs = dict(answer.json()["nvPairs"], BOOTSTRAP_ENABLE="true", DHCP_ENABLE="true", DHCP_START="192.0.2.100",
                    DHCP_END="192.0.2.199", MGMT_GW="192.0.2.1", MGMT_PREFIX="24")
    answer = _legacy(session, emu, "PUT", "/%s/Easy_Fabric" % fabric, nv_pairs)
    assert answer.status_code == 200, answer.text


def _imported(entry, address, hostname):
    """The bootstrap entry as cisco.dcnm imports it: its own fields, with the address, hostname and password given."""
    return dict(entry, ipAddress=address, hostname=hostname, password="Sw1tch-Secret!", discoveryAuthProtocol="0")


def test_poap_switches_are_listed_imported_and_come_up_or_never_do(emu):
    emu.set_timing(discover_seconds=0.2, reload_seconds=0.2)
    assert emu.session().post(emu.url("/_emulator/lab"), json=POAP_LAB, timeout=10).status_code == 200
    session = emu.login()
    off = _legacy(session, emu, "GET", "/site-dc1/inventory/poap")
    assert off.status_code == 500 and off.text == "Please enable the DHCP in Fabric Settings to start the bootstrap"
    _bootstrap_on(session, emu, "site-dc1")
    listed = {entry["serialNumber"]: entry for entry in _legacy(session, emu, "GET", "/site-dc1/inventory/poap").json()}
    assert sorted(listed) == ["POAPDEAD002", "POAPLEAF001"]  # a switch that boots with its configuration asks nothing
    entry = listed["POAPLEAF001"]
    assert (entry["model"], json.loads(entry["data"]), entry["reAdd"], entry["seedSwitchFlag"]) == (
        "N9K-C93180YC-FX", {"gateway": "192.0.2.1/24", "modulesModel": ["N9K-C93180YC-FX"]}, False, False)
    assert entry["publicKey"].startswith("ssh-rsa ") and entry["fingerprint"].startswith("MD5:")
    # asking for POAP, it has no address yet: discovery finds nothing there
    reach = _legacy(session, emu, "POST", "/site-dc1/inventory/test-reachability", {"seedIP": "192.0.2.91"})
    assert reach.json()[0]["reachable"] is False
    # both imported in one request, as the bootstrap list gave them (with the key the switch offered)
    answer = _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [
        _imported(listed["POAPLEAF001"], "192.0.2.91", "rack1-a"), _imported(listed["POAPDEAD002"], "192.0.2.92", "rack1-c")])
    assert answer.status_code == 200, answer.text
    switches = _inventory(session, emu, "site-dc1")
    assert (switches["POAPLEAF001"]["ipAddress"], switches["POAPLEAF001"]["logicalName"], switches["POAPLEAF001"]["managable"]) == (
        "192.0.2.91", "rack1-a", False)
    assert _legacy(session, emu, "GET", "/site-dc1/inventory/poap").json() == []
    time.sleep(0.6)
    switches = _inventory(session, emu, "site-dc1")
    assert (switches["POAPLEAF001"]["managable"], switches["POAPLEAF001"]["status"]) == (True, "ok")
    assert (switches["POAPDEAD002"]["managable"], switches["POAPDEAD002"]["status"]) == (False, "unreachable")
    # imported again, or into another fabric: refused
    answer = _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [_imported(entry, "192.0.2.91", "rack1-a")])
    assert answer.status_code == 500 and answer.text == "Switch POAPLEAF001 is not in the bootstrap list of fabric site-dc1"


def test_a_preprovisioned_switch_is_swapped_to_the_switch_that_booted_keeping_its_role_then_imported(emu):
    assert emu.session().post(emu.url("/_emulator/lab"), json=POAP_LAB, timeout=10).status_code == 200
    session = emu.login()
    _bootstrap_on(session, emu, "site-dc1")
    assert _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [dict(PREPROVISIONED, ipAddress="192.0.2.91")]).status_code == 200
    session.post(emu.legacy_url(FABRICS.rsplit("/fabrics", 1)[0] + "/switches/roles"),
                 json=[{"serialNumber": "FDO2700PRE1", "role": "border"}], timeout=10)
    # the pre-provisioned switch of the serial ordered, still listed as asking: a pre-provisioned switch is not booted
    for old, new, message in (("FDO2700PRE1", "NOSUCHSN01", "Switch NOSUCHSN01 is not in the bootstrap list of fabric site-dc1"),
                              ("FDO2700PRE1", "LABLEAF0003", "Switch LABLEAF0003 is not in the bootstrap list of fabric site-dc1")):
        answer = _legacy(session, emu, "POST", "/site-dc1/swapSN/%s/%s" % (old, new))
        assert answer.status_code == 500 and answer.text == message
    answer = _legacy(session, emu, "POST", "/site-dc1/swapSN/FDO2700PRE1/POAPLEAF001")
    assert answer.status_code == 200, answer.text
    switches = _inventory(session, emu, "site-dc1")
    assert "FDO2700PRE1" not in switches
    swapped = switches["POAPLEAF001"]
    assert (swapped["ipAddress"], swapped["logicalName"], swapped["switchRole"], swapped["managable"]) == (
        "192.0.2.91", "leaf-81", "border", False)
    entry = next(entry for entry in _legacy(session, emu, "GET", "/site-dc1/inventory/poap").json()
                 if entry["serialNumber"] == "POAPLEAF001")
    answer = _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [_imported(entry, "192.0.2.91", "leaf-81")])
    assert answer.status_code == 200, answer.text
    swapped = _inventory(session, emu, "site-dc1")["POAPLEAF001"]
    assert (swapped["switchRole"], swapped["model"], swapped["status"]) == ("border", "N9K-C93180YC-FX", "discovering")
    # a switch that is not pre-provisioned is not swapped
    answer = _legacy(session, emu, "POST", "/site-dc1/swapSN/POAPLEAF001/POAPDEAD002")
    assert answer.status_code == 500 and "Switch POAPLEAF001 is not a pre-provisioned switch" in answer.text


def test_rma_replaces_a_switch_in_maintenance_mode_by_one_asking_for_poap_keeping_its_place(emu):
    emu.set_timing(discover_seconds=0.2, reload_seconds=0.2)
    assert emu.session().post(emu.url("/_emulator/lab"), json=POAP_LAB, timeout=10).status_code == 200
    session = emu.login()
    _bootstrap_on(session, emu, "site-a")
    old = _serial_at(session, emu, "site-a", "10.1.0.2")
    entry = next(entry for entry in _legacy(session, emu, "GET", "/site-a/inventory/poap").json()
                 if entry["serialNumber"] == "POAPLEAF001")
    body = dict(_imported(entry, "10.1.0.2", "site-a-leaf-2"), oldSerialNumber=old, newSerialNumber="POAPLEAF001")
    # not in maintenance mode, an unknown switch, a new switch not asking for POAP: refused, nothing changes
    for change, message in (({}, "Switch %s is not in maintenance mode; put it in maintenance mode before its RMA" % old),
                            ({"oldSerialNumber": "NOSUCHSN01"}, "Invalid switch serial number NOSUCHSN01 for fabric site-a")):
        answer = _legacy(session, emu, "POST", "/site-a/rma", dict(body, **change))
        assert answer.status_code == 500 and answer.text == message
    assert _legacy(session, emu, "POST", "/site-a/switches/%s/maintenance-mode" % old).status_code == 200
    answer = _legacy(session, emu, "POST", "/site-a/rma", dict(body, newSerialNumber="LABLEAF0003"))
    assert answer.status_code == 500 and answer.text == "Switch LABLEAF0003 is not in the bootstrap list of fabric site-a"
    assert old in _inventory(session, emu, "site-a")
    answer = _legacy(session, emu, "POST", "/site-a/rma", body)
    assert answer.status_code == 200, answer.text
    switches = _inventory(session, emu, "site-a")
    assert old not in switches
    new = switches["POAPLEAF001"]
    # it boots with its configuration as a greenfield add does (migrating, then reloading), then is manageable, still in
    # maintenance mode
    assert (new["ipAddress"], new["logicalName"], new["switchRole"], new["mode"], new["model"], new["managable"]) == (
        "10.1.0.2", "site-a-leaf-2", "leaf", "Migration", "N9K-C93180YC-FX", False)
    time.sleep(0.6)
    new = _inventory(session, emu, "site-a")["POAPLEAF001"]
    assert (new["mode"], new["managable"]) == ("Maintenance", True)
    assert [entry["serialNumber"] for entry in _legacy(session, emu, "GET", "/site-a/inventory/poap").json()] == ["POAPDEAD002"]


def test_after_a_swap_the_bootstrap_entry_imported_as_listed_takes_the_preprovisioned_address_and_hostname(emu):
    # cisco.dcnm 3.12.1's swap (dcnm_inventory poap with serial_number and preprovision_serial): swapSN, then the entry the
    # bootstrap list gives, imported with a password and without seedSwitchFlag: no ipAddress, no hostname
    emu.set_timing(discover_seconds=0.2, reload_seconds=0.2)
    assert emu.session().post(emu.url("/_emulator/lab"), json=POAP_LAB, timeout=10).status_code == 200
    session = emu.login()
    _bootstrap_on(session, emu, "site-dc1")
    assert _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [dict(PREPROVISIONED, ipAddress="192.0.2.91")]).status_code == 200
    assert _legacy(session, emu, "POST", "/site-dc1/swapSN/FDO2700PRE1/POAPLEAF001").status_code == 200
    listed = {entry["serialNumber"]: entry for entry in _legacy(session, emu, "GET", "/site-dc1/inventory/poap").json()}
    entry = dict(listed["POAPLEAF001"], password="Sw1tch-Secret!", discoveryAuthProtocol="0")
    del entry["seedSwitchFlag"]
    assert "ipAddress" not in entry and "hostname" not in entry
    # a switch asking for POAP that no fabric holds pre-provisioned still needs both
    bare = dict(listed["POAPDEAD002"], password="Sw1tch-Secret!", discoveryAuthProtocol="0")
    answer = _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [entry, bare])
    assert answer.status_code == 400 and "a bootstrapped switch needs ipAddress and hostname" in answer.text
    assert _inventory(session, emu, "site-dc1")["POAPLEAF001"]["status"] == "unreachable"  # nothing imported
    answer = _legacy(session, emu, "POST", "/site-dc1/inventory/poap", [entry])
    assert answer.status_code == 200, answer.text
    time.sleep(0.6)
    switch = _inventory(session, emu, "site-dc1")["POAPLEAF001"]
    assert (switch["ipAddress"], switch["logicalName"], switch["managable"], switch["status"]) == ("192.0.2.91", "leaf-81", True, "ok")
