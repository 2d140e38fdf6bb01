# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the run's session, for every front end on the control node.

Action plugins (every module), lookups and the inventory plugin open their session here, so they
find it the same way: the ``session`` option, else the session fact (a variable, or under
``ansible_facts``; a reference in it resolved through the run's token cache), else credentials.
Through the run's token cache a session that a task, the inventory or a lookup of this run
already holds is adopted instead of logging in again: lookups run in the worker of the task that
templates them, the inventory plugin in the main ``ansible-playbook`` process before any worker
is forked, and both share the run's ``DEFAULT_LOCAL_TMP`` with the workers.
"""

from __future__ import annotations

import contextlib
import difflib
import multiprocessing
import os

from ansible import constants as C
from ansible.errors import AnsibleLookupError
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator
from ansible.module_utils.errors import UnsupportedError
from ansible.utils.display import Display

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.options import (
    DEFAULT_FACT_NAME, argument_spec, loose_value_problems, session_option_problem, timeout_problem)
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError, DashboardError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import ensure_keeper, exchange_for
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache, UnsafeDirectory, find_session_fact

_CONNECTION_SPEC = argument_spec()
_CONNECTION_VALIDATOR = ArgumentSpecValidator(_CONNECTION_SPEC)


def open_session(params, variables=None, fact_name=None, secrets=(), configured_in=None):
    """(session, token cache) for validated options and the variables of the host at hand."""
    try:
        cache = TokenCache.for_this_run(C.DEFAULT_LOCAL_TMP)
    except UnsafeDirectory as exc:
        Display().warning(exc.message)
        cache = None
    fact_name = fact_name or DEFAULT_FACT_NAME
    may_login = bool(params.get('password') or params.get('api_key'))
    if params.get('session') and cache is not None:
        params = dict(params, session=cache.resolve_session(params['session'], 'The session option', may_login))
    fact = None if params.get('token') else find_session_fact(variables, fact_name)
    if fact and cache is not None:
        fact = cache.resolve_session(fact, 'The fact %s' % fact_name, may_login)
    session = DashboardSession.from_options(params, session_fact=fact, token_cache=cache, configured_in=configured_in)
    session.add_secrets(secrets)
    exchange = exchange_for(cache, session) if cache is not None else None
    if exchange is not None:
        session.route_through(exchange)
    return session, cache


def plugin_session(options, plugin_name, variables=None, fact_name=None):
    """(session, token cache) of the run for the connection options of a lookup or inventory plugin.

    The options go through the modules' argument spec, so the same environment variables and
    checks apply (DASHBOARD_HOST, DASHBOARD_TIMEOUT, ...).
    """
    given = {name: value for name, value in options.items() if name in _CONNECTION_SPEC and value is not None}
    params, no_log_values = validated(_CONNECTION_VALIDATOR, given, plugin_name)
    session, cache = open_session(params, variables, fact_name, secrets=no_log_values, configured_in='the options of %s' % plugin_name)
    if cache is not None:
        # A session a lookup or the inventory opens for the run is the run's keeper's to end when the run is over: else a
        # run whose only call was a lookup left it live on the dashboard.
        session.on_opened = lambda: _keep_for_the_run(cache, session)
    return session, cache


def _keep_for_the_run(cache, session):
    """Best effort: a keeper that cannot start must not fail the lookup."""
    with contextlib.suppress(OSError):
        # The inventory runs in the run's main process, a lookup mostly in a task's worker, forked from it.
        ensure_keeper(cache, session, owner=os.getpid() if multiprocessing.parent_process() is None else os.getppid())


def validated(validator, args, who):
    """(validated options, their no-log values) for the options of a task or plugin; ConfigurationError when invalid.

    The timeout is checked first, so the message can name the environment variable it came from.
    """
    problem = timeout_problem(args)
    if problem:
        raise ConfigurationError('Invalid options for %s: %s' % (who, problem))
    problems = loose_value_problems(validator.argument_spec, args)
    if problems:
        raise ConfigurationError('Invalid options for %s: %s. Nothing was sent.' % (who, '; '.join(problems)))
    validation = validator.validate(args)
    if validation.error_messages:
        raise ConfigurationError('Invalid options for %s: %s' % (who, '; '.join(_error_messages(validator, validation, args))))
    problem = session_option_problem(validation.validated_parameters)
    if problem:
        raise ConfigurationError('Invalid options for %s: %s' % (who, problem))
    return validation.validated_parameters, validation._no_log_values  # pylint: disable=protected-access


def _error_messages(validator, validation, args):
    """The validator's messages, a mistyped option first and on its own: Ansible's own message for it starts with the option's
    name alone, and joined after a missing one ('missing required arguments: path; pth. Supported ...') it reads as required.

    A mistyped suboption (``config[0].vlanid``) is named where it is, with the closest suboption of that place: the
    validator names only the top option it is under."""
    messages = []
    top_level = sorted(validator.argument_spec)
    unsupported = sorted(validation.unsupported_parameters, key=lambda name: (name,) if isinstance(name, str) else tuple(name))
    for name in unsupported:
        path = (name,) if isinstance(name, str) else tuple(name)
        supported = _suboptions(validator.argument_spec, path[:-1]) if len(path) > 1 else top_level
        close = difflib.get_close_matches(path[-1], supported, n=1)
        places = _places(args, path) or ['.'.join(path)]
        for place in places:
            message = 'unsupported parameter %s%s' % (place, ' (did you mean %s?)' % close[0] if close else '')
            if len(path) > 1:
                message += '; the options of %s are %s' % ('.'.join(path[:-1]), ', '.join(supported))
            messages.append(message)
    if any(isinstance(name, str) for name in validation.unsupported_parameters):
        messages.append('the options are %s' % ', '.join(top_level))
    messages.extend(error.msg for error in validation.errors if not isinstance(error, UnsupportedError))
    return messages


def _suboptions(spec, parents):
    """The names (aliases included) of the suboptions under ``parents`` (option names, outermost first) in ``spec``."""
    for parent in parents:
        spec = (spec.get(parent) or {}).get('options') or {}
    names = set(spec)
    for option in spec.values():
        names.update(option.get('aliases') or ())
    return sorted(names)


def _places(value, path, prefix=''):
    """Where the key ``path[-1]`` is given under the options ``path[:-1]`` of ``value`` (the task's arguments), as
    ``config[0].attach[1].port``: the validator names the options it is under, not the list items."""
    key, rest = path[0], path[1:]
    if not isinstance(value, dict) or key not in value:
        return []
    here = prefix + key
    if not rest:
        return [here]
    inner = value[key]
    if isinstance(inner, dict):
        return _places(inner, rest, here + '.')
    if isinstance(inner, list):
        return [place for index, item in enumerate(inner) for place in _places(item, rest, '%s[%d].' % (here, index))]
    return []


@contextlib.contextmanager
def lookup_errors(name):
    """Every error of the session as the AnsibleLookupError of the lookup ``name``: a message, never a traceback."""
    try:
        yield
    except DashboardError as exc:
        raise AnsibleLookupError('%s: %s' % (name, exc.message)) from None
