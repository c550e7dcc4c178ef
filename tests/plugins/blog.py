"""Fixtures for the blog side: a sandbox blog over real HTTP on 127.0.0.1, and scrapers.

``sandbox_blog(game, markup="classic", **options)`` starts a
:class:`~wikibot.sandbox.blog.SandboxBlog` on a free loopback port in a thread
and stops it after the test. ``scraper(blog, **options)`` gives a polite
:class:`~wikibot.blog.scraper.BlogScraper` for it that records its sleeps instead of
sleeping (``scraper.slept``), so retry tests run in milliseconds.
:func:`build_game` makes a realistic game: several months of posts of every
category and status, votes, "I bid" comments, Idle players, Admins, and text
that HTML must escape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from html import escape
from typing import Any

import pytest

from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, PostStatus, Terms
from wikibot.blog.scraper import BlogScraper
from wikibot.sandbox.blog import SandboxBlog, serve_in_thread

USER_AGENT = "nomicbot/0.1 (BlogNomic bookkeeping bot; operator: TestOperator)"
T0 = datetime(2016, 3, 1, 9, 5, 7, tzinfo=UTC)
PLAYERS = (
    Player("Kevan", admin=True),
    Player("Josh", admin=True),
    Player("quirck"),
    Player("Clucky"),
    Player("Bucky", idle=True),
    Player("Larrytheturtle"),
    Player("Ümlaut & Sons"),
)
_ICONS = {
    "for": '<img src="/images/vote/for.gif" alt="for">',
    "against": '<img src="/images/vote/against.gif" alt="against">',
    "imperial": '<img src="/images/vote/imperial.gif" alt="imperial">',
    "veto": '<img src="/images/vote/seal.gif" alt="veto">',
}
_KINDS = (
    ("Proposal", "Proposal: ", PostStatus.ENACTED, "Enacted by Kevan (5-1)"),
    ("Call for Judgement", "CfJ: ", PostStatus.FAILED, "Timed out 3 votes to 4. Failed by Josh."),
    ("Proposal", "Proposal: ", PostStatus.VETOED, "Vetoed -Kevan"),
    ("Story Post", "", PostStatus.PENDING, None),
    ("Proposal", "Proposal: ", PostStatus.SELF_KILLED, "Self-failed. Failed by Josh"),
    ("Declaration of Victory", "DoV: ", PostStatus.FAILED, "Failed 1-5 by Kevan"),
    ("Proposal", "Proposal: ", PostStatus.ILLEGAL, "Illegal: third proposal today. - Josh"),
    ("Ascension Address", "Ascension Address: ", PostStatus.PENDING, None),
    ("Proposal", "Proposal: ", PostStatus.PENDING, None),
    ("Nomicland News", "Demand: ", PostStatus.PENDING, None),
)


def build_game(n_posts: int = 30, *, start: datetime = T0, explicit_votes: bool = False) -> Game:
    """A realistic game: ``n_posts`` posts about 2.3 days apart, each with some comments.

    Comment days run through 1..12 and 13..31, so pages hold ambiguous and
    unambiguous numeric dates. With ``explicit_votes`` some comments also carry
    the 2020 theme's explicit ``vote`` field.
    """
    names = [p.name for p in PLAYERS]
    posts = []
    for i in range(n_posts):
        category, prefix, status, note = _KINDS[i % len(_KINDS)]
        posted = start + timedelta(hours=55 * i, seconds=i)
        title = f"{prefix}Queue <{i}> & “Rides” for 'fun'" if i % 3 == 0 else f"{prefix}Item {i}"
        body = (
            f'<p>Add a rule "Queue {i}":</p>\n<blockquote><p>Visitors &amp; staff &lt;wait&gt;'
            f' in line. Café №{i}</p></blockquote>\n<p><a href="/wiki/Ruleset">Ruleset</a></p>'
        )
        comments = []
        for j in range(i % 6):
            who = names[(i + j) % len(names)]
            icon = list(_ICONS)[(i + j) % len(_ICONS)]
            text = f"{_ICONS[icon]} Looks fine to me, {escape(who)}."
            if category == "Nomicland News" and j % 2 == 0:
                text = f"I bid {100 + 25 * j}. {text}"
            vote = ("for", "against", "deferential", None)[j % 4] if explicit_votes else None
            when = posted + timedelta(hours=3 * j + 1, minutes=j, seconds=11 * j)
            comments.append(Comment(f"c{j + 1}", who, when, text, vote))
        resolved = posted + timedelta(days=2, seconds=33) if note else None
        posts.append(
            Post(
                id=f"queue_item_{i}",
                category=category,
                title=title,
                author=names[i % len(names)],
                posted_at=posted,
                status=status,
                body_html=body,
                admin_note=note,
                resolved_at=resolved,
                comments=tuple(comments),
            )
        )
    return Game(players=PLAYERS, posts=tuple(posts), boss="Kevan", terms=Terms("Imagineer", "Boss"))


@pytest.fixture
def sandbox_blog() -> Iterator[Callable[..., SandboxBlog]]:
    """Starts sandbox blogs on free loopback ports; all are stopped after the test."""
    started: list[SandboxBlog] = []

    def start(game: Game, markup: str = "classic", **options: Any) -> SandboxBlog:
        blog = serve_in_thread(game, markup=markup, host="127.0.0.1", port=0, **options)
        started.append(blog)
        return blog

    yield start
    for blog in started:
        blog.stop()


class RecordingScraper(BlogScraper):
    """A BlogScraper that notes each sleep instead of sleeping, on a virtual clock that
    only sleeping moves: the spacing it computes does not depend on how busy the
    machine is."""

    slept: list[float]


@pytest.fixture
def scraper() -> Iterator[Callable[..., RecordingScraper]]:
    """Makes scrapers for a sandbox blog (no real sleeping); all are closed after the test."""
    made: list[RecordingScraper] = []

    def make(blog: SandboxBlog, **options: Any) -> RecordingScraper:
        slept: list[float] = []
        now = [0.0]

        def sleep(seconds: float) -> None:
            slept.append(seconds)
            now[0] += seconds

        options.setdefault("user_agent", USER_AGENT)
        options.setdefault("min_interval", 0.0)
        options.setdefault("timeout", 5.0)
        s = RecordingScraper(blog.url, sleep=sleep, clock=lambda: now[0], **options)
        s.slept = slept
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()
