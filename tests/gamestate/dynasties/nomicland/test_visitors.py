"""Rule "Visitors": the queue, Crowded days, new Business Days, LBD, and processing."""

from __future__ import annotations

import pytest

from gamestate.dynasties.nomicland import (
    ActionRefused,
    BusinessDay,
    NewBusinessDay,
    ProcessBusinessDay,
    clauses,
    next_day,
)
from tests.gamestate.dynasties.nomicland.game import act, economy, row, visitors, with_row, zone

CROWDED = [
    pytest.param(
        "c" * 8, 4, False, id="Visitors: 8 Visitors, exactly twice 4 Imagineers: Uncrowded"
    ),
    pytest.param(
        "c" * 9,
        4,
        True,
        id="Visitors: 'more Visitors queued than twice the number of Imagineers': 9 > 8",
    ),
    pytest.param("", 4, False, id="Visitors: an empty Business Day is Uncrowded"),
    pytest.param(
        "c" * 7, 3, True, id="Visitors: Idle players are not counted (3 Imagineers, 7 > 6)"
    ),
]


@pytest.mark.parametrize(("letters", "imagineers", "crowded"), CROWDED)
def test_crowded(letters: str, imagineers: int, crowded: bool) -> None:
    state = economy(days=[letters], idle=["Cat"] if imagineers == 3 else [])
    assert len(state.imagineers) == imagineers
    assert state.is_crowded(BusinessDay(1, visitors(letters))) is crowded


def test_new_business_day_by_the_boss() -> None:
    out = act(economy(), NewBusinessDay(), "Kevan")
    assert [str(d) for d in out.state.days] == ["AtSScAA", "ccctcS", "", ""]
    assert out.changes[0].clause is clauses.NEW_BUSINESS_DAY


def test_first_business_day() -> None:
    """Visitors: "end one Business Day (if any exist)": with none, the first begins."""
    out = act(economy(days=[]), NewBusinessDay(), "Kevan")
    assert [d.number for d in out.state.days] == [1]


def test_only_the_boss_starts_a_business_day() -> None:
    with pytest.raises(ActionRefused) as refused:
        act(economy(), NewBusinessDay(), "Ann")
    assert refused.value.clause is clauses.NEW_BUSINESS_DAY


LBD_DEFAULT = [
    pytest.param([], 0, id="Visitors: LBD defaults to '0 if there are none'"),
    pytest.param(
        ["A", "c", ""],
        3,
        id="Visitors: LBD defaults to 'the highest-numbered existing Business Day'",
    ),
]


@pytest.mark.parametrize(("days", "lbd"), LBD_DEFAULT)
def test_lbd_default(days: list[str], lbd: int) -> None:
    state = economy(days=days).with_new_player("Dee")
    assert row(state, "Dee").lbd == lbd


ORDER = [
    pytest.param(
        0, None, 1, id="Visitors: 'have processed all previous Business Days': LBD 0 processes 1"
    ),
    pytest.param(1, 2, 2, id="Visitors: LBD 1 processes Business Day 2"),
    pytest.param(2, 3, 3, id="Visitors: the current (last) Business Day may be processed"),
]


@pytest.mark.parametrize(("lbd", "day", "processed"), ORDER)
def test_process_order(lbd: int, day: int | None, processed: int) -> None:
    state = with_row(economy(), "Ann", lbd=lbd)
    out = act(state, ProcessBusinessDay(day))
    assert row(out.state, "Ann").lbd == processed
    assert next_day(out.state, "Ann") == processed + 1


ORDER_REFUSED = [
    pytest.param(0, 2, id="Visitors: Business Day 2 before 1 is out of sequence"),
    pytest.param(1, 1, id="Visitors: 'if they have not already processed that Business Day'"),
    pytest.param(3, None, id="Visitors: Business Day 4 does not exist yet"),
    pytest.param(0, 0, id="Visitors: there is no Business Day 0"),
]


@pytest.mark.parametrize(("lbd", "day"), ORDER_REFUSED)
def test_process_order_refused(lbd: int, day: int | None) -> None:
    state = with_row(economy(), "Ann", lbd=lbd)
    with pytest.raises(ActionRefused) as refused:
        act(state, ProcessBusinessDay(day))
    assert refused.value.clause is clauses.PROCESS_ORDER
    assert f"LBD is {lbd}" in str(refused.value)


def test_five_steps_in_order_with_no_zone() -> None:
    """Business Day 1, "AtSScAA": 7 Visitors; Ann, Budget 300, Debt -1000, no Zone."""
    state = with_row(economy(), "Ann", budget=300, debt=-1000)
    out = act(state, ProcessBusinessDay())
    steps = [c.clause for c in out.changes]
    assert steps == [
        clauses.RECONCILIATION,  # the Boss's Debt -100000 + 300
        clauses.RECONCILIATION,  # Ann's Budget set to 0
        clauses.TOURISM,  # the Boss's Debt + 10 x 7
        clauses.TICKET_INCOME,  # Ann's Debt + 20 x 7
        clauses.FILE_RECORDS,
    ]
    ann, boss = row(out.state, "Ann"), row(out.state, "Kevan")
    assert (ann.budget, ann.debt, ann.lbd) == (0, -1000 + 140, 1)
    assert boss.debt == -100_000 + 300 + 70


def test_ticket_income_breaks_even_into_budget() -> None:
    """Breaking Even after Reconciliation: Debt -100 moved by 140 -> Budget 40."""
    state = with_row(economy(), "Ann", budget=0, debt=-100)
    ann = row(act(state, ProcessBusinessDay()).state, "Ann")
    assert (ann.budget, ann.debt) == (40, 0)


def test_processing_is_per_player() -> None:
    state = act(economy(), ProcessBusinessDay(), "Ann").state
    state = act(state, ProcessBusinessDay(), "Bob").state
    assert (row(state, "Ann").lbd, row(state, "Bob").lbd, row(state, "Cat").lbd) == (1, 1, 0)


def test_wages_beyond_income_move_debt_away() -> None:
    """Ticket Income: "If the total being moved would be negative, the Debt is moved negatively
    away from zero by that amount instead." A Rec Room's 25 Wages per Visitor on a day of 7
    Visitors (+20 x 7 = 140 Ticket Income): two Rec Rooms give 350 Wages: -210."""
    from tests.gamestate.dynasties.nomicland.game import REC_ROOM_CATALOGUE

    rooms = "Costumed Character Rec Room, Costumed Character Rec Room"
    state = economy(zones=[zone(buildings=rooms)])
    out = act(state, ProcessBusinessDay(), catalogue=REC_ROOM_CATALOGUE)
    assert row(out.state, "Ann").debt == -210
    assert row(out.state, "Ann").smiles == 10 + 14
