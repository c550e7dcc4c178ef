"""Building Effects, read from their words: what each instance does on a Business Day.

An Effect is read from its text, not looked up by the Building's name, so a
Building enacted by Proposal in the same words works with no code change. The
grammar read is the one Ruleset 139's Effects use:

* amounts: ``+1 SMILE``, ``+200 Income``, ``+100 Tourism``, ``25 Wages``, ``+X SMILE``,
  joined by "and" or commas;
* ``per <segments> visitor that Business Day`` ("per Child visitor", "per Teen or
  Adult Visitor", "per Teen Visitor and Unaccompanied Adult", "per visitor"),
  applying to every amount before it;
* ``, where X is the [half|quarter|third] number of <segment> Visitors that Business
  Day (rounded down)``;
* ``(requires one Child, one Teen ...)`` (rule "Visitors": the Effect "only occurs if
  the Business Day being processed includes that set of Visitors");
* ``, unless the Imagineer exercised an IP licences on the Business Day they are
  processing`` (Monorail);
* ``If this Imagineer is the first Imagineer to process a given Business Day, ...``
  (Expedited Pass Point);
* the Tunnel System's "divide the total Size of all other Buildings in the Zone by N"
  (used by Construction) and the Turnstile's "first to exercise an IP License [...] move
  their Debt toward 0 by N [...] move the Boss's Debt toward 0 by M" (used by Licensing).

Anything else is :attr:`EffectKind.BY_HAND`: the bot lists it on every processing
for a human to apply, and never skips it silently.

Construction: "All numbers in the Effects of Budget Buildings are considered to be
halved, rounded down, and any instances of the word “half” are replaced with
“quarter” in those Effects." :func:`budget_text` does that to the words before
they are read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from gamestate.dynasties.nomicland.models import BusinessDay, Segment
from rules_text.buildings import parse_requirement

__all__ = [
    "UNACCOMPANIED_ADULT",
    "Effect",
    "EffectKind",
    "Unit",
    "budget_text",
    "read_effect",
    "unaccompanied_adults",
]


class EffectKind(StrEnum):
    """When an Effect acts."""

    PROCESSING = "processing"
    """Amounts gained when its Imagineer processes a Business Day."""
    TUNNEL = "tunnel"
    """Construction: divides the other Buildings' total Size in the costing equation."""
    TURNSTILE = "turnstile"
    """Licensing: moves Debts toward 0 for the first to exercise onto a Business Day."""
    BY_HAND = "by hand"
    """Words the bot cannot read: a human applies it."""


class Unit(StrEnum):
    """What an amount of an Effect adds to."""

    SMILES = "Smiles"
    """The processing Imagineer's Smiles (Miscellaneous)."""
    INCOME = "Income"
    """Ticket Income: moves the Imagineer's Debt toward 0."""
    TOURISM = "Tourism"
    """Tourism: moves the Boss's Debt toward 0."""
    WAGES = "Wages"
    """Ticket Income: subtracted from the Income."""


UNACCOMPANIED_ADULT = "U"
"""Haunted House: "The number of Unaccompanied Adults on a Day is equal to its number of
Adult Visitors minus its number of Child Visitors, to a minimum of zero." """


def unaccompanied_adults(day: BusinessDay) -> int:
    """Haunted House: Adult Visitors minus Child Visitors, to a minimum of zero."""
    return max(0, day.count(Segment.ADULT) - day.count(Segment.CHILD))


_LETTERS = tuple((segment, segment.value) for segment in Segment)
_SEGMENT_OF = {segment.value: segment for segment in Segment}


@dataclass(frozen=True)
class Effect:
    """One Building's Effect as read (a Budget version's already halved)."""

    text: str
    """The words read."""
    kind: EffectKind
    """When it acts."""
    amounts: tuple[tuple[Unit, int | None], ...] = ()
    """Each amount and its unit; None for "+X" (see ``x_share``)."""
    per: tuple[str, ...] | None = None
    """Counted Visitors for "per ...": segment letters and/or ``"U"``; None: a flat amount."""
    x_share: tuple[Fraction, tuple[str, ...]] | None = None
    """"where X is the half number of Senior Visitors": (1/2, ("S",)), rounded down."""
    requires: tuple[tuple[str, ...], ...] = ()
    """Required Visitors, one entry per Visitor (see ``rules_text.buildings``)."""
    unless_exercised: bool = False
    """Monorail: no Effect if the Imagineer exercised an IP License onto that Business Day."""
    first_to_process: bool = False
    """Expedited Pass Point: only for the first Imagineer to process that Business Day."""
    divisor: int = 1
    """Tunnel System: what the other Buildings' Size is divided by."""
    debt_moves: tuple[int, int] = (0, 0)
    """Turnstile: (toward 0 for the Imagineer, toward 0 for the Boss)."""

    def is_met_by(self, day: BusinessDay) -> bool:
        """Visitors: the Business Day "includes that set of Visitors" it requires."""
        if not self.requires:
            return True
        left = {letter: day.visitors.count(segment) for segment, letter in _LETTERS}
        return _assign(self.requires, left)

    def count(self, day: BusinessDay) -> int:
        """The number of Visitors "per" counts (1 for a flat amount)."""
        if self.per is None:
            return 1
        return sum(
            unaccompanied_adults(day)
            if item == UNACCOMPANIED_ADULT
            else day.visitors.count(_SEGMENT_OF[item])
            for item in self.per
        )

    def x_value(self, day: BusinessDay) -> int:
        """X of "+X ..., where X is ..." for this Business Day, rounded down."""
        if self.x_share is None:
            return 0
        share, segments = self.x_share
        visitors = sum(day.visitors.count(_SEGMENT_OF[s]) for s in segments)
        return visitors * share.numerator // share.denominator  # rounded down

    def gains(self, day: BusinessDay) -> dict[Unit, int]:
        """What one instance adds on ``day``, per unit (requirements not checked here)."""
        result: dict[Unit, int] = {}
        for unit, amount in self.amounts:
            value = self.x_value(day) if amount is None else amount
            result[unit] = result.get(unit, 0) + value * self.count(day)
        return result

    def describe(self, day: BusinessDay) -> str:
        """The numbers behind :meth:`gains`, for a change's reason."""
        parts = []
        for unit, amount in self.amounts:
            value = self.x_value(day) if amount is None else amount
            if self.per is None:
                parts.append(f"{value} {unit.value}")
            else:
                parts.append(f"{value} {unit.value} x {self.count(day)} ({'+'.join(self.per)})")
        return ", ".join(parts)


def _assign(required: tuple[tuple[str, ...], ...], left: dict[str, int]) -> bool:
    if not required:
        return True
    for letter in dict.fromkeys(required[0]):
        if left.get(letter, 0) > 0:
            left[letter] -= 1
            found = _assign(required[1:], left)
            left[letter] += 1
            if found:
                return True
    return False


# Budget versions.

_NUMBER = re.compile(r"\d+")
_HALF = re.compile(r"\bhalf\b", re.IGNORECASE)


@lru_cache(maxsize=512)
def budget_text(effect: str) -> str:
    """A Budget version's Effect: every number halved (rounded down), "half" -> "quarter"."""
    halved = _NUMBER.sub(lambda m: str(int(m.group()) // 2), effect)
    return _HALF.sub(lambda m: "Quarter" if m.group()[0].isupper() else "quarter", halved)


# Reading.

_SHARES: Mapping[str, Fraction] = {
    "": Fraction(1),
    "half": Fraction(1, 2),
    "third": Fraction(1, 3),
    "quarter": Fraction(1, 4),
}
_TERM = r"[+]?(?:\d+|X)\s+(?:SMILES?|Smiles?|Income|Tourism|Wages)"
_PROCESSING = re.compile(
    r"^(?P<first>If this Imagineer is the first(?: Imagineer)? to process a given Business Day,"
    r"\s*)?"
    rf"(?P<terms>{_TERM}(?:\s*(?:,\s*and|,|and)\s*{_TERM})*)"
    r"(?:\s+per\s+(?P<per>.+?)(?:\s+that Business Day)?)?"
    r"(?:,\s*where X is the\s*(?P<share>half|third|quarter)?\s*number of (?P<xseg>.+?)"
    r"(?:\s+that Business Day)?(?:\s*\(rounded down\))?)?"
    r"(?P<unless>,?\s*unless the Imagineer exercised an IP licen[cs]es? on the Business Day "
    r"they are processing)?"
    r"\s*(?:\(requires (?P<req>[^)]*)\))?\s*\.?"
    r"\s*(?:\(The number of Unaccompanied Adults on a Day is equal to its number of Adult "
    r"Visitors minus its number of Child Visitors, to a minimum of zero\.?\))?\s*$",
    re.IGNORECASE,
)
_AMOUNT = re.compile(r"[+]?(\d+|X)\s+(SMILES?|Income|Tourism|Wages)", re.IGNORECASE)
_TUNNEL = re.compile(
    r"divide the total Size of all other Buildings in the Zone by (\d+)\.?\s*$", re.IGNORECASE
)
_TURNSTILE = re.compile(
    r"^If this Imagineer is the first to exercise an IP License for a given Business Day, "
    r"they may, upon exercising it, immediately move their Debt toward 0 by (\d+)\. If they "
    r"do so, they must also immediately move the Boss.s Debt toward 0 by (\d+)\.?$",
    re.IGNORECASE,
)
_PER_ITEM = re.compile(r"\s+and\s+|\s*,\s*", re.IGNORECASE)
_SEGMENT_WORDS = {
    "child": "c",
    "children": "c",
    "teen": "t",
    "teens": "t",
    "adult": "A",
    "adults": "A",
    "senior": "S",
    "seniors": "S",
}


@lru_cache(maxsize=512)
def read_effect(text: str) -> Effect:
    """An Effect's words read into what it does (``EffectKind.BY_HAND`` if unreadable)."""
    words = " ".join(text.split())
    tunnel = _TUNNEL.search(words)
    if tunnel and words.lower().startswith("when this imagineer would pay to create"):
        return Effect(words, EffectKind.TUNNEL, divisor=int(tunnel.group(1)))
    turnstile = _TURNSTILE.match(words)
    if turnstile:
        moves = (int(turnstile.group(1)), int(turnstile.group(2)))
        return Effect(words, EffectKind.TURNSTILE, debt_moves=moves)
    match = _PROCESSING.match(words)
    if not match:
        return Effect(words, EffectKind.BY_HAND)
    try:
        amounts = tuple(
            (_unit(unit), None if number.upper() == "X" else int(number))
            for number, unit in _AMOUNT.findall(match["terms"])
        )
        per = _per(match["per"]) if match["per"] else None
        x_share = None
        if match["xseg"]:
            x_share = (_SHARES[(match["share"] or "").lower()], _segments(match["xseg"]))
        elif any(amount is None for _, amount in amounts):
            raise ValueError("+X without a definition of X")
        requires = parse_requirement(match["req"]) if match["req"] else ()
    except (ValueError, KeyError):
        return Effect(words, EffectKind.BY_HAND)
    return Effect(
        words,
        EffectKind.PROCESSING,
        amounts=amounts,
        per=per,
        x_share=x_share,
        requires=requires,
        unless_exercised=bool(match["unless"]),
        first_to_process=bool(match["first"]),
    )


def _unit(word: str) -> Unit:
    folded = word.casefold()
    if folded.startswith("smile"):
        return Unit.SMILES
    return Unit(folded.capitalize())


def _per(phrase: str) -> tuple[str, ...]:
    items: list[str] = []
    for item in _PER_ITEM.split(phrase.strip()):
        words = item.split()
        if not words:
            continue
        if " ".join(words).casefold() in ("unaccompanied adult", "unaccompanied adults"):
            items.append(UNACCOMPANIED_ADULT)
            continue
        items.extend(_segments(item))
    if not items:
        raise ValueError(f"cannot read per {phrase!r}")
    return tuple(items)


def _segments(phrase: str) -> tuple[str, ...]:
    """ "Teen or Adult Visitor" -> ("t", "A"); "visitor" -> all four segments."""
    words = [w.casefold() for w in re.split(r"\s+or\s+|\s+|/", phrase.strip()) if w]
    words = [w for w in words if w not in ("visitor", "visitors", "or")]
    if not words:
        return tuple(s.value for s in Segment)
    letters = []
    for word in words:
        if word not in _SEGMENT_WORDS:
            raise ValueError(f"{word!r} is not a market segment")
        letters.append(_SEGMENT_WORDS[word])
    return tuple(letters)
