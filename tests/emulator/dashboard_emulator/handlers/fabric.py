"""Fabric controller operations (NDFC paths), with RBAC per security domain.

Each handler is named by the operationId in docs/api/fabric-controller.yaml. Answers keep the
controller's shapes: bare JSON bodies, plain-text errors with 500, Spring 404s that name the
service-internal path.
"""

import asyncio
import logging

from dashboard_emulator.accounts import ALL_DOMAINS, can_read, can_write
from dashboard_emulator.fabric_store import BadRequest, NotFound, StoreError
from dashboard_emulator.fabric_store.switches import preprovision_entry
from dashboard_emulator.handlers import current_claims, current_scope, current_state
from dashboard_emulator.responses import (
    controller_error_body, encoded_json_response, json_response, not_found_body, text_response,
)

log = logging.getLogger("dashboard_emulator.fabric")

GATEWAY_PREFIX = "/appcenter/cisco/ndfc/api/v1/lan-fabric"
VERSION = {"version": "12.2.2.238", "mode": "LAN", "isMediaController": False, "dev": False, "isHaEnabled": False,
           "install": "EASYFABRIC", "uuid": "5e3c2a0e-emulator", "is_upgrade_inprogress": False}
FEATURES = {"status": "success", "data": {"name": "", "version": 179, "features": {
    "lan": {"name": "Fabric Controller", "admin_state": "enabled", "oper_state": "started", "kind": "feature-set"},
    "vxlan": {"name": "Fabric Builder", "admin_state": "enabled", "oper_state": "started", "kind": "feature"},
    "pmn": {"name": "IP Fabric for Media", "admin_state": "disabled", "oper_state": "stopped", "kind": "feature"},
}}}
# What a standalone ND 3.2 controller answers the federation (multi-cluster) probe: one of the
# plain-text answers cisco.dcnm recognises as "no federation manager".
FEDERATION_NOT_ESTABLISHED = "cannot serve APIs as federation state is not established yet"


class Forbidden(Exception):
    pass


def _service_path():
    """The path as the service behind the gateway sees it, as its 404 bodies report it."""
    path = current_scope()["path"]
    return path[len(GATEWAY_PREFIX):] if path.startswith(GATEWAY_PREFIX) else path


def _error(exc):
    if isinstance(exc, NotFound):
        return json_response(404, not_found_body(_service_path()))
    if isinstance(exc, BadRequest):
        # [uncertain] the fields besides message: the shape of the controller's other JSON 400
        return json_response(400, {"Error": "Bad Request Error", "message": exc.message, "path": _service_path()})
    if isinstance(exc, Forbidden):
        # [uncertain] the controller's RBAC refusal was not captured; the platform's error shape
        return json_response(403, controller_error_body(403, str(exc)))
    return text_response(exc.status, exc.message)


def _need(check, security_domain, what):
    claims = current_claims()
    if not check(claims["rbac"], security_domain):
        raise Forbidden("User %s has no %s privilege on security domain %s" % (claims["username"], what, security_domain))


def _operation(write=False):
    """Run a handler body and turn store and permission errors into the controller's answers."""
    def decorate(function):
        async def handler(*args, **kwargs):
            if write:
                current_state().counters.writes += 1
            try:
                answer = function(current_state().store, *args, **kwargs)
                if asyncio.iscoroutine(answer):
                    answer = await answer
                return answer
            except (StoreError, Forbidden) as exc:
                return _error(exc)
        handler.__name__ = function.__name__
        handler.__doc__ = function.__doc__
        return handler
    return decorate


def _readable(store, fabric_name):
    _need(can_read, store.security_domain_of(fabric_name), "read")


def _writable(store, fabric_name):
    _need(can_write, store.security_domain_of(fabric_name), "write")


# connexion passes query parameters by their names without the characters a Python name cannot
# hold: network-names arrives as networknames, vrf-name as vrfname.


def _names(text):
    return [name for name in (text or "").split(",") if name]


def _fabric_read(read):
    """An operation answering, to a caller who may read the fabric, what the store's method ``read`` gives for it."""
    @_operation()
    def handler(store, fabricName, **_kwargs):
        _readable(store, fabricName)
        return json_response(200, getattr(store, read)(fabricName))
    return handler


# discovery

async def version(**_kwargs):
    return json_response(200, VERSION)


async def features(**_kwargs):
    return json_response(200, FEATURES)


async def federation_fabrics(**_kwargs):
    # [uncertain] the status: the facts record only that it is an error (>= 400)
    return text_response(500, FEDERATION_NOT_ESTABLISHED)


@_operation()
def fabric_associations(store, **_kwargs):
    rbac = current_claims()["rbac"]
    return json_response(200, [entry for entry in store.associations() if can_read(rbac, store.security_domain_of(entry["fabricName"]))])


@_operation()
def get_template(store, templateName, **_kwargs):
    return json_response(200, store.template(templateName))


# fabrics

@_operation()
def list_fabrics(store, **_kwargs):
    rbac = current_claims()["rbac"]
    readable = [name for name in store.fabric_names() if can_read(rbac, store.security_domain_of(name))]
    return encoded_json_response(200, b"[" + b",".join(store.fabric_json(name) for name in readable) + b"]")


@_operation()
def get_fabric(store, fabricName, **_kwargs):
    fabric = store.fabric_json(fabricName)
    _readable(store, fabricName)
    return encoded_json_response(200, fabric)


@_operation(write=True)
def create_fabric(store, fabricName, templateName, body=None, **_kwargs):
    _need(can_write, ALL_DOMAINS, "write")
    fabric = store.create_fabric(fabricName, templateName, body if body is not None else {})
    log.info("fabric %s created from %s", fabricName, templateName)
    return json_response(200, fabric)


@_operation(write=True)
def update_fabric(store, fabricName, templateName, body=None, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.update_fabric(fabricName, templateName, body if body is not None else {}))


@_operation(write=True)
def delete_fabric(store, fabricName, **_kwargs):
    _writable(store, fabricName)
    return text_response(200, store.delete_fabric(fabricName))


fabric_overview = _fabric_read("overview")


@_operation(write=True)
def config_save(store, fabricName, **_kwargs):
    _writable(store, fabricName)
    if not store.config_save(fabricName):
        return json_response(500, {"status": "Config save failed"})
    return json_response(200, {"status": "Config save is completed"})


@_operation(write=True)
async def config_deploy(store, fabricName, **_kwargs):
    _writable(store, fabricName)
    seconds = store.deploy(fabricName)
    # a fabric-wide deploy answers once the work is done
    await asyncio.sleep(seconds)
    return json_response(200, {"status": "Configuration deployment completed."})


@_operation(write=True)
def config_deploy_switches(store, fabricName, serialNumbers, **_kwargs):
    _writable(store, fabricName)
    store.deploy(fabricName, _names(serialNumbers))
    return json_response(200, {"status": "Config deployment has been triggered"})


@_operation()
def config_preview(store, fabricName, serialNumbers=None, **_kwargs):
    _readable(store, fabricName)
    return json_response(200, store.config_preview(fabricName, _names(serialNumbers)))


# connexion keys operations by their operationId: the fabric's preview needs a name of its own
fabric_config_preview = config_preview


# switches

list_switches = _fabric_read("list_switches")


@_operation()
def all_switches(store, **_kwargs):
    rbac = current_claims()["rbac"]
    return json_response(200, [s for s in store.all_switches() if can_read(rbac, store.security_domain_of(s["fabricName"]))])


@_operation(write=True)
def test_reachability(store, fabricName, body=None, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.test_reachability(fabricName, body))


@_operation(write=True)
def discover(store, fabricName, body=None, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.discover(fabricName, body))


@_operation(write=True)
def rediscover(store, fabricName, serialNumber, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.rediscover(fabricName, serialNumber))


@_operation()
def lan_credentials(store, **_kwargs):
    rbac = current_claims()["rbac"]
    readable = [name for name in store.fabric_names() if can_read(rbac, store.security_domain_of(name))]
    return json_response(200, store.lan_credentials(readable))


@_operation(write=True)
def set_switch_roles(store, body=None, **_kwargs):
    store.set_roles(body, check=lambda fabric_name: _writable(store, fabric_name))
    # [uncertain] the body: not captured; cisco.dcnm reads only the status and its reason phrase
    return json_response(200, {})


@_operation(write=True)
def remove_switch(store, fabricName, serialNumber, **_kwargs):
    _writable(store, fabricName)
    return text_response(200, store.remove_switch(fabricName, serialNumber))


@_operation(write=True)
def preprovision(store, fabricName, body=None, **_kwargs):
    """POST .../inventory/poap: pre-provision the switches listed, and import the bootstrap entries among them."""
    _writable(store, fabricName)
    if not isinstance(body, list):
        raise StoreError("Invalid request is supplied. expected a list of switches to pre-provision", 400)
    return json_response(200, store.poap(fabricName, [preprovision_entry(item) for item in body]))


@_operation()
def bootstrap_list(store, fabricName, **_kwargs):
    """GET .../inventory/poap: the switches asking for POAP."""
    return json_response(200, store.bootstrap_list(fabricName))


@_operation(write=True)
def rma(store, fabricName, body=None, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.rma(fabricName, body))


@_operation(write=True)
def swap_serial(store, fabricName, oldSerialNumber, newSerialNumber, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.swap_serial(fabricName, oldSerialNumber, newSerialNumber))


@_operation(write=True)
def maintenance_mode_on(store, fabricName, serialNumber, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.set_maintenance(fabricName, serialNumber, True))


@_operation(write=True)
def maintenance_mode_off(store, fabricName, serialNumber, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.set_maintenance(fabricName, serialNumber, False))


@_operation(write=True)
def maintenance_mode_deploy(store, fabricName, serialNumber, **_kwargs):
    _writable(store, fabricName)
    return json_response(200, store.deploy_maintenance(fabricName, serialNumber))


# resource manager

@_operation()
def resource_pool(store, fabricName, poolName, **_kwargs):
    _readable(store, fabricName)
    return json_response(200, store.pool(fabricName, poolName))


network_info, vrf_info = _fabric_read("network_info"), _fabric_read("vrf_info")


# networks and VRFs

def _list(kind):
    @_operation()
    def handler(store, fabricName, **kwargs):
        _readable(store, fabricName)
        return json_response(200, store.list_items(kind, fabricName, kwargs.get("vrfname")))
    return handler


def _create(kind):
    @_operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        _writable(store, fabricName)
        return json_response(200, store.create_item(kind, fabricName, body))
    return handler


def _get(kind):
    @_operation()
    def handler(store, fabricName, **kwargs):
        _readable(store, fabricName)
        return json_response(200, store.get_item(kind, fabricName, kwargs[kind + "Name"]))
    return handler


def _update(kind):
    @_operation(write=True)
    def handler(store, fabricName, body=None, **kwargs):
        _writable(store, fabricName)
        return json_response(200, store.update_item(kind, fabricName, kwargs[kind + "Name"], body))
    return handler


def _delete(kind):
    @_operation(write=True)
    def handler(store, fabricName, **kwargs):
        _writable(store, fabricName)
        store.delete_item(kind, fabricName, kwargs[kind + "Name"])
        return json_response(200, {})
    return handler


def _fabrics_named(bodies):
    return {str(item.get("fabric", "")) for item in bodies if isinstance(item, dict)}


def _bulk_create(kind):
    @_operation(write=True)
    def handler(store, body=None, **_kwargs):
        bodies = body if isinstance(body, list) else []
        for fabric_name in _fabrics_named(bodies):
            _writable(store, fabric_name)
        fail_one = current_state().faults.take("partial_failure_count", current_scope()["path"])
        successes, failures = store.bulk_create(kind, bodies, fail_one=fail_one)
        status = 200 if not failures else 207
        return json_response(status, {"successList": successes, "failureList": failures})
    return handler


def _bulk_update(kind):
    """The v2 bulk update: each item as the per-object PUT takes it, the outcome per item.

    [uncertain] the answer (facts 9: 200 or 207, body not captured): the two lists of the bulk
    create. An item naming a fabric or an object that does not exist fails alone; a fabric the
    caller may not change refuses the whole request, before anything changes, as the bulk create does.
    """
    @_operation(write=True)
    def handler(store, body=None, **_kwargs):
        if not isinstance(body, list):
            # [uncertain] a missing body (connexion hands over something other than a list): the
            # refusal was not captured. A body that is there and not an array is refused by the
            # document's schema before this, with connexion's message, also as a text 400.
            raise StoreError("The body must be a JSON array of %ss" % kind, 400)
        for fabric_name in _fabrics_named(body):
            if store.has_fabric(fabric_name):
                _writable(store, fabric_name)
        fail_one = current_state().faults.take("partial_failure_count", current_scope()["path"])
        successes, failures = store.bulk_update(kind, body, fail_one=fail_one)
        return json_response(200 if not failures else 207, {"successList": successes, "failureList": failures})
    return handler


def _bulk_delete(kind):
    @_operation(write=True)
    def handler(store, fabricName, **kwargs):
        _writable(store, fabricName)
        successes, failures = [], []
        for name in _names(kwargs.get(kind + "names")):
            try:
                store.delete_item(kind, fabricName, name)
            except StoreError as exc:
                failures.append({"name": name, "message": exc.message})
            else:
                successes.append({"name": name, "message": "", "status": "Success"})
        return json_response(500 if failures else 200, {"successList": successes, "failureList": failures})
    return handler


def _attachments(kind):
    @_operation()
    def handler(store, fabricName, **kwargs):
        _readable(store, fabricName)
        return json_response(200, store.attachments(kind, fabricName, _names(kwargs.get(kind + "names"))))
    return handler


def _attach(kind):
    @_operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        _writable(store, fabricName)
        return json_response(200, store.attach(kind, fabricName, body if isinstance(body, list) else []))
    return handler


def _deploy_by_name(kind):
    @_operation(write=True)
    def handler(store, fabricName, body=None, **_kwargs):
        _writable(store, fabricName)
        names = _names((body or {}).get(kind + "Names") if isinstance(body, dict) else "")
        answer = store.deploy_items(kind, fabricName, names)
        if answer is None:
            return text_response(200, "No switches PENDING for deployment")
        return json_response(200, answer)
    return handler


@_operation()
def vrf_switch_details(store, fabricName, **kwargs):
    _readable(store, fabricName)
    return json_response(200, store.vrf_switch_details(fabricName, _names(kwargs.get("vrfnames")),
                                                       _names(kwargs.get("serialnumbers"))))


list_networks, create_network, get_network = _list("network"), _create("network"), _get("network")
update_network, delete_network, bulk_create_networks = _update("network"), _delete("network"), _bulk_create("network")
bulk_delete_networks, network_attachments, attach_networks = _bulk_delete("network"), _attachments("network"), _attach("network")
deploy_networks = _deploy_by_name("network")
list_vrfs, create_vrf, update_vrf, delete_vrf = _list("vrf"), _create("vrf"), _update("vrf"), _delete("vrf")
bulk_create_vrfs, bulk_delete_vrfs = _bulk_create("vrf"), _bulk_delete("vrf")
bulk_update_networks, bulk_update_vrfs = _bulk_update("network"), _bulk_update("vrf")
vrf_attachments, attach_vrfs, deploy_vrfs = _attachments("vrf"), _attach("vrf"), _deploy_by_name("vrf")
