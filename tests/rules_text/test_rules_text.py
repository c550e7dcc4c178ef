"""The Ruleset as a rule tree: sections, rules, subrules, exact source round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_text import (
    RuleNotFound,
    Ruleset,
    RulesTextError,
    Section,
    parse_ruleset,
    plain_text,
    ruleset_139,
    ruleset_139_wikitext,
)
from rules_text.tree import UNNAMED_RULE

# A page as humans keep it: a template and notice before the rules, HTML
# comments, a <div> wrapping the core rules, prose between sections.
HUMAN_PAGE = """{{TOCRight}}
<!-- Admins: please keep the ruleset numbered by the wiki, not by hand. -->
''This is the current Ruleset.'' See [[Ruleset 138]] for the last one.

<div style="padding:8px;background:#ddd;">
= Core Rules =
== Ruleset and Gamestate ==
This is the '''Ruleset''' for BlogNomic; all Imagineers shall obey it.
<!-- == Not A Rule == (a heading in a comment is not a rule) -->
== Dynasties ==
Each Dynasty may be headed by a single Imagineer, known as the Boss.
</div>
= Dynastic Rules =
Rules below were added by Proposal. {{Proposal|Fix the Queue}}

==Budget==
Each Imagineer has a Budget.
===Spending===
When an Imagineer spends an amount of currency...
====   Really Deep   ====
A sub-subrule.
== Construction ==
=== Playpit ===
Cost: 1000<br />
Size: 1<br />
Effect: +1 SMILE per Child visitor that Business Day.
= Appendix =
== Keywords ==
;Can:"is able to"
"""


@pytest.fixture(scope="module")
def seed() -> Ruleset:
    return ruleset_139()


# Round trips.


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(ruleset_139_wikitext(), id="Ruleset 139"),
        pytest.param(HUMAN_PAGE, id="prose, templates, comments and a div around rules"),
        pytest.param("", id="empty page"),
        pytest.param("No headings at all.\n", id="no headings"),
        pytest.param("== Only ==", id="heading at end of text without newline"),
    ],
)
def test_text_round_trips_byte_for_byte(text: str) -> None:
    assert parse_ruleset(text).text == text


def test_spans_cover_the_page_after_the_first_heading_exactly(seed: Ruleset) -> None:
    """Sections and top-level rules tile the page: nothing is lost or counted twice."""
    text = seed.text
    pieces = [text[: seed.sections[0][1][0]]]
    for _section, (start, end) in seed.sections:
        rules = [rule for rule in seed.top_level if start <= rule.span[0] < end]
        heading_end = rules[0].span[0] if rules else end
        pieces.append(text[start:heading_end])
        pieces.extend(text[rule.span[0] : rule.span[1]] for rule in rules)
    assert "".join(pieces) == text


def test_each_rule_span_starts_with_its_heading_and_holds_its_body(seed: Ruleset) -> None:
    for rule in seed.rules():
        start, end = rule.span
        assert seed.text[start:end].startswith("=" * rule.level + " " + rule.name)
        assert seed.text[rule.body_span[0] : rule.body_span[1]] == rule.text
        assert start <= rule.body_span[0] <= rule.body_span[1] <= end
        for child in rule.children:
            assert start < child.span[0] <= child.span[1] <= end


# Finding rules.


@pytest.mark.parametrize(
    ("name", "section", "level"),
    [
        pytest.param("Votable Matters", Section.CORE, 2, id="core: Votable Matters"),
        pytest.param("Idle Imagineers", Section.CORE, 3, id="core subrule: Idle Imagineers"),
        pytest.param("Victory and Ascension", Section.CORE, 2, id="core: Victory and Ascension"),
        pytest.param("Construction", Section.DYNASTIC, 2, id="dynastic: Construction"),
        pytest.param("Playpit", Section.DYNASTIC, 3, id="Buildings are sub rules: Playpit"),
        pytest.param("Keywords", Section.APPENDIX, 2, id="appendix: Keywords"),
        pytest.param("Numbers and Variables", Section.APPENDIX, 3, id="appendix subrule"),
        pytest.param("  votable MATTERS ", Section.CORE, 2, id="case and spaces ignored"),
    ],
)
def test_find(seed: Ruleset, name: str, section: Section, level: int) -> None:
    rule = seed.find(name)
    assert rule.is_named(name)
    assert (rule.section, rule.level) == (section, level)


def test_section_is_a_plain_string_too(seed: Ruleset) -> None:
    assert seed.find("Budget").section == "dynastic"


def test_rule_not_found_names_the_rule(seed: Ruleset) -> None:
    with pytest.raises(RuleNotFound, match="'Roller Coasters'") as caught:
        seed.find("  Roller Coasters ")
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, RulesTextError)
    assert caught.value.name == "Roller Coasters"
    assert seed.get("Roller Coasters") is None
    assert not seed.has_rule("Roller Coasters")


def test_rule_text_is_its_own_body_without_subrules(seed: Ruleset) -> None:
    construction = seed.find("Construction")
    assert construction.text.startswith("Buildings are listed as sub rules of this rule")
    assert "=== Playpit ===" not in construction.text
    assert "Cost: 1000" not in construction.text
    assert construction.span[1] - construction.span[0] > len(construction.text)
    assert seed.find("Playpit").text == (
        "Cost: 1000<br />\nSize: 1<br />\nEffect: +1 SMILE per Child visitor that Business Day.\n\n"
    )


def test_seed_structure(seed: Ruleset) -> None:
    assert [r.name for r in seed.core_rules()] == [
        "Ruleset and Gamestate",
        "Imagineers",
        "Dynasties",
        "Votable Matters",
        "Proposals",
        "Special Proposal Voting",
        "Resolution of Proposals",
        "Calls for Judgement",
        "Victory and Ascension",
        "Fair Play",
        "Seasonal Downtime",
    ]
    assert [r.name for r in seed.dynastic_rules()] == [
        "Budget",
        "Spending",
        "Breaking Even",
        "Planning",
        "Focus Grouping",
        "Zones",
        "Visitors",
        "Smiles",
        "Construction",
        "Licensing",
        "Project Completion",
    ]
    assert [r.name for r in seed.appendix_rules()] == [
        "Keywords",
        "Gamestate Tracking",
        "Clarifications",
    ]
    assert len(seed.find("Construction").children) == 13
    assert [c.name for c in seed.find("Clarifications").children] == [
        "Numbers and Variables",
        "Rules and Proposals",
        "Time",
        "Spelling",
        "Names",
        "Prioritisation",
    ]
    assert len(seed.rules()) == 12 + 24 + 10
    assert [s for s, _span in seed.sections] == [Section.CORE, Section.DYNASTIC, Section.APPENDIX]


def test_human_page() -> None:
    ruleset = parse_ruleset(HUMAN_PAGE)
    assert [r.name for r in ruleset.core_rules()] == ["Ruleset and Gamestate", "Dynasties"]
    assert [r.name for r in ruleset.dynastic_rules()] == ["Budget", "Construction"]
    budget = ruleset.find("budget")
    assert [c.name for c in budget.children] == ["Spending"]
    assert [c.name for c in budget.children[0].children] == ["Really Deep"]
    assert ruleset.find("Really Deep").level == 4
    assert not ruleset.has_rule("Not A Rule")
    assert "<!-- == Not A Rule ==" in ruleset.find("Ruleset and Gamestate").text
    assert ruleset.find("Dynasties").text.endswith("</div>\n")
    assert ruleset.find("Playpit").section is Section.DYNASTIC


@pytest.mark.parametrize(
    ("heading", "section"),
    [
        pytest.param("= Core Rules =", Section.CORE, id="= Core Rules ="),
        pytest.param("= Dynastic Rules =", Section.DYNASTIC, id="= Dynastic Rules ="),
        pytest.param("= Appendix =", Section.APPENDIX, id="= Appendix ="),
        pytest.param("= Glossary =", Section.APPENDIX, id="older rulesets: = Glossary ="),
        pytest.param(
            "= Special Case Rules =", Section.OTHER, id="a section nomicbot does not know"
        ),
    ],
)
def test_sections_from_level_one_headings(heading: str, section: Section) -> None:
    ruleset = parse_ruleset(f"{heading}\n== A Rule ==\nText.\n")
    assert ruleset.find("A Rule").section is section


def test_rules_above_the_first_section_are_other() -> None:
    assert parse_ruleset("== Stray ==\nx\n").find("Stray").section is Section.OTHER


@pytest.mark.parametrize(
    "heading",
    [
        pytest.param("==  ==", id="blank title"),
        pytest.param("== <!-- nothing --> ==", id="title only a comment"),
    ],
)
def test_a_rule_with_no_name_is_named_unnamed_rule(heading: str) -> None:
    """Clarifications: "If a rule would ever have no name, it is instead named “Unnamed Rule”."""
    ruleset = parse_ruleset(f"= Dynastic Rules =\n{heading}\nText.\n")
    assert ruleset.find("unnamed rule").name == UNNAMED_RULE


def test_heading_markup_is_not_part_of_the_name() -> None:
    ruleset = parse_ruleset("== '''Bold''' [[Link|Linked]] Rule ==\nx\n")
    assert ruleset.rules()[0].name == "Bold Linked Rule"


# Plain text.


@pytest.mark.parametrize(
    ("wikitext", "plain"),
    [
        pytest.param(';Can:"is able to"\n', 'Can\n"is able to"\n', id="glossary entry"),
        pytest.param("* a\n# b\n", " a\n b\n", id="list markers"),
        pytest.param("x<!-- c -->y{{T|z}}", "xy", id="comments and templates"),
        pytest.param("Cost: 1<br />\n", "Cost: 1\n", id="line breaks"),
        pytest.param("the '''Ruleset''' [[Rule|rules]]", "the Ruleset rules", id="bold, links"),
    ],
)
def test_plain_text(wikitext: str, plain: str) -> None:
    assert plain_text(wikitext) == plain


def test_rule_plain_text(seed: Ruleset) -> None:
    assert (
        seed.find("Ruleset and Gamestate")
        .plain_text()
        .startswith("This is the Ruleset for BlogNomic; all Imagineers shall obey it.")
    )


# Junk never breaks the parser.

WIKI_BITS = st.sampled_from(
    ["=", "==", "===", " ", "\n", "x", "Rule", "<div>", "</div>", "<!--", "-->", "{{", "}}"]
    + ["[[", "]]", "'''", ";", ":", "*", "#", "<br />", "Core", "Dynastic", "Appendix", "é"]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(WIKI_BITS, max_size=60).map("".join)))
def test_parse_never_crashes_on_junk_and_round_trips(text: str) -> None:
    ruleset = parse_ruleset(text)
    assert ruleset.text == text
    for rule in ruleset.rules():
        start, end = rule.span
        assert 0 <= start <= end <= len(text)
        assert text[rule.body_span[0] : rule.body_span[1]] == rule.text
        heading = text[rule.heading_span[0] : rule.heading_span[1]]
        assert rule.heading_span[0] == start
        assert heading.startswith("=" * rule.level) and heading.endswith("=" * rule.level)
        assert rule.level >= 2
        assert ruleset.find(rule.name).is_named(rule.name)
    tops = ruleset.top_level
    assert all(a.span[1] <= b.span[0] for a, b in zip(tops, tops[1:], strict=False))
