"""The Ruleset as a tree of rules, read from its wiki source.

BlogNomic's Ruleset page has three sections, each a level-1 heading
(``= Core Rules =``, ``= Dynastic Rules =``, ``= Appendix =``); each rule is a
level-2 heading (``== Votable Matters ==``) and each subrule a deeper heading
(``=== Playpit ===`` under ``== Construction ==``). The Appendix's keyword
"Rule" says: "Each individually numbered section of the ruleset is a rule,
including sections that are sub-rules of other rules."

Parsing never changes the text: ``parse_ruleset(text).text == text``, and every
rule carries the offsets of its own heading and body, so edits can cut the
source exactly and leave human prose, templates and comments alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

import mwparserfromhell
from mwparserfromhell.nodes import (
    Comment,
    ExternalLink,
    Heading,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.wikicode import Wikicode

from rules_text.errors import RuleNotFound

__all__ = [
    "MAX_COMPLEXITY",
    "UNNAMED_RULE",
    "Rule",
    "Ruleset",
    "Section",
    "normalise_name",
    "parse_ruleset",
    "markup_complexity",
    "plain_text",
    "too_complex",
]

UNNAMED_RULE = "Unnamed Rule"
"""Appendix, "Rules and Proposals": "If a rule would ever have no name, it is instead named
“Unnamed Rule”."""


class Section(StrEnum):
    """The part of the Ruleset a rule sits in, from the level-1 heading above it."""

    CORE = "core"
    """Section One, "the “core rules” of BlogNomic"."""
    DYNASTIC = "dynastic"
    """Section Two, "the rules of the current dynasty"."""
    APPENDIX = "appendix"
    """Section Three, "the appendix, which exists solely to clarify the remainder of the
    ruleset"."""
    OTHER = "other"
    """Rules above the first section heading, or under a heading nomicbot does not know."""

    @classmethod
    def from_heading(cls, title: str) -> Section:
        """The section a level-1 heading such as ``= Dynastic Rules =`` opens."""
        words = normalise_name(title)
        if "core" in words:
            return cls.CORE
        if "dynast" in words:
            return cls.DYNASTIC
        if "appendix" in words or "glossary" in words:
            return cls.APPENDIX
        return cls.OTHER


@dataclass(frozen=True)
class Rule:
    """One rule or subrule: a heading of level 2 or deeper, its body and its subrules."""

    name: str
    """The rule's title as players read it (markup removed, whitespace collapsed)."""
    level: int
    """Heading level: 2 for a rule (``== Rule ==``), 3 for its subrules, and so on."""
    section: Section
    """Core, dynastic or appendix, from the level-1 heading above it."""
    text: str
    """The rule's own body as wiki source, excluding its subrules (the line break
    that ends the heading is not part of it)."""
    children: tuple[Rule, ...]
    """Direct subrules, in page order."""
    span: tuple[int, int]
    """Offsets in the page of the whole rule: heading, body and all subrules."""
    heading_span: tuple[int, int]
    """Offsets of the heading markup itself (``== Name ==``)."""
    body_span: tuple[int, int]
    """Offsets of ``text`` in the page."""

    def walk(self) -> Iterator[Rule]:
        """This rule, then each of its subrules (depth first, page order)."""
        yield self
        for child in self.children:
            yield from child.walk()

    def plain_text(self) -> str:
        """The rule's own body as it reads on the wiki, without markup."""
        return plain_text(self.text).strip()

    def is_named(self, name: str) -> bool:
        """Whether ``name`` is this rule's name, ignoring case and extra whitespace."""
        return normalise_name(name) == normalise_name(self.name)


@dataclass(frozen=True)
class Ruleset:
    """A Ruleset page: its exact source and the rules it holds."""

    text: str
    """The wiki source, exactly as given: ``parse_ruleset(t).text == t``."""
    top_level: tuple[Rule, ...]
    """Rules that are not subrules of another rule, in page order."""
    sections: tuple[tuple[Section, tuple[int, int]], ...] = ()
    """Each level-1 heading's section and the span from that heading to the next one."""

    def rules(self) -> tuple[Rule, ...]:
        """Every rule and subrule, in page order."""
        return tuple(rule for top in self.top_level for rule in top.walk())

    def core_rules(self) -> tuple[Rule, ...]:
        """The core rules (each with its subrules), in page order."""
        return self._top_level_in(Section.CORE)

    def dynastic_rules(self) -> tuple[Rule, ...]:
        """The rules of the current dynasty (each with its subrules), in page order."""
        return self._top_level_in(Section.DYNASTIC)

    def appendix_rules(self) -> tuple[Rule, ...]:
        """The Appendix's rules (Keywords, Gamestate Tracking, Clarifications...)."""
        return self._top_level_in(Section.APPENDIX)

    def find(self, name: str) -> Rule:
        """The first rule or subrule with this name (case and surrounding space ignored).

        Raises ``RuleNotFound`` naming the rule when there is none.
        """
        found = self.get(name)
        if found is None:
            raise RuleNotFound(name.strip())
        return found

    def get(self, name: str) -> Rule | None:
        """Like ``find``, but ``None`` when no rule has this name."""
        return next((rule for rule in self.rules() if rule.is_named(name)), None)

    def has_rule(self, name: str) -> bool:
        """Whether some rule or subrule has this name."""
        return self.get(name) is not None

    def _top_level_in(self, section: Section) -> tuple[Rule, ...]:
        return tuple(rule for rule in self.top_level if rule.section is section)


MAX_COMPLEXITY = 20_000_000
"""The most unclosed tags times characters a page may have to be parsed: the parser
(mwparserfromhell) takes time in their product, about a second per 5,000,000, so a page
of thousands of unclosed tags written by a wiki editor would stall the bot."""

_OPEN_TAG = re.compile(
    r"<(?!(?:br|hr|img|wbr|meta|link|input|area|base|col|embed|param|source|track)\b)[A-Za-z]"
)


def markup_complexity(text: str) -> int:
    """Unclosed tags times characters: the parser's cost, cheaply estimated."""
    unclosed = len(_OPEN_TAG.findall(text)) - text.count("</") - text.count("/>")
    return max(0, unclosed) * len(text)


def too_complex(text: str) -> str | None:
    """Why a page is too complex to parse safely, or None."""
    if markup_complexity(text) <= MAX_COMPLEXITY:
        return None
    unclosed = markup_complexity(text) // max(1, len(text))
    return (
        f"{unclosed:,} unclosed tags in {len(text):,} characters is more than nomicbot parses "
        f"(their product must stay under {MAX_COMPLEXITY:,})"
    )


def normalise_name(name: str) -> str:
    """A rule name for comparison: case folded, whitespace trimmed and collapsed."""
    return " ".join(name.split()).casefold()


def plain_text(wikitext: str) -> str:
    """Wiki source as a player reads the rendered page: no markup, comments or templates.

    Headings become their titles, ``;Term:definition`` becomes the term and the
    definition on separate lines, list markers and ``<br />`` disappear, and a
    link shows its label.
    """
    if too_complex(wikitext):
        # Read as text: tags and comments dropped, without the parser.
        return re.sub(r"<!--.*?(?:-->|$)|<[^<>]*>", "", wikitext, flags=re.S)
    return _plain(mwparserfromhell.parse(wikitext))


def _plain(code: Wikicode) -> str:
    parts: list[str] = []
    for node in code.nodes:
        if isinstance(node, Text):
            parts.append(str(node.value))
        elif isinstance(node, Heading):
            parts.append(_plain(node.title).strip())
        elif isinstance(node, (Comment, Template)):
            continue
        elif isinstance(node, Tag) and node.wiki_markup == ":":
            # ";Term:definition" shows the definition on a line of its own.
            last = next((part for part in reversed(parts) if part), "\n")
            if not last.endswith("\n"):
                parts.append("\n")
        elif isinstance(node, Tag):
            parts.append(_plain_tag(node))
        elif isinstance(node, Wikilink):
            parts.append(_plain(node.text if node.text is not None else node.title))
        elif isinstance(node, ExternalLink):
            parts.append(_plain(node.title if node.title is not None else node.url))
        else:
            parts.append(str(node.__strip__(normalize=True, collapse=False) or ""))
    return "".join(parts)


def _plain_tag(tag: Tag) -> str:
    if tag.self_closing:
        return ""
    return _plain(tag.contents)


# Finding headings with their offsets.


@dataclass(frozen=True)
class _Heading:
    start: int
    end: int
    level: int
    title: str


def _headings(code: Wikicode, offset: int) -> Iterator[_Heading]:
    """Every page heading with its offsets, including headings inside HTML blocks."""
    for node in code.nodes:
        source = str(node)
        if isinstance(node, Heading):
            yield _Heading(offset, offset + len(source), node.level, _heading_name(node))
        elif isinstance(node, Tag) and not node.wiki_markup and not node.self_closing:
            # A <div> wrapping rules still shows its headings as page sections.
            closing = f"</{node.closing_tag}>"
            contents = str(node.contents)
            inner = offset + len(source) - len(closing) - len(contents)
            yield from _headings(node.contents, inner)
        offset += len(source)


def _heading_name(heading: Heading) -> str:
    name = " ".join(_plain(heading.title).split())
    return name or UNNAMED_RULE


def parse_ruleset(text: str) -> Ruleset:
    """Read a Ruleset page's wiki source into its sections and rules.

    Level-1 headings open sections; every deeper heading is a rule, and a
    heading is a subrule of the nearest heading above it with a lower level.
    Text before the first heading (``{{TOCRight}}``, notices) belongs to no rule
    but stays in ``Ruleset.text``. Never raises on odd input: junk gives a
    Ruleset with fewer rules.
    """
    if too_complex(text):
        return Ruleset(text=text, top_level=(), sections=())
    headings = [
        h
        for h in _headings(mwparserfromhell.parse(text), 0)
        if text[h.start : h.end].startswith("=")
    ]
    sections: list[tuple[Section, tuple[int, int]]] = []
    for index, heading in enumerate(headings):
        if heading.level == 1:
            after = next((h.start for h in headings[index + 1 :] if h.level == 1), len(text))
            sections.append((Section.from_heading(heading.title), (heading.start, after)))
    top: list[Rule] = []
    section = Section.OTHER
    index = 0
    while index < len(headings):
        heading = headings[index]
        if heading.level == 1:
            section = Section.from_heading(heading.title)
            index += 1
            continue
        rule, index = _build(text, headings, index, section)
        top.append(rule)
    return Ruleset(text=text, top_level=tuple(top), sections=tuple(sections))


def _build(text: str, headings: list[_Heading], index: int, section: Section) -> tuple[Rule, int]:
    """The rule at ``headings[index]`` with its subrules, and the index after them."""
    heading = headings[index]
    body_start = heading.end + 1 if text.startswith("\n", heading.end) else heading.end
    body_end = headings[index + 1].start if index + 1 < len(headings) else len(text)
    body_start = min(body_start, body_end)
    children: list[Rule] = []
    index += 1
    while index < len(headings) and headings[index].level > heading.level:
        child, index = _build(text, headings, index, section)
        children.append(child)
    end = headings[index].start if index < len(headings) else len(text)
    rule = Rule(
        name=heading.title,
        level=heading.level,
        section=section,
        text=text[body_start:body_end],
        children=tuple(children),
        span=(heading.start, end),
        heading_span=(heading.start, heading.end),
        body_span=(body_start, body_end),
    )
    return rule, index
