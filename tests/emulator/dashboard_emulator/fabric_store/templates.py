"""Fabric templates: their parameters, the answer to a template GET, and the check of a fabric body.

Easy_Fabric carries the real template's whole parameter list (Easy_Fabric.tsv beside this
file): cisco.dcnm refuses a playbook key the template does not list, and the
controller refuses a create or update key it does not know. For LAN_Classic
and External_Fabric no full list was captured; they carry the parameters clients read
[uncertain].
"""

import dataclasses
import pathlib

from dashboard_emulator.fabric_store.common import CLIENT_ONLY_KEYS, NotFound, StoreError, valid_asn, wire_string

# what a parameter of these types may hold, besides "" (unset)
_BOOLEANS = frozenset(("true", "false"))
_INTEGER_TYPES = frozenset(("integer", "long"))


@dataclasses.dataclass(frozen=True)
class Parameter:
    name: str
    type: str = "string"
    default: str = None
    choices: tuple = ()
    minimum: int = None
    maximum: int = None
    mandatory: bool = False
    internal: bool = False

    def valid(self, text):
        """Whether a value (as stored: text) fits this parameter's type, range and choices."""
        if text == "":
            # IsMandatory holds only where the template's rules show the parameter; what a create
            # must give is FabricTemplate.required
            return True
        if self.type == "boolean":
            return text.lower() in _BOOLEANS
        if self.type in _INTEGER_TYPES:
            if not text.lstrip("-").isdigit():
                return False
            value = int(text)
            return ((self.minimum is None or value >= self.minimum)
                    and (self.maximum is None or value <= self.maximum))
        if self.internal and self.type == "string":
            # the Enum of an internal string parameter names a family of policy templates (the real
            # template files them under Section "Policy Templates"), and the controller stores a member
            # of it (abstract_ospf_interface: Enum "ospf_interface", stored ospf_interface_11_1)
            return True
        return not self.choices or text in self.choices

    def view(self):
        """The parameter as the template GET lists it."""
        meta = {}
        if self.default is not None:
            meta["defaultValue"] = self.default
        if self.minimum is not None:
            meta["min"] = str(self.minimum)
        if self.maximum is not None:
            meta["max"] = str(self.maximum)
        annotations = {"DisplayName": self.name, "IsMandatory": "true" if self.mandatory else "false"}
        if self.choices and self.type == "enum":
            meta["validValues"] = ",".join(self.choices)
        elif self.choices:
            annotations["Enum"] = '"%s"' % ",".join(self.choices)
        if self.internal:
            annotations["IsInternal"] = "true"
        if self.name == "FABRIC_NAME":
            annotations["IsFabricName"] = "true"
        return {"name": self.name, "parameterType": self.type, "optional": not self.mandatory, "defaultValue": None,
                "description": None, "parameterTypeStructure": False, "structureParameters": {},
                "metaProperties": meta, "annotations": annotations}


def _load(file_name):
    """Parameters from a table: name, type, default, choices, min, max, flags (see the file's header)."""
    parameters = {}
    for line in (pathlib.Path(__file__).parent / file_name).read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, kind, default, choices, minimum, maximum, flags = (line.split("\t") + [""] * 7)[:7]
        parameters[name] = Parameter(name, kind, default or None, tuple(filter(None, choices.split(","))),
                                     int(minimum) if minimum else None, int(maximum) if maximum else None,
                                     "M" in flags, "I" in flags)
    return parameters


def _plain(defaults, required=("FABRIC_NAME",)):
    return {name: Parameter(name, default=default, mandatory=name in required) for name, default in defaults.items()}


@dataclasses.dataclass(frozen=True)
class FabricTemplate:
    name: str
    parameters: dict
    required: frozenset  # what a create must give: the parameters without a default the controller insists on
    fabric_type: str
    type_friendly: str
    technology: str
    technology_friendly: str

    def defaults(self):
        """Every parameter, at its default ("" where it has none): the nvPairs of a new fabric."""
        return {name: parameter.default or "" for name, parameter in self.parameters.items()}

    def view(self):
        return {"name": self.name, "templateType": "FABRIC", "templateSubType": "NA", "contentType": "PYTHON",
                "fileName": self.name + ".template", "tags": "[%s]" % self.type_friendly, "supportedPlatforms": "All",
                "description": self.type_friendly, "published": False, "userDefined": False,
                "parameters": [parameter.view() for parameter in self.parameters.values()]}

    def checked_pairs(self, body, verb, stored=None):
        """The body's name value pairs as stored (text); refused as the controller refuses them.

        On an update a value equal to the stored one is not checked again: ND 4.x clients must PUT
        every nvPair as they read it, and the controller accepts what it stored itself."""
        stored = stored or {}
        if not isinstance(body, dict):
            raise StoreError("Failed to %s the fabric, the body must be a JSON object of name value pairs" % verb, 400)
        pairs = {key: wire_string(value) for key, value in body.items() if key not in CLIENT_ONLY_KEYS}
        unknown = sorted(key for key in pairs if key not in self.parameters)
        if unknown:
            if verb == "create":
                raise StoreError("Failed to create the fabric, due to invalid fields [{%s}]" % ", ".join(k + "=" for k in unknown))
            raise StoreError("Failed to update the fabric, due to invalid field [%s] in payload, please provide valid "
                             "fields for fabric-settings" % ", ".join(unknown))
        invalid = [key for key, value in pairs.items()
                   if value != stored.get(key) and not self.parameters[key].valid(value)]
        if pairs.get("BGP_AS") and pairs["BGP_AS"] != stored.get("BGP_AS") and not valid_asn(pairs["BGP_AS"]):
            invalid.append("BGP_AS")
        if invalid:
            # [uncertain] the facts record this text for BGP_AS only; other keys are named the same way
            raise StoreError("Error in validating provided name value pair: [%s]" % ", ".join(sorted(set(invalid))))
        return pairs


LAN_CLASSIC = {
    "FABRIC_NAME": None, "BGP_AS": "", "FABRIC_TYPE": "External", "FF": "LANClassic", "DEPLOYMENT_FREEZE": "false",
    "GRFIELD_DEBUG_FLAG": "Disable", "IS_READ_ONLY": "false",
}
EXTERNAL = {
    "FABRIC_NAME": None, "BGP_AS": None, "FABRIC_TYPE": "External", "FF": "External", "DEPLOYMENT_FREEZE": "false",
    "GRFIELD_DEBUG_FLAG": "Disable", "IS_READ_ONLY": "false", "EXT_FABRIC_TYPE": "External Connectivity Network",
}

TEMPLATES = {template.name: template for template in (
    FabricTemplate("Easy_Fabric", _load("Easy_Fabric.tsv"), frozenset(("BGP_AS",)),
                   "Switch_Fabric", "Switch Fabric", "VXLANFabric", "VXLAN EVPN"),
    FabricTemplate("LAN_Classic", _plain(LAN_CLASSIC), frozenset(), "External", "Classic LAN", "LANClassic", "LAN Classic"),
    FabricTemplate("External_Fabric", _plain(EXTERNAL, ("FABRIC_NAME", "BGP_AS")), frozenset(("BGP_AS",)),
                   "External", "External", "External", "External"),
)}


# The parameters of the policy templates the emulator knows (fabric_store/policies.py), as the template read lists them.
# [seen, cisco.dcnm's captured policies (dcnm_policy_payloads.json)] feature_lacp, feature_ngoam and feature_pim carry no
# nvPairs of their own, nve_lb_id carries ``id``, switch_role_simulated ``SWITCH_ROLE``; [client, Network-as-Code]
# host_11_1 carries ``SWITCH_NAME``; [client, cisco.dcnm's dcnm_policy examples] switch_freeform carries ``CONF``, the
# switch configuration it holds, and is nothing without it ([uncertain] that the template marks it mandatory). The
# interface templates, which the policies module does not make, list none here [uncertain].
POLICY_TEMPLATE_PARAMETERS = {
    "switch_freeform": (Parameter("CONF", mandatory=True),),
    "host_11_1": (Parameter("SWITCH_NAME", mandatory=True),),
    "nve_lb_id": (Parameter("id", type="integer"),),
    "switch_role_simulated": (Parameter("SWITCH_ROLE"),),
}


def policy_template_parameters(name):
    """The template read's ``parameters`` of a policy template (none for one without, or not recorded)."""
    return [parameter.view() for parameter in POLICY_TEMPLATE_PARAMETERS.get(name, ())]


def fabric_template(name):
    """The template a fabric path names; an unknown one is the Spring 404 of that path."""
    template = TEMPLATES.get(name)
    if template is None:
        raise NotFound("Template %s not found" % name)
    return template


def template_answer(name):
    """The template GET; an unknown name is the controller's text 500."""
    template = TEMPLATES.get(name)
    if template is None:
        raise StoreError("Failed to get template. Template with name %s not found" % name)
    return template.view()
