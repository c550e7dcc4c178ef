"""The nomic-archive/1 format: validation with clear errors, unknown fields kept."""

from __future__ import annotations

import copy
import io
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import evaluate
from gamestate.models import PostStatus
from wikibot.archive import game_from_dict, game_to_dict, read_archive, write_archive
from wikibot.errors import ArchiveError
from wikibot.examples import NOMICLAND

EXAMPLE = NOMICLAND


def _minimal() -> dict[str, Any]:
    return {
        "format": "nomic-archive/1",
        "boss": "Kevan",
        "players": [{"name": "Kevan", "admin": True, "idle": False}, {"name": "Josh"}],
        "posts": [
            {
                "id": "fix_the_queue",
                "category": "Proposal",
                "title": "Proposal: Fix the Queue",
                "author": "Josh",
                "posted_at": "2016-05-23T10:17:00Z",
                "comments": [
                    {
                        "id": "c1",
                        "author": "Kevan",
                        "posted_at": "2016-05-23T11:00:00Z",
                        "body_html": '<img alt="for" src="/images/vote/for.gif"> Fine',
                    }
                ],
            }
        ],
    }


def test_example_archive_round_trips_exactly() -> None:
    original = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    game = game_from_dict(original)
    assert game_to_dict(game) == original


def test_optional_fields_take_their_defaults() -> None:
    game = game_from_dict(_minimal())
    post = game.posts[0]
    assert post.status is PostStatus.PENDING
    assert post.admin_note is None and post.resolved_at is None
    assert game.terms.player == "Imagineer" and game.terms.boss == "Boss"
    assert game.players[1].admin is False and game.players[1].idle is False


def test_unknown_fields_survive_the_round_trip() -> None:
    data = _minimal()
    data["dynasty"] = 139
    data["terms"] = {"player": "Imagineer", "boss": "Boss", "colour": "green"}
    data["players"][1]["pronouns"] = "he/him"
    data["posts"][0]["flavour_text"] = "<p>Hmm</p>"
    data["posts"][0]["comments"][0]["reply_to"] = None
    out = io.StringIO()
    write_archive(game_from_dict(data), out)
    back = json.loads(out.getvalue())
    assert back["dynasty"] == 139
    assert back["terms"]["colour"] == "green"
    assert back["players"][1]["pronouns"] == "he/him"
    assert back["posts"][0]["flavour_text"] == "<p>Hmm</p>"
    assert back["posts"][0]["comments"][0]["reply_to"] is None


def test_unknown_category_is_fine() -> None:
    data = _minimal()
    data["posts"][0]["category"] = "Dragon Post"
    assert game_from_dict(data).posts[0].is_votable is False


def _broken(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_minimal())
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["format"], "nomic-archive/2", "field 'format'"),
        (["posts", 0, "id"], KeyError, "post #1: missing required field 'id'"),
        (["posts", 0, "posted_at"], "23 May 2016", "post 'fix_the_queue' field 'posted_at'"),
        (["posts", 0, "posted_at"], "2016-05-23T10:17:00", "has no timezone"),
        (["posts", 0, "status"], "Maybe", "post 'fix_the_queue': field 'status'"),
        (["posts", 0, "comments", 0, "id"], KeyError, "comment #1: missing required field 'id'"),
        (
            ["posts", 0, "comments", 0, "posted_at"],
            "yesterday",
            "post 'fix_the_queue' comment 'c1' field 'posted_at'",
        ),
        (["players", 0, "admin"], "yes", "player 'Kevan': field 'admin'"),
        (["players", 1, "name"], "Kevan", "duplicate player name 'Kevan'"),
        (["players"], KeyError, "missing required field 'players'"),
        (["boss"], 7, "field 'boss'"),
    ],
    ids=lambda v: str(v),
)
def test_bad_archives_name_the_field_and_post(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(ArchiveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game_from_dict(_broken(path, value))


def test_duplicate_post_ids_are_refused() -> None:
    data = _minimal()
    data["posts"].append(copy.deepcopy(data["posts"][0]))
    with pytest.raises(ArchiveError, match="duplicate post id"):
        game_from_dict(data)


def test_not_json_is_a_clear_error() -> None:
    with pytest.raises(ArchiveError, match="broken.json: not valid JSON"):
        read_archive(io.StringIO("{oops"), name="broken.json")


def test_times_are_normalised_to_utc() -> None:
    data = _minimal()
    data["posts"][0]["posted_at"] = "2016-05-23T12:17:00+02:00"
    game = game_from_dict(data)
    assert game_to_dict(game)["posts"][0]["posted_at"] == "2016-05-23T10:17:00Z"


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(
    st.fixed_dictionaries(
        {"format": st.just("nomic-archive/1")},
        optional={
            "players": st.lists(
                st.dictionaries(st.sampled_from(["name", "admin", "idle"]), _json), max_size=3
            ),
            "posts": st.lists(
                st.dictionaries(
                    st.sampled_from(
                        ["id", "category", "title", "author", "posted_at", "status", "comments"]
                    ),
                    _json,
                ),
                max_size=3,
            ),
            "boss": _json,
            "terms": _json,
        },
    )
)
def test_junk_archives_give_an_archive_error_or_a_game(data: dict[str, Any]) -> None:
    """Whatever the JSON holds, reading it either works or raises ArchiveError, never
    another exception (which the CLI would show as a traceback)."""
    try:
        game = game_from_dict(data)
    except ArchiveError as exc:
        assert str(exc)
    else:
        assert game_to_dict(game)["format"] == "nomic-archive/1"
        evaluate(game, datetime(2016, 5, 24, tzinfo=UTC))
