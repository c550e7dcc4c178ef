"""Rule "Visitors": processing a Business Day, in five steps, in immediate sequence.

Reconciliation, Tourism, Ticket Income, Miscellaneous, File Records. Only the
actor's next Business Day (LBD + 1) may be processed, and only once. Building
Effects are read by :mod:`effects`; an Effect the bot cannot read is listed as
"apply by hand" in the Miscellaneous step on every processing.
"""

from __future__ import annotations

from dataclasses import replace

from gamestate.dynasties.nomicland.actions import ProcessBusinessDay
from gamestate.dynasties.nomicland.clauses import (
    FILE_RECORDS,
    MISCELLANEOUS,
    PROCESS_ORDER,
    RECONCILIATION,
    REQUIRES,
    TICKET_INCOME,
    TOURISM,
)
from gamestate.dynasties.nomicland.economy import Change, Economy, Field
from gamestate.dynasties.nomicland.effects import EffectKind, Unit
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.instances import Instance, instances_of
from gamestate.dynasties.nomicland.models import BusinessDay
from gamestate.dynasties.nomicland.money import move_debt_away, move_debt_toward_zero, row
from rules_text.buildings import BuildingCatalogue

__all__ = ["next_day", "process"]


def next_day(state: Economy, actor: str) -> int:
    """The only Business Day ``actor`` may process: LBD + 1."""
    return row(state, actor).lbd + 1


def _effects(
    state: Economy, actor: str, day: BusinessDay, instances: tuple[Instance, ...]
) -> tuple[dict[Unit, int], dict[Unit, list[str]], list[Change]]:
    """Each unit's total over the instances whose Effect occurs, and the notes."""
    totals = {unit: 0 for unit in Unit}
    reasons: dict[Unit, list[str]] = {unit: [] for unit in Unit}
    notes: list[Change] = []

    def is_first() -> bool:
        # Nobody recorded processing it, and no other row's LBD shows it processed.
        return all(p.lbd < day.number for p in state.players if p.name != actor) and all(
            d != day.number for d, _ in reversed(state.books.processed)
        )

    def has_exercised() -> bool:
        return (day.number, actor) in state.books.exercises

    for instance in instances:
        label, copies = instance.label, instance.copies
        effect = instance.effect
        if effect.kind is EffectKind.BY_HAND:
            notes.append(
                Change(
                    MISCELLANEOUS,
                    actor,
                    Field.BY_HAND,
                    None,
                    None,
                    f"apply by hand: {label}: \u201c{effect.text}\u201d",
                )
            )
            continue
        if effect.kind is not EffectKind.PROCESSING:
            continue  # the Tunnel System and the Turnstile act when building or exercising
        if not effect.is_met_by(day):
            needed = " and ".join("/".join(choice) for choice in effect.requires)
            notes.append(
                Change(
                    REQUIRES,
                    actor,
                    Field.NOTE,
                    None,
                    None,
                    f"{label}: requires {needed}; Business Day {day.number} has "
                    f"{str(day) or 'no Visitors'}: no Effect",
                )
            )
            continue
        if effect.unless_exercised and has_exercised():
            notes.append(
                Change(
                    instance.clause,
                    actor,
                    Field.NOTE,
                    None,
                    None,
                    f"{label}: {actor} exercised an IP License onto Business Day "
                    f"{day.number}: no Effect",
                )
            )
            continue
        if effect.first_to_process and not is_first():
            notes.append(
                Change(
                    instance.clause,
                    actor,
                    Field.NOTE,
                    None,
                    None,
                    f"{label}: {actor} is not the first to process Business Day "
                    f"{day.number}: no Effect",
                )
            )
            continue
        for unit, amount in effect.gains(day).items():
            totals[unit] += amount * copies
            reasons[unit].append(f"{label}: {amount * copies}")
    return totals, reasons, notes


def process(
    state: Economy, actor: str, action: ProcessBusinessDay, catalogue: BuildingCatalogue
) -> tuple[Economy, list[Change]]:
    """Visitors: process the actor's next Business Day in the five steps."""
    player = row(state, actor)
    wanted = next_day(state, actor)
    number = wanted if action.day is None else action.day
    if number != wanted:
        raise ActionRefused(
            f"{actor}'s LBD is {player.lbd}: the next Business Day they may process is "
            f"{wanted}, not {number}",
            PROCESS_ORDER,
        )
    day = state.day(number)
    if day is None:
        raise ActionRefused(
            f"{actor}'s LBD is {player.lbd} and Business Day {number} does not exist yet "
            f"(there are {len(state.days)})",
            PROCESS_ORDER,
        )
    totals, reasons, notes = _effects(state, actor, day, instances_of(state, actor, catalogue))
    visitors = len(day.visitors)
    changes: list[Change] = []

    # Reconciliation.
    budget = player.budget
    if budget > 0:
        state, moved = move_debt_toward_zero(
            state, state.boss, budget, clause=RECONCILIATION, what=f"Reconciliation: {budget}"
        )
        changes += moved
        player = row(state, actor)
        state = state.with_player(replace(player, budget=0))
        changes.append(
            Change(
                RECONCILIATION,
                actor,
                Field.BUDGET,
                player.budget,
                0,
                "Reconciliation: Budget set to 0",
            )
        )
    else:
        changes.append(
            Change(RECONCILIATION, actor, Field.NOTE, None, None, "Reconciliation: Budget is 0")
        )

    # Tourism.
    tourism = 10 * visitors + totals[Unit.TOURISM]
    extra = "; ".join(reasons[Unit.TOURISM])
    state, moved = move_debt_toward_zero(
        state,
        state.boss,
        tourism,
        clause=TOURISM,
        what=f"Tourism: 10 x {visitors} Visitors + {totals[Unit.TOURISM]} Tourism"
        + (f" ({extra})" if extra else "")
        + f" = {tourism}",
    )
    changes += moved

    # Ticket Income.
    income, wages = totals[Unit.INCOME], totals[Unit.WAGES]
    ticket = 20 * visitors + income - wages
    what = f"Ticket Income: 20 x {visitors} Visitors + {income} Income - {wages} Wages" + (
        f" ({'; '.join(reasons[Unit.INCOME] + reasons[Unit.WAGES])})"
        if reasons[Unit.INCOME] or reasons[Unit.WAGES]
        else ""
    )
    if ticket >= 0:
        state, moved = move_debt_toward_zero(
            state, actor, ticket, clause=TICKET_INCOME, what=f"{what} = {ticket}"
        )
    else:
        state, moved = move_debt_away(
            state, actor, -ticket, clause=TICKET_INCOME, what=f"{what} = {ticket}, away from 0"
        )
    changes += moved

    # Miscellaneous.
    smiles = totals[Unit.SMILES]
    if smiles:
        player = row(state, actor)
        state = state.with_player(replace(player, smiles=player.smiles + smiles))
        changes.append(
            Change(
                MISCELLANEOUS,
                actor,
                Field.SMILES,
                player.smiles,
                player.smiles + smiles,
                f"Miscellaneous: +{smiles} Smiles ({'; '.join(reasons[Unit.SMILES])})",
            )
        )
    changes += notes

    # File Records.
    player = row(state, actor)
    state = state.with_player(replace(player, lbd=number))
    changes.append(
        Change(
            FILE_RECORDS,
            actor,
            Field.LBD,
            player.lbd,
            number,
            f"File Records: LBD set to Business Day {number}",
        )
    )
    state = replace(state, books=state.books.with_processed(actor, number))
    return state, changes
