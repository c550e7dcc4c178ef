"""Finding voting icons in a comment (appendix "Voting Icons").

A voting icon is an ``<img>`` in the comment whose file name or ``alt`` text is
``for``, ``against``, ``imperial``/``deferential`` or ``veto``/``seal``
(case-insensitive); where both name icons and disagree, the file (the image the
reader sees, as appendix "Voting Icons" defines each icon) wins and the
disagreement is reported. Images that look like voting icons (under a ``/vote/`` or
``/icons/`` path) but name no known icon are reported, not guessed at.

"The last valid voting icon that they have used": an icon inside a quotation
(``<blockquote>``, ``<q>``) is someone else's words, and a struck-through icon
(``<s>``, ``<strike>``, ``<del>``) is one its writer took back; neither is used
as a Vote, and both are reported (README, "Interpretations").

Only tags are read (outside HTML comments, scripts and other tags' attribute
values), with the standard library.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from urllib.parse import urlsplit

from gamestate.profiles.blognomic_139.models import Comment
from gamestate.profiles.blognomic_139.votes import Vote

__all__ = ["IconScan", "icon_vote", "scan_comment", "scan_html"]

_ICON_WORDS = {
    "for": Vote.FOR,
    "against": Vote.AGAINST,
    "imperial": Vote.DEFERENTIAL,
    "deferential": Vote.DEFERENTIAL,
    "imp": Vote.DEFERENTIAL,
    "veto": Vote.VETO,
    "seal": Vote.VETO,
}
# Paths under which the blog keeps its voting icons; an unknown image there is suspicious.
_ICON_DIRS = ("/images/vote/", "/icons/")


def icon_vote(word: str) -> Vote | None:
    """The Vote a voting icon's alt text or file stem stands for, if any."""
    return _ICON_WORDS.get(word.strip().lower())


@dataclass(frozen=True)
class IconScan:
    """The voting icons found in one comment, in document order."""

    votes: tuple[Vote, ...]
    """Each recognised icon, first to last."""
    unknown: tuple[str, ...]
    """Images under a voting-icon path that name no known icon."""
    set_aside: tuple[Vote, ...] = ()
    """Icons inside a quotation or struck through: not used as a Vote."""
    mismatched: tuple[str, ...] = ()
    """Icons whose alt text names another icon than their file (read as the file)."""


_EMPTY = IconScan((), ())


# Matching just the <img> tags is several times faster than running a full HTML
# parser over every comment, and status must stay fast on 20-year archives.
_HIDDEN = re.compile(r"<!--.*?(?:-->|$)|<(script|style)\b.*?(?:</\1\s*>|$)", re.S | re.I)
# Any tag, closing (group 1) or opening (2, its attributes 3), with quoted attribute
# values kept whole: an "<img" inside another tag's attribute (title="<img alt='for'>")
# is text a reader never sees, not an icon.
_TAG = re.compile(
    r"""</([a-zA-Z][a-zA-Z0-9]*)\s*>|<([a-zA-Z][a-zA-Z0-9]*)((?:"[^"]*"|'[^']*'|[^'">])*)>?"""
)
# Quotations and struck-through text: icons inside are not the writer's Vote.
_ASIDE = frozenset({"blockquote", "q", "s", "strike", "del"})
_ATTR = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


def _attributes(text: str) -> dict[str, str]:
    attrs: dict[str, str] = {}
    for m in _ATTR.finditer(text):
        name = m.group(1).lower()
        value = m.group(2) if m.group(2) is not None else m.group(3) or m.group(4) or ""
        attrs.setdefault(name, html.unescape(value))
    return attrs


@lru_cache(maxsize=65536)
def scan_html(body_html: str) -> IconScan:
    """The voting icons in an HTML fragment. Malformed HTML never raises."""
    if "<img" not in body_html.lower():
        return _EMPTY
    votes: list[Vote] = []
    unknown: list[str] = []
    aside: list[Vote] = []
    mismatched: list[str] = []
    depth = 0  # how many quotations and strike-throughs the reading is inside
    for tag in _TAG.finditer(_HIDDEN.sub("", body_html)):
        closing, name = tag.group(1), tag.group(2)
        if closing is not None:
            if depth and closing.lower() in _ASIDE:
                depth -= 1
            continue
        name = name.lower()
        if name in _ASIDE:
            depth += 1
            continue
        if name != "img":
            continue
        attr = _attributes(tag.group(3))
        alt = attr.get("alt", "")
        src = attr.get("src", "")
        try:
            path = urlsplit(src).path
        except ValueError:  # e.g. "http://[oops/for.gif": read the raw text instead
            path = src
        stem = posixpath.splitext(posixpath.basename(path))[0]
        by_file, by_alt = icon_vote(stem), icon_vote(alt)
        vote = by_file or by_alt
        if vote is None:
            if any(d in path.lower() for d in _ICON_DIRS):
                unknown.append(src)
            continue
        if by_file is not None and by_alt is not None and by_file is not by_alt:
            mismatched.append(f"{src} (alt {alt!r})")
        (aside if depth else votes).append(vote)
    return IconScan(tuple(votes), tuple(unknown), tuple(aside), tuple(mismatched))


def scan_comment(comment: Comment) -> IconScan:
    """A comment's icons; an explicit ``vote`` field counts as its last icon."""
    scan = scan_html(comment.body_html)
    if comment.vote is None or comment.vote.strip().lower() in ("", "no-vote", "none"):
        return scan
    explicit = icon_vote(comment.vote)
    if explicit is None:
        return replace(scan, unknown=(*scan.unknown, f"vote field {comment.vote!r}"))
    return replace(scan, votes=(*scan.votes, explicit))
