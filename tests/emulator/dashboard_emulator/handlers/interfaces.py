"""Interface operations (NDFC paths): a switch's interface policies, their create, update, mark for delete, deploy.

Named by the operationId in docs/api/fabric-controller.yaml. A switch is named by its serial number
in the query or in each item of the body; the caller needs read (write) permission on the fabric of
every switch named. A serial number of no switch reads as no interfaces.
"""

from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.handlers import current_scope, current_state
from dashboard_emulator.handlers.fabric import _operation, _readable, _writable
from dashboard_emulator.responses import json_response


def _read_switch(store, serial):
    fabric_name = store.switch_fabric(serial)
    if fabric_name is not None:
        _readable(store, fabric_name)


def _write_switches(store, items):
    serials = set()
    for item in items:
        if isinstance(item, dict):
            serials.add(str(item.get("serialNumber", "")))
            interfaces = item.get("interfaces") if isinstance(item.get("interfaces"), list) else []
            for interface in interfaces:
                if isinstance(interface, dict):
                    serials.add(str(interface.get("serialNumber", "")))
    for serial in list(serials):
        serials.update(serial.split("~"))
    for fabric_name in sorted(store.interface_fabrics(serials)):
        _writable(store, fabric_name)


def _items(body):
    """A body that is one object or a list of them, as a list."""
    if isinstance(body, dict):
        return [body]
    if isinstance(body, list):
        return body
    raise StoreError("Invalid request is supplied. expected a JSON object or array", 400)


@_operation()
def interface_policies(store, serialNumber, **kwargs):
    _read_switch(store, serialNumber)
    return json_response(200, store.interface_policies(serialNumber, kwargs.get("ifName")))


@_operation()
def interface_detail(store, serialNumber, **_kwargs):
    _read_switch(store, serialNumber)
    return json_response(200, store.interface_details(serialNumber))


@_operation()
def fabric_access_mode(store, fabricName, **_kwargs):
    _readable(store, fabricName)
    return json_response(200, store.access_mode(fabricName))


def _set(create, many=False):
    @_operation(write=True)
    def handler(store, body=None, **_kwargs):
        items = body if many and isinstance(body, list) else _items(body)
        _write_switches(store, items)
        store.set_interfaces(items, create=create)
        # [uncertain] the body: cisco.dcnm reads only the status
        return json_response(200, {})
    return handler


create_interfaces, update_interface, update_interfaces = _set(True), _set(False), _set(False, many=True)


@_operation(write=True)
def mark_delete_interfaces(store, body=None, **_kwargs):
    items = _items(body)
    _write_switches(store, items)
    fail_one = current_state().faults.take("partial_failure_count", current_scope()["path"])
    failures = store.mark_delete(items, fail_one=fail_one)
    # [client] cisco.dcnm reads a failed answer as a list of {message}; [uncertain] the status (500, as a
    # partial bulk delete of networks answers, facts 9)
    return json_response(500, failures) if failures else json_response(200, {})


@_operation(write=True)
def deploy_interfaces(store, body=None, **_kwargs):
    items = _items(body)
    _write_switches(store, items)
    _pushed, failures = store.deploy_interfaces(items)
    return json_response(500, failures) if failures else json_response(200, {})
