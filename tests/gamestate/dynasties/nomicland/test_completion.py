"""Rule "Project Completion", and "Spending"'s bar on declaring victory while in Debt."""

from __future__ import annotations

import pytest

from gamestate.dynasties.nomicland import clauses, dov_refusal, victory
from tests.gamestate.dynasties.nomicland.game import economy, with_row

VICTORY = [
    pytest.param(
        0,
        {"Ann": 12},
        (),
        "Ann",
        id="Project Completion: 'If the Boss's Debt is 0, the Imagineer with the most Smiles'",
    ),
    pytest.param(-1, {"Ann": 12}, (), None, id="Project Completion: the Boss's Debt -1 is not 0"),
    pytest.param(
        0,
        {"Ann": 12, "Bob": 12},
        (),
        None,
        id="Project Completion: a tie (12, 12): no one has 'the most'",
    ),
    pytest.param(
        0, {}, (), None, id="Project Completion: everyone at the default 10 Smiles: a tie"
    ),
    pytest.param(
        0,
        {"Ann": 12, "Cat": 30},
        ("Cat",),
        "Ann",
        id="Project Completion: Idle Cat (30) 'not counted as Imagineers'",
    ),
    pytest.param(
        0, {"Kevan": 11}, (), "Kevan", id="Project Completion: the Boss is an Imagineer too"
    ),
    pytest.param(
        0,
        {"Ann": -5, "Bob": -5, "Cat": -5, "Kevan": -6},
        (),
        None,
        id="Project Completion: negative Smiles, a three-way tie",
    ),
]


@pytest.mark.parametrize(("boss_debt", "smiles", "idle", "winner"), VICTORY)
def test_victory(
    boss_debt: int, smiles: dict[str, int], idle: tuple[str, ...], winner: str | None
) -> None:
    state = economy(boss_debt=boss_debt, idle=idle)
    for name, value in smiles.items():
        state = with_row(state, name, smiles=value)
    won = victory(state)
    assert (won.winner if won else None) == winner
    assert state.to_json()["victory"] == winner
    if won:
        assert won.clause is clauses.PROJECT_COMPLETION
        assert "Debt is 0" in won.reason


DOV = [
    pytest.param(
        -1,
        True,
        id="Spending: 'If an Imagineer's Debt is non-zero, [they] may not declare victory' (-1)",
    ),
    pytest.param(0, False, id="Spending: Debt 0 does not bar a Declaration of Victory"),
]


@pytest.mark.parametrize(("debt", "barred"), DOV)
def test_dov_refusal(debt: int, barred: bool) -> None:
    problem = dov_refusal(with_row(economy(), "Ann", debt=debt), "Ann")
    assert (problem is not None) is barred
    if problem:
        assert problem.clause is clauses.DOV_DEBT
        assert str(debt) in problem.message


def test_dov_by_someone_without_a_row() -> None:
    assert dov_refusal(economy(), "Zed") is None
