"""The Public Market, the Dark Lord's Shop of Terror, the items (with their durations:
Super Mining, Force Field, Star Egg, Ghost) and the Rber Ducky's pies (seed 002): each
action judged as of the instant it was taken, and applied if allowed.

Readings:

- A request is named by its ``item`` and, to fulfil or retract one of several, by its
  maker (``seller``/``buyer``) and ``price``; with neither, a fulfilment takes the best
  offer the Market's page shows first (the lowest sell price, the highest buy price),
  the oldest of equal ones.
- Items are checked only when the archive lists a player's ``items``.
- "lose one tenth of all their money": rounded down to the dollar.
- The Ducky's moves ("every Monday, Wednesday, and Saturday", no time of day) are
  recorded ``ducky`` events with the ``roll``; a Shell moves it at once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv.books import Books, Standing
from gamestate.profiles.nomopoly_iv.combat_items import star_egg
from gamestate.profiles.nomopoly_iv.ducky import check_day, forward

__all__ = [
    "DUCKY",
    "ITEM_ACTIONS",
    "MARKET_ACTIONS",
    "SHOP_ACTIONS",
    "apply_ducky",
    "force_field",
    "judge_item",
    "judge_market",
    "judge_shop",
    "lose_item",
    "pies",
]

DUCKY = "ducky"
"""The event type of the Rber Ducky's recorded moves (``roll``: 1..6)."""
BUY, RETRACT_BUY, FULFILL_BUY = (
    "Submit a Buy Request",
    "Retract a buy request",
    "Fulfill a buy request",
)
SELL, RETRACT_SELL, FULFILL_SELL = (
    "Submit a Sell Request",
    "Retract a sell request",
    "Fulfill a sell request",
)
MARKET_ACTIONS = frozenset({BUY, RETRACT_BUY, FULFILL_BUY, SELL, RETRACT_SELL, FULFILL_SELL})
ITEM_ACTIONS = frozenset(
    {
        "use Magic Mining Pick",
        "use Red Shell",
        "use Green Shell",
        "use Lightning Bolt",
        "use Force Field",
        "use Star Egg",
        "use Feather",
        "use Ghost",
    }
)
SHOP_TRADES: dict[str, tuple[dict[str, int], int, str | None]] = {
    "Trade in a Wilt Shroom": ({"Wilt Shroom": 1}, 1, None),
    "Trade in a Moldy Mush": ({"Moldy Mush": 1}, 2, None),
    "Trade in a Rotten Mush": ({"Rotten Mush": 1}, 3, None),
    "Trade in 100 Wilt Shrooms, 100 Moldy Mushes, and 100 Rotten Mushes for a Star Egg": (
        {"Wilt Shroom": 100, "Moldy Mush": 100, "Rotten Mush": 100},
        0,
        "Star Egg",
    ),
    "trade in 2 Wilt Shrooms for an Uncharged Soul Gem": (
        {"Wilt Shroom": 2},
        0,
        "Uncharged Soul Gem",
    ),
    "5 Moldy Mushes for a Magic Mining Pick": ({"Moldy Mush": 5}, 0, "Magic Mining Pick"),
    # Not replaced by the Soul Gem proposal, which replaced only the other two 2-for-1s.
    "Trade in 2 Rotten Mushes for a Force Fielde": ({"Rotten Mush": 2}, 0, "Force Field"),
}
"""The Dark Lord's Shop of Terror, in the seed's words: what is given up, the dollars
and the item received."""
SHOP_ACTIONS = frozenset(SHOP_TRADES)
THREE_DAYS = timedelta(days=3)
SEVEN_DAYS = timedelta(days=7)
SUPER_MINING_DAYS = timedelta(days=3)
DARK_LORD = "the Dark Lord"
LIGHTNING = clauses.LIGHTNING_BOLT
SHOP = clauses.SHOP_OF_TERROR


def _verdict(allowed: bool, reason: str, clause: str) -> tuple[bool, str]:
    return allowed, f"{reason} (“{clause}”)"


def lose_item(s: Standing, item: str) -> bool:
    """Takes one ``item`` from the player; False if the archive says they have none."""
    if s.items_known and s.items.get(item, 0) < 1:
        return False
    s.items[item] = s.items.get(item, 0) - 1 if s.items.get(item, 0) > 0 else 0
    return True


def _gain_item(s: Standing, item: str) -> None:
    s.items[item] = s.items.get(item, 0) + 1


def _find(
    requests: list[dict[str, Any]], e: Event, maker_key: str, best: str, maker: str | None = None
) -> dict[str, Any] | None:
    item, price = e.get("item"), e.get("price")
    wanted = maker if maker is not None else e.get(maker_key)
    found = [
        r
        for r in requests
        if r.get("item") == item
        and (price is None or r.get("price") == price)
        and (wanted is None or r.get(maker_key, DARK_LORD) == wanted)
    ]
    if not found:
        return None
    pick = min if best == "lowest" else max
    top = pick(int(r["price"]) for r in found)
    return next(r for r in found if r["price"] == top)


def judge_market(books: Books, who: str, name: str, e: Event) -> tuple[bool, str]:
    """A Public Market action: allowed or not, and why."""
    s = books.players[who]
    item = e.get("item")
    if not s.alive:
        return _verdict(False, f"{name}: {who} is dead", clauses.MARKET_ALIVE)
    if not isinstance(item, str) or not item:
        return False, f"{name}: name the item"
    if name == BUY:
        price = e.get("price")
        if not isinstance(price, int) or isinstance(price, bool) or price < 0:
            return False, f"{name}: a price of {price!r} is not an amount of money"
        if s.money < price:
            return _verdict(False, f"{name}: {who} has ${s.money}", clauses.BUY_REQUEST)
        s.money -= price
        books.buy_requests.append({"item": item, "price": price, "buyer": who})
        return _verdict(True, f"{name}: {item} for ${price}, paid now", clauses.BUY_REQUEST)
    if name == SELL:
        price = e.get("price")
        if not isinstance(price, int) or isinstance(price, bool) or price < 0:
            return False, f"{name}: a price of {price!r} is not an amount of money"
        if not lose_item(s, item):
            return _verdict(False, f"{name}: {who} has no {item:.40}", clauses.SELL_REQUEST)
        books.market.append({"item": item, "price": price, "seller": who})
        return _verdict(
            True, f"{name}: {item} for ${price}, the item given up", clauses.SELL_REQUEST
        )
    if name == RETRACT_BUY:
        r = _find(books.buy_requests, e, "buyer", "highest", who)
        if r is None:
            return _verdict(
                False, f"{name}: {who} has no buy request for {item:.40}", clauses.RETRACT_BUY
            )
        books.buy_requests.remove(r)
        s.money += int(r["price"])
        return _verdict(True, f"{name}: ${r['price']} refunded", clauses.RETRACT_BUY)
    if name == RETRACT_SELL:
        r = _find(books.market, e, "seller", "lowest", who)
        if r is None:
            return _verdict(
                False, f"{name}: {who} has no sell request for {item:.40}", clauses.RETRACT_SELL
            )
        books.market.remove(r)
        _gain_item(s, item)
        return _verdict(True, f"{name}: {item} given back", clauses.RETRACT_SELL)
    if name == FULFILL_BUY:
        r = _find(books.buy_requests, e, "buyer", "highest")
        if r is None:
            return _verdict(
                False, f"{name}: no buy request for {item:.40} matches", clauses.FULFILL_BUY
            )
        if not lose_item(s, item):
            return _verdict(False, f"{name}: {who} has no {item:.40}", clauses.FULFILL_BUY)
        books.buy_requests.remove(r)
        s.money += int(r["price"])
        buyer = books.players.get(str(r.get("buyer")))
        if buyer is not None:
            _gain_item(buyer, item)
        return _verdict(
            True, f"{name}: {item} to {r.get('buyer')} for ${r['price']}", clauses.FULFILL_BUY
        )
    # Fulfill a sell request.
    r = _find(books.market, e, "seller", "lowest")
    if r is None:
        why = f"{name}: no sell request for {item:.40} matches"
        return _verdict(False, why, clauses.FULFILL_SELL)
    price = int(r["price"])
    if s.money < price:
        return _verdict(
            False, f"{name}: {who} has ${s.money}, the price is ${price}", clauses.FULFILL_SELL
        )
    books.market.remove(r)
    s.money -= price
    _gain_item(s, item)
    seller = str(r.get("seller", DARK_LORD))
    if seller == DARK_LORD:
        books.terror += price
        return _verdict(
            True, f"{name}: {item} from the Dark Lord for ${price}", clauses.DARK_LORD_PAID
        )
    if seller in books.players:
        books.players[seller].money += price
    return _verdict(True, f"{name}: {item} from {seller} for ${price}", clauses.FULFILL_SELL)


def judge_item(books: Books, who: str, name: str, e: Event, at: datetime) -> tuple[bool, str]:
    """Using an item that enchants or moves the Ducky."""
    s = books.players[who]
    item = name.removeprefix("use ")
    if item == "Star Egg":
        # "The player does not lose this item after using it."
        if s.items_known and s.items.get(item, 0) < 1:
            return False, f"{name}: {who} has no {item}"
        if books.is_enchanted(who, who, "Star Egg used", at):
            until = format_time(books.enchanted[(who, who, "Star Egg used")])
            return _verdict(False, f"{name}: not again until {until}", clauses.STAR_EGG)
        books.enchant(who, who, "Star Egg used", at + SEVEN_DAYS)
        hit = star_egg(books, who, at)
        return _verdict(True, f"{name}: none again for 7 days{hit}", clauses.STAR_EGG)
    if not lose_item(s, item):
        return False, f"{name}: {who} has no {item}"
    if item == "Feather":
        square = e.get("square")
        if not isinstance(square, int) or isinstance(square, bool):
            return _verdict(True, f"{name}: to a square not recorded", clauses.FEATHER)
        s.square = square
        hit = pies(books, at) if square == books.ducky else ""
        return _verdict(True, f"{name}: to square {square}{hit}", clauses.FEATHER)
    if item == "Ghost":
        books.enchant(who, who, "invisible", at + THREE_DAYS)
        return _verdict(
            True, f"{name}: invisible until {format_time(at + THREE_DAYS)}", clauses.GHOST
        )
    if item == "Force Field":
        if s.square is None:
            return _verdict(True, f"{name}: on {who}'s square (not recorded)", clauses.FORCE_FIELD)
        books.enchant(who, f"square {s.square}", "Force Field", at + THREE_DAYS)
        until = format_time(at + THREE_DAYS)
        return _verdict(True, f"{name}: square {s.square} until {until}", clauses.FORCE_FIELD)
    if item == "Magic Mining Pick":
        scvs = sorted(u for u, kind in s.units.items() if kind == "SCV")
        for unit in scvs:
            books.enchant(who, unit, "Super Mining", at + SUPER_MINING_DAYS)
        return _verdict(
            True,
            f"{name}: Super Mining on {', '.join(scvs) or 'no SCV'} until "
            f"{format_time(at + SUPER_MINING_DAYS)}",
            clauses.SUPER_MINING,
        )
    if item == "Lightning Bolt":
        if books.ducky is None:
            return _verdict(True, f"{name}: the Rber Ducky's square is not recorded", LIGHTNING)
        moved = sorted(n for n, _ in books.players_at(at) if n != who)
        for n in moved:
            books.players[n].square = books.ducky
        hit = pies(books, at)
        where = f"square {books.ducky}"
        return _verdict(True, f"{name}: {', '.join(moved)} to the Ducky on {where}{hit}", LIGHTNING)
    target = e.get("target")
    clause = clauses.RED_SHELL if item == "Red Shell" else clauses.GREEN_SHELL
    t = books.players.get(target) if isinstance(target, str) and target != who else None
    if t is None or not books.present(str(target), at):
        return _verdict(False, f"{name}: {target!r:.40} is not another player", clause)
    if t.square is None:
        return _verdict(
            True, f"{name}: the Rber Ducky jumps to {target}'s square (not recorded)", clause
        )
    books.ducky = t.square
    hit = pies(books, at)
    return _verdict(True, f"{name}: the Rber Ducky jumps to square {t.square}{hit}", clause)


def judge_shop(books: Books, who: str, name: str) -> tuple[bool, str]:
    """A trade at the Dark Lord's Shop of Terror (on its square, when both are known)."""
    s = books.players[who]
    given, dollars, item = SHOP_TRADES[name]
    shop = books.shop_square
    if shop is not None and s.square is not None and s.square != shop:
        return _verdict(False, f"{name}: {who} is on square {s.square}, the Shop on {shop}", SHOP)
    if s.items_known and any(s.items.get(i, 0) < n for i, n in given.items()):
        return _verdict(False, f"{name}: {who} has not the items", SHOP)
    for i, n in given.items():
        s.items[i] = max(s.items.get(i, 0) - n, 0)
    s.money += dollars
    if item is not None:
        s.items[item] = s.items.get(item, 0) + 1
    got = f"${dollars}" if dollars else item
    return _verdict(True, f"{name}: {got}", SHOP)


def force_field(books: Books, square: object, at: datetime) -> str | None:
    """The end of a force field on ``square`` at ``at``, if one is there."""
    for (_who, unit, name), until in books.enchanted.items():
        if name == "Force Field" and unit == f"square {square}" and at < until:
            return format_time(until)
    return None


def pies(books: Books, at: datetime) -> str:
    """:data:`clauses.PIES`: each player on the Ducky's square hit, pushed forward."""
    hit = [
        (n, s) for n, s in books.players_at(at) if s.square is not None and s.square == books.ducky
    ]
    notes = []
    for n, s in hit:
        lost = max(s.money, 0) // 10
        s.money -= lost
        books.terror += lost
        s.square = forward(books, s.square or 0, 1)
        notes.append(f"{n} hit by a pie: -${lost}, pushed to square {s.square}")
    return "; " + "; ".join(notes) if notes else ""


def apply_ducky(books: Books, e: Event) -> str:
    """A recorded move of the Rber Ducky, then its pies."""
    roll = e.get("roll")
    check_day(books, e)
    if books.ducky is None:
        return f"the Rber Ducky moves {roll} (its square is not recorded)"
    books.ducky = forward(books, books.ducky, int(roll))
    return f"the Rber Ducky moves {roll} to square {books.ducky}" + pies(books, e.at)
