"""What both of the blog's markups share: telling them apart, slugs, and HTML kept exactly.

BlogNomic's pages come in two markups (``shared/BLOGNOMIC_MARKUP.md``,
``docs/blog-markup.md``): the ``classic`` ExpressionEngine-era pages the live
site serves, and the 2020 WordPress theme ``wp2020``. :func:`detect_markup`
tells them apart on each page (``markup="auto"``).

Text is kept exactly: :func:`canonical_html` re-serialises a fragment with
attributes in source order, HTML void tags and only ``& < >`` escaped, so a
body written that way comes back byte for byte; titles and names are read
with their spaces (double spaces, non-breaking spaces) untouched. Only text
that is searched, never stored (a footer, a date line), is squeezed by
:func:`squeezed_text`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bs4 import BeautifulSoup, Tag
from bs4.dammit import EntitySubstitution
from bs4.element import NavigableString, PageElement
from bs4.formatter import HTMLFormatter

__all__ = [
    "CATEGORY_SLUGS",
    "MARKUPS",
    "MAX_COMMENT_COUNT",
    "canonical_html",
    "category_from_slug",
    "category_slug",
    "check_markup",
    "classes_of",
    "detect_markup",
    "find_tag",
    "inner_html",
    "is_complete_page",
    "nodes_html",
    "numbered_page",
    "squeezed_text",
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
_SLUG_CATEGORIES["votable-matter"] = "Votable Matter"
MARKUPS = ("auto", "classic", "wp2020")
"""The markups a page can be read as; ``auto`` tells them apart on each page."""
MAX_COMMENT_COUNT = 100_000
"""The most comments a post is believed to have (the record is 108): a larger
"Comments (N)" is read as no count (and a warning), as is a sidebar player count
or Quorum over this, rather than a number no database column holds."""


def category_slug(category: str) -> str:
    """The word a category has in classes and URLs: ``proposal``, ``cfj``, ``story-post``."""
    known = CATEGORY_SLUGS.get(category)
    if known:
        return known
    return re.sub(r"[^a-z0-9]+", "-", category.lower()).strip("-") or "uncategorised"


def category_from_slug(slug: str) -> str:
    """The category a class/URL word names (``cfj``: "Call for Judgement"), else the word."""
    return _SLUG_CATEGORIES.get(slug.lower(), slug)


class _SourceOrder(HTMLFormatter):
    """Like bs4's "minimal" formatter, but HTML void tags and source attribute order."""

    def __init__(self) -> None:
        super().__init__(
            entity_substitution=EntitySubstitution.substitute_xml, void_element_close_prefix=""
        )

    def attributes(self, tag: Tag) -> Any:
        return list(tag.attrs.items()) if tag.attrs else []


_FORMATTER = _SourceOrder()


def inner_html(el: Tag) -> str:
    """The element's contents as HTML, as :func:`canonical_html` writes them."""
    return el.decode_contents(formatter=_FORMATTER)


def nodes_html(nodes: Iterable[PageElement]) -> str:
    """Page nodes (elements, text, HTML comments) as HTML, as :func:`inner_html` writes them."""
    return "".join(
        n.decode(formatter=_FORMATTER)
        if isinstance(n, Tag)
        else n.output_ready(_FORMATTER)
        if isinstance(n, NavigableString)
        else ""
        for n in nodes
    )


def check_markup(markup: str) -> None:
    """Raises ValueError unless ``markup`` is ``auto``, ``classic`` or ``wp2020``."""
    if markup not in MARKUPS:
        raise ValueError(f"unknown markup {markup!r}; use one of {MARKUPS}")


def canonical_html(fragment: str) -> str:
    """``fragment`` as the scraper gives bodies back (parsed, then re-serialised)."""
    soup = BeautifulSoup(f"<html><body><div>{fragment}</div></body></html>", "lxml")
    div = soup.body.div if soup.body is not None else None
    return inner_html(div) if isinstance(div, Tag) else ""


def detect_markup(soup: BeautifulSoup) -> str:
    """``wp2020`` if the page carries the WordPress theme's hooks, else ``classic``."""
    if soup.select_one(
        "li.comment[data-comment-time], [class*='term-category-'], [class*='status-open'], "
        "[class*='status-enacted'], [class*='status-failed'], [class*='status-vetoed'], "
        "[class*='status-illegal']"
    ):
        return "wp2020"
    generator = soup.find("meta", attrs={"name": "generator"})
    if isinstance(generator, Tag) and "wordpress" in str(generator.get("content", "")).lower():
        return "wp2020"
    return "classic"


def squeezed_text(el: Tag | None) -> str:
    """The element's text with runs of whitespace made one space ("" for None).

    For text that is searched (a footer, a date line), never for text that is kept.
    """
    return " ".join(el.get_text(" ").split()) if el is not None else ""


def find_tag(el: Tag | None, *args: Any, **kwargs: Any) -> Tag | None:
    """``el.find(...)`` typed: a Tag or None (also None when ``el`` is None)."""
    found = el.find(*args, **kwargs) if el is not None else None
    return found if isinstance(found, Tag) else None


def classes_of(el: Tag) -> list[str]:
    """The element's classes."""
    value = el.get("class")
    return list(value) if isinstance(value, list) else str(value or "").split()


_HTML_END = re.compile(r"</html\s*>", re.IGNORECASE)


def is_complete_page(html: str) -> bool:
    """A whole page has its closing ``</html>``; a page cut off in transfer does not.

    The tag is looked for anywhere, not only near the end: a page may carry
    anything after it (an analytics ``<script>`` appended by the server, a
    trailing HTML comment), and is complete all the same.
    """
    return _HTML_END.search(html) is not None


_PAGE_NUMBER = re.compile(r"^(?P<base>.*?/)(?:P(?P<offset>[0-9]+)|page/(?P<page>[0-9]+))/?$")


def numbered_page(path: str) -> tuple[str, int]:
    """A listing page's path as its listing and its number: ``/2016/05/P10`` is
    (``/2016/05/``, 10), ``/page/2/`` (``/``, 2), a first page (its path, 0)."""
    m = _PAGE_NUMBER.match(path)
    if m is None:
        return (path if path.endswith("/") else path + "/"), 0
    return m["base"], int(m["offset"] or m["page"])
