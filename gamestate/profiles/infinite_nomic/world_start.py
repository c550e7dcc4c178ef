"""The world as an archive starts it (ARCHITECTURE.md 1b: ``game_state`` and the
roster's ``state`` are values as of the archive's start), for an archive that begins
mid-cycle: ``game_state.hexes``, a list of the hexes generated so far
(``{"hex": [x, y, z], "biome", "landmark", "features", "flag"}``), and each roster
entry's ``state.hex`` (where that player stands) and ``state.faction``. Without them the
world starts as rule 5 says: the origin alone, every player on it in a faction of their
own name. Junk is a one-line error naming the record."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamestate.profiles.core import Archive
from gamestate.profiles.infinite_nomic.draws import coord, cut, terrain
from gamestate.profiles.infinite_nomic.world import (
    FEATURES,
    FLAG,
    Coord,
    Hex,
    World,
    show,
)

__all__ = ["Start", "read_start", "starts_a_world"]

_LONGEST = 200
_MOST_HEXES = 100_000


def starts_a_world(archive: Archive) -> bool:
    """Whether the archive gives a starting world (hexes, or a player's hex or faction)."""
    if archive.game_state.get("hexes") is not None:
        return True
    return any("hex" in m.state or "faction" in m.state for m in archive.roster)


def _name(archive: Archive, where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > _LONGEST:
        raise archive.error(where, f"expected a name, got {cut(value)}")
    return value


def _hex(archive: Archive, where: str, raw: Any) -> tuple[Coord, Hex]:
    if not isinstance(raw, Mapping):
        raise archive.error(
            where, f'expected {{"hex", "biome", "landmark", "features", "flag"}}, got {cut(raw)}'
        )
    c = coord(archive, f"{where}.hex", raw.get("hex"))
    biome, landmark = terrain(archive, where, raw)
    features = raw.get("features", [])
    if not isinstance(features, list) or any(f not in FEATURES for f in features):
        raise archive.error(
            f"{where}.features",
            f"expected a list of features ({', '.join(FEATURES)}), got {cut(features)}",
        )
    flag = raw.get("flag")
    if flag is not None:
        _name(archive, f"{where}.flag", flag)
    if (flag is None) == (FLAG in features):
        raise archive.error(
            where, "a hex with a Flag names the faction owning it (flag), and only such a hex"
        )
    return c, Hex(biome, landmark, set(features), flag)


@dataclass(frozen=True)
class Start:
    """The starting world: the generated hexes, each roster player's hex and faction."""

    hexes: Mapping[Coord, Hex]
    places: Mapping[str, Coord]
    factions: Mapping[str, str]

    def world(self) -> World:
        """A fresh world holding the starting hexes (the origin unless listed)."""
        w = World()
        for c, h in self.hexes.items():
            w.hexes[c] = Hex(h.biome, h.landmark, set(h.features), h.flag_owner)
        return w


def read_start(archive: Archive) -> Start:
    """The archive's starting world, checked; a one-line error for junk."""
    raw = archive.game_state.get("hexes")
    hexes: dict[Coord, Hex] = {}
    if raw is not None:
        if not isinstance(raw, list) or len(raw) > _MOST_HEXES:
            raise archive.error("game_state.hexes", f"expected a list of hexes, got {cut(raw)}")
        for i, item in enumerate(raw):
            c, h = _hex(archive, f"game_state.hexes[{i}]", item)
            if c in hexes:
                raise archive.error(f"game_state.hexes[{i}]", f"{show(c)} is listed twice")
            hexes[c] = h
    known = World().hexes | hexes
    places: dict[str, Coord] = {}
    factions: dict[str, str] = {}
    for m in archive.roster:
        where = f"roster {cut(m.name)}.state"
        if "hex" in m.state:
            c = coord(archive, f"{where}.hex", m.state["hex"])
            if c not in known:
                raise archive.error(
                    f"{where}.hex", f"{show(c)} is indeterminate: list it in game_state.hexes"
                )
            places[m.name] = c
        if "faction" in m.state:
            factions[m.name] = _name(archive, f"{where}.faction", m.state["faction"])
    owners = {factions.get(m.name, m.name) for m in archive.roster if m.player}
    for c, h in hexes.items():
        if h.flag_owner is not None and h.flag_owner not in owners:
            raise archive.error(
                "game_state.hexes",
                f"the Flag on {show(c)} is owned by {cut(h.flag_owner)}, no player's faction",
            )
    return Start(hexes, places, factions)
