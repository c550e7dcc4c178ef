"""``gamestate.profiles.blognomic_139.audit``: the Admins' resolutions beside the bot's
verdict at their moment.

The tables quote the clauses that decide each boundary; the synthetic year plants one
disagreement of each kind among 170-odd matters resolved by the book.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from gamestate import (
    TODAYS,
    AuditSummary,
    Discrepancy,
    Game,
    MatterAudit,
    Post,
    PostStatus,
    Timeline,
    audit_resolutions,
    evaluate,
)
from gamestate.profiles.blognomic_139.admin_notes import Outcome
from tests.builders import at, cfj, dov, game, proposal, snapshot
from tests.gamestate.audit_year import PLANTED, START, year_game
from wikibot.archive import read_archive_file

ENACTED = PostStatus.ENACTED
FAILED = PostStatus.FAILED
FOR3 = [("Bob", "for"), ("Carol", "for")]  # with Alice's implicit FOR: 3 = Quorum of 5


def _resolved(p: Post, status: PostStatus, when: datetime | None, note: str | None) -> Post:
    return replace(p, status=status, resolved_at=when, admin_note=note)


def _one(g: Game, id: str) -> MatterAudit:
    return next(a for a in audit_resolutions(g) if a.post.id == id)


def _kinds(a: MatterAudit) -> set[Discrepancy]:
    return {d.kind for d in a.disagreements}


# --- the clocks, at their boundaries --------------------------------------------------

CLOCKS = [
    pytest.param(
        proposal(votes=FOR3),
        ENACTED,
        at(11, 59, 59),
        "Enacted by Kevan (3-0)",
        False,
        id='proposal "open for voting for at least 12 hours": 11h59m59s is early',
    ),
    pytest.param(
        proposal(votes=FOR3),
        ENACTED,
        at(12),
        "Enacted by Kevan (3-0)",
        True,
        id='proposal "open for voting for at least 12 hours": exactly 12h agrees',
    ),
    pytest.param(
        proposal(votes=[("Bob", "for"), ("Carol", "against")]),
        ENACTED,
        at(47, 59, 59),
        "Enacted by Kevan (2-1)",
        False,
        id='proposal "open for voting for at least 48 hours" with FOR > AGAINST: 47h59m59s',
    ),
    pytest.param(
        proposal(votes=[("Bob", "for"), ("Carol", "against")]),
        ENACTED,
        at(48),
        "Enacted by Kevan (2-1)",
        True,
        id='proposal "open for voting for at least 48 hours" with FOR > AGAINST: exactly 48h',
    ),
    pytest.param(
        cfj(votes=[("Bob", "against")]),
        FAILED,
        at(48),
        "Failed by Kevan (1-1)",
        False,
        id='CfJ "open for voting for more than 48 hours": exactly 48h is early',
    ),
    pytest.param(
        cfj(votes=[("Bob", "against")]),
        FAILED,
        at(48, 0, 1),
        "Failed by Kevan (1-1)",
        True,
        id='CfJ "open for voting for more than 48 hours": 48h and a second agrees',
    ),
    pytest.param(
        dov(votes=FOR3),
        ENACTED,
        at(11, 59, 59),
        "Enacted by Kevan (3-0)",
        False,
        id='DoV "open for voting for at least 12 hours" with no AGAINST: 11h59m59s is early',
    ),
    pytest.param(
        dov(votes=FOR3),
        ENACTED,
        at(12),
        "Enacted by Kevan (3-0)",
        True,
        id='DoV "open for voting for at least 12 hours" with no AGAINST: exactly 12h agrees',
    ),
]


@pytest.mark.parametrize(("p", "status", "when", "note", "agrees"), CLOCKS)
def test_the_clock_at_the_instant_of_resolution(
    p: Post, status: PostStatus, when: datetime, note: str, agrees: bool
) -> None:
    a = _one(game(_resolved(p, status, when, note), rosters=[snapshot(at(-1))]), p.id)
    assert a.agrees is agrees
    if not agrees:
        (d,) = a.disagreements
        assert d.kind is Discrepancy.RESOLVED_EARLY
        assert d.clause is not None and "no clause allows a resolution yet" in d.clause


# --- each kind of disagreement, with its clause -----------------------------------------


def test_enacted_while_not_the_oldest_pending_proposal() -> None:
    older = proposal("older", votes=FOR3)
    younger = proposal("younger", when=at(1), votes=FOR3)
    g = game(
        _resolved(older, ENACTED, at(15), "Enacted by Kevan (3-0)"),
        _resolved(younger, ENACTED, at(14), "Enacted by Kevan (3-0)"),
    )
    a = _one(g, "younger")
    (d,) = a.disagreements
    assert d.kind is Discrepancy.NOT_OLDEST
    assert d.clause is not None and "the oldest pending Proposal" in d.clause
    assert "older is" in d.clause
    assert _one(g, "older").agrees is True


def test_two_resolved_in_the_same_second_do_not_block_each_other() -> None:
    """Their order within the second is unknown: the other counts as already resolved."""
    g = game(
        _resolved(proposal("a", votes=FOR3), ENACTED, at(13), "Enacted by Kevan (3-0)"),
        _resolved(proposal("b", when=at(0, 30), votes=FOR3), ENACTED, at(13), "Enacted (3-0)"),
    )
    assert [x.agrees for x in audit_resolutions(g)] == [True, True]


def test_resolved_in_hiatus_is_blocked_with_the_reason() -> None:
    p = _resolved(proposal("p", votes=FOR3), ENACTED, at(13), "Enacted by Kevan (3-0)")
    d = dov("d", "Bob", when=at(1))  # pending: the game is in Hiatus
    (x,) = _one(game(p, d), "p").disagreements
    assert x.kind is Discrepancy.BLOCKED
    assert x.clause is not None and x.clause.startswith("Hiatus")


def test_outcome_differs_quotes_the_bot_s_clause() -> None:
    p = _resolved(proposal(votes=FOR3), FAILED, at(13), "Failed by Kevan (3-0)")
    (d,) = _one(game(p), "p").disagreements
    assert d.kind is Discrepancy.OUTCOME
    assert d.what == "failed, but the bot says enact"
    assert d.clause is not None and "FOR 3 >= Quorum 3" in d.clause


@pytest.mark.parametrize(
    ("extra", "note", "needle"),
    [
        pytest.param(
            ("Dave", "for", at(14)),
            "Enacted by Kevan (4-0)",
            "after the resolution",
            id='"the last valid voting icon that they have used": a Vote after the resolution',
        ),
        pytest.param(
            ("Erin", "for", at(2)),
            "Enacted by Kevan (4-0)",
            "Erin (Idle then)",
            id='"Idle Imagineers are not counted as Imagineers": an Idle player\'s Vote',
        ),
        pytest.param(
            ("Zed", "for", at(2)),
            "Enacted by Kevan (4-0)",
            "Zed (not on the roster then)",
            id='"A non-Imagineer never has a Vote": a stranger\'s Vote',
        ),
        pytest.param(
            None,
            "Enacted by Kevan (2-0)",
            "implicit FOR",
            id='"then the author\'s Vote is FOR": the Admin left out the implicit FOR',
        ),
    ],
)
def test_the_admin_s_tally_explained(
    extra: tuple[str, str, datetime] | None, note: str, needle: str
) -> None:
    from tests.builders import comment

    p = proposal(votes=FOR3)
    if extra is not None:
        who, word, when = extra
        p = replace(p, comments=(*p.comments, comment(who, word, when=when, id="x")))
    g = game(_resolved(p, ENACTED, at(13), note), rosters=[snapshot(at(-1), idle=("Erin",))])
    (d,) = _one(g, "p").disagreements
    assert d.kind is Discrepancy.TALLY
    assert (
        d.what == f"the Admin's tally FOR {note[-4]}, AGAINST 0 is not the bot's FOR 3, AGAINST 0"
    )
    assert d.clause is not None and needle in d.clause


def test_a_tally_nothing_explains_has_no_clause() -> None:
    p = _resolved(proposal(votes=FOR3), ENACTED, at(13), "Enacted by Kevan (9-0)")
    (d,) = _one(game(p), "p").disagreements
    assert (d.kind, d.clause) == (Discrepancy.TALLY, None)


def test_a_vote_in_the_very_second_of_the_resolution_counts() -> None:
    from tests.builders import comment

    p = proposal(votes=FOR3)
    p = replace(p, comments=(*p.comments, comment("Dave", "for", when=at(13), id="x")))
    assert _one(game(_resolved(p, ENACTED, at(13), "Enacted (4-0)")), "p").agrees is True


def test_the_note_s_quorum_is_checked() -> None:
    p = _resolved(proposal(votes=FOR3), ENACTED, at(13), "Enacted by Kevan (3-0, Quorum 4)")
    (d,) = _one(game(p), "p").disagreements
    assert d.kind is Discrepancy.QUORUM
    assert d.clause is not None and "5 active" in d.clause and "give 3" in d.clause


def test_vetoed_by_someone_not_the_boss() -> None:
    from tests.builders import comment

    p = proposal(votes=FOR3)
    p = replace(p, comments=(*p.comments, comment("Bob", "veto", when=at(2), id="v")))
    a = _one(game(_resolved(p, PostStatus.VETOED, at(13), "Vetoed -Kevan")), "p")
    assert _kinds(a) == {Discrepancy.OUTCOME, Discrepancy.STATUS}
    status = next(d for d in a.disagreements if d.kind is Discrepancy.STATUS)
    assert status.clause is not None and "VETO by Bob is not a valid icon" in status.clause


def test_self_killed_agrees_when_the_author_voted_against() -> None:
    p = proposal(votes=[*FOR3, ("Alice", "against")])
    g = game(_resolved(p, PostStatus.SELF_KILLED, at(1, 30), "Self-killed. Failed by Kevan"))
    assert _one(g, "p").agrees is True


# --- what the record lacks ---------------------------------------------------------------


def test_no_resolution_time_cannot_be_judged() -> None:
    a = _one(game(_resolved(proposal(votes=FOR3), ENACTED, None, "Enacted (3-0)")), "p")
    assert (a.agrees, a.bot, a.is_judgeable) == (None, None, False)
    assert a.notes == (
        "the mirror does not record when it was resolved, so it cannot be judged at its moment",
    )


def test_resolved_before_it_was_posted_cannot_be_judged() -> None:
    a = _one(game(_resolved(proposal(votes=FOR3), ENACTED, at(-1), "Enacted (3-0)")), "p")
    assert a.agrees is None and "before it was posted" in a.notes[-1]


def test_today_s_roster_is_said_when_the_day_s_roster_is_missing() -> None:
    p = _resolved(proposal(votes=FOR3), ENACTED, at(13), "Enacted by Kevan (3-0)")
    without = _one(game(p), "p")
    assert any(n.startswith(TODAYS) and "today's roster" in n for n in without.notes)
    assert without.roster is not None and without.roster.startswith("today's roster")
    with_day = _one(game(p, rosters=[snapshot(at(-1))]), "p")
    assert not any(n.startswith(TODAYS) for n in with_day.notes)
    assert with_day.roster == "the roster snapshot of 2016-05-01T23:00:00Z"


def test_the_day_s_roster_decides_the_quorum() -> None:
    """Seven players that day (Quorum 4), five today: FOR 3 was not yet enough."""
    p = _resolved(proposal(votes=FOR3), ENACTED, at(13), "Enacted by Kevan (3-0)")
    a = _one(game(p, rosters=[snapshot(at(-1), players=7), snapshot(at(20))]), "p")
    assert a.bot is not None and a.bot.quorum == 4
    assert _kinds(a) == {Discrepancy.RESOLVED_EARLY}


def test_a_missing_or_contradicting_note_is_noted() -> None:
    bare = _one(game(_resolved(proposal(votes=FOR3), ENACTED, at(13), None)), "p")
    assert bare.agrees is True and "no Admin's note" in bare.notes
    odd = _one(game(_resolved(proposal(votes=FOR3), ENACTED, at(13), "Failed by Kevan")), "p")
    assert "the note says failed, the blog shows Enacted" in odd.notes
    assert "the note gives no tally" in odd.notes


def test_a_note_read_in_part_names_the_field_it_lacks_and_keeps_the_rest() -> None:
    """Issue 21: "Unpopular, 2-9" gives the outcome and the tally, but no Admin."""
    p = _resolved(proposal(votes=[("Bob", "against")]), FAILED, at(49), "Unpopular, 1-1")
    a = _one(game(p), "p")
    assert (a.note.outcome, a.note.for_, a.note.against, a.note.admin) == (
        Outcome.FAILED,
        1,
        1,
        None,
    )
    assert "the note names no Admin" in a.notes
    assert "the note gives no tally" not in a.notes
    assert not any(n.startswith("the note says") for n in a.notes)


def test_since_keeps_matters_resolved_on_or_after_it() -> None:
    g = game(
        _resolved(proposal("a", votes=FOR3), ENACTED, at(13), "Enacted (3-0)"),
        _resolved(proposal("b", when=at(20), votes=FOR3), ENACTED, at(33), "Enacted (3-0)"),
        _resolved(proposal("c", when=at(40), votes=FOR3), ENACTED, None, "Enacted (3-0)"),
    )
    assert [a.post.id for a in audit_resolutions(g)] == ["a", "b", "c"]
    assert [a.post.id for a in audit_resolutions(g, since=at(33))] == ["b"]
    assert [a.post.id for a in audit_resolutions(g, since=at(33, 0, 1))] == []


# --- the synthetic year ------------------------------------------------------------------


def test_the_year_finds_each_planted_disagreement_with_its_clause() -> None:
    audits = audit_resolutions(year_game())
    found = {a.post.id: a for a in audits if a.agrees is not True}
    assert set(found) == set(PLANTED)
    for name, kinds in PLANTED.items():
        a = found[name]
        if kinds is None:
            assert a.agrees is None
            continue
        assert _kinds(a) == kinds, name
        assert all(d.clause for d in a.disagreements), name
    summary = AuditSummary.from_audits(audits)
    assert summary.matters == len(audits) == 183
    assert summary.agreements == 183 - len(PLANTED)
    assert (summary.disagreements, summary.not_judgeable, summary.todays_roster) == (9, 1, 0)
    assert dict(summary.by_kind)[Discrepancy.TALLY] == 4
    assert audits[0].post.resolved_at is not None and audits[0].post.posted_at == START


@pytest.mark.parametrize("source", ["year", "example"])
def test_the_window_gives_what_evaluate_gives_on_the_whole_game(source: str) -> None:
    """Evaluating only the matters pending at each instant changes no verdict."""
    g = year_game() if source == "year" else read_archive_file("example:nomicland")
    timeline = Timeline.from_game(g)
    audits = [a for a in audit_resolutions(g, timeline=timeline) if a.bot is not None]
    assert len(audits) > 30
    for a in audits:
        t = a.post.resolved_at
        assert t is not None
        reopened = replace(a.post, status=PostStatus.PENDING, resolved_at=None, admin_note=None)
        whole = replace(g, posts=tuple(reopened if p.id == a.post.id else p for p in g.posts))
        m = next(m for m in evaluate(whole, t, timeline=timeline).matters if m.post.id == a.post.id)
        assert a.bot is not None
        assert (a.bot.decision, a.bot.tally, a.bot.quorum) == (m.decision, m.tally, m.quorum)
        assert (a.bot.oldest, a.bot.decidable_at, a.bot.warnings) == (
            m.oldest,
            m.decidable_at,
            m.warnings,
        )


def test_the_example_game() -> None:
    """Nomicland's Admins' notes (real-looking) against its comments: what differs."""
    audits = audit_resolutions(read_archive_file("example:nomicland"))
    by_id = {a.post.id: a for a in audits}
    s = AuditSummary.from_audits(audits)
    assert (s.matters, s.not_judgeable, s.todays_roster) == (31, 0, 31)
    assert s.agreements + s.disagreements == 31
    assert by_id["dousing_the_flames"].agrees is True
    (early, tally_) = by_id["draining_the_swamps"].disagreements
    assert early.kind is Discrepancy.RESOLVED_EARLY
    assert early.clause is not None and "open only 11h 38m 6s (needs 12h)" in early.clause
    assert tally_.what == "the Admin's tally FOR 8, AGAINST 7 is not the bot's FOR 5, AGAINST 3"
    assert _kinds(by_id["share_the_magic"]) == {Discrepancy.OUTCOME, Discrepancy.TALLY}
