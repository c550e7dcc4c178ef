"""The Votes page: the published tally, rewritten only when the tally changes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from gamestate import GameStatus, evaluate
from tests.plugins.wiki import HumanEditor
from wikibot.archive import game_from_dict
from wikibot.errors import WikiError
from wikibot.wiki.client import WikiClient
from wikibot.wiki.pages.votes import (
    SEED_WIKITEXT,
    publish_votes,
    render_tally,
    tally_fingerprint,
    update_votes_page,
)

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
    # The last column is when the verdict can next change with no new vote (an "enact"
    # has one too: the 7 days), not when the matter becomes decidable.
    assert "!! Verdict !! Why !! Next change" in text
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


# Markers: only a real begin-end pair is the bot's part; anything unclear edits nothing.

END = "<!-- nomicbot:votes end -->"
NOTES = (
    "\n\n== Notes ==\nA note by a human.\n<!-- A comment\nover two lines. -->\n[[Category:Votes]]"
)
QUOTED = "<code><nowiki><!-- nomicbot:votes begin --></nowiki></code>"


def _publish(text: str, now: str = "2016-05-23T20:00:00Z") -> str:
    return update_votes_page(text, status(VOTED, now), blog_url=BLOG, title="Votes")


def _orphaned() -> str:
    """A published page whose end marker line a human replaced with prose."""
    first = _publish("Intro by a human.\n\n" + SEED_WIKITEXT)
    assert first.count(END) == 1
    return first.replace(END, "The tally is stale, ask Kevan. -- a human") + NOTES


def test_an_orphaned_begin_marker_is_an_error_not_a_new_block() -> None:
    page = _orphaned()
    with pytest.raises(WikiError) as info:
        _publish(page, "2016-05-23T21:00:00Z")
    message = str(info.value)
    assert message.startswith('wiki page "Votes": the nomicbot:votes begin marker on line 5 ')
    assert "has no end marker" in message and "\n" not in message


def test_an_orphaned_begin_before_a_bot_block_is_never_matched_across_human_text() -> None:
    # The page as the old code left it after one publish: orphan, prose, notes, new block.
    page = _orphaned() + "\n\n" + _publish("")
    with pytest.raises(WikiError, match=r'"Votes": 2 nomicbot:votes begin and 1 end markers'):
        _publish(page, "2016-05-23T21:00:00Z")


@pytest.mark.parametrize(
    ("page", "problem"),
    [
        (f"Intro.\n{END}\nMore.", "the nomicbot:votes end marker on line 2 has no begin marker"),
        (
            f"{END}\n<!-- nomicbot:votes begin -->\nOld.",
            "the nomicbot:votes end marker (line 1) comes before the begin marker (line 2)",
        ),
        (
            f"<!-- nomicbot:votes begin -->\nA.\n{END}\nB.\n{END}",
            "1 nomicbot:votes begin and 2 end markers (lines 1, 3, 5)",
        ),
        (
            "Text <!-- unclosed comment",
            "the tally would not be read back as the bot's part (an unclosed comment",
        ),
    ],
)
def test_unclear_markers_are_one_line_errors(page: str, problem: str) -> None:
    with pytest.raises(WikiError) as info:
        _publish(page)
    assert str(info.value).startswith(f'wiki page "Votes": {problem}')
    assert "\n" not in str(info.value)


def test_a_marker_quoted_in_nowiki_is_not_a_marker() -> None:
    intro = (
        "Intro paragraph by a human.\n\n"
        f"To keep text out of the tally, never write {QUOTED} yourself.\n\n"
        "Another paragraph.\n\n"
    )
    page = intro + SEED_WIKITEXT + "\nAfter the tally."
    first = _publish(page)
    seed_intro = SEED_WIKITEXT.partition("<!--")[0]
    assert first.startswith(intro + seed_intro + "<!-- nomicbot:votes begin tally=")
    assert first.endswith(END + "\n\nAfter the tally.")
    assert first.count(QUOTED) == 1
    assert _publish(first, "2016-05-23T22:00:00Z") == first


@pytest.mark.parametrize(
    "quoting",
    [
        QUOTED,
        "<code><!-- nomicbot:votes begin --></code> and <code><!-- nomicbot:votes end --></code>",
        "<pre>\n<!-- nomicbot:votes begin -->\nold\n<!-- nomicbot:votes end -->\n</pre>",
        "<!-- old markers: nomicbot:votes begin ... nomicbot:votes end -->",
        "<!-- <!-- nomicbot:votes begin --> in a comment -->",
        "{{Quote|<!-- nomicbot:votes begin -->}} and <nowiki><!-- nomicbot:votes end --></nowiki>",
        "<syntaxhighlight lang=html><!-- nomicbot:votes end --></syntaxhighlight>",
    ],
)
def test_quoted_markers_are_left_alone_and_a_block_is_added(quoting: str) -> None:
    page = f"Intro.\n\nHow the bot marks its part: {quoting}\n\nEnd of the human text."
    first = _publish(page)
    assert first.startswith(page + "\n\n<!-- nomicbot:votes begin tally=")
    assert first.endswith(END + "\n")
    assert _publish(first, "2016-05-23T22:00:00Z") == first


def test_every_byte_outside_the_bot_part_survives() -> None:
    before = "Intro\r\nwith CRLF,\ttabs and trailing spaces   \r\n\u2028U+2028 \u00e9\n\n"
    after = "\n\n== Notes ==\n<!-- a\r\ncomment -->\n[[Category:Votes]]\n\n\n"
    page = before + SEED_WIKITEXT.rstrip("\n") + after
    first = _publish(page)
    assert first.startswith(before) and first.endswith(END + after)
    more = archive(("Ann", "for", "2016-05-23T20:30:00Z"))
    second = update_votes_page(first, status(more, "2016-05-23T21:00:00Z"), blog_url=BLOG)
    assert second != first and second.startswith(before) and second.endswith(END + after)


@pytest.mark.integration
def test_an_orphaned_begin_marker_on_the_wiki_is_not_edited(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, _orphaned())
    kept = human.read(page_title)
    for now in ("2016-05-23T21:00:00Z", "2016-05-23T22:00:00Z"):
        with pytest.raises(WikiError, match=f'^wiki page "{page_title}": the nomicbot:votes'):
            publish_votes(bot, status(VOTED, now), title=page_title, blog_url=BLOG)
    assert human.read(page_title) == kept
    assert "== Notes ==\nA note by a human.\n<!-- A comment\nover two lines. -->" in kept
    assert [r.user for r in bot.history(page_title)] == ["Admin"]


@pytest.mark.integration
def test_a_quoted_marker_on_the_wiki_is_left_alone(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    intro = f"Intro by a human.\n\nWrite {QUOTED} nowhere.\n\nA second paragraph.\n\n"
    human.edit(page_title, intro + SEED_WIKITEXT.rstrip("\n") + NOTES)
    for now in ("2016-05-23T20:00:00Z", "2016-05-23T21:00:00Z"):
        publish_votes(bot, status(VOTED, now), title=page_title, blog_url=BLOG)
    text = human.read(page_title)
    seed_intro = SEED_WIKITEXT.partition("<!--")[0]
    assert text.startswith(intro + seed_intro + "<!-- nomicbot:votes begin tally=")
    assert text.endswith(END + NOTES)
    assert "<nowiki><!-- nomicbot:votes begin --></nowiki>" in text
    assert [r.user for r in bot.history(page_title)] == ["NomicBot", "Admin"]
