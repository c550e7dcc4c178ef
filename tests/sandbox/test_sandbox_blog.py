"""The sandbox blog over real HTTP on 127.0.0.1: pages, 304s, comments, faults, the CLI."""

from __future__ import annotations

import email.utils
import io
import json
import os
import re
import select
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Comment, Game, Post
from tests.plugins.blog import USER_AGENT, build_game
from wikibot.archive import read_archive, write_archive
from wikibot.cli import cli
from wikibot.sandbox.blog import Fault, SandboxBlog

pytestmark = pytest.mark.integration

Start = Callable[..., SandboxBlog]
NOW = datetime(2016, 6, 1, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def http() -> Iterator[requests.Session]:
    with requests.Session() as session:
        session.headers["User-Agent"] = USER_AGENT
        yield session


def _next_href(html: str) -> str | None:
    m = re.search(r'<a rel="next" class="next" href="([^"]+)"', html)
    return m.group(1) if m else None


def _post_ids(html: str) -> list[str]:
    return re.findall(r'<a href="/archive/([^"#]+)"(?: rel="bookmark")?>', html)


# Pages.


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_front_page_is_newest_first_and_paginated_by_rel_next(
    sandbox_blog: Start, http: requests.Session, markup: str
) -> None:
    game = build_game(25)
    blog = sandbox_blog(game, markup)
    seen: list[str] = []
    url: str | None = blog.url
    pages = 0
    while url:
        page = http.get(url)
        assert page.status_code == 200
        seen += _post_ids(page.text)
        href = _next_href(page.text)
        url = blog.url + href.lstrip("/") if href else None
        pages += 1
    newest_first = sorted(game.posts, key=lambda p: p.posted_at, reverse=True)
    assert seen == [p.id for p in newest_first]
    assert pages == 3  # 10 + 10 + 5


def test_classic_and_wp2020_page_urls(sandbox_blog: Start, http: requests.Session) -> None:
    game = build_game(25)
    classic = sandbox_blog(game, "classic")
    wp = sandbox_blog(game, "wp2020")
    assert _next_href(http.get(classic.url).text) == "/P10"
    assert _next_href(http.get(wp.url).text) == "/page/2/"
    assert _post_ids(http.get(classic.url + "P10").text) == _post_ids(
        http.get(wp.url + "page/2/").text
    )


def test_listings_show_full_text_and_comment_count_but_not_comments(
    sandbox_blog: Start, http: requests.Session
) -> None:
    game = build_game(12)
    blog = sandbox_blog(game, "classic")
    text = http.get(blog.url).text
    post = max(game.posts, key=lambda p: p.posted_at)
    assert post.body_html in text
    assert f"Comments ({len(post.comments)})" in text
    assert 'class="comment"' not in text
    single = http.get(blog.url + f"archive/{post.id}").text
    assert single.count('<div class="comment" id="comment-') == len(post.comments)


def test_month_and_category_pages(sandbox_blog: Start, http: requests.Session) -> None:
    game = build_game(40)
    blog = sandbox_blog(game, "classic", per_page=5)
    in_april = [p for p in game.posts if (p.posted_at.year, p.posted_at.month) == (2016, 4)]
    seen: list[str] = []
    url: str | None = blog.url + "2016/04/"
    while url:
        page = http.get(url)
        seen += _post_ids(page.text)
        href = _next_href(page.text)
        url = blog.url + href.lstrip("/") if href else None
    assert sorted(seen) == sorted(p.id for p in in_april) and len(seen) == len(in_april)
    cfjs = http.get(blog.url + "category/cfj/").text
    assert _post_ids(cfjs) and all(
        next(p for p in game.posts if p.id == i).category == "Call for Judgement"
        for i in _post_ids(cfjs)
    )
    assert http.get(blog.url + "2016/13/").status_code == 404
    assert http.get(blog.url + "category/nothing/").status_code == 404
    assert http.get(blog.url + "archive/no_such_post").status_code == 404
    assert http.get(blog.url + "P9999").status_code == 404
    assert http.get(blog.url + "1999/01/").status_code == 200  # an empty month


def test_sidebar_shows_roster_idle_admins_quorum_and_boss(
    sandbox_blog: Start, http: requests.Session
) -> None:
    blog = sandbox_blog(build_game(3), "wp2020")
    text = http.get(blog.url).text
    roster = re.search(r'<div id="PlayerList">(.*?)</div>', text, re.S)
    assert roster is not None
    assert ">Bucky*</a>" in roster.group(1)
    assert 'class="admin" title="Admin">Kevan</a>' in roster.group(1)
    assert "There are 6 Imagineers active; Quorum is 4." in text  # 7 players, 1 Idle
    assert re.search(r'<p id="Boss">Boss: <a href="/member/\d+">Kevan</a></p>', text)


def test_robots_txt_and_member_pages(sandbox_blog: Start, http: requests.Session) -> None:
    blog = sandbox_blog(build_game(2), "classic", crawl_delay=2.5)
    robots = http.get(blog.url + "robots.txt").text
    assert "Crawl-delay: 2.5" in robots and "Disallow: /_faults" in robots
    assert "Kevan" in http.get(blog.url + "member/1").text


# Conditional GET.


def test_etag_and_last_modified_give_304(sandbox_blog: Start, http: requests.Session) -> None:
    game = build_game(5)
    blog = sandbox_blog(game, "classic")
    url = blog.url + "archive/queue_item_4"
    first = http.get(url)
    etag, modified = first.headers["ETag"], first.headers["Last-Modified"]
    post = game.posts[4]
    latest = max([post.posted_at, post.resolved_at or post.posted_at])
    latest = max([latest, *(c.posted_at for c in post.comments)])
    assert email.utils.parsedate_to_datetime(modified) == latest
    assert http.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert http.get(url, headers={"If-Modified-Since": modified}).status_code == 304
    assert http.get(url, headers={"If-None-Match": '"other"'}).status_code == 200
    older = email.utils.format_datetime(latest - timedelta(seconds=1), usegmt=True)
    assert http.get(url, headers={"If-Modified-Since": older}).status_code == 200


def test_a_comment_changes_the_etag_of_the_pages_showing_its_post(
    sandbox_blog: Start, http: requests.Session
) -> None:
    game = build_game(25)
    blog = sandbox_blog(game, "classic", clock=lambda: NOW)
    newest = max(game.posts, key=lambda p: p.posted_at)
    month = f"{newest.posted_at:%Y/%m}/"
    other_month = "2016/03/"
    urls = ["", f"archive/{newest.id}", month, "category/proposal/", other_month, "P10"]
    before = {u: http.get(blog.url + u).headers["ETag"] for u in urls}
    blog.add_comment(newest.id, author="Josh", body_html="Hello")
    after = {u: http.get(blog.url + u).headers["ETag"] for u in urls}
    changed = {u for u in urls if before[u] != after[u]}
    expected = {"", f"archive/{newest.id}", month}
    if newest.category == "Proposal":
        expected.add("category/proposal/")
    assert changed == expected


# Comments.


def test_post_a_comment_with_a_vote(
    sandbox_blog: Start, http: requests.Session, tmp_path: Path
) -> None:
    game = build_game(3)
    state = tmp_path / "state.json"
    blog = sandbox_blog(
        game, "wp2020", clock=lambda: NOW.replace(microsecond=123), state_path=state
    )
    icon = '<img src="/images/vote/against.gif" alt="against">'
    resp = http.post(
        blog.url + "archive/queue_item_1/comment",
        data={"author": "quirck", "body": f"{icon} No & never", "vote": "against"},
        allow_redirects=False,
    )
    assert resp.status_code == 303
    cid = resp.headers["X-Comment-Id"]
    assert resp.headers["Location"] == f"/archive/queue_item_1#comment-{cid}"
    page = http.get(blog.url + "archive/queue_item_1").text
    assert f'id="comment-{cid}"' in page and f"{icon} No & never" in page
    assert 'data-vote="against"' in page
    saved = read_archive(io.StringIO(state.read_text(encoding="utf-8")))
    added = saved.posts[1].comments[-1]
    assert (added.id, added.author, added.posted_at, added.vote) == (cid, "quirck", NOW, "against")
    assert added.body_html == f"{icon} No & never"
    assert saved.posts[0] == game.posts[0] and [p.id for p in saved.posts] == [
        p.id for p in game.posts
    ]
    assert [p for p in os.listdir(tmp_path) if p != "state.json"] == []  # no temp file left
    assert state.stat().st_mode & 0o777 == 0o644


def test_a_comment_that_cannot_be_saved_is_not_accepted(
    sandbox_blog: Start, http: requests.Session, tmp_path: Path
) -> None:
    game = build_game(3)
    blog = sandbox_blog(game, "classic", state_path=tmp_path / "missing" / "state.json")
    resp = http.post(
        blog.url + "archive/queue_item_1/comment",
        data={"author": "Josh", "body": "lost?"},
        allow_redirects=False,
    )
    assert resp.status_code == 500 and "could not save" in resp.json()["error"]
    assert blog.game == game
    assert "lost?" not in http.get(blog.url + "archive/queue_item_1").text


@pytest.mark.parametrize(
    ("form", "status"),
    [
        ({"author": "", "body": "hi"}, 400),
        ({"author": "Josh", "body": "hi", "vote": "maybe"}, 400),
        ({"author": "Josh", "body": "  "}, 400),
    ],
    ids=["no author", "unknown vote", "empty comment"],
)
def test_bad_comments_are_refused(
    sandbox_blog: Start, http: requests.Session, form: dict[str, str], status: int
) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    resp = http.post(blog.url + "archive/queue_item_1/comment", data=form, allow_redirects=False)
    assert resp.status_code == status and "error" in resp.json()
    assert blog.game == build_game(2)


def test_comment_on_a_missing_post_is_404(sandbox_blog: Start, http: requests.Session) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    resp = http.post(blog.url + "archive/nope/comment", data={"author": "a", "body": "b"})
    assert resp.status_code == 404


@pytest.mark.parametrize(("length", "status"), [("abc", 400), ("-5", 400), (str(1 << 30), 413)])
def test_a_bad_content_length_is_refused_not_a_traceback(
    sandbox_blog: Start, capfd: pytest.CaptureFixture[str], length: str, status: int
) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    host, port = blog.url.removeprefix("http://").rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(
            b"POST /archive/queue_item_1/comment HTTP/1.1\r\nHost: x\r\n"
            + f"Content-Length: {length}\r\n\r\nauthor=Josh&body=hi".encode()
        )
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk  # the server closes the connection after answering
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(f"HTTP/1.1 {status} ".encode()), reply[:200]
    assert b"Content-Length" in body or b"at most" in body
    assert "Traceback" not in capfd.readouterr().err
    assert blog.game == build_game(2)


def test_comment_ids_stay_unique() -> None:
    game = build_game(3)
    post = game.posts[2]  # comments c1, c2; c1 deleted leaves c2 as the only one
    game = replace(game, posts=(*game.posts[:2], replace(post, comments=post.comments[1:])))
    blog = SandboxBlog(game, markup="classic", clock=lambda: NOW)
    added = blog.add_comment(post.id, author="Josh", body_html="x")
    assert added.id not in {c.id for c in post.comments[1:]}
    assert [c.id for c in blog.game.posts[2].comments] == ["c2", added.id]


# Faults.


def _add_fault(http: requests.Session, blog: SandboxBlog, **spec: object) -> None:
    resp = http.post(blog.url + "_faults", data=json.dumps(spec))
    assert resp.status_code == 201, resp.text


def test_faults_429_500_503_then_normal(sandbox_blog: Start, http: requests.Session) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    _add_fault(http, blog, path="/", kind="429", retry_after=7)
    _add_fault(http, blog, path="*", kind="500", count=2)
    _add_fault(http, blog, path="/", kind="503", retry_after="Wed, 21 Oct 2015 07:28:00 GMT")
    first = http.get(blog.url)
    assert (first.status_code, first.headers["Retry-After"]) == (429, "7")
    assert http.get(blog.url + "archive/queue_item_0").status_code == 500
    assert http.get(blog.url).status_code == 500
    third = http.get(blog.url)
    assert (third.status_code, third.headers["Retry-After"]) == (
        503,
        "Wed, 21 Oct 2015 07:28:00 GMT",
    )
    assert http.get(blog.url).status_code == 200
    assert http.get(blog.url + "_faults").json() == []


def test_fault_truncate_cuts_the_html(sandbox_blog: Start, http: requests.Session) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    whole = http.get(blog.url).text
    blog.add_fault("truncate", path="/")
    cut = http.get(blog.url)
    assert cut.status_code == 200 and "</html>" not in cut.text
    assert whole.startswith(cut.text) and 0 < len(cut.text) < len(whole)


def test_fault_reset_closes_the_connection(sandbox_blog: Start, http: requests.Session) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    blog.add_fault("reset", path="/archive/queue_item_0")
    with pytest.raises(requests.exceptions.ConnectionError):
        http.get(blog.url + "archive/queue_item_0")
    assert http.get(blog.url + "archive/queue_item_0").status_code == 200


def test_fault_latency_delays_the_answer(sandbox_blog: Start, http: requests.Session) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    blog.add_fault("latency", seconds=0.3)
    started = time.monotonic()
    assert http.get(blog.url).status_code == 200
    assert time.monotonic() - started >= 0.3
    with pytest.raises(requests.exceptions.Timeout):
        blog.add_fault("latency", seconds=0.5)
        http.get(blog.url, timeout=0.1)


def test_fault_rewrite_serves_a_changed_page(sandbox_blog: Start, http: requests.Session) -> None:
    blog = sandbox_blog(build_game(2), "classic")
    whole = http.get(blog.url)
    _add_fault(http, blog, kind="rewrite", path="/", pattern=r"Quorum is (\d)", replacement=r"Q=\1")
    changed = http.get(blog.url)
    assert "Quorum is 4" in whole.text and "Q=4" in changed.text and "Quorum is" not in changed.text
    assert changed.headers["ETag"] != whole.headers["ETag"]
    assert http.get(blog.url).text == whole.text  # count 1: used up


@pytest.mark.parametrize(
    "spec",
    [
        {"kind": "explode"},
        {"kind": "500", "count": 0},
        {"kind": "500", "colour": "red"},
        [],
        {"kind": "rewrite"},
        {"kind": "rewrite", "pattern": "("},
        {"kind": "500", "pattern": "x"},
    ],
    ids=[
        "unknown kind",
        "count 0",
        "unknown field",
        "not an object",
        "rewrite without a pattern",
        "bad pattern",
        "pattern without rewrite",
    ],
)
def test_bad_fault_specs_are_refused(
    sandbox_blog: Start, http: requests.Session, spec: object
) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    resp = http.post(blog.url + "_faults", data=json.dumps(spec))
    assert resp.status_code == 400 and blog.pending_faults() == []
    with pytest.raises(ValueError, match="unknown fault kind"):
        Fault(kind="explode")


def test_stats_count_requests_but_not_control_paths(
    sandbox_blog: Start, http: requests.Session
) -> None:
    blog = sandbox_blog(build_game(3), "classic")
    http.get(blog.url)
    http.get(blog.url + "archive/queue_item_1")
    http.get(blog.url + "archive/queue_item_1")
    _add_fault(http, blog, kind="500")
    http.get(blog.url + "nothing")
    stats = http.get(blog.url + "_stats").json()
    assert stats["requests"] == blog.request_count == 4
    assert stats["by_path"] == {"/": 1, "/archive/queue_item_1": 2, "/nothing": 1}
    assert stats["user_agents"] == {USER_AGENT: 4}


# Scale and the command line.


def test_a_twenty_year_archive_is_served_from_its_indexes(
    sandbox_blog: Start, http: requests.Session
) -> None:
    """16,000 posts and 150,000 comments: pages come from the indexes, not a full render."""
    start = datetime(2005, 6, 1, tzinfo=UTC)
    posts = []
    for i in range(16_000):
        when = start + timedelta(hours=11 * i)
        n = 9 if i % 3 else 11  # 29 per 3 posts: about 154,700 comments in all
        cs = tuple(
            Comment(f"c{j}", "Josh", when + timedelta(minutes=j), "<p>ok</p>") for j in range(n)
        )
        posts.append(Post(f"p{i}", "Proposal", f"Proposal: {i}", "Kevan", when, comments=cs))
    game = Game(players=build_game(1).players, posts=tuple(posts), boss="Kevan")
    assert sum(len(p.comments) for p in posts) >= 150_000
    blog = sandbox_blog(game, "classic")
    front = http.get(blog.url).text
    month = http.get(blog.url + "2010/01/").text
    single = http.get(blog.url + "archive/p8000")
    assert _post_ids(front)[0] == "p15999" and len(_post_ids(front)) == 10
    january = [p.id for p in posts if (p.posted_at.year, p.posted_at.month) == (2010, 1)]
    assert _post_ids(month) == january[::-1] and _next_href(month) is None  # one whole month
    assert single.status_code == 200


@contextmanager
def _cli_blog(*args: str, cwd: Path) -> Iterator[str]:
    """``nomicbot sandbox blog ARGS`` in its own process (in ``cwd``); yields its URL."""
    code = "from wikibot.cli import cli; cli()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "sandbox", "blog", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        line = proc.stdout.readline() if ready else ""
        url = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if url is None:
            proc.kill()
            _, err = proc.communicate(timeout=10)
            pytest.fail(f"the command did not start: {line!r}\n{err[-3000:]}")
        yield url.group(1)
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


def _comment(url: str, post_id: str, body: str) -> None:
    resp = requests.post(
        f"{url}archive/{post_id}/comment",
        data={"author": "Clucky", "body": body},
        allow_redirects=False,
        timeout=10,
    )
    assert resp.status_code == 303, resp.text


def test_cli_saves_comments_beside_the_archive_never_into_it(tmp_path: Path) -> None:
    """The README's `nomicbot sandbox blog --archive examples/nomicland.json` must not
    write players' comments into the example game."""
    archive = tmp_path / "game.json"
    with archive.open("w", encoding="utf-8") as handle:
        write_archive(build_game(4), handle)
    original = archive.read_bytes()
    work = tmp_path / "work"
    work.mkdir()
    with _cli_blog("--archive", str(archive), "--markup", "wp2020", cwd=work) as url:
        assert "term-category-proposal" in requests.get(url, timeout=10).text
        _comment(url, "queue_item_2", "I bid 150")
    assert archive.read_bytes() == original
    (state,) = (work / "sandbox-data" / "blog").glob("game-*.state.json")
    saved = read_archive(io.StringIO(state.read_text(encoding="utf-8")))
    assert saved.posts[2].comments[-1].body_html == "I bid 150"
    # Restarted, it serves the state file: the comment is still there.
    with _cli_blog("--archive", str(archive), cwd=work) as url:
        assert "I bid 150" in requests.get(url + "archive/queue_item_2", timeout=10).text


def test_cli_restarted_with_a_state_file_keeps_its_comments(tmp_path: Path) -> None:
    archive = tmp_path / "game.json"
    with archive.open("w", encoding="utf-8") as handle:
        write_archive(build_game(4), handle)
    state = tmp_path / "state.json"
    args = ("--archive", str(archive), "--state", str(state))
    with _cli_blog(*args, cwd=tmp_path) as url:
        _comment(url, "queue_item_2", "first")
    with _cli_blog(*args, cwd=tmp_path) as url:
        assert "first" in requests.get(url + "archive/queue_item_2", timeout=10).text
        _comment(url, "queue_item_2", "second")
    saved = read_archive(io.StringIO(state.read_text(encoding="utf-8")))
    assert [c.body_html for c in saved.posts[2].comments[-2:]] == ["first", "second"]
    assert not (tmp_path / "sandbox-data").exists()


def test_cli_help_and_a_missing_archive() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["sandbox", "blog", "--help"], catch_exceptions=False)
    assert result.exit_code == 0 and "Example:" in result.output
    result = runner.invoke(cli, ["sandbox", "blog", "--archive", "/nonexistent/game.json"])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_voting_icons_are_served_for_a_browser(
    sandbox_blog: Callable[..., SandboxBlog],
) -> None:
    blog = sandbox_blog(build_game(2))
    for path in (
        "images/vote/for.gif",
        "images/vote/seal.gif",
        "wp-content/uploads/icons/imperial.svg",
    ):
        reply = requests.get(blog.url + path, timeout=5)
        assert reply.status_code == 200 and reply.headers["Content-Type"] == "image/svg+xml"
        assert reply.content.startswith(b"<svg")
    assert requests.get(blog.url + "images/vote/banana.gif", timeout=5).status_code == 404
