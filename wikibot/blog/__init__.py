"""Reading the blog: the polite HTTP session, blog dates, page parsing and the scraper."""

from __future__ import annotations

from wikibot.blog.comments import (
    RawComment,
    classic_comments,
    comment_ids,
    wp_comments,
)
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
    MARKUPS,
    MAX_COMMENT_COUNT,
    canonical_html,
    category_from_slug,
    category_slug,
    check_markup,
    classes_of,
    detect_markup,
    find_tag,
    inner_html,
    is_complete_page,
    nodes_html,
    squeezed_text,
)
from wikibot.blog.outcome import (
    status_from_page,
)
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
from wikibot.blog.sidebar import (
    Sidebar,
    read_count,
    read_sidebar,
)

__all__ = [
    "CATEGORY_SLUGS",
    "MARKUPS",
    "MAX_COMMENT_COUNT",
    "MONTH_ABBREVIATIONS",
    "BlogScraper",
    "DateOrder",
    "DateOrderEvidence",
    "ListingEntry",
    "ListingPage",
    "PoliteSession",
    "RawComment",
    "ScrapedPost",
    "ScrapeWarning",
    "Sidebar",
    "canonical_html",
    "category_from_slug",
    "category_slug",
    "check_markup",
    "classes_of",
    "classic_comments",
    "comment_ids",
    "detect_markup",
    "find_blog_date",
    "find_tag",
    "format_named_date",
    "format_numeric_date",
    "infer_date_order",
    "inner_html",
    "is_complete_page",
    "nodes_html",
    "parse_blog_date",
    "parse_crawl_delay",
    "parse_listing",
    "parse_post",
    "parse_retry_after",
    "read_count",
    "read_sidebar",
    "squeezed_text",
    "status_from_page",
    "wp_comments",
]
