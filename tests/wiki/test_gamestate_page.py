"""The Gamestate table: one row per Imagineer, read and written cell by cell."""

from __future__ import annotations

import difflib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.dynasties.nomicland import (
    BUDGET,
    DEBT,
    LBD,
    SMILES,
    NomiclandError,
    PlayerRow,
    RuleClause,
    parse_integer,
)
from rules_text.terms import Terms
from tests.plugins.wiki import HumanEditor
from wikibot.errors import WikiError
from wikibot.sandbox.mediawiki import DEFAULT_PAGES, seed_pages
from wikibot.wiki.client import EditCause, WikiClient
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT, GamestatePage, seed_wikitext

GNDT = """The GNDT. Ask [[User:Kevan|Kevan]] about anything odd. {{Gamestate notice}}
<!-- Old table, kept for history:
{| class="wikitable"
! Imagineer !! Budget
|} -->

{| class="wikitable sortable" style="text-align:right"
|+ Nomicland, dynasty of Kevan
! Imagineer !! Budget !! Debt !! Smiles !! LBD !! Notes
|-
| [[User:Kevan|Kevan]] || 1200 || -3000 || 14 || 2 || the Boss <!-- hi -->
|- style="background:#eee"
| Josh
| 0
| 0
| style="color:red" | 9
|
| idle since June
|-
| Bob || 5 || &minus;0 || ||
|}

Players who joined late: see the talk page."""


def _changed_lines(old: str, new: str) -> list[str]:
    return [
        line
        for line in difflib.ndiff(old.splitlines(), new.splitlines())
        if line.startswith(("- ", "+ "))
    ]


def test_reads_rows_with_defaults() -> None:
    page = GamestatePage.from_wikitext(GNDT.replace("&minus;0", "0"), business_days=3)
    assert page.problems == ()
    assert page.columns == ("Imagineer", "Budget", "Debt", "Smiles", "LBD", "Notes")
    assert page.rows == (
        PlayerRow("Kevan", budget=1200, debt=-3000, smiles=14, lbd=2),
        PlayerRow("Josh", budget=0, debt=0, smiles=9, lbd=3),
        PlayerRow("Bob", budget=5, debt=0, smiles=10, lbd=3),
    )
    assert page.row("josh") == page.rows[1]


def test_lbd_defaults_to_zero_without_business_days() -> None:
    page = GamestatePage.from_wikitext(GNDT.replace("&minus;0", "0"))
    assert page.row("Bob") == PlayerRow("Bob", budget=5, lbd=0)


def test_a_typographic_minus_is_a_minus() -> None:
    page = GamestatePage.from_wikitext(GNDT.replace("&minus;0", "\u2212250"), business_days=2)
    assert page.problems == () and page.rows[2].debt == -250


def test_unchanged_page_renders_identically() -> None:
    page = GamestatePage.from_wikitext(GNDT.replace("&minus;0", "0"))
    assert page.render() == page.text
    assert page.render(page.rows) == page.text


def test_only_changed_cells_are_rewritten() -> None:
    text = GNDT.replace("&minus;0", "0")
    page = GamestatePage.from_wikitext(text, business_days=3)
    kevan, josh, bob = page.rows
    new = page.render(
        [
            replace(kevan, budget=0, debt=-1800),
            replace(josh, smiles=11, lbd=3),  # LBD 3 is the blank cell's default: no change
            replace(bob, lbd=1),
        ]
    )
    assert _changed_lines(text, new) == [
        "- | [[User:Kevan|Kevan]] || 1200 || -3000 || 14 || 2 || the Boss <!-- hi -->",
        "+ | [[User:Kevan|Kevan]] || 0 || -1800 || 14 || 2 || the Boss <!-- hi -->",
        '- | style="color:red" | 9',
        '+ | style="color:red" | 11',
        "- | Bob || 5 || 0 || ||",
        "+ | Bob || 5 || 0 || || 1",
    ]


def test_short_rows_grow_cells() -> None:
    page = GamestatePage.from_wikitext(
        "{|\n! Name !! Budget !! Debt !! Smiles !! LBD\n|-\n| Ann || 3\n|}"
    )
    new = page.render([replace(page.rows[0], lbd=0, smiles=12)])
    assert "| Ann || 3 || || 12\n" in new
    assert GamestatePage.from_wikitext(new).rows[0] == PlayerRow("Ann", budget=3, smiles=12)


def test_new_rows_go_at_the_end_of_the_table() -> None:
    text = GNDT.replace("&minus;0", "0")
    page = GamestatePage.from_wikitext(text)
    new = page.render([PlayerRow("Ann", smiles=10, lbd=3)])
    assert _changed_lines(text, new) == ["+ |-", "+ | Ann || 0 || 0 || 10 || 3"]
    assert new.endswith(
        "| Ann || 0 || 0 || 10 || 3\n|}\n\nPlayers who joined late: see the talk page."
    )


def test_seed_table_fills_up() -> None:
    page = GamestatePage.from_wikitext(SEED_WIKITEXT.rstrip())
    assert page.rows == () and page.problems == ()
    one = page.render([PlayerRow("Ann")])
    two = GamestatePage.from_wikitext(one).render([PlayerRow("Bob", budget=3)])
    assert two.endswith(
        "! Imagineer !! Budget !! Debt !! Smiles !! LBD\n"
        "|-\n| Ann || 0 || 0 || 10 || 0\n|-\n| Bob || 3 || 0 || 10 || 0\n|}"
    )


def test_a_table_the_bot_creates_takes_its_header_from_the_terms() -> None:
    """A dynasty whose players are Mutineers gets a "Mutineer" column, not "Imagineer"."""
    terms = Terms(player="Mutineer", boss="Captain")
    assert "! Mutineer !! Budget !! Debt !! Smiles !! LBD\n" in seed_wikitext(terms)
    assert "one row per Mutineer" in seed_wikitext(terms)
    assert seed_wikitext() == SEED_WIKITEXT
    for blank in ("", "\n  \n"):
        created = GamestatePage.from_wikitext(blank, terms=terms).render([PlayerRow("Ann")])
        assert created.endswith(
            "! Mutineer !! Budget !! Debt !! Smiles !! LBD\n|-\n| Ann || 0 || 0 || 10 || 0\n|}\n"
        )
        assert GamestatePage.from_wikitext(created).rows == (PlayerRow("Ann"),)
    sandbox = seed_pages(terms=terms)[DEFAULT_PAGES.gamestate_page]
    assert "! Mutineer !! Budget" in sandbox
    # A page with text but no table is the humans' to fix: the bot does not guess.
    with pytest.raises(WikiError, match="no table"):
        GamestatePage.from_wikitext("Notes.", terms=terms).render([PlayerRow("Ann")])


CLAUSE_CASES = [
    pytest.param("| Ann || -1 || 0 || 10 || 0", "Ann's Budget is -1", BUDGET,
                 id="Budget: a nonnegative integer"),
    pytest.param("| Ann || 0 || 5 || 10 || 0", "Ann's Debt is 5", DEBT,
                 id="Budget: Debt is a nonpositive integer"),
    pytest.param("| Ann || 0 || 0 || lots || 0", "Ann's Smiles 'lots' is not an integer", SMILES,
                 id="Smiles: an integer number"),
    pytest.param("| Ann || 1,000 || 0 || 10 || 0", "Ann's Budget '1,000' is not an integer",
                 BUDGET, id="Budget: an integer, not guessed from 1,000"),
    pytest.param("| Ann || 0 || 0 || 10 || 4", "Ann's LBD is 4, but there are 2 Business Days",
                 LBD, id="Visitors: LBD is a processed Business Day"),
]  # fmt: skip


@pytest.mark.parametrize(("row", "message", "clause"), CLAUSE_CASES)
def test_problems_name_the_line_and_the_rule(row: str, message: str, clause: RuleClause) -> None:
    text = f"Intro\n{{|\n! Imagineer !! Budget !! Debt !! Smiles !! LBD\n|-\n{row}\n|}}"
    page = GamestatePage.from_wikitext(text, title="Gamestate", business_days=2)
    assert [(p.page, p.line, p.message, p.clause) for p in page.problems] == [
        ("Gamestate", 5, message, clause)
    ]
    assert str(page.problems[0]).startswith("Gamestate line 5: ")


def test_a_number_too_long_to_read_is_a_problem_not_a_crash() -> None:
    huge = "9" * 5000  # past Python's int-digits limit (sys.get_int_max_str_digits)
    row = f"| Ann || {huge} || 0 || 10 || 0"
    text = f"Intro\n{{|\n! Imagineer !! Budget !! Debt !! Smiles !! LBD\n|-\n{row}\n|}}"
    page = GamestatePage.from_wikitext(text, title="Gamestate", business_days=2)
    assert [(p.page, p.line, p.clause) for p in page.problems] == [("Gamestate", 5, BUDGET)]
    message = page.problems[0].message
    nines = "9" * 19
    assert message == f"Ann's Budget '{nines}\u2026{nines}' has 5000 digits, too many to be read"
    assert str(page.problems[0]).startswith("Gamestate line 5: Ann's Budget '999")
    with pytest.raises(NomiclandError, match="has 4301 digits"):
        parse_integer("\u2212" + "1" * 4301, "Debt", DEBT)


def test_duplicate_rows_and_missing_columns() -> None:
    text = (
        "{|\n! Name !! Budget !! Debt !! Smiles\n|-\n| A || 1 || 0 || 1\n|-\n| a || 1 || 0 || 1\n|}"
    )
    problems = GamestatePage.from_wikitext(text).problems
    assert [(p.line, p.message) for p in problems] == [
        (2, "the table has no LBD column"),
        (6, "a has two rows"),
    ]


def test_a_page_without_the_table() -> None:
    page = GamestatePage.from_wikitext("Just prose.\n{|\n! Other !! Table\n|}")
    assert [p.message for p in page.problems] == [
        "no table with Budget, Debt, Smiles and LBD columns"
    ]
    with pytest.raises(WikiError, match="Gamestate: the page has 1 problem"):
        page.render([PlayerRow("Ann")])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "{|",
                "|}",
                "|-",
                "! Imagineer !! Budget !! Debt !! Smiles !! LBD",
                "| A || 1",
                "| B || 2 || -3 || 4 || 0",
                "|",
                "| x | 5",
                "!! x",
                "<!--",
                "-->",
                "{{T|",
                "}}",
                "prose",
                "",
                "|+ caption",
                "| [[A|B]] || 3",
            ]
        ),
        max_size=25,
    ),
    st.sampled_from(["", "\n"]),
)
def test_junk_round_trips(lines: list[str], end: str) -> None:
    text = "\n".join(lines) + end
    page = GamestatePage.from_wikitext(text)
    assert page.render() == text
    assert page.render(page.rows) == text


@pytest.mark.integration
def test_bot_edit_on_the_wiki_keeps_human_text(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    text = GNDT.replace("&minus;0", "0")
    human.edit(page_title, text)

    def spend(current: str) -> str:
        page = GamestatePage.from_wikitext(current, title=page_title, business_days=3)
        josh = page.row("Josh")
        assert josh is not None
        return page.render([replace(josh, debt=josh.debt - 250)])

    assert bot.edit(page_title, spend, cause=EditCause("Josh spends 250")).saved
    assert human.read(page_title) == text.replace("| 0\n| 0\n| style", "| 0\n| -250\n| style")
