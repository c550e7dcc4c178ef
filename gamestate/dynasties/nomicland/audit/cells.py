"""The gamestate pages read as cells, and two readings diffed cell by cell.

A cell is named as issue 20 names them: ``Gamestate/NAME/COLUMN`` (and ``Gamestate/NAME``
for the row itself), ``Nomicland/ZONE`` (the section), ``Nomicland/ZONE/FIELD`` (Operator,
IP License, Buildings, Planned Buildings) and ``Nomicland/Visitors/N``; text the bot does not
own is one cell per page, ``PAGE/text``. Values are canonical strings (``"Playpit, Gift Shop
(Budget)"``, ``"-250"``, ``"AtS"``), so that two ways of writing one value compare equal; a
value the Ruleset cannot read is kept as written, so it compares unequal to any value the
rules give.

This is a pure reader of the formats of ARCHITECTURE.md section 3 (the bot's writers live in
``wikibot.wiki.pages``); it reads the same lines: level-2 sections, ``* Label: value`` fields,
``#`` queue items, the first table with a Budget column, comments dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from gamestate.dynasties.nomicland.audit.inputs import GAMESTATE, NOMICLAND
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.models import (
    BUDGET,
    DEBT,
    LBD,
    SMILES,
    Building,
    BusinessDay,
    NomiclandError,
    PlayerRow,
    Problem,
    RuleClause,
    Segment,
    Zone,
    parse_buildings,
    parse_integer,
    parse_license,
    parse_names,
    parse_visitors,
)

__all__ = [
    "COLUMNS",
    "FIELDS",
    "buildings_cell",
    "CellChange",
    "PageRead",
    "diff",
    "economy_cells",
    "is_gamestate_cell",
    "read_gamestate",
    "read_nomicland",
]

COLUMNS = ("Budget", "Debt", "Smiles", "LBD")
"""The GNDT columns the Ruleset names."""
FIELDS = ("Operator", "IP License", "Buildings", "Planned Buildings")
"""A Zone's field lines, in the format's order."""
_CLAUSES: Mapping[str, RuleClause] = {"Budget": BUDGET, "Debt": DEBT, "Smiles": SMILES, "LBD": LBD}
_DEFAULTS = {"Budget": 0, "Debt": 0, "Smiles": 10}


@dataclass(frozen=True)
class PageRead:
    """One page's text read into cells (and, where readable, the models)."""

    cells: Mapping[str, str]
    """Cell name -> canonical value."""
    zones: tuple[Zone, ...] = ()
    """The Zones (Nomicland)."""
    days: tuple[BusinessDay, ...] = ()
    """The Business Day queue (Nomicland)."""
    rows: tuple[PlayerRow, ...] = ()
    """The GNDT rows (Gamestate)."""
    problems: tuple[Problem, ...] = field(default=())
    """Values the Ruleset does not allow, with the line."""


@dataclass(frozen=True)
class CellChange:
    """One cell's value before and after (None: absent)."""

    cell: str
    """The cell's name."""
    old: str | None
    """Its value in the parent revision."""
    new: str | None
    """Its value in this revision."""

    @property
    def page(self) -> str:
        """The page's role."""
        return self.cell.split("/", 1)[0]


# Wikitext, as much as the two formats need.

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
_EXTERNAL = re.compile(r"\[(?:https?:)?//\S+\s*([^\]]*)\]")
_TEMPLATE = re.compile(r"\{\{[^{}]*\}\}")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_HEADING = re.compile(r"^(={2,6})\s*(.*?)\s*\1\s*$")
_FIELD = re.compile(
    r"^\*\s*(Operator|IP Licen[cs]e|Buildings|Planned Buildings)\s*:(.*)$", re.IGNORECASE
)
_ITEM = re.compile(r"^#(?![#*:;])(.*)$")
_NO_ONE = {"", "none", "(none)", "-", "\u2014"}


def _uncommented(text: str) -> str:
    """The text with comments removed, keeping their line breaks."""
    return _COMMENT.sub(lambda m: "\n" * m.group().count("\n"), text)


_MARKUP = frozenset("[{<'")


def plain(text: str) -> str:
    """A value as a player reads it: links as their labels, no templates, tags or quotes."""
    if _MARKUP.isdisjoint(text):
        return " ".join(text.split())
    out = _LINK.sub(r"\1", text)
    out = _EXTERNAL.sub(r"\1", out)
    while _TEMPLATE.search(out):
        out = _TEMPLATE.sub("", out)
    out = _TAG.sub("", out).replace("'''", "").replace("''", "")
    return " ".join(out.split())


def _label(written: str) -> str:
    key = written.casefold()
    if key.startswith("ip licen"):
        return "IP License"
    return next(f for f in FIELDS if f.casefold() == key)


# The Nomicland page.


def read_nomicland(text: str) -> PageRead:
    """The Zones, their fields and the Visitors queue as cells."""
    cells: dict[str, str] = {}
    other: list[str] = []
    problems: list[Problem] = []
    zones: list[Zone] = []
    days: list[BusinessDay] = []
    section: str | None = None
    zone: Zone | None = None
    lines = _uncommented(text).split("\n")

    def close() -> None:
        if zone is not None:
            zones.append(zone)

    for number, line in enumerate(lines, start=1):
        heading = _HEADING.match(line.strip())
        if heading and len(heading.group(1)) == 2:
            close()
            title = plain(heading.group(2))
            zone = None
            if title.casefold() == "visitors":
                section = "visitors"
            else:
                section = "zone"
                zone = Zone(title)
                cells[f"{NOMICLAND}/{title}"] = title
                for name in FIELDS:
                    cells[f"{NOMICLAND}/{title}/{name}"] = ""
            continue
        if section == "visitors":
            item = _ITEM.match(line)
            if item:
                n = len(days) + 1
                raw = plain(item.group(1))
                try:
                    visitors = parse_visitors(raw)
                except NomiclandError as exc:
                    problems.append(Problem(str(exc), exc.clause, NOMICLAND, number))
                    cells[f"{NOMICLAND}/Visitors/{n}"] = raw
                    days.append(BusinessDay(n))
                    continue
                days.append(BusinessDay(n, visitors))
                cells[f"{NOMICLAND}/Visitors/{n}"] = "".join(map(_LETTER.__getitem__, visitors))
                continue
        if section == "zone" and zone is not None:
            found = _FIELD.match(line.strip())
            if found:
                label = _label(found.group(1))
                raw = plain(found.group(2))
                key = f"{NOMICLAND}/{zone.name}/{label}"
                try:
                    zone, value = _zone_field(zone, label, raw)
                except NomiclandError as exc:
                    problems.append(Problem(str(exc), exc.clause, NOMICLAND, number))
                    value = raw
                cells[key] = value
                continue
        other.append(line.rstrip())
    close()
    cells[f"{NOMICLAND}/text"] = "\n".join(other).strip()
    return PageRead(cells, zones=tuple(zones), days=tuple(days), problems=tuple(problems))


def _zone_field(zone: Zone, label: str, raw: str) -> tuple[Zone, str]:
    if label == "Operator":
        operator = None if raw.casefold() in _NO_ONE else raw
        return _with(zone, operator=operator), operator or ""
    if label == "IP License":
        license_ = None if raw.casefold() in _NO_ONE else parse_license(raw)
        return _with(zone, ip_license=license_), str(license_) if license_ else ""
    if label == "Buildings":
        buildings = parse_buildings(raw)
        return _with(zone, buildings=buildings), buildings_cell(buildings)
    planned = parse_names(raw)
    return _with(zone, planned=planned), ", ".join(planned)


def _with(zone: Zone, **values: object) -> Zone:
    return replace(zone, **values)  # type: ignore[arg-type]


# The Gamestate page.

_TABLE_OPEN = re.compile(r"^\s*\{\|")
_TABLE_CLOSE = re.compile(r"^\s*\|\}")


def _split(line: str, header: bool) -> list[str]:
    """A table line's cells (without the leading ``|`` or ``!``), attributes dropped."""
    body = line.strip()[1:]
    pattern = r"\|\||!!" if header else r"\|\|"
    parts: list[str] = []
    depth = 0
    current = ""
    i = 0
    while i < len(body):
        two = body[i : i + 2]
        if two in ("[[", "{{"):
            depth += 1
        elif two in ("]]", "}}") and depth:
            depth -= 1
        if depth == 0 and re.match(pattern, two):
            parts.append(current)
            current = ""
            i += 2
            continue
        current += body[i]
        i += 1
    parts.append(current)
    return [_value(p) for p in parts]


def _value(cell: str) -> str:
    """A cell's value: the part after ``attributes |`` (outside links and templates)."""
    depth = 0
    for i, ch in enumerate(cell):
        two = cell[i : i + 2]
        if two in ("[[", "{{"):
            depth += 1
        elif two in ("]]", "}}") and depth:
            depth -= 1
        elif ch == "|" and depth == 0:
            return cell[i + 1 :].strip()
    return cell.strip()


def read_gamestate(text: str, *, days: int = 0) -> PageRead:
    """The GNDT table's rows as cells; ``days``: the Business Days a blank LBD defaults to."""
    lines = _uncommented(text).split("\n")
    cells: dict[str, str] = {}
    other: list[str] = []
    problems: list[Problem] = []
    rows: list[PlayerRow] = []
    header: list[str] = []
    block: list[str] = []
    blocks: list[tuple[int, list[str]]] = []
    state = "out"  # out, table, done
    start = 0
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if state == "out" and _TABLE_OPEN.match(line):
            state, header, block, blocks, start = "table", [], [], [], number
            continue
        if state != "table":
            other.append(line.rstrip())
            continue
        if _TABLE_CLOSE.match(line):
            if block:
                blocks.append((start, block))
            if any(h.casefold() == "budget" for h in header):
                state = "done"
            else:  # not the GNDT: keep looking
                other.extend(["{|", *header, "|}"])
                state = "out"
            continue
        if stripped.startswith("|-"):
            if block:
                blocks.append((start, block))
            block, start = [], number + 1
        elif stripped.startswith("|+"):
            continue
        elif stripped.startswith("!"):
            header.extend(plain(c) for c in _split(stripped, True))
        elif stripped.startswith("|"):
            block.extend(_split(stripped, False))
    if state == "done":
        index = {
            c: next((i for i, h in enumerate(header) if h.casefold() == c.casefold()), -1)
            for c in COLUMNS
        }
        used = set(index.values())
        name_at = next((i for i in range(len(header)) if i not in used), 0)
        for number, values in blocks:
            row = _row(values, header, index, name_at, days, number, cells, problems)
            if row is not None:
                rows.append(row)
    cells[f"{GAMESTATE}/text"] = "\n".join(other).strip()
    return PageRead(cells, rows=tuple(rows), problems=tuple(problems))


def _row(
    values: list[str],
    header: list[str],
    index: Mapping[str, int],
    name_at: int,
    days: int,
    number: int,
    cells: dict[str, str],
    problems: list[Problem],
) -> PlayerRow | None:
    name = plain(values[name_at]) if name_at < len(values) else ""
    if not name:
        return None
    cells[f"{GAMESTATE}/{name}"] = name
    numbers: dict[str, int] = {}
    for column in COLUMNS:
        at = index[column]
        written = plain(values[at]) if 0 <= at < len(values) else ""
        key = f"{GAMESTATE}/{name}/{column}"
        if not written:
            numbers[column] = days if column == "LBD" else _DEFAULTS[column]
            cells[key] = str(numbers[column])
            continue
        try:
            numbers[column] = parse_integer(written, f"{name}'s {column}", _CLAUSES[column])
        except NomiclandError as exc:
            problems.append(Problem(str(exc), exc.clause, GAMESTATE, number))
            cells[key] = written
            numbers[column] = days if column == "LBD" else _DEFAULTS[column]
            continue
        cells[key] = str(numbers[column])
    for at, heading in enumerate(header):
        if at == name_at or heading in COLUMNS or at >= len(values):
            continue
        cells[f"{GAMESTATE}/{name}/{heading or at}"] = plain(values[at])
    return PlayerRow(name, numbers["Budget"], numbers["Debt"], numbers["Smiles"], numbers["LBD"])


# Cells of the ledger's economy, and diffs.


_LETTER = {s: s.value for s in Segment}
_CACHE: dict[int, tuple[Economy, dict[str, str]]] = {}


def economy_cells(state: Economy) -> dict[str, str]:
    """The cells the economy's values give (no ``text`` cells: the ledger holds no prose)."""
    # The walk asks about the same state several times: remembered by identity.
    known = _CACHE.get(id(state))
    if known is not None and known[0] is state:
        return known[1]
    cells = _economy_cells(state)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(state)] = (state, cells)
    return cells


def _economy_cells(state: Economy) -> dict[str, str]:
    cells: dict[str, str] = {}
    for p in state.players:
        cells[f"{GAMESTATE}/{p.name}"] = p.name
        cells[f"{GAMESTATE}/{p.name}/Budget"] = str(p.budget)
        cells[f"{GAMESTATE}/{p.name}/Debt"] = str(p.debt)
        cells[f"{GAMESTATE}/{p.name}/Smiles"] = str(p.smiles)
        cells[f"{GAMESTATE}/{p.name}/LBD"] = str(p.lbd)
    for z in state.zones:
        cells[f"{NOMICLAND}/{z.name}"] = z.name
        cells[f"{NOMICLAND}/{z.name}/Operator"] = z.operator or ""
        cells[f"{NOMICLAND}/{z.name}/IP License"] = str(z.ip_license) if z.ip_license else ""
        cells[f"{NOMICLAND}/{z.name}/Buildings"] = buildings_cell(z.buildings)
        cells[f"{NOMICLAND}/{z.name}/Planned Buildings"] = ", ".join(z.planned)
    letter = _LETTER.__getitem__
    for d in state.days:
        cells[f"{NOMICLAND}/Visitors/{d.number}"] = "".join(map(letter, d.visitors))
    return cells


def buildings_cell(buildings: Sequence[Building]) -> str:
    """A Zone's Buildings as a cell: in alphabetical order, since the order they are listed
    in (or were constructed in) is no gamestate: a list reordered is no change."""
    return ", ".join(sorted(str(b) for b in buildings))


def is_gamestate_cell(cell: str) -> bool:
    """Whether the cell holds gamestate (not prose, not a column the Ruleset does not name)."""
    parts = cell.split("/")
    if parts[-1] == "text" and len(parts) == 2:
        return False
    if parts[0] == GAMESTATE and len(parts) == 3:
        return parts[2] in COLUMNS
    return True


def diff(old: Mapping[str, str], new: Mapping[str, str]) -> list[CellChange]:
    """Every cell whose value differs, in the new reading's order, then removed cells."""
    changes = [CellChange(c, old.get(c), v) for c, v in new.items() if old.get(c) != v]
    changes += [CellChange(c, v, None) for c, v in old.items() if c not in new]
    return changes
