"""One verdict per revision: the best explanation judged, with the rule, cell and values.

Verdicts: ``illegal`` when an action is refused, written with a wrong value, an undo of a
legal action, a change by an editor who is not an Imagineer (or is Idle) then, or a random
draw that differs from the recorded roll; else ``unexplained``
when a changed cell has no action; else ``ambiguous`` when a disputed reading was applied;
else ``legal``. The allowed actions are recorded even in an illegal revision, with the values
the rules give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gamestate.dynasties.nomicland.actions import (
    Construct,
    CreateLicense,
    ExerciseLicense,
    Payment,
    RemoveLicense,
    action_from_json,
)
from gamestate.dynasties.nomicland.audit.cells import CellChange, economy_cells, is_gamestate_cell
from gamestate.dynasties.nomicland.audit.explain import (
    GAMESTATE_TRACKING,
    Applied,
    Explanation,
    PaidByAnother,
    with_cells,
)
from gamestate.dynasties.nomicland.audit.inputs import GAMESTATE, NOMICLAND, BlogEffect, LedgerFact
from gamestate.dynasties.nomicland.audit.results import Finding, FindingKind, Verdict
from gamestate.dynasties.nomicland.audit.steps import FOCUS, Context, Step
from gamestate.dynasties.nomicland.clauses import (
    BUDGET_VERSION,
    IDLE,
    LICENSE_EXERCISE,
    SPEND_OVER_BOSS,
    ZONE_NAME,
)
from gamestate.dynasties.nomicland.demand_actions import FOCUS_GROUPING_CLAUSE
from gamestate.dynasties.nomicland.economy import Economy, Field
from gamestate.dynasties.nomicland.engine import apply
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.models import RuleClause
from gamestate.dynasties.nomicland.money import times_one_point_one
from gamestate.profiles.archive import format_time

__all__ = ["CORRECTION", "UNDO", "Done", "Judged", "judge"]

CORRECTION = RuleClause(
    "Gamestate Tracking",
    "In the event that the Gamestate and the GNDT are different, any Imagineer may correct "
    "the GNDT to comply with the Gamestate.",
)
UNDO = RuleClause(
    "Gamestate Tracking",
    "If an Imagineer feels that the GNDT was altered such that it no longer matches the "
    "gamestate [...] they may simply undo the effects of that alteration.",
)
_SPANS_BOTH = frozenset(
    {"build", "license create", "license remove", "license exercise", "demand close"}
)
"""Actions writing both pages: a refused one may still get its other half."""
_LETTERS = "ctAS"  # a DICE4 in rule "Visitors"'s order: 1 Child, 2 Teen, 3 Adult, 4 Senior


@dataclass(frozen=True)
class Done:
    """An action to record (allowed), or one refused."""

    name: str
    """Its command name."""
    actor: str
    """Who took it."""
    args: Mapping[str, Any]
    """Its arguments."""
    json: Mapping[str, Any] = field(default_factory=dict)
    """The ledger's form."""
    state: Economy | None = None
    """The ledger's state after it (allowed actions)."""
    changes: tuple[str, ...] = ()
    """Its changes in words."""


@dataclass(frozen=True)
class Judged:
    """A set of changes judged."""

    verdict: Verdict
    """The verdict."""
    findings: tuple[Finding, ...]
    """What an Admin should read."""
    recorded: tuple[Done, ...]
    """The actions to record, in order."""
    refused: tuple[Done, ...]
    """The actions recognised but not allowed."""
    state: Economy
    """The ledger's state after the recorded actions."""
    start: Economy
    """The ledger's state before."""
    changes: Mapping[str, CellChange]
    """The changed cells."""
    missing: tuple[tuple[str, str | None, str | None], ...] = ()
    """Cells an action changes on a page these revisions did not edit."""
    unexplained: tuple[str, ...] = ()
    """Changed cells no action explains."""
    is_half: bool = False
    """Possibly half an action: wait for the editor's next edit."""

    @property
    def complete(self) -> bool:
        """Nothing is missing and nothing unexplained, or an action is refused (whose cells
        the rules do not give)."""
        return bool(self.refused) or (not self.missing and not self.unexplained)

    def as_lone(self) -> Judged:
        """A half whose other half never came: ``unexplained``, nothing recorded."""
        if not self.is_half or self.refused:
            return replace(self, is_half=False)
        ledger = economy_cells(self.start)
        findings = [
            Finding(FindingKind.LONE_HALF, cell=cell, expected=want, found=found)
            for cell, want, found in self.missing
        ] + [
            Finding(
                FindingKind.UNEXPLAINED, cell=c, expected=ledger.get(c), found=self.changes[c].new
            )
            for c in self.unexplained
        ]
        return replace(
            self,
            verdict=Verdict.UNEXPLAINED,
            findings=tuple(findings),
            recorded=(),
            refused=(),
            state=self.start,
            is_half=False,
        )


def _done(step: Step, state: Economy | None = None, changes: Sequence[Any] = ()) -> Done:
    return Done(
        step.name, step.actor, step.arguments, step.to_json(), state, tuple(str(c) for c in changes)
    )


def judge(
    found: Explanation,
    *,
    state: Economy,
    changes: Mapping[str, CellChange],
    live: Sequence[CellChange],
    ctx: Context,
    pages: set[str],
    last_change: Mapping[str, tuple[int, str | None, bool]],
    rolls: Sequence[LedgerFact],
    by_hand: Sequence[BlogEffect],
) -> Judged:
    """The verdict on ``changes`` given the best explanation ``found``."""
    findings: list[Finding] = []
    recorded: list[Done] = []
    refused: list[Done] = []
    ambiguous = False
    before = economy_cells(state)

    # Corrections: cells put back to the ledger's value, and cells the ledger lacks removed
    # (a Zone, a row, a Business Day no action made): undos, whatever they undo.
    fixed: dict[str, str | None] = {
        c.cell: c.new
        for c in changes.values()
        if c.cell in before and c.new == before[c.cell] and c.old != c.new
    }
    removed = {
        c.cell
        for c in changes.values()
        if c.new is None
        and c.old is not None
        and c.cell not in before
        and is_gamestate_cell(c.cell)
    }
    fixed.update((c, None) for c in sorted(removed) if c.rsplit("/", 1)[0] not in removed)
    if fixed:
        corrector = ctx.editor
        if ctx.roster.is_active(corrector):
            recorded.append(
                Done(
                    "correction",
                    corrector,
                    {"cells": dict(fixed)},
                    {"action": "correction", "cells": dict(fixed)},
                    state,
                )
            )
        else:
            findings.append(
                Finding(
                    FindingKind.REFUSED,
                    CORRECTION.rule,
                    CORRECTION.words,
                    next(iter(fixed)),
                    "a correction by an Imagineer",
                    ctx.editor,
                )
            )

    current = state
    applied = list(found.applied)
    for item in applied:
        step = item.step
        cue = step.cues[0] if step.cues else ""
        if step.payer is not None and not isinstance(item.refused, PaidByAnother):
            cue = step.cues[-1]  # refused for the action itself: its own cell, not the payer's
        if item.refused is not None:
            clause = item.refused.clause
            findings.append(
                Finding(
                    FindingKind.REFUSED,
                    clause.rule,
                    clause.words,
                    cue,
                    f"refused: {item.refused}",
                    ctx.page.get(cue),
                )
            )
            refused.append(_done(step))
            continue
        after: Economy = item.after
        if current is not item.before:
            again = _reapply(current, item, ctx)
            if again is None:
                continue
            after = again
        notes, disputed = _readings(item, current, after)
        findings += notes
        if step.name == "zone create" and ctx.front_page is None:
            findings.append(
                Finding(
                    FindingKind.UNVERIFIED,
                    ZONE_NAME.rule,
                    ZONE_NAME.words,
                    cue,
                    None,
                    ctx.page.get(cue),
                    (
                        "the front page as of the Zone's creation is not known: the name's word "
                        "is not checked",
                    ),
                )
            )
        ambiguous = ambiguous or disputed
        if step.name == FOCUS:
            after, notes = _random(current, after, step, rolls)
            findings += notes
        recorded.append(_done(step, after, item.changes))
        current = after

    for cell, want, got in found.wrong:
        clause = _clause_of(applied, cell)
        findings.append(
            Finding(FindingKind.WRONG_VALUE, clause.rule, clause.words, cell, want, got)
        )
    other_page = list(found.missing)
    unexplained: list[str] = []
    outsider = _outsider(ctx)
    communal = any(a.refused is None and a.step.name == "debt interest" for a in applied)
    for cell in found.unexplained if not refused else ():  # a refused action's own cells
        idle = _idle_interest(cell, changes[cell], state, ctx) if communal else None
        if idle is not None:
            # The interest "multiplies every Imagineer's Debt": an Idle one's is not.
            findings.append(
                Finding(FindingKind.REFUSED, IDLE.rule, IDLE.words, cell, idle, changes[cell].new)
            )
            continue
        if outsider is not None:
            # Not an undo nor an unknown action: who may update the GNDT at all.
            clause, why = outsider
            findings.append(
                Finding(
                    FindingKind.REFUSED,
                    clause.rule,
                    clause.words,
                    cell,
                    f"refused: {why}; the ledger holds {before.get(cell)}",
                    changes[cell].new,
                )
            )
            continue
        undone = last_change.get(cell)
        if undone is not None and undone[2] and changes[cell].new == undone[1]:
            findings.append(
                Finding(
                    FindingKind.UNDO,
                    UNDO.rule,
                    UNDO.words,
                    cell,
                    before.get(cell),
                    changes[cell].new,
                )
            )
        else:
            unexplained.append(cell)
    if unexplained and by_hand:
        effect = by_hand[0]
        values = {c: changes[c].new or "" for c in unexplained}
        current = with_cells(current, values)
        recorded.append(
            Done(
                "enacted",
                effect.actor,
                {"matter": effect.matter, "cells": values},
                {"action": "enacted", "matter": effect.matter, "cells": values},
                current,
            )
        )
        findings.append(
            Finding(
                FindingKind.BY_HAND,
                "Votable Matters",
                "applied by hand, unchecked",
                ", ".join(unexplained),
                None,
                f"{effect.kind} {effect.matter}",
            )
        )
        unexplained = []
    for cell in unexplained:
        findings.append(
            Finding(
                FindingKind.UNEXPLAINED,
                cell=cell,
                expected=before.get(cell),
                found=changes[cell].new,
            )
        )
    for other in found.alternatives:
        findings.append(
            Finding(
                FindingKind.ALTERNATIVES, readings=tuple(f"{s.name} {s.arguments}" for s in other)
            )
        )

    kinds = {f.kind for f in findings}
    if kinds & {
        FindingKind.REFUSED,
        FindingKind.WRONG_VALUE,
        FindingKind.UNDO,
        FindingKind.RANDOM_MISMATCH,
    }:
        verdict = Verdict.ILLEGAL
    elif unexplained:
        verdict = Verdict.UNEXPLAINED
    elif ambiguous:
        verdict = Verdict.AMBIGUOUS
    else:
        verdict = Verdict.LEGAL
    clean = not (kinds & {FindingKind.WRONG_VALUE, FindingKind.UNDO})
    spanning = any(r.name in _SPANS_BOTH for r in refused)
    waiting = bool(other_page) or bool(unexplained) or spanning
    is_half = clean and waiting and live != [] and len(pages) == 1
    return Judged(
        verdict,
        tuple(findings),
        tuple(recorded),
        tuple(refused),
        current,
        state,
        changes,
        tuple(other_page),
        tuple(unexplained),
        is_half,
    )


def _idle_interest(cell: str, change: CellChange, state: Economy, ctx: Context) -> str | None:
    """Why an Idle Imagineer's Debt written x 1.1 beside the Sunday interest is refused
    (None: the cell is no such Debt)."""
    parts = cell.split("/")
    if len(parts) != 3 or parts[0] != GAMESTATE or parts[2] != "Debt":
        return None
    row = state.player(parts[1])
    if row is None or not row.debt or change.new != str(times_one_point_one(row.debt)):
        return None
    if ctx.roster.is_active(row.name) or not ctx.roster.is_player(row.name):
        return None
    return (
        f"refused: {row.name} is Idle at {format_time(ctx.at)} (the roster): the Sunday "
        f"interest multiplies every Imagineer's Debt, and Idle Imagineers are not counted as "
        f"Imagineers; the ledger holds {row.debt}"
    )


def _outsider(ctx: Context) -> tuple[RuleClause, str] | None:
    """Why the editor may not update the GNDT at all (None: they may): "Any Imagineer may
    update any Imagineer's data via the GNDT", and Idle Imagineers "are not counted as
    Imagineers"."""
    if ctx.roster.is_active(ctx.editor):
        return None
    when = f"at {format_time(ctx.at)} (the roster)"
    if ctx.roster.is_player(ctx.editor):
        return IDLE, f"{ctx.editor} is Idle {when}"
    return GAMESTATE_TRACKING, f"{ctx.editor} is not an Imagineer {when}"


def _reapply(current: Economy, item: Applied, ctx: Context) -> Economy | None:
    """A step applied again on the state the recorded steps left (after a refusal)."""
    if item.step.action is None:
        return item.after
    try:
        return (
            apply(
                current,
                item.step.action,
                actor=item.step.actor,
                now=ctx.at,
                catalogue=ctx.catalogue,
            ).state
            if ctx.catalogue is not None
            else None
        )
    except ActionRefused:
        return None


def _clause_of(applied: Sequence[Applied], cell: str) -> RuleClause:
    parts = cell.split("/")
    target = parts[1] if len(parts) > 1 else ""
    if parts[0] == NOMICLAND and target == "Visitors" and len(parts) > 2:
        target = parts[2]
    column = parts[2] if len(parts) > 2 and parts[0] == GAMESTATE else None
    for item in applied:
        for change in item.changes:
            if change.target == target and (column is None or change.field.value == column):
                return change.clause
    for item in applied:
        if item.changes:
            return item.changes[0].clause
    return GAMESTATE_TRACKING


def _readings(item: Applied, before: Economy, after: Economy) -> tuple[list[Finding], bool]:
    """The documented readings an action leaned on (see the package docstring)."""
    action, actor = item.step.action, item.step.actor
    out: list[Finding] = []
    disputed = False
    if isinstance(action, Construct | CreateLicense | RemoveLicense):
        mine, boss = before.player(actor), before.player(before.boss)
        now = after.player(actor)
        if (
            mine
            and boss
            and now
            and now.debt != mine.debt
            and action.pay is Payment.DEBT
            and abs(mine.debt) <= abs(boss.debt) < abs(now.debt)
        ):
            disputed = True
            out.append(
                Finding(
                    FindingKind.READING,
                    SPEND_OVER_BOSS.rule,
                    SPEND_OVER_BOSS.words,
                    f"{GAMESTATE}/{actor}/Debt",
                    str(now.debt),
                    f"the Boss's Debt {boss.debt}",
                    (
                        f"judged on the Debts before the spending: {mine.debt} does not exceed "
                        f"{boss.debt}, so spending by Debt is allowed (applied)",
                        f"judged on the Debts after: {now.debt} exceeds {boss.debt}, so only the "
                        "Budget may pay",
                    ),
                )
            )
    if isinstance(action, Construct) and action.budget is not None:
        money = [c for c in item.changes if c.field in (Field.BUDGET, Field.DEBT)]
        if not money:
            out.append(
                Finding(
                    FindingKind.READING,
                    BUDGET_VERSION.rule,
                    BUDGET_VERSION.words,
                    f"{NOMICLAND}/{action.zone}/Buildings",
                    "0",
                    "0",
                    ("a Budget Building costing 0 is constructed by spending nothing (applied)",),
                )
            )
    if isinstance(action, ExerciseLicense):
        done = [p.name for p in before.players if p.lbd >= action.day]
        if done:
            out.append(
                Finding(
                    FindingKind.READING,
                    LICENSE_EXERCISE.rule,
                    LICENSE_EXERCISE.words,
                    f"{NOMICLAND}/Visitors/{action.day}",
                    None,
                    ", ".join(done),
                    (
                        "any Uncrowded Business Day, processed or not: the Visitors count for "
                        f"those yet to process Business Day {action.day} (applied)",
                    ),
                )
            )
        zone = before.zone(action.zone or "")
        if zone is not None and (zone.operator or "").casefold() != actor.casefold():
            out.append(
                Finding(
                    FindingKind.READING,
                    LICENSE_EXERCISE.rule,
                    LICENSE_EXERCISE.words,
                    f"{NOMICLAND}/{zone.name}/IP License",
                    None,
                    actor,
                    (
                        f"an Imagineer may exercise any Zone's IP License, not only their own: "
                        f"{actor} exercises {zone.name}'s (applied)",
                    ),
                )
            )
    return out, disputed


def _random(
    before: Economy, after: Economy, step: Step, rolls: Sequence[LedgerFact]
) -> tuple[Economy, list[Finding]]:
    """Focus Grouping by hand: the draws compared with the roll the ledger recorded."""
    added = {int(k): str(v) for k, v in step.args}
    cells = [f"{NOMICLAND}/Visitors/{n}" for n in sorted(added)]
    written = "".join(added[n] for n in sorted(added))
    for fact in reversed(rolls):
        expected = _drawn(before, fact, len(added))
        if expected is None:
            continue
        if fact.actor.casefold() != before.boss.casefold():
            continue
        if expected == written:
            return after, []
        fixed = {}
        for i, n in enumerate(sorted(added)):
            fixed[f"{NOMICLAND}/Visitors/{n}"] = (
                str(before.days[n - 1]) + expected[3 * i : 3 * i + 3]
            )
        return with_cells(after, fixed), [
            Finding(
                FindingKind.RANDOM_MISMATCH,
                FOCUS_GROUPING_CLAUSE.rule,
                FOCUS_GROUPING_CLAUSE.words,
                ", ".join(cells),
                expected,
                written,
                (f"the roll recorded as #{fact.op_id}",),
            )
        ]
    return after, [
        Finding(
            FindingKind.RANDOM_UNVERIFIED,
            FOCUS_GROUPING_CLAUSE.rule,
            FOCUS_GROUPING_CLAUSE.words,
            ", ".join(cells),
            None,
            written,
            (
                "who (the Boss) and how many (three on each Uncrowded Business Day) checked; no "
                "roll is recorded in the ledger to compare the types with, and the Demand Post's "
                "time is not checked",
            ),
        )
    ]


def _drawn(before: Economy, fact: LedgerFact, days: int) -> str | None:
    """The letters a recorded roll (3 x DICE4 per day) or Focus Grouping gives, or None."""
    name = fact.action.get("action")
    if name == "roll":
        values = [v for v in fact.result if isinstance(v, int)]
        if len(values) != 3 * days or not all(1 <= v <= 4 for v in values):
            return None
        return "".join(_LETTERS[v - 1] for v in values)
    if name == "demand open":
        try:
            action = action_from_json(fact.action)
            outcome = apply(before, action, actor=before.boss, now=fact.at, catalogue=_EMPTY)
        except (ValueError, ActionRefused):
            return None
        return "".join(str(outcome.state.days[d.number - 1])[len(str(d)) :] for d in before.days)
    return None


def _empty_catalogue() -> Any:
    from rules_text.buildings import BuildingCatalogue

    return BuildingCatalogue(())


_EMPTY = _empty_catalogue()
