"""The items that hurt (seed 002): the Fire Flower, the Star Egg's 100 hit points, and
the Soul Gems (charged by a Ghost, or by a unit killed nearby: see :mod:`.combat`).

The Fire Flower has three versions in the seed; the newest (first in the seed, which
keeps proposals newest first) is read: the player selects "(the player's level divided
by 2, rounded up) units or buildings on their current square" (the action's ``targets``,
unit names, owned by ``target``), each attacked for 30 "including armor"; with a Wall on
the square, "(their level divided by 4, rounded up)" of them, one the Wall, which takes
40 "non-attack damage", the others attacked for 20. An attack whose armor needs the 1 in
N chance takes its draw from ``hit``: the names of the targets that lost 1. A Fire Flower
is an item, not a unit: Empathy does not answer it, and Spell Shield ("cannot be targeted
by commands") does not stop it.
"""

from __future__ import annotations

import math
from datetime import datetime

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import hp_clauses as hc
from gamestate.profiles.nomopoly_iv.books import Books
from gamestate.profiles.nomopoly_iv.combat import (
    CHARGED,
    UNCHARGED,
    attacked,
    hurt,
    q,
    units_on,
)
from gamestate.profiles.nomopoly_iv.units import BUILDINGS

__all__ = ["COMBAT_ITEMS", "judge_combat_item", "star_egg"]

FIRE_FLOWER = "use Fire Flower"
USE_UNCHARGED = f"use {UNCHARGED}"
USE_CHARGED = f"use {CHARGED}"
COMBAT_ITEMS = frozenset({FIRE_FLOWER, USE_UNCHARGED, USE_CHARGED})
"""The actions of using these items, in the seed's words."""
_CUT = 40


def _has(books: Books, who: str, item: str) -> bool:
    s = books.players[who]
    return s.items.get(item, 0) > 0 or (not s.items_known and item != "Ghost")


def _take(books: Books, who: str, item: str) -> None:
    s = books.players[who]
    s.items[item] = max(s.items.get(item, 0) - 1, 0)


def judge_combat_item(
    books: Books, who: str, name: str, e: Event, at: datetime
) -> tuple[bool, str]:
    """Using a Fire Flower or a Soul Gem: allowed or not, and what it did."""
    item = name.removeprefix("use ")
    if not _has(books, who, item):
        return False, f"{name}: {who} has no {item}"
    if name == USE_UNCHARGED:
        # "If a player who uses an Uncharged Soul Gem also has a Ghost ..."
        if books.players[who].items.get("Ghost", 0) > 0:
            _take(books, who, "Ghost")
            s = books.players[who]
            s.items[UNCHARGED] = max(s.items.get(UNCHARGED, 0) - 1, 0)
            s.items[CHARGED] = s.items.get(CHARGED, 0) + 1
            return (
                True,
                f"{name}: the Ghost is lost, the Soul Gem becomes Charged{q(hc.GHOST_SOUL_GEM)}",
            )
        _take(books, who, item)
        return True, f"{name}: no Ghost, no effect; the Soul Gem is lost{q(hc.GHOST_SOUL_GEM)}"
    if name == USE_CHARGED:
        return _charged(books, who, name, e, at)
    return _fire_flower(books, who, name, e, at)


def _charged(books: Books, who: str, name: str, e: Event, at: datetime) -> tuple[bool, str]:
    """:data:`hc.CHARGED_SOUL_GEM`: a building on the player's square loses 200."""
    target, owner = e.get("target_unit"), e.get("target")
    s = books.players.get(owner) if isinstance(owner, str) else None
    if s is None or not isinstance(target, str) or target not in s.units:
        return False, f"{name}: no building {str(target)[:_CUT]!r} of {str(owner)[:_CUT]!r}"
    if s.units[target] not in BUILDINGS:
        return False, f"{name}: {target} is not a building{q(hc.CHARGED_SOUL_GEM)}"
    here, there = books.players[who].square, s.bodies.get(target)
    if here is not None and there is not None and there.square not in (None, here):
        return False, (
            f"{name}: {target} is on square {there.square}, {who} on {here}{q(hc.CHARGED_SOUL_GEM)}"
        )
    _take(books, who, CHARGED)
    notes = hurt(books, str(owner), target, 200, who, at)
    return True, f"{name}: " + "; ".join(notes) + q(hc.CHARGED_SOUL_GEM)


def _fire_flower(books: Books, who: str, name: str, e: Event, at: datetime) -> tuple[bool, str]:
    s = books.players[who]
    owner, picked = e.get("target"), e.get("targets")
    victim = books.players.get(owner) if isinstance(owner, str) else None
    if victim is None or not isinstance(picked, list):
        return False, f"{name}: name the units chosen (targets) and their owner (target)"
    here = s.square
    on = [u for p, u, _k in units_on(books, here)] if here is not None else None
    wall = next((u for u in on or [] if victim.units.get(u) == "Wall"), None)
    most = math.ceil(s.level / (4 if wall else 2))
    clause = hc.FIRE_FLOWER_WALL if wall else hc.FIRE_FLOWER
    for unit in picked:
        if not isinstance(unit, str) or unit not in victim.units:
            return False, f"{name}: {owner} has no {str(unit)[:_CUT]!r}"
        if on is not None and victim.bodies.get(unit) and unit not in on:
            return False, f"{name}: {unit} is not on {who}'s square {here}{q(clause)}"
    wanted = most if on is None else min(most, len(on))
    if (
        len(set(picked)) != len(picked)
        or len(picked) > most
        or (on is not None and len(picked) != wanted)
    ):
        return False, (
            f"{name}: level {s.level} selects {wanted} units or buildings, not {len(picked)}"
            f"{q(clause)}"
        )
    if wall and wall not in picked:
        return False, f"{name}: one of them MUST be the Wall ({wall}){q(clause)}"
    _take(books, who, "Fire Flower")
    drawn = e.get("hit") if isinstance(e.get("hit"), list) else None
    notes: list[str] = []
    for unit in picked:
        if unit == wall:
            notes += [f"the Wall takes 40 non-attack damage{q(clause)}"]
            notes += hurt(books, str(owner), unit, 40, who, at)
        elif unit in victim.units:
            hit = None if drawn is None else unit in drawn
            notes += attacked(books, who, None, str(owner), unit, 20 if wall else 30, hit, at)
    if on is None:
        notes.append("the squares are not recorded: the choice is not checked against them")
    return True, f"{name}: " + "; ".join(notes) + q(clause)


def star_egg(books: Books, who: str, at: datetime) -> str:
    """:data:`hc.STAR_EGG_DAMAGE`: every unit and building on the player's square."""
    here = books.players[who].square
    if here is None:
        books.army.warn(f"use Star Egg ({who}): {who}'s square is not recorded; nothing hit")
        return f"; {who}'s square is not recorded{q(hc.STAR_EGG_DAMAGE)}"
    notes = []
    for owner, unit, _kind in list(units_on(books, here)):
        notes += hurt(books, owner, unit, 100, who, at)
    return (
        f"; square {here}: " + ("; ".join(notes) or "no unit or building") + q(hc.STAR_EGG_DAMAGE)
    )
