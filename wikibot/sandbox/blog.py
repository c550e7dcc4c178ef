"""The sandbox blog: a ``nomic-archive/1`` game served as BlogNomic's pages.

BlogNomic's own software cannot run here, so this small HTTP server stands in
for it, for tests, benchmarks and trying the bot out. It serves, in the
``classic`` or ``wp2020`` markup (see :mod:`wikibot.sandbox.render`):

* ``/`` the front page, newest posts first, ``per_page`` to a page; further
  pages at ``/P10``, ``/P20``... (classic) or ``/page/2/``... (wp2020), each
  linked from the one before by ``<a rel="next" class="next">``;
* ``/{YYYY}/{MM}/`` monthly archives, each one page holding every post of the
  month, newest first, with no pagination (as on the real site, whose busiest
  month held 155 Proposals on one page); ``/category/{slug}/`` category pages
  (``proposal``, ``cfj``, ``dov``...), paginated like the front page;
* ``/archive/{id}`` one post with its comments (listings show each post's full
  text and ``Comments (N)``, not the comments);
* ``/member/{n}`` a player's page, ``/robots.txt`` (with ``Crawl-delay`` if set);
* the sidebar roster on every page: ``#PlayerList > a`` per player, ``*`` after
  Idle players, ``class="admin"`` on Admins, ``#PlayerCount`` ("There are 7
  Imagineers active; Quorum is 4.") and ``#Boss`` ("Boss: Kevan").

Every page has an ``ETag`` (a hash of its bytes) and a ``Last-Modified`` (the
latest post, resolution or comment time on it), and answers ``If-None-Match`` /
``If-Modified-Since`` with 304.

Players can comment: ``POST /archive/{id}/comment`` with form fields
``author``, ``body`` (HTML) and optionally ``vote`` (``for``, ``against``,
``deferential``, ``veto``) adds a comment stamped with the server's clock, saves
the game to the state file (atomically, temp file then rename) and answers 303
with the new comment's URL (``/archive/{id}#comment-c9``) and an
``X-Comment-Id`` header.

For testing the scraper, faults can be injected: ``POST /_faults`` with JSON
``{"path": "/archive/x" or "*", "kind":
"latency|429|500|503|truncate|reset|rewrite", "count": N, "seconds": S,
"retry_after": S, "pattern": P, "replacement": R}`` (``DELETE /_faults``
clears them). The next N requests to that path (``*``: any page but
robots.txt) get: a delay of S seconds; a 429 or 503 with ``Retry-After``
(seconds, or an HTTP date given as a string); a 500; the page cut off midway
(a valid response whose HTML has no end); the connection closed with a reset
and no response; or (``rewrite``) the page with every match of the regular
expression P replaced by R (``re.sub``; its ETag is that of what is sent), to
serve the damaged or odd pages the real site might: a sidebar with no
players, comments without ids, a page cut off at a chosen place.
``GET /_stats`` gives ``{"requests": N, "by_path": {...}, "user_agents": {...}}``.
Neither control path is counted or faulted.

From Python, :func:`serve_in_thread` starts it on a free loopback port and
returns the :class:`SandboxBlog` (``.url``, ``.add_fault()``, ``.request_count``,
``.stop()``). Posts are indexed by id, month and category, and pages are
rendered when asked for, so a game of 16,000 posts and 150,000 comments is fine.

This module holds the blog's state: the game and its indexes, accepted
comments and their saving, pending faults, request counts, and the page each
path shows. :mod:`wikibot.sandbox.http` holds the HTTP server that answers
requests with them.
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from urllib.parse import unquote

from gamestate.profiles.blognomic_139.models import Comment, Game, Post
from wikibot.archive import write_archive
from wikibot.blog.dates import MONTH_ABBREVIATIONS, DateOrder
from wikibot.blog.markup import category_slug
from wikibot.sandbox.http import BlogServer
from wikibot.sandbox.render import (
    MARKUPS,
    Site,
    page_href,
    render_listing,
    render_message,
    render_post_page,
)

__all__ = ["FAULT_KINDS", "VOTE_WORDS", "Fault", "RenderedPage", "SandboxBlog", "serve_in_thread"]

FAULT_KINDS = ("latency", "429", "500", "503", "truncate", "reset", "rewrite")
VOTE_WORDS = ("for", "against", "deferential", "veto")
"""The explicit votes a comment form accepts (the 2020 theme's ``data-vote`` words)."""
_CONTROL_PATHS = ("/_faults", "/_stats")
# Page numbers and member ids of at most 9 digits: a longer one is no page (a 404), and
# is never converted (int() refuses more than 4,300 digits).
_PAGED = re.compile(
    r"(?P<base>(?:/[^/]+)*/)(?:P(?P<offset>[0-9]{1,9})|page/(?P<page>[0-9]{1,9})/?)"
)
_MONTH = re.compile(r"/(?P<year>[0-9]{4})/(?P<month>[0-9]{2})/")
_CATEGORY = re.compile(r"/category/(?P<slug>[^/]+)/")
_POST = re.compile(r"/archive/(?P<id>[^/]+)/?")
_MEMBER = re.compile(r"/member/(?P<n>[0-9]{1,9})/?")


@dataclass(frozen=True)
class Fault:
    """One injected misbehaviour, for the next ``count`` requests to ``path``."""

    kind: str
    """One of :data:`FAULT_KINDS`."""
    path: str = "*"
    """The exact path (``/archive/fix_the_queue``), or ``*`` for any page."""
    count: int = 1
    """How many requests it affects."""
    seconds: float = 0.0
    """The delay, for ``latency``."""
    retry_after: float | str | None = None
    """The ``Retry-After`` of a 429 or 503: seconds, or an HTTP date."""
    pattern: str | None = None
    """What a ``rewrite`` replaces: a regular expression."""
    replacement: str = ""
    """What a ``rewrite`` puts instead (``re.sub``'s replacement: ``\\1`` works)."""

    def __post_init__(self) -> None:
        if self.kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind {self.kind!r}; use one of {FAULT_KINDS}")
        if self.count < 1 or self.seconds < 0:
            raise ValueError("a fault needs count >= 1 and seconds >= 0")
        if (self.kind == "rewrite") != (self.pattern is not None):
            raise ValueError("a rewrite fault needs a pattern, and only a rewrite takes one")
        if self.pattern is not None:
            try:
                re.compile(self.pattern).sub(self.replacement, "")
            except (re.error, IndexError) as exc:
                raise ValueError(f"bad rewrite pattern or replacement: {exc}") from None

    def rewrite(self, body: bytes) -> bytes:
        """The page as a ``rewrite`` fault serves it."""
        if self.pattern is None:
            return body
        return re.sub(self.pattern, self.replacement, body.decode("utf-8")).encode("utf-8")


@dataclass
class _Pending:
    """A fault and how many more requests it will affect."""

    fault: Fault
    remaining: int


@dataclass(frozen=True)
class RenderedPage:
    """A page as the blog shows it at a path, before HTTP headers."""

    status: int
    """200, or 404 for a path that shows nothing."""
    body: bytes
    """The page's HTML, UTF-8."""
    last_modified: datetime | None = None
    """The latest post, resolution or comment time on the page, if it has posts."""


def _post_modified(post: Post) -> datetime:
    """The latest thing that happened to a post: posted, commented on, resolved."""
    times = [post.posted_at, *(c.posted_at for c in post.comments)]
    if post.resolved_at is not None:
        times.append(post.resolved_at)
    return max(times)


class SandboxBlog:
    """A game served as blog pages, with comments, faults and a request count."""

    def __init__(
        self,
        game: Game,
        *,
        markup: str,
        clock: Callable[[], datetime] | None = None,
        state_path: str | Path | None = None,
        per_page: int = 10,
        crawl_delay: float | None = None,
        comment_dates: DateOrder = DateOrder.DAY_FIRST,
    ) -> None:
        if markup not in MARKUPS:
            raise ValueError(f"unknown markup {markup!r}; use one of {MARKUPS}")
        if per_page < 1:
            raise ValueError("per_page must be at least 1")
        self.markup = markup
        self.per_page = per_page
        self.crawl_delay = crawl_delay
        self.state_path = Path(state_path) if state_path is not None else None
        """Where accepted comments are saved; None keeps them in memory only."""
        self._clock = clock or (lambda: datetime.now(UTC))
        self._game = game
        self._lock = threading.Lock()
        self._save_lock = threading.Lock()
        self._generation = 0
        self._saved_generation = 0
        self._faults: list[_Pending] = []
        self._hits: Counter[str] = Counter()
        self._agents: Counter[str] = Counter()
        # Posts keep the archive's order (for saving); the indexes hold ids newest first.
        self._posts: dict[str, Post] = {p.id: p for p in game.posts}
        newest = sorted(game.posts, key=lambda p: (p.posted_at, p.id), reverse=True)
        self._newest = [p.id for p in newest]
        self._by_month: dict[tuple[int, int], list[str]] = {}
        self._by_category: dict[str, list[str]] = {}
        for p in newest:
            self._by_month.setdefault((p.posted_at.year, p.posted_at.month), []).append(p.id)
            self._by_category.setdefault(category_slug(p.category), []).append(p.id)
        self._members: dict[str, int] = {}
        for name in [p.name for p in game.players] + [
            who for p in game.posts for who in (p.author, *(c.author for c in p.comments))
        ]:
            self._members.setdefault(name, len(self._members) + 1)
        self._site = Site(
            markup=markup,
            players=game.players,
            boss=game.boss,
            terms=game.terms,
            member_id=lambda name: self._members.get(name, 0),
            comment_dates=comment_dates,
            clock=self._clock,
        )
        self._server: BlogServer | None = None
        self._thread: threading.Thread | None = None

    # The game.

    @property
    def game(self) -> Game:
        """The game as served now, accepted comments included."""
        return self._snapshot()[1]

    def _snapshot(self) -> tuple[int, Game]:
        with self._lock:
            return self._generation, replace(self._game, posts=tuple(self._posts.values()))

    def add_comment(
        self, post_id: str, *, author: str, body_html: str, vote: str | None = None
    ) -> Comment:
        """Adds a comment stamped with the server's clock and saves the game."""
        author = author.strip()
        if not author:
            raise ValueError("a comment needs an author")
        if vote is not None:
            vote = vote.strip().lower()
            if vote not in VOTE_WORDS:
                raise ValueError(f"unknown vote {vote!r}; use one of {VOTE_WORDS}")
        if not body_html.strip() and vote is None:
            raise ValueError("a comment needs a body or a vote")
        when = self._clock().astimezone(UTC).replace(microsecond=0)
        with self._lock:
            post = self._posts.get(post_id)
            if post is None:
                raise KeyError(post_id)
            ids = {c.id for c in post.comments}
            n = len(post.comments) + 1
            while f"c{n}" in ids:
                n += 1
            comment = Comment(f"c{n}", author, when, body_html, vote)
            self._members.setdefault(author, len(self._members) + 1)
            self._posts[post_id] = replace(post, comments=(*post.comments, comment))
            self._generation += 1
        try:
            self._save()
        except OSError:
            # Not saved means not accepted: take it back, so memory matches the file.
            with self._lock:
                post = self._posts[post_id]
                kept = tuple(c for c in post.comments if c.id != comment.id)
                self._posts[post_id] = replace(post, comments=kept)
            raise
        return comment

    def add_post(self, post: Post) -> Post:
        """Publishes a new post (the Boss's "Demand: X" in a test) and saves the game.

        For tests and people trying the sandbox: the real site's authors post in its
        control panel, which the sandbox does not imitate.
        """
        with self._lock:
            if post.id in self._posts:
                raise ValueError(f"post {post.id!r} already exists")
            self._posts[post.id] = post
            self._members.setdefault(post.author, len(self._members) + 1)

            def newest_first(ids: list[str]) -> None:
                ids.append(post.id)
                ids.sort(key=lambda i: (self._posts[i].posted_at, i), reverse=True)

            newest_first(self._newest)
            newest_first(self._by_month.setdefault((post.posted_at.year, post.posted_at.month), []))
            newest_first(self._by_category.setdefault(category_slug(post.category), []))
            self._generation += 1
        self._save()
        return post

    def update_post(self, post_id: str, change: Callable[[Post], Post]) -> Post:
        """Replaces a post by ``change(post)`` (an Admin's edit) and saves the game."""
        with self._lock:
            post = change(self._posts[post_id])  # KeyError: no such post
            self._posts[post_id] = post
            self._generation += 1
        self._save()
        return post

    def _save(self) -> None:
        """Writes the game to the state file: a temp file, then an atomic rename."""
        if self.state_path is None:
            return
        with self._save_lock:
            generation, game = self._snapshot()
            if generation <= self._saved_generation:
                return  # a later save already wrote this change
            target = self.state_path
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    write_archive(game, handle)
                    handle.flush()
                    os.fsync(handle.fileno())
                # mkstemp makes the file private; keep the archive's own permissions.
                mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
                os.chmod(tmp, mode)
                os.replace(tmp, target)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            self._saved_generation = generation

    # Faults and counting.

    def add_fault(
        self,
        kind: str,
        *,
        path: str = "*",
        count: int = 1,
        seconds: float = 0.0,
        retry_after: float | str | None = None,
        pattern: str | None = None,
        replacement: str = "",
    ) -> Fault:
        """Makes the next ``count`` requests to ``path`` misbehave (see the module doc)."""
        fault = Fault(
            kind=kind,
            path=path,
            count=count,
            seconds=seconds,
            retry_after=retry_after,
            pattern=pattern,
            replacement=replacement,
        )
        with self._lock:
            self._faults.append(_Pending(fault, count))
        return fault

    def pending_faults(self) -> list[tuple[Fault, int]]:
        """Each pending fault with how many more requests it will affect."""
        with self._lock:
            return [(p.fault, p.remaining) for p in self._faults]

    def clear_faults(self) -> None:
        """Removes every pending fault."""
        with self._lock:
            self._faults.clear()

    def take_fault(self, path: str) -> Fault | None:
        """The fault for this request to ``path``, if one is pending; it counts as used."""
        with self._lock:
            for pending in self._faults:
                fault = pending.fault
                if fault.path == path or (fault.path == "*" and path != "/robots.txt"):
                    pending.remaining -= 1
                    if pending.remaining <= 0:
                        self._faults.remove(pending)
                    return fault
        return None

    @property
    def request_count(self) -> int:
        """Requests received for pages (control paths not counted)."""
        with self._lock:
            return sum(self._hits.values())

    def requests_by_path(self) -> dict[str, int]:
        """Requests received per path."""
        with self._lock:
            return dict(self._hits)

    def user_agents(self) -> dict[str, int]:
        """Requests received per User-Agent, to check who is reading the blog."""
        with self._lock:
            return dict(self._agents)

    def count_request(self, path: str, agent: str) -> None:
        """Counts a request for a page, by path and by User-Agent."""
        with self._lock:
            self._hits[path] += 1
            self._agents[agent] += 1

    # Pages.

    def _listing(
        self, base: str, ids: list[str], offset: int, heading: str, *, paged: bool = True
    ) -> RenderedPage:
        if offset and (offset >= len(ids) or not paged):
            return self._not_found(base)
        per_page = self.per_page if paged else max(1, len(ids))
        with self._lock:
            posts = [self._posts[i] for i in ids[offset : offset + per_page]]
        more = offset + per_page < len(ids)
        next_href = page_href(self.markup, base, offset + self.per_page, self.per_page)
        html = render_listing(
            self._site, posts, heading=heading, next_href=next_href if more else None
        )
        modified = max((_post_modified(p) for p in posts), default=None)
        return RenderedPage(200, html.encode("utf-8"), modified)

    def _not_found(self, path: str) -> RenderedPage:
        html = render_message(self._site, "Not found", f"There is no page at {path}.")
        return RenderedPage(404, html.encode("utf-8"))

    def page_at(self, path: str) -> RenderedPage:
        """The page at ``path`` (no query string), rendered now."""
        if m := _POST.fullmatch(path):
            with self._lock:
                post = self._posts.get(unquote(m["id"]))
            if post is None:
                return self._not_found(path)
            html = render_post_page(self._site, post)
            return RenderedPage(200, html.encode("utf-8"), _post_modified(post))
        offset = 0
        paged = _PAGED.fullmatch(path)
        if paged:
            path = paged["base"]
            page = paged["page"]
            offset = (int(page) - 1) * self.per_page if page else int(paged["offset"] or 0)
        if not path.endswith("/"):
            path += "/"
        if path == "/":
            return self._listing("/", self._newest, offset, "")
        if m := _MONTH.fullmatch(path):
            year, month = int(m["year"]), int(m["month"])
            if not 1 <= month <= 12:
                return self._not_found(path)
            ids = self._by_month.get((year, month), [])
            heading = f"Archives: {MONTH_ABBREVIATIONS[month - 1]} {year}"
            return self._listing(path, ids, offset, heading, paged=False)
        if m := _CATEGORY.fullmatch(path):
            in_category = self._by_category.get(unquote(m["slug"]))
            if in_category is None:
                return self._not_found(path)
            with self._lock:
                name = self._posts[in_category[0]].category
            return self._listing(path, in_category, offset, f"Category: {name}")
        if m := _MEMBER.fullmatch(path):
            with self._lock:  # a comment by a newcomer may be adding a member
                names = [n for n, i in self._members.items() if i == int(m["n"])]
            if names:
                html = render_message(self._site, names[0], f"{names[0]} plays BlogNomic.")
                return RenderedPage(200, html.encode("utf-8"))
        return self._not_found(path)

    def robots_txt(self) -> str:
        """``/robots.txt``: the control paths are off limits; Crawl-delay if set."""
        lines = ["User-agent: *", *(f"Disallow: {path}" for path in _CONTROL_PATHS)]
        if self.crawl_delay is not None:
            lines.append(f"Crawl-delay: {self.crawl_delay:g}")
        return "\n".join(lines) + "\n"

    # Serving.

    @property
    def url(self) -> str:
        """The blog's root URL, e.g. ``http://127.0.0.1:40123/``."""
        if self._server is None:
            raise RuntimeError("the sandbox blog is not serving")
        host, port = self._server.server_address[:2]
        host = host.decode() if isinstance(host, bytes) else host
        return f"http://{host}:{port}/"

    def bind(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Opens the listening socket (port 0: any free port)."""
        self._server = BlogServer((host, port), self)

    def serve_forever(self) -> None:
        """Serves until :meth:`stop` (or Ctrl-C in the CLI)."""
        if self._server is None:
            raise RuntimeError("call bind() first")
        self._server.serve_forever(poll_interval=0.1)

    def start(self, host: str = "127.0.0.1", port: int = 0) -> SandboxBlog:
        """Binds and serves in a background thread; returns self."""
        self.bind(host, port)
        self._thread = threading.Thread(target=self.serve_forever, name="sandbox-blog")
        self._thread.daemon = True
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stops serving and closes the listening socket."""
        server, self._server = self._server, None
        if server is None:
            return
        if self._thread is not None:
            server.shutdown()
            self._thread.join()
            self._thread = None
        server.server_close()

    def __enter__(self) -> SandboxBlog:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def serve_in_thread(
    game: Game,
    *,
    markup: str,
    host: str = "127.0.0.1",
    port: int = 0,
    clock: Callable[[], datetime] | None = None,
    state_path: str | Path | None = None,
    per_page: int = 10,
    crawl_delay: float | None = None,
    comment_dates: DateOrder = DateOrder.DAY_FIRST,
) -> SandboxBlog:
    """Starts a sandbox blog in a background thread (port 0: a free port)."""
    blog = SandboxBlog(
        game,
        markup=markup,
        clock=clock,
        state_path=state_path,
        per_page=per_page,
        crawl_delay=crawl_delay,
        comment_dates=comment_dates,
    )
    return blog.start(host, port)
