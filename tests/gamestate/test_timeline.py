"""The dynasty timeline: each situation of issue 8 at several instants, with and without
recorded resolution times, against rule "Victory and Ascension"'s words.

Roster: Kevan (the Boss), Alice, Bob, Carol, Dave: Quorum 3.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from gamestate import Clause, Post, PostStatus, Timeline, Verdict, evaluate
from gamestate.profiles.blognomic_139.roster import Roster
from tests.builders import address, at, dov, game, matter, post, proposal, snapshot, status

ENACTED, FAILED, ILLEGAL = PostStatus.ENACTED, PostStatus.FAILED, PostStatus.ILLEGAL
WIN = [("Bob", "for"), ("Carol", "for"), ("Dave", "for")]
LOSE = [("Bob", "against"), ("Carol", "against"), ("Dave", "against")]
RECORDED = pytest.mark.parametrize("recorded", [True, False], ids=["time recorded", "no time"])


def _when(recorded: bool, moment: datetime) -> datetime | None:
    return moment if recorded else None


# 1. "When a DoV is enacted, all other active DoVs are failed" + "The Hiatus continues until
#    the new Boss makes an Ascension Address": nothing is pending after the Address.
def _two_dovs(recorded: bool) -> tuple[Post, ...]:
    return (
        dov(
            "won",
            "Alice",
            when=at(0),
            votes=WIN,
            status=ENACTED,
            resolved_at=_when(recorded, at(13)),
        ),
        dov("lost", "Bob", when=at(2)),
        address("aa", "Alice", when=at(20)),
        proposal("p", "Carol", when=at(22)),
    )


@RECORDED
@pytest.mark.parametrize(
    ("hours", "hiatus", "lost"),
    [
        (3, True, Verdict.WAIT),  # both DoVs pending (when the time is recorded)
        (15, True, Verdict.FAIL),  # enacted, awaiting the Address
        (21, False, Verdict.FAIL),  # after the Address
        (23, False, Verdict.FAIL),
    ],
    ids=["during the DoVs", "between enactment and Address", "after the Address", "later"],
)
def test_an_enacted_dov_fails_the_other_and_its_address_ends_hiatus(
    recorded: bool, hours: int, hiatus: bool, lost: Verdict
) -> None:
    """Victory and Ascension: "When a DoV is enacted, all other active DoVs are failed";
    "The Hiatus continues until the new Boss makes an Ascension Address"."""
    s = status(game(*_two_dovs(recorded)), at(hours))
    assert s.hiatus is hiatus
    by_id = {m.post.id: m for m in s.matters}
    if not recorded and hours == 3:
        lost = Verdict.WAIT  # 3h: before the earliest enactment (12h) the loser still stands
    assert by_id["lost"].decision.verdict is lost
    if "p" in by_id:
        assert not by_id["p"].illegal, by_id["p"].illegal_reason


# 2. "Upon doing so, the game immediately goes into Hiatus" ... "The Hiatus continues until
#    the new Boss makes an Ascension Address": in Hiatus either way.
@RECORDED
@pytest.mark.parametrize("posted", [2, 14], ids=["while the DoV was pending", "after it"])
@pytest.mark.parametrize("hours", [15, 21, 30], ids=["before the Address", "after", "later"])
def test_a_proposal_between_a_dov_and_its_address_is_illegal(
    recorded: bool, posted: int, hours: int
) -> None:
    """Victory and Ascension: a Proposal posted between an enacted DoV's posting and its
    Ascension Address was posted in Hiatus, whether or not the enactment time is known."""
    g = game(
        dov(
            "won",
            "Alice",
            when=at(0),
            votes=WIN,
            status=ENACTED,
            resolved_at=_when(recorded, at(13)),
        ),
        proposal("p", "Carol", when=at(posted)),
        address("aa", "Alice", when=at(20)),
    )
    m = matter(g, "p", at(hours))
    assert m.illegal and "posted during Hiatus" in (m.illegal_reason or "")
    assert status(g, at(hours)).hiatus is (hours < 20)


# 3. "If an Imagineer (other than the Boss) believes that they have achieved victory": the
#    Boss of the day, not today's.
def _second_win(recorded: bool) -> tuple[Post, ...]:
    return (
        proposal("old", "Bob", when=at(-2), votes=WIN),
        dov(
            "first",
            "Alice",
            when=at(0),
            votes=LOSE,
            status=FAILED,
            resolved_at=_when(recorded, at(14)),
        ),
        dov(
            "second",
            "Alice",
            when=at(200),
            votes=WIN,
            status=ENACTED,
            resolved_at=_when(recorded, at(214)),
        ),
        address("aa", "Alice", when=at(220)),
    )


@RECORDED
@pytest.mark.parametrize("hours", [1, 13, 100, 201, 230])
def test_a_later_win_does_not_make_an_earlier_dov_the_bosss(recorded: bool, hours: int) -> None:
    """Victory and Ascension: only an Imagineer "other than the Boss" may declare; Alice
    became the Boss by her second DoV, so her first was legal and put the game in Hiatus
    (until it failed: at 14h, or with no recorded time from 12h, the earliest it could)."""
    g = game(*_second_win(recorded), boss="Alice")
    s = status(g, at(hours))
    by_id = {m.post.id: m for m in s.matters}
    if "first" in by_id:
        assert not by_id["first"].illegal, by_id["first"].illegal_reason
    failed = 14 if recorded else 12
    in_hiatus = hours < failed or 200 <= hours < 220
    assert s.hiatus is in_hiatus, s.hiatus_reason
    if hours < 168:  # "pending for more than 7 days" is another matter
        old = by_id["old"].decision
        assert old.verdict is (Verdict.BLOCKED if in_hiatus else Verdict.ENACT), old.why
    # Today's Boss (Alice) won a DoV of the game, so the Boss before her win is not known;
    # she is Boss from her enactment on (with no recorded time, from the earliest: 12h).
    assert s.boss == ("Alice" if hours >= (214 if recorded else 212) else None)


def test_the_first_dov_is_not_illegal_in_any_replay() -> None:
    g = game(*_second_win(True), boss="Alice")
    assert "first" not in Timeline.from_game(g).illegal
    assert "second" not in Timeline.from_game(g).illegal


# 4. "That Imagineer may pass this role to another Imagineer at this point by making a post
#    to that effect": the Address of the player named ends that Dynasty's Hiatus.
def _passed(recorded: bool, passing: Post | None) -> tuple[Post, ...]:
    posts = [
        dov(
            "d1",
            "Alice",
            when=at(0),
            votes=WIN,
            status=ENACTED,
            resolved_at=_when(recorded, at(13)),
        ),
        address("aa1", "Bob", when=at(20)),
        proposal("p", "Carol", when=at(30)),
        dov(
            "d2",
            "Dave",
            when=at(40),
            votes=WIN,
            status=ENACTED,
            resolved_at=_when(recorded, at(53)),
        ),
        address("aa2", "Dave", when=at(60)),
    ]
    if passing is not None:
        posts.append(passing)
    return tuple(posts)


PASSES = [
    pytest.param(
        post("Story Post", "pass", "Alice", when=at(15), title="Story Post: thanks all"),
        "archive override",
        id='"passes_boss_to" in the archive',
    ),
    pytest.param(
        post("Story Post", "pass", "Alice", when=at(15), title="Passing the Boss role to Bob"),
        None,
        id='title "Passing the Boss role to Bob"',
    ),
    pytest.param(
        post("Story Post", "pass", "Alice", when=at(15), title="pass the boss to Bob."),
        None,
        id='title "pass the boss to Bob."',
    ),
]


@RECORDED
@pytest.mark.parametrize(("passing", "override"), PASSES)
@pytest.mark.parametrize("hours", [31, 45, 61], ids=["after aa1", "during d2", "after aa2"])
def test_the_address_of_the_player_the_role_was_passed_to_ends_hiatus(
    recorded: bool, passing: Post, override: str | None, hours: int
) -> None:
    """Victory and Ascension: Bob, to whom Alice passed the role, made the Address, so the
    first Dynasty's Hiatus ended at aa1, not at the later Dynasty's aa2."""
    if override:
        from dataclasses import replace

        passing = replace(passing, passes_boss_to="Bob")
    g = game(*_passed(recorded, passing), boss="Dave")
    tl = Timeline.from_game(g)
    assert tl.reigns.reigns[0].passed_to == "Bob"
    assert tl.address_of(tl.reigns.reigns[0].dov) is not None
    assert "p" not in tl.illegal
    s = status(g, at(hours))
    assert s.hiatus is (40 <= hours < 60)
    assert s.boss == ("Bob" if hours < 53 else "Dave")


def test_without_a_passing_post_another_players_address_does_not_end_hiatus() -> None:
    """Victory and Ascension: "until the new Boss makes an Ascension Address": Bob was not
    the new Boss, so the Proposal after his post was in Hiatus."""
    g = game(*_passed(True, None), boss="Dave")
    m = matter(g, "p", at(31))
    assert m.illegal and "posted during Hiatus" in (m.illegal_reason or "")


def test_a_passing_title_naming_no_known_player_passes_nothing() -> None:
    g = game(
        *_passed(
            True, post("Story Post", "x", "Alice", when=at(15), title="Passing the Boss to Zed")
        )
    )
    assert Timeline.from_game(g).reigns.reigns[0].passed_to is None


# Reading: "a post later marked Illegal was illegal from the moment it was posted".
@pytest.mark.parametrize("hours", [1, 13, 25])
def test_a_proposal_later_marked_illegal_is_never_the_oldest(hours: int) -> None:
    """Resolution of Proposals: "the oldest pending Proposal": a Proposal an Admin marked
    Illegal at 30h was never a Votable Matter, so before the marking Bob's is the oldest."""
    g = game(
        proposal("bad", "Alice", when=at(0), status=ILLEGAL, resolved_at=at(30)),
        proposal("good", "Bob", when=at(0, 30), votes=WIN),
    )
    by_id = {m.post.id: m for m in status(g, at(hours)).matters}
    assert by_id["bad"].illegal and by_id["bad"].decision.clause is Clause.ILLEGAL
    assert by_id["good"].oldest
    assert by_id["good"].decision.verdict is (Verdict.ENACT if hours >= 12 else Verdict.WAIT)


def test_a_proposal_later_marked_illegal_counts_in_no_limit() -> None:
    """Proposals: "already has 2 Proposals pending": one later marked Illegal never was."""
    g = game(
        proposal("bad", "Alice", when=at(0), status=ILLEGAL, resolved_at=at(30)),
        proposal("p2", "Alice", when=at(1)),
        proposal("p3", "Alice", when=at(2)),
    )
    s = status(g, at(3))
    assert [m.post.id for m in s.matters if m.illegal] == ["bad"]


# The roster of each day.
def test_a_player_who_has_left_keeps_their_legal_posts() -> None:
    """Votable Matters: "A non-Imagineer never has a Vote" is about Votes: Erin's Proposal,
    made while she was on the roster snapshot of the day, stays legal after she left."""
    then = snapshot(at(-10), players=["Kevan", "Alice", "Bob", "Carol", "Dave", "Erin"])
    now = snapshot(at(5))
    g = game(proposal("p", "Erin", when=at(0)), rosters=[then, now])
    m = matter(g, "p", at(6))
    assert not m.illegal and not m.warnings
    assert "Erin" not in m.tally.votes  # she has no Vote now
    early = matter(g, "p", at(1))
    assert early.tally.votes.get("Erin") is not None and early.quorum == 4


def test_evaluation_uses_the_roster_in_force_at_each_instant() -> None:
    """Idle Imagineers: Idle players do not count towards Quorum, as of that day."""
    idle_then = snapshot(at(-1), idle=["Dave", "Carol"])
    everyone = snapshot(at(10))
    g = game(
        proposal("p", "Alice", when=at(0), votes=[("Bob", "for")]), rosters=[idle_then, everyone]
    )
    early, late = status(g, at(5)), status(g, at(12))
    assert (early.players, early.quorum, late.players, late.quorum) == (3, 2, 5, 3)
    assert early.roster_source == "the roster snapshot of 2016-05-01T23:00:00Z"
    assert "today's roster" in status(g, at(-2)).roster_source


def test_the_boss_of_a_snapshot_holds_until_the_next_change() -> None:
    g = game(
        dov("d", "Carol", when=at(20)),
        rosters=[snapshot(at(0), boss="Bob")],
        boss="Kevan",
    )
    tl = Timeline.from_game(g)
    assert tl.reigns.boss_at(at(1)) == "Bob"
    assert tl.reigns.roster_at(at(1)).boss == "Bob"


# The seam for a dynasty's own posting rules.
def test_extra_checks_make_a_post_illegal_with_their_reason() -> None:
    def no_debt(p: Post, roster: Roster) -> str | None:
        if p.category == "Declaration of Victory" and p.author == "Bob" and roster.is_player("Bob"):
            return 'rule "Debt": Bob has a Debt of 5'
        return None

    g = game(dov("d", "Bob", when=at(0)), proposal("p", "Carol", when=at(1)))
    s = evaluate(g, at(2), extra_checks=[no_debt])
    by_id = {m.post.id: m for m in s.matters}
    assert by_id["d"].illegal_reason == 'rule "Debt": Bob has a Debt of 5'
    # An Illegal DoV puts nobody in Hiatus: the Proposal after it is legal.
    assert not s.hiatus and not by_id["p"].illegal
