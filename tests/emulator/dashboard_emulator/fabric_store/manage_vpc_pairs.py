"""The /api/v1/manage shape of the store's vPC pairs (nd-manage-facts 8).

The store keeps a pair as the legacy ``POST /vpcpair`` made it (``peerOneId``, ``peerTwoId``, ``useVirtualPeerlink``, the
``vpc_pair`` template's nvPairs). A 4.2 pair is ``{switchId, peerSwitchId, useVirtualPeerLink, vpcPairDetails}``; the
``x-legacy`` annotations of ManageVpcPairDetails pair its settings with the nvPairs. A setting they do not pair is kept
with the pair for the 4.2 API [uncertain, as for interfaces].
"""

from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.manage_topdown import legacy_text, typed_value
from dashboard_emulator.field_maps import legacy_fields
from dashboard_emulator.fabric_store.vpc_pairs import PAIR_TEMPLATE

DETAIL_FIELDS = {field.path[-1]: field for field in legacy_fields("ManageVpcPairDetails")}
# [client, cisco.nd vPC branch] the discriminator of a pair's PUT; "unpair" is how one comment spells the second [uncertain]
PAIR, UNPAIR = "pair", ("unPair", "unpair")


def manage_vpc_pair(pair):
    """A pair of the store as GET .../switches/{sn}/vpcPair answers it (the pair's own order, whichever switch is asked)."""
    answer = {"switchId": pair["peerOneId"], "peerSwitchId": pair["peerTwoId"], "useVirtualPeerLink": pair["useVirtualPeerlink"]}
    if pair["template"]:
        details = dict(pair.get("manage_details") or {"type": "default"})
        for name, field in DETAIL_FIELDS.items():
            text = pair["nvPairs"].get(field.legacy[1])
            value = typed_value(text, field.kind) if text not in (None, "") else None
            if value is not None:
                details[name] = value
        answer["vpcPairDetails"] = details
    return answer


def legacy_vpc_pair(switch_id, body):
    """(legacy pair body, the details as given) of a 4.2 ``pair`` PUT; BadRequest naming what is wrong."""
    peer = body.get("peerSwitchId")
    if body.get("switchId", switch_id) != switch_id or not isinstance(peer, str) or not peer:
        raise BadRequest("A pair needs switchId (the switch of the path) and peerSwitchId")
    virtual = body.get("useVirtualPeerLink", body.get("useVirtualPeerlink", False))
    if not isinstance(virtual, bool):
        raise BadRequest("useVirtualPeerLink must be true or false")
    legacy = {"peerOneId": switch_id, "peerTwoId": peer, "useVirtualPeerlink": virtual}
    details = body.get("vpcPairDetails")
    if details is None:
        return legacy, None
    if not isinstance(details, dict) or details.get("type", "default") != "default":
        # [uncertain] a custom template (type custom, templateName, templateConfig): the store knows vpc_pair alone
        raise BadRequest("vpcPairDetails of type %r are not served by this emulator; use type default"
                         % (details.get("type") if isinstance(details, dict) else details))
    pairs = {}
    for name, value in details.items():
        field = DETAIL_FIELDS.get(name)
        if field is not None and value is not None:
            pairs[field.legacy[1]] = legacy_text(value, field.kind, "vpcPairDetails." + name)
    return dict(legacy, templateName=PAIR_TEMPLATE, nvPairs=pairs), details


def manage_recommendation(candidate):
    """One switch of the legacy recommendation as GET .../vpcPairRecommendation lists it [client: serialNumber and
    currentPeer are what cisco.nd reads; the other names are the legacy ones in 4.2 spelling, uncertain]."""
    return {"serialNumber": candidate["serialNumber"], "switchName": candidate["logicalName"],
            "ipAddress": candidate["ipAddress"], "fabricName": candidate["fabricName"],
            "currentPeer": candidate["currentPeer"], "recommended": candidate["recommended"],
            "blockSelection": candidate["blockSelection"], "recommendationReason": candidate["recommendationReason"],
            "useVirtualPeerLink": candidate["useVirtualPeerlink"]}
