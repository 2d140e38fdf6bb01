"""fabric_model on 4.2's /api/v1/manage API: the model's keys 4.2 does not carry refused by path, the deploy stage by name, and
the translation the modules' 4.2 mappings take as it is (rendered, offline)."""

import pytest
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import ControllerClient
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.manage import refusals
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.translate import translate
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.validate import validate
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_switches import FABRIC_SWITCHES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics import FABRICS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.interfaces import INTERFACES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.links import LINKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.networks import NETWORKS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies import POLICIES
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vpc_pairs import VPC_PAIRS
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.vrfs import VRFS

from ansible_collections.fabricops.dashboard.tests.unit.plugins.module_utils._fabric_model.fabric_model_samples import topology_model

RESOURCES = {'fabrics': FABRICS, 'fabric_switches': FABRIC_SWITCHES, 'vrfs': VRFS, 'networks': NETWORKS, 'interfaces': INTERFACES,
             'vpc_pairs': VPC_PAIRS, 'links': LINKS, 'policies': POLICIES}
STAGES = ['validate', 'preview', 'apply', 'remove']


def carried_model():
    """The topology model with only what 4.2 carries: the underlay's typed settings, no DNS, NTP or route reflector count,
    ports of mode access and trunk and a loopback."""
    model = topology_model()
    general = model['underlay']['general']
    model['underlay'] = {'general': {key: general[key] for key in ('routing_protocol', 'replication_mode', 'intra_fabric_interface_mtu')}}
    for key in ('route_reflectors', 'dns_servers', 'ntp_servers'):
        del model['global']['ibgp'][key]
    model['topology']['switches'][2]['interfaces'] = [
        {'name': 'Ethernet1/20', 'mode': 'access', 'access_vlan': 2401, 'enable_bpdu_guard': False, 'freeform_config': 'cdp enable'},
        {'name': 'Ethernet1/21', 'mode': 'trunk', 'trunk_allowed_vlans': '2401-2402'},
        {'name': 'Loopback10', 'mode': 'loopback', 'ipv4_address': '10.60.0.1'}]
    return model


def test_a_model_of_what_4_2_carries_has_no_refusal_and_the_fabric_no_template_parameter():
    model = carried_model()
    assert validate(model) == [] and refusals(model, '4.2.1', STAGES) == []
    resources = translate(model, 'manage')
    fabric = resources['fabrics'][0]
    assert fabric['template_params'] == {}   # NaC's defaults of what 4.2 has no field for: not sent
    assert (fabric['bgp_asn'], fabric['underlay_routing'], fabric['fabric_mtu'], fabric['l2_segment_id_range']) == (
        '65120', 'ospf', 9216, '30000-49000')
    access, trunk, loopback = resources['interfaces']
    # the accessHost fields only, without NaC's empty freeform (4.2 reads it back as none)
    assert access['template_params'] == {'PORTTYPE_FAST_ENABLED': 'true', 'BPDUGUARD_ENABLED': 'false', 'ENABLE_ORPHAN_PORT': 'false',
                                         'CONF': 'cdp enable'}
    assert trunk['template_params'] == {'PORTTYPE_FAST_ENABLED': 'true', 'BPDUGUARD_ENABLED': 'true', 'ENABLE_ORPHAN_PORT': 'false'}
    assert 'template_params' not in loopback
    # on the legacy API the same model keeps NaC's defaults
    assert translate(model)['fabrics'][0]['template_params']['RR_COUNT'] == '2'


@pytest.mark.parametrize('module', sorted(RESOURCES))
def test_the_4_2_mappings_take_the_translation_as_it_is(module):
    """Each module, rendered with controller_api manage (its 4.2 mapping's own refusals, offline), takes its list."""
    resource = RESOURCES[module]
    params = {'state': 'rendered', 'config': translate(carried_model(), 'manage')[module], 'controller_api': 'manage'}
    if 'fabric' in resource.options:
        params['fabric'] = 'fo-small'
    validated = ArgumentSpecValidator(resource.argument_spec()).validate(params)
    assert not validated.error_messages
    result = resource.run(ControllerClient(None), validated.validated_parameters)
    assert result.get('failed') is not True, result.get('msg')


def test_what_4_2_does_not_carry_is_refused_by_its_path_and_the_deploy_stage_by_name():
    model = carried_model()
    model['underlay']['ospf'] = {'authentication_enable': True, 'authentication_key': 'fo-ospf-secret-7'}
    model['global']['ibgp']['dns_servers'] = [{'ip_address': '192.0.2.53', 'vrf': 'management'}]
    model['topology']['switches'][2]['interfaces'] += [
        {'name': 'port-channel10', 'mode': 'trunk_po', 'members': ['Ethernet1/22']},
        {'name': 'Ethernet1/30', 'mode': 'routed', 'ipv4_address': '10.50.0.1/30'},
        {'name': 'Ethernet1/31', 'mode': 'access', 'duplex': 'full', 'enable_qos': True}]
    model['topology']['switches'][2]['interfaces'][2]['ipv4_route_tag'] = 12345
    assert validate(model) == []
    found = {problem['path']: problem['msg'] for problem in refusals(model, '4.2.1', STAGES + ['deploy'])}
    interfaces = 'vxlan.topology.switches[2].interfaces'
    assert sorted(found) == sorted([
        'fabric_stages', 'vxlan.global.ibgp.dns_servers', 'vxlan.underlay.ospf.authentication_enable',
        'vxlan.underlay.ospf.authentication_key', interfaces + '[2].ipv4_route_tag', interfaces + '[3].mode',
        interfaces + '[4].mode', interfaces + '[5].duplex', interfaces + '[5].enable_qos'])
    assert found['fabric_stages'].startswith("deploy: the fabric's save and deploy is not done through the /api/v1/manage API of "
                                             'release 4.2.1')
    assert found['vxlan.underlay.ospf.authentication_key'] == (
        'the fabric object of the /api/v1/manage API of release 4.2.1 has no field for OSPF_AUTH_KEY, which this key sets: '
        'remove the key (the controller keeps its own value), or use controller_api: legacy on a dashboard that serves the '
        'legacy API.')
    assert 'fo-ospf-secret-7' not in str(found)
    assert found['vxlan.global.ibgp.dns_servers'].startswith('the fabric object of the /api/v1/manage API of release 4.2.1 has no '
                                                             'field for the template parameters it fills in')
    assert found[interfaces + '[4].mode'].startswith('mode routed (a routed port) is not carried by the /api/v1/manage API')
    assert found[interfaces + '[3].mode'].startswith('mode trunk_po (a port-channel) is not carried')
    assert found[interfaces + '[5].enable_qos'].startswith('the accessHost policy of the /api/v1/manage API of release 4.2.1 has '
                                                           'no field for ENABLE_QOS')
    assert found[interfaces + '[2].ipv4_route_tag'].startswith('the loopback policy of')
    # the release not known: the messages name the API alone
    assert refusals(model, None, ['deploy'])[0]['msg'].startswith(
        "deploy: the fabric's save and deploy is not done through the /api/v1/manage API of ND 4.2 and later")
