"""What a profile game's watcher announces (:mod:`wikibot.watch.profile_events`): a matter
once decided (every 2b outcome but the undecided ones), each event of ``due`` and each
recorded action, each under a key with no wording in it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from gamestate.profiles import Archive, Event, Matter, Member, Outcome, Report
from wikibot.watch.profile_events import UNDECIDED, game_start, profile_events

NOW = datetime(2004, 3, 8, 12, tzinfo=UTC)


def archive(**kw: Any) -> Archive:
    matter = Matter("p1", "proposal", "Ann", datetime(2004, 3, 1, 15, tzinfo=UTC))
    fields: dict[str, Any] = {
        "profile": "borednomic",
        "settings": {},
        "roster": (Member("Ann"),),
        "game_state": {},
        "matters": (matter,),
        "events": (),
    }
    fields.update(kw)
    return Archive(**fields)


def report(outcome: str = "accepted", **kw: Any) -> Report:
    r = Report(profile="borednomic", now=NOW, **kw)
    r.matters["p1"] = Outcome(outcome, "Yay wins.", f"reason for {outcome}")
    return r


@pytest.mark.parametrize(
    ("outcome", "said"),
    [
        pytest.param("accepted", True, id='2b BoredNomic "accepted"'),
        pytest.param("vetoed", True, id='2b BoredNomic "vetoed"'),
        pytest.param("late", True, id='2b BoredNomic "late"'),
        pytest.param("open", False, id='2b BoredNomic "open": not decided'),
        pytest.param("awaiting judgement", False, id='2b Nomopoly "awaiting judgement"'),
        pytest.param("accepted in part", True, id='2b Nomopoly "accepted in part"'),
        pytest.param("takes effect", True, id='2b Infinite Nomic "takes effect"'),
        pytest.param("not allowed", True, id='2b Nomopoly IV "not allowed"'),
    ],
)
def test_a_matter_is_announced_once_decided(outcome: str, said: bool) -> None:
    events = profile_events(report(outcome), archive(), game="BoredNomic")
    assert [e.key for e in events] == ([f"borednomic:matter:p1:{outcome}"] if said else [])
    assert (outcome in UNDECIDED) is not said
    if said:
        text = events[0].text
        assert text.startswith(f"BoredNomic: proposal p1 by Ann: {outcome} (reason for")
        assert "“Yay wins.”" in text


def test_due_events_and_actions_are_numbered_at_one_instant_and_keyed_without_words() -> None:
    due = [
        {"at": "2004-03-04T06:00:00Z", "event": "Rule Proposition Period ends"},
        {"at": "2004-03-04T06:00:00Z", "event": "Thursday update"},
    ]
    turn = {"at": "2004-03-04T14:00:00Z", "player": "Ann", "allowed": True, "type": "turn"}
    actions = [{**turn, "reason": "rolls 3 + 4"}, {**turn, "reason": "rolls 1 + 1"}]
    refused = {"at": "2004-03-05T14:00:00Z", "player": "Ben", "allowed": False, "action": "buy"}
    actions.append({**refused, "reason": "Ben has $0"})
    events = profile_events(report("open", due=due, actions=actions), archive(), game="B")
    assert [e.key for e in events] == [
        "borednomic:due:2004-03-04T06:00:00Z:1",
        "borednomic:due:2004-03-04T06:00:00Z:2",
        "borednomic:action:2004-03-04T14:00:00Z:Ann:turn:1",
        "borednomic:action:2004-03-04T14:00:00Z:Ann:turn:2",
        "borednomic:action:2004-03-05T14:00:00Z:Ben:buy:1",
    ]
    assert events[1].text == "B: fell due at 2004-03-04T06:00:00Z: Thursday update"
    assert events[4].text == "B: 2004-03-05T14:00:00Z Ben: buy, refused: Ben has $0"
    reworded = [{**a, "reason": "other words"} for a in actions]
    again = profile_events(report("open", due=due, actions=reworded), archive(), game="B")
    assert [e.key for e in again] == [e.key for e in events]


def test_a_win_is_announced() -> None:
    r = report("open", achieved={"Dee": "$1,000,000"})
    r.game_end = {"day": "2004-03-20", "winner": "Dee", "condition": "$1,000,000"}
    keys = [e.key for e in profile_events(r, archive(), game="B")]
    assert keys == ["borednomic:achieved:Dee", "borednomic:game-end"]


def test_a_long_clause_is_cut_in_the_announcement() -> None:
    r = report()
    r.matters["p1"] = Outcome("accepted", "x" * 5000, "why")
    (event,) = profile_events(r, archive(), game="B")
    assert len(event.text) < 300 and event.text.endswith("…”]")


def test_the_game_starts_at_its_first_record() -> None:
    first = datetime(2004, 2, 28, tzinfo=UTC)
    events = (Event(at=first, type="draw"),)
    assert game_start(archive(events=events)) == first
    assert game_start(archive()) == datetime(2004, 3, 1, 15, tzinfo=UTC)
    assert game_start(archive(matters=())) is None
