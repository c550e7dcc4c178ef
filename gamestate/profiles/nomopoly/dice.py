"""Rule "Turns" and the dice lines of rule "Proposals": how many dice a turn throws,
which way it goes, and what a recorded throw moves.

The admin rolls; nomicbot never does. A throw is a recorded ``draw`` event
``{"what": "dice:<proposal id>", "result": [4, 2, 6]}``: the turn a proposal earns.
A doubles' extra turn is ``dice:<proposal id>:2`` (then ``:3``...). A turn whose throw
is not recorded yet is reported as awaiting the roll, never guessed.

Readings: the +1/-1 "for that turn" is the proposal's turn only; an extra turn earned
by doubles throws the default number of dice and advances. "accepted in part" counts
as accepted for the dice and the Real Estate Guide when the setting ``in_part`` is
``accepted`` (the default), and as neither when it is ``neither`` (the default number
of dice, advancing, no guide).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamestate.profiles.nomopoly import clauses

__all__ = [
    "Throw",
    "TurnDice",
    "draw_name",
    "parse_draw_name",
    "read_throw",
    "turn_dice",
]

ADVANCE = "advance"
RETREAT = "retreat"
DRAW_PREFIX = "dice:"


@dataclass(frozen=True)
class TurnDice:
    """The dice a turn throws, and which way it moves."""

    count: int
    """Dice thrown; 0 or below means "move retreat one square" with no throw."""
    direction: str
    """``advance`` or ``retreat``."""
    clause: str
    """The seed's words that set the count."""
    why: str
    """The count with its parts, e.g. "2 + 1 (accepted) = 3"."""


def turn_dice(default: int, result: str | None, *, in_part: str = "accepted") -> TurnDice:
    """The dice of the turn a proposal judged ``result`` earns (``None``: an extra turn)."""
    counted = "accepted" if result == "accepted in part" and in_part == "accepted" else result
    if counted == "accepted":
        count, direction = default + 1, ADVANCE
        clause, why = clauses.ACCEPTED_DICE, f"{default} + 1 ({result}) = {default + 1}"
    elif counted == "rejected":
        count, direction = default - 1, RETREAT
        clause, why = clauses.REJECTED_DICE, f"{default} - 1 (rejected) = {default - 1}"
    else:
        count, direction, clause = default, ADVANCE, clauses.DICE_DEFAULT
        why = f"{default} (the default)" if result is None else f"{default} ({result}: neither)"
    if count <= 0:
        return TurnDice(count, RETREAT, clauses.ZERO_DICE, f"{why}: 0 or below, retreat one")
    return TurnDice(count, direction, clause, why)


@dataclass(frozen=True)
class Throw:
    """What one recorded throw does."""

    dice: tuple[int, ...]
    amount: int
    """Squares to move: the die, the two dice, or the highest pair."""
    pair: tuple[int, int] | None
    """The pair used for movement (two or more dice)."""
    doubles: bool
    """The pair is doubles: "the player earns another turn"."""
    bonus: int
    """More than 2 dice, all identical: dice x face (:data:`clauses.IDENTICAL_BONUS`)."""
    clause: str


def _highest_pair(dice: Sequence[int]) -> tuple[int, int]:
    """ "Any pair of doubles is considered to be higher than any non doubled pair"."""
    ordered = sorted(dice, reverse=True)
    doubles = [face for face in ordered if ordered.count(face) >= 2]
    if doubles:
        return (doubles[0], doubles[0])
    return (ordered[0], ordered[1])


def read_throw(dice: Sequence[int]) -> Throw:
    """The move a throw makes (rule "Turns")."""
    faces = tuple(dice)
    if len(faces) == 1:
        return Throw(faces, faces[0], None, False, 0, clauses.DICE_DEFAULT)
    if len(faces) == 2:
        pair = (faces[0], faces[1])
        return Throw(faces, sum(pair), pair, pair[0] == pair[1], 0, clauses.DOUBLES)
    pair = _highest_pair(faces)
    bonus = len(faces) * faces[0] if len(set(faces)) == 1 else 0
    clause = clauses.IDENTICAL_BONUS if bonus else clauses.HIGHEST_PAIR
    return Throw(faces, sum(pair), pair, pair[0] == pair[1], bonus, clause)


def draw_name(proposal: str, turn: int = 1) -> str:
    """The ``what`` of the draw event that records a turn's throw."""
    return f"{DRAW_PREFIX}{proposal}" if turn == 1 else f"{DRAW_PREFIX}{proposal}:{turn}"


def parse_draw_name(what: object, known: set[str]) -> tuple[str, int] | None:
    """``(proposal id, turn)`` of a draw's ``what``, or None if it names no known
    proposal. Ids may hold colons: the longest known id wins."""
    if not isinstance(what, str) or not what.startswith(DRAW_PREFIX):
        return None
    rest = what[len(DRAW_PREFIX) :]
    if rest in known:
        return rest, 1
    head, _, tail = rest.rpartition(":")
    # "1000" at most: a longer tail is no turn, and is never converted (int() refuses
    # more than 4,300 digits).
    canonical = tail.isascii() and tail.isdigit() and len(tail) <= 4 and tail == str(int(tail))
    if head in known and canonical and 2 <= int(tail) <= 1000:
        return head, int(tail)
    return None
