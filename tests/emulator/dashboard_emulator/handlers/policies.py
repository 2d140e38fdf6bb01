"""Switch policy operations (NDFC paths): a switch's policies, create, update, mark for delete, delete, deploy.

Named by the operationId in docs/api/fabric-controller.yaml. A policy is named by its id (POLICY-nnnn),
a switch by its serial number; the caller needs read (write) permission on the switch's fabric.
"""

from dashboard_emulator.fabric_store import BadRequest, StoreError
from dashboard_emulator.handlers import current_scope, current_state
from dashboard_emulator.handlers.fabric import _names, _operation, _readable, _writable
from dashboard_emulator.responses import json_response


def _read_switches(store, serials):
    for fabric_name in sorted(store.interface_fabrics(serials)):
        _readable(store, fabric_name)


def _policy_fabrics(store, policy_ids, check):
    """Check the fabric of each policy named (an id of no policy is refused by the store later)."""
    for policy_id in policy_ids:
        try:
            serial = store.get_policy(policy_id)["serialNumber"]
        except StoreError:
            continue
        check(store, store.switch_fabric(serial))


def _outcomes(successes, failures):
    """[seen] a success lists `successList` only; [client] cisco.dcnm reads the first item of a `failureList`
    whenever the answer has one, so an empty one is left out."""
    answer = {"successList": successes}
    if failures:
        answer["failureList"] = failures
    return answer


@_operation()
def switch_policies(store, serialNumber, **_kwargs):
    """GET .../control/policies/switches/{serialNumber}."""
    _read_switches(store, [serialNumber])
    return json_response(200, store.list_policies([serialNumber]))


@_operation()
def policies_of_switches(store, serialNumber, **_kwargs):
    """GET .../control/policies/switches?serialNumber=SN1,SN2."""
    serials = _names(serialNumber)
    _read_switches(store, serials)
    return json_response(200, store.list_policies(serials))


@_operation()
def fabric_policies(store, fabricName, templateName, **_kwargs):
    """GET .../control/policies/{fabricName}/policy?templateName=."""
    _readable(store, fabricName)
    return json_response(200, store.fabric_policies(fabricName, templateName))


@_operation()
def get_policy(store, policyId, **_kwargs):
    answer = store.get_policy(policyId)
    _readable(store, store.switch_fabric(answer["serialNumber"]))
    return json_response(200, answer)


@_operation(write=True)
def create_policies(store, body=None, **_kwargs):
    bodies = body if isinstance(body, list) else [body]
    serials = {str(item.get("serialNumber", "")) for item in bodies if isinstance(item, dict)}
    for fabric_name in sorted(store.interface_fabrics(serials)):
        _writable(store, fabric_name)
    fail_one = current_state().faults.take("partial_failure_count", current_scope()["path"])
    successes, failures = store.create_policies(bodies, fail_one=fail_one)
    # [uncertain] the status when some fail: that of the bulk create of networks (facts 9)
    return json_response(207 if failures else 200, _outcomes(successes, failures))


@_operation(write=True)
def create_policy(store, body=None, **_kwargs):
    """POST .../control/policies: one policy; the policy as made, or a JSON 400 whose ``message`` says why.

    [client] Network-as-Code creates each switch's missing host_11_1 this way and reads ``DATA.message`` of a
    failure; [uncertain] the answer of a success (here: the policy, as GET .../control/policies/{policyId})."""
    if not isinstance(body, dict):
        raise BadRequest("Invalid request is supplied. expected a JSON object, one policy")
    serial = str(body.get("serialNumber", ""))
    for fabric_name in sorted(store.interface_fabrics({serial})):
        _writable(store, fabric_name)
    successes, failures = store.create_policies([body])
    if failures:
        raise BadRequest(failures[0]["message"])
    policy_id = successes[0]["message"].split(" ", 1)[0]
    return json_response(200, store.get_policy(policy_id))


@_operation(write=True)
def update_policies(store, policyIds, body=None, **_kwargs):
    ids = _names(policyIds)
    _policy_fabrics(store, ids, _writable)
    if not isinstance(body, list):
        raise StoreError("Invalid request is supplied. expected a JSON array of policies", 400)
    return json_response(200, _outcomes(store.update_policies(ids, body), []))


@_operation(write=True)
def mark_delete_policies(store, policyIds, **_kwargs):
    ids = _names(policyIds)
    _policy_fabrics(store, ids, _writable)
    marked = store.mark_delete_policies(ids)
    # [seen] one policy marked: the policy as it now is; [uncertain] several: an array of them
    return json_response(200, marked[0] if len(marked) == 1 else marked)


@_operation(write=True)
def delete_policy(store, policyId, **_kwargs):
    _policy_fabrics(store, [policyId], _writable)
    return json_response(200, store.delete_policies([policyId])[0])


@_operation(write=True)
def delete_policies(store, policyIds, **_kwargs):
    ids = _names(policyIds)
    _policy_fabrics(store, ids, _writable)
    # [uncertain] the answer: one result per policy, as the single DELETE answers
    return json_response(200, store.delete_policies(ids))


@_operation(write=True)
def deploy_policies(store, body=None, **_kwargs):
    if not isinstance(body, list) or not all(isinstance(item, str) for item in body):
        raise StoreError("Invalid request is supplied. expected a JSON array of policy ids", 400)
    _policy_fabrics(store, body, _writable)
    return json_response(200, store.deploy_policies(body))
