"""The Votes page names a dynastic victory (rule "Project Completion") at the top of the
bot's tally, on the real sandbox wiki: once, inside the markers, human text untouched."""

from __future__ import annotations

from datetime import UTC, datetime

from gamestate import evaluate
from gamestate.dynasties.nomicland import Economy, EconomyHistory, Nomicland, PlayerRow
from tests.plugins.wiki import HumanEditor
from tests.wiki.test_votes_page import BLOG, VOTED
from wikibot.archive import game_from_dict
from wikibot.wiki.client import WikiClient
from wikibot.wiki.pages.votes import SEED_WIKITEXT, publish_votes, tally_fingerprint

NOW = datetime(2016, 5, 23, 20, tzinfo=UTC)
LINE = (
    "'''Victory''': Josh has achieved victory (rule \"Project Completion\": \"If the "
    'Boss&#39;s Debt is 0, the Imagineer with the most Smiles has achieved victory." - the Boss '
    "Kevan&#39;s Debt is 0 and Josh has the most Smiles (14, next 10))."
)
"""The line as written in wikitext (an apostrophe escaped: it renders as one)."""


def _nomicland(boss_debt: int) -> Nomicland:
    state = Economy.from_pages(
        rows=[PlayerRow("Kevan", debt=boss_debt), PlayerRow("Josh", smiles=14), PlayerRow("Bob")],
        zones=(),
        days=("",),
        boss="Kevan",
    )
    return Nomicland(EconomyHistory(state, datetime(2016, 5, 1, tzinfo=UTC)))


def test_the_victory_line_tops_the_tally(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, "A human's intro.\n\n" + SEED_WIKITEXT + "\n== Talk ==\nHi.")
    g = game_from_dict(VOTED)
    before = evaluate(g, NOW, dynasty=_nomicland(-1))
    assert before.victory is None
    assert tally_fingerprint(before, blog_url=BLOG) == tally_fingerprint(
        evaluate(g, NOW), blog_url=BLOG
    )  # no victory: the fingerprint of a page published before the seam
    assert publish_votes(bot, before, title=page_title, blog_url=BLOG).saved
    assert "Victory" not in human.read(page_title)

    won = evaluate(g, NOW, dynasty=_nomicland(0))
    assert publish_votes(bot, won, title=page_title, blog_url=BLOG).saved
    text = human.read(page_title)
    begin, end = text.index("<!-- nomicbot:votes begin"), text.index("<!-- nomicbot:votes end")
    inside = text[begin:end]
    assert text.count(LINE) == 1 and LINE in inside
    assert inside.index(LINE) < inside.index("Quorum: ")
    assert text.startswith("A human's intro.\n\n")
    assert text.endswith("\n== Talk ==\nHi.")

    # The same victory an hour later: the page is current, no edit.
    later = evaluate(g, NOW.replace(hour=21), dynasty=_nomicland(0))
    assert not publish_votes(bot, later, title=page_title, blog_url=BLOG).changed
