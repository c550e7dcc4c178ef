"""Hit points (seed 002): each unit and building type's Max HP, attack strength, range and
armor as the seed gives them, a unit's square and hit points (its *body*), and the rules
that change hit points anywhere: created at Max HP, never above it, destroyed at 0 or
less, and a transformation's ``ceil`` formula.

The seed is the accepted proposals, not the first rules: it never defines the Warrior,
the SCV, the Monk or the Mesmer, only changes them. What it does say is read here: a
Warrior's Max HP is 50 (the Orison example's "to a maximum of 50" and the transformation
example's "ceil(20*37/50)"), an SCV's 40 ("initial HP of 40 instead of 20"), a Monk's 40
("from 25 to 40"). Their attack strength, range and armor, and a Mesmer's Max HP, are in
no clause: ``game_state.unit_stats`` gives them (``{"Warrior": {"attack": 10, "range":
1, "armor": 0}}``), and without it a rule that needs one says so instead of guessing. A
value the seed does give cannot be overridden there.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamestate.profiles.nomopoly_iv.geometry import Board, board_from
from gamestate.profiles.nomopoly_iv.units import BUILDINGS, unit_type

__all__ = [
    "STATS",
    "Army",
    "Body",
    "Stats",
    "bodies_from",
    "body_problem",
    "stats_problem",
    "transformed_hp",
    "units_out",
]

STAT_KEYS = ("max_hp", "attack", "range", "armor")


@dataclass(frozen=True)
class Stats:
    """A type's values; None where the seed gives none."""

    max_hp: int | None
    attack: int | None
    range: int | None
    armor: int | None


_UNKNOWN = Stats(None, None, None, None)
STATS: dict[str, Stats] = {
    "Fort": Stats(1500, 0, 0, 25),
    "Warrior": Stats(50, None, None, None),
    "SCV": Stats(40, None, None, None),
    "Monk": Stats(40, None, None, None),
    "Mesmer": _UNKNOWN,
    "Laser Howitzer": Stats(100, 75, 2, 5),
    "Musketeer": Stats(80, 20, 2, 3),
    "Scientist": Stats(40, 0, 1, 0),
    "Laboratory": Stats(300, 0, 0, 0),
    "Refinery": Stats(300, 0, 0, 10),
    "Railway": Stats(200, 0, 0, 5),
    "Duck Pond": Stats(70, 0, 0, 0),
    "Teleporter": Stats(300, 0, 0, 20),
    "Guard Tower": Stats(250, 25, 2, 5),
    "Wall": Stats(500, 0, 0, 15),
}
"""Type -> the seed's values (the latest proposal's: "Maximum Hit Points", "Initial hit
points" read as Max HP). A Laser Howitzer's attack depends on its target (see
:func:`howitzer_attack`)."""


def stats_of(kind: str, given: Mapping[str, Any] | None = None) -> Stats:
    """The seed's values for ``kind``, with ``game_state.unit_stats`` filling its gaps."""
    seed = STATS.get(kind, _UNKNOWN)
    extra = (given or {}).get(kind) or {}
    values = [getattr(seed, k) if getattr(seed, k) is not None else extra.get(k) for k in STAT_KEYS]
    return Stats(*values)


def howitzer_attack(target_kind: str) -> int:
    """ "Attack Strength: 75 against buildings, 30 against other Laser Howitzers, 15 against
    non-Howitzer units"."""
    if target_kind in BUILDINGS:
        return 75
    return 30 if target_kind == "Laser Howitzer" else 15


@dataclass
class Body:
    """Where a unit or building is and its hit points; None where not recorded."""

    square: int | None = None
    hp: int | None = None


def transformed_hp(old_hp: int | None, old_kind: str, new_kind: str, given: Any) -> int | None:
    """ "(HP of new unit) = ceil((Initial HP of new unit type) * (HP of old unit) / (Initial
    HP of old unit type))", in whole numbers; None if a value is not known."""
    new_max, old_max = stats_of(new_kind, given).max_hp, stats_of(old_kind, given).max_hp
    if old_hp is None or new_max is None or not old_max:
        return None
    return math.ceil(new_max * old_hp / old_max) if old_hp > 0 else old_hp


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def body_problem(unit: object, raw: object) -> str | None:
    """Why a roster ``units`` entry's value cannot be read, or None."""
    if not isinstance(raw, Mapping):
        return f"{unit!r:.40}: expected {{square?, hp?, type?}}"
    square = raw.get("square")
    if square is not None and not _whole(square, 1, 10_000):
        return f"{unit!r:.40}.square: expected a square number 1..10000, got {square!r:.40}"
    hp = raw.get("hp")
    if hp is not None and not _whole(hp, 1, 10**6):
        return f"{unit!r:.40}.hp: expected hit points 1..1000000, got {hp!r:.40}"
    kind = raw.get("type")
    if kind is not None and kind != unit_type(unit):
        return f"{unit!r:.40}.type: {kind!r:.40} is not the type its name gives"
    return None


def stats_problem(raw: object) -> str | None:
    """Why ``game_state.unit_stats`` cannot be read (one line), or None."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        return "expected type -> {max_hp?, attack?, range?, armor?}"
    for kind, values in raw.items():
        if kind not in STATS:
            return f"unknown type {kind!r:.40}"
        if not isinstance(values, Mapping):
            return f"{kind}: expected {{max_hp?, attack?, range?, armor?}}"
        for key, value in values.items():
            if key not in STAT_KEYS:
                return f"{kind}: unknown value {key!r:.40}; one of {', '.join(STAT_KEYS)}"
            if not _whole(value, 1 if key == "max_hp" else 0, 10**6):
                return f"{kind}.{key}: expected a whole number, got {value!r:.40}"
            seed = getattr(STATS[kind], key)
            if seed is not None and seed != value:
                return f"{kind}.{key}: the seed gives {seed}, not {value}"
    return None


def bodies_from(raw: object) -> dict[str, Body]:
    """A roster's ``units`` (a list of names, or name -> {square, hp}) as bodies."""
    if not isinstance(raw, Mapping):
        return {str(name): Body() for name in raw or []} if isinstance(raw, list) else {}
    return {
        str(name): Body(v.get("square"), v.get("hp")) if isinstance(v, Mapping) else Body()
        for name, v in raw.items()
    }


def units_out(
    units: Mapping[str, str], bodies: Mapping[str, Body], given: Any
) -> dict[str, dict[str, Any]]:
    """A player's units for ``state``: name -> {type, square, hp, max_hp} (null where not
    recorded)."""
    out = {}
    for name, kind in sorted(units.items()):
        body = bodies.get(name) or Body()
        out[name] = {
            "type": kind,
            "square": body.square,
            "hp": body.hp,
            "max_hp": stats_of(kind, given).max_hp,
        }
    return out


@dataclass
class Army:
    """What the books keep for squares and hit points besides each player's bodies: the
    board's layout, the unit values the seed lacks, and what could not be checked."""

    board: Board | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    """``game_state.unit_stats`` as given."""
    warnings: list[str] = field(default_factory=list)
    destroyed: set[tuple[str, str]] = field(default_factory=set)
    """(owner, name) of each unit and building destroyed in play."""
    log: list[tuple[str, str, int | None]] = field(default_factory=list)
    """(owner, name, hit points gained or lost; None: destroyed) since the last action's
    entry took them (:func:`.combat.effects_of`)."""
    pending: list[str] = field(default_factory=list)
    """What :mod:`.hp_squares` could not check for the command being judged (a square or
    the board not recorded), for its verdict (:func:`.combat.apply_command` takes them)."""

    @classmethod
    def from_game_state(cls, gs: Mapping[str, Any]) -> Army:
        raw = gs.get("unit_stats")
        return cls(board_from(gs.get("board")), dict(raw) if isinstance(raw, Mapping) else {})

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)
