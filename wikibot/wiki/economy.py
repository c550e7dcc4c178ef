"""Nomicland's economy on the wiki: read the pages, apply one action, record it, edit.

One action goes through :func:`perform`:

1. any operation a crashed run left ``started`` in the ledger is finished first
   (:func:`finish_pending`);
2. the Ruleset (Buildings), the Nomicland page and the Gamestate table are read;
   a page with problems is reported (page, line, rule) and nothing is edited;
3. the pure rules (:func:`gamestate.dynasties.nomicland.apply`) decide: an
   :class:`~gamestate.dynasties.nomicland.ActionRefused` changes nothing;
4. a dry run returns the diffs; otherwise the ledger row is written ``started``,
   each changed page gets one edit whose summary names the actor, the action, the
   rule and the ledger's op id, and the row is marked ``applied`` with the
   revision ids.

The edit itself is "write these values in" (the action's outcome), applied to
the page as it is at save time: re-running it is no change, and a human's edit
elsewhere on the page survives. That is what makes a re-run after a crash safe.

It is also conditional on the state it was computed from. The caller holds the
game lock (:func:`wikibot.mirror.locks.game_lock`) from before the pages are read,
so no other bot write comes between; each edit is saved on the revision read
(``baserevid``), so a human's edit since is an edit conflict; and the values are
written only into a page that still holds the values the action read (or already
holds those it writes). Otherwise the action is refused in one line and nothing
is overwritten: when none of its edits went out, its ``started`` ledger row is
taken back, so running the command again computes it afresh from the page as it
is then.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from typing import Any

from gamestate.dynasties.nomicland import (
    Action,
    ApplyInterest,
    Bookkeeping,
    BudgetVersion,
    BusinessDay,
    CloseDemandPost,
    Construct,
    CreateLicense,
    CreateZone,
    Economy,
    ExerciseLicense,
    FocusGroup,
    NewBusinessDay,
    Outcome,
    Payment,
    PlayerRow,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    UnplanBuilding,
    Zone,
    apply,
    parse_visitors,
)
from gamestate.dynasties.nomicland.engine import paused
from gamestate.dynasties.nomicland.records import economy_from_record, record_of
from rules_text import BuildingCatalogue, RulesTextError, buildings, parse_ruleset
from wikibot.config import WikiConfig
from wikibot.errors import WikiError
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.mirror.locks import pause_point
from wikibot.wiki.client import EditCause, PageRevision, WikiClient, _diff
from wikibot.wiki.economy_guard import PageMoved, only_from, refusal, refused, state_before
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import NomiclandPage

__all__ = [
    "ACTIONS",
    "FRONT_PAGE",
    "ActionResult",
    "Park",
    "action_from",
    "arguments_of",
    "changed_values",
    "economy_from_record",
    "finish_pending",
    "op_id_of",
    "perform",
    "read_park",
    "record_of",
    "render_pages",
    "value_at",
]

FRONT_PAGE = "Main Page"
"""The wiki's front page, whose dynasty descriptions name the Zones (rule "Zones")."""

ACTIONS: dict[str, type[Any]] = {
    "zone create": CreateZone,
    "build": Construct,
    "day new": NewBusinessDay,
    "day process": ProcessBusinessDay,
    "license create": CreateLicense,
    "license exercise": ExerciseLicense,
    "license remove": RemoveLicense,
    "debt repay": RepayDebt,
    "debt interest": ApplyInterest,
    "demand open": FocusGroup,
    "demand close": CloseDemandPost,
    "demand unplan": UnplanBuilding,
}
"""Command name -> the action it takes."""

_COMMAND = {kind: name for name, kind in ACTIONS.items()}


# Actions as ledger arguments (JSON) and back.


def arguments_of(action: Action) -> dict[str, Any]:
    """The action's arguments as JSON values (the front page's text is not kept)."""
    values = asdict(action)
    values.pop("front_page", None)
    if "segments" in values:
        values["segments"] = "".join(s.value for s in values["segments"])
    return {
        k: (v.value if hasattr(v, "value") else v.isoformat() if isinstance(v, datetime) else v)
        for k, v in values.items()
    }


def action_from(command: str, arguments: Mapping[str, Any], *, front_page: str = "") -> Action:
    """The action a command takes, from its JSON arguments."""
    kind = ACTIONS[command]
    values = dict(arguments)
    if kind is CreateZone:
        values["front_page"] = front_page
    if "segments" in values:
        values["segments"] = parse_visitors(str(values["segments"]))
    if values.get("pay") is not None:
        values["pay"] = Payment(values["pay"])
    if values.get("budget") is not None:
        values["budget"] = BudgetVersion(values["budget"])
    for item in fields(kind):
        if item.type in ("datetime", "datetime | None") and isinstance(values.get(item.name), str):
            values[item.name] = datetime.fromisoformat(values[item.name])
    action: Action = kind(**values)
    return action


# The economy as a ledger record (JSON) and back: gamestate.dynasties.nomicland.records.


def value_at(record: Mapping[str, Any], kind: str, name: str, column: str) -> Any:
    """One value of an economy record: a player's column, a Zone, or a Business Day."""
    if kind == "players":
        row = record["players"].get(name)
        return row.get(column) if row is not None else None
    if kind == "zones":
        return next((z for z in record["zones"] if z["name"] == name), None)
    days = record["visitors"]
    number = int(name)
    return days[number - 1] if 1 <= number <= len(days) else None


def changed_values(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[list[Any]]:
    """What differs between two records: ``[kind, name, column, before, after]`` each
    (kind ``players``, ``zones`` or ``visitors``; column '' but for players)."""
    out: list[list[Any]] = []
    for name in dict.fromkeys([*before["players"], *after["players"]]):
        for column in ("budget", "debt", "smiles", "lbd"):
            a = value_at(before, "players", name, column)
            b = value_at(after, "players", name, column)
            if a != b:
                out.append(["players", name, column, a, b])
    names = [z["name"] for z in before["zones"]] + [z["name"] for z in after["zones"]]
    for name in dict.fromkeys(names):
        a, b = value_at(before, "zones", name, ""), value_at(after, "zones", name, "")
        if a != b:
            out.append(["zones", name, "", a, b])
    for number in range(1, max(len(before["visitors"]), len(after["visitors"])) + 1):
        a = value_at(before, "visitors", str(number), "")
        b = value_at(after, "visitors", str(number), "")
        if a != b:
            out.append(["visitors", str(number), "", a, b])
    return out


# Reading the pages.


@dataclass(frozen=True)
class Park:
    """The gamestate pages as read, and the economy they hold."""

    nomicland: NomiclandPage
    """The Nomicland page."""
    gamestate: GamestatePage
    """The Gamestate table."""
    revisions: Mapping[str, PageRevision]
    """Page title -> the revision read."""
    catalogue: BuildingCatalogue
    """The Buildings of the Ruleset's "Construction"."""
    economy: Economy
    """The economy the pages show, with the ledger's books."""


def read_park(
    client: WikiClient,
    pages: WikiConfig,
    *,
    boss: str,
    idle: frozenset[str] = frozenset(),
    ledger: Ledger | None = None,
    now: datetime | None = None,
    ruleset: PageRevision | None = None,
) -> Park:
    """Reads the Ruleset (unless ``ruleset`` is the page read already), Nomicland and
    Gamestate pages; refuses a page with problems."""
    if ruleset is None:
        ruleset = client.read(pages.ruleset_page)
    try:
        catalogue = buildings(parse_ruleset(ruleset.text))
    except RulesTextError:
        catalogue = None
    if not ruleset.exists or catalogue is None:
        raise WikiError(f'"{pages.ruleset_page}" has no rule "Construction" to read Buildings from')
    park_rev = client.read(pages.nomicland_page)
    table_rev = client.read(pages.gamestate_page)
    for page in (park_rev, table_rev):
        if not page.exists:
            raise WikiError(f'wiki page "{page.title}" does not exist')
    if ledger is not None and now is not None:
        for page in (park_rev, table_rev):
            ledger.record_baseline(page.title, page.text, page.revid, now)
    park = NomiclandPage.from_wikitext(
        park_rev.text, title=park_rev.title, buildings=catalogue.names()
    )
    table = GamestatePage.from_wikitext(
        table_rev.text, title=table_rev.title, business_days=len(park.business_days)
    )
    problems = list(park.problems) + list(table.problems)
    if problems:
        raise WikiError(
            f"{len(problems)} problem(s) on the gamestate pages; fix them on the wiki before "
            f"nomicbot edits them. First: {problems[0]}"
        )
    latest = ledger.latest() if ledger is not None else None
    books = Bookkeeping.from_json(latest.after.get("books", {})) if latest else Bookkeeping()
    economy = Economy.from_pages(
        rows=table.rows,
        zones=park.zones,
        days=park.business_days,
        boss=boss,
        idle=idle,
        books=books,
    )
    revisions = {park_rev.title: park_rev, table_rev.title: table_rev}
    return Park(park, table, revisions, catalogue, economy)


def render_pages(nomicland: str, gamestate: str, state: Economy) -> tuple[str, str]:
    """Both pages' texts with the economy's values written in (nothing else changes)."""
    park = NomiclandPage.from_wikitext(nomicland)
    rows, zones, days = state.to_pages()
    new_park = park.render(zones=zones, business_days=days)
    table = GamestatePage.from_wikitext(gamestate, business_days=len(days))
    return new_park, table.render(rows)


# Performing an action.


@dataclass(frozen=True)
class ActionResult:
    """What :func:`perform` did, or in a dry run would do."""

    command: str
    """The command, e.g. ``build``."""
    outcome: Outcome
    """The rules' decision: the new economy and each change with its rule."""
    diffs: Mapping[str, str]
    """Page title -> unified diff ('' when the page does not change)."""
    op_id: str
    """The ledger's operation id."""
    revisions: Mapping[str, int] = field(default_factory=dict)
    """Page title -> revision saved (empty in a dry run)."""
    dry_run: bool = True
    """Nothing was written."""
    resumed: tuple[str, ...] = ()
    """Operations of an interrupted run that were finished first."""
    already: bool = False
    """The very same operation was already applied (a re-run): nothing was done."""

    @property
    def rule(self) -> str:
        """The rule that made the first change."""
        return self.outcome.changes[0].clause.rule if self.outcome.changes else ""


def op_id_of(command: str, actor: str, arguments: Mapping[str, Any], at: datetime) -> str:
    """The same command, by the same actor, with the same arguments at the same time."""
    key = json.dumps([command, actor, dict(arguments), at.isoformat()], sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _cause(actor: str, command: str, arguments: Mapping[str, Any], rule: str, op: str) -> EditCause:
    shown = " ".join(f"{k}={v}" for k, v in arguments.items() if v is not None)
    return EditCause(
        f'{actor}: {command}{" " + shown if shown else ""} (rule "{rule}")', ledger_id=op
    )


def perform(
    client: WikiClient,
    ledger: Ledger,
    pages: WikiConfig,
    command: str,
    action: Action,
    *,
    actor: str,
    now: datetime,
    boss: str,
    idle: frozenset[str] = frozenset(),
    hiatus: str | None = None,
    cause: str = "",
    on_started: Callable[[LedgerEntry], None] | None = None,
    record: Callable[[Outcome], Mapping[str, Any]] | None = None,
) -> ActionResult:
    """Applies one action: decide, record ``started``, edit, record ``applied``.

    Raises :class:`~gamestate.dynasties.nomicland.ActionRefused` (nothing changes)
    or :class:`~wikibot.errors.WikiError`. ``on_started`` runs between the ledger's
    ``started`` row and the first edit (tests use it to crash there). ``record``
    adds keys to the ledger row's ``after`` (Focus Grouping's seed and draw).
    ``hiatus`` is why the game is in Hiatus at ``now`` (the dynasty's timeline): then,
    as in Seasonal Downtime, the action is refused (an interrupted one is finished).
    """
    arguments = arguments_of(action)
    op_id = op_id_of(command, actor, arguments, now)
    resumed: tuple[str, ...] = ()
    if not client.dry_run:
        finished = finish_pending(client, ledger, pages)
        resumed = tuple(e.op_id for e in finished)
        # A re-run of an interrupted command is that command, now finished.
        same = [
            e
            for e in finished
            if (e.action, e.actor, dict(e.arguments)) == (command, actor, arguments)
        ]
        done = same[-1] if same else ledger.get(op_id)
        if done is not None:
            outcome = Outcome(economy_from_record(done.after["state"]), ())
            return ActionResult(
                command, outcome, {}, done.op_id, done.revisions, False, resumed, already=True
            )
    if (refusal := paused(now, hiatus)) is not None:
        raise refusal
    park = read_park(client, pages, boss=boss, idle=idle, ledger=ledger, now=now)
    outcome = apply(park.economy, action, actor=actor, now=now, catalogue=park.catalogue)
    titles = list(park.revisions)
    old = [park.revisions[t].text for t in titles]
    new = render_pages(old[0], old[1], outcome.state)
    diffs = {
        t: (_diff(t, o, n) if o.rstrip() != n.rstrip() else "")
        for t, o, n in zip(titles, old, new, strict=True)
    }
    if client.dry_run:
        return ActionResult(command, outcome, diffs, op_id, dry_run=True)
    pause_point("economy-computed")  # tests: another command runs here
    rule = outcome.changes[0].clause.rule if outcome.changes else command
    after = record_of(outcome.state)
    changed = changed_values(record_of(park.economy), after)
    entry = LedgerEntry(
        op_id,
        now,
        actor,
        command,
        arguments=arguments,
        before={
            "values": [v[:3] + [v[3]] for v in changed],
            "revisions": {t: park.revisions[t].revid for t in titles},
        },
        after={
            "values": [v[:3] + [v[4]] for v in changed],
            "state": after,
            "books": outcome.state.books.to_json(),
            "pages": [t for t in titles if diffs[t]],
            "rule": rule,
            "changes": [str(c) for c in outcome.changes],
            **(record(outcome) if record is not None else {}),
        },
        cause=cause,
    )
    client.check_run_page()  # the emergency stop, before anything is recorded
    for title in entry.after["pages"]:
        client.check_bots(park.revisions[title])
    _check_unmoved(client, pages, entry, park.revisions)
    ledger.start(entry)
    if on_started is not None:
        on_started(entry)
    revisions = _write(client, pages, entry, ledger, read=park.revisions)
    ledger.finish(op_id, revisions)
    return ActionResult(command, outcome, diffs, op_id, revisions, False, resumed)


def _write(
    client: WikiClient,
    pages: WikiConfig,
    entry: LedgerEntry,
    ledger: Ledger,
    *,
    read: Mapping[str, PageRevision] | None = None,
) -> dict[str, int]:
    """The entry's edits, one per page it changes; an edit already on the page history
    (its summary holds the op id) is not made again.

    Each edit is saved on the revision ``read`` when the action was computed (a
    resumed one on the page as it is now), and only into a page that holds the
    values the action read or those it writes: otherwise a one-line WikiError, the
    entry taken back from the ledger if none of its edits went out.
    """
    cause = _cause(
        entry.actor, entry.action, entry.arguments, str(entry.after.get("rule", "")), entry.op_id
    )
    marker = f"ledger #{entry.op_id}"
    revisions: dict[str, int] = {}
    for title, guarded in _guards(pages, entry).items():
        # A fresh action (``read``) has no edit yet: only a resumed one looks for its own.
        done = [] if read else [r for r in client.history(title) if marker in r.comment]
        if done:
            revisions[title] = done[0].revid
            continue
        base = read.get(title) if read is not None else None
        try:
            result = client.edit(title, guarded, cause=cause, base=base)
        except PageMoved as moved:
            raise refusal(entry, ledger, title, str(moved), written=revisions) from None
        if result.revid is not None:
            revisions[title] = result.revid
    return revisions


def _guards(pages: WikiConfig, entry: LedgerEntry) -> dict[str, Callable[[str], str]]:
    """Page title -> the entry's change of that page, made only into a page that shows
    the values the entry read or those it writes (:func:`only_from`)."""
    state = economy_from_record(entry.after["state"])
    rows, zones, days = state.to_pages()
    before = state_before(entry)
    guards = {}
    for title in entry.after.get("pages", ()):
        change = (
            _park_change(title, zones, days)
            if title == pages.nomicland_page
            else _table_change(title, rows, len(days))
        )
        guards[title] = only_from(title, change, pages, before=before, after=entry.after["state"])
    return guards


def _check_unmoved(
    client: WikiClient, pages: WikiConfig, entry: LedgerEntry, read: Mapping[str, PageRevision]
) -> None:
    """Before anything is recorded: a page saved again since it was read (one request for
    all) must still show the values the action read, or the action is refused."""
    titles = list(entry.after.get("pages", ()))
    latest = client.latest_revisions(titles)
    guards = _guards(pages, entry)
    for title in titles:
        if latest.get(title) == read[title].revid:
            continue
        try:
            guards[title](client.read(title).text)
        except PageMoved as moved:
            raise WikiError(
                f"{entry.action} by {entry.actor}: {refused(title, str(moved))}"
            ) from None


def _park_change(
    title: str, zones: Sequence[Zone], days: Sequence[BusinessDay]
) -> Callable[[str], str]:
    def change(text: str) -> str:
        page = NomiclandPage.from_wikitext(text, title=title)
        return page.render(zones=zones, business_days=days)

    return change


def _table_change(title: str, rows: Sequence[PlayerRow], days: int) -> Callable[[str], str]:
    def change(text: str) -> str:
        return GamestatePage.from_wikitext(text, title=title, business_days=days).render(rows)

    return change


def finish_pending(client: WikiClient, ledger: Ledger, pages: WikiConfig) -> list[LedgerEntry]:
    """Finishes every operation a crashed run left ``started``: each edit not yet on the
    page history is made (into a page that still holds the values it read, or those it
    writes), then the row is marked ``applied``."""
    finished = []
    for entry in ledger.pending():
        revisions = _write(client, pages, entry, ledger)
        finished.append(ledger.finish(entry.op_id, revisions))
    return finished
