"""Rule 6.3 (Fish) and 7.3 (Fish, Medallion Fish and their quality), as pure functions of
the facts of one cast: where the player fishes from, the lake hex they fish into, the rod.

The catch is a recorded ``draw`` (what ``fish``): nothing caught (``false``), a Standard
Fish's name, or ``{"fish": MEDALLION, "rolls": [2, ..., 1]}``. The chances are not
predicted; the draw is checked for being possible: a Medallion Fish the player was not
eligible for, one caught with the Classic Rod, d2 rolls that do not stop at the first 1,
a Standard Fish when the Midas' Rod makes every catch a Medallion Fish, are refused.

Readings (docs/profiles.md): "Fishing into a hex along a cardinal axis" is a lake hex on
one of the three axes through the origin (at most one non-zero ordinate), since every
adjacent hex lies in a cardinal direction; "Fishy Fish: Fishing from a lake hex" is the
player standing on a lake hex; with the Midas' Rod the quality is the rolls' count,
raised to 4 if lower ("quality 4 or higher").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gamestate.profiles.core import shown as _cut
from gamestate.profiles.infinite_nomic import item_clauses as said
from gamestate.profiles.infinite_nomic.items import MEDALLION_FISH, STANDARD_FISH, medallion_name

__all__ = [
    "BASE_CATCH",
    "MEDALLION_CAP",
    "Catch",
    "FishingSpot",
    "catch_chance",
    "eligible",
    "judge_catch",
    "medallion_chance",
    "quality_of",
]

BASE_CATCH = 70
"""6.3: "a base 70% chance of catching a fish"."""
MEDALLION_CAP = 40
"""7.3: "capping at 40%"."""
ROD_BONUS = {"Standard Rod": 0, "Advanced Rod": 10, "Reinforced Rod": 15, "Classic Rod": 25}
"""7.4.3: each rod's "Increases the odds of catching a fish by N% additively"."""
MIDAS = "Midas' Rod"
MIDAS_CATCH = 20
MIDAS_QUALITY = 4


@dataclass(frozen=True)
class FishingSpot:
    """The facts of one cast that 7.3.2's conditions read (from the world)."""

    from_biome: str
    """The biome of the player's hex."""
    lake_mass: int
    """The size of the lake mass of the hex fished into."""
    lakes_adjacent: int = 0
    """Lake hexes adjacent to the player's hex."""
    from_town: bool = False
    from_other_flag: bool = False
    """A flag of a faction other than the player's on the player's hex."""
    into_corrupt: bool = False
    into_on_axis: bool = False
    others_here: bool = False
    """Another player on the player's hex."""
    rod: str | None = None


_CONDITIONS: Mapping[str, tuple[str, Callable[[FishingSpot], bool]]] = {
    "Goldfish": ("Lake of mass size 1.", lambda s: s.lake_mass == 1),
    "Blue Whale": ("Lake of mass size at least 5.", lambda s: s.lake_mass >= 5),
    "Megalodon": ("Lake of mass size at least 19.", lambda s: s.lake_mass >= 19),
    "Pefisula": (
        "Fishing from a hex adjacent to exactly 5 lake hexes.",
        lambda s: s.lakes_adjacent == 5,
    ),
    "Carcharias": (
        "Fishing from a deceased dune biome.",
        lambda s: s.from_biome == "Deceased Dunes",
    ),
    "Flying Fish": (
        "Fishing from a perilous pass biome.",
        lambda s: s.from_biome == "Perilous Pass",
    ),
    "Gudgeon": ("Fishing from a forest biome.", lambda s: s.from_biome == "Forest"),
    "Mudskipper": ("Fishing from a swamp biome.", lambda s: s.from_biome == "Swamp"),
    "Fishy Fish": ("Fishing from a lake hex.", lambda s: s.from_biome == "Lake"),
    "SvGCMkWr_zQ": ("Fishing into a corrupt hex.", lambda s: s.into_corrupt),
    "Civilised Fish": ("Fishing from a hex with a town.", lambda s: s.from_town),
    "Napoleon Fish": (
        "Fishing from a hex with a flag of another faction.",
        lambda s: s.from_other_flag,
    ),
    "Student Fish": ("In the same hex as another player.", lambda s: s.others_here),
    "Vanille": ("Without a fishing rod.", lambda s: s.rod is None),
    "Aligned Fish": ("Fishing into a hex along a cardinal axis.", lambda s: s.into_on_axis),
}
"""7.3.2's table: each fish's condition in the seed's words, and its test."""
CONDITION_TEXT = {fish: text for fish, (text, _) in _CONDITIONS.items()}


def eligible(spot: FishingSpot) -> list[str]:
    """The Medallion Fish whose 7.3.2 conditions the cast meets, in the table's order."""
    return [fish for fish in MEDALLION_FISH if _CONDITIONS[fish][1](spot)]


def catch_chance(rod: str | None) -> int:
    """6.3's base 70%, plus the rod's odds (7.4.3); the Midas' Rod's 20% instead."""
    if rod == MIDAS:
        return MIDAS_CATCH
    return BASE_CATCH + ROD_BONUS.get(rod or "", 0)


def medallion_chance(spot: FishingSpot) -> int:
    """7.3: "0% + 10% for every Medallion Fish that the player is currently eligible to
    catch, capping at 40%"; none with the Classic Rod; every catch with the Midas' Rod
    when eligible for any."""
    count = len(eligible(spot))
    if spot.rod == "Classic Rod":
        return 0
    if spot.rod == MIDAS and count:
        return 100
    return min(10 * count, MEDALLION_CAP)


def quality_of(rolls: Any) -> int | None:
    """7.3.2.1: "repeatedly rolling d2 until the result is 1, with the number of rolls
    being the quality"; None unless ``rolls`` are 2s ending at the first 1."""
    if not isinstance(rolls, list) or not rolls:
        return None
    if any(type(r) is not int for r in rolls):
        return None
    if rolls[-1] != 1 or any(r != 2 for r in rolls[:-1]):
        return None
    return len(rolls)


@dataclass(frozen=True)
class Catch:
    """One catch judged: allowed or not, why and by which clause, and the item caught."""

    allowed: bool
    reason: str
    clause: str
    item: str | None = None
    quality: int | None = None


def judge_catch(spot: FishingSpot, result: Any) -> Catch:
    """The recorded catch ``result``, checked for being possible at ``spot``."""
    chance, medal = catch_chance(spot.rod), medallion_chance(spot)
    odds = f"{chance}% to catch, {medal}% of catches Medallion"
    if result is False:
        return Catch(True, f"nothing caught ({odds})", said.CATCH_CHANCE)
    if isinstance(result, str):
        if result not in STANDARD_FISH:
            return Catch(False, f"{_cut(result)} is no Standard Fish", said.STANDARD_FISH)
        if medal == 100:
            return Catch(
                False,
                f"with the Midas' Rod every catch is a Medallion Fish ({odds})",
                said.MIDAS_ROD,
            )
        return Catch(True, f"caught a Standard Fish, {result} ({odds})", said.STANDARD_FISH, result)
    return _medallion(spot, result, odds, medal)


def _medallion(spot: FishingSpot, result: Any, odds: str, medal: int) -> Catch:
    fish = result.get("fish") if isinstance(result, dict) else None
    if fish not in MEDALLION_FISH:
        return Catch(False, f"{_cut(fish)} is no Medallion Fish", said.MEDALLION_CONDITIONS)
    if spot.rod == "Classic Rod":
        return Catch(False, f"{fish} caught with the Classic Rod", said.CLASSIC_ROD)
    if fish not in eligible(spot):
        why = f"{fish} needs: {CONDITION_TEXT[fish]} (not met; {odds})"
        chance_clause = said.MEDALLION_CHANCE if medal == 0 else said.MEDALLION_CONDITIONS
        return Catch(False, why, chance_clause)
    quality = quality_of(result.get("rolls"))
    if quality is None:
        shown = _cut(result.get("rolls"))
        return Catch(False, f"the d2 rolls {shown} are not a run of 2s ending at a 1", said.QUALITY)
    if spot.rod == MIDAS and quality < MIDAS_QUALITY:
        reason = f"caught a Medallion Fish, {fish}, quality {quality} raised to 4 ({odds})"
        quality = MIDAS_QUALITY
        clause = said.MIDAS_ROD
    else:
        reason = f"caught a Medallion Fish, {fish}, quality {quality} ({odds})"
        clause = said.QUALITY
    return Catch(True, reason, clause, medallion_name(fish, quality), quality)
