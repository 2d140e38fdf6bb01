"""VRFs and networks: each mapping has one line of inheritance; both APIs' mappings hold the same kind."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches import FABRIC_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics import FABRICS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS


@pytest.mark.parametrize('resource', [VRFS, NETWORKS, FABRICS, FABRIC_SWITCHES], ids=['vrfs', 'networks', 'fabrics', 'fabric_switches'])
def test_every_mapping_has_one_line_of_inheritance(resource):
    for mapping in resource.mappings.values():
        assert all(len(cls.__bases__) == 1 for cls in mapping.__mro__[:-1]), mapping.__mro__


@pytest.mark.parametrize('resource, word', [(VRFS, 'vrf'), (NETWORKS, 'network')], ids=['vrfs', 'networks'])
def test_the_legacy_and_the_manage_mapping_hold_the_same_kind(resource, word):
    legacy, manage = resource.mappings[LEGACY_API], resource.mappings[MANAGE_API]
    assert legacy.kind is manage.kind and legacy.kind.NAME == word
    assert not issubclass(manage, legacy)
