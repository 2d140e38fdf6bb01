"""A switch's ports: the interface detail read, and network attachments that name ports."""

import time

import pytest

from controller_paths import FABRICS, LAN, TOP_DOWN

PORTS = ["Ethernet1/%d" % number for number in range(1, 55)]


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


def _leaf(emu, session):
    inventory = session.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    return next(switch for switch in inventory if switch["switchRole"] == "leaf")


def test_every_seeded_switch_lists_the_ports_of_its_model(emu, admin):
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    assert {switch["model"] for switch in inventory} == {"N9K-C93180YC-EX"}
    for switch in inventory:
        answer = admin.get(emu.url(LAN + "/interface/detail?serialNumber=" + switch["serialNumber"]), timeout=10)
        assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("application/json")
        interfaces = answer.json()
        assert [interface["ifName"] for interface in interfaces] == PORTS
        first = interfaces[0]
        assert (first["serialNo"], first["sysName"], first["ipAddress"], first["fabricName"]) == (
            switch["serialNumber"], switch["logicalName"], switch["ipAddress"], "site-a")
        assert (first["ifType"], first["isPhysical"], first["complianceStatus"]) == ("INTERFACE_ETHERNET", "True", "In-Sync")
    # a serial number of no switch has no interfaces
    assert admin.get(emu.url(LAN + "/interface/detail?serialNumber=NOSUCHSERIAL"), timeout=10).json() == []


def test_a_switch_of_a_fabric_the_caller_cannot_read_is_refused(emu):
    netops = emu.login("netops")  # security domain dc1 only; site-a is in all
    leaf = _leaf(emu, emu.login("admin"))
    assert netops.get(emu.url(LAN + "/interface/detail?serialNumber=" + leaf["serialNumber"]), timeout=10).status_code == 403


@pytest.mark.parametrize("ports, missing", [
    ("Ethernet9/999", "Ethernet9/999"),
    ("not a port", "not a port"),
    ("Ethernet1/13,Ethernet1/55", "Ethernet1/55"),
])
def test_an_attachment_naming_a_port_the_switch_lacks_is_refused(emu, admin, ports, missing):
    leaf = _leaf(emu, admin)
    item = {"fabric": "site-a", "networkName": "net-1", "serialNumber": leaf["serialNumber"], "switchPorts": ports,
            "detachSwitchPorts": "", "vlan": 2300, "dot1QVlan": 0, "untagged": False, "deployment": True,
            "isAttached": True, "extensionValues": "", "instanceValues": "", "freeformConfig": ""}
    answer = admin.post(emu.url(TOP_DOWN + "/site-a/networks/attachments"),
                        json=[{"networkName": "net-1", "lanAttachList": [item]}], timeout=10)
    # facts 9: 200 with the failure in the item's value, which cisco.dcnm fails the task on
    assert answer.status_code == 200
    assert answer.json() == {"net-1-[%s/%s]" % (leaf["serialNumber"], leaf["logicalName"]): "Invalid interfaces " + missing}
    entries = admin.get(emu.url(TOP_DOWN + "/site-a/networks/attachments?network-names=net-1"), timeout=10).json()
    mine = next(a for a in entries[0]["lanAttachList"] if a["switchSerialNo"] == leaf["serialNumber"])
    assert (mine["isLanAttached"], mine["lanAttachState"], mine["portNames"]) == (False, "NA", "")
    # the switch's own ports are accepted, in any letter case
    accepted = admin.post(emu.url(TOP_DOWN + "/site-a/networks/attachments"), json=[{"networkName": "net-1", "lanAttachList": [
        dict(item, switchPorts="Ethernet1/1,ethernet1/54")]}], timeout=10)
    assert set(accepted.json().values()) == {"SUCCESS"}


# interface policies: create, read back, mark for delete, deploy

GLOBAL_IF, IF_DEPLOY, MARK_DELETE = LAN + "/globalInterface", LAN + "/globalInterface/deploy", LAN + "/interface/markdelete"


def _policy(emu, session, serial, name):
    """The one policy entry GET /interface answers for an interface ([] when absent)."""
    answer = session.get(emu.url(LAN + "/interface?serialNumber=%s&ifName=%s" % (serial, name)), timeout=10)
    assert answer.status_code == 200
    return answer.json()


def _detail(emu, session, serial, name):
    details = session.get(emu.url(LAN + "/interface/detail?serialNumber=" + serial), timeout=10).json()
    return next((entry for entry in details if entry["ifName"].lower() == name.lower()), None)


def _create(emu, session, policy, serial, name, nv_pairs, interface_type="INTERFACE_ETHERNET"):
    body = {"policy": policy, "interfaceType": interface_type, "skipResourceCheck": "false",
            "interfaces": [{"serialNumber": serial, "ifName": name, "interfaceType": interface_type,
                            "fabricName": "site-a", "nvPairs": nv_pairs}]}
    return session.post(emu.url(GLOBAL_IF), json=body, timeout=10)


def _deployed(emu, session, serial, names):
    answer = session.post(emu.url(IF_DEPLOY), json=[{"serialNumber": serial, "ifName": name, "fabricName": "site-a"}
                                                    for name in names], timeout=10)
    assert answer.status_code == 200, answer.text
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        states = [(_detail(emu, session, serial, name) or {}).get("complianceStatus") for name in names]
        if all(state in ("In-Sync", None) for state in states):
            return
        time.sleep(0.1)
    raise AssertionError("deploy did not finish: %s" % states)


def test_a_port_starts_with_the_default_policy_of_its_switch_role(emu, admin):
    leaf = _leaf(emu, admin)
    [entry] = _policy(emu, admin, leaf["serialNumber"], "ethernet1/5")
    assert entry["policy"] == "int_trunk_host" and entry["skipResourceCheck"] == "True"
    [port] = entry["interfaces"]
    assert (port["ifName"], port["serialNumber"], port["interfaceType"], port["fabricName"]) == (
        "Ethernet1/5", leaf["serialNumber"], "INTERFACE_ETHERNET", "site-a")
    assert {key: port["nvPairs"][key] for key in ("MTU", "ALLOWED_VLANS", "ADMIN_STATE")} == {
        "MTU": "jumbo", "ALLOWED_VLANS": "none", "ADMIN_STATE": "true"}
    inventory = admin.get(emu.url(FABRICS + "/site-a/inventory/switchesByFabric"), timeout=10).json()
    spine = next(switch for switch in inventory if switch["switchRole"] == "spine")
    assert _policy(emu, admin, spine["serialNumber"], "Ethernet1/5")[0]["policy"] == "int_routed_host"
    # the whole switch: one entry per policy in use, every port listed once
    everything = admin.get(emu.url(LAN + "/interface?serialNumber=" + leaf["serialNumber"]), timeout=10).json()
    assert [entry["policy"] for entry in everything] == ["int_trunk_host"]
    assert [port["ifName"] for port in everything[0]["interfaces"]] == PORTS
    # a port or a switch that does not exist: nothing
    assert _policy(emu, admin, leaf["serialNumber"], "Ethernet1/99") == []
    assert _policy(emu, admin, "NOSUCHSERIAL", "Ethernet1/5") == []


def test_an_access_port_and_a_trunk_port_read_back_in_both_reads(emu, admin):
    serial = _leaf(emu, admin)["serialNumber"]
    access = {"INTF_NAME": "Ethernet1/20", "ACCESS_VLAN": "2301", "MTU": "jumbo", "BPDUGUARD_ENABLED": "true",
              "PORTTYPE_FAST_ENABLED": True, "ADMIN_STATE": True, "DESC": "printer", "CONF": "", "ENABLE_QOS": False}
    trunk = {"INTF_NAME": "Ethernet1/21", "ALLOWED_VLANS": "2301-2310", "NATIVE_VLAN": "", "MTU": "default",
             "ADMIN_STATE": "true", "DESC": "hypervisor"}
    assert _create(emu, admin, "int_access_host", serial, "Ethernet1/20", access).status_code == 200
    assert _create(emu, admin, "int_trunk_host", serial, "Ethernet1/21", trunk).status_code == 200
    [entry] = _policy(emu, admin, serial, "Ethernet1/20")
    assert entry["policy"] == "int_access_host"
    pairs = entry["interfaces"][0]["nvPairs"]
    # stored as text, booleans as true/false
    assert (pairs["ACCESS_VLAN"], pairs["PORTTYPE_FAST_ENABLED"], pairs["ENABLE_QOS"], pairs["DESC"]) == (
        "2301", "true", "false", "printer")
    assert pairs["POLICY_ID"].startswith("POLICY-")
    assert _policy(emu, admin, serial, "Ethernet1/21")[0]["interfaces"][0]["nvPairs"]["ALLOWED_VLANS"] == "2301-2310"
    detail = _detail(emu, admin, serial, "Ethernet1/20")
    assert (detail["policy"], detail["mode"], detail["isPhysical"], detail["complianceStatus"]) == (
        "int_access_host", "access", "True", "Out-of-Sync")
    assert _detail(emu, admin, serial, "Ethernet1/21")["mode"] == "trunk"
    # the whole-switch read groups the ports by policy
    everything = admin.get(emu.url(LAN + "/interface?serialNumber=" + serial), timeout=10).json()
    assert {entry["policy"]: len(entry["interfaces"]) for entry in everything} == {
        "int_trunk_host": 53, "int_access_host": 1}
    _deployed(emu, admin, serial, ["Ethernet1/20", "Ethernet1/21"])
    assert _detail(emu, admin, serial, "Ethernet1/20")["complianceStatus"] == "In-Sync"
    # an update replaces the nvPairs; the writes are counted and logged as writes
    emu.clear_request_log()
    writes = emu.counters()["writes"]
    body = {"policy": "int_access_host", "interfaces": [{"serialNumber": serial, "ifName": "Ethernet1/20",
                                                         "fabricName": "site-a", "nvPairs": dict(access, ACCESS_VLAN="2302")}]}
    assert admin.put(emu.url(LAN + "/interface"), json=body, timeout=10).status_code == 200
    assert _policy(emu, admin, serial, "Ethernet1/20")[0]["interfaces"][0]["nvPairs"]["ACCESS_VLAN"] == "2302"
    assert emu.counters()["writes"] == writes + 1
    assert [(entry["method"], entry["path"]) for entry in emu.request_log()] == [("PUT", LAN + "/interface")]


def test_a_port_channel_takes_its_members_and_refuses_one_of_another(emu, admin):
    serial = _leaf(emu, admin)["serialNumber"]
    pairs = {"MEMBER_INTERFACES": "e1/9,Ethernet1/10", "PC_MODE": "active", "PO_ID": "Port-channel300",
             "ALLOWED_VLANS": "none", "MTU": "jumbo", "ADMIN_STATE": "true", "LACP_PORT_PRIO": 32768}
    answer = _create(emu, admin, "int_port_channel_trunk_host", serial, "Port-channel300", pairs, "INTERFACE_PORT_CHANNEL")
    assert answer.status_code == 200, answer.text
    [entry] = _policy(emu, admin, serial, "Port-channel300")
    channel = entry["interfaces"][0]
    assert (entry["policy"], channel["ifName"], channel["interfaceType"]) == (
        "int_port_channel_trunk_host", "port-channel300", "INTERFACE_PORT_CHANNEL")
    assert channel["nvPairs"]["MEMBER_INTERFACES"] == "e1/9,Ethernet1/10" and channel["nvPairs"]["LACP_PORT_PRIO"] == "32768"
    for port in ("Ethernet1/9", "Ethernet1/10"):
        [member] = _policy(emu, admin, serial, port)
        assert member["policy"] == "int_port_channel_trunk_member_11_1"
        assert member["interfaces"][0]["nvPairs"]["PO_ID"] == "port-channel300"
    detail = _detail(emu, admin, serial, "port-channel300")
    assert (detail["ifType"], detail["isPhysical"], detail["markDeleted"]) == ("INTERFACE_PORT_CHANNEL", "False", "False")
    # a port already in port-channel300 cannot join another; nothing of the refused request is made
    other = dict(pairs, MEMBER_INTERFACES="e1/11,e1/10", PO_ID="Port-channel301")
    answer = _create(emu, admin, "int_port_channel_trunk_host", serial, "Port-channel301", other, "INTERFACE_PORT_CHANNEL")
    assert answer.status_code == 500 and answer.headers["Content-Type"].startswith("text/plain")
    assert answer.text == "Interface Ethernet1/10 is already a member of port-channel300"
    assert _policy(emu, admin, serial, "Port-channel301") == []
    assert _policy(emu, admin, serial, "Ethernet1/11")[0]["policy"] == "int_trunk_host"
    # an update that drops a member gives it back the default policy
    body = {"policy": "int_port_channel_trunk_host", "interfaces": [
        {"serialNumber": serial, "ifName": "Port-channel300", "fabricName": "site-a",
         "nvPairs": dict(pairs, MEMBER_INTERFACES="e1/9")}]}
    assert admin.put(emu.url(LAN + "/interface"), json=body, timeout=10).status_code == 200
    assert _policy(emu, admin, serial, "Ethernet1/10")[0]["policy"] == "int_trunk_host"


@pytest.mark.parametrize("policy, name, members, message", [
    ("int_no_such_template", "Ethernet1/30", None, "Failed to get template. Template with name int_no_such_template not found"),
    ("int_access_host", "Ethernet1/77", None, "Invalid interface Ethernet1/77 for switch {serial}"),
    ("int_access_host", "Tunnel5", None, "Invalid interface Tunnel5 for switch {serial}"),
    ("int_port_channel_access_host", "Port-channel7", "e1/60", "Invalid interface e1/60 for switch {serial}"),
    ("int_subif", "Ethernet1/99.5", None, "Invalid interface Ethernet1/99 for switch {serial}"),
    ("int_vpc_trunk_host", "vPC5", None, "Switches {serial} are not a vPC pair"),
])
def test_a_create_the_controller_cannot_make_is_refused_whole(emu, admin, policy, name, members, message):
    serial = _leaf(emu, admin)["serialNumber"]
    pairs = {"INTF_NAME": name} if members is None else {"MEMBER_INTERFACES": members, "PC_MODE": "on"}
    writes = emu.counters()["writes"]
    answer = _create(emu, admin, policy, serial, name, pairs)
    assert (answer.status_code, answer.text) == (500, message.format(serial=serial))
    assert emu.counters()["writes"] == writes + 1  # a refused write is still a write served
    # nothing changed: no interface made, a port keeps its policy
    assert [entry["policy"] for entry in _policy(emu, admin, serial, name)] in ([], ["int_trunk_host"])


def test_a_loopback_marked_for_delete_is_gone_after_its_deploy(emu, admin):
    serial = _leaf(emu, admin)["serialNumber"]
    pairs = {"INTF_NAME": "Loopback450", "IP": "10.250.0.1", "INTF_VRF": "", "V6IP": "", "ROUTE_MAP_TAG": "12345",
             "DESC": "router id", "CONF": "", "ADMIN_STATE": "true"}
    assert _create(emu, admin, "int_loopback", serial, "Loopback450", pairs, "INTERFACE_LOOPBACK").status_code == 200
    assert _policy(emu, admin, serial, "lo450")[0]["interfaces"][0]["nvPairs"]["IP"] == "10.250.0.1"
    _deployed(emu, admin, serial, ["Loopback450"])
    # cisco.dcnm sends the mark as DELETE with a body
    answer = admin.delete(emu.url(MARK_DELETE), json=[{"ifName": "Loopback450", "serialNumber": serial}], timeout=10)
    assert answer.status_code == 200, answer.text
    assert _policy(emu, admin, serial, "Loopback450") == []
    marked = _detail(emu, admin, serial, "Loopback450")
    assert (marked["markDeleted"], marked["isPhysical"]) == ("True", "False")
    _deployed(emu, admin, serial, ["Loopback450"])
    assert _detail(emu, admin, serial, "Loopback450") is None
    assert [entry["ifName"] for entry in admin.get(emu.url(LAN + "/interface/detail?serialNumber=" + serial),
                                                   timeout=10).json()] == PORTS


def test_a_removal_is_no_longer_listed_once_its_deploy_is_answered(emu, admin):
    # cisco.dcnm does not wait for a deploy, and deploys again a marked interface still listed In-Sync or Pending:
    # its deleted run a second time at once must find nothing to do
    serial = _leaf(emu, admin)["serialNumber"]
    _create(emu, admin, "int_port_channel_trunk_host", serial, "port-channel41", {"MEMBER_INTERFACES": "e1/41", "PC_MODE": "active"},
            "INTERFACE_PORT_CHANNEL")
    _deployed(emu, admin, serial, ["port-channel41"])
    admin.delete(emu.url(MARK_DELETE), json=[{"ifName": "port-channel41", "serialNumber": serial}], timeout=10)
    answer = admin.post(emu.url(IF_DEPLOY), json=[{"serialNumber": serial, "ifName": "port-channel41"}], timeout=10)
    assert answer.status_code == 200, answer.text
    # no wait: gone from both reads, and its member back to the default policy, in the next request
    assert _detail(emu, admin, serial, "port-channel41") is None
    assert _policy(emu, admin, serial, "port-channel41") == []
    assert _policy(emu, admin, serial, "Ethernet1/41")[0]["policy"] == "int_trunk_host"


def test_a_port_marked_for_delete_returns_to_the_default_policy(emu, admin):
    serial = _leaf(emu, admin)["serialNumber"]
    assert _create(emu, admin, "int_access_host", serial, "Ethernet1/30", {"ACCESS_VLAN": "2301"}).status_code == 200
    answer = admin.delete(emu.url(MARK_DELETE), json=[{"ifName": "Ethernet1/30", "serialNumber": serial}], timeout=10)
    assert answer.status_code == 200
    [entry] = _policy(emu, admin, serial, "Ethernet1/30")
    assert entry["policy"] == "int_trunk_host" and entry["interfaces"][0]["nvPairs"]["ALLOWED_VLANS"] == "none"
    _deployed(emu, admin, serial, ["Ethernet1/30"])
    assert _detail(emu, admin, serial, "Ethernet1/30")["markDeleted"] == "False"


def test_a_removed_port_channel_gives_its_members_back(emu, admin):
    serial = _leaf(emu, admin)["serialNumber"]
    pairs = {"MEMBER_INTERFACES": "e1/40", "PC_MODE": "on"}
    _create(emu, admin, "int_port_channel_access_host", serial, "Port-channel40", pairs, "INTERFACE_PORT_CHANNEL")
    assert _policy(emu, admin, serial, "Ethernet1/40")[0]["policy"] == "int_port_channel_access_member_11_1"
    admin.delete(emu.url(MARK_DELETE), json=[{"ifName": "Port-channel40", "serialNumber": serial}], timeout=10)
    _deployed(emu, admin, serial, ["Port-channel40"])
    assert _policy(emu, admin, serial, "Ethernet1/40")[0]["policy"] == "int_trunk_host"


def test_per_item_answers_of_mark_for_delete_and_deploy(emu, admin):
    leaf = _leaf(emu, admin)
    serial = leaf["serialNumber"]
    _create(emu, admin, "int_loopback", serial, "Loopback7", {"IP": "10.250.0.7"}, "INTERFACE_LOOPBACK")
    # one good item, one naming an interface the switch lacks: the good one is done, the other named
    answer = admin.delete(emu.url(MARK_DELETE), json=[{"ifName": "Loopback7", "serialNumber": serial},
                                                      {"ifName": "Loopback8", "serialNumber": serial}], timeout=10)
    assert answer.status_code == 500
    assert answer.json() == [{"entity": leaf["logicalName"], "message": "Interface Loopback8 not found on switch %s" % serial}]
    assert _detail(emu, admin, serial, "Loopback7")["markDeleted"] == "True"
    # nothing to deploy on an unchanged port: the message cisco.dcnm reads as "no change"
    answer = admin.post(emu.url(IF_DEPLOY), json=[{"serialNumber": serial, "ifName": "Ethernet1/2", "fabricName": "site-a"}],
                        timeout=10)
    assert answer.status_code == 500
    assert answer.json() == [{"entity": leaf["logicalName"], "message": "No Commands to execute."}]
    # its check_deploy retry sends one object, not a list
    answer = admin.post(emu.url(IF_DEPLOY), json={"serialNumber": serial, "ifName": "Loopback7", "fabricName": "site-a"},
                        timeout=10)
    assert answer.status_code == 200


def test_a_switch_deploy_deploys_its_interfaces(emu, admin):
    serial = _leaf(emu, admin)["serialNumber"]
    _create(emu, admin, "int_access_host", serial, "Ethernet1/33", {"ACCESS_VLAN": "2305"})
    assert admin.post(emu.url(FABRICS + "/site-a/config-deploy/" + serial), timeout=10).status_code == 200
    deadline = time.monotonic() + 10
    while _detail(emu, admin, serial, "Ethernet1/33")["complianceStatus"] != "In-Sync":
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_the_reads_cisco_dcnm_makes_around_a_change(emu, admin):
    serial = _leaf(emu, admin)["serialNumber"]
    pair = admin.get(emu.url(LAN + "/interface/vpcpair_serial_number?serial_number=" + serial), timeout=10)
    assert pair.json() == {"vpc_pair_sn": serial}  # a switch in no vPC pair: no "~"
    assert admin.get(emu.url(FABRICS + "/site-a/accessmode"), timeout=10).json() == {"readonly": False}
    assert admin.get(emu.url(FABRICS + "/nosuchfabric/accessmode"), timeout=10).status_code == 404
    _create(emu, admin, "int_loopback", serial, "Loopback9", {"IP": "10.250.0.9"}, "INTERFACE_LOOPBACK")
    policies = admin.get(emu.url(LAN + "/control/policies/switches/" + serial), timeout=10).json()
    # its 54 ports and the loopback, and the 2 switch policies the fabric made (test_emulator_policies.py)
    assert len([policy for policy in policies if policy["entityType"] == "INTERFACE"]) == 55
    assert len(policies) == 57
    loopback = next(policy for policy in policies if policy["entityName"] == "Loopback9")
    assert (loopback["templateName"], loopback["entityType"], loopback["serialNumber"]) == ("int_loopback", "INTERFACE", serial)


def test_interface_writes_need_write_permission_on_the_switch_fabric(emu):
    leaf = _leaf(emu, emu.login("admin"))
    netops = emu.login("netops")  # security domain dc1 only; site-a is in all
    answer = _create(emu, netops, "int_access_host", leaf["serialNumber"], "Ethernet1/20", {"ACCESS_VLAN": "2301"})
    assert answer.status_code == 403
    assert netops.get(emu.url(LAN + "/interface?serialNumber=" + leaf["serialNumber"]), timeout=10).status_code == 403


def test_the_fault_partial_failure_count_fails_the_last_item_of_a_mark_for_delete(emu, admin):
    leaf = _leaf(emu, admin)
    serial = leaf["serialNumber"]
    for name in ("Loopback11", "Loopback12"):
        _create(emu, admin, "int_loopback", serial, name, {"IP": "10.250.0.11"}, "INTERFACE_LOOPBACK")
    emu.set_faults(partial_failure_count=1, paths=[MARK_DELETE])
    answer = admin.delete(emu.url(MARK_DELETE), json=[{"ifName": "Loopback11", "serialNumber": serial},
                                                      {"ifName": "Loopback12", "serialNumber": serial}], timeout=10)
    assert answer.status_code == 500
    assert answer.json() == [{"entity": leaf["logicalName"],
                              "message": "Interface Loopback12 could not be marked for delete on switch %s" % serial}]
    assert (_detail(emu, admin, serial, "Loopback11")["markDeleted"], _detail(emu, admin, serial, "Loopback12")["markDeleted"]) == (
        "True", "False")
