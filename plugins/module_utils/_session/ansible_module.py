# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: what a module file does if it is ever run without its action plugin."""

from __future__ import annotations

from ansible.module_utils.basic import AnsibleModule


def run_module(spec):
    """Declare the module's options (validate-modules checks them against the docs) and explain.

    Every module of this collection is carried out by its action plugin on the control node,
    which is what makes one login per run possible. Ansible always prefers that action plugin;
    reaching this code means the module was copied out of the collection or called in a way
    that bypasses action plugins.
    """
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True)
    module.fail_json(msg='This module runs through the fabricops.dashboard action plugin of the same name on the Ansible control node. '
                         'Call it as a task with its fully qualified name (fabricops.dashboard.%s) from the collection as installed.'
                     % module._name.rsplit('.', 1)[-1])
