"""The sandbox blog's stand-in for the Admin's control panel, over HTTP."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import requests

from gamestate import PostStatus
from tests.resolve.week import week_game
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(
    ("post", "form", "code", "error"),
    [
        pytest.param("nope", {"status": "Enacted", "admin": "Kevan"}, 404, "no post", id="no post"),
        pytest.param(
            "prop_alpha",
            {"status": "Enacted", "admin": "Bob"},
            400,
            "not an Admin",
            id="Bob is no Admin",
        ),
        pytest.param(
            "prop_alpha",
            {"status": "Self-Killed", "admin": "Kevan"},
            400,
            "set Failed",
            id="no Self-Killed word",
        ),
        pytest.param(
            "prop_alpha",
            {"status": "Won", "admin": "Kevan"},
            400,
            "unknown post status",
            id="unknown word",
        ),
        pytest.param(
            "prop_alpha",
            {"status": "Failed", "admin": "Kevan", "adminned_at": "soon"},
            400,
            "adminned_at",
            id="bad time",
        ),
    ],
)
def test_bad_requests_change_nothing(
    sandbox_blog: Callable[..., SandboxBlog], post: str, form: dict[str, str], code: int, error: str
) -> None:
    blog = sandbox_blog(week_game())
    before = blog.game
    answer = requests.post(f"{blog.url}_admin/posts/{post}", data=form, timeout=10)
    assert answer.status_code == code and error in answer.json()["error"]
    assert blog.game == before


def test_the_admin_sets_status_note_and_time_and_the_page_shows_them(
    sandbox_blog: Callable[..., SandboxBlog],
) -> None:
    blog = sandbox_blog(week_game())
    form = {
        "status": "Failed",
        "note": "Self-killed. Failed by Kevan",
        "admin": "Kevan",
        "adminned_at": "2016-05-03T04:16:57Z",
    }
    answer = requests.post(f"{blog.url}_admin/posts/prop_beta", data=form, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "id": "prop_beta",
        "status": "Failed",
        "note": "Self-killed. Failed by Kevan",
        "at": "2016-05-03T04:16:57Z",
    }
    page = requests.get(f"{blog.url}archive/prop_beta", timeout=10).text
    assert "Self-killed. Failed by Kevan" in page and "Adminned at 03 May 2016" in page
    post = next(p for p in blog.game.posts if p.id == "prop_beta")
    assert post.status is PostStatus.FAILED
    reopened = requests.post(
        f"{blog.url}_admin/posts/prop_beta", data={"status": "open", "admin": "Kevan"}, timeout=10
    )
    assert reopened.json()["status"] == "Pending"
