""":data:`gc.LIMIT` (seed 002, never repealed): "No single action by any player may cause
any player to gain or lose more then $100 000." The site did not enforce it ("I will
personally revert any actions that violate this rule"), so an action or command that
would move more than $100,000 into or out of any one player's money is judged refused and
changes nothing, as a reverted action did. Exactly $100,000 is allowed.

Each action's money is compared before and after it is judged. Undoing needs a copy of
the books, taken only when an action could cross the limit: some player holds more than
$100,000 (or owes it), a Market request or the event asks more than $100,000, or a Coin
pays more (a level above 400). Otherwise no player's money can move that far, and an
action that still did would be reported in a warning instead of being undone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Protocol, TypeVar

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import gap_clauses as gc
from gamestate.profiles.nomopoly_iv.books import Books

__all__ = ["LIMIT", "Verdict", "within_limit"]

LIMIT = 100_000
_COIN = 250


class Verdict(Protocol):
    """What a judge returns (:class:`~.actions.Judged`)."""

    @property
    def allowed(self) -> bool: ...

    @property
    def reason(self) -> str: ...


J = TypeVar("J", bound=Verdict)


def _over(value: object) -> bool:
    return isinstance(value, int) and not -LIMIT <= value <= LIMIT


def _risky(books: Books, e: Event) -> bool:
    """Could this action move more than :data:`LIMIT` for a player?"""
    for s in books.players.values():
        if not -LIMIT <= s.money <= LIMIT or abs(s.level) * _COIN > LIMIT:
            return True
    if _over(e.get("price")) or _over(e.get("amount")):
        return True
    return any(_over(r.get("price")) for r in books.market) or any(
        _over(r.get("price")) for r in books.buy_requests
    )


def within_limit(
    books: Books, e: Event, judge: Callable[[], J], refuse: Callable[[str], J]
) -> tuple[J, str | None]:
    """The judge's verdict, or ``refuse(reason)`` with the books as they were when the
    action moved more than :data:`LIMIT` for a player; and a warning, if one is due."""
    before = [(s, s.money) for s in books.players.values()]
    saved = copy.deepcopy(books.__dict__) if _risky(books, e) else None
    verdict = judge()
    if not verdict.allowed:
        return verdict, None
    moved = [(s, s.money - was) for s, was in before if not -LIMIT <= s.money - was <= LIMIT]
    if not moved:
        return verdict, None
    who, delta = moved[0]
    name = next(n for n, s in books.players.items() if s is who)
    word = "gain" if delta > 0 else "lose"
    label = verdict.reason.split(":", 1)[0]
    if saved is None:
        return verdict, f"{label}: {name} would {word} ${abs(delta):,}, not undone (“{gc.LIMIT}”)"
    books.__dict__.update(saved)
    over = f"{label}: {name} would {word} ${abs(delta):,}, more than $100,000 (“{gc.LIMIT}”)"
    return refuse(over), None
