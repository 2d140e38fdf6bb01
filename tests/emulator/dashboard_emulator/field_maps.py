"""The legacy field of each /api/v1/manage property, as the ``x-legacy`` annotations of platform.yaml write it.

The correspondence is written once, in the OpenAPI document the emulator serves (see its
description of ``x-legacy``): the emulator's translations between the two APIs are built from
it, and the collection's unit tests hold the modules' own maps to it.
"""

import collections
import functools
import pathlib

import yaml

from dashboard_emulator import apidocs

ANNOTATION = "x-legacy"
# The JSON type of a 4.2 value, as Python knows it; an array is a list of strings
KINDS = {"string": str, "integer": int, "boolean": bool, "array": list}

# path: the property in the 4.2 object (("coreData", "mtu")); legacy: the legacy field, split at its dots
# (("vrfTemplateConfig", "mtu")); kind: its 4.2 type (int); values: {4.2 value: legacy value} of an enumeration, or None
LegacyField = collections.namedtuple("LegacyField", "path legacy kind values")


@functools.lru_cache(maxsize=None)
def _schemas():
    path = pathlib.Path(apidocs.api_dir()) / apidocs.PLATFORM_DOCUMENT
    with open(path, encoding="utf-8") as handle:
        # the C loader where PyYAML has it: this is read when the emulator's modules are imported
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["components"]["schemas"]


def _walk(properties, path):
    for name, schema in properties.items():
        where = path + (name,)
        if ANNOTATION in schema:
            legacy = schema[ANNOTATION]
            kind = schema.get("type") or legacy.get("type")
            if kind not in KINDS or ("type" in schema and "type" in legacy):
                raise ValueError("%s: %s needs one type, the property's or its own, of %s"
                                 % (".".join(where), ANNOTATION, ", ".join(KINDS)))
            yield LegacyField(where, tuple(legacy["field"].split(".")), KINDS[kind], legacy.get("values"))
        yield from _walk(schema.get("properties") or {}, where)


def legacy_fields(schema):
    """The LegacyFields of a schema of platform.yaml (``ManageVrf``), in the document's order."""
    return tuple(_walk(_schemas()[schema]["properties"], ()))
