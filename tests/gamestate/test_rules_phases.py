"""Game phases: Hiatus (rule "Victory and Ascension"), Seasonal Downtime, and reading the
game "as of" an instant.

Roster: Kevan (the Boss), Alice, Bob, Carol, Dave: Quorum 3.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gamestate import Category, Clause, Game, Post, PostStatus, Verdict
from tests.builders import address, at, cfj, dov, game, matter, post, proposal, status

QUORUM_FOR = [("Bob", "for"), ("Carol", "for")]
"""With the author's implicit FOR: 3 FOR, Quorum 3."""


def _matters(g: Game, now: datetime) -> dict[str, tuple[Verdict, Clause]]:
    return {m.post.id: (m.decision.verdict, m.decision.clause) for m in status(g, now).matters}


# Rule "Victory and Ascension": "Upon doing so, the game immediately goes into Hiatus ...
# During this time, the only game actions that may be taken are those covered by Rules
# "Imagineers", "Votable Matters", "Calls for Judgement", "Gamestate Tracking" and "Victory
# and Ascension"."
def test_a_pending_dov_puts_the_game_in_hiatus() -> None:
    p = proposal("p", "Alice", when=at(0), votes=QUORUM_FOR)
    c = cfj("c", "Bob", when=at(0), votes=[("Alice", "for"), ("Carol", "for")])
    d = dov("d", "Dave", when=at(1))
    s = status(game(p, c, d), at(13))
    assert s.hiatus is True
    assert s.hiatus_reason is not None and "'d'" in s.hiatus_reason
    by_id = {m.post.id: m for m in s.matters}
    # "Resolution of Proposals" is not listed: the oldest Proposal may not be enacted.
    assert (by_id["p"].decision.verdict, by_id["p"].decision.clause, by_id["p"].oldest) == (
        Verdict.BLOCKED,
        Clause.HIATUS,
        True,
    )
    assert by_id["p"].decidable_at is None
    # "Calls for Judgement" is listed.
    assert (by_id["c"].decision.verdict, by_id["c"].decision.clause) == (
        Verdict.ENACT,
        Clause.CFJ_RESOLVED,
    )
    # "Victory and Ascension" is listed: the DoV itself is judged (1 FOR, 12h).
    assert (by_id["d"].decision.verdict, by_id["d"].decision.clause) == (
        Verdict.WAIT,
        Clause.PENDING,
    )


def test_hiatus_blocks_even_failing_proposals() -> None:
    """Failing is "Resolution of Proposals" too: Vetoed, Self-Killed and stale all wait."""
    vetoed = proposal("v", "Alice", when=at(0), votes=[("Kevan", "seal")])
    stale = proposal("s", "Bob", when=at(-200))
    s = status(game(stale, vetoed, dov("d", "Dave", when=at(1))), at(2))
    verdicts = {
        m.post.id: (m.decision.verdict, m.decision.clause) for m in s.matters if m.post.id != "d"
    }
    assert verdicts == {
        "s": (Verdict.BLOCKED, Clause.HIATUS),
        "v": (Verdict.BLOCKED, Clause.HIATUS),
    }


PHASES = [
    pytest.param(
        [dov("d", "Dave", when=at(1), status=PostStatus.FAILED, resolved_at=at(12))],
        at(13),
        False,
        (Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR),
        id='Victory and Ascension: "When a DoV fails and there are no pending DoVs, Hiatus ends"',
    ),
    pytest.param(
        [
            dov("d", "Dave", when=at(1), status=PostStatus.FAILED, resolved_at=at(12)),
            dov("d2", "Bob", when=at(2)),
        ],
        at(13),
        True,
        (Verdict.BLOCKED, Clause.HIATUS),
        id='Victory and Ascension: "When a DoV fails and there are no pending DoVs" - another'
        " DoV is still pending: Hiatus goes on",
    ),
    pytest.param(
        [dov("d", "Dave", when=at(1), status=PostStatus.FAILED, resolved_at=at(14))],
        at(13),
        True,
        (Verdict.BLOCKED, Clause.HIATUS),
        id='as of now: a DoV failed after now is still pending now: "the game immediately goes'
        ' into Hiatus"',
    ),
    pytest.param(
        [dov("d", "Dave", when=at(14))],
        at(13),
        False,
        (Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR),
        id="as of now: a DoV posted after now is not yet there",
    ),
    pytest.param(
        [dov("d", "Dave", when=at(1), status=PostStatus.ENACTED, resolved_at=at(12))],
        at(13),
        True,
        (Verdict.BLOCKED, Clause.HIATUS),
        id='Victory and Ascension: "The Hiatus continues until the new Boss makes an Ascension'
        ' Address" - enacted, no Address yet',
    ),
    pytest.param(
        [
            dov("d", "Dave", when=at(1), status=PostStatus.ENACTED, resolved_at=at(12)),
            address("aa", "Dave", when=at(12, 30)),
        ],
        at(13),
        False,
        (Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR),
        id='Victory and Ascension: "until the new Boss makes an Ascension Address" - the Address'
        " ends the Hiatus",
    ),
    pytest.param(
        [
            dov("d", "Dave", when=at(1), status=PostStatus.ENACTED, resolved_at=at(12)),
            address("aa", "Dave", when=at(14)),
        ],
        at(13),
        True,
        (Verdict.BLOCKED, Clause.HIATUS),
        id="as of now: an Ascension Address posted after now has not ended the Hiatus yet",
    ),
    pytest.param(
        [
            dov("d", "Dave", when=at(1), status=PostStatus.ENACTED, resolved_at=at(12)),
            post(Category.STORY_POST.value, "story", "Dave", when=at(12, 30)),
        ],
        at(13),
        True,
        (Verdict.BLOCKED, Clause.HIATUS),
        id='Victory and Ascension: "an Ascension Address by posting an entry in the "Ascension'
        ' Address" category" - a Story Post is not one',
    ),
    pytest.param(
        [
            dov("d", "Dave", when=at(1), status=PostStatus.ENACTED, resolved_at=at(12)),
            address("aa", "Bob", when=at(12, 30)),
        ],
        at(13),
        True,
        (Verdict.BLOCKED, Clause.HIATUS),
        id='Victory and Ascension: "until the new Boss makes an Ascension Address" - an'
        " Address by another player does not end it",
    ),
]


@pytest.mark.parametrize(("others", "now", "hiatus", "proposal_verdict"), PHASES)
def test_hiatus(
    others: list[Post], now: datetime, hiatus: bool, proposal_verdict: tuple[Verdict, Clause]
) -> None:
    # After an enacted DoV the new Dynasty's Boss is its author; before, Kevan.
    enacted = any(p.status is PostStatus.ENACTED for p in others)
    g = game(
        proposal("p", "Alice", when=at(0), votes=QUORUM_FOR),
        *others,
        boss="Dave" if enacted else "Kevan",
    )
    s = status(g, now)
    assert s.hiatus is hiatus
    assert (s.hiatus_reason is not None) is hiatus
    m = next(m for m in s.matters if m.post.id == "p")
    assert (m.decision.verdict, m.decision.clause) == proposal_verdict


def test_hiatus_reason_names_the_ascension_address() -> None:
    d = dov("d", "Dave", when=at(1), status=PostStatus.ENACTED, resolved_at=at(12))
    s = status(game(d, boss="Dave"), at(13))
    assert s.hiatus_reason is not None and "Ascension Address" in s.hiatus_reason
    assert s.matters == ()


# Rule "Seasonal Downtime": "Blognomic goes into hiatus every year on December 24th, and remains
# in hiatus until December 27th. During this time no game actions may be taken except those
# described in the rules entitled "Votable Matters," "Gamestate Tracking" and "Call for
# Judgement"." Read as 24 Dec 00:00:00 up to, not including, 27 Dec 00:00:00 UTC.
DOWNTIME = [
    pytest.param(
        datetime(2016, 12, 23, 23, 59, 59, tzinfo=UTC),
        False,
        id='Seasonal Downtime: "on December 24th" - 23 Dec 23:59:59 is before it',
    ),
    pytest.param(
        datetime(2016, 12, 24, 0, 0, 0, tzinfo=UTC),
        True,
        id='Seasonal Downtime: "on December 24th" - 24 Dec 00:00:00 is in it',
    ),
    pytest.param(
        datetime(2016, 12, 26, 23, 59, 59, tzinfo=UTC),
        True,
        id='Seasonal Downtime: "remains in hiatus until December 27th" - 26 Dec 23:59:59 is in it',
    ),
    pytest.param(
        datetime(2016, 12, 27, 0, 0, 0, tzinfo=UTC),
        False,
        id='Seasonal Downtime: "until December 27th" - 27 Dec 00:00:00 is after it',
    ),
]


@pytest.mark.parametrize(("now", "downtime"), DOWNTIME)
def test_seasonal_downtime_blocks_proposals_and_dovs_not_cfjs(
    now: datetime, downtime: bool
) -> None:
    posted = datetime(2016, 12, 21, tzinfo=UTC)
    g1 = game(
        proposal("p", "Alice", when=posted, votes=QUORUM_FOR),
        cfj("c", "Bob", when=posted, votes=[("Alice", "for"), ("Carol", "for")]),
    )
    s = status(g1, now)
    assert s.hiatus is downtime
    assert (s.hiatus_reason is not None and "Seasonal Downtime" in s.hiatus_reason) is downtime
    blocked = (Verdict.BLOCKED, Clause.SEASONAL_DOWNTIME)
    assert _matters(g1, now) == {
        "p": blocked if downtime else (Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR),
        "c": (Verdict.ENACT, Clause.CFJ_RESOLVED),
    }
    g2 = game(dov("d", "Alice", when=posted, votes=QUORUM_FOR))
    assert _matters(g2, now) == {
        "d": blocked if downtime else (Verdict.ENACT, Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED)
    }


@pytest.mark.parametrize(
    ("now", "decidable"),
    [
        pytest.param(
            datetime(2016, 12, 23, 12, tzinfo=UTC),
            datetime(2016, 12, 24, tzinfo=UTC),
            id="decidable_at: an enactable Proposal is blocked from 24 Dec 00:00:00",
        ),
        pytest.param(
            datetime(2016, 12, 25, 12, tzinfo=UTC),
            datetime(2016, 12, 27, tzinfo=UTC),
            id="decidable_at: a Proposal blocked by Seasonal Downtime is free at 27 Dec 00:00:00",
        ),
    ],
)
def test_decidable_at_around_seasonal_downtime(now: datetime, decidable: datetime) -> None:
    g = game(proposal("p", "Alice", when=datetime(2016, 12, 22, tzinfo=UTC), votes=QUORUM_FOR))
    assert matter(g, "p", now).decidable_at == decidable


def test_seasonal_downtime_and_dov_hiatus_both_named() -> None:
    now = datetime(2016, 12, 25, tzinfo=UTC)
    g = game(dov("d", "Dave", when=datetime(2016, 12, 23, tzinfo=UTC)))
    s = status(g, now)
    assert s.hiatus is True
    assert s.hiatus_reason is not None
    assert "Seasonal Downtime" in s.hiatus_reason and "'d'" in s.hiatus_reason


@pytest.mark.parametrize("year", [2015, 2017, 2030])
def test_seasonal_downtime_is_every_year(year: int) -> None:
    """ "every year on December 24th"."""
    posted = datetime(year, 12, 20, tzinfo=UTC)
    g = game(proposal("p", "Alice", when=posted, votes=QUORUM_FOR))
    assert (
        matter(g, "p", datetime(year, 12, 25, tzinfo=UTC)).decision.clause
        is Clause.SEASONAL_DOWNTIME
    )
    assert matter(g, "p", datetime(year, 12, 23, tzinfo=UTC)).decision.verdict is Verdict.ENACT


def test_replaying_the_winning_dov_before_it_was_enacted() -> None:
    """Victory and Ascension: "If an Imagineer (other than the Boss)": Dave was not the Boss
    when he declared; he became the Boss because this DoV was enacted. As of a moment while it
    was pending, it is a legal DoV and the game is in Hiatus."""
    d = dov("d", "Dave", when=at(1), status=PostStatus.ENACTED, resolved_at=at(13))
    p = proposal("p", "Alice", when=at(0), votes=QUORUM_FOR)
    s = status(game(p, d, boss="Dave"), at(12, 30))
    by_id = {m.post.id: m for m in s.matters}
    assert by_id["d"].illegal is False
    assert s.hiatus is True
    assert (by_id["p"].decision.verdict, by_id["p"].decision.clause) == (
        Verdict.BLOCKED,
        Clause.HIATUS,
    )
