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


def test_two_files_giving_parts_of_one_switch_make_one_switch_as_in_nac():
    """topology_switches.nac.yaml gives the switches, another file the interfaces of one of them (by its name)."""
    switches = {'topology': {'switches': [{'name': 'leaf-1', 'role': 'leaf', 'management': {'management_ipv4_address': '192.0.2.1'}},
                                          {'name': 'leaf-2', 'role': 'leaf'}]}}
    ports = {'topology': {'switches': [{'name': 'leaf-1', 'interfaces': [{'name': 'Ethernet1/1', 'mode': 'access'}]}]}}
    model = merged([ports, switches])
    assert model['topology']['switches'] == [
        {'name': 'leaf-1', 'interfaces': [{'name': 'Ethernet1/1', 'mode': 'access'}], 'role': 'leaf',
         'management': {'management_ipv4_address': '192.0.2.1'}},
        {'name': 'leaf-2', 'role': 'leaf'}]
    # items that differ in a value both give, or that each give a value the other lacks, stay two; one that only repeats
    # the values of an earlier one is merged into it
    assert merged([{'vrfs': [{'name': 'red', 'vrf_id': 1}, {'name': 'red', 'vrf_id': 2}, {'name': 'red', 'vlan_id': 5},
                             {'name': 'red', 'attach': ['leaf-1']}]}])['vrfs'] == [
        {'name': 'red', 'vrf_id': 1, 'attach': ['leaf-1']}, {'name': 'red', 'vrf_id': 2}, {'name': 'red', 'vlan_id': 5}]
