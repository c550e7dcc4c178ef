"""The wiki's Ruleset page in the mirror: every revision read, kept for good.

The ``ruleset_revisions`` table (schema version 8) holds each revision of the
``[wiki] ruleset_page`` the bot has read: its id, time, editor, summary and
wikitext (ARCHITECTURE.md 1c). ``sync`` and ``watch`` add only the revisions
saved after the last one stored (:mod:`wikibot.wiki.ruleset_history`); every
Game the mirror builds (``status``, ``resolve``, ``history``, ``watch``, the
Votes page, ``export``) carries them as ``Game.rulesets``, oldest first.

Rows are kept under the title ``[wiki] ruleset_page`` gives (the next read
starts after the newest revision stored under it). A revision id is unique
across a wiki, so storing a revision twice adds nothing: a Ruleset page moved
to a new title, read again under it, keeps its rows, which take the new title.
A revision whose text the wiki hides (revision deletion) is kept with its text
NULL and the reason; in ``Game.rulesets`` its text is empty and
``extra["hidden"]`` says why, so the Ruleset in force then reads as unread,
never as the text before it.

Every ``status`` reads every text: 5,000 revisions of 100 KB take about a
second from a SQLite file (``bench/bench_rulesets.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gamestate.profiles.blognomic_139.models import RulesetRevision
from wikibot.mirror.database import CHUNK
from wikibot.mirror.schema import RulesetRevisionRow

if TYPE_CHECKING:  # the Mirror API builds its Game with stored_rulesets
    from wikibot.mirror.api import Mirror
    from wikibot.wiki.revisions import WikiRevision

__all__ = [
    "HIDDEN",
    "StoredRevision",
    "last_ruleset_revision",
    "latest_ruleset",
    "store_ruleset_revisions",
    "stored_rulesets",
]

HIDDEN = "hidden"
"""The key of ``RulesetRevision.extra`` that says why a revision's text is not known."""
_ROWS_PER_INSERT = 20


@dataclass(frozen=True)
class StoredRevision:
    """The last Ruleset revision the mirror holds: where the next read starts."""

    revid: int
    """Its revision id."""
    at: datetime
    """When it was saved (UTC)."""


def last_ruleset_revision(mirror: Mirror, title: str) -> StoredRevision | None:
    """The newest stored revision of the page ``title`` (None: none stored yet)."""
    with mirror.bound():
        row = (
            RulesetRevisionRow.select(RulesetRevisionRow.revid, RulesetRevisionRow.at)
            .where(RulesetRevisionRow.title == title)
            .order_by(RulesetRevisionRow.revid.desc())
            .limit(1)
            .get_or_none()
        )
    return StoredRevision(row.revid, row.at) if row is not None else None


def store_ruleset_revisions(
    mirror: Mirror, title: str, revisions: Iterable[WikiRevision], *, seen_at: datetime
) -> int:
    """Stores the revisions of the page ``title`` (as ``[wiki] ruleset_page`` names it) the
    mirror does not hold yet, in one transaction; returns how many were new. A revision
    held under another title (the setting renamed, the page moved) is the page's now."""
    rows = [
        {
            "title": title,
            "revid": r.revid,
            "at": r.at,
            "editor": r.editor,
            "summary": r.summary,
            "text": r.text,
            "hidden": r.hidden,
            "seen_at": seen_at,
        }
        for r in revisions
    ]
    if not rows:
        return 0
    with mirror.bound(), mirror.db.atomic():
        known: set[int] = set()
        ids = [r["revid"] for r in rows]
        for start in range(0, len(ids), CHUNK):
            query = RulesetRevisionRow.select(RulesetRevisionRow.revid).where(
                RulesetRevisionRow.revid.in_(ids[start : start + CHUNK])
            )
            known.update(int(row[0]) for row in query.tuples().iterator())
            RulesetRevisionRow.update(title=title).where(
                RulesetRevisionRow.revid.in_(ids[start : start + CHUNK])
                & (RulesetRevisionRow.title != title)
            ).execute()
        fresh = list({r["revid"]: r for r in rows if r["revid"] not in known}.values())
        # A few rows per statement: each may hold a 100 KB Ruleset.
        for start in range(0, len(fresh), _ROWS_PER_INSERT):
            RulesetRevisionRow.insert_many(fresh[start : start + _ROWS_PER_INSERT]).execute()
        return len(fresh)


_FIELDS = (
    RulesetRevisionRow.at,
    RulesetRevisionRow.text,
    RulesetRevisionRow.revid,
    RulesetRevisionRow.editor,
    RulesetRevisionRow.summary,
    RulesetRevisionRow.hidden,
)


def _revision(
    at: datetime, text: str | None, revid: int, editor: str, summary: str, hidden: str | None
) -> RulesetRevision:
    return RulesetRevision(
        at=at,
        text=text or "",
        revision=revid,
        by=editor or None,
        summary=summary or None,
        extra={HIDDEN: hidden} if hidden else {},
    )


def stored_rulesets() -> tuple[RulesetRevision, ...]:
    """Every stored Ruleset revision, oldest first (by time, then id), as the Game carries
    them (call inside ``Mirror.bound()``)."""
    query = RulesetRevisionRow.select(*_FIELDS).order_by(
        RulesetRevisionRow.at, RulesetRevisionRow.revid
    )
    return tuple(_revision(*row) for row in query.tuples().iterator())


def latest_ruleset(mirror: Mirror, title: str) -> RulesetRevision | None:
    """The newest stored revision of the page ``title``, with its text (None: none)."""
    with mirror.bound():
        # Which one first, from the columns before the text: sorting whole rows would
        # read every revision's text.
        newest = (
            RulesetRevisionRow.select(RulesetRevisionRow.revid)
            .where(RulesetRevisionRow.title == title)
            .order_by(RulesetRevisionRow.at.desc(), RulesetRevisionRow.revid.desc())
            .limit(1)
            .scalar()
        )
        if newest is None:
            return None
        query = RulesetRevisionRow.select(*_FIELDS).where(RulesetRevisionRow.revid == newest)
        rows: list[Any] = list(query.tuples())
    return _revision(*rows[0])
