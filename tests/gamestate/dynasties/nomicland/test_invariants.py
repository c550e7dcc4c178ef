"""Invariants over random games: whatever is applied, the Ruleset's bounds hold.

* Budget never negative, Debt never positive, LBD never beyond the last Business Day;
* a refused action leaves the state it was given equal to what it was;
* every accepted change's ``after`` is what the state shows, for the GNDT fields.
"""

from __future__ import annotations

from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.dynasties.nomicland import (
    Action,
    ActionRefused,
    ApplyInterest,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    Economy,
    ExerciseLicense,
    Field,
    NewBusinessDay,
    Payment,
    PlayerRow,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    Segment,
)
from tests.gamestate.dynasties.nomicland.game import (
    FRONT_PAGE,
    REC_ROOM_CATALOGUE,
    SUNDAY,
    act,
    economy,
)

NAMES = ["Kevan", "Ann", "Bob", "Cat"]
pays = st.sampled_from([None, Payment.BUDGET, Payment.DEBT])
actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(
        CreateZone, st.sampled_from(["Theme", "Park", "Second", "Nope"]), st.just(FRONT_PAGE)
    ),
    st.builds(
        Construct,
        st.sampled_from([*REC_ROOM_CATALOGUE.names(), "Petting Zoo"]),
        budget=st.sampled_from([None, *BudgetVersion]),
        pay=pays,
    ),
    st.just(NewBusinessDay()),
    st.builds(ProcessBusinessDay, st.one_of(st.none(), st.integers(0, 6))),
    st.builds(
        CreateLicense,
        st.sampled_from(["Frozen", "Cars", "Frozen", ""]),
        st.one_of(
            st.tuples(st.sampled_from(list(Segment)), st.sampled_from(list(Segment))),
            st.lists(st.sampled_from(list(Segment)), min_size=1, max_size=3).map(tuple),
        ),
        pay=pays,
    ),
    st.builds(
        ExerciseLicense,
        st.integers(1, 6),
        zone=st.sampled_from([None, "The Theme Zone", "The Park Zone", "The Second Zone"]),
        turnstile=st.booleans(),
    ),
    st.builds(RemoveLicense, pay=pays),
    st.builds(RepayDebt, st.integers(-10, 5000)),
    st.just(ApplyInterest()),
)
steps = st.lists(
    st.tuples(actions, st.sampled_from(NAMES), st.integers(0, 60 * 24 * 14)), max_size=40
)


def check_bounds(state: Economy) -> None:
    for player in state.players:
        assert player.budget >= 0, player
        assert player.debt <= 0, player
        assert 0 <= player.lbd <= len(state.days), player


@settings(max_examples=150)
@given(steps, st.integers(-20_000, 0), st.integers(0, 5000))
def test_bounds_hold_and_refusals_change_nothing(
    plays: list[tuple[Action, str, int]], boss_debt: int, budget: int
) -> None:
    state = economy(boss_debt=boss_debt, days=["ctAS", "cc", ""])
    state = state.with_player(PlayerRow("Ann", budget=budget))
    check_bounds(state)
    for action, actor, minutes in plays:
        now = SUNDAY + timedelta(minutes=minutes)
        before = state
        snapshot = repr(state)
        try:
            out = act(state, action, actor, now=now, catalogue=REC_ROOM_CATALOGUE)
        except ActionRefused as refused:
            assert refused.clause.words
            assert state == before and repr(state) == snapshot
            continue
        state = out.state
        check_bounds(state)
        final: dict[tuple[str, Field], object] = {}
        for change in out.changes:
            if change.field in (Field.BUDGET, Field.DEBT, Field.SMILES, Field.LBD):
                final[(change.target, change.field)] = change.after
        for (target, field), after in final.items():
            row = state.player(target)
            assert row is not None
            assert getattr(row, field.value.lower()) == after
