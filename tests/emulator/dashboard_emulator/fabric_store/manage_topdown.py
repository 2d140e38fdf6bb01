"""The /api/v1/manage shapes of the store's VRFs and networks (nd-manage-facts 5, 6).

The store keeps them as the legacy top-down API does (a template config of strings, as JSON text);
this module turns them into the typed manage objects and manage bodies back into legacy ones, field
by field as the ``x-legacy`` annotations of platform.yaml (ManageVrf, ManageNetwork) pair them.
"""

import json

from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.manage_map import integer
from dashboard_emulator.field_maps import legacy_fields


def _template_config_fields(schema):
    """(path in the manage object, legacy template config key, type) of each field of ``schema``."""
    return tuple((field.path, field.legacy[1], field.kind) for field in legacy_fields(schema))


VRF_FIELDS = _template_config_fields("ManageVrf")
NETWORK_FIELDS = _template_config_fields("ManageNetwork")
# Status enumerations of 2.2: lower camel case
_STATUS = {"DEPLOYED": "deployed", "NA": "notApplicable", "OUT-OF-SYNC": "outOfSync", "Out-of-Sync": "outOfSync",
           "PENDING": "pending", "IN PROGRESS": "inProgress", "FAILED": "failed"}
# What the manage API calls a VRF or network made from the default templates [uncertain: the fabric's kind, assumed iBGP]
DEFAULT_KIND = "vxlanIbgp"


def typed_value(text, kind):
    """A legacy config value (text) as the manage type; None when it does not read as one."""
    if kind is str:
        return text if isinstance(text, str) else None
    if kind is bool:
        return {"true": True, "false": False}.get(str(text).lower())
    if kind is int:
        return integer(text)
    return [part for part in str(text).split(",") if part]


def legacy_text(value, kind, where):
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
        value = typed_value(config[key], kind)
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
            config[key] = legacy_text(value, kind, ".".join(path))
    return config


def manage_vrf(view):
    """A VRF of the store (its legacy view) as GET /api/v1/manage/fabrics/{f}/vrfs lists it (5.2, 9.3)."""
    config = json.loads(view["vrfTemplateConfig"] or "{}")
    vrf = {"fabricName": view["fabric"], "vrfName": view["vrfName"], "vrfId": integer(view["vrfId"]), "vrfType": DEFAULT_KIND,
           "vrfStatus": _STATUS.get(view["vrfStatus"], view["vrfStatus"])}
    vrf.update(_typed_object(config, VRF_FIELDS))
    return vrf


def manage_network(view):
    """A network of the store (its legacy view) as GET /api/v1/manage/fabrics/{f}/networks lists it (6, 9.4)."""
    config = json.loads(view["networkTemplateConfig"] or "{}")
    network = {"fabricName": view["fabric"], "networkName": view["networkName"], "displayName": view["displayName"],
               "networkId": integer(view["networkId"]), "networkType": DEFAULT_KIND,
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
        legacy[id_field] = int(legacy_text(body[id_field], int, id_field))
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
    # A 4.2 network without a VRF is layer-2 only (9.4); the legacy template config says so in isLayer2Only, which a
    # legacy read of the network must show as a legacy create would have set it. [uncertain] what a real 4.2 fills in
    # there: the template's own value for the case, as text like every legacy template value.
    layer2_only = "false" if body.get("vrfName") else "true"
    return dict(legacy, displayName=body.get("displayName") or name, vrf=vrf,
                networkTemplateConfig=dict(config, networkName=name, vrfName=vrf, isLayer2Only=layer2_only))


def updated_config(config_text, body, fields):
    """A legacy template config (text) with the mapped fields of a manage PUT body laid over it.

    [uncertain] whether a 4.2 PUT resets what its body leaves out; here, as the legacy PUT of a whole
    config does with the keys the map does not name, what is not in the body is kept.
    """
    config = json.loads(config_text or "{}")
    config.update(_config_of(body, fields))
    return config


# Attachments (5.3, 6.3, 9.3, 9.4)

# [uncertain] the mode of the ports a legacy attachment carries: the legacy API attaches switch ports as trunk ports
PORT_MODE = "trunk"


def camel_role(words):
    """``border gateway`` -> ``borderGateway``: a switch role as the manage API spells it (9.2)."""
    first, *rest = str(words).split()
    return first + "".join(word.title() for word in rest)


def manage_status(state):
    """A legacy attachment or object state in the lower camel case of 2.2."""
    return _STATUS.get(state, state)


def manage_attachment(kind, entry):
    """One entry of a legacy lanAttachList as POST .../vrfAttachments/query (networkAttachments/query) lists it.

    [uncertain] the query lists every switch of the fabric for each object (``attach`` false where it is not attached),
    as the legacy read does: the facts list ``attach`` among the detail's fields, not which switches come back.
    """
    detail = {
        kind + "Name": entry[kind + "Name"], "fabricName": entry["fabricName"], "switchId": entry["switchSerialNo"],
        "switchName": entry["switchName"], "switchRole": camel_role(entry["switchRole"]) if entry.get("switchRole") else None,
        "attach": bool(entry["isLanAttached"]), "status": manage_status(entry["lanAttachState"]),
        "vlanId": integer(entry.get("vlanId")), "peerSwitchId": None,
    }
    if kind == "vrf":
        detail["vrfId"] = integer(entry.get("vrfId"))
    else:
        detail["networkId"] = integer(entry.get("networkId"))
        detail["displayName"] = entry.get("displayName")
        ports = entry.get("portNames") or ""
        # [uncertain] the ports of one attachment as one interface range of one mode (6.3)
        detail["interfaces"] = [{"mode": PORT_MODE, "interfaceRange": ports}] if ports else []
    return detail


def _ports_of(interfaces, where):
    """The port names of an attachment's ``interfaces[]`` (6.3): each ``interfaceRange`` a comma list of single ports.

    [uncertain] a range written ``Ethernet1/1-4`` is refused here: the emulator's switches know single ports only."""
    if interfaces is None:
        return []
    if not isinstance(interfaces, list) or not all(isinstance(item, dict) for item in interfaces):
        raise BadRequest("%s: interfaces must be a list of objects" % where)
    ports = []
    for item in interfaces:
        if item.get("mode", PORT_MODE) != PORT_MODE:
            raise BadRequest("%s: interface mode %s is not served by this emulator (it attaches trunk ports only)"
                             % (where, item.get("mode")))
        text = item.get("interfaceRange")
        if not isinstance(text, str):
            raise BadRequest("%s: each interface needs interfaceRange, a string" % where)
        for port in (part.strip() for part in text.split(",")):
            if "-" in port.rsplit("/", 1)[-1]:
                raise BadRequest("%s: interface range %s is not served by this emulator; list the ports one by one" % (where, port))
            if port:
                ports.append(port)
    return ports


def legacy_attachment(kind, item, current_ports):
    """(object name, legacy lanAttachList item) of one manage attachment item; BadRequest naming what is wrong.

    ``current_ports``: {(name, serial): [ports the switch carries now]}. A manage item names the whole set of its ports;
    the legacy attach names the ports to add and the ones to remove, so the difference is taken here.
    """
    name_field = kind + "Name"
    if not isinstance(item, dict) or not isinstance(item.get(name_field), str) or not isinstance(item.get("switchId"), str):
        raise BadRequest("Each attachment needs %s and switchId" % name_field)
    where = "%s %s on %s" % ("VRF" if kind == "vrf" else "network", item[name_field], item["switchId"])
    if not isinstance(item.get("attach"), bool):
        raise BadRequest("%s: attach is required, true or false" % where)
    vlan = item.get("vlanId")
    if vlan is not None and (isinstance(vlan, bool) or not isinstance(vlan, int)):
        raise BadRequest("%s: vlanId must be an integer" % where)
    legacy = {name_field: item[name_field], "serialNumber": item["switchId"], "vlan": vlan or 0,
              "deployment": item["attach"], "instanceValues": "", "extensionValues": "", "freeformConfig": ""}
    if kind == "network":
        wanted = _ports_of(item.get("interfaces"), where) if item["attach"] else []
        old = current_ports.get((item[name_field], item["switchId"])) or []
        legacy["switchPorts"] = ",".join(port for port in wanted if port not in old)
        legacy["detachSwitchPorts"] = ",".join(port for port in old if port not in wanted)
    return item[name_field], legacy
