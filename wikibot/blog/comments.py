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

from bs4 import BeautifulSoup, Tag

from wikibot.blog.dates import find_blog_date
from wikibot.blog.markup import BODY_CLASSES, classes_of, find_tag, page_tags, squeezed_text

__all__ = ["RawComment", "classic_comments", "comment_ids", "wp_comments"]

RawComment = tuple[str, str, Tag | None, str | None, datetime | str]
"""id, author, body, explicit vote, and the time or the header text holding it."""
_ZONE_SUFFIX = re.compile(r"\s*(?:UTC|GMT)$", re.IGNORECASE)


_QUOTED_SHOWN = 10
"""How many comments found inside another's body are named, one warning each."""


def _written(el: Tag, body_class: str) -> bool:
    """A comment's body (``body_class``) or a post's: what a player wrote."""
    return any(c == body_class or c in BODY_CLASSES for c in classes_of(el))


def _own(li: Tag, name: str | None, class_: str | list[str]) -> Tag | None:
    """The first element of ``li`` with one of those classes that is not in one of its
    replies (nor in another ``li``)."""
    wanted = {class_} if isinstance(class_, str) else set(class_)
    for el in page_tags(li, lambda el: el.name == "li"):
        if el.name != "li" and (name is None or el.name == name) and wanted & set(classes_of(el)):
            return el
    return None


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
    # A comment inside another's body is not looked for one by one (a player may nest
    # thousands): each body is searched once, below. One in a post's body is its
    # author's text, never a comment (nor a vote).
    boxes = [
        el
        for el in page_tags(soup, lambda el: _written(el, "commentbody"))
        if el.name == "div" and "comment" in classes_of(el)
    ]
    for box in boxes:
        head = find_tag(box, "h3")
        link = _commenter_link(head)
        icon = find_tag(find_tag(box, class_="commentvote"), "img")
        body = find_tag(box, "div", class_="commentbody")
        ident = str(box.get("id", "")).removeprefix("comment-").strip()
        raw.append(
            (
                ident,
                link.get_text().strip() if link is not None else "",
                body,
                str(icon.get("alt", "")).strip().lower() or None if icon else None,
                squeezed_text(head) if head is not None else "",
            )
        )
        if body is not None:
            _quoted(body, ident, warn)
    return comment_ids(raw, warn)


def _quoted(body: Tag, outer_id: str, warn: Callable[[str], None]) -> None:
    """Warns of the comments inside comment ``outer_id``'s body: a quote, or a real one
    swallowed by a tag left open in an earlier body. Either way not read, but named."""
    inside = body.find_all("div", class_="comment")
    for box in inside[:_QUOTED_SHOWN]:
        link = _commenter_link(find_tag(box, "h3"))
        ident = str(box.get("id", "")).removeprefix("comment-").strip()
        warn(
            f"comment {ident!r} by {link.get_text().strip() if link else '?'!r}: inside "
            f"the body of comment {outer_id!r} (a quote, or a tag left open there); "
            "skipped, so its vote is not read"
        )
    if len(inside) > _QUOTED_SHOWN:
        warn(
            f"{len(inside) - _QUOTED_SHOWN} more comments inside the body of comment "
            f"{outer_id!r}; skipped, so their votes are not read"
        )


def wp_comments(soup: BeautifulSoup, warn: Callable[[str], None]) -> list[RawComment]:
    """``li.comment``: ``data-*`` attributes, body in its own ``div.content``."""
    raw: list[RawComment] = []
    # Not looked for in a comment's body (div.content), where a player may nest thousands,
    # nor in a post's body.
    for li in page_tags(soup, lambda el: _written(el, "content")):
        if li.name != "li" or "comment" not in classes_of(li):
            continue
        ident = str(li.get("data-comment-id") or li.get("id") or "")
        ident = ident.removeprefix("comment-").strip()
        name = find_tag(_own(li, None, "author-name"), "a")
        author = str(li.get("data-author-name") or "") or (name.get_text().strip() if name else "")
        body = _own(li, "div", "content")
        # The vote is the comment's data-vote field, never an icon: div.vote only shows it.
        word = str(li.get("data-vote") or "").strip().lower()
        icon = find_tag(_own(li, "div", "vote"), "img")
        shown = str(icon.get("alt", "")).strip().lower() if icon else ""
        if shown and word in ("", "no-vote", "none"):
            where = f"comment {ident!r} by {author!r}" if ident else f"a comment by {author!r}"
            field = f"{word!r}" if word else "empty"
            warn(
                f"{where}: its div.vote shows {shown!r} but its data-vote is {field}; "
                "only data-vote is the vote, so none is read"
            )
        when: datetime | str = squeezed_text(_own(li, None, ["meta", "comment-meta"]))
        stamp = str(li.get("data-comment-time") or "")
        try:
            when = datetime.fromtimestamp(int(stamp), UTC)
        except (ValueError, OverflowError, OSError):
            pass  # no usable unix time: read the date shown in the header instead
        vote = None if word in ("", "no-vote", "none") else word
        raw.append((ident, author, body, vote, when))
    return comment_ids(raw, warn)
