"""What a new fabric must give, as the fabric mapping reads it from the controller's template (pure; issue 23)."""

import copy

import pytest

from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics import FABRICS, FabricMapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.plan import plan


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


class Templates:
    """The one read the mapping makes of the template client (``client.beside``)."""

    offline = False

    def beside(self, prefix):
        del prefix
        return self

    @staticmethod
    def read(path, params=None, absent=None):
        del params, absent
        assert path == '/Easy_Fabric'
        return copy.deepcopy(TEMPLATE)


def checked(config):
    model = copy.copy(FABRICS.model)
    mapping = FabricMapping(model, Templates(), {'state': 'merged', 'config': config})
    wants = [model.from_task(item, index) for index, item in enumerate(config)]
    mapping.prepare(wants, {})
    mapping.check(plan(model, 'merged', wants, {}))


def test_the_options_a_template_requires_without_a_default_are_the_ones_a_new_fabric_must_give():
    defaults, required = FabricMapping(copy.copy(FABRICS.model), Templates(), {}).template_parameters('Easy_Fabric')
    # not the fabric's name, an internal parameter, one shown only under a condition, nor one the module does not name
    assert required == [('bgp_asn', 'BGP_AS')]
    assert defaults['fabric_mtu'] == 9216


def test_a_new_fabric_without_them_is_refused_naming_the_fabric_and_the_option():
    with pytest.raises(ModelError, match=r"^Cannot create fabric f2: its template Easy_Fabric requires bgp_asn \(BGP_AS\) and has "
                                         r"no default for it\. Add bgp_asn to the fabric's config item\.$"):
        checked([{'name': 'f2', 'fabric_mtu': 9000}])
    checked([{'name': 'f2', 'bgp_asn': '65002'}])
    checked([{'name': 'f2', 'template_params': {'BGP_AS': '65002'}}])
