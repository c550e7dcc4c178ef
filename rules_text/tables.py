"""Any gamestate table: every wikitable on a page, read by its header row.

A dynasty keeps its gamestate in wikitables ("Seeker | Development Interval |
Score", "Settler | Domains | Stockpile | Faction"). :func:`read_tables` reads
each table on a page as the wiki renders it:

* the header is the table's leading rows of header cells (``!``); with two
  (a group over its columns), a column is named ``Group / Column``;
* each later row is keyed by its first column (the player), or by the column
  named ``key``;
* ``rowspan`` and ``colspan`` fill every cell they cover, as on the page;
* a template in a cell is expanded from its text when the caller gives it
  (``templates``: name -> the Template page's wikitext; ``{{{1}}}`` and
  ``{{{name|default}}}`` are filled in), links show their label, bold and
  comments disappear;
* a cell's value is its text, and a number where it is one (:func:`number`).

A table that cannot be read (no header, no rows, a key column missing, a row
key twice, a table never closed) is named with the reason in ``warnings``,
never skipped in silence. Pure, and never raises on junk.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import mwparserfromhell
from mwparserfromhell.nodes import Heading, Tag, Template
from mwparserfromhell.wikicode import Wikicode

from rules_text.tree import plain_text, too_complex

__all__ = ["Table", "TableWarning", "Tables", "cell_text", "number", "read_tables"]

_NUMBER = re.compile(r"^[+\-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
_ARG = re.compile(r"\{\{\{\s*([^{}|]+?)\s*(?:\|([^{}]*))?\}\}\}")
_OPEN = re.compile(r"^\s*\{\|", re.M)
_MARKUP = re.compile(r"[\[\]{}<>'&_~=]")


def number(text: str) -> int | float | None:
    """``text`` as a number when it is one (``12``, ``-3``, ``−3``, ``1,000``, ``2.5``)."""
    t = text.strip()
    if not _NUMBER.match(t):
        return None
    t = t.replace(",", "").replace("−", "-")
    return float(t) if "." in t else int(t)


@dataclass(frozen=True)
class TableWarning:
    """A table (or part of one) nomicbot could not read, and why."""

    table: str
    """The table's name on its page."""
    reason: str
    """Why, for people."""

    def __str__(self) -> str:
        return f"table {self.table!r}: {self.reason}"


@dataclass(frozen=True)
class Table:
    """One wikitable, read."""

    name: str
    """Its caption, else the heading above it, else ``table N`` (N-th on the page)."""
    columns: tuple[str, ...]
    """The column names, from the header row(s), in page order."""
    key: str
    """The column whose cell names each row."""
    rows: Mapping[str, Mapping[str, str]]
    """Row key -> column -> the cell's text as the wiki renders it."""

    def value(self, row: str, column: str) -> int | float | str | None:
        """The cell's value: a number where it is one, else its text (None: no cell)."""
        text = self.rows.get(row, {}).get(column)
        if text is None:
            return None
        found = number(text)
        return text if found is None else found


@dataclass(frozen=True)
class Tables:
    """Every table on a page, and what could not be read."""

    tables: tuple[Table, ...] = ()
    """The tables read, in page order."""
    warnings: tuple[TableWarning, ...] = field(default_factory=tuple)
    """Each table, row or cell that could not be read, named with the reason."""

    def get(self, name: str) -> Table | None:
        """The table called ``name``, if any."""
        return next((t for t in self.tables if t.name == name), None)


def _fill(template: Template, body: str) -> str:
    """A template's text with its parameters filled in, as MediaWiki expands it."""
    params = {str(p.name).strip(): str(p.value).strip() for p in template.params}

    def arg(match: re.Match[str]) -> str:
        name, default = match.group(1).strip(), match.group(2)
        if name in params:
            return params[name]
        return default if default is not None else match.group(0)

    body = re.sub(r"<noinclude>.*?</noinclude>", "", body, flags=re.S)
    body = re.sub(r"</?includeonly>", "", body)
    return _ARG.sub(arg, body)


def cell_text(wikitext: str, templates: Mapping[str, str] = {}) -> tuple[str, tuple[str, ...]]:
    """A cell's text as the wiki shows it, and the templates it could not expand."""
    if not _MARKUP.search(wikitext):
        return " ".join(wikitext.split()), ()  # plain text: as written
    return _cell_text(wikitext, tuple(sorted(templates.items())))


@functools.lru_cache(maxsize=8192)
def _cell_text(wikitext: str, known: tuple[tuple[str, str], ...]) -> tuple[str, tuple[str, ...]]:
    if too_complex(wikitext):
        return " ".join(plain_text(wikitext).split()), ()  # read as text, tags dropped
    templates = dict(known)
    code = mwparserfromhell.parse(wikitext)
    unknown: list[str] = []
    for _ in range(5):  # templates in templates, a few levels deep
        found = code.filter_templates(recursive=False)
        if not found:
            break
        for t in found:
            name = str(t.name).strip()
            key = name[:1].upper() + name[1:].replace("_", " ")
            body = templates.get(key)
            if body is None:
                unknown.append(name)
                code.replace(t, str(t))  # kept as its source: never guessed
                continue
            code.replace(t, _fill(t, body))
        code = mwparserfromhell.parse(str(code))
        if all(str(t.name).strip() in unknown for t in code.filter_templates(recursive=False)):
            break
    shown = _shown(code)
    return " ".join(shown.split()), tuple(dict.fromkeys(unknown))


def _shown(code: Wikicode) -> str:
    """Plain text, a template left unexpanded kept as its source."""
    parts: list[str] = []
    last = 0
    text = str(code)
    for t in code.filter_templates(recursive=False):
        at = text.find(str(t), last)
        if at < 0:
            continue
        parts.append(plain_text(text[last:at]))
        parts.append(str(t))
        last = at + len(str(t))
    parts.append(plain_text(text[last:]))
    return "".join(parts)


@dataclass(frozen=True)
class _Raw:
    header: bool
    text: str
    rowspan: int
    colspan: int


def _span(tag: Tag, name: str) -> int:
    if not tag.has(name):
        return 1
    found = number(str(tag.get(name).value).strip().strip("\"'"))
    return max(1, min(int(found), 1000)) if isinstance(found, int) else 1


def _cell(tag: Tag) -> _Raw:
    return _Raw(tag.tag == "th", str(tag.contents), _span(tag, "rowspan"), _span(tag, "colspan"))


def _rows(table: Tag) -> tuple[list[list[_Raw]], str | None]:
    """The table's rows of cells (before spans), and its caption."""
    rows: list[list[_Raw]] = []
    caption: str | None = None
    current: list[_Raw] = []
    for node in table.contents.nodes:
        if not isinstance(node, Tag):
            continue
        if node.tag == "tr":
            if current:
                rows.append(current)
            current = []
            for inner in node.contents.nodes:
                if isinstance(inner, Tag) and inner.tag in ("td", "th"):
                    current.append(_cell(inner))
        elif node.tag in ("td", "th"):
            contents = str(node.contents)
            if node.wiki_markup == "|" and contents.startswith("+") and not rows and not current:
                caption = contents[1:]  # "|+ Caption": mwparserfromhell reads a cell
                continue
            current.append(_cell(node))
        elif node.tag == "caption":
            caption = str(node.contents)
    if current:
        rows.append(current)
    return rows, caption


@functools.lru_cache(maxsize=8192)
def _chunk(text: str) -> tuple[tuple[_Raw, ...], str | None]:
    """One row's source (between two ``|-`` lines), read alone: its cells and a caption
    (cached: most rows of a revision are the previous revision's)."""
    rows, caption = _rows(_only_table(mwparserfromhell.parse("{|\n" + text + "\n|}")))
    return tuple(c for row in rows for c in row), caption


def _only_table(code: Wikicode) -> Tag:
    found = [n for n in code.nodes if isinstance(n, Tag) and n.tag == "table"]
    return found[0] if found else Tag("table")


def _rows_fast(lines: list[str]) -> tuple[list[list[_Raw]], str | None]:
    """A ``{| ... |}`` table's rows from its lines, each row parsed alone (and cached)."""
    rows: list[list[_Raw]] = []
    caption: str | None = None
    chunk: list[str] = []
    first = True

    def flush() -> None:
        nonlocal caption, first
        if chunk:
            cells, said = _chunk("\n".join(chunk))
            if first and said is not None:
                caption = said
            if cells:
                rows.append(list(cells))
        first = False

    for line in lines[1:-1]:
        if line.lstrip().startswith("|-"):
            flush()
            chunk = []
        else:
            chunk.append(line)
    flush()
    return rows, caption


_HEADING = re.compile(r"^(=+)\s*(.+?)\s*\1\s*$")


def _scan(wikitext: str) -> list[tuple[list[str], str | None]] | None:
    """The page's ``{| ... |}`` tables as their lines, with the heading above each; None
    when a line scan cannot tell (a table in a table, an HTML table): the parser decides."""
    if "<table" in wikitext.casefold():
        return None
    found: list[tuple[list[str], str | None]] = []
    heading: str | None = None
    current: list[str] | None = None
    for line in wikitext.split("\n"):
        bare = line.strip()
        if current is not None:
            current.append(line)
            if bare.startswith("{|"):
                return None
            if bare.startswith("|}"):
                found.append((current, heading))
                current = None
            continue
        if bare.startswith("{|"):
            current = [line]
            continue
        match = _HEADING.match(bare)
        if match:
            heading = " ".join(plain_text(match.group(2)).split()) or None
    return found


def _carry(out: list[_Raw | None], carried: dict[int, tuple[int, _Raw]]) -> None:
    """Appends the cells earlier rows' rowspans cover at ``out``'s next columns."""
    col = len(out)
    while col in carried:
        left, raw = carried[col]
        out.append(raw)
        if left <= 1:
            del carried[col]
        else:
            carried[col] = (left - 1, raw)
        col += 1


def _grid(rows: list[list[_Raw]]) -> list[list[_Raw | None]]:
    """Each row's cells by column, every cell a span covers filled in (as rendered)."""
    grid: list[list[_Raw | None]] = []
    carried: dict[int, tuple[int, _Raw]] = {}  # column -> (rows still covered, cell)
    for row in rows:
        out: list[_Raw | None] = []
        for raw in row:
            _carry(out, carried)
            for _ in range(raw.colspan):
                if raw.rowspan > 1:
                    carried[len(out)] = (raw.rowspan - 1, raw)
                out.append(raw)
        _carry(out, carried)
        while carried and max(carried) >= len(out):  # spans past this row's last cell
            out.append(None)
            _carry(out, carried)
        grid.append(out)
    return grid


def _read_table(
    rows: list[list[_Raw]],
    caption: str | None,
    default_name: str,
    *,
    key: str | None,
    templates: Mapping[str, str],
) -> tuple[Table | None, list[TableWarning]]:
    name = " ".join(cell_text(caption, templates)[0].split()) if caption else default_name
    warnings: list[TableWarning] = []
    grid = _grid(rows)
    texts: dict[int, str] = {}
    unknown: set[str] = set()

    def text(raw: _Raw | None) -> str:
        if raw is None:
            return ""
        if id(raw) not in texts:
            shown, missing = cell_text(raw.text, templates)
            texts[id(raw)] = shown
            unknown.update(missing)
        return texts[id(raw)]

    heads = 0
    while (
        heads < len(grid) and grid[heads] and all(c is not None and c.header for c in grid[heads])
    ):
        heads += 1
    if heads == 0:
        return None, [TableWarning(name, "no header row (a first row of ! cells): not read")]
    columns: list[str] = []
    for i in range(max(len(r) for r in grid[:heads])):
        parts: list[str] = []
        for r in grid[:heads]:
            word = text(r[i]) if i < len(r) else ""
            if word and word not in parts:
                parts.append(word)
        columns.append(" / ".join(parts) or f"column {i + 1}")
    if len(set(columns)) != len(columns):
        seen: dict[str, int] = {}
        for i, c in enumerate(columns):
            seen[c] = seen.get(c, 0) + 1
            if seen[c] > 1:
                columns[i] = f"{c} ({seen[c]})"
        warnings.append(TableWarning(name, "two columns share a name: the later numbered"))
    key_index = 0
    if key is not None:
        folded = [c.casefold() for c in columns]
        if key.casefold() not in folded:
            return None, [TableWarning(name, f"no column {key!r} to key its rows by: not read")]
        key_index = folded.index(key.casefold())
    body = grid[heads:]
    if not body:
        warnings.append(TableWarning(name, "a header and no rows"))
    out: dict[str, dict[str, str]] = {}
    for number_, row in enumerate(body, start=heads + 1):
        label = text(row[key_index]) if key_index < len(row) else ""
        if not label:
            warnings.append(
                TableWarning(name, f"row {number_} has no {columns[key_index]}: not read")
            )
            continue
        if len(row) > len(columns):
            warnings.append(
                TableWarning(
                    name,
                    f"row {label!r} has {len(row)} cells for {len(columns)} columns: "
                    "the extra not read",
                )
            )
        if label in out:
            warnings.append(TableWarning(name, f"row {label!r} twice: the later not read"))
            continue
        out[label] = {c: text(row[i]) if i < len(row) else "" for i, c in enumerate(columns)}
    for t in sorted(unknown):
        warnings.append(
            TableWarning(name, f"template {{{{{t}}}}} not known: its cells read as its source")
        )
    return Table(name, tuple(columns), columns[key_index], out), warnings


def _tables(code: Wikicode) -> list[tuple[Tag, str | None]]:
    """Every table (nested ones too) with the heading above it."""
    found: list[tuple[Tag, str | None]] = []
    heading: str | None = None
    for node in code.nodes:
        if isinstance(node, Heading):
            heading = " ".join(plain_text(str(node.title)).split()) or None
        elif isinstance(node, Tag) and node.tag == "table":
            found.append((node, heading))
        elif isinstance(node, Tag) and node.contents is not None and not node.self_closing:
            found.extend((t, heading) for t, _ in _tables(node.contents))
    return found


def read_tables(
    wikitext: str, *, key: str | None = None, templates: Mapping[str, str] = {}
) -> Tables:
    """Every table of a page's wiki source, each by its header row (see the module)."""
    if problem := too_complex(wikitext):
        return Tables((), (TableWarning("(page)", f"the page is not read: {problem}"),))
    scanned = _scan(wikitext)
    found: list[tuple[list[list[_Raw]], str | None, str | None]] = []
    if scanned is not None:
        # A line scan, each row parsed alone and cached: fast on a page's thousand
        # revisions, where most rows are the previous revision's.
        for lines, heading in scanned:
            rows, caption = _rows_fast(lines)
            found.append((rows, caption, heading))
        closed = len(scanned)
    else:
        try:
            code = mwparserfromhell.parse(wikitext)
        except Exception as exc:  # the parser's own failure on junk: said, never raised
            return Tables((), (TableWarning("(page)", f"the wikitext cannot be parsed: {exc}"),))
        tags = _tables(code)
        for tag, heading in tags:
            rows, caption = _rows(tag)
            found.append((rows, caption, heading))
        closed = sum(1 for tag, _ in tags if tag.wiki_markup == "{|")
    tables: list[Table] = []
    warnings: list[TableWarning] = []
    names: dict[str, int] = {}
    for index, (rows, caption, heading) in enumerate(found, start=1):
        default = heading or f"table {index}"
        table, said = _read_table(rows, caption, default, key=key, templates=templates)
        if table is not None:
            names[table.name] = names.get(table.name, 0) + 1
            if names[table.name] > 1:
                table = Table(
                    f"{table.name} ({names[table.name]})", table.columns, table.key, table.rows
                )
            tables.append(table)
        warnings.extend(said)
    opened = len(_OPEN.findall(wikitext))
    if opened > closed:
        warnings.append(
            TableWarning(
                "(page)",
                f"{opened - closed} table(s) opened with {{| and never closed with |}}: not read",
            )
        )
    return Tables(tuple(tables), tuple(warnings))
