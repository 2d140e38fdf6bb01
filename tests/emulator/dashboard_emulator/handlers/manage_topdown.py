"""/api/v1/manage operations of a 4.2 platform on VRFs and networks (nd-manage-facts 5, 6), on the legacy store."""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.handlers import current_scope, current_state
from dashboard_emulator.handlers.manage import Refused, need, operation
from dashboard_emulator.responses import empty_response, json_response
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.manage_topdown import (
    NETWORK_FIELDS, VRF_FIELDS, legacy_attachment, legacy_network, legacy_vrf, manage_attachment, manage_network, manage_vrf,
    updated_config,
)


# VRFs and networks: the same handlers for both, by kind

_KINDS = {
    "vrf": {"plural": "vrfs", "name": "vrfName", "shape": manage_vrf, "legacy": legacy_vrf, "id": "vrfId", "fields": VRF_FIELDS},
    "network": {"plural": "networks", "name": "networkName", "shape": manage_network, "legacy": legacy_network, "id": "networkId",
                "fields": NETWORK_FIELDS},
}


def _item(store, kind, fabric_name, name):
    try:
        return store.get_item(kind, fabric_name, name)
    except StoreError:
        # the legacy API answers an unknown name with 400 "Invalid ... name"; a manage GET of one object 404s [uncertain]
        raise Refused(404, "%s %s not found in fabric %s" % ("VRF" if kind == "vrf" else "Network", name, fabric_name)) from None


def _list_items(kind):
    @operation()
    def handler(store, fabricName, **_kwargs):
        need(can_read, store.security_domain_of(fabricName), "read")
        items = [_KINDS[kind]["shape"](view) for view in store.list_items(kind, fabricName)]
        return json_response(200, {_KINDS[kind]["plural"]: items, "meta": {"counts": {"total": len(items), "remaining": 0}}})
    return handler


def _get_item(kind):
    @operation()
    def handler(store, fabricName, **kwargs):
        need(can_read, store.security_domain_of(fabricName), "read")
        return json_response(200, _KINDS[kind]["shape"](_item(store, kind, fabricName, kwargs[_KINDS[kind]["name"]])))
    return handler


def _create_items(kind):
    @operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        need(can_write, store.security_domain_of(fabricName), "write")
        spec = _KINDS[kind]
        items = body.get(spec["plural"]) if isinstance(body, dict) else None
        if not isinstance(items, list) or not items:
            raise Refused(400, "The body must be {\"%s\": [...]} with at least one item" % spec["plural"])
        # the injected partial failure (fault partial_failure_count) fails the last item, as on the legacy bulk create
        fail_last = current_state().faults.take("partial_failure_count", current_scope()["path"])
        results = []
        for index, item in enumerate(items):
            name = item.get(spec["name"]) if isinstance(item, dict) else None
            if fail_last and index == len(items) - 1:
                results.append({spec["name"]: name, "status": "failed",
                                "message": "Failed to create %s %s. Please try after some time" % (kind, name)})
                continue
            try:
                created = store.create_item(kind, fabricName, spec["legacy"](fabricName, item))
                results.append({spec["name"]: name, "status": "success", "message": "", spec["id"]: created[spec["id"]]})
            except StoreError as exc:
                results.append({spec["name"]: name, "status": "failed", "message": exc.message})
        return json_response(207, {"results": results})
    return handler


def _update_item(kind):
    @operation(write=True)
    def handler(store, fabricName, body=None, **kwargs):
        need(can_write, store.security_domain_of(fabricName), "write")
        spec = _KINDS[kind]
        name = kwargs[spec["name"]]
        if not isinstance(body, dict) or body.get(spec["name"]) not in (None, name):
            raise Refused(400, "The body must be the %s %s" % ("VRF" if kind == "vrf" else "network", name))
        current = _item(store, kind, fabricName, name)
        config = updated_config(current[kind + "TemplateConfig"], body, spec["fields"])
        change = {kind + "TemplateConfig": config}
        if kind == "network" and body.get("vrfName"):
            change["vrf"] = config["vrfName"] = body["vrfName"]
        store.update_item(kind, fabricName, name, change)
        return json_response(200, spec["shape"](store.get_item(kind, fabricName, name)))
    return handler


def _delete_item(kind):
    @operation(write=True)
    def handler(store, fabricName, **kwargs):
        need(can_write, store.security_domain_of(fabricName), "write")
        name = kwargs[_KINDS[kind]["name"]]
        _item(store, kind, fabricName, name)
        store.delete_item(kind, fabricName, name)
        return empty_response(204)
    return handler


def _results(kind, results):
    """The 207 answer of a bulk write: for VRFs only the failures when some failed (the facts' VRF schema, 2.2); for
    networks every item [uncertain: the network schema does not say]."""
    failed = [result for result in results if result["status"] == "failed"]
    return json_response(207, {"results": failed if kind == "vrf" and failed else results})


def _names_in(body, field, required=True):
    names = body.get(field) if isinstance(body, dict) else None
    if names is None and not required:
        return None
    if not isinstance(names, list) or (required and not names) or not all(isinstance(name, str) and name for name in names):
        raise Refused(400, "%s must be a list of names%s" % (field, ", at least one" if required else ""))
    return names


def _attach(kind):
    """POST .../vrfAttachments (networkAttachments): each item attached or detached as the legacy attach does it."""
    @operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        need(can_write, store.security_domain_of(fabricName), "write")
        name_field = _KINDS[kind]["name"]
        items = body.get("attachments") if isinstance(body, dict) else None
        if not isinstance(items, list) or not items:
            raise Refused(400, "The body must be {\"attachments\": [...]} with at least one item")
        names = sorted({item[name_field] for item in items if isinstance(item, dict) and isinstance(item.get(name_field), str)})
        switch_names, ports = {}, {}
        for entry in store.attachments(kind, fabricName, names) if names else ():
            for attachment in entry["lanAttachList"]:
                serial = attachment["switchSerialNo"]
                switch_names[serial] = attachment["switchName"]
                ports[(entry[name_field], serial)] = [port for port in (attachment.get("portNames") or "").split(",") if port]
        results = []
        for item in items:
            name = item.get(name_field) if isinstance(item, dict) else None
            switch_id = item.get("switchId") if isinstance(item, dict) else None
            outcome = {name_field: name, "switchId": switch_id, "switchName": switch_names.get(switch_id)}
            try:
                name, legacy = legacy_attachment(kind, item, ports)
                answer = store.attach(kind, fabricName, [{name_field: name, "lanAttachList": [legacy]}])
            except (BadRequest, StoreError) as exc:
                answer = {"": exc.message}
            message = next(iter(answer.values()), "")
            results.append(dict(outcome, status="success" if message == "SUCCESS" else "failed",
                                message="" if message == "SUCCESS" else message))
        return _results(kind, results)
    return handler


def _query_attachments(kind):
    """POST .../vrfAttachments/query (networkAttachments/query): a read (it changes nothing), though a POST (5.1, 6.1)."""
    @operation()
    def handler(store, fabricName, body=None, **_kwargs):
        need(can_read, store.security_domain_of(fabricName), "read")
        body = body if isinstance(body, dict) else {}
        names = _names_in(body, kind + "Names", required=False)
        switch_ids = _names_in(body, "switchIds", required=False)
        details = [manage_attachment(kind, attachment) for entry in store.attachments(kind, fabricName, names or None)
                   for attachment in entry["lanAttachList"] if not switch_ids or attachment["switchSerialNo"] in switch_ids]
        return json_response(200, {"attachments": details, "meta": {"counts": {"total": len(details), "remaining": 0}}})
    return handler


def _deploy(kind):
    """POST .../vrfActions/deploy (networkActions/deploy): the pending attachments of the objects named, pushed as the
    legacy deploy by name pushes them (the store's deploy timing); the objects' and attachments' states show it."""
    @operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        need(can_write, store.security_domain_of(fabricName), "write")
        field = kind + "Names"
        if isinstance(body, dict) and (body.get("switchIds") or body.get("switchFabricNames")):
            # a deploy restricted to switches (deploy_type switch of cisco.nd 2.0) has no legacy counterpart in the store
            raise Refused(400, "switchIds and switchFabricNames are not served by this emulator; deploy by %s" % field)
        names = _names_in(body, field, required=kind == "vrf")
        if names is None:
            names = [view[_KINDS[kind]["name"]] for view in store.list_items(kind, fabricName)]
        answer = store.deploy_items(kind, fabricName, names)
        # [uncertain] the answer: the network schema gives {"status": message}; the VRF one none
        return json_response(200, {"status": "Deployment of %s triggered" % ", ".join(names) if answer is not None
                                   else "No switches pending for deployment"})
    return handler


def _remove(kind):
    """POST .../vrfActions/remove (networkActions/remove): delete several by name, as the legacy bulk delete does."""
    @operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        need(can_write, store.security_domain_of(fabricName), "write")
        name_field = _KINDS[kind]["name"]
        results = []
        for name in _names_in(body, kind + "Names"):
            try:
                store.delete_item(kind, fabricName, name)
            except StoreError as exc:
                message = "%s %s not found" % ("VRF" if kind == "vrf" else "Network", name) if "Invalid" in exc.message else exc.message
                results.append({name_field: name, "status": "failed", "message": message})
            else:
                results.append({name_field: name, "status": "success", "message": ""})
        return _results(kind, results)
    return handler


@operation()
def vrf_pre_information(store, fabricName, **_kwargs):
    """GET .../vrfPreInformation: the next free L3 VNI and VLAN, as the legacy vrfinfo offers them, not reserved.

    [uncertain] vlanId, vrfNamePrefix and defaultSecurityGroupTag: the store has no VLAN or name proposal, so they are
    left out."""
    need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, {"l3Vni": store.vrf_info(fabricName)["l3vni"]})


@operation()
def network_pre_information(store, fabricName, **_kwargs):
    """GET .../networkPreInformation: the next free L2 VNI and the first multicast group, as the legacy netinfo.

    [uncertain] vlanId: the store has no VLAN proposal, so it is left out."""
    need(can_read, store.security_domain_of(fabricName), "read")
    info = store.network_info(fabricName)
    return json_response(200, {"l2Vni": info["l2vni"], "multicastIp": info["mcastip"], "networkPrefix": info["network-prefix"]})


list_vrfs, get_vrf, create_vrfs = _list_items("vrf"), _get_item("vrf"), _create_items("vrf")
update_vrf, delete_vrf = _update_item("vrf"), _delete_item("vrf")
list_networks, get_network, create_networks = _list_items("network"), _get_item("network"), _create_items("network")
update_network, delete_network = _update_item("network"), _delete_item("network")
attach_vrfs, query_vrf_attachments, deploy_vrfs, remove_vrfs = (
    _attach("vrf"), _query_attachments("vrf"), _deploy("vrf"), _remove("vrf"))
attach_networks, query_network_attachments, deploy_networks, remove_networks = (
    _attach("network"), _query_attachments("network"), _deploy("network"), _remove("network"))
