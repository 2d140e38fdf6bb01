# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the connection options, declared once.

Every module merges these into its own options with ``argument_spec(**own_options)``; the doc
fragment ``fabricops.dashboard.connection`` documents the same keys, and ``ansible-test sanity``
(validate-modules) checks the two agree.
"""

from __future__ import annotations

import copy
import os

from ansible.module_utils.errors import AnsibleFallbackNotFound


def env_fallback(*names):
    """The first of these environment variables that is set and not empty.

    Unlike Ansible's own env_fallback, an empty variable counts as unset: a credential injector
    that writes DASHBOARD_TIMEOUT="" means "no value", not "an invalid number".
    """
    for name in names:
        if os.environ.get(name):
            return os.environ[name]
    raise AnsibleFallbackNotFound


DEFAULT_DOMAIN = 'DefaultAuth'
DEFAULT_TIMEOUT = 30
DEFAULT_SESSION_TIMEOUT = 1200
DEFAULT_FACT_NAME = 'dashboard_session'

# The session as dashboard_login returns it and as every task accepts it back. Its keys are
# the connection options' names, so the same dictionary can also feed module_defaults.
SESSION_OPTIONS = {
    'host': {'type': 'str', 'required': True},
    'nodes': {'type': 'list', 'elements': 'str'},
    'auth': {'type': 'str', 'choices': ['password', 'api_key']},
    'domain': {'type': 'str'},
    'username': {'type': 'str'},
    'usertype': {'type': 'str'},
    'token': {'type': 'str', 'no_log': True},
    'compat_token': {'type': 'str', 'no_log': True},
    'rbac': {'type': 'list', 'elements': 'dict'},
    'received_at': {'type': 'float'},
    'lifetime': {'type': 'int'},
    'expires_at': {'type': 'str'},
    'expires_in': {'type': 'int'},
    'validate_certs': {'type': 'bool'},
    'ca_path': {'type': 'path'},
    'timeout': {'type': 'int'},
}

# validate_certs and timeout have no default here: a value the task leaves out comes from the
# session it reuses, and only then from the session class's defaults (true, 30 s).
CONNECTION_OPTIONS = {
    # raw: one address, a comma-separated list of a cluster's nodes, or a YAML list of them;
    # node_list() checks it, so that the message can say what a cluster's list looks like.
    'host': {'type': 'raw', 'fallback': (env_fallback, ['DASHBOARD_HOST'])},
    'username': {'type': 'str', 'fallback': (env_fallback, ['DASHBOARD_USERNAME'])},
    'password': {'type': 'str', 'no_log': True, 'fallback': (env_fallback, ['DASHBOARD_PASSWORD'])},
    'api_key': {'type': 'str', 'no_log': True, 'fallback': (env_fallback, ['DASHBOARD_API_KEY'])},
    'domain': {'type': 'str', 'fallback': (env_fallback, ['DASHBOARD_DOMAIN'])},
    'validate_certs': {'type': 'bool', 'fallback': (env_fallback, ['DASHBOARD_VALIDATE_CERTS'])},
    'ca_path': {'type': 'path', 'fallback': (env_fallback, ['DASHBOARD_CA_PATH'])},
    'timeout': {'type': 'int', 'fallback': (env_fallback, ['DASHBOARD_TIMEOUT'])},
    'session_timeout': {'type': 'int', 'default': DEFAULT_SESSION_TIMEOUT},
}

# How a task reuses an existing session instead of logging in (doc fragment ``session``).
SESSION_REUSE_OPTIONS = {
    'session': {'type': 'dict', 'options': SESSION_OPTIONS},
    'token': {'type': 'str', 'no_log': True, 'fallback': (env_fallback, ['DASHBOARD_TOKEN'])},
}


# The fact that holds the session, for the modules that set or read it.
FACT_OPTIONS = {
    'fact_name': {'type': 'str', 'default': DEFAULT_FACT_NAME},
    'set_fact': {'type': 'bool', 'default': True},
}


def node_list(host):
    """The addresses ``host`` names, as a list: one address, a comma-separated string or a list of strings.

    Raises ValueError with a message for the user when it is none of these. The addresses
    themselves are checked later, one by one, by ``_transport.normalize_base_url``.
    """
    if isinstance(host, str):
        nodes = [part.strip() for part in host.split(',')]
    elif isinstance(host, (list, tuple)) and all(isinstance(item, str) for item in host):
        nodes = [item.strip() for item in host]
    else:
        raise ValueError('host is a %s; give the dashboard address as a string (https://HOST[:PORT]), or the nodes of a cluster '
                         'as a list of such strings or as one comma-separated string.' % type(host).__name__)
    if not nodes or not all(nodes):
        raise ValueError('host holds an empty address (an empty list, an empty item or a stray comma); give one address per '
                         'node of the cluster, for example "https://node1.example.com,https://node2.example.com".')
    return nodes


def timeout_problem(args, environ=None):
    """A message when the timeout a task gets (option, or DASHBOARD_TIMEOUT) is not a positive number; else None.

    Checked before the options are validated, so the message can name the environment variable
    the value came from instead of a type error about an option the task never set.
    """
    environ = os.environ if environ is None else environ
    if args.get('timeout') is not None:
        value, source = args['timeout'], 'The timeout option'
    elif environ.get('DASHBOARD_TIMEOUT'):
        value, source = environ['DASHBOARD_TIMEOUT'], 'The environment variable DASHBOARD_TIMEOUT'
    else:
        return None
    try:
        seconds = float(str(value).strip()) if not isinstance(value, bool) else 0
    except ValueError:
        seconds = 0
    if seconds > 0 and seconds == int(seconds):
        return None
    shown = str(value) if len(str(value)) <= 40 else str(value)[:40] + '...'
    return ('%s is %r: give a whole number of seconds greater than 0, for example 30 (it bounds each connection and '
            'each answer; 30 when not set).' % (source, shown))


def argument_spec(reuse_session=True, **own_options):
    """The connection options (and the session-reuse ones) merged with a module's own options."""
    spec = copy.deepcopy(CONNECTION_OPTIONS)
    if reuse_session:
        spec.update(copy.deepcopy(SESSION_REUSE_OPTIONS))
    spec.update(copy.deepcopy(own_options))
    return spec
