"""Rule 5.3: generating a hex from its recorded ``hex`` draw, checked against the rules.

What is random (the biome drawn from the pool, the landmark, the 5% corruption) is a
recorded input; what follows from the rules is computed and checked:

* a biome the pool cannot give is refused: the pool holds each adjacent hex's biome with
  weight B/M (B its bias, M its mass's size) and a "random" entry of weight 3 that draws
  from the biomes' weights, so a biome is possible when its weight is positive or an
  adjacent hex of it has a positive bias. Deceased Dunes next to a Swamp and Swamp next to
  Deceased Dunes have weight and bias 0; a Lake (weight 0, bias 0) is never drawn. The
  chance the pool gave the drawn biome is reported;
* "If an indeterminate hex is not adjacent to a hex of the infinitely large mass of
  indeterminate hexes, it generates with a Lake biome and a Barren landmark": after every
  generation, each indeterminate hex cut off from the unbounded indeterminate region
  becomes a Lake at once (its own ``hex`` draw, if recorded, may only add the 5%
  corruption; without one it is not corrupt, rule 4);
* a corrupted hex's landmark is set to Barren and its other features removed, unless a
  Pylon of Purity is on it or adjacent, where the corruption fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.draws import DRAW_HEX, Draws, HexDraw
from gamestate.profiles.infinite_nomic.world import (
    BARREN,
    CORRUPTED,
    DUNES,
    LAKE,
    MEADOW,
    PASS,
    PYLON,
    SWAMP,
    Coord,
    Hex,
    World,
    adjacent,
    show,
    sorted_coords,
)

__all__ = ["BIAS", "WEIGHT", "Generated", "biome_chance", "corrupt", "enclosed", "generate"]

WEIGHT = {MEADOW: 7, DUNES: 4, "Forest": 5, PASS: 3, SWAMP: 5, LAKE: 0}
"""Each biome's weight in the "random" pool (rule 5.3.1's subrules)."""
BIAS = {MEADOW: 12, DUNES: 10, "Forest": 10, PASS: 5, SWAMP: 10, LAKE: 0}
"""Each biome's bias B ("equal to 10 unless otherwise specified")."""
RANDOM_ENTRY = 3


def _zeroed(world: World, c: Coord) -> set[str]:
    """The biomes whose weight and bias are 0 when generating ``c`` (Dunes next to a
    Swamp, Swamp next to Dunes)."""
    near = {world.biome(n) for n in adjacent(c)}
    return ({DUNES} if SWAMP in near else set()) | ({SWAMP} if DUNES in near else set())


def biome_chance(world: World, c: Coord, biome: str) -> Fraction:
    """The chance the pool for ``c`` gives ``biome`` (0 when it cannot)."""
    zero = _zeroed(world, c)
    pool: dict[str, Fraction] = {}
    for n in adjacent(c):
        b = world.biome(n)
        if b is None:
            continue
        bias = 0 if b in zero else BIAS[b]
        pool[b] = pool.get(b, Fraction(0)) + Fraction(bias, len(world.mass_of(n)))
    weights = {b: (0 if b in zero else w) for b, w in WEIGHT.items()}
    total = sum(pool.values(), Fraction(0)) + RANDOM_ENTRY
    random_share = Fraction(RANDOM_ENTRY) * Fraction(weights[biome], sum(weights.values()))
    return (pool.get(biome, Fraction(0)) + random_share) / total


def protected(world: World, c: Coord) -> bool:
    """Whether a Pylon of Purity on ``c`` or adjacent keeps it from corruption."""
    return any(PYLON in h.features for n in (c, *adjacent(c)) if (h := world.hexes.get(n)))


def corrupt(world: World, c: Coord) -> str:
    """Corrupt ``c`` (rule 5.3.3.1); what happened, in words."""
    h = world.hexes[c]
    if h.corrupted:
        return f"{show(c)} was already corrupted"
    if protected(world, c):
        return f"{show(c)} cannot be corrupted (a Pylon of Purity): the attempt fails"
    h.features = {CORRUPTED}
    h.flag_owner = None
    h.landmark = BARREN
    return f"{show(c)} is corrupted: its landmark is Barren and its other features removed"


def enclosed(world: World, around: Coord) -> list[Coord]:
    """The indeterminate hexes next to ``around`` (just generated) that are cut off from
    the infinitely large mass of indeterminate hexes (they generate as Lakes), in a fixed
    order. A region reaching outside the box of the generated hexes (in steps along x and
    z) is the infinite mass: nothing outside that box is enclosed."""
    axial = [(x + y, z + y) for x, y, z in world.hexes]
    low_a, high_a = min(a for a, _ in axial), max(a for a, _ in axial)
    low_b, high_b = min(b for _, b in axial), max(b for _, b in axial)

    def outside(c: Coord) -> bool:
        a, b = c[0] + c[1], c[2] + c[1]
        return not (low_a <= a <= high_a and low_b <= b <= high_b)

    found: set[Coord] = set()
    free: set[Coord] = set()
    for start in adjacent(around):
        if start in world.hexes or start in found or start in free:
            continue
        region, todo, escaped = {start}, [start], False
        while todo and not escaped:
            here = todo.pop()
            if outside(here) or here in free:
                escaped = True
                break
            for n in adjacent(here):
                if n not in region and n not in world.hexes:
                    region.add(n)
                    todo.append(n)
        (free if escaped else found).update(region)
    return sorted_coords(found)


@dataclass(frozen=True)
class Generated:
    """The outcome of generating one hex: whether it was, and why, in words."""

    ok: bool
    text: str
    draw: int | None = None
    """The ``hex`` draw taken (its event index), kept used even when refused."""


def _fill_lakes(world: World, around: Coord, draws: Draws, at: datetime) -> list[str]:
    """Rule 5.3.1.6: every enclosed indeterminate hex generates as a Lake."""
    said = []
    for c in enclosed(world, around):
        world.hexes[c] = Hex(LAKE, BARREN)
        found = draws.take(DRAW_HEX, at, hex=c)
        extra = ""
        if found is not None and found[1].biome == LAKE and found[1].corrupted:
            extra = "; " + corrupt(world, c)
        said.append(f"{show(c)} is cut off from the indeterminate hexes: a Lake{extra}")
    return said


def generate(world: World, c: Coord, draws: Draws, at: datetime, player: str) -> Generated:
    """Generate ``c`` if indeterminate, from its ``hex`` draw; refused (nothing changes)
    when no draw is recorded or the draw breaks the rules."""
    if c in world.hexes:
        return Generated(True, "")
    found = draws.take(DRAW_HEX, at, player, hex=c)
    if found is None:
        return Generated(
            False, f"{show(c)} is indeterminate and no hex draw for it is recorded (rule 4)"
        )
    event, drawn = found
    assert isinstance(drawn, HexDraw)
    chance = biome_chance(world, c, drawn.biome)
    if chance == 0:
        why = _why_impossible(world, c, drawn.biome)
        return Generated(False, f"the hex draw gives {show(c)} {drawn.biome}, {why}", event.index)
    h = Hex(drawn.biome, drawn.landmark)
    world.hexes[c] = h
    said = [
        f"{show(c)} generated: {drawn.biome} (a {_percent(chance)} chance from the pool),"
        f" {drawn.landmark}"
    ]
    if drawn.corrupted:
        said.append(corrupt(world, c))
    said += _fill_lakes(world, c, draws, at)
    return Generated(True, "; ".join(said))


def _why_impossible(world: World, c: Coord, biome: str) -> str:
    near = {world.biome(n) for n in adjacent(c)}
    if biome == DUNES and SWAMP in near:
        return f'which it cannot be next to a Swamp ("{words.DUNES_NEXT_TO_SWAMP}")'
    if biome == SWAMP and DUNES in near:
        return f'which it cannot be next to Deceased Dunes ("{words.SWAMP_NEXT_TO_DUNES}")'
    return (
        "which the pool cannot give: a Lake has weight 0 and bias 0 and forms only where an"
        " indeterminate hex is cut off"
    )


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}%"
