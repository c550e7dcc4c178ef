"""? Boxes (seed 002): exactly ten on the board, and the item a player takes.

- :data:`gc.TEN_BOXES`: "At all times, exactly 10 squares on the board will contain a ?
  box". When the archive lists ``game_state.boxes`` (it tracks them) and the books start
  with fewer than 10, a box is placed for each one missing at the start, each square a
  ``? Box placed`` draw; with more than 10, a randomly selected box is removed for each
  one too many, each a ``? Box removed`` draw (short word ``box removed``) whose
  ``result`` is the removed box's square. Without ``game_state.boxes`` no box is known and
  none is placed. Afterwards every box that goes is replaced at once, so ten remain.
- A box is placed "on a randomly selected square that does not contain a ? box": a
  ``? Box placed`` draw naming a square that already holds one is kept (the site placed
  it) and warned about.
- :data:`clauses.TAKE_THE_ITEM`: "that player may take the item that is in that ? box".
  The item is the box's when the books know it, else the action's ``item``, else a ``? Box
  item`` draw due at the instant it was taken (the item was drawn when the box was
  created, and "will not be known to the players until someone takes the item").
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from gamestate.profiles.core import Archive
from gamestate.profiles.nomopoly_iv import gap_clauses as gc
from gamestate.profiles.nomopoly_iv.books import Books

__all__ = [
    "DRAW_BOX_REMOVED",
    "DRAW_BOX_REMOVED_SHORT",
    "TEN",
    "Game",
    "at_start",
    "check_free",
    "give_drawn",
    "keep_ten",
]

TEN = 10
_Q = f" (“{gc.TEN_BOXES}”)"
DRAW_BOX_REMOVED = "? Box removed"
DRAW_BOX_REMOVED_SHORT = "box removed"


def check_free(books: Books, square: object) -> None:
    """A warning when a box is drawn onto a square that already holds one."""
    if square is None:
        return
    if any(b.square == square for b in books.boxes):
        books.land.warn(
            f"draw '? Box placed': square {square} already holds a ? Box (“{gc.TEN_BOXES}”)"
        )


def give_drawn(books: Books, who: str, item: object) -> str:
    """The item drawn for a box taken, given to ``who``; the note for ``due``."""
    if not isinstance(item, str):
        return f"the item {who} took from the ? Box (awaiting its draw)"
    s = books.players[who]
    s.items[item] = s.items.get(item, 0) + 1
    return f"{who} gets {item} from the ? Box taken (drawn)"


class Game(Protocol):
    """What keeping ten boxes needs of the game being played."""

    archive: Archive
    books: Books

    def draw(self, what: str, due: datetime) -> Any: ...

    def place_box(self, at: datetime) -> str: ...


def at_start(game: Game, at: datetime) -> list[tuple[datetime, str]]:
    """:func:`keep_ten` at the books' start, when the archive tracks ``game_state.boxes``."""
    if "boxes" not in game.archive.game_state:
        return []
    return [(at, note) for note in keep_ten(game, at)]


def keep_ten(game: Game, at: datetime) -> list[str]:
    """Boxes placed or removed at ``at`` until ten are on the board; the notes."""
    books = game.books
    notes = [game.place_box(at) for _ in range(TEN - len(books.boxes))]
    for _ in range(len(books.boxes) - TEN):
        square = game.draw(DRAW_BOX_REMOVED, at)
        box = next((b for b in books.boxes if square is not None and b.square == square), None)
        if box is None:
            why = "awaiting its draw" if square is None else f"none on square {square}"
            notes.append(f"a randomly selected ? Box is removed ({why}){_Q}")
            continue
        books.boxes.remove(box)
        notes.append(f"the ? Box on square {square} is removed, more than 10{_Q}")
    return notes
