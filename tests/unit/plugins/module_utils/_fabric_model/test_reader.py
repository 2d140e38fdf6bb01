"""A fabric's model files merged as NaC reads its host_vars directory: mappings key by key, lists appended."""

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.reader import merged


def test_files_merge_key_by_key_lists_append_and_a_later_value_wins():
    first = {'fabric': {'name': 'site-a'}, 'overlay': {'vrfs': [{'name': 'red'}]}, 'global': {'ibgp': {'bgp_asn': '65001'}}}
    second = {'overlay': {'vrfs': [{'name': 'blue'}], 'networks': [{'name': 'web'}]}, 'global': {'ibgp': {'bgp_asn': '65002'}}}
    model = merged([first, None, second])
    assert model == {'fabric': {'name': 'site-a'}, 'global': {'ibgp': {'bgp_asn': '65002'}},
                     'overlay': {'vrfs': [{'name': 'red'}, {'name': 'blue'}], 'networks': [{'name': 'web'}]}}
    # the documents themselves are left as they were
    assert first['overlay']['vrfs'] == [{'name': 'red'}] and second['global']['ibgp'] == {'bgp_asn': '65002'}
