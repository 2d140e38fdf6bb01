"""The collection's legacy-to-4.2 maps are the ones docs/api/platform.yaml writes (its ``x-legacy`` annotations).

The emulator translates by the document; these tests hold the modules' own maps to it, field by
field, so that a change on one side without the other fails here instead of passing against an
emulator that checks the client's guess against itself.
"""

import pytest

from dashboard_emulator.field_maps import legacy_fields

# The maps of the collection, imported here only
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.manage import (
    OPTIONS, TEMPLATE_PARAMS, TYPE_OF_TEMPLATE,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.overlay.manage import (
    NETWORK_WIRE, RANGE_FIELDS, VRF_WIRE,
)

FABRIC_FIELDS = legacy_fields('ManageFabric')
# {management field: its LegacyField} of the settings the legacy fabric keeps in nvPairs
NVPAIR_FIELDS = {field.path[-1]: field for field in FABRIC_FIELDS if field.legacy[0] == 'nvPairs'}
# (nvPair key, management field, to the legacy spelling (an option's value is it), to manage) of every fabric setting the
# module carries
FABRIC_MAP = [(key, field, to_legacy, to_manage) for _option, key, field, to_legacy, to_manage in OPTIONS] + list(TEMPLATE_PARAMS)


@pytest.mark.parametrize('wire, schema, config', [(VRF_WIRE, 'ManageVrf', 'vrfTemplateConfig'),
                                                  (NETWORK_WIRE, 'ManageNetwork', 'networkTemplateConfig')], ids=['vrf', 'network'])
def test_the_vrf_and_network_wire_maps_are_the_documented_ones(wire, schema, config):
    documented = {field.path: (field.legacy, field.kind) for field in legacy_fields(schema)}
    assert {path: ((config, key), kind) for path, key, kind in wire} == documented


def test_the_fabric_settings_are_the_documented_nvpairs():
    assert {field: ('nvPairs', key) for key, field, *_rest in FABRIC_MAP} == {
        name: field.legacy for name, field in NVPAIR_FIELDS.items()}


@pytest.mark.parametrize('field, to_legacy, to_manage', [entry[1:] for entry in FABRIC_MAP], ids=[entry[0] for entry in FABRIC_MAP])
def test_each_fabric_setting_converts_as_documented(field, to_legacy, to_manage):
    documented = NVPAIR_FIELDS[field]
    if documented.values:
        # an enumeration spelled differently: each documented pair, both ways
        assert {manage: to_legacy(manage) for manage in documented.values} == documented.values
        assert {manage: to_manage(legacy) for manage, legacy in documented.values.items()} == {
            manage: manage for manage in documented.values}
    else:
        # a value as written (the legacy text '1', or 1) goes to 4.2 in the documented type, and comes back as it is
        assert type(to_manage('1')) is documented.kind  # pylint: disable=unidiomatic-typecheck
        assert to_legacy(documented.kind('1')) == documented.kind('1')


def test_the_fabric_kinds_are_the_documented_templates():
    template_of_type = next(field.values for field in FABRIC_FIELDS if field.legacy == ('templateName',))
    assert TYPE_OF_TEMPLATE == {template: kind for kind, template in template_of_type.items()}


def test_the_range_settings_the_intent_checks_read_are_documented_nvpairs():
    field_of_key = {field.legacy[1]: name for name, field in NVPAIR_FIELDS.items()}
    assert {key: field_of_key.get(key) for key in RANGE_FIELDS} == RANGE_FIELDS
