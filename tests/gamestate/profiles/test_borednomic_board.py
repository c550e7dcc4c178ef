"""BoredNomic's board game (issue 27): the board, turns, squares, items, hit points,
bankruptcy and victory, from the Admin's recorded dice and judgements. Each table's
ids quote the seed's clause; no test reads a clock."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles import ProfileError, Report, archive_from_dict, format_time, parse_time
from gamestate.profiles.borednomic import PROFILE, clauses
from gamestate.profiles.borednomic.board import Board, colour, grid_position
from rules_text.seed import seed_text

CHICAGO = ZoneInfo("America/Chicago")
SEED_TEXT = seed_text(PROFILE.seed)


def chi(month: int, day: int, hour: int = 12, minute: int = 0, second: int = 0) -> str:
    return format_time(datetime(2004, month, day, hour, minute, second, tzinfo=CHICAGO))


# Thursday and Sunday updates of the weeks of 1 and 8 March 2004 (CST).
THU, SUN, THU2, SUN2 = chi(3, 4), chi(3, 7), chi(3, 11), chi(3, 14)
LATER = chi(3, 4, 13)
"""After Thursday's turn: at one instant, 7.2 puts actions before the dice rolls."""


def turn(player: str, when: str, d1: int, d2: int) -> dict[str, Any]:
    return {"at": when, "type": "draw", "what": "turn", "player": player, "result": [d1, d2]}


def act(player: str, when: str, action: str, **fields: Any) -> dict[str, Any]:
    return {"at": when, "type": "action", "player": player, "action": action, **fields}


def buy(player: str, when: str, square: int, name: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"at": when, "type": "buy", "player": player, "square": square}
    if name is not None:
        out["name"] = name
    return out


def game(
    events: Sequence[dict[str, Any]],
    *,
    squares: int = 22,
    names: dict[str, str] | None = None,
    players: Sequence[str] = ("Ann", "Ben", "Cy", "Dee"),
    **state: dict[str, Any],
) -> dict[str, Any]:
    roster: list[dict[str, Any]] = [
        {"name": n, "roles": [], "state": state.get(n, {})} for n in players
    ]
    roster.append({"name": "The T", "roles": ["admin"], "player": False})
    return {
        "format": "nomic-archive/2",
        "profile": "borednomic",
        "settings": {"timezone": "America/Chicago"},
        "roster": roster,
        "game_state": {
            "paused": False,
            "board": {"squares": squares, "names": names or {"1": "Go"}},
        },
        "matters": [],
        "events": list(events),
    }


def play(data: dict[str, Any], now: str = chi(3, 20)) -> Report:
    archive = archive_from_dict(data, source="test.json")
    PROFILE.check(archive)
    return PROFILE.evaluate(archive, parse_time(now, "test"), None)


def last(result: Report) -> dict[str, Any]:
    return result.actions[-1]


# Rule 6: the board.
GRID = [
    pytest.param(1, (0, 0), "Red", id="6.5 Square #1 will be in the bottom left corner"),
    pytest.param(10, (0, 9), "Blue", id="6.5 up to Square #10 can be found by moving right"),
    pytest.param(11, (1, 9), "Red", id="6.5 Square #11 is above square #10"),
    pytest.param(20, (1, 0), "Blue", id="6.5 up to Square #20 can then be found by moving left"),
    pytest.param(21, (2, 0), "Red", id="6.5 This winding pattern continues: 21 above 20"),
    pytest.param(22, (2, 1), "Yellow", id="6.9 repeats every 5 squares: 22 is Yellow"),
    pytest.param(3, (0, 2), "Green", id="6.9 The cycle goes: Red, Yellow, Green"),
    pytest.param(4, (0, 3), "Cyan", id="6.9 The cycle goes: ..., Cyan, Blue"),
]


@pytest.mark.parametrize(("number", "position", "expected"), GRID)
def test_grid_and_colours(number: int, position: tuple[int, int], expected: str) -> None:
    assert grid_position(number) == position
    assert colour(number) == expected


def test_the_last_row_holds_fewer_than_ten_squares() -> None:
    rows = Board.initial(22).rows()
    assert [s.number if s else None for s in rows[0]] == [21, 22, *[None] * 8]
    assert [s.number if s else None for s in rows[-1]] == list(range(1, 11))


MOVES = [
    pytest.param(20, 1, 7, (2, 3, 4, 5, 6, 7), 8, id="6.7 pass over each square in between"),
    pytest.param(
        20, 18, 5, (19, 20, 1, 2), 3, id="6.4 The successor of the highest numbered square is 1"
    ),
    pytest.param(20, 20, 2, (1,), 2, id="6.4 wrapping from the highest square itself"),
    pytest.param(22, 18, 5, (19, 20, 21, 22), 1, id="6.3 a new square ... one greater: 21, 22"),
    pytest.param(1, 1, 2, (1,), 1, id="6.1 at least one square: a one-square board"),
    pytest.param(20, 8, 12, (9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19), 20, id="7.1 12 lands"),
]


@pytest.mark.parametrize(("size", "start", "steps", "passed", "landed"), MOVES)
def test_moves(size: int, start: int, steps: int, passed: tuple[int, ...], landed: int) -> None:
    move = Board.initial(size).move(start, steps)
    assert (move.left, move.passed, move.landed) == (start, passed, landed)


# Rules 7, 9.1, 10.1, 13: turns and Go.
TURNS: list[Any] = [
    pytest.param(
        {"square": 20},
        [turn("Ann", THU, 3, 2)],
        3,
        10200,
        True,
        id='13.1 passes over a square named "Go": $200',
    ),
    pytest.param(
        {"square": 18},
        [turn("Ann", THU, 1, 2)],
        21,
        10000,
        True,
        id="6.7 lands on the final square: 18 + 3 is The Arena, no Go",
    ),
    pytest.param(
        {"square": 17},
        [turn("Ann", THU, 3, 2)],
        22,
        10000,
        True,
        id="20.1 Square 22 is The Inqusition: reached by a turn",
    ),
    pytest.param(
        {"square": 20},
        [turn("Ann", THU, 1, 2)],
        23 - 22,
        10000,
        True,
        id="13.1 landing on Go is not passing over it",
    ),
    pytest.param(
        {},
        [turn("Ann", THU, 1, 2), turn("Ann", chi(3, 5), 6, 6)],
        4,
        10000,
        False,
        id="9.1 During each update, each player will receive one turn: a second refused",
    ),
    pytest.param(
        {},
        [turn("Ann", THU, 1, 2), turn("Ann", SUN, 6, 6)],
        16,
        10000,
        True,
        id="9.1 the Sunday update gives another turn",
    ),
    pytest.param(
        {},
        [{"at": chi(3, 3), "type": "pause"}, turn("Ann", THU, 1, 2)],
        1,
        10000,
        False,
        id="10.1 During a pause, no turns are taken",
    ),
]


@pytest.mark.parametrize(("state", "events", "square", "money", "allowed"), TURNS)
def test_turns(
    state: dict[str, Any], events: list[dict[str, Any]], square: int, money: int, allowed: bool
) -> None:
    result = play(game(events, Ann=state))
    assert (result.state["Ann"]["square"], result.state["Ann"]["money"]) == (square, money)
    assert last(result)["allowed"] is allowed
    if allowed:
        assert last(result)["dice"] == events[-1]["result"]
        assert last(result)["landing"] == square


def test_a_turn_lists_dice_path_landing_and_payments() -> None:
    entry = last(play(game([turn("Ann", THU, 3, 2)], Ann={"square": 20})))
    assert entry["dice"] == [3, 2] and entry["path"] == [20, 21, 22, 1, 2, 3]
    assert entry["payments"] == [
        {"player": "Ann", "amount": 200, "why": "passes over Go (square 1)", "clause": clauses.GO}
    ]
    assert entry["clause"] == clauses.TURN and "rolls 3 + 2 = 5" in entry["reason"]


def test_a_square_added_is_numbered_one_greater_and_moves_wrap_past_it() -> None:
    events = [{"at": chi(3, 2), "type": "add_square", "name": "The Arena"}, turn("Ann", THU, 2, 1)]
    result = play(game(events, squares=20, Ann={"square": 19}))
    board = result.game_state["board"]
    assert board[-1] == {
        "number": 21,
        "colour": "Red",
        "row": 2,
        "column": 0,
        "name": "The Arena",
        "owner": None,
    }
    assert result.state["Ann"]["square"] == 1
    assert result.actions[0]["clause"] == clauses.SQUARE_ADDED


# Rule 16 and 4.3: buying squares.
BUYS: list[Any] = [
    pytest.param(
        {},
        [turn("Ann", THU, 2, 2), buy("Ann", LATER, 5, "Five")],
        9875,
        [5],
        None,
        id="16.1 25 * (the square number): square 5 for $125",
    ),
    pytest.param(
        {"money": 126},
        [turn("Ann", THU, 2, 2), buy("Ann", LATER, 5)],
        1,
        [5],
        None,
        id="4.3 directly causes him to become bankrupt: $126 - $125 leaves $1, allowed",
    ),
    pytest.param(
        {"money": 125},
        [turn("Ann", THU, 2, 2), buy("Ann", LATER, 5)],
        125,
        [],
        clauses.NO_VOLUNTARY_BANKRUPTCY,
        id="4.3 No player may ... become bankrupt: $125 - $125 is refused",
    ),
    pytest.param(
        {},
        [buy("Ann", LATER, 5)],
        10000,
        [],
        clauses.BUY_SQUARE,
        id="16.1 When a player lands on an unowned square: not landed, refused",
    ),
    pytest.param(
        {"owns": [7]},
        [turn("Ann", THU, 2, 2), buy("Ann", LATER, 5)],
        10000,
        [7],
        clauses.SQUARES_MAX,
        id="16.2 greater than his current level: level 1 owns 1",
    ),
    pytest.param(
        {"owns": [7], "level": 2},
        [turn("Ann", THU, 2, 2), buy("Ann", LATER, 5)],
        9875,
        [5, 7],
        None,
        id="16.2 a level 2 player may own two squares",
    ),
    pytest.param(
        {"square": 17},
        [turn("Ann", THU, 3, 2), buy("Ann", LATER, 22)],
        10000,
        [],
        clauses.INQUISITION,
        id="20.1 It can not be owned by any player",
    ),
]


@pytest.mark.parametrize(("state", "events", "money", "owns", "refused"), BUYS)
def test_buying_squares(
    state: dict[str, Any],
    events: list[dict[str, Any]],
    money: int,
    owns: list[int],
    refused: str | None,
) -> None:
    result = play(game(events, Ann=state))
    assert (result.state["Ann"]["money"], result.state["Ann"]["owns"]) == (money, owns)
    assert last(result)["allowed"] is (refused is None)
    if refused is not None:
        assert last(result)["clause"] == refused and last(result)["payments"] == []


def test_a_square_owned_by_another_player_is_not_for_sale_and_landing_pays_nothing() -> None:
    events = [turn("Ann", THU, 2, 2), buy("Ann", chi(3, 5, 0, 0, 1), 5)]
    result = play(game(events, Ben={"owns": [5]}))
    assert last(result)["allowed"] is False and "Ben's" in last(result)["reason"]
    landing = result.actions[0]
    assert landing["payments"][0]["clause"] == clauses.OTHERS_SQUARE
    assert result.state["Ann"]["money"] == 10000


NAMES: list[Any] = [
    pytest.param(
        [
            turn("Ann", THU, 2, 2),
            buy("Ann", LATER, 5),
            act("Ann", LATER, "name square", square=5, name="Ann's Acre"),
        ],
        "Ann's Acre",
        "Ann",
        id="16.3 the player must submit a name for the square",
    ),
    pytest.param(
        [
            turn("Ann", THU, 2, 2),
            buy("Ann", LATER, 5, "Rude"),
            {"at": chi(3, 5), "type": "name_rejected", "square": 5},
        ],
        None,
        "Ann",
        id="16.3 The Admin has the right to reject any square name",
    ),
    pytest.param(
        [
            turn("Ann", THU, 2, 2),
            buy("Ann", LATER, 5, "Mine"),
            act("Ann", chi(3, 5), "give up square", square=5),
        ],
        "Mine",
        None,
        id="16.4 voluntarily give up ownership ... once again become unowned",
    ),
]


@pytest.mark.parametrize(("events", "name", "owner"), NAMES)
def test_names_and_giving_up(
    events: list[dict[str, Any]], name: str | None, owner: str | None
) -> None:
    square = play(game(events)).game_state["board"][4]
    assert (square["name"], square["owner"]) == (name, owner)


# Rules 5, 12, 14: items, hit points and levels.
ITEMS: list[Any] = [
    pytest.param(
        {"money": 13000},
        [act("Ann", THU, "buy hen")] * 4,
        "hens",
        4,
        None,
        id="14.1 purchase a Golden Egg Laying Hen for $3000: four",
    ),
    pytest.param(
        {"money": 20000},
        [act("Ann", THU, "buy hen")] * 5,
        "hens",
        4,
        clauses.HEN_MAX,
        id="14.5 a maximum of 4 Golden Egg Laying Hens",
    ),
    pytest.param(
        {"money": 3000},
        [act("Ann", THU, "buy hen")],
        "hens",
        0,
        clauses.NO_VOLUNTARY_BANKRUPTCY,
        id="4.3 a hen for all one's $3000 is refused",
    ),
    pytest.param(
        {"hens": 2},
        [
            turn("Ann", THU, 1, 1),
            {"at": THU, "type": "draw", "what": "eggs", "player": "Ann", "result": 2},
        ],
        "eggs",
        2,
        None,
        id="14.2 a 1 in 4 chance of laying a Golden Egg every turn: recorded",
    ),
    pytest.param(
        {},
        [
            act("Ann", chi(3, 3), "buy hen"),
            turn("Ann", THU, 1, 1),
            {"at": THU, "type": "draw", "what": "eggs", "player": "Ann", "result": 1},
        ],
        "eggs",
        1,
        None,
        id="14.4 on the turn after it is purchased: bought before the turn",
    ),
    pytest.param(
        {},
        [
            turn("Ann", THU, 1, 1),
            act("Ann", chi(3, 4, 13), "buy hen"),
            {"at": chi(3, 4, 14), "type": "draw", "what": "eggs", "player": "Ann", "result": 1},
        ],
        "eggs",
        0,
        clauses.HEN_NEXT_TURN,
        id="14.4 The hen will begin ... on the turn after: not this turn",
    ),
    pytest.param(
        {"eggs": 2},
        [act("Ann", THU, "exchange egg", count=2)],
        "money",
        12000,
        None,
        id="14.3 exchanged for $1000",
    ),
    pytest.param(
        {},
        [act("Ann", THU, "buy ticket")],
        "tickets",
        1,
        None,
        id="5.3 Ticket to the Arena: Purchased at any time for $100",
    ),
    pytest.param(
        {"tickets": 1, "square": 3},
        [act("Ann", THU, "use ticket")],
        "square",
        21,
        None,
        id="5.3 instead of rolling dice, player jumps directly to The Arena",
    ),
    pytest.param(
        {"square": 3},
        [act("Ann", THU, "use ticket")],
        "square",
        3,
        clauses.ITEM_USE,
        id="5.2 used by the player owning it: no ticket, refused",
    ),
    pytest.param(
        {"hit_points": 90, "level": 2},
        [act("Ann", THU, "buy hit points", points=2)],
        "hit_points",
        92,
        None,
        id="12.7 $250 per point, N points per turn: level 2, 2",
    ),
    pytest.param(
        {"hit_points": 90, "level": 2},
        [
            act("Ann", THU, "buy hit points", points=2),
            act("Ann", chi(3, 5), "buy hit points", points=1),
        ],
        "hit_points",
        92,
        clauses.HIT_POINTS_PER_TURN,
        id="12.7 a maximum of N points per turn: a third point refused",
    ),
    pytest.param(
        {"hit_points": 99, "level": 3},
        [act("Ann", THU, "buy hit points", points=2)],
        "hit_points",
        99,
        clauses.HIT_POINTS_MAX,
        id="12.7 can never exceed 100",
    ),
    pytest.param(
        {"level": 4, "money": 0},
        [act("Ann", THU, "reset to level one")],
        "money",
        1,
        None,
        id="12.6 resetting themselves to level one and receiving 1 dollar",
    ),
    pytest.param(
        {"level": 4, "experience": 9},
        [act("Ann", THU, "reset to level one")],
        "level",
        1,
        None,
        id="12.6 resetting themselves to level one with 9 experience: 9 < 10 x 1, level 1",
    ),
    pytest.param(
        {"level": 4, "experience": 10},
        [act("Ann", THU, "reset to level one")],
        "level",
        2,
        None,
        id="12.6 resetting to level one, then 12.3 'If at any time' 10 >= 10 x 1: level 2",
    ),
]


@pytest.mark.parametrize(("state", "events", "key", "value", "refused"), ITEMS)
def test_items_and_hit_points(
    state: dict[str, Any], events: list[dict[str, Any]], key: str, value: Any, refused: str | None
) -> None:
    result = play(game(events, Ann=state))
    assert result.state["Ann"][key] == value
    assert last(result)["allowed"] is (refused is None)
    if refused:
        assert last(result)["clause"] == refused


def test_hit_points_bought_reset_with_the_next_turn() -> None:
    events = [
        act("Ann", chi(3, 3), "buy hit points", points=1),
        turn("Ann", THU, 1, 1),
        act("Ann", chi(3, 5), "buy hit points", points=1),
    ]
    result = play(game(events, Ann={"hit_points": 50}))
    assert result.state["Ann"]["hit_points"] == 52 and result.state["Ann"]["money"] == 9500


# Rule 17: The Arena.
def combat(when: str, a: list[int], b: list[int], opponent: str = "Ben") -> dict[str, Any]:
    return {
        "at": when,
        "type": "draw",
        "what": "combat",
        "player": "Ann",
        "opponent": opponent,
        "result": {"Ann": a, opponent: b},
    }


ARENA: list[Any] = [
    pytest.param(
        {},
        [6, 6, 6],
        [1, 1, 1],
        "Ann",
        85,
        1,
        id="17.9 the loser will sustain ... the difference: 15",
    ),
    pytest.param(
        {"hit_points": 10, "level": 3},
        [6, 6, 6],
        [1, 1, 1, 1, 1],
        "Ann",
        100,
        1,
        id="12.4 0 or less hit points: set to 100 and level decreased by 2 (3 -> 1)",
    ),
    pytest.param(
        {"hit_points": 10, "level": 3, "experience": 10},
        [6, 6, 6],
        [1, 1, 1, 1, 1],
        "Ann",
        100,
        2,
        id="12.4 level decreased by 2 (3 -> 1), then 12.3 'If at any time ... greater than or "
        "equal to 10 times his level': 10 experience at level 1 -> level 2",
    ),
    pytest.param(
        {"hit_points": 10},
        [6, 6, 6],
        [1, 1, 1],
        "Ann",
        100,
        2,
        id="12.4 level decreased by 2 (1 -> -1), then 12.3 'at any time' to the letter: "
        "0 >= 10 x -1, 10 >= 10 x 0, 10 >= 10 x 1 -> level 2",
    ),
    pytest.param(
        {},
        [1, 1, 1],
        [1, 1, 1],
        None,
        100,
        1,
        id="17.3 The player with the highest result wins: a tie, none",
    ),
]


@pytest.mark.parametrize(("ben", "a", "b", "winner", "hit_points", "level"), ARENA)
def test_combat(
    ben: dict[str, Any], a: list[int], b: list[int], winner: str | None, hit_points: int, level: int
) -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, a, b)]
    result = play(game(events, Ann={"square": 18}, Ben=ben))
    assert last(result)["allowed"], last(result)
    assert (result.state["Ben"]["hit_points"], result.state["Ben"]["level"]) == (hit_points, level)
    assert result.state["Ann"]["beaten"] == (["Ben"] if winner else [])
    assert result.state["Ann"]["experience"] == (20 if winner else 0) - (10 if winner else 0)


def test_the_golden_gladius_goes_to_who_beats_more_than_half_and_earns_50_a_combat() -> None:
    three = ("Ann", "Ben", "Cy")
    events = [turn("Ann", THU, 1, 2), combat(THU, [6, 6, 6], [1, 1, 1])]  # level 1 -> 2
    events += [
        act("Ann", chi(3, 4, 14), "take item", **{"from": "Ben", "item": "Golden Egg"}),
        turn("Ann", SUN, 6, 6),
        turn("Ann", THU2, 5, 5),
    ]
    one = play(game(events, players=three, Ann={"square": 18}, Ben={"eggs": 1}))
    assert (
        one.state["Ann"]["beaten"] == ["Ben"] and "Golden Gladius" not in one.state["Ann"]["items"]
    )
    assert (one.state["Ann"]["eggs"], one.state["Ben"]["eggs"]) == (1, 0)
    # One of three is not more than half; two of three is.
    events += [combat(THU2, [6, 6, 6, 6], [1, 1, 1], "Cy")]  # level 2 -> 3
    events += [turn("Ann", SUN2, 6, 6), turn("Ann", chi(3, 18), 5, 5)]
    events += [combat(chi(3, 18), [6, 6, 6, 6, 6, 4], [1, 1, 1])]  # 5 d6 and the d4
    result = play(game(events, players=three, Ann={"square": 18}, Ben={"eggs": 1}))
    assert result.state["Ann"]["beaten"] == ["Ben", "Cy"]
    assert "Golden Gladius" in result.state["Ann"]["items"]
    assert last(result)["allowed"], last(result)
    assert last(result)["payments"][0] == {
        "player": "Ann",
        "amount": 50,
        "why": "a combat in the arena",
        "clause": clauses.GLADIUS,
    }


def test_a_combat_without_landing_on_the_arena_is_refused() -> None:
    result = play(game([combat(THU, [6, 6, 6], [1, 1, 1])]))
    assert (last(result)["allowed"], last(result)["clause"]) == (False, clauses.COMBAT)


# Rule 20: The Inquisition.
def answer(player: str, when: str, correct: bool, by: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"at": when, "type": "answer", "player": player, "correct": correct}
    if by:
        out["by"] = by
    return out


def test_the_inquisition_asks_before_the_player_can_advance() -> None:
    events = [
        turn("Ann", THU, 3, 2),
        {"at": THU, "type": "draw", "what": "category", "player": "Ann", "result": 3},
        turn("Ann", SUN, 1, 1),
        answer("Ann", chi(3, 7, 13), True),
        turn("Ann", THU2, 1, 1),
    ]
    result = play(game(events, Ann={"square": 17}))
    kinds = [(a["type"], a["allowed"], a["clause"]) for a in result.actions]
    assert kinds[2] == ("turn", False, clauses.ANSWER_FIRST)
    assert result.actions[1]["reason"] == "rolls 3: Music"
    assert result.state["Ann"]["money"] == 10100 + 200  # 20.4, then Go on the way
    assert result.state["Ann"]["experience"] == 10 and result.state["Ann"]["level"] == 2
    assert result.state["Ann"]["square"] == 2


def test_the_tenth_right_answer_wins_the_robe_and_the_robe_quizzes() -> None:
    events = [turn("Ann", THU, 3, 2), answer("Ann", THU, True), answer("Ben", SUN, False, "Ann")]
    result = play(game(events, Ann={"square": 17, "correct_answers": 9}, Ben={"square": 22}))
    assert "Inquisitor's Robe" in result.state["Ann"]["items"]
    assert result.state["Ben"]["money"] == 9950
    assert result.state["Ann"]["money"] == 10000 + 100 + 50
    assert last(result)["clause"] == clauses.ROBE_ANSWERS


# Rule 4: bankruptcy; rules 11 and 19: victory.
def test_a_bankrupt_player_sells_back_at_a_third_rounded_up() -> None:
    events = [act("Cy", THU, "sell all")]
    result = play(game(events, Cy={"money": 0, "owns": [5, 7], "hens": 1, "tickets": 1}))
    # 125/3 -> 42, 175/3 -> 59, 3000/3 -> 1000, 100/3 -> 34
    assert result.state["Cy"]["money"] == 42 + 59 + 1000 + 34
    assert result.state["Cy"]["owns"] == [] and result.state["Cy"]["hens"] == 0
    assert last(result)["clause"] == clauses.SELL_BACK


BANKRUPTCY: list[Any] = [
    pytest.param({"money": 1, "owns": [5]}, False, id="4.5 If a player is bankrupt: $1 is not"),
    pytest.param({"money": 0, "owns": [5]}, True, id="4.3 less than $1 ... bankrupt: $0 sells"),
    pytest.param({"money": -40, "owns": [5]}, True, id="4.3 less than $1: -$40 sells"),
]


@pytest.mark.parametrize(("state", "allowed"), BANKRUPTCY)
def test_only_the_bankrupt_sell_back(state: dict[str, Any], allowed: bool) -> None:
    result = play(game([act("Cy", THU, "sell all")], Cy=state))
    assert last(result)["allowed"] is allowed


def test_a_bankrupt_player_may_not_spend() -> None:
    result = play(game([act("Cy", THU, "buy ticket")], Cy={"money": 0}))
    assert (last(result)["allowed"], last(result)["clause"]) == (False, clauses.BANKRUPT_NO_LOSS)


VICTORY: list[Any] = [
    pytest.param(999_800, "Ann", id="19.1 at least 1,000,000: 999,800 + Go's 200 wins"),
    pytest.param(999_799, None, id="19.1 at least 1,000,000: 999,999 does not"),
]


@pytest.mark.parametrize(("money", "winner"), VICTORY)
def test_victory_the_instant_a_million_is_reached(money: int, winner: str | None) -> None:
    events = [turn("Ann", THU, 3, 2), act("Ann", chi(3, 5), "buy ticket")]
    result = play(game(events, Ann={"square": 20, "money": money}))
    assert result.winners == ([winner] if winner else [])
    if winner:
        assert result.game_end is not None and result.game_end["day"] == parse_time(THU, "t")
        assert (last(result)["allowed"], last(result)["clause"]) == (False, clauses.GAME_ENDS)


def test_the_last_solvent_player_wins() -> None:
    events = [answer("Ben", THU, False, "Ann")]
    data = game(
        events, players=("Ann", "Ben"), Ann={"items": ["Inquisitor's Robe"]}, Ben={"money": 50}
    )
    result = play(data)
    assert result.winners == ["Ann"] and result.game_end is not None
    assert result.game_end["clause"] == clauses.LAST_SOLVENT


# Rule 18: trades; rule 9.6: the Admin's pay.
def trade(player: str, when: str, details: Any) -> dict[str, Any]:
    return {"at": when, "type": "trade", "id": "t1", "player": player, "details": details}


DEAL = [{"from": "Ann", "to": "Ben", "money": 500}, {"from": "Ben", "to": "Ann", "square": 7}]
TRADES: list[Any] = [
    pytest.param(
        [trade("Ann", THU, DEAL), trade("Ben", SUN, DEAL)],
        9500,
        [7],
        True,
        id="18.2 all players involved ... must e-mail the Admin: both did",
    ),
    pytest.param(
        [trade("Ann", THU, DEAL)],
        10000,
        [],
        None,
        id="18.2 In order for a trade to be completed: one e-mail is not enough",
    ),
    pytest.param(
        [trade("Ann", THU, DEAL), trade("Ben", SUN, [{**DEAL[0], "money": 400}, DEAL[1]])],
        10000,
        [],
        False,
        id="18.2 stating the exact details: they differ, nothing",
    ),
]


@pytest.mark.parametrize(("events", "money", "owns", "allowed"), TRADES)
def test_trades(
    events: list[dict[str, Any]], money: int, owns: list[int], allowed: bool | None
) -> None:
    result = play(game(events, Ben={"owns": [7]}))
    assert (result.state["Ann"]["money"], result.state["Ann"]["owns"]) == (money, owns)
    assert [a["allowed"] for a in result.actions] == ([] if allowed is None else [allowed])


def test_the_admin_gets_a_dollar_each_period() -> None:
    # From Tuesday 2 March to Monday 15 March: Fri 5, Mon 8, Fri 12, Mon 15.
    result = play(game([turn("Ann", chi(3, 2), 1, 1)]), chi(3, 15, 0, 0, 0))
    assert result.game_state["admin"] == {"name": "The T", "money": 4}


# Junk: one line each.
JUNK: list[Any] = [
    pytest.param(turn("Ann", THU, 7, 1), "'result' must be 2 dice of 1 to 6", id="7.1 6-sided: 7"),
    pytest.param({**turn("Ann", THU, 1, 1), "result": [1]}, "2 dice", id="7.1 two dice: one"),
    pytest.param({**turn("Ann", THU, 1, 1), "result": "3+4"}, "2 dice", id="7.1 dice as text"),
    pytest.param({**turn("Ann", THU, 1, 1), "player": 5}, "'player'", id="7.1 a player: 5"),
    pytest.param({**turn("Ann", THU, 1, 1), "what": "hen"}, "'what'", id="draw of what?"),
    pytest.param(buy("Ann", LATER, 0), "'square'", id="16.1 the square number: 0"),
    pytest.param(act("Ann", THU, "buy hit points", points="lots"), "'points'", id="12.7 points"),
    pytest.param(
        act("Ann", THU, "take item", **{"from": "Ben", "item": "Sword"}),
        "'item'",
        id="5.3 Game Inventory: no Sword",
    ),
    pytest.param(
        trade("Ann", THU, [{"from": "Ann", "to": "Ann", "money": 1}]),
        "another",
        id="18.1 trade with each other: not oneself",
    ),
    pytest.param(
        trade("Ann", THU, [{"from": "Ann", "to": "Ben"}]),
        "exactly one",
        id="18.2 the exact details: nothing given",
    ),
    pytest.param(trade("Ann", THU, "all my stuff"), "'details'", id="18.2 details as text"),
    pytest.param(
        {"at": THU, "type": "answer", "player": "Ann", "correct": "yes"},
        "'correct'",
        id="20.3 answered (correctly or incorrectly): yes is not true",
    ),
    pytest.param({**combat(THU, [1], [1]), "result": [1, 2]}, "'result'", id="17.3 combat dice"),
]


@pytest.mark.parametrize(("event", "words"), JUNK)
def test_junk_is_one_line(event: dict[str, Any], words: str) -> None:
    archive = archive_from_dict(game([event]), source="junk.json")
    with pytest.raises(ProfileError) as caught:
        PROFILE.check(archive)
    message = str(caught.value)
    assert "\n" not in message and words in message and message.startswith("junk.json: event 0")


def test_combat_dice_that_do_not_fit_the_levels_are_one_line() -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, [6, 6], [1, 1, 1])]
    archive = archive_from_dict(game(events, Ann={"square": 18}), source="junk.json")
    PROFILE.check(archive)
    with pytest.raises(ProfileError, match="Ann rolls 3 six-sided dice at level 1"):
        PROFILE.evaluate(archive, parse_time(chi(3, 20), "t"), None)


# The shipped example plays two weeks of turns touching every computed rule.
def test_the_example_plays_the_board_game() -> None:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "wikibot" / "examples" / "borednomic.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    archive = archive_from_dict(data, source="borednomic.json")
    PROFILE.check(archive)
    result = PROFILE.evaluate(archive, parse_time(data["now"], "t"), None)
    # Cy's ticket while bankrupt (4.3), Eve's turn after Cy's, who was drawn after her
    # (9.5), Dee's turn before her answer (20.3), Cy's answer to the question Dee gave Ann
    # (20.7) and Eve's hen after she left (3.1) are refused.
    refused = [a for a in result.actions if not a["allowed"]]
    assert [(a["player"], a["clause"]) for a in refused] == [
        ("Cy", clauses.BANKRUPT_NO_LOSS),
        ("Eve", clauses.ROUND_ROBIN),
        ("Dee", clauses.ANSWER_FIRST),
        ("Cy", clauses.DIFFERENT_QUESTION),
        ("Eve", clauses.REMOVED),
    ]
    kinds = {a["type"] for a in result.actions}
    assert kinds >= {
        "turn",
        "buy",
        "eggs",
        "combat",
        "category",
        "answer",
        "trade",
        "add_square",
        "name_rejected",
        "buy hen",
        "exchange egg",
        "buy ticket",
        "use ticket",
        "buy hit points",
        "sell all",
        "take item",
        "name square",
        "give up square",
        "reset to level one",
        "turn_order",
        "set_price",
    }
    # 9.1: each update's order drawn before its turns (Eve, who joined on the 8th, in the
    # last two); 8.4: p7's $225 a hit point, paid by Dee.
    assert [a["reason"] for a in result.actions if a["type"] == "turn_order"] == [
        "the turns' order: Ann, Ben, Dee, Cy",
        "the turns' order: Ann, Ben, Dee, Cy",
        "the turns' order: Ann, Ben, Dee, Eve, Cy",
        "the turns' order: Ann, Ben, Dee, Cy, Eve",
    ]
    bought = [a for a in result.actions if a["type"] == "buy hit points"]
    assert [p["amount"] for a in bought for p in a["payments"]] == [-250, -225]
    clauses_paid = {p["clause"] for a in result.actions for p in a["payments"]}
    assert {clauses.GO, clauses.BUY_SQUARE, clauses.SELL_BACK, clauses.CORRECT} <= clauses_paid
    turns = [a for a in result.actions if a["type"] == "turn" and a["allowed"]]
    assert len(turns) == 15 and {t["at"].date().isoformat() for t in turns} == {
        "2004-03-04",
        "2004-03-07",
        "2004-03-11",
        "2004-03-14",
    }
    assert result.state["Ben"]["items"] == ["Golden Gladius"]
    # 17.7: Eve's combat after Ben won the Gladius pays him $50; 12.4: Ann, who lost Ben's
    # combat with 15 hit points, is at 100 again, two levels down (3 -> 1), and 12.3 at
    # once: her 10 experience is 10 times level 1, so level 2.
    gladius = [p for a in result.actions for p in a["payments"] if p["clause"] == clauses.GLADIUS]
    assert [(p["player"], p["amount"]) for p in gladius] == [("Ben", 50)]
    assert (result.state["Ann"]["hit_points"], result.state["Ann"]["level"]) == (100, 2)
    assert result.state["Dee"]["items"] == ["Inquisitor's Robe"]
    assert result.state["Ann"]["owns"] == [5, 8] and result.state["Cy"]["money"] == 260
    assert result.game_state["admin"] == {"name": "The T", "money": 4}
    assert result.state["Dee"]["hit_points"] == 90 and result.state["Dee"]["money"] == 7500
    assert result.game_state["prices"] == {
        "Go": 200,
        "square": 25,
        "hen": 3000,
        "egg": 1000,
        "ticket": 100,
        "hit point": 225,
        "Gladius": 50,
        "Robe": 50,
        "right answer": 100,
    }
    assert [s["name"] for s in result.game_state["board"][20:]] == ["The Arena", "The Inquisition"]
    assert result.winners == [] and result.game_end is None


# Random records of the right shape and junk alike: a report or one line, never a traceback.
_WHO = st.sampled_from(["Ann", "Ben", "Cy", "The T", "Zed", 3])
_DIE = st.integers(0, 7)
_WHEN = st.sampled_from([chi(3, d, h) for d in range(2, 16) for h in (0, 6, 14)])


@st.composite
def _record(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(
        st.sampled_from(
            [
                "turn",
                "eggs",
                "combat",
                "category",
                "buy",
                "action",
                "answer",
                "trade",
                "add_square",
                "name_rejected",
                "send_back",
                "set_price",
                "turn_order",
            ]
        )
    )
    who, when = draw(_WHO), draw(_WHEN)
    matter = draw(st.sampled_from(["p1", "p2", 3, None]))
    if kind == "send_back":
        rule = draw(st.sampled_from(["8.1", "8.2", "9"]))
        return {"at": when, "type": kind, "matter": matter, "by": who, "rule": rule}
    if kind == "set_price":
        price = draw(st.sampled_from(["Go", "hen", "hit point", "square", "x"]))
        amount = draw(st.integers(-1, 5000))
        return {"at": when, "type": kind, "matter": matter, "price": price, "amount": amount}
    if kind == "turn_order":
        return {"at": when, "type": kind, "players": draw(st.lists(_WHO, max_size=5))}
    if kind in ("turn", "eggs", "combat", "category"):
        other = draw(_WHO)
        result: Any = {
            "turn": draw(st.lists(_DIE, max_size=3)),
            "eggs": draw(st.integers(-1, 5)),
            "category": draw(_DIE),
            "combat": {
                str(who): draw(st.lists(_DIE, max_size=6)),
                str(other): draw(st.lists(_DIE, max_size=6)),
            },
        }[kind]
        return {
            "at": when,
            "type": "draw",
            "what": kind,
            "player": who,
            "opponent": other,
            "result": result,
        }
    if kind == "action":
        return {
            "at": when,
            "type": "action",
            "player": who,
            "action": draw(st.sampled_from(sorted(PROFILE.action_names))),
            "square": draw(st.integers(-1, 25)),
            "name": "N",
            "points": draw(_DIE),
            "count": draw(st.integers(0, 3)),
            "from": draw(_WHO),
            "item": draw(st.sampled_from(["Golden Egg", "Golden Egg Laying Hen", "x"])),
        }
    if kind == "trade":
        return {
            "at": when,
            "type": "trade",
            "id": draw(st.sampled_from(["t1", "t2"])),
            "player": who,
            "details": [
                {"from": draw(_WHO), "to": draw(_WHO), "money": draw(st.integers(-5, 20000))}
            ],
        }
    return {
        "at": when,
        "type": kind,
        "player": who,
        "square": draw(st.integers(0, 25)),
        "correct": draw(st.booleans()),
        "name": "Sq",
        "matter": matter,
        "question": draw(st.sampled_from(["q1", "q2", 7, None])),
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_record(), max_size=12))
def test_random_records_give_a_report_or_one_line(events: list[dict[str, Any]]) -> None:
    events.sort(key=lambda e: e["at"])
    data = game(events, Ann={"square": 18, "tickets": 1}, Ben={"owns": [3]})
    votes = [{"voter": "Ben", "value": "Yay", "at": chi(3, 5)}]
    data["matters"] = [
        {"id": "p1", "kind": "proposal", "author": "Ann", "posted_at": chi(3, 1), "votes": votes},
        {"id": "p2", "kind": "proposal", "author": "Cy", "posted_at": chi(3, 2), "votes": []},
    ]
    try:
        archive = archive_from_dict(data, source="r.json")
        PROFILE.check(archive)
        result = PROFILE.evaluate(archive, parse_time(chi(3, 20), "t"), None)
    except ProfileError as error:
        assert "\n" not in str(error)
        return
    for action in result.actions:
        assert action["allowed"] or action["clause"] in SEED_TEXT
