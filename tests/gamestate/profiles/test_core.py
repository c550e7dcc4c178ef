"""The rule-neutral core: nomic-archive/2 as ARCHITECTURE.md 1b writes it, the registry,
and calendars in named IANA zones across daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Any

import pytest

from gamestate.profiles import (
    ProfileError,
    archive_from_dict,
    archive_to_dict,
    get_profile,
    profile_names,
)
from gamestate.profiles.clock import at_local, local_midnight, next_local, zone

SPEC_EXAMPLE: dict[str, Any] = {
    "format": "nomic-archive/2",
    "profile": "borednomic",
    "settings": {"timezone": "America/Chicago"},
    "roster": [
        {"name": "Ann", "roles": [], "state": {"money": 1000, "level": 1}},
        {"name": "The T", "roles": ["admin"], "player": False},
    ],
    "game_state": {"paused": False},
    "matters": [
        {
            "id": "p1",
            "kind": "proposal",
            "author": "Ann",
            "posted_at": "2004-03-01T10:00:00Z",
            "votes": [{"voter": "Ben", "value": "Yay", "at": "2004-03-05T09:00:00Z"}],
        }
    ],
    "events": [{"at": "2004-03-06T12:00:00Z", "type": "admin_veto", "matter": "p1", "by": "The T"}],
}


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_the_architecture_example_reads_and_round_trips() -> None:
    archive = archive_from_dict(SPEC_EXAMPLE)
    assert archive.profile == "borednomic"
    assert [m.name for m in archive.players_at(at("2004-03-02T00:00:00Z"))] == ["Ann"]
    admin = archive.member("The T")
    assert admin is not None and admin.roles == {"admin"} and not admin.player
    assert archive.matters[0].votes[0].value == "Yay"
    assert archive.events[0].get("matter") == "p1"
    assert archive_to_dict(archive) == {
        **SPEC_EXAMPLE,
        "roster": [
            SPEC_EXAMPLE["roster"][0],
            {"name": "The T", "roles": ["admin"], "player": False},
        ],
    }


def test_unknown_fields_survive_the_round_trip() -> None:
    data = {
        **SPEC_EXAMPLE,
        "homepage": "http://example.org",
        "matters": [{**SPEC_EXAMPLE["matters"][0], "subject": "Hens", "votes": []}],
    }
    assert archive_to_dict(archive_from_dict(data))["homepage"] == "http://example.org"
    assert archive_to_dict(archive_from_dict(data))["matters"][0]["subject"] == "Hens"


def test_votes_and_events_are_sorted_by_time_stably() -> None:
    data = {
        **SPEC_EXAMPLE,
        "matters": [
            {
                **SPEC_EXAMPLE["matters"][0],
                "votes": [
                    {"voter": "B", "value": "Nay", "at": "2004-03-05T10:00:00Z"},
                    {"voter": "A", "value": "Yay", "at": "2004-03-05T09:00:00Z"},
                    {"voter": "C", "value": "Yay", "at": "2004-03-05T10:00:00Z"},
                ],
            }
        ],
        "events": [
            {"at": "2004-03-06T12:00:00Z", "type": "pause"},
            {"at": "2004-03-06T11:00:00Z", "type": "admin_veto", "matter": "p1", "by": "The T"},
            {"at": "2004-03-06T12:00:00Z", "type": "admin_veto", "matter": "p1", "by": "The T"},
        ],
    }
    archive = archive_from_dict(data)
    assert [v.voter for v in archive.matters[0].votes] == ["A", "B", "C"]
    assert [(e.type, e.index) for e in archive.events] == [
        ("admin_veto", 1),
        ("pause", 0),
        ("admin_veto", 2),
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "nomic-archive/3"}, "format: expected 'nomic-archive/2'"),
        ({"roster": "Ann"}, "roster: expected a list"),
        ({"roster": [{"name": "A"}, {"name": "A"}]}, "roster: 'A' is listed twice"),
        (
            {
                "matters": [
                    {"id": "p", "kind": "proposal", "author": "A", "posted_at": "2004-03-01"}
                ]
            },
            "matter p.posted_at: the time '2004-03-01' has no zone",
        ),
        (
            {"matters": [{"id": "p", "kind": "proposal", "author": "A", "posted_at": "noon"}]},
            "matter p.posted_at: 'noon' is not an ISO-8601 time",
        ),
        ({"events": [{"type": "pause"}]}, "event 0.at: a time must be a string"),
        (
            {
                "matters": [
                    {
                        "id": "p",
                        "kind": "proposal",
                        "author": "A",
                        "posted_at": "2004-03-01T00:00:00Z",
                        "votes": [{"voter": "B", "value": "Yay", "at": "x", "op": "poke"}],
                    }
                ]
            },
            "matter p vote 0.op: expected add or remove",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_bad_shapes_are_one_line_errors_naming_the_record(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(ProfileError) as caught:
        archive_from_dict({**SPEC_EXAMPLE, **change}, source="game.json")
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith("game.json: ") and message in text, text


def test_settings_from_the_config_fill_in_and_the_archives_win() -> None:
    archive = archive_from_dict(SPEC_EXAMPLE, settings={"timezone": "UTC", "early_votes": "x"})
    assert archive.settings == {"timezone": "America/Chicago", "early_votes": "x"}


def test_a_missing_profile_is_blognomic_139() -> None:
    data = {k: v for k, v in SPEC_EXAMPLE.items() if k != "profile"}
    assert archive_from_dict(data).profile == "blognomic-139"


def test_an_unknown_profile_lists_the_known_names() -> None:
    with pytest.raises(ProfileError) as caught:
        get_profile("calvinball")
    assert str(caught.value) == (
        "unknown profile 'calvinball'; the profiles are: " + ", ".join(profile_names())
    )
    assert {"blognomic-139", "borednomic", "nomopoly"} <= set(profile_names())


CHICAGO = "America/Chicago"


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(2024, 3, 9), "2024-03-09T06:00:00+00:00"),  # CST, UTC-6
        (date(2024, 3, 10), "2024-03-10T06:00:00+00:00"),  # the change is at 02:00
        (date(2024, 3, 11), "2024-03-11T05:00:00+00:00"),  # CDT, UTC-5
        (date(2024, 11, 3), "2024-11-03T05:00:00+00:00"),
        (date(2024, 11, 4), "2024-11-04T06:00:00+00:00"),
    ],
    ids=lambda v: str(v),
)
def test_midnight_in_chicago_across_daylight_saving(day: date, expected: str) -> None:
    assert local_midnight(day, zone(CHICAGO)).isoformat() == expected


def test_a_skipped_wall_time_is_the_first_instant_after_the_gap() -> None:
    # 02:30 on 10 March 2024 does not happen in Chicago: 02:00 CST is 03:00 CDT.
    assert at_local(date(2024, 3, 10), time(2, 30), zone(CHICAGO)) == datetime(
        2024, 3, 10, 8, 0, tzinfo=UTC
    )


def test_a_repeated_wall_time_is_the_first_of_the_two() -> None:
    # 01:30 on 3 November 2024 happens twice in Chicago: first in CDT (UTC-5).
    assert at_local(date(2024, 11, 3), time(1, 30), zone(CHICAGO)) == datetime(
        2024, 11, 3, 6, 30, tzinfo=UTC
    )


@pytest.mark.parametrize(
    ("after", "expected"),
    [
        ("2024-03-07T05:59:59Z", "2024-03-07T06:00:00Z"),  # Wed 23:59:59 CST -> Thu 00:00
        ("2024-03-07T06:00:00Z", "2024-03-14T05:00:00Z"),  # exactly then: strictly after
        ("2024-03-14T04:59:59Z", "2024-03-14T05:00:00Z"),  # a week later, in CDT
    ],
    ids=lambda v: v,
)
def test_next_thursday_midnight_is_strictly_after(after: str, expected: str) -> None:
    assert next_local(at(after), zone(CHICAGO), 3, time(0)) == at(expected)


@pytest.mark.parametrize("name", ["", "Mars/Olympus", 5, "../etc/passwd"], ids=repr)
def test_an_unknown_zone_is_a_one_line_error(name: object) -> None:
    with pytest.raises(ProfileError, match="settings.timezone"):
        zone(name)


def test_a_day_whose_midnight_is_skipped_begins_at_one() -> None:
    # Chile moved its clocks from 00:00 to 01:00 on 8 September 2024 (UTC-4 to UTC-3).
    assert local_midnight(date(2024, 9, 8), zone("America/Santiago")) == datetime(
        2024, 9, 8, 4, 0, tzinfo=UTC
    )
