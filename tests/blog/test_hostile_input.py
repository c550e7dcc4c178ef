"""No player can stop the bot: hostile comments and posts, sent through the sandbox blog
over real HTTP, are read as data with a warning, and ``sync``, ``status``, one ``watch``
cycle and the Votes page all survive them.

Each test posts its comment through the blog's comment form (or publishes its post on
the blog), then runs the real commands on a fresh SQLite mirror (one test: PostgreSQL).
``scripts/fuzz.py`` runs thousands more such inputs, outside the suite.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import requests
from click.testing import CliRunner

from gamestate import evaluate
from gamestate.dynasties.nomicland.planning import PlanningInputs, demand_status
from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, PostStatus, Terms
from wikibot.cli import cli
from wikibot.mirror.api import Mirror
from wikibot.sandbox.blog import SandboxBlog
from wikibot.wiki.pages.votes import SEED_WIKITEXT, update_votes_page

pytestmark = pytest.mark.integration

NOW = datetime(2016, 5, 20, 12, 0, 0, tzinfo=UTC)
ICON = '<img src="/images/vote/for.gif" alt="for">'
AGAINST = '<img src="/images/vote/against.gif" alt="against">'
CONTROL = "".join(chr(i) for i in (*range(32), 0x7F, *range(0x80, 0xA0)))
INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff\u202e\u2066\u2028\u2029\ufffe\uffff\U0010ffff"


def game() -> Game:
    """As of NOW: a pending Proposal (votes), a Demand Post (bids) and a pending CfJ."""
    players = tuple(
        Player(n, admin=n in ("Kevan", "Josh")) for n in ("Kevan", "Josh", "Alice", "Bob")
    )

    def post(ident: str, title: str, category: str, hours: int, *comments: Comment) -> Post:
        at = NOW - timedelta(hours=hours)
        return Post(ident, category, title, "Alice", at, body_html="<p>A rule.</p>",
                    comments=comments)  # fmt: skip

    return Game(
        players=players,
        posts=(
            post(
                "queue",
                "Proposal: Queue",
                "Proposal",
                30,
                Comment("c1", "Josh", NOW - timedelta(hours=29), ICON),
            ),
            post(
                "demand_gift_shop",
                "Demand: Gift Shop",
                "Nomicland News",
                20,
                Comment("c1", "Bob", NOW - timedelta(hours=19), "I bid 300"),
            ),
            post("odd", "Call for Judgement: Odd", "Call for Judgement", 10),
        ),  # fmt: skip
        boss="Kevan",
        terms=Terms("Imagineer", "Boss"),
    )


@dataclass(frozen=True)
class Survived:
    """What each command printed, and the Votes page, after a hostile input."""

    sync: str
    status: str
    status_json: dict[str, Any]
    votes_page: str
    watch: str
    game: Game


def comment(blog: SandboxBlog, post: str, author: str, body: str, **form: str) -> None:
    """Posts a comment through the blog's comment form, as a player's browser does."""
    answer = requests.post(
        f"{blog.url}archive/{post}/comment",
        data={"author": author, "body": body, **form},
        timeout=30,
        allow_redirects=False,
    )
    assert answer.status_code == 303, answer.text[:300]


def invoke(*args: str) -> str:
    """Runs a command that must succeed: exit 0, no traceback; returns all it printed."""
    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output
    return result.output


def survive(tmp_path: Path, blog: SandboxBlog, *, database: str | None = None) -> Survived:
    """sync (full, then incremental), status, the Votes page and one watch cycle."""
    database = database or str(tmp_path / "mirror.sqlite")
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmin_interval = 0\nstart = "2016-01-01"\n'
        f'[mirror]\ndatabase = "{database}"\n'
        '[game]\nplayer = "Kevan"\ncontact = "mailto:tests@example.org"\n',
        encoding="utf-8",
    )
    where = ("--config", str(config))
    synced = invoke("sync", *where)
    invoke("sync", *where)
    status = invoke("status", "--now", "2016-05-20T12:00:00Z", *where)
    as_json = json.loads(invoke("status", "--json", "--now", "2016-05-20T12:00:00Z", *where))
    with Mirror.open(database, create=False) as mirror:
        mirrored = mirror.to_game()
    tally = evaluate(mirrored, NOW)
    inputs = PlanningInputs.from_constants(
        buildings=["Gift Shop"], boss="Kevan", imagineers=["Josh", "Alice", "Bob"], boss_budget=3000
    )
    demands = [demand_status(p, inputs, now=NOW) for p in mirrored.posts if p.is_demand_post]
    page = update_votes_page(SEED_WIKITEXT, tally, blog_url=blog.url, demands=demands)
    assert update_votes_page(page, tally, blog_url=blog.url, demands=demands) == page
    watched = invoke("watch", "--once", *where)  # exit 0: the cycle succeeded
    return Survived(synced, status, as_json, page, watched, mirrored)


@pytest.fixture
def blog(sandbox_blog: Callable[..., SandboxBlog]) -> SandboxBlog:
    return sandbox_blog(game(), clock=lambda: NOW)


def test_i_bid_five_thousand_digits_is_an_ignored_bid_not_a_traceback(
    tmp_path: Path, blog: SandboxBlog
) -> None:
    """int() refuses more than 4,300 digits: this comment ended every sync in a traceback."""
    comment(blog, "demand_gift_shop", "Josh", "I bid " + "7" * 5000)
    done = survive(tmp_path, blog)
    assert (
        "'I bid 77777777777777...' is no bid: X = 77777777777777777777... has 5,000 " in done.sync
    )
    assert "** ignored: Josh (2016-05-20 12:00:00 UTC): Planning" in done.votes_page
    assert "has 5,000 digits, more than any Budget could hold (at most 9 digits)" in done.votes_page
    assert "winning bid 300 by Bob" in done.votes_page  # the other bid still stands
    with Mirror.open(str(tmp_path / "mirror.sqlite"), create=False) as mirror:
        assert mirror.bids("demand_gift_shop") == {"c1": (300,)}


def test_a_bid_past_the_mirror_s_integer_column_on_postgresql(
    tmp_path: Path, blog: SandboxBlog, postgres_url: str
) -> None:
    """PostgreSQL's integer holds 2,147,483,647: "I bid 3000000000" failed its insert."""
    comment(blog, "demand_gift_shop", "Josh", "I bid 3000000000")
    done = survive(tmp_path, blog, database=postgres_url)
    assert "X = 3000000000 has 10 digits, more than any Budget could hold" in done.votes_page


@pytest.mark.parametrize(
    ("body", "warning"),
    [
        pytest.param("<div>" * 20_000 + ICON, None, id="twenty thousand unclosed divs"),
        pytest.param(
            "<blockquote>" * 3000 + AGAINST + "</blockquote>" * 3000 + ICON,
            None,
            id="three thousand nested quotations",
        ),
        pytest.param(
            "<s>" * 5000 + AGAINST + "</s>" * 5000 + ICON,
            None,
            id="five thousand nested strike-throughs",
        ),
        pytest.param(CONTROL + INVISIBLE + ICON + CONTROL, None, id="control and invisible"),
        pytest.param("e" + "\u0301" * 5000 + ICON, None, id="five thousand combining marks"),
        pytest.param("x" * 700_000 + ICON, None, id="700 kB of text"),
        pytest.param(
            '<div class="comment"><h3><a href="/member/3">Alice</a>: 20-05-2016 11:00:00 UTC'
            f'</h3><div class="commentbody">{AGAINST}</div></div>' * 2000 + ICON,
            "inside the body of comment 'c2'",
            id="two thousand fake comments in one",
        ),
        pytest.param(
            "Comments (" + "9" * 5000 + ') <a href="/member/' + "9" * 5000 + '">x</a>' + ICON,
            None,
            id="numbers of thousands of digits",
        ),
    ],
)
def test_hostile_comments_are_read_as_data(
    tmp_path: Path, blog: SandboxBlog, body: str, warning: str | None
) -> None:
    comment(blog, "queue", "Bob", body)
    done = survive(tmp_path, blog)
    (queue,) = (m for m in done.status_json["matters"] if m["id"] == "queue")
    assert queue["votes"]["Bob"] == "FOR"  # the comment's own last icon counts
    if warning is not None:
        assert warning in done.sync


def test_a_comment_with_the_wordpress_theme_s_classes_does_not_hide_the_page(
    tmp_path: Path, blog: SandboxBlog
) -> None:
    """Read as the 2020 theme's hooks, one such comment made the classic post page show
    no post at all: no vote after it was read, and the post was never read again."""
    comment(blog, "queue", "Bob", '<span class="status-open term-category-proposal">:)</span>')
    comment(blog, "queue", "Alice", AGAINST)
    done = survive(tmp_path, blog)
    (queue,) = (m for m in done.status_json["matters"] if m["id"] == "queue")
    assert queue["votes"]["Alice"] == "AGAINST"
    assert "not read" not in done.sync


@pytest.mark.parametrize(
    ("body", "what"),
    [
        pytest.param('<a rel="next" href="javascript:alert(1)">more</a>', "", id="rel next to js"),
        pytest.param(f'<a href="/P{"9" * 5000}">older</a>', "", id="a page of 5000 digits"),
        pytest.param(
            '<h3 class="proposal Enacted"><a href="/archive/fake">Proposal: Fake</a></h3>'
            '<p><em>posted by <a href="/member/1">Kevan</a> at 19 May 2016 10:00:00 UTC</em></p>'
            '<p><a href="/archive/fake#comments">Comments (0)</a></p>',
            "",
            id="a fake post in a post",
        ),
    ],
)
def test_links_and_titles_in_a_post_body_are_the_author_s_text(
    sandbox_blog: Callable[..., SandboxBlog], tmp_path: Path, body: str, what: str
) -> None:
    """A post's body is its author's: its links are not the blog's paging (followed, a
    ``javascript:`` link ended sync in a traceback and ``/P<5000 digits>`` in int()'s),
    and a post title in it is no post (it was stored as one, Enacted, by Kevan)."""
    hostile = Post("hostile", "Story Post", "Story: links", "Bob", NOW - timedelta(hours=5),
                   body_html=body)  # fmt: skip
    base = game()
    blog = sandbox_blog(replace(base, posts=(*base.posts, hostile)), clock=lambda: NOW)
    done = survive(tmp_path, blog)
    assert {p.id for p in done.game.posts} == {"queue", "demand_gift_shop", "odd", "hostile"}
    assert what in done.sync


def test_a_comment_written_in_a_post_s_body_is_no_vote(
    sandbox_blog: Callable[..., SandboxBlog], tmp_path: Path
) -> None:
    """A post's author wrote a comment by Josh, AGAINST, into the body: it was read as
    Josh's comment, and his Vote."""
    fake = (
        '<div class="comment" id="comment-x"><h3><a href="/member/2">Josh</a>: '
        f'20-05-2016 11:00:00 UTC</h3><div class="commentbody">{AGAINST}</div></div>'
    )
    base = game()
    posts = tuple(replace(p, body_html=fake) if p.id == "queue" else p for p in base.posts)
    blog = sandbox_blog(replace(base, posts=posts), clock=lambda: NOW)
    done = survive(tmp_path, blog)
    (queue,) = (m for m in done.status_json["matters"] if m["id"] == "queue")
    assert queue["votes"]["Josh"] == "FOR"
    assert [c.id for c in next(p for p in done.game.posts if p.id == "queue").comments] == ["c1"]


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
@pytest.mark.parametrize(
    ("opening", "closing"),
    [
        pytest.param('<h3 class="comment">', "</h3>", id="h3 class=comment"),
        pytest.param('<div class="comment">', "</div>", id="div class=comment"),
        pytest.param("<article>", "</article>", id="articles"),
        pytest.param('<span><a href="/P2">2</a>', "</span>", id="links"),
        pytest.param('<div><li class="comment">', "</li></div>", id="li class=comment"),
        pytest.param('<div><p class="postbody">posted by</p>', "</div>", id="p class=postbody"),
    ],
)
def test_twelve_thousand_nested_tags_in_a_comment(
    sandbox_blog: Callable[..., SandboxBlog],
    tmp_path: Path,
    markup: str,
    opening: str,
    closing: str,
) -> None:
    """Each tag looked up its ancestors, or searched all it held: minutes or hours for
    one comment (a tag per step now)."""
    blog = sandbox_blog(game(), markup, clock=lambda: NOW)
    comment(blog, "queue", "Bob", opening * 12_000 + ICON + closing * 12_000)
    comment(blog, "queue", "Alice", AGAINST)
    done = survive(tmp_path, blog)
    (queue,) = (m for m in done.status_json["matters"] if m["id"] == "queue")
    assert queue["votes"]["Alice"] == "AGAINST"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(
            {"title": "Proposal: " + "\u202e" + CONTROL + "x" * 1_000_000},
            "Proposal: \u202e",
            id="a title of a megabyte with control characters",
        ),
        pytest.param(
            {
                "author": "Bob" + INVISIBLE,
                "title": "Proposal: ]]|}{{!}}<!-- nomicbot:votes end -->",
            },
            "Proposal: &#93;&#93;&#124;&#125;&#123;&#123;!&#125;&#125;&lt;!-- nomicbot:votes end",
            id="wikitext and the bot's own marker in a title",
        ),
        pytest.param(
            {"title": "Demand: " + "<b>" * 5000 + "Gift Shop", "category": "Nomicland News"},
            "=== Demand ===",
            id="a Demand Post titled with five thousand tags",
        ),
    ],
)
def test_hostile_posts_are_read_as_data(
    sandbox_blog: Callable[..., SandboxBlog],
    tmp_path: Path,
    change: dict[str, str],
    expected: str,
) -> None:
    hostile = Post("hostile", "Proposal", "Proposal: x", "Bob", NOW - timedelta(hours=40),
                   body_html="<p>" * 5000 + ICON,
                   comments=(Comment("c1", "Josh" + CONTROL[1:], NOW - timedelta(hours=1),
                                     AGAINST),))  # fmt: skip
    base = game()
    posts = (*base.posts, replace(hostile, **change))  # type: ignore[arg-type]
    blog = sandbox_blog(replace(base, posts=posts), clock=lambda: NOW)
    done = survive(tmp_path, blog)
    assert expected in done.votes_page
    (read,) = (p for p in done.game.posts if p.id == "hostile")
    assert read.status is PostStatus.PENDING and len(read.comments) == 1


def test_thousands_of_comments_without_ids_in_one_second(
    sandbox_blog: Callable[..., SandboxBlog], tmp_path: Path
) -> None:
    """Made-up ids for many comments by one author in one second: one step each, and
    every comment kept (an id from the author and the second, then ``~2``, ``~3``...)."""
    base = game()
    many = tuple(
        Comment(f"m{i}", "Alice", NOW - timedelta(hours=2), AGAINST if i % 2 else ICON)
        for i in range(4000)
    )
    posts = tuple(replace(p, comments=p.comments + many) if p.id == "odd" else p
                  for p in base.posts)  # fmt: skip
    blog = sandbox_blog(replace(base, posts=posts), clock=lambda: NOW)
    blog.add_fault("rewrite", pattern=r' id="comment-[^"]*"', replacement="", count=100)
    done = survive(tmp_path, blog)
    (odd,) = (p for p in done.game.posts if p.id == "odd")
    assert len(odd.comments) == 4000
    assert odd.comments[-1].id == "Alice@20-05-2016_10:00:00~4000"
    (matter,) = (m for m in done.status_json["matters"] if m["id"] == "odd")
    assert matter["votes"]["Alice"] == "AGAINST"


@pytest.mark.parametrize(
    ("pattern", "replacement", "warning"),
    [
        pytest.param(
            r"Quorum is [0-9]+",
            "Quorum is " + "9" * 5000,
            "the sidebar's Quorum 999",
            id="a Quorum of 5000 digits",
        ),
        pytest.param(
            r"Comments \([0-9]+\)",
            "Comments (" + "9" * 5000 + ")",
            "'Comments (N)' 999",
            id="a comment count of 5000 digits",
        ),
        pytest.param(
            r"[0-9]{2}-[0-9]{2}-2016 [0-9:]{8}",
            "99-99-9999 99:99:99",
            "not a valid date",
            id="comment dates that cannot be",
        ),
    ],  # fmt: skip
)
def test_a_damaged_page_is_read_with_warnings(
    tmp_path: Path, blog: SandboxBlog, pattern: str, replacement: str, warning: str
) -> None:
    comment(blog, "queue", "Bob", ICON)
    blog.add_fault("rewrite", pattern=pattern, replacement=replacement, count=100)
    done = survive(tmp_path, blog)
    assert warning in done.sync


def test_roll_of_thousands_of_digits_is_a_one_line_error(tmp_path: Path) -> None:
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[mirror]\ndatabase = "{tmp_path / "m.sqlite"}"\n[game]\nplayer = "Kevan"\n',
        encoding="utf-8",
    )
    for command in ("9" * 5000 + "DICE6", "DICE" + "9" * 5000):
        result = CliRunner().invoke(cli, ["roll", command, "--config", str(config)])
        assert result.exit_code == 1 and result.exception is not None
        assert isinstance(result.exception, SystemExit), result.exception
        assert result.output.endswith(": at most 1000 dice of at most 1000000000 sides\n")
        assert result.output.count("\n") == 1 and len(result.output) < 120


def test_the_sandbox_blog_answers_numbers_of_thousands_of_digits(
    blog: SandboxBlog, capfd: pytest.CaptureFixture[str]
) -> None:
    """Paths and a Content-Length of 5000 digits: a 404 and a 413, not a server traceback
    and a dropped connection."""
    huge = "9" * 5000
    for path in (f"P{huge}", f"page/{huge}/", f"member/{huge}"):
        assert requests.get(blog.url + path, timeout=30).status_code == 404
    host, port = blog.url.removeprefix("http://").rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as conn:
        conn.sendall(
            b"POST /archive/queue/comment HTTP/1.1\r\nHost: x\r\n"
            + f"Content-Length: {huge}\r\n\r\nauthor=Josh&body=hi".encode()
        )
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk  # the server closes the connection after answering
    assert reply.startswith(b"HTTP/1.1 413 "), reply[:200]
    assert "Traceback" not in capfd.readouterr().err
