# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the one adapter between Ansible tasks and the session class.

Every module of the collection runs through a subclass of ``DashboardAction`` on the Ansible
controller, in the worker process of the task: it validates the task's options with the
module's argument spec, finds the session (task option, then the session fact, then
credentials), shares it with the run's other workers through the token cache, calls one
operation of the session class and shapes its result. Every error of the session class becomes
a failed result here, in one place, with a message and never a traceback or a secret.
"""

from __future__ import annotations

from ansible import constants as C
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator
from ansible.module_utils.common.parameters import remove_values
from ansible.plugins.action import ActionBase
from ansible.utils.display import Display

from ansible_collections.fabricops.dashboard.plugins.module_utils._argspec import DEFAULT_FACT_NAME, timeout_problem
from ansible_collections.fabricops.dashboard.plugins.module_utils._errors import ApiError, DashboardError, NoSessionGiven
from ansible_collections.fabricops.dashboard.plugins.module_utils._session import DashboardSession
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._keeper import ensure_keeper, exchange_for
from ansible_collections.fabricops.dashboard.plugins.plugin_utils._token_cache import TokenCache

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
    _retry_host = None

    def run(self, tmp=None, task_vars=None):
        super().run(tmp, task_vars)
        task_vars = task_vars or {}
        self._retry_host = task_vars.get('inventory_hostname')
        problem = timeout_problem(self._task.args)
        if problem:
            return {'failed': True, 'msg': 'Invalid options for %s: %s' % (self._task.action, problem)}
        validation = self.validator().validate(plain(self._task.args))
        if validation.error_messages:
            return {'failed': True, 'msg': 'Invalid options for %s: %s' % (self._task.action, '; '.join(validation.error_messages))}
        params = validation.validated_parameters
        session = cache = None
        try:
            cache = TokenCache.for_this_run(C.DEFAULT_LOCAL_TMP)
            session = DashboardSession.from_options(params, session_fact=self.session_fact(params, task_vars), token_cache=cache)
            session.add_secrets(validation._no_log_values)  # pylint: disable=protected-access
            session.http.exchange = exchange_for(cache, session) or session.http.exchange
            session.http.on_retry = self.show_retry
            result = self.operate(session, params, task_vars)
        except ApiError as exc:
            result = {'failed': True, 'msg': exc.message, 'status': exc.status}
            if exc.body is not None and not (session and session.leaks_into(exc.body)):
                result['json'] = exc.body
        except NoSessionGiven as exc:
            result = self.without_session(params, exc)
        except DashboardError as exc:
            result = {'failed': True, 'msg': exc.message}
        except Exception as exc:  # pylint: disable=broad-exception-caught
            # A bug of ours must still not print a traceback that could carry a secret.
            text = '%s: %s' % (type(exc).__name__, exc)
            result = {'failed': True, 'msg': 'Unexpected error in %s (please report it): %s' % (
                self._task.action, session.scrub(text) if session else remove_values(text, validation._no_log_values))}
        if session is not None and session.http.last_attempts and not self.HIDES_RESULT:
            # Failed or not: "gave up after 4 tries" and "answered at once" read differently.
            result['request_attempts'] = session.http.last_attempts
        if session is not None and session.token and self.KEEPS_SESSION_ALIVE and not result.get('failed'):
            self.start_keeper(cache, session)
        if session is not None and not session.validate_certs:
            result.setdefault('warnings', []).append(
                'Certificate validation is off for %s: the session token can be intercepted. Set ca_path to the CA bundle '
                'of the dashboard instead.' % session.base_url)
        if self.HIDES_RESULT and not result.get('failed'):
            result['_ansible_no_log'] = True
        return result

    @classmethod
    def validator(cls):
        """The validator of this plugin's options, built once per process (the items of a loop share it)."""
        if cls.__dict__.get('_validator') is None:
            cls._validator = ArgumentSpecValidator(cls.ARGUMENT_SPEC)
        return cls._validator

    def show_retry(self, what):
        """A retry is shown from -v on: it can wait up to a minute, which must not look like a hang."""
        display.v('%s: %s' % (self._task.action, what), host=self._retry_host)

    @staticmethod
    def start_keeper(cache, session):
        """Best effort, after the task's work: a keeper that cannot start must not fail a task whose request landed."""
        try:
            ensure_keeper(cache, session)
        except OSError:
            pass

    def session_fact(self, params, task_vars):
        """The session fact: the one the task's fact_name option names, else dashboard_session."""
        return task_vars.get(params.get('fact_name') or DEFAULT_FACT_NAME)

    def operate(self, session, params, task_vars):
        raise NotImplementedError

    def without_session(self, params, error):
        """The result when the task got neither a session nor an address (a failure, except where that is fine)."""
        return {'failed': True, 'msg': error.message}

    @staticmethod
    def session_result(session, params):
        """The result of a task that hands out the session: the session, and the fact unless turned off."""
        data = session.as_dict()
        result = {'changed': False, 'session': data}
        if params['set_fact']:
            result['ansible_facts'] = {params['fact_name']: data}
            if C.CACHE_PLUGIN not in MEMORY_FACT_CACHES:
                # The plugin's name only: its connection string may hold a password (redis).
                result['warnings'] = ['The fact cache plugin %s keeps facts between runs, so the session token in the fact %s will '
                                      'be written to its store. Use set_fact: false and register the result instead, or a memory '
                                      'fact cache.' % (C.CACHE_PLUGIN, params['fact_name'])]
        return result
