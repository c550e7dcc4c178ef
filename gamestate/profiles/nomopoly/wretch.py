"""The poor wretch (rule "Ye Olde Poorbox"): money a player was obliged to accept from
Ye Olde Poorbox may not be spent voluntarily on the turn it came.

Readings: the money comes when the player sends a proposal (half the Poorbox, due after
a fine or a payment they could not meet), and a player's turn is the GMT day, as for
Warp Gates ("cannot be used more than once in one turn"): an action sent on the day the
money came may not spend it, one sent from 00:00:00 GMT the next day may. The
Poorbox's money is the last spent: of the money in hand, the part up to what came from
the Poorbox that day is barred. Paying a Drain or a fine is not voluntary, so it is not
barred.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from gamestate.profiles.nomopoly import clauses

if TYPE_CHECKING:
    from gamestate.profiles.nomopoly.ledger import Holding, Verdict

__all__ = ["barred", "received", "refusal"]


def received(h: Holding, day: date, amount: int) -> None:
    """``h`` was obliged to accept ``amount`` from the Poorbox on ``day``."""
    if amount <= 0:
        return
    if h.wretch is not None and h.wretch[0] == day:
        amount += h.wretch[1]
    h.wretch = (day, amount)


def barred(h: Holding, day: date | None) -> int:
    """The money in hand ``h`` may not spend voluntarily on ``day``."""
    if day is None or h.wretch is None or h.wretch[0] != day:
        return 0
    return min(h.wretch[1], max(h.money, 0))


def refusal(h: Holding, name: str, day: date | None, cost: int) -> Verdict | None:
    """A refusal (:data:`clauses.POOR_WRETCH`) if spending ``cost`` on ``day`` would take
    the Poorbox's money; None if it would not (or the player has not ``cost`` at all,
    which the action's own rule refuses)."""
    from gamestate.profiles.nomopoly.ledger import Verdict

    bar = barred(h, day)
    if not bar or cost <= 0 or cost > h.money or cost <= h.money - bar:
        return None
    assert day is not None
    return Verdict(
        False,
        f"{name} is a poor wretch: ${bar} of their ${h.money} came from Ye Olde Poorbox on "
        f"{day.isoformat()} and may not be spent that turn; ${cost} would spend it",
        clauses.POOR_WRETCH,
    )
