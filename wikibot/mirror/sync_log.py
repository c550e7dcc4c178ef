"""A sync's own records in the mirror: its runs and warnings, each post's sync state,
listing pages' validators and the robots.txt cache.

:mod:`wikibot.mirror.sync` reads and writes these only through the functions here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from gamestate.profiles.blognomic_139.models import PostStatus
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import PageValidatorRow, PostRow, RobotsRow, SyncRunRow, WarningRow

__all__ = [
    "ROBOTS_MAX_AGE",
    "UNFINISHED",
    "PageMemo",
    "PostState",
    "SyncRun",
    "Walk",
    "add_warning",
    "cached_robots",
    "finish_run",
    "has_full_walk",
    "mark_interrupted",
    "page_memo",
    "page_memos",
    "post_states",
    "remember_page",
    "remember_robots",
    "start_run",
    "sync_runs",
    "unfinished_walk",
]

ROBOTS_MAX_AGE = timedelta(hours=24)
"""How long a robots.txt read is trusted."""

UNFINISHED = ("interrupted", "failed")
"""Outcomes of a full walk that the next sync resumes."""


@dataclass(frozen=True)
class SyncRun:
    """One recorded sync run, as ``sync_runs`` lists them."""

    id: int
    kind: str
    source: str
    started_at: datetime
    finished_at: datetime | None
    requests_made: int
    pages_fetched: int
    outcome: str
    """``running``, ``ok``, ``incomplete``, ``failed``, or ``interrupted`` (left
    ``running`` by a process that was killed; the next sync marks it)."""
    warnings: tuple[tuple[str, str], ...]
    """Each warning as (page URL, message)."""
    walk_since: date | None = None
    """A full walk's floor date."""
    resumes: int | None = None
    """The run whose unfinished walk this one resumed."""


@dataclass(frozen=True)
class PostState:
    """What a sync needs to know about a post the mirror holds."""

    id: str
    """The post's url title."""
    category: str
    """Its blog category."""
    status: PostStatus
    """Its status as last seen."""
    posted_at: datetime
    """When it was posted."""
    listed_comments: int | None
    """The "Comments (N)" figure the blog last listed for it."""
    synced_comments: int | None
    """The figure for which the mirror holds every comment; None: never read."""
    etag: str | None = None
    """The post page's ETag when last read in full."""
    last_modified: str | None = None
    """The post page's Last-Modified when last read in full."""
    checked_at: datetime | None = None
    """When its page was last read in full or found unchanged; None: not since v5."""

    @property
    def comments_behind(self) -> bool:
        """The blog lists a different number of comments than the mirror last read."""
        return (self.listed_comments or 0) != (self.synced_comments or 0)


@dataclass(frozen=True)
class PageMemo:
    """What a listing page looked like when last read, for a conditional re-read."""

    url: str | None = None
    etag: str | None = None
    last_modified: str | None = None
    entry_ids: tuple[str, ...] = ()
    """The posts it listed (still true after a 304)."""
    next_url: str | None = None
    """Its "next" link (still true after a 304)."""


def sync_runs(mirror: Mirror) -> list[SyncRun]:
    """Every sync run recorded in the mirror, oldest first, with its warnings."""
    with mirror.bound():
        warned: dict[int, list[tuple[str, str]]] = {}
        for w in WarningRow.select().order_by(WarningRow.id):
            warned.setdefault(w.sync_run_id, []).append((w.url, w.message))
        return [
            SyncRun(
                r.id,
                r.kind,
                r.source,
                r.started_at,
                r.finished_at,
                r.requests_made,
                r.pages_fetched,
                r.outcome,
                tuple(warned.get(r.id, ())),
                date.fromisoformat(r.walk_since) if r.walk_since else None,
                r.resumes,
            )
            for r in SyncRunRow.select().order_by(SyncRunRow.id)
        ]


def post_states(mirror: Mirror) -> dict[str, PostState]:
    """Every stored post's sync state, by post id."""
    with mirror.bound():
        query = PostRow.select(
            PostRow.id,
            PostRow.category,
            PostRow.status,
            PostRow.posted_at,
            PostRow.listed_comments,
            PostRow.synced_comments,
            PostRow.page_etag,
            PostRow.page_last_modified,
            PostRow.checked_at,
        )
        return {
            r.id: PostState(
                r.id,
                r.category,
                PostStatus(r.status),
                r.posted_at,
                r.listed_comments,
                r.synced_comments,
                r.page_etag,
                r.page_last_modified,
                r.checked_at,
            )
            for r in query
        }


def page_memo(mirror: Mirror, key: str) -> PageMemo:
    """The memo of a listing page (``front``, ``2016/05``), empty if never read."""
    with mirror.bound():
        row = PageValidatorRow.get_or_none(PageValidatorRow.page == key)
        if row is None:
            return PageMemo()
        ids = tuple(row.entry_ids.split("\n")) if row.entry_ids else ()
        return PageMemo(row.url, row.etag, row.last_modified, ids, row.next_url)


def page_memos(mirror: Mirror, prefix: str) -> dict[str, PageMemo]:
    """Every listing page memo whose key starts with ``prefix`` (``front p``: the front
    continuation pages), by key."""
    with mirror.bound():
        rows = PageValidatorRow.select().where(PageValidatorRow.page.startswith(prefix))
        return {
            row.page: PageMemo(
                row.url,
                row.etag,
                row.last_modified,
                tuple(row.entry_ids.split("\n")) if row.entry_ids else (),
                row.next_url,
            )
            for row in rows
        }


def remember_page(mirror: Mirror, key: str, memo: PageMemo, at: datetime) -> None:
    """Keeps a listing page's memo, for a conditional re-read next time."""
    values: dict[Any, Any] = {
        PageValidatorRow.url: memo.url,
        PageValidatorRow.etag: memo.etag,
        PageValidatorRow.last_modified: memo.last_modified,
        PageValidatorRow.entry_ids: "\n".join(memo.entry_ids),
        PageValidatorRow.next_url: memo.next_url,
        PageValidatorRow.checked_at: at,
    }
    with mirror.bound():
        PageValidatorRow.insert({PageValidatorRow.page: key, **values}).on_conflict(
            conflict_target=[PageValidatorRow.page], update=values
        ).execute()


def cached_robots(mirror: Mirror, now: datetime) -> dict[str, str | None]:
    """Each site's robots.txt as last read, if read within ``ROBOTS_MAX_AGE``."""
    with mirror.bound():
        rows = RobotsRow.select().where(RobotsRow.fetched_at > now - ROBOTS_MAX_AGE)
        return {row.site: row.text for row in rows}


def remember_robots(mirror: Mirror, texts: Mapping[str, str | None], now: datetime) -> None:
    """Keeps newly read robots.txt files, so the next sync within a day skips them."""
    fresh = cached_robots(mirror, now)
    with mirror.bound(), mirror.db.atomic():
        for site, text in texts.items():
            if site in fresh and fresh[site] == text:
                continue
            RobotsRow.insert(site=site, text=text, fetched_at=now).on_conflict(
                conflict_target=[RobotsRow.site],
                update={RobotsRow.text: text, RobotsRow.fetched_at: now},
            ).execute()


def has_full_walk(mirror: Mirror) -> bool:
    with mirror.bound():
        done = SyncRunRow.outcome.in_(("ok", "incomplete"))
        return SyncRunRow.select().where((SyncRunRow.kind == "full") & done).exists()


def mark_interrupted(mirror: Mirror) -> None:
    """Runs still ``running`` when a sync starts were left so by a killed process.

    (Two syncs of one mirror at once are not supported; if one is running all
    the same, its own outcome overwrites this mark when it ends.)
    """
    with mirror.bound():
        SyncRunRow.update(outcome="interrupted").where(SyncRunRow.outcome == "running").execute()


@dataclass(frozen=True)
class Walk:
    """A full walk: how far back, from where, since when."""

    since: date | None
    start_url: str | None
    to_dynasty_start: bool
    started_at: datetime
    """When the walk began (for a resumed walk, the first run's start)."""
    resumes: int | None = None


def unfinished_walk(mirror: Mirror) -> Walk | None:
    """The last full walk, if it did not finish (and recorded what it was)."""
    with mirror.bound():
        last = (
            SyncRunRow.select()
            .where(SyncRunRow.kind == "full")
            .order_by(SyncRunRow.id.desc())
            .first()
        )
    # Runs recorded before schema version 5 did not say what walk they were.
    if last is None or last.outcome not in UNFINISHED or last.walk_started_at is None:
        return None
    return Walk(
        date.fromisoformat(last.walk_since) if last.walk_since else None,
        last.start_url,
        bool(last.to_dynasty_start),
        last.walk_started_at,
        last.id,
    )


def start_run(mirror: Mirror, *, kind: str, source: str, at: datetime, walk: Walk | None) -> int:
    """Records a sync run as ``running``; returns its id."""
    with mirror.bound():
        row = SyncRunRow.create(
            kind=kind,
            source=source,
            started_at=at,
            requests_made=0,
            outcome="running",
            walk_since=walk.since.isoformat() if walk and walk.since else None,
            start_url=walk.start_url if walk else None,
            to_dynasty_start=walk.to_dynasty_start if walk else None,
            walk_started_at=walk.started_at if walk else None,
            resumes=walk.resumes if walk else None,
        )
    run_id: int = row.id
    return run_id


def finish_run(
    mirror: Mirror, run_id: int, *, at: datetime, outcome: str, requests: int, pages: int
) -> None:
    """Records how a sync run ended."""
    with mirror.bound():
        SyncRunRow.update(
            finished_at=at, outcome=outcome, requests_made=requests, pages_fetched=pages
        ).where(SyncRunRow.id == run_id).execute()


def add_warning(mirror: Mirror, run_id: int, url: str, message: str) -> None:
    """Records something odd a sync run saw on a page."""
    with mirror.bound():
        WarningRow.create(sync_run=run_id, url=url, message=message)
