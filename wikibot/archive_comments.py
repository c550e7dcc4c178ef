"""A post's comments in a ``nomic-archive/1`` file: the quick reading of ordinary
comments, built at once or on first read (``DeferredComments``), and the careful
reading of any other, which words the error.

A 20-year archive has some 150,000 comments (900,000 in the 200 MB one of
``bench/bench_status.py --size-mb 200``) and a ``status`` reads a few posts' of them:
each is checked when the file is read, and ordinary ones are kept as their post's
JSON text until read, which takes less memory than the values ``json`` makes of them.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import partial
from typing import Any

from gamestate.profiles.blognomic_139.models import Comment, DeferredComments
from wikibot.archive_values import (
    MAX_YEAR,
    MIN_YEAR,
    extra_fields,
    is_text,
    parse_time,
    show,
    text_field,
)
from wikibot.errors import ArchiveError

__all__ = ["checked_comment", "quick_comments", "read_comments"]

_COMMENT_KEYS = {"id", "author", "posted_at", "body_html", "vote"}


def read_comments(
    raws: list[Any], pid: str, *, defer: bool
) -> tuple[Comment, ...] | DeferredComments:
    """The comments of the post ``pid``: the common case quickly (``quick_comments``),
    any comment out of the ordinary (an unknown field, a bad value, a repeated id) the
    careful way, which words the error."""
    quick = quick_comments(raws, defer=defer)
    if quick is not None:
        return quick
    where = f"post {show(pid)}"
    return tuple(checked_comment(raw, where, i) for i, raw in enumerate(raws))


def quick_comments(
    raws: list[Any], *, defer: bool, text: str | None = None
) -> tuple[Comment, ...] | DeferredComments | None:
    """A post's comments if every one is ordinary, checked without building the error
    messages' wording and, with ``defer``, left to be built on first read
    (``DeferredComments``): from ``text``, the post's own JSON text, when it is given
    (it is smaller than the values ``json`` made of it), else from ``raws``. None if
    any comment is out of the ordinary."""
    if not raws:
        return ()
    latest = _plain_latest(raws)
    if latest is None:
        return None
    if not defer:
        return _plain_comments(raws)
    if text is None:
        return DeferredComments(partial(_plain_comments, raws), latest)
    # Kept as UTF-8 if not ASCII: Python would keep 2 or 4 bytes a character.
    kept = text if text.isascii() else text.encode("utf-8")
    return DeferredComments(partial(_comments_of_text, kept), latest)


def _comments_of_text(text: str | bytes) -> tuple[Comment, ...]:
    """The comments of a post from its JSON text, which ``_plain_latest`` found ordinary."""
    return _plain_comments(json.loads(text)["comments"])


def _plain_latest(raws: list[Any]) -> datetime | None:
    """When the latest of ``raws`` was published, if every one is an ordinary comment
    (the five known fields, well-formed, ids distinct); None if any is not. One loop
    with everything it uses at hand: a 20-year archive has some 150,000 comments."""
    get_time, absent = datetime.fromisoformat, _ABSENT
    low, high = MIN_YEAR, MAX_YEAR
    latest = None
    ids = set()
    for raw in raws:
        if type(raw) is not dict:
            return None
        get = raw.get
        cid, author, body, vote, text = (
            get("id"),
            get("author"),
            get("body_html", absent),
            get("vote", absent),
            get("posted_at"),
        )
        # No field but the five known ones: id, author and posted_at are there (or the
        # tests below fail), so the others are counted.
        fields_known = 3
        if body is absent:
            body = ""
        else:
            fields_known += 1
        if vote is absent:
            vote = None
        else:
            fields_known += 1
        if not (
            len(raw) == fields_known
            and type(cid) is str
            and type(author) is str
            and type(body) is str
            and (vote is None or type(vote) is str)
            and type(text) is str
            and len(text) == 20
            # plain_time's test of the form: the separators at every third character.
            and text[4::3] == "--T::Z"
            and cid.strip()
            and author.strip()
            # One test of the three texts; a lone surrogate is not ASCII.
            and ((cid + author + body).isascii() or is_text(cid + author + body))
            and (vote is None or vote.isascii() or is_text(vote))
            and cid not in ids
        ):
            return None
        ids.add(cid)
        # plain_time, written out.
        try:
            posted = get_time(text)
        except ValueError:
            return None
        if not (low <= posted.year <= high and posted.tzinfo is UTC):
            return None
        if latest is None or posted > latest:
            latest = posted
    return latest


def _plain_comments(raws: list[Any]) -> tuple[Comment, ...]:
    """The comments ``_plain_latest`` found ordinary, built. Each Comment's fields are
    written straight in: a frozen dataclass's __init__ sets each through
    object.__setattr__, a third of the cost (tests/test_archive.py checks that both give
    the same Comment)."""
    out: list[Comment] = []
    append, new, get_time = out.append, _new, datetime.fromisoformat
    for raw in raws:
        get = raw.get
        comment = new(Comment)
        fields = comment.__dict__
        fields["id"] = raw["id"]
        fields["author"] = raw["author"]
        fields["posted_at"] = get_time(raw["posted_at"])
        fields["body_html"] = get("body_html", "")
        fields["vote"] = get("vote")
        fields["extra"] = {}
        append(comment)
    return tuple(out)


_new = object.__new__
_ABSENT = object()
"""A field not in the archive at all (``None`` is a JSON null)."""


def checked_comment(raw: object, post_where: str, index: int) -> Comment:
    if not isinstance(raw, dict):
        raise ArchiveError(f"{post_where} comment #{index + 1}: a comment must be an object")
    cid = text_field(raw, "id", f"{post_where} comment #{index + 1}")
    where = f"{post_where} comment {show(cid)}"
    vote = text_field(raw, "vote", where, required=False) if raw.get("vote") is not None else None
    return Comment(
        id=cid,
        author=text_field(raw, "author", where),
        posted_at=parse_time(raw.get("posted_at"), where, field="posted_at"),
        body_html=text_field(raw, "body_html", where, required=False),
        vote=vote,
        extra=extra_fields(raw, _COMMENT_KEYS),
    )
