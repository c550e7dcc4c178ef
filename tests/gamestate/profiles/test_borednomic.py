"""BoredNomic (seed 000) as a rule profile: each table's ids quote the seed's clause.

Times are written as the players' clocks show them (``chi(...)``, America/Chicago)
or as UTC where the offset itself is what is tested; no test reads a clock.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles import (
    Archive,
    Outcome,
    ProfileError,
    Report,
    archive_from_dict,
    format_time,
    get_profile,
    parse_time,
)
from gamestate.profiles.borednomic import PROFILE, clauses
from gamestate.profiles.borednomic.standing import level_ups
from rules_text.seed import seed_text

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "wikibot" / "examples" / "borednomic.json"
CHICAGO = ZoneInfo("America/Chicago")
SEED = seed_text(PROFILE.seed)


def chi(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> str:
    """A Chicago wall-clock time as the archive writes it (UTC, Z)."""
    local = datetime(year, month, day, hour, minute, second, tzinfo=CHICAGO)
    return format_time(local)


def at(text: str) -> datetime:
    return parse_time(text, "test")


def vote(voter: str, value: str, when: str, spend: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {"voter": voter, "value": value, "at": when}
    if spend:
        out["spend_votes_in_reserve"] = spend
    return out


def prop(
    matter_id: str, author: str, posted_at: str, votes: Sequence[dict[str, Any]] = ()
) -> dict[str, Any]:
    return {
        "id": matter_id,
        "kind": "proposal",
        "author": author,
        "posted_at": posted_at,
        "votes": list(votes),
    }


def roster(**state: dict[str, Any]) -> list[dict[str, Any]]:
    """Ann, Ben, Cy, Dee (players) and The T (the Admin); ``state`` per name."""
    players: list[dict[str, Any]] = [
        {"name": n, "roles": [], "state": state.get(n, {})} for n in ("Ann", "Ben", "Cy", "Dee")
    ]
    return [*players, {"name": "The T", "roles": ["admin"], "player": False}]


def game(
    matters: Sequence[dict[str, Any]] = (),
    *,
    events: Sequence[dict[str, Any]] = (),
    members: list[dict[str, Any]] | None = None,
    settings: dict[str, Any] | None = None,
    paused: bool = False,
) -> Archive:
    merged: dict[str, Any] = {"timezone": "America/Chicago", **(settings or {})}
    return archive_from_dict(
        {
            "format": "nomic-archive/2",
            "profile": "borednomic",
            "settings": merged,
            "roster": members if members is not None else roster(),
            "game_state": {"paused": paused},
            "matters": list(matters),
            "events": list(events),
        },
        source="test.json",
    )


def report(archive: Archive, now: str, since: str | None = None) -> Report:
    PROFILE.check(archive)
    return PROFILE.evaluate(archive, at(now), at(since) if since else None)


def outcome(archive: Archive, matter_id: str, now: str) -> Outcome:
    return report(archive, now).matters[matter_id]


# The week of Monday 1 March 2004 (CST, UTC-6), used where the date does not matter.
MON, TUE, WED = chi(2004, 3, 1, 10), chi(2004, 3, 2, 10), chi(2004, 3, 3, 10)
FRI, SAT = chi(2004, 3, 5, 12), chi(2004, 3, 6, 12)
CLOSE = chi(2004, 3, 7)
AFTER = chi(2004, 3, 7, 12)


def test_the_registry_hands_out_this_profile() -> None:
    registered: object = get_profile("borednomic")
    assert registered is PROFILE
    assert PROFILE.matter_kinds == frozenset({"proposal"})
    assert PROFILE.vote_values == frozenset({"Yay", "Nay", "Abstain"})
    assert PROFILE.event_types == frozenset(
        {
            "admin_veto",
            "pause",
            "draw",
            "buy",
            "action",
            "answer",
            "name_rejected",
            "add_square",
            "trade",
            "set_price",
            "turn_order",
            "send_back",
        }
    )
    assert PROFILE.judgement_results == frozenset()
    assert {s.name: s.default for s in PROFILE.settings} == {
        "timezone": "UTC",
        "repeated_votes": "last",
        "early_votes": "count",
    }


@pytest.mark.parametrize(
    "name", sorted(n for n in vars(clauses) if n.isupper() and not n.startswith("_"))
)
def test_every_clause_is_the_seeds_own_words(name: str) -> None:
    assert getattr(clauses, name) in SEED


# Rule 9.2: "Proposals must be received by the Admin before midnight Wednesday."
# Evaluated one second after sending: open until Sunday 00:00 local, or late.
PROPOSAL_DEADLINES = [
    pytest.param(
        chi(2004, 3, 3, 23, 59, 59),
        "open",
        "2004-03-07T06:00:00Z",
        id="9.2 before midnight Wednesday: 23:59:59 is on time",
    ),
    pytest.param(
        chi(2004, 3, 4, 0, 0, 0),
        "late",
        None,
        id="9.2 before midnight Wednesday: Thursday 00:00:00 is late",
    ),
    pytest.param(
        chi(2004, 3, 1, 0, 0, 0),
        "open",
        "2004-03-07T06:00:00Z",
        id="9.2 Monday through Wednesday: Monday 00:00:00 is on time",
    ),
    pytest.param(
        chi(2004, 3, 7, 23, 59, 59),
        "late",
        None,
        id="9.2 made that week: Sunday 23:59:59 is late for its week, not carried over",
    ),
    pytest.param(
        "2024-03-14T04:59:59Z",
        "open",
        "2024-03-17T05:00:00Z",
        id="9.2 before midnight Wednesday after the March DST change (CDT): 04:59:59Z on time",
    ),
    pytest.param(
        "2024-03-14T05:00:00Z",
        "late",
        None,
        id="9.2 before midnight Wednesday after the March DST change (CDT): 05:00:00Z late",
    ),
    pytest.param(
        "2024-03-07T05:59:59Z",
        "open",
        "2024-03-10T06:00:00Z",
        id="9.2 before midnight Wednesday before the March DST change (CST): 05:59:59Z on time",
    ),
    pytest.param(
        "2024-03-11T04:59:59Z",
        "late",
        None,
        id="9.2 Monday through Wednesday: Sunday 23:59:59 CDT (04:59:59Z) is the old week",
    ),
    pytest.param(
        "2024-03-11T05:00:00Z",
        "open",
        "2024-03-17T05:00:00Z",
        id="9.2 Monday through Wednesday: Monday 00:00:00 CDT (05:00:00Z) starts the week",
    ),
    pytest.param(
        "2024-10-31T04:59:59Z",
        "open",
        "2024-11-03T05:00:00Z",
        id="9.2 before midnight Wednesday before the November DST change (CDT): 04:59:59Z",
    ),
    pytest.param(
        "2024-11-07T05:59:59Z",
        "open",
        "2024-11-10T06:00:00Z",
        id="9.2 before midnight Wednesday after the November DST change (CST): 05:59:59Z",
    ),
    pytest.param(
        "2024-11-07T06:00:00Z",
        "late",
        None,
        id="9.2 before midnight Wednesday after the November DST change (CST): 06:00:00Z late",
    ),
    pytest.param(
        "2024-11-04T05:59:59Z",
        "late",
        None,
        id="9.2 Monday through Wednesday: Sunday 23:59:59 CST (05:59:59Z) is the old week",
    ),
]


@pytest.mark.parametrize(("posted_at", "expected", "closes_at"), PROPOSAL_DEADLINES)
def test_proposal_deadline(posted_at: str, expected: str, closes_at: str | None) -> None:
    now = format_time(at(posted_at) + timedelta(seconds=1))
    result = outcome(game([prop("p", "Ann", posted_at)]), "p", now)
    assert result.outcome == expected
    if closes_at is None:
        assert result.clause == clauses.PROPOSAL_DEADLINE and result.next_change is None
    else:
        assert result.next_change == at(closes_at)
        assert result.numbers["closes_at"] == at(closes_at)


# Rule 9.3: "Votes must be received before midnight Saturday." Ann proposes on the
# Monday; Ben's lone Yay is accepted if it counts, rejected (0 to 0) if it is late.
VOTE_DEADLINES = [
    pytest.param(
        "America/Chicago",
        chi(2004, 3, 1, 9),
        chi(2004, 3, 6, 23, 59, 59),
        "accepted",
        id="9.3 before midnight Saturday: 23:59:59 counts",
    ),
    pytest.param(
        "America/Chicago",
        chi(2004, 3, 1, 9),
        chi(2004, 3, 7, 0, 0, 0),
        "rejected",
        id="9.3 before midnight Saturday: Sunday 00:00:00 is late",
    ),
    pytest.param(
        "America/Chicago",
        "2024-03-04T15:00:00Z",
        "2024-03-10T05:59:59Z",
        "accepted",
        id="9.3 before midnight Saturday, the night before the March DST change: 05:59:59Z",
    ),
    pytest.param(
        "America/Chicago",
        "2024-03-04T15:00:00Z",
        "2024-03-10T06:00:00Z",
        "rejected",
        id="9.3 before midnight Saturday, the night before the March DST change: 06:00:00Z",
    ),
    pytest.param(
        "America/Chicago",
        "2024-03-11T15:00:00Z",
        "2024-03-17T04:59:59Z",
        "accepted",
        id="9.3 before midnight Saturday, the week after the March DST change: 04:59:59Z",
    ),
    pytest.param(
        "America/Chicago",
        "2024-03-11T15:00:00Z",
        "2024-03-17T05:00:00Z",
        "rejected",
        id="9.3 before midnight Saturday, the week after the March DST change: 05:00:00Z",
    ),
    pytest.param(
        "America/Chicago",
        "2024-10-28T15:00:00Z",
        "2024-11-03T04:59:59Z",
        "accepted",
        id="9.3 before midnight Saturday, the night of the November DST change: 04:59:59Z",
    ),
    pytest.param(
        "America/Chicago",
        "2024-10-28T15:00:00Z",
        "2024-11-03T05:00:00Z",
        "rejected",
        id="9.3 before midnight Saturday, the night of the November DST change: 05:00:00Z",
    ),
    pytest.param(
        "America/Santiago",
        "2024-09-02T15:00:00Z",
        "2024-09-08T03:59:59Z",
        "accepted",
        id="9.3 before midnight Saturday where DST skips midnight (Santiago): 23:59:59 counts",
    ),
    pytest.param(
        "America/Santiago",
        "2024-09-02T15:00:00Z",
        "2024-09-08T04:00:00Z",
        "rejected",
        id="9.3 before midnight Saturday where DST skips midnight (Santiago): 01:00 is late",
    ),
    pytest.param(
        "UTC",
        "2004-03-01T09:00:00Z",
        "2004-03-06T23:59:59Z",
        "accepted",
        id="9.3 before midnight Saturday, default zone UTC: 23:59:59Z counts",
    ),
    pytest.param(
        "UTC",
        "2004-03-01T09:00:00Z",
        "2004-03-07T00:00:00Z",
        "rejected",
        id="9.3 before midnight Saturday, default zone UTC: 00:00:00Z is late",
    ),
]


@pytest.mark.parametrize(("tz", "posted_at", "voted_at", "expected"), VOTE_DEADLINES)
def test_vote_deadline(tz: str, posted_at: str, voted_at: str, expected: str) -> None:
    archive = game(
        [prop("p", "Ann", posted_at, [vote("Ben", "Yay", voted_at)])], settings={"timezone": tz}
    )
    now = format_time(at(voted_at) + timedelta(days=2))
    result = report(archive, now)
    assert result.matters["p"].outcome == expected
    late = [w for w in result.warnings if clauses.VOTE_DEADLINE in w]
    assert bool(late) == (expected == "rejected")


def test_the_timezone_defaults_to_utc_as_the_seed_names_none() -> None:
    """9.2 "before midnight Wednesday", with no zone set: midnight UTC."""
    archive = archive_from_dict(
        {
            "format": "nomic-archive/2",
            "profile": "borednomic",
            "roster": roster(),
            "matters": [prop("p", "Ann", "2004-03-03T23:59:59Z"), prop("q", "Ben", CLOSE)],
        }
    )
    result = PROFILE.evaluate(archive, at("2004-03-04T00:00:00Z"), None)
    assert result.matters["p"].outcome == "open"
    assert result.matters["p"].next_change == at("2004-03-07T00:00:00Z")


# Rules 8.3 and 8.4: the votes that count, and the count. Ann is the author.
COUNTS = [
    pytest.param(
        [vote("Ben", "Yay", FRI), vote("Cy", "Yay", FRI), vote("Dee", "Nay", SAT)],
        "accepted",
        2,
        1,
        id="8.4 the number who vote Yay is greater than the number who vote Nay: 2-1 accepted",
    ),
    pytest.param(
        [vote("Ben", "Yay", FRI), vote("Dee", "Nay", SAT)],
        "rejected",
        1,
        1,
        id="8.4 does not receive the required number of Yay votes: 1-1 rejected",
    ),
    pytest.param(
        [vote("Ben", "Yay", FRI)],
        "accepted",
        1,
        0,
        id="8.4 no quorum: one Yay and three silent is accepted",
    ),
    pytest.param(
        [],
        "rejected",
        0,
        0,
        id="8.3 does not submit a vote ... Abstain by default: no votes, 0-0 rejected",
    ),
    pytest.param(
        [vote("Dee", "Nay", SAT)],
        "rejected",
        0,
        1,
        id="8.3 Each player will vote: the author gets no implicit Yay, 0-1 rejected",
    ),
    pytest.param(
        [vote("Ann", "Yay", FRI)],
        "accepted",
        1,
        0,
        id="8.3 Each player will vote: the author may vote Yay like anyone, 1-0 accepted",
    ),
    pytest.param(
        [vote("Ben", "Yay", FRI), vote("Cy", "Abstain", FRI), vote("Dee", "Abstain", SAT)],
        "accepted",
        1,
        0,
        id="8.3 Yay, Nay, or Abstain: Abstain counts neither way, 1-0 accepted",
    ),
    pytest.param(
        [vote("Ben", "Yay", FRI), vote("The T", "Nay", SAT), vote("Zed", "Nay", SAT)],
        "accepted",
        1,
        0,
        id="3.2 The Admin is not considered to be a player: the Admin's and Zed's Nay ignored",
    ),
    pytest.param(
        [vote("Ben", "Nay", FRI), vote("Ben", "Yay", SAT)],
        "accepted",
        1,
        0,
        id="9.2 only the last two sent: of one player's votes the last sent counts",
    ),
    pytest.param(
        [vote("Ben", "Yay", FRI), vote("Ben", "Nay", CLOSE)],
        "accepted",
        1,
        0,
        id="9.3 Votes must be received before midnight Saturday: a late change is ignored",
    ),
    pytest.param(
        [vote("Ben", "Yay", FRI), vote("Cy", "Yay", SAT), vote("Dee", "Nay", SAT, spend=1)],
        "rejected",
        2,
        2,
        id="15.4 spend 1 VotesInReserve to increase the strength of their vote by 1: 2-2",
    ),
]


@pytest.mark.parametrize(("votes", "expected", "yay", "nay"), COUNTS)
def test_count(votes: list[dict[str, Any]], expected: str, yay: int, nay: int) -> None:
    members = roster(Dee={"votes_in_reserve": 1})
    result = outcome(game([prop("p", "Ann", MON, votes)], members=members), "p", AFTER)
    assert (result.outcome, result.numbers["yay"], result.numbers["nay"]) == (expected, yay, nay)
    assert result.numbers["closes_at"] == at(CLOSE)
    assert result.clause == (clauses.ACCEPTED if expected == "accepted" else clauses.REJECTED)
    assert result.next_change is None


def test_a_bankrupt_players_vote_is_ignored_with_a_warning() -> None:
    """4.4 "A player who is bankrupt may not propose rules, vote": Cy has $0."""
    members = roster(Cy={"money": 0})
    archive = game(
        [prop("p", "Ann", MON, [vote("Ben", "Yay", FRI), vote("Cy", "Nay", SAT)])],
        members=members,
    )
    result = report(archive, AFTER)
    assert result.matters["p"].outcome == "accepted"
    assert [w for w in result.warnings if "'Cy'" in w] == [
        f"matter p vote 1 by 'Cy': Cy has $0: bankrupt; ignored (\"{clauses.BANKRUPT_MAY_NOT}\")"
    ]


@pytest.mark.parametrize(
    ("who", "money", "clause"),
    [
        pytest.param("Cy", 0, clauses.BANKRUPT_MAY_NOT, id="4.4 bankrupt may not propose: $0"),
        pytest.param("Cy", 1, None, id="4.3 less than $1 is bankrupt: $1 may propose"),
        pytest.param("Cy", -40, clauses.BANKRUPT_MAY_NOT, id="4.4 bankrupt: -$40 may not"),
        pytest.param(
            "The T", 0, clauses.ADMIN_NOT_PLAYER, id="3.2 The Admin is not a player: invalid"
        ),
        pytest.param(
            "Zed", 0, clauses.PLAYERS_PROPOSE, id="9.2 each player ... the option: Zed is none"
        ),
    ],
)
def test_who_may_propose(who: str, money: int, clause: str | None) -> None:
    archive = game([prop("p", who, MON)], members=roster(Cy={"money": money}))
    result = outcome(archive, "p", TUE)
    if clause is None:
        assert result.outcome == "open"
    else:
        assert (result.outcome, result.clause, result.next_change) == ("invalid", clause, None)


# Settings for readings the words allow two ways.
SETTINGS = [
    pytest.param(
        {},
        [vote("Ben", "Nay", FRI), vote("Ben", "Yay", SAT)],
        "accepted",
        id="repeated_votes=last (default): the last vote sent counts",
    ),
    pytest.param(
        {"repeated_votes": "first"},
        [vote("Ben", "Nay", FRI), vote("Ben", "Yay", SAT)],
        "rejected",
        id="repeated_votes=first: the first vote sent is final",
    ),
    pytest.param(
        {},
        [vote("Ben", "Yay", TUE)],
        "accepted",
        id="early_votes=count (default): Votes must be received before midnight Saturday",
    ),
    pytest.param(
        {"early_votes": "ignore"},
        [vote("Ben", "Yay", TUE)],
        "rejected",
        id="early_votes=ignore: Friday and Saturday will be Voting Period",
    ),
    pytest.param(
        {"early_votes": "ignore"},
        [vote("Ben", "Yay", chi(2004, 3, 5, 0, 0, 0))],
        "accepted",
        id="early_votes=ignore: Friday 00:00:00 is in the Voting Period",
    ),
    pytest.param(
        {"early_votes": "ignore"},
        [vote("Ben", "Yay", chi(2004, 3, 4, 23, 59, 59))],
        "rejected",
        id="early_votes=ignore: Thursday 23:59:59 is before the Voting Period",
    ),
]


@pytest.mark.parametrize(("extra", "votes", "expected"), SETTINGS)
def test_setting_readings(
    extra: dict[str, Any], votes: list[dict[str, Any]], expected: str
) -> None:
    archive = game([prop("p", "Ann", MON, votes)], settings=extra)
    assert outcome(archive, "p", AFTER).outcome == expected


# Rule 9.2 "up to two proposals per week ... only the last two sent will be
# considered" and 15.3 "spend 1 PropositionsInReserve to make an extra proposition".
LIMITS = [
    pytest.param(
        0,
        [("a", "Ann", MON), ("b", "Ann", TUE), ("c", "Ann", WED)],
        {"a": "not considered", "b": "open", "c": "open"},
        0,
        id="9.2 only the last two sent will be considered: the first of three is not",
    ),
    pytest.param(
        1,
        [("a", "Ann", MON), ("b", "Ann", TUE), ("c", "Ann", WED)],
        {"a": "open", "b": "open", "c": "open"},
        0,
        id="15.3 spend 1 PropositionsInReserve to make an extra proposition: three stand",
    ),
    pytest.param(
        1,
        [("a", "Ann", MON), ("b", "Ann", MON), ("c", "Ann", TUE), ("d", "Ann", WED)],
        {"a": "not considered", "b": "open", "c": "open", "d": "open"},
        0,
        id="15.3 one PropositionsInReserve, four sent: the first is not considered",
    ),
    pytest.param(
        0,
        [("a", "Ann", MON), ("b", "Ann", MON), ("c", "Ann", MON)],
        {"a": "not considered", "b": "open", "c": "open"},
        0,
        id="9.2 the last two sent, three at one instant: the archive's order breaks the tie",
    ),
    pytest.param(
        0,
        [("a", "Ann", MON), ("b", "Ben", TUE), ("c", "Ann", WED)],
        {"a": "open", "b": "open", "c": "open"},
        0,
        id="9.2 made by the same player: two from Ann and one from Ben all stand",
    ),
    pytest.param(
        0,
        [("a", "Ann", MON), ("b", "Ann", TUE), ("c", "Ann", chi(2004, 3, 4, 0, 0, 0))],
        {"a": "open", "b": "open", "c": "late"},
        0,
        id="9.2 before midnight Wednesday: a late third does not push the first out",
    ),
]


@pytest.mark.parametrize(("reserve", "sent", "expected", "left"), LIMITS)
def test_proposals_per_week(
    reserve: int, sent: list[tuple[str, str, str]], expected: dict[str, str], left: int
) -> None:
    members = roster(Ann={"propositions_in_reserve": reserve})
    archive = game([prop(i, who, when) for i, who, when in sent], members=members)
    result = report(archive, chi(2004, 3, 4, 1))
    assert {k: o.outcome for k, o in result.matters.items()} == expected
    assert result.state["Ann"]["propositions_in_reserve"] == left
    for o in result.matters.values():
        if o.outcome == "not considered":
            assert (o.clause, o.next_change) == (clauses.TWO_PROPOSALS, None)


# Rule 15 with "turn" read as the week: the reserves grow when the week's
# Rule Proposition Period ends (Thursday 00:00 local) and Voting Period ends
# (Sunday 00:00 local).
RESERVES = [
    pytest.param(
        {},
        [],
        chi(2004, 3, 3, 23, 59, 59),
        {"propositions_in_reserve": 0, "votes_in_reserve": 0},
        id="15.1 does not make a proposal on a turn: nothing yet at Wednesday 23:59:59",
    ),
    pytest.param(
        {},
        [],
        chi(2004, 3, 4, 0, 0, 0),
        {"propositions_in_reserve": 1, "votes_in_reserve": 0},
        id="15.1 does not make a proposal on a turn: +1 at Thursday 00:00:00",
    ),
    pytest.param(
        {},
        [],
        chi(2004, 3, 7, 0, 0, 0),
        {"propositions_in_reserve": 1, "votes_in_reserve": 1},
        id="15.2 does not vote on any proposals on a turn: +1 at Sunday 00:00:00",
    ),
    pytest.param(
        {},
        [prop("p", "Dee", MON, [vote("Dee", "Abstain", FRI)])],
        AFTER,
        {"propositions_in_reserve": 0, "votes_in_reserve": 0},
        id="15.1/15.2 a player who proposed and voted (Abstain is a vote) gains nothing",
    ),
    pytest.param(
        {"propositions_in_reserve": 5, "votes_in_reserve": 1},
        [],
        AFTER,
        {"propositions_in_reserve": 5, "votes_in_reserve": 1},
        id="15.5/15.6 not more than 5 * level and ceil( level / 2 ): level 1 stays at 5 and 1",
    ),
    pytest.param(
        {"level": 3, "propositions_in_reserve": 14, "votes_in_reserve": 1},
        [],
        AFTER,
        {"propositions_in_reserve": 15, "votes_in_reserve": 2},
        id="15.5/15.6 a level 3 player grows to 15 and 2",
    ),
    pytest.param(
        {"level": 2, "votes_in_reserve": 1},
        [],
        AFTER,
        {"votes_in_reserve": 1},
        id="15.6 a player at level 1 or 2 has a maximum of 1: level 2 stays at 1",
    ),
    pytest.param(
        {"level": 4, "votes_in_reserve": 2},
        [],
        AFTER,
        {"votes_in_reserve": 2},
        id="15.6 a player at level 3 or 4 has a maximum of 2: level 4 stays at 2",
    ),
    pytest.param(
        {},
        [],
        chi(2004, 3, 21, 0, 0, 0),
        {"propositions_in_reserve": 3, "votes_in_reserve": 1},
        id="15.1 on a turn, read as a week: three weeks without a proposal give 3",
    ),
]


@pytest.mark.parametrize(("state", "matters", "now", "expected"), RESERVES)
def test_reserves(
    state: dict[str, Any], matters: list[dict[str, Any]], now: str, expected: dict[str, int]
) -> None:
    # Ann's Monday note starts the archive, so the whole week counts.
    archive = game(
        [prop("start", "Ann", chi(2004, 3, 1, 0, 0, 0)), *matters],
        members=roster(Dee=state),
    )
    dee = report(archive, now).state["Dee"]
    assert {k: dee[k] for k in expected} == expected


@pytest.mark.parametrize(
    ("level", "held", "nays", "left", "warned"),
    [
        pytest.param(
            1,
            3,
            (2, 2),
            1,
            1,
            id="15.6 not more than ceil( level / 2 ): level 1 spends at most 1 on a vote",
        ),
        pytest.param(
            3,
            1,
            (2, 1),
            0,
            2,
            id="15.4 A player may spend 1 VotesInReserve: no more than they hold",
        ),
    ],
)
def test_votes_in_reserve_are_capped_by_level_and_by_holdings(
    level: int, held: int, nays: tuple[int, int], left: int, warned: int
) -> None:
    """Dee asks to spend 3 on p (Friday), then 1 on q (Saturday)."""
    members = roster(Dee={"level": level, "votes_in_reserve": held})
    archive = game(
        [
            prop("p", "Ann", MON, [vote("Ben", "Yay", FRI), vote("Dee", "Nay", FRI, spend=3)]),
            prop("q", "Ben", MON, [vote("Ann", "Yay", FRI), vote("Dee", "Nay", SAT, spend=1)]),
        ],
        members=members,
    )
    result = report(archive, AFTER)
    assert (result.matters["p"].numbers["nay"], result.matters["q"].numbers["nay"]) == nays
    assert [o.outcome for o in result.matters.values()] == ["rejected", "rejected"]
    assert result.state["Dee"]["votes_in_reserve"] == left
    assert sum(clauses.VOTES_IN_RESERVE_MAX in w for w in result.warnings) == warned


def test_votes_in_reserve_are_spent_when_voting_closes() -> None:
    members = roster(Dee={"votes_in_reserve": 1})
    archive = game([prop("p", "Ann", MON, [vote("Dee", "Nay", FRI, spend=1)])], members=members)
    before, after = report(archive, SAT), report(archive, CLOSE)
    assert before.matters["p"].numbers["nay"] == after.matters["p"].numbers["nay"] == 2
    assert before.state["Dee"]["votes_in_reserve"] == 1
    assert after.state["Dee"]["votes_in_reserve"] == 0


# Rule 8.5: "The Admin has the right to veto any proposal".
VETOES = [
    pytest.param("The T", SAT, "vetoed", False, id="8.5 The Admin has the right to veto"),
    pytest.param(
        "The T",
        chi(2004, 3, 6, 23, 59, 59),
        "vetoed",
        False,
        id="8.5 veto at Saturday 23:59:59, before voting closes: vetoed",
    ),
    pytest.param(
        "The T",
        CLOSE,
        "accepted",
        True,
        id="8.5 veto at the instant voting closes comes too late: a warning",
    ),
    pytest.param(
        "Ben", SAT, "accepted", True, id="8.5 The Admin has the right: Ben's is a warning"
    ),
]


@pytest.mark.parametrize(("by", "when", "expected", "warned"), VETOES)
def test_veto(by: str, when: str, expected: str, warned: bool) -> None:
    archive = game(
        [prop("p", "Ann", MON, [vote("Ben", "Yay", FRI)])],
        events=[{"at": when, "type": "admin_veto", "matter": "p", "by": by}],
    )
    result = report(archive, AFTER)
    assert result.matters["p"].outcome == expected
    assert any(clauses.VETO in w for w in result.warnings) == warned
    if expected == "vetoed":
        assert result.matters["p"].clause == clauses.VETO
        assert result.state["Ann"]["experience"] == 0


def test_a_veto_while_voting_is_open_is_final() -> None:
    archive = game(
        [prop("p", "Ann", MON)],
        events=[{"at": TUE, "type": "admin_veto", "matter": "p", "by": "The T"}],
    )
    result = outcome(archive, "p", WED)
    assert (result.outcome, result.next_change) == ("vetoed", None)


# Rule 10: "During a pause, no turns are taken and no proposals are made by players."
def test_a_pause_stops_players_proposing_from_its_instant() -> None:
    archive = game(
        [prop("a", "Ann", MON), prop("b", "Ben", TUE), prop("c", "Cy", WED)],
        events=[{"at": TUE, "type": "pause", "by": "The T"}],
    )
    result = report(archive, chi(2004, 3, 3, 23))
    assert {k: o.outcome for k, o in result.matters.items()} == {
        "a": "open",
        "b": "invalid",
        "c": "invalid",
    }
    assert result.matters["b"].clause == clauses.PAUSE
    assert result.game_state["paused"] is True


@pytest.mark.parametrize(
    ("votes", "expected", "paused_after"),
    [
        pytest.param(
            [vote("Ben", "Yay", FRI)],
            "accepted",
            False,
            id="10.2 If the proposal is accepted, the game is unpaused",
        ),
        pytest.param(
            [vote("Ben", "Nay", FRI)],
            "rejected",
            True,
            id="10.2 If the proposal is not accepted, the game stays paused",
        ),
    ],
)
def test_the_admins_proposal_during_a_pause(
    votes: list[dict[str, Any]], expected: str, paused_after: bool
) -> None:
    archive = game([prop("fix", "The T", MON, votes), prop("x", "Ann", TUE)], paused=True)
    before, after = report(archive, SAT), report(archive, CLOSE)
    assert before.matters["fix"].outcome == "open" and before.game_state["paused"] is True
    assert after.matters["fix"].outcome == expected
    assert after.matters["x"].outcome == "invalid"
    assert after.game_state["paused"] is paused_after
    # "no turns are taken": no reserves grow in the paused week.
    assert after.state["Dee"]["propositions_in_reserve"] == 0
    assert after.state["Dee"]["votes_in_reserve"] == 0


def test_the_admin_makes_the_only_proposal_of_a_paused_week() -> None:
    archive = game([prop("one", "The T", MON), prop("two", "The T", TUE)], paused=True)
    result = report(archive, WED)
    assert result.matters["one"].outcome == "not considered"
    assert result.matters["one"].clause == clauses.ADMIN_ONLY_PROPOSAL
    assert result.matters["two"].outcome == "open"


def test_the_admin_does_not_propose_when_the_game_is_not_paused() -> None:
    result = outcome(game([prop("p", "The T", MON)]), "p", TUE)
    assert (result.outcome, result.clause) == ("invalid", clauses.ADMIN_NOT_PLAYER)


# Rule 12: experience and levels.
@pytest.mark.parametrize(
    ("level", "experience", "expected"),
    [
        pytest.param(4, 47, (5, 7), id="12.3 A level 4 player has 47 experience: 5 and 7"),
        pytest.param(1, 9, (1, 9), id="12.3 greater than or equal to 10 times: 9 is not"),
        pytest.param(1, 10, (2, 0), id="12.3 greater than or equal to 10 times: 10 is"),
        pytest.param(1, 30, (3, 0), id="12.3 at any time: repeated, 10 then 20"),
        pytest.param(1, -5, (1, -5), id="12.1 Negative values are acceptable: -5 stays"),
    ],
)
def test_level_ups(level: int, experience: int, expected: tuple[int, int]) -> None:
    assert level_ups(level, experience) == expected


@given(st.integers(-50, 50), st.integers(-1000, 100_000))
def test_level_ups_closed_form_matches_the_rule_applied_step_by_step(
    level: int, experience: int
) -> None:
    """12.3 "If at any time": applied until it no longer holds."""
    want_level, want_experience = level, experience
    while want_experience >= 10 * want_level:
        want_experience, want_level = want_experience - 10 * want_level, want_level + 1
    assert level_ups(level, experience) == (want_level, want_experience)


def test_an_accepted_proposal_pays_experience() -> None:
    """12.5: the author 10, each Yay voter 1, Abstain nothing; then 12.3."""
    members = roster(Ann={"experience": 5}, Ben={"level": 2, "experience": 19})
    archive = game(
        [prop("p", "Ann", MON, [vote("Ben", "Yay", FRI), vote("Dee", "Abstain", SAT)])],
        members=members,
    )
    before, after = report(archive, SAT), report(archive, CLOSE)
    assert before.state["Ann"]["level"] == 1 and before.state["Ann"]["experience"] == 5
    assert {n: (s["level"], s["experience"]) for n, s in after.state.items()} == {
        "Ann": (2, 5),
        "Ben": (3, 0),
        "Cy": (1, 0),
        "Dee": (1, 0),
    }


WHOLE_STATE = {
    "hit_points": 100,
    "square": 1,
    "hens": 0,
    "eggs": 0,
    "tickets": 0,
    "items": [],
    "beaten": [],
    "correct_answers": 0,
    "owns": [],
}
"""Issue 27: each player's whole state, as a player who has not yet played has it."""
WHOLE_STATE_BEFORE = (
    "money",
    "level",
    "experience",
    "votes_in_reserve",
    "propositions_in_reserve",
)


def test_state_has_every_player_and_not_the_admin() -> None:
    result = report(game([prop("p", "Ann", MON)]), TUE)
    assert sorted(result.state) == ["Ann", "Ben", "Cy", "Dee"]
    assert result.state["Ben"] == {
        "money": 10000,
        "level": 1,
        "experience": 0,
        "votes_in_reserve": 0,
        "propositions_in_reserve": 0,
        **WHOLE_STATE,
    }
    assert {k: v for k, v in result.game_state.items() if k not in ("board", "prices")} == {
        "paused": False,
        "admin": {"name": "The T", "money": 0},
    }
    # No proposal has changed a sum: the seed's own (13.1 $200, 12.7 $250 ...).
    assert (result.game_state["prices"]["Go"], result.game_state["prices"]["hit point"]) == (
        200,
        250,
    )
    assert len(result.game_state["board"]) == 20
    assert (result.profile, result.now, result.since) == ("borednomic", at(TUE), None)


# Rule 9: the scheduled events, due in (since, now].
DUE = [
    pytest.param(
        chi(2004, 3, 3, 12),
        chi(2004, 3, 4, 0, 0, 0),
        ["Rule Proposition Period ends", "Thursday update"],
        "Voting Period begins",
        id="9.2 Rule Proposition Period ends at midnight Wednesday, then the Thursday update",
    ),
    pytest.param(
        chi(2004, 3, 4, 0, 0, 0),
        chi(2004, 3, 4, 12),
        [],
        "Voting Period begins",
        id="9.1 (since, now]: what fell due at since is not due again",
    ),
    pytest.param(
        chi(2004, 3, 3, 12),
        chi(2004, 3, 3, 23, 59, 59),
        [],
        "Rule Proposition Period ends",
        id="9.2 before midnight Wednesday: nothing due at 23:59:59",
    ),
    pytest.param(
        chi(2004, 3, 4, 12),
        chi(2004, 3, 8, 0, 0, 0),
        [
            "Voting Period begins",
            "Voting Period ends",
            "Sunday update",
            "Rule Proposition Period begins",
        ],
        "Rule Proposition Period ends",
        id="9.1 updated once each Thursday and Sunday: the week's end, in order",
    ),
]


@pytest.mark.parametrize(("since", "now", "events", "next_event"), DUE)
def test_due(since: str, now: str, events: list[str], next_event: str) -> None:
    result = report(game([prop("p", "Ann", MON)]), now, since)
    assert [d["event"] for d in result.due] == events
    assert all(at(since) < d["at"] <= at(now) for d in result.due)
    assert result.next_due is not None and result.next_due["event"] == next_event
    assert result.next_due["at"] > at(now)


def test_due_across_the_march_dst_change_to_the_second() -> None:
    result = report(
        game([prop("p", "Ann", "2024-03-04T15:00:00Z")]),
        "2024-03-14T05:00:00Z",
        "2024-03-09T00:00:00Z",
    )
    assert [(format_time(d["at"]), d["event"]) for d in result.due] == [
        ("2024-03-10T06:00:00Z", "Voting Period ends"),
        ("2024-03-10T06:00:00Z", "Sunday update"),
        ("2024-03-11T05:00:00Z", "Rule Proposition Period begins"),
        ("2024-03-14T05:00:00Z", "Rule Proposition Period ends"),
        ("2024-03-14T05:00:00Z", "Thursday update"),
    ]
    assert result.next_due == {"at": at("2024-03-15T05:00:00Z"), "event": "Voting Period begins"}


def test_due_is_empty_without_since() -> None:
    assert report(game([prop("p", "Ann", MON)]), AFTER).due == []


def test_nothing_after_now_is_read() -> None:
    archive = game(
        [prop("p", "Ann", MON, [vote("Ben", "Yay", SAT)]), prop("q", "Ben", chi(2004, 3, 9))]
    )
    result = report(archive, FRI)
    assert list(result.matters) == ["p"]
    assert result.matters["p"].numbers["yay"] == 0


# check(): one line naming the file, the record and the profile, for junk.
def _junk(**change: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "nomic-archive/2",
        "profile": "borednomic",
        "settings": {"timezone": "America/Chicago"},
        "roster": roster(),
        "matters": [prop("p1", "Ann", MON, [vote("Ben", "Yay", FRI)])],
        "events": [],
    }
    data.update(change)
    return data


JUNK = [
    pytest.param(
        _junk(matters=[prop("p1", "Ann", MON, [vote("Ben", "Yea", FRI)])]),
        "matter p1 vote 0 by Ben",
        id="8.3 one of the following: Yay, Nay, or Abstain - Yea is not one",
    ),
    pytest.param(
        _junk(matters=[prop("p1", "Ann", MON, [vote("Ben", "for", FRI)])]),
        "voting icon",
        id="8.3 Yay, Nay, or Abstain - a BlogNomic icon is named as one",
    ),
    pytest.param(
        _junk(matters=[prop("p1", "Ann", MON, [{**vote("Ben", "Yay", FRI), "op": "add"}])]),
        "not reactions",
        id="9.3 Votes must be received - a reaction is not a vote sent",
    ),
    pytest.param(
        _junk(matters=[prop("p1", "Ann", MON, [vote("Ben", "Yay", "2004-02-01T00:00:00Z")])]),
        "before the proposal",
        id="8.3 When a proposal is made - a vote dated before it",
    ),
    pytest.param(
        _junk(matters=[{**prop("p1", "Ann", MON), "kind": "cfj"}]),
        "unknown matter kind",
        id="8.1 A proposal - a CfJ is no BoredNomic matter",
    ),
    pytest.param(
        _junk(matters=[{**prop("p1", "Ann", MON), "class": "urgent"}]),
        "'class'",
        id="8.1 A proposal - has no class",
    ),
    pytest.param(
        _junk(matters=[{**prop("p1", "Ann", MON), "judgement": {"at": FRI, "result": "accepted"}}]),
        "judgement",
        id="8.4 accepted by the votes - not by an admin's judgement",
    ),
    pytest.param(
        _junk(events=[{"at": FRI, "type": "admin_veto", "matter": "p9", "by": "The T"}]),
        "no such matter",
        id="8.5 veto any proposal - p9 is not in the archive",
    ),
    pytest.param(
        _junk(events=[{"at": FRI, "type": "admin_veto", "matter": "p1"}]),
        "must name the Admin",
        id="8.5 The Admin has the right to veto - a veto naming no one",
    ),
    pytest.param(
        _junk(
            events=[
                {"at": "2004-02-01T00:00:00Z", "type": "admin_veto", "matter": "p1", "by": "The T"}
            ]
        ),
        "before p1 was made",
        id="8.5 veto any proposal - dated before the proposal",
    ),
    pytest.param(
        _junk(events=[{"at": FRI, "type": "fine", "player": "Ann", "amount": 5}]),
        "unknown event type",
        id="9.4 Players may take any legal actions - a fine is no BoredNomic event",
    ),
    pytest.param(
        _junk(settings={"timezone": "Mars/Olympus"}),
        "settings.timezone",
        id="9.2 midnight Wednesday - in no IANA zone",
    ),
    pytest.param(
        _junk(settings={"early_votes": "sometimes"}),
        "settings.early_votes",
        id="9.3 Voting Period - early_votes is count or ignore",
    ),
    pytest.param(
        _junk(roster=[{"name": "Ann", "state": {"money": "lots"}}]),
        "state.money",
        id="4.1 The Disinterested Dollar - money is a whole number",
    ),
    pytest.param(
        _junk(roster=[{"name": "Ann", "state": {"level": True}}]),
        "state.level",
        id="12.1 These values must always be integers - not true",
    ),
    pytest.param(
        _junk(roster=[{"name": "Ann", "state": {"votes_in_reserve": -1}}]),
        "state.votes_in_reserve",
        id="15.6 VotesInReserve - cannot be negative",
    ),
    pytest.param(
        _junk(game_state={"paused": "yes"}),
        "game_state.paused",
        id="10.1 the game will be paused - true or false",
    ),
]


@pytest.mark.parametrize(("data", "where"), JUNK)
def test_junk_is_one_line_naming_file_record_and_profile(data: dict[str, Any], where: str) -> None:
    with pytest.raises(ProfileError) as caught:
        PROFILE.check(archive_from_dict(data, source="junk.json"))
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("junk.json: ")
    assert message.endswith("(profile borednomic)")
    assert where in message


def test_evaluate_refuses_junk_too() -> None:
    with pytest.raises(ProfileError, match="Yea"):
        PROFILE.evaluate(
            archive_from_dict(_junk(matters=[prop("p1", "Ann", MON, [vote("Ben", "Yea", FRI)])])),
            at(AFTER),
            None,
        )


def test_an_admin_marked_as_a_player_is_still_not_one() -> None:
    """3.2: a warning, and the Admin's vote is still ignored."""
    members = [*roster()[:4], {"name": "The T", "roles": ["admin"]}]
    archive = game([prop("p", "Ann", MON, [vote("The T", "Yay", FRI)])], members=members)
    warnings = PROFILE.check(archive)
    assert any("roster 4" in w and clauses.ADMIN_NOT_PLAYER in w for w in warnings)
    assert outcome(archive, "p", AFTER).outcome == "rejected"


# Junk of every shape: only ever a one-line ProfileError.
_TIMES = st.sampled_from(
    [MON, TUE, FRI, SAT, CLOSE, AFTER, "2024-03-10T06:00:00Z", "not a time", "2004-03-01", 7]
)
_NAMES = st.sampled_from(["Ann", "Ben", "Cy", "The T", "Zed", "", 3, None])
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.text(max_size=5))
_VOTES = st.fixed_dictionaries(
    {
        "voter": _NAMES,
        "value": st.sampled_from(["Yay", "Nay", "Abstain", "for", "Yea", 1]),
        "at": _TIMES,
    },
    optional={
        "op": st.sampled_from(["cast", "add", "x"]),
        "spend_votes_in_reserve": st.one_of(st.integers(-2, 5), _SCALARS),
    },
)
_MATTERS = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["p1", "p2", 3, "", None]),
        "kind": st.sampled_from(["proposal", "cfj"]),
        "author": _NAMES,
        "posted_at": _TIMES,
        "votes": st.lists(_VOTES, max_size=4),
    },
    optional={"class": _SCALARS, "deleted_at": _TIMES},
)
_EVENTS = st.fixed_dictionaries(
    {"at": _TIMES, "type": st.sampled_from(["admin_veto", "pause", "fine", 5])},
    optional={"matter": st.sampled_from(["p1", "p2", 3, None, ["p1"]]), "by": _NAMES},
)
_STATE = st.dictionaries(
    st.sampled_from(
        [
            "money",
            "level",
            "experience",
            "votes_in_reserve",
            "propositions_in_reserve",
            "hit_points",
        ]
    ),
    st.one_of(st.integers(-(10**40), 10**40), _SCALARS),
    max_size=5,
)
_MEMBERS = st.fixed_dictionaries(
    {"name": _NAMES},
    optional={
        "roles": st.sampled_from([[], ["admin"], "admin", [1]]),
        "player": _SCALARS,
        "state": st.one_of(_STATE, _SCALARS),
        "joined_at": _TIMES,
        "left_at": _TIMES,
    },
)
_ARCHIVES = st.fixed_dictionaries(
    {"format": st.sampled_from(["nomic-archive/2", "nomic-archive/2", "nomic-archive/1"])},
    optional={
        "profile": st.sampled_from(["borednomic", 5]),
        "settings": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "timezone": st.sampled_from(["America/Chicago", "UTC", "Nowhere/City", 5, ""]),
                    "early_votes": st.sampled_from(["count", "ignore", "maybe"]),
                    "repeated_votes": st.sampled_from(["last", "first", None]),
                },
            ),
            _SCALARS,
        ),
        "roster": st.one_of(st.lists(_MEMBERS, max_size=5), _SCALARS),
        "game_state": st.one_of(st.fixed_dictionaries({}, optional={"paused": _SCALARS}), _SCALARS),
        "matters": st.one_of(st.lists(_MATTERS, max_size=5), _SCALARS),
        "events": st.one_of(st.lists(_EVENTS, max_size=4), _SCALARS),
    },
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_ARCHIVES, st.sampled_from([MON, FRI, CLOSE, "2024-03-17T05:00:00Z"]))
def test_junk_archives_give_only_one_line_profile_errors(data: dict[str, Any], now: str) -> None:
    try:
        archive = archive_from_dict(data, source="junk.json")
        PROFILE.check(archive)
        result = PROFILE.evaluate(archive, at(now), at(MON))
    except ProfileError as exc:
        assert "\n" not in str(exc)
        return
    assert set(result.matters) <= {m.id for m in archive.matters}


# The shipped example.
def test_the_example_archive() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive = archive_from_dict(data, source="borednomic.json")
    assert PROFILE.check(archive) == []  # nothing static; the play's warnings come next
    result = PROFILE.evaluate(archive, at(data["now"]), at("2004-03-14T00:00:00Z"))
    # Ann's vote on p10, which the Admin sent back, is the fourth warning (8.2).
    assert len(result.warnings) == 4
    assert result.warnings[-1].startswith("matter p10 vote 0 by 'Ann': p10 was sent back")
    assert {k: o.outcome for k, o in result.matters.items()} == {
        "p1": "accepted",
        "p2": "rejected",
        "p3": "vetoed",
        "p4": "invalid",
        "p5": "late",
        "p6": "not considered",
        "p7": "accepted",
        "p8": "rejected",
        "p9": "open",
        "p10": "not considered",
        "p11": "invalid",
        # Issue 27: the Admin pauses the game; p12 gives way to the Admin's later p14 (10.2),
        # and Cy's p13, sent in the pause, is invalid (10.1).
        "p12": "not considered",
        "p13": "invalid",
        "p14": "open",
    }
    assert (result.matters["p10"].clause, result.matters["p11"].clause) == (
        clauses.SEND_BACK,
        clauses.PROPOSAL_IS,
    )
    assert {
        k: (o.numbers.get("yay"), o.numbers.get("nay"))
        for k, o in result.matters.items()
        if o.numbers
    } == {
        "p1": (2, 1),
        "p2": (1, 2),
        "p3": (1, 0),
        "p7": (2, 0),
        "p8": (2, 2),
        "p9": (1, 0),
        "p14": (0, 0),
    }
    assert result.matters["p9"].next_change == at("2004-03-21T06:00:00Z")
    assert all(o.clause in SEED for o in result.matters.values())
    # Issue 27: the example now plays two weeks of turns, so Ann has spent money, won a
    # combat (level 3) and then lost Ben's with 15 hit points left (12.4: 100 again, level
    # 3 - 2 = 1, and at once 12.3: 10 experience >= 10 x 1, level 2 with 0); her proposals
    # and votes are counted as before.
    assert {k: result.state["Ann"][k] for k in WHOLE_STATE_BEFORE} == {
        "money": 7375,
        "level": 2,
        "experience": 0,
        "votes_in_reserve": 0,
        "propositions_in_reserve": 1,
    }
    assert result.state["Cy"]["propositions_in_reserve"] == 2
    assert result.state["Dee"]["votes_in_reserve"] == 0
    assert [d["event"] for d in result.due] == [
        "Voting Period ends",
        "Sunday update",
        "Rule Proposition Period begins",
    ]
    assert result.next_due == {
        "at": at("2004-03-18T06:00:00Z"),
        "event": "Rule Proposition Period ends",
    }


# Archives of the right shape with random contents: the rules' own paths.
_OUTCOMES = {"accepted", "rejected", "vetoed", "open", "late", "not considered", "invalid"}
_START = datetime(2024, 2, 26, tzinfo=UTC)  # a Monday before the March DST change
_SPAN = 5 * 7 * 86400
_INSTANTS = st.integers(0, _SPAN).map(lambda s: format_time(_START + timedelta(seconds=s)))
_WHO = st.sampled_from(["Ann", "Ann", "Ben", "Cy", "Dee", "The T", "Zed"])
_NUMBER = st.integers(-3, 12) | st.integers(-(10**30), 10**30)


@st.composite
def _shaped(draw: st.DrawFn) -> dict[str, Any]:
    def later(start: str, most: int) -> str:
        return format_time(at(start) + timedelta(seconds=draw(st.integers(0, most))))

    state: dict[str, dict[str, Any]] = {}
    for name in ("Ann", "Ben", "Cy", "Dee"):
        values = {k: draw(_NUMBER) for k in ("level", "experience") if draw(st.booleans())}
        if draw(st.booleans()):
            values["money"] = draw(st.sampled_from([10000, 250, 1, 0, -5]))
        for k in ("votes_in_reserve", "propositions_in_reserve"):
            if draw(st.booleans()):
                values[k] = draw(st.integers(0, 6) | st.integers(0, 10**30))
        state[name] = values
    matters: list[dict[str, Any]] = []
    for i in range(draw(st.integers(0, 8))):
        posted = draw(_INSTANTS)
        votes = [
            vote(
                draw(_WHO),
                draw(st.sampled_from(["Yay", "Nay", "Abstain"])),
                later(posted, 9 * 86400),
                draw(st.integers(0, 3)),
            )
            for _ in range(draw(st.integers(0, 5)))
        ]
        matters.append(prop(f"p{i}", draw(_WHO), posted, votes))
    events: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        if matters and draw(st.integers(0, 5)) > 0:
            m = draw(st.sampled_from(matters))
            events.append(
                {
                    "at": later(m["posted_at"], 8 * 86400),
                    "type": "admin_veto",
                    "matter": m["id"],
                    "by": draw(st.sampled_from(["The T", "The T", "Ben"])),
                }
            )
        else:
            events.append({"at": draw(_INSTANTS), "type": "pause", "by": "The T"})
    return {
        "format": "nomic-archive/2",
        "profile": "borednomic",
        "settings": {
            "timezone": draw(st.sampled_from(["America/Chicago", "UTC", "America/Santiago"])),
            "early_votes": draw(st.sampled_from(["count", "ignore"])),
            "repeated_votes": draw(st.sampled_from(["last", "first"])),
        },
        "roster": roster(**state),
        "game_state": {"paused": draw(st.integers(0, 7)) == 0},
        "matters": matters,
        "events": events,
    }


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_shaped(), _INSTANTS)
def test_shaped_archives_give_verdicts_or_one_line_errors(data: dict[str, Any], now: str) -> None:
    try:
        archive = archive_from_dict(data, source="shaped.json")
        PROFILE.check(archive)
        result = PROFILE.evaluate(archive, at(now), at(now) - timedelta(days=9))
    except ProfileError as exc:
        assert "\n" not in str(exc)
        return
    for o in result.matters.values():
        assert o.outcome in _OUTCOMES and o.clause in SEED
        assert (o.next_change is not None) == (o.outcome == "open")
        if o.next_change is not None:
            assert o.next_change > at(now)
    for s in result.state.values():
        assert s["votes_in_reserve"] >= 0 and s["propositions_in_reserve"] >= 0
    assert [d["at"] for d in result.due] == sorted(d["at"] for d in result.due)
