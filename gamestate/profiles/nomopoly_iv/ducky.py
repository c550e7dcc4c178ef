"""The Rber Ducky's days and the board's last square (seed 002).

- :data:`clauses.DUCKY_MOVES`: it moves "every Monday, Wednesday, and Saturday". A
  recorded ``ducky`` move on another day (neither in GMT, the site's clock for the Shop
  and the Fairy, nor in US Central, its clock for Jumps) is applied, as the site did, and
  warned about.
- Forward stops at the last square. Nothing in the seed wraps the board round; the turn
  rules say a player who "would otherwise go over the last square on the board ... stop[s]
  at the last square" (:data:`gc.TURN_FORWARD`). So a pie's push "one square forward" and
  the Ducky's roll both stop at the last square: the last square of ``game_state.board``
  when given, else square 90 (the board "Extend[ed] ... to 90 squares").
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import clauses

if TYPE_CHECKING:
    from gamestate.profiles.nomopoly_iv.books import Books

__all__ = ["DAYS", "LAST_SQUARE", "check_day", "forward", "last_square"]

DAYS = frozenset({0, 2, 5})
"""Monday, Wednesday, Saturday (``datetime.weekday``)."""
LAST_SQUARE = 90
_ZONES = (ZoneInfo("UTC"), ZoneInfo("America/Chicago"))
_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def last_square(books: Books) -> int:
    """The board's last square."""
    board = books.army.board
    return max(board.cells) if board is not None and board.cells else LAST_SQUARE


def forward(books: Books, square: int, steps: int) -> int:
    """``steps`` squares forward from ``square``, stopping at the last square."""
    end = last_square(books)
    return square if square >= end else min(square + steps, end)


def check_day(books: Books, e: Event) -> None:
    """A warning for a ``ducky`` move recorded on a day it does not move."""
    days = {e.at.astimezone(z).weekday() for z in _ZONES}
    if days & DAYS:
        return
    day = _NAMES[e.at.astimezone(_ZONES[0]).weekday()]
    books.land.warn(
        f"event {e.index} (ducky) is on a {day}: the Rber Ducky moves only on Monday, "
        f"Wednesday and Saturday (“{clauses.DUCKY_MOVES}”); applied as recorded"
    )
