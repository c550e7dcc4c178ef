"""Infinite Nomic Aeternus (seed 001) as the profile ``infinite-nomic``: reactions as they
stand when a voting period ends, standard and urgent proposals, phases, reputability,
Judge elections and votes of confidence. Test ids quote the seed's clauses."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles import (
    Archive,
    Outcome,
    ProfileError,
    Report,
    archive_from_dict,
    parse_time,
)
from gamestate.profiles.infinite_nomic import PROFILE, clauses
from gamestate.profiles.infinite_nomic.phases import (
    boundaries,
    phase_number,
    phase_of,
    week_of,
)
from rules_text.seed import seed_text

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "wikibot" / "examples" / "infinite-nomic.json"
SEED = seed_text(PROFILE.seed)

# March 2024: Monday the 4th begins the cycle's first week; Thursday the 7th begins a
# Phase II, Sunday the 10th a Phase I, Monday the 11th the next week.
CYCLE = "2024-03-04T00:00:00Z"
TUE = "2024-03-05T10:00:00Z"
THU = "2024-03-07T00:00:00Z"
SAT = "2024-03-09T12:00:00Z"
SUN = "2024-03-10T00:00:00Z"
"""The end of the voting period of a standard proposal made on TUE."""
BEFORE_SUN = "2024-03-09T23:59:59Z"
MON = "2024-03-11T00:00:00Z"
AFTER = "2024-03-12T00:00:00Z"
U, D = "thumbsup", "thumbsdown"


def at(text: str) -> datetime:
    return parse_time(text, "test")


def react(voter: str, value: str, when: str, op: str = "add") -> dict[str, Any]:
    return {"voter": voter, "value": value, "at": when, "op": op}


def prop(
    mid: str,
    author: str,
    posted: str,
    votes: list[dict[str, Any]] | None = None,
    /,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "id": mid,
        "kind": "proposal",
        "author": author,
        "posted_at": posted,
        "votes": votes or [],
        **extra,
    }


def roster(**joined: str | None) -> list[dict[str, Any]]:
    """Ann..Eve, players since long before the cycle, unless given a join time."""
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    out: list[dict[str, Any]] = []
    for name in names:
        when = joined.get(name, "2024-01-01T00:00:00Z")
        out.append({"name": name, "roles": []} | ({"joined_at": when} if when else {}))
    return out


def data(
    matters: list[dict[str, Any]],
    *,
    members: list[dict[str, Any]] | None = None,
    events: list[dict[str, Any]] | None = None,
    **setting: Any,
) -> dict[str, Any]:
    return {
        "format": "nomic-archive/2",
        "profile": "infinite-nomic",
        "settings": {"cycle_began": CYCLE, **setting},
        "roster": roster() if members is None else members,
        "matters": matters,
        "events": events or [],
    }


def game(matters: list[dict[str, Any]], **kwargs: Any) -> Archive:
    archive = archive_from_dict(data(matters, **kwargs), source="test.json")
    PROFILE.check(archive)
    return archive


def report(archive: Archive, now: str, since: str | None = None) -> Report:
    return PROFILE.evaluate(archive, at(now), at(since) if since else None)


def outcome(archive: Archive, mid: str, now: str = AFTER) -> Outcome:
    return report(archive, now).matters[mid]


# The seed's words.
def test_every_quotation_is_the_seeds_own_words() -> None:
    for name in clauses.__all__:
        assert getattr(clauses, name) in SEED, name


def test_the_profile_names_its_game_and_seed() -> None:
    assert (PROFILE.name, PROFILE.title, PROFILE.seed) == (
        "infinite-nomic",
        "Infinite Nomic",
        "001_385c243753cb46d6.txt",
    )
    assert {s.name for s in PROFILE.settings} == {"reactions", "poll", "cycle_began"}


# 1 - Time: phases, to the second.
PHASES = [
    pytest.param(
        "2024-03-09T23:59:59Z",
        ("Phase II", THU, SUN),
        id="Phase II: Thursday, Friday and Saturday - Saturday 23:59:59 is still Phase II",
    ),
    pytest.param(
        SUN,
        ("Phase I", SUN, "2024-03-14T00:00:00Z"),
        id="Phase I: Sunday, Monday, Tuesday and Wednesday - Sunday 00:00:00 begins it",
    ),
    pytest.param(
        MON,
        ("Phase I", SUN, "2024-03-14T00:00:00Z"),
        id="Weeks start on Monday 00:00 UTC - and Phase I goes on across it",
    ),
    pytest.param(
        "2024-03-13T23:59:59Z",
        ("Phase I", SUN, "2024-03-14T00:00:00Z"),
        id="Phase I: ... Wednesday - Wednesday 23:59:59 is the last second of Phase I",
    ),
    pytest.param(
        "2024-03-14T00:00:00Z",
        ("Phase II", "2024-03-14T00:00:00Z", "2024-03-17T00:00:00Z"),
        id="Phase II: Thursday - Thursday 00:00:00 UTC begins it",
    ),
    pytest.param(
        "2024-03-14T00:00:00+02:00",
        ("Phase I", SUN, "2024-03-14T00:00:00Z"),
        id="All times mentioned in this ruleset are in UTC - Thursday in Cairo is Wednesday",
    ),
]


@pytest.mark.parametrize(("moment", "expected"), PHASES)
def test_phases_to_the_second(moment: str, expected: tuple[str, str, str]) -> None:
    phase = phase_of(at(moment))
    assert (phase.name, phase.starts_at, phase.ends_at) == (
        expected[0],
        at(expected[1]),
        at(expected[2]),
    )


def test_the_reading_phase_I_straddles_the_monday_week_boundary() -> None:
    """Each week is divided into two phases / Weeks start on Monday: the listed days
    win, so Sunday's Phase I runs on into the next week (README)."""
    phase, week = phase_of(at(SUN)), week_of(at(MON))
    assert phase.starts_at < week.starts_at < phase.ends_at
    assert week_of(at(SUN)).ends_at == at(MON)
    assert phase.ends_at - phase.starts_at == at(MON) - at("2024-03-07T00:00:00Z")


WEEKS = [
    pytest.param(BEFORE_SUN, CYCLE, id="Weeks start on Monday 00:00 UTC - Saturday"),
    pytest.param("2024-03-10T23:59:59Z", CYCLE, id="Weeks start on Monday - Sunday ends one"),
    pytest.param(MON, MON, id="Weeks start on Monday 00:00 UTC - to the second"),
]


@pytest.mark.parametrize(("moment", "monday"), WEEKS)
def test_weeks_start_on_monday(moment: str, monday: str) -> None:
    assert week_of(at(moment)).starts_at == at(monday)


PHASE_NUMBERS = [
    pytest.param(CYCLE, CYCLE, 0, id="starting with 0 on the phase the cycle began"),
    pytest.param(CYCLE, "2024-03-06T23:59:59Z", 0, id="0 until the phase ends"),
    pytest.param(CYCLE, THU, 1, id="the number of phases since the beginning - Thursday 1"),
    pytest.param(CYCLE, SUN, 2, id="the number of phases - Sunday 2"),
    pytest.param(CYCLE, MON, 2, id="the number of phases - a week start is no phase start"),
    pytest.param(THU, THU, 0, id="starting with 0 - a cycle begun at a phase start"),
    pytest.param(THU, "2024-03-06T23:59:59Z", None, id="before the cycle began - none"),
]


@pytest.mark.parametrize(("began", "moment", "number"), PHASE_NUMBERS)
def test_the_phase_number(began: str, moment: str, number: int | None) -> None:
    assert phase_number(at(moment), at(began)) == number


# 3.1: voting periods.
STANDARD_PERIODS = [
    pytest.param(TUE, THU, SUN, id="the phase that started after - Tuesday votes in Phase II"),
    pytest.param(
        "2024-03-06T23:59:59Z",
        THU,
        SUN,
        id="the phase that started after - a second before Thursday",
    ),
    pytest.param(
        THU,
        SUN,
        "2024-03-14T00:00:00Z",
        id="the phase that started after the proposal was submitted - at Thursday 00:00:00"
        " the next one",
    ),
    pytest.param(
        BEFORE_SUN,
        SUN,
        "2024-03-14T00:00:00Z",
        id="the phase that started after - Saturday 23:59:59 votes in Phase I",
    ),
]


@pytest.mark.parametrize(("posted", "opens", "closes"), STANDARD_PERIODS)
def test_a_standard_voting_period_is_the_next_phase(posted: str, opens: str, closes: str) -> None:
    result = outcome(game([prop("p", "Ann", posted)]), "p", posted)
    assert result.numbers["voting_period"] == {"opens_at": opens, "closes_at": closes}
    assert result.outcome == "open" and result.next_change == at(closes)
    assert result.clause == clauses.STANDARD_PERIOD


def test_an_urgent_voting_period_is_two_days_to_the_second() -> None:
    """The voting period of an urgent proposal begins at the time it is submitted and
    ends two days after."""
    archive = game([prop("p", "Ann", "2024-03-05T10:00:07Z", **{"class": "urgent"})])
    result = outcome(archive, "p", "2024-03-07T10:00:06Z")
    assert result.numbers["voting_period"] == {
        "opens_at": "2024-03-05T10:00:07Z",
        "closes_at": "2024-03-07T10:00:07Z",
    }
    assert result.outcome == "open" and result.clause == clauses.URGENT_PERIOD
    assert outcome(archive, "p", "2024-03-07T10:00:07Z").outcome == "takes effect"


# 3.1: reactions as they stand when the voting period ends (TUE's period ends SUN).
REACTIONS = [
    pytest.param(
        [react("Ann", U, BEFORE_SUN)],
        (1, 0, "takes effect"),
        id="A reaction ... at the time when the voting period ends - a second before counts",
    ),
    pytest.param(
        [react("Ann", U, SUN)],
        (0, 0, "does not take effect"),
        id="at the time when the voting period ends - a reaction at that second is too late",
    ),
    pytest.param(
        [react("Ann", U, "2024-03-05T11:00:00Z")],
        (1, 0, "takes effect"),
        id="at the time when the voting period ends - one added before it opened stands",
    ),
    pytest.param(
        [react("Ann", U, SAT), react("Ann", U, BEFORE_SUN, "remove")],
        (0, 0, "does not take effect"),
        id="at the time when the voting period ends - removed a second before",
    ),
    pytest.param(
        [react("Ann", U, SAT), react("Ann", U, SUN, "remove")],
        (1, 0, "takes effect"),
        id="at the time when the voting period ends - removed at that second, still counts",
    ),
    pytest.param(
        [react("Ann", U, SAT), react("Ann", U, "2024-03-10T05:00:00Z", "remove")],
        (1, 0, "takes effect"),
        id="at the time when the voting period ends - removed after, still counts",
    ),
    pytest.param(
        [react("Ann", U, SAT), react("Ann", U, SAT)],
        (1, 0, "takes effect"),
        id="A reaction from a player - added twice is one",
    ),
    pytest.param(
        [react("Ann", D, SAT), react("Ann", U, SAT)],
        (0, 1, "does not take effect"),
        id="If a person's vote is unclear, it is considered to be against - both reactions",
    ),
    pytest.param(
        [react("Ann", U, SAT), react("Ben", U, SAT), react("Ben", D, SAT)],
        (1, 1, "does not take effect"),
        id="more votes in favor than votes against - 1 for, 1 unclear is not more",
    ),
    pytest.param(
        [react("Ann", U, SAT), react("Cy", U, SAT), react("Ben", U, SAT), react("Ben", D, SAT)],
        (2, 1, "takes effect"),
        id="A standard proposal is popular if it has more votes in favor - 2 to 1",
    ),
    pytest.param(
        [react("Ann", D, "2024-03-08T00:00:00Z"), react("Ann", D, SAT, "remove")],
        (0, 0, "does not take effect"),
        id="excluding abstentions - no reaction at the end, no vote; 0 to 0 is not popular",
    ),
    pytest.param(
        [react("Ann", D, SAT), react("Ann", D, SAT, "remove"), react("Ann", U, BEFORE_SUN)],
        (1, 0, "takes effect"),
        id="constitutes a vote in favor or against - changed from against to favour",
    ),
]


@pytest.mark.parametrize(("votes", "expected"), REACTIONS)
def test_reactions_as_they_stand_when_the_period_ends(
    votes: list[dict[str, Any]], expected: tuple[int, int, str]
) -> None:
    result = outcome(game([prop("p", "Dee", TUE, votes)]), "p")
    assert (result.numbers["for"], result.numbers["against"], result.outcome) == expected
    assert result.clause == clauses.STANDARD_POPULAR
    assert result.numbers["effect_at"] == (at(SUN) if expected[2] == "takes effect" else None)


URGENT = [
    pytest.param([], (0, 0, "takes effect"), id="no more than two votes against - none"),
    pytest.param(
        [react("Ann", D, TUE), react("Ben", D, TUE)],
        (0, 2, "takes effect"),
        id="An urgent proposal is popular if it has no more than two votes against it - two",
    ),
    pytest.param(
        [react("Ann", D, TUE), react("Ben", D, TUE), react("Cy", D, TUE), react("Eve", U, TUE)],
        (1, 3, "does not take effect"),
        id="no more than two votes against it - three is more",
    ),
    pytest.param(
        [react("Ann", D, TUE), react("Ben", D, TUE), react("Cy", D, TUE), react("Cy", U, TUE)],
        (0, 3, "does not take effect"),
        id="If a person's vote is unclear ... against - the third against is unclear",
    ),
    pytest.param(
        [react(n, D, TUE) for n in ("Ann", "Ben", "Cy")] + [react("Cy", D, "2024-03-07T10:00:00Z")],
        (0, 3, "does not take effect"),
        id="ends two days after - a reaction at that very second is too late",
    ),
]


@pytest.mark.parametrize(("votes", "expected"), URGENT)
def test_urgent_proposals(votes: list[dict[str, Any]], expected: tuple[int, int, str]) -> None:
    result = outcome(game([prop("p", "Dee", TUE, votes, **{"class": "urgent"})]), "p")
    assert (result.numbers["for"], result.numbers["against"], result.outcome) == expected
    assert result.clause == clauses.URGENT_POPULAR


def test_the_urgent_edge_to_the_second() -> None:
    votes = [react(n, D, TUE) for n in ("Ann", "Ben")] + [react("Cy", D, "2024-03-07T09:59:59Z")]
    archive = game([prop("p", "Dee", TUE, votes, **{"class": "urgent"})])
    assert outcome(archive, "p").outcome == "does not take effect"


# 3.1: reactions from a player.
NON_PLAYERS = [
    pytest.param(
        [{"name": "Zed", "roles": [], "player": False}],
        "Zed",
        0,
        id="A reaction from a player - not from a spectator",
    ),
    pytest.param([], "Zed", 0, id="A reaction from a player - not from someone off the roster"),
    pytest.param(
        [{"name": "Zed", "roles": [], "joined_at": "2024-01-01T00:00:00Z", "left_at": SAT}],
        "Zed",
        0,
        id="from a player ... at the time when the voting period ends - left before it ends",
    ),
    pytest.param(
        [{"name": "Zed", "roles": [], "joined_at": "2024-01-01T00:00:00Z", "left_at": SUN}],
        "Zed",
        0,
        id="from a player ... when the voting period ends - left at that very second",
    ),
]


@pytest.mark.parametrize(("extra", "voter", "counted"), NON_PLAYERS)
def test_reactions_of_non_players_are_ignored_with_a_warning(
    extra: list[dict[str, Any]], voter: str, counted: int
) -> None:
    archive = game(
        [prop("p", "Ann", TUE, [react(voter, U, "2024-03-08T00:00:00Z")])],
        members=[*roster(), *extra],
    )
    result = report(archive, AFTER)
    assert result.matters["p"].numbers["for"] == counted
    assert len(result.warnings) == 1
    assert (
        f"matter p: the reaction of {voter}, not a player at {SUN[:-1]}" in (result.warnings[0])
        and clauses.REACTIONS in result.warnings[0]
    )


def test_a_reaction_made_before_joining_counts_if_a_player_when_the_period_ends() -> None:
    """The reading: player status is read when the period ends, like the reactions."""
    members = [*roster(), {"name": "Fay", "roles": [], "joined_at": SAT}]
    archive = game([prop("p", "Ann", TUE, [react("Fay", U, THU)])], members=members)
    result = report(archive, AFTER)
    assert result.matters["p"].numbers["for"] == 1 and result.warnings == []


# 3.1: neither deleted nor edited.
CHANGES = [
    pytest.param(
        {"edited_at": BEFORE_SUN},
        "does not take effect",
        id="the message ... has been neither deleted nor edited - edited a second before the end",
    ),
    pytest.param(
        {"edited_at": SUN},
        "takes effect",
        id="neither deleted nor edited - an edit at the very second it ends is after the end",
    ),
    pytest.param(
        {"edited_at": "2024-03-10T08:00:00Z"},
        "takes effect",
        id="At the end of its voting period, a proposal takes effect - a later edit is too late",
    ),
    pytest.param(
        {"deleted_at": "2024-03-05T10:00:01Z"},
        "does not take effect",
        id="neither deleted nor edited - deleted before its period opened",
    ),
    pytest.param(
        {"deleted_at": "2024-03-09T08:00:00Z"},
        "does not take effect",
        id="neither deleted nor edited - deleted during its period",
    ),
    pytest.param(
        {"deleted_at": "2024-03-10T00:00:01Z"},
        "takes effect",
        id="At the end of its voting period - deleted a second after it took effect",
    ),
]


@pytest.mark.parametrize(("change", "expected"), CHANGES)
def test_edits_and_deletions(change: dict[str, str], expected: str) -> None:
    archive = game([prop("p", "Ann", TUE, [react("Ben", U, SAT)], **change)])
    result = outcome(archive, "p")
    assert result.outcome == expected
    if expected == "does not take effect":
        assert result.clause == clauses.TAKES_EFFECT and result.numbers["effect_at"] is None
    else:
        assert result.numbers["effect_at"] == at(SUN)


def test_an_edit_decides_at_once_but_only_once_recorded() -> None:
    archive = game([prop("p", "Ann", TUE, [react("Ben", U, THU)], edited_at=SAT)])
    before = outcome(archive, "p", "2024-03-09T11:59:59Z")
    assert before.outcome == "open" and before.next_change == at(SUN)
    after = outcome(archive, "p", SAT)
    assert after.outcome == "does not take effect" and after.next_change is None
    assert "edited at 2024-03-09T12:00:00Z" in after.reason


def test_an_open_proposal_counts_reactions_so_far_including_now() -> None:
    archive = game([prop("p", "Ann", TUE, [react("Ben", U, SAT), react("Cy", D, SAT)])])
    assert outcome(archive, "p", "2024-03-09T11:59:59Z").numbers["for"] == 0
    result = outcome(archive, "p", SAT)
    assert (result.outcome, result.numbers["for"], result.numbers["against"]) == ("open", 1, 1)
    assert "so far 1 for, 1 against" in result.reason


# 3.1: several taking effect at one instant.
def test_simultaneous_results_take_effect_in_the_order_created() -> None:
    """If more than one proposal would otherwise take effect simultaneously, they take
    effect in the order in which they were created."""
    yes = [react("Ben", U, SAT)]
    archive = game(
        [
            prop("late", "Ann", "2024-03-08T00:00:00Z", yes, **{"class": "urgent"}),
            prop("early", "Ann", "2024-03-05T09:00:00Z", yes),
            prop("mid", "Cy", TUE, yes),
            prop("twin", "Dee", TUE, yes),
            prop("fails", "Eve", "2024-03-04T08:00:00Z", [react("Ben", D, SAT)]),
            prop("sooner", "Eve", "2024-03-03T08:00:00Z", yes, **{"class": "urgent"}),
        ]
    )
    result = report(archive, AFTER)
    assert result.effect_order == ["sooner", "early", "mid", "twin", "late"]
    assert "4th of the 4 proposals taking effect then" in result.matters["late"].reason
    assert clauses.SIMULTANEOUS in result.matters["early"].reason
    assert clauses.SIMULTANEOUS not in result.matters["sooner"].reason


def test_effect_order_holds_only_what_has_taken_effect_by_now() -> None:
    archive = game([prop("a", "Ann", TUE, [react("Ben", U, SAT)])])
    assert report(archive, BEFORE_SUN).effect_order == []
    assert report(archive, SUN).effect_order == ["a"]


# 2: reputable players may submit urgent proposals.
REPUTATION = [
    pytest.param(
        "2024-03-13T12:00:00Z",
        "2024-03-20T12:00:00Z",
        "open",
        id="continuously been a player for the previous seven days - exactly seven",
    ),
    pytest.param(
        "2024-03-13T12:00:01Z",
        "2024-03-20T12:00:00Z",
        "invalid",
        id="for the previous seven days - a second short",
    ),
    pytest.param(
        "2024-03-07T00:00:00Z",
        "2024-03-08T00:00:00Z",
        "open",
        id="from a time that was within 3 days of the round starting - joined 3 days after",
    ),
    pytest.param(
        "2024-03-07T00:00:01Z",
        "2024-03-08T00:00:00Z",
        "invalid",
        id="within 3 days of the round starting - a second more",
    ),
    pytest.param(
        "2024-02-29T23:59:59Z",
        "2024-03-05T00:00:00Z",
        "open",
        id="continuously been a player from a time within 3 days - joined before the round",
    ),
    pytest.param(
        None,
        "2024-03-05T00:00:00Z",
        "open",
        id="continuously been a player - since before the archive began",
    ),
]


@pytest.mark.parametrize(("joined", "posted", "expected"), REPUTATION)
def test_only_a_reputable_player_can_submit_an_urgent_proposal(
    joined: str | None, posted: str, expected: str
) -> None:
    archive = game([prop("u", "Eve", posted, **{"class": "urgent"})], members=roster(Eve=joined))
    result = outcome(archive, "u", posted)
    assert result.outcome == expected
    if expected == "invalid":
        assert result.clause == clauses.URGENT_REPUTABLE and result.next_change is None


def test_without_cycle_began_only_seven_days_make_a_player_reputable() -> None:
    matters = [prop("u", "Eve", "2024-03-08T00:00:00Z", **{"class": "urgent"})]
    raw = data(matters, members=roster(Eve="2024-03-07T00:00:00Z"))
    del raw["settings"]["cycle_began"]
    result = PROFILE.evaluate(archive_from_dict(raw), at(AFTER), None)
    assert result.matters["u"].outcome == "invalid"
    assert result.game_state["phase_number"] is None


def test_a_player_who_left_is_not_reputable() -> None:
    members = roster()
    members[4]["left_at"] = "2024-03-04T00:00:00Z"
    archive = game([prop("u", "Eve", TUE, **{"class": "urgent"})], members=members)
    assert outcome(archive, "u").outcome == "invalid"
    assert report(archive, AFTER).state["Eve"] == {"player": False, "reputable": False}


DECLARED = [
    pytest.param(["Ann", "Ben"], "open", id="If two reputable players publicly declare - two"),
    pytest.param(["Ann"], "invalid", id="If two reputable players publicly declare - one is not"),
    pytest.param(["Ann", "Ann"], "invalid", id="two reputable players - the same one twice"),
    pytest.param(["Ann", "Fay"], "invalid", id="two reputable players - Fay is not reputable"),
]


@pytest.mark.parametrize(("by", "expected"), DECLARED)
def test_declared_reputable(by: list[str], expected: str) -> None:
    members = roster(Eve="2024-03-10T00:00:00Z") + [
        {"name": "Fay", "roles": [], "joined_at": "2024-03-10T00:00:00Z"}
    ]
    events = [
        {"at": "2024-03-11T10:00:00Z", "type": "declare_reputable", "by": b, "player": "Eve"}
        for b in by
    ]
    archive = game(
        [prop("u", "Eve", "2024-03-11T10:00:00Z", **{"class": "urgent"})],
        members=members,
        events=events,
    )
    assert outcome(archive, "u", "2024-03-11T12:00:00Z").outcome == expected


# 3.2: Judge elections (the week of Monday 11 March ends Monday 18 March).
WEEK_END = "2024-03-18T00:00:00Z"


def cand(mid: str, author: str, posted: str, votes: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": mid, "kind": "judge_candidacy", "author": author, "posted_at": posted,
            "votes": votes}  # fmt: skip


def test_the_most_favour_among_popular_candidacies_wins_once_the_week_ends() -> None:
    """the player whose message is both popular and has the most π reactions from
    players becomes the Judge once that week ends."""
    archive = game(
        [
            cand("j1", "Ann", "2024-03-12T00:00:00Z", [react("Ben", U, "2024-03-12T01:00:00Z")]),
            cand(
                "j2",
                "Ben",
                "2024-03-13T00:00:00Z",
                [react(n, U, "2024-03-13T01:00:00Z") for n in ("Ann", "Cy")],
            ),
            cand(
                "j3",
                "Cy",
                "2024-03-13T00:00:00Z",
                [react(n, U, "2024-03-13T01:00:00Z") for n in ("Ann", "Ben", "Dee")]
                + [react(n, D, "2024-03-13T01:00:00Z") for n in ("Eve", "Cy", "Ann")],
            ),
        ]  # fmt: skip
    )
    during = report(archive, "2024-03-17T23:59:59Z")
    assert during.judge is None
    assert during.matters["j1"].outcome == "open"
    assert during.matters["j1"].next_change == at(WEEK_END)
    result = report(archive, WEEK_END)
    assert result.judge == {"name": "Ben", "from": at(WEEK_END)}
    assert {k: (o.outcome, o.numbers["for"], o.numbers["elected"]) for k, o in
            result.matters.items()} == {
        "j1": ("popular", 1, False),
        "j2": ("popular", 2, True),
        "j3": ("not popular", 3, False),
    }  # fmt: skip
    assert result.matters["j3"].clause == clauses.JUDGE_POPULAR


def test_ties_go_to_the_earliest_text_message_that_week() -> None:
    """Ties are broken in favor of the player with the earliest text message during that
    week."""
    votes = [react("Dee", U, "2024-03-13T01:00:00Z")]
    matters = [
        cand("j1", "Ann", "2024-03-12T00:00:00Z", votes),
        cand("j2", "Ben", "2024-03-13T00:00:00Z", votes),
    ]
    assert report(game(matters), WEEK_END).judge == {"name": "Ann", "from": at(WEEK_END)}
    earlier = [
        {"at": "2024-03-10T23:59:59Z", "type": "message", "player": "Ben"},
        {"at": "2024-03-11T00:00:00Z", "type": "message", "player": "Ben"},
    ]
    result = report(game(matters, events=earlier), WEEK_END)
    assert result.judge == {"name": "Ben", "from": at(WEEK_END)}
    assert "earliest text message that week at 2024-03-11T00:00:00Z" in result.matters["j2"].reason
    assert clauses.JUDGE_TIES in result.matters["j2"].reason


JUDGE_EDGES = [
    pytest.param(
        [react("Ben", U, WEEK_END)],
        ("not popular", 0, 0),
        id="becomes the Judge once that week ends - a reaction at that second is too late",
    ),
    pytest.param(
        [react("Ben", U, "2024-03-17T23:59:59Z")],
        ("popular", 1, 0),
        id="once that week ends - a second before counts",
    ),
    pytest.param(
        [react("Ben", U, "2024-03-12T01:00:00Z"), react("Ben", D, "2024-03-12T01:00:00Z")],
        ("not popular", 1, 1),
        id="more π than π reactions from players - both reactions are one of each",
    ),
    pytest.param(
        [react("Ben", U, "2024-03-12T01:00:00Z"), react("Zed", U, "2024-03-12T01:00:00Z")],
        ("popular", 1, 0),
        id="reactions from players - Zed's is not",
    ),
]


@pytest.mark.parametrize(("votes", "expected"), JUDGE_EDGES)
def test_candidacy_reactions_at_the_week_end(
    votes: list[dict[str, Any]], expected: tuple[str, int, int]
) -> None:
    result = report(game([cand("j", "Ann", "2024-03-12T00:00:00Z", votes)]), WEEK_END)
    o = result.matters["j"]
    assert (o.outcome, o.numbers["for"], o.numbers["against"]) == expected
    won = expected[0] == "popular"
    assert result.judge == ({"name": "Ann", "from": at(WEEK_END)} if won else None)


def test_an_unreputable_candidate_is_invalid_and_the_incumbent_stays() -> None:
    """Any reputable player may become a candidate; If no judge candidacies ... the
    incumbent judge retains their position."""
    members = roster(Eve="2024-03-10T00:00:00Z")
    members[2]["roles"] = ["judge"]
    archive = game(
        [cand("j", "Eve", "2024-03-12T00:00:00Z", [react("Ann", U, "2024-03-12T01:00:00Z")])],
        members=members,
    )
    result = report(archive, WEEK_END)
    assert result.matters["j"].outcome == "invalid"
    assert result.matters["j"].clause == clauses.JUDGE_CANDIDATE
    assert result.judge == {"name": "Cy", "from": None}


def test_a_candidacy_deleted_before_the_week_ends_is_withdrawn() -> None:
    matter = cand("j", "Ann", "2024-03-12T00:00:00Z", [react("Ben", U, "2024-03-12T01:00:00Z")])
    result = report(game([{**matter, "deleted_at": "2024-03-15T00:00:00Z"}]), WEEK_END)
    assert result.matters["j"].outcome == "not popular" and result.judge is None


# 3.2: votes of confidence (ruling at RULED).
RULED = "2024-03-12T20:00:00Z"
POLL = {"x": "overturn", "white_check_mark": "affirm"}


def confidence(posted: str, votes: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": "c", "kind": "confidence_vote", "author": "Ben", "posted_at": posted,
            "ruling": {"by": "Ann", "at": RULED}, "votes": votes}  # fmt: skip


WINDOW = [
    pytest.param(RULED, "open", id="Within 4 days of a judge issuing a ruling - at once"),
    pytest.param("2024-03-16T20:00:00Z", "open", id="Within 4 days - exactly four"),
    pytest.param("2024-03-16T20:00:01Z", "invalid", id="Within 4 days - a second more"),
    pytest.param("2024-03-12T19:59:59Z", "invalid", id="Within 4 days - before the ruling"),
]


@pytest.mark.parametrize(("posted", "expected"), WINDOW)
def test_a_vote_of_confidence_begins_within_4_days(posted: str, expected: str) -> None:
    result = outcome(game([confidence(posted, [])], poll=POLL), "c", posted)
    assert result.outcome == expected
    if expected == "invalid":
        assert result.clause == clauses.CONFIDENCE_WINDOW
    else:
        assert result.next_change == at(posted) + (at(THU) - at("2024-03-05T00:00:00Z"))


BEGUN = "2024-03-13T00:00:00Z"
CLOSED = "2024-03-15T00:00:00Z"
CONFIDENCE = [
    pytest.param(
        [
            react("Ann", "x", BEGUN),
            react("Ben", "x", BEGUN),
            react("Cy", "white_check_mark", BEGUN),
        ],
        ("overturned", 2, 1),
        id="overturned if strictly more players vote in favor of overturning - 2 to 1",
    ),
    pytest.param(
        [react("Ann", "x", BEGUN), react("Cy", "white_check_mark", BEGUN)],
        ("stands", 1, 1),
        id="strictly more players ... than affirming - a tie stands",
    ),
    pytest.param(
        [
            react("Ann", "x", BEGUN),
            react("Ben", "x", BEGUN),
            react("Cy", "x", BEGUN),
            react("Cy", "white_check_mark", BEGUN),
            react("Dee", "white_check_mark", BEGUN),
        ],
        ("stands", 2, 2),
        id="if a person's vote is unclear, it is to affirm the judgement",
    ),  # fmt: skip
    pytest.param(
        [
            react("Ann", "x", BEGUN),
            react("Cy", "white_check_mark", BEGUN),
            react("Ben", "x", CLOSED),
        ],
        ("stands", 1, 1),
        id="Votes may be cast ... for a period of 2 days after initiation - not at its end",
    ),
    pytest.param(
        [react("Ann", "x", BEGUN), react("Ben", "x", "2024-03-14T23:59:59Z")],
        ("overturned", 2, 0),
        id="for a period of 2 days after initiation - a second before its end",
    ),
    pytest.param(
        [react("Ann", "x", BEGUN), react("Zed", "x", BEGUN)],
        ("overturned", 1, 0),
        id="strictly more players vote - Zed is no player (and 1 to 0 is strictly more)",
    ),
]


@pytest.mark.parametrize(("votes", "expected"), CONFIDENCE)
def test_votes_of_confidence(votes: list[dict[str, Any]], expected: tuple[str, int, int]) -> None:
    archive = game([confidence(BEGUN, votes)], poll=POLL)
    during = outcome(archive, "c", "2024-03-14T23:59:59Z")
    assert during.outcome == "open" and during.next_change == at(CLOSED)
    o = outcome(archive, "c", CLOSED)
    assert (o.outcome, o.numbers["overturn"], o.numbers["affirm"]) == expected
    assert o.numbers["closes_at"] == at(CLOSED) and o.clause == clauses.CONFIDENCE_OVERTURNED


def test_the_default_poll_emoji() -> None:
    """The seed's emoji are garbled: by default a thumbs-up is confidence (affirm)."""
    votes = [react("Ann", U, BEGUN), react("Ben", D, BEGUN), react("Cy", D, BEGUN)]
    assert outcome(game([confidence(BEGUN, votes)]), "c", CLOSED).outcome == "overturned"


# Due: phase and week boundaries in (since, now].
DUE = [
    pytest.param(
        BEFORE_SUN,
        SUN,
        [(SUN, "Phase I begins (Phase Number 2)")],
        id="Phase I: Sunday - falls due at 00:00:00",
    ),
    pytest.param(
        SUN, "2024-03-10T00:00:01Z", [], id="(since, now] - the boundary at since is past"
    ),
    pytest.param(
        CYCLE,
        MON,
        [
            (THU, "Phase II begins (Phase Number 1)"),
            (SUN, "Phase I begins (Phase Number 2)"),
            (MON, "week begins"),
        ],
        id="Weeks start on Monday 00:00 UTC - a week of boundaries",
    ),
]


@pytest.mark.parametrize(("since", "now", "expected"), DUE)
def test_due_boundaries(since: str, now: str, expected: list[tuple[str, str]]) -> None:
    result = report(game([]), now, since)
    assert [{"at": d["at"], "event": d["event"]} for d in result.due] == [
        {"at": at(a), "event": e} for a, e in expected
    ]
    assert boundaries(at(since), at(now), at(CYCLE)) == [(at(a), e) for a, e in expected]


NEXT_DUE = [
    pytest.param(SUN, (MON, "week begins"), id="Weeks start on Monday - next after Sunday"),
    pytest.param(
        MON,
        ("2024-03-14T00:00:00Z", "Phase II begins (Phase Number 3)"),
        id="Phase II: Thursday - next after Monday",
    ),
    pytest.param(
        "2024-03-16T23:59:59Z",
        ("2024-03-17T00:00:00Z", "Phase I begins (Phase Number 4)"),
        id="Phase I: Sunday - a second before",
    ),
]


@pytest.mark.parametrize(("now", "expected"), NEXT_DUE)
def test_next_due(now: str, expected: tuple[str, str]) -> None:
    result = report(game([]), now)
    assert result.due == []
    assert result.next_due == {"at": at(expected[0]), "event": expected[1]}


# One-line errors.
def _junk(**change: Any) -> dict[str, Any]:
    raw = data([prop("p1", "Ann", TUE, [react("Ben", U, SAT)])])
    raw.update(change)
    return raw


def _settings(**change: Any) -> dict[str, Any]:
    return _junk(settings={"cycle_began": CYCLE, **change})


JUNK = [
    pytest.param(
        _junk(matters=[prop("p1", "Ann", TUE, [react("Ben", "heart", SAT)])]),
        "matter p1 vote 0 by Ben: unknown emoji 'heart'",
        id="A π or π reaction - a heart is neither",
    ),
    pytest.param(
        _settings(reactions={"favour": "+1", "against": "-1"}),
        "unknown emoji 'thumbsup' on a proposal; the game's are +1, -1",
        id="A π or π reaction - the settings name the game's emoji",
    ),
    pytest.param(
        _junk(matters=[prop("p1", "Ann", TUE, [react("Ben", "x", SAT)])], settings={"poll": POLL}),
        "unknown emoji 'x' on a proposal",
        id="A π or π reaction ... on a Proposal message - a poll emoji is not a vote",
    ),
    pytest.param(
        _junk(matters=[prop("p1", "Ann", TUE, [{"voter": "Ben", "value": U, "at": SAT}])]),
        "op must be add or remove",
        id="A π or π reaction ... constitutes a vote - a vote cast is no reaction",
    ),
    pytest.param(
        _junk(matters=[prop("p1", "Ann", TUE, **{"class": "emergency"})]),
        "matter p1.class: unknown class 'emergency'",
        id="The class of a proposal must be one of the classes listed below",
    ),
    pytest.param(
        _junk(matters=[{**prop("p1", "Ann", TUE), "kind": "cfj"}]),
        "unknown matter kind 'cfj'",
        id="A request for justice - no CfJ kind here",
    ),
    pytest.param(
        _junk(matters=[{**confidence(BEGUN, []), "ruling": {"by": "Ann"}}]),
        'needs "ruling"',
        id="a public vote of confidence on that ruling - which ruling",
    ),
    pytest.param(
        _junk(matters=[prop("p1", "Ann", TUE, edited_at="2024-03-05T09:59:59Z")]),
        "matter p1.edited_at: is before the message was posted",
        id="the message in which it was submitted has been edited - before it was sent",
    ),
    pytest.param(
        _junk(matters=[{**prop("p1", "Ann", TUE), "judgement": {"at": SAT, "result": "x"}}]),
        "records no judgements",
        id="At the end of its voting period, a proposal takes effect - not by judgement",
    ),
    pytest.param(
        _settings(reactions={"favour": U}),
        "settings.reactions",
        id="in favor or against, respectively - both emoji",
    ),
    pytest.param(
        _settings(reactions={"favour": U, "against": U}),
        "favour and against are both 'thumbsup'",
        id="in favor or against, respectively - two emoji",
    ),
    pytest.param(
        _settings(poll={"x": "overturn"}),
        "needs an emoji to overturn and an emoji to affirm",
        id="vote in favor of overturning than affirming - both",
    ),
    pytest.param(
        _settings(poll={"x": "overturn", "y": "maybe"}),
        "settings.poll.y",
        id="in favor of overturning than affirming - maybe is neither",
    ),
    pytest.param(
        _settings(cycle_began="last Monday"),
        "settings.cycle_began",
        id="the beginning of the cycle - a time",
    ),
    pytest.param(
        _junk(events=[{"at": SAT, "type": "fish", "player": "Ann"}]),
        "unknown event type 'fish'",
        id="Subrules of this rule define the actions - not recorded here",
    ),
    pytest.param(
        _junk(events=[{"at": SAT, "type": "declare_reputable", "player": "Eve"}]),
        "event 0 (declare_reputable).by",
        id="If two reputable players publicly declare - who declared",
    ),
]


@pytest.mark.parametrize(("raw", "where"), JUNK)
def test_junk_is_one_line_naming_file_record_and_profile(raw: dict[str, Any], where: str) -> None:
    for step in ("check", "evaluate"):
        with pytest.raises(ProfileError) as caught:
            archive = archive_from_dict(raw, source="junk.json")
            if step == "check":
                PROFILE.check(archive)
            else:
                PROFILE.evaluate(archive, at(AFTER), None)
        message = str(caught.value)
        assert "\n" not in message
        assert message.startswith("junk.json: ")
        assert message.endswith("(profile infinite-nomic)")
        assert where in message


def test_removing_a_reaction_that_was_not_there_is_a_warning() -> None:
    archive = archive_from_dict(
        data([prop("p1", "Ann", TUE, [react("Ben", U, SAT, "remove")])]), source="t.json"
    )
    assert PROFILE.check(archive) == [
        "matter p1 vote 0 by Ben: removes a thumbsup reaction that was not there; ignored"
    ]
    assert outcome(archive, "p1").numbers["for"] == 0


# Junk of every shape: only ever a one-line ProfileError.
_TIMES = st.sampled_from(
    [TUE, THU, SAT, SUN, BEFORE_SUN, MON, CYCLE, "not a time", "2024-03-05", 7, None]
)
_NAMES = st.sampled_from(["Ann", "Ben", "Zed", "", 3, None])
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.text(max_size=4))
_VOTES = st.fixed_dictionaries(
    {
        "voter": _NAMES,
        "value": st.sampled_from([U, D, "x", "white_check_mark", "heart", 1]),
        "at": _TIMES,
    },
    optional={"op": st.sampled_from(["add", "remove", "cast", "x", 2])},
)
_MATTERS = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["p1", "p2", 3, "", None]),
        "kind": st.sampled_from(["proposal", "judge_candidacy", "confidence_vote", "cfj", 4]),
        "author": _NAMES,
        "posted_at": _TIMES,
        "votes": st.one_of(st.lists(_VOTES, max_size=4), _SCALARS),
    },
    optional={
        "class": st.one_of(st.sampled_from(["standard", "urgent", "Urgent"]), _SCALARS),
        "edited_at": _TIMES,
        "deleted_at": _TIMES,
        "ruling": st.one_of(
            _SCALARS,
            st.fixed_dictionaries({}, optional={"by": _NAMES, "at": _TIMES}),
        ),
    },
)
_EVENTS = st.fixed_dictionaries(
    {"at": _TIMES, "type": st.sampled_from(["message", "declare_reputable", "fish", 5])},
    optional={"player": _NAMES, "by": _NAMES},
)
_MEMBERS = st.fixed_dictionaries(
    {"name": _NAMES},
    optional={
        "joined_at": _TIMES,
        "left_at": _TIMES,
        "player": st.one_of(st.booleans(), _SCALARS),
        "roles": st.one_of(st.lists(st.sampled_from(["judge", "admin", 1]), max_size=2), _SCALARS),
    },
)
_SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "reactions": st.one_of(
            _SCALARS,
            st.fixed_dictionaries(
                {"favour": st.sampled_from([U, D, "", 1]), "against": st.sampled_from([U, D])}
            ),
        ),
        "poll": st.one_of(
            _SCALARS,
            st.dictionaries(
                st.sampled_from([U, D, "x", ""]),
                st.sampled_from(["overturn", "affirm", "maybe", 0]),
                max_size=3,
            ),
        ),
        "cycle_began": _TIMES,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    _SETTINGS,
    st.lists(_MEMBERS, max_size=4),
    st.lists(_MATTERS, max_size=4),
    st.lists(_EVENTS, max_size=3),
    st.sampled_from([SAT, AFTER, "2024-04-30T00:00:00Z"]),
    st.sampled_from([None, CYCLE, SAT]),
)
def test_junk_archives_give_only_one_line_profile_errors(
    setting: dict[str, Any],
    members: list[dict[str, Any]],
    matters: list[dict[str, Any]],
    events: list[dict[str, Any]],
    now: str,
    since: str | None,
) -> None:
    raw = {
        "format": "nomic-archive/2",
        "profile": "infinite-nomic",
        "settings": setting,
        "roster": members,
        "matters": matters,
        "events": events,
    }
    try:
        archive = archive_from_dict(raw, source="junk.json")
        PROFILE.check(archive)
        result = PROFILE.evaluate(archive, at(now), at(since) if since and since < now else None)
    except ProfileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("junk.json: ")
        return
    for o in result.matters.values():
        assert o.clause in SEED
        assert o.outcome in {
            "takes effect", "does not take effect", "open", "invalid",
            "popular", "not popular", "overturned", "stands",
        }  # fmt: skip


# The example in `nomicbot demo`.
def test_the_example_archive_gives_its_outcomes() -> None:
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive = archive_from_dict(raw, source="infinite-nomic.json")
    assert PROFILE.check(archive) == []
    result = report(archive, raw["demo"]["now"], raw["demo"]["since"])
    assert {k: o.outcome for k, o in result.matters.items()} == {
        "p1": "takes effect",
        "p2": "takes effect",
        "p3": "does not take effect",
        "p4": "does not take effect",
        "p5": "invalid",
        "p6": "does not take effect",
        "p7": "does not take effect",
        "j1": "popular",
        "j2": "popular",
        "j3": "invalid",
        "c1": "stands",
        "c2": "invalid",
        "p8": "takes effect",
    }
    assert result.effect_order == ["p1", "p2", "p8"]
    assert result.judge == {"name": "Eve", "from": at("2024-03-18T00:00:00Z")}
    assert (result.matters["p6"].numbers["for"], result.matters["p6"].numbers["against"]) == (1, 1)
    assert (result.matters["c1"].numbers["overturn"], result.matters["c1"].numbers["affirm"]) == (
        2,
        2,
    )
    assert (result.matters["p7"].numbers["for"], result.matters["p7"].numbers["against"]) == (1, 1)
    assert (result.matters["p8"].numbers["for"], result.matters["p8"].numbers["against"]) == (3, 2)
    assert result.matters["p8"].numbers["effect_at"] == at("2024-03-24T00:00:00Z")
    assert [d["event"] for d in result.due] == [
        "Phase I begins (Phase Number 2)",
        "week begins",
        "Phase II begins (Phase Number 3)",
        "Phase I begins (Phase Number 4)",
        "week begins",
        "Phase II begins (Phase Number 5)",
        "Phase I begins (Phase Number 6)",
        "week begins",
    ]
    assert result.next_due == {
        "at": at("2024-03-28T00:00:00Z"),
        "event": "Phase II begins (Phase Number 7)",
    }
    assert [w.split(",")[0] for w in result.warnings] == [
        "matter p1: the reaction of Zed",
        "matter p6: the reaction of Dee",
        "matter j1: the reaction of Dee",
    ]
    assert result.game_state["phase"] == "Phase I" and result.game_state["phase_number"] == 6
    for o in result.matters.values():
        assert o.clause in SEED


def test_the_example_as_status_json_is_section_2b() -> None:
    from wikibot.cli.profile_render import report_to_json

    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive = archive_from_dict(raw, source="infinite-nomic.json")
    out = report_to_json(report(archive, raw["demo"]["now"], raw["demo"]["since"]))
    assert json.loads(json.dumps(out)) == out
    assert set(out) == {
        "profile", "now", "since", "matters", "state", "game_state", "due", "next_due",
        "actions", "effect_order", "judge", "winners", "game_end", "achieved",
        "rules_after_day",
    }  # fmt: skip
    assert out["matters"]["p1"] == {
        "outcome": "takes effect",
        "clause": clauses.STANDARD_POPULAR,
        "reason": out["matters"]["p1"]["reason"],
        "next_change": None,
        "for": 3,
        "against": 1,
        "voting_period": {"opens_at": "2024-03-07T00:00:00Z", "closes_at": "2024-03-10T00:00:00Z"},
        "effect_at": "2024-03-10T00:00:00Z",
    }
    assert {k: out["matters"]["c1"][k] for k in ("overturn", "affirm", "closes_at")} == {
        "overturn": 2,
        "affirm": 2,
        "closes_at": "2024-03-16T18:00:00Z",
    }
    assert out["judge"] == {"name": "Eve", "from": "2024-03-18T00:00:00Z"}
    assert out["effect_order"] == ["p1", "p2", "p8"]
