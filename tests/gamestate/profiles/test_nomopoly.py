"""Nomopoly (seed 004): the rules as tables whose ids quote the seed's clauses."""

from __future__ import annotations

import copy
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.profiles import get_profile
from gamestate.profiles.archive import archive_from_dict, parse_time
from gamestate.profiles.core import Archive, ProfileError, Report
from gamestate.profiles.nomopoly import PROFILE, clauses
from gamestate.profiles.nomopoly.board import (
    BLOCK_CONDITION,
    DIAGONAL_CONDITION,
    Board,
    _places,
    place,
    victory_conditions,
)
from gamestate.profiles.nomopoly.dice import read_throw

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT / "rules_text" / "data" / "seeds" / "004_9726ba3d19e85e82.txt"
EXAMPLE = ROOT / "wikibot" / "examples" / "nomopoly.json"
DAY1 = "2000-03-01"


# Builders: a three-player game on the diagram's 14-square board, everyone on Origon.


def player(name: str, **state: Any) -> dict[str, Any]:
    base = {"money": 10, "square": 1, "real_estate_guides": 1, "owns": []}
    return {"name": name, "roles": [], "state": {**base, **state}}


def proposal(
    pid: str,
    author: str,
    sent: str,
    result: str | None = None,
    judged: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    out: dict[str, Any] = {"id": pid, "kind": "proposal", "author": author, "posted_at": sent}
    if result is not None:
        out["judgement"] = {"at": judged or "2000-03-02T08:00:00Z", "result": result}
    return {**out, **extra}


def event(at: str, kind: str, **fields: Any) -> dict[str, Any]:
    return {"at": at, "type": kind, **fields}


def admin_day(at: str = "2000-03-02T08:30:00Z") -> dict[str, Any]:
    return event(at, "admin_day", by="Joel", note="")


def draw(what: str, *faces: int, at: str = "2000-03-02T08:30:00Z") -> dict[str, Any]:
    return event(at, "draw", what=what, result=list(faces))


def game(
    matters: list[dict[str, Any]] = (),  # type: ignore[assignment]
    events: list[dict[str, Any]] = (),  # type: ignore[assignment]
    *,
    roster: list[dict[str, Any]] | None = None,
    game_state: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "format": "nomic-archive/2",
        "profile": "nomopoly",
        "settings": settings or {},
        "roster": [{"name": "Joel", "roles": ["admin"], "player": False}]
        + (roster if roster is not None else [player("Ann"), player("Ben"), player("Cat")]),
        "game_state": {"board": 14, "poorbox": 0, **(game_state or {})},
        "matters": list(matters),
        "events": list(events),
    }


def run(data: dict[str, Any], now: str = "2000-03-10T00:00:00Z") -> Report:
    archive = archive_from_dict(data)
    return PROFILE.evaluate(archive, parse_time(now, "now"), None)


def read(data: dict[str, Any]) -> Archive:
    return archive_from_dict(data)


# The seed's words.


def _seed_words() -> str:
    return re.sub(r"\s+", " ", SEED.read_text(encoding="utf-8"))


QUOTES = sorted(n for n in clauses.__all__)


@pytest.mark.parametrize("name", QUOTES)
def test_every_clause_is_quoted_verbatim_from_the_seed(name: str) -> None:
    assert getattr(clauses, name) in _seed_words()


def test_the_profile_is_registered() -> None:
    registered: object = get_profile("nomopoly")
    assert registered is PROFILE
    assert PROFILE.matter_kinds == {"proposal"} and PROFILE.vote_values == frozenset()


# Shape of the Board.

DIAGRAM = """
1 2 6 7
3 5 8 14
4 9 13
10 12
11
"""


@pytest.mark.parametrize(
    ("rank", "row"),
    list(enumerate(line.split() for line in DIAGRAM.strip().splitlines())),
    ids=[f"diagram row '{line}'" for line in DIAGRAM.strip().splitlines()],
)
def test_board_shape_matches_the_seeds_14_square_diagram(rank: int, row: list[str]) -> None:
    assert [place(int(n)) for n in row] == [(rank, file) for file in range(len(row))]


@pytest.mark.parametrize(
    ("square", "successor_place"),
    [
        (1, (0, 1)),
        (6, (0, 3)),
        (7, (1, 2)),
        (3, (2, 0)),
        (10, (4, 0)),
        (11, (3, 1)),
        (12, (2, 2)),
        (2, (1, 0)),
    ],
    ids=[
        "Origon's successor is directly east of Origon",
        "due east of Origon and its predecessor is not, then its successor is immediately east",
        "due east of Origon and its predecessor is as well, then its successor is immediately"
        " southwest",
        "due south of Origon and its predecessor is not, then its successor is immediately south",
        "due south (10) and its predecessor is not: immediately south",
        "locate due south of Origon and its predecessor is as well, then its successor is"
        " immediately northeast",
        "the same what one travels to get from that square to its successor",
        "the diagram: Origon counts as due east of itself, so 2 turns southwest",
    ],
)
def test_shape_of_the_board_successors(square: int, successor_place: tuple[int, int]) -> None:
    assert place(square + 1) == successor_place


def test_closed_form_beyond_the_cache_agrees_with_the_rules_words() -> None:
    stepped = _places(6000)
    assert all(place(n) == stepped[n - 1] for n in range(4000, 6001))


# Proposals: the GMT day, replacement, judgement.


@pytest.mark.parametrize(
    ("sent", "day"),
    [
        ("2000-03-01T00:00:00Z", DAY1),
        ("2000-03-01T23:59:59Z", DAY1),
        ("2000-03-02T00:00:00Z", "2000-03-02"),
        ("2000-03-02T00:30:00+01:00", DAY1),
        ("2000-03-01T20:00:00-05:00", "2000-03-02"),
    ],
    ids=[
        "from 00:00:00 GMT on one real day",
        "until 23:59:59 on that same real day inclusive",
        "00:00:00 GMT begins the next real day",
        "a 24-hour day is GMT: 00:30 at +01:00 is the day before",
        "a 24-hour day is GMT: 20:00 at -05:00 is the next day",
    ],
)
def test_batch_day_is_the_gmt_day_to_the_second(sent: str, day: str) -> None:
    report = run(game([proposal("p1", "Ann", sent)]), now="2000-03-05T00:00:00Z")
    assert report.matters["p1"].numbers["batch_day"] == day
    assert report.matters["p1"].outcome == "awaiting judgement"
    assert report.matters["p1"].clause == clauses.BATCH_DAY


@pytest.mark.parametrize(
    ("admin_day_at", "processed"),
    [("2000-03-01T23:59:59Z", False), ("2000-03-02T00:00:00Z", True)],
    ids=[
        "an admin's day at 23:59:59 on that same real day inclusive cannot judge that day",
        "an admin's day at 00:00:00 GMT the next day judges it",
    ],
)
def test_a_day_is_processed_only_after_it_ends(admin_day_at: str, processed: bool) -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted", judged="2000-03-01T23:00:00Z")],
        [admin_day(admin_day_at), draw("dice:p1", 1, 2, 4, at=admin_day_at)],
    )
    report = run(data, now="2000-03-02T00:00:00Z")
    assert (report.state["Ann"]["square"] == 7) is processed
    assert (report.matters["p1"].numbers.get("to") == 7) is processed


@pytest.mark.parametrize(
    ("first", "second", "replaced"),
    [
        (("Ann", None), ("Ann", "2000-03-01T12:00:00Z"), True),
        (("Ann", "2000-03-01T12:00:00Z"), ("Ann", "2000-03-01T12:00:00Z"), False),
        (("Ann", "2000-03-01T11:00:00Z"), ("Ann", "2000-03-01T12:00:00Z"), False),
        (("Ann", "2000-03-01T13:00:00Z"), ("Ann", "2000-03-01T12:00:00Z"), True),
        (("Ann", None), ("Ben", "2000-03-01T12:00:00Z"), False),
        (("Ann", None), ("Ann", "2000-03-01T10:00:00Z"), True),
    ],
    ids=[
        "the later proposal will wholly replace the earlier one",
        "judged at the instant the next is sent: no longer still undecided",
        "judged before the next is sent: not still undecided",
        "judged after the next was sent: it was still undecided, replaced",
        "another proposal of hers: another player's does not replace it",
        "sent at the same instant: the later in the archive replaces the earlier",
    ],
)
def test_a_later_proposal_replaces_an_undecided_one(
    first: tuple[str, str | None], second: tuple[str, str], replaced: bool
) -> None:
    author, judged = first
    earlier = proposal("p1", author, "2000-03-01T10:00:00Z", "accepted" if judged else None, judged)
    later = proposal("p2", second[0], second[1])
    report = run(game([earlier, later]), now="2000-03-01T20:00:00Z")
    out = report.matters["p1"]
    assert (out.outcome == "replaced") is replaced
    assert out.numbers["by"] == ("p2" if replaced else None)
    if replaced:
        assert out.clause == clauses.REPLACE


def test_a_judgement_after_the_replacement_is_ignored_with_a_warning() -> None:
    data = game(
        [
            proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted", "2000-03-01T13:00:00Z"),
            proposal("p2", "Ann", "2000-03-01T12:00:00Z"),
        ]
    )
    report = run(data, now="2000-03-01T20:00:00Z")
    assert report.matters["p1"].outcome == "replaced"
    assert report.warnings == [
        "matter p1: judged accepted after p2 replaced it; the judgement is ignored"
    ]


def test_a_proposal_replaced_across_days_leaves_its_day_and_takes_no_turn() -> None:
    data = game(
        [
            proposal("p1", "Ann", "2000-03-01T10:00:00Z"),
            proposal("p2", "Ann", "2000-03-02T09:00:00Z", "rejected", "2000-03-03T08:00:00Z"),
        ],
        [admin_day("2000-03-02T08:30:00Z"), admin_day("2000-03-03T08:30:00Z")],
    )
    data["events"].append(draw("dice:p2", 4, at="2000-03-03T08:30:00Z"))
    report = run(data)
    assert report.matters["p1"].outcome == "replaced"
    assert report.matters["p2"].numbers["direction"] == "retreat"
    assert [d["event"] for d in report.due] == [
        "admin's day of 2000-03-02 (buys and actions only)",
        "admin's day 2000-03-01",
        "admin's day 2000-03-02",
    ]


# Order of the Admins Day.


def test_buy_orders_come_before_turns() -> None:
    """Process property buy orders before Execute player game turns: Ann still stands on
    Origon when her order for square 1 is processed."""
    data = game(
        [proposal("p1", "Ann", "2000-02-29T10:00:00Z", "accepted", "2000-03-01T08:00:00Z")],
        [
            event("2000-03-01T09:00:00Z", "buy", player="Ann", square=1),
            admin_day(),
            draw("dice:p1", 1, 2, 6),
        ],
        roster=[player("Ann", real_estate_guides=0), player("Ben")],
    )
    report = run(data)
    # Ann's guide went with her proposal: the order is refused, though judging then gives one.
    assert report.actions[0]["allowed"] is False
    assert "no Real Estate Guide" in report.actions[0]["reason"]
    assert report.state["Ann"]["real_estate_guides"] == 1


def test_a_buy_order_uses_the_square_before_the_turn_moves_her() -> None:
    data = game(
        [proposal("p1", "Ben", "2000-03-01T10:00:00Z", "accepted")],
        [
            event("2000-03-02T07:00:00Z", "buy", player="Ann", square=1),
            admin_day(),
            draw("dice:p1", 1, 2, 6),
        ],
    )
    report = run(data)
    assert report.actions[0]["allowed"] is True
    assert report.state["Ann"]["owns"] == [1] and report.game_state["poorbox"] == 1


def test_other_actions_come_after_the_turns() -> None:
    """Execute player game turns before Perform all other buys, sells, trades...: Ben's
    annex (recorded first) adds square 15 only after Ann's turn has wrapped past 14."""
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted")],
        [
            event("2000-03-01T09:00:00Z", "action", player="Ben", action="annex unused land"),
            admin_day(),
            draw("dice:p1", 1, 2, 4),
        ],
        roster=[player("Ann", square=13), player("Ben", real_estate_guides=3)],
    )
    report = run(data)
    assert report.actions[0]["allowed"] is True and report.game_state["verses"] == 15
    # 6 squares from 13 on 14 squares: 14, Origon, 2, 3, 4, 5 (on 15 squares it would be 4).
    assert report.state["Ann"]["square"] == 5


def test_rules_change_after_the_days_turns() -> None:
    """Modify the rules as directed by the accepted proposals: last, so p1's own turn
    throws 2 + 1 dice and the next day's 3 + 1."""
    data = game(
        [
            proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted", changes={"default_dice": 3}),
            proposal("p2", "Ben", "2000-03-02T10:00:00Z", "accepted", "2000-03-03T08:00:00Z"),
        ],
        [
            admin_day(),
            draw("dice:p1", 1, 2, 6),
            admin_day("2000-03-03T08:30:00Z"),
            draw("dice:p2", 1, 2, 3, 5, at="2000-03-03T08:30:00Z"),
        ],
    )
    report = run(data)
    assert report.matters["p1"].numbers["dice"] == 3
    assert report.matters["p2"].numbers["dice"] == 4
    assert report.rules_after_day == {"default_dice": 3}
    assert report.game_state["default_dice"] == 3


def test_turns_go_in_the_order_proposals_were_received() -> None:
    data = game(
        [
            proposal("b", "Ben", "2000-03-01T10:00:00Z", "accepted"),
            proposal("a", "Ann", "2000-03-01T09:00:00Z", "accepted"),
        ],
        [admin_day(), draw("dice:a", 1, 2, 4), draw("dice:b", 1, 2, 4)],
    )
    report = run(data)
    assert report.matters["a"].numbers["turn_order"] == 1
    assert report.matters["b"].numbers["turn_order"] == 2
    # Ann came first to square 7; Ben, landing there, moves on to 8.
    assert report.state["Ann"]["square"] == 7 and report.state["Ben"]["square"] == 8
    assert report.matters["a"].clause == clauses.ACCEPTED_DICE


# Dice.


@pytest.mark.parametrize(
    ("result", "default", "faces", "dice", "direction", "start", "end", "clause"),
    [
        ("accepted", 2, [3, 5, 2], 3, "advance", 1, 9, clauses.ACCEPTED_DICE),
        ("rejected", 2, [3], 1, "retreat", 9, 6, clauses.REJECTED_DICE),
        ("rejected", 1, [], 0, "retreat", 9, 8, clauses.ZERO_DICE),
        ("rejected", 0, [], -1, "retreat", 9, 8, clauses.ZERO_DICE),
        ("accepted", 0, [4], 1, "advance", 1, 5, clauses.ACCEPTED_DICE),
    ],
    ids=[
        "dice thrown shall be increased by one for that turn",
        "decreased by one for that turn and cause them to retreat rather than advance",
        "dice thrown is reduced to 0 or below, that player shall move retreat one square",
        "reduced below 0: still move retreat one square",
        "accepted with no default dice: one die, advancing",
    ],
)
def test_dice_thrown_for_the_turn(
    result: str,
    default: int,
    faces: list[int],
    dice: int,
    direction: str,
    start: int,
    end: int,
    clause: str,
) -> None:
    events = [admin_day()] + ([draw("dice:p1", *faces)] if faces else [])
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", result)],
        events,
        roster=[player("Ann", square=start), player("Ben", square=14)],
        game_state={"default_dice": default},
    )
    out = run(data).matters["p1"]
    assert (out.outcome, out.numbers["dice"], out.numbers["direction"]) == (result, dice, direction)
    assert (out.numbers["from"], out.numbers["to"], out.clause) == (start, end, clause)


@pytest.mark.parametrize(
    ("in_part", "dice", "guides"),
    [("accepted", 3, 1), ("neither", 2, 0)],
    ids=[
        "accepted in part counts as accepted: increased by one, given one Real Estate Guide",
        "accepted in part counts as neither accepted nor rejected",
    ],
)
def test_accepted_in_part_reading(in_part: str, dice: int, guides: int) -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted in part")],
        [admin_day(), draw("dice:p1", *([1, 2, 4][:dice]))],
        settings={"in_part": in_part},
    )
    report = run(data)
    assert report.matters["p1"].numbers["dice"] == dice
    assert report.matters["p1"].numbers["direction"] == "advance"
    assert report.state["Ann"]["real_estate_guides"] == guides
    assert report.matters["p1"].clause.startswith(clauses.JUDGE)


@pytest.mark.parametrize(
    ("faces", "amount", "doubles", "bonus"),
    [
        ([6, 5, 1], 11, False, 0),
        ([6, 5, 5], 10, True, 0),
        ([1, 1, 6], 2, True, 0),
        ([2, 2, 2], 4, True, 6),
        ([3, 3], 6, True, 0),
        ([4], 4, False, 0),
    ],
    ids=[
        "the amount of the move shall be the highest pair of dice",
        "Any pair of doubles is considered to be higher than any non doubled pair",
        "doubles beat non-doubles even low: 1-1 over 6-1",
        "all of the dice are identical: money equal to the number of dice times the number",
        "If the pair used for movement is a set of doubles: another turn",
        "one die: its pips",
    ],
)
def test_reading_a_throw(faces: list[int], amount: int, doubles: bool, bonus: int) -> None:
    throw = read_throw(faces)
    assert (throw.amount, throw.doubles, throw.bonus) == (amount, doubles, bonus)


def test_doubles_earn_another_turn_from_the_next_draw() -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted")],
        [admin_day(), draw("dice:p1", 2, 2, 2), draw("dice:p1:2", 1, 2)],
    )
    report = run(data)
    # 2-2 moves 4 (1 -> 5: Payday 2 + 4), bonus 3 x 2 = 6; then 1 + 2 = 3 (5 -> 8: Payday 8).
    assert report.state["Ann"]["square"] == 8
    assert report.state["Ann"]["money"] == 10 + 6 + 6 + 8
    assert report.matters["p1"].numbers["roll"] == [[2, 2, 2], [1, 2]]


def test_a_missing_roll_is_awaited_never_guessed() -> None:
    data = game(
        [
            proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted"),
            proposal("p2", "Ben", "2000-03-01T11:00:00Z", "accepted"),
        ],
        [admin_day(), draw("dice:p1", 1, 1, 3)],
    )
    report = run(data)
    assert "awaits the roll 'dice:p1:2'" in report.matters["p1"].reason
    assert "'dice:p1:2'" in report.matters["p2"].reason
    assert report.state["Ben"]["square"] == 1
    assert any("awaits the roll" in w for w in report.warnings)


# Board movement: Origon, the Universe, Payday.


@pytest.mark.parametrize(
    ("start", "steps", "direction", "end", "payday"),
    [
        (1, 7, "advance", 8, 14),
        (5, 3, "advance", 8, 8),
        (13, 3, "advance", 2, 3),
        (9, 5, "retreat", 4, 0),
        (2, 3, "retreat", 1, 0),
    ],
    ids=[
        "advances past or ends an advance on a square numbered with a power of two",
        "ends an advance on 8: an amount of case equal to that number",
        "on the last square is required to advance, that player immediately moves to Origon",
        "retreating pays no Payday",
        "retreating stops at Origon, the first square",
    ],
)
def test_moving_and_payday(start: int, steps: int, direction: str, end: int, payday: int) -> None:
    move = Board.from_size(14).move(start, steps, direction)
    assert (move.end, move.payday) == (end, payday)


@pytest.mark.parametrize(
    ("verses", "end"),
    [(14, 4), (3, 3)],
    ids=[
        "verses strictly greater than the number of players: continue to the next unoccupied",
        "verses not greater than the number of players: come to rest on the occupied square",
    ],
)
def test_occupied_squares(verses: int, end: int) -> None:
    move = Board.from_size(verses).move(1, 2, "advance", occupied={3}, players=3)
    assert move.end == end


# Ye Olde Poorbox, fines, Real Estate Guides.


@pytest.mark.parametrize(
    ("money", "fine", "due", "money_after", "poorbox_after"),
    [(10, 30, True, 2, 3), (10, 10, False, 0, 5), (10, 11, True, 2, 3)],
    ids=[
        "fined an amount greater than their current money: half the contents of Ye Old Poorbox",
        "fined exactly their money: not greater, nothing from the Poorbox",
        "greater by one dollar: half of 5 is 2, rounded down",
    ],
)
def test_fines_and_the_poorbox(
    money: int, fine: int, due: bool, money_after: int, poorbox_after: int
) -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T12:00:00Z")],
        [event("2000-03-01T11:00:00Z", "fine", player="Ann", amount=fine)],
        roster=[player("Ann", money=money), player("Ben")],
        game_state={"poorbox": 5},
    )
    before = run(data, now="2000-03-01T11:30:00Z")
    assert before.state["Ann"]["poorbox_due"] is due
    after = run(data, now="2000-03-01T12:00:00Z")
    assert after.state["Ann"]["money"] == money_after
    assert after.game_state["poorbox"] == poorbox_after
    assert after.state["Ann"]["poorbox_due"] is False


def test_proposal_loses_guides_and_acceptance_gives_one() -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted")],
        [admin_day(), draw("dice:p1", 1, 2, 4)],
        roster=[player("Ann", real_estate_guides=4), player("Ben")],
    )
    assert run(data, now="2000-03-01T10:00:00Z").state["Ann"]["real_estate_guides"] == 0
    assert run(data).state["Ann"]["real_estate_guides"] == 1


def test_a_drain_charges_the_lander_and_owing_more_makes_the_poorbox_due() -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted")],
        [admin_day(), draw("dice:p1", 1, 2, 4)],
        roster=[player("Ann", money=0), player("Ben", square=14, owns=[7])],
        game_state={"upgrades": {"7": ["Drain"]}},
    )
    report = run(data)
    # Ann advances 1 -> 7 (Payday 2 + 4 = 6); one Drain costs her $1.
    assert report.state["Ann"]["money"] == 5 and report.state["Ben"]["money"] == 11
    data["game_state"]["upgrades"] = {"7": ["Drain"] * 7}
    assert run(data).state["Ann"]["poorbox_due"] is True


@pytest.mark.parametrize(
    ("action", "fields", "allowed", "field", "value"),
    [
        ("sell a square", {"square": 9}, True, "money", 18),
        ("sell a square", {"square": 5}, False, "money", 10),
        ("annex unused land", {}, True, "verses", 15),
        ("buy an Upgrade", {"square": 9, "upgrade": "Disruptor"}, True, "money", 8),
        ("rename a square", {"square": 9, "name": "Nine Elms"}, True, "names", {"9": "Nine Elms"}),
    ],
    ids=[
        "sell a square: cash equal to one less than its number, as well as a Real Estate Guide",
        "sell a square they own: not one they do not",
        "spend three (3) Real Estate Guides to allow the Universe to annex unused land",
        "each Upgrade costing an amount of Cash equal to the current number of other players",
        "renames",
    ],
)
def test_players_actions(
    action: str, fields: dict[str, Any], allowed: bool, field: str, value: Any
) -> None:
    data = game(
        [],
        [
            event("2000-03-01T10:00:00Z", "action", player="Ann", action=action, **fields),
            admin_day(),
        ],
        roster=[player("Ann", owns=[9], real_estate_guides=3), player("Ben"), player("Cat")],
    )
    report = run(data)
    assert report.actions[0]["allowed"] is allowed
    where = report.state["Ann"] if field == "money" else report.game_state
    assert where[field] == value


def test_a_disruptor_forbids_upgrades_on_the_next_square() -> None:
    data = game(
        [],
        [
            event(
                "2000-03-01T10:00:00Z",
                "action",
                player="Ann",
                action="buy an Upgrade",
                square=9,
                upgrade="Drain",
            ),
            admin_day(),
        ],
        roster=[player("Ann", owns=[9]), player("Ben", owns=[10])],
        game_state={"upgrades": {"10": ["Disruptor"]}},
    )
    action = run(data).actions[0]
    assert action["allowed"] is False and action["clause"] == clauses.DISRUPTOR


# Events at the same instant.


def test_same_instant_fine_then_proposal_then_admins_day() -> None:
    at = "2000-03-02T08:30:00Z"
    data = game(
        [proposal("p1", "Ann", at)],
        [
            admin_day(at),
            event(at, "buy", player="Ann", square=1),
            event(at, "fine", player="Ann", amount=50),
        ],
        game_state={"poorbox": 8},
    )
    report = run(data)
    # The fine comes first, so the proposal sent at that instant collects $4; the
    # proposal takes Ann's guide before the admin's day processes her buy order.
    assert report.state["Ann"]["money"] == 4 and report.game_state["poorbox"] == 4
    assert report.actions[0]["allowed"] is False


# Ending the game.


BOTH = f"{BLOCK_CONDITION} and {DIAGONAL_CONDITION}"


@pytest.mark.parametrize(
    ("owned", "achieved", "winner"),
    [
        ({"Ann": [1, 2, 6, 7]}, {"Ann": BLOCK_CONDITION}, "Ann"),
        ({"Ben": [1, 3, 4, 10]}, {"Ben": BLOCK_CONDITION}, "Ben"),
        ({"Ann": [7, 8, 9, 10]}, {"Ann": DIAGONAL_CONDITION}, "Ann"),
        ({"Ann": [1, 2, 6]}, {}, None),
        ({"Ann": [1, 2, 7, 14]}, {}, None),
        (
            {"Ann": [1, 2, 6, 7], "Ben": [3, 5, 8, 14]},
            {"Ann": BLOCK_CONDITION, "Ben": BLOCK_CONDITION},
            None,
        ),
        ({"Ann": [1, 2, 6, 7], "Ben": [3, 5, 8]}, {"Ann": BLOCK_CONDITION}, "Ann"),
        ({"Ann": [10, 9, 8, 7, 6, 2, 1]}, {"Ann": BOTH}, None),
    ],
    ids=[
        "a block of 4 or more properties sharing the same rank",
        "a block sharing the same file",
        "four or more properties which are diagonally adjacent in the topology of the board",
        "three are not 4 or more",
        "a linearly connected set: 6 is missing from the rank",
        "one and only one player: two achieving the same day do not end the game",
        "one and only one player achieves: the game will end at the day",
        "one and only of the following victory conditions: both is not one",
    ],
)
def test_ending_the_game(
    owned: dict[str, list[int]], achieved: dict[str, str], winner: str | None
) -> None:
    roster = [player(n, money=100) for n in ("Ann", "Ben", "Cat")]
    data = game([], [admin_day()], roster=roster)
    for p in roster:
        squares = owned.get(p["name"])
        if squares:  # she owns all but the last, stands on it, and buys it today
            p["state"].update(owns=squares[:-1], square=squares[-1])
            data["events"].append(
                event("2000-03-02T08:00:00Z", "buy", player=p["name"], square=squares[-1])
            )
    report = run(data)
    assert all(a["allowed"] for a in report.actions)
    assert report.achieved == achieved
    expected = (
        {"day": "2000-03-02", "winner": winner, "condition": achieved[winner]} if winner else None
    )
    assert report.game_end == expected
    assert report.winners == ([winner] if winner else [])


@pytest.mark.parametrize(
    ("block_gap", "met"),
    [("not connected", []), ("connected", [BLOCK_CONDITION])],
    ids=[
        "a removed square leaves a hole: not linearly connected",
        "a removed square leaves a hole: stepped over, connected",
    ],
)
def test_a_gap_in_the_rank(block_gap: str, met: list[str]) -> None:
    # Rank 0 holds 1 2 6 7 15 16...; square 6 is removed: 1 2 _ 7 15.
    holed = Board(tuple(n for n in range(1, 17) if n != 6))
    assert victory_conditions([1, 2, 7, 15], holed, block_gap=block_gap) == met
    # A square that is there but not hers breaks the block in either reading.
    whole = Board.from_size(16)
    assert victory_conditions([1, 2, 7, 15], whole, block_gap=block_gap) == []


@pytest.mark.parametrize(
    ("diagonal", "met"),
    [("line", []), ("chain", [DIAGONAL_CONDITION])],
    ids=[
        "diagonally adjacent read as one diagonal line: a zigzag is not",
        "diagonally adjacent read as a chain of diagonal neighbours",
    ],
)
def test_diagonal_reading(diagonal: str, met: list[str]) -> None:
    # 2 (0,1), 3 (1,0), 9 (2,1), 10 (3,0): a zigzag of diagonal neighbours.
    assert victory_conditions([2, 3, 9, 10], Board.from_size(14), diagonal=diagonal) == met


# When a day is processed.


@pytest.mark.parametrize(
    ("reading", "square"),
    [("admin_day", 1), ("all judged", 7)],
    ids=[
        "processed at the admin_day event after all are judged: none recorded yet",
        "processed once all proposals submitted within a given 24-hour day are judged",
    ],
)
def test_batch_processed_reading(reading: str, square: int) -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted")],
        [draw("dice:p1", 1, 2, 4, at="2000-03-02T08:00:00Z")],
        settings={"batch_processed": reading},
    )
    report = run(data)
    assert report.state["Ann"]["square"] == square


# The checks: one line each.


def _bad(mutate: Any) -> dict[str, Any]:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted")],
        [admin_day(), draw("dice:p1", 1, 2, 4)],
    )
    mutate(data)
    return data


BAD = [
    (
        "votes",
        lambda d: d["matters"][0].update(
            votes=[{"voter": "Ben", "value": "Yay", "at": "2000-03-01T11:00:00Z"}]
        ),
        "no votes",
    ),
    (
        "buy off the board",
        lambda d: d["events"].append(event("2000-03-01T12:00:00Z", "buy", player="Ann", square=15)),
        "off the board",
    ),
    (
        "draw for an unknown matter",
        lambda d: d["events"].append(draw("dice:p9", 1)),
        "names no proposal",
    ),
    (
        "judged before sent",
        lambda d: d["matters"][0]["judgement"].update(at="2000-03-01T09:00:00Z"),
        "before the proposal was sent",
    ),
    (
        "unknown action",
        lambda d: d["events"].append(
            event("2000-03-01T12:00:00Z", "action", player="Ann", action="jump")
        ),
        "unknown action",
    ),
    (
        "a Brick too many for the seed's Upgrades (issue 27: Bricks are computed)",
        lambda d: d["events"].append(
            event(
                "2000-03-01T12:00:00Z",
                "action",
                player="Ann",
                action="buy an Upgrade",
                square=1,
                upgrade="Bricks",
            )
        ),
        "unknown Upgrade",
    ),
    (
        "an Upgrade that is a list, not a name",
        lambda d: d["game_state"].update(upgrades={"7": [[]]}),
        "expected a list of known Upgrades",
    ),
    ("the admin proposes", lambda d: d["matters"][0].update(author="Joel"), "not a player"),
    (
        "unknown judgement",
        lambda d: d["matters"][0]["judgement"].update(result="vetoed"),
        "unknown judgement",
    ),
    (
        "a fine of nothing",
        lambda d: d["events"].append(event("2000-03-01T12:00:00Z", "fine", player="Ann", amount=0)),
        "amount",
    ),
    (
        "unknown rule value",
        lambda d: d["matters"][0].update(changes={"quorum": 3}),
        "unknown rule value",
    ),
    ("unknown setting value", lambda d: d["settings"].update(in_part="maybe"), "not one of"),
    ("a die showing 7", lambda d: d["events"].append(draw("dice:p1:2", 7)), "faces"),
    ("wrong number of dice", lambda d: d["events"][1].update(result=[1, 2]), "threw 2 dice"),
    ("a roll recorded twice", lambda d: d["events"].append(draw("dice:p1", 1, 2, 4)), "already"),
    ("unknown matter kind", lambda d: d["matters"][0].update(kind="cfj"), "matter kind"),
    (
        "owned twice",
        lambda d: [p["state"].update(owns=[3]) for p in d["roster"][1:]],
        "already owned",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "message"), [(m, s) for _, m, s in BAD], ids=[i for i, _, _ in BAD]
)
def test_input_the_profile_does_not_know_is_one_line(mutate: Any, message: str) -> None:
    with pytest.raises(ProfileError) as exc:
        run(_bad(mutate))
    text = str(exc.value)
    assert message in text and "\n" not in text and "profile nomopoly" in text


def test_the_unmutated_archive_is_fine() -> None:
    assert PROFILE.check(read(_bad(lambda d: None))) == []


# The shipped example.


EXAMPLE_OUTCOMES = {
    "p1": ("accepted", 1, 3, "advance", None),
    "p2": ("accepted", 2, 3, "advance", None),
    "p3": ("replaced", None, None, None, "p4"),
    "p4": ("accepted in part", 3, 3, "advance", None),
    "p5": ("rejected", 1, 1, "retreat", None),
    "p6": ("accepted", 2, 3, "advance", None),
    "p7": ("accepted", 1, 3, "advance", None),
    "p8": ("accepted", 2, 3, "advance", None),
    "p9": ("rejected", 3, 1, "retreat", None),
    "p10": ("awaiting judgement", 1, None, None, None),
}


def _example() -> tuple[dict[str, Any], Report]:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data, run(data, now=data["demo"]["now"])


@pytest.mark.parametrize("pid", sorted(EXAMPLE_OUTCOMES), ids=lambda p: f"example {p}")
def test_example_outcomes(pid: str) -> None:
    _, report = _example()
    out = report.matters[pid]
    n = out.numbers
    got = (out.outcome, n["turn_order"], n["dice"], n["direction"], n["by"])
    assert got == EXAMPLE_OUTCOMES[pid]
    assert out.clause in _seed_words() or out.clause.startswith(clauses.JUDGE)


def test_example_books() -> None:
    data, report = _example()
    assert data["profile"] == "nomopoly" and data["format"] == "nomic-archive/2"
    assert PROFILE.check(read(data)) == []
    assert report.state == {
        "Ann": {
            "money": 51,
            "square": 16,
            "real_estate_guides": 0,
            "owns": [],
            "poorbox_due": False,
        },
        "Ben": {
            "money": 14,
            "square": 3,
            "real_estate_guides": 0,
            "owns": [8],
            "poorbox_due": False,
        },
        "Cat": {
            "money": 51,
            "square": 2,
            "real_estate_guides": 1,
            "owns": [],
            "poorbox_due": False,
        },
    }
    assert report.game_state["poorbox"] == 1 and report.game_state["board"] == 16
    assert [a["allowed"] for a in report.actions] == [True, False, True]
    assert report.rules_after_day == {"board": 16}
    assert report.game_end is None and report.winners == [] and report.warnings == []
    assert [d["at"] for d in report.due] == [
        "2000-03-02T08:30:00Z",
        "2000-03-03T08:30:00Z",
        "2000-03-04T09:30:00Z",
    ]


def test_example_matter_p10_waits_until_judged_and_nothing_else_changes_meanwhile() -> None:
    data, report = _example()
    assert report.matters["p10"].outcome == "awaiting judgement"
    assert run(data, now="2000-03-05T12:59:59Z").state == report.state
    # Issue 27: the example plays on for two weeks of days after demo.now.
    later = run(data, now="2000-04-01T00:00:00Z")
    assert later.matters["p10"].outcome == "accepted"


# Junk in: only a one-line ProfileError out.

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 20)
    | st.integers(-(10**6), 10**30)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "2000-03-01T10:00:00Z",
            "2000-03-03T00:00:00Z",
            "dice:p1",
            "dice:p2:2",
            "accepted",
            "accepted in part",
            "Ann",
            "Ben",
            "buy",
            "fine",
            "draw",
            "action",
            "admin_day",
            "trade_lapsed",
            "legal_threats",
            "name_squares",
            "Joel",
            "sell a square",
            "annex unused land",
            "buy an Upgrade",
            "Drain",
            "Disruptor",
            "Heaven",
            "connected",
            "chain",
            "all judged",
            "neither",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["default_dice", "add_squares", "name_squares", "7", "1"]),
            inner,
            max_size=2,
        )
    ),
    max_leaves=12,
)

FIELDS = [
    "changes", "accepted_changes", "upgrades", "names", "board", "verses", "default_dice",
    "poorbox", "owns", "square", "money", "real_estate_guides", "poorbox_due", "upgrade", "name",
    "amount", "what", "result", "action", "judgement", "player", "joined_at", "left_at",
    "in_part", "batch_processed", "block_gap", "diagonal", "type", "at", "by", "id",
    "name_squares", "details",
]  # fmt: skip


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        out += [(*prefix, k) for k in FIELDS if k not in value]
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


_BASE = json.loads(EXAMPLE.read_text(encoding="utf-8"))
_PATHS = [p for p in _paths(_BASE) if p]


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(_PATHS), _json), min_size=1, max_size=4),
    st.datetimes(
        min_value=datetime(1999, 1, 1), max_value=datetime(2001, 1, 1), timezones=st.just(UTC)
    ),
)
def test_junk_archives_give_only_one_line_profile_errors(
    changes: list[tuple[tuple[Any, ...], Any]], now: datetime
) -> None:
    data = copy.deepcopy(_BASE)
    for path, value in changes:
        target: Any = data
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        archive = archive_from_dict(data)
        PROFILE.check(archive)
        PROFILE.evaluate(archive, now, None)
    except ProfileError as exc:
        assert "\n" not in str(exc)
