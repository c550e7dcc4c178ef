"""The Nomicland wiki page: Zones and the Business Day queue, read and written losslessly.

Format (ARCHITECTURE.md section 3), one ``== Zone Name ==`` section per Zone::

    == The Kevan Zone ==
    * Operator: Kevan
    * IP License: Mouse Empire (cA)
    * Buildings: Playpit, Gift Shop (Budget)
    * Planned Buildings: Lagoon

    == Visitors ==
    # AtSScAA
    # ccctcS
    #

Every other level-2 section is a Zone too, as rule "Zones" says. The bot only
ever rewrites the value part of a field line or queue item it changes, or adds
lines; prose, comments, templates and fields it does not know are left byte
for byte. A page with problems is reported, never edited by guesswork.

The page is read through :mod:`wikibot.wiki.wikitext` (:class:`WikiLines`, which
this module re-exports). Reading is :meth:`NomiclandPage.from_wikitext`; writing
is :meth:`NomiclandPage.render`, which every editing operation goes through.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from gamestate.dynasties.nomicland import (
    VISITORS,
    ZONES,
    BusinessDay,
    NomiclandError,
    Problem,
    RuleClause,
    Segment,
    Zone,
    check_zones,
    parse_buildings,
    parse_license,
    parse_names,
    parse_visitors,
)
from wikibot.errors import WikiError
from wikibot.wiki.wikitext import WikiHeading, WikiLine, WikiLines, opaque_spans, plain

__all__ = [
    "SEED_WIKITEXT",
    "NomiclandPage",
    "WikiHeading",
    "WikiLine",
    "WikiLines",
    "opaque_spans",
    "plain",
]

SEED_WIKITEXT = """\
This page tracks the theme park of the current dynasty, '''Nomicland'''. Each Zone has \
its own section below (rule "Zones"); the queue of Visitors for each Business Day is in \
the Visitors section (rule "Visitors").

<!-- A Zone looks like this (remove the comment marks when copying):
== The Example Zone ==
* Operator: Name
* IP License: Name (cA)
* Buildings: Playpit, Gift Shop (Budget)
* Planned Buildings: Lagoon
-->

== Visitors ==
"""
"""The page as the sandbox seeds it: intro prose and an empty Visitors section."""


_Report = Callable[[int, str, RuleClause], None]


_FIELD = re.compile(
    r"^\*\s*(?P<label>Operator|IP Licen[cs]e|Buildings|Planned Buildings)\s*:(?P<space>[ \t]*)",
    re.IGNORECASE,
)
_ITEM = re.compile(r"^#(?![#*:;])(?P<space>[ \t]*)")
_NO_OPERATOR = {"", "none", "(none)", "-", "\u2014"}
_LABELS = {
    "operator": "Operator",
    "buildings": "Buildings",
    "planned buildings": "Planned Buildings",
}


def _label(written: str) -> str:
    key = written.lower()
    return _LABELS.get(key, "IP License")


@dataclass(frozen=True)
class _Value:
    """Where a field's or queue item's value sits in its line."""

    line: int
    """Line index."""
    begin: int
    """Offset in the line where the value starts (after the label and its space)."""
    end: int
    """Offset in the line where the value ends (before comments and trailing space)."""
    label_end: int
    """Offset just after the label's colon or the item's ``#``."""
    raw: str
    """The value as written."""


@dataclass(frozen=True)
class _ZoneLayout:
    heading: int
    end: int
    fields: dict[str, _Value]


def _value_at(lines: WikiLines, index: int, match: re.Match[str]) -> _Value:
    line = lines.lines[index]
    live = line.live
    raw = live[match.end() :].rstrip()
    return _Value(index, match.end(), match.end() + len(raw), match.start("space"), raw)


@dataclass(frozen=True)
class NomiclandPage:
    """The Nomicland page as read: its Zones, its Business Day queue, and its problems."""

    title: str
    """The wiki page title."""
    text: str
    """The wikitext as read."""
    zones: tuple[Zone, ...]
    """Every Zone, in page order."""
    business_days: tuple[BusinessDay, ...]
    """The Business Day queue, day 1 first."""
    problems: tuple[Problem, ...]
    """What on the page breaks the Ruleset; the bot does not edit a page with problems."""
    _lines: WikiLines = field(repr=False, compare=False)
    _zones: tuple[_ZoneLayout, ...] = field(repr=False, compare=False)
    _days: tuple[_Value, ...] = field(repr=False, compare=False)
    _visitors: tuple[int, int] | None = field(repr=False, compare=False)

    @classmethod
    def from_wikitext(
        cls, text: str, *, title: str = "Nomicland", buildings: Sequence[str] | None = None
    ) -> NomiclandPage:
        """Reads the page; ``buildings`` are the Ruleset's Building names, if known."""
        lines = WikiLines(text)
        problems: list[Problem] = []

        def report(index: int, message: str, clause: RuleClause) -> None:
            problems.append(Problem(message, clause, title, lines.lines[index].number))

        zones: list[Zone] = []
        layouts: list[_ZoneLayout] = []
        days: list[BusinessDay] = []
        day_values: list[_Value] = []
        visitors: tuple[int, int] | None = None
        for heading, end in lines.sections(2):
            if heading.title.casefold() == "visitors":
                if visitors is not None:
                    report(heading.index, "a second Visitors section", VISITORS)
                    continue
                visitors = (heading.index, end)
                for index in range(heading.index + 1, end):
                    match = _ITEM.match(lines.lines[index].live)
                    if not match:
                        continue
                    value = _value_at(lines, index, match)
                    try:
                        segments = parse_visitors(value.raw)
                    except NomiclandError as exc:
                        report(index, f"Business Day {len(days) + 1}: {exc}", exc.clause)
                        segments = ()
                    days.append(BusinessDay(len(days) + 1, segments))
                    day_values.append(value)
                continue
            zone, layout = cls._read_zone(lines, heading, end, report)
            zones.append(zone)
            layouts.append(layout)
        for at, what, problem in check_zones(zones, buildings=buildings):
            where = layouts[at].fields.get(what)
            report(where.line if where else layouts[at].heading, problem.message, problem.clause)
        problems.sort(key=lambda p: p.line)
        return cls(
            title,
            text,
            tuple(zones),
            tuple(days),
            tuple(problems),
            lines,
            tuple(layouts),
            tuple(day_values),
            visitors,
        )

    @staticmethod
    def _read_zone(
        lines: WikiLines, heading: WikiHeading, end: int, report: _Report
    ) -> tuple[Zone, _ZoneLayout]:
        fields: dict[str, _Value] = {}
        zone = Zone(heading.title)
        for index in range(heading.index + 1, end):
            match = _FIELD.match(lines.lines[index].live)
            if not match:
                continue
            label = _label(match["label"])
            if label in fields:
                report(index, f"Zone {zone.name!r} has a second {label} line", ZONES)
                continue
            value = _value_at(lines, index, match)
            fields[label] = value
            try:
                zone = _with_field(zone, label, value.raw)
            except NomiclandError as exc:
                report(index, f"Zone {zone.name!r}: {exc}", exc.clause)
        return zone, _ZoneLayout(heading.index, end, fields)

    # Questions.

    def zone(self, name: str) -> Zone | None:
        """The Zone called ``name`` (case-insensitive), if any."""
        for zone in self.zones:
            if zone.name.casefold() == name.casefold():
                return zone
        return None

    def zone_of(self, imagineer: str) -> Zone | None:
        """The first Zone ``imagineer`` Operates, if any."""
        for zone in self.zones:
            if zone.operator and zone.operator.casefold() == imagineer.casefold():
                return zone
        return None

    def line_of(self, zone: str, field: str = "Name") -> int:
        """The line number of a Zone's field line, or of its heading (0 if no such Zone)."""
        for found, layout in zip(self.zones, self._zones, strict=True):
            if found.name.casefold() == zone.casefold():
                value = layout.fields.get(field)
                return self._lines.lines[value.line if value else layout.heading].number
        return 0

    # Changes: each returns the new page text.

    def render(
        self,
        *,
        zones: Sequence[Zone] | None = None,
        business_days: Sequence[BusinessDay] | None = None,
    ) -> str:
        """The page text with ``zones`` and ``business_days`` written in.

        Each of ``zones`` replaces the Zone of the same name, or is added as a new
        section before the Visitors section; Zones not given are left as they are.
        ``business_days`` is the whole queue: it may grow and its Days may gain
        Visitors, but no rule removes a Business Day. With no arguments this gives
        back the text as read.
        """
        edits: dict[int, str] = {}
        inserts: dict[int, list[str]] = {}
        if zones is not None:
            self._render_zones(zones, edits, inserts)
        if business_days is not None:
            self._render_days(business_days, edits, inserts)
        if not edits and not inserts:
            return self.text
        if self.problems:
            raise WikiError(
                f"{self.title}: the page has {len(self.problems)} problem(s); fix them on the "
                f"wiki before nomicbot edits it. First: {_first(self.problems)}"
            )
        return _assemble(self._lines, edits, inserts)

    def replace_zone(self, zone: Zone) -> str:
        """The page with one Zone added or updated (matched by name)."""
        return self.render(zones=[zone])

    def add_business_day(self) -> str:
        """Rule "Visitors": the Boss begins a new Business Day (a new, empty item)."""
        return self.render(
            business_days=[*self.business_days, BusinessDay(len(self.business_days) + 1)]
        )

    def add_visitors(self, day: int, visitors: Sequence[Segment]) -> str:
        """Adds Visitors to Business Day ``day`` (rule "Licensing", "Focus Grouping")."""
        days = list(self.business_days)
        if not 1 <= day <= len(days):
            raise ValueError(f"there is no Business Day {day} (there are {len(days)})")
        days[day - 1] = replace(days[day - 1], visitors=days[day - 1].visitors + tuple(visitors))
        return self.render(business_days=days)

    # Rendering helpers.

    def _render_zones(
        self, zones: Sequence[Zone], edits: dict[int, str], inserts: dict[int, list[str]]
    ) -> None:
        # A Zone given exactly as it is on the page changes nothing.
        by_name = {z.name.casefold(): z for z in zones if z not in self.zones}
        for old, layout in zip(self.zones, self._zones, strict=True):
            new = by_name.pop(old.name.casefold(), old)
            if new == old:
                continue
            last = max([layout.heading, *(v.line for v in layout.fields.values())])
            for at, label in enumerate(_ORDER):
                before, after = _field_text(old, label), _field_text(new, label)
                if before == after:
                    continue
                value = layout.fields.get(label)
                if value is None:
                    # A new line goes in the format's order: before the next field present.
                    later = [layout.fields[k].line for k in _ORDER[at + 1 :] if k in layout.fields]
                    where = min(later) if later else last + 1
                    inserts.setdefault(where, []).append(f"* {label}: {after}\n")
                else:
                    edits[value.line] = _set_value(
                        self._lines, value, _extend(value, before, after)
                    )
        if by_name:
            at = self._visitors[0] if self._visitors else len(self._lines.lines)
            blocks = [_zone_block(z) for z in zones if z.name.casefold() in by_name]
            inserts.setdefault(at, []).extend(_separated(self._lines, at, blocks))

    def _render_days(
        self, days: Sequence[BusinessDay], edits: dict[int, str], inserts: dict[int, list[str]]
    ) -> None:
        if [d.number for d in days] != list(range(1, len(days) + 1)):
            raise ValueError("Business Days must be numbered 1, 2, 3... in order")
        if len(days) < len(self.business_days):
            raise ValueError("no rule removes a Business Day")
        for old, new, value in zip(self.business_days, days, self._days, strict=False):
            if old != new:
                edits[value.line] = _set_value(self._lines, value, str(new), item=True)
        fresh = [f"# {day}".rstrip() + "\n" for day in days[len(self.business_days) :]]
        if not fresh:
            return
        if self._days:
            inserts.setdefault(self._days[-1].line + 1, []).extend(fresh)
        elif self._visitors is not None:
            heading, end = self._visitors
            last = max(
                [heading]
                + [i for i in range(heading + 1, end) if self._lines.lines[i].text.strip()]
            )
            inserts.setdefault(last + 1, []).extend(fresh)
        else:
            at = len(self._lines.lines)
            inserts.setdefault(at, []).extend(
                _separated(self._lines, at, ["== Visitors ==\n" + "".join(fresh)])
            )


def _with_field(zone: Zone, label: str, raw: str) -> Zone:
    """The Zone with one field read from its written value."""
    text = plain(raw)
    if raw.strip() and not text:
        raise NomiclandError(f"the {label} {raw.strip()!r} cannot be read as plain text", ZONES)
    if label == "Operator":
        if text.casefold() in _NO_OPERATOR:
            return replace(zone, operator=None)
        if "," in text or " and " in text:
            raise NomiclandError(f"more than one Operator: {text!r}", ZONES)
        return replace(zone, operator=text)
    if label == "IP License":
        if text.casefold() in _NO_OPERATOR:
            return replace(zone, ip_license=None)
        return replace(zone, ip_license=parse_license(text))
    if label == "Buildings":
        return replace(zone, buildings=parse_buildings(text))
    return replace(zone, planned=parse_names(text))


def _field_text(zone: Zone, label: str) -> str:
    if label == "Operator":
        return zone.operator or ""
    if label == "IP License":
        return str(zone.ip_license) if zone.ip_license else ""
    if label == "Buildings":
        return ", ".join(str(b) for b in zone.buildings)
    return ", ".join(zone.planned)


def _extend(value: _Value, before: str, after: str) -> str:
    """Appending to a list keeps the human's way of writing the existing part."""
    if before and after.startswith(before + ", ") and plain(value.raw) == before:
        return value.raw + after[len(before) :]
    return after


def _set_value(lines: WikiLines, value: _Value, new: str, *, item: bool = False) -> str:
    line = lines.lines[value.line]
    text = line.text
    if not new and not item:
        return text[: value.label_end] + text[value.end :] + line.newline
    begin = value.begin if value.begin > value.label_end else value.label_end
    lead = "" if value.begin > value.label_end else " "
    return text[:begin] + lead + new + text[value.end :] + line.newline


_ORDER = ("Operator", "IP License", "Buildings", "Planned Buildings")
"""The field lines of a Zone, in the format's order (ARCHITECTURE.md section 3)."""


def _zone_block(zone: Zone) -> str:
    """A new Zone's section: a line is omitted when its value is empty."""
    out = [f"== {zone.name} ==\n"]
    for label in _ORDER:
        written = _field_text(zone, label)
        if written:
            out.append(f"* {label}: {written}".rstrip() + "\n")
    return "".join(out)


def _separated(lines: WikiLines, at: int, blocks: list[str]) -> list[str]:
    """Blocks to insert before line ``at``, each followed by a blank line."""
    out = []
    previous = lines.lines[at - 1] if at > 0 else None
    if previous is not None and previous.text.strip():
        out.append("\n")
    for i, block in enumerate(blocks):
        last = i == len(blocks) - 1
        out.append(block + ("" if last and at >= len(lines.lines) else "\n"))
    return out


def _assemble(lines: WikiLines, edits: dict[int, str], inserts: dict[int, list[str]]) -> str:
    out: list[str] = []
    for index, line in enumerate(lines.lines):
        out.extend(inserts.get(index, ()))
        out.append(edits.get(index, line.text + line.newline))
    if inserts.get(len(lines.lines)) and not lines.lines[-1].newline and lines.lines[-1].text:
        out.append("\n")  # MediaWiki strips the page's final newline
    out.extend(inserts.get(len(lines.lines), ()))
    return "".join(out)


def _first(problems: Sequence[object], width: int = 300) -> str:
    """The first problem, cut to one readable line (a problem may quote an editor's text)."""
    text = " ".join(str(problems[0]).split())
    return text if len(text) <= width else f"{text[: width - 1]}… ({len(text):,} characters)"
