# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: a resource's options as a template's nvPairs, and back, declared as rows.

The controller's templates take their parameters as ``nvPairs``, every value a text. A resource declares which option is
which nvPair, and of what kind, as rows ``(option, nvPair key, kind)``; ``NvPairs`` turns an object's options into
nvPairs (``to_controller``) and a template's nvPairs into options plus the nvPairs no option names
(``from_controller``: those are the object's ``template_params``).

A kind (``NvKind``) says how a value is written and read: ``TEXT`` (an empty text is a value), ``OPTIONAL_TEXT`` (an
empty text is no value), ``NUMBER``, ``FLAG`` (``true``/``false``), ``listing(parse)`` (a comma list). A text a kind
cannot read (``ValueError``, or ``ModelError`` from a parser) is kept as the controller has it, in the nvPairs no option
names, so nothing the controller holds is lost or misread.
"""

from __future__ import annotations

from ansible_collections.fabricops.dashboard.plugins.module_utils._framework.model import ModelError


class NvKind:
    """How a value is spelled as an nvPair: ``to_text(value)``, and ``from_text(text)``, the value, or None for no value,
    or ValueError for a text this kind does not read."""

    def __init__(self, to_text, from_text):
        self.to_text = to_text
        self.from_text = from_text


def _text(value):
    return '' if value is None else str(value)


def _number(text):
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


TEXT = NvKind(_text, lambda text: text)
OPTIONAL_TEXT = NvKind(_text, lambda text: text or None)
NUMBER = NvKind(_text, _number)
FLAG = NvKind(lambda value: 'false' if value is False else 'true', lambda text: text.lower() != 'false' if text else None)


def listing(parse):
    """A list written as a comma text; ``parse(text)`` reads it back."""
    return NvKind(lambda value: ','.join(value or []), parse)


class NvPairs:
    """A resource's rows ``(option, nvPair key, kind)``, in the order the nvPairs are written."""

    def __init__(self, rows):
        self.rows = tuple(rows)

    def keys(self):
        """{nvPair: option} of the rows: the nvPairs the options set (template_params must not give them too)."""
        return {key: option for option, key, _kind in self.rows}

    def only(self, options):
        """The rows of ``options`` (those that have one), in the rows' order."""
        return [row for row in self.rows if row[0] in options] if options is not None else self.rows

    def to_controller(self, obj, pairs=None, unset=False, options=None):
        """``pairs`` (a copy, or {}) with the nvPairs of ``obj``'s options (``options`` only, when given); an option ``obj``
        has no value of is left out, or with ``unset`` written as its kind writes None (a template that takes every
        parameter it names)."""
        pairs = dict(pairs or {})
        for option, key, kind in self.only(options):
            value = obj.get(option)
            if value is not None or unset:
                pairs[key] = kind.to_text(value)
        return pairs

    def from_controller(self, pairs, options=None):
        """({option: value}, {nvPair: text} of the rest) of a template's nvPairs (texts), for ``options`` only when given.
        An nvPair a row names is taken out of the rest, unless its kind cannot read its text: that one stays, as the
        controller has it."""
        rest = dict(pairs or {})
        values = {}
        for option, key, kind in self.only(options):
            if key not in rest:
                continue
            try:
                value = kind.from_text(rest[key])
            except (ValueError, ModelError):
                continue
            del rest[key]
            if value is not None:
                values[option] = value
        return values, rest
