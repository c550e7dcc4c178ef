"""Numbers, fractions and durations as the Ruleset writes them: "12", "twelve",
"one hundred and twenty", "half", "two thirds", "48 hours", "7 days".

Each reader returns None for words it does not know, never raises: the phrasing
that holds the slot is then not recognised, and the rule is unread.
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = [
    "DURATION",
    "FRACTION",
    "NUMBER",
    "read_fraction",
    "read_hours",
    "read_number",
]

_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))
_MAX_DIGITS = 6
"""More digits than any clock or count of a Ruleset needs: longer is not a number here."""

NUMBER = rf"(?:\d{{1,{_MAX_DIGITS}}}(?!\d)|(?:an? )?(?:{_WORD})\b(?:(?:-| | and )(?:{_WORD})\b)*)"
"""A regex for a whole number in digits or words ("12", "twelve", "a hundred")."""

_FRACTIONS = {
    "half": Fraction(1, 2),
    "one half": Fraction(1, 2),
    "a half": Fraction(1, 2),
    "a third": Fraction(1, 3),
    "one third": Fraction(1, 3),
    "one-third": Fraction(1, 3),
    "two thirds": Fraction(2, 3),
    "two-thirds": Fraction(2, 3),
    "a quarter": Fraction(1, 4),
    "one quarter": Fraction(1, 4),
    "one fourth": Fraction(1, 4),
    "three quarters": Fraction(3, 4),
    "three-quarters": Fraction(3, 4),
}
FRACTION = (
    "(?:"
    + "|".join(re.escape(k) for k in sorted(_FRACTIONS, key=len, reverse=True))
    + r"|\d{1,2}/\d{1,2}|\d{1,2}(?:\.\d{1,2})?%)"
)
"""A regex for a fraction ("half", "two thirds", "1/3", "50%")."""

DURATION = rf"(?:{NUMBER}) (?:hours?|days?|weeks?)"
"""A regex for a duration ("48 hours", "seven days")."""

_DURATION = re.compile(rf"^(?P<n>{NUMBER}) (?P<unit>hour|day|week)s?$", re.IGNORECASE)
_UNIT_HOURS = {"hour": 1, "day": 24, "week": 168}


def read_number(text: str) -> int | None:
    """``"12"`` → 12, ``"twelve"`` → 12, ``"one hundred and twenty"`` → 120; None if
    ``text`` is no whole number this reader knows."""
    text = " ".join(text.split()).casefold()
    if not text:
        return None
    if text.isdigit():
        return int(text) if len(text) <= _MAX_DIGITS else None
    words = re.split(r"[- ]+", text)
    if words[0] in ("a", "an"):
        words = ["one", *words[1:]]
    total = current = 0
    seen = False
    for word in words:
        if word == "and":
            continue
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word in _SCALES:
            current = (current or 1) * _SCALES[word]
            if _SCALES[word] >= 1000:
                total, current = total + current, 0
        else:
            return None
        seen = True
    return total + current if seen else None


def read_fraction(text: str) -> Fraction | None:
    """``"half"`` → 1/2, ``"two thirds"`` → 2/3, ``"1/3"``, ``"50%"``; None if unknown."""
    text = " ".join(text.split()).casefold()
    if text in _FRACTIONS:
        return _FRACTIONS[text]
    if match := re.fullmatch(r"(\d{1,2})/(\d{1,2})", text):
        top, bottom = int(match[1]), int(match[2])
        return Fraction(top, bottom) if 0 < top <= bottom else None
    if match := re.fullmatch(r"(\d{1,2}(?:\.\d{1,2})?)%", text):
        value = Fraction(match[1]) / 100
        return value if 0 < value <= 1 else None
    return None


def read_hours(text: str) -> int | None:
    """``"48 hours"`` → 48, ``"seven days"`` → 168; None if unknown."""
    match = _DURATION.match(" ".join(text.split()))
    if match is None:
        return None
    n = read_number(match["n"])
    if n is None:
        return None
    return n * _UNIT_HOURS[match["unit"].casefold()]
