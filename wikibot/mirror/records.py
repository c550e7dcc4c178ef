"""What the mirror's store calls report, and what it found on the blog."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gamestate.profiles.blognomic_139.models import Comment

__all__ = ["AuditFinding", "PageCheck", "Stored", "content_hash"]


@dataclass(frozen=True)
class Stored:
    """What one store call added or changed."""

    new_posts: int = 0
    """Posts the mirror had not seen before."""
    changed_posts: int = 0
    """Known posts whose title, status, text, note or listed comment count changed."""
    new_comments: int = 0
    """Comments the mirror had not seen before."""
    findings: int = 0
    """Audit findings recorded (edited, vanished or reappeared comments)."""

    def __add__(self, other: Stored) -> Stored:
        return Stored(
            self.new_posts + other.new_posts,
            self.changed_posts + other.changed_posts,
            self.new_comments + other.new_comments,
            self.findings + other.findings,
        )


@dataclass(frozen=True)
class AuditFinding:
    """A comment that changed after it was first seen (Fair Play forbids editing them)."""

    kind: str
    """``edited``, ``disappeared`` or ``reappeared``."""
    post_id: str
    """The post the comment is on."""
    comment_id: str
    """The comment's id within the post."""
    author: str
    """Who wrote the comment."""
    found_at: datetime
    """When the mirror noticed."""
    original_html: str
    """The comment's text as first seen (what the mirror keeps)."""
    original_vote: str | None
    """Its explicit vote field as first seen."""
    new_html: str | None
    """The text the blog showed instead (``edited`` only)."""
    new_vote: str | None
    """The vote field the blog showed instead (``edited`` only)."""


@dataclass(frozen=True)
class PageCheck:
    """A post page as last read: when, and its validators for a conditional re-read."""

    checked_at: datetime | None
    """When it was read in full or found unchanged (304); None forgets the
    validators too (a page read only in part), so the next check reads it whole."""
    etag: str | None = None
    """Its ETag."""
    last_modified: str | None = None
    """Its Last-Modified header."""

    def columns(self) -> dict[str, Any]:
        """The post row's columns for it."""
        known = self.checked_at is not None
        return {
            "checked_at": self.checked_at,
            "page_etag": self.etag if known else None,
            "page_last_modified": self.last_modified if known else None,
        }


def content_hash(comment: Comment) -> str:
    """The fingerprint of a comment's text and vote, to notice edits."""
    payload = f"{comment.body_html}\x00{comment.vote or ''}".encode()
    return hashlib.sha256(payload).hexdigest()
