"""Nomopoly IV (seed 002): scheduled events in due order, in Central time across
daylight-saving changes, applied as of their due time however late; actions judged when
taken; proposals' legality; the level-25 win. Ids quote the seed."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles.archive import archive_from_dict
from gamestate.profiles.core import ProfileError, Report
from gamestate.profiles.nomopoly_iv import PROFILE, clauses

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT / "rules_text" / "data" / "seeds" / "002_580ae568df44c2a3.txt"
EXAMPLE = ROOT / "wikibot" / "examples" / "nomopoly-iv.json"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


def game(
    as_of: str,
    players: dict[str, dict[str, Any]] | None = None,
    events: list[dict[str, Any]] | None = None,
    matters: list[dict[str, Any]] | None = None,
    settings: dict[str, Any] | None = None,
    **game_state: Any,
) -> dict[str, Any]:
    players = {"Ann": {}} if players is None else players
    return {
        "format": "nomic-archive/2",
        "profile": "nomopoly-iv",
        "settings": settings or {},
        "roster": [{"name": n, "roles": [], "state": s} for n, s in players.items()],
        "game_state": {"as_of": as_of, **game_state},
        "matters": matters or [],
        "events": events or [],
    }


def run(data: dict[str, Any], now: str, since: str | None = None) -> Report:
    archive = archive_from_dict(data)
    PROFILE.check(archive)
    return PROFILE.evaluate(archive, at(now), at(since) if since else None)


def due_times(report: Report, word: str) -> list[str]:
    return [d["at"] for d in report.due if word in d["event"]]


def nine_more(placed_at: str) -> list[dict[str, Any]]:
    """Nine ? Boxes on squares 81 to 89: "At all times, exactly 10 squares on the board
    will contain a "? box"", so a test of one box lists the other nine."""
    return [{"square": n, "placed_at": placed_at} for n in range(81, 90)]


# The seed's words.
@pytest.mark.parametrize("name", clauses.__all__)
def test_every_quote_is_the_seeds_words(name: str) -> None:
    seed = " ".join(SEED.read_text(encoding="utf-8").split())
    assert getattr(clauses, name) in seed


def test_the_profile_names_itself() -> None:
    assert (PROFILE.name, PROFILE.title, PROFILE.seed) == (
        "nomopoly-iv",
        "Nomopoly IV",
        "002_580ae568df44c2a3.txt",
    )


# Central time, daylight saving as America/Chicago has it.
JUMPS = "Every day at noon and midnight Central time"


@pytest.mark.parametrize(
    ("as_of", "now", "expected"),
    [
        pytest.param(
            "2024-03-09T12:00:00Z",
            "2024-03-11T12:00:00Z",
            [
                "2024-03-09T18:00:00Z",
                "2024-03-10T06:00:00Z",
                "2024-03-10T17:00:00Z",
                "2024-03-11T05:00:00Z",
            ],
            id=f"{JUMPS}: March, CST noon 18:00Z then CDT noon 17:00Z",
        ),
        pytest.param(
            "2024-11-02T12:00:00Z",
            "2024-11-04T12:00:00Z",
            [
                "2024-11-02T17:00:00Z",
                "2024-11-03T05:00:00Z",
                "2024-11-03T18:00:00Z",
                "2024-11-04T06:00:00Z",
            ],
            id=f"{JUMPS}: November, CDT midnight 05:00Z then CST noon 18:00Z",
        ),
        pytest.param(
            "2006-10-28T12:00:00Z",
            "2006-10-30T12:00:00Z",
            [
                "2006-10-28T17:00:00Z",
                "2006-10-29T05:00:00Z",
                "2006-10-29T18:00:00Z",
                "2006-10-30T06:00:00Z",
            ],
            id=f"{JUMPS}: October 2006, the zone's rules of the day",
        ),
    ],
)
def test_jumps_fall_due_at_noon_and_midnight_central(
    as_of: str, now: str, expected: list[str]
) -> None:
    report = run(game(as_of), now, as_of)
    assert due_times(report, "Jumps increased") == expected
    assert report.state["Ann"]["jumps"] == len(expected)


@pytest.mark.parametrize(
    ("now", "jumps"),
    [
        pytest.param("2024-03-10T16:59:59Z", 1, id=f"{JUMPS}: a second before CDT noon"),
        pytest.param("2024-03-10T17:00:00Z", 2, id=f"{JUMPS}: at CDT noon to the second"),
        pytest.param("2024-11-03T17:59:59Z", 1, id=f"{JUMPS}: a second before CST noon"),
        pytest.param("2024-11-03T18:00:00Z", 2, id=f"{JUMPS}: at CST noon to the second"),
    ],
)
def test_central_noon_to_the_second(now: str, jumps: int) -> None:
    as_of = "2024-03-10T00:00:00Z" if now.startswith("2024-03") else "2024-11-03T00:00:00Z"
    assert run(game(as_of), now).state["Ann"]["jumps"] == jumps


@pytest.mark.parametrize(
    ("start", "event", "jumps", "money", "fined"),
    [
        pytest.param(9, None, 0, 900, True, id="Jumps property is ever 10 or more: 9 + noon"),
        pytest.param(8, None, 9, 1000, False, id="increased by one: 8 + noon is 9, no fine"),
        pytest.param(
            6,
            {"action": "use Mushroom"},
            0,
            900,
            True,
            id="has his Jumps value increased by 3: 6 + noon + 3 is 10, fined at once",
        ),
    ],
)
def test_the_fine_at_ten_jumps(
    start: int, event: dict[str, Any] | None, jumps: int, money: int, fined: bool
) -> None:
    events = []
    if event is not None:
        events.append({"at": "2024-03-10T17:30:00Z", "type": "action", "player": "Ann", **event})
    data = game("2024-03-10T12:00:00Z", {"Ann": {"jumps": start, "money": 1000}}, events)
    report = run(data, "2024-03-10T18:00:00Z", "2024-03-10T12:00:00Z")
    state = report.state["Ann"]
    assert (state["jumps"], state["money"]) == (jumps, money)
    assert any("fined $100" in d["event"] for d in report.due) == (fined and event is None)
    if fined and event is None:
        # The increase and the fine apply at one instant, the increase first.
        kinds = [d["event"] for d in report.due]
        assert kinds.index(next(k for k in kinds if "Jumps increased" in k)) < kinds.index(
            next(k for k in kinds if "fined" in k)
        )


# Events falling due together.
INCOME = "Every day at noon Central, each player gains $50 for each Scientist"


@pytest.mark.parametrize(
    ("cool_downs_first", "money", "mode_at_noon"),
    [
        pytest.param(True, 1050, "Researching", id=f"{INCOME}: the cool down ends first"),
        pytest.param(False, 1000, "idle", id=f"{INCOME}: the income first (setting)"),
    ],
)
def test_a_cool_down_ending_at_noon(cool_downs_first: bool, money: int, mode_at_noon: str) -> None:
    # Issued at noon CDT, 24 hours later is noon CDT again: both fall due at 17:00:00Z.
    data = game(
        "2024-06-01T16:00:00Z",
        {"Ann": {"money": 1000, "scientists": 1}},
        [
            {
                "at": "2024-06-01T17:00:00Z",
                "type": "command",
                "player": "Ann",
                "command": "Research Breakthrough",
                "unit": "Scientist#1",
            },
            *[
                {
                    "at": f"2024-06-02T{h:02}:00:00Z",
                    "type": "draw",
                    "what": "cool down ended",
                    "due": f"2024-06-02T{h:02}:00:00Z",
                    "result": "SCV#9",
                }
                for h in range(17)
            ],
            *[
                {
                    "at": f"2024-06-01T{h:02}:00:00Z",
                    "type": "draw",
                    "what": "cool down ended",
                    "due": f"2024-06-01T{h:02}:00:00Z",
                    "result": "SCV#9",
                }
                for h in range(18, 24)
            ],
        ],
        settings={"cool_downs_first": cool_downs_first},
    )
    report = run(data, "2024-06-02T17:00:00Z", "2024-06-02T16:00:00Z")
    assert report.state["Ann"]["money"] == money
    assert report.state["Ann"]["scientists"] == {"Scientist#1": "Researching"}
    # Every hour it cooled down had its draw; none is needed once it has stopped.
    assert not [w for w in report.warnings if "cool down" in w]
    events = [d["event"] for d in report.due]
    first = next(i for i, e in enumerate(events) if "stops cooling down" in e)
    noon = next(i for i, e in enumerate(events) if "$50" in e)
    assert (first < noon) == cool_downs_first, mode_at_noon


COUNTER = "if the total number of Scientists Counter-Researching (regardless of owner) exceeds"


@pytest.mark.parametrize(
    ("ann", "ben", "ann_money", "ben_money"),
    [
        pytest.param(["C", "C"], ["R"], 1100, 975, id=f"{COUNTER}: 2 > 1, +25 and +25 each"),
        pytest.param(["C"], ["R"], 1025, 1000, id=f"{COUNTER}: 1 = 1, the $25 only"),
        pytest.param(["C"], ["R", "R"], 1025, 1000, id=f"{COUNTER}: 1 < 2, the $25 only"),
    ],
)
def test_counter_research_at_midnight(
    ann: list[str], ben: list[str], ann_money: int, ben_money: int
) -> None:
    modes = {"C": "Counter-Researching", "R": "Researching"}

    def sci(codes: list[str]) -> dict[str, str]:
        return {f"Scientist#{i + 1}": modes[c] for i, c in enumerate(codes)}

    data = game(
        "2024-06-01T18:00:00Z",
        {
            "Ann": {"money": 1000, "scientists": sci(ann)},
            "Ben": {"money": 1000, "scientists": sci(ben)},
        },
    )
    # Midnight CDT is 05:00Z; noon (17:00Z) not yet.
    report = run(data, "2024-06-02T05:00:00Z")
    assert (report.state["Ann"]["money"], report.state["Ben"]["money"]) == (ann_money, ben_money)


# Lazily applied: a draw recorded days late gives the same books as one on time.
FAIRY = "Every Sunday at noon GMT the Experience Fairy will appear on the board at a random square"


def _fairy_game(draw_at: str) -> dict[str, Any]:
    return game(
        "2024-05-31T23:00:00Z",
        {"Ann": {"square": 5}, "Ben": {"square": 9}},
        [
            {"at": draw_at, "type": "draw", "what": "Experience Fairy", "result": 9},
            {
                "at": "2024-06-02T13:00:00Z",
                "type": "action",
                "player": "Ann",
                "action": "Receive Teaching",
            },
            {
                "at": "2024-06-02T14:00:00Z",
                "type": "action",
                "player": "Ben",
                "action": "Receive Teaching",
            },
            {"at": draw_at, "type": "draw", "what": "Shop of Terror", "result": 4},
        ],
    )


@pytest.mark.parametrize(
    "draw_at",
    [
        pytest.param("2024-06-02T12:00:00Z", id=f"{FAIRY}: drawn on time"),
        pytest.param("2024-06-05T08:30:00Z", id=f"{FAIRY}: drawn three days late, same books"),
    ],
)
def test_processed_days_late_is_the_same_as_on_time(draw_at: str) -> None:
    report = run(_fairy_game(draw_at), "2024-06-06T00:00:00Z", "2024-05-31T00:00:00Z")
    assert [a["allowed"] for a in report.actions] == [False, True]
    assert "on square 5, the Fairy on 9" in report.actions[0]["reason"]
    # 25 experience at level 1: 10 of it make level 2, 15 is short of the next 20.
    assert report.state["Ben"]["experience"] == 15 and report.state["Ben"]["level"] == 2
    assert "Experience Fairy appears on square 9" in [d["event"] for d in report.due]
    assert report.game_state["shop_square"] == 4
    assert not report.warnings


def test_before_a_late_draw_is_recorded_the_event_awaits_it() -> None:
    report = run(
        _fairy_game("2024-06-05T08:30:00Z"), "2024-06-03T00:00:00Z", "2024-06-01T00:00:00Z"
    )
    assert "Experience Fairy appears (awaiting its draw)" in [d["event"] for d in report.due]
    assert any("await their draw" in w for w in report.warnings)


TEACHING = 'If no one performs the "Receive Training" within 1 day of the Fairy coming'


@pytest.mark.parametrize(
    ("taught", "allowed"),
    [
        pytest.param("2024-06-02T11:59:59Z", False, id=f"{FAIRY}: a second before she comes"),
        pytest.param("2024-06-02T12:00:00Z", True, id=f"{FAIRY}: the instant she comes"),
        pytest.param("2024-06-03T11:59:59Z", True, id=f"{TEACHING}: a second inside the day"),
        pytest.param("2024-06-03T12:00:00Z", False, id=f"{TEACHING}: at 24 hours she is gone"),
    ],
)
def test_the_fairys_day(taught: str, allowed: bool) -> None:
    data = game(
        "2024-06-01T00:00:00Z",
        events=[
            {"at": "2024-06-02T12:00:00Z", "type": "draw", "what": "Experience Fairy", "result": 3},
            {"at": taught, "type": "action", "player": "Ann", "action": "Receive Teaching"},
        ],
    )
    report = run(data, "2024-06-04T00:00:00Z", "2024-06-01T00:00:00Z")
    assert report.actions[0]["allowed"] is allowed
    assert report.state["Ann"]["experience"] == (15 if allowed else 0)
    returns = "Experience Fairy returns to his realm (no one was taught)"
    assert (returns in [d["event"] for d in report.due]) is not allowed


def test_only_the_first_is_taught() -> None:
    data = game(
        "2024-06-01T00:00:00Z",
        {"Ann": {}, "Ben": {}},
        [
            {"at": "2024-06-02T12:00:00Z", "type": "draw", "what": "Experience Fairy", "result": 3},
            {
                "at": "2024-06-02T13:00:00Z",
                "type": "action",
                "player": "Ann",
                "action": "Receive Teaching",
            },
            {
                "at": "2024-06-02T13:00:00Z",
                "type": "action",
                "player": "Ben",
                "action": "Receive Teaching",
            },
        ],
    )
    assert [a["allowed"] for a in run(data, "2024-06-04T00:00:00Z").actions] == [True, False]


# ? Boxes, to the second.
BOX = "If a ? Box remains unopened on the board for 5 consecutive days (120 hours)"


@pytest.mark.parametrize(
    ("now", "opened"),
    [
        pytest.param("2024-06-06T09:59:59Z", False, id=f"{BOX}: a second short"),
        pytest.param("2024-06-06T10:00:00Z", True, id=f"{BOX}: at 120 hours to the second"),
    ],
)
def test_the_dark_lord_opens_a_box_at_120_hours(now: str, opened: bool) -> None:
    data = game(
        "2024-06-01T10:00:01Z",  # the other nine boxes placed a second after
        events=[
            {"at": "2024-06-06T10:00:00Z", "type": "draw", "what": "? Box placed", "result": 44},
            {"at": "2024-06-06T10:00:00Z", "type": "draw", "what": "? Box item", "result": "Coin"},
        ],
        boxes=[{"square": 12, "placed_at": "2024-06-01T10:00:00Z"}]
        + nine_more("2024-06-01T10:00:01Z"),
        market=[
            {"item": "Coin", "price": 300, "seller": "Ben"},
            {"item": "Coin", "price": 250, "seller": "Cy"},
        ],
    )
    report = run(data, now, "2024-06-01T10:00:00Z")
    squares = [b["square"] for b in report.game_state["boxes"] if b["square"] < 81]
    assert squares == ([44] if opened else [12])
    sale = {"item": "Coin", "price": 249, "seller": "the Dark Lord"}
    assert (sale in report.game_state["market"]) is opened


@pytest.mark.parametrize(
    ("taken", "allowed"),
    [
        pytest.param("2024-06-06T09:59:59Z", True, id=f"{BOX}: taken a second before"),
        pytest.param("2024-06-06T10:00:00Z", False, id=f"{BOX}: at 120 hours the Dark Lord has it"),
    ],
)
def test_taking_the_item_before_the_dark_lord(taken: str, allowed: bool) -> None:
    data = game(
        "2024-06-01T10:00:01Z",
        events=[
            {
                "at": taken,
                "type": "action",
                "player": "Ann",
                "action": "take the item",
                "square": 12,
            },
            {"at": "2024-06-06T10:00:00Z", "type": "draw", "what": "? Box placed", "result": 44},
        ],
        boxes=[{"square": 12, "placed_at": "2024-06-01T10:00:00Z"}]
        + nine_more("2024-06-01T10:00:01Z"),
    )
    report = run(data, "2024-06-07T00:00:00Z")
    assert report.actions[0]["allowed"] is allowed


# Victory.
WIN = "If any player's level is 25 or higher, that player is declared the winner."
TIE = "the player with the highest level is declared the winner"
EXP = "who has the highest experience is declared the winner"
ALL = "if multiple players would still be declared winner, they all are"


def _gains(n: str, how: str, kills: int) -> dict[str, Any]:
    base = {"at": "2024-06-01T13:00:00Z", "player": n}
    if how == "jump":
        return {**base, "type": "action", "action": "jump", "distance": 1}
    killed = [f"Fort#{i}" for i in range(1, kills + 1)]
    return {
        **base,
        "type": "command",
        "command": "Attack",
        "unit": "Guard Tower#1",
        "killed": killed,
    }


@pytest.mark.parametrize(
    ("gains", "winners"),
    [
        pytest.param({"Ann": ("jump", 0), "Ben": ("none", 0)}, ["Ann"], id=f"{WIN}: Ann jumps"),
        pytest.param(
            {"Ann": ("jump", 0), "Ben": ("kill", 13)},
            ["Ben"],
            id=f"{TIE}: Ben's 13 buildings make 26 at that instant",
        ),
        pytest.param(
            {"Ann": ("jump", 0), "Ben": ("kill", 1)},
            ["Ben"],
            id=f"{EXP}: both 25, Ben's 19 over Ann's 0",
        ),
        pytest.param(
            {"Ann": ("jump", 0), "Ben": ("jump", 0)}, ["Ann", "Ben"], id=f"{ALL}: both 25 with 0"
        ),
        pytest.param({"Ann": ("none", 0), "Ben": ("none", 0)}, [], id=f"{WIN}: nobody at 25"),
    ],
)
def test_level_25_and_its_tie_breaks(gains: dict[str, tuple[str, int]], winners: list[str]) -> None:
    # Both stand at level 24 with 239 experience (240 makes 25): what each gains at
    # 13:00:00 falls at one instant, so the win is judged over both.
    state = {n: {"level": 24, "experience": 239, "jumps": 1} for n in gains}
    events = [_gains(n, how, k) for n, (how, k) in gains.items() if how != "none"]
    report = run(game("2024-06-01T12:00:00Z", state, events), "2024-06-01T14:00:00Z")
    assert report.winners == winners
    assert report.achieved == {w: "level 25 or higher" for w in winners}


def test_a_player_at_25_from_the_start_has_won() -> None:
    data = game("2024-06-01T00:00:00Z", {"Ann": {"level": 25}, "Ben": {"level": 24}})
    assert run(data, "2024-06-01T00:00:01Z").winners == ["Ann"]


# Proposals: no voting rule, legality only.
DEAD = "If a player is dead, he may not make any proposals"
REPEALED = "Remove rule XV.2 (regarding limiting the number of voluntary actions"


@pytest.mark.parametrize(
    ("state", "outcome"),
    [
        pytest.param({"level": 0}, "not allowed", id=f"{DEAD}: level 0 is death"),
        pytest.param({"level": -2}, "not allowed", id=f"{DEAD}: a negative level"),
        pytest.param({"alive": False}, "not allowed", id=f"{DEAD}: alive false, no level"),
        pytest.param({"level": 1}, "allowed", id=f"{DEAD}: level 1 is alive"),
    ],
)
def test_the_dead_may_not_propose(state: dict[str, Any], outcome: str) -> None:
    data = game(
        "2024-06-01T00:00:00Z",
        {"Ann": state},
        matters=[
            {"id": "p1", "kind": "proposal", "author": "Ann", "posted_at": "2024-06-01T10:00:00Z"}
        ],
        implemented={"p1": "2024-06-02T10:00:00Z"},
    )
    verdict = run(data, "2024-06-03T00:00:00Z").matters["p1"]
    assert verdict.outcome == outcome
    assert verdict.clause == clauses.DEAD_MAY_NOT_PROPOSE
    assert verdict.next_change is None
    assert verdict.numbers["implemented_at"] == "2024-06-02T10:00:00Z"


def test_a_dead_player_who_levels_up_may_propose_again() -> None:
    # Level 0: 1 experience makes a level ("replaces by '1'"); a jump gives it.
    data = game(
        "2024-06-01T00:00:00Z",
        {"Ann": {"level": 0, "jumps": 2}},
        [
            {
                "at": "2024-06-01T09:00:00Z",
                "type": "action",
                "player": "Ann",
                "action": "jump",
                "distance": 2,
            }
        ],
        matters=[
            {
                "id": "early",
                "kind": "proposal",
                "author": "Ann",
                "posted_at": "2024-06-01T08:00:00Z",
            },
            {
                "id": "late",
                "kind": "proposal",
                "author": "Ann",
                "posted_at": "2024-06-01T10:00:00Z",
            },
        ],
    )
    report = run(data, "2024-06-01T11:00:00Z")
    assert [report.matters[i].outcome for i in ("early", "late")] == ["not allowed", "allowed"]


def test_the_repealed_limit_sets_no_cap() -> None:
    matters = [
        {
            "id": f"p{i}",
            "kind": "proposal",
            "author": "Ann",
            "posted_at": f"2024-06-01T{i // 60:02}:{i % 60:02}:00Z",
        }
        for i in range(31)
    ]
    report = run(game("2024-06-01T00:00:00Z", matters=matters), "2024-06-02T00:00:00Z")
    assert {v.outcome for v in report.matters.values()} == {"allowed"}
    assert REPEALED in report.matters["p30"].reason


# Readings pinned by settings.
SHOP = "Every Saturday at midnight GMT the Dark Lords Shop of Terror"


@pytest.mark.parametrize(
    ("reading", "moves_at"),
    [
        pytest.param("00:00 Saturday", "2024-06-08T00:00:00Z", id=f"{SHOP}: Saturday begins"),
        pytest.param("00:00 Sunday", "2024-06-09T00:00:00Z", id=f"{SHOP}: Saturday ends"),
    ],
)
def test_saturday_midnight(reading: str, moves_at: str) -> None:
    data = game("2024-06-03T00:00:00Z", settings={"saturday_midnight": reading})
    report = run(data, "2024-06-10T00:00:00Z", "2024-06-03T00:00:00Z")
    assert due_times(report, "Shop of Terror") == [moves_at]


SAME = "A player may, at any time, choose to jump"


@pytest.mark.parametrize(
    ("reading", "allowed"),
    [
        pytest.param("scheduled first", True, id=f"{SAME}: at noon, after the noon Jump"),
        pytest.param("recorded first", False, id=f"{SAME}: at noon, before the noon Jump"),
    ],
)
def test_an_action_at_the_instant_an_event_falls_due(reading: str, allowed: bool) -> None:
    data = game(
        "2024-06-01T12:00:00Z",
        events=[
            {
                "at": "2024-06-01T17:00:00Z",
                "type": "action",
                "player": "Ann",
                "action": "jump",
                "distance": 1,
            }
        ],
        settings={"same_instant": reading},
    )
    assert run(data, "2024-06-01T18:00:00Z").actions[0]["allowed"] is allowed


# Commands and cool-downs.
COOL = "may not be issued another command until the cool down time for the command"
HOURLY = "Every hour on the hour one randomly selected unit or building which is cooling down"


@pytest.mark.parametrize(
    ("second", "draw", "allowed"),
    [
        pytest.param("2024-06-02T09:59:59Z", None, False, id=f"{COOL}: a second short of 24 h"),
        pytest.param("2024-06-02T10:00:00Z", None, True, id=f"{COOL}: at 24 hours"),
        pytest.param("2024-06-01T11:00:00Z", "Scientist#1", True, id=f"{HOURLY}: drawn at 11"),
        pytest.param("2024-06-01T11:00:00Z", "SCV#7", False, id=f"{HOURLY}: another unit drawn"),
    ],
)
def test_cool_downs_and_the_hourly_end(second: str, draw: str | None, allowed: bool) -> None:
    events: list[dict[str, Any]] = [
        {
            "at": "2024-06-01T10:00:00Z",
            "type": "command",
            "player": "Ann",
            "command": "Counter Research",
            "unit": "Scientist#1",
        },
        {
            "at": second,
            "type": "command",
            "player": "Ann",
            "command": "Research Breakthrough",
            "unit": "Scientist#1",
        },
    ]
    if draw is not None:
        events.append(
            {
                "at": "2024-06-01T11:00:00Z",
                "type": "draw",
                "what": "cool down ended",
                "result": draw,
            }
        )
    report = run(
        game("2024-06-01T00:00:00Z", {"Ann": {"scientists": 1}}, events),
        "2024-06-01T12:00:00Z" if draw else "2024-06-02T10:00:00Z",
    )
    assert report.actions[1]["allowed"] is allowed
    if allowed:
        # Researching stopped nothing; Counter-Researching began when it stopped cooling.
        assert "cooling down until" in report.actions[1]["reason"]


def test_refine_goods_pays_110_percent_when_it_finishes_cooling_down() -> None:
    events = [
        {
            "at": "2024-06-01T10:00:00Z",
            "type": "command",
            "player": "Ann",
            "command": "Refine Goods",
            "unit": "Refinery#1",
            "amount": 500,
        },
    ]
    data = game("2024-06-01T09:00:00Z", {"Ann": {"money": 1000, "units": ["Refinery#1"]}}, events)
    before = run(data, "2024-06-03T09:59:59Z")
    assert before.state["Ann"]["money"] == 500
    assert "a random unit's cool down ended (awaiting its draw)" in [
        d["event"] for d in run(data, "2024-06-01T11:00:00Z", "2024-06-01T10:00:00Z").due
    ]
    after = run(data, "2024-06-03T10:00:00Z")
    assert after.state["Ann"]["money"] == 1050


def test_next_due_is_the_first_event_after_now() -> None:
    report = run(game("2024-11-02T12:00:00Z"), "2024-11-03T05:00:00Z", "2024-11-03T04:00:00Z")
    assert [{"at": d["at"], "event": d["event"]} for d in report.due] == [
        {
            "at": "2024-11-03T05:00:00Z",
            "event": "each player's Jumps increased by one (midnight Central)",
        },
        {
            "at": "2024-11-03T05:00:00Z",
            "event": "$25 for each Scientist Counter-Researching (midnight Central)",
        },
    ]
    assert report.next_due == {
        "at": "2024-11-03T12:00:00Z",
        "event": "Experience Fairy appears",
    }


FORT = "For a period of 1 week starting from when this proposal is implemented"


@pytest.mark.parametrize(
    ("when", "allowed"),
    [
        pytest.param("2024-06-01T09:59:59Z", False, id=f"{FORT}: before it is implemented"),
        pytest.param("2024-06-08T09:59:59Z", True, id=f"{FORT}: the last second of the week"),
        pytest.param("2024-06-08T10:00:00Z", False, id=f"{FORT}: a week on"),
    ],
)
def test_the_fort_week(when: str, allowed: bool) -> None:
    data = game(
        "2024-06-01T00:00:00Z",
        {"Ann": {"money": 2000}},
        [{"at": when, "type": "action", "player": "Ann", "action": "gain a new fort"}],
        implemented={"Extend the board to 90 squares": "2024-06-01T10:00:00Z"},
    )
    report = run(data, "2024-06-09T00:00:00Z", "2024-06-01T00:00:00Z")
    assert report.actions[0]["allowed"] is allowed
    # 16 Jumps in the 8 days: one fine of $100 at 10.
    assert report.state["Ann"]["money"] == (650 if allowed else 1900)
    assert due_times(report, "new fort") == ["2024-06-08T10:00:00Z"]


# One-line errors.
@pytest.mark.parametrize(
    ("event", "words"),
    [
        pytest.param({"type": "vote"}, "unknown event type 'vote'", id="an unknown event type"),
        pytest.param(
            {"type": "action", "player": "Ann", "action": "take a turn"},
            "unknown action 'take a turn'",
            id="an unknown action",
        ),
        pytest.param(
            {"type": "command", "player": "Ann", "command": "Move", "unit": "Dragon#1"},
            "unknown unit 'Dragon#1'",
            id="an unknown unit",
        ),
        pytest.param(
            {"type": "command", "player": "Ann", "command": "Fly", "unit": "SCV#1"},
            "unknown command 'Fly'",
            id="an unknown command",
        ),
        pytest.param(
            {"type": "draw", "what": "dice", "result": 3},
            "unknown draw 'dice'",
            id="an unknown draw",
        ),
        pytest.param(
            {"type": "action", "player": "Zed", "action": "jump"},
            "'Zed' is not a player",
            id="a stranger's action",
        ),
    ],
)
def test_unknown_input_is_a_one_line_error(event: dict[str, Any], words: str) -> None:
    data = game("2024-06-01T00:00:00Z", events=[{"at": "2024-06-01T01:00:00Z", **event}])
    with pytest.raises(ProfileError) as caught:
        run(data, "2024-06-02T00:00:00Z")
    message = str(caught.value)
    assert words in message and "\n" not in message and "nomopoly-iv" in message


# The example archive.
def test_the_example_gives_its_results() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    report = run(data, data["demo"]["now"], data["demo"]["since"])
    assert {k: v.outcome for k, v in report.matters.items()} == {
        "p1": "not allowed",
        "p2": "allowed",
        "p3": "allowed",  # then retracted: its reason and retracted_at say so
    }
    allowed = [a["allowed"] for a in report.actions]
    assert (
        allowed
        == [True, False]
        + [True, False]  # a Refinery; a second on its square ("only one Refinery")
        + [True] * 3  # Research, a Duck Pond, Fertile Season
        + [True, True, False]
        + [True] * 5
        + [False]  # Ann's Refine Goods off the Refinery's square
        + [True]
        + [True]  # Ben's Uncharged Soul Gem, without a Ghost
        + [
            True,  # a Ghost
            True,  # a Star Egg
            False,  # the Star Egg again within 7 days
            True,  # a Force Field on Ann's square
            True,  # Ben's jump while invisible
            False,  # Dee's jump to it
        ]
        + [True] * 3  # Echo, and Move twice
        + [True, True, True]  # Empathy, a Warrior's attack, the Guard Tower's
        + [False, True]  # a Laser Howitzer out of range, Spell Shield
        + [True, False]  # Ann's fort; an attack on the Spell-Shielded Musketeer
        + [True, True, False]  # a kill, Bombard; Orison on the Spell-Shielded Musketeer
        + [True, False]  # Heal Area; a second Wall on Dee's Wall's square
        + [True, True]  # Repair, Upgrade to SCV
        + [False, True]  # a Move onto Dee's square, then one beside
        + [True]  # Dee's Guard Tower kills Ann's Laboratory: its Scientist stops Researching
        + [True]  # Ann's Scientist moved off the destroyed Laboratory's square
        + [False, False]  # Dee's Warrior: Ride Railway with no Railway, Teleport far off
        + [False]  # Ann's Scientist's Research, no Laboratory on its square
        + [True]  # Dee's Fire Flower
        + [True, True]  # Cy's Wilt Shroom; 2 Rotten Mushes for a Force Field
        + [False, True]  # Ann's Fort on Ben's Teleporter's square; the Teleporter to 12
        + [True, False]  # Ben's Fort; Ann's jump to her own square
        + [False, False]  # Ben's attack behind Dee's Wall; a Power Drain 7 squares off
        + [True, True]  # Ben's Monk teleported free; Ann's Charged Soul Gem on Teleporter#2
    )
    assert report.winners == ["Dee"]
    # Ben: $300 for the Coin he gave Dee, $100 for a Duck Pond; Dee: $300 asked, $399 to
    # the Dark Lord.
    # Ann paid Ben $100 for his Teleporter; Ben built a Fort for $1000.
    assert report.state["Ben"]["money"] == 775 + 300 - 100 + 100 - 1000
    assert report.state["Ben"]["units"]["Fort#1"]["square"] == 35
    assert report.state["Dee"]["money"] == 1200 - 300 - 399 - 10  # and a Repair
    # Cy's Imping Stick became an Uncharged Soul Gem; the Mushes lost.
    assert report.state["Cy"]["items"] == {"Force Field": 1, "Uncharged Soul Gem": 1}
    assert report.state["Dee"]["items"] == {"Coin": 2}
    assert report.state["Cy"]["money"] == -10
    # Ann: a Refinery for $750, $350 mined with Super Mining on it, a pie of $272 (a tenth
    # of $2720), safecracked a Mushroom, her Scientist moved off its Laboratory.
    assert report.state["Ann"]["money"] == 1925 - 750 + 350 - 272 - 100  # and a Teleporter
    assert report.state["Ann"]["items"] == {"Mushroom": 1}  # the Charged Soul Gem used
    assert report.state["Ann"]["square"] == 12  # pushed to 31, then teleported
    assert report.state["Ann"]["scientists"] == {"Scientist#1": "idle"}
    assert report.state["Ann"]["units"]["Scientist#1"]["square"] == 48  # off Laboratory#1's 49
    # Laboratory#1 recorded killed by Dee's Guard Tower: gone, +20 experience for a building.
    assert "Laboratory#1" not in report.state["Ann"]["units"]
    assert report.state["Dee"]["experience"] == 40
    assert report.state["Dee"]["cooling_down"] == {}  # its cool-down ended at random at 00:00
    # The pie's $272 in, half of $275 ($137, rounded down) to the Duck Pond's square 30.
    assert report.game_state["bank_account_of_terror"] == 3 + 272 - 137 + 399
    resources = report.game_state["resources"]
    assert (resources["12"], resources["30"], resources["44"]) == (3000 + 1000, 137, 4750)
    assert len(resources) == 3 + 30  # squares 61 to 90 drawn when the board was extended
    assert report.game_state["rber_ducky"] == 30
    assert report.game_state["shop_square"] == 21
    # Ten boxes: eight more listed at the start, and the two placed in play.
    assert [b["square"] for b in report.game_state["boxes"]] == [2, 3, 4, 5, 6, 8, 9, 10, 7, 61]
    # The demo's window spans the end of daylight saving: midnight CDT, noon CST.
    assert due_times(report, "Jumps increased") == [
        "2006-10-29T05:00:00Z",
        "2006-10-29T18:00:00Z",
        "2006-10-30T06:00:00Z",
        "2006-10-30T18:00:00Z",
    ]
    assert report.warnings == []


# Junk archives: a report or one line, never a traceback.
_times = st.sampled_from(
    ["2024-06-01T00:00:00Z", "2024-06-02T12:00:00Z", "2024-06-08T00:00:00Z", "nope", 7, None]
)
_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.text(max_size=8),
    _times,
    st.sampled_from(
        [
            "Scientist#1",
            "SCV#1",
            "jump",
            "Receive Teaching",
            "Mine",
            "? Box placed",
            "cool down ended",
            "Researching",
            "Ann",
        ]
    ),
)
_records = st.dictionaries(
    st.sampled_from(
        [
            "at",
            "type",
            "player",
            "action",
            "command",
            "unit",
            "amount",
            "distance",
            "what",
            "result",
            "due",
            "square",
            "new",
            "killed",
            "target",
        ]
    ),
    st.one_of(_values, st.lists(_values, max_size=2)),
    max_size=7,
)
_junk = st.fixed_dictionaries(
    {
        "format": st.just("nomic-archive/2"),
        "profile": st.just("nomopoly-iv"),
        "roster": st.lists(
            st.fixed_dictionaries(
                {
                    "name": st.sampled_from(["Ann", "Ben"]),
                    "state": st.dictionaries(
                        st.sampled_from(
                            [
                                "level",
                                "experience",
                                "jumps",
                                "money",
                                "alive",
                                "scientists",
                                "units",
                                "cooling_down",
                                "square",
                            ]
                        ),
                        st.one_of(
                            _values,
                            st.lists(_values, max_size=2),
                            st.dictionaries(st.text(max_size=12), _values, max_size=2),
                        ),
                        max_size=4,
                    ),
                }
            ),
            max_size=2,
        ),
        "game_state": st.dictionaries(
            st.sampled_from(
                ["as_of", "implemented", "boxes", "shop_square", "market", "experience_fairy"]
            ),
            st.one_of(_values, st.lists(_records, max_size=2), _records),
            max_size=3,
        ),
        "matters": st.lists(_records, max_size=2),
        "events": st.lists(
            st.one_of(
                _records,
                st.fixed_dictionaries(
                    {
                        "at": _times,
                        "type": st.sampled_from(["action", "command", "draw", "fine"]),
                        "player": st.sampled_from(["Ann", "Ben"]),
                    },
                    optional={
                        "action": _values,
                        "command": _values,
                        "unit": _values,
                        "what": _values,
                        "result": _values,
                        "amount": _values,
                        "distance": _values,
                    },
                ),
            ),
            max_size=5,
        ),
    },
    optional={
        "settings": st.dictionaries(
            st.sampled_from(["timezone", "saturday_midnight", "same_instant", "cool_downs_first"]),
            _values,
            max_size=2,
        )
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_junk)
def test_junk_archives_give_a_report_or_one_line(data: dict[str, Any]) -> None:
    try:
        archive = archive_from_dict(data)
        PROFILE.check(archive)
        report = PROFILE.evaluate(archive, at("2024-06-09T00:00:00Z"), at("2024-06-01T00:00:00Z"))
    except ProfileError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert report.profile == "nomopoly-iv"


@pytest.mark.parametrize(
    ("now", "refused"),
    [("2020-01-16T00:00:00Z", False), ("2020-01-17T00:00:00Z", True)],
    ids=["exactly 7320 days after the start", "7321 days"],
)
def test_at_most_twenty_years_of_scheduled_events_are_applied(now: str, refused: bool) -> None:
    from gamestate.profiles.nomopoly_iv.checks import check_archive

    archive = archive_from_dict(game("2000-01-01T00:00:00Z"))
    if not refused:
        check_archive(archive, at(now))
        return
    with pytest.raises(ProfileError) as raised:
        check_archive(archive, at(now))
    assert "game_state.as_of: the game starts at 2000-01-01T00:00:00Z, more than 7320" in str(
        raised.value
    )
    assert "ask for an earlier instant" in str(raised.value) and "\n" not in str(raised.value)
