"""Moving through the world and building in it: Scout (6.1), Traverse (6.2), the
biomes' effects on movement (5.3.1), corruption spreading (5.3.3.1), the stagways
(5.3.3.4) and construction (5.3.3, 5.3.4). Each returns the ``actions`` entry.

Readings (docs/profiles.md):

* A Traverse whose hex cannot be generated (no ``hex`` draw, or a draw the rules refuse)
  does not take place and costs nothing. One that generates a Lake, or fails the
  Swamp's 15%, is spent: the player tried and did not move.
* The Swamp's 15% applies when the hex moved to (generated first) is not of the
  Swamp's mass; without a ``swamp`` draw the player does not move (rule 4: only the
  non-random elements take place).
* The Deceased Dunes' winds: a ``winds`` draw after a move into the Dunes, ``false`` or
  the adjacent hex blown into; being blown is being moved (into a Lake: they do not
  move; into a corrupted hex: corruption spreads; into Dunes again: another draw).
  Without a draw the winds do not blow (rule 4).
* A Boardwalk cancels its hex's impacts on movement: the Lake's (moving onto it), the
  Swamp's 15% (leaving it), the Dunes' winds (entering it), the Perilous Pass's +1 AP.
* Scouting with Binoculars (rule 7.4.2): one of the two hexes may be two steps away
  (``SCOUT_REACH_WITH_BINOCULARS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.draws import DRAW_SWAMP, DRAW_WINDS
from gamestate.profiles.infinite_nomic.generation import corrupt, generate
from gamestate.profiles.infinite_nomic.phases import phase_of
from gamestate.profiles.infinite_nomic.world import (
    BOARDWALK,
    CORRUPTED,
    DUNES,
    FLAG,
    LAKE,
    PASS,
    PYLON,
    STAG_STATION,
    SWAMP,
    Coord,
    Hex,
    World,
    adjacent,
    distance,
    show,
)
from gamestate.profiles.infinite_nomic.world_books import Play, judged

__all__ = [
    "COSTS",
    "SCOUT_REACH_WITH_BINOCULARS",
    "construct",
    "scout",
    "stagways",
    "traverse",
]

COSTS: Mapping[str, Mapping[str, int]] = {
    FLAG: {"Wood": 5, "Thread": 2},
    PYLON: {"Wood": 30, "Steel": 5, "Gold": 2},
    STAG_STATION: {"Stone": 8, "Steel": 5, "Hide": 1},
    BOARDWALK: {"Wood": 10},
}
"""Rule 5.3.3's construction costs."""
COST_CLAUSES = {
    FLAG: words.FLAG_COST,
    PYLON: words.PYLON_COST,
    STAG_STATION: words.STAG_COST,
    BOARDWALK: words.BOARDWALK_COST,
}
SCOUT_REACH_WITH_BINOCULARS = 2
BINOCULARS = "Binoculars"
_MOST_BLOWS = 1000


def _boardwalk(world: World, c: Coord) -> bool:
    h = world.hex_at(c)
    return h is not None and BOARDWALK in h.features


def _arrive(play: Play, player: str, here: Coord, there: Coord) -> list[str]:
    """The player moves from ``here`` onto ``there`` (generated): corruption spreads."""
    world = play.world
    world.positions[player] = there
    said = [f"{player} moves to {show(there)}"]
    if world.is_corrupted(there):
        said.append("moving to a corrupted hex: " + corrupt(world, here))
    return said


def _lake_stops(world: World, c: Coord) -> bool:
    return world.biome(c) == LAKE and not _boardwalk(world, c)


def _winds(play: Play, player: str, at: datetime) -> tuple[list[str], str]:
    """The Deceased Dunes' winds after a move; what happened and the deciding clause."""
    world, said, clause = play.world, [], words.DUNES_WINDS
    for _ in range(_MOST_BLOWS):
        here = world.positions[player]
        if world.biome(here) != DUNES or _boardwalk(world, here):
            break
        found = play.draws.take(DRAW_WINDS, at, player)
        if found is None:
            said.append("no winds draw recorded: the winds do not blow (rule 4)")
            break
        blown = found[1]
        if blown is None:
            said.append("the winds do not blow")
            break
        if blown not in adjacent(here):
            said.append(f"the winds draw names {show(blown)}, not adjacent: ignored")
            break
        made = generate(world, blown, play.draws, at, player)
        if not made.ok:
            said.append(f"the winds cannot blow them: {made.text}")
            break
        said += [made.text] if made.text else []
        if _lake_stops(world, blown):
            said.append(f"blown toward the Lake {show(blown)}: they do not move")
            clause = words.LAKE_NO_MOVE
            break
        said += ["the buffeting winds blow them"] + _arrive(play, player, here, blown)
    return said, clause


def traverse(play: Play, player: str, at: datetime, to: Coord) -> dict[str, Any]:
    """Rule 6.2: "Move into an adjacent hex and generate it if indeterminate"."""
    world = play.world
    here = world.positions[player]

    def refuse(why: str, clause: str = words.TRAVERSE) -> dict[str, Any]:
        return judged(at, player, "traverse", False, f"traverse to {show(to)}: {why}", clause)

    if distance(here, to) != 1:
        return refuse(f"not adjacent to {show(here)}")
    on_pass = world.biome(here) == PASS and not _boardwalk(world, here)
    cost = 2 if on_pass else 1
    short = play.spend_ap(player, cost)
    if short is not None:
        return refuse(short, words.PASS_COST if on_pass else words.TRAVERSE_COST)
    made = generate(world, to, play.draws, at, player)
    if not made.ok:
        play.ap[player] += cost
        return refuse(made.text, words.GENERATION)
    said = [made.text] if made.text else []
    clause = words.PASS_COST if on_pass else words.TRAVERSE
    here_h = world.hex_at(here)
    if (
        here_h is not None
        and here_h.biome == SWAMP
        and not _boardwalk(world, here)
        and to not in world.mass_of(here)
    ):
        clause = words.SWAMP_CHANCE
        found = play.draws.take(DRAW_SWAMP, at, player)
        if found is None or not found[1]:
            said.append(
                "the Swamp holds them: no swamp draw recorded (rule 4)"
                if found is None
                else "the Swamp's 15% did not come up: they do not move"
            )
            return _done(play, player, at, "traverse", to, cost, said, clause)
        said.append("the Swamp's 15% came up")
    if _lake_stops(world, to):
        said.append(f"{show(to)} is a Lake: they do not move")
        return _done(play, player, at, "traverse", to, cost, said, words.LAKE_NO_MOVE)
    said += _arrive(play, player, here, to)
    if world.is_corrupted(to):
        clause = words.CORRUPT_SPREAD
    blown, wind_clause = _winds(play, player, at)
    if world.biome(to) == DUNES and not _boardwalk(world, to):
        clause = wind_clause
    said += blown
    return _done(play, player, at, "traverse", to, cost, said, clause)


def _done(
    play: Play,
    player: str,
    at: datetime,
    action: str,
    to: Coord,
    cost: int,
    said: list[str],
    clause: str,
) -> dict[str, Any]:
    left = play.ap[player]
    effect = "; ".join(s for s in said if s) + f"; {cost} AP spent, {left} left"
    return judged(at, player, action, True, f"{action} to {show(to)}", clause, effect)


def scout(play: Play, player: str, at: datetime, hexes: list[Coord]) -> dict[str, Any]:
    """Rule 6.1: "Select two hexes adjacent to your location and generate them if
    indeterminate" (with Binoculars one may be two steps away)."""
    world = play.world
    here = world.positions[player]
    named = ", ".join(show(c) for c in hexes)

    def refuse(why: str, clause: str = words.SCOUT) -> dict[str, Any]:
        return judged(at, player, "scout", False, f"scout {named}: {why}", clause)

    if len(hexes) != 2 or hexes[0] == hexes[1]:
        return refuse("select two different hexes")
    far = [c for c in hexes if distance(here, c) != 1]
    binoculars = play.items.inventory(player).get(BINOCULARS, 0) > 0
    if far and not (
        binoculars and len(far) == 1 and 0 < distance(here, far[0]) <= SCOUT_REACH_WITH_BINOCULARS
    ):
        return refuse(f"{show(far[0])} is not adjacent to {show(here)}")
    short = play.spend_ap(player, 1)
    if short is not None:
        return refuse(short, words.SCOUT_COST)
    kept = {
        k: Hex(h.biome, h.landmark, set(h.features), h.flag_owner) for k, h in world.hexes.items()
    }
    used = set(play.draws.used)
    said = []
    for c in hexes:
        made = generate(world, c, play.draws, at, player)
        if not made.ok:  # the scout does not take place: nothing changes
            play.ap[player] += 1
            world.hexes = kept  # a draw the rules refused stays used
            play.draws.used = used | ({made.draw} if made.draw is not None else set())
            return refuse(made.text, words.GENERATION)
        said.append(made.text or f"{show(c)} was already generated")
    said.append(f"1 AP spent, {play.ap[player]} left")
    return judged(at, player, "scout", True, f"scout {named}", words.SCOUT, "; ".join(said))


def stagways(play: Play, player: str, at: datetime, to: Coord) -> dict[str, Any]:
    """Rule 5.3.3.4: from a Stag Station to any hex with one; no more actions this phase."""
    world = play.world
    here = world.positions[player]
    here_h, to_h = world.hex_at(here), world.hex_at(to)

    def refuse(why: str) -> dict[str, Any]:
        return judged(
            at,
            player,
            "stagways",
            False,
            f"travel the stagways to {show(to)}: {why}",
            words.STAGWAYS,
        )

    if here_h is None or STAG_STATION not in here_h.features:
        return refuse(f"{show(here)} has no Stag Station")
    if to_h is None or STAG_STATION not in to_h.features:
        return refuse(f"{show(to)} has no Stag Station")
    if to == here:
        return refuse("they are already there")
    world.positions[player] = to
    play.rested[player] = phase_of(at).index
    return judged(
        at,
        player,
        "stagways",
        True,
        f"travel the stagways to {show(to)}",
        words.STAGWAYS_REST,
        f"{player} is on {show(to)} (not moving into it: no hex's effects apply) and can"
        " take no more actions this phase",
    )


def construct(play: Play, player: str, at: datetime, feature: str, c: Coord) -> dict[str, Any]:
    """Rules 5.3.3 and 5.3.4: a feature on or adjacent to the player's hex, its cost
    spent from their inventory."""
    world = play.world
    here = world.positions[player]
    h = world.hex_at(c)

    def refuse(why: str, clause: str = words.CONSTRUCTION) -> dict[str, Any]:
        return judged(
            at, player, "construct", False, f"construct a {feature} on {show(c)}: {why}", clause
        )

    if feature not in COSTS:
        return refuse("not a feature that can be constructed (" + ", ".join(COSTS) + ")")
    if distance(here, c) > 1:
        return refuse(f"neither on nor adjacent to {show(here)}")
    if h is None:
        return refuse("the hex is indeterminate: its data is undefined", words.INDETERMINATE)
    if h.corrupted or (h.biome == LAKE and feature != BOARDWALK):
        what = "corrupted" if h.corrupted else "a Lake"
        return refuse(f"the hex is {what}", words.CONSTRUCT_WHERE)
    if feature == FLAG and h.flag_owner is not None:
        return refuse(f"it already has the Flag of {h.flag_owner}", words.FLAG_ONE)
    if feature in h.features:
        return refuse(f"it already has a {feature}")
    short = play.items.spend(player, COSTS[feature], at)
    if short is not None:
        return refuse(short, COST_CLAUSES[feature])
    h.features.add(feature)
    said = [f"a {feature} on {show(c)}"]
    clause = COST_CLAUSES[feature]
    if feature == FLAG:
        h.flag_owner = world.faction_of(player)
        said.append(f"owned by the faction {h.flag_owner}, which occupies {show(c)}")
        clause = words.FLAG_OWNED
    if feature == PYLON:
        for n in adjacent(c):
            nh = world.hex_at(n)
            if nh is not None and nh.corrupted:
                nh.features.discard(CORRUPTED)
                said.append(f"{show(n)} is no longer corrupted")
                clause = words.PYLON_CURES
    cost = ", ".join(f"{n} {item}" for item, n in COSTS[feature].items())
    said.append(f"{cost} spent")
    return judged(
        at,
        player,
        "construct",
        True,
        f"construct a {feature} on {show(c)}",
        clause,
        "; ".join(said),
    )
