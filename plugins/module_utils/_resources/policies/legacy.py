# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the policies resource: a template applied to a switch, as the user writes it and as the controller keeps it.

``PolicyModel`` knows a policy in the user's terms (its switch, its template, a description, a priority and the template's own
parameters); ``PolicyMapping`` is the one place that knows the controller's policy objects (``policyId``, ``templateName``,
``nvPairs``, ``source``) and the paths (``/control/policies/...`` and the switches' ``config-deploy`` and inventory,
docs/api/fabric-controller.yaml, tag policies).

Policies have no name on the controller, only an id it assigns. This module recognises "the same" policy by its switch, its
template and its description: the plan's key is ``<switch> <template>``, with ``"<description>"`` after it when there is one.
The priority and the parameters are what a policy says, changed in place. A second policy of one template on one switch needs
a description of its own. cisco.dcnm's dcnm_policy compares the priority and the description too when it looks for a policy
to leave alone, and creates another one as soon as either differs (its issues #138 and #279: reruns that duplicate); here a
changed priority is an update of the one policy.

Only the policies users make are the module's: those with an empty ``source``, on the switch itself (``entityType`` SWITCH),
not marked for delete. What the controller made itself (``source`` names the feature, as ``UNDERLAY``), interface policies
(fabricops.dashboard.interfaces) and policies marked for delete (they leave at the switch's next deploy) are never compared,
changed or deleted.

This file holds the mapping to the controller's legacy API (reads, plan, intent checks, writes, deploy), on
``SwitchScopedMapping``; ``model.py`` the model.
"""

from __future__ import annotations

import re

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Request, name_batches, segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import SwitchSync, sync_plan, wait_seconds
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError, template_text
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import Change, plan
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.run import Read
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_scoped import (
    SYNC_DEPLOYING,
    SwitchScopedMapping,
    refusal_reason,
    switch_states,
)
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.checks import TemplateParameters, check_parameters, check_priority
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.policies.model import DEFAULT_PRIORITY, policy_key
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError

# nvPairs the controller adds to what was sent: the switch's fabric, and the policy's own priority, description and id as some
# reads repeat them. Never template parameters, never sent back.
SERVER_KEYS = frozenset(('FABRIC_NAME', 'PRIORITY', 'POLICY_DESC', 'POLICY_ID'))


TEMPLATES_PREFIX = '/appcenter/cisco/ndfc/api/v1/configtemplate/rest/config/templates'


POLICY_ID = re.compile(r'POLICY-\d+')


def is_users(entry):
    """Whether a policy of a switch's list is one a user made on the switch itself, and not marked for delete."""
    return (str(entry.get('entityType') or '').upper() == 'SWITCH' and not str(entry.get('source') or '').strip()
            and entry.get('deleted') is not True and bool(entry.get('policyId')))


def not_users_reason(entry):
    """Why deleted leaves a policy that ``is_users`` says is not a user's."""
    if entry.get('deleted') is True:
        return 'it is marked for delete already; the next deploy of its switch removes it'
    source = str(entry.get('source') or '').strip()
    return ('the controller made it (%s) and manages it: the fabric setting or the other object behind it takes it away, '
            'not this module' % ('source %s' % source if source else 'entity %s' % (entry.get('entityType') or 'unknown')))


def object_from_controller(entry, switch_label):
    """The model object of one policy as the switch's list gives it."""
    template = str(entry.get('templateName') or '')
    description = str(entry.get('description') or '')
    priority = str(entry.get('priority') if entry.get('priority') is not None else DEFAULT_PRIORITY).strip()
    pairs = entry.get('nvPairs') if isinstance(entry.get('nvPairs'), dict) else {}
    return {'name': policy_key(switch_label, template, description), 'switch': switch_label, 'template': template,
            'description': description, 'priority': int(priority) if re.match(r'^-?\d+$', priority) else DEFAULT_PRIORITY,
            'template_params': {str(key): template_text(value) for key, value in pairs.items() if key not in SERVER_KEYS}}


def policy_body(obj, serial, policy_id=None):
    """A policy as the create (and, with its id, the update) takes it."""
    body = {'serialNumber': serial, 'templateName': obj['template'], 'entityType': 'SWITCH', 'entityName': 'SWITCH',
            'priority': str(obj['priority']), 'description': obj['description'], 'source': '',
            'nvPairs': dict(obj.get('template_params') or {})}
    if policy_id is not None:
        body['policyId'] = policy_id
    return body


class PolicyMapping(SwitchScopedMapping):
    """Reads the policies of the switches named (one request for all of them), writes them, deploys the switches it changed."""

    def __init__(self, model, client, params):
        super().__init__(model, client, params)
        # {key: [policy ids]} (more than one: the same policy twice)
        # {key: entry} of the switches' policies that are not a user's (the controller's own, or marked for delete)
        self.not_users = {}
        self.ids = {}
        # {serial: the switch's sync state (ccStatus) as the inventory read fresh shows it}, read only for a task that deploys
        self.sync = {}
        self.named = []

    # reads

    def read(self, names=None):
        """{key: policy} of the users' policies of the switches config names (every switch of the fabric for gathered).

        1 GET of the fabric's inventory (none when the run's copy names every switch config names: ``read_directory``; always
        with deploy, whose sync state, ``ccStatus``, is read fresh), 1 GET of the policies of all those switches (a comma
        list of serial numbers)."""
        del names  # policies are read per switch, in one answer
        state = self.params.get('state')
        self.needs_config()
        # a task that deploys reads the inventory fresh: its switches' sync state (ccStatus) is never taken from the run's copy
        syncing = bool(self.params.get('deploy')) and state != 'gathered'
        switches = self.inventory() if syncing else self.config_inventory()
        # a switch config names that the fabric does not have is refused with the task's other problems (check_intent)
        serials = [str(entry['serialNumber']) for entry in switches] if state == 'gathered' else self.named_switches()
        self.named = serials
        have = {}
        for entry in self.switch_policies(serials):
            if not isinstance(entry, dict) or str(entry.get('serialNumber') or '') not in self.labels:
                continue
            if not is_users(entry):
                self.not_users[policy_key(self.labels[str(entry['serialNumber'])], str(entry.get('templateName') or ''),
                                          str(entry.get('description') or ''))] = entry
                continue
            serial = str(entry['serialNumber'])
            obj = object_from_controller(entry, self.labels[serial])
            self.ids.setdefault(obj['name'], []).append(str(entry['policyId']))
            self.serials[obj['name']] = serial
            have.setdefault(obj['name'], obj)
        twice = sorted(name for name, ids in self.ids.items() if len(ids) > 1)
        if twice and state == 'gathered':
            self.client.warn('The controller holds the same policy more than once (same switch, template and description): %s. '
                             'gathered lists each once; state deleted removes every copy.' % '; '.join(
                                 '%s (%s)' % (name, ', '.join(self.ids[name])) for name in twice))
        if syncing:
            self.sync = {str(entry['serialNumber']): entry.get('ccStatus') for entry in switches}
        return dict(sorted(have.items(), key=lambda item: (item[1]['switch'], item[1]['template'], item[1]['description'])))

    def switch_policies(self, serials):
        """The policies of the switches ``serials`` as the legacy list gives them (1 GET per batch of serial numbers)."""
        for batch in name_batches(serials):
            yield from self.client.read('/control/policies/switches', params={'serialNumber': batch}) or []

    def prepare_offline(self, wants):
        """For rendered: switches are taken to be named by serial number."""
        for want in wants:
            self.serials[want['name']] = want['switch']
            self.labels[want['switch']] = want['switch']

    # the plan

    def rekey(self, wants):
        """Each want's switch as the fabric names it, and its key from that."""
        for index, want in enumerate(wants):
            serial = self.switch_serial(want, index)
            if serial is None:
                continue
            want['switch'] = self.labels[serial]
            want['name'] = policy_key(want['switch'], want['template'], want['description'])
            self.serials[want['name']] = serial

    def plan(self, model, state, wants, have):
        """merged and replaced as every resource; deleted removes the listed policies (every copy of one); overridden is
        replaced for the listed ones and removes the other users' policies of the switches config names."""
        if state != 'rendered':
            self.rekey(wants)
        seen = {}
        for index, want in enumerate(wants):
            if want['name'] in seen:
                raise ModelError('config[%d] and config[%d] are the same policy, %s: a policy is known by its switch, template '
                                 'and description. List it once, or give each a description of its own.'
                                 % (seen[want['name']], index, want['name']))
            seen[want['name']] = index
        if state == 'deleted':
            for want in wants:
                if want['name'] not in have and want['name'] in self.not_users:
                    self.left_alone[want['name']] = not_users_reason(self.not_users[want['name']])
            return [Change(want['name'], have[want['name']], None) for want in wants if want['name'] in have]
        changes = plan(model, 'merged' if state == 'rendered' else 'replaced' if state == 'overridden' else state, wants, have)
        if state == 'overridden':
            changes.extend(Change(name, obj, None) for name, obj in have.items() if name not in seen)
        return changes

    def check_intent(self, state, wants, changes, checks):
        """Refuse, before anything is written: parameters the controller sets itself, a listed policy the controller holds
        more than once (the task cannot say which copy it means), and, for the policies the task creates or changes, a
        template the controller does not have, a parameter the template does not have and one it needs left out (each
        template read once per run, ``checks.TemplateParameters``; rendered reads none); and, in every state, a switch the
        fabric does not have."""
        # in check mode a warning: an earlier task of the play (fabricops.dashboard.fabric_switches) may add the switch
        self.refuse_absent(checks, depends_on='switch {switch}')
        if state == 'deleted':
            return
        for want in wants:
            check_priority(checks, want)
            owned = sorted(SERVER_KEYS & set(want.get('template_params') or {}))
            if owned:
                checks.refuse('policy %s: template_params gives %s, which the controller sets itself; leave %s out'
                              % (want['name'], ', '.join(owned), 'it' if len(owned) == 1 else 'them'))
            copies = self.ids.get(want['name']) or []
            if len(copies) > 1:
                checks.refuse('policy %s: switch %s holds it %d times (%s), and the task cannot say which one it means; remove '
                              'the copies first (state deleted removes every one of them), or give this policy another '
                              'description' % (want['name'], want['switch'], len(copies), ', '.join(copies)))
        writing = [change for change in changes if change.changed and change.after is not None]
        templates = TemplateParameters(self.client, self.read_template)
        absent = set()
        for change in writing:
            template = change.after['template']
            parameters = None if self.client.offline or template in absent else templates.of(template)
            if parameters is None and not self.client.offline:
                absent.add(template)
                if change.action == 'create':
                    checks.refuse('policy %s: the controller has no template %s; give the name of one of its policy templates'
                                  % (change.name, template))
                continue
            check_parameters(checks, change, parameters, SERVER_KEYS)

    def read_template(self, template):
        """The template's parameters as the controller's template read lists them (1 GET), None when it has no such template
        (its text 500 ``... not found``, or a 404)."""
        try:
            answer = self.client.beside(TEMPLATES_PREFIX).read('/%s' % segment(template))
        except ApiError as exc:
            text = str(refusal_reason(exc))
            if exc.status == 404 or (exc.status == 500 and 'not found' in text.lower()):
                return None
            raise
        return (answer.get('parameters') if isinstance(answer, dict) else None) or []

    # deploy

    def to_deploy(self, changes):
        """The switches a deploy pushes: those of the policies deleted (a delete takes the policy's config off the switch only
        at a deploy); with deploy, deploy's one rule (``deploy.sync_plan``): those of what the task created or changed, and
        those of the listed policies the controller shows not in sync (not those deploying now: never sent twice)."""
        planned = set(sync_plan(self.params, changes, lambda change: change.changed, self.sync_states, running=SYNC_DEPLOYING)[0])
        serials = []
        for change in changes:
            serial = self.serials[change.name]
            if (change.action == 'delete' or change.name in planned) and serial not in serials:
                serials.append(serial)
        return [self.labels.get(serial, serial) for serial in serials]

    def sync_states(self, change):
        """``sync_plan``'s ``states_of`` of a listed policy: its switch's sync state, from the inventory ``read`` read fresh."""
        return switch_states(self.sync, [self.serials[change.name]], lambda serial: self.labels.get(serial, serial))

    # writes

    def writes(self, changes, result):
        """Mark for delete (one request for all), the updates (one request), the creates (one request), the deploy of the
        switches (one request), one wait; then the policies marked go from the controller (one request)."""
        done = []
        deletes = [change for change in changes if change.action == 'delete']
        updates = [change for change in changes if change.action == 'update']
        creates = [change for change in changes if change.action == 'create']
        marked = [policy_id for change in deletes for policy_id in self.ids[change.name]]
        if marked:
            yield from self.mark_deleted(marked, deletes, done)
        if updates:
            yield from self.update(updates, done)
        if creates:
            yield from self.create(creates, done)
        deploy = self.by_label(result.get('deploy') or [])
        if not deploy:
            return
        yield from SwitchSync(self.client, self.fabric, self.API, self.labels).deploy(deploy, self.params, result, name='config')
        if not wait_seconds(self.params):
            if marked:
                self.client.warn('wait is false, so the policies deleted stay on the controller, marked for delete, until they '
                                 'are deleted there: %s. Their config leaves the switches with this deploy.' % ', '.join(marked))
            return
        if marked:
            yield from self.remove(marked, deletes, done)

    def deleted_names(self, deletes, ids):
        """The keys of the deleted policies with an id among ``ids``."""
        return [change.name for change in deletes if set(self.ids[change.name]) & set(ids)]

    def mark_deleted(self, marked, deletes, done):
        for batch in name_batches(marked):
            yield from self.attempt(Request('PUT', '/control/policies/%s/mark-delete' % batch), 'marking for delete',
                                    self.deleted_names(deletes, batch.split(',')), done)

    def remove(self, marked, deletes, done):
        for batch in name_batches(marked):
            yield from self.attempt(Request('DELETE', '/control/policies/policyIds', query={'policyIds': batch}), 'deleting',
                                    self.deleted_names(deletes, batch.split(',')), done)

    def update(self, updates, done):
        for batch in name_batches([self.ids[change.name][0] for change in updates]):
            ids = batch.split(',')
            batch_changes = [change for change in updates if self.ids[change.name][0] in ids]
            bodies = [policy_body(change.after, self.serials[change.name], self.ids[change.name][0]) for change in batch_changes]
            yield from self.attempt(Request('PUT', '/control/policies/%s/bulk' % batch, bodies), 'updating',
                                    [change.name for change in batch_changes], done)

    def by_label(self, labels):
        serial_of = {label: serial for serial, label in self.labels.items()}
        return [serial_of.get(label, label) for label in labels]

    def create(self, creates, done):
        """One bulk create; a create the controller refuses fails the task naming the policy (read back to tell which)."""
        names = [change.name for change in creates]
        request = Request('POST', '/control/policies/bulk-create',
                          [policy_body(change.after, self.serials[change.name]) for change in creates])
        answer = yield from self.attempt(request, 'creating', names, done, record=False)
        failures = answer.get('failureList') if isinstance(answer, dict) else None
        if not failures:
            done.extend(names)
            return
        # The answer names a failed policy by its switch only: the policies of those switches, read again, say which exist now.
        serials = sorted({self.serials[name] for name in names})
        listed = yield Read('/control/policies/switches', params={'serialNumber': ','.join(serials)})
        created = {object_from_controller(entry, self.labels.get(str(entry.get('serialNumber')), ''))['name']
                   for entry in listed or [] if isinstance(entry, dict) and is_users(entry)}
        reasons = {}
        for failure in failures:
            if isinstance(failure, dict):
                reasons.setdefault(str(failure.get('name') or ''), []).append(str(failure.get('message') or 'failed'))
        failed = {}
        for name in names:
            if name in created:
                done.append(name)
            else:
                why = reasons.get(self.serials[name]) or [text for texts in reasons.values() for text in texts]
                failed[name] = '; '.join(sorted(set(why))) or 'failed'
        raise ItemsFailed('creating policies (%s)' % request.label(), failed, list(done))
