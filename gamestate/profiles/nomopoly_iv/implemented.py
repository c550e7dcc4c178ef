"""The once-only effects of four proposals (seed 002), at the instant
``game_state.implemented`` gives, when the books reach it:

- Soul Gems (:data:`gc.SOUL_GEMS`): each Imping Stick and Imp-in-the-Box a player holds
  becomes an Uncharged Soul Gem.
- One railway a square (:data:`gc.ONE_RAILWAY`): on a square known to hold more than one
  Railway, all but the lowest-numbered are destroyed (the seed does not say which one
  stays; one owner holds them all, as "a single square may not contain units or buildings
  owned by more than one player"), and their owner is refunded $500 for each.
- The ? boxes (:data:`gc.BOXES_CREATED`): ten boxes are placed, each square a
  ``? Box placed`` draw due at that instant.
- The Shop of Terror (:data:`gc.SHOP_PLACED`): placed on the square of a ``Shop of
  Terror`` draw due at that instant.

A proposal is recognised by its name's beginning (any case) or by its matter's text
holding the words in :data:`RECOGNISED`. An archive whose roster is after them lists no
such proposal in ``game_state.implemented`` (or an earlier time than ``as_of``), and the
books take its roster as it stands.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from gamestate.profiles.archive import parse_time
from gamestate.profiles.core import Archive, Event
from gamestate.profiles.nomopoly_iv import combat
from gamestate.profiles.nomopoly_iv import gap_clauses as gc
from gamestate.profiles.nomopoly_iv.books import Books

__all__ = [
    "IMPLEMENTED",
    "RECOGNISED",
    "Game",
    "apply_implemented",
    "clause_of",
    "events",
    "recognised_events",
]

IMPLEMENTED = "implemented effect"
"""The (synthetic) event of one such proposal's implementation."""
SOUL, RAILWAYS, BOXES, SHOP = "Soul Gems", "one railway", "? boxes", "Shop of Terror"
RECOGNISED: dict[str, tuple[tuple[str, ...], str]] = {
    SOUL: (("create a new item: soul gem",), "For each Imping Stick and Imp-in-the-Box"),
    RAILWAYS: (("squares may only contain a single railway",), "all but one of those railways"),
    BOXES: (("at all times, exactly 10 squares",), "10 ? boxes will immediately be created"),
    SHOP: (("a randomly selected square (chosen after",), "Dark Lord's Shop of Terror\"."),
}
"""Effect -> (name beginnings, words of its text)."""
CLAUSES = {
    SOUL: gc.SOUL_GEMS,
    RAILWAYS: gc.ONE_RAILWAY,
    BOXES: gc.BOXES_CREATED,
    SHOP: gc.SHOP_PLACED,
}
_REFUND = 500
_GONE = ("Imping Stick", "Imp-in-the-Box")
_GEM = "Uncharged Soul Gem"


class Game(Protocol):
    """What the effects need of the game being played."""

    books: Books

    def draw(self, what: str, due: datetime) -> Any: ...

    def place_box(self, at: datetime) -> str: ...


def events(archive: Archive, books: Books, start: datetime, now: datetime) -> list[Event]:
    """The recognised proposals implemented between ``start`` and ``now``, as events."""
    return recognised_events(archive, books, (start, now), RECOGNISED, IMPLEMENTED)


def recognised_events(
    archive: Archive,
    books: Books,
    window: tuple[datetime, datetime],
    recognised: dict[str, tuple[tuple[str, ...], str]],
    kind: str,
) -> list[Event]:
    """Events ``kind`` of the proposals in ``game_state.implemented`` that ``recognised``
    knows (effect -> (name beginnings, words of its text)), implemented in ``window``
    (start, now, both included), in time order: shared by the once-only effects here and
    in :mod:`.one_time`."""
    start, now = window
    texts = {m.id: m.text or "" for m in archive.matters}
    out = []
    for name, at in books.implemented.items():
        for effect, (names, words) in recognised.items():
            if name.lower().startswith(names) or words in texts.get(name, ""):
                t = parse_time(at, f"game_state.implemented.{name}")
                if start <= t <= now:
                    out.append(Event(t, kind, {"effect": effect, "proposal": name}, -1))
    return sorted(out, key=lambda e: e.at)


def clause_of(note: str) -> str:
    """The clause behind a due event's note this module wrote, or ""."""
    return next((CLAUSES[k] for k in CLAUSES if note.startswith(f"{k}: ")), "")


def apply_implemented(game: Game, e: Event) -> str:
    """The effect, applied; its note for ``due``."""
    effect, books = str(e.get("effect")), game.books
    head = f"{effect}: {e.get('proposal')} implemented"
    if effect == SOUL:
        return head + _soul_gems(books)
    if effect == RAILWAYS:
        return head + _railways(books, e.at)
    if effect == BOXES:
        return head + "; " + "; ".join(game.place_box(e.at) for _ in range(10))
    square = game.draw("Shop of Terror", e.at)
    books.shop_square = square
    where = f"square {square}" if square is not None else "a square awaiting its draw"
    return head + f"; the Dark Lord's Shop of Terror placed on {where}"


def _soul_gems(books: Books) -> str:
    notes = []
    for who, s in sorted(books.players.items()):
        n = sum(s.items.pop(item, 0) for item in _GONE)
        if n:
            s.items[_GEM] = s.items.get(_GEM, 0) + n
            notes.append(f"{who} +{n} {_GEM}")
    return "; " + ", ".join(notes) if notes else "; no Imping Stick or Imp-in-the-Box held"


def _number(unit: str) -> int:
    tail = unit.rpartition("#")[2]
    return int(tail) if tail.isdigit() else 0


def _railways(books: Books, at: datetime) -> str:
    by_square: dict[int, list[tuple[str, str]]] = {}
    for who, s in books.players.items():
        for unit, kind in s.units.items():
            body = s.bodies.get(unit)
            if kind == "Railway" and body is not None and body.square is not None:
                by_square.setdefault(body.square, []).append((who, unit))
    notes = []
    for square, rails in sorted(by_square.items()):
        rails.sort(key=lambda r: (_number(r[1]), r[0]))
        for who, unit in rails[1:]:
            combat.destroy(books, who, unit, None, at)
            books.players[who].money += _REFUND
            notes.append(f"{unit} ({who}) on square {square} destroyed, ${_REFUND} refunded")
    return "; " + "; ".join(notes) if notes else "; no square holds more than one Railway"
