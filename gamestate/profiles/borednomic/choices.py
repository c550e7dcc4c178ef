"""Two of a BoredNomic player's choices that take more than a line: buying back hit
points (12.7) and a bankrupt player's sell-back (4.5), at the sums in force.

Readings: "per turn" in 12.7 is from one of the player's turns to the next. 4.5's
"original purchase price" is what the owner paid for a square (25 x its number at the
price then, or at the seed's price for a square owned when the archive starts), the
hen price in force when a hen was bought (or came by trade), and, as a ticket carries
no purchase instant, the ticket price in force at the sale.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gamestate.profiles.borednomic import clauses
from gamestate.profiles.borednomic.standing import HEN, TICKET
from gamestate.profiles.core import Event

if TYPE_CHECKING:
    from gamestate.profiles.borednomic.economy import Economy, Entry

__all__ = ["buy_hit_points", "sell_all"]


def _refused(clause: str, reason: str) -> Exception:
    from gamestate.profiles.borednomic.economy import Refused

    return Refused(clause, reason)


def _money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _third(price: int) -> int:
    """4.5 "one third of their original purchase price, rounded up"."""
    return -(-price // 3)


def buy_hit_points(eco: Economy, e: Event, entry: Entry) -> None:
    """12.7: the hit-point price a point, at most level points a turn, never above 100."""
    player, points = e.get("player"), e.get("points")
    standing = eco.standings[player]
    entry.clause = clauses.BUY_HIT_POINTS
    bought = eco.hit_points_bought.get(player, 0)
    if bought + points > standing.level:
        raise _refused(
            clauses.HIT_POINTS_PER_TURN,
            f"{bought} bought this turn; {points} more would pass level {standing.level}",
        )
    if standing.hit_points + points > 100:
        raise _refused(
            clauses.HIT_POINTS_MAX,
            f"{player} has {standing.hit_points} hit points; +{points} would pass 100",
        )
    each = eco.prices["hit point"]
    why = f"{points} hit point(s) at {_money(each)}{eco.prices.said('hit point')}"
    eco.spend(entry, player, each * points, clauses.BUY_HIT_POINTS, why)
    standing.hit_points += points
    eco.hit_points_bought[player] = bought + points
    entry.reason = f"buys back {points} hit point(s)"


def sell_all(eco: Economy, e: Event, entry: Entry) -> None:
    """4.5: a bankrupt player's squares, hens and tickets at a third, rounded up."""
    player = e.get("player")
    standing = eco.standings[player]
    entry.clause = clauses.SELL_BACK
    if not standing.is_bankrupt():
        raise _refused(clauses.SELL_BACK, f"{player} has {_money(standing.money)}: not bankrupt")
    sold: list[str] = []
    for number in eco.board.owned_by(player):
        square = eco.board.squares[number - 1]
        paid = square.paid if square.paid is not None else eco.prices.at("square", None) * number
        why = f"square {number} (a third of {_money(paid)}, rounded up)"
        eco.pay(entry, player, _third(paid), clauses.SELL_BACK, why)
        square.owner = None
        square.paid = None
        sold.append(f"square {number}")
    hens = Counter(eco.prices.at("hen", bought) for bought in standing.hens)
    tickets = Counter({eco.prices["ticket"]: standing.tickets} if standing.tickets else {})
    for what, counts in ((HEN, hens), (TICKET, tickets)):
        for price, count in sorted(counts.items()):
            why = f"{count} {what} (a third of {_money(price)} each, rounded up)"
            eco.pay(entry, player, _third(price) * count, clauses.SELL_BACK, why)
        if counts:
            sold.append(f"{sum(counts.values())} {what}")
    standing.hens = []
    standing.tickets = 0
    entry.reason = "sells " + (", ".join(sold) if sold else "nothing (nothing sellable)")
