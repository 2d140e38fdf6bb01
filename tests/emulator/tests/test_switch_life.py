"""A switch's life in the emulator: pre-provisioned switches and maintenance mode, on the legacy paths and on 4.2's, one store
(docs/api/fabric-controller.yaml inventory/poap, switches/{serial}/maintenance-mode, deploy-maintenance-mode; docs/api/platform.yaml
switchActions/preProvision)."""

import json

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
