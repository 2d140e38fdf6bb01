"""The /api/v1/manage shapes of the store's fabrics (nd-manage-facts 3 and the map of section 9.1).

One state behind both APIs: the store keeps fabrics as the legacy API does (nvPairs of strings); this module turns them into the typed objects of the manage API
and a manage fabric back into nvPairs, field by field as section 9 of the facts pairs them. A
field the map does not name is neither shown nor kept [uncertain: a real 4.2 has some hundred
typed settings per fabric].
"""

from dashboard_emulator.fabric_store.common import BadRequest

# management.type of a fabric, by the legacy template it was made from (9.1); the eBGP pairing is uncertain in the facts
TYPE_OF_TEMPLATE = {"Easy_Fabric": "vxlanIbgp", "External_Fabric": "externalConnectivity"}
TEMPLATE_OF_TYPE = {kind: template for template, kind in TYPE_OF_TEMPLATE.items()}


def _text(value):
    return value


def integer(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def _enum(pairs):
    """(to manage, to legacy) of an enumeration whose values only change case (``Multicast`` / ``multicast``)."""
    to_legacy = dict(pairs)
    to_manage = {legacy: manage for manage, legacy in pairs}
    return to_manage.get, to_legacy.get


_REPLICATION = _enum([("multicast", "Multicast"), ("ingress", "Ingress")])
_GREENFIELD = _enum([("enable", "Enable"), ("disable", "Disable")])
# [uncertain] the facts (section 3) give ospf|isis, the legacy template's LINK_STATE_ROUTING ospf|is-is: the pairing is inferred
_ROUTING = _enum([("ospf", "ospf"), ("isis", "is-is")])

# (management field, nvPairs key, JSON type of the manage value, to manage, to legacy)
MANAGEMENT_FIELDS = (
    ("bgpAsn", "BGP_AS", str, _text, _text),
    ("siteId", "SITE_ID", str, _text, _text),
    ("replicationMode", "REPLICATION_MODE", str, _REPLICATION[0], _REPLICATION[1]),
    ("anycastGatewayMac", "ANYCAST_GW_MAC", str, _text, _text),
    ("fabricMtu", "FABRIC_MTU", int, integer, str),
    ("l2VniRange", "L2_SEGMENT_ID_RANGE", str, _text, _text),
    ("l3VniRange", "L3_PARTITION_ID_RANGE", str, _text, _text),
    ("networkVlanRange", "NETWORK_VLAN_RANGE", str, _text, _text),
    ("vrfVlanRange", "VRF_VLAN_RANGE", str, _text, _text),
    ("multicastGroupSubnet", "MULTICAST_GROUP_SUBNET", str, _text, _text),
    ("linkStateRoutingProtocol", "LINK_STATE_ROUTING", str, _ROUTING[0], _ROUTING[1]),
    ("greenfieldDebugFlag", "GRFIELD_DEBUG_FLAG", str, _GREENFIELD[0], _GREENFIELD[1]),
    # [uncertain] the nvPairs these four are kept in: the facts pair them with the legacy fabric's template fields
    ("vrfTemplate", "default_vrf", str, _text, _text),
    ("networkTemplate", "default_network", str, _text, _text),
    ("vrfExtensionTemplate", "vrf_extension_template", str, _text, _text),
    ("networkExtensionTemplate", "network_extension_template", str, _text, _text),
)


def manage_fabric(fabric, security_domain):
    """A fabric of the store (its legacy view, with nvPairs) as GET /api/v1/manage/fabrics/{name} answers it."""
    pairs = fabric["nvPairs"]
    management = {}
    kind = TYPE_OF_TEMPLATE.get(fabric["templateName"])
    if kind is not None:
        management["type"] = kind
    for field, key, _kind, to_manage, _to_legacy in MANAGEMENT_FIELDS:
        if pairs.get(key) not in (None, ""):
            value = to_manage(pairs[key])
            if value is not None:
                management[field] = value
    return {"name": fabric["fabricName"], "category": "fabric", "securityDomain": security_domain, "management": management}


def legacy_pairs(body, creating):
    """(template name, nvPairs) of a manage fabric body; BadRequest naming what is wrong.

    Typed values are refused in another type (``"9216"`` for ``fabricMtu``) [uncertain: whether 4.2
    coerces them is an open question of the facts].
    """
    if not isinstance(body, dict):
        raise BadRequest("The body must be a fabric object")
    management = body.get("management") or {}
    if not isinstance(management, dict):
        raise BadRequest("management must be an object")
    template = None
    kind = management.get("type")
    if creating or kind is not None:
        template = TEMPLATE_OF_TYPE.get(kind)
        if template is None:
            raise BadRequest("management.type %r is not served by this emulator; use one of %s"
                             % (kind, ", ".join(sorted(TEMPLATE_OF_TYPE))))
    pairs = {}
    for field, key, kind_of_value, _to_manage, to_legacy in MANAGEMENT_FIELDS:
        if field not in management:
            continue
        value = management[field]
        if not isinstance(value, kind_of_value) or isinstance(value, bool):
            raise BadRequest("management.%s must be a%s %s" % (field, "n" if kind_of_value is int else "",
                                                               "integer" if kind_of_value is int else "string"))
        legacy = to_legacy(value)
        if legacy is None:
            raise BadRequest("management.%s: %r is not one of its values" % (field, value))
        pairs[key] = legacy
    return template, pairs
