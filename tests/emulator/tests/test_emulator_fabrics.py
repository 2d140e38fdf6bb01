"""The fabric controller slice: CRUD of fabrics and switches, error bodies, RBAC."""

import pytest

FABRICS = "/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"
NEW_FABRIC = {"name": "site-b", "type": "LAN_CLASSIC", "asn": "65002", "description": "Second site"}
NEW_SWITCH = {"serialNumber": "FDO1111B0BB", "hostname": "spine-1", "role": "spine", "ipAddress": "192.0.2.21"}


@pytest.fixture(name="admin")
def admin_session(emu):
    return emu.login("admin")


def url(emu, *parts):
    return emu.url("/".join((FABRICS,) + parts))


def assert_controller_error(answer, status):
    assert answer.status_code == status
    body = answer.json()
    assert set(body) == {"code", "description", "errors", "message"}
    assert body["code"] == status
    assert body["description"] == ""
    assert body["errors"] is None
    assert body["message"]
    return body


def assert_not_found(answer, path):
    assert answer.status_code == 404
    body = answer.json()
    assert set(body) == {"timestamp", "status", "error", "path"}
    assert body["status"] == 404
    assert body["error"] == "Not Found"
    assert body["path"] == path
    assert body["timestamp"] > 1600000000000


def test_seed_data(emu, admin):
    fabrics = admin.get(url(emu), timeout=10).json()
    assert [fabric["name"] for fabric in fabrics] == ["site-a"]
    site_a = fabrics[0]
    assert site_a["type"] == "VXLAN_EVPN" and site_a["asn"] == "65001" and site_a["securityDomain"] == "all"
    assert isinstance(site_a["id"], int) and site_a["createdAt"].endswith("Z")
    switches = admin.get(url(emu, "site-a", "switches"), timeout=10).json()
    assert len(switches) == 1 and switches[0]["fabricName"] == "site-a"


def test_create_get_list_delete_fabric(emu, admin):
    created = admin.post(url(emu), json=NEW_FABRIC, timeout=10)
    assert created.status_code == 201
    body = created.json()
    assert {key: body[key] for key in NEW_FABRIC} == NEW_FABRIC
    assert body["securityDomain"] == "all"
    assert admin.get(url(emu, "site-b"), timeout=10).json() == body
    assert "site-b" in [fabric["name"] for fabric in admin.get(url(emu), timeout=10).json()]
    deleted = admin.delete(url(emu, "site-b"), timeout=10)
    assert deleted.status_code == 200
    assert deleted.content == b""
    assert_not_found(admin.get(url(emu, "site-b"), timeout=10), FABRICS + "/site-b")


def test_create_defaults_description_and_domain(emu, admin):
    body = admin.post(url(emu), json={"name": "bare", "type": "EXTERNAL", "asn": "64512"}, timeout=10).json()
    assert body["description"] == "" and body["securityDomain"] == "all"


def test_duplicate_fabric_is_409(emu, admin):
    answer = admin.post(url(emu), json=dict(NEW_FABRIC, name="site-a"), timeout=10)
    body = assert_controller_error(answer, 409)
    assert body["message"] == "Fabric site-a already exists"


@pytest.mark.parametrize("body", [
    {"type": "VXLAN_EVPN", "asn": "65010"},
    {"name": "x1", "type": "NOT_A_TYPE", "asn": "65010"},
    {"name": "x1", "type": "VXLAN_EVPN", "asn": 65010},
    {"name": "x1", "type": "VXLAN_EVPN", "asn": "0"},
    {"name": "x1", "type": "VXLAN_EVPN", "asn": "4294967296"},
    {"name": "x1", "type": "VXLAN_EVPN", "asn": "65010", "colour": "blue"},
    {"name": "bad name!", "type": "VXLAN_EVPN", "asn": "65010"},
])
def test_invalid_fabric_body_is_400(emu, admin, body):
    assert_controller_error(admin.post(url(emu), json=body, timeout=10), 400)
    assert len(admin.get(url(emu), timeout=10).json()) == 1


def test_non_json_body_is_refused(emu, admin):
    answer = admin.post(url(emu), data="name=x", headers={"Content-Type": "application/x-www-form-urlencoded"}, timeout=10)
    assert answer.status_code in (400, 415)
    assert answer.json()["code"] == answer.status_code


def test_put_replaces_and_is_idempotent(emu, admin):
    before = admin.get(url(emu, "site-a"), timeout=10).json()
    replaced = admin.put(url(emu, "site-a"), json={"type": "EXTERNAL", "asn": "65009"}, timeout=10)
    assert replaced.status_code == 200
    after = replaced.json()
    assert after["type"] == "EXTERNAL" and after["asn"] == "65009"
    assert after["description"] == ""  # replaced, not merged
    assert after["id"] == before["id"] and after["createdAt"] == before["createdAt"]
    # sending back what was read changes nothing, not even a timestamp
    again = admin.put(url(emu, "site-a"), json=after, timeout=10).json()
    assert again == after
    assert admin.get(url(emu, "site-a"), timeout=10).json() == after


def test_put_cannot_rename(emu, admin):
    body = assert_controller_error(admin.put(url(emu, "site-a"), json={"name": "site-z", "type": "EXTERNAL", "asn": "1"}, timeout=10), 409)
    assert "site-z" in body["message"]


def test_put_missing_fabric_is_404(emu, admin):
    assert_not_found(admin.put(url(emu, "ghost"), json={"type": "EXTERNAL", "asn": "1"}, timeout=10), FABRICS + "/ghost")


def test_patch_merges(emu, admin):
    patched = admin.patch(url(emu, "site-a"), json={"description": "changed"}, timeout=10)
    assert patched.status_code == 200
    body = patched.json()
    assert body["description"] == "changed" and body["asn"] == "65001" and body["type"] == "VXLAN_EVPN"


def test_patch_and_delete_missing_fabric_are_404(emu, admin):
    assert_not_found(admin.patch(url(emu, "ghost"), json={"description": "x"}, timeout=10), FABRICS + "/ghost")
    assert_not_found(admin.delete(url(emu, "ghost"), timeout=10), FABRICS + "/ghost")


def test_switch_lifecycle(emu, admin):
    created = admin.post(url(emu, "site-a", "switches"), json=NEW_SWITCH, timeout=10)
    assert created.status_code == 201
    assert created.json() == dict(NEW_SWITCH, fabricName="site-a")
    serial = NEW_SWITCH["serialNumber"]
    assert admin.get(url(emu, "site-a", "switches", serial), timeout=10).json()["hostname"] == "spine-1"
    replaced = admin.put(url(emu, "site-a", "switches", serial), json={"hostname": "spine-9", "role": "border", "ipAddress": "192.0.2.99"}, timeout=10)
    assert replaced.json() == {"serialNumber": serial, "hostname": "spine-9", "role": "border", "ipAddress": "192.0.2.99", "fabricName": "site-a"}
    patched = admin.patch(url(emu, "site-a", "switches", serial), json={"role": "spine"}, timeout=10)
    assert patched.json()["role"] == "spine" and patched.json()["hostname"] == "spine-9"
    assert len(admin.get(url(emu, "site-a", "switches"), timeout=10).json()) == 2
    assert admin.delete(url(emu, "site-a", "switches", serial), timeout=10).status_code == 200
    assert_not_found(admin.get(url(emu, "site-a", "switches", serial), timeout=10), FABRICS + "/site-a/switches/" + serial)


def test_duplicate_switch_serial_is_409(emu, admin):
    admin.post(url(emu), json=NEW_FABRIC, timeout=10)
    assert admin.post(url(emu, "site-a", "switches"), json=NEW_SWITCH, timeout=10).status_code == 201
    body = assert_controller_error(admin.post(url(emu, "site-b", "switches"), json=NEW_SWITCH, timeout=10), 409)
    assert NEW_SWITCH["serialNumber"] in body["message"]


@pytest.mark.parametrize("change", [{"role": "core"}, {"ipAddress": "300.1.1.1"}, {"hostname": ""}])
def test_invalid_switch_body_is_400(emu, admin, change):
    assert_controller_error(admin.post(url(emu, "site-a", "switches"), json=dict(NEW_SWITCH, **change), timeout=10), 400)


def test_switches_of_a_missing_fabric_are_404(emu, admin):
    assert_not_found(admin.get(url(emu, "ghost", "switches"), timeout=10), FABRICS + "/ghost/switches")
    assert_not_found(admin.post(url(emu, "ghost", "switches"), json=NEW_SWITCH, timeout=10), FABRICS + "/ghost/switches")


def test_deleting_a_fabric_deletes_its_switches(emu, admin):
    admin.post(url(emu), json=NEW_FABRIC, timeout=10)
    admin.post(url(emu, "site-b", "switches"), json=NEW_SWITCH, timeout=10)
    admin.delete(url(emu, "site-b"), timeout=10)
    admin.post(url(emu), json=NEW_FABRIC, timeout=10)
    assert admin.get(url(emu, "site-b", "switches"), timeout=10).json() == []


# RBAC

def test_viewer_reads_but_cannot_write(emu):
    viewer = emu.login("viewer")
    assert viewer.get(url(emu, "site-a"), timeout=10).status_code == 200
    assert viewer.get(url(emu, "site-a", "switches"), timeout=10).status_code == 200
    assert_controller_error(viewer.post(url(emu), json=NEW_FABRIC, timeout=10), 403)
    assert_controller_error(viewer.patch(url(emu, "site-a"), json={"description": "x"}, timeout=10), 403)
    assert_controller_error(viewer.put(url(emu, "site-a"), json={"type": "EXTERNAL", "asn": "1"}, timeout=10), 403)
    assert_controller_error(viewer.delete(url(emu, "site-a"), timeout=10), 403)
    assert_controller_error(viewer.post(url(emu, "site-a", "switches"), json=NEW_SWITCH, timeout=10), 403)
    assert_controller_error(viewer.delete(url(emu, "site-a", "switches", "FDO2233A0AA"), timeout=10), 403)
    assert viewer.get(url(emu, "site-a"), timeout=10).json()["description"] == "Seed fabric"


def test_domain_scoped_account_writes_only_in_its_domain(emu, admin):
    netops = emu.login("netops")
    # nothing in dc1 yet; site-a (domain all) is invisible and forbidden
    assert netops.get(url(emu), timeout=10).json() == []
    assert_controller_error(netops.get(url(emu, "site-a"), timeout=10), 403)
    assert_controller_error(netops.post(url(emu), json=NEW_FABRIC, timeout=10), 403)
    created = netops.post(url(emu), json=dict(NEW_FABRIC, securityDomain="dc1"), timeout=10)
    assert created.status_code == 201
    assert [fabric["name"] for fabric in netops.get(url(emu), timeout=10).json()] == ["site-b"]
    assert netops.patch(url(emu, "site-b"), json={"description": "ops"}, timeout=10).status_code == 200
    # moving it out of dc1 would need write on the target domain
    assert_controller_error(netops.patch(url(emu, "site-b"), json={"securityDomain": "all"}, timeout=10), 403)
    assert netops.post(url(emu, "site-b", "switches"), json=NEW_SWITCH, timeout=10).status_code == 201
    assert sorted(fabric["name"] for fabric in admin.get(url(emu), timeout=10).json()) == ["site-a", "site-b"]


def test_writes_counter_counts_handled_writes(emu, admin):
    admin.post(url(emu), json=NEW_FABRIC, timeout=10)
    admin.post(url(emu), json=NEW_FABRIC, timeout=10)
    admin.get(url(emu), timeout=10)
    counters = emu.counters()
    assert counters["writes"] == 2
    assert counters["requests"]["POST /appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics"] == {"201": 1, "409": 1}
