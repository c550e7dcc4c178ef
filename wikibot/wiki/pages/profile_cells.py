"""A profile game's values as a player reads them in a wiki table's cell (issue 27).

``status --json`` (ARCHITECTURE.md 2b) keeps each player's values as data: a holding
is ``{"Mushroom": 1}``, a unit ``{"Fort#1": {"type": "Fort", "square": 31, ...}}``,
a flag ``true``, a value not known ``null``. A wiki page shows them as words: items as
``Mushroom ×1``, one line per entry of a table of tables, ``yes``/``no``, and nothing
for what is empty or unknown; never the JSON itself.

Every cell is escaped so that no value (a player's name, a square's name) can open a
table, a link, a template or a tag on the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from gamestate.profiles import format_time

__all__ = ["LINE", "NOWRAP", "Lines", "cell", "escape", "marked_cell", "readable"]

LINE = "<br/>"
"""Between the lines of one cell."""

NOWRAP = 'style="white-space:nowrap" | '
"""A cell's attribute: its lines are not broken (an instant, a unit and its hit points)."""

_INSTANT = re.compile(r"\d{4}-\d\d-\d\d(?:T\d\d:\d\d:\d\dZ)?")


class Lines(tuple[str, ...]):
    """Words already put for a player, shown one per line of the cell."""


def escape(text: str) -> str:
    """``text`` as plain words in a table's cell: no ``|``, line break, link, template
    or tag of its own."""
    text = text.replace("|", "&#124;").replace("\n", " ")
    return text.replace("[[", "&#91;&#91;").replace("{{", "&#123;&#123;").replace("<", "&lt;")


def _scalar(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        return format_time(value)
    return escape(str(value))


def _inline(value: Any) -> str:
    """A value on one line: a list's items with commas, a table's entries with commas."""
    if isinstance(value, (list, tuple)):
        inner = [_inline(v) for v in value]
        nested = any(isinstance(v, (list, tuple, dict)) for v in value)
        return ("; " if nested else ", ").join(i for i in inner if i)
    if isinstance(value, Mapping):
        return ", ".join(p for p in (_pair(k, v) for k, v in value.items()) if p)
    return _scalar(value)


def _pair(key: Any, value: Any) -> str:
    """An entry inside an entry: ``square 31``; nothing when off, unknown or empty."""
    shown = "" if value is True else _inline(value)
    if value is None or value is False or (value is not True and not shown):
        return ""
    name = escape(str(key).replace("_", " "))
    return f"{name} {shown}" if shown else name


def _entry(key: Any, value: Any) -> str:
    """One entry of a table: ``Mushroom ×1``, ``Scientist#1: idle``, ``Fort#1 (type
    Fort, square 31)``; a flag that is off, or a value that is unknown, shows nothing."""
    name = escape(str(key).replace("_", " "))
    if value is None or value is False:
        return ""
    if value is True:
        return name
    if isinstance(value, int):
        return f"{name} ×{value}"
    if isinstance(value, Mapping):
        inner = _inline(value)
        return f"{name} ({inner})" if inner else name
    shown = _inline(value)
    return f"{name}: {shown}" if shown else name


def readable(value: Any) -> str:
    """``value`` as the cell shows it: a table one line per entry, a list with commas,
    a flag as yes or no, nothing for null or empty."""
    if isinstance(value, Lines):
        return LINE.join(escape(line) for line in value)
    if isinstance(value, Mapping):
        return LINE.join(e for e in (_entry(k, v) for k, v in value.items()) if e)
    return _inline(value)


def cell(value: Any) -> str:
    """The cell's text (:func:`readable`; a string is escaped as it is)."""
    return readable(value)


def marked_cell(value: Any) -> str:
    """The cell as a table's row writes it: an instant, a date, :class:`Lines` or a
    table's entries (one a line) kept whole on their lines (``2004-03-11T14:00:00Z``
    broken at its dashes reads badly)."""
    text = readable(value)
    whole = isinstance(value, (Lines, Mapping)) or (
        isinstance(value, (str, datetime)) and _INSTANT.fullmatch(text) is not None
    )
    return NOWRAP + text if whole and text else text
