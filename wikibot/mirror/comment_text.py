"""A stored comment as the rules read it: its text with tags dropped, and as a
:class:`~gamestate.profiles.blognomic_139.models.Comment`."""

from __future__ import annotations

from typing import Any

from gamestate.profiles.blognomic_139.bids import comment_text
from gamestate.profiles.blognomic_139.models import Comment

__all__ = ["as_comment", "comment_text"]

# The rules' reading of a comment's text, re-exported for the mirror's derived rows.


def as_comment(row: Any) -> Comment:
    return Comment(
        id=row.blog_id,
        author=row.author,
        posted_at=row.posted_at,
        body_html=row.body_html,
        vote=row.vote,
    )
