"""Nomopoly IV kept whole (issue 28): units' squares and the board's distance, hit points
(Max HP, healing, transformation, destruction), the Attack command and its armor, Walls,
Bombard, Spell Shield, Empathy, the Fire Flower, the Star Egg and the Soul Gems, and the
proposals implemented once. Ids quote the seed at each rule's boundary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles.archive import archive_from_dict
from gamestate.profiles.core import ProfileError
from gamestate.profiles.nomopoly_iv import PROFILE
from gamestate.profiles.nomopoly_iv import hp_clauses as hc
from gamestate.profiles.nomopoly_iv.geometry import board_from, renumbered
from gamestate.profiles.nomopoly_iv.units import unit_type
from tests.gamestate.profiles.test_nomopoly_iv import game, run

SEED = Path(__file__).resolve().parents[3] / "rules_text" / "data" / "seeds"
T0 = "2024-06-03T10:00:00Z"  # a Monday
LATER = "2024-06-03T11:00:00Z"
NOW = "2024-06-04T00:00:00Z"
BOARD = {"columns": 5}
MESMER = {"Mesmer": {"max_hp": 60, "armor": 0, "attack": 5, "range": 1}}


def cmd(at: str, player: str, name: str, unit: str, **fields: Any) -> dict[str, Any]:
    return {"at": at, "type": "command", "player": player, "command": name, "unit": unit, **fields}


def act(at: str, player: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"at": at, "type": "action", "player": player, "action": name, **fields}


def two(
    ann: dict[str, Any], ben: dict[str, Any], events: list[dict[str, Any]], **gs: Any
) -> dict[str, Any]:
    """Ann and Ben with these units (name -> {square, hp}), on the 5-column board."""
    gs.setdefault("board", BOARD)
    gs.setdefault("unit_stats", MESMER)
    return game(
        T0,
        {"Ann": {"money": 5000, "units": ann}, "Ben": {"money": 5000, "units": ben}},
        events,
        **gs,
    )


def units(report: Any, who: str) -> dict[str, Any]:
    return dict(report.state[who]["units"])


def hp(report: Any, who: str, unit: str) -> int | None:
    got = units(report, who).get(unit)
    return None if got is None else got["hp"]


@pytest.mark.parametrize("name", hc.__all__)
def test_every_quote_is_the_seeds_words(name: str) -> None:
    seed = " ".join((SEED / "002_580ae568df44c2a3.txt").read_text(encoding="utf-8").split())
    assert getattr(hc, name) in seed


# The board.


@pytest.mark.parametrize(
    "board, a, b, distance",
    [
        pytest.param(BOARD, 4, 15, 3, id=f"{hc.DISTANCE_EXAMPLE} on 5 columns"),
        pytest.param(
            {"columns": 5, "winding": True}, 4, 15, 3, id=f"{hc.DISTANCE_EXAMPLE} winding"
        ),
        pytest.param(BOARD, 13, 8, 1, id="A Monk on Square 13 ... targeting a Warrior on Square 8"),
        pytest.param(BOARD, 5, 6, 5, id=f"{hc.MOVE_SQUARE}: 5 and 6 are not beside"),
        pytest.param(
            {"rows": [[1, 2, 3], [None, None, 4], [7, 6, 5]]},
            1,
            7,
            6,
            id=f"{hc.DISTANCE}: round a gap",
        ),
        pytest.param(BOARD, 4, 99, None, id="a square off the known board: not known"),
    ],
)
def test_distance_is_the_fewest_moves(
    board: dict[str, Any], a: int, b: int, distance: int | None
) -> None:
    layout = board_from(board)
    assert layout is not None
    assert layout.distance(a, b) == distance


@pytest.mark.parametrize(
    "old, new",
    [
        pytest.param(1, 2, id=f"{hc.RENUMBER}: 1 -> 2"),
        pytest.param(2, 5, id=f"{hc.RENUMBER}: 2 -> 5"),
        pytest.param(20, 59, id=f"{hc.RENUMBER}: the last of 20 -> 59"),
    ],
)
def test_renumbering_to_60(old: int, new: int) -> None:
    assert renumbered(old) == new


def test_the_renumbering_proposal_moves_everything_at_its_instant() -> None:
    data = game(
        T0,
        {"Ann": {"square": 4, "units": {"SCV#1": {"square": 4, "hp": 40}}}},
        [],
        implemented={"In an effort to combat board congestion": LATER},
        rber_ducky=1,
        shop_square=20,
    )
    report = run(data, NOW)
    assert report.state["Ann"]["square"] == 11
    assert units(report, "Ann")["SCV#1"]["square"] == 11
    assert (report.game_state["rber_ducky"], report.game_state["shop_square"]) == (2, 59)
    assert any(d["clause"] == hc.RENUMBER for d in run(data, NOW, T0).due)


@pytest.mark.parametrize(
    "proposal, unit, before, after",
    [
        pytest.param("SCV's will now have an initial HP of 40", "SCV#1", 20, 40, id=hc.SCV_40),
        pytest.param(
            "SCV's will now have an initial HP of 40",
            "SCV#1",
            30,
            40,
            id="SCV +20, never above Max HP",
        ),
        pytest.param("Make the following changes to Monks", "Monk#1", 25, 40, id=hc.MONKS_40),
    ],
)
def test_proposals_implemented_once_change_hit_points(
    proposal: str, unit: str, before: int, after: int
) -> None:
    data = game(T0, {"Ann": {"units": {unit: {"hp": before}}}}, [], implemented={proposal: LATER})
    assert hp(run(data, NOW), "Ann", unit) == after
    # Implemented before the books begin: already in the roster's values.
    data["game_state"]["implemented"] = {proposal: "2024-06-01T00:00:00Z"}
    assert hp(run(data, NOW), "Ann", unit) == before


# Moving.


@pytest.mark.parametrize(
    "to, allowed",
    [
        pytest.param(8, True, id=f"{hc.MOVE_SQUARE}: the square below"),
        pytest.param(4, True, id=f"{hc.MOVE_SQUARE}: the square left"),
        pytest.param(9, False, id=f"{hc.MOVE_SQUARE}: diagonal, 2 moves"),
        pytest.param(12, False, id=f"{hc.ONE_OWNER}: Ben's Wall there"),
        pytest.param(2, True, id="If the only unit or building at a location is a Railway"),
    ],
)
def test_move_goes_one_square_to_a_free_one(to: int, allowed: bool) -> None:
    data = two(
        {"Warrior#1": {"square": 3, "hp": 50}},
        {"Wall#1": {"square": 12, "hp": 500}, "Railway#1": {"square": 2, "hp": 200}},
        [cmd(T0, "Ann", "Move", "Warrior#1", square=to)],
    )
    data["roster"][0]["state"]["units"]["Warrior#1"]["square"] = 3 if to != 12 else 7
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed, report.actions[0]["reason"]
    assert units(report, "Ann")["Warrior#1"]["square"] == (
        to if allowed else data["roster"][0]["state"]["units"]["Warrior#1"]["square"]
    )


def test_a_unit_made_stands_on_its_makers_square_at_max_hp() -> None:
    data = two({"SCV#1": {"square": 8, "hp": 10}}, {}, [cmd(T0, "Ann", "Build Wall", "SCV#1")])
    report = run(data, NOW)
    assert units(report, "Ann")["Wall#1"] == {"type": "Wall", "square": 8, "hp": 500, "max_hp": 500}
    assert hc.CREATED_AT_MAX in report.actions[0]["reason"]


@pytest.mark.parametrize(
    "old_hp, new_hp",
    [
        pytest.param(37, 30, id=f"{hc.TRANSFORM}: ceil(40*37/50)"),
        pytest.param(50, 40, id=f"{hc.TRANSFORM}: at Max HP"),
        pytest.param(1, 1, id=f"{hc.TRANSFORM}: ceil(0.8)"),
    ],
)
def test_a_transformed_units_hit_points(old_hp: int, new_hp: int) -> None:
    data = two({"Warrior#1": {"hp": old_hp}}, {}, [cmd(T0, "Ann", "Upgrade to SCV", "Warrior#1")])
    report = run(data, NOW)
    assert units(report, "Ann")["Warrior#1"] == {
        "type": "SCV",
        "square": None,
        "hp": new_hp,
        "max_hp": 40,
    }


# The Attack command.


def _duel(attacker: str, a_hp: int, target: str, t_hp: int, distance: int, **fields: Any) -> Any:
    # Ann's attacker on square 1; Ben's target ``distance`` squares right (same row).
    data = two(
        {attacker: {"square": 1, "hp": a_hp}},
        {target: {"square": 1 + distance, "hp": t_hp}},
        [cmd(T0, "Ann", "Attack", attacker, target_unit=target, target="Ben", **fields)],
    )
    return run(data, NOW)


@pytest.mark.parametrize(
    "attacker, target, fields, lost, clause",
    [
        pytest.param("Musketeer#1", "Refinery#1", {}, 10, hc.ATTACK_GREATER, id=hc.ATTACK_GREATER),
        pytest.param(
            "Musketeer#1", "Teleporter#1", {}, 1, hc.ATTACK_EQUAL, id=f"{hc.ATTACK_EQUAL}: 20 vs 20"
        ),
        pytest.param(
            "Guard Tower#1", "Fort#1", {}, 1, hc.ATTACK_EQUAL, id=f"{hc.ATTACK_EQUAL}: 25 vs 25"
        ),
        pytest.param(
            "Musketeer#1",
            "Fort#1",
            {"hit": True},
            1,
            hc.ATTACK_LESS,
            id=f"{hc.ATTACK_LESS}: the draw hit",
        ),
        pytest.param(
            "Musketeer#1",
            "Fort#1",
            {"hit": False},
            0,
            hc.ATTACK_LESS,
            id=f"{hc.ATTACK_LESS}: the draw missed",
        ),
        pytest.param(
            "Musketeer#1",
            "Fort#1",
            {},
            None,
            hc.ATTACK_LESS,
            id=f"{hc.ATTACK_LESS}: no draw, not applied",
        ),
        pytest.param(
            "Laser Howitzer#1",
            "Fort#1",
            {},
            50,
            hc.HOWITZER_ATTACK,
            id=f"{hc.HOWITZER_ATTACK}: 75 - 25",
        ),
        pytest.param(
            "Laser Howitzer#1",
            "Laser Howitzer#2",
            {},
            25,
            hc.HOWITZER_ATTACK,
            id=f"{hc.HOWITZER_ATTACK}: 30 - 5",
        ),
        pytest.param(
            "Laser Howitzer#1",
            "Musketeer#2",
            {},
            12,
            hc.HOWITZER_ATTACK,
            id=f"{hc.HOWITZER_ATTACK}: 15 - 3",
        ),
    ],
)
def test_attack_strength_against_armor(
    attacker: str, target: str, fields: dict[str, Any], lost: int | None, clause: str
) -> None:
    top = {
        "Refinery#1": 300,
        "Teleporter#1": 300,
        "Fort#1": 1500,
        "Laser Howitzer#2": 100,
        "Musketeer#2": 80,
    }[target]
    report = _duel(attacker, 80, target, top, 1, **fields)
    assert report.actions[0]["allowed"] is True
    assert clause in report.actions[0]["reason"]
    assert hp(report, "Ben", target) == (top if lost is None else top - lost)


def test_a_1_in_1_chance_always_hits() -> None:
    # "a 1 in (armor - attack strength) chance": armor 21, attack 20.
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}},
        {"Warrior#1": {"square": 2, "hp": 50}},
        [cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit="Warrior#1", target="Ben")],
        unit_stats={**MESMER, "Warrior": {"armor": 21}},
    )
    assert hp(run(data, NOW), "Ben", "Warrior#1") == 49, hc.ATTACK_LESS


@pytest.mark.parametrize(
    "distance, allowed",
    [
        pytest.param(2, True, id=f"{hc.ATTACK_RANGE}: exactly at range 2"),
        pytest.param(3, False, id=f"{hc.ATTACK_RANGE}: one past it"),
    ],
)
def test_attack_range_by_distance(distance: int, allowed: bool) -> None:
    report = _duel("Musketeer#1", 80, "Mesmer#1", 60, distance)
    assert report.actions[0]["allowed"] is allowed
    assert hp(report, "Ben", "Mesmer#1") == (40 if allowed else 60)


def test_the_musketeers_cool_down_comes_from_the_squares() -> None:
    report = _duel("Musketeer#1", 80, "Mesmer#1", 60, 2)
    assert report.state["Ann"]["cooling_down"] == {"Musketeer#1": "2024-06-04T22:00:00Z"}


@pytest.mark.parametrize(
    "t_hp, left, destroyed",
    [
        pytest.param(21, 1, False, id=f"{hc.DESTROYED}: 1 left"),
        pytest.param(20, None, True, id=f"{hc.DESTROYED}: exactly 0"),
        pytest.param(5, None, True, id=f"{hc.DESTROYED}: below 0"),
    ],
)
def test_destroyed_at_0_or_less_and_the_killer_gains(
    t_hp: int, left: int | None, destroyed: bool
) -> None:
    report = _duel("Musketeer#1", 80, "Mesmer#1", t_hp, 1)
    assert hp(report, "Ben", "Mesmer#1") == left
    assert ("Mesmer#1" not in units(report, "Ben")) is destroyed
    assert report.state["Ann"]["experience"] == (5 if destroyed else 0)


def test_a_wall_must_fall_first() -> None:
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}},
        {"Wall#1": {"square": 2, "hp": 500}, "Guard Tower#1": {"square": 2, "hp": 250}},
        [
            cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit="Guard Tower#1", target="Ben"),
            cmd(
                "2024-06-05T10:00:00Z",
                "Ann",
                "Attack",
                "Musketeer#1",
                target_unit="Wall#1",
                target="Ben",
            ),
        ],
    )
    report = run(data, "2024-06-06T00:00:00Z")
    assert [a["allowed"] for a in report.actions] == [False, True]
    assert report.actions[0]["clause"] == hc.WALL
    assert hp(report, "Ben", "Wall#1") == 495


def test_bombard_hits_every_building_ignoring_armor() -> None:
    data = two(
        {"Laser Howitzer#1": {"square": 1, "hp": 100}},
        {
            "Fort#1": {"square": 3, "hp": 1500},
            "Wall#1": {"square": 3, "hp": 500},
            "Warrior#1": {"square": 3, "hp": 50},
        },
        [cmd(T0, "Ann", "Bombard", "Laser Howitzer#1", square=3)],
    )
    report = run(data, NOW)
    assert (hp(report, "Ben", "Fort#1"), hp(report, "Ben", "Wall#1")) == (1475, 475), hc.BOMBARD
    assert hp(report, "Ben", "Warrior#1") == 50


def test_bombard_out_of_range_is_refused() -> None:
    data = two(
        {"Laser Howitzer#1": {"square": 1, "hp": 100}},
        {"Fort#1": {"square": 4, "hp": 1500}},
        [cmd(T0, "Ann", "Bombard", "Laser Howitzer#1", square=4)],
    )
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is False
    assert hp(report, "Ben", "Fort#1") == 1500


def test_without_squares_the_range_is_not_checked_and_it_says_so() -> None:
    data = game(
        T0,
        {"Ann": {"units": {"Musketeer#1": {"hp": 80}}}, "Ben": {"units": {"Fort#1": {"hp": 1500}}}},
        [cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit="Fort#1", target="Ben", hit=True)],
    )
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is True
    assert "range not checked" in report.actions[0]["reason"]
    assert hp(report, "Ben", "Fort#1") == 1499


def test_an_unknown_attack_strength_is_said_not_guessed() -> None:
    data = two(
        {"Warrior#1": {"square": 1, "hp": 50}},
        {"Fort#1": {"square": 2, "hp": 1500}},
        [cmd(T0, "Ann", "Attack", "Warrior#1", target_unit="Fort#1", target="Ben")],
    )
    report = run(data, NOW)
    assert "the seed gives no attack strength for a Warrior" in report.actions[0]["reason"]
    assert hp(report, "Ben", "Fort#1") == 1500


# Healing.


@pytest.mark.parametrize(
    "command, healer, target, before, after",
    [
        pytest.param("Repair", "SCV#1", "Fort#2", 1400, 1460, id=f"{hc.REPAIR}: +60"),
        pytest.param("Repair", "SCV#1", "Fort#2", 1440, 1500, id=f"{hc.REPAIR}: to exactly Max HP"),
        pytest.param("Repair", "SCV#1", "Fort#2", 1441, 1500, id=f"{hc.NEVER_ABOVE_MAX} (Repair)"),
        pytest.param(
            "Orison of Healing", "Monk#1", "Warrior#1", 40, 50, id=f"{hc.ORISON_10}: to exactly 50"
        ),
        pytest.param(
            "Orison of Healing", "Monk#1", "Warrior#1", 45, 50, id=f"{hc.NEVER_ABOVE_MAX} (Orison)"
        ),
        pytest.param("Orison of Healing", "Monk#1", "Warrior#1", 30, 40, id=f"{hc.ORISON_10}: +10"),
    ],
)
def test_healing_never_above_max(
    command: str, healer: str, target: str, before: int, after: int
) -> None:
    data = two(
        {
            healer: {"square": 3, "hp": 40},
            target: {"square": 3 if command == "Repair" else 8, "hp": before},
        },
        {},
        [cmd(T0, "Ann", command, healer, target_unit=target)],
    )
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is True, report.actions[0]["reason"]
    assert hp(report, "Ann", target) == after


@pytest.mark.parametrize(
    "command, target, square, allowed",
    [
        pytest.param("Repair", "Fort#2", 8, False, id=f"{hc.REPAIR}: not at the same location"),
        pytest.param("Repair", "Warrior#1", 3, False, id=f"{hc.REPAIR}: a Warrior is none of them"),
        pytest.param(
            "Orison of Healing", "Warrior#1", 13, False, id=f"{hc.ORISON}: two squares off"
        ),
        pytest.param(
            "Orison of Healing", "Fort#2", 3, False, id=f"{hc.ORISON}: a building is no unit"
        ),
    ],
)
def test_healing_refused(command: str, target: str, square: int, allowed: bool) -> None:
    healer = "SCV#1" if command == "Repair" else "Monk#1"
    data = two(
        {healer: {"square": 3, "hp": 40}, target: {"square": square, "hp": 20}},
        {},
        [cmd(T0, "Ann", command, healer, target_unit=target)],
    )
    assert run(data, NOW).actions[0]["allowed"] is allowed


def test_heal_area_heals_every_unit_on_the_square() -> None:
    data = two(
        {
            "Monk#1": {"square": 3, "hp": 35},
            "Warrior#1": {"square": 3, "hp": 45},
            "Fort#1": {"square": 3, "hp": 100},
            "SCV#1": {"square": 4, "hp": 1},
        },
        {},
        [cmd(T0, "Ann", "Heal Area", "Monk#1")],
    )
    report = run(data, NOW)
    got = {u: hp(report, "Ann", u) for u in ("Monk#1", "Warrior#1", "Fort#1", "SCV#1")}
    assert got == {"Monk#1": 40, "Warrior#1": 50, "Fort#1": 100, "SCV#1": 1}, hc.HEAL_AREA


# Spell Shield and Empathy.


@pytest.mark.parametrize(
    "attacked_at, allowed",
    [
        pytest.param("2024-06-06T09:59:59Z", False, id=f"{hc.SPELL_SHIELD}: its last second"),
        pytest.param("2024-06-06T10:00:00Z", True, id=f"{hc.SPELL_SHIELD}: 3 days on, over"),
    ],
)
def test_a_spell_shielded_unit_cannot_be_targeted(attacked_at: str, allowed: bool) -> None:
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}},
        {"Monk#1": {"square": 2, "hp": 40}, "Mesmer#1": {"square": 2, "hp": 60}},
        [
            cmd(T0, "Ben", "Spell Shield", "Monk#1", target_unit="Mesmer#1"),
            cmd(attacked_at, "Ann", "Attack", "Musketeer#1", target_unit="Mesmer#1", target="Ben"),
        ],
    )
    report = run(data, "2024-06-07T00:00:00Z")
    assert [a["allowed"] for a in report.actions] == [True, allowed]
    if not allowed:
        assert report.actions[1]["clause"] == hc.SPELL_SHIELD


def test_a_spell_shielded_player_cannot_be_drained() -> None:
    data = two(
        {"Mesmer#1": {"square": 1, "hp": 60}},
        {"Monk#1": {"square": 2, "hp": 40}},
        [
            cmd(T0, "Ben", "Spell Shield", "Monk#1", target="Ben"),
            cmd(LATER, "Ann", "Power Drain", "Mesmer#1", target="Ben"),
        ],
    )
    data["roster"][1]["state"]["square"] = 2
    report = run(data, NOW)
    assert [a["allowed"] for a in report.actions] == [True, False], hc.SPELL_SHIELD
    assert report.state["Ben"]["money"] == 5000


@pytest.mark.parametrize(
    "attacked_at, reflected",
    [
        pytest.param("2024-06-04T09:59:59Z", True, id=f"{hc.EMPATHY}: its last second"),
        pytest.param("2024-06-04T10:00:00Z", False, id=f"{hc.EMPATHY}: a day on, over"),
    ],
)
def test_empathy_answers_the_attacker_once(attacked_at: str, reflected: bool) -> None:
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}, "Mesmer#2": {"square": 1, "hp": 60}},
        {"Mesmer#1": {"square": 2, "hp": 60}},
        [
            cmd(T0, "Ben", "Empathy", "Mesmer#1", target_unit="Mesmer#1"),
            # The attacker is under Empathy too: Empathy's damage is no attack, so no echo.
            cmd(T0, "Ann", "Empathy", "Mesmer#2", target_unit="Musketeer#1"),
            cmd(attacked_at, "Ann", "Attack", "Musketeer#1", target_unit="Mesmer#1", target="Ben"),
        ],
    )
    report = run(data, "2024-06-05T00:00:00Z")
    assert hp(report, "Ben", "Mesmer#1") == 40
    assert hp(report, "Ann", "Musketeer#1") == (60 if reflected else 80), hc.EMPATHY_NOT_ATTACK


def test_empathy_does_not_answer_a_building() -> None:
    data = two(
        {"Guard Tower#1": {"square": 1, "hp": 250}},
        {"Mesmer#1": {"square": 2, "hp": 60}},
        [
            cmd(T0, "Ben", "Empathy", "Mesmer#1", target_unit="Mesmer#1"),
            cmd(LATER, "Ann", "Attack", "Guard Tower#1", target_unit="Mesmer#1", target="Ben"),
        ],
    )
    report = run(data, NOW)
    assert (hp(report, "Ben", "Mesmer#1"), hp(report, "Ann", "Guard Tower#1")) == (35, 250), (
        hc.EMPATHY_UNITS
    )


def test_empathy_can_kill_the_attacker() -> None:
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 20}},
        {"Mesmer#1": {"square": 2, "hp": 60}},
        [
            cmd(T0, "Ben", "Empathy", "Mesmer#1", target_unit="Mesmer#1"),
            cmd(LATER, "Ann", "Attack", "Musketeer#1", target_unit="Mesmer#1", target="Ben"),
        ],
    )
    report = run(data, NOW)
    assert "Musketeer#1" not in units(report, "Ann")
    assert report.state["Ann"]["cooling_down"] == {}
    assert report.state["Ben"]["experience"] == 5, hc.EMPATHY


# Items.


@pytest.mark.parametrize(
    "level, targets, hits, expected, allowed",
    [
        pytest.param(
            3,
            ["Mesmer#1", "Fort#1"],
            [],
            {"Mesmer#1": 30, "Fort#1": 1495},
            True,
            id=f"{hc.FIRE_FLOWER}: level 3 selects 2",
        ),
        pytest.param(
            3,
            ["Mesmer#1", "Fort#1"],
            ["Fort#1"],
            {"Mesmer#1": 30, "Fort#1": 1495},
            True,
            id=f"{hc.FIRE_FLOWER}: 30 vs armor 25, no draw needed",
        ),
        pytest.param(
            3,
            ["Mesmer#1"],
            [],
            {"Mesmer#1": 60, "Fort#1": 1500},
            False,
            id=f"{hc.FIRE_FLOWER}: level 3 must select 2",
        ),
        pytest.param(
            1,
            ["Mesmer#1"],
            [],
            {"Mesmer#1": 30, "Fort#1": 1500},
            True,
            id=f"{hc.FIRE_FLOWER}: level 1 selects 1",
        ),
        pytest.param(
            7,
            ["Mesmer#1", "Fort#1"],
            [],
            {"Mesmer#1": 30, "Fort#1": 1495},
            True,
            id=f"{hc.FIRE_FLOWER}: fewer there than 4: all of them",
        ),
    ],
)
def test_the_fire_flower_attacks_for_30(
    level: int, targets: list[str], hits: list[str], expected: dict[str, int], allowed: bool
) -> None:
    data = two(
        {},
        {"Mesmer#1": {"square": 6, "hp": 60}, "Fort#1": {"square": 6, "hp": 1500}},
        [act(T0, "Ann", "use Fire Flower", target="Ben", targets=targets, hit=hits)],
    )
    data["roster"][0]["state"].update(square=6, level=level, items={"Fire Flower": 1})
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed, report.actions[0]["reason"]
    assert {u: hp(report, "Ben", u) for u in expected} == expected
    assert report.state["Ann"]["items"] == ({} if allowed else {"Fire Flower": 1})


@pytest.mark.parametrize(
    "level, targets, hits, allowed, expected",
    [
        pytest.param(
            4,
            ["Wall#1"],
            [],
            True,
            {"Wall#1": 460, "Mesmer#1": 60},
            id=f"{hc.FIRE_FLOWER_WALL}: level 4, the Wall alone",
        ),
        pytest.param(
            4,
            ["Mesmer#1"],
            [],
            False,
            {"Wall#1": 500, "Mesmer#1": 60},
            id=f"{hc.FIRE_FLOWER_WALL}: one MUST be the Wall",
        ),
        pytest.param(
            5,
            ["Wall#1", "Mesmer#1"],
            [],
            True,
            {"Wall#1": 460, "Mesmer#1": 40},
            id=f"{hc.FIRE_FLOWER_WALL}: level 5, the Wall and 20 to another",
        ),
        pytest.param(
            5,
            ["Wall#1", "Fort#1"],
            ["Fort#1"],
            True,
            {"Wall#1": 460, "Fort#1": 1499},
            id=f"{hc.FIRE_FLOWER_WALL}: 20 vs armor 25, the 1 in 5 draw hit",
        ),
        pytest.param(
            5,
            ["Wall#1", "Fort#1"],
            [],
            True,
            {"Wall#1": 460, "Fort#1": 1500},
            id=f"{hc.FIRE_FLOWER_WALL}: 20 vs armor 25, the draw missed",
        ),
    ],
)
def test_the_fire_flower_and_a_wall(
    level: int, targets: list[str], hits: list[str], allowed: bool, expected: dict[str, int]
) -> None:
    data = two(
        {},
        {
            "Mesmer#1": {"square": 6, "hp": 60},
            "Wall#1": {"square": 6, "hp": 500},
            "Fort#1": {"square": 6, "hp": 1500},
        },
        [act(T0, "Ann", "use Fire Flower", target="Ben", targets=targets, hit=hits)],
    )
    data["roster"][0]["state"].update(square=6, level=level, items={"Fire Flower": 1})
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed
    assert {u: hp(report, "Ben", u) for u in expected} == expected


def test_the_star_egg_takes_100_from_everything_on_the_square() -> None:
    data = two(
        {},
        {
            "Mesmer#1": {"square": 6, "hp": 60},
            "Fort#1": {"square": 6, "hp": 1500},
            "Wall#1": {"square": 7, "hp": 500},
        },
        [act(T0, "Ann", "use Star Egg")],
    )
    data["roster"][0]["state"].update(square=6, items={"Star Egg": 1})
    report = run(data, NOW)
    assert units(report, "Ben").keys() == {"Fort#1", "Wall#1"}, hc.STAR_EGG_DAMAGE
    assert (hp(report, "Ben", "Fort#1"), hp(report, "Ben", "Wall#1")) == (1400, 500)
    assert report.state["Ann"]["experience"] == 5


@pytest.mark.parametrize(
    "ann_square, charged",
    [
        pytest.param(2, True, id=f"{hc.SOUL_GEM_CHARGED}: the same square"),
        pytest.param(7, True, id=f"{hc.SOUL_GEM_CHARGED}: an adjacent square"),
        pytest.param(8, False, id=f"{hc.SOUL_GEM_CHARGED}: diagonal is not adjacent"),
    ],
)
def test_a_unit_killed_nearby_charges_a_soul_gem(ann_square: int, charged: bool) -> None:
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}},
        {"Mesmer#1": {"square": 2, "hp": 20}},
        [cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit="Mesmer#1", target="Ben")],
    )
    data["roster"][0]["state"].update(square=ann_square, items={"Uncharged Soul Gem": 2})
    report = run(data, NOW)
    expected = (
        {"Charged Soul Gem": 1, "Uncharged Soul Gem": 1} if charged else {"Uncharged Soul Gem": 2}
    )
    assert report.state["Ann"]["items"] == expected


@pytest.mark.parametrize(
    "items, expected",
    [
        pytest.param(
            {"Uncharged Soul Gem": 1, "Ghost": 1},
            {"Charged Soul Gem": 1},
            id=f"{hc.GHOST_SOUL_GEM}: with a Ghost",
        ),
        pytest.param({"Uncharged Soul Gem": 1}, {}, id=f"{hc.GHOST_SOUL_GEM}: without, lost"),
    ],
)
def test_an_uncharged_soul_gem_and_a_ghost(items: dict[str, int], expected: dict[str, int]) -> None:
    data = game(T0, {"Ann": {"items": items}}, [act(T0, "Ann", "use Uncharged Soul Gem")])
    assert run(data, NOW).state["Ann"]["items"] == expected


@pytest.mark.parametrize(
    "target, square, allowed, left",
    [
        pytest.param("Fort#1", 6, True, 1300, id=f"{hc.CHARGED_SOUL_GEM}: 200"),
        pytest.param("Fort#1", 7, False, 1500, id=f"{hc.CHARGED_SOUL_GEM}: not on their square"),
        pytest.param("Mesmer#1", 6, False, 60, id=f"{hc.CHARGED_SOUL_GEM}: not a building"),
    ],
)
def test_a_charged_soul_gem_hits_a_building(
    target: str, square: int, allowed: bool, left: int
) -> None:
    data = two(
        {},
        {target: {"square": square, "hp": 1500 if target == "Fort#1" else 60}},
        [act(T0, "Ann", "use Charged Soul Gem", target="Ben", target_unit=target)],
    )
    data["roster"][0]["state"].update(square=6, items={"Charged Soul Gem": 1})
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed
    assert hp(report, "Ben", target) == left


def test_imps_and_minions_are_gone() -> None:
    # "All currently existing Imps are converted to the Minion version", then the newest
    # proposal removes every Minion: no Imp, Minion or Lair is a unit the profile reads.
    assert [unit_type(n) for n in ("Imp#1", "IMPerial Guard#1", "Lair#1")] == [None] * 3, (
        hc.MINIONS_REMOVED
    )


# Junk.


@pytest.mark.parametrize(
    "state, game_state, words",
    [
        pytest.param({"units": {"SCV#1": {"hp": "x" * 5000}}}, {}, "hp", id="hit points in words"),
        pytest.param(
            {"units": {"SCV#1": {"hp": 41}}}, {}, "Max HP 40", id=f"{hc.NEVER_ABOVE_MAX}: 41"
        ),
        pytest.param(
            {"units": {"S" * 5000 + "#1": {}}},
            {},
            "unknown unit",
            id="a unit's name of 5,000 characters",
        ),
        pytest.param({}, {"board": {"columns": "x" * 5000}}, "columns", id="a board of words"),
        pytest.param({}, {"board": {"rows": [[1, 1]]}}, "twice", id="a square twice on the board"),
        pytest.param(
            {},
            {"unit_stats": {"Fort": {"armor": 3}}},
            "the seed gives 25",
            id="the seed's Fort armor overridden",
        ),
        pytest.param(
            {},
            {"unit_stats": {"D" * 5000: {}}},
            "unknown type",
            id="values of a 5,000-character type",
        ),
    ],
)
def test_junk_is_one_line_cut_short(
    state: dict[str, Any], game_state: dict[str, Any], words: str
) -> None:
    data = game(T0, {"Ann": state}, [], **game_state)
    with pytest.raises(ProfileError) as err:
        PROFILE.check(archive_from_dict(data))
    text = str(err.value)
    assert "\n" not in text and words in text and len(text) < 300


def test_the_example_plays_squares_and_hit_points() -> None:
    import json

    from tests.gamestate.profiles.test_nomopoly_iv import EXAMPLE

    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    report = run(data, data["demo"]["now"], data["demo"]["since"])
    ben = {u: (v["square"], v["hp"]) for u, v in units(report, "Ben").items()}
    dee = {u: (v["square"], v["hp"]) for u, v in units(report, "Dee").items()}
    assert "Warrior#3" not in ben  # killed by a Laser Howitzer: 10 - (15 - 2)
    assert ben["Mesmer#2"] == (46, 50)  # a Warrior's 10, and Empathy's 10 back ...
    assert dee["Warrior#1"] == (41, 40)  # ... to the Warrior
    assert ben["Musketeer#1"] == (34, 58)  # the Guard Tower's 25 - 3; moved beside
    assert ben["Duck Pond#1"] == (30, 45)  # Bombard's 25
    assert ben["Monk#1"] == (31, 40)  # 15, the Monks' +15, Heal Area's +10; teleported
    assert (ben["Monk#2"], ben["Monk#3"]) == ((35, 10), (35, 10))  # the Fire Flower's 30
    assert ben["SCV#3"] == (30, 30)  # the SCVs' +20
    assert dee["Fort#1"] == (29, 1400)  # the Star Egg's 100
    assert dee["Wall#1"] == (45, 500)  # repaired to its Max HP
    assert dee["Warrior#2"] == (45, 30)  # an SCV now: ceil(40 * 37 / 50)
    # Charged by the kill beside her, then used on Ben's Teleporter#2 (its hp not recorded)
    assert "Charged Soul Gem" not in report.state["Ann"]["items"]
    assert any("Ann's Uncharged Soul Gem becomes Charged" in a["reason"] for a in report.actions)
    # 5 for Ben's Warrior#3 (a unit), 20 for Ann's Laboratory#1 recorded killed (a building)
    assert report.state["Dee"]["experience"] == 15 + 5 + 20
    assert "Laboratory#1" not in units(report, "Ann")
    assert report.state["Ann"]["scientists"] == {"Scientist#1": "idle"}


@pytest.mark.parametrize(
    "event, words",
    [
        pytest.param(cmd(T0, "Ann", "Move", "SCV#1", square=0), "square", id="a Move to square 0"),
        pytest.param(cmd(T0, "Ann", "Move", "SCV#1", square=True), "square", id="a Move to true"),
        pytest.param(
            cmd(T0, "Ann", "Move", "SCV#1", square="x" * 5000), "square", id="a Move to words"
        ),
        pytest.param(
            cmd(T0, "Ann", "Attack", "SCV#1", target_unit="x" * 5000),
            "unknown unit",
            id="a target of 5,000 characters",
        ),
        pytest.param(
            cmd(T0, "Ann", "Attack", "SCV#1", hit="maybe"), "hit", id=f"{hc.ATTACK_LESS}: maybe"
        ),
        pytest.param(
            act(T0, "Ann", "use Fire Flower", targets="SCV#1"),
            "targets",
            id="a Fire Flower's targets a name",
        ),
        pytest.param(
            act(T0, "Ann", "use Fire Flower", targets=["SCV#1"], hit="x" * 5000),
            "hit",
            id="a Fire Flower's draw in words",
        ),
    ],
)
def test_junk_events_are_one_line_cut_short(event: dict[str, Any], words: str) -> None:
    with pytest.raises(ProfileError) as err:
        PROFILE.check(archive_from_dict(game(T0, {"Ann": {}}, [event])))
    text = str(err.value)
    assert "\n" not in text and words in text and len(text) < 300


def test_a_target_named_by_a_long_owner_is_refused_in_one_short_line() -> None:
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}},
        {},
        [cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit="Fort#1", target="x" * 5000)],
    )
    reason = run(data, NOW).actions[0]["reason"]
    assert "x" * 41 not in reason and len(reason) < 200


def test_the_fire_flowers_newest_wording_is_read() -> None:
    # The seed keeps its proposals newest first: the wording read (hc.FIRE_FLOWER) comes
    # before "5 * the player's level", which comes before the first "lose 10 hit points".
    seed = " ".join((SEED / "002_580ae568df44c2a3.txt").read_text(encoding="utf-8").split())
    newest = seed.index(hc.FIRE_FLOWER)
    middle = seed.index("all units on the same square as the player lose (5 * the player's level)")
    first = seed.index("All units on the square occupyed by the player lose 10 hit points")
    assert newest < middle < first


def test_each_actions_effect_on_hit_points_is_in_its_entry() -> None:
    import json

    from tests.gamestate.profiles.test_nomopoly_iv import EXAMPLE
    from wikibot.cli.profile_render import report_to_json

    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    out = report_to_json(run(data, data["demo"]["now"], data["demo"]["since"]))
    by_at = {(a["at"], a["player"]): a for a in out["actions"]}
    empathy = by_at[("2006-10-30T13:30:00Z", "Dee")]
    assert empathy["effects"]["hit_points"] == {
        "Ben": {"Mesmer#2": -10},
        "Dee": {"Warrior#1": -10},
    }, hc.EMPATHY
    kill = by_at[("2006-10-30T16:30:00Z", "Dee")]
    assert kill["effects"]["destroyed"] == {"Ben": ["Warrior#3"]}, hc.DESTROYED
    repair = by_at[("2006-10-30T19:30:00Z", "Dee")]
    assert repair["effects"]["hit_points"] == {"Dee": {"Wall#1": 30}}, hc.NEVER_ABOVE_MAX
    refused = by_at[("2006-10-30T16:00:00Z", "Dee")]
    assert "hit_points" not in refused.get("effects", {}), hc.SPELL_SHIELD


# Junk in the new inputs: a report or one line, never a traceback.
_value = st.sampled_from(
    [None, True, 0, 1, 7, 41, -3, "x" * 500, "SCV#1", "Fort#1", "Wall#1", "Mesmer#1", "Ben"]
    + [[], ["SCV#1"], ["Wall#1", "Fort#1"], {}, {"square": 3}, {"hp": 0}, {"columns": 5}]
)
_event = st.fixed_dictionaries(
    {
        "at": st.sampled_from(["2024-06-03T10:00:00Z", "2024-06-03T11:00:00Z"]),
        "type": st.sampled_from(["command", "action"]),
        "player": st.sampled_from(["Ann", "Ben"]),
        "command": st.sampled_from(["Move", "Attack", "Bombard", "Repair", "Heal Area", "Empathy"]),
        "unit": st.sampled_from(["Musketeer#1", "SCV#1", "Wall#1", "Monk#1", "Laser Howitzer#1"]),
        "action": st.sampled_from(
            ["use Fire Flower", "use Star Egg", "use Charged Soul Gem", "use Uncharged Soul Gem"]
        ),
    },
    optional={k: _value for k in ("target", "target_unit", "targets", "hit", "square")},
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    events=st.lists(_event, max_size=4),
    board=st.one_of(st.none(), _value, st.just({"rows": [[1, None], [3, 4]]})),
    stats=st.one_of(st.none(), _value, st.just({"Warrior": {"attack": 10}})),
    ann_square=st.sampled_from([None, 1, 2, 6]),
)
def test_junk_in_squares_and_hit_points_is_a_report_or_one_line(
    events: list[dict[str, Any]], board: Any, stats: Any, ann_square: int | None
) -> None:
    units = {
        "Musketeer#1": {"square": 1, "hp": 80},
        "SCV#1": {"square": 2, "hp": 3},
        "Wall#1": {"square": 2, "hp": 500},
        "Monk#1": {"hp": 40},
        "Laser Howitzer#1": {"square": 6, "hp": 100},
    }
    gs = {k: v for k, v in (("board", board), ("unit_stats", stats)) if v is not None}
    items = {"Fire Flower": 1, "Uncharged Soul Gem": 1, "Charged Soul Gem": 1, "Ghost": 1}
    data = game(
        T0,
        {
            "Ann": {"square": ann_square, "units": units, "items": items},
            "Ben": {"square": 2, "units": {"Fort#1": {"square": 2, "hp": 1500}}},
        },
        events,
        **gs,
    )
    try:
        archive = archive_from_dict(data)
        PROFILE.check(archive)
        run(data, NOW)
    except ProfileError as err:
        assert "\n" not in str(err) and len(str(err)) < 400


@pytest.mark.parametrize(
    "egg, terror",
    [
        pytest.param(
            False, 100 - 50, id="a Duck Pond standing takes half the Bank Account of Terror"
        ),
        pytest.param(True, 100, id=f"{hc.DESTROYED}: a Duck Pond destroyed takes nothing"),
    ],
)
def test_a_destroyed_duck_pond_takes_nothing(egg: bool, terror: int) -> None:
    events = [cmd(T0, "Ben", "Build Duck Pond", "SCV#1", square=5)]
    if egg:
        events.append(act("2024-06-03T10:30:00Z", "Ann", "use Star Egg"))
    events.append({"at": "2024-06-03T11:00:00Z", "type": "ducky", "roll": 1})
    data = two(
        {}, {"SCV#1": {"square": 5, "hp": 40}}, events, rber_ducky=4, bank_account_of_terror=100
    )
    data["roster"][0]["state"].update(square=5, items={"Star Egg": 1}, money=0)
    data["game_state"]["resources"] = {"5": 0}
    report = run(data, NOW)
    assert ("Duck Pond#1" in units(report, "Ben")) is not egg
    assert report.game_state["bank_account_of_terror"] == terror
