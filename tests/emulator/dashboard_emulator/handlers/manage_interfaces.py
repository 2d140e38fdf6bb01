"""/api/v1/manage operations of a 4.2 platform on the interfaces of a switch (nd-manage-facts 7), on the legacy store.

The legacy interface table is the one state: a loopback made here is the legacy API's ``int_loopback`` policy and the
reverse. Bulk writes answer ``207`` with one result per item (nd-manage-facts 2.2): ``{"results": [{"interfaceName",
"switchId", "status": "success"|"failed", "message"}]}`` [uncertain: the facts give that shape for VRFs and name
``interfaces`` among the bulk bodies].
"""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.interfaces import interface_name
from dashboard_emulator.fabric_store.manage_interfaces import legacy_interface, manage_interface, manage_name
from dashboard_emulator.handlers.manage import Refused, need, operation, switch_of
from dashboard_emulator.responses import empty_response, json_response


def _record(store, switch_id, name):
    wanted = interface_name(name)[1].lower()
    for record in store.interface_records(switch_id):
        if record["ifName"].lower() == wanted:
            return record
    raise Refused(404, "Interface %s not found on switch %s" % (name, switch_id))


def _set(store, switch_id, name, config_data, interface_type=None, create=True):
    """Give one interface the policy of a 4.2 configData, as the legacy create does; keep its 4.2-only fields."""
    template, legacy, extra = legacy_interface(switch_id, name, config_data, interface_type)
    store.set_interfaces([{"policy": template, "interfaces": [legacy]}], create=create)
    _record(store, switch_id, name)["manage_extra"] = extra


def _result(name, switch_id, error=None):
    return {"interfaceName": name, "switchId": switch_id, "status": "failed" if error else "success", "message": error or ""}


def _items(body, key, what):
    items = body.get(key) if isinstance(body, dict) else None
    if not isinstance(items, list) or not items:
        raise Refused(400, "The body must be {\"%s\": [%s, ...]}" % (key, what))
    return items


def _pairs(body, key="interfaces"):
    """(interfaceName, switchId) of each item of an interfaceActions body."""
    pairs = []
    for item in _items(body, key, "{\"interfaceName\", \"switchId\"}"):
        if not isinstance(item, dict) or not all(isinstance(item.get(field), str) for field in ("interfaceName", "switchId")):
            raise Refused(400, "Each item needs interfaceName and switchId")
        pairs.append((item["interfaceName"], item["switchId"]))
    return pairs


@operation()
def list_interfaces(store, fabricName, switchId, **_kwargs):
    need(can_read, store.security_domain_of(fabricName), "read")
    switch_of(store, fabricName, switchId)
    return json_response(200, {"interfaces": [manage_interface(switchId, record) for record in store.interface_records(switchId)]})


@operation()
def get_interface(store, fabricName, switchId, interfaceName, **_kwargs):
    need(can_read, store.security_domain_of(fabricName), "read")
    switch_of(store, fabricName, switchId)
    return json_response(200, manage_interface(switchId, _record(store, switchId, interfaceName)))


@operation(write=True)
def create_interfaces(store, fabricName, switchId, body=None, **_kwargs):
    """POST .../switches/{sn}/interfaces {interfaces: [...]}: each made (or a port given its policy) as the legacy create."""
    need(can_write, store.security_domain_of(fabricName), "write")
    switch_of(store, fabricName, switchId)
    results = []
    for item in _items(body, "interfaces", "{\"interfaceName\", \"interfaceType\", \"configData\"}"):
        name = item.get("interfaceName") if isinstance(item, dict) else None
        try:
            if not isinstance(name, str) or item.get("switchId") not in (None, switchId):
                raise BadRequest("Each interface needs interfaceName, on the switch of the path")
            _set(store, switchId, name, item.get("configData"), item.get("interfaceType"))
            results.append(_result(manage_name(name), switchId))
        except StoreError as exc:
            results.append(_result(name, switchId, exc.message))
    return json_response(207, {"results": results})


@operation(write=True)
def update_interface(store, fabricName, switchId, interfaceName, body=None, **_kwargs):
    """PUT .../interfaces/{name}: the whole policy replaced [uncertain: the answer, 200 with the interface as read]."""
    need(can_write, store.security_domain_of(fabricName), "write")
    switch_of(store, fabricName, switchId)
    _record(store, switchId, interfaceName)
    if not isinstance(body, dict) or body.get("interfaceName", interfaceName).lower() != interfaceName.lower():
        raise Refused(400, "The body must be the interface %s" % interfaceName)
    _set(store, switchId, interfaceName, body.get("configData"), body.get("interfaceType"), create=False)
    return json_response(200, manage_interface(switchId, _record(store, switchId, interfaceName)))


@operation(write=True)
def delete_interface(store, fabricName, switchId, interfaceName, **_kwargs):
    """DELETE .../interfaces/{name}: a logical interface is removed (at the next deploy on the switch); a port is not."""
    need(can_write, store.security_domain_of(fabricName), "write")
    switch_of(store, fabricName, switchId)
    record = _record(store, switchId, interfaceName)
    if record["physical"]:
        # [client, cisco.nd interfaces branch: "returns 500"] the body [uncertain]
        raise Refused(500, "Interface %s is a physical interface and cannot be deleted" % record["ifName"])
    store.mark_delete([{"serialNumber": switchId, "ifName": record["ifName"]}])
    return empty_response(204)


def _own(store, fabric_name, pairs):
    """The results of the items naming no switch of this fabric, and the others."""
    failed, ours = [], []
    for name, switch_id in pairs:
        if store.switch_fabric(switch_id) != fabric_name:
            failed.append(_result(name, switch_id, "Switch %s not found in fabric %s" % (switch_id, fabric_name)))
        else:
            ours.append((name, switch_id))
    return failed, ours


@operation(write=True)
def deploy_interfaces(store, fabricName, body=None, **_kwargs):
    """POST .../interfaceActions/deploy: the pending change of each interface pushed, as the legacy interface deploy."""
    need(can_write, store.security_domain_of(fabricName), "write")
    pairs = _pairs(body)
    store.refuse_frozen(fabricName)
    results, ours = _own(store, fabricName, pairs)
    for name, switch_id in ours:
        _pushed, failures = store.deploy_interfaces([{"serialNumber": switch_id, "ifName": name}])
        message = failures[0]["message"] if failures else ""
        # [uncertain] an interface with nothing to deploy is not a failure here (the legacy "No Commands to execute.")
        failed = message not in ("", "No Commands to execute.")
        results.append(dict(_result(name, switch_id, message if failed else None), message=message))
    return json_response(207, {"results": results})


@operation(write=True)
def remove_interfaces(store, fabricName, body=None, **_kwargs):
    """POST .../interfaceActions/remove: logical interfaces marked for delete (gone from the lists, removed from the switch
    at their deploy); a physical port is left as it is, a success [client: "silently does nothing"]."""
    need(can_write, store.security_domain_of(fabricName), "write")
    results, ours = _own(store, fabricName, _pairs(body))
    for name, switch_id in ours:
        try:
            record = _record(store, switch_id, name)
        except Refused as exc:
            results.append(_result(name, switch_id, exc.message))
            continue
        if not record["physical"]:
            store.mark_delete([{"serialNumber": switch_id, "ifName": record["ifName"]}])
        results.append(_result(name, switch_id))
    return json_response(207, {"results": results})


@operation(write=True)
def normalize_interfaces(store, fabricName, body=None, **_kwargs):
    """POST .../interfaceActions/normalize {interfaceType, configData, switchInterfaces}: each port given that policy.

    cisco.nd resets ports this way to the ``int_trunk_host`` defaults (nd-manage-facts 7) [client]."""
    need(can_write, store.security_domain_of(fabricName), "write")
    pairs = _pairs(body, "switchInterfaces")
    if body.get("interfaceType", "ethernet") != "ethernet":
        raise Refused(400, "interfaceType %s is not served by this emulator's normalize; ports are ethernet" % body["interfaceType"])
    results, ours = _own(store, fabricName, pairs)
    for name, switch_id in ours:
        try:
            _record(store, switch_id, name)
            _set(store, switch_id, name, body.get("configData"), "ethernet", create=False)
            results.append(_result(manage_name(name), switch_id))
        except (StoreError, Refused) as exc:
            results.append(_result(name, switch_id, exc.message))
    return json_response(207, {"results": results})


@operation()
def fabric_summary(store, fabricName, **_kwargs):
    """GET .../summary: the existence check of the interface modules [client]; the fields beyond ``name`` [uncertain]."""
    need(can_read, store.security_domain_of(fabricName), "read")
    store.get_fabric(fabricName)
    return json_response(200, {"name": fabricName})
