# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the policies resource on the /api/v1/manage API of a 4.2 dashboard.

The same model, plan and intent checks as ``legacy.PolicyMapping`` (its subclass): the same policies are the module's
(a user's, on the switch itself, not marked for delete), known by their switch, template and description. What differs is
the wire (docs/api/platform.yaml, ``/api/v1/manage/fabrics/{f}/policies`` and ``.../policyActions/*``, the field
correspondence in the ``x-legacy`` annotations of ManagePolicy): what is read is turned, at the edge, into the legacy
list's entries (``legacy_entry``), which the legacy mapping's read already knows; what is written is a ManagePolicy.

- **Reads**: the fabric's switches (one GET ``/fabrics/{f}/switches``, kept for the run as the legacy inventory is, and
  taken from the run's copy when it names every switch config names); one GET ``/fabrics/{f}/policies`` for all of them
  (the legacy API takes one per batch of serial numbers); a template's parameters once per run
  (GET ``/configTemplates/{name}/parameters``, ``checks.TemplateParameters``).
- **Writes**: ``policyActions/markDelete`` (one, for every policy deleted), one PUT ``/policies/{policyId}`` per changed
  policy (4.2 has no bulk update), one POST ``/policies`` of every new policy; then one ``switchActions/deploy`` of the
  switches (``deploy.SwitchSync``), its wait on the switches' ``configSyncStatus``, and ``policyActions/remove`` of the
  policies marked. Each 207 answer that lists failed items fails the task naming them, and what was done before.
- **Deploy**: before it, the fabric's ``deploymentFreeze`` is read (one GET; 404: not frozen): a frozen fabric refuses a
  task that deploys before any write, naming the fabric (GET ``/api/v1/manage/fabrics/{f}/deploymentFreeze``).

4.2 carries every option of the module: nothing is refused on 4.2 that the legacy API takes (a priority outside 1 to 2000,
a parameter the template does not have, a switch_freeform policy without CONF are refused on both, by the model and
``checks.py``).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import refuse_frozen
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.legacy import PolicyMapping

# ManagePolicy.entityType <-> the legacy entityType (its x-legacy values in docs/api/platform.yaml)
ENTITY_TYPES = {'switch': 'SWITCH', 'interface': 'INTERFACE', 'configProfile': 'CONFIG_PROFILE'}
# What 4.2 adds to a policy's templateInputs besides the template's own inputs (docs/api/platform.yaml,
# ManagePolicy.templateInputs): never a parameter of the user's, never sent back
INJECTED_INPUTS = frozenset(('FABRIC_NAME', 'MARK_DELETED', 'POLICY_DESC', 'POLICY_GROUP_ID', 'POLICY_ID', 'PRIORITY', 'SECENTITY',
                             'SECENTTYPE', 'SERIAL_NUMBER', 'SOURCE', 'SWITCH_DB_ID'))


def legacy_entry(policy):
    """A 4.2 policy (ManagePolicy) as the legacy policy list spells it (its x-legacy annotations)."""
    entity = str(policy.get('entityType') or '')
    inputs = policy.get('templateInputs')
    return {'policyId': policy.get('policyId'), 'serialNumber': str(policy.get('switchId') or ''),
            'templateName': policy.get('templateName'), 'entityType': ENTITY_TYPES.get(entity, entity.upper()),
            'entityName': policy.get('entityName'), 'description': policy.get('description'), 'priority': policy.get('priority'),
            'source': policy.get('source'), 'deleted': policy.get('markDeleted') is True,
            'nvPairs': {key: value for key, value in inputs.items() if key not in INJECTED_INPUTS} if isinstance(inputs, dict) else {}}


def manage_body(obj, serial):
    """A user's switch policy as the 4.2 create and update take it (ManagePolicy)."""
    return {'switchId': serial, 'templateName': obj['template'], 'entityType': 'switch', 'entityName': 'SWITCH',
            'description': obj['description'], 'priority': obj['priority'], 'templateInputs': dict(obj.get('template_params') or {})}


def failed_results(answer):
    """{index in the request: message} of the items a 207 answer (``{"policies": [{"status", "message"}]}``) lists failed."""
    results = answer.get('policies') if isinstance(answer, dict) else None
    return {index: str(entry.get('message') or 'failed') for index, entry in enumerate(results if isinstance(results, list) else [])
            if isinstance(entry, dict) and str(entry.get('status', '')).lower() == 'failed'}


class PolicyManageMapping(PolicyMapping):
    """Policies on /api/v1/manage: the legacy mapping's model, plan and checks; the 4.2 paths and bodies."""

    API = MANAGE_API

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        self.base = '/fabrics/%s' % segment(self.fabric)

    # reads

    def inventory(self, named=None):
        """The fabric's switches as legacy inventory entries (``manage_inventory``: the run's copy, or one GET of the 4.2
        switch list; an entry read carries its ``configSyncStatus`` as the legacy ``ccStatus``, never kept)."""
        return self.manage_inventory(named)

    def switch_policies(self, serials):
        """The switch policies of the fabric (1 GET ``/fabrics/{f}/policies``) on the switches ``serials``, as legacy entries."""
        if not serials:
            return []
        wanted = set(serials)
        answer = self.client.read(self.base + '/policies')
        listed = answer.get('policies') if isinstance(answer, dict) else None
        entries = [legacy_entry(policy) for policy in listed or [] if isinstance(policy, dict)]
        return [entry for entry in entries if entry['serialNumber'] in wanted]

    def read_template(self, template):
        """The template's parameters (1 GET ``/configTemplates/{name}/parameters``), None when it has no such template (404)."""
        answer = self.client.read('/configTemplates/%s/parameters' % segment(template), absent=lambda exc: exc.status == 404)
        if answer is None:
            return None
        return (answer.get('parameters') if isinstance(answer, dict) else None) or []

    # deploy

    def to_deploy(self, changes):
        """The legacy mapping's switches to deploy; a frozen fabric refuses a task that deploys, before any write."""
        names = super().to_deploy(changes)
        if names and not self.client.offline:
            why = 'to take its deleted policies off them' if any(c.action == 'delete' for c in changes) else 'deploy is true'
            refuse_frozen(self.client, self.fabric, '%s (%s)' % (', '.join(names), why), 'leave deploy out; a delete always deploys its switches')
        return names

    # writes

    def results(self, request, doing, names, done, keys):
        """Send a bulk write whose 207 answer lists one result per item of ``keys`` (in order); failed items fail the task
        naming their policy (``keys[i]``), the others are done."""
        answer = yield from self.attempt(request, doing, names, done, record=False)
        failed = {}
        for index, message in failed_results(answer).items():
            if index < len(keys):
                failed.setdefault(keys[index], message)
        if failed:
            raise ItemsFailed('%s %s (%s)' % (doing, self.model.PLURAL, request.label()), failed,
                              list(done) + [name for name in names if name not in failed])
        done.extend(names)
        return answer

    def action(self, name, ids, deletes, doing, done):
        # each id is one of a deleted policy's (``ids`` come from them); an id of none would be named by itself
        keys = [next((change.name for change in deletes if policy_id in self.ids[change.name]), policy_id) for policy_id in ids]
        names = list(dict.fromkeys(keys))
        request = Request('POST', '%s/policyActions/%s' % (self.base, name), {'policyIds': list(ids)})
        yield from self.results(request, doing, names, done, keys)

    def mark_deleted(self, marked, deletes, done):
        yield from self.action('markDelete', marked, deletes, 'marking for delete', done)

    def remove(self, marked, deletes, done):
        yield from self.action('remove', marked, deletes, 'deleting', done)

    def update(self, updates, done):
        for change in updates:
            policy_id = self.ids[change.name][0]
            yield from self.attempt(Request('PUT', '%s/policies/%s' % (self.base, segment(policy_id)),
                                            manage_body(change.after, self.serials[change.name])), 'updating', [change.name], done)

    def create(self, creates, done):
        names = [change.name for change in creates]
        request = Request('POST', self.base + '/policies',
                          {'policies': [manage_body(change.after, self.serials[change.name]) for change in creates]})
        yield from self.results(request, 'creating', names, done, names)
