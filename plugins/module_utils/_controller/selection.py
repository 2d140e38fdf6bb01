# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: ``json_query``, the part of an answer a task returns, chosen with JMESPath.

JMESPath is the language of community.general's ``json_query`` filter, which users already
write; the expression is compiled before anything is sent, so a mistake in it never follows a
write, and applied to the parsed answer, so a large answer leaves the task as only what was
asked for.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._session.errors import ConfigurationError

try:
    import jmespath
    from jmespath.exceptions import JMESPathError
    HAS_JMESPATH = True
    JMESPATH_IMPORT_ERROR = None
except ImportError as _import_error:  # pragma: no cover - reported when json_query is used
    HAS_JMESPATH = False
    JMESPATH_IMPORT_ERROR = _import_error
    JMESPathError = ValueError


def _parser_message(error):
    """The parser's message on one line, with where in the expression it stopped (its own is three lines, a caret on the last)."""
    first = str(error).splitlines()[0].rstrip(' :') if str(error) else type(error).__name__
    position = getattr(error, 'lex_position', getattr(error, 'lexer_position', None))
    if isinstance(position, int) and 'column' not in first:
        return '%s (at character %d)' % (first, position + 1)
    return first


class Selection:
    """A compiled ``json_query``; ``apply`` gives what it selects of a parsed answer (None when it selects nothing)."""

    def __init__(self, expression):
        if not HAS_JMESPATH:
            raise ConfigurationError('json_query needs the Python library jmespath on the Ansible control node (%s); install the '
                                     'collection\'s requirements.txt, or pip install jmespath.' % JMESPATH_IMPORT_ERROR)
        if not isinstance(expression, str) or not expression.strip():
            raise ConfigurationError('json_query is empty; give a JMESPath expression, for example "[].fabricName", or leave '
                                     'the option out to return the whole answer.')
        self.expression = expression
        try:
            self._compiled = jmespath.compile(expression)
        except JMESPathError as exc:
            raise ConfigurationError('json_query %r is not a valid JMESPath expression: %s. Nothing was sent. See '
                                     'https://jmespath.org/specification.html for the syntax (as for the json_query '
                                     'filter).' % (expression, _parser_message(exc))) from None

    def apply(self, answer, what):
        """What the expression selects of ``answer``; ``what`` names the answer for the message (GET /path, say)."""
        try:
            return self._compiled.search(answer)
        except JMESPathError as exc:
            raise ConfigurationError('json_query %r could not be applied to the answer of %s: %s. Check the functions the '
                                     'expression calls and the types it gives them (the answer is returned whole in json).'
                                     % (self.expression, what, _parser_message(exc))) from None
