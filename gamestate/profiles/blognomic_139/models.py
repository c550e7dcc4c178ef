"""The blog side of a game as pure data: players, posts and comments.

These are the records every layer agrees on: the archive reader builds them,
the scraper yields them, the mirror stores them, and the rules read them.
Times are always timezone-aware UTC datetimes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from operator import attrgetter
from typing import Any, overload

from rules_text.terms import Terms

__all__ = [
    "Category",
    "Comment",
    "DeferredComments",
    "Game",
    "Player",
    "Post",
    "PostStatus",
    "RosterSnapshot",
    "RulesetRevision",
    "Terms",
    "VOTABLE_CATEGORIES",
]


class Category(StrEnum):
    """The post categories the Ruleset gives a meaning to."""

    PROPOSAL = "Proposal"
    """Rule "Proposals": an entry in the "Proposal" category."""
    CFJ = "Call for Judgement"
    """Rule "Calls for Judgement": an entry in the "Call for Judgement" category."""
    DOV = "Declaration of Victory"
    """Rule "Victory and Ascension": a post in the Declaration of Victory category."""
    ASCENSION_ADDRESS = "Ascension Address"
    """Rule "Victory and Ascension": ends the Hiatus after an enacted DoV."""
    STORY_POST = "Story Post"
    """Appendix "Story Post": an entry in the "Story Post" category."""


VOTABLE_CATEGORIES = frozenset({Category.PROPOSAL.value, Category.CFJ.value, Category.DOV.value})
"""Rule "Votable Matters": a Proposal, a Call for Judgement or a Declaration of Victory."""


class PostStatus(StrEnum):
    """A post's status as the blog shows it."""

    PENDING = "Pending"
    ENACTED = "Enacted"
    FAILED = "Failed"
    VETOED = "Vetoed"
    SELF_KILLED = "Self-Killed"
    ILLEGAL = "Illegal"

    @classmethod
    def from_text(cls, text: str) -> PostStatus:
        """Reads a status word case-insensitively (``open`` means Pending)."""
        word = text.strip().lower().replace("_", "-")
        member = _STATUS_WORDS.get(word)
        if member is None:
            raise ValueError(f"unknown post status {text!r}")
        return member

    @property
    def is_failed(self) -> bool:
        """Vetoed, Self-Killed and Illegal posts are all Failed for the rules."""
        return self in (PostStatus.FAILED, PostStatus.VETOED, PostStatus.SELF_KILLED)


_STATUS_WORDS: dict[str, PostStatus] = {
    **{member.value.lower(): member for member in PostStatus},
    "open": PostStatus.PENDING,
    "": PostStatus.PENDING,
    "selfkilled": PostStatus.SELF_KILLED,
    "self killed": PostStatus.SELF_KILLED,
}
"""Each status word ``PostStatus.from_text`` reads, lower case: one lookup (a big archive
reads one per post)."""


@dataclass(frozen=True)
class Player:
    """One entry of the roster in the sidebar."""

    name: str
    """The player's name as the blog shows it."""
    admin: bool = False
    """Admins resolve Votable Matters (rule "Imagineers")."""
    idle: bool = False
    """Idle players are not counted as players (rule "Idle Imagineers")."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields this version does not know, kept for the round trip."""


@dataclass(frozen=True)
class Comment:
    """A blog comment on a post."""

    id: str
    """Stable id of the comment within its post."""
    author: str
    """Who wrote it."""
    posted_at: datetime
    """When it was published (UTC)."""
    body_html: str = ""
    """The comment's body as HTML; voting icons are ``<img>`` tags in it."""
    vote: str | None = None
    """An explicit vote stored outside the body (the 2020 theme's ``data-vote``)."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields this version does not know, kept for the round trip."""


_POSTED_AT = attrgetter("posted_at")


class DeferredComments:
    """A post's comments, already checked by the archive reader but built into
    ``Comment`` records only when first read: a 20-year archive has some 150,000
    comments, and a ``status`` reads those of a few posts. Knows its comments' latest
    time without building them (what ``evaluate.as_of`` asks of every post)."""

    __slots__ = ("build", "latest")

    def __init__(self, build: Callable[[], tuple[Comment, ...]], latest: datetime) -> None:
        self.build = build
        """Builds the comments (pure: from the reader's checked data)."""
        self.latest = latest
        """When the latest of them was published."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (or deep-copied) as the built tuple: ``build`` is a closure.
        return (tuple, (self.build(),))


class _Comments:
    """``Post.comments``: a tuple, built from its ``DeferredComments`` on first read."""

    @overload
    def __get__(self, post: None, owner: type[Post]) -> tuple[Comment, ...]: ...

    @overload
    def __get__(self, post: Post, owner: type[Post]) -> tuple[Comment, ...]: ...

    def __get__(self, post: Post | None, owner: type[Post]) -> tuple[Comment, ...]:
        if post is None:
            return ()  # the field's default, as dataclasses asks for it
        fields = post.__dict__
        value = fields["comments"]
        if value.__class__ is DeferredComments:
            value = fields["comments"] = value.build()
        return value  # type: ignore[no-any-return]

    def __set__(self, post: Post, value: tuple[Comment, ...]) -> None:
        post.__dict__["comments"] = value


@dataclass(frozen=True)
class Post:
    """A blog entry: an official post or any other."""

    id: str
    """The post's url title, e.g. ``fix_the_queue``."""
    category: str
    """The blog category, e.g. "Proposal"; any string."""
    title: str
    """The full title, e.g. "Proposal: Fix the Queue"."""
    author: str
    """Who posted it."""
    posted_at: datetime
    """When it was posted (UTC)."""
    status: PostStatus = PostStatus.PENDING
    """The status the blog shows."""
    body_html: str = ""
    """The post's text as HTML."""
    admin_note: str | None = None
    """What the resolving Admin appended, e.g. "Enacted by Kevan (5-1)"."""
    resolved_at: datetime | None = None
    """When an Admin resolved it, if known."""
    comments: _Comments = _Comments()
    """Its comments, in time order (a tuple of ``Comment``; the archive reader may leave
    them as ``DeferredComments``, built on first read)."""
    passes_boss_to: str | None = None
    """Rule "Victory and Ascension": the new Boss passes the role to this player by this
    post (the archive's ``passes_boss_to``; see ``gamestate.profiles.blognomic_139.reigns``
    for the title form)."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields this version does not know, kept for the round trip."""

    @property
    def latest_comment_at(self) -> datetime | None:
        """When its latest comment was published (None without comments), without
        building comments the archive reader deferred."""
        value = self.__dict__["comments"]
        if value.__class__ is DeferredComments:
            return value.latest
        return max(map(_POSTED_AT, value)) if value else None

    @property
    def is_votable(self) -> bool:
        """Rule "Votable Matters": Proposals, CfJs and DoVs."""
        return self.category in VOTABLE_CATEGORIES

    @property
    def subject(self) -> str:
        """Appendix "Subject": the part of the Title after the first colon."""
        head, sep, tail = self.title.partition(":")
        return tail.strip() if sep else self.title.strip()

    @property
    def is_demand_post(self) -> bool:
        """Rule "Planning": a post titled "Demand: X"."""
        return self.title.strip().lower().startswith("demand:")


@dataclass(frozen=True)
class RosterSnapshot:
    """The roster and the Boss as the sidebar showed them at an instant."""

    at: datetime
    """When the roster was seen (UTC)."""
    boss: str | None
    """The Boss then; None in a Metadynasty."""
    players: tuple[Player, ...]
    """The roster then, Idle players included."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields this version does not know, kept for the round trip."""


@dataclass(frozen=True)
class RulesetRevision:
    """One revision of the wiki's Ruleset page (ARCHITECTURE.md 1c): the Ruleset in
    force from ``at`` until the next revision."""

    at: datetime
    """When the revision was saved (UTC, whole seconds)."""
    text: str
    """The Ruleset's wikitext."""
    revision: int | None = None
    """The wiki's revision id, if known."""
    by: str | None = None
    """Who saved it, if known."""
    summary: str | None = None
    """The edit summary, if any."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields this version does not know, kept for the round trip."""


@dataclass(frozen=True)
class Game:
    """Everything the rules need from the blog side of a game."""

    players: tuple[Player, ...]
    """The roster, idle players included."""
    posts: tuple[Post, ...]
    """Every post known, any order."""
    boss: str | None = None
    """The head of the Dynasty; None in a Metadynasty."""
    terms: Terms = field(default_factory=Terms)
    """The current names for "Imagineer" and "Boss"."""
    rosters: tuple[RosterSnapshot, ...] = ()
    """Roster snapshots seen in the past, oldest first (``players``/``boss`` are today's)."""
    rulesets: tuple[RulesetRevision, ...] = ()
    """The Ruleset's revisions, oldest first (ARCHITECTURE.md 1c); empty: Ruleset 139
    is assumed."""
    rulesets_source: str = "archive"
    """Where ``rulesets`` come from: ``wiki`` (the mirror of the wiki's history) or
    ``archive``."""
    acknowledged: frozenset[tuple[str, int | None, datetime | None]] = frozenset()
    """(rule, revision id, revision time): unread rules an Admin has acknowledged at the
    revision that changed them (the ledger's ``rules acknowledge`` rows)."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields this version does not know, kept for the round trip."""

    def player(self, name: str) -> Player | None:
        """The roster entry called ``name``, if any."""
        for p in self.players:
            if p.name == name:
                return p
        return None
