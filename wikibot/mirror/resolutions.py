"""Resolutions the bot recorded, and what the blog later showed for them.

``nomicbot resolve --apply`` records each resolution here as *awaiting the
blog*: the live classic site has no write API, so an Admin sets the post's
status word and note in the blog's control panel. The next sync reads the post
back; :func:`check_resolutions` then marks the resolution ``confirmed`` (the blog
shows the same status and tally) or ``mismatch`` (another status, or a note with
another tally), and says so.

Until the blog shows it, :func:`with_resolutions` lays a recorded resolution
over the mirror's game, so ``status --now T`` no longer lists a matter resolved
at ``T``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

from gamestate.profiles.blognomic_139.models import Game, PostStatus
from wikibot.blog.outcome import status_from_page
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import LedgerRow, PostRow, ResolutionRow, RosterSnapshotRow

__all__ = [
    "AWAITING_BLOG",
    "BOSS_EFFECT",
    "CONFIRMED",
    "MISMATCH",
    "Resolution",
    "check_resolutions",
    "load_resolutions",
    "record_resolution",
    "with_resolutions",
]

AWAITING_BLOG = "awaiting_blog"
"""Recorded by ``resolve --apply``; the blog does not show it yet."""
CONFIRMED = "confirmed"
"""A sync saw the blog show the same status and tally."""
MISMATCH = "mismatch"
"""A sync saw the post resolved otherwise on the blog."""

_TALLY = re.compile(r"\(?\b(\d+)\s*[-–]\s*(\d+)\b")


@dataclass(frozen=True)
class Resolution:
    """One Admin's resolution of a Votable Matter, as the bot decided it."""

    post_id: str
    """The post resolved."""
    op_id: str
    """The resolution's operation id in the ledger."""
    admin: str
    """The Admin who resolved it."""
    resolved_at: datetime
    """When (``--now``): the ``Adminned at`` time the Admin sets."""
    outcome: str
    """``enacted`` or ``failed``."""
    status_word: str
    """The status word the Admin sets on the blog: Enacted, Failed, Vetoed or Illegal."""
    note: str
    """The Admin's note in BlogNomic's form, e.g. "Enacted by Kevan (5-1, Quorum 4)"."""
    for_votes: int
    """FOR Votes counted."""
    against_votes: int
    """AGAINST Votes counted."""
    quorum: int
    """Quorum at the time."""
    clause: str
    """The clause that decided it, with the numbers."""
    state: str = AWAITING_BLOG
    """``awaiting_blog``, ``confirmed`` or ``mismatch``."""
    blog_status: str | None = None
    """What the blog showed, when a sync found it resolved otherwise."""
    blog_note: str | None = None
    """The blog's note, when a sync found it resolved otherwise."""

    @property
    def post_status(self) -> PostStatus:
        """The status the blog will show once the Admin sets the word and the note."""
        return status_from_page(PostStatus.from_text(self.status_word), self.note)

    @classmethod
    def from_row(cls, row: ResolutionRow) -> Resolution:
        """The resolution a mirror row holds."""
        return cls(
            post_id=row.post_id,
            op_id=row.op_id,
            admin=row.admin,
            resolved_at=row.resolved_at,
            outcome=row.outcome,
            status_word=row.status_word,
            note=row.note,
            for_votes=row.for_votes or 0,
            against_votes=row.against_votes or 0,
            quorum=row.quorum or 0,
            clause=row.clause,
            state=row.state,
            blog_status=row.blog_status,
            blog_note=row.blog_note,
        )


def record_resolution(mirror: Mirror, resolution: Resolution, *, recorded_at: datetime) -> bool:
    """Records ``resolution``; False if the post already has one (nothing is changed)."""
    with mirror.bound(), mirror.db.atomic():
        if ResolutionRow.get_or_none(ResolutionRow.post_id == resolution.post_id) is not None:
            return False
        ResolutionRow.create(
            post_id=resolution.post_id,
            op_id=resolution.op_id,
            state=resolution.state,
            admin=resolution.admin,
            resolved_at=resolution.resolved_at,
            outcome=resolution.outcome,
            status_word=resolution.status_word,
            note=resolution.note,
            for_votes=resolution.for_votes,
            against_votes=resolution.against_votes,
            quorum=resolution.quorum,
            clause=resolution.clause,
            recorded_at=recorded_at,
        )
        return True


def load_resolutions(mirror: Mirror) -> dict[str, Resolution]:
    """Every recorded resolution, by post id."""
    with mirror.bound():
        rows = sorted(ResolutionRow.select().iterator(), key=lambda r: (r.resolved_at, r.post_id))
        return {r.post_id: Resolution.from_row(r) for r in rows}


def with_resolutions(game: Game, resolutions: dict[str, Resolution]) -> Game:
    """The game with every resolution the blog does not show yet laid over its post."""
    posts = []
    for post in game.posts:
        r = resolutions.get(post.id)
        if r is not None and r.state == AWAITING_BLOG and post.status is PostStatus.PENDING:
            post = replace(post, status=r.post_status, admin_note=r.note, resolved_at=r.resolved_at)
        posts.append(post)
    return replace(game, posts=tuple(posts))


def _tally_differs(note: str | None, r: Resolution) -> bool:
    found = _TALLY.search(note or "")
    return found is not None and (int(found[1]), int(found[2])) != (r.for_votes, r.against_votes)


BOSS_EFFECT = "boss"
"""The ledger effect (``OP/boss``) recording the Boss an enacted DoV made."""


def check_resolutions(mirror: Mirror, *, at: datetime) -> list[str]:
    """Compares each resolution awaiting the blog with the post as last synced.

    A confirmed DoV is also checked against the roster's Boss (the Boss its
    ledger effect ``OP/boss`` recorded). Returns one line per mismatch (also
    kept in the mirror, state ``mismatch``).
    """
    problems: list[str] = []
    with mirror.bound(), mirror.db.atomic():
        awaiting = ResolutionRow.select().where(ResolutionRow.state == AWAITING_BLOG)
        snap = RosterSnapshotRow.select().order_by(RosterSnapshotRow.id.desc()).first()
        for row in list(awaiting):
            r = Resolution.from_row(row)
            post = PostRow.get_or_none(PostRow.id == r.post_id)
            if post is None or post.status == PostStatus.PENDING.value:
                continue
            shown = PostStatus(post.status)
            if shown is r.post_status and not _tally_differs(post.admin_note, r):
                row.state = CONFIRMED
                effect = LedgerRow.get_or_none(LedgerRow.op_id == f"{r.op_id}/{BOSS_EFFECT}")
                boss = effect.after.get("boss") if effect is not None else None
                if boss is not None and snap is not None and snap.boss != boss:
                    problems.append(
                        f"{r.post_id}: the roster's Boss is {snap.boss}, "
                        f"but the enacted DoV made {boss} the Boss"
                    )
            else:
                row.state = MISMATCH
                row.blog_status = shown.value
                row.blog_note = post.admin_note
                problems.append(
                    f"{r.post_id}: resolved by {r.admin} as {r.status_word} "
                    f'("{r.note}"), but the blog shows {shown.value} ("{post.admin_note or ""}")'
                )
            row.checked_at = at
            row.save()
    return problems
