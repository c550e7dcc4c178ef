"""Candidate actions: what could have changed these cells, read from the ledger's state.

Each changed cell whose new value the ledger does not already hold is a cue: a Building
added to a Zone's list cues a construction, an LBD one higher a processing, two Visitors
matching an IP License an exercise. Each cue gives a *slot*: the alternatives the player
could have chosen (a Budget version taking C, S or X as zero; paying by Budget or by Debt).
:mod:`~gamestate.dynasties.nomicland.audit.explain` tries the slots' orders and choices.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from gamestate.dynasties.nomicland.actions import (
    Action,
    ApplyInterest,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    ExerciseLicense,
    NewBusinessDay,
    Payment,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    action_from_json,
    action_to_json,
)
from gamestate.dynasties.nomicland.audit.cells import CellChange, economy_cells
from gamestate.dynasties.nomicland.audit.inputs import GAMESTATE, NOMICLAND, BlogEffect, RosterView
from gamestate.dynasties.nomicland.demand_actions import UnplanBuilding
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.effects import EffectKind
from gamestate.dynasties.nomicland.engine import apply
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.instances import instances_of
from gamestate.dynasties.nomicland.models import (
    NomiclandError,
    parse_buildings,
    parse_license,
    parse_names,
    parse_visitors,
)
from gamestate.dynasties.nomicland.money import times_one_point_one
from rules_text.buildings import BuildingCatalogue

__all__ = ["PLAYER_ROW", "FOCUS", "ENACTED", "Context", "Step", "slots"]

PLAYER_ROW = "player row"
"""A new Imagineer's GNDT row, with the defaults."""
FOCUS = "focus grouping"
"""Focus Grouping's Visitors written by hand (the draws as the page shows them)."""
ENACTED = "enacted"
"""An enacted matter's mechanical effects."""


@dataclass(frozen=True)
class Context:
    """What a revision is judged against, besides the ledger's state."""

    editor: str
    """Who saved the revision(s)."""
    at: datetime
    """When the (first) revision was saved."""
    roster: RosterView
    """Who is who then."""
    front_page: str | None
    """The front page as of then (None: unknown)."""
    effects: Sequence[BlogEffect] = ()
    """The blog's decisions that may be written in now."""
    page: Mapping[str, str] = field(default_factory=dict)
    """Both pages' cells as this revision leaves them."""
    catalogue: BuildingCatalogue | None = None
    """The Ruleset's Buildings (to know who has a Turnstile)."""
    hiatus: str | None = None
    """Why the game is in Hiatus then (None: it is not)."""
    enacted_before: frozenset[tuple[str, str]] = frozenset()
    """(matter, cell) an ``enacted`` row of the ledger already wrote: a change *by* an
    amount is applied once."""


@dataclass(frozen=True)
class Step:
    """One candidate action."""

    name: str
    """The command name (``build``...), or ``player row``, ``focus grouping``, ``enacted``."""
    actor: str
    """Who takes it."""
    action: Action | None = None
    """The economy action (None for the three above)."""
    args: tuple[tuple[str, Any], ...] = ()
    """The arguments as JSON pairs (for the special steps: their values)."""
    cues: tuple[str, ...] = ()
    """The cells that suggested it."""
    proxy: str | None = None
    """The editor, when they wrote another Imagineer's action."""
    effect: BlogEffect | None = None
    """The blog's decision it writes in."""
    unprocessed: int | None = None
    """A Business Day before the one this processing writes, still unprocessed (refused:
    Business Days are processed in order)."""
    payer: str | None = None
    """Another Imagineer whose Budget or Debt the page shows paying for it (refused: an
    Imagineer spends their own currency)."""

    @property
    def arguments(self) -> dict[str, Any]:
        """The arguments as JSON."""
        if self.action is not None:
            data = action_to_json(self.action)
            data.pop("action")
            data.pop("front_page", None)  # the page text is the input, not the choice
            if self.payer is not None:
                data["paid_by"] = self.payer
            return data
        if self.name == ENACTED and self.effect is not None:
            # As an enactment applied by hand is recorded: which matter, which cells (and,
            # for a change by an amount, the amount the value comes from).
            cells = dict(self.args)
            by = {c: n for c, n in self.effect.by.items() if c in cells}
            return {"matter": self.effect.matter, "cells": cells, **({"by": by} if by else {})}
        return dict(self.args)

    def to_json(self) -> dict[str, Any]:
        """``{"action": NAME, ...arguments}`` (the ledger's form)."""
        if self.action is not None:
            return action_to_json(self.action)
        return {"action": self.name, **self.arguments}


_PAYS = (Payment.BUDGET, Payment.DEBT)
Slot = tuple[Step | None, ...]


def slots(state: Economy, live: Sequence[CellChange], ctx: Context) -> list[Slot]:
    """The alternatives for each cue among the ``live`` changes (None: the slot may be empty)."""
    by_cell = {c.cell: c for c in live}
    found: list[Slot] = []
    found += _rows(state, by_cell, ctx)
    found += _zones(state, by_cell, ctx)
    found += _days(state, by_cell, ctx)
    found += _processing(state, by_cell, ctx)
    found += _money(state, by_cell, ctx)
    found += _blog(state, by_cell, ctx)
    return found


def _step(ctx: Context, name: str, actor: str, action: Action, cues: Sequence[str]) -> Step:
    proxy = ctx.editor if actor.casefold() != ctx.editor.casefold() else None
    return Step(name, actor, action, cues=tuple(cues), proxy=proxy)


# New rows.


def _rows(state: Economy, by_cell: Mapping[str, CellChange], ctx: Context) -> list[Slot]:
    out: list[Slot] = []
    for cell, change in by_cell.items():
        parts = cell.split("/")
        if parts[0] == GAMESTATE and len(parts) == 2 and change.old is None and change.new:
            if state.player(parts[1]) is None:
                cues = [cell, *(f"{cell}/{c}" for c in ("Budget", "Debt", "Smiles", "LBD"))]
                out.append(
                    (Step(PLAYER_ROW, ctx.editor, None, (("name", parts[1]),), tuple(cues)),)
                )
    return out


# Zones: creation, Buildings, IP Licenses, Planned Buildings.


def _zones(state: Economy, by_cell: Mapping[str, CellChange], ctx: Context) -> list[Slot]:
    out: list[Slot] = []
    names = {c.split("/")[1] for c in by_cell if c.startswith(f"{NOMICLAND}/")}
    names.discard("Visitors")
    names.discard("text")
    for name in sorted(names):
        zone = state.zone(name)
        created = f"{NOMICLAND}/{name}"
        if zone is None and created in by_cell and by_cell[created].new is not None:
            word = name[4:-5] if name.startswith("The ") and name.endswith(" Zone") else name
            front = ctx.front_page if ctx.front_page is not None else f"The {word} Dynasty"
            action = CreateZone(word, front)
            out.append((_step(ctx, "zone create", ctx.editor, action, [created]),))
        # The editor is the actor: a Building written into another's Zone is the editor's
        # construction, refused by "Construction" (a Zone which they operate).
        out += _buildings(state, name, by_cell, ctx, ctx.editor)
        out += _license(state, name, by_cell, ctx, ctx.editor)
        out += _planned(state, name, by_cell, ctx)
    return out


def _buildings(
    state: Economy, name: str, by_cell: Mapping[str, CellChange], ctx: Context, operator: str
) -> list[Slot]:
    cell = f"{NOMICLAND}/{name}/Buildings"
    change = by_cell.get(cell)
    if change is None or change.new is None:
        return []
    try:
        now = Counter(parse_buildings(change.new))
    except NomiclandError:
        return []
    zone = state.zone(name)
    before = Counter(zone.buildings if zone else ())
    out: list[Slot] = []
    for building, count in (now - before).items():
        versions: tuple[BudgetVersion | None, ...] = (
            (BudgetVersion.C, BudgetVersion.S, BudgetVersion.X) if building.budget else (None,)
        )
        choice = tuple(
            _step(ctx, "build", operator, Construct(building.name, v, p, name), [cell])
            for v in versions
            for p in _PAYS
        )
        others = tuple(
            Step(
                "build",
                operator,
                Construct(building.name, None, Payment.DEBT, name),
                cues=(*cells, cell),
                payer=payer,
            )
            for payer, cells in _spent_by_others(state, by_cell, operator).items()
        )
        out += [choice + others] * count
    return out


def _spent_by_others(
    state: Economy, by_cell: Mapping[str, CellChange], actor: str
) -> dict[str, list[str]]:
    """Other Imagineers whose Budget fell, or Debt moved away from zero, on the page: who
    may have been made to pay for ``actor``'s action."""
    out: dict[str, list[str]] = {}
    for row in state.players:
        if row.name.casefold() == actor.casefold():
            continue
        for column, held in (("Budget", row.budget), ("Debt", row.debt)):
            cell = f"{GAMESTATE}/{row.name}/{column}"
            change = by_cell.get(cell)
            if change is not None and change.new is not None and _is_int(change.new):
                if int(change.new) < held:
                    out.setdefault(row.name, []).append(cell)
    return out


def _license(
    state: Economy, name: str, by_cell: Mapping[str, CellChange], ctx: Context, operator: str
) -> list[Slot]:
    cell = f"{NOMICLAND}/{name}/IP License"
    change = by_cell.get(cell)
    if change is None or change.new is None:
        return []
    zone = state.zone(name)
    old = zone.ip_license if zone else None
    try:
        new = parse_license(change.new) if change.new else None
    except NomiclandError:
        return []
    out: list[Slot] = []
    if old is not None:
        out.append(
            tuple(_step(ctx, "license remove", operator, RemoveLicense(p), [cell]) for p in _PAYS)
        )
    if new is not None:
        out.append(
            tuple(
                _step(
                    ctx,
                    "license create",
                    operator,
                    CreateLicense(new.name, new.segments, p),
                    [cell],
                )
                for p in _PAYS
            )
        )
    return out


def _planned(
    state: Economy, name: str, by_cell: Mapping[str, CellChange], ctx: Context
) -> list[Slot]:
    cell = f"{NOMICLAND}/{name}/Planned Buildings"
    change = by_cell.get(cell)
    if change is None or change.new is None:
        return []
    zone = state.zone(name)
    before = Counter(n.casefold() for n in (zone.planned if zone else ()))
    now = Counter(n.casefold() for n in parse_names(change.new))
    out: list[Slot] = []
    for gone in (before - now).elements():
        planned = next(n for n in (zone.planned if zone else ()) if n.casefold() == gone)
        out.append(
            (_step(ctx, "demand unplan", ctx.editor, UnplanBuilding(name, planned), [cell]),)
        )
    for added in (now - before).elements():
        # A close by comment is the commenter's; one with no comment, the editor's own.
        closes = tuple(
            Step("demand close", e.actor, action_from_json(e.action), cues=(cell,), effect=e)
            if e.actor
            else _step(ctx, "demand close", ctx.editor, action_from_json(e.action), [cell])
            for e in ctx.effects
            if e.kind == "demand close"
            and e.action is not None
            and str(e.action.get("building", "")).casefold() == added
        )
        if closes:
            out.append(closes)
    return out


# The Visitors queue: new Business Days, exercises, Focus Grouping.


def _days(state: Economy, by_cell: Mapping[str, CellChange], ctx: Context) -> list[Slot]:
    prefix = f"{NOMICLAND}/Visitors/"
    cells = {int(c[len(prefix) :]): ch for c, ch in by_cell.items() if c.startswith(prefix)}
    if not cells:
        return []
    out: list[Slot] = []
    top = max(cells)
    for _ in range(len(state.days), top):
        if cells.get(top) is not None and cells[top].new is not None:
            out.append(
                (
                    _step(
                        ctx,
                        "day new",
                        ctx.editor,
                        NewBusinessDay(),
                        [f"{prefix}{n}" for n in range(len(state.days) + 1, top + 1)],
                    ),
                )
            )
    added: dict[int, str] = {}
    for number, change in sorted(cells.items()):
        if change.new is None:
            continue
        old = str(state.days[number - 1]) if number <= len(state.days) else ""
        if not change.new.startswith(old):
            continue
        if change.new != old:
            added[number] = change.new[len(old) :]
    if added and all(len(v) == 3 for v in added.values()):
        args = tuple((str(n), v) for n, v in sorted(added.items()))
        out.append((Step(FOCUS, ctx.editor, None, args, tuple(f"{prefix}{n}" for n in added)),))
        return out
    for number, letters in sorted(added.items()):
        for chunk in (letters[i : i + 2] for i in range(0, len(letters), 2)):
            out.append(_exercises(state, number, chunk, by_cell, ctx, f"{prefix}{number}"))
    return [s for s in out if s]


def _exercises(
    state: Economy,
    day: int,
    chunk: str,
    by_cell: Mapping[str, CellChange],
    ctx: Context,
    cell: str,
) -> Slot:
    try:
        wanted = sorted(s.value for s in parse_visitors(chunk))
    except NomiclandError:
        return ()
    actors = [ctx.editor]
    for c in by_cell:
        parts = c.split("/")
        if parts[0] == GAMESTATE and len(parts) == 3 and parts[2] == "Smiles":
            if parts[1].casefold() != ctx.editor.casefold() and state.player(parts[1]):
                actors.append(parts[1])
    steps = []
    for zone in state.zones:
        if zone.ip_license is None:
            continue
        if sorted(s.value for s in zone.ip_license.segments) != wanted:
            continue
        for actor in actors:
            for turnstile in (True, False) if _has_turnstile(state, actor, ctx) else (True,):
                action = ExerciseLicense(day, zone.name, turnstile)
                steps.append(_step(ctx, "license exercise", actor, action, [cell]))
    return tuple(steps)


def _has_turnstile(state: Economy, actor: str, ctx: Context) -> bool:
    if ctx.catalogue is None:
        return True
    return any(
        i.effect.kind is EffectKind.TURNSTILE for i in instances_of(state, actor, ctx.catalogue)
    )


# Processing, repaying, interest.


def _processing(state: Economy, by_cell: Mapping[str, CellChange], ctx: Context) -> list[Slot]:
    out: list[Slot] = []
    for cell, change in by_cell.items():
        parts = cell.split("/")
        if parts[0] != GAMESTATE or len(parts) != 3 or parts[2] != "LBD":
            continue
        row = state.player(parts[1])
        if row is None or change.new is None or not _is_int(change.new):
            continue
        # An enacted text that writes this LBD may explain it instead.
        enacted = any(cell in (e.cells or {}) or cell in e.by for e in ctx.effects)
        skipped = _out_of_order(state, row.name, int(change.new), cell, ctx)
        if skipped is not None:
            out.append((skipped, None) if enacted else (skipped,))
            continue
        for _ in range(row.lbd, int(change.new)):
            step = _step(ctx, "day process", row.name, ProcessBusinessDay(), [cell])
            out.append((step, None) if enacted else (step,))
    return out


def _out_of_order(state: Economy, name: str, day: int, cell: str, ctx: Context) -> Step | None:
    """Business Day ``day`` processed while an earlier one is not: the page shows exactly
    what processing ``day`` alone writes, and not what processing every day up to it in
    order writes (they differ unless the days between are empty). A step refused under
    "Visitors", its cues the cells written (the LBD first); None otherwise."""
    row = state.player(name)
    if row is None or day <= row.lbd + 1 or ctx.catalogue is None:
        return None
    skipped = state.with_player(replace(row, lbd=day - 1))
    alone = _processed(skipped, name, 1, ctx)
    if alone is None or cell not in alone or any(ctx.page.get(c) != v for c, v in alone.items()):
        return None
    in_order = _processed(state, name, day - row.lbd, ctx)
    if in_order is not None and all(ctx.page.get(c) == v for c, v in in_order.items()):
        return None
    cues = [cell, *(c for c in alone if c != cell)]
    step = _step(ctx, "day process", name, ProcessBusinessDay(), cues)
    return replace(step, unprocessed=row.lbd + 1)


def _processed(state: Economy, name: str, days: int, ctx: Context) -> dict[str, str] | None:
    """The cells ``name`` processing their next ``days`` Business Days changes, with their
    values (None: refused)."""
    assert ctx.catalogue is not None
    done = state
    try:
        for _ in range(days):
            action = ProcessBusinessDay()
            done = apply(done, action, actor=name, now=ctx.at, catalogue=ctx.catalogue).state
    except ActionRefused:
        return None
    before, after = economy_cells(state), economy_cells(done)
    return {c: v for c, v in after.items() if v != before.get(c)}


def _money(state: Economy, by_cell: Mapping[str, CellChange], ctx: Context) -> list[Slot]:
    out: list[Slot] = []
    interest: list[str] = []
    for cell, change in by_cell.items():
        parts = cell.split("/")
        if parts[0] != GAMESTATE or len(parts) != 3 or change.new is None:
            continue
        row = state.player(parts[1])
        if row is None or not _is_int(change.new):
            continue
        if parts[2] == "Budget" and int(change.new) < row.budget:
            amount = row.budget - int(change.new)
            debt = by_cell.get(f"{GAMESTATE}/{row.name}/Debt")
            if debt is not None or row.debt == 0:
                action = RepayDebt(amount)
                out.append((_step(ctx, "debt repay", row.name, action, [cell]), None))
        if parts[2] == "Debt" and row.debt and int(change.new) == times_one_point_one(row.debt):
            interest.append(cell)
    if interest:
        out.append((_step(ctx, "debt interest", ctx.editor, ApplyInterest(), interest), None))
    return out


def _blog(state: Economy, by_cell: Mapping[str, CellChange], ctx: Context) -> list[Slot]:
    """An enacted matter's mechanical effects that this edit writes: the values it sets,
    and each change by an amount that no ``enacted`` row has written yet, from the
    ledger's value before it. A text may be written in over several edits: each writes
    its own cells."""
    out: list[Slot] = []
    held = economy_cells(state) if any(e.by for e in ctx.effects) else {}
    for effect in ctx.effects:
        if effect.kind == "demand close" or effect.cells is None:
            continue
        values = {c: v for c, v in effect.cells.items() if c in by_cell}
        for cell, amount in effect.by.items():
            value = held.get(cell)
            if (
                cell in by_cell
                and (effect.matter, cell) not in ctx.enacted_before
                and value is not None
                and _is_int(value)
            ):
                values[cell] = str(int(value) + amount)
        if values:
            args = tuple(sorted(values.items()))
            out.append((Step(ENACTED, effect.actor, None, args, tuple(values), effect=effect),))
    return out


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()
