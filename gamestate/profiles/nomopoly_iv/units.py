"""Units, buildings and their commands as the seed defines them: who may be issued each
command, its cool down time and what it costs or pays (rules "Units", "Buildings",
"Commands" and the proposals that added each).

A unit is named by its type and a number, as the site showed it: ``Scientist#1``,
``SCV#2``, ``Laboratory#1``. A command that turns a unit into another type (``Upgrade to
SCV``) keeps its name and changes its type.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

__all__ = [
    "BUILDINGS",
    "COMMANDS",
    "UNITS",
    "Command",
    "cool_down_of",
    "unit_type",
]

_DAY = timedelta(days=1)

UNITS: dict[str, int] = {
    "Warrior": 10,
    "SCV": 1,
    "Monk": 1,
    "Mesmer": 1,
    "Laser Howitzer": 5,
    "Musketeer": 10,
    "Scientist": 10,
}
"""Unit type -> Speed. A Warrior's is read from the Move command's example ("the cool down
time for moving a Warrior would be 1 day"); where the seed gives none, "Speed (1 if not
specified)"."""

BUILDINGS = frozenset(
    {
        "Fort",
        "Guard Tower",
        "Wall",
        "Teleporter",
        "Duck Pond",
        "Railway",
        "Laboratory",
        "Refinery",
    }
)
"""Building types (they are never moved)."""

_NO_ATTACK = frozenset(
    {"Scientist", "Fort", "Wall", "Teleporter", "Duck Pond", "Railway", "Laboratory", "Refinery"}
)
"""Types whose Attack strength the seed gives as 0: Attack "Can be issued to: Any unit or
building with attack strength > 0"."""

_ANY_UNIT = frozenset(UNITS)


@dataclass(frozen=True)
class Command:
    """One command: to whom it may be issued, its cool down time, what it costs."""

    name: str
    issued_to: frozenset[str]
    cool_down: timedelta
    cost: int = 0
    """Dollars the issuer pays ("The player pays $1000")."""
    becomes: str | None = None
    """The type the issuee becomes (``Upgrade to SCV``)."""
    creates: str | None = None
    """The type of the unit or building the player receives (``Recruit Scientist``)."""


def _c(
    name: str,
    issued_to: frozenset[str] | set[str],
    cool_down: timedelta,
    cost: int = 0,
    *,
    becomes: str | None = None,
    creates: str | None = None,
) -> Command:
    return Command(name, frozenset(issued_to), cool_down, cost, becomes, creates)


COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        _c("Move", _ANY_UNIT, 10 * _DAY),
        _c("Attack", (_ANY_UNIT | BUILDINGS) - _NO_ATTACK, _DAY),
        _c("Recruit Warrior", {"Fort"}, 4 * _DAY, 500, creates="Warrior"),
        _c("Upgrade to SCV", {"Warrior"}, timedelta(0), becomes="SCV"),
        _c("Mine", {"SCV"}, 2 * _DAY),
        _c("Build Guard Tower", {"SCV"}, 5 * _DAY, 1500, creates="Guard Tower"),
        _c("Build Wall", {"SCV"}, 5 * _DAY, 1000, creates="Wall"),
        _c("Build Fort", {"SCV"}, 4 * _DAY, 1000, creates="Fort"),
        _c("Build Teleporter", {"SCV"}, 5 * _DAY, 700, creates="Teleporter"),
        _c("Build Duck Pond", {"SCV"}, _DAY, 100, creates="Duck Pond"),
        _c("Build Railway", {"SCV"}, 2 * _DAY, 500, creates="Railway"),
        _c("Build Laboratory", {"SCV"}, 2 * _DAY, 1000, creates="Laboratory"),
        _c("Build Refinery", {"SCV"}, 2 * _DAY, 750, creates="Refinery"),
        _c("Repair", {"SCV"}, _DAY, 10),
        _c("Safecracking", {"SCV"}, _DAY),
        _c("Refine Goods", {"Refinery", "SCV"}, 2 * _DAY),
        _c("Teleport", _ANY_UNIT, 2 * _DAY, 100),
        _c("Ride Railway", _ANY_UNIT, timedelta(0)),
        _c("Pledge Service to Dwayna", _ANY_UNIT - {"Mesmer"}, _DAY, 250, becomes="Monk"),
        _c("Pledge Service to Lyssa", _ANY_UNIT - {"Monk"}, _DAY, 250, becomes="Mesmer"),
        _c("Orison of Healing", {"Monk"}, _DAY),
        _c("Spell Shield", {"Monk"}, 3 * _DAY),
        _c("Fertile Season", {"Monk"}, 2 * _DAY),
        _c("Heal Area", {"Monk"}, 4 * _DAY),
        _c("Empathy", {"Mesmer"}, 2 * _DAY),
        _c("Power Drain", {"Mesmer"}, 3 * _DAY),
        _c("Echo", {"Mesmer"}, timedelta(0)),
        _c("Upgrade to Laser Howitzer", {"Warrior"}, 2 * _DAY, 1000, becomes="Laser Howitzer"),
        _c("Bombard", {"Laser Howitzer"}, _DAY),
        _c("Upgrade to Musketeer", {"Warrior"}, 2 * _DAY, 500, becomes="Musketeer"),
        _c("Recruit Scientist", {"Laboratory"}, 4 * _DAY, 1000, creates="Scientist"),
        _c("Research Breakthrough", {"Scientist"}, _DAY),
        _c("Counter Research", {"Scientist"}, _DAY),
    )
}
"""The commands of the seed, by name, with the cool down times as last changed ("Change
the cool down time of Orison of Healing to 1 day"). Safecracking's 24 hours are "treated
the same as if it were cooling down"."""


def unit_type(name: object) -> str | None:
    """The type a unit's name gives (``"Scientist#1"`` -> ``"Scientist"``), or None if the
    seed knows no such unit or building."""
    if not isinstance(name, str) or "#" not in name:
        return None
    kind, _, number = name.rpartition("#")
    if not number.isdigit() or not number.isascii():
        return None
    return kind if kind in UNITS or kind in BUILDINGS else None


def cool_down_of(command: Command, kind: str, distance: int | None) -> timedelta:
    """How long a ``kind`` issued ``command`` cools down: Move by the unit's Speed, a
    Musketeer's Attack by its target's distance."""
    if command.name == "Move":
        return command.cool_down / UNITS.get(kind, 1)
    if command.name == "Attack" and kind == "Musketeer":
        return timedelta(hours=36 if distance == 2 else 24)
    return command.cool_down
