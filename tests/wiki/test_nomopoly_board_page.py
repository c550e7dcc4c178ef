"""Nomopoly's board page (issue 27): the grid of squares, and the circles where the seed
puts them ("Heaven is directly above Origon."; "Tyrethali's Inferno is directly below
Origon."), each with who is there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamestate.profiles import archive_from_dict, get_profile, parse_time
from gamestate.profiles.nomopoly import clauses
from wikibot.wiki.pages.profile_pages import profile_pages

ROOT = Path(__file__).resolve().parents[2]


def board_at(now: str) -> str:
    data = json.loads((ROOT / "wikibot" / "examples" / "nomopoly.json").read_text("utf-8"))
    archive = archive_from_dict(data, source="nomopoly")
    spec = get_profile("nomopoly")
    report = spec.evaluate(archive, parse_time(now, "t"), None)
    pages = profile_pages(report, archive, game_title=spec.title, configured={})
    return next(p.body for p in pages if p.kind == "board")


def elevation(board: str) -> list[str]:
    """The rows of the circles' table, top to bottom."""
    part = board[board.index("|+ Above and below Origon") :]
    return part[: part.index("|}")].split("|-")[1:]


CIRCLES = [
    pytest.param(0, "'''Heaven'''", "⬤ Ann", id=clauses.HEAVEN_ABOVE + " - Ann is there"),
    pytest.param(
        2, "'''1 Origon'''", "⬤ Ann, Ben, Cat", id="The first square shall be known as Origon."
    ),
    pytest.param(
        4, "'''Tyrethali's Inferno'''", "⬤ Cat", id=clauses.INFERNO_BELOW + " - Cat is there"
    ),
]


@pytest.mark.parametrize(("row", "title", "who"), CIRCLES)
def test_the_circles_are_drawn_above_and_below_origon(row: int, title: str, who: str) -> None:
    # Cat's bail is taken at the admin's day of 15 March (08:30): before it she is below.
    # All begin on Origon (Ben's rejected p13's 0 dice leave him on square 3 at the end).
    at = {2: "2000-03-01T12:00:00Z", 4: "2000-03-15T08:00:00Z"}.get(row, "2000-03-15T12:00:00Z")
    rows = elevation(board_at(at))
    assert len(rows) == 5 and "↑" in rows[1] and "↓" in rows[3]
    assert title in rows[row] and who in rows[row]
    assert ("border-radius:50%" in rows[row]) is (row != 2)  # circles are drawn round


def test_the_grid_stays_first_and_origon_names_its_circles() -> None:
    board = board_at("2000-03-15T12:00:00Z")
    assert board.index('class="wikitable"') < board.index("Above and below Origon")
    first_row = board.split("|-")[1]
    origon = first_row.split("\n| ")[1]
    assert origon.startswith("style=\"background:#fff; width:8em\" | '''1'''")
    assert "Heaven above, Tyrethali's Inferno below" in origon
    assert "⬤" not in origon  # nobody: Ben's 0 dice on the 15th leave him on square 3


def test_empty_circles_are_drawn_empty() -> None:
    rows = elevation(board_at("2000-03-02T00:00:00Z"))
    assert "⬤" not in rows[0] and "⬤" not in rows[4]
    assert "⬤ Ann, Ben, Cat" in rows[2]
