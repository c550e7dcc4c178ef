"""The Nomicland page: Zones and the Business Day queue, read and written without loss."""

from __future__ import annotations

import difflib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.dynasties.nomicland import (
    CONSTRUCTION,
    LICENSING,
    PLANNING,
    VISITORS,
    ZONES,
    Building,
    BusinessDay,
    IPLicense,
    RuleClause,
    Segment,
    Zone,
)
from tests.plugins.wiki import HumanEditor
from wikibot.errors import WikiError
from wikibot.wiki.client import EditCause, WikiClient
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT, NomiclandPage, WikiLines

BUILDINGS = ("Playpit", "Gift Shop", "Lagoon", "Monorail", "Indoor Coaster")

PARK = """{{TOCRight}}
Welcome to '''Nomicland'''! Humans write whatever they like up here.
<!-- == Not A Zone == (commented out) -->

== The Kevan Zone ==
Kevan's corner of the park, with a [[Duck]] mascot. <!-- a human's note -->
* Operator: [[User:Kevan|Kevan]] <!-- since 23 May -->
* IP License: Mouse Empire (cA)
* Buildings: [[Playpit]], Gift Shop (Budget)
* Mascot: Duck
* Planned Buildings: Lagoon

=== History ===
Opened on day one.

== The Josh Zone ==
* Operator: Josh
* Buildings:

== Visitors ==
The queue, one Business Day per item:
# AtSScAA
# ccctcS <!-- Focus Grouping -->
# """


def _changed_lines(old: str, new: str) -> list[str]:
    return [
        line
        for line in difflib.ndiff(old.splitlines(), new.splitlines())
        if line.startswith(("- ", "+ "))
    ]


def test_reads_zones_and_queue() -> None:
    page = NomiclandPage.from_wikitext(PARK, buildings=BUILDINGS)
    assert page.problems == ()
    assert page.zones == (
        Zone(
            "The Kevan Zone",
            operator="Kevan",
            ip_license=IPLicense("Mouse Empire", (Segment.CHILD, Segment.ADULT)),
            buildings=(Building("Playpit"), Building("Gift Shop", budget=True)),
            planned=("Lagoon",),
        ),
        Zone("The Josh Zone", operator="Josh"),
    )
    assert [str(d) for d in page.business_days] == ["AtSScAA", "ccctcS", ""]
    assert page.business_days[1].count(Segment.CHILD) == 4
    assert page.zone_of("kevan") == page.zone("the kevan zone")
    assert page.line_of("The Kevan Zone", "Buildings") == 9


def test_unchanged_page_renders_identically() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    assert page.render() == PARK
    assert page.render(zones=page.zones, business_days=page.business_days) == PARK


def test_a_change_touches_only_its_own_lines() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    kevan = page.zones[0]
    new = page.replace_zone(
        replace(kevan, buildings=(*kevan.buildings, Building("Lagoon")), planned=())
    )
    assert _changed_lines(PARK, new) == [
        "- * Buildings: [[Playpit]], Gift Shop (Budget)",
        "+ * Buildings: [[Playpit]], Gift Shop (Budget), Lagoon",
        "- * Planned Buildings: Lagoon",
        "+ * Planned Buildings:",
    ]


def test_changing_a_value_keeps_its_comment() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    new = page.replace_zone(replace(page.zones[0], operator="Josh"))
    assert _changed_lines(PARK, new) == [
        "- * Operator: [[User:Kevan|Kevan]] <!-- since 23 May -->",
        "+ * Operator: Josh <!-- since 23 May -->",
    ]


def test_a_missing_field_is_added_in_the_formats_order() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    josh = page.zone("The Josh Zone")
    assert josh is not None
    license_ = IPLicense("Teen Spirit", (Segment.TEEN, Segment.TEEN))
    new = page.replace_zone(replace(josh, ip_license=license_))
    assert "* Operator: Josh\n* IP License: Teen Spirit (tt)\n* Buildings:\n\n== Visitors" in new
    assert NomiclandPage.from_wikitext(new).zone("The Josh Zone") == replace(
        josh, ip_license=license_
    )


def test_a_new_zone_goes_before_the_visitors() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    new = page.replace_zone(Zone("The Bob Zone", operator="Bob"))
    assert "* Buildings:\n\n== The Bob Zone ==\n* Operator: Bob\n\n== Visitors ==" in new
    again = NomiclandPage.from_wikitext(new)
    assert [z.name for z in again.zones] == ["The Kevan Zone", "The Josh Zone", "The Bob Zone"]
    assert again.business_days == page.business_days


def test_business_days_and_visitors() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    with_visitors = page.add_visitors(3, [Segment.CHILD, Segment.ADULT])
    assert _changed_lines(PARK, with_visitors) == ["- # ", "+ # cA"]
    next_day = NomiclandPage.from_wikitext(with_visitors).add_business_day()
    assert next_day.endswith("# ccctcS <!-- Focus Grouping -->\n# cA\n#\n")
    days = NomiclandPage.from_wikitext(next_day).business_days
    assert [d.number for d in days] == [1, 2, 3, 4] and days[3].visitors == ()


def test_visitors_added_to_a_commented_item_keep_the_comment() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    new = page.add_visitors(2, [Segment.SENIOR])
    assert "# ccctcSS <!-- Focus Grouping -->\n" in new


def test_seed_page_grows_a_queue() -> None:
    page = NomiclandPage.from_wikitext(SEED_WIKITEXT.rstrip())  # as MediaWiki stores it
    first = page.add_business_day()
    assert first.endswith("== Visitors ==\n#\n")
    second = NomiclandPage.from_wikitext(first.rstrip()).add_business_day()
    assert second.endswith("== Visitors ==\n#\n#\n")
    assert len(NomiclandPage.from_wikitext(second.rstrip()).business_days) == 2


def test_a_page_without_visitors_section_gets_one() -> None:
    page = NomiclandPage.from_wikitext("Intro.\n\n== The Ann Zone ==\n* Operator: Ann")
    assert page.add_business_day() == (
        "Intro.\n\n== The Ann Zone ==\n* Operator: Ann\n\n== Visitors ==\n#\n"
    )


def test_no_rule_removes_a_business_day() -> None:
    page = NomiclandPage.from_wikitext(PARK)
    with pytest.raises(ValueError, match="no rule removes a Business Day"):
        page.render(business_days=page.business_days[:1])
    with pytest.raises(ValueError, match="numbered 1, 2, 3"):
        page.render(business_days=[BusinessDay(2)])


def test_comments_templates_and_pre_blocks_are_not_read() -> None:
    text = (
        "<pre>\n== Inside Pre ==\n</pre>\n{{Box|\n== Inside A Template ==\n}}\n"
        "<!--\n== Inside A Comment ==\n-->\n== Real ==\n* Operator: Ann"
    )
    page = NomiclandPage.from_wikitext(text)
    assert [z.name for z in page.zones] == ["Real"]
    assert [h.title for h in WikiLines(text).headings] == ["Real"]


def test_lines_end_at_newlines_only() -> None:
    # U+2028, form feed, vertical tab, U+0085 and U+001C are characters within a
    # line to MediaWiki, not line breaks as str.splitlines() has them.
    text = (
        "Intro\u2028== Fake ==\nA\x0cB\x0bC\x1cD\x85E\u2029F\n"
        "== Real ==\r\n* Operator: Ann, Bob\r\n"
    )
    lines = WikiLines(text)
    assert [line.text for line in lines.lines] == [
        "Intro\u2028== Fake ==",
        "A\x0cB\x0bC\x1cD\x85E\u2029F",
        "== Real ==",
        "* Operator: Ann, Bob",
    ]
    assert [line.newline for line in lines.lines] == ["\n", "\n", "\r\n", "\r\n"]
    assert [(h.index, h.title) for h in lines.headings] == [(2, "Real")]
    page = NomiclandPage.from_wikitext(text)
    assert [z.name for z in page.zones] == ["Real"]
    assert [(p.line, p.message) for p in page.problems] == [
        (4, "Zone 'Real': more than one Operator: 'Ann, Bob'")
    ]


def test_crlf_lines_round_trip_byte_for_byte() -> None:
    text = PARK.replace("\n", "\r\n") + "\r\n"
    page = NomiclandPage.from_wikitext(text)
    assert page.render() == text
    kevan = page.zone("The Kevan Zone")
    assert kevan is not None
    new = page.replace_zone(replace(kevan, planned=("Lagoon", "Monorail")))
    assert new == text.replace("Buildings: Lagoon\r\n", "Buildings: Lagoon, Monorail\r\n")


CLAUSE_CASES = [
    pytest.param(
        "== A ==\n* IP License: Foo (cx)", 2, "unknown market segment 'x'", VISITORS,
        id="Visitors: four market segments c, t, A and S",
    ),
    pytest.param(
        "== A ==\n* IP License: Foo (cAt)", 2, "has 3 market segments, not two", LICENSING,
        id="Licensing: choosing two market segments",
    ),
    pytest.param(
        "== A ==\n* IP License: Foo", 2, "not written as Name (two segment letters)", LICENSING,
        id="Licensing: a license names its segments",
    ),
    pytest.param(
        "== A ==\n* Operator: Ann, Bob", 2, "more than one Operator", ZONES,
        id="Zones: Operated by a single Imagineer",
    ),
    pytest.param(
        "== A ==\n* Operator: Ann\n* Operator: Bob", 3, "a second Operator line", ZONES,
        id="Zones: one Operator line",
    ),
    pytest.param(
        "== A ==\n\n== A ==", 3, "two Zones are named 'A'", ZONES,
        id="Zones: the name does not match that of any existing Zone",
    ),
    pytest.param(
        "== A ==\n* Buildings: Playpit, Water Slide", 2,
        "'Water Slide', which is not a Building in the Ruleset", CONSTRUCTION,
        id="Construction: Buildings are listed as sub rules",
    ),
    pytest.param(
        "== A ==\n* Planned Buildings: Castle", 2,
        "plans 'Castle', which is not a Building", PLANNING,
        id="Planning: Planned Buildings refer to specific Buildings",
    ),
    pytest.param(
        "== Visitors ==\n# cA\n# cZ", 3, "Business Day 2: unknown market segment 'Z'", VISITORS,
        id="Visitors: a queue item holds segment letters",
    ),
    pytest.param(
        "== A ==\n* Operator: {{user}}", 2, "cannot be read as plain text", ZONES,
        id="Zones: an Operator written as a template is not guessed",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "message", "clause"), CLAUSE_CASES)
def test_problems_name_the_line_and_the_rule(
    text: str, line: int, message: str, clause: RuleClause
) -> None:
    page = NomiclandPage.from_wikitext(text, title="Nomicland", buildings=BUILDINGS)
    assert len(page.problems) == 1, page.problems
    problem = page.problems[0]
    assert (problem.page, problem.line, problem.clause) == ("Nomicland", line, clause)
    assert message in problem.message
    assert str(problem).startswith(f"Nomicland line {line}: ")
    assert f'(rule "{clause.rule}": "{clause.words}")' in str(problem)


def test_a_page_with_problems_is_not_edited() -> None:
    page = NomiclandPage.from_wikitext("== A ==\n* Operator: Ann, Bob\n\n== Visitors ==\n# c")
    assert page.render() == page.text  # reading is fine
    with pytest.raises(WikiError, match="Nomicland: the page has 1 problem"):
        page.add_business_day()


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "== Z ==",
                "=== Sub ===",
                "== Visitors ==",
                "* Operator: Ann",
                "* Buildings: ",
                "* IP License: X (cA)",
                "# cAtS",
                "# ",
                "#",
                "<!--",
                "-->",
                "{{T|",
                "}}",
                "<pre>",
                "</pre>",
                "prose",
                "",
                "* Planned Buildings: Lagoon",
                "{|",
                "|}",
                "prose\u2028== Z ==",
                "\x0c* Operator: Bob",
            ]
        ),
        max_size=25,
    ),
    st.sampled_from(["", "\n", "\r\n"]),
    st.sampled_from(["\n", "\r\n"]),
)
def test_junk_round_trips(lines: list[str], end: str, newline: str) -> None:
    text = newline.join(lines) + end
    page = NomiclandPage.from_wikitext(text)
    assert page.render() == text
    assert page.render(zones=page.zones, business_days=page.business_days) == text


@pytest.mark.integration
def test_bot_edit_on_the_wiki_keeps_human_text(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, PARK)

    def construct(text: str) -> str:
        page = NomiclandPage.from_wikitext(text, title=page_title, buildings=BUILDINGS)
        kevan = page.zone("The Kevan Zone")
        assert kevan is not None
        return page.replace_zone(replace(kevan, buildings=(*kevan.buildings, Building("Lagoon"))))

    result = bot.edit(page_title, construct, cause=EditCause("construct a Lagoon"))
    assert result.saved and result.section == 1
    expected = PARK.replace("Gift Shop (Budget)", "Gift Shop (Budget), Lagoon")
    assert human.read(page_title) == expected.rstrip()  # MediaWiki strips the page's end
