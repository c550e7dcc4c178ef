"""``status`` of a board game (issue 27): each turn's payments with their clauses, each
player's whole state, and the board as its grid, as BoredNomic's Admin reads them."""

from __future__ import annotations

import json

from click.testing import CliRunner

from wikibot.cli import cli
from wikibot.cli.board_text import board_lines, payment_lines

NOW = ("--now", "2004-03-17T18:00:00Z")


def status(*args: str) -> str:
    result = CliRunner().invoke(
        cli, ["status", "--archive", "example:borednomic", *NOW, *args], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_table_shows_turns_payments_state_and_the_board() -> None:
    out = status()
    lines = out.splitlines()
    turn = next(
        i for i, line in enumerate(lines) if line.startswith("Action 2004-03-11T14:00:00Z Ann")
    )
    assert lines[turn].startswith(
        "Action 2004-03-11T14:00:00Z Ann: allowed: rolls 2 + 3 = 5: from 20 over 21, 22, 1, 2"
        " to 3; square 3 is unowned"
    )
    assert lines[turn + 1] == (
        "        Ann +$200: passes over Go (square 1) (“Each time a player passes over a square"
        ' named "Go", he or she gets awarded $200.”)'
    )
    assert "Cy: NOT ALLOWED: Cy has $0: bankrupt" in out
    assert "    Ben: money 9550, level 4, experience 4," in out
    assert 'items ["Golden Gladius"], beaten ["Cy", "Dee", "Ann"]' in out
    board = out[out.index("Board: 22 squares") :].splitlines()
    assert board[1:4] == [
        "    21R 22Y",
        "    20B 19C 18G 17Y 16R 15B 14C 13G 12Y 11R",
        "    1R  2Y  3G  4C  5B* 6R  7Y  8G* 9C  10B",
    ]
    assert "    square 8 (Green) \"Ann's Acre\", Ann's" in board
    assert "    players on squares: 6: Ann, Cy, Dee; 21: Ben" in board  # Eve left (3.3)


def test_json_puts_turns_under_actions_and_the_board_under_game_state() -> None:
    data = json.loads(status("--json"))
    turn = next(a for a in data["actions"] if a["type"] == "turn" and a["player"] == "Ann")
    assert set(turn) >= {"at", "player", "allowed", "reason", "dice", "path", "landing"}
    assert (turn["dice"], turn["path"], turn["landing"]) == ([3, 4], [1, 2, 3, 4, 5, 6, 7, 8], 8)
    assert data["state"]["Dee"]["items"] == ["Inquisitor's Robe"]
    assert data["game_state"]["board"][7] == {
        "number": 8,
        "colour": "Green",
        "row": 0,
        "column": 7,
        "name": "Ann's Acre",
        "owner": "Ann",
    }
    assert data["winners"] == [] and data["game_end"] is None


def test_other_games_have_no_board_lines() -> None:
    assert board_lines({"board": {"squares": 20}}) == []
    assert board_lines({"paused": False}) == []
    assert payment_lines({"allowed": True}) == []
