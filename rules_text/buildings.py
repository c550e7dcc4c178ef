"""Building definitions, read from the subrules of the rule "Construction".

Construction: "Buildings are listed as sub rules of this rule and consist of a
Name (which is the title of the subrule), a positive integer Cost, a positive
integer Size, and an Effect." Each subrule reads::

    === Playpit ===
    Cost: 1000<br />
    Size: 1<br />
    Effect: +1 SMILE per Child visitor that Business Day.

A subrule that does not meet that definition (Ruleset 139's "Costumed
Character Rec Room" has "Size: 0") is reported as a ``BuildingProblem`` and
left out of the definitions, so nothing downstream prices a Building the
Ruleset does not actually define.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from rules_text.core.numbers import read_number
from rules_text.tree import Rule, Ruleset, normalise_name, plain_text

__all__ = [
    "CONSTRUCTION",
    "SEGMENTS",
    "BuildingCatalogue",
    "BuildingDefinition",
    "BuildingProblem",
    "buildings",
    "parse_requirement",
]

CONSTRUCTION = "Construction"
"""The rule whose subrules are the Buildings."""

SEGMENTS = ("c", "t", "A", "S")
"""Visitors: "Visitors come in four market segments: Child, Teen, Adult and Senior. These may
be written in shorthand as c, t, A and S respectively." """

_SEGMENT_WORDS = {
    "child": "c",
    "children": "c",
    "teen": "t",
    "teens": "t",
    "teenager": "t",
    "teenagers": "t",
    "adult": "A",
    "adults": "A",
    "senior": "S",
    "seniors": "S",
}
_MAX_VISITORS = 100
"""More Visitors than one Effect could ever require: a larger count is not a Building's."""
_FIELD = re.compile(r"^\s*(cost|size|effect)\s*:\s*(.*?)\s*$", re.IGNORECASE)
_INTEGER = re.compile(r"^[+-]?\d+$|^\d{1,3}(?:,\d{3})+$")
_BREAK = re.compile(r"<br\s*/?\s*>", re.IGNORECASE)
_REQUIRES = re.compile(r"\brequires\s+([^().;]*)", re.IGNORECASE)
_ITEM_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_ALTERNATIVE_SPLIT = re.compile(r"\s+or\s+|\s*/\s*", re.IGNORECASE)


@dataclass(frozen=True)
class BuildingDefinition:
    """A Building as its Construction subrule defines it."""

    name: str
    """"a Name (which is the title of the subrule)"."""
    cost: int
    """"a positive integer Cost": C in the costing equation (C + 500 * S + 1000 * X)."""
    size: int
    """"a positive integer Size", counted toward a Zone's total Size."""
    effect: str
    """The Effect as written, e.g. "+1 SMILE (requires one Child and one Senior)."."""
    requires: tuple[str, ...] = ()
    """Segment letters named in "(requires one Child, one Teen ...)", sorted with ``sorted``
    (so "A" and "S" before "c" and "t"); one letter per Visitor, so "two Adults" gives
    ``("A", "A")``. Empty when the Effect requires nothing. For an Effect offering a choice
    ("one Child or Teen") both letters appear: use ``is_satisfied_by`` to test a Day."""
    required_visitors: tuple[tuple[str, ...], ...] = ()
    """Each required Visitor as the segments that would do, in the Effect's order:
    "one Child or Teen and one Adult" is ``(("c", "t"), ("A",))``."""

    def is_satisfied_by(self, visitors: str) -> bool:
        """Whether a Business Day with these Visitors (e.g. "AtSScAA") "includes that set of
        Visitors" the Effect requires; always true when it requires none."""
        available = Counter(letter for letter in visitors if letter in SEGMENTS)
        return _assign(self.required_visitors, available)


@dataclass(frozen=True)
class BuildingProblem:
    """A Construction subrule that is not a valid Building, or a part of one nomicbot cannot
    read."""

    name: str
    """The subrule's title."""
    message: str
    """What is wrong, quoting the Ruleset."""

    def __str__(self) -> str:
        return f"{self.name}: {self.message}"


@dataclass(frozen=True)
class BuildingCatalogue:
    """Every Building the Ruleset defines, and every subrule that failed to define one."""

    definitions: tuple[BuildingDefinition, ...]
    """Valid Buildings, in Ruleset order."""
    problems: tuple[BuildingProblem, ...] = ()
    """Subrules left out (or read only in part), with the reason."""

    def get(self, name: str) -> BuildingDefinition | None:
        """The Building with this name, ignoring case and extra spaces; ``None`` if none."""
        found = self._by_name.get(name)
        if found is None and name not in self._by_name:
            found = self._by_key.get(normalise_name(name))
        return found

    @cached_property
    def _by_key(self) -> dict[str, BuildingDefinition]:
        """Each definition by its normalised name (the first of any two alike)."""
        index: dict[str, BuildingDefinition] = {}
        for definition in self.definitions:
            index.setdefault(normalise_name(definition.name), definition)
        return index

    @cached_property
    def _by_name(self) -> dict[str, BuildingDefinition | None]:
        """Each definition by its exact name: the lookup most callers make."""
        return {d.name: self._by_key.get(normalise_name(d.name)) for d in self.definitions}

    def is_building(self, name: str) -> bool:
        """Whether the Ruleset defines a valid Building with this name."""
        return self.get(name) is not None

    def names(self) -> tuple[str, ...]:
        """The Buildings' names, in Ruleset order."""
        return tuple(b.name for b in self.definitions)

    def __iter__(self) -> Iterator[BuildingDefinition]:
        return iter(self.definitions)

    def __len__(self) -> int:
        return len(self.definitions)


def buildings(ruleset: Ruleset, *, rule: str = CONSTRUCTION) -> BuildingCatalogue:
    """Read the Buildings listed as subrules of the rule "Construction".

    Raises ``RuleNotFound`` if the Ruleset has no such rule; a subrule that is
    not a valid Building becomes a ``BuildingProblem`` instead of an error.
    """
    definitions: list[BuildingDefinition] = []
    problems: list[BuildingProblem] = []
    seen: set[str] = set()
    for subrule in ruleset.find(rule).children:
        key = normalise_name(subrule.name)
        if key in seen:
            problems.append(
                BuildingProblem(subrule.name, "a Building with this name is already listed")
            )
            continue
        seen.add(key)
        definition, found = _read_building(subrule)
        problems.extend(found)
        if definition is not None:
            definitions.append(definition)
    return BuildingCatalogue(tuple(definitions), tuple(problems))


def _read_building(subrule: Rule) -> tuple[BuildingDefinition | None, list[BuildingProblem]]:
    name = subrule.name
    problems: list[BuildingProblem] = []
    fields = _fields(subrule.text)
    for label in ("cost", "size", "effect"):
        if label not in fields:
            problems.append(BuildingProblem(name, f"has no {label.title()}: line"))
    if problems:
        return None, problems
    cost = _positive_integer(name, "Cost", fields["cost"], problems)
    size = _positive_integer(name, "Size", fields["size"], problems)
    effect = fields["effect"]
    if not effect:
        problems.append(BuildingProblem(name, "has an empty Effect"))
    if cost is None or size is None or not effect:
        return None, problems
    required: list[tuple[str, ...]] = []
    for clause in _REQUIRES.findall(effect):
        try:
            required.extend(parse_requirement(clause))
        except ValueError as error:
            problems.append(BuildingProblem(name, str(error)))
    letters = tuple(sorted(letter for choice in required for letter in choice))
    definition = BuildingDefinition(name, cost, size, effect, letters, tuple(required))
    return definition, problems


def _fields(wikitext: str) -> dict[str, str]:
    """The Cost, Size and Effect lines of a Building subrule (an Effect may run on)."""
    lines = plain_text(_BREAK.sub("\n", wikitext)).split("\n")
    fields: dict[str, str] = {}
    current: str | None = None
    for line in lines:
        match = _FIELD.match(line)
        if match:
            current = match.group(1).lower()
            if current not in fields:
                fields[current] = match.group(2)
            else:
                current = None  # a repeated field: the first one counts
        elif current == "effect" and line.strip():
            fields["effect"] = f"{fields['effect']}\n{line.strip()}".strip()
        elif current != "effect":
            current = None
    return fields


def _positive_integer(
    name: str, label: str, value: str, problems: list[BuildingProblem]
) -> int | None:
    if not _INTEGER.match(value):
        problems.append(
            BuildingProblem(name, f"{label} is {value!r}, not a positive integer {label}")
        )
        return None
    number = int(value.replace(",", ""))
    if number <= 0:
        problems.append(
            BuildingProblem(
                name,
                f"{label} is {number}, but Construction says a Building has"
                f" “a positive integer {label}”",
            )
        )
        return None
    return number


def parse_requirement(clause: str) -> tuple[tuple[str, ...], ...]:
    """The Visitors an Effect "requires", one entry per Visitor.

    ``parse_requirement("one Child or Teen and one Adult") == (("c", "t"), ("A",))``.
    Raises ``ValueError`` for words that are not market segments.
    """
    required: list[tuple[str, ...]] = []
    for item in _ITEM_SPLIT.split(clause.strip()):
        if not item:
            continue
        words = item.split(maxsplit=1)
        count = 1
        # "two Adults", "2 Adults", "an Adult": the numbers as the core rules read them.
        number = read_number(words[0]) if len(words) > 1 or words[0].isdigit() else None
        if number is not None:
            count = number
            item = words[1] if len(words) > 1 else ""
        if count > _MAX_VISITORS or (number is None and words[0].isdigit()):
            shown = words[0] if len(words[0]) <= 12 else f"a number of {len(words[0]):,} digits"
            raise ValueError(
                f"cannot read which Visitors “requires ...” means: {shown} Visitors is more "
                f"than {_MAX_VISITORS}"
            )
        choice = tuple(_segment(word, clause) for word in _ALTERNATIVE_SPLIT.split(item))
        required.extend([choice] * count)
    if not required:
        raise ValueError(f"cannot read which Visitors “requires {clause}” means")
    return tuple(required)


def _segment(word: str, clause: str) -> str:
    key = word.strip().casefold()
    key = re.sub(r"\s+visitors?$", "", key)
    if key in _SEGMENT_WORDS:
        return _SEGMENT_WORDS[key]
    if word.strip() in SEGMENTS:
        return word.strip()
    raise ValueError(
        f"“requires {clause}” names {word.strip()!r}, which is not a market segment"
        " (Child, Teen, Adult or Senior)"
    )


def _assign(required: Sequence[tuple[str, ...]], available: Counter[str]) -> bool:
    """Whether each required Visitor can be a different Visitor of the Day."""
    if not required:
        return True
    first, rest = required[0], required[1:]
    for letter in dict.fromkeys(first):
        if available[letter] > 0:
            available[letter] -= 1
            found = _assign(rest, available)
            available[letter] += 1
            if found:
                return True
    return False
