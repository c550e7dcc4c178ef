"""Whatever name an archive gives a record, a profile's refusal of it is one short line:
an unknown event type, action, matter kind, vote or judgement of 5,000 characters is
quoted cut short, in every profile (gamestate.profiles.base checks them all)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles import ProfileError, archive_from_dict, get_profile

EXAMPLES = Path(__file__).resolve().parents[3] / "wikibot" / "examples"
PROFILES = ("borednomic", "nomopoly", "nomopoly-iv", "infinite-nomic")
LONG = "x" * 5000


def _example(profile: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{profile}.json").read_text("utf-8"))
    return data


def _event_type(data: dict[str, Any]) -> None:
    data["events"].append({"at": data["events"][-1]["at"], "type": LONG})


def _action(data: dict[str, Any]) -> None:
    player = data["roster"][0]["name"]
    data["events"].append(
        {"at": data["events"][-1]["at"], "type": "action", "player": player, "action": LONG}
    )


def _matter_kind(data: dict[str, Any]) -> None:
    data["matters"][0]["kind"] = LONG


def _matter_id(data: dict[str, Any]) -> None:
    data["matters"][0]["kind"] = LONG
    data["matters"][0]["id"] = "p" + "9" * 5000


JUNK: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("an event type", _event_type),
    ("an action name", _action),
    ("a matter kind", _matter_kind),
    ("a matter kind with a long id", _matter_id),
]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("what", "spoil"), JUNK, ids=[w for w, _ in JUNK])
def test_a_5000_character_name_is_refused_in_one_short_line(
    profile: str, what: str, spoil: Callable[[dict[str, Any]], None]
) -> None:
    data = copy.deepcopy(_example(profile))
    spoil(data)
    with pytest.raises(ProfileError) as refused:
        get_profile(profile).check(archive_from_dict(data, "game.json"))
    message = str(refused.value)
    assert "\n" not in message
    assert len(message) < 1000, f"{what}: {len(message)} characters"
    assert "x" * 121 not in message and "9" * 121 not in message


@pytest.mark.parametrize(
    ("what", "spoil"),
    [
        pytest.param("profile", lambda d: d.update(profile="p" * 100_000), id="a profile name"),
        pytest.param(
            "roster", lambda d: d.update(roster=[[]], profile="p" * 100_000), id="a bad roster"
        ),
        pytest.param(
            "roster twice",
            lambda d: d.update(roster=[{"name": "n" * 100_000}] * 2),
            id="a 100,000-character name listed twice",
        ),
    ],
)
def test_an_archive_refused_before_its_profile_is_known_is_one_short_line(
    what: str, spoil: Callable[[dict[str, Any]], None]
) -> None:
    data = copy.deepcopy(_example("borednomic"))
    spoil(data)
    with pytest.raises(ProfileError) as refused:
        archive = archive_from_dict(data, "game.json")
        get_profile(archive.profile).check(archive)
    message = str(refused.value)
    assert "\n" not in message and len(message) <= 1100, f"{what}: {len(message)}"


def test_no_profile_error_runs_past_its_longest() -> None:
    message = str(ProfileError("x" * 50_000))
    assert message.endswith("… (50,000 characters)") and len(message) < 1100
