"""/api/v1/manage operations of a 4.2 platform on the switches of a fabric (nd-manage-facts 4), on the legacy store."""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.handlers.manage import Refused, need, operation
from dashboard_emulator.responses import empty_response, json_response
from dashboard_emulator.fabric_store.manage_switches import (
    discovered_switch, discovery_progress, legacy_candidate, legacy_role, manage_switch,
)
from dashboard_emulator.fabric_store.common import check_ip
from dashboard_emulator.fabric_store.switches import SWITCH_ROLES


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


def _list_of(body, key, what):
    """``body[key]``, a list of at least one ``what``; else the refusal that says the body's shape."""
    items = body.get(key) if isinstance(body, dict) else None
    if not isinstance(items, list) or not items:
        raise Refused(400, "The body must be {\"%s\": [%s, ...]}" % (key, what))
    return items


def _own_switches(store, fabric_name, switch_ids):
    """The serial numbers of ``switch_ids``, each a switch of this fabric; else a refusal, before anything changes."""
    ours = {view["serialNumber"] for view in store.list_switches(fabric_name)}
    for switch_id in switch_ids:
        if not isinstance(switch_id, str) or switch_id not in ours:
            raise Refused(400, "Switch %s is not in fabric %s" % (switch_id, fabric_name))
    return list(dict.fromkeys(switch_ids))


@operation(write=True)
def shallow_discovery(store, fabricName, body=None, **_kwargs):
    """POST .../actions/shallowDiscovery {seedIpCollection, username, password, ...}: the legacy reachability test (4.2, 9.2).

    Counted as a write, as the legacy test-reachability is (a POST that logs in to the switches)."""
    need(can_write, store.security_domain_of(fabricName), "write")
    seeds = _list_of(body, "seedIpCollection", "\"192.0.2.11\"")
    if not all(isinstance(seed, str) and seed.strip() and "," not in seed for seed in seeds):
        raise Refused(400, "seedIpCollection must list IP addresses, one per item")
    candidates = store.test_reachability(fabricName, {"seedIP": ",".join(seed.strip() for seed in seeds)})
    return json_response(200, {"switches": [discovered_switch(candidate) for candidate in candidates]})


@operation(write=True)
def add_switches(store, fabricName, body=None, **_kwargs):
    """POST .../switches {switches: [{ip, serialNumber, hostname, switchRole?, ...}], preserveConfig, ...}: the legacy discover.

    ``preserveConfig`` absent is true (brownfield, the facts' default); each switch may have its own role
    (``leaf`` when it gives none), where the legacy discover takes one role per call: the switches are
    checked together, then discovered per role, so a refusal adds none of them."""
    need(can_write, store.security_domain_of(fabricName), "write")
    items = _list_of(body, "switches", "{\"ip\", \"serialNumber\", \"hostname\", \"switchRole\"}")
    preserve = body.get("preserveConfig", True)
    if not isinstance(preserve, bool):
        raise Refused(400, "preserveConfig must be true (keep the switch's configuration) or false")
    by_role = {}
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("ip"), str) or not item["ip"]:
            raise Refused(400, "Every switch needs ip, the address it was discovered at")
        check_ip(item["ip"])
        role = legacy_role(item.get("switchRole") or "leaf")
        if role not in SWITCH_ROLES:
            raise Refused(400, "Invalid switchRole %s for switch %s" % (item.get("switchRole"), item["ip"]))
        found = store.found_at(item["ip"])
        if found is None:
            # [uncertain] the refusal of an address where no switch answers
            raise Refused(400, "Switch %s is not reachable" % item["ip"])
        serial = found[0] if store.lab is not None else str(item.get("serialNumber") or found[0])
        if store.switch_fabric(serial) is not None:
            raise Refused(400, "Switch %s is already managed" % serial)
        by_role.setdefault(role, []).append(legacy_candidate(item))
    for role, candidates in by_role.items():
        store.discover(fabricName, {"switches": candidates, "role": role, "preserveConfig": preserve})
    # [uncertain] the answer: clients only look for an embedded {code, message}; 200 with no body here
    return empty_response(200)


@operation()
def discovery_status(store, fabricName, **_kwargs):
    """GET .../inventory/discover: the fabric's switches with the progress of their discovery (4.4)."""
    need(can_read, store.security_domain_of(fabricName), "read")
    return json_response(200, {"switches": [discovery_progress(view) for view in store.list_switches(fabricName)]})


@operation(write=True)
def remove_switches(store, fabricName, body=None, **_kwargs):
    """POST .../switchActions/remove {switchIds}: the legacy removal of each (``force`` is not looked at)."""
    need(can_write, store.security_domain_of(fabricName), "write")
    for serial in _own_switches(store, fabricName, _list_of(body, "switchIds", "\"<serial number>\"")):
        store.remove_switch(fabricName, serial)
    # [uncertain] the answer: 200 with no body here
    return empty_response(200)


@operation(write=True)
def rediscover_switches(store, fabricName, body=None, **_kwargs):
    """POST .../switchActions/rediscover {switchIds}: the legacy rediscover of each (nd-manage-facts 4.1, 4.4)."""
    need(can_write, store.security_domain_of(fabricName), "write")
    for serial in _own_switches(store, fabricName, _list_of(body, "switchIds", "\"<serial number>\"")):
        store.rediscover(fabricName, serial)
    # [uncertain] the answer: the legacy rediscover's status
    return json_response(200, {"status": "Success"})


@operation(write=True)
def deploy_switches(store, fabricName, body=None, **_kwargs):
    """POST .../switchActions/deploy {switchIds}: the legacy config-deploy of these switches."""
    need(can_write, store.security_domain_of(fabricName), "write")
    store.deploy(fabricName, _own_switches(store, fabricName, _list_of(body, "switchIds", "\"<serial number>\"")))
    # [uncertain] the answer: the legacy switch deploy's status text
    return json_response(200, {"status": "Config deployment has been triggered"})


@operation(write=True)
def config_save(store, fabricName, **_kwargs):
    """POST .../actions/configSave: the legacy config-save (nd-manage-facts 3, 4.4, 9.2)."""
    need(can_write, store.security_domain_of(fabricName), "write")
    if not store.config_save(fabricName):
        # [uncertain] the legacy answer's status, in the unified API's envelope
        raise Refused(500, "Config save failed: no switch of fabric %s can be managed" % fabricName)
    # [uncertain] the answer body: a third-party emulator's text (nd-manage-facts 11.5), the legacy one too
    return json_response(200, {"status": "Config save is completed"})


@operation(write=True)
def set_switch_credentials(store, body=None, **_kwargs):
    """POST /api/v1/manage/credentials/switches {switchIds, switchUsername, switchPassword} (nd-manage-facts 4.1): the
    credentials the controller logs in to these switches with. The emulator's switches take any, so this checks the body
    and the write privilege on each switch's fabric, and changes nothing it shows; the request log masks the password."""
    switch_ids = _list_of(body, "switchIds", "\"<serial number>\"")
    fabrics = []
    for switch_id in switch_ids:
        fabric = store.switch_fabric(switch_id) if isinstance(switch_id, str) else None
        if fabric is None:
            raise Refused(400, "Switch %s is not managed by this controller" % (switch_id,))
        if fabric not in fabrics:
            fabrics.append(fabric)
    remote = body.get("remoteCredentialStore") not in (None, "", "local")
    if remote and not body.get("remoteCredentialStoreKey"):
        raise Refused(400, "remoteCredentialStoreKey is required with remoteCredentialStore %s" % body.get("remoteCredentialStore"))
    if not remote and not all(isinstance(body.get(name), str) and body[name] for name in ("switchUsername", "switchPassword")):
        raise Refused(400, "switchUsername and switchPassword are required (or remoteCredentialStore and remoteCredentialStoreKey)")
    for fabric in fabrics:
        need(can_write, store.security_domain_of(fabric), "write")
    # [uncertain] the answer: 200 with no body here
    return empty_response(200)


@operation(write=True)
def preprovision(store, fabricName, body=None, **_kwargs):
    """POST .../switchActions/preProvision {switches: [...]}: the legacy pre-provision, each switch with its role."""
    need(can_write, store.security_domain_of(fabricName), "write")
    entries = []
    for item in _list_of(body, "switches", "{\"serialNumber\", \"ip\", \"hostname\", \"model\", \"softwareVersion\", ...}"):
        if not isinstance(item, dict):
            raise Refused(400, "Every switch to pre-provision is an object")
        role = legacy_role(item.get("switchRole") or "leaf")
        entries.append({"serialNumber": item.get("serialNumber"), "ipAddress": item.get("ip"), "hostname": item.get("hostname"),
                        "model": item.get("model"), "version": item.get("softwareVersion"),
                        "gateway": item.get("gatewayIpMask"), "imagePolicy": item.get("imagePolicy"),
                        "role": role or str(item.get("switchRole"))})
    # a refusal of the store (a serial or address in use) is a 400 here (operation)
    return json_response(200, store.preprovision(fabricName, entries))
