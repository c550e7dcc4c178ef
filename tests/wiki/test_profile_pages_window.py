"""The profile games' pages list what fell due in the week before their instant (issue 27:
"the scheduled events that fell due and come next", "what fell due"), at most
:data:`DUE_CAP` rows of it, and show each player's values as words, never raw JSON."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles import Report, archive_from_dict, format_time, get_profile, parse_time
from tests.gamestate.profiles.test_nomopoly_iv import game
from wikibot.watch.profile_loop import _pinned, _timeless
from wikibot.wiki.pages import nomopoly_iv_pages
from wikibot.wiki.pages.nomopoly_iv_pages import HIDDEN_SQUARE
from wikibot.wiki.pages.profile_cells import NOWRAP
from wikibot.wiki.pages.profile_pages import (
    DUE_CAP,
    DUE_WINDOW,
    HISTORY_CAP,
    Page,
    game_pages,
    update_region,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ("borednomic", "nomopoly", "infinite-nomic", "nomopoly-iv")


def example(name: str) -> tuple[Any, dict[str, Any]]:
    data = json.loads((ROOT / "wikibot" / "examples" / f"{name}.json").read_text("utf-8"))
    return archive_from_dict(data, source=name), data


def pages_at(name: str, now: str) -> dict[str, Page]:
    archive, _ = example(name)
    _, built = game_pages(
        get_profile(archive.profile), archive, parse_time(now, "t"), configured={}
    )
    return {p.kind: p for p in built}


# BoredNomic's Sunday update falls due at 06:00 UTC (midnight CST) each Sunday.
SUNDAY_14 = "2004-03-14T06:00:00Z"


@pytest.mark.parametrize(
    ("now", "listed"),
    [
        pytest.param(
            "2004-03-21T06:00:00Z",
            ["2004-03-21T06:00:00Z"],
            id="(since, now]: the update at the week's first instant is last week's",
        ),
        pytest.param(
            "2004-03-21T05:59:59Z",
            [SUNDAY_14],
            id="(since, now]: a second earlier, last Sunday's update is in the week",
        ),
        pytest.param(
            "2004-03-20T06:00:00Z",
            [SUNDAY_14],
            id="(since, now]: this week's update has not fallen due yet",
        ),
    ],
)
def test_the_fell_due_page_lists_the_week_before_its_instant(now: str, listed: list[str]) -> None:
    page = pages_at("borednomic", now)["due"].body
    since = format_time(parse_time(now, "t") - DUE_WINDOW)
    assert f"''Fell due since {since}: the 7 days before the instant above.''" in page
    events = page.split("== Scheduled events ==")[1]
    assert re.findall(r"\| (\S+) \|\| Sunday update", events) == listed


def test_the_fell_due_page_lists_the_turns_of_the_week_only() -> None:
    page = pages_at("borednomic", "2004-03-17T18:00:00Z")["due"].body
    turns = page.split("== Turns and choices ==")[1].split("== Scheduled events ==")[0]
    assert "2004-03-11T14:00:00Z || Ann || turn" in turns
    assert "2004-03-07T14:00:00Z" not in turns and "2004-03-04T" not in turns
    assert "|| Thursday update" in page and "Next: Rule Proposition Period ends" in page


def test_nomopoly_iv_scheduled_events_list_the_week_before() -> None:
    page = pages_at("nomopoly-iv", "2006-10-31T00:00:00Z")["due"].body
    events = page.split("== Scheduled events ==")[1].split("== History ==")[0]
    assert "Nothing fell due" not in events
    assert "| 2006-10-27T05:00:00Z || each player's Jumps increased by one" in events
    # Ben's Monk#1 teleported at 23:43 and cools down: the next hour's random end is next.
    assert "Next: a random unit's cool down ends at 2006-10-31T01:00:00Z." in events


def _report(events: int) -> Report:
    now = parse_time("2025-06-03T10:00:00Z", "t")
    due = [
        {"at": format_time(now - timedelta(hours=events - i)), "event": f"event {i}"}
        for i in range(events)
    ]
    return Report(profile="nomopoly-iv", now=now, since=now - DUE_WINDOW, due=due)


@pytest.mark.parametrize(
    ("events", "more"),
    [
        pytest.param(DUE_CAP, None, id="the cap's worth of events: all shown"),
        pytest.param(DUE_CAP + 1, 1, id="one over the cap: the oldest counted"),
        pytest.param(24 * 7, 24 * 7 - DUE_CAP, id="a week of hourly events: the newest shown"),
    ],
)
def test_what_fell_due_is_capped_and_the_rest_counted(events: int, more: int | None) -> None:
    page = nomopoly_iv_pages.due(_report(events))
    section = page.split("== History ==")[0]
    assert section.count("|| event ") == min(events, DUE_CAP)
    assert f"|| event {events - 1}\n" in section  # the newest is always shown
    if more is None:
        assert "more events" not in section and "|| event 0\n" in section
    else:
        assert f"''… and {more} more events before these, not shown here.''" in section
        assert "|| event 0\n" not in section


def _actions(count: int) -> Report:
    now = parse_time("2025-06-03T10:00:00Z", "t")
    actions = [
        {
            "at": format_time(now - timedelta(hours=count - i)),
            "player": "Ann",
            "action": "jump",
            "allowed": True,
            "reason": f"jump number {i}",
        }
        for i in range(count)
    ]
    return Report(profile="nomopoly-iv", now=now, since=now - DUE_WINDOW, actions=actions)


@pytest.mark.parametrize(
    ("actions", "more"),
    [
        pytest.param(HISTORY_CAP, None, id="the History's cap of actions: all shown"),
        pytest.param(HISTORY_CAP + 1, 1, id="one over: the oldest counted"),
        pytest.param(24 * 365, 24 * 365 - HISTORY_CAP, id="a year of hourly actions"),
    ],
)
def test_the_history_is_capped_too(actions: int, more: int | None) -> None:
    history = nomopoly_iv_pages.due(_actions(actions)).split("== History ==")[1]
    assert history.count("|| jump number ") == min(actions, HISTORY_CAP)
    assert f"|| jump number {actions - 1}\n" in history
    if more is None:
        assert "more actions" not in history
    else:
        assert f"''… and {more} more actions before these, not shown here.''" in history


def test_a_year_of_nomopoly_iv_makes_no_giant_page() -> None:
    """Twice a day Jumps, a Scientists' payday each noon and midnight, for a year: the page
    lists the last week's, none older."""
    start = parse_time("2024-06-03T10:00:00Z", "t")
    data = game(format_time(start), {"Ann": {"square": 10}, "Ben": {"square": 3}})
    now = start + timedelta(days=365)
    _, built = game_pages(get_profile("nomopoly-iv"), archive_from_dict(data), now, configured={})
    page = {p.kind: p.body for p in built}["due"]
    stamps = [parse_time(t, "t") for t in re.findall(r"\| (\d{4}-\S+Z) \|\|", page)]
    assert 14 <= len(stamps) <= DUE_CAP
    assert all(now - DUE_WINDOW < t <= now for t in stamps)


# Watch: the window moves with the instant, and alone is no change.


def test_a_quiet_hour_changes_no_page() -> None:
    """Nothing happened in BoredNomic between 18:00 and 18:30 on 2004-03-17, nor in the
    half hour after the week before: watch edits no page for it."""
    then, now = "2004-03-17T18:00:00Z", "2004-03-17T18:30:00Z"
    before, after = pages_at("borednomic", then), pages_at("borednomic", now)
    for kind, page in after.items():
        assert _timeless(page, parse_time(now, "t")) == _timeless(
            before[kind], parse_time(then, "t")
        )
        wiki = update_region("", before[kind])
        pinned = _pinned(page, wiki, parse_time(now, "t"))
        assert pinned is not None and update_region(wiki, pinned) == wiki


def test_a_turn_leaving_the_week_changes_the_page() -> None:
    """Ann's turn at 2004-03-11T14:00:00Z leaves the week (since, now] at 2004-03-18T14:00."""
    then, now = "2004-03-18T13:59:59Z", "2004-03-18T14:00:00Z"
    before, after = pages_at("borednomic", then)["due"], pages_at("borednomic", now)["due"]
    assert "2004-03-11T14:00:00Z || Ann || turn" in before.body
    assert "2004-03-11T14:00:00Z || Ann || turn" not in after.body
    assert _timeless(after, parse_time(now, "t")) != _timeless(before, parse_time(then, "t"))


# Values as words.

RAW = re.compile(r'\{"|\{\}|(?:^\||\|\|) \[|\|\| (?:None|True|False) (?:\|\||$)', re.MULTILINE)
"""JSON in a cell: a table, an empty table, a list, a null or a flag (a reason's own
words may quote a throw, ``[3, 5, 2]``)."""


@pytest.mark.parametrize("name", EXAMPLES)
def test_no_page_shows_raw_json(name: str) -> None:
    _, data = example(name)
    now = data.get("demo", {}).get("now") or data.get("now") or "2024-03-18T12:00:00Z"
    for page in pages_at(name, now).values():
        assert RAW.search(page.body) is None, (page.title, RAW.search(page.body))


def _rows(page: str, name: str) -> tuple[str, str]:
    """A player's row in the Players table, and in the Units table."""
    players, units = page.split("== Units ==")

    def row(table: str) -> str:
        return next(line for line in table.splitlines() if line.startswith(f"| {name} "))

    return row(players), row(units)


def test_nomopoly_iv_units_and_items_read_as_words() -> None:
    page = pages_at("nomopoly-iv", "2006-10-31T00:00:00Z")["players"].body
    dee, units = _rows(page, "Dee")
    assert f"|| {NOWRAP}Fort#1 (Fort, square 29, 1400/1500 HP)<br/>Guard Tower#1 (" in units
    assert f"|| {NOWRAP}Coin ×2 ||" in dee
    ann, _ = _rows(page, "Ann")
    # Ann used her Charged Soul Gem on Ben's Teleporter#2 (appended to the example).
    assert f"{NOWRAP}Mushroom ×1 ||" in ann and "Scientist#1: idle" in ann
    cy, _ = _rows(page, "Cy")
    assert "Force Field ×1<br/>Uncharged Soul Gem ×1" in cy
    assert "|| yes ||" in ann  # alive
    assert "{" not in page.replace("{|", "")


def test_an_invisible_players_units_are_shown_but_not_their_square() -> None:
    """Ben used the Ghost at 2006-10-30T09:00:00Z: "A player that is invisible does not
    have his location shown to other players"; his units are not his location."""
    page = pages_at("nomopoly-iv", "2006-10-31T00:00:00Z")["players"].body
    ben, units = _rows(page, "Ben")
    assert "Fort#1 (Fort, square 35, 1500/1500 HP)" in units
    archive, data = example("nomopoly-iv")
    report = get_profile("nomopoly-iv").evaluate(
        archive, parse_time(data["demo"]["now"], "t"), None
    )
    assert isinstance(report.state["Ben"]["square"], int)  # the Admin's view has it
    assert [c.strip() for c in ben.split("||")][6] == HIDDEN_SQUARE
    seen, _ = _rows(page, "Dee")
    assert [c.strip() for c in seen.split("||")][6] == str(report.state["Dee"]["square"])


def test_the_status_page_is_two_tables() -> None:
    status = pages_at("borednomic", "2004-03-17T18:00:00Z")["status"].body
    standing, rest = status.split("== Reserves and items ==")
    assert "! Player !! money !! level !! experience !! hit points !! square !! owns" in standing
    assert "| Ann || 7375 || 2 || 0 || 100 || 6 || 5, 8" in standing
    assert "votes in reserve" in rest and "Golden Gladius" in rest


def test_infinite_nomic_periods_and_judge_read_as_words() -> None:
    pages = pages_at("infinite-nomic", "2024-03-18T12:00:00Z")
    period = f"|| {NOWRAP}2024-03-07T00:00:00Z<br/>to 2024-03-10T00:00:00Z ||"
    assert period in pages["proposals"].body
    assert "The Judge: '''Eve''' since 2024-03-18T00:00:00Z." in pages["judge"].body
