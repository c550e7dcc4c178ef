"""Ascension Address changes: keyword renames, repeals, and reading the terms back."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules_text import (
    InvalidRename,
    KeywordClash,
    Ruleset,
    Section,
    TermsNotFound,
    UnknownRulesToKeep,
    parse_ruleset,
    read_terms,
    rename_terms,
    repeal_dynastic_rules,
    rules_repealed,
    ruleset_139,
    ruleset_139_wikitext,
)
from rules_text.terms import match_case, plural, singular

SEED = ruleset_139_wikitext()
DYNASTIC = tuple(rule.name for rule in ruleset_139().dynastic_rules())


def _section_text(ruleset: Ruleset, section: Section) -> str:
    (span,) = [span for found, span in ruleset.sections if found is section]
    return ruleset.text[span[0] : span[1]]


# Reading the terms.


def test_read_terms_of_ruleset_139() -> None:
    """ "all Imagineers shall obey it" and "known as the Boss"."""
    assert read_terms(ruleset_139()) == ("Imagineer", "Boss")


@pytest.mark.parametrize(
    ("page", "terms"),
    [
        pytest.param(
            "== Ruleset and Gamestate ==\nThis is the Ruleset; all Space Pirates shall obey it.\n"
            "== Dynasties ==\nheaded by a single Space Pirate, known as the Dread Captain.\n",
            ("Space Pirate", "Dread Captain"),
            id="two-word terms",
        ),
        pytest.param(
            "== Ruleset and Gamestate ==\nall '''Bosses''' must obey it.\n"
            "== Dynasties ==\nknown as the '''Emperor'''. Bosses and the Boss.\n",
            ("Boss", "Emperor"),
            id="plural Bosses, bold markup",
        ),
        pytest.param(
            "== Preamble ==\nall Players shall obey it.\n== Heads ==\nknown as the Emperor.\n",
            ("Player", "Emperor"),
            id="rules renamed: whole ruleset searched",
        ),
    ],
)
def test_read_terms(page: str, terms: tuple[str, str]) -> None:
    assert read_terms(parse_ruleset(page)) == terms


@pytest.mark.parametrize(
    "page",
    [
        pytest.param("== Dynasties ==\nknown as the Boss.\n", id="no “all … shall obey it”"),
        pytest.param("== Ruleset and Gamestate ==\nall Gnomes shall obey it.\n", id="no Boss"),
    ],
)
def test_read_terms_not_found(page: str) -> None:
    with pytest.raises(TermsNotFound):
        read_terms(parse_ruleset(page))


@pytest.mark.parametrize(
    ("word", "plural_form"),
    [("Imagineer", "Imagineers"), ("Boss", "Bosses"), ("Fairy", "Fairies"), ("Day", "Days")]
    + [("Space Pirate", "Space Pirates"), ("Witch", "Witches"), ("BOSS", "BOSSES")],
)
def test_plural_and_singular(word: str, plural_form: str) -> None:
    assert plural(word) == plural_form
    assert singular(plural_form, context=word) == word


@pytest.mark.parametrize(
    ("found", "new", "expected"),
    [("Imagineer", "Gnome", "Gnome"), ("imagineer", "Gnome", "gnome")]
    + [("IMAGINEER", "Gnome", "GNOME"), ("Imagineer", "McDuck", "McDuck")],
)
def test_match_case(found: str, new: str, expected: str) -> None:
    assert match_case(found, new) == expected


# Renaming keywords.


@pytest.mark.parametrize(
    ("before", "after"),
    [
        pytest.param("all Imagineers shall obey it", "all Gnomes shall obey it", id="plural"),
        pytest.param("an Imagineer's Vote", "an Gnome's Vote", id="possessive '"),
        pytest.param("An Imagineer’s Vote", "An Gnome’s Vote", id="possessive ’"),
        pytest.param("the Boss’s Debt", "the Overlord’s Debt", id="Boss’s"),
        pytest.param("the Boss's Vote", "the Overlord's Vote", id="Boss's"),
        pytest.param("no two Bosses", "no two Overlords", id="plural Bosses"),
        pytest.param("A non-Imagineer never", "A non-Gnome never", id="non-Imagineer"),
        pytest.param("imagineer IMAGINEER", "gnome GNOME", id="case variants"),
        pytest.param("“Imagineers”", "“Gnomes”", id="in quotes"),
        pytest.param("Imagineering Bossy Bossa", "Imagineering Bossy Bossa", id="whole words"),
        pytest.param("== Idle Imagineers ==", "== Idle Gnomes ==", id="rule names too"),
    ],
)
def test_rename_terms_forms(before: str, after: str) -> None:
    page = f"{before}\nall Imagineers shall obey it; known as the Boss.\n"
    renamed = rename_terms(page, {"Imagineer": "Gnome", "Boss": "Overlord"})
    assert renamed.split("\n")[0] == after


def test_rename_then_read_terms() -> None:
    renamed = rename_terms(SEED, {"Imagineer": "Gnome", "Boss": "Overlord"})
    assert read_terms(parse_ruleset(renamed)) == ("Gnome", "Overlord")
    assert not re.search(r"imagineer|\bboss", renamed, re.IGNORECASE)
    assert parse_ruleset(renamed).has_rule("Idle Gnomes")


def test_renames_happen_at_once_so_they_never_chain() -> None:
    page = "all Imagineers shall obey it; known as the Boss. Imagineer, Boss.\n"
    renamed = rename_terms(page, {"Imagineer": "Ranger", "Boss": "Warden"})
    assert renamed == "all Rangers shall obey it; known as the Warden. Ranger, Warden.\n"


def test_rename_only_changes_the_terms() -> None:
    renamed = rename_terms(SEED, {"Imagineer": "Gnome"})
    assert len(renamed.split("\n")) == len(SEED.split("\n"))
    assert re.sub(r"Gnome", "Imagineer", renamed) == SEED
    assert rename_terms(SEED, {}) == SEED
    assert rename_terms(SEED, {"Boss": "Boss"}) == SEED


@pytest.mark.parametrize(
    "mapping",
    [
        pytest.param({"Imagineer": "Gnome", "Boss": "Gnome"}, id="two keywords to the same word"),
        pytest.param({"Imagineer": "Gnome", "Boss": "gnomes"}, id="same word, other case, plural"),
        pytest.param({"Imagineer": "Boss"}, id="new word is already the Boss keyword"),
        pytest.param({"Boss": "Imagineers"}, id="new word is the plural of a keyword"),
        pytest.param({"Imagineer": "Boss", "Boss": "Imagineer"}, id="a swap"),
    ],
)
def test_fair_play_forbids_changing_multiple_keywords_to_the_same_word(
    mapping: dict[str, str],
) -> None:
    """Fair Play: "changing multiple keywords to the same word in an ascension address"."""
    with pytest.raises(KeywordClash, match="Fair Play"):
        rename_terms(SEED, mapping)


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        pytest.param({"Imagineer": ""}, "not a word", id="empty new word"),
        pytest.param({"Imagineer": "Gnome!"}, "not a word", id="punctuation"),
        pytest.param({"Imagineer": "Gnome", " imagineer ": "Elf"}, "twice", id="listed twice"),
        pytest.param({"Wizard": "Gnome"}, "never uses the keyword 'Wizard'", id="unused keyword"),
    ],
)
def test_invalid_renames(mapping: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidRename, match=message) as caught:
        rename_terms(SEED, mapping)
    assert isinstance(caught.value, ValueError)
    assert not isinstance(caught.value, KeywordClash)


WORDS = st.from_regex(r"[A-Z][a-z]{2,9}", fullmatch=True).filter(
    lambda w: (
        w.casefold() not in {"imagineer", "boss", "all", "shall", "known", "the", "obey"}
        and not w.casefold().startswith(("imagineer", "boss"))
    )
)


@settings(max_examples=25, deadline=None)
@given(WORDS, WORDS)
@example("Ase", "Aaa")  # "Ases" could be "As"es: "As" starts sentences of the seed
def test_any_two_distinct_words_rename_and_read_back(player: str, boss: str) -> None:
    if {player.casefold(), plural(player).casefold()} & {boss.casefold(), plural(boss).casefold()}:
        with pytest.raises(KeywordClash):
            rename_terms(SEED, {"Imagineer": player, "Boss": boss})
        return
    renamed = rename_terms(SEED, {"Imagineer": player, "Boss": boss})
    assert read_terms(parse_ruleset(renamed)) == (player, boss)
    assert parse_ruleset(renamed).find(f"Idle {plural(player)}").section is Section.CORE


# Repealing dynastic rules.


def test_repeal_keeps_listed_rules_and_leaves_core_and_appendix_alone() -> None:
    repealed = repeal_dynastic_rules(SEED, ["Construction", "  budget "])
    before, after = ruleset_139(), parse_ruleset(repealed)
    assert [r.name for r in after.dynastic_rules()] == ["Budget", "Construction"]
    assert [c.name for c in after.find("Construction").children][:2] == [
        "Playpit",
        "Concession Stand",
    ]
    for section in (Section.CORE, Section.APPENDIX):
        assert _section_text(after, section) == _section_text(before, section)
    assert repealed.startswith(SEED[: before.find("Budget").span[1]])


def test_repeal_everything_leaves_the_empty_section() -> None:
    repealed = repeal_dynastic_rules(SEED, [])
    after = parse_ruleset(repealed)
    assert after.dynastic_rules() == ()
    assert "= Dynastic Rules =\n\n= Appendix =" in repealed
    assert not after.has_rule("Playpit")
    assert len(after.rules()) == len(ruleset_139().core_rules()) + 1 + 10


def test_keeping_every_rule_changes_nothing() -> None:
    assert repeal_dynastic_rules(SEED, DYNASTIC) == SEED


@pytest.mark.parametrize(
    ("keep", "named"),
    [
        pytest.param(["Construction", "Rollercoasters"], ["Rollercoasters"], id="a typo"),
        pytest.param(["Votable Matters"], ["Votable Matters"], id="a core rule"),
        pytest.param(["Playpit", "Keywords"], ["Playpit", "Keywords"], id="subrule, appendix"),
    ],
)
def test_unknown_rules_to_keep_are_refused_by_name(keep: list[str], named: list[str]) -> None:
    with pytest.raises(UnknownRulesToKeep) as caught:
        repeal_dynastic_rules(SEED, keep)
    assert caught.value.names == tuple(named)
    for name in named:
        assert repr(name) in str(caught.value)


def test_keep_must_be_a_collection_of_names() -> None:
    with pytest.raises(TypeError):
        repeal_dynastic_rules(SEED, "Construction")


def test_human_prose_around_the_dynastic_section_survives() -> None:
    page = (
        "{{TOCRight}}\n= Core Rules =\n== Fair Play ==\nBe nice.\n<!-- note -->\n"
        "= Dynastic Rules =\n''Nomicland, a theme park.''\n== Budget ==\nMoney.\n"
        "=== Spending ===\nSpend.\n== Zones ==\nZones.\n= Appendix =\n== Keywords ==\nx\n"
    )
    assert repeal_dynastic_rules(page, ["Zones"]) == (
        "{{TOCRight}}\n= Core Rules =\n== Fair Play ==\nBe nice.\n<!-- note -->\n"
        "= Dynastic Rules =\n''Nomicland, a theme park.''\n== Zones ==\nZones.\n"
        "= Appendix =\n== Keywords ==\nx\n"
    )


@settings(max_examples=20, deadline=None)
@given(st.sets(st.sampled_from(DYNASTIC)))
def test_repeal_keeps_exactly_the_kept_rules_and_core_and_appendix(keep: set[str]) -> None:
    after = parse_ruleset(repeal_dynastic_rules(SEED, keep))
    assert [r.name for r in after.dynastic_rules()] == [n for n in DYNASTIC if n in keep]
    for section in (Section.CORE, Section.APPENDIX):
        assert _section_text(after, section) == _section_text(ruleset_139(), section)
    assert [r.name for r in rules_repealed(ruleset_139(), keep)] == [
        n for n in DYNASTIC if n not in keep
    ]
