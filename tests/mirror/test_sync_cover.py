"""The fewest pages that show every Pending matter off the front page (pure)."""

from __future__ import annotations

from itertools import combinations

import pytest

from wikibot.mirror.sync_cover import (
    CoverPage,
    PageKind,
    candidate_pages,
    fewest_pages,
    shifted_pages,
)

FRONT, MONTH, POST = PageKind.FRONT_PAGE, PageKind.MONTH_ARCHIVE, PageKind.POST_PAGE


def _keys(pages: tuple[CoverPage, ...]) -> list[tuple[str, str]]:
    return [(p.kind.value, p.key) for p in pages]


@pytest.mark.parametrize(
    ("fronts", "months", "read_before", "expected"),
    [
        (
            {"front p2": ["a", "b"]},
            {"2016/03": ["a"], "2016/04": ["b"]},
            [],
            [("front page", "front p2")],
        ),
        (
            {"front p2": ["a", "b"]},
            {"2016/03": ["a", "b"]},
            [],
            [("month archive", "2016/03")],
        ),
        (
            {"front p2": ["a"], "front p3": ["b"]},
            {"2016/03": ["a"], "2016/04": ["b"]},
            ["a"],
            [("post page", "a"), ("month archive", "2016/04")],
        ),
        (
            {"front p2": ["a", "b", "x"]},
            {"2016/03": ["a"], "2016/04": ["b"]},
            ["a", "b"],
            [("front page", "front p2")],
        ),
        (
            {"front p2": ["a", "b"], "front p3": ["c"]},
            {"2016/03": ["a", "c"], "2016/04": ["b"]},
            [],
            [("month archive", "2016/03"), ("month archive", "2016/04")],
        ),
    ],
    ids=[
        "two months on one front page: 1 page, not 2",
        "a tie between a month and a front page: the month (it does not shift)",
        "a month's only matter read before: its own page (a new comment costs nothing more)",
        "one front page beats two own pages",
        "no page shows all three: 2 pages, months first",
    ],
)
def test_the_fewest_pages(
    fronts: dict[str, list[str]],
    months: dict[str, list[str]],
    read_before: list[str],
    expected: list[tuple[str, str]],
) -> None:
    wanted = {i for ids in months.values() for i in ids}
    cover = fewest_pages(wanted, candidate_pages(fronts, months, read_before))
    assert _keys(cover.pages) == expected and cover.is_least
    assert set().union(*(p.shows for p in cover.pages)) == wanted


def test_the_search_is_exact_where_greedy_is_not() -> None:
    """Greedy takes the widest page first (a, b, c, d: 4 of 6) and then needs two more;
    the least is the two pages of three."""
    pages = [
        CoverPage(FRONT, "front p2", frozenset("abcd")),
        CoverPage(FRONT, "front p3", frozenset("abe")),
        CoverPage(FRONT, "front p4", frozenset("cdf")),
        CoverPage(MONTH, "2016/03", frozenset("e")),
        CoverPage(MONTH, "2016/04", frozenset("f")),
    ]
    cover = fewest_pages("abcdef", pages)
    assert _keys(cover.pages) == [("front page", "front p3"), ("front page", "front p4")]
    assert cover.is_least


def test_the_least_against_every_combination() -> None:
    """Twelve matters over four months and three front pages, every page read before:
    the search's size equals the smallest covering combination's."""
    fronts = {"front p2": "abcde", "front p3": "fghij", "front p4": "kl"}
    months = {"2016/01": "acfk", "2016/02": "bgl", "2016/03": "dhi", "2016/04": "ej"}
    pages = candidate_pages(fronts, months, "abcdefghijkl")
    cover = fewest_pages("abcdefghijkl", pages)
    least = next(
        n
        for n in range(1, len(pages) + 1)
        if any(
            set().union(*(p.shows for p in c)) == set("abcdefghijkl")
            for c in combinations(pages, n)
        )
    )
    assert len(cover.pages) == least == 3 and cover.is_least


def test_past_the_node_limit_it_still_covers_every_matter() -> None:
    wanted = [f"m{i}" for i in range(30)]
    months = {f"2016/{i % 12 + 1:02d} {i}": [m] for i, m in enumerate(wanted)}
    fronts = {f"front p{i + 2}": wanted[i : i + 3] for i in range(0, 30, 2)}
    cover = fewest_pages(wanted, candidate_pages(fronts, months, wanted), limit=50)
    assert not cover.is_least and cover.nodes > 50
    assert set().union(*(p.shows for p in cover.pages)) == set(wanted)


def test_a_matter_no_page_shows_is_left_to_the_caller() -> None:
    cover = fewest_pages({"a", "b"}, [CoverPage(MONTH, "2016/03", frozenset({"a"}))])
    assert _keys(cover.pages) == [("month archive", "2016/03")]


@pytest.mark.parametrize(
    ("before", "read", "expected"),
    [
        (
            [("f1", "f2"), ("p1", "p2"), ("q1", "q2")],
            [("n", "f1")],
            {2: ("f2", "p1"), 3: ("p2", "q1")},
        ),
        (
            [("f1", "f2"), ("p1", "p2"), ("q1", "q2")],
            [("n1", "n2"), ("n3", "f1")],
            {3: ("f2", "p1")},
        ),
        ([("f1", "f2"), (), ("q1", "q2")], [("n", "f1")], {3: ()}),
        ([("f1", "f2"), ("p1", "p2")], [("f1", "f2")], {2: ("p1", "p2")}),
    ],
    ids=[
        "one new post: every page one place down",
        "three new posts, two pages read now: page 3 expected",
        "a page never read breaks the run: nothing known beyond it",
        "no new post: as last seen",
    ],
)
def test_new_posts_shift_the_front_pages(
    before: list[tuple[str, ...]], read: list[tuple[str, ...]], expected: dict[int, tuple[str, ...]]
) -> None:
    assert shifted_pages(before, read) == expected
