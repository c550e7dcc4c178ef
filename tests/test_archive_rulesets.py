"""An archive's optional ``rulesets`` (ARCHITECTURE.md 1c): the Ruleset's revisions,
read into ``Game.rulesets`` in time order from ``/1`` archives and ``/2`` archives of
profile ``blognomic-139``, refused in one line when they are junk, and written back
by every archive writer with the fields this version does not know."""

from __future__ import annotations

import copy
import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles import archive_from_dict, archive_to_dict
from gamestate.profiles.blognomic_139.convert import archive_from_game, game_from_archive
from gamestate.profiles.blognomic_139.models import RulesetRevision
from wikibot.archive import game_from_dict, game_to_dict, read_archive, write_archive
from wikibot.errors import ArchiveError
from wikibot.examples import NOMICLAND
from wikibot.profile_archive import load_profile_archive

REVISIONS: list[dict[str, Any]] = [
    {
        "at": "2016-05-20T09:00:00Z",
        "text": "==Ruleset==\nAll Imagineers shall obey it.",
        "revision": 1202,
        "by": "Kevan",
        "summary": "Enacted Fix the Queue",
        "oldid_note": {"kept": [1, 2]},
    },
    {"at": "2016-05-01T00:00:00Z", "text": "==Ruleset==\nAll Players shall obey it."},
]
"""Out of time order, the second with only what is required, the first with a field
this version does not know."""


def _one() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(NOMICLAND.read_text(encoding="utf-8"))
    data["rulesets"] = copy.deepcopy(REVISIONS)
    return data


def test_a_1_archive_s_rulesets_are_read_in_time_order() -> None:
    game = read_archive(io.StringIO(json.dumps(_one())))
    assert [r.at for r in game.rulesets] == [
        datetime(2016, 5, 1, tzinfo=UTC),
        datetime(2016, 5, 20, 9, tzinfo=UTC),
    ]
    first, second = game.rulesets
    assert first == RulesetRevision(at=first.at, text=REVISIONS[1]["text"])
    assert (second.revision, second.by, second.summary) == (1202, "Kevan", "Enacted Fix the Queue")
    assert second.extra == {"oldid_note": {"kept": [1, 2]}}
    assert "rulesets" not in game.extra


def test_without_rulesets_a_game_has_none_and_writes_none() -> None:
    data = _one()
    del data["rulesets"]
    game = game_from_dict(data)
    assert game.rulesets == ()
    assert "rulesets" not in game_to_dict(game)
    assert "rulesets" not in archive_to_dict(archive_from_game(game)).keys()


def test_a_1_archive_s_rulesets_survive_the_round_trip(tmp_path: Path) -> None:
    game = game_from_dict(_one())
    written = game_to_dict(game)
    # In time order, optional fields only when given, unknown ones kept.
    assert written["rulesets"] == [REVISIONS[1], REVISIONS[0]]
    path = tmp_path / "again.json"
    with path.open("w", encoding="utf-8") as handle:
        write_archive(game, handle)
    again = read_archive(io.StringIO(path.read_text(encoding="utf-8")))
    assert again.rulesets == game.rulesets
    assert [r.extra for r in again.rulesets] == [r.extra for r in game.rulesets]
    assert game_to_dict(again) == written


def test_a_2_archive_of_blognomic_139_carries_them_both_ways(tmp_path: Path) -> None:
    game = game_from_dict(_one())
    two = archive_to_dict(archive_from_game(game))
    assert two["rulesets"] == [REVISIONS[1], REVISIONS[0]]
    # Read back as a /2 archive, through the profile, as status reads it.
    path = tmp_path / "two.json"
    path.write_text(json.dumps(two), encoding="utf-8")
    loaded = load_profile_archive(path)
    back = game_from_archive(loaded.archive)
    assert back.rulesets == game.rulesets
    assert [r.extra for r in back.rulesets] == [r.extra for r in game.rulesets]
    assert "rulesets" not in back.extra
    assert archive_to_dict(archive_from_game(back))["rulesets"] == two["rulesets"]


def test_a_2_archive_s_rulesets_are_read_in_time_order() -> None:
    data = {
        "format": "nomic-archive/2",
        "profile": "blognomic-139",
        "roster": [{"name": "Kevan", "roles": ["admin", "boss"]}],
        "rulesets": copy.deepcopy(REVISIONS),
    }
    game = game_from_archive(archive_from_dict(data))
    assert [r.revision for r in game.rulesets] == [None, 1202]


JUNK: list[tuple[object, str]] = [
    ({"at": "2016-05-01T00:00:00Z"}, "rulesets: expected a list of revisions, got a dict"),
    ("none", "rulesets: expected a list of revisions, got 'none'"),
    ([7], "rulesets #1: expected an object, got 7"),
    ([{"text": "x"}], "rulesets #1: missing required field 'at'"),
    ([{"at": "2016-05-01T00:00:00Z"}], "rulesets #1: missing required field 'text'"),
    ([{"at": "2016-05-01T00:00:00Z", "text": None}], "rulesets #1: missing required field 'text'"),
    (
        [REVISIONS[1], {"at": "2016-05-01T00:00:00Z", "text": ["x"]}],
        "rulesets #2.text: expected the Ruleset's wikitext, got a list",
    ),
    (
        [{"at": "2016-05-01 00:00:00Z", "text": "x"}],
        "rulesets #1.at: the time '2016-05-01 00:00:00Z' is not in the archive's form",
    ),
    ([{"at": 20160501, "text": "x"}], "rulesets #1.at: a time must be a string, not 20160501"),
    (
        [{"at": "2016-05-01T00:00:00Z", "text": "x", "revision": "12"}],
        "rulesets #1.revision: expected a revision number (a whole number >= 0), got '12'",
    ),
    (
        [{"at": "2016-05-01T00:00:00Z", "text": "x", "revision": True}],
        "rulesets #1.revision: expected a revision number",
    ),
    (
        [{"at": "2016-05-01T00:00:00Z", "text": "x", "revision": -1}],
        "rulesets #1.revision: expected a revision number",
    ),
    (
        [{"at": "2016-05-01T00:00:00Z", "text": "x", "by": 3}],
        "rulesets #1.by: expected a string, got 3",
    ),
    (
        [{"at": "2016-05-01T00:00:00Z", "text": "x", "summary": {"a": 1}}],
        "rulesets #1.summary: expected a string, got a dict",
    ),
    (
        [{"at": "2016-05-01T00:00:00Z", "text": "\ud800"}],
        "rulesets #1.text: expected the Ruleset's wikitext, got '\\ud800'",
    ),
]


@pytest.mark.parametrize(("rulesets", "message"), JUNK, ids=[m for _, m in JUNK])
def test_junk_rulesets_are_one_line_errors_in_both_formats(
    tmp_path: Path, rulesets: object, message: str
) -> None:
    data = _one()
    data["rulesets"] = rulesets
    with pytest.raises(ArchiveError) as one:
        read_archive(io.StringIO(json.dumps(data)), name="game.json")
    assert str(one.value).startswith(message)  # /1 errors name the record, as all do
    two = archive_to_dict(archive_from_game(game_from_dict(_one())))
    two["rulesets"] = rulesets
    path = tmp_path / "two.json"
    path.write_text(json.dumps(two), encoding="utf-8")
    with pytest.raises(ArchiveError) as caught:
        loaded = load_profile_archive(path)
        game_from_archive(loaded.archive)
    text = str(caught.value)
    assert text.startswith(f"{path}: ") and message.split(":", 1)[1].strip() in text
    assert "\n" not in text and "\n" not in str(one.value)


def test_an_empty_list_is_no_revision() -> None:
    data = _one()
    data["rulesets"] = []
    game = game_from_dict(data)
    assert game.rulesets == () and "rulesets" not in game_to_dict(game)
