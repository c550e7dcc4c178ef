"""Rule "Calls for Judgement": "A Pending CFJ may be Resolved by an Admin if it has a Quorum
of FOR Votes, a Quorum of AGAINST Votes, or if it has been open for voting for more than 48
hours. When a CFJ is Resolved, it is to be Enacted if it has more FOR Votes than AGAINST
Votes and Failed otherwise."

Roster: Kevan (the Boss), Alice (the author), Bob, Carol, Dave: Quorum 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from gamestate import Clause, Game, PostStatus, Verdict
from tests.builders import (
    T0,
    CommentSpec,
    address,
    at,
    cfj,
    dov,
    game,
    hms,
    matter,
    proposal,
    status,
)

CASES = [
    pytest.param(
        [("Bob", "for"), ("Carol", "for")],
        hms(0, 5),
        Verdict.ENACT,
        3,
        0,
        id='Calls for Judgement: "if it has a Quorum of FOR Votes" - 3 FOR at 5 minutes, no clock',
    ),
    pytest.param(
        [("Bob", "against"), ("Carol", "against"), ("Dave", "against")],
        hms(0, 5),
        Verdict.FAIL,
        1,
        3,
        id='Calls for Judgement: "a Quorum of AGAINST Votes" - 3 AGAINST at 5 minutes: Failed',
    ),
    pytest.param(
        [("Bob", "for")],
        hms(47),
        Verdict.WAIT,
        2,
        0,
        id='Calls for Judgement: "a Quorum of FOR Votes" - FOR 2 < Quorum 3 must wait',
    ),
    pytest.param(
        [("Bob", "for"), ("Carol", "against")],
        hms(48),
        Verdict.WAIT,
        2,
        1,
        id='Calls for Judgement: "open for voting for more than 48 hours" - exactly 48:00:00 is'
        " not more",
    ),
    pytest.param(
        [("Bob", "for"), ("Carol", "against")],
        hms(48, 0, 1),
        Verdict.ENACT,
        2,
        1,
        id='Calls for Judgement: "more than 48 hours" - 48:00:01 is; "more FOR Votes than'
        ' AGAINST Votes" 2-1: Enacted',
    ),
    pytest.param(
        [("Bob", "against")],
        hms(48, 0, 1),
        Verdict.FAIL,
        1,
        1,
        id='Calls for Judgement: "Enacted if it has more FOR Votes than AGAINST Votes and Failed'
        ' otherwise" - a 1-1 tie fails',
    ),
    pytest.param(
        [("Alice", "against"), ("Bob", "against")],
        hms(48, 0, 1),
        Verdict.FAIL,
        0,
        2,
        id='Calls for Judgement: "Failed otherwise" - 0-2 fails',
    ),
    pytest.param(
        [],
        hms(48, 0, 1),
        Verdict.ENACT,
        1,
        0,
        id='Calls for Judgement: "more FOR Votes than AGAINST Votes" - the author\'s lone FOR'
        " 1-0 after 48h enacts",
    ),
    pytest.param(
        [("Kevan", "for"), ("Bob", "imperial"), ("Carol", "imperial")],
        hms(1),
        Verdict.WAIT,
        2,
        0,
        id='Votable Matters: "A valid Vote is ... FOR or AGAINST" - DEFERENTIALs do not make a'
        " Quorum of FOR on a CfJ",
    ),
    pytest.param(
        [("Kevan", "seal"), ("Bob", "for"), ("Carol", "for")],
        hms(0, 5),
        Verdict.ENACT,
        3,
        0,
        id='Special Proposal Voting: VETO is "on a proposal" - a VETO on a CfJ stops nothing',
    ),
    pytest.param(
        [("Alice", "against"), ("Alice", "for"), ("Bob", "for"), ("Carol", "for")],
        hms(0, 5),
        Verdict.ENACT,
        3,
        0,
        id='Special Proposal Voting: Self-Killed is "their own Proposal" - an author\'s AGAINST'
        " on a CfJ can be changed",
    ),
]


@pytest.mark.parametrize(("votes", "age", "verdict", "for_", "against"), CASES)
def test_calls_for_judgement(
    votes: Sequence[CommentSpec], age: timedelta, verdict: Verdict, for_: int, against: int
) -> None:
    m = matter(game(cfj(votes=votes)), "cfj", T0 + age)
    assert m.decision.verdict is verdict, m.decision.why
    assert m.decision.clause is (Clause.PENDING if verdict is Verdict.WAIT else Clause.CFJ_RESOLVED)
    assert (m.tally.for_count, m.tally.against_count, m.quorum) == (for_, against, 3)
    assert m.oldest is False
    assert (m.tally.self_killed, m.tally.vetoed) == (False, False)


def test_idle_players_are_not_counted_in_the_quorum() -> None:
    """Idle Imagineers: 5 active and 4 Idle: Quorum 3, so 3 FOR resolve it."""
    idle = ["Erin", "Frank", "Grace", "Heidi"]
    g = game(cfj(votes=[("Bob", "for"), ("Carol", "for")]), players=9, idle=idle)
    m = matter(g, "cfj", at(1))
    assert (m.decision.verdict, m.quorum, m.tally.for_count) == (Verdict.ENACT, 3, 3)


@pytest.mark.parametrize(
    ("votes", "age", "verdict", "decidable"),
    [
        pytest.param(
            [("Bob", "for")],
            hms(3),
            Verdict.WAIT,
            at(48, 0, 1),
            id='decidable_at: "open for voting for more than 48 hours" - posted+48h+1s',
        ),
        pytest.param(
            [("Bob", "for"), ("Carol", "for")],
            hms(3),
            Verdict.ENACT,
            None,
            id="decidable_at: a Quorum of FOR - enactable for good (Seasonal Downtime does not"
            " block CfJs): None",
        ),
    ],
)
def test_decidable_at(
    votes: Sequence[CommentSpec], age: timedelta, verdict: Verdict, decidable: datetime | None
) -> None:
    g = game(cfj(votes=votes))
    m = matter(g, "cfj", T0 + age)
    assert m.decision.verdict is verdict
    assert m.decidable_at == decidable
    if decidable is not None:
        assert matter(g, "cfj", decidable - timedelta(seconds=1)).decision.verdict is verdict
        assert matter(g, "cfj", decidable).decision.verdict is not verdict


def _hiatus_games() -> list[Game]:
    c = cfj("c", "Bob", when=at(0), votes=[("Carol", "for"), ("Dave", "for")])
    pending_dov = dov("d", "Alice", when=at(1))
    enacted_dov = dov("d", "Alice", when=at(-20), status=PostStatus.ENACTED, resolved_at=at(-1))
    return [game(c, pending_dov), game(c, enacted_dov, boss="Alice")]


@pytest.mark.parametrize(
    "g",
    [
        pytest.param(
            g,
            id=f'Victory and Ascension: "the only game actions that may be taken are those covered'
            f' by Rules ... "Calls for Judgement"" - {why}',
        )
        for g, why in zip(
            _hiatus_games(),
            ["Hiatus from a pending DoV", "Hiatus awaiting the Ascension Address"],
            strict=True,
        )
    ],
)
def test_cfjs_are_resolved_in_hiatus(g: Game) -> None:
    s = status(g, at(2))
    assert s.hiatus is True
    m = next(m for m in s.matters if m.post.id == "c")
    assert (m.decision.verdict, m.decision.clause, m.tally.for_count) == (
        Verdict.ENACT,
        Clause.CFJ_RESOLVED,
        3,
    )


@pytest.mark.parametrize(
    "now",
    [
        pytest.param(
            datetime(2016, 12, 24, 0, 0, 0, tzinfo=UTC),
            id='Seasonal Downtime: "except those described in the rules entitled ... "Call for'
            ' Judgement"" - 24 Dec 00:00:00',
        ),
        pytest.param(
            datetime(2016, 12, 26, 23, 59, 59, tzinfo=UTC),
            id='Seasonal Downtime: "... "Call for Judgement"" - 26 Dec 23:59:59',
        ),
    ],
)
def test_cfjs_are_resolved_in_seasonal_downtime(now: datetime) -> None:
    c = cfj("c", "Bob", when=now - hms(49))
    # Posted before the Downtime began (a Proposal posted during it would be Illegal).
    before = datetime(2016, 12, 23, 12, 0, 0, tzinfo=UTC)
    p = proposal("p", "Carol", when=before, votes=[("Bob", "for"), ("Dave", "for")])
    s = status(game(c, p), now)
    assert s.hiatus is True
    by_id = {m.post.id: m for m in s.matters}
    assert (by_id["c"].decision.verdict, by_id["c"].decision.clause) == (
        Verdict.ENACT,
        Clause.CFJ_RESOLVED,
    )
    assert (by_id["p"].decision.verdict, by_id["p"].decision.clause) == (
        Verdict.BLOCKED,
        Clause.SEASONAL_DOWNTIME,
    )


def test_cfj_posted_after_an_ascension_address_is_ordinary() -> None:
    g = game(
        dov("d", "Alice", when=at(-20), status=PostStatus.ENACTED, resolved_at=at(-8)),
        address("aa", "Alice", when=at(-1)),
        cfj("c", "Bob", when=at(0)),
        boss="Alice",
    )
    m = matter(g, "c", at(1))
    assert (m.decision.verdict, m.decision.clause) == (Verdict.WAIT, Clause.PENDING)
    assert status(g, at(1)).hiatus is False
