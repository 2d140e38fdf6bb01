"""What the real cisco.dcnm (3.12.1) and cisco.nd (1.5.0) modules send, and what they need back.

The peer collections cannot be installed in CI (they are on no package registry), so each
behaviour they taught us is replayed here with the framing of test_emulator_existing_clients.py
(chunked JSON bodies, a HEAD / probe before each request, Bearer plus AuthCookie): the same
paths, bodies and order as those modules, and the check each of them makes on the answer.
"""

import time

import pytest

from controller_paths import API, FABRICS, LAN, TOP_DOWN
from test_emulator_existing_clients import ControllerStyleClient


@pytest.fixture(name="client")
def logged_in_client(emu):
    client = ControllerStyleClient(emu, "admin", emu.PASSWORDS["admin"])
    client.login()
    return client


def test_federation_probe_answers_as_a_standalone_controller(client):
    # 3.4: dcnm_vrf and dcnm_network probe this before any work. cisco.dcnm turns a text body into
    # "Invalid JSON response: <text>" and carries on only for the refusals of a standalone
    # controller; the Spring 404 it used to get made every state of both modules fail.
    status, _reason, body = client.send("GET", API + "/v1/onemanage/fabrics")
    assert status >= 400
    assert "Invalid JSON response: " + body == "Invalid JSON response: cannot serve APIs as federation state is not established yet"


def test_missing_network_is_a_json_400_the_client_reads_as_absent(client):
    # 7.1: dcnm_network reads one network by name and takes a 400 whose JSON `message` is
    # "Invalid network name" (case-insensitive) as "absent"; a text body made it fail the task.
    status, reason, body = client.send("GET", TOP_DOWN + "/site-a/networks/no-such-net")
    assert (status, reason) == (400, "Bad Request")
    assert isinstance(body, dict) and body["message"].lower() == "invalid network name"
    assert client.ok("GET", TOP_DOWN + "/site-a/networks/net-1")["networkName"] == "net-1"


def _wait(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def _leaf(client, fabric="site-a"):
    switches = client.ok("GET", FABRICS + "/%s/inventory/switchesByFabric" % fabric)
    return next(switch for switch in switches if switch["switchRole"] == "leaf")


def _vrf_attach(client, vrf, serial, vlan, attach):
    item = {"fabric": "site-a", "vrfName": vrf, "serialNumber": serial, "vlan": vlan, "deployment": attach,
            "isAttached": attach, "instanceValues": "", "extensionValues": "", "freeformConfig": "",
            "import_evpn_rt": "", "export_evpn_rt": ""}
    answer = client.ok("POST", TOP_DOWN + "/site-a/vrfs/attachments", [{"vrfName": vrf, "lanAttachList": [item]}])
    assert set(answer.values()) == {"SUCCESS"}, answer


def test_vrf_vlan_pool_after_a_vrf_delete(emu, client):
    # 8.2: after deleting VRFs dcnm_vrf reads two resource-manager pools and fails (rolling back
    # what it did) unless both answer 200 OK; entries of a deleted VRF with allocatedFlag false
    # are freed by id.
    pool = LAN + "/resource-manager/fabric/site-a/pools/"
    leaf = _leaf(client)
    client.ok("POST", LAN + "/top-down/bulk-create/vrfs", [{
        "fabric": "site-a", "vrfName": "pool-vrf", "vrfId": 50200, "vrfTemplate": "Default_VRF_Universal",
        "vrfExtensionTemplate": "Default_VRF_Extension_Universal", "serviceVrfTemplate": None, "source": None,
        "vrfTemplateConfig": '{"vrfName": "pool-vrf", "vrfSegmentId": 50200, "vrfVlanId": 2200}'}])
    _vrf_attach(client, "pool-vrf", leaf["serialNumber"], 2200, True)
    held = [entry for entry in client.ok("GET", pool + "TOP_DOWN_VRF_VLAN") if entry["entityName"] == "pool-vrf"]
    assert [(entry["allocatedIp"], entry["allocatedScopeValue"], entry["allocatedFlag"], entry["switchName"])
            for entry in held] == [("2200", leaf["serialNumber"], True, leaf["logicalName"])]
    assert held[0]["resourcePool"]["poolName"] == "TOP_DOWN_VRF_VLAN" and isinstance(held[0]["id"], int)

    _vrf_attach(client, "pool-vrf", leaf["serialNumber"], 2200, False)
    client.ok("POST", FABRICS + "/site-a/config-deploy/%s?forceShowRun=false" % leaf["serialNumber"])
    _wait(lambda: client.ok("GET", LAN + "/top-down/fabrics/site-a/vrfs")[-1]["vrfStatus"] == "NA")
    client.ok("DELETE", TOP_DOWN + "/site-a/bulk-delete/vrfs?vrf-names=pool-vrf")
    for name in ("TOP_DOWN_VRF_VLAN", "TOP_DOWN_L3_DOT1Q"):
        entries = client.ok("GET", pool + name)
        assert isinstance(entries, list) and not [entry for entry in entries if entry["entityName"] == "pool-vrf"]


def test_vrf_query_without_config_reads_the_switch_detail_of_every_vrf(client):
    # 8.3: dcnm_vrf's state query with no config reads the fabric's VRFs, their attachments in
    # one call, then per VRF the switch detail of every serial number its attachment list names,
    # and iterates that body as a list of objects holding switchDetailsList. The emulator had no
    # such path, and its text answer crashed the module ("'str' object has no attribute 'get'").
    vrfs = client.ok("GET", TOP_DOWN + "/site-a/vrfs")
    names = [vrf["vrfName"] for vrf in vrfs]
    records = client.ok("GET", TOP_DOWN + "/site-a/vrfs/attachments?vrf-names=" + ",".join(names))
    for vrf in vrfs:
        serials = sorted({attach["switchSerialNo"] for record in records if record["vrfName"] == vrf["vrfName"]
                          for attach in record["lanAttachList"]})
        assert serials
        body = client.ok("GET", TOP_DOWN + "/site-a/vrfs/switches?vrf-names=%s&serial-numbers=%s"
                         % (vrf["vrfName"], ",".join(serials)))
        detail_by_serial = {}
        for entry in body or []:
            for detail in entry.get("switchDetailsList", []):
                if detail.get("serialNumber"):
                    detail_by_serial[detail["serialNumber"]] = (entry.get("templateName", ""), detail)
        assert sorted(detail_by_serial) == serials


def _next_network_id(client, previous):
    # 7.7: dcnm_network (a network without net_id) asks netinfo up to 10 times until `l2vni`
    # differs from the id it used last, then creates the network with it
    for _attempt in range(10):
        net_id = client.ok("GET", TOP_DOWN + "/site-a/netinfo").get("l2vni")
        if net_id != previous:
            return net_id
    raise AssertionError("Unable to generate networkId")


def test_next_free_network_and_vrf_ids(emu, client):
    info = client.ok("GET", TOP_DOWN + "/site-a/netinfo")
    # the seed's net-1 holds 30001 and vrf-1 50001 of the default ranges 30000-49000 and 50000-59000
    assert info == {"l2vni": 30000, "mcastip": "239.1.1.1", "network-prefix": "MyNetwork_"}
    assert client.ok("GET", TOP_DOWN + "/site-a/netinfo")["l2vni"] == 30000  # asking reserves nothing
    previous = None
    for name in ("auto-1", "auto-2"):
        net_id = _next_network_id(client, previous)
        client.ok("POST", TOP_DOWN + "/site-a/networks", {
            "fabric": "site-a", "networkName": name, "networkId": net_id, "vrf": "vrf-1",
            "networkTemplateConfig": '{"networkName": "%s", "segmentId": "%s", "vlanId": ""}' % (name, net_id)})
        previous = net_id
    ids = {n["networkName"]: n["networkId"] for n in client.ok("GET", TOP_DOWN + "/site-a/networks")}
    assert (ids["auto-1"], ids["auto-2"]) == (30000, 30002)

    # 8.3: dcnm_vrf (a VRF without vrf_id) reads `l3vni` of vrfinfo
    assert client.ok("GET", TOP_DOWN + "/site-a/vrfinfo") == {"l3vni": 50000}
    client.ok("POST", LAN + "/top-down/bulk-create/vrfs", [{"fabric": "site-a", "vrfName": "auto-vrf", "vrfId": 50000,
                                                            "vrfTemplateConfig": '{"vrfSegmentId": 50000}'}])
    assert client.ok("GET", TOP_DOWN + "/site-a/vrfinfo") == {"l3vni": 50002}

    # the fabric's own range counts: a used-up one is refused, so the client fails instead of reusing an id
    client.ok("PUT", FABRICS + "/site-a/Easy_Fabric", {"L3_PARTITION_ID_RANGE": "50000-50001"})
    status, _reason, body = client.send("GET", TOP_DOWN + "/site-a/vrfinfo")
    assert status == 500 and "L3_PARTITION_ID_RANGE 50000-50001" in body
    status, _reason, _body = client.send("GET", TOP_DOWN + "/no-such-fabric/netinfo")
    assert status == 404


def test_easy_fabric_template_lists_every_parameter_and_a_create_fills_the_defaults(client):
    # 3.5: dcnm_fabric refuses any playbook key the template does not list (BFD_ENABLE and
    # VPC_PEER_LINK_VLAN were refused), and reads each parameter's type, default and choices.
    template = client.ok("GET", API + "/v1/configtemplate/rest/config/templates/Easy_Fabric")
    parameters = {parameter["name"]: parameter for parameter in template["parameters"]}
    assert len(parameters) >= 250
    assert parameters["BFD_ENABLE"]["parameterType"] == "boolean"
    assert parameters["VPC_PEER_LINK_VLAN"]["metaProperties"]["defaultValue"] == "3600"
    assert parameters["REPLICATION_MODE"]["annotations"]["Enum"] == '"Multicast,Ingress"'
    assert parameters["BGP_AS"]["annotations"]["IsMandatory"] == "true" and not parameters["BGP_AS"]["optional"]

    # 4.4: the create answer has every parameter, at its default where the body left it out
    created = client.ok("POST", FABRICS + "/tpl-1/Easy_Fabric", {"FABRIC_NAME": "tpl-1", "BGP_AS": 65110})
    assert set(created["nvPairs"]) == set(parameters)
    assert created["nvPairs"]["BFD_ENABLE"] == "false" and created["nvPairs"]["VPC_PEER_LINK_VLAN"] == "3600"
    # 4.5: dcnm_fabric's merged state needs every key it sends in the fabric's nvPairs, and sends
    # only what differs (a boolean as "true"/"false", a number as text)
    nv_pairs = client.ok("GET", FABRICS + "/tpl-1")["nvPairs"]
    wanted = {"BFD_ENABLE": "true", "VPC_PEER_LINK_VLAN": "3600"}
    changes = {key: value for key, value in wanted.items() if nv_pairs[key] != value}
    assert changes == {"BFD_ENABLE": "true"}
    updated = client.ok("PUT", FABRICS + "/tpl-1/Easy_Fabric", dict(changes, FABRIC_NAME="tpl-1"))
    assert updated["nvPairs"]["BFD_ENABLE"] == "true"


def test_unknown_and_ill_typed_fabric_keys_are_refused(client):
    # 4.4 and 4.5: the controller refuses keys its template does not know, with a text 500
    status, _reason, body = client.send("POST", FABRICS + "/tpl-2/Easy_Fabric", {"BGP_AS": "65111", "NO_SUCH_KEY": 1})
    assert (status, body) == (500, "Failed to create the fabric, due to invalid fields [{NO_SUCH_KEY=}]")
    status, _reason, body = client.send("PUT", FABRICS + "/site-a/Easy_Fabric", {"FABRIC_NAME": "site-a", "BOO": "x"})
    assert (status, body) == (500, "Failed to update the fabric, due to invalid field [BOO] in payload, please provide "
                                   "valid fields for fabric-settings")
    status, _reason, body = client.send("PUT", FABRICS + "/site-a/Easy_Fabric", {"FABRIC_MTU": 100000, "BFD_ENABLE": "maybe"})
    assert (status, body) == (500, "Error in validating provided name value pair: [BFD_ENABLE, FABRIC_MTU]")
    assert client.ok("GET", FABRICS + "/site-a")["nvPairs"]["FABRIC_MTU"] == "9216"


def _add(emu, client, fabric, address, preserve):
    emu.session().post(emu.url("/_emulator/timing"), json={"discover_seconds": 0.4, "reload_seconds": 0.8}, timeout=10)
    discovery = {"seedIP": address, "snmpV3AuthProtocol": 0, "username": "admin", "password": "switch-secret",
                 "maxHops": 0, "cdpSecondTimeout": "5", "role": "leaf", "preserveConfig": preserve,
                 "discoveryCredForLan": "true"}
    chosen = [c for c in client.ok("POST", FABRICS + "/%s/inventory/test-reachability" % fabric, discovery)
              if c["ipaddr"] == address]
    client.ok("POST", FABRICS + "/%s/inventory/discover?setAndUseDiscoveryCredForLan=true" % fabric,
              dict(discovery, switches=chosen))
    return chosen[0]["serialNumber"]


def _states_until_ready(client, fabric, serial):
    """(managable, status, mode) of a switch at each read, until it is manageable and ok."""
    seen = []
    deadline = time.monotonic() + 10
    while not seen or seen[-1][:2] != (True, "ok"):
        assert time.monotonic() < deadline, seen
        switch = next(s for s in client.ok("GET", FABRICS + "/%s/inventory/switchesByFabric" % fabric)
                      if s["serialNumber"] == serial)
        state = (switch["managable"], switch["status"], switch["mode"])
        if not seen or seen[-1] != state:
            seen.append(state)
        time.sleep(0.05)
    return seen


def test_greenfield_switch_reloads_once_after_its_migration(emu, client):
    # 6.4: for a greenfield add dcnm_inventory waits for Migration to end, then for the switch to
    # turn managable false once (its reload), then for managable true and status ok. A switch
    # that never turned false kept it polling for 25 minutes.
    serial = _add(emu, client, "site-dc1", "10.88.0.1", preserve=False)
    seen = _states_until_ready(client, "site-dc1", serial)
    assert seen[0] == (False, "discovering", "Migration")
    after_migration = [state for state in seen if state[2] != "Migration"]
    assert after_migration[0][0] is False, seen  # the reload, seen before the switch is ready
    assert seen[-1] == (True, "ok", "Normal")


def test_no_reload_for_brownfield_adds_or_with_the_greenfield_debug_flag(emu, client):
    # 6.4: a brownfield add (preserveConfig true) keeps the switch's configuration: no reload;
    # GRFIELD_DEBUG_FLAG Enable skips the reload of a greenfield add (the client then skips the wait)
    serial = _add(emu, client, "site-dc1", "10.88.0.2", preserve=True)
    assert _states_until_ready(client, "site-dc1", serial) == [(False, "discovering", "Normal"), (True, "ok", "Normal")]
    client.ok("PUT", FABRICS + "/site-dc1/Easy_Fabric", {"FABRIC_NAME": "site-dc1", "GRFIELD_DEBUG_FLAG": "Enable"})
    serial = _add(emu, client, "site-dc1", "10.88.0.3", preserve=False)
    assert _states_until_ready(client, "site-dc1", serial) == [(False, "discovering", "Migration"), (True, "ok", "Normal")]


def test_switch_credentials_and_roles_after_an_add(emu, client):
    # 6.4: after the switches are up dcnm_inventory reads the stored credentials (each entry
    # needs a switchDbID) and posts the roles, `_` sent as a space; both must answer 200 OK.
    serial = _add(emu, client, "site-dc1", "10.88.0.4", preserve=True)
    _states_until_ready(client, "site-dc1", serial)
    inventory = {s["ipAddress"]: s for s in client.ok("GET", FABRICS + "/site-dc1/inventory/switchesByFabric")}
    credentials = {entry["ipAddress"]: entry for entry in client.ok("GET", LAN + "/lanConfig/getLanSwitchCredentialsWithType")}
    assert credentials["10.88.0.4"]["switchDbID"] == str(inventory["10.88.0.4"]["switchDbID"])
    client.ok("POST", LAN + "/control/switches/roles", [{"serialNumber": serial, "role": "border_gateway".replace("_", " ")}])
    switch = next(s for s in client.ok("GET", FABRICS + "/site-dc1/inventory/switchesByFabric") if s["serialNumber"] == serial)
    assert switch["switchRole"] == "border gateway"
    status, _reason, body = client.send("POST", LAN + "/control/switches/roles", [{"serialNumber": serial, "role": "boss"}])
    assert status == 400 and "boss" in body


def test_platform_version_as_cisco_nd_reads_it(client):
    # cisco.nd's nd_version and its connection plugin GET /version.json and
    # join major, minor and maintenance with dots; its own tests expect patch, commit_id and
    # product_name too. The gateway's 404 failed nd_version.
    body = client.ok("GET", "/version.json")
    assert ".".join(str(body[key]) for key in ("major", "minor", "maintenance")) == "3.2.1"
    assert isinstance(body["patch"], str) and body["commit_id"] and body["product_name"] == "Nexus Dashboard"
