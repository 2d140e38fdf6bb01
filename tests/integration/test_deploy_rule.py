"""deploy: true, one rule for every module that deploys (issue 35, issue 36 item 9): a task that names an object it does not
change, whose switches the controller shows out of sync, deploys it; the rerun then sends nothing.

Each module runs as a user runs it, against the emulator's fabric site-a. What leaves the object out of sync is an earlier
write that did not deploy: the module's own task without deploy, or, for a fabric, a VRF attached without a deploy (a write
through another module). What the deploy task sends is counted by the emulator, not taken from the module's result.
"""

import pytest

from conftest import assert_idempotent
from test_vpc_pairs import four_leaves  # noqa: F401  pylint: disable=unused-import

LEAF, SPINE = 'site-a-leaf-2', 'site-a-spine-1'
VRF = {'name': 'blue', 'vrf_id': 50101, 'attach': [{'switch': LEAF}]}

# module: (the writes that leave it out of sync, each (module, config); the task, unchanged by it; its deploy request's path)
CASES = {
    'vrfs': ([('vrfs', [VRF])], [VRF], '/vrfs/deployments'),
    'networks': ([('networks', [{'name': 'web', 'network_id': 30101, 'vrf': 'vrf-1', 'vlan_id': 2401,
                                 'attach': [{'switch': LEAF, 'ports': ['Ethernet1/13']}]}])],
                 [{'name': 'web', 'network_id': 30101, 'vrf': 'vrf-1', 'vlan_id': 2401,
                   'attach': [{'switch': LEAF, 'ports': ['Ethernet1/13']}]}], '/networks/deployments'),
    # the fabric's settings as they are: only its switches' sync state asks for the deploy
    'fabrics': ([('vrfs', [VRF])], [{'name': 'site-a', 'fabric_mtu': 9216}], '/config-deploy'),
    'interfaces': ([('interfaces', [{'switch': LEAF, 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 2301}])],
                   [{'switch': LEAF, 'name': 'Ethernet1/10', 'mode': 'access', 'access_vlan': 2301}], '/globalInterface/deploy'),
    'links': ([('links', [{'src_switch': SPINE, 'src_interface': 'Ethernet1/49', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/49',
                           'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2'}])],
              [{'src_switch': SPINE, 'src_interface': 'Ethernet1/49', 'dst_switch': LEAF, 'dst_interface': 'Ethernet1/49',
                'template': 'int_intra_fabric_num_link', 'src_ip': '10.4.0.1', 'dst_ip': '10.4.0.2'}], '/config-deploy/'),
    'vpc_pairs': ([('vpc_pairs', [{'peer1': 'switch-3', 'peer2': 'switch-4'}])], [{'peer1': 'switch-3', 'peer2': 'switch-4'}],
                  '/config-deploy/'),
    'policies': ([('policies', [{'switch': SPINE, 'template': 'feature_pim'}])], [{'switch': SPINE, 'template': 'feature_pim'}],
                 '/config-deploy/'),
}


@pytest.fixture(autouse=True)
def quick_deploys(emu):
    """A deploy the emulator finishes in 0.2 s: the rule is what is tested, not the wait's length."""
    emu.set_timing(deploy_seconds=0.2)


def deploys(run, path):
    """How many deploy requests (POSTs whose path template holds ``path``) the emulator counted during the run."""
    return sum(count for key, count in run.requests.items() if key.startswith('POST ') and path in key)


@pytest.mark.parametrize('module', sorted(CASES))
def test_deploy_true_deploys_an_unchanged_object_out_of_sync_then_the_rerun_sends_nothing(resource, request, module):
    """Before, for vpc_pairs: an unchanged pair was never deployed, so its switches stayed out of sync whatever the task
    said; the other modules already deployed it, each by its own reading of the sync state."""
    if module == 'vpc_pairs':
        request.getfixturevalue('leaves')
    earlier, task, path = CASES[module]
    # One play, as a user's: the earlier writes, then the task in check mode, then for real
    *written, check, run = resource.steps(module, [dict(module=earlier_module, state='merged', config=config)
                                                   for earlier_module, config in earlier]
                                          + [dict(state='merged', config=task, deploy=True, check=True),
                                             dict(state='merged', config=task, deploy=True, diff=True)])
    assert check.play.rc == 0, check.play.output[-3000:]
    assert all(each['changed'] is True for each in written), [each.result for each in written]
    assert check['changed'] is True and check['deploy'] and check.writes == 0, check.requests
    # the task changes nothing of the object: what it writes is the deploy, and nothing else
    assert run['changed'] is True and run['deploy'] == check['deploy'], run.result
    assert run['diff'] == [] and run.diff == {'before': {}, 'after': {}}, run['diff']
    assert deploys(run, path) >= 1, run.requests
    assert all('deploy' in sent or sent.endswith('/config-save') for sent in run['requests']), run['requests']
    assert_idempotent(resource, module, 'merged', task, deploy=True)
