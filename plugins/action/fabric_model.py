# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Action plugin of fabricops.dashboard.fabric_model (see the module's documentation): offline, no session, no request."""

from __future__ import annotations

import json
import os

from ansible.plugins.action import ActionBase
from ansible.utils.display import Display

from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model import manage, remove, report
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.reader import merged
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.translate import mask, switch_addresses, translate
from ansible_collections.fabricops.dashboard.plugins.module_utils._fabric_model.validate import validate
from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.mapping import LEGACY_API, MANAGE_API
from ansible_collections.fabricops.dashboard.plugins.modules.fabric_model import ARGUMENT_SPEC

SHOWN_IN_MSG = 5
# the file names Ansible reads in a host_vars directory, as NaC reads the same directory
MODEL_FILE_ENDINGS = ('.yml', '.yaml', '.json')
display = Display()


class ActionModule(ActionBase):

    TRANSFERS_FILES = False
    _requires_connection = False

    def run(self, tmp=None, task_vars=None):
        super().run(tmp, task_vars)
        _validation, params = self.validate_argument_spec(argument_spec=ARGUMENT_SPEC)
        if params['stage'] == 'report':
            return self.write_report(params)
        if params['model_dir'] is None and params['model'] is None:
            return {'failed': True, 'changed': False, 'msg': 'give the fabric\'s vxlan model as model, or the directory of its '
                    'files (host_vars/<fabric>) as model_dir.'}
        if params['model_dir'] is not None and not os.path.isdir(params['model_dir']):
            return {'failed': True, 'changed': False, 'msg': 'model_dir %s is not a directory: give the directory of the fabric\'s '
                    'model files (host_vars/<fabric>).' % params['model_dir']}
        model = self.read_model_dir(params['model_dir']) if params['model_dir'] is not None else params['model']
        api = params['controller_api']
        problems = validate(model)
        if not problems and api == MANAGE_API:
            # what the modules' 4.2 mappings would refuse, by the model's keys that lead to it
            problems = manage.refusals(model, params['release'], params['stages'])
        if problems:
            return {'failed': True, 'changed': False, 'problems': problems, 'msg': summary(problems, api, params['release'])}
        resources = translate(model, api)
        switch_names = {address: name for name, address in switch_addresses(model).items()}
        if params['stage'] == 'unnamed':
            return self.unnamed(resources, switch_names, params)
        shown = mask(resources)
        counts = ', '.join('%d %s' % (len(configs), name) for name, configs in resources.items() if configs)
        msg = 'the vxlan model of fabric %s is valid: %s' % (resources['fabrics'][0]['name'], counts)
        if params['stage'] == 'validate':
            return {'changed': False, 'problems': [], 'resources': shown, 'msg': msg}
        # translate: the resources as the modules take them, secrets included, for the role's next tasks
        secret_resources = [name for name in resources if shown[name] != resources[name]]
        result = {'changed': False, 'problems': [], 'resources': resources, 'secret_resources': secret_resources,
                  'switch_names': switch_names, 'msg': msg}
        if secret_resources:
            # Ansible shows a result whole or censored, and the role's tasks need the secrets: censored, its message said here.
            result['_ansible_no_log'] = True
            display.display('%s | %s: %s (the result is hidden: the %s hold secrets)' % (
                (task_vars or {}).get('inventory_hostname'), self._task.action, msg, ', '.join(secret_resources)))
        return result

    @staticmethod
    def unnamed(resources, switch_names, params):
        """The policies and links of the gathered ``results`` the model no longer names, per ``delete_modes``."""
        gathered = {entry.get('resource'): (entry.get('result') or {}).get('gathered') or [] for entry in params['results']}
        found = remove.unnamed(resources, gathered, switch_names, params['delete_modes'])
        return dict(found, changed=False, msg='fabric %s: %d policies and %d links the model no longer names' % (
            resources['fabrics'][0]['name'], len(found['policies']), len(found['links'])))

    def read_model_dir(self, directory):
        """The ``vxlan`` of every model file of ``directory`` merged, as NaC reads a fabric's host_vars (vault files
        decrypted by Ansible's loader)."""
        names = sorted(name for name in os.listdir(directory) if name.endswith(MODEL_FILE_ENDINGS) and not name.startswith('.'))
        documents = [self._loader.load_from_file(os.path.join(directory, name)) or {} for name in names]
        return merged(document.get('vxlan') or {} for document in documents if isinstance(document, dict)) or None

    def write_report(self, params):
        missing = [name for name in ('fabric', 'report_dir') if not params[name]]
        if missing:
            return {'failed': True, 'changed': False, 'msg': 'stage report needs %s.' % ' and '.join(missing)}
        built = report.build(params['fabric'], params['report_name'], self._task.check_mode, params['results'],
                             params['switch_names'])
        os.makedirs(params['report_dir'], exist_ok=True)
        base = os.path.join(params['report_dir'], '%s-%s' % (params['fabric'], params['report_name']))
        with open(base + '.json', 'w', encoding='utf-8') as handle:
            json.dump(built, handle, indent=2, sort_keys=True)
        with open(base + '.md', 'w', encoding='utf-8') as handle:
            handle.write(report.markdown(built))
        totals = built['summary']
        return {'changed': False, 'report': built, 'report_files': [base + '.json', base + '.md'],
                'msg': 'fabric %s, %s: %d added, %d changed, %d removed (%s.json and .md)' % (
                    params['fabric'], params['report_name'], totals['added'], totals['changed'], totals['removed'], base)}


def summary(problems, api=LEGACY_API, release=None):
    """One line a person reads first: how many problems, the first few by path (every one is in ``problems``)."""
    shown = '; '.join('%s: %s' % (problem['path'], problem['msg']) for problem in problems[:SHOWN_IN_MSG])
    more = ' ... and %d more' % (len(problems) - SHOWN_IN_MSG) if len(problems) > SHOWN_IN_MSG else ''
    # on manage the release was read (and the run logged in) to know the API: nothing was written
    where = ' on %s, nothing was written' % manage.on(release) if api == MANAGE_API else ', nothing was sent'
    return ('the vxlan model has %d problem%s%s (every one is listed in problems): %s%s'
            % (len(problems), '' if len(problems) == 1 else 's', where, shown, more))
