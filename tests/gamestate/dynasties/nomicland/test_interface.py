"""The seam other code relies on: page models in and out, ``state --json``, the ledger's JSON."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

import gamestate.dynasties.nomicland as nomicland
from gamestate.dynasties.nomicland import (
    Action,
    ApplyInterest,
    Bookkeeping,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    Economy,
    ExerciseLicense,
    NewBusinessDay,
    Payment,
    PlayerRow,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    Segment,
    action_from_json,
    action_to_json,
)
from tests.gamestate.dynasties.nomicland.game import (
    FRONT_PAGE,
    MONDAY,
    SUNDAY,
    act,
    economy,
    with_row,
    zone,
)


def test_every_public_name_is_exported() -> None:
    for name in nomicland.__all__:
        assert hasattr(nomicland, name), name


def test_state_json_shape() -> None:
    state = economy(zones=[zone(buildings="Playpit, Gift Shop (Budget)", license="Frozen (cA)")])
    data = json.loads(json.dumps(state.to_json()))
    assert data == {
        "players": {
            "Kevan": {"budget": 0, "debt": -100000, "smiles": 10, "lbd": 0},
            "Ann": {"budget": 0, "debt": 0, "smiles": 10, "lbd": 0},
            "Bob": {"budget": 0, "debt": 0, "smiles": 10, "lbd": 0},
            "Cat": {"budget": 0, "debt": 0, "smiles": 10, "lbd": 0},
        },
        "zones": [
            {
                "name": "The Theme Zone",
                "operator": "Ann",
                "buildings": [
                    {"name": "Playpit", "budget": False},
                    {"name": "Gift Shop", "budget": True},
                ],
                "planned": [],
                "license": {"name": "Frozen", "segments": "cA"},
            }
        ],
        "visitors": ["AtSScAA", "ccctcS", ""],
        "boss": "Kevan",
        "victory": None,
    }


def test_pages_round_trip() -> None:
    state = economy(zones=[zone(buildings="Playpit")])
    rows, zones, days = state.to_pages()
    again = Economy.from_pages(rows=rows, zones=zones, days=days, boss=state.boss)
    assert again == state


ACTIONS: list[Action] = [
    CreateZone("Theme", FRONT_PAGE),
    Construct("Playpit"),
    Construct("Lagoon", budget=BudgetVersion.S, pay=Payment.DEBT, zone="The Theme Zone"),
    NewBusinessDay(),
    ProcessBusinessDay(),
    ProcessBusinessDay(3),
    CreateLicense("Frozen", (Segment.CHILD, Segment.ADULT), pay=Payment.BUDGET),
    ExerciseLicense(2, zone="The Theme Zone", turnstile=False),
    RemoveLicense(),
    RepayDebt(250),
    ApplyInterest(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_action_json_round_trip(action: Action) -> None:
    data = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(data) == action


@pytest.mark.parametrize(
    "data",
    [{"action": "fly"}, {"action": "build", "building": "Playpit", "colour": "red"}, {}],
    ids=["unknown action", "unknown field", "no action"],
)
def test_bad_action_json(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        action_from_json(data)


def test_bookkeeping_json_round_trip() -> None:
    state = economy(zones=[zone(license="Frozen (cA)")], boss_debt=-(10**6))
    state = with_row(state, "Ann", budget=10_000)
    steps: list[tuple[Action, str, datetime]] = [
        (Construct("Playpit"), "Ann", MONDAY),
        (ExerciseLicense(1), "Ann", MONDAY),
        (ProcessBusinessDay(), "Bob", MONDAY),
        (RemoveLicense(), "Ann", MONDAY),
        (ApplyInterest(), "Cat", SUNDAY),
    ]
    for action, actor, now in steps:
        state = act(state, action, actor, now=now).state
    books = state.books
    assert books.built_on and books.exercises and books.processed and books.interest_days
    assert books.license_barred == {"Ann"}
    assert Bookkeeping.from_json(json.loads(json.dumps(books.to_json()))) == books


def test_change_json() -> None:
    out = act(economy(), ProcessBusinessDay())
    data = [json.loads(json.dumps(c.to_json())) for c in out.changes]
    assert data[-1]["field"] == "LBD" and data[-1]["after"] == 1
    assert data[-1]["rule"] == "Visitors"


def test_unknown_actor_refused() -> None:
    from gamestate.dynasties.nomicland import ActionRefused

    with pytest.raises(ActionRefused, match="no row in the GNDT") as refused:
        act(economy(), RepayDebt(1), "Zed")
    # Rule "Imagineers": added "to the roster in the sidebar and the GNDT, at which moment
    # they become an Imagineer" - not rule "Idle Imagineers".
    assert refused.value.clause.rule == "Imagineers"
    assert "at which moment they become an Imagineer" in refused.value.clause.words
    assert economy().with_new_player("Zed").player("Zed") == PlayerRow("Zed", lbd=3)
