"""Any dynasty's audit, pure: each revision's cells, editor and verdict by the rules every
dynasty shares (quoted), on the Seekers' plain table."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gamestate.dynasties.generic.audit import audit_tables
from gamestate.dynasties.generic.records import (
    Effect,
    GenericAudit,
    GenericInput,
    PageRevision,
    Roll,
    Shared,
)
from rules_text.dynasty import read_dynasty
from tests.any_dynasty import SEEKERS, seekers_table

T0 = datetime(2016, 6, 1, 12, 0, tzinfo=UTC)
PLAYERS = frozenset({"Ann", "Ben", "Cy"})
IDLE = frozenset({"Cy"})
SHARED = Shared(
    read_dynasty(SEEKERS),
    hiatus_allowed=("Votable Matters", "Calls for Judgement", "Gamestate Tracking"),
)
TEMPLATES = {"Active": "active"}


def table(ann: int, ben: int, cy: int = 1) -> str:
    return seekers_table(
        [("Ann", 3, ann, "Active"), ("Ben", 2, ben, "Active"), ("Cy", 1, cy, "Active")]
    )


def rev(n: int, editor: str, text: str, hours: float, summary: str = "") -> PageRevision:
    return PageRevision("Seekers", n, n - 1, editor, T0 + timedelta(hours=hours), summary, text)


def run(
    revisions: list[PageRevision],
    *,
    effects: tuple[Effect, ...] = (),
    rolls: tuple[Roll, ...] = (),
    hiatus: tuple[float, float] | None = None,
) -> GenericAudit:
    def hiatus_at(moment: datetime) -> str | None:
        if hiatus and T0 + timedelta(hours=hiatus[0]) <= moment < T0 + timedelta(hours=hiatus[1]):
            return "the DoV dov1 by Ann"
        return None

    inp = GenericInput(
        revisions=revisions,
        base={"Seekers": table(10, 10)},
        roster_at=lambda moment: (PLAYERS, IDLE),
        hiatus_at=hiatus_at,
        rules_at=lambda moment: SHARED,
        effects=effects,
        rolls=rolls,
        templates=TEMPLATES,
    )
    return audit_tables(inp)


def test_each_kind_of_edit_gets_its_verdict_and_quoted_rule() -> None:
    set_right = Effect(
        "proposal", "p1", T0 + timedelta(hours=1), "Ann", sets={("Ann", "Score"): "15"}
    )
    set_wrong = Effect(
        "proposal", "p2", T0 + timedelta(hours=3), "Ben", sets={("Ben", "Score"): "20"}
    )
    never = Effect("cfj", "c1", T0 + timedelta(hours=4), "Ann", sets={("Cy", "Score"): "9"})
    result = run(
        [
            rev(1, "Mallory", table(11, 10), 0.5, "a point for Ann"),  # not a Seeker
            rev(2, "Ann", table(10, 10), 0.6, "undo Mallory"),  # a correction
            rev(3, "Ann", table(15, 10), 1.2, "p1"),  # enacted, written right
            rev(4, "Ben", table(15, 25), 3.1, "p2"),  # enacted, written wrong
            rev(5, "Cy", table(15, 26), 5, "mine"),  # Idle
            rev(6, "Ann", table(16, 26), 6, "a point"),  # unexplained: unchecked
            rev(7, "Ben", table(16, 27), 8, "in Hiatus"),
        ],
        effects=(set_right, set_wrong, never),
        hiatus=(7, 9),
    )
    verdicts = [(r.revision.revid, r.verdict) for r in result.revisions]
    assert verdicts == [
        (1, "illegal"),
        (2, "legal"),
        (3, "legal"),
        (4, "illegal"),
        (5, "illegal"),
        (6, "unchecked"),
        (7, "illegal"),
    ]
    by_rev = {r.revision.revid: r for r in result.revisions}
    first = by_rev[1]
    assert [c.to_json() for c in first.changes] == [
        {
            "page": "Seekers",
            "table": "table 1",
            "row": "Ann",
            "column": "Score",
            "from": "10",
            "to": "11",
        }
    ]
    refused = first.findings[0]
    assert (refused.kind, refused.rule) == ("refused", "Gamestate Tracking")
    assert (
        refused.expected == "refused: Mallory is not a Seeker at 2016-06-01T12:30:00Z (the roster)"
    )
    assert refused.words == (
        "Any Seeker may update any Seeker's data via the GNDT, whenever the Ruleset permits it."
    )
    assert [f.kind for f in by_rev[2].findings] == ["correction"]
    assert [(f.kind, f.cause) for f in by_rev[3].findings] == [("matched", "proposal p1")]
    wrong = by_rev[4].findings[0]
    assert (wrong.kind, wrong.rule, wrong.expected, wrong.found) == (
        "wrong_value",
        "Resolution of Proposals",
        "20",
        "25",
    )
    assert by_rev[5].findings[0].rule == "Idle Seekers"
    hiatus = by_rev[7].findings[0]
    assert hiatus.rule == "Victory and Ascension" and "Hiatus" in (hiatus.expected or "")
    assert [(m.matter, m.cell, m.expected, m.found) for m in result.missing] == [
        ("c1", "Seekers/table 1/Cy/Score", "9", "1")
    ]


def test_an_amount_is_added_to_the_value_the_edit_found_and_a_correction_in_hiatus_stands() -> None:
    add = Effect("proposal", "p3", T0 + timedelta(hours=1), "Ann", by={("Ann", "Score"): 2})
    result = run(
        [
            rev(1, "Ann", table(12, 10), 1.1, "p3"),
            rev(2, "Ben", table(12, 11), 2, "oops"),
            rev(3, "Ann", table(12, 10), 2.5, "undo"),
        ],
        effects=(add,),
        hiatus=(2.2, 9),
    )
    assert [r.verdict for r in result.revisions] == ["legal", "unchecked", "legal"]
    assert result.missing == ()


def test_an_unreadable_revision_and_a_junk_table_are_said_never_raised() -> None:
    result = run(
        [
            PageRevision("Seekers", 1, None, "Ann", T0, "", None),
            rev(2, "Ann", "{|\n! only\n", 1),
        ]
    )
    assert [r.verdict for r in result.revisions] == ["unreadable", "unchecked"]
    assert any("never closed" in w for w in result.warnings)


def test_a_recorded_roll_explains_the_edit_that_names_it() -> None:
    roll = Roll("abc123", "Ben", T0 + timedelta(hours=1), "DICE6", "new Score", ("4",))
    result = run(
        [
            rev(1, "Ben", table(10, 4), 1.5, "rolled DICE6"),  # named: its result
            rev(2, "Ben", table(10, 5), 2, "no roll named"),
            rev(3, "Ann", table(4, 5), 2.5, "DICE6"),  # Ann did not roll it
        ],
        rolls=(roll,),
    )
    assert [r.verdict for r in result.revisions] == ["legal", "unchecked", "unchecked"]
    [tied] = result.revisions[0].findings
    assert (tied.kind, tied.rule, tied.cause) == (
        "roll",
        "Random Generators",
        "roll abc123 (DICE6 by Ben)",
    )


def test_seasonal_downtime_flags_an_edit_unless_a_rule_it_allows_explains_it() -> None:
    down = Shared(
        read_dynasty(SEEKERS),
        downtime_allowed=("Votable Matters", "Gamestate Tracking"),
        downtime=True,
    )
    inp = GenericInput(
        revisions=[rev(1, "Ann", table(11, 10), 1, "a point"), rev(2, "Ann", table(10, 10), 2)],
        base={"Seekers": table(10, 10)},
        roster_at=lambda moment: (PLAYERS, IDLE),
        hiatus_at=lambda moment: None,
        rules_at=lambda moment: down,
        templates=TEMPLATES,
    )
    first, second = audit_tables(inp).revisions
    assert first.verdict == "illegal"
    assert [(f.kind, f.rule, f.expected) for f in first.findings][0] == (
        "refused",
        "Seasonal Downtime",
        "refused: Seasonal Downtime",
    )
    assert second.verdict == "legal"  # a correction: "Gamestate Tracking" is allowed then
