"""Nomopoly (seed 004), the rows of docs/profiles.md's rule-by-rule tables that no other
test quoted (issue 27): each id quotes the row's clause in the seed's words and says
which boundary it checks. The builders are the other Nomopoly tests' own."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles import ProfileError, Report, archive_from_dict, parse_time
from gamestate.profiles.nomopoly import PROFILE
from gamestate.profiles.nomopoly.board import Board, place
from gamestate.profiles.nomopoly.dice import read_throw
from tests.gamestate.profiles.test_nomopoly import admin_day, draw, proposal
from tests.gamestate.profiles.test_nomopoly import game as proposals_game
from tests.gamestate.profiles.test_nomopoly_world import ACT, act, event, game, last, player, run
from wikibot.wiki.pages.profile_pages import profile_pages

SENT = "2000-03-01T10:00:00Z"


def refused_one_line(data: dict[str, Any], words: str) -> None:
    """The archive is refused with one line naming ``words``, never a traceback."""
    with pytest.raises(ProfileError) as caught:
        run(data)
    message = str(caught.value)
    assert "\n" not in message and words in message, message


def one_turn(result: str, *faces: int, **ann: Any) -> Report:
    """Ann's proposal judged ``result`` and her turn thrown with ``faces``."""
    events = [admin_day()] + ([draw("dice:p1", *faces)] if faces else [])
    data = proposals_game(
        [proposal("p1", "Ann", SENT, result)],
        events,
        roster=[player("Ann", **ann), player("Ben", square=14)],
    )
    return run(data)


# "The admin owns and rolls as many fair six-sided dice as required."
FACES = [
    pytest.param(
        [1, 1, 2], None, id="The admin owns and rolls as many fair six-sided dice: a 1 is a face"
    ),
    pytest.param(
        [6, 5, 6], None, id="The admin owns and rolls as many fair six-sided dice: a 6 is a face"
    ),
    pytest.param([0, 1, 2], "1..6", id="as many fair six-sided dice as required: a 0 is junk"),
    pytest.param([7, 1, 2], "1..6", id="as many fair six-sided dice as required: a 7 is junk"),
    pytest.param([1, 2], "threw 2 dice; the turn throws 3", id="as required: two of three"),
    pytest.param([1, 2, 3, 4], "threw 4 dice", id="as many ... as required: four of three"),
]


@pytest.mark.parametrize(("faces", "error"), FACES)
def test_the_admins_dice_are_read_and_checked(faces: list[int], error: str | None) -> None:
    if error is not None:
        data = proposals_game(
            [proposal("p1", "Ann", SENT, "accepted")], [admin_day(), draw("dice:p1", *faces)]
        )
        refused_one_line(data, error)
        return
    out = one_turn("accepted", *faces).matters["p1"]
    assert out.numbers["roll"][0] == faces and out.numbers["dice"] == 3


# "Order of the Admins Day": buys, judging, turns, other actions, rule changes.
BUY_STEPS = [
    pytest.param(
        "Ben",
        True,
        id='"Order of the Admins Day": buys, judging, turns - Ann buys the square she stands'
        " on before Ben's turn",
    ),
    pytest.param(
        "Ann",
        False,
        id='"Order of the Admins Day": buys before judging - the proposer\'s guide went with'
        " her proposal; judging's comes too late",
    ),
]


@pytest.mark.parametrize(("author", "allowed"), BUY_STEPS)
def test_order_of_the_admins_day_buys_first(author: str, allowed: bool) -> None:
    buy = event("2000-03-01T12:00:00Z", "buy", player="Ann", square=5)
    data = proposals_game(
        [proposal("p1", author, SENT, "accepted")],
        [buy, admin_day(), draw("dice:p1", 1, 2, 4)],
        roster=[player("Ann", square=5), player("Ben", square=9)],
    )
    report = run(data)
    assert report.actions[0]["allowed"] is allowed
    assert report.state["Ann"]["owns"] == ([5] if allowed else [])
    assert report.state["Ann"]["real_estate_guides"] == (0 if allowed else 1)


DAY_STEPS = [
    pytest.param(
        0,
        True,
        id='"Order of the Admins Day": buys, judging, turns, other actions, rule changes - an'
        " Upgrade sent before the turn is bought after its Payday",
    ),
    pytest.param(
        None,
        False,
        id='"Order of the Admins Day": other actions - with no turn, $0 buys no Upgrade',
    ),
]


@pytest.mark.parametrize(("money", "allowed"), DAY_STEPS)
def test_order_of_the_admins_day_other_actions_after_the_turns(
    money: int | None, allowed: bool
) -> None:
    upgrade = event(
        "2000-03-01T09:00:00Z",
        "action",
        player="Ann",
        action="buy an Upgrade",
        square=9,
        upgrade="Drain",
    )
    matters = [proposal("p1", "Ann", SENT, "accepted")] if money is not None else []
    data = proposals_game(
        matters,
        [upgrade, admin_day(), draw("dice:p1", 1, 2, 4)] if matters else [upgrade, admin_day()],
        roster=[player("Ann", money=0, owns=[9]), player("Ben", square=14), player("Cat")],
    )
    report = run(data)
    upgrade_entry = [a for a in report.actions if a["action"] == "buy an Upgrade"][0]
    assert upgrade_entry["allowed"] is allowed
    # 1 -> 7 pays Payday 2 + 4 = $6; the Upgrade costs the two other players' $2.
    assert report.state["Ann"]["money"] == (4 if allowed else 0)


# "Anyone may join the game ..."; "All new players begin the game on Origon."
JOIN = [
    pytest.param(
        {},
        1,
        id='"Anyone may join the game and become a player by informing the admin."; "All new'
        ' players begin the game on Origon." - no square given',
    ),
    pytest.param(
        {"square": 9}, 9, id='"All new players begin the game on Origon." - the roster says 9'
    ),
]


@pytest.mark.parametrize(("state", "square"), JOIN)
def test_new_players_begin_on_origon(state: dict[str, Any], square: int) -> None:
    dee = {"name": "Dee", "roles": [], "joined_at": "2000-03-01T11:00:00Z", "state": state}
    report = run(proposals_game([], [], roster=[player("Ann"), dee]))
    assert report.state["Dee"]["square"] == square


JOINED = [
    pytest.param(
        "2000-03-01T11:00:00Z",
        None,
        id='"Anyone may join the game and become a player by informing the admin." - proposes'
        " at the instant she joins",
    ),
    pytest.param(
        "2000-03-01T10:59:59Z",
        "not a player",
        id='"become a player by informing the admin." - a second before she joins, not a player',
    ),
]


@pytest.mark.parametrize(("sent", "error"), JOINED)
def test_a_player_joins_by_informing_the_admin(sent: str, error: str | None) -> None:
    dee = {"name": "Dee", "roles": [], "joined_at": "2000-03-01T11:00:00Z", "state": {}}
    data = proposals_game(
        [proposal("p1", "Dee", sent, "accepted")],
        [admin_day(), draw("dice:p1", 1, 2, 4)],
        roster=[player("Ann"), dee],
    )
    if error is not None:
        refused_one_line(data, error)
        return
    report = run(data)
    assert report.matters["p1"].outcome == "accepted" and report.state["Dee"]["square"] == 7


# "Each player occupies either exactly one square or exactly one circle."
def _faithful(*events: dict[str, Any]) -> dict[str, Any]:
    faith = act("Ann", "create a faith", faith="Dicism", god="Origon")
    return game([faith, *events], roster=[player("Ann", money=14), player("Ben")])


OCCUPIES = [
    pytest.param(
        [],
        1,
        id='"Each player occupies either exactly one square or exactly one circle." - Origon',
    ),
    pytest.param(
        [act("Ann", "go to Heaven")],
        "Heaven",
        id='"Each player occupies either exactly one square or exactly one circle." - Heaven,'
        " for exactly her $14, the verses",
    ),
    pytest.param(
        [event(ACT, "inferno", player="Ann", days=2)],
        "Tyrethali's Inferno",
        id='"exactly one square or exactly one circle." - the Inferno',
    ),
]


@pytest.mark.parametrize(("events", "where"), OCCUPIES)
def test_a_player_occupies_one_square_or_one_circle(
    events: list[dict[str, Any]], where: int | str
) -> None:
    report = run(_faithful(*events), "2000-03-02T09:00:00Z")
    assert report.state["Ann"]["square"] == where
    assert report.game_state["inferno"] == (["Ann"] if where == "Tyrethali's Inferno" else [])


def test_heaven_costs_the_verses_so_one_dollar_short_stays() -> None:
    faith = act("Ann", "create a faith", faith="Dicism", god="Origon")
    data = game([faith, act("Ann", "go to Heaven")], roster=[player("Ann", money=13)])
    report = run(data)
    assert report.state["Ann"]["square"] == 1 and last(report)["allowed"] is False


# "The size of the universe is measured in "verses" and is equal to the current number of
# squares."
VERSES = [
    pytest.param(
        14, [], 14, id='"The size of the universe is measured in "verses"": 14 squares, 14'
    ),
    pytest.param(
        14,
        [act("Ann", "annex unused land")],
        15,
        id="is equal to the current number of squares. - annexed, 15",
    ),
    pytest.param(
        [1, 2, 3, 5],
        [],
        4,
        id="is equal to the current number of squares. - a board with a hole, 4",
    ),
]


@pytest.mark.parametrize(("board", "events", "verses"), VERSES)
def test_the_universe_is_as_many_verses_as_squares(
    board: int | list[int], events: list[dict[str, Any]], verses: int
) -> None:
    data = game(events, roster=[player("Ann", real_estate_guides=3), player("Ben")])
    data["game_state"]["board"] = board
    assert run(data).game_state["verses"] == verses


# "continue movement in the current direction until reaching the next unoccupied square"
MOVE_ON = [
    pytest.param(
        4,
        1,
        2,
        "advance",
        {3},
        4,
        id='"continue movement in the current direction until reaching the next unoccupied'
        ' square" - 4 verses, 3 players: on to 4',
    ),
    pytest.param(
        3,
        1,
        2,
        "advance",
        {3},
        3,
        id="verses strictly greater than the number of players - 3 verses, 3 players: stays",
    ),
    pytest.param(
        14,
        5,
        2,
        "retreat",
        {3},
        2,
        id="continue movement in the current direction - retreating past 3 to 2",
    ),
    pytest.param(
        4,
        2,
        1,
        "advance",
        {3, 4},
        1,
        id="until reaching the next unoccupied square - 3 and 4 taken: past the last to Origon",
    ),
]


@pytest.mark.parametrize(("verses", "start", "steps", "direction", "occupied", "end"), MOVE_ON)
def test_moving_on_past_an_occupied_square(
    verses: int, start: int, steps: int, direction: str, occupied: set[int], end: int
) -> None:
    move = Board.from_size(verses).move(start, steps, direction, occupied=occupied, players=3)
    assert move.end == end


# "The number of dice thrown defaults to 2"; the highest pair; all identical; doubles.
THROWS = [
    pytest.param(
        [6, 5, 6], 12, True, 0, id='"The number of dice thrown defaults to 2"; the highest pair'
    ),
    pytest.param([6, 5, 4], 11, False, 0, id="the highest pair of dice - 6 and 5 of three"),
    pytest.param(
        [1, 1, 6, 5], 2, True, 0, id="Any pair of doubles is considered to be higher - 1-1 over 6-5"
    ),
    pytest.param(
        [3, 3, 3, 3], 6, True, 12, id="all of the dice are identical - four 3s, a bonus of $12"
    ),
    pytest.param([2, 2], 4, True, 0, id="If the dice thrown are more than 2 - two 2s, no bonus"),
    pytest.param([4, 4, 5], 8, True, 0, id="all of the dice are identical - two of three, none"),
]


@pytest.mark.parametrize(("faces", "amount", "doubles", "bonus"), THROWS)
def test_reading_the_dice(faces: list[int], amount: int, doubles: bool, bonus: int) -> None:
    throw = read_throw(faces)
    assert (throw.amount, throw.doubles, throw.bonus) == (amount, doubles, bonus)


DEFAULTS = [
    pytest.param(
        "accepted",
        [1, 2, 4],
        3,
        7,
        id='"The number of dice thrown defaults to 2" - accepted: 2 + 1 dice',
    ),
    pytest.param(
        "rejected",
        [4],
        1,
        1,
        id='"The number of dice thrown defaults to 2" - rejected: 2 - 1, retreating from 5',
    ),
]


@pytest.mark.parametrize(("result", "faces", "dice", "end"), DEFAULTS)
def test_two_dice_unless_modified(result: str, faces: list[int], dice: int, end: int) -> None:
    start = 1 if result == "accepted" else 5
    out = one_turn(result, *faces, square=start).matters["p1"]
    assert (out.numbers["dice"], out.numbers["to"]) == (dice, end)


def test_doubles_earn_another_turn_and_identical_dice_a_bonus() -> None:
    report = run(
        proposals_game(
            [proposal("p1", "Ann", SENT, "accepted")],
            [admin_day(), draw("dice:p1", 3, 3, 3), draw("dice:p1:2", 1, 2)],
            roster=[player("Ann", money=0), player("Ben", square=14)],
        )
    )
    # 3-3 moves 6: 1 -> 7 (Payday 2 + 4), bonus 3 x 3 = 9; another turn: 7 -> 10 (Payday 8).
    assert report.state["Ann"]["square"] == 10
    assert report.state["Ann"]["money"] == 6 + 9 + 8


# "Shape of the Board", beyond the diagram's 14 squares.
SHAPE = [
    pytest.param(15, (0, 4), id='"Shape of the Board" - 15 goes on northeast to the top edge'),
    pytest.param(16, (0, 5), id='"Shape of the Board" - due east of Origon: 16 immediately east'),
    pytest.param(17, (1, 4), id='"Shape of the Board" - east and its predecessor too: southwest'),
    pytest.param(21, (5, 0), id='"Shape of the Board" - 21 reaches the west edge, due south'),
    pytest.param(22, (6, 0), id='"Shape of the Board" - due south: 22 immediately south'),
    pytest.param(23, (5, 1), id='"Shape of the Board" - south and its predecessor too: northeast'),
]


@pytest.mark.parametrize(("square", "where"), SHAPE)
def test_the_shape_of_the_board_past_the_diagram(square: int, where: tuple[int, int]) -> None:
    assert place(square) == where


# Proposals: replacing, the GMT day, "accepting them in part", the order, the dice.
JUDGED = [
    pytest.param(
        "accepted in part",
        3,
        "advance",
        id='Proposals: judging "accepting them in part" - as accepted: 3 dice, advancing',
    ),
    pytest.param("accepted", 3, "advance", id="either accepting or rejecting them - accepted"),
    pytest.param("rejected", 1, "retreat", id="either accepting or rejecting them - rejected"),
]


@pytest.mark.parametrize(("result", "dice", "direction"), JUDGED)
def test_the_admins_judgement(result: str, dice: int, direction: str) -> None:
    faces = [1, 2, 4][:dice]
    out = one_turn(result, *faces, square=9).matters["p1"]
    assert (out.outcome, out.numbers["dice"], out.numbers["direction"]) == (
        result,
        dice,
        direction,
    )


def test_a_judgement_the_seed_does_not_know_is_one_line() -> None:
    data = proposals_game([proposal("p1", "Ann", SENT, "maybe")], [admin_day()])
    refused_one_line(data, "unknown judgement 'maybe'")


# "Whenever a player makes a proposal, she loses any Real Estate Guides ... Whenever a
# player has a proposal accepted, she is given one"
GUIDES = [
    pytest.param(
        4,
        "accepted",
        1,
        id='"Whenever a player makes a proposal, she loses any Real Estate Guides" - 4, then'
        " accepted: 1",
    ),
    pytest.param(
        0, "accepted", 1, id="Whenever a player has a proposal accepted, she is given one - from 0"
    ),
    pytest.param(4, "rejected", 0, id="she loses any Real Estate Guides - 4, rejected: 0"),
]


@pytest.mark.parametrize(("guides", "result", "after"), GUIDES)
def test_real_estate_guides_and_proposals(guides: int, result: str, after: int) -> None:
    faces = [1, 2, 4] if result == "accepted" else [1]
    report = one_turn(result, *faces, square=9, real_estate_guides=guides)
    assert report.state["Ann"]["real_estate_guides"] == after


# "A Player may sell a square they own" (its number less one, a guide, upgrades lost).
SELLS = [
    pytest.param(
        9,
        8,
        id='"A Player may sell a square they own" - 9 for $8, a guide, its Drain lost, name kept',
    ),
    pytest.param(2, 1, id='"A Player may sell a square they own" - 2 for $1'),
    pytest.param(1, 0, id='"A Player may sell a square they own" - Origon, 1 for $0'),
]


@pytest.mark.parametrize(("square", "cash"), SELLS)
def test_selling_a_square(square: int, cash: int) -> None:
    sell = act("Ann", "sell a square", square=square)
    data = game(
        [sell],
        roster=[player("Ann", owns=[square], real_estate_guides=0), player("Ben")],
        upgrades={str(square): ["Drain"]},
        names={str(square): "Home"},
    )
    report = run(data)
    ann = report.state["Ann"]
    assert (ann["money"], ann["real_estate_guides"], ann["owns"]) == (10 + cash, 1, [])
    assert str(square) not in report.game_state["upgrades"]
    assert report.game_state["names"][str(square)] == "Home"


# "Ye Olde Poorbox shall be green."; "located at square 6".
def board_page(board: int) -> str:
    data = game([], poorbox=7)
    data["game_state"]["board"] = board
    archive = archive_from_dict(data)
    PROFILE.check(archive)
    report = PROFILE.evaluate(archive, parse_time("2000-03-10T00:00:00Z", "t"), None)
    pages = profile_pages(report, archive, game_title="Nomopoly", configured={})
    return next(p.body for p in pages if p.kind == "board")


GREEN = "background:#bde5b8"
POORBOX = [
    pytest.param(
        14,
        1,
        id='"Ye Olde Poorbox shall be green."; "located at square 6" - square 6 of 14',
    ),
    pytest.param(5, 0, id='"located at square 6" - a board of 5 squares has no green square'),
    pytest.param(6, 1, id='"located at square 6" - square 6 the last of 6'),
]


@pytest.mark.parametrize(("board", "green"), POORBOX)
def test_ye_olde_poorbox_is_green_on_square_6(board: int, green: int) -> None:
    page = board_page(board)
    assert page.count(GREEN) == green
    if green:
        cell = next(line for line in page.splitlines() if GREEN in line)
        assert "'''6'''" in cell and "Ye Olde Poorbox: $7" in cell


# Bricks: "more than six".
BRICKS = [
    pytest.param(
        6,
        True,
        id='"If a Square contains more than six Bricks, excess Bricks are automatically'
        ' destroyed" - a seventh',
    ),
    pytest.param(5, False, id="If a Square contains more than six Bricks - a sixth is kept"),
]


@pytest.mark.parametrize(("before", "destroyed"), BRICKS)
def test_more_than_six_bricks(before: int, destroyed: bool) -> None:
    buy = act("Ben", "buy an Upgrade", square=5, upgrade="Brick")
    data = game(
        [buy],
        roster=[player("Ann"), player("Ben", money=50, owns=[5])],
        upgrades={"5": ["Brick"] * before},
    )
    report = run(data)
    assert report.game_state["upgrades"]["5"] == ["Brick"] * 6
    assert ("destroyed" in last(report)["reason"]) is destroyed
    assert report.state["Ben"]["money"] == 49  # the one other player's $1, destroyed or not


# Warp Gates: the price set when bought and changed on notice.
WARP_PRICES = [
    pytest.param(
        [act("Ann", "buy an Upgrade", square=9, upgrade="Warp Gate", price=3)],
        {"9": 3},
        True,
        id='Warp Gate: "may set the price of usage ... when bought, and may change it at any time'
        ' via notifying the admin" - $3 when bought',
    ),
    pytest.param(
        [
            act("Ann", "buy an Upgrade", square=9, upgrade="Warp Gate", price=3),
            act("Ann", "set a Warp Gate price", square=9, price=0),
        ],
        {"9": 0},
        True,
        id="may change it at any time via notifying the admin - to $0",
    ),
    pytest.param(
        [
            act("Ann", "buy an Upgrade", square=9, upgrade="Warp Gate", price=3),
            act("Ben", "set a Warp Gate price", square=9, price=0),
        ],
        {"9": 3},
        False,
        id="The owner of the square may set the price - Ben may not",
    ),
]


@pytest.mark.parametrize(("events", "prices", "allowed"), WARP_PRICES)
def test_warp_gate_prices(
    events: list[dict[str, Any]], prices: dict[str, int], allowed: bool
) -> None:
    report = run(game(events, roster=[player("Ann", owns=[9]), player("Ben")]))
    assert report.game_state["warp_prices"] == prices
    assert last(report)["allowed"] is allowed


def test_a_warp_gate_with_no_price_costs_nothing() -> None:
    data = game(
        [act("Ann", "use a Warp Gate", square=9)],
        roster=[player("Ann", square=3), player("Ben", owns=[3, 9])],
        upgrades={"3": ["Warp Gate"], "9": ["Warp Gate"]},
    )
    report = run(data)
    assert report.state["Ann"]["square"] == 9 and report.state["Ann"]["money"] == 10


# Savings and Loan: "by paying the owner of the square 1$"; "shall be black".
BRANCH = [
    pytest.param(
        1,
        True,
        id='Savings and Loan: "by paying the owner of the square 1$"; "shall be black" - her'
        " last $1",
    ),
    pytest.param(0, False, id='"by paying the owner of the square 1$" - $0 may not'),
]


@pytest.mark.parametrize(("money", "allowed"), BRANCH)
def test_a_savings_and_loan_costs_the_owner_1(money: int, allowed: bool) -> None:
    data = game(
        [act("Ann", "use a Savings and Loan", deposit={"real_estate_guides": 1})],
        roster=[player("Ann", square=3, money=money), player("Ben", owns=[3])],
        upgrades={"3": ["Savings and Loan"]},
    )
    report = run(data)
    assert last(report)["allowed"] is allowed
    assert report.state["Ben"]["money"] == 10 + allowed
    assert report.state["Ann"]["money"] == money - allowed
    assert report.game_state["black"] == [3]


# "Money in the bank will be used to pay fees or fines after money in the characters
# possession"
FINES = [
    pytest.param(
        4,
        (0, 5, False),
        id='"Money in the bank will be used to pay fees or fines after money in the characters'
        ' possession" - $4 from the hand alone',
    ),
    pytest.param(5, (0, 4, False), id="after money in the characters possession - $5: $4 + $1"),
    pytest.param(9, (0, 0, False), id="is considered to be part of the players current money - $9"),
    pytest.param(10, (0, 0, True), id="fined an amount greater than their current money - $10"),
]


@pytest.mark.parametrize(("fine", "after"), FINES)
def test_the_vault_pays_fines_after_the_hand(fine: int, after: tuple[int, int, bool]) -> None:
    deposit = act("Ann", "use a Savings and Loan", deposit={"money": 5})  # hand 10 - 1 - 5
    fined = event("2000-03-03T12:00:00Z", "fine", player="Ann", amount=fine)
    data = game(
        [deposit, fined],
        roster=[player("Ann", square=3), player("Ben", owns=[3])],
        upgrades={"3": ["Savings and Loan"]},
    )
    ann = run(data).state["Ann"]
    assert (ann["money"], ann["vault"]["money"], ann["poorbox_due"]) == after


# "Heaven may not be owned and upgrades may not be built there"
HEAVEN = [
    pytest.param(
        event(ACT, "buy", player="Ann", square="Heaven"),
        "off the board",
        id='"Heaven may not be owned and upgrades may not be built there" - a buy',
    ),
    pytest.param(
        act("Ann", "buy an Upgrade", square="Heaven", upgrade="Drain"),
        "off the board",
        id='"Heaven may not be owned and upgrades may not be built there" - an Upgrade',
    ),
]


@pytest.mark.parametrize(("record", "words"), HEAVEN)
def test_heaven_is_no_square(record: dict[str, Any], words: str) -> None:
    refused_one_line(game([record], roster=[player("Ann", square="Heaven"), player("Ben")]), words)


# "Players may trade properties, real estate deals, cash, or anything else owned"
GOODS = [
    pytest.param(
        {"square": 9},
        ("owns", [9]),
        id='"Players may trade properties, real estate deals, cash, or anything else owned" -'
        " a square",
    ),
    pytest.param({"money": 10}, ("money", 20), id="Players may trade ... cash - all of it"),
    pytest.param(
        {"real_estate_guides": 2},
        ("real_estate_guides", 3),
        id="Players may trade ... real estate deals - two guides",
    ),
]


@pytest.mark.parametrize(("goods", "after"), GOODS)
def test_what_may_be_traded(goods: dict[str, Any], after: tuple[str, Any]) -> None:
    details = [{"from": "Ben", "to": "Ann", **goods}]
    events = [act(n, "trade", id="t1", details=details) for n in ("Ann", "Ben")]
    data = game(events, roster=[player("Ann"), player("Ben", owns=[9], real_estate_guides=2)])
    report = run(data)
    assert last(report)["allowed"], last(report)
    assert report.state["Ann"][after[0]] == after[1]


def test_trading_more_than_one_has_is_refused() -> None:
    details = [{"from": "Ben", "to": "Ann", "money": 11}]
    events = [act(n, "trade", id="t1", details=details) for n in ("Ann", "Ben")]
    report = run(game(events))
    assert last(report)["allowed"] is False
    assert report.state["Ann"]["money"] == report.state["Ben"]["money"] == 10


def test_a_sold_squares_warp_gate_goes_with_its_price() -> None:
    # "A Player may sell a square they own": its upgrades are lost, a Warp Gate's price too.
    data = game(
        [act("Ann", "sell a square", square=9)],
        roster=[player("Ann", owns=[9], real_estate_guides=0), player("Ben")],
        upgrades={"9": ["Warp Gate"], "4": ["Warp Gate"]},
        warp_prices={"9": 5, "4": 3},
    )
    report = run(data)
    assert report.game_state["warp_prices"] == {"4": 3}
