"""Infinite Nomic's recorded random results (rule 4): the ``draw`` events, read and
checked once, then taken one by one by the actions that call for them.

A draw is ``{"at", "type": "draw", "what", "result"}``, optionally with ``player`` (only
that player's actions take it). An action takes the earliest unused draw of its kind
stamped at or after the action itself (rule 4: "that player should resolve the random
chance as their next act"); a ``hex`` draw is taken only for the hex its result names.
A draw stamped after the action's phase ended is too late for it. When none is recorded
the random part does not take place (rule 4: "If the
randomisation is not resolved, then the event either does not take place, or takes place
with only the non-random, non-optional elements resolved"). A draw no action took is a
warning, never silently dropped.

The world's draws (:data:`WORLD_DRAWS`): ``hex`` (``{"hex": [x, y, z], "biome",
"landmark", "corrupted"}``, or ``"features": ["Corrupted"]`` for ``corrupted``: a
generated hex, rule 5.3), ``swamp`` (``true`` when the
15% chance to leave a Swamp's mass came up), ``winds`` (``false``, or the adjacent hex
``[x, y, z]`` the Deceased Dunes' buffeting winds moved the player into).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Archive, Event
from gamestate.profiles.core import shown as cut
from gamestate.profiles.infinite_nomic.phases import phase_of
from gamestate.profiles.infinite_nomic.world import (
    BARREN,
    BIOMES,
    CORRUPTED,
    LANDMARKS,
    Coord,
    canonical,
    show,
)

__all__ = [
    "DRAW_HEX",
    "DRAW_SWAMP",
    "DRAW_WINDS",
    "WORLD_DRAWS",
    "Draws",
    "HexDraw",
    "coord",
    "cut",
    "terrain",
]

DRAW_HEX = "hex"
DRAW_SWAMP = "swamp"
DRAW_WINDS = "winds"
WORLD_DRAWS = frozenset({DRAW_HEX, DRAW_SWAMP, DRAW_WINDS})
_FAR = 10**6
"""No coordinate ordinate beyond this is read (a million steps from the origin)."""


def coord(archive: Archive, where: str, value: object) -> Coord:
    """A coordinate as written (``[x, y, z]``, integers), checked to be the one rule
    5.1 gives its hex; a one-line error otherwise."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise archive.error(where, f"expected a hex [x, y, z] of integers, got {cut(value)}")
    c: Coord = (int(value[0]), int(value[1]), int(value[2]))
    if any(abs(v) > _FAR for v in c):
        raise archive.error(where, f"the hex {cut(value)} is beyond {_FAR} steps")
    if canonical(c) != c:
        raise archive.error(
            where,
            f"{show(c)} is not a hex's coordinate: the minimal steps from the origin make it"
            f" {show(canonical(c))} (rule 5.1)",
        )
    return c


@dataclass(frozen=True)
class HexDraw:
    """A ``hex`` draw's result: what generation gave the hex."""

    hex: Coord
    biome: str
    landmark: str
    corrupted: bool


def terrain(archive: Archive, where: str, raw: Mapping[str, Any]) -> tuple[str, str]:
    """A hex's biome and landmark as written (the landmark "Barren" when none is), each
    one of the seed's (rule 5.1); a one-line error naming ``where`` otherwise. Shared by
    a generation draw's result and a starting world's hex."""
    biome, landmark = raw.get("biome"), raw.get("landmark", BARREN)
    if biome not in BIOMES:
        raise archive.error(
            f"{where}.biome", f"unknown biome {cut(biome)}; the seed's are " + ", ".join(BIOMES)
        )
    if landmark not in LANDMARKS:
        raise archive.error(
            f"{where}.landmark",
            f"unknown landmark {cut(landmark)}; the seed's are " + ", ".join(LANDMARKS),
        )
    return str(biome), str(landmark)


def _hex_result(archive: Archive, where: str, result: object) -> HexDraw:
    if not isinstance(result, Mapping):
        raise archive.error(
            where, f'expected {{"hex", "biome", "landmark", "corrupted"}}, got {cut(result)}'
        )
    c = coord(archive, f"{where}.hex", result.get("hex"))
    biome, landmark = terrain(archive, where, result)
    corrupted = result.get("corrupted", False)
    if not isinstance(corrupted, bool):
        raise archive.error(f"{where}.corrupted", f"expected true or false, got {cut(corrupted)}")
    features = result.get("features")
    if features is not None:
        if not isinstance(features, list) or any(f != CORRUPTED for f in features):
            raise archive.error(
                f"{where}.features",
                f"expected [] or [{CORRUPTED!r}] (the only feature generation gives;"
                f" the others are constructed), got {cut(features)}",
            )
        if "corrupted" in result and corrupted != bool(features):
            raise archive.error(where, "corrupted and features disagree")
        corrupted = bool(features)
    return HexDraw(c, biome, landmark, corrupted)


def _check(archive: Archive, e: Event) -> Any:
    where = f"event {e.index} (draw {e.get('what')})"
    result = e.get("result")
    player = e.get("player")
    if player is not None and (not isinstance(player, str) or not player.strip()):
        raise archive.error(f"{where}.player", f"expected a name, got {cut(player)}")
    if e.get("what") == DRAW_HEX:
        return _hex_result(archive, f"{where}.result", result)
    if e.get("what") == DRAW_SWAMP:
        if not isinstance(result, bool):
            raise archive.error(
                f"{where}.result", f"expected true (moves) or false, got {cut(result)}"
            )
        return result
    if e.get("what") != DRAW_WINDS:
        return result  # another rule's draw: its own rules read it
    if result is False or result is None:
        return None
    return coord(archive, f"{where}.result", result)


@dataclass
class Draws:
    """The world's draws, each taken at most once."""

    pending: dict[str, list[tuple[Event, Any]]] = field(default_factory=dict)
    used: set[int] = field(default_factory=set)
    _lanes: dict[tuple[str, Coord | None], list[tuple[Event, Any]]] = field(
        default_factory=dict, repr=False
    )
    """The draws of one kind (of one hex, for ``hex`` draws), in time order."""

    def __post_init__(self) -> None:
        for what, found in self.pending.items():
            for e, result in found:
                place = result.hex if isinstance(result, HexDraw) else None
                self._lanes.setdefault((what, place), []).append((e, result))

    @classmethod
    def from_archive(cls, archive: Archive, kinds: Iterable[str] | None = None) -> Draws:
        """Reads every draw (of ``kinds``, when given), the world's checked (a one-line
        error for junk); another rule's result is kept as written for its rules."""
        wanted = None if kinds is None else frozenset(kinds)
        pending: dict[str, list[tuple[Event, Any]]] = {}
        for e in archive.events:
            if e.type == "draw" and (wanted is None or e.get("what") in wanted):
                pending.setdefault(str(e.get("what")), []).append((e, _check(archive, e)))
        return cls(pending)

    def take(
        self, what: str, at: datetime, player: str | None = None, hex: Coord | None = None
    ) -> tuple[Event, Any] | None:
        """The earliest unused draw of ``what`` at or after ``at`` and before the end of
        its phase (for ``player``, for ``hex``), marked used; None when none is recorded
        (rule 4: resolved "as their next act ... or by phase end")."""
        lane = self._lanes.get((what, hex if what == DRAW_HEX else None), [])
        start = bisect_left(lane, at, key=lambda found: found[0].at)
        ends = phase_of(at).ends_at
        for e, result in lane[start:]:
            if e.at >= ends:
                break
            if e.index in self.used:
                continue
            if e.get("player") is not None and e.get("player") != player:
                continue
            self.used.add(e.index)
            return e, result
        return None

    def unused(self, until: datetime) -> list[str]:
        """A warning for each draw up to ``until`` that no action took."""
        out = []
        for what, found in sorted(self.pending.items()):
            for e, _ in found:
                if e.index not in self.used and e.at <= until:
                    out.append(
                        f"event {e.index} (draw {what} at {format_time(e.at)}): no action"
                        " called for it; ignored"
                    )
        return out
