"""Sync: the blog into the mirror, reading as few pages as the blog allows.

A blog listing (front page, monthly archive) shows each post's full text and
its "Comments (N)", but not the comments; a post's own page shows those. So:

- The **first sync** pages back through the listings, newest first, to a
  start date (``[blog] start`` or ``--since``; by default 60 days back),
  storing every post it lists, and reads a post's page only when it has
  comments: one request per listing page plus one per post with comments.
  A walk that ends before its date (the listings run out, a page cannot be
  read) warns how far back it read, and why (:mod:`wikibot.mirror.sync_reach`).
- **Later syncs** ask for the front page with the ETag / Last-Modified it
  had last time. A 304 ("not modified") means nothing on it changed. If it
  did change, only new posts and posts whose comment count moved are read.
  Pending Votable Matters off the front page are checked, conditionally,
  through the fewest pages that show them all (:mod:`wikibot.mirror.sync_cover`):
  front continuation pages as last seen, month archives, their own pages if
  read before. A quiet sync costs 1 + that many; a new comment adds its post's
  page, unless its own page was the one asked for.
- Any post whose listed comment count differs from what the mirror last read
  (a page that failed, or was cut off) is read again on the next sync.
- An edited comment leaves the count alone, so a **full walk** also re-reads,
  conditionally, every post with comments within it not read already (an
  unchanged post costs a 304, an edit becomes an audit finding);
  ``verify=True`` (``sync --verify``) does that for every post the mirror
  holds. Incremental syncs without it re-read nothing.

Every run is recorded with its requests, pages, outcome and warnings. The
sidebar's roster is snapshotted when it changes, but not from a page cut off,
listing no players, or disagreeing with its own player count or Quorum (a
warning; the last snapshot stands). Re-syncing is idempotent.

A failure part-way keeps every post stored so far. A full walk's run records
the walk (floor date, start page, when it began); if it did not finish (its
run ``failed``, or was left ``running`` by a killed process: ``interrupted``),
the next sync resumes it: it lists the pages again, reads only the posts the
mirror lacks or is behind on, and re-checks only posts not checked since.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta

from gamestate.profiles.blognomic_139.models import VOTABLE_CATEGORIES, Category, PostStatus, Terms
from gamestate.profiles.blognomic_139.roster import quorum
from wikibot.blog.scraper import BlogScraper, ListingEntry, ListingPage, Sidebar
from wikibot.errors import MirrorError, NomicbotError, ScrapeError
from wikibot.mirror.api import Mirror, PageCheck, Stored
from wikibot.mirror.resolutions import check_resolutions
from wikibot.mirror.sync_cover import PageKind, candidate_pages, fewest_pages, shifted_pages
from wikibot.mirror.sync_log import (
    PageMemo,
    PostState,
    Walk,
    add_warning,
    cached_robots,
    finish_run,
    has_full_walk,
    mark_interrupted,
    page_memo,
    page_memos,
    post_states,
    remember_page,
    remember_robots,
    start_run,
    unfinished_walk,
)
from wikibot.mirror.sync_reach import WalkReach, newer

__all__ = [
    "DEFAULT_DAYS_BACK",
    "SyncReport",
    "default_since",
    "parse_since",
    "sync",
]

DEFAULT_DAYS_BACK = 60
"""How far back a first sync reads when no start date is configured."""
ASCENSION_ADDRESS = Category.ASCENSION_ADDRESS.value

FRONT = "front"
"""The page-memo key of the front page (its continuation pages are ``front p2``,
``front p3``...; months are ``2016/05``, ``2016/05 p2``...)."""


def _front_key(number: int) -> str:
    """The page-memo key of the ``number``-th front page (1: the front page itself)."""
    return FRONT if number == 1 else f"{FRONT} p{number}"


@dataclass(frozen=True)
class SyncReport:
    """What one sync did."""

    run_id: int
    """The sync run's id in the mirror."""
    kind: str
    """``full`` (paged back through the listings) or ``incremental``."""
    outcome: str
    """``ok``; ``incomplete`` (some pages could not be read; the next sync retries them)."""
    requests_made: int
    """HTTP requests sent, robots.txt and retries included."""
    pages_fetched: int
    """Pages read in full (listings and post pages)."""
    not_modified: int
    """Conditional requests answered 304 (nothing changed)."""
    posts_read: int
    """Post pages read for their comments."""
    stored: Stored
    """New and changed posts, new comments, audit findings."""
    warnings: tuple[str, ...]
    """Everything odd seen on the pages, one line each."""
    resumes: int | None = None
    """The run whose unfinished full walk this run resumed, if any."""


def default_since(now: datetime) -> date:
    """The default start of a first sync: 60 days before ``now``."""
    return (now - timedelta(days=DEFAULT_DAYS_BACK)).date()


def parse_since(text: str, where: str = "--since") -> date:
    """Reads a ``YYYY-MM-DD`` start date."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise MirrorError(f"{where}: expected a date as YYYY-MM-DD, got {text!r}") from None


def sync(
    mirror: Mirror,
    scraper: BlogScraper,
    *,
    since: date | None = None,
    start: date | None = None,
    start_url: str | None = None,
    verify: bool = False,
    terms: Terms | None = None,
    clock: Callable[[], datetime] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SyncReport:
    """Brings the mirror up to date with the blog; returns what it did.

    ``since`` forces a full walk back to that date (a first sync goes back to
    ``start``, or 60 days). ``start_url`` starts the walk at another listing
    page, e.g. a monthly archive ``/2016/05/``, with no date limit unless
    ``since`` is given. A full walk re-reads, conditionally, every post with
    comments within it, to find edited comments; ``verify`` does that for
    every post in the mirror after an incremental sync. With neither ``since``
    nor ``start_url``, a full walk that did not finish is resumed.
    ``terms`` are recorded with the roster (None keeps the mirror's).
    ``progress(days_done, days_total)`` is called as a full walk pages back.
    Raises ScrapeError if a listing page cannot be read (the run is then
    recorded as ``failed``; what was stored stays, and the next sync resumes).
    """
    return _Sync(mirror, scraper, terms, clock or (lambda: datetime.now(UTC)), progress).run(
        since=since, start=start, start_url=start_url, verify=verify
    )


@dataclass
class _Sync:
    mirror: Mirror
    scraper: BlogScraper
    terms: Terms | None
    clock: Callable[[], datetime]
    progress: Callable[[int, int], None] | None
    now: datetime = field(init=False)
    run_id: int = 0
    states: dict[str, PostState] = field(default_factory=dict)
    attempted: set[str] = field(default_factory=set)
    listed: set[str] = field(default_factory=set)
    pages: int = 0
    not_modified: int = 0
    posts_read: int = 0
    failures: int = 0
    stored: Stored = field(default_factory=Stored)
    warnings: list[str] = field(default_factory=list)
    front_ids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Front continuation pages' posts as this run expects them (memo key -> ids)."""

    def _plan(self, since: date | None, start: date | None, start_url: str | None) -> Walk | None:
        """The full walk this run makes, or None for an incremental sync."""
        unfinished = unfinished_walk(self.mirror)
        if since is not None or start_url is not None:
            asked = Walk(since, start_url, False, self.now)
            if (
                unfinished is not None
                and replace(asked, started_at=unfinished.started_at, resumes=unfinished.resumes)
                == unfinished
            ):
                return unfinished  # the walk that did not finish, asked for again
            return asked
        if unfinished is not None:
            return unfinished
        if not has_full_walk(self.mirror):
            # With no date asked for, read at least 60 days and the whole current
            # dynasty: back to its Ascension Address, which the rules need (Hiatus).
            return Walk(start or default_since(self.now), None, start is None, self.now)
        return None

    def run(
        self, *, since: date | None, start: date | None, start_url: str | None, verify: bool
    ) -> SyncReport:
        self.now = self.clock()
        mark_interrupted(self.mirror)
        walk = self._plan(since, start, start_url)
        kind = "full" if walk is not None else "incremental"
        self.run_id = start_run(
            self.mirror, kind=kind, source=self.scraper.base_url, at=self.now, walk=walk
        )
        self.states = post_states(self.mirror)
        for site, text in cached_robots(self.mirror, self.now).items():
            if site not in self.scraper.http.robots_txt:
                self.scraper.http.remember_robots(site, text)
        before = self.scraper.requests_made
        outcome = "failed"
        try:
            if walk is not None:
                self._walk(walk.start_url, walk.since, until_dynasty_start=walk.to_dynasty_start)
            else:
                self._front()
                self._pending_off_the_front_page()
            self._catch_up()
            if walk is not None:
                self._verify(self.listed, walk.started_at)
            elif verify:
                self._verify(self.states, self.now)
            # Resolutions awaiting the blog: confirmed, or reported as a mismatch.
            for problem in check_resolutions(self.mirror, at=self.now):
                self._warn("", problem)
            outcome = "incomplete" if self.failures else "ok"
        except NomicbotError as exc:
            with suppress(MirrorError):
                self._warn("", str(exc))
            raise
        finally:
            # Even a failed run is recorded; a broken database must not hide the first error.
            requests = self.scraper.requests_made - before
            with suppress(MirrorError):
                remember_robots(self.mirror, self.scraper.http.robots_txt, self.now)
            with suppress(MirrorError):
                finish_run(
                    self.mirror,
                    self.run_id,
                    at=self.clock(),
                    outcome=outcome,
                    requests=requests,
                    pages=self.pages,
                )
        return SyncReport(
            run_id=self.run_id,
            kind=kind,
            outcome=outcome,
            requests_made=requests,
            pages_fetched=self.pages,
            not_modified=self.not_modified,
            posts_read=self.posts_read,
            stored=self.stored,
            warnings=tuple(self.warnings),
            resumes=walk.resumes if walk else None,
        )

    # Pages.

    def _warn(self, url: str, message: str) -> None:
        self.warnings.append(f"{url}: {message}" if url else message)
        add_warning(self.mirror, self.run_id, url, message)

    def _read(self, page: ListingPage) -> None:
        """Stores a listing page's roster and posts, reading posts whose comments changed."""
        self.pages += 1
        for w in page.warnings:
            self._warn(w.url, w.message)
        if page.sidebar is not None:
            self._roster(page, page.sidebar)
        for entry in page.entries:
            self._take(entry)

    def _roster(self, page: ListingPage, roster: Sidebar) -> None:
        """Snapshots the sidebar's roster, unless it cannot be the whole truth."""
        problem = _roster_problem(page, roster)
        if problem is not None:
            # A damaged sidebar must not replace the roster (0 players, Quorum 1...).
            self._warn(
                page.url, f"the sidebar's roster was not stored ({problem}); the last one stands"
            )
            return
        self.mirror.store_roster(
            roster.players,
            boss=roster.boss,
            seen_at=self.now,
            terms=self.terms,
            player_count=roster.player_count,
            quorum=roster.quorum,
            sync_run=self.run_id,
        )

    def _memo(self, key: str, page: ListingPage) -> None:
        # A page read with warnings (cut off, say) is read in full next time, not trusted on a 304.
        if not page.warnings:
            memo = PageMemo(
                page.url,
                page.etag,
                page.last_modified,
                tuple(e.id for e in page.entries),
                page.next_url,
            )
            remember_page(self.mirror, key, memo, self.now)

    def _take(self, entry: ListingEntry) -> None:
        """Stores a listed post, reading its page first if its comments changed."""
        self.listed.add(entry.id)
        count = entry.comment_count if entry.comment_count >= 0 else None
        old = self.states.get(entry.id)
        synced = old.synced_comments if old is not None else None
        self.states[entry.id] = replace(
            old or PostState(entry.id, entry.category, entry.status, entry.posted_at, count, None),
            category=entry.category,
            status=entry.status,
            posted_at=entry.posted_at,
            listed_comments=count,
        )
        if count is None:  # no "Comments (N)" on the page: read it unless already read
            needed = synced is None or entry.status is PostStatus.PENDING
        else:
            needed = count != (synced or 0)
        # The post page has all the listing has, so a post read is stored once, not twice.
        if needed and self._read_post(entry.id, count):
            return
        post = entry.to_post()
        self.stored += self.mirror.store_post(
            post,
            seen_at=self.now,
            sync_run=self.run_id,
            comments_complete=False,
            listed_comments=count,
        )

    def _read_post(self, post_id: str, listed: int | None, *, conditional: bool = False) -> bool:
        """Reads and stores a post page with its comments; False if it could not be read.

        ``conditional``: only if its page changed since it was last read in full
        (a 304 stores nothing, and counts as read).
        """
        if post_id in self.attempted:
            return False
        self.attempted.add(post_id)
        state = self.states.get(post_id)
        etag = state.etag if conditional and state is not None else None
        modified = state.last_modified if conditional and state is not None else None
        try:
            scraped = self.scraper.post_if_modified(post_id, etag=etag, last_modified=modified)
        except ScrapeError as exc:
            self.failures += 1
            self._warn("", f"post {post_id!r} not read; the next sync tries again: {exc}")
            return False
        if scraped is None:  # unchanged since it was last read in full
            self.not_modified += 1
            self.mirror.post_page_checked(post_id, PageCheck(self.now, etag, modified))
            return True
        self.pages += 1
        self.posts_read += 1
        for w in scraped.warnings:
            self._warn(w.url, w.message)
        shown = len(scraped.post.comments)
        if listed is not None and scraped.complete and shown > listed:
            listed = shown  # the whole page is newer than the listing that counted them
        # Fewer comments than listed may be a cut-off page: keep them, but take none as gone.
        complete = listed is None or shown >= listed
        if not complete:
            self.failures += 1
            self._warn(
                "",
                f"post {post_id!r}: the listing says Comments ({listed}) but its page shows "
                f"{shown}; the next sync reads it again",
            )
        # A page read only in part is not one to compare the next check against.
        trusted = complete and scraped.complete
        self.stored += self.mirror.store_post(
            scraped.post,
            seen_at=self.now,
            sync_run=self.run_id,
            comments_complete=complete,
            listed_comments=listed,
            page=PageCheck(self.now if trusted else None, scraped.etag, scraped.last_modified),
        )
        return True

    # The walks.

    def _walk(
        self, start_url: str | None, since: date | None, *, until_dynasty_start: bool = False
    ) -> None:
        """The full walk: listing pages, newest first, back to ``since`` (and, with
        ``until_dynasty_start``, on until an Ascension Address has been read), or saying
        how far back it read and why it stopped (:class:`WalkReach`)."""
        floor = datetime.combine(since, time.min, UTC) if since is not None else None
        total = max(1, (self.now - floor).days) if floor is not None else 0
        done = 0
        seen_address = not until_dynasty_start
        reach = WalkReach(since)
        for index, page in enumerate(reach.pages(self.scraper.iter_listings(start_url))):
            newest_address = max(
                (e.posted_at for e in page.entries if e.category == ASCENSION_ADDRESS),
                default=None,
            )
            page_floor = floor
            if not seen_address:
                # Until the current dynasty's Ascension Address, read every post, down to
                # the Address itself (or to the date floor, if that reaches further).
                page_floor = newest_address
                if page_floor is not None and floor is not None:
                    page_floor = min(page_floor, floor)
            seen_address = seen_address or newest_address is not None
            self._read(newer(page, page_floor))
            if start_url is None:
                self._memo(_front_key(index + 1), page)
            if page.entries and floor is not None and self.progress is not None:
                reached = min(total, max(0, (self.now - page.entries[-1].posted_at).days))
                if reached > done:
                    self.progress(reached, total)
                    done = reached
            if not page.entries:
                break
            if seen_address and floor is not None and page.entries[-1].posted_at < floor:
                break
        if (shortfall := reach.shortfall()) is not None:
            self._warn("", shortfall.message)
        if self.progress is not None and total:
            self.progress(total, total)

    def _front(self) -> None:
        """An incremental sync's front page, and any further pages of new posts."""
        memo = page_memo(self.mirror, FRONT)
        further = page_memos(self.mirror, f"{FRONT} p")
        self.front_ids = {key: m.entry_ids for key, m in further.items()}
        page = self.scraper.front_page(etag=memo.etag, last_modified=memo.last_modified)
        if page is None:
            self.not_modified += 1
            self.listed.update(memo.entry_ids)
            return
        known = set(self.states)
        self._read(page)
        self._memo(FRONT, page)
        read = [tuple(e.id for e in page.entries)]
        # More new posts than one page holds: follow "next" while the oldest listed is new.
        while page.entries and page.entries[-1].id not in known and page.next_url:
            page = self.scraper.listing(page.next_url)
            assert page is not None  # no validators were sent, so no 304
            self._read(page)
            self._memo(_front_key(len(read) + 1), page)
            read.append(tuple(e.id for e in page.entries))
        # New posts push the older ones down the pages not read now.
        last = max((int(key.rsplit("p", 1)[1]) for key in further), default=1)
        before = [memo, *(further.get(_front_key(n), PageMemo()) for n in range(2, last + 1))]
        shifted = shifted_pages([m.entry_ids for m in before], read)
        self.front_ids = {_front_key(n): ids for n, ids in shifted.items()}

    def _pending_off_the_front_page(self) -> None:
        """Pending Votable Matters not on the front page, through the fewest pages that
        show them all (:func:`~wikibot.mirror.sync_cover.fewest_pages`): front
        continuation pages as last seen, month archives, and pages read before, each
        asked for conditionally. A matter a page no longer shows goes through its month."""
        wanted = {
            s.id: s
            for s in self.states.values()
            if s.status is PostStatus.PENDING
            and s.category in VOTABLE_CATEGORIES
            and s.id not in self.listed
        }
        if not wanted:
            return
        months: dict[str, set[str]] = {}
        for s in wanted.values():
            months.setdefault(f"{s.posted_at.year:04d}/{s.posted_at.month:02d}", set()).add(s.id)
        read_before = {s.id for s in wanted.values() if s.etag or s.last_modified}
        fronts, done = self.front_ids, set[str]()
        # A matter a front page no longer shows goes, in a second round, through its
        # month or its own page (the fewest of those); one not on its month's page, below.
        while missing := set(wanted) - self.listed - done:
            left = {k: ids & missing for k, ids in months.items() if ids & missing}
            cover = fewest_pages(missing, candidate_pages(fronts, left, read_before))
            if not cover.is_least:
                self._warn("", f"no least cover found in {cover.nodes} steps; took the best")
            for page in cover.pages:
                if page.shows <= self.listed:
                    continue  # another page read in full showed them already
                if page.kind is PageKind.POST_PAGE:
                    self._read_post(page.key, wanted[page.key].listed_comments, conditional=True)
                    self.listed.add(page.key)
                elif page.kind is PageKind.MONTH_ARCHIVE:
                    self._month(page.key, left[page.key])
                    done.update(left[page.key])
                else:
                    self._continuation(page.key)
            fronts = {}
        # Not on its month's pages (moved, or renamed): read the post itself.
        for post_id in sorted(set(wanted) - self.listed):
            self._read_post(post_id, wanted[post_id].listed_comments)

    def _continuation(self, key: str) -> None:
        """A front continuation page, conditionally; it lists what it lists now."""
        memo = page_memo(self.mirror, key)
        if memo.url is None:
            return  # not read before: its matters go through their months
        try:
            page = self.scraper.listing(memo.url, etag=memo.etag, last_modified=memo.last_modified)
        except ScrapeError as exc:
            self.failures += 1
            self._warn("", f"front page {memo.url} not read: {exc}")
            return
        if page is None:
            self.not_modified += 1
            self.listed.update(memo.entry_ids)
            return
        self._read(page)
        self._memo(key, page)
        self.listed.update(e.id for e in page.entries)

    def _month(self, key: str, wanted: set[str]) -> None:
        """A month's archive (``2016/05``) and its further pages until ``wanted`` are seen."""
        year, month = (int(part) for part in key.split("/"))
        url: str | None = None
        number = 1
        while True:
            key = f"{year:04d}/{month:02d}" + (f" p{number}" if number > 1 else "")
            memo = page_memo(self.mirror, key)
            try:
                if url is None:
                    page = self.scraper.month(
                        year, month, etag=memo.etag, last_modified=memo.last_modified
                    )
                else:
                    page = self.scraper.listing(
                        url, etag=memo.etag, last_modified=memo.last_modified
                    )
            except ScrapeError as exc:
                self.failures += 1
                self._warn("", f"archive {year:04d}/{month:02d} not read: {exc}")
                return
            if page is None:
                self.not_modified += 1
                ids, url = memo.entry_ids, memo.next_url
            else:
                self._read(page)
                self._memo(key, page)
                ids, url = tuple(e.id for e in page.entries), page.next_url
            self.listed.update(ids)
            if not wanted - self.listed or url is None:
                return
            number += 1

    def _catch_up(self) -> None:
        """Posts whose comments the mirror is behind on (an earlier read failed)."""
        for post_id in sorted(s.id for s in self.states.values() if s.comments_behind):
            self._read_post(post_id, self.states[post_id].listed_comments)

    def _verify(self, candidates: Iterable[str], since: datetime) -> None:
        """Re-reads, conditionally, posts with comments not read or checked since ``since``.

        An edited comment leaves the "Comments (N)" count alone, so only
        reading the page finds it; a page unchanged since it was last read in
        full costs a 304. Newest first, as the blog lists them.
        """
        due = [
            s
            for s in (self.states[i] for i in candidates if i in self.states)
            if s.id not in self.attempted
            and s.listed_comments != 0  # None: the listing did not say; look
            and (s.checked_at is None or s.checked_at < since)
        ]
        for state in sorted(due, key=lambda s: (s.posted_at, s.id), reverse=True):
            self._read_post(state.id, state.listed_comments, conditional=True)


def _roster_problem(page: ListingPage, roster: Sidebar) -> str | None:
    """Why the page's sidebar roster must not replace the stored one, or None."""
    if not page.complete:
        return "the page is cut off"
    if not roster.players:
        return "it lists no players"
    active = sum(1 for p in roster.players if not p.idle)
    if roster.player_count is not None and roster.player_count != active:
        return f"it lists {active} active players but says there are {roster.player_count}"
    if roster.quorum is not None and roster.quorum != quorum(active):
        return (
            f"it lists {active} active players, Quorum {quorum(active)}, "
            f"but says Quorum is {roster.quorum}"
        )
    return None
