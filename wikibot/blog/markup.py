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
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from urllib.parse import SplitResult, urljoin, urlsplit

from bs4 import BeautifulSoup, Tag
from bs4.dammit import EntitySubstitution
from bs4.element import NavigableString, PageElement
from bs4.formatter import HTMLFormatter

__all__ = [
    "BODY_CLASSES",
    "CATEGORY_SLUGS",
    "COMMENT_REGIONS",
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
    "is_comment_region",
    "is_complete_page",
    "is_player_text",
    "next_listing_url",
    "nodes_html",
    "numbered_page",
    "page_tags",
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
BODY_CLASSES = ("postbody", "entrybody", "entry-content", "entry-body")
"""Classes of the element holding a post's body, as its author wrote it."""
COMMENT_REGIONS = ("comment", "commentbody", "comment-list", "comments-area")
"""Classes of a comment or the comments section, whose text players write."""
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


_WP_CLASSES = (
    "term-category-",
    "status-open",
    "status-enacted",
    "status-failed",
    "status-vetoed",
    "status-illegal",
)
"""What the 2020 theme's classes hold (``status-open``, ``term-category-cfj``)."""
_WRITTEN = (*BODY_CLASSES, "commentbody", "content")
"""Classes of the elements holding what players wrote: a post's or a comment's body."""


def detect_markup(soup: BeautifulSoup) -> str:
    """``wp2020`` if the page carries the WordPress theme's hooks, else ``classic``.

    Hooks inside what a player wrote (a comment or post body holding
    ``<span class="status-open">``) are text, not the page's markup: read as
    hooks, one comment would make a classic page unreadable.
    """
    for el in page_tags(soup, lambda el: any(c in _WRITTEN for c in classes_of(el))):
        if any(c in _WRITTEN for c in classes_of(el)):
            continue
        if el.name == "li" and "comment" in classes_of(el) and el.has_attr("data-comment-time"):
            return "wp2020"
        if el.name == "meta" and el.get("name") == "generator":
            if "wordpress" in str(el.get("content", "")).lower():
                return "wp2020"
            continue
        written = " ".join(classes_of(el))
        if any(hook in written for hook in _WP_CLASSES):
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


# A page number of up to 9 digits: a longer one is no page of any blog, and is never
# converted (int() refuses more than 4,300 digits).
_PAGE_NUMBER = re.compile(
    r"^(?P<base>.*?/)(?:P(?P<offset>[0-9]{1,9})|page/(?P<page>[0-9]{1,9}))/?$"
)


def numbered_page(path: str) -> tuple[str, int]:
    """A listing page's path as its listing and its number: ``/2016/05/P10`` is
    (``/2016/05/``, 10), ``/page/2/`` (``/``, 2), a first page (its path, 0)."""
    m = _PAGE_NUMBER.match(path)
    if m is None:
        return (path if path.endswith("/") else path + "/"), 0
    return m["base"], int(m["offset"] or m["page"])


def page_tags(root: Tag, skip: Callable[[Tag], bool]) -> Iterator[Tag]:
    """The tags under ``root`` in document order, not looking inside those ``skip``
    names (which are given themselves).

    One step per tag however deep a player nests tags: looking up each tag's
    ancestors instead costs the depth every time, hours for a comment of twenty
    thousand nested ``<h3>``.
    """
    stack = [iter(root.contents)]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
        elif isinstance(node, Tag):
            yield node
            if not skip(node):
                stack.append(iter(node.contents))


def is_comment_region(el: Tag) -> bool:
    """A comment or the comments section (where quoted text may look like a post)."""
    return el.get("id") == "comments" or any(c in COMMENT_REGIONS for c in classes_of(el))


def is_player_text(el: Tag) -> bool:
    """A comment or the comments section, a post's body, or a wp2020 ``article``: what
    players wrote, or holds it."""
    if el.name == "article" or is_comment_region(el):
        return True
    return any(c in BODY_CLASSES for c in classes_of(el))


def next_listing_url(soup: BeautifulSoup, url: str) -> str | None:
    """The next (older) listing page: ``<a rel="next">``, else the numbered page link.

    Without ``rel="next"`` (a "Next Page &raquo;" link), the next page is the
    link to this listing's own numbered page just after this one:
    ExpressionEngine's ``{listing}/P{n}`` (``/P10``, ``/2016/05/P20``), or
    WordPress's ``{listing}/page/{n}/``, with the least ``n`` greater than
    this page's. Either way only a link of the page's own, to the same site over
    HTTP(S), is followed: a link in a post's body or a comment is a player's
    (``<a rel="next" href="javascript:...">``, ``/P99999``), not the blog's paging.
    """
    here = urlsplit(url)

    def same_site(href: str) -> SplitResult | None:
        try:
            target = urlsplit(urljoin(url, href))
        except ValueError:  # "http://[oops": no link at all
            return None
        ok = target.scheme in ("http", "https") and target.netloc == here.netloc
        return target if ok else None

    links = [
        a
        for a in page_tags(soup, is_player_text)
        if a.name == "a" and a.get("href") is not None and not is_player_text(a)
    ]
    for a in links:
        if "next" in (a.get("rel") or ()) and (target := same_site(str(a["href"]))) is not None:
            return target.geturl()
    base, current = numbered_page(here.path)
    best: tuple[int, str] | None = None
    for a in links:
        target = same_site(str(a["href"]))
        if target is None or target.fragment:
            continue
        at, n = numbered_page(target.path)
        if at == base and n > current and (best is None or n < best[0]):
            best = (n, target._replace(query="", fragment="").geturl())
    return best[1] if best is not None else None
