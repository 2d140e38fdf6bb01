"""/api/v1/manage operations of a 4.2 platform on the switches of a fabric (nd-manage-facts 4), on the legacy store."""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.handlers.manage import Refused, need, operation
from dashboard_emulator.responses import empty_response, json_response
from dashboard_emulator.fabric_store.manage_switches import legacy_role, manage_switch


@operation()
def list_switches(store, fabricName, **_kwargs):
    need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, {"switches": [manage_switch(view) for view in store.list_switches(fabricName)]})


@operation(write=True)
def change_roles(store, fabricName, body=None, **_kwargs):
    """POST .../switchActions/changeRoles {switchRoles: [{switchId, role}]}: the legacy role change, roles in camel case."""
    need(can_write, store.security_domain_of(fabricName), "write")
    entries = body.get("switchRoles") if isinstance(body, dict) else None
    if not isinstance(entries, list) or not entries or not all(isinstance(entry, dict) for entry in entries):
        raise Refused(400, "The body must be {\"switchRoles\": [{\"switchId\", \"role\"}, ...]}")
    ours = {view["serialNumber"] for view in store.list_switches(fabricName)}
    for entry in entries:
        if entry.get("switchId") not in ours:
            raise Refused(400, "Switch %s is not in fabric %s" % (entry.get("switchId"), fabricName))
    store.set_roles([{"serialNumber": entry["switchId"], "role": legacy_role(entry.get("role")) or str(entry.get("role"))}
                     for entry in entries])
    return empty_response(200)
