"""A Proposal's text read as mechanical changes, and the changes applied to Ruleset 139."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_text import (
    ChangeValue,
    CreateRule,
    ProposalNotApplicable,
    RenameRule,
    RepealRule,
    ReplaceRuleText,
    ReplaceWords,
    SetValue,
    apply_rule_changes,
    blocks_of,
    parse_ruleset,
    read_proposal_text,
    ruleset_139_wikitext,
)

COLUMNS = ("Budget", "Debt", "Smiles", "LBD")

# Forms seen in real BlogNomic Proposals (the post each was seen in), rule text in a quote.
REAL = [
    pytest.param(
        "<p>Repeal the rule “Imperial Lineage”</p>",
        (RepealRule("Imperial Lineage"),),
        id="blognomic.com/2021/12 'Spoiled Lineage': Repeal the rule “Imperial Lineage”",
    ),
    pytest.param(
        "<p>Add a new rule to the ruleset, called Scrapbook, with the following text:</p>"
        "<blockquote><p>If a Tripper is at the Final Destination stop.</p></blockquote>",
        (CreateRule("Scrapbook", "If a Tripper is at the Final Destination stop."),),
        id="blognomic.com/2021/12 'Tripper Clipper': Add a new rule to the ruleset, called X, with",
    ),
    pytest.param(
        "<p>Create a new dynastic rule, “Anonymous Proposals”, with the following text:</p>"
        "<blockquote>As a weekly action, a Seeker may</blockquote>",
        (CreateRule("Anonymous Proposals", "As a weekly action, a Seeker may", None, "dynastic"),),
        id="archive/anonymous_proposals: Create a new dynastic rule, “X”, with the following text",
    ),
    pytest.param(
        "<p>Create a subrule of the Core Rule “Dynasties” titled “Metadynasties” with the "
        "following text:</p><blockquote>Some Dynasties</blockquote>",
        (CreateRule("Metadynasties", "Some Dynasties", "Dynasties"),),
        id="archive/reinstituting_metadynasties: Create a subrule of the Core Rule “Y” titled “X”",
    ),
    pytest.param(
        "<p>Replace the text ” If there is a Final Destination Stop” in the rule “Road Map” "
        "with the following:</p><blockquote>If there is a Stop with the type “Endpoint”"
        "</blockquote>",
        (
            ReplaceWords(
                "Road Map",
                " If there is a Final Destination Stop",
                "If there is a Stop with the type “Endpoint”",
            ),
        ),
        id="blognomic.com/2021/12 'A Quarter-Mile at a Time': Replace the text “A” in the rule X",
    ),
    pytest.param(
        "<p>Create a new rule “Directives”:</p><blockquote>Proposals may contain</blockquote>",
        (CreateRule("Directives", "Proposals may contain"),),
        id="archive/first_rule_of_blognomic...: Create a new rule “X”:",
    ),
]

# Invented edge cases: the brief's forms and what must be by hand.
INVENTED = [
    pytest.param(
        "<p>Repeal rule Zones.</p>", (RepealRule("Zones"),), id="Repeal rule X (unquoted)"
    ),
    pytest.param(
        "<p>Amend the rule “Budget” to read:</p><blockquote><p>A  Budget.</p>\n<p>Two.</p>"
        "</blockquote>",
        (ReplaceRuleText("Budget", "A  Budget.\n\nTwo."),),
        id="Amend the rule X to read: (spacing kept)",
    ),
    pytest.param(
        "<p>Replace the text of rule Smiles with:</p><blockquote>New<br>line</blockquote>",
        (ReplaceRuleText("Smiles", "New\nline"),),
        id="Replace the text of rule X with:",
    ),
    pytest.param(
        "<p>In the rule Budget, replace “nonnegative” with “positive”</p>",
        (ReplaceWords("Budget", "nonnegative", "positive"),),
        id="In the rule X, replace “A” with “B”",
    ),
    pytest.param(
        "<p>Rename the rule Zones to Areas</p>", (RenameRule("Zones", "Areas"),), id="Rename"
    ),
    pytest.param(
        "<p>Create a new subrule called Ferris Wheel under Construction:</p>"
        "<blockquote>Cost: 5</blockquote>",
        (CreateRule("Ferris Wheel", "Cost: 5", "Construction"),),
        id="Create a new subrule called X under Y:",
    ),
    pytest.param(
        "<ol><li>Set Kevan’s Budget to 100</li><li>Alice's Smiles are increased by 2</li>"
        "<li>Reduce the Imagineer Bob's Debt by 3</li></ol>",
        (
            SetValue("Kevan", "Budget", 100),
            ChangeValue("Alice", "Smiles", 2),
            ChangeValue("Bob", "Debt", -3),
        ),
        id="Set NAME's Budget to N; NAME's Smiles are increased by N; a list applies in order",
    ),
    pytest.param(
        "<p>Repeal the rule Zones. Repeal rule Smiles.</p>",
        (RepealRule("Zones"), RepealRule("Smiles")),
        id="two sentences in one paragraph",
    ),
    pytest.param(
        "<p>Repeal the rule Zones.</p><hr><p>I think this is a good idea.</p>",
        (RepealRule("Zones"),),
        id="commentary under a <hr> is not the text",
    ),
]

BY_HAND = [
    pytest.param("<p>Repeal the rule Zones.</p><p>I think this helps.</p>", "I think this helps",
                 id="any other sentence makes the whole text by hand"),
    pytest.param("<p>If https://blognomic.com/archive/x has passed:</p><p>Repeal rule Zones</p>",
                 "If https://blognomic.com/archive/x has passed", id="a condition"),
    pytest.param("<p>Amend the rule Budget to read:</p><p>Plain paragraph.</p>",
                 "no quoted text follows", id="the new text is not quoted"),
    pytest.param("<p>Create a new subrule called X:</p><blockquote>t</blockquote>",
                 "a subrule of no named rule", id="a subrule with no parent"),
    pytest.param("", "no instruction", id="empty"),
    pytest.param("<blockquote>Orphan</blockquote>", "a quoted text no instruction uses",
                 id="a quote no instruction uses"),
]  # fmt: skip


@pytest.mark.parametrize(("html", "changes"), REAL + INVENTED)
def test_mechanical_forms(html: str, changes: tuple[object, ...]) -> None:
    text = read_proposal_text(html, columns=COLUMNS)
    assert text.by_hand is None and text.changes == changes
    assert text.is_mechanical


@pytest.mark.parametrize(("html", "reason"), BY_HAND)
def test_by_hand_names_the_sentence(html: str, reason: str) -> None:
    text = read_proposal_text(html, columns=COLUMNS)
    assert not text.is_mechanical and text.changes == ()
    assert text.by_hand is not None and reason in text.by_hand
    assert text.describe().startswith("apply by hand (")


def test_values_need_columns() -> None:
    assert not read_proposal_text("<p>Set Kevan's Budget to 1</p>").is_mechanical


def test_blocks_keep_quote_structure() -> None:
    blocks = blocks_of("<p>a<br>b</p><blockquote><ol><li>x</li><li>y  z</li></ol></blockquote>")
    assert [b.text for b in blocks] == ["a", "b", "# x\n# y  z"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["<p>", "</p>", "<blockquote>", "</blockquote>", "<li>", "<ul>", "<hr>", "<br>",
             "Repeal the rule ", "“", "”", "Set Kevan's Budget to ", "1", ":", ".", " ", "<",
             "Create a new rule called X with the following text:", "&amp;", "<script>"]
        )
        | st.text(max_size=20)
    ).map("".join)
)  # fmt: skip
def test_junk_bodies_never_raise(html: str) -> None:
    text = read_proposal_text(html, columns=COLUMNS)
    assert text.is_mechanical or text.by_hand


# Applying to Ruleset 139.

SEED = ruleset_139_wikitext()


def _outside(text: str, name: str) -> tuple[str, str]:
    start, end = parse_ruleset(text).find(name).span
    return text[:start], text[end:]


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        pytest.param(ReplaceRuleText("Budget", "New text."), "Budget", id="replace text"),
        pytest.param(ReplaceWords("Budget", "nonnegative", "positive"), "Budget", id="words"),
        pytest.param(RenameRule("Zones", "Areas"), "Zones", id="rename"),
    ],
)
def test_changing_a_rule_leaves_the_rest_byte_for_byte(change: object, rule: str) -> None:
    new = apply_rule_changes(SEED, [change])  # type: ignore[list-item]
    name = change.new_title if isinstance(change, RenameRule) else rule
    assert _outside(new, name) == _outside(SEED, rule)
    assert new != SEED


def test_repeal_cuts_exactly_the_rule() -> None:
    start, end = parse_ruleset(SEED).find("Smiles").span
    assert apply_rule_changes(SEED, [RepealRule("Smiles")]) == SEED[:start] + SEED[end:]


def test_replace_text_keeps_the_subrules() -> None:
    new = apply_rule_changes(SEED, [ReplaceRuleText("Construction", "Build.")])
    rule = parse_ruleset(new).find("Construction")
    assert rule.text == "Build.\n\n" and len(rule.children) == 13


@pytest.mark.parametrize(
    ("change", "after"),
    [
        pytest.param(CreateRule("Loans", "Loan text."), "Project Completion", id="dynastic: last"),
        pytest.param(CreateRule("Core Thing", "c", section="core"), "Seasonal Downtime", id="core"),
        pytest.param(
            CreateRule("Ferris Wheel", "Cost: 5", "Construction"),
            "Costumed Character Rec Room",
            id="a subrule: its parent's last",
        ),
    ],  # fmt: skip
)
def test_create_inserts_only_the_new_rule(change: CreateRule, after: str) -> None:
    new = apply_rule_changes(SEED, [change])
    ruleset = parse_ruleset(new)
    created = ruleset.find(change.title)
    assert created.text.strip() == change.text
    names = [r.name for r in ruleset.rules()]
    assert names[names.index(change.title) - 1] == after
    start, end = created.span
    assert new[:start] + new[end:] == SEED


def test_changes_apply_in_order() -> None:
    changes = [CreateRule("Loans", "x"), RenameRule("Loans", "Credit"), RepealRule("Zones")]
    new = apply_rule_changes(SEED, changes)
    assert parse_ruleset(new).has_rule("Credit") and not parse_ruleset(new).has_rule("Zones")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        pytest.param(
            RepealRule("Nope"), "no rule named 'Nope'", id="the named rule does not exist"
        ),
        pytest.param(
            CreateRule("Budget", "x"),
            "a rule named 'Budget' already exists",
            id="a created rule already exists",
        ),
        pytest.param(RenameRule("Zones", "Budget"), "already exists", id="rename onto a rule"),
        pytest.param(
            ReplaceWords("Budget", "zzz", "y"),
            "does not say 'zzz'",
            id="the words are not in the rule",
        ),
        pytest.param(CreateRule("X", "t", "Nope"), "no rule named 'Nope'", id="no parent"),
    ],  # fmt: skip
)
def test_refusals(change: object, reason: str) -> None:
    with pytest.raises(ProposalNotApplicable, match=reason):
        apply_rule_changes(SEED, [change])  # type: ignore[list-item]
