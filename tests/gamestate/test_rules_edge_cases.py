"""Edge cases found in review, each pinned to the Ruleset's words."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gamestate import Clause, PostStatus, Verdict
from gamestate.profiles.blognomic_139.icons import scan_html
from gamestate.profiles.blognomic_139.votes import Vote
from tests.builders import at, cfj, comment, dov, game, matter, proposal, snapshot, status

ENACTED, FAILED = PostStatus.ENACTED, PostStatus.FAILED


def test_a_proposal_posted_during_a_dovs_hiatus_stays_illegal_after_the_hiatus() -> None:
    """Victory and Ascension: "Upon doing so, the game immediately goes into Hiatus": a
    Proposal posted then was Illegal, and a later DoV's enactment does not undo that."""
    g = game(
        dov("dov_x", "Alice", when=at(0), status=FAILED, resolved_at=at(60)),
        proposal("p", "Carol", when=at(6), votes=[("Dave", "for"), ("Bob", "for")]),
        dov("dov_y", "Kevan", when=at(24), status=ENACTED, resolved_at=at(60)),
        boss="Kevan",
    )
    early = matter(g, "p", at(8))
    late = matter(g, "p", at(62))
    assert early.illegal and "posted during Hiatus" in (early.illegal_reason or "")
    assert late.illegal and late.illegal_reason == early.illegal_reason
    assert (late.decision.verdict, late.decision.clause) == (Verdict.FAIL, Clause.ILLEGAL)


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda: proposal("m", "Mallory", when=at(0)), 'Proposals: "Any Imagineer may submit"'),
        (lambda: cfj("m", "Mallory", when=at(0)), 'Calls for Judgement: "any Imagineer may raise"'),
        (lambda: dov("m", "Mallory", when=at(0)), 'Victory and Ascension: "If an Imagineer"'),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_official_posts_by_non_players_are_illegal(make: object, kind: str) -> None:
    """Gamestate Tracking: official posts only "when the Ruleset allows it"; the rules
    allow them to Imagineers only: judged against the roster snapshot of that day."""
    post = make()  # type: ignore[operator]
    g = game(post, proposal("a", "Alice", when=at(3)), rosters=[snapshot(at(-1))])
    s = status(g, at(15))
    by_id = {m.post.id: m for m in s.matters}
    assert by_id["m"].illegal and "Mallory was not on the roster" in (
        by_id["m"].illegal_reason or ""
    )
    assert s.hiatus is False
    assert by_id["a"].oldest is True


@pytest.mark.parametrize(
    "make",
    [
        lambda: proposal("m", "Mallory", when=at(0)),
        lambda: cfj("m", "Mallory", when=at(0)),
        lambda: dov("m", "Mallory", when=at(0)),
    ],
    ids=["Proposal", "CfJ", "DoV"],
)
def test_an_author_missing_from_todays_roster_with_no_roster_of_the_day_is_a_warning(
    make: object,
) -> None:
    """Votable Matters: "A non-Imagineer never has a Vote" concerns Votes, not posts: a
    player who has since left keeps their legal posts; with no roster of the day the
    bot cannot tell, so it warns instead of calling the post Illegal."""
    post = make()  # type: ignore[operator]
    m = matter(game(post), "m", at(1))
    assert not m.illegal
    assert any("Mallory is not on today's roster" in w for w in m.warnings)
    assert "Mallory" not in m.tally.votes


def test_an_idle_authors_post_is_flagged_for_a_human() -> None:
    """Idle Imagineers: "Idle Imagineers are not counted as Imagineers"; without roster
    history the post is not made Illegal on a guess, but a warning says why."""
    g = game(proposal("p", "Dave", when=at(0)), idle=["Dave"])
    m = matter(g, "p", at(1))
    assert not m.illegal
    assert any("Dave is Idle now" in w for w in m.warnings)
    assert "Dave" not in m.tally.votes


def test_the_winning_dovs_author_is_not_the_boss_voting_for_it() -> None:
    """Victory and Ascension: "either the Boss has Voted FOR it or it has no AGAINST
    Votes": the author became the Boss by this DoV, so their own FOR is not the Boss's."""
    votes = [("Bob", "for"), ("Carol", "for"), ("Dave", "against")]
    won = dov("d", "Alice", when=at(0), votes=votes, status=ENACTED, resolved_at=at(30))
    g = game(won, players=["Kevan", "Alice", "Bob", "Carol", "Dave"], boss="Alice")
    m = matter(g, "d", at(13))
    assert (m.tally.for_count, m.tally.against_count, m.quorum) == (3, 1, 3)
    assert m.decision.verdict is Verdict.WAIT


def test_fractional_seconds_give_an_exact_decidable_at() -> None:
    """Calls for Judgement: "open for voting for more than 48 hours"."""
    posted = at(0) + timedelta(milliseconds=500)
    m = matter(game(cfj("c", "Alice", when=posted)), "c", at(1))
    assert m.decidable_at == at(48, 0, 1)
    assert matter(game(cfj("c", "Alice", when=posted)), "c", at(48, 0, 1)).decision.verdict is not (
        Verdict.WAIT
    )


@pytest.mark.parametrize(
    ("html", "votes"),
    [
        ('<img alt="for" src="http://[oops/for.gif">', (Vote.FOR,)),
        ('<p title="<img alt=\'against\'>">hover me</p><img alt="for">', (Vote.FOR,)),
        ('<script>var s = "<img alt=against>";</script>', ()),
        ("<style>/* <img alt=against> */</style>", ()),
        ("<!-- <img alt=against> --><img src='/images/vote/for.gif'>", (Vote.FOR,)),
        ("<imgx alt=for>", ()),
        ('<IMG SRC="/images/vote/seal.gif">', (Vote.VETO,)),
    ],
    ids=[
        "Voting Icons: an unparsable src is still read, never a crash",
        "Votable Matters: an icon inside another tag's attribute is not 'used'",
        "a script is not a comment's icon",
        "a style block is not a comment's icon",
        "an HTML comment is not a comment's icon",
        "not an img tag",
        "Voting Icons: the Imperial Seal by file name, any case",
    ],
)
def test_icons_a_reader_sees(html: str, votes: tuple[Vote, ...]) -> None:
    assert scan_html(html).votes == votes


def test_a_near_miss_name_is_explained() -> None:
    """Votable Matters: "A non-Imagineer never has a Vote"; a case slip is shown."""
    c = comment("kevan", "for", when=at(1), id="c1")
    g = game(proposal("p", "Alice", when=at(0), votes=[c]))
    m = matter(g, "p", at(2))
    assert "kevan" not in m.tally.votes
    assert any("did the roster mean Kevan?" in w for w in m.warnings)


def test_game_warnings_for_a_boss_off_the_roster() -> None:
    s = status(game(proposal("p", when=at(0)), boss="Zed"), at(1))
    assert s.warnings == ("the Boss Zed is not on the roster, so has no Vote",)


@pytest.mark.parametrize(
    ("category", "warned"),
    [
        ("proposal", "Proposal"),
        ("CALL FOR JUDGEMENT", "Call for Judgement"),
        ("Proposal", None),
        ("Banana", None),
    ],
)
def test_votable_matters_a_pending_post_in_a_miscased_category_is_a_warning(
    category: str, warned: str | None
) -> None:
    """Rule "Proposals": "an entry in the 'Proposal' category" - categories are read
    exactly, but a pending post whose category differs from one only in case is said."""
    from tests.builders import post as make_post

    s = status(game(make_post(category, "p", "Alice", when=at(0))), at(1))
    words = [w for w in s.warnings if "categories are matched exactly" in w]
    if warned is None:
        assert words == []
        assert len(s.matters) == (1 if category == "Proposal" else 0)
    else:
        assert words == [
            f"post 'p' is in the category {category!r}, not {warned!r} (categories are "
            "matched exactly), so it is not a Votable Matter"
        ]
        assert s.matters == ()


def test_the_note_reports_uncounted_deferentials() -> None:
    """Votable Matters: "report the final tally of Votes": DEFERENTIALs the Boss has not
    made count are Votes too; and one vote is "1 vote"."""
    from gamestate import admin_note

    votes = [("Bob", "imperial"), ("Carol", "imperial"), ("Dave", "imperial")]
    g = game(proposal("p", "Alice", when=at(0), votes=votes))
    m = matter(g, "p", at(48))
    assert (m.tally.for_count, m.tally.against_count, m.tally.deferential_count) == (1, 0, 3)
    assert admin_note(m, "Kevan") == (
        "Timed out 1 vote to 0, 3 DEFERENTIAL not counted. Failed by Kevan"
    )
