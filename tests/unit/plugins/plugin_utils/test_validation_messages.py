"""What a task's mistyped option says (issue 23): the key, where it is, and the closest option of that place."""

import pytest

from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._plugin_session import validated

VALIDATOR = ArgumentSpecValidator(NETWORKS.argument_spec())


def refusal(args):
    with pytest.raises(ConfigurationError) as failure:
        validated(VALIDATOR, dict({'fabric': 'site-a'}, **args), 'fabricops.dashboard.networks')
    return failure.value.message


def test_a_mistyped_key_of_a_config_item_is_named_where_it_is():
    message = refusal({'config': [{'name': 'web', 'vlan_id': 2401}, {'name': 'db', 'vlanid': 2402}]})
    assert message.startswith('Invalid options for fabricops.dashboard.networks: unsupported parameter config[1].vlanid '
                              '(did you mean vlan_id?); the options of config are '), message
    assert 'config (did you mean config?)' not in message


def test_a_mistyped_key_of_an_attachment_is_named_where_it_is():
    message = refusal({'config': [{'name': 'web', 'attach': [{'switch': 'leaf-1', 'ports': ['Ethernet1/1']},
                                                             {'switch': 'leaf-2', 'port': 'Ethernet1/2'}]}]})
    assert 'unsupported parameter config[0].attach[1].port (did you mean ports?); the options of config.attach are ports, ' \
           'switch, vlan' in message, message


def test_every_place_a_mistyped_key_is_given_is_named():
    message = refusal({'config': [{'name': 'web', 'vlanid': 1}, {'name': 'db', 'vlanid': 2}]})
    assert 'unsupported parameter config[0].vlanid (did you mean vlan_id?)' in message
    assert 'unsupported parameter config[1].vlanid (did you mean vlan_id?)' in message


def test_a_mistyped_top_level_option_still_reads_as_before():
    message = refusal({'stat': 'merged'})
    assert 'unsupported parameter stat (did you mean state?); the options are ' in message, message
