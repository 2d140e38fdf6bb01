"""The /api/v1/manage shapes of the store's fabrics (nd-manage-facts 3).

One state behind both APIs: the store keeps fabrics as the legacy API does (nvPairs of strings); this module turns them into the typed objects of the manage API
and a manage fabric back into nvPairs, field by field as the ``x-legacy`` annotations of
platform.yaml (ManageFabric) pair them. A field they do not name is neither shown nor kept
[uncertain: a real 4.2 has some hundred typed settings per fabric].
"""

from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.field_maps import legacy_fields

_FABRIC_FIELDS = legacy_fields("ManageFabric")


def _text(value):
    return value


def integer(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def _enum(values):
    """(to manage, to legacy) of an enumeration spelled differently on the two APIs (``Multicast`` / ``multicast``)."""
    to_manage = {legacy: manage for manage, legacy in values.items()}
    return to_manage.get, values.get


def _converters(field):
    if field.values:
        return _enum(field.values)
    return (integer, str) if field.kind is int else (_text, _text)


# management.type of a fabric, and the legacy template it is made from
TEMPLATE_OF_TYPE = next(dict(field.values) for field in _FABRIC_FIELDS if field.legacy == ("templateName",))
TYPE_OF_TEMPLATE = {template: kind for kind, template in TEMPLATE_OF_TYPE.items()}
# (management field, nvPairs key, JSON type of the manage value, to manage, to legacy)
MANAGEMENT_FIELDS = tuple((field.path[-1], field.legacy[1], field.kind) + _converters(field)
                          for field in _FABRIC_FIELDS if field.legacy[0] == "nvPairs")


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
