"""What the Admin records between BoredNomic's turns: a rule change carried out, the
random order of an update's turns, and which question each player was given (rules
6.3, 8.4, 9.1, 9.5, 20.7).

* A proposal's effect on the rules is not read from its text (the seed's 8.1 lists no
  forms a proposal takes): the Admin carries it out with records that name it. An
  ``add_square`` event (``name``, ``matter``) adds a square (6.3); a ``set_price``
  event (``matter``, ``price``, ``amount``) changes one of the rules' sums (a new
  price for a hen, a new pay for passing Go). Each is refused, changing nothing,
  until the proposal named was accepted (8.4 "the proposal is accepted and the
  current rules are modified accordingly"). An ``add_square`` that names no proposal
  stands only for the squares the seed's own rules name (21, The Arena, 17.1; 22,
  The Inquisition, 20.1).
* The order of an update's turns is "randomly determined" (9.1, 9.5): the Admin's
  draw is a ``turn_order`` event (``players``, in the order drawn), recorded before
  the update's first turn and listing every player. A turn taken after that of a
  player drawn later in the order is refused. An update with no ``turn_order`` is
  played in the order its turns were recorded.
* 20.7 "each player is given a different question": an ``answer``'s ``question`` is
  the Admin's id for the question asked; the same question given to a second player
  in one update, by The Inquisition or by the same Robe wearer, is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from gamestate.profiles.borednomic import clauses
from gamestate.profiles.borednomic.board import ARENA, INQUISITION
from gamestate.profiles.core import Event

if TYPE_CHECKING:
    from gamestate.profiles.borednomic.economy import Economy, Entry

__all__ = ["PRICES", "SEED_SQUARES", "Accepted", "Prices", "cut"]

PRICES: dict[str, tuple[int, str]] = {
    "Go": (200, clauses.GO),
    "square": (25, clauses.BUY_SQUARE),
    "hen": (3000, clauses.HEN_PRICE),
    "egg": (1000, clauses.EGG_EXCHANGE),
    "ticket": (100, clauses.TICKET_PRICE),
    "hit point": (250, clauses.BUY_HIT_POINTS),
    "Gladius": (50, clauses.GLADIUS),
    "Robe": (50, clauses.ROBE_ANSWERS),
    "right answer": (100, clauses.CORRECT),
}
"""The sums the seed's rules name -> (the seed's amount, the clause): a square's price is
``square`` x its number (16.1); ``Robe`` is what a wrong answer to the Robe's wearer
costs (20.6); ``right answer`` the Inquisition's pay (20.4)."""
MOST_PRICE = 10**12
"""More than any sum in the game: a bigger amount is junk."""
SEED_SQUARES = {ARENA: clauses.ARENA, INQUISITION: clauses.INQUISITION}
"""The squares the seed's own rules name, beyond the 20 it starts with."""
_SHOWN = 60

Accepted = Callable[[str, datetime], str | None]
"""``(matter id, at)`` -> None if that proposal was accepted by then, else why not."""


def cut(value: object) -> str:
    """``value`` as an error or reason quotes it: at most 60 characters, then an ellipsis
    (a 5,000-character name is not echoed whole; a huge number is not spelled out)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a huge number"
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def _refused(clause: str, reason: str) -> Exception:
    from gamestate.profiles.borednomic.economy import Refused

    return Refused(clause, reason)


class Prices:
    """The rules' sums as accepted proposals change them, with when each changed."""

    def __init__(self) -> None:
        self.changes: dict[str, list[tuple[datetime, int]]] = {name: [] for name in PRICES}
        self.by: dict[str, str] = {}
        """A sum's name -> the proposal that last set it."""

    def __getitem__(self, name: str) -> int:
        changes = self.changes[name]
        return changes[-1][1] if changes else PRICES[name][0]

    def at(self, name: str, moment: datetime | None) -> int:
        """The sum in force at ``moment`` (None: when the archive starts)."""
        amount = PRICES[name][0]
        for changed, value in self.changes[name]:
            if moment is None or changed > moment:
                break
            amount = value
        return amount

    def current(self) -> dict[str, int]:
        """Every sum as it stands (``game_state.prices``)."""
        return {name: self[name] for name in PRICES}

    def set(self, name: str, amount: int, moment: datetime, matter: str) -> None:
        self.changes[name].append((moment, amount))
        self.by[name] = matter

    def said(self, name: str) -> str:
        """How a payment names a sum a proposal set (the seed's clause quotes the old one)."""
        matter = self.by.get(name)
        return "" if matter is None else f", as {matter} set it"


def _matter(e: Event) -> str | None:
    value = e.get("matter")
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value if isinstance(value, str) else None


def add_square(eco: Economy, e: Event, entry: Entry, accepted: Accepted) -> None:
    """6.3: a square added, as an accepted proposal orders (or as 17.1 and 20.1 name it)."""
    number = eco.board.size + 1
    matter = _matter(e)
    entry.clause = clauses.SQUARE_ADDED
    if matter is None:
        if number not in SEED_SQUARES:
            raise _refused(
                clauses.ACCEPTED,
                f"square {number} is named by no rule and the record names no accepted"
                " proposal ('matter')",
            )
        why = f"as rule {'17.1' if number == ARENA else '20.1'} names it"
    else:
        refusal = accepted(matter, e.at)
        if refusal is not None:
            raise _refused(clauses.ACCEPTED, f"square {number} not added: {refusal}")
        why = f"as {cut(matter)} ordered"
    square = eco.board.add(e.get("name"))
    entry.reason = f"square {number} added ({square.as_dict()['colour']}), {why}"


def set_price(eco: Economy, e: Event, entry: Entry, accepted: Accepted) -> None:
    """8.4: one of the rules' sums changed, as an accepted proposal orders."""
    matter, name, amount = _matter(e), e.get("price"), e.get("amount")
    entry.clause = clauses.ACCEPTED
    refusal = accepted(str(matter), e.at)
    if refusal is not None:
        raise _refused(clauses.ACCEPTED, f"the {name} sum not changed: {refusal}")
    before = eco.prices[name]
    eco.prices.set(name, amount, e.at, cut(matter))
    entry.reason = f"the {name} sum: ${before:,} -> ${amount:,}, as {cut(matter)} ordered"


def turn_order(eco: Economy, e: Event, entry: Entry) -> None:
    """9.1, 9.5: the Admin's random order for an update's turns, drawn before them."""
    order = list(e.get("players"))
    slot = eco.update_of(e.at)
    entry.clause = clauses.RANDOM_ORDER
    if slot in eco.orders:
        raise _refused(clauses.RANDOM_ORDER, "this update's order is already drawn")
    present = {n for n, m in eco.players.items() if m.present_at(e.at)}
    strangers = [cut(n) for n in order if n not in present]
    if strangers:
        raise _refused(clauses.RANDOM_ORDER, f"{', '.join(strangers)}: not a player")
    missing = sorted(present - set(order))
    if missing:
        raise _refused(clauses.RANDOM_ORDER, f"the order leaves out {', '.join(missing)}")
    begun = sorted(n for n in present if eco.turn_slot.get(n) == slot)
    if begun:
        raise _refused(
            clauses.RANDOM_ORDER, f"drawn after this update's turns began ({', '.join(begun)})"
        )
    eco.orders[slot] = order
    entry.reason = "the turns' order: " + ", ".join(order)


def check_order(eco: Economy, player: str, slot: datetime) -> None:
    """9.1, 9.5: with an order drawn for the update, a player's turn is refused once a
    player drawn after them has had this update's turn (it would be out of turn); a
    player drawn earlier who has not yet had one holds up no one."""
    order = eco.orders.get(slot)
    if order is None:
        return
    if player not in order:
        raise _refused(clauses.RANDOM_ORDER, f"{player} is not in this update's order")
    later = [p for p in order[order.index(player) + 1 :] if eco.turn_slot.get(p) == slot]
    if later:
        raise _refused(
            clauses.ROUND_ROBIN,
            f"out of turn: the order drawn is {', '.join(order)}, and {later[0]}, drawn"
            f" after {player}, has had this update's turn",
        )


def check_question(eco: Economy, e: Event, source: str) -> None:
    """20.7: one question to one player in an update, from each questioner."""
    question = e.get("question")
    if question is None:
        return
    key = (eco.update_of(e.at), source)
    asked = eco.asked.setdefault(key, {})
    given = asked.get(str(question))
    player = str(e.get("player"))
    if given is not None and given != player:
        raise _refused(
            clauses.DIFFERENT_QUESTION,
            f"question {cut(question)} was given to {given} in this update by {source}",
        )


def note_question(eco: Economy, e: Event, source: str) -> None:
    """The question ``e`` answered, as given to its player in this update."""
    question = e.get("question")
    if question is not None:
        key = (eco.update_of(e.at), source)
        eco.asked.setdefault(key, {})[str(question)] = str(e.get("player"))
