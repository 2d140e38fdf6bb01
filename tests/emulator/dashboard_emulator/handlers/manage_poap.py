"""/api/v1/manage operations of a 4.2 platform on the two ends of a switch's life (nd-manage-facts 4.1): the bootstrap list
(the switches asking a fabric for POAP), their import, the swap of a pre-provisioned switch to the switch that booted, and
RMA (docs/api/platform.yaml). They keep nothing of their own: each translates its 4.2 body to the call of the store that the
legacy paths serve (fabric_store/poap.py), so a switch imported or replaced on 4.2 reads the same on the legacy view.
"""

import json

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.fabric_store.manage_switches import legacy_role
from dashboard_emulator.fabric_store.switches import SWITCH_ROLES
from dashboard_emulator.handlers.manage import Refused, need, operation, switch_of
from dashboard_emulator.responses import json_response


def _manage_entry(store, fabric_name, entry):
    """A bootstrap entry of the store (the legacy GET inventory/poap's) as GET .../bootstrap lists it: ``softwareVersion``,
    ``fingerPrint``, ``seedSwitch``, the gateway as ``gatewayIpMask`` and in ``data`` (an object here, with ``models``),
    ``inInventory`` while the fabric holds the switch pre-provisioned [uncertain]."""
    data = json.loads(entry["data"])
    gateway = data.get("gateway") or None
    item = {
        "serialNumber": entry["serialNumber"], "model": entry["model"], "softwareVersion": entry["version"],
        "publicKey": entry["publicKey"], "fingerPrint": entry["fingerprint"], "reAdd": entry["reAdd"],
        "seedSwitch": entry["seedSwitchFlag"], "inInventory": store.switch_fabric(entry["serialNumber"]) == fabric_name,
        "data": {"gatewayIpMask": gateway, "models": data.get("modulesModel") or []},
    }
    if gateway:
        item["gatewayIpMask"] = gateway
    return item


def _role_of(item, serial):
    """The legacy spelling of an item's ``switchRole`` (None when it gives none); a role no switch has is refused."""
    if item.get("switchRole") in (None, ""):
        return None
    role = legacy_role(item["switchRole"])
    if role not in SWITCH_ROLES:
        raise Refused(400, "Invalid switchRole %s for switch %s" % (item["switchRole"], serial))
    return role


def _gateway_of(item):
    data = item.get("data") if isinstance(item.get("data"), dict) else {}
    return item.get("gatewayIpMask") or data.get("gatewayIpMask")


@operation()
def bootstrap_list(store, fabricName, **_kwargs):
    """GET .../bootstrap: the switches asking the fabric for POAP, ``{"switches": [...]}``; bootstrap off is refused (400)."""
    need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, {"switches": [_manage_entry(store, fabricName, entry) for entry in store.bootstrap_list(fabricName)]})


@operation(write=True)
def import_bootstrap(store, fabricName, body=None, **_kwargs):
    """POST .../switchActions/importBootstrap {switches: [...]}: the legacy import (POST inventory/poap with the key the
    switch offered) of each, then each one's ``switchRole``. All are checked before anything changes."""
    need(can_write, store.security_domain_of(fabricName), "write")
    items = body.get("switches") if isinstance(body, dict) else None
    if not isinstance(items, list) or not items or not all(isinstance(item, dict) for item in items):
        raise Refused(400, "The body must be {\"switches\": [{\"serialNumber\", \"ip\", \"hostname\", \"publicKey\", ...}, ...]}")
    entries, roles = [], []
    for item in items:
        serial = item.get("serialNumber")
        if not item.get("publicKey"):
            # [uncertain] the refusal of an entry without the key of the bootstrap list (cisco.nd always copies it)
            raise Refused(400, "Switch %s: publicKey is required, the key of its entry in the bootstrap list" % serial)
        role = _role_of(item, serial)
        entries.append({"serialNumber": serial, "ipAddress": item.get("ip"), "hostname": item.get("hostname"),
                        "model": item.get("model"), "version": item.get("softwareVersion"), "gateway": _gateway_of(item),
                        "imagePolicy": item.get("imagePolicy"), "publicKey": item["publicKey"]})
        if role is not None:
            roles.append({"serialNumber": serial, "role": role})
    answer = store.poap(fabricName, entries)
    if roles:
        store.set_roles(roles)
    # [uncertain] the answer: cisco.nd reads only the status and looks for an embedded {code, message}
    return json_response(200, answer)


@operation(write=True)
def change_switch_serial_number(store, fabricName, switchId, body=None, **_kwargs):
    """POST .../switches/{switchId}/actions/changeSwitchSerialNumber {newSwitchId}: the legacy swapSN/{switchId}/{newSwitchId}."""
    need(can_write, store.security_domain_of(fabricName), "write")
    switch_of(store, fabricName, switchId)
    new = body.get("newSwitchId") if isinstance(body, dict) else None
    if not isinstance(new, str) or not new:
        raise Refused(400, "The body must be {\"newSwitchId\": \"<serial number of the switch that booted>\"}")
    return json_response(200, store.swap_serial(fabricName, switchId, new))


@operation(write=True)
def provision_rma(store, fabricName, switchId, body=None, **_kwargs):
    """POST .../switches/{switchId}/actions/provisionRMA {oldSwitchId, newSwitchId, ip, hostname, ...}: the legacy RMA of the
    switch of the path, then the body's ``switchRole`` for the new switch."""
    need(can_write, store.security_domain_of(fabricName), "write")
    switch_of(store, fabricName, switchId)
    if not isinstance(body, dict) or not isinstance(body.get("newSwitchId"), str) or not body["newSwitchId"]:
        raise Refused(400, "The body must be {\"oldSwitchId\", \"newSwitchId\", \"ip\", \"hostname\", \"publicKey\", ...}")
    if body.get("oldSwitchId") not in (None, switchId):
        # [uncertain] the refusal of a body naming another switch than its path
        raise Refused(400, "oldSwitchId %s is not the switch of the path, %s" % (body["oldSwitchId"], switchId))
    new = body["newSwitchId"]
    role = _role_of(body, new)
    answer = store.rma(fabricName, {
        "oldSerialNumber": switchId, "newSerialNumber": new, "ipAddress": body.get("ip"), "hostname": body.get("hostname"),
        "model": body.get("model"), "version": body.get("softwareVersion"), "gateway": _gateway_of(body),
        "imagePolicy": body.get("imagePolicy"), "publicKey": body.get("publicKey")})
    if role is not None:
        store.set_roles([{"serialNumber": new, "role": role}])
    return json_response(200, answer)
