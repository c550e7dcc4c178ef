"""Reading BlogNomic's page HTML into posts and comments.

This module parses pages already fetched; :mod:`wikibot.blog.scraper` fetches them
politely and hands them here. It holds the records a page is read into
(:class:`ListingEntry`, :class:`ListingPage`, :class:`ScrapedPost`,
:class:`ScrapeWarning`) and the readers :func:`parse_listing` and
:func:`parse_post`. What both markups share is in :mod:`wikibot.blog.markup`,
the sidebar in :mod:`wikibot.blog.sidebar`, and a ``Failed`` post's real
outcome (Self-Killed, Vetoed) read from its Admin's note in
:mod:`wikibot.blog.outcome`.

Two markups are read through one interface (``markup="auto"`` tells them apart
on each page): the ExpressionEngine-era ``classic`` pages and the 2020
WordPress theme ``wp2020`` (``shared/BLOGNOMIC_MARKUP.md``). Only the stable
hooks are relied on:

* a post: the ``<h3>`` (classic) holding a link to ``/archive/{id}``, or the
  ``<article>`` (wp2020) whose ``elementor-heading-title``/``entry-title``
  holds it; the post is the element around the title that holds its
  ``posted by`` footer (found by walking up, so a wrapper more or less or
  extra inner ``div``s do not matter); classes give the category
  (``proposal``, ``term-category-cfj``) and status (``Enacted``,
  ``status-open``), wherever in the post they sit; a category link
  ``rel="tag"`` gives the category's full name where there is one; the
  ``posted by <a href="/member/N">NAME</a> at DATE`` footer; ``Comments (N)``
  (or WordPress's ``N Comments``); the "Adminned at DATE" paragraph and the
  Admin's note before it, at any depth in the post;
* a comment: ``div.comment`` (author the ``/member/N`` link in its ``h3``, date
  in its header, body in ``div.commentbody``) or ``li.comment`` (``data-author-name``,
  ``data-comment-time``, ``data-vote``, body in ``div.content``);
* the sidebar: ``#PlayerList > a`` (a trailing ``*`` marks Idle players,
  ``class="admin"`` or ``title="Admin"`` Admins), ``#PlayerCount`` ("... 7 ...
  Quorum is 4") and ``#Boss`` ("Boss: Kevan").

Titles, names and notes are kept exactly as the page prints them (double and
non-breaking spaces included). Bodies are kept as HTML, voting icons included, re-serialised by
:func:`canonical_html` (attributes in source order, HTML void tags, only
``& < >`` escaped), so a body written that way comes back byte for byte.

Nothing on a bad page is dropped silently: every gap is a :class:`ScrapeWarning`
naming the page and what was missing, and the rest of the page is kept:

* a page cut off in transfer (no closing ``</html>`` anywhere, see
  :func:`is_complete_page`) keeps what it holds except its last post or
  comment, which may be cut too and is dropped with a warning;
* classes that contradict each other or the category link, a status word the
  site does not show (``Withdrawn``: read as Failed), a missing category
  (left empty; a layout class such as ``posttitle`` is never one), a resolved
  post without an "Adminned at" line, a post listed twice (the first kept) and
  comments inside another comment's body (skipped; ten named, then a count)
  are each a warning;
* a post without an author link keeps an empty author; a listing entry
  without a readable date is skipped (:func:`parse_post` raises ScrapeError
  instead); a missing ``Comments (N)``, or one beyond belief (over
  :data:`MAX_COMMENT_COUNT`), gives ``comment_count == -1``;
* a comment without an author is skipped; one whose date cannot be read is
  kept with the previous comment's time (comments are in time order, so the
  order of votes is kept), and the warning says so;
* comments on one post are listed in time order, after the post: a page
  whose ambiguous dates (``01-03-2016``) break that order read day first but
  not month first proves month first (and is read so, as a ``03-20-2017``
  would prove it); a comment still dated before its post, or (classic) before
  the comment above it, is kept as dated, with a warning naming both;
* a comment without an id gets one made from what does not change when other
  comments come and go: its author and the date its header prints
  (``Kevan@23-05-2016_11:00:00``), with ``~2``, ``~3``... for more comments by
  the same author in the same second; an id the page gives twice gets such a
  counter too, with a warning;
* a voting icon under a vote-icon path that is none of the known icons, or an
  unknown ``data-vote``, is kept as written, with a warning; so is an absurd
  "I bid X" (X of thousands of digits), which rule "Planning" then ignores.

What players write (a post's body, a comment) is data, never the page's
markup: a post title or a comment written in a post's body is neither (nor a
vote), the 2020 theme's classes in a comment do not change how the page is
read, and a link there is never followed as the next listing page
(:func:`next_listing_url`). The page is walked from the top, never looking
into a body or a comment for the page's own parts, so that tags nested twenty
thousand deep cost one step each (:func:`page_tags`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup, Tag

from gamestate.profiles.blognomic_139.bids import bid_mentions, comment_text
from gamestate.profiles.blognomic_139.icons import icon_vote, scan_html
from gamestate.profiles.blognomic_139.models import Comment, PostStatus
from wikibot.blog.comments import classic_comments, wp_comments
from wikibot.blog.dates import (
    DateOrder,
    find_blog_date,
    infer_date_order,
    order_proven_by_sequence,
    parse_blog_date,
)
from wikibot.blog.markup import (
    BODY_CLASSES,
    category_from_slug,
    category_slug,
    check_markup,
    classes_of,
    detect_markup,
    find_tag,
    inner_html,
    is_comment_region,
    is_complete_page,
    next_listing_url,
    nodes_html,
    page_tags,
    squeezed_text,
)
from wikibot.blog.outcome import is_adminned_line, paragraph_lines, status_from_page
from wikibot.blog.pages import ListingEntry, ListingPage, ScrapedPost, ScrapeWarning
from wikibot.blog.sidebar import read_count, read_sidebar
from wikibot.errors import ScrapeError

__all__ = [
    "ListingEntry",
    "ListingPage",
    "ScrapeWarning",
    "ScrapedPost",
    "parse_listing",
    "parse_post",
]

_COMMENTS_RE = re.compile(
    r"^\s*(?:Comments?\s*\(\s*([0-9]+)\s*\)|([0-9]+)\s+Comments?|(One)\s+Comment|(No)\s+Comments)\s*$",
    re.IGNORECASE,
)
"""``Comments (N)`` (classic), ``N Comments``, ``One Comment``, ``No Comments`` (WordPress)."""
_TITLE_CLASSES = ("elementor-heading-title", "entry-title")
_STATUS_CLASSES = frozenset(
    ("enacted", "failed", "vetoed", "illegal", "open", "pending", "self-killed", "selfkilled")
)
"""The status words a title's class (or ``status-*``) carries; the site shows the first five."""


def _post_id(href: str) -> str | None:
    path = urlsplit(href).path
    head, sep, rest = path.partition("/archive/")
    ident = rest.strip("/").split("/")[0] if sep else ""
    return unquote(ident) or None


def _is_body(el: Tag) -> bool:
    return any(c in BODY_CLASSES for c in classes_of(el))


def _in_written(el: Tag) -> bool:
    """Is ``el`` a comment or the comments section, or a post's body (not looked into)."""
    return is_comment_region(el) or _is_body(el)


def _in_article(el: Tag) -> bool:
    """What a wp2020 post is not looked for in: comments, a body, another post."""
    return el.name == "article" or is_comment_region(el) or "entry-content" in classes_of(el)


def _is_footer(p: Tag) -> bool:
    return squeezed_text(p).lower().startswith("posted by")


@dataclass(frozen=True)
class _Block:
    """Where one post sits on the page."""

    box: Tag
    """The post's own element (its ``div`` or ``article``)."""
    link: Tag
    """The title's link."""
    ident: str
    """The post's url title."""
    meta: Tag
    """Where its footer, count and Admin field are (``box`` or the theme's template)."""
    body: Tag | list[Any] | None
    """Its body: an element, the ``article``'s nodes before the template, or None."""


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

    def post_blocks(self) -> list[_Block]:
        """Each post on the page, in page order."""
        if self.markup == "classic":
            titles = []
            # Not in the comments, nor in a post's body: its author may write a title there.
            for h3 in page_tags(self.soup, _in_written):
                link = h3.find("a", href=re.compile("/archive/")) if h3.name == "h3" else None
                ident = _post_id(str(link.get("href", ""))) if isinstance(link, Tag) else None
                if isinstance(link, Tag) and ident:
                    titles.append((h3, link, ident))
            heads = {id(h3) for h3, _, _ in titles}
            found = []
            for h3, link, ident in titles:
                box = self._box_around(h3, heads)
                body = find_tag(box, "div", class_=BODY_CLASSES)
                found.append(_Block(box, link, ident, box, body))
            return found
        found = []
        for article in page_tags(self.soup, _in_article):  # never one inside another
            if article.name != "article" or "comment-body" in classes_of(article):
                continue
            title = article.find(class_=_TITLE_CLASSES) or article
            link = title.find("a", href=re.compile("/archive/"))
            ident = _post_id(str(link.get("href", ""))) if isinstance(link, Tag) else None
            if not isinstance(link, Tag) or not ident:
                continue
            template = self._template(article)
            if template is not None:
                nodes = []
                for node in article.contents:
                    if node is template:
                        break
                    nodes.append(node)
                found.append(_Block(article, link, ident, template, nodes))
            else:
                body = find_tag(article, "div", class_=BODY_CLASSES)
                found.append(_Block(article, link, ident, article, body))
        return found

    @staticmethod
    def _template(article: Tag) -> Tag | None:
        """The 2020 theme's post template (title, classes, footer, Admin field) in ``article``."""
        for child in article.find_all("div", recursive=False):
            if "elementor" in classes_of(child):
                return child
        return None

    def _box_around(self, h3: Tag, heads: set[int]) -> Tag:
        """The post's own element: up from the title until its footer is inside.

        Never up to an element holding another post's title, nor past ``body``.
        """
        box = h3.parent if isinstance(h3.parent, Tag) else h3
        while not any(_is_footer(p) for p in self._outside(box, None, "p")):
            up = box.parent
            if not isinstance(up, Tag) or up.name in ("body", "html", "[document]"):
                break
            if any(id(t) in heads and t is not h3 for t in up.find_all("h3")):
                break
            box = up
        return box

    def _outside(self, box: Tag, body: Tag | list[Any] | None, name: str | bool) -> list[Tag]:
        """``box``'s descendants named ``name`` (True: any), except the post's body, a
        post body's element (``postbody``...) and what they or the comments hold."""

        def skip(el: Tag) -> bool:
            return el is body or _in_written(el)

        return [
            el
            for el in page_tags(box, skip)
            if (name is True or el.name == name) and el is not body and not _is_body(el)
        ]

    def _kind(
        self, block: _Block, note: str | None, resolved_at: datetime | None
    ) -> tuple[str, PostStatus]:
        """The post's category and status, from its classes, category link and Admin's note.

        The category is the category link (``rel="tag"``), else a class naming a
        known category (classic: ``proposal``, ``cfj``...; wp2020: any
        ``term-category-*``); a layout class (``posttitle``) is never taken for
        one. The status is the one status word among the classes; two that
        disagree, or a word the site does not show, are read as the doc says and
        warned about.
        """
        ident = block.ident
        slugs: list[str] = []
        words: list[str] = []
        others: list[str] = []
        if self.markup == "classic":  # <h3 class="... proposal Enacted">
            for word in classes_of(block.link.find_parent("h3") or block.box):
                if category_from_slug(word) != word:
                    slugs.append(word)
                elif word.lower() in _STATUS_CLASSES:
                    words.append(word)
                else:
                    others.append(word)
        else:  # status-enacted term-category-proposal, on the article or in its template
            holders = [block.box, *self._outside(block.meta, block.body, True)]
            for el in holders:
                for w in classes_of(el):
                    if w.startswith("term-category-"):
                        slugs.append(w.removeprefix("term-category-"))
                    elif w.startswith("status-"):
                        word = w.removeprefix("status-")
                        (words if word.lower() in _STATUS_CLASSES else others).append(word)
        category = self._category(block, slugs, others)
        statuses = list(dict.fromkeys(PostStatus.from_text(w) for w in words))
        if len(statuses) > 1:
            # An "Adminned at" line says it was resolved; without one, an "open" stands.
            resolved = [s for s in statuses if s is not PostStatus.PENDING]
            shown: PostStatus
            if resolved_at is not None or PostStatus.PENDING not in statuses:
                shown = resolved[-1]
            else:
                shown = PostStatus.PENDING
            self.warn(
                f"post {ident!r}: its classes show {len(statuses)} statuses "
                f"({', '.join(words)}); read as {shown.value}"
                + (" (it has an 'Adminned at' line)" if resolved_at is not None else "")
            )
            return category, status_from_page(shown, note)
        if statuses:
            return category, status_from_page(statuses[0], note)
        if any(w.lower() == "withdrawn" for w in others):
            self.warn(
                f"post {ident!r}: status class 'Withdrawn' is none the site shows "
                "(a withdrawn Proposal is shown Failed); read as Failed"
            )
            return category, status_from_page(PostStatus.FAILED, note)
        unknown = f" among its classes {' '.join(others)!r}" if others else ""
        self.warn(
            f"post {ident!r}: no status word (Enacted, Failed, Vetoed, Illegal, open)"
            f"{unknown}; read as Pending"
        )
        return category, PostStatus.PENDING

    def _category(self, block: _Block, slugs: list[str], others: list[str]) -> str:
        """The category link's text, else the class naming a category; warns on a clash."""
        ident = block.ident
        linked = next(
            (
                a.get_text().strip()
                for a in self._outside(block.meta, block.body, "a")
                if {"tag", "category"} & set(a.get("rel") or ())
            ),
            "",
        )
        named = list(dict.fromkeys(category_from_slug(w) for w in slugs))
        agrees = linked in named or category_slug(linked) in {w.lower() for w in slugs}
        if linked and named and not agrees:
            self.warn(
                f"post {ident!r}: its category link says {linked!r} but its classes say "
                f"{named[0]!r}; read as {linked!r} (the link)"
            )
        elif len(named) > 1 and not linked:
            self.warn(
                f"post {ident!r}: its classes name {len(named)} categories "
                f"({', '.join(named)}); read as {named[0]!r}"
            )
        category = linked or (named[0] if named else "")
        if not category:
            unknown = f" (its classes {' '.join(others)!r} name none)" if others else ""
            self.warn(f"post {ident!r}: no category shown{unknown}; category left empty")
        return category

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

    def entry(self, block: _Block) -> ListingEntry | None:
        """The post, or None (with a warning) if it has no readable date."""
        ident, meta, body = block.ident, block.meta, block.body
        if body is None:
            self.warn(f"post {ident!r}: no post body found; body left empty")
        footer = next((p for p in self._outside(meta, body, "p") if _is_footer(p)), None)
        author, posted_at = "", None
        if footer is None:
            self.warn(f"post {ident!r}: no 'posted by' line (author and date missing)")
        else:
            link = find_tag(footer, "a", href=re.compile("/member"))
            author = link.get_text().strip() if link is not None else ""
            if not author:
                self.warn(f"post {ident!r}: no author link in the 'posted by' line")
            posted_at = self._date(squeezed_text(footer), f"post {ident!r} date")
        if posted_at is None:
            return None
        count = -1
        for a in self._outside(meta, body, "a"):
            if m := _COMMENTS_RE.match(a.get_text()):
                digits = m.group(1) or m.group(2) or ("1" if m.group(3) else "0")
                shown = read_count(digits, f"post {ident!r}: 'Comments (N)'", self.warn)
                count = -1 if shown is None else shown
                break
        else:
            self.warn(f"post {ident!r}: no 'Comments (N)' link")
        note, resolved_at = self._admin_field(meta, body, ident)
        category, status = self._kind(block, note, resolved_at)
        if status is PostStatus.PENDING and resolved_at is not None:
            self.warn(f"post {ident!r}: shown open (Pending) but has an 'Adminned at' line")
        elif status is not PostStatus.PENDING and resolved_at is None:
            self.warn(
                f"post {ident!r}: shown {status.value} but no readable 'Adminned at' line; "
                "resolved time unknown"
            )
        html = inner_html(body) if isinstance(body, Tag) else nodes_html(body or [])
        return ListingEntry(
            id=ident,
            title=block.link.get_text(),
            category=category,
            status=status,
            author=author,
            posted_at=posted_at,
            comment_count=count,
            body_html=html,
            admin_note=note,
            resolved_at=resolved_at,
        )

    def _admin_field(
        self, meta: Tag, body: Tag | list[Any] | None, ident: str
    ) -> tuple[str | None, datetime | None]:
        """The Admin's note and the "Adminned at" time, wherever in the post they sit."""
        paragraphs = self._outside(meta, body, "p")
        adminned, lines, at = None, [], -1
        for p in paragraphs:
            lines = paragraph_lines(p)
            at = next((i for i, ln in enumerate(lines) if is_adminned_line(ln)), -1)
            if at >= 0:
                adminned = p
                break
        resolved_at = None
        if adminned is not None:
            resolved_at = self._date(
                " ".join(lines[at].split()), f"post {ident!r} 'Adminned at' date"
            )
        note_p = next((p for p in paragraphs if "admin-note" in classes_of(p)), None)
        if note_p is None and adminned is not None and at > 0:
            # "Enacted 5-0 by Kevan<br>Adminned at ...": the note is the lines before.
            return "\n".join(lines[:at]).strip(), resolved_at
        if note_p is None and adminned is not None:  # no class: the paragraph before
            note_p = adminned.find_previous_sibling("p")
        note = note_p.get_text() if isinstance(note_p, Tag) else None
        return note, resolved_at

    # Comments.

    def comments(self, post: ListingEntry) -> list[Comment]:
        """The page's comments in time order, dated as the page proves."""
        read = classic_comments if self.markup == "classic" else wp_comments
        raw = read(self.soup, self.warn)
        evidence = infer_date_order(w for *_, w in raw if isinstance(w, str))
        order = evidence.order
        if evidence.is_conflicting:
            self.warn(
                f"comment dates prove both orders ({evidence.day_first_proof!r} is day first, "
                f"{evidence.month_first_proof!r} month first); ambiguous ones read day first"
            )
        elif evidence.day_first_proof is None and evidence.month_first_proof is None:
            order = order_proven_by_sequence([w for *_, w in raw], post.posted_at)
        out: list[Comment] = []
        for ident, author, body, vote, when in raw:
            if not author:
                self.warn(f"comment {ident!r}: no author; skipped")
                continue
            where = f"comment {ident!r} by {author!r}"
            html = inner_html(body) if body is not None else ""
            if body is None:
                self.warn(f"{where}: no comment body; body left empty")
            for src in scan_html(html).unknown:
                self.warn(f"{where}: unknown voting icon {src!r}; kept as written")
            if vote is not None and icon_vote(vote) is None:
                self.warn(f"{where}: unknown vote {vote!r}; kept as written")
            if "bid" in html.lower():
                for m in bid_mentions(comment_text(html)):
                    if m.absurd:  # rule "Planning" ignores it; say so where it is read
                        self.warn(f"{where}: {m.text!r} is no bid: {m.reason}; ignored")
            moment = when if isinstance(when, datetime) else self._date(when, where, order)
            if moment is None:
                moment = out[-1].posted_at if out else post.posted_at
                self.warn(f"{where}: kept with the time of the comment before it ({moment} UTC)")
            elif moment < post.posted_at:
                self.warn(
                    f"{where}: dated {moment} UTC, before its post ({post.posted_at} UTC); "
                    "kept as dated"
                )
            elif self.markup == "classic" and out and moment < out[-1].posted_at:
                before = out[-1]
                self.warn(
                    f"{where}: dated {moment} UTC, before the comment above it "
                    f"({before.id!r}, {before.posted_at} UTC), though comments are listed in "
                    "time order; kept as dated, so the later of the two in time counts as later"
                )
            out.append(
                Comment(id=ident, author=author, posted_at=moment, body_html=html, vote=vote)
            )
        # wp2020 replies nest after their parent but may be newer than later comments.
        return sorted(out, key=lambda c: c.posted_at) if self.markup == "wp2020" else out

    # Paging.

    def next_url(self) -> str | None:
        """The next (older) listing page (see :func:`next_listing_url`)."""
        return next_listing_url(self.soup, self.url)


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
    seen: set[str] = set()
    for block in reader.post_blocks():
        ident = block.ident
        if ident in seen:
            reader.warn(f"post {ident!r}: listed twice on the page; the first kept")
            continue
        seen.add(ident)
        entry = reader.entry(block)
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
        sidebar=read_sidebar(reader.soup, reader.warn),
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
    block = next((b for b in blocks if b.ident == post_id), None)
    if block is None:
        raise ScrapeError(f"{url}: the page shows no post {post_id!r}")
    entry = reader.entry(block)
    if entry is None:
        problems = "; ".join(w.message for w in reader.warnings)
        raise ScrapeError(f"{url}: post {post_id!r} has no readable date ({problems})")
    comments = reader.comments(entry)
    if reader.truncated and comments:
        last = comments.pop()
        reader.warn(
            f"comment {last.id!r} by {last.author!r}: dropped, as the page was cut off "
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
