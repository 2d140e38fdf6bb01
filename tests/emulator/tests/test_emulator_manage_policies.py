"""/api/v1/manage policies of a 4.2 emulator (nd-manage-facts 8): made in bulk, listed with a Lucene filter, marked,
pushed and removed per id with 207 answers, one state with the legacy policies."""

import pytest

from controller_paths import FABRICS, LAN
from leaves import manage_leaf

MANAGE = "/api/v1/manage/fabrics/site-a"


@pytest.fixture(name="admin")
def admin_session(emu_42):
    return emu_42.login()


def _policy(serial, description="banner", **fields):
    return dict({"switchId": serial, "templateName": "switch_freeform", "entityType": "switch", "entityName": "SWITCH",
                 "description": description, "priority": 500, "templateInputs": {"CONF": "feature bash-shell"}}, **fields)


def _action(emu, session, action, ids, status=207):
    answer = session.post(emu.url(MANAGE + "/policyActions/" + action), json={"policyIds": ids}, timeout=10)
    assert answer.status_code == status, answer.text
    return answer.json()


def test_a_policy_made_on_42_is_a_legacy_policy_and_goes_by_mark_push_remove(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    answer = admin.post(emu_42.url(MANAGE + "/policies"), json={"policies": [
        _policy(leaf), _policy(leaf, templateName="no_such_template"), _policy("NOSUCH")]}, timeout=10)
    assert answer.status_code == 207, answer.text
    made, unknown, stranger = answer.json()["policies"]
    assert (made["status"], made["switchId"], made["templateName"]) == ("success", leaf, "switch_freeform")
    assert made["policyId"].startswith("POLICY-")
    assert (unknown["status"], stranger["status"]) == ("failed", "failed") and "no_such_template" in unknown["message"]
    legacy = admin.get(emu_42.url(LAN + "/control/policies/" + made["policyId"]), timeout=10).json()
    assert (legacy["serialNumber"], legacy["entityType"], legacy["nvPairs"]["CONF"], legacy["priority"]) == (
        leaf, "SWITCH", "feature bash-shell", 500)
    listed = admin.get(emu_42.url(MANAGE + "/policies"), params={
        "filter": "switchId:%s AND templateName:switch_freeform" % leaf, "max": 10000}, timeout=10).json()["policies"]
    assert [policy["policyId"] for policy in listed] == [made["policyId"]]
    assert listed[0] == dict(_policy(leaf), policyId=made["policyId"], fabricName="site-a", source="", markDeleted=False)
    # the fabric's own policies are listed too, with their source
    generated = admin.get(emu_42.url(MANAGE + "/policies"), params={"filter": "switchId:%s AND source:UNDERLAY" % leaf},
                          timeout=10).json()["policies"]
    assert sorted(policy["templateName"] for policy in generated) == ["feature_lacp", "feature_ngoam"]
    changed = admin.put(emu_42.url(MANAGE + "/policies/" + made["policyId"]), json=_policy(leaf, priority=100), timeout=10)
    assert changed.status_code == 200 and changed.json()["priority"] == 100
    assert admin.get(emu_42.url(LAN + "/control/policies/" + made["policyId"]), timeout=10).json()["priority"] == 100
    marked = _action(emu_42, admin, "markDelete", [made["policyId"], generated[0]["policyId"]])["policies"]
    assert [item["status"] for item in marked] == ["success", "failed"]
    assert admin.get(emu_42.url(MANAGE + "/policies/" + made["policyId"]), timeout=10).json()["markDeleted"] is True
    assert _action(emu_42, admin, "pushConfig", [made["policyId"]])["policies"][0]["status"] == "success"
    assert _action(emu_42, admin, "remove", [made["policyId"]])["policies"][0]["status"] == "success"
    assert admin.get(emu_42.url(MANAGE + "/policies/" + made["policyId"]), timeout=10).status_code == 404


def test_a_legacy_policy_is_read_and_deleted_on_42_and_a_frozen_fabric_refuses_the_push(emu_42, admin):
    leaf = manage_leaf(emu_42, admin)
    body = {"serialNumber": leaf, "templateName": "switch_freeform", "entityType": "SWITCH", "entityName": "SWITCH",
            "priority": "300", "description": "legacy", "source": "", "nvPairs": {"CONF": "ip domain-lookup"}}
    created = admin.post(emu_42.url(LAN + "/control/policies/bulk-create"), json=body, timeout=10).json()
    policy_id = created["successList"][0]["message"].split()[0]
    policy = admin.get(emu_42.url(MANAGE + "/policies/" + policy_id), timeout=10).json()
    assert (policy["switchId"], policy["entityType"], policy["priority"], policy["templateInputs"]) == (
        leaf, "switch", 300, {"CONF": "ip domain-lookup"})
    admin.put(emu_42.url(FABRICS + "/site-a/Easy_Fabric"), json={"DEPLOYMENT_FREEZE": True}, timeout=10)
    assert _action(emu_42, admin, "pushConfig", [policy_id], 500)["message"].endswith("freeze mode")
    assert admin.delete(emu_42.url(MANAGE + "/policies/" + policy_id), timeout=10).status_code == 204
    assert admin.get(emu_42.url(LAN + "/control/policies/" + policy_id), timeout=10).status_code == 500


def test_the_parameters_of_a_template(emu_42, admin):
    easy = admin.get(emu_42.url("/api/v1/manage/configTemplates/Easy_Fabric/parameters"), timeout=10).json()
    assert easy["name"] == "Easy_Fabric" and {"BGP_AS", "FABRIC_MTU"} <= {parameter["name"] for parameter in easy["parameters"]}
    freeform = admin.get(emu_42.url("/api/v1/manage/configTemplates/switch_freeform/parameters"), timeout=10).json()
    assert [(parameter["name"], parameter["optional"]) for parameter in freeform["parameters"]] == [("CONF", False)]
    assert admin.get(emu_42.url("/api/v1/manage/configTemplates/feature_pim/parameters"), timeout=10).json() == {
        "name": "feature_pim", "parameters": []}
    assert admin.get(emu_42.url("/api/v1/manage/configTemplates/nothing/parameters"), timeout=10).status_code == 404
