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


def _risky(books: Books, e: Event) -> bool:
    if any(abs(s.money) > LIMIT for s in books.players.values()):
        return True
    if any(abs(s.level) * _COIN > LIMIT for s in books.players.values()):
        return True
    prices = [r.get("price") for r in books.market + books.buy_requests]
    fields = [e.get(k) for k in ("price", "amount")]
    return any(isinstance(p, int) and abs(p) > LIMIT for p in prices + fields)


def within_limit(
    books: Books, e: Event, judge: Callable[[], J], refuse: Callable[[str], J]
) -> tuple[J, str | None]:
    """The judge's verdict, or ``refuse(reason)`` with the books as they were when the
    action moved more than :data:`LIMIT` for a player; and a warning, if one is due."""
    before = {n: s.money for n, s in books.players.items()}
    saved = copy.deepcopy(books.__dict__) if _risky(books, e) else None
    verdict = judge()
    if not verdict.allowed:
        return verdict, None
    moved = [
        (n, s.money - before[n])
        for n, s in books.players.items()
        if n in before and abs(s.money - before[n]) > LIMIT
    ]
    if not moved:
        return verdict, None
    name, delta = moved[0]
    word = "gain" if delta > 0 else "lose"
    label = verdict.reason.split(":", 1)[0]
    if saved is None:
        return verdict, f"{label}: {name} would {word} ${abs(delta):,}, not undone (“{gc.LIMIT}”)"
    books.__dict__.update(saved)
    over = f"{label}: {name} would {word} ${abs(delta):,}, more than $100,000 (“{gc.LIMIT}”)"
    return refuse(over), None
