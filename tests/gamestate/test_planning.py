"""Rule "Planning" (Ruleset 139): Demand Posts, bids, the Builder and closing; rule
"Focus Grouping". Each table's ids quote the clause it tests, with its boundaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import pytest

from gamestate.dynasties.nomicland.models import BusinessDay, Segment
from gamestate.dynasties.nomicland.planning import (
    BidVerdict,
    Closing,
    PlanningInputs,
    demand_post_checks,
    demand_status,
    focus_grouping,
    focus_grouping_seed,
)
from gamestate.profiles.blognomic_139.models import Comment, Post
from gamestate.profiles.blognomic_139.random_generators import Seed
from tests.builders import T0, at, hms

BOSS = "Kevan"
INPUTS = PlanningInputs.from_constants(
    buildings={"Playpit", "Carousel Club"},
    boss=BOSS,
    imagineers={"Alice", "Bob", "Carol", "Dave"},
    boss_budget=3000,
    planned={"Dave"},
)


def demand(
    id: str = "demand_playpit",
    *,
    title: str = "Demand: Playpit",
    author: str = BOSS,
    when: datetime = T0,
    bids: Sequence[tuple[str, str, timedelta]] = (),
) -> Post:
    comments = tuple(
        Comment(id=f"c{i}", author=who, posted_at=when + delay, body_html=text)
        for i, (who, text, delay) in enumerate(bids, start=1)
    )
    return Post(
        id=id,
        category="Story Post",
        title=title,
        author=author,
        posted_at=when,
        comments=comments,
    )


# Demand Posts: (posts, expected {id: is_demand_post}).
DEMAND_POSTS = [
    pytest.param(
        [demand()],
        {"demand_playpit": True},
        id='"the Boss may announce Demand for a specific Building, in a post with a title '
        '"Demand: X"" - by the Boss',
    ),
    pytest.param(
        [demand(author="Alice")],
        {"demand_playpit": False},
        id='"the Boss may announce Demand" - by an Imagineer, not a Demand Post',
    ),
    pytest.param(
        [demand(title="Demand: Rollercoaster")],
        {"demand_playpit": False},
        id='"where X is the name of the Building" - not a Building of the Ruleset',
    ),
    pytest.param(
        [demand(title="demand:  carousel  club")],
        {"demand_playpit": True},
        id='"where X is the name of the Building" - case and spacing aside',
    ),
    pytest.param(
        [demand("a", when=at(1)), demand("b", when=at(12))],
        {"a": True, "b": False},
        id='Daily Action: "once each day" - a second the same UTC day, 11h later',
    ),
    pytest.param(
        [demand("a", when=at(20)), demand("b", when=at(29, 59, 59))],
        {"a": True, "b": False},
        id='Daily Action: "not more than once every ten hours" - next day, 9h59m59s later',
    ),
    pytest.param(
        [demand("a", when=at(20)), demand("b", when=at(30))],
        {"a": True, "b": True},
        id='Daily Action: "not more than once every ten hours" - next day, exactly 10h later',
    ),
    pytest.param(
        [demand("a", when=at(20)), demand("b", when=at(23)), demand("c", when=at(30))],
        {"a": True, "b": False, "c": True},
        id="Daily Action - a post beyond the limit is not a Demand Post and does not count",
    ),
]


@pytest.mark.parametrize(("posts", "expected"), DEMAND_POSTS)
def test_demand_posts(posts: list[Post], expected: dict[str, bool]) -> None:
    checks = demand_post_checks(posts, INPUTS)
    assert {c.post_id: c.is_demand_post for c in checks} == expected
    for check in checks:
        assert check.reason.startswith(("Planning:", "Daily Action:"))


def test_demand_post_check_names_the_building_and_quotes_the_clause() -> None:
    (check,) = demand_post_checks([demand("a", title="Demand: Carousel Club")], INPUTS)
    assert check.building == "Carousel Club"
    assert '"Demand: X"' in check.reason


# Bids: (bids, index of the bid judged, verdict).
M = hms(minutes=1)
BIDS = [
    pytest.param(
        [("Alice", "I bid 500", M)],
        0,
        BidVerdict.VALID,
        id='"any such comment which includes the string "I bid X" [...] is considered to be a '
        'bid of amount X"',
    ),
    pytest.param(
        [("Alice", "<p>I bid <b>500</b></p>", M)],
        0,
        BidVerdict.VALID,
        id='"includes the string "I bid X"" - read as text, tags dropped',
    ),
    pytest.param(
        [("Alice", "I bid 110", M)],
        0,
        BidVerdict.NOT_A_BID,
        id='"where X is a non-negative multiple of 25" - 110',
    ),
    pytest.param(
        [("Alice", "I bid 300, no wait, I bid 200", M)],
        0,
        BidVerdict.NOT_A_BID,
        id='"I bid X" - one comment naming two amounts is ambiguous',
    ),
    pytest.param(
        [("Erin", "I bid 500", M)],
        0,
        BidVerdict.NOT_AN_IMAGINEER,
        id='"Imagineers may bid" - Erin is not an active Imagineer',
    ),
    pytest.param(
        [("Dave", "I bid 500", M)],
        0,
        BidVerdict.HAS_PLANNED_BUILDING,
        id='"If an Imagineer has any Planned Buildings in their Zone, then they may not post bids"',
    ),
    pytest.param(
        [("Alice", "I bid 500", M), ("Alice", "I bid 425", 2 * M)],
        1,
        BidVerdict.NOT_100_LESS,
        id='"must be at least 100 less than any other bid they already made" - 75 less',
    ),
    pytest.param(
        [("Alice", "I bid 500", M), ("Alice", "I bid 400", 2 * M)],
        1,
        BidVerdict.VALID,
        id='"must be at least 100 less" - exactly 100 less',
    ),
    pytest.param(
        [("Alice", "I bid 500", M), ("Alice", "I bid 400", 2 * M), ("Alice", "I bid 375", 3 * M)],
        2,
        BidVerdict.NOT_100_LESS,
        id='"at least 100 less than any other bid" - every earlier bid, not only the first',
    ),
    pytest.param(
        [("Bob", "I bid 500", M), ("Alice", "I bid 475", 2 * M)],
        1,
        BidVerdict.VALID,
        id='"any other bid they already made" - another bidder\'s bid does not count',
    ),
    pytest.param(
        [("Alice", "I bid 1000", M)],
        0,
        BidVerdict.VALID,
        id='"If a bid exceeds one-third of the Boss\'s Budget it is ignored" - exactly one third',
    ),
    pytest.param(
        [("Alice", "I bid 1025", M)],
        0,
        BidVerdict.OVER_ONE_THIRD,
        id='"If a bid exceeds one-third of the Boss\'s Budget it is ignored" - 1025 > 3000/3',
    ),
    pytest.param(
        [("Alice", "I bid 1025", M), ("Alice", "I bid 1000", 2 * M)],
        1,
        BidVerdict.VALID,
        id='"it is ignored" - an ignored bid is not an earlier bid for the 100 rule',
    ),
]


@pytest.mark.parametrize(("bids", "index", "verdict"), BIDS)
def test_bids(bids: list[tuple[str, str, timedelta]], index: int, verdict: BidVerdict) -> None:
    status = demand_status(demand(bids=bids), INPUTS, now=at(1))
    judged = status.bids[index]
    assert judged.verdict is verdict, judged.reason
    assert judged.reason.startswith("Planning:")
    assert judged.is_valid is (verdict is BidVerdict.VALID)


def test_the_budget_is_the_boss_s_at_the_moment_of_the_bid() -> None:
    """The Boss's Budget drops from 3000 to 600 an hour after posting: a bid made
    before stays valid, a bid made after is judged against 600."""
    inputs = PlanningInputs(
        buildings=INPUTS.buildings,
        boss=BOSS,
        active_imagineers=INPUTS.active_imagineers,
        boss_budget=lambda when: 3000 if when < at(1) else 600,
        planned=INPUTS.planned,
    )
    post = demand(bids=[("Alice", "I bid 1000", hms(minutes=30)), ("Bob", "I bid 225", hms(2))])
    status = demand_status(post, inputs, now=at(3))
    assert [b.verdict for b in status.bids] == [BidVerdict.VALID, BidVerdict.OVER_ONE_THIRD]
    # The bid's own time is shown beside it; the reason says which Budget, not the time again.
    assert status.bids[1].reason.endswith(
        "225 > 600 / 3 (the Boss's Budget when the bid was made)"
    ), status.bids[1].reason


@pytest.mark.parametrize(
    ("bids", "winner", "amount"),
    [
        pytest.param(
            [("Alice", "I bid 500", M), ("Bob", "I bid 300", 2 * M), ("Carol", "I bid 400", 3 * M)],
            "Bob",
            300,
            id='"The winning bid on a Demand Post is the lowest one"',
        ),
        pytest.param(
            [("Alice", "I bid 300", M), ("Bob", "I bid 300", 2 * M)],
            "Alice",
            300,
            id='"if two such bids are tied, the winning bid is the earlier of the tied bids"',
        ),
        pytest.param(
            [("Alice", "I bid 300", M), ("Erin", "I bid 25", 2 * M), ("Bob", "I bid 1100", 3 * M)],
            "Alice",
            300,
            id='"it is ignored" - ignored bids cannot win',
        ),
    ],
)
def test_winning_bid_and_builder(
    bids: list[tuple[str, str, timedelta]], winner: str, amount: int
) -> None:
    status = demand_status(demand(bids=bids), INPUTS, now=at(1))
    assert status.winning is not None
    assert (status.builder, status.winning.amount) == (winner, amount)


# Closing: (bids, now, closing).
CLOSING = [
    pytest.param(
        [("Alice", "I bid 300", hms(1))],
        at(25) - hms(seconds=1),
        Closing.WAIT,
        id='"a winning bid which is at least 24 hours old" - 23:59:59 old',
    ),
    pytest.param(
        [("Alice", "I bid 300", hms(1))],
        at(25),
        Closing.CLOSE,
        id='"a winning bid which is at least 24 hours old" - exactly 24 hours',
    ),
    pytest.param(
        [("Alice", "I bid 300", hms(1)), ("Bob", "I bid 200", hms(20))],
        at(25),
        Closing.WAIT,
        id='"at least 24 hours old" - the winning bid, not the first bid',
    ),
    pytest.param(
        [],
        at(days=7),
        Closing.WAIT,
        id='"more than a week old and has no bids" - exactly a week',
    ),
    pytest.param(
        [],
        at(days=7, seconds=1),
        Closing.CLOSE_WITHOUT_EFFECT,
        id='"more than a week old and has no bids" - a week and a second',
    ),
    pytest.param(
        [("Erin", "I bid 300", hms(1))],
        at(days=8),
        Closing.CLOSE_WITHOUT_EFFECT,
        id='"has no bids" - an ignored bid is no bid',
    ),
    pytest.param(
        [("Alice", "I bid 300", hms(days=7, hours=1))],
        at(days=7, hours=2),
        Closing.WAIT,
        id='"has no bids" - a week old, but a bid came in',
    ),
]


@pytest.mark.parametrize(("bids", "now", "closing"), CLOSING)
def test_closing(bids: list[tuple[str, str, timedelta]], now: datetime, closing: Closing) -> None:
    status = demand_status(demand(bids=bids), INPUTS, now=now)
    assert status.closing is closing, status.reason
    assert status.reason.startswith("Planning:")


def test_closable_times() -> None:
    status = demand_status(demand(bids=[("Alice", "I bid 300", hms(1))]), INPUTS, now=at(2))
    assert status.closable_at == at(25)
    assert status.closable_without_effect_after is None
    empty = demand_status(demand(), INPUTS, now=at(2))
    assert (empty.closable_at, empty.closable_without_effect_after) == (None, at(days=7))


def test_a_closed_demand_post_is_no_longer_one() -> None:
    """ "A closed Demand Post ceases to be considered a Demand Post": a bid at or
    after the closing instant is not a bid, and the winner stays as it was."""
    bids = [
        ("Alice", "I bid 300", hms(1)),
        ("Bob", "I bid 100", hms(26)),
        ("Carol", "I bid 50", hms(27)),
    ]
    status = demand_status(demand(bids=bids), INPUTS, now=at(30), closed_at=at(26))
    assert status.closing is Closing.CLOSED and not status.is_open
    assert [b.verdict for b in status.bids] == [
        BidVerdict.VALID,
        BidVerdict.POST_CLOSED,
        BidVerdict.POST_CLOSED,
    ]
    assert status.builder == "Alice"


def test_comments_after_now_are_not_seen() -> None:
    post = demand(bids=[("Alice", "I bid 300", hms(1)), ("Bob", "I bid 100", hms(5))])
    assert demand_status(post, INPUTS, now=at(2)).builder == "Alice"
    assert demand_status(post, INPUTS, now=at(6)).builder == "Bob"


# Focus Grouping.
def _days(*queues: str) -> tuple[BusinessDay, ...]:
    return tuple(
        BusinessDay(n, tuple(Segment(ch) for ch in q)) for n, q in enumerate(queues, start=1)
    )


@pytest.mark.parametrize(
    ("queues", "imagineers", "grown"),
    [
        pytest.param(
            ("AtSScAA", "cc", ""),
            3,
            (False, True, True),
            id='Focus Grouping: "add three Visitors (of random types) to each Business Day which '
            'is not Crowded" - 7 > 2x3 is Crowded',
        ),
        pytest.param(
            ("AtSScA",),
            3,
            (True,),
            id='Visitors: "more Visitors queued than twice the number of Imagineers" - exactly '
            "twice is Uncrowded",
        ),
        pytest.param((), 3, (), id="Focus Grouping - no Business Days, nothing to add"),
    ],
)
def test_focus_grouping(queues: tuple[str, ...], imagineers: int, grown: tuple[bool, ...]) -> None:
    days = _days(*queues)
    seed = focus_grouping_seed(demand())
    after, reason = focus_grouping(days, imagineers=imagineers, seed=seed)
    assert [len(a.visitors) - len(b.visitors) for a, b in zip(after, days, strict=True)] == [
        3 if g else 0 for g in grown
    ]
    for a, b in zip(after, days, strict=True):
        assert a.visitors[: len(b.visitors)] == b.visitors  # only appended
    assert reason.startswith("Focus Grouping:")
    assert focus_grouping(days, imagineers=imagineers, seed=seed) == (after, reason)


def test_focus_grouping_draws_depend_on_the_seed_only() -> None:
    days = _days("", "c")
    draws = {
        focus_grouping(days, imagineers=3, seed=Seed(BOSS, at(h), "focus-grouping:x"))[0]
        for h in range(20)
    }
    assert len(draws) > 1  # different seeds, different Visitors
    segments = {s for queue in draws for day in queue for s in day.visitors}
    assert segments == set(Segment)  # every type can be drawn
