"""Nomopoly IV kept whole (issue 28): the Public Market, enchantments with their
durations, Safecracking to its hand-over, a Scientist leaving its Laboratory, the Rber
Ducky's pies, retracted proposals. Ids quote the seed at each rule's boundary."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles.core import ProfileError
from gamestate.profiles.nomopoly_iv import clauses
from tests.gamestate.profiles.test_nomopoly_iv import game, nine_more, run

T0 = "2024-06-03T10:00:00Z"  # a Monday, between Central noon and midnight


def action(at: str, player: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"at": at, "type": "action", "player": player, "action": name, **fields}


def command(at: str, player: str, name: str, unit: str, **fields: Any) -> dict[str, Any]:
    return {"at": at, "type": "command", "player": player, "command": name, "unit": unit, **fields}


# Enchantments.


@pytest.mark.parametrize(
    "mined_at, money",
    [
        pytest.param("2024-06-06T09:59:59Z", 300, id=f"{clauses.SUPER_MINING}: its last second"),
        pytest.param("2024-06-06T10:00:00Z", 250, id=f"{clauses.SUPER_MINING}: 3 days on, over"),
    ],
)
def test_super_mining_lasts_three_days(mined_at: str, money: int) -> None:
    data = game(
        T0,
        {"Ann": {"units": ["SCV#1"], "items": {"Magic Mining Pick": 1}}},
        [
            action(T0, "Ann", "use Magic Mining Pick"),
            command(mined_at, "Ann", "Mine", "SCV#1"),
        ],
    )
    report = run(data, "2024-06-06T12:00:00Z")
    assert [a["allowed"] for a in report.actions] == [True, True]
    assert report.state["Ann"]["money"] == money
    assert report.state["Ann"]["items"] == {}


def test_a_second_pick_resets_the_duration() -> None:
    data = game(
        T0,
        {"Ann": {"units": ["SCV#1"], "items": {"Magic Mining Pick": 2}}},
        [
            action(T0, "Ann", "use Magic Mining Pick"),
            action("2024-06-05T10:00:00Z", "Ann", "use Magic Mining Pick"),
            command("2024-06-07T10:00:00Z", "Ann", "Mine", "SCV#1"),
        ],
    )
    report = run(data, "2024-06-07T12:00:00Z")
    assert report.state["Ann"]["money"] == 300, clauses.ENCHANTMENT


@pytest.mark.parametrize(
    "echo, again_at, allowed",
    [
        pytest.param(True, "2024-06-03T11:09:59Z", True, id=f"{clauses.ECHO}: 59:59 after"),
        pytest.param(True, "2024-06-03T11:10:00Z", False, id=f"{clauses.ECHO}: one hour after"),
        pytest.param(False, "2024-06-03T10:20:00Z", False, id="without Echo: cooling down"),
    ],
)
def test_echo_lets_the_same_command_be_issued_within_the_hour(
    echo: bool, again_at: str, allowed: bool
) -> None:
    events = [command(T0, "Ann", "Echo", "Mesmer#1")] if echo else []
    events += [
        command("2024-06-03T10:10:00Z", "Ann", "Move", "Mesmer#1"),
        command(again_at, "Ann", "Move", "Mesmer#1"),
    ]
    report = run(game(T0, {"Ann": {"units": ["Mesmer#1"]}}, events), "2024-06-03T12:00:00Z")
    assert report.actions[-1]["allowed"] is allowed


# The Public Market.


def _market(reading: str) -> dict[str, Any]:
    return game(
        "2024-06-01T00:00:00Z",
        {"Ann": {"money": 500, "items": []}, "Ben": {"items": []}},
        [action("2024-06-06T00:00:00Z", "Ann", "Fulfill a sell request", item="Coin")],
        settings={"same_instant": reading},
        boxes=[{"square": 4, "placed_at": "2024-06-01T00:00:00Z", "item": "Coin"}],
        market=[{"item": "Coin", "price": 100, "seller": "Ben"}],
    )


@pytest.mark.parametrize(
    "reading, paid, ben, terror",
    [
        pytest.param(
            "scheduled first",
            99,
            0,
            3 + 99,
            id=f"{clauses.DARK_LORD_SALE}: the order at the 120th hour meets the Dark Lord's",
        ),
        pytest.param(
            "recorded first",
            100,
            100,
            3,
            id=f"{clauses.FULFILL_SELL}: recorded first, only Ben's was there",
        ),
    ],
)
def test_a_market_order_at_the_instant_a_scheduled_event_falls_due(
    reading: str, paid: int, ben: int, terror: int
) -> None:
    report = run(_market(reading), "2024-06-06T01:00:00Z")
    assert report.actions[0]["allowed"] is True
    # Both were fined $100 at 10 Jumps on the fifth.
    assert report.state["Ann"]["money"] == 500 - 100 - paid
    assert report.state["Ann"]["items"] == {"Coin": 1}
    assert report.state["Ben"]["money"] == ben - 100
    assert report.game_state["bank_account_of_terror"] == terror


def test_buy_requests_are_paid_at_once_and_refunded_when_retracted() -> None:
    data = game(
        T0,
        {"Ann": {"money": 500, "items": []}, "Ben": {"items": ["Coin"]}},
        [
            action(T0, "Ann", "Submit a Buy Request", item="Coin", price=200),
            action(T0, "Ann", "Submit a Buy Request", item="Star Egg", price=250),
            action("2024-06-03T10:01:00Z", "Ben", "Fulfill a buy request", item="Coin"),
            action("2024-06-03T10:02:00Z", "Ann", "Retract a buy request", item="Star Egg"),
            action("2024-06-03T10:03:00Z", "Ann", "Submit a Buy Request", item="Coin", price=900),
            action("2024-06-03T10:04:00Z", "Ben", "Fulfill a buy request", item="Coin"),
        ],
    )
    report = run(data, "2024-06-03T11:00:00Z")
    assert [a["allowed"] for a in report.actions] == [True, True, True, True, False, False]
    assert report.state["Ann"] == {**report.state["Ann"], "money": 300, "items": {"Coin": 1}}
    assert report.state["Ben"]["money"] == 200 and report.state["Ben"]["items"] == {}
    assert report.game_state["buy_requests"] == []
    assert clauses.BUY_REQUEST in report.actions[4]["reason"]


def test_the_dead_may_not_use_the_market() -> None:
    data = game(
        T0,
        {"Ann": {"level": 0, "money": 500}},
        [action(T0, "Ann", "Submit a Buy Request", item="Coin", price=1)],
    )
    report = run(data, "2024-06-03T11:00:00Z")
    assert report.actions[0]["allowed"] is False
    assert clauses.MARKET_ALIVE in report.actions[0]["reason"]


# Safecracking, a Scientist leaving its Laboratory.


@pytest.mark.parametrize(
    "taken_by_ben, ann_items",
    [
        pytest.param(False, {"Coin": 1}, id=f"{clauses.SAFECRACKING}: 24 hours on"),
        pytest.param(True, {}, id=f"{clauses.SAFECRACKING_GONE}: taken first"),
    ],
)
def test_safecracking_to_its_hand_over(taken_by_ben: bool, ann_items: dict[str, int]) -> None:
    events = [command(T0, "Ann", "Safecracking", "SCV#1", square=5)]
    if taken_by_ben:
        events.append(action("2024-06-03T11:00:00Z", "Ben", "take the item", square=5))
    events += [
        {"at": "2024-06-03T11:00:00Z", "type": "draw", "what": "? Box placed", "result": 7},
        {"at": "2024-06-04T10:00:00Z", "type": "draw", "what": "? Box placed", "result": 8},
    ]
    data = game(
        "2024-06-03T00:00:00Z",
        {"Ann": {"units": ["SCV#1"], "items": []}, "Ben": {"items": []}},
        events,
        boxes=[{"square": 5, "placed_at": "2024-06-03T00:00:00Z", "item": "Coin"}]
        + nine_more("2024-06-03T00:00:00Z"),
    )
    report = run(data, "2024-06-04T10:00:00Z")
    assert report.state["Ann"]["items"] == ann_items
    assert report.state["Ben"]["items"] == ({"Coin": 1} if taken_by_ben else {})
    assert "SCV#1" not in report.state["Ann"]["cooling_down"]
    squares = sorted(b["square"] for b in report.game_state["boxes"] if b["square"] < 81)
    assert squares == ([7] if taken_by_ben else [8])


def test_safecracking_needs_a_box_on_the_square() -> None:
    data = game(T0, {"Ann": {"units": ["SCV#1"]}}, [command(T0, "Ann", "Safecracking", "SCV#1")])
    assert run(data, "2024-06-03T11:00:00Z").actions[0]["allowed"] is False


@pytest.mark.parametrize(
    "laboratory, money",
    [
        pytest.param(False, 0, id=f"{clauses.LEAVES_LABORATORY}: moved away"),
        pytest.param(True, 100, id="moved to a square with a Laboratory: still Researching"),
    ],
)
def test_a_scientist_leaving_its_laboratory(laboratory: bool, money: int) -> None:
    data = game(
        "2024-06-03T12:00:00Z",
        {"Ann": {"scientists": {"Scientist#1": "Researching"}}},
        [command("2024-06-03T13:00:00Z", "Ann", "Move", "Scientist#1", laboratory=laboratory)],
    )
    # Noon Central is 17:00 UTC, on the 3rd and the 4th: $50 each only if Researching.
    report = run(data, "2024-06-04T18:00:00Z")
    assert report.state["Ann"]["money"] == money


# The Rber Ducky.


def test_the_ducky_moves_and_throws_pies() -> None:
    data = game(
        T0,
        {"Ann": {"square": 5, "money": 1005}, "Ben": {"square": 4, "money": 10}},
        [
            {"at": T0, "type": "ducky", "roll": 2},
            action("2024-06-03T11:00:00Z", "Ann", "use Red Shell", target="Ben"),
        ],
        rber_ducky=3,
    )
    report = run(data, "2024-06-03T12:00:00Z", "2024-06-03T00:00:00Z")
    assert report.state["Ann"]["money"] == 905 and report.state["Ann"]["square"] == 6
    assert report.state["Ben"]["money"] == 9 and report.state["Ben"]["square"] == 5
    assert report.game_state["bank_account_of_terror"] == 3 + 100 + 1
    assert report.game_state["rber_ducky"] == 4
    assert any(clauses.RED_SHELL in a["reason"] for a in report.actions)
    assert any(d["event"].startswith("the Rber Ducky moves 2 to square 5") for d in report.due)


# Proposals retracted; the seed's other word for the Fairy's action.


@pytest.mark.parametrize(
    "state, outcome",
    [
        pytest.param({}, "allowed", id=f"{clauses.RETRACT}: alive"),
        pytest.param({"level": 0}, "not allowed", id=f"{clauses.RETRACT}: dead"),
    ],
)
def test_retracting_a_proposal(state: dict[str, Any], outcome: str) -> None:
    matter = {
        "id": "p1",
        "kind": "proposal",
        "author": "Ann",
        "posted_at": T0,
        "retracted_at": "2024-06-03T11:00:00Z",
    }
    report = run(game(T0, {"Ann": state}, [], [matter]), "2024-06-03T12:00:00Z")
    assert report.matters["p1"].outcome == outcome
    assert ("retracted it at" in report.matters["p1"].reason) == (outcome == "allowed")


def test_receive_training_is_receive_teaching() -> None:
    data = game(
        "2024-06-02T11:00:00Z",
        {"Ann": {"square": 9}},
        [
            {"at": "2024-06-02T12:00:00Z", "type": "draw", "what": "Experience Fairy", "result": 9},
            action("2024-06-02T13:00:00Z", "Ann", "Receive Training"),
        ],
    )
    report = run(data, "2024-06-02T14:00:00Z")
    assert report.actions[0]["allowed"] is True
    assert (report.state["Ann"]["level"], report.state["Ann"]["experience"]) == (2, 15)


def test_each_event_and_action_of_the_example_carries_its_clause() -> None:
    """Reported in the game's words (ARCHITECTURE.md 2b): the seed's words behind each
    scheduled event and each action, in --json and in the table."""
    import json

    from gamestate.profiles.archive import archive_from_dict
    from tests.gamestate.profiles.test_nomopoly_iv import EXAMPLE, SEED
    from wikibot.cli.profile_render import render_profile_table, report_to_json

    seed = " ".join(SEED.read_text(encoding="utf-8").split())
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    report = run(raw, raw["demo"]["now"], raw["demo"]["since"])
    assert report.due and report.actions
    for d in report.due:
        assert d["clause"] and d["clause"] in seed, d
    for a in report.actions:
        assert a["clause"] and a["clause"] in seed, a
    data = report_to_json(report)
    assert all("clause" in d for d in data["due"]) and all("clause" in a for a in data["actions"])
    table = render_profile_table(report, archive_from_dict(raw), "Nomopoly IV")
    assert "each player's Jumps increased by one (midnight Central)  [1]" in table
    assert "    [1] “Every day at noon and midnight Central time" in table


# Junk in the new inputs: a report or one line, never a traceback.
_junk_value = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.text(max_size=6),
    st.sampled_from(["Coin", "SCV#1", "Mesmer#1", "Scientist#1", "Ann", "Ben", T0, "noon"]),
    st.lists(st.sampled_from(["Coin", 3, None]), max_size=2),
    st.dictionaries(st.sampled_from(["Coin", "by", "at"]), st.integers(-1, 3), max_size=2),
)
_AT = st.sampled_from([T0, "2024-06-03T11:00:00Z", "2024-06-04T10:00:00Z"])
_WHO = st.sampled_from(["Ann", "Ben"])
_new_event = st.one_of(
    st.fixed_dictionaries(
        {
            "at": _AT,
            "type": st.just("action"),
            "player": _WHO,
            "action": st.sampled_from(
                [
                    "Submit a Buy Request",
                    "Fulfill a sell request",
                    "Retract a buy request",
                    "Submit a Sell Request",
                    "Fulfill a buy request",
                    "Retract a sell request",
                    "use Magic Mining Pick",
                    "use Red Shell",
                    "use Green Shell",
                    "take the item",
                ]
            ),  # fmt: skip
            "item": st.sampled_from(["Coin", "Magic Mining Pick", "Red Shell"]),
        },
        optional={
            "price": st.integers(0, 600),
            "seller": st.sampled_from(["Ben", "Ann", "the Dark Lord", "Zed"]),
            "buyer": st.sampled_from(["Ben", "Ann", "Zed"]),
            "target": st.sampled_from(["Ben", "Ann", "Zed"]),
            "square": st.integers(1, 6),
        },
    ),
    st.fixed_dictionaries(
        {
            "at": _AT,
            "type": st.just("command"),
            "player": _WHO,
            "command": st.sampled_from(["Safecracking", "Echo", "Move", "Mine"]),
            "unit": st.sampled_from(["SCV#1", "Mesmer#1", "Scientist#1"]),
        },
        optional={"square": st.integers(1, 6), "laboratory": st.booleans()},
    ),
    st.fixed_dictionaries({"at": _AT, "type": st.just("ducky"), "roll": st.integers(1, 6)}),
)


_FIELDS = ["item", "price", "seller", "buyer", "target", "roll", "square", "laboratory", "at"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_new_event, min_size=1, max_size=6),
    st.sampled_from([[], ["Coin", "Red Shell"], {"Magic Mining Pick": 2}]),
    st.sampled_from([None, T0, "2024-06-04T00:00:00Z"]),
    st.one_of(
        st.none(),
        st.tuples(st.integers(0, 5), st.sampled_from(_FIELDS), _junk_value),
        st.tuples(st.just(-1), st.sampled_from(["items", "market", "retracted_at"]), _junk_value),
    ),
)
def test_junk_in_the_new_inputs_is_one_line(
    events: list[dict[str, Any]], items: Any, retracted: str | None, junk: Any
) -> None:
    """Valid inputs, with at most one field made junk: a report or one line."""
    players = {
        "Ann": {"units": ["SCV#1", "Mesmer#1"], "items": items, "square": 5},
        "Ben": {"scientists": {"Scientist#1": "Researching"}, "money": 100},
    }
    matter: dict[str, Any] = {"id": "p1", "kind": "proposal", "author": "Ann", "posted_at": T0}
    if retracted is not None:
        matter["retracted_at"] = retracted
    market: Any = [{"item": "Coin", "price": 5, "seller": "Ben"}]
    if junk is not None:
        where, key, value = junk
        if where >= 0:
            events[where % len(events)][key] = value
        elif key == "items":
            players["Ann"]["items"] = value
        elif key == "market":
            market = value
        else:
            matter["retracted_at"] = value
    data = game(
        "2024-06-03T00:00:00Z",
        players,
        events,
        [matter],
        market=market,
        boxes=[{"square": 5, "placed_at": T0}],
    )
    try:
        report = run(data, "2024-06-05T00:00:00Z", "2024-06-03T00:00:00Z")
    except ProfileError as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(report.state, dict)


def test_a_lightning_bolt_sends_everyone_else_to_the_ducky_and_its_pies() -> None:
    data = game(
        T0,
        {"Ann": {"square": 5, "money": 100}, "Ben": {"square": 9, "money": 55}},
        [action(T0, "Ann", "use Lightning Bolt")],
        rber_ducky=12,
    )
    report = run(data, "2024-06-03T11:00:00Z")
    assert report.actions[0]["allowed"] is True
    assert clauses.LIGHTNING_BOLT in report.actions[0]["reason"]
    assert (report.state["Ben"]["square"], report.state["Ben"]["money"]) == (13, 50)
    assert (report.state["Ann"]["square"], report.state["Ann"]["money"]) == (5, 100)


@pytest.mark.parametrize("word", ["Experience Fairy", "fairy"])
def test_a_draw_by_the_seeds_word_or_its_short_one(word: str) -> None:
    data = game(
        "2024-06-02T11:00:00Z",
        {"Ann": {"square": 9}},
        [{"at": "2024-06-02T12:00:00Z", "type": "draw", "what": word, "result": 9}],
    )
    report = run(data, "2024-06-02T14:00:00Z", "2024-06-02T11:00:00Z")
    assert "Experience Fairy appears on square 9" in [d["event"] for d in report.due]


@pytest.mark.parametrize(
    "jump_at, allowed",
    [
        pytest.param("2024-06-06T09:59:59Z", False, id=f"{clauses.FORCE_FIELD}: its last second"),
        pytest.param("2024-06-06T10:00:00Z", True, id=f"{clauses.FORCE_FIELD}: 3 days on, gone"),
    ],
)
def test_a_force_field_stops_jumps_to_its_square_for_three_days(
    jump_at: str, allowed: bool
) -> None:
    data = game(
        T0,
        {"Ann": {"square": 5, "items": ["Force Field"]}, "Ben": {"square": 1, "jumps": 9}},
        [
            action(T0, "Ann", "use Force Field"),
            action(jump_at, "Ben", "jump", distance=4, square=5),
        ],
    )
    report = run(data, "2024-06-06T10:30:00Z")
    assert report.actions[1]["allowed"] is allowed


@pytest.mark.parametrize(
    "again_at, allowed",
    [
        pytest.param("2024-06-10T09:59:59Z", False, id=f"{clauses.STAR_EGG}: a second short"),
        pytest.param("2024-06-10T10:00:00Z", True, id=f"{clauses.STAR_EGG}: 7 days on"),
    ],
)
def test_a_star_egg_again_after_seven_days(again_at: str, allowed: bool) -> None:
    data = game(
        T0,
        {"Ann": {"items": ["Star Egg"]}},
        [action(T0, "Ann", "use Star Egg"), action(again_at, "Ann", "use Star Egg")],
    )
    report = run(data, "2024-06-10T11:00:00Z")
    assert [a["allowed"] for a in report.actions] == [True, allowed]
    assert report.state["Ann"]["items"] == {"Star Egg": 1}


def test_a_feather_and_a_ghost() -> None:
    data = game(
        T0,
        {"Ann": {"square": 5, "items": ["Feather", "Ghost"]}},
        [
            action(T0, "Ann", "use Feather", square=40),
            action(T0, "Ann", "use Ghost"),
        ],
    )
    report = run(data, "2024-06-04T10:00:00Z")
    assert report.state["Ann"]["square"] == 40 and report.state["Ann"]["items"] == {}
    (ghost,) = report.game_state["enchantments"]
    assert ghost == {
        "player": "Ann",
        "unit": "Ann",
        "enchantment": "invisible",
        "until": "2024-06-06T10:00:00Z",
    }


@pytest.mark.parametrize(
    "trade, square, items, money, after",
    [
        pytest.param(
            "Trade in a Rotten Mush",
            53,
            {"Rotten Mush": 1},
            3,
            {},
            id="Trade in a Rotten Mush for $3",
        ),
        pytest.param(
            "5 Moldy Mushes for a Magic Mining Pick",
            53,
            {"Moldy Mush": 6},
            0,
            {"Moldy Mush": 1, "Magic Mining Pick": 1},
            id="5 Moldy Mushes for a Magic Mining Pick",
        ),
        pytest.param(
            "Trade in a Wilt Shroom",
            52,
            {"Wilt Shroom": 1},
            0,
            {"Wilt Shroom": 1},
            id="Any player who occupies this square: one square off",
        ),
        pytest.param(
            "trade in 2 Wilt Shrooms for an Uncharged Soul Gem",
            53,
            {"Wilt Shroom": 1},
            0,
            {"Wilt Shroom": 1},
            id="trade in 2 Wilt Shrooms for an Uncharged Soul Gem: only one",
        ),
    ],
)
def test_the_shop_of_terrors_trades(
    trade: str, square: int, items: dict[str, int], money: int, after: dict[str, int]
) -> None:
    data = game(T0, {"Ann": {"square": square, "items": items}}, [action(T0, "Ann", trade)])
    data["game_state"]["shop_square"] = 53
    report = run(data, "2024-06-03T11:00:00Z")
    assert report.state["Ann"]["money"] == money
    assert report.state["Ann"]["items"] == after
    assert clauses.SHOP_OF_TERROR in report.actions[0]["reason"]


@pytest.mark.parametrize(
    "to, money, square",
    [
        pytest.param(7, 90, 8, id=f"{clauses.PIES}: jumping onto the Ducky"),
        pytest.param(6, 100, 6, id="jumping next to it: no pie"),
    ],
)
def test_a_player_who_jumps_onto_the_ducky_is_hit(to: int, money: int, square: int) -> None:
    data = game(
        T0,
        {"Ann": {"square": 5, "money": 100, "jumps": 5}},
        [action(T0, "Ann", "jump", distance=to - 5, square=to)],
        rber_ducky=7,
    )
    report = run(data, "2024-06-03T11:00:00Z")
    assert (report.state["Ann"]["money"], report.state["Ann"]["square"]) == (money, square)
