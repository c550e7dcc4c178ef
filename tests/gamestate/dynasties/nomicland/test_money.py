"""Rules "Budget", "Spending" and "Breaking Even", through licence Fees and repayments."""

from __future__ import annotations

import pytest

from gamestate.dynasties.nomicland import (
    ActionRefused,
    ApplyInterest,
    CreateLicense,
    Payment,
    RepayDebt,
    Segment,
    clauses,
)
from gamestate.dynasties.nomicland.money import move_debt_toward_zero, times_one_point_one
from tests.gamestate.dynasties.nomicland.game import (
    MONDAY,
    SUNDAY,
    act,
    economy,
    row,
    with_row,
    zone,
)

CC = (Segment.CHILD, Segment.CHILD)  # Fee 2000

SPENDING = [
    # "they must either reduce their Budget by that amount, or increase their Debt"
    pytest.param(
        2000,
        0,
        -500,
        None,
        (0, 0),
        id="Spending: 'reduce their Budget' (default: Budget covers the Fee 2000 exactly)",
    ),
    pytest.param(
        1999,
        0,
        -500,
        None,
        (1999, -2000),
        id="Spending: 'or increase their Debt' (default: Budget 1999 does not cover 2000)",
    ),
    pytest.param(
        5000,
        -10,
        -500,
        Payment.DEBT,
        (5000, -2010),
        id="Spending: 'increase their Debt' chosen although Budget covers it",
    ),
    pytest.param(
        5000,
        0,
        -500,
        Payment.BUDGET,
        (3000, 0),
        id="Spending: 'reduce their Budget by that amount'",
    ),
    # "If an Imagineer's Debt exceeds that of the Boss's ... they may only spend ... Budget."
    pytest.param(
        0,
        -500,
        -500,
        Payment.DEBT,
        (0, -2500),
        id="Spending: Debt equal to the Boss's does not 'exceed' it: Debt allowed",
    ),
    pytest.param(
        0,
        -100,
        -100,
        None,
        (0, -2100),
        id="Spending: Debt -100 equal to the Boss's -100: Debt allowed",
    ),
]


@pytest.mark.parametrize(("budget", "debt", "boss_debt", "pay", "after"), SPENDING)
def test_spending(
    budget: int, debt: int, boss_debt: int, pay: Payment | None, after: tuple[int, int]
) -> None:
    state = with_row(economy(zones=[zone()], boss_debt=boss_debt), "Ann", budget=budget, debt=debt)
    out = act(state, CreateLicense("Babies", CC, pay=pay))
    ann = row(out.state, "Ann")
    assert (ann.budget, ann.debt) == after
    assert out.changes[0].clause is clauses.LICENSE_FEE
    assert "= 2000" in out.changes[0].reason


REFUSED = [
    pytest.param(
        1999,
        0,
        -500,
        Payment.BUDGET,
        clauses.SPEND,
        id="Spending: Budget 1999 cannot be reduced by 2000 (Budget is nonnegative)",
    ),
    pytest.param(
        0,
        -501,
        -500,
        Payment.DEBT,
        clauses.SPEND_OVER_BOSS,
        id="Spending: 'Debt exceeds that of the Boss's' (-501 vs -500): only Budget",
    ),
    pytest.param(
        0,
        -501,
        -500,
        None,
        clauses.SPEND_OVER_BOSS,
        id="Spending: default payment by Debt refused when Debt exceeds the Boss's",
    ),
    pytest.param(
        0,
        -1,
        0,
        None,
        clauses.SPEND_OVER_BOSS,
        id="Spending: the Boss's Debt 0, any Debt exceeds it",
    ),
]


@pytest.mark.parametrize(("budget", "debt", "boss_debt", "pay", "clause"), REFUSED)
def test_spending_refused(
    budget: int, debt: int, boss_debt: int, pay: Payment | None, clause: object
) -> None:
    state = with_row(economy(zones=[zone()], boss_debt=boss_debt), "Ann", budget=budget, debt=debt)
    with pytest.raises(ActionRefused) as refused:
        act(state, CreateLicense("Babies", CC, pay=pay))
    assert refused.value.clause is clause
    assert str(budget) in str(refused.value) or str(debt) in str(refused.value)


def test_debt_exceeding_the_boss_may_still_pay_from_budget() -> None:
    state = with_row(economy(zones=[zone()], boss_debt=-500), "Ann", budget=2000, debt=-9000)
    out = act(state, CreateLicense("Babies", CC))
    assert (row(out.state, "Ann").budget, row(out.state, "Ann").debt) == (0, -9000)


REPAY = [
    pytest.param(
        500,
        -300,
        400,
        (200, 0),
        id="Breaking Even: repaying 400 of Debt -300: Debt 0, the excess 100 back to Budget",
    ),
    pytest.param(
        500,
        -800,
        300,
        (200, -500),
        id="Spending: 'reduce their Budget by X to reduce their Debt by X'",
    ),
    pytest.param(
        500, -500, 500, (0, 0), id="Spending: repay the whole Budget and the whole Debt (boundary)"
    ),
]


@pytest.mark.parametrize(("budget", "debt", "amount", "after"), REPAY)
def test_repay(budget: int, debt: int, amount: int, after: tuple[int, int]) -> None:
    state = with_row(economy(), "Ann", budget=budget, debt=debt)
    out = act(state, RepayDebt(amount))
    assert (row(out.state, "Ann").budget, row(out.state, "Ann").debt) == after
    assert out.changes[0].clause is clauses.REPAY


def test_breaking_even_the_bosss_own_repayment_past_zero_loses_the_excess() -> None:
    """Breaking Even: "If an Imagineer would move the Boss's Debt toward 0 by a value
    greater than the current absolute value of the Boss's Debt, instead, the Boss's Debt
    is set to 0" - the Boss's own sentence, with no Budget; Ann's repayment keeps it."""
    state = with_row(economy(boss_debt=-100), "Kevan", budget=500, debt=-100)
    out = act(state, RepayDebt(500), "Kevan")
    assert (row(out.state, "Kevan").budget, row(out.state, "Kevan").debt) == (0, 0)
    ann = act(with_row(economy(), "Ann", budget=500, debt=-100), RepayDebt(500))
    assert (row(ann.state, "Ann").budget, row(ann.state, "Ann").debt) == (400, 0)


REPAY_REFUSED = [
    pytest.param(500, -800, 501, id="Spending: Budget 500 cannot be reduced by 501"),
    pytest.param(500, -300, 0, id="Spending: repaying 0 is not an amount"),
    pytest.param(500, -300, -5, id="Spending: a negative amount is refused"),
]


@pytest.mark.parametrize(("budget", "debt", "amount"), REPAY_REFUSED)
def test_repay_refused(budget: int, debt: int, amount: int) -> None:
    state = with_row(economy(), "Ann", budget=budget, debt=debt)
    with pytest.raises(ActionRefused) as refused:
        act(state, RepayDebt(amount))
    assert refused.value.clause is clauses.REPAY


BREAKING_EVEN = [
    pytest.param(
        "Ann",
        -300,
        300,
        (0, 0),
        id="Breaking Even: a movement equal to |Debt| is not 'greater': Debt 0, Budget unchanged",
    ),
    pytest.param(
        "Ann",
        -300,
        301,
        (0, 1),
        id="Breaking Even: 'Budget is increased by the amount which the movement exceeded' (1)",
    ),
    pytest.param(
        "Ann",
        0,
        250,
        (0, 250),
        id="Breaking Even: Debt already 0, the whole movement becomes Budget",
    ),
    pytest.param(
        "Kevan",
        -300,
        1000,
        (0, 0),
        id="Breaking Even: 'the Boss's Debt is set to 0' and nothing becomes Budget",
    ),
]


@pytest.mark.parametrize(("name", "debt", "amount", "after"), BREAKING_EVEN)
def test_breaking_even(name: str, debt: int, amount: int, after: tuple[int, int]) -> None:
    state = with_row(economy(), name, debt=debt)
    new, changes = move_debt_toward_zero(state, name, amount, clause=clauses.TOURISM, what="test")
    assert (row(new, name).debt, row(new, name).budget) == after
    if after[1]:
        assert changes[-1].clause is clauses.BREAKING_EVEN
    if name == "Kevan" and amount > -debt:
        assert changes[-1].clause is clauses.BREAKING_EVEN_BOSS


INTEREST = [
    pytest.param(
        -1000, -1100, id="Spending: 'multiply every Imagineer's Debt by 1.1': -1000 -> -1100"
    ),
    pytest.param(-15, -16, id="Spending: '(rounding towards zero)': -16.5 -> -16, not -17"),
    pytest.param(-9, -9, id="Spending: '(rounding towards zero)': -9.9 -> -9"),
    pytest.param(-1, -1, id="Spending: '(rounding towards zero)': -1.1 -> -1"),
    pytest.param(0, 0, id="Spending: Debt 0 stays 0"),
]


@pytest.mark.parametrize(("debt", "after"), INTEREST)
def test_interest_rounds_toward_zero(debt: int, after: int) -> None:
    assert times_one_point_one(debt) == after
    state = with_row(economy(), "Ann", debt=debt)
    out = act(state, ApplyInterest(), now=SUNDAY)
    assert row(out.state, "Ann").debt == after
    assert row(out.state, "Kevan").debt == -110_000


def test_interest_skips_idle_players() -> None:
    state = with_row(economy(idle=["Bob"]), "Bob", debt=-1000)
    out = act(state, ApplyInterest(), now=SUNDAY)
    assert row(out.state, "Bob").debt == -1000


INTEREST_REFUSED = [
    pytest.param(MONDAY, id="Spending: 'may only be performed on a Sunday' (Monday refused)"),
    pytest.param(
        SUNDAY.replace(hour=23, minute=59, second=59).replace(day=21),
        id="Spending: Saturday 23:59:59 UTC is not a Sunday",
    ),
]


@pytest.mark.parametrize("now", INTEREST_REFUSED)
def test_interest_only_on_sunday(now: object) -> None:
    from datetime import datetime

    assert isinstance(now, datetime)
    with pytest.raises(ActionRefused) as refused:
        act(economy(), ApplyInterest(), now=now)
    assert refused.value.clause is clauses.INTEREST


def test_interest_is_a_daily_communal_action() -> None:
    """Daily Communal Action: 'can only be performed by one Imagineer per day'."""
    state = act(economy(), ApplyInterest(), "Ann", now=SUNDAY.replace(hour=0)).state
    with pytest.raises(ActionRefused, match="already applied") as refused:
        act(state, ApplyInterest(), "Bob", now=SUNDAY.replace(hour=23, minute=59))
    assert refused.value.clause is clauses.INTEREST
    next_sunday = SUNDAY.replace(day=29)
    assert row(act(state, ApplyInterest(), "Bob", now=next_sunday).state, "Kevan").debt == -121_000


def test_the_roster_and_the_gndt_may_spell_a_name_in_another_case() -> None:
    """The Boss and the Idle come from the blog's roster, the rows from the GNDT: "kevan"
    is Kevan's row (Breaking Even's Boss sentence applies to him) and an Idle "ann" is
    Ann, "not counted as Imagineers"."""
    from gamestate.dynasties.nomicland import Economy, PlayerRow

    rows = [PlayerRow("Kevan", budget=500, debt=-100), PlayerRow("Ann"), PlayerRow("Bob")]
    state = Economy.from_pages(rows=rows, zones=[], days=[], boss="kevan", idle=["ann"])
    assert (state.boss, state.idle, state.imagineers) == ("Kevan", {"Ann"}, ("Kevan", "Bob"))
    out = act(state, RepayDebt(500), "Kevan")
    assert (row(out.state, "Kevan").budget, row(out.state, "Kevan").debt) == (0, 0)
