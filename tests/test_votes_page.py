"""The Votes page: the published tally, rewritten only when the tally changes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from gamestate import GameStatus, evaluate
from tests.plugins.wiki import HumanEditor
from wikibot.archive import game_from_dict
from wikibot.votes_page import (
    SEED_WIKITEXT,
    publish_votes,
    render_tally,
    tally_fingerprint,
    update_votes_page,
)
from wikibot.wikiclient import WikiClient

BLOG = "https://blognomic.test/"


def _icon(word: str) -> str:
    return f'<img alt="{word}" src="/images/vote/{word}.gif">'


def archive(*votes: tuple[str, str, str]) -> dict[str, Any]:
    """One pending Proposal by Josh; votes are (author, icon word, ISO time)."""
    return {
        "format": "nomic-archive/1",
        "boss": "Kevan",
        "players": [{"name": n} for n in ("Kevan", "Josh", "Bob", "Ann", "Cy")],
        "posts": [
            {
                "id": "fix_the_queue",
                "category": "Proposal",
                "title": "Proposal: Fix [[the]] Queue | ~~~~ {{now}}",
                "author": "Josh",
                "posted_at": "2016-05-23T10:17:00Z",
                "comments": [
                    {"id": f"c{i}", "author": a, "posted_at": t, "body_html": _icon(w)}
                    for i, (a, w, t) in enumerate(votes)
                ],
            }
        ],
    }


def status(data: dict[str, Any], now: str) -> GameStatus:
    moment = datetime.fromisoformat(now.replace("Z", "+00:00")).astimezone(UTC)
    return evaluate(game_from_dict(data), moment)


VOTED = archive(
    ("Kevan", "for", "2016-05-23T11:00:00Z"),
    ("Bob", "against", "2016-05-23T12:00:00Z"),
)


def test_tally_table_shows_the_matter_and_its_voters() -> None:
    text = render_tally(status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    row = next(line for line in text.splitlines() if line.startswith("| ["))
    cells = row.split(" || ")
    assert cells[0] == (
        "| [https://blognomic.test/archive/fix_the_queue Proposal: Fix &#91;&#91;the&#93;"
        "&#93; Queue &#124; &#126;&#126;&#126;&#126; &#123;&#123;now&#125;&#125;]"
    )
    assert cells[1:6] == ["Josh", "2: Josh, Kevan", "1: Bob", "0", "3"]
    assert cells[6].startswith("'''wait'''")
    assert "FOR 2 &lt; Quorum 3" in cells[7]
    assert cells[8] == "2016-05-25 10:17:00 UTC"
    assert text.startswith("Quorum: 3 (5 Imagineers).")


def test_markup_in_titles_cannot_break_the_page() -> None:
    text = render_tally(status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    for dangerous in ("[[the]]", "~~~~", "{{now}}", "| ~"):
        assert dangerous not in text


def test_publishing_the_same_tally_changes_nothing() -> None:
    first = update_votes_page(SEED_WIKITEXT, status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    assert "''Tally as of 2016-05-23 20:00:00 UTC.''" in first
    # An hour later the "why" says "open 10h 43m", but the tally is the same.
    later = status(VOTED, "2016-05-23T21:00:00Z")
    assert update_votes_page(first, later, blog_url=BLOG) == first


def test_a_new_vote_rewrites_the_tally_and_its_time() -> None:
    first = update_votes_page(SEED_WIKITEXT, status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    more = archive(
        ("Kevan", "for", "2016-05-23T11:00:00Z"),
        ("Bob", "against", "2016-05-23T12:00:00Z"),
        ("Ann", "for", "2016-05-23T20:30:00Z"),
    )
    second = update_votes_page(first, status(more, "2016-05-23T21:00:00Z"), blog_url=BLOG)
    assert second != first
    assert "''Tally as of 2016-05-23 21:00:00 UTC.''" in second
    assert "3: Ann, Josh, Kevan" in second


def test_text_outside_the_markers_survives() -> None:
    page = "Intro by a human.\n\n" + SEED_WIKITEXT + "\n== Talk ==\nA human's notes. ~~~~"
    new = update_votes_page(page, status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    head, _, rest = new.partition("<!-- nomicbot:votes begin")
    assert page.startswith(head)
    assert rest.endswith("<!-- nomicbot:votes end -->\n\n== Talk ==\nA human's notes. ~~~~")


def test_a_hand_edit_inside_the_markers_is_repaired() -> None:
    first = update_votes_page(SEED_WIKITEXT, status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    tampered = first.replace("1: Bob", "9: Bob")
    repaired = update_votes_page(tampered, status(VOTED, "2016-05-23T21:00:00Z"), blog_url=BLOG)
    assert "1: Bob" in repaired and "9: Bob" not in repaired


def test_a_page_without_markers_gets_them_at_the_end() -> None:
    new = update_votes_page("Old toteboard.", status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    assert new.startswith("Old toteboard.\n\n<!-- nomicbot:votes begin tally=")
    assert new.endswith("<!-- nomicbot:votes end -->\n")


def test_no_pending_matters() -> None:
    empty = archive()
    empty["posts"] = []
    text = render_tally(status(empty, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    assert text.endswith("No pending Votable Matters.") and "{|" not in text


def test_fingerprint_follows_the_tally_not_the_clock() -> None:
    a = tally_fingerprint(status(VOTED, "2016-05-23T20:00:00Z"))
    b = tally_fingerprint(status(VOTED, "2016-05-23T21:00:00Z"))
    c = tally_fingerprint(status(VOTED, "2016-05-25T11:00:00Z"))  # past 48 hours: a verdict
    assert a == b != c


@pytest.mark.integration
def test_publish_twice_makes_one_edit(bot: WikiClient, human: HumanEditor, page_title: str) -> None:
    human.edit(page_title, "A human's intro.\n\n" + SEED_WIKITEXT)
    first = publish_votes(
        bot, status(VOTED, "2016-05-23T20:00:00Z"), title=page_title, blog_url=BLOG
    )
    second = publish_votes(
        bot, status(VOTED, "2016-05-23T22:00:00Z"), title=page_title, blog_url=BLOG
    )
    assert first.saved and not second.changed
    history = bot.history(page_title)
    assert [r.user for r in history] == ["NomicBot", "Admin"]
    assert history[0].comment == (
        "nomicbot: Votes tally as of 2016-05-23T20:00:00Z: 1 pending Votable Matter"
    )
    assert human.read(page_title).startswith("A human's intro.\n\nThe tally of every")
