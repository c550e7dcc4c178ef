"""Which posts are Illegal: rules "Proposals", "Victory and Ascension", "Seasonal Downtime",
appendix "Subject". An Illegal pending post is listed with verdict ``fail`` and clause
ILLEGAL, is never the oldest pending Proposal, and counts toward no limit.

Roster: Kevan (the Boss), Alice, Bob, Carol, Dave: Quorum 3.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gamestate import Clause, Game, Post, PostStatus, Verdict
from tests.builders import address, at, cfj, comment, dov, game, matter, proposal, status

FAILED = PostStatus.FAILED
ENACTED = PostStatus.ENACTED


# (game, now, post id, fragment of illegal_reason or None if the post is legal)
CASES = [
    # Rule "Proposals": "(unless the Imagineer already has 2 Proposals pending, ...)"
    pytest.param(
        game(proposal("p1", when=at(0)), proposal("p2", when=at(1)), proposal("p3", when=at(2))),
        at(3),
        "p3",
        "2 Proposals pending",
        id='Proposals: "unless the Imagineer already has 2 Proposals pending" - a third while two'
        " are pending is Illegal",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(0)),
            proposal("p2", when=at(days=8)),
            proposal("p3", when=at(days=8, hours=1)),
        ),
        at(days=8, hours=2),
        "p3",
        "2 Proposals pending",
        id='Proposals: "already has 2 Proposals pending" - one pending more than 7 days is still'
        " pending",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(0), status=ENACTED, resolved_at=at(1, 30)),
            proposal("p2", when=at(1)),
            proposal("p3", when=at(2)),
        ),
        at(3),
        "p3",
        None,
        id='Proposals: "already has 2 Proposals pending" - one resolved before the third was'
        " posted: legal",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(0), status=ENACTED, resolved_at=at(2, 30)),
            proposal("p2", when=at(1)),
            proposal("p3", when=at(2)),
        ),
        at(3),
        "p3",
        "2 Proposals pending",
        id='Proposals: "already has 2 Proposals pending" - one resolved only after the third was'
        " posted: still Illegal",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(0), status=ENACTED),
            proposal("p2", when=at(1)),
            proposal("p3", when=at(2)),
        ),
        at(3),
        "p3",
        None,
        id='Proposals: "already has 2 Proposals pending" - resolved with no resolved_at: the'
        " benefit of the doubt",
    ),
    pytest.param(
        game(
            proposal("p1", "Bob", when=at(0)),
            proposal("p2", "Bob", when=at(1)),
            proposal("p3", "Alice", when=at(2)),
        ),
        at(3),
        "p3",
        None,
        id='Proposals: "the Imagineer already has 2 Proposals pending" - another player\'s'
        " pending Proposals do not count",
    ),
    pytest.param(
        game(cfj("c1", when=at(0)), cfj("c2", when=at(1)), proposal("p3", when=at(2))),
        at(3),
        "p3",
        None,
        id='Proposals: "2 Proposals pending" - pending CfJs are not Proposals',
    ),
    pytest.param(
        game(
            proposal("p1", when=at(0)),
            proposal("p2", when=at(1), status=PostStatus.ILLEGAL),
            proposal("p3", when=at(2)),
        ),
        at(3),
        "p3",
        None,
        id='Proposals: "2 Proposals pending" - a Proposal marked Illegal does not count',
    ),
    pytest.param(
        game(
            proposal("p1", when=at(0)),
            proposal("p2", when=at(1), title="Proposal:"),
            proposal("p3", when=at(2)),
        ),
        at(3),
        "p3",
        None,
        id='Proposals: "2 Proposals pending" - an Illegal (empty subject) pending Proposal does'
        " not count",
    ),
    # Rule "Proposals": "... or has already made 3 Proposals that day"
    pytest.param(
        game(
            proposal("p1", when=at(1), status=FAILED, resolved_at=at(1, 30)),
            proposal("p2", when=at(2), status=FAILED, resolved_at=at(2, 30)),
            proposal("p3", when=at(3), status=FAILED, resolved_at=at(3, 30)),
            proposal("p4", when=at(23, 59, 59)),
        ),
        at(23, 59, 59),
        "p4",
        "3 Proposals",
        id='Proposals: "or has already made 3 Proposals that day" - a fourth at 23:59:59 the same'
        " UTC day is Illegal",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(1), status=FAILED, resolved_at=at(1, 30)),
            proposal("p2", when=at(2), status=FAILED, resolved_at=at(2, 30)),
            proposal("p3", when=at(3), status=FAILED, resolved_at=at(3, 30)),
            proposal("p4", when=at(24)),
        ),
        at(24),
        "p4",
        None,
        id='Proposals: "3 Proposals that day"; Day: "beginning at and including 00:00:00 UTC"'
        " - a fourth at 00:00:00 the next day is legal",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(23, 59, 59)),
            proposal("p2", when=at(24), status=FAILED, resolved_at=at(24, 30)),
            proposal("p3", when=at(25), status=FAILED, resolved_at=at(25, 30)),
            proposal("p4", when=at(26)),
        ),
        at(27),
        "p4",
        None,
        id='Day: "It can never be 2 different days at the same instant" - a Proposal at 23:59:59'
        " belongs to that day, not the next",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(1), status=FAILED, resolved_at=at(4)),
            proposal("p2", when=at(2), status=FAILED, resolved_at=at(4)),
            proposal("p3", when=at(3)),
            proposal("p4", when=at(5)),
        ),
        at(6),
        "p3",
        "2 Proposals pending",
        id='Proposals: "already has 2 Proposals pending" - p1 and p2 were pending when p3 was'
        " posted",
    ),
    pytest.param(
        game(
            proposal("p1", when=at(1), status=FAILED, resolved_at=at(4)),
            proposal("p2", when=at(2), status=FAILED, resolved_at=at(4)),
            proposal("p3", when=at(3)),
            proposal("p4", when=at(5)),
        ),
        at(6),
        "p4",
        None,
        id='Proposals: "has already made 3 Proposals that day" - the Illegal p3 does not count:'
        " p4 is legal",
    ),
    # Appendix "Subject": "Any entry whose subject is "" (i.e. an empty string) is not valid."
    pytest.param(
        game(proposal("p", title="Proposal:")),
        at(1),
        "p",
        "Subject",
        id='Subject: "Any entry whose subject is "" ... is not valid" - "Proposal:"',
    ),
    pytest.param(
        game(cfj("c", title="Call for Judgement:")),
        at(1),
        "c",
        "Subject",
        id='Subject: "whose subject is "" ... is not valid" - "Call for Judgement:"',
    ),
    pytest.param(
        game(dov("d", title="Declaration of Victory: ")),
        at(1),
        "d",
        "Subject",
        id='Subject: "whose subject is "" ... is not valid" - "Declaration of Victory: "',
    ),
    pytest.param(
        game(proposal("p", title="")),
        at(1),
        "p",
        "Subject",
        id='Subject: "If the Title does not contain a colon, then the whole Title is the subject"'
        " - an empty title",
    ),
    pytest.param(
        game(proposal("p", title="Fix the Queue")),
        at(1),
        "p",
        None,
        id='Subject: "If the Title does not contain a colon, then the whole Title is the subject"'
        " - legal",
    ),
    pytest.param(
        game(proposal("p", title="Proposal: Re: the Queue")),
        at(1),
        "p",
        None,
        id='Subject: "the part of the Title of an entry which is after the first colon"',
    ),
    # Rule "Victory and Ascension".
    pytest.param(
        game(dov("d", "Kevan")),
        at(1),
        "d",
        "Victory and Ascension",
        id='Victory and Ascension: "If an Imagineer (other than the Boss) believes that they have'
        " achieved victory\" - the Boss's DoV is Illegal",
    ),
    pytest.param(
        game(dov("d", "Kevan"), boss=None),
        at(1),
        "d",
        None,
        id='Victory and Ascension: "(other than the Boss)"; Dynasties: "If there is no Boss, the'
        ' Dynasty is a Metadynasty" - anyone may declare',
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=FAILED, resolved_at=at(48), votes=[("Bob", "against")]),
            dov("d", when=at(48 + 120)),
        ),
        at(48 + 121),
        "d",
        "120 hours",
        id='Victory and Ascension: "cannot make another DoV until after 120 hours (5 days) have'
        ' passed since the time their DoV was failed" - exactly 120:00:00 later is Illegal',
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=FAILED, resolved_at=at(48), votes=[("Bob", "against")]),
            dov("d", when=at(48 + 120, 0, 1)),
        ),
        at(48 + 121),
        "d",
        None,
        id='Victory and Ascension: "until after 120 hours (5 days) have passed" - 120:00:01 later'
        " is legal",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=FAILED, resolved_at=at(100), votes=[("Bob", "against")]),
            dov("d", when=at(121)),
        ),
        at(122),
        "d",
        "120 hours",
        id='Victory and Ascension: "since the time their DoV was failed" - counted from the'
        " failure, not from the posting",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=FAILED, resolved_at=at(48)),
            dov("d", when=at(49)),
        ),
        at(50),
        "d",
        None,
        id='Victory and Ascension: "When a DoV is failed, if it had at least one AGAINST vote"'
        " - no AGAINST vote, no lockout",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=FAILED, resolved_at=at(48), votes=[("Bob", "against")]),
            dov("d", "Bob", when=at(49)),
        ),
        at(50),
        "d",
        None,
        id='Victory and Ascension: "the Imagineer who posted it cannot make another DoV" - other'
        " players are not locked out",
    ),
    pytest.param(
        game(
            dov(
                "e",
                when=at(0),
                status=FAILED,
                resolved_at=at(48),
                votes=[],
            ),
            dov("d", when=at(51)),
        ),
        at(52),
        "d",
        None,
        id='Victory and Ascension: "When a DoV is failed, if it had at least one AGAINST vote"'
        " - (no vote at all)",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=FAILED, votes=[("Bob", "against")]),
            dov("d", when=at(49)),
        ),
        at(50),
        "d",
        None,
        id='Victory and Ascension: "since the time their DoV was failed" - unknown resolved_at:'
        " the benefit of the doubt",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=ENACTED, resolved_at=at(13)),
            dov("d", "Bob", when=at(20)),
            boss="Alice",
        ),
        at(21),
        "d",
        "Ascension Address",
        id='Victory and Ascension: "A DoV may not be started in the period between an enacted DoV'
        " and that DoV's Ascension Address\"",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=ENACTED, resolved_at=at(13)),
            address("aa", "Alice", when=at(30)),
            dov("d", "Bob", when=at(31)),
            boss="Alice",
        ),
        at(32),
        "d",
        None,
        id='Victory and Ascension: "between an enacted DoV and that DoV\'s Ascension Address"'
        " - after the Address: legal",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=ENACTED, resolved_at=at(13)),
            dov("d", "Bob", when=at(1)),
            boss="Alice",
        ),
        at(14),
        "d",
        None,
        id='Victory and Ascension: "started in the period between an enacted DoV and ..." - a'
        " DoV posted before the enactment was not",
    ),
    pytest.param(
        game(
            dov("e", when=at(0), status=ENACTED),
            dov("d", "Bob", when=at(1)),
            boss="Alice",
        ),
        at(14),
        "d",
        None,
        id='Victory and Ascension: "started in the period between an enacted DoV and ..." - '
        "unknown resolved_at: the benefit of the doubt",
    ),
    # Rule "Victory and Ascension": "During this time [Hiatus], the only game actions that may
    # be taken are those covered by Rules ..."
    pytest.param(
        game(dov("d", "Bob", when=at(0)), proposal("p", "Alice", when=at(1))),
        at(2),
        "p",
        "Hiatus",
        id='Victory and Ascension: "During this time, the only game actions that may be taken'
        ' are those covered by Rules ..." - a Proposal posted while a DoV is pending is Illegal',
    ),
    pytest.param(
        game(
            dov("e", "Bob", when=at(0), status=ENACTED, resolved_at=at(13)),
            proposal("p", "Alice", when=at(14)),
            boss="Bob",
        ),
        at(15),
        "p",
        "Hiatus",
        id='Victory and Ascension: "The Hiatus continues until the new Boss makes an Ascension'
        ' Address" - a Proposal posted before the Address is Illegal',
    ),
    pytest.param(
        game(dov("d", "Bob", when=at(0)), cfj("c", "Alice", when=at(1))),
        at(2),
        "c",
        None,
        id='Victory and Ascension: Hiatus allows "Calls for Judgement" - a CfJ posted during'
        " Hiatus is legal",
    ),
    pytest.param(
        game(dov("d1", "Bob", when=at(0)), dov("d2", "Alice", when=at(1))),
        at(2),
        "d2",
        None,
        id='Victory and Ascension: Hiatus allows "Victory and Ascension" - a second DoV is legal',
    ),
    pytest.param(
        game(
            dov("d", "Bob", when=at(0), status=FAILED, resolved_at=at(12)),
            proposal("p", "Alice", when=at(13)),
        ),
        at(14),
        "p",
        None,
        id='Victory and Ascension: "When a DoV fails and there are no pending DoVs, Hiatus ends"'
        " - a Proposal after that is legal",
    ),
    # Rule "Seasonal Downtime".
    pytest.param(
        game(proposal("p", when=datetime(2016, 12, 24, tzinfo=UTC))),
        datetime(2016, 12, 24, 1, tzinfo=UTC),
        "p",
        "Seasonal Downtime",
        id='Seasonal Downtime: "During this time no game actions may be taken except ..." - a'
        " Proposal posted 24 Dec 00:00:00 is Illegal",
    ),
    pytest.param(
        game(dov("d", when=datetime(2016, 12, 26, 23, 59, 59, tzinfo=UTC))),
        datetime(2016, 12, 27, 1, tzinfo=UTC),
        "d",
        "Seasonal Downtime",
        id='Seasonal Downtime: "no game actions may be taken except ..." - a DoV posted'
        " 26 Dec 23:59:59 is Illegal",
    ),
    pytest.param(
        game(cfj("c", when=datetime(2016, 12, 25, tzinfo=UTC))),
        datetime(2016, 12, 25, 1, tzinfo=UTC),
        "c",
        None,
        id='Seasonal Downtime: "except those described in the rules entitled ... "Call for'
        ' Judgement"" - a CfJ posted 25 Dec is legal',
    ),
    pytest.param(
        game(proposal("p", when=datetime(2016, 12, 23, 23, 59, 59, tzinfo=UTC))),
        datetime(2016, 12, 27, 1, tzinfo=UTC),
        "p",
        None,
        id='Seasonal Downtime: "on December 24th" - a Proposal posted 23 Dec 23:59:59 is legal',
    ),
    pytest.param(
        game(proposal("p", when=datetime(2016, 12, 27, tzinfo=UTC))),
        datetime(2016, 12, 27, 1, tzinfo=UTC),
        "p",
        None,
        id='Seasonal Downtime: "until December 27th" - a Proposal posted 27 Dec 00:00:00 is legal',
    ),
]


@pytest.mark.parametrize(("g", "now", "post_id", "reason"), CASES)
def test_legality(g: Game, now: datetime, post_id: str, reason: str | None) -> None:
    m = matter(g, post_id, now)
    if reason is None:
        assert (m.illegal, m.illegal_reason) == (False, None)
        assert m.decision.clause is not Clause.ILLEGAL
    else:
        assert m.illegal is True
        assert m.illegal_reason is not None and reason in m.illegal_reason, m.illegal_reason
        assert (m.decision.verdict, m.decision.clause, m.decidable_at, m.oldest) == (
            Verdict.FAIL,
            Clause.ILLEGAL,
            None,
            False,
        )


def test_the_first_two_pending_proposals_stay_legal() -> None:
    g = game(proposal("p1", when=at(0)), proposal("p2", when=at(1)), proposal("p3", when=at(2)))
    s = status(g, at(3))
    assert [(m.post.id, m.illegal, m.oldest) for m in s.matters] == [
        ("p1", False, True),
        ("p2", False, False),
        ("p3", True, False),
    ]


def test_illegal_posts_are_not_the_oldest_pending_proposal() -> None:
    """An Illegal Proposal is no Votable Matter for the rules: the next one is the oldest."""
    bad = proposal("bad", "Bob", when=at(0), title="Proposal:", votes=[("Carol", "for")])
    good = proposal("good", "Alice", when=at(1), votes=[("Bob", "for"), ("Carol", "for")])
    s = status(game(bad, good), at(13))
    assert [(m.post.id, m.decision.verdict, m.decision.clause, m.oldest) for m in s.matters] == [
        ("bad", Verdict.FAIL, Clause.ILLEGAL, False),
        ("good", Verdict.ENACT, Clause.PROPOSAL_QUORUM_FOR, True),
    ]


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param(dov("d", "Kevan", when=at(0)), id="the Boss's DoV"),
        pytest.param(dov("d", "Bob", when=at(0), title="Declaration of Victory:"), id="no subject"),
    ],
)
def test_an_illegal_dov_starts_no_hiatus(bad: Post) -> None:
    """Victory and Ascension: "Upon doing so, the game immediately goes into Hiatus" only
    for a legal DoV."""
    p = proposal("p", "Alice", when=at(-1), votes=[("Bob", "for"), ("Carol", "for")])
    s = status(game(p, bad), at(12))
    assert (s.hiatus, s.hiatus_reason) == (False, None)
    assert matter(game(p, bad), "p", at(12)).decision.verdict is Verdict.ENACT


def test_lockout_counts_only_against_votes_cast_before_the_failure() -> None:
    """ "if it had at least one AGAINST vote" when it was failed: a later AGAINST (a comment
    after the failure) does not lock its author out."""
    e = dov(
        "e",
        when=at(0),
        status=FAILED,
        resolved_at=at(48),
        votes=[comment("Bob", "against", when=at(50), id="late")],
    )
    m = matter(game(e, dov("d", when=at(51))), "d", at(52))
    assert m.illegal is False
