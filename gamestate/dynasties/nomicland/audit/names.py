"""The names of the actions the audit lists and records: one name per kind of action.

The economy's actions are named as the commands that take them are spelt (``build``,
``day process``, ``demand close``...: :data:`~gamestate.dynasties.nomicland.actions.
ACTION_NAMES`); the audit adds the kinds no command takes. ``--json``, the ledger rows the
audit records and ``docs/wiki-audit.md`` use exactly these names. Where the audit reads a
name (the ledger's rows, written by the bot, an older bot or an Admin), an alias an Admin
might type is read as its name (:func:`action_name`): ``undo`` is a ``correction``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamestate.dynasties.nomicland.actions import ACTION_NAMES

__all__ = ["ACTIONS", "ALIASES", "action_name", "named"]

ACTIONS: Mapping[str, str] = {
    **{name: "the economy's command of that name" for name in ACTION_NAMES.values()},
    "correction": 'cells put back to the ledger\'s value (rule "Gamestate Tracking"): an undo',
    "enacted": "an enacted Proposal's or CfJ's effects, the enacting Admin's",
    "player row": 'a new Imagineer\'s GNDT row with the defaults (rule "Imagineers")',
    "focus grouping": "the Boss's three Visitors per Uncrowded Business Day, written by hand",
    "gndt seed": "the bot's seeding of the GNDT (the demo)",
    "roll": "a GNDT random command rolled by the bot",
}
"""Every action name the audit lists, with what it is."""

ALIASES: Mapping[str, str] = {
    "undo": "correction",
    "revert": "correction",
    "correct": "correction",
    "fix": "correction",
    "enact": "enacted",
    "enactment": "enacted",
    "construct": "build",
    "construction": "build",
    "new day": "day new",
    "process": "day process",
    "process day": "day process",
    "processing": "day process",
    "interest": "debt interest",
    "repay": "debt repay",
    "create zone": "zone create",
    "create license": "license create",
    "exercise": "license exercise",
    "exercise license": "license exercise",
    "remove license": "license remove",
    "close": "demand close",
    "close demand": "demand close",
    "unplan": "demand unplan",
    "open demand": "demand open",
}
"""What an Admin might type for a name."""


def action_name(written: str) -> str:
    """The name ``written`` stands for: itself when it is a name, the name an alias stands
    for, else ``written`` unchanged (case, ``_``, ``-`` and spacing aside)."""
    key = " ".join(written.replace("_", " ").replace("-", " ").split()).casefold()
    if key in ACTIONS:
        return key
    return ALIASES.get(key, written)


def named(action: Mapping[str, Any]) -> Mapping[str, Any]:
    """A ledger row's action JSON with its ``action`` read as a name (aliases resolved)."""
    written = action.get("action")
    if not isinstance(written, str) or action_name(written) == written:
        return action
    return {**action, "action": action_name(written)}
