"""Rule "Resolution of Proposals": the enact and fail clauses, their clocks, the oldest
pending Proposal and the 7-day rule.

Roster: Kevan (the Boss), Alice (the author), Bob, Carol, Dave (Quorum 3), or with
Erin and Frank (7 players, Quorum 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from gamestate import Clause, PostStatus, Verdict
from tests.builders import T0, CommentSpec, at, cfj, game, hms, matter, proposal, status


def fors(*names: str) -> list[CommentSpec]:
    return [(n, "for") for n in names]


def againsts(*names: str) -> list[CommentSpec]:
    return [(n, "against") for n in names]


# (players, votes, age, verdict, clause, FOR, AGAINST, a fragment of "why")
CASES = [
    # Enact: "It has a number of FOR Votes that exceed or equal Quorum, has been open for
    # voting for at least 12 hours, and has not been Vetoed or Self-Killed."
    pytest.param(
        5,
        fors("Bob", "Carol"),
        hms(12),
        Verdict.ENACT,
        Clause.PROPOSAL_QUORUM_FOR,
        3,
        0,
        "FOR 3 >= Quorum 3",
        id='Resolution of Proposals: "has been open for voting for at least 12 hours"'
        " - exactly 12:00:00 enacts",
    ),
    pytest.param(
        5,
        fors("Bob", "Carol"),
        hms(11, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        3,
        0,
        "11h 59m 59s",
        id='Resolution of Proposals: "has been open for voting for at least 12 hours"'
        " - 11:59:59 must wait",
    ),
    pytest.param(
        5,
        fors("Bob", "Carol", "Dave"),
        hms(12, 3),
        Verdict.ENACT,
        Clause.PROPOSAL_QUORUM_FOR,
        4,
        0,
        "FOR 4 >= Quorum 3 and open 12h 3m",
        id='Resolution of Proposals: "FOR Votes that exceed or equal Quorum" - FOR 4 > Quorum 3',
    ),
    pytest.param(
        5,
        fors("Bob"),
        hms(12),
        Verdict.WAIT,
        Clause.PENDING,
        2,
        0,
        "FOR 2",
        id='Resolution of Proposals: "FOR Votes that exceed or equal Quorum"'
        " - FOR 2 < Quorum 3 at 12h waits",
    ),
    pytest.param(
        7,
        fors("Bob", "Carol", "Kevan"),
        hms(12),
        Verdict.ENACT,
        Clause.PROPOSAL_QUORUM_FOR,
        4,
        0,
        "FOR 4 >= Quorum 4",
        id='Resolution of Proposals: "exceed or equal Quorum" - 7 players, FOR 4 = Quorum 4',
    ),
    pytest.param(
        5,
        [*fors("Bob", "Carol", "Dave"), ("Kevan", "seal")],
        hms(12),
        Verdict.FAIL,
        Clause.PROPOSAL_VETOED,
        4,
        0,
        "Veto",
        id='Resolution of Proposals: "and has not been Vetoed" - a Quorum of FOR cannot enact'
        " a Vetoed Proposal",
    ),
    pytest.param(
        5,
        [("Alice", "against"), ("Alice", "for"), *fors("Bob", "Carol")],
        hms(12),
        Verdict.FAIL,
        Clause.PROPOSAL_SELF_KILLED,
        3,
        0,
        "Self-Killed",
        id='Resolution of Proposals: "and has not been ... Self-Killed" - a Quorum of FOR'
        " cannot enact a Self-Killed Proposal",
    ),
    # Enact: "It has been open for voting for at least 48 hours, it has more than 1 valid Vote
    # cast on it, more valid Votes cast on it are FOR than are AGAINST, and it has not been
    # Vetoed or Self-Killed."
    pytest.param(
        7,
        [("Bob", "for"), ("Carol", "against")],
        hms(48),
        Verdict.ENACT,
        Clause.PROPOSAL_MAJORITY_48H,
        2,
        1,
        "FOR 2 > AGAINST 1",
        id='Resolution of Proposals: "open for voting for at least 48 hours ... more valid Votes'
        ' cast on it are FOR than are AGAINST" - 2-1 at exactly 48:00:00 enacts',
    ),
    pytest.param(
        7,
        [("Bob", "for"), ("Carol", "against")],
        hms(47, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        2,
        1,
        "1d 23h 59m 59s",
        id='Resolution of Proposals: "at least 48 hours" - 2-1 at 47:59:59 must wait',
    ),
    pytest.param(
        7,
        [],
        hms(48),
        Verdict.FAIL,
        Clause.PROPOSAL_TIMED_OUT,
        1,
        0,
        "1 valid Vote",
        id='Resolution of Proposals: "it has more than 1 valid Vote cast on it" - the author\'s'
        " lone FOR at 48h cannot enact",
    ),
    pytest.param(
        7,
        fors("Bob"),
        hms(48),
        Verdict.ENACT,
        Clause.PROPOSAL_MAJORITY_48H,
        2,
        0,
        "2 valid Votes",
        id='Resolution of Proposals: "more than 1 valid Vote" - 2-0 at 48h enacts',
    ),
    pytest.param(
        7,
        [("Bob", "imperial")],
        hms(48),
        Verdict.FAIL,
        Clause.PROPOSAL_TIMED_OUT,
        1,
        0,
        "1 valid Vote",
        id='Resolution of Proposals: "more than 1 valid Vote" - an uncounted DEFERENTIAL is not'
        " a valid Vote",
    ),
    pytest.param(
        7,
        [("Kevan", "for"), ("Bob", "imperial")],
        hms(48),
        Verdict.ENACT,
        Clause.PROPOSAL_MAJORITY_48H,
        3,
        0,
        "3 valid Votes",
        id='Special Proposal Voting: "considered to be valid" - a counted DEFERENTIAL is a valid'
        " FOR at 48h",
    ),
    pytest.param(
        7,
        [*fors("Bob"), *againsts("Carol", "Dave")],
        hms(48),
        Verdict.FAIL,
        Clause.PROPOSAL_TIMED_OUT,
        2,
        2,
        "Quorum 4",
        id='Resolution of Proposals: "more valid Votes cast on it are FOR than are AGAINST"'
        " - a 2-2 tie at 48h fails",
    ),
    pytest.param(
        7,
        [*fors("Bob", "Carol"), ("Alice", "against"), ("Alice", "for")],
        hms(48),
        Verdict.FAIL,
        Clause.PROPOSAL_SELF_KILLED,
        3,
        0,
        "Self-Killed",
        id='Resolution of Proposals: "and it has not been Vetoed or Self-Killed" - 3-0 at 48h'
        " but Self-Killed",
    ),
    # Fail: "It has been Vetoed or Self-Killed."
    pytest.param(
        5,
        [("Kevan", "seal")],
        hms(1),
        Verdict.FAIL,
        Clause.PROPOSAL_VETOED,
        1,
        0,
        "Veto",
        id='Resolution of Proposals: "may be failed ... if ... It has been Vetoed" - at once,'
        " no clock",
    ),
    pytest.param(
        5,
        [("Alice", "against")],
        hms(0, 5),
        Verdict.FAIL,
        Clause.PROPOSAL_SELF_KILLED,
        0,
        1,
        "Self-Killed",
        id='Resolution of Proposals: "may be failed ... if ... It has been ... Self-Killed"'
        " - at once, no clock",
    ),
    # Fail: "The number of Imagineers who are not voting AGAINST it is less than Quorum."
    pytest.param(
        5,
        againsts("Bob", "Carol", "Dave"),
        hms(1),
        Verdict.FAIL,
        Clause.PROPOSAL_QUORUM_UNREACHABLE,
        1,
        3,
        "< Quorum 3",
        id='Resolution of Proposals: "The number of Imagineers who are not voting AGAINST it is'
        ' less than Quorum" - 2 < 3 fails at once',
    ),
    pytest.param(
        5,
        againsts("Bob", "Carol"),
        hms(1),
        Verdict.WAIT,
        Clause.PENDING,
        1,
        2,
        "AGAINST 2",
        id='Resolution of Proposals: "not voting AGAINST it is less than Quorum" - 3 = Quorum 3'
        " must wait",
    ),
    pytest.param(
        5,
        [("Kevan", "against"), ("Bob", "imperial"), ("Carol", "imperial")],
        hms(1),
        Verdict.FAIL,
        Clause.PROPOSAL_QUORUM_UNREACHABLE,
        1,
        3,
        "< Quorum 3",
        id='Resolution of Proposals: "not voting AGAINST" - DEFERENTIALs following the Boss\'s'
        " AGAINST are AGAINST",
    ),
    pytest.param(
        5,
        [("Bob", "imperial"), ("Carol", "imperial"), ("Dave", "against")],
        hms(1),
        Verdict.WAIT,
        Clause.PENDING,
        1,
        1,
        "AGAINST 1",
        id='Resolution of Proposals: "not voting AGAINST" - uncounted DEFERENTIALs are not AGAINST',
    ),
    # Fail: "It has been open for voting for at least 48 hours and cannot be Enacted."
    pytest.param(
        5,
        againsts("Bob"),
        hms(48),
        Verdict.FAIL,
        Clause.PROPOSAL_TIMED_OUT,
        1,
        1,
        "cannot be Enacted",
        id='Resolution of Proposals: "open for voting for at least 48 hours and cannot be'
        ' Enacted" - 1-1 at exactly 48:00:00 fails',
    ),
    pytest.param(
        5,
        againsts("Bob"),
        hms(47, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        1,
        1,
        "1d 23h 59m 59s",
        id='Resolution of Proposals: "at least 48 hours and cannot be Enacted" - 1-1 at'
        " 47:59:59 must wait",
    ),
]


@pytest.mark.parametrize(
    ("players", "votes", "age", "verdict", "clause", "for_", "against", "why"), CASES
)
def test_resolution_of_proposals(
    players: int,
    votes: Sequence[CommentSpec],
    age: timedelta,
    verdict: Verdict,
    clause: Clause,
    for_: int,
    against: int,
    why: str,
) -> None:
    m = matter(game(proposal(votes=votes), players=players), "p", T0 + age)
    assert (m.decision.verdict, m.decision.clause) == (verdict, clause), m.decision.why
    assert (m.tally.for_count, m.tally.against_count, m.quorum) == (for_, against, players // 2 + 1)
    assert m.oldest is True
    assert why in m.decision.why


def test_idle_players_are_not_counted_in_not_voting_against() -> None:
    """Idle Imagineers: "not counted as Imagineers": with 5 active players and 2 Idle, 3
    AGAINST leaves 2 not voting AGAINST, less than Quorum 3 (it would be 4 = Quorum 4 if the
    Idle counted)."""
    g = game(proposal(votes=againsts("Bob", "Carol", "Dave")), players=7, idle=["Erin", "Frank"])
    m = matter(g, "p", at(1))
    assert (m.decision.verdict, m.decision.clause, m.quorum) == (
        Verdict.FAIL,
        Clause.PROPOSAL_QUORUM_UNREACHABLE,
        3,
    )


# decidable_at: "the earliest instant the verdict can change if no one votes again".
DECIDABLE = [
    pytest.param(
        5,
        fors("Bob", "Carol"),
        hms(3),
        Verdict.WAIT,
        at(12),
        id='decidable_at: Quorum FOR at 3h - "at least 12 hours" at posted+12h',
    ),
    pytest.param(
        5,
        [],
        hms(3),
        Verdict.WAIT,
        at(48),
        id='decidable_at: lone FOR at 3h - "at least 48 hours and cannot be Enacted" at posted+48h',
    ),
    pytest.param(
        7,
        [("Bob", "for"), ("Carol", "against")],
        hms(13),
        Verdict.WAIT,
        at(48),
        id='decidable_at: 2-1 of Quorum 4 at 13h - "at least 48 hours ... more FOR" at posted+48h',
    ),
    pytest.param(
        5,
        fors("Bob", "Carol"),
        hms(12),
        Verdict.ENACT,
        at(days=7, seconds=1),
        id='decidable_at: enactable - changes when "pending for more than 7 days", posted+7d+1s',
    ),
    pytest.param(
        5,
        [("Kevan", "seal")],
        hms(1),
        Verdict.FAIL,
        datetime(2016, 12, 24, tzinfo=UTC),
        id="decidable_at: Vetoed - fail until Seasonal Downtime blocks it on 24 December",
    ),
]


@pytest.mark.parametrize(("players", "votes", "age", "verdict", "decidable"), DECIDABLE)
def test_decidable_at(
    players: int,
    votes: Sequence[CommentSpec],
    age: timedelta,
    verdict: Verdict,
    decidable: datetime,
) -> None:
    g = game(proposal(votes=votes), players=players)
    m = matter(g, "p", T0 + age)
    assert m.decision.verdict is verdict
    assert m.decidable_at == decidable
    # The claim holds: the verdict is the same just before and different at decidable_at.
    assert matter(g, "p", decidable - timedelta(seconds=1)).decision.verdict is verdict
    assert matter(g, "p", decidable).decision.verdict is not verdict


# "The oldest pending Proposal may be enacted ... / may be failed ..."
def test_only_the_oldest_pending_proposal_may_be_resolved() -> None:
    p1 = proposal("p1", "Alice", when=at(0), votes=fors("Bob", "Carol"))
    p2 = proposal("p2", "Bob", when=at(1), votes=fors("Alice", "Carol"))
    s = status(game(p2, p1), at(13))
    by_id = {m.post.id: m for m in s.matters}
    assert [m.post.id for m in s.matters] == ["p1", "p2"]
    assert (by_id["p1"].decision.verdict, by_id["p1"].decision.clause, by_id["p1"].oldest) == (
        Verdict.ENACT,
        Clause.PROPOSAL_QUORUM_FOR,
        True,
    )
    assert (by_id["p2"].decision.verdict, by_id["p2"].decision.clause, by_id["p2"].oldest) == (
        Verdict.BLOCKED,
        Clause.NOT_OLDEST,
        False,
    )
    assert "p1" in by_id["p2"].decision.why
    # p2 becomes the oldest when p1 has been pending for more than 7 days.
    assert by_id["p2"].decidable_at == at(days=7, seconds=1)


def test_oldest_pending_also_bars_failing_a_newer_proposal() -> None:
    """'The oldest pending Proposal may be failed': a newer Vetoed one must wait its turn."""
    p1 = proposal("p1", "Alice", when=at(0))
    p2 = proposal("p2", "Bob", when=at(1), votes=[("Kevan", "seal")])
    m = matter(game(p1, p2), "p2", at(2))
    assert (m.decision.verdict, m.decision.clause, m.tally.vetoed) == (
        Verdict.BLOCKED,
        Clause.NOT_OLDEST,
        True,
    )


def test_a_resolved_older_proposal_is_not_pending() -> None:
    p1 = proposal("p1", "Alice", when=at(0), status=PostStatus.ENACTED, resolved_at=at(12))
    p2 = proposal("p2", "Bob", when=at(1), votes=fors("Alice", "Carol"))
    m = matter(game(p1, p2), "p2", at(13))
    assert (m.decision.verdict, m.decision.clause, m.oldest) == (
        Verdict.ENACT,
        Clause.PROPOSAL_QUORUM_FOR,
        True,
    )


def test_an_older_proposal_resolved_after_now_is_still_pending_as_of_now() -> None:
    p1 = proposal("p1", "Alice", when=at(0), status=PostStatus.ENACTED, resolved_at=at(14))
    p2 = proposal("p2", "Bob", when=at(1), votes=fors("Alice", "Carol"))
    s = status(game(p1, p2), at(13))
    assert [(m.post.id, m.oldest, m.decision.verdict) for m in s.matters] == [
        ("p1", True, Verdict.WAIT),
        ("p2", False, Verdict.BLOCKED),
    ]


def test_cfjs_are_not_proposals_for_the_oldest() -> None:
    c = cfj("c", "Bob", when=at(0))
    p = proposal("p", "Alice", when=at(1), votes=fors("Bob", "Carol"))
    s = status(game(c, p), at(13))
    assert [(m.post.id, m.oldest, m.decision.verdict) for m in s.matters] == [
        ("c", False, Verdict.WAIT),
        ("p", True, Verdict.ENACT),
    ]


# "If a proposal somehow ends up being pending for more than 7 days, it is ignored for the
# purpose of calculating the oldest pending proposal, and can be failed by any Admin."
SEVEN_DAYS = [
    pytest.param(
        hms(days=7),
        ("p1", Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR, True),
        ("p2", Verdict.BLOCKED, Clause.NOT_OLDEST, False),
        id='Resolution of Proposals: "pending for more than 7 days" - exactly 7 days is not'
        " more: still the oldest, still enactable",
    ),
    pytest.param(
        hms(days=7, seconds=1),
        ("p1", Verdict.FAIL, Clause.PROPOSAL_STALE, False),
        ("p2", Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR, True),
        id='Resolution of Proposals: "pending for more than 7 days ... ignored for the purpose of'
        ' calculating the oldest pending proposal, and can be failed" - 7 days + 1s',
    ),
]


@pytest.mark.parametrize(("age", "first", "second"), SEVEN_DAYS)
def test_seven_day_rule(
    age: timedelta,
    first: tuple[str, Verdict, Clause, bool],
    second: tuple[str, Verdict, Clause, bool],
) -> None:
    p1 = proposal("p1", "Alice", when=at(0), votes=fors("Bob", "Carol"))
    p2 = proposal("p2", "Bob", when=at(days=1), votes=fors("Alice", "Carol"))
    s = status(game(p1, p2), T0 + age)
    got = [(m.post.id, m.decision.verdict, m.decision.clause, m.oldest) for m in s.matters]
    assert got == [first, second]


def test_stale_proposals_can_be_failed_even_when_not_the_oldest() -> None:
    """Two Proposals pending more than 7 days: both may be failed; the next is the oldest."""
    p0 = proposal("p0", "Alice", when=at(0))
    p1 = proposal("p1", "Bob", when=at(1))
    p2 = proposal("p2", "Carol", when=at(days=7, hours=2), votes=fors("Bob", "Dave"))
    s = status(game(p0, p1, p2), at(days=8, hours=2))
    got = [(m.post.id, m.decision.verdict, m.decision.clause, m.oldest) for m in s.matters]
    assert got == [
        ("p0", Verdict.FAIL, Clause.PROPOSAL_STALE, False),
        ("p1", Verdict.FAIL, Clause.PROPOSAL_STALE, False),
        ("p2", Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR, True),
    ]


def test_becoming_the_oldest_when_the_older_passes_seven_days() -> None:
    """decidable_at of a blocked Proposal: the instant the newest older one passes 7 days."""
    p0 = proposal("p0", "Alice", when=at(0))
    p1 = proposal("p1", "Bob", when=at(5))
    p2 = proposal("p2", "Carol", when=at(days=1), votes=fors("Bob", "Dave"))
    g = game(p0, p1, p2)
    m = matter(g, "p2", at(days=2))
    assert (m.decision.verdict, m.decision.clause) == (Verdict.BLOCKED, Clause.NOT_OLDEST)
    assert m.decidable_at == at(days=7, hours=5, seconds=1)
    # At p0's 7 days + 1s p1 is the oldest; p2 still waits for p1.
    assert matter(g, "p1", at(days=7, seconds=1)).oldest is True
    assert matter(g, "p2", at(days=7, seconds=1)).decision.verdict is Verdict.BLOCKED
    after = matter(g, "p2", at(days=7, hours=5, seconds=1))
    assert (after.decision.verdict, after.oldest) == (Verdict.ENACT, True)


@pytest.mark.parametrize(
    "order",
    [
        pytest.param(("tie_a", "tie_b"), id="listed a, b"),
        pytest.param(("tie_b", "tie_a"), id="b, a"),
    ],
)
def test_proposals_posted_in_the_same_second(order: tuple[str, str]) -> None:
    """ "The oldest pending Proposal" is one Proposal: of two posted in the same second,
    exactly one is the oldest, whichever order the archive lists them in."""
    posts = {
        "tie_a": proposal("tie_a", "Alice", when=at(0), votes=fors("Bob", "Carol")),
        "tie_b": proposal("tie_b", "Bob", when=at(0), votes=fors("Alice", "Carol")),
    }
    s = status(game(*(posts[i] for i in order)), at(13))
    oldest = [m.post.id for m in s.matters if m.oldest]
    assert len(oldest) == 1
    verdicts = sorted((m.decision.verdict, m.oldest) for m in s.matters)
    assert verdicts == [(Verdict.BLOCKED, False), (Verdict.ENACT, True)]
    reversed_order = status(game(*(posts[i] for i in reversed(order))), at(13))
    assert [m.post.id for m in reversed_order.matters if m.oldest] == oldest
