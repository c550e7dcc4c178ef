"""Rules "Budget", "Spending" and "Breaking Even": moving currency, with its reasons.

Each function takes an :class:`Economy`, returns the new one and the
:class:`Change` s made, or raises :class:`ActionRefused`. Budget stays
nonnegative and Debt nonpositive throughout.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from gamestate.dynasties.nomicland.actions import Payment
from gamestate.dynasties.nomicland.clauses import (
    BREAKING_EVEN,
    BREAKING_EVEN_BOSS,
    BUDGET,
    INTEREST,
    REPAY,
    SPEND,
    SPEND_OVER_BOSS,
)
from gamestate.dynasties.nomicland.economy import Change, Economy, Field
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.models import PlayerRow, RuleClause

__all__ = [
    "interest",
    "move_debt_away",
    "move_debt_toward_zero",
    "repay",
    "row",
    "spend",
    "times_one_point_one",
]

Step = tuple[Economy, list[Change]]


def row(state: Economy, name: str) -> PlayerRow:
    """The GNDT row of ``name``; refused if there is none."""
    found = state.player(name)
    if found is None:
        raise ActionRefused(f"{name} has no row in the GNDT", BUDGET)
    return found


def spend(state: Economy, name: str, amount: int, pay: Payment | None, *, what: str) -> Step:
    """Spending: ``name`` spends ``amount`` wholly from their Budget or wholly by Debt.

    ``pay`` None: Budget when it covers the amount, else Debt. Spending 0
    changes nothing.
    """
    player = row(state, name)
    if amount == 0:
        return state, []
    if pay is None:
        pay = Payment.BUDGET if player.budget >= amount else Payment.DEBT
    if pay is Payment.BUDGET:
        if player.budget < amount:
            raise ActionRefused(
                f"{what} costs {amount}, but {player.name}'s Budget is {player.budget} "
                "(Budget is a nonnegative integer; spending by Debt is the other way)",
                SPEND,
            )
        after = replace(player, budget=player.budget - amount)
        change = Change(
            SPEND,
            player.name,
            Field.BUDGET,
            player.budget,
            after.budget,
            f"{what}: Budget {player.budget} - {amount} = {after.budget}",
        )
        return state.with_player(after), [change]
    boss = row(state, state.boss)
    if abs(player.debt) > abs(boss.debt):
        raise ActionRefused(
            f"{player.name}'s Debt {player.debt} exceeds the Boss {boss.name}'s Debt "
            f"{boss.debt}: {what} ({amount}) may only be paid from Budget "
            f"({player.budget})",
            SPEND_OVER_BOSS,
        )
    after = replace(player, debt=player.debt - amount)
    change = Change(
        SPEND,
        player.name,
        Field.DEBT,
        player.debt,
        after.debt,
        f"{what}: Debt {player.debt} - {amount} = {after.debt}",
    )
    return state.with_player(after), [change]


def move_debt_toward_zero(
    state: Economy, name: str, amount: int, *, clause: RuleClause, what: str
) -> Step:
    """Move ``name``'s Debt toward 0 by ``amount`` (>= 0), Breaking Even past zero.

    Past zero the excess becomes Budget, except for the Boss, whose excess is lost.
    """
    player = row(state, name)
    if amount <= 0:
        return state, [
            Change(clause, player.name, Field.NOTE, None, None, f"{what}: 0, nothing moves")
        ]
    owed = -player.debt
    if amount <= owed:
        after = replace(player, debt=player.debt + amount)
        return state.with_player(after), [
            Change(
                clause,
                player.name,
                Field.DEBT,
                player.debt,
                after.debt,
                f"{what}: Debt {player.debt} + {amount} = {after.debt}",
            )
        ]
    excess = amount - owed
    changes = []
    if player.debt:
        changes.append(
            Change(
                clause,
                player.name,
                Field.DEBT,
                player.debt,
                0,
                f"{what}: {amount} toward 0 from Debt {player.debt}",
            )
        )
    if player.name == state.boss:
        changes.append(
            Change(
                BREAKING_EVEN_BOSS,
                player.name,
                Field.NOTE,
                None,
                None,
                f"{what}: the Boss's Debt {player.debt} moved toward 0 by {amount}: set to 0, "
                f"the excess {excess} is lost",
            )
        )
        return state.with_player(replace(player, debt=0)), changes
    after = replace(player, debt=0, budget=player.budget + excess)
    changes.append(
        Change(
            BREAKING_EVEN,
            player.name,
            Field.BUDGET,
            player.budget,
            after.budget,
            f"{what}: {amount} exceeds |Debt| {owed} by {excess}: "
            f"Budget {player.budget} + {excess} = {after.budget}",
        )
    )
    return state.with_player(after), changes


def move_debt_away(
    state: Economy, name: str, amount: int, *, clause: RuleClause, what: str
) -> Step:
    """Move ``name``'s Debt away from 0 by ``amount`` (>= 0)."""
    player = row(state, name)
    after = replace(player, debt=player.debt - amount)
    return state.with_player(after), [
        Change(
            clause,
            player.name,
            Field.DEBT,
            player.debt,
            after.debt,
            f"{what}: Debt {player.debt} - {amount} = {after.debt}",
        )
    ]


def repay(state: Economy, name: str, amount: int) -> Step:
    """Spending: "reduce their Budget by X to reduce their Debt by X"; past zero, Breaking
    Even returns the excess to the Budget."""
    player = row(state, name)
    if amount <= 0:
        raise ActionRefused(f"the amount repaid must be positive, not {amount}", REPAY)
    if amount > player.budget:
        raise ActionRefused(
            f"{player.name} cannot reduce their Budget {player.budget} by {amount}", REPAY
        )
    after = replace(player, budget=player.budget - amount)
    changes = [
        Change(
            REPAY,
            player.name,
            Field.BUDGET,
            player.budget,
            after.budget,
            f"repay {amount}: Budget {player.budget} - {amount} = {after.budget}",
        )
    ]
    state, moved = move_debt_toward_zero(
        state.with_player(after), player.name, amount, clause=REPAY, what=f"repay {amount}"
    )
    return state, changes + moved


def times_one_point_one(debt: int) -> int:
    """``debt`` x 1.1 rounded toward zero, in exact integer arithmetic."""
    magnitude = (abs(debt) * 11) // 10
    return -magnitude if debt < 0 else magnitude


def interest(state: Economy) -> Step:
    """Spending: every Imagineer's Debt multiplied by 1.1, rounding towards zero."""
    changes: list[Change] = []
    for player in state.players:
        if player.name in state.idle or player.debt == 0:
            continue
        after = times_one_point_one(player.debt)
        changes.append(
            Change(
                INTEREST,
                player.name,
                Field.DEBT,
                player.debt,
                after,
                f"Debt {player.debt} x 1.1 = {Decimal(player.debt) * Decimal('1.1')}, "
                f"toward zero {after}",
            )
        )
        state = state.with_player(replace(player, debt=after))
    return state, changes
