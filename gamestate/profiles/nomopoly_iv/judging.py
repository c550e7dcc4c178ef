"""A recorded action or command judged for :mod:`.game`: by :mod:`.actions`, within the
$100,000 limit (:mod:`.limits`), and the item of a ? Box taken drawn when the books did
not know it (:mod:`.boxes`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import boxes, limits
from gamestate.profiles.nomopoly_iv.actions import Judged, judge_action, judge_command
from gamestate.profiles.nomopoly_iv.books import Books
from gamestate.profiles.nomopoly_iv.checks import DRAW_ITEM

__all__ = ["Game", "judge_recorded"]


class Game(Protocol):
    """What judging needs of the game being played."""

    books: Books
    window: tuple[datetime, datetime] | None
    due: list[tuple[datetime, str]]

    def draw(self, what: str, due: datetime) -> Any: ...

    def warn(self, text: str) -> None: ...

    def _next_order(self) -> int: ...


def _refused(reason: str) -> Judged:
    return Judged(False, reason)


def judge_recorded(game: Game, e: Event) -> Judged:
    """The ``action`` or ``command`` event judged and, if allowed, applied."""

    def judge() -> Judged:
        if e.type == "action":
            return judge_action(game.books, e, e.at, game.window)
        return judge_command(game.books, e, e.at, game._next_order())

    judged, over = limits.within_limit(game.books, e, judge, _refused)
    if over:
        game.warn(over)
    if judged.item_to is not None:
        item = game.draw(DRAW_ITEM, e.at)
        game.due.append((e.at, boxes.give_drawn(game.books, judged.item_to, item)))
    return judged
