"""Teleporters (seed 002): a player's ``use Teleporter`` action and the Teleport command's
payment, each to the teleporter's owner.

- ``use Teleporter`` (:data:`gc.TELEPORTER`): a player on a square containing a Teleporter
  pays $100 to its owner ($0 to use their own, :data:`gc.TELEPORTER_OWN`) and moves to the
  ``square`` chosen, which must contain a Teleporter. It is not a jump (the Force Field
  rule: :data:`gc.FORCE_FIELD_NOT_TELEPORTERS`): no Jumps are spent, no experience is
  gained and a force field does not stop it; landing on the Rber Ducky's square meets its
  pies. The owner is the owner of the Teleporter on the player's square when the books
  know the Teleporters' squares, else the action's ``owner``; with neither it is refused.
- Teleport (:data:`gc.TELEPORT_OWNER`): the unit's player pays $100 to the owner of a
  Teleporter on the unit's square or adjacent to it, $0 if one of those is his own. The
  owner comes from the squares when known (the command's ``owner`` then must be one of
  them), else from ``owner``; with neither the command is refused. Its ``amount`` is no
  longer read.

A Teleporter's square is known when the books hold it (a roster's ``units`` with
``square``, or one received by Build Teleporter with ``square``).
"""

from __future__ import annotations

from datetime import datetime

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv import gap_clauses as gc
from gamestate.profiles.nomopoly_iv.books import Books
from gamestate.profiles.nomopoly_iv.market import pies
from gamestate.profiles.nomopoly_iv.player_actions import cut, q, square_of

__all__ = [
    "PRICE",
    "USE_TELEPORTER",
    "judge_use",
    "pay_teleport",
    "teleport_payment",
    "teleporters",
]

USE_TELEPORTER = "use Teleporter"
PRICE = 100


def teleporters(books: Books) -> list[tuple[str, str, int | None]]:
    """(owner, name, square or None) of every Teleporter the books hold."""
    out = []
    for who, s in books.players.items():
        for unit, kind in s.units.items():
            if kind == "Teleporter":
                body = s.bodies.get(unit)
                square = body.square if body is not None else None
                if square is None:
                    square = books.land.buildings.get((who, unit))
                out.append((who, unit, square))
    return sorted(out, key=lambda t: (t[0], t[1]))


def _owner(
    books: Books, who: str, given: object, near: list[str], what: str
) -> tuple[str | None, str]:
    """The owner to pay: from ``near`` (owners of the Teleporters in reach) when any,
    else ``given``; (None, why) when neither settles it."""
    if given is not None and (not isinstance(given, str) or given not in books.players):
        return None, f"owner {cut(given)} is not a player"
    if near:
        if given is not None and given not in near:
            return None, f"{given} owns no Teleporter {what}"
        if given is not None:
            return str(given), ""
        if who in near:
            return who, ""
        if len(set(near)) > 1:
            return None, f"Teleporters of {', '.join(sorted(set(near)))} are {what}: give owner"
        return near[0], ""
    if isinstance(given, str):
        owns = any(k == "Teleporter" for k in books.players[given].units.values())
        if books.players[given].units_known and not owns:
            return None, f"{given} owns no Teleporter"
        return given, ""
    return None, f"no Teleporter is known {what} (give owner, or the squares)"


def _pay(books: Books, who: str, owner: str) -> str:
    """$100 from ``who`` to ``owner``, $0 for his own; the note."""
    if owner == who:
        return f"$0, {who}'s own Teleporter{q(gc.TELEPORTER_OWN)}"
    books.players[who].money -= PRICE
    books.players[owner].money += PRICE
    return f"${PRICE} paid to {owner}"


def judge_use(books: Books, who: str, e: Event, at: datetime) -> tuple[bool, str]:
    """``use Teleporter``: allowed or not, and why (applied if allowed)."""
    s = books.players[who]
    to = square_of(e.get("square"))
    if to is None:
        return (
            False,
            f"{USE_TELEPORTER}: name the square, not {cut(e.get('square'))}{q(gc.TELEPORTER)}",
        )
    known = teleporters(books)
    here = s.square
    near = [p for p, _u, sq in known if here is not None and sq == here]
    # Every Teleporter's square known: none elsewhere.
    placed = bool(known) and all(sq is not None for _p, _u, sq in known)
    if here is not None and placed and not near:
        return False, f"{USE_TELEPORTER}: no Teleporter on square {here}{q(gc.TELEPORTER)}"
    if placed and not any(sq == to for _p, _u, sq in known):
        return False, f"{USE_TELEPORTER}: no Teleporter on square {to}{q(gc.TELEPORTER)}"
    mine = f"on square {here}" if here is not None else "on the player's square (not recorded)"
    owner, why = _owner(books, who, e.get("owner"), near, mine)
    if owner is None:
        return False, f"{USE_TELEPORTER}: {why}{q(gc.TELEPORTER)}"
    if owner != who and s.money < PRICE:
        return (
            False,
            f"{USE_TELEPORTER}: {who} has ${s.money}, it costs ${PRICE}{q(gc.TELEPORTER)}",
        )
    note = _pay(books, who, owner)
    s.square = to
    text = f"{USE_TELEPORTER}: to square {to}{q(gc.TELEPORTER)}, {note}; not a jump, no Jumps spent"
    if to == books.ducky:
        text += pies(books, at) + q(clauses.PIES)
    return True, text


def teleport_payment(books: Books, who: str, unit: str, e: Event) -> tuple[str | None, int, str]:
    """The Teleport command's payee and price, or (None, 0, why it is refused)."""
    body = books.players[who].bodies.get(unit)
    here = body.square if body is not None else None
    board = books.army.board
    near = []
    for p, _u, sq in teleporters(books):
        if here is None or sq is None:
            continue
        d = 0 if sq == here else (board.distance(here, sq) if board is not None else None)
        if d is not None and d <= 1:
            near.append(p)
    owner, why = _owner(books, who, e.get("owner"), near, f"on or next to {unit}'s square")
    if owner is None:
        return None, 0, why + q(gc.TELEPORT_OWNER)
    return owner, 0 if owner == who else PRICE, ""


def pay_teleport(books: Books, who: str, owner: str) -> str:
    """The Teleport's $100 credited to ``owner`` (the issuer has paid it already)."""
    if owner == who:
        return f"$0, {who}'s own Teleporter{q(gc.TELEPORT_OWNER)}"
    books.players[owner].money += PRICE
    return f"${PRICE} to {owner}{q(gc.TELEPORT_OWNER)}"
