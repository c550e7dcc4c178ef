"""A square's resources (seed 002): what each square holds, and the rules that take from
it or add to it.

- :data:`~.clauses.RESOURCES`: "Each square currently on the board (as well as any new
  squares ...) will receive a random amount of resources, ranging from $0 to $10000 in
  multiples of $1000." The squares on the board at the archive's start carry their
  resources in ``game_state.resources`` (square -> dollars, as of ``as_of``: mining has
  taken $250 steps since, so any whole number of dollars >= 0 is read). The 30 squares the
  board's extension to 90 adds (:data:`~.clauses.NEW_SQUARES`, implemented at the time
  ``game_state.implemented`` gives, the fort week's proposal) get theirs from one recorded
  ``draw`` ``random amount of resources`` (short word ``resources``) whose ``result`` is
  ``{"61": 3000, ...}``: each new square's dollars, a multiple of $1000 from $0 to $10000.
- Mine (:data:`~.clauses.MINE`): $250 from the square the SCV is on, or whatever is left
  under $250; the square never goes below $0.
- Super Mining (:data:`~.clauses.SUPER_MINING_GENERAL_CASE`) and a Refinery on the square
  (:data:`~.clauses.REFINERY`): $50 more each, "not deducted from the resources of the
  square". Read so: the $50 is magic, not mined, so it is paid even from a square that has
  less than $250 (or nothing) left.
- "A square may only contain one Refinery": Build Refinery on a square known to hold one
  is not allowed (:mod:`.hp_squares`, with the other buildings one a square).
- The Duck Pond (:data:`~.clauses.DUCK_POND`): when the Rber Ducky lands (a ``ducky`` move,
  a Red or Green Shell) on a square with a Duck Pond, half the Bank Account of Terror moves
  to the square's resources, rounded down to the dollar (the game's money is whole
  dollars, and the pies' "one tenth" is rounded down too): an account of $3 gives $1 and
  keeps $2. A landing's pies come first: their money reaches the account as they hit.
- Fertile Season (:data:`~.clauses.FERTILE_SEASON`): the Monk's square +$1000.
- Imps took resources ("the Imp will remove $100 of the resources") only while section XIX
  stood: :data:`~.clauses.MINIONS_REMOVED`, the newest of the seed's proposals that touch
  them, removed every Minion, so under these rules no Imp takes anything.

Where a unit stands: the command's ``square`` when given (a verdict notes one that differs
from the tracked square), else the square the books track for the unit (the roster's
``units``, its moves, a building's maker's square), else not known. A square
whose resources are not known is mined as the seed's general case ($250) and the
report says so in a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gamestate.profiles.archive import parse_time
from gamestate.profiles.core import Archive, Event, ProfileError
from gamestate.profiles.nomopoly_iv import clauses, hp_squares

if TYPE_CHECKING:
    from gamestate.profiles.nomopoly_iv.books import Books

__all__ = [
    "DRAW_RESOURCES",
    "DRAW_RESOURCES_SHORT",
    "NEW_SQUARES",
    "Land",
    "check_draw",
    "check_game_state",
    "command_effect",
    "command_refused",
    "ducky_lands",
    "level",
    "new_squares",
    "new_squares_event",
]

DRAW_RESOURCES = "random amount of resources"
"""The draw of the new squares' resources, in the seed's words."""
DRAW_RESOURCES_SHORT = "resources"
NEW_SQUARES = tuple(range(61, 91))
""""Extend the board to 90 squares by adding 30 squares after the end of the board"."""
NEW_SQUARES_EVENT = "new squares"
"""The (synthetic) recorded fact of the extension, at its implemented time."""
MINED = 250
MAGIC = 50
FERTILE = 1000
DRAWN_MOST, DRAWN_STEP = 10_000, 1000
_BIG = 10**12
_SQUARES = (1, 10_000)
_NO_SQUARE = Event(datetime.min, "", {}, -1)


@dataclass
class Land:
    """Each square's resources and the squares of the buildings the resources rules need."""

    resources: dict[int, int] = field(default_factory=dict)
    """Square -> dollars, for the squares whose resources are known."""
    buildings: dict[tuple[str, str], int] = field(default_factory=dict)
    """(owner, building) -> its square, for the Refineries and Duck Ponds placed."""
    warnings: list[str] = field(default_factory=list)
    extended: list[datetime] = field(default_factory=list)
    """When the board gained squares (each awaits a resources draw then)."""

    @classmethod
    def from_game_state(cls, gs: Mapping[str, Any]) -> Land:
        raw = gs.get("resources", {})
        return cls({int(k): int(v) for k, v in raw.items()} if isinstance(raw, Mapping) else {})

    def as_json(self) -> dict[str, int]:
        return {str(k): v for k, v in sorted(self.resources.items())}

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)


def level(square: int, before: int, after: int) -> str:
    """A square's resources before and after, in the one form the public pages hide."""
    return f"square {square}'s resources ${before} -> ${after}"


def _quote(clause: str) -> str:
    return f" (“{clause}”)"


def _square(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _bodies(books: Books, who: str) -> Mapping[str, Any]:
    """The player's units' bodies (square, hit points) as :mod:`.combat` keeps them."""
    bodies = getattr(books.players.get(who), "bodies", None)
    return bodies if isinstance(bodies, Mapping) else {}


def where(books: Books, who: str, unit: str, e: Event) -> int | None:
    """The square a unit stands on: the command's ``square``, else the books'."""
    given = _square(e.get("square"))
    if given is not None:
        return given
    known = _square(getattr(_bodies(books, who).get(unit), "square", None))
    return known if known is not None else books.land.buildings.get((who, unit))


def holds(books: Books, square: int, kind: str) -> list[tuple[str, str]]:
    """The (owner, name) of each ``kind`` building known to be on ``square``."""
    found = {
        key
        for key, sq in books.land.buildings.items()
        if sq == square and key[1].rpartition("#")[0] == kind
    }
    for who, s in books.players.items():
        for unit, body in _bodies(books, who).items():
            if s.units.get(unit) == kind and getattr(body, "square", None) == square:
                found.add((who, unit))
    return sorted(found)


# Commands.


def command_refused(books: Books, name: str, who: str, unit: str, e: Event) -> str | None:
    """Why a command may not be issued for what the squares hold (None: it may): one
    Refinery a square, and the rest :mod:`.hp_squares` checks from the tracked squares."""
    return hp_squares.refuse(books, name, who, unit, e)


def command_effect(
    books: Books, name: str, who: str, unit: str, e: Event, at: datetime, created: str | None
) -> list[str]:
    """A command's effect on the land (and the dollars mined): the notes it adds."""
    if name in ("Build Refinery", "Build Duck Pond") and created is not None:
        square = where(books, who, unit, e)
        if square is not None:
            books.land.buildings[(who, created)] = square
        return []
    if name == "Fertile Season":
        return [_fertile(books, who, unit, e)]
    if name == "Mine":
        return _mine(books, who, unit, e, at)
    return []


def _fertile(books: Books, who: str, unit: str, e: Event) -> str:
    square = where(books, who, unit, e)
    if square is None:
        books.land.warn(
            f"Fertile Season to {unit} ({who}): the Monk's square is not recorded (give the "
            "command's square), so no square's resources were increased"
        )
        return "the Monk's square is not recorded" + _quote(clauses.FERTILE_SEASON)
    before = books.land.resources.get(square)
    if before is None:
        books.land.warn(f"square {square}'s resources are not recorded (game_state.resources)")
        return f"square {square}'s resources +${FERTILE}" + _quote(clauses.FERTILE_SEASON)
    books.land.resources[square] = before + FERTILE
    return level(square, before, before + FERTILE) + _quote(clauses.FERTILE_SEASON)


def _mine(books: Books, who: str, unit: str, e: Event, at: datetime) -> list[str]:
    s = books.players[who]
    square = where(books, who, unit, e)
    have = books.land.resources.get(square) if square is not None else None
    notes: list[str] = []
    if square is None or have is None:
        # Not known: the seed's general case, or the amount the archive gives.
        amount = e.get("amount")
        taken = amount if isinstance(amount, int) and 0 <= amount <= MINED else MINED
        what = f"square {square}'s resources are" if square is not None else "the SCV's square is"
        books.land.warn(
            f"Mine to {unit} ({who}): {what} not recorded, so the seed's general case (or the "
            "command's amount) was taken as mined (give the command's square and "
            "game_state.resources)"
        )
        notes.append(f"${taken} mined ({what} not recorded)" + _quote(clauses.MINE))
    else:
        taken = min(MINED, max(have, 0))
        books.land.resources[square] = have - taken
        notes.append(f"${taken} mined, {level(square, have, have - taken)}" + _quote(clauses.MINE))
    paid = taken
    if books.is_enchanted(who, unit, "Super Mining", at):
        paid += MAGIC
        notes.append(f"Super Mining +${MAGIC}" + _quote(clauses.SUPER_MINING_GENERAL_CASE))
    if square is not None and holds(books, square, "Refinery"):
        paid += MAGIC
        notes.append(f"a Refinery on square {square} +${MAGIC}" + _quote(clauses.REFINERY))
    elif any(
        kind == "Refinery" and (square is None or where(books, who, n, _NO_SQUARE) is None)
        for n, kind in s.units.items()
    ):
        books.land.warn(
            f"Mine to {unit} ({who}): whether {who}'s Refinery is on the SCV's square is not "
            "recorded, so its $50 was not paid"
        )
    s.money += paid
    notes.append(f"${paid} to {who}")
    return notes


# The Rber Ducky's landing.


def ducky_lands(books: Books) -> str:
    """:data:`clauses.DUCK_POND` where the Ducky now stands: the note, or ""."""
    square = books.ducky
    if square is None or not holds(books, square, "Duck Pond"):
        return ""
    moved = max(books.terror, 0) // 2
    books.terror -= moved
    before = books.land.resources.get(square)
    if before is None:
        books.land.warn(f"square {square}'s resources are not recorded (game_state.resources)")
        return f"; the Duck Pond on square {square}: ${moved} of the Bank Account of Terror added"
    books.land.resources[square] = before + moved
    return (
        f"; the Duck Pond on square {square}: ${moved} of the Bank Account of Terror's "
        f"${books.terror + moved} to its resources, {level(square, before, before + moved)}"
    )


# The board's extensions.

GROWN_60 = (
    ("in an effort to combat board congestion", "increase the board size to 60"),
    "the current Square 1 becomes the new Square 2",
)
"""The 60-square proposal: its name's beginnings (any case), or words of its text."""
SQUARES_60 = tuple(s for s in range(1, 61) if s % 3 != 2)
"""The 40 squares the 20-square board gained: "the current Square 1 becomes the new Square
2", so each old square n is 3n - 1 and the others are new."""


def new_squares_event(
    books: Books,
    archive: Archive,
    window: tuple[datetime, datetime] | None,
    first: datetime,
    now: datetime,
) -> list[Event]:
    """Each extension of the board the books reach, as a recorded fact at its implemented
    time: the 90-square one (the fort week's proposal, ``window``) and the 60-square one
    (after its renumbering, which the same instant applies first)."""
    out = []
    if window is not None:
        out.append(Event(window[0], NEW_SQUARES_EVENT, {"board": 90}, -1))
    texts = {m.id: m.text or "" for m in archive.matters}
    for name, at in books.implemented.items():
        if name.lower().startswith(GROWN_60[0]) or GROWN_60[1] in texts.get(name, ""):
            out.append(
                Event(
                    parse_time(at, f"game_state.implemented.{name}"),
                    NEW_SQUARES_EVENT,
                    {"board": 60},
                    -1,
                )
            )
    out = sorted((e for e in out if first <= e.at <= now), key=lambda e: e.at)
    books.land.extended = [e.at for e in out]
    return out


def new_squares(books: Books, e: Event, draw: Callable[[str, datetime], Any]) -> str:
    """:data:`clauses.NEW_SQUARES` or :data:`clauses.NEW_SQUARES_60`: the new squares and
    their drawn resources."""
    if e.get("board") == 60:
        squares = SQUARES_60
        text = "the board grown to 60 squares: its 40 new squares (1, 3, 4, 6, ...) receive"
    else:
        squares = NEW_SQUARES
        text = "the board extended to 90 squares: squares 61 to 90 receive"
    text += " a random amount of resources"
    result = draw(DRAW_RESOURCES, e.at)
    if result is None:
        return text + " (awaiting its draw)"
    drawn = {int(k): int(v) for k, v in result.items()}
    for square in squares:
        if square in drawn:
            books.land.resources[square] = drawn[square]
    missing = [sq for sq in squares if sq not in drawn]
    extra = sorted(sq for sq in drawn if sq not in squares)
    if missing:
        books.land.warn(f"draw {DRAW_RESOURCES!r}: no resources for squares {_span(missing)}")
    if extra:
        books.land.warn(
            f"draw {DRAW_RESOURCES!r}: squares {_span(extra)} are not new squares; left out"
        )
    return text


def _span(squares: list[int]) -> str:
    shown = ", ".join(map(str, squares[:5]))
    return shown + (f" and {len(squares) - 5} more" if len(squares) > 5 else "")


# Checks.


def _error(archive: Archive, where: str, text: str) -> ProfileError:
    return archive.error(where, text)


def _is_square(key: object) -> bool:
    return (
        isinstance(key, str)
        and key.isascii()
        and key.isdigit()
        and not key.startswith("0")
        and len(key) <= 5
        and _SQUARES[0] <= int(key) <= _SQUARES[1]
    )


def check_game_state(archive: Archive) -> None:
    """``game_state.resources``: square -> dollars >= 0."""
    raw = archive.game_state.get("resources", {})
    where = "game_state.resources"
    if not isinstance(raw, Mapping):
        raise _error(archive, where, "expected square -> dollars")
    for key, value in raw.items():
        if not _is_square(key):
            raise _error(archive, where, f"{key!r:.40} is not a square number 1..10000")
        if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _BIG):
            raise _error(
                archive, f"{where}.{key}", f"expected whole dollars >= 0, got {value!r:.40}"
            )


def check_draw(archive: Archive, result: object, where: str) -> None:
    """A resources draw: each new square's dollars, as :data:`clauses.RESOURCES` allows."""
    if not isinstance(result, Mapping) or not result:
        raise _error(archive, f"{where}.result", 'expected square -> dollars, {"61": 3000, ...}')
    for key, value in result.items():
        if not _is_square(key):
            raise _error(archive, f"{where}.result", f"{key!r:.40} is not a square number")
        if not (
            isinstance(value, int)
            and not isinstance(value, bool)
            and 0 <= value <= DRAWN_MOST
            and value % DRAWN_STEP == 0
        ):
            raise _error(
                archive,
                f"{where}.result.{key}",
                f"{value!r:.40} is not $0 to $10000 in multiples of $1000",
            )
