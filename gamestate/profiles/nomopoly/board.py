"""The board: numbered squares, their places on the Horizon of the Universe (rule "Shape
of the Board"), moving along them (rules "The Board", "The Universe", "Origon",
"Payday") and the two victory conditions (rule "Ending The Game").

Places are ``(rank, file)``: rank 0 is the northern row that holds Origon, file 0 the
western column; south and east count up. The rule's words are stepped literally, with
one reading the seed's own 14-square diagram settles: Origon itself counts as "due east
of Origon" (and "due south"), so square 2, whose predecessor is Origon, turns
southwest. The result is the diagram::

    1 2 6 7
    3 5 8 14
    4 9 13
    10 12
    11

A board is the sorted tuple of the squares that exist (``game_state.board``: a number
N for squares 1..N, or the list of squares, which may have holes where squares were
removed); a square keeps its place by its number, so a removed square leaves a hole in
its rank and file.

Moving: advancing from the last square goes to Origon (the seed says so); retreating
from Origon stays there (the seed gives Origon no predecessor). Payday pays every power
of two advanced past or onto, the squares moved on past occupied ones included.

Victory readings (settings): ``block_gap`` says whether a hole in a rank or file
("not connected", the default) breaks a block or is stepped over ("connected");
``diagonal`` says whether "diagonally adjacent" means four or more in one diagonal
line ("line", the default, as a block is a line) or any chain of diagonal neighbours
("chain").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

__all__ = [
    "BLOCK_CONDITION",
    "DIAGONAL_CONDITION",
    "Board",
    "Move",
    "is_power_of_two",
    "owners",
    "place",
    "victory_conditions",
]

Place = tuple[int, int]

EAST: Place = (0, 1)
SOUTH: Place = (1, 0)
SOUTHWEST: Place = (1, -1)
NORTHEAST: Place = (-1, 1)

BLOCK_CONDITION = "a block of 4 or more properties in one rank or file"
"""Ending The Game, first condition (:data:`clauses.BLOCK`)."""
DIAGONAL_CONDITION = "four or more diagonally adjacent properties"
"""Ending The Game, second condition (:data:`clauses.DIAGONAL`)."""

_CACHE_LIMIT = 4096


@cache
def _places(count: int) -> tuple[Place, ...]:
    """The places of squares 1..count, stepped from the rule's words."""
    out: list[Place] = [(0, 0), EAST]  # Origon; "Origon's successor is directly east".
    while len(out) < count:
        here, before = out[-1], out[-2]
        # Origon lies on its own rank and file: the diagram's 2 -> 3 turns southwest.
        if here[0] == 0 and here[1] > 0:  # due east of Origon
            step = SOUTHWEST if before[0] == 0 else EAST
        elif here[1] == 0 and here[0] > 0:  # due south of Origon
            step = NORTHEAST if before[1] == 0 else SOUTH
        else:  # "the same what one travels to get from that square to its successor"
            step = (here[0] - before[0], here[1] - before[1])
        out.append((here[0] + step[0], here[1] + step[1]))
    return tuple(out[:count])


def place(square: int) -> Place:
    """Square ``square``'s ``(rank, file)``; Origon (1) is ``(0, 0)``."""
    if square < 1:
        raise ValueError(f"squares are numbered from 1, not {square}")
    if square <= _CACHE_LIMIT:
        return _places(_CACHE_LIMIT)[square - 1]
    # Beyond the cache: the diagram's zigzag in closed form (a test pins the two equal).
    n = square - 1
    diagonal = int(((8 * n + 1) ** 0.5 - 1) / 2)
    while diagonal * (diagonal + 1) // 2 > n:
        diagonal -= 1
    while (diagonal + 1) * (diagonal + 2) // 2 <= n:
        diagonal += 1
    k = n - diagonal * (diagonal + 1) // 2
    return (k, diagonal - k) if diagonal % 2 else (diagonal - k, k)


def is_power_of_two(number: int) -> bool:
    """Payday's squares: 1, 2, 4, 8, 16, 32..."""
    return number >= 1 and number & (number - 1) == 0


@dataclass(frozen=True)
class Move:
    """Where a move ended and what it paid on the way."""

    start: int
    end: int
    direction: str
    """``advance`` or ``retreat``."""
    steps: int
    """Squares moved, those moved on past occupied squares included."""
    payday: int = 0
    """Cash from Payday: the powers of two advanced past or onto."""
    moved_on: int = 0
    """Squares moved on past occupied ones (rule "The Universe")."""
    paydays: tuple[int, ...] = field(default=())
    """The squares that paid."""
    bricked: int | None = None
    """The square whose Bricks stopped the move before it (rule "Property Values")."""


@dataclass(frozen=True)
class Board:
    """The squares that exist, in order: Origon first."""

    squares: tuple[int, ...]

    @classmethod
    def from_size(cls, size: int) -> Board:
        return cls(tuple(range(1, size + 1)))

    @property
    def verses(self) -> int:
        """The size of the Universe: "equal to the current number of squares"."""
        return len(self.squares)

    @property
    def last(self) -> int:
        return self.squares[-1]

    def has(self, square: object) -> bool:
        return isinstance(square, int) and not isinstance(square, bool) and square in self.squares

    def annexed(self, count: int = 1) -> Board:
        """The board grown by ``count`` squares "added to the end of the board"."""
        return Board(self.squares + tuple(range(self.last + 1, self.last + 1 + count)))

    def successor(self, square: int) -> int:
        """The next square; from the last square, Origon (:data:`clauses.ORIGON_WRAP`)."""
        i = self.squares.index(square)
        return self.squares[0] if i + 1 == len(self.squares) else self.squares[i + 1]

    def predecessor(self, square: int) -> int | None:
        """The previous square; Origon has none (the seed names no wrap backwards)."""
        i = self.squares.index(square)
        return None if i == 0 else self.squares[i - 1]

    def move(
        self,
        start: int,
        steps: int,
        direction: str,
        *,
        occupied: Iterable[int] = (),
        players: int = 0,
        bricks: Mapping[int, int] | None = None,
        highest: int = 0,
    ) -> Move:
        """Advance or retreat ``steps`` squares from ``start``; then, if the square is
        occupied and the Universe has more verses than there are players, move on in the
        same direction to the next unoccupied square (:data:`clauses.MOVE_ON`). Every
        power of two advanced past or onto pays its number (:data:`clauses.PAYDAY`);
        retreating from Origon stops there."""
        taken = set(occupied)
        here, paid, moved, extra = start, [], 0, 0

        bricked: list[int] = []

        def step() -> bool:
            nonlocal here, moved
            following = self.successor(here) if direction == "advance" else self.predecessor(here)
            if following is None or bricked:
                return False
            if bricks and bricks.get(following, 0) > highest:
                bricked.append(following)  # BRICK: not to or through it
                return False
            here, moved = following, moved + 1
            if direction == "advance" and is_power_of_two(here):
                paid.append(here)
            return True

        for _ in range(steps):
            if not step():
                break
        if self.verses > players:
            while here in taken and moved > 0 and step():
                extra += 1
        return Move(
            start=start,
            end=here,
            direction=direction,
            steps=moved,
            payday=sum(paid),
            moved_on=extra,
            paydays=tuple(paid),
            bricked=bricked[0] if bricked else None,
        )


def _runs(line: list[str], *, gap_breaks: bool) -> int:
    """The longest run of owned cells (``o``) in one line; ``-`` is a square someone
    else owns or nobody does, `` `` a hole where no square is."""
    best = run = 0
    for cell in line:
        if cell == "o":
            run += 1
            best = max(best, run)
        elif cell == "-" or gap_breaks:
            run = 0
    return best


def _lines(places: set[Place], present: set[Place]) -> Iterable[tuple[str, list[str]]]:
    """Every rank, file and diagonal through an owned place, as cells in order."""
    ranks = {r for r, _ in places}
    files = {f for _, f in places}
    downs = {r - f for r, f in places}
    ups = {r + f for r, f in places}
    span = range(min(f for _, f in present | places), max(f for _, f in present | places) + 1)
    rows = range(min(r for r, _ in present | places), max(r for r, _ in present | places) + 1)

    def cell(p: Place) -> str:
        return "o" if p in places else "-" if p in present else " "

    for r in sorted(ranks):
        yield "rank", [cell((r, f)) for f in span]
    for f in sorted(files):
        yield "file", [cell((r, f)) for r in rows]
    for d in sorted(downs):
        yield "diagonal", [cell((r, r - d)) for r in rows]
    for u in sorted(ups):
        yield "diagonal", [cell((r, u - r)) for r in rows]


def _chain(places: set[Place]) -> int:
    """The largest set of places joined by diagonal neighbours."""
    seen: set[Place] = set()
    best = 0
    for origin in places:
        if origin in seen:
            continue
        todo, size = [origin], 0
        seen.add(origin)
        while todo:
            r, f = todo.pop()
            size += 1
            for dr, df in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                near = (r + dr, f + df)
                if near in places and near not in seen:
                    seen.add(near)
                    todo.append(near)
        best = max(best, size)
    return best


def victory_conditions(
    owns: Iterable[int],
    board: Board,
    *,
    block_gap: str = "not connected",
    diagonal: str = "line",
) -> list[str]:
    """The victory conditions ``owns`` meets on ``board``: :data:`BLOCK_CONDITION`
    (:data:`clauses.BLOCK`) and :data:`DIAGONAL_CONDITION` (:data:`clauses.DIAGONAL`)."""
    places = {place(s) for s in owns if board.has(s)}
    if len(places) < 4:
        return []
    present = {place(s) for s in board.squares}
    gap_breaks = block_gap == "not connected"
    block = diag = 0
    for kind, line in _lines(places, present):
        longest = _runs(line, gap_breaks=gap_breaks)
        if kind == "diagonal":
            diag = max(diag, longest)
        else:
            block = max(block, longest)
    if diagonal == "chain":
        diag = _chain(places)
    met = []
    if block >= 4:
        met.append(BLOCK_CONDITION)
    if diag >= 4:
        met.append(DIAGONAL_CONDITION)
    return met


def owners(state: Mapping[str, Mapping[str, object]]) -> dict[int, str]:
    """Square -> the player who owns it."""
    out: dict[int, str] = {}
    for name, values in state.items():
        owned = values.get("owns", [])
        if isinstance(owned, list):
            for square in owned:
                out[square] = name
    return out
