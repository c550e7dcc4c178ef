"""The board's two-dimensional layout and distance (seed 002), and the re-numbering of
squares when the board grew to 60.

The seed moves units "directly above, below, left, or right of the unit's current square
(based on the two-dimensional layout of the board, ignoring numeric order)" and measures
distance in such moves, but never gives the layout: the site drew it. Its examples fit a
grid of 5 columns ("The distance from Square #4 to Square #15 would be 3"; a Monk on
Square 13 heals a Warrior on the adjacent Square 8), the 20-square board they were written
for. So the layout is an input, ``game_state.board``:

- ``{"columns": 5}``: squares numbered left to right, row by row; ``"winding": true`` if
  every second row runs right to left;
- or ``{"rows": [[1, 2, 3], [6, 5, 4]]}``: the grid itself (``null`` for a cell with no
  square).

Without it no distance is known, and a rule that needs one says so in a warning instead
of guessing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Board", "board_from", "board_problem", "renumbered"]

_MAX_CELLS = 10_000


@dataclass(frozen=True)
class Board:
    """Square number -> (row, column) on the grid."""

    cells: dict[int, tuple[int, int]]
    holes: bool = False
    """The grid has cells with no square (``null`` in ``rows``): moves go round them."""

    def position(self, square: int | None) -> tuple[int, int] | None:
        return None if square is None else self.cells.get(square)

    def distance(self, a: int | None, b: int | None) -> int | None:
        """The minimum number of moves "directly above, below, left, or right" from ``a``
        to ``b``; None if either square is not on the known board, or ``b`` cannot be
        reached. On a grid without holes that is the rows apart plus the columns apart."""
        pa, pb = self.position(a), self.position(b)
        if pa is None or pb is None:
            return None
        if not self.holes:
            return abs(pa[0] - pb[0]) + abs(pa[1] - pb[1])
        return self._walk(pa, pb)

    def _walk(self, start: tuple[int, int], goal: tuple[int, int]) -> int | None:
        """Breadth-first over the cells that hold a square."""
        on_board = set(self.cells.values())
        seen, frontier, steps = {start}, [start], 0
        while frontier:
            if goal in frontier:
                return steps
            steps += 1
            step = []
            for r, c in frontier:
                for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if near in on_board and near not in seen:
                        seen.add(near)
                        step.append(near)
            frontier = step
        return None

    def adjacent_or_same(self, a: int | None, b: int | None) -> bool | None:
        """Same square or adjacent ("to the left, right, above, or below"); None if not
        known."""
        d = self.distance(a, b)
        return None if d is None else d <= 1


def _grid(columns: int, count: int, winding: bool) -> dict[int, tuple[int, int]]:
    cells = {}
    for square in range(1, count + 1):
        row, col = divmod(square - 1, columns)
        if winding and row % 2:
            col = columns - 1 - col
        cells[square] = (row, col)
    return cells


def board_problem(raw: object) -> str | None:
    """Why ``game_state.board`` cannot be read (one line), or None."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        return "expected {columns, winding?, squares?} or {rows}"
    if "rows" in raw:
        rows = raw["rows"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            return "rows: expected a list of rows, each a list of square numbers or null"
        seen: set[int] = set()
        cells = 0
        for row in rows:
            for cell in row:
                cells += 1
                if cell is None:
                    continue
                if not _whole(cell, 1, _MAX_CELLS):
                    return f"rows: {cell!r:.40} is not a square number 1..{_MAX_CELLS}"
                if cell in seen:
                    return f"rows: square {cell} is twice on the board"
                seen.add(cell)
        return None if cells <= _MAX_CELLS else f"rows: more than {_MAX_CELLS} cells"
    columns, squares = raw.get("columns"), raw.get("squares", 90)
    if not _whole(columns, 1, _MAX_CELLS):
        return f"columns: expected a whole number 1..{_MAX_CELLS}, got {columns!r:.40}"
    if not _whole(squares, 1, _MAX_CELLS):
        return f"squares: expected a whole number 1..{_MAX_CELLS}, got {squares!r:.40}"
    if not isinstance(raw.get("winding", False), bool):
        return "winding: expected true or false"
    return None


def board_from(raw: object) -> Board | None:
    """The layout ``game_state.board`` gives (checked by :func:`board_problem`), or None.
    ``squares`` defaults to 90, the board "Extend[ed] ... to 90 squares"."""
    if not isinstance(raw, Mapping):
        return None
    if "rows" in raw:
        rows = raw["rows"]
        cells = {cell: (r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell}
        width = max((len(row) for row in rows), default=0)
        return Board(cells, holes=len(cells) < width * len(rows))
    return Board(
        _grid(int(raw["columns"]), int(raw.get("squares", 90)), raw.get("winding") is True)
    )


def renumbered(square: int) -> int:
    """The square's number on the 60-square board: "the current Square 1 becomes the new
    Square 2, the current Square 2 becomes the new Square 5" (each old square gets a new
    predecessor and successor)."""
    return 3 * square - 1


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
