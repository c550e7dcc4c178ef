"""Rule "Licensing": the Fee, creating, exercising and removing an IP License; the Turnstile."""

from __future__ import annotations

import pytest

from gamestate.dynasties.nomicland import (
    ActionRefused,
    CreateLicense,
    Economy,
    ExerciseLicense,
    IPLicense,
    NewBusinessDay,
    ProcessBusinessDay,
    RemoveLicense,
    Segment,
    clauses,
)
from tests.gamestate.dynasties.nomicland.game import act, economy, row, visitors, with_row, zone

C, T, A, S = Segment.CHILD, Segment.TEEN, Segment.ADULT, Segment.SENIOR

FEES = [
    pytest.param(
        (C, S), 2000, id="Licensing: 'For each Child or Senior market segment [...] add 1000' (cS)"
    ),
    pytest.param(
        (T, A), 4000, id="Licensing: 'For each Teen or Adult market segment [...] add 2000' (tA)"
    ),
    pytest.param((A, A), 4000, id="Licensing: 'may include duplicate market segments' (AA)"),
    pytest.param((C, A), 3000, id="Licensing: cA costs 1000 + 2000"),
]


@pytest.mark.parametrize(("segments", "fee"), FEES)
def test_fee_and_creation(segments: tuple[Segment, ...], fee: int) -> None:
    state = with_row(economy(zones=[zone()]), "Ann", budget=5000)
    out = act(state, CreateLicense("Frozen", segments))
    assert IPLicense("Frozen", segments).fee == fee
    assert row(out.state, "Ann").budget == 5000 - fee
    assert out.state.zones[0].ip_license == IPLicense("Frozen", segments)


CREATE_REFUSED = [
    pytest.param(
        [zone(license="Old (cc)")],
        "Frozen",
        (C, A),
        clauses.LICENSING,
        id="Licensing: 'If a Zone an Imagineer operates has no IP License'",
    ),
    pytest.param(
        [zone(operator="Bob")],
        "Frozen",
        (C, A),
        clauses.LICENSING,
        id="Licensing: Ann operates no Zone",
    ),
    pytest.param(
        [zone()],
        "Frozen",
        (C,),
        clauses.LICENSING,
        id="Licensing: 'choosing two market segments' (one)",
    ),
    pytest.param(
        [zone()], "Frozen", (C, A, S), clauses.LICENSING, id="Licensing: 'the limit of two' (three)"
    ),
    pytest.param(
        [zone()], " ", (C, A), clauses.LICENSING, id="Licensing: 'giving it a name' (blank)"
    ),
]


@pytest.mark.parametrize(("zones", "name", "segments", "clause"), CREATE_REFUSED)
def test_create_refused(
    zones: list[object], name: str, segments: tuple[Segment, ...], clause: object
) -> None:
    state = with_row(economy(zones=zones), "Ann", budget=10_000)  # type: ignore[arg-type]
    with pytest.raises(ActionRefused) as refused:
        act(state, CreateLicense(name, segments))
    assert refused.value.clause is clause


def licensed(days: list[str] | None = None, buildings: str = "") -> Economy:
    return economy(
        zones=[zone(license="Frozen (cA)", buildings=buildings)],
        days=days if days is not None else ["", "cc", ""],
    )


def test_exercise_costs_one_plus_x_smiles() -> None:
    """Licensing: 'paying 1 + X SMILES, where X is the number of other times [...] since they
    last processed a Business Day': 1, 2, 3, then 1 again after processing."""
    state = licensed()
    smiles = []
    for _ in range(3):
        state = act(state, ExerciseLicense(3)).state
        smiles.append(row(state, "Ann").smiles)
    assert smiles == [9, 7, 4]
    assert str(state.days[2]) == "cAcAcA"
    state = act(state, ProcessBusinessDay()).state
    state = act(state, ExerciseLicense(3)).state
    assert row(state, "Ann").smiles == 3


def test_exercise_another_zones_license() -> None:
    """Licensing: 'an Imagineer may exercise an IP License' (any Zone's, named)."""
    state = act(licensed(), ExerciseLicense(1, zone="The Theme Zone"), "Bob").state
    assert str(state.days[0]) == "cA"


EXERCISE_REFUSED = [
    pytest.param(
        ["c" * 9], 1, id="Licensing: 'to any Uncrowded Business Day' (9 > 2 x 4 Visitors: Crowded)"
    ),
    pytest.param([""], 2, id="Licensing: no Business Day 2"),
]


@pytest.mark.parametrize(("days", "day"), EXERCISE_REFUSED)
def test_exercise_refused(days: list[str], day: int) -> None:
    with pytest.raises(ActionRefused) as refused:
        act(licensed(days), ExerciseLicense(day))
    assert refused.value.clause is clauses.LICENSE_EXERCISE


def test_exercise_onto_a_day_of_exactly_twice_the_imagineers() -> None:
    """8 Visitors, 4 Imagineers: Uncrowded; after adding two it is Crowded."""
    state = act(licensed(["c" * 8]), ExerciseLicense(1)).state
    assert state.days[0].visitors == visitors("c" * 8 + "cA")
    with pytest.raises(ActionRefused):
        act(state, ExerciseLicense(1))


def test_remove_and_the_bar_until_a_new_business_day() -> None:
    state = with_row(licensed(), "Ann", budget=10_000)
    state = act(state, RemoveLicense()).state
    assert row(state, "Ann").budget == 10_000 - 3000
    assert state.zones[0].ip_license is None
    with pytest.raises(ActionRefused) as refused:
        act(state, CreateLicense("Again", (C, C)))
    assert refused.value.clause is clauses.LICENSE_BARRED
    state = act(state, NewBusinessDay(), "Kevan").state
    state = act(state, CreateLicense("Again", (C, C))).state
    assert state.zones[0].ip_license == IPLicense("Again", (C, C))


def test_remove_needs_a_license() -> None:
    with pytest.raises(ActionRefused) as refused:
        act(economy(zones=[zone()]), RemoveLicense())
    assert refused.value.clause is clauses.LICENSE_REMOVE


TURNSTILE = [
    pytest.param(
        "Turnstile",
        True,
        -3000 + 2000,
        -100_000 + 2000,
        id="Turnstile: 'the first to exercise [...] move their Debt toward 0 by 2000', the Boss's",
    ),
    pytest.param(
        "Turnstile (Budget)",
        True,
        -3000 + 1000,
        -100_000 + 1000,
        id="Turnstile (Budget): 1000 each",
    ),
    pytest.param("Turnstile", False, -3000, -100_000, id="Turnstile: 'they may' (declined)"),
]


@pytest.mark.parametrize(("buildings", "use", "debt", "boss"), TURNSTILE)
def test_turnstile(buildings: str, use: bool, debt: int, boss: int) -> None:
    state = with_row(licensed(buildings=buildings), "Ann", debt=-3000)
    out = act(state, ExerciseLicense(1, turnstile=use))
    assert (row(out.state, "Ann").debt, row(out.state, "Kevan").debt) == (debt, boss)
    # Each Debt move quotes the Turnstile's own subrule.
    moves = [c for c in out.changes if "Turnstile" in c.reason]
    assert len(moves) == (2 if use else 0)
    assert all(c.clause.rule == "Turnstile" for c in moves)


def test_turnstile_only_for_the_first_exercise_of_a_day() -> None:
    state = with_row(licensed(buildings="Turnstile"), "Ann", debt=-3000)
    state = act(state, ExerciseLicense(1, zone="The Theme Zone"), "Bob").state
    out = act(state, ExerciseLicense(1))
    assert row(out.state, "Ann").debt == -3000
    again = act(act(state, ExerciseLicense(2)).state, ExerciseLicense(2))
    assert row(again.state, "Ann").debt == -1000  # first onto Day 2 once only
