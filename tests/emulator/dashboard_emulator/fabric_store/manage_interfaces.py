"""The /api/v1/manage shape of the store's interfaces (nd-manage-facts 7).

The store keeps a switch's interfaces as the legacy API does: a policy template and its nvPairs of strings. A 4.2
interface is ``{switchId, interfaceName, interfaceType, configData: {mode, networkOS: {networkOSType, policy}}}``
whose ``policy.policyType`` names the template and whose other policy fields are the nvPairs, typed: the
``x-legacy`` annotations of platform.yaml say which (``ManageInterfacePolicy`` for the template, one schema per
policy type for its fields). A policy field no annotation pairs with an nvPair is kept beside the record and shown
by the 4.2 API only, while the interface keeps that template [uncertain: no source says what the legacy API shows
of a 4.2-only setting].
"""

from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.interfaces import (
    ETHERNET, LOOPBACK, PORT_CHANNEL, PORT_CHANNEL_MEMBER_POLICIES, SUBINTERFACE, VLAN, VPC, interface_name,
)
from dashboard_emulator.fabric_store.manage_map import integer
from dashboard_emulator.fabric_store.manage_topdown import legacy_text, typed_value
from dashboard_emulator.field_maps import legacy_fields

# policyType <-> legacy template, as ManageInterfacePolicy.policyType pairs them
TEMPLATE_OF_POLICY_TYPE = next(dict(field.values) for field in legacy_fields("ManageInterfacePolicy")
                               if field.path == ("policyType",))
POLICY_TYPE_OF_TEMPLATE = {template: kind for kind, template in TEMPLATE_OF_POLICY_TYPE.items()}
# The policy types a client may write, and the schema of their fields [client, cisco.nd interface modules]
_POLICY_SCHEMAS = {"trunkHost": "ManageTrunkHostPolicy", "accessHost": "ManageAccessHostPolicy",
                   "loopback": "ManageLoopbackPolicy", "svi": "ManageSviPolicy"}
# the kind of interface each of them applies to
_KIND_OF_POLICY_TYPE = {"trunkHost": ETHERNET, "accessHost": ETHERNET, "loopback": LOOPBACK, "svi": VLAN}
POLICY_FIELDS = {kind: {field.path[-1]: field for field in legacy_fields(schema)} for kind, schema in _POLICY_SCHEMAS.items()}
# The 4.2 interfaceType of a legacy interface kind [client: ethernet, loopback, svi; uncertain: the other three]
INTERFACE_TYPES = {ETHERNET: "ethernet", LOOPBACK: "loopback", VLAN: "svi", PORT_CHANNEL: "portChannel", VPC: "vpc",
                   SUBINTERFACE: "subInterface"}
# configData.mode by policy type [client, cisco.nd interface models' defaults]; "managed" otherwise
_MODES = {"trunkHost": "trunk", "accessHost": "access", "routed": "routed"}
# Keys of a 4.2 policy that name the template rather than set it [client, the normalize body's int_trunk_host defaults]
_TEMPLATE_KEYS = frozenset(("policyType", "configTemplate", "mode", "portChannelId"))


def manage_name(legacy_name):
    """The 4.2 spelling of an interface name: ``loopback10`` (the clients lower-case it), else as the legacy API spells it."""
    kind, name = interface_name(legacy_name)
    return name.lower() if kind == LOOPBACK else name


def _to_manage(field, text):
    if field.values:
        return {legacy: manage for manage, legacy in field.values.items()}.get(text)
    return typed_value(text, field.kind)


def manage_interface(serial, record):
    """A record of the store's interface table as GET .../switches/{sn}/interfaces lists it."""
    policy_type = POLICY_TYPE_OF_TEMPLATE.get(record["policy"])
    policy = {"configTemplate": record["policy"]}
    if policy_type is not None:
        policy["policyType"] = policy_type
    pairs = record["nvPairs"]
    for name, field in POLICY_FIELDS.get(policy_type, {}).items():
        text = pairs.get(field.legacy[1])
        value = _to_manage(field, text) if text not in (None, "") else None
        if value is not None:
            policy[name] = value
    if record["policy"] in PORT_CHANNEL_MEMBER_POLICIES.values():
        # [client] the ethernet modules read a member's port-channel from policy.portChannelId
        policy["portChannelId"] = integer("".join(char for char in pairs.get("PO_ID", "") if char.isdigit()))
    extra = record.get("manage_extra")
    if extra and extra["template"] == record["policy"]:
        policy.update(extra["fields"])
    return {"switchId": record.get("pair") or serial, "interfaceName": manage_name(record["ifName"]),
            "interfaceType": INTERFACE_TYPES.get(record["interfaceType"], record["interfaceType"]),
            "configData": {"mode": _MODES.get(policy_type, "managed"),
                           "networkOS": {"networkOSType": "nx-os", "policy": policy}}}


def _policy_of(config_data, where):
    policy = ((config_data or {}).get("networkOS") or {}).get("policy") if isinstance(config_data, dict) else None
    if not isinstance(policy, dict):
        raise BadRequest("%s: configData.networkOS.policy is required" % where)
    kind = policy.get("policyType")
    if kind not in POLICY_FIELDS:
        raise BadRequest("%s: policyType %r is not served by this emulator; use one of %s"
                         % (where, kind, ", ".join(sorted(POLICY_FIELDS))))
    return kind, policy


def legacy_interface(serial, name, config_data, interface_type=None):
    """(legacy template, legacy interface item, 4.2-only fields) of a 4.2 interface; BadRequest naming what is wrong."""
    kind, spelled = interface_name(name)
    where = "%s on %s" % (name, serial)
    if kind is None:
        raise BadRequest("%s: not an interface name this emulator knows" % where)
    if interface_type not in (None, INTERFACE_TYPES[kind]):
        raise BadRequest("%s: interfaceType %s does not name a %s" % (where, interface_type, INTERFACE_TYPES[kind]))
    policy_type, policy = _policy_of(config_data, where)
    if _KIND_OF_POLICY_TYPE[policy_type] != kind:
        raise BadRequest("%s: policyType %s is not one of a %s" % (where, policy_type, INTERFACE_TYPES[kind]))
    fields = POLICY_FIELDS[policy_type]
    pairs, extra = {"INTF_NAME": spelled}, {}
    for key, value in policy.items():
        field = fields.get(key)
        if key in _TEMPLATE_KEYS or value is None:
            continue
        if field is None:
            extra[key] = value
        elif field.values:
            if value not in field.values:
                raise BadRequest("%s: policy.%s: %r is not one of %s" % (where, key, value, ", ".join(field.values)))
            pairs[field.legacy[1]] = field.values[value]
        else:
            pairs[field.legacy[1]] = legacy_text(value, field.kind, "%s: policy.%s" % (where, key))
    template = TEMPLATE_OF_POLICY_TYPE[policy_type]
    return template, {"serialNumber": serial, "ifName": spelled, "nvPairs": pairs}, {"template": template, "fields": extra}
