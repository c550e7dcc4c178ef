"""BoredNomic (seed 000), the rows of docs/profiles.md's rule-by-rule table that no other
test quoted (issue 27): each id quotes the row's clause in the seed's words and says
which boundary it checks. The builders are the board game's tests' own."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles import ProfileError, archive_from_dict, parse_time
from gamestate.profiles.borednomic import PROFILE, clauses
from gamestate.profiles.borednomic.board import Board, colour, grid_position
from tests.gamestate.profiles.test_borednomic import game as proposals_game
from tests.gamestate.profiles.test_borednomic import prop, report, vote
from tests.gamestate.profiles.test_borednomic_board import (
    SUN,
    THU,
    THU2,
    act,
    answer,
    buy,
    chi,
    combat,
    game,
    last,
    play,
    trade,
    turn,
)


def refused_one_line(data: dict[str, Any], words: str) -> None:
    """The archive is refused by the profile's check with one line naming ``words``."""
    with pytest.raises(ProfileError) as caught:
        PROFILE.check(archive_from_dict(data, source="junk.json"))
    message = str(caught.value)
    assert "\n" not in message and words in message, message


# 1.1 to 1.3: every choice is held to the rules; one that breaks them changes nothing.
ABIDE: list[Any] = [
    pytest.param(
        {},
        [turn("Ann", THU, 2, 2), buy("Ann", chi(3, 4, 13), 5)],
        None,
        id='1.1 "All players must at all times abide by the rules": a buy on the square landed',
    ),
    pytest.param(
        {},
        [turn("Ann", THU, 2, 2), buy("Ann", chi(3, 4, 13), 6)],
        clauses.BUY_SQUARE,
        id='1.1 "All players must at all times abide by the rules": one square over, refused',
    ),
    pytest.param(
        {"money": 9000},
        [act("Ann", THU, "buy hen"), act("Ann", THU, "buy hen"), act("Ann", THU, "buy hen")],
        clauses.NO_VOLUNTARY_BANKRUPTCY,
        id='1.1 "No player may ever take any voluntary action that violates": $9000, a third hen',
    ),
]


@pytest.mark.parametrize(("state", "events", "refused"), ABIDE)
def test_a_choice_that_breaks_a_rule_changes_nothing(
    state: dict[str, Any], events: list[dict[str, Any]], refused: str | None
) -> None:
    result = play(game(events, Ann=state))
    before = play(game(events[:-1], Ann=state))
    assert last(result)["allowed"] is (refused is None)
    if refused is not None:
        assert last(result)["clause"] == refused and last(result)["payments"] == []
        assert result.state["Ann"] == before.state["Ann"]
    else:
        assert result.state["Ann"]["owns"] == [5] != before.state["Ann"]["owns"]


# 2.1 to 2.3: the Admin is the roster's `admin`; the Admin's decisions are inputs.
def test_the_admin_is_the_roster_member_with_role_admin_and_decides() -> None:
    events = [
        turn("Ann", THU, 2, 2),
        buy("Ann", chi(3, 4, 13), 5, "Rude"),
        {"at": chi(3, 5), "type": "name_rejected", "square": 5},
    ]
    result = play(game(events))
    # 2.2 "performing actions for players, receiving rule proposals ... interpreting the rules"
    assert result.game_state["admin"]["name"] == "The T"
    assert "The T" not in result.state
    # 2.3 "the Admin will ultimately have the final decision": the name is gone.
    assert result.game_state["board"][4]["name"] is None


ADMIN_DECIDES: list[Any] = [
    pytest.param(
        "The T",
        True,
        id='2.2 "performing actions for players, receiving rule proposals": the Admin sends back',
    ),
    pytest.param(
        "Ben",
        False,
        id='2.3 "the Admin will ultimately have the final decision": a player may not send back',
    ),
]


@pytest.mark.parametrize(("by", "sent_back"), ADMIN_DECIDES)
def test_only_the_admins_judgement_sends_a_proposal_back(by: str, sent_back: bool) -> None:
    mon, tue = chi(3, 1, 10), chi(3, 2, 10)
    archive = proposals_game(
        [prop("p", "Ann", mon)],
        events=[{"at": tue, "type": "send_back", "matter": "p", "by": by, "reason": "unclear"}],
    )
    result = report(archive, chi(3, 8, 10))
    assert (result.matters["p"].outcome == "not considered") is sent_back


# 3.1 "a unique username"; 3.3 "the offending player being removed".
def test_a_username_listed_twice_is_one_line() -> None:
    data = game([], players=("Ann", "Ann", "Ben"))
    with pytest.raises(ProfileError) as caught:
        archive = archive_from_dict(data, source="junk.json")
        PROFILE.check(archive)
    assert "\n" not in str(caught.value) and "Ann" in str(caught.value)


REMOVED: list[Any] = [
    pytest.param(
        chi(3, 4, 12, 0, 1),
        True,
        id='3.3 "the offending player being removed": a turn a second before left_at counts',
    ),
    pytest.param(
        THU,
        False,
        id='3.3 "the offending player being removed": at left_at, no turn',
    ),
]


@pytest.mark.parametrize(("left_at", "allowed"), REMOVED)
def test_a_removed_player_takes_no_turn(left_at: str, allowed: bool) -> None:
    data = game([turn("Ann", THU, 2, 2)])
    data["roster"][0]["left_at"] = left_at
    result = play(data)
    assert last(result)["allowed"] is allowed
    assert ("to 5" in last(result)["reason"]) is allowed
    assert result.state["Ann"]["square"] is None  # removed: off the board, either way
    if not allowed:
        assert last(result)["clause"] == clauses.REMOVED


# 4.1, 4.2: whole dollars; $10000 to start.
WHOLE: list[Any] = [
    pytest.param(
        1,
        9,
        id='4.1 "All fractional dollar amounts will be rounded to the nearest dollar": $25 / 3'
        " is $9 (4.5 says rounded up)",
    ),
    pytest.param(
        2,
        17,
        id='4.1 "All fractional dollar amounts will be rounded to the nearest dollar": $50 / 3'
        " is $17",
    ),
    pytest.param(
        6,
        50,
        id='4.1 "All fractional dollar amounts will be rounded to the nearest dollar": $150 / 3'
        " is $50, no fraction",
    ),
]


@pytest.mark.parametrize(("square", "amount"), WHOLE)
def test_every_sum_is_whole_dollars(square: int, amount: int) -> None:
    result = play(game([act("Cy", THU, "sell all")], Cy={"money": 0, "owns": [square]}))
    assert [p["amount"] for p in last(result)["payments"]] == [amount]
    assert all(isinstance(s["money"], int) for s in result.state.values())


def test_a_fractional_set_price_is_one_line() -> None:
    record = {"at": THU, "type": "set_price", "matter": "p", "price": "hen", "amount": 2999.5}
    data = game([record])
    data["matters"] = [prop("p", "Ann", chi(3, 1, 10))]
    refused_one_line(data, "'amount'")


START: list[Any] = [
    pytest.param({}, 10000, id='4.2 "Each player begins the game with $10000": no state given'),
    pytest.param(
        {"money": 0}, 0, id='4.2 "Each player begins the game with $10000": the roster says $0'
    ),
]


@pytest.mark.parametrize(("state", "money"), START)
def test_each_player_begins_with_10000(state: dict[str, Any], money: int) -> None:
    assert play(game([], Ann=state)).state["Ann"]["money"] == money


# 4.4: a bankrupt player makes no choice from their moves.
BANKRUPT: list[Any] = [
    pytest.param(
        76, None, id='4.4 "A player who is bankrupt may not ... make any choices": $76 buys 3'
    ),
    pytest.param(
        0,
        clauses.BANKRUPT_MAY_NOT,
        id='4.4 "A player who is bankrupt may not propose rules, vote, or make any choices'
        ' based on options resulting from their moves": $0 may not buy',
    ),
]


@pytest.mark.parametrize(("money", "refused"), BANKRUPT)
def test_a_bankrupt_player_may_not_buy_the_square_landed_on(
    money: int, refused: str | None
) -> None:
    events = [turn("Ann", THU, 1, 1), buy("Ann", chi(3, 4, 13), 3)]
    result = play(game(events, Ann={"money": money}))
    assert last(result)["allowed"] is (refused is None)
    assert result.state["Ann"]["owns"] == ([3] if refused is None else [])
    assert result.state["Ann"]["money"] == (1 if refused is None else 0)
    if refused is not None:
        assert last(result)["clause"] == refused


def test_a_bankrupt_player_may_not_start_a_combat() -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, [6, 6, 6], [1, 1, 1])]
    result = play(game(events, Ann={"square": 18, "money": 0}))
    assert (last(result)["allowed"], last(result)["clause"]) == (False, clauses.BANKRUPT_MAY_NOT)


# 4.5: the sell-back at a third, rounded up.
SELL_BACK: list[Any] = [
    pytest.param(
        {"owns": [3]},
        25,
        id='4.5 "for one third of their original purchase price, rounded up": $75 is exactly $25',
    ),
    pytest.param(
        {"owns": [4]},
        34,
        id='4.5 "for one third of their original purchase price, rounded up": $100 is $34',
    ),
    pytest.param(
        {"owns": [5]},
        42,
        id='4.5 "for one third of their original purchase price, rounded up": $125 is $42',
    ),
    pytest.param(
        {"hens": 1}, 1000, id='4.5 "one third of their original purchase price": a hen, $1000'
    ),
    pytest.param(
        {"tickets": 2},
        68,
        id='4.5 "one third of their original purchase price": two tickets, $34 each',
    ),
]


@pytest.mark.parametrize(("state", "money"), SELL_BACK)
def test_the_sell_back_is_a_third_rounded_up(state: dict[str, Any], money: int) -> None:
    result = play(game([act("Cy", THU, "sell all")], Cy={"money": 0, **state}))
    assert result.state["Cy"]["money"] == money
    assert result.state["Cy"]["owns"] == [] and result.state["Cy"]["tickets"] == 0


# 5.1, 5.2: no limit to items; a used item is gone.
ITEMS: list[Any] = [
    pytest.param(
        {"eggs": 999, "tickets": 500},
        [act("Ann", THU, "buy ticket")],
        "tickets",
        501,
        id='5.1 "no limit to how many items": a 501st ticket',
    ),
    pytest.param(
        {"tickets": 2, "square": 3},
        [act("Ann", THU, "use ticket")],
        "tickets",
        1,
        id='5.2 "using an item causes the player to no longer have possession of it": 2 to 1',
    ),
    pytest.param(
        {"tickets": 1, "square": 3},
        [act("Ann", THU, "use ticket")],
        "tickets",
        0,
        id='5.2 "using an item causes the player to no longer have possession of it": 1 to 0',
    ),
]


@pytest.mark.parametrize(("state", "events", "key", "value"), ITEMS)
def test_items(state: dict[str, Any], events: list[dict[str, Any]], key: str, value: int) -> None:
    result = play(game(events, Ann=state))
    assert last(result)["allowed"] and result.state["Ann"][key] == value


def test_the_gladius_is_kept_when_used() -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, [6, 6, 6, 4], [1, 1, 1])]
    result = play(game(events, Ann={"square": 18, "items": ["Golden Gladius"]}))
    assert last(result)["allowed"] and "Golden Gladius" in result.state["Ann"]["items"]


# 6.1 to 6.3: the board's size.
SIZES: list[Any] = [
    pytest.param(None, 20, id='6.2 "initially contain 20 squares": no board given'),
    pytest.param(1, 1, id='6.1 "The board must always contain at least one square": 1'),
]


@pytest.mark.parametrize(("squares", "count"), SIZES)
def test_the_boards_size(squares: int | None, count: int) -> None:
    data = game([])
    if squares is None:
        del data["game_state"]["board"]
    else:
        data["game_state"]["board"]["squares"] = squares
    assert len(play(data).game_state["board"]) == count


def test_a_board_of_no_squares_is_one_line() -> None:
    data = game([], squares=0)
    refused_one_line(data, "squares")


def test_squares_added_are_numbered_one_greater() -> None:
    added = [{"at": chi(3, 2), "type": "add_square", "name": n} for n in ("A", "B")]
    board = play(game(added, squares=20)).game_state["board"]
    # 6.3 "its number will be the integer one greater": 20 -> 21 -> 22.
    assert [s["number"] for s in board[-3:]] == [20, 21, 22]
    assert Board.initial(20).move(20, 1).landed == 1


# 6.5, 6.9: the winding grid and the colours.
GRID: list[Any] = [
    pytest.param(10, (0, 9), id='6.5 "a grid with 10 columns": 10 ends the first row'),
    pytest.param(11, (1, 9), id='6.5 "a grid with 10 columns": 11 winds up above 10'),
    pytest.param(20, (1, 0), id='6.5 "a grid with 10 columns": 20 ends the second row at left'),
    pytest.param(30, (2, 9), id='6.5 "a grid with 10 columns": 30 ends the third row at right'),
    pytest.param(31, (3, 9), id='6.5 "a grid with 10 columns": 31 winds up above 30'),
]


@pytest.mark.parametrize(("number", "place"), GRID)
def test_the_winding_grid(number: int, place: tuple[int, int]) -> None:
    assert grid_position(number) == place


def test_the_grid_on_the_board_and_a_move_wrapping_past_the_last_square() -> None:
    result = play(game([turn("Ann", THU, 3, 3)], squares=25, Ann={"square": 22}))
    board = result.game_state["board"]
    assert [(s["row"], s["column"]) for s in board[20:25]] == [(2, i) for i in range(5)]
    # 22 + 6 on 25 squares: 23, 24, 25, 1 (Go), 2, lands on 3.
    assert last(result)["path"] == [22, 23, 24, 25, 1, 2, 3]
    assert result.state["Ann"]["money"] == 10200


COLOURS: list[Any] = [
    pytest.param(5, "Blue", id='6.9 colours "Red, Yellow, Green, Cyan, Blue": 5 ends a cycle'),
    pytest.param(6, "Red", id='6.9 colours "Red, Yellow, Green, Cyan, Blue": 6 begins again'),
    pytest.param(25, "Blue", id='6.9 colours "Red, Yellow, Green, Cyan, Blue": 25 is Blue'),
    pytest.param(26, "Red", id='6.9 colours "Red, Yellow, Green, Cyan, Blue": 26 is Red'),
]


@pytest.mark.parametrize(("number", "expected"), COLOURS)
def test_colours(number: int, expected: str) -> None:
    assert colour(number) == expected


# 6.6 "All players start the game on Square #1".
START_SQUARE: list[Any] = [
    pytest.param({}, 1, id='6.6 "All players start the game on Square #1": none given'),
    pytest.param({"square": 20}, 20, id='6.6 "All players start the game on Square #1": 20 given'),
]


@pytest.mark.parametrize(("state", "square"), START_SQUARE)
def test_players_start_on_square_one(state: dict[str, Any], square: int) -> None:
    assert play(game([], Ann=state)).state["Ann"]["square"] == square


# 7.1, 7.2: the dice, and the order at one instant.
DICE: list[Any] = [
    pytest.param(1, 1, 3, id='7.1 "the Admin will roll two regular 6-sided dice": 1 + 1'),
    pytest.param(6, 6, 13, id='7.1 "the Admin will roll two regular 6-sided dice": 6 + 6'),
]


@pytest.mark.parametrize(("d1", "d2", "square"), DICE)
def test_the_two_dice_move_the_player(d1: int, d2: int, square: int) -> None:
    assert play(game([turn("Ann", THU, d1, d2)])).state["Ann"]["square"] == square


DICE_JUNK: list[Any] = [
    pytest.param([0, 1], id='7.1 "two regular 6-sided dice": a 0 is junk'),
    pytest.param([1, 2, 3], id='7.1 "two regular 6-sided dice": three is junk'),
]


@pytest.mark.parametrize("result", DICE_JUNK)
def test_junk_dice_are_one_line(result: list[int]) -> None:
    refused_one_line(game([{**turn("Ann", THU, 1, 1), "result": result}]), "2 dice")


ONE_INSTANT: list[Any] = [
    pytest.param(
        {"money": 100, "square": 15},
        [turn("Ann", THU, 6, 6), act("Ann", THU, "buy ticket")],
        ["buy ticket", "turn"],
        ("money", 300),
        id='7.2 "Actions. Dice Rolls. Movement. Triggered effects from movement.": a ticket'
        " listed after the turn is bought first, with the last $100 (refused), before Go's $200",
    ),
    pytest.param(
        {"hens": 1},
        [
            {"at": THU, "type": "draw", "what": "eggs", "player": "Ann", "result": 1},
            turn("Ann", THU, 1, 1),
        ],
        ["turn", "eggs"],
        ("eggs", 1),
        id='7.2 "Actions. Dice Rolls. Movement. Triggered effects from movement.": the eggs'
        " listed first are drawn after the turn",
    ),
]


@pytest.mark.parametrize(("state", "events", "order", "value"), ONE_INSTANT)
def test_at_one_instant_actions_then_dice_then_movement(
    state: dict[str, Any], events: list[dict[str, Any]], order: list[str], value: tuple[str, int]
) -> None:
    result = play(game(events, Ann=state))
    assert [a["type"] for a in result.actions] == order
    assert result.state["Ann"][value[0]] == value[1]


# 9.6 "the Admin gets 1 Disinterested Dollar each period".
ADMIN_PAY: list[Any] = [
    pytest.param(
        "2004-03-05T05:59:59Z",
        0,
        id='9.6 "the Admin gets 1 Disinterested Dollar each period": a second before Friday',
    ),
    pytest.param(
        "2004-03-05T06:00:00Z",
        1,
        id='9.6 "the Admin gets 1 Disinterested Dollar each period": Friday 00:00, $1',
    ),
    pytest.param(
        "2004-03-08T06:00:00Z",
        2,
        id='9.6 "the Admin gets 1 Disinterested Dollar each period": Monday 00:00, $2',
    ),
]


@pytest.mark.parametrize(("now", "money"), ADMIN_PAY)
def test_the_admins_dollar_a_period(now: str, money: int) -> None:
    result = play(game([turn("Ann", chi(3, 2), 1, 1)]), now)
    assert result.game_state["admin"]["money"] == money


# 10.2 "the Admin will make the only proposal that week"; unpaused if accepted.
PAUSED: list[Any] = [
    pytest.param(
        "The T",
        "accepted",
        False,
        id='10.2 "the Admin will make the only proposal that week": accepted, unpaused',
    ),
    pytest.param(
        "Ann",
        "invalid",
        True,
        id='10.2 "the Admin will make the only proposal that week": a player\'s is invalid',
    ),
]


@pytest.mark.parametrize(("author", "outcome", "paused"), PAUSED)
def test_the_admins_proposal_in_a_pause(author: str, outcome: str, paused: bool) -> None:
    fri = chi(3, 5, 10)
    votes = [vote("Ann", "Yay", fri), vote("Ben", "Yay", fri)]
    archive = proposals_game([prop("fix", author, chi(3, 1, 10), votes)], paused=True)
    result = report(archive, chi(3, 8, 10))
    assert result.matters["fix"].outcome == outcome
    assert result.game_state["paused"] is paused


# 11.2, 11.3: the game ends when someone is declared the winner.
def test_once_declared_the_winner_later_choices_are_refused() -> None:
    events = [act("Ann", THU, "exchange egg", count=1), act("Ben", SUN, "buy ticket")]
    result = play(game(events, Ann={"money": 999_000, "eggs": 1}))
    assert result.winners == ["Ann"]
    assert (last(result)["allowed"], last(result)["clause"]) == (False, clauses.GAME_ENDS)
    assert result.state["Ben"]["money"] == 10000


LAST_SOLVENT: list[Any] = [
    pytest.param(
        50,
        ["Ann"],
        id='11.2 "Once someone has been declared the winner, the game ends": Ben to $0',
    ),
    pytest.param(
        51,
        [],
        id="11.3 the last player not bankrupt: Ben at $1 is not bankrupt, no winner",
    ),
]


@pytest.mark.parametrize(("ben", "winners"), LAST_SOLVENT)
def test_the_last_player_not_bankrupt_wins(ben: int, winners: list[str]) -> None:
    events = [answer("Ben", THU, False, "Ann")]
    data = game(
        events, players=("Ann", "Ben"), Ann={"items": ["Inquisitor's Robe"]}, Ben={"money": ben}
    )
    result = play(data)
    assert result.winners == winners
    if winners:
        assert result.game_end is not None
        assert result.game_end["clause"] == clauses.LAST_SOLVENT
        assert result.game_end["day"] == parse_time(THU, "t")


# 16.1, 16.2: buying a square.
PRICES: list[Any] = [
    pytest.param(
        {"square": 18}, 20, 9500, id='16.1 buy "at a cost of 25 * (the square number)": 20, $500'
    ),
    pytest.param(
        {"square": 1}, 3, 9925, id='16.1 buy "at a cost of 25 * (the square number)": 3, $75'
    ),
    pytest.param(
        {"square": 17, "money": 501},
        19,
        26,
        id='16.1 "25 * (the square number)": $501 buys 19 for $475, leaving $26',
    ),
]


@pytest.mark.parametrize(("state", "square", "money"), PRICES)
def test_a_square_costs_25_times_its_number(state: dict[str, Any], square: int, money: int) -> None:
    steps = square - state["square"]
    events = [turn("Ann", THU, steps - 1, 1), buy("Ann", chi(3, 4, 13), square)]
    result = play(game(events, Ann=state))
    assert last(result)["allowed"], last(result)
    assert result.state["Ann"]["money"] == money
    assert last(result)["payments"][0]["amount"] == -25 * square


LEVEL_LIMIT: list[Any] = [
    pytest.param(
        3,
        [7, 9],
        True,
        id='16.1 "25 * (the square number)"; 16.2 at most your level in squares: level 3 owns 2,'
        " a third is exactly the level",
    ),
    pytest.param(
        2,
        [7, 9],
        False,
        id='16.1 "25 * (the square number)"; 16.2 at most your level in squares: level 2 owns 2,'
        " a third is one over",
    ),
]


@pytest.mark.parametrize(("level", "owns", "allowed"), LEVEL_LIMIT)
def test_at_most_the_players_level_in_squares(level: int, owns: list[int], allowed: bool) -> None:
    events = [turn("Ann", THU, 2, 2), buy("Ann", chi(3, 4, 13), 5)]
    result = play(game(events, Ann={"level": level, "owns": owns}))
    assert last(result)["allowed"] is allowed
    assert len(result.state["Ann"]["owns"]) == len(owns) + allowed
    if not allowed:
        assert last(result)["clause"] == clauses.SQUARES_MAX


# 16.5: the seed's list of what happens on another's square is empty.
OTHERS: list[Any] = [
    pytest.param(
        "Ben",
        [clauses.OTHERS_SQUARE],
        id='16.5 "When a player lands on a square owned by another player, the following things'
        " will happen:\": Ben's square, nothing, listed with the clause",
    ),
    pytest.param(
        "Ann",
        [],
        id='16.5 "When a player lands on a square owned by another player": her own, not listed',
    ),
]


@pytest.mark.parametrize(("owner", "listed"), OTHERS)
def test_landing_on_another_players_square_pays_nothing(owner: str, listed: list[str]) -> None:
    owners: dict[str, Any] = {owner: {"owns": [5]}}
    result = play(game([turn("Ann", THU, 2, 2)], **owners))
    entry = last(result)
    assert entry["landing"] == 5 and entry["allowed"]
    assert [p["clause"] for p in entry["payments"]] == listed
    assert all(p["amount"] == 0 for p in entry["payments"])
    assert result.state["Ann"]["money"] == result.state["Ben"]["money"] == 10000


# 17.2 to 17.8: The Arena.
ARENA_DICE: list[Any] = [
    pytest.param(
        {}, [6, 6, 6], None, id='17.2 "he may initiate combat with one of the other players": 3 d6'
    ),
    pytest.param(
        {"level": 2},
        [6, 6, 6, 6],
        None,
        id='17.2 "he may initiate combat with one of the other players"; 17.3 level 2: 4 d6',
    ),
    pytest.param(
        {"level": 2},
        [6, 6, 6],
        "Ann rolls 4 six-sided dice at level 2",
        id='17.2 "he may initiate combat"; 17.3 the dice: 3 at level 2 is one line',
    ),
]


@pytest.mark.parametrize(("ann", "dice", "error"), ARENA_DICE)
def test_combat_dice(ann: dict[str, Any], dice: list[int], error: str | None) -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, dice, [1, 1, 1])]
    archive = archive_from_dict(game(events, Ann={"square": 18, **ann}), source="c.json")
    PROFILE.check(archive)
    if error is None:
        result = PROFILE.evaluate(archive, parse_time(chi(3, 20), "t"), None)
        assert last(result)["allowed"] and result.state["Ann"]["beaten"] == ["Ben"]
    else:
        with pytest.raises(ProfileError) as caught:
            PROFILE.evaluate(archive, parse_time(chi(3, 20), "t"), None)
        assert error in str(caught.value) and "\n" not in str(caught.value)


OPPONENTS: list[Any] = [
    pytest.param("Ben", 18, True, id='17.2 "with one of the other players": Ben'),
    pytest.param("The T", 18, False, id='17.2 "with one of the other players": not the Admin'),
    pytest.param("Ben", 17, False, id='17.2 "If a player lands on The Arena": 20 is not it'),
]


@pytest.mark.parametrize(("opponent", "start", "allowed"), OPPONENTS)
def test_combat_is_with_another_player(opponent: str, start: int, allowed: bool) -> None:
    record = combat(THU, [6, 6, 6], [1, 1, 1], opponent)
    result = play(game([turn("Ann", THU, 1, 2), record], Ann={"square": start}))
    assert last(result)["allowed"] is allowed
    if not allowed:
        assert last(result)["clause"] == clauses.COMBAT


SPOILS: list[Any] = [
    pytest.param(
        [6, 6, 6],
        [1, 1, 2],
        "Ann",
        id='17.4 "20 experience points for each opponent beaten": won by 14',
    ),
    pytest.param(
        [1, 1, 2],
        [1, 1, 1],
        "Ann",
        id='17.4 "20 experience points for each opponent beaten": won by one',
    ),
    pytest.param(
        [1, 1, 1],
        [1, 1, 1],
        None,
        id='17.4 "20 experience points for each opponent beaten": equal totals, none',
    ),
]


@pytest.mark.parametrize(("a", "b", "winner"), SPOILS)
def test_experience_for_each_opponent_beaten(
    a: list[int], b: list[int], winner: str | None
) -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, a, b)]
    result = play(game(events, Ann={"square": 18, "experience": 5}, Ben={"experience": 5}))
    ann, ben = result.state["Ann"], result.state["Ben"]
    # Level 1: 10 experience makes level 2 (12.3); 5 + 20 = 25 -> level 2, 15.
    assert (ann["level"], ann["experience"]) == ((2, 15) if winner else (1, 5))
    assert (ben["level"], ben["experience"]) == (1, 5)
    assert ben["hit_points"] == 100 - (sum(a) - sum(b))


TAKE: list[Any] = [
    pytest.param(
        [act("Ann", chi(3, 4, 14), "take item", **{"from": "Ben", "item": "Golden Egg"})],
        (1, 1),
        True,
        id='17.4 "take a single item of his/her choice from each loser": one egg',
    ),
    pytest.param(
        [act("Ann", chi(3, 4, 14), "take item", **{"from": "Ben", "item": "Golden Egg"})] * 2,
        (1, 1),
        False,
        id='17.4 "take a single item of his/her choice from each loser": a second refused',
    ),
    pytest.param(
        [
            turn("Ann", SUN, 1, 1),
            act("Ann", chi(3, 7, 14), "take item", **{"from": "Ben", "item": "Golden Egg"}),
        ],
        (0, 2),
        False,
        id='17.4 "take a single item of his/her choice from each loser": after the next turn',
    ),
]


@pytest.mark.parametrize(("takes", "eggs", "allowed"), TAKE)
def test_a_single_item_from_each_loser(
    takes: list[dict[str, Any]], eggs: tuple[int, int], allowed: bool
) -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, [6, 6, 6], [1, 1, 1]), *takes]
    result = play(game(events, Ann={"square": 18}, Ben={"eggs": 2}))
    assert (result.state["Ann"]["eggs"], result.state["Ben"]["eggs"]) == eggs
    assert last(result)["allowed"] is allowed


GLADIUS: list[Any] = [
    pytest.param(
        4,
        2,
        False,
        id='17.5, 17.6 who has beaten whom; "the first player to beat more than half of the'
        ' players": 2 of 4 is exactly half, not more',
    ),
    pytest.param(
        5,
        2,
        False,
        id='17.5, 17.6 who has beaten whom; "the first player to beat more than half of the'
        ' players": 2 of 5 is not',
    ),
    pytest.param(
        5,
        3,
        True,
        id='17.5, 17.6 who has beaten whom; "the first player to beat more than half of the'
        ' players": 3 of 5 is',
    ),
]


@pytest.mark.parametrize(("count", "wins", "gladius"), GLADIUS)
def test_the_gladius_to_the_first_to_beat_more_than_half(
    count: int, wins: int, gladius: bool
) -> None:
    # Ann lands on The Arena, then jumps there by ticket (5.3) once more.
    players = ("Ann", "Ben", "Cy", "Dee", "Eve")[:count]
    losers = ["Ben", "Cy", "Dee"][:wins]
    events: list[dict[str, Any]] = [turn("Ann", THU, 1, 2)]
    for number, (when, who) in enumerate(zip((THU, SUN, THU2), losers, strict=False)):
        if number:
            events.append(act("Ann", when, "use ticket"))
        events.append(combat(when, [6] * (3 + number), [1, 1, 1], who))
    result = play(game(events, players=players, Ann={"square": 18, "tickets": 2}))
    assert result.state["Ann"]["beaten"] == losers
    assert ("Golden Gladius" in result.state["Ann"]["items"]) is gladius


GLADIUS_PAY: list[Any] = [
    pytest.param(
        "Ann",
        [6, 6, 6, 1],
        id='17.7 the Gladius\'s "$50 whenever a combat takes place": its owner fights',
    ),
    pytest.param(
        "Cy",
        [6, 6, 6],
        id='17.7 the Gladius\'s "$50 whenever a combat takes place": another fights',
    ),
]


@pytest.mark.parametrize(("holder", "dice"), GLADIUS_PAY)
def test_the_gladius_earns_50_a_combat(holder: str, dice: list[int]) -> None:
    events = [turn("Ann", THU, 1, 2), combat(THU, dice, [1, 1, 1])]
    states: dict[str, Any] = {"Ann": {"square": 18}}
    states[holder] = {**states.get(holder, {}), "items": ["Golden Gladius"]}
    data = game(events, **states)
    result = play(data)
    assert result.state[holder]["money"] == 10050
    assert {"player": holder, "amount": 50} in [
        {"player": p["player"], "amount": p["amount"]} for p in last(result)["payments"]
    ]


SAME_TIME: list[Any] = [
    pytest.param(
        THU,
        id='17.8 two players landing on the arena "at the same time": one instant, two turns,'
        " no fight unasked",
    ),
    pytest.param(
        chi(3, 4, 12, 0, 1),
        id='17.8 "at the same time": a second apart, two turns, no fight unasked',
    ),
]


@pytest.mark.parametrize("second", SAME_TIME)
def test_two_players_landing_on_the_arena_are_two_turns(second: str) -> None:
    """Turns are recorded one by one, so no fight comes without its recorded dice."""
    events = [turn("Ann", THU, 1, 2), turn("Ben", second, 1, 2)]
    result = play(game(events, Ann={"square": 18}, Ben={"square": 18}))
    assert [a["landing"] for a in result.actions] == [21, 21]
    assert result.state["Ann"]["beaten"] == result.state["Ben"]["beaten"] == []
    assert result.state["Ann"]["hit_points"] == result.state["Ben"]["hit_points"] == 100


# 18.1, 18.2: trades, confirmed by every party's e-mail.
THREE = [
    {"from": "Ann", "to": "Ben", "money": 500},
    {"from": "Ben", "to": "Cy", "square": 7},
    {"from": "Cy", "to": "Ann", "item": "Golden Egg", "count": 1},
]
TRADES: list[Any] = [
    pytest.param(
        ["Ann", "Ben", "Cy"],
        True,
        id='18.1, 18.2 trades, "all players involved in the trade must e-mail the Admin stating'
        ' the exact details": all three',
    ),
    pytest.param(
        ["Ann", "Ben"],
        False,
        id='18.2 "all players involved in the trade must e-mail the Admin": two of three',
    ),
]


@pytest.mark.parametrize(("senders", "done"), TRADES)
def test_a_trade_needs_every_partys_e_mail(senders: list[str], done: bool) -> None:
    events = [trade(name, THU, THREE) for name in senders]
    result = play(game(events, Ben={"owns": [7]}, Cy={"eggs": 1}))
    owners = (result.state["Cy"]["owns"], result.state["Ann"]["eggs"])
    assert owners == (([7], 1) if done else ([], 0))
    assert result.state["Ann"]["money"] == (9500 if done else 10000)


# 19.1: victory the instant it is reached.
MILLION: list[Any] = [
    pytest.param(
        998_999,
        [],
        id='19.1 "at least 1,000,000 Disinterested Dollars": 999,999 is not',
    ),
    pytest.param(
        999_000,
        ["Ann"],
        id='19.1 "at least 1,000,000 Disinterested Dollars": exactly 1,000,000 wins at once',
    ),
]


@pytest.mark.parametrize(("money", "winners"), MILLION)
def test_a_million_wins_the_instant_it_is_reached(money: int, winners: list[str]) -> None:
    events = [act("Ann", THU, "exchange egg", count=1), act("Ben", THU, "buy ticket")]
    result = play(game(events, Ann={"money": money, "eggs": 1}))
    assert result.state["Ann"]["money"] == money + 1000
    assert result.winners == winners
    assert last(result)["allowed"] is not winners
    if winners:
        assert result.game_end is not None
        assert (result.game_end["day"], result.game_end["clause"]) == (
            parse_time(THU, "t"),
            clauses.MILLION,
        )


# 20.3 to 20.5: The Inquisition.
ADVANCE: list[Any] = [
    pytest.param(
        False, False, id='20.3 the answer "before the player can advance": no answer, no turn'
    ),
    pytest.param(
        True, True, id='20.3 the answer "before the player can advance": answered, the turn'
    ),
]


@pytest.mark.parametrize(("answered", "allowed"), ADVANCE)
def test_the_answer_comes_before_the_player_can_advance(answered: bool, allowed: bool) -> None:
    events = [turn("Ann", THU, 3, 2)]
    if answered:
        events.append(answer("Ann", chi(3, 5), False))
    events.append(turn("Ann", SUN, 1, 1))
    result = play(game(events, Ann={"square": 17}))
    assert last(result)["allowed"] is allowed
    assert result.state["Ann"]["square"] == (2 if allowed else 22)
    if not allowed:
        assert last(result)["clause"] == clauses.ANSWER_FIRST


def test_an_answer_nobody_owes_is_refused() -> None:
    result = play(game([answer("Ann", THU, True)]))
    assert last(result)["allowed"] is False and result.state["Ann"]["money"] == 10000


RIGHT: list[Any] = [
    pytest.param(
        True,
        8,
        10100,
        False,
        id='20.4 "100 disinterested dollars and 20 experience points"'
        ": the ninth right answer, no Robe",
    ),
    pytest.param(True, 9, 10100, True, id="20.4, 20.5 the Robe for ten right answers: the tenth"),
    pytest.param(
        False, 9, 10000, False, id="20.4, 20.5 a wrong answer: nothing, and no Robe at nine"
    ),
]


@pytest.mark.parametrize(("correct", "before", "money", "robe"), RIGHT)
def test_a_right_answer_pays_and_ten_win_the_robe(
    correct: bool, before: int, money: int, robe: bool
) -> None:
    events = [turn("Ann", THU, 3, 2), answer("Ann", chi(3, 5), correct)]
    result = play(game(events, Ann={"square": 17, "correct_answers": before, "level": 3}))
    ann = result.state["Ann"]
    assert ann["money"] == money and ann["experience"] == (20 if correct else 0)
    assert ann["correct_answers"] == before + correct
    assert ("Inquisitor's Robe" in ann["items"]) is robe
