"""What each recorded action changed, and what the public pages must hide of it.

An action's entry in ``actions`` (ARCHITECTURE.md 2b) carries, besides its verdict:

- ``effects``: the money each player gained or lost, the Bank Account of Terror's change
  and each square's change of resources, as the books saw them before and after it
  (``{"money": {"Ann": 300}, "resources": {"30": -250}}``); absent when nothing changed.
- ``invisible``: true when its player was invisible at its instant (a Ghost used less
  than 3 days before: the duration is half-open, so at the third day's instant the player
  is seen again); ``hidden_squares``: then, the player's squares before and after it, the
  location other players are not shown.
- ``moves``: true when it is an action that would move its player to another square (a
  jump, a Feather), or its player's square changed by it.

:data:`~.clauses.INVISIBLE`: "any time an invisible player performs an action that would
result in him moving to another square, this action will not show up on the History
page", and the wiki's pages leave such an action out (``status`` is the Admin's view and
shows it).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamestate.profiles.core import Event
    from gamestate.profiles.nomopoly_iv.books import Books

__all__ = ["INVISIBLE", "MOVES", "Watch"]

INVISIBLE = "invisible"
"""The enchantment a Ghost gives (``game_state.enchantments``)."""
MOVES = frozenset({"jump", "use Feather"})
"""The actions that would move their player to another square."""


class Watch:
    """The books just before an action, to say what it changed."""

    def __init__(self, books: Books, e: Event) -> None:
        self.books = books
        self.who = str(e.get("player"))
        self.name = str(e.get("action") or e.get("command"))
        self.at: datetime = e.at
        self.money = [(n, s, s.money) for n, s in books.players.items()]
        self.terror = books.terror
        self.land = dict(books.land.resources)
        s = books.players.get(self.who)
        self.square = s.square if s is not None else None
        self.invisible = books.is_enchanted(self.who, self.who, INVISIBLE, e.at)

    def extras(self) -> dict[str, Any]:
        """The entry's ``effects``, ``invisible`` and ``moves``."""
        b = self.books
        effects: dict[str, Any] = {}
        money = {n: s.money - was for n, s, was in self.money if s.money != was}
        if money:
            effects["money"] = money
        if b.terror != self.terror:
            effects["bank_account_of_terror"] = b.terror - self.terror
        if b.land.resources != self.land:
            squares = sorted(set(self.land) | set(b.land.resources))
            effects["resources"] = {
                str(sq): b.land.resources.get(sq, 0) - self.land.get(sq, 0)
                for sq in squares
                if b.land.resources.get(sq) != self.land.get(sq)
            }
        out: dict[str, Any] = {"effects": effects} if effects else {}
        s = b.players.get(self.who)
        moved = s is not None and s.square != self.square
        if self.invisible:
            out["invisible"] = True
            where = {self.square, s.square if s is not None else None} - {None}
            if where:
                out["hidden_squares"] = sorted(where)
        if moved or self.name in MOVES:
            out["moves"] = True
        return out
