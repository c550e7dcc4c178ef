"""Nomicland's gamestate as pure data: Zones, Buildings, IP Licenses, the Business
Day queue of Visitors, and each Imagineer's row of the GNDT (Budget, Debt, Smiles, LBD).

The wiki pages hold these as text; :mod:`wikibot.wiki.pages.nomicland` and
:mod:`wikibot.wiki.pages.gamestate` read and write that text. This module only knows
what the Ruleset says the values may be, and reports what breaks it as
:class:`Problem` s quoting the rule. It never guesses a value it cannot read.

Rules implemented (Ruleset 139): "Budget", "Planning", "Zones", "Visitors",
"Smiles", "Construction", "Licensing".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "BUDGET",
    "CONSTRUCTION",
    "DEBT",
    "LBD",
    "LICENSING",
    "NOMICLAND_PAGE",
    "PLANNING",
    "SMILES",
    "VISITORS",
    "ZONES",
    "Building",
    "BusinessDay",
    "IPLicense",
    "NomiclandError",
    "PlayerRow",
    "Problem",
    "RuleClause",
    "Segment",
    "Zone",
    "check_player_rows",
    "check_zones",
    "parse_building",
    "parse_buildings",
    "parse_integer",
    "parse_license",
    "parse_names",
    "parse_visitors",
]


@dataclass(frozen=True)
class RuleClause:
    """A rule of the Ruleset and the words of it that a check enforces."""

    rule: str
    """The rule's title, e.g. "Budget"."""
    words: str
    """The sentence being enforced, quoted from Ruleset 139."""


BUDGET = RuleClause(
    "Budget",
    "Each Imagineer has a Budget, which is a nonnegative integer tracked in the GNDT "
    "and which defaults to 0.",
)
DEBT = RuleClause(
    "Budget",
    "Each Imagineer also has Debt, which is a nonpositive integer tracked in the GNDT "
    "and which defaults to 0.",
)
SMILES = RuleClause(
    "Smiles",
    "Each Imagineer has a integer number of [...] Smiles, tracked the GNDT in a column "
    "called Smiles which defaults to 10.",
)
LBD = RuleClause(
    "Visitors",
    "Each Imagineer's most recently processed Business Day is tracked as a numeric column "
    'called "LBD" in the GNDT, which defaults to the highest-numbered existing Business Day, '
    "or 0 if there are none.",
)
VISITORS = RuleClause(
    "Visitors",
    "Visitors come in four market segments: Child, Teen, Adult and Senior. These may be "
    "written in shorthand as c, t, A and S respectively.",
)
ZONES = RuleClause(
    "Zones",
    "Each Zone has a Name [...] and may be Operated by a single Idle or non-Idle Imagineer "
    "[...] where the name does not match that of any existing Zone.",
)
NOMICLAND_PAGE = RuleClause(
    "Zones",
    "Zones are tracked in a wiki page at Nomicland, with each Zone as a separate page "
    "section and any information about that zone being written within that section.",
)
LICENSING = RuleClause(
    "Licensing",
    "they may create a new IP License by paying its Fee, choosing two market segments, "
    "giving it a name, and updating the description of the Zone to include it.",
)
CONSTRUCTION = RuleClause(
    "Construction",
    "Buildings are listed as sub rules of this rule and consist of a Name (which is the "
    "title of the subrule), a positive integer Cost, a positive integer Size, and an Effect.",
)
PLANNING = RuleClause(
    "Planning",
    "Each Zone may have one or more Planned Buildings, tracked in the Nomicland wiki page. "
    "(Planned Buildings refer to specific Buildings, but do not count as Buildings themselves.)",
)


class NomiclandError(ValueError):
    """A value on a gamestate page that the Ruleset does not allow."""

    def __init__(self, message: str, clause: RuleClause) -> None:
        super().__init__(message)
        self.clause = clause


@dataclass(frozen=True)
class Problem:
    """Something on a gamestate page that breaks the Ruleset."""

    message: str
    """What is wrong, with the value as written."""
    clause: RuleClause
    """The rule it breaks."""
    page: str = ""
    """The wiki page, filled in by the page reader."""
    line: int = 0
    """1-based line number on that page (0: the page as a whole)."""

    def __str__(self) -> str:
        where = self.page or "page"
        if self.line:
            where += f" line {self.line}"
        return f'{where}: {self.message} (rule "{self.clause.rule}": "{self.clause.words}")'


class Segment(StrEnum):
    """Rule "Visitors": a Visitor's market segment, written as its shorthand letter."""

    CHILD = "c"
    """Child (c)."""
    TEEN = "t"
    """Teen (t)."""
    ADULT = "A"
    """Adult (A)."""
    SENIOR = "S"
    """Senior (S)."""

    @property
    def fee(self) -> int:
        """Rule "Licensing": 1000 for a Child or Senior segment, 2000 for Teen or Adult."""
        return 1000 if self in (Segment.CHILD, Segment.SENIOR) else 2000


def _letters(segments: Iterable[Segment]) -> str:
    return "".join(s.value for s in segments)


@dataclass(frozen=True)
class BusinessDay:
    """Rule "Visitors": one numbered item of the Business Day queue."""

    number: int
    """1 for the first Business Day."""
    visitors: tuple[Segment, ...] = ()
    """Its Visitors, in the order written."""

    def is_crowded(self, imagineers: int) -> bool:
        """More Visitors queued than twice the number of Imagineers."""
        return len(self.visitors) > 2 * imagineers

    def count(self, segment: Segment) -> int:
        """How many Visitors of one market segment it has."""
        return self.visitors.count(segment)

    def __str__(self) -> str:
        return _letters(self.visitors)


@dataclass(frozen=True)
class IPLicense:
    """Rule "Licensing": a Zone's theme, written ``Name (cA)``."""

    name: str
    """Its name (no effect on the gamestate)."""
    segments: tuple[Segment, ...]
    """The two market segments chosen (duplicates allowed)."""

    @property
    def fee(self) -> int:
        """Rule "Licensing": the sum of each segment's fee."""
        return sum(s.fee for s in self.segments)

    def __str__(self) -> str:
        return f"{self.name} ({_letters(self.segments)})"


@dataclass(frozen=True)
class Building:
    """Rule "Construction": one instance of a Building in a Zone."""

    name: str
    """The Building's Name, the title of its sub rule (e.g. "Gift Shop")."""
    budget: bool = False
    """A Budget version, noted ``(Budget)`` on the wiki."""

    def __str__(self) -> str:
        return f"{self.name} (Budget)" if self.budget else self.name


@dataclass(frozen=True)
class Zone:
    """Rule "Zones": one section of the Nomicland page."""

    name: str
    """The Zone's Name (the section heading)."""
    operator: str | None = None
    """The Imagineer who Operates it, or None."""
    ip_license: IPLicense | None = None
    """Its IP License, if themed."""
    buildings: tuple[Building, ...] = ()
    """Every Building instance in it, in the order listed."""
    planned: tuple[str, ...] = ()
    """Names of its Planned Buildings (rule "Planning")."""

    @property
    def building_names(self) -> tuple[str, ...]:
        """The names of its Buildings, Budget or not."""
        return tuple(b.name for b in self.buildings)


@dataclass(frozen=True)
class PlayerRow:
    """One Imagineer's row of the GNDT, defaults filled in per the Ruleset."""

    name: str
    """The Imagineer."""
    budget: int = 0
    """Rule "Budget": nonnegative, defaults to 0."""
    debt: int = 0
    """Rule "Budget": nonpositive, defaults to 0."""
    smiles: int = 10
    """Rule "Smiles": an integer, defaults to 10."""
    lbd: int = 0
    """Rule "Visitors": the last processed Business Day."""


# Reading values as written on the wiki.

_MINUS = "\u2212"
_INTEGER = re.compile(r"[+-]?[0-9]+")
_LICENSE = re.compile(r"^(?P<name>.*?)\s*\((?P<letters>[^()]*)\)$")
_BUDGET_MARK = re.compile(r"\s*\(\s*budget\s*\)$", re.IGNORECASE)


def parse_integer(text: str, column: str, clause: RuleClause) -> int:
    """A whole number as written in a GNDT cell (``-250``; a typographic minus is fine)."""
    written = text.strip().replace(_MINUS, "-")
    if not _INTEGER.fullmatch(written):
        raise NomiclandError(f"{column} {_shown(text.strip())!r} is not an integer", clause)
    try:
        return int(written)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        digits = len(written.lstrip("+-"))
        raise NomiclandError(
            f"{column} {_shown(written)!r} has {digits} digits, too many to be read", clause
        ) from None


def _shown(text: str, limit: int = 40) -> str:
    """A value as a message quotes it: a long one is cut in the middle."""
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}\u2026{text[-half:]}"


def parse_visitors(text: str) -> tuple[Segment, ...]:
    """A Business Day's Visitors, e.g. ``AtSScAA`` (spaces between letters are ignored)."""
    segments = []
    for letter in text:
        if letter.isspace():
            continue
        try:
            segments.append(Segment(letter))
        except ValueError:
            raise NomiclandError(
                f"unknown market segment {letter!r} in {text.strip()!r}", VISITORS
            ) from None
    return tuple(segments)


def parse_license(text: str) -> IPLicense:
    """An IP License, ``Name (cA)``: a name and exactly two market segments."""
    match = _LICENSE.match(text.strip())
    if not match or not match["name"]:
        raise NomiclandError(
            f"IP License {text.strip()!r} is not written as Name (two segment letters)",
            LICENSING,
        )
    segments = parse_visitors(match["letters"])
    if len(segments) != 2:
        raise NomiclandError(
            f"IP License {text.strip()!r} has {len(segments)} market segments, not two",
            LICENSING,
        )
    return IPLicense(match["name"], segments)


def parse_building(text: str) -> Building:
    """One Building instance, ``Gift Shop`` or ``Gift Shop (Budget)``."""
    written = text.strip()
    name = _BUDGET_MARK.sub("", written)
    if not name:
        raise NomiclandError(f"Building {written!r} has no name", CONSTRUCTION)
    return Building(name, budget=name != written)


def parse_names(text: str) -> tuple[str, ...]:
    """A comma-separated list of names; an empty list may be written as nothing."""
    written = text.strip()
    if not written:
        return ()
    return tuple(part.strip() for part in written.split(","))


def parse_buildings(text: str) -> tuple[Building, ...]:
    """A Zone's Buildings line, ``Playpit, Gift Shop (Budget)``."""
    return tuple(parse_building(name) for name in parse_names(text))


# Whole-page checks.


def check_zones(
    zones: Sequence[Zone],
    *,
    buildings: Collection[str] | None = None,
    imagineers: Collection[str] | None = None,
) -> list[tuple[int, str, Problem]]:
    """What about the Zones breaks the Ruleset.

    ``buildings``: the Building names the Ruleset defines (None: not checked);
    ``imagineers``: every Imagineer, Idle or not (None: Operators not checked).
    Each problem comes with the index of its Zone in ``zones`` and the field it
    is about ("Name", "Operator", "Buildings", "Planned Buildings"), so a page
    can point at the line.
    """
    found: list[tuple[int, str, Problem]] = []
    seen: Counter[str] = Counter()
    known = {b.casefold() for b in buildings} if buildings is not None else None
    players = {p.casefold() for p in imagineers} if imagineers is not None else None
    for at, zone in enumerate(zones):
        seen[zone.name.casefold()] += 1
        if seen[zone.name.casefold()] == 2:
            found.append((at, "Name", Problem(f"two Zones are named {zone.name!r}", ZONES)))
        if players is not None and zone.operator and zone.operator.casefold() not in players:
            found.append(
                (
                    at,
                    "Operator",
                    Problem(
                        f"Zone {zone.name!r} is Operated by {zone.operator!r}, "
                        "who is not an Imagineer in the GNDT",
                        ZONES,
                    ),
                )
            )
        if known is None:
            continue
        for building in zone.buildings:
            if building.name.casefold() not in known:
                found.append(
                    (
                        at,
                        "Buildings",
                        Problem(
                            f"Zone {zone.name!r} has {building.name!r}, which is not a "
                            "Building in the Ruleset",
                            CONSTRUCTION,
                        ),
                    )
                )
        for name in zone.planned:
            if name.casefold() not in known:
                found.append(
                    (
                        at,
                        "Planned Buildings",
                        Problem(
                            f"Zone {zone.name!r} plans {name!r}, which is not a Building "
                            "in the Ruleset",
                            PLANNING,
                        ),
                    )
                )
    return found


def check_player_rows(
    rows: Sequence[PlayerRow], *, business_days: int | None = None
) -> list[tuple[int, str, Problem]]:
    """What about the GNDT rows breaks the Ruleset, each with its row's index and column.

    ``business_days``: how many Business Days exist, the highest LBD possible
    (None: unknown, so only a negative LBD is a problem).
    """
    found: list[tuple[int, str, Problem]] = []
    seen: Counter[str] = Counter()
    for at, row in enumerate(rows):
        seen[row.name.casefold()] += 1
        if seen[row.name.casefold()] == 2:
            found.append((at, "name", Problem(f"{row.name} has two rows", BUDGET)))
        if row.budget < 0:
            found.append((at, "Budget", Problem(f"{row.name}'s Budget is {row.budget}", BUDGET)))
        if row.debt > 0:
            found.append((at, "Debt", Problem(f"{row.name}'s Debt is {row.debt}", DEBT)))
        if row.lbd < 0 or (business_days is not None and row.lbd > business_days):
            found.append(
                (
                    at,
                    "LBD",
                    Problem(
                        f"{row.name}'s LBD is {row.lbd}, but there "
                        + (
                            "is 1 Business Day"
                            if business_days == 1
                            else f"are {business_days or 0} Business Days"
                        ),
                        LBD,
                    ),
                )
            )
    return found
