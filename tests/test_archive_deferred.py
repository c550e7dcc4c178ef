"""Comments the archive reader checks at once but builds on first read.

A ``status`` of a 20-year archive reads the comments of a few posts out of some
15,000 (issue 21: under half a second): ``read_archive`` leaves each post's
ordinary comments as ``DeferredComments``. Nothing else may change: the same Game,
the same errors at reading time, the same ``as_of`` view.
"""

from __future__ import annotations

import copy
import io
import json
import pickle
from datetime import UTC, datetime
from typing import Any

import pytest

from gamestate.profiles.blognomic_139.evaluate import as_of
from gamestate.profiles.blognomic_139.models import DeferredComments, Post
from wikibot.archive import game_from_dict, read_archive
from wikibot.errors import ArchiveError


def _comment(cid: str, at: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "author": "Kevan", "posted_at": at, "body_html": "for", **more}


def _archive(*comments: dict[str, Any], status: str = "Enacted") -> dict[str, Any]:
    return {
        "format": "nomic-archive/1",
        "boss": "Kevan",
        "players": [{"name": "Kevan", "admin": True}, {"name": "Josh"}],
        "posts": [
            {
                "id": "old",
                "category": "Proposal",
                "title": "Proposal: Old",
                "author": "Josh",
                "posted_at": "2016-05-23T10:17:00Z",
                "status": status,
                "resolved_at": "2016-05-25T10:17:00Z",
                "comments": list(comments),
            }
        ],
    }


def _stored(post: Post) -> object:
    """What the post holds before anything reads ``comments``."""
    return post.__dict__["comments"]


ORDINARY = (
    _comment("c1", "2016-05-23T11:00:00Z"),
    _comment("c2", "2016-05-24T09:30:00Z", vote="against"),
    _comment("c3", "2016-05-23T12:00:00Z"),
)


def test_ordinary_comments_are_built_on_first_read_and_equal_the_eager_reading() -> None:
    text = json.dumps(_archive(*ORDINARY))
    lazy = read_archive(io.StringIO(text))
    (post,) = lazy.posts
    stored = _stored(post)
    assert isinstance(stored, DeferredComments)
    # The latest time is known without building them (the middle comment is latest).
    assert post.latest_comment_at == datetime(2016, 5, 24, 9, 30, tzinfo=UTC)
    assert _stored(post) is stored
    eager = game_from_dict(json.loads(text))
    assert not isinstance(_stored(eager.posts[0]), DeferredComments)
    assert [c.id for c in post.comments] == ["c1", "c2", "c3"]
    assert isinstance(_stored(post), tuple)
    assert lazy == eager
    assert post.comments[1].vote == "against" and post.comments[0].extra == {}


def test_a_game_read_lazily_pickles_and_copies_as_the_built_one() -> None:
    text = json.dumps(_archive(*ORDINARY))
    built = game_from_dict(json.loads(text))
    assert pickle.loads(pickle.dumps(read_archive(io.StringIO(text)))) == built
    assert copy.deepcopy(read_archive(io.StringIO(text))) == built


def test_the_callers_dict_is_read_at_once_so_changing_it_later_changes_nothing() -> None:
    data = _archive(*ORDINARY)
    game = game_from_dict(data)
    data["posts"][0]["comments"][0]["author"] = "Someone Else"
    data["posts"][0]["comments"].clear()
    assert [c.author for c in game.posts[0].comments] == ["Kevan"] * 3


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (_comment("c9", "2016-13-01T00:00:00Z"), "comment 'c9' field 'posted_at'"),
        (_comment("c9", "2016-05-23T10:17:00Z", author=5), "comment 'c9': field 'author'"),
        (_comment("c1", "2016-05-23T10:17:00Z"), "duplicate comment id 'c1'"),
        (_comment("c9", "1980-05-23T10:17:00Z"), "outside 1990 to 9000"),
    ],
    ids=["month 13", "author a number", "repeated id", "before 1990"],
)
def test_a_bad_comment_of_a_long_resolved_post_is_still_an_error_at_reading(
    bad: dict[str, Any], message: str
) -> None:
    text = json.dumps(_archive(*ORDINARY, bad))
    with pytest.raises(ArchiveError, match=message):
        read_archive(io.StringIO(text))


def test_an_odd_comment_takes_the_careful_reading_and_keeps_its_fields() -> None:
    odd = _comment("c4", "2016-05-23T14:17:00+02:00", reaction="laugh")
    (post,) = read_archive(io.StringIO(json.dumps(_archive(*ORDINARY, odd)))).posts
    assert isinstance(_stored(post), tuple)
    assert post.comments[-1].extra == {"reaction": "laugh"}
    assert post.comments[-1].posted_at == datetime(2016, 5, 23, 12, 17, tzinfo=UTC)


def test_as_of_drops_the_comments_after_now_of_a_deferred_post() -> None:
    game = read_archive(io.StringIO(json.dumps(_archive(*ORDINARY, status="Pending"))))
    view = as_of(game, datetime(2016, 5, 23, 11, 30, tzinfo=UTC))
    assert [c.id for c in view.posts[0].comments] == ["c1"]
    # At the latest comment's own second it is kept ("after now" is strictly later).
    view = as_of(game, datetime(2016, 5, 24, 9, 30, tzinfo=UTC))
    assert [c.id for c in view.posts[0].comments] == ["c1", "c2", "c3"]


def test_as_of_leaves_a_post_unbuilt_when_no_comment_is_after_now() -> None:
    game = read_archive(io.StringIO(json.dumps(_archive(*ORDINARY))))
    view = as_of(game, datetime(2020, 1, 1, tzinfo=UTC))
    assert view.posts[0] is game.posts[0]
    assert isinstance(_stored(game.posts[0]), DeferredComments)


def test_a_post_without_comments_has_no_latest_comment_time() -> None:
    (post,) = read_archive(io.StringIO(json.dumps(_archive()))).posts
    assert post.comments == () and post.latest_comment_at is None
