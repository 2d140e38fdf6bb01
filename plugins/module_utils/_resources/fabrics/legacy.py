# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the fabrics resource: a fabric as the user writes it, and its nvPairs on the controller.

A fabric's defaults are its template's: ``replaced`` resets what is not given to the defaults
the controller's template declares, read once per template, so the model holds no copy of them.
``FabricMapping`` is the one place that knows ``nvPairs`` keys and the fabric paths: a fabric is
created and updated at ``control/fabrics/{name}/{template}`` with a flat object of every nvPair
(ND 4.x refuses a partial update), read at ``control/fabrics``, deleted at ``control/fabrics/{name}``.
The same model on the /api/v1/manage API of a 4.2 dashboard is ``fabrics_manage.FabricManageMapping``.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DEFAULT_WAIT_TIMEOUT, SwitchSync, wait_seconds
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import Mapping
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.common import each_fabric, fabric_deploy_plan, take_option_keys
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabrics.model import DEFAULT_TEMPLATE
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

TEMPLATES_PREFIX = '/appcenter/cisco/ndfc/api/v1/configtemplate/rest/config/templates'


NV_PAIRS = {
    'bgp_asn': 'BGP_AS',
    'site_id': 'SITE_ID',
    'replication_mode': 'REPLICATION_MODE',
    'multicast_group_subnet': 'MULTICAST_GROUP_SUBNET',
    'anycast_gateway_mac': 'ANYCAST_GW_MAC',
    'fabric_mtu': 'FABRIC_MTU',
    'underlay_routing': 'LINK_STATE_ROUTING',
    'l2_segment_id_range': 'L2_SEGMENT_ID_RANGE',
    'l3_partition_id_range': 'L3_PARTITION_ID_RANGE',
    'network_vlan_range': 'NETWORK_VLAN_RANGE',
    'vrf_vlan_range': 'VRF_VLAN_RANGE',
    'deployment_freeze': 'DEPLOYMENT_FREEZE',
}


OPTIONS_OF_PAIRS = {key: option for option, key in NV_PAIRS.items()}


# nvPairs the controller derives (the name) or that clients strip before a write: the client-side DEPLOY
# and FABRIC_TYPE, and the keys ND 4.x refuses in a PUT. Everything else is sent as read, the template's
# internal parameters (``*_PREV`` and the like) included: ND 4.x refuses an update that leaves them out
# or empties them (PUT /control/fabrics/{fabric}/{template} in docs/api/fabric-controller.yaml).
NOT_SETTINGS = ('FABRIC_NAME',)


NEVER_SENT = ('DEPLOY', 'FABRIC_TYPE', 'dcnmUser', 'DHCP_FORCE', 'DOMAIN_NAME_INTERNAL', 'INBAND_ENABLE_PREV', 'PNP_ENABLE_INTERNAL')


class FabricMapping(Mapping):
    """Fabrics have no bulk API: each is written on its own, and a failure stops the writes saying what was done."""

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.templates = client.beside(TEMPLATES_PREFIX)
        # {name: config item}: a create sends what the task gives only
        self.wanted = {}
        # {template: [(option, nvPair key)]}: what a new fabric of the template must give
        self.required = {}
        # {template: [parameter]}: the templates read by this task
        self.template_answers = {}

    def object_from_pairs(self, name, template, pairs):
        where = 'fabric %s as read' % name
        obj = {'name': name, 'template': template}
        for option, key in NV_PAIRS.items():
            if key in pairs and pairs[key] is not None:
                value = self.model.fields[option].coerce(pairs[key], where)
                if value is not None:
                    obj[option] = value
        obj['template_params'] = {key: template_text(value) for key, value in pairs.items()
                                  if key not in NV_PAIRS.values() and key not in NOT_SETTINGS and value is not None}
        return obj

    def pairs_to_controller(self, obj):
        """Every nvPair of the fabric as text (what the controller stores), as read but for the task's changes."""
        pairs = {key: value for key, value in (obj.get('template_params') or {}).items() if key not in NEVER_SENT}
        for option, key in NV_PAIRS.items():
            if obj.get(option) is not None:
                pairs[key] = template_text(obj[option])
        pairs['FABRIC_NAME'] = obj['name']
        return pairs

    def read(self, names=None):
        del names  # the controller lists every fabric in one answer
        answer = self.client.read('/control/fabrics') or []
        have = {}
        for fabric in answer:
            if isinstance(fabric, dict):
                pairs = fabric.get('nvPairs') or {}
                name = str(pairs.get('FABRIC_NAME') or fabric.get('fabricName'))
                have[name] = self.object_from_pairs(name, str(fabric.get('templateName')), pairs)
        return have

    @staticmethod
    def config_hint(state):
        return 'list the fabrics to %s' % ('render' if state == 'rendered' else 'create or update')

    def prepare(self, wants, have):
        """The defaults of the templates concerned (of a new fabric, and for replaced), and what a new fabric must give,
        read once per template."""
        self.options_of_keys(wants)
        self.wanted = {want['name']: want for want in wants}
        templates = {want.get('template') or have.get(want['name'], {}).get('template') or DEFAULT_TEMPLATE for want in wants}
        read = {template: self.template_parameters(template) for template in sorted(templates)}
        self.model.template_defaults = {template: defaults for template, (defaults, _required) in read.items()}
        self.required = {template: required for template, (_defaults, required) in read.items()}

    def prepare_offline(self, wants):
        """A create sends only what the task gives: nothing to learn first."""
        self.options_of_keys(wants)
        self.wanted = {want['name']: want for want in wants}

    def options_of_keys(self, wants):
        """A template_params key that is an option's nvPair (L2_SEGMENT_ID_RANGE of l2_segment_id_range, say) is that
        option, as on /api/v1/manage. Before: the option's current value was sent in the key's place, and the task said
        changed."""
        for index, want in enumerate(wants):
            take_option_keys(self.model, want, 'config[%d] (fabric %s)' % (index, want['name']), OPTIONS_OF_PAIRS)

    def check(self, changes):
        """A new fabric must give what its template requires and has no default for (BGP_AS of Easy_Fabric): the controller
        refuses the create part way otherwise (HTTP 500 "[BGP_AS]"), so it is refused here, before any write."""
        refused = []
        for change in changes:
            if change.action != 'create':
                continue
            given = self.wanted.get(change.name) or {}
            template = change.after['template']
            lacking = [(option, key) for option, key in self.required.get(template, ())
                       if given.get(option) in (None, '') and (given.get('template_params') or {}).get(key) in (None, '')]
            if lacking:
                options = ' and '.join(option for option, _key in lacking)
                refused.append('Cannot create fabric %s: its template %s requires %s and has no default for %s. Add %s to the '
                               "fabric's config item." % (change.name, template, ' and '.join('%s (%s)' % pair for pair in lacking),
                                                          'it' if len(lacking) == 1 else 'them', options))
        if refused:
            raise ModelError(' '.join(refused))

    def to_deploy(self, changes):
        """The fabrics a deploy pushes (``fabric_deploy_plan``); each one's deploy follows its own write (writes)."""
        return fabric_deploy_plan(self, changes)

    def template_parameters(self, template):
        """(the template's defaults as a fabric object, [(option, nvPair key)] a new fabric must give), read from the template.

        Parameters without a default (mandatory ones) are left out of the defaults. What a new fabric must give: the
        options this module names that the template marks mandatory (IsMandatory) and gives no default, unless internal
        or shown only under a condition (IsShow). Of the template's other mandatory parameters without a default, most are
        mandatory only where the template shows them (OSPF_AUTH_KEY, with OSPF authentication on), a rule this module does
        not evaluate: the controller judges those.
        """
        pairs = {}
        required = []
        for parameter in self.template_answer(template):
            if not isinstance(parameter, dict):
                continue
            annotations = parameter.get('annotations') or {}
            if annotation_true(annotations, 'IsInternal'):
                # the controller's own bookkeeping: never reset (replaced keeps the value read), sent as read
                continue
            name = str(parameter.get('name'))
            default = template_default(parameter)
            if default is not None:
                pairs[name] = default
            elif (name in OPTIONS_OF_PAIRS and annotation_true(annotations, 'IsMandatory')
                  and str(annotations.get('IsShow', 'true')).strip().strip('"').lower() == 'true'):
                required.append((OPTIONS_OF_PAIRS[name], name))
        return self.object_from_pairs('', template, pairs), required

    def template_answer(self, template):
        """The parameters of a fabric template as the controller gives them, read once per task."""
        if template not in self.template_answers:
            try:
                answer = self.templates.read('/%s' % segment(template))
            except ApiError as exc:
                raise ApiError('The controller has no fabric template %s (HTTP %d); give one it offers, such as Easy_Fabric.'
                               % (template, exc.status), exc.status) from None
            parameters = (answer or {}).get('parameters') if isinstance(answer, dict) else None
            self.template_answers[template] = [parameter for parameter in parameters or [] if isinstance(parameter, dict)]
        return self.template_answers[template]

    def gathered(self, have):
        """What gathered lists: of each fabric's template_params, only the settings that differ from its template.

        The controller keeps every parameter of a fabric's template in its nvPairs (some four hundred); a setting at its
        template's default (a parameter without one: empty) and the controller's own bookkeeping (IsInternal) are left
        out, so the list is what was set, and what a 4.2 dashboard, whose fabric object has no place for most of them,
        is asked to take when it is applied there. Fed back to merged, replaced or overridden, it changes nothing:
        those fill in the same defaults. One template read per template; a fabric whose template cannot be read is
        listed whole.
        """
        for obj in have.values():
            try:
                parameters = self.template_answer(obj['template'])
            except ApiError:
                continue
            internal = set()
            defaults = {}
            for parameter in parameters:
                name = str(parameter.get('name'))
                if annotation_true(parameter.get('annotations') or {}, 'IsInternal'):
                    internal.add(name)
                else:
                    default = template_default(parameter)
                    defaults[name] = '' if default is None else template_text(default)
            # a key the template does not know is listed: it was set, and nothing says to what default
            obj['template_params'] = {key: value for key, value in obj['template_params'].items()
                                      if key not in internal and defaults.get(key) != value}
        return have

    def writes(self, changes, result):
        """Each fabric's write, then its config-save and config-deploy when the task deploys it; a refusal says what was
        done before it and what was not."""
        deploy = set(result.get('deploy') or [])
        return each_fabric(self.client, changes, self.write_of, lambda change: self.deploy(change.name) if change.name in deploy else ())

    def write_of(self, change):
        if change.action == 'delete':
            return Request('DELETE', '/control/fabrics/%s' % segment(change.name))
        if change.action == 'create':
            # what the task gives only, with its template: the controller fills in the template's defaults
            given = dict(self.wanted[change.name], template=change.after['template'])
            return Request('POST', '/control/fabrics/%s/%s' % (segment(change.name), segment(given['template'])),
                           self.pairs_to_controller(given))
        return Request('PUT', '/control/fabrics/%s/%s' % (segment(change.name), segment(change.after['template'])),
                       self.pairs_to_controller(change.after))

    def deploy(self, name):
        """config-save, then the deploy: the fabric's config-deploy, which the controller answers once the deploy is done,
        so the request waits as long as the task lets it (wait_timeout); without a wait, the config-deploy of the fabric's
        switches, which it answers at once (rendered, which reads nothing, shows the fabric's)."""
        yield Request('POST', '/control/fabrics/%s/config-save' % segment(name))
        timeout = wait_seconds(self.params)
        if timeout or self.client.offline:
            yield Request('POST', '/control/fabrics/%s/config-deploy' % segment(name), query={'forceShowRun': 'false'},
                          timeout=timeout or DEFAULT_WAIT_TIMEOUT)
            return
        sync = SwitchSync(self.client, name, self.API)
        serials = [serial for serial, _state in sync.listed()]
        if serials:
            yield sync.deploy_request(serials)


def annotation_true(annotations, name):
    """Whether a template parameter's annotation ``name`` is true (the controller writes it as text)."""
    return str(annotations.get(name)).strip().strip('"').lower() == 'true'


def template_default(parameter):
    """A template parameter's default: the controller's templates keep it in metaProperties, some at the top
    (GET /configtemplate/rest/config/templates/{template} in docs/api/fabric-controller.yaml)."""
    if parameter.get('defaultValue') is not None:
        return parameter['defaultValue']
    meta = parameter.get('metaProperties')
    return meta.get('defaultValue') if isinstance(meta, dict) else None
