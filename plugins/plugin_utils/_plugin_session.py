# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the run's session for the front ends that are not tasks.

Lookups run in the worker of the task that templates them; the inventory plugin runs in the
main ``ansible-playbook`` (or ``ansible-inventory``) process before any worker is forked. Both
take their options through the same argument spec as the modules (so the same environment
variables apply), find the session fact the same way a task does, and go through the run's
token cache: a session that a task, the inventory or another lookup of this run already holds
is adopted instead of logging in again.
"""

from __future__ import annotations

from ansible import constants as C
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.fabricops.dashboard.plugins.module_utils._argspec import DEFAULT_FACT_NAME, argument_spec
from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import ConfigurationError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper import exchange_for
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache

CONNECTION_SPEC = argument_spec()


def find_session_fact(variables, fact_name=DEFAULT_FACT_NAME):
    """The session fact among a host's variables: the top-level variable, or under ansible_facts.

    With INJECT_FACTS_AS_VARS off, facts are only reachable under ``ansible_facts``.
    """
    if not variables:
        return None
    fact = variables.get(fact_name)
    if isinstance(fact, dict):
        return fact
    facts = variables.get('ansible_facts')
    if isinstance(facts, dict) and isinstance(facts.get(fact_name), dict):
        return facts[fact_name]
    return None


def validated_options(options, plugin_name):
    """The connection options given to a plugin, with the modules' environment fallbacks and types."""
    given = {name: value for name, value in options.items() if name in CONNECTION_SPEC and value is not None}
    result = ArgumentSpecValidator(CONNECTION_SPEC).validate(given)
    if result.error_messages:
        raise ConfigurationError('Invalid options for %s: %s' % (plugin_name, '; '.join(result.error_messages)))
    return result.validated_parameters


def session_for(options, plugin_name, variables=None, fact_name=DEFAULT_FACT_NAME):
    """The run's session for these options; logs in only when the run holds none for the account."""
    params = validated_options(options, plugin_name)
    cache = TokenCache.for_this_run(C.DEFAULT_LOCAL_TMP)
    session = DashboardSession.from_options(params, session_fact=find_session_fact(variables, fact_name), token_cache=cache)
    session.http.exchange = exchange_for(cache, session) or session.http.exchange
    return session
