"""Nomopoly IV (issue 28): what a square holds, computed from the squares the books track
-- one Laboratory, Guard Tower, Wall, Refinery and railway a square, a Railway's square
kept for its owner's buildings, Refine Goods on a Refinery, a Scientist's Laboratory
(issued there, left by any move, lost when it is destroyed), Ride Railway from its
owner's railway, Teleport from and to a Teleporter's reach -- and the experience of a
recorded kill, never for the issuer's own unit. Ids quote the seed at each boundary."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv import hp_clauses as hc
from tests.gamestate.profiles.test_nomopoly_iv import run
from tests.gamestate.profiles.test_nomopoly_iv_combat import LATER, NOW, T0, cmd, two

# On the 5-column board square 6 is beside 7 and 11; 7 is beside 12; 13 is 3 from 6.
SCV = {"SCV#1": {"square": 6}}


def verdict(ann: dict[str, Any], ben: dict[str, Any], *events: dict[str, Any]) -> Any:
    return run(two(ann, ben, list(events)), NOW)


# One of a building a square; a Railway's square.


@pytest.mark.parametrize(
    "command, ann, ben, clause",
    [
        pytest.param(
            "Build Laboratory",
            {"Laboratory#1": {"square": 6}},
            {},
            hc.ONE_LABORATORY,
            id=f"{hc.ONE_LABORATORY} a second refused",
        ),
        pytest.param(
            "Build Laboratory",
            {"Laboratory#1": {"square": 7}},
            {},
            None,
            id=f"{hc.ONE_LABORATORY} the first on square 6 allowed (the other is on 7)",
        ),
        pytest.param(
            "Build Guard Tower",
            {"Guard Tower#1": {"square": 6}},
            {},
            hc.ONE_GUARD_TOWER,
            id=f"{hc.ONE_GUARD_TOWER}: a second refused",
        ),
        pytest.param(
            "Build Guard Tower", {}, {}, None, id=f"{hc.ONE_GUARD_TOWER}: the first allowed"
        ),
        pytest.param(
            "Build Wall", {"Wall#1": {"square": 6}}, {}, hc.ONE_WALL, id=f"{hc.ONE_WALL}: a second"
        ),
        pytest.param(
            "Build Wall", {"Wall#1": {"square": 11}}, {}, None, id=f"{hc.ONE_WALL}: the first"
        ),
        pytest.param(
            "Build Railway",
            {"Railway#1": {"square": 6}},
            {},
            hc.ONE_RAILWAY_A_SQUARE,
            id=f"{hc.ONE_RAILWAY_A_SQUARE} her own railway there",
        ),
        pytest.param(
            "Build Railway",
            {},
            {"Railway#1": {"square": 6}},
            hc.ONE_RAILWAY_A_SQUARE,
            id=f"{hc.ONE_RAILWAY_A_SQUARE} Ben's railway there",
        ),
        pytest.param(
            "Build Railway", {}, {}, None, id=f"{hc.ONE_RAILWAY_A_SQUARE} the first allowed"
        ),
        pytest.param(
            "Build Refinery",
            {"Refinery#1": {"square": 6}},
            {},
            clauses.ONE_REFINERY,
            id=f"{clauses.ONE_REFINERY} one listed in the roster with its square",
        ),
        pytest.param(
            "Build Fort",
            {},
            {"Railway#1": {"square": 6}},
            hc.RAILWAY_OWNER,
            id=f"{hc.RAILWAY_OWNER} Ben's Railway: Ann's Fort refused",
        ),
        pytest.param(
            "Build Fort",
            {"Railway#1": {"square": 6}},
            {},
            None,
            id=f"{hc.RAILWAY_OWNER} her own Railway: allowed",
        ),
        pytest.param(
            "Build Laboratory",
            {},
            {"Railway#1": {"square": 7}},
            None,
            id=f"{hc.RAILWAY_OWNER} Ben's Railway next door: allowed",
        ),
    ],
)
def test_one_building_a_square(
    command: str, ann: dict[str, Any], ben: dict[str, Any], clause: str | None
) -> None:
    report = verdict({**SCV, **ann}, ben, cmd(LATER, "Ann", command, "SCV#1"))
    got = report.actions[0]
    assert got["allowed"] is (clause is None), got["reason"]
    if clause is not None:
        assert got["clause"] == clause
        assert report.state["Ann"]["money"] == 5000  # a refused command changes nothing
        assert set(report.state["Ann"]["units"]) == {"SCV#1", *ann}
    else:
        assert "not checked" not in got["reason"]


def test_the_first_laboratory_on_a_square_allowed_the_second_refused() -> None:
    report = verdict(
        {**SCV, "SCV#2": {"square": 6}},
        {},
        cmd(T0, "Ann", "Build Laboratory", "SCV#1"),
        cmd(LATER, "Ann", "Build Laboratory", "SCV#2"),
    )
    assert [a["allowed"] for a in report.actions] == [True, False]
    assert report.actions[1]["clause"] == hc.ONE_LABORATORY
    assert report.state["Ann"]["money"] == 4000


@pytest.mark.parametrize(
    "ann, ben, said",
    [
        pytest.param({"SCV#1": {}}, {}, "SCV#1's square is not recorded", id="the SCV's square"),
        pytest.param(
            {"Laboratory#1": {}},
            {},
            "Ann's Laboratory#1 has no square recorded",
            id=f"{hc.ONE_LABORATORY}: her Laboratory's square not recorded",
        ),
        pytest.param(
            {},
            {"Railway#1": {}},
            "Ben's Railway#1 has no square recorded",
            id=f"{hc.RAILWAY_OWNER}: Ben's Railway's square not recorded",
        ),
    ],
)
def test_a_square_not_recorded_is_said_not_guessed(
    ann: dict[str, Any], ben: dict[str, Any], said: str
) -> None:
    report = verdict({**SCV, **ann}, ben, cmd(LATER, "Ann", "Build Laboratory", "SCV#1"))
    got = report.actions[0]
    assert got["allowed"] is True
    assert "not checked" in got["reason"] and said in got["reason"]


# Refine Goods.


@pytest.mark.parametrize(
    "unit, refinery, allowed",
    [
        pytest.param("SCV#1", 6, True, id=f"{hc.REFINE_ON_REFINERY}: on the Refinery's square"),
        pytest.param("SCV#1", 7, False, id=f"{hc.REFINE_ON_REFINERY}: one square off"),
        pytest.param("Refinery#1", 7, True, id="Can be Issued to: Refinery"),
    ],
)
def test_refine_goods_on_a_refinery(unit: str, refinery: int, allowed: bool) -> None:
    report = verdict(
        {**SCV, "Refinery#1": {"square": refinery}},
        {},
        cmd(LATER, "Ann", "Refine Goods", unit, amount=100),
    )
    got = report.actions[0]
    assert got["allowed"] is allowed, got["reason"]
    assert report.state["Ann"]["money"] == (4900 if allowed else 5000)
    if not allowed:
        assert got["clause"] == hc.REFINE_ON_REFINERY


# Scientists and Laboratories.


def scientist(square: int | None, **more: dict[str, Any]) -> dict[str, Any]:
    body = {} if square is None else {"square": square}
    return {"Scientist#1": body, "Laboratory#1": {"square": 6}, **more}


def with_mode(data: dict[str, Any], mode: str) -> dict[str, Any]:
    data["roster"][0]["state"]["scientists"] = {"Scientist#1": mode}
    return data


@pytest.mark.parametrize("command", ["Research Breakthrough", "Counter Research"])
@pytest.mark.parametrize(
    "square, allowed",
    [
        pytest.param(6, True, id=f"{hc.SCIENTIST_ON_LABORATORY} on it"),
        pytest.param(7, False, id=f"{hc.SCIENTIST_ON_LABORATORY} beside it"),
    ],
)
def test_research_is_issued_on_a_laboratory(command: str, square: int, allowed: bool) -> None:
    data = with_mode(
        two(scientist(square), {}, [cmd(LATER, "Ann", command, "Scientist#1")]), "idle"
    )
    got = run(data, NOW).actions[0]
    assert got["allowed"] is allowed, got["reason"]
    if not allowed:
        assert got["clause"] == hc.SCIENTIST_ON_LABORATORY


@pytest.mark.parametrize(
    "mode, command, fields, more, after",
    [
        pytest.param(
            "Researching",
            "Move",
            {"square": 7},
            {},
            "idle",
            id=f"{clauses.LEAVES_LABORATORY} Move onto 7",
        ),
        pytest.param(
            "Counter-Researching",
            "Move",
            {"square": 11},
            {},
            "idle",
            id=f"{hc.COUNTER_LEAVES_LABORATORY} Move onto 11",
        ),
        pytest.param(
            "Researching",
            "Move",
            {"square": 7},
            {"Laboratory#2": {"square": 7}},
            "Researching",
            id=f"{clauses.LEAVES_LABORATORY} onto another Laboratory: still Researching",
        ),
        pytest.param(
            "Researching",
            "Ride Railway",
            {"square": 7},
            {"Railway#1": {"square": 6}},
            "idle",
            id=f"{clauses.LEAVES_LABORATORY} Ride Railway onto 7",
        ),
        pytest.param(
            "Researching",
            "Teleport",
            {"square": 7},
            {"Teleporter#1": {"square": 6}},
            "idle",
            id=f"{clauses.LEAVES_LABORATORY} Teleport onto 7",
        ),
        pytest.param(
            "Researching",
            "Move",
            {"square": 7, "laboratory": True},
            {},
            "idle",
            id=f"{clauses.LEAVES_LABORATORY} the squares win over laboratory: true",
        ),
    ],
)
def test_a_scientist_moved_off_its_laboratory_stops(
    mode: str, command: str, fields: dict[str, Any], more: dict[str, Any], after: str
) -> None:
    data = with_mode(
        two(scientist(6, **more), {}, [cmd(LATER, "Ann", command, "Scientist#1", **fields)]),
        mode,
    )
    report = run(data, NOW)
    got = report.actions[0]
    assert got["allowed"] is True, got["reason"]
    assert report.state["Ann"]["scientists"] == {"Scientist#1": after}
    if after == "idle":
        assert f"stops {mode}" in got["reason"]


@pytest.mark.parametrize(
    "bombard, paid",
    [
        pytest.param(
            "2024-06-03T16:59:59Z",
            0,
            id=f"{clauses.LEAVES_LABORATORY} Laboratory destroyed a second before noon: no $50",
        ),
        pytest.param(
            "2024-06-03T17:00:00Z",
            50,
            id=f"{clauses.LEAVES_LABORATORY} destroyed at noon, after it (scheduled first): $50",
        ),
    ],
)
def test_a_scientist_stops_researching_when_its_laboratory_is_destroyed(
    bombard: str, paid: int
) -> None:
    ann = {"Scientist#1": {"square": 6}, "Laboratory#1": {"square": 6, "hp": 25}}
    ben = {"Laser Howitzer#1": {"square": 8}}
    data = with_mode(
        two(ann, ben, [cmd(bombard, "Ben", "Bombard", "Laser Howitzer#1", square=6)]),
        "Researching",
    )
    report = run(data, "2024-06-03T18:00:00Z")
    got = report.actions[0]
    assert got["allowed"] is True, got["reason"]
    assert "Laboratory#1" not in report.state["Ann"]["units"]
    assert report.state["Ann"]["scientists"] == {"Scientist#1": "idle"}
    assert "Scientist#1 (Ann) on square 6 with no Laboratory stops Researching" in got["reason"]
    assert report.state["Ann"]["money"] == 5000 + paid


def test_a_scientist_whose_laboratory_went_while_it_cooled_down_stops_as_it_begins() -> None:
    ann = {"Scientist#1": {"square": 6}, "Laboratory#1": {"square": 6, "hp": 25}}
    ben = {"Laser Howitzer#1": {"square": 8}}
    events = [
        cmd(T0, "Ann", "Research Breakthrough", "Scientist#1"),
        cmd(LATER, "Ben", "Bombard", "Laser Howitzer#1", square=6),
    ]
    data = with_mode(two(ann, ben, events), "idle")
    report = run(data, "2024-06-04T10:30:00Z", T0)
    assert [a["allowed"] for a in report.actions] == [True, True]
    assert report.state["Ann"]["scientists"] == {"Scientist#1": "idle"}
    ended = [d["event"] for d in report.due if "Scientist#1 (Ann) stops cooling" in d["event"]]
    assert len(ended) == 1 and "holds no Laboratory: it stops Researching" in ended[0]


# Ride Railway and Teleport.


@pytest.mark.parametrize(
    "ann, ben, allowed",
    [
        pytest.param({"Railway#1": {"square": 6}}, {}, True, id=f"{hc.RIDE_RAILWAY}: her own"),
        pytest.param({}, {"Railway#1": {"square": 6}}, False, id=f"{hc.RIDE_RAILWAY}: Ben's"),
        pytest.param({"Railway#1": {"square": 7}}, {}, False, id=f"{hc.RIDE_RAILWAY}: beside"),
    ],
)
def test_ride_railway_from_the_players_own_railway(
    ann: dict[str, Any], ben: dict[str, Any], allowed: bool
) -> None:
    report = verdict(
        {"Warrior#1": {"square": 6}, **ann},
        ben,
        cmd(LATER, "Ann", "Ride Railway", "Warrior#1", square=11),
    )
    got = report.actions[0]
    assert got["allowed"] is allowed, got["reason"]
    assert report.state["Ann"]["units"]["Warrior#1"]["square"] == (11 if allowed else 6)
    if not allowed:
        assert got["clause"] == hc.RIDE_RAILWAY


@pytest.mark.parametrize(
    "teleporter, to, clause",
    [
        pytest.param(7, 12, None, id=f"{hc.TELEPORT_FROM}: adjacent, to one adjacent"),
        pytest.param(6, 11, None, id=f"{hc.TELEPORT_FROM}: containing, to one adjacent"),
        pytest.param(13, 12, hc.TELEPORT_FROM, id=f"{hc.TELEPORT_FROM}: 3 squares away"),
        pytest.param(7, 20, hc.TELEPORT_TO, id=f"{hc.TELEPORT_TO}: 20 is far from it"),
        pytest.param(6, 6, hc.TELEPORT_TO, id=f"{hc.TELEPORT_TO}: not its own square"),
    ],
)
def test_teleport_from_and_to_a_teleporters_reach(
    teleporter: int, to: int, clause: str | None
) -> None:
    report = verdict(
        {"Warrior#1": {"square": 6}, "Teleporter#1": {"square": teleporter}},
        {},
        cmd(LATER, "Ann", "Teleport", "Warrior#1", square=to),
    )
    got = report.actions[0]
    assert got["allowed"] is (clause is None), got["reason"]
    assert report.state["Ann"]["units"]["Warrior#1"]["square"] == (6 if clause else to)
    if clause is not None:
        assert got["clause"] == clause


def test_teleport_without_the_board_is_not_checked_beside() -> None:
    data = two(
        {"Warrior#1": {"square": 6}, "Teleporter#1": {"square": 7}},
        {},
        [cmd(LATER, "Ann", "Teleport", "Warrior#1", square=12, owner="Ann")],
        board=None,
    )
    got = run(data, NOW).actions[0]
    assert got["allowed"] is True
    assert "not checked" in got["reason"] and "game_state.board" in got["reason"]


# Kills recorded.


@pytest.mark.parametrize(
    "killed, target, level_experience",
    [
        pytest.param(["Warrior#2"], "Ben", (1, 5), id=f"{clauses.KILLS} Ben's unit: 5"),
        pytest.param(["Wall#1"], "Ben", (2, 10), id=f"{clauses.KILLS} Ben's building: 20"),
        pytest.param(["Warrior#3"], None, (1, 0), id=f"{clauses.KILLS} her own unit: nothing"),
        pytest.param(["Warrior#9"], "Ben", (1, 5), id=f"{clauses.KILLS} both own one: target"),
        pytest.param(["Warrior#9"], None, (1, 0), id=f"{clauses.KILLS} both own one: not known"),
    ],
)
def test_a_recorded_kill_rewards_only_another_players_unit(
    killed: list[str], target: str | None, level_experience: tuple[int, int]
) -> None:
    ann = {"Warrior#1": {"square": 6}, "Warrior#3": {"square": 6}, "Warrior#9": {"square": 6}}
    ben = {"Warrior#2": {"square": 7}, "Wall#1": {"square": 7}, "Warrior#9": {"square": 7}}
    fields: dict[str, Any] = {"killed": killed}
    if target is not None:
        fields["target"] = target
    report = verdict(ann, ben, cmd(LATER, "Ann", "Attack", "Warrior#1", **fields))
    got = report.actions[0]
    assert got["allowed"] is True, got["reason"]
    state = report.state["Ann"]
    assert (state["level"], state["experience"]) == level_experience
    if level_experience == (1, 0):
        assert "no experience" in got["reason"]
    # The unit recorded killed leaves its owner's units, unless whose it was is not known.
    owner = "Ann" if killed == ["Warrior#3"] else "Ben"
    unknown = killed == ["Warrior#9"] and target is None
    assert (killed[0] in report.state[owner]["units"]) is unknown
    assert (killed[0] in report.state["Ann"]["units"]) is (owner == "Ben" and killed[0] in ann)


def test_a_laboratory_recorded_killed_stops_its_scientist() -> None:
    ben = {"Scientist#1": {"square": 7}, "Laboratory#1": {"square": 7}}
    data = two(
        {"Warrior#1": {"square": 6}},
        ben,
        [cmd(LATER, "Ann", "Attack", "Warrior#1", target="Ben", killed=["Laboratory#1"])],
    )
    data["roster"][1]["state"]["scientists"] = {"Scientist#1": "Researching"}
    report = run(data, NOW)
    got = report.actions[0]
    assert "Laboratory#1" not in report.state["Ben"]["units"]
    assert report.state["Ben"]["scientists"] == {"Scientist#1": "idle"}
    assert "stops Researching" in got["reason"]
    assert got["effects"]["destroyed"] == {"Ben": ["Laboratory#1"]}
    assert (report.state["Ann"]["level"], report.state["Ann"]["experience"]) == (2, 10)


# Resources read the tracked squares.


@pytest.mark.parametrize(
    "square, paid, left",
    [
        pytest.param(None, 300, {"6": 750, "7": 1000}, id=f"{clauses.REFINERY} tracked"),
        pytest.param(7, 250, {"6": 1000, "7": 750}, id=f"{clauses.REFINERY} the command's 7"),
    ],
)
def test_mine_reads_the_tracked_squares(
    square: int | None, paid: int, left: dict[str, int]
) -> None:
    fields = {} if square is None else {"square": square}
    data = two(
        {**SCV, "Refinery#1": {"square": 6}},
        {},
        [cmd(LATER, "Ann", "Mine", "SCV#1", **fields)],
        resources={"6": 1000, "7": 1000},
    )
    report = run(data, NOW)
    got = report.actions[0]
    assert report.state["Ann"]["money"] == 5000 + paid
    assert report.game_state["resources"] == left
    assert ("the command's square 7 taken, the books held 6" in got["reason"]) is (square == 7)


@pytest.mark.parametrize(
    "fields, after",
    [
        pytest.param({}, "idle", id=f"{clauses.LEAVES_LABORATORY} moved, its square not recorded"),
        pytest.param(
            {"laboratory": True},
            "Researching",
            id=f"{clauses.LEAVES_LABORATORY} not recorded, laboratory: true says it found one",
        ),
    ],
)
def test_a_move_to_a_square_not_recorded_reads_laboratory(
    fields: dict[str, Any], after: str
) -> None:
    data = with_mode(
        two(scientist(6), {}, [cmd(LATER, "Ann", "Move", "Scientist#1", **fields)]), "Researching"
    )
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is True
    assert report.state["Ann"]["scientists"] == {"Scientist#1": after}
    # It left square 6 for one not recorded: its square is not known, not the old one.
    assert report.state["Ann"]["units"]["Scientist#1"]["square"] is None
