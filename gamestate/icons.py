"""Finding voting icons in a comment (appendix "Voting Icons").

A voting icon is an ``<img>`` in the comment whose ``alt`` text or file name is
``for``, ``against``, ``imperial``/``deferential`` or ``veto``/``seal``
(case-insensitive). Images that look like voting icons (under a ``/vote/`` or
``/icons/`` path) but name no known icon are reported, not guessed at.
Parsing uses the standard library's HTML parser, so this module stays pure.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urlsplit

from gamestate.models import Comment
from gamestate.votes import Vote

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


class _ImgCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.votes: list[Vote] = []
        self.unknown: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "img":
            return
        attr = {k.lower(): (v or "") for k, v in attrs}
        alt = attr.get("alt", "")
        src = attr.get("src", "")
        path = urlsplit(src).path
        stem = posixpath.splitext(posixpath.basename(path))[0]
        vote = icon_vote(alt) or icon_vote(stem)
        if vote is not None:
            self.votes.append(vote)
        elif any(d in path.lower() for d in _ICON_DIRS):
            self.unknown.append(src)

    handle_startendtag = handle_starttag


def scan_html(body_html: str) -> IconScan:
    """The voting icons in an HTML fragment. Malformed HTML never raises."""
    parser = _ImgCollector()
    parser.feed(body_html)
    parser.close()
    return IconScan(tuple(parser.votes), tuple(parser.unknown))


def scan_comment(comment: Comment) -> IconScan:
    """A comment's icons; an explicit ``vote`` field counts as its last icon."""
    scan = scan_html(comment.body_html)
    if comment.vote is None or comment.vote.strip().lower() in ("", "no-vote", "none"):
        return scan
    explicit = icon_vote(comment.vote)
    if explicit is None:
        return IconScan(scan.votes, (*scan.unknown, f"vote field {comment.vote!r}"))
    return IconScan((*scan.votes, explicit), scan.unknown)
