"""Nomopoly IV's wiki pages are other players' view (issue 28): an invisible player's
square and the moves they made while invisible are not shown, nor any square's amount of
resources; ``status`` (the Admin's view) keeps them. Ids quote the seed."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles import archive_from_dict, get_profile, parse_time
from gamestate.profiles.nomopoly_iv import clauses
from tests.gamestate.profiles.test_nomopoly_iv import game
from tests.gamestate.profiles.test_nomopoly_iv_whole import T0, action, command
from wikibot.wiki.pages.nomopoly_iv_pages import HIDDEN_AMOUNT, HIDDEN_SQUARE
from wikibot.wiki.pages.profile_pages import profile_pages

LAST_SECOND = "2024-06-06T09:59:59Z"  # the Ghost's 3 days from T0, less one second
OVER = "2024-06-06T10:00:00Z"


def _pages(events: list[dict[str, Any]], now: str) -> tuple[dict[str, str], Any]:
    data = game(
        T0,
        {
            "Ann": {"items": {"Ghost": 1, "Force Field": 1}, "jumps": 30, "square": 10},
            "Ben": {"units": ["SCV#1"], "square": 30},
        },
        [action(T0, "Ann", "use Ghost"), *events],
        resources={"30": 1000},
    )
    archive = archive_from_dict(data)
    spec = get_profile("nomopoly-iv")
    report = spec.evaluate(archive, parse_time(now, "t"), None)
    built = profile_pages(report, archive, game_title="Nomopoly IV", configured={})
    return {p.kind: p.body for p in built}, report


@pytest.mark.parametrize(
    ("now", "hidden"),
    [
        pytest.param(LAST_SECOND, True, id=f"{clauses.INVISIBLE}: the Ghost's last second"),
        pytest.param(OVER, False, id=f"{clauses.GHOST}: 3 days on, seen again"),
    ],
)
def test_an_invisible_players_square_is_not_shown(now: str, hidden: bool) -> None:
    pages, report = _pages([], now)
    ann = next(line for line in pages["players"].splitlines() if line.startswith("| Ann "))
    assert (HIDDEN_SQUARE in ann) is hidden
    assert ("|| 10 ||" in ann) is not hidden
    assert report.state["Ann"]["square"] == 10  # the Admin's view keeps it


@pytest.mark.parametrize(
    ("jumped_at", "shown"),
    [
        pytest.param(LAST_SECOND, False, id=f"{clauses.INVISIBLE}: a jump in its last second"),
        pytest.param(OVER, True, id=f"{clauses.GHOST}: a jump at the third day's instant"),
    ],
)
def test_a_move_made_while_invisible_is_not_on_the_history(jumped_at: str, shown: bool) -> None:
    pages, report = _pages(
        [action(jumped_at, "Ann", "jump", distance=3, square=13)], "2024-06-10T00:00:00Z"
    )
    jump = report.actions[1]
    assert jump["allowed"] is True and jump["moves"] is True
    assert jump.get("invisible", False) is not shown
    history = pages["due"].split("== History ==")[1]
    assert ("|| jump ||" in history) is shown
    assert "use Ghost" in history  # using the Ghost moves no one: it is shown
    # Days later Ann is seen again, on the square she jumped to.
    assert "|| 13 ||" in next(
        line for line in pages["players"].splitlines() if line.startswith("| Ann ")
    )


def test_what_else_an_invisible_player_does_shows_no_square() -> None:
    pages, report = _pages(
        [action("2024-06-04T10:00:00Z", "Ann", "use Force Field")], "2024-06-05T00:00:00Z"
    )
    assert "square 10" in report.actions[1]["reason"]
    assert report.actions[1]["invisible"] is True and report.actions[1]["hidden_squares"] == [10]
    row = next(line for line in pages["due"].splitlines() if "use Force Field" in line)
    assert "square 10" not in row and HIDDEN_SQUARE in row


def test_no_squares_resources_are_shown_publicly() -> None:
    mine = command("2024-06-03T11:00:00Z", "Ben", "Mine", "SCV#1", square=30)
    pages, report = _pages([mine], "2024-06-03T11:30:00Z")
    assert "square 30's resources $1000 -> $750" in report.actions[1]["reason"]
    assert report.game_state["resources"] == {"30": 750}
    everything = "\n".join(pages.values())
    assert "$1000" not in everything and "$750" not in everything
    assert f"square 30's resources {HIDDEN_AMOUNT}" in everything
    assert "$250 mined" in everything  # Ben's money, not the square's amount


def test_the_example_history_as_other_players_see_it() -> None:
    """The example's scheduled events and History: the Duck Pond's square's amount, Ben's
    jump while invisible and Empathy (on Ben's Mesmer) are not shown."""
    import json
    from pathlib import Path

    from wikibot.wiki.pages.nomopoly_iv_pages import due

    root = Path(__file__).resolve().parents[2]
    data = json.loads((root / "wikibot" / "examples" / "nomopoly-iv.json").read_text("utf-8"))
    report = get_profile("nomopoly-iv").evaluate(
        archive_from_dict(data),
        parse_time(data["demo"]["now"], "t"),
        parse_time("2006-10-27T00:00:00Z", "t"),
    )
    pond = next(d["event"] for d in report.due if "Duck Pond on square 30" in d["event"])
    assert "square 30's resources $0 -> $137" in pond
    page = due(report)
    assert "square 30's resources $0 -> $137" not in page
    assert f"square 30's resources {HIDDEN_AMOUNT}" in page
    history = page.split("== History ==")[1]
    assert "2006-10-30T10:30:00Z || Ben || jump" not in history  # while invisible
    assert "2006-10-27T06:10:00Z || Ann || jump" in history  # Ann was not invisible
    assert "|| Empathy ||" not in history and "Empathy:" not in history
    assert any(a["action"] == "Empathy" for a in report.actions)  # the Admin's view keeps it
    assert "Warrior#1 (Dee) 50 -> 40 hp" in history  # the damage, not its source


@pytest.mark.parametrize(
    ("landed_at", "hidden"),
    [
        pytest.param(LAST_SECOND, True, id=f"{clauses.INVISIBLE}: a pie in the last second"),
        pytest.param(OVER, False, id=f"{clauses.GHOST}: a pie at the third day's instant"),
    ],
)
def test_a_pie_does_not_show_where_it_pushed_an_invisible_player(
    landed_at: str, hidden: bool
) -> None:
    from wikibot.wiki.pages.nomopoly_iv_pages import due

    data = game(
        T0,
        {"Ann": {"items": {"Ghost": 1}, "square": 10, "money": 100}},
        [action(T0, "Ann", "use Ghost"), {"at": landed_at, "type": "ducky", "roll": 6}],
        rber_ducky=4,
    )
    report = get_profile("nomopoly-iv").evaluate(
        archive_from_dict(data), parse_time("2024-06-07T00:00:00Z", "t"), parse_time(T0, "t")
    )
    event = next(d["event"] for d in report.due if "hit by a pie" in d["event"])
    assert "Ann hit by a pie: -$10, pushed to square 11" in event
    row = next(line for line in due(report).splitlines() if "hit by a pie" in line)
    assert ("pushed to square 11" not in row) is hidden
    assert "the Rber Ducky moves 6 to square 10" in row  # the Ducky is no one's secret
