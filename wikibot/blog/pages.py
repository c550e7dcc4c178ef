"""What the scraper reads a blog page into: a listing's posts, a post with its comments,
and the warnings about what a page lacked or got wrong (:mod:`wikibot.blog.parse`
reads them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gamestate.profiles.blognomic_139.models import Comment, Post, PostStatus
from wikibot.blog.sidebar import Sidebar

__all__ = ["ListingEntry", "ListingPage", "ScrapeWarning", "ScrapedPost"]


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
    """The full title, exactly as printed, e.g. "Proposal: Fix the Queue"."""
    category: str
    """The blog category, e.g. "Proposal"."""
    status: PostStatus
    """The status the title's classes show, refined by the Admin's note (Self-Killed)."""
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
class ListingPage:
    """One listing page as read."""

    url: str
    """Where it was read."""
    entries: tuple[ListingEntry, ...]
    """Its posts, in page order (newest first)."""
    sidebar: Sidebar | None
    """The sidebar's roster, if the page has one."""
    next_url: str | None
    """The next (older) page: ``<a rel="next">``, else the link to this listing's next
    numbered page (``/P10``, ``/page/2/``)."""
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
