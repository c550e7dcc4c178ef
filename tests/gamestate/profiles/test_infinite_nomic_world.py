"""Infinite Nomic's world (rules 2.1, 5, 6.1, 6.2 and 8): the hex grid, generation from
recorded draws checked against the rules, movement and the biomes' effects, construction,
the stagways, factions and victory, and the Action Points. Ids quote the seed at each
boundary: exactly 10 hexes, influence exactly twice, a move into a Lake, an action
costing exactly the AP left."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from gamestate.profiles import ProfileError, archive_from_dict
from gamestate.profiles.core import Archive
from gamestate.profiles.infinite_nomic import PROFILE
from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.draws import Draws
from gamestate.profiles.infinite_nomic.factions import check_victory, influence
from gamestate.profiles.infinite_nomic.generation import biome_chance, generate
from gamestate.profiles.infinite_nomic.movement import traverse
from gamestate.profiles.infinite_nomic.world import (
    BOARDWALK,
    CORRUPTED,
    DIRECTIONS,
    DUNES,
    FLAG,
    LAKE,
    MEADOW,
    ORIGIN,
    PASS,
    PYLON,
    SWAMP,
    TOWN,
    Coord,
    Hex,
    NoItems,
    World,
    adjacent,
    canonical,
    distance,
)
from gamestate.profiles.infinite_nomic.world_books import Play, action_points
from tests.gamestate.profiles.test_infinite_nomic import EXAMPLE, SEED, TUE, at, data, report

WED_LAST = "2024-03-06T23:59:59Z"
THU = "2024-03-07T00:00:00Z"
LATER = "2024-03-09T00:00:00Z"


# The seed's words.


def test_every_world_quotation_is_the_seeds_own_words() -> None:
    for name in words.__all__:
        assert getattr(words, name) in SEED, name


# Helpers.


def draw_hex(c: Coord, biome: str, when: str = TUE, **extra: Any) -> dict[str, Any]:
    return {
        "at": when,
        "type": "draw",
        "what": "hex",
        "result": {"hex": list(c), "biome": biome, **extra},
    }


def act(player: str, action: str, when: str = TUE, **fields: Any) -> dict[str, Any]:
    return {"at": when, "type": "action", "player": player, "action": action, **fields}


def archive_of(
    events: list[dict[str, Any]], items: dict[str, dict[str, int]] | None = None
) -> Archive:
    raw = data([], events=events)
    for member in raw["roster"]:
        if items and member["name"] in items:
            member["state"] = {"items": items[member["name"]]}
    archive = archive_from_dict(raw, source="test.json")
    PROFILE.check(archive)
    return archive


def run(events: list[dict[str, Any]], now: str = LATER, **kwargs: Any) -> Any:
    return report(archive_of(events, **kwargs), now)


def mine(result: Any, action: str) -> list[dict[str, Any]]:
    return [a for a in result.actions if a.get("action") == action]


def play_of(
    hexes: dict[Coord, Hex],
    at_hex: Coord = ORIGIN,
    ap: int = 2,
    events: list[dict[str, Any]] | None = None,
) -> Play:
    """Ann on ``at_hex`` of a world holding ``hexes`` (and the origin), the draws given."""
    world = World()
    world.hexes.update(hexes)
    world.positions["Ann"] = at_hex
    world.factions["Ann"] = "Ann"
    archive = archive_of(events or [])
    play = Play(world, Draws.from_archive(archive), NoItems())
    play.ap["Ann"] = ap
    return play


# 5.1, 5.2: coordinates and directions.


@pytest.mark.parametrize(
    "written, place",
    [
        pytest.param(
            (1, 0, 1), (0, 1, 0), id=f'5.1 "{words.COORDINATE}": North then Mouth is Ashe'
        ),
        pytest.param((1, 1, 0), (1, 1, 0), id='5.1 "minimal number of steps": Mouth and Ashe'),
        pytest.param((1, -1, 0), (0, 0, -1), id='5.1 "minimal": Mouth then Zest is South'),
        pytest.param((2, -1, 2), (1, 0, 1), id='5.1 "in that order": y traded for x and z'),
    ],
)
def test_a_hexs_coordinate_is_the_fewest_steps(written: Coord, place: Coord) -> None:
    assert canonical(written) == canonical(place)
    assert sum(abs(v) for v in canonical(written)) == distance(ORIGIN, written)


def test_the_six_cardinal_directions_surround_a_hex() -> None:
    """5.2: "A cardinal direction is one radiating from the edges of a hex"."""
    around = adjacent(ORIGIN)
    assert around == tuple(DIRECTIONS.values())
    assert all(distance(ORIGIN, c) == 1 for c in around)
    # Consecutive directions in the seed's order are neighbours of each other.
    assert all(distance(around[i], around[(i + 1) % 6]) == 1 for i in range(6))


def test_the_origin_is_a_meadow_with_a_barren_landmark() -> None:
    result = run([act("Ann", "scout", hexes=[[1, 0, 0], [0, 1, 0]])])
    assert result.game_state["world"]["hexes"]["(0, 0, 0)"] == {
        "biome": MEADOW,
        "landmark": "Barren",
        "features": [],
    }
    assert {n: s["hex"] for n, s in result.state.items()} == {
        n: [0, 0, 0] for n in ("Ann", "Ben", "Cy", "Dee", "Eve")
    }


# 5.3: generation.


@pytest.mark.parametrize(
    "near, biome, allowed",
    [
        pytest.param(SWAMP, DUNES, False, id=f'5.3.1.2 "{words.DUNES_NEXT_TO_SWAMP}"'),
        pytest.param(DUNES, SWAMP, False, id=f'5.3.1.5 "{words.SWAMP_NEXT_TO_DUNES}"'),
        pytest.param(MEADOW, LAKE, False, id='5.3.1.6 "Weight: 0 Bias: 0": never drawn'),
        pytest.param(MEADOW, DUNES, True, id='5.3.1.2 "Weight: 4" away from a Swamp'),
        pytest.param(SWAMP, SWAMP, True, id=f'5.3.1 "{words.BIOME_POOL}": a Swamp by a Swamp'),
    ],
)
def test_a_drawn_biome_the_pool_cannot_give_is_refused(
    near: str, biome: str, allowed: bool
) -> None:
    target = (2, 0, 0)
    play = play_of({(1, 0, 0): Hex(near)}, events=[draw_hex(target, biome)])
    made = generate(play.world, target, play.draws, at(TUE), "Ann")
    assert made.ok is allowed
    assert (target in play.world.hexes) is allowed


def test_the_pool_weights_a_neighbour_by_its_bias_over_its_mass() -> None:
    """5.3.1: B/M for each adjacent hex, plus "random" weight 3 over the biomes' weights."""
    world = World()  # the origin: a Meadow (bias 12) of mass 1
    weights = Fraction(7 + 4 + 5 + 3 + 5)
    meadow = (12 + 3 * Fraction(7) / weights) / 15
    assert biome_chance(world, (1, 0, 0), MEADOW) == meadow
    assert biome_chance(world, (1, 0, 0), PASS) == 3 * Fraction(3) / weights / 15
    # A mass of two Meadows halves each one's share (M = 2).
    world.hexes[(0, 1, 0)] = Hex(MEADOW)
    both = (Fraction(12, 2) * 2 + 3 * Fraction(7) / weights) / 15
    assert biome_chance(world, (1, 0, 0), MEADOW) == both


def test_a_hex_cut_off_from_the_indeterminate_mass_is_a_lake() -> None:
    """5.3.1.6: the hex enclosed when its sixth neighbour is generated becomes a Lake."""
    hole = (1, 0, 0)
    ring = [c for c in adjacent(hole) if c != ORIGIN]
    last = ring.pop()
    play = play_of({c: Hex(MEADOW) for c in ring}, events=[draw_hex(last, MEADOW)])
    assert play.world.hex_at(hole) is None  # one neighbour still open: not yet
    made = generate(play.world, last, play.draws, at(TUE), "Ann")
    assert made.ok and "a Lake" in made.text
    lake = play.world.hex_at(hole)
    assert lake is not None and (lake.biome, lake.landmark) == (LAKE, "Barren")


@pytest.mark.parametrize(
    "pylon, corrupted",
    [
        pytest.param(False, True, id=f'5.3.3.1 "{words.CORRUPT_SET}"'),
        pytest.param(None, True, id='5.3.3.1 "5% chance to be corrupt": as features'),
        pytest.param(True, False, id=f'5.3.3.3 "{words.PYLON}"'),
    ],
)
def test_a_corrupt_hex_loses_its_town_unless_a_pylon_is_near(
    pylon: bool | None, corrupted: bool
) -> None:
    near = Hex(MEADOW, features={PYLON} if pylon else set())
    target = (2, 0, 0)
    drawn: dict[str, Any] = {"features": [CORRUPTED]} if pylon is None else {"corrupted": True}
    play = play_of({(1, 0, 0): near}, events=[draw_hex(target, MEADOW, landmark=TOWN, **drawn)])
    assert generate(play.world, target, play.draws, at(TUE), "Ann").ok
    h = play.world.hexes[target]
    assert (h.corrupted, h.landmark) == (corrupted, "Barren" if corrupted else TOWN)


# 6.2: Traverse and the biomes' movement rules.


@pytest.mark.parametrize(
    "on, ap, allowed",
    [
        pytest.param(MEADOW, 1, True, id=f'6.2 "{words.TRAVERSE_COST}": exactly the 1 AP left'),
        pytest.param(MEADOW, 0, False, id='6.2 "AP Cost: 1": none left'),
        pytest.param(PASS, 2, True, id=f'5.3.1.4 "{words.PASS_COST}": exactly 2 left'),
        pytest.param(PASS, 1, False, id='5.3.1.4 "1 additional action point": 1 left'),
    ],
)
def test_a_traverse_costs_its_ap(on: str, ap: int, allowed: bool) -> None:
    play = play_of({(1, 0, 0): Hex(on), (2, 0, 0): Hex(on)}, at_hex=(1, 0, 0), ap=ap)
    verdict = traverse(play, "Ann", at(TUE), (2, 0, 0))
    assert verdict["allowed"] is allowed
    assert play.world.positions["Ann"] == ((2, 0, 0) if allowed else (1, 0, 0))
    assert play.ap["Ann"] == (0 if allowed else ap)


@pytest.mark.parametrize(
    "boardwalk, moves",
    [
        pytest.param(False, False, id=f'5.3.1.6 "{words.LAKE_NO_MOVE}"'),
        pytest.param(True, True, id=f'5.3.3.5 "{words.BOARDWALK}": onto a Lake'),
    ],
)
def test_a_move_into_a_lake(boardwalk: bool, moves: bool) -> None:
    lake = Hex(LAKE, features={BOARDWALK} if boardwalk else set())
    play = play_of({(1, 0, 0): lake})
    verdict = traverse(play, "Ann", at(TUE), (1, 0, 0))
    assert verdict["allowed"] and verdict["clause"] == (
        words.TRAVERSE if moves else words.LAKE_NO_MOVE
    )
    assert play.world.positions["Ann"] == ((1, 0, 0) if moves else ORIGIN)
    assert play.ap["Ann"] == 1  # the attempt is spent either way


@pytest.mark.parametrize(
    "to_biome, drawn, moves",
    [
        pytest.param(MEADOW, True, True, id=f'5.3.1.5 "{words.SWAMP_CHANCE}": the 15% came up'),
        pytest.param(MEADOW, False, False, id='5.3.1.5 "they have a 15% chance to move": not'),
        pytest.param(MEADOW, None, False, id='4 "If the randomisation is not resolved": stays'),
        pytest.param(SWAMP, None, True, id='5.3.1.5 "to a different mass": the same mass'),
    ],
)
def test_leaving_a_swamps_mass(to_biome: str, drawn: bool | None, moves: bool) -> None:
    events = (
        [] if drawn is None else [{"at": TUE, "type": "draw", "what": "swamp", "result": drawn}]
    )
    play = play_of({ORIGIN: Hex(SWAMP), (1, 0, 0): Hex(to_biome)}, events=events)
    assert traverse(play, "Ann", at(TUE), (1, 0, 0))["allowed"]
    assert play.world.positions["Ann"] == ((1, 0, 0) if moves else ORIGIN)


@pytest.mark.parametrize(
    "winds, boardwalk, ends",
    [
        pytest.param([1, 1, 0], False, (1, 1, 0), id=f'5.3.1.2 "{words.DUNES_WINDS}"'),
        pytest.param(False, False, (1, 0, 0), id='5.3.1.2 "there is a 20% chance": calm'),
        pytest.param([1, 1, 0], True, (1, 0, 0), id=f'5.3.3.5 "{words.BOARDWALK}": no winds'),
    ],
)
def test_the_buffeting_winds(winds: Any, boardwalk: bool, ends: Coord) -> None:
    dunes = Hex(DUNES, features={BOARDWALK} if boardwalk else set())
    events = [
        {"at": TUE, "type": "draw", "what": "winds", "result": winds},
        draw_hex((1, 1, 0), MEADOW),
    ]
    play = play_of({(1, 0, 0): dunes}, events=events)
    assert traverse(play, "Ann", at(TUE), (1, 0, 0))["allowed"]
    assert play.world.positions["Ann"] == ends
    assert play.ap["Ann"] == 1  # "for no additional action point cost"


def test_moving_to_a_corrupted_hex_corrupts_the_hex_moved_from() -> None:
    """5.3.3.1: its Flag and Town go with the corruption."""
    start = Hex(MEADOW, TOWN, {FLAG}, "Ann")
    play = play_of({ORIGIN: start, (1, 0, 0): Hex(MEADOW, features={CORRUPTED})})
    verdict = traverse(play, "Ann", at(TUE), (1, 0, 0))
    assert verdict["allowed"] and verdict["clause"] == words.CORRUPT_SPREAD
    assert "moving to a corrupted hex: (0, 0, 0) is corrupted" in verdict["effect"]
    h = play.world.hexes[ORIGIN]
    assert (h.features, h.landmark, h.flag_owner) == ({CORRUPTED}, "Barren", None)


# Through the archive: AP each phase, scouting, construction, the stagways.


def test_ap_are_set_anew_at_the_start_of_each_phase() -> None:
    """6: "replenished at the start of each phase"; Thursday 00:00 begins Phase II."""
    events = [
        act("Ann", "traverse", WED_LAST, direction="Mouth"),
        draw_hex((1, 0, 0), MEADOW, WED_LAST),
        act("Ann", "traverse", WED_LAST, direction="Weast"),
        act("Ann", "traverse", WED_LAST, direction="Mouth"),
        act("Ann", "traverse", THU, direction="Mouth"),
    ]
    result = run(events)
    assert [a["allowed"] for a in mine(result, "traverse")] == [True, True, False, True]
    assert "has 0 left" in mine(result, "traverse")[2]["reason"]
    assert result.state["Ann"]["ap"] == 1 and result.state["Ann"]["hex"] == [1, 0, 0]


@pytest.mark.parametrize(
    "score, points",
    [
        pytest.param(0, 2, id='6 "2 + ⌊√S⌋" (garbled "ββ(S)β"): S = 0'),
        pytest.param(3, 3, id='6 "2 + ⌊√S⌋": S = 3, one short of a square'),
        pytest.param(4, 4, id='6 "2 + ⌊√S⌋": S = 4'),
    ],
)
def test_action_points_from_the_quality_score(score: int, points: int) -> None:
    assert action_points(score) == points


def test_scouting_generates_two_adjacent_hexes_or_nothing() -> None:
    events = [
        act("Ann", "scout", hexes=[[1, 0, 0], [0, 1, 0]]),
        draw_hex((1, 0, 0), "Forest"),
        act("Ben", "scout", hexes=[[1, 0, 0], [2, 0, 0]]),
        act("Cy", "scout", hexes=[[0, 0, 1], [0, -1, 0]]),
        draw_hex((0, 0, 1), "Forest"),
    ]
    result = run(events)
    verdicts = mine(result, "scout")
    assert [v["allowed"] for v in verdicts] == [False, False, False]
    assert "no hex draw" in verdicts[0]["reason"] and "not adjacent" in verdicts[1]["reason"]
    assert list(result.game_state["world"]["hexes"]) == ["(0, 0, 0)"]
    assert any("no action called for it" in w for w in result.warnings)


def _flag_on_origin(items: dict[str, int], where: list[int] | None = None) -> Any:
    events = [act("Ann", "construct", feature=FLAG, **({"hex": where} if where else {}))]
    return run(events, items={"Ann": items})


@pytest.mark.parametrize(
    "items, allowed",
    [
        pytest.param({"Wood": 5, "Thread": 2}, True, id=f'5.3.3.2 "{words.FLAG_COST}": exactly'),
        pytest.param({"Wood": 5, "Thread": 1}, False, id='5.3.3.2 "5 wood and 2 thread": 1 short'),
    ],
)
def test_a_flag_costs_five_wood_and_two_thread(items: dict[str, int], allowed: bool) -> None:
    result = _flag_on_origin(items)
    verdict = mine(result, "construct")[0]
    assert verdict["allowed"] is allowed
    flag = result.game_state["world"]["hexes"]["(0, 0, 0)"].get("flag")
    assert flag == ("Ann" if allowed else None)
    assert result.game_state["world"]["factions"]["Ann"]["hexes"] == (1 if allowed else 0)
    assert result.state["Ann"]["items"] == ({} if allowed else items)


def test_construction_on_or_adjacent_to_the_players_hex_only() -> None:
    """5.3.4: "on or adjacent to their hex"; an indeterminate hex has no data to build on."""
    two_away = _flag_on_origin({"Wood": 5, "Thread": 2}, [2, 0, 0])
    assert "neither on nor adjacent" in mine(two_away, "construct")[0]["reason"]
    unknown = _flag_on_origin({"Wood": 5, "Thread": 2}, [1, 0, 0])
    assert mine(unknown, "construct")[0]["clause"] == words.INDETERMINATE


def test_the_stagways_end_a_players_actions_for_the_phase() -> None:
    cost = {"Stone": 16, "Steel": 10, "Hide": 2}
    events = [
        act("Ann", "scout", hexes=[[1, 0, 0], [0, 1, 0]]),
        draw_hex((1, 0, 0), MEADOW),
        draw_hex((0, 1, 0), MEADOW),
        act("Ann", "construct", feature="Stag Station"),
        act("Ann", "construct", feature="Stag Station", hex=[1, 0, 0]),
        act("Ann", "stagways", hex=[1, 0, 0]),
        act("Ann", "traverse", direction="Ashe"),
        act("Ann", "traverse", THU, direction="Weast"),
    ]
    result = run(events, items={"Ann": cost})
    moves = mine(result, "stagways") + mine(result, "traverse")
    assert [m["allowed"] for m in moves] == [True, False, True]
    assert moves[1]["clause"] == words.STAGWAYS_REST
    assert result.state["Ann"]["hex"] == [0, 0, 0]


# 2.1: factions.


def test_a_merge_is_accepted_by_more_affirmative_than_against_votes() -> None:
    events = [
        act("Ann", "construct", feature=FLAG),
        act("Ann", "merge_request", request="m1", faction="Ben", name="Blue"),
        act("Ben", "merge_vote", request="m1", vote="against"),
        act("Cy", "merge_vote", request="m1", vote="for"),
        act("Ann", "merge_vote", request="m1", vote="for"),
        act("Ben", "merge_vote", request="m1", vote="for"),
    ]
    result = run(events, items={"Ann": {"Wood": 5, "Thread": 2}})
    votes = mine(result, "merge_vote")
    assert [v["allowed"] for v in votes] == [True, False, True, True]
    assert votes[1]["clause"] == words.MERGE_VOTERS
    assert "1 for, 1 against: not accepted yet" in votes[2]["effect"]
    assert votes[3]["clause"] == words.MERGE_FLAGS
    factions = result.game_state["world"]["factions"]
    assert factions["Blue"] == {
        "members": ["Ann", "Ben"],
        "hexes": 1,
        "influence": 0.5,
        "influential": True,
    }
    assert result.game_state["world"]["hexes"]["(0, 0, 0)"]["flag"] == "Blue"


def test_the_last_member_leaving_destroys_the_factions_flags() -> None:
    """2.1.2: "If there would be no members of the old faction, it is deleted and all of
    it's flags destroyed"."""
    events = [
        act("Ann", "construct", feature=FLAG),
        act("Ann", "merge_request", request="m1", faction="Ben", name="Blue"),
        act("Ben", "merge_vote", request="m1", vote="for"),
        act("Ann", "leave_faction"),
        act("Ben", "leave_faction"),
    ]
    result = run(events, items={"Ann": {"Wood": 5, "Thread": 2}})
    leaves = mine(result, "leave_faction")
    assert [v["allowed"] for v in leaves] == [True, True]
    assert "flag(s) destroyed" in leaves[1]["effect"]
    assert "flag" not in result.game_state["world"]["hexes"]["(0, 0, 0)"]
    assert set(result.game_state["world"]["factions"]) == {"Ann", "Ben", "Cy", "Dee", "Eve"}


# 8: victory.


def _flags(world: World, faction: str, count: int, start: int) -> None:
    for i in range(count):
        world.hexes[(start + i, 0, 0)] = Hex(MEADOW, features={FLAG}, flag_owner=faction)


@pytest.mark.parametrize(
    "mine_, theirs, members, wins",
    [
        pytest.param(10, 0, 1, True, id=f'8 "{words.VICTORY}": exactly 10, none other'),
        pytest.param(9, 0, 1, False, id='8 "at least 10 hexes": 9'),
        pytest.param(10, 5, 1, True, id='8 "at least twice the influence": exactly twice'),
        pytest.param(10, 6, 1, False, id='8 "at least twice the influence": 10 to 6'),
        pytest.param(12, 3, 2, True, id='2.1.2 "divided by it\'s number of members": 6 to 3'),
    ],
)
def test_the_first_faction_to_occupy_ten_hexes_with_twice_the_influence(
    mine_: int, theirs: int, members: int, wins: bool
) -> None:
    play = play_of({})
    world = play.world
    world.factions.update({"Ben": "Ann" if members == 2 else "Ben", "Cy": "Cy"})
    _flags(world, "Ann", mine_, 1)
    _flags(world, "Cy", theirs, 100)
    check_victory(play, at(TUE))
    assert (play.winner is not None) is wins
    assert influence(world, "Ann") == Fraction(mine_, members)
    if wins:
        assert play.winner is not None and play.winner["faction"] == "Ann"


SUN = "2024-03-10T10:00:00Z"
RING = [list(c) for c in adjacent(ORIGIN)]
AROUND = [[2, 0, 0], [1, 1, 0], [1, 0, -1]]


def ten_flags() -> list[dict[str, Any]]:
    """Ann scouts the origin's six neighbours, builds seven flags, steps Mouth, scouts
    three more hexes and builds three more: her tenth flag wins."""
    events = [act("Ann", "scout", TUE, hexes=RING[0:2]), act("Ann", "scout", TUE, hexes=RING[2:4])]
    events += [act("Ann", "scout", THU, hexes=RING[4:6])]
    events += [draw_hex(tuple(c), MEADOW, TUE if i < 4 else THU) for i, c in enumerate(RING)]
    events += [act("Ann", "construct", THU, feature=FLAG, hex=c) for c in [[0, 0, 0], *RING]]
    events += [act("Ann", "traverse", THU, direction="Mouth")]
    events += [act("Ann", "scout", SUN, hexes=AROUND[0:2])]
    events += [act("Ann", "scout", SUN, hexes=[AROUND[2], [0, 0, -1]])]
    events += [draw_hex(tuple(c), MEADOW, SUN) for c in AROUND]
    events += [act("Ann", "construct", SUN, feature=FLAG, hex=c) for c in AROUND]
    return events


@pytest.mark.parametrize(
    "flags, wins",
    [
        pytest.param(10, True, id=f'8 "{words.VICTORY}": the tenth flag'),
        pytest.param(9, False, id='8 "at least 10 hexes": one Wood short of the tenth'),
    ],
)
def test_the_cycle_ends_when_a_faction_wins(flags: int, wins: bool) -> None:
    """8: "The cycle then ends": the winner is reported and later actions are refused."""
    events = ten_flags() + [act("Ben", "traverse", SUN, direction="Mouth")]
    result = run(
        events, now="2024-03-11T00:00:00Z", items={"Ann": {"Wood": 5 * flags, "Thread": 20}}
    )
    built = [a["allowed"] for a in mine(result, "construct")]
    assert built == [True] * flags + [False] * (10 - flags)
    assert result.game_state["world"]["factions"]["Ann"]["hexes"] == flags
    assert result.winners == (["Ann"] if wins else [])
    last = mine(result, "traverse")[-1]
    assert last["allowed"] is not wins
    if wins:
        assert result.game_end == {
            "day": "2024-03-10",
            "winner": "Ann",
            "condition": words.VICTORY,
        }
        assert last["clause"] == words.CYCLE_ENDS
        assert result.game_state["world"]["winner"]["at"] == SUN


# Unchanged and junk.


def test_a_game_with_no_world_events_reports_as_before() -> None:
    result = run([])
    assert "world" not in result.game_state
    assert set(result.state["Ann"]) == {"player", "reputable"}


@pytest.mark.parametrize(
    "event, says",
    [
        pytest.param(act("Ann", "traverse", hex=[1, 0, 1]), "minimal steps", id="a hex not 5.1's"),
        pytest.param(act("Ann", "traverse", hex=[1, 0]), "[x, y, z]", id="two ordinates"),
        pytest.param(act("Ann", "traverse", hex=[1, True, 0]), "[x, y, z]", id="a boolean"),
        pytest.param(act("Ann", "traverse", direction="Up"), "unknown direction", id="Up"),
        pytest.param(act("Ann", "traverse"), "hex or its direction", id="nowhere"),
        pytest.param(act("Ann", "traverse", direction=["Mouth"]), "direction", id="a list"),
        pytest.param(act("Ann", "fly" * 2000), "unknown action", id="a long action"),
        pytest.param(act("Ann", "scout", hexes=[[1, 0, 0]]), "two hexes", id="one hex"),
        pytest.param(act("Ann", "merge_vote", request="m", vote="yes"), "for or", id="yes"),
        pytest.param(draw_hex((1, 0, 0), "Tundra"), "unknown biome", id="Tundra"),
        pytest.param(draw_hex((1, 0, 0), MEADOW, features=[FLAG]), "constructed", id="a flag"),
        pytest.param(
            draw_hex((1, 0, 0), MEADOW, features=[CORRUPTED], corrupted=False),
            "disagree",
            id="corrupt and not",
        ),
        pytest.param(
            {"at": TUE, "type": "draw", "what": "swamp", "result": 0.15}, "true", id="15%"
        ),
        pytest.param({"at": TUE, "type": "draw", "what": "dice", "result": 3}, "draw", id="dice"),
    ],
)
def test_junk_is_one_line_cut_short(event: dict[str, Any], says: str) -> None:
    with pytest.raises(ProfileError) as caught:
        archive_of([event])
    message = str(caught.value)
    assert says in message and "\n" not in message and len(message) < 600


# The example archive.


EXAMPLE_CLAUSES = [
    words.SCOUT,
    words.SCOUT_COST,
    words.TRAVERSE,
    words.TRAVERSE_COST,
    words.AP,
    words.GENERATION,
    words.DUNES_WINDS,
    words.PASS_COST,
    words.SWAMP_CHANCE,
    words.LAKE_NO_MOVE,
    words.CORRUPT_SPREAD,
    words.CONSTRUCTION,
    words.CONSTRUCT_WHERE,
    words.INDETERMINATE,
    words.FLAG_COST,
    words.FLAG_ONE,
    words.FLAG_OWNED,
    words.PYLON_CURES,
    words.STAG_COST,
    words.STAGWAYS,
    words.STAGWAYS_REST,
    words.MERGE,
    words.MERGE_NAME,
    words.MERGE_VOTERS,
    words.MERGE_ACCEPTED,
    words.MERGE_FLAGS,
    words.LEAVE_FACTION,
    words.CYCLE_ENDS,
]

MID = "2024-03-18T12:00:00Z"
"""The example before its last week: the world as it stood before the Flags went up."""


def example_report(now: str | None = None) -> Any:
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive = archive_from_dict(raw, source="infinite-nomic.json")
    return report(archive, now or raw["demo"]["now"], raw["demo"]["since"])


@pytest.mark.parametrize("clause", EXAMPLE_CLAUSES, ids=lambda c: c[:70])
def test_the_example_touches_each_world_rule(clause: str) -> None:
    assert clause in {a["clause"] for a in example_report().actions}


def test_the_examples_world_before_the_flags() -> None:
    result = example_report(MID)
    said = " ".join(a["reason"] for a in result.actions)
    assert "(1, 0, 0) is cut off from the indeterminate hexes: a Lake" in said
    assert "which it cannot be next to a Swamp" in said
    world = result.game_state["world"]
    assert world["hexes"]["(1, 0, 0)"]["biome"] == LAKE
    assert world["hexes"]["(-1, -1, 0)"] == {
        "biome": PASS,
        "landmark": "Barren",
        "features": [FLAG, "Stag Station"],
        "flag": "Wayfarers",
    }
    assert world["factions"]["Wayfarers"] == {
        "members": ["Eve"],
        "hexes": 1,
        "influence": 1,
        "influential": True,
    }
    assert world["winner"] is None and result.winners == [] and result.game_end is None
    where = {n: (s["hex"], s["faction"]) for n, s in result.state.items() if s["player"]}
    assert where == {
        "Ann": ([-1, 0, 0], "Ann"),
        "Ben": ([0, 1, 0], "Ben"),
        "Cy": ([0, 0, -1], "Cy"),
        "Eve": ([-1, -1, 0], "Wayfarers"),
        "Fay": ([-1, -1, 0], "Fay"),
    }


def flags_after(result: Any, n: int) -> str:
    """When the Hexwrights' n-th Flag went up."""
    ups = [
        a["at"]
        for a in result.actions
        if a["action"] == "construct" and a["allowed"] and "faction Hexwrights" in a["effect"]
    ]
    return str(ups[n - 1])


@pytest.mark.parametrize(
    "n, won",
    [
        pytest.param(10, False, id='8 "at least 10 hexes" but 10/2 = 5 < twice Wayfarers\' 3'),
        pytest.param(11, False, id='8 "at least twice the influence": 11/2 = 5.5 < 6'),
        pytest.param(12, True, id='8 "at least twice the influence": 12/2 = 6, exactly twice 3'),
    ],
)
def test_the_example_is_won_at_exactly_twice_the_influence(n: int, won: bool) -> None:
    at_flag = flags_after(example_report(), n)
    result = example_report(at_flag)
    world = result.game_state["world"]
    assert world["factions"]["Hexwrights"]["hexes"] == n
    assert world["factions"]["Hexwrights"]["members"] == ["Ann", "Ben"]
    assert world["factions"]["Wayfarers"] == {
        "members": ["Eve"],
        "hexes": 3,
        "influence": 3,
        "influential": True,
    }
    assert (world["winner"] is not None) is won
    assert (result.game_end is not None) is won


def test_the_example_ends_the_cycle() -> None:
    result = example_report()
    world = result.game_state["world"]
    assert world["winner"] == {
        "faction": "Hexwrights",
        "at": "2024-03-24T12:30:00Z",
        "hexes": 12,
        "influence": 6,
        "clause": words.VICTORY,
    }
    assert result.winners == ["Hexwrights"]
    assert result.game_end == {
        "day": "2024-03-24",
        "winner": "Hexwrights",
        "condition": words.VICTORY,
    }
    later = [a for a in result.actions if a["at"] > "2024-03-24T12:30:00Z"]
    assert [(a["player"], a["action"], a["allowed"], a["clause"]) for a in later] == [
        ("Eve", "stagways", False, words.CYCLE_ENDS)
    ]
    occupied = {c: h["flag"] for c, h in world["hexes"].items() if h.get("flag")}
    assert sorted(c for c, f in occupied.items() if f == "Wayfarers") == [
        "(-1, -1, 0)",
        "(-2, 0, 0)",
        "(0, -1, 0)",
    ]
    assert len([f for f in occupied.values() if f == "Hexwrights"]) == 12


def test_status_prints_the_world() -> None:
    from wikibot.cli.world_text import world_lines

    lines = world_lines(example_report(MID).game_state)
    assert lines[0] == "World: 15 hexes generated (any other is indeterminate):"
    assert "    (-1, -1, 0) Perilous Pass, Barren; Stag Station, Flag of Wayfarers" in lines
    assert "    Wayfarers (Eve): 1 hex occupied, influence 1, influential" in lines
    lines = world_lines(example_report().game_state)
    assert lines[0] == "World: 19 hexes generated (any other is indeterminate):"
    assert "    Hexwrights (Ann, Ben): 12 hexes occupied, influence 6, influential" in lines
    assert "    Wayfarers (Eve): 3 hexes occupied, influence 3, influential" in lines
    assert world_lines(run([]).game_state) == []


@pytest.mark.parametrize(
    "merged, flag_left",
    [
        pytest.param(False, None, id=f'2.1.2 "{words.LEAVE_FACTION}": alone, read literally'),
        pytest.param(True, "Blue", id='2.1.2 "If there would be no members": Ben stays in Blue'),
    ],
)
def test_leaving_ones_faction(merged: bool, flag_left: str | None) -> None:
    events = [act("Ann", "construct", feature=FLAG)]
    if merged:
        events += [
            act("Ann", "merge_request", request="m1", faction="Ben", name="Blue"),
            act("Ben", "merge_vote", request="m1", vote="for"),
        ]
    result = run(events + [act("Ann", "leave_faction")], items={"Ann": {"Wood": 5, "Thread": 2}})
    assert mine(result, "leave_faction")[0]["allowed"]
    assert result.game_state["world"]["hexes"]["(0, 0, 0)"].get("flag") == flag_left
    assert result.state["Ann"]["faction"] == "Ann"


@pytest.mark.parametrize(
    "drawn, moves",
    [
        pytest.param(WED_LAST, True, id='4 "or by phase end": the phase\'s last second'),
        pytest.param(THU, False, id='4 "If the randomisation is not resolved": the next phase'),
    ],
)
def test_a_draw_counts_only_until_its_phase_ends(drawn: str, moves: bool) -> None:
    events = [act("Ann", "traverse", TUE, direction="Mouth"), draw_hex((1, 0, 0), MEADOW, drawn)]
    result = run(events)
    assert mine(result, "traverse")[0]["allowed"] is moves
    assert result.state["Ann"]["hex"] == ([1, 0, 0] if moves else [0, 0, 0])
    assert any("no action called for it" in w for w in result.warnings) is not moves


# The world as an archive starts it (mid-cycle).


def started(hexes: list[dict[str, Any]], **state: dict[str, Any]) -> Archive:
    raw = data([], events=[act("Ann", "traverse", direction="Mouth")])
    raw["game_state"] = {"hexes": hexes}
    for member in raw["roster"]:
        member["state"] = state.get(member["name"], {})
    archive = archive_from_dict(raw, source="test.json")
    PROFILE.check(archive)
    return archive


def test_an_archive_may_start_mid_cycle_with_its_world() -> None:
    hexes = [
        {"hex": [1, 0, 0], "biome": "Forest", "features": ["Flag"], "flag": "Blue"},
        {"hex": [2, 0, 0], "biome": SWAMP, "landmark": TOWN},
    ]
    archive = started(hexes, Ann={"hex": [1, 0, 0], "faction": "Blue"}, Ben={"faction": "Blue"})
    result = report(archive, LATER)
    assert mine(result, "traverse")[0]["allowed"]  # Mouth of (1, 0, 0): the Swamp
    assert result.state["Ann"]["hex"] == [2, 0, 0] and result.state["Ben"]["hex"] == [0, 0, 0]
    blue = result.game_state["world"]["factions"]["Blue"]
    assert (blue["members"], blue["hexes"], blue["influence"]) == (["Ann", "Ben"], 1, 0.5)
    assert result.game_state["world"]["hexes"]["(2, 0, 0)"]["landmark"] == TOWN


@pytest.mark.parametrize(
    "hexes, state, says",
    [
        pytest.param([], {"hex": [1, 0, 0]}, "is indeterminate", id="a player off the world"),
        pytest.param(
            [{"hex": [1, 0, 0], "biome": MEADOW, "features": [FLAG]}],
            {},
            "flag",
            id="a Flag of no one",
        ),
        pytest.param(
            [{"hex": [1, 0, 0], "biome": MEADOW, "flag": "Ann"}],
            {},
            "flag",
            id="a flag and no Flag",
        ),
        pytest.param(
            [{"hex": [1, 0, 0], "biome": MEADOW, "features": [FLAG], "flag": "Zed"}],
            {},
            "no player's faction",
            id="a Flag of no faction",
        ),
        pytest.param(
            [{"hex": [1, 0, 0], "biome": MEADOW, "features": ["Moat"]}], {}, "features", id="a Moat"
        ),
        pytest.param([{"hex": [1, 0, 0], "biome": MEADOW}] * 2, {}, "listed twice", id="twice"),
        pytest.param([{"hex": [1, 0, 1], "biome": MEADOW}], {}, "minimal steps", id="not 5.1's"),
        pytest.param("x" * 5000, {}, "expected a list", id="a long string"),
    ],
)
def test_a_starting_world_that_cannot_be_is_refused(
    hexes: Any, state: dict[str, Any], says: str
) -> None:
    with pytest.raises(ProfileError) as caught:
        started(hexes, Ann=state)
    message = str(caught.value)
    assert says in message and "\n" not in message and len(message) < 600
