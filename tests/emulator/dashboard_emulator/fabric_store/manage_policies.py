"""The /api/v1/manage shape of the store's switch policies (nd-manage-facts 8).

The store keeps a policy as the legacy ``/control/policies`` API does; the ``x-legacy`` annotations of ManagePolicy pair
each 4.2 field with the legacy one, and ``templateInputs`` are the legacy ``nvPairs``.
"""

import re

from dashboard_emulator.fabric_store.common import BadRequest
from dashboard_emulator.fabric_store.manage_topdown import legacy_text, typed_value
from dashboard_emulator.field_maps import legacy_fields

POLICY_FIELDS = legacy_fields("ManagePolicy")
# what a legacy read adds to a policy's nvPairs [seen]; not a template input
_DERIVED_INPUTS = frozenset(("FABRIC_NAME",))


def manage_policy(view):
    """A policy of the store (its legacy view) as GET /api/v1/manage/fabrics/{f}/policies lists it."""
    policy = {"fabricName": view["fabricName"]}
    for field in POLICY_FIELDS:
        value = view.get(field.legacy[0])
        if field.values:
            value = {legacy: manage for manage, legacy in field.values.items()}.get(value, value)
        elif value is not None:
            value = typed_value(str(value), field.kind)
        policy[field.path[-1]] = value
    policy["templateInputs"] = {key: value for key, value in view["nvPairs"].items() if key not in _DERIVED_INPUTS}
    return policy


def legacy_policy(body, policy_id=None):
    """The legacy policy body of a 4.2 create or update item; BadRequest naming what is wrong."""
    if not isinstance(body, dict):
        raise BadRequest("Each policy must be an object")
    legacy = {}
    for field in POLICY_FIELDS:
        value = body.get(field.path[-1])
        if value is None or field.legacy[0] in ("policyId", "deleted", "source"):
            continue
        if field.values:
            if value not in field.values:
                raise BadRequest("%s: %r is not one of %s" % (field.path[-1], value, ", ".join(field.values)))
            legacy[field.legacy[0]] = field.values[value]
        else:
            legacy[field.legacy[0]] = legacy_text(value, field.kind, field.path[-1])
    inputs = body.get("templateInputs") or {}
    if not isinstance(inputs, dict):
        raise BadRequest("templateInputs must be an object of name/value pairs")
    legacy["nvPairs"] = inputs
    if policy_id is not None:
        legacy["policyId"] = policy_id
    return legacy


def lucene_terms(text):
    """{field: value} of a Lucene filter as cisco.nd's policy branch writes one (``switchId:SN AND templateName:T``),
    backslash escapes and quotes removed [client; uncertain: the rest of Lucene, refused]."""
    terms = {}
    for part in (text or "").split(" AND "):
        field, colon, value = part.strip().partition(":")
        if not colon or not field:
            raise BadRequest("filter: %r is not field:value (terms joined by AND)" % part)
        value = value.strip()
        if len(value) > 1 and value[0] == value[-1] == '"':
            value = value[1:-1]
        terms[field] = re.sub(r"\\(.)", r"\1", value)
    return terms
