"""What an archive must hold for units' squares and hit points (one-line
:class:`~gamestate.profiles.core.ProfileError` each, quoted values cut short):

- roster ``state.units``: a list of names, or name -> ``{"square"?, "hp"?, "type"?}``
  (hit points 1..Max HP: "A unit/building may never have its HP higher than its Max HP");
- ``game_state.board`` (:mod:`.geometry`) and ``game_state.unit_stats``
  (:mod:`.hitpoints`);
- a command's ``square`` (1..10000), ``target_unit`` (a unit's name) and ``hit`` (true or
  false); an action's ``target_unit``, ``targets`` (unit names) and ``hit`` (true, false
  or unit names).
"""

from __future__ import annotations

from collections.abc import Mapping

from gamestate.profiles.core import Archive, Event
from gamestate.profiles.nomopoly_iv.geometry import board_problem
from gamestate.profiles.nomopoly_iv.hitpoints import body_problem, stats_of, stats_problem
from gamestate.profiles.nomopoly_iv.units import unit_type

__all__ = ["check_hp_inputs"]


def _units(archive: Archive, stats: object) -> None:
    given = stats if isinstance(stats, Mapping) else None
    for m in archive.roster:
        units = m.state.get("units")
        if not isinstance(units, Mapping):
            continue
        where = f"roster {m.name}.state.units"
        for unit, raw in units.items():
            problem = body_problem(unit, raw)
            if problem is not None:
                raise archive.error(where, problem)
            top = stats_of(unit_type(unit) or "", given).max_hp
            hp = raw.get("hp")
            if top is not None and isinstance(hp, int) and hp > top:
                raise archive.error(
                    f"{where}.{unit}.hp", f"{hp} is above a {unit_type(unit)}'s Max HP {top}"
                )


def _is_square(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10_000


def _names(value: object) -> bool:
    return isinstance(value, list) and all(unit_type(v) is not None for v in value)


def _event(archive: Archive, e: Event) -> None:
    where = f"event {e.index} ({e.type})"
    target = e.get("target_unit")
    if target is not None and unit_type(target) is None:
        raise archive.error(f"{where}.target_unit", f"unknown unit {target!r:.40}")
    square = e.get("square")
    if e.type == "command" and square is not None and not _is_square(square):
        # A Move's destination, a Bombard's target, else the unit's own square.
        raise archive.error(
            f"{where}.square", f"expected a square number 1..10000, got {square!r:.40}"
        )
    hit = e.get("hit")
    if e.type == "command" and hit is not None and not isinstance(hit, bool):
        raise archive.error(f"{where}.hit", "expected true or false (the 1 in N draw)")
    if e.type == "action":
        if hit is not None and not isinstance(hit, bool) and not _names(hit):
            raise archive.error(f"{where}.hit", "expected the names of the units the draw hit")
        targets = e.get("targets")
        if targets is not None and not _names(targets):
            raise archive.error(f"{where}.targets", "expected a list of unit names")


def check_hp_inputs(archive: Archive) -> None:
    """Raises a one-line ProfileError for a square or hit points this profile cannot read."""
    gs = archive.game_state
    problem = board_problem(gs.get("board"))
    if problem is not None:
        raise archive.error("game_state.board", problem)
    problem = stats_problem(gs.get("unit_stats"))
    if problem is not None:
        raise archive.error("game_state.unit_stats", problem)
    _units(archive, gs.get("unit_stats"))
    for e in archive.events:
        if e.type in ("action", "command"):
            _event(archive, e)
