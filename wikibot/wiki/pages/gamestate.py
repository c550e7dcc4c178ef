"""The Gamestate page (the GNDT's successor): one table row per Imagineer.

Format (ARCHITECTURE.md section 3), a sortable wikitable::

    {| class="wikitable sortable"
    ! Imagineer !! Budget !! Debt !! Smiles !! LBD
    |-
    | Kevan || 1200 || -3000 || 14 || 2
    |-
    | Josh || 0 || 0 || 10 ||
    |}

A blank cell holds the Ruleset's default (Budget 0, Debt 0, Smiles 10, LBD the
highest-numbered Business Day or 0). Columns humans add (notes, colours) and
cells written one per line are kept; the bot rewrites only the cells whose
value changes, and adds rows before the table's closing ``|}``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from gamestate.dynasties.nomicland import (
    BUDGET,
    DEBT,
    LBD,
    SMILES,
    NomiclandError,
    PlayerRow,
    Problem,
    RuleClause,
    check_player_rows,
    parse_integer,
)
from rules_text.terms import Terms
from wikibot.errors import WikiError
from wikibot.wiki.wikitext import SpanKind, WikiLines, plain

__all__ = ["COLUMNS", "SEED_WIKITEXT", "GamestatePage", "seed_wikitext"]

COLUMNS = ("Budget", "Debt", "Smiles", "LBD")
"""The GNDT columns the Ruleset names, in the order the seed table has them."""

_CLAUSES: dict[str, RuleClause] = {"Budget": BUDGET, "Debt": DEBT, "Smiles": SMILES, "LBD": LBD}
_ATTRIBUTE = {"Budget": "budget", "Debt": "debt", "Smiles": "smiles", "LBD": "lbd"}


def seed_wikitext(terms: Terms | None = None) -> str:
    """A new page: the sortable table's header and no rows, its first column named
    for the dynasty's players (``[game] terms``: "Imagineer" in Ruleset 139)."""
    player = (terms or Terms()).player
    return (
        f"This is the gamestate of the current dynasty (the GNDT): one row per {player}. "
        "A blank cell holds the Ruleset's default: Budget 0, Debt 0, Smiles 10, and LBD the "
        'highest-numbered Business Day (rules "Budget", "Smiles" and "Visitors").\n'
        "\n"
        '{| class="wikitable sortable"\n'
        f"! {player} !! {' !! '.join(COLUMNS)}\n"
        "|}\n"
    )


SEED_WIKITEXT = seed_wikitext()
"""The page as the sandbox seeds it for Ruleset 139's Imagineers."""


@dataclass(frozen=True)
class _Cell:
    """Where one table cell's value sits."""

    line: int
    """Line index."""
    begin: int
    """Offset in the line where the value starts."""
    end: int
    """Offset in the line where the value ends (before a comment or trailing space)."""
    raw: str
    """The value as written."""
    header: bool
    """A ``!`` cell."""


@dataclass(frozen=True)
class _Row:
    cells: tuple[_Cell, ...]
    last_line: int


def _split_cells(
    text: str, index: int, offset: int, header: bool, opaque: Sequence[tuple[int, int, bool]]
) -> list[_Cell]:
    """The cells of one table line, from ``offset`` (just past the leading ``|`` or ``!``).

    ``opaque`` are the line's comments, raw tags and templates (start, end, is_comment),
    as :mod:`wikibot.wiki.wikitext` finds them: a ``||`` inside one does not split cells,
    and a comment ends the value of its cell.
    """
    separators = ("||", "!!") if header else ("||",)
    skip = {start: (end, is_comment) for start, end, is_comment in opaque}
    cells: list[_Cell] = []
    depth = 0
    begin = offset
    attr_end: int | None = None
    comment_at: int | None = None
    at = offset
    while at <= len(text):
        if at in skip:
            end, is_comment = skip[at]
            if is_comment and comment_at is None:
                comment_at = at
            at = min(max(end, at + 1), len(text))
            continue
        if at == len(text) or (depth == 0 and text.startswith(separators, at)):
            value_from = attr_end if attr_end is not None else begin
            value_to = comment_at if comment_at is not None else min(at, len(text))
            written = text[value_from:value_to]
            lead = len(written) - len(written.lstrip())
            raw = written.strip()
            start = value_from + lead
            cells.append(_Cell(index, start, start + len(raw), raw, header))
            at += 2
            begin, attr_end, comment_at = at, None, None
            continue
        pair = text[at : at + 2]
        if pair == "[[":
            depth += 1
            at += 2
        elif pair == "]]" and depth:
            depth -= 1
            at += 2
        elif text[at] == "|" and depth == 0 and attr_end is None and comment_at is None:
            attr_end = at + 1  # ``style="..." | value``
            at += 1
        else:
            at += 1
    return cells


_TABLE_OPEN = re.compile(r"^\s*\{\|")
_TABLE_CLOSE = re.compile(r"^\s*\|\}")


@dataclass(frozen=True)
class GamestatePage:
    """The Gamestate page as read: each Imagineer's row, and the page's problems."""

    title: str
    """The wiki page title."""
    text: str
    """The wikitext as read."""
    rows: tuple[PlayerRow, ...]
    """One row per Imagineer, in table order, blank cells read as their defaults."""
    columns: tuple[str, ...]
    """The table's column headings as written."""
    problems: tuple[Problem, ...]
    """What on the page breaks the Ruleset; the bot does not edit a page with problems."""
    _lines: WikiLines = field(repr=False, compare=False)
    _rows: tuple[_Row, ...] = field(repr=False, compare=False)
    _index: dict[str, int] = field(repr=False, compare=False)
    _close: int | None = field(repr=False, compare=False)
    terms: Terms = field(default_factory=Terms, repr=False, compare=False)
    """What the players are called: the first column of a table the bot creates."""

    @classmethod
    def from_wikitext(
        cls,
        text: str,
        *,
        title: str = "Gamestate",
        business_days: int | None = None,
        terms: Terms | None = None,
    ) -> GamestatePage:
        """Reads the page.

        ``business_days`` is the number of Business Days on the Nomicland page: a
        blank LBD defaults to it, and a higher LBD is a problem. None when not
        known: a blank LBD then reads as 0, and LBDs are not checked against it.
        ``terms`` name the players in a table the bot creates on a blank page.
        """
        terms = terms or Terms()
        lines = WikiLines(text)
        problems: list[Problem] = []
        table = _find_table(lines)
        if table is None:
            problem = Problem(
                "no table with Budget, Debt, Smiles and LBD columns", BUDGET, title, 0
            )
            return cls(title, text, (), (), (problem,), lines, (), {}, None, terms)
        header, body, close = table
        columns = tuple(plain(c.raw) for c in header)
        index = {}
        for name in COLUMNS:
            found = [i for i, c in enumerate(columns) if c.casefold() == name.casefold()]
            if found:
                index[name] = found[0]
            else:
                first = lines.lines[header[0].line].number
                problems.append(
                    Problem(f"the table has no {name} column", _CLAUSES[name], title, first)
                )
        index["name"] = min((i for i in range(len(columns)) if i not in index.values()), default=0)
        rows: list[PlayerRow] = []
        for row in body:
            rows.append(cls._read_row(lines, row, index, business_days, title, problems))
        for at, column, problem in check_player_rows(rows, business_days=business_days):
            cells = body[at].cells
            cell = cells[index[column]] if index.get(column, len(cells)) < len(cells) else None
            line = cell.line if cell else body[at].cells[0].line
            problems.append(
                Problem(problem.message, problem.clause, title, lines.lines[line].number)
            )
        problems.sort(key=lambda p: p.line)
        return cls(
            title,
            text,
            tuple(rows),
            columns,
            tuple(problems),
            lines,
            tuple(body),
            index,
            close,
            terms,
        )

    @staticmethod
    def _read_row(
        lines: WikiLines,
        row: _Row,
        index: dict[str, int],
        business_days: int | None,
        title: str,
        problems: list[Problem],
    ) -> PlayerRow:
        cells = row.cells
        name = plain(cells[index["name"]].raw) if index["name"] < len(cells) else ""
        values: dict[str, int] = {"lbd": business_days or 0}
        for column in COLUMNS:
            at = index.get(column)
            if at is None or at >= len(cells) or not plain(cells[at].raw):
                continue
            try:
                values[_ATTRIBUTE[column]] = parse_integer(
                    plain(cells[at].raw), f"{name}'s {column}", _CLAUSES[column]
                )
            except NomiclandError as exc:
                number = lines.lines[cells[at].line].number
                problems.append(Problem(str(exc), exc.clause, title, number))
        if not name:
            number = lines.lines[cells[0].line].number
            problems.append(Problem("a row has no Imagineer name", BUDGET, title, number))
        return PlayerRow(name, **values)

    def row(self, name: str) -> PlayerRow | None:
        """The row of the Imagineer called ``name`` (case-insensitive), if any."""
        for row in self.rows:
            if row.name.casefold() == name.casefold():
                return row
        return None

    def render(self, rows: Sequence[PlayerRow] = ()) -> str:
        """The page text with ``rows`` written in.

        Each row replaces the row of the same Imagineer, or is added at the end of
        the table; rows not given are left as they are. Only cells whose value
        changes are rewritten. With no rows this gives back the text as read.
        """
        # A row given exactly as it is on the page changes nothing.
        by_name = {r.name.casefold(): r for r in rows if r not in self.rows}
        if not by_name:
            return self.text
        if not self.text.strip():  # a blank page: the bot creates the table
            created = seed_wikitext(self.terms)
            return GamestatePage.from_wikitext(created, title=self.title).render(rows)
        if self.problems:
            raise WikiError(
                f"{self.title}: the page has {len(self.problems)} problem(s); fix them on the "
                f"wiki before nomicbot edits it. First: {_first(self.problems)}"
            )
        changes: dict[int, list[tuple[int, int, str]]] = {}
        for old, layout in zip(self.rows, self._rows, strict=True):
            new = by_name.pop(old.name.casefold(), old)
            if new != old:
                self._changes(old, new, layout, changes)
        appended = [self._new_row(new) for new in by_name.values()]
        out = []
        for i, line in enumerate(self._lines.lines):
            if i == self._close:
                out.extend(appended)
            text = line.text
            for begin, end, value in sorted(changes.get(i, ()), reverse=True):
                text = text[:begin] + value + text[end:]
            out.append(text + line.newline)
        return "".join(out)

    def _changes(
        self,
        old: PlayerRow,
        new: PlayerRow,
        layout: _Row,
        changes: dict[int, list[tuple[int, int, str]]],
    ) -> None:
        """Replacements (begin, end, text) per line for the cells that change."""
        missing: dict[int, str] = {}
        for column in COLUMNS:
            attribute = _ATTRIBUTE[column]
            if getattr(old, attribute) == getattr(new, attribute):
                continue
            at = self._index[column]
            value = str(getattr(new, attribute))
            if at >= len(layout.cells):
                missing[at] = value
                continue
            cell = layout.cells[at]
            text = self._lines.lines[cell.line].text
            if not cell.raw:  # an empty cell: keep one space either side of the value
                value = ("" if text[cell.begin - 1 : cell.begin].isspace() else " ") + value
                value += "" if text[cell.end : cell.end + 1] in ("", " ") else " "
            changes.setdefault(cell.line, []).append((cell.begin, cell.end, value))
        if missing:
            cells = [missing.get(at, "") for at in range(len(layout.cells), max(missing) + 1)]
            text = self._lines.lines[layout.last_line].text
            end = len(text.rstrip())
            added = "".join(f" || {c}" if c else " ||" for c in cells)
            changes.setdefault(layout.last_line, []).append((end, end, added))

    def _new_row(self, row: PlayerRow) -> str:
        cells = [""] * len(self.columns)
        cells[self._index["name"]] = row.name
        for column in COLUMNS:
            if column in self._index:
                cells[self._index[column]] = str(getattr(row, _ATTRIBUTE[column]))
        while len(cells) > 1 and not cells[-1]:
            cells.pop()
        return "|-\n| " + " || ".join(cells).replace("  ", " ") + "\n"


def _find_table(lines: WikiLines) -> tuple[tuple[_Cell, ...], list[_Row], int] | None:
    """The first table whose header names a Budget column: header, rows, closing line."""
    i = 0
    while i < len(lines.lines):
        line = lines.lines[i]
        if line.hidden or not _TABLE_OPEN.match(line.live):
            i += 1
            continue
        found = _read_table(lines, i)
        if found is not None:
            header, rows, close = found
            names = {plain(c.raw).casefold() for c in header}
            if "budget" in names:
                return header, rows, close
            i = close + 1
        else:
            return None
    return None


def _read_table(lines: WikiLines, start: int) -> tuple[tuple[_Cell, ...], list[_Row], int] | None:
    blocks: list[list[_Cell]] = [[]]
    lasts: list[int] = [start]
    depth = 0
    for i in range(start + 1, len(lines.lines)):
        line = lines.lines[i]
        if line.hidden:
            continue
        text = line.text
        stripped = text.lstrip()
        indent = len(text) - len(stripped)
        if _TABLE_OPEN.match(text):
            depth += 1
            continue
        if _TABLE_CLOSE.match(text):
            if depth:
                depth -= 1
                continue
            header = next((b for b in blocks if b and all(c.header for c in b)), [])
            rows = [
                _Row(tuple(b), last)
                for b, last in zip(blocks, lasts, strict=True)
                if b and b is not header
            ]
            return tuple(header), rows, i
        if depth:
            continue
        if stripped.startswith("|-"):
            blocks.append([])
            lasts.append(i)
        elif stripped.startswith("|+"):
            continue
        elif stripped.startswith(("|", "!")):
            opaque = _line_spans(lines, i)
            blocks[-1].extend(_split_cells(text, i, indent + 1, stripped.startswith("!"), opaque))
            lasts[-1] = i
    return None


def _line_spans(lines: WikiLines, index: int) -> list[tuple[int, int, bool]]:
    """The comments, raw tags and templates starting on line ``index``, line-relative."""
    line = lines.lines[index]
    stop = line.start + len(line.text)
    return [
        (s.start - line.start, s.end - line.start, s.kind is SpanKind.COMMENT)
        for s in lines.spans
        if s.is_opaque and line.start <= s.start < stop
    ]


def _first(problems: Sequence[object], width: int = 300) -> str:
    """The first problem, cut to one readable line (a problem may quote an editor's text)."""
    text = " ".join(str(problems[0]).split())
    return text if len(text) <= width else f"{text[: width - 1]}… ({len(text):,} characters)"
