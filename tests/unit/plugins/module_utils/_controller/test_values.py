"""Values as a user writes them and as the controller keeps them (pure)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.values import (
    MISSING, contains, describe, json_text, kind_of, lookup, merged, parse_body, stored_text)


def test_body_forms():
    assert parse_body('{"a": 1}') == {'a': 1}
    assert parse_body('a: 1\nb: [x]') == {'a': 1, 'b': ['x']}
    with pytest.raises(ConfigurationError, match='plain string'):
        parse_body('just words')


def test_json_text_compare():
    stored = '{"vlanId":"2301","isLayer2Only":"false","tag":"","mtu":"9216"}'
    assert contains(stored, '{"vlanId": 2301, "isLayer2Only": false, "tag": null}')
    assert contains({'cfg': stored}, {'cfg': {'vlanId': 2301}})
    assert not contains(stored, '{"vlanId": 2302}')
    # outside JSON text, types still count: a top-level 65001 is not the server's "65001"
    assert not contains({'asn': '65001'}, {'asn': 65001})
    assert not contains('plain text', {'a': 1})


def test_compare_and_merge():
    assert contains({'a': 1, 'b': {'c': 2, 'd': 3}}, {'b': {'c': 2}})
    assert not contains({'a': [1, 2]}, {'a': [1]})
    assert merged({'a': 1, 'b': {'c': 2}}, {'b': {'d': 3}}) == {'a': 1, 'b': {'c': 2, 'd': 3}}


def test_values_inside_json_text_are_stored_as_text():
    assert [stored_text(value) for value in (True, False, None, 2301, '2301', {'b': 1, 'a': [2]})] == [
        'true', 'false', '', '2301', '2301', '{"a":[2],"b":1}']
    assert json_text('{"vlanId": "2301"}') == {'vlanId': '2301'}
    assert json_text('2301') is None and json_text('{not json') is None and json_text(2301) is None


def test_lookup_follows_a_dotted_path_and_tells_missing_from_null():
    fabric = {'nvPairs': {'FABRIC_NAME': 'site-a', 'SITE_ID': None}}
    assert lookup(fabric, 'nvPairs.FABRIC_NAME') == 'site-a'
    assert lookup(fabric, 'nvPairs.SITE_ID') is None
    assert lookup(fabric, 'nvPairs.BGP_AS') is MISSING and lookup(fabric, 'nvPairs.FABRIC_NAME.x') is MISSING


def test_a_value_is_named_in_the_users_words_and_an_answer_by_its_shape_only():
    assert [kind_of(value) for value in (True, 5, 'x')] == ['a boolean', 'a number (5)', 'a value of type str']
    assert describe({'b': 'secret', 'a': 1}) == 'a JSON object with the fields a, b'
    assert describe(None) == 'no JSON body' and describe([1]) == 'a JSON list'
    with pytest.raises(ConfigurationError, match='got a number'):
        parse_body(5)
