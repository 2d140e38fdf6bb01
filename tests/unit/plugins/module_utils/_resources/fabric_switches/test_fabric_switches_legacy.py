"""The fabric_switches model and its mapping to the inventory's fields (pure: no controller needed)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.legacy import SwitchMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches.model import split_add_options, SwitchModel

MODEL = SwitchModel()


def wants(*items):
    partials = [MODEL.from_task(item, index) for index, item in enumerate(items)]
    return partials, split_add_options(partials)


def test_a_switch_is_named_by_its_ip_address_written_the_one_canonical_way():
    assert MODEL.from_task({'name': ' 192.0.2.11 '}, 0)['name'] == '192.0.2.11'
    assert MODEL.from_task({'name': '2001:DB8:0::1'}, 0)['name'] == '2001:db8::1'
    with pytest.raises(ModelError, match=r"config\[0\]: name 'leaf-1' is not an IP address"):
        MODEL.from_task({'name': 'leaf-1'}, 0)


def test_roles_are_read_with_spaces_or_underscores_and_refused_when_unknown():
    assert MODEL.from_task({'name': '192.0.2.11', 'role': 'Border Gateway'}, 0)['role'] == 'border_gateway'
    with pytest.raises(ModelError, match="role 'router' is not a switch role; use one of leaf, spine"):
        MODEL.from_task({'name': '192.0.2.11', 'role': 'router'}, 0)


def test_preserve_config_says_how_to_add_and_never_makes_a_switch_differ():
    partials, adding = wants({'name': '192.0.2.11', 'preserve_config': True}, {'name': '192.0.2.12'})
    assert adding == {'192.0.2.11': {'preserve_config': True}, '192.0.2.12': {}}
    have = {'192.0.2.11': {'name': '192.0.2.11', 'role': 'leaf'}}
    changes = plan(MODEL, 'merged', partials, have)
    assert [(change.name, change.action) for change in changes] == [('192.0.2.11', None), ('192.0.2.12', 'create')]
    assert changes[1].after == {'name': '192.0.2.12', 'role': 'leaf'}


def test_merged_keeps_a_role_not_given_and_replaced_resets_it_to_leaf():
    have = {'192.0.2.11': {'name': '192.0.2.11', 'role': 'spine'}}
    partials = wants({'name': '192.0.2.11'})[0]
    assert plan(MODEL, 'merged', partials, have)[0].action is None
    (change,) = plan(MODEL, 'replaced', partials, have)
    assert change.action == 'update' and change.after == {'name': '192.0.2.11', 'role': 'leaf'}


def test_a_new_switch_is_ready_only_when_manageable_out_of_migration_and_after_a_greenfield_reload():
    up = {'managable': True, 'status': 'ok', 'mode': 'Normal'}
    assert SwitchMapping.ready(up, greenfield=False, seen_down=False)
    # a greenfield add shows managable: false once (its reload) before it can be managed
    assert not SwitchMapping.ready(up, greenfield=True, seen_down=False)
    assert SwitchMapping.ready(up, greenfield=True, seen_down=True)
    assert not SwitchMapping.ready(dict(up, mode='Migration'), greenfield=False, seen_down=True)
    assert not SwitchMapping.ready(dict(up, status='discovering'), greenfield=False, seen_down=True)
