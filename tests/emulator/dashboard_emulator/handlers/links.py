"""Link operations (NDFC paths): the links of a fabric or between two switches, create, update, delete.

Named by the operationId in docs/api/fabric-controller.yaml. The caller needs read permission on
the fabric read, write permission on the fabric of each end of a link it changes.
"""

from dashboard_emulator.accounts import can_read
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.handlers import current_claims
from dashboard_emulator.handlers.fabric import _operation, _readable, _writable
from dashboard_emulator.responses import json_response


@_operation()
def fabric_links(store, fabricName, **_kwargs):
    _readable(store, fabricName)
    return json_response(200, store.fabric_links(fabricName))


@_operation()
def links_between(store, **kwargs):
    answer = store.links_between(kwargs.get("switch1Sn"), kwargs.get("switch2Sn"),
                                 kwargs.get("switch1IfName"), kwargs.get("switch2IfName"))
    rbac = current_claims()["rbac"]
    readable = [link for link in (answer if isinstance(answer, list) else [answer])
                if can_read(rbac, store.security_domain_of(link["fabricName"]))]
    return json_response(200, readable[0] if len(readable) == 1 else readable)


def _writable_fabrics(store, bodies):
    for body in bodies:
        if isinstance(body, dict):
            for key in ("sourceFabric", "destinationFabric"):
                if store.has_fabric(str(body.get(key, ""))):
                    _writable(store, str(body[key]))


def _writable_link(store, uuid):
    for fabric_name in store.link_fabrics(uuid):
        _writable(store, fabric_name)


@_operation(write=True)
def create_link(store, body=None, **_kwargs):
    _writable_fabrics(store, [body])
    return json_response(200, store.create_link(body))


@_operation(write=True)
def update_link(store, linkUUID, body=None, **_kwargs):
    _writable_link(store, linkUUID)
    _writable_fabrics(store, [body])
    return json_response(200, store.update_link(linkUUID, body))


@_operation(write=True)
def update_links(store, body=None, **_kwargs):
    if not isinstance(body, list):
        raise StoreError("Invalid request is supplied. expected a JSON array of links", 400)
    for item in body:
        if isinstance(item, dict):
            _writable_link(store, str(item.get("link-uuid", "")))
    _writable_fabrics(store, body)
    successes, failures = store.update_links(body)
    return json_response(207 if failures else 200, {"successList": successes, "failureList": failures})


@_operation(write=True)
def delete_link(store, linkUUID, **_kwargs):
    _writable_link(store, linkUUID)
    return json_response(200, store.delete_link(linkUUID))
