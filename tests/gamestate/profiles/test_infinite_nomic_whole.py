"""Infinite Nomic kept whole (issue 28): leaving and rejoining (not within seven days of
having been a player), and a Judge overturning their own ruling within one week. Ids
quote the seed at each boundary."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.profiles.core import ProfileError
from gamestate.profiles.infinite_nomic import clauses
from tests.gamestate.profiles.test_infinite_nomic import (
    AFTER,
    POLL,
    RULED,
    confidence,
    game,
    prop,
    react,
    report,
)

LEFT = "2024-03-05T10:00:00Z"


def membership(rejoin: str) -> list[dict[str, Any]]:
    return [
        {"at": LEFT, "type": "leave", "player": "Eve"},
        {"at": rejoin, "type": "join", "player": "Eve"},
    ]


@pytest.mark.parametrize(
    "rejoin, allowed",
    [
        pytest.param("2024-03-12T09:59:59Z", False, id=f"{clauses.JOIN}: a second short"),
        pytest.param("2024-03-12T10:00:00Z", True, id=f"{clauses.JOIN}: on the seventh day"),
    ],
)
def test_rejoining_within_seven_days(rejoin: str, allowed: bool) -> None:
    archive = game([], events=membership(rejoin))
    result = report(archive, "2024-03-13T00:00:00Z")
    assert [a["allowed"] for a in result.actions] == [True, allowed]
    assert result.actions[1]["clause"] == clauses.JOIN
    assert result.state["Eve"]["player"] is allowed
    # Reputable again only after seven more days as a player.
    assert result.state["Eve"]["reputable"] is False


def test_a_player_who_left_is_not_counted() -> None:
    votes = [react("Eve", "thumbsup", "2024-03-07T10:00:00Z")]
    archive = game([prop("p1", "Ann", "2024-03-06T10:00:00Z", votes)], events=membership(AFTER))
    result = report(archive, AFTER)
    assert result.matters["p1"].numbers["for"] == 0
    assert any("Eve" in w for w in result.warnings)


def test_a_newcomer_joins_by_message() -> None:
    archive = game([], events=[{"at": LEFT, "type": "join", "player": "Fay"}])
    result = report(archive, AFTER)
    assert result.actions[0]["allowed"] is True
    # Joined the day after the cycle began: "within 3 days of the round starting".
    assert result.state["Fay"] == {"player": True, "reputable": True}


def test_leaving_when_not_a_player_is_not_allowed() -> None:
    archive = game([], events=[{"at": LEFT, "type": "leave", "player": "Fay"}])
    assert report(archive, AFTER).actions[0]["allowed"] is False


@pytest.mark.parametrize(
    "by, when, outcome",
    [
        pytest.param(
            "Ann", "2024-03-19T20:00:00Z", "overturned", id=f"{clauses.JUDGE_OVERTURNS}: a week"
        ),
        pytest.param("Ann", "2024-03-19T20:00:01Z", "stands", id="within one week: a second after"),
        pytest.param("Ben", "2024-03-13T20:00:00Z", "stands", id="by the Judge who made it"),
    ],
)
def test_a_judge_overturns_their_own_ruling(by: str, when: str, outcome: str) -> None:
    poll = confidence("2024-03-12T21:00:00Z", [])
    event = {"at": when, "type": "overturn_ruling", "by": by, "ruling": {"by": "Ann", "at": RULED}}
    archive = game([poll], events=[event], poll=POLL)
    result = report(archive, "2024-03-20T00:00:00Z")
    assert result.matters["c"].outcome == outcome
    assert result.actions[0]["allowed"] is (outcome == "overturned")
    if outcome == "overturned":
        assert result.matters["c"].clause == clauses.JUDGE_OVERTURNS


def test_the_example_rejoins_and_overturns() -> None:
    import json

    from gamestate.profiles.archive import archive_from_dict
    from tests.gamestate.profiles.test_infinite_nomic import EXAMPLE

    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    result = report(archive_from_dict(raw), raw["demo"]["now"], raw["demo"]["since"])
    ruled = ("join", "leave", "overturn_ruling")  # the world's and items' actions aside
    assert [
        (a["player"], a["action"], a["allowed"]) for a in result.actions if a["action"] in ruled
    ] == [
        ("Dee", "join", False),
        ("Fay", "join", True),
        ("Ann", "overturn_ruling", True),
    ]
    assert result.state["Dee"]["player"] is False
    assert result.due and all(d["clause"] in (clauses.PHASES, clauses.WEEKS) for d in result.due)
    fay = result.state["Fay"]
    assert (fay["player"], fay["reputable"]) == (True, True)  # seven days after 03-16T09:00
    before = report(archive_from_dict(raw), "2024-03-23T08:59:59Z")
    assert before.state["Fay"]["reputable"] is False


_value = st.one_of(
    st.none(),
    st.integers(-1, 3),
    st.text(max_size=5),
    st.sampled_from(["Ann", "Eve", "Fay", RULED, "noon"]),
    st.dictionaries(st.sampled_from(["by", "at"]), st.sampled_from(["Ann", RULED, 3]), max_size=2),
)
_event = st.fixed_dictionaries(
    {
        "at": st.sampled_from([LEFT, "2024-03-12T10:00:00Z", "2024-03-19T20:00:00Z"]),
        "type": st.sampled_from(["join", "leave", "overturn_ruling"]),
    },
    optional={"player": _value, "by": _value, "ruling": _value},
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_event, max_size=5))
def test_junk_joins_and_overturns_are_one_line(events: list[dict[str, Any]]) -> None:
    try:
        archive = game([confidence("2024-03-12T21:00:00Z", [])], events=events, poll=POLL)
        report(archive, "2024-03-20T00:00:00Z")
    except ProfileError as exc:
        assert "\n" not in str(exc)


def test_the_table_gives_each_action_its_clause() -> None:
    import json

    from gamestate.profiles.archive import archive_from_dict
    from tests.gamestate.profiles.test_infinite_nomic import EXAMPLE
    from wikibot.cli.profile_render import render_profile_table

    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive = archive_from_dict(raw)
    table = render_profile_table(report(archive, raw["demo"]["now"]), archive, "Infinite Nomic")
    line = next(x for x in table.splitlines() if x.startswith("Action 2024-03-15T12:00:00Z Dee"))
    assert "NOT ALLOWED" in line and clauses.JOIN in line
