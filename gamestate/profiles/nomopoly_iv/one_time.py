"""The proposals whose effect happens once, "When this proposal is implemented" (seed
002), at the instant ``game_state.implemented`` gives, when the books reach it:

- the board's growth to 60 squares (:data:`hc.RENUMBER`): every square the books hold
  (players, units and buildings, ? Boxes, the Shop, the Rber Ducky, the Fairy, force
  fields, resources) moves from old square n to new square 3n - 1;
- SCVs +20 hit points (:data:`hc.SCV_40`) and Monks +15 (:data:`hc.MONKS_40`), never
  above Max HP.

A proposal is recognised by its name's beginning (any case) or by its matter's text
holding the words in :data:`RECOGNISED`.
"""

from __future__ import annotations

from datetime import datetime

from gamestate.profiles.core import Archive, Event
from gamestate.profiles.nomopoly_iv import hp_clauses as hc
from gamestate.profiles.nomopoly_iv.books import Books
from gamestate.profiles.nomopoly_iv.geometry import renumbered
from gamestate.profiles.nomopoly_iv.hitpoints import stats_of
from gamestate.profiles.nomopoly_iv.implemented import recognised_events

__all__ = ["ONE_TIME", "RECOGNISED", "apply_one_time", "clause_of", "one_time_events"]

ONE_TIME = "implemented once"
"""The (synthetic) recorded fact of such a proposal's implementation."""
RENUMBER, SCVS, MONKS = "renumber", "SCV hit points", "Monk hit points"
RECOGNISED: dict[str, tuple[tuple[str, ...], str]] = {
    RENUMBER: (
        ("in an effort to combat board congestion", "increase the board size to 60"),
        "the current Square 1 becomes the new Square 2",
    ),
    SCVS: (("scv's will now have an initial hp of 40",), "initial HP of 40 instead of 20"),
    MONKS: (
        ("make the following changes to monks",),
        "increase the current HP of all existing Monks by 15",
    ),
}
"""Effect -> (name beginnings, words of its text)."""
_CLAUSES = {RENUMBER: hc.RENUMBER, SCVS: hc.SCV_40, MONKS: hc.MONKS_40}
_NOTES = {
    RENUMBER: "the board grows to 60 squares: old square n is new square 3n - 1",
    SCVS: "each SCV +20 hp",
    MONKS: "each Monk +15 hp",
}


def one_time_events(archive: Archive, books: Books, start: datetime, now: datetime) -> list[Event]:
    """The recognised proposals implemented between ``start`` and ``now``, as events."""
    return recognised_events(archive, books, (start, now), RECOGNISED, ONE_TIME)


def clause_of(event: str) -> str:
    """The clause behind a due event's name this module wrote, or ""."""
    return next((_CLAUSES[k] for k, note in _NOTES.items() if note in event), "")


def apply_one_time(books: Books, e: Event) -> str:
    """The effect, applied; its note for ``due``."""
    effect = str(e.get("effect"))
    note = f"{e.get('proposal')} implemented: {_NOTES[effect]}"
    if effect == RENUMBER:
        _renumber(books)
        return note
    kind, plus = ("SCV", 20) if effect == SCVS else ("Monk", 15)
    top = stats_of(kind).max_hp or 0
    changed = []
    for who, s in books.players.items():
        for unit, b in sorted(s.bodies.items()):
            if s.units.get(unit) == kind and b.hp is not None:
                before, b.hp = b.hp, min(b.hp + plus, top)
                changed.append(f"{unit} ({who}) {before} -> {b.hp}")
    return note + (": " + ", ".join(changed) if changed else "")


def _renumber(books: Books) -> None:
    def new(square: int | None) -> int | None:
        return None if square is None else renumbered(square)

    for s in books.players.values():
        s.square = new(s.square)
        for b in s.bodies.values():
            b.square = new(b.square)
    for box in books.boxes:
        box.square = new(box.square)
    books.shop_square = new(books.shop_square)
    books.ducky = new(books.ducky)
    if books.fairy is not None:
        books.fairy.square = new(books.fairy.square)
    for key in [k for k in books.enchanted if k[1].startswith("square ")]:
        number = key[1].removeprefix("square ")
        if number.isdigit():
            until = books.enchanted.pop(key)
            books.enchanted[(key[0], f"square {renumbered(int(number))}", key[2])] = until
    land = books.land
    land.resources = {renumbered(k): v for k, v in land.resources.items()}
    land.buildings = {k: renumbered(v) for k, v in land.buildings.items()}
