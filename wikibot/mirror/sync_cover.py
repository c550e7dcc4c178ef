"""The fewest pages that show every Pending matter off the front page: a small set cover.

An incremental sync must look at a page showing each Pending Votable Matter's
``Comments (N)`` (or its comments), or a new comment on it would go unseen.
For a matter off the front page, the pages known to show it are: a front
continuation page (``/P10``, ``/P20``...) that listed it when last read, its
month's archive page, and its own page (if read before, so it can be asked
for conditionally). :func:`fewest_pages` picks the fewest of these that show
them all, exactly, by a branch-and-bound search.

Pure: no network, no database; :mod:`wikibot.mirror.sync` builds the
candidates from the mirror's page memos and reads the pages chosen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "NODE_LIMIT",
    "Cover",
    "CoverPage",
    "PageKind",
    "candidate_pages",
    "fewest_pages",
    "shifted_pages",
]

NODE_LIMIT = 100_000
"""The most search nodes :func:`fewest_pages` visits before it settles for the best
cover found so far (still a cover; see :attr:`Cover.is_least`)."""


class PageKind(Enum):
    """Where a Pending matter's comment count is shown."""

    POST_PAGE = "post page"
    """The matter's own page: it shows the comments themselves."""
    MONTH_ARCHIVE = "month archive"
    """Its month's archive page (every post of the month; does not shift)."""
    FRONT_PAGE = "front page"
    """A front continuation page, ``/P10``...: shifts when new posts arrive."""


@dataclass(frozen=True)
class CoverPage:
    """One page the sync may ask for, and the Pending matters it shows."""

    kind: PageKind
    key: str
    """The post id, the month (``2016/03``), or the page memo key (``front p2``)."""
    shows: frozenset[str]
    """The wanted matters it shows."""


@dataclass(frozen=True)
class Cover:
    """The pages chosen, and whether the search proved them the fewest."""

    pages: tuple[CoverPage, ...]
    is_least: bool
    """False only if the search hit :data:`NODE_LIMIT` (the pages still show every matter)."""
    nodes: int
    """Search nodes visited."""


def candidate_pages(
    fronts: Mapping[str, Iterable[str]],
    months: Mapping[str, Iterable[str]],
    read_before: Iterable[str],
) -> list[CoverPage]:
    """The pages known to show the wanted matters: front continuation pages (memo key ->
    the posts it lists), months (``2016/03`` -> its wanted matters), and the pages of
    the matters read before (so a 304 can answer)."""
    return [
        *(CoverPage(PageKind.FRONT_PAGE, key, frozenset(ids)) for key, ids in fronts.items()),
        *(CoverPage(PageKind.MONTH_ARCHIVE, key, frozenset(ids)) for key, ids in months.items()),
        *(CoverPage(PageKind.POST_PAGE, i, frozenset({i})) for i in read_before),
    ]


# Ties between covers of as many pages: more post pages first (a new comment on such a
# matter is read in the same request), then month archives before front pages (a month's
# page does not shift when new posts arrive).
_RANK = {PageKind.POST_PAGE: 0, PageKind.MONTH_ARCHIVE: 1, PageKind.FRONT_PAGE: 2}


def _score(pages: tuple[CoverPage, ...]) -> tuple[int, int, int]:
    listings = sum(1 for p in pages if p.kind is not PageKind.POST_PAGE)
    fronts = sum(1 for p in pages if p.kind is PageKind.FRONT_PAGE)
    return len(pages), listings, fronts


def fewest_pages(
    wanted: Iterable[str], candidates: Iterable[CoverPage], *, limit: int = NODE_LIMIT
) -> Cover:
    """The fewest candidate pages that show every wanted matter any candidate shows.

    Among covers of equally few pages it takes the one with the most post pages,
    then the fewest front pages. Exact: it branches on the uncovered matter shown
    by the fewest candidates (each matter has its post page, its month and the
    front page listing it: about three), never deeper than the best cover found so
    far (the greedy one to start with), and prunes a branch that cannot beat it;
    so for a best cover of g pages it visits at most 1 + 3 + ... + 3**g nodes
    (88,573 for g = 10). Past ``limit`` nodes it keeps the best cover found, which
    still shows every matter, and says it is not proven least.
    """
    goal = frozenset(wanted)
    unique: dict[tuple[PageKind, str], CoverPage] = {}
    for page in candidates:
        shows = page.shows & goal
        if shows:
            unique[(page.kind, page.key)] = CoverPage(page.kind, page.key, shows)
    # A page showing exactly what a better-ranked page shows is never needed.
    kept: dict[frozenset[str], CoverPage] = {}
    for page in sorted(unique.values(), key=lambda p: (_RANK[p.kind], p.key)):
        kept.setdefault(page.shows, page)
    pages = sorted(kept.values(), key=lambda p: (-len(p.shows), _RANK[p.kind], p.key))
    showing: dict[str, list[CoverPage]] = {}
    for page in pages:
        for matter in page.shows:
            showing.setdefault(matter, []).append(page)
    coverable = frozenset(showing)
    widest = max((len(p.shows) for p in pages), default=1)

    best = _greedy(coverable, pages)
    nodes = 0
    complete = True

    def search(uncovered: frozenset[str], chosen: tuple[CoverPage, ...]) -> None:
        nonlocal best, nodes, complete
        nodes += 1
        if not uncovered:
            if _score(chosen) < _score(best):
                best = chosen
            return
        if nodes > limit:
            complete = False
            return
        # At least this many more pages are needed; a cover longer than the best loses.
        if len(chosen) + -(-len(uncovered) // widest) > len(best):
            return
        matter = min(uncovered, key=lambda m: (len(showing[m]), m))
        for page in showing[matter]:
            search(uncovered - page.shows, (*chosen, page))

    search(coverable, ())
    ordered = tuple(sorted(best, key=lambda p: (_RANK[p.kind], p.key)))
    return Cover(ordered, complete, nodes)


def _greedy(goal: frozenset[str], pages: list[CoverPage]) -> tuple[CoverPage, ...]:
    """A cover by taking, each time, the page showing the most matters still unshown."""
    chosen: list[CoverPage] = []
    uncovered = set(goal)
    while uncovered:
        page = max(pages, key=lambda p: (len(p.shows & uncovered), -_RANK[p.kind]))
        chosen.append(page)
        uncovered -= page.shows
    return tuple(chosen)


def shifted_pages(
    before: Sequence[tuple[str, ...]], read: Sequence[tuple[str, ...]]
) -> dict[int, tuple[str, ...]]:
    """The posts each front page not read now is expected to list, by page number.

    ``before``: the front pages as last seen, from the front page on (``()``: not
    seen); ``read``: the pages read now, from the front page on. New posts push
    the others down the listing, so a page is expected to hold the listing last
    seen, shifted by the new posts, as far as the pages last seen run unbroken
    from the front. (A page that turns out otherwise is read in full anyway: its
    ETag changed.)
    """
    old: list[str] = []
    for ids in before:
        if not ids:
            break
        old += ids
    now = [i for ids in read for i in ids]
    size = len(read[0]) if read else 0
    if not size:
        return {}
    taken = set(now)
    listing = now + [i for i in old if i not in taken]
    return {
        n: tuple(listing[(n - 1) * size : n * size])
        for n in range(len(read) + 1, len(before) + 1)
        if before[n - 1]
    }
