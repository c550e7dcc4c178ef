"""The sandbox's pages in the real site's shape (``shared/BLOGNOMIC_MARKUP.md``,
"The page's shape, as scrapers written against the real site rely on it"), and
the scraper reading that shape and reasonable variants of it by its hooks."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
import requests
from bs4 import BeautifulSoup, Tag

from gamestate.profiles.blognomic_139.models import Comment, Game, Post, PostStatus
from tests.plugins.blog import PLAYERS, RecordingScraper
from wikibot.blog.outcome import status_from_page
from wikibot.blog.parse import parse_listing, parse_post
from wikibot.sandbox.blog import SandboxBlog

Start = Callable[..., SandboxBlog]
Make = Callable[..., RecordingScraper]

T = datetime(2005, 8, 3, 5, 42, 56, tzinfo=UTC)
NBSP_TITLE = "Stop.\u00a0Hammertime!"
_ROWS = [  # status, note, title
    (PostStatus.ENACTED, "Reaches Quorum (7-0) / Enacted by Hix", "Fixing things up."),
    (PostStatus.FAILED, "Timed out 7 votes to 7. Failed by Kevan.", "Theme  anyone?"),
    (PostStatus.VETOED, "Vetoed -Darth", NBSP_TITLE),
    (PostStatus.SELF_KILLED, "Failed by smith", "Metaantiproposal"),
    (PostStatus.SELF_KILLED, "Self-failed. Failed by smith", "Again"),
    (PostStatus.ILLEGAL, "Illegal. Failed by Kevan", "Bad one"),
    (PostStatus.PENDING, None, "Open  one"),
]


def _game() -> Game:
    posts = []
    for i, (status, note, title) in enumerate(_ROWS):
        posted = T + timedelta(hours=7 * i)
        comments = tuple(
            Comment(f"c{j}", PLAYERS[j].name, posted + timedelta(minutes=j + 1), f"<p>ok {j}</p>")
            for j in range(i % 3 + 1)
        )
        posts.append(
            Post(
                id=f"p{i}",
                category="Proposal",
                title=title,
                author="75th  Trombone" if i == 1 else PLAYERS[i % len(PLAYERS)].name,
                posted_at=posted,
                status=status,
                body_html="<p>Text  with\u00a0spaces.</p>",
                admin_note=note,
                resolved_at=None if note is None else posted + timedelta(days=1, seconds=1),
                comments=comments,
            )
        )
    return Game(players=PLAYERS, posts=tuple(posts), boss="Kevan")


def _soup(blog: SandboxBlog, path: str) -> BeautifulSoup:
    resp = requests.get(blog.url + path, timeout=30)
    assert resp.status_code == 200
    return BeautifulSoup(resp.content.decode("utf-8"), "lxml")


def test_classic_month_page_has_the_real_shape_element_by_element(sandbox_blog: Start) -> None:
    game = _game()
    blog = sandbox_blog(game, "classic", per_page=2, clock=lambda: T + timedelta(days=3))
    soup = _soup(blog, "2005/08/")
    # Every post of the month on one page, newest first, no pagination.
    titles = [h3 for h3 in soup.find_all("h3") if h3.find("a", href=re.compile("^/archive/"))]
    assert [h3.a["href"] for h3 in titles] == [f"/archive/p{i}" for i in range(6, -1, -1)]
    assert soup.find("a", rel="next") is None
    # Exactly three wrapper divs hold the posts, before the first post's own div.
    holding = [d for d in soup.find_all("div") if d.find("h3", class_="proposal")]
    assert [d.get("id") for d in holding[:3]] == ["page", "main", "content"]
    assert holding[3] is titles[0].parent and "post" in holding[3]["class"]
    for h3 in titles:
        post = h3.parent
        assert isinstance(post, Tag) and post.name == "div"
        i = int(h3.a["href"].removeprefix("/archive/p"))
        status, note, title = _ROWS[i]
        word = {PostStatus.PENDING: "open", PostStatus.SELF_KILLED: "Failed"}.get(
            status, status.value
        )
        assert h3["class"] == ["proposal", word]  # only the real status words
        assert h3.a.get_text() == title  # kept exactly: double and non-breaking spaces
        assert [t for t in post.find_all("h3")] == [h3]
        inner = post.find("div", recursive=False)
        assert isinstance(inner, Tag)
        footer = inner.find("p", recursive=False)
        assert footer is not None and footer.em is not None
        text = footer.em.get_text()
        posted = game.posts[i].posted_at
        assert text.endswith(f" at {posted:%d %b}  {posted:%Y %H:%M:%S}  UTC")
        assert footer.em.a["href"].startswith("/member/")
        count = inner.find("a", string=re.compile(r"^Comments \("))
        assert count is not None and count.parent.parent is inner
        assert count.get_text() == f"Comments ({i % 3 + 1})"
        adminned = [p for p in post.find_all("p") if p.get_text().startswith("Adminned at")]
        if note is None:
            assert adminned == []
            continue
        (line,) = adminned
        # post div > div > div > div > p
        assert [a.name for a in list(line.parents)[:4]] == ["div", "div", "div", "div"]
        assert list(line.parents)[3] is post
        closed = game.posts[i].resolved_at
        assert closed is not None
        assert line.get_text() == f"Adminned at {closed:%d %b %Y}  {closed:%H:%M:%S} UTC"
        shown = line.find_previous_sibling("p")
        assert shown is not None
        expected = note if i != 3 else f"Self-killed. {note}"
        assert shown.get_text() == expected


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_scraper_reads_back_every_field_exactly(
    sandbox_blog: Start, scraper: Make, markup: str
) -> None:
    game = _game()
    blog = sandbox_blog(game, markup, clock=lambda: T + timedelta(days=3))
    reader = scraper(blog)
    month = reader.month(2005, 8)
    assert month is not None and not month.warnings
    by_id = {e.id: e for e in month.entries}
    for post in game.posts:
        entry = by_id[post.id]
        assert (entry.title, entry.author, entry.status) == (post.title, post.author, post.status)
        assert entry.body_html == post.body_html
        assert (entry.posted_at, entry.resolved_at) == (post.posted_at, post.resolved_at)
        assert entry.comment_count == len(post.comments)
        page = reader.post(post.id)
        assert page.post.comments == post.comments and not page.warnings
    assert by_id["p3"].admin_note == "Self-killed. Failed by smith"  # shown Failed, says why


_REAL_SHAPE = (
    '<html><body><div id="a"><div id="b"><div id="c">{posts}</div></div></div></body></html>'
)
_POST = (
    '<div><h3 class="entry proposal {word}"><a href="/archive/{pid}">{title}</a></h3>'
    '{open}<div class="postbody"><p>Body</p></div>'
    '<p><em>posted by <a href="/member/7">{name}</a> at 03 Aug  2005 05:42:56  UTC</em></p>'
    '<p><a href="/archive/{pid}">Comments ({n})</a></p>'
    "<div><div><p>{note}</p><p>Adminned at 04 Aug 2005  04:16:57 UTC</p></div></div>{close}"
    "</div>"
)


@pytest.mark.parametrize(
    ("opening", "closing", "wrap"),
    [
        pytest.param("<div>", "</div>", False, id="the real shape"),
        pytest.param("<div><div>", "</div></div>", False, id="an extra inner div"),
        pytest.param("", "", False, id="no inner div"),
        pytest.param("<div>", "</div>", True, id="a wrapper more"),
    ],
)
def test_fields_found_by_hooks_not_depth(opening: str, closing: str, wrap: bool) -> None:
    rows = [
        ("a", "Enacted", "Fix  the\u00a0Queue", "Reaches Quorum (7-0) / Enacted by Hix", 8),
        ("b", "Failed", "Self", "Self-killed. Failed by smith", 3),
        ("c", "Failed", "Veto", "Vetoed -Darth", 0),
        ("d", "Failed", "Timed", "Timed out 2 votes to 2. Failed by Kevan.", 5),
    ]
    posts = "".join(
        _POST.format(
            word=w,
            pid=p,
            title=t,
            name="75th  Trombone",
            n=n,
            note=note,
            open=opening,
            close=closing,
        )
        for p, w, t, note, n in rows
    )
    html = _REAL_SHAPE.format(posts=f"<div>{posts}</div>" if wrap else posts)
    page = parse_listing(html, "https://www.blognomic.com/2005/08/", markup="classic")
    assert not page.warnings
    got = [(e.id, e.status, e.title, e.author, e.comment_count, e.admin_note) for e in page.entries]
    assert got == [
        ("a", PostStatus.ENACTED, "Fix  the\u00a0Queue", "75th  Trombone", 8, rows[0][3]),
        ("b", PostStatus.SELF_KILLED, "Self", "75th  Trombone", 3, rows[1][3]),
        ("c", PostStatus.VETOED, "Veto", "75th  Trombone", 0, rows[2][3]),
        ("d", PostStatus.FAILED, "Timed", "75th  Trombone", 5, rows[3][3]),
    ]
    first = page.entries[0]
    assert first.posted_at == datetime(2005, 8, 3, 5, 42, 56, tzinfo=UTC)
    assert first.resolved_at == datetime(2005, 8, 4, 4, 16, 57, tzinfo=UTC)
    single = parse_post(html, "https://www.blognomic.com/archive/b", "b", markup="classic")
    assert single.post.status is PostStatus.SELF_KILLED


@pytest.mark.parametrize(
    ("shown", "note", "status"),
    [
        pytest.param(
            PostStatus.FAILED,
            "Self-killed. Failed by smith",
            PostStatus.SELF_KILLED,
            id="'Self-killed. Failed by X': Self-Killed",
        ),
        pytest.param(
            PostStatus.FAILED,
            "Self-failed. Failed by smith",
            PostStatus.SELF_KILLED,
            id="'Self-failed': Self-Killed",
        ),
        pytest.param(PostStatus.FAILED, "Vetoed -Darth", PostStatus.VETOED, id="'Vetoed -Darth'"),
        pytest.param(
            PostStatus.FAILED,
            "Failed, not vetoed. Kevan",
            PostStatus.FAILED,
            id="'not vetoed' stays Failed",
        ),
        pytest.param(
            PostStatus.FAILED,
            "Withdrawn. Failed by JonathanDark.",
            PostStatus.FAILED,
            id="'Withdrawn' stays Failed",
        ),
        pytest.param(
            PostStatus.ENACTED,
            "Enacted; the veto was withdrawn",
            PostStatus.ENACTED,
            id="only a Failed title is refined",
        ),
        pytest.param(PostStatus.FAILED, None, PostStatus.FAILED, id="no note"),
    ],
)
def test_status_from_a_failed_title_and_its_note(
    shown: PostStatus, note: str | None, status: PostStatus
) -> None:
    assert status_from_page(shown, note) is status


def test_wp2020_pages_carry_the_themes_hooks(sandbox_blog: Start) -> None:
    game = _game()
    voted = replace(
        game.posts[2],
        comments=(
            *game.posts[2].comments,
            Comment("c9", "Kevan", T + timedelta(hours=15), "", "for"),
        ),
    )
    game = replace(game, posts=(*game.posts[:2], voted, *game.posts[3:]))
    blog = sandbox_blog(game, "wp2020", clock=lambda: T + timedelta(days=3))
    soup = _soup(blog, "archive/p2")
    article = soup.find("article", class_="post")
    assert isinstance(article, Tag) and article["class"] == ["post", "Proposal"]
    section = article.find(class_="status-vetoed")
    assert section is not None and "term-category-proposal" in section["class"]
    assert "freshness-stale" in section["class"]
    area = soup.find("section", id="comments", class_="comments-area")
    assert area is not None and area.find("h2", class_="title-comments").get_text() == "4 Responses"
    items = area.select("ol.comment-list > li.comment")
    assert [li["class"] for li in items] == [["comment", "not-evc"]] * 4
    last = items[-1]
    assert last["id"] == "comment-c9" and last["data-vote"] == "for"
    assert last["data-author-name"] == "Kevan" and last["data-is-player"] == "true"
    assert last["data-author-status"] == "active"
    assert last["data-comment-time"] == str(int((T + timedelta(hours=15)).timestamp()))
    assert items[0]["data-vote"] == ""  # the theme writes no-vote as empty
    img = last.select_one("section > div.meta > div.vote > img")
    assert img is not None and (img["alt"], img["src"]) == (
        "for",
        "/wp-content/uploads/icons/for.svg",
    )
    assert last.select_one("section > div.meta > span.author-name > a") is not None
    assert last.select_one("section > div.content") is not None
