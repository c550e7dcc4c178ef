"""Infinite Nomic's world (rule 5): the hex grid, its hexes, where the players stand,
and the factions (rule 2.1) -- the data and the questions other rules ask of it.

The geometry. Rule 5.2 names six cardinal directions, the unit steps along three
axes: North ``(0, 0, 1)``, Ashe ``(0, 1, 0)``, Mouth ``(1, 0, 0)``, South
``(0, 0, -1)``, Zest ``(0, -1, 0)``, Weast ``(-1, 0, 0)``, listed round the hex, so
the y axis lies between the x and z axes and one step along y is one step along x
and one along z. A hex's coordinate is "determined by taking the minimal number of
steps from the origin along x, y and z in that order" (rule 5.1): of all the ways to
write a place, the one with the fewest steps, which is unique (:func:`canonical`).
The distance between hexes is the number of steps between them (:func:`distance`).

This module holds data and pure questions only; the rules that change it are in
:mod:`.generation` (rule 5.3), :mod:`.movement` (6.1, 6.2, the biomes' movement
rules, 5.3.3) and :mod:`.factions` (2.1, 8), run in time order by :mod:`.world_play`.

For the items helper (rule 7, 6.3, 6.4): :class:`ItemRules` is what the world's loop
asks of the items rules (a player's quality score S, spending a construction's cost,
judging the item actions); :class:`NoItems` stands in until they exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from gamestate.profiles.core import Event

__all__ = [
    "BARREN",
    "BIOMES",
    "BOARDWALK",
    "CORRUPTED",
    "DIRECTIONS",
    "FEATURES",
    "FLAG",
    "LAKE",
    "LANDMARKS",
    "MEADOW",
    "ORIGIN",
    "PYLON",
    "STAG_STATION",
    "TOWN",
    "Coord",
    "Hex",
    "ItemRules",
    "NoItems",
    "Turn",
    "World",
    "adjacent",
    "canonical",
    "distance",
    "on_cardinal_axis",
    "within",
]

Coord = tuple[int, int, int]
"""A hex's coordinate ``(x, y, z)``, canonical (:func:`canonical`)."""

ORIGIN: Coord = (0, 0, 0)

MEADOW = "Meadow"
DUNES = "Deceased Dunes"
FOREST = "Forest"
PASS = "Perilous Pass"
SWAMP = "Swamp"
LAKE = "Lake"
BIOMES = (MEADOW, DUNES, FOREST, PASS, SWAMP, LAKE)
"""Rule 5.3.1's subrules, in the seed's order."""

BARREN = "Barren"
TOWN = "Town"
LANDMARKS = (BARREN, TOWN)

CORRUPTED = "Corrupted"
FLAG = "Flag"
PYLON = "Pylon of Purity"
STAG_STATION = "Stag Station"
BOARDWALK = "Boardwalk"
FEATURES = (CORRUPTED, FLAG, PYLON, STAG_STATION, BOARDWALK)
"""Rule 5.3.3's subrules, in the seed's order."""

DIRECTIONS: Mapping[str, Coord] = {
    "North": (0, 0, 1),
    "Ashe": (0, 1, 0),
    "Mouth": (1, 0, 0),
    "South": (0, 0, -1),
    "Zest": (0, -1, 0),
    "Weast": (-1, 0, 0),
}
"""Rule 5.2, round the hex in the seed's order."""


def _axial(c: Coord) -> tuple[int, int]:
    """The place as steps along x and z only (one y step is an x step and a z step)."""
    x, y, z = c
    return x + y, z + y


def _from_axial(a: int, b: int) -> Coord:
    y = sorted((a, 0, b))[1]  # the median makes |a - y| + |y| + |b - y| least
    return a - y, y, b - y


def canonical(c: Coord) -> Coord:
    """The coordinate rule 5.1 gives the place ``c`` names (the fewest steps)."""
    return _from_axial(*_axial(c))


def is_canonical(c: Coord) -> bool:
    return canonical(c) == c


def distance(a: Coord, b: Coord) -> int:
    """The fewest steps from ``a`` to ``b`` (1 for adjacent hexes)."""
    (a1, a2), (b1, b2) = _axial(a), _axial(b)
    return sum(abs(v) for v in _from_axial(b1 - a1, b2 - a2))


def step(c: Coord, direction: Coord) -> Coord:
    """The hex one step from ``c`` in ``direction`` (one of :data:`DIRECTIONS`)."""
    return canonical((c[0] + direction[0], c[1] + direction[1], c[2] + direction[2]))


def adjacent(c: Coord) -> tuple[Coord, ...]:
    """The six hexes adjacent to ``c``, in :data:`DIRECTIONS` order."""
    return tuple(step(c, d) for d in DIRECTIONS.values())


def within(c: Coord, reach: int) -> tuple[Coord, ...]:
    """Every hex at distance 1..``reach`` of ``c`` (Binoculars: reach 2), in a fixed order."""
    seen = {c}
    ring = [c]
    out: list[Coord] = []
    for _ in range(reach):
        nxt = []
        for h in ring:
            for n in adjacent(h):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        out += nxt
        ring = nxt
    return tuple(out)


def on_cardinal_axis(c: Coord) -> bool:
    """Whether ``c`` lies along a cardinal axis from the origin (two ordinates zero)."""
    return c != ORIGIN and sum(1 for v in c if v == 0) == 2


@dataclass
class Hex:
    """A generated (determinate) hex: rule 5.1's data."""

    biome: str = MEADOW
    landmark: str = BARREN
    features: set[str] = field(default_factory=set)
    flag_owner: str | None = None
    """The faction owning the Flag on it (rule 5.3.3.2), None when it has none."""

    @property
    def corrupted(self) -> bool:
        return CORRUPTED in self.features

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "biome": self.biome,
            "landmark": self.landmark,
            "features": [f for f in FEATURES if f in self.features],
        }
        if self.flag_owner is not None:
            out["flag"] = self.flag_owner
        return out


def show(c: Coord) -> str:
    """A coordinate as the seed writes it: ``(1, 0, -1)``."""
    return f"({c[0]}, {c[1]}, {c[2]})"


@dataclass
class World:
    """The grid as it stands: the generated hexes (any other is indeterminate), where
    each player is, and each player's faction."""

    hexes: dict[Coord, Hex] = field(default_factory=lambda: {ORIGIN: Hex(MEADOW, BARREN)})
    """Rule 5: the origin is generated from the start, a Meadow with a Barren landmark."""
    positions: dict[str, Coord] = field(default_factory=dict)
    """Player -> the hex they are on (players only)."""
    factions: dict[str, str] = field(default_factory=dict)
    """Player -> the name of their faction (players only)."""

    def hex_at(self, c: Coord) -> Hex | None:
        """The hex at ``c``, or None while it is indeterminate (rule 5.1.1)."""
        return self.hexes.get(c)

    def biome(self, c: Coord) -> str | None:
        """The biome of ``c``, None while it is indeterminate."""
        h = self.hexes.get(c)
        return h.biome if h is not None else None

    def mass_of(self, c: Coord) -> frozenset[Coord]:
        """The mass ``c`` belongs to: the connected generated hexes of its biome
        (rule 5.3.1: "A mass is a connected group of hexes of the same biome type");
        empty for an indeterminate hex."""
        start = self.hexes.get(c)
        if start is None:
            return frozenset()
        seen = {c}
        todo = [c]
        while todo:
            here = todo.pop()
            for n in adjacent(here):
                h = self.hexes.get(n)
                if n not in seen and h is not None and h.biome == start.biome:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def lake_hexes_adjacent(self, c: Coord) -> tuple[Coord, ...]:
        """The Lake hexes adjacent to ``c``, in :data:`DIRECTIONS` order (rule 6.3)."""
        return tuple(n for n in adjacent(c) if self.biome(n) == LAKE)

    def lake_mass_size(self, c: Coord) -> int:
        """The number of hexes in the Lake mass of ``c`` (0 when ``c`` is no Lake)."""
        return len(self.mass_of(c)) if self.biome(c) == LAKE else 0

    def is_town(self, c: Coord) -> bool:
        h = self.hexes.get(c)
        return h is not None and h.landmark == TOWN

    def is_corrupted(self, c: Coord) -> bool:
        h = self.hexes.get(c)
        return h is not None and h.corrupted

    def flag_owner(self, c: Coord) -> str | None:
        """The faction whose Flag is on ``c``, if any."""
        h = self.hexes.get(c)
        return h.flag_owner if h is not None else None

    def position(self, player: str) -> Coord | None:
        """The hex ``player`` is on; None for one who is not a player."""
        return self.positions.get(player)

    def players_on(self, c: Coord) -> tuple[str, ...]:
        """The players on hex ``c``, sorted by name."""
        return tuple(sorted(p for p, at in self.positions.items() if at == c))

    def shares_hex(self, player: str) -> bool:
        """Whether another player is on ``player``'s hex (the Student Fish)."""
        here = self.positions.get(player)
        return here is not None and len(self.players_on(here)) > 1

    def faction_of(self, player: str) -> str | None:
        """The faction ``player`` is a member of (rule 2.1), None for a non-player."""
        return self.factions.get(player)

    def members(self, faction: str) -> tuple[str, ...]:
        """The members of ``faction``, sorted by name."""
        return tuple(sorted(p for p, f in self.factions.items() if f == faction))

    def faction_names(self) -> tuple[str, ...]:
        """Every faction with a member, sorted."""
        return tuple(sorted(set(self.factions.values())))

    def occupied(self, faction: str) -> tuple[Coord, ...]:
        """The hexes ``faction`` occupies: those with its Flag (rule 5.3.3.2)."""
        return tuple(sorted(c for c, h in self.hexes.items() if h.flag_owner == faction))

    def with_feature(self, feature: str) -> tuple[Coord, ...]:
        """Every generated hex that has ``feature``, sorted."""
        return tuple(sorted(c for c, h in self.hexes.items() if feature in h.features))

    def remove_feature(self, c: Coord, feature: str) -> bool:
        """Destroy ``feature`` on ``c`` (the Torch, Explosives); whether it was there."""
        h = self.hexes.get(c)
        if h is None or feature not in h.features:
            return False
        h.features.discard(feature)
        if feature == FLAG:
            h.flag_owner = None
        return True

    def set_landmark(self, c: Coord, landmark: str) -> None:
        """Set the landmark of a generated hex (Explosives leave it Barren)."""
        h = self.hexes.get(c)
        if h is not None:
            h.landmark = landmark


@dataclass
class Turn:
    """One action event as the world's loop hands it to the items rules."""

    event: Event
    world: World
    take_draw: Any
    """``take_draw(what, player=None) -> Event | None``: the earliest unused ``draw``
    event of ``what`` at or after this action (and naming this player, or no player);
    None when none is recorded (rule 4: the random part does not take place)."""


class ItemRules(Protocol):
    """What the world's loop asks of the items rules (rule 7, 6.3, 6.4)."""

    actions: frozenset[str]
    """The ``action`` names these rules judge (forage, fish, craft, use, trade, ...)."""

    def quality_score(self, player: str) -> int:
        """The player's quality score S now (rule 7.3.2.1)."""
        ...

    def inventory(self, player: str) -> Mapping[str, int]:
        """Item -> count the player holds now."""
        ...

    def spend(self, player: str, cost: Mapping[str, int], at: datetime) -> str | None:
        """Take ``cost`` from the player's inventory: None when paid, else one line
        saying what is missing (and nothing is taken)."""
        ...

    def act(self, turn: Turn) -> dict[str, Any]:
        """Judge one of :attr:`actions`: the 2b action record (``allowed``, ``reason``,
        ``clause``, ``effect``), the state changed only when allowed."""
        ...

    def state_of(self, player: str) -> dict[str, Any]:
        """What the player's ``state`` shows of items (inventory, S)."""
        ...


@dataclass
class NoItems:
    """Item rules with nothing in them: every inventory empty, S = 0."""

    actions: frozenset[str] = frozenset()

    def quality_score(self, player: str) -> int:
        return 0

    def inventory(self, player: str) -> Mapping[str, int]:
        return {}

    def spend(self, player: str, cost: Mapping[str, int], at: datetime) -> str | None:
        missing = [f"{n} {item}" for item, n in cost.items() if n > 0]
        return "holds none of " + ", ".join(missing) if missing else None

    def act(self, turn: Turn) -> dict[str, Any]:
        return {"allowed": False, "reason": "no item rules", "clause": "", "effect": None}

    def state_of(self, player: str) -> dict[str, Any]:
        return {}


def sorted_coords(coords: Iterable[Coord]) -> list[Coord]:
    """Coordinates in a fixed order: by distance from the origin, then by value."""
    return sorted(coords, key=lambda c: (distance(ORIGIN, c), c))
