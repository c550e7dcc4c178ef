"""The drift check: gamestate pages against the Ruleset and against each other."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from gamestate.dynasties.nomicland import NewBusinessDay
from rules_text import ruleset_139_wikitext
from tests.plugins.wiki import HumanEditor
from wikibot.config import WikiConfig
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.wiki.client import WikiClient
from wikibot.wiki.drift import NO_LEDGER, check_pages, check_wiki, ruleset_buildings
from wikibot.wiki.economy import perform
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED
from wikibot.wiki.replay import blame, compare
from wikibot.wiki.revisions import PageBase, RevisionReader, Revisions, WikiRevision

PARK = """Nomicland, as the humans describe it.

== The Kevan Zone ==
* Operator: Kevan
* Buildings: Playpit, Gift Shop (Budget), Water Slide

== The Ghost Zone ==
* Operator: Nobody

== Visitors ==
# AtS
# cc"""

GNDT = """{| class="wikitable sortable"
! Imagineer !! Budget !! Debt !! Smiles !! LBD
|-
| Kevan || 100 || -50 || 10 || 2
|-
| Josh || 0 || 25 || 10 || 3
|}"""

TABLE = """{| class="wikitable sortable"
! Imagineer !! Budget !! Debt !! Smiles !! LBD
|-
| Kevan || 0 || -50000 || 10 || 0
|-
| Josh || 0 || 0 || 10 || 0
|}
"""

CLEAN_PARK = "== The Kevan Zone ==\n* Operator: Kevan\n* Buildings: Lagoon\n\n== Visitors ==\n# c"
CLEAN_GNDT = (
    GNDT.replace("|| 25 ||", "|| 0 ||").replace("|| 3\n", "|| 1\n").replace("|| 2\n", "||\n")
)


def test_buildings_come_from_the_construction_rule() -> None:
    catalogue = ruleset_buildings(ruleset_139_wikitext())
    assert catalogue is not None and len(catalogue) == 12
    assert catalogue.names()[0] == "Playpit" and catalogue.is_building("Gift Shop")
    assert ruleset_buildings("== Some Rule ==\nText.") is None


def test_problems_on_both_pages_and_across_them() -> None:
    report = check_pages(nomicland=PARK, gamestate=GNDT, ruleset=ruleset_139_wikitext())
    assert not report.ok
    assert [(p.page, p.line, p.clause.rule, p.message) for p in report.problems] == [
        ("Gamestate", 6, "Budget", "Josh's Debt is 25"),
        ("Gamestate", 6, "Visitors", "Josh's LBD is 3, but there are 2 Business Days"),
        (
            "Nomicland",
            5,
            "Construction",
            "Zone 'The Kevan Zone' has 'Water Slide', which is not a Building in the Ruleset",
        ),
        (
            "Nomicland",
            8,
            "Zones",
            "Zone 'The Ghost Zone' is Operated by 'Nobody', who is not an Imagineer in the GNDT",
        ),
    ]
    lines = report.lines()
    assert lines[0].startswith('Gamestate line 6: Josh\'s Debt is 25 (rule "Budget": "Each ')
    assert NO_LEDGER in lines and lines[-1] == "4 problem(s) found."


def test_clean_pages() -> None:
    report = check_pages(nomicland=CLEAN_PARK, gamestate=CLEAN_GNDT, ruleset=ruleset_139_wikitext())
    assert report.ok, report.problems
    assert report.lines()[-1] == "OK: no problems found."
    assert 'Buildings: 12 defined in "Ruleset" (rule "Construction").' in report.notes
    # Ruleset 139's Rec Room has "Size: 0", not "a positive integer Size".
    assert any(n.startswith("Buildings: not a valid Building: Costumed") for n in report.notes)


def test_without_a_construction_rule_buildings_are_not_checked() -> None:
    report = check_pages(nomicland=PARK, gamestate=GNDT, ruleset=None)
    assert not any(p.clause.rule == "Construction" for p in report.problems)
    assert any("Building names were not checked" in n for n in report.notes)


@pytest.mark.integration
def test_check_the_wiki(bot: WikiClient, human: HumanEditor, page_title: str) -> None:
    pages = WikiConfig(
        nomicland_page=f"{page_title}/Nomicland",
        gamestate_page=f"{page_title}/Gamestate",
        ruleset_page="Ruleset",
    )
    human.edit(pages.nomicland_page, PARK)
    report = check_wiki(bot, pages)
    assert [p.page for p in report.problems] == [
        pages.gamestate_page,
        pages.nomicland_page,
    ]
    assert report.problems[0].message == "the page does not exist"
    assert "Water Slide" in report.problems[1].message
    human.edit(pages.gamestate_page, GNDT)
    assert len(check_wiki(bot, pages).problems) == 4


@pytest.mark.integration
def test_each_difference_from_the_ledger_names_its_revision(
    bot: WikiClient, human: HumanEditor, page_title: str, tmp_path: Path
) -> None:
    pages = WikiConfig(
        nomicland_page=f"{page_title}/Nomicland",
        gamestate_page=f"{page_title}/Gamestate",
        ruleset_page="Ruleset",
    )
    human.edit(pages.nomicland_page, PARK_SEED)
    human.edit(pages.gamestate_page, TABLE)
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
        ledger = Ledger(mirror)
        perform(
            bot,
            ledger,
            pages,
            "day new",
            NewBusinessDay(),
            actor="Kevan",
            now=datetime(2016, 5, 16, 9, tzinfo=UTC),
            boss="Kevan",
        )
        assert check_wiki(bot, pages, ledger=ledger).ok
        # Three human edits: Josh's Budget, then an unrelated line, then a Business Day.
        budget = human.change(
            pages.gamestate_page, lambda t: t.replace("| Josh || 0 ||", "| Josh || 500 ||"), "cash"
        )
        note = human.change(pages.gamestate_page, lambda t: t + "\nA note.\n", "a note")
        day = human.change(pages.nomicland_page, lambda t: t.rstrip() + "\n# cA\n", "a day")
        history = RevisionReader(bot).history(
            pages.gamestate_page, start_id=note, stop=lambda r: r.revid <= budget
        )
        history += RevisionReader(bot).history(pages.nomicland_page, start_id=day, stop=bool)
        when = {r.revid: r.at.strftime("%Y-%m-%dT%H:%M:%SZ") for r in history}
        report = check_wiki(bot, pages, ledger=ledger)
    differences = [
        (p.page, p.message) for p in report.problems if "the ledger cannot explain" in p.message
    ]
    # Each under its page's rule: the Nomicland page's ("Zones"), a player's data in the GNDT.
    assert [(p.page, p.clause.rule) for p in report.problems if "cannot explain" in p.message] == [
        (pages.nomicland_page, "Zones"),
        (pages.gamestate_page, "Gamestate Tracking"),
        (pages.gamestate_page, "Gamestate Tracking"),
    ]
    assert differences == [
        (
            pages.nomicland_page,
            "a human edit the ledger cannot explain: the wiki has '# cA' where replaying the "
            f"ledger gives '(nothing)' (revision {day} by Admin at {when[day]})",
        ),
        (
            pages.gamestate_page,
            "a human edit the ledger cannot explain: Josh's Budget: the wiki has '500' where "
            f"replaying the ledger gives '0' (revision {budget} by Admin at {when[budget]})",
        ),
        (
            pages.gamestate_page,
            "a human edit the ledger cannot explain: the wiki has 'A note.' where replaying the "
            f"ledger gives '(nothing)' (revision {note} by Admin at {when[note]})",
        ),
    ]
    # The bot's edit and the three human ones, read in one look and one batch per page with
    # news, not a request per revision.
    assert (
        "Ledger: each difference's revision found in the 4 revision(s) since the ledger's "
        "first read (3 request(s))."
    ) in report.notes


def test_blame_names_the_first_revision_of_the_unbroken_run() -> None:
    def rev(revid: int, text: str | None, editor: str = "Ann") -> WikiRevision:
        at = datetime(2016, 5, 16, revid, tzinfo=UTC)
        return WikiRevision("Gamestate", revid, revid - 1, editor, at, "", text, False)

    base = PageBase("Gamestate", 1, "| Ann || 0\nprose")
    history = [
        rev(2, "| Ann || 9\nprose"),  # Ann's change, undone by Bob...
        rev(3, "| Ann || 0\nprose", "Bob"),
        rev(4, "| Ann || 9\nprose", "Cat"),  # ...and made again by Cat
        rev(5, None),  # hidden: neither breaks the run nor is named
        rev(6, "| Ann || 9\nmore prose", "Dan"),
    ]
    found = blame(["| Ann || 9"], ["| Ann || 0"], base, history)
    assert found is not None and (found.revid, found.editor) == (4, "Cat")
    # A line the page already had before the history read is nobody's in it.
    assert blame(["| Ann || 0"], [], base, []) is None
    assert blame(["| Ann || 7"], [], base, history) is None


def test_each_cell_of_a_row_is_blamed_on_the_revision_that_wrote_it() -> None:
    """Ann raised Josh's Budget, then Bob his Smiles: the row as it stands is Bob's, but
    the Budget is Ann's doing. A cell changed back and written again is the second
    writer's; a row whose other cells changed later keeps its cell's writer."""

    def rev(revid: int, row: str, editor: str) -> WikiRevision:
        at = datetime(2016, 5, 16, revid, tzinfo=UTC)
        text = f"! Imagineer !! Budget !! Debt !! Smiles !! LBD\n{row}\n"
        return WikiRevision("Gamestate", revid, revid - 1, editor, at, "", text, False)

    header = "! Imagineer !! Budget !! Debt !! Smiles !! LBD"
    ledger = f"{header}\n| Josh || 0 || 0 || 10 || 0\n"
    wiki = f"{header}\n| Josh || 500 || 0 || 12 || 0\n"
    history = Revisions(
        revisions=(
            rev(2, "| Josh || 500 || 0 || 10 || 0", "Ann"),
            rev(3, "| Josh || 500 || 0 || 12 || 0", "Bob"),
        ),
        bases={"Gamestate": PageBase("Gamestate", 1, ledger)},
        latest={"Gamestate": 3},
        requests=2,
    )
    problems = compare({"Gamestate": ledger}, {"Gamestate": wiki}, history=history)
    assert [(p.line, p.message) for p in problems] == [
        (
            2,
            "a human edit the ledger cannot explain: Josh's Budget: the wiki has '500' where "
            "replaying the ledger gives '0' (revision 2 by Ann at 2016-05-16T02:00:00Z)",
        ),
        (
            2,
            "a human edit the ledger cannot explain: Josh's Smiles: the wiki has '12' where "
            "replaying the ledger gives '10' (revision 3 by Bob at 2016-05-16T03:00:00Z)",
        ),
    ]
