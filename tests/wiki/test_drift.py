"""The drift check: gamestate pages against the Ruleset and against each other."""

from __future__ import annotations

import pytest

from rules_text import ruleset_139_wikitext
from tests.plugins.wiki import HumanEditor
from wikibot.config import WikiConfig
from wikibot.wiki.client import WikiClient
from wikibot.wiki.drift import NO_LEDGER, check_pages, check_wiki, ruleset_buildings

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
