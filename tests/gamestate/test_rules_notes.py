"""Rule "Votable Matters": "Whenever an Admin resolves a Votable Matter, they must also mark
their name, and report the final tally of Votes (or the fact that it was self-killed or
vetoed)." Notes in BlogNomic's customary form, e.g. "Enacted by Kevan (5-1, Quorum 4)".
"""

from __future__ import annotations

from datetime import datetime

import pytest

from gamestate import Clause, Game, PostStatus, Verdict, admin_note
from tests.builders import T0, at, cfj, dov, game, hms, matter, proposal


def v(word: str, *names: str) -> list[tuple[str, str]]:
    return [(n, word) for n in names]


# (game, id, now, clause, note)
NOTES = [
    pytest.param(
        game(
            proposal(votes=[*v("for", "Bob", "Carol", "Dave", "Erin"), *v("against", "Frank")]),
            players=7,
        ),
        "p",
        at(12),
        Clause.PROPOSAL_QUORUM_FOR,
        "Enacted by Kevan (5-1, Quorum 4)",
        id='Votable Matters: "mark their name, and report the final tally of Votes" - Enacted by'
        " Kevan (5-1, Quorum 4)",
    ),
    pytest.param(
        game(proposal(votes=[*v("for", "Bob"), *v("against", "Carol")]), players=7),
        "p",
        at(48),
        Clause.PROPOSAL_MAJORITY_48H,
        "Enacted by Kevan (2-1, Quorum 4)",
        id='Votable Matters: "report the final tally" - enacted after 48h by majority',
    ),
    pytest.param(
        game(proposal(votes=[("Alice", "against"), ("Alice", "for"), *v("for", "Bob")])),
        "p",
        at(1),
        Clause.PROPOSAL_SELF_KILLED,
        "Self-killed. Failed by Kevan",
        id='Votable Matters: "(or the fact that it was self-killed ...)" - Self-killed. Failed by'
        " Kevan",
    ),
    pytest.param(
        game(proposal(votes=[("Kevan", "seal")])),
        "p",
        at(1),
        Clause.PROPOSAL_VETOED,
        "Vetoed. Failed by Kevan",
        id='Votable Matters: "(or the fact that it was ... vetoed)" - Vetoed. Failed by Kevan',
    ),
    pytest.param(
        game(proposal(votes=[*v("for", "Bob"), *v("against", "Carol", "Dave")])),
        "p",
        at(48),
        Clause.PROPOSAL_TIMED_OUT,
        "Timed out 2 votes to 2. Failed by Kevan",
        id='Resolution of Proposals: "at least 48 hours and cannot be Enacted" - Timed out 2 votes'
        " to 2. Failed by Kevan",
    ),
    pytest.param(
        game(proposal(votes=v("against", "Bob", "Carol", "Dave"))),
        "p",
        at(1),
        Clause.PROPOSAL_QUORUM_UNREACHABLE,
        "Failed by Kevan (1-3, Quorum 3)",
        id='Resolution of Proposals: "not voting AGAINST it is less than Quorum" - Failed by'
        " Kevan (1-3, Quorum 3)",
    ),
    pytest.param(
        game(proposal(votes=v("for", "Bob", "Carol"))),
        "p",
        at(days=7, seconds=1),
        Clause.PROPOSAL_STALE,
        "Pending for more than 7 days (3-0, Quorum 3). Failed by Kevan",
        id='Resolution of Proposals: "pending for more than 7 days ... can be failed" - with the'
        " tally",
    ),
    pytest.param(
        game(cfj(votes=v("for", "Bob", "Carol"))),
        "cfj",
        at(0, 5),
        Clause.CFJ_RESOLVED,
        "Enacted by Kevan (3-0, Quorum 3)",
        id='Calls for Judgement: "a Quorum of FOR Votes" - Enacted by Kevan (3-0, Quorum 3)',
    ),
    pytest.param(
        game(cfj(votes=v("against", "Bob"))),
        "cfj",
        at(48, 0, 1),
        Clause.CFJ_RESOLVED,
        "Failed by Kevan (1-1, Quorum 3)",
        id='Calls for Judgement: "Failed otherwise" - Failed by Kevan (1-1, Quorum 3)',
    ),
    pytest.param(
        game(dov(votes=v("for", "Bob", "Carol", "Dave")), players=7),
        "dov",
        at(12),
        Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED,
        "Enacted by Kevan (4-0, Quorum 4)",
        id='Victory and Ascension: "A Pending DoV may be enacted" - Enacted by Kevan (4-0,'
        " Quorum 4)",
    ),
    pytest.param(
        game(dov(votes=[*v("for", "Bob"), *v("against", "Carol")]), players=7),
        "dov",
        at(48),
        Clause.DOV_TIMED_OUT,
        "Timed out 2 votes to 1. Failed by Kevan",
        id='Victory and Ascension: "at least 48 hours and cannot be Enacted" - Timed out 2 votes'
        " to 1. Failed by Kevan",
    ),
    pytest.param(
        game(dov(votes=v("against", "Bob", "Carol", "Dave", "Erin")), players=7),
        "dov",
        at(12),
        Clause.DOV_QUORUM_UNREACHABLE,
        "Failed by Kevan (1-4, Quorum 4)",
        id='Victory and Ascension: "not voting AGAINST it is less than Quorum" - Failed by Kevan'
        " (1-4, Quorum 4)",
    ),
]


@pytest.mark.parametrize(("g", "post_id", "now", "clause", "note"), NOTES)
def test_admin_note(g: Game, post_id: str, now: datetime, clause: Clause, note: str) -> None:
    m = matter(g, post_id, now)
    assert m.decision.clause is clause, m.decision.why
    assert admin_note(m, "Kevan") == note


def test_note_names_the_resolving_admin() -> None:
    m = matter(game(proposal(votes=v("for", "Bob", "Carol"))), "p", at(12))
    assert admin_note(m, "Josh") == "Enacted by Josh (3-0, Quorum 3)"


def test_note_for_a_dov_failed_by_another_enactment_reports_the_tally() -> None:
    won = dov("won", "Alice", when=at(0), status=PostStatus.ENACTED, resolved_at=at(13))
    other = dov("other", "Bob", when=at(1), votes=[("Carol", "for"), ("Dave", "against")])
    m = matter(game(won, other, players=7, boss="Alice"), "other", at(14))
    assert m.decision.clause is Clause.DOV_OTHER_ENACTED
    note = admin_note(m, "Kevan")
    assert "Kevan" in note
    assert "2-1" in note or "2 votes to 1" in note


def test_note_for_an_illegal_post_names_the_rule_and_the_admin() -> None:
    m = matter(game(proposal(title="Proposal:")), "p", at(1))
    assert m.decision.clause is Clause.ILLEGAL
    note = admin_note(m, "Kevan")
    assert note.endswith(". Marked Illegal by Kevan")
    assert "Subject" in note


@pytest.mark.parametrize(
    ("g", "now", "verdict"),
    [
        pytest.param(game(proposal()), T0 + hms(1), Verdict.WAIT, id="wait: nothing to note"),
        pytest.param(
            game(proposal("p1", when=at(0)), proposal("p", "Bob", when=at(1))),
            T0 + hms(2),
            Verdict.BLOCKED,
            id="blocked (not the oldest): nothing to note",
        ),
        pytest.param(
            game(proposal(votes=v("for", "Bob", "Carol")), dov("d", "Dave", when=at(1))),
            T0 + hms(13),
            Verdict.BLOCKED,
            id="blocked (Hiatus): nothing to note",
        ),
    ],
)
def test_no_note_for_a_matter_that_cannot_be_resolved(
    g: Game, now: datetime, verdict: Verdict
) -> None:
    m = matter(g, "p", now)
    assert m.decision.verdict is verdict
    with pytest.raises(ValueError, match="cannot be resolved"):
        admin_note(m, "Kevan")
