"""Nothing applied silently, nothing skipped silently (issue 28): a judgement waiting for
the admin's day, a missing roll, a draw stamped at its own due instant, a ``--since``
before anything the archive can place. Ids quote the seeds' words."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles.archive import archive_from_dict, parse_time
from gamestate.profiles.core import Report
from gamestate.profiles.nomopoly import PROFILE as NOMOPOLY
from gamestate.profiles.nomopoly_iv import PROFILE as NOMOPOLY_IV
from tests.gamestate.profiles.test_nomopoly import admin_day, draw, game, proposal
from wikibot.cli.profile_render import render_profile_table, report_to_json

HELD = "judged; applied at the admin's day, not yet held"
ORDER = "Modify the rules as directed by the accepted proposals"  # "Order of the Admins Day"
FAIRY = "Every Sunday at noon GMT the Experience Fairy will appear on the board at a random square"


def nomopoly(data: dict[str, Any], now: str = "2000-03-10T00:00:00Z") -> Report:
    return NOMOPOLY.evaluate(archive_from_dict(data), parse_time(now, "now"), None)


def nomopoly_iv(data: dict[str, Any], now: str, since: str | None = None) -> Report:
    archive = archive_from_dict(data)
    NOMOPOLY_IV.check(archive)
    return NOMOPOLY_IV.evaluate(
        archive, parse_time(now, "now"), parse_time(since, "since") if since else None
    )


# (a) Judged, but no admin's day held yet.


def test_a_judgement_waiting_for_the_admins_day_says_so() -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted", changes={"default_dice": 3})]
    )
    report = nomopoly(data)
    p1 = report.matters["p1"]
    assert p1.outcome == "accepted"
    assert HELD in p1.reason
    assert p1.numbers["waits"] == HELD
    assert report.waiting == [{"for": "the admin's day", "what": [f"p1 (Ann): {HELD}"]}]
    assert any(HELD in w for w in report.warnings)
    # Nothing of it is applied: no Real Estate Guide, no rule change.
    assert report.state["Ann"]["real_estate_guides"] == 0
    assert report.rules_after_day == {}
    data_json = report_to_json(report, NOMOPOLY.number_keys)
    assert data_json["matters"]["p1"]["waits"] == HELD
    assert data_json["game_state"]["waiting"][0]["for"] == "the admin's day"
    archive = archive_from_dict(data)
    assert f"waits for the admin's day: p1 (Ann): {HELD}" in render_profile_table(
        report, archive, "Nomopoly"
    )


def test_once_the_admins_day_is_held_nothing_waits() -> None:
    data = game(
        [proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted")],
        [admin_day(), draw("dice:p1", 1, 2, 6)],
    )
    report = nomopoly(data)
    assert report.matters["p1"].numbers["waits"] is None
    assert report.waiting == []


# (b) A missing roll stops only what depends on it.


@pytest.mark.parametrize(
    "draws, waits",
    [
        pytest.param([], ["p1", "p2"], id=f"{ORDER}: no roll at all, the rules still change"),
        pytest.param([draw("dice:p1", 1, 2, 6)], ["p2"], id=f"{ORDER}: the second roll missing"),
    ],
)
def test_a_missing_roll_stops_only_what_depends_on_it(
    draws: list[dict[str, Any]], waits: list[str]
) -> None:
    data = game(
        [
            proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted", changes={"default_dice": 3}),
            proposal("p2", "Ben", "2000-03-01T11:00:00Z", "accepted"),
        ],
        [admin_day(), *draws],
    )
    report = nomopoly(data)
    # 5. Modify the rules: the day's rule changes do not depend on the dice.
    assert report.rules_after_day == {"default_dice": 3}
    assert report.game_state["default_dice"] == 3
    # 2. Judge proposals: each accepted author has her Real Estate Guide.
    assert report.state["Ann"]["real_estate_guides"] == 1
    assert report.state["Ben"]["real_estate_guides"] == 1
    (entry,) = report.waiting
    assert entry["for"] == f"the roll 'dice:{waits[0]}'"
    listed = " ".join(entry["what"])
    for pid in waits:
        assert f"{pid}'s turn" in listed
    assert "the other actions of the admin's day 2000-03-01" in listed
    assert "the victory check" in listed
    for pid in waits:
        assert report.matters[pid].numbers["waits"] == f"the roll 'dice:{waits[0]}'"


# (c) A draw stamped exactly at its own due instant.


def _two_sundays(draw_at: str, due: str | None = None) -> dict[str, Any]:
    fairy: dict[str, Any] = {"at": draw_at, "type": "draw", "what": "Experience Fairy"}
    fairy["result"] = 9
    if due is not None:
        fairy["due"] = due
    return {
        "format": "nomic-archive/2",
        "profile": "nomopoly-iv",
        "roster": [{"name": "Ann", "roles": [], "state": {"square": 5}}],
        "game_state": {"as_of": "2024-05-31T23:00:00Z"},
        "matters": [],
        "events": [fairy],
    }


@pytest.mark.parametrize(
    "draw_at, due, first, second, says",
    [
        pytest.param(
            "2024-06-09T12:00:00Z",
            None,
            "Experience Fairy appears (awaiting its draw)",
            "Experience Fairy appears on square 9",
            True,
            id=f"{FAIRY}: drawn at the second Sunday's noon, it is that Sunday's",
        ),
        pytest.param(
            "2024-06-09T11:59:59Z",
            None,
            "Experience Fairy appears on square 9",
            "Experience Fairy appears (awaiting its draw)",
            False,
            id=f"{FAIRY}: drawn a second before, it is the first Sunday's, drawn late",
        ),
        pytest.param(
            "2024-06-09T12:00:00Z",
            "2024-06-02T12:00:00Z",
            "Experience Fairy appears on square 9",
            "Experience Fairy appears (awaiting its draw)",
            False,
            id=f"{FAIRY}: its due names the first Sunday",
        ),
    ],
)
def test_a_draw_resolves_the_event_due_at_its_own_instant_first(
    draw_at: str, due: str | None, first: str, second: str, says: bool
) -> None:
    report = nomopoly_iv(_two_sundays(draw_at, due), "2024-06-10T00:00:00Z", "2024-06-01T00:00:00Z")
    fairy = [d for d in report.due if "Experience Fairy appears" in d["event"]]
    assert [d["at"] for d in fairy] == ["2024-06-02T12:00:00Z", "2024-06-09T12:00:00Z"]
    assert [d["event"] for d in fairy] == [first, second]
    if says:
        fairy_waits = {
            "for": "the draw 'Experience Fairy'",
            "what": ["the event due 2024-06-02T12:00:00Z"],
        }
        assert fairy_waits in report.waiting
    took = [w for w in report.warnings if "took the event due at its own instant" in w]
    assert bool(took) is says
    if says:
        assert "2024-06-02T12:00:00Z" in took[0] and "due" in took[0]


# (d) --since before anything the archive can place.


@pytest.mark.parametrize(
    "events, since, warned",
    [
        pytest.param([], "2024-06-01T00:00:00Z", True, id="no records, no as_of"),
        pytest.param(
            [{"at": "2024-06-03T00:00:00Z", "type": "fine", "player": "Ann", "amount": 1}],
            "2024-06-01T00:00:00Z",
            True,
            id="since before the first record, no as_of",
        ),
        pytest.param(
            [{"at": "2024-06-03T00:00:00Z", "type": "fine", "player": "Ann", "amount": 1}],
            "2024-06-03T00:00:00Z",
            False,
            id="since at the first record",
        ),
    ],
)
def test_since_before_anything_placed_names_the_missing_as_of(
    events: list[dict[str, Any]], since: str, warned: bool
) -> None:
    data = {
        "format": "nomic-archive/2",
        "profile": "nomopoly-iv",
        "roster": [{"name": "Ann", "roles": [], "state": {}}],
        "game_state": {},
        "matters": [],
        "events": events,
    }
    report = nomopoly_iv(data, "2024-06-05T00:00:00Z", since)
    said = [w for w in report.warnings if "game_state.as_of" in w and "--since" in w]
    assert bool(said) is warned


def test_under_all_judged_a_judgement_waits_for_the_days_others() -> None:
    data = game(
        [
            proposal("p1", "Ann", "2000-03-01T10:00:00Z", "accepted"),
            proposal("p2", "Ben", "2000-03-01T11:00:00Z"),
        ],
        settings={"batch_processed": "all judged"},
    )
    report = nomopoly(data)
    assert report.matters["p1"].numbers["waits"] == (
        "judged; applied once the day's proposals are all judged, not yet"
    )
    assert report.waiting[0]["for"] == "judging"
