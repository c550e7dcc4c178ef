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
from wikibot.blog.parse import (
    CATEGORY_SLUGS,
    MAX_COMMENT_COUNT,
    ListingEntry,
    ListingPage,
    Roster,
    ScrapedPost,
    ScrapeWarning,
    canonical_html,
    category_slug,
    check_markup,
    detect_markup,
    is_complete_page,
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
    "Roster",
    "ScrapedPost",
    "ScrapeWarning",
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
]
