"""What a new fabric must give, as the fabric mapping reads it from the controller's template (pure; issue 23); the
same model mapped to the fabric object of /api/v1/manage (issue 25)."""

import copy

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics import FABRICS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.legacy import FabricMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.manage import FabricManageMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan
from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils.fake_controller import FakeController


def parameter(name, default=None, mandatory=False, **annotations):
    """A template parameter as GET .../configtemplate/rest/config/templates/{template} lists it."""
    meta = {} if default is None else {'defaultValue': default}
    return {'name': name, 'parameterType': 'string', 'optional': not mandatory, 'defaultValue': None, 'metaProperties': meta,
            'annotations': dict(annotations, IsMandatory='true' if mandatory else 'false')}


TEMPLATE = {'name': 'Easy_Fabric', 'parameters': [
    parameter('FABRIC_NAME', mandatory=True, IsFabricName='true'),
    parameter('BGP_AS', mandatory=True, IsAsn='true'),
    parameter('BGP_AS_PREV', mandatory=True, IsInternal='true'),
    parameter('SITE_ID', mandatory=True, IsShow='"ENABLE_MULTISITE==true"'),
    parameter('OSPF_AUTH_KEY', mandatory=True),
    parameter('FABRIC_MTU', '9216', mandatory=True),
]}


def templates():
    """The one read the mapping makes of the template client (``client.beside``)."""
    return FakeController({'/Easy_Fabric': TEMPLATE})


def checked(config):
    model = copy.copy(FABRICS.model)
    mapping = FabricMapping(model, templates(), {'state': 'merged', 'config': config})
    wants = [model.from_task(item, index) for index, item in enumerate(config)]
    mapping.prepare(wants, {})
    mapping.check(plan(model, 'merged', wants, {}))


def test_the_options_a_template_requires_without_a_default_are_the_ones_a_new_fabric_must_give():
    defaults, required = FabricMapping(copy.copy(FABRICS.model), templates(), {}).template_parameters('Easy_Fabric')
    # not the fabric's name, an internal parameter, one shown only under a condition, nor one the module does not name
    assert required == [('bgp_asn', 'BGP_AS')]
    assert defaults['fabric_mtu'] == 9216


def test_a_new_fabric_without_them_is_refused_naming_the_fabric_and_the_option():
    with pytest.raises(ModelError, match=r"^Cannot create fabric f2: its template Easy_Fabric requires bgp_asn \(BGP_AS\) and has "
                                         r"no default for it\. Add bgp_asn to the fabric's config item\.$"):
        checked([{'name': 'f2', 'fabric_mtu': 9000}])
    checked([{'name': 'f2', 'bgp_asn': '65002'}])
    checked([{'name': 'f2', 'template_params': {'BGP_AS': '65002'}}])


# A fabric as GET /api/v1/manage/fabrics lists it (docs/api/platform.yaml ManageFabric)
MANAGE_FABRIC = {'name': 'f1', 'category': 'fabric', 'securityDomain': 'all', 'management': {
    'type': 'vxlanIbgp', 'bgpAsn': '65001', 'replicationMode': 'ingress', 'fabricMtu': 9216, 'linkStateRoutingProtocol': 'isis',
    'greenfieldDebugFlag': 'enable', 'telemetryOnly': 'kept as read'}}


def manage():
    """The reads of the manage mapping: the list of fabrics and each one's deployment freeze."""
    return FakeController({'/fabrics': {'fabrics': [MANAGE_FABRIC]}, '/fabrics/f1/deploymentFreeze': {'deploymentFreeze': False}})


def manage_run(config, state='merged'):
    """(the writes of a run of ``config`` on /api/v1/manage, what it read of f1), or ModelError."""
    model = copy.copy(FABRICS.model)
    mapping = FabricManageMapping(model, manage(), {'state': state, 'config': config})
    wants = [model.from_task(item, index) for index, item in enumerate(config)]
    have = mapping.read({want['name'] for want in wants})
    mapping.prepare(wants, have)
    changes = plan(model, state, wants, have)
    mapping.check(changes)
    return [(request.label(), request.body) for request in mapping.writes(changes, {})], have.get('f1')


def test_a_fabric_of_manage_reads_as_on_the_legacy_api_underlay_isis_as_is_is():
    writes, f1 = manage_run([{'name': 'f1', 'bgp_asn': '65001'}])
    assert writes == []
    assert (f1['underlay_routing'], f1['replication_mode'], f1['fabric_mtu'], f1['template_params']) == (
        'is-is', 'Ingress', 9216, {'GRFIELD_DEBUG_FLAG': 'Enable'})
    # an update sends the whole object as read, every field it does not know kept
    writes, f1 = manage_run([{'name': 'f1', 'underlay_routing': 'ospf'}])
    expected = copy.deepcopy(MANAGE_FABRIC)
    expected['management']['linkStateRoutingProtocol'] = 'ospf'
    assert writes == [('PUT /fabrics/f1', expected)]


def test_a_template_parameter_of_an_option_is_that_option_on_manage():
    """On the legacy API template_params BGP_AS is the nvPair bgp_asn is: the same playbook works on 4.2."""
    writes, _f1 = manage_run([{'name': 'f2', 'template_params': {'BGP_AS': '65002', 'FABRIC_MTU': '9000'}}])
    assert writes == [('POST /fabrics', {'name': 'f2', 'category': 'fabric', 'management': {
        'type': 'vxlanIbgp', 'bgpAsn': '65002', 'fabricMtu': 9000}})]
    # the option wins when both are given, as on the legacy API; an unchanged value is no change
    writes, _f1 = manage_run([{'name': 'f1', 'bgp_asn': '65001', 'template_params': {'BGP_AS': '65009'}}])
    assert writes == []
    with pytest.raises(ModelError, match=r"fabric_mtu must be a whole number"):
        manage_run([{'name': 'f1', 'template_params': {'FABRIC_MTU': 'jumbo'}}])


@pytest.mark.parametrize('config, state, message', [
    ([{'name': 'f1', 'template_params': {'ENABLE_PBR': 'true', 'BGP_AS': '65001'}}], 'merged',
     r"^config\[0\] \(fabric f1\): template_params ENABLE_PBR have no place in the fabric object"),
    ([{'name': 'f1', 'deployment_freeze': True}], 'merged', r"^fabric f1: deployment_freeze cannot be changed"),
    ([{'name': 'f1', 'template_params': {'DEPLOYMENT_FREEZE': 'true'}}], 'merged', r"^fabric f1: deployment_freeze cannot be changed"),
    ([{'name': 'f2', 'fabric_mtu': 9000}], 'merged',
     r"^Cannot create fabric f2: its template Easy_Fabric requires bgp_asn \(BGP_AS\) and has no default for it\. Add bgp_asn"),
    ([{'name': 'e1', 'template': 'External_Fabric'}], 'merged', r"^Cannot create fabric e1: its template External_Fabric requires bgp_asn"),
    ([{'name': 'f1', 'template': 'LAN_Classic'}], 'merged', r"template LAN_Classic has no fabric kind \(management\.type\)"),
    ([{'name': 'f1', 'site_id': '7'}], 'replaced', r"^state replaced resets what a fabric does not give"),
])
def test_what_manage_cannot_carry_is_refused_before_any_write(config, state, message):
    with pytest.raises(ModelError, match=message):
        manage_run(config, state)
