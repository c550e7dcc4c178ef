"""How far back a full walk read: the shortfall of a walk that ended before its date.

A full walk pages back through the blog's listings to its ``since`` date. It may
end before: the listing pages run out (the last one has no "next" link, or one
leading back to a page already read), a page lists no posts, or a page cannot be
read. Then the sync warns which date it reached and why it stopped
(:attr:`WalkShortfall.message`), and the warning is recorded with the run, where
:func:`mirror_reach` finds it again for ``history``: the matters posted before
that date are not in the mirror.

A blog whose first post is after ``since`` ends the same way: the listings say
nothing of whether older posts exist, so the warning states what was read
(the oldest post, the last page) and not what may lie beyond.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time

from wikibot.blog.scraper import ListingPage
from wikibot.errors import ScrapeError
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import SyncRunRow, WarningRow

__all__ = ["WalkReach", "WalkShortfall", "mirror_reach", "newer", "why_the_walk_stopped"]

_AT = "%Y-%m-%dT%H:%M:%SZ"
_SHORTFALL = re.compile(
    r"the walk read (?:back to (?P<reached>\S+)|no post), "
    r"not back to (?P<since>\d{4}-\d{2}-\d{2}) as asked: (?P<why>.*)",
    re.DOTALL,
)


@dataclass(frozen=True)
class WalkShortfall:
    """A full walk that ended before it reached its ``since`` date, and why."""

    since: date
    """How far back the walk was asked to read."""
    reached: datetime | None
    """The oldest post it listed (None: it listed none)."""
    why: str
    """Why it stopped: the listing pages ran out, a page listed nothing, or could not be read."""

    @property
    def message(self) -> str:
        """The warning, one line (:func:`mirror_reach` reads it back from the mirror)."""
        where = f"back to {self.reached_text}" if self.reached else "no post"
        return f"the walk read {where}, not back to {self.since.isoformat()} as asked: {self.why}"

    @property
    def reached_text(self) -> str:
        """The oldest post's time, ISO 8601 UTC, or ``-`` if it listed none."""
        return self.reached.astimezone(UTC).strftime(_AT) if self.reached else "-"

    @classmethod
    def from_message(cls, message: str) -> WalkShortfall | None:
        """The shortfall a warning recorded by a sync states, or None for another warning."""
        match = _SHORTFALL.fullmatch(message)
        if match is None:
            return None
        reached = match["reached"]
        return cls(
            date.fromisoformat(match["since"]),
            datetime.strptime(reached, _AT).replace(tzinfo=UTC) if reached else None,
            match["why"],
        )

    def is_short_of(self, day: date) -> bool:
        """It did not read back to ``day``: no post of that day or older was listed."""
        return self.reached is None or self.reached.date() > day


def newer(page: ListingPage, floor: datetime | None) -> ListingPage:
    """The page with only the posts from ``floor`` on (all of them if None)."""
    if floor is None:
        return page
    return replace(page, entries=tuple(e for e in page.entries if e.posted_at >= floor))


def why_the_walk_stopped(last: ListingPage | None) -> str:
    """Why a walk whose listing pages gave out after ``last`` (the last page read) ended."""
    if last is None:
        return "no listing page was read"
    if not last.entries:
        return f"the listing page {last.url} lists no posts"
    if last.next_url is None:
        return f"the listing pages end at {last.url} (it has no next page)"
    return f"the next page after {last.url} was read already (the listings loop)"


@dataclass
class WalkReach:
    """How far back a walk has read so far: the oldest post listed, the last page read."""

    since: date | None
    """The walk's date (None: no date, so it cannot fall short)."""
    oldest: datetime | None = None
    """The oldest post listed so far."""
    last: ListingPage | None = None
    """The last listing page read."""

    def pages(self, listings: Iterator[ListingPage]) -> Iterator[ListingPage]:
        """The listing pages, each noted as it is read. A page that cannot be read before
        the walk reached its date raises a ScrapeError saying how far back it read."""
        while True:
            try:
                page = next(listings, None)
            except ScrapeError as exc:
                why = f"a listing page could not be read ({exc}); the next sync resumes the walk"
                shortfall = self.shortfall(why)
                if shortfall is None:
                    raise
                raise ScrapeError(shortfall.message) from exc
            if page is None:
                return
            self.last = page
            dates = [e.posted_at for e in page.entries]
            self.oldest = min([*dates, self.oldest] if self.oldest else dates, default=None)
            yield page

    def shortfall(self, why: str | None = None) -> WalkShortfall | None:
        """The shortfall if the walk ended now (``why``: by default, from the last page
        read), or None if it has read back to its date."""
        if self.since is None:
            return None
        stopped = why if why is not None else why_the_walk_stopped(self.last)
        gap = WalkShortfall(self.since, self.oldest, stopped)
        return gap if gap.is_short_of(self.since) else None


def mirror_reach(mirror: Mirror) -> WalkShortfall | None:
    """How far back the mirror's full walks fell short of reading, or None if they did not.

    Each finished full walk with a date read back to that date, or to the oldest post it
    listed when it stopped short (its warning says so); the mirror holds every post from
    the furthest any of them reached. That falls short when it is after the earliest date
    a walk was asked for; the last shortfall recorded says why. A failed walk counts only
    by its shortfall (it may have stopped anywhere), so one that a later walk resumed and
    finished is made good by it.
    """
    with mirror.bound():
        runs = list(
            SyncRunRow.select()
            .where(
                (SyncRunRow.kind == "full")
                & SyncRunRow.walk_since.is_null(False)
                & SyncRunRow.outcome.in_(("ok", "incomplete", "failed"))
            )
            .order_by(SyncRunRow.id)
        )
        shortfalls: dict[int, WalkShortfall] = {}
        warnings = WarningRow.select().where(WarningRow.sync_run.in_([r.id for r in runs]))
        for w in warnings.order_by(WarningRow.id):
            found = WalkShortfall.from_message(w.message)
            if found is not None:
                shortfalls[w.sync_run_id] = found
    asked: date | None = None
    furthest: datetime | None = None
    last: WalkShortfall | None = None
    for run in runs:
        shortfall = shortfalls.get(run.id)
        if shortfall is None and run.outcome == "failed":
            continue
        since = date.fromisoformat(str(run.walk_since))
        asked = since if asked is None else min(asked, since)
        if shortfall is not None:
            last = shortfall
        reached = datetime.combine(since, time.min, UTC) if shortfall is None else shortfall.reached
        if reached is not None:
            furthest = reached if furthest is None else min(furthest, reached)
    if asked is None or last is None:
        return None
    gap = WalkShortfall(asked, furthest, last.why)
    return gap if gap.is_short_of(asked) else None
