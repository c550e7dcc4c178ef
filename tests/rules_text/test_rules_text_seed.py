"""Ruleset 139 as wikitext: every sentence of the scraped seed survives the conversion."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_text import ruleset_139_wikitext
from rules_text.tree import plain_text

# The seeds live beside the checkout: ../shared next to the repository.
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "003_f0415674b2be2b8d.txt"

# The MediaWiki page chrome above the rules, which is not part of the Ruleset.
CHROME_END = "Jump to navigation Jump to search"
QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})


def _normalise(text: str) -> str:
    return " ".join(text.translate(QUOTES).split())


def _seed_lines() -> list[str]:
    lines = SEED.read_text(encoding="utf-8").split("\n")
    body = lines[lines.index(CHROME_END) + 1 :]
    # List markers are rendering, not rule text: "  • It has..." and "  1. The Appendix...".
    stripped = (re.sub(r"^\s*(?:•|\d+\.)\s*", "", line) for line in body)
    return [_normalise(line) for line in stripped if _normalise(line)]


def _sentences(lines: list[str]) -> list[str]:
    return [s for line in lines for s in re.split(r"(?<=[.!?;])\s+", line) if s]


def _missing_sentences(seed_lines: list[str], wikitext: str) -> list[str]:
    """Seed sentences not found, in order, in the wikitext as players read it."""
    page = _normalise(plain_text(wikitext))
    missing: list[str] = []
    cursor = 0
    for sentence in _sentences(seed_lines):
        found = page.find(sentence, cursor)
        if found < 0:
            missing.append(sentence)
        else:
            cursor = found + len(sentence)
    return missing


@pytest.fixture(scope="module")
def seed_lines() -> list[str]:
    if not SEED.exists():
        pytest.fail(
            f"the Ruleset 139 seed is missing at {SEED}: the suite needs ../shared beside it"
        )
    return _seed_lines()


def test_every_seed_sentence_is_in_the_wikitext_in_order(seed_lines: list[str]) -> None:
    assert len(_sentences(seed_lines)) > 300
    assert _missing_sentences(seed_lines, ruleset_139_wikitext()) == []


def test_every_seed_line_is_a_line_of_the_wikitext(seed_lines: list[str]) -> None:
    """Stronger than sentences: the rendered page shows the seed's lines, one for one."""
    page = [_normalise(line) for line in plain_text(ruleset_139_wikitext()).split("\n")]
    assert [line for line in page if line] == seed_lines


def test_the_sentence_check_notices_a_dropped_sentence(seed_lines: list[str]) -> None:
    dropped = "At any time, At any time, "
    wikitext = ruleset_139_wikitext().replace(dropped, "", 1)
    assert wikitext != ruleset_139_wikitext()
    assert _missing_sentences(seed_lines, wikitext) == [
        "At any time, At any time, an Imagineer may exercise an IP License by paying 1 + X"
        " SMILES, where X is the number of other times that they have performed this action"
        " since they last processed a Business Day, and adding Visitors matching the market"
        " segments from that IP License to any Uncrowded Business Day."
    ]


def test_the_page_chrome_is_dropped() -> None:
    wikitext = ruleset_139_wikitext()
    for chrome in ("From BlogNomic Wiki", "Revision as of", "Jump to navigation", "Older revision"):
        assert chrome not in wikitext


@pytest.mark.parametrize(
    "heading",
    [
        "= Core Rules =",
        "= Dynastic Rules =",
        "= Appendix =",
        "== Votable Matters ==",
        "=== Idle Imagineers ===",
        "== Construction ==",
        "=== Playpit ===",
        "=== Costumed Character Rec Room ===",
        "== Keywords ==",
        "== Gamestate Tracking ==",
        "== Clarifications ==",
        "=== Numbers and Variables ===",
    ],
)
def test_blognomic_headings(heading: str) -> None:
    assert f"\n{heading}\n" in ruleset_139_wikitext()


@pytest.mark.parametrize(
    "markup",
    [
        pytest.param("* It has been Vetoed or Self-Killed.\n", id="bullets as *"),
        pytest.param("# AtSScAA\n# ccctcS\n", id="the Business Day queue as #"),
        pytest.param("# The Appendix has precedence over any Rule;\n", id="Prioritisation as #"),
        pytest.param(';Can:"is able to"\n', id="glossary as ;Term:definition"),
        pytest.param(";Wiki:The BlogNomic Wiki at http://wiki.blognomic.com\n", id="last keyword"),
        pytest.param("At any time, At any time, an Imagineer", id="typos kept verbatim"),
        pytest.param("{{TOCRight}}\n= Core Rules =\n", id="TOCRight before the first heading"),
    ],
)
def test_blognomic_markup(markup: str) -> None:
    assert markup in ruleset_139_wikitext()


def test_wikitext_ends_with_one_newline() -> None:
    wikitext = ruleset_139_wikitext()
    assert wikitext.endswith("Spacemen on Friday.)\n")
