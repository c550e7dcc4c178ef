"""The polite HTTP client, against the sandbox blog on 127.0.0.1 (no HTTP mocks)."""

from __future__ import annotations

import logging
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from email.utils import format_datetime
from typing import Any

import pytest
import requests

from tests.plugins.blog import USER_AGENT, build_game
from wikibot.blog.polite import PoliteSession, parse_crawl_delay, parse_retry_after
from wikibot.errors import ScrapeError
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration

Start = Callable[..., SandboxBlog]
Polite = Callable[..., tuple[PoliteSession, list[float]]]


@pytest.fixture
def polite() -> Iterator[Polite]:
    """Makes polite sessions that note each sleep instead of sleeping."""
    made: list[PoliteSession] = []

    def make(**options: Any) -> tuple[PoliteSession, list[float]]:
        slept: list[float] = []
        options.setdefault("min_interval", 0.0)
        session = PoliteSession(user_agent=USER_AGENT, sleep=slept.append, **options)
        made.append(session)
        return session, slept

    yield make
    for session in made:
        session.close()


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, None),
        ("120", 120.0),
        (" 0 ", 0.0),
        ("Wed, 21 Oct 2015 07:28:30 GMT", 30.0),
        ("Wed, 21 Oct 2015 07:27:00 GMT", 0.0),  # already past: no wait
        ("soon", None),
        ("-5", None),
        ("1.5", None),  # RFC 9110: delay-seconds is a whole number
    ],
)
def test_parse_retry_after(header: str | None, expected: float | None) -> None:
    now = datetime(2015, 10, 21, 7, 28, 0, tzinfo=UTC).timestamp()
    assert parse_retry_after(header, now=now) == expected


def test_every_request_names_the_bot_and_its_operator(sandbox_blog: Start, polite: Polite) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    session, _ = polite()
    session.get(blog.url)
    session.get(blog.url + "archive/queue_item_0")
    assert blog.user_agents() == {USER_AGENT: 3}  # robots.txt and two pages
    assert blog.requests_by_path()["/robots.txt"] == 1  # fetched once per site
    with pytest.raises(ValueError, match="User-Agent"):
        PoliteSession(user_agent="  ")


def test_robots_txt_disallow_is_obeyed_without_a_request(
    sandbox_blog: Start, polite: Polite
) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    session, _ = polite()
    with pytest.raises(ScrapeError, match="robots.txt does not allow"):
        session.get(blog.url + "_stats")
    assert session.requests_made == 1  # robots.txt only


def test_crawl_delay_raises_the_interval(sandbox_blog: Start, polite: Polite) -> None:
    blog = sandbox_blog(build_game(1), "classic", crawl_delay=3)
    session, slept = polite(min_interval=1.0)
    session.get(blog.url)
    assert session.crawl_delay(blog.url) == 3.0 and session.interval(blog.url) == 3.0
    session.get(blog.url)
    assert len(slept) == 2 and all(2.9 <= s <= 3.0 for s in slept)
    relaxed, relaxed_slept = polite(min_interval=5.0)
    relaxed.get(blog.url)
    relaxed.get(blog.url)
    assert all(4.9 <= s <= 5.0 for s in relaxed_slept)  # min_interval wins when larger


def test_a_fractional_crawl_delay_is_obeyed(sandbox_blog: Start, polite: Polite) -> None:
    # urllib's robots.txt parser takes whole seconds only, and ignored "1.2".
    blog = sandbox_blog(build_game(1), "classic", crawl_delay=1.2)
    session, slept = polite(min_interval=0.5)
    session.get(blog.url)
    session.get(blog.url)
    assert session.crawl_delay(blog.url) == 1.2 and session.interval(blog.url) == 1.2
    assert len(slept) == 2 and all(1.1 <= s <= 1.2 for s in slept)


@pytest.mark.parametrize(
    ("robots", "expected"),
    [
        ("User-agent: *\nCrawl-delay: 1.5\n", 1.5),
        ("User-agent: *\nCrawl-delay: 3\n\nUser-agent: nomicbot\nCrawl-delay: 0.25\n", 0.25),
        ("User-agent: otherbot\nUser-agent: NomicBot\nDisallow: /x\nCrawl-delay: 2.5\n", 2.5),
        ("User-agent: otherbot\nCrawl-delay: 9\n\nUser-agent: *\nCrawl-delay: .5\n", 0.5),
        ("User-agent: nomicbot\nDisallow: /x\n\nUser-agent: *\nCrawl-delay: 4\n", None),
        ("User-agent: *\nCrawl-delay: soon\nCrawl-delay: nan\nCrawl-delay: -1\n", None),
        ("Crawl-delay: 5\nUser-agent: *\nDisallow:\n", None),
        ("User-agent: * # everyone\ncrawl-delay:2 # seconds\n", 2.0),
    ],
    ids=[
        "star",
        "own group wins",
        "group of two agents",
        "another bot's group",
        "own group without a delay",
        "unreadable",
        "outside any group",
        "comments and case",
    ],
)
def test_parse_crawl_delay(robots: str, expected: float | None) -> None:
    assert parse_crawl_delay(robots, USER_AGENT) == expected


def test_backoff_doubles_with_jitter_and_gives_up_with_one_line(
    sandbox_blog: Start, polite: Polite
) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    blog.add_fault("503", path="/", count=100)
    session, slept = polite(max_retries=5, rng=random.Random(7))
    with pytest.raises(ScrapeError) as caught:
        session.get(blog.url)
    assert str(caught.value) == (
        f"could not read {blog.url} after 6 attempts: HTTP 503 Service Unavailable"
    )
    assert len(slept) == 5
    for attempt, wait in enumerate(slept, start=1):
        full = 2.0 ** (attempt - 1)
        assert full / 2 <= wait <= full
    assert len({round(w / 2.0**i, 6) for i, w in enumerate(slept)}) > 1  # jittered
    assert session.requests_made == 1 + 6


def test_backoff_is_capped(sandbox_blog: Start, polite: Polite) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    blog.add_fault("500", path="/", count=100)
    session, slept = polite(max_retries=8, backoff_cap=10.0)
    with pytest.raises(ScrapeError):
        session.get(blog.url)
    assert max(slept) <= 10.0 and slept[-1] >= 5.0


def test_retry_after_as_an_http_date(sandbox_blog: Start, polite: Polite) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    when = datetime(2030, 1, 1, 0, 0, 40, tzinfo=UTC)
    blog.add_fault("429", path="/", retry_after=format_datetime(when, usegmt=True))
    fixed_now = datetime(2030, 1, 1, tzinfo=UTC).timestamp()
    session, slept = polite(wall_clock=lambda: fixed_now)
    assert session.get(blog.url).status_code == 200
    assert slept == [40.0]


def test_a_retry_after_too_long_is_reported_not_waited(sandbox_blog: Start, polite: Polite) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    blog.add_fault("429", path="/", retry_after=7200)
    session, slept = polite(max_retry_after=600.0)
    with pytest.raises(ScrapeError, match="asks to wait 7200 s"):
        session.get(blog.url)
    assert slept == []


def test_client_errors_are_not_retried(sandbox_blog: Start, polite: Polite) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    session, slept = polite()
    with pytest.raises(ScrapeError, match=r"archive/missing: HTTP 404 Not Found$"):
        session.get(blog.url + "archive/missing")
    assert session.requests_made == 2 and slept == []


def test_connection_refused_is_retried_then_reported(polite: Polite) -> None:
    # A port nothing listens on: bind one, note it, close it.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    session, slept = polite(max_retries=2, timeout=2.0)
    with pytest.raises(ScrapeError, match=r"after 3 attempts: ConnectionError: .*refused"):
        session.get(f"http://127.0.0.1:{port}/")
    assert len(slept) == 2


def test_incomplete_pages_are_retried_and_the_last_copy_returned(
    sandbox_blog: Start, polite: Polite
) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    blog.add_fault("truncate", path="/", count=1)
    session, _ = polite()
    whole = session.get(blog.url, is_complete=lambda r: "</html>" in r.text)
    assert "</html>" in whole.text and session.requests_made == 3
    blog.add_fault("truncate", path="/", count=10)
    cut = session.get(blog.url, is_complete=lambda r: "</html>" in r.text)
    assert "</html>" not in cut.text and cut.status_code == 200


def test_one_request_at_a_time(sandbox_blog: Start, polite: Polite) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    session, _ = polite()
    session.get(blog.url)  # robots.txt out of the way
    blog.add_fault("latency", path="/", seconds=0.2, count=2)
    started = time.monotonic()
    threads = [threading.Thread(target=session.get, args=(blog.url,)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert time.monotonic() - started >= 0.4  # serialised, not overlapped


def test_a_caller_session_is_used_and_left_open(sandbox_blog: Start) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    with requests.Session() as mine:
        with PoliteSession(user_agent=USER_AGENT, session=mine, min_interval=0) as polite:
            polite.get(blog.url)
        assert mine.get(blog.url + "robots.txt").status_code == 200  # still usable


def test_retries_waits_and_retry_after_are_logged(
    sandbox_blog: Start, polite: Polite, caplog: pytest.LogCaptureFixture
) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    blog.add_fault("429", path="/", retry_after=3)
    blog.add_fault("503", path="/")
    session, slept = polite(rng=random.Random(1))
    with caplog.at_level(logging.DEBUG, logger="wikibot.blog.polite"):
        assert session.get(blog.url).status_code == 200
    said = [r.getMessage() for r in caplog.records]
    assert f"{blog.url}: the server asks to wait 3.0 s (Retry-After)" in said
    assert f"{blog.url}: HTTP 429 Too Many Requests; retry 1 of 5 in 3.0 s" in said
    assert any(
        m.startswith(f"{blog.url}: HTTP 503 Service Unavailable; retry 2 of 5") for m in said
    )
    assert any(m.startswith("waiting 3.00 s before the next request") for m in said)
    assert slept[0] == 3.0


def test_robots_txt_longest_match_wins(sandbox_blog: Start, polite: Polite) -> None:
    # RFC 9309: the most specific rule decides, whatever the order; urllib took the first.
    blog = sandbox_blog(build_game(1), "classic")
    session, _ = polite()
    site = blog.url.rstrip("/")
    session.remember_robots(site, "User-agent: *\nDisallow: /\nAllow: /$\n")
    assert session.get(blog.url).status_code == 200
    with pytest.raises(ScrapeError, match="robots.txt does not allow"):
        session.get(blog.url + "archive/anything")
    assert session.requests_made == 1
