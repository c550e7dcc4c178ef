"""Reading BlogNomic's page HTML into posts, comments and the roster.

This module parses pages already fetched; :mod:`wikibot.blog.scraper` fetches them
politely and hands them here. It holds the records a page is read into
(:class:`ListingEntry`, :class:`ListingPage`, :class:`Roster`,
:class:`ScrapedPost`, :class:`ScrapeWarning`), the readers
:func:`parse_listing` and :func:`parse_post`, and the category slugs the blog's
classes and URLs use.

Two markups are read through one interface (``markup="auto"`` tells them apart
on each page): the ExpressionEngine-era ``classic`` pages and the 2020
WordPress theme ``wp2020`` (``shared/BLOGNOMIC_MARKUP.md``). Only the stable
hooks are relied on:

* a post: the ``<h3>`` (classic) or ``<article>`` (wp2020) holding a link to
  ``/archive/{id}``; its classes give the category (``proposal``,
  ``term-category-cfj``) and status (``Enacted``, ``status-open``); a category
  link ``rel="tag"`` gives the category's full name where there is one; the
  ``posted by <a href="/member/N">NAME</a> at DATE`` footer; ``Comments (N)``;
  the "Adminned at DATE" paragraph and the Admin's note before it;
* a comment: ``div.comment`` (author in its ``h3``, date in its header, body in
  ``div.commentbody``) or ``li.comment`` (``data-author-name``,
  ``data-comment-time``, ``data-vote``, body in ``div.content``);
* the sidebar: ``#PlayerList > a`` (a trailing ``*`` marks Idle players,
  ``class="admin"`` or ``title="Admin"`` Admins), ``#PlayerCount`` ("... 7 ...
  Quorum is 4") and ``#Boss`` ("Boss: Kevan").

Bodies are kept as HTML, voting icons included, re-serialised by
:func:`canonical_html` (attributes in source order, HTML void tags, only
``& < >`` escaped), so a body written that way comes back byte for byte.

Nothing on a bad page is dropped silently: every gap is a :class:`ScrapeWarning`
naming the page and what was missing, and the rest of the page is kept:

* a page cut off in transfer (no closing ``</html>``, see
  :func:`is_complete_page`) keeps what it holds except its last post or
  comment, which may be cut too and is dropped with a warning;
* a post without an author link keeps an empty author; a listing entry
  without a readable date is skipped (:func:`parse_post` raises ScrapeError
  instead); a missing ``Comments (N)``, or one beyond belief (over
  :data:`MAX_COMMENT_COUNT`), gives ``comment_count == -1``;
* a comment without an author is skipped; one whose date cannot be read is
  kept with the previous comment's time (comments are in time order, so the
  order of votes is kept), and the warning says so;
* a comment without an id gets one made from what does not change when other
  comments come and go: its author and the date its header prints
  (``Kevan@23-05-2016_11:00:00``), with ``~2``, ``~3``... for more comments by
  the same author in the same second; an id the page gives twice gets such a
  counter too, with a warning;
* a voting icon under a vote-icon path that is none of the known icons, or an
  unknown ``data-vote``, is kept as written, with a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from bs4 import BeautifulSoup, Tag
from bs4.dammit import EntitySubstitution
from bs4.formatter import HTMLFormatter

from gamestate.icons import icon_vote, scan_html
from gamestate.models import Comment, Player, Post, PostStatus
from wikibot.blog.dates import DateOrder, find_blog_date, infer_date_order, parse_blog_date
from wikibot.errors import ScrapeError

__all__ = [
    "CATEGORY_SLUGS",
    "MAX_COMMENT_COUNT",
    "ListingEntry",
    "ListingPage",
    "Roster",
    "ScrapeWarning",
    "ScrapedPost",
    "canonical_html",
    "category_slug",
    "check_markup",
    "detect_markup",
    "is_complete_page",
    "parse_listing",
    "parse_post",
]

CATEGORY_SLUGS = {
    "Proposal": "proposal",
    "Call for Judgement": "cfj",
    "Declaration of Victory": "dov",
    "Ascension Address": "ascension-address",
    "Story Post": "story-post",
}
"""The class/URL word of each category the Ruleset names (``term-category-cfj``)."""
_SLUG_CATEGORIES = {slug: name for name, slug in CATEGORY_SLUGS.items()}
_SLUG_CATEGORIES["call-for-judgement"] = "Call for Judgement"
_SLUG_CATEGORIES["declaration-of-victory"] = "Declaration of Victory"
_MARKUPS = ("auto", "classic", "wp2020")
"""The markups a page can be read as; ``auto`` tells them apart on each page."""
_RawComment = tuple[str, str, Tag | None, str | None, datetime | str]
"""id, author, body, explicit vote, and the time or the header text holding it."""
_COMMENTS_RE = re.compile(r"^\s*Comments?\s*\(\s*([0-9]+)\s*\)\s*$", re.IGNORECASE)
MAX_COMMENT_COUNT = 100_000
"""The most comments a post is believed to have (the record is 108): a larger
"Comments (N)" is read as no count (and a warning), as is a sidebar player count
or Quorum over this, rather than a number no database column holds."""
_ZONE_SUFFIX = re.compile(r"\s*(?:UTC|GMT)$", re.IGNORECASE)
_BODY_CLASSES = ("postbody", "entrybody", "entry-content", "entry-body")


def category_slug(category: str) -> str:
    """The word a category has in classes and URLs: ``proposal``, ``cfj``, ``story-post``."""
    known = CATEGORY_SLUGS.get(category)
    if known:
        return known
    return re.sub(r"[^a-z0-9]+", "-", category.lower()).strip("-") or "uncategorised"


class _SourceOrder(HTMLFormatter):
    """Like bs4's "minimal" formatter, but HTML void tags and source attribute order."""

    def __init__(self) -> None:
        super().__init__(
            entity_substitution=EntitySubstitution.substitute_xml, void_element_close_prefix=""
        )

    def attributes(self, tag: Tag) -> Any:
        return list(tag.attrs.items()) if tag.attrs else []


_FORMATTER = _SourceOrder()


def check_markup(markup: str) -> None:
    """Raises ValueError unless ``markup`` is ``auto``, ``classic`` or ``wp2020``."""
    if markup not in _MARKUPS:
        raise ValueError(f"unknown markup {markup!r}; use one of {_MARKUPS}")


def canonical_html(fragment: str) -> str:
    """``fragment`` as the scraper gives bodies back (parsed, then re-serialised)."""
    soup = BeautifulSoup(f"<html><body><div>{fragment}</div></body></html>", "lxml")
    div = soup.body.div if soup.body is not None else None
    return div.decode_contents(formatter=_FORMATTER) if isinstance(div, Tag) else ""


@dataclass(frozen=True)
class ScrapeWarning:
    """Something a page lacked or got wrong; the rest of the page was kept."""

    url: str
    """The page."""
    message: str
    """What was missing or wrong, naming the post or comment."""


@dataclass(frozen=True)
class ListingEntry:
    """One post as a listing page (front page, month, category) shows it."""

    id: str
    """The post's url title."""
    title: str
    """The full title, e.g. "Proposal: Fix the Queue"."""
    category: str
    """The blog category, e.g. "Proposal"."""
    status: PostStatus
    """The status the title's classes show."""
    author: str
    """Who posted it ("" if the page did not say; there is a warning)."""
    posted_at: datetime
    """When it was posted (UTC)."""
    comment_count: int
    """The N of "Comments (N)"; -1 if the page did not show it (there is a warning)."""
    body_html: str
    """The post's full text as HTML."""
    admin_note: str | None
    """The resolving Admin's note, e.g. "Enacted by Kevan (5-1)"."""
    resolved_at: datetime | None
    """The "Adminned at" time, if shown."""

    def to_post(self, comments: tuple[Comment, ...] = ()) -> Post:
        """The post as listed, with ``comments`` (a listing shows none)."""
        return Post(
            id=self.id,
            category=self.category,
            title=self.title,
            author=self.author,
            posted_at=self.posted_at,
            status=self.status,
            body_html=self.body_html,
            admin_note=self.admin_note,
            resolved_at=self.resolved_at,
            comments=comments,
        )


@dataclass(frozen=True)
class Roster:
    """The sidebar: who plays, who is Boss, and the Quorum it states."""

    players: tuple[Player, ...]
    """Every player listed, Idle ones included (``idle=True``)."""
    boss: str | None
    """The Boss the sidebar names, or None."""
    player_count: int | None
    """The number of players the sidebar states, if it does."""
    quorum: int | None
    """The Quorum the sidebar states, if it does."""


@dataclass(frozen=True)
class ListingPage:
    """One listing page as read."""

    url: str
    """Where it was read."""
    entries: tuple[ListingEntry, ...]
    """Its posts, in page order (newest first)."""
    roster: Roster | None
    """The sidebar roster, if the page has one."""
    next_url: str | None
    """The next (older) page, from ``<a rel="next">``."""
    etag: str | None
    """The page's ETag, for a conditional re-read."""
    last_modified: str | None
    """The page's Last-Modified header, for a conditional re-read."""
    warnings: tuple[ScrapeWarning, ...]
    """What could not be read."""
    complete: bool = True
    """False if the page was cut off in transfer (its sidebar may be missing or partial)."""


@dataclass(frozen=True)
class ScrapedPost:
    """One post page as read: the post with its comments."""

    post: Post
    """The post, comments included, in time order."""
    warnings: tuple[ScrapeWarning, ...]
    """What could not be read."""
    etag: str | None = None
    """The page's ETag, for a conditional re-read."""
    last_modified: str | None = None
    """The page's Last-Modified header, for a conditional re-read."""
    complete: bool = True
    """False if the page was cut off in transfer (its last comment was dropped)."""


def detect_markup(soup: BeautifulSoup) -> str:
    """``wp2020`` if the page carries the WordPress theme's hooks, else ``classic``."""
    if soup.select_one(
        "li.comment[data-vote], [class*='term-category-'], article[class*='status-']"
    ):
        return "wp2020"
    generator = soup.find("meta", attrs={"name": "generator"})
    if isinstance(generator, Tag) and "wordpress" in str(generator.get("content", "")).lower():
        return "wp2020"
    return "classic"


def _text(el: Tag | None) -> str:
    """The element's text with runs of whitespace made one space ("" for None)."""
    return " ".join(el.get_text(" ").split()) if el is not None else ""


def _find(el: Tag | None, *args: Any, **kwargs: Any) -> Tag | None:
    """``el.find(...)`` typed: a Tag or None (also None when ``el`` is None)."""
    found = el.find(*args, **kwargs) if el is not None else None
    return found if isinstance(found, Tag) else None


def _classes(el: Tag) -> list[str]:
    value = el.get("class")
    return list(value) if isinstance(value, list) else str(value or "").split()


def is_complete_page(html: str) -> bool:
    """A whole page ends with ``</html>``; a page cut off in transfer does not."""
    return "</html>" in html[-512:].lower()


def _post_id(href: str) -> str | None:
    path = urlsplit(href).path
    head, sep, rest = path.partition("/archive/")
    ident = rest.strip("/").split("/")[0] if sep else ""
    return unquote(ident) or None


class _PageReader:
    """Reads one page, collecting a warning for everything it cannot read."""

    def __init__(self, html: str, url: str, markup: str) -> None:
        check_markup(markup)
        self.url = url
        self.soup = BeautifulSoup(html, "lxml")
        self.markup = detect_markup(self.soup) if markup == "auto" else markup
        self.truncated = not is_complete_page(html)
        self.warnings: list[ScrapeWarning] = []
        if self.truncated:
            self.warn("the page is cut off (no closing </html>); what follows the cut is missing")

    def warn(self, message: str) -> None:
        self.warnings.append(ScrapeWarning(self.url, message))

    # Posts.

    def post_blocks(self) -> list[tuple[Tag, Tag, str]]:
        """(container, title link, id) of each post on the page, in page order."""
        found = []
        if self.markup == "classic":
            for h3 in self.soup.find_all("h3"):
                link = h3.find("a", href=re.compile("/archive/"))
                if not isinstance(link, Tag) or h3.find_parent(class_=re.compile("comment|body")):
                    continue
                ident = _post_id(str(link.get("href", "")))
                if ident and isinstance(h3.parent, Tag):
                    found.append((h3.parent, link, ident))
        else:
            for article in self.soup.find_all("article"):
                classes = _classes(article)
                if "comment-body" in classes or article.find_parent(class_="entry-content"):
                    continue
                title = article.find(class_="entry-title") or article
                link = title.find("a", href=re.compile("/archive/"))
                ident = _post_id(str(link.get("href", ""))) if isinstance(link, Tag) else None
                if isinstance(link, Tag) and ident:
                    found.append((article, link, ident))
        return found

    def _outside(self, box: Tag, body: Tag | None, name: str, **attrs: Any) -> list[Tag]:
        """``box``'s descendants matching, except those inside the post body."""
        return [
            el
            for el in box.find_all(name, **attrs)
            if body is None or (el is not body and body not in el.parents)
        ]

    def _kind(self, box: Tag, link: Tag, body: Tag | None, ident: str) -> tuple[str, PostStatus]:
        """The post's category and status, from its classes and category link."""
        if self.markup == "classic":  # <h3 class="proposal Enacted">
            words = _classes(link.find_parent("h3") or box)
            slugs, statuses = words[:1], words[1:]
        else:  # <article class="status-enacted term-category-proposal">
            words = _classes(box)
            slugs = [w.removeprefix("term-category-") for w in words if "term-category-" in w]
            statuses = [w.removeprefix("status-") for w in words if w.startswith("status-")]
        category = next(
            (_text(a) for a in self._outside(box, body, "a", rel=["tag", "category"])), ""
        ) or (_SLUG_CATEGORIES.get(slugs[0].lower(), slugs[0]) if slugs else "")
        if not category:
            self.warn(f"post {ident!r}: no category shown")
        for word in reversed(statuses):
            try:
                return category, PostStatus.from_text(word)
            except ValueError:
                continue
        self.warn(f"post {ident!r}: no status class; read as Pending")
        return category, PostStatus.PENDING

    def _date(
        self, text: str, what: str, order: DateOrder = DateOrder.DAY_FIRST
    ) -> datetime | None:
        found = find_blog_date(text)
        if found is None:
            self.warn(f"{what}: no date found in {text[:80]!r}")
            return None
        try:
            return parse_blog_date(found, order=order)
        except ValueError as exc:
            self.warn(f"{what}: {exc}")
            return None

    def entry(self, box: Tag, link: Tag, ident: str) -> ListingEntry | None:
        """The post in ``box``, or None (with a warning) if it has no readable date."""
        body = _find(box, "div", class_=_BODY_CLASSES)
        if body is None:
            self.warn(f"post {ident!r}: no post body found; body left empty")
        footer = next(
            (p for p in self._outside(box, body, "p") if _text(p).lower().startswith("posted by")),
            None,
        )
        author, posted_at = "", None
        if footer is None:
            self.warn(f"post {ident!r}: no 'posted by' line (author and date missing)")
        else:
            author = _text(_find(footer, "a", href=re.compile("/member/")))
            if not author:
                self.warn(f"post {ident!r}: no author link in the 'posted by' line")
            posted_at = self._date(_text(footer), f"post {ident!r} date")
        if posted_at is None:
            return None
        count = -1
        for a in self._outside(box, body, "a"):
            if m := _COMMENTS_RE.match(a.get_text()):
                shown = self._number(m.group(1), f"post {ident!r}: 'Comments (N)'")
                count = -1 if shown is None else shown
                break
        else:
            self.warn(f"post {ident!r}: no 'Comments (N)' link")
        note, resolved_at = self._admin_field(box, body, ident)
        category, status = self._kind(box, link, body, ident)
        return ListingEntry(
            id=ident,
            title=_text(link),
            category=category,
            status=status,
            author=author,
            posted_at=posted_at,
            comment_count=count,
            body_html=body.decode_contents(formatter=_FORMATTER) if body is not None else "",
            admin_note=note,
            resolved_at=resolved_at,
        )

    def _number(self, digits: str, what: str) -> int | None:
        """A count the page prints, or None (with a warning) if it is beyond belief."""
        # Compare the text, not the number: "99999999999999999999" need not become an int.
        digits = digits.lstrip("0") or "0"
        if len(digits) > len(str(MAX_COMMENT_COUNT)) or int(digits) > MAX_COMMENT_COUNT:
            shown = digits if len(digits) <= 30 else digits[:27] + "..."
            self.warn(
                f"{what} {shown} is beyond belief (over {MAX_COMMENT_COUNT}); read as unknown"
            )
            return None
        return int(digits)

    def _admin_field(
        self, box: Tag, body: Tag | None, ident: str
    ) -> tuple[str | None, datetime | None]:
        paragraphs = self._outside(box, body, "p")
        adminned = next((p for p in paragraphs if _text(p).startswith("Adminned at")), None)
        resolved_at = None
        if adminned is not None:
            resolved_at = self._date(_text(adminned), f"post {ident!r} 'Adminned at' date")
        note_p = next((p for p in paragraphs if "admin-note" in _classes(p)), None)
        if note_p is None and adminned is not None:  # no class: the paragraph before
            note_p = adminned.find_previous_sibling("p")
        note = note_p.get_text() if isinstance(note_p, Tag) else None
        return note, resolved_at

    # Comments.

    def comments(self, post: ListingEntry) -> list[Comment]:
        """The page's comments in time order, dated as the page proves."""
        raw = self._classic_comments() if self.markup == "classic" else self._wp_comments()
        evidence = infer_date_order(w for *_, w in raw if isinstance(w, str))
        if evidence.is_conflicting:
            self.warn(
                f"comment dates prove both orders ({evidence.day_first_proof!r} is day first, "
                f"{evidence.month_first_proof!r} month first); ambiguous ones read day first"
            )
        out: list[Comment] = []
        for ident, author, body, vote, when in raw:
            if not author:
                self.warn(f"comment {ident!r}: no author; skipped")
                continue
            where = f"comment {ident!r} by {author}"
            html = body.decode_contents(formatter=_FORMATTER) if body is not None else ""
            if body is None:
                self.warn(f"{where}: no comment body; body left empty")
            for src in scan_html(html).unknown:
                self.warn(f"{where}: unknown voting icon {src!r}; kept as written")
            if vote is not None and icon_vote(vote) is None:
                self.warn(f"{where}: unknown vote {vote!r}; kept as written")
            moment = when if isinstance(when, datetime) else self._date(when, where, evidence.order)
            if moment is None:
                moment = out[-1].posted_at if out else post.posted_at
                self.warn(f"{where}: kept with the time of the comment before it ({moment} UTC)")
            out.append(
                Comment(id=ident, author=author, posted_at=moment, body_html=html, vote=vote)
            )
        # wp2020 replies nest after their parent but may be newer than later comments.
        return sorted(out, key=lambda c: c.posted_at) if self.markup == "wp2020" else out

    def _comment_ids(self, raw: list[_RawComment]) -> list[_RawComment]:
        """``raw`` with an id for each comment the page gave none, and no id twice.

        A made-up id must not depend on the comment's place on the page: when
        an earlier comment vanishes, the later ones must keep theirs (or the
        mirror would take them for edits, and miss the new ones). So it is
        the author and the date the header prints, as printed (the reading of
        an ambiguous date may change as comments come; the text does not).
        """
        given = {ident for ident, *_ in raw if ident}
        used: set[str] = set()
        out: list[_RawComment] = []
        for ident, author, body, vote, when in raw:
            base = ident
            if not base:
                if isinstance(when, datetime):
                    stamp = str(int(when.timestamp()))
                else:
                    stamp = _ZONE_SUFFIX.sub("", find_blog_date(when) or "") or "undated"
                base = re.sub(r"\s+", "_", f"{author}@{stamp}")
            unique, n = base, 1
            # A made-up id also steps aside for an id the page gives another comment.
            while unique in used or (not ident and unique in given):
                n += 1
                unique = f"{base}~{n}"
            if ident and unique != ident:
                self.warn(f"comment id {ident!r} appears twice on the page; read as {unique!r}")
            used.add(unique)
            out.append((unique, author, body, vote, when))
        return out

    def _classic_comments(self) -> list[_RawComment]:
        """``div.comment``: author and date in the ``h3``, body in ``div.commentbody``."""
        raw: list[_RawComment] = []
        for box in self.soup.find_all("div", class_="comment"):
            if box.find_parent(class_="commentbody"):
                continue  # a quoted comment inside another's body
            head = _find(box, "h3")
            link = _find(head, "a")
            icon = _find(_find(box, class_="commentvote"), "img")
            raw.append(
                (
                    str(box.get("id", "")).removeprefix("comment-").strip(),
                    _text(link) if link is not None else "",
                    _find(box, "div", class_="commentbody"),
                    str(icon.get("alt", "")).strip().lower() or None if icon else None,
                    _text(head) if head is not None else "",
                )
            )
        return self._comment_ids(raw)

    def _wp_comments(self) -> list[_RawComment]:
        """``li.comment``: ``data-*`` attributes, body in its own ``div.content``."""
        raw: list[_RawComment] = []
        for li in self.soup.find_all("li", class_="comment"):
            if li.find_parent(class_="content"):
                continue
            ident = str(li.get("data-comment-id") or li.get("id") or "")
            ident = ident.removeprefix("comment-").strip()
            name = _find(li.find(class_="author-name"), "a")
            author = str(li.get("data-author-name") or "") or (_text(name) if name else "")
            body = next(
                (d for d in li.find_all("div", class_="content") if d.find_parent("li") is li),
                None,
            )
            word = str(li.get("data-vote") or "").strip().lower()
            if not word:
                icon = _find(_find(li, "div", class_="vote"), "img")
                word = str(icon.get("alt", "")).strip().lower() if icon else ""
            when: datetime | str = _text(_find(li, class_="comment-meta"))
            stamp = str(li.get("data-comment-time") or "")
            try:
                when = datetime.fromtimestamp(int(stamp), UTC)
            except (ValueError, OverflowError, OSError):
                pass  # no usable unix time: read the date shown in the header instead
            vote = None if word in ("", "no-vote", "none") else word
            raw.append((ident, author, body, vote, when))
        return self._comment_ids(raw)

    # The sidebar and paging.

    def roster(self) -> Roster | None:
        box = _find(self.soup, id="PlayerList")
        if box is None:
            return None
        players = []
        for a in box.find_all("a", recursive=False):
            name = _text(a)
            idle = name.endswith("*")
            name = name.rstrip("*").strip()
            if not name:
                continue
            admin = "admin" in _classes(a) or "admin" in str(a.get("title", "")).lower()
            players.append(Player(name=name, admin=admin, idle=idle))
        line = _text(_find(self.soup, id="PlayerCount"))
        count = re.search(r"[0-9]+", line)
        quorum = re.search(r"Quorum\D*([0-9]+)", line, re.IGNORECASE)
        if not line:
            self.warn("the sidebar states no player count or Quorum")
        boss_line = _find(self.soup, id="Boss")
        boss = _text(_find(boss_line, "a")) or _text(boss_line).partition(":")[2].strip()
        return Roster(
            players=tuple(players),
            boss=boss or None,
            player_count=self._number(count.group(0), "the sidebar's player count")
            if count
            else None,
            quorum=self._number(quorum.group(1), "the sidebar's Quorum") if quorum else None,
        )

    def next_url(self) -> str | None:
        link = self.soup.find("a", rel="next", href=True)
        return urljoin(self.url, str(link["href"])) if isinstance(link, Tag) else None


def parse_listing(
    html: str,
    url: str,
    *,
    markup: str = "auto",
    etag: str | None = None,
    last_modified: str | None = None,
) -> ListingPage:
    """Reads a listing page's HTML (front page, month, category) already fetched."""
    reader = _PageReader(html, url, markup)
    entries = []
    for box, link, ident in reader.post_blocks():
        entry = reader.entry(box, link, ident)
        if entry is None:
            reader.warn(f"post {ident!r}: skipped (no readable date)")
        else:
            entries.append(entry)
    if reader.truncated and entries:
        last = entries.pop()
        reader.warn(f"post {last.id!r}: dropped, as the page was cut off inside or after it")
    return ListingPage(
        url=url,
        entries=tuple(entries),
        roster=reader.roster(),
        next_url=reader.next_url(),
        etag=etag,
        last_modified=last_modified,
        warnings=tuple(reader.warnings),
        complete=not reader.truncated,
    )


def parse_post(
    html: str,
    url: str,
    post_id: str,
    *,
    markup: str = "auto",
    etag: str | None = None,
    last_modified: str | None = None,
) -> ScrapedPost:
    """Reads a post page's HTML already fetched: the post and its comments.

    Raises ScrapeError if the page holds no post ``post_id`` with a readable date.
    """
    reader = _PageReader(html, url, markup)
    blocks = reader.post_blocks()
    block = next((b for b in blocks if b[2] == post_id), None)
    if block is None:
        raise ScrapeError(f"{url}: the page shows no post {post_id!r}")
    entry = reader.entry(*block)
    if entry is None:
        problems = "; ".join(w.message for w in reader.warnings)
        raise ScrapeError(f"{url}: post {post_id!r} has no readable date ({problems})")
    comments = reader.comments(entry)
    if reader.truncated and comments:
        last = comments.pop()
        reader.warn(
            f"comment {last.id!r} by {last.author}: dropped, as the page was cut off "
            "inside or after it"
        )
    elif entry.comment_count >= 0 and entry.comment_count != len(comments):
        reader.warn(f"the page says Comments ({entry.comment_count}) but shows {len(comments)}")
    return ScrapedPost(
        post=entry.to_post(tuple(comments)),
        warnings=tuple(reader.warnings),
        etag=etag,
        last_modified=last_modified,
        complete=not reader.truncated,
    )
