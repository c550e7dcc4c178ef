"""Explaining one set of changed cells by actions on the ledger's state.

The slots of :mod:`~gamestate.dynasties.nomicland.audit.steps` are tried in the orders of
what changes their prices (:mod:`~gamestate.dynasties.nomicland.audit.orders`) and with
every choice, when there are at most :data:`MAX_TRIES` combinations; with more, the orders
are searched for one whose cells match the page (else the written order is judged). Each
try applies the actions with the
economy's own :func:`~gamestate.dynasties.nomicland.engine.apply` to the *ledger's* state,
and compares the cells it changes with the page's: the best try has the fewest unexplained
cells, then refused actions, then wrong values, then cells not yet written, then actions.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from gamestate.dynasties.nomicland.audit.cells import CellChange, economy_cells
from gamestate.dynasties.nomicland.audit.orders import Spent, count_orders, key_orders, search
from gamestate.dynasties.nomicland.audit.steps import ENACTED, FOCUS, PLAYER_ROW, Context, Step
from gamestate.dynasties.nomicland.clauses import BUILDING_COST, IDLE, PROCESS_ORDER
from gamestate.dynasties.nomicland.demand_actions import FOCUS_GROUPING_CLAUSE
from gamestate.dynasties.nomicland.economy import Change, Economy, Field
from gamestate.dynasties.nomicland.engine import apply, paused
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.models import (
    BusinessDay,
    NomiclandError,
    RuleClause,
    parse_buildings,
    parse_license,
    parse_names,
    parse_visitors,
)
from gamestate.profiles.archive import format_time
from rules_text.buildings import BuildingCatalogue

__all__ = [
    "GAMESTATE_TRACKING",
    "MAX_TRIES",
    "Applied",
    "Explanation",
    "PaidByAnother",
    "explain",
    "run_step",
    "with_cells",
]

MAX_TRIES = 3000
"""Up to this many combinations of orders and choices, every one is tried (and identical
alternatives listed); with more, the orders are searched for one matching the page."""

GAMESTATE_TRACKING = RuleClause(
    "Gamestate Tracking",
    "Any Imagineer may update any Imagineer's data via the GNDT, whenever the Ruleset permits it.",
)
IMAGINEERS = RuleClause(
    "Imagineers",
    "Each Imagineer has a GNDT row: a new Imagineer's row holds the defaults (Budget 0, Debt "
    "0, Smiles 10, LBD the highest-numbered existing Business Day).",
)


class PaidByAnother(ActionRefused):
    """An action whose price the page takes from another Imagineer's Budget or Debt (the
    finding names that cell)."""


@dataclass(frozen=True)
class Applied:
    """One step of a try: allowed (with its changes and the states around it) or refused."""

    step: Step
    """The action."""
    before: Economy
    """The ledger's state it was applied to."""
    after: Economy
    """The state after it (``before`` when refused)."""
    changes: tuple[Change, ...] = ()
    """What it changed."""
    refused: ActionRefused | None = None
    """Why it is not allowed (None: allowed)."""


@dataclass(frozen=True)
class Explanation:
    """The best try for a set of changes."""

    applied: tuple[Applied, ...]
    """Each step in order (refused ones included)."""
    state: Economy
    """The ledger's state after the allowed steps."""
    unexplained: tuple[str, ...]
    """Changed cells no step explains."""
    wrong: tuple[tuple[str, str | None, str | None], ...]
    """(cell, expected, found) for a cell written with another value than the rules give."""
    missing: tuple[tuple[str, str | None, str | None], ...]
    """(cell, expected, found) for a cell a step changes that the edit left alone."""
    alternatives: tuple[tuple[Step, ...], ...] = ()
    """Other choices giving the same cells."""

    @property
    def score(self) -> tuple[int, int, int, int, int]:
        """Lower is better."""
        refused = sum(1 for a in self.applied if a.refused is not None)
        return (
            len(self.unexplained),
            refused,
            len(self.wrong),
            len(self.missing),
            len(self.applied),
        )

    @property
    def allowed(self) -> tuple[Applied, ...]:
        """The steps the rules allow."""
        return tuple(a for a in self.applied if a.refused is None)


def run_step(
    state: Economy, step: Step, *, at: datetime, ctx: Context, catalogue: BuildingCatalogue
) -> tuple[Economy, tuple[Change, ...]]:
    """Applies one step to the ledger's state, or raises :class:`ActionRefused`."""
    if step.name == PLAYER_ROW:
        name = str(dict(step.args)["name"])
        if not ctx.roster.is_player(name):
            raise ActionRefused(f"{name} is not an Imagineer (the roster)", IMAGINEERS)
        _active(ctx, step.actor)
        new = state.with_new_player(name)
        return new, (Change(IMAGINEERS, name, Field.PLAYER, None, name, "a new Imagineer's row"),)
    if step.name == FOCUS:
        _active(ctx, step.actor)
        if (refusal := paused(ctx.at, ctx.hiatus)) is not None:
            raise refusal
        return _focus(state, step)
    if step.name == ENACTED:
        values = {str(k): str(v) for k, v in step.args}
        by = step.effect.by if step.effect is not None else {}
        clause = RuleClause("Votable Matters", "the Admin Enacting it shall update the Gamestate")
        return with_cells(state, values), tuple(
            Change(clause, k, Field.NOTE, None, None, _enacted_note(v, by.get(k)))
            for k, v in values.items()
        )
    assert step.action is not None
    if step.unprocessed is not None:
        raise ActionRefused(
            f"{step.actor} has not processed Business Day {step.unprocessed}: a later Business "
            "Day may be processed only once all previous ones are",
            PROCESS_ORDER,
        )
    if step.payer is not None:
        # Refused for what the action itself breaks (not their Zone...), else for the payer.
        apply(state, step.action, actor=step.actor, now=at, catalogue=catalogue)
        paid = " and ".join(c.rsplit("/", 1)[-1] for c in step.cues[:-1])
        raise PaidByAnother(
            f"{step.actor}'s {step.name} is paid from {step.payer}'s {paid}: an Imagineer "
            "constructs by spending their own currency",
            BUILDING_COST,
        )
    if step.effect is None:
        _active(ctx, step.actor)
        # Downtime and Hiatus before the action's own preconditions: "the only game actions
        # that may be taken" is why it is refused, whatever its cost or limits would say.
        if (refusal := paused(ctx.at, ctx.hiatus)) is not None:
            raise refusal
    moment = step.effect.at if step.effect is not None else at
    outcome = apply(state, step.action, actor=step.actor, now=moment, catalogue=catalogue)
    if step.proxy is not None and step.effect is None:
        raise ActionRefused(
            f"{step.proxy} wrote {step.actor}'s {step.name}: only {step.actor} may take it",
            GAMESTATE_TRACKING,
        )
    return outcome.state, outcome.changes


def _active(ctx: Context, name: str) -> None:
    """Refuses an action by someone who may not take it: an Idle Imagineer under "Idle
    Imagineers" ("not counted as Imagineers"), anyone else who is not an Imagineer under
    "Gamestate Tracking" ("Any Imagineer may update any Imagineer's data via the GNDT")."""
    if ctx.roster.is_active(name):
        return
    when = f"at {format_time(ctx.at)} (the roster)"
    if ctx.roster.is_player(name):
        raise ActionRefused(f"{name} is Idle {when}", IDLE)
    raise ActionRefused(f"{name} is not an Imagineer {when}", GAMESTATE_TRACKING)


def _focus(state: Economy, step: Step) -> tuple[Economy, tuple[Change, ...]]:
    if step.actor.casefold() != state.boss.casefold():
        raise ActionRefused(
            f"{step.actor} is not the Boss ({state.boss or 'nobody'})", FOCUS_GROUPING_CLAUSE
        )
    added = {int(k): str(v) for k, v in step.args}
    imagineers = len(state.imagineers)
    uncrowded = {d.number for d in state.days if not d.is_crowded(imagineers)}
    if set(added) != uncrowded:
        raise ActionRefused(
            f"three Visitors were added to Business Days {sorted(added)}; the Uncrowded ones "
            f"are {sorted(uncrowded)}",
            FOCUS_GROUPING_CLAUSE,
        )
    new = state
    changes = []
    for number, letters in sorted(added.items()):
        day = state.days[number - 1]
        grown = BusinessDay(number, day.visitors + parse_visitors(letters))
        new = new.with_day(grown)
        changes.append(
            Change(
                FOCUS_GROUPING_CLAUSE,
                str(number),
                Field.VISITORS,
                str(day),
                str(grown),
                f"+{letters} (as written)",
            )
        )
    return new, tuple(changes)


def _enacted_note(value: str, amount: int | None) -> str:
    if amount is None:
        return f"set to {value!r}"
    verb = "increased" if amount >= 0 else "reduced"
    return f"{verb} by {abs(amount)} to {value!r}"


def with_cells(state: Economy, values: Mapping[str, str]) -> Economy:
    """The economy with cells set to the values given (an enactment, a change by hand);
    a value the Ruleset cannot read is left as the ledger has it."""
    new = state
    for cell, value in values.items():
        parts = cell.split("/")
        try:
            new = _with_cell(new, parts, value)
        except (NomiclandError, ValueError, IndexError):
            continue
    return new


def _with_cell(state: Economy, parts: list[str], value: str) -> Economy:
    if parts[0] == "Gamestate" and len(parts) == 2:
        return state.with_new_player(parts[1])
    if parts[0] == "Gamestate" and len(parts) == 3:
        row = state.player(parts[1])
        if row is None:
            return state
        number = int(value)
        column = parts[2]
        if column == "Budget":
            row = replace(row, budget=number)
        elif column == "Debt":
            row = replace(row, debt=number)
        elif column == "Smiles":
            row = replace(row, smiles=number)
        elif column == "LBD":
            row = replace(row, lbd=number)
        return state.with_player(row)
    if parts[1] == "Visitors":
        number = int(parts[2])
        if number == len(state.days) + 1 or number <= len(state.days):
            return state.with_day(BusinessDay(number, parse_visitors(value)))
        return state
    from gamestate.dynasties.nomicland.models import Zone

    zone = state.zone(parts[1]) or Zone(parts[1])
    if len(parts) == 2:
        return state.with_zone(zone)
    label = parts[2]
    if label == "Operator":
        zone = replace(zone, operator=value or None)
    elif label == "IP License":
        zone = replace(zone, ip_license=parse_license(value) if value else None)
    elif label == "Buildings":
        zone = replace(zone, buildings=parse_buildings(value))
    else:
        zone = replace(zone, planned=parse_names(value))
    return state.with_zone(zone)


def _int(text: str | None) -> int | None:
    if text is None or not text.lstrip("-").isdigit():
        return None
    return int(text)


def _judge(
    before: Mapping[str, str],
    after: Mapping[str, str],
    changes: Mapping[str, CellChange],
    live: Sequence[str],
    page: Mapping[str, str],
    recognised: set[str],
    pages: set[str],
) -> tuple[
    list[str], list[tuple[str, str | None, str | None]], list[tuple[str, str | None, str | None]]
]:
    effect = [c for c in dict.fromkeys([*before, *after]) if before.get(c) != after.get(c)]
    affected = set(effect)
    unexplained = [c for c in live if c not in affected and c not in recognised]
    wrong: list[tuple[str, str | None, str | None]] = []
    missing: list[tuple[str, str | None, str | None]] = []
    for cell in effect:
        want, found = after.get(cell), page.get(cell)
        if found == want:
            continue
        change = changes.get(cell)
        if change is None:
            # Not written on a page this edit changed is a wrong value; on the other page,
            # the rest of the action may come in the editor's next edit.
            (wrong if cell.split("/")[0] in pages else missing).append((cell, want, found))
            continue
        # A value already off the ledger, moved by exactly what the rules move it by, is
        # right: the discrepancy is older than this edit, and stays listed.
        old, new, b, a = _int(change.old), _int(change.new), _int(before.get(cell)), _int(want)
        if None not in (old, new, b, a) and change.old != before.get(cell):
            assert old is not None and new is not None and b is not None and a is not None
            if new - old == a - b:
                continue
        wrong.append((cell, want, found))
    return unexplained, wrong, missing


def explain(
    state: Economy,
    changes: Sequence[CellChange],
    live: Sequence[CellChange],
    slot_list: Sequence[tuple[Step | None, ...]],
    *,
    ctx: Context,
    catalogue: BuildingCatalogue,
    pages: set[str] | None = None,
) -> Explanation:
    """The best explanation of ``live`` (the changed cells the ledger does not hold);
    ``pages``: the pages the edits changed (a cell left alone there is a wrong value)."""
    edited = pages if pages is not None else {c.page for c in changes}
    before = economy_cells(state)
    by_cell = {c.cell: c for c in changes}
    live_cells = [c.cell for c in live]
    if not slot_list:
        return Explanation((), state, tuple(live_cells), (), ())

    def run(current: Economy, step: Step) -> tuple[Economy, tuple[Change, ...]]:
        return run_step(current, step, at=ctx.at, ctx=ctx, catalogue=catalogue)

    def judged(applied: list[Applied], current: Economy) -> Explanation:
        recognised = {c for a in applied if a.refused is not None for c in a.step.cues}
        unexplained, wrong, missing = _judge(
            before, economy_cells(current), by_cell, live_cells, ctx.page, recognised, edited
        )
        return Explanation(
            tuple(applied), current, tuple(unexplained), tuple(wrong), tuple(missing)
        )

    def attempt(steps: Sequence[Step]) -> Explanation:
        applied: list[Applied] = []
        current = state
        for step in steps:
            try:
                new, made = run(current, step)
            except ActionRefused as refused:
                applied.append(Applied(step, current, current, (), refused))
                continue
            applied.append(Applied(step, current, new, made))
            current = new
        return judged(applied, current)

    choices = math.prod(len(s) for s in slot_list)
    if count_orders(slot_list, catalogue) * choices <= MAX_TRIES:
        return _best(key_orders(slot_list, catalogue), attempt)
    # Many orders: search them by price for one matching the page; else the nearest one
    # seen (the fewest wrong values, then the smallest difference), else the written order.
    found: list[Explanation] = []
    nearest: list[tuple[tuple[int, ...], Explanation]] = []

    def leaf(path: list[tuple[Step, Economy, Economy, tuple[Change, ...]]], end: Economy) -> bool:
        done = judged([Applied(s, b, a, m) for s, b, a, m in path], end)
        if done.score[:3] == (0, 0, 0):
            found.append(done)
            return True
        rank = (*done.score, _distance(done.wrong))
        if not nearest or rank < nearest[0][0]:
            nearest[:] = [(rank, done)]
        return False

    bounds = _bounds(state, by_cell, edited)
    if search(state, slot_list, catalogue=catalogue, run=run, bounds=bounds, leaf=leaf):
        return found[0]
    if nearest:
        return nearest[0][1]
    return attempt(_written(state, slot_list, run))


def _distance(wrong: Sequence[tuple[str, str | None, str | None]]) -> int:
    """How far the wrong values are from the rules' (0 where either is not a number)."""
    total = 0
    for _cell, want, got in wrong:
        a, b = _int(want), _int(got)
        if a is not None and b is not None:
            total += abs(a - b)
    return total


def _written(
    state: Economy,
    slot_list: Sequence[tuple[Step | None, ...]],
    run: Callable[[Economy, Step], tuple[Economy, tuple[Change, ...]]],
) -> list[Step]:
    """The slots in their written order, each with its first choice the rules allow."""
    steps: list[Step] = []
    current = state
    for slot in slot_list:
        options = [s for s in slot if s is not None]
        for step in options:
            try:
                current, _made = run(current, step)
            except ActionRefused:
                continue
            steps.append(step)
            break
        else:
            if options and None not in slot:
                steps.append(options[0])
    return steps


def _bounds(state: Economy, by_cell: Mapping[str, CellChange], edited: set[str]) -> list[Spent]:
    """How far the page moved each Budget and Debt (nothing, where the edit left it)."""
    if "Gamestate" not in edited:
        return []
    out = []
    for player in state.players:
        for column in ("Budget", "Debt"):
            change = by_cell.get(f"Gamestate/{player.name}/{column}")
            if change is None:
                out.append(Spent(player.name, column, 0))
                continue
            old, new = _int(change.old), _int(change.new)
            if old is not None and new is not None:
                out.append(Spent(player.name, column, new - old))
    return out


def _best(
    orders: Iterator[list[tuple[Step | None, ...]]],
    attempt: Callable[[Sequence[Step]], Explanation],
) -> Explanation:
    """The best try over these orders and every choice in each (at most MAX_TRIES)."""
    best: Explanation | None = None
    same: list[tuple[Step, ...]] = []
    tries = 0
    for order in orders:
        for choice in itertools.product(*order):
            tries += 1
            if tries > MAX_TRIES:
                break
            steps = [s for s in choice if s is not None]
            found = attempt(steps)
            if best is None or found.score < best.score:
                best, same = found, []
            elif found.score == best.score and economy_cells(found.state) == economy_cells(
                best.state
            ):
                # The same actions in another order are not another choice.
                if sorted(map(repr, steps)) != sorted(repr(a.step) for a in best.applied):
                    same.append(tuple(steps))
        if tries > MAX_TRIES:
            break
    assert best is not None
    return replace(best, alternatives=tuple(dict.fromkeys(same)))
