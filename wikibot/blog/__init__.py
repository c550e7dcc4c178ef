"""Reading the blog: the polite HTTP session, blog dates, page parsing and the scraper."""

from __future__ import annotations

from wikibot.blog.dates import (
    MONTH_ABBREVIATIONS,
    DateOrder,
    DateOrderEvidence,
    find_blog_date,
    format_named_date,
    format_numeric_date,
    infer_date_order,
    parse_blog_date,
)
from wikibot.blog.markup import (
    CATEGORY_SLUGS,
    MAX_COMMENT_COUNT,
    canonical_html,
    category_slug,
    check_markup,
    detect_markup,
    is_complete_page,
)
from wikibot.blog.outcome import status_from_page
from wikibot.blog.parse import (
    ListingEntry,
    ListingPage,
    ScrapedPost,
    ScrapeWarning,
    parse_listing,
    parse_post,
)
from wikibot.blog.polite import (
    PoliteSession,
    parse_crawl_delay,
    parse_retry_after,
)
from wikibot.blog.scraper import (
    BlogScraper,
)
from wikibot.blog.sidebar import Sidebar, read_sidebar

__all__ = [
    "CATEGORY_SLUGS",
    "MAX_COMMENT_COUNT",
    "MONTH_ABBREVIATIONS",
    "BlogScraper",
    "DateOrder",
    "DateOrderEvidence",
    "ListingEntry",
    "ListingPage",
    "PoliteSession",
    "ScrapedPost",
    "ScrapeWarning",
    "Sidebar",
    "canonical_html",
    "category_slug",
    "check_markup",
    "detect_markup",
    "find_blog_date",
    "format_named_date",
    "format_numeric_date",
    "infer_date_order",
    "is_complete_page",
    "parse_blog_date",
    "parse_crawl_delay",
    "parse_listing",
    "parse_post",
    "parse_retry_after",
    "read_sidebar",
    "status_from_page",
]
