"""The GNDT's random generators (rule "Random Generators"), reproducible.

Rule "Random Generators": "The GNDT can be used to generate random results.
The DICEN command can be used to generate a random number between 1 and N. The
FRUIT command will return a random result from the following options: Lemon,
Orange, Kiwi, Grape, Cherry, Tangelo. The COLOUR (or COLOR) command will return
a random result from the following: White, Red, Green, Silver, Yellow,
Turquoise, Magenta, Orange, Purple, Black. The VEGGIE command will return a
random result from the following: Potato, Carrot, Triffid, Pumpkin."
Appendix "Dice": "References to "YDICEX" refer to Y X-sided dice".

Every draw is a pure function of an explicit :class:`Seed` (who rolled, when,
and why), so a replay from the ledger draws the same values and anyone can
check them: value k of a draw is read from SHA-256(seed digest, k), with
rejection sampling so each outcome is exactly equally likely (appendix
"Numbers and Variables": "a uniform probability distribution over the entire
range of possible values"). No clock, no global random state.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime

from gamestate.profiles.blognomic_139.calendar import require_utc

__all__ = [
    "COLOURS",
    "FRUITS",
    "MAX_DICE",
    "MAX_SIDES",
    "VEGGIES",
    "Roll",
    "RollError",
    "Seed",
    "draw_indices",
    "roll",
]

FRUITS = ("Lemon", "Orange", "Kiwi", "Grape", "Cherry", "Tangelo")
"""Rule "Random Generators": the FRUIT command's options, in the rule's order."""
COLOURS = (
    "White",
    "Red",
    "Green",
    "Silver",
    "Yellow",
    "Turquoise",
    "Magenta",
    "Orange",
    "Purple",
    "Black",
)
"""Rule "Random Generators": the COLOUR (or COLOR) command's options."""
VEGGIES = ("Potato", "Carrot", "Triffid", "Pumpkin")
"""Rule "Random Generators": the VEGGIE command's options."""

MAX_DICE = 1000
"""The most dice one YDICEN command rolls (a guard, not a rule)."""
MAX_SIDES = 10**9
"""The most sides a die may have (a guard, not a rule)."""

_DICE = re.compile(r"(?P<count>[0-9]+)?DICE(?P<sides>-?[0-9]+)")
_LISTS = {"FRUIT": FRUITS, "COLOUR": COLOURS, "COLOR": COLOURS, "VEGGIE": VEGGIES}
_SPAN = 1 << 64


class RollError(ValueError):
    """A command the GNDT's random generators do not have."""


@dataclass(frozen=True)
class Seed:
    """What a draw is a function of: who, when and why. Same seed, same values."""

    actor: str
    """Who draws, e.g. the Boss posting a Demand Post."""
    at: datetime
    """When (UTC), e.g. the Demand Post's time."""
    cause: str
    """Why, e.g. ``"focus-grouping:demand_playpit"`` or ``"roll:DICE6"``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", require_utc(self.at, "seed time"))

    @property
    def digest(self) -> str:
        """The seed as 64 hex digits: SHA-256 of actor, ISO time and cause."""
        text = "\x1f".join((self.actor, self.at.isoformat(), self.cause))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def draw_indices(seed: Seed, n: int, count: int) -> tuple[int, ...]:
    """``count`` independent uniform draws from ``0..n-1``, a pure function of ``seed``."""
    if n < 1:
        raise RollError(f"cannot draw from {n} outcomes")
    limit = _SPAN - _SPAN % n  # accept only values below a multiple of n: no bias
    base = bytes.fromhex(seed.digest)
    values: list[int] = []
    counter = 0
    while len(values) < count:
        block = hashlib.sha256(base + counter.to_bytes(8, "big")).digest()
        counter += 1
        for offset in range(0, 32, 8):
            value = int.from_bytes(block[offset : offset + 8], "big")
            if value < limit and len(values) < count:
                values.append(value % n)
    return tuple(values)


@dataclass(frozen=True)
class Roll:
    """One command's result, with what it was a function of."""

    command: str
    """The command as normalised, e.g. ``"3DICE6"``, ``"COLOUR"``."""
    values: tuple[int | str, ...]
    """The dice (each 1..N) or the one word drawn."""
    seed: Seed
    """The seed it was drawn from; a replay with it draws the same values."""
    clause: str
    """The words of the Ruleset that define the command."""

    @property
    def total(self) -> int | None:
        """The sum of the dice, or None for a word."""
        if all(isinstance(v, int) for v in self.values):
            return sum(v for v in self.values if isinstance(v, int))
        return None


def _shown(command: str) -> str:
    """A command as an error quotes it: at most 40 characters."""
    return command if len(command) <= 40 else command[:37] + "..."


def roll(command: str, seed: Seed) -> Roll:
    """Rolls a GNDT command: ``DICEN``, ``YDICEN``, ``FRUIT``, ``COLOUR``/``COLOR``, ``VEGGIE``."""
    word = command.strip().upper()
    if word in _LISTS:
        options = _LISTS[word]
        (index,) = draw_indices(seed, len(options), 1)
        clause = (
            f'Random Generators: "The {word} command will return a random result from the '
            f'following: {", ".join(options)}."'
        )
        return Roll(word, (options[index],), seed, clause)
    match = _DICE.fullmatch(word)
    if match is None:
        raise RollError(
            f"unknown command {_shown(command)!r}: the GNDT has DICEN, YDICEN, FRUIT, COLOUR, "
            "COLOR and VEGGIE"
        )
    # Lengths first: a count or side of thousands of digits is refused, never converted
    # (int() refuses more than 4,300 digits, and no die has a billion and one sides).
    count_digits = (match["count"] or "1").lstrip("0") or "0"
    negative = match["sides"].startswith("-")
    sides_digits = match["sides"].removeprefix("-").lstrip("0") or "0"
    too_many = len(count_digits) > len(str(MAX_DICE)) or int(count_digits) > MAX_DICE
    too_big = not negative and (
        len(sides_digits) > len(str(MAX_SIDES)) or int(sides_digits) > MAX_SIDES
    )
    if too_many or too_big:
        raise RollError(f"{_shown(word)}: at most {MAX_DICE} dice of at most {MAX_SIDES} sides")
    count = int(count_digits)
    if negative or sides_digits == "0":
        x = _shown(f"-{sides_digits}" if negative and sides_digits != "0" else "0")
        clause = (
            'Numbers and Variables: "Any situation which would require a roll of DiceX when '
            f'X is zero or lower always yields a value of 0" (X = {x})'
        )
        return Roll(word, (0,) * count, seed, clause)
    sides = int(sides_digits)
    clause = (
        f'Random Generators: "The DICEN command can be used to generate a random number '
        f'between 1 and N" (N = {sides}); Dice: "YDICEX refer to Y X-sided dice" (Y = {count})'
    )
    values = tuple(i + 1 for i in draw_indices(seed, sides, count))
    return Roll(word, values, seed, clause)
