"""Reading the comments of a post page, in both markups, with stable ids.

:func:`classic_comments` reads ``div.comment`` (author: the ``/member/N`` link in
its ``h3``, as in a post's footer, never a permalink such as ``#``; date in
its header, body in ``div.commentbody``, an explicit vote in
``div.commentvote > img``); :func:`wp_comments` reads the 2020 theme's
``li.comment`` (``data-author-name``, ``data-comment-time``, ``data-vote``;
the body and ``span.author-name`` of each comment, not of its replies in
``ol.children``). A wp2020 comment's vote is its ``data-vote`` only (empty or
``no-vote``: no vote); an icon in its ``div.vote`` with no ``data-vote`` is
not read as a vote, with a warning. Both give raw comments (id, author, body, vote,
time or the header text holding it) that :mod:`wikibot.blog.parse` dates and
checks; :func:`comment_ids` gives each an id that does not move.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bs4 import BeautifulSoup, Tag

from wikibot.blog.dates import find_blog_date
from wikibot.blog.markup import find_tag, squeezed_text

__all__ = ["RawComment", "classic_comments", "comment_ids", "wp_comments"]

RawComment = tuple[str, str, Tag | None, str | None, datetime | str]
"""id, author, body, explicit vote, and the time or the header text holding it."""
_ZONE_SUFFIX = re.compile(r"\s*(?:UTC|GMT)$", re.IGNORECASE)


def _own(li: Tag, *args: Any, **kwargs: Any) -> Tag | None:
    """The first match in comment ``li`` that is not in one of its replies."""
    return next(
        (el for el in li.find_all(*args, **kwargs) if el.find_parent("li") is li),
        None,
    )


def comment_ids(raw: list[RawComment], warn: Callable[[str], None]) -> list[RawComment]:
    """``raw`` with an id for each comment the page gave none, and no id twice.

    A made-up id must not depend on the comment's place on the page: when
    an earlier comment vanishes, the later ones must keep theirs (or the
    mirror would take them for edits, and miss the new ones). So it is
    the author and the date the header prints, as printed (the reading of
    an ambiguous date may change as comments come; the text does not).
    """
    given = {ident for ident, *_ in raw if ident}
    used: set[str] = set()
    # The last counter taken for each base: thousands of comments by one author in one
    # second (or a page giving one id thousands of times) cost one step each, not n.
    counters: dict[str, int] = {}
    out: list[RawComment] = []
    for ident, author, body, vote, when in raw:
        base = ident
        if not base:
            if isinstance(when, datetime):
                stamp = str(int(when.timestamp()))
            else:
                stamp = _ZONE_SUFFIX.sub("", find_blog_date(when) or "") or "undated"
            base = re.sub(r"\s+", "_", f"{author}@{stamp}")
        n = counters.get(base, 1)
        unique = base if n == 1 else f"{base}~{n}"
        # A made-up id also steps aside for an id the page gives another comment.
        while unique in used or (not ident and unique in given):
            n += 1
            unique = f"{base}~{n}"
        counters[base] = n
        if ident and unique != ident:
            warn(f"comment id {ident!r} appears twice on the page; read as {unique!r}")
        used.add(unique)
        out.append((unique, author, body, vote, when))
    return out


def _commenter_link(head: Tag | None) -> Tag | None:
    """The commenter's link in a comment's ``h3``: the ``/member/N`` link, as in a post's
    footer; failing that, the first link that is not a permalink (``#``, ``#comment-9``)."""
    if head is None:
        return None
    links = [a for a in head.find_all("a") if isinstance(a, Tag)]
    member = next((a for a in links if "/member/" in str(a.get("href", ""))), None)
    if member is not None:
        return member
    return next((a for a in links if not _is_permalink(a)), None)


def _is_permalink(a: Tag) -> bool:
    """A link to a comment itself (``#comment-9``, ``/archive/x#comment-9``), not a person."""
    href = str(a.get("href", ""))
    return "#" in href or not a.get_text().strip().strip("#")


def classic_comments(soup: BeautifulSoup, warn: Callable[[str], None]) -> list[RawComment]:
    """``div.comment``: author and date in the ``h3``, body in ``div.commentbody``."""
    raw: list[RawComment] = []
    for box in soup.find_all("div", class_="comment"):
        if (holder := box.find_parent(class_="commentbody")) is not None:
            # A quoted comment inside another's body, or a real one swallowed by a tag
            # left open in an earlier body: either way not read, but named.
            outer = holder.find_parent("div", class_="comment")
            outer_id = str(outer.get("id", "")).removeprefix("comment-") if outer else ""
            link = _commenter_link(find_tag(box, "h3"))
            ident = str(box.get("id", "")).removeprefix("comment-").strip()
            warn(
                f"comment {ident!r} by {link.get_text().strip() if link else '?'!r}: inside "
                f"the body of comment {outer_id!r} (a quote, or a tag left open there); "
                "skipped, so its vote is not read"
            )
            continue
        head = find_tag(box, "h3")
        link = _commenter_link(head)
        icon = find_tag(find_tag(box, class_="commentvote"), "img")
        raw.append(
            (
                str(box.get("id", "")).removeprefix("comment-").strip(),
                link.get_text().strip() if link is not None else "",
                find_tag(box, "div", class_="commentbody"),
                str(icon.get("alt", "")).strip().lower() or None if icon else None,
                squeezed_text(head) if head is not None else "",
            )
        )
    return comment_ids(raw, warn)


def wp_comments(soup: BeautifulSoup, warn: Callable[[str], None]) -> list[RawComment]:
    """``li.comment``: ``data-*`` attributes, body in its own ``div.content``."""
    raw: list[RawComment] = []
    for li in soup.find_all("li", class_="comment"):
        if li.find_parent(class_="content"):
            continue
        ident = str(li.get("data-comment-id") or li.get("id") or "")
        ident = ident.removeprefix("comment-").strip()
        name = find_tag(_own(li, class_="author-name"), "a")
        author = str(li.get("data-author-name") or "") or (name.get_text().strip() if name else "")
        body = _own(li, "div", class_="content")
        # The vote is the comment's data-vote field, never an icon: div.vote only shows it.
        word = str(li.get("data-vote") or "").strip().lower()
        icon = find_tag(_own(li, "div", class_="vote"), "img")
        shown = str(icon.get("alt", "")).strip().lower() if icon else ""
        if shown and word in ("", "no-vote", "none"):
            where = f"comment {ident!r} by {author!r}" if ident else f"a comment by {author!r}"
            field = f"{word!r}" if word else "empty"
            warn(
                f"{where}: its div.vote shows {shown!r} but its data-vote is {field}; "
                "only data-vote is the vote, so none is read"
            )
        when: datetime | str = squeezed_text(_own(li, class_=["meta", "comment-meta"]))
        stamp = str(li.get("data-comment-time") or "")
        try:
            when = datetime.fromtimestamp(int(stamp), UTC)
        except (ValueError, OverflowError, OSError):
            pass  # no usable unix time: read the date shown in the header instead
        vote = None if word in ("", "no-vote", "none") else word
        raw.append((ident, author, body, vote, when))
    return comment_ids(raw, warn)
