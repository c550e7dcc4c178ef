"""The profile games' pages as text (issue 27), without a wiki: what each page shows,
and the bot's part between its markers, the text around it kept byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamestate.profiles import archive_from_dict, get_profile, parse_time
from wikibot.errors import WikiError
from wikibot.wiki.pages.profile_pages import Page, game_pages, page_titles, update_region

ROOT = Path(__file__).resolve().parents[2]


def pages_of(example: str, now: str) -> dict[str, str]:
    data = json.loads((ROOT / "wikibot" / "examples" / f"{example}.json").read_text("utf-8"))
    archive = archive_from_dict(data, source=example)
    spec = get_profile(archive.profile)
    _, built = game_pages(spec, archive, parse_time(now, "t"), configured={})
    return {p.kind: p.body for p in built}


def test_borednomic_pages_show_the_players_the_weeks_the_board_and_what_fell_due() -> None:
    pages = pages_of("borednomic", "2004-03-17T18:00:00Z")
    assert list(pages) == ["status", "proposals", "board", "due"]
    assert "| Ann || 7375 || 2 || 0 ||" in pages["status"]
    weeks = pages["proposals"]
    assert weeks.index("== Week of 2004-03-15 ==") < weeks.index("== Week of 2004-03-08 ==")
    assert "Ann Nay, Dee Yay, Ann Yay" in weeks and "|| accepted ||" in weeks
    board = pages["board"]
    assert board.count("|-") == 3  # three rows: 21-22, 20-11, 1-10
    assert "'''8'''<br/>Ann's Acre<br/>owner: Ann" in board
    assert "background:#f4b6b6" in board  # square 1 is Red
    assert "passes over Go (square 1)" in pages["due"]


def test_nomopoly_pages_show_the_board_as_its_grid() -> None:
    pages = pages_of("nomopoly", "2000-03-15T12:00:00Z")
    first_row = pages["board"].split("|-")[1]
    assert [c.split("'''")[1] for c in first_row.split("\n| ")[1:]] == [
        "1",
        "2",
        "6",
        "7",
        "15",
        "16",
    ]
    assert "== 2000 week 10 ==" in pages["proposals"] and "Heaven" in pages["board"]


def test_titles_come_from_the_config_else_the_game() -> None:
    assert page_titles("nomopoly", "Nomopoly", {"board": "The Board"}) == {
        "players": "Nomopoly/Player info",
        "board": "The Board",
        "proposals": "Nomopoly/Proposals",
    }


PAGE = Page("status", "T", "\nthe part\n")
REGIONS = [
    pytest.param("", id="an empty page gets the part"),
    pytest.param("Intro by a person.", id="a person's text above is kept"),
    pytest.param(
        "Intro.\n\n<!-- nomicbot:page begin -->\nold\n<!-- nomicbot:page end -->\nBelow.\n",
        id="an old part is replaced, the text below kept",
    ),
]


@pytest.mark.parametrize("text", REGIONS)
def test_the_part_is_written_once_and_the_rest_kept(text: str) -> None:
    new = update_region(text, PAGE)
    begin, end = new.index("<!-- nomicbot:page begin"), new.index("<!-- nomicbot:page end -->")
    assert "\nthe part\n" in new[begin:end]
    if "begin" in text:
        assert new[:begin] == text[: text.index("<!-- nomicbot")]
        assert new[end:] == text[text.index("<!-- nomicbot:page end") :]
    else:
        assert new.startswith(text)
    assert update_region(new, PAGE) == new  # nothing to do a second time


UNCLEAR = [
    pytest.param("<!-- nomicbot:page begin -->\nno end\n", id="a begin without an end"),
    pytest.param("<!-- nomicbot:page end -->\n<!-- nomicbot:page begin -->\n", id="out of order"),
    pytest.param(
        "<!-- nomicbot:page begin -->\n<!-- nomicbot:page begin -->\n<!-- nomicbot:page end -->",
        id="two begins",
    ),
]


@pytest.mark.parametrize("text", UNCLEAR)
def test_unclear_markers_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(WikiError) as caught:
        update_region(text, PAGE)
    assert "\n" not in str(caught.value) and 'wiki page "T"' in str(caught.value)


def test_a_marker_quoted_in_nowiki_is_not_the_bots() -> None:
    text = "<nowiki><!-- nomicbot:page begin --></nowiki>\n"
    assert update_region(text, PAGE).startswith(text)
