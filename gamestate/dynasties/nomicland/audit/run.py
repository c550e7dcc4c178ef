"""The audit's walk: each revision in order, its cells diffed against its parent's, explained
on the ledger's state, paired with the editor's next edits, and judged.

See the package docstring for the interface and the readings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from gamestate.dynasties.nomicland.actions import action_from_json
from gamestate.dynasties.nomicland.audit.cells import (
    CellChange,
    diff,
    economy_cells,
    is_gamestate_cell,
    read_gamestate,
    read_nomicland,
)
from gamestate.dynasties.nomicland.audit.demands import demand_closes
from gamestate.dynasties.nomicland.audit.explain import explain
from gamestate.dynasties.nomicland.audit.inputs import (
    GAMESTATE,
    NOMICLAND,
    AuditInput,
    LedgerFact,
    Revision,
)
from gamestate.dynasties.nomicland.audit.judge import Judged, judge
from gamestate.dynasties.nomicland.audit.names import named
from gamestate.dynasties.nomicland.audit.results import (
    AuditedAction,
    AuditResult,
    Discrepancy,
    Event,
    Finding,
    FindingKind,
    Later,
    NewFact,
    Pending,
    RevisionAudit,
    Verdict,
)
from gamestate.dynasties.nomicland.audit.steps import ENACTED, Context, slots
from gamestate.dynasties.nomicland.completion import victory
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.engine import apply
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.records import economy_from_record
from gamestate.profiles.archive import format_time

__all__ = ["audit"]


@dataclass
class _Half:
    """An editor's revisions not yet explained, awaiting the rest of their action."""

    revisions: list[Revision]
    changes: dict[str, CellChange]
    pages: set[str]


@dataclass
class _Walk:
    inp: AuditInput
    state: Economy = field(init=False)
    assumptions: list[str] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    cells: dict[str, dict[str, str]] = field(default_factory=dict)
    results: dict[int, RevisionAudit] = field(default_factory=dict)
    facts: list[NewFact] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    halves: dict[str, _Half] = field(default_factory=dict)
    tied: dict[int, list[LedgerFact]] = field(default_factory=dict)
    untied: list[LedgerFact] = field(default_factory=list)
    rolls: list[LedgerFact] = field(default_factory=list)
    known_ops: set[str] = field(default_factory=set)
    applied_ops: set[str] = field(default_factory=set)
    enacted_cells: dict[tuple[str, str], datetime] = field(default_factory=dict)
    """(matter, cell) -> when an ``enacted`` row (the ledger's, or this audit's) wrote it."""
    changed: dict[str, list[tuple[int, str | None, bool]]] = field(default_factory=dict)
    following: dict[int, Revision] = field(default_factory=dict)
    position: dict[int, int] = field(default_factory=dict)
    days: int = -1
    history: list[tuple[datetime, Economy]] = field(default_factory=list)
    """The ledger's state after each change, in time order (the blog's bids read it)."""

    # Setting out.

    def start(self) -> None:
        ids = {r.revid for r in self.inp.revisions}
        latest: dict[str, Revision] = {}
        for at, revision in enumerate(self.inp.revisions):
            self.position[revision.revid] = at
            earlier = latest.get(revision.editor.casefold())
            if earlier is not None:
                self.following[earlier.revid] = revision
            latest[revision.editor.casefold()] = revision
        first = self.inp.revisions[0].at if self.inp.revisions else None
        prior: list[LedgerFact] = []
        for fact in self.inp.ledger:
            self.known_ops.add(fact.op_id)
            self._note_enacted(fact.action, fact.at)
            mine = [r for r in fact.revisions if r in ids]
            if mine:
                for r in mine:
                    self.tied.setdefault(r, []).append(fact)
            elif not self.tied and not self.untied and (first is None or fact.at < first):
                prior.append(fact)
            else:
                self.untied.append(fact)
        for role in (NOMICLAND, GAMESTATE):
            self.texts[role] = self.inp.base.get(role, "")
        self._read_cells()
        recorded = [f for f in prior if f.state is not None]
        for fact in prior:
            if fact.action.get("action") in ("roll", "demand open"):
                self.rolls.append(fact)
        if recorded:
            last = recorded[-1]
            assert last.state is not None
            self.state = economy_from_record(last.state)
            self._remember(last.at)
            self.assumptions.append(
                f"the gamestate at the start is the ledger's state after #{last.op_id} "
                f"({last.action.get('action')} by {last.actor} at {format_time(last.at)})"
            )
            return
        self.state = self._base_economy(first)
        self._remember(first or datetime.min.replace(tzinfo=UTC))

    def _base_economy(self, first: datetime | None) -> Economy:
        park = read_nomicland(self.texts[NOMICLAND])
        table = read_gamestate(self.texts[GAMESTATE], days=len(park.days))
        roster = self.inp.roster_at(first) if first is not None else None
        state = Economy.from_pages(
            rows=table.rows,
            zones=park.zones,
            days=park.days,
            boss=roster.boss if roster else "",
            idle=roster.idle if roster else (),
        )
        self.assumptions += [
            "the ledger has no row before the first revision audited: the pages at --since are "
            f"the gamestate ({len(table.rows)} GNDT rows, {len(park.zones)} Zones, "
            f"{len(park.days)} Business Days)",
            "Construction's X and Licensing's X are 0 for every Imagineer (no Building built "
            "and no IP License exercised since their last processing is known)",
            "nobody has constructed a Building earlier that UTC day, and nobody is known to "
            "have processed or exercised onto a Business Day first",
            "no IP License removal awaits a new Business Day, and no Sunday's interest has "
            "been applied",
            "the Boss, the Imagineers and the Idle are the roster's at each revision",
        ]
        for problem in (*park.problems, *table.problems):
            self.assumptions.append(f"at --since, {problem}")
        return state

    def _read_cells(self, page: str | None = None) -> None:
        """Reads the page edited (both when None); a blank LBD defaults to the number of
        Business Days, so the table is read again when that number changes."""
        days = self.days
        if page in (None, NOMICLAND):
            park = read_nomicland(self.texts[NOMICLAND])
            self.cells[NOMICLAND] = dict(park.cells)
            self.days = len(park.days)
        if page in (None, GAMESTATE) or days != self.days:
            table = read_gamestate(self.texts[GAMESTATE], days=self.days)
            self.cells[GAMESTATE] = dict(table.cells)

    def _page_cells(self) -> dict[str, str]:
        return {**self.cells[NOMICLAND], **self.cells[GAMESTATE]}

    # Ledger rows not tied to a revision, applied at their time.

    def _catch_up(self, until: datetime) -> None:
        while self.untied and self.untied[0].at <= until:
            fact = self.untied.pop(0)
            self._apply_fact(fact)

    def _apply_fact(self, fact: LedgerFact) -> None:
        if fact.op_id in self.applied_ops:
            return
        self.applied_ops.add(fact.op_id)
        name = fact.action.get("action")
        if name in ("roll", "demand open") and not fact.revisions:
            self.rolls.append(fact)
            return
        if fact.state is not None:
            self.state = economy_from_record(fact.state)
            self._remember(fact.at)
            return
        try:
            action = action_from_json(fact.action)
            self.state = apply(
                self.state, action, actor=fact.actor, now=fact.at, catalogue=self.inp.catalogue
            ).state
        except (ValueError, ActionRefused):
            return  # not an economy action (an audit's correction): no state change

    # The walk.

    def run(self) -> AuditResult:
        self.start()
        for revision in self.inp.revisions:
            self._expire(revision.at)
            self._catch_up(revision.at)
            roster = self.inp.roster_at(revision.at)
            self.state = replace(
                self.state, boss=roster.boss or self.state.boss, idle=frozenset(roster.idle)
            )
            self._revision(revision)
            self._remember(revision.at)
        end = self.inp.now or (self.inp.revisions[-1].at if self.inp.revisions else None)
        pending: list[Pending] = []
        for editor, half in list(self.halves.items()):
            until = half.revisions[0].at + self.inp.pairing_window
            if end is not None and end < until:
                for r in half.revisions:
                    self.results[r.revid] = _audit(r, Verdict.PENDING, (), ())
                pending += [
                    Pending(
                        r.page,
                        r.revid,
                        r.editor,
                        r.at,
                        until,
                        tuple(c for c in half.changes if c.startswith(r.page + "/")),
                    )
                    for r in half.revisions
                ]
            else:
                del self.halves[editor]
                self._finish_alone(half)
        if pending:
            until = max(p.until for p in pending)
            hours = self.inp.pairing_window.total_seconds() / 3600
            window = f"{hours:g} hour" + ("" if hours == 1 else "s")
            self.assumptions.append(
                f"the pairing window: one action may span an editor's next edits within "
                f"{window}; as of {format_time(end) if end else 'now'}, {len(pending)} "
                f"revision(s) still inside it are pending, judged by an audit as of "
                f"{format_time(until)} or later (--now {format_time(until)} judges them now)"
            )
        return AuditResult(
            tuple(self.assumptions),
            tuple(self.results[r.revid] for r in self.inp.revisions if r.revid in self.results),
            tuple(pending),
            tuple(self._discrepancies()),
            tuple(self.events),
            self.state.to_json(),
            tuple(self.facts),
        )

    def _remember(self, moment: datetime) -> None:
        if not self.history or self.history[-1][1] is not self.state:
            self.history.append((moment, self.state))

    def _state_at(self, moment: datetime) -> Economy:
        """The ledger's state as of ``moment`` (the first known before any)."""
        found = self.history[0][1] if self.history else self.state
        for when, state in self.history:
            if when > moment:
                break
            found = state
        return found

    def _expire(self, moment: datetime) -> None:
        for editor, half in list(self.halves.items()):
            if moment > half.revisions[0].at + self.inp.pairing_window:
                del self.halves[editor]
                self._finish_alone(half)

    def _revision(self, revision: Revision) -> None:
        if revision.text is None:
            self.results[revision.revid] = _audit(
                revision,
                Verdict.UNEXPLAINED,
                (),
                (
                    Finding(
                        FindingKind.UNREADABLE,
                        cell=f"{revision.page}",
                        found=f"revision {revision.revid} of {revision.page}, line 0: its "
                        "text could not be read",
                    ),
                ),
            )
            return
        old = self._page_cells()
        self.texts[revision.page] = revision.text
        self._read_cells(revision.page)
        changes = {c.cell: c for c in diff(old, self._page_cells())}
        if revision.bot and revision.revid in self.tied:
            self._bot(revision)
            return
        extra: tuple[Finding, ...] = ()
        if revision.bot:
            extra = (Finding(FindingKind.BOT_UNMATCHED, found=f"revision {revision.revid}"),)
        half = self.halves.pop(revision.editor.casefold(), None)
        if half is not None:
            merged = dict(half.changes)
            for cell, change in changes.items():
                first = merged.get(cell)
                merged[cell] = CellChange(cell, first.old if first else change.old, change.new)
            together = [*half.revisions, revision]
            judged = self._judge(together, merged)
            if judged.complete:
                self._finish(together, judged, extra)
                return
            self._finish_alone(half)
        judged = self._judge([revision], changes)
        if (judged.is_half or self._pairs_next(revision)) and not revision.bot:
            self.halves[revision.editor.casefold()] = _Half([revision], changes, {revision.page})
            return
        self._finish([revision], judged, extra)

    def _pairs_next(self, revision: Revision) -> bool:
        """The editor's next edit is on the other page, within the window: it may hold the
        rest of this edit's action even when this one is complete alone (a Budget Building
        costing 0 here, its cost there)."""
        following = self.following.get(revision.revid)
        return (
            following is not None
            and following.page != revision.page
            and following.at <= revision.at + self.inp.pairing_window
            # Only when nobody edits in between: their edits are judged on this one's state.
            and self.position[following.revid] == self.position[revision.revid] + 1
        )

    def _bot(self, revision: Revision) -> None:
        actions = []
        for fact in self.tied[revision.revid]:
            self._apply_fact(fact)
            args = {k: v for k, v in fact.action.items() if k not in ("action", "front_page")}
            actions.append(
                AuditedAction(
                    str(fact.action.get("action")), fact.actor, args, (revision.revid,), fact.op_id
                )
            )
        self.results[revision.revid] = _audit(revision, Verdict.LEGAL, tuple(actions), ())

    def _note_enacted(self, action: Mapping[str, Any], at: datetime) -> None:
        cells = action.get("cells")
        if action.get("action") == ENACTED and isinstance(cells, Mapping):
            for cell in cells:
                key = (str(action.get("matter")), str(cell))
                self.enacted_cells[key] = min(at, self.enacted_cells.get(key, at))

    def _context(self, revisions: Sequence[Revision], changed: Sequence[str] = ()) -> Context:
        first = revisions[0]
        front = None
        if self.inp.front_page_at is not None:
            front = self.inp.front_page_at(first.at)
        window = self.inp.pairing_window
        last = revisions[-1].at
        effects = tuple(e for e in self.inp.enacted if e.at <= last <= e.at + window)
        if self.inp.demand_posts and any(c.endswith("/Planned Buildings") for c in changed):
            closes = demand_closes(
                self.inp.demand_posts,
                at=last,
                catalogue=self.inp.catalogue,
                roster_at=self.inp.roster_at,
                state_at=self._state_at,
            )
            effects += tuple(d.effect for d in closes)
        return Context(
            first.editor,
            first.at,
            self.inp.roster_at(first.at),
            front,
            effects,
            self._page_cells(),
            self.inp.catalogue,
            self.inp.hiatus_at(first.at),
            frozenset(k for k, when in self.enacted_cells.items() if when <= first.at),
        )

    def _judge(self, revisions: Sequence[Revision], changes: Mapping[str, CellChange]) -> Judged:
        ctx = self._context(revisions, list(changes))
        gamestate = [c for c in changes.values() if is_gamestate_cell(c.cell)]
        before = economy_cells(self.state)
        live = [c for c in gamestate if c.new != before.get(c.cell)]
        pages = {r.page for r in revisions}
        found = explain(
            self.state,
            gamestate,
            live,
            slots(self.state, live, ctx),
            ctx=ctx,
            catalogue=self.inp.catalogue,
            pages=pages,
        )
        return judge(
            found,
            state=self.state,
            changes=changes,
            live=live,
            ctx=ctx,
            pages=pages,
            last_change=self._last_changes(revisions, changes),
            rolls=self._rolls_near(ctx),
            by_hand=[e for e in ctx.effects if e.cells is None and e.kind != "demand close"],
        )

    def _last_changes(
        self, revisions: Sequence[Revision], changes: Mapping[str, CellChange]
    ) -> dict[str, tuple[int, str | None, bool]]:
        """Each changed cell's last change saved *before* these revisions: a half judged
        once its window has closed is not an undo of the edits saved after it."""
        first = self.position[revisions[0].revid]
        out: dict[str, tuple[int, str | None, bool]] = {}
        for cell in changes:
            earlier = [c for c in self.changed.get(cell, ()) if self.position[c[0]] < first]
            if earlier:
                out[cell] = max(earlier, key=lambda c: self.position[c[0]])
        return out

    def _rolls_near(self, ctx: Context) -> list[LedgerFact]:
        window = self.inp.pairing_window
        return [f for f in self.rolls if ctx.at - window <= f.at <= ctx.at]

    def _finish_alone(self, half: _Half) -> None:
        judged = self._judge(half.revisions, half.changes)
        self._finish(half.revisions, judged.as_lone(), ())

    def _finish(
        self, revisions: Sequence[Revision], judged: Judged, extra: tuple[Finding, ...]
    ) -> None:
        ids = tuple(r.revid for r in revisions)
        before = self.state
        actions: list[AuditedAction] = []
        key = "+".join(str(i) for i in ids)
        for n, done in enumerate(judged.recorded):
            op_id = f"{self.inp.op_prefix}:{key}:{n}"
            self._note_enacted(done.json, revisions[0].at)
            actions.append(AuditedAction(done.name, done.actor, done.args, ids, op_id))
            if op_id not in self.known_ops:
                self.known_ops.add(op_id)
                self.facts.append(
                    NewFact(
                        op_id,
                        done.json,
                        done.actor,
                        revisions[0].at,
                        ids,
                        done.state or judged.state,
                        done.changes,
                    )
                )
        actions += [AuditedAction(a.name, a.actor, a.args, ids, None) for a in judged.refused]
        self.state = judged.state
        for cell, change in judged.changes.items():
            self.changed.setdefault(cell, []).append(
                (ids[-1], change.old, judged.verdict is Verdict.LEGAL)
            )
        was, now = victory(before), victory(self.state)
        if now is not None and (was is None or was.winner != now.winner) and actions:
            self.events.append(
                Event(
                    "project_completion",
                    ids[-1],
                    revisions[-1].at,
                    {"winner": now.winner, "reason": now.reason},
                )
            )
        for revision in revisions:
            self.results[revision.revid] = _audit(
                revision, judged.verdict, tuple(actions), (*judged.findings, *extra)
            )

    def _discrepancies(self) -> list[Discrepancy]:
        page = {k: v for k, v in self._page_cells().items() if is_gamestate_cell(k)}
        ledger = economy_cells(self.state)
        return [
            Discrepancy(cell, page.get(cell), ledger.get(cell))
            for cell in dict.fromkeys([*ledger, *page])
            if page.get(cell) != ledger.get(cell)
        ]


def _audit(
    revision: Revision,
    verdict: Verdict,
    actions: tuple[AuditedAction, ...],
    findings: tuple[Finding, ...],
) -> RevisionAudit:
    return RevisionAudit(
        revision.page,
        revision.revid,
        revision.parent,
        revision.editor,
        revision.at,
        revision.summary,
        revision.bot,
        verdict,
        actions,
        findings,
    )


def audit(inp: AuditInput) -> AuditResult:
    """Every revision of ``inp`` explained as legal actions, or flagged with the rule it breaks;
    the ledger rows to record; the pages' remaining differences from the ledger.

    The audit is of the game as of ``inp.now``: a revision saved after it is not audited
    (``AuditResult.later``, and an assumption says how many), nor is a ledger row that only
    such revisions produced or one recorded for a later time with no revision audited."""
    # The ledger's names as the audit lists them: an alias an Admin typed ("undo") read.
    inp = replace(inp, ledger=[replace(f, action=named(f.action)) for f in inp.ledger])
    now = inp.now
    if now is None:
        return _Walk(inp).run()
    held = [r for r in inp.revisions if r.at > now]
    later = {r.revid for r in held}
    audited = [r for r in inp.revisions if r.revid not in later]
    ids = {r.revid for r in audited}
    ledger = [
        f
        for f in inp.ledger
        if not (f.revisions and set(f.revisions) <= later)
        and (f.at <= now or any(r in ids for r in f.revisions))
    ]
    result = _Walk(replace(inp, revisions=audited, ledger=ledger)).run()
    if not held:
        return result
    first, last = held[0], held[-1]  # by time, then revision id
    span = f"r{first.revid} at {format_time(first.at)}"
    if len(held) > 1:
        span += f" to r{last.revid} at {format_time(last.at)}"
    said = (
        f"the game as of {format_time(now)}: {len(held)} revision(s) saved after it ({span}) "
        "are left for a later audit, neither audited nor recorded"
    )
    return replace(
        result,
        assumptions=(*result.assumptions, said),
        later=tuple(Later(r.page, r.revid, r.at) for r in held),
    )
