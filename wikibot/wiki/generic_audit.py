"""Any dynasty's audit, the I/O: read the gamestate pages' revisions, judge, record.

``nomicbot wiki audit`` runs this while Nomicland's rules are not in force at
``--now`` (the Nomicland audit, :mod:`wikibot.wiki.audit`, runs while they are):

1. every revision of ``[wiki] gamestate_pages`` after the cursor (the last revision
   of each page an ``--apply`` audit recorded) or ``--since``, read in batches by
   :func:`wikibot.wiki.revisions.read_revisions` (one look, then a batch per page
   with news); the Template pages the tables use, in one more request when a
   table uses one (their latest text);
2. the roster, Hiatus and the Ruleset in force of each instant (the dynasty
   timeline of the mirror's posts, roster snapshots and Ruleset revisions), and the
   Proposals and CfJs enacted since the start with a mechanical effect on values
   (:func:`rules_text.value_effects.value_effects`, the keyword in force then);
3. the pure audit (:func:`gamestate.dynasties.generic.audit.audit_tables`).

:func:`record_generic` (``--apply``) records, in one transaction and each once, a row
per audited revision (domain ``audit``, op id ``audit:REVID``: the cursor, and what
the report page lists), where the audit started on each page (``audit:base:TITLE``)
and a report operation (``audit-report``), exactly as the Nomicland audit does:
:func:`wikibot.wiki.audit_page.publish_recorded` then lists the flagged revisions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gamestate.dynasties.generic.audit import audit_tables
from gamestate.dynasties.generic.records import (
    EARLY,
    Cell,
    Effect,
    GenericAudit,
    GenericInput,
    PageRevision,
    Roll,
    Shared,
)
from gamestate.profiles.blognomic_139.admin_notes import parse_admin_note
from gamestate.profiles.blognomic_139.models import Category, Game, PostStatus
from gamestate.profiles.blognomic_139.timeline import Timeline
from rules_text.dynasty import read_dynasty
from rules_text.seed import ruleset_139_wikitext
from rules_text.tables import read_tables
from rules_text.value_effects import value_effects
from wikibot.config import WikiConfig
from wikibot.errors import WikiError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.mirror.schema import LedgerRow
from wikibot.resolve.ledger import kill_point
from wikibot.wiki.audit import CLI, roster_functions, since_said, unreadable_note
from wikibot.wiki.audit_record import AUDIT, AuditedRevision, record_revisions, repair_unfinished
from wikibot.wiki.revisions import (
    Cursor,
    RevisionReader,
    Revisions,
    Since,
    format_wiki_time,
    read_revisions,
)

__all__ = [
    "GenericRun",
    "generic_cursor",
    "record_generic",
    "render_generic",
    "run_generic_audit",
]

_TEMPLATE = re.compile(r"\{\{\s*([^{}|#:<>\[\]\n]+?)\s*(?:\||\}\})")


@dataclass(frozen=True)
class GenericRun:
    """One audit of any dynasty's pages: what was read, and what it found."""

    since: str
    """Where it started."""
    now: datetime
    """The audit's instant."""
    dynasty: str
    """The dynasty in force at ``now`` (its one line)."""
    read: Revisions
    """The revisions read, with each page at the start."""
    result: GenericAudit
    """What the audit found."""
    notes: tuple[str, ...] = ()
    """What the I/O side could not provide, and the revisions left for later."""
    requests: int = 0
    """API requests made."""

    def to_json(self) -> dict[str, Any]:
        """``{"dynasty", "since", "now", "assumptions", "revisions", "missing", "warnings"}``."""
        body = self.result.to_json()
        return {
            "dynasty": self.dynasty,
            "since": self.since,
            "now": format_wiki_time(self.now),
            "assumptions": list(self.notes),
            "revisions": body["revisions"],
            "missing": body["missing"],
            "warnings": body["warnings"],
        }


def generic_cursor(mirror: Mirror, titles: tuple[str, ...]) -> Cursor | None:
    """After the last revision of each of ``titles`` an ``--apply`` audit recorded (None:
    none recorded)."""
    last: dict[str, int] = {}
    with mirror.bound():
        for row in LedgerRow.select(LedgerRow.arguments).where(LedgerRow.domain == AUDIT):
            title, revid = str(row.arguments["page"]), int(row.arguments["revid"])
            if title in titles:
                last[title] = max(last.get(title, 0), revid)
    return Cursor(last) if last else None


def _recorded(
    mirror: Mirror, titles: tuple[str, ...]
) -> tuple[set[tuple[str, str, str]], dict[Cell, list[str]]]:
    """What earlier audits of these pages recorded: (matter, row, column) of each enacted
    effect they saw written, and each cell's values, oldest first (for corrections)."""
    done: set[tuple[str, str, str]] = set()
    earlier: dict[Cell, list[str]] = {}
    with mirror.bound():
        rows = LedgerRow.select(LedgerRow.arguments, LedgerRow.after).where(
            LedgerRow.domain == AUDIT
        )
        found = [
            (int(r.arguments.get("revid", 0)), dict(r.after))
            for r in rows
            if str(r.arguments.get("page")) in titles
        ]
    for _revid, after in sorted(found, key=lambda f: f[0]):
        for f in after.get("findings", ()):
            cause = str(f.get("cause") or "")
            if f.get("kind") in ("matched", "wrong_value") and " " in cause:
                done.add((cause.split(" ", 1)[1], str(f.get("row")), str(f.get("column"))))
        for c in after.get("changes", ()):
            cell = (str(c["page"]), str(c["table"]), str(c["row"]), str(c["column"]))
            past = earlier.setdefault(cell, [])
            for value in (c.get("from"), c.get("to")):
                if value is not None and (not past or past[-1] != value):
                    past.append(str(value))
    return done, earlier


def _templates(reader: RevisionReader, texts: list[str], notes: list[str]) -> dict[str, str]:
    """The Template pages the texts use (their latest text), in one request."""
    names: set[str] = set()
    for text in texts:
        if "{{" in text:
            names.update(m.group(1).strip() for m in _TEMPLATE.finditer(text))
    names = {n[:1].upper() + n[1:].replace("_", " ") for n in names if n and "{" not in n}
    if not names:
        return {}
    try:
        found = reader.look([f"Template:{n}" for n in sorted(names)])
    except WikiError as exc:
        notes.append(f"the templates could not be read ({exc}): cells read as their source")
        return {}
    return {t.removeprefix("Template:"): r.text for t, r in found.items() if r and r.text}


def _effects(
    game: Game | None, *, after: datetime, now: datetime, columns: set[str], keyword_at: Any
) -> list[Effect]:
    if game is None or not columns:
        return []
    kinds = {Category.PROPOSAL: "proposal", Category.CFJ: "cfj"}
    out = []
    for p in game.posts:
        at = p.resolved_at
        if p.category not in kinds or p.status is not PostStatus.ENACTED or at is None:
            continue
        if not (after - EARLY < at <= now):
            continue
        read = value_effects(p.body_html, player=keyword_at(at), columns=sorted(columns))
        if read is None:
            continue
        admin = (parse_admin_note(p.admin_note).admin if p.admin_note else None) or p.author
        out.append(Effect(kinds[Category(p.category)], p.id, at, admin, read.sets, read.by))
    return sorted(out, key=lambda e: e.at)


def _rolls(mirror: Mirror) -> list[Roll]:
    """The GNDT rolls ``nomicbot roll --apply`` recorded (any dynasty), oldest first."""
    out = []
    for entry in Ledger(mirror).actions():
        if entry.action != "roll":
            continue
        values = [str(v) for v in entry.after.get("values", ())]
        total = entry.after.get("total")
        if total is not None and len(values) > 1:
            values.append(str(total))
        command = str(entry.arguments.get("command", ""))
        cause = str(entry.arguments.get("cause", ""))
        out.append(Roll(entry.op_id, entry.actor, entry.at, command, cause, tuple(values)))
    return sorted(out, key=lambda r: r.at)


def _rules(game: Game | None) -> Callable[[datetime], Shared]:
    timeline = Timeline.from_game(game) if game is not None else None
    cache: dict[tuple[int | None, bool], Shared] = {}

    def rules_at(moment: datetime) -> Shared:
        if timeline is None:
            return Shared(read_dynasty(ruleset_139_wikitext()))
        index = timeline.rulesets.index_at(moment)
        down = timeline.is_downtime(moment)
        key = (index, down)
        if key not in cache:
            in_force = timeline.rulesets.at(moment)
            text = in_force.revision.text if in_force.revision else ruleset_139_wikitext()
            core = in_force.core
            cache[key] = Shared(
                read_dynasty(text),
                hiatus_allowed=core.hiatus.allowed,
                downtime_allowed=core.downtime.allowed if core.downtime else (),
                downtime=down,
            )
        return cache[key]

    return rules_at


def run_generic_audit(
    reader: RevisionReader,
    mirror: Mirror,
    wiki: WikiConfig,
    *,
    now: datetime,
    game: Game | None,
    since: Since | None = None,
    from_start: bool = False,
) -> GenericRun:
    """Reads the gamestate pages' revisions after the cursor (or ``since``; or every
    revision, ``from_start``) and audits them; nothing is recorded."""
    titles = wiki.gamestate_pages
    if not titles:
        raise WikiError(
            "Nomicland's rules are not in force and [wiki] gamestate_pages names no page: "
            "name the pages that hold the dynasty's gamestate"
        )
    start: Cursor | Since
    if from_start:
        start, said = Cursor({}), "the first revision"
    elif since is not None:
        start, said = since, since_said(since)
    else:
        cursor = generic_cursor(mirror, titles)
        if cursor is None:
            raise WikiError(
                "nothing of these pages audited yet: give --since REVID or --since ISO "
                "(where to start)"
            )
        start = cursor
        said = "after revisions " + ", ".join(f"{t} {r}" for t, r in cursor.last.items())
    spent = reader.requests
    read = read_revisions(reader, list(titles), after=start)
    now_revisions = [r for r in read.revisions if r.at <= now]
    later = len(read.revisions) - len(now_revisions)
    notes: list[str] = []
    if later:
        notes.append(
            f"the game as of {format_wiki_time(now)}: {later} revision(s) saved after it "
            "are left for a later audit, neither audited nor recorded"
        )
    notes.extend(unreadable_note(r) for r in read.unreadable)
    base = {t: read.bases[t].text or "" for t in titles}
    texts = [*base.values(), *(r.text or "" for r in now_revisions)]
    templates = _templates(reader, texts, notes) if now_revisions else {}
    key = wiki.gamestate_key or None
    columns: set[str] = set()
    for text in {*base.values(), *(r.text or "" for r in now_revisions[-len(titles) :])}:
        for t in read_tables(text, key=key, templates=templates).tables:
            columns.update(c for c in t.columns if c != t.key)
    rules_at = _rules(game)
    starts = [since.at] if since is not None and since.at is not None else []
    first = starts[0] if starts else (now_revisions[0].at if now_revisions else now)
    effects = _effects(
        game,
        after=first,
        now=now,
        columns=columns,
        keyword_at=lambda m: rules_at(m).dynasty.keyword,
    )
    roster, hiatus = roster_functions(game)
    done_cells, earlier = _recorded(mirror, titles)
    done = frozenset(
        (e.matter, p, c)
        for e in effects
        for (p, c) in (*e.sets, *e.by)
        for (m, row, column) in done_cells
        if m == e.matter and row.casefold() == p.casefold() and column.casefold() == c.casefold()
    )
    inp = GenericInput(
        revisions=[
            PageRevision(r.title, r.revid, r.parent, r.editor, r.at, r.summary, r.text, r.bot)
            for r in now_revisions
        ],
        base=base,
        roster_at=lambda m: (roster(m).imagineers, roster(m).idle),
        hiatus_at=hiatus,
        rules_at=rules_at,
        effects=effects,
        rolls=_rolls(mirror),
        earlier=earlier,
        done=done,
        key=key,
        templates=templates,
    )
    result = audit_tables(inp)
    line = rules_at(now).dynasty.line()
    return GenericRun(said, now, line, read, result, tuple(notes), reader.requests - spent)


def record_generic(mirror: Mirror, run: GenericRun, *, by: str = CLI) -> int:
    """Records each audited revision once, with where the audit started on each page and
    the report operation, in one transaction; returns how many revisions were new."""
    audited = [
        AuditedRevision(
            r.revision.page,
            r.revision.revid,
            r.revision.at,
            r.revision.editor,
            r.verdict,
            r.is_flagged,
            r.to_json(),
        )
        for r in run.result.revisions
    ]
    with mirror.bound(), mirror.db.atomic():
        repair_unfinished(mirror)
        new = record_revisions(mirror, run.read, audited, since=run.since, now=run.now, by=by)
    kill_point("audit: recorded")
    return new


def _finding(f: Mapping[str, Any]) -> str:
    head = f"    {f['kind']}"
    if f.get("rule"):
        head += f': rule "{f["rule"]}"'
    if f.get("cell"):
        head += f" at {f['cell']}"
    if f.get("cause"):
        head += f" ({f['cause']})"
    expected, found = f.get("expected"), f.get("found")
    if isinstance(expected, str) and expected.startswith("refused: "):
        head += f": {expected.removeprefix('refused: ')}, found {found}"
    elif f["kind"] in ("matched", "wrong_value", "correction") and expected is not None:
        head += f": expected {expected}, found {found}"
    if f.get("words") and f["kind"] in ("refused", "wrong_value"):
        head += f'\n      "{f["words"]}"'
    return head


def render_generic(data: Mapping[str, Any]) -> list[str]:
    """The audit as text: the dynasty, then one block per revision (its cells and what
    the rules say), the effects never written and the tables not read."""
    revisions = data["revisions"]
    flagged = sum(1 for r in revisions if r["verdict"] == "illegal")
    since = str(data["since"])
    start = since if since.startswith("after ") else f"since {since}"
    lines = [
        data["dynasty"],
        f"Audit of the gamestate pages {start}, as of {data['now']}: "
        f"{len(revisions)} revision(s), {flagged} flagged.",
    ]
    lines.extend(f"Assumed: {a}" for a in data["assumptions"])
    for r in revisions:
        lines.append(
            f"r{r['revid']} {r['page']} {r['at']} {r['editor'] or '(hidden)'}: {r['verdict']}"
            + (f"  [{r['summary']}]" if r["summary"] else "")
        )
        for c in r["changes"]:
            lines.append(f"    {c['table']}/{c['row']}/{c['column']}: {c['from']} -> {c['to']}")
        lines.extend(_finding(f) for f in r["findings"] if f["kind"] != "unchecked")
    for m in data["missing"]:
        lines.append(
            f"Missing: {m['matter']} (resolved {m['since']}) sets {m['cell']} to "
            f"{m['expected'] if m['expected'] is not None else 'a changed value'}; "
            f"the page holds {m['found']}"
        )
    lines.extend(f"Not read: {w}" for w in data["warnings"])
    return lines
