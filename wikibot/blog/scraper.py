"""Reading a BlogNomic blog over HTTP: listings, months, posts.

:class:`BlogScraper` fetches pages through a :class:`~wikibot.blog.polite.PoliteSession`
(spaced out, retried, robots.txt obeyed) and reads them with
:mod:`wikibot.blog.parse`, whose records and parsers are re-exported here.

* a listing, or a post page (:meth:`BlogScraper.post_if_modified`), is fetched
  conditionally (``If-None-Match`` / ``If-Modified-Since``) when its last ETag
  or Last-Modified is given, and is None when unchanged (304);
* a page cut off in transfer (no closing ``</html>``) is fetched again; if it
  stays cut, what it holds is kept except its last post or comment, with a
  warning (see :mod:`wikibot.blog.parse`);
* a page that names no charset is read as UTF-8, as the blog writes it;
* listings are followed by their ``<a rel="next">`` links, or without one by the
  link to the listing's next numbered page (``/P10``, ``/page/2/``), each page once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from types import TracebackType
from urllib.parse import quote, urljoin

import requests

from wikibot.blog.markup import (
    CATEGORY_SLUGS,
    canonical_html,
    category_slug,
    check_markup,
    detect_markup,
    is_complete_page,
)
from wikibot.blog.parse import (
    ListingEntry,
    ListingPage,
    ScrapedPost,
    ScrapeWarning,
    parse_listing,
    parse_post,
)
from wikibot.blog.polite import PoliteSession
from wikibot.blog.sidebar import Sidebar
from wikibot.errors import ScrapeError
from wikibot.secrecy import split_credentials

__all__ = [
    "BlogScraper",
    "CATEGORY_SLUGS",
    "ListingEntry",
    "ListingPage",
    "Sidebar",
    "ScrapeWarning",
    "ScrapedPost",
    "canonical_html",
    "category_slug",
    "detect_markup",
    "parse_listing",
    "parse_post",
]


def _html(resp: requests.Response) -> str:
    """The page's text; UTF-8 when the server names no charset (requests would guess Latin-1)."""
    if "charset" not in resp.headers.get("Content-Type", "").lower():
        return resp.content.decode("utf-8", errors="replace")
    return resp.text


class BlogScraper:
    """Reads a BlogNomic blog politely (see :mod:`wikibot.blog.polite`).

    >>> with BlogScraper("http://127.0.0.1:8080/", user_agent="nomicbot (op: Kevan)") as blog:
    ...     page = blog.front_page()  # doctest: +SKIP
    """

    def __init__(
        self,
        base_url: str,
        *,
        session: requests.Session | None = None,
        markup: str = "auto",
        user_agent: str,
        min_interval: float = 1.0,
        timeout: float = 30.0,
        max_retries: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        robots_txt: Mapping[str, str | None] | None = None,
        auth: tuple[str, str] | None = None,
    ) -> None:
        check_markup(markup)
        # A login written in the URL goes to the HTTP client alone, never into the URLs
        # that pages, logs and the mirror's sync log carry.
        base_url, written = split_credentials(base_url)
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        """The blog's root URL (without any login)."""
        self.markup = markup
        """``classic``, ``wp2020``, or ``auto`` (told apart on each page)."""
        self.http = PoliteSession(
            user_agent=user_agent,
            session=session,
            min_interval=min_interval,
            timeout=timeout,
            max_retries=max_retries,
            sleep=sleep,
            clock=clock,
            robots_txt=robots_txt,
            auth=auth or written,
        )
        """The polite HTTP client every request goes through."""

    @property
    def requests_made(self) -> int:
        """Every HTTP request actually sent, retries and robots.txt included."""
        return self.http.requests_made

    def close(self) -> None:
        """Closes the connection pool if the scraper created it."""
        self.http.close()

    def __enter__(self) -> BlogScraper:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _get(
        self, url: str, etag: str | None = None, last_modified: str | None = None
    ) -> requests.Response | None:
        headers = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        resp = self.http.get(url, headers=headers, is_complete=lambda r: is_complete_page(_html(r)))
        return None if resp.status_code == 304 else resp

    def listing(
        self, url: str, *, etag: str | None = None, last_modified: str | None = None
    ) -> ListingPage | None:
        """Any listing page (next pages, months, categories); None if unchanged (304)."""
        url = urljoin(self.base_url, url)
        resp = self._get(url, etag, last_modified)
        if resp is None:
            return None
        return parse_listing(
            _html(resp),
            resp.url or url,
            markup=self.markup,
            etag=resp.headers.get("ETag"),
            last_modified=resp.headers.get("Last-Modified"),
        )

    def front_page(
        self, *, etag: str | None = None, last_modified: str | None = None
    ) -> ListingPage | None:
        """The front page (newest posts and the roster); None if unchanged (304)."""
        return self.listing(self.base_url, etag=etag, last_modified=last_modified)

    def month(
        self,
        year: int,
        month: int,
        *,
        etag: str | None = None,
        last_modified: str | None = None,
    ) -> ListingPage | None:
        """The first page of a monthly archive, ``/{YYYY}/{MM}/``; None if unchanged."""
        if not 1 <= month <= 12:
            raise ValueError(f"month must be 1 to 12, not {month}")
        return self.listing(f"{year:04d}/{month:02d}/", etag=etag, last_modified=last_modified)

    def post(self, post_id: str) -> ScrapedPost:
        """One post with its comments, from ``/archive/{id}``."""
        scraped = self.post_if_modified(post_id)
        if scraped is None:
            url = urljoin(self.base_url, "archive/" + quote(post_id, safe=""))
            raise ScrapeError(f"{url}: answered 304 Not Modified to a plain GET")
        return scraped

    def post_if_modified(
        self, post_id: str, *, etag: str | None = None, last_modified: str | None = None
    ) -> ScrapedPost | None:
        """One post with its comments; None if unchanged since ``etag`` / ``last_modified`` (304).

        The result carries the page's own ETag and Last-Modified for the next check.
        """
        url = urljoin(self.base_url, "archive/" + quote(post_id, safe=""))
        resp = self._get(url, etag, last_modified)
        if resp is None:
            if not (etag or last_modified):
                raise ScrapeError(f"{url}: answered 304 Not Modified to a plain GET")
            return None
        return parse_post(
            _html(resp),
            resp.url or url,
            post_id,
            markup=self.markup,
            etag=resp.headers.get("ETag"),
            last_modified=resp.headers.get("Last-Modified"),
        )

    def iter_listings(self, start_url: str | None = None) -> Iterator[ListingPage]:
        """Listing pages from ``start_url`` (the front page) on, following "next" links
        (:attr:`ListingPage.next_url`)."""
        url: str | None = urljoin(self.base_url, start_url or "")
        seen: set[str] = set()
        while url is not None and url not in seen:
            seen.add(url)
            page = self.listing(url)
            if page is None:
                raise ScrapeError(f"{url}: answered 304 Not Modified to a plain GET")
            yield page
            url = page.next_url
