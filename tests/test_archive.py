"""The nomic-archive/1 format: validation with clear errors, unknown fields kept."""

from __future__ import annotations

import copy
import gc
import io
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate import evaluate
from gamestate.profiles.blognomic_139.models import DeferredComments, PostStatus
from wikibot.archive import (
    _checked_post,
    _post,
    game_from_dict,
    game_to_dict,
    read_archive,
    show,
    write_archive,
)
from wikibot.archive_comments import checked_comment, read_comments
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
        (["players", 0, "admin"], 10**5000, "field 'admin' must be true or false, got an integer"),
        (["boss"], 10**5000, "field 'boss' must be a string or null, got an integer of about 50"),
        (["rosters"], {}, "field 'rosters' must be a list"),
        (["rosters"], [{"boss": "Kevan", "players": []}], "roster #1 field 'at'"),
        (["rosters"], [{"at": "2016-05-01T00:00:00Z"}], "roster #1: missing required field"),
        (
            ["rosters"],
            [{"at": "2016-05-01T00:00:00Z", "players": [{"name": "A", "idle": 1}]}],
            "roster #1 player 'A': field 'idle'",
        ),
        (
            ["rosters"],
            [
                {"at": "2016-05-02T00:00:00Z", "players": []},
                {"at": "2016-05-01T00:00:00Z", "players": []},
            ],
            "roster #2: roster snapshots must be in time order",
        ),
        (["posts", 0, "passes_boss_to"], 3, "field 'passes_boss_to' must be a string"),
    ],
    ids=lambda v: ".".join(map(str, v)) if isinstance(v, list) and len(v) < 4 else show(v),
)
def test_bad_archives_name_the_field_and_post(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(ArchiveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game_from_dict(_broken(path, value))


def test_duplicate_post_ids_are_refused() -> None:
    data = _minimal()
    data["posts"].append(copy.deepcopy(data["posts"][0]))
    with pytest.raises(ArchiveError, match="duplicate post id"):
        game_from_dict(data)


@pytest.mark.parametrize("status", [7, 10**5000, ["Enacted"], {"x": 1}, True], ids=show)
def test_a_non_string_status_names_its_field_once(status: object) -> None:
    """The error says "field 'status'" once, not a prefix inside a prefix."""
    data = _broken(["posts", 0, "status"], status)
    with pytest.raises(ArchiveError) as info:
        game_from_dict(data)
    message = str(info.value)
    assert message.count("field 'status'") == 1 and message.count("post 'fix_the_queue'") == 1
    assert "\n" not in message and len(message) < 200


@pytest.mark.parametrize("where", ["unknown", "posts.0.body_html", "players.0.admin"])
def test_a_number_of_more_than_4300_digits_anywhere_is_a_one_line_error(where: str) -> None:
    """JSON numbers past Python's int conversion limit end in a one-line ArchiveError."""
    data = _minimal()
    target: Any = data
    *path, last = where.split(".")
    for key in path:
        target = target[int(key)] if key.isdigit() else target[key]
    target[last] = "HUGE"
    text = json.dumps(data).replace('"HUGE"', "9" * 5000)
    with pytest.raises(ArchiveError, match="huge.json: an integer of 5000 digits is too long"):
        read_archive(io.StringIO(text), name="huge.json")


def test_rosters_and_passes_survive_the_round_trip() -> None:
    data = _minimal()
    data["rosters"] = [
        {
            "at": "2016-05-01T00:00:00Z",
            "boss": "Kevan",
            "players": [{"name": "Kevan", "admin": True, "idle": False, "colour": "red"}],
            "seen_by": "sync",
        },
        {"at": "2016-05-20T00:00:00Z", "boss": None, "players": []},
    ]
    data["posts"][0]["passes_boss_to"] = "Kevan"
    game = game_from_dict(data)
    assert [r.boss for r in game.rosters] == ["Kevan", None]
    assert game.rosters[0].players[0].extra == {"colour": "red"}
    assert game.posts[0].passes_boss_to == "Kevan"
    again = game_to_dict(game)
    assert again["rosters"] == data["rosters"]
    assert again["posts"][0]["passes_boss_to"] == "Kevan"
    assert game_from_dict(again) == game


def test_an_archive_without_rosters_writes_none() -> None:
    """Older files read as before, and are written back without the new fields."""
    again = game_to_dict(game_from_dict(_minimal()))
    assert "rosters" not in again and "passes_boss_to" not in again["posts"][0]


def test_not_json_is_a_clear_error() -> None:
    with pytest.raises(ArchiveError, match="broken.json: not valid JSON"):
        read_archive(io.StringIO("{oops"), name="broken.json")


def test_times_are_normalised_to_utc() -> None:
    data = _minimal()
    data["posts"][0]["posted_at"] = "2016-05-23T12:17:00+02:00"
    game = game_from_dict(data)
    assert game_to_dict(game)["posts"][0]["posted_at"] == "2016-05-23T10:17:00Z"


_huge = st.builds(
    lambda digits, sign: sign * 10**digits, st.integers(4000, 6000), st.sampled_from([1, -1])
)
"""Integers past Python's 4,300-digit conversion limit, so repr() of them raises."""
_deep = st.integers(1, 3000).map(lambda depth: _nest(depth))


def _nest(depth: int) -> object:
    value: object = []
    for _ in range(depth):
        value = [value]
    return value


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | _huge | _deep | st.text(max_size=8),
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
                        [
                            "id",
                            "category",
                            "title",
                            "author",
                            "posted_at",
                            "status",
                            "comments",
                            "passes_boss_to",
                            "resolved_at",
                            "unknown",
                        ]
                    ),
                    _json,
                ),
                max_size=3,
            ),
            "boss": _json,
            "terms": _json,
            "rosters": _json
            | st.lists(
                st.dictionaries(st.sampled_from(["at", "boss", "players", "x"]), _json),
                max_size=2,
            ),
            "unknown": _json,
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


# Speed without a change in what is read (issue 21: the 20-year archive).


def _many_comments(posts: int, comments: int) -> dict[str, Any]:
    data = _minimal()
    template = data["posts"][0]
    data["posts"] = [
        {
            **template,
            "id": f"p{i}",
            "comments": [
                {
                    "id": f"c{j}",
                    "author": "Kevan",
                    "posted_at": f"2016-05-{1 + j % 28:02d}T10:{j % 60:02d}:00Z",
                    "body_html": "<p>for</p>",
                }
                for j in range(comments)
            ],
        }
        for i in range(posts)
    ]
    return data


def test_reading_a_big_archive_runs_no_cycle_collection() -> None:
    """A big archive is some million objects in no cycle: the collector, walking them
    again and again, took a third of the reading."""
    text = json.dumps(_many_comments(200, 50))
    collections: list[str] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(phase)

    gc.callbacks.append(count)
    try:
        game = read_archive(io.StringIO(text))
    finally:
        gc.callbacks.remove(count)
    assert sum(len(p.comments) for p in game.posts) == 10000
    # At most the one collection owed when the collector is turned back on (it ran about
    # sixty times before).
    assert len(collections) <= 1
    assert gc.isenabled()


@pytest.mark.parametrize(
    "comment",
    [
        {"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T10:17:00Z"},
        {"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T10:17:00Z", "body_html": "x"},
        {"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T10:17:00Z", "vote": "for"},
        {"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T10:17:00Z", "vote": ""},
        {"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T12:17:00+02:00"},
        {"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T10:17:00z"},
        {"id": "c1", "author": "K\u00e9van", "posted_at": "2016-05-23T10:17:00Z", "x": [1]},
        {"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T10:17:00Z", "body_html": None},
    ],
    ids=["bare", "body", "vote", "empty vote", "offset", "lower z", "unknown field", "null body"],
)
@pytest.mark.parametrize("defer", [False, True], ids=["built", "deferred"])
def test_the_quick_reading_of_a_comment_is_the_careful_one(
    comment: dict[str, Any], defer: bool
) -> None:
    read = read_comments([comment], "p", defer=defer)
    (quick,) = read.build() if isinstance(read, DeferredComments) else read
    careful = checked_comment(comment, "post 'p'", 0)
    assert quick == careful and quick.extra == careful.extra
    assert quick.posted_at.tzinfo is careful.posted_at.tzinfo is UTC
    if isinstance(read, DeferredComments):
        assert read.latest == careful.posted_at


@pytest.mark.parametrize(
    "post",
    [
        {"status": "Enacted", "resolved_at": "2016-05-24T10:17:00Z", "admin_note": "Enacted."},
        {"status": None, "body_html": None, "admin_note": None, "passes_boss_to": "Josh"},
        {"status": "open", "posted_at": "2016-05-23T12:17:00+02:00"},
        {"status": "self_killed", "x-note": {"a": 1}},
        {"resolved_at": "2016-05-24T10:17:00+00:00", "status": "Failed"},
    ],
    ids=["resolved", "nulls", "an offset", "an odd word, an unknown field", "an offset resolved"],
)
@pytest.mark.parametrize("defer", [False, True], ids=["built", "deferred"])
def test_the_quick_reading_of_a_post_is_the_careful_one(post: dict[str, Any], defer: bool) -> None:
    raw = {**_minimal()["posts"][0], **post}
    quick, careful = _post(raw, 0, defer), _checked_post(raw, 0)
    assert quick.latest_comment_at == careful.latest_comment_at
    assert quick == careful and quick.extra == careful.extra
    assert [c.extra for c in quick.comments] == [c.extra for c in careful.comments]


@pytest.mark.parametrize(
    ("word", "status"),
    [
        ("", PostStatus.PENDING),
        ("open", PostStatus.PENDING),
        (" Pending ", PostStatus.PENDING),
        ("ENACTED", PostStatus.ENACTED),
        ("failed", PostStatus.FAILED),
        ("Vetoed", PostStatus.VETOED),
        ("self_killed", PostStatus.SELF_KILLED),
        ("Self killed", PostStatus.SELF_KILLED),
        ("selfkilled", PostStatus.SELF_KILLED),
        ("Self-Killed", PostStatus.SELF_KILLED),
        ("illegal", PostStatus.ILLEGAL),
    ],
)
def test_every_status_word_reads_as_before(word: str, status: PostStatus) -> None:
    assert PostStatus.from_text(word) is status


def test_an_unknown_status_word_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown post status 'Maybe'"):
        PostStatus.from_text("Maybe")
