"""An enacted text's effect on named players' named values, for any dynasty's tables.

``resolve --with-text`` reads "Set Kevan's Score to 5", "Increase Kevan's Score
by 2" and "Reduce Kevan's Score by 2" (:func:`rules_text.read_proposal_text`).
Any dynasty's audit also reads "Add 2 to Kevan's Score" and "Subtract 2 from
Kevan's Score", the same changes in other words. The columns are the dynasty's
own (every column of its gamestate tables); the player word is its keyword.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from rules_text.proposal_text import ChangeValue, Page, SetValue, read_proposal_text

__all__ = ["ValueEffects", "value_effects"]


@dataclass(frozen=True)
class ValueEffects:
    """What a text does to values: the values it sets, and the amounts it adds."""

    sets: dict[tuple[str, str], str]
    """(player, column) -> the value set (a value set last wins over amounts before it)."""
    by: dict[tuple[str, str], int]
    """(player, column) -> the amount added (negative: taken away)."""


def _rewrite(html: str, columns: Collection[str]) -> str:
    """'Add N to X's C' -> 'Increase X's C by N'; 'Subtract N from X's C' -> 'Reduce ...'."""
    col = "|".join(re.escape(c) for c in sorted(columns, key=len, reverse=True))
    who = rf"(?P<who>[^\s'’<>]+['’]s?\s+(?:{col}))"
    html = re.sub(
        rf"\badd\s+(?P<n>\d+)\s+to\s+{who}", r"Increase \g<who> by \g<n>", html, flags=re.I
    )
    return re.sub(
        rf"\bsubtract\s+(?P<n>\d+)\s+from\s+{who}", r"Reduce \g<who> by \g<n>", html, flags=re.I
    )


def value_effects(html: str, *, player: str, columns: Collection[str]) -> ValueEffects | None:
    """The values a Proposal's or CfJ's body sets or changes, when every instruction is a
    mechanical form and one of them is on a value; None otherwise ("by hand")."""
    if not columns:
        return None
    text = read_proposal_text(_rewrite(html, columns), player=player, columns=columns)
    values = text.on(Page.GAMESTATE)
    if not text.is_mechanical or not values:
        return None
    sets: dict[tuple[str, str], str] = {}
    by: dict[tuple[str, str], int] = {}
    for change in values:
        key = (change.player, change.column) if isinstance(change, SetValue | ChangeValue) else None
        if key is None:
            return None
        if isinstance(change, SetValue):
            by.pop(key, None)
            sets[key] = str(change.value)
        elif isinstance(change, ChangeValue):
            if key in sets:
                sets[key] = str(int(sets[key]) + change.by)
            else:
                by[key] = by.get(key, 0) + change.by
    return ValueEffects(sets, by)
