"""json_query: what a task returns of an answer, chosen with JMESPath; a mistake in the expression is the user's, told plainly."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.selection import Selection
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError

NETWORKS = [{'networkName': 'web', 'vrf': 'blue', 'networkId': 30001},
            {'networkName': 'db', 'vrf': 'red', 'networkId': 30002}]


def test_the_names_of_a_list_are_selected():
    assert Selection('[].networkName').apply(NETWORKS, 'GET /networks') == ['web', 'db']
    assert Selection("[?vrf=='red'].{name: networkName, id: networkId}").apply(NETWORKS, 'GET /networks') == [
        {'name': 'db', 'id': 30002}]


def test_an_expression_that_selects_nothing_gives_none():
    assert Selection('nosuchfield').apply({'fabricName': 'site-a'}, 'GET /fabric') is None
    assert Selection("[?vrf=='green'] | [0]").apply(NETWORKS, 'GET /networks') is None


@pytest.mark.parametrize('expression, parser_says', [
    ('[?', 'Incomplete expression (at character 3)'),
    ('[?vrf==`red].name', 'Unclosed ` delimiter'),
    ('a..b', 'Parse error at column 2'),
])
def test_an_expression_that_does_not_parse_fails_naming_it_and_the_parsers_message(expression, parser_says):
    with pytest.raises(ConfigurationError) as failure:
        Selection(expression)
    message = failure.value.message
    assert message.startswith('json_query %r is not a valid JMESPath expression' % expression)
    assert parser_says in message and 'Nothing was sent' in message
    assert '\n' not in message, 'one line: Ansible shows a newline in msg as \\n'


def test_an_empty_expression_is_refused():
    with pytest.raises(ConfigurationError, match='json_query is empty'):
        Selection('  ')


def test_an_expression_that_cannot_be_applied_to_the_answer_says_to_which_answer():
    selection = Selection('length(fabricName)')
    with pytest.raises(ConfigurationError) as failure:
        selection.apply({'fabricName': 7}, 'GET /fabrics/site-a')
    assert "json_query 'length(fabricName)' could not be applied to the answer of GET /fabrics/site-a" in failure.value.message
    assert 'invalid type for value: 7' in failure.value.message
