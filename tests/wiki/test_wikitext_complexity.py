"""A wiki page a human filled with thousands of unclosed tags is refused in one line, in a
moment, never parsed for minutes (issue 25: no editor can stall the bot)."""

from __future__ import annotations

import pytest

from rules_text.seed import ruleset_139_wikitext
from rules_text.tables import read_tables
from rules_text.tree import MAX_COMPLEXITY, markup_complexity, parse_ruleset, plain_text
from wikibot.errors import WikiError
from wikibot.wiki import wikitext
from wikibot.wiki.pages import gamestate, votes

HOSTILE = [
    pytest.param("<s>" * 4000 + "x" * 50000, id="4,000 <s> then 50,000 characters"),
    pytest.param("<a " * 3000 + "x" * 20000, id="3,000 '<a ' then 20,000 characters"),
    pytest.param("<span>" * 20000, id="20,000 <span>"),
]


@pytest.mark.parametrize("junk", HOSTILE)
def test_the_wikitext_reader_refuses_a_page_too_complex_in_one_line(junk: str) -> None:
    for read in (wikitext.spans, wikitext.plain, wikitext.sections, wikitext.templates):
        with pytest.raises(WikiError, match="too complex to read") as caught:
            read(votes.SEED_WIKITEXT + junk)
        assert "\n" not in str(caught.value)
    with pytest.raises(WikiError):
        gamestate.GamestatePage.from_wikitext(gamestate.SEED_WIKITEXT + junk, business_days=3)


@pytest.mark.parametrize("junk", HOSTILE)
def test_the_ruleset_and_table_readers_read_such_a_page_as_text(junk: str) -> None:
    assert parse_ruleset(junk).rules() == ()
    assert "<s>" not in plain_text(junk)
    tables = read_tables(junk)
    assert tables.tables == () and "not read" in tables.warnings[0].reason


def test_real_pages_are_far_below_the_bound() -> None:
    assert markup_complexity(ruleset_139_wikitext()) < MAX_COMPLEXITY // 100
    page = gamestate.SEED_WIKITEXT + "|-\n| Kevan || 10 || -4500 || 3 || 1\n" * 500 + "|}\n"
    assert markup_complexity(page) < MAX_COMPLEXITY // 10
