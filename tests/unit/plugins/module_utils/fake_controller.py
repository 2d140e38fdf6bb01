"""The fabric controller as a mapping's client sees it, for the unit tests of the mappings only.

A ``ControllerClient`` stands in front of the controller (``_controller/client.py``); this fake has the same interface:
reads answered from a table, writes collected (and answered by a function, where the test needs an answer), what a run
keeps per fabric in a dict, warnings collected. One fake for every mapping's unit tests: tests that talk to a
controller talk to the emulator (tests/integration, tests/emulator); these test pure mapping logic on canned answers.
"""

import copy


class FakeController:
    """``answers``: {path, or (path, query items sorted): the answer}; an answer that is an exception is raised, one that is
    callable is called with (path, params). ``answer_write(request)``: what a write answers (None without it).

    ``reads`` lists (path, params) of each read; ``writes`` the requests sent, ``sent`` their labels (as the run reports
    them); ``prefix`` the API the mapping chose (``beside``); ``kept`` what the run keeps per fabric; ``forgotten`` what a
    task forgot of it.
    """

    offline = False
    check_mode = False

    def __init__(self, answers=None, answer_write=None):
        self.answers = dict(answers or {})
        self.answer_write = answer_write
        self.prefix = None
        self.reads, self.writes, self.sent, self.warnings, self.rendered, self.forgotten = [], [], [], [], [], []
        self.kept = {}
        # what the run learned of the controller (ControllerClient.run_fact / keep_run_fact)
        self.facts = {}

    def beside(self, prefix):
        self.prefix = prefix
        return self

    def read(self, path, params=None, absent=None):
        del absent
        self.reads.append((path, params))
        query = (path, tuple(sorted((params or {}).items())))
        if query in self.answers:
            answer = self.answers[query]
        elif path in self.answers:
            answer = self.answers[path]
        else:
            raise AssertionError('the mapping read %s %s, which the test did not expect' % (path, params or ''))
        if isinstance(answer, Exception):
            raise answer
        return answer(path, params) if callable(answer) else copy.deepcopy(answer)

    def read_paths(self):
        """The paths read, in order."""
        return [path for path, _params in self.reads]

    def send(self, request):
        self.sent.append(request.label())
        self.writes.append(request)
        return self.answer_write(request) if self.answer_write else None

    def warn(self, message):
        self.warnings.append(message)

    def run_fact(self, name):
        return self.facts.get(name)

    def keep_run_fact(self, name, value):
        self.facts[name] = value

    def fabric_fact(self, name, fabric):
        """What an earlier task of the run kept (ControllerClient.fabric_fact): here, what this client's tasks kept."""
        return self.kept.get((name, fabric))

    def keep_fabric_fact(self, name, fabric, value):
        self.kept[(name, fabric)] = value

    def forget_fabric_facts(self, fabric, *names):
        self.forgotten.append((fabric,) + names)
        for name in names:
            self.kept.pop((name, fabric), None)
