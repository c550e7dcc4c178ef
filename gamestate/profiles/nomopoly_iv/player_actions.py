"""Players' actions and checks the first audit of seed 002 found missing (issue 28), each
judged as of its instant; one refused changes nothing and its reason quotes the clause.

- ``build a Fort`` (:data:`gc.BUILD_A_FORT`, the Units framework, never repealed): $1000,
  a Fort (``new``, else the next free ``Fort#n``) on the square the player occupies
  (``square``, which must be the player's own square when the books know it); refused
  when another player's unit or building is known to be on that square.
- ``use Wilt Shroom``, ``use Moldy Mush``, ``use Rotten Mush`` (:data:`gc.MUSH_NONE`): the
  item is lost, nothing else happens.
- ``gain a new fort`` (:data:`gc.NEW_FORT_UNOCCUPIED`): the ``square`` chosen must be
  unoccupied: no player stands there and no unit or building is known there; without
  ``new`` the Fort is still received, named ``Fort#n``.
- ``jump`` (:data:`gc.JUMP_NOT_HERE`): never to the square the player occupies; when
  ``game_state.board`` and both squares are known, the distance is the board's (the
  event's ``distance`` may be left out, and is refused when it says otherwise).
- Power Drain (:data:`gc.POWER_DRAIN`): the ``target`` must be a player on the roster
  then, on the Mesmer's square or an adjacent one when the squares (and, for an adjacent
  square, the board) are known.

Turns (:data:`gc.TURN_EXPERIENCE` and the rules of travelling forwards or backwards) are
not actions under these rules: the newer Jumps proposal put the jump "in the same place
as taking your turn used to be" (:data:`gc.TURNS_REPLACED`), so no turn is taken and no
turn's experience is gained.
"""

from __future__ import annotations

from datetime import datetime

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import combat
from gamestate.profiles.nomopoly_iv import gap_clauses as gc
from gamestate.profiles.nomopoly_iv.books import Books, Standing
from gamestate.profiles.nomopoly_iv.market import lose_item
from gamestate.profiles.nomopoly_iv.units import unit_type

__all__ = [
    "BUILD_A_FORT",
    "FORT_COST",
    "MUSHES",
    "PLAYER_ACTIONS",
    "cut",
    "judge_player_action",
    "jump_checked",
    "new_fort_refused",
    "new_name",
    "occupants",
    "power_drain_refused",
    "square_of",
]

BUILD_A_FORT = "build a Fort"
FORT_COST = 1000
MUSHES = ("use Wilt Shroom", "use Moldy Mush", "use Rotten Mush")
PLAYER_ACTIONS = frozenset({BUILD_A_FORT, *MUSHES})
"""The actions this module judges."""
_CUT = 40


def q(clause: str) -> str:
    return f" (“{clause}”)"


def cut(value: object) -> str:
    """A quoted input cut short for a one-line reason."""
    text = repr(value)
    return text if len(text) <= _CUT else text[: _CUT - 1] + "…"


def square_of(value: object) -> int | None:
    """A square number, or None if ``value`` is not one."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def occupants(books: Books, square: int) -> list[tuple[str, str]]:
    """(owner, name) of each unit and building known to be on ``square``."""
    found = {(who, unit) for who, unit, _kind in combat.units_on(books, square)}
    found |= {key for key, sq in books.land.buildings.items() if sq == square}
    return sorted(found)


def new_name(s: Standing, kind: str, new: object) -> str:
    """``new`` if it names an unused ``kind``, else the next ``kind#n``."""
    if isinstance(new, str) and unit_type(new) == kind and new not in s.units:
        return new
    numbers = [
        int(n.rpartition("#")[2])
        for n in s.units
        if n.rpartition("#")[0] == kind and n.rpartition("#")[2].isdigit()
    ]
    return f"{kind}#{max(numbers, default=0) + 1}"


def judge_player_action(books: Books, who: str, name: str, e: Event) -> tuple[bool, str]:
    """One of :data:`PLAYER_ACTIONS`: allowed or not, and why (applied if allowed)."""
    s = books.players[who]
    if name in MUSHES:
        item = name.removeprefix("use ")
        if not lose_item(s, item):
            return False, f"{name}: {who} has no {item}{q(gc.MUSH_NONE)}"
        return True, f"{name}: the {item} is lost, no other effect{q(gc.MUSH_NONE)}"
    return _build_fort(books, who, s, e)


def _build_fort(books: Books, who: str, s: Standing, e: Event) -> tuple[bool, str]:
    given = square_of(e.get("square"))
    if e.get("square") is not None and given is None:
        return False, f"{BUILD_A_FORT}: {cut(e.get('square'))} is not a square{q(gc.BUILD_A_FORT)}"
    if given is not None and s.square is not None and given != s.square:
        return False, (
            f"{BUILD_A_FORT}: {who} occupies square {s.square}, not {given}{q(gc.BUILD_A_FORT)}"
        )
    where = s.square if s.square is not None else given
    if where is not None:
        others = [(p, u) for p, u in occupants(books, where) if p != who]
        if others:
            p, u = others[0]
            return False, f"{BUILD_A_FORT}: {p}'s {u} is on square {where}{q(gc.BUILD_A_FORT)}"
    if s.money < FORT_COST:
        return False, f"{BUILD_A_FORT}: {who} has ${s.money}, a Fort costs ${FORT_COST}"
    s.money -= FORT_COST
    name = new_name(s, "Fort", e.get("new"))
    s.units[name] = "Fort"
    placed = combat.place_new(books, who, "", name, "Fort", where)
    return True, f"{BUILD_A_FORT}: ${FORT_COST} paid{q(gc.BUILD_A_FORT)}; {placed}"


def new_fort_refused(books: Books, square: object) -> str | None:
    """Why the ``square`` chosen for a new fort is not :data:`gc.NEW_FORT_UNOCCUPIED`."""
    if square is None:
        return None
    where = square_of(square)
    if where is None:
        return f"{cut(square)} is not a square{q(gc.NEW_FORT_UNOCCUPIED)}"
    players = sorted(n for n, s in books.players.items() if s.square == where)
    if players:
        return f"{players[0]} occupies square {where}{q(gc.NEW_FORT_UNOCCUPIED)}"
    held = occupants(books, where)
    if held:
        return f"{held[0][0]}'s {held[0][1]} is on square {where}{q(gc.NEW_FORT_UNOCCUPIED)}"
    return None


def jump_checked(books: Books, s: Standing, e: Event) -> tuple[str | None, object]:
    """(Why the jump is refused or None, the distance to charge): the board's distance
    when ``game_state.board`` and both squares are known, else the event's."""
    to, given = square_of(e.get("square")), e.get("distance")
    if to is not None and s.square is not None and to == s.square:
        return f"square {to} is the square the player occupies{q(gc.JUMP_NOT_HERE)}", given
    board = books.army.board
    d = board.distance(s.square, to) if board is not None and to is not None else None
    if d is None:
        return None, given
    if given is not None and given != d:
        return (
            f"square {to} is {d} from square {s.square} on the board, not {cut(given)}"
            f"{q(gc.JUMP_NOT_HERE)}",
            given,
        )
    return None, d


def power_drain_refused(books: Books, who: str, unit: str, e: Event, at: datetime) -> str | None:
    """Why Power Drain may not take its ``target`` (None: it may)."""
    target = e.get("target")
    if not isinstance(target, str) or target not in books.players:
        return f"name the target player, not {cut(target)}{q(gc.POWER_DRAIN)}"
    if not books.present(target, at):
        return f"{cut(target)} is not on the roster then{q(gc.POWER_DRAIN)}"
    there = books.players[target].square
    body = books.players[who].bodies.get(unit)
    here = body.square if body is not None else None
    if here is None or there is None or here == there:
        return None
    board = books.army.board
    d = board.distance(here, there) if board is not None else None
    if d is not None and d > 1:
        return f"{target} is on square {there}, {d} from {unit}'s square {here}{q(gc.POWER_DRAIN)}"
    return None
