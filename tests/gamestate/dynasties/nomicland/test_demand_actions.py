"""Rule "Planning" (closing a Demand Post, unplanning) and rule "Focus Grouping" as actions."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from gamestate.dynasties.nomicland import (
    CLOSE_DEMAND,
    CLOSE_DEMAND_WITHOUT_EFFECT,
    DEMAND_CLOSED,
    FOCUS_GROUPING_CLAUSE,
    UNPLAN,
    ActionRefused,
    CloseDemandPost,
    Economy,
    Field,
    FocusGroup,
    RuleClause,
    UnplanBuilding,
    action_from_json,
    action_to_json,
)
from gamestate.dynasties.nomicland.planning import focus_grouping
from tests.gamestate.dynasties.nomicland.game import MONDAY, act, economy, row, with_row, zone

POSTED = MONDAY - timedelta(days=2)
BID_AT = MONDAY - timedelta(hours=24)


def park(*, boss_budget: int = 900) -> Economy:
    state = economy(zones=[zone(operator="Ann", buildings="Playpit")])
    return with_row(state, "Kevan", budget=boss_budget)


def close(**changes: object) -> CloseDemandPost:
    base = CloseDemandPost(
        "demand_gift_shop", "Gift Shop", POSTED, builder="Ann", amount=300, winning_at=BID_AT
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_close_moves_the_bid_and_plans_the_building() -> None:
    out = act(park(), close(), "Bob")
    assert row(out.state, "Ann").budget == 300
    assert row(out.state, "Kevan").budget == 600
    theme = out.state.zone("The Theme Zone")
    assert theme is not None and theme.planned == ("Gift Shop",)
    assert out.state.books.closed_demands == ("demand_gift_shop",)
    assert [c.field for c in out.changes] == [Field.BUDGET, Field.BUDGET, Field.PLANNED]
    assert all(c.clause is CLOSE_DEMAND for c in out.changes)


CLOSE_TIMES = [
    pytest.param(
        timedelta(hours=24),
        True,
        id="Planning: 'a winning bid which is at least 24 hours old' (24h)",
    ),
    pytest.param(
        timedelta(hours=24) - timedelta(seconds=1),
        False,
        id="Planning: 'at least 24 hours old' (23:59:59 is refused)",
    ),
]


@pytest.mark.parametrize(("age", "allowed"), CLOSE_TIMES)
def test_close_needs_a_24_hour_old_winning_bid(age: timedelta, allowed: bool) -> None:
    action = close(winning_at=MONDAY - age)
    if allowed:
        assert act(park(), action, "Bob").state.books.closed_demands == ("demand_gift_shop",)
    else:
        with pytest.raises(ActionRefused) as refused:
            act(park(), action, "Bob")
        assert refused.value.clause is CLOSE_DEMAND
        assert "not 24 hours" in str(refused.value)


REFUSED = [
    pytest.param(
        park(), close(), "Kevan", DEMAND_CLOSED, True,
        id="Planning: 'A closed Demand Post ceases to be considered a Demand Post' (second close)",
    ),
    pytest.param(
        park(boss_budget=299), close(), "Bob", CLOSE_DEMAND, False,
        id="Budget: 'a nonnegative integer' (the Boss's 299 cannot pay 300)",
    ),
    pytest.param(
        park(), close(builder="Zed"), "Bob", CLOSE_DEMAND, False,
        id="Planning: 'increasing the Builder's Budget' (a Builder with no GNDT row)",
    ),
    pytest.param(
        park(), close(builder=None, amount=0, winning_at=None), "Bob",
        CLOSE_DEMAND_WITHOUT_EFFECT, False,
        id="Planning: 'more than a week old and has no bids' (two days old)",
    ),
    pytest.param(
        park(), close(builder=None, winning_at=None, posted_at=MONDAY - timedelta(days=7)),
        "Bob", CLOSE_DEMAND_WITHOUT_EFFECT, False,
        id="Planning: 'more than a week old' (exactly a week is refused)",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("state", "action", "actor", "clause", "closed_first"), REFUSED)
def test_close_refused(
    state: Economy, action: CloseDemandPost, actor: str, clause: RuleClause, closed_first: bool
) -> None:
    if closed_first:
        state = act(state, action, "Bob").state
    with pytest.raises(ActionRefused) as refused:
        act(state, action, actor)
    assert refused.value.clause is clause


def test_close_without_effect_after_a_week() -> None:
    action = close(builder=None, winning_at=None, posted_at=MONDAY - timedelta(days=7, seconds=1))
    out = act(park(), action, "Bob")
    assert out.state.players == park().players
    assert out.state.zones == park().zones
    assert out.changes[0].clause is CLOSE_DEMAND_WITHOUT_EFFECT
    assert out.state.books.closed_demands == ("demand_gift_shop",)


def test_a_builder_with_no_zone_is_paid_and_nothing_is_planned() -> None:
    out = act(park(), close(builder="Bob"), "Ann")
    assert row(out.state, "Bob").budget == 300
    assert all(not z.planned for z in out.state.zones)
    assert out.changes[-1].field is Field.NOTE


def test_the_boss_as_builder_pays_themself() -> None:
    state = park()
    state = state.with_zone(zone(name="The Park Zone", operator="Kevan"))
    out = act(state, close(builder="Kevan"), "Ann")
    assert row(out.state, "Kevan").budget == 900
    planned = out.state.zone("The Park Zone")
    assert planned is not None and planned.planned == ("Gift Shop",)


UNPLANS = [
    pytest.param(
        "Playpit", "Playpit", None,
        id="Planning: 'the corresponding Building exists in that Zone': removed",
    ),
    pytest.param(
        "Gift Shop", "Gift Shop", UNPLAN,
        id="Planning: 'and the corresponding Building exists' (Gift Shop does not): refused",
    ),
    pytest.param(
        "Playpit", "Cafe", UNPLAN,
        id="Planning: 'If a Zone has a Planned Building' (Cafe is not Planned): refused",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("planned", "building", "clause"), UNPLANS)
def test_unplan(planned: str, building: str, clause: RuleClause | None) -> None:
    state = economy(zones=[replace(zone(buildings="Playpit"), planned=(planned,))])
    action = UnplanBuilding("the theme zone", building)
    if clause is None:
        out = act(state, action, "Cat")
        found = out.state.zone("The Theme Zone")
        assert found is not None and found.planned == ()
        assert out.changes[0].clause is UNPLAN
    else:
        with pytest.raises(ActionRefused) as refused:
            act(state, action, "Cat")
        assert refused.value.clause is clause


def test_unplan_unknown_zone() -> None:
    with pytest.raises(ActionRefused, match="no Zone named"):
        act(economy(), UnplanBuilding("The Moon Zone", "Playpit"), "Cat")


# Focus Grouping: 4 Imagineers (Kevan, Ann, Bob, Cat): Crowded above 8 Visitors.

FOCUS = [
    pytest.param(
        ("AtSScAA", "ccctcS", ""), (True, True, True),
        id="Focus Grouping: 'to each Business Day which is not Crowded' (all three)",
    ),
    pytest.param(
        ("AAAAAAAA", "AAAAAAAAA"), (True, False),
        id="Visitors: exactly twice the Imagineers (8) is not Crowded; 9 is",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("days", "grows"), FOCUS)
def test_focus_grouping(days: tuple[str, ...], grows: tuple[bool, ...]) -> None:
    state = economy(days=days)
    action = FocusGroup("demand_gift_shop", POSTED)
    out = act(state, action, "Kevan")
    for before, after, grown in zip(state.days, out.state.days, grows, strict=True):
        assert len(after.visitors) == len(before.visitors) + (3 if grown else 0)
        assert after.visitors[: len(before.visitors)] == before.visitors
    assert all(c.clause is FOCUS_GROUPING_CLAUSE for c in out.changes)
    # The same seed draws the same Visitors: what the pure rule gives, and a replay.
    expected, _ = focus_grouping(state.days, imagineers=4, seed=action.seed("Kevan"))
    assert out.state.days == expected
    assert act(state, action, "Kevan").state.days == out.state.days


def test_focus_grouping_is_the_boss_s() -> None:
    with pytest.raises(ActionRefused) as refused:
        act(economy(), FocusGroup("demand_gift_shop", POSTED), "Ann")
    assert refused.value.clause is FOCUS_GROUPING_CLAUSE


def test_focus_grouping_is_once_per_demand_post() -> None:
    """Planning: "Upon posting a Demand Post, the Boss must add three Visitors ..." - one
    post, one Focus Grouping; another post has its own."""
    state = economy(days=("", "", "", ""))
    once = act(state, FocusGroup("demand_a", POSTED), "Kevan").state
    with pytest.raises(ActionRefused) as refused:
        act(once, FocusGroup("demand_a", POSTED), "Kevan")
    assert refused.value.clause is FOCUS_GROUPING_CLAUSE
    assert str(refused.value) == "the Focus Grouping of Demand Post demand_a was done already"
    assert act(once, FocusGroup("demand_b", POSTED), "Kevan").state.days != once.days


def test_focus_grouping_a_different_post_draws_differently() -> None:
    state = economy(days=("", "", "", ""))
    a = act(state, FocusGroup("demand_a", POSTED), "Kevan").state.days
    b = act(state, FocusGroup("demand_b", POSTED), "Kevan").state.days
    assert a != b


@pytest.mark.parametrize(
    "action",
    [close(), close(builder=None, winning_at=None), UnplanBuilding("Z", "Playpit"),
     FocusGroup("p", POSTED)],
    ids=lambda a: type(a).__name__,
)  # fmt: skip
def test_json_round_trip(action: CloseDemandPost | UnplanBuilding | FocusGroup) -> None:
    assert action_from_json(action_to_json(action)) == action
