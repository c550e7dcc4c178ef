"""The timeline's promise over random games (hypothesis): the status at an instant computed
from the whole archive equals the status computed from the archive cut at that instant
(posts and comments after it removed, resolutions after it undone), except where a later
recorded fact settles the past:

- a post an Admin later marked Illegal was Illegal from the moment it was posted;
- a DoV later enacted by today's Boss shows that they were not the Boss before it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from hypothesis import assume, given
from hypothesis import strategies as st

from gamestate import Category, Game, Post, PostStatus, evaluate
from tests.gamestate.test_rules_invariants import SETTINGS, scenes


def _recorded(p: Post) -> Post:
    """Every resolution at a recorded time, not before the post (what the mirror keeps)."""
    if p.status is PostStatus.PENDING:
        return replace(p, resolved_at=None)
    when = p.resolved_at or p.posted_at + timedelta(hours=13)
    return replace(p, resolved_at=max(when, p.posted_at))


def cut(game: Game, moment: datetime) -> Game:
    """The archive as it would have been exported at ``moment``."""
    posts = []
    for p in game.posts:
        if p.posted_at > moment:
            continue
        p = replace(p, comments=tuple(c for c in p.comments if c.posted_at <= moment))
        if p.resolved_at is not None and p.resolved_at > moment:
            p = replace(p, status=PostStatus.PENDING, resolved_at=None, admin_note=None)
        posts.append(p)
    return replace(game, posts=tuple(posts))


def settles_the_past(game: Game, moment: datetime) -> bool:
    """Is there a recorded fact after ``moment`` that tells something about before it?"""
    for p in game.posts:
        later = p.resolved_at is not None and p.resolved_at > moment
        if later and p.status is PostStatus.ILLEGAL:
            return True
        if (
            later
            and p.status is PostStatus.ENACTED
            and p.category == Category.DOV.value
            and p.author == game.boss
        ):
            return True
        if (
            p.posted_at > moment
            and p.category == Category.DOV.value
            and p.author == game.boss
            and p.status is PostStatus.ENACTED
        ):
            return True
    return False


@SETTINGS
@given(scene=scenes(), offset=st.integers(0, 9 * 86400))
def test_the_whole_archive_and_the_archive_cut_at_t_agree_at_t(
    scene: tuple[object, datetime], offset: int
) -> None:
    g, _ = scene
    assert isinstance(g, Game)
    g = replace(g, posts=tuple(_recorded(p) for p in g.posts))
    base = min((p.posted_at for p in g.posts), default=datetime.fromisoformat("2016-05-02T00:00Z"))
    t = base + timedelta(seconds=offset)
    assume(not settles_the_past(g, t))
    assert evaluate(g, t) == evaluate(cut(g, t), t)


def test_a_later_illegal_marking_is_the_exception() -> None:
    """The one place the whole archive knows more: cut before the marking, the Proposal
    looks legal; the whole archive knows it never was."""
    from tests.builders import at, game, proposal

    g = game(proposal("bad", "Alice", when=at(0), status=PostStatus.ILLEGAL, resolved_at=at(30)))
    assert settles_the_past(g, at(1))
    whole, early = evaluate(g, at(1)), evaluate(cut(g, at(1)), at(1))
    assert whole.matters[0].illegal and not early.matters[0].illegal
