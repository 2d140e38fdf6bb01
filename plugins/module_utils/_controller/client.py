# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the resource modules' one door to the session, and a request as data.

Everything the resource modules send goes through ``ControllerClient``, which calls
``session.request`` and nothing else of the session layer; re-pointing the modules at another
session API means changing this file only. A write is a ``Request`` (method, path, query, body)
that a resource's mapping builds; the client sends it, or, for ``rendered``, only shows it. The
client keeps the list of writes sent, so a result can say what changed even when a later request
failed, and so that no write is sent twice.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ApiError, ConfigurationError, DashboardError
from ansible_collections.fabricops.dashboard.plugins.module_utils._session.secrets import MASK, SECRET_FIELD

LAN_FABRIC = '/appcenter/cisco/ndfc/api/v1/lan-fabric/rest'
# What ``send`` answers for an optional request of an API the controller does not have.
NOT_OFFERED = object()
# The controller takes URLs up to 6144 characters; comma lists of names are cut well below that.
MAX_LIST_CHARACTERS = 4000


# The options whose values name what a path addresses (a fabric, an object, a template), wherever a resource has them; True:
# a "/" is refused too (no fabric or template name holds one; an interface's name does, and goes into no path).
PATH_NAME_OPTIONS = {'fabric': True, 'src_fabric': True, 'dst_fabric': True, 'template': True, 'name': False}


def name_problem(name, option=None, slash=False):
    """Why ``name`` cannot be one path segment the controller reads as that name ('', '.', '..', a "/" with ``slash``); else None.

    ``option``: where the name was given (``config[0].dst_fabric``), for the message.
    """
    text = str(name)
    if text.strip() and text not in ('.', '..') and not (slash and '/' in text):
        return None
    what = 'empty' if not text.strip() else '"%s"' % text if text in ('.', '..') else 'a name with a "/"'
    return ('%s is %s, which the controller cannot hold as a name: in a path it would address %s. Give the name itself.' % (
        option or 'a name', what, 'another object' if text.strip() else 'the collection'))


def path_name_problems(spec, params, prefix=''):
    """Messages for the validated ``params`` (of ``spec``) in PATH_NAME_OPTIONS that cannot be a path segment (see
    ``name_problem``), each naming the option where it is given: refused before any request."""
    problems = []
    for key, option in spec.items():
        value = params.get(key) if isinstance(params, dict) else None
        place = prefix + key
        if isinstance(value, str) and key in PATH_NAME_OPTIONS and option.get('type', 'str') == 'str':
            if value or key != 'template':  # an empty template is the resource's default, not a path
                problem = name_problem(value, place, slash=PATH_NAME_OPTIONS[key])
                if problem:
                    problems.append(problem)
        elif option.get('options') and isinstance(value, list):
            for index, item in enumerate(value):
                problems.extend(path_name_problems(option['options'], item, '%s[%d].' % (place, index)))
        elif option.get('options') and isinstance(value, dict):
            problems.extend(path_name_problems(option['options'], value, place + '.'))
    return problems


def segment(name, option=None):
    """A name as one path segment, whatever characters it holds; ConfigurationError for '', '.' or '..', which no
    percent-encoding keeps from addressing another path. ``option``: the option the name was given as, for the message."""
    problem = name_problem(name, option)
    if problem:
        raise ConfigurationError(problem + ' Nothing was sent for it.')
    return quote(str(name), safe='')


def name_batches(names, limit=MAX_LIST_CHARACTERS, most=None):
    """``names`` as comma-joined strings of at most ``limit`` characters (and ``most`` names) each."""
    batch, size = [], 0
    for name in names:
        if batch and (size + len(name) + 1 > limit or (most and len(batch) >= most)):
            yield ','.join(batch)
            batch, size = [], 0
        batch.append(name)
        size += len(name) + 1
    if batch:
        yield ','.join(batch)


class Request:
    """One write to the controller, as data: ``path`` under the client's prefix, ``query`` a dict, ``body`` JSON.

    ``partial``: an error answer that lists per-item results (successList/failureList, as bulk
    deletes answer with 500) is an answer for the caller to report item by item, not an error.
    ``offline``: the answer a run that only renders its requests takes this request to get (what
    later steps need of it, such as the switches a reachability test finds); None for most.
    ``timeout``: seconds to wait for the answer, for a request the controller answers only once the
    work is done (a fabric's config-deploy); None: the session's timeout.
    ``optional``: a request of an API that some releases lack (the bulk update of NDFC 12.2): a 404
    answer means the controller has no such API and wrote nothing; the client answers ``NOT_OFFERED``
    and does not count the request as a write sent.
    """

    def __init__(self, method, path, body=None, query=None, partial=False, offline=None, timeout=None, optional=False):
        self.method = method
        self.path = path
        self.body = body
        self.query = dict(query) if query else None
        self.partial = partial
        self.offline = offline
        self.timeout = timeout
        self.optional = optional

    def label(self):
        """``METHOD path``: how results list the writes sent."""
        return '%s %s' % (self.method, self.path)

    def shown(self, prefix):
        """The request as ``rendered`` returns it: the whole path, with its query; secret fields masked."""
        path = prefix + self.path
        if self.query:
            path += '?' + urlencode(self.query)
        return {'method': self.method, 'path': path, 'body': masked(self.body)}


def masked(body):
    """``body`` with the value of every field that looks like a secret (a password, say) shown as the mask."""
    if isinstance(body, dict):
        return {key: MASK if isinstance(key, str) and SECRET_FIELD.search(key) else masked(value) for key, value in body.items()}
    if isinstance(body, list):
        return [masked(item) for item in body]
    return body


class ControllerClient:
    """Reads and writes of the fabric controller for the resource modules.

    ``session`` None: a client for ``rendered``, which reads nothing and sends nothing; ``send``
    collects each request as ``rendered`` shows it and answers with the request's offline answer.
    ``check_mode``: the task's; a check-mode run reads and never writes, and a mapping may take
    what earlier tasks of the play would have changed into account (see ``warn``).
    """

    def __init__(self, session, prefix=LAN_FABRIC, check_mode=False):
        self.session = session
        self.check_mode = bool(check_mode)
        # What the task's result warns of (a check that rests on what an earlier task would change, say).
        self.warnings = []
        # Every release this collection knows serves the lan-fabric API at LAN_FABRIC, so the prefix is not
        # learned. What must be learned of the controller (its release, its bulk updates) goes through
        # ``session.facts``, the one per-run place for it (module_utils/_session/run_facts.py).
        self.prefix = prefix
        self.sent = []
        self.rendered = []

    @property
    def offline(self):
        return self.session is None

    def without_session(self):
        """A client that reads and sends nothing, for rendered."""
        return ControllerClient(None, self.prefix)

    def beside(self, prefix):
        """A client of the same session for another API of the controller (its templates, say)."""
        return ControllerClient(self.session, prefix, self.check_mode)

    def warn(self, message):
        """A warning for the task's result: in check mode, a refusal that an earlier task of the play may lift, say."""
        if message not in self.warnings:
            self.warnings.append(message)

    def read(self, path, params=None, absent=None):
        """The parsed answer of a GET, or None when ``absent(error)`` says the answer means "no such object"."""
        try:
            response = self.session.request('GET', self.prefix + path, params=params)
        except ApiError as exc:
            if absent is not None and absent(exc):
                return None
            raise
        return response.json if response.json is not None else response.text

    def query(self, path, body):
        """The parsed answer of a read the API makes a POST (4.2's ``*Attachments/query``): sent in check mode too, and
        not a write (``sent`` does not list it)."""
        response = self.session.request('POST', self.prefix + path, json_body=body)
        return response.json if response.json is not None else response.text

    def send(self, request):
        """Send one write (``Request``); its parsed answer (text when not JSON)."""
        if self.offline:
            self.rendered.append(request.shown(self.prefix))
            return request.offline
        if self.check_mode:
            # The run stops before its writes in check mode; a write reaching here is a bug, and must not land.
            raise DashboardError('Check mode sends no write, but %s was about to be sent; please report it.' % request.label())
        self.sent.append(request.label())
        bound = {} if request.timeout is None else {'timeout': request.timeout}
        try:
            response = self.session.request(request.method, self.prefix + request.path, json_body=request.body,
                                            params=request.query, **bound)
        except ApiError as exc:
            if request.partial and isinstance(exc.body, dict) and 'failureList' in exc.body:
                return exc.body
            if request.optional and exc.status == 404:
                self.sent.pop()
                return NOT_OFFERED
            raise
        return response.json if response.json is not None else response.text

    def run_fact(self, name):
        """What the run learned of the controller under ``name`` (``session.facts``); None when not learned yet,
        and offline (rendered), where nothing is learned."""
        return None if self.offline else self.session.facts.known(name)

    def keep_run_fact(self, name, value):
        """Keep what a request showed of the controller, for the run's later tasks (``session.facts``)."""
        self.session.facts.learn(name, lambda: value)

    def fabric_fact(self, name, fabric):
        """What the run keeps of ``fabric`` under ``name`` (``keep_fabric_fact``), or None; shared: a caller that wants to
        change it copies it."""
        return self.run_fact(fabric_fact_key(name, fabric))

    def keep_fabric_fact(self, name, fabric, value):
        """Keep ``value`` (JSON), just read of ``fabric``, for the run's later tasks: what they would read again unless
        a task of the run changes it (see ``forget_fabric_facts``)."""
        if not self.offline and self.run_fact(fabric_fact_key(name, fabric)) != value:
            self.session.facts.renew(fabric_fact_key(name, fabric), value)

    def forget_fabric_facts(self, fabric, *names):
        """This task is about to change what the run keeps of ``fabric`` under ``names``: later tasks read it again."""
        for name in names:
            if self.run_fact(fabric_fact_key(name, fabric)) is not None:  # None offline: nothing to forget
                self.session.facts.renew(fabric_fact_key(name, fabric), None)


def fabric_fact_key(name, fabric):
    """The name a fact of one fabric is kept under among the run's facts: one per fabric, so that a task writes back
    only the fabrics it read or changed (see RunFacts.changes)."""
    return '%s/%s' % (name, fabric)
