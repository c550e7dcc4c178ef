"""Infinite Nomic's items (rule 7), fishing (6.3, 7.3) and foraging (6.4), judged by the
item rules the world's loop calls (:class:`Items`). Ids quote the seed at each boundary:
the 40% cap, trade consents exactly 7 days apart, a d2 run, each recipe one resource
short."""

from __future__ import annotations

import copy
import json
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles import ProfileError, archive_from_dict
from gamestate.profiles.core import Event
from gamestate.profiles.infinite_nomic import PROFILE
from gamestate.profiles.infinite_nomic import item_clauses as said
from gamestate.profiles.infinite_nomic.books import Books
from gamestate.profiles.infinite_nomic.checks import read_rules
from gamestate.profiles.infinite_nomic.crafting import FORAGE_TABLES, RECIPE_TEXT, RECIPES
from gamestate.profiles.infinite_nomic.fishing import (
    CONDITION_TEXT,
    FishingSpot,
    catch_chance,
    eligible,
    judge_catch,
    medallion_chance,
    quality_of,
)
from gamestate.profiles.infinite_nomic.item_checks import check_items
from gamestate.profiles.infinite_nomic.item_rules import Items
from gamestate.profiles.infinite_nomic.items import (
    MEDALLION_FISH,
    Inventory,
    count_text,
    medallion_name,
)
from gamestate.profiles.infinite_nomic.world import (
    BOARDWALK,
    CORRUPTED,
    FLAG,
    LAKE,
    ORIGIN,
    TOWN,
    Hex,
    Turn,
    World,
)
from gamestate.profiles.infinite_nomic.world_books import action_points
from tests.gamestate.profiles.test_infinite_nomic import EXAMPLE, SEED, TUE, at, data
from tests.gamestate.profiles.test_schema import (
    Mutation,
    _event,
    _set,
    reader_refuses,
    schema_refuses,
)

NEXT_TUE = "2024-03-12T10:00:00Z"


# The seed's words.


def test_every_item_quotation_is_the_seeds_own_words() -> None:
    for name in said.__all__:
        assert getattr(said, name) in SEED, name
    for text in [*RECIPE_TEXT.values(), *CONDITION_TEXT.values()]:
        assert text in SEED, text


# 7.3 - the chance of a Medallion Fish, and its conditions.


def spot(**facts: Any) -> FishingSpot:
    return FishingSpot(**{"from_biome": "Meadow", "lake_mass": 2, "rod": "Standard Rod", **facts})


CAP = said.MEDALLION_CHANCE


@pytest.mark.parametrize(
    "facts, chance",
    [
        pytest.param({}, 0, id=f'{CAP}: "0%" eligible for none'),
        pytest.param({"rod": None}, 10, id=f"{CAP}: one (Vanille) is 10%"),
        pytest.param({"rod": None, "lake_mass": 1, "from_town": True}, 30, id="three: 30%"),
        pytest.param(
            {"rod": None, "lake_mass": 1, "from_town": True, "others_here": True},
            40,
            id='four: 40%, "capping at 40%"',
        ),
        pytest.param(
            {
                "rod": None,
                "lake_mass": 1,
                "from_town": True,
                "others_here": True,
                "into_corrupt": True,
            },
            40,
            id='five: still 40%, "capping at 40%"',
        ),
        pytest.param(
            {"rod": "Classic Rod", "lake_mass": 1}, 0, id=f"{said.CLASSIC_ROD}: 0% however eligible"
        ),
        pytest.param({"rod": "Midas' Rod", "lake_mass": 1}, 100, id=f"{said.MIDAS_ROD}: eligible"),
        pytest.param({"rod": "Midas' Rod"}, 0, id="the Midas' Rod, eligible for none: 0%"),
    ],
)
def test_the_medallion_chance(facts: dict[str, Any], chance: int) -> None:
    assert medallion_chance(spot(**facts)) == chance


@pytest.mark.parametrize(
    "fish, facts",
    [
        pytest.param("Goldfish", {"lake_mass": 1}, id="Goldfish: Lake of mass size 1."),
        pytest.param(
            "Blue Whale", {"lake_mass": 5}, id="Blue Whale: Lake of mass size at least 5."
        ),
        pytest.param(
            "Megalodon", {"lake_mass": 19}, id="Megalodon: Lake of mass size at least 19."
        ),
        pytest.param(
            "Pefisula", {"lakes_adjacent": 5}, id="Pefisula: adjacent to exactly 5 lake hexes."
        ),
        pytest.param(
            "Carcharias", {"from_biome": "Deceased Dunes"}, id="Carcharias: deceased dune"
        ),
        pytest.param(
            "Flying Fish", {"from_biome": "Perilous Pass"}, id="Flying Fish: perilous pass"
        ),
        pytest.param("Gudgeon", {"from_biome": "Forest"}, id="Gudgeon: forest biome"),
        pytest.param("Mudskipper", {"from_biome": "Swamp"}, id="Mudskipper: swamp biome"),
        pytest.param(
            "Fishy Fish", {"from_biome": "Lake"}, id="Fishy Fish: Fishing from a lake hex."
        ),
        pytest.param("SvGCMkWr_zQ", {"into_corrupt": True}, id="SvGCMkWr_zQ: into a corrupt hex."),
        pytest.param(
            "Civilised Fish", {"from_town": True}, id="Civilised Fish: a hex with a town."
        ),
        pytest.param(
            "Napoleon Fish", {"from_other_flag": True}, id="Napoleon Fish: another's flag"
        ),
        pytest.param("Student Fish", {"others_here": True}, id="Student Fish: another player."),
        pytest.param("Vanille", {"rod": None}, id="Vanille: Without a fishing rod."),
        pytest.param("Aligned Fish", {"into_on_axis": True}, id="Aligned Fish: a cardinal axis."),
    ],
)
def test_each_medallion_fish_needs_its_condition(fish: str, facts: dict[str, Any]) -> None:
    assert fish in eligible(spot(**facts))
    assert fish not in eligible(spot())


@pytest.mark.parametrize(
    "mass, fish",
    [
        pytest.param(4, [], id="Blue Whale: a lake of 4 is short of at least 5"),
        pytest.param(18, ["Blue Whale"], id="Megalodon: a lake of 18 is short of at least 19"),
        pytest.param(19, ["Blue Whale", "Megalodon"], id="Megalodon: at least 19"),
    ],
)
def test_lake_sizes_at_their_boundaries(mass: int, fish: list[str]) -> None:
    assert eligible(spot(lake_mass=mass)) == fish


@pytest.mark.parametrize(
    "rod, chance",
    [
        pytest.param(None, 70, id=f"{said.CATCH_CHANCE}: no rod"),
        pytest.param("Standard Rod", 70, id="Standard Rod: no bonus"),
        pytest.param("Advanced Rod", 80, id='Advanced Rod "by 10% additively"'),
        pytest.param("Reinforced Rod", 85, id='Reinforced Rod "by 15% additively"'),
        pytest.param("Classic Rod", 95, id='Classic Rod "by 25% additively"'),
        pytest.param("Midas' Rod", 20, id='Midas\' Rod "Reduces the odds ... to 20%"'),
    ],
)
def test_the_odds_of_catching_a_fish(rod: str | None, chance: int) -> None:
    assert catch_chance(rod) == chance


# 7.3.2.1 - quality, by d2 rolls.


@pytest.mark.parametrize(
    "rolls, quality",
    [
        pytest.param([1], 1, id=f"{said.QUALITY}: a 1 first is quality 1"),
        pytest.param([2, 2, 1], 3, id="a d2 run 2, 2, 1 is quality 3"),
        pytest.param([2, 1, 1], None, id="rolling stops at the first 1: 2, 1, 1 is refused"),
        pytest.param([2, 2], None, id="until the result is 1: 2, 2 never stopped"),
        pytest.param([], None, id="no rolls"),
        pytest.param([2, 3, 1], None, id="a 3 is no d2"),
    ],
)
def test_quality_is_the_number_of_d2_rolls(rolls: list[int], quality: int | None) -> None:
    assert quality_of(rolls) == quality


@pytest.mark.parametrize(
    "facts, result, allowed, item",
    [
        pytest.param({}, False, True, None, id="nothing caught is always possible"),
        pytest.param({}, "Trout", True, "Trout", id=f"{said.STANDARD_FISH} Trout"),
        pytest.param({}, "Carp", False, None, id="Carp is on no list"),
        pytest.param(
            {"lake_mass": 1},
            {"fish": "Goldfish", "rolls": [2, 1]},
            True,
            "Goldfish (quality 2)",
            id="an eligible Goldfish of quality 2",
        ),
        pytest.param(
            {},
            {"fish": "Goldfish", "rolls": [1]},
            False,
            None,
            id=f"{CAP}: not eligible, refused",
        ),
        pytest.param(
            {"lake_mass": 1, "rod": "Classic Rod"},
            {"fish": "Goldfish", "rolls": [1]},
            False,
            None,
            id=f"{said.CLASSIC_ROD}: refused",
        ),
        pytest.param(
            {"lake_mass": 1, "rod": "Midas' Rod"},
            {"fish": "Goldfish", "rolls": [2, 1]},
            True,
            "Goldfish (quality 4)",
            id=f"{said.MIDAS_ROD}: quality 2 raised to 4",
        ),
        pytest.param(
            {"lake_mass": 1, "rod": "Midas' Rod"},
            {"fish": "Goldfish", "rolls": [2, 2, 2, 2, 1]},
            True,
            "Goldfish (quality 5)",
            id="the Midas' Rod: quality 5 stays 5",
        ),
        pytest.param(
            {"lake_mass": 1, "rod": "Midas' Rod"},
            "Eel",
            False,
            None,
            id="the Midas' Rod, eligible: always a Medallion Fish, an Eel refused",
        ),
        pytest.param(
            {"rod": "Midas' Rod"},
            "Eel",
            True,
            "Eel",
            id="the Midas' Rod, eligible for none: an Eel",
        ),
    ],
)
def test_a_recorded_catch_is_checked(
    facts: dict[str, Any], result: Any, allowed: bool, item: str | None
) -> None:
    catch = judge_catch(spot(**facts), result)
    assert (catch.allowed, catch.item) == (allowed, item)


# S and Action Points.


@pytest.mark.parametrize(
    "held, score",
    [
        pytest.param({}, 0, id="no Medallion Fish: S = 0"),
        pytest.param(
            {"Goldfish (quality 3)": 2}, 3, id="two of one fish at one quality count once"
        ),
        pytest.param(
            {"Goldfish (quality 3)": 1, "Goldfish (quality 2)": 1, "Vanille (quality 4)": 1},
            9,
            id=f"{said.QUALITY_SCORE}: different qualities of the same fish as unique",
        ),
        pytest.param({"Trout": 5, "Wood": 3}, 0, id="Standard Fish and resources add nothing"),
    ],
)
def test_the_quality_score(held: dict[str, int], score: int) -> None:
    assert Inventory.of(held).quality_score() == score


@pytest.mark.parametrize(
    "score, points",
    [(0, 2), (3, 3), (4, 4), (8, 4), (9, 5)],
    ids=lambda v: f"2 + floor(sqrt({v}))" if isinstance(v, int) else "",
)
def test_action_points_read_the_quality_score(score: int, points: int) -> None:
    fish = {f"{name} (quality 1)": 1 for name in MEDALLION_FISH[:score]}
    assert action_points(Inventory.of(fish).quality_score()) == points


# The item rules over a world, as the world's loop calls them.


def items_game(
    events: list[dict[str, Any]] | None = None,
    items: dict[str, dict[str, int]] | None = None,
    **kwargs: Any,
) -> Items:
    raw = data([], events=events or [], **kwargs)
    for m in raw["roster"]:
        if items and m["name"] in items:
            m["state"] = {"items": items[m["name"]]}
    archive = archive_from_dict(raw, source="test.json")
    check_items(archive)
    return Items(archive, Books.from_archive(archive, read_rules(archive), at(NEXT_TUE)))


def world(**hexes: Hex) -> World:
    """The origin plus hexes named by their place: ``e`` (1,0,0), ``w``, ``n``, ``s``."""
    where = {"e": (1, 0, 0), "w": (-1, 0, 0), "n": (0, 0, 1), "s": (0, 0, -1), "o": ORIGIN}
    w = World(positions={"Ann": ORIGIN, "Ben": ORIGIN}, factions={"Ann": "Ann", "Ben": "Ben"})
    for key, h in hexes.items():
        w.hexes[where[key]] = h
    return w


def act(
    rules: Items, w: World, when: str, action: str, draws: list[Any] | None = None, **fields: Any
) -> dict[str, Any]:
    what = "fish" if action == "fish" else "forage"
    start = 1000 + len(rules.draw_events)
    queue = [
        Event(at(when), "draw", {"what": what, "result": r}, start + i)
        for i, r in enumerate(draws or [])
    ]
    rules.draw_events += queue
    event = Event(
        at(when), "action", {"player": fields.pop("player", "Ann"), "action": action, **fields}
    )
    return rules.act(Turn(event, w, lambda what, who=None: queue.pop(0) if queue else None))


LAKE_EAST = {"e": Hex(LAKE)}


@pytest.mark.parametrize(
    "hexes, fields, allowed",
    [
        pytest.param(LAKE_EAST, {}, True, id=f"{said.FISH_WHERE}: adjacent to one lake"),
        pytest.param({}, {}, False, id=f"{said.FISH_WHERE}: no lake near"),
        pytest.param({"o": Hex(LAKE)}, {}, True, id=f"{said.FISH_WHERE}: on a lake"),
        pytest.param(
            {"e": Hex(LAKE), "w": Hex(LAKE)},
            {},
            False,
            id="If they are adjacent to multiple lake hexes, they may select: none selected",
        ),
        pytest.param(
            {"e": Hex(LAKE), "w": Hex(LAKE)},
            {"lake": [-1, 0, 0]},
            True,
            id="the lake selected",
        ),
        pytest.param(LAKE_EAST, {"lake": [0, 0, 1]}, False, id="a lake selected that is no lake"),
        pytest.param(LAKE_EAST, {"rod": "Advanced Rod"}, False, id=f"{said.FISH}: a rod not held"),
    ],
)
def test_where_a_player_may_fish(
    hexes: dict[str, Hex], fields: dict[str, Any], allowed: bool
) -> None:
    rules = items_game()
    assert act(rules, world(**hexes), TUE, "fish", [False], **fields)["allowed"] is allowed


def test_a_catch_is_granted_and_counts_toward_s() -> None:
    rules = items_game(items={"Ann": {"Standard Rod": 1}})
    w = world(**LAKE_EAST, n=Hex(features={CORRUPTED}))
    # The lake of one hex east: a Goldfish is possible, a Blue Whale is not.
    whale = act(rules, w, TUE, "fish", [{"fish": "Blue Whale", "rolls": [1]}], rod="Standard Rod")
    assert whale["allowed"] is False and "Lake of mass size at least 5." in whale["reason"]
    gold = act(
        rules, w, TUE, "fish", [{"fish": "Goldfish", "rolls": [2, 2, 1]}], rod="Standard Rod"
    )
    assert gold["allowed"] is True and gold["effect"] == "gains 1 Goldfish (quality 3)"
    assert rules.state_of("Ann") == {
        "items": {"Goldfish (quality 3)": 1, "Standard Rod": 1},
        "quality_score": 3,
    }
    assert rules.quality_score("Ann") == 3


def test_fishing_with_no_catch_recorded_catches_nothing() -> None:
    result = act(items_game(), world(**LAKE_EAST), TUE, "fish")
    assert result["allowed"] is True and result["effect"] is None
    assert result["clause"] == said.RANDOM_UNRESOLVED


def test_a_catch_drawn_after_the_phase_ended_is_not_used() -> None:
    rules, w = items_game(), world(**LAKE_EAST)
    late = Event(at("2024-03-07T00:00:00Z"), "draw", {"what": "fish", "result": "Eel"}, 99)
    rules.draw_events.append(late)
    event = Event(at("2024-03-06T23:00:00Z"), "action", {"player": "Ann", "action": "fish"})
    result = rules.act(Turn(event, w, lambda what, who=None: late))
    assert result["clause"] == said.RANDOM_UNRESOLVED and rules.inventory("Ann") == {}
    # Left for the next fishing, in the phase the draw falls in.
    event = Event(at("2024-03-07T00:00:00Z"), "action", {"player": "Ann", "action": "fish"})
    assert rules.act(Turn(event, w, lambda what, who=None: late))["allowed"] is True
    assert rules.inventory("Ann") == {"Eel": 1}


# 6.4 - Forage.


@pytest.mark.parametrize(
    "here, rolls, allowed, gained",
    [
        pytest.param(Hex(), [2], True, {"Wood": 1}, id="Meadow: 2 is 1 Wood"),
        pytest.param(Hex(), [1], True, None, id="Meadow: 1 is Nothing"),
        pytest.param(Hex("Forest"), [6], True, {"Wood": 3}, id="Forest: 6 is 3 Wood"),
        pytest.param(Hex("Perilous Pass"), [3], True, {"Gold": 1}, id="Perilous Pass: 3 is 1 Gold"),
        pytest.param(Hex("Swamp"), [4], True, {"Resin": 1}, id="Swamp: 4 is 1 Resin"),
        pytest.param(Hex("Deceased Dunes"), [4], True, {"Quartz": 1}, id="Dunes: 4 is 1 Quartz"),
        pytest.param(Hex(landmark=TOWN), [2], False, None, id=f"{said.FORAGE_WHERE}: a Town"),
        pytest.param(Hex(features={FLAG}), [2], False, None, id=f"{said.FORAGE_WHERE}: a Flag"),
        pytest.param(Hex(), [2, 3], False, None, id=f"{said.FORAGE}: two dice without a pouch"),
        pytest.param(Hex(), [7], False, None, id="a 7 on a d6"),
    ],
)
def test_foraging(
    here: Hex, rolls: list[int], allowed: bool, gained: dict[str, int] | None
) -> None:
    rules = items_game()
    result = act(rules, world(o=here), TUE, "forage", [rolls])
    assert result["allowed"] is allowed
    assert result["effect"] == (f"gains {count_text(gained)}" if gained else None)


@pytest.mark.parametrize(
    "rolls, gained",
    [
        pytest.param([2, 3], {"Wood": 2}, id=f"{said.FORAGING_POUCH}: 2+3 is row 5, 2 Wood"),
        pytest.param([3, 4], None, id="Foraging Pouch: a sum of 7 has no row in the table"),
        pytest.param([2], "refused", id="Foraging Pouch: one die is not 2d6"),
    ],
)
def test_the_foraging_pouch_rolls_2d6(rolls: list[int], gained: Any) -> None:
    rules = items_game(items={"Ann": {"Foraging Pouch": 1}})
    result = act(rules, world(), TUE, "forage", [rolls])
    if gained == "refused":
        assert result["allowed"] is False
    else:
        assert result["allowed"] is True
        assert result["effect"] == (f"gains {count_text(gained)}" if gained else None)


def test_every_biome_has_six_rows() -> None:
    assert all(len(rows) == 6 for rows in FORAGE_TABLES.values())


# 7.4 - Crafting: each recipe, and each recipe one resource short.

SHORT = [
    pytest.param(item, cost, short, id=f"{RECIPE_TEXT[item]} one {short} short")
    for item, cost in RECIPES.items()
    for short in cost
]


@pytest.mark.parametrize("item, cost, short", SHORT)
def test_each_recipe_one_resource_short(item: str, cost: dict[str, int], short: str) -> None:
    rules = items_game(items={"Ann": {**cost, short: cost[short] - 1}})
    result = act(rules, world(), TUE, "craft", item=item)
    assert result["allowed"] is False and f"short of 1 {short}" in result["reason"]
    assert result["clause"] == RECIPE_TEXT[item]


@pytest.mark.parametrize("item", list(RECIPES), ids=lambda i: RECIPE_TEXT[i])
def test_each_recipe_crafts(item: str) -> None:
    rules = items_game(items={"Ann": dict(RECIPES[item])})
    assert act(rules, world(), TUE, "craft", item=item)["allowed"] is True
    assert rules.inventory("Ann") == {item: 1}


def test_crafting_what_has_no_recipe() -> None:
    result = act(items_game(items={"Ann": {"Wood": 9}}), world(), TUE, "craft", item="Boat")
    assert (result["allowed"], result["clause"]) == (False, said.CRAFTING)


# 7.1.1 - Trading.

TRADE = said.TRADE


def consent(who: str, other: str, gives: dict[str, int], gets: dict[str, int]) -> dict[str, Any]:
    return {"player": who, "with": other, "gives": gives, "gets": gets}


@pytest.mark.parametrize(
    "gap, done",
    [
        pytest.param(timedelta(days=7), True, id=f"{TRADE}: exactly 7 days apart"),
        pytest.param(timedelta(days=7, seconds=1), False, id="within 7 days: a second more"),
        pytest.param(timedelta(0), True, id="within 7 days: the same instant"),
    ],
)
def test_a_trade_takes_place_at_the_second_consent(gap: timedelta, done: bool) -> None:
    rules, w = items_game(items={"Ann": {"Wood": 2}, "Ben": {"Gold": 1}}), world()
    first = act(rules, w, TUE, "trade", **consent("Ann", "Ben", {"Wood": 2}, {"Gold": 1}))
    assert first["allowed"] is True and "waits for Ben's consent" in first["reason"]
    second_at = (at(TUE) + gap).strftime("%Y-%m-%dT%H:%M:%SZ")
    act(rules, w, second_at, "trade", **consent("Ben", "Ann", {"Gold": 1}, {"Wood": 2}))
    held = ({"Gold": 1}, {"Wood": 2}) if done else ({"Wood": 2}, {"Gold": 1})
    assert (rules.inventory("Ann"), rules.inventory("Ben")) == held


def test_a_trade_needs_the_same_terms_and_the_items() -> None:
    rules, w = items_game(items={"Ann": {"Wood": 2}, "Ben": {"Gold": 1}}), world()
    act(rules, w, TUE, "trade", **consent("Ann", "Ben", {"Wood": 2}, {"Gold": 1}))
    other_terms = act(rules, w, TUE, "trade", **consent("Ben", "Ann", {"Gold": 1}, {"Wood": 1}))
    assert "waits for Ann's consent" in other_terms["reason"]
    act(rules, w, TUE, "trade", **consent("Cy", "Ann", {}, {"Wood": 2}))
    lacking = act(rules, w, TUE, "trade", **consent("Ann", "Cy", {"Wood": 2}, {}))
    assert lacking["allowed"] is True  # Cy gives nothing, Ann holds the Wood
    assert rules.inventory("Cy") == {"Wood": 2}
    act(rules, w, TUE, "trade", **consent("Dee", "Ann", {"Steel": 1}, {}))
    short = act(rules, w, TUE, "trade", **consent("Ann", "Dee", {}, {"Steel": 1}))
    assert short["allowed"] is False and "Dee lacks 1 Steel" in short["reason"]


def test_a_trade_that_cannot_take_place_leaves_the_first_consent() -> None:
    rules, w = items_game(items={"Ann": {"Wood": 1}}), world()
    act(rules, w, TUE, "trade", **consent("Ben", "Ann", {"Gold": 1}, {"Wood": 1}))
    short = act(rules, w, TUE, "trade", **consent("Ann", "Ben", {"Wood": 1}, {"Gold": 1}))
    assert short["allowed"] is False and "Ben lacks 1 Gold" in short["reason"]
    rules.held["Ben"] = Inventory.of({"Gold": 1})
    later = act(rules, w, NEXT_TUE, "trade", **consent("Ann", "Ben", {"Wood": 1}, {"Gold": 1}))
    assert later["allowed"] is True and "both consented" in later["reason"]
    assert later["effect"] == "Ann: loses 1 Wood; gains 1 Gold; Ben: loses 1 Gold; gains 1 Wood"
    assert (rules.inventory("Ann"), rules.inventory("Ben")) == ({"Gold": 1}, {"Wood": 1})


def test_a_trade_is_between_two_players() -> None:
    rules = items_game(items={"Ann": {"Wood": 1}})
    result = act(rules, world(), TUE, "trade", **consent("Ann", "Ann", {"Wood": 1}, {}))
    assert (result["allowed"], result["clause"]) == (False, TRADE)


def test_only_reputable_players_trade() -> None:
    members = [
        {
            "name": "Ann",
            "roles": [],
            "joined_at": "2024-01-01T00:00:00Z",
            "state": {"items": {"Wood": 1}},
        },
        {"name": "Fay", "roles": [], "joined_at": "2024-03-10T00:00:00Z"},
    ]
    rules, w = items_game(members=members), world()
    act(rules, w, NEXT_TUE, "trade", **consent("Ann", "Fay", {"Wood": 1}, {}))
    result = act(rules, w, NEXT_TUE, "trade", **consent("Fay", "Ann", {}, {"Wood": 1}))
    assert (result["allowed"], result["clause"]) == (False, said.TRADE_REPUTABLE)
    assert "Fay is not reputable" in result["reason"]


# 7.1.2 - Using items; the Torch; Explosives.


def test_using_explosives_destroys_every_landmark_and_feature_nearby() -> None:
    rules = items_game(items={"Ann": {"Explosives": 1}})
    w = world(o=Hex(landmark=TOWN), e=Hex(features={FLAG}, flag_owner="Ben"), n=Hex(LAKE))
    w.hexes[(2, 0, 0)] = Hex(features={FLAG}, flag_owner="Ben")
    result = act(rules, w, TUE, "use", item="Explosives")
    assert result["allowed"] is True and result["clause"] == said.EXPLOSIVES
    assert w.hexes[ORIGIN].landmark == "Barren" and w.flag_owner((1, 0, 0)) is None
    assert w.flag_owner((2, 0, 0)) == "Ben"  # two hexes away: not adjacent
    assert rules.inventory("Ann") == {}  # "then the item is destroyed"


@pytest.mark.parametrize(
    "item, clause",
    [
        pytest.param("Wood", said.RESOURCES, id=f"{said.RESOURCES}: Wood"),
        pytest.param("Torch", said.USE, id="a Torch specifies no ability to be used"),
        pytest.param("Explosives", said.USE, id="Explosives not held"),
    ],
)
def test_what_cannot_be_used(item: str, clause: str) -> None:
    rules = items_game(items={"Ann": {"Wood": 1, "Torch": 1}})
    result = act(rules, world(), TUE, "use", item=item)
    assert (result["allowed"], result["clause"]) == (False, clause)
    assert rules.inventory("Ann") == {"Torch": 1, "Wood": 1}


@pytest.mark.parametrize(
    "held, feature, allowed",
    [
        pytest.param({"Torch": 1}, FLAG, True, id=f"{said.TORCH} Flag"),
        pytest.param({"Torch": 1}, BOARDWALK, True, id=f"{said.TORCH} Boardwalk"),
        pytest.param({"Torch": 1}, "Stag Station", False, id="a Torch and a Stag Station"),
        pytest.param({}, FLAG, False, id="no torch in their inventory"),
    ],
)
def test_the_torch(held: dict[str, int], feature: str, allowed: bool) -> None:
    rules = items_game(items={"Ann": held} if held else None)
    w = world(e=Hex(LAKE, features={FLAG, BOARDWALK, "Stag Station"}, flag_owner="Ben"))
    result = act(rules, w, TUE, "destroy feature", hex=[1, 0, 0], feature=feature)
    assert result["allowed"] is allowed
    assert (feature in w.hexes[(1, 0, 0)].features) is not allowed
    assert rules.inventory("Ann") == held  # the Torch is not used up


# 7 - grants, revokes, and items a non-player would own.


def test_grants_revokes_and_a_leaving_players_items() -> None:
    events = [
        {"at": TUE, "type": "grant", "player": "Ann", "items": {"Wood": 3}},
        {"at": TUE, "type": "revoke", "player": "Ann", "items": {"Wood": 1}},
        {"at": TUE, "type": "revoke", "player": "Ann", "items": {"Gold": 1}},
        {"at": "2024-03-06T00:00:00Z", "type": "leave", "player": "Ann"},
    ]
    rules = items_game(events)
    rules.catch_up(at(TUE))
    assert rules.inventory("Ann") == {"Wood": 2}
    assert [r["allowed"] for r in rules.records] == [True, True, False]
    rules.catch_up(at("2024-03-06T00:00:00Z"))
    assert rules.inventory("Ann") == {}
    assert rules.records[-1]["clause"] == said.NO_OWNER


# 7.3.2.1 - naming qualities.


def test_qualities_named_before_the_archive_began() -> None:
    raw = data([], events=[])
    raw["game_state"] = {"qualities": {"8": "Octarine"}}
    archive = archive_from_dict(raw, source="test.json")
    rules = Items(archive, Books.from_archive(archive, read_rules(archive), at(NEXT_TUE)))
    w = world(**LAKE_EAST)
    act(rules, w, TUE, "fish", [{"fish": "Goldfish", "rolls": [2] * 9 + [1]}])  # quality 10
    assert rules.game_state()["unnamed_qualities"] == [9]
    assert act(rules, w, TUE, "name quality", quality=8, name="Eight")["allowed"] is False


def test_naming_the_qualities_below_a_catch() -> None:
    rules, w = items_game(), world(**LAKE_EAST)
    act(rules, w, TUE, "fish", [{"fish": "Goldfish", "rolls": [2] * 8 + [1]}])  # quality 9
    assert rules.game_state()["unnamed_qualities"] == [8]
    assert act(rules, w, TUE, "name quality", quality=9, name="Nine")["allowed"] is False
    assert act(rules, w, TUE, "name quality", quality=7, name="Seven")["allowed"] is False
    assert act(rules, w, TUE, "name quality", quality=8, name="Octo")["allowed"] is True
    assert rules.game_state()["unnamed_qualities"] == []
    assert medallion_name("Goldfish", 9) in rules.inventory("Ann")
    assert set(MEDALLION_FISH) == set(CONDITION_TEXT)


# Junk is a one-line error, never a traceback.

JUNK = [
    pytest.param(
        {"type": "action", "player": "Ann", "action": "craft"}, "item", id="craft nothing"
    ),
    pytest.param(
        {"type": "action", "player": "Ann", "action": "fish", "lake": [1, 1, 1]},
        "not a hex's coordinate",
        id="a lake at a place rule 5.1 writes otherwise",
    ),
    pytest.param(
        {
            "type": "action",
            "player": "Ann",
            "action": "trade",
            "with": "Ben",
            "gives": {"Wood": -1},
        },
        "count",
        id="a trade of -1 Wood",
    ),
    pytest.param(
        {
            "type": "action",
            "player": "Ann",
            "action": "trade",
            "with": "Ben",
            "gives": {},
            "gets": {},
        },
        "both empty",
        id="a trade of nothing",
    ),
    pytest.param(
        {"type": "draw", "what": "fish", "player": "Ann", "result": "x" * 5000},
        "Standard Fish",
        id="a 5,000-character catch",
    ),
    pytest.param(
        {
            "type": "draw",
            "what": "fish",
            "player": "Ann",
            "result": {"fish": "Vanille", "rolls": 3},
        },
        "d2",
        id="d2 rolls that are a number",
    ),
    pytest.param(
        {"type": "draw", "what": "forage", "player": "Ann", "result": [0]}, "d6", id="a 0 on a d6"
    ),
    pytest.param({"type": "grant", "player": "Ann", "items": []}, "ITEM: COUNT", id="grant a list"),
    pytest.param(
        {"type": "action", "player": "Ann", "action": "name quality", "quality": "8", "name": "x"},
        "quality",
        id="a quality in words",
    ),
]


@pytest.mark.parametrize("event, words", JUNK)
def test_junk_is_one_line(event: dict[str, Any], words: str) -> None:
    raw = data([], events=[{"at": TUE, **event}])
    archive = archive_from_dict(raw, source="junk.json")
    with pytest.raises(ProfileError) as caught:
        check_items(archive)
    message = str(caught.value)
    assert words in message and "\n" not in message and len(message) < 400
    assert PROFILE.name in message


# The example archive, and the schema agreeing with the reader.


def example_report() -> Any:
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive = archive_from_dict(raw, source="infinite-nomic.json")
    return PROFILE.evaluate(archive, at(raw["demo"]["now"]), at(raw["demo"]["since"]))


EXAMPLE_CLAUSES = [
    said.GRANT,
    said.REVOKE,
    said.NO_OWNER,
    said.TRADE,
    said.TRADE_REPUTABLE,
    said.USE,
    said.EXPLOSIVES,
    said.TORCH,
    said.QUALITY,
    said.STANDARD_FISH,
    said.CATCH_CHANCE,
    said.FISH,
    said.MEDALLION_CONDITIONS,
    said.FORAGE,
    said.FORAGING_POUCH,
    said.NAME_QUALITIES,
    said.FISH_WHERE,
    said.FORAGE_WHERE,
    said.RANDOM_UNRESOLVED,
    said.CLASSIC_ROD,
    said.CRAFTING,
    said.RESOURCES,
    RECIPE_TEXT["Foraging Pouch"],
    RECIPE_TEXT["Standard Rod"],
    RECIPE_TEXT["Classic Rod"],
    RECIPE_TEXT["Binoculars"],
]


@pytest.mark.parametrize("clause", EXAMPLE_CLAUSES, ids=lambda c: c[:70])
def test_the_example_touches_each_item_rule(clause: str) -> None:
    assert clause in {a["clause"] for a in example_report().actions}


def test_the_examples_inventories_and_qualities() -> None:
    result = example_report()
    assert result.state["Ann"]["items"] == {
        "Aligned Fish (quality 9)": 1,
        "Goldfish (quality 3)": 1,
        "Wood": 2,
    }
    assert result.state["Ann"]["quality_score"] == 12
    assert result.state["Dee"]["items"] == {}  # destroyed when Dee left
    assert result.game_state["qualities"]["8"] == "Octarine"
    assert result.game_state["unnamed_qualities"] == []


AGREE = {
    "a catch of 5,000 characters": _event(
        type="draw", what="fish", player="Ann", result="x" * 5000
    ),
    "a Trout caught": _event(type="draw", what="fish", player="Ann", result="Trout"),
    "nothing caught": _event(type="draw", what="fish", player="Ann", result=False),
    "a catch of 0": _event(type="draw", what="fish", player="Ann", result=0),
    "a Goldfish of d2 rolls": _event(
        type="draw", what="fish", player="Ann", result={"fish": "Goldfish", "rolls": [2, 1]}
    ),
    "a Goldfish rolled with a d3": _event(
        type="draw", what="fish", player="Ann", result={"fish": "Goldfish", "rolls": [3, 1]}
    ),
    "a catch for no one": _event(type="draw", what="fish", result="Eel"),
    "a forage of 0": _event(type="draw", what="forage", player="Ann", result=[0]),
    "a forage of 2d6": _event(type="draw", what="forage", player="Ann", result=[6, 6]),
    "a forage of 3d6": _event(type="draw", what="forage", player="Ann", result=[1, 1, 1]),
    "a grant of a list": _event(type="grant", player="Ann", items=["Wood"]),
    "a grant of nothing": _event(type="grant", player="Ann", items={}),
    "a revoke of -1 Wood": _event(type="revoke", player="Ann", items={"Wood": -1}),
    "a revoke of 1 Wood": _event(type="revoke", player="Ann", items={"Wood": 1}),
    "a craft of nothing": _event(type="action", player="Ann", action="craft"),
    "a craft of a Torch": _event(type="action", player="Ann", action="craft", item="Torch"),
    "a trade of nothing": _event(type="action", player="Ann", action="trade", **{"with": "Ben"}),
    "a trade giving null": _event(
        type="action", player="Ann", action="trade", **{"with": "Ben", "gives": None}
    ),
    "a quality in words": _event(
        type="action", player="Ann", action="name quality", quality="8", name="x"
    ),
    "fishing into null": _event(type="action", player="Ann", action="fish", lake=None),
    "a Torch on no hex": _event(
        type="action", player="Ann", action="destroy feature", feature="Flag"
    ),
    "items held in words": _set(("roster", 0, "state"), {"items": {"Wood": "two"}}),
    "no items held": _set(("roster", 0, "state"), {"items": {"Wood": 0}}),
    "quality 8 named": _set(("game_state", "qualities"), {"8": "Octarine"}),
    "quality 0 named": _set(("game_state", "qualities"), {"0": "Zero"}),
    "quality ² named": _set(("game_state", "qualities"), {"²": "Square"}),
    "quality 8 named blank": _set(("game_state", "qualities"), {"8": " "}),
    "qualities a list": _set(("game_state", "qualities"), ["Garbage"]),
}


@pytest.mark.parametrize("mutate", list(AGREE.values()), ids=list(AGREE))
def test_the_schema_and_the_reader_agree_on_item_junk(mutate: Mutation) -> None:
    raw = copy.deepcopy(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    mutate(raw)
    assert reader_refuses(raw) == schema_refuses(raw, "infinite-nomic")


_junk = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.text(max_size=20),
        st.just("x" * 5000),
        st.sampled_from(["Wood", "Goldfish", "Eel", "Torch", "Explosives", "Flag"]),
    ),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
_ITEM_EVENTS = st.one_of(
    st.builds(
        lambda action, fields: {"type": "action", "player": "Ann", "action": action, **fields},
        st.sampled_from(sorted(Items.actions)),
        st.dictionaries(
            st.sampled_from(
                [
                    "lake",
                    "rod",
                    "item",
                    "with",
                    "gives",
                    "gets",
                    "hex",
                    "feature",
                    "quality",
                    "name",
                ]
            ),
            _junk,
            max_size=4,
        ),
    ),
    st.builds(
        lambda what, result: {"type": "draw", "what": what, "player": "Ann", "result": result},
        st.sampled_from(["fish", "forage"]),
        _junk,
    ),
    st.builds(
        lambda kind, items: {"type": kind, "player": "Ann", "items": items},
        st.sampled_from(["grant", "revoke"]),
        _junk,
    ),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ITEM_EVENTS, min_size=1, max_size=4))
def test_item_junk_is_a_report_or_one_line(events: list[dict[str, Any]]) -> None:
    raw = data([], events=[{"at": TUE, **e} for e in events])
    try:
        archive = archive_from_dict(raw, source="junk.json")
        PROFILE.evaluate(archive, at(NEXT_TUE), None)
    except ProfileError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 600


def test_an_archive_of_grants_alone_reports_its_items() -> None:
    events = [{"at": TUE, "type": "grant", "player": "Ann", "items": {"Wood": 2}}]
    archive = archive_from_dict(data([], events=events), source="test.json")
    result = PROFILE.evaluate(archive, at(NEXT_TUE), None)
    assert [(a["action"], a["effect"]) for a in result.actions] == [("grant", "gains 2 Wood")]
    assert result.state["Ann"]["items"] == {"Wood": 2}


def test_an_archive_with_no_items_reports_as_before() -> None:
    archive = archive_from_dict(data([], events=[]), source="test.json")
    result = PROFILE.evaluate(archive, at(NEXT_TUE), None)
    assert result.state["Ann"] == {"player": True, "reputable": True}
    assert "qualities" not in result.game_state and result.actions == []
