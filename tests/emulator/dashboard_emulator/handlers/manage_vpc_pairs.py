"""/api/v1/manage operations of a 4.2 platform on vPC pairs (nd-manage-facts 8), on the legacy store.

A pair made here is the legacy ``/vpcpair`` pair (its peer-link, its switches out of sync until deployed) and the
reverse. cisco.nd's vPC branch pairs and unpairs with a PUT of the per-switch path, ``vpcAction`` telling which.
"""

from dashboard_emulator.accounts import can_read, can_write
from dashboard_emulator.fabric_store.manage_switches import manage_switch
from dashboard_emulator.fabric_store.manage_topdown import manage_status
from dashboard_emulator.fabric_store.manage_vpc_pairs import (
    PAIR, UNPAIR, legacy_vpc_pair, manage_recommendation, manage_vpc_pair,
)
from dashboard_emulator.handlers.manage import Refused, need, operation, switch_of
from dashboard_emulator.responses import empty_response, json_response


def _pair_of(store, fabric_name, switch_id, status=404):
    """The pair of the switch; else the refusal ``status`` saying it is in none [client: cisco.nd reads "not a part of vpc
    pair" in a 400 of vpcPairOverview as "no pair", and any failure of the pair's read as "none"; the 404 of the
    other reads uncertain]."""
    need(can_read, store.security_domain_of(fabric_name), "read")
    switch_of(store, fabric_name, switch_id)
    pair = store.vpc_pair_of(switch_id)
    if pair is None:
        raise Refused(status, "Switch %s is not a part of vPC pair" % switch_id)
    return pair


@operation()
def get_vpc_pair(store, fabricName, switchId, **_kwargs):
    return json_response(200, manage_vpc_pair(_pair_of(store, fabricName, switchId)))


@operation(write=True)
def put_vpc_pair(store, fabricName, switchId, body=None, **_kwargs):
    """PUT .../switches/{sn}/vpcPair: ``vpcAction`` ``pair`` pairs (or changes the pair of) the two switches,
    ``unPair`` unpairs them; 204 [uncertain: a design note of the same team]."""
    need(can_write, store.security_domain_of(fabricName), "write")
    switch_of(store, fabricName, switchId)
    action = body.get("vpcAction") if isinstance(body, dict) else None
    if action in UNPAIR:
        store.delete_vpc_pair(switchId)
        return empty_response(204)
    if action != PAIR:
        raise Refused(400, "vpcAction must be pair or unPair")
    legacy, details = legacy_vpc_pair(switchId, body)
    switch_of(store, fabricName, legacy["peerTwoId"])
    pair = store.vpc_pair_of(switchId)
    if pair is not None and {pair["peerOneId"], pair["peerTwoId"]} == {switchId, legacy["peerTwoId"]}:
        store.update_vpc_pair(legacy)
    else:
        store.create_vpc_pair(legacy)
    if details is not None:
        store.vpc_pair_of(switchId)["manage_details"] = details
    return empty_response(204)


@operation()
def list_vpc_pairs(store, fabricName, **_kwargs):
    """GET .../vpcPairs: ``{"vpcPairs": [...]}``, each pair once [client: the wrapper; uncertain: the names of the
    switches beside their ids]."""
    need(can_read, store.security_domain_of(fabricName), "read")
    names = {view["serialNumber"]: view["logicalName"] for view in store.list_switches(fabricName)}
    pairs = []
    for serial in names:
        pair = store.vpc_pair_of(serial)
        if pair is not None and pair["peerOneId"] == serial:
            pairs.append(dict(manage_vpc_pair(pair), switchName=names[serial], peerSwitchName=names.get(pair["peerTwoId"])))
    return json_response(200, {"vpcPairs": pairs, "meta": {"counts": {"total": len(pairs), "remaining": 0}}})


@operation()
def vpc_pair_recommendation(store, fabricName, switchId, useVirtualPeerLink=False, **_kwargs):
    """GET .../vpcPairRecommendation: the switches this one may pair with, a list as the legacy recommendation [client]."""
    need(can_read, store.security_domain_of(fabricName), "read")
    switch_of(store, fabricName, switchId)
    return json_response(200, [manage_recommendation(candidate)
                               for candidate in store.vpc_pair_recommendation(switchId, useVirtualPeerLink)])


def _counts(statuses):
    counts = {"inSync": 0, "pending": 0, "outOfSync": 0, "inProgress": 0}
    for status in statuses:
        key = {"deployed": "inSync", "deploymentInProgress": "inProgress"}.get(status, status)
        if key in counts:
            counts[key] += 1
    return counts


@operation()
def vpc_pair_overview(store, fabricName, switchId, **_kwargs):
    """GET .../vpcPairOverview[?componentType=full]: what cisco.nd reads before an unpair and to decide a deploy [client]:
    ``inventory.syncStatus`` (the pair's switches by config sync status) and ``overlay`` (the networks and VRFs attached
    to them, counted by status), plus ``vpcInterfaceCount``. Every other component [uncertain], not shown."""
    pair = _pair_of(store, fabricName, switchId, status=400)
    serials = (pair["peerOneId"], pair["peerTwoId"])
    views = {view["serialNumber"]: manage_switch(view) for view in store.list_switches(fabricName)}
    overlay = {}
    for kind in ("network", "vrf"):
        statuses = [manage_status(attachment["lanAttachState"]) for entry in store.attachments(kind, fabricName, None)
                    for attachment in entry["lanAttachList"]
                    if attachment["switchSerialNo"] in serials and attachment["isLanAttached"]]
        overlay[kind + "Count"] = _counts(statuses)
    vpc_interfaces = sum(1 for record in store.interface_records(pair["peerOneId"]) if record["interfaceType"] == "INTERFACE_VPC")
    overlay["vpcInterfaceCount"] = {"switch": vpc_interfaces, "peerSwitch": vpc_interfaces}
    inventory = {"syncStatus": _counts(views[serial]["additionalData"]["configSyncStatus"] for serial in serials)}
    return json_response(200, {"overlay": overlay, "inventory": inventory})


@operation()
def vpc_pair_consistency(store, fabricName, switchId, **_kwargs):
    """GET .../vpcPairConsistency: the field names cisco.nd reads [client]; the emulator's pairs are always consistent
    [uncertain]."""
    _pair_of(store, fabricName, switchId)
    return json_response(200, {"type2Consistency": True, "type2ConsistencyReason": ""})


@operation()
def vpc_pair_support(store, fabricName, switchId, componentType="checkPairing", **_kwargs):
    """GET .../vpcPairSupport?componentType=checkPairing|checkFabricPeeringSupport: the field names cisco.nd reads
    [client]; the values [uncertain]: pairing is allowed for a switch in no pair, fabric peering always supported."""
    need(can_read, store.security_domain_of(fabricName), "read")
    switch_of(store, fabricName, switchId)
    if componentType == "checkFabricPeeringSupport":
        return json_response(200, {"isVpcFabricPeeringSupported": True, "status": "Fabric peering is supported"})
    paired = store.vpc_pair_of(switchId) is not None
    return json_response(200, {"isPairingAllowed": not paired,
                               "status": "Switch %s is already part of a vPC pair" % switchId if paired else "Pairing is allowed"})
