"""Nomopoly IV's public pages (seed 002): what other players may see.

``status`` is the Admin's view and shows everything. The wiki is every player's view, so
its pages follow the rules of what a player sees:

- :data:`~gamestate.profiles.nomopoly_iv.clauses.INVISIBLE`: "A player that is invisible
  does not have his location shown to other players, and any time an invisible player
  performs an action that would result in him moving to another square, this action will
  not show up on the History page." A player is invisible for 3 days from the Ghost's use,
  half-open: until the last second before the third day's instant, and seen again at it.
  While invisible, the Players page shows no square for them; the History leaves out each
  move they made while invisible (for good: the rule hides the action, not only the
  square), and in what else it shows of them at such an instant their own square (the
  action's ``hidden_squares``) is left out.
- :data:`~gamestate.profiles.nomopoly_iv.clauses.EMPATHY_SEEN` and
  :data:`~gamestate.profiles.nomopoly_iv.clauses.EMPATHY_SOURCE` ("the owner of the
  Warrior does not see the source of the damage"): the History leaves out each Empathy
  command (its row would show the enchantment) and, in an attack it answered, the words
  naming Empathy; the attacker's lost hit points stay.
- :data:`~gamestate.profiles.nomopoly_iv.clauses.RESOURCES_SEEN`: "A player will only be
  able to see the amount of resources in a square if he occupies that square or owns a
  unit or building in that square." A public page is no one's: it shows no square's
  amount (a Mine's "$250 mined" is the player's money, and stays).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Any

from gamestate.profiles import Report, format_time, parse_time
from gamestate.profiles.nomopoly_iv.market import THREE_DAYS
from wikibot.wiki.pages.profile_cells import Lines

__all__ = ["due", "invisible_spans", "players"]

HIDDEN_SQUARE = "(not shown: invisible)"
HIDDEN_AMOUNT = "(seen only by those on the square)"
_LEVEL = re.compile(r"(square \d+'s resources) \$-?\d+ -> \$-?\d+")
_EMPATHY = re.compile(r"Empathy: [^,;(]+ damaged for the same amount \(“[^”]*”\)(?:, |; )?")
_SQUARE = re.compile(r"\bsquare \d+\b(?!')")


def _time(value: Any) -> datetime:
    return value if isinstance(value, datetime) else parse_time(value, "report")


def invisible_spans(report: Report) -> dict[str, list[tuple[datetime, datetime]]]:
    """Player -> the spans [from, until) they were invisible: each allowed Ghost use,
    for 3 days ("the duration ... is instead reset" by a second use)."""
    spans: dict[str, list[tuple[datetime, datetime]]] = {}
    for a in report.actions:
        if a.get("action") != "use Ghost" or not a.get("allowed"):
            continue
        start = _time(a["at"])
        mine = spans.setdefault(str(a.get("player")), [])
        if mine and start < mine[-1][1]:
            mine[-1] = (mine[-1][0], start + THREE_DAYS)
        else:
            mine.append((start, start + THREE_DAYS))
    return spans


def _invisible(spans: dict[str, list[tuple[datetime, datetime]]], at: datetime) -> set[str]:
    return {who for who, mine in spans.items() if any(a <= at < b for a, b in mine)}


def _public(text: str) -> str:
    """No square's amount of resources."""
    return _LEVEL.sub(rf"\1 {HIDDEN_AMOUNT}", text)


def _unplaced(text: str, names: set[str]) -> str:
    """``text`` with the squares left out of each part (``; ``-separated) that begins
    with an invisible player's name."""
    if not names:
        return text
    parts = text.split("; ")
    return "; ".join(
        _SQUARE.sub(f"square {HIDDEN_SQUARE}", p)
        if any(p.startswith(f"{n} ") for n in names)
        else p
        for p in parts
    )


def players(report: Report) -> str:
    """The Players page: each player's values, no square for the invisible; then each
    player's units, a line each (``Fort#1 (Fort, square 31, 1500/1500 HP)``)."""
    from wikibot.wiki.pages.profile_pages import _players

    hidden = _invisible(invisible_spans(report), report.now) | {
        str(e.get("player"))
        for e in report.game_state.get("enchantments") or ()
        if isinstance(e, dict)
        and e.get("enchantment") == "invisible"
        and isinstance(e.get("until"), str)
        and report.now < _time(e["until"])
    }
    state = {
        name: _shown(values, hidden=name in hidden) if isinstance(values, dict) else values
        for name, values in report.state.items()
    }
    shown = replace(report, state=state)
    return f"{_players(shown, _COLUMNS)}\n\n== Units ==\n{_players(shown, ('units',))}"


_COLUMNS = (
    "level",
    "experience",
    "jumps",
    "money",
    "alive",
    "square",
    "items",
    "scientists",
    "cooling_down",
)
"""The Players page's columns; then its second table, each player's units, one a line
(in one table they would make it wider than a window)."""


def _shown(values: dict[str, Any], *, hidden: bool) -> dict[str, Any]:
    """A player's values as other players read them: each unit on a line, whoever it
    cools down until when; an invisible player's square not shown."""
    out = dict(values)
    if hidden and "square" in out:
        out["square"] = HIDDEN_SQUARE
    units = out.get("units")
    if isinstance(units, dict):
        out["units"] = Lines(_unit(name, u) for name, u in units.items())
    cooling = out.get("cooling_down")
    if isinstance(cooling, dict):
        out["cooling_down"] = Lines(f"{u} until {t}" for u, t in cooling.items())
    return out


def _unit(name: str, unit: Any) -> str:
    """``Fort#1 (Fort, square 31, 1500/1500 HP)``; what is not recorded is left out."""
    if not isinstance(unit, dict):
        return f"{name} ({unit})" if unit else name
    parts = [str(unit.get("type") or "")]
    if unit.get("square") is not None:
        parts.append(f"square {unit['square']}")
    hp, top = unit.get("hp"), unit.get("max_hp")
    if hp is not None or top is not None:
        parts.append(f"{'?' if hp is None else hp}/{'?' if top is None else top} HP")
    inner = ", ".join(p for p in parts if p)
    return f"{name} ({inner})" if inner else name


def due(report: Report) -> str:
    """The Scheduled events page: what fell due and comes next, then the History of
    actions (the newest :data:`~.profile_pages.HISTORY_CAP`), as other players see them."""
    from wikibot.wiki.pages.profile_pages import HISTORY_CAP, _capped, _due, _table

    spans = invisible_spans(report)
    events = [
        {**d, "event": _public(_unplaced(str(d["event"]), _invisible(spans, _time(d["at"]))))}
        for d in report.due
    ]
    text = _due(replace(report, due=events))
    rows = []
    for a in report.actions:
        at = _time(a["at"])
        who = str(a.get("player"))
        invisible = a.get("invisible") is True
        if invisible and a.get("moves"):
            continue  # "this action will not show up on the History page"
        if a.get("action") == "Empathy":
            continue  # "visible only to the owner of the enchanted unit"
        reason = _EMPATHY.sub("", _public(str(a.get("reason", ""))))
        for square in a.get("hidden_squares", ()) if invisible else ():
            reason = re.sub(rf"\bsquare {int(square)}\b(?!')", f"square {HIDDEN_SQUARE}", reason)
        rows.append(
            [
                format_time(at),
                who,
                a.get("action"),
                "yes" if a.get("allowed") else "refused",
                reason,
            ]
        )
    shown, more = _capped(rows, "actions", HISTORY_CAP)
    header = ["At", "Player", "Action", "Allowed", "Why"]
    history = more + _table(header, shown) if rows else "''No actions.''"
    return text + "\n\n== History ==\n" + history
