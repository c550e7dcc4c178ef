"""Rule 6, The Board: BoredNomic's numbered squares, wound ten to a row.

"The squares are laid out two-dimensionally in a grid with 10 columns. Square #1
will be in the bottom left corner, and each successive square up to Square #10
can be found by moving right. Square #11 is above square #10, and each
successive square up to Square #20 can then be found by moving left." Row 0 is
the bottom row; column 0 the left. Colours repeat every five squares from Red
(6.9); the successor of the highest square is Square #1 (6.4), so a move wraps.

A square's owner, name and price paid are kept here too (rule 16); the special
squares are 21, The Arena (17.1), and 22, The Inquisition (20.1), once the board
has them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ARENA", "COLOURS", "INQUISITION", "Board", "Move", "Square", "colour", "grid_position"]

COLOURS = ("Red", "Yellow", "Green", "Cyan", "Blue")
"""6.9 "The cycle goes: Red, Yellow, Green, Cyan, Blue." """
ARENA = 21
"""17.1 "Square 21 is The Arena." """
INQUISITION = 22
"""20.1 "Square 22 is The Inqusition." """
COLUMNS = 10
"""6.5 "a grid with 10 columns"."""


def colour(number: int) -> str:
    """6.9: Square #1 is Red, #2 Yellow, ... #6 Red again."""
    return COLOURS[(number - 1) % len(COLOURS)]


def grid_position(number: int) -> tuple[int, int]:
    """6.5: (row from the bottom, column from the left) of a square, winding as a Snakes
    and Ladders board does: rows 0, 2, 4... run left to right, rows 1, 3... right to left."""
    row, offset = divmod(number - 1, COLUMNS)
    return row, offset if row % 2 == 0 else COLUMNS - 1 - offset


@dataclass
class Square:
    """One square: its number, and who owns it under what name (rule 16)."""

    number: int
    name: str | None = None
    owner: str | None = None
    paid: int | None = None
    """What its owner paid (16.1), for 4.5's sell-back; None: owned before the archive."""

    def as_dict(self) -> dict[str, object]:
        row, column = grid_position(self.number)
        return {
            "number": self.number,
            "colour": colour(self.number),
            "row": row,
            "column": column,
            "name": self.name,
            "owner": self.owner,
        }


@dataclass(frozen=True)
class Move:
    """6.7: a move leaves one square, passes over each square in between, lands on the last."""

    left: int
    passed: tuple[int, ...]
    landed: int


@dataclass
class Board:
    """The board as the game goes: its squares in number order."""

    squares: list[Square] = field(default_factory=list)

    @classmethod
    def initial(cls, count: int = 20, names: dict[int, str] | None = None) -> Board:
        """6.2 "The board will initially contain 20 squares" (or the archive's count)."""
        names = names or {}
        return cls([Square(n, names.get(n)) for n in range(1, count + 1)])

    @property
    def size(self) -> int:
        return len(self.squares)

    def square(self, number: int) -> Square | None:
        return self.squares[number - 1] if 1 <= number <= self.size else None

    def add(self, name: str | None = None) -> Square:
        """6.3: the new square's number is one greater than the highest."""
        square = Square(self.size + 1, name)
        self.squares.append(square)
        return square

    def successor(self, number: int) -> int:
        """6.4: the next number, and Square #1 after the highest."""
        return number + 1 if number < self.size else 1

    def move(self, start: int, steps: int) -> Move:
        """6.7: ``steps`` successors from ``start``: every square but the last is passed
        over (a square passed twice on a small board counts twice), the last landed on."""
        if steps < 1:
            return Move(start, (), start)
        # Wrapping without a loop over a long move: position k is ((start-1+k) mod size)+1.
        visited = tuple((start - 1 + k) % self.size + 1 for k in range(1, steps + 1))
        return Move(start, visited[:-1], visited[-1])

    def owned_by(self, player: str) -> list[int]:
        return [s.number for s in self.squares if s.owner == player]

    def rows(self) -> list[list[Square | None]]:
        """6.5 as a picture: the top row first, each row ten cells left to right (None where
        the last row is short)."""
        count = -(-self.size // COLUMNS)
        grid: list[list[Square | None]] = [[None] * COLUMNS for _ in range(count)]
        for s in self.squares:
            row, column = grid_position(s.number)
            grid[row][column] = s
        return list(reversed(grid))
