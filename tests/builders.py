"""Terse builders for rule tests: games, posts and comments with voting icons.

A vote is written as ``("Bob", "for")``; several icons in one comment as
``("Bob", "for against")``; a comment with no icon as ``("Bob", "")``. Such
comments are posted one minute apart after the post, so a matter evaluated
an hour or more after posting sees them all. For exact times use :func:`comment`.

The default roster is five players, ``Kevan`` (the Boss), ``Alice``, ``Bob``,
``Carol`` and ``Dave``: Quorum 3. The default author is ``Alice``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from gamestate import (
    Category,
    Comment,
    Game,
    GameStatus,
    MatterStatus,
    Player,
    Post,
    PostStatus,
    RosterSnapshot,
    evaluate,
)

__all__ = [
    "NAMES",
    "T0",
    "CommentSpec",
    "address",
    "at",
    "cfj",
    "comment",
    "dov",
    "game",
    "hms",
    "icon",
    "matter",
    "post",
    "proposal",
    "snapshot",
    "status",
]

T0 = datetime(2016, 5, 2, 0, 0, 0, tzinfo=UTC)
"""Monday 2 May 2016, 00:00:00 UTC: far from Seasonal Downtime."""

NAMES = ("Kevan", "Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan")
"""Roster names in order; ``game(players=n)`` takes the first ``n``."""

CommentSpec = Comment | tuple[str, str]
"""A full Comment, or ``(author, "space separated icon words")``."""


def hms(hours: int = 0, minutes: int = 0, seconds: int = 0, *, days: int = 0) -> timedelta:
    """A duration, e.g. ``hms(11, 59, 59)``."""
    return timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)


def at(
    hours: int = 0, minutes: int = 0, seconds: int = 0, *, days: int = 0, base: datetime = T0
) -> datetime:
    """An instant relative to ``base`` (default :data:`T0`)."""
    return base + hms(hours, minutes, seconds, days=days)


def icon(word: str, *, alt: str | None = None, src: str | None = None) -> str:
    """A voting icon as BlogNomic renders it: ``icon("for")`` is
    ``<img src="/images/vote/for.gif" alt="for">``."""
    src = src if src is not None else f"/images/vote/{word}.gif"
    alt = alt if alt is not None else word
    return f'<img src="{src}" alt="{alt}">'


def comment(
    author: str,
    words: str = "",
    *,
    when: datetime,
    id: str = "c",
    text: str = "",
    html: str | None = None,
    vote: str | None = None,
) -> Comment:
    """A comment whose body holds one icon per word of ``words`` (then ``text``),
    or exactly ``html`` if given."""
    body = html if html is not None else "".join(icon(w) for w in words.split()) + text
    return Comment(id=id, author=author, posted_at=when, body_html=body, vote=vote)


def _comments(posted_at: datetime, specs: Iterable[CommentSpec]) -> tuple[Comment, ...]:
    out = []
    for i, spec in enumerate(specs, start=1):
        if isinstance(spec, Comment):
            out.append(spec)
        else:
            author, words = spec
            out.append(comment(author, words, when=posted_at + hms(minutes=i), id=f"c{i}"))
    return tuple(out)


def post(
    category: str,
    id: str,
    author: str = "Alice",
    *,
    when: datetime = T0,
    votes: Sequence[CommentSpec] = (),
    title: str | None = None,
    status: PostStatus = PostStatus.PENDING,
    resolved_at: datetime | None = None,
) -> Post:
    """Any post; ``title`` defaults to ``"<category>: <id>"``."""
    return Post(
        id=id,
        category=category,
        title=title if title is not None else f"{category}: {id}",
        author=author,
        posted_at=when,
        status=status,
        resolved_at=resolved_at,
        comments=_comments(when, votes),
    )


def proposal(id: str = "p", author: str = "Alice", **fields: Any) -> Post:
    """A post in the "Proposal" category (``fields`` as for :func:`post`)."""
    return post(Category.PROPOSAL.value, id, author, **fields)


def cfj(id: str = "cfj", author: str = "Alice", **fields: Any) -> Post:
    """A post in the "Call for Judgement" category."""
    return post(Category.CFJ.value, id, author, **fields)


def dov(id: str = "dov", author: str = "Alice", **fields: Any) -> Post:
    """A post in the "Declaration of Victory" category."""
    return post(Category.DOV.value, id, author, **fields)


def address(id: str = "aa", author: str = "Alice", *, when: datetime = T0) -> Post:
    """An Ascension Address."""
    return post(Category.ASCENSION_ADDRESS.value, id, author, when=when)


def _roster(players: int | Sequence[str], idle: Iterable[str]) -> tuple[Player, ...]:
    names = list(NAMES[:players]) if isinstance(players, int) else list(players)
    idle = list(idle)
    roster = [Player(n, admin=n == "Kevan", idle=n in idle) for n in names]
    roster += [Player(n, idle=True) for n in idle if n not in names]
    return tuple(roster)


def snapshot(
    when: datetime,
    *,
    players: int | Sequence[str] = 5,
    boss: str | None = "Kevan",
    idle: Iterable[str] = (),
) -> RosterSnapshot:
    """A roster snapshot taken at ``when`` (``players`` and ``idle`` as for :func:`game`)."""
    return RosterSnapshot(at=when, boss=boss, players=_roster(players, idle))


def game(
    *posts: Post,
    players: int | Sequence[str] = 5,
    boss: str | None = "Kevan",
    idle: Iterable[str] = (),
    rosters: Sequence[RosterSnapshot] = (),
) -> Game:
    """A game: ``players`` is a count (the first names of :data:`NAMES`) or names;
    ``idle`` names players marked Idle (they are on the roster too); ``rosters`` are
    roster snapshots of the past."""
    return Game(
        players=_roster(players, idle), posts=tuple(posts), boss=boss, rosters=tuple(rosters)
    )


def status(g: Game, now: datetime) -> GameStatus:
    """``evaluate`` under a shorter name."""
    return evaluate(g, now)


def matter(g: Game, id: str, now: datetime) -> MatterStatus:
    """The pending matter ``id`` of ``g`` at ``now`` (fails the test if absent)."""
    for m in evaluate(g, now).matters:
        if m.post.id == id:
            return m
    raise AssertionError(f"{id} is not a pending matter at {now.isoformat()}")
