"""Rule "Project Completion", and "Spending"'s bar on declaring victory while in Debt.

Both are questions about an :class:`Economy`, answered with the clause and the
numbers. The core legality check asks :func:`dov_refusal` about a Declaration of
Victory's author.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamestate.dynasties.nomicland.clauses import DOV_DEBT, PROJECT_COMPLETION
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.models import Problem

__all__ = ["Victory", "dov_refusal", "victory"]


@dataclass(frozen=True)
class Victory:
    """Project Completion: who has achieved victory, and why."""

    winner: str
    """The Imagineer with the most Smiles."""
    reason: str
    """The numbers: the Boss's Debt and the Smiles compared."""
    clause = PROJECT_COMPLETION
    """The rule."""


def victory(state: Economy) -> Victory | None:
    """Project Completion: "If the Boss's Debt is 0, the Imagineer with the most Smiles has
    achieved victory."

    Only non-Idle Imagineers count (Idle ones "are not counted as Imagineers").
    A tie for the most Smiles means no single Imagineer has the most: no victory.
    """
    boss = state.player(state.boss)
    if boss is None or boss.debt != 0:
        return None
    counted = [p for p in state.players if p.name not in state.idle]
    if not counted:
        return None
    most = max(p.smiles for p in counted)
    leaders = [p for p in counted if p.smiles == most]
    if len(leaders) != 1:
        return None
    runner_up = max((p.smiles for p in counted if p is not leaders[0]), default=None)
    return Victory(
        leaders[0].name,
        f"the Boss {boss.name}'s Debt is 0 and {leaders[0].name} has the most Smiles "
        f"({most}" + (f", next {runner_up})" if runner_up is not None else ")"),
    )


def dov_refusal(state: Economy, author: str) -> Problem | None:
    """Spending: "If an Imagineer's Debt is non-zero, that Imagineer may not declare victory."

    The reason a Declaration of Victory by ``author`` is illegal, or None if this
    rule allows it (or ``author`` has no GNDT row, whose Debt defaults to 0).
    """
    row = state.player(author)
    if row is None or row.debt == 0:
        return None
    return Problem(f"{row.name}'s Debt is {row.debt}, not 0", DOV_DEBT)
