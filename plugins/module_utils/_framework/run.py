# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: one task of a resource module, the same for every resource.

Want, have, compare, then act: the task's config items as partial objects of the model; what
the controller has, read once in bulk by the resource's mapping; the plan of every state
(``plan``); checks that must hold before anything is written (in check mode too): the task's
intent against itself and the fabric (the mapping's ``check_intent``, with the rules of
``validation``), and what the controller would refuse part way (``check``); then the writes.
The writes are data: the mapping's ``writes(changes, result)`` is a generator of steps,

- a ``Request``, which the client sends (or, for ``rendered``, only collects); a step whose
  answer the next ones need is written ``answer = yield request``;
- a ``Wait``, which reads until the controller reports what the writes before it asked for
  (skipped when rendering, since nothing was sent);
- a ``Read`` of something the controller gives (its next free id), never needed when rendering.

So ``rendered`` is, by construction, the requests a real run sends to a fabric holding none of
the objects; and check mode stops before the writes with the same ``changed``.

The mapping is the one of the API the task speaks (``resource.choose_api``). A 4.2 dashboard may
serve no legacy API: a mapping of the legacy API there meets a 404 on its first read, which the
run tells from a fabric that does not exist before it says so (``legacy_api_missing``).
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.outcomes import ItemsFailed
from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.selection import Selection
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.deploy import DeployFailed, check_wait_timeout
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.plan import plan, scope_names, shape_result
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.steps import Read, StepFailed, Wait
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.switch_directory import FabricMissing
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.validation import IntentChecks
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, DashboardError

NEEDS_CONFIG = ('merged', 'replaced', 'rendered')
# A read every release that serves the legacy API answers (the list of fabrics), under the legacy client's prefix
LEGACY_PROBE = '/control/fabrics'


class Run:
    """One task, carried out through ``mapping``, made for it: the run takes the mapping's model (the run's copy), client
    and the task's params, so the run and the mapping never see two different ones.

    ``api``: the API the mapping speaks (``resource.ApiChoice``); None: the legacy API, on a dashboard that serves it.
    """

    def __init__(self, mapping, check_mode, diff, api=None):
        self.mapping = mapping
        self.model, self.client, self.params = mapping.model, mapping.client, mapping.params
        self.check_mode = check_mode
        self.diff = diff
        self.api = api

    def result(self):
        """The task's result; the warnings of the checks and of the mapping (``client.warn``) in one list."""
        try:
            try:
                result = self.run()
            except FabricMissing:
                if not self.check_mode or self.params['state'] == 'gathered' or self.client.sent:
                    raise
                result = self.fabric_to_come()
        except ModelError as exc:
            result = {'failed': True, 'changed': False, 'msg': str(exc)}
            if getattr(exc, 'warnings', None):
                result['warnings'] = list(exc.warnings)
        for warning in self.client.warnings:
            if warning not in result.setdefault('warnings', []):
                result['warnings'].append(warning)
        return result

    def fabric_to_come(self):
        """Check mode on a fabric the controller does not have: an earlier task of the play may create it (a day-0 play
        run with --check), so the listed objects are reported as created, planned as on an empty fabric, with a warning
        naming the fabric and what check mode could not check; a real run finds the fabric, or fails there."""
        state, fabric = self.params['state'], self.params.get('fabric')
        wants = [] if state == 'deleted' else self.wants()
        changes = plan(self.model, state, wants, {})
        result = shape_result(self.model, state, changes, {}, scope_names(state, wants, {}))
        if not self.diff:
            result.pop('diff')
        self.client.warn('Fabric %s does not exist on the controller, so check mode takes it to be empty: an earlier task of the '
                         'play may create it. The listed %s are reported as created, without the checks that need the fabric '
                         '(its switches, ranges and free ids); a real run finds the fabric and checks them, or fails here.'
                         % (fabric, self.model.PLURAL))
        return result

    def wants(self):
        """The task's config items as partial objects of the model; a state that acts on the listed objects needs some."""
        state = self.params['state']
        items = self.params.get('config') or []
        if state in NEEDS_CONFIG and not items:
            raise ModelError('state %s needs config: %s.' % (state, self.mapping.config_hint(state)))
        return [self.model.from_task(item, index) for index, item in enumerate(items)]

    def selection(self):
        """The task's json_query, compiled before anything is sent (for gathered only: the other states return what
        they changed, whole)."""
        expression = self.params.get('json_query')
        if expression is None:
            return None
        if self.params['state'] != 'gathered':
            raise ModelError('json_query applies to state gathered only (the task has state %s); leave it out, or select '
                             'from the registered result with the json_query filter.' % self.params['state'])
        return Selection(expression)

    def run(self):
        state = self.params['state']
        check_wait_timeout(self.params)
        selection = self.selection()
        wants = self.wants()
        self.mapping.refuse_before_reading()
        if state == 'rendered':
            return self.rendered(wants)
        listed = {want['name'] for want in wants}
        everything = state in ('overridden', 'gathered') or (state == 'deleted' and not wants)
        try:
            have = self.mapping.read(None if everything else listed)
        except ApiError as exc:
            if exc.status == 404 and self.api is not None and self.api.if_no_legacy and self.legacy_api_missing():
                raise ModelError(self.api.if_no_legacy) from None
            raise
        if state == 'gathered':
            # a mapping may list less than it compares (fabrics: the settings that differ from the template)
            have = self.mapping.gathered(have)
            gathered = [self.model.for_output(have[name]) for name in have]
            if selection is not None:
                return {'changed': False, 'gathered': selection.apply(gathered, 'the gathered %s' % self.model.PLURAL)}
            return dict(self.mapping.gathered_beside(), changed=False, gathered=gathered, before=gathered, after=gathered)
        if state != 'deleted':
            self.mapping.prepare(wants, have)
        # a mapping whose objects are not all deleted alike (interfaces: a port returns to a default) plans its own states
        changes = self.mapping.plan(self.model, state, wants, have)
        result = shape_result(self.model, state, changes, have, scope_names(state, wants, have))
        self.say_left_alone(result)
        if not self.diff:
            result.pop('diff')
        self.check_intent(state, wants, changes, result)
        # refusals the controller would give part way, said before anything is sent (in check mode too)
        self.mapping.check(changes)
        deploy_names = self.mapping.to_deploy(changes)
        if deploy_names:
            result['changed'] = True
            result['deploy'] = deploy_names
        # a deploy an earlier run started and is still running is waited for, though nothing is written
        if self.check_mode or not (result['changed'] or self.mapping.awaited(changes)):
            return result
        try:
            self.take_steps(self.mapping.writes(changes, result))
        except ItemsFailed as exc:
            # the request whose items failed is the last one sent: it changed something only if some item succeeded (a
            # mapping that goes on past a refused request says itself how many of its writes changed something)
            wrote = getattr(exc, 'wrote', None)
            self.failed(result, exc.message, wrote=len(self.client.sent) - (0 if exc.succeeded else 1) if wrote is None else wrote,
                        failed_items=exc.failed, succeeded_items=exc.succeeded)
        except DeployFailed as exc:
            self.failed(result, exc.message, deployment=exc.states)
        except ApiError as exc:
            self.refused(result, exc)
        except StepFailed as exc:
            self.failed(result, exc.message)
        except DashboardError as exc:
            if not self.client.sent:
                raise  # nothing was written: the action says what went wrong
            # No answer of the controller (a connection lost while it restarted, a session refused twice): the writes
            # sent before it changed the controller, and the last one may have.
            self.failed(result, '%s By then the task had sent %d write(s) (see requests): those answered changed the '
                        'controller, and the last one may have. Run the task again once the controller answers: it reads '
                        'what is there and sends only what is still needed.' % (exc.message, len(self.client.sent)))
        result['requests'] = list(self.client.sent)
        return result

    def refused(self, result, exc):
        """The controller refused a write with an error answer: say whether that request wrote anything.

        A 4xx refuses the request whole, and so does an answer that lists per-item outcomes with none succeeded; a
        5xx without them may have written part of it, which a rerun finds."""
        if exc.method in (None, 'GET') or not self.client.sent:
            # a read the writes needed failed (the next free id, the deploy's state): it wrote nothing itself
            self.failed(result, exc.message, status=exc.status)
            return
        earlier = len(self.client.sent) - 1
        items = exc.body if isinstance(exc.body, dict) and 'successList' in exc.body else None
        whole = 400 <= (exc.status or 0) < 500 or (items is not None and not items.get('successList'))
        if whole:
            said = 'The controller wrote nothing of that request (%s)' % self.client.sent[-1]
        else:
            said = 'The controller may have written part of that request (%s) before it failed' % self.client.sent[-1]
        said += ('; the %d write(s) before it did change the controller (see requests).' % earlier if earlier
                 else '; nothing was written before it.')
        self.failed(result, '%s %s Run the task again once the cause is fixed: it reads what is there and sends only what is '
                    'still needed.' % (exc.message.rstrip(), said), wrote=earlier if whole else None, status=exc.status)

    def legacy_api_missing(self):
        """Whether the dashboard answers no legacy path at all: its list of fabrics, which every legacy API serves, is 404 too.

        Asked only after a read of the legacy API answered 404, so a run on a dashboard that serves it pays nothing."""
        try:
            self.client.read(LEGACY_PROBE)
        except ApiError as exc:
            return exc.status == 404
        return False

    def say_left_alone(self, result):
        """What the plan left alone of what the task lists, said aloud: a warning each, and ``left_alone`` {name: why}."""
        if not self.mapping.left_alone:
            return
        result['left_alone'] = dict(self.mapping.left_alone)
        for name, why in sorted(self.mapping.left_alone.items()):
            self.client.warn('%s %s was left alone: %s' % (self.model.KIND, name, why))

    def check_intent(self, state, wants, changes, result):
        """The mapping's checks of the task's intent (validation.IntentChecks): a refusal raises IntentRefused before
        anything is sent; warnings go into the result."""
        checks = IntentChecks(self.check_mode)
        self.mapping.check_intent(state, wants, changes, checks)
        warnings = checks.conclude()
        if warnings:
            result.setdefault('warnings', []).extend(warnings)

    def take_steps(self, steps):
        """Take each step of the writes in turn; an error of the controller goes back into the steps, which may say more."""
        answer, error = None, None
        while True:
            try:
                step = steps.throw(error) if error is not None else steps.send(answer)
            except StopIteration:
                return
            answer, error = None, None
            try:
                answer = self.take(step)
            except ApiError as exc:
                error = exc

    def take(self, step):
        if isinstance(step, Wait):
            return None if self.client.offline else step.until()
        if isinstance(step, Read):
            if self.client.offline:
                raise ModelError('rendered computes the requests offline, so it cannot read %s.' % step.path)
            return self.client.read(step.path, params=step.params)
        return self.client.send(step)

    def failed(self, result, msg, wrote=None, **details):
        """The run stopped part way: what was sent did change the controller; what the plan said after that did not happen.

        ``wrote``: how many of the writes sent changed something, when not all of them (a bulk create whose every item
        the controller refused wrote nothing).
        """
        result.update(failed=True, changed=bool(len(self.client.sent) if wrote is None else wrote), msg=msg, **details)
        result.pop('after', None)

    def rendered(self, wants):
        """The requests a run would send to a fabric holding none of these objects, computed offline: the same writes."""
        self.mapping.prepare_offline(wants)
        changes = plan(self.model, 'merged', wants, {})
        result = {'changed': False, 'before': [], 'after': [self.model.for_output(change.after) for change in changes]}
        self.check_intent('rendered', wants, changes, result)
        self.take_steps(self.mapping.writes(changes, {'after': [], 'diff': [], 'deploy': self.mapping.to_deploy(changes)}))
        result['rendered'] = self.client.rendered
        return result
