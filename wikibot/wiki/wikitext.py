"""The one wikitext reader: sections, the bot's markers, and the spans the bot must not touch.

Every page model and the client's section edits read wikitext through this
module, which stands on mwparserfromhell (the parser pywikibot and most bots
use) rather than on hand-written scanners:

* :func:`spans` finds what a bot must never rewrite: comments, ``<nowiki>``,
  ``<pre>`` and the other tags whose contents are not wikitext, templates,
  ``<code>``-like quoting tags and tables, each with its exact offsets.
  ``{{x|<nowiki>}}</nowiki>}}`` is one template: the quoted ``}}`` does not end it;
* :class:`WikiLines` is the line-by-line view the page models edit through: a
  line that starts inside a multi-line comment, raw tag or template is hidden,
  and a heading is a live ``== Title ==`` line, as MediaWiki reads it;
* :func:`sections` numbers the sections as MediaWiki's ``section=N`` does;
* :func:`comments` gives the real comments (not ones quoted in ``<code>``, a
  template or a raw tag), where the bot's markers live;
* :func:`templates` lists a page's templates with their parameters, for
  ``{{bots}}``/``{{nobots}}``.

MediaWiki reads an unclosed ``<!--`` as a comment running to the end of the
page; mwparserfromhell shows it as text, so :func:`spans` adds that comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

import mwparserfromhell
from mwparserfromhell.nodes import Argument, Comment, Tag, Template, Text
from mwparserfromhell.wikicode import Wikicode

from rules_text.tree import too_complex
from wikibot.errors import WikiError

__all__ = [
    "QUOTING_TAGS",
    "RAW_TAGS",
    "PageTemplate",
    "Section",
    "Span",
    "SpanKind",
    "WikiHeading",
    "WikiLine",
    "WikiLines",
    "changed_section",
    "comments",
    "opaque_spans",
    "parse",
    "plain",
    "plain_text",
    "sections",
    "spans",
    "templates",
]

RAW_TAGS = frozenset(
    "nowiki pre source syntaxhighlight math ref references gallery includeonly poem score "
    "templatedata graph timeline categorytree inputbox imagemap".split()
)
"""Tags whose contents MediaWiki does not read as page wikitext."""
QUOTING_TAGS = frozenset({"code", "tt", "kbd", "samp"})
"""Tags that show markup as an example: a marker written inside is quoted, not real."""


class SpanKind(Enum):
    """What a span of wikitext is."""

    COMMENT = "comment"
    """``<!-- ... -->`` (an unclosed one runs to the end of the page)."""
    RAW_TAG = "raw tag"
    """``<nowiki>``, ``<pre>``... (:data:`RAW_TAGS`): contents are not wikitext."""
    TEMPLATE = "template"
    """``{{...}}`` or a parameter ``{{{...}}}``."""
    QUOTING_TAG = "quoting tag"
    """``<code>``, ``<tt>``, ``<kbd>``, ``<samp>``."""
    TABLE = "table"
    """``{| ... |}``."""


@dataclass(frozen=True)
class Span:
    """A stretch of the page the bot reads but never rewrites."""

    start: int
    """Offset of its first character."""
    end: int
    """Offset just past its last character."""
    kind: SpanKind
    """What it is."""
    name: str = ""
    """The tag or template name, lower-case ('' for a comment)."""

    @property
    def is_opaque(self) -> bool:
        """Its contents are not the page's own lines: a comment, raw tag or template."""
        return self.kind in (SpanKind.COMMENT, SpanKind.RAW_TAG, SpanKind.TEMPLATE)

    def contains(self, offset: int) -> bool:
        """Is ``offset`` inside the span."""
        return self.start <= offset < self.end


def parse(text: str) -> Wikicode:
    """``text`` parsed by mwparserfromhell (bold and italics left as text). A page whose
    unclosed tags would make the parser take minutes (a wiki editor's thousands of ``<s>``)
    is refused in one line (:class:`WikiError`): the bot does not edit what it cannot read."""
    if problem := too_complex(text):
        raise WikiError(f"a wiki page is too complex to read: {problem}; fix it by hand")
    return mwparserfromhell.parse(text, skip_style_tags=True)


def _walk(code: Wikicode, offset: int, total: int, out: list[Span]) -> bool:
    """Records the spans in ``code`` (at ``offset``); True when an unclosed comment
    took in the rest of the page."""
    at = offset
    for node in code.nodes:
        written = str(node)
        kind: SpanKind | None = None
        name = ""
        descend = True
        if isinstance(node, Comment):
            kind, descend = SpanKind.COMMENT, False
        elif isinstance(node, Template):
            kind, name, descend = SpanKind.TEMPLATE, _template_name(node), False
        elif isinstance(node, Argument):
            kind, descend = SpanKind.TEMPLATE, False
        elif isinstance(node, Tag):
            name = str(node.tag).strip().lower()
            if node.wiki_markup == "{|":
                kind = SpanKind.TABLE
            elif name in RAW_TAGS:
                kind, descend = SpanKind.RAW_TAG, False
            elif name in QUOTING_TAGS:
                kind = SpanKind.QUOTING_TAG
        elif isinstance(node, Text):
            opened = written.find("<!--")
            if opened >= 0:
                out.append(Span(at + opened, total, SpanKind.COMMENT))
                return True
            descend = False
        if kind is not None:
            out.append(Span(at, at + len(written), kind, name))
        if descend and _walk_children(node, written, at, total, out):
            return True
        at += len(written)
    return False


def _walk_children(node: object, written: str, at: int, total: int, out: list[Span]) -> bool:
    # A node's parts appear in its text in order, between markup characters.
    position = 0
    for child in node.__children__():  # type: ignore[attr-defined]
        part = str(child)
        found = written.find(part, position)
        if found < 0:
            return False
        if _walk(child, at + found, total, out):
            return True
        position = found + len(part)
    return False


def spans(text: str) -> tuple[Span, ...]:
    """Every comment, raw tag, template, quoting tag and table of the page, by offset.

    Comments, raw tags and templates are not looked into (what they hold is
    theirs); tables and quoting tags are, so their spans may hold others.
    """
    out: list[Span] = []
    _walk(parse(text), 0, len(text), out)
    return tuple(sorted(out, key=lambda s: (s.start, -s.end)))


def opaque_spans(text: str) -> list[tuple[int, int, bool]]:
    """Comments, raw tags (nowiki, pre...) and templates: (start, end, is_template)."""
    return [(s.start, s.end, s.kind is SpanKind.TEMPLATE) for s in spans(text) if s.is_opaque]


def comments(text: str) -> list[Span]:
    """The real comments of the page, in order: not those inside a template, a raw
    tag or a quoting tag such as ``<code>``."""
    found = spans(text)
    quoting = [s for s in found if s.kind is SpanKind.QUOTING_TAG]
    return [
        s
        for s in found
        if s.kind is SpanKind.COMMENT and not any(q.contains(s.start) for q in quoting)
    ]


def plain(wikitext: str) -> str:
    """Wikitext as a reader sees it: links unwrapped, comments and templates dropped."""
    return str(parse(wikitext).strip_code(normalize=True, collapse=True)).strip()


@dataclass(frozen=True)
class PageTemplate:
    """A template used on the page, outside comments and raw tags."""

    name: str
    """Its name as MediaWiki resolves it: first letter upper-case, ``_`` as space,
    without a ``Template:`` prefix."""
    params: dict[str, str]
    """Named parameters (trimmed); positional ones under "1", "2"..."""
    wikitext: str
    """The template as written."""


def _template_name(node: Template) -> str:
    name = " ".join(str(node.name).replace("_", " ").split())
    if name.lower().startswith("template:"):
        name = name[len("template:") :].strip()
    return name[:1].upper() + name[1:]


def templates(text: str) -> list[PageTemplate]:
    """Every template on the page (nested ones too), in page order."""
    return [
        PageTemplate(
            _template_name(node),
            {str(p.name).strip(): str(p.value).strip() for p in node.params},
            str(node),
        )
        for node in parse(text).filter_templates(recursive=True)
    ]


# The line view.


@dataclass(frozen=True)
class WikiLine:
    """One line of a page."""

    number: int
    """1-based line number, as an editor shows it."""
    start: int
    """Offset of its first character in the page text."""
    text: str
    """The line without its newline."""
    newline: str
    """``"\\n"`` (``"\\r\\n"`` where written so), or ``""`` on the last line."""
    hidden: bool
    """It starts inside a comment, tag or template opened on an earlier line."""
    opaque_at: int
    """Where in ``text`` the first comment, tag or template starts (``len(text)`` if none)."""

    @property
    def live(self) -> str:
        """The wikitext of the line before any comment, tag or template ('' if hidden)."""
        return "" if self.hidden else self.text[: self.opaque_at]


@dataclass(frozen=True)
class WikiHeading:
    """A section heading found at the top level of the page."""

    index: int
    """The line index (0-based) of the heading."""
    level: int
    """2 for ``== X ==``."""
    title: str
    """The heading text without markup."""


_HEADING = re.compile(r"^(?P<open>={1,6})(?P<title>.+?)(?P<close>={1,6})[ \t]*$")


def _split_lines(text: str) -> list[str]:
    """The lines of ``text`` with their newlines, split where MediaWiki does: at "\\n" only.

    Not :meth:`str.splitlines`, which also breaks at U+2028, form feeds and the
    like: MediaWiki reads those as characters within a line.
    """
    lines = text.split("\n")
    raw = [line + "\n" for line in lines[:-1]]
    if lines[-1] or not raw:
        raw.append(lines[-1])
    return raw


class WikiLines:
    """A page's text as lines, knowing which are live wikitext and where the sections are.

    Lines end at "\\n" only, as in MediaWiki ("\\r\\n" is kept as the line's newline).

    A line is hidden when it starts inside a comment, a raw tag (``<nowiki>``,
    ``<pre>``...) or a template that began on an earlier line; a heading is a
    live line written ``== Title ==`` (a comment may follow it), as MediaWiki reads it.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.spans: tuple[Span, ...] = spans(text)
        """Every span of the page (:func:`spans`)."""
        opaque = [(s.start, s.end, s.kind is SpanKind.TEMPLATE) for s in self.spans if s.is_opaque]
        lines: list[WikiLine] = []
        headings: list[WikiHeading] = []
        start = 0
        for number, raw in enumerate(_split_lines(text), start=1):
            body = raw[:-2] if raw.endswith("\r\n") else raw.removesuffix("\n")
            end = start + len(body)
            hidden = any(a < start < b for a, b, _ in opaque)
            # Inline templates stay part of a value; comments, raw tags and templates
            # running on past the line do not.
            cut = [a for a, b, tpl in opaque if start <= a < end and (not tpl or b > end)]
            line = WikiLine(
                number, start, body, raw[len(body) :], hidden, min(cut, default=end) - start
            )
            lines.append(line)
            if not hidden and body.startswith("="):
                visible = "".join(
                    ch
                    for i, ch in enumerate(body, start=start)
                    if not any(a <= i < b for a, b, tpl in opaque if not tpl)
                )
                match = _HEADING.match(visible)
                if match and match["title"].strip("= \t"):
                    level = min(len(match["open"]), len(match["close"]))
                    title = match["open"][level:] + match["title"] + match["close"][level:]
                    headings.append(WikiHeading(number - 1, level, plain(title)))
            start += len(raw)
        self.lines: tuple[WikiLine, ...] = tuple(lines)
        self.headings: tuple[WikiHeading, ...] = tuple(headings)

    def section_end(self, heading: WikiHeading) -> int:
        """The line index just past the section (its subsections included)."""
        for other in self.headings:
            if other.index > heading.index and other.level <= heading.level:
                return other.index
        return len(self.lines)

    def sections(self, level: int) -> list[tuple[WikiHeading, int]]:
        """Each section at ``level`` with the line index where it ends."""
        return [(h, self.section_end(h)) for h in self.headings if h.level == level]


# Sections as MediaWiki numbers them.


@dataclass(frozen=True)
class Section:
    """One section of a page, as the API's ``section=N`` names it."""

    number: int
    """0 for the text before the first heading, then 1, 2... in page order."""
    start: int
    """Offset of its heading (0 for section 0)."""
    end: int
    """Offset where it ends: the next heading of the same or a higher level."""
    level: int
    """The heading level (0 for section 0)."""
    title: str
    """The heading without markup ('' for section 0)."""


def sections(text: str) -> tuple[Section, ...]:
    """MediaWiki's sections, section 0 first; each holds its subsections."""
    lines = WikiLines(text)
    starts = [lines.lines[h.index].start for h in lines.headings]
    out = [Section(0, 0, starts[0] if starts else len(text), 0, "")]
    for number, heading in enumerate(lines.headings, start=1):
        end = lines.section_end(heading)
        stop = lines.lines[end].start if end < len(lines.lines) else len(text)
        out.append(Section(number, starts[number - 1], stop, heading.level, heading.title))
    return tuple(out)


def changed_section(old: str, new: str) -> tuple[int, str, str] | None:
    """The smallest section whose replacement turns ``old`` into ``new``, as MediaWiki does it.

    MediaWiki replaces section N with the sent text followed by a blank line, and
    strips the page's trailing whitespace; a section edit is used only when that
    gives exactly ``new``. Returns (number, old section text, new section text).
    """
    old, new = old.rstrip(), new.rstrip()  # as MediaWiki stores pages
    old_spans, new_spans = sections(old), sections(new)
    if len(old_spans) != len(new_spans):
        return None
    best: tuple[int, str, str] | None = None
    for old_section, new_section in zip(old_spans, new_spans, strict=True):
        number, o_start, o_end = old_section.number, old_section.start, old_section.end
        n_start, n_end = new_section.start, new_section.end
        if old[:o_start] != new[:n_start] or old[o_end:] != new[n_end:]:
            continue
        section = new[n_start:n_end].rstrip()
        if not section:
            continue
        rest = old[o_end:]
        merged = (old[:o_start] + section + ("\n\n" + rest if rest else "")).rstrip()
        if merged != new:
            continue
        if best is None or len(section) < len(best[2]):
            best = (number, old[o_start:o_end].rstrip(), section)
    return best


_PLAIN = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    "[": "&#91;",
    "]": "&#93;",
    "{": "&#123;",
    "}": "&#125;",
    "|": "&#124;",
    "'": "&#39;",
    "~": "&#126;",
    "_": "&#95;",
    "\n": " ",
}


def plain_text(value: str) -> str:
    """Text made safe to write into wikitext as plain text: no links, templates,
    signatures, table syntax, markup or magic words; on one line."""
    return "".join(_PLAIN.get(ch, ch) for ch in value).strip()
