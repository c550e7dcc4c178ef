"""Rule "Victory and Ascension": when a Declaration of Victory may be enacted or failed.

Roster: Kevan (the Boss), Alice (the author), Bob, Carol, Dave, Erin, Frank: 7 players,
Quorum 4, half of Quorum rounded down 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from gamestate import Clause, PostStatus, Verdict
from tests.builders import T0, CommentSpec, address, at, dov, game, hms, matter, status


def v(word: str, *names: str) -> list[CommentSpec]:
    return [(n, word) for n in names]


# (votes, age, verdict, clause, FOR, AGAINST)
CASES = [
    # "It has been open for voting for at least 12 hours, has a number of FOR Votes that exceed
    # or equal Quorum, and either the Boss has Voted FOR it or it has no AGAINST Votes."
    pytest.param(
        v("for", "Bob", "Carol", "Dave"),
        hms(12),
        Verdict.ENACT,
        Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED,
        4,
        0,
        id='Victory and Ascension: "open for voting for at least 12 hours, ... FOR Votes that'
        ' exceed or equal Quorum, and ... it has no AGAINST Votes" - 4-0 at exactly 12:00:00',
    ),
    pytest.param(
        v("for", "Bob", "Carol", "Dave"),
        hms(11, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        4,
        0,
        id='Victory and Ascension: "at least 12 hours" - 4-0 at 11:59:59 must wait',
    ),
    pytest.param(
        [*v("for", "Kevan", "Bob", "Carol"), *v("against", "Dave", "Erin")],
        hms(12),
        Verdict.ENACT,
        Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED,
        4,
        2,
        id='Victory and Ascension: "either the Boss has Voted FOR it" - 4-2 with the Boss FOR'
        " at 12h",
    ),
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin")],
        hms(23, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        4,
        1,
        id='Victory and Ascension: "either the Boss has Voted FOR it or it has no AGAINST Votes"'
        " - 4-1 without the Boss waits at 23:59:59",
    ),
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave", "Erin"), *v("against", "Kevan")],
        hms(12),
        Verdict.WAIT,
        Clause.PENDING,
        5,
        1,
        id='Victory and Ascension: "either the Boss has Voted FOR it or it has no AGAINST Votes"'
        " - the Boss's AGAINST is an AGAINST",
    ),
    # "It has been open for voting for at least 24 hours, has a number of FOR Votes that exceed
    # or equal Quorum, and has a number of AGAINST Votes lesser than half of Quorum, rounded
    # down."
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin")],
        hms(24),
        Verdict.ENACT,
        Clause.DOV_QUORUM_FEW_AGAINST,
        4,
        1,
        id='Victory and Ascension: "at least 24 hours, ... AGAINST Votes lesser than half of'
        ' Quorum, rounded down" - 4-1 (1 < 2) at exactly 24:00:00',
    ),
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave", "Erin"), *v("against", "Kevan")],
        hms(24),
        Verdict.ENACT,
        Clause.DOV_QUORUM_FEW_AGAINST,
        5,
        1,
        id='Victory and Ascension: "AGAINST Votes lesser than half of Quorum, rounded down"'
        " - the Boss AGAINST alone does not stop it at 24h",
    ),
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin", "Frank")],
        hms(24),
        Verdict.WAIT,
        Clause.PENDING,
        4,
        2,
        id='Victory and Ascension: "AGAINST Votes lesser than half of Quorum, rounded down"'
        " - 2 AGAINST is not less than 2",
    ),
    # "It has been open for voting for at least 48 hours, has a number of Votes that exceed or
    # equal Quorum, and more than half of its valid Votes are FOR."
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin", "Frank")],
        hms(48),
        Verdict.ENACT,
        Clause.DOV_MAJORITY_48H,
        4,
        2,
        id='Victory and Ascension: "at least 48 hours, has a number of Votes that exceed or equal'
        ' Quorum, and more than half of its valid Votes are FOR" - 4-2 at exactly 48:00:00',
    ),
    pytest.param(
        [*v("for", "Bob", "Carol"), *v("against", "Erin")],
        hms(48),
        Verdict.ENACT,
        Clause.DOV_MAJORITY_48H,
        3,
        1,
        id='Victory and Ascension: "a number of Votes that exceed or equal Quorum" - 3-1 is 4'
        " Votes = Quorum 4 and 3 of 4 are FOR",
    ),
    pytest.param(
        [*v("for", "Bob", "Carol"), *v("against", "Erin")],
        hms(47, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        3,
        1,
        id='Victory and Ascension: "at least 48 hours" - 3-1 at 47:59:59 must wait',
    ),
    pytest.param(
        v("for", "Bob", "Carol"),
        hms(48),
        Verdict.FAIL,
        Clause.DOV_TIMED_OUT,
        3,
        0,
        id='Victory and Ascension: "a number of Votes that exceed or equal Quorum" - 3-0 is 3'
        " Votes < Quorum 4: cannot be Enacted",
    ),
    pytest.param(
        [*v("for", "Bob"), *v("against", "Carol", "Dave")],
        hms(48),
        Verdict.FAIL,
        Clause.DOV_TIMED_OUT,
        2,
        2,
        id='Victory and Ascension: "more than half of its valid Votes are FOR" - 2 of 4 is not'
        " more than half",
    ),
    # "It has been open for voting for at least 12 hours, and the number of Imagineers who are
    # not voting AGAINST it is less than Quorum."
    pytest.param(
        v("against", "Bob", "Carol", "Dave", "Erin"),
        hms(12),
        Verdict.FAIL,
        Clause.DOV_QUORUM_UNREACHABLE,
        1,
        4,
        id='Victory and Ascension: "at least 12 hours, and the number of Imagineers who are not'
        ' voting AGAINST it is less than Quorum" - 3 < 4 at exactly 12:00:00',
    ),
    pytest.param(
        v("against", "Bob", "Carol", "Dave", "Erin"),
        hms(11, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        1,
        4,
        id='Victory and Ascension: "at least 12 hours, and ... not voting AGAINST it is less than'
        ' Quorum" - at 11:59:59 it must wait (unlike a Proposal)',
    ),
    pytest.param(
        v("against", "Bob", "Carol", "Dave"),
        hms(12),
        Verdict.WAIT,
        Clause.PENDING,
        1,
        3,
        id='Victory and Ascension: "not voting AGAINST it is less than Quorum" - 4 = Quorum 4'
        " must wait",
    ),
    # "It has been open for voting for at least 48 hours and cannot be Enacted."
    pytest.param(
        [*v("for", "Bob"), *v("against", "Carol")],
        hms(48),
        Verdict.FAIL,
        Clause.DOV_TIMED_OUT,
        2,
        1,
        id='Victory and Ascension: "at least 48 hours and cannot be Enacted" - 2-1 at exactly'
        " 48:00:00",
    ),
    pytest.param(
        [*v("for", "Bob"), *v("against", "Carol")],
        hms(47, 59, 59),
        Verdict.WAIT,
        Clause.PENDING,
        2,
        1,
        id='Victory and Ascension: "at least 48 hours and cannot be Enacted" - 2-1 at 47:59:59',
    ),
    # Only FOR and AGAINST are valid on a DoV.
    pytest.param(
        [*v("for", "Kevan"), *v("imperial", "Bob", "Carol")],
        hms(12),
        Verdict.WAIT,
        Clause.PENDING,
        2,
        0,
        id='Votable Matters: "A valid Vote is ... FOR or AGAINST" - DEFERENTIALs do not follow'
        " the Boss on a DoV",
    ),
]


@pytest.mark.parametrize(("votes", "age", "verdict", "clause", "for_", "against"), CASES)
def test_declarations_of_victory(
    votes: Sequence[CommentSpec],
    age: timedelta,
    verdict: Verdict,
    clause: Clause,
    for_: int,
    against: int,
) -> None:
    s = status(game(dov(votes=votes), players=7), T0 + age)
    (m,) = s.matters
    assert (m.decision.verdict, m.decision.clause) == (verdict, clause), m.decision.why
    assert (m.tally.for_count, m.tally.against_count, m.quorum) == (for_, against, 4)
    assert m.oldest is False
    # Rule "Victory and Ascension": the DoV is decided during its own Hiatus.
    assert s.hiatus is True


@pytest.mark.parametrize(
    ("votes", "verdict", "clause"),
    [
        pytest.param(
            v("for", "Bob"),
            Verdict.FAIL,
            Clause.DOV_TIMED_OUT,
            id='Victory and Ascension: "has a number of Votes that exceed or equal Quorum" - 2-0'
            " is 2 Votes < Quorum 3 at 48h: cannot be Enacted",
        ),
        pytest.param(
            [*v("for", "Bob"), *v("against", "Carol")],
            Verdict.ENACT,
            Clause.DOV_MAJORITY_48H,
            id='Victory and Ascension: "a number of Votes that exceed or equal Quorum, and more'
            ' than half of its valid Votes are FOR" - one more AGAINST (2-1) makes it enactable',
        ),
    ],
)
def test_an_against_vote_can_complete_the_turnout(
    votes: Sequence[CommentSpec], verdict: Verdict, clause: Clause
) -> None:
    """The third enact clause counts turnout: an AGAINST can turn fail into enact. (So the
    invariant "an AGAINST never turns fail into enact" holds for Proposals and CfJs only.)"""
    m = matter(game(dov(votes=votes), players=5), "dov", at(48))
    assert (m.decision.verdict, m.decision.clause, m.quorum) == (verdict, clause, 3)


def test_metadynasty_has_no_boss_to_vote_for() -> None:
    """Dynasties: "If there is no Boss": only "it has no AGAINST Votes" is left at 12h."""
    votes = [*v("for", "Kevan", "Bob", "Carol"), *v("against", "Dave")]
    g = game(dov(votes=votes), players=7, boss=None)
    assert matter(g, "dov", at(12)).decision.verdict is Verdict.WAIT
    m = matter(g, "dov", at(24))
    assert (m.decision.verdict, m.decision.clause) == (Verdict.ENACT, Clause.DOV_QUORUM_FEW_AGAINST)


def test_idle_boss_has_not_voted_for_it() -> None:
    """Idle Imagineers: an Idle Boss's FOR is no Vote, so "the Boss has Voted FOR" fails."""
    votes = [*v("for", "Kevan", "Bob", "Carol", "Dave"), *v("against", "Erin")]
    g = game(dov(votes=votes), players=7, idle=["Kevan"])
    m = matter(g, "dov", at(12))
    assert (m.decision.verdict, m.tally.for_count, m.quorum) == (Verdict.WAIT, 4, 4)


DECIDABLE = [
    pytest.param(
        v("for", "Bob", "Carol", "Dave"),
        hms(3),
        Verdict.WAIT,
        at(12),
        id='decidable_at: 4-0 at 3h - "at least 12 hours" at posted+12h',
    ),
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin")],
        hms(13),
        Verdict.WAIT,
        at(24),
        id='decidable_at: 4-1 at 13h - "at least 24 hours" at posted+24h',
    ),
    pytest.param(
        [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin", "Frank")],
        hms(25),
        Verdict.WAIT,
        at(48),
        id='decidable_at: 4-2 at 25h - "at least 48 hours" at posted+48h',
    ),
    pytest.param(
        v("against", "Bob", "Carol", "Dave", "Erin"),
        hms(1),
        Verdict.WAIT,
        at(12),
        id="decidable_at: 1-4 at 1h - fails at posted+12h",
    ),
    pytest.param(
        v("for", "Bob", "Carol", "Dave"),
        hms(12),
        Verdict.ENACT,
        datetime(2016, 12, 24, tzinfo=UTC),
        id="decidable_at: enactable - until Seasonal Downtime blocks it on 24 December",
    ),
]


@pytest.mark.parametrize(("votes", "age", "verdict", "decidable"), DECIDABLE)
def test_decidable_at(
    votes: Sequence[CommentSpec], age: timedelta, verdict: Verdict, decidable: datetime
) -> None:
    g = game(dov(votes=votes), players=7)
    m = matter(g, "dov", T0 + age)
    assert m.decision.verdict is verdict
    assert m.decidable_at == decidable
    assert matter(g, "dov", decidable - timedelta(seconds=1)).decision.verdict is verdict
    assert matter(g, "dov", decidable).decision.verdict is not verdict


# "When a DoV is enacted, all other active DoVs are failed".
def test_another_dov_enacted_fails_this_one() -> None:
    won = dov("won", "Alice", when=at(0), status=PostStatus.ENACTED, resolved_at=at(13))
    other = dov("other", "Bob", when=at(1), votes=v("for", "Carol", "Dave", "Erin"))
    s = status(game(won, other, players=7, boss="Alice"), at(14))
    (m,) = s.matters
    assert (m.decision.verdict, m.decision.clause, m.illegal) == (
        Verdict.FAIL,
        Clause.DOV_OTHER_ENACTED,
        False,
    )
    assert "won" in m.decision.why
    # Failed for good, until Seasonal Downtime blocks resolving it.
    assert m.decidable_at == datetime(2016, 12, 24, tzinfo=UTC)


def test_another_dov_enacted_fails_this_one_even_after_the_address() -> None:
    """Victory and Ascension: "When a DoV is enacted, all other active DoVs are failed": a DoV
    pending at that moment stays failed after the Ascension Address, and starts no Hiatus."""
    won = dov("won", "Alice", when=at(0), status=PostStatus.ENACTED, resolved_at=at(13))
    other = dov("other", "Bob", when=at(1))
    g = game(won, other, address("aa", "Alice", when=at(20)), players=7, boss="Alice")
    s = status(g, at(30))
    (m,) = s.matters
    assert (m.decision.verdict, m.decision.clause) == (Verdict.FAIL, Clause.DOV_OTHER_ENACTED)
    assert s.hiatus is False


SEASONAL = [
    pytest.param(
        datetime(2016, 12, 23, 23, 59, 59, tzinfo=UTC),
        Verdict.ENACT,
        id='Seasonal Downtime: "on December 24th" - 23 Dec 23:59:59 is not yet downtime',
    ),
    pytest.param(
        datetime(2016, 12, 24, 0, 0, 0, tzinfo=UTC),
        Verdict.BLOCKED,
        id='Seasonal Downtime: "no game actions may be taken except ..." - "Victory and'
        ' Ascension" is not listed: 24 Dec 00:00:00',
    ),
    pytest.param(
        datetime(2016, 12, 26, 23, 59, 59, tzinfo=UTC),
        Verdict.BLOCKED,
        id='Seasonal Downtime: "remains in hiatus until December 27th" - 26 Dec 23:59:59',
    ),
    pytest.param(
        datetime(2016, 12, 27, 0, 0, 0, tzinfo=UTC),
        Verdict.ENACT,
        id='Seasonal Downtime: "until December 27th" - 27 Dec 00:00:00 is over',
    ),
]


@pytest.mark.parametrize(("now", "verdict"), SEASONAL)
def test_seasonal_downtime_blocks_dovs(now: datetime, verdict: Verdict) -> None:
    when = datetime(2016, 12, 22, 12, tzinfo=UTC)
    g = game(dov(when=when, votes=v("for", "Bob", "Carol", "Dave")), players=7)
    m = matter(g, "dov", now)
    assert m.decision.verdict is verdict
    want = (
        Clause.SEASONAL_DOWNTIME
        if verdict is Verdict.BLOCKED
        else Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED
    )
    assert m.decision.clause is want
    if verdict is Verdict.BLOCKED:
        assert m.decidable_at == datetime(2016, 12, 27, tzinfo=UTC)


@pytest.mark.parametrize(
    ("votes", "age", "why"),
    [
        pytest.param(
            v("for", "Bob", "Carol"),
            hms(12),
            "FOR 3 is below Quorum 4 (and it is not 48h old)",
            id='Victory and Ascension: "FOR Votes that exceed or equal Quorum" - 3 FOR at 12h',
        ),
        pytest.param(
            v("for", "Bob", "Carol", "Dave"),
            hms(11, 59, 59),
            "it is not 12h old",
            id='Victory and Ascension: "at least 12 hours" - 4-0 at 11:59:59',
        ),
        pytest.param(
            [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin")],
            hms(23, 59, 59),
            "the Boss has not Voted FOR and it has AGAINST Votes (at 12h), and it is not 24h old"
            " (then AGAINST 1 must be below half of Quorum rounded down, 2)",
            id='Victory and Ascension: "either the Boss has Voted FOR it or it has no AGAINST'
            ' Votes" - 4-1 at 23:59:59',
        ),
        pytest.param(
            [*v("for", "Bob", "Carol", "Dave"), *v("against", "Erin", "Frank")],
            hms(24),
            "the Boss has not Voted FOR and it has AGAINST Votes (at 12h), and AGAINST 2 is not"
            " below half of Quorum rounded down, 2 (at 24h), and it is not 48h old",
            id='Victory and Ascension: "a number of AGAINST Votes lesser than half of Quorum,'
            ' rounded down" - 4-2 at exactly 24h',
        ),
    ],
)
def test_a_waiting_dov_says_which_way_to_enact_it_is_not_open_yet(
    votes: Sequence[CommentSpec], age: timedelta, why: str
) -> None:
    (m,) = status(game(dov(votes=votes), players=7), T0 + age).matters
    assert (m.decision.verdict, m.decision.clause) == (Verdict.WAIT, Clause.PENDING)
    assert m.decision.why.endswith(": " + why), m.decision.why
