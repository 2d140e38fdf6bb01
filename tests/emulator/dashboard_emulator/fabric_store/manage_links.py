"""The /api/v1/manage shape of the store's links (nd-manage-facts 8).

The store keeps a link as the legacy ``POST /control/links`` made it (two ends, ``sw1-info`` and ``sw2-info``, a
template and its nvPairs). A 4.2 link names its ends ``src*``/``dst*`` and its template by ``configData.policyType``;
the ``x-legacy`` annotations of ManageLinkConfigData pair the policy types with the legacy templates, those of
ManageLinkTemplateInputs the template inputs with the nvPairs. An input they do not pair is kept with the link for the
4.2 API [uncertain, as for interfaces].
"""

from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.manage_topdown import legacy_text, typed_value
from dashboard_emulator.field_maps import legacy_fields

TEMPLATE_OF_POLICY_TYPE = next(dict(field.values) for field in legacy_fields("ManageLinkConfigData") if field.path == ("policyType",))
POLICY_TYPE_OF_TEMPLATE = {template: kind for kind, template in TEMPLATE_OF_POLICY_TYPE.items()}
INPUT_FIELDS = {field.path[-1]: field for field in legacy_fields("ManageLinkTemplateInputs")}
_ENDS = (("src", "sw1-info", "source"), ("dst", "sw2-info", "destination"))


def manage_link(view, addresses, extra=None):
    """A link of the store (its legacy view) as GET /api/v1/manage/links lists it; ``addresses``: {serial: management IP}."""
    link = {"linkId": view["link-uuid"]}
    for prefix, key, _legacy in _ENDS:
        info = view[key]
        link.update({prefix + "FabricName": info["fabric-name"], prefix + "SwitchId": info["sw-serial-number"],
                     prefix + "SwitchName": info["sw-sys-name"], prefix + "InterfaceName": info["if-name"]})
        if info["sw-serial-number"] in addresses:
            link[prefix + "SwitchIp"] = addresses[info["sw-serial-number"]]
    # [uncertain] the values of linkType
    link["linkType"] = "intraFabric" if link["srcFabricName"] == link["dstFabricName"] else "interFabric"
    inputs = {}
    for name, field in INPUT_FIELDS.items():
        text = view["nvPairs"].get(field.legacy[1])
        value = typed_value(text, field.kind) if text not in (None, "") else None
        if value is not None:
            inputs[name] = value
    if extra and extra["template"] == view["templateName"]:
        inputs.update(extra["fields"])
    config = {"templateName": view["templateName"], "templateInputs": inputs}
    if view["templateName"] in POLICY_TYPE_OF_TEMPLATE:
        config["policyType"] = POLICY_TYPE_OF_TEMPLATE[view["templateName"]]
    link["configData"] = config
    return link


def _end(body, prefix, switches_by_fabric):
    """(fabric, serial number or "", switch name, interface) of one end of a 4.2 link: the switch by its id, else its
    name, else its management IP, among the switches of its fabric."""
    fabric = body.get(prefix + "FabricName")
    if not isinstance(fabric, str) or not fabric:
        raise BadRequest("%sFabricName is required" % prefix)
    wanted = [body.get(prefix + "SwitchId"), body.get(prefix + "SwitchName"), body.get(prefix + "SwitchIp")]
    serial = ""
    for view in switches_by_fabric(fabric):
        if wanted[0] == view["serialNumber"] or (not wanted[0] and wanted[1] == view["logicalName"]) or \
                (not wanted[0] and not wanted[1] and wanted[2] == view["ipAddress"]):
            serial = view["serialNumber"]
    return fabric, serial or str(wanted[0] or ""), str(wanted[1] or ""), body.get(prefix + "InterfaceName")


def legacy_link(body, switches_by_fabric):
    """(legacy link body, 4.2-only inputs) of a 4.2 link; BadRequest naming what is wrong.

    ``switches_by_fabric(name)``: the legacy inventory views of a fabric ([] for none)."""
    if not isinstance(body, dict):
        raise BadRequest("Each link must be an object")
    config = body.get("configData") if isinstance(body.get("configData"), dict) else {}
    template = TEMPLATE_OF_POLICY_TYPE.get(config.get("policyType")) or config.get("templateName")
    if not template:
        raise BadRequest("configData.policyType is required, one of %s" % ", ".join(sorted(TEMPLATE_OF_POLICY_TYPE)))
    legacy = {"templateName": template, "nvPairs": {}}
    for prefix, _key, name in _ENDS:
        fabric, serial, switch_name, port = _end(body, prefix, switches_by_fabric)
        legacy.update({name + "Fabric": fabric, name + "Device": serial, name + "SwitchName": switch_name,
                       name + "Interface": port})
    extra = {}
    for key, value in (config.get("templateInputs") or {}).items():
        field = INPUT_FIELDS.get(key)
        if value is None:
            continue
        if field is None:
            extra[key] = value
        else:
            legacy["nvPairs"][field.legacy[1]] = legacy_text(value, field.kind, "templateInputs." + key)
    return legacy, {"template": template, "fields": extra}
