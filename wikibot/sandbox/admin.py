"""The sandbox blog's stand-in for the Admin's control panel.

BlogNomic's live classic site has no write API: an Admin resolves a post in
the blog's control panel by setting its status word and their note, and the
page then shows the status in the title's class and the note above an
``Adminned at`` line. The sandbox blog takes that same step as one HTTP
request, so tests (and a person trying the sandbox) can do what the Admin does::

    POST /_admin/posts/ID
    status=Enacted&note=Enacted+by+Kevan+(5-1,+Quorum+4)&admin=Kevan
    &adminned_at=2016-05-24T04:16:57Z

``status`` is a status word (``Enacted``, ``Failed``, ``Vetoed``, ``Illegal``;
``open`` re-opens the post), ``admin`` must be an Admin on the roster,
``adminned_at`` is optional (the server's clock). The answer is JSON.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote

from gamestate.profiles.blognomic_139.models import Post, PostStatus
from wikibot.archive import format_time, parse_time
from wikibot.errors import NomicbotError

if TYPE_CHECKING:
    from wikibot.sandbox.blog import SandboxBlog

__all__ = ["ADMIN_PATH", "admin_request", "set_resolution"]

ADMIN_PATH = re.compile(r"/_admin/posts/(?P<id>[^/]+)")
"""Where the Admin's step is posted."""


def set_resolution(
    blog: SandboxBlog, post_id: str, *, status: str, note: str, admin: str, at: datetime
) -> Post:
    """Sets a post's status word, note and ``Adminned at`` time, as an Admin does."""
    player = blog.game.player(admin)
    if player is None or not player.admin:
        raise ValueError(f"{admin!r} is not an Admin on the roster")
    word = PostStatus.from_text(status)
    if word is PostStatus.SELF_KILLED:
        raise ValueError("the classic blog has no Self-Killed status: set Failed, and say so")
    if word is PostStatus.PENDING:
        return blog.update_post(
            post_id, lambda p: replace(p, status=word, admin_note=None, resolved_at=None)
        )
    return blog.update_post(
        post_id,
        lambda p: replace(p, status=word, admin_note=note.strip() or None, resolved_at=at),
    )


def admin_request(blog: SandboxBlog, path: str, raw: bytes) -> tuple[int, dict[str, Any]] | None:
    """Answers ``POST /_admin/posts/ID`` (status, JSON); None for any other path."""
    m = ADMIN_PATH.fullmatch(path)
    if m is None:
        return None
    form = {k: v[-1] for k, v in parse_qs(raw.decode("utf-8", "replace")).items()}
    post_id = unquote(m["id"])
    try:
        when = form.get("adminned_at")
        at = parse_time(when, "adminned_at") if when else datetime.now(UTC).replace(microsecond=0)
        post = set_resolution(
            blog,
            post_id,
            status=form.get("status", ""),
            note=form.get("note", ""),
            admin=form.get("admin", ""),
            at=at,
        )
    except KeyError:
        return 404, {"error": f"no post {post_id!r}"}
    except (ValueError, NomicbotError) as exc:
        return 400, {"error": str(exc)}
    except OSError as exc:
        return 500, {"error": f"could not save the post: {exc}"}
    resolved = format_time(post.resolved_at) if post.resolved_at else None
    return 200, {
        "id": post.id,
        "status": post.status.value,
        "note": post.admin_note,
        "at": resolved,
    }
