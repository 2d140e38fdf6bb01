"""/api/v1/manage operations of a 4.2 platform on fabrics, and what the manage handlers share, from the store the legacy paths serve.

An object created through one API is read through the other: these handlers keep nothing of
their own, they translate (fabric_store.manage_map, manage_switches, manage_topdown). Switches are in
manage_switches, VRFs and networks in manage_topdown. Errors come in the unified API's
``{code, message}`` envelope [uncertain: no 4.2 error body of these paths is recorded; it is the
envelope its clients read first].
"""

import logging

from dashboard_emulator.accounts import ALL_DOMAINS, can_read, can_write
from dashboard_emulator.fabric_store import StoreError
from dashboard_emulator.fabric_store.common import Frozen
from dashboard_emulator.fabric_store.manage_map import legacy_pairs, manage_fabric
from dashboard_emulator.handlers import current_claims, current_state
from dashboard_emulator.responses import empty_response, json_response

log = logging.getLogger("dashboard_emulator.manage")


class Refused(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def _error(status, message):
    return json_response(status, {"code": status, "message": message})


def operation(write=False):
    """Run a handler body with the store; store errors and refusals become the {code, message} answers."""
    def decorate(function):
        async def handler(*args, **kwargs):
            state = current_state()
            if write:
                state.counters.writes += 1
            try:
                return function(state.store, *args, **kwargs)
            except Frozen as exc:
                # [seen] the legacy deploy's status for a frozen fabric; on 4.2 [uncertain]
                return _error(500, exc.message)
            except StoreError as exc:
                # the legacy store answers a refused value with 500 text; here it is the caller's error [uncertain]
                return _error(exc.status if exc.status in (400, 404) else 400, exc.message)
            except Refused as exc:
                return _error(exc.status, exc.message)
        handler.__name__ = function.__name__
        handler.__doc__ = function.__doc__
        return handler
    return decorate


def need(check, security_domain, what):
    claims = current_claims()
    if not check(claims["rbac"], security_domain):
        raise Refused(403, "User %s has no %s privilege on security domain %s" % (claims["username"], what, security_domain))


def switch_of(store, fabric_name, switch_id):
    """``switch_id``, a switch of the fabric; else the 404 of a path naming a switch the fabric does not have [uncertain]."""
    if store.switch_fabric(switch_id) != fabric_name:
        raise Refused(404, "Switch %s not found in fabric %s" % (switch_id, fabric_name))
    return switch_id


def _fabric_object(store, name):
    return manage_fabric(store.get_fabric(name), store.security_domain_of(name))


@operation()
def list_fabrics(store, **_kwargs):
    rbac = current_claims()["rbac"]
    names = [name for name in store.fabric_names() if can_read(rbac, store.security_domain_of(name))]
    return json_response(200, {"fabrics": [_fabric_object(store, name) for name in names]})


@operation()
def get_fabric(store, fabricName, **_kwargs):
    need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, _fabric_object(store, fabricName))


@operation(write=True)
def create_fabric(store, body=None, **_kwargs):
    need(can_write, ALL_DOMAINS, "write")
    name = body.get("name") if isinstance(body, dict) else None
    if not isinstance(name, str) or not 1 <= len(name) <= 64:
        raise Refused(400, "name is required: the fabric's name, 1 to 64 characters")
    template, pairs = legacy_pairs(body, creating=True)
    store.create_fabric(name, template, pairs)
    log.info("fabric %s created through /api/v1/manage as %s", name, template)
    return json_response(200, _fabric_object(store, name))


@operation(write=True)
def update_fabric(store, fabricName, body=None, **_kwargs):
    need(can_write, store.security_domain_of(fabricName), "write")
    if isinstance(body, dict) and body.get("name") not in (None, fabricName):
        raise Refused(400, "The body names fabric %s, the path %s; a fabric is not renamed" % (body.get("name"), fabricName))
    current = store.get_fabric(fabricName)
    template, pairs = legacy_pairs(body, creating=False)
    if template not in (None, current["templateName"]):
        raise Refused(400, "management.type of fabric %s cannot change" % fabricName)
    store.update_fabric(fabricName, current["templateName"], pairs)
    return json_response(200, _fabric_object(store, fabricName))


@operation(write=True)
def delete_fabric(store, fabricName, **_kwargs):
    need(can_write, store.security_domain_of(fabricName), "write")
    store.delete_fabric(fabricName)
    return empty_response(204)


@operation()
def deployment_freeze(store, fabricName, **_kwargs):
    need(can_read, store.security_domain_of(fabricName), "read")
    frozen = store.get_fabric(fabricName)["nvPairs"].get("DEPLOYMENT_FREEZE") == "true"
    return json_response(200, {"deploymentFreeze": frozen})


@operation(write=True)
def deploy_fabric(store, fabricName, **_kwargs):
    """POST .../actions/deploy and .../actions/configDeploy [?forceShowRun=]: the legacy config-deploy of every switch of the
    fabric (nd-manage-facts 3: Cisco's branches use both names). It is started, not awaited: 4.2's clients poll the
    switches afterwards (2.3) [uncertain: the answer]; a frozen fabric is refused with 500."""
    need(can_write, store.security_domain_of(fabricName), "write")
    store.deploy(fabricName)
    return json_response(200, {"status": "Config deployment has been triggered"})


# connexion keys operations by their operationId: the second name of the fabric deploy needs one of its own
config_deploy_fabric = deploy_fabric
