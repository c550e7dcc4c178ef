"""Sync over real HTTP: the sandbox blog on 127.0.0.1 into a SQLite mirror file."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import requests

from gamestate.profiles.blognomic_139.icons import scan_comment
from gamestate.profiles.blognomic_139.models import Comment, Game, Post, PostStatus
from gamestate.profiles.blognomic_139.votes import Vote
from tests.mirror.test_mirror_rosters import one_snapshot
from tests.plugins.blog import build_game
from wikibot.archive import game_to_dict
from wikibot.blog.scraper import BlogScraper
from wikibot.errors import ScrapeError
from wikibot.mirror import (
    SyncReport,
    default_since,
    page_memo,
    parse_since,
    post_states,
    sync,
    sync_runs,
)
from wikibot.mirror.api import Mirror
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration

SINCE = date(2016, 3, 1)  # the day build_game's first post is posted: the walk reads back to it
NOW = datetime(2016, 6, 1, tzinfo=UTC)
Blog = Callable[..., SandboxBlog]
Scraper = Callable[..., BlogScraper]


@pytest.fixture
def mirror(tmp_path: Path) -> Iterator[Mirror]:
    m = Mirror.open(str(tmp_path / "mirror.sqlite"))
    yield m
    m.close()


def run(mirror: Mirror, blog: SandboxBlog, make: Scraper, **options: Any) -> SyncReport:
    """One sync with a fresh scraper, as one `nomicbot sync` would."""
    clock = options.pop("clock", lambda: NOW)
    return sync(mirror, make(blog, **options.pop("scraper_options", {})), clock=clock, **options)


def hits(blog: SandboxBlog, before: dict[str, int]) -> dict[str, int]:
    """Requests per path since ``before``."""
    now = blog.requests_by_path()
    return {p: n - before.get(p, 0) for p, n in now.items() if n > before.get(p, 0)}


def archive(game: Game) -> dict[str, Any]:
    data = game_to_dict(game)
    data["posts"].sort(key=lambda p: p["id"])
    return data


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_a_synced_blog_exports_as_the_archive_it_serves(
    markup: str, mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(30, explicit_votes=True)
    blog = sandbox_blog(game, markup)
    report = run(mirror, blog, scraper, since=SINCE)
    assert (report.kind, report.outcome, report.warnings) == ("full", "ok", ())
    with_comments = sum(1 for p in game.posts if p.comments)
    # One request per listing page (10 posts each) and per post with comments, plus robots.txt.
    assert report.requests_made == 1 + 3 + with_comments == blog.request_count
    # The blog's archive, plus the sidebar's roster as the sync saw it (NOW).
    assert one_snapshot(archive(mirror.to_game()), at=NOW) == archive(game)
    post = next(p for p in game.posts if len(p.comments) == 5)
    assert mirror.votes(post.id) == {
        c.id: scan_comment(c).votes for c in post.comments if scan_comment(c).votes
    }


def test_a_first_sync_reads_back_to_the_start_date_only(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(30)  # from 1 March 2016, 55 hours apart
    blog = sandbox_blog(game)
    seen: list[tuple[int, int]] = []
    report = run(
        mirror, blog, scraper, start=date(2016, 4, 1), progress=lambda d, t: seen.append((d, t))
    )
    stored = {p.id for p in mirror.to_game().posts}
    assert stored == {p.id for p in game.posts if p.posted_at >= datetime(2016, 4, 1, tzinfo=UTC)}
    assert report.kind == "full" and len(stored) < 30
    assert seen[-1] == (61, 61) and seen == sorted(seen)


@pytest.mark.parametrize(
    ("address_at", "oldest_read"),
    [(12, 12), (35, 14)],
    ids=["dynasty older than 60 days: back to its Address", "younger: the 60 days"],
)
def test_a_default_first_sync_reads_the_whole_current_dynasty(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper, address_at: int, oldest_read: int
) -> None:
    """With no start date, at least 60 days and back to the current dynasty's Ascension
    Address (the Hiatus rules need the dynasty's DoVs), whichever reaches further."""
    built = build_game(40)  # 55 hours apart from 1 March; 10 posts per listing page
    posts = tuple(
        replace(p, category="Ascension Address" if i == address_at else "Story Post")
        for i, p in enumerate(built.posts)
    )
    blog = sandbox_blog(replace(built, posts=posts))
    now = datetime(2016, 6, 1, tzinfo=UTC)
    floor = datetime.combine(default_since(now), datetime.min.time(), UTC)
    run(mirror, blog, scraper, clock=lambda: now)
    stored = sorted(int(p.id.rsplit("_", 1)[1]) for p in mirror.to_game().posts)
    # Post 12 is from 28 March, before the 60 days (2 April on): the walk reads on, down
    # to it. Post 35 is within them: the walk reads the 60 days, down to post 14.
    assert posts[14].posted_at >= floor > posts[13].posted_at
    assert (stored[0], stored[-1], len(stored)) == (oldest_read, 39, 40 - oldest_read)


def test_no_change_is_one_conditional_request(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    blog = sandbox_blog(build_game(10))  # every pending matter is on the front page
    run(mirror, blog, scraper, since=SINCE)
    counts = mirror.row_counts()
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    assert report.kind == "incremental" and report.not_modified == 1
    assert hits(blog, before) == {"/": 1}  # robots.txt was read a moment ago
    assert mirror.row_counts() == {**counts, "sync_runs": counts["sync_runs"] + 1}


def test_robots_txt_is_read_again_after_a_day(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    blog = sandbox_blog(build_game(10))
    run(mirror, blog, scraper, since=SINCE)
    before = blog.requests_by_path()
    run(mirror, blog, scraper, clock=lambda: NOW + timedelta(hours=23, minutes=59))
    assert hits(blog, before) == {"/": 1}
    before = blog.requests_by_path()
    run(mirror, blog, scraper, clock=lambda: NOW + timedelta(hours=24, seconds=1))
    assert hits(blog, before) == {"/robots.txt": 1, "/": 1}


def test_a_player_votes_and_the_next_sync_sees_it_in_two_requests(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(10)
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    pending = next(
        p for p in game.posts if p.category == "Proposal" and p.status is PostStatus.PENDING
    )
    reply = requests.post(
        f"{blog.url}archive/{pending.id}/comment",
        data={"author": "Clucky", "body": "<p>Sure, why not</p>", "vote": "against"},
        allow_redirects=False,
        timeout=5,
    )
    assert reply.status_code == 303
    new_id = reply.headers["X-Comment-Id"]
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    assert hits(blog, before) == {"/": 1, f"/archive/{pending.id}": 1}
    assert (report.stored.new_comments, report.posts_read) == (1, 1)
    assert mirror.votes(pending.id)[new_id] == (Vote.AGAINST,)
    assert one_snapshot(archive(mirror.to_game())) == archive(blog.game)


def test_a_pending_matter_off_the_front_page_is_checked_through_its_own_page(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    """One pending matter in a month: its own page, conditionally: 1 request, 304 if quiet,
    and a new comment is read in that same request (a month page would need a second)."""
    game = build_game(30)  # pending Proposals 8 (March) and 18 (April) are off the front page
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    run(mirror, blog, scraper)  # the first look at April reads it in full
    # Proposal 18 has no comments, so its page was never read: it goes through April.
    quiet_hits = {"/": 1, "/archive/queue_item_8": 1, "/2016/04/": 1}
    before = blog.requests_by_path()
    quiet = run(mirror, blog, scraper)
    assert hits(blog, before) == quiet_hits
    assert quiet.not_modified == 3 and quiet.pages_fetched == 0
    blog.add_comment("queue_item_8", author="Josh", body_html='<img src="/images/vote/veto.gif">')
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    assert hits(blog, before) == quiet_hits
    assert report.stored.new_comments == 1 and report.not_modified == 2
    assert mirror.votes("queue_item_8")["c3"] == (Vote.VETO,)
    # The count read from the page is the mirror's: the next quiet sync reads nothing again.
    before = blog.requests_by_path()
    again = run(mirror, blog, scraper)
    assert hits(blog, before) == quiet_hits
    assert again.not_modified == 3 and again.pages_fetched == 0


def test_pending_matters_sharing_a_month_are_checked_through_its_archive(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    """Two or more pending matters in a month: the month's one page covers them all."""
    built = build_game(30)
    posts = tuple(
        replace(p, status=PostStatus.PENDING, admin_note=None, resolved_at=None)
        if p.id in ("queue_item_6", "queue_item_8")
        else p
        for p in built.posts
    )
    blog = sandbox_blog(replace(built, posts=posts))
    run(mirror, blog, scraper, since=SINCE)
    run(mirror, blog, scraper)  # the first look at March reads it in full
    before = blog.requests_by_path()
    quiet = run(mirror, blog, scraper)
    assert hits(blog, before) == {"/": 1, "/2016/03/": 1, "/2016/04/": 1}
    assert quiet.not_modified == 3
    blog.add_comment("queue_item_6", author="Josh", body_html="<p>Hm.</p>")
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    assert hits(blog, before) == {
        "/": 1,
        "/2016/03/": 1,
        "/2016/04/": 1,
        "/archive/queue_item_6": 1,
    }
    assert report.stored.new_comments == 1


def _with_pending(game: Game, pending: set[str], closed: set[str]) -> Game:
    """``game`` with the ``pending`` posts made Pending Proposals and ``closed`` Enacted."""

    def change(p: Post) -> Post:
        if p.id in pending:
            return replace(p, category="Proposal", status=PostStatus.PENDING, admin_note=None)
        if p.id in closed:
            resolved = p.posted_at + timedelta(days=2)
            return replace(p, status=PostStatus.ENACTED, admin_note="Enacted", resolved_at=resolved)
        return p

    posts = tuple(change(p) for p in game.posts)
    return replace(
        game, posts=tuple(replace(p, resolved_at=None) if p.id in pending else p for p in posts)
    )


def test_two_months_of_pending_matters_on_one_front_page_cost_one_request(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    """Proposal 13 (30 March) and 18 (April) are both on /P10: one conditional request
    shows both counts, where their two months (or 13's own page and April) take two."""
    game = _with_pending(build_game(30), {"queue_item_13", "queue_item_18"}, {"queue_item_8"})
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    assert page_memo(mirror, "front p2").entry_ids == tuple(
        f"queue_item_{i}" for i in range(19, 9, -1)
    )
    before = blog.requests_by_path()
    quiet = run(mirror, blog, scraper)
    assert hits(blog, before) == {"/": 1, "/P10": 1}
    assert (quiet.not_modified, quiet.pages_fetched) == (2, 0)
    blog.add_comment("queue_item_13", author="Josh", body_html="<p>Hm.</p>", vote="against")
    blog.add_comment("queue_item_18", author="Kevan", body_html="<p>Sure.</p>", vote="for")
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    # The front page, /P10 (changed: read in full), and the two changed matters' pages.
    assert hits(blog, before) == {
        "/": 1,
        "/P10": 1,
        "/archive/queue_item_13": 1,
        "/archive/queue_item_18": 1,
    }
    assert report.stored.new_comments == 2
    assert one_snapshot(archive(mirror.to_game())) == archive(blog.game)
    before = blog.requests_by_path()
    run(mirror, blog, scraper)
    assert hits(blog, before) == {"/": 1, "/P10": 1}


def _new_post(game: Game, number: int, posted_at: datetime) -> Post:
    """A new Story Post, without comments."""
    model = game.posts[3]
    return replace(
        model, id=f"new_{number}", title=f"News {number}", posted_at=posted_at, comments=()
    )


def test_a_front_page_shifted_by_new_posts_still_shows_every_new_comment(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    """A new post pushes every post down one place: /P10 is expected to hold 20 to 11
    now, 13 and 18 among them; read in full (it changed), it shows 13's new comment."""
    game = _with_pending(build_game(30), {"queue_item_13", "queue_item_18"}, {"queue_item_8"})
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    blog.add_post(_new_post(game, 1, game.posts[-1].posted_at + timedelta(hours=1)))
    blog.add_comment("queue_item_13", author="Josh", body_html="<p>Later.</p>", vote="for")
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    assert hits(blog, before) == {"/": 1, "/P10": 1, "/archive/queue_item_13": 1}
    assert (report.stored.new_posts, report.stored.new_comments) == (1, 1)
    assert one_snapshot(archive(mirror.to_game())) == archive(blog.game)
    assert page_memo(mirror, "front p2").entry_ids[0] == "queue_item_20"
    before = blog.requests_by_path()
    run(mirror, blog, scraper)
    assert hits(blog, before) == {"/": 1, "/P10": 1}


@pytest.mark.parametrize(
    ("new_posts", "expected"),
    [
        # 10 new posts: /P10 now holds 19 to 10 (the old front page, read before), so
        # /P20 is expected to hold 13 (March) and 18 (April): one request.
        (10, {"/": 1, "/P10": 1, "/P20": 1, "/archive/queue_item_13": 1}),
        # 5: 13 is expected on /P20, 18 on /P10; one page each, or 13's own page.
        (5, {"/": 1, "/archive/queue_item_13": 1, "/2016/04/": 1}),
    ],
    ids=["both still on one page", "split across two pages"],
)
def test_more_new_posts_shift_the_pending_matters_further_down(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper, new_posts: int, expected: dict[str, int]
) -> None:
    game = _with_pending(build_game(30), {"queue_item_13", "queue_item_18"}, {"queue_item_8"})
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    for n in range(new_posts):
        blog.add_post(_new_post(game, n, game.posts[-1].posted_at + timedelta(hours=n + 1)))
    blog.add_comment("queue_item_13", author="Josh", body_html="<p>Later.</p>", vote="for")
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    assert hits(blog, before) == expected
    assert report.stored.new_comments == 1
    assert one_snapshot(archive(mirror.to_game())) == archive(blog.game)


@pytest.mark.parametrize(
    ("after", "added", "expected"),
    [
        # One post dated just after 14: 13 moves to /P20; its own page (read before) shows it.
        (14, 1, {"/": 1, "/P10": 1, "/archive/queue_item_13": 1}),
        # Nine dated just after 19: 13 and 18 both move to /P20; 13 through its own page,
        # 18 (never read: no comments) through April's archive, then its page.
        (19, 9, {"/": 1, "/P10": 1, "/archive/queue_item_13": 1, "/2016/04/": 1}),
    ],
    ids=["one post dated back: 13 moves", "nine posts dated back: 13 and 18 move"],
)
def test_a_listing_that_moved_unseen_falls_back_to_months_and_own_pages(
    mirror: Mirror,
    sandbox_blog: Blog,
    scraper: Scraper,
    after: int,
    added: int,
    expected: dict[str, int],
) -> None:
    """Posts dated back below the front page move the listing there while the front page
    stays unchanged (a 304): /P10 no longer shows what its memo says; what it does not
    show now goes through its month or own page, and every new comment is seen."""
    game = _with_pending(build_game(30), {"queue_item_13", "queue_item_18"}, {"queue_item_8"})
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    for n in range(added):
        blog.add_post(_new_post(game, n, game.posts[after].posted_at + timedelta(hours=n + 1)))
    blog.add_comment("queue_item_13", author="Josh", body_html="<p>Later.</p>", vote="for")
    blog.add_comment("queue_item_18", author="Kevan", body_html="<p>Yes.</p>", vote="for")
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper)
    assert hits(blog, before) == {**expected, "/archive/queue_item_18": 1}
    assert report.stored.new_comments == 2
    assert one_snapshot(archive(mirror.to_game())) == archive(blog.game)


def test_new_posts_beyond_the_front_page_are_all_read(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(40)
    old = replace(game, posts=game.posts[:10])
    run(mirror, sandbox_blog(old), scraper, since=SINCE)
    blog = sandbox_blog(game)  # 30 more posts appeared since
    before = blog.requests_by_path()
    run(mirror, blog, scraper)
    assert {"/", "/P10", "/P20", "/P30"} <= set(hits(blog, before))
    assert "/P40" not in hits(blog, before)
    assert one_snapshot(archive(mirror.to_game())) == archive(game)


def test_resyncing_adds_only_a_sync_run(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    blog = sandbox_blog(build_game(20))
    run(mirror, blog, scraper, since=SINCE)
    counts = mirror.row_counts()
    again = run(mirror, blog, scraper, since=SINCE, clock=lambda: NOW + timedelta(hours=1))
    assert again.kind == "full" and again.posts_read == 0
    assert (again.stored.new_posts, again.stored.new_comments, again.stored.findings) == (0, 0, 0)
    assert mirror.row_counts() == {**counts, "sync_runs": counts["sync_runs"] + 1}


def test_edited_and_removed_comments_become_findings(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(10)
    run(mirror, sandbox_blog(game), scraper, since=SINCE)
    post = next(p for p in game.posts if len(p.comments) >= 3)
    first, second, *rest = post.comments
    edited = replace(first, body_html='<img src="/images/vote/against.gif" alt="against"> no')
    changed = replace(post, comments=(edited, *rest))
    tampered = replace(game, posts=tuple(changed if p.id == post.id else p for p in game.posts))
    report = run(mirror, sandbox_blog(tampered), scraper, since=SINCE)
    assert report.stored.findings == 2
    findings = {(f.kind, f.comment_id): f for f in mirror.findings()}
    assert set(findings) == {("edited", first.id), ("disappeared", second.id)}
    assert findings[("edited", first.id)].original_html == first.body_html
    assert findings[("edited", first.id)].new_html == edited.body_html
    kept = next(p for p in mirror.to_game().posts if p.id == post.id)
    assert kept.comments == post.comments  # the original record, Fair Play


def test_a_post_page_that_keeps_failing_is_read_on_the_next_sync(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(20)
    blog = sandbox_blog(game)
    target = next(p for p in game.posts if len(p.comments) == 5)
    blog.add_fault("500", path=f"/archive/{target.id}", count=2)
    report = run(mirror, blog, scraper, since=SINCE, scraper_options={"max_retries": 1})
    assert report.outcome == "incomplete"
    assert any(target.id in w for w in report.warnings)
    assert len(mirror.to_game().posts) == 20
    assert post_states(mirror)[target.id].comments_behind
    counts = mirror.row_counts()
    report = run(mirror, blog, scraper)
    assert (report.outcome, report.posts_read, report.stored.new_comments) == ("ok", 1, 5)
    assert all(mirror.row_counts()[t] >= n for t, n in counts.items())
    assert one_snapshot(archive(mirror.to_game())) == archive(game)
    runs = sync_runs(mirror)
    assert [r.outcome for r in runs] == ["incomplete", "ok"]
    # robots.txt, 2 listing pages, 16 posts with comments, and the retry of the failing one.
    assert runs[0].warnings and runs[0].requests_made == 1 + 2 + 16 + 1


def test_a_cut_off_post_page_loses_no_comment_and_is_read_again(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(10)
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    target = next(p for p in game.posts if len(p.comments) == 5)
    blog.add_comment(target.id, author="Kevan", body_html="<p>One more</p>", vote="for")
    blog.add_fault("truncate", path=f"/archive/{target.id}", count=2)
    report = run(mirror, blog, scraper, scraper_options={"max_retries": 1})
    assert report.outcome == "incomplete" and mirror.findings() == []
    report = run(mirror, blog, scraper)
    assert report.outcome == "ok" and mirror.findings() == []
    assert one_snapshot(archive(mirror.to_game())) == archive(blog.game)


def test_a_listing_that_fails_stops_the_sync_and_keeps_what_was_stored(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(30)
    blog = sandbox_blog(game)
    blog.add_fault("reset", path="/P20", count=2)
    with pytest.raises(ScrapeError, match="P20"):
        run(mirror, blog, scraper, since=SINCE, scraper_options={"max_retries": 1})
    assert len(mirror.to_game().posts) == 20
    (failed,) = sync_runs(mirror)
    assert failed.outcome == "failed" and "P20" in failed.warnings[-1][1]
    # Run again, it walks again, reading only the posts it lacks.
    report = run(mirror, blog, scraper, since=SINCE)
    assert (report.kind, report.outcome, report.stored.new_posts) == ("full", "ok", 10)
    assert report.posts_read == sum(1 for p in game.posts[:10] if p.comments)
    assert one_snapshot(archive(mirror.to_game())) == archive(game)


def test_the_roster_and_validators_are_recorded(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(10)
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    run(mirror, blog, scraper)
    assert mirror.row_counts()["roster_snapshots"] == 1
    assert mirror.to_game().players == game.players
    memo = page_memo(mirror, "front")
    assert memo.etag and memo.entry_ids == tuple(p.id for p in reversed(game.posts))


def test_dates() -> None:
    assert default_since(NOW) == date(2016, 4, 2)
    assert parse_since(" 2016-05-01 ") == date(2016, 5, 1)
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_since("May 2016")


@pytest.mark.parametrize("kind", ["latency", "429", "500", "503", "truncate", "reset"])
@pytest.mark.parametrize("where", ["front page", "post page"])
def test_every_fault_kind_is_survived_and_no_row_is_lost(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper, kind: str, where: str
) -> None:
    """Each fault the sandbox can inject, on a sync that has a new vote to read: the
    sync retries through it (or reports it), the mirror keeps every row, and the
    vote is in the mirror once the fault is gone."""
    game = build_game(10)
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    counts = mirror.row_counts()
    target = next(p for p in game.posts if p.status is PostStatus.PENDING and p.comments)
    blog.add_comment(target.id, author="Kevan", body_html='<img src="/images/vote/for.gif">')
    path = "/" if where == "front page" else f"/archive/{target.id}"
    # Latency beyond the client's timeout; every other kind as it comes.
    blog.add_fault(kind, path=path, count=1, seconds=2.0, retry_after=1)
    options = {"timeout": 1.0} if kind == "latency" else {}
    try:
        report = run(mirror, blog, scraper, scraper_options=options)
    except ScrapeError:
        report = None  # reported: the run is recorded as failed, nothing stored is lost
    assert all(mirror.row_counts()[t] >= n for t, n in counts.items() if t != "sync_runs")
    if report is None or report.outcome != "ok":
        report = run(mirror, blog, scraper)
    assert report.outcome == "ok"
    assert one_snapshot(archive(mirror.to_game())) == archive(blog.game)


# The roster: a bad sidebar never replaces the stored one.

_SIDEBAR_DAMAGE = {
    # "There are 6 Imagineers active; Quorum is 4" above an empty list.
    "no players": (r'(?s)(<div id="PlayerList">).*?(</div>)', r"\1\n\2"),
    # Josh's link lost: 5 active listed, 6 stated.
    "count disagrees": (r'<a href="/member/\d+" class="admin" title="Admin">Josh</a><br>\n', ""),
    "Quorum disagrees": (r"Quorum is 4", "Quorum is 5"),
    # Cut off after two players: a partial roster and no Boss line.
    "cut off in the sidebar": (r'(?s)(<div id="PlayerList">\n(?:[^\n]*\n){2}).*', r"\1"),
}


@pytest.mark.parametrize("damage", list(_SIDEBAR_DAMAGE))
def test_a_bad_sidebar_does_not_replace_the_stored_roster(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper, damage: str
) -> None:
    game = build_game(10)
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, since=SINCE)
    pattern, replacement = _SIDEBAR_DAMAGE[damage]
    blog.add_fault("rewrite", path="/", pattern=pattern, replacement=replacement, count=2)
    report = run(mirror, blog, scraper, scraper_options={"max_retries": 1})
    kept = mirror.to_game()
    assert (kept.players, kept.boss) == (game.players, "Kevan")
    assert mirror.row_counts()["roster_snapshots"] == 1
    assert any("roster was not stored" in w for w in report.warnings), report.warnings
    # The page as it should be is taken again (and changes nothing).
    again = run(mirror, blog, scraper)
    assert again.warnings == () and mirror.row_counts()["roster_snapshots"] == 1


def test_a_sound_sidebar_that_changed_is_stored(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(10)
    run(mirror, sandbox_blog(game), scraper, since=SINCE)
    players = tuple(replace(p, idle=False) for p in game.players)  # Bucky is back
    report = run(mirror, sandbox_blog(replace(game, players=players)), scraper, since=SINCE)
    assert report.warnings == ()
    assert mirror.to_game().players == players
    assert mirror.row_counts()["roster_snapshots"] == 2


# Comments without ids on the page.


def test_comments_without_ids_keep_theirs_when_one_vanishes(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    """Ids made from positions shifted when a comment vanished: the next comments
    looked edited, and a new one (its vote) was never stored."""
    game = build_game(10)
    post = next(p for p in game.posts if len(p.comments) == 5)
    no_ids = {"pattern": r' id="comment-[^"]*"', "replacement": "", "count": 1000}
    first = sandbox_blog(game)
    first.add_fault("rewrite", path=f"/archive/{post.id}", **no_ids)
    run(mirror, first, scraper, since=SINCE)
    gone = post.comments[1]
    late = post.comments[-1].posted_at
    added = (
        Comment("x1", "Josh", late + timedelta(hours=1), "<p>Me too</p>", "against"),
        Comment("x2", "Kevan", late + timedelta(hours=2), '<img src="/images/vote/for.gif">'),
    )
    changed = replace(post, comments=(post.comments[0], *post.comments[2:], *added))
    later = replace(game, posts=tuple(changed if p.id == post.id else p for p in game.posts))
    second = sandbox_blog(later)
    second.add_fault("rewrite", path=f"/archive/{post.id}", **no_ids)
    report = run(mirror, second, scraper, since=SINCE, clock=lambda: NOW + timedelta(hours=1))
    assert (report.stored.new_comments, report.stored.findings) == (2, 1)
    (finding,) = mirror.findings()
    assert (finding.kind, finding.author, finding.original_html) == (
        "disappeared",
        gone.author,
        gone.body_html,
    )
    stored = next(p for p in mirror.to_game().posts if p.id == post.id)
    assert [(c.author, c.posted_at) for c in stored.comments] == [
        (c.author, c.posted_at) for c in (*post.comments, *added)
    ]  # the vanished one kept, as first seen
    # Both new votes are in the mirror.
    votes = mirror.votes(post.id)
    new = {c.author: c.id for c in stored.comments if c.posted_at > late}
    assert (votes[new["Kevan"]], votes[new["Josh"]]) == ((Vote.FOR,), (Vote.AGAINST,))


# Edits that leave the comment count alone.


def _edited(game: Game) -> tuple[Game, str, str]:
    """``game`` with one comment's text changed (its post's count unchanged)."""
    post = next(p for p in game.posts if len(p.comments) == 4)
    comment = post.comments[2]
    edited = replace(comment, body_html='<img src="/images/vote/against.gif" alt="against"> no!')
    changed = replace(post, comments=(*post.comments[:2], edited, *post.comments[3:]))
    posts = tuple(changed if p.id == post.id else p for p in game.posts)
    return replace(game, posts=posts), post.id, comment.id


@pytest.mark.parametrize("how", ["sync --since", "sync --verify"])
def test_an_edit_that_leaves_the_count_alone_is_found(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper, how: str
) -> None:
    game = build_game(10)
    run(mirror, sandbox_blog(game), scraper, since=SINCE)
    tampered, post_id, comment_id = _edited(game)
    blog = sandbox_blog(tampered)
    with_comments = sum(1 for p in game.posts if p.comments)
    options: dict[str, Any] = {"since": SINCE} if how == "sync --since" else {"verify": True}
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper, clock=lambda: NOW + timedelta(hours=1), **options)
    assert report.stored.findings == 1
    (finding,) = mirror.findings()
    assert (finding.kind, finding.post_id, finding.comment_id) == ("edited", post_id, comment_id)
    # Each other post with comments cost a 304; only the edited one was read.
    assert report.posts_read == 1 and report.not_modified >= with_comments - 1
    paths = hits(blog, before)
    assert sum(n for p, n in paths.items() if p.startswith("/archive/")) == with_comments
    # Checked again, nothing new: each post with comments one 304 (and the edit not re-recorded).
    report = run(mirror, blog, scraper, clock=lambda: NOW + timedelta(hours=2), **options)
    assert (report.posts_read, report.stored.findings) == (0, 0)
    assert len(mirror.findings()) == 1


def test_an_incremental_sync_reads_no_unchanged_post(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    """Without --verify an incremental sync does not look for edits: one request."""
    game = build_game(10)
    run(mirror, sandbox_blog(game), scraper, since=SINCE)
    blog = sandbox_blog(_edited(game)[0])
    before = blog.requests_by_path()
    report = run(mirror, blog, scraper, clock=lambda: NOW + timedelta(hours=1))
    # (robots.txt too: this blog is another site, on another port, to the cached one)
    assert hits(blog, before) == {"/robots.txt": 1, "/": 1} and report.not_modified == 1
    assert mirror.findings() == []


# An unfinished full walk is resumed.

_KILLED_SYNC = """
import os, signal, sys
from datetime import date, datetime
from wikibot.mirror.api import Mirror
from wikibot.blog.scraper import BlogScraper
from wikibot.mirror import sync

database, url, now, user_agent = sys.argv[1:5]
pages = []

def progress(done, total):
    pages.append(done)
    if len(pages) == 2:  # two listing pages stored: killed, as by the OOM killer or kill -9
        os.kill(os.getpid(), signal.SIGKILL)

with BlogScraper(url, user_agent=user_agent, min_interval=0) as scraper:
    sync(Mirror.open(database), scraper, since=date(2016, 3, 1),
         clock=lambda: datetime.fromisoformat(now), progress=progress)
"""


@pytest.mark.parametrize("end", ["killed", "failed"])
def test_an_unfinished_walk_is_resumed_by_the_next_sync(
    tmp_path: Path, mirror: Mirror, sandbox_blog: Blog, scraper: Scraper, end: str
) -> None:
    game = build_game(40)  # 1 March to 31 May 2016, 10 posts per listing page
    blog = sandbox_blog(game)
    run(mirror, blog, scraper, start=date(2016, 5, 1))  # posts 27 to 39
    assert len(mirror.to_game().posts) == 13
    # Reading back further is cut short after two listing pages: posts 20 to 39 stored.
    later = NOW + timedelta(hours=1)
    if end == "killed":
        database = str(tmp_path / "mirror.sqlite")
        args = [database, blog.url, later.isoformat(), "nomicbot-test (op: test)"]
        killed = subprocess.run(
            [sys.executable, "-c", _KILLED_SYNC, *args], capture_output=True, timeout=120
        )
        assert killed.returncode == -signal.SIGKILL, killed.stderr.decode()[-2000:]
        assert sync_runs(mirror)[-1].outcome == "running"
    else:
        blog.add_fault("reset", path="/P20", count=2)
        with pytest.raises(ScrapeError, match="P20"):
            run(
                mirror,
                blog,
                scraper,
                since=SINCE,
                clock=lambda: later,
                scraper_options={"max_retries": 1},
            )
    assert {p.id for p in mirror.to_game().posts} == {p.id for p in game.posts[20:]}
    # A plain sync carries on with that walk, not with an incremental sync.
    report = run(mirror, blog, scraper, clock=lambda: NOW + timedelta(hours=2))
    assert (report.kind, report.outcome) == ("full", "ok")
    assert one_snapshot(archive(mirror.to_game())) == archive(game)
    assert report.resumes == 2
    # It read only the posts it lacked; posts the cut walk read were not re-checked, the
    # ones read before it began were (a 304 each).
    assert report.posts_read == sum(1 for p in game.posts[:20] if p.comments)
    assert report.not_modified == sum(1 for p in game.posts[27:] if p.comments)
    runs = sync_runs(mirror)
    assert [(r.kind, r.outcome) for r in runs] == [
        ("full", "ok"),
        ("full", "interrupted" if end == "killed" else "failed"),
        ("full", "ok"),
    ]
    assert runs[1].walk_since == runs[2].walk_since == SINCE and runs[2].resumes == 2
    # Done: the next sync is incremental again.
    quiet = run(mirror, blog, scraper, clock=lambda: NOW + timedelta(hours=3))
    assert (quiet.kind, quiet.posts_read, quiet.resumes) == ("incremental", 0, None)


def test_a_comment_count_beyond_belief_does_not_crash_the_sync(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(10)
    blog = sandbox_blog(game)
    huge = "Comments (99999999999999999999)"
    blog.add_fault("rewrite", path="/", pattern=r"Comments \(\d+\)", replacement=huge)
    report = run(mirror, blog, scraper, since=SINCE)
    assert report.outcome == "ok"
    assert any("beyond belief" in w for w in report.warnings)
    # Counts unknown: every post page was read, and the mirror holds the game.
    assert report.posts_read == 10
    assert one_snapshot(archive(mirror.to_game())) == archive(game)
