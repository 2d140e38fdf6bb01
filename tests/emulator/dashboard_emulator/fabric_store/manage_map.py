"""The /api/v1/manage shapes of the store's fabrics and switches (nd-manage-facts 3, 4.3 and the map of section 9).

One state behind both APIs: the store keeps fabrics and switches as the legacy API does (nvPairs
of strings, legacy role names); this module turns them into the typed objects of the manage API
and a manage fabric back into nvPairs, field by field as section 9 of the facts pairs them. A
field the map does not name is neither shown nor kept [uncertain: a real 4.2 has some hundred
typed settings per fabric].
"""

import json
import re

from dashboard_emulator.fabric_store.common import BadRequest

# management.type of a fabric, by the legacy template it was made from (9.1); the eBGP pairing is uncertain in the facts
TYPE_OF_TEMPLATE = {"Easy_Fabric": "vxlanIbgp", "External_Fabric": "externalConnectivity"}
TEMPLATE_OF_TYPE = {kind: template for template, kind in TYPE_OF_TEMPLATE.items()}


def _text(value):
    return value


def _integer(text):
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

# (management field, nvPairs key, JSON type of the manage value, to manage, to legacy)
MANAGEMENT_FIELDS = (
    ("bgpAsn", "BGP_AS", str, _text, _text),
    ("siteId", "SITE_ID", str, _text, _text),
    ("replicationMode", "REPLICATION_MODE", str, _REPLICATION[0], _REPLICATION[1]),
    ("anycastGatewayMac", "ANYCAST_GW_MAC", str, _text, _text),
    ("fabricMtu", "FABRIC_MTU", int, _integer, str),
    ("l2VniRange", "L2_SEGMENT_ID_RANGE", str, _text, _text),
    ("l3VniRange", "L3_PARTITION_ID_RANGE", str, _text, _text),
    ("networkVlanRange", "NETWORK_VLAN_RANGE", str, _text, _text),
    ("vrfVlanRange", "VRF_VLAN_RANGE", str, _text, _text),
    ("multicastGroupSubnet", "MULTICAST_GROUP_SUBNET", str, _text, _text),
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
            "systemMode": view["mode"].lower(),
            "configSyncStatus": _CONFIG_SYNC.get(view["ccStatus"], view["ccStatus"]),
            "meta": {"switchDbId": view["switchDbID"], "switchUuid": view["swUUID"]},
        },
    }
    if view.get("isVpcConfigured"):
        switch["vpcData"] = {"peerSwitchId": view.get("peerSerialNumber"), "vpcDomain": _integer(view.get("vpcDomain"))}
    return switch


# VRFs and networks (9.3, 9.4): a legacy template config key and where the manage object holds it, typed.
# (path in the manage object, legacy config key, type)
VRF_FIELDS = (
    (("vlanId",), "vrfVlanId", int),
    (("coreData", "vrfVlanName"), "vrfVlanName", str),
    (("coreData", "vrfInterfaceDescription"), "vrfIntfDescription", str),
    (("coreData", "vrfDescription"), "vrfDescription", str),
    (("coreData", "mtu"), "mtu", int),
    (("coreData", "routingTag"), "tag", int),
    (("coreData", "vrfRouteMap"), "vrfRouteMap", str),
    (("coreData", "v6VrfRouteMap"), "v6VrfRouteMap", str),
    (("coreData", "maxBgpPaths"), "maxBgpPaths", int),
    (("coreData", "maxIbgpPaths"), "maxIbgpPaths", int),
    (("coreData", "ipv6LinkLocal"), "ipv6LinkLocalFlag", bool),
    (("coreData", "routeTargetImport"), "routeTargetImport", list),
    (("coreData", "routeTargetExport"), "routeTargetExport", list),
    (("coreData", "evpnRouteTargetImport"), "routeTargetImportEvpn", list),
    (("coreData", "evpnRouteTargetExport"), "routeTargetExportEvpn", list),
    (("fabricData", "advertiseHostRoute"), "advertiseHostRouteFlag", bool),
    (("fabricData", "advertiseDefaultRoute"), "advertiseDefaultRouteFlag", bool),
    (("fabricData", "configureStaticDefaultRoute"), "configureStaticDefaultRouteFlag", bool),
    (("fabricData", "bgpPassword"), "bgpPassword", str),
    (("fabricData", "bgpPasswordKeyType"), "bgpPasswordKeyType", int),
    # [uncertain] the facts' pairing of the TRM group fields
    (("fabricData", "trmData", "ipv4Trm"), "trmEnabled", bool),
    (("fabricData", "trmData", "v4RpExternal"), "isRPExternal", bool),
    (("fabricData", "trmData", "v4RpAddress"), "rpAddress", str),
    (("fabricData", "trmData", "l3VniMulticastGroup"), "L3VniMcastGroup", str),
    (("fabricData", "trmData", "v4MulticastGroup"), "multicastGroup", str),
    (("fabricData", "trmData", "loopbackNumber"), "loopbackNumber", int),
)
NETWORK_FIELDS = (
    (("vlanId",), "vlanId", int),
    (("l2Data", "vlanName"), "vlanName", str),
    (("l2Data", "fabricData", "multicastGroup"), "mcastGroup", str),
    (("l2Data", "rtAuto"), "rtBothAuto", bool),   # [uncertain] pairing
    (("l3Data", "gatewayIpv4Address"), "gatewayIpAddress", str),
    (("l3Data", "gatewayIpv6Address"), "gatewayIpV6Address", str),
    (("l3Data", "vlanInterfaceDescription"), "intfDescription", str),
    (("l3Data", "mtu"), "mtu", int),
    (("l3Data", "arpSuppression"), "suppressArp", bool),
    (("l3Data", "routingTag"), "tag", int),
    (("l3Data", "fabricData", "loopbackId"), "loopbackId", int),
    (("l3Data", "fabricData", "gatewayOnBorder"), "enableL3OnBorder", bool),
    (("l3Data", "fabricData", "ipv4Trm"), "trmEnabled", bool),   # [uncertain] pairing
)
# Status enumerations of 2.2: lower camel case
_STATUS = {"DEPLOYED": "deployed", "NA": "notApplicable", "OUT-OF-SYNC": "outOfSync", "PENDING": "pending",
           "IN PROGRESS": "inProgress", "FAILED": "failed"}
# What the manage API calls a VRF or network made from the default templates [uncertain: the fabric's kind, assumed iBGP]
DEFAULT_KIND = "vxlanIbgp"


def _typed(text, kind):
    """A legacy config value (text) as the manage type; None when it does not read as one."""
    if kind is str:
        return text if isinstance(text, str) else None
    if kind is bool:
        return {"true": True, "false": False}.get(str(text).lower())
    if kind is int:
        return _integer(text)
    return [part for part in str(text).split(",") if part]


def _text_of(value, kind, where):
    if kind is bool:
        if not isinstance(value, bool):
            raise BadRequest("%s must be a boolean" % where)
        return "true" if value else "false"
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise BadRequest("%s must be an integer" % where)
        return str(value)
    if kind is list:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise BadRequest("%s must be a list of strings" % where)
        return ",".join(value)
    if not isinstance(value, str):
        raise BadRequest("%s must be a string" % where)
    return value


def _typed_object(config, fields):
    typed = {}
    for path, key, kind in fields:
        if key not in config:
            continue
        value = _typed(config[key], kind)
        if value is None:
            continue
        target = typed
        for part in path[:-1]:
            target = target.setdefault(part, {})
        target[path[-1]] = value
    return typed


def _config_of(body, fields):
    config = {}
    for path, key, kind in fields:
        value = body
        for part in path:
            value = value.get(part) if isinstance(value, dict) else None
        if value is not None:
            config[key] = _text_of(value, kind, ".".join(path))
    return config


def manage_vrf(view):
    """A VRF of the store (its legacy view) as GET /api/v1/manage/fabrics/{f}/vrfs lists it (5.2, 9.3)."""
    config = json.loads(view["vrfTemplateConfig"] or "{}")
    vrf = {"fabricName": view["fabric"], "vrfName": view["vrfName"], "vrfId": _integer(view["vrfId"]), "vrfType": DEFAULT_KIND,
           "vrfStatus": _STATUS.get(view["vrfStatus"], view["vrfStatus"])}
    vrf.update(_typed_object(config, VRF_FIELDS))
    return vrf


def manage_network(view):
    """A network of the store (its legacy view) as GET /api/v1/manage/fabrics/{f}/networks lists it (6, 9.4)."""
    config = json.loads(view["networkTemplateConfig"] or "{}")
    network = {"fabricName": view["fabric"], "networkName": view["networkName"], "displayName": view["displayName"],
               "networkId": _integer(view["networkId"]), "networkType": DEFAULT_KIND,
               "networkStatus": _STATUS.get(view["networkStatus"], view["networkStatus"])}
    if view["vrf"] not in (None, "", "NA"):
        # [uncertain] how 4.2 marks a layer-2-only network; here the VRF name is left out
        network["vrfName"] = view["vrf"]
    network.update(_typed_object(config, NETWORK_FIELDS))
    return network


def _legacy_item(fabric_name, body, what, name_field, id_field, id_key, fields):
    """(legacy create body, its template config) of a manage item, named by ``name_field``; BadRequest naming what is wrong.

    ``id_field`` (vrfId, networkId) is kept beside the config and, as ``id_key`` of the config, in it.
    """
    if not isinstance(body, dict) or not isinstance(body.get(name_field), str) or not body[name_field]:
        raise BadRequest("Each %s needs %s" % (what, name_field))
    if body.get("fabricName") not in (None, fabric_name):
        raise BadRequest("%s %s names fabric %s, the path %s" % (what, body[name_field], body.get("fabricName"), fabric_name))
    config = _config_of(body, fields)
    legacy = {"fabric": fabric_name, name_field: body[name_field]}
    if body.get(id_field) is not None:
        legacy[id_field] = int(_text_of(body[id_field], int, id_field))
        config[id_key] = str(legacy[id_field])
    return legacy, config


def legacy_vrf(fabric_name, body):
    """The legacy create body of a manage VRF item; BadRequest naming what is wrong."""
    legacy, config = _legacy_item(fabric_name, body, "VRF", "vrfName", "vrfId", "vrfSegmentId", VRF_FIELDS)
    return dict(legacy, vrfTemplateConfig=dict(config, vrfName=legacy["vrfName"]))


def legacy_network(fabric_name, body):
    """The legacy create body of a manage network item; BadRequest naming what is wrong."""
    legacy, config = _legacy_item(fabric_name, body, "network", "networkName", "networkId", "segmentId", NETWORK_FIELDS)
    name = legacy["networkName"]
    vrf = body.get("vrfName") or "NA"
    return dict(legacy, displayName=body.get("displayName") or name, vrf=vrf,
                networkTemplateConfig=dict(config, networkName=name, vrfName=vrf))


def updated_config(config_text, body, fields):
    """A legacy template config (text) with the mapped fields of a manage PUT body laid over it.

    [uncertain] whether a 4.2 PUT resets what its body leaves out; here, as the legacy PUT of a whole
    config does with the keys the map does not name, what is not in the body is kept.
    """
    config = json.loads(config_text or "{}")
    config.update(_config_of(body, fields))
    return config
