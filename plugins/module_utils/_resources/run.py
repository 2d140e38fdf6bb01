# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: one run of a resource module.

``Run`` is what every resource module's run shares (the fabrics and switches modules subclass it
in ``_fabric_run`` and ``_switch_run``); ``ResourceRun`` is the run of the fabric-scoped ones with
attachments (VRFs, networks). Read once (the objects of the fabric, the attachments of the ones concerned, the inventory only
when switches must be resolved), plan with ``_resource_state``, stop there in check mode, else
send the fewest requests the API allows in the order the controller needs: deletions first
(detach, deploy the detach, delete), then creates (one bulk call; one each for objects whose id the
controller gives), updates, attachments in one
call, and the deploy of what the task touched.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import segment
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.deploy import DeployFailed, unsettled, wait_for_deploy
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.item_failures import PartialFailure
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.plan import plan, scope_names, shape_result
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.switch_directory import OfflineDirectory, SwitchDirectory
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.topdown import attachment_states

NEEDS_CONFIG = ('merged', 'replaced', 'rendered')


def run_resource(model, wire_class, controller, params, check_mode=False, diff=False):
    """The task's result for ``params`` (fabric, config, state, deploy, wait, wait_timeout)."""
    return ResourceRun(model, wire_class(model, controller, params['fabric']), controller, params, check_mode, diff).result()


class Run:
    """One task of a resource module: its model, its wire mapping, the controller and the task's parameters.

    Subclasses implement ``run()`` with the steps every resource module takes in the same way (the
    task's objects, gathered, the plan and its result, a failure part way); ``result()`` reports a
    task that cannot work as given as a failed result with what to change.
    """

    def __init__(self, model, wire, controller, params, check_mode, diff):
        self.model = model
        self.wire = wire
        self.controller = controller
        self.params = params
        self.check_mode = check_mode
        self.diff = diff

    def run(self):
        raise NotImplementedError

    def result(self):
        try:
            return self.run()
        except ModelError as exc:
            return {'failed': True, 'changed': False, 'msg': str(exc)}

    def wants(self):
        """The task's config items as partial objects of the model; a state that acts on the listed objects needs some."""
        state = self.params['state']
        items = self.params.get('config') or []
        if state in NEEDS_CONFIG and not items:
            raise ModelError('state %s needs config: %s.' % (state, self.config_hint(state)))
        return [self.model.from_task(item, index) for index, item in enumerate(items)]

    def config_hint(self, state):
        return 'list the %s to %s' % (self.model.PLURAL, 'render' if state == 'rendered' else 'create or update')

    def gathered(self, have):
        gathered = [self.model.for_output(have[name]) for name in have]
        return {'changed': False, 'gathered': gathered, 'before': gathered, 'after': gathered}

    def planned(self, state, wants, have):
        """The Change of every object concerned, and the result that reports them (the diff in diff mode only)."""
        changes = plan(self.model, state, wants, have)
        result = shape_result(self.model, state, changes, have, scope_names(state, wants, have))
        if not self.diff:
            result.pop('diff')
        return changes, result

    def failed(self, result, msg, **details):
        """The run stopped part way: what was sent did change the controller; what the plan said after that did not happen."""
        result.update(failed=True, changed=bool(self.controller.sent), msg=msg, **details)
        result.pop('after', None)

    def with_requests(self, result):
        """The result with the writes sent, as METHOD path, in order."""
        result['requests'] = list(self.controller.sent)
        return result


class ResourceRun(Run):

    def run(self):
        state = self.params['state']
        wants = self.wants()
        if state == 'rendered':
            return self.rendered(wants)
        listed = {want['name'] for want in wants}
        everything = state in ('overridden', 'gathered') or (state == 'deleted' and not wants)
        have, states = self.wire.read(None if everything else listed)
        if state == 'gathered':
            return self.gathered(have)
        if state != 'deleted' and any(want.get('attach') for want in wants):
            self.resolve_switches(wants)
        changes, result = self.planned(state, wants, have)
        deleting = [change.name for change in changes if change.action == 'delete']
        if deleting:
            self.wire.check_deletable(deleting)
        deploy_names = self.to_deploy(changes, states)
        if deploy_names:
            result['changed'] = True
            result['deploy'] = deploy_names
        if self.check_mode or not result['changed']:
            return result
        return self.apply(result, changes, deploy_names)

    def resolve_switches(self, wants):
        """Attachments' switches as serial numbers; the inventory is read only when the attachment answers did not
        already list every switch named."""
        fabric = self.params['fabric']
        seen = SwitchDirectory(fabric, self.wire.switches_seen.values())
        named = [attachment['switch'] for want in wants for attachment in want.get('attach') or []]
        directory = seen if all(seen.knows(switch) for switch in named) else SwitchDirectory(fabric, self.controller.read(
            '/control/fabrics/%s/inventory/switchesByFabric' % segment(fabric)))
        for index, want in enumerate(wants):
            directory.resolve(want, 'config[%d] (%s %s)' % (index, self.model.KIND, want['name']))

    def to_deploy(self, changes, states):
        """Names of the objects a deploy must push: the ones whose attachments the task changed, and the listed
        ones whose attachments are not all deployed yet (an earlier run attached without deploying)."""
        if not self.params.get('deploy'):
            return []
        names = []
        for change in changes:
            if change.after is None:
                continue
            touched = change.attachments or (change.action == 'update' and change.after.get('attach'))
            pending = unsettled({change.name: states.get(change.name, {})}, {change.name: set(change.after.get('attach') or {})})
            if touched or pending:
                names.append(change.name)
        return names

    def apply(self, result, changes, deploy_names):
        deletes = [change for change in changes if change.action == 'delete']
        try:
            if deletes:
                self.delete(deletes)
            self.create([change for change in changes if change.action == 'create'], result)
            for change in changes:
                if change.action == 'update':
                    self.wire.update(change.after)
            self.wire.attach([change for change in changes if change.action != 'delete'])
            if deploy_names:
                self.deploy(result, deploy_names, {change.name: set(change.after.get('attach') or {})
                                                   for change in changes if change.after is not None})
        except PartialFailure as exc:
            self.failed(result, exc.message, failed_items=exc.failed, succeeded_items=exc.succeeded)
        except DeployFailed as exc:
            self.failed(result, exc.message, deployment=exc.states)
        except ApiError as exc:
            self.failed(result, exc.message, status=exc.status)
        return self.with_requests(result)

    def create(self, creates, result):
        """The creates that give their id in one bulk call; then each one without, with the id the
        controller offers, asked only once the one before has taken its id (the offer is not
        reserved, facts 7.7 and 8.3), so no two objects are sent the same id."""
        id_field = self.model.ID_FIELD
        given = [change.after for change in creates if id_field is None or change.after.get(id_field) is not None]
        if given:
            self.wire.create(given)
        for change in creates:
            if id_field is None or change.after.get(id_field) is not None:
                continue
            change.after[id_field] = self.wire.next_id()
            self.wire.create([change.after])
            # before, the plan (and check mode) could not know the id; the result shows the one sent
            for shown in result['after'] + list(result.get('diff', {}).get('after', {}).values()):
                if shown['name'] == change.name:
                    shown[id_field] = change.after[id_field]

    def read_states(self, names):
        attachments = self.wire.read_attachments(names)
        return {name: attachment_states(attachments.get(name)) for name in names}

    def delete(self, deletes):
        """Detach, push the detach where something was deployed (the controller refuses to delete
        objects with deployed attachments), then delete in bulk."""
        names = [change.name for change in deletes]
        if self.wire.attach(deletes):
            still_shown = [name for name, states in self.read_states(names).items() if states]
            if still_shown:
                self.wire.deploy(still_shown)
                wait_for_deploy(self.read_states, still_shown, {}, self.params.get('wait_timeout') or 300, self.model.KIND)
        self.wire.delete(names)

    def deploy(self, result, names, attached):
        self.wire.deploy(names)
        # Also when the controller had nothing pending: the states read once are still the answer.
        if self.params.get('wait', True):
            result['deployment'] = wait_for_deploy(self.read_states, names, attached, self.params['wait_timeout'], self.model.KIND)

    def rendered(self, wants):
        """The requests a run would send to a fabric holding none of these objects, computed offline."""
        id_field = self.model.ID_FIELD
        for index, want in enumerate(wants):
            OfflineDirectory.resolve(want, 'config[%d]' % index)
            if id_field and want.get(id_field) is None:
                raise ModelError('config[%d] (%s %s): rendered computes the requests offline, so it cannot ask the controller for '
                                 'the next free id; give %s.' % (index, self.model.KIND, want['name'], id_field))
        changes = plan(self.model, 'replaced', wants, {})
        prefix = self.controller.prefix
        requests = [{'method': method, 'path': prefix + path, 'body': body}
                    for method, path, body in self.wire.requests_for_create([change.after for change in changes])]
        attach = self.wire.attach_body(changes)
        if attach:
            requests.append({'method': 'POST', 'path': prefix + self.wire.attach_path, 'body': attach})
        if self.params.get('deploy') and attach:
            requests.append({'method': 'POST', 'path': prefix + self.wire.deploy_path,
                             'body': self.wire.deploy_body([entry[self.wire.name_key] for entry in attach])})
        return {'changed': False, 'rendered': requests, 'before': [], 'after': [self.model.for_output(change.after) for change in changes]}
