"""vPC pair operations (NDFC paths): the pair a switch is in, its policy, the recommendation, create, update, delete.

Named by the operationId in docs/api/fabric-controller.yaml. A switch is named by its serial number
(its switchDbID for the inventory read); the caller needs read (write) permission on its fabric.
"""

from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.handlers.fabric import _operation, _readable, _writable
from dashboard_emulator.responses import json_response, text_response


def _fabric_of(store, serial):
    fabric_name = store.switch_fabric(serial)
    if fabric_name is None:
        # [uncertain] the wording, as the other refusals of an unknown serial number
        raise StoreError("Invalid switch serial number %s" % serial)
    return fabric_name


@_operation()
def vpc_pair_inventory(store, switchId, **_kwargs):
    answer = store.vpc_pair_inventory(switchId)
    _readable(store, _fabric_of(store, answer["peerOneSerialNumber"]))
    return json_response(200, answer)


@_operation()
def vpc_pair_policy(store, serialNumber, **_kwargs):
    _readable(store, _fabric_of(store, serialNumber))
    return json_response(200, store.vpc_pair_policy(serialNumber))


@_operation()
def vpc_pair_recommendation(store, serialNumber, **kwargs):
    _readable(store, _fabric_of(store, serialNumber))
    virtual = str(kwargs.get("useVirtualPeerlink", "")).lower() == "true"
    return json_response(200, store.vpc_pair_recommendation(serialNumber, virtual))


@_operation()
def vpc_pair_serial(store, serial_number, **_kwargs):
    _readable(store, _fabric_of(store, serial_number))
    return json_response(200, store.vpc_pair_serial(serial_number))


def _writable_pair(store, body):
    for key in ("peerOneId", "peerTwoId"):
        serial = str(body.get(key, "")) if isinstance(body, dict) else ""
        if store.switch_fabric(serial) is not None:
            _writable(store, store.switch_fabric(serial))


@_operation(write=True)
def create_vpc_pair(store, body=None, **_kwargs):
    _writable_pair(store, body)
    # [seen] the answer is one line of text
    return text_response(200, store.create_vpc_pair(body))


@_operation(write=True)
def update_vpc_pair(store, body=None, **_kwargs):
    _writable_pair(store, body)
    return text_response(200, store.update_vpc_pair(body))


@_operation(write=True)
def delete_vpc_pair(store, serialNumber, **_kwargs):
    _writable(store, _fabric_of(store, serialNumber))
    return text_response(200, store.delete_vpc_pair(serialNumber))
