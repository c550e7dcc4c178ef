"""Infinite Nomic's world as ``status`` prints it: each generated hex with its biome,
landmark, features and flag, each faction with its members, hexes and influence, and
the winner (rule 8). Empty when the game has no world."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["world_lines"]


def _hex_line(place: str, h: Mapping[str, Any]) -> str:
    extra = [str(f) for f in h.get("features") or () if f != "Flag"]
    if h.get("flag"):
        extra.append(f"Flag of {h['flag']}")
    shown = f"; {', '.join(extra)}" if extra else ""
    return f"    {place} {h.get('biome')}, {h.get('landmark')}{shown}"


def _faction_line(name: str, f: Mapping[str, Any]) -> str:
    members = ", ".join(str(m) for m in f.get("members") or ())
    hexes = f.get("hexes")
    tag = "influential" if f.get("influential") else "not influential"
    return (
        f"    {name} ({members}): {hexes} hex{'' if hexes == 1 else 'es'} occupied,"
        f" influence {f.get('influence')}, {tag}"
    )


def world_lines(game_state: Mapping[str, Any]) -> list[str]:
    """The world's lines, or none when ``game_state`` has no ``world``."""
    world = game_state.get("world")
    if not isinstance(world, Mapping):
        return []
    hexes = world.get("hexes") or {}
    lines = [f"World: {len(hexes)} hexes generated (any other is indeterminate):"]
    lines += [_hex_line(p, h) for p, h in hexes.items() if isinstance(h, Mapping)]
    factions = world.get("factions") or {}
    lines.append("Factions:")
    lines += [_faction_line(n, f) for n, f in factions.items() if isinstance(f, Mapping)]
    winner = world.get("winner")
    if isinstance(winner, Mapping):
        lines.append(
            f"    {winner.get('faction')} won the cycle at {winner.get('at')}"
            f" (“{winner.get('clause')}”)"
        )
    return lines
