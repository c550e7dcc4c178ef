"""Nomopoly beyond the squares (issue 27): Bricks, Warp Gates, Savings and Loans and the
bank, trades, faiths, Heaven and Tyrethali's Inferno. Ids quote the seed's clauses."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles import ProfileError, Report, archive_from_dict, parse_time
from gamestate.profiles.nomopoly import PROFILE, clauses
from gamestate.profiles.nomopoly.trades import LAPSED

ACT = "2000-03-01T12:00:00Z"
DAY = "2000-03-02T08:30:00Z"


def player(name: str, **state: Any) -> dict[str, Any]:
    base = {"money": 10, "square": 1, "real_estate_guides": 1, "owns": []}
    return {"name": name, "roles": [], "state": {**base, **state}}


def event(at: str, kind: str, **fields: Any) -> dict[str, Any]:
    return {"at": at, "type": kind, **fields}


def act(name: str, action: str, at: str = ACT, **fields: Any) -> dict[str, Any]:
    return event(at, "action", player=name, action=action, **fields)


def game(
    events: list[dict[str, Any]],
    *,
    roster: list[dict[str, Any]] | None = None,
    upgrades: dict[str, list[str]] | None = None,
    matters: list[dict[str, Any]] | None = None,
    **game_state: Any,
) -> dict[str, Any]:
    return {
        "format": "nomic-archive/2",
        "profile": "nomopoly",
        "settings": {},
        "roster": [{"name": "Joel", "roles": ["admin"], "player": False}]
        + (roster if roster is not None else [player("Ann"), player("Ben"), player("Cat")]),
        "game_state": {"board": 14, "poorbox": 0, "upgrades": upgrades or {}, **game_state},
        "matters": matters or [],
        "events": [*events, event(DAY, "admin_day", by="Joel")],
    }


def run(data: dict[str, Any], now: str = "2000-03-10T00:00:00Z") -> Report:
    archive = archive_from_dict(data)
    PROFILE.check(archive)
    return PROFILE.evaluate(archive, parse_time(now, "now"), None)


def last(report: Report) -> dict[str, Any]:
    return [a for a in report.actions if a["action"] != "buy"][-1]


# Bricks.
def turn_game(bricks: int) -> dict[str, Any]:
    p1 = {
        "id": "p1",
        "kind": "proposal",
        "author": "Ann",
        "posted_at": "2000-03-01T10:00:00Z",
        "judgement": {"at": "2000-03-02T08:00:00Z", "result": "accepted"},
    }
    dice = event(DAY, "draw", what="dice:p1", result=[1, 2, 4])
    return game(
        [dice],
        matters=[p1],
        roster=[player("Ann"), player("Ben", square=14, owns=[5])],
        upgrades={"5": ["Brick"] * bricks} if bricks else {},
    )


BRICKS = [
    pytest.param(0, 7, id="the highest pair: 2 + 4 from Origon to 7, no Brick"),
    pytest.param(4, 7, id=clauses.BRICK[:80] + " - a 4 passes 4 Bricks"),
    pytest.param(5, 4, id=clauses.BRICK[:80] + " - 5 Bricks stop it before square 5"),
]


@pytest.mark.parametrize(("bricks", "square"), BRICKS)
def test_bricks_stop_a_move(bricks: int, square: int) -> None:
    assert run(turn_game(bricks)).state["Ann"]["square"] == square


def test_more_than_six_bricks_are_destroyed() -> None:
    events = [act("Ben", "buy an Upgrade", square=5, upgrade="Brick")]
    data = game(
        events,
        roster=[player("Ann"), player("Ben", money=50, owns=[5])],
        upgrades={"5": ["Brick"] * 6},
    )
    report = run(data)
    assert report.game_state["upgrades"]["5"] == ["Brick"] * 6
    assert "excess one is destroyed" in last(report)["reason"]


# Warp Gates.
def warp_game(*events: dict[str, Any], **ann: Any) -> dict[str, Any]:
    return game(
        list(events),
        roster=[
            player("Ann", square=3, **ann),
            player("Ben", owns=[3]),
            player("Cat", owns=[9], square=12),
        ],
        upgrades={"3": ["Warp Gate"], "9": ["Warp Gate", "Drain"]},
        warp_prices={"3": 2},
    )


# A warp onto a Drain "counts as landing on the square": its verdict names both clauses.
WARP_LANDED = f"{clauses.WARP_USE} {clauses.WARP_LANDS}"

WARPS = [
    pytest.param(
        [act("Ann", "use a Warp Gate", square=9)],
        9,
        10 - 2 - 2 - 1,
        True,
        WARP_LANDED,
        id=clauses.WARP_USE[:90] + " - and its Drain charges the lander",
    ),
    pytest.param(
        [act("Ann", "use a Warp Gate", square=9), act("Ann", "use a Warp Gate", square=3)],
        9,
        5,
        False,
        clauses.WARP_ONCE,
        id=clauses.WARP_ONCE,
    ),
    pytest.param(
        [act("Ann", "use a Warp Gate", square=5)],
        3,
        10,
        False,
        clauses.WARP_USE,
        id="the square containing the second Warp Gate - square 5 has none",
    ),
    pytest.param(
        [
            act("Ben", "set a Warp Gate price", square=3, price=0),
            act("Ann", "use a Warp Gate", square=9),
        ],
        9,
        9,
        True,
        WARP_LANDED,
        id=clauses.WARP_PRICE[:90],
    ),
]


@pytest.mark.parametrize(("events", "square", "money", "allowed", "clause"), WARPS)
def test_warp_gates(
    events: list[dict[str, Any]], square: int, money: int, allowed: bool, clause: str
) -> None:
    report = run(warp_game(*events))
    assert (report.state["Ann"]["square"], report.state["Ann"]["money"]) == (square, money)
    assert (last(report)["allowed"], last(report)["clause"]) == (allowed, clause)


# Savings and Loans, the bank.
def bank_game(*events: dict[str, Any], square: int = 3) -> dict[str, Any]:
    return game(
        list(events),
        roster=[player("Ann", square=square), player("Ben", owns=[3])],
        upgrades={"3": ["Savings and Loan"]},
    )


def test_a_deposit_pays_the_branch_and_the_vault_pays_fines_after_the_hand() -> None:
    deposit = act("Ann", "use a Savings and Loan", deposit={"money": 5})
    report = run(bank_game(deposit))
    assert report.state["Ann"]["money"] == 4 and report.state["Ben"]["money"] == 11
    assert report.state["Ann"]["vault"] == {"money": 5, "real_estate_guides": 0}
    assert last(report)["clause"] == clauses.SAVINGS
    assert report.game_state["black"] == [3]
    fine = event("2000-03-03T12:00:00Z", "fine", player="Ann", amount=7)
    fined = run(bank_game(deposit, fine))
    assert fined.state["Ann"]["money"] == 0 and fined.state["Ann"]["vault"]["money"] == 2
    assert fined.state["Ann"]["poorbox_due"] is False  # BANK_MONEY: 7 is not above 4 + 5


BANK = [
    pytest.param(
        act("Ann", "use a Savings and Loan", deposit={"money": 1}),
        2,
        False,
        clauses.BANK_ONLY,
        id=clauses.BANK_ONLY,
    ),
    pytest.param(
        act("Ann", "use a Savings and Loan", withdraw={"money": 1}),
        3,
        False,
        clauses.WITHDRAW,
        id=clauses.WITHDRAW + " - an empty vault",
    ),
    pytest.param(
        act("Ann", "use a Savings and Loan", deposit={"real_estate_guides": 1}),
        3,
        True,
        clauses.SAVINGS,
        id=clauses.DEPOSIT,
    ),
]


@pytest.mark.parametrize(("record", "square", "allowed", "clause"), BANK)
def test_the_bank(record: dict[str, Any], square: int, allowed: bool, clause: str) -> None:
    report = run(bank_game(record, square=square))
    assert (last(report)["allowed"], last(report)["clause"]) == (allowed, clause)


# Trades.
DEAL = [{"from": "Ann", "to": "Ben", "money": 3}, {"from": "Ben", "to": "Ann", "square": 9}]


def trade(name: str, details: list[dict[str, Any]]) -> dict[str, Any]:
    return act(name, "trade", id="t1", details=details)


TRADES = [
    pytest.param(
        [trade("Ann", DEAL), trade("Ben", DEAL)],
        [9],
        7,
        True,
        id="If all emails agree, the trade goes forth as detailed",
    ),
    pytest.param(
        [trade("Ann", DEAL), trade("Ben", [DEAL[1]])],
        [],
        10,
        False,
        id="If any of the emails do not agree on any aspect of the trade, nothing",
    ),
    pytest.param(
        [trade("Ann", DEAL)],
        [],
        10,
        True,
        id="All players involved in a trade must e-mail the admin - one waits",
    ),
]


@pytest.mark.parametrize(("events", "owns", "money", "allowed"), TRADES)
def test_trades(events: list[dict[str, Any]], owns: list[int], money: int, allowed: bool) -> None:
    data = game(events, roster=[player("Ann"), player("Ben", owns=[9])], upgrades={"9": ["Drain"]})
    report = run(data)
    assert (report.state["Ann"]["owns"], report.state["Ann"]["money"]) == (owns, money)
    assert last(report)["allowed"] is allowed
    if owns:
        assert last(report)["clause"] == clauses.TRADE_UPGRADES
        assert report.game_state["upgrades"] == {"9": ["Drain"]}


# Faiths and Heaven.
FAITHS = [
    pytest.param(
        [act("Ann", "create a faith", faith="Dicism", god="Origon")],
        True,
        {"Dicism": {"god": "Origon", "members": ["Ann"]}},
        id=clauses.FAITH_CREATE,
    ),
    pytest.param(
        [act("Ann", "create a faith", faith="Dice", god="Origon")], False, {}, id=clauses.FAITH_NAME
    ),
    pytest.param(
        [act("Ann", "create a faith", faith="Zeusism", god="Zeus")], False, {}, id=clauses.FAITH_GOD
    ),
    pytest.param(
        [
            act("Ann", "create a faith", faith="Benism", god="Ben"),
            act("Cat", "join a faith", faith="Benism"),
        ],
        True,
        {"Benism": {"god": "Ben", "members": ["Ann", "Cat"]}},
        id="At least one member - Cat joins",
    ),
    pytest.param(
        [
            act("Ann", "create a faith", faith="Benism", god="Ben"),
            act("Ann", "leave a faith", faith="Benism"),
        ],
        True,
        {},
        id=clauses.FAITH_DISBAND,
    ),
]


@pytest.mark.parametrize(("events", "allowed", "faiths"), FAITHS)
def test_faiths(events: list[dict[str, Any]], allowed: bool, faiths: dict[str, Any]) -> None:
    report = run(game(events))
    assert last(report)["allowed"] is allowed
    assert report.game_state["faiths"] == faiths


def test_heaven_is_for_the_faithful_at_a_dollar_a_verse() -> None:
    events = [
        act("Ann", "create a faith", faith="Dicism", god="Origon"),
        act("Ann", "go to Heaven"),
        act("Ben", "go to Heaven"),
    ]
    report = run(game(events, roster=[player("Ann", money=20), player("Ben", money=20)]))
    assert (report.state["Ann"]["square"], report.state["Ann"]["money"]) == ("Heaven", 6)
    assert (last(report)["allowed"], last(report)["clause"]) == (False, clauses.HEAVEN)
    assert report.state["Ben"]["square"] == 1


# Tyrethali's Inferno.
def test_the_inferno_holds_a_player_until_the_sentence_is_served_or_bail_is_posted() -> None:
    sentence = event(ACT, "inferno", player="Ann", days=2)
    later_day = event("2000-03-04T08:30:00Z", "admin_day", by="Joel")
    data = game([sentence, later_day], roster=[player("Ann", square=5), player("Ben")])
    during = run(data, "2000-03-02T09:00:00Z")
    assert during.state["Ann"]["square"] == "Tyrethali's Inferno"
    assert during.game_state["inferno"] == ["Ann"]
    after = run(data)
    assert after.state["Ann"]["square"] == 5 and after.game_state["inferno"] == []
    bail = game(
        [sentence, act("Ann", "post bail", at="2000-03-01T13:00:00Z")],
        roster=[player("Ann", square=5, money=50), player("Ben")],
    )
    bailed = run(bail, "2000-03-02T09:00:00Z")
    assert bailed.state["Ann"]["square"] == 5 and bailed.state["Ann"]["money"] == 10
    assert bailed.game_state["poorbox"] == 40
    assert last(bailed)["clause"] == clauses.INFERNO


JUNK = [
    pytest.param(
        event(ACT, "inferno", player="Ann", days=4),
        "up to three game days",
        id="up to three game days: four",
    ),
    pytest.param(
        act("Ann", "trade", id="t", details=[{"from": "Ann", "to": "Ann", "money": 1}]),
        "between two players",
        id="trade with oneself",
    ),
    pytest.param(
        act("Ann", "trade", id="t", details="everything"), "details", id="trade details as text"
    ),
    pytest.param(
        act("Ann", "use a Savings and Loan", deposit={"gold": 1}),
        "deposit/withdraw",
        id="deposit gold",
    ),
    pytest.param(act("Ann", "use a Warp Gate", square=99), "off the board", id="warp off board"),
    pytest.param(act("Ann", "create a faith", faith="X"), "'god'", id="a faith without a god"),
]


@pytest.mark.parametrize(("record", "words"), JUNK)
def test_junk_is_one_line(record: dict[str, Any], words: str) -> None:
    with pytest.raises(ProfileError) as caught:
        PROFILE.check(archive_from_dict(game([record])))
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_example_plays_two_weeks_of_days_beyond_the_squares() -> None:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "wikibot" / "examples" / "nomopoly.json"
    report = run(json.loads(path.read_text(encoding="utf-8")), "2000-03-15T12:00:00Z")
    days = [d for d in report.due if "admin's day" in d["event"]]
    assert len(days) >= 13
    said = {a["clause"] for a in report.actions if a["allowed"]}
    assert {
        clauses.SAVINGS,
        clauses.WARP_USE,
        clauses.WARP_PRICE,
        clauses.TRADE_UPGRADES,
        clauses.FAITH_CREATE,
        clauses.FAITH_DISBAND,
        clauses.HEAVEN,
        clauses.INFERNO,
    } <= said
    refused = [a["clause"] for a in report.actions if not a["allowed"]]
    # Ann's second warp the same turn, Ben's deposit on square 3, with no branch, and Cat's
    # Brick beside her Disruptor on the 15th, refused.
    assert refused[-6:] == [
        clauses.WARP_ONCE,
        clauses.HEAVEN,
        LAPSED,
        clauses.POOR_WRETCH,
        clauses.BANK_ONLY,
        clauses.DISRUPTOR,
    ]
    assert {clauses.TRADE, LAPSED} <= said  # an e-mail waits; the admin lapses it
    # Cat's bail ($20 a day for 2 days) takes her back to square 11 at the 15th's admin's
    # day; she then buys it, puts a Warp Gate on it and warps onto Ann's Drain on square 8.
    assert report.state["Cat"]["square"] == 8 and report.game_state["inferno"] == []
    assert report.game_state["names"]["8"] == "Ann's Bank"  # Ann renames her square
    assert report.game_state["names"]["3"] == "Fair Green"  # p12: the first free square
    assert "stopped before square 2" in report.matters["p11"].reason
    assert report.state["Ann"]["square"] == "Heaven" and report.state["Ann"]["owns"] == [8]
    # Ann's $30 fine on the 14th takes her $27 in hand, then $3 from her vault (10 -> 7).
    assert report.state["Ann"]["vault"] == {"money": 7, "real_estate_guides": 0}
    assert report.state["Ann"]["money"] == 1  # Cat's warp lands on Ann's Drain: $1
    # On the 15th Cat sells squares 11 and 2 (its Upgrades lost) and annexes square 17.
    assert {clauses.SELL, clauses.ANNEX, WARP_LANDED} <= said and "2" not in report.game_state[
        "upgrades"
    ]
    assert (report.state["Cat"]["owns"], report.game_state["board"]) == ([], 17)
    assert report.game_state["faiths"] == {} and report.game_end is None


def test_no_way_out_of_the_inferno_but_bail_or_time() -> None:
    events = [
        event(ACT, "inferno", player="Ann", days=3),
        act("Ann", "create a faith", faith="Dicism", god="Origon", at="2000-03-01T12:01:00Z"),
        act("Ann", "go to Heaven", at="2000-03-01T12:02:00Z"),
    ]
    report = run(
        game(events, roster=[player("Ann", money=50), player("Ben")]), "2000-03-02T09:00:00Z"
    )
    assert report.state["Ann"]["square"] == "Tyrethali's Inferno"
    assert (last(report)["allowed"], last(report)["clause"]) == (False, clauses.INFERNO)


_WHO = st.sampled_from(["Ann", "Ben", "Zed", "Joel"])


@st.composite
def _world_action(draw: st.DrawFn) -> dict[str, Any]:
    who = draw(_WHO)
    action = draw(st.sampled_from(sorted(PROFILE.action_names)))
    fields: dict[str, Any] = {
        "square": draw(st.integers(1, 14)),
        "price": draw(st.integers(0, 5)),
        "faith": draw(st.sampled_from(["Dicism", "Annism", "X"])),
        "god": draw(st.sampled_from(["Origon", "Ben", "Zeus"])),
        "id": "t1",
        "details": [{"from": draw(_WHO), "to": draw(_WHO), "money": draw(st.integers(1, 30))}],
        "deposit": {"money": draw(st.integers(0, 20))},
        "upgrade": draw(st.sampled_from(["Drain", "Brick", "Warp Gate", "Savings and Loan"])),
        "name": "N",
    }
    at = f"2000-03-01T{draw(st.integers(10, 23)):02d}:00:00Z"
    return event(at, "action", player=who, action=action, **fields)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_world_action(), max_size=10), st.booleans())
def test_random_world_actions_give_a_report_or_one_line(
    records: list[dict[str, Any]], sentenced: bool
) -> None:
    if sentenced:
        records.append(event("2000-03-01T09:00:00Z", "inferno", player="Ben", days=1))
    records.sort(key=lambda e: e["at"])
    data = game(
        records,
        roster=[player("Ann", square=3, money=30, owns=[3]), player("Ben", owns=[9])],
        upgrades={"3": ["Warp Gate", "Savings and Loan"], "9": ["Warp Gate"]},
    )
    try:
        report = run(data)
    except ProfileError as error:
        assert "\n" not in str(error)
        return
    assert all(isinstance(a["allowed"], bool) for a in report.actions)
