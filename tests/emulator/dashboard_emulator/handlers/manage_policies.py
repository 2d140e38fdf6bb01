"""/api/v1/manage operations of a 4.2 platform on switch policies and template parameters (nd-manage-facts 8), on the
legacy store.

A policy made here is the legacy ``/control/policies`` policy and the reverse. The bulk operations answer ``207`` with
``{"policies": [{"policyId", "status": "success"|"failed", "message", ...}]}``, in the order of the request [client,
cisco.nd's policy branch, which reads that key and order; uncertain: no captured answer].
"""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.handlers import current_scope, current_state
from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.manage_policies import legacy_policy, lucene_terms, manage_policy
from dashboard_emulator.handlers.manage import Refused, need, operation
from dashboard_emulator.responses import empty_response, json_response


def _policy(store, fabric_name, policy_id):
    try:
        view = store.get_policy(policy_id)
    except StoreError:
        view = None
    if view is None or view["fabricName"] != fabric_name:
        # [uncertain] the 404 of an unknown policy (cisco.nd reads a 404, or a 200 without policyId, as "absent")
        raise Refused(404, "Policy %s not found in fabric %s" % (policy_id, fabric_name))
    return view


@operation()
def list_policies(store, fabricName, filter=None, **_kwargs):  # pylint: disable=redefined-builtin
    """GET .../policies[?filter=&max=]: the switch-level policies of the fabric's switches, those the controller made
    included (``source`` not empty), kept where every term of ``filter`` equals the field it names. ``max``, ``offset``
    and ``sort`` are not looked at: one page holds them all [uncertain]."""
    need(can_read, store.security_domain_of(fabricName), "read")
    terms = lucene_terms(filter) if filter else {}
    policies = [policy for policy in (manage_policy(view) for view in store.fabric_policies(fabricName))
                if all(str(policy.get(field)) == value for field, value in terms.items())]
    return json_response(200, {"policies": policies, "meta": {"counts": {"total": len(policies), "remaining": 0}}})


@operation()
def get_policy(store, fabricName, policyId, **_kwargs):
    need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, manage_policy(_policy(store, fabricName, policyId)))


def _outcome(policy_id, error=None, **fields):
    return dict(fields, policyId=policy_id, status="failed" if error else "success", message=error or "")


@operation(write=True)
def create_policies(store, fabricName, body=None, **_kwargs):
    """POST .../policies {policies: [...]}: each made as the legacy create makes it, on a switch of the fabric; 207."""
    need(can_write, store.security_domain_of(fabricName), "write")
    items = body.get("policies") if isinstance(body, dict) else None
    if not isinstance(items, list) or not items:
        raise Refused(400, "The body must be {\"policies\": [...]} with at least one policy")
    # the injected partial failure (fault partial_failure_count) fails the last item, as on the legacy bulk create
    fail_last = current_state().faults.take("partial_failure_count", current_scope()["path"])
    results = []
    for index, item in enumerate(items):
        fields = {key: item.get(key) for key in ("switchId", "templateName", "entityType", "entityName")} if isinstance(item, dict) else {}
        if fail_last and index == len(items) - 1:
            results.append(_outcome(None, "Failed to create policy. Please try after some time", **fields))
            continue
        try:
            legacy = legacy_policy(item)
            if store.switch_fabric(legacy.get("serialNumber")) != fabricName:
                raise BadRequest("Switch %s is not in fabric %s" % (legacy.get("serialNumber"), fabricName))
            successes, failures = store.create_policies([legacy])
            if failures:
                raise BadRequest(failures[0]["message"])
            # the legacy answer names the new policy in its message ("POLICY-n is created successfully")
            results.append(_outcome(successes[0]["message"].split()[0], **fields))
        except StoreError as exc:
            results.append(_outcome(None, exc.message, **fields))
    return json_response(207, {"policies": results})


@operation(write=True)
def update_policy(store, fabricName, policyId, body=None, **_kwargs):
    """PUT .../policies/{policyId}: the whole policy replaced, as the legacy bulk update [uncertain: the answer, 200 with
    the policy]."""
    need(can_write, store.security_domain_of(fabricName), "write")
    current = _policy(store, fabricName, policyId)
    legacy = legacy_policy(dict({"switchId": current["serialNumber"]}, **(body if isinstance(body, dict) else {})), policyId)
    store.update_policies([policyId], [legacy])
    return json_response(200, manage_policy(_policy(store, fabricName, policyId)))


@operation(write=True)
def delete_policy(store, fabricName, policyId, **_kwargs):
    """DELETE .../policies/{policyId}: the record removed, as the legacy DELETE [uncertain: the status, 204]."""
    need(can_write, store.security_domain_of(fabricName), "write")
    _policy(store, fabricName, policyId)
    store.delete_policies([policyId])
    return empty_response(204)


def _policy_action(act, deploys=False):
    """POST .../policyActions/{markDelete,pushConfig,remove} {policyIds}: ``act(store, [id])`` per policy; 207."""
    @operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        need(can_write, store.security_domain_of(fabricName), "write")
        ids = body.get("policyIds") if isinstance(body, dict) else None
        if not isinstance(ids, list) or not ids or not all(isinstance(policy_id, str) for policy_id in ids):
            raise Refused(400, "The body must be {\"policyIds\": [\"POLICY-n\", ...]}")
        if deploys:
            store.refuse_frozen(fabricName)
        results = []
        for policy_id in ids:
            try:
                _policy(store, fabricName, policy_id)
                act(store, [policy_id])
                results.append(_outcome(policy_id))
            except (StoreError, Refused) as exc:
                results.append(_outcome(policy_id, exc.message))
        return json_response(207, {"policies": results})
    return handler


mark_delete_policies = _policy_action(lambda store, ids: store.mark_delete_policies(ids))
push_policies = _policy_action(lambda store, ids: store.deploy_policies(ids), deploys=True)
remove_policies = _policy_action(lambda store, ids: store.delete_policies(ids))


@operation()
def template_parameters(store, templateName, **_kwargs):
    """GET /configTemplates/{templateName}/parameters: ``{"parameters": [...]}`` of the template the legacy template read
    serves (``name``, ``parameterType``, ``optional``, ``defaultValue``, ``annotations``: what cisco.nd reads) [client;
    uncertain: the rest of the object]; an unknown template 404s."""
    try:
        template = store.template(templateName)
    except StoreError:
        raise Refused(404, "Template %s not found" % templateName) from None
    return json_response(200, {"name": templateName, "parameters": template.get("parameters") or []})
