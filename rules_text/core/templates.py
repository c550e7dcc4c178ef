"""The little language the phrasings are written in, compiled to regular expressions.

A template is a sentence as the Ruleset writes it, after normalisation
(:mod:`rules_text.core.sentences`), with slots:

* ``{N:name}`` a whole number, in digits or words ("12", "twelve");
* ``{D:name}`` a duration ("48 hours", "seven days");
* ``{F:name}`` a fraction ("half", "two thirds", "1/3");
* ``{C:name}`` a comparison of a clock: "at least" or "more than" (and their synonyms);
* ``{R:name}`` a rounding: "rounded down", "rounding up", "rounded to the nearest whole number";
* ``{Q:name}`` a list of quoted rule names ("“Votable Matters”, “Gamestate Tracking” and ...");
* ``{M:name}`` a day of the year ("December 24th", "24th December", "the 24th of December");
* ``{U:name}`` a link's address (no spaces);
* ``[a|b]`` one of several wordings (``[|a]`` makes "a" optional); a wording may hold slots.

Everything else is literal, matched case-insensitively, the whole sentence.
"""

from __future__ import annotations

import re
from functools import cache

from rules_text.core.numbers import DURATION, FRACTION, NUMBER

__all__ = ["COMPARISONS", "MONTHS", "compile_template", "read_day", "read_rounding", "read_rules"]

COMPARISONS = {
    "at least": False,
    "no less than": False,
    "a minimum of": False,
    "more than": True,
    "over": True,
    "in excess of": True,
    "longer than": True,
}
"""A clock's comparison word -> strict ("more than") or not ("at least")."""

MONTHS = {
    name: index + 1
    for index, name in enumerate(
        (
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        )
    )
}
_MONTH = "(?:" + "|".join(MONTHS) + ")"
_ORDINAL = r"(?:[0-3]?\d(?:st|nd|rd|th)?)"
_SLOTS = {
    "N": NUMBER,
    "D": DURATION,
    "F": FRACTION,
    "C": "(?:" + "|".join(COMPARISONS) + ")",
    "R": r"(?:round(?:ed|ing) (?:down|up|to the nearest (?:whole number|integer)))",
    "Q": r"(?:\"[^\"]{1,120}\"(?:,? (?:and |or )?\"[^\"]{1,120}\"){0,19})",
    "M": rf"(?:{_MONTH} {_ORDINAL}|(?:the )?{_ORDINAL} (?:of )?{_MONTH})",
    "U": r"(?:\S{1,300})",
}
_TOKEN = re.compile(r"\{([A-Z]):(\w+)\}|\[([^\[\]]*)\]")


@cache
def compile_template(template: str) -> re.Pattern[str]:
    """The regular expression a template stands for (cached)."""
    return re.compile(_regex(template), re.IGNORECASE)


def _regex(template: str) -> str:
    parts: list[str] = []
    start = 0
    for token in _TOKEN.finditer(template):
        parts.append(re.escape(template[start : token.start()]))
        if token.group(1):
            parts.append(f"(?P<{token.group(2)}>{_SLOTS[token.group(1)]})")
        else:
            choices = token.group(3).split("|")
            parts.append("(?:" + "|".join(_slots_only(c) for c in choices) + ")")
        start = token.end()
    parts.append(re.escape(template[start:]))
    return "".join(parts)


_SLOT = re.compile(r"\{([A-Z]):(\w+)\}")


def _slots_only(text: str) -> str:
    """A wording inside ``[...]``: literal, but for its slots."""
    parts: list[str] = []
    start = 0
    for token in _SLOT.finditer(text):
        parts.append(re.escape(text[start : token.start()]))
        parts.append(f"(?P<{token.group(2)}>{_SLOTS[token.group(1)]})")
        start = token.end()
    parts.append(re.escape(text[start:]))
    return "".join(parts)


def read_rounding(words: str) -> str:
    """``"rounded down"`` → ``"down"``; ``up``; ``nearest``."""
    words = words.casefold()
    if words.endswith("down"):
        return "down"
    if words.endswith("up"):
        return "up"
    return "nearest"


def read_day(words: str) -> tuple[int, int] | None:
    """``"December 24th"`` → (12, 24); None if no such day."""
    words = words.casefold().removeprefix("the ")
    month = next((m for name, m in MONTHS.items() if name in words), None)
    day = re.search(r"\d+", words)
    if month is None or day is None:
        return None
    d = int(day.group(0))
    return (month, d) if 1 <= d <= 31 else None


def read_rules(words: str) -> tuple[str, ...]:
    """The rule names of a ``{Q}`` slot, in order, without their quotes and commas."""
    return tuple(" ".join(name.strip(" ,.").split()) for name in re.findall(r"\"([^\"]+)\"", words))
