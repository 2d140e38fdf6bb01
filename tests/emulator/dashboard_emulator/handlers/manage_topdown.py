"""/api/v1/manage operations of a 4.2 platform on VRFs and networks (nd-manage-facts 5, 6), on the legacy store."""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.handlers.manage import Refused, need, operation
from dashboard_emulator.responses import empty_response, json_response
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.fabric_store.manage_topdown import (
    NETWORK_FIELDS, VRF_FIELDS, legacy_network, legacy_vrf, manage_network, manage_vrf, updated_config,
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
        results = []
        for item in items:
            name = item.get(spec["name"]) if isinstance(item, dict) else None
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


list_vrfs, get_vrf, create_vrfs = _list_items("vrf"), _get_item("vrf"), _create_items("vrf")
update_vrf, delete_vrf = _update_item("vrf"), _delete_item("vrf")
list_networks, get_network, create_networks = _list_items("network"), _get_item("network"), _create_items("network")
update_network, delete_network = _update_item("network"), _delete_item("network")
