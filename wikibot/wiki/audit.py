"""The wiki audit's I/O: read the revisions, build the audit's input, record what it found.

``nomicbot wiki audit`` and ``watch`` run :func:`run_audit`:

1. the revisions of the Nomicland and Gamestate pages after the cursor (the last
   revision of each page audited, kept in the mirror) or after ``--since``, read
   in batches (:mod:`wikibot.wiki.revisions`);
2. the audit's input: the pages at the starting point, the economy's ledger
   (:class:`LedgerFact` per applied row), the roster and Hiatus of each instant
   from the dynasty timeline (the mirror's posts and roster snapshots), the
   Ruleset's Buildings, the front page as of an instant (read only when asked),
   and the matters enacted on the blog;
3. the pure audit (:func:`gamestate.dynasties.nomicland.audit.audit`).

:func:`record_audit` (``--apply``) writes what it found into the mirror, once, in
one transaction (a run killed midway has recorded nothing):

* each new ledger row (domain ``nomicland``), its cause the revision id(s), so the
  economy's replay, ``state`` and the next action see it;
* one row per audited revision (domain ``audit``, op id ``audit:REVID``) with
  its verdict and findings: the cursor. A revision that is half of an action
  whose other half may still come (``pending``), and everything after it, is not
  recorded: the next audit reads it again, so the halves can still pair;
* a report operation (domain ``audit-report``), ``started``: the report page
  must now list these revisions.

The report page (``[wiki] audit_page``) lists every flagged revision recorded, one
line each, between ``nomicbot:audit`` markers, rebuilt from the mirror
(:mod:`wikibot.wiki.audit_page`); its edit marks every started report operation
``applied``. A run killed after recording and before that (or whose edit failed)
leaves one started, and the next run, even with nothing new, edits the page: every
interrupted run ends as an uninterrupted one.

Tests kill a run on purpose at each write point (``NOMICBOT_TEST_KILL_AT``, as for
``resolve``: :func:`wikibot.resolve.ledger.kill_point`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gamestate.dynasties.nomicland.audit.inputs import (
    GAMESTATE,
    NOMICLAND,
    AuditInput,
    BlogEffect,
    LedgerFact,
    Revision,
    RosterView,
)
from gamestate.dynasties.nomicland.audit.results import AuditResult, NewFact, RevisionAudit
from gamestate.profiles.blognomic_139.models import Category, Game, PostStatus
from gamestate.profiles.blognomic_139.timeline import Timeline
from rules_text import BuildingCatalogue, ChangeValue, Page, SetValue, read_proposal_text
from wikibot.config import WikiConfig
from wikibot.errors import WikiError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import APPLIED, BASELINE, Ledger, LedgerEntry
from wikibot.mirror.schema import LedgerRow
from wikibot.resolve.ledger import kill_point
from wikibot.wiki.audit_record import (
    AUDIT,
    REPORT,
    AuditedRevision,
    record_revisions,
    record_row,
    repair_unfinished,
)
from wikibot.wiki.drift import ruleset_buildings
from wikibot.wiki.economy import FRONT_PAGE
from wikibot.wiki.pages.gamestate import COLUMNS
from wikibot.wiki.revisions import (
    Cursor,
    RevisionReader,
    Revisions,
    Since,
    WikiRevision,
    format_wiki_time,
)

__all__ = [
    "AUDIT",
    "CLI",
    "REPORT",
    "WATCH",
    "AuditRun",
    "audit_cursor",
    "audit_started",
    "audited_revisions",
    "blog_effects",
    "enacted_changes",
    "flagged_by",
    "flagged_rows",
    "ledger_facts",
    "record_audit",
    "report_published",
    "roster_functions",
    "run_audit",
    "since_said",
    "unpublished",
    "unreadable_note",
]

CLI = "wiki audit --apply"
"""Who audits, on a report operation: the command (the default), or :data:`WATCH`."""
WATCH = "watch"
"""The watcher, which announces each flagged revision it records."""


@dataclass(frozen=True)
class AuditRun:
    """One audit: what was read, and what the audit found."""

    since: str
    """Where it started: ``revision N`` / ``after revisions ...`` / an instant."""
    now: datetime
    """The audit's instant."""
    read: Revisions
    """The revisions read, with the pages at the start."""
    result: AuditResult
    """The pure audit's result."""
    titles: Mapping[str, str]
    """Page role (``Nomicland``/``Gamestate``) -> title."""
    notes: tuple[str, ...] = ()
    """What the I/O side could not provide (unreadable revisions, no roster)."""
    requests: int = 0
    """API requests made for this audit (the client's login aside)."""
    revision_titles: Mapping[int, str] = field(default_factory=dict)
    """Revision id -> its page's title."""

    def to_json(self) -> dict[str, Any]:
        """Issue 20's object: ``{"since", "now", "assumptions", "revisions", "pending",
        "discrepancies", "events", "state"}``."""
        body = self.result.to_json()
        return {
            "since": self.since,
            "now": format_wiki_time(self.now),
            "assumptions": [*body["assumptions"], *self.notes],
            "revisions": body["revisions"],
            "pending": body["pending"],
            "discrepancies": body["discrepancies"],
            "events": body["events"],
            "state": body["state"],
        }

    @property
    def recordable(self) -> tuple[RevisionAudit, ...]:
        """The audited revisions before the first ``pending`` one (those the cursor passes).

        The cursor is the last recorded revision id of each page, so none is recorded whose
        id passes a revision held back on its page: a ``pending`` half, or one saved after
        ``--now`` (not audited): a later audit must read those again."""
        held: dict[str, int] = {}
        waiting = [(p.page, p.revid) for p in self.result.pending]
        for page, revid in [*waiting, *((r.page, r.revid) for r in self.result.later)]:
            held[page] = min(held.get(page, revid), revid)
        out: list[RevisionAudit] = []
        for r in self.result.revisions:
            if r.verdict.value == "pending" or r.revid >= held.get(r.page, r.revid + 1):
                break
            out.append(r)
        return tuple(out)


# The cursor.


def audited_revisions(mirror: Mirror) -> dict[int, str]:
    """Revision id -> its verdict, for every revision an ``--apply`` audit recorded."""
    with mirror.bound():
        rows = LedgerRow.select(LedgerRow.arguments).where(LedgerRow.domain == AUDIT)
        return {int(r.arguments["revid"]): str(r.arguments["verdict"]) for r in rows}


def audit_started(mirror: Mirror) -> bool:
    """Has an ``--apply`` audit recorded a revision in this mirror (``watch`` audits only
    then: an Admin chose where the audit starts)."""
    with mirror.bound():
        return LedgerRow.select().where(LedgerRow.domain == AUDIT).exists()


def audit_cursor(mirror: Mirror, pages: WikiConfig) -> Cursor | None:
    """Where the next audit starts: after the last audited revision of each page; before
    any audit, after the revisions the bot first read (the ledger's baselines); None
    when there is neither (``--since`` is then needed)."""
    last: dict[str, int] = {}
    with mirror.bound():
        rows = LedgerRow.select(LedgerRow.arguments).where(LedgerRow.domain == AUDIT)
        for row in rows:
            title, revid = str(row.arguments["page"]), int(row.arguments["revid"])
            last[title] = max(last.get(title, 0), revid)
    if last:
        return Cursor(last)
    ledger = Ledger(mirror)
    for title in (pages.nomicland_page, pages.gamestate_page):
        base = ledger.get(f"{BASELINE}:{title}")
        if base is not None and title in base.revisions:
            last[title] = int(base.revisions[title])
    return Cursor(last) if len(last) == 2 else None


# The audit's input, from the mirror.


def _fact(entry: LedgerEntry) -> LedgerFact:
    revisions = [int(r) for r in entry.revisions.values()]
    revisions += [int(r) for r in entry.after.get("audit_revisions", ()) if int(r) not in revisions]
    state = entry.after.get("state")
    values = entry.after.get("values", ())
    rolled = [v for v in values if isinstance(v, int | str)] if entry.action == "roll" else []
    return LedgerFact(
        op_id=entry.op_id,
        action={"action": entry.action, **dict(entry.arguments)},
        actor=entry.actor,
        at=entry.at,
        cause=entry.cause,
        revisions=tuple(revisions),
        state=state if isinstance(state, dict) else None,
        result=tuple(rolled),
    )


def ledger_facts(ledger: Ledger) -> list[LedgerFact]:
    """The economy ledger's applied rows, in order, as the audit reads them."""
    return [_fact(e) for e in ledger.actions()]


def roster_functions(
    game: Game | None,
) -> tuple[Callable[[datetime], RosterView], Callable[[datetime], str | None]]:
    """Who is who, and why the game is in Hiatus, at each instant (the dynasty timeline)."""
    if game is None:
        return (lambda moment: RosterView(frozenset())), (lambda moment: None)
    timeline = Timeline.from_game(game)

    def roster_at(moment: datetime) -> RosterView:
        roster = timeline.reigns.roster_at(moment)
        return RosterView(roster.active | roster.idle, roster.idle, roster.boss or "")

    # Seasonal Downtime is the audit's own check (by date, under its own rule).
    return roster_at, timeline.hiatus_reason


def blog_effects(game: Game | None, closed: Mapping[str, datetime] = {}) -> list[BlogEffect]:
    """Enacted Proposals and CfJs, oldest first, each with the Gamestate cells its text sets
    or changes by an amount when ``resolve`` reads it as a mechanical form
    (:func:`enacted_changes`); otherwise its effects are "applied by hand, unchecked"."""
    if game is None:
        return []
    kinds = {Category.PROPOSAL: "proposal", Category.CFJ: "cfj"}
    effects = []
    for p in game.posts:
        if p.category in kinds and p.status is PostStatus.ENACTED and p.resolved_at is not None:
            cells, by = enacted_changes(p.body_html, game) or (None, {})
            admin = _admin(p.admin_note) or p.author
            kind = kinds[Category(p.category)]
            effects.append(BlogEffect(kind, p.id, p.resolved_at, admin, cells=cells, by=by))
    return sorted(effects, key=lambda e: e.at)


def enacted_changes(body_html: str, game: Game) -> tuple[dict[str, str], dict[str, int]] | None:
    """What an enacted text does to the Gamestate table, read as ``resolve --with-text``
    reads it: the cells (``Gamestate/NAME/COLUMN``) it sets to a value, and those it
    changes by an amount ("Reduce Kevan's Debt by 5": -5, applied to the ledger's value
    when the change is written in). None ("applied by hand, unchecked") unless every
    instruction is a mechanical form and one of them is on the Gamestate."""
    text = read_proposal_text(body_html, player=game.terms.player, columns=COLUMNS)
    values = text.on(Page.GAMESTATE)
    if not text.is_mechanical or not values:
        return None
    names = {p.name.casefold(): p.name for p in game.players}
    cells: dict[str, str] = {}
    by: dict[str, int] = {}
    for change in values:
        if not isinstance(change, SetValue | ChangeValue):
            return None
        name = names.get(change.player.casefold(), change.player)
        cell = f"{GAMESTATE}/{name}/{change.column}"
        if isinstance(change, SetValue):
            by.pop(cell, None)  # a value set last is the value, whatever came before
            cells[cell] = str(change.value)
        elif cell in cells:
            cells[cell] = str(int(cells[cell]) + change.by)
        else:
            by[cell] = by.get(cell, 0) + change.by
    return cells, by


def _admin(note: str | None) -> str | None:
    from gamestate.profiles.blognomic_139.admin_notes import parse_admin_note

    return parse_admin_note(note).admin if note else None


def _revision(r: WikiRevision, role: str) -> Revision:
    return Revision(role, r.revid, r.parent, r.editor, r.at, r.summary, r.text, r.bot)


def since_said(since: Since) -> str:
    """Where an audit given ``--since`` starts, as its output says it: ``revision REVID``
    or the instant."""
    return f"revision {since.revid}" if since.at is None else format_wiki_time(since.at)


def unreadable_note(r: WikiRevision) -> str:
    """The note on a revision whose text or editor the wiki hides: reported, never
    guessed."""
    return (
        f"{r.title}: revision {r.revid} by {r.editor or 'a hidden editor'} at "
        f"{format_wiki_time(r.at)} is unreadable ({r.hidden}): reported, not guessed"
    )


def run_audit(
    reader: RevisionReader,
    mirror: Mirror,
    pages: WikiConfig,
    *,
    now: datetime,
    game: Game | None,
    since: Since | None = None,
    ruleset: Callable[[], str | None] | None = None,
    catalogue: BuildingCatalogue | None = None,
) -> AuditRun:
    """Reads the new revisions and audits them (nothing is recorded: see
    :func:`record_audit`). ``ruleset`` reads the Ruleset's text, only when there is
    something to audit (an audit with nothing new costs one request)."""
    from gamestate.dynasties.nomicland.audit import audit

    roles = {NOMICLAND: pages.nomicland_page, GAMESTATE: pages.gamestate_page}
    role_of = {title: role for role, title in roles.items()}
    start: Cursor | Since
    if since is not None:
        start, said = since, since_said(since)
    else:
        cursor = audit_cursor(mirror, pages)
        if cursor is None:
            raise WikiError(
                "nothing audited yet and the ledger has no first read of the pages: give "
                "--since REVID or --since ISO (where to start)"
            )
        start = cursor
        said = "after revisions " + ", ".join(
            f"{role} {cursor.last[t]}" for role, t in roles.items() if t in cursor.last
        )
    spent = reader.requests
    read = _read(reader, roles, start)
    notes = tuple(unreadable_note(r) for r in read.unreadable)
    if catalogue is None:
        text = ruleset() if (ruleset is not None and read.revisions) else None
        catalogue = ruleset_buildings(text) if text is not None else None
        if catalogue is None:
            catalogue = BuildingCatalogue(())  # no Ruleset to read: no Building is known
    roster_at, hiatus_at = roster_functions(game)
    ledger = Ledger(mirror)
    from wikibot.wiki.dynasty import closed_demand_posts

    inp = AuditInput(
        revisions=[_revision(r, role_of[r.title]) for r in read.revisions],
        base={role: read.bases[t].text or "" for role, t in roles.items()},
        ledger=ledger_facts(ledger),
        roster_at=roster_at,
        hiatus_at=hiatus_at,
        catalogue=catalogue,
        front_page_at=lambda moment: reader.front_page_at(FRONT_PAGE, moment),
        enacted=blog_effects(game, closed_demand_posts(ledger)),
        demand_posts=game.posts if game is not None else (),
        now=now,
    )
    result = audit(inp)
    return AuditRun(
        said,
        now,
        read,
        result,
        roles,
        notes,
        reader.requests - spent,
        {r.revid: r.title for r in read.revisions},
    )


def _read(reader: RevisionReader, roles: Mapping[str, str], start: Cursor | Since) -> Revisions:
    from wikibot.wiki.revisions import read_revisions

    return read_revisions(reader, [roles[NOMICLAND], roles[GAMESTATE]], after=start)


# Recording (--apply).


def _fact_entry(fact: NewFact, titles: Mapping[int, str]) -> LedgerEntry:
    action = dict(fact.action)
    name = str(action.pop("action"))
    by_page: dict[str, int] = {}
    for revid in fact.revisions:
        title = titles.get(revid)
        if title is not None:
            by_page[title] = max(by_page.get(title, 0), revid)
    return LedgerEntry(
        fact.op_id,
        fact.at,
        fact.actor,
        name,
        arguments=action,
        before={},
        after={
            "state": dict(fact.state),
            "changes": list(fact.changes),
            "audit_revisions": list(fact.revisions),
            "rule": fact.changes[0] if fact.changes else name,
        },
        cause=fact.cause,
        revisions=by_page,
    )


def record_audit(mirror: Mirror, run: AuditRun, *, by: str = CLI) -> tuple[int, int]:
    """Writes the new ledger rows, the cursor, the per-revision rows and the report
    operation, each once and all in one transaction (a run killed midway recorded
    nothing); returns how many ledger rows and audited revisions were new (a rerun:
    ``(0, 0)``). ``by`` is who audits (``wiki audit --apply`` or ``watch``)."""
    recorded = run.recordable
    passed = {r.revid for r in recorded}
    ledger = Ledger(mirror)
    facts = 0
    audited = [
        AuditedRevision(
            run.revision_titles.get(r.revid, run.titles.get(r.page, r.page)),
            r.revid,
            r.at,
            r.editor,
            r.verdict.value,
            r.is_flagged,
            r.to_json(),
        )
        for r in recorded
    ]
    with mirror.bound(), mirror.db.atomic():
        repair_unfinished(mirror)
        for fact in run.result.new_facts:
            if not set(fact.revisions) <= passed or ledger.get(fact.op_id) is not None:
                continue  # waits for its pending half, or recorded already
            entry = _fact_entry(fact, run.revision_titles)
            record_row(ledger, entry, f"ledger row {entry.op_id}")
            facts += 1
        new = record_revisions(mirror, run.read, audited, since=run.since, now=run.now, by=by)
    kill_point("audit: recorded")
    return facts, new


def unpublished(mirror: Mirror) -> list[LedgerEntry]:
    """The report operations not yet done: audits whose revisions the report page may not
    list yet (the page was not edited after them, or the run was killed first)."""
    return Ledger(mirror, domain=REPORT).pending()


def report_published(mirror: Mirror, reports: Sequence[LedgerEntry]) -> None:
    """Marks the report operations done: the report page lists their revisions."""
    ledger = Ledger(mirror, domain=REPORT)
    with mirror.bound(), mirror.db.atomic():
        for entry in reports:
            ledger.finish(entry.op_id)
    kill_point("audit: report applied")


def flagged_by(mirror: Mirror, by: str) -> list[int]:
    """The flagged revisions that audits by ``by`` recorded (``watch`` announces them)."""
    with mirror.bound():
        rows = LedgerRow.select(LedgerRow.arguments).where(LedgerRow.domain == REPORT)
        found = [dict(r.arguments) for r in rows]
    return sorted(int(v) for a in found if a.get("by") == by for v in a.get("flagged", ()))


def flagged_rows(mirror: Mirror) -> list[Mapping[str, Any]]:
    """Every flagged revision recorded by an audit (the report page's lines), by id."""
    with mirror.bound():
        rows = LedgerRow.select(LedgerRow.after).where(
            (LedgerRow.domain == AUDIT) & (LedgerRow.state == APPLIED)
        )
        found = [dict(r.after) for r in rows]
    flagged = [r for r in found if r.get("verdict") in ("illegal", "unexplained", "ambiguous")]
    return sorted(flagged, key=lambda r: int(r["revid"]))


def flagged_json(revisions: Sequence[RevisionAudit]) -> list[dict[str, Any]]:
    """The flagged revisions of one run as the report page reads them."""
    return [r.to_json() for r in revisions if r.is_flagged]
