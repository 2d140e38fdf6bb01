# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the one adapter between Ansible tasks and the session class.

Every module of the collection runs through a subclass of ``DashboardAction`` on the Ansible
control node, in the worker process of the task: it validates the task's options with the
module's argument spec, finds the session (task option, then the session fact, as a variable or
under ``ansible_facts``, then credentials), shares it with the run's other workers through the
token cache, calls one operation of the session class and shapes its result. Every error of the
session class becomes a failed result here, in one place, with a message and never a traceback
or a secret.

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

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, ConfigurationError, DashboardError, NoSessionGiven
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper_client import ensure_keeper, tell_keeper
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._plugin_session import open_session, validated

MEMORY_FACT_CACHES = frozenset(('memory', 'ansible.builtin.memory'))
display = Display()


def plain(value):
    """``value`` with plain str, dict and list in place of Ansible's tagged ones.

    The validator deep-copies what it is given; copying Ansible's tagged strings goes through
    pickling hooks, a cost every task paid for nothing (the values are used, never templated again).
    """
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {plain(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def session_summary(session):
    """One line on a session as ``as_dict`` gives it: who, where, the privileges per domain and the expiry; never a token."""
    who = '%s (%s)' % (session.get('username'), ', '.join(
        part for part in (session.get('usertype'), session.get('domain') and 'login domain %s' % session['domain']) if part))
    if session.get('auth') == 'api_key':
        return ('API-key session of %s on %s; the key is sent with every request, so it has no expiry; its roles are unknown '
                '(the dashboard does not tell a key\'s roles).' % (who, session.get('host')))
    privileges = '; '.join('%s: %s' % (entry.get('domain'), ', '.join(entry.get('privileges') or []) or 'no privilege')
                           for entry in session.get('rbac') or []) or 'none'
    return ('session of %s on %s; privileges per security domain: %s; expires at %s (in %s s). The result is hidden because '
            'it holds the token; a registered result and the fact keep it.' % (
                who, session.get('host'), privileges, session.get('expires_at'), session.get('expires_in')))


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
    # Whether the task may take the session fact (dashboard_session) as its session.
    USES_SESSION_FACT = True
    _retry_host = None
    token_cache = None
    _validator = None  # each plugin's own, see __init_subclass__

    def run(self, tmp=None, task_vars=None):
        super().run(tmp, task_vars)
        task_vars = task_vars or {}
        self._retry_host = task_vars.get('inventory_hostname')
        try:
            params, no_log_values = validated(self._validator, plain(self._task.args), self._task.action)
        except ConfigurationError as exc:
            return {'failed': True, 'msg': exc.message}
        problems = self.params_problems(params)
        if problems:
            return {'failed': True, 'changed': False, 'msg': 'Invalid options for %s: %s Nothing was sent.' % (
                self._task.action, ' '.join(problems))}
        session = cache = None
        try:
            try:
                session, cache = open_session(params, task_vars if self.USES_SESSION_FACT else None, params.get('fact_name'),
                                              secrets=no_log_values)
            except NoSessionGiven as exc:
                # Inside the handlers below, not beside them: an error of rendered, say, must be caught as any other is.
                result = self.without_session(params, exc)
            else:
                self.token_cache = cache
                session.on_retry = self.show_retry
                result = self.operate(session, params, task_vars)
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
                self._task.action, session.scrub(text) if session else remove_values(text, no_log_values))}
        if session is not None and session.last_attempts and not self.HIDES_RESULT:
            # Failed or not: "gave up after 4 tries" and "answered at once" read differently.
            result['request_attempts'] = session.last_attempts
        if cache is not None and (session.token or session.uses_api_key) and (
                self.KEEPS_SESSION_ALIVE and not result.get('failed') or self.opened_for_the_run(session)):
            # A session this task opened for the run is the keeper's to end when the run is over, even when the task
            # failed: else a run none of whose tasks succeeded (a refusal, a missing fabric, an ad-hoc call) left it live.
            self.start_keeper(cache, session)
        if session is not None and not session.validate_certs:
            result.setdefault('warnings', []).append(
                'Certificate validation is off for %s: the session token can be intercepted. Set ca_path to the CA bundle '
                'of the dashboard instead.' % session.base_url)
        if self.HIDES_RESULT and not result.get('failed'):
            # Ansible shows a result whole or censored, and the registered result and the fact need the token: the
            # result is censored, and what a user looks for in it is shown here, without the token.
            result['_ansible_no_log'] = True
            if result.get('session'):
                display.display('%s | %s: %s' % (self._retry_host, self._task.action, session_summary(result['session'])))
        if result.get('_ansible_no_log') and result.get('warnings'):
            # ansible-core 2.16 to 2.18 drop the warnings of a censored result: say them here instead.
            for warning in result.pop('warnings'):
                display.warning(warning)
        return result

    def __init_subclass__(cls, **kwargs):
        """Build the plugin's validator, and run it once, when Ansible imports the plugin.

        Ansible imports an action plugin in its main process (the strategy looks at the class)
        and forks a new worker from it for every task. What is built here is built once per run
        and inherited by every worker, instead of being built in each of them; running the
        validator once also spares every worker the first, slowest run of its code.
        """
        super().__init_subclass__(**kwargs)
        cls._validator = ArgumentSpecValidator(cls.ARGUMENT_SPEC)
        cls._validator.validate({})  # reads nothing but the environment; the result is dropped

    def show_retry(self, what):
        """A retry is shown from -v on: it can wait up to a minute, which must not look like a hang."""
        display.v('%s: %s' % (self._task.action, what), host=self._retry_host)

    @staticmethod
    def opened_for_the_run(session):
        """Whether this task logged in for the run, and the session is still live and not handed to the user."""
        return bool(session.logins and session.token and not session.run_cache.handed)

    def start_keeper(self, cache, session):
        """Best effort, after the task's work: a keeper that cannot start must not fail a task whose request landed."""
        try:
            # A keeper that carried this task's request runs: its marker need not be read again.
            running = session.routed_through is not None and session.routed_through.answered
            if (running or not ensure_keeper(cache, session)) and self.opened_for_the_run(session):
                tell_keeper(cache, session.cache_key())  # a session this task opened for the run (see _keeper)
        except OSError:
            pass

    def params_problems(self, params):
        """What is wrong with the validated ``params`` beyond their argument spec, checked before any request: [] here."""
        return []

    def operate(self, session, params, task_vars):
        raise NotImplementedError

    def without_session(self, params, error):
        """The result when the task got neither a session nor an address (a failure, except where that is fine)."""
        return {'failed': True, 'msg': error.message}

    def session_result(self, session, params):
        """The result of a task that hands out the session: the session, and the fact unless turned off.

        The registered result always holds the token (registered variables are never cached).
        The fact holds it only while facts stay in memory; otherwise a reference that this
        run's tasks resolve and that is worthless to whoever reads the fact cache afterwards.
        """
        session.run_cache.hand_over()
        data = session.as_dict()
        result = {'changed': False, 'session': data}
        if params['set_fact']:
            fact = data
            if C.CACHE_PLUGIN not in MEMORY_FACT_CACHES and session.token:
                # Without a usable token cache (see _token_cache.UnsafeDirectory) there is nothing to refer to.
                reference = self.token_cache.reference(session.cache_key()) if self.token_cache is not None else None
                fact = dict(data, token=reference, compat_token=None)
            result['ansible_facts'] = {params['fact_name']: fact}
        return result
