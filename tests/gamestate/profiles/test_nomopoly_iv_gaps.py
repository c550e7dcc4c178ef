"""Nomopoly IV (issue 28): the rules a read-only audit found missing, each computed or a
checked input: a Fort built by the framework's rule, teleporters (the player's jump and
the Teleport command's payment), the Shop's Force Field trade, the $100,000 limit, a ?
Box's item, the Mushes' use, Power Drain's target, a jump's square and distance, the
once-only effects of four proposals, a new fort's unoccupied square, exactly ten ? Boxes,
and the Ducky's days and the board's last square. Ids quote the seed at each boundary."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamestate.profiles.archive import archive_from_dict
from gamestate.profiles.core import ProfileError
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv import gap_clauses as gc
from gamestate.profiles.nomopoly_iv.checks import ACTIONS, DRAWS
from gamestate.profiles.nomopoly_iv.profile import PROFILE
from tests.gamestate.profiles.test_nomopoly_iv import SEED, game, run
from tests.gamestate.profiles.test_nomopoly_iv_whole import T0, action, command

NOW = "2024-06-03T11:59:59Z"  # before the hour: no random cool-down end to draw
LATER = "2024-06-03T11:00:00Z"
BOARD = {"columns": 5}


def draw(at: str, what: str, result: Any) -> dict[str, Any]:
    return {"at": at, "type": "draw", "what": what, "result": result}


@pytest.mark.parametrize("name", gc.__all__)
def test_every_quote_is_the_seeds_words(name: str) -> None:
    seed = " ".join(SEED.read_text(encoding="utf-8").split())
    assert getattr(gc, name) in seed


# 1. "A player may build a Fort on the square he currently occupies by paying $1000".


@pytest.mark.parametrize(
    ("money", "ben_on", "fields", "allowed"),
    [
        pytest.param(1000, None, {}, True, id=f"{gc.BUILD_A_FORT}: exactly $1000"),
        pytest.param(999, None, {}, False, id=f"{gc.BUILD_A_FORT}: $999"),
        pytest.param(5000, 5, {}, False, id=f"{gc.BUILD_A_FORT}: Ben's SCV on the square"),
        pytest.param(5000, 6, {}, True, id=f"{gc.BUILD_A_FORT}: Ben's SCV on the next square"),
        pytest.param(
            5000, None, {"square": 6}, False, id=f"{gc.BUILD_A_FORT}: not the square he occupies"
        ),
    ],
)
def test_build_a_fort(
    money: int, ben_on: int | None, fields: dict[str, Any], allowed: bool
) -> None:
    players = {
        "Ann": {"money": money, "square": 5, "units": {"Fort#1": {"square": 40}}},
        "Ben": {"units": {"SCV#1": {"square": ben_on}} if ben_on else {}},
    }
    data = game(T0, players, [action(LATER, "Ann", "build a Fort", **fields)], board=BOARD)
    report = run(data, NOW)
    verdict = report.actions[0]
    assert verdict["allowed"] is allowed, verdict["reason"]
    assert verdict["clause"] == gc.BUILD_A_FORT or not allowed and "$999" in verdict["reason"]
    units = report.state["Ann"]["units"]
    if allowed:
        assert report.state["Ann"]["money"] == money - 1000
        assert units["Fort#2"]["square"] == 5  # named after the Fort she had
    else:
        assert report.state["Ann"]["money"] == money and "Fort#2" not in units


# 2. "Whenever a player is on a square containing a teleporter, they may pay $100 ..."


def _teleporters(ann_money: int = 500, **fields: Any) -> dict[str, Any]:
    players = {
        "Ann": {"money": ann_money, "square": 5, "jumps": 0},
        "Ben": {"money": 0, "units": {"Teleporter#1": {"square": 5}}},
        "Cy": {"money": 0, "units": {"Teleporter#1": {"square": 30}}},
    }
    return game(
        T0,
        players,
        [action(LATER, "Ann", "use Teleporter", **fields)],
        board=BOARD,
        rber_ducky=1,
    )


@pytest.mark.parametrize(
    ("fields", "ann_money", "allowed", "ann", "ben"),
    [
        pytest.param({"square": 30}, 500, True, 400, 100, id=f"{gc.TELEPORTER}: $100 to Ben"),
        pytest.param({"square": 30}, 100, True, 0, 100, id=f"{gc.TELEPORTER}: exactly $100"),
        pytest.param({"square": 30}, 99, False, 99, 0, id=f"{gc.TELEPORTER}: $99"),
        pytest.param({"square": 31}, 500, False, 500, 0, id=f"{gc.TELEPORTER}: none on 31"),
        pytest.param({}, 500, False, 500, 0, id=f"{gc.TELEPORTER}: no square named"),
    ],
)
def test_use_teleporter_pays_its_owner(
    fields: dict[str, Any], ann_money: int, allowed: bool, ann: int, ben: int
) -> None:
    report = run(_teleporters(ann_money, **fields), NOW)
    verdict = report.actions[0]
    assert verdict["allowed"] is allowed, verdict["reason"]
    assert gc.TELEPORTER in verdict["reason"]
    assert (report.state["Ann"]["money"], report.state["Ben"]["money"]) == (ann, ben)
    assert report.state["Ann"]["square"] == (fields["square"] if allowed else 5)
    assert report.state["Ann"]["jumps"] == 0 and report.state["Ann"]["experience"] == 0


def test_the_owners_own_teleporter_is_free_and_a_force_field_does_not_stop_it() -> None:
    players = {
        "Ben": {"money": 0, "square": 5, "units": {"Teleporter#1": {"square": 5}}},
        "Cy": {
            "money": 0,
            "square": 30,
            "units": {"Teleporter#1": {"square": 30}},
            "items": ["Force Field"],
        },
    }
    data = game(
        T0,
        players,
        [
            action(T0, "Cy", "use Force Field"),
            action(LATER, "Ben", "use Teleporter", square=30),
        ],
        board=BOARD,
    )
    report = run(data, NOW)
    verdict = report.actions[1]
    assert verdict["allowed"] is True, verdict["reason"]
    assert gc.TELEPORTER_OWN in verdict["reason"]
    assert report.state["Ben"]["money"] == 0 and report.state["Ben"]["square"] == 30


def test_teleporting_onto_the_ducky_meets_its_pies() -> None:
    data = _teleporters(500, square=30)
    data["game_state"]["rber_ducky"] = 30
    report = run(data, NOW)
    assert report.state["Ann"]["money"] == 400 - 40
    assert report.state["Ann"]["square"] == 31
    assert clauses.PIES in report.actions[0]["reason"]


def test_without_squares_the_owner_is_an_input() -> None:
    players = {"Ann": {"money": 500}, "Ben": {"money": 0, "units": ["Teleporter#1"]}}
    events = [
        action(LATER, "Ann", "use Teleporter", square=30),
        action(LATER, "Ann", "use Teleporter", square=30, owner="Ben"),
    ]
    report = run(game(T0, players, events), NOW)
    refused, used = report.actions
    assert refused["allowed"] is False and "give owner" in refused["reason"]
    assert used["allowed"] is True
    assert (report.state["Ann"]["money"], report.state["Ben"]["money"]) == (400, 100)


# 3. Teleport: "The player pays $100 to the owner of the teleporter [$0 if he owns ...]".


@pytest.mark.parametrize(
    ("owner", "fields", "ann", "ben", "allowed"),
    [
        pytest.param("Ben", {}, 400, 100, True, id=f"{gc.TELEPORT_OWNER}: Ben's, $100 to Ben"),
        pytest.param("Ann", {}, 500, 0, True, id=f"{gc.TELEPORT_OWNER}: her own, $0"),
        pytest.param(
            "Ben", {"amount": 0}, 400, 100, True, id=f"{gc.TELEPORT_OWNER}: amount not read"
        ),
        pytest.param(None, {}, 500, 0, False, id=f"{gc.TELEPORT_OWNER}: no Teleporter in reach"),
    ],
)
def test_teleport_pays_the_owner(
    owner: str | None, fields: dict[str, Any], ann: int, ben: int, allowed: bool
) -> None:
    players: dict[str, Any] = {
        "Ann": {"money": 500, "units": {"SCV#1": {"square": 6}}},
        "Ben": {"money": 0, "units": {}},
    }
    if owner is not None:
        players[owner]["units"]["Teleporter#1"] = {"square": 7}  # adjacent to square 6
    # Square 12 is beside the Teleporter on 7: "to any other square containing or adjacent
    # to a teleporter".
    data = game(
        T0, players, [command(LATER, "Ann", "Teleport", "SCV#1", square=12, **fields)], board=BOARD
    )
    report = run(data, NOW)
    verdict = report.actions[0]
    assert verdict["allowed"] is allowed, verdict["reason"]
    assert (report.state["Ann"]["money"], report.state["Ben"]["money"]) == (ann, ben)


# 4. The Shop's "Trade in 2 Rotten Mushes for a Force Fielde".


@pytest.mark.parametrize(
    ("mushes", "allowed"),
    [
        pytest.param(2, True, id=f"{gc.FORCE_FIELDE}: 2"),
        pytest.param(1, False, id=f"{gc.FORCE_FIELDE}: 1"),
    ],
)
def test_the_force_field_trade(mushes: int, allowed: bool) -> None:
    name = "Trade in 2 Rotten Mushes for a Force Fielde"
    assert name in ACTIONS
    players = {"Ann": {"square": 53, "items": {"Rotten Mush": mushes}}}
    report = run(game(T0, players, [action(LATER, "Ann", name)], shop_square=53), NOW)
    assert report.actions[0]["allowed"] is allowed
    want = {"Force Field": 1} if allowed else {"Rotten Mush": mushes}
    assert report.state["Ann"]["items"] == want


# 5. "No single action by any player may cause any player to gain or lose more then $100 000."


@pytest.mark.parametrize(
    ("price", "allowed"),
    [
        pytest.param(100_000, True, id=f"{gc.LIMIT}: exactly $100,000"),
        pytest.param(100_001, False, id=f"{gc.LIMIT}: $100,001"),
    ],
)
def test_the_limit_on_a_buy_request(price: int, allowed: bool) -> None:
    data = game(
        T0,
        {"Ann": {"money": 200_000}},
        [action(LATER, "Ann", "Submit a Buy Request", item="Coin", price=price)],
    )
    report = run(data, NOW)
    verdict = report.actions[0]
    assert verdict["allowed"] is allowed
    assert report.state["Ann"]["money"] == (200_000 - price if allowed else 200_000)
    assert report.game_state["buy_requests"] == (
        [{"item": "Coin", "price": price, "buyer": "Ann"}] if allowed else []
    )
    if not allowed:
        assert verdict["clause"] == gc.LIMIT and "$100,001" in verdict["reason"]


@pytest.mark.parametrize(
    ("ben_money", "allowed"),
    [
        pytest.param(1_000_009, True, id=f"{gc.LIMIT}: a pie of $100,000"),
        pytest.param(1_000_010, False, id=f"{gc.LIMIT}: a pie of $100,001"),
    ],
)
def test_the_limit_on_a_shells_pie(ben_money: int, allowed: bool) -> None:
    players = {"Ann": {"items": ["Red Shell"]}, "Ben": {"money": ben_money, "square": 12}}
    data = game(T0, players, [action(LATER, "Ann", "use Red Shell", target="Ben")], rber_ducky=1)
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed
    if allowed:
        assert report.state["Ben"]["money"] == ben_money - 100_000
    else:
        # Nothing changed: the Shell kept, the Ducky where it was.
        assert report.state["Ben"]["money"] == ben_money
        assert report.state["Ann"]["items"] == {"Red Shell": 1}
        assert report.game_state["rber_ducky"] == 1


# 6. "that player may take the item that is in that ? box".


@pytest.mark.parametrize(
    ("fields", "events", "items", "waiting"),
    [
        pytest.param(
            {"item": "Feather"},
            [],
            {"Feather": 1},
            False,
            id=f"{clauses.TAKE_THE_ITEM}: the action's item",
        ),
        pytest.param(
            {},
            [draw(LATER, "? Box item", "Coin")],
            {"Coin": 1},
            False,
            id=f"{clauses.TAKE_THE_ITEM}: drawn",
        ),
        pytest.param({}, [], {}, True, id=f"{clauses.TAKE_THE_ITEM}: awaiting its draw"),
    ],
)
def test_a_box_item_not_known_is_an_input(
    fields: dict[str, Any], events: list[dict[str, Any]], items: dict[str, int], waiting: bool
) -> None:
    boxes = [{"square": 12 + i, "placed_at": T0} for i in range(10)]
    events = [action(LATER, "Ann", "take the item", square=12, **fields), *events]
    events.append(draw(LATER, "? Box placed", 40))
    report = run(game(T0, {"Ann": {"items": []}}, events, boxes=boxes), NOW)
    assert report.actions[0]["allowed"] is True
    assert report.state["Ann"]["items"] == items
    assert any("'? Box item'" in w["for"] for w in report.waiting) is waiting


# 7. "Effect upon use: None (but the player still loses the item after using it)".


@pytest.mark.parametrize(
    ("item", "held", "allowed"),
    [
        pytest.param("Wilt Shroom", 1, True, id=f"{gc.MUSH_NONE}: Wilt Shroom"),
        pytest.param("Moldy Mush", 2, True, id=f"{gc.MUSH_NONE}: Moldy Mush"),
        pytest.param("Rotten Mush", 0, False, id=f"{gc.MUSH_NONE}: no Rotten Mush"),
    ],
)
def test_using_a_mush_loses_it(item: str, held: int, allowed: bool) -> None:
    players = {"Ann": {"money": 7, "items": {item: held}}}
    report = run(game(T0, players, [action(LATER, "Ann", f"use {item}")]), NOW)
    assert report.actions[0]["allowed"] is allowed
    assert report.actions[0]["clause"] == gc.MUSH_NONE
    left = held - 1 if allowed else held
    assert report.state["Ann"]["items"] == ({item: left} if left else {})
    assert report.state["Ann"]["money"] == 7


# 9. Turns: the jump took the turn's place.


def test_no_turn_is_taken_under_these_rules() -> None:
    assert "take a turn" not in ACTIONS
    data = game(T0, events=[action(LATER, "Ann", "take a turn")])
    with pytest.raises(ProfileError, match="take a turn"):
        PROFILE.check(archive_from_dict(data))


# 13. Power Drain: "select any player that is on the same square as the Mesmer or an
# adjacent square".


@pytest.mark.parametrize(
    ("fields", "ben_square", "allowed"),
    [
        pytest.param({"target": "Ben"}, 5, True, id=f"{gc.POWER_DRAIN}: the same square"),
        pytest.param({"target": "Ben"}, 10, True, id=f"{gc.POWER_DRAIN}: adjacent (below)"),
        pytest.param({"target": "Ben"}, 15, False, id=f"{gc.POWER_DRAIN}: two squares away"),
        pytest.param({}, 5, False, id=f"{gc.POWER_DRAIN}: no target"),
        pytest.param({"target": "Zed"}, 5, False, id=f"{gc.POWER_DRAIN}: not a player"),
    ],
)
def test_power_drain_needs_a_target_in_reach(
    fields: dict[str, Any], ben_square: int, allowed: bool
) -> None:
    players = {
        "Ann": {"money": 0, "units": {"Mesmer#1": {"square": 5}}},
        "Ben": {"money": 1000, "square": ben_square},
    }
    data = game(
        T0, players, [command(LATER, "Ann", "Power Drain", "Mesmer#1", **fields)], board=BOARD
    )
    report = run(data, NOW)
    verdict = report.actions[0]
    assert verdict["allowed"] is allowed, verdict["reason"]
    assert report.state["Ann"]["money"] == (250 if allowed else 0)
    assert report.state["Ann"]["cooling_down"] == (
        {"Mesmer#1": "2024-06-06T11:00:00Z"} if allowed else {}
    )
    if not allowed:
        assert gc.POWER_DRAIN in verdict["reason"]


# 14. "jump to a square that they do not currently occupy, and whose distance is less
# than or equal to their Jumps value".


@pytest.mark.parametrize(
    ("fields", "allowed", "jumps"),
    [
        pytest.param(
            {"square": 5, "distance": 1}, False, 3, id=f"{gc.JUMP_NOT_HERE}: her own square"
        ),
        pytest.param(
            {"square": 8}, True, 0, id=f"{clauses.JUMP}: 3 on the board, no distance given"
        ),
        pytest.param(
            {"square": 8, "distance": 1}, False, 3, id=f"{clauses.JUMP}: 1 given, 3 on the board"
        ),
        pytest.param({"square": 7}, False, 3, id=f"{clauses.JUMP}: 4 on the board, 3 Jumps"),
    ],
)
def test_a_jump_is_measured_on_the_board(fields: dict[str, Any], allowed: bool, jumps: int) -> None:
    data = game(
        T0,
        {"Ann": {"square": 5, "jumps": 3}},
        [action(LATER, "Ann", "jump", **fields)],
        board=BOARD,
    )
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed, report.actions[0]["reason"]
    assert report.state["Ann"]["jumps"] == jumps
    assert report.state["Ann"]["square"] == (fields["square"] if allowed else 5)


# 15. Once-only effects "when this proposal is implemented".


def _implemented(name: str, players: dict[str, Any], events: list[dict[str, Any]]) -> Any:
    data = game(T0, players, events, implemented={name: LATER})
    return run(data, NOW, T0)


def test_soul_gems_replace_imping_sticks_and_imp_in_the_boxes() -> None:
    players = {
        "Ann": {"items": {"Imping Stick": 2, "Imp-in-the-Box": 1, "Coin": 1}},
        "Ben": {"items": {"Uncharged Soul Gem": 1}},
    }
    report = _implemented("Create a new item: Soul Gem", players, [])
    assert report.state["Ann"]["items"] == {"Coin": 1, "Uncharged Soul Gem": 3}
    assert report.state["Ben"]["items"] == {"Uncharged Soul Gem": 1}
    assert [d["clause"] for d in report.due if "Soul Gems" in d["event"]] == [gc.SOUL_GEMS]


def test_one_railway_a_square_and_500_refunded() -> None:
    rails = {f"Railway#{n}": {"square": 4} for n in (3, 1, 2)}
    players = {"Ann": {"money": 0, "units": {**rails, "Railway#4": {"square": 9}}}}
    report = _implemented("Squares may only contain a single railway", players, [])
    assert sorted(report.state["Ann"]["units"]) == ["Railway#1", "Railway#4"]
    assert report.state["Ann"]["money"] == 1000
    assert [d["clause"] for d in report.due if "railway" in d["event"]] == [gc.ONE_RAILWAY]


def test_ten_boxes_created_and_the_shop_placed_by_draws() -> None:
    events = [draw(LATER, "? Box placed", 20 + n) for n in range(10)]
    events.append(draw(LATER, "Shop of Terror", 53))
    data = game(
        T0,
        {"Ann": {}},
        events,
        implemented={
            "At all times, exactly 10 squares": LATER,
            "A randomly selected square (chosen after": LATER,
        },
    )
    report = run(data, NOW)
    assert [b["square"] for b in report.game_state["boxes"]] == list(range(20, 30))
    assert report.game_state["shop_square"] == 53
    assert report.warnings == []


# 16. "players may select an unoccupied square, pay $1250, and gain a new fort".


@pytest.mark.parametrize(
    ("square", "allowed"),
    [
        pytest.param(7, True, id=f"{gc.NEW_FORT_UNOCCUPIED}: an empty square"),
        pytest.param(5, False, id=f"{gc.NEW_FORT_UNOCCUPIED}: Ben stands there"),
        pytest.param(9, False, id=f"{gc.NEW_FORT_UNOCCUPIED}: Ben's SCV is there"),
    ],
)
def test_a_new_fort_on_an_unoccupied_square(square: int, allowed: bool) -> None:
    players = {
        "Ann": {"money": 1250, "units": {}},
        "Ben": {"square": 5, "units": {"SCV#1": {"square": 9}}},
    }
    data = game(
        T0,
        players,
        [action(LATER, "Ann", "gain a new fort", square=square)],
        implemented={"Extend the board to 90 squares": T0},
    )
    data["events"].append(draw(T0, "resources", {str(n): 0 for n in range(61, 91)}))
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed, report.actions[0]["reason"]
    units = report.state["Ann"]["units"]
    assert (units.get("Fort#1") or {}).get("square") == (square if allowed else None)
    assert report.state["Ann"]["money"] == (0 if allowed else 1250)


# 17. "At all times, exactly 10 squares on the board will contain a "? box"".


@pytest.mark.parametrize(
    ("count", "events", "squares"),
    [
        pytest.param(
            9,
            [draw(T0, "? Box placed", 50)],
            [*range(1, 10), 50],
            id=f"{gc.TEN_BOXES}: 9, one placed",
        ),
        pytest.param(10, [], list(range(1, 11)), id=f"{gc.TEN_BOXES}: 10"),
        pytest.param(
            11,
            [draw(T0, "box removed", 4)],
            [1, 2, 3, *range(5, 12)],
            id=f"{gc.TEN_BOXES}: 11, one removed",
        ),
    ],
)
def test_exactly_ten_boxes(count: int, events: list[dict[str, Any]], squares: list[int]) -> None:
    boxes = [{"square": n, "placed_at": T0} for n in range(1, count + 1)]
    report = run(game(T0, {"Ann": {}}, events, boxes=boxes), NOW)
    assert [b["square"] for b in report.game_state["boxes"]] == squares
    assert report.warnings == []


def test_a_box_drawn_onto_a_box_is_kept_and_warned() -> None:
    boxes = [{"square": n, "placed_at": T0} for n in range(1, 10)]
    report = run(game(T0, {"Ann": {}}, [draw(T0, "box", 3)], boxes=boxes), NOW)
    assert [b["square"] for b in report.game_state["boxes"]].count(3) == 2
    assert any("square 3 already holds a ? Box" in w for w in report.warnings)


# 18. The Ducky "will move forward by the roll of a 6-sided dice every Monday, Wednesday,
# and Saturday"; forward stops at the last square.


@pytest.mark.parametrize(
    ("at", "warned"),
    [
        pytest.param("2024-06-03T11:00:00Z", False, id=f"{clauses.DUCKY_MOVES}: Monday"),
        pytest.param("2024-06-04T11:00:00Z", True, id=f"{clauses.DUCKY_MOVES}: Tuesday"),
        pytest.param(
            "2024-06-05T03:00:00Z",
            False,
            id=f"{clauses.DUCKY_MOVES}: Wednesday GMT, Tuesday Central",
        ),
    ],
)
def test_a_ducky_move_on_another_day_is_warned(at: str, warned: bool) -> None:
    data = game(T0, {"Ann": {}}, [{"at": at, "type": "ducky", "roll": 2}], rber_ducky=10)
    report = run(data, "2024-06-05T04:59:59Z")
    assert report.game_state["rber_ducky"] == 12
    assert any("moves only on Monday" in w for w in report.warnings) is warned


@pytest.mark.parametrize(
    ("start", "roll", "ducky", "ann"),
    [
        pytest.param(85, 4, 89, 90, id=f"{gc.TURN_FORWARD}: pushed onto the last square"),
        pytest.param(86, 4, 90, 90, id=f"{gc.TURN_FORWARD}: on the last square, stays"),
        pytest.param(88, 6, 90, 90, id=f"{gc.TURN_FORWARD}: the roll stops at the last square"),
    ],
)
def test_forward_stops_at_the_last_square(start: int, roll: int, ducky: int, ann: int) -> None:
    players = {"Ann": {"money": 100, "square": min(start + roll, 90)}}
    data = game(T0, players, [{"at": LATER, "type": "ducky", "roll": roll}], rber_ducky=start)
    report = run(data, NOW)
    assert report.game_state["rber_ducky"] == ducky
    assert report.state["Ann"]["square"] == ann


# Junk: one line, the input cut short.


@pytest.mark.parametrize(
    ("event", "where"),
    [
        pytest.param(
            action(LATER, "Ann", "build a Fort", new="x" * 5000), ".new", id="a Fort's name"
        ),
        pytest.param(
            action(LATER, "Ann", "use Teleporter", owner=["x"] * 5000), ".owner", id="owner"
        ),
        pytest.param(draw(LATER, "box removed", "x" * 5000), ".result", id="box removed"),
    ],
)
def test_junk_is_one_line_cut_short(event: dict[str, Any], where: str) -> None:
    data = game(T0, {"Ann": {}}, [event])
    with pytest.raises(ProfileError) as info:
        PROFILE.check(archive_from_dict(json.loads(json.dumps(data))))
    text = str(info.value)
    assert where in text and "\n" not in text and len(text) < 300


def test_the_new_words_are_listed() -> None:
    for name in (
        "build a Fort",
        "use Teleporter",
        "use Wilt Shroom",
        "use Moldy Mush",
        "use Rotten Mush",
    ):
        assert name in ACTIONS
    assert "? Box removed" in DRAWS


@pytest.mark.parametrize(
    "event",
    [
        pytest.param(
            action(LATER, "Ann", "use Red Shell", target="x" * 5000), id="a Shell's target"
        ),
        pytest.param(
            action(LATER, "Ann", "Submit a Sell Request", item="x" * 5000, price=1),
            id="an item not held",
        ),
        pytest.param(
            action(LATER, "Ann", "use Teleporter", square=3, owner="x" * 5000), id="owner"
        ),
        pytest.param(
            command(LATER, "Ann", "Power Drain", "Mesmer#1", target="x" * 5000), id="target"
        ),
    ],
)
def test_a_refusal_quotes_junk_cut_short(event: dict[str, Any]) -> None:
    players = {"Ann": {"items": {"Red Shell": 1}, "units": ["Mesmer#1"]}}
    report = run(game(T0, players, [event]), NOW)
    verdict = report.actions[0]
    assert verdict["allowed"] is False
    assert "x" * 30 in verdict["reason"] and "x" * 60 not in verdict["reason"]
