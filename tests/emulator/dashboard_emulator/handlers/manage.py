"""/api/v1/manage operations of a 4.2 platform (fabrics, switches, VRFs, networks), from the store the legacy paths serve.

An object created through one API is read through the other: these handlers keep nothing of
their own, they translate (fabric_store.manage_map). Errors come in the unified API's
``{code, message}`` envelope [uncertain: no 4.2 error body of these paths is recorded; it is the
envelope its clients read first].
"""

import logging

from dashboard_emulator.accounts import ALL_DOMAINS, can_read, can_write
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.fabric_store.manage_map import (
    NETWORK_FIELDS, VRF_FIELDS, legacy_network, legacy_pairs, legacy_role, legacy_vrf, manage_fabric, manage_network,
    manage_switch, manage_vrf, updated_config,
)
from dashboard_emulator.handlers import current_claims, current_state
from dashboard_emulator.responses import empty_response, json_response

log = logging.getLogger("dashboard_emulator.manage")


class _Refused(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def _error(status, message):
    return json_response(status, {"code": status, "message": message})


def _operation(write=False):
    """Run a handler body with the store; store errors and refusals become the {code, message} answers."""
    def decorate(function):
        async def handler(*args, **kwargs):
            state = current_state()
            if write:
                state.counters.writes += 1
            try:
                return function(state.store, *args, **kwargs)
            except StoreError as exc:
                # the legacy store answers a refused value with 500 text; here it is the caller's error [uncertain]
                return _error(exc.status if exc.status in (400, 404) else 400, exc.message)
            except _Refused as exc:
                return _error(exc.status, exc.message)
        handler.__name__ = function.__name__
        handler.__doc__ = function.__doc__
        return handler
    return decorate


def _need(check, security_domain, what):
    claims = current_claims()
    if not check(claims["rbac"], security_domain):
        raise _Refused(403, "User %s has no %s privilege on security domain %s" % (claims["username"], what, security_domain))


def _fabric_object(store, name):
    return manage_fabric(store.get_fabric(name), store.security_domain_of(name))


@_operation()
def list_fabrics(store, **_kwargs):
    rbac = current_claims()["rbac"]
    names = [name for name in store.fabric_names() if can_read(rbac, store.security_domain_of(name))]
    return json_response(200, {"fabrics": [_fabric_object(store, name) for name in names]})


@_operation()
def get_fabric(store, fabricName, **_kwargs):
    _need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, _fabric_object(store, fabricName))


@_operation(write=True)
def create_fabric(store, body=None, **_kwargs):
    _need(can_write, ALL_DOMAINS, "write")
    name = body.get("name") if isinstance(body, dict) else None
    if not isinstance(name, str) or not 1 <= len(name) <= 64:
        raise _Refused(400, "name is required: the fabric's name, 1 to 64 characters")
    template, pairs = legacy_pairs(body, creating=True)
    store.create_fabric(name, template, pairs)
    log.info("fabric %s created through /api/v1/manage as %s", name, template)
    return json_response(200, _fabric_object(store, name))


@_operation(write=True)
def update_fabric(store, fabricName, body=None, **_kwargs):
    _need(can_write, store.security_domain_of(fabricName), "write")
    if isinstance(body, dict) and body.get("name") not in (None, fabricName):
        raise _Refused(400, "The body names fabric %s, the path %s; a fabric is not renamed" % (body.get("name"), fabricName))
    current = store.get_fabric(fabricName)
    template, pairs = legacy_pairs(body, creating=False)
    if template not in (None, current["templateName"]):
        raise _Refused(400, "management.type of fabric %s cannot change" % fabricName)
    store.update_fabric(fabricName, current["templateName"], pairs)
    return json_response(200, _fabric_object(store, fabricName))


@_operation(write=True)
def delete_fabric(store, fabricName, **_kwargs):
    _need(can_write, store.security_domain_of(fabricName), "write")
    store.delete_fabric(fabricName)
    return empty_response(204)


@_operation()
def deployment_freeze(store, fabricName, **_kwargs):
    _need(can_read, store.security_domain_of(fabricName), "read")
    frozen = store.get_fabric(fabricName)["nvPairs"].get("DEPLOYMENT_FREEZE") == "true"
    return json_response(200, {"deploymentFreeze": frozen})


@_operation()
def list_switches(store, fabricName, **_kwargs):
    _need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, {"switches": [manage_switch(view) for view in store.list_switches(fabricName)]})


@_operation(write=True)
def change_roles(store, fabricName, body=None, **_kwargs):
    """POST .../switchActions/changeRoles {switchRoles: [{switchId, role}]}: the legacy role change, roles in camel case."""
    _need(can_write, store.security_domain_of(fabricName), "write")
    entries = body.get("switchRoles") if isinstance(body, dict) else None
    if not isinstance(entries, list) or not entries or not all(isinstance(entry, dict) for entry in entries):
        raise _Refused(400, "The body must be {\"switchRoles\": [{\"switchId\", \"role\"}, ...]}")
    ours = {view["serialNumber"] for view in store.list_switches(fabricName)}
    for entry in entries:
        if entry.get("switchId") not in ours:
            raise _Refused(400, "Switch %s is not in fabric %s" % (entry.get("switchId"), fabricName))
    store.set_roles([{"serialNumber": entry["switchId"], "role": legacy_role(entry.get("role")) or str(entry.get("role"))}
                     for entry in entries])
    return empty_response(200)


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
        raise _Refused(404, "%s %s not found in fabric %s" % ("VRF" if kind == "vrf" else "Network", name, fabric_name)) from None


def _list_items(kind):
    @_operation()
    def handler(store, fabricName, **_kwargs):
        _need(can_read, store.security_domain_of(fabricName), "read")
        items = [_KINDS[kind]["shape"](view) for view in store.list_items(kind, fabricName)]
        return json_response(200, {_KINDS[kind]["plural"]: items, "meta": {"counts": {"total": len(items), "remaining": 0}}})
    return handler


def _get_item(kind):
    @_operation()
    def handler(store, fabricName, **kwargs):
        _need(can_read, store.security_domain_of(fabricName), "read")
        return json_response(200, _KINDS[kind]["shape"](_item(store, kind, fabricName, kwargs[_KINDS[kind]["name"]])))
    return handler


def _create_items(kind):
    @_operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        _need(can_write, store.security_domain_of(fabricName), "write")
        spec = _KINDS[kind]
        items = body.get(spec["plural"]) if isinstance(body, dict) else None
        if not isinstance(items, list) or not items:
            raise _Refused(400, "The body must be {\"%s\": [...]} with at least one item" % spec["plural"])
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
    @_operation(write=True)
    def handler(store, fabricName, body=None, **kwargs):
        _need(can_write, store.security_domain_of(fabricName), "write")
        spec = _KINDS[kind]
        name = kwargs[spec["name"]]
        if not isinstance(body, dict) or body.get(spec["name"]) not in (None, name):
            raise _Refused(400, "The body must be the %s %s" % ("VRF" if kind == "vrf" else "network", name))
        current = _item(store, kind, fabricName, name)
        config = updated_config(current[kind + "TemplateConfig"], body, spec["fields"])
        change = {kind + "TemplateConfig": config}
        if kind == "network" and body.get("vrfName"):
            change["vrf"] = config["vrfName"] = body["vrfName"]
        store.update_item(kind, fabricName, name, change)
        return json_response(200, spec["shape"](store.get_item(kind, fabricName, name)))
    return handler


def _delete_item(kind):
    @_operation(write=True)
    def handler(store, fabricName, **kwargs):
        _need(can_write, store.security_domain_of(fabricName), "write")
        name = kwargs[_KINDS[kind]["name"]]
        _item(store, kind, fabricName, name)
        store.delete_item(kind, fabricName, name)
        return empty_response(204)
    return handler


list_vrfs, get_vrf, create_vrfs = _list_items("vrf"), _get_item("vrf"), _create_items("vrf")
update_vrf, delete_vrf = _update_item("vrf"), _delete_item("vrf")
list_networks, get_network, create_networks = _list_items("network"), _get_item("network"), _create_items("network")
update_network, delete_network = _update_item("network"), _delete_item("network")
