"""Fabric controller operations: fabrics and their switches, with RBAC per security domain."""

import logging

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.fabric_store import StoreError, NotFound
from dashboard_emulator.handlers import current_claims, current_scope, current_state
from dashboard_emulator.responses import controller_error_body, empty_response, json_response, not_found_body

log = logging.getLogger("dashboard_emulator.fabric")


class Forbidden(Exception):
    pass


def _error(exc):
    if isinstance(exc, NotFound):
        return json_response(404, not_found_body(current_scope()["path"]))
    if isinstance(exc, Forbidden):
        return json_response(403, controller_error_body(403, str(exc)))
    return json_response(exc.status, controller_error_body(exc.status, exc.message))


def _need_read(security_domain):
    if not can_read(current_claims()["rbac"], security_domain):
        raise Forbidden("User %s has no privilege on security domain %s" % (current_claims()["username"], security_domain))


def _need_write(security_domain):
    if not can_write(current_claims()["rbac"], security_domain):
        raise Forbidden("User %s has no write privilege on security domain %s" % (current_claims()["username"], security_domain))


def _operation(write):
    """Run a handler body and turn store and permission errors into the controller's answers."""
    def decorate(function):
        async def handler(*args, **kwargs):
            if write:
                current_state().counters.writes += 1
            try:
                return function(current_state().store, *args, **kwargs)
            except (StoreError, Forbidden) as exc:
                return _error(exc)
        handler.__name__ = function.__name__
        handler.__doc__ = function.__doc__
        return handler
    return decorate


@_operation(write=False)
def list_fabrics(store, **_kwargs):
    rbac = current_claims()["rbac"]
    return json_response(200, [fabric for fabric in store.list_fabrics() if can_read(rbac, fabric["securityDomain"])])


@_operation(write=True)
def create_fabric(store, body, **_kwargs):
    _need_write(body.get("securityDomain", "all"))
    fabric = store.create_fabric(body)
    log.info("fabric %s created", fabric["name"])
    return json_response(201, fabric)


@_operation(write=False)
def get_fabric(store, fabricName, **_kwargs):
    fabric = store.get_fabric(fabricName)
    _need_read(fabric["securityDomain"])
    return json_response(200, fabric)


@_operation(write=True)
def replace_fabric(store, fabricName, body, **_kwargs):
    _need_write(store.security_domain_of(fabricName))
    _need_write(body.get("securityDomain", "all"))
    return json_response(200, store.replace_fabric(fabricName, body))


@_operation(write=True)
def update_fabric(store, fabricName, body, **_kwargs):
    _need_write(store.security_domain_of(fabricName))
    if "securityDomain" in body:
        _need_write(body["securityDomain"])
    return json_response(200, store.update_fabric(fabricName, body))


@_operation(write=True)
def delete_fabric(store, fabricName, **_kwargs):
    _need_write(store.security_domain_of(fabricName))
    store.delete_fabric(fabricName)
    log.info("fabric %s deleted", fabricName)
    return empty_response(200)


@_operation(write=False)
def list_switches(store, fabricName, **_kwargs):
    _need_read(store.security_domain_of(fabricName))
    return json_response(200, store.list_switches(fabricName))


@_operation(write=True)
def create_switch(store, fabricName, body, **_kwargs):
    _need_write(store.security_domain_of(fabricName))
    return json_response(201, store.create_switch(fabricName, body))


@_operation(write=False)
def get_switch(store, fabricName, serialNumber, **_kwargs):
    _need_read(store.security_domain_of(fabricName))
    return json_response(200, store.get_switch(fabricName, serialNumber))


@_operation(write=True)
def replace_switch(store, fabricName, serialNumber, body, **_kwargs):
    _need_write(store.security_domain_of(fabricName))
    return json_response(200, store.replace_switch(fabricName, serialNumber, body))


@_operation(write=True)
def update_switch(store, fabricName, serialNumber, body, **_kwargs):
    _need_write(store.security_domain_of(fabricName))
    return json_response(200, store.update_switch(fabricName, serialNumber, body))


@_operation(write=True)
def delete_switch(store, fabricName, serialNumber, **_kwargs):
    _need_write(store.security_domain_of(fabricName))
    store.delete_switch(fabricName, serialNumber)
    return empty_response(200)
