"""The scraper against the sandbox blog over real HTTP: round trips, players, faults, 304s."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
import requests
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post
from tests.plugins.blog import PLAYERS, RecordingScraper, build_game
from wikibot.archive import read_archive
from wikibot.blog.dates import DateOrder
from wikibot.blog.scraper import ListingEntry, canonical_html, parse_listing, parse_post
from wikibot.errors import ScrapeError
from wikibot.examples import NOMICLAND
from wikibot.sandbox.blog import SandboxBlog
from wikibot.sandbox.render import MARKUPS, Site, render_listing, render_post_page

pytestmark = pytest.mark.integration

Start = Callable[..., SandboxBlog]
Make = Callable[..., RecordingScraper]
EXAMPLE = NOMICLAND
NOW = datetime(2016, 6, 1, 12, 0, 0, tzinfo=UTC)
FIELDS = ("id", "category", "title", "author", "posted_at", "status", "body_html")


def _example() -> Game:
    return read_archive(io.StringIO(EXAMPLE.read_text(encoding="utf-8")))


def _entry_matches(entry: ListingEntry, post: Post) -> None:
    for field in (*FIELDS, "admin_note", "resolved_at"):
        assert getattr(entry, field) == getattr(post, field), (post.id, field)
    assert entry.comment_count == len(post.comments)


# Round trips: archive -> sandbox -> scraper -> the same game.


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
@pytest.mark.parametrize(
    "game",
    [_example(), build_game(30), build_game(12, explicit_votes=True)],
    ids=["examples/nomicland.json", "built game", "explicit votes"],
)
def test_round_trip_gives_back_the_same_game(
    sandbox_blog: Start, scraper: Make, markup: str, game: Game
) -> None:
    blog = sandbox_blog(game, markup)
    reader = scraper(blog)  # markup="auto": told apart on each page
    pages = list(reader.iter_listings())
    entries = [e for page in pages for e in page.entries]
    assert not [w for page in pages for w in page.warnings]
    by_id = {p.id: p for p in game.posts}
    assert sorted(e.id for e in entries) == sorted(by_id)
    for entry in entries:
        _entry_matches(entry, by_id[entry.id])
        scraped = reader.post(entry.id)
        assert scraped.warnings == ()
        assert scraped.post == by_id[entry.id]  # comments included: id, author, time, body, vote
    roster = pages[0].sidebar
    assert roster is not None
    assert roster.players == game.players
    assert roster.boss == game.boss
    active = sum(not p.idle for p in game.players)
    assert (roster.player_count, roster.quorum) == (active, active // 2 + 1)
    assert reader.requests_made == blog.request_count  # robots.txt, pages and posts


def test_explicit_markup_reads_the_same_as_auto(sandbox_blog: Start, scraper: Make) -> None:
    game = build_game(8, explicit_votes=True)
    for markup in ("classic", "wp2020"):
        blog = sandbox_blog(game, markup)
        auto, fixed = scraper(blog), scraper(blog, markup=markup)
        assert auto.front_page() == fixed.front_page()
        assert auto.post("queue_item_5") == fixed.post("queue_item_5")
    with pytest.raises(ValueError, match="unknown markup"):
        scraper(blog, markup="tumblr")


def test_month_category_and_listing_urls(sandbox_blog: Start, scraper: Make) -> None:
    game = build_game(30)
    blog = sandbox_blog(game, "wp2020", per_page=4)
    reader = scraper(blog)
    april = reader.month(2016, 4)
    assert april is not None
    expected = sorted(
        (p for p in game.posts if (p.posted_at.year, p.posted_at.month) == (2016, 4)),
        key=lambda p: p.posted_at,
        reverse=True,
    )
    # A monthly archive is one page holding the whole month, as on the real site.
    assert len(expected) > 4
    assert [e.id for e in april.entries] == [p.id for p in expected]
    assert april.next_url is None
    with pytest.raises(ScrapeError, match="404"):
        reader.listing("2016/04/page/2/")
    front = reader.front_page()
    assert front is not None and len(front.entries) == 4 and front.next_url is not None
    cfjs = reader.listing("category/cfj/")
    assert cfjs is not None and {e.category for e in cfjs.entries} == {"Call for Judgement"}
    with pytest.raises(ValueError, match="month"):
        reader.month(2016, 13)
    with pytest.raises(ScrapeError, match="404"):
        reader.post("no_such_post")


# Playing: a player comments, the scraper sees it.


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_a_players_vote_comment_is_scraped(sandbox_blog: Start, scraper: Make, markup: str) -> None:
    game = build_game(5)
    blog = sandbox_blog(game, markup, clock=lambda: NOW)
    icon = '<img src="/images/vote/for.gif" alt="for">'
    with requests.Session() as http:
        resp = http.post(
            blog.url + "archive/queue_item_3/comment",
            data={"author": "Clucky", "body": f"{icon} Changed my mind.", "vote": "for"},
        )
    assert resp.status_code == 200  # followed the 303 to the post page
    scraped = scraper(blog).post("queue_item_3").post
    last = scraped.comments[-1]
    assert (last.author, last.posted_at, last.vote) == ("Clucky", NOW, "for")
    assert last.body_html == f"{icon} Changed my mind."
    assert scraped.comments[:-1] == game.posts[3].comments


# Conditional GET.


def test_conditional_get_returns_none_until_something_changes(
    sandbox_blog: Start, scraper: Make
) -> None:
    game = build_game(6)
    blog = sandbox_blog(game, "classic", clock=lambda: NOW)
    reader = scraper(blog)
    first = reader.front_page()
    assert first is not None and first.etag and first.last_modified
    assert reader.front_page(etag=first.etag) is None
    assert reader.front_page(last_modified=first.last_modified) is None
    month = reader.month(2016, 3)
    assert month is not None and reader.month(2016, 3, etag=month.etag) is None
    blog.add_comment("queue_item_5", author="Josh", body_html="<p>Later.</p>")
    again = reader.front_page(etag=first.etag, last_modified=first.last_modified)
    assert again is not None and again.etag != first.etag
    assert next(e for e in again.entries if e.id == "queue_item_5").comment_count == 6


# Faults: survived by retrying, or reported.


@pytest.mark.parametrize(
    ("kind", "extra"),
    [("429", {"retry_after": 3}), ("500", {}), ("503", {}), ("reset", {}), ("truncate", {})],
)
def test_transient_faults_are_retried(
    sandbox_blog: Start, scraper: Make, kind: str, extra: dict[str, float]
) -> None:
    game = build_game(4)
    blog = sandbox_blog(game, "classic")
    blog.add_fault(kind, path="/archive/queue_item_2", count=2, **extra)
    reader = scraper(blog)
    scraped = reader.post("queue_item_2")
    assert scraped.post == game.posts[2] and scraped.warnings == ()
    assert reader.requests_made == 1 + 3  # robots.txt, two faults, one good answer
    if kind == "429":
        assert reader.slept[-2:] == [3.0, 3.0]  # Retry-After honoured exactly
    else:
        assert 0.5 <= reader.slept[-2] <= 1.0 and 1.0 <= reader.slept[-1] <= 2.0  # backoff


def test_latency_beyond_the_timeout_is_retried(sandbox_blog: Start, scraper: Make) -> None:
    blog = sandbox_blog(build_game(2), "wp2020")
    blog.add_fault("latency", path="/", seconds=0.6)
    reader = scraper(blog, timeout=0.2)
    page = reader.front_page()
    assert page is not None and len(page.entries) == 2
    assert reader.requests_made == 3  # robots.txt, the timed-out try, the retry


@pytest.mark.parametrize(
    ("kind", "cause"),
    [("500", "HTTP 500"), ("503", "HTTP 503"), ("429", "HTTP 429"), ("reset", "ConnectionError")],
)
def test_faults_that_outlast_the_retries_raise_one_line(
    sandbox_blog: Start, scraper: Make, kind: str, cause: str
) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    blog.add_fault(kind, path="/archive/queue_item_1", count=10)
    reader = scraper(blog, max_retries=2)
    with pytest.raises(ScrapeError) as caught:
        reader.post("queue_item_1")
    message = str(caught.value)
    assert blog.url + "archive/queue_item_1" in message and cause in message
    assert "after 3 attempts" in message and "\n" not in message
    assert reader.requests_made == 1 + 3


def test_a_page_that_stays_truncated_is_kept_with_warnings(
    sandbox_blog: Start, scraper: Make
) -> None:
    game = build_game(4)
    blog = sandbox_blog(game, "classic")
    blog.add_fault("truncate", path="/archive/queue_item_3", count=10)
    blog.add_fault("truncate", path="/", count=10)
    reader = scraper(blog, max_retries=1)
    scraped = reader.post("queue_item_3")
    messages = " | ".join(w.message for w in scraped.warnings)
    assert "cut off" in messages and "dropped" in messages
    kept = scraped.post.comments
    assert kept == game.posts[3].comments[: len(kept)]  # what was kept is right
    assert len(kept) < len(game.posts[3].comments)
    page = reader.front_page()
    assert page is not None and any("cut off" in w.message for w in page.warnings)
    assert all(w.url == blog.url for w in page.warnings)
    for entry in page.entries:
        _entry_matches(entry, next(p for p in game.posts if p.id == entry.id))


def test_a_complete_page_with_a_long_tail_after_html_is_complete(
    sandbox_blog: Start, scraper: Make
) -> None:
    """An analytics script appended after ``</html>`` does not make a page look cut off."""
    game = build_game(4)
    blog = sandbox_blog(game, "classic")
    tail = "</html>\n<script>/* analytics */ var x = '" + "a" * 2000 + "';</script>\n"
    blog.add_fault("rewrite", path="/archive/queue_item_3", pattern="</html>\n", replacement=tail)
    reader = scraper(blog)
    before = blog.request_count
    scraped = reader.post("queue_item_3")
    assert blog.request_count - before == 2  # robots.txt, then the page once
    assert scraped.complete and scraped.warnings == ()
    assert scraped.post == game.posts[3]
    listing = render_listing(
        Site("classic", PLAYERS, "Kevan", game.terms, lambda name: 7),
        game.posts,
        heading="",
        next_href=None,
    )
    page = parse_listing(listing.replace("</html>\n", tail), "http://blog.test/")
    assert page.complete and page.warnings == () and len(page.entries) == len(game.posts)


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_listings_are_followed_by_their_numbered_page_links_without_rel_next(
    sandbox_blog: Start, scraper: Make, markup: str
) -> None:
    """A "Next Page &raquo;" link with no ``rel="next"``: the walk goes on all the same."""
    game = build_game(25)
    blog = sandbox_blog(game, markup)
    blog.add_fault(
        "rewrite", path="*", count=50, pattern=r'<a rel="next"[^>]*>[^<]*', replacement=""
    )
    first = scraper(blog).front_page()
    assert first is not None and first.next_url is None  # the fault took the link away
    blog.clear_faults()
    blog.add_fault(
        "rewrite",
        path="*",
        count=50,
        pattern=r'<a rel="next" class="next" href="([^"]*)">[^<]*',
        replacement=r'<a href="\1">Next Page &raquo;',
    )
    pages = list(scraper(blog).iter_listings())
    assert len(pages) == 3
    assert sorted(e.id for p in pages for e in p.entries) == sorted(p.id for p in game.posts)


def test_a_numbered_next_link_is_the_least_page_after_this_one() -> None:
    links = (
        '<a href="/P10">2</a> <a href="/">1</a> <a href="/P20">3</a> <a href="/2016/05/P10">x</a>'
    )
    html = _PAGE.format(author="x").replace("</body>", f"<p>{links}</p></body>")
    assert parse_listing(html, "http://blog.test/").next_url == "http://blog.test/P10"
    assert parse_listing(html, "http://blog.test/P10").next_url == "http://blog.test/P20"
    assert parse_listing(html, "http://blog.test/P20").next_url is None
    two = _PAGE.format(author="x").replace("</body>", '<a href="/P2">Next Page &raquo;</a></body>')
    assert parse_listing(two, "http://blog.test/").next_url == "http://blog.test/P2"


# Dates on the page: the ambiguity rule.


def _dated_game(days: list[int]) -> Game:
    base = build_game(1).posts[0]
    comments = tuple(
        Comment(f"c{i}", "Josh", datetime(2017, 3, d, 9, 37, 19, tzinfo=UTC), f"day {d}")
        for i, d in enumerate(days, start=1)
    )
    post = replace(base, posted_at=datetime(2017, 3, 1, tzinfo=UTC), comments=comments)
    return Game(players=PLAYERS, posts=(post,), boss="Kevan")


def test_month_first_comment_dates_are_read_when_the_page_proves_them(
    sandbox_blog: Start, scraper: Make
) -> None:
    game = _dated_game([5, 11, 20])  # 03-05-2017 and 03-11-2017 are ambiguous; 03-20 proves
    blog = sandbox_blog(game, "classic", comment_dates=DateOrder.MONTH_FIRST)
    scraped = scraper(blog).post(game.posts[0].id)
    assert scraped.post == game.posts[0] and scraped.warnings == ()


def test_ambiguous_dates_without_proof_are_day_first_per_the_appendix(
    sandbox_blog: Start, scraper: Make
) -> None:
    game = _dated_game([5, 11])  # printed 03-05-2017, 03-11-2017: nothing proves month first
    blog = sandbox_blog(game, "classic", comment_dates=DateOrder.MONTH_FIRST)
    comments = scraper(blog).post(game.posts[0].id).post.comments
    assert [c.posted_at.date() for c in comments] == [
        datetime(2017, 5, 3).date(),
        datetime(2017, 11, 3).date(),
    ]


# Malformed pages (parsed directly: the sandbox only serves well-formed ones).

_PAGE = """<!DOCTYPE html><html><body><div id="content">
<div class="post"><h3 class="proposal open"><a href="/archive/odd">Proposal: Odd</a></h3>
<div class="postbody"><p>Text</p></div>
<p><em>posted by {author} at 23 May 2016 10:17:44  UTC</em></p>
<p><a href="/category/proposal/" rel="tag">Proposal</a>
<a href="/archive/odd#c">Comments (3)</a></p>
</div>
<div class="post"><h3 class="proposal open"><a href="/archive/undated">Proposal: Undated</a></h3>
<div class="postbody"><p>No date</p></div><p><em>posted by <a href="/member/2">Josh</a></em></p>
</div>
<div id="comments">
<div class="comment" id="comment-c1"><h3><a href="/member/1">Kevan</a>: 23-05-2016 11:00:00 UTC</h3>
<div class="commentbody"><img src="/images/vote/maybe.gif" alt="maybe"> Hmm</div></div>
<div class="comment" id="comment-c2"><h3><a href="/member/2">Josh</a>: yesterday-ish</h3>
<div class="commentbody"><img src="/images/vote/for.gif" alt="for"></div></div>
<div class="comment" id="comment-c3"><h3>Anonymous: 23-05-2016 12:00:00 UTC</h3>
<div class="commentbody">Who am I?</div></div>
</div></div></body></html>
"""


def test_malformed_listing_keeps_what_it_can_and_warns() -> None:
    page = parse_listing(_PAGE.format(author="somebody"), "http://blog.test/")
    assert [e.id for e in page.entries] == ["odd"]
    assert page.entries[0].author == ""
    messages = [w.message for w in page.warnings]
    assert any("'odd'" in m and "author" in m for m in messages)
    assert any("'undated'" in m and "skipped" in m for m in messages)
    assert all(w.url == "http://blog.test/" for w in page.warnings)
    assert page.sidebar is None and page.next_url is None


def test_malformed_comments_are_kept_or_skipped_with_warnings() -> None:
    html = _PAGE.format(author='<a href="/member/1">Kevan</a>')
    scraped = parse_post(html, "http://blog.test/archive/odd", "odd")
    comments = scraped.post.comments
    assert [c.id for c in comments] == ["c1", "c2"]  # c3 has no author
    assert comments[0].body_html.startswith('<img src="/images/vote/maybe.gif" alt="maybe">')
    assert comments[1].posted_at == comments[0].posted_at  # best-effort time, with a warning
    text = " | ".join(w.message for w in scraped.warnings)
    assert "unknown voting icon '/images/vote/maybe.gif'" in text
    assert "comment 'c2' by 'Josh': not a blog date" in text or "c2' by 'Josh': no date" in text
    assert "comment 'c3': no author; skipped" in text
    assert "Comments (3) but shows 2" in text
    with pytest.raises(ScrapeError, match="undated"):
        parse_post(html, "http://blog.test/archive/undated", "undated")
    with pytest.raises(ScrapeError, match="no post 'absent'"):
        parse_post(html, "http://blog.test/archive/absent", "absent")


def test_wp2020_unknown_data_vote_and_nested_replies() -> None:
    html = """<html><body><article class="post status-open term-category-cfj">
<h2 class="entry-title"><a href="/archive/x">CfJ: X</a></h2><div class="entry-content">b</div>
<p><em>posted by <a href="/member/1">Kevan</a> at 01 Jun 2016 00:00:00  UTC</em></p>
<a class="comments-link" href="/archive/x#comments">Comments (2)</a></article>
<ol class="comment-list">
<li class="comment" id="comment-a" data-author-name="Josh" data-comment-time="1464742800"
 data-vote="maybe"><div class="content">first</div>
 <ol class="children"><li class="comment" id="comment-b" data-author-name="Kevan"
  data-comment-time="1464739200" data-vote="no-vote"><div class="content">reply</div></li></ol>
</li></ol></body></html>"""
    scraped = parse_post(html, "http://blog.test/archive/x", "x")
    assert scraped.post.category == "Call for Judgement"
    assert [(c.id, c.vote, c.body_html) for c in scraped.post.comments] == [
        ("b", None, "reply"),  # earlier, though nested after its parent
        ("a", "maybe", "first"),
    ]
    assert any("unknown vote 'maybe'" in w.message for w in scraped.warnings)


def test_canonical_html_is_what_bodies_come_back_as() -> None:
    raw = '<IMG SRC="/images/vote/for.gif" ALT="for"/> A &nbsp;<br/>'
    assert canonical_html(raw) == '<img src="/images/vote/for.gif" alt="for"> A \xa0<br>'
    assert canonical_html(canonical_html(raw)) == canonical_html(raw)


# Politeness toward the sandbox.


def test_min_interval_and_crawl_delay_space_requests(sandbox_blog: Start, scraper: Make) -> None:
    blog = sandbox_blog(build_game(3), "classic", crawl_delay=2.0)
    reader = scraper(blog, min_interval=0.5)
    reader.front_page()
    reader.post("queue_item_1")
    reader.post("queue_item_2")
    # robots.txt first, then each page waits the Crawl-delay (2 s > 0.5 s).
    assert reader.slept == [2.0, 2.0, 2.0]
    assert blog.user_agents() == {reader.http.user_agent: 4}


def test_roster_reads_players_admins_idle_and_boss(sandbox_blog: Start, scraper: Make) -> None:
    players = (Player("A*B", admin=True), Player("Zed", idle=True, admin=True), Player("Q"))
    game = Game(players=players, posts=build_game(1).posts, boss=None)
    page = scraper(sandbox_blog(game, "wp2020")).front_page()
    assert page is not None and page.sidebar is not None
    assert page.sidebar.players == players and page.sidebar.boss is None
    assert (page.sidebar.player_count, page.sidebar.quorum) == (2, 2)


_GAME6 = build_game(6, explicit_votes=True)
_PAGES = {
    markup: render_post_page(
        Site(markup, PLAYERS, "Kevan", _GAME6.terms, lambda name: 7), _GAME6.posts[5]
    )
    for markup in MARKUPS
}


@settings(deadline=None, max_examples=60)  # parsing a page takes ~20 ms
@given(
    st.sampled_from(MARKUPS),
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=0, max_value=400),
    st.text(max_size=30),
)
def test_damaged_pages_never_crash(markup: str, start: int, length: int, junk: str) -> None:
    """Any stretch of a real page replaced by junk: records and warnings, or ScrapeError."""
    html = _PAGES[markup]
    start %= len(html)
    damaged = html[:start] + junk + html[start + length :]
    url = "http://blog.test/archive/queue_item_5"
    page = parse_listing(damaged, url)
    assert all(w.url == url for w in page.warnings)
    try:
        scraped = parse_post(damaged, url, "queue_item_5")
    except ScrapeError as exc:
        assert "\n" not in str(exc)
    else:
        assert all(c.posted_at.tzinfo is not None for c in scraped.post.comments)


# Comments the page gives no id.


def _without_ids(markup: str, comments: tuple[Comment, ...]) -> str:
    post = replace(_GAME6.posts[5], comments=comments)
    html = render_post_page(Site(markup, PLAYERS, "Kevan", _GAME6.terms, lambda name: 7), post)
    return re.sub(r' (?:data-comment-id|id)="comment-[^"]*"| data-comment-id="[^"]*"', "", html)


@pytest.mark.parametrize("markup", MARKUPS)
def test_comments_without_ids_get_ids_that_do_not_shift(markup: str) -> None:
    base = _GAME6.posts[5].comments[0].posted_at
    comments = (
        Comment("a", "Kevan", base, "first"),
        Comment("b", "Josh", base + timedelta(minutes=1), "second"),
        Comment("c", "Josh", base + timedelta(minutes=1), "same second"),
        Comment("d", "quirck", base + timedelta(minutes=2), "third"),
    )
    url = "http://blog.test/archive/queue_item_5"
    scraped = parse_post(_without_ids(markup, comments), url, "queue_item_5", markup=markup)
    ids = [c.id for c in scraped.post.comments]
    assert len(set(ids)) == 4 and scraped.warnings == ()
    assert ids[0].startswith("Kevan@") and ids[2] == ids[1] + "~2"
    assert [c.body_html for c in scraped.post.comments] == [c.body_html for c in comments]
    # The first one gone, the others keep their ids.
    fewer = parse_post(_without_ids(markup, comments[1:]), url, "queue_item_5", markup=markup)
    assert [c.id for c in fewer.post.comments] == ids[1:]


def test_an_id_the_page_gives_twice_is_told_apart() -> None:
    html = _without_ids("classic", _GAME6.posts[5].comments[:2])
    html = html.replace('<div class="comment">', '<div class="comment" id="comment-c1">')
    scraped = parse_post(html, "http://blog.test/archive/queue_item_5", "queue_item_5")
    assert [c.id for c in scraped.post.comments] == ["c1", "c1~2"]
    assert any("appears twice" in w.message for w in scraped.warnings)


def test_counts_beyond_belief_are_read_as_unknown() -> None:
    listing = render_listing(
        Site("classic", PLAYERS, "Kevan", _GAME6.terms, lambda name: 7),
        _GAME6.posts,
        heading="",
        next_href=None,
    )
    huge = "99999999999999999999"
    listing = re.sub(r"Comments \(\d+\)", f"Comments ({huge})", listing, count=1)
    listing = listing.replace("Quorum is 4", f"Quorum is {huge}")
    page = parse_listing(listing, "http://blog.test/")
    counts = [e.comment_count for e in page.entries]
    assert counts[0] == -1 and counts[1:] == [len(p.comments) for p in _GAME6.posts[1:]]
    assert page.sidebar is not None and page.sidebar.quorum is None
    messages = [w.message for w in page.warnings]
    assert any("'Comments (N)'" in m and "beyond belief" in m for m in messages)
    assert any("Quorum" in m and "beyond belief" in m for m in messages)
