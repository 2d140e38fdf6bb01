"""A lab of the user's own switches (--lab FILE, or POST /_emulator/lab): discovery answers with them, and their
cables show as the fabric's links once both ends are in it."""

import pathlib
import subprocess
import sys
import time

import pytest
import yaml

from controller_paths import FABRICS, LAN

from dashboard_emulator.testing import EmulatorProcess

LAB_FILE = pathlib.Path(__file__).resolve().parent.parent / "labs" / "two-spines-four-leaves.yaml"
LAB = yaml.safe_load(LAB_FILE.read_text(encoding="utf-8"))
BY_NAME = {switch["hostname"]: switch for switch in LAB["switches"]}


@pytest.fixture(name="admin")
def lab_admin(emu):
    """An admin session on the emulator serving the six-switch lab, a fabric `lab` made, switches up in 0.3 s."""
    answer = emu.session().post(emu.url("/_emulator/lab"), json=LAB, timeout=10)
    assert answer.json() == {"switches": 6, "cables": 12}, answer.text
    emu.set_timing(discover_seconds=0.3, deploy_seconds=0.3, reload_seconds=0.3)
    session = emu.login("admin")
    made = session.post(emu.url(LAN + "/control/fabrics/lab/Easy_Fabric"), json={"BGP_AS": "65100"}, timeout=10)
    assert made.status_code == 200, made.text
    return session


def reach(emu, admin, *addresses):
    answer = admin.post(emu.url(FABRICS + "/lab/inventory/test-reachability"), json={"seedIP": ",".join(addresses)}, timeout=10)
    assert answer.status_code == 200, answer.text
    return {candidate["ipaddr"]: candidate for candidate in answer.json()}


def discover(emu, admin, names, role):
    addresses = [BY_NAME[name]["address"] for name in names]
    answer = admin.post(emu.url(FABRICS + "/lab/inventory/discover"), timeout=10, json={
        "seedIP": ",".join(addresses), "role": role, "preserveConfig": True,
        "switches": [{"ipaddr": address} for address in addresses]})
    assert answer.status_code == 200, answer.text


def inventory(emu, admin):
    answer = admin.get(emu.url(FABRICS + "/lab/inventory/switchesByFabric"), timeout=10)
    return {switch["logicalName"]: switch for switch in answer.json()}


def links(emu, admin):
    answer = admin.get(emu.url(LAN + "/control/links/fabrics/lab"), timeout=10)
    assert answer.status_code == 200, answer.text
    return {frozenset(("%s:%s" % (link["sw1-info"]["sw-sys-name"], link["sw1-info"]["if-name"]),
                       "%s:%s" % (link["sw2-info"]["sw-sys-name"], link["sw2-info"]["if-name"]))): link
            for link in answer.json()}


def test_discovery_answers_with_the_labs_switches_and_no_switch_elsewhere(emu, admin):
    found = reach(emu, admin, "10.20.0.11", "10.20.0.21", "10.20.0.99")
    spine = found["10.20.0.11"]
    assert (spine["serialNumber"], spine["sysName"], spine["platform"], spine["version"], spine["reachable"]) == (
        "LAB0SPN0001", "lab-spine1", "N9K-C9336C-FX2", "10.4(3)", True)
    assert found["10.20.0.21"]["serialNumber"] == "LAB0LEF0001"
    # no switch of the lab at .99: the address answers nothing
    assert (found["10.20.0.99"]["reachable"], found["10.20.0.99"]["selectable"], found["10.20.0.99"]["serialNumber"]) == (
        False, False, "")
    refused = admin.post(emu.url(FABRICS + "/lab/inventory/discover"), timeout=10, json={
        "seedIP": "10.20.0.99", "role": "leaf", "preserveConfig": True, "switches": [{"ipaddr": "10.20.0.99"}]})
    assert refused.status_code == 500 and "10.20.0.99 is not reachable" in refused.text
    assert inventory(emu, admin) == {}


def test_discovered_switches_carry_the_labs_names_models_and_ports(emu, admin):
    # a client that sends other names and serials (a stale inventory) still gets the switch that answers there
    answer = admin.post(emu.url(FABRICS + "/lab/inventory/discover"), timeout=10, json={
        "seedIP": "10.20.0.11", "role": "spine", "preserveConfig": True,
        "switches": [{"ipaddr": "10.20.0.11", "sysName": "old-name", "serialNumber": "FDO00000000"}]})
    assert answer.status_code == 200, answer.text
    spine = inventory(emu, admin)["lab-spine1"]
    assert (spine["serialNumber"], spine["model"], spine["release"], spine["switchRole"]) == (
        "LAB0SPN0001", "N9K-C9336C-FX2", "10.4(3)", "spine")
    ports = admin.get(emu.url(LAN + "/interface/detail?serialNumber=LAB0SPN0001"), timeout=10).json()
    names = {item["ifName"] for item in ports if item["ifName"].startswith("Ethernet")}
    # the lab gives the spine 36 ports, not the 54 of the emulator's default model
    assert "Ethernet1/36" in names and "Ethernet1/37" not in names


def test_cables_show_as_links_once_both_switches_are_up(emu, admin):
    discover(emu, admin, ["lab-spine1", "lab-spine2"], "spine")
    discover(emu, admin, ["lab-leaf1", "lab-leaf2", "lab-leaf3", "lab-leaf4"], "leaf")
    # still discovering: the switches have not seen their neighbours yet
    assert links(emu, admin) == {}
    deadline = time.monotonic() + 10
    while not all(switch["managable"] for switch in inventory(emu, admin).values()):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    found = links(emu, admin)
    assert set(found) == {frozenset(cable) for cable in LAB["cables"]}
    uplink = found[frozenset(("lab-spine1:Ethernet1/1", "lab-leaf1:Ethernet1/49"))]
    assert uplink["templateName"] == "int_intra_fabric_num_link" and uplink["fabricName"] == "lab"
    assert {uplink["sw1-info"]["sw-serial-number"], uplink["sw2-info"]["sw-serial-number"]} == {"LAB0SPN0001", "LAB0LEF0001"}
    # a link of the lab is a link like any other: the links API finds it by its ends
    between = admin.get(emu.url(LAN + "/control/links"), timeout=10, params={
        "switch1Sn": "LAB0LEF0001", "switch2Sn": "LAB0LEF0002", "switch1IfName": "Ethernet1/53"}).json()
    assert between["link-uuid"] == found[frozenset(("lab-leaf1:Ethernet1/53", "lab-leaf2:Ethernet1/53"))]["link-uuid"]


def test_a_cable_to_a_switch_of_another_fabric_is_no_link(emu, admin):
    made = admin.post(emu.url(LAN + "/control/fabrics/other/Easy_Fabric"), json={"BGP_AS": "65200"}, timeout=10)
    assert made.status_code == 200, made.text
    discover(emu, admin, ["lab-spine1"], "spine")
    answer = admin.post(emu.url(FABRICS + "/other/inventory/discover"), timeout=10, json={
        "seedIP": "10.20.0.21", "role": "leaf", "preserveConfig": True, "switches": [{"ipaddr": "10.20.0.21"}]})
    assert answer.status_code == 200, answer.text
    time.sleep(0.4)
    assert links(emu, admin) == {}


def test_a_reset_goes_back_to_the_lab_the_emulator_started_with(emu, admin):
    assert reach(emu, admin, "10.20.0.11")["10.20.0.11"]["serialNumber"] == "LAB0SPN0001"
    emu.reset()
    # started without a lab: every address answers again, with a switch named after it
    session = emu.login("admin")
    answer = session.post(emu.url(FABRICS + "/site-a/inventory/test-reachability"), json={"seedIP": "10.20.0.11"}, timeout=10)
    assert answer.json()[0]["reachable"] and answer.json()[0]["serialNumber"] != "LAB0SPN0001"


def test_a_bad_lab_is_refused_with_every_problem_named(emu):
    bad = {"switches": [
        {"address": "10.20.0.300", "serial": "LAB 1", "hostname": "a"},
        {"address": "10.20.0.2", "serial": "LAB2", "hostname": "a", "ports": 0},
    ], "cables": [["a:Ethernet1/1", "b:Ethernet1/1"]]}
    answer = emu.session().post(emu.url("/_emulator/lab"), json=bad, timeout=10)
    assert answer.status_code == 400
    message = answer.json()["message"]
    for problem in ("switches[0].address: '10.20.0.300' is not an IPv4 address",
                    "switches[0].serial: 'LAB 1' is not a serial number",
                    "switches[1].ports: 0 is not a port count from 1 to 512",
                    "cables[0][1]: 'b:Ethernet1/1' names no switch of the lab"):
        assert problem in message, message


def test_the_lab_option_of_the_command_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("switches:\n  - {address: 10.0.0.1, serial: S1, hostname: one}\ncables: [[\"one:Ethernet1/99\", \"one:Ethernet1/1\"]]\n",
                   encoding="utf-8")
    refused = subprocess.run([sys.executable, "-m", "dashboard_emulator", "--lab", str(bad)], capture_output=True, text=True,
                             timeout=60, check=False)
    assert refused.returncode == 2
    assert "cables[0][0]: 'one:Ethernet1/99' is not a port of one (Ethernet1/1 to Ethernet1/54)" in refused.stderr
    with EmulatorProcess(workdir=tmp_path / "run", extra_args=["--lab", str(LAB_FILE), "--seed", "empty"]) as lab_emulator:
        session = lab_emulator.login("admin")
        assert session.get(lab_emulator.url(LAN + "/control/fabrics"), timeout=10).json() == []
        made = session.post(lab_emulator.url(LAN + "/control/fabrics/lab/Easy_Fabric"), json={"BGP_AS": "65100"}, timeout=10)
        assert made.status_code == 200, made.text
        assert reach(lab_emulator, session, "10.20.0.24")["10.20.0.24"]["sysName"] == "lab-leaf4"


def test_the_42_paths_discover_and_list_the_labs_switches(emu_42):
    """/api/v1/manage: shallow discovery and the add answer with the lab's switch; an address of no switch is refused."""
    answer = emu_42.session().post(emu_42.url("/_emulator/lab"), json=LAB, timeout=10)
    assert answer.status_code == 200, answer.text
    session = emu_42.login("admin")
    manage = "/api/v1/manage/fabrics/site-dc1"
    found = session.post(emu_42.url(manage + "/actions/shallowDiscovery"), timeout=10,
                         json={"seedIpCollection": ["10.20.0.22"], "maxHop": 0, "username": "admin", "password": "Sw1tch-Secret!"})
    assert found.status_code == 200, found.text
    leaf = found.json()["switches"][0]
    assert (leaf["serialNumber"], leaf["hostname"]) == ("LAB0LEF0002", "lab-leaf2")
    added = session.post(emu_42.url(manage + "/switches"), timeout=10, json={
        "switches": [{"ip": "10.20.0.22", "serialNumber": leaf["serialNumber"], "hostname": leaf["hostname"]}]})
    assert added.status_code == 200, added.text
    listed = session.get(emu_42.url(manage + "/switches"), timeout=10).json()["switches"]
    assert [(switch["serialNumber"], switch["hostname"]) for switch in listed] == [("LAB0LEF0002", "lab-leaf2")]
    refused = session.post(emu_42.url(manage + "/switches"), timeout=10, json={"switches": [{"ip": "10.20.0.98"}]})
    assert refused.status_code == 400 and "10.20.0.98 is not reachable" in refused.text
