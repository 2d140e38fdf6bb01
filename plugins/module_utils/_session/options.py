# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: everything the user gives, checked once.

The options every module, lookup and the inventory plugin take (their argument spec and
environment fallbacks), the dashboard's address as nodes, whether a session dict belongs to the
dashboard and account the options name, and the one rule for the timeout.

Every module merges the connection options into its own with ``argument_spec(**own_options)``; the
doc fragment ``fabricops.dashboard.connection`` documents the same keys, and ``ansible-test sanity``
(validate-modules) checks the two agree.
"""

from __future__ import annotations

import copy
import math
import os
import re
from urllib.parse import urlsplit

from ansible.module_utils.errors import AnsibleFallbackNotFound

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError, NoSessionGiven, bounded


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
# What a fact's name may be: the name a template uses for it.
_VARIABLE_NAME = re.compile(r'[A-Za-z_][A-Za-z0-9_]*\Z')
# A space or a control character (a line break, say) has no place in an address.
_CONTROL_OR_SPACE = re.compile(r'[\s\x00-\x1f\x7f]')
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
    'keep_session': {'type': 'bool', 'default': False, 'fallback': (env_fallback, ['DASHBOARD_KEEP_SESSION'])},
}
# Which API of the fabric controller a resource module speaks (module_utils/_resources/resource.py): the legacy
# lan-fabric/rest API every release serves up to 4.1, or the /api/v1/manage API of 4.2 and later; auto chooses by the
# release the session learned. Beside the connection options, but only the resource modules take it (doc fragment
# ``gathered_query``, which exactly they include): the other modules address the dashboard by path.
CONTROLLER_APIS = ('auto', 'legacy', 'manage')
CONTROLLER_API_ENV = 'DASHBOARD_CONTROLLER_API'
CONTROLLER_API_OPTIONS = {
    'controller_api': {'type': 'str', 'default': 'auto', 'choices': list(CONTROLLER_APIS),
                       'fallback': (env_fallback, [CONTROLLER_API_ENV])},
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
    themselves are checked later, one by one, by ``normalize_base_url``.
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


def session_option_problem(params):
    """A message when ``session_timeout`` or ``fact_name`` (validated options) cannot be what they are for; else None."""
    lifetime = params.get('session_timeout')
    if lifetime is not None and lifetime < 1:
        return ("session_timeout is %s: give the session's lifetime in seconds, 1 or more (%d when not set), as the dashboard's "
                "administrator set it." % (lifetime, DEFAULT_SESSION_TIMEOUT))
    name = params.get('fact_name')
    if name is not None and not _VARIABLE_NAME.match(name):
        return ('fact_name is %r, which is not a variable name: use letters, digits and underscores, not starting with a digit '
                '(%s when not set).' % (bounded(name, 80), DEFAULT_FACT_NAME))
    return None


# Option types whose values Ansible's checks convert without a word: a dict or list into its Python text for a string, a
# boolean into 1 or 0 for a number. Ours refuse them instead (see ``loose_value_problems``).
_TEXT_TYPES = frozenset(('str', 'path'))
_NUMBER_TYPES = frozenset(('int', 'float'))


def _loose_value(kind, value):
    """What ``value`` is, when the option type ``kind`` would take it only by turning it into something else; else None."""
    if kind in _TEXT_TYPES and isinstance(value, (dict, list, tuple)):
        return 'a dict' if isinstance(value, dict) else 'a list', 'a string'
    if kind in _NUMBER_TYPES and isinstance(value, bool):
        return 'a boolean', 'a whole number' if kind == 'int' else 'a number'
    return None


def loose_value_problems(spec, args, prefix=''):
    """Messages for the values of ``args`` (a task's arguments, unvalidated) that ``spec`` would silently convert.

    Each names the option where it is given (``config[0].attach[0].switch``) and never shows the value: it may be a password.
    """
    if not isinstance(args, dict):
        return []
    options = {}
    for name, option in spec.items():
        options[name] = option
        options.update((alias, option) for alias in option.get('aliases') or ())
    problems = []
    for key, value in args.items():
        option = options.get(key)
        if option is None or value is None:
            continue
        place = prefix + str(key)
        kind = option.get('type', 'str')
        loose = _loose_value(kind, value)
        if loose:
            problems.append('%s is %s; give %s (it is not turned into one)' % ((place,) + loose))
        elif kind == 'list' and isinstance(value, list):
            for index, item in enumerate(value):
                where = '%s[%d]' % (place, index)
                loose = _loose_value(option.get('elements'), item)
                if loose:
                    problems.append('%s is %s; give %s (it is not turned into one)' % ((where,) + loose))
                elif option.get('options'):
                    problems.extend(loose_value_problems(option['options'], item, where + '.'))
        elif kind == 'dict' and option.get('options'):
            problems.extend(loose_value_problems(option['options'], value, place + '.'))
    return problems


# A path segment that is "." or "..", written plainly or percent-encoded (at any depth: %252e is %2e once decoded).
_DOT_SEGMENT = re.compile(r'(?:^|/)(?:\.|%(?:25)*2e){1,2}(?:/|$)', re.I)


def dot_segment_problem(path, option=None):
    """A message when ``path`` (before its query) holds a "." or ".." segment, which a client or the server resolves to
    another path than the one written; else None. ``option``: the option the path was given as, for the message."""
    if not isinstance(path, str) or not _DOT_SEGMENT.search(path.split('?', 1)[0]):
        return None
    return ('%s %s holds a "." or ".." segment, which would address another path than the one written; give the path '
            'without it. Nothing was sent.' % (option or 'The path', bounded(path, 200)))


def timeout_seconds(value):
    """The timeout as whole seconds, None when ``value`` is not a whole number greater than 0.

    The one rule, for a task's option, DASHBOARD_TIMEOUT and the session class alike.
    """
    if isinstance(value, bool):
        return None
    try:
        seconds = float(str(value).strip())
    except ValueError:
        return None
    if not math.isfinite(seconds) or seconds <= 0 or seconds != int(seconds):
        return None
    return int(seconds)


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
    if timeout_seconds(value) is not None:
        return None
    shown = str(value) if len(str(value)) <= 40 else str(value)[:40] + '...'
    return ('%s is %r: give a whole number of seconds greater than 0, for example 30 (it bounds each connection and '
            'each answer; 30 when not set).' % (source, shown))


def controller_api_problem(args, environ=None):
    """A message when the controller_api a task gets (option, or DASHBOARD_CONTROLLER_API) is not one of CONTROLLER_APIS; else None.

    Checked before the options are validated, so the message can name the environment variable the value came from.
    """
    environ = os.environ if environ is None else environ
    if args.get('controller_api') is not None:
        value, source = args['controller_api'], 'The controller_api option'
    elif environ.get(CONTROLLER_API_ENV):
        value, source = environ[CONTROLLER_API_ENV], 'The environment variable %s' % CONTROLLER_API_ENV
    else:
        return None
    if value in CONTROLLER_APIS:
        return None
    return ('%s is %r: give auto (the /api/v1/manage API from release 4.2 on, else the legacy one; the default), legacy '
            '(lan-fabric/rest, which releases up to 4.1 serve and 4.2 may still serve) or manage (/api/v1/manage, 4.2 and '
            'later).' % (source, bounded(str(value), 40)))


def checked_timeout(value):
    """The timeout in seconds; the default when not given, a clear error when it breaks the rule of ``timeout_seconds``."""
    if value is None:
        return DEFAULT_TIMEOUT
    seconds = timeout_seconds(value)
    if seconds is None:
        raise ConfigurationError('timeout is %s; give it as a number of seconds greater than 0, a whole one (for example 30). It '
                                 'bounds each connection and each answer.' % bounded(repr(value), 40))
    return seconds


def argument_spec(reuse_session=True, **own_options):
    """The connection options (and the session-reuse ones) merged with a module's own options."""
    spec = copy.deepcopy(CONNECTION_OPTIONS)
    if reuse_session:
        spec.update(copy.deepcopy(SESSION_REUSE_OPTIONS))
    spec.update(copy.deepcopy(own_options))
    return spec


def normalize_base_url(host):
    """``https://host[:port][/prefix]`` from what the user gave; plain HTTP is refused."""
    if not host or not str(host).strip():
        raise ConfigurationError('No dashboard given: set the host option (or DASHBOARD_HOST) to the dashboard address, '
                                 'for example https://dashboard.example.com.')
    host = str(host).strip()
    if _CONTROL_OR_SPACE.search(host):
        # Shown as Python writes it: a line break printed as is would cut the message in two.
        raise ConfigurationError('The dashboard address %r holds a space, a line break or another control character; give it as '
                                 'https://HOST[:PORT][/PREFIX], for example https://dashboard.example.com.' % bounded(host, 200))
    if '://' not in host:
        host = 'https://' + host
    parts = urlsplit(host)
    if '@' in parts.netloc:
        # Said without repeating the address: what precedes the @ is a password.
        raise ConfigurationError('The dashboard address (host option or DASHBOARD_HOST) carries a user name or password before '
                                 'an @. Give the address alone, as https://HOST[:PORT][/PREFIX], and the credentials with the '
                                 'username and password options (or DASHBOARD_USERNAME/DASHBOARD_PASSWORD).')
    if parts.scheme.lower() != 'https':
        raise ConfigurationError('The dashboard address %s uses %s; the dashboard is served over HTTPS only. '
                                 'Use https://%s instead.' % (host, parts.scheme, parts.netloc or '<host>'))
    if not parts.hostname:
        raise ConfigurationError('The dashboard address %s has no host name; give it as https://HOST[:PORT][/PREFIX].' % host)
    try:
        parts.port  # pylint: disable=pointless-statement
    except ValueError:
        raise ConfigurationError('The dashboard address %s has an invalid port; give it as https://HOST[:PORT][/PREFIX].' % host) from None
    if parts.query or parts.fragment:
        raise ConfigurationError('The dashboard address %s must not carry a query or fragment.' % host)
    return 'https://%s%s' % (parts.netloc, parts.path.rstrip('/'))


class Nodes(tuple):
    """The base URLs of a dashboard's nodes, normalised (see ``normalize_nodes``), which takes them back as they are.

    The address is normalised once per session: where the options are weighed against a session
    dict, and the session and its client take the result without doing it again.
    """


def normalize_nodes(host):
    """The base URLs of the nodes ``host`` names (one address, a comma-separated string or a list), in order, once each."""
    if isinstance(host, Nodes):
        return host
    if not host or isinstance(host, str) and not host.strip():
        normalize_base_url(host)  # says that no dashboard was given
    try:
        given = node_list(host)
    except ValueError as exc:
        raise ConfigurationError(str(exc)) from None
    nodes = []
    for address in given:
        base_url = normalize_base_url(address)
        if base_url not in nodes:
            nodes.append(base_url)
    return Nodes(nodes)


def _nodes_or_none(host):
    """``host`` normalised, None when it is not a valid address: the session says what is wrong with it, once it is built."""
    try:
        return normalize_nodes(host)
    except ConfigurationError:
        return None


def same_target(options, session, nodes=None):
    """Whether a session dict belongs to the dashboard and account the options name.

    ``nodes``: the options' host as ``normalize_nodes`` gave it, when the caller has it already.
    """
    if options.get('host'):
        nodes = nodes or _nodes_or_none(options['host'])
        if nodes is None or nodes != _nodes_or_none(session.get('nodes') or session.get('host')):
            return False
    if options.get('username') and session.get('username') and options['username'] != session['username']:
        return False
    if options.get('domain') and session.get('domain') and options['domain'] != session['domain']:
        return False
    return True


def session_arguments(options, session_fact=None, configured_in=None):
    """The arguments of a DashboardSession from validated options, a ``session`` dict and the session fact.

    The ``session`` option wins over the fact; either one applies only to the dashboard
    and account the other options name (if they name one). Options given on the task
    (or by module_defaults, or the environment) win over what the session dict carries.
    ``configured_in``: where the user sets the options, for the messages (a lookup reads no module_defaults).
    """
    options = dict(options)
    given = options.get('session') or None
    if not given and not options.get('token') and isinstance(session_fact, dict) and (
            session_fact.get('token') or session_fact.get('auth') == 'api_key'):
        given = session_fact
    nodes = _nodes_or_none(options['host']) if options.get('host') else None
    if given and not same_target(options, given, nodes):
        if options.get('session'):
            raise ConfigurationError('The session given is for %s as %s, but the task names %s as %s; drop one of them.' % (
                given.get('host'), given.get('username'), options.get('host'), options.get('username')))
        given = None
    given = given or {}

    def pick(name, default=None):
        value = options.get(name)
        return value if value is not None else given.get(name, default)

    host = nodes or options.get('host') or given.get('nodes') or given.get('host')
    if not host:
        raise NoSessionGiven('No dashboard session and no dashboard address: run fabricops.dashboard.dashboard_login first, '
                             'or set host, username and password (%s, or DASHBOARD_HOST/DASHBOARD_USERNAME/DASHBOARD_PASSWORD).'
                             % (configured_in or 'task options, module_defaults for group/fabricops.dashboard.dashboard'))
    use_given_token = not options.get('token')
    # The task's own key wins; a key session handed back (auth api_key, never the key itself)
    # stays one unless the task logs in its own way.
    given_auth = given.get('auth') if use_given_token and not options.get('password') else None
    return dict(host=host, api_key=options.get('api_key'), auth=given_auth,
                username=pick('username'), password=options.get('password'), domain=pick('domain'),
                token=options.get('token') or given.get('token'), compat_token=given.get('compat_token') if use_given_token else None,
                validate_certs=pick('validate_certs'), ca_path=pick('ca_path'), timeout=pick('timeout'),
                session_timeout=options.get('session_timeout'), keep_session=options.get('keep_session'),
                received_at=given.get('received_at') if use_given_token else None,
                lifetime=given.get('lifetime') if use_given_token else None,
                usertype=given.get('usertype'), rbac=given.get('rbac'))
