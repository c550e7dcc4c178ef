"""Any dynasty's gamestate audit: each edit of the gamestate tables, cell by cell, judged
by the rules that hold in every dynasty.

For each revision of the ``[wiki] gamestate_pages`` (oldest first), the cells it
changed (page, table, row, column, from, to; tables read by
:func:`rules_text.tables.read_tables`), then:

* an editor who is not a player on that day's roster is flagged under "Gamestate
  Tracking" ("Any Imagineer may update any Imagineer's data"), an Idle one under the
  Idle rule ("Idle Imagineers are not counted as Imagineers");
* an edit during Hiatus (rule "Victory and Ascension") or Seasonal Downtime is
  flagged, unless a rule allowed then explains it: an enacted matter's effect
  ("Votable Matters", "Calls for Judgement") or a correction ("Gamestate Tracking");
* a cell an enacted Proposal or CfJ sets ("Set Kevan's Score to 5") or changes by
  an amount ("Increase Kevan's Score by 2") is checked when it is next written
  after the Admin resolved it (from an hour before, the Admin may edit first):
  ``matched``, or ``wrong_value`` (flagged, rule "Resolution of Proposals"); a
  cell never written is ``missing`` at the end;
* a change back to the value a cell held before its last change is a correction;
* anything else is ``unchecked``: the dynasty's own rules decide it.

Each revision's verdict: ``illegal`` (flagged), ``unchecked``, ``legal`` (every
change explained), ``no change`` (no cell changed) or ``unreadable`` (text hidden).
Pure: the caller passes the revisions, the roster and the rules of each instant. The
records it reads and returns are in :mod:`gamestate.dynasties.generic.records`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from gamestate.dynasties.generic.records import (
    EARLY,
    Cell,
    CellChange,
    Effect,
    Finding,
    GenericAudit,
    GenericInput,
    Missing,
    PageRevision,
    RevisionAudit,
    RevisionVerdict,
    Roll,
    cell_name,
)
from rules_text.dynasty import Quote
from rules_text.tables import Tables, read_tables

__all__ = ["audit_tables"]

Grid = dict[Cell, str]


def _grid(page: str, tables: Tables) -> Grid:
    return {
        (page, t.name, row, column): value
        for t in tables.tables
        for row, cells in t.rows.items()
        for column, value in cells.items()
        if column != t.key
    }


def _diff(old: Grid, new: Grid) -> list[CellChange]:
    out = []
    for cell in sorted(set(old) | set(new)):
        a, b = old.get(cell), new.get(cell)
        if a != b:
            out.append(CellChange(cell, a, b))
    return out


def _refusal(quote: Quote, why: str, cell: str, found: str | None) -> Finding:
    return Finding("refused", cell, quote.rule, quote.words, f"refused: {why}", found)


def _number(text: str | None) -> int | None:
    from rules_text.tables import number

    found = number(text) if text is not None else None
    return found if isinstance(found, int) else None


class _State:
    """What the audit knows while it walks the revisions."""

    def __init__(self, inp: GenericInput) -> None:
        self.inp = inp
        self.grids: dict[str, Grid] = {}
        self.history: dict[Cell, list[str]] = {c: list(v) for c, v in inp.earlier.items()}
        self.written: set[tuple[str, str, str]] = set(inp.done)
        self.warned: dict[str, set[str]] = {}
        self.warnings: list[str] = []

    def read(self, page: str, text: str, revid: int | None) -> Grid:
        tables = read_tables(text, key=self.inp.key, templates=self.inp.templates)
        said = {str(w) for w in tables.warnings}
        for w in sorted(said - self.warned.get(page, set())):
            where = f"revision {revid}" if revid is not None else "the start"
            self.warnings.append(f"{page} ({where}): {w}")
        self.warned[page] = said
        return _grid(page, tables)

    def pending(self, moment: datetime) -> dict[tuple[str, str], tuple[Effect, str | None, int]]:
        """(player, column) folded -> the effect awaiting its write at ``moment``."""
        out: dict[tuple[str, str], tuple[Effect, str | None, int]] = {}
        for e in self.inp.effects:
            if e.at - EARLY > moment:
                continue
            for (player, column), value in e.sets.items():
                if (e.matter, player, column) not in self.written:
                    out[(player.casefold(), column.casefold())] = (e, value, 0)
            for (player, column), by in e.by.items():
                if (e.matter, player, column) not in self.written:
                    out[(player.casefold(), column.casefold())] = (e, None, by)
        return out


def _judge_change(
    st: _State,
    rev: PageRevision,
    change: CellChange,
    waiting: dict[tuple[str, str], tuple[Effect, str | None, int]],
) -> list[Finding]:
    page, table, row, column = change.cell
    name = cell_name(change.cell)
    found: list[Finding] = []
    effect = waiting.get((row.casefold(), column.casefold()))
    past = st.history.get(change.cell, [])
    expected: str | None = None
    if effect is not None:
        e, value, by = effect
        expected = value
        if expected is None:
            base = _number(change.before)
            expected = str(base + by) if base is not None else None
        if rev.at < e.at and not _same(change.after, expected):
            effect = None  # before the blog shows it resolved, only its own value is its write
    if effect is not None:
        e = effect[0]
        cause = f"{e.kind} {e.matter}"
        player = next(p for (p, c) in (*e.sets, *e.by) if p.casefold() == row.casefold())
        col = next(c for (p, c) in (*e.sets, *e.by) if c.casefold() == column.casefold())
        st.written.add((e.matter, player, col))
        words = st.inp.rules_at(rev.at).dynasty.enactment
        if expected is not None and _same(change.after, expected):
            found.append(
                Finding(
                    "matched", name, words.rule, None, expected, change.after, cause, row, column
                )
            )
        else:
            found.append(
                Finding(
                    "wrong_value",
                    name,
                    words.rule,
                    words.words,
                    expected,
                    change.after,
                    cause,
                    row,
                    column,
                )
            )
    elif len(past) >= 2 and change.after is not None and _same(change.after, past[-2]):
        quote = st.inp.rules_at(rev.at).dynasty.correction
        found.append(
            Finding("correction", name, quote.rule, None, past[-2], change.after, "correction")
        )
    elif change.after is not None and any(
        (m, r, c) in st.written and _same(change.after, _effect_value(st, m, r, c))
        for (m, r, c) in _effects_on(st, row, column)
    ):
        found.append(Finding("correction", name, None, None, None, change.after, "correction"))
    else:
        roll = _roll(st, rev, change)
        if roll is not None:
            found.append(
                Finding(
                    "roll",
                    name,
                    "Random Generators",
                    None,
                    None,
                    change.after,
                    f"roll {roll.op_id} ({roll.command} by {roll.actor})",
                    row,
                    column,
                )
            )
        else:
            found.append(Finding("unchecked", name, None, None, None, change.after))
    return found


def _roll(st: _State, rev: PageRevision, change: CellChange) -> Roll | None:
    """The editor's roll of the last day whose result this change writes, when the edit
    summary names it (its op id, cause or command)."""
    if change.after is None:
        return None
    mine = [
        r
        for r in st.inp.rolls
        if r.at <= rev.at
        and rev.at - r.at <= timedelta(days=1)
        and r.actor.casefold() == rev.editor.casefold()
        and any(_same(change.after, v) for v in r.values)
    ]
    named = [r for r in mine if r.is_named_by(rev.summary)]
    return named[-1] if named else None


def _effects_on(st: _State, row: str, column: str) -> list[tuple[str, str, str]]:
    out = []
    for e in st.inp.effects:
        for p, c in e.sets:
            if p.casefold() == row.casefold() and c.casefold() == column.casefold():
                out.append((e.matter, p, c))
    return out


def _effect_value(st: _State, matter: str, player: str, column: str) -> str | None:
    for e in st.inp.effects:
        if e.matter == matter:
            return e.sets.get((player, column))
    return None


def _same(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return a is b
    na, nb = _number(a), _number(b)
    if na is not None and nb is not None:
        return na == nb
    return a.strip() == b.strip()


def _who(st: _State, rev: PageRevision, cell: str, value: str | None) -> list[Finding]:
    """Rule "Gamestate Tracking" and the Idle rule: is the editor a player, not Idle?"""
    shared = st.inp.rules_at(rev.at).dynasty
    players, idle = st.inp.roster_at(rev.at)
    when = rev.at.strftime("%Y-%m-%dT%H:%M:%SZ")
    folded = {p.casefold() for p in players}
    editor = rev.editor or "a hidden editor"
    if rev.editor.casefold() not in folded:
        why = f"{editor} is not {_a(shared.keyword)} at {when} (the roster)"
        return [_refusal(shared.gamestate_tracking, why, cell, value)]
    if rev.editor.casefold() in {p.casefold() for p in idle}:
        why = f"{editor} is Idle at {when} (the roster)"
        return [_refusal(shared.idle, why, cell, value)]
    return []


def _a(word: str) -> str:
    return ("an " if word[:1].casefold() in "aeiou" else "a ") + word


def _paused(
    st: _State, rev: PageRevision, judged: list[Finding], cell: str, value: str | None
) -> list[Finding]:
    """Hiatus and Seasonal Downtime: flagged unless an allowed rule explains the change."""
    shared = st.inp.rules_at(rev.at)
    reason = st.inp.hiatus_at(rev.at)
    kinds = ("matched", "wrong_value", "correction", "roll")
    cause = next((f for f in judged if f.kind in kinds), None)
    if cause is not None and cause.kind in ("correction", "roll"):
        rule: str | None = "Gamestate Tracking"  # "Random Generators" is its subrule
    elif cause is not None:
        rule = "Calls for Judgement" if (cause.cause or "").startswith("cfj") else "Votable Matters"
    else:
        rule = None
    out: list[Finding] = []
    if reason is not None and (rule is None or rule not in shared.hiatus_allowed):
        why = f"the game is in Hiatus ({reason})"
        out.append(_refusal(shared.dynasty.hiatus, why, cell, value))
    if shared.downtime and (rule is None or rule not in shared.downtime_allowed):
        out.append(_refusal(shared.dynasty.downtime, "Seasonal Downtime", cell, value))
    return out


def _verdict(changes: Sequence[CellChange], findings: Sequence[Finding]) -> str:
    if any(f.flags for f in findings):
        return RevisionVerdict.ILLEGAL
    if not changes:
        return RevisionVerdict.NO_CHANGE
    if any(f.kind == "unchecked" for f in findings):
        return RevisionVerdict.UNCHECKED
    return RevisionVerdict.LEGAL


def audit_tables(inp: GenericInput) -> GenericAudit:
    """Audits every revision of ``inp`` (see the module)."""
    st = _State(inp)
    for page, text in inp.base.items():
        st.grids[page] = st.read(page, text, None)
        for cell, value in st.grids[page].items():
            past = st.history.setdefault(cell, [])
            if not past or past[-1] != value:
                past.append(value)
    out: list[RevisionAudit] = []
    for rev in inp.revisions:
        if rev.text is None:
            finding = Finding("unreadable", None, None, None, None, None, "the wiki hides its text")
            out.append(RevisionAudit(rev, (), (finding,), RevisionVerdict.UNREADABLE))
            continue
        old = st.grids.get(rev.page, {})
        new = st.read(rev.page, rev.text, rev.revid)
        changes = _diff(old, new)
        findings: list[Finding] = []
        waiting = st.pending(rev.at)
        refused_editor = False
        for change in changes:
            name = cell_name(change.cell)
            judged = _judge_change(st, rev, change, waiting)
            if not refused_editor:
                who = _who(st, rev, name, change.after)
                findings.extend(who)
                refused_editor = bool(who)  # said once per revision
            findings.extend(_paused(st, rev, judged, name, change.after))
            findings.extend(judged)
            if change.after is not None:
                st.history.setdefault(change.cell, []).append(change.after)
        st.grids[rev.page] = new
        out.append(RevisionAudit(rev, tuple(changes), tuple(findings), _verdict(changes, findings)))
    missing = _missing(st, out)
    return GenericAudit(tuple(out), tuple(missing), tuple(st.warnings), frozenset(st.written))


def _missing(st: _State, audited: Sequence[RevisionAudit]) -> list[Missing]:
    """Each enacted effect no revision wrote (and that the tables do not already hold)."""
    cells: dict[tuple[str, str], tuple[Cell, str]] = {}
    for grid in st.grids.values():
        for cell, text in grid.items():
            cells.setdefault((cell[2].casefold(), cell[3].casefold()), (cell, text))
    out: list[Missing] = []
    for e in st.inp.effects:
        wanted: list[tuple[str, str, str | None]] = [(p, c, v) for (p, c), v in e.sets.items()]
        wanted += [(p, c, None) for (p, c) in e.by]
        for player, column, value in wanted:
            if (e.matter, player, column) in st.written:
                continue
            held = cells.get((player.casefold(), column.casefold()))
            if value is not None and held is not None and _same(held[1], value):
                continue  # already so: nothing to write
            name = cell_name(held[0]) if held is not None else f"{player}/{column}"
            out.append(Missing(e.matter, name, value, held[1] if held else None, e.at))
    return out
