"""controller_api: the API a resource task speaks, chosen from the setting and the release the session learned (pure)."""

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import ControllerClient
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics import FABRICS
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies import POLICIES
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.resource import choose_api, LEGACY_API, MANAGE_API, Resource
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import controller_api_problem
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.release import release_from_version
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController


def release(major, minor, maintenance=1):
    return release_from_version({'major': major, 'minor': minor, 'maintenance': maintenance, 'patch': ''})


ND_32, ND_41, ND_42 = release(3, 2, 2), release(4, 1), release(4, 2, 1)


@pytest.mark.parametrize('setting,known,has_manage,api', [
    ('auto', ND_32, True, LEGACY_API),
    ('auto', ND_41, True, LEGACY_API),
    ('auto', ND_42, True, MANAGE_API),       # manage from 4.2 on
    ('auto', ND_42, False, LEGACY_API),      # no manage mapping yet: the legacy API that 4.2 still serves
    ('auto', None, True, LEGACY_API),        # release not known (rendered, or the dashboard did not say)
    ('legacy', ND_42, True, LEGACY_API),
    ('legacy', ND_32, False, LEGACY_API),
    ('manage', ND_42, True, MANAGE_API),
    ('manage', None, True, MANAGE_API),      # rendered with manage renders the unified API
])
def test_the_setting_and_the_release_choose_the_api(setting, known, has_manage, api):
    assert choose_api(setting, known, has_manage, 'VRFs').api == api


def test_the_legacy_api_on_4_2_says_what_to_do_if_the_dashboard_serves_none_and_nothing_else_does():
    without_mapping = choose_api('auto', ND_42, False, 'VRFs').if_no_legacy
    assert 'serves no legacy fabric-controller API' in without_mapping
    assert 'no mapping of its VRFs to the /api/v1/manage API' in without_mapping
    assert 'set it to auto' in choose_api('legacy', ND_42, True, 'fabrics').if_no_legacy
    # before 4.2 the legacy API is the only one: a 404 there is the fabric's, said as before
    assert choose_api('auto', ND_41, False, 'VRFs').if_no_legacy is None
    assert choose_api('legacy', ND_32, True, 'VRFs').if_no_legacy is None


@pytest.mark.parametrize('known', [ND_42, ND_32, None])
def test_manage_is_refused_for_a_resource_without_a_manage_mapping_saying_how_to_choose(known):
    with pytest.raises(ModelError) as refused:
        choose_api('manage', known, False, 'VRFs')
    message = str(refused.value)
    assert 'no mapping of its VRFs to the /api/v1/manage API' in message
    assert 'controller_api: legacy' in message and 'Nothing was read or written' in message


def test_manage_is_refused_on_a_release_before_4_2_naming_it():
    with pytest.raises(ModelError, match='release 4.1.1, which has no /api/v1/manage API'):
        choose_api('manage', ND_41, True, 'fabrics')


def test_the_release_is_not_asked_for_when_manage_is_refused_whatever_it_is():
    asked = []

    def learn():
        asked.append(1)
        return ND_42

    # a resource with no mapping to /api/v1/manage (policies' legacy mapping alone)
    legacy_only = Resource(POLICIES.model, {LEGACY_API: POLICIES.mappings[LEGACY_API]})
    assert legacy_only.choose_api({'controller_api': 'auto'}, learn).api == LEGACY_API
    assert asked == [1]
    with pytest.raises(ModelError):
        legacy_only.choose_api({'controller_api': 'manage'}, learn)
    assert asked == [1]


def test_a_wrong_value_is_refused_naming_where_it_came_from_and_the_values():
    message = controller_api_problem({'controller_api': 'unified'}, environ={})
    assert message.startswith("The controller_api option is 'unified'")
    assert 'give auto' in message and 'legacy' in message and 'manage' in message
    from_env = controller_api_problem({}, environ={'DASHBOARD_CONTROLLER_API': 'Manage'})
    assert from_env.startswith("The environment variable DASHBOARD_CONTROLLER_API is 'Manage'")
    assert controller_api_problem({'controller_api': 'legacy'}, environ={'DASHBOARD_CONTROLLER_API': 'bad'}) is None
    assert controller_api_problem({}, environ={'DASHBOARD_CONTROLLER_API': ''}) is None  # empty: not set


def test_every_resource_module_takes_the_setting_with_its_environment_variable():
    spec = VRFS.argument_spec()['controller_api']
    assert spec['choices'] == ['auto', 'legacy', 'manage'] and spec['default'] == 'auto'
    assert spec['fallback'][1] == ['DASHBOARD_CONTROLLER_API']


# fabrics: a mapping to /api/v1/manage beside the legacy one, chosen by the setting

SITE_M = {'name': 'site-m', 'bgp_asn': '65077', 'replication_mode': 'Ingress', 'fabric_mtu': 9000}


def manage_controller():
    """A 4.2 fabric controller's /api/v1/manage as a client reads it: one fabric (site-a), writes collected."""
    fabric = {'name': 'site-a', 'category': 'fabric', 'management': {
        'type': 'vxlanIbgp', 'bgpAsn': '65001', 'replicationMode': 'multicast', 'fabricMtu': 9216, 'greenfieldDebugFlag': 'disable'}}
    return FakeController({'/fabrics': {'fabrics': [fabric]}, '/fabrics/site-a/deploymentFreeze': {'deploymentFreeze': False}},
                          answer_write=lambda request: {})


def manage_run(params, controller=None):
    controller = controller or manage_controller()
    result = FABRICS.run(controller, dict({'state': 'merged', 'controller_api': 'auto'}, **params), release=lambda: ND_42)
    return result, controller


def test_rendered_renders_the_api_the_setting_names_legacy_for_auto():
    auto = FABRICS.run(ControllerClient(None), {'state': 'rendered', 'config': [SITE_M], 'controller_api': 'auto'})
    assert [request['path'] for request in auto['rendered']] == [
        '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest/control/fabrics/site-m/Easy_Fabric']
    manage = FABRICS.run(ControllerClient(None), {'state': 'rendered', 'config': [SITE_M], 'controller_api': 'manage'})
    assert manage['rendered'] == [{'method': 'POST', 'path': '/api/v1/manage/fabrics', 'body': {
        'name': 'site-m', 'category': 'fabric',
        'management': {'type': 'vxlanIbgp', 'bgpAsn': '65077', 'replicationMode': 'ingress', 'fabricMtu': 9000}}}]


def test_on_4_2_auto_updates_a_fabric_through_manage_sending_the_whole_object_with_the_change():
    result, controller = manage_run({'config': [{'name': 'site-a', 'fabric_mtu': 9000, 'template_params': {'GRFIELD_DEBUG_FLAG': 'Enable'}}]})
    assert result['changed'] is True and controller.prefix == '/api/v1/manage'
    (update,) = controller.writes
    assert (update.method, update.path) == ('PUT', '/fabrics/site-a')
    # as read, but for the changes: the text settings the object left out (shown as "") are not sent
    assert update.body == {'name': 'site-a', 'category': 'fabric', 'management': {
        'type': 'vxlanIbgp', 'bgpAsn': '65001', 'replicationMode': 'multicast', 'fabricMtu': 9000, 'greenfieldDebugFlag': 'enable'}}
    again, controller = manage_run({'config': [{'name': 'site-a', 'fabric_mtu': 9216, 'replication_mode': 'Multicast'}]})
    assert again['changed'] is False and controller.sent == []


@pytest.mark.parametrize('params,said', [
    ({'state': 'replaced', 'config': [{'name': 'site-a'}]}, "template's defaults, which the /api/v1/manage API does not tell"),
    ({'config': [{'name': 'site-a', 'template_params': {'ENABLE_PBR': True}}]}, 'template_params ENABLE_PBR have no place'),
    ({'config': [{'name': 'site-x', 'template': 'LAN_Classic', 'bgp_asn': '1'}]}, 'template LAN_Classic has no fabric kind'),
    ({'config': [{'name': 'site-x'}]}, 'Cannot create fabric site-x: its template Easy_Fabric requires bgp_asn'),
    ({'config': [{'name': 'site-a', 'deployment_freeze': True}]}, 'deployment_freeze cannot be changed through the /api/v1/manage'),
    ({'config': [{'name': 'site-a', 'fabric_mtu': 9000}], 'deploy': True}, 'deploy is not done through the /api/v1/manage API'),
])
def test_what_the_manage_mapping_cannot_carry_is_refused_before_any_write(params, said):
    result, controller = manage_run(params)
    assert result['failed'] is True and said in result['msg'], result
    assert controller.sent == []
