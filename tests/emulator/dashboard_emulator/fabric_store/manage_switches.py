"""The /api/v1/manage shape of the store's switches (nd-manage-facts 4.3 and the map of section 9.2).

The store keeps switches as the legacy inventory does (legacy role names with spaces); this module
turns them into the switch objects of the manage API and role names back.
"""

import re

from dashboard_emulator.fabric_store.manage_map import integer

_CONFIG_SYNC = {"In-Sync": "inSync", "Out-of-Sync": "outOfSync", "Pending": "pending", "NA": "notApplicable"}
_DISCOVERY = {"ok": "ok", "discovering": "discovering", "unreachable": "unreachable"}


def _camel(words):
    """``border gateway`` -> ``borderGateway`` (9.2: the legacy role names have spaces)."""
    first, *rest = words.split()
    return first + "".join(word.title() for word in rest)


def legacy_role(role):
    """``borderGateway`` -> ``border gateway``: the inverse of the role's camel case (9.2)."""
    if not isinstance(role, str) or not role.isalpha():
        return None
    words = re.sub(r"([A-Z])", r" \1", role).lower()
    return words.strip()


def manage_switch(view):
    """A switch of the store (its legacy inventory view) as GET /api/v1/manage/fabrics/{f}/switches lists it (4.3, 9.2)."""
    switch = {
        # list items carry both the identifier and the serial number (4.3: the clients read both)
        "switchId": view["serialNumber"], "serialNumber": view["serialNumber"],
        "fabricManagementIp": view["ipAddress"], "hostname": view["logicalName"],
        "softwareVersion": view["release"], "model": view["model"], "switchRole": _camel(view["switchRole"]),
        "fabricName": view["fabricName"], "vpcConfigured": bool(view.get("isVpcConfigured")),
        "additionalData": {
            "discoveryStatus": _DISCOVERY.get(view["status"], view["status"]),
            "systemMode": system_mode(view),
            "intendedSystemMode": view["mode"].lower(), "discoveredSystemMode": view["systemMode"].lower(),
            "configSyncStatus": _CONFIG_SYNC.get(view["ccStatus"], view["ccStatus"]),
            "meta": {"switchDbId": view["switchDbID"], "switchUuid": view["swUUID"]},
        },
    }
    if view.get("isVpcConfigured"):
        switch["vpcData"] = {"peerSwitchId": view.get("peerSerialNumber"), "vpcDomain": integer(view.get("vpcDomain"))}
    return switch


def system_mode(view):
    """additionalData.systemMode from the legacy pair: ``migration`` while migrating, ``inconsistent`` while the intended
    mode (``mode``) and the switch's (``systemMode``) differ, as cisco.dcnm reads them (docs/api/platform.yaml, ManageSwitch)."""
    if view["mode"] == "Migration":
        return "migration"
    if view["mode"] != view["systemMode"]:
        return "inconsistent"
    return view["mode"].lower()


def discovered_switch(candidate):
    """A candidate of the legacy reachability test as POST .../actions/shallowDiscovery lists it (4.2).

    ``status`` ``manageable`` for a switch that can be added, ``alreadyManaged`` for one the platform
    manages already (the values the clients read, case-insensitive); ``statusReason`` keeps the
    legacy reason text [uncertain: the text a real 4.2 gives is not recorded].
    """
    return {
        "hostname": candidate["sysName"], "ip": candidate["ipaddr"], "serialNumber": candidate["serialNumber"],
        "model": candidate["platform"], "softwareVersion": candidate["version"], "vdcId": candidate["vdcId"],
        "vdcMac": candidate["vdcMac"], "status": "manageable" if candidate["selectable"] else "alreadyManaged",
        "statusReason": candidate["statusReason"],
    }


def legacy_candidate(item):
    """An item of POST .../switches (AddSwitchesRequest, 4.2) as the legacy discover takes it."""
    candidate = {"ipaddr": str(item["ip"])}
    if item.get("serialNumber"):
        candidate["serialNumber"] = str(item["serialNumber"])
    if item.get("hostname"):
        candidate["sysName"] = str(item["hostname"])
    return candidate


def discovery_progress(view):
    """A switch of the fabric as GET .../inventory/discover lists it: the discovery's own progress (4.4).

    ``discovering`` until the platform has discovered it, then ``ok``; the reload of a greenfield switch
    that follows is not part of the discovery (the switch list shows it) [uncertain: the fields and
    values of a real answer beyond ``ip`` and ``status`` are not recorded].
    """
    return {"ip": view["ipAddress"], "serialNumber": view["serialNumber"], "hostname": view["logicalName"],
            "status": "discovering" if view["status"] == "discovering" else "ok"}
