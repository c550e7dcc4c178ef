"""A stored comment as the rules read it: its text with tags dropped, and as a
:class:`~gamestate.models.Comment`."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from gamestate.models import Comment

__all__ = ["as_comment", "comment_text"]


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def comment_text(body_html: str) -> str:
    """A comment's text as a reader sees it, tags dropped ("I bid <b>250</b>" reads "I bid 250")."""
    collector = _TextCollector()
    collector.feed(body_html)
    collector.close()
    return "".join(collector.parts)


def as_comment(row: Any) -> Comment:
    return Comment(
        id=row.blog_id,
        author=row.author,
        posted_at=row.posted_at,
        body_html=row.body_html,
        vote=row.vote,
    )
