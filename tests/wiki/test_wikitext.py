"""The one wikitext reader, and the promise built on it: human text survives the bot's edits.

The hypothesis tests write pages the way people do (templates, ``<nowiki>``,
comments, tables, odd headings, prose) around the bot's parts of the Nomicland,
Gamestate and Votes pages, let the bot edit, and check that every human byte is
still there, in order, with only the bot's own kind of line between them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate.dynasties.nomicland import Building, PlayerRow, Segment
from tests.wiki.test_votes_page import VOTED, status
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import NomiclandPage
from wikibot.wiki.pages.votes import update_votes_page
from wikibot.wiki.wikitext import (
    SpanKind,
    WikiLines,
    comments,
    opaque_spans,
    sections,
    spans,
    templates,
)

QUOTED_BRACES = "{{x|<nowiki>}}</nowiki>}}"
"""A template whose parameter quotes a ``}}``: the quoted one does not close it."""


# Spans.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"a {QUOTED_BRACES} b", [(2, 2 + len(QUOTED_BRACES), SpanKind.TEMPLATE)]),
        ("a <!-- c --> b", [(2, 12, SpanKind.COMMENT)]),
        ("a <!-- open to the end\nb", [(2, 24, SpanKind.COMMENT)]),
        ("x <pre>{{</pre> y", [(2, 15, SpanKind.RAW_TAG)]),
        ("x <nowiki><!-- no --></nowiki>", [(2, 30, SpanKind.RAW_TAG)]),
        ("<code><!-- m --></code>", [(0, 23, SpanKind.QUOTING_TAG), (6, 16, SpanKind.COMMENT)]),
        (
            "{|\n| {{t}} || <!--c-->\n|}\nafter",
            [(0, 25, SpanKind.TABLE), (5, 10, SpanKind.TEMPLATE), (14, 22, SpanKind.COMMENT)],
        ),
        ("a {{unclosed\nb", []),
        ("{{{arg}}}", [(0, 9, SpanKind.TEMPLATE)]),
        ("<b>{{t\n|x}}</b>", [(3, 11, SpanKind.TEMPLATE)]),
    ],
    ids=[
        "a quoted }} does not end the template",
        "comment",
        "an unclosed comment runs to the end, as in MediaWiki",
        "pre",
        "a comment inside nowiki is text",
        "a comment inside code is found, and code quotes it",
        "a table and what it holds",
        "unbalanced braces are text",
        "a template parameter",
        "a template inside bold",
    ],
)
def test_spans(text: str, expected: list[tuple[int, int, SpanKind]]) -> None:
    assert [(s.start, s.end, s.kind) for s in spans(text)] == expected


def test_the_quoted_braces_hide_the_lines_of_a_multiline_template() -> None:
    text = "{{x|<nowiki>}}</nowiki>\n== Not a heading ==\n}}\n== Real ==\n"
    lines = WikiLines(text)
    assert [h.title for h in lines.headings] == ["Real"]
    assert [line.hidden for line in lines.lines] == [False, True, True, False]
    assert opaque_spans(text) == [(0, 46, True)]


def test_real_comments_leave_out_quoted_ones() -> None:
    text = "<!-- a --><code><!-- b --></code><nowiki><!-- c --></nowiki>{{t|<!-- d -->}}"
    assert [text[c.start : c.end] for c in comments(text)] == ["<!-- a -->"]


def test_sections_number_as_mediawiki_does() -> None:
    text = "intro\n== A ==\na\n=== A.1 ===\nx\n<!-- == no == -->\n== B ==\nb"
    found = [(s.number, s.level, s.title, text[s.start : s.end]) for s in sections(text)]
    assert found == [
        (0, 0, "", "intro\n"),
        (1, 2, "A", "== A ==\na\n=== A.1 ===\nx\n<!-- == no == -->\n"),
        (2, 3, "A.1", "=== A.1 ===\nx\n<!-- == no == -->\n"),
        (3, 2, "B", "== B ==\nb"),
    ]


def test_templates_with_their_parameters() -> None:
    text = "{{template:bots|deny=A, B}} <nowiki>{{nobots}}</nowiki> {{Outer|{{nobots}}}}"
    found = [(t.name, t.params) for t in templates(text)]
    assert found == [
        ("Bots", {"deny": "A, B"}),
        ("Outer", {"1": "{{nobots}}"}),
        ("Nobots", {}),
    ]


# Human text around the bot's parts.

_PROSE = st.text(
    st.characters(whitelist_categories=("L", "N", "Zs"), whitelist_characters=".,;?()'\"/ é€中"),
    min_size=1,
    max_size=30,
).map(lambda s: "Note: " + s.strip())

_HUMAN_PIECE = st.one_of(
    _PROSE,
    st.just(QUOTED_BRACES),
    st.just("{{Infobox|a=1|b=<nowiki>}}</nowiki>|c={{inner|x}}\n}}"),
    st.just("<nowiki>== Fake ==\n* Operator: Mallory\n# cccc</nowiki>"),
    st.just("<!-- * Operator: Eve\n== Commented Zone ==\n# AAAA\n-->"),
    st.just("<pre>\n* Buildings: Playpit\n|}\n</pre>"),
    st.just("<code><!-- nomicbot:votes end --></code>"),
    st.just('{| class="wikitable"\n! Key !! Value\n|-\n| a || {{t|b}} <!-- c -->\n|}'),
    st.just("=== Notes <!-- odd --> ==="),
    st.just("==== {{anchor|deep}} Deep ===="),
    st.just("=== Unbalanced ==="),
    st.just("Tabs\tand  spaces   "),
    st.just("[[Link|text]] and [http://example.org ext]"),
)
HUMAN = st.lists(_HUMAN_PIECE, min_size=1, max_size=4).map("\n".join)
"""Human-written wikitext with no level-2 heading of its own (so it makes no Zone)."""

_BOT_LINE = re.compile(
    r"^(?:\* (?:Operator|IP License|Buildings|Planned Buildings):.*|#.*|== .+ ==|\|-|\| .*|)$"
)


def assert_human_text_survives(pieces: list[str], new: str) -> None:
    """Each human piece is in ``new`` byte for byte, in order, and what lies between
    them is whole lines of the bot's own kinds (fields, queue items, headings, rows)."""
    at = 0
    for piece in pieces:
        found = new.find(piece, at)
        assert found >= 0, f"human text lost or changed: {piece!r}"
        between = new[at:found]
        for line in between.split("\n"):
            assert _BOT_LINE.match(line), f"unexpected text between human parts: {line!r}"
        at = found + len(piece)
    for line in new[at:].split("\n"):
        assert _BOT_LINE.match(line), f"unexpected text after the human parts: {line!r}"


@given(HUMAN, HUMAN, HUMAN, HUMAN)
def test_nomicland_edits_keep_every_human_byte(
    intro: str, in_zone: str, after_zone: str, in_queue: str
) -> None:
    pieces = [intro, in_zone, after_zone, in_queue]
    text = (
        f"{intro}\n"
        "== The Kevan Zone ==\n"
        "* Operator: Kevan\n"
        "* Buildings: Playpit\n"
        f"{in_zone}\n"
        "== The Josh Zone ==\n"
        "* Operator: Josh\n"
        f"{after_zone}\n"
        "== Visitors ==\n"
        "# AtS\n"
        f"{in_queue}\n"
    )
    page = NomiclandPage.from_wikitext(text)
    assert page.render() == text
    assert [z.name for z in page.zones] == ["The Kevan Zone", "The Josh Zone"]
    kevan = page.zone("The Kevan Zone")
    assert kevan is not None and not page.problems
    built = page.replace_zone(replace(kevan, buildings=(*kevan.buildings, Building("Lagoon"))))
    assert_human_text_survives(pieces, built)
    assert "* Buildings: Playpit, Lagoon\n" in built
    queued = NomiclandPage.from_wikitext(built).add_visitors(1, [Segment("c")])
    assert_human_text_survives(pieces, queued)
    grown = NomiclandPage.from_wikitext(queued).add_business_day()
    assert_human_text_survives(pieces, grown)
    assert len(NomiclandPage.from_wikitext(grown).business_days) == 2


@given(
    HUMAN, HUMAN, st.sampled_from(["", QUOTED_BRACES, "<!-- c || d -->", "<nowiki>a||b</nowiki>"])
)
def test_gamestate_edits_keep_every_human_byte(before: str, after: str, note: str) -> None:
    row = f"| Kevan || 5 || 0 || 10 || 0 || {note}".rstrip()
    text = (
        f"{before}\n"
        '{| class="wikitable sortable"\n'
        "! Imagineer !! Budget !! Debt !! Smiles !! LBD !! Notes\n"
        "|-\n"
        f"{row}\n"
        "|}\n"
        f"{after}\n"
    )
    page = GamestatePage.from_wikitext(text)
    assert page.render() == text and not page.problems
    kevan = page.row("Kevan")
    assert kevan is not None
    new = page.render([replace(kevan, budget=7), PlayerRow("Josh", budget=1)])
    assert new.startswith(f"{before}\n") and new.endswith(f"|}}\n{after}\n")
    assert f"| Kevan || 7 || 0 || 10 || 0 || {note}".rstrip() + "\n" in new
    assert GamestatePage.from_wikitext(new).row("Kevan") == replace(kevan, budget=7)


@given(HUMAN, HUMAN)
def test_votes_edits_keep_every_human_byte(before: str, after: str) -> None:
    first = status(VOTED, "2016-05-23T20:00:00Z")
    # No markers yet: the bot's part goes at the end, after a blank line.
    added = update_votes_page(before, first, blog_url="https://blognomic.test/")
    assert added.startswith(before)
    text = added + "\n" + after
    moment = datetime(2016, 5, 24, tzinfo=UTC)
    later = status({**VOTED, "players": VOTED["players"][:3]}, moment.isoformat())
    new = update_votes_page(text, later, blog_url="https://blognomic.test/")
    assert new != text
    assert new.startswith(before) and new.endswith("\n" + after)
