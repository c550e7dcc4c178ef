"""What a square holds (seed 002), for the commands that ask: one Laboratory, Guard Tower,
Wall, Refinery and railway a square, a Railway's square kept for its owner's buildings,
a Scientist's Laboratory, Refine Goods on a Refinery, Ride Railway from the player's own
railway, Teleport from and to a Teleporter's reach.

Readings:

- A unit's square is the command's ``square`` for any command that does not move it (or
  Bombard: a square it hits), else the square the books track (the roster's ``units``,
  every move since, a building's maker's square). A command's ``square`` that differs
  from the tracked one is taken (the books learn from it) and the verdict says so.
- "a single square may not contain units or buildings owned by more than one player": on
  the square of a player's unit, only that player's Laboratories, Refineries, Guard
  Towers and Walls can stand. So a Laboratory's absence there is known once that player's
  units are listed with their squares; a Railway's (any player's may stand there) and a
  Teleporter's on a square beside it need every player's.
- What cannot be known (a square, the board, a player's units not listed) is not
  guessed: the rule is not checked and the verdict says which (``Army.pending``).
- A Scientist moved (Move, Ride Railway, Teleport) onto a square known to hold no
  Laboratory, or whose Laboratory is destroyed, or which begins Researching where none
  stands, stops Researching or Counter-Researching at that instant. Where the squares do
  not say, a move's ``laboratory: true`` says it found one (else it left its Laboratory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv import hp_clauses as hc
from gamestate.profiles.nomopoly_iv.units import COMMANDS, unit_type

if TYPE_CHECKING:
    from gamestate.profiles.nomopoly_iv.books import Books

__all__ = [
    "MOVES",
    "ONE_A_SQUARE",
    "after_move",
    "begins",
    "here",
    "laboratory_lost",
    "placed",
    "refuse",
]

MOVES = frozenset({"Move", "Ride Railway", "Teleport"})
ONE_A_SQUARE = {
    "Laboratory": hc.ONE_LABORATORY,
    "Guard Tower": hc.ONE_GUARD_TOWER,
    "Wall": hc.ONE_WALL,
    "Railway": hc.ONE_RAILWAY_A_SQUARE,
    "Refinery": clauses.ONE_REFINERY,
}
"""Building -> the clause allowing one of it a square."""
IDLE = "idle"
"""As :data:`.books.IDLE` (books imports this module's importers)."""
_RESEARCH = ("Research Breakthrough", "Counter Research")
Found = tuple[list[tuple[str, str]], str | None]


def q(clause: str) -> str:
    return f" (“{clause}”)"


def _square(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _tracked(books: Books, who: str, unit: str) -> int | None:
    body = books.players[who].bodies.get(unit)
    square = body.square if body is not None else None
    return square if square is not None else books.land.buildings.get((who, unit))


def placed(books: Books, kind: str) -> list[tuple[str, str, int | None]]:
    """(owner, name, square or None) of every ``kind`` the books hold."""
    return [
        (who, unit, _tracked(books, who, unit))
        for who, s in books.players.items()
        for unit, k in s.units.items()
        if k == kind
    ]


def here(books: Books, who: str, unit: str, e: Event, name: str) -> int | None:
    """The square ``unit`` stands on as ``name`` is issued: the command's ``square`` (not
    a move's or a Bombard's: those name where to), else the tracked one."""
    given = _square(e.get("square"))
    if given is not None and name not in MOVES and name != "Bombard":
        return given
    return _tracked(books, who, unit)


def _look(books: Books, kind: str, square: int, counts: str | None, could: str | None) -> Found:
    """The (owner, name) of each ``kind`` on ``square`` (``counts``'s, or anyone's), and why
    its absence is not known (None: known). ``could``: the one player whose ``kind`` could
    stand there (None: any player's)."""
    found, unknown = [], None
    for who, unit, at in placed(books, kind):
        if at == square and counts in (None, who):
            found.append((who, unit))
        elif at is None and could in (None, who):
            unknown = f"{who}'s {unit} has no square recorded"
    for who, s in books.players.items():
        if could in (None, who) and not s.units_known:
            unknown = unknown or f"{who}'s units are not listed"
    return found, unknown


def _pending(books: Books, text: str) -> None:
    books.army.pending.append(text)


def refuse(books: Books, name: str, who: str, unit: str, e: Event) -> str | None:
    """Why ``name`` may not be issued to ``unit`` for what the squares hold (None: it may;
    what could not be checked goes to ``books.army.pending``)."""
    books.army.pending = []
    square = here(books, who, unit, e, name)
    held = _tracked(books, who, unit)
    if square is not None and held is not None and square != held:
        _pending(books, f"the command's square {square} taken, the books held {held}")
    command = COMMANDS.get(name)
    if command is not None and name.startswith("Build ") and command.creates is not None:
        return _build(books, command.creates, who, unit, square)
    kind = books.players[who].units.get(unit) or unit_type(unit)
    if name == "Refine Goods" and kind == "SCV":
        return _needs(books, "Refinery", who, unit, square, hc.REFINE_ON_REFINERY)
    if name in _RESEARCH:
        return _needs(books, "Laboratory", who, unit, square, hc.SCIENTIST_ON_LABORATORY)
    if name == "Ride Railway":
        return _needs(books, "Railway", who, unit, square, hc.RIDE_RAILWAY, own=True)
    if name == "Teleport":
        return _teleport(books, unit, square, _square(e.get("square")))
    return None


def _build(books: Books, kind: str, who: str, unit: str, square: int | None) -> str | None:
    if square is None:
        _pending(books, f"{unit}'s square is not recorded: what it holds was not checked")
        return None
    rails, unknown = _look(books, "Railway", square, None, None)
    if kind == "Railway" and rails:
        owner, name = rails[0]
        return f"square {square} already has a railway ({owner}'s {name}){q(ONE_A_SQUARE[kind])}"
    theirs = [(p, u) for p, u in rails if p != who]
    if theirs:
        return f"square {square} holds {theirs[0][0]}'s {theirs[0][1]}{q(hc.RAILWAY_OWNER)}"
    if kind in ONE_A_SQUARE and kind != "Railway":
        found, unknown_kind = _look(books, kind, square, None, who)
        if found:
            owner, name = found[0]
            return f"square {square} already has a {kind} ({owner}'s {name}){q(ONE_A_SQUARE[kind])}"
        if unknown_kind is not None:
            _pending(books, f"one {kind} a square not checked on square {square}: {unknown_kind}")
    if unknown is not None:
        _pending(books, f"another player's railway on square {square} not checked: {unknown}")
    return None


def _needs(
    books: Books,
    kind: str,
    who: str,
    unit: str,
    square: int | None,
    clause: str,
    own: bool = False,
) -> str | None:
    """``unit``'s square must hold a ``kind`` (its owner's, if ``own``)."""
    if square is None:
        _pending(books, f"{unit}'s square is not recorded: its {kind} not checked")
        return None
    found, unknown = _look(books, kind, square, who if own else None, who)
    if found:
        return None
    if unknown is not None:
        _pending(books, f"a {kind} on square {square} not checked: {unknown}")
        return None
    whose = f" of {who}'s" if own else ""
    return f"{unit}'s square {square} holds no {kind}{whose}{q(clause)}"


def _near_teleporter(books: Books, square: int) -> tuple[bool, str | None]:
    """A Teleporter on or beside ``square``; or (False, why that is not known)."""
    board = books.army.board
    why = None
    for who, unit, at in placed(books, "Teleporter"):
        if at is None:
            why = f"{who}'s {unit} has no square recorded"
            continue
        d = 0 if at == square else (board.distance(square, at) if board is not None else None)
        if d is None:
            why = why or "the board (game_state.board) does not place the squares"
        elif d <= 1:
            return True, None
    for who, s in books.players.items():
        if not s.units_known:
            why = why or f"{who}'s units are not listed"
    return False, why


def _teleport(books: Books, unit: str, square: int | None, to: int | None) -> str | None:
    if square is not None and to == square:
        return f"square {to} is {unit}'s own square, not any other{q(hc.TELEPORT_TO)}"
    ends = ((square, hc.TELEPORT_FROM, f"{unit}'s square"), (to, hc.TELEPORT_TO, "the square"))
    for where, clause, what in ends:
        if where is None:
            _pending(books, f"{what} is not recorded: its Teleporter not checked")
            continue
        near, why = _near_teleporter(books, where)
        if near:
            continue
        if why is not None:
            _pending(books, f"a Teleporter on or next to square {where} not checked: {why}")
            continue
        return f"no Teleporter on or next to square {where}{q(clause)}"
    return None


# Scientists and their Laboratories.


def _stops(mode: str) -> str:
    return hc.COUNTER_LEAVES_LABORATORY if mode != "Researching" else clauses.LEAVES_LABORATORY


def _laboratory_at(books: Books, who: str, square: int | None) -> bool | None:
    if square is None:
        return None
    found, unknown = _look(books, "Laboratory", square, None, who)
    return True if found else (None if unknown is not None else False)


def after_move(books: Books, who: str, unit: str, e: Event) -> list[str]:
    """A Scientist moved: idle where its new square holds no Laboratory (the squares, else
    the command's ``laboratory``)."""
    s = books.players[who]
    mode = s.scientists.get(unit)
    if mode is None:
        return []
    square = _tracked(books, who, unit) if _square(e.get("square")) is not None else None
    there = _laboratory_at(books, who, square)
    if there:
        return []
    s.scientists[unit] = IDLE
    if mode == IDLE:
        return []
    if there is None:
        if e.get("laboratory") is True:
            s.scientists[unit] = mode
            return []
        return [f"{unit} leaves its Laboratory{q(_stops(mode))}"]
    return [f"{unit} on square {square}, which holds no Laboratory: stops {mode}{q(_stops(mode))}"]


def begins(books: Books, who: str, unit: str) -> str:
    """A Scientist that begins (Counter-)Researching on a square known to hold no
    Laboratory stops at once (its Laboratory was destroyed while it cooled down)."""
    s = books.players[who]
    mode = s.scientists.get(unit, IDLE)
    square = _tracked(books, who, unit)
    if mode == IDLE or _laboratory_at(books, who, square) is not False:
        return ""
    s.scientists[unit] = IDLE
    return f", but square {square} holds no Laboratory: it stops {mode}{q(_stops(mode))}"


def laboratory_lost(books: Books, owner: str, square: int | None) -> list[str]:
    """A Laboratory destroyed (it has left the books): each Scientist on its square stops
    (Counter-)Researching unless another Laboratory stands there."""
    busy = [
        (who, unit, mode, _tracked(books, who, unit))
        for who, s in books.players.items()
        for unit, mode in s.scientists.items()
        if mode != IDLE
    ]
    if square is not None and _look(books, "Laboratory", square, None, owner)[0]:
        return []
    notes = []
    for who, unit, mode, at in busy:
        if square is not None and at == square:
            books.players[who].scientists[unit] = IDLE
            notes.append(
                f"{unit} ({who}) on square {square} with no Laboratory stops {mode}"
                f"{q(_stops(mode))}"
            )
        elif who == owner and (square is None or at is None):
            books.army.warn(
                f"{owner}'s Laboratory was destroyed; whether {unit} stops {mode} is not known "
                "(its square or the Laboratory's is not recorded)"
            )
    return notes
