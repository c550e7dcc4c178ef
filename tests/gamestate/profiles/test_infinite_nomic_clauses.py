"""Infinite Nomic's rule-by-rule table (docs/profiles.md), one table-driven test per row
that no other test id quoted: factions of one's own name (2.1), the origin (5), the
indeterminate hexes (5.1.1), generation's order and pool (5.3), the Action Points (6),
the cycle's end (8), and the items' rules (7, 7.1, 7.1.2, 7.3.2.1, 7.4.2). Each id quotes
the clause as the docs row does, with the boundary it checks."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from gamestate.profiles import ProfileError, archive_from_dict
from gamestate.profiles.infinite_nomic import PROFILE
from gamestate.profiles.infinite_nomic import item_clauses as said
from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.factions import influence
from gamestate.profiles.infinite_nomic.generation import WEIGHT, biome_chance
from gamestate.profiles.infinite_nomic.items import MEDALLION_FISH
from gamestate.profiles.infinite_nomic.world import (
    DUNES,
    FLAG,
    LAKE,
    MEADOW,
    ORIGIN,
    PASS,
    SWAMP,
    TOWN,
    Hex,
    World,
)
from gamestate.profiles.infinite_nomic.world_books import action_points
from tests.gamestate.profiles.test_infinite_nomic import SEED, TUE, data
from tests.gamestate.profiles.test_infinite_nomic_items import LAKE_EAST, items_game
from tests.gamestate.profiles.test_infinite_nomic_items import act as item_act
from tests.gamestate.profiles.test_infinite_nomic_items import world as items_world
from tests.gamestate.profiles.test_infinite_nomic_world import (
    SUN,
    THU,
    act,
    draw_hex,
    mine,
    run,
    ten_flags,
)

WED = "2024-03-06T10:00:00Z"
FAY_JOINS = "2024-03-05T12:00:00Z"


def test_the_quoted_clauses_are_the_seeds_words() -> None:
    quoted = [
        words.FACTION,
        words.ORIGIN,
        words.INDETERMINATE,
        words.GENERATION,
        words.CYCLE_ENDS,
        said.NO_OWNER,
        said.INVENTORY,
        said.USE,
        said.NAME_QUALITIES,
        said.BINOCULARS,
        "Each player has 2 + ββ(S)β action points (AP) replenished at the start of each phase",
    ]
    for text in quoted:
        assert text in SEED, text


def join(player: str, when: str = FAY_JOINS) -> dict[str, Any]:
    return {"at": when, "type": "join", "player": player}


def leave(player: str, when: str) -> dict[str, Any]:
    return {"at": when, "type": "leave", "player": player}


def grant(player: str, items: dict[str, int], when: str = TUE) -> dict[str, Any]:
    return {"at": when, "type": "grant", "player": player, "items": items}


# 2.1 - Factions.

A_MERGE = [
    act("Ann", "merge_request", TUE, request="m", faction="Ben", name="Blue"),
    act("Ben", "merge_vote", TUE, request="m", vote="for"),
]


@pytest.mark.parametrize(
    "events, who, faction, members",
    [
        pytest.param(
            [act("Ann", "traverse", direction="Mouth"), draw_hex((1, 0, 0), MEADOW)],
            "Ann",
            "Ann",
            ["Ann"],
            id='2.1 "Each player is always a member of a single faction ... a faction with'
            ' their own name": Ann in Ann',
        ),
        pytest.param(
            [join("Fay"), act("Fay", "traverse", WED, direction="Mouth")],
            "Fay",
            "Fay",
            ["Fay"],
            id='2.1 "a faction with their own name": Fay, a newcomer, in Fay',
        ),
        pytest.param(
            A_MERGE,
            "Ann",
            "Blue",
            ["Ann", "Ben"],
            id='2.1 "If they have not merged with another faction": merged, Ann is in Blue',
        ),
    ],
)
def test_each_player_is_in_a_single_faction(
    events: list[dict[str, Any]], who: str, faction: str, members: list[str]
) -> None:
    result = run(events)
    assert result.state[who]["faction"] == faction
    factions = result.game_state["world"]["factions"]
    assert factions[faction]["members"] == members
    # "a single faction": no one is a member of two.
    everyone = [m for f in factions.values() for m in f["members"]]
    assert sorted(everyone) == sorted(set(everyone))
    assert all(
        result.state[m]["faction"] == name for name, f in factions.items() for m in f["members"]
    )


@pytest.mark.parametrize(
    "hexes, members, value, influential",
    [
        pytest.param(
            0,
            1,
            Fraction(0),
            False,
            id='2.1.2 "influential if it\'s influence is positive": 0 hexes',
        ),
        pytest.param(
            1, 1, Fraction(1), True, id='2.1.2 "influential if ... positive": 1 hex, 1 member'
        ),
        pytest.param(
            1, 2, Fraction(1, 2), True, id='2.1.2 "divided by it\'s number of members": 1 hex, 2'
        ),
    ],
)
def test_influence_at_zero_hexes(
    hexes: int, members: int, value: Fraction, influential: bool
) -> None:
    world = World()
    for i in range(members):
        name = f"P{i}"
        world.positions[name] = ORIGIN
        world.factions[name] = "F"
    for i in range(hexes):
        world.hexes[(i + 1, 0, 0)] = Hex(features={FLAG}, flag_owner="F")
    assert influence(world, "F") == value
    assert (influence(world, "F") > 0) is influential


# 5 - the origin.


@pytest.mark.parametrize(
    "events, who",
    [
        pytest.param(
            [act("Ann", "traverse", direction="Mouth"), draw_hex((1, 0, 0), MEADOW)],
            "Ben",
            id='5 "All players are initially on hex (0, 0, 0)": Ben, never moved',
        ),
        pytest.param(
            [join("Fay"), act("Ann", "traverse", direction="Mouth"), draw_hex((1, 0, 0), MEADOW)],
            "Fay",
            id='5 "All players are initially on hex (0, 0, 0)": Fay, who joined later',
        ),
        pytest.param(
            [
                act("Eve", "traverse", direction="Mouth"),
                draw_hex((1, 0, 0), MEADOW),
                leave("Eve", WED),
                join("Eve", "2024-03-13T10:00:00Z"),
            ],
            "Eve",
            id='5 "initially on hex (0, 0, 0)": Eve, who left from (1, 0, 0), rejoins at the'
            " origin exactly 7 days on",
        ),
    ],
)
def test_players_start_on_the_origin(events: list[dict[str, Any]], who: str) -> None:
    result = run(events, now="2024-03-14T00:00:00Z")
    assert result.state[who]["hex"] == [0, 0, 0]
    assert result.state[who]["player"] is True
    origin = result.game_state["world"]["hexes"]["(0, 0, 0)"]
    assert (origin["biome"], origin["landmark"]) == ("Meadow", "Barren")


def test_the_origin_is_a_meadow_and_barren_before_any_draw() -> None:
    """5 "with the 'Meadow' biome and 'Barren' landmark": the origin needs no hex draw; a
    draw for it is not taken (it is not indeterminate)."""
    result = run(
        [
            act("Ann", "forage"),
            {"at": TUE, "type": "draw", "what": "forage", "player": "Ann", "result": [2]},
        ]
    )
    assert mine(result, "forage")[0]["allowed"] is True  # Meadow, Barren, no features
    assert list(result.game_state["world"]["hexes"]) == ["(0, 0, 0)"]


# 5.1.1 - indeterminate hexes.

FLAG_ITEMS = {"Ann": {"Wood": 10, "Thread": 4}}


@pytest.mark.parametrize(
    "events, built, listed",
    [
        pytest.param(
            [act("Ann", "construct", feature=FLAG, hex=[1, 0, 0])],
            False,
            ["(0, 0, 0)"],
            id='5.1.1 "every hex is indeterminate until generation": a Flag on (1, 0, 0) refused',
        ),
        pytest.param(
            [
                act("Ann", "scout", hexes=[[1, 0, 0], [0, 1, 0]]),
                draw_hex((1, 0, 0), MEADOW),
                draw_hex((0, 1, 0), MEADOW),
                act("Ann", "construct", feature=FLAG, hex=[1, 0, 0]),
            ],
            True,
            ["(0, 0, 0)", "(0, 1, 0)", "(1, 0, 0)"],
            id='5.1.1 "indeterminate until generation": scouted first, the Flag is built',
        ),
    ],
)
def test_indeterminate_hexes(events: list[dict[str, Any]], built: bool, listed: list[str]) -> None:
    result = run(events, items=FLAG_ITEMS)
    verdict = mine(result, "construct")[0]
    assert verdict["allowed"] is built
    assert sorted(result.game_state["world"]["hexes"]) == listed
    if not built:
        assert "indeterminate" in verdict["reason"]
        assert result.state["Ann"]["items"] == {"Thread": 4, "Wood": 10}  # nothing spent


# 5.3 - generation: a biome, then a landmark, then features; the pool's weights.


@pytest.mark.parametrize(
    "drawn, landmark, features",
    [
        pytest.param(
            {"landmark": TOWN},
            TOWN,
            [],
            id='5.3 "a biome then a landmark then features": a Town, not corrupt, stays a Town',
        ),
        pytest.param(
            {"landmark": TOWN, "corrupted": True},
            "Barren",
            ["Corrupted"],
            id='5.3 "a biome then a landmark then features": the corruption, last, sets the'
            " Town Barren",
        ),
        pytest.param(
            {},
            "Barren",
            [],
            id='5.3.2 "a landmark is randomly selected": Barren (weight 20) when none is drawn',
        ),
    ],
)
def test_generation_order(drawn: dict[str, Any], landmark: str, features: list[str]) -> None:
    result = run([act("Ann", "traverse", direction="Mouth"), draw_hex((1, 0, 0), MEADOW, **drawn)])
    made = result.game_state["world"]["hexes"]["(1, 0, 0)"]
    assert (made["biome"], made["landmark"], made["features"]) == (MEADOW, landmark, features)


def _world(**around: str) -> World:
    world = World()
    where = {"w": (-1, 0, 0), "e2": (2, 0, 0)}
    for key, biome in around.items():
        world.hexes[where[key]] = Hex(biome)
    return world


TOTAL = sum(WEIGHT.values())  # 24: "random" draws from the biomes' weights


@pytest.mark.parametrize(
    "around, biome, chance",
    [
        pytest.param(
            {},
            MEADOW,
            (Fraction(12) + Fraction(3 * 7, TOTAL)) / 15,
            id='5.3.1 "An additional "random" entry with weight 3": by the origin, Meadow is'
            " 12/1 plus 3 x 7/24 of 15",
        ),
        pytest.param(
            {},
            "Forest",
            Fraction(3 * 5, TOTAL) / 15,
            id='5.3.1 "random" entry of weight 3: Forest only from it, 3 x 5/24 of 15',
        ),
        pytest.param(
            {},
            PASS,
            Fraction(3 * 3, TOTAL) / 15,
            id='5.3.1 "random" entry: Perilous Pass, weight 3',
        ),
        pytest.param(
            {"w": MEADOW},
            MEADOW,
            (Fraction(12, 2) + Fraction(3 * 7, TOTAL)) / 9,
            id='5.3.1 "weight in the pool is equal to B/M": a Meadow mass of 2 gives 12/2',
        ),
        pytest.param(
            {"e2": SWAMP},
            DUNES,
            Fraction(0),
            id='5.3.1.2 "the weight and bias of Deceased Dunes are 0": next to a Swamp',
        ),
        pytest.param({}, LAKE, Fraction(0), id='5.3.1.6 "Weight: 0 Bias: 0": a Lake never'),
    ],
)
def test_the_biome_pool(around: dict[str, str], biome: str, chance: Fraction) -> None:
    assert biome_chance(_world(**around), (1, 0, 0), biome) == chance


@pytest.mark.parametrize(
    "biome, allowed",
    [
        pytest.param(
            PASS, True, id='5.3.1 "random" entry: Perilous Pass (weight 3) drawn by the origin'
        ),
        pytest.param(
            LAKE, False, id='5.3.1.6 "Weight: 0 Bias: 0": a Lake drawn by the origin is refused'
        ),
    ],
)
def test_a_weight_0_biome_is_refused(biome: str, allowed: bool) -> None:
    result = run([act("Ann", "traverse", direction="Mouth"), draw_hex((1, 0, 0), biome)])
    verdict = mine(result, "traverse")[0]
    assert verdict["allowed"] is allowed
    assert result.state["Ann"]["hex"] == ([1, 0, 0] if allowed else [0, 0, 0])
    assert ("(1, 0, 0)" in result.game_state["world"]["hexes"]) is allowed


@pytest.mark.parametrize(
    "result, says",
    [
        pytest.param(
            {"hex": [1, 0, 0], "biome": MEADOW, "landmark": "Castle"},
            "unknown landmark",
            id="5.3.2 a Castle",
        ),
        pytest.param(
            {"hex": [1, 0, 0], "biome": MEADOW, "landmark": "x" * 5000},
            "unknown landmark",
            id="5.3.2 a long landmark",
        ),
        pytest.param(
            {"hex": [1, 0, 0], "biome": "x" * 5000}, "unknown biome", id="5.3.1 a long biome"
        ),
    ],
)
def test_a_hex_draw_of_junk_is_one_line(result: dict[str, Any], says: str) -> None:
    raw = data([], events=[{"at": TUE, "type": "draw", "what": "hex", "result": result}])
    with pytest.raises(ProfileError) as err:
        PROFILE.check(archive_from_dict(raw, source="test.json"))
    text = str(err.value)
    assert says in text and "\n" not in text and len(text) < 400


# 6 - Action Points.

AP_WORDS = (
    '6 "Each player has 2 + ββ(S)β action points (AP) replenished at the start of each phase"'
)


def _fish(score: int) -> dict[str, int]:
    """``score`` unique Medallion Fish, so S = score."""
    return {f"{name} (quality 1)": 1 for name in MEDALLION_FISH[:score]}


@pytest.mark.parametrize(
    "score, points",
    [
        pytest.param(0, 2, id=f"{AP_WORDS}: S = 0, 2"),
        pytest.param(3, 3, id=f"{AP_WORDS}: S = 3, one short of 4, 3"),
        pytest.param(4, 4, id=f"{AP_WORDS}: S = 4, 4"),
        pytest.param(8, 4, id=f"{AP_WORDS}: S = 8, one short of 9, 4"),
        pytest.param(9, 5, id=f"{AP_WORDS}: S = 9, 5"),
    ],
)
def test_action_points_in_play(score: int, points: int) -> None:
    """Ann, with S unique fish, steps Mouth and back until refused: exactly ``points``
    traverses in the phase; the next phase replenishes them."""
    assert action_points(score) == points
    steps = ["Mouth", "Weast"] * 3
    events = [draw_hex((1, 0, 0), MEADOW)]
    events += [act("Ann", "traverse", TUE, direction=d) for d in steps]
    # The next phase's first step, from wherever the last allowed one left her.
    events += [act("Ann", "traverse", THU, direction="Weast" if points % 2 else "Mouth")]
    result = run(events, items={"Ann": _fish(score)} if score else None)
    assert result.state["Ann"].get("quality_score", 0) == score
    allowed = [v["allowed"] for v in mine(result, "traverse")]
    assert allowed == [True] * points + [False] * (6 - points) + [True]
    assert result.state["Ann"]["ap"] == points - 1


# 8 - "The cycle then ends."


@pytest.mark.parametrize(
    "later, kind",
    [
        pytest.param(
            act("Ben", "traverse", SUN, direction="Mouth"),
            "traverse",
            id='8 "The cycle then ends.": a traverse at the winning instant',
        ),
        pytest.param(
            act("Ben", "scout", "2024-03-10T10:00:01Z", hexes=[[0, 0, 1], [0, 1, 0]]),
            "scout",
            id='8 "The cycle then ends.": a scout a second later',
        ),
        pytest.param(
            act(
                "Ben",
                "merge_request",
                "2024-03-10T11:00:00Z",
                request="r",
                faction="Cy",
                name="Red",
            ),
            "merge_request",
            id='8 "The cycle then ends.": faction business an hour later',
        ),
        pytest.param(
            act("Ann", "craft", "2024-03-10T12:00:00Z", item="Torch"),
            "craft",
            id='8 "The cycle then ends.": the winner crafting',
        ),
    ],
)
def test_the_cycle_then_ends(later: dict[str, Any], kind: str) -> None:
    items = {"Ann": {"Wood": 60, "Thread": 20, "Resin": 5}}
    won = run([*ten_flags(), later], now="2024-03-11T00:00:00Z", items=items)
    assert won.winners == ["Ann"]
    verdict = mine(won, kind)[-1]
    assert verdict["allowed"] is False and verdict["clause"] == words.CYCLE_ENDS
    assert verdict.get("effect") is None


def test_before_the_win_the_same_action_is_allowed() -> None:
    """8 "The cycle then ends.": with one Wood short of the tenth Flag, no one has won and
    Ben's traverse at the same instant is allowed (the test above can fail)."""
    later = act("Ben", "traverse", SUN, direction="Mouth")
    result = run(
        [*ten_flags(), later], now="2024-03-11T00:00:00Z", items={"Ann": {"Wood": 45, "Thread": 20}}
    )
    assert result.winners == []
    assert mine(result, "traverse")[-1]["allowed"] is True


# 7 - items a non-player would own; 7.1 - the inventory; 7.1.2 - using items.


BEFORE = "2024-03-05T09:59:59Z"


@pytest.mark.parametrize(
    "events, fay, verdicts",
    [
        pytest.param(
            [grant("Fay", {"Wood": 2}, BEFORE), join("Fay", TUE)],
            {},
            [("grant", False), ("join", True)],
            id='7 "if it would be owned by a non-player, it is instead destroyed": a grant to'
            " Fay a second before she joins",
        ),
        pytest.param(
            [join("Fay", TUE), grant("Fay", {"Wood": 2}, TUE)],
            {"Wood": 2},
            [("join", True), ("grant", True)],
            id='7 "owned by a non-player": a grant to Fay at the second she joins is hers',
        ),
        pytest.param(
            [join("Fay", TUE), grant("Fay", {"Wood": 2}, TUE), leave("Fay", WED)],
            {},
            [("join", True), ("grant", True), ("leave", True), ("items destroyed", True)],
            id='7 "if it would be owned by a non-player, it is instead destroyed": Fay leaves'
            " holding 2 Wood",
        ),
    ],
)
def test_an_item_a_non_player_would_own_is_destroyed(
    events: list[dict[str, Any]], fay: dict[str, int], verdicts: list[tuple[str, bool]]
) -> None:
    result = run([*events, grant("Ann", {"Wood": 1}, TUE)])
    fays = [a for a in result.actions if a.get("player") == "Fay"]
    assert [(a["action"], a["allowed"]) for a in fays] == verdicts
    destroyed = [a for a in fays if a["clause"] == said.NO_OWNER]
    assert len(destroyed) == (0 if fay else 1)
    assert result.state["Fay"]["items"] == fay
    assert result.state["Ann"]["items"] == {"Wood": 1}


@pytest.mark.parametrize(
    "start, events, held",
    [
        pytest.param(
            {"Wood": 3},
            [],
            {"Wood": 3},
            id='7.1 "Each player has an inventory containing all of the items they possess":'
            " the roster's start",
        ),
        pytest.param(
            {"Wood": 3},
            [grant("Ann", {"Wood": 2, "Thread": 1})],
            {"Thread": 1, "Wood": 5},
            id='7.1 "an inventory containing all of the items they possess": a grant added',
        ),
        pytest.param(
            {"Wood": 3},
            [{"at": TUE, "type": "revoke", "player": "Ann", "items": {"Wood": 3}}],
            {},
            id='7.1 "all of the items they possess": the last 3 Wood revoked, none listed',
        ),
        pytest.param(
            {"Wood": 3, "Thread": 1},
            [act("Ann", "craft", item="Standard Rod")],
            {"Standard Rod": 1, "Wood": 1},
            id='7.1 "all of the items they possess": a Standard Rod crafted from exactly'
            " 2 Wood and 1 Thread",
        ),
    ],
)
def test_the_inventory(
    start: dict[str, int], events: list[dict[str, Any]], held: dict[str, int]
) -> None:
    result = run(events, items={"Ann": start})
    assert result.state["Ann"]["items"] == held
    assert result.state["Ben"]["items"] == {}


@pytest.mark.parametrize(
    "items, says",
    [
        pytest.param({"Wood": -1}, "Wood", id='7.1 "an inventory": -1 Wood is junk'),
        pytest.param({"x" * 5000: 1}, "xxxx", id='7.1 "an inventory": a 5,000-character item'),
        pytest.param(["Wood"], "items", id='7.1 "an inventory": a list'),
    ],
)
def test_a_starting_inventory_of_junk_is_one_line(items: Any, says: str) -> None:
    raw = data([], events=[act("Ann", "forage")])
    raw["roster"][0]["state"] = {"items": items}
    with pytest.raises(ProfileError) as err:
        PROFILE.check(archive_from_dict(raw, source="test.json"))
    text = str(err.value)
    assert says in text and "\n" not in text and len(text) < 400


@pytest.mark.parametrize(
    "held, item, allowed, left",
    [
        pytest.param(
            {"Explosives": 1},
            "Explosives",
            True,
            {},
            id='7.1.2 "the item takes effect ... then the item is destroyed": the only Explosives',
        ),
        pytest.param(
            {"Explosives": 2},
            "Explosives",
            True,
            {"Explosives": 1},
            id='7.1.2 "then the item is destroyed": one of 2 Explosives',
        ),
        pytest.param(
            {},
            "Explosives",
            False,
            {},
            id='7.1.2 "can be used by the player that owns it": none held',
        ),
        pytest.param(
            {"Wood": 1},
            "Wood",
            False,
            {"Wood": 1},
            id='7.2 resources "cannot be used": Wood kept',
        ),
    ],
)
def test_a_used_item_is_destroyed(
    held: dict[str, int], item: str, allowed: bool, left: dict[str, int]
) -> None:
    result = run(
        [act("Ann", "use", item=item), grant("Ben", {"Wood": 1})],
        items={"Ann": held} if held else None,
    )
    verdict = mine(result, "use")[0]
    assert verdict["allowed"] is allowed
    assert result.state["Ann"]["items"] == left
    if allowed:
        assert verdict["clause"] == said.EXPLOSIVES


# 7.3.2.1 - naming the qualities below a catch.

NAME = '7.3.2.1 "they must name all the unnamed qualities below the quality of fish they caught"'


@pytest.mark.parametrize(
    "caught, quality, allowed, unnamed",
    [
        pytest.param(9, 8, True, [], id=f"{NAME}: 8 below a 9"),
        pytest.param(10, 8, True, [9], id=f"{NAME}: 8 below a 10, 9 still unnamed"),
        pytest.param(9, 9, False, [8], id=f"{NAME}: 9, the catch's own, is not below it"),
        pytest.param(9, 7, False, [8], id=f"{NAME}: 7 is named (Karkalicious)"),
        pytest.param(7, 8, False, [], id=f"{NAME}: a 7 leaves nothing to name"),
    ],
)
def test_naming_qualities(caught: int, quality: int, allowed: bool, unnamed: list[int]) -> None:
    rules, w = items_game(), items_world(**LAKE_EAST)
    item_act(rules, w, TUE, "fish", [{"fish": "Goldfish", "rolls": [2] * (caught - 1) + [1]}])
    verdict = item_act(rules, w, TUE, "name quality", quality=quality, name="Octo")
    assert verdict["allowed"] is allowed
    assert rules.game_state()["unnamed_qualities"] == unnamed
    if allowed:
        assert rules.game_state()["qualities"][str(quality)] == "Octo"


# 7.4.2 - Binoculars.

BINOCULARS = '7.4.2 Binoculars: "a hex within two hexes of your location"'


@pytest.mark.parametrize(
    "held, hexes, allowed",
    [
        pytest.param(
            {"Binoculars": 1}, [[2, 0, 0], [0, 0, 1]], True, id=f"{BINOCULARS}: distance 2"
        ),
        pytest.param(
            {"Binoculars": 1},
            [[3, 0, 0], [0, 0, 1]],
            False,
            id=f"{BINOCULARS}: distance 3 refused",
        ),
        pytest.param({}, [[2, 0, 0], [0, 0, 1]], False, id=f"{BINOCULARS}: none, distance 2"),
        pytest.param(
            {"Binoculars": 1},
            [[2, 0, 0], [0, 0, 2]],
            False,
            id=f"{BINOCULARS}: both at distance 2, one only",
        ),
    ],
)
def test_binoculars(held: dict[str, int], hexes: list[list[int]], allowed: bool) -> None:
    events = [act("Ann", "scout", hexes=hexes)]
    events += [draw_hex((h[0], h[1], h[2]), MEADOW) for h in hexes]
    result = run(events, now=WED, items={"Ann": held} if held else None)
    verdict = mine(result, "scout")[0]
    assert verdict["allowed"] is allowed
    listed = sorted(result.game_state["world"]["hexes"])
    made = sorted(f"({h[0]}, {h[1]}, {h[2]})" for h in hexes)
    assert listed == (sorted(["(0, 0, 0)", *made]) if allowed else ["(0, 0, 0)"])
    assert result.state["Ann"]["ap"] == (1 if allowed else 2)
    assert result.state["Ann"].get("items", {}) == held  # Binoculars are not used up


# The rows that are inputs: junk is refused in one line, cut short.


@pytest.mark.parametrize(
    "event, says",
    [
        pytest.param(act("Ann", "use", item=5), ".item: expected a name", id="7.1.2 use: item 5"),
        pytest.param(act("Ann", "use"), ".item: expected a name", id="7.1.2 use: no item"),
        pytest.param(
            act("Ann", "use", item="x" * 5000), ".item: expected a name", id="7.1.2 use: long"
        ),
        pytest.param(
            act("Ann", "name quality", quality="eight", name="E"),
            ".quality: expected a quality",
            id="7.3.2.1 name quality: a quality in words",
        ),
        pytest.param(
            act("Ann", "name quality", quality=0, name="Z"),
            ".quality: expected a quality",
            id="7.3.2.1 name quality: quality 0",
        ),
        pytest.param(
            act("Ann", "name quality", quality=8, name=""),
            ".name: expected a name",
            id="7.3.2.1 name quality: an empty name",
        ),
        pytest.param(
            act("Ann", "name quality", quality=8, name="n" * 5000),
            ".name: expected a name",
            id="7.3.2.1 name quality: a 5,000-character name",
        ),
        pytest.param(
            grant("Ann", {"Wood": 0}), "expected a count", id="7 grant: 0 Wood is no grant"
        ),
        pytest.param(
            act("Ann", "scout", hexes=[[2, 0, 0], "x" * 5000]),
            ".hexes: expected a hex",
            id="7.4.2 scout: a hex of 5,000 characters",
        ),
    ],
)
def test_junk_in_these_inputs_is_one_line(event: dict[str, Any], says: str) -> None:
    with pytest.raises(ProfileError) as err:
        run([event])
    text = str(err.value)
    assert says in text and "\n" not in text and len(text) < 300
    assert "x" * 100 not in text and "n" * 100 not in text
