# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: one run of the fabrics module.

The same want/have/compare as the fabric-scoped modules (``_resource_state``); fabrics have no
bulk API, so each is written on its own, and a failure stops the run reporting what was done.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._controller.client import Controller
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_model import DEFAULT_TEMPLATE, FabricModel
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.fabric_wire import TEMPLATES_PREFIX, FabricWire
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.run import Run
from ansible_collections.fabricops.dashboard.plugins.module_utils._resources.plan import plan


def run_fabrics(controller, params, check_mode=False, diff=False):
    """The task's result for ``params`` (config, state, deploy); ``controller`` as the other resource modules get it."""
    model = FabricModel()
    wire = FabricWire(model, controller, Controller(controller.session, prefix=TEMPLATES_PREFIX))
    return FabricRun(model, wire, controller, params, check_mode, diff).result()


class FabricRun(Run):

    @staticmethod
    def given(want):
        """What the task gives for a new fabric, and its template: what a create sends."""
        return dict(want, template=want.get('template') or DEFAULT_TEMPLATE)

    def run(self):
        state = self.params['state']
        wants = self.wants()
        if state == 'rendered':
            changes = plan(self.model, 'merged', wants, {})
            return {'changed': False, 'before': [], 'after': [self.model.for_output(change.after) for change in changes],
                    'rendered': [{'method': method, 'path': self.controller.prefix + path, 'body': body}
                                 for method, path, body in (self.wire.create_request(self.given(want)) for want in wants)]}
        have = self.wire.read()
        if state == 'gathered':
            return self.gathered(have)
        if state != 'deleted':
            # the template tells the defaults (of a new fabric, and for replaced)
            templates = {want.get('template') or have.get(want['name'], {}).get('template') or DEFAULT_TEMPLATE for want in wants}
            self.model.template_defaults = {template: self.wire.template_defaults(template) for template in sorted(templates)}
        changes, result = self.planned(state, wants, have)
        if self.check_mode or not result['changed']:
            return result
        done = []
        wanted = {want['name']: want for want in wants}
        try:
            for change in changes:
                if change.action == 'delete':
                    self.wire.delete(change.name)
                elif change.action == 'create':
                    self.wire.create(self.given(wanted[change.name]))
                elif change.action == 'update':
                    self.wire.update(change.after)
                if change.action:
                    done.append(change.name)
                if change.action in ('create', 'update') and self.params.get('deploy'):
                    self.wire.save_and_deploy(change.name)
        except ApiError as exc:
            left = [change.name for change in changes if change.action and change.name not in done]
            self.failed(result, '%s Done before it: %s. Not done: %s.' % (exc.message, ', '.join(done) or 'nothing', ', '.join(left)),
                        status=exc.status)
        return self.with_requests(result)
