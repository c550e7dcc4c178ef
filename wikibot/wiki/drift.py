"""Drift check: is what the wiki's gamestate pages say allowed by the Ruleset?

``nomicbot wiki check`` reads the Ruleset (for the Building names), the
Nomicland page and the Gamestate table, and reports every problem with its
page, line and the rule's words:

* on each page alone: values the Ruleset does not allow (a positive Debt, a
  negative Budget, an unknown market segment letter, a duplicate Zone name, an
  unknown Building...);
* across pages: an Operator with no row in the Gamestate table, an LBD past the
  last Business Day.

* against the ledger (when a mirror is given): the pages as replaying the
  ledger from the first-read pages gives them; each line that differs is named
  as a human edit the ledger cannot explain (:mod:`wikibot.wiki.replay`), with
  the revision behind it ("revision N by EDITOR at TIME"). Only when something
  differs are the pages' revisions since the ledger's first read read, in
  batches: one look, then ``ceil((n + 1) / 500)`` requests for a page with ``n``
  new revisions (50 a request for an account without ``apihighlimits``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gamestate.dynasties.nomicland import BUDGET, NOMICLAND_PAGE, Problem, check_zones
from gamestate.dynasties.nomicland.audit.explain import GAMESTATE_TRACKING
from rules_text import BuildingCatalogue, RulesTextError, buildings, parse_ruleset
from wikibot.config import WikiConfig
from wikibot.mirror.ledger import BASELINE, Ledger
from wikibot.wiki.client import WikiClient
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import NomiclandPage
from wikibot.wiki.replay import compare, replay_ledger
from wikibot.wiki.revisions import Cursor, RevisionReader, read_revisions

__all__ = ["NO_LEDGER", "DriftReport", "check_pages", "check_wiki", "ruleset_buildings"]

NO_LEDGER = (
    "Ledger: the mirror's ledger holds no gamestate actions for these pages yet, so the "
    "pages were checked against the Ruleset only, not against a history of actions."
)


@dataclass(frozen=True)
class DriftReport:
    """What the check found."""

    problems: tuple[Problem, ...]
    """Everything that breaks the Ruleset, page by page, in line order."""
    notes: tuple[str, ...]
    """What was and was not checked."""

    @property
    def ok(self) -> bool:
        """No problems."""
        return not self.problems

    def lines(self) -> list[str]:
        """The report as text lines, problems first."""
        out = [str(p) for p in self.problems]
        out.extend(self.notes)
        out.append(
            "OK: no problems found." if self.ok else f"{len(self.problems)} problem(s) found."
        )
        return out


def ruleset_buildings(ruleset_text: str) -> BuildingCatalogue | None:
    """Rule "Construction": the Buildings are its sub rules (read by :mod:`rules_text`).

    None when the Ruleset has no "Construction" rule (the Buildings are then not checked).
    """
    try:
        return buildings(parse_ruleset(ruleset_text))
    except RulesTextError:
        return None


def check_pages(
    *,
    nomicland: str,
    gamestate: str,
    ruleset: str | None,
    pages: WikiConfig | None = None,
) -> DriftReport:
    """Checks the pages' texts against the Ruleset and against each other."""
    titles = pages or WikiConfig()
    notes: list[str] = []
    catalogue = ruleset_buildings(ruleset) if ruleset is not None else None
    if catalogue is None:
        notes.append(
            f'Buildings: "{titles.ruleset_page}" has no "Construction" rule, so Building '
            "names were not checked."
        )
    else:
        notes.append(
            f'Buildings: {len(catalogue)} defined in "{titles.ruleset_page}" (rule "Construction").'
        )
        notes.extend(f"Buildings: not a valid Building: {p}" for p in catalogue.problems)
    park = NomiclandPage.from_wikitext(
        nomicland,
        title=titles.nomicland_page,
        buildings=catalogue.names() if catalogue is not None else None,
    )
    table = GamestatePage.from_wikitext(
        gamestate, title=titles.gamestate_page, business_days=len(park.business_days)
    )
    problems = list(park.problems) + list(table.problems)
    names = [row.name for row in table.rows]
    if table.columns:  # a GNDT to compare Operators with
        for at, what, problem in check_zones(park.zones, imagineers=names):
            if what == "Operator":
                zone = park.zones[at]
                line = park.line_of(zone.name, what)
                problems.append(
                    Problem(problem.message, problem.clause, titles.nomicland_page, line)
                )
    notes.append(
        f"Checked {len(park.zones)} Zone(s), {len(park.business_days)} Business Day(s) and "
        f"{len(table.rows)} Imagineer row(s)."
    )
    notes.append(NO_LEDGER)
    problems.sort(key=lambda p: (p.page, p.line))
    return DriftReport(tuple(problems), tuple(notes))


def check_wiki(
    client: WikiClient, pages: WikiConfig, *, ledger: Ledger | None = None
) -> DriftReport:
    """Reads the gamestate pages from the wiki and checks them (and against ``ledger``)."""
    ruleset = client.read(pages.ruleset_page)
    nomicland = client.read(pages.nomicland_page)
    gamestate = client.read(pages.gamestate_page)
    report = check_pages(
        nomicland=nomicland.text,
        gamestate=gamestate.text,
        ruleset=ruleset.text if ruleset.exists else None,
        pages=pages,
    )
    missing = tuple(
        Problem("the page does not exist", clause, page.title, 0)
        for page, clause in ((nomicland, NOMICLAND_PAGE), (gamestate, BUDGET))
        if not page.exists
    )
    # A missing page is one problem, not also everything it fails to hold.
    gone = {p.page for p in missing}
    kept = tuple(p for p in report.problems if p.page not in gone)
    notes = report.notes
    replayed = replay_ledger(ledger, pages) if ledger is not None else None
    if replayed is not None:
        assert ledger is not None
        today = {nomicland.title: nomicland.text, gamestate.title: gamestate.text}
        # A line of the Gamestate table is a player's data in the GNDT.
        clauses = {gamestate.title: GAMESTATE_TRACKING}
        differences = compare(replayed.pages, today, clauses=clauses)
        blamed: tuple[str, ...] = ()
        if differences:
            # Who made each difference: the history since the first read, in batches.
            reader = RevisionReader(client)
            history = read_revisions(
                reader, list(replayed.pages), after=_first_read(ledger, replayed.pages)
            )
            differences = compare(replayed.pages, today, history=history, clauses=clauses)
            blamed = (
                f"Ledger: each difference's revision found in the {len(history.revisions)} "
                f"revision(s) since the ledger's first read ({history.requests} request(s)).",
            )
        kept += tuple(differences)
        notes = tuple(n for n in notes if n != NO_LEDGER) + (
            f"Ledger: {replayed.actions} action(s) replayed from the pages as first read.",
            *(f"Ledger: changed outside the ledger {gap}" for gap in replayed.gaps),
            *blamed,
        )
    return DriftReport(missing + kept, notes)


def _first_read(ledger: Ledger, titles: Iterable[str]) -> Cursor:
    """After the revision of each page the bot first read (the ledger's baselines)."""
    last: dict[str, int] = {}
    for title in titles:
        base = ledger.get(f"{BASELINE}:{title}")
        if base is not None and title in base.revisions:
            last[title] = int(base.revisions[title])
    return Cursor(last)
