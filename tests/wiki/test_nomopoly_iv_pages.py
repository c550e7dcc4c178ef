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
