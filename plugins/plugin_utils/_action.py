# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the one adapter between Ansible tasks and the session class.

Every module of the collection runs through a subclass of ``DashboardAction`` on the Ansible
controller, in the worker process of the task: it validates the task's options with the
module's argument spec, finds the session (task option, then the session fact, as a variable or
under ``ansible_facts``, then credentials), shares it with the run's other workers through the token cache, calls one
operation of the session class and shapes its result. Every error of the session class becomes
a failed result here, in one place, with a message and never a traceback or a secret.

When the fact cache keeps facts between runs (jsonfile, redis, ...; ansible-runner and AWX with
fact storage use jsonfile), the session fact holds a reference to the run's token cache instead
of the token: what the cache stores is useless once the run is over, even when the play failed
before its logout, while the tasks of the run resolve it to the live token.
"""

from __future__ import annotations

from ansible import constants as C
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator
from ansible.module_utils.common.parameters import remove_values
from ansible.plugins.action import ActionBase
from ansible.utils.display import Display

from ansible_collections.fabricops.dashboard.plugins.module_utils._argspec import DEFAULT_FACT_NAME
from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import ApiError, ConfigurationError, DashboardError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper import ensure_keeper, exchange_for
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache, is_reference

MEMORY_FACT_CACHES = frozenset(('memory', 'ansible.builtin.memory'))


class _NothingToEnd(Exception):
    """A logout whose session fact refers to a session already ended (by another host's logout, say)."""


class DashboardAction(ActionBase):
    """Base of the collection's action plugins; subclasses set ARGUMENT_SPEC and implement ``operate``."""

    TRANSFERS_FILES = False
    _requires_connection = False
    _supports_check_mode = True
    ARGUMENT_SPEC = {}
    # dashboard_login and dashboard_refresh return the token: their displayed result is censored.
    HIDES_RESULT = False
    # Whether the run's session is kept alive between tasks after this one (see _keeper).
    KEEPS_SESSION_ALIVE = True
    # dashboard_logout: a session that is already over is nothing to end, not an error.
    ENDS_SESSION = False
    token_cache = None

    def run(self, tmp=None, task_vars=None):
        super().run(tmp, task_vars)
        task_vars = task_vars or {}
        validation = ArgumentSpecValidator(self.ARGUMENT_SPEC).validate(dict(self._task.args))
        if validation.error_messages:
            return {'failed': True, 'msg': 'Invalid options for %s: %s' % (self._task.action, '; '.join(validation.error_messages))}
        params = validation.validated_parameters
        session = cache = None
        try:
            cache = self.token_cache = TokenCache.for_this_run(C.DEFAULT_LOCAL_TMP)
            if params.get('session'):
                params = dict(params, session=self.resolve(params['session'], cache, 'The session option', params))
            session_fact = self.session_fact(params, task_vars)
            if session_fact and not params.get('token'):
                session_fact = self.resolve(session_fact, cache, 'The fact %s' % (params.get('fact_name') or DEFAULT_FACT_NAME), params)
            session = DashboardSession.from_options(params, session_fact=session_fact, token_cache=cache)
            session.http.exchange = exchange_for(cache, session) or session.http.exchange
            result = self.operate(session, params, task_vars)
        except _NothingToEnd:
            result = {'changed': False, 'msg': 'there was no live session to end'}
            if params.get('set_fact'):
                result['ansible_facts'] = {params['fact_name']: {}}
        except ApiError as exc:
            result = {'failed': True, 'msg': exc.message, 'status': exc.status}
            if exc.body is not None and not (session and session.leaks_into(exc.body)):
                result['json'] = exc.body
        except DashboardError as exc:
            result = {'failed': True, 'msg': exc.message}
        except Exception as exc:  # pylint: disable=broad-exception-caught
            # A bug of ours must still not print a traceback that could carry a secret.
            text = '%s: %s' % (type(exc).__name__, exc)
            result = {'failed': True, 'msg': 'Unexpected error in %s (please report it): %s' % (
                self._task.action, session.scrub(text) if session else remove_values(text, validation._no_log_values))}
        if session is not None and session.token and self.KEEPS_SESSION_ALIVE and not result.get('failed'):
            self.start_keeper(cache, session)
        if session is not None and not session.validate_certs:
            result.setdefault('warnings', []).append(
                'Certificate validation is off for %s: the session token can be intercepted. Set ca_path to the CA bundle '
                'of the dashboard instead.' % session.base_url)
        if self.HIDES_RESULT and not result.get('failed'):
            result['_ansible_no_log'] = True
        if result.get('_ansible_no_log') and result.get('warnings'):
            # ansible-core 2.16 to 2.18 drop the warnings of a censored result: say them here instead.
            for warning in result.pop('warnings'):
                Display().warning(warning)
        return result

    def resolve(self, session, cache, where, params):
        """A session dict whose token may be a reference (see _token_cache), with the live token in its place."""
        if not isinstance(session, dict) or not is_reference(session.get('token')):
            return session
        record = cache.resolve(session['token'])
        if record and record.get('token'):
            return dict(session, **{name: record.get(name) for name in ('token', 'compat_token', 'received_at', 'lifetime')})
        if self.ENDS_SESSION:
            raise _NothingToEnd()
        if not params.get('password'):
            raise ConfigurationError(
                '%s refers to the session of a run that is over, or that was logged out: a fact cache that keeps facts between '
                'runs holds such a reference instead of the token. Run fabricops.dashboard.dashboard_login earlier in this play, '
                'or give username and password.' % where)
        return dict(session, token=None, compat_token=None)

    @staticmethod
    def start_keeper(cache, session):
        """Best effort, after the task's work: a keeper that cannot start must not fail a task whose request landed."""
        try:
            ensure_keeper(cache, session)
        except OSError:
            pass

    def session_fact(self, params, task_vars):
        """The session fact (fact_name, else dashboard_session): a variable, or under ansible_facts.

        With INJECT_FACTS_AS_VARS off (its injected form is deprecated from ansible-core 2.20) the
        fact exists only under ansible_facts.
        """
        name = params.get('fact_name') or DEFAULT_FACT_NAME
        fact = task_vars.get(name)
        if not fact:
            facts = task_vars.get('ansible_facts')
            fact = facts.get(name) if isinstance(facts, dict) else None
        return fact

    def operate(self, session, params, task_vars):
        raise NotImplementedError

    def session_result(self, session, params):
        """The result of a task that hands out the session: the session, and the fact unless turned off.

        The registered result always holds the token (registered variables are never cached).
        The fact holds it only while facts stay in memory; otherwise a reference that this
        run's tasks resolve and that is worthless to whoever reads the fact cache afterwards.
        """
        data = session.as_dict()
        result = {'changed': False, 'session': data}
        if params['set_fact']:
            fact = data
            if C.CACHE_PLUGIN not in MEMORY_FACT_CACHES and session.token:
                fact = dict(data, token=self.token_cache.reference(session.cache_key()), compat_token=None)
            result['ansible_facts'] = {params['fact_name']: fact}
        return result
